"""Roem: bonuses for the cards that fall together in one trick, to the side that wins it.

Klaverjassen counts, in each trick, the cards that form a sequence in one suit
("drie op een rij" 20, "vier op een rij" 50, by the pack's natural order 7 8 9
10 J Q K A, whatever the trump order), the king and queen of trump together
("stuk", 20, also inside a sequence), and four cards of one rank (100, four
jacks 200). The roem goes to the winner of the trick and counts with the card
points: the players' side needs it to make its contract, and loses it when it
does not (``scoring.card_contract``). The settings (``scoring.roem``):

- ``runs``: points by the length of a sequence of one suit in a trick (the
  longest sequence of each suit counts once, at its length's value: four in a
  row is 50, not 50 and 20);
- ``trump_king_queen``: the king and queen of trump in one trick (French packs);
- ``four_of_a_kind``: points by rank when one trick holds that rank in every suit;
- ``called``: roem counts only when a player calls it ("roem!") before the trick is turned, as Dutch tables and
  competitions play it; the referee sees every trick and counts the roem of each, as if it were called (the
  rule is the table's to keep, and the page states it).

Roem is counted from the trick as played, never from a hand: a claimed rest
carries none. :func:`melds` says what one trick holds, for the engine, the pages'
worked examples and the kiosk; :func:`taken`, what each seat took in a played deal.

Sources: Nederlandse Klaverjas Unie, "Het spel" (roem, stuk, "roem in de slag");
nl.wikipedia.org, Klaverjassen ("Roem"); D. Parlett, The Penguin Book of Card
Games, Klaverjas.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast

from ..deck import Deck
from ..entering import CARD_DEAL_ENTRY, PointsEntry
from ..scoring import DealScorer, Taken
from . import moon

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "roem"
PATH: Final = ("scoring", "roem")

_POINTS: Final[dict[str, Any]] = {"type": ["integer", "null"], "minimum": 0, "maximum": 1000}

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "Roem (Klaverjassen): bonuses for cards that fall together in one trick, scored by the side that "
        "wins the trick, with its card points."
    ),
    "properties": {
        "runs": {
            "type": ["object", "null"],
            "description": (
                'Points for cards of one suit in sequence in one trick, keyed by how many (`{"3": 20, "4": 50}`); '
                "the sequence follows the pack's own order (French 2 to A), not the trick order. A suit's "
                "longest sequence counts once."
            ),
            "propertyNames": {"pattern": "^[2-8]$"},
            "additionalProperties": _POINTS,
            "default": {},
        },
        "trump_king_queen": {
            **_POINTS,
            "default": 0,
            "description": "Points for the king and queen of trump in one trick (stuk), besides any sequence.",
        },
        "four_of_a_kind": {
            "type": ["object", "null"],
            "description": "Points for one rank in every suit in one trick, keyed by rank (`{J: 200, A: 100}`).",
            "propertyNames": {"$ref": "#/$defs/rank_name"},
            "additionalProperties": _POINTS,
            "default": {},
        },
        "called": {
            "type": ["boolean", "null"],
            "default": False,
            "description": (
                'Roem counts only when a player calls it ("roem!") before the trick is turned; the rule page '
                "says so. The referee counts every trick's roem, as if it were called."
            ),
        },
    },
}


@dataclass(frozen=True)
class RoemSettings:
    """The ``scoring.roem`` settings."""

    runs: Mapping[int, int] = field(default_factory=dict)  # length -> points
    trump_king_queen: int = 0
    four_of_a_kind: Mapping[str, int] = field(default_factory=dict)  # rank letter -> points
    called: bool = False  # counts only when called before the trick is turned (a rule for the table)


@dataclass(frozen=True)
class Meld:
    """One bonus a trick holds: ``kind`` is ``run``, ``stuk`` or ``four``; ``cards`` the codes that make it."""

    kind: str
    cards: tuple[str, ...]
    points: int


def read(data: dict[str, Any]) -> RoemSettings:
    return RoemSettings(
        runs={int(k): int(v) for k, v in (data.get("runs") or {}).items() if v},
        trump_king_queen=int(data.get("trump_king_queen") or 0),
        four_of_a_kind={str(k): int(v) for k, v in (data.get("four_of_a_kind") or {}).items() if v},
        called=bool(data.get("called")),
    )


def active(settings: RoemSettings) -> bool:
    return bool(settings.runs or settings.trump_king_queen or settings.four_of_a_kind)


def of(rules: Ruleset) -> RoemSettings:
    """The roem of a compiled ruleset."""
    return cast(RoemSettings, rules.mechanisms[NAME])


def entry(settings: RoemSettings, rules: Ruleset, players: int) -> PointsEntry | None:
    """A deal with roem is entered with each side's roem (:func:`referee.results.score_card_deal`): points alone
    cannot say which melds made them."""
    return CARD_DEAL_ENTRY if active(settings) else None


def check(settings: RoemSettings, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    deck = rules.deck
    for rank in settings.four_of_a_kind:
        if rank not in deck.ranks:
            bad((*PATH, "four_of_a_kind", rank), f"{rank} is not a rank of the {deck.pack} pack")
    if settings.trump_king_queen and deck.pack != "french":
        bad((*PATH, "trump_king_queen"), "the king and queen of trump need a French pack", ("deck", "pack"))
    if settings.trump_king_queen and rules.trump_kind == "none":
        bad((*PATH, "trump_king_queen"), "the king and queen of trump need a trump (trump.kind is none)")
    if deck.copies > 1:
        bad(PATH, "roem needs one copy of each card", ("deck", "copies"))
    if moon.active(moon.of(rules)):
        bad(PATH, "roem does not go with shooting the moon", ("scoring", "moon"))
    if rules.trick_rows:
        bad(PATH, "roem does not go with a makers/defenders table (scoring.tricks)")
    for length in settings.runs:
        if length > rules.default_players:
            bad((*PATH, "runs", str(length)), f"a trick of {rules.default_players} cards holds no {length} in a row")


def melds(settings: RoemSettings, deck: Deck, cards: Sequence[int], trump: int) -> list[Meld]:
    """The roem one trick holds (``cards`` by index; ``trump`` -1: none), sequences first."""
    out: list[Meld] = []
    codes = deck.codes
    if settings.runs:
        shortest = min(settings.runs)
        for suit in range(len(deck.suits)):
            ranks = sorted({deck.rank_of[c] for c in cards if deck.suit_of[c] == suit})
            start = 0
            for i in range(1, len(ranks) + 1):
                if i == len(ranks) or ranks[i] != ranks[i - 1] + 1:
                    length = i - start
                    if length >= shortest:
                        best = max(k for k in settings.runs if k <= length)
                        run = tuple(codes[suit * len(deck.ranks) + r] for r in ranks[start:i])
                        out.append(Meld("run", run, settings.runs[best]))
                    start = i
    if settings.trump_king_queen and trump >= 0:
        pair = tuple(codes[c] for c in cards if deck.suit_of[c] == trump and deck.ranks[deck.rank_of[c]] in "KQ")
        if len(pair) == 2:
            out.append(Meld("stuk", pair, settings.trump_king_queen))
    for rank, points in settings.four_of_a_kind.items():
        same = tuple(codes[c] for c in cards if deck.ranks[deck.rank_of[c]] == rank)
        if len(same) == len(deck.suits):
            out.append(Meld("four", same, points))
    return out


def values(settings: RoemSettings) -> list[int]:
    """The points one meld can be worth, each once, lowest first."""
    found = {*settings.runs.values(), *settings.four_of_a_kind.values()}
    if settings.trump_king_queen:
        found.add(settings.trump_king_queen)
    return sorted(v for v in found if v > 0)


def possible(settings: RoemSettings, total: int) -> bool:
    """Whether some melds add up to ``total`` (a side's roem entered by hand)."""
    if total < 0:
        return False
    worth = values(settings)
    reach = [True] + [False] * total
    for value in range(1, total + 1):
        reach[value] = any(value >= w and reach[value - w] for w in worth)
    return reach[total]


def extra_points(settings: RoemSettings, rules: Ruleset) -> int:
    """Roem is not in every deal: it adds nothing to every deal's total."""
    return 0


def taken(rules: Ruleset, record: Taken) -> list[int]:
    """The roem each seat took in a played deal (``record``: its ``Deal.record()``), as the deal's scoring added it
    to the seat's points: for a score sheet to show beside them (all 0 where the game has no roem)."""
    raw = [0] * len(record.won)
    for scorer in scorers(of(rules), rules):
        scorer.add(raw, record)
    return raw


def scorers(settings: RoemSettings, rules: Ruleset) -> list[DealScorer]:
    return [RoemScorer(settings, rules.deck)] if active(settings) else []


class RoemScorer(DealScorer):
    """Adds each played trick's roem to the seat that won it."""

    def __init__(self, settings: RoemSettings, deck: Deck) -> None:
        self.settings = settings
        self.deck = deck

    def add(self, raw: list[int], taken: Taken) -> None:
        size = taken.size
        for i, winner in enumerate(taken.winners):
            cards = [card for _, card in taken.plays[i * size : (i + 1) * size]]
            for meld in melds(self.settings, self.deck, cards, taken.trump):
                raw[winner] += meld.points
