"""The open hand entered on screen (issue 20, kiosk/laying.py): Skat's null ouvert at 800x480, by taps and by keys.

After the declaration the table enters the declarer's hand as any card: a tap on the grid or its two keys; the
screen shows the cards so far, takes back the last (Backspace, or its button), and confirms (Enter, or its
button). The journal then holds the one ``open ...`` entry the command line writes, and a resumed game knows the
hand as the referee did: it refuses the declarer a card not laid open and flags a revoke.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from test_kiosk_pygame import Operator, key_event, sdl  # noqa: F401 (sdl: the display, per module)

from kiosk import laying
from kiosk.app import visual
from kiosk.core import open_to_enter
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import BACKSPACE, ENTER
from wording.i18n import load_lang

SMALL = (800, 480)
LANGS = ("en", "de", "nl", "it", "he")
# Ann deals: Ben (Vorhand) holds at 18 and declares a null ouvert hand; his hand as the table sees it laid open.
DECLARED = ["new skat Ann Ben Cat", "dealer 0", "bid say 18", "bid hold", "bid pass", "bid pass"]
BEN = ["JC", "JS", "JH", "JD", "AC", "TC", "KC", "7S", "8S", "9S"]


def declared(lang: str = "en", journal: Journal | None = None) -> Operator:
    session = Session(journal or Journal(":memory:"))
    session.submit(f"lang {lang}")
    for line in [*DECLARED, "bid solo null-ouvert hand"]:
        assert session.submit(line).error is None, line
    return Operator(session, SMALL)


def by_keys(op: Operator, code: str) -> list[str]:
    rank, suit = code
    return op.keys("1", "0", suit.lower()) if rank == "T" else op.keys(rank.lower(), suit.lower())


@pytest.mark.parametrize("way", ["taps", "keys"])
def test_the_open_hand_is_entered_card_by_card_and_confirmed(way: str, tmp_path: pytest.TempPathFactory) -> None:
    path = tmp_path / "kiosk.sqlite3"  # type: ignore[operator]
    op = declared(journal=Journal(path))
    play = op.session.model.play
    assert play is not None and open_to_enter(play) == 1
    view = op.app.view
    assert "Ben plays Null ouvert hand and lays the hand open" in view.status, view.status
    assert view.grid_enabled and not view.error
    confirm = next(b for b in view.buttons if b.intent == laying.OK)
    assert not confirm.enabled and confirm.key == ENTER and confirm.caption == "↵"
    entries = len(op.session.model.entries)
    for i, code in enumerate(BEN):
        assert (op.touch(f"card {code}") if way == "taps" else by_keys(op, code)) == [f"card {code}"]
        assert op.app.view.error is None, op.app.view.error
        # The cards so far, and each greyed in the grid (no longer a target): nothing is journaled yet.
        assert f"({i + 1} of 10)" in op.app.view.info[0]
        assert op.target(f"card {code}") is None
        assert len(op.session.model.entries) == entries
    assert not op.app.view.grid_enabled  # all ten: the grid takes no more
    # A wrong card taken back: the last, by Backspace or its button, the grid offering it again.
    back = next(b for b in op.app.view.buttons if b.intent == laying.BACK)
    assert back.enabled and back.key == BACKSPACE and back.label == "Take back the last card"
    before = op.target(laying.BACK)
    assert (op.keys("\b") if way == "keys" else op.touch(laying.BACK)) == [laying.BACK]
    assert "(9 of 10)" in op.app.view.info[0] and op.target("card 9S") is not None
    assert op.target(laying.BACK) == before  # the button stays where the finger was
    assert op.app.view.notice == "Undone: the nine of spades"
    assert (op.touch("card 9S") if way == "taps" else by_keys(op, "9S")) == ["card 9S"]
    assert (op.keys("\r") if way == "keys" else op.touch(laying.OK)) == [laying.OK]
    model = op.session.model
    assert model.error is None and model.entries[-1] == "open " + " ".join(BEN)
    assert len(model.entries) == entries + 1 and open_to_enter(model.play) is None
    assert op.app.view.notice == "The hand Ben lays open is entered: the referee knows it."
    assert op.command("lay ok") == [":lay ok"] and op.app.view.error is None  # a confirm too many: nothing
    assert len(op.session.model.entries) == entries + 1
    # The referee knows the hand: Ben leads only from it.
    assert op.touch("card QH") == ["card QH"] and op.app.view.error == "The queen of hearts is not in that hand."
    assert op.touch("card 7S") == ["card 7S"] and op.app.view.error is None
    op.session.close()
    # Resumed from the journal: the hand laid open is known again, the 7♠ played.
    resumed = Session(Journal(path))
    resumed.reopen()
    deal = resumed.model.play.deal if resumed.model.play is not None else None
    assert deal is not None and sorted(deal.seen_by(2)[1] or []) == sorted(c for c in BEN if c != "7S")
    assert resumed.submit("card JC").error is not None  # Cat cannot hold the jack Ben laid open
    resumed.close()


def test_the_journal_holds_what_the_command_line_writes() -> None:
    typed = declared()
    typed.command("open " + " ".join(BEN))
    tapped = declared()
    for code in BEN:
        tapped.touch(f"card {code}")
    tapped.keys("\r")
    assert typed.session.model.entries == tapped.session.model.entries


def test_a_card_refused_and_the_undo_before_any_card() -> None:
    op = declared()
    assert op.keys("2", "c") == ["card 2C"]  # Skat has no twos
    assert op.app.view.error == "The two of clubs is not in the deck."
    op.touch("card JC")
    by_keys(op, "JC")
    assert op.app.view.error == "The jack of clubs is already chosen."
    assert "(1 of 10)" in op.app.view.info[0]
    op.keys("\b")
    assert op.app.view.info[0] == "No card entered yet (0 of 10)."
    back = next(b for b in op.app.view.buttons if b.intent == laying.BACK)
    assert not back.enabled
    # Nothing entered: Undo takes back the declaration, as anywhere, and the screen is gone.
    assert op.touch("undo") == ["undo"]
    play = op.session.model.play
    assert play is not None and play.deal is not None and play.deal.phase == "bid" and open_to_enter(play) is None
    assert op.session.model.effective[-1] == "bid pass"


def test_a_plain_null_asks_no_hand() -> None:
    session = Session(Journal(":memory:"))
    for line in [*DECLARED, "bid solo null hand"]:
        assert session.submit(line).error is None, line
    assert open_to_enter(session.model.play) is None
    assert not any(b.intent == laying.OK for b in session.view().buttons)


@pytest.mark.parametrize("lang", LANGS)
def test_every_button_of_the_screen_has_its_key_and_words(lang: str) -> None:
    op = declared(lang)
    language = load_lang(lang)
    view = op.app.view
    for text in (laying.T_STATUS, laying.T_LAID_NONE, laying.T_CONFIRM, laying.T_TAKE_BACK, laying.T_HELP):
        assert lang == "en" or language.gettext(text) != text, (lang, text)  # translated
    assert language.gettext(laying.T_HELP) in view.help
    for b in view.buttons:
        assert b.key or b.caption, b  # every button's key shown on it
    assert {b.intent for b in view.buttons} >= {laying.OK, laying.BACK, "undo", "ui help"}
    op.touch("card AC")
    assert "A♣" in op.app.view.info[0]
    drawn = " ".join(d.text for d in op.app.screen.drawn)  # the confirm button is on screen, in the table's words
    first = language.gettext(laying.T_CONFIRM).split()[0]
    assert visual(first, lang == "he") in drawn, (first, drawn)


@pytest.mark.parametrize("lang", LANGS)
def test_the_keys_page_of_the_open_hand_fits_800x480(lang: str) -> None:
    from test_kiosk_table import unreadable

    from kiosk.app import Screen

    op = declared(lang)
    screen = Screen(pygame.Surface(SMALL))
    screen.overlay = "help"
    screen.draw(op.app.view)
    assert not unreadable(screen), unreadable(screen)
    help_text = load_lang(lang).gettext(laying.T_HELP)
    assert help_text in op.app.view.help
    page = screen.drawn[0].within  # the heading's: the page above the languages
    langs = [t.rect for t in screen.targets if t.intent.startswith("lang ")]
    assert all(d.rect.bottom <= min(r.top for r in langs) for d in screen.drawn if d.within == page)
