"""The dealer who sits the deal out (:mod:`referee.mechanisms.dealer_out`): what it refuses, and that the dealer
is never dealt, asked, played or scored.

Skat at a table of four (``skat-four``): ISkO 1.1.1, the dealer takes no part in the deal.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers_deals import random_deal, refusals, rules

from referee import Game

OH_HELL_OUT = """\
extends: oh-hell
id: oh-hell-out
players:
  dealer_out:
    counts: [4]
"""


def test_trick_bids_with_a_dealer_out_are_refused_at_the_users_line(tmp_path: Path) -> None:
    # Every seat bids in a round of trick bids: the dealer who sits out would bid on a hand never dealt and
    # score 10 for "making" nothing (Oh Hell played this way before the check).
    (line,) = refusals(tmp_path, OH_HELL_OUT)
    assert line.startswith("5:13: $.players.dealer_out.counts: a round of kind tricks asks every seat"), line
    assert "only ladder leaves the dealer out" in line


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            "extends: skat\nid: x\nplayers:\n  counts: [3]\n  dealer_out:\n    counts: [4]\n",
            "6:14: $.players.dealer_out.counts[0]",
            "not played by 4 players",
        ),
        (
            "extends: euchre\nid: x\nplayers:\n  counts: [4]\n  dealer_out:\n    counts: [4]\n",
            "6:13: $.players.dealer_out.counts",
            "no partner to leave",
        ),
    ],
)
def test_each_check_names_the_line(tmp_path: Path, text: str, where: str, words: str) -> None:
    lines = refusals(tmp_path, text)
    assert any(line.startswith(where) and words in line for line in lines), lines


def test_at_a_table_of_four_the_dealer_is_never_dealt_asked_played_or_scored() -> None:
    rs = rules("skat-four")
    game = Game(rs, 4, seed=5)
    rng = random.Random(5)
    for _ in range(8):
        deal = game.new_deal()
        dealer = deal.dealer
        assert deal.hand(dealer) == [] and dealer not in deal.active_seats()
        while deal.phase != "done":
            assert deal.to_act != dealer
            deal.apply(rng.choice(deal.legal_actions()))
        assert all(dealer not in [s for s, _ in t.plays] for t in deal.tricks)
        before = list(game.scores)
        game.finish_deal(deal)
        assert game.scores[dealer] == before[dealer]


HEARTS_OUT = """\
extends: hearts
id: hearts-out
players:
  counts: [4]
  dealer_out:
    counts: [4]
deck:
  remove:
    "4": [2D]
passing: null
"""


def test_a_moon_shot_pays_only_the_players_in_the_deal(tmp_path: Path) -> None:
    # Hearts' old moon: the shooter scores nothing and "each other player" 26. The dealer who sits out is not
    # one of them (the moon used to give them 26 too). Random deals until the first moon: bounded at 400 seeds.
    from helpers_deals import write_rules

    rs = write_rules(tmp_path, HEARTS_OUT)
    for seed in range(400):
        deal = random_deal(Game(rs, 4, seed=seed), random.Random(seed))
        points = deal.points()
        shooter = next((s for s in deal.active_seats() if deal.taken_points()[s] == 26), None)
        if shooter is None:
            assert points[deal.dealer] == 0
            continue
        assert points[deal.dealer] == 0
        assert [points[s] for s in deal.active_seats()] == [0 if s == shooter else 26 for s in deal.active_seats()]
        return
    pytest.fail("no moon in 400 random deals")


def test_quick_score_takes_a_moon_that_pays_only_the_players_in_the_deal(tmp_path: Path) -> None:
    from helpers_deals import write_rules

    from referee.results import ResultError, check_points

    rs = write_rules(tmp_path, HEARTS_OUT)
    check_points(rs, 4, [0, 0, 26, 26])  # seat 0 dealt, sat out; seat 1 shot the moon
    check_points(rs, 4, [26, 26, 0, 0])  # seat 3 sat out, seat 2 shot
    with pytest.raises(ResultError):
        check_points(rs, 4, [26, 0, 26, 26])  # 26 to a dealer who had no cards
