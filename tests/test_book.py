"""The book (referee/mechanisms/book.py): its scenarios, its facts and its refusals.

``whist.yaml`` has a book of six: partners score 1 point for each trick they
take beyond the first six. Every expected number is worked out by hand in the
comments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_deals import refusals, rules, write_rules

from referee import Game
from referee.mechanisms import book
from referee.mechanisms.__main__ import SCHEMA_FILE
from referee.results import ResultError, check_points


def test_the_facts_of_whist_and_spades() -> None:
    assert book.of(rules("whist")) == book.BookSettings(tricks=6, points=1)
    assert book.active(book.of(rules("whist")))
    assert not book.active(book.of(rules("spades"))) and book.of(rules("hearts")) == book.BookSettings()
    # Seven tricks: one over the book; six or fewer: nothing.
    assert [book.points_for(rules("whist"), t) for t in (0, 6, 7, 13)] == [0, 0, 1, 7]
    assert book.points_for(rules("spades"), 13) == 0


def test_each_side_scores_its_tricks_over_the_book_in_a_played_deal() -> None:
    game = Game(rules("whist"), players=4, seed=5, dealer=0)
    deal = game.new_deal()
    while deal.phase != "done":
        deal.apply(deal.legal_actions()[0])
    taken = [deal.tricks_won[0] + deal.tricks_won[2], deal.tricks_won[1] + deal.tricks_won[3]]
    over = [max(t - 6, 0) for t in taken]  # 13 tricks: one side took seven or more, the other nothing over six
    assert sorted(over)[0] == 0 and sum(over) == max(taken) - 6
    assert deal.points() == [over[0], over[1], over[0], over[1]]


def test_a_book_of_two_points_a_trick(tmp_path: Path) -> None:
    doubled = write_rules(tmp_path, "id: r\nextends: whist\nscoring:\n  book: {tricks: 6, points: 2}\n")
    # Nine tricks: three over the book, 2 each: 6. Quick score takes 6 for the side, refuses 5 (not a multiple).
    assert book.points_for(doubled, 9) == 6
    check_points(doubled, 4, [6, 0, 6, 0])
    with pytest.raises(ResultError) as odd:
        check_points(doubled, 4, [5, 0, 5, 0])
    assert odd.value.kind == "side-points"


# -- its schema and its refusals -----------------------------------------------------------------


def test_the_published_schema_holds_the_modules_fragment() -> None:
    published = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert published["properties"]["scoring"]["properties"]["book"] == book.SCHEMA


def test_a_book_that_leaves_no_trick_to_score_is_refused_at_its_line(tmp_path: Path) -> None:
    problems = refusals(tmp_path, "id: r\nextends: whist\nscoring:\n  book:\n    tricks: 13\n")
    assert problems == [
        "5:13: $.scoring.book.tricks: a book of 13 tricks leaves none to score: a deal has at most 13 tricks"
    ]
