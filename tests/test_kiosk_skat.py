"""Skat at the kiosk (issue 17): the Reizen, the game declared and the game value, at 800x480 by touch and by keys.

Driven through the real pygame app under SDL's dummy driver, as a table enters a deal: the values said up the
ladder, held or passed; the skat taken up or a hand game declared, in two steps (the game, then what a hand game
announces); every card; the deal's summary and the score sheet as the referee (``game_value.outcome``) has them.
The table keeps its room on every screen. Quick score takes a Skat list's row and refuses what no deal gives.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest
from test_kiosk_pygame import Operator, key_event, sdl  # noqa: F401 (sdl: the display, per module)

from kiosk import laying
from kiosk.core import Model, open_to_enter, step
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import build_view
from referee import Game, Ruleset, load_ruleset
from referee.bots import choose
from referee.engine import Deal
from referee.mechanisms import game_value
from referee.phases import bidding
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
                seat = open_to_enter(op.session.model.play)
                if seat is not None:  # a null ouvert: the table enters the hand laid open (kiosk/laying.py)
                    for code in deal.hand(seat):
                        assert op.card(code) == [f"card {code}"]
                    assert (op.keys("\r") if by_keys else op.touch(laying.OK)) == [laying.OK]
                    kinds.add("laid open")
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
    assert {"won", "lost", "thrown in", "solo null", "solo clubs hand", "solo hearts", "laid open"} <= kinds, kinds


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
    entries = len(op.session.model.entries)
    assert at(op, value.rect.center) == ["why bid say 20"]  # Ben answers: the next values stand greyed, say why
    assert len(op.session.model.entries) == entries and op.app.view.error
    hold = op.target("bid hold")
    assert hold is not None
    stays_put(op, lambda: op.click("bid hold"), ["bid hold"])
    assert at(op, hold.rect.center) == ["why bid hold"]  # Cat says again: Hold stands greyed, entering nothing
    assert len(op.session.model.entries) == entries + 1
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


def play_with_cat_revoking(model: Model, skat: Ruleset, seed: int = 5) -> Model:
    """Ben's clubs hand game at a real table (Ben Vorhand after ``dealer 0``), Cat showing out of a suit she holds
    once, every other card following suit where it can."""
    rng = random.Random(seed)
    cards = [c for c, i in skat.deck.index.items() if skat.full_deck >> i & 1]
    rng.shuffle(cards)
    hands = {1: cards[0:10], 2: cards[10:20], 0: cards[20:30]}  # Vorhand Ben, Mittelhand Cat, Hinterhand Ann
    for word in ("bid say 18", "bid hold", "bid pass", "bid pass", "bid solo clubs hand"):
        model = step(model, word)
        assert model.error is None, word
    revoked = False
    number = model.play.game.number if model.play is not None else -1
    while model.play is not None and model.play.deal is not None and model.play.game.number == number:
        deal = model.play.deal
        seat = deal.to_act
        assert seat is not None
        eff = deal.table.eff_suit
        index = skat.deck.index
        trick = deal.current_trick
        led = eff[index[trick[0][1]]] if trick else -1
        follow = [c for c in hands[seat] if eff[index[c]] == led]
        if seat == 2 and follow and len(follow) >= 2 and not revoked and trick:  # Cat shows out, holding the suit
            card = next(c for c in hands[seat] if eff[index[c]] != led)
            revoked = True
        else:
            card = (follow or hands[seat])[0]
        hands[seat].remove(card)
        model = step(model, f"card {card}")
        assert model.error is None, card
    assert revoked
    return model


def test_a_revoke_at_a_real_table_loses_the_game_for_the_side_that_made_it(skat: Ruleset) -> None:
    """ISkO 4.1.4 at the kiosk: Cat, a defender, shows out of the suit Ben leads, and plays it later: one flag.
    Once the deal is scored the table confirms it, and the referee turns the deal into a game the declarer won at
    the simple level: Ben's clubs hand game, whatever the cards made, scores its simple value."""
    model = play_with_cat_revoking(step(step(Model(), "new skat Ann Ben Cat"), "dealer 0"), skat)
    assert model.play is not None
    flags = [f for f in model.play.flags if f.open]
    assert len(flags) == 1 and flags[0].seat == 2  # (this seed: Cat follows the suit she showed out of later)
    played = model.play.game.results[-1].points
    outcome = game_value.outcome(skat, model.play.last_deal) if model.play.last_deal is not None else None
    assert outcome is not None and not outcome.won  # (this seed: Ben's game was lost by the cards)
    model = step(model, "confirm")
    assert model.error is None
    simple = outcome.base * (abs(outcome.matadors) + 2)  # matadors, game, hand
    assert model.play.game.scores == [0, max(simple, 18), 0]
    assert [sum(x) for x in zip(played, model.play.game.penalty_of(0), strict=True)] == [0, max(simple, 18), 0]
    # The sheet writes the game as the referee scored it after the revoke: won, at the simple value, and whose
    # revoke decided it; never "lost" beside a won game's points.
    row = sheet_cells(model)[1]
    assert row[1].startswith("Ben: ") and f"won by Cat's revoke, worth {max(simple, 18)}" in row[1], row
    assert "lost" not in row[1]
    assert "gewonnen" in sheet_cells(model, "de")[1][1] and "verloren" not in sheet_cells(model, "de")[1][1]
    # and the deal's summary, still on screen, says it too under the deal as played
    summary = build_view(model, load_lang("en")).summary
    assert summary[-1] == row[1], summary


def test_a_penalty_after_a_deal_thrown_in_stands_on_its_own_deals_row(tmp_path: Path) -> None:
    """Where a deal thrown in does not count (a house rule), it shares its number with the deal dealt after it;
    a revoke confirmed in that next deal is booked on that deal's row of the sheet (``Game.index_of``), and the
    totals from that row on count it, the thrown-in row not."""
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nextends: skat\ntitle: House Skat\ngame:\n  thrown_in_counts: false\n")
    skat = load_ruleset(str(path))
    model = step(step(Model(), f"new {path} Ann Ben Cat"), "dealer 2")
    for word in ("bid pass", "bid pass", "bid pass"):  # thrown in: the deal passes to Ann, Ben is Vorhand
        model = step(model, word)
        assert model.error is None, word
    assert model.play is not None and model.play.game.results[0].redeal and model.play.game.number == 0
    assert model.play.game.dealer == 0
    model = play_with_cat_revoking(model, skat)
    model = step(model, "confirm")
    assert model.error is None and model.play is not None
    game = model.play.game
    assert [r.number for r in game.results] == [0, 0] and game.index_of(0) == 1
    assert game.penalty_of(0) == [0, 0, 0] and game.penalty_of(1) != [0, 0, 0]
    sheet = sheet_cells(model)
    assert "won by Cat's revoke" in sheet[2][1], sheet
    assert game.totals_after(1) == game.scores and game.totals_after(0) == [0, 0, 0]


# -- issue 20's last points: the Reizen's heading, the declarer's name, the Skat list ---------------------------

#: The heading while Cat (Mittelhand) says to Ben (Vorhand), Ben holds, and Ben is left alone after two passes.
HEADINGS = {
    "en": ("Cat bids to Ben", "Ben: hold 18 or pass?", "Ben: play at 18 or pass?", "Declarer: Cat"),
    "de": ("Cat sagt, Ben hört", "Ben: 18 – ja oder passe?", "Ben: ein Spiel zu 18 oder passe?", "Alleinspieler: Cat"),
    "nl": ("Cat biedt, Ben antwoordt", "Ben: 18 – ja of pas?", "Ben: spelen voor 18 of pas?", "Alleenspeler: Cat"),
    "it": ("Cat licita, Ben risponde", "Ben: 18 – tengo o passo?", "Ben: gioca a 18 o passo?", "Dichiarante: Cat"),
    "he": ("Cat מציע, Ben עונה", "Ben: מחזיק ב־18 או פאס?", "Ben: משחק ב־18 או פאס?", "הכרוז: Cat"),
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_reizen_heading_says_who_says_and_who_holds_and_the_info_names_the_declarer(lang: str) -> None:
    """The heading is what the ladder asks of the seat to speak (referee: ``Deal.asking``), not "Cat to bid":
    Mittelhand says to Vorhand, Vorhand holds or passes, the one left after two passes plays at 18 or passes;
    the winner is the declarer (Skat's Alleinspieler), not the maker of a trump."""
    says, holds, lowest, declarer = HEADINGS[lang]
    model = step(Model(), "new skat Ann Ben Cat")
    model = step(model, "dealer 0")  # Ben is Vorhand, Cat Mittelhand, Ann Hinterhand
    language = load_lang(lang)
    assert build_view(model, language).status == says
    model = step(model, "bid say 18")
    assert build_view(model, language).status == holds
    model = step(model, "bid hold")
    assert build_view(model, language).status == says  # Cat says on
    model = step(model, "bid pass")
    assert build_view(model, language).status == HEADINGS[lang][0].replace("Cat", "Ann", 1)  # Hinterhand says
    model = step(model, "bid pass")
    view = build_view(model, language)
    assert declarer.replace("Cat", "Ben") in view.info  # Ben won at 18: Ben declares
    thrown = step(step(step(Model(), "new skat Ann Ben Cat"), "dealer 0"), "bid pass")
    thrown = step(thrown, "bid pass")  # Mittelhand and Hinterhand pass without a value
    assert build_view(thrown, language).status == lowest


def test_doppelkopf_asks_healthy_or_a_reservation() -> None:
    """Doppelkopf's first round is a reservation: "gesund oder Vorbehalt?", not an announcement's word."""
    model = step(step(Model(), "new doppelkopf Ann Ben Cat Dan"), "dealer 0")
    assert build_view(model, load_lang("de")).status == "Ben: gesund oder Vorbehalt?"
    assert build_view(model, load_lang("en")).status == "Ben: healthy, or a reservation?"


def sheet_cells(model: Model, lang: str = "en") -> list[list[str]]:
    return build_view(model, load_lang(lang)).sheet


def played_game(rules: Ruleset, seed: int, ref: str = "") -> tuple[Model, Game, list[Deal]]:
    """A whole game of random tables through the kiosk's core, and the referee's own game beside it."""
    rng = random.Random(seed)
    model = step(step(Model(), f"new {ref or rules.id} Ann Ben Cat"), "dealer 0")
    game = Game(rules, players=3, seed=seed, dealer=0)
    deals = []
    while not game.is_over:
        deal = game.new_deal()
        while deal.phase != "done":
            action = bot(deal, rng)
            phase = deal.phase
            deal.apply(action)
            if phase != "discard":
                model = step(model, f"bid {action}" if phase == "bid" else f"card {action}")
                assert model.error is None, action
        game.finish_deal(deal)
        deals.append(deal)
    return model, game, deals


def test_the_score_sheet_is_a_skat_list_of_each_deals_game(skat: Ruleset) -> None:
    """The sheet's game column, deal by deal as the referee worked it out (``game_value.outcome``): the declarer,
    the game with hand and levels, the value bid, won, lost or overbid, the game's value; only the declarer's
    column shows points, the others their totals."""
    model, game, deals = played_game(skat, 5)
    sheet = sheet_cells(model)
    assert sheet[0] == ["Deal", "Declarer: game", "Ann", "Ben", "Cat"]
    assert len(sheet) == len(game.results) + 1
    verdicts = set()
    for deal, result, row in zip(deals, game.results, sheet[1:], strict=True):
        outcome = game_value.outcome(skat, deal)
        if outcome is None:
            assert row[1] == "thrown in" and row[2:] == ["dealt again"] * 3
            continue
        assert deal.maker is not None and bidding.ladder(deal) is not None
        verdict = "overbid" if outcome.overbid else "won" if outcome.won else "lost"
        verdicts.add(verdict)
        assert row[1].startswith(f"{model.play.names[deal.maker]}: ")  # type: ignore[union-attr]
        assert row[1].endswith(f" at {bidding.value_bid(deal)}: {verdict}, worth {outcome.value}"), row[1]
        for seat in range(3):
            cell = row[2 + seat].replace("−", "-").replace(",", "")
            if seat == deal.maker:
                assert cell == f"{outcome.score} → {result.scores[seat]}"
            else:
                assert cell == str(result.scores[seat])
    assert {"won", "lost"} <= verdicts
    german = sheet_cells(model, "de")
    assert german[0][1] == "Alleinspieler: Spiel" and any(": gewonnen, Wert " in row[1] for row in german[1:])


def test_a_seeger_fabian_list_shows_the_list_points(tmp_path: Path) -> None:
    """With ``list: seeger-fabian`` each game's cell says the list's 50 won, or 50 lost and 40 to each other."""
    text = "id: skat-list\nextends: skat\ntitle: Skat list\nscoring:\n  game_value:\n    list: seeger-fabian\n"
    (tmp_path / "skat-list.yaml").write_text(text)
    rules = load_ruleset(str(tmp_path / "skat-list.yaml"))
    model, _game, deals = played_game(rules, 7, str(tmp_path / "skat-list.yaml"))
    cells = [row[1] for row in sheet_cells(model)[1:]]
    for deal, cell in zip(deals, cells, strict=True):
        outcome = game_value.outcome(rules, deal)
        if outcome is not None:
            assert cell.endswith(" · list +50" if outcome.won else " · list −50, the others +40 each"), cell
    assert any(c.endswith("+50") for c in cells) and any(c.endswith("each") for c in cells)


@pytest.mark.parametrize("lang", LANGS)
def test_the_skat_list_fits_800x480_at_16px(skat: Ruleset, lang: str) -> None:
    """The sheet with its game column at 800x480: every text 16 px and more, inside its cell, the latest deal
    on it."""
    from test_kiosk_table import unreadable

    from kiosk.app import Screen

    model, _game, _deals = played_game(skat, 5)
    model = step(model, "undo")  # the game not over: the sheet, not the final chart
    screen = Screen(pygame.Surface(SMALL))
    screen.overlay = "sheet"
    view = build_view(model, load_lang(lang))
    screen.draw(view)
    assert not unreadable(screen), unreadable(screen)
    drawn = " ".join(d.text for d in screen.drawn)
    assert view.sheet[-1][0] in drawn


@pytest.mark.parametrize("lang", LANGS)
def test_the_keys_page_of_skat_fits_800x480(lang: str) -> None:
    """The keys' page at 800x480 during the Reizen: every line inside the page above the languages (the German
    page's last line once ran under them: Euchre's line on words in words took two lines a Skat table never
    needs); the ladder's own line is there."""
    from test_kiosk_table import unreadable

    from kiosk.app import Screen

    op = operator(lang)
    view = op.app.view
    screen = Screen(pygame.Surface(SMALL))
    screen.overlay = "help"
    screen.draw(view)
    assert not unreadable(screen), unreadable(screen)
    langs = [t.rect for t in screen.targets if t.intent.startswith("lang ")]
    area = screen.drawn[0].within  # the heading's: the page above the languages
    lines = [d for d in screen.drawn if d.within == area]
    assert langs and area.bottom <= min(r.top for r in langs)
    width = area.width
    wrapped = {  # every line of the page drawn whole, in the body's type or the small one
        sum(len(screen._lines(text, font, width, view.rtl)) for text in view.help[1:])
        for font in (screen.fonts.body, screen.fonts.small)
    }
    assert len(lines) - 1 in wrapped, (len(lines), wrapped)
    assert load_lang(lang).gettext(declarer_help()) in view.help


def declarer_help() -> str:
    from kiosk.declarer import T_HELP

    return T_HELP


@pytest.mark.parametrize("lang", LANGS)
def test_the_next_values_button_reads_low_to_high_in_every_language(lang: str) -> None:
    """The button for the ladder's next page names its values from the lowest to the highest as drawn: "24–33"
    in a Hebrew line too (a range is left to right inside right-to-left text), never "33–24"."""
    from kiosk.app import visual

    model = step(step(Model(), "new skat Ann Ben Cat"), "dealer 0")
    language = load_lang(lang)
    view = build_view(model, language)
    more = [b for b in view.buttons if b.intent.startswith("ask ladder")]
    assert len(more) == 1
    page = [int(b.intent.removeprefix("bid say ")) for b in view.buttons if b.intent.startswith("bid say ")]
    after = [v for v in skat_values() if v > max(page)]
    low, high = language.number(after[0]), language.number(after[len(page) - 1])
    assert visual(more[0].label, language.direction == "rtl") == f"{low}–{high}"


def skat_values() -> list[int]:
    """The Reizen's ladder as the referee has it: every game value from 18 up."""
    rules = load_ruleset("skat")
    return sorted(v for v in game_value.game_values(rules) if v >= 18)


@pytest.mark.parametrize("lang", LANGS)
def test_the_declarer_is_named_at_800x480_at_a_table_of_four(lang: str) -> None:
    """Skat at a table of four, the winner of the Reizen to declare at 800x480: four scores and two rows of games
    once left no room for "Declarer: Ben" in the panel; the scores go in two columns so that the deal's first line
    is drawn whole."""
    from test_kiosk_table import unreadable

    from kiosk.app import Screen, visual

    model = step(step(Model(), "new skat-four Ann Ben Cat Dan"), "dealer 0")
    for word in ("bid say 18", "bid hold", "bid pass", "bid pass"):
        model = step(model, word)
        assert model.error is None, word
    view = build_view(model, load_lang(lang))
    assert "Ben" in view.info[0]
    screen = Screen(pygame.Surface(SMALL))
    screen.draw(view)
    assert not unreadable(screen), unreadable(screen)
    assert visual(view.info[0], view.rtl) in [d.text for d in screen.drawn]
