"""Card, suit, rank, seat and direction names: messages like every sentence.

A card's name is built from a per-rank pattern with the suit as a named
placeholder (``"queen of %(suit)s"``; German ``"%(suit)s-Dame"``), so a
translator can order and inflect it; the article goes with the rank because
in German, Dutch and Italian its gender does.
"""

from __future__ import annotations

from referee.cards import RANKS, SUITS

from .i18n import NC_, Lang

# Suit names in the forms sentences need, by suit letter.
SUIT_FORMS: dict[str, dict[str, tuple[str, str]]] = {
    # the suit as a group: "hearts"
    "plural": {
        "C": NC_("suit", "clubs"),
        "D": NC_("suit", "diamonds"),
        "H": NC_("suit", "hearts"),
        "S": NC_("suit", "spades"),
    },
    # one card of the suit: "a heart"
    "a": {
        "C": NC_("a card of", "a club"),
        "D": NC_("a card of", "a diamond"),
        "H": NC_("a card of", "a heart"),
        "S": NC_("a card of", "a spade"),
    },
    # each card of the suit: "each heart"
    "each": {
        "C": NC_("each card of", "each club"),
        "D": NC_("each card of", "each diamond"),
        "H": NC_("each card of", "each heart"),
        "S": NC_("each card of", "each spade"),
    },
    # every card of the suit: "all the hearts"
    "all": {
        "C": NC_("all cards of", "all the clubs"),
        "D": NC_("all cards of", "all the diamonds"),
        "H": NC_("all cards of", "all the hearts"),
        "S": NC_("all cards of", "all the spades"),
    },
    # the suit inside a card's name: "of spades" / "Pik-" / "di picche"
    "of": {
        "C": NC_("suit in a card name", "clubs"),
        "D": NC_("suit in a card name", "diamonds"),
        "H": NC_("suit in a card name", "hearts"),
        "S": NC_("suit in a card name", "spades"),
    },
}

RANK_NAMES: dict[str, tuple[str, str]] = {
    "2": NC_("rank", "two"),
    "3": NC_("rank", "three"),
    "4": NC_("rank", "four"),
    "5": NC_("rank", "five"),
    "6": NC_("rank", "six"),
    "7": NC_("rank", "seven"),
    "8": NC_("rank", "eight"),
    "9": NC_("rank", "nine"),
    "T": NC_("rank", "ten"),
    "J": NC_("rank", "jack"),
    "Q": NC_("rank", "queen"),
    "K": NC_("rank", "king"),
    "A": NC_("rank", "ace"),
}

# A card's name on its own (an accessible name, a table cell): "Queen of spades".
CARD_NAMES: dict[str, tuple[str, str]] = {
    "2": NC_("card", "Two of %(suit)s"),
    "3": NC_("card", "Three of %(suit)s"),
    "4": NC_("card", "Four of %(suit)s"),
    "5": NC_("card", "Five of %(suit)s"),
    "6": NC_("card", "Six of %(suit)s"),
    "7": NC_("card", "Seven of %(suit)s"),
    "8": NC_("card", "Eight of %(suit)s"),
    "9": NC_("card", "Nine of %(suit)s"),
    "T": NC_("card", "Ten of %(suit)s"),
    "J": NC_("card", "Jack of %(suit)s"),
    "Q": NC_("card", "Queen of %(suit)s"),
    "K": NC_("card", "King of %(suit)s"),
    "A": NC_("card", "Ace of %(suit)s"),
}

# A card inside a sentence, with its article: "the queen of spades".
CARD_THE: dict[str, tuple[str, str]] = {
    "2": NC_("the card", "the two of %(suit)s"),
    "3": NC_("the card", "the three of %(suit)s"),
    "4": NC_("the card", "the four of %(suit)s"),
    "5": NC_("the card", "the five of %(suit)s"),
    "6": NC_("the card", "the six of %(suit)s"),
    "7": NC_("the card", "the seven of %(suit)s"),
    "8": NC_("the card", "the eight of %(suit)s"),
    "9": NC_("the card", "the nine of %(suit)s"),
    "T": NC_("the card", "the ten of %(suit)s"),
    "J": NC_("the card", "the jack of %(suit)s"),
    "Q": NC_("the card", "the queen of %(suit)s"),
    "K": NC_("the card", "the king of %(suit)s"),
    "A": NC_("the card", "the ace of %(suit)s"),
}

DIRECTIONS: dict[str, tuple[str, str]] = {
    "left": NC_("pass", "to the left"),
    "right": NC_("pass", "to the right"),
    "across": NC_("pass", "across the table"),
    "hold": NC_("pass", "no passing"),
}

SEAT = NC_("seat", "Player %(number)s")

# Bids that are not a number of tricks (``bid 3`` shows as the number).
BID_NAMES: dict[str, tuple[str, str]] = {
    "nil": NC_("bid", "nil"),
    "blind-nil": NC_("bid", "blind nil"),
}

assert set(RANK_NAMES) == set(RANKS) and all(set(f) == set(SUITS) for f in SUIT_FORMS.values())


def tr(lang: Lang, pair: tuple[str, str]) -> str:
    return lang.pgettext(*pair)


def suit_name(lang: Lang, suit: str, form: str = "plural") -> str:
    return tr(lang, SUIT_FORMS[form][suit])


def rank_name(lang: Lang, rank: str) -> str:
    return tr(lang, RANK_NAMES[rank])


def card_name(lang: Lang, code: str) -> str:
    """The accessible name of a card: "Queen of spades", "Pik-Dame"."""
    return tr(lang, CARD_NAMES[code[0]]) % {"suit": suit_name(lang, code[1], "of")}


def card_the(lang: Lang, code: str) -> str:
    """A card in running text: "the queen of spades", "die Pik-Dame"."""
    return tr(lang, CARD_THE[code[0]]) % {"suit": suit_name(lang, code[1], "of")}


def pattern_name(lang: Lang, pattern: str, form: str) -> str:
    """A suit (in ``form``) or a card (with its article)."""
    return suit_name(lang, pattern, form) if len(pattern) == 1 else card_the(lang, pattern)


def seat_name(lang: Lang, seat: int) -> str:
    return tr(lang, SEAT) % {"number": lang.number(seat + 1)}


def bid_name(lang: Lang, word: str) -> str:
    """A bid as players say it: ``bid 3`` -> "3", ``nil`` -> "nil"."""
    if word.startswith("bid "):
        return lang.number(int(word[4:]))
    return tr(lang, BID_NAMES[word])
