"""Settings that validate each alone but cannot score together are refused at the house rule's own line; and
quick score takes the results of house rules whose deals it cannot know exactly (part of the pack dealt, a
book on top of card points, partners sharing), checking bounds only.

Each combination below was drawn by the random house rules of ``test_random_rulesets.py``: it validated,
played, and scored nonsense (a Doppelkopf deal that did not add up to zero, a Euchre deal ended after one
trick with nobody scoring) or a result its own quick score refused.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers_deals import random_deal, refusals, write_rules

from referee import Game
from referee.results import ResultError, check_points


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            "extends: doppelkopf\nid: x\nscoring:\n  book:\n    tricks: 0\n",
            "5:13: $.scoring.book.tricks",
            "scoring.party_game scores the deal as a whole",
        ),
        (
            "extends: skat\nid: x\nscoring:\n  book:\n    tricks: 1\n",
            "5:13: $.scoring.book.tricks",
            "scoring.game_value scores the deal as a whole",
        ),
        (
            "extends: klaverjassen\nid: x\nscoring:\n  book:\n    tricks: 2\n",
            "5:13: $.scoring.book.tricks",
            "scoring.card_contract scores the deal as a whole",
        ),
        (
            "extends: euchre\nid: x\nscoring:\n  book:\n    tricks: 0\n",
            "5:13: $.scoring.book.tricks",
            "scoring.tricks already scores a deal's tricks",
        ),
        (
            "extends: doppelkopf-ohne-neunen\nid: x\nplayers:\n  counts: [2]\n",
            "4:12: $.players.counts[0]",
            "a party game is played by four in each deal, not 2",
        ),
        (
            "extends: euchre\nid: x\nplay:\n  end_early: [no-points-left]\n",
            "4:14: $.play.end_early",
            "but scoring.tricks counts who takes them",
        ),
        (
            "extends: hearts-bga\nid: x\nscoring:\n  no_tricks_bonus: 5\n",
            "4:20: $.scoring.no_tricks_bonus",
            "no-points-left gives the tricks left to nobody",
        ),
        (
            "extends: hearts-bga\nid: x\nscoring:\n  last_trick:\n    points: 5\n",
            "5:5: $.scoring.last_trick",
            "no-points-left gives the tricks left to nobody, but scoring.last_trick counts",
        ),
    ],
)
def test_settings_that_cannot_score_together_are_refused_at_the_users_line(
    tmp_path: Path, text: str, where: str, words: str
) -> None:
    lines = refusals(tmp_path, text)
    assert any(line.startswith(where) and words in line for line in lines), lines


SIX_CARDS = "extends: hearts\nid: six\ndeal:\n  hand_size: 6\npassing: null\n"


def test_quick_score_takes_a_deal_of_part_of_the_pack_and_checks_its_bounds(tmp_path: Path) -> None:
    # Six cards each: 24 of 52 dealt, so a deal's penalty points are anything from 0 to 26.
    rs = write_rules(tmp_path, SIX_CARDS)
    checked = 0
    for seed in range(20):
        deal = random_deal(Game(rs, 4, seed=seed), random.Random(seed))
        check_points(rs, 4, deal.points())
        checked += sum(deal.points()) != 26  # a total the whole pack never gives
    assert checked  # at least one deal a whole-pack check would have refused
    with pytest.raises(ResultError) as info:
        check_points(rs, 4, [0, 0, 0, 27])
    assert info.value.kind == "points-range" and info.value.params["high"] == 26
    with pytest.raises(ResultError):
        check_points(rs, 4, [-1, 0, 0, 0])  # hearts has no bonus card: nobody scores below zero


def test_quick_score_with_a_book_on_top_of_card_points(tmp_path: Path) -> None:
    rs = write_rules(tmp_path, "extends: hearts\nid: booked\nscoring:\n  book:\n    tricks: 6\n    points: 2\n")
    check_points(rs, 4, [2 * 7 + 26, 0, 0, 0])  # all thirteen tricks: 7 over the book, and every heart and Q♠
    with pytest.raises(ResultError):
        check_points(rs, 4, [2 * 7 + 27, 0, 0, 0])


def test_a_trick_table_row_no_deal_can_reach_is_refused_at_the_hand_size(tmp_path: Path) -> None:
    # Euchre with one card each: every row of its table needs 3 tricks or more, so no deal would ever score.
    lines = refusals(tmp_path, "extends: euchre\nid: x\ndeal:\n  hand_size: 1\n  packets: [1]\n")
    assert lines == ["4:14: $.deal.hand_size: a deal has at most 1 trick: this row never scores"], lines


def test_quick_score_with_a_book_and_the_last_tricks_bonus(tmp_path: Path) -> None:
    # Whist with 18 for the last trick: a side's points are its tricks over six, plus 18 if it took the last.
    rs = write_rules(tmp_path, "extends: whist\nid: x\nscoring:\n  last_trick:\n    points: 18\n")
    check_points(rs, 4, [0, 20, 0, 20])  # eight tricks (two over the book) and the last one: 2 + 18
    check_points(rs, 4, [19, 0, 19, 0])
    with pytest.raises(ResultError):
        check_points(rs, 4, [19, 0, 20, 0])  # partners score the same
