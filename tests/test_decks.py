"""Decks beyond one French pack: an Italian 40-card pack, a 32-card piquet deck, two copies of each card.

Each deck must validate, deal and play under the same engine, with the codes
of its own pack (``referee/deck.py`` documents them): Italian ``AD`` (asso di
denari), ``CB`` (cavallo di bastoni), ``RS`` (re di spade); French ``QS``.
Rank orders other than the pack's (Tressette's 3 2 A R C F 7 6 5 4) decide
tricks, points come per rank, and of two equal cards the first played wins.
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from referee import Deal, Game, IllegalAction, Ruleset, RulesetError, load_ruleset
from referee.deck import make_deck

TRESSETTE = """\
id: tressette-test
title: Tressette
players:
  counts: [4]
  teams: opposite
deck:
  pack: italian
  order: [4, 5, 6, 7, F, C, R, A, 2, 3]
scoring:
  rank_points: {A: 3, "2": 1, "3": 1, R: 1, C: 1, F: 1}
  teams: summed
game:
  target: 31
  winner: highest
"""

PIQUET = """\
id: piquet-whist
title: Whist with a piquet deck
players:
  counts: [4]
  teams: opposite
deck:
  ranks: ["7", "8", "9", T, J, Q, K, A]
trump:
  kind: dealer-last-card
scoring:
  teams: shared
  book:
    tricks: 4
game:
  target: 5
  winner: highest
"""

DOUBLE = """\
id: double-pack
title: Two of each card
players:
  counts: [4]
  teams: opposite
deck:
  ranks: ["9", T, J, Q, K, A]
  copies: 2
  order: ["9", J, Q, K, T, A]
scoring:
  rank_points: {A: 11, T: 10, K: 4, Q: 3, J: 2}
  teams: summed
game:
  target: 240
  winner: highest
"""


def ruleset(tmp_path: Path, text: str, name: str = "r.yaml") -> Ruleset:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return load_ruleset(path)


def refused(tmp_path: Path, text: str, name: str = "r.yaml") -> list[str]:
    """The problems of a ruleset that must not load, each as ``file:line:col: $.path: message``."""
    with pytest.raises(RulesetError) as err:
        ruleset(tmp_path, text, name)
    return [str(p) for p in err.value.problems]


def play_out(deal: Deal, rng: random.Random) -> None:
    while deal.phase != "done":
        legal = deal.legal_actions()
        assert legal and len(set(legal)) == len(legal)  # one code per card, however many copies
        deal.apply(rng.choice(legal))


# -- the packs -------------------------------------------------------------------------------


def test_the_italian_pack_has_forty_cards_with_their_own_codes() -> None:
    deck = make_deck("italian")
    assert deck.size == 40 and deck.suits == "CDSB"
    assert deck.ranks == ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")
    assert deck.codes[:10] == ("AC", "2C", "3C", "4C", "5C", "6C", "7C", "FC", "CC", "RC")
    assert deck.codes[deck.index["CB"]] == "CB" and deck.suit_of[deck.index["CB"]] == 3
    assert deck.read("rd") == deck.index["RD"] and deck.read("QS") == -1


def test_the_french_pack_in_one_copy_is_the_52_card_space() -> None:
    deck = make_deck("french")
    assert deck.size == 52 and deck.french
    assert deck.index["QS"] == 49 and deck.codes[0] == "2C"
    two = make_deck("french", 2)
    assert two.size == 104 and not two.french
    assert two.codes[49] == two.codes[49 + 52] == "QS"
    assert two.mask_codes((1 << 49) | (1 << 101) | 1) == ["2C", "QS"]  # copies fold into one code


# -- an Italian deck: Tressette's order and points ----------------------------------------------


def test_an_italian_deck_validates_deals_and_plays(tmp_path: Path) -> None:
    rules = ruleset(tmp_path, TRESSETTE)
    layout = rules.layout(4)
    assert layout.deck.bit_count() == 40 and layout.hand_size == 10
    # points per rank: per suit A 3, then 2, 3, R, C, F 1 each: 8 a suit, 32 in all
    assert sum(layout.points[c] for c in layout.cards) == 32
    game = Game(rules, seed=5)
    deal = game.new_deal()
    hands = [deal.hand(s) for s in range(4)]
    assert sorted(c for h in hands for c in h) == sorted(make_deck("italian").codes)
    play_out(deal, random.Random(5))
    assert sum(deal.points()) == 32
    assert sum(deal.tricks_won) == 10


def test_tressette_order_decides_the_trick_three_beats_ace(tmp_path: Path) -> None:
    rules = ruleset(tmp_path, TRESSETTE)
    suits = {s: [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")] for s in "CDSB"}
    # each seat one suit: seat 0 coppe, 1 denari, 2 spade, 3 bastoni, but swap in a few coppe
    hands = [suits["C"][:], suits["D"][:], suits["S"][:], suits["B"][:]]
    for seat, give, take in ((1, "3C", "RD"), (2, "AC", "RS")):  # seat 0 swaps a coppe for another suit's card
        hands[0].remove(give)
        hands[seat].remove(take)
        hands[0].append(take)
        hands[seat].append(give)
    deal = Game(rules, seed=0, dealer=3).new_deal(hands=hands, dealer=3)
    assert deal.to_act == 0
    deal.apply("RC")  # re di coppe led
    assert deal.legal_actions() == ["3C"]  # seat 1 must follow with its only coppe
    deal.apply("3C")
    deal.apply("AC")
    deal.apply("4B")  # seat 3 has no coppe
    assert deal.tricks[0].winner == 1  # the three is the highest, above the ace and the re
    assert deal.taken_points()[1] == 1 + 1 + 3  # re 1, three 1, ace 3


def test_italian_codes_and_french_codes_do_not_mix(tmp_path: Path) -> None:
    rules = ruleset(tmp_path, TRESSETTE)
    deal = Game(rules, seed=1, dealer=3).new_deal()
    with pytest.raises(IllegalAction, match="not a card"):
        deal.apply("QS")
    with pytest.raises(IllegalAction, match="not a card"):
        deal.apply("10D")
    bad = TRESSETTE.replace("scoring:\n", "scoring:\n  points: {QS: 5}\n")
    assert [p.split(": ", 1)[1] for p in refused(tmp_path, bad, "bad.yaml")] == [
        "$.scoring.points.QS: QS is not a suit or card of the italian pack"
    ]


def test_an_italian_order_must_name_ranks_of_the_pack(tmp_path: Path) -> None:
    bad = TRESSETTE.replace("order: [4, 5, 6, 7, F, C, R, A, 2, 3]", "order: [4, 5, 6, 7, J, C, R, A, 2, 3]")
    assert refused(tmp_path, bad) == [
        f"{tmp_path / 'r.yaml'}:8:23: $.deck.order[4]: J is not a rank of the italian pack"
    ]


# -- a 32-card piquet deck ----------------------------------------------------------------------


def test_a_piquet_deck_deals_eight_each_and_plays_whist(tmp_path: Path) -> None:
    rules = ruleset(tmp_path, PIQUET)
    layout = rules.layout(4)
    assert layout.deck.bit_count() == 32 and layout.hand_size == 8
    game = Game(rules, seed=3)
    rng = random.Random(3)
    while not game.is_over:
        deal = game.new_deal()
        assert all(len(deal.hand(s)) == 8 for s in range(4))
        assert all(card[0] not in "23456" for s in range(4) for card in deal.hand(s))
        assert deal.trump is not None and deal.turned is not None  # the dealer's last card
        play_out(deal, rng)
        made = [sum(deal.tricks_won[s] for s in range(4) if s % 2 == side) for side in (0, 1)]
        assert deal.points() == [max(made[s % 2] - 4, 0) for s in range(4)]
        game.finish_deal(deal)
    assert max(game.scores) >= 5


# -- two copies of every card -----------------------------------------------------------------


def test_a_double_deck_deals_both_copies_and_lists_each_code_once(tmp_path: Path) -> None:
    rules = ruleset(tmp_path, DOUBLE)
    layout = rules.layout(4)
    assert layout.deck.bit_count() == 48 and layout.hand_size == 12
    assert sum(layout.points[c] for c in layout.cards) == 240
    deal = Game(rules, seed=8).new_deal()
    held = Counter(c for s in range(4) for c in deal.hand(s))
    assert len(held) == 24 and set(held.values()) == {2}
    play_out(deal, random.Random(8))
    assert sum(deal.points()) == 240


def test_of_two_equal_cards_the_first_played_wins(tmp_path: Path) -> None:
    rules = ruleset(tmp_path, DOUBLE)
    suits = {s: [r + s for r in ("9", "T", "J", "Q", "K", "A")] for s in "CDHS"}
    hands = [suits["C"] + suits["D"], suits["C"] + suits["D"], suits["H"] + suits["S"], suits["H"] + suits["S"]]
    deal = Game(rules, seed=0, dealer=3).new_deal(hands=hands, dealer=3)
    assert deal.hand(0).count("AC") == 1 and sorted(deal.legal_actions()) == sorted(suits["C"] + suits["D"])
    deal.apply("AC")  # seat 0 leads one ace of clubs
    deal.apply("AC")  # seat 1 plays the other
    deal.apply("9H")
    deal.apply("9S")
    assert [c for _, c in deal.tricks[0].plays] == ["AC", "AC", "9H", "9S"]
    assert deal.tricks[0].winner == 0  # equal cards: the first played wins
    assert deal.taken_points()[0] == 22


def test_a_double_deck_takes_out_one_copy_per_listing(tmp_path: Path) -> None:
    once = DOUBLE.replace("  copies: 2\n", '  copies: 2\n  remove:\n    "4": [9C, 9D, 9H, 9S]\n')
    rules = ruleset(tmp_path, once, "once.yaml")
    assert rules.layout(4).deck.bit_count() == 44
    three = DOUBLE.replace("  copies: 2\n", '  copies: 2\n  remove:\n    "4": [9C, 9C, 9C, 9D, 9H]\n')
    assert [p.split(": ", 1)[1] for p in refused(tmp_path, three, "three.yaml")] == [
        '$.deck.remove["4"][2]: 9C is removed more often than the deck holds it (2 times)'
    ]


def test_given_hands_may_hold_both_copies_but_not_three(tmp_path: Path) -> None:
    rules = ruleset(tmp_path, DOUBLE)
    suits = {s: [r + s for r in ("9", "T", "J", "Q", "K", "A")] for s in "CDHS"}
    hands = [suits["C"] + suits["D"], suits["C"] + suits["D"], suits["H"] + suits["S"], suits["H"] + suits["S"]]
    game = Game(rules, seed=0, dealer=3)
    game.new_deal(hands=hands, dealer=3)
    hands[1] = ["AC", *hands[1][1:]]  # a third AC (hand 1 dealt AC twice, hand 0 once)
    hands[1][5] = "AC"
    with pytest.raises(ValueError, match="AC is dealt more than 2 times"):
        game.new_deal(hands=hands, dealer=3)


def test_a_refused_copy_is_explained_by_the_copy_still_in_the_hand(tmp_path: Path) -> None:
    """With two copies, a card refused for the duty to follow is refused for that duty, not as "already
    played" because its other copy was (the kiosk shows this sentence to the table)."""
    rules = ruleset(tmp_path, DOUBLE)
    suits = {s: [r + s for r in ("9", "T", "J", "Q", "K", "A")] for s in "CDHS"}
    hands = [suits["C"] + suits["D"], suits["C"] + suits["D"], suits["H"] + suits["S"], suits["H"] + suits["S"]]
    deal = Game(rules, seed=0, dealer=3).new_deal(hands=hands, dealer=3)
    for card in ("AD", "AD", "9H", "9S", "TD", "9D", "TH", "TS"):  # seat 0 takes both tricks
        deal.apply(card)
    assert [t.winner for t in deal.tricks] == [0, 0]
    deal.apply("AC")  # seat 0 leads clubs; seat 1 holds the other TD, and clubs
    assert "TD" in deal.hand(1)
    with pytest.raises(IllegalAction) as refused_play:
        deal.apply("TD")
    assert refused_play.value.kind == "follow-suit" and "already" not in str(refused_play.value)
    with pytest.raises(IllegalAction) as gone:
        deal.apply("AD")  # both copies played: this one is refused as played
    assert gone.value.kind == "already-played"
