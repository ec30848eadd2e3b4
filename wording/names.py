"""Card, suit, rank, seat and direction names: messages like every sentence.

A card's name is built from a per-rank pattern with the suit as a named
placeholder (``"queen of %(suit)s"``; German ``"%(suit)s-Dame"``), so a
translator can order and inflect it; the article goes with the rank because
in German, Dutch and Italian its gender does.

Every pack (:data:`referee.deck.PACK_SUITS`) has its own tables, because its
letters mean other things: ``C`` is clubs in a French pack, coppe (cups) in an
Italian one, and in an Italian pack also the rank cavallo (knight). The suit
forms and rank names share the French messages' contexts; an Italian card's
name has patterns of its own (contexts ``card (Italian pack)`` and ``the card
(Italian pack)``), since languages name those cards their own way (Dutch
"schoppenaas" but "aas van bekers"). Functions that name a card or a suit take
the pack, or the :class:`~referee.deck.Deck` it is the pack of.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from referee.auction import NO_TRUMP_CALL, read_contract
from referee.cards import RANKS, SUIT_SYMBOLS, SUITS
from referee.deck import PACK_RANKS, PACK_SUITS, Deck
from referee.observer import TRUMPS

from .i18n import N_, NC_, Lang

Pack = Deck | str  # a deck, or the name of its pack: "french", "italian"

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

# Four cards of a rank, as a sentence counts them: "four jacks" (Dutch "vier boeren"; a Dutch reader found "four
# cards of one rank (jack)" clumsy).
RANK_PLURALS: dict[str, tuple[str, str]] = {
    "2": NC_("rank, plural", "twos"),
    "3": NC_("rank, plural", "threes"),
    "4": NC_("rank, plural", "fours"),
    "5": NC_("rank, plural", "fives"),
    "6": NC_("rank, plural", "sixes"),
    "7": NC_("rank, plural", "sevens"),
    "8": NC_("rank, plural", "eights"),
    "9": NC_("rank, plural", "nines"),
    "T": NC_("rank, plural", "tens"),
    "J": NC_("rank, plural", "jacks"),
    "Q": NC_("rank, plural", "queens"),
    "K": NC_("rank, plural", "kings"),
    "A": NC_("rank, plural", "aces"),
}

# The trump suit's jack and nine where they count apart (scoring.trump_points: Klaverjassen's J 20, 9 14), as
# the players name them: Dutch "jas" and "nel"; a language without names of its own says the rank.
TRUMP_RANK_NAMES: dict[str, tuple[str, str]] = {
    "J": NC_("rank, of the trump suit where it counts apart", "jack"),
    "9": NC_("rank, of the trump suit where it counts apart", "nine"),
}
# The same names where the rules state the values, the page's first use of them: a name of the players' own
# explained there (Dutch "jas (troefboer)"; a reader asked for it), the short name in labels and on the kiosk.
TRUMP_RANK_NAMES_EXPLAINED: dict[str, tuple[str, str]] = {
    "J": NC_("rank, of the trump suit where it counts apart, as the rules first name it", "jack"),
    "9": NC_("rank, of the trump suit where it counts apart, as the rules first name it", "nine"),
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

# Both copies of a card, where a pack holds each card twice (Doppelkopf): "both queens of clubs", German
# "beide Kreuz-Damen" (not "die Kreuz-Dame doppelt").
CARD_BOTH: dict[str, tuple[str, str]] = {
    "2": NC_("both copies of the card", "both twos of %(suit)s"),
    "3": NC_("both copies of the card", "both threes of %(suit)s"),
    "4": NC_("both copies of the card", "both fours of %(suit)s"),
    "5": NC_("both copies of the card", "both fives of %(suit)s"),
    "6": NC_("both copies of the card", "both sixes of %(suit)s"),
    "7": NC_("both copies of the card", "both sevens of %(suit)s"),
    "8": NC_("both copies of the card", "both eights of %(suit)s"),
    "9": NC_("both copies of the card", "both nines of %(suit)s"),
    "T": NC_("both copies of the card", "both tens of %(suit)s"),
    "J": NC_("both copies of the card", "both jacks of %(suit)s"),
    "Q": NC_("both copies of the card", "both queens of %(suit)s"),
    "K": NC_("both copies of the card", "both kings of %(suit)s"),
    "A": NC_("both copies of the card", "both aces of %(suit)s"),
}


def _italian(french: dict[str, tuple[str, str]], knight: tuple[str, str]) -> dict[str, tuple[str, str]]:
    """A French pack's card messages for the Italian pack's ranks: its fante and re are the jack and king, and its
    cavallo (``knight``) is its own."""
    return {**{r: french[r] for r in "A234567"}, "F": french["J"], "C": knight, "R": french["K"]}


ITALIAN_CARD_BOTH = _italian(CARD_BOTH, NC_("both copies of the card", "both knights of %(suit)s"))

# One of the copies of a card where the pack holds each twice (Doppelkopf's queen of clubs): "a queen of clubs",
# German "eine Kreuz-Dame" (a reader: "Wer die Kreuz-Dame hat" reads as if there were one). As the subject of its
# sentence, and as the object of a verb (German "einen Kreuz-Buben").
CARD_ONE: dict[str, tuple[str, str]] = {
    "2": NC_("one copy of the card", "a two of %(suit)s"),
    "3": NC_("one copy of the card", "a three of %(suit)s"),
    "4": NC_("one copy of the card", "a four of %(suit)s"),
    "5": NC_("one copy of the card", "a five of %(suit)s"),
    "6": NC_("one copy of the card", "a six of %(suit)s"),
    "7": NC_("one copy of the card", "a seven of %(suit)s"),
    "8": NC_("one copy of the card", "an eight of %(suit)s"),
    "9": NC_("one copy of the card", "a nine of %(suit)s"),
    "T": NC_("one copy of the card", "a ten of %(suit)s"),
    "J": NC_("one copy of the card", "a jack of %(suit)s"),
    "Q": NC_("one copy of the card", "a queen of %(suit)s"),
    "K": NC_("one copy of the card", "a king of %(suit)s"),
    "A": NC_("one copy of the card", "an ace of %(suit)s"),
}
CARD_ONE_ACCUSATIVE: dict[str, tuple[str, str]] = {
    "2": NC_("one copy of the card, accusative", "a two of %(suit)s"),
    "3": NC_("one copy of the card, accusative", "a three of %(suit)s"),
    "4": NC_("one copy of the card, accusative", "a four of %(suit)s"),
    "5": NC_("one copy of the card, accusative", "a five of %(suit)s"),
    "6": NC_("one copy of the card, accusative", "a six of %(suit)s"),
    "7": NC_("one copy of the card, accusative", "a seven of %(suit)s"),
    "8": NC_("one copy of the card, accusative", "an eight of %(suit)s"),
    "9": NC_("one copy of the card, accusative", "a nine of %(suit)s"),
    "T": NC_("one copy of the card, accusative", "a ten of %(suit)s"),
    "J": NC_("one copy of the card, accusative", "a jack of %(suit)s"),
    "Q": NC_("one copy of the card, accusative", "a queen of %(suit)s"),
    "K": NC_("one copy of the card, accusative", "a king of %(suit)s"),
    "A": NC_("one copy of the card, accusative", "an ace of %(suit)s"),
}
ITALIAN_CARD_ONE = _italian(CARD_ONE, NC_("one copy of the card", "a knight of %(suit)s"))
ITALIAN_CARD_ONE_ACCUSATIVE = _italian(
    CARD_ONE_ACCUSATIVE, NC_("one copy of the card, accusative", "a knight of %(suit)s")
)

# The same, as the object of a verb: "takes the king of spades", German "den Pik-König".
CARD_THE_ACCUSATIVE: dict[str, tuple[str, str]] = {
    "2": NC_("the card, accusative", "the two of %(suit)s"),
    "3": NC_("the card, accusative", "the three of %(suit)s"),
    "4": NC_("the card, accusative", "the four of %(suit)s"),
    "5": NC_("the card, accusative", "the five of %(suit)s"),
    "6": NC_("the card, accusative", "the six of %(suit)s"),
    "7": NC_("the card, accusative", "the seven of %(suit)s"),
    "8": NC_("the card, accusative", "the eight of %(suit)s"),
    "9": NC_("the card, accusative", "the nine of %(suit)s"),
    "T": NC_("the card, accusative", "the ten of %(suit)s"),
    "J": NC_("the card, accusative", "the jack of %(suit)s"),
    "Q": NC_("the card, accusative", "the queen of %(suit)s"),
    "K": NC_("the card, accusative", "the king of %(suit)s"),
    "A": NC_("the card, accusative", "the ace of %(suit)s"),
}

# -- the Italian pack: coppe, denari, spade, bastoni; asso, 2-7, fante, cavallo, re --------
# English names its suits cups, coins, swords and batons ("batons", not "clubs",
# which is a French suit's message) and the fante, cavallo and re the jack,
# knight and king (locales/en/glossary.md).

ITALIAN_SUIT_FORMS: dict[str, dict[str, tuple[str, str]]] = {
    "plural": {
        "C": NC_("suit", "cups"),
        "D": NC_("suit", "coins"),
        "S": NC_("suit", "swords"),
        "B": NC_("suit", "batons"),
    },
    "a": {
        "C": NC_("a card of", "a cup"),
        "D": NC_("a card of", "a coin"),
        "S": NC_("a card of", "a sword"),
        "B": NC_("a card of", "a baton"),
    },
    "each": {
        "C": NC_("each card of", "each cup"),
        "D": NC_("each card of", "each coin"),
        "S": NC_("each card of", "each sword"),
        "B": NC_("each card of", "each baton"),
    },
    "all": {
        "C": NC_("all cards of", "all the cups"),
        "D": NC_("all cards of", "all the coins"),
        "S": NC_("all cards of", "all the swords"),
        "B": NC_("all cards of", "all the batons"),
    },
    "of": {
        "C": NC_("suit in a card name", "cups"),
        "D": NC_("suit in a card name", "coins"),
        "S": NC_("suit in a card name", "swords"),
        "B": NC_("suit in a card name", "batons"),
    },
}

ITALIAN_RANK_NAMES: dict[str, tuple[str, str]] = {
    "A": RANK_NAMES["A"],
    **{r: RANK_NAMES[r] for r in "234567"},
    "F": RANK_NAMES["J"],  # fante: the jack
    "C": NC_("rank", "knight"),  # cavallo
    "R": RANK_NAMES["K"],  # re: the king
}

ITALIAN_CARD_NAMES: dict[str, tuple[str, str]] = {
    "A": NC_("card (Italian pack)", "Ace of %(suit)s"),
    "2": NC_("card (Italian pack)", "Two of %(suit)s"),
    "3": NC_("card (Italian pack)", "Three of %(suit)s"),
    "4": NC_("card (Italian pack)", "Four of %(suit)s"),
    "5": NC_("card (Italian pack)", "Five of %(suit)s"),
    "6": NC_("card (Italian pack)", "Six of %(suit)s"),
    "7": NC_("card (Italian pack)", "Seven of %(suit)s"),
    "F": NC_("card (Italian pack)", "Jack of %(suit)s"),
    "C": NC_("card (Italian pack)", "Knight of %(suit)s"),
    "R": NC_("card (Italian pack)", "King of %(suit)s"),
}

ITALIAN_CARD_THE: dict[str, tuple[str, str]] = {
    "A": NC_("the card (Italian pack)", "the ace of %(suit)s"),
    "2": NC_("the card (Italian pack)", "the two of %(suit)s"),
    "3": NC_("the card (Italian pack)", "the three of %(suit)s"),
    "4": NC_("the card (Italian pack)", "the four of %(suit)s"),
    "5": NC_("the card (Italian pack)", "the five of %(suit)s"),
    "6": NC_("the card (Italian pack)", "the six of %(suit)s"),
    "7": NC_("the card (Italian pack)", "the seven of %(suit)s"),
    "F": NC_("the card (Italian pack)", "the jack of %(suit)s"),
    "C": NC_("the card (Italian pack)", "the knight of %(suit)s"),
    "R": NC_("the card (Italian pack)", "the king of %(suit)s"),
}

ITALIAN_CARD_THE_ACCUSATIVE: dict[str, tuple[str, str]] = {
    "A": NC_("the card, accusative (Italian pack)", "the ace of %(suit)s"),
    "2": NC_("the card, accusative (Italian pack)", "the two of %(suit)s"),
    "3": NC_("the card, accusative (Italian pack)", "the three of %(suit)s"),
    "4": NC_("the card, accusative (Italian pack)", "the four of %(suit)s"),
    "5": NC_("the card, accusative (Italian pack)", "the five of %(suit)s"),
    "6": NC_("the card, accusative (Italian pack)", "the six of %(suit)s"),
    "7": NC_("the card, accusative (Italian pack)", "the seven of %(suit)s"),
    "F": NC_("the card, accusative (Italian pack)", "the jack of %(suit)s"),
    "C": NC_("the card, accusative (Italian pack)", "the knight of %(suit)s"),
    "R": NC_("the card, accusative (Italian pack)", "the king of %(suit)s"),
}

# What an Italian card's face shows (no suit has a symbol in Unicode): a short
# rank and the suit's name, both in the reader's language; 2 to 7 as digits.
ITALIAN_FACE_RANKS: dict[str, tuple[str, str]] = {
    "A": NC_("rank on a card face", "A"),
    "F": NC_("rank on a card face", "J"),
    "C": NC_("rank on a card face", "Kn"),
    "R": NC_("rank on a card face", "K"),
}
ITALIAN_FACE_SUITS: dict[str, tuple[str, str]] = {
    "C": NC_("suit on a card face", "cups"),
    "D": NC_("suit on a card face", "coins"),
    "S": NC_("suit on a card face", "swords"),
    "B": NC_("suit on a card face", "batons"),
}

# The letters a French card's corner shows, as each language's players know them (German Bube,
# Dame, König: B D K; Dutch boer, vrouw, heer: B V H); the catalogs decide, the glossary says why.
FRENCH_FACE_RANKS: dict[str, tuple[str, str]] = {
    "J": NC_("rank on a French card face", "J"),
    "Q": NC_("rank on a French card face", "Q"),
    "K": NC_("rank on a French card face", "K"),
    "A": NC_("rank on a French card face", "A"),
}

# A card's face (the tile ``10♥`` a page draws) inside a sentence, by rank: where a language puts an article
# before a card, it goes with the face as with the card's name, since its form follows the rank (Italian "prende
# con il 6♣", "scarta la D♠", "con l’A♥"; a reader found the bare tile ungrammatical). English, German, Dutch and
# Hebrew write the face alone.
FACE_IN_SENTENCE: dict[str, tuple[str, str]] = {
    "2": NC_("card face in a sentence: a two", "%(face)s"),
    "3": NC_("card face in a sentence: a three", "%(face)s"),
    "4": NC_("card face in a sentence: a four", "%(face)s"),
    "5": NC_("card face in a sentence: a five", "%(face)s"),
    "6": NC_("card face in a sentence: a six", "%(face)s"),
    "7": NC_("card face in a sentence: a seven", "%(face)s"),
    "8": NC_("card face in a sentence: an eight", "%(face)s"),
    "9": NC_("card face in a sentence: a nine", "%(face)s"),
    "T": NC_("card face in a sentence: a ten", "%(face)s"),
    "J": NC_("card face in a sentence: a jack", "%(face)s"),
    "Q": NC_("card face in a sentence: a queen", "%(face)s"),
    "K": NC_("card face in a sentence: a king", "%(face)s"),
    "A": NC_("card face in a sentence: an ace", "%(face)s"),
}
ITALIAN_FACE_IN_SENTENCE: dict[str, tuple[str, str]] = {
    **{r: FACE_IN_SENTENCE[r] for r in "A234567"},
    "F": FACE_IN_SENTENCE["J"],
    "C": NC_("card face in a sentence: a knight", "%(face)s"),
    "R": FACE_IN_SENTENCE["K"],
}
FACE_IN_SENTENCE_OF = {"french": FACE_IN_SENTENCE, "italian": ITALIAN_FACE_IN_SENTENCE}

# A definite card or suit as the object of a verb, each item of a list: Hebrew marks each with את ("לוקח את כל
# הלבבות ואת מלכת העלה"; a reader found the marker before the first item only). The other languages write the
# item as it is; their object forms are the accusative card names.
OBJECT = NC_("a definite card or suit as the object of a verb", "%(item)s")

SUIT_FORMS_OF = {"french": SUIT_FORMS, "italian": ITALIAN_SUIT_FORMS}
RANK_NAMES_OF = {"french": RANK_NAMES, "italian": ITALIAN_RANK_NAMES}
CARD_NAMES_OF = {"french": CARD_NAMES, "italian": ITALIAN_CARD_NAMES}
Case = Literal["nominative", "accusative"]
CASES: tuple[Case, ...] = ("nominative", "accusative")
CARD_BOTH_OF = {"french": CARD_BOTH, "italian": ITALIAN_CARD_BOTH}
# A card with a name of its own where the rules first give what it scores (the form ``named``): Italian players
# call the queen of spades "la Peppa" (it.wikipedia, Peppa: "Donna di picche (Peppa): 13 punti"; an Italian
# reader asked for it); a language without such a name says the card as in running text.
CARD_NAMED: dict[str, tuple[str, str]] = {
    "QS": NC_("the card, where the rules first say what it scores", "the queen of spades"),
}
CARD_THE_OF: dict[str, dict[Case, dict[str, tuple[str, str]]]] = {
    "french": {"nominative": CARD_THE, "accusative": CARD_THE_ACCUSATIVE},
    "italian": {"nominative": ITALIAN_CARD_THE, "accusative": ITALIAN_CARD_THE_ACCUSATIVE},
}
CARD_ONE_OF: dict[str, dict[Case, dict[str, tuple[str, str]]]] = {
    "french": {"nominative": CARD_ONE, "accusative": CARD_ONE_ACCUSATIVE},
    "italian": {"nominative": ITALIAN_CARD_ONE, "accusative": ITALIAN_CARD_ONE_ACCUSATIVE},
}

DIRECTIONS: dict[str, tuple[str, str]] = {
    "left": NC_("pass", "to the left"),
    "right": NC_("pass", "to the right"),
    "across": NC_("pass", "across the table"),
    "hold": NC_("pass", "no passing"),
}

SeatForm = Literal["label", "sentence", "to"]
SEAT_FORMS: dict[SeatForm, tuple[str, str]] = {
    # heading a line or a table row: "Player 3"
    "label": NC_("seat", "Player %(number)s"),
    # inside a sentence, as its subject or object: Italian "il giocatore 3"
    "sentence": NC_("seat, in a sentence", "Player %(number)s"),
    # after "to" (passing cards to a player): "to Player 3", Italian "al giocatore 3", Hebrew "לשחקן 3"
    "to": NC_("seat, after 'to'", "to Player %(number)s"),
}
SEAT = SEAT_FORMS["label"]
# Two seats or more in the same three forms, their numbers joined: "Players 1 and 3", Italian "i giocatori 1 e 3".
SEATS_FORMS: dict[SeatForm, tuple[str, str]] = {
    "label": NC_("seats", "Players %(numbers)s"),
    "sentence": NC_("seats, in a sentence", "Players %(numbers)s"),
    "to": NC_("seats, after 'to'", "to Players %(numbers)s"),
}

# Bids that are not a number of tricks (``bid 3`` shows as the number).
BID_NAMES: dict[str, tuple[str, str]] = {
    "nil": NC_("bid", "nil"),
    "blind-nil": NC_("bid", "blind nil"),
    "hold": NC_("bid", "hold"),  # a ladder auction (Skat's Reizen): the one asked keeps up ("ja")
    "pass": NC_("bid", "pass"),
    "healthy": NC_("bid", "healthy"),  # no reservation (Doppelkopf's "gesund")
    "skat": NC_("bid", "take the skat"),  # the declarer takes up the talon (Skat's "Skat aufnehmen")
}
# The contracts a player may announce before play (referee.mechanisms.contracts), by their id: Doppelkopf's
# solos. A house rule's own id shows as written.
CONTRACT_NAMES: dict[str, tuple[str, str]] = {
    "queens": NC_("contract", "queens solo"),
    "jacks": NC_("contract", "jacks solo"),
    "aces": NC_("contract", "aces solo"),
    "suit": NC_("contract", "%(suit)s solo"),
    "wedding": NC_("contract", "wedding"),  # Doppelkopf's Hochzeit: said as its id alone
    # Skat's games: a suit game by its suit, grand, null
    "clubs": NC_("contract", "clubs"),
    "spades": NC_("contract", "spades"),
    "hearts": NC_("contract", "hearts"),
    "diamonds": NC_("contract", "diamonds"),
    "grand": NC_("contract", "grand"),
    "null": NC_("contract", "null"),
    "null-ouvert": NC_("contract", "null ouvert"),
}
CONTRACT_ANY_SUIT = NC_("contract", "suit solo")  # the kind whose player names the trump suit
# A contract declared without taking up the talon (Skat's hand game), and what its declarer announced with it.
HAND_GAME = NC_("contract", "%(game)s hand")
LEVEL_NAMES: dict[str, tuple[str, str]] = {
    "schneider": NC_("contract", "%(game)s, schneider announced"),
    "schwarz": NC_("contract", "%(game)s, schwarz announced"),
    "ouvert": NC_("contract", "%(game)s ouvert"),
}


def contract_name(lang: Lang, word: str, pack: Pack = "french") -> str:
    """A contract as its word names it: ``solo queens`` is "queens solo", ``solo suit H`` "hearts solo",
    ``solo grand hand schneider`` "grand hand, schneider announced"."""
    parts = word.split()
    if len(parts) > 2 and parts[-2] == "hand" and parts[-1] in LEVEL_NAMES:
        # an open game is a hand game by its nature: "grand ouvert", not "grand hand ouvert"
        game = contract_name(lang, " ".join(parts[:-2] if parts[-1] == "ouvert" else parts[:-1]), pack)
        return tr(lang, LEVEL_NAMES[parts[-1]]) % {"game": game}
    if len(parts) > 2 and parts[-1] == "hand":
        return tr(lang, HAND_GAME) % {"game": contract_name(lang, " ".join(parts[:-1]), pack)}
    if word in CONTRACT_NAMES:  # a contract said as its id alone (a wedding)
        return tr(lang, CONTRACT_NAMES[word])
    name = CONTRACT_NAMES.get(parts[1]) if len(parts) > 1 else None
    if name is None:
        return " ".join(parts[1:])
    if "%(suit)s" in name[1] and len(parts) < 3:  # the kind, before its player names the suit
        return tr(lang, CONTRACT_ANY_SUIT)
    text = tr(lang, name)
    return text % {"suit": suit_name(lang, parts[2], "of", pack)} if len(parts) > 2 else text


# The words a player announces during play (referee.mechanisms.announcements): quoted inside a rule page's
# sentences, bare on the kiosk's buttons.
SAID_QUOTED: dict[str, str] = {
    "re": N_("“Re”"),
    "kontra": N_("“Kontra”"),
    "no 90": N_("“no 90”"),
    "no 60": N_("“no 60”"),
    "no 30": N_("“no 30”"),
    "schwarz": N_("“schwarz”"),
}
SAID_BARE: dict[str, tuple[str, str]] = {
    "re": NC_("announcement", "Re"),
    "kontra": NC_("announcement", "Kontra"),
    "no 90": NC_("announcement", "no 90"),
    "no 60": NC_("announcement", "no 60"),
    "no 30": NC_("announcement", "no 30"),
    "schwarz": NC_("announcement", "schwarz"),
}


#: A step that names the speaker's party (``re no 90``), said where the table does not yet know the party.
SAID_WITH_PARTY = NC_("announcement", "%(party)s, %(word)s")


def said_name(lang: Lang, word: str, quoted: bool = False) -> str:
    """An announcement as the engine words it (``no 90``), in ``lang``: “keine 90” in a sentence, or bare;
    a step naming its party (``re no 90``) as "Re, keine 90"."""
    party, _, step = word.partition(" ")
    if step in SAID_BARE and party in SAID_BARE:
        return tr(lang, SAID_WITH_PARTY) % {
            "party": said_name(lang, party, quoted),
            "word": said_name(lang, step, quoted),
        }
    return lang.gettext(SAID_QUOTED[word]) if quoted else tr(lang, SAID_BARE[word])


#: No trump in a contract's short name, after the number of tricks ("7NT")
NO_TRUMP_SHORT = NC_("contract", "NT")

assert set(RANK_NAMES) == set(RANKS) and all(set(f) == set(SUITS) for f in SUIT_FORMS.values())
for _pack in PACK_SUITS:
    assert all(set(f) == set(PACK_SUITS[_pack]) for f in SUIT_FORMS_OF[_pack].values()), _pack
    assert set(RANK_NAMES_OF[_pack]) == set(CARD_NAMES_OF[_pack]) == set(PACK_RANKS[_pack])
    assert all(set(CARD_THE_OF[_pack][case]) == set(PACK_RANKS[_pack]) for case in CASES), _pack
    assert set(CARD_BOTH_OF[_pack]) == set(PACK_RANKS[_pack]), _pack
    assert set(FACE_IN_SENTENCE_OF[_pack]) == set(PACK_RANKS[_pack]), _pack


def tr(lang: Lang, pair: tuple[str, str]) -> str:
    return lang.pgettext(*pair)


def pack_of(pack: Pack) -> str:
    """The pack's name, for a deck or a pack name."""
    return pack.pack if isinstance(pack, Deck) else pack


def _split(code: str) -> tuple[str, str]:
    """A card code's rank and suit: ``QS`` -> ``Q``, ``S``; Italian ``CB`` -> ``C``, ``B``."""
    return code[:-1], code[-1]


# The trumps of a contract that makes them a suit of their own (a grand, a queens solo): not a suit of the
# pack, so a flag that a player showed out of them names them so (referee.playing.TRUMPS).
TRUMPS_NAME = NC_("suit", "trumps")


def suit_name(lang: Lang, suit: str, form: str = "plural", pack: Pack = "french") -> str:
    if suit == TRUMPS:
        return tr(lang, TRUMPS_NAME)
    return tr(lang, SUIT_FORMS_OF[pack_of(pack)][form][suit])


def rank_name(lang: Lang, rank: str, pack: Pack = "french") -> str:
    return tr(lang, RANK_NAMES_OF[pack_of(pack)][rank])


# the Italian pack's: its fante, cavallo and re are the jacks, knights and kings (as ITALIAN_RANK_NAMES)
ITALIAN_RANK_PLURALS: dict[str, tuple[str, str]] = {
    "A": RANK_PLURALS["A"],
    **{r: RANK_PLURALS[r] for r in "234567"},
    "F": RANK_PLURALS["J"],
    "C": NC_("rank, plural", "knights"),
    "R": RANK_PLURALS["K"],
}


def rank_plural(lang: Lang, rank: str, pack: Pack = "french") -> str:
    """A rank in the plural: "jacks", Italian "knights"."""
    plurals = ITALIAN_RANK_PLURALS if pack_of(pack) == "italian" else RANK_PLURALS
    return tr(lang, plurals[rank])


def trump_rank_name(lang: Lang, rank: str, pack: Pack = "french", short: bool = False) -> str:
    """A rank of the trump suit where the trump suit's cards count apart, as the rules state its value: Dutch
    "jas (troefboer)" for the jack, "nel (troefnegen)" for the nine; ``short``: the name alone ("jas"), as a label
    writes it. The rank's own name where the language has no other (and for the other ranks)."""
    names = TRUMP_RANK_NAMES if short else TRUMP_RANK_NAMES_EXPLAINED
    if pack_of(pack) == "french" and rank in names:
        return tr(lang, names[rank])
    return rank_name(lang, rank, pack)


def card_name(lang: Lang, code: str, pack: Pack = "french") -> str:
    """The accessible name of a card of ``pack``: "Queen of spades", "Pik-Dame"; Italian "Knight of batons"."""
    name = pack_of(pack)
    rank, suit = _split(code)
    return tr(lang, CARD_NAMES_OF[name][rank]) % {"suit": suit_name(lang, suit, "of", name)}


def card_the(lang: Lang, code: str, pack: Pack = "french", case: Case = "nominative") -> str:
    """A card of ``pack`` in running text: "the queen of spades", "die Pik-Dame"; Italian "il cavallo di bastoni".

    ``case``: the card's role in its sentence; the object of a verb takes the accusative set
    (German "den Pik-König").
    """
    name = pack_of(pack)
    rank, suit = _split(code)
    return tr(lang, CARD_THE_OF[name][case][rank]) % {"suit": suit_name(lang, suit, "of", name)}


def card_face(lang: Lang, code: str, pack: Pack = "french") -> tuple[str, str]:
    """What a card's face shows: its rank and its suit's symbol (French ``10``, ``♥``) or short name (Italian).

    A French court card shows the letter its players know (German ``D`` for Dame), on the pages and on the
    kiosk's card grid alike (the kiosk's keys stay the code's letters: its F1 help names each face's key).
    """
    name = pack_of(pack)
    rank, suit = _split(code)
    if name == "french":
        shown = "10" if rank == "T" else tr(lang, FRENCH_FACE_RANKS[rank]) if rank in FRENCH_FACE_RANKS else rank
        return shown, SUIT_SYMBOLS[SUITS.index(suit)]
    shown = tr(lang, ITALIAN_FACE_RANKS[rank]) if rank in ITALIAN_FACE_RANKS else rank
    return shown, tr(lang, ITALIAN_FACE_SUITS[suit])


def patterns(deck: Deck, in_play: int, mask: int) -> tuple[str, ...]:
    """The cards of ``mask`` as suits where it holds every card of a suit in play, cards otherwise.

    Each code comes once, however many copies of its card ``mask`` holds.
    """
    out: list[str] = []
    for letter, suit_cards in zip(deck.suits, deck.suit_masks, strict=True):
        suit_cards &= in_play
        part = mask & suit_cards
        if part and part == suit_cards:
            out.append(letter)
        elif part:
            out.extend(deck.mask_codes(part))
    return tuple(out)


def card_both(lang: Lang, code: str, pack: Pack = "french") -> str:
    """Both copies of a card of ``pack`` (a pack that holds each card twice): "both queens of clubs"."""
    name = pack_of(pack)
    rank, suit = _split(code)
    return tr(lang, CARD_BOTH_OF[name][rank]) % {"suit": suit_name(lang, suit, "of", name)}


def card_one(lang: Lang, code: str, pack: Pack = "french", case: Case = "nominative") -> str:
    """One of the copies of a card of ``pack`` (a pack that holds each card twice): "a queen of clubs", German
    "eine Kreuz-Dame" (as the object of a verb, ``case`` accusative: "einen Kreuz-Buben")."""
    name = pack_of(pack)
    rank, suit = _split(code)
    return tr(lang, CARD_ONE_OF[name][case][rank]) % {"suit": suit_name(lang, suit, "of", name)}


def pattern_name(lang: Lang, pattern: str, form: str, pack: Pack = "french", case: Case = "nominative") -> str:
    """A suit (in ``form``) or a card (with its article, in ``case``; in the form ``both``, both its copies; in
    the form ``one``, one of its copies, with the indefinite article) of ``pack``; as the object of a verb
    (``case`` accusative), a definite one with the language's object marker (:data:`OBJECT`)."""
    if len(pattern) == 1:
        text = suit_name(lang, pattern, form, pack)
        definite = form == "all"  # "all the hearts"; "hearts", "a heart", "each heart" take no object marker
    elif form == "named" and pack_of(pack) == "french" and pattern in CARD_NAMED and case == "nominative":
        text, definite = tr(lang, CARD_NAMED[pattern]), True
    elif form == "one":
        text = card_one(lang, pattern, pack, case)
        definite = False
    else:
        text = card_both(lang, pattern, pack) if form == "both" else card_the(lang, pattern, pack, case)
        definite = True
    # a definite object takes the language's marker, item by item (Hebrew "את")
    return object_item(lang, text) if case == "accusative" and definite else text


def face_in_sentence(lang: Lang, code: str, face: str, pack: Pack = "french") -> str:
    """A card's drawn ``face`` (any text standing for it) as a sentence names it: with the article its rank
    takes where the language writes one (Italian "il 6♣", "l’A♥")."""
    return tr(lang, FACE_IN_SENTENCE_OF[pack_of(pack)][_split(code)[0]]) % {"face": face}


def object_item(lang: Lang, text: str) -> str:
    """A definite card or suit as the object of a verb (:data:`OBJECT`): Hebrew "את ..."."""
    return tr(lang, OBJECT) % {"item": text}


def seat_name(lang: Lang, seat: int, form: SeatForm = "label") -> str:
    """A seat's name: as a label ("Player 3"), inside a sentence (Italian "il giocatore 3") or after "to"."""
    return tr(lang, SEAT_FORMS[form]) % {"number": lang.number(seat + 1)}


def seats_name(lang: Lang, seats: Sequence[int], form: SeatForm = "label") -> str:
    """Seats by name: "Player 3" for one, "Players 1 and 3" for more (not "Player 1 and Player 3")."""
    if len(seats) == 1:
        return seat_name(lang, seats[0], form)
    return tr(lang, SEATS_FORMS[form]) % {"numbers": lang.join([lang.number(s + 1) for s in seats])}


def bid_name(lang: Lang, word: str, pack: Pack = "french") -> str:
    """A bid as players say it: ``bid 3`` -> "3", ``nil`` -> "nil", a contract ``bid 7H`` -> "7♥"."""
    contract = read_contract(word)
    if contract is not None:
        tricks, suit = contract
        if suit == NO_TRUMP_CALL:
            return lang.number(tricks) + tr(lang, NO_TRUMP_SHORT)
        if pack_of(pack) == "french":
            return lang.number(tricks) + SUIT_SYMBOLS[SUITS.index(suit)]
        return f"{lang.number(tricks)} {tr(lang, ITALIAN_FACE_SUITS[suit])}"
    if word.startswith(("bid ", "say ")):  # a number of tricks, or a ladder's value (Skat's "18")
        return lang.number(int(word[4:]))
    if word.startswith("solo ") or word in CONTRACT_NAMES:  # a contract chosen before play (Doppelkopf's solos)
        return contract_name(lang, word, pack)
    return tr(lang, BID_NAMES[word])


# Small numbers as a language's rule prose writes them. A rule book writes "zwölf Karten", "viermal
# reihum", "jede Karte doppelt" where English pages keep digits: each message here is a number, and its
# translation is what that language writes for it in that role (the digits themselves where it keeps
# them; Hebrew, whose number words agree in gender with their noun, keeps digits). Larger numbers, and
# the numbers of a role no message names, are digits.
NUMBER_WORDS: dict[str, dict[int, tuple[str, str]]] = {
    # a count in running prose: "twelve cards", "four players", "the first three tricks"
    "count": {
        1: NC_("number in words", "1"),
        2: NC_("number in words", "2"),
        3: NC_("number in words", "3"),
        4: NC_("number in words", "4"),
        5: NC_("number in words", "5"),
        6: NC_("number in words", "6"),
        7: NC_("number in words", "7"),
        8: NC_("number in words", "8"),
        9: NC_("number in words", "9"),
        10: NC_("number in words", "10"),
        11: NC_("number in words", "11"),
        12: NC_("number in words", "12"),
    },
    # how many copies of each card the deck holds: German "doppelt", "dreifach"
    "copies": {
        2: NC_("copies of each card", "2"),
        3: NC_("copies of each card", "3"),
        4: NC_("copies of each card", "4"),
    },
}
NumberRole = Literal["", "count", "copies"]


def number_text(lang: Lang, value: int, role: NumberRole = "") -> str:
    """A number as ``lang`` writes it in ``role`` (:data:`NUMBER_WORDS`): a word where it has one, else digits."""
    word = NUMBER_WORDS.get(role, {}).get(value) if role else None
    return tr(lang, word) if word is not None else lang.number(value)
