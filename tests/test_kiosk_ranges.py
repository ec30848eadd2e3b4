"""Every range of numbers in the kiosk reads low to high (issue 20): "3–7 players", "bid 1–13", "13–33 deals", the
ladder's "24–33", in each language; a Hebrew line once showed "7–3 שחקנים" (its en dash a neutral between numbers,
run right to left), where the ladder's button, an isolate, read "24–33"."""

from __future__ import annotations

import os
import re

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest
from bidi.algorithm import get_display
from test_kiosk_pygame import Operator, sdl  # noqa: F401 (sdl: the display, per module)

from kiosk.app import visual
from kiosk.journal import Journal
from kiosk.session import Session
from referee import load_ruleset
from wording.i18n import load_lang
from wording.label import label_of

LANGS = ("en", "de", "nl", "it", "he")
RANGE = re.compile(r"(?<![\d–])(\d+)–(\d+)(?![\d–])")  # a range, not a schedule of hand sizes ("10–1–10")


def ranges(line: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, b in RANGE.findall(line)]


def test_an_en_dash_between_numbers_runs_right_to_left_unless_isolated() -> None:
    assert get_display("3–7 שחקנים", base_dir="R") == "םינקחש 7–3"  # what the kiosk drew before
    assert visual("3–7 שחקנים", True) == "םינקחש 3–7"
    assert visual("\u2067bid 1–13\u2069 · 4 שחקנים", True) == "םינקחש 4 · bid 1–13"  # beside a Latin word too
    assert visual("\u206624–33\u2069", True) == "24–33"  # (the ladder's button, an isolate of its own)
    # The spaces beside a range stay where they were (a no-break space once went into the isolate with it).
    assert visual("הכרזה\u00a01–17\u00a0או אפס", True) == "ספא וא\u00a01–17\u00a0הזרכה"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["oh-hell", "spades", "whist"])
def test_each_range_of_a_rules_line_reads_low_to_high(lang: str, game: str) -> None:
    language = load_lang(lang)
    label = label_of(language, load_ruleset(game))
    shown = visual(label.replace("\u00a0", " "), language.direction == "rtl")
    assert len(ranges(shown)) == len(ranges(label)), (shown, label)  # every range still whole
    for low, high in ranges(shown):
        assert low <= high, (lang, game, shown)


@pytest.mark.parametrize("lang", LANGS)
def test_the_screens_draw_each_range_low_to_high(lang: str) -> None:
    session = Session(Journal(":memory:"))
    session.submit(f"lang {lang}")
    op = Operator(session, (1280, 800))
    found = []
    for _ in range(4):  # the setup screen's pages: each game's label under its title ("3–7 players", "13–33 deals")
        drawn = [d.text for d in op.app.screen.drawn]
        found += [r for line in drawn for r in ranges(line)]
        if op.target("ui more") is None:
            break
        op.click("ui more")
    assert (3, 7) in found and (13, 33) in found, found
    assert all(low <= high for low, high in found), found
    # A game of Skat: its rules line, and the ladder's next page ("24–33").
    for line in ("new skat Ann Ben Cat", "dealer 0"):
        session.submit(line)
    op = Operator(session, (1280, 800))
    drawn = [d.text for d in op.app.screen.drawn]
    found = [r for line in drawn for r in ranges(line)]
    assert found and all(low <= high for low, high in found), drawn
    assert not any("\u207b" in line for line in drawn)  # the dash's stand-in never drawn
