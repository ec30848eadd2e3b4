"""The end-of-game chart's names (issue 20): with close totals none is drawn over another, by geometry."""

from __future__ import annotations

import itertools
import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest
from test_kiosk_pygame import Operator, sdl  # noqa: F401 (sdl: the display, per module)

from kiosk.app import spread
from kiosk.journal import Journal
from kiosk.session import Session


def test_spread_labels_never_overlap_and_keep_their_order() -> None:
    rng = random.Random(20)
    for _ in range(2000):
        height, top = rng.randint(10, 30), rng.randint(0, 50)
        count = rng.randint(1, 8)
        bottom = top + rng.randint(count * height, count * height + 300)  # room for all of them
        wanted = [rng.choice([top, bottom - height, rng.randint(top - 20, bottom + 20)]) for _ in range(count)]
        tops = spread(wanted, height, top, bottom)
        for a, b in itertools.combinations(range(count), 2):
            assert abs(tops[a] - tops[b]) >= height, (wanted, tops)
            if wanted[a] < wanted[b]:
                assert tops[a] < tops[b]  # in the order of their lines' ends
        assert all(top <= t <= bottom - height for t in tops), (wanted, tops)
    assert spread([100, 200], 20, 0, 400) == [100, 200]  # apart already: each where it wants


# Two players a point apart and two others a point apart at every deal's end, the pairs 12 apart (a tie for the
# lowest plays on): the first row, then the pair of rows again until the game is over.
ROWS = [["0 1 12 13", "13 13 0 0", "0 0 13 13"], ["1 0 13 12", "13 0 13 0", "0 13 0 13"]]


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("rows", ROWS)
def test_the_names_at_the_end_of_the_chart_do_not_overlap(size: tuple[int, int], rows: list[str]) -> None:
    session = Session(Journal(":memory:"))
    names = ["Annemarie", "Benedikt", "Catharina", "Dominik"]
    for line in (f"new hearts {' '.join(names)}", "dealer 0", "mode quick"):
        assert session.submit(line).error is None
    for deal in range(30):
        row = rows[0] if deal == 0 else rows[1 + (deal - 1) % 2]
        assert session.submit("score " + row).error is None
        if session.model.play is not None and session.model.play.game.is_over:
            break
    play = session.model.play
    assert play is not None and play.game.is_over, play.game.scores if play else None
    assert min(abs(a - b) for a, b in itertools.combinations(play.game.scores, 2)) <= 2  # lines ending together
    op = Operator(session, size)
    chart = [d for d in op.app.screen.drawn if d.text in names and d.within.width < size[0] // 2 + 10]
    assert sorted(d.text for d in chart) == sorted(names), [d.text for d in op.app.screen.drawn]
    for a, b in itertools.combinations(chart, 2):
        assert not a.rect.colliderect(b.rect), (a.text, a.rect, b.text, b.rect)
    for d in chart:
        assert d.within.contains(d.rect), (d.text, d.rect, d.within)
