"""Passing cards before play: how many each player passes, and where, deal by deal (``passing``).

The settings: ``count``, the cards each player passes (0: none); ``cycle``, the
direction of the first deal, the second and so on, repeating (``hold``: that
deal passes nothing); ``cycle_by_players``, a cycle of its own for some numbers
of players (a table of three has no one across). The compiled ruleset holds
them as ``Ruleset.passing``; the deal's pass phase (:mod:`referee.phases.passing`)
plays them, each player choosing before anyone looks at the cards received.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..kinds import Direction

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "passing"
PATH: Final = ("passing",)

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": "Cards passed between players before play. Default: no passing.",
    "properties": {
        "count": {
            "type": ["integer", "null"],
            "minimum": 0,
            "maximum": 13,
            "default": 0,
            "description": (
                "Cards each player passes. Everyone chooses before anyone looks at the cards they receive. "
                "0 means no passing."
            ),
        },
        "cycle": {
            "type": ["array", "null"],
            "items": {"$ref": "#/$defs/direction"},
            "minItems": 1,
            "default": ["left", "right", "across", "hold"],
            "description": (
                "The pass direction of the first deal, the second, and so on, repeating. `hold` means that deal "
                "has no passing."
            ),
        },
        "cycle_by_players": {
            "type": ["object", "null"],
            "description": "A different cycle for some numbers of players, keyed by that number.",
            "propertyNames": {"pattern": "^[2-8]$"},
            "additionalProperties": {"type": ["array", "null"], "items": {"$ref": "#/$defs/direction"}, "minItems": 1},
            "default": {},
        },
    },
}


@dataclass(frozen=True)
class Passing:
    """``passing``: how many cards each player passes, and where, deal by deal."""

    count: int  # 0: no passing
    cycle: tuple[Direction, ...]  # the direction of the first deal, the second, ..., repeating
    cycle_by_players: Mapping[int, tuple[Direction, ...]]  # a cycle of its own for some numbers of players

    def cycle_for(self, players: int) -> tuple[Direction, ...]:
        """The cycle ``players`` players pass by."""
        return self.cycle_by_players.get(players, self.cycle)


def read(data: dict[str, Any]) -> Passing:
    by_players = data.get("cycle_by_players") or {}
    cycle = data.get("cycle") or SCHEMA["properties"]["cycle"]["default"]  # (a null block: the schema's default)
    return Passing(
        int(data.get("count") or 0),
        tuple(cast("list[Direction]", cycle)),
        {int(n): tuple(cast("list[Direction]", cycle)) for n, cycle in by_players.items() if cycle},
    )


def active(settings: Passing) -> bool:
    return settings.count > 0


def of(rules: Ruleset) -> Passing:
    """The passing of a compiled ruleset (also ``rules.passing``)."""
    return cast(Passing, rules.mechanisms[NAME])


def check(settings: Passing, rules: Ruleset, bad: Bad) -> None:
    count = settings.count
    for players in rules.player_counts:
        if count:
            most = _most_per_hand(rules, players)
            if count >= most:
                bad((*PATH, "count"), f"passing {count} cards needs hands of more than {most}")
        own = players in settings.cycle_by_players
        where = (*PATH, "cycle_by_players", str(players)) if own else (*PATH, "cycle")
        if "across" in settings.cycle_for(players) and players % 2 and count:
            bad(
                where,
                f"no one sits across with {players} players; give a cycle for {players} in passing.cycle_by_players",
            )


def _most_per_hand(rules: Ruleset, players: int) -> int:
    """The smallest hand any deal gives at a table of ``players`` (a deck too small is refused elsewhere)."""
    size = (rules.full_deck & ~rules.removed(players)).bit_count()
    n = rules.dealt(players)  # the hands dealt
    if rules.schedule:
        most = (size - (1 if rules.upcard else 0)) // n
        return min(most, *[most if t == "max" else t for t in rules.schedule])
    return size // n if rules.hand_size == "all" else rules.hand_size
