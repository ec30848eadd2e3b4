"""Dealing: the engine's own shuffle draws exactly what ``random.shuffle`` draws.

Seeded games must deal the same cards whatever the engine's speed work does, so
the fast Fisher-Yates in ``referee.dealing.shuffle`` is compared with CPython's
on many seeds and deck sizes, and a seeded deal with the dealing it implies.
A deal that leaves cards unused (Euchre's kitty, Oh Hell's short hands) draws
only the cards it uses, front to back, each with ``randrange`` over the cards
left: the same draws are made here with the standard library and compared.
"""

from __future__ import annotations

import random

import pytest

from referee import Game, load_ruleset
from referee.cards import CODES
from referee.dealing import shuffle


@pytest.mark.parametrize("size", [1, 2, 24, 32, 40, 51, 52])
def test_shuffle_draws_like_random_shuffle(size: int) -> None:
    for seed in range(300):
        ours, theirs = list(range(size)), list(range(size))
        mine, ref = random.Random(seed), random.Random(seed)
        shuffle(ours, mine)
        ref.shuffle(theirs)
        assert ours == theirs
        assert mine.getstate() == ref.getstate()  # and leaves the generator where it would


@pytest.mark.parametrize("rid", ["hearts", "euchre", "whist", "spades", "oh-hell"])
def test_seeded_deal_is_random_shuffle_dealt_from_the_dealers_left(rid: str) -> None:
    rules = load_ruleset(rid)
    game = Game(rules, seed=11, dealer=2)
    rng = random.Random(11)  # the game draws no first dealer: it is given
    layout = game.layout
    cards = list(layout.cards)
    n, size = layout.players, layout.hand_size_of(game.number)
    used = n * size + (1 if rules.upcard else 0)
    if used < len(cards) - 1:  # only the cards the deal uses are drawn
        for i in range(used):
            j = i + rng.randrange(len(cards) - i)
            cards[i], cards[j] = cards[j], cards[i]
    else:
        rng.shuffle(cards)
    deal = game.new_deal()
    packets = rules.packets or [1] * size
    hands: list[list[str]] = [[] for _ in range(n)]
    pos = 0
    for packet in packets:
        for i in range(n):
            hands[(2 + 1 + i) % n] += [CODES[c] for c in cards[pos : pos + packet]]
            pos += packet
    assert [sorted(deal.hand(s)) for s in range(n)] == [sorted(h) for h in hands]
    assert deal.stock == [CODES[c] for c in cards[pos:]]
    assert game.rng.getstate() == rng.getstate()  # no draw more or less
    if rules.trump_kind == "dealer-last-card":
        assert deal.turned == cards[pos - 1] and deal.trump == cards[pos - 1] // 13
