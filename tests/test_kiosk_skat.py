"""Skat at the kiosk (issue 17): the Reizen, the game declared and the game value, at 800x480 by touch and by keys.

Driven through the real pygame app under SDL's dummy driver, as a table enters a deal: the values said up the
ladder, held or passed; the skat taken up or a hand game declared, in two steps (the game, then what a hand game
announces); every card; the deal's summary and the score sheet as the referee (``game_value.outcome``) has them.
The table keeps its room on every screen. Quick score takes a Skat list's row and refuses what no deal gives.
"""

from __future__ import annotations

import os
import random

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from test_kiosk_pygame import Operator, key_event, sdl  # noqa: F401 (sdl: the display, per module)

from kiosk.core import Model, step
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import build_view
from referee import Game, Ruleset, load_ruleset
from referee.bots import choose
from referee.engine import Deal
from referee.mechanisms import game_value
from wording.i18n import load_lang

SMALL = (800, 480)
LANGS = ("en", "de", "nl", "it", "he")


@pytest.fixture(scope="module")
def skat() -> Ruleset:
    return load_ruleset("skat")


def bot(deal: Deal, rng: random.Random) -> str:
    """A table's next word or card: mostly low values, holds more often than not, half the declarers taking the
    skat and the others one of the hand games (its levels too), any legal card."""
    legal = deal.legal_actions()
    says = [w for w in legal if w.startswith("say ")]
    if says and rng.random() < 0.6:
        return says[min(int(rng.expovariate(0.3)), len(says) - 1)]
    if "skat" in legal and rng.random() < 0.5:
        return "skat"
    if "hold" in legal:
        return "hold" if rng.random() < 0.6 else "pass"
    if deal.phase == "bid" and "pass" in legal and rng.random() < 0.7:
        return "pass"
    if deal.phase != "bid":
        return choose(deal, rng)  # the referee's bots: their declarers win games too
    games = [w for w in legal if w != "skat" and "grand" not in w]  # (a grand: see the last test)
    nulls = [w for w in games if "null" in w]
    return rng.choice(nulls if nulls and rng.random() < 0.3 else games or legal)


def operator(lang: str = "en", size: tuple[int, int] = SMALL) -> Operator:
    session = Session(Journal(":memory:"))
    session.submit(f"lang {lang}")
    for line in ("new skat Ann Ben Cat", "dealer 0"):
        assert session.submit(line).error is None, line
    return Operator(session, size)


def room(op: Operator) -> None:
    """The table keeps room for the players' names on this screen (the declaration's 23 words once took it all)."""
    screen = op.app.screen
    assert screen.table_at.height >= 2 * screen.fonts.body.get_linesize(), op.app.view.status


def shown(op: Operator, prefix: str) -> list[str]:
    return [t.intent for t in op.app.screen.targets if t.intent.startswith(prefix)]


def say_word(op: Operator, word: str, by_keys: bool) -> None:
    """One word of the Reizen or the declaration, as the screen offers it: tapped (turning the ladder's pages, or
    through the game to its announcement) or by the keys its buttons show (a value typed, then Enter)."""
    buttons = {b.intent: b for b in op.app.view.buttons}
    if word.startswith("say "):
        if by_keys:
            assert op.keys(*word[4:], "\r") == [f":bid {word[4:]}"]
            return
        for _ in range(20):  # the pages of values, "24–33" ... then back to the first
            if f"bid {word}" in shown(op, "bid "):
                break
            assert len(op.click(shown(op, "ask ladder")[0])) == 1
            room(op)
        assert op.click(f"bid {word}") == [f"bid {word}"]
        return
    stems = [i for i in buttons if i.startswith("ask bid ") and word.startswith(i.removeprefix("ask bid "))]
    stem = max(stems, key=len) if f"bid {word}" not in buttons and stems else ""
    if stem:  # a hand game that may announce a level: the game, then the level
        first = buttons[stem]
        assert (op.keys(first.key) if by_keys else op.click(stem)) == [stem]
        room(op)
        buttons = {b.intent: b for b in op.app.view.buttons}
    button = buttons[f"bid {word}"]
    assert button.enabled and button.key, (word, button)
    assert (op.keys(button.key) if by_keys else op.click(f"bid {word}")) == [f"bid {word}"]


def test_a_whole_game_of_skat_entered_on_screen_matches_the_referee_deal_by_deal(skat: Ruleset) -> None:
    """36 deals of random tables (hand games, levels, nulls, overbids, passed-out deals), every word by its button,
    by taps in one deal and by keys in the next, every card by keys or a tap; the screen keeps the table's room;
    each deal's points, summary and the totals are the referee's."""
    rng = random.Random(36)
    op = operator()
    english = load_lang("en")
    game = Game(skat, players=3, seed=36, dealer=0)
    kinds: set[str] = set()
    while not game.is_over:
        deal = game.new_deal()
        by_keys = game.number % 2 == 1
        while deal.phase != "done":
            action = bot(deal, rng)
            phase = deal.phase
            deal.apply(action)
            if phase == "discard":
                continue  # the table lays two cards away unseen: nobody enters them
            room(op)
            if phase == "bid":
                say_word(op, action, by_keys)
            else:
                assert op.card(action) == [f"card {action}"]
            assert op.app.view.error is None, (action, op.app.view.error)
        game.finish_deal(deal)
        play = op.session.model.play
        assert play is not None
        assert [r.points for r in play.game.results] == [r.points for r in game.results]
        outcome = game_value.outcome(skat, deal)
        summary = " ".join(build_view(op.session.model, english).summary)
        if deal.redeal:
            kinds.add("thrown in")
            assert "Nobody bid: the cards are thrown in." in summary or game.is_over
            continue
        assert outcome is not None
        kinds.add("won" if outcome.won else "overbid" if outcome.overbid else "lost")
        kinds.add(
            " ".join(w for _, w in deal.history if w.startswith("solo ")).split(" hand")[0]
            + (" hand" if deal.hand_game else "")
        )
        if not game.is_over:  # the last deal: the game's end instead
            won = ": won." in summary
            assert won == outcome.won and (won or f"times: {outcome.score}" in summary.replace("−", "-")), summary
            if outcome.base:
                assert f"× {outcome.base} = {outcome.base * outcome.multiplier}" in summary, summary
            room(op)
    assert play.game.scores == game.scores and play.game.is_over
    assert {"won", "lost", "thrown in", "solo null", "solo clubs hand", "solo hearts"} <= kinds, kinds


@pytest.mark.parametrize("lang", LANGS)
def test_every_declaration_is_reached_by_keys_and_the_table_keeps_its_room(skat: Ruleset, lang: str) -> None:
    """At 800x480 in each language: the Reizen's pages, the declaration's two steps, each word of the declaration
    (before the skat is seen and after) reached by the keys on its buttons, each undone; the table keeps its room."""
    op = operator(lang)
    assert op.click("bid say 18") == ["bid say 18"]
    room(op)
    hold = next(b for b in op.app.view.buttons if b.intent == "bid hold")
    assert hold.enabled and hold.caption == hold.key.upper() != ""
    assert op.keys(hold.key) == ["bid hold"]
    for _ in range(16):  # every page of values (four each), and back to the first
        assert op.keys("+")[0].startswith("ask ladder")
        room(op)
    assert op.keys("2", "4", "\r") == [":bid 24"]
    passes = next(b for b in op.app.view.buttons if b.intent == "bid pass")
    assert op.keys(passes.key) == ["bid pass"] and op.keys(passes.key) == ["bid pass"]
    play = op.session.model.play
    assert play is not None and play.deal is not None and play.deal.maker == 2  # Cat, who said 24, declares
    before = play.deal.legal_actions()
    assert len(before) == 23  # the skat, or a hand game: 5 games with 4 levels, null hand, null ouvert hand
    for word in before:
        say_word(op, word, by_keys=True)
        room(op)
        assert op.session.model.play.deal.history[-1] == (2, word)  # type: ignore[union-attr]
        assert op.send([key_event("", pygame.K_BACKSPACE)]) == ["undo"]
    assert op.keys("1") == ["bid skat"]
    room(op)
    after = op.session.model.play.deal.legal_actions()  # type: ignore[union-attr]
    assert after == [f"solo {game}" for game in ("clubs", "spades", "hearts", "diamonds", "grand", "null-ouvert")]
    for word in after:
        say_word(op, word, by_keys=True)
        room(op)
        assert op.send([key_event("", pygame.K_BACKSPACE)]) == ["undo"]


def test_the_summary_works_the_value_out_in_every_language(skat: Ruleset) -> None:
    """A clubs hand with the jacks and the clubs down to the king: "with 7 + game + hand ... × 12", won."""
    hands = [
        "JC JS JH JD AC TC KC AS TS AH",  # Ann, Vorhand (Cat deals)
        "QC 9C 8C 7C KS QS 9S KH QH 9H",
        "AD TD KD QD 9D 8D 7D 8H 7H 8S",
    ]
    referee = Game(skat, players=3, seed=1, dealer=2).new_deal(
        hands=[h.split() for h in hands], dealer=2, stock=["TH", "7S"]
    )
    model = step(step(Model(), "new skat Ann Ben Cat"), "dealer 2")
    for word in ("say 18", "hold", "pass", "pass", "solo clubs hand"):
        referee.apply(word)
        model = step(model, f"bid {word}")
        assert model.error is None, word
    while referee.phase != "done":
        card = bot(referee, random.Random(len(referee.history)))
        referee.apply(card)
        model = step(model, f"card {card}")
        assert model.error is None, card
    outcome = game_value.outcome(skat, referee)
    assert outcome is not None and outcome.won
    english = " ".join(build_view(model, load_lang("en")).summary)
    worth = outcome.base * outcome.multiplier
    assert f"Ann: ♣ Clubs hand at 18, {referee.taken_points()[0]} card points with the skat: won." in english
    assert "with 7 + game + hand" in english and f"× 12 = {worth}" in english, english
    german = " ".join(build_view(model, load_lang("de")).summary)
    assert "Ann: ♣ Kreuz Hand bei 18, " in german and "mit 7 + Spiel + Hand" in german, german
    for lang in LANGS:
        assert len(build_view(model, load_lang(lang)).summary) == 6  # the title, 3 players, and 2 of the value


def test_quick_score_takes_a_skat_list_row_and_refuses_what_no_deal_gives(skat: Ruleset) -> None:
    """A row is the declarer's value won, or twice it lost, 0 for the others; all 0 a deal thrown in. Every score
    of 300 played deals is a row the kiosk takes."""
    model = Model()
    for line in ("new skat Ann Ben Cat", "dealer 0", "mode quick"):
        model = step(model, line)
    assert model.play is not None
    for row, scores in (("score 0 48 0", [0, 48, 0]), ("score -96 0 0", [-96, 48, 0]), ("score 0 0 0", [-96, 48, 0])):
        model = step(model, row)
        assert model.error is None, (row, str(model.error))
        assert model.play is not None and model.play.game.scores == scores
    for wrong in ("score 48 48 0", "score 0 47 0", "score 0 -47 0", "score 0 -48 0 0", "score 0 0 -50"):
        refused = step(model, wrong)
        assert refused.error is not None and refused.play is not None, wrong
        for lang in LANGS:
            assert build_view(refused, load_lang(lang)).error
    assert step(model, "score 0 -50 0").error is not None  # 25 is no game value
    assert step(model, "score 0 -46 0").error is None  # null lost: twice 23
    assert step(model, "score 0 -540 0").error is None  # overbid at 264 with diamonds: 30 x 9, lost
    assert step(model, "fix 1 0 0 59").error is None  # null ouvert hand
    rng = random.Random(3)
    for seed in range(300):
        deal = Game(skat, players=3, seed=seed).new_deal()
        while deal.phase != "done":
            deal.apply(bot(deal, rng))
        assert game_value.row_problem(skat, deal.points()) is None, (deal.points(), deal.history)


def test_a_grand_at_a_real_table_goes_on_past_a_player_showing_out_of_the_jacks(skat: Ruleset) -> None:
    """At unknown hands a card that shows out of a contract's own trump suit (the jacks of a grand; Doppelkopf's
    queens solo alike) is taken, and the seat is known to hold no trump: the table goes on."""
    deal = Game(skat, players=3, seed=0, dealer=0, unknown_hands=True).new_deal()
    for word in ("say 18", "hold", "pass", "pass", "solo grand hand", "JC", "7H"):
        deal.apply(word)
    model = step(step(Model(), "new skat Ann Ben Cat"), "dealer 0")
    for word in ("bid say 18", "bid hold", "bid pass", "bid pass", "bid solo grand hand", "card JC", "card 7H"):
        model = step(model, word)
        assert model.error is None, word
    assert model.play is not None and model.play.deal is not None
    assert model.play.deal.current_trick == [(1, "JC"), (2, "7H")]


def test_the_reizen_keeps_its_buttons_in_their_places() -> None:
    """Pass and Hold keep their places, the values theirs (greyed while the other seat answers): a double tap on a
    value or on Hold presses nothing the second time; the next page of values comes in the same places."""
    from test_kiosk_layout import at, stays_put

    op = operator()
    value = op.target("bid say 18")
    assert value is not None
    stays_put(op, lambda: op.click("bid say 18"), ["bid say 18"])
    assert at(op, value.rect.center) == []  # Ben answers: the values stand greyed
    hold = op.target("bid hold")
    assert hold is not None
    stays_put(op, lambda: op.click("bid hold"), ["bid hold"])
    assert at(op, hold.rect.center) == []  # Cat says again: Hold stands greyed
    first = op.target("bid say 20")
    assert first is not None and first.rect == value.rect  # the next value where the last one was
    assert op.click("ask ladder 4") == ["ask ladder 4"]
    assert op.target("bid say 27") is not None and op.target("bid say 27").rect == value.rect  # type: ignore[union-attr]


def test_a_real_table_is_offered_no_claim_and_told_why_one_is_refused() -> None:
    """The skat is seen at a real table only as the cards nobody played: the tricks are played out. The screen
    offers no "takes the rest" after a trick, and a claim typed anyway is refused with its reason, nothing lost."""
    model = step(step(Model(), "new skat Ann Ben Cat"), "dealer 0")
    for word in (
        "bid say 18",
        "bid hold",
        "bid pass",
        "bid pass",
        "bid solo clubs hand",
        "card JC",
        "card 7C",
        "card 8C",
    ):
        model = step(model, word)
        assert model.error is None, word
    view = build_view(model, load_lang("en"))
    assert not [b for b in view.buttons if b.intent.startswith("ask claim")]
    refused = step(model, "claim 1")
    assert refused.error is not None and "played out" in str(refused.error)
    assert refused.play is not None and refused.play.deal is not None and len(refused.play.deal.tricks) == 1
