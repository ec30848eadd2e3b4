"""Live boards: every open board of an evening learns when a result, a change or a round arrives.

One watcher task per evening with open boards asks the store for the
evening's version (:meth:`club.store.Store.version`: the newest result,
change and round) once every ``every`` seconds, and at once when this process
stores something for the evening (:meth:`Live.touch`). Each board waiting on
the watcher wakes when the version moves; a board that opens is told the
current version first. Writes by another process on the same database are
seen within ``every`` seconds. On a busy evening the boards hear at most once
every ``gap`` seconds, of the newest state. The watcher ends with the last board.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable

from sqlalchemy.exc import SQLAlchemyError

from .store import Version

__all__ = ["Live", "Subscription"]

log = logging.getLogger("club.live")


class _Watcher:
    def __init__(self, evening_id: int) -> None:
        self.evening_id = evening_id
        self.version: Version | None = None
        self.kick = asyncio.Event()
        self.subscribers: set[Subscription] = set()
        self.task: asyncio.Task[None] | None = None
        self.told = float("-inf")  # when the boards last heard of a new version (the loop's clock)


class Subscription:
    """One open board's place at its evening's watcher."""

    def __init__(self, watcher: _Watcher) -> None:
        self._watcher = watcher
        self._changed = asyncio.Event()
        if watcher.version is not None:
            self._changed.set()  # a board that opens hears the current version first

    def notify(self) -> None:
        self._changed.set()

    async def next(self, timeout: float) -> Version | None:
        """The evening's version once it is new to this board; None when ``timeout`` seconds pass without."""
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except TimeoutError:
            return None
        self._changed.clear()
        return self._watcher.version


class Live:
    """The watchers of the evenings whose boards are open, around the store's version query."""

    def __init__(self, version: Callable[[int], Awaitable[Version]], every: float = 1.0, gap: float = 1.0) -> None:
        self._version = version
        self._every = every
        self._gap = gap
        self._watchers: dict[int, _Watcher] = {}

    @property
    def boards(self) -> int:
        """How many boards are open, over every evening."""
        return sum(len(w.subscribers) for w in self._watchers.values())

    def touch(self, evening_id: int) -> None:
        """Something of the evening was stored in this process: its watcher looks at once."""
        watcher = self._watchers.get(evening_id)
        if watcher is not None:
            watcher.kick.set()

    @contextlib.asynccontextmanager
    async def watch(self, evening_id: int) -> AsyncIterator[Subscription]:
        watcher = self._watchers.get(evening_id)
        if watcher is None:
            watcher = self._watchers[evening_id] = _Watcher(evening_id)
            watcher.task = asyncio.create_task(self._run(watcher), name=f"club-live-{evening_id}")
        subscription = Subscription(watcher)
        watcher.subscribers.add(subscription)
        try:
            yield subscription
        finally:
            watcher.subscribers.discard(subscription)
            if not watcher.subscribers and self._watchers.get(evening_id) is watcher:
                del self._watchers[evening_id]
                if watcher.task is not None:
                    watcher.task.cancel()

    async def _run(self, watcher: _Watcher) -> None:
        while True:
            watcher.kick.clear()
            try:
                version = await self._version(watcher.evening_id)
            except (SQLAlchemyError, OSError) as exc:  # the database is away for a moment: ask again
                log.warning("live board of evening %s: %s", watcher.evening_id, str(exc).splitlines()[0])
            else:
                if version != watcher.version:
                    watcher.version = version
                    watcher.told = asyncio.get_running_loop().time()
                    for subscription in watcher.subscribers:
                        subscription.notify()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(watcher.kick.wait(), self._every)
            rest = watcher.told + self._gap - asyncio.get_running_loop().time()
            if rest > 0:  # results pour in: the boards hear of the newest after a moment, not of each
                await asyncio.sleep(rest)
