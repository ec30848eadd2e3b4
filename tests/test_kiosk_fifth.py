"""The kiosk at 800x480, fifth pass at a real window (issue 20, kiosk5): a card's first key has a place of its own,
a settled flag is on its deal's row of the score sheet, numbered players are named as players in every sentence,
long names and seven seats hold their places, a right-to-left name on a seat button, the keys' page's languages
in one row, a version-1 journal found damaged, and the setup screen's committed index.

Driven through the real pygame app under SDL's dummy driver, as in test_kiosk_pygame.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from test_kiosk_pygame import script, sdl  # noqa: F401 (sdl: the display, per module)
from test_kiosk_table import LANGS, SMALL, unreadable
from test_revoke import EUCHRE, EUCHRE_DEAL, EUCHRE_ONE_REVOKE, SPADES, SPADES_ONE_REVOKE, run

from kiosk.app import Screen
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import build_view, say
from wording import revoke_penalty as revoke_words
from wording.i18n import load_lang


@pytest.mark.parametrize(("ruleset", "lang"), [("spades", "en"), ("oh-hell", "de"), ("spades", "he")])
def test_a_cards_first_key_has_a_place_of_its_own(ruleset: str, lang: str) -> None:
    """A card's first key ("K …", "♥1 …" before the 0 of a 10) lay over the table's foot at 800x480: over the bottom
    player's line and a side player's tricks. Through a whole game it lies over no other line nor shape, inside the
    screen, always in the same place, and no other line moves when it comes."""
    session = Session(Journal(":memory:"), lang)
    screen = Screen(pygame.Surface(SMALL))
    places = set()
    checked = 0
    for i, line in enumerate(script(ruleset)):
        view = session.submit(line)
        if not view.grid_enabled or i % 5:  # every fifth card's screen: the table's lines change with each trick
            continue
        screen.typed = ""
        screen.draw(view)
        before = [(d.text, tuple(d.rect)) for d in screen.drawn]
        for typed in ("K", "#H1"):
            screen.typed = typed
            screen.draw(view)
            entry = [d for d in screen.drawn if d.text.endswith(" …")]
            assert len(entry) == 1, (line, typed)
            places.add(tuple(screen.entry_at))
            assert screen.entry_at.contains(entry[0].rect), (line, typed)
            assert not unreadable(screen), (line, typed, unreadable(screen))
            assert [(d.text, tuple(d.rect)) for d in screen.drawn if d is not entry[0]] == before, (line, typed)
            checked += 1
    assert checked and len(places) == 1, (checked, places)


@pytest.mark.parametrize("lang", LANGS)
def test_every_settled_flag_is_on_its_deals_row_of_the_sheet(lang: str) -> None:
    """Spades' revoke upheld (no penalty in its rules) was written nowhere on the score sheet. Each settled flag
    stands on its deal's row, in the offender's column, in the words the kiosk said when it was settled: upheld
    where the game sets no penalty, dismissed, and upheld with the penalty the referee booked (Euchre: Ann and Cat
    +2), which the referee's own penalties give."""
    words = load_lang(lang)
    for ruleset, deal, answer, said in (
        (SPADES, SPADES_ONE_REVOKE, "confirm", revoke_words.UPHELD),
        (SPADES, SPADES_ONE_REVOKE, "dismiss", revoke_words.DISMISSED),
        (EUCHRE, [*EUCHRE_DEAL, *EUCHRE_ONE_REVOKE], "confirm", revoke_words.APPLIED),
    ):
        model = run([*ruleset, *deal])
        before = build_view(model, words).sheet
        settled = run([answer], model)
        sheet = build_view(settled, words).sheet
        notice = say(words, settled.notice)  # what the kiosk said when the table settled it
        assert notice is not None and settled.notice is not None and settled.notice.text == said
        dan = next(c for c, head in enumerate(sheet[0]) if "Dan" in head)  # Dan revoked: his column
        assert notice in sheet[1][dan] and notice not in before[1][dan], (sheet[1], notice)
        assert all(notice not in cell for c, cell in enumerate(sheet[1]) if c != dan)
        if said == revoke_words.APPLIED:  # the referee's penalty: Ann and Cat +2
            assert [p.points for p in settled.play.game.penalties] == [(2, 0, 2, 0)]
            assert words.number(2) in notice and "Ann" in notice and "Cat" in notice
