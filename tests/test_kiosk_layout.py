"""Buttons keep their places (issue 20), and every button has a key.

Driven through the real pygame app under SDL's dummy driver, at the sizes the
tester used: before and after each transition the tester saw move a button
under a finger, no target that changes the game lands in a rectangle another
target held in the frame before. A Euchre deal's bidding is entered by keys alone.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from collections.abc import Callable

import pygame
import pytest
from test_kiosk_core import TRICK1
from test_kiosk_pygame import EUCHRE_REVOKED, Operator, key_event, sdl  # noqa: F401 (sdl: the display, per module)
from test_revoke import SPADES, SPADES_ONE_REVOKE

from kiosk.app import Target
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session
from referee.loader import bundled_ids

SMALL = (800, 480)
LARGE = (1280, 800)


def operator(lines: list[str], size: tuple[int, int], journal: Journal | None = None) -> Operator:
    session = Session(journal or Journal(":memory:"))
    for line in lines:
        assert session.submit(line).error is None, line
    return Operator(session, size)


def buttons(op: Operator) -> list[Target]:
    """The frame's targets but the card grid's cells (cards are entered every turn, by keys as often)."""
    return [t for t in op.app.screen.targets if not t.intent.startswith("card ")]


def stays_put(op: Operator, act: Callable[[], list[str]], expect: list[str]) -> list[Target]:
    """Do ``act`` (it must enter ``expect``); no target of the new frame that changes the game (the sheet,
    the keys' help and a greyed bid, which only says why it is refused, change nothing) lies where another
    target was in the frame before. The new frame's."""
    before = buttons(op)
    assert act() == expect
    after = buttons(op)
    for new in after:
        if new.intent.startswith(("ui ", "why ")):
            continue
        for old in before:
            assert new.intent == old.intent or old.intent.startswith("why ") or not new.rect.colliderect(old.rect)
    return after


def at(op: Operator, pos: tuple[int, int]) -> list[str]:
    """A tap at a place of the screen, as a finger does (the same place twice: a double tap)."""
    return op.send(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False),
        ]
    )


def test_a_finished_trick_puts_the_claim_beside_no_penalty_button() -> None:
    """Euchre at 800x480 (s24, s25): the claim came first in the row and Undo took Confirm penalty's spot."""
    dealt = EUCHRE_REVOKED.index("card JD") + 1  # Dan's revoke: the penalty's buttons, mid-trick
    op = operator(EUCHRE_REVOKED[:dealt], SMALL)
    confirm = op.target("confirm")
    assert confirm is not None and op.target("dismiss") is not None

    def claims() -> list[str]:
        return [t.intent for t in op.app.screen.targets if t.intent.startswith("ask claim")]

    assert claims() == []
    after = stays_put(op, lambda: op.keys("q", "s"), ["card QS"])  # the trick's last card
    assert len(claims()) == 1  # "... takes the rest", in a place of its own
    assert op.target("confirm") == confirm  # where it was
    assert at(op, confirm.rect.center) == ["confirm"]  # a tap meant for the penalty confirms it
    assert {t.intent for t in after} >= {"undo", "confirm", "dismiss", *claims()}


def test_spades_bids_stay_in_their_grid_from_the_first_bid_to_the_last() -> None:
    """Spades at 800x480 (s56, s57): after the first bid the bids dropped a row and 6 came where Nil was."""
    op = operator(SPADES[:2], SMALL)
    nil = op.target("bid nil")
    assert nil is not None and op.target("dealer 1") is not None and op.target("mode quick") is not None
    stays_put(op, lambda: op.click("bid nil"), ["bid nil"])
    assert at(op, nil.rect.center) == ["bid nil"]  # the same bid, where it was
    for _ in range(2):
        stays_put(op, lambda: op.click("bid 3"), ["bid 3"])


def test_undo_after_a_bid_never_puts_results_only_under_the_finger() -> None:
    """1280x800 (L03-L05): bid 3, Undo, and a second tap on Undo's spot switched to results-only mode."""
    op = operator(SPADES[:2], LARGE)
    stays_put(op, lambda: op.click("bid 3"), ["bid 3"])
    undo = op.target("undo")
    assert undo is not None
    stays_put(op, lambda: at(op, undo.rect.center), ["undo"])
    # The same spot again: Undo again (the dealer entry), never results only, and then nothing to undo.
    assert at(op, undo.rect.center) == ["undo"]
    assert op.target("mode quick") is not None and not op.target("mode quick").rect.colliderect(undo.rect)  # type: ignore[union-attr]


def test_the_table_s_answer_is_not_followed_by_results_only_in_its_place() -> None:
    """Spades at 800x480 (s68, s69): Yes was replaced by "Enter deal results only" in the same spot."""
    op = operator([*SPADES, *SPADES_ONE_REVOKE], SMALL)
    yes = op.target("confirm")
    assert yes is not None
    stays_put(op, lambda: op.keys("y"), ["confirm"])  # the revoke upheld; the next deal's bidding
    assert op.target("bid 3") is not None
    assert at(op, yes.rect.center) == []  # a second tap on Yes's spot presses nothing


def test_a_picked_name_keeps_its_place_and_the_others_theirs() -> None:
    """The names screen (s52, s53): the names closed up after each pick, so a double tap entered the next."""
    journal = Journal(":memory:")
    gid = journal.new_game("hearts", "Zoe Yan Xia Wim")  # an earlier game: its names are offered
    journal.append(gid, "new hearts Zoe Yan Xia Wim")
    op = operator(["setup oh-hell 3"], SMALL, journal)
    zoe, yan = op.target("type name Zoe"), op.target("type name Yan")
    assert zoe is not None and yan is not None
    stays_put(op, lambda: op.click("type name Zoe"), ["type name Zoe"])
    assert at(op, zoe.rect.center) == []  # the second tap of a double tap: nothing
    assert op.target("type name Yan") == yan
    assert op.session.names == ["Zoe"]


def test_euchre_is_bid_by_keys_alone_as_the_buttons_show() -> None:
    """Euchre (s14, s15, s18): Pass, Order up, the calls, Alone and With partner each have a key, shown."""
    op = operator(["new euchre Ann Ben Cat Dan", "dealer 0"], SMALL)
    help = op.app.view.help  # what F1 shows
    assert "A bid in words (Pass, Order up, a call, Alone): the number on its button." in help
    assert "F2 and F3: the buttons marked with them (another dealer, results only, a claim)." in help
    assert op.keys("9", "h") == ["card 9H"]  # the upcard
    labels = {b.intent: b.label for b in op.app.view.buttons if b.kind == "bid"}
    assert labels == {"bid pass": "1 Pass", "bid order-up": "2 Order up"}
    assert op.keys("1") == ["bid pass"] and op.keys("1") == ["bid pass"] and op.keys("1") == ["bid pass"]
    assert op.keys("1") == ["bid pass"]  # the dealer turns the card down: the second round
    calls = [(b.label, b.intent, b.key) for b in op.app.view.buttons if b.kind == "bid"]
    assert calls == [
        ("1 Pass", "bid pass", "1"),
        ("2 Call clubs", "bid call C", "2"),
        ("3 Call diamonds", "bid call D", "3"),
        ("4 Call spades", "bid call S", "4"),
    ]
    assert op.keys("4") == ["bid call S"]
    assert [b.label for b in op.app.view.buttons if b.kind == "bid"] == ["1 Alone", "2 With partner"]
    assert op.keys("2") == ["bid partner"]
    play = op.session.model.play
    assert play is not None and play.deal is not None and play.deal.phase == "play"
    # Every button of the screen has its key, shown on it: Undo by Backspace, the help by F1, and so on.
    shown = {b.intent: b.caption for b in op.app.view.buttons}
    assert shown == {"undo": "⌫", "redo": "Ctrl+Y", "ui help": "F1", "ui sheet": "Tab"}
    assert op.send([key_event("", pygame.K_BACKSPACE)]) == ["undo"]  # the partner's answer taken back
    assert op.keys("1") == ["bid alone"]


def test_the_moon_choice_has_its_keys() -> None:
    """Hearts (classic) at 800x480 by keys alone (issue 20's acceptance run): a shooter's choice of the moon's
    scoring had two buttons and no key; each now has its number, shown on it, as Euchre's bids in words."""
    op = operator(["new hearts-classic Ann Ben Cat Dan", "dealer 0", *TRICK1, "claim 0"], SMALL)
    moons = [(b.label.split()[0], b.intent, b.key) for b in op.app.view.buttons if b.kind == "bid"]
    assert moons == [("1", "choose old-moon", "1"), ("2", "choose new-moon", "2")]
    assert op.keys("2") == ["choose new-moon"]
    play = op.session.model.play
    assert play is not None and play.game.scores == [-26, 0, 0, 0]  # the new moon: minus 26 for Ann


def test_the_rare_actions_have_their_keys() -> None:
    """Another dealer and results only, before the first entry: F2 and F3, as shown on them."""
    op = operator(SPADES[:1], SMALL)
    rare = [(b.intent, b.caption) for b in op.app.view.buttons if b.key in ("f2", "f3")]
    assert rare == [("dealer 1", "F2"), ("mode quick", "F3")]
    assert op.send([key_event("", pygame.K_F2)]) == ["dealer 1"]
    assert op.send([key_event("", pygame.K_F3)]) == ["mode quick"]


@pytest.mark.parametrize("rid", bundled_ids())
def test_every_game_keeps_room_for_its_table_at_800x480(rid: str) -> None:
    """A whole deal of every bundled game played by bots and the next deal's first entry, each entry tapped
    where the screen shows it (the upcard and the cards in the grid, every bid, who leads, the answers): the
    table keeps room for the players' names and the trick, four lines of the body's type, in every phase.
    A row of announcement buttons once squeezed Doppelkopf's table to nothing and the window crashed;
    Cutthroat Spades' 18 bids in three rows of the bar's height left it 51 px, and the last deal's summary
    on it showed only its heading."""
    script = game_script(rid, seed=2, max_deals=2)
    op = operator(script[:2], SMALL)
    least = 4 * op.app.screen.fonts.body.get_linesize()
    for line in script[2:]:
        verb, _, rest = line.partition(" ")
        intent = f"card {rest}" if verb == "upcard" else line  # the upcard is tapped in the grid
        assert op.click(intent) == [intent], line
        play = op.session.model.play
        assert play is not None
        assert op.app.screen.table_at.height >= least, (rid, line, op.app.screen.table_at.height)
        if play.game.results and play.deal is not None and play.deal.history:
            break  # the next deal's first entry: the last deal's summary has left the table
    assert op.session.model.play is not None and op.session.model.play.game.results, rid
