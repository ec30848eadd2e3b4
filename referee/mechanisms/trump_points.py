"""Card points that depend on trump: the trump suit's cards are worth more, by rank.

Klaverjassen counts the jack of trump ("de jas") 20 and the nine of trump ("de
nel") 14, where a plain jack is worth 2 and a plain nine nothing; Belote does
the same. ``scoring.trump_points`` gives those values by rank; the ranks it
leaves out keep their ``rank_points``. The trump is known only once a deal's
bidding is over, so the bonus is added when the deal is scored, from the cards
of the trump suit each player took: a trump jack counts 20 instead of its plain
2. Partners who score together share it like any card's points.

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
from ..scoring import DealScorer, Taken

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
    if rules.moon_kind != "none":
        bad(PATH, "points for trumps do not go with shooting the moon", ("scoring", "moon"))
    if rules.end_early:
        bad(PATH, "points for trumps do not go with ending a deal early", ("play", "end_early"))
    if rules.trick_rows:
        bad(PATH, "points for trumps do not go with a makers/defenders table (scoring.tricks)")


def trump_values(settings: TrumpPoints, rules: Ruleset) -> dict[str, int]:
    """Every rank's points in the trump suit, from the highest trump down (the page's table)."""
    plain = {r: rules.card_points.by_rank.get(r, 0) for r in rules.deck.ranks}
    return {r: settings.by_rank.get(r, plain[r]) for r in rules.deck.ranks}


def extra_points(settings: TrumpPoints, rules: Ruleset) -> int:
    """What the trump suit's points add to every deal's total: each trump's points above its plain ones."""
    if not active(settings):
        return 0
    layout = rules.layout(rules.default_players)
    deck = rules.deck
    trump = 0 if rules.trump_suit is None else rules.trump_suit
    extra = 0
    for card in layout.cards:
        if deck.suit_of[card] == trump:
            extra += settings.by_rank.get(deck.ranks[deck.rank_of[card]], layout.points[card]) - layout.points[card]
    return extra


def scorers(settings: TrumpPoints, deck: Deck) -> list[DealScorer]:
    return [TrumpPointsScorer(settings, deck)] if active(settings) else []


class TrumpPointsScorer(DealScorer):
    """Adds to each seat what the trumps it took are worth beyond their plain points."""

    def __init__(self, settings: TrumpPoints, deck: Deck) -> None:
        # Per suit, the ranked trumps' cards (every copy) and their points.
        self.cards: list[list[tuple[int, int]]] = [[] for _ in deck.suits]
        for card in range(deck.size):
            rank = deck.ranks[deck.rank_of[card]]
            if rank in settings.by_rank:
                self.cards[deck.suit_of[card]].append((card, settings.by_rank[rank]))

    def add(self, raw: list[int], taken: Taken) -> None:
        if taken.trump < 0:
            return
        for card, value in self.cards[taken.trump]:
            for seat, won in enumerate(taken.won):
                if won >> card & 1:
                    raw[seat] += value - taken.points[card]
