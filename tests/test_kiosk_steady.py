"""Nothing moves under a finger, every key means one thing (issue 20, the second pass at a real window).

Driven through the real pygame app under SDL's dummy driver at the sizes the tester used (800x480 by taps,
1280x800 by keys), each test the tester's finding, at its cause.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import re
from pathlib import Path

import pygame
import pytest
from babel.messages.pofile import read_po
from test_kiosk_layout import LARGE, SMALL, at, operator
from test_kiosk_pygame import EUCHRE_REVOKED, Operator, key_event, sdl  # noqa: F401 (sdl: the display, per module)
from test_revoke import SPADES, SPADES_ONE_REVOKE

from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session

ROOT = Path(__file__).resolve().parent.parent


def first_deal(rid: str) -> tuple[list[str], list[str]]:
    """A bots' game's entries up to the end of its first deal, and those after it."""
    script = game_script(rid, seed=1)
    session = Session(Journal(":memory:"))
    for i, line in enumerate(script):
        assert session.submit(line).error is None, line
        play = session.model.play
        if play is not None and play.game.results:
            return script[: i + 1], script[i + 1 :]
    raise AssertionError(f"{rid}: no deal ends")


def test_results_only_keeps_its_slot_and_its_key_after_the_first_deal() -> None:
    """Spades (the tester's Dutch "Alleen uitslagen"): F3 in the second rare slot beside another dealer before
    deal 1, F2 in the first once the dealer's button had gone. Its slot and key are its own."""
    op = operator(["new spades Ann Ben Cat Dan"], SMALL)
    quick = op.target("mode quick")
    assert quick is not None and op.target("dealer 1") is not None
    assert {b.intent: b.key for b in op.app.view.buttons if b.key in ("f2", "f3")} == {
        "dealer 1": "f2",
        "mode quick": "f3",
    }
    done, _ = first_deal("spades")
    op = operator(done, SMALL)
    assert op.target("dealer 1") is None  # the first dealer is known for good
    assert op.target("mode quick") == quick  # where it was
    assert {b.intent: b.key for b in op.app.view.buttons if b.key in ("f2", "f3")} == {"mode quick": "f3"}
    assert op.send([key_event("", pygame.K_F2)]) == []  # F2 means another dealer, or nothing
    assert op.send([key_event("", pygame.K_F3)]) == ["mode quick"]


@pytest.mark.parametrize("lang", ["nl", "he", "en"])
@pytest.mark.parametrize("size", [SMALL, LARGE], ids=lambda s: f"{s[0]}x{s[1]}")
def test_more_games_keeps_its_place_on_every_page(lang: str, size: tuple[int, int]) -> None:
    """Dutch at 800x480: "Meer spellen" moved between pages, and a repeated tap on it started Spades met blind
    nul. Tapped where it is, again and again, round all the pages: it is there each time and starts nothing."""
    op = Operator(Session(Journal(":memory:"), lang), size)
    more = op.target("ui more")
    assert more is not None, lang
    seen: set[str] = set()
    for _ in range(12):  # round the pages, and past the first again
        seen |= {t.intent for t in op.app.screen.targets if t.intent.startswith(("pick ", "setup "))}
        assert at(op, more.rect.center) == [], lang  # nothing entered: the next page
        assert op.target("ui more") == more, (lang, op.app.screen.setup_page)
        assert op.session.model.play is None
    assert len(seen) > 9  # more games than one page holds, all seen under the finger's spot


def test_hebrew_names_a_revoke_s_penalty_by_one_word() -> None:
    """The deal summary said עונש and the score sheet קנס: the glossary's word (locales/he/glossary.md) in every
    kiosk message about a penalty."""
    glossary = (ROOT / "locales" / "he" / "glossary.md").read_text(encoding="utf-8")
    term = re.search(r"^- penalty \(for a revoke\) -> (\S+);", glossary, re.M)
    assert term is not None and term[1] == "עונש"
    with (ROOT / "locales" / "he" / "LC_MESSAGES" / "trickbook.po").open("rb") as f:
        catalog = read_po(f, locale="he")
    said = {
        m.id: m.string
        for m in catalog
        if isinstance(m.id, str)
        and re.search(r"\bpenalty\b", m.id)
        and "penalty card" not in m.id
        and any(path.startswith("kiosk/") for path, _ in m.locations)
    }
    assert "%(points)s, penalty %(penalty)s → %(total)s" in said  # the score sheet's cell
    assert [i for i, s in said.items() if not isinstance(s, str) or "קנס" in s or term[1] not in s] == []


@pytest.mark.parametrize("lines", [EUCHRE_REVOKED, [*SPADES, *SPADES_ONE_REVOKE[:8]]], ids=["euchre", "spades"])
def test_a_resumed_game_says_so_and_shows_its_open_flag(tmp_path: Path, lines: list[str]) -> None:
    """After a restart with an open revoke flag at 800x480, the flag took the message line and "Resumed: ...
    nothing was lost" was never seen: both are on the screen."""
    db = tmp_path / "kiosk.sqlite3"
    journal = Journal(db)
    session = Session(journal)
    for line in lines:
        assert session.submit(line).error is None, line
    journal.close()
    session = Session(Journal(db))
    assert session.reopen() is not None
    op = Operator(session, SMALL)
    view = op.app.view
    assert view.notice is not None and view.notice.startswith("Resumed: ") and view.flags
    shown = [d.text for d in op.app.screen.drawn]
    assert any(t.startswith("Resumed: ") for t in shown), shown
    assert any(t.startswith("⚑ ") for t in shown), shown  # the flag's sentence: on the panel or on its own line
    words = " ".join(shown)
    assert "nothing was lost." in words and view.flags[-1].split()[0] in words


@pytest.mark.parametrize(
    ("rid", "lang", "line"),
    [
        ("klaverjassen", "nl", "Een keuze in woorden (Passen, een troefkeuze): het getal op de knop."),
        ("euchre", "en", "A bid in words (Pass, Order up, a call, Alone): the number on its button."),
        ("euchre", "de", "Ein Gebot in Worten (Passen, Annehmen, eine Trumpfansage, Allein): die Zahl auf seiner"),
    ],
)
def test_the_keys_page_lists_only_the_game_s_own_bids(rid: str, lang: str, line: str) -> None:
    """The Dutch keys' page of Klaverjassen listed Euchre's bids ("Open kaart laten opnemen", "Alleen spelen")."""
    session = Session(Journal(":memory:"), lang)
    assert session.submit(f"new {rid} Ann Ben Cat Dan").error is None
    help = session.view().help
    assert [h for h in help if h.startswith(line)], help
    if rid == "klaverjassen":
        assert not [h for h in help if "Open kaart" in h or "Alleen" in h], help


def test_doppelkopf_shows_trump_once_the_reservations_have_decided_it() -> None:
    """Doppelkopf said "Trumpf: Karo" during the reservations, before anyone knew whether a solo was coming."""
    script = game_script("doppelkopf", seed=1)
    session = Session(Journal(":memory:"), "de")
    seen_bidding = seen_play = False
    for line in script:
        assert session.submit(line).error is None, line
        play = session.model.play
        assert play is not None
        deal = play.deal
        if deal is None:
            continue
        trump = [i for i in session.view().info if i.startswith("Trumpf")]
        if deal.phase == "bid":  # a reservation said, the others still to speak
            seen_bidding = True
            assert trump == [], (line, trump)
        elif deal.phase == "play" and deal.contract < 0:  # the normal game: diamonds, said once it is known
            seen_play = True
            assert trump == ["Trumpf: Karo"], (line, trump)
    assert seen_bidding and seen_play


def test_klaverjassen_summary_shows_each_side_s_roem() -> None:
    """Roem was only ever "(roem inbegrepen)": the deal's summary gives each side's roem, as the referee's roem
    melds count it in the deal's tricks, and the sides' points with it add up to the referee's score."""
    from referee.mechanisms import roem

    script = game_script("klaverjassen", seed=1)  # both sides meld: 50 and 20
    session = Session(Journal(":memory:"), "nl")
    for line in script:
        assert session.submit(line).error is None, line
        play = session.model.play
        assert play is not None
        if play.game.results:
            break
    deal = play.last_deal
    assert deal is not None and deal.maker is not None
    settings, deck = roem.of(play.rules), play.rules.deck
    by_hand = [0, 0]  # the melds of each trick, by hand from the referee's meld list, to the trick's takers
    for trick in deal.tricks:
        found = roem.melds(settings, deck, [deck.index[c] for c in trick.cards], deal.trump)
        by_hand[deal.teams[trick.winner]] += sum(m.points for m in found)
    summary = session.view().summary
    line = next((s for s in summary if s.startswith("Roem: ")), None)
    assert line == f"Roem: Ann en Cat {by_hand[0]}, Ben en Dan {by_hand[1]}", summary
    assert by_hand[0] > 0 and by_hand[1] > 0
    # The referee's points of the two sides, roem included: the deck's 162 card points and the roem shown.
    assert deal.before_settling[0] + deal.before_settling[1] == 162 + sum(by_hand)


def test_skat_a_doubled_key_never_declares_a_game_after_taking_the_skat() -> None:
    """Skat by keys: 1 took the skat up, then 1 meant clubs, so a key pressed twice declared a game. After the
    skat is taken, no game is on the key that took it; each game is on the key its button shows."""
    op = operator(["new skat Ann Ben Cat", "dealer 0", "bid say 18", "bid pass", "bid pass"], LARGE)
    take = next(b for b in op.app.view.buttons if b.intent == "bid skat")
    assert op.keys(take.key) == ["bid skat"]
    assert op.keys(take.key) == []  # the same key again: nothing declared
    play = op.session.model.play
    assert play is not None and play.deal is not None and play.deal.phase == "bid" and play.deal.talon_taken
    games = [b for b in op.app.view.buttons if b.kind == "bid"]
    assert games and all(b.key and b.key != take.key and b.label.startswith(b.key) for b in games), games
    clubs = next(b for b in games if b.intent == "bid solo clubs")
    assert op.keys(clubs.key) == ["bid solo clubs"]


def test_a_card_s_first_key_shows_and_anything_else_clears_it() -> None:
    # A kiosk drive typed Q, pressed Backspace (which undid the card before) and later H alone: the kiosk
    # entered the queen of hearts. The first key now shows, and Backspace, a tap or an answer clears it.
    lines = game_script("hearts")
    at = next(i for i, line in enumerate(lines) if line.startswith("card "))
    session = Session(Journal(":memory:"))
    for line in lines[:at]:
        session.submit(line)
    op = Operator(session)
    code = lines[at].split()[1]
    entries = len(session.model.entries)
    assert op.send([key_event(code[0].lower())]) == []
    assert op.app.screen.typed and any(d.text.endswith("…") for d in op.app.screen.drawn)
    backspace = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, unicode="\b", mod=0, scancode=0)
    assert op.send([backspace]) == []  # clears the key, undoes nothing
    assert len(session.model.entries) == entries
    assert not op.app.screen.typed and not any(d.text.endswith("…") for d in op.app.screen.drawn)
    assert op.send([key_event(code[1].lower())]) == []  # a suit alone is only a first key again
    assert op.app.keys.pending
    op.click("ui help")  # a tap (the help opens, the screen's own: no entry)
    assert op.app.keys.pending == ""  # the tap cleared it
    op.send([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="\x1b", mod=0, scancode=0)])
    assert op.send([key_event(code[0].lower()), key_event(code[1].lower())]) == [f"card {code}"]


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_no_answer_key_types_a_card(lang: str) -> None:
    # German and Dutch "Ja" answered a question with the J of a jack being typed; Italian "Sì" with S.
    from kiosk.app import ITALIAN_KEY_RANKS, ITALIAN_KEY_SUITS, KEY_RANKS, KEY_SUITS
    from kiosk.view import CARD_KEYS, yes_no
    from wording.i18n import load_lang

    assert {*KEY_RANKS, *KEY_SUITS, *ITALIAN_KEY_RANKS, *ITALIAN_KEY_SUITS} <= CARD_KEYS
    yes, no = yes_no(load_lang(lang), "answer yes", "answer no")
    assert yes.key not in CARD_KEYS and no.key not in CARD_KEYS and yes.key != no.key
    assert yes.caption and no.caption


def test_oh_hell_s_trump_card_is_greyed_in_the_grid() -> None:
    # A drive found Oh Hell's turned-up trump card bright in the card grid, though nobody holds it (the
    # referee refused it when typed): the grid greys what the referee knows is out of play.
    session = Session(Journal(":memory:"))
    for line in ["new oh-hell Ann Ben Cat Dan", "dealer 0", "upcard KC", *["bid 0"] * 4]:
        assert session.submit(line).error is None, line
    view = session.view()
    cells = {cell.code: cell for row in view.grid for cell in row}
    assert cells["KC"].played and not cells["QC"].played


def test_a_hebrew_name_on_an_english_screen_keeps_its_place() -> None:
    # "Penalty for דן booked: רות −8, דן −14" was drawn with the names reordered and the signs after the
    # numbers: each right-to-left name on a left-to-right screen is its own isolate.
    from kiosk.app import visual
    from kiosk.core import Booked, msg
    from kiosk.view import say
    from wording import revoke_penalty as revoke_words
    from wording.i18n import load_lang

    line = say(load_lang("en"), msg(revoke_words.APPLIED, name="דן", points=Booked((("רות", -8), ("דן", -14)))))
    assert line is not None
    shown = visual(line, False)
    assert shown == "Penalty for ןד booked: תור −8 and ןד −14."  # (display order: each name reads right to left)
