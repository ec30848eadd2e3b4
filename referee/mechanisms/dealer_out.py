"""The dealer sits the deal out: at a table of more players than a deal takes, the dealer is dealt nothing.

Skat is a game for three, and a table of four plays it with the dealer
"sitting": dealt no cards, taking no part in the auction or the play, the
deal passing on to the left as usual, so each player sits out one deal in
four. The Seeger-Fabian list still counts the dealer as one of the table
(:mod:`referee.mechanisms.game_value`). ``players.dealer_out.counts`` lists
the player counts at which this happens; the deal, the auction and the play
then run with one seat fewer, from the dealer's left.

Sources: Internationale Skatordnung 1.1.1 ("für drei oder mehr Personen";
only three take part in a deal), and the Skat order's definitions of
"Mitspieler" (everyone at the table) and "Spieler" (the three in the deal).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "dealer_out"
PATH: Final = ("players", "dealer_out")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "At a table of more players than a deal takes, the dealer sits each deal out: dealt no cards, no part "
        "in the bidding or the play (Skat at a table of four)."
    ),
    "properties": {
        "counts": {
            "type": ["array", "null"],
            "items": {"type": "integer", "minimum": 3, "maximum": 8},
            "default": [],
            "description": "The player counts at which the dealer sits out (Skat: [4]).",
        },
    },
}


@dataclass(frozen=True)
class DealerOut:
    """The ``players.dealer_out`` settings."""

    counts: tuple[int, ...] = ()


def read(data: dict[str, Any]) -> DealerOut:
    return DealerOut(counts=tuple(int(n) for n in data.get("counts") or ()))


def active(settings: DealerOut) -> bool:
    return bool(settings.counts)


def of(rules: Ruleset) -> DealerOut:
    """The dealer's sitting out in a compiled ruleset."""
    return cast(DealerOut, rules.mechanisms[NAME])


def check(settings: DealerOut, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    at = (*PATH, "counts")
    for i, n in enumerate(settings.counts):
        if n not in rules.player_counts:
            bad((*at, i), f"the ruleset is not played by {n} players", ("players", "counts"))
    if rules.teams_kind != "none":
        bad(at, "a dealer who sits out has no partner to leave (players.teams must be none)", ("players", "teams"))
    if rules.alone != "none":
        bad(at, "a dealer who sits out does not go with playing alone", ("bidding", "alone"))
    if rules.pass_count:
        bad(at, "a dealer who sits out has no cards to pass", ("passing", "count"))
    from ..auction import ROUND_KINDS  # here: the rounds' module imports the tables the ruleset imports

    # Each round's component says whether it asks only the seats in the deal (Skat's ladder); any other asks
    # each seat at the table in turn, the dealer who sits out too, and would score a bid for a hand never dealt.
    leaving = [kind for kind, component in ROUND_KINDS.items() if component.seats_in_the_deal]
    for i, r in enumerate(rules.bidding_rounds):
        if not ROUND_KINDS[r.kind].seats_in_the_deal:
            bad(
                ("bidding", "rounds", i, "kind"),
                f"a round of kind {r.kind} asks every seat, the dealer who sits out too (players.dealer_out); "
                f"only {', '.join(leaving)} leaves the dealer out",
                at,
            )
