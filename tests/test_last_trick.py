"""The last trick's bonus (referee.mechanisms.last_trick): Klaverjassen's 10, Tressette's 1.

Sources: Nederlandse Klaverjas Unie, "Het spel" (de laatste slag telt 10 punten, 152 + 10 = 162 per
spel); pagat.com, Tressette (the last trick scores one point). The bonus goes to whoever takes the last
trick, counts like card points (partners share it) and grows every deal's total by its value.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from generator.site import Builder
from referee import Game, Ruleset, load_ruleset
from referee.mechanisms import last_trick
from referee.results import ResultError, check_points, possible_totals
from referee.ruleset import check_file

TEXT = """\
id: last-ten
players: {{counts: [4], teams: {teams}}}
deck:
  ranks: ["7", "8", "9", T, J, Q, K, A]
deal: {{hand_size: 8}}
scoring:
  rank_points: {{A: 11, T: 10, K: 4, Q: 3, J: 2}}
  last_trick: {{points: 10}}
{extra}game: {{deals: 4, winner: highest}}
"""
HANDS = [
    ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"],
    ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D"],
    ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H"],
    ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S"],
]


def load(tmp_path: Path, teams: str = "none", extra: str = "") -> Ruleset:
    path = tmp_path / "last.yaml"
    path.write_text(TEXT.format(teams=teams, extra=extra), encoding="utf-8")
    return load_ruleset(path)


def play_out(rules: Ruleset) -> list[int]:
    """Seat 0 holds every club and leads them all: it takes every trick, the last one too."""
    deal = Game(rules, players=4, seed=1).new_deal(hands=HANDS, dealer=3)
    while deal.phase != "done":
        deal.apply(deal.legal_actions()[0])
    return deal.points()


def test_the_last_tricks_winner_scores_the_bonus(tmp_path: Path) -> None:
    points = play_out(load(tmp_path))
    cards = 4 * (11 + 10 + 4 + 3 + 2)  # every card of the deck, taken by seat 0
    assert points == [cards + 10, 0, 0, 0]
    assert last_trick.of(load(tmp_path)) == last_trick.LastTrick(10)


def test_partners_share_the_bonus_and_the_total_grows_by_it(tmp_path: Path) -> None:
    rules = load(tmp_path, teams="opposite", extra="  teams: shared\n")
    points = play_out(rules)
    assert points[0] == points[2] == 4 * 30 + 10 and points[1] == points[3] == 0
    assert rules.deal_extra() == 10
    assert possible_totals(rules, 4) == {130}


def test_a_claim_of_the_rest_takes_the_last_trick(tmp_path: Path) -> None:
    rules = load(tmp_path)
    deal = Game(rules, players=4, seed=1).new_deal(hands=HANDS, dealer=3)
    for _ in range(4):  # one trick: seat 0's ace of clubs
        deal.apply(deal.legal_actions()[0])
    deal.claim(2)
    points = deal.points()
    assert points[1] == points[3] == 0
    assert points[2] == 4 * 30 - points[0] + 10  # the cards left, and the last trick with them


def test_a_result_entered_by_hand_must_count_the_bonus(tmp_path: Path) -> None:
    rules = load(tmp_path)
    check_points(rules, 4, [40, 30, 30, 30])  # 120 from the cards and 10 for the last trick
    with pytest.raises(ResultError) as info:
        check_points(rules, 4, [30, 30, 30, 30])  # the bonus is missing
    assert info.value.kind == "total"
    with pytest.raises(ResultError):
        check_points(rules, 4, [131, 0, 0, -1])  # the right total, but nobody scores below nothing


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("  moon: {kind: old}\n", "the last trick's bonus does not go with shooting the moon"),
    ],
)
def test_what_the_bonus_cannot_go_with_is_refused(tmp_path: Path, extra: str, message: str) -> None:
    path = tmp_path / "x.yaml"
    path.write_text(TEXT.format(teams="none", extra=extra), encoding="utf-8")
    problems = [str(p) for p in check_file(path)]
    assert len(problems) == 1 and message in problems[0], problems


def test_the_rule_page_states_the_bonus_and_the_total(tmp_path: Path) -> None:
    rules = load(tmp_path)
    page = next(p for p in Builder([rules], ["en"], "", None).pages() if p.path == "en/last-ten.html")
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.content.decode("utf-8"))).split())
    assert "The player who wins the last trick scores 10 points more, besides the cards in it." in text
    assert "A deal hands out 130 points in all." in text
