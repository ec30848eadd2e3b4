"""The game screen at 800x480, third pass at a real window (issue 20, kiosk4): a deal's summary shows every
player's line, numbered players are "Player 3" in a sentence, a greyed card or bid tapped says why it is refused,
and a confirmed penalty says how many points went to whom.

Driven through the real pygame app under SDL's dummy driver, as in test_kiosk_pygame.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from test_kiosk_pygame import Operator, sdl  # noqa: F401 (sdl: the display, per module)
from test_kiosk_table import LANGS, SMALL, unreadable
from test_revoke import EUCHRE, EUCHRE_DEAL, EUCHRE_ONE_REVOKE

from kiosk.app import Screen
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import NUMBERED, T_DEALS, T_SUMMARY_SHORT, T_TO_BID
from wording.i18n import load_lang


def summaries(ruleset: str, lang: str, players: int, deals: int) -> list[tuple[list[str], Screen, list[str]]]:
    """Each deal's summary of a bots' game of numbered players, drawn at 800x480: the view's players' lines
    (full and short), the screen, the lines it drew."""
    session = Session(Journal(":memory:"), lang)
    screen = Screen(pygame.Surface(SMALL))
    out = []
    for line in game_script(ruleset, seed=1, players=players, max_deals=deals):
        view = session.submit(line)
        assert view.error is None, (line, view.error)
        if view.summary and line.startswith(("card", "claim", "answer")):
            screen.draw(view)
            assert not unreadable(screen), (line, unreadable(screen))
            n = len(view.seats)
            out.append(([*view.summary[1 : 1 + n], *view.summary_short], screen, list(screen.summary_shown)))
    return out


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("players", [4, 7])
def test_a_summary_shows_every_player_s_line_at_800x480(lang: str, players: int) -> None:
    """Oh Hell, 4 numbered players, German, 800x480: deal 2's summary listed players 1 to 3 and silently dropped
    player 4's line. Every player's line stands on every summary, in every language, with seven players too
    (there each line without the bid and tricks, and a line saying that the sheet has them)."""
    seen = 0
    for lines, screen, shown in summaries("oh-hell", lang, players, 3):
        full, short = lines[:players], lines[players:]
        assert full == [p for p in shown if p in full] or short == [p for p in shown if p in short], shown
        if short[0] in shown:  # the short lines: the screen says where the rest is
            assert load_lang(lang).gettext(T_SUMMARY_SHORT) in " ".join(d.text for d in screen.drawn) or lang == "he"
        seen += 1
    assert seen == 3
    if players == 4:  # the tester's case: whole lines
        assert all(lines[0] in shown for lines, _, shown in summaries("oh-hell", lang, 4, 2))


def test_numbered_players_are_named_as_players_where_a_sentence_names_them() -> None:
    """`new oh-hell 4`: the screen read "1 deals" and "1 to bid". Each language says "Player 2 deals" with its own
    words and verb ("Dà le carte il giocatore 2", "Tocca al giocatore 1 dichiarare")."""
    for lang in LANGS:
        session = Session(Journal(":memory:"), lang)
        g = load_lang(lang).gettext
        view = session.submit("new oh-hell 4")
        dealer = [b.label for b in view.buttons if b.intent.startswith("dealer ")]
        assert dealer == [g(NUMBERED[T_DEALS]) % {"number": "2"}], (lang, dealer)
        for line in ("dealer 3", "upcard 5S"):
            view = session.submit(line)
        assert view.status == g(NUMBERED[T_TO_BID]) % {"number": "1"}, (lang, view.status)
    it = Session(Journal(":memory:"), "it")
    it.submit("new oh-hell 4")
    assert [b.label for b in it.view().buttons if b.intent == "dealer 1"] == ["Dà le carte il giocatore 2"]
    for line in ("dealer 3", "upcard 5S"):
        it.submit(line)
    assert it.view().status == "Tocca al giocatore 1 dichiarare"
    named = Session(Journal(":memory:"), "en")  # named players keep their names
    for line in ("new oh-hell Ann Ben Cat Dan", "dealer 3", "upcard 5S"):
        named.submit(line)
    assert named.view().status == "Ann to bid"


def test_a_greyed_card_or_bid_tapped_says_why_and_enters_nothing() -> None:
    """Tapping a greyed card (played) or a greyed bid (the hook's) did nothing and said nothing. It says why, as
    the referee words the refusal, and nothing is entered."""
    session = Session(Journal(":memory:"))
    for line in ("new oh-hell Ann Ben Cat Dan", "dealer 3", "upcard 5S", "bid 1", "bid 0", "bid 0"):
        assert session.submit(line).error is None, line
    op = Operator(session, SMALL)
    greyed = next(b for b in op.app.view.buttons if b.intent == "bid 0")
    assert not greyed.enabled  # the dealer may not make the bids add up
    entries = len(session.model.entries)
    assert op.click("why bid 0") == ["why bid 0"]
    error = op.app.view.error
    assert error is not None and "may not bid 0" in error and len(session.model.entries) == entries
    assert any(error.startswith(d.text) for d in op.app.screen.drawn)  # on the screen, not only in the view
    assert op.click("bid 1") == ["bid 1"] and op.app.view.error is None
    assert op.click("card 7H") == ["card 7H"]  # Ann leads the seven of hearts: greyed in the grid from now on
    entries = len(session.model.entries)
    assert op.target("card 7H") is None
    assert op.click("why card 7H") == ["why card 7H"]
    assert op.app.view.error == "The seven of hearts has already been played."
    assert len(session.model.entries) == entries


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Penalty for Dan booked: Ann +2 and Cat +2."),
        ("de", "Strafe für Dan verbucht: Ann +2 und Cat +2."),
        ("it", "Penalità per Dan registrata: Ann +2 e Cat +2."),
    ],
)
def test_a_confirmed_penalty_says_how_many_points_went_to_whom(lang: str, said: str) -> None:
    """German "Strafe verbucht" said no amount: the notice says the points the referee booked, and to whom
    (Euchre: 2 to each player of the other side)."""
    session = Session(Journal(":memory:"), lang)
    for line in [*EUCHRE, *EUCHRE_DEAL, *EUCHRE_ONE_REVOKE]:
        assert session.submit(line).error is None, line
    view = session.submit("confirm")
    assert view.error is None and view.notice == said
    play = session.model.play
    assert play is not None and play.game.penalty_of(0) == [2, 0, 2, 0]
