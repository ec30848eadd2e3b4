"""Hand sizes that change from deal to deal (Oh Hell, Boerenbridge)."""

from __future__ import annotations

import itertools
from collections.abc import Sequence


def expand_schedule(turns: Sequence[int | str], most: int) -> tuple[int, ...]:
    """The hand size of every deal, from the schedule's turning points.

    ``most`` replaces ``"max"``. Each leg runs one card at a time from one
    turning point to the next, the shared point dealt once; a point written
    twice in a row is dealt twice:

    >>> expand_schedule([1, "max", 1], 3)
    (1, 2, 3, 2, 1)
    >>> expand_schedule([3, 1, 1, 2], 9)
    (3, 2, 1, 1, 2)
    """
    points = [most if t == "max" else int(t) for t in turns]
    sizes = [points[0]]
    for a, b in itertools.pairwise(points):
        if a == b:
            sizes.append(b)
            continue
        step = 1 if b > a else -1
        sizes.extend(range(a + step, b + step, step))
    return tuple(sizes)
