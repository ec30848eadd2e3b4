"""Bags: overtricks counted from deal to deal, every so many of them costing points (Spades).

A side that makes its bid with tricks to spare takes overtricks, or bags. The
settings (``scoring.bags``):

- ``every`` and ``points``: each time a side's count reaches ``every``, it
  scores ``points`` (usually negative: Spades' 10 bags cost 100) and the count
  goes on from what is left over;
- ``from_score``: the count carried into a deal is not kept apart but read from
  the last digit of the side's score, with its sign (as some score sheets and
  OpenSpiel keep it); it needs ``every: 10``.

A bid missed takes no overtricks. Where a nil bidder's tricks count as bags
(``scoring.nil.tricks: bags``), they are overtricks of the partner's bid once
it is made. The bid's own points for an overtrick (``per_overtrick``) are the
contract's, not the bags'.

Why a module of its own and not one with the book (:mod:`referee.mechanisms.book`):
the two are different rules that no game uses together. Bags score overtricks
of a *bid*, carried across deals; the book scores tricks beyond a fixed number
in games without bids (Whist), deal by deal, with nothing carried.

The engine scores bags through :class:`Bags`, an
:class:`~referee.scoring.Overtricks` the ruleset's compile step puts on its
bid scoring (:func:`overtricks`): :mod:`referee.scoring` sits below this
package's imports, so it asks the component and never imports this module.
Its two methods are int arithmetic, called once per side and deal: no list,
no object made. The pages, the kiosk and quick score ask :func:`of` for the
settings, :func:`carried_points` for what a count reaches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..scoring import NO_OVERTRICKS, Overtricks

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "bags"
PATH: Final = ("scoring", "bags")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "required": ["every", "points"],
    "description": (
        "Overtricks (tricks taken beyond a made bid) are counted from deal to deal; each time the count reaches "
        "`every`, the side scores `points` and the count starts again from the remainder."
    ),
    "properties": {
        "every": {"type": "integer", "minimum": 1, "description": "How many overtricks cost `points`."},
        "points": {"type": "integer", "description": "The points scored (usually negative) each time."},
        "from_score": {
            "type": ["boolean", "null"],
            "default": False,
            "description": (
                "Read the overtricks carried into a deal from the last digit of the side's score (with the score's "
                "sign) instead of counting them apart, as some score sheets and OpenSpiel do. Needs `every: 10`."
            ),
        },
    },
}


@dataclass(frozen=True)
class BagSettings:
    """The ``scoring.bags`` settings (``every`` 0: overtricks are not counted)."""

    every: int = 0
    points: int = 0
    from_score: bool = False


def read(data: dict[str, Any]) -> BagSettings:
    if "every" not in data:  # no bags block (its from_score default alone): overtricks are not counted
        return BagSettings()
    return BagSettings(every=int(data["every"]), points=int(data["points"]), from_score=bool(data.get("from_score")))


def active(settings: BagSettings) -> bool:
    return settings.every > 0


def of(rules: Ruleset) -> BagSettings:
    """The bags of a compiled ruleset."""
    return cast(BagSettings, rules.mechanisms[NAME])


def counts(rules: Ruleset) -> bool:
    """Whether the ruleset counts bags from deal to deal."""
    return active(of(rules))


def check(settings: BagSettings, rules: Ruleset, bad: Bad) -> None:
    written = rules.doc.data.get("scoring") or {}
    if rules.bid_scoring is None and "bags" in written:
        bad(PATH, "scoring.bags scores bids: it needs a bidding round of kind tricks or contract")
    if settings.from_score and settings.every != 10:
        bad((*PATH, "from_score"), "overtricks read from the score's last digit need bags.every: 10")


def last_digit(score: int) -> int:
    """The last digit of ``score`` with its sign, as C's ``%`` gives it: -45 -> -5."""
    return score % 10 if score >= 0 else -(-score % 10)


class Bags(Overtricks):
    """The bags on a compiled bid scoring: what the engine asks once per side and deal."""

    def __init__(self, settings: BagSettings) -> None:
        super().__init__()
        self.every = settings.every
        self.points = settings.points
        self.from_score = settings.from_score

    def count(self, carried: int) -> int:
        return last_digit(carried) if self.from_score else carried

    def add(self, bags: int, over: int) -> tuple[int, int]:
        every = self.every
        bags += over
        if self.from_score:  # C's integer division, as the score sheet counts
            times = int(bags / every)
            return self.points * times, bags - every * times
        points = 0
        while bags >= every:
            bags -= every
            points += self.points
        return points, bags


def overtricks(settings: BagSettings) -> Overtricks:
    """What a ruleset's bid scoring does with overtricks: count them as bags, or nothing."""
    return Bags(settings) if active(settings) else NO_OVERTRICKS


def carried_points(rules: Ruleset, carried: int, over: int) -> tuple[int, int]:
    """``(points, count left)`` when a side that carried ``carried`` bags takes ``over`` overtricks more."""
    return overtricks(of(rules)).add(carried, over)
