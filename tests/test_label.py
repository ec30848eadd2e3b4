"""A ruleset's one-line label (wording/label.py): made from the rules, telling variants apart, whole in Hebrew."""

from __future__ import annotations

import re
import unicodedata
from itertools import combinations
from pathlib import Path

import pytest
from other_packs import DOUBLE, TRESSETTE, write_pack

from generator import clauses as cl
from referee import Ruleset, load_ruleset
from referee.loader import bundled_ids
from wording.i18n import LANGUAGES, Lang, load_lang
from wording.label import FSI, PDI, RLI, SEPARATOR, isolate_runs, label_of, label_parts
from wording.names import card_face


@pytest.fixture(scope="module")
def langs() -> dict[str, Lang]:
    return {code: load_lang(code) for code in LANGUAGES}


@pytest.fixture(scope="module")
def bundled() -> dict[str, Ruleset]:
    return {rid: load_ruleset(rid) for rid in bundled_ids()}


def same_rules(a: Ruleset, b: Ruleset) -> bool:
    """No rule sentence of either page differs: the rulesets play alike, whatever their titles."""
    added, dropped = cl.differences(a, b)
    return not added and not dropped


@pytest.mark.parametrize("code", LANGUAGES)
def test_labels_tell_apart_every_two_bundled_rulesets_whose_rules_differ(
    code: str, langs: dict[str, Lang], bundled: dict[str, Ruleset]
) -> None:
    labels = {rid: label_of(langs[code], rules) for rid, rules in bundled.items()}
    alike = [(a, b) for a, b in combinations(sorted(bundled), 2) if labels[a] == labels[b]]
    for a, b in alike:
        assert same_rules(bundled[a], bundled[b]), (a, b, labels[a])
    # Hartenjagen (Whisthub) plays exactly as Hearts: the one pair a label cannot and should not tell apart.
    assert len(set(labels.values())) >= len(labels) - 1


def test_the_parts_come_from_the_rules(langs: dict[str, Lang], bundled: dict[str, Ruleset]) -> None:
    en = langs["en"]

    def label(rules: Ruleset) -> str:  # no-break spaces read as spaces (see the test after this one)
        return label_of(en, rules).replace("\u00a0", " ")

    assert label(bundled["hearts"]) == (
        "4 players · pass 3 cards left/right/across/hold · ♥ 1 and Q♠ 13 · old moon · to 100 · lowest wins"
    )
    assert label(bundled["euchre"]) == (
        "4 players in partnerships · 24 cards · order up or call trump · stick the dealer · to 10"
    )
    assert label(bundled["black-maria"]) == (
        "3 or 4 players · pass 3 cards right · ♥ 1, Q♠ 13, K♠ 10, and A♠ 7 · no moon · to 100 · lowest wins"
    )
    # Board Game Arena counts down from 100: the label says so, and who wins.
    assert "from 100 down to 0 · highest wins" in label(bundled["hearts-bga"])
    assert label(bundled["spades"]).startswith("4 players in partnerships · bid 1–13 or nil · 10 bags: −100")
    assert "bid 1–13, nil, or blind nil" in label(bundled["spades-blind-nil"])
    oh_hell = label_parts(en, bundled["oh-hell"])
    assert oh_hell[:3] == ["3–7 players", "hands of 1–max–1 cards", "bid 0 up to the hand size"]
    assert "hook rule" in oh_hell and "hook rule" not in label_parts(en, bundled["oh-hell-no-hook"])
    assert oh_hell[-1] == "13–33 deals"
    assert label_parts(en, bundled["boerenbridge"])[1] == "hands of 10–1–10 cards"
    assert label(bundled["original-hearts"]) == ("4 players · no passing · ♥ 1 · no moon · 8 deals · lowest wins")
    assert label(bundled["whist"]) == (
        "4 players in partnerships · dealer's last card trump · tricks over 6 score · to 5"
    )
    assert "♥ face value and Q♠ 25" in label(bundled["spot-hearts"])
    assert "♥ 1, Q♠ 13, and J♦ −10" in label(bundled["omnibus-hearts"])


def test_a_card_and_its_points_and_a_short_part_never_part_at_a_lines_end(
    langs: dict[str, Lang], bundled: dict[str, Ruleset]
) -> None:
    nbsp = "\u00a0"
    for lang in langs.values():
        for rules in bundled.values():
            label = label_of(lang, rules)
            for part, shown in zip(label_parts(lang, rules), label.split(SEPARATOR), strict=True):
                if len(part) <= 20:
                    assert " " not in shown, (lang.code, rules.id, shown)
    hearts = label_of(langs["en"], bundled["hearts"])
    assert f"to{nbsp}100" in hearts
    assert "pass 3 cards left/right/across/hold" in hearts  # a long part wraps where it must, not within a card's
    assert f"♥{nbsp}1, Q♠{nbsp}13, K♠{nbsp}10, and A♠{nbsp}7" in label_of(langs["en"], bundled["black-maria"])


def test_other_packs_say_what_they_are(tmp_path: Path, langs: dict[str, Lang]) -> None:
    en = langs["en"]
    tressette = label_parts(en, load_ruleset(write_pack(tmp_path, TRESSETTE)))
    assert tressette[:2] == ["4 players in partnerships", "Italian pack of 40 cards"]
    # The ranks worth the same go together, from the strongest: 3 2 K Kn J, then the ace's 3 points; the ranks'
    # values are a row of a table, not a sentence (no "and"), and the several ranks worth nothing go unsaid.
    assert "A\u00a03, 3/2/K/Kn/J\u00a01" in tressette
    double = label_parts(en, load_ruleset(write_pack(tmp_path, DOUBLE)))
    # the ranks the pack runs through, so that 48 is not read as 48 cards twice over (a German reader: 96)
    assert double[1] == "48 cards (nine to ace, 2 copies of each card)"
    # the ten's face alone before its ten points would read "10 10": the ranks go by name; the one rank worth
    # nothing is a row of the table too (Doppelkopf's nine)
    assert "ace\u00a011, ten\u00a010, king\u00a04, queen\u00a03, jack\u00a02, nine\u00a00" in double
    de = label_parts(langs["de"], load_ruleset(write_pack(tmp_path, DOUBLE)))
    assert de[1] == "48 Karten (Neun bis Ass, jede Karte doppelt)"
    assert "Ass\u00a011, Zehn\u00a010, König\u00a04, Dame\u00a03, Bube\u00a02, Neun\u00a00" in de
    assert "שני עותקים מכל קלף" in label_of(langs["he"], load_ruleset(write_pack(tmp_path, DOUBLE)))  # the dual


def test_card_faces_are_the_languages_own(langs: dict[str, Lang], bundled: dict[str, Ruleset]) -> None:
    for code, lang in langs.items():
        rank, suit = card_face(lang, "QS")
        assert f"{rank}{suit}" in label_of(lang, bundled["hearts"]), code


def _house(tmp_path: Path, name: str, body: str) -> Ruleset:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\nextends: hearts\ntitle: {name}\n{body}", encoding="utf-8")
    return load_ruleset(path)


@pytest.mark.parametrize(
    ("body", "changed"),
    [
        ("passing: {count: 4}\n", "pass 4 cards left/right/across/hold"),
        ("passing: {cycle: [left, right]}\n", "pass 3 cards left/right"),
        ("scoring: {points: {JD: -10}}\n", "♥\u00a01, Q♠\u00a013, and J♦\u00a0−10"),
        ("scoring: {moon: {kind: new}}\n", "new moon"),
        ("scoring: {no_tricks_bonus: -5}\n", "−5 for no tricks"),
        ("game: {target: 50}\n", "to 50"),
        ("players: {teams: opposite}\nscoring: {teams: summed}\n", "4 players in partnerships"),
        ("trump: {kind: fixed, suit: S}\n", "♠ trump"),
    ],
)
def test_a_house_rule_that_changes_a_rule_gets_a_label_of_its_own(
    tmp_path: Path, langs: dict[str, Lang], bundled: dict[str, Ruleset], body: str, changed: str
) -> None:
    house = _house(tmp_path, "house", body)
    for code, lang in langs.items():
        assert label_of(lang, house) != label_of(lang, bundled["hearts"]), code
    assert changed in label_parts(langs["en"], house) or changed in label_of(langs["en"], house)


def test_a_house_rule_with_the_same_rules_has_the_same_label(
    tmp_path: Path, langs: dict[str, Lang], bundled: dict[str, Ruleset]
) -> None:
    house = _house(tmp_path, "renamed", "summary: Just our name for it.\n")
    for lang in langs.values():
        assert label_of(lang, house) == label_of(lang, bundled["hearts"])


def test_a_label_has_no_empty_part_and_no_separator_inside_a_part(
    langs: dict[str, Lang], bundled: dict[str, Ruleset]
) -> None:
    for lang in langs.values():
        for rules in bundled.values():
            parts = label_parts(lang, rules)
            assert all(p.strip() and SEPARATOR not in p for p in parts), (lang.code, rules.id)


def _strong(text: str, classes: tuple[str, ...]) -> str:
    return "".join(ch for ch in text if unicodedata.bidirectional(ch) in classes)


def test_hebrew_isolates_each_card_face_and_each_part(langs: dict[str, Lang], bundled: dict[str, Ruleset]) -> None:
    he = langs["he"]
    for rules in bundled.values():
        label = label_of(he, rules)
        parts = label.split(SEPARATOR)
        assert all(p.startswith(RLI) and p.endswith(PDI) for p in parts), label
        # Outside the isolates of card faces, no Latin letter stands loose beside a number.
        loose = re.sub(f"{FSI}[^{PDI}]*{PDI}", "", label)
        assert not re.search(r"[A-Za-z][♠♣♥♦]", loose), label
    omnibus = label_of(he, bundled["omnibus-hearts"])
    queen = "".join(card_face(he, "QS"))
    assert f"{FSI}{queen}{PDI}\u00a0=\u00a013" in omnibus  # "Q♠ = 13": the card, then what it is worth
    # the scoring cards' points are a row of values, comma-joined (r40: no ו־ glued onto "Q♠")
    assert f"ו\u05be{FSI}{queen}" not in omnibus
    # Lang.join's maqaf ("ו־") before a Latin letter holds before an isolated face too (the trump's J and 9).
    assert f"ו\u05be{FSI}" in label_of(he, bundled["klaverjassen"])
    # Nothing is isolated in a left-to-right language.
    assert FSI not in label_of(langs["en"], bundled["omnibus-hearts"])


@pytest.mark.parametrize(
    ("code", "text", "expected"),
    [
        ("he", "לבבות (Board Game Arena)", f"לבבות {FSI}(Board Game Arena){PDI}"),
        ("he", "הרטניאחן (Whisthub) 2", f"הרטניאחן {FSI}(Whisthub){PDI} 2"),
        ("he", "Hearts for 3 to 7 players", f"{FSI}Hearts for 3 to 7 players{PDI}"),
        ("he", "לבבות", "לבבות"),
        # a bracket the Latin run opens closes inside its isolate, where the page's direction would mirror it
        ("he", "Hartenjagen (Whisthub): דף עזר", f"{FSI}Hartenjagen (Whisthub){PDI}: דף עזר"),
        ("he", "Skat [Deutscher Skatverband] ו", f"{FSI}Skat [Deutscher Skatverband]{PDI} ו"),
        ("en", "Hearts (לבבות)", f"Hearts {FSI}(לבבות){PDI}"),
        ("en", "Hearts (Board Game Arena)", "Hearts (Board Game Arena)"),
    ],
)
def test_isolate_runs_keeps_a_name_of_the_other_direction_whole(
    langs: dict[str, Lang], code: str, text: str, expected: str
) -> None:
    result = isolate_runs(langs[code], text)
    assert result == expected
    assert result.replace(FSI, "").replace(PDI, "") == text
    # Every letter of the other direction is inside an isolate.
    other = ("L",) if code == "he" else ("R", "AL")
    outside = re.sub(f"{FSI}[^{PDI}]*{PDI}", "", result)
    assert _strong(outside, other) == ""
