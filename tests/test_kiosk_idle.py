"""The kiosk's idle work (issue 20, the setup screen's taps p99): while the table leaves it alone after the first
frame, the other languages' catalogs and labels are made (a thread) and each language's screen drawn off screen
into the screen's caches; the first tap on a language then reads no catalog and lays out no text anew. Work is
counted, not timed (the figures are bench/kiosk.py's)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from test_kiosk_pygame import Operator, sdl  # noqa: F401 (sdl: the display, per module)

import kiosk.app
from kiosk.app import idle_work
from kiosk.journal import Journal
from kiosk.session import Session
from wording import i18n
from wording.i18n import LANGUAGES


def test_after_the_idle_work_a_tap_on_a_language_loads_and_lays_out_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session(Journal(":memory:"), "en")
    op = Operator(session, (800, 480))
    slices, views = session.idle_slices(), session.idle_views()
    # Every other language (then the club's network stack, for the slices).
    assert len(slices) == len(LANGUAGES) and len(views) == len(LANGUAGES) - 1
    for piece in slices:
        piece()
    targets, drawn = list(op.app.screen.targets), list(op.app.screen.drawn)
    for view in views:
        op.app.warm(view())
    # Drawn off screen: the screen's targets and lines are the table's still, and its language too.
    assert op.app.screen.targets == targets and op.app.screen.drawn == drawn and session.lang.code == "en"

    def no_loading(*args: object) -> None:
        raise AssertionError("a catalog read on a tap")

    monkeypatch.setattr(i18n, "_load_lang", no_loading)
    screen = op.app.screen
    for code in LANGUAGES:
        if code == "en":
            continue
        faces, lines = len(screen._faces.items), len(screen._fitted.items)
        assert op.click(f"lang {code}") == [f"lang {code}"]
        assert session.lang.code == code
        # Each game's face and line on the page was made while idle: the tap's frame only copies them.
        assert (len(screen._faces.items), len(screen._fitted.items)) == (faces, lines), code
        op.click("lang en")


def test_the_idle_thread_waits_for_quiet_and_stops_with_the_kiosk(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kiosk.app, "QUIET", 0.01)
    session = Session(Journal(":memory:"), "en")
    op = Operator(session, (800, 480))
    done: list[int] = []
    worker = idle_work(op.app, [lambda: done.append(1), lambda: done.append(2)])
    worker.join(30)
    assert done == [1, 2] and not worker.is_alive()
    op.app.running = False  # the kiosk quitting: the slices left are dropped
    worker = idle_work(op.app, [lambda: done.append(3)])
    worker.join(30)
    assert done == [1, 2] and not worker.is_alive()
    assert pygame.display.get_surface() is not None
