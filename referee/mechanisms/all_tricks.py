"""A bonus for taking every trick of a deal: Klaverjassen's pit (also "mars").

The side that takes all the tricks of a deal scores ``scoring.all_tricks.points``
more (Klaverjassen: 100, counted with the roem). It is credited to the player who
took the last trick, so partners who score together share it like card points; a
claim of the remaining tricks counts as taking them.

Sources: Nederlandse Klaverjas Unie, "Het spel" ("pit": alle slagen, 100 punten
roem); nl.wikipedia.org, Klaverjassen ("Pit").
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

NAME: Final = "all_tricks"
PATH: Final = ("scoring", "all_tricks")

SCHEMA: Final[dict[str, Any]] = bonus_schema(
    "A bonus for the side that takes every trick of a deal (Klaverjassen's pit: 100).",
    "Points the side that takes every trick scores besides its cards. 0: no bonus.",
)


@dataclass(frozen=True)
class AllTricks:
    """The ``scoring.all_tricks`` settings."""

    points: int = 0


def read(data: dict[str, Any]) -> AllTricks:
    return AllTricks(points=int(data.get("points") or 0))


def active(settings: AllTricks) -> bool:
    return settings.points != 0


def of(rules: Ruleset) -> AllTricks:
    """The bonus for every trick, of a compiled ruleset."""
    return cast(AllTricks, rules.mechanisms[NAME])


def check(settings: AllTricks, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    if moon.active(moon.of(rules)) or rules.trick_rows:
        bad((*PATH, "points"), "a bonus for every trick does not go with the moon or a makers/defenders table")


def extra_points(settings: AllTricks, rules: Ruleset) -> int:
    return 0


def scorers(settings: AllTricks, rules: Ruleset) -> list[DealScorer]:
    return [AllTricksBonus(settings.points)] if active(settings) else []


class AllTricksBonus(DealScorer):
    """Adds the bonus to the seat that took the last trick when its side took them all."""

    def __init__(self, points: int) -> None:
        self.points = points

    def add(self, raw: list[int], taken: Taken) -> None:
        last = taken.last
        if last < 0:
            return
        side = taken.teams[last]
        tricks = taken.tricks_won
        if all(tricks[seat] == 0 for seat in range(len(tricks)) if taken.teams[seat] != side):
            raw[last] += self.points
