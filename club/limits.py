"""How often one client address may do a thing: wrong passwords, wrong table codes, refusals logged.

A :class:`Window` remembers, per address, when the thing happened within the last ``seconds`` (at most
``most`` times an address, at most ``addresses`` addresses: the least recently seen are forgotten first),
so neither a flood of requests nor a flood of addresses makes it grow without bound.
"""

from __future__ import annotations

import time
from collections import OrderedDict, deque
from collections.abc import Callable

__all__ = ["Quota", "Window"]


class Window:
    """Times of an event per address within a sliding window of ``seconds``."""

    def __init__(
        self, most: int, seconds: float, addresses: int = 4096, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.most = most
        self.seconds = seconds
        self.addresses = addresses
        self.clock = clock
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()

    def _times(self, address: str) -> deque[float]:
        times = self._seen.get(address)
        if times is None:
            times = self._seen[address] = deque(maxlen=self.most)
            while len(self._seen) > self.addresses:
                self._seen.popitem(last=False)
        self._seen.move_to_end(address)
        cutoff = self.clock() - self.seconds
        while times and times[0] < cutoff:
            times.popleft()
        return times

    def full(self, address: str) -> bool:
        """Whether the address has done it ``most`` times within the window."""
        return len(self._times(address)) >= self.most

    def add(self, address: str) -> bool:
        """Count one more; True if the address was below the limit before it (the event may go on)."""
        times = self._times(address)
        below = len(times) < self.most
        if below:
            times.append(self.clock())
        return below

    def clear(self, address: str) -> None:
        self._seen.pop(address, None)


class Quota:
    """At most ``most`` a window per address; what goes over is counted, so the next that may go on can say
    how many did not (a log that stays bounded, and says what it left out)."""

    def __init__(
        self, most: int, seconds: float, addresses: int = 4096, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.window = Window(most, seconds, addresses, clock)
        self.addresses = addresses
        self.over: OrderedDict[str, int] = OrderedDict()

    def take(self, address: str) -> tuple[bool, int]:
        """(whether this one may go on, how many of the address went over before it, or with it if it may not)."""
        if self.window.add(address):
            return True, self.over.pop(address, 0)
        self.over[address] = self.over.get(address, 0) + 1
        self.over.move_to_end(address)
        while len(self.over) > self.addresses:
            self.over.popitem(last=False)
        return False, self.over[address]
