"""Values made once per version and kept, without a herd: who asks while one is made waits for it.

The club's standings and rendered pages are made from an evening's results; the results only grow
(nothing is deleted or changed in place), so an evening's version (:meth:`club.store.Store.version`)
says whether a value is recent enough: one made at a version that covers the asked one, part by part.
While a value is being made, whoever else asks for it waits for that one instead of making it again,
so a hundred open boards cost one computation per version, not a hundred; or, where a value one
computation old will do (``wait=False``: a board on the wall while results pour in), takes the
newest made at once, and the next value is made ``pause`` seconds after this one is done, for the
newest version asked meanwhile: under load a value is always on its way, nobody waits for it, and the
work is at most one value every ``pause`` seconds, whatever the number of readers and writes. Who asks
when nothing is on its way always gets a value that covers the asked version, so a page opened after
a result was stored shows it.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from typing import Generic, TypeVar

from .store import Version

__all__ = ["Latest", "covers"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


def covers(made: Version, asked: Version) -> bool:
    """Whether a value made at ``made`` holds everything up to ``asked`` (each part at least as new)."""
    return all(m >= a for m, a in zip(made, asked, strict=True))


class Latest(Generic[K, V]):
    """The newest value per key, at most ``size`` keys (the least recently used go first)."""

    def __init__(self, size: int, pause: float = 0.5) -> None:
        self.size = size
        self.pause = pause
        self.values: OrderedDict[K, tuple[Version, V]] = OrderedDict()
        self.making: dict[K, asyncio.Future[tuple[Version, V] | None]] = {}
        # asked for while a value was being made, by someone who did not wait: made next
        self.wanted: dict[K, tuple[Version, Callable[[], Awaitable[tuple[Version, V] | None]]]] = {}

    async def get(
        self, key: K, asked: Version, make: Callable[[], Awaitable[tuple[Version, V] | None]], wait: bool = True
    ) -> tuple[Version, V] | None:
        """A value of ``key`` at least as new as ``asked``: kept, being made, or made now (None: there is none).

        With ``wait=False``, while a newer value is being made, the newest kept one at once.
        """
        while True:
            kept = self.values.get(key)
            if kept is not None and covers(kept[0], asked):
                self.values.move_to_end(key)
                return kept
            task = self.making.get(key)
            if task is not None and kept is not None and not wait:
                wanted = self.wanted.get(key)
                if wanted is None or not covers(wanted[0], asked):
                    self.wanted[key] = (asked, make)
                return kept
            if task is None:
                task = self._start(key, make)
            made = await asyncio.shield(task)
            if made is None or covers(made[0], asked):
                return made

    def _start(
        self, key: K, make: Callable[[], Awaitable[tuple[Version, V] | None]], after: float = 0.0
    ) -> asyncio.Future[tuple[Version, V] | None]:
        task = self.making[key] = asyncio.ensure_future(self._make(key, make, after))
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Future[tuple[Version, V] | None]) -> None:
        if not task.cancelled():
            task.exception()  # read, so a failure no one waited for is not reported as lost (the next ask tries again)

    async def _make(
        self, key: K, make: Callable[[], Awaitable[tuple[Version, V] | None]], after: float
    ) -> tuple[Version, V] | None:
        made: tuple[Version, V] | None = None
        try:
            if after:
                await asyncio.sleep(after)
            made = await make()
            if made is not None:
                kept = self.values.get(key)
                if kept is None or covers(made[0], kept[0]):
                    self.values[key] = made
                    self.values.move_to_end(key)
                    while len(self.values) > self.size:
                        self.values.popitem(last=False)
            return made
        finally:
            self.making.pop(key, None)
            wanted = self.wanted.pop(key, None)
            if wanted is not None and made is not None and not covers(made[0], wanted[0]):
                self._start(key, wanted[1], self.pause)
