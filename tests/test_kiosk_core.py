"""The referee kiosk without a screen: the pure core, the view model, the session and its journal.

The core is driven with intents in the operator's notation (see ``kiosk.core``), the way a
real table enters them. Each scenario is written trick by trick, with the rule that decides
every expected value in a comment next to it. Seats are numbered from 0 clockwise:
Ann 0, Ben 1, Cat 2, Dan 3; in Euchre Ann and Cat are partners against Ben and Dan.

Assertions look at :class:`State` snapshots and views, never at a ``Model`` itself: pytest
prints the objects of a failing assertion, and a model holds every earlier model.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import json
import random
import re
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from other_packs import DOUBLE, TRESSETTE, write_pack

from kiosk.core import Flag, Model, Question, replay, step
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import Button, CardCell, SeatView, View, build_view
from referee import DealResult, Game, Note, Trick, load_ruleset
from referee.bots import choose
from wording.i18n import Lang, load_lang

ROOT = Path(__file__).resolve().parents[1]
LANGS = ("en", "he")
EN = load_lang("en")
HEBREW = re.compile("[\u0590-\u05ff]")

HEARTS = ["new hearts Ann Ben Cat Dan", "dealer 0"]
EUCHRE = ["new euchre Ann Ben Cat Dan", "dealer 0"]
# Hearts, first trick: Ben holds the 2♣ and leads it; everyone follows; Ann's 5♣ is highest.
TRICK1 = ["lead 1", "card 2C", "card 3C", "card 4C", "card 5C"]
# The same, but Dan throws the 2♦: Dan has shown out of clubs.
TRICK1_DAN_OUT = ["lead 1", "card 2C", "card 3C", "card 2D", "card 5C"]
# Euchre: upcard 9♥, Ben (left of the dealer Ann) orders it up with his partner; Ann picks it up.
# Trick 1, Ben leads A♥ (trump): Cat K♥, Dan 9♣ (shows out of trump: hearts and the J♦), Ann 9♥; Ben wins.
# Trick 2, Ben leads A♦: Cat 9♠ (shows out of diamonds), Dan K♦, Ann Q♦; Ben wins (no trump played).
EUCHRE_DEAL = [
    "upcard 9H",
    "bid order-up",
    "bid partner",
    *["card AH", "card KH", "card 9C", "card 9H"],
    *["card AD", "card 9S", "card KD", "card QD"],
]
# Trick 3: Ben A♠, Cat 10♠, Dan J♦: Dan showed out of trump, and the J♦ is a trump: a revoke.
EUCHRE_REVOKE = ["card AS", "card TS", "card JD"]
# The rest of that deal: trick 3 ends with Ann's Q♠, and Dan's J♦ (trump) wins. Trick 4, Dan leads Q♣:
# Ann K♣, Ben K♠, Cat A♣; Cat wins. Trick 5, Cat leads J♣: Dan 10♣, Ann 9♦, Ben J♠; Cat wins.
# The makers (Ben, Dan) took 3 tricks: 1 point each.
EUCHRE_REST = ["card QS", "card QC", "card KC", "card KS", "card AC", "card JC", "card TC", "card 9D", "card JS"]
# After EUCHRE_DEAL, a revoke proven only by the deal's last card. Trick 3: Ben A♠, Cat 10♠, Dan Q♣,
# Ann Q♠. Trick 4: Ben K♠, Cat A♣, Dan K♣, Ann J♠. Ben wins both. Trick 5: Ben 10♣, Cat J♣, Dan J♦ (the
# left bower, a trump: Dan showed out of trump in trick 1), Ann 9♦. The makers march: 2 points each.
EUCHRE_LAST_TRICK_REVOKE = [
    *["card AS", "card TS", "card QC", "card QS"],
    *["card KS", "card AC", "card KC", "card JS"],
    *["card TC", "card JC", "card JD", "card 9D"],
]


# -- helpers -------------------------------------------------------------------------


@dataclass(frozen=True)
class State:
    """What a model shows, as small plain values."""

    entries: tuple[str, ...]
    effective: tuple[str, ...]
    redo: tuple[str, ...]
    error: str | None
    notice: str | None
    names: tuple[str, ...] = ()
    mode: str = ""
    upcard: str | None = None
    scores: tuple[int, ...] = ()
    results: tuple[DealResult, ...] = ()
    dealer: int = -1
    over: bool = False
    winners: tuple[int, ...] = ()
    flags: tuple[Flag, ...] = ()
    question: Question | None = None
    penalties: tuple[tuple[int, tuple[int, ...]], ...] = ()
    corrections: tuple[tuple[int, tuple[int, ...]], ...] = ()
    phase: str | None = None
    to_act: int | None = None
    trick: tuple[tuple[int, str], ...] = ()
    tricks: tuple[Trick, ...] = ()
    tricks_won: tuple[int, ...] = ()
    taken: tuple[int, ...] = ()
    broken: bool = False
    trump: int | None = None
    maker: int | None = None
    alone: bool = False
    sitting_out: int | None = None
    notes: tuple[Note, ...] = ()

    def table(self) -> State:
        """The table alone: without the journal's undo/redo lines and the last message."""
        return dataclasses.replace(self, entries=(), error=None, notice=None)


def state(model: Model) -> State:
    base = State(
        model.entries,
        model.effective,
        model.redo_stack,
        None if model.error is None else str(model.error),
        None if model.notice is None else str(model.notice),
    )
    p = model.play
    if p is None:
        return base
    game = p.game
    s = dataclasses.replace(
        base,
        names=tuple(p.names),
        mode=p.mode,
        upcard=p.upcard,
        scores=tuple(game.scores),
        results=tuple(game.results),
        dealer=game.dealer,
        over=game.is_over,
        winners=tuple(game.winners),
        flags=tuple(p.flags),
        question=p.question,
        penalties=tuple((n, tuple(pts)) for n, pts in p.penalties),
        corrections=tuple((n, tuple(pts)) for n, pts in sorted(p.corrections.items())),
    )
    d = p.deal
    if d is None:
        return s
    return dataclasses.replace(
        s,
        phase=d.phase,
        to_act=d.to_act,
        trick=tuple(d.current_trick),
        tricks=tuple(d.tricks),
        tricks_won=tuple(d.tricks_won),
        taken=tuple(d.taken_points()),
        broken=bool(d.layout.restrictions) and d.is_broken(0),
        trump=d.trump,
        maker=d.maker,
        alone=d.alone,
        sitting_out=d.sitting_out,
        notes=tuple(d.notes),
    )


def run(lines: list[str], model: Model | None = None) -> Model:
    """Step every line; each must be accepted."""
    model = model or Model()
    for line in lines:
        model = step(model, line)
        error = None if model.error is None else str(model.error)
        assert error is None, f"{line!r} refused"
    return model


def refuse(model: Model, line: str) -> State:
    """Step a line that must be refused: an error, and nothing recorded or changed."""
    before, after = state(model), state(step(model, line))
    assert after.error is not None, f"{line!r} was accepted"
    assert after.entries == before.entries
    assert after.table() == before.table()
    return after


def says(text: str | None, *parts: str) -> bool:
    """Whether a message names every part (case aside)."""
    return text is not None and all(part.lower() in text.lower() for part in parts)


def known_hands_game(ruleset: str, seed: int, max_deals: int = 200) -> Game:
    """The game kiosk.demo.game_script transcribes, played by the same bots with known hands."""
    game = Game(load_ruleset(ruleset), seed=seed, dealer=0)
    rng = random.Random(seed)
    while not game.is_over and len(game.results) < max_deals:
        deal = game.new_deal()
        while deal.phase != "done":
            deal.apply(choose(deal, rng))  # one bot choice per action, as game_script makes them
        game.finish_deal(deal)
    return game


def open_session(path: Path) -> Session:
    return Session(Journal(path), "en")


def submit_all(session: Session, lines: list[str]) -> None:
    for line in lines:
        error = session.submit(line).error
        assert error is None, f"{line!r} refused"


class Pseudo(Lang):
    """English, with every catalog lookup marked: a text without the marks bypassed the catalogs."""

    def gettext(self, message: str) -> str:
        return "⟦" + super().gettext(message) + "⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "⟦" + super().ngettext(singular, plural, n) + "⟧"

    def pgettext(self, context: str, message: str) -> str:
        return "⟦" + super().pgettext(context, message) + "⟧"


PSEUDO = Pseudo(EN.code, EN.translations, EN.locale)


def plain_problems(value: object, where: str = "view") -> list[str]:
    """Where the view holds anything but its own dataclasses of str, int, bool, None and lists."""
    if value is None or isinstance(value, (str, int, bool)):
        return []
    if isinstance(value, list):
        return [p for i, item in enumerate(value) for p in plain_problems(item, f"{where}[{i}]")]
    if type(value) in (View, SeatView, CardCell, Button):
        return [
            p for f in dataclasses.fields(value) for p in plain_problems(getattr(value, f.name), f"{where}.{f.name}")
        ]
    return [f"{where} is {type(value).__module__}.{type(value).__name__}"]


# -- structure -------------------------------------------------------------------------


def test_core_view_session_and_journal_import_no_pygame() -> None:
    code = "import kiosk.core, kiosk.view, kiosk.session, kiosk.journal, sys; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_model_prints_in_a_size_that_grows_with_its_entries_not_doubles() -> None:
    # A model keeps every earlier model for undo; printing it (a log, a debugger, a failing
    # assertion) must not print each of those again inside each other.
    lines = [*HEARTS, *TRICK1, "card 6C", "card 7C", "card 8C", "card 9C"]
    sizes = []
    model = Model()
    for line in lines:
        model = step(model, line)
        sizes.append(len(repr(model)))
    assert sizes[-1] < 4 * sizes[len(lines) // 2], sizes


# -- whole games -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "seed"),
    [
        ("hearts", 1),  # has a heart led with nothing else ("answer yes")
        ("hearts", 2),
        ("hearts", 3),
        ("hearts-classic", 5),  # a moon, with the shooter's choice
        ("hearts-classic", 6),  # two moons
        ("euchre", 1),
        ("euchre", 2),  # lone hands
        ("euchre", 3),
        ("spades", 1),  # a 10-bag penalty and nil bids
        ("spades", 2),
        ("spades-blind-nil", 3),
        ("cutthroat-spades", 1),  # three players, each alone
        ("oh-hell", 1),  # the whole schedule, 1 card up to 12 and back: 23 deals
        ("boerenbridge", 1),  # 10 down to 1 and back up; a missed bid costs
        ("whist", 1),  # the dealer's last card for trump; the book
        ("whist", 2),
        ("hearts-bga", 1),  # deals that end early, the leader taking the rest: a claim at the table
        ("doppelkopf", 1),  # solos, and announcements made during play
    ],
)
def test_whole_game_through_the_core_matches_the_known_hands_game(ruleset: str, seed: int) -> None:
    lines = game_script(ruleset, seed)
    model = run(lines)  # no refusals
    s = state(model)
    known = known_hands_game(ruleset, seed)
    assert known.is_over and s.over
    assert list(s.scores) == known.scores
    assert list(s.winners) == known.winners
    assert [r.points for r in s.results] == [r.points for r in known.results]
    assert [r.dealer for r in s.results] == [r.dealer for r in known.results]
    assert [(r.bids, r.tricks, r.bags) for r in s.results] == [(r.bids, r.tricks, r.bags) for r in known.results]
    assert s.flags == ()  # the bots play by the rules: nothing to flag
    assert s.entries == tuple(lines)
    again = state(replay(lines))  # a game is a pure function of its journal
    assert again.table() == s.table()


# -- entering cards ------------------------------------------------------------------


def test_two_notations_of_a_card_name_the_same_card() -> None:
    model = run([*HEARTS, *TRICK1, "card q♠"])  # Ann won trick 1; the Q♠ may be led any time in this Hearts
    assert state(model).trick == ((0, "QS"),)
    model = run(["card KS", "card 10S", "card AS"], model)
    s = state(model)
    # Trick 2: Q♠ K♠ 10♠ A♠: Dan's ace wins, and with it the queen's 13 points.
    assert s.tricks[-1].plays == ((0, "QS"), (1, "KS"), (2, "TS"), (3, "AS"))
    assert s.tricks[-1].winner == 3
    assert s.taken == (0, 0, 0, 13)
    s = state(run(["card 2D", "card 10H"], model))  # Dan leads 2♦; Ann shows out with the 10♥
    assert s.trick == ((3, "2D"), (0, "TH"))
    assert s.broken  # a heart was played: hearts are broken


def test_a_card_already_played_is_refused_and_nothing_is_recorded() -> None:
    model = run([*HEARTS, *TRICK1, "card QS", "card KS"])
    for line, code, words in [
        ("card QS", "QS", "the queen of spades"),
        ("card q♠", "QS", "the queen of spades"),
        ("card 2C", "2C", "the two of clubs"),
    ]:
        refused = refuse(model, line)
        assert refused.error == f"{code} has already been played."
        view = build_view(step(model, line), EN)
        assert says(view.error, f"{words} has already been played")
    s = state(run(["card 10S"], model))  # Cat can still play
    assert s.trick == ((0, "QS"), (1, "KS"), (2, "TS"))


def test_play_out_of_turn_is_refused() -> None:
    model = run([*HEARTS, "lead 1"])
    assert state(model).to_act == 1
    refused = refuse(model, "card QS 2")  # Cat named, but Ben is to act
    assert says(refused.error, "Cat", "Ben")
    model = run(["card 2C 1", "card 3C 2"], model)  # naming the right seat is fine
    assert state(model).trick == ((1, "2C"), (2, "3C"))
    assert says(refuse(model, "card 4C 1").error, "Ben", "Dan")  # Dan is to act now


def test_the_first_lead_is_asked_and_must_be_the_two_of_clubs() -> None:
    model = run(HEARTS)
    assert says(refuse(model, "card 2C").error, "lead")  # who leads is not known yet
    view = build_view(model, EN)
    assert says(view.status, "two of clubs")
    assert [b.intent for b in view.buttons if b.kind == "seat"] == [f"lead {s}" for s in range(4)]
    model = run(["lead 2"], model)
    assert state(model).to_act == 2
    for line in ("card 3C", "card QS", "card AH"):
        refused = refuse(model, line)
        assert refused.error == "The first lead must be 2C."
        view = build_view(step(model, line), EN)
        assert says(view.error, "first lead", "two of clubs")
    s = state(run(["card 2C"], model))
    assert s.trick == ((2, "2C"),)
    assert s.to_act == 3
    refuse(run(["card 2C"], model), "lead 1")  # the leader is asked only once


# -- referee checks -------------------------------------------------------------------------


def test_a_revoke_is_flagged_the_moment_it_is_provable(tmp_path: Path) -> None:
    session = open_session(tmp_path / "k.sqlite3")
    submit_all(session, [*HEARTS, *TRICK1_DAN_OUT, "card 6C", "card 7C", "card 8C"])
    assert state(session.model).flags == ()  # showing out is no breach by itself
    view = session.submit("card 9C")  # Dan, who showed out of clubs in trick 1, plays a club
    s = state(session.model)
    assert [(f.deal, f.seat, f.card, f.rule, f.confirmed) for f in s.flags] == [(1, 3, "9C", "revoke", False)]
    assert "showed out of C in trick 1" in s.flags[0].message
    assert s.tricks[-1].winner == 3  # the 9♣ still wins the trick it was played to
    record = session.record()
    assert record["flags"] == [
        {
            "deal": 1,
            "player": "Dan",
            "card": "9C",
            "rule": "revoke",
            "message": s.flags[0].message,
            "confirmed": False,
            "dismissed": False,
        }
    ]
    assert len(view.flags) == 1
    assert says(view.flags[0], "Dan", "nine of clubs", "trick 1")
    assert [seat.flagged for seat in view.seats] == [False, False, False, True]
    # Once settled it leaves the side panel, where it looked as open as a new one in later deals.
    view = session.submit("dismiss")
    assert state(session.model).flags[0].dismissed and view.flags == []


def test_a_seat_that_did_not_follow_a_trump_lead_is_said_to_have_shown_out_of_trumps() -> None:
    # Ben's diamond solo: Ben leads the ♥10 (a trump), Cat throws the 9♣; in trick 2 she plays the A♦, a trump.
    # Seen in the real window (issue 20): "Cat hat in Stich 1 Karo nicht bedient": no diamond was led, a trump was.
    model = run(["new doppelkopf Ann Ben Cat Dan", "bid solo suit D", "announce 1 re", "announce 1 no 90"])
    model = run(["card TH", "card 9C", "card 9D", "card 9D", "card QC", "card AD"], model)
    assert [(f.seat, f.card, f.rule) for f in state(model).flags] == [(2, "AD", "revoke")]
    assert build_view(model, EN).flags == ["Cat played the ace of diamonds after showing out of trumps in trick 1."]
    german = build_view(model, load_lang("de")).flags
    assert german == ["Cat hat in Stich 1 Trumpf nicht bedient und danach gespielt: das Karo-Ass."]
    # A plain suit led is named: Spades' spades are its trumps and nothing else (the suit is the trumps).
    plain = build_view(run([*HEARTS, *TRICK1_DAN_OUT, "card 6C", "card 7C", "card 8C", "card 9C"]), EN).flags
    assert plain == ["Dan played the nine of clubs after showing out of clubs in trick 1."]


def test_a_heart_led_before_hearts_are_broken_asks_the_question() -> None:
    model = run([*HEARTS, *TRICK1, "card 2H"])  # Ann leads a heart; none has been played
    s = state(model)
    assert s.question == Question("lead-restriction", 0, "2H")
    assert s.trick == ((0, "2H"),)  # the card is on the table; the answer decides the flag
    view = build_view(model, EN)
    assert says(view.status, "Ann", "two of hearts")
    assert view.status.endswith("?")
    assert [(b.label, b.intent) for b in view.buttons if b.kind == "answer"] == [
        ("Yes", "answer yes"),
        ("No", "answer no"),
    ]
    assert not view.grid_enabled
    # Nothing else is taken until the question is answered.
    assert says(refuse(model, "card 3H").error, "answer")
    assert says(refuse(model, "answer maybe").error, "answer yes or answer no")


def test_answer_no_flags_the_lead() -> None:
    model = run([*HEARTS, *TRICK1, "card 2H", "answer no"])
    s = state(model)
    assert s.question is None
    assert [(f.deal, f.seat, f.card, f.rule) for f in s.flags] == [(1, 0, "2H", "lead-restriction")]
    view = build_view(model, EN)
    assert len(view.flags) == 1 and says(view.flags[0], "Ann", "two of hearts")
    assert says(refuse(model, "answer yes").error, "no question")


def test_answer_yes_is_recorded_and_a_later_contradiction_is_flagged() -> None:
    model = run([*HEARTS, *TRICK1, "card 2H", "answer yes"])
    assert state(model).flags == ()
    # Trick 2: 2♥ 3♥ 4♥ 5♥, Dan wins and leads the 2♠; Ann follows with the 3♠ although she
    # said she held only hearts: the engine proves the contradiction.
    model = run(["card 3H", "card 4H", "card 5H", "card 2S"], model)
    assert state(model).flags == ()
    model = run(["card 3S"], model)
    s = state(model)
    assert [(f.seat, f.card, f.rule) for f in s.flags] == [(0, "3S", "revoke")]
    assert "claiming nothing else" in s.flags[0].message
    view = build_view(model, EN)
    assert says(view.flags[0], "Ann", "three of spades", "two of hearts")


def test_after_answer_no_the_seat_playing_its_other_cards_is_no_new_breach() -> None:
    # The operator said Ann led the 2♥ while holding other cards: that breach is flagged once.
    # Ann then following spades with a card she was said to hold breaks no rule.
    model = run([*HEARTS, *TRICK1, "card 2H", "answer no", "card 3H", "card 4H", "card 5H", "card 2S", "card 3S"])
    flags = [(f.seat, f.card, f.rule) for f in state(model).flags]
    assert flags == [(0, "2H", "lead-restriction")]


# Klaverjassen (hearts trump, Ben calls): Ann leads the A♦ and Cat throws the J♣, neither a diamond nor a trump.
# The kiosk asks whether Cat had nothing else she was allowed to play; the table says no. Later Cat plays the Q♦,
# the suit she did not follow in trick 1: the same breach the table's "no" flagged, not a second one.
KLAVERJASSEN_ANSWERED_NO = [
    *["new klaverjassen Ann Ben Cat Dan", "bid pass", "bid call H", "card AD", "card JC", "answer no"],
    *["card TD", "card 8D", "card JH", "card KH", "card 9H", "card 7C", "card AH", "card 7S", "answer yes"],
    *["card AC", "card 8S", "answer yes", "card TH", "card TS", "answer yes", "card QC", "card 9D", "answer yes"],
    *["card QH", "card JS", "answer yes", "card QS", "card 9S", "answer yes", "card 8H", "card QD"],
]


def test_a_breach_the_table_flagged_by_its_no_is_not_flagged_again_by_a_later_card_of_the_suit() -> None:
    model = run(KLAVERJASSEN_ANSWERED_NO)
    # Found driving the real window (issue 20): the Q♦ raised a second flag for trick 1, and the table was asked
    # twice about one breach before the next deal could start.
    assert [(f.deal, f.seat, f.card, f.rule) for f in state(model).flags] == [(1, 2, "JC", "trumping")]
    model = run(
        ["answer yes", "card JD", "card TC", "answer yes", "card 7D", "card KD", "card 8C", "answer yes"], model
    )
    model = run(["card AS", "card KS", "card 9C", "card KC", "card 7H"], model)
    assert len(state(model).results) == 1
    view = build_view(model, EN)
    assert view.status == "Deal 1: did Cat revoke? This game sets no penalty; the answer is recorded."
    model = run(["confirm"], model)  # one answer settles the deal: the next deal starts
    assert [(f.seat, f.card, f.confirmed) for f in state(model).flags] == [(2, "JC", True)]
    run(["bid pass"], model)


def test_a_penalty_card_on_the_first_trick_asks_no_other_card() -> None:
    model = run([*HEARTS, "lead 1", "card 2C", "card 3C", "card QS"])  # Dan throws Q♠ to the first trick
    assert state(model).question == Question("first-trick", 3, "QS")
    view = build_view(model, EN)
    assert says(view.status, "Dan", "queen of spades", "first trick")
    assert [b.intent for b in view.buttons if b.kind == "answer"] == ["answer yes", "answer no"]
    s = state(run(["answer no"], model))
    assert [(f.seat, f.card, f.rule) for f in s.flags] == [(3, "QS", "first-trick")]


def test_euchre_left_bower_is_trump_when_judging_revokes() -> None:
    model = run([*EUCHRE, *EUCHRE_DEAL])
    s = state(model)
    assert s.trump == 2  # hearts
    assert s.flags == ()
    # Cat showed out of diamonds, then plays the J♦ to a spade lead: the left bower is a trump,
    # not a diamond, so no revoke; and it wins the trick as a trump.
    cat = state(run(["card AS", "card JD", "card TS", "card KS"], model))
    assert cat.flags == ()
    assert cat.tricks[-1].winner == 2
    # Dan showed out of trump in trick 1; the J♦ is a trump: a proven revoke.
    dan = state(run(EUCHRE_REVOKE, model))
    assert [(f.deal, f.seat, f.card, f.rule) for f in dan.flags] == [(1, 3, "JD", "revoke")]
    assert "showed out of H in trick 1" in dan.flags[0].message


def test_confirm_applies_the_euchre_renege_penalty_to_the_other_side() -> None:
    model = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_REVOKE])  # Dan (Ben's partner) revokes
    view = build_view(model, EN)
    assert "confirm" in [b.intent for b in view.buttons]
    model = run(["confirm"], model)
    s = state(model)
    assert s.flags[0].confirmed
    # Renege: 2 points to the other side, i.e. to both Ann and Cat.
    assert s.scores == (2, 0, 2, 0)
    assert s.penalties == ((1, (2, 0, 2, 0)),)
    view = build_view(model, EN)
    assert view.scores == ["Ann and Cat: 2", "Ben and Dan: 0"]
    refuse(model, "confirm")  # no open flag left
    # The deal goes on and is scored on top of the penalty: the makers (Ben, Dan) take 3 tricks, 1 point.
    s = state(run(EUCHRE_REST, model))
    assert s.results[0].points == (0, 1, 0, 1)
    assert s.scores == (2, 1, 2, 1)


def test_the_hearts_penalty_waits_for_the_deal_and_charges_the_offender_every_point() -> None:
    # Dan revokes in trick 2 (a club after showing out of clubs); Cat's 2♥ goes to Dan; Ann claims the rest.
    model = run([*HEARTS, *TRICK1_DAN_OUT, "card 6C", "card 7C", "card 2H", "card 9C"])
    view = build_view(model, EN)
    assert "confirm" not in [b.intent for b in view.buttons]  # the penalty depends on the deal's points
    assert says(refuse(model, "confirm").error, "once the deal is scored")
    model = run(["claim 0"], model)
    assert state(model).results[0].points == (25, 0, 0, 1)
    assert build_view(model, EN).status == "Deal 1: is Dan given the penalty?"
    s = state(run(["confirm"], model))
    assert s.flags[0].confirmed
    # Hearts' penalty: Dan takes every penalty point of the deal, the others none.
    assert s.penalties == ((1, (-25, 0, 0, 25)),)
    assert s.scores == (0, 0, 0, 26)


def test_a_confirmed_penalty_that_reaches_the_target_ends_the_game() -> None:
    # Ann and Cat reach 8 in four quick-scored deals; then a deal entered card by card, where
    # Dan revokes and Ben and Dan make 1 point. Confirming the renege gives Ann and Cat 10:
    # Euchre is won at 10.
    model = run([*EUCHRE, "mode quick", *["score 2 0 2 0"] * 4, "mode cards"])
    s = state(model)
    assert s.scores == (8, 0, 8, 0)
    assert s.dealer == 0  # the deal went round once
    model = run([*EUCHRE_DEAL, *EUCHRE_REVOKE, *EUCHRE_REST], model)
    s = state(model)
    assert s.scores == (8, 1, 8, 1)
    assert not s.over
    s = state(run(["confirm"], model))
    assert s.scores == (10, 1, 10, 1)
    assert s.over
    assert s.winners == (0, 2)


# -- undo, redo, claim, moon ---------------------------------------------------------------


def test_undo_and_redo_any_number_of_entries() -> None:
    lines = [*HEARTS, *TRICK1, "card 6C", "card 7C"]
    models = [Model()]
    for line in lines:
        models.append(run([line], models[-1]))
    model = models[-1]
    for back in range(1, 5):
        model = run(["undo"], model)
        now, then = state(model), state(models[-1 - back])
        assert now.table().effective == then.effective
        assert dataclasses.replace(now.table(), redo=()) == then.table()  # the state of `back` entries ago
    s = state(model)
    # Undo is an entry, never a deletion.
    assert s.entries == (*lines, "undo", "undo", "undo", "undo")
    assert s.redo == ("card 4C", "card 5C", "card 6C", "card 7C")
    model = run(["redo", "redo", "redo"], model)
    s = state(model)
    assert s.effective == tuple(lines[:-1])
    assert s.trick == ((0, "6C"),)
    assert s.redo == ("card 7C",)
    assert s.entries == (*lines, *["undo"] * 4, *["redo"] * 3)
    # A game is a pure function of its journal, undo and redo included.
    assert state(replay(s.entries)).table() == s.table()
    # A new entry after an undo drops what could be redone.
    model = run(["card AC"], model)
    s = state(model)
    assert s.redo == ()
    assert says(refuse(model, "redo").error, "nothing to redo")
    assert state(replay(s.entries)).table() == s.table()
    # Undo all the way back to before the game, and no further.
    for _ in s.effective:
        model = run(["undo"], model)
    assert model.play is None
    assert says(refuse(model, "undo").error, "nothing to undo")
    s = state(model)
    # lines, 4 undo, 3 redo, "card AC", then one undo per effective entry (8 lines and "card AC")
    assert s.entries == (*lines, *["undo"] * 4, *["redo"] * 3, "card AC", *["undo"] * len(lines))
    assert state(replay(s.entries)).table() == s.table()


def test_undo_reopens_a_finished_deal() -> None:
    model = run([*HEARTS, *TRICK1, "claim 0"])
    assert len(state(model).results) == 1
    model = run(["undo"], model)
    s = state(model)
    assert s.results == ()
    assert s.scores == (0, 0, 0, 0)
    assert s.tricks_won == (1, 0, 0, 0)
    assert state(replay(s.entries)).table() == s.table()


def test_claim_gives_the_rest_to_the_claimer() -> None:
    # Trick 2: Ann 6♣, Ben 7♣, Cat 2♥ (shows out; 1 point), Dan 9♣ wins it. Then Ann claims all the
    # rest: Dan has 1 point, Ann the other 25.
    model = run([*HEARTS, *TRICK1, "card 6C", "card 7C", "card 2H"])
    assert says(refuse(model, "claim 0").error, "between tricks")
    model = run(["card 9C"], model)
    view = build_view(model, EN)
    assert [b.intent for b in view.buttons if "claim" in b.intent] == ["ask claim 3"]  # confirmed first
    s = state(run(["claim 0"], model))
    assert s.results[0].points == (25, 0, 0, 1)
    assert s.scores == (25, 0, 0, 1)
    assert s.phase is None  # the deal is over; the next one starts with its first entry
    assert s.dealer == 1  # the deal passes to the left


def test_claim_of_every_point_is_a_moon_in_hearts() -> None:
    # Hearts (old moon): a claim after a pointless first trick takes all 26: the others get 26.
    s = state(run([*HEARTS, *TRICK1, "claim 0"]))
    assert s.results[0].points == (0, 26, 26, 26)


def test_the_moon_choice_in_hearts_classic() -> None:
    model = run(["new hearts-classic Ann Ben Cat Dan", "dealer 0", *TRICK1])
    refuse(model, "choose new-moon")  # no moon yet
    model = run(["claim 0"], model)  # Ann takes every point: she shot the moon and chooses
    s = state(model)
    assert (s.phase, s.to_act, s.results) == ("choose", 0, ())
    view = build_view(model, EN)
    assert says(view.status, "Ann", "moon")
    assert [b.intent for b in view.buttons if b.kind == "bid"] == ["choose old-moon", "choose new-moon"]
    new = state(run(["choose new-moon"], model))
    assert new.results[0].points == (-26, 0, 0, 0)
    assert new.scores == (-26, 0, 0, 0)
    old = state(run(["choose old-moon"], model))
    assert old.scores == (0, 26, 26, 26)


# -- Euchre bidding ------------------------------------------------------------------------


def test_euchre_bidding_order_up_and_the_upcard_first() -> None:
    model = run(EUCHRE)
    assert says(refuse(model, "bid pass").error, "upcard")
    view = build_view(model, EN)
    assert says(view.status, "upcard")
    assert says(refuse(model, "upcard 2H").error, "2H", "not in the deck")  # Euchre plays 9 to ace
    model = run(["upcard 9H"], model)
    view = build_view(model, EN)
    assert says(view.status, "Ben", "bid")  # left of the dealer Ann
    assert [b.intent for b in view.buttons if b.kind == "bid"] == ["bid pass", "bid order-up"]
    model = run(["bid pass", "bid order-up"], model)  # Cat orders it up
    view = build_view(model, EN)
    assert [b.intent for b in view.buttons if b.kind == "bid"] == ["bid alone", "bid partner"]
    model = run(["bid partner"], model)
    s = state(model)
    assert (s.phase, s.trump, s.maker, s.alone) == ("play", 2, 2, False)
    assert s.to_act == 1  # the player left of the dealer leads
    # Ann, the dealer, picked up the 9♥: nobody else can play it.
    assert says(refuse(model, "card 9H").error, "9H", "another player")
    view = build_view(model, EN)
    assert view.info[:2] == ["Trump: hearts", "Maker: Cat"]


def test_euchre_call_a_suit_alone_and_lone_tricks_of_three() -> None:
    model = run([*EUCHRE, "upcard 9S", "bid pass", "bid pass", "bid pass", "bid pass"])
    # Round two: spades were turned down and may not be called.
    view = build_view(model, EN)
    assert [b.intent for b in view.buttons if b.kind == "bid"] == ["bid pass", "bid call C", "bid call D", "bid call H"]
    refuse(model, "bid call S")
    model = run(["bid call H", "bid alone"], model)  # Ben calls hearts and goes alone; Dan sits out
    s = state(model)
    assert (s.trump, s.maker, s.alone, s.sitting_out) == (2, 1, True, 3)
    view = build_view(model, EN)
    assert view.info == ["Trump: hearts", "Maker: Ben", "Ben plays alone"]
    assert [seat.out for seat in view.seats] == [False, False, False, True]
    # Trick 1: Ben J♥ (right bower), Cat 9♥, Ann 10♥: three cards, Dan skipped; Ben wins.
    model = run(["card JH", "card 9H", "card TH"], model)
    s = state(model)
    assert s.tricks[0].plays == ((1, "JH"), (2, "9H"), (0, "TH"))
    assert s.tricks[0].winner == 1
    # Ben claims the rest: a lone march is worth 4, to both Ben and Dan.
    model = run(["claim 1"], model)
    s = state(model)
    assert s.results[0].points == (0, 4, 0, 4)
    assert s.scores == (0, 4, 0, 4)
    assert s.upcard is None
    view = build_view(model, EN)
    assert says(view.status, "upcard")  # the next deal starts with its upcard


# -- quick-score ---------------------------------------------------------------------------


def test_quick_score_hearts_accepts_real_deals_and_refuses_the_rest() -> None:
    model = run(HEARTS)
    refuse(model, "score 0 13 5 8")  # cards mode
    model = run(["mode quick", "score 0 13 5 8", "score 0 26 26 26"], model)  # 26 points; Ann's old moon
    assert state(model).scores == (0, 39, 31, 34)
    view = build_view(model, EN)
    assert says(view.status, "deal 3")
    refused = refuse(model, "score 25 0 0 0")
    assert says(refused.error, "add up to 25", "26 or 78")
    view = build_view(step(model, "score 25 0 0 0"), EN)
    assert says(view.error, "25", "26", "78")
    assert says(refuse(model, "score 0 0 26").error, "4")
    refuse(model, "score a b c d")


@pytest.mark.parametrize(
    "line",
    [
        "score 20 20 20 18",  # adds up to 78 but is no moon: the moon gives 0 to one and 26 to each other
        "score 27 -1 0 0",  # adds up to 26, but nobody takes fewer than 0 or more than 26 penalty points
    ],
)
def test_quick_score_hearts_refuses_impossible_deals_with_a_possible_total(line: str) -> None:
    model = run([*HEARTS, "mode quick"])
    refuse(model, line)


def test_quick_score_hearts_classic_accepts_the_new_moon() -> None:
    s = state(run(["new hearts-classic Ann Ben Cat Dan", "dealer 0", "mode quick", "score -26 0 0 0"]))
    assert s.scores == (-26, 0, 0, 0)


def test_quick_score_euchre() -> None:
    model = run([*EUCHRE, "mode quick", "score 2 0 2 0", "score 0 1 0 1", "score 4 0 4 0"])
    assert state(model).scores == (6, 1, 6, 1)
    assert says(refuse(model, "score 1 1 0 0").error, "partners")
    assert says(refuse(model, "score 3 0 3 0").error, "not 3")
    refuse(model, "score 2 2 2 2")  # both sides cannot score in one deal


def test_quick_score_euchre_refuses_a_deal_where_nobody_scores() -> None:
    # Stick the dealer: every deal is played, and either the makers score (3+ tricks) or the defenders do.
    model = run([*EUCHRE, "mode quick"])
    refuse(model, "score 0 0 0 0")


def test_fix_corrects_a_past_deal_and_the_running_scores_after_it() -> None:
    model = run([*HEARTS, "mode quick", "score 0 13 5 8", "score 26 0 0 0", "score 0 26 26 26"])
    assert [r.scores for r in state(model).results] == [(0, 13, 5, 8), (26, 13, 5, 8), (26, 39, 31, 34)]
    assert says(refuse(model, "fix 2 0 25 0 0").error, "25")
    refuse(model, "fix 4 0 26 0 0")  # there is no deal 4
    model = run(["fix 2 0 26 0 0"], model)  # deal 2's 26 went to Ben, not Ann
    s = state(model)
    assert [r.points for r in s.results] == [(0, 13, 5, 8), (0, 26, 0, 0), (0, 26, 26, 26)]
    assert [r.scores for r in s.results] == [(0, 13, 5, 8), (0, 39, 5, 8), (0, 65, 31, 34)]
    assert s.scores == (0, 65, 31, 34)
    assert s.corrections == ((2, (0, 26, 0, 0)),)
    view = build_view(model, EN)
    assert view.chart == [[0, 0, 0, 0], [0, 13, 39, 65], [0, 5, 5, 31], [0, 8, 8, 34]]
    assert state(replay(s.entries)).table() == s.table()
    refuse(run(HEARTS), "fix 1 0 26 0 0")  # corrections are for quick-score games


def test_quick_score_hearts_game_ends_at_the_target() -> None:
    model = run([*HEARTS, "mode quick", "score 0 26 0 0", "score 0 26 0 0", "score 0 26 0 0"])
    assert not state(model).over  # Ben has 78
    model = run(["score 0 13 13 0"], model)  # Ben 91, Cat 13
    assert not state(model).over
    model = run(["score 0 13 0 13"], model)  # Ben 104: over, and Ann's 0 is the lowest
    s = state(model)
    assert s.scores == (0, 104, 13, 13)
    assert s.over and s.winners == (0,)
    view = build_view(model, EN)
    assert view.game_over
    assert view.standings[0] == "Winner: Ann"
    assert view.standings[-4:] == ["Ann: 0", "Cat: 13", "Dan: 13", "Ben: 104"]
    assert says(refuse(model, "score 26 0 0 0").error, "over")
    # A correction can undo the end: deal 5 gave Ben's 13 to Cat.
    s = state(run(["fix 5 0 0 13 13"], model))
    assert s.scores == (0, 91, 26, 13)
    assert not s.over and s.winners == ()


def test_quick_score_euchre_game_ends_at_ten() -> None:
    model = run([*EUCHRE, "mode quick", *["score 2 0 2 0"] * 4, "score 0 1 0 1"])
    assert not state(model).over
    model = run(["score 2 0 2 0"], model)
    s = state(model)
    assert s.scores == (10, 1, 10, 1)
    assert s.over and s.winners == (0, 2)
    view = build_view(model, EN)
    assert view.standings[0] == "Winners: Ann and Cat"


# -- session and journal -------------------------------------------------------------------


def test_entries_are_committed_and_a_second_session_replays_them(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.sqlite3"
    first = open_session(path)
    lines = [*HEARTS, *TRICK1, "card 6C", "undo", "card 7C"]
    submit_all(first, lines)
    assert first.submit("card 7C").error is not None  # already played: refused, not journaled
    assert first.journal.entries(first.game_id) == lines
    first.journal.close()
    second = open_session(path)
    assert second.notice is None
    assert second.unfinished() == [first.game_id]
    assert f"resume {first.game_id}" in [b.intent for b in second.view().buttons]
    second.submit(f"resume {first.game_id}")
    now, then = state(second.model), state(first.model)
    assert now.table() == then.table()
    assert now.entries == tuple(lines)


def test_a_second_session_opened_while_the_first_is_running_sees_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.sqlite3"
    first = open_session(path)
    submit_all(first, [*HEARTS, *TRICK1])
    second = open_session(path)  # the first still holds the journal open (WAL)
    assert second.notice is None
    assert second.unfinished() == [first.game_id]
    second.resume(first.game_id)
    now, then = state(second.model), state(first.model)
    assert now.table() == then.table()
    submit_all(first, ["card 6C"])  # the first goes on writing to the same journal
    assert second.journal.entries(first.game_id) == [*HEARTS, *TRICK1, "card 6C"]


def test_a_killed_kiosk_resumes_every_acknowledged_entry(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.sqlite3"
    lines = [*HEARTS, *TRICK1, "card 6C"]
    code = (
        "import os, signal, sys\n"
        "from kiosk.journal import Journal\n"
        "from kiosk.session import Session\n"
        "s = Session(Journal(sys.argv[1]))\n"
        "for line in sys.argv[2:]:\n"
        "    assert s.submit(line).error is None\n"
        "    print('ack', line, flush=True)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(path), *lines], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == -9
    assert out.stdout.splitlines() == [f"ack {line}" for line in lines]
    session = open_session(path)
    assert session.notice is None  # our own journal, not a foreign file
    assert sorted(p.name for p in tmp_path.iterdir() if ".foreign" in p.name or ".damaged" in p.name) == []
    assert session.unfinished() == [1]
    session.resume(1)
    now, then = state(session.model), state(run(lines))
    assert now.table() == then.table()


def test_a_new_game_in_a_session_is_its_own_journal(tmp_path: Path) -> None:
    session = open_session(tmp_path / "kiosk.sqlite3")
    submit_all(session, [*HEARTS, *TRICK1])
    hearts = session.game_id
    submit_all(session, ["new euchre Eve Fay Gus Hal"])
    assert session.game_id != hearts
    s = state(session.model)
    assert s.entries == tuple(session.journal.entries(session.game_id))
    submit_all(session, ["undo"])
    # What the screen shows is what the journal of the current game replays to.
    now, journal = state(session.model), state(replay(session.journal.entries(session.game_id)))
    assert now.table() == journal.table()


def test_a_file_that_is_not_sqlite_is_kept_aside_and_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.sqlite3"
    original = b"Shopping list\neggs\nmilk\n" * 20
    path.write_bytes(original)
    session = open_session(path)
    aside = tmp_path / "kiosk.sqlite3.foreign-1"
    assert says(session.notice, str(path), "not a database", aside.name)
    assert session.view().notice == (  # shown on the setup screen, in the table's words
        f"The journal file belongs to another program: it is kept as {aside.name}, and a new journal was started."
    )
    submit_all(session, [*HEARTS, *TRICK1])
    assert aside.read_bytes() == original
    assert path.read_bytes()[:16] == b"SQLite format 3\x00"
    assert session.journal.entries(session.game_id) == [*HEARTS, *TRICK1]


def test_another_programs_sqlite_database_is_kept_aside_intact(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    db.execute("INSERT INTO recipes VALUES ('soup', 40)")
    db.commit()
    db.close()
    original = path.read_bytes()
    session = open_session(path)
    aside = tmp_path / "kiosk.sqlite3.foreign-1"
    assert says(session.notice, "another program", aside.name)
    submit_all(session, [*HEARTS, *TRICK1])
    session.journal.close()
    assert aside.read_bytes() == original
    other = sqlite3.connect(aside)
    assert other.execute("SELECT name, minutes FROM recipes").fetchall() == [("soup", 40)]
    other.close()
    # Another such file on the same path takes the next free name; the first stays as it was.
    path.unlink()
    path.write_bytes(original)
    again = open_session(path)
    assert says(again.notice, "kiosk.sqlite3.foreign-2")
    assert aside.read_bytes() == original
    assert (tmp_path / "kiosk.sqlite3.foreign-2").read_bytes() == original


def _journal_with_a_game(path: Path) -> bytes:
    session = open_session(path)
    submit_all(session, [*HEARTS, *TRICK1])
    session.journal.close()
    assert not path.with_name(path.name + "-wal").exists()  # checkpointed on close
    return path.read_bytes()


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param(lambda data: data[:60], id="truncated-header"),
        pytest.param(lambda data: data[:4096], id="truncated-pages"),
        pytest.param(lambda data: data[:4096] + b"\xa5" * (len(data) - 4096), id="overwritten-pages"),
    ],
)
def test_a_damaged_journal_is_kept_aside(tmp_path: Path, damage: Callable[[bytes], bytes]) -> None:
    path = tmp_path / "kiosk.sqlite3"
    damaged = damage(_journal_with_a_game(path))
    path.write_bytes(damaged)
    session = open_session(path)
    aside = tmp_path / "kiosk.sqlite3.damaged-1"
    assert says(session.notice, "damaged", aside.name)
    assert aside.read_bytes() == damaged
    assert session.unfinished() == []  # a fresh journal
    submit_all(session, HEARTS)
    assert session.journal.entries(session.game_id) == HEARTS
    assert aside.read_bytes() == damaged


def test_a_hebrew_table_reads_the_records_folder_as_written(tmp_path: Path) -> None:
    # Seen in the real window (issue 20): "נשמר בתיקייה /tmp/…/exports." drew the folder's leading slash at its
    # other end ("tmp/…/exports/"): a path is a left-to-right run of its own in a right-to-left line.
    from kiosk.app import visual

    session = Session(Journal(tmp_path / "k.sqlite3"), "he")
    submit_all(session, [*HEARTS, *TRICK1_DAN_OUT, "card 6C", "card 7C", "card 2H", "card 9C", "claim 0", "dismiss"])
    submit_all(session, ["mode quick", "score 0 26 0 0", "score 26 0 0 0", "score 26 0 0 0", "score 26 0 0 0"])
    view = session.submit("export")
    folder = str(tmp_path / "exports")
    assert view.notice is not None and (tmp_path / "exports").is_dir()
    assert folder in visual(view.notice, True)  # the slashes where they were written
    english = Session(Journal(tmp_path / "e.sqlite3"), "en")
    submit_all(english, [*HEARTS, *TRICK1_DAN_OUT, "card 6C", "card 7C", "card 2H", "card 9C", "claim 0", "dismiss"])
    assert english.submit("export").notice == f"Saved the game record in {folder}."  # no marks in a left-to-right line


def test_export_json_and_csv(tmp_path: Path) -> None:
    session = open_session(tmp_path / "kiosk.sqlite3")
    # Deal 1 by cards: Dan revokes in trick 2 (flag); Cat shows out with the 2♥ (1 point to Dan,
    # who wins with the 9♣); Ann claims the rest: 25 points. The table gives Dan no penalty before the
    # next deal. Then quick-score to the end.
    submit_all(session, [*HEARTS, *TRICK1_DAN_OUT, "card 6C", "card 7C", "card 2H", "card 9C", "claim 0", "dismiss"])
    submit_all(session, ["mode quick", "score 0 26 0 0", "score 26 0 0 0", "score 26 0 0 0", "score 26 0 0 0"])
    assert state(session.model).over
    json_path, csv_path = session.export(tmp_path / "out")
    record = json.loads(json_path.read_text(encoding="utf-8"))
    assert record["ruleset"] == "hearts"
    assert record["players"] == ["Ann", "Ben", "Cat", "Dan"]
    assert record["deals"] == [
        {"number": 1, "dealer": 0, "points": [25, 0, 0, 1], "scores": [25, 0, 0, 1]},
        {"number": 2, "dealer": 1, "points": [0, 26, 0, 0], "scores": [25, 26, 0, 1]},
        {"number": 3, "dealer": 2, "points": [26, 0, 0, 0], "scores": [51, 26, 0, 1]},
        {"number": 4, "dealer": 3, "points": [26, 0, 0, 0], "scores": [77, 26, 0, 1]},
        {"number": 5, "dealer": 0, "points": [26, 0, 0, 0], "scores": [103, 26, 0, 1]},
    ]
    assert record["scores"] == [103, 26, 0, 1]
    assert record["winners"] == ["Cat"]  # the lowest score when Ann passed 100
    flags = [(f["deal"], f["player"], f["card"], f["rule"], f["confirmed"], f["dismissed"]) for f in record["flags"]]
    assert flags == [(1, "Dan", "9C", "revoke", False, True)]
    assert record["entries"] == list(session.journal.entries(session.game_id))
    rows = list(csv.reader(csv_path.read_text(encoding="utf-8").splitlines()))
    assert rows[0] == [
        "deal",
        *["Ann points", "Ben points", "Cat points", "Dan points"],
        *["Ann score", "Ben score", "Cat score", "Dan score"],
    ]
    assert rows[1:] == [
        ["1", "25", "0", "0", "1", "25", "0", "0", "1"],
        ["2", "0", "26", "0", "0", "25", "26", "0", "1"],
        ["3", "26", "0", "0", "0", "51", "26", "0", "1"],
        ["4", "26", "0", "0", "0", "77", "26", "0", "1"],
        ["5", "26", "0", "0", "0", "103", "26", "0", "1"],
    ]


# -- the view -----------------------------------------------------------------------------


@functools.cache
def moments() -> dict[str, Model]:
    """Models at the moments the screen must show."""
    hearts = run([*HEARTS, *TRICK1_DAN_OUT, "card 6C", "card 7C"])
    euchre_bid = run([*EUCHRE, "upcard 9S", "bid pass", "bid pass", "bid pass", "bid pass"])
    return {
        "setup": Model(),
        "who leads": run(HEARTS),
        "mid-trick": hearts,
        "question": run([*HEARTS, *TRICK1, "card 2H"]),
        "revoke flag": run(["card 2H", "card 9C"], hearts),
        "end of deal": run(["card 2H", "card 9C", "claim 0"], hearts),
        "refused": step(hearts, "card 2C"),
        "moon choice": run(["new hearts-classic Ann Ben Cat Dan", "dealer 0", *TRICK1, "claim 0"]),
        "quick": run([*HEARTS, "mode quick", "score 0 13 5 8"]),
        "game over": run([*HEARTS, "mode quick", *["score 0 26 0 0"] * 3, "score 0 13 13 0", "score 0 13 0 13"]),
        "euchre upcard": run(EUCHRE),
        "euchre bid": euchre_bid,
        "euchre lone": run(["bid call H", "bid alone", "card JH"], euchre_bid),
        "euchre flag": run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_REVOKE]),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_views_are_plain_data(lang: str) -> None:
    language = load_lang(lang)
    for name, model in moments().items():
        view = build_view(model, language)
        assert plain_problems(view, name) == []
        assert view.rtl is (lang == "he")
        if model.play is not None:
            assert len(view.seats) == 4, name
            assert view.names == ["Ann", "Ben", "Cat", "Dan"]


def test_the_mid_trick_view() -> None:
    # Whose turn, the trick by seat, tricks and points taken, played cards greyed.
    view = build_view(moments()["mid-trick"], EN)
    assert view.header[:2] == ["Deal 1", "Dealer: Ann"]
    assert says(view.status, "Cat")
    assert view.grid_enabled
    assert [row[0].suit for row in view.grid] == ["C", "D", "H", "S"] and {len(row) for row in view.grid} == {13}
    assert [s.card.code if s.card else None for s in view.seats] == ["6C", "7C", None, None]
    assert [s.tricks for s in view.seats] == ["1 trick", "0 tricks", "0 tricks", "0 tricks"]
    assert [s.points for s in view.seats] == ["0 points"] * 4
    assert [s.to_act for s in view.seats] == [False, False, True, False]
    assert [s.dealer for s in view.seats] == [True, False, False, False]
    played = {cell.code for row in view.grid for cell in row if cell.played}
    assert played == {"2C", "3C", "2D", "5C", "6C", "7C"}
    assert "Hearts not broken" in view.info


def test_the_hebrew_view_is_right_to_left_and_translated() -> None:
    he_lang = load_lang("he")
    for name, model in moments().items():
        en, he = build_view(model, EN), build_view(model, he_lang)
        assert (en.rtl, he.rtl) == (False, True), name
        pairs = [(en.status, he.status), *zip(en.header, he.header, strict=True), *zip(en.info, he.info, strict=True)]
        pairs += [(a.label, b.label) for a, b in zip(en.buttons, he.buttons, strict=True) if a.kind != "seat"]
        pairs += list(zip(en.flags, he.flags, strict=True))
        pairs += [(en.error, he.error)] if en.error else []
        for english, hebrew in pairs:
            if english:
                assert hebrew != english, f"{name}: {english!r} is not translated"
                assert HEBREW.search(hebrew), f"{name}: {hebrew!r}"


def test_views_come_from_the_catalogs() -> None:
    """Under a pseudo-locale every text shown is marked: none bypasses the catalogs."""
    for name, model in moments().items():
        view = build_view(model, PSEUDO)
        texts = [*view.header, *view.info, *view.flags, *[b.label for b in view.buttons if b.kind != "seat"]]
        texts += [view.status] if view.status else []
        texts += [t for t in (view.error, view.notice) if t]
        texts += [t for s in view.seats for t in (s.tricks, s.points) if t]
        texts += [cell.name for row in view.grid for cell in row]
        texts += view.standings[:1]
        for text in texts:
            assert "⟦" in text, f"{name}: {text!r} is not from the catalogs"


def test_the_end_of_deal_view_keeps_the_flag_and_the_deal_result() -> None:
    model = moments()["end of deal"]
    s = state(model)
    assert [(f.deal, f.seat, f.card, f.rule) for f in s.flags] == [(1, 3, "9C", "revoke")]
    assert s.results[0].points == (25, 0, 0, 1)
    view = build_view(model, EN)
    assert len(view.flags) == 1 and says(view.flags[0], "Dan")
    assert view.summary[:5] == [  # the deal just scored, on the table until deal 2 starts
        "Deal 1 is scored",
        "Ann: 25 (total 25)",
        "Ben: 0 (total 0)",
        "Cat: 0 (total 0)",
        "Dan: 1 (total 1)",
    ]
    assert view.summary[-2:] == [
        "1 flag is still open.",
        "⚑ Dan played the nine of clubs after showing out of clubs in trick 1.",
    ]
    # The flag is settled on its deal before the next one starts: the table answers, Y or N.
    assert view.status == "Deal 1: is Dan given the penalty?"
    answers = [(b.label, b.intent, b.key) for b in view.buttons if b.kind == "answer"]
    assert answers == [("Yes", "confirm", "y"), ("No", "dismiss", "n")]
    assert [b.intent for b in view.buttons if b.kind != "answer"] == ["undo", "redo", "ui help", "ui sheet"]  # the bar
    assert view.header[:2] == ["Deal 2", "Dealer: Ben"]
    refuse(model, "lead 1")  # deal 2 waits for the answer
    after = run(["dismiss"], model)
    assert [(f.confirmed, f.dismissed) for f in state(after).flags] == [(False, True)]
    assert says(build_view(after, EN).status, "two of clubs")  # now deal 2 starts by asking who leads


# -- other packs: an Italian 40-card pack, two copies of each card ----------------------------------


@pytest.mark.parametrize("text", [TRESSETTE, DOUBLE], ids=["italian", "double"])
def test_a_whole_game_with_another_pack_through_the_core_and_the_views(tmp_path: Path, text: str) -> None:
    """Scored as the engine scores it with known hands; every view builds, in every language."""
    path = write_pack(tmp_path, text)
    lines = game_script(str(path), seed=2)
    assert lines[0] == f"new {path} Ann Ben Cat Dan"
    langs = [load_lang(code) for code in ("en", "de", "nl", "it", "he")]
    model = Model()
    for number, line in enumerate(lines):
        model = step(model, line)
        assert model.error is None, (line, model.error)
        if number % 5 == 0 or number == len(lines) - 1:
            for lang in langs:
                build_view(model, lang)
    known = known_hands_game(str(path), seed=2)
    s = state(model)
    assert s.over and list(s.scores) == known.scores and s.flags == ()


def test_an_italian_game_is_entered_with_its_codes_and_shown_in_a_4_by_10_grid(tmp_path: Path) -> None:
    path = write_pack(tmp_path, TRESSETTE)
    model = run([f"new {path} Ann Ben Cat Dan", "dealer 0", "card rb", "card 3B"])  # any case: the re di bastoni
    assert state(model).trick == ((1, "RB"), (2, "3B"))
    assert says(str(refuse(model, "card QS").error), "QS is not a card", "AD, CB")  # a French code names nothing
    assert says(str(refuse(model, "card 10D").error), "not a card")
    view = build_view(model, EN)
    assert [row[0].code for row in view.grid] == ["AC", "AD", "AS", "AB"]  # a row per suit: coppe ... bastoni
    assert [c.code for c in view.grid[3]] == ["AB", "2B", "3B", "4B", "5B", "6B", "7B", "FB", "CB", "RB"]
    assert {len(row) for row in view.grid} == {10} and all(c.in_deck for row in view.grid for c in row)
    knight = view.grid[3][8]
    assert (knight.code, knight.rank, knight.symbol, knight.name) == ("CB", "Kn", "batons", "Knight of batons")
    assert {c.code for row in view.grid for c in row if c.played} == {"RB", "3B"}
    assert view.notice == "Cat played the three of batons." and view.pack == "italian"
    assert [s.card.name if s.card else None for s in view.seats] == [None, "King of batons", "Three of batons", None]
    he = build_view(model, load_lang("he"))
    assert (he.grid[3][8].rank, he.grid[3][8].symbol, he.notice) == ("פרש", "מקלות", "הקלף של Cat: ה־3 מקלות.")


def test_each_copy_of_a_card_is_entered_once_and_the_grid_greys_it_after_the_last(tmp_path: Path) -> None:
    path = write_pack(tmp_path, DOUBLE)
    model = run([f"new {path} Ann Ben Cat Dan", "dealer 0", "card AC"])

    def cell(model: Model, code: str) -> CardCell:
        return next(c for row in build_view(model, EN).grid for c in row if c.code == code)

    assert not cell(model, "AC").played  # one ace of clubs is still to come
    model = run(["card AC"], model)  # the other copy: Ann led one, Ben played the other
    assert state(model).trick == ((1, "AC"), (2, "AC")) and cell(model, "AC").played
    assert says(str(refuse(model, "card AC").error), "already been played")  # no third copy
    assert not cell(model, "2C").in_deck and cell(model, "9C").in_deck
    model = run(["card 9C", "card 9H"], model)
    assert state(model).tricks[0].winner == 1  # of the two aces of clubs, the first played wins


def test_a_no_trump_call_is_entered_and_named_in_every_language(tmp_path: Path) -> None:
    """A call round with ``no_trump``: the table enters ``bid call NT`` and sees it named, never as code."""
    from kiosk.view import bid_label
    from wording.i18n import LANGUAGES, load_lang

    house = tmp_path / "nt.yaml"
    house.write_text(
        "id: nt\nextends: euchre\nbidding:\n  rounds:\n    - kind: order-up\n"
        "    - kind: call\n      stick_the_dealer: true\n      no_trump: true\n",
        encoding="utf-8",
    )
    names = {bid_label(load_lang(code), "call NT") for code in LANGUAGES}
    assert len(names) == len(LANGUAGES) and not any("NT" in name for name in names)
    lines = [f"new {house} Ann Ben Cat Dan", "dealer 3", "upcard AD", *["bid pass"] * 4, "bid call nt"]
    model = replay(lines)
    assert model.error is None, model.error
    deal = model.play.deal if model.play is not None else None
    assert deal is not None and deal.trump is None and deal.maker == 0


def test_the_last_trick_stays_on_the_table_until_the_next_card_lands() -> None:
    lines = game_script("hearts", seed=1)
    first_card = next(i for i, line in enumerate(lines) if line.startswith("card "))
    model = replay(lines[: first_card + 4])  # the first trick, complete
    deal = model.play.deal
    assert deal is not None and len(deal.tricks) == 1 and not deal.current_trick
    trick = deal.tricks[0]
    seats = build_view(model, EN).seats
    assert [s.card.code if s.card else None for s in seats] == [dict(trick.plays)[s] for s in range(4)]
    assert all(s.last for s in seats) and [s.won_last for s in seats] == [s == trick.winner for s in range(4)]
    model = replay(lines[: first_card + 5])  # the next card lands: only it is on the table
    seats = build_view(model, EN).seats
    assert not any(s.last or s.won_last for s in seats)
    assert [s.card is not None for s in seats].count(True) == 1


def test_a_scored_deal_stays_on_the_table_until_the_next_deal_starts() -> None:
    lines = game_script("hearts", seed=1)
    first_end = next(i for i in range(1, len(lines)) if (m := replay(lines[:i])).play and m.play.game.results)
    model = replay(lines[:first_end])
    game = model.play.game
    result = game.results[-1]
    view = build_view(model, EN)
    assert view.summary[0] == f"Deal {result.number + 1} is scored"
    assert view.summary[1:5] == [
        f"{name}: {p} (total {t})" for name, p, t in zip(model.play.names, result.points, result.scores, strict=True)
    ]
    assert not view.grid  # the table says who leads next: no card can be entered, the summary gets the room
    model = replay(lines[: first_end + 1])  # the next deal's first entry
    assert not build_view(model, EN).summary


def test_undo_and_redo_speak_of_cards_and_players_not_of_entries() -> None:
    lines = game_script("hearts", seed=1)
    lead = next(i for i, line in enumerate(lines) if line.startswith("lead "))
    names = ["Ann", "Ben", "Cat", "Dan"]
    seat = int(lines[lead].split()[1])
    model = step(replay(lines[: lead + 1]), "undo")
    assert build_view(model, EN).notice == f"Undone: {names[seat]} leads."
    assert build_view(step(model, "redo"), EN).notice == f"Redone: {names[seat]} leads."
    model = step(replay(lines[: lead + 2]), "undo")  # the first card
    card = lines[lead + 1].split()[1]
    notice = build_view(model, EN).notice
    assert notice is not None and notice.startswith("Undone: the ") and card not in notice
    assert "card" not in notice.lower().split(":")[0]


def test_euchre_shows_the_upcard_on_the_table_asks_alone_or_partner_and_shows_trump_large() -> None:
    lines = game_script("euchre", seed=1)
    upcard = next(i for i, line in enumerate(lines) if line.startswith("upcard "))
    view = build_view(replay(lines[: upcard + 1]), EN)
    assert view.shown is not None and view.shown.code == lines[upcard].split()[1]  # mid-table while it is bid on
    alone = next(i for i, line in enumerate(lines) if line in ("bid alone", "bid partner"))
    model = replay(lines[:alone])
    maker = model.play.deal.to_act
    view = build_view(model, EN)
    assert view.status == f"{model.play.names[maker]}: alone or with partner?" and view.shown is None
    first_card = next(i for i, line in enumerate(lines) if line.startswith("card "))
    model = replay(lines[: first_card + 1])
    trump = model.play.deal.trump
    assert build_view(model, EN).trump == f"Trump: {['clubs', 'diamonds', 'hearts', 'spades'][trump]}"


def test_a_penalty_stands_on_its_deals_line_of_the_score_sheet_whenever_it_is_confirmed() -> None:
    during = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_REVOKE, "confirm", *EUCHRE_REST])  # confirmed mid-deal
    after = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_REVOKE, *EUCHRE_REST, "confirm"])  # ... once it is scored
    for model in (during, after):
        assert state(model).scores == (2, 1, 2, 1)
        sheet = build_view(model, EN).sheet
        # Renege: 2 points to Ann and Cat, on deal 1's line; the makers Ben and Dan took 1 point. One column
        # per side, each with the tricks it took.
        assert sheet[0] == ["Deal", "Ann and Cat", "Ben and Dan"]
        assert sheet[1] == ["1", "2 tricks · 0, penalty +2 → 2", "3 tricks · 1 → 1"]


def test_a_flag_raised_by_the_last_card_is_settled_on_the_deals_summary_before_the_next_deal() -> None:
    model = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_LAST_TRICK_REVOKE])
    s = state(model)
    assert [(f.deal, f.seat, f.card, f.rule) for f in s.flags] == [(1, 3, "JD", "revoke")]
    assert s.results[0].points == (0, 2, 0, 2)  # scored: the makers marched
    view = build_view(model, EN)
    assert view.status == "Deal 1: is Dan given the penalty?"
    assert [b.intent for b in view.buttons if b.kind == "answer"] == ["confirm", "dismiss"] and not view.grid
    # Hearts are trump and the J♦ (the left bower) is one: Dan showed out of trumps, the J♦ among them.
    assert view.summary[-1].startswith("⚑ Dan played the jack of diamonds after showing out of trumps")
    assert "Ben and Dan chose trump and took 5 tricks." in view.summary  # the makers marched
    # The next deal waits for the table's decision; nothing is recorded meanwhile.
    assert says(refuse(model, "upcard 9S").error, "open flag")
    assert says(refuse(model, "card 9S").error, "open flag")
    confirmed = run(["confirm"], model)
    view = build_view(confirmed, EN)
    assert view.summary[1:5] == [
        "Ann: 0, penalty +2 (total 2)",
        "Ben: 2 (total 2)",
        "Cat: 0, penalty +2 (total 2)",
        "Dan: 2 (total 2)",
    ]
    assert view.sheet[1] == ["1", "0 tricks · 0, penalty +2 → 2", "5 tricks · 2 → 2"]
    assert says(view.status, "upcard") and "confirm" not in [b.intent for b in view.buttons]
    assert state(run(["upcard 9S"], confirmed)).upcard == "9S"
    dismissed = run(["dismiss"], model)
    assert says(state(dismissed).notice, "No penalty for Dan")
    assert state(dismissed).scores == (0, 2, 0, 2) and state(dismissed).penalties == ()
    assert build_view(dismissed, EN).summary[1] == "Ann: 0 (total 0)"
    assert state(run(["upcard 9S"], dismissed)).upcard == "9S"
    refuse(dismissed, "dismiss")  # nothing left to settle


def test_a_flag_in_the_deal_that_ends_the_game_is_still_settled() -> None:
    model = run([*EUCHRE, "mode quick", *["score 0 2 0 2"] * 4, "mode cards"])
    model = run([*EUCHRE_DEAL, *EUCHRE_LAST_TRICK_REVOKE], model)
    s = state(model)
    assert s.over and s.scores == (0, 10, 0, 10)
    view = build_view(model, EN)
    assert view.game_over and view.status == "Deal 5: is Dan given the penalty?"
    assert [b.intent for b in view.buttons if b.kind == "answer"] == ["confirm", "dismiss"]
    refuse(model, "card 9S")  # the game is over: only the flag can still be settled
    s = state(run(["confirm"], model))
    assert s.over and s.scores == (2, 10, 2, 10) and s.penalties == ((5, (2, 0, 2, 0)),)
    assert build_view(run(["confirm"], model), EN).status == "Game over"


def test_a_typed_entry_may_name_the_player_instead_of_a_seat_number() -> None:
    lines = game_script("hearts", seed=1)
    lead = next(i for i, line in enumerate(lines) if line.startswith("lead "))
    seat = int(lines[lead].split()[1])
    name = ["Ann", "Ben", "Cat", "Dan"][seat]
    by_name = run([*lines[:lead], f"lead {name.lower()}"])  # any case
    assert state(by_name).to_act == state(run(lines[: lead + 1])).to_act
    error = refuse(run(lines[:lead]), "lead Zed").error
    assert error == "No player is called “Zed”; the players are Ann, Ben, Cat, Dan."
    assert build_view(step(run(lines[:lead]), "lead Zed"), EN).error == (
        "No player is called “Zed”; the players are Ann, Ben, Cat, and Dan."
    )


def test_the_command_line_counts_players_from_1_as_the_screen_does(tmp_path: Path) -> None:
    session = open_session(tmp_path / "j.sqlite3")
    submit_all(session, [":new hearts Ann Ben Cat Dan", ":dealer 4"])  # Dan, the fourth player, deals
    assert session.model.play is not None and session.model.play.game.dealer == 3
    view = session.submit(":lead 0")
    assert view.error == "Player number must be from 1 to 4, not 0"
    assert session.submit(":lead 5").error == "Player number must be from 1 to 4, not 5"
    assert session.submit(":lead 2").error is None  # Ben, the second player
    assert session.model.entries[-1] == "lead 1"  # the journal counts seats from 0
    assert session.model.play.deal is not None and session.model.play.deal.to_act == 1
    assert session.submit(":card 2C 3").error == "Not Cat's turn: Ben plays now"
    assert session.submit(":card 2C 2").error is None
    assert session.model.entries[-1] == "card 2C 1"
    # Scripts and the journal keep their own counting: `lead 1` is still the second player there.
    assert replay(session.model.entries).play.deal.history == session.model.play.deal.history
