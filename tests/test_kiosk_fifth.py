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
from test_kiosk_table import SMALL, unreadable

from kiosk.app import Screen
from kiosk.journal import Journal
from kiosk.session import Session


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
