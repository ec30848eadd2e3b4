"""Packs of cards and the decks rulesets build from them, as int bitmasks.

A *pack* is a kind of playing cards: its suits and its ranks, each written
with one character (``10`` aside) so that a card's code is its rank then its
suit. Two packs are known:

========  ======================  =====================================================
pack      suits                   ranks, in the pack's own order (low to high)
========  ======================  =====================================================
french    C D H S (♣ ♦ ♥ ♠)       2 3 4 5 6 7 8 9 T J Q K A
italian   C D S B (coppe, denari,  A 2 3 4 5 6 7 F C R (fante, cavallo, re)
          spade, bastoni)
========  ======================  =====================================================

So ``QS`` is the queen of spades in a French pack, and ``CB`` the cavallo
(knight) of bastoni in an Italian one.

A card's index is ``copy * stride + suit * ranks + rank`` with ``stride = suits
* ranks``: a French pack with one copy is exactly the 52-card space of
:mod:`referee.cards`, and Doppelkopf's two copies of each card are 104 bits of
which 48 are in play. A :class:`Deck` is a pack with a number of copies: it
turns indices to codes and back and lists the codes of a mask, one code per
card however many copies of it a mask holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from .cards import CODES, Card, mask_codes

#: The suits and ranks of each pack, low to high.
PACK_SUITS: Final = {"french": "CDHS", "italian": "CDSB"}
PACK_RANKS: Final = {
    "french": ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"),
    "italian": ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R"),
}
MAX_SEATS: Final = 8
#: Whether this module runs compiled with mypyc (see referee/_compiled.py): it then lists a mask's codes
#: bit by bit, in a few native operations a card, cheaper than the chunk tables of
#: :func:`referee.cards.mask_codes` (a large table a lookup is likely to miss in the cache); interpreted,
#: the tables are much cheaper than a loop.
NATIVE: Final = not __file__.endswith(".py")


@dataclass(frozen=True)
class Deck:
    """A pack in a number of copies: the card space one ruleset plays in."""

    pack: str
    suits: str  # one letter per suit
    ranks: tuple[str, ...]  # the pack's ranks, low to high
    copies: int
    stride: int  # indices per copy: suits * ranks
    size: int  # indices in all: stride * copies
    codes: tuple[str, ...]  # per index
    index: dict[str, int]  # code -> the index of its first copy
    suit_of: tuple[int, ...]  # per index
    rank_of: tuple[int, ...]  # per index: the rank's place in `ranks`
    suit_masks: tuple[int, ...]  # per suit, every copy
    # [seat][index] -> (seat, code) and (seat, index): shared pairs a play records
    # instead of allocating new ones. Typed Any on purpose: typed as pairs, mypyc
    # would unpack each pair into a C struct and box a fresh tuple on every append.
    seat_codes: tuple[tuple[Any, ...], ...]
    seat_cards: tuple[tuple[Any, ...], ...]
    french: bool  # the French pack in one copy: the fast tables of referee.cards apply
    chunked: bool  # a French pack in one copy, interpreted: mask_codes reads referee.cards' tables (see NATIVE)

    def mask_codes(self, mask: int) -> list[str]:
        """The codes of a mask in index order, each code once (copies fold together)."""
        if self.chunked:
            return mask_codes(mask)
        if self.copies == 1:
            folded = mask
        else:
            stride = self.stride
            folded = 0
            for _ in range(self.copies):
                folded |= mask & ((1 << stride) - 1)
                mask >>= stride
        out = []
        codes = self.codes
        while folded:
            low = folded & -folded
            out.append(codes[low.bit_length() - 1])
            folded ^= low
        return out

    def card_in(self, code: str, mask: int) -> int:
        """The index of the first copy of ``code`` in ``mask`` (or of its first copy), -1 if no such card."""
        first = self.index.get(code, -1)
        if first < 0:
            return -1
        for k in range(self.copies):
            card = first + k * self.stride
            if mask >> card & 1:
                return card
        return first

    def read(self, text: str) -> int:
        """The first-copy index of a card as a player types it, -1 if it is none.

        A French card in every spelling ``Card.parse`` reads (``QS``, ``10h``,
        ``♠Q``); another pack's code in any case (``cb``).
        """
        found = self.index.get(text, -1)
        if found >= 0:
            return found
        if self.pack == "french":
            try:
                return Card.parse(text).index
            except ValueError:
                return -1
        return self.index.get(text.strip().upper(), -1)

    def all_copies(self, mask: int) -> int:
        """``mask`` (first copies) widened to every copy of its cards."""
        out = 0
        for k in range(self.copies):
            out |= mask << (k * self.stride)
        return out


def make_deck(pack: str, copies: int = 1) -> Deck:
    """The deck of ``copies`` copies of ``pack`` (``french`` or ``italian``)."""
    suits = PACK_SUITS[pack]
    ranks = PACK_RANKS[pack]
    stride = len(suits) * len(ranks)
    size = stride * copies
    french = pack == "french" and copies == 1
    first = CODES if pack == "french" else tuple(r + s for s in suits for r in ranks)
    codes = tuple(first[i % stride] for i in range(size))
    suit_of = tuple((i % stride) // len(ranks) for i in range(size))
    rank_of = tuple(i % len(ranks) for i in range(size))
    suit_masks = tuple(sum(1 << i for i in range(size) if suit_of[i] == s) for s in range(len(suits)))
    return Deck(
        pack=pack,
        suits=suits,
        ranks=ranks,
        copies=copies,
        stride=stride,
        size=size,
        codes=codes,
        index={code: i for i, code in enumerate(first)},
        suit_of=suit_of,
        rank_of=rank_of,
        suit_masks=suit_masks,
        seat_codes=tuple(tuple((seat, codes[i]) for i in range(size)) for seat in range(MAX_SEATS)),
        seat_cards=tuple(tuple((seat, i) for i in range(size)) for seat in range(MAX_SEATS)),
        french=french,
        chunked=french and not NATIVE,
    )


def display(deck: Deck, code: str) -> str:
    """A card as text for people: ``10♥`` in a French pack, the code itself in others."""
    if deck.pack != "french":
        return code
    rank, suit = code[:-1], code[-1]
    return ("10" if rank == "T" else rank) + "♣♦♥♠"[deck.suits.find(suit)]


def read_pack_pattern(deck: Deck, text: str) -> int:
    """The first-copy mask a suit (``D``) or card (``AD``) of ``deck``'s pack names; -1 if it names none.

    French rulesets reach this already in canonical spelling (the loader
    rewrites ``10♦`` to ``TD``); other packs are read in any case.
    """
    code = text.upper()
    if len(code) == 1:
        suit = deck.suits.find(code)
        if suit < 0:
            return -1
        return deck.suit_masks[suit] & ((1 << deck.stride) - 1)
    card = deck.index.get(code, -1)
    return -1 if card < 0 else 1 << card
