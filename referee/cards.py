"""Cards, suits and ranks, and sets of cards as int bitmasks.

A card is an index ``suit * 13 + rank`` with suits ``C D H S`` (0-3) and ranks
``2 3 4 5 6 7 8 9 T J Q K A`` (0-12). Every ruleset uses this one card space, so
a card's bit never depends on the deck in play: Euchre's 24-card deck is simply
a mask with 24 bits set. :class:`Card` is the small immutable value users see;
the engine itself works on ints and masks.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

SUITS: Final = "CDHS"
RANKS: Final = "23456789TJQKA"
SUIT_SYMBOLS: Final = "♣♦♥♠"
NUM_CARDS: Final = 52
FULL_DECK: Final = (1 << NUM_CARDS) - 1

#: The colour partner of each suit (clubs-spades, diamonds-hearts): Euchre's
#: left bower is the jack of the trump suit's partner.
SAME_COLOUR: Final = (3, 2, 1, 0)

SUIT_MASKS: Final = tuple(0x1FFF << (13 * s) for s in range(4))

_SYMBOL_TO_SUIT = {sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

CODES: Final = tuple(r + s for s in SUITS for r in RANKS)
CODE_INDEX: Final = {code: i for i, code in enumerate(CODES)}


def suit_of(card: int) -> int:
    return card // 13


def rank_of(card: int) -> int:
    return card % 13


def bit(card: int) -> int:
    return 1 << card


def cards_in(mask: int) -> Iterator[int]:
    """The cards of a mask in index order (clubs 2 first, spades ace last)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def codes_in(mask: int) -> list[str]:
    return [CODES[c] for c in cards_in(mask)]


def lowest(mask: int) -> int:
    """The lowest card index in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


class Card:
    """An immutable playing card with a two-character text form.

    >>> Card.parse("10h")
    Card('TH')
    >>> str(Card.parse("Q♠")), Card.parse("QS").symbol()
    ('QS', 'Q♠')
    """

    __slots__ = ("index",)
    index: int

    def __init__(self, index: int) -> None:
        if not 0 <= index < NUM_CARDS:
            raise ValueError(f"card index out of range: {index!r}")
        object.__setattr__(self, "index", index)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``QS``, ``qs``, ``10H``, ``Q♠`` or ``♠Q``; raise ValueError otherwise."""
        if not isinstance(text, str):
            raise ValueError(f"not a card: {text!r}")
        code = text.strip().upper()
        if code in CODE_INDEX:
            return cls(CODE_INDEX[code])
        rank = suit = ""
        for ch in code:
            if ch in _SYMBOL_TO_SUIT:
                suit += _SYMBOL_TO_SUIT[ch]
            elif ch in SUITS and not suit and rank:
                suit = ch
            else:
                rank += ch
        if not suit and len(code) >= 2 and code[0] in SUITS:  # suit first: "S Q", "H10"
            suit, rank = code[0], code[1:].strip()
        rank = {"10": "T"}.get(rank.strip(), rank.strip())
        if len(rank) == 1 and rank in RANKS and len(suit) == 1 and suit in SUITS:
            return cls(CODE_INDEX[rank + suit])
        raise ValueError(f"not a card: {text!r} (write rank then suit, e.g. 'QS', '10H', 'Q♠')")

    @property
    def suit(self) -> str:
        return SUITS[self.index // 13]

    @property
    def rank(self) -> str:
        return RANKS[self.index % 13]

    def symbol(self) -> str:
        """Display form with the suit symbol and 10 written out: ``10♥``."""
        rank = "10" if self.rank == "T" else self.rank
        return rank + SUIT_SYMBOLS[self.index // 13]

    def __str__(self) -> str:
        return CODES[self.index]

    def __repr__(self) -> str:
        return f"Card({CODES[self.index]!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and other.index == self.index

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index


def _chunk_table(suit: int) -> tuple[list[str], ...]:
    names = CODES[13 * suit : 13 * suit + 13]
    return tuple([names[r] for r in range(13) if m >> r & 1] for m in range(1 << 13))


#: ``CHUNKS[s][m]`` is the list of codes of the 13-bit suit mask ``m`` of suit
#: ``s``: turning a mask into a list of strings costs at most four lookups.
#: Lists, never handed out: :func:`mask_codes` copies (one allocation of the
#: exact size) or concatenates them, which is cheaper than growing a list.
CHUNKS: Final = tuple(_chunk_table(s) for s in range(4))


# Final, so that compiled code reads them as C statics, not from the module dict.
_C: Final = CHUNKS[0]
_D: Final = CHUNKS[1]
_H: Final = CHUNKS[2]
_S: Final = CHUNKS[3]


def mask_codes(mask: int) -> list[str]:
    """Codes of a mask, suit by suit, using the precomputed chunk tables."""
    # This runs once per legal-actions call, the engine's hottest path. Most
    # legal plays lie in one suit (following suit): one lookup, one copy.
    if mask < 0x2000:
        return _C[mask].copy()
    clubs = mask & 0x1FFF
    if not clubs and mask < 0x4000000:
        return _D[mask >> 13].copy()
    if not mask & 0x3FFFFFF:
        if mask < 0x8000000000:
            return _H[mask >> 26].copy()
        if not mask & 0x7FFFFFFFFF:
            return _S[mask >> 39].copy()
    # Cards of several suits: the first two concatenated (a new list of the
    # exact size), then the others appended where there are any.
    out = _C[clubs] + _D[(mask >> 13) & 0x1FFF]
    hearts, spades = (mask >> 26) & 0x1FFF, mask >> 39
    if hearts:
        out += _H[hearts]
    if spades:
        out += _S[spades]
    return out


# -- suits and cards as a ruleset writes them ------------------------------------

#: How a ruleset may write a card: what the schema's card pattern accepts too.
CARD_SPELLINGS: Final = (
    "a rank 2-9, T or 10, J, Q, K, A then a suit C, D, H, S or ♣ ♦ ♥ ♠ ('QS', '10H', 'q♠'), "
    "or a suit symbol then a rank ('♠Q', '♦10'); upper or lower case"
)
_PATTERN_SUITS: Final = {
    **{s: s for s in SUITS},
    **{s.lower(): s for s in SUITS},
    **{sym: SUITS[i] for i, sym in enumerate(SUIT_SYMBOLS)},
}
_PATTERN_RANKS: Final = {**{r: r for r in RANKS}, **{r.lower(): r for r in RANKS}, "10": "T"}


def read_pattern(text: str) -> str:
    """The canonical form of a suit or card as a ruleset writes it: ``"h"`` -> ``"H"``, ``"10♦"`` -> ``"TD"``.

    Reads every spelling of :data:`CARD_SPELLINGS` (the spellings of
    :meth:`Card.parse` that the README promises: ``10H``, ``q♠``, ``♠Q``), and
    a suit alone as a letter or a symbol. Nothing else: no spaces, no suit
    letter before the rank. Raises ValueError.
    """
    if isinstance(text, str):
        suit = _PATTERN_SUITS.get(text)
        if suit is not None:
            return suit
        if text and text[0] in SUIT_SYMBOLS:
            rank, suit = _PATTERN_RANKS.get(text[1:]), _PATTERN_SUITS.get(text[:1])
        else:
            rank, suit = _PATTERN_RANKS.get(text[:-1]), _PATTERN_SUITS.get(text[-1:])
        if rank is not None and suit is not None:
            return rank + suit
    raise ValueError(f"{text!r} is not a suit or a card ({CARD_SPELLINGS})")


def pattern_mask(text: str) -> int:
    """The cards a suit or card pattern names, as a mask: ``"H"`` is every heart, ``"q♠"`` the queen of spades."""
    code = read_pattern(text)
    if len(code) == 1:
        return SUIT_MASKS[SUITS.index(code)]
    return bit(CODE_INDEX[code])
