"""Card points that depend on trump: the trump suit's cards are worth more, by rank.

Klaverjassen counts the jack of trump ("de jas") 20 and the nine of trump ("de
nel") 14, where a plain jack is worth 2 and a plain nine nothing; Belote does
the same. ``scoring.trump_points`` gives those values by rank; the ranks it
leaves out keep their ``rank_points``. The trump is known only once a deal's
bidding is over: the deal's card values are made for its trump
(:func:`card_values`, kept with the deal's other tables per trump), and every
use of a card's value reads them: the score, the pages' worked tricks, the
statistics.

Every deal has a trump where these points apply (the check refuses them without
one), so a deal's total grows by the same amount in every deal: what
:func:`extra_points` reports to the pages and to quick-score entry.

Sources: Nederlandse Klaverjas Unie, "Het spel" (troef: boer 20, negen 14, aas
11, tien 10, heer 4, vrouw 3); klaverjassenonline.org, "Spelregels
klaverjassen" (the same table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast

from ..deck import Deck
from ..entering import CARD_DEAL_ENTRY, PointsEntry
from . import moon

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "trump_points"
PATH: Final = ("scoring", "trump_points")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "description": (
        "Points for the cards of the trump suit, keyed by rank, instead of their `rank_points` "
        '(Klaverjassen: `{J: 20, "9": 14}`). Ranks left out keep their `rank_points`.'
    ),
    "propertyNames": {"$ref": "#/$defs/rank_name"},
    "additionalProperties": {"type": ["integer", "null"], "minimum": -1000, "maximum": 1000},
    "default": {},
}


@dataclass(frozen=True)
class TrumpPoints:
    """The ``scoring.trump_points`` settings: points by rank letter in the trump suit."""

    by_rank: Mapping[str, int] = field(default_factory=dict)


def read(data: dict[str, Any]) -> TrumpPoints:
    return TrumpPoints({str(rank): int(points) for rank, points in data.items() if points is not None})


def active(settings: TrumpPoints) -> bool:
    return bool(settings.by_rank)


def of(rules: Ruleset) -> TrumpPoints:
    """The trump suit's card points of a compiled ruleset."""
    return cast(TrumpPoints, rules.mechanisms[NAME])


def entry(settings: TrumpPoints, rules: Ruleset, players: int) -> PointsEntry | None:
    """Where trumps are worth other points, a deal is entered with who chose trump and each side's card points
    (:func:`referee.results.score_card_deal`): the points alone cannot say which suit was trump."""
    return CARD_DEAL_ENTRY if active(settings) else None


def check(settings: TrumpPoints, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    pack = rules.deck.pack
    for rank in settings.by_rank:
        if rank not in rules.deck.ranks:
            bad((*PATH, rank), f"{rank} is not a rank of the {pack} pack")
    if rules.trump_kind == "none":
        bad(PATH, "points for trumps need a trump in every deal (trump.kind is none)", ("trump", "kind"))
    if rules.bowers:
        bad(PATH, "points for trumps do not go with bowers", ("trump", "bowers"))
    if moon.active(moon.of(rules)):
        bad(PATH, "points for trumps do not go with shooting the moon", ("scoring", "moon"))
    if rules.end_early:
        bad(PATH, "points for trumps do not go with ending a deal early", ("play", "end_early"))
    if rules.trick_rows:
        bad(PATH, "points for trumps do not go with a makers/defenders table (scoring.tricks)")


def trump_values(settings: TrumpPoints, rules: Ruleset) -> dict[str, int]:
    """Every rank's points in the trump suit, by rank letter in the pack's order (for the pages)."""
    plain = {r: rules.card_points.by_rank.get(r, 0) for r in rules.deck.ranks}
    return {r: settings.by_rank.get(r, plain[r]) for r in rules.deck.ranks}


def card_values(settings: TrumpPoints, deck: Deck, points: tuple[int, ...], trump: int | None) -> tuple[int, ...]:
    """What every card is worth when ``trump`` is trump: the trump suit's ranked cards by these settings.

    ``points`` are the cards' values before: the ruleset's card points.
    """
    if not active(settings) or trump is None:
        return points
    out = list(points)
    for card in range(deck.size):
        rank = deck.ranks[deck.rank_of[card]]
        if deck.suit_of[card] == trump and rank in settings.by_rank:
            out[card] = settings.by_rank[rank]
    return tuple(out)


def extra_points(settings: TrumpPoints, rules: Ruleset) -> int:
    """What the trump suit's points add to every deal's total (the same whichever suit is trump)."""
    if not active(settings):
        return 0
    players = rules.default_players
    plain = rules.layout(players).points
    return sum(rules.setup(players, 0).points) - sum(plain)
