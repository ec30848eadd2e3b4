"""The game: how deals add up to it, when it ends and who wins (``game``).

The settings: ``start``, every player's score before the first deal; ``count``,
``up`` (a deal's points are added) or ``down`` (subtracted); the end, after a
deal in which a score reaches ``target`` (at or above it counting up, at or
below it counting down) or falls to ``floor``, or after ``deals`` deals (a
hand-size schedule ends the game after its last deal); ``winner``, the lowest
or the highest score; ``ties``, whether a tie for the best score plays on or is
shared; and ``thrown_in_counts``, whether a deal thrown in counts as one of the
game's deals (Skat's "eingepasst", ISkO 3.2.16).

A compiled ruleset holds these typed settings as ``Ruleset.game``; the engine
asks :mod:`referee.ending` when a game is over and who won, and the pages, the
kiosk and the club ask the same.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..kinds import Ties, Winner

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "game_end"
PATH: Final = ("game",)

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": "How deals add up to a game, when it ends and who wins.",
    "properties": {
        "start": {"type": ["integer", "null"], "default": 0, "description": "Every player's score at the start."},
        "count": {
            "enum": ["up", "down", None],
            "default": "up",
            "description": "`up`: deal points are added to a score. `down`: they are subtracted.",
        },
        "target": {
            "type": ["integer", "null"],
            "description": (
                "The game ends after a deal in which a score reaches the target: at or above it when counting up, "
                "at or below it when counting down."
            ),
        },
        "deals": {"type": ["integer", "null"], "minimum": 1, "description": "The game ends after this many deals."},
        "floor": {
            "type": ["integer", "null"],
            "description": (
                "The game also ends after a deal in which a score falls to this number or below (Spades: -200); "
                "the best score then wins as usual."
            ),
        },
        "winner": {
            "enum": ["lowest", "highest", None],
            "default": "lowest",
            "description": "Whether the lowest or the highest score wins.",
        },
        "ties": {
            "enum": ["play-on", "shared", None],
            "default": "play-on",
            "description": (
                "When the best score is tied at the end: `play-on` deals again until one player (or side) leads "
                "alone; `shared` makes them all winners."
            ),
        },
        "thrown_in_counts": {
            "type": ["boolean", "null"],
            "default": False,
            "description": (
                "Whether a deal whose cards are thrown in (everyone passed) counts as one of the game's `deals`, "
                'as Skat\'s "eingepasst" game does (ISkO 3.2.16); otherwise it is dealt again.'
            ),
        },
    },
}


@dataclass(frozen=True)
class GameEnd:
    """The ``game`` settings, typed (``Ruleset.game``)."""

    start: int = 0  # every player's score before the first deal
    count_sign: int = 1  # 1: a deal's points are added (count up), -1: subtracted
    target: int | None = None
    deals: int | None = None  # the game ends after this many deals
    floor: int | None = None
    winner: Winner = "lowest"
    ties: Ties = "play-on"
    thrown_in_counts: bool = False  # a deal thrown in counts as one of the game's deals (Skat's "eingepasst")

    @property
    def low_wins(self) -> bool:
        """Whether the lowest score wins."""
        return self.winner == "lowest"


def read(data: dict[str, Any]) -> GameEnd:
    return GameEnd(
        start=int(data.get("start") or 0),
        count_sign=-1 if data.get("count") == "down" else 1,
        target=data.get("target"),
        deals=data.get("deals"),
        floor=data.get("floor"),
        winner=cast(Winner, data.get("winner") or "lowest"),
        ties=cast(Ties, data.get("ties") or "play-on"),
        thrown_in_counts=bool(data.get("thrown_in_counts")),
    )


def active(settings: GameEnd) -> bool:
    """Every ruleset plays games: the settings always apply."""
    return True


def of(rules: Ruleset) -> GameEnd:
    """The game settings of a compiled ruleset (also ``rules.game``)."""
    return cast(GameEnd, rules.mechanisms[NAME])


def check(settings: GameEnd, rules: Ruleset, bad: Bad) -> None:
    if settings.target is None and settings.deals is None and not rules.schedule:
        bad(PATH, "the game never ends: give game.target, game.deals or deal.schedule")
