"""The kiosk at 800x480, fifth pass at a real window (issue 20, kiosk5): a card's first key has a place of its own,
a settled flag is on its deal's row of the score sheet, numbered players are named as players in every sentence,
long names and seven seats hold their places, a right-to-left name on a seat button, the keys' page's languages
in one row, a version-1 journal found damaged, and the setup screen's committed index.

Driven through the real pygame app under SDL's dummy driver, as in test_kiosk_pygame.
"""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from test_kiosk_durability import version_1_journal
from test_kiosk_pygame import script, sdl  # noqa: F401 (sdl: the display, per module)
from test_kiosk_startup import counting_compiles
from test_kiosk_table import LANGS, SMALL, unreadable
from test_kiosk_third import damage_page
from test_revoke import EUCHRE, EUCHRE_DEAL, EUCHRE_ONE_REVOKE, SPADES, SPADES_ONE_REVOKE, run

import referee
from kiosk import gameindex
from kiosk.app import Screen, visual
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import T_NAME_HINT, T_NAME_HINT_FIRST, Session
from kiosk.view import T_CLAIM, T_DEALER, T_SHEET_CELL_PENALTY, T_WON_TRICK, build_view, say
from referee.loader import bundled_ids
from wording import revoke_penalty as revoke_words
from wording.i18n import load_lang
from wording.label import isolate_runs
from wording.names import SEAT_FORMS

LONG_NAMES = ["Alexandra", "Maximilian", "Bartholomew", "Konstantin"]  # 9 to 11 letters


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
    stands on its deal's row: in the offender's column, in the words the kiosk said when it was settled, where it
    was upheld in a game that sets no penalty or dismissed (before the deal's points and total, which stay last);
    upheld in Euchre, as the penalty the referee booked, in the column of the side given it."""
    words = load_lang(lang)
    for answer, said in (("confirm", revoke_words.UPHELD), ("dismiss", revoke_words.DISMISSED)):
        model = run([*SPADES, *SPADES_ONE_REVOKE])
        before = build_view(model, words).sheet
        settled = run([answer], model)
        sheet = build_view(settled, words).sheet
        notice = say(words, settled.notice)  # what the kiosk said when the table settled it
        assert notice is not None and settled.notice is not None and settled.notice.text == said
        dan = next(c for c, head in enumerate(sheet[0]) if "Dan" in head)  # Dan revoked: his side's column
        assert notice in sheet[1][dan] and notice not in before[1][dan], (sheet[1], notice)
        assert sheet[1][dan].endswith(before[1][dan].rsplit(" · ", 1)[-1])  # the points and total last
        assert all(notice not in cell for c, cell in enumerate(sheet[1]) if c != dan)
    euchre = run(["confirm"], run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_ONE_REVOKE]))
    assert [p.points for p in euchre.play.game.penalties] == [(2, 0, 2, 0)]  # the referee's: Ann and Cat +2
    sheet = build_view(euchre, words).sheet
    ann = next(c for c, head in enumerate(sheet[0]) if "Ann" in head)
    penalty = words.gettext(T_SHEET_CELL_PENALTY).split(", ")[1].split(" %")[0]  # "penalty", "עונש"
    assert "+2" in sheet[1][ann] and penalty in sheet[1][ann], sheet[1]


@pytest.mark.parametrize("lang", LANGS)
def test_numbered_players_are_players_in_every_sentence(lang: str) -> None:
    """`new oh-hell 4`: "1 bids 0.", "Dealer: 1", "2 wins the trick." read as numbers. Every sentence names a
    numbered player as the kiosk does elsewhere, "Player 1" in the language's words (Italian "il giocatore 1"),
    the notice of a bid, the header's dealer, the trick's winner, a card played, and the claim's button."""
    words = load_lang(lang)
    g = words.gettext

    def player(seat: int) -> str:
        return words.pgettext(*SEAT_FORMS["sentence"]) % {"number": words.number(seat + 1)}

    def capital(text: str) -> str:
        return text[:1].upper() + text[1:]

    session = Session(Journal(":memory:"), lang)
    said = set()
    for line in game_script("oh-hell", seed=1, players=4, max_deals=3):
        view = session.submit(line)
        model = session.model
        assert view.error is None and model.play is not None, (line, view.error)
        game = model.play.game
        if line.startswith("bid "):
            bidder = model.play.deal.history[-1][0] if model.play.deal else -1
            count = int(line.split()[1])
            assert view.notice == capital(g("%(name)s bids %(count)s.") % {"name": player(bidder), "count": count})
            said.add("bid")
        if not game.is_over and view.seats:
            assert g(T_DEALER) % {"name": player(game.dealer)} in view.header, view.header
        deal = model.play.deal
        if line.startswith("card ") and deal is not None and deal.tricks and not deal.current_trick:
            assert g(T_WON_TRICK) % {"name": player(deal.tricks[-1].winner)} in view.info, view.info
            said.add("trick")
        claims = [b.label for b in view.buttons if b.intent.startswith("ask claim ")]
        if claims and deal is not None and deal.to_act is not None:
            assert claims == [words.pgettext(*T_CLAIM) % {"name": player(deal.to_act)}]
            said.add("claim")
    assert said >= {"bid", "trick"}, said


def test_a_right_to_left_name_on_a_seat_button_stays_after_its_number() -> None:
    """On an English screen the dealer's buttons read "דן 1": the number beside a Hebrew name is isolated from it
    (wording.label.isolate_runs, the pages' own rule), on the who-deals-first screen and the who-leads one."""
    en = load_lang("en")
    session = Session(Journal(":memory:"), "en")
    session.submit("setup hearts 4")
    for name in ("דן", "Ben", "Cat", "Dan"):
        session.submit(f"type name {name}")
    first = [b.label for b in session.view().buttons if b.intent == "type dealer 0"]
    assert first == [f"1 {isolate_runs(en, 'דן')}"] and isolate_runs(en, "דן") != "דן", first
    screen = Screen(pygame.Surface(SMALL))
    screen.draw(session.view())
    assert any(d.text == "1 " + visual("דן", True) for d in screen.drawn)  # drawn: the number first, then the name


@pytest.mark.parametrize("lang", LANGS)
def test_the_names_screen_offers_names_used_before_only_where_there_are_some(lang: str, tmp_path: Path) -> None:
    """A first game's names screen said "or tap a name used before" (in Hebrew, "a name already used") with no
    such name on it; once a game has names, they are offered and the line says so."""
    g = load_lang(lang).gettext
    session = Session(Journal(tmp_path / "j.sqlite3"), lang)
    view = session.submit("setup hearts 4")
    assert view.naming and not [b for b in view.buttons if b.kind == "name"]
    assert g(T_NAME_HINT_FIRST) in view.info and g(T_NAME_HINT) not in view.info, view.info
    for line in ("new hearts Ann Ben Cat Dan", "dealer 0"):
        session.submit(line)
    session.journal.close()
    again = Session(Journal(tmp_path / "j.sqlite3"), lang)
    view = again.submit("setup hearts 4")
    assert [b.label for b in view.buttons if b.kind == "name"] == ["Ann", "Ben", "Cat", "Dan"]
    assert g(T_NAME_HINT) in view.info, view.info
    again.journal.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_languages_on_the_keys_page_stand_in_one_row_alike(lang: str) -> None:
    """At 800x480 "Nederlands" did not fit beside its key and went under it in smaller type, lower than the
    other languages' names: every name of the row stands at the same height in the same type."""
    session = Session(Journal(":memory:"), lang)
    for line in ("new spades Ann Ben Cat Dan", "dealer 0"):
        view = session.submit(line)
    screen = Screen(pygame.Surface(SMALL))
    screen.overlay = "help"
    screen.draw(view)
    names = {visual(b.label, view.rtl) for b in view.langs}
    drawn = [d for d in screen.drawn if d.text in names]
    assert len(drawn) == len(view.langs) == 5
    assert len({d.rect.top for d in drawn}) == 1 and len({d.px for d in drawn}) == 1, [
        (d.text, tuple(d.rect), d.px) for d in drawn
    ]
    assert not unreadable(screen), unreadable(screen)


def test_a_version_1_journal_found_damaged_while_listing_its_games_is_kept_aside(tmp_path: Path) -> None:
    """The setup screen lists a version-1 journal's unfinished games by replaying each once and writing where it
    stands; the write runs the whole file's check the kiosk leaves until after its first frame, and damage it found
    raised JournalReplaced past the session (a traceback at the table). As after an entry: the damaged file kept
    aside, one line on the screen, the games listed from the recovered copy, no entry lost."""
    path = tmp_path / "kiosk.sqlite3"
    game = game_script("hearts", 1)
    version_1_journal(path, [game[:300], game[:5]])
    con = sqlite3.connect(path)  # a page the games and entries do not use, where a failing disk damages it
    con.execute("CREATE TABLE notes (x TEXT)")
    con.executemany("INSERT INTO notes VALUES (?)", [("x" * 50,)] * 10)
    con.commit()
    con.close()
    damage_page(path, "notes")
    session = Session(Journal(path, check=False), "en")  # as the kiosk opens it: the check after the first frame
    assert session.unfinished() == [1, 2]
    assert session.notice is not None and "kiosk.sqlite3.damaged-1" in session.notice
    assert "\n" not in session.notice and "305 of 305" in session.notice, session.notice
    assert (tmp_path / "kiosk.sqlite3.damaged-1").exists()  # kept aside (migrated to version 2 before the check)
    assert [session.journal.entries(1), session.journal.entries(2)] == [game[:300], game[:5]]
    assert [b.intent for b in session.setup_buttons() if b.intent.startswith("resume")] == ["resume 1", "resume 2"]
    session.journal.close()


def test_the_committed_index_of_the_games_is_current() -> None:
    """The setup screen's games come from kiosk/gameindex.json on a first start: it must be what `make gameindex`
    makes from the bundled rulesets and catalogs now (a changed ruleset, label or translation: run it)."""
    assert gameindex.COMMITTED.read_text(encoding="utf-8") == gameindex.committed_text(), "run `make gameindex`"


def test_a_cold_first_start_compiles_no_ruleset_for_the_setup_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With nothing kept (a new kiosk, a new version), the setup screen's index compiled all 25 rulesets before the
    first frame. The committed index holds every language's: none is compiled, nothing needs keeping, and its games
    are those a compiled index gives."""
    compiled = counting_compiles(tmp_path, monkeypatch)
    for code in LANGS:
        rules: dict[str, referee.Ruleset | None] = {}
        index = gameindex.load(load_lang(code), rules)
        assert compiled == [] and rules == {}, code
        assert sorted(index) == bundled_ids()
        assert not (tmp_path / "cache" / "kiosk").exists()
    made = gameindex._made(load_lang("he"), {})  # compiled: the same entries
    assert list(gameindex.load(load_lang("he"), {}).values()) == made and sorted(compiled) == bundled_ids()


def test_a_long_name_on_a_button_is_cut_never_shrunk_under_16px() -> None:
    """ "Bartholomew takes the rest" in a rare action's slot at 800x480 shrank to 13.6 px. A label that does not fit
    its button at 16 px has its longest word (the name) cut with an ellipsis: through a whole Euchre game of long
    names every line is 16 px or more and where it belongs, and each claim's button says who takes the rest."""
    session = Session(Journal(":memory:"), "en")
    screen = Screen(pygame.Surface(SMALL))
    cut = 0
    for line in game_script("euchre", seed=1, names=LONG_NAMES, max_deals=3):
        view = session.submit(line)
        assert view.error is None, (line, view.error)
        claims = [b for b in view.buttons if b.intent.startswith("ask claim ")]
        if not claims:
            continue
        screen.draw(view)
        assert not unreadable(screen), (line, unreadable(screen))
        name = LONG_NAMES[int(claims[0].intent.split()[-1])]
        target = next(t.rect for t in screen.targets if t.intent == claims[0].intent)
        label = " ".join(d.text for d in screen.drawn if d.within == target and d.text not in ("F2", "F3"))
        assert label.startswith(name) or re.match(re.escape(name[:2]) + r"\w*… ", label), (line, label)
        cut += "…" in label
    assert cut, "no claim's button had a name to cut"
