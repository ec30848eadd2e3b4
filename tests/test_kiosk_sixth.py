"""The kiosk at 800x480, sixth pass (issue 20, kiosk6): long names and seven seats keep every line of text clear,
and the game picker's labels are readable.

Driven through the real pygame app under SDL's dummy driver, as in test_kiosk_pygame.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Iterator

import pygame
import pytest
from test_kiosk_pygame import Operator, sdl  # noqa: F401 (sdl: the display, per module)
from test_kiosk_table import SMALL, unreadable

from kiosk import view as view_module
from kiosk.app import MIN_TEXT, Screen
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session

# Names of 10 to 12 letters, as a real table has them (the tester's "Bartholomeus" and "Maximiliane").
LONG = ["Bartholomeus", "Maximiliane", "Konstantinos", "Wilhelmina", "Friederike", "Christopher", "Alexandrina"]


def long_walk(ruleset: str, players: int, lang: str, deals: int = 2, every: int = 2) -> Iterator[tuple[str, Screen]]:
    """Every ``every``-th screen of the first ``deals`` deals of a game of ``players`` long-named players."""
    session = Session(Journal(":memory:"), lang)
    screen = Screen(pygame.Surface(SMALL))
    for i, line in enumerate(game_script(ruleset, seed=1, names=LONG[:players], max_deals=deals)):
        view = session.submit(line)
        assert view.error is None, (line, view.error)
        if i % every and not line.startswith(("new", "dealer", "upcard")):
            continue
        screen.draw(view)
        yield line, screen


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize(("ruleset", "players"), [("oh-hell", 7), ("oh-hell", 5), ("hearts", 4), ("spades", 4)])
def test_long_names_and_seven_seats_keep_every_text_clear_at_800x480(ruleset: str, players: int, lang: str) -> None:
    """At 800x480 names of 10 to 12 letters ran into each other, and seven players' side seats of Oh Hell lay over
    one another. No line of text lies over another (nor over a card of the trick or the frame of the player to
    act), each is 16 px or more, and a name that must be cut ends in "…", never shrunk."""
    seen = 0
    for line, screen in long_walk(ruleset, players, lang):
        bad = unreadable(screen)
        assert not bad, (line, bad)
        if screen.summary_shown:
            continue
        names = [
            d
            for d in screen.drawn
            if any(d.text == n or (d.text.endswith("…") and n.startswith(d.text[:-1])) for n in LONG)
        ]
        assert len(names) >= players, (line, [d.text for d in screen.drawn])
        assert all(d.px >= MIN_TEXT for d in names), (line, [(d.text, d.px) for d in names])
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_the_game_picker_s_labels_are_16px_at_800x480(lang: str) -> None:
    """The game picker's one-line labels were 14 px at 800x480, shrunk to about 12 px in German and Italian, with
    some 80 px of the screen unused below them. On every page of games, in every language: each label's line is
    drawn at 16 px or more and unshrunk (the line as tall as the label font's), inside its game's button, over no
    other line, and every button on the screen; and a page still holds three games (taller labels on six lines
    made the list 25 pages of one game each: a label is cut with "…" on its fourth line instead)."""
    session = Session(Journal(":memory:"), lang)
    screen = Screen(pygame.Surface(SMALL))
    view = session.view()
    bounds = screen.surface.get_rect()
    every = {b.intent for b in view.buttons if b.kind == "ruleset"}
    seen: set[str] = set()
    for page in range(len(every)):
        screen.setup_page = page
        screen.draw(view)
        if screen.setup_page != page:  # past the last page: back at the first
            break
        games = [t for t in screen.targets if t.intent in every]
        assert len(games) >= 3 or len(seen) + len(games) == len(every), (lang, page, len(games))  # as many a page
        for t in screen.targets:
            assert bounds.contains(t.rect), (lang, t.intent, t.rect)
        lines = [d for d in screen.drawn if d.text.strip()]
        for i, d in enumerate(lines):
            assert d.px >= MIN_TEXT, (lang, d.text, d.px)
            assert bounds.contains(d.rect) and d.within.contains(d.rect), (lang, d.text, d.rect)
            assert d.rect.collidelist([e.rect for e in lines[i + 1 :]]) < 0, (lang, d.text)
        label = screen.fonts.label
        assert label.point_size >= MIN_TEXT and label.get_height() >= MIN_TEXT
        for t in games:  # each game's label on its button, every line of it unshrunk: as tall as the label font's
            on = [d for d in lines if t.rect.contains(d.rect) and d.px == label.point_size]
            assert on and all(d.rect.height == label.get_height() for d in on), (lang, t.intent)
            seen.add(t.intent)
    assert seen == every, (lang, every - seen)


def test_an_entry_other_than_a_card_does_no_work_its_state_did_not_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bids, leads and answers took about 24 ms at p99 (bench/kiosk.py), over the 16 ms the issue asks: each frame
    rebuilt the keys' page (asking the referee for the pack's ranks: ``face_keys``) and placed the buttons six
    times over. Through a whole Spades deal entered by taps and keys, the keys' page is made once for the game
    and its language, and the buttons are placed only when a new set of buttons comes (not on every frame)."""
    asked: list[str] = []
    face_keys = view_module.face_keys

    def counted(lang: object, pack: object) -> object:
        asked.append(str(pack))
        return face_keys(lang, pack)  # type: ignore[arg-type]

    monkeypatch.setattr(view_module, "face_keys", counted)
    script = game_script("spades", seed=1, max_deals=2)
    session = Session(Journal(":memory:"))
    for line in script[:2]:
        assert session.submit(line).error is None
    op = Operator(session, SMALL)
    asked.clear()
    placed, others = op.app.screen.placed, 0
    sets: set[tuple[tuple[str, str], ...]] = set()
    for line in script[2:]:
        sets.add(tuple((b.intent, b.label) for b in op.app.view.buttons))
        if line.startswith("card "):
            assert op.keys(line[5].lower(), line[6].lower()) == [line], line
            continue
        assert op.click(line) == [line], line
        others += 1
        for _ in range(3):  # frames of the same state: the sheet opened and closed, a repaint
            op.app.render()
    assert others >= 8
    assert len(asked) <= 1, asked  # once for the game (never per entry)
    # Each set of buttons placed a few times at most (the bar's rows, the main rows), not six times a frame.
    assert op.app.screen.placed - placed <= 4 * len(sets), (op.app.screen.placed - placed, len(sets))


@pytest.mark.parametrize(
    ("ruleset", "lang"), [("skat", "de"), ("doppelkopf", "de"), ("klaverjassen", "nl"), ("euchre", "en")]
)
def test_the_trump_stands_once_on_the_screen(ruleset: str, lang: str) -> None:
    """Skat, Doppelkopf and Klaverjassen at 800x480 under Xvfb showed "Trumpf: Kreuz" twice: large in the table's
    corner and again in the scores panel. Through a deal's play the trump's line is drawn once on every screen
    that shows it (in the table's corner, or in the panel where the table has no room), and always once."""
    session = Session(Journal(":memory:"), lang)
    screen = Screen(pygame.Surface(SMALL))
    seen = 0
    for line in game_script(ruleset, seed=1, max_deals=1):
        view = session.submit(line)
        assert view.error is None, (line, view.error)
        if not view.trump or view.summary:
            continue
        screen.draw(view)
        shown = [d for d in screen.drawn if d.text == view.trump]
        assert len(shown) == 1, (line, [(d.text, tuple(d.rect)) for d in shown])
        seen += 1
    assert seen >= 10


def test_the_hooks_bid_is_on_screen_before_the_dealer_bids_with_seven_long_names() -> None:
    """The README promises the hook's sentence before the dealer bids; with seven players' scores at 800x480 the
    panel had no room for it, and a real-window drive saw it only after the refused bid. It stands on the message
    line, where every screen has room, in place of the last entry said again."""
    session = Session(Journal(":memory:"), "en")
    screen = Screen(pygame.Surface(SMALL))
    shown = 0
    for line in game_script("oh-hell", seed=1, names=LONG[:7], max_deals=3):
        view = session.submit(line)
        assert view.error is None, (line, view.error)
        if not view.urgent:
            continue
        screen.draw(view)
        drawn = " ".join(d.text for d in screen.drawn)
        assert "The hook:" in drawn and "bids last and may not bid" in drawn, (line, view.urgent)
        shown += 1
    assert shown  # the check can fail: some dealer of these deals is hooked
