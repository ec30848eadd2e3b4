"""Shuffling and dealing: the cards a deal starts from, drawn from a seeded generator.

A deal of the whole pack draws exactly what ``random.shuffle`` draws, so a
seed deals the same hands whatever the engine's speed work does; a deal that
leaves cards unused draws only the cards it uses (:func:`draw`). Hands are
dealt from the dealer's left, one card at a time or in the ruleset's packets.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final, cast

from .tables import Layout

#: The bit counts a draw asks the generator for, made once as Python ints. Compiled, the generator's
#: ``getrandbits`` is called through a type that takes an object, so these go to it as they are
#: instead of being boxed anew on every draw. (The casts name their types as strings: in pure Python
#: a subscripted type would be built on every call.)
_WIDTHS: Final[tuple[object, ...]] = tuple(range(64))


def shuffle(cards: list[int], rng: random.Random) -> None:
    """``rng.shuffle(cards)``, drawing exactly the same random bits, only faster.

    This is CPython's Fisher-Yates with ``_randbelow_with_getrandbits`` spelled
    out, so seeded games deal the same cards as before; a test compares the
    two on many seeds.
    """
    getrandbits, widths = cast("Callable[[object], int]", rng.getrandbits), _WIDTHS
    # The same list as objects: compiled, a swap then moves two references instead of unboxing
    # and boxing two ints.
    pool = cast("list[object]", cards)
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = widths[n.bit_length()]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pool[i], pool[j] = pool[j], pool[i]


def draw(cards: list[int], rng: random.Random, count: int) -> None:
    """Put ``count`` cards drawn at random, in random order, at the front of ``cards``.

    The first ``count`` steps of a front-to-back Fisher-Yates: every ordered
    selection is equally likely, and a short deal costs only its own cards.
    """
    getrandbits, widths = cast("Callable[[object], int]", rng.getrandbits), _WIDTHS
    pool = cast("list[object]", cards)  # (see shuffle)
    size = len(cards)
    for i in range(count):
        n = size - i
        k = widths[n.bit_length()]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        j += i
        pool[i], pool[j] = pool[j], pool[i]


def shuffled_hands(
    layout: Layout, rng: random.Random, dealer: int, packets: list[int] | None, hand_size: int, seen: int
) -> tuple[list[int], list[int], int]:
    """Shuffle the deck and deal it from the dealer's left, in packets if given.

    ``seen`` is how many cards from the top the deal uses: the hands and a card
    turned up after them. Where that leaves cards unused (Oh Hell's short
    hands, Euchre's kitty), only those cards are drawn (:func:`draw`) and the
    rest keep the deck's order; a mechanism that later draws from the stock
    must count its cards in ``seen``. Returns the hands, the undealt cards
    (top first) and the last card dealt.
    """
    cards = list(layout.cards)
    if seen < len(cards) - 1:
        draw(cards, rng, seen)
    else:
        shuffle(cards, rng)
    players = layout.players
    n = layout.in_play  # the hands dealt: one fewer where the dealer sits out
    hands = [0] * players
    if packets and sum(packets) == hand_size:
        for i in range(n):  # the i-th player from the dealer's left gets the i-th packet of each round
            m = 0
            start = 0  # the first card of this round of packets
            for size in packets:
                first = start + i * size
                for k in range(first, first + size):
                    m |= 1 << cards[k]
                start += size * n
            hands[(dealer + 1 + i) % players] = m
        pos = start
    else:  # one card at a time, starting left of the dealer
        pos = n * hand_size
        for i in range(n):  # the i-th player from the dealer's left gets every n-th card
            m = 0
            k = i
            while k < pos:  # not range(i, pos, n): compiled, a stepped range is a Python object
                m |= 1 << cards[k]
                k += n
            hands[(dealer + 1 + i) % players] = m
    return hands, cards[pos:], cards[pos - 1]
