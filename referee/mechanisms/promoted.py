"""Promoted trumps: cards of any suit made trumps, above the trump suit's own cards, in a fixed order.

Doppelkopf makes the tens of hearts (the Dulle), the queens and the jacks trumps
above the diamonds, from the highest: ♥10, ♣Q ♠Q ♥Q ♦Q, ♣J ♠J ♥J ♦J; Skat's
four jacks rank above the trump suit (♣J ♠J ♥J ♦J); Schafkopf's Ober and Unter
likewise. ``trump.promoted.cards`` lists them from the highest. A promoted
card belongs to the trump suit for every purpose of play: it does not follow
its own suit, it must be played to a trump lead, and it beats every card of
the trump suit. With two copies of a card (Doppelkopf), of two equal cards the
one played first wins, as with any equal cards.

The mechanism changes the deal's trump table (:class:`~referee.tables.TrumpTable`)
once per trump suit, when the ruleset compiles it: play then costs nothing more.

Sources: Deutscher Doppelkopf-Verband, Turnierspielregeln (5.1: die Trümpfe, von
oben: Herz-Zehn, die Damen, die Buben, Karo-Ass, -Zehn, -König, -Neun; of two
equal cards the first played wins, the Dullen too: wiki.dokoland.de/Dulle,
"Gemäß den Turnierspielregeln ... gewinnt die zuerst ausgespielte Dulle");
International Skat Players Association, Internationale Skatordnung (1.3: die
vier Buben sind im Farbspiel die höchsten Trümpfe, Kreuz, Pik, Herz, Karo).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..deck import Deck
from ..tables import TrumpTable, table_of

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "promoted"
PATH: Final = ("trump", "promoted")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "Cards of any suit that are trumps too, ranking above the trump suit's own cards (Doppelkopf's ♥10, "
        "queens and jacks; Skat's jacks)."
    ),
    "properties": {
        "cards": {
            "type": ["array", "null"],
            "items": {"$ref": "#/$defs/card"},
            "uniqueItems": True,
            "default": [],
            "description": (
                "The promoted cards from the highest (`[TH, QC, QS, QH, QD, JC, JS, JH, JD]`); each belongs to "
                "the trump suit in play, above every card of that suit. Empty: none."
            ),
        },
        "dulle": {
            "anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}],
            "description": (
                "The highest promoted card, of which the deck holds two, named as Doppelkopf's players name the "
                'ten of hearts (`TH`: the Dulle); of the two the first played wins, so the pages say "the second '
                'Dulle does not beat the first". None: no card named so.'
            ),
        },
    },
}

#: Promoted trumps' strengths start here: above any card of a suit (see referee.tables.trump_table).
PROMOTED_POWER: Final = 200


@dataclass(frozen=True)
class Promoted:
    """The ``trump.promoted`` settings: card codes from the highest."""

    cards: tuple[str, ...] = ()
    dulle: str = ""  # the highest of them, named the Dulle ("": none)


def read(data: dict[str, Any]) -> Promoted:
    return Promoted(cards=tuple(str(code) for code in data.get("cards") or ()), dulle=str(data.get("dulle") or ""))


def active(settings: Promoted) -> bool:
    return bool(settings.cards)


def of(rules: Ruleset) -> Promoted:
    """The promoted trumps of a compiled ruleset."""
    return cast(Promoted, rules.mechanisms[NAME])


def check(settings: Promoted, rules: Ruleset, bad: Bad) -> None:
    if settings.dulle and not active(settings):
        bad((*PATH, "dulle"), "a Dulle is the highest promoted card: list the promoted cards", (*PATH, "cards"))
    if not active(settings):
        return
    at = (*PATH, "cards")
    for i, code in enumerate(settings.cards):
        if code not in rules.deck.index or not rules.full_deck >> rules.deck.index[code] & 1:
            bad((*at, i), f"{code} is not a card of this deck")
    if rules.trump_kind == "none":
        bad(at, "promoted trumps need a trump suit (trump.kind is none)", ("trump", "kind"))
    if rules.bowers:
        bad(at, "promoted trumps do not go with bowers", ("trump", "bowers"))
    if settings.dulle and settings.dulle != settings.cards[0]:
        bad((*PATH, "dulle"), f"the Dulle is the highest promoted card ({settings.cards[0]}), not {settings.dulle}")
    elif settings.dulle and rules.deck.copies < 2:
        bad((*PATH, "dulle"), "a Dulle needs two of each card (deck.copies: 2)", ("deck", "copies"))


def trump_table(settings: Promoted, deck: Deck, table: TrumpTable) -> TrumpTable:
    """``table`` with the promoted cards made trumps, above the trump suit, highest first (every copy)."""
    if not active(settings) or table.trump is None:
        return table
    return promote(deck, table, settings.cards)


def promote(deck: Deck, table: TrumpTable, cards: tuple[str, ...]) -> TrumpTable:
    """``table`` with ``cards`` made trumps above the trump suit, highest first (every copy). Without a trump
    suit they form one of their own, beside the suits of the pack (a queens solo, Skat's grand)."""
    trump = table.trump
    suits = len(table.eff_mask)
    if not cards:
        return table
    if trump is None:  # a trump suit of the promoted cards alone
        trump, suits = suits, suits + 1
    eff_suit = list(table.eff_suit)
    power = list(table.power)
    top = len(cards)
    for place, code in enumerate(cards):
        if code not in deck.index:  # refused by check(), at its line
            continue
        first = deck.index[code]
        for k in range(deck.copies):
            card = first + k * deck.stride
            eff_suit[card] = trump
            power[card] = PROMOTED_POWER + 2 * (top - place)
    return table_of(trump, eff_suit, power, suits)
