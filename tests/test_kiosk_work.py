"""The work a tap does at the kiosk, bounded (issue 20's speed point), never timed: a card entered through the real
app draws again only the grid cells it changed, renders no line of text the frame before it did not need, and the
score sheet (a row per deal, each worked out by the referee) is made again only when a deal is scored.

Under SDL's dummy driver, as the other pygame tests.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest
from test_kiosk_pygame import Operator, script, sdl  # noqa: F401 (sdl: the display, per module)

from kiosk import view as view_module
from kiosk.journal import Journal
from kiosk.session import Session


class Counted:
    """Counts the calls of a function it wraps."""

    def __init__(self, wrapped: object) -> None:
        self.wrapped = wrapped
        self.calls = 0

    def __call__(self, *args: object, **kwargs: object) -> object:
        self.calls += 1
        return self.wrapped(*args, **kwargs)  # type: ignore[operator]


@pytest.mark.parametrize("ruleset", ["hearts", "skat"])
def test_a_card_redraws_one_grid_cell_and_no_sheet(ruleset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every card of the game's first deals: at most one grid cell drawn again (the card now played), the sheet
    made only when a deal is scored, and a few lines of text rendered (the heading, the message, a seat's line)."""
    sheets = Counted(view_module._score_sheet)
    monkeypatch.setattr(view_module, "_score_sheet", sheets)
    session = Session(Journal(":memory:"))
    lines = list(script(ruleset))
    op = Operator(session, (800, 480))
    screen = op.app.screen
    renders = Counted(screen._images.put)  # a line of text rendered (then kept)
    monkeypatch.setattr(screen._images, "put", renders)
    cards = 0
    for line in lines[:260]:
        play = session.model.play
        scored = len(play.game.results) if play is not None else 0
        grid_before = screen._grid[0] if screen._grid is not None else None
        cells_before = dict(screen._grid[2]) if screen._grid is not None else {}
        sheets.calls = renders.calls = 0
        assert op.command(line) == [f":{line}"]
        play = session.model.play
        assert play is not None
        if len(play.game.results) == scored and not line.startswith("new "):
            assert sheets.calls == 0, line  # no deal scored: the sheet of the last view
        if line.startswith("card ") and screen._grid is not None and screen._grid[0] == grid_before:
            cards += 1
            drawn = [cell for cell, kept in screen._grid[2].items() if cells_before.get(cell) is not kept]
            assert len(drawn) <= 1, (line, drawn)  # the card now played, drawn again on the kept grid
            assert renders.calls <= 12, (line, renders.calls)
    assert cards > 40
