"""Four known kiosk defects (issue 20, the third pass), each at its cause, driven through the real pygame app under
SDL's dummy driver where the table meets it: a journal found damaged by a language's tap, the names screen's line
on the keyboard, a Klaverjassen score sheet without its roem, and a setup screen that compiled every game first.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import sqlite3
from pathlib import Path

import pygame
import pytest
from test_kiosk_layout import LARGE, SMALL
from test_kiosk_pygame import Operator, key_event, sdl  # noqa: F401 (sdl: the display, per module)

from kiosk import journal as journal_module
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session, lang_key
from wording.i18n import LANGUAGES

HEARTS = game_script("hearts", 1)[:40]  # a Hearts game under way


def damage_page(path: Path, table: str) -> None:
    """Flip the first 16 bytes of ``table``'s root page, as a failing disk does during the evening."""
    con = sqlite3.connect(path)
    try:
        (root,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()
        (size,) = con.execute("PRAGMA page_size").fetchone()
    finally:
        con.close()
    data = bytearray(path.read_bytes())
    start = (root - 1) * size
    data[start : start + 16] = bytes(b ^ 0xFF for b in data[start : start + 16])
    path.write_bytes(bytes(data))


def test_a_language_tap_that_finds_the_journal_damaged_says_so_and_loses_nothing(tmp_path: Path) -> None:
    """The language tapped on the game's keys page is written with the game (``set_setting``); a write that found
    the journal damaged raised JournalReplaced past the session, a traceback at the table. It is handled as an
    entry's write is: the damaged file kept aside, said in one line on the screen, the game read again from the
    recovered copy, and the language written to it."""
    db = tmp_path / "kiosk.sqlite3"
    session = Session(Journal(db))
    for line in [*HEARTS, "lang nl"]:  # a language chosen earlier: the settings table holds a row
        assert session.submit(line).error is None, line
    session.journal.close()
    session = Session(Journal(db))
    assert session.reopen() == 1 and session.lang.code == "nl"
    op = Operator(session, SMALL)
    # The disk fails during the evening, after the check at start-up: a new connection to the damaged file.
    session.journal.db.close()
    damage_page(db, "settings")
    damaged = db.read_bytes()
    session.journal.db = journal_module._connect(str(db))
    assert op.send([key_event("", pygame.K_F1)]) == []  # the keys' page, with the languages at its foot
    de = next(b for b in op.app.view.langs if b.intent == "lang de")
    assert op.send([key_event("", getattr(pygame, f"K_{de.key.upper()}"))]) == ["lang de"]
    assert session.lang.code == "de"
    notice = op.app.view.notice
    assert notice is not None and notice.startswith("Das Protokoll war beschädigt: "), notice
    assert "kiosk.sqlite3.damaged-1" in notice
    assert (tmp_path / "kiosk.sqlite3.damaged-1").read_bytes() == damaged
    assert op.send([key_event("", pygame.K_ESCAPE)]) == []  # the keys' page closed: the game, and what was said
    assert op.app.screen.overlay is None
    assert any(d.text.startswith("Das Protokoll war beschädigt") for d in op.app.screen.drawn)
    # Nothing lost: every entry, in the recovered journal and on screen, and the language the table chose.
    assert session.journal.entries(1) == HEARTS == list(session.model.entries)
    assert session.journal.setting(lang_key(1)) == "de"
    session.journal.close()
    again = Session(Journal(db))
    assert again.reopen() == 1 and again.lang.code == "de" and list(again.model.entries) == HEARTS
    again.journal.close()


EARLIER = ["Christina", "Maximilian", "Bartholomew", "Alexandra", "Konstantin", "Wilhelmina", "Friederike", "Sebastian"]


def names_screen(lang: str, size: tuple[int, int], rid: str, count: int, named: int, earlier: bool) -> Operator:
    """The names screen of a new game, ``named`` players named; with eight names of earlier games to offer."""
    journal = Journal(":memory:")
    if earlier:
        for i in range(0, len(EARLIER), 4):
            assert Session(journal).submit(f"new spades {' '.join(EARLIER[i : i + 4])}").error is None
    session = Session(journal, lang)
    session.submit(f"setup {rid} {count}")
    for name in EARLIER[:named]:
        session.submit(f"type name {name}")
    assert session.naming is not None and len(session.names) == named
    return Operator(session, size)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_text_of_the_names_screen_touches_the_keyboard(lang: str, size: tuple[int, int]) -> None:
    """German at 800x480: "... im Uhrzeigersinn ..." beside the name ran onto the keyboard's first row. Measured
    in every language, for a game of seven and partnership games, from the first name to the last, with and
    without earlier games' names: no line of text overlaps a button it is not on, every button lies on the
    screen, and the keyboard stays where it was while the names come in."""
    screen = pygame.Rect(0, 0, *size)
    for rid, count in (("oh-hell", 7), ("klaverjassen", 4), ("spades", 4)):
        for earlier in (False, True):
            places = set()
            for named in range(count):
                op = names_screen(lang, size, rid, count, named, earlier)
                targets = op.app.screen.targets
                keys = [t for t in targets if t.intent.startswith("type ") and len(t.intent) == len("type A")]
                assert len(keys) >= 26, (rid, named, [t.intent for t in targets])
                places.add(tuple(tuple(t.rect) for t in keys))
                case = (lang, size, rid, named, earlier)
                for t in targets:
                    assert screen.contains(t.rect), (case, t.intent, t.rect)
                for d in op.app.screen.drawn:
                    on = [t for t in targets if t.rect.colliderect(d.rect)]
                    assert all(t.rect.contains(d.rect) for t in on), (case, d.text, d.rect, [t.intent for t in on])
                    assert screen.contains(d.rect), (case, d.text, d.rect)
                if lang != "he":  # the line is there, whole (a Hebrew line is drawn in display order)
                    assert op.app.view.info[0] in " ".join(d.text for d in op.app.screen.drawn), case
            assert len(places) == 1, (lang, size, rid, earlier)  # the keys never moved as the names came in


def test_klaverjassen_score_sheet_shows_each_deal_s_roem_per_side() -> None:
    """Roem stood in the deal's summary but in no row of the score sheet: each deal's row gives each side's roem
    as the referee scored it (worked out here by hand from the referee's meld list, trick by trick, to the side
    that took it), and a deal entered by its result the roem the table entered; on the sheet the table opens."""
    from referee.mechanisms import roem

    script = game_script("klaverjassen", seed=1)
    session = Session(Journal(":memory:"), "nl")
    by_hand: list[tuple[int, int]] = []
    for line in script:
        assert session.submit(line).error is None, line
        play = session.model.play
        assert play is not None
        if len(play.game.results) > len(by_hand):  # a deal just ended: its roem by hand
            deal, made = play.last_deal, [0, 0]
            assert deal is not None
            settings, deck = roem.of(play.rules), play.rules.deck
            for trick in deal.tricks:
                found = roem.melds(settings, deck, [deck.index[c] for c in trick.cards], deal.trump)
                made[deal.teams[trick.winner]] += sum(m.points for m in found)
            by_hand.append((made[0], made[1]))
            if len(by_hand) == 6:
                break
    assert sum(1 for made in by_hand if all(made)) >= 1 and sum(1 for made in by_hand if not any(made)) >= 1
    # ... then a deal entered by its result: Ann chose trump, 90 and 72 card points, roem 20 and 50
    for line in ("mode quick", "score Ann 90 72 roem 20 50"):
        assert session.submit(line).error is None, line
    by_hand.append((20, 50))
    sheet = session.view().sheet
    assert sheet[0][1:] == ["Ann en Cat", "Ben en Dan"]
    for row, made in zip(sheet[1:], by_hand, strict=True):
        for cell, points in zip(row[1:], made, strict=True):
            shown = [part for part in cell.split(" · ") if part.startswith("roem ")]
            assert shown == ([f"roem {points}"] if points else []), (row, made)
    # The same on the sheet drawn at 800x480 (Tab), each line inside its cell.
    op = Operator(session, SMALL)
    assert op.send([key_event("", pygame.K_TAB)]) == [] and op.app.screen.overlay == "sheet"
    drawn = " ".join(d.text for d in op.app.screen.drawn)
    assert "roem 20" in drawn and "roem 50" in drawn, drawn
