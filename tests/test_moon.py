"""Shooting the moon (referee/mechanisms/moon.py): its scenarios, its facts and its refusals.

Every expected value is worked out from the rules in the comments. The deals are
the fourth hand (no passing): :func:`helpers_deals.moon_deal` gives one seat every
club, so it takes every trick and so every card (a moon in every Hearts ruleset).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_deals import (
    all_clubs,
    cards,
    fill_hands,
    moon_deal,
    play_out,
    play_trick,
    refusals,
    rules,
    split_deal,
    write_rules,
)

from referee import Game, IllegalAction, load_ruleset
from referee.mechanisms import moon
from referee.mechanisms.__main__ import SCHEMA_FILE
from referee.results import ResultError, check_points, possible_totals
from wording import moon as moon_words
from wording.i18n import load_lang

HOLD = 3  # deal number 3 is the fourth deal: no passing in the left-right-across-hold cycle


# -- the old moon, the new moon and the shooter's choice -----------------------------------------


@pytest.mark.parametrize("shooter", range(4))
def test_old_moon_gives_the_shooter_nothing_and_everyone_else_26(shooter: int) -> None:
    _, deal = moon_deal(rules("hearts"), shooter)
    assert deal.taken_points()[shooter] == 26
    assert deal.shooter == shooter
    assert deal.points() == [0 if s == shooter else 26 for s in range(4)]


def test_new_moon_in_reverse_hearts_costs_the_shooter_26() -> None:
    _, deal = moon_deal(rules("reverse-hearts"), 2)
    assert deal.points() == [0, 0, -26, 0]


def test_no_moon_in_a_split_deal() -> None:
    # Seat 1 takes 12 hearts and Q♠ (25), seat 0 the A♥: nobody took them all.
    deal = play_out(Game(rules("hearts"), dealer=0).new_deal(hands=split_deal(), dealer=0, number=HOLD))
    assert deal.shooter is None
    assert deal.points() == [1, 25, 0, 0]


@pytest.mark.parametrize(("word", "points"), [("old-moon", [0, 26, 26, 26]), ("new-moon", [-26, 0, 0, 0])])
def test_hearts_classic_lets_the_shooter_choose(word: str, points: list[int]) -> None:
    game, deal = moon_deal(rules("hearts-classic"), 0)
    assert deal.phase == "choose" and deal.to_act == 0
    assert deal.legal_actions() == list(moon.WORDS) == ["old-moon", "new-moon"]
    with pytest.raises(ValueError, match=r"not over"):
        deal.points()
    with pytest.raises(IllegalAction, match=r"not allowed in the choose phase"):
        deal.apply("moon")
    deal.apply(word)
    assert deal.phase == "done"
    assert deal.points() == points
    game.finish_deal(deal)
    assert game.scores == points


MIXED = "id: mixed-moon\nextends: hearts\nscoring:\n  moon:\n    kind: mixed\n"


@pytest.mark.parametrize(
    ("before", "offered"),
    [
        ([0, 0, 0, 0], False),  # old moon -> 0 26 26 26: nobody reaches 100, the game goes on
        ([10, 80, 50, 60], False),  # old moon -> 10 106 76 86: the game ends and the shooter wins
        ([90, 80, 10, 20], True),  # old moon -> 90 106 36 46: the game ends and seat 2 wins
    ],
)
def test_mixed_moon_offers_the_new_moon_only_when_the_old_one_loses(
    before: list[int], offered: bool, tmp_path: Path
) -> None:
    game, deal = moon_deal(write_rules(tmp_path, MIXED), 0, before)
    if not offered:
        assert deal.phase == "done"
        assert deal.points() == [0, 26, 26, 26]
        return
    assert deal.phase == "choose" and deal.to_act == 0
    deal.apply("new-moon")
    assert deal.points() == [-26, 0, 0, 0]
    game.finish_deal(deal)
    assert game.scores == [64, 80, 10, 20] and not game.is_over


def test_mixed_moon_also_counts_a_game_that_ends_after_a_fixed_number_of_deals(tmp_path: Path) -> None:
    # Three deals, no score target, tied winners share. After two split deals the scores are
    # 2 50 0 0. In deal 3 seat 1 shoots: the old moon gives 28 50 26 26 and ends the game (three
    # deals) with seats 2 and 3 winning, not the shooter: the mixed moon must offer the new moon.
    house = write_rules(
        tmp_path,
        "id: mixed-three\nextends: hearts\nscoring:\n  moon:\n    kind: mixed\n"
        "game:\n  target: null\n  deals: 3\n  ties: shared\n",
    )
    game = Game(house, dealer=0)
    for _ in range(2):
        game.finish_deal(play_out(game.new_deal(hands=split_deal(), number=HOLD)))
    assert game.scores == [2, 50, 0, 0] and not game.is_over
    deal = play_out(game.new_deal(hands=all_clubs(game, 1), number=HOLD))
    assert deal.shooter == 1
    assert deal.phase == "choose"


def test_positive_moon_adds_26_to_the_shooter_in_a_count_down_game(tmp_path: Path) -> None:
    house = write_rules(tmp_path, "id: bga-positive\nextends: hearts-bga\nscoring:\n  moon:\n    kind: positive\n")
    game, deal = moon_deal(house, 0)
    assert deal.points() == [-26, 0, 0, 0]  # the new-moon scoring...
    game.finish_deal(deal)
    assert game.scores == [126, 100, 100, 100]  # ...subtracted from 100: the shooter gains 26


# -- what the moon needs, what it is worth, and the partner ------------------------------------


def test_omnibus_moon_needs_the_jack_of_diamonds_too() -> None:
    game = Game(rules("omnibus-hearts"), dealer=0)
    hands, _ = fill_hands(game, {0: cards("C:23456789TJQK"), 1: ["JD"], 3: ["AC"]})
    # Seat 0: 2C-KC 2D. Seat 1: JD 3D-AD 2H. Seat 2: 3H-AH 2S. Seat 3: AC 3S-AS.
    deal = game.new_deal(hands=hands, dealer=0, number=HOLD)
    assert play_trick(deal, "2C", "JD", "2S", "AC") == 3  # the JD is no heart: allowed on trick 1
    assert deal.taken_points() == [0, 0, 0, -10]
    # Seat 3 holds only spades, which nobody else can follow: he takes every other card too,
    # so all hearts, the QS and the JD: an Omnibus moon. He keeps the JD bonus, the others take 26.
    play_out(deal)
    assert deal.shooter == 3
    assert deal.points() == [26, 26, 26, -10]
    # Taking all hearts and the QS without the JD is no moon in Omnibus (it is in hearts).
    claimed = game.new_deal(hands=hands, dealer=0, number=HOLD)
    play_trick(claimed, "2C", "JD", "2S", "AC")
    claimed.claim(0)
    assert claimed.shooter is None
    assert claimed.points() == [26, 0, 0, -10]
    plain = Game(rules("hearts"), dealer=0).new_deal(hands=hands, dealer=0, number=HOLD)
    play_trick(plain, "2C", "JD", "2S", "AC")
    plain.claim(0)
    assert plain.shooter == 0 and plain.points() == [0, 26, 26, 26]


@pytest.mark.parametrize("shooter", range(4))
def test_partnership_moon_spares_the_shooters_partner(shooter: int) -> None:
    _, deal = moon_deal(rules("partnership-hearts"), shooter)
    partner = (shooter + 2) % 4
    assert deal.points() == [0 if s in (shooter, partner) else 26 for s in range(4)]


def test_a_moon_of_its_own_points_and_cards(tmp_path: Path) -> None:
    # The shooter must take the hearts only (13 points), and the moon is worth 20: the Q♠'s 13
    # is not needed, so seat 0's claim of everything is a moon: the 13 hearts cancelled, the Q♠
    # still counts for him, and each other player scores the moon's 20.
    house = write_rules(
        tmp_path, "id: heart-moon\nextends: hearts\nscoring:\n  moon:\n    requires: [H]\n    points: 20\n"
    )
    settings = moon.of(house)
    assert settings == moon.Moon("old", "normal", ("H",), 20)
    aim = moon.target(house, 4)
    assert aim.value == 20 and aim.penalty == 13
    assert aim.cards == house.pattern_mask(["H"])
    _, deal = moon_deal(house, 0)
    assert deal.points() == [13, 20, 20, 20]
    # The hearts without the Q♠: a moon too.
    assert moon.shot(house, 4, 1) == [20, 0, 20, 20]


def test_the_facts_the_pages_and_quick_score_read() -> None:
    hearts = rules("hearts")
    assert moon.active(moon.of(hearts)) and not moon.active(moon.of(rules("black-maria")))
    assert moon.choices(moon.of(hearts)) == ("",)
    assert moon.choices(moon.of(rules("hearts-classic"))) == ("old-moon", "new-moon")
    assert moon.target(hearts).value == 26
    assert moon.target(hearts).cards == hearts.pattern_mask(["H", "QS"])
    # Exactly what a played moon scores (the engine's own scorer).
    assert moon.shot(hearts, 4, 2) == [26, 26, 0, 26]
    assert moon.shot(rules("hearts-classic"), 4, 0, "new-moon") == [-26, 0, 0, 0]
    assert moon.shot(rules("partnership-hearts"), 4, 1) == [26, 0, 26, 0]
    assert moon.shot(rules("omnibus-hearts"), 4, 0) == [-10, 26, 26, 26]


def test_quick_score_accepts_a_moon_and_refuses_what_no_moon_gives() -> None:
    hearts = rules("hearts")
    assert possible_totals(hearts, 4) == {26, 78}
    check_points(hearts, 4, [26, 0, 26, 26])
    with pytest.raises(ResultError):
        check_points(hearts, 4, [26, 26, 26, 26])
    classic = rules("hearts-classic")
    assert possible_totals(classic, 4) == {26, 78, -26}
    check_points(classic, 4, [0, -26, 0, 0])
    partnership = rules("partnership-hearts")
    assert possible_totals(partnership, 4) == {26, 52}
    check_points(partnership, 4, [26, 0, 26, 0])
    with pytest.raises(ResultError):
        check_points(partnership, 4, [26, 26, 0, 26])  # the partner is spared
    omnibus = rules("omnibus-hearts")
    assert possible_totals(omnibus, 4) == {16, 68}  # 26 - 10, and 3 x 26 - 10
    check_points(omnibus, 4, [-10, 26, 26, 26])


# -- its schema and its refusals -----------------------------------------------------------------


def test_the_published_schema_holds_the_modules_fragment() -> None:
    published = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert published["properties"]["scoring"]["properties"]["moon"] == moon.SCHEMA


def test_a_moon_without_cards_worth_points_is_refused_at_its_line(tmp_path: Path) -> None:
    text = "id: r\nscoring:\n  points: {}\n  moon:\n    kind: old\ngame:\n  target: 100\n"
    assert refusals(tmp_path, text) == ["5:5: $.scoring.moon: the moon needs cards worth points to take"]


def test_a_required_card_the_pack_lacks_is_refused_at_its_line(tmp_path: Path) -> None:
    # The schema knows the French pack's codes; the moon's check knows every pack's.
    french = "id: r\nextends: hearts\nscoring:\n  moon:\n    requires: [H, XS]\n"
    (line,) = refusals(tmp_path, french)
    assert line.startswith('5:19: $.scoring.moon.requires[1]: "XS" is not a suit'), line
    italian = (
        "id: it\ndeck:\n  pack: italian\nplayers:\n  counts: [4]\nscoring:\n  points: {C: 1}\n"
        "  moon:\n    kind: old\n    requires: [C, QS]\ngame:\n  target: 100\n"
    )
    assert refusals(tmp_path, italian) == [
        "10:19: $.scoring.moon.requires[1]: QS is not a suit or card of the italian pack"
    ]


def test_the_last_tricks_bonus_does_not_go_with_the_moon(tmp_path: Path) -> None:
    (line,) = refusals(tmp_path, "id: r\nextends: hearts\nscoring:\n  last_trick:\n    points: 10\n")
    assert line == "5:13: $.scoring.last_trick.points: the last trick's bonus does not go with shooting the moon", line


def _moon_messages() -> list[str | tuple[str, str]]:
    """Every message of :mod:`wording.moon`: the page's sentences and table, the labels, cells, figures, kiosk."""
    out: list[str | tuple[str, str]] = [*moon_words.CLAUSES.values(), moon_words.CAPTION, *moon_words.SHARE]
    out += [moon_words.SHOOTER, moon_words.PARTNER, moon_words.OTHERS, *moon_words.CHOICES.values()]
    out += [moon_words.SHOT, moon_words.TO_CHOOSE, moon_words.NOT_NOW, moon_words.SCORED, moon_words.COLUMN]
    return [*out, *moon_words.CELLS.values(), *moon_words.LABELS.values()]


def test_german_calls_the_moon_durchmarsch_on_the_page_and_at_the_kiosk() -> None:
    """German Hearts players say Durchmarsch (shared/reviews/native-pages.md, German 1): no "Moon" or "Schütze"
    calque in any of the moon's German words; the English name only in brackets where the rule is first stated."""
    de = load_lang("de")
    for message in _moon_messages():
        text = de.pgettext(*message) if isinstance(message, tuple) else de.gettext(message)
        assert text != (message[1] if isinstance(message, tuple) else message)  # translated
        bare = text.replace("(„Shooting the Moon“)", "")
        assert "Moon" not in bare and "Mond" not in bare and "Schütz" not in bare, text
    kiosk = [moon_words.SHOT, moon_words.TO_CHOOSE, moon_words.NOT_NOW, moon_words.SCORED, moon_words.COLUMN]
    assert all("urchmarsch" in de.gettext(m) for m in kiosk)
    rules = load_ruleset("hearts")
    assert moon_words.choice(de, rules, "new-moon") == "Selbst −26"
    assert moon_words.choice(de, rules, "old-moon") == "Mitspieler +26"
    condition = moon_words.CLAUSES["moon.condition"]
    assert isinstance(condition, str) and "Durchmarsch („Shooting the Moon“)" in de.gettext(condition)
