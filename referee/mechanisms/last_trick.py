"""The last trick's bonus: its winner scores points besides the cards in it.

Klaverjassen gives the last trick 10 ("de laatste slag telt 10"), so a deal is
worth 152 + 10 = 162; Belote its "dix de der"; Tressette one point
("l'ultima presa vale un punto"). ``scoring.last_trick.points`` says how many.
The bonus counts like the points of the cards: partners who score together
share it, and a deal's total grows by it (the pages, the statistics and
quick-score entry ask :func:`extra_points`). A deal that ends before its last
trick is played (no points left to win) gives it to nobody; a claim of the
remaining tricks takes it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..scoring import DealScorer, Taken
from . import moon
from .bonus import bonus_schema

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "last_trick"
PATH: Final = ("scoring", "last_trick")

SCHEMA: Final[dict[str, Any]] = bonus_schema(
    "A bonus for winning the last trick of a deal (Klaverjassen 10, Tressette 1).",
    (
        "Points the winner of the last trick scores besides the cards in it; they count like card "
        "points (partners share them). 0: no bonus."
    ),
)


@dataclass(frozen=True)
class LastTrick:
    """The ``scoring.last_trick`` settings."""

    points: int = 0


def read(data: dict[str, Any]) -> LastTrick:
    return LastTrick(points=int(data.get("points", 0)))


def active(settings: LastTrick) -> bool:
    return settings.points != 0


def of(rules: Ruleset) -> LastTrick:
    """The last trick's bonus of a compiled ruleset."""
    return cast(LastTrick, rules.mechanisms[NAME])


def extra_points(settings: LastTrick, rules: Ruleset) -> int:
    """What the bonus adds to every deal's total."""
    return settings.points


def check(settings: LastTrick, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    if moon.active(moon.of(rules)):
        # Shooting the moon rewrites every player's points from the cards alone.
        bad((*PATH, "points"), "the last trick's bonus does not go with shooting the moon", ("scoring", "moon"))
    if rules.trick_rows:
        bad((*PATH, "points"), "the last trick's bonus does not go with a makers/defenders table (scoring.tricks)")


def scorers(settings: LastTrick, rules: Ruleset) -> list[DealScorer]:
    return [LastTrickBonus(settings.points)] if active(settings) else []


class LastTrickBonus(DealScorer):
    """Adds the bonus to the seat that took the last trick."""

    def __init__(self, points: int) -> None:
        self.points = points

    def add(self, raw: list[int], taken: Taken) -> None:
        if taken.last >= 0:
            raw[taken.last] += self.points
