"""Bags (referee/mechanisms/bags.py): their scenarios, their facts and their refusals.

``spades.yaml`` counts bags: a side that makes its bid takes 1 point an
overtrick, and every 10 overtricks carried from deal to deal cost 100. Every
expected number is worked out by hand in the comments. The deals are scored
from their bids and tricks with quick score's :func:`score_bid_deal`, the code
a played deal is scored by.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_deals import refusals, rules, write_rules

from referee.mechanisms import bags
from referee.mechanisms.__main__ import SCHEMA_FILE
from referee.results import score_bid_deal

FROM_SCORE = "id: r\nextends: spades\nscoring:\n  bags: {every: 10, points: -100, from_score: true}\n"


def test_the_facts_of_spades_and_oh_hell() -> None:
    assert bags.of(rules("spades")) == bags.BagSettings(every=10, points=-100, from_score=False)
    assert bags.counts(rules("spades")) and bags.counts(rules("spades-blind-nil"))
    assert not bags.counts(rules("oh-hell")) and not bags.counts(rules("whist"))
    assert bags.of(rules("oh-hell")) == bags.BagSettings()


@pytest.mark.parametrize(
    ("carried", "over", "expected"),
    [
        (0, 3, (0, 3)),  # 3 bags, no penalty yet
        (8, 2, (-100, 0)),  # 10 exactly: -100, none left
        (8, 13, (-200, 1)),  # 21: twice 10, one left
        (9, 0, (0, 9)),  # no overtrick: the count stays
    ],
)
def test_every_ten_bags_cost_100_and_the_count_goes_on(carried: int, over: int, expected: tuple[int, int]) -> None:
    assert bags.carried_points(rules("spades"), carried, over) == expected


def test_a_side_over_its_bid_carries_bags_and_pays_at_ten() -> None:
    spades = rules("spades")
    # Seats 0 and 2 bid 3 + 2 = 5 and take 4 + 4 = 8: 50 + 3 overtricks = 53, and with 8 carried,
    # 11 bags: -100, 1 left: -47. Seats 1 and 3 bid 2 + 3 = 5 and take 5: 50, no bag.
    scored = score_bid_deal(spades, 4, ["3", "2", "2", "3"], [4, 2, 4, 3], dealer=3, bags_before=[8, 0, 8, 0])
    assert scored.points == [-47, 50, -47, 50]
    assert scored.bags == [1, 0, 1, 0]
    assert [(r.bag_points, r.bags) for r in scored.results] == [(-100, 1), (0, 0)]


def test_a_missed_bid_takes_no_bags() -> None:
    # Seats 0 and 2 bid 5 + 5 = 10 and take 8: set, -100; the 8 carried bags stay 8.
    scored = score_bid_deal(rules("spades"), 4, ["5", "1", "5", "1"], [4, 3, 4, 2], dealer=3, bags_before=[8, 0, 8, 0])
    assert scored.points[0] == -100 and scored.bags == [8, 3, 8, 3]  # seats 1 and 3: 2 bid, 5 taken, 3 bags


def test_bags_read_from_the_scores_last_digit(tmp_path: Path) -> None:
    from_score = write_rules(tmp_path, FROM_SCORE)
    assert bags.of(from_score).from_score
    # Side 0/2 stands at 127: 7 bags. Bid 5, took 8: 53 and 3 overtricks: 10 -> -100, 0 left: -47.
    # Side 1/3 stands at -45: -5 bags (C's remainder keeps the sign). Bid 5, took 5: 50, -5 carried on.
    scored = score_bid_deal(
        from_score, 4, ["3", "2", "2", "3"], [4, 2, 4, 3], dealer=3, scores_before=[127, -45, 127, -45]
    )
    assert scored.points == [-47, 50, -47, 50]
    assert scored.bags == [0, -5, 0, -5]
    assert bags.last_digit(-45) == -5 and bags.last_digit(127) == 7


# -- its schema and its refusals -----------------------------------------------------------------


def test_the_published_schema_holds_the_modules_fragment() -> None:
    published = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert published["properties"]["scoring"]["properties"]["bags"] == bags.SCHEMA


def test_bags_read_from_the_score_need_ten_is_refused_at_its_line(tmp_path: Path) -> None:
    text = "id: r\nextends: spades\nscoring:\n  bags: {every: 5, points: -50, from_score: true}\n"
    assert refusals(tmp_path, text) == [
        "4:45: $.scoring.bags.from_score: overtricks read from the score's last digit need bags.every: 10"
    ]


def test_bags_without_bids_are_refused_at_their_line(tmp_path: Path) -> None:
    text = "id: r\nextends: hearts\nscoring:\n  bags: {every: 10, points: -100}\n"
    assert refusals(tmp_path, text) == [
        "4:9: $.scoring.bags: scoring.bags scores bids: it needs a bidding round of kind tricks or contract"
    ]
