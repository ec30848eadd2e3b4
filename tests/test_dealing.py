"""Dealing: the engine's own shuffle draws exactly what ``random.shuffle`` draws.

Seeded games must deal the same cards whatever the engine's speed work does, so
the fast Fisher-Yates in ``referee.engine.shuffle`` is compared with CPython's
on many seeds and deck sizes, and a seeded deal with the dealing it implies.
"""

from __future__ import annotations

import random

import pytest

from referee import Game, load_ruleset
from referee.cards import CODES
from referee.engine import shuffle


@pytest.mark.parametrize("size", [1, 2, 24, 32, 40, 51, 52])
def test_shuffle_draws_like_random_shuffle(size: int) -> None:
    for seed in range(300):
        ours, theirs = list(range(size)), list(range(size))
        mine, ref = random.Random(seed), random.Random(seed)
        shuffle(ours, mine)
        ref.shuffle(theirs)
        assert ours == theirs
        assert mine.getstate() == ref.getstate()  # and leaves the generator where it would


@pytest.mark.parametrize("rid", ["hearts", "euchre", "whist"])
def test_seeded_deal_is_random_shuffle_dealt_from_the_dealers_left(rid: str) -> None:
    rules = load_ruleset(rid)
    game = Game(rules, seed=11, dealer=2)
    rng = random.Random(11)  # the game draws no first dealer: it is given
    layout = game.layout
    cards = list(layout.cards)
    rng.shuffle(cards)
    deal = game.new_deal()
    n, size = layout.players, layout.hand_size
    packets = rules.packets or [1] * size
    hands: list[list[str]] = [[] for _ in range(n)]
    pos = 0
    for packet in packets:
        for i in range(n):
            hands[(2 + 1 + i) % n] += [CODES[c] for c in cards[pos : pos + packet]]
            pos += packet
    assert [sorted(deal.hand(s)) for s in range(n)] == [sorted(h) for h in hands]
    assert deal.stock == [CODES[c] for c in cards[pos:]]
    if rules.trump_kind == "dealer-last-card":
        assert deal.turned == cards[pos - 1] and deal.trump == cards[pos - 1] // 13
