"""The kiosk at a real table (issue 20): quitting takes a deliberate gesture, every button of the setup and
game-over screens shows its key, Latin names stay whole in Hebrew text, and the game's screen is readable
at 800x480 (no text under 16 px, none outside its panel).

Driven through the real pygame app under SDL's dummy driver, as in test_kiosk_pygame.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from test_kiosk_pygame import Operator, first_index, key_event, script, sdl, session_after  # noqa: F401 (sdl)

from kiosk.journal import Journal
from kiosk.session import Session

SMALL = (800, 480)


def escape() -> pygame.event.Event:
    return key_event("\x1b", pygame.K_ESCAPE)


# -- Esc asks before the kiosk quits ----------------------------------------------------------------


@pytest.mark.parametrize(("lang", "yes", "no"), [("en", "y", "n"), ("de", "j", "n"), ("he", "כ", "ל")])
def test_esc_asks_and_only_the_yes_key_after_it_quits(lang: str, yes: str, no: str) -> None:
    session = session_after("hearts", first_index("hearts", "card ") + 3)
    session.submit(f"lang {lang}")
    op = Operator(session, SMALL)
    entries = len(session.model.entries)
    screen = op.app.screen
    assert op.send([escape()]) == [] and op.app.running and screen.overlay == "quit"
    # The question stands on the screen, and its two answers are the only targets, each showing its key.
    assert {t.intent for t in screen.targets} == {"ui quit", "ui stay"}
    assert op.app.view.leave and screen.drawn  # the question, drawn over the game
    if lang == "en":
        assert "Quit the kiosk?" in " ".join(d.text for d in screen.drawn)
    captions = {b.intent: b.caption for b in op.app.view.leave_buttons}
    assert captions == {"ui quit": yes.upper(), "ui stay": no.upper()}
    assert op.send([escape()]) == [] and op.app.running and screen.overlay is None  # Esc twice: back to the game
    assert op.send([escape()]) == [] and screen.overlay == "quit"
    assert op.keys("q", "\r", "s", "1") == [] and op.app.running and screen.overlay == "quit"  # other keys: nothing
    assert op.keys(no) == [] and op.app.running and screen.overlay is None  # No goes back
    assert op.keys(yes) == [] and op.app.running  # the yes key alone (no question asked) quits nothing
    assert op.send([escape()]) == [] and screen.overlay == "quit"
    assert op.keys(yes) == [] and not op.app.running  # Esc, then yes: the kiosk quits
    assert len(session.model.entries) == entries  # and nothing was entered on the way


def test_esc_then_a_tap_on_yes_quits_and_a_tap_elsewhere_goes_back() -> None:
    op = Operator(Session(Journal(":memory:")), SMALL)  # the setup screen asks too
    screen = op.app.screen
    assert op.send([escape()]) == [] and screen.overlay == "quit"
    assert op.click("ui stay") == [] and screen.overlay is None and op.app.running
    assert op.send([escape()]) == [] and screen.overlay == "quit"
    corner = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1, touch=False)
    assert op.send([corner]) == [] and screen.overlay is None and op.app.running
    assert op.send([escape()]) == [] and screen.overlay == "quit"
    assert op.touch("ui quit") == [] and not op.app.running


def test_the_keys_help_names_the_gesture() -> None:
    session = session_after("hearts", 3)
    assert "Esc, then Y: leave the kiosk (every entry is already saved)." in session.view().help
    session.submit("lang he")
    assert any(line.startswith("Esc") and "כ" in line for line in session.view().help)
