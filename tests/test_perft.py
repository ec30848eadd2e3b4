"""Perft: the number of legal action sequences of each depth from fixed deals.

Every file in ``tests/perft/`` (one per bundled ruleset; format and generator
in ``tests/perft_gen.py``) is recomputed here, every depth of every position.
A changed count means the engine now allows different actions somewhere in
the tree: a rules change (regenerate the files) or a bug.

The counting itself is checked against counts derived by hand, against a
plain one-depth-at-a-time perft, and against a perft that rebuilds each line
from the deal with the checked ``apply`` instead of ``copy()`` and
``apply_unchecked()``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from perft_gen import PERFT_DIR, Position, build, format_position, parse, perft

from referee import Deal, Game, Ruleset, load_ruleset
from referee.cards import CODES
from referee.loader import bundled_ids

FILES = sorted(PERFT_DIR.glob("*.txt"))


def naive_perft(deal: Deal, depth: int) -> int:
    """Leaves at ``depth``, one depth at a time, every node made (no counting of the last level)."""
    if depth == 0:
        return 1
    total = 0
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply_unchecked(action)
        total += naive_perft(child, depth - 1)
    return total


def replay_perft(rules: Ruleset, pos: Position, line: list[str], depth: int) -> int:
    """Leaves at ``depth`` below ``line``, rebuilding the deal for every node and applying with checks."""
    deal = build(rules, pos)
    for action in line:
        deal.apply(action)
    if depth == 0:
        return 1
    return sum(replay_perft(rules, pos, [*line, a], depth - 1) for a in deal.legal_actions())


def hearts_deal(hands: list[list[str]] | None = None, number: int = 3, seed: int = 0) -> Deal:
    game = Game(load_ruleset("hearts"), players=4, seed=seed, dealer=3)
    return game.new_deal(hands=hands, dealer=3, number=number)


# -- the files -------------------------------------------------------------------------


def test_every_bundled_ruleset_has_a_perft_file() -> None:
    assert sorted(p.stem for p in FILES) == sorted(bundled_ids())


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_perft_file_counts(path: Path) -> None:
    rules = load_ruleset(path.stem)
    positions = parse(path.read_text(encoding="utf-8"))
    assert positions
    for pos in positions:
        assert len(pos.depths) >= 4, pos.name
        counts = perft(build(rules, pos), len(pos.depths))
        assert counts == pos.depths, (path.stem, pos.name)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_perft_counting_is_sound(path: Path) -> None:
    """The one-walk perft agrees with a plain perft, and with replaying every line through ``apply``."""
    rules = load_ruleset(path.stem)
    for pos in parse(path.read_text(encoding="utf-8")):
        deal = build(rules, pos)
        for depth in range(1, 4):
            assert naive_perft(deal, depth) == pos.depths[depth - 1], (pos.name, depth)
        small = 1  # the deepest depth whose whole tree (every node rebuilt) stays small
        while small < len(pos.depths) and sum(pos.depths[: small + 1]) <= 3000:
            small += 1
        assert replay_perft(rules, pos, [], small) == pos.depths[small - 1], (pos.name, small)


def test_perft_files_say_whether_they_were_cross_checked() -> None:
    for path in FILES:
        text = path.read_text(encoding="utf-8")
        blocks = text.split("\nposition ")[:-1]
        for block in blocks:
            comment = block.rsplit("\n\n", 1)[-1]
            assert "Cross-checked with OpenSpiel" in comment or "Not cross-checked" in comment, path.stem
        if path.stem in ("hearts", "euchre"):
            assert "Not cross-checked" not in text, f"{path.stem}: regenerate with pyspiel installed"


def test_format_round_trips() -> None:
    pos = Position("p", 4, 3, 2, [["2C"], ["3C"], ["4C"], ["5C"]], ["6C"], ["pass", "call H"], [1, 2, 3])
    assert parse(format_position(pos)) == [pos]
    for bad in (
        "players 4",  # before any position
        "position x\nplayers 1\nhand 0: 2C\ndepth 2: 5",  # depths must start at 1
        "position x\nplayers 1\nhand 1: 2C\ndepth 1: 5",  # hands in seat order
        "position x\nplayers 1\nhand 0: 2C\nfoo 1",  # unknown line
        "position x\nplayers 2\nhand 0: 2C\ndepth 1: 5",  # a hand missing
    ):
        with pytest.raises(ValueError):
            parse(bad)


# -- counts derived by hand --------------------------------------------------------------


def test_last_trick_has_one_line() -> None:
    """One card each: the last trick is forced (1 at depths 1-4); then the deal is over (0)."""
    deal = hearts_deal(seed=5)
    while deal.trick_number < 12 or deal.current_trick:
        deal.apply(deal.legal_actions()[0])
    assert [len(deal.hand(s)) for s in range(4)] == [1, 1, 1, 1]
    assert perft(deal, 6) == [1, 1, 1, 1, 0, 0]
    assert naive_perft(deal, 4) == 1


def test_finished_deal_has_no_lines() -> None:
    deal = hearts_deal(seed=6)
    while deal.phase != "done":
        deal.apply(deal.legal_actions()[-1])
    assert perft(deal, 3) == [0, 0, 0]
    assert naive_perft(deal, 0) == 1


# Hands made so that the first two tricks can be counted by hand (hearts, no passing):
FIRST_TRICK_HANDS = [
    # seat 0: holds the 2C, leads it
    ["2C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "2S", "3S", "4S", "5S", "6S"],
    # seat 1: three clubs
    ["3C", "4C", "5C", "2D", "3D", "4D", "5D", "6D", "7D", "2H", "3H", "4H", "5H"],
    # seat 2: no club; hearts and Q♠ are barred from the first trick
    ["8D", "9D", "TD", "JD", "QD", "KD", "AD", "6H", "7H", "8H", "9H", "TH", "QS"],
    # seat 3: K♣ and A♣, both win the first trick
    ["KC", "AC", "JH", "QH", "KH", "AH", "7S", "8S", "9S", "TS", "JS", "KS", "AS"],
]


def test_first_tricks_counted_by_hand() -> None:
    deal = hearts_deal(FIRST_TRICK_HANDS)
    assert deal.phase == "play" and deal.to_act == 0
    d1 = 1  # the 2C must open
    d2 = d1 * 3  # seat 1 follows with 3C, 4C or 5C
    d3 = d2 * 7  # seat 2 cannot follow; no heart, no Q♠ on the first trick: one of its 7 diamonds
    d4 = d3 * 2  # seat 3 follows with K♣ or A♣ and wins the trick either way
    d5 = d4 * 8  # seat 3 leads: its last club or one of 7 spades; hearts are not broken
    d6 = d4 * (1 * 7 + 7 * 5)  # seat 0 follows: a club lead leaves 7 clubs, a spade lead 5 spades
    assert perft(deal, 6) == [d1, d2, d3, d4, d5, d6] == [1, 3, 21, 42, 336, 1764]


def test_passing_counted_by_hand() -> None:
    """Passing three cards to the left: each card chosen is a ply, and the order of choices counts."""
    deal = hearts_deal(number=0, seed=7)
    assert deal.phase == "pass" and deal.pass_direction == "left"
    assert perft(deal, 5) == [13, 13 * 12, 13 * 12 * 11, 13 * 12 * 11 * 13, 13 * 12 * 11 * 13 * 12]


@pytest.mark.parametrize("dealer", range(4))
def test_euchre_bidding_counted_by_hand(dealer: int) -> None:
    """Any Euchre deal: pass or order up; the dealer discards one of 6 cards; alone or partner; a lead of 5."""
    game = Game(load_ruleset("euchre"), players=4, seed=dealer, dealer=dealer)
    deal = game.new_deal()
    d1 = 2  # pass, order-up
    d2 = 1 * 2 + 1 * 6  # pass then pass/order-up; order-up then the dealer's 6 discards (5 cards and the upcard)
    d3 = 2 + 6 + 6 * 2  # pass, pass, pass/order-up; pass, order-up, discard; order-up, discard, alone/partner
    d4 = 2 + 6 + 6 * 2 + 6 * 2 * 5  # ... and the first lead, by the maker (left of the dealer): any of 5 cards
    assert perft(deal, 4) == [d1, d2, d3, d4] == [2, 8, 20, 80]


def test_moon_choice_is_a_ply() -> None:
    """hearts-classic: seat 0 holds every club and takes every trick; the choice of moon ends the deal."""
    rules = load_ruleset("hearts-classic")
    rest = [CODES[c] for c in range(13, 52)]
    hands = [list(CODES[:13]), rest[0::3], rest[1::3], rest[2::3]]
    deal = Game(rules, players=4, seed=0, dealer=0).new_deal(hands=hands, dealer=0, number=3)
    while deal.trick_number < 12:
        deal.apply(deal.legal_actions()[0])
    # the last trick is forced, then old-moon or new-moon, then nothing
    assert perft(deal, 6) == [1, 1, 1, 1, 2, 0]
    path = PERFT_DIR / "hearts-classic.txt"
    (moon,) = [p for p in parse(path.read_text(encoding="utf-8")) if p.name == "moon-choice"]
    # after 10 tricks: 3 cards each, then 2, then 1 (hearts broken, no suit to follow for seats 1-3)
    assert moon.depths == [3, 9, 27, 81, 162, 324, 648, 1296, 1296, 1296, 1296, 1296, 2592]


# -- trick bids counted by hand --------------------------------------------------------------


@pytest.mark.parametrize("seed", range(3))
def test_oh_hell_one_card_deal_counted_by_hand(seed: int) -> None:
    """Oh Hell's first deal, any cards: bids of 0 or 1, the hook on the dealer, one forced trick."""
    game = Game(load_ruleset("oh-hell"), players=4, seed=seed, dealer=3)
    deal = game.new_deal(number=0)
    assert [len(deal.hand(s)) for s in range(4)] == [1, 1, 1, 1]
    # Seats 0-2 bid 0 or 1: 8 lines. The dealer may not bring the total to 1 trick: after three
    # zeros only 'bid 0' (1 line), after one 1 only 'bid 1' (3 lines), after two or three 1s
    # both (3 * 2 + 1 * 2 lines): 1 + 3 + 6 + 2 = 12. Then four single cards, then nothing.
    assert perft(deal, 9) == [2, 4, 8, 12, 12, 12, 12, 12, 0]


def test_trick_bids_counted_by_hand() -> None:
    """Spades: 1 to 13 or nil for each seat; Boerenbridge's first deal: 0 to 10, the dealer hooked."""
    spades = Game(load_ruleset("spades"), players=4, seed=4, dealer=3).new_deal()
    assert perft(spades, 4) == [14, 14**2, 14**3, 14**4]
    blind = Game(load_ruleset("spades-blind-nil"), players=4, seed=4, dealer=3).new_deal()
    assert perft(blind, 3) == [15, 15**2, 15**3]
    cutthroat = Game(load_ruleset("cutthroat-spades"), players=3, seed=4, dealer=2).new_deal()
    assert perft(cutthroat, 3) == [18, 18**2, 18**3]  # 1 to 17, or nil
    deal = Game(load_ruleset("boerenbridge"), players=4, seed=4, dealer=3).new_deal(number=0)
    # The dealer loses one of its 11 bids exactly when the first three bids add up to at most 10:
    # C(10 + 3, 3) = 286 of the 11**3 lines.
    assert perft(deal, 4) == [11, 11**2, 11**3, 11**4 - 286]
