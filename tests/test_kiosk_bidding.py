"""The kiosk referees bidding games: Spades, Oh Hell and Whist, by cards and by quick score.

Scenarios go through the pure core (``kiosk.core.step``/``replay``) in the operator's
notation, as in test_kiosk_core.py. Seats: Ann 0, Ben 1, Cat 2, Dan 3, clockwise; in
Spades and Whist Ann and Cat are partners against Ben and Dan. Bids are made once each,
from the dealer's left: with Ann dealing, Ben bids first and Ann last.

Every score asserted by hand is worked out in the comment next to it from the ruleset's
own words (rulesets/spades.yaml, oh-hell.yaml, whist.yaml); whole games are checked against
the engine playing the same game with known hands, and quick-scored deals against the
played deals they transcribe.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from helpers_deals import CONTRACT_WHIST
from test_kiosk_core import EN, PSEUDO, known_hands_game, plain_problems, refuse, run, says, state

from kiosk.core import Model, replay, step
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import build_view
from referee import Game, load_ruleset
from referee.results import ResultError, check_points, score_bid_deal, score_result
from wording.i18n import load_lang

SPADES = ["new spades Ann Ben Cat Dan", "dealer 0"]
OH_HELL = ["new oh-hell Ann Ben Cat Dan", "dealer 0"]
WHIST = ["new whist Ann Ben Cat Dan", "dealer 0"]
HE = load_lang("he", complete=False)


def refused(model: Model, line: str) -> str:
    """Step a line that must be refused with nothing lost; the English message, checked to be one line."""
    error = refuse(model, line).error
    assert error is not None
    assert "\n" not in error, error
    view = build_view(step(model, line), EN)
    assert view.error is not None and "\n" not in view.error
    return error


def bid_buttons(model: Model) -> list[str]:
    return [b.intent for b in build_view(model, EN).buttons if b.kind == "bid" and b.enabled]


# -- whole games by cards ------------------------------------------------------------------


# Whole games by cards: test_kiosk_core.py's test_whole_game_through_the_core_matches_the_known_hands_game.


@pytest.mark.parametrize(("ruleset", "seed"), [("spades", 1), ("spades-blind-nil", 3), ("oh-hell", 1)])
def test_quick_score_of_the_played_bids_and_tricks_scores_like_the_played_game(ruleset: str, seed: int) -> None:
    # One source of truth: entering each played deal's bids and tricks as a quick score
    # gives the same points, bags, running scores and winners as the cards did.
    known = known_hands_game(ruleset, seed)
    lines = [f"new {ruleset} Ann Ben Cat Dan", "dealer 0", "mode quick"]
    for r in known.results:
        bids = " ".join(b.removeprefix("bid ") for b in r.bids)
        lines.append(f"score bid {bids} tricks {' '.join(map(str, r.tricks))}")
    s = state(run(lines))
    assert [r.points for r in s.results] == [r.points for r in known.results]
    assert [r.scores for r in s.results] == [r.scores for r in known.results]
    assert [r.bags for r in s.results] == [r.bags for r in known.results]
    assert s.over and list(s.winners) == known.winners


def test_a_played_deal_rescored_from_its_bids_and_tricks_alone_scores_the_same() -> None:
    known = known_hands_game("spades", 2)
    bags = [0] * 4
    for r in known.results:
        scored = score_bid_deal(known.rules, 4, r.bids, r.tricks, dealer=r.dealer, number=r.number, bags_before=bags)
        assert scored.points == list(r.points)
        assert score_result(known.rules, 4, r.bids, r.tricks, dealer=r.dealer, bags_before=bags) == list(r.points)
        bags = scored.bags


# -- Spades by cards -----------------------------------------------------------------------


def test_spades_bids_are_the_legal_ones_and_shown_per_seat() -> None:
    model = run(SPADES)
    view = build_view(model, EN)
    assert says(view.status, "Ben", "bid")  # left of the dealer Ann
    assert view.bidding  # digits and Enter make a bid
    assert bid_buttons(model) == [*(f"bid {n}" for n in range(1, 14)), "bid nil"]  # 1 to 13, or nil
    assert [b.label for b in view.buttons if b.kind == "bid"][-2:] == ["13", "Nil"]
    model = run(["bid 4", "bid n"], model)  # Ben 4, Cat nil (typed N)
    assert model.entries[-1] == "bid nil"  # journaled in full
    assert build_view(model, EN).notice == "Cat bids nil."
    model = run(["bid 3"], model)  # Dan 3
    assert build_view(model, EN).notice == "Dan bids 3."
    view = build_view(model, EN)
    assert says(view.status, "Ann", "bid")
    assert [seat.bid for seat in view.seats] == ["", "bid 4", "nil", "bid 3"]
    model = run(["bid 2"], model)
    s = state(model)
    assert (s.phase, s.to_act) == ("play", 1)  # Ben, left of the dealer, leads
    view = build_view(model, EN)
    assert not view.bidding and view.grid_enabled
    # The partners' contract and the tricks taken towards it; a nil stands alone.
    assert "Cat: nil, 0 taken" in view.info
    assert "Ann: bid 2, 0 taken" in view.info
    assert "Ben and Dan: bid 7, 0 taken" in view.info
    assert "Spades not broken" in view.info and "Trump: spades" in view.info


def test_spades_refuses_bids_out_of_range_with_the_reason() -> None:
    model = run(SPADES)
    assert refused(model, "bid 14") == "Ben may bid from 1 to 13 tricks, not 14."
    assert refused(model, "bid 0") == "Ben may bid from 1 to 13 tricks, not 0."  # nil, not 0
    assert says(refused(model, "bid lots"), "not a bid")
    assert says(refused(model, "card AS"), "bidding")  # no card before the bidding is over
    no_nil = run(["new spades-no-nil Ann Ben Cat Dan", "dealer 0"])
    assert refused(no_nil, "bid nil") == "This game has no nil bid."
    assert bid_buttons(no_nil) == [f"bid {n}" for n in range(1, 14)]


def test_a_spade_led_before_spades_are_broken_asks_the_question() -> None:
    model = run([*SPADES, "bid 3", "bid 3", "bid 3", "bid 3", "card AS"])  # Ben leads a spade at once
    s = state(model)
    assert s.question is not None and (s.question.seat, s.question.card) == (1, "AS")
    view = build_view(model, EN)
    assert says(view.status, "Ben", "ace of spades", "nothing else")
    assert [b.intent for b in view.buttons if b.kind == "answer"] == ["answer yes", "answer no"]


def test_undo_and_redo_a_bid() -> None:
    model = run([*SPADES, "bid 4", "bid 2"])
    model = run(["undo"], model)
    s = state(model)
    assert s.to_act == 2 and s.redo == ("bid 2",)
    assert model.play is not None and model.play.deal is not None and model.play.deal.bids == [-1, 4, -1, -1]
    model = run(["redo", "bid nil"], model)
    assert model.play is not None and model.play.deal is not None
    assert [model.play.deal.bid(s) for s in range(4)] == [None, "bid 4", "bid 2", "nil"]
    assert state(replay(model.entries)).table() == state(model).table()


def test_between_spades_deals_the_next_bidding_is_on_screen_with_the_last_result() -> None:
    lines = game_script("spades", 1)
    end = [i for i, line in enumerate(lines) if line.startswith("bid ")][4]  # deal 2's first bid
    model = run(lines[:end])
    s = state(model)
    assert len(s.results) == 1 and s.phase is None
    view = build_view(model, EN)
    assert says(view.status, "Cat", "bid")  # Ben deals deal 2: Cat bids first
    assert [seat.to_act for seat in view.seats] == [False, False, True, False]
    assert bid_buttons(model)[:3] == ["bid 1", "bid 2", "bid 3"]
    r = s.results[0]
    # Deal 1: Ben bid 4, Cat 2, Dan 1, Ann 1 (lines 3 to 6 of the script, from the dealer's left).
    assert r.bids == ("bid 1", "bid 4", "bid 2", "bid 1")
    ann_cat, ben_dan = r.tricks[0] + r.tricks[2], r.tricks[1] + r.tricks[3]
    assert f"Deal 1: Ann and Cat bid 3, took {ann_cat}" in view.summary  # on the table until deal 2 starts
    assert f"Deal 1: Ben and Dan bid 5, took {ben_dan}" in view.summary
    # Overtricks: a made contract's tricks beyond the bid.
    assert r.bags[0] == max(ann_cat - 3, 0) if ann_cat >= 3 else r.bags[0] == 0
    assert any(line.startswith(f"Ann and Cat: {r.bags[0]} bag") for line in view.info) == (r.bags[0] > 0)


def test_where_each_bids_alone_the_summary_says_each_players_bid_tricks_and_bags() -> None:
    """Cutthroat Spades and Oh Hell (issue 20): the summary on the table said "Ann: 64 (total 64)" and nothing
    of why; each player's line now says the bid and the tricks, and the bags carried, as the sheet does."""
    lines = game_script("cutthroat-spades", 1)
    end = [i for i, line in enumerate(lines) if line.startswith("bid ")][3]  # deal 2's first bid
    model = run(lines[:end])
    r = state(model).results[0]
    # Deal 1 (Ann deals; Ben, Cat, Ann bid 2, 4, 6): Ann took 10 (6 x 10 + 4 bags = 64), Ben 3 (21), Cat 4 (40).
    assert r.bids == ("bid 6", "bid 2", "bid 4") and r.tricks == (10, 3, 4) and r.bags == (4, 1, 0)
    assert build_view(model, EN).summary[1:4] == [
        "Ann: 64 (total 64) · bid 6, took 10 · 4 bags carried",
        "Ben: 21 (total 21) · bid 2, took 3 · 1 bag carried",
        "Cat: 40 (total 40) · bid 4, took 4",
    ]
    lines = game_script("oh-hell", 1)
    end = next(i for i, line in enumerate(lines) if i > 6 and line.startswith("upcard "))  # deal 2's upcard
    model = run(lines[:end])
    r = state(model).results[0]
    players = build_view(model, EN).summary[1:5]
    for name, bid, tricks, line in zip(("Ann", "Ben", "Cat", "Dan"), r.bids, r.tricks, players, strict=True):
        assert line.startswith(f"{name}: ") and line.endswith(f" · bid {bid.removeprefix('bid ')}, took {tricks}")


# -- Oh Hell -------------------------------------------------------------------------------


def test_oh_hell_asks_the_upcard_and_shows_the_hand_size() -> None:
    model = run(OH_HELL)
    view = build_view(model, EN)
    assert view.status == "Enter the upcard."
    assert "1 card each" in view.header
    assert view.grid_enabled and not view.bidding
    assert says(refused(model, "bid 0"), "upcard")
    model = run(["upcard 9H"], model)
    view = build_view(model, EN)
    assert "Upcard: Nine of hearts" in view.info and "Trump: hearts" in view.info
    assert bid_buttons(model) == ["bid 0", "bid 1"]  # 0 up to the hand size
    assert says(refused(model, "bid 2"), "from 0 to 1", "not 2")
    assert refused(model, "bid nil") == "This game has no nil bid."


def test_oh_hell_hook_refuses_the_dealers_bid_that_adds_up() -> None:
    model = run([*OH_HELL, "upcard 9H", "bid 1", "bid 0", "bid 0"])  # Ben 1, Cat 0, Dan 0: one trick bid
    view = build_view(model, EN)
    assert says(view.status, "Ann", "bid")
    assert bid_buttons(model) == ["bid 1"]  # Ann deals; 0 would make the bids add up to the 1 trick
    # said on the message line (View.urgent), where every screen has room; not in the panel, which may not
    assert view.urgent == "The hook: Ann bids last and may not bid 0." and view.urgent not in view.info
    error = refused(model, "bid 0")
    assert error == (
        "The hook rule: Ann bids last and may not bid 0, "
        "which would make the bids add up to the number of tricks in the deal (1)."
    )
    model = run(["bid 1"], model)
    view = build_view(model, EN)
    assert "Bids: 2 for 1 tricks" in view.info
    # Ben leads his one card; the others follow; Ben's ace of hearts (trump) wins:
    # Ben made his bid exactly: 10 + 1; Cat and Dan bid 0 and took 0: 10 each; Ann missed: 0.
    model = run(["card AH", "card 2C", "card 3C", "card 4C"], model)
    s = state(model)
    assert s.results[0].points == (0, 11, 10, 10)
    view = build_view(model, EN)
    assert "2 cards each" in view.header
    assert view.status == "Enter the upcard."


def test_oh_hell_no_hook_lets_the_dealer_bid_anything() -> None:
    model = run(["new oh-hell-no-hook Ann Ben Cat Dan", "dealer 0", "upcard 9H", "bid 1", "bid 0", "bid 0"])
    assert bid_buttons(model) == ["bid 0", "bid 1"]
    run(["bid 0"], model)


def test_oh_hell_quick_score_refuses_a_hook_breach_and_tricks_that_do_not_add_up() -> None:
    model = run([*OH_HELL, "mode quick"])
    view = build_view(model, EN)
    assert says(view.status, "bid and tricks", "deal 1")
    assert view.quick and view.quick_bids
    # Ann deals and bids last: Ann 1 with Ben, Cat and Dan 0 adds up to the 1 trick.
    assert says(refused(model, "score bid 1 0 0 0 tricks 1 0 0 0"), "hook", "Ann", "may not bid 1")
    assert refused(model, "score 1 0 0 1 / 1 0 1 0") == "The tricks add up to 2; this deal has 1 tricks."
    assert says(refused(model, "score bid 2 0 0 0 tricks 1 0 0 0"), "Ann", "from 0 to 1", "not 2")
    assert says(refused(model, "score 11 0 10 10"), "bid", "tricks")  # points: this game scores bids
    model = run(["score 1 1 0 0 / 0 1 0 0"], model)  # Ann and Ben bid 1 (2 in all); Ben takes the trick
    s = state(model)
    assert s.results[0].points == (0, 11, 10, 10)  # 10 for an exact bid, plus 1 a trick; Ann missed
    assert model.entries[-1] == "score bid 1 1 0 0 tricks 0 1 0 0"
    view = build_view(model, EN)
    assert "2 cards each" in view.header


def test_oh_hell_quick_score_whole_game() -> None:
    # 23 deals for four players: 1 card up to 12 and back to 1 (the most with a card to turn up).
    # Each deal everyone bids 0 (never the number of tricks: the hook allows it), and the player
    # left of the dealer takes every trick.
    lines = [*OH_HELL, "mode quick"]
    sizes = [*range(1, 13), *range(11, 0, -1)]
    for number, size in enumerate(sizes):
        taker = (number + 1) % 4  # the dealer moves left each deal, starting with Ann
        tricks = [size if seat == taker else 0 for seat in range(4)]
        lines.append(f"score bid 0 0 0 0 tricks {' '.join(map(str, tricks))}")
    model = run(lines[:-1])
    assert not state(model).over
    # Cat deals the last deal and bids last: 0 after Ann's 1 makes the bids add up to its 1 trick.
    assert says(refused(model, "score bid 1 0 0 0 tricks 1 0 0 0"), "hook", "Cat", "may not bid 0")
    s = state(run(lines[-1:], model))
    assert s.over and len(s.results) == 23
    # An exact bid scores 10 plus a point a trick; a missed one a point a trick: the taker of
    # a deal of n cards gets n, the three others 10 each.
    totals = [0] * 4
    for number, size in enumerate(sizes):
        for seat in range(4):
            totals[seat] += size if seat == (number + 1) % 4 else 10
    assert list(s.scores) == totals
    best = max(totals)
    assert s.winners == tuple(seat for seat in range(4) if totals[seat] == best)


# -- Spades quick score --------------------------------------------------------------------


SPADES_QUICK = [
    # Ann 3, Ben 4, Cat nil, Dan 5; tricks 4 4 0 5. Ann and Cat: bid 3, took 4: 30 + 1 bag; Cat's nil
    # made: +100. Ben and Dan: bid 9, took 9: 90.
    "score bid 3 4 nil 5 tricks 4 4 0 5",  # 131 / 90; bags 1 / 0
    "score 2 3 2 3 / 5 3 2 3",  # A+C bid 4 took 7: 43, bags 4; B+D bid 6 took 6: 60 -> 174 / 150
    "score bid 4 4 4 1 tricks 6 2 5 0",  # A+C bid 8 took 11: 83, bags 7; B+D bid 5 took 2: -50 -> 257 / 100
    "score bid 5 1 5 1 tricks 6 1 5 1",  # A+C bid 10 took 11: 101, bags 8; B+D 2 of 2: 20 -> 358 / 120
    # A+C bid 8 took 12: 84, bags 12: ten bags cost 100, 2 carried on; B+D bid 4 took 1: -40 -> 342 / 80
    "score bid 4 2 4 2 tricks 6 1 6 0",
]


def test_spades_quick_score_with_nil_and_the_bag_penalty() -> None:
    model = run([*SPADES, "mode quick", *SPADES_QUICK])
    s = state(model)
    assert [r.scores[:2] for r in s.results] == [(131, 90), (174, 150), (257, 100), (358, 120), (342, 80)]
    assert [r.bags[:2] for r in s.results] == [(1, 0), (4, 0), (7, 0), (8, 0), (2, 0)]
    assert s.scores == (342, 80, 342, 80)
    view = build_view(model, EN)
    assert view.scores == ["Ann and Cat: 342", "Ben and Dan: 80"]
    assert "Ann and Cat: 2 bags" in view.info
    assert not any(line.startswith("Ben and Dan: 0 bag") for line in view.info)  # none carried: not shown
    assert "Deal 5: Ann and Cat bid 8, took 12" in view.info
    # A+C bid 12 took 13: 121 -> 463, 3 bags; B+D 2 of 0: -20 -> 60. Then A+C 4 of 4: 503 wins.
    model = run(["score bid 6 1 6 1 tricks 7 0 6 0", "score bid 2 1 2 1 tricks 2 2 2 7"], model)
    s = state(model)
    assert s.scores == (503, 87, 503, 87)
    assert s.over and s.winners == (0, 2)
    assert state(replay(model.entries)).table() == s.table()


def test_spades_quick_score_refusals_lose_nothing() -> None:
    model = run([*SPADES, "mode quick", SPADES_QUICK[0]])
    assert refused(model, "score bid 3 4 nil 5 tricks 4 4 0 4") == "The tricks add up to 12; this deal has 13 tricks."
    assert refused(model, "score bid 14 1 1 1 tricks 4 4 0 5") == "Ann may bid from 1 to 13 tricks, not 14."
    assert refused(model, "score bid 3 4 5 tricks 4 4 5") == "give 4 bids, one per player"
    assert says(refused(model, "score bid 3 4 x 5 tricks 4 4 0 5"), "“x” is not a bid")
    assert says(refused(model, "score bid 3 4 1 5 tricks 4 4 -1 6"), "from 0 to 13", "not -1")
    assert says(refused(model, "score 10 20 10 20"), "bid", "/", "tricks")  # points are not enough here
    assert says(refused(model, "score bid 3 4 1 5 tricks a 4 0 5"), "whole numbers")
    assert says(refused(model, "score bid 3 4 1 5 tricks"), "tricks")


def test_spades_fix_rescores_the_deal_and_the_bags_after_it() -> None:
    model = run([*SPADES, "mode quick", *SPADES_QUICK])
    # Deal 1 again: Cat took a trick on her nil and Dan one fewer. A+C: Ann bid 3 and took 4: 31;
    # the nil is set: -100; Cat's trick does not help Ann but, her bid made, is one more bag
    # (a point, and 2 bags in all): -68. B+D bid 9 and took 8: set, -90.
    model = run(["fix 1 bid 3 4 nil 5 tricks 4 4 1 4"], model)
    s = state(model)
    assert s.results[0].points == (-68, -90, -68, -90)
    assert s.corrections == ((1, (-68, -90, -68, -90)),)
    # Every later deal is scored again with the bags carried: 5, 8, 9, then 13: the penalty
    # comes one deal as before, and 3 bags carry on instead of 2.
    assert [r.bags[:2] for r in s.results] == [(2, 0), (5, 0), (8, 0), (9, 0), (3, 0)]
    assert [r.points[:2] for r in s.results[1:]] == [(43, 60), (83, -50), (101, 20), (-16, -40)]
    assert s.scores == (143, -100, 143, -100)
    assert state(replay(model.entries)).table() == s.table()


def test_whist_quick_score_checks_the_book() -> None:
    model = run([*WHIST, "mode quick"])
    view = build_view(model, EN)
    assert not view.quick_bids
    assert says(refused(model, "score 1 0 2 0"), "partners")
    assert says(refused(model, "score 8 0 8 0"), "not 8")  # 13 tricks: at most 7 over the book
    assert says(refused(model, "score 1 1 1 1"), "no deal")  # both sides cannot take 7
    assert says(refused(model, "score 0 0 0 0"), "no deal")  # 13 tricks: someone took 7
    s = state(run(["score 1 0 1 0", "score 0 3 0 3"], model))
    assert s.scores == (1, 3, 1, 3)


# -- Whist by cards --------------------------------------------------------------------------


def test_whist_asks_the_dealers_card_which_stays_in_the_dealers_hand() -> None:
    model = run(WHIST)
    view = build_view(model, EN)
    assert view.status == "Enter the dealer's last card, turned up for trump."
    assert view.grid_enabled
    assert says(refused(model, "lead 1"), "upcard")
    model = run(["card TC"], model)  # the first card of a deal is the dealer's card, as with an upcard
    assert model.play is not None and model.play.upcard == "TC"
    s = state(model)
    assert (s.phase, s.to_act, s.trump) == ("play", 1, 0)  # no bidding: Ben leads; clubs are trump
    view = build_view(model, EN)
    assert "The dealer's card: Ten of clubs" in view.info and "Trump: clubs" in view.info
    assert says(refused(model, "card TC"), "another player")  # Ann holds it
    model = run(["card 2D", "card 3D", "card 4D", "card 2C"], model)  # Ann trumps: her 2♣ wins
    s = state(model)
    assert s.tricks[0].winner == 0
    view = build_view(model, EN)
    assert "Ann and Cat: 1 trick taken" in view.info and "Ben and Dan: 0 tricks taken" in view.info


# -- setup -------------------------------------------------------------------------------------


def test_setup_lists_the_bidding_games_and_starts_them_with_their_players() -> None:
    session = Session(Journal(":memory:"))
    assert session.view().status == "Which game? Tap it, or move with the arrow keys and press Enter."
    intents = [b.intent for b in session.view().buttons if b.kind == "ruleset"]
    for intent in ("setup spades", "setup spades-blind-nil", "setup spades-no-nil", "setup cutthroat-spades"):
        assert intent in intents  # then the names screen
    assert "setup whist" in intents
    assert "pick oh-hell" in intents and "pick oh-hell-no-hook" in intents  # 3 to 7 players: asked next
    view = session.submit("new cutthroat-spades")
    assert view.error is None and len(view.seats) == 3
    assert session.model.play is not None and session.model.play.game.players == 3
    assert bid_buttons(session.model)[-2:] == ["bid 17", "bid nil"]  # 17 cards each without the 2♣


def test_setup_asks_how_many_play_oh_hell() -> None:
    session = Session(Journal(":memory:"))
    view = session.submit("pick oh-hell")
    assert view.status == "Oh Hell: how many players?"
    assert [(b.label, b.intent) for b in view.buttons if b.kind == "players"] == [
        (f"{n} players", f"setup oh-hell {n}") for n in range(3, 8)
    ]
    assert "pick" in [b.intent for b in view.buttons]  # back
    assert session.journal.games() == []  # choosing is not a game yet
    view = session.submit("new oh-hell 5")
    assert view.error is None
    assert [s.name for s in view.seats] == ["1", "2", "3", "4", "5"]
    assert "1 card each" in view.header
    assert [g.names for g in session.journal.games()] == ["1 2 3 4 5"]
    session.submit("names Ann Ben Cat Dan Eve")
    assert session.model.play is not None and session.model.play.names[-1] == "Eve"
    assert says(refused(Model(), "new oh-hell 8"), "Oh Hell", "not 8")


# -- views ------------------------------------------------------------------------------------


def moments() -> dict[str, Model]:
    spades = run([*SPADES, "bid 4", "bid nil"])
    return {
        "spades bid": spades,
        "spades play": run(["bid 3", "bid 2", "card AC"], spades),
        "spades refused": step(spades, "bid 14"),
        "spades quick": run([*SPADES, "mode quick", SPADES_QUICK[0]]),
        "spades quick refused": step(run([*SPADES, "mode quick"]), "score bid 3 4 nil 5 tricks 4 4 0 4"),
        "oh hell upcard": run(OH_HELL),
        "oh hell hook": run([*OH_HELL, "upcard 9H", "bid 1", "bid 0", "bid 0"]),
        "oh hell hook refused": step(run([*OH_HELL, "upcard 9H", "bid 1", "bid 0", "bid 0"]), "bid 0"),
        "oh hell play": run([*OH_HELL, "upcard 9H", "bid 1", "bid 0", "bid 0", "bid 1"]),
        "whist turn": run(WHIST),
        "whist play": run([*WHIST, "upcard TC", "card 2D"]),
    }


def test_bidding_views_are_plain_data_and_come_from_the_catalogs() -> None:
    for name, model in moments().items():
        for lang in (EN, HE):
            view = build_view(model, lang)
            assert plain_problems(view, name) == []
        view = build_view(model, PSEUDO)
        texts = [*view.header, *view.info, *view.flags, *[b.label for b in view.buttons if b.kind not in ("seat",)]]
        texts += [view.status] if view.status else []
        texts += [t for t in (view.error, view.notice) if t]
        texts += [t for s in view.seats for t in (s.tricks, s.points, s.bid) if t]
        for text in texts:
            if re.fullmatch(r"\d+", text):
                continue  # a bid button is a bare number
            assert "⟦" in text, f"{name}: {text!r} is not from the catalogs"


# -- the referee's Game operations the kiosk uses ------------------------------------------


def test_game_corrections_keep_penalties_and_recompute_the_end() -> None:
    game = Game(load_ruleset("euchre"), dealer=0, unknown_hands=True)
    for _ in range(4):
        game.record_deal([2, 0, 2, 0])
    game.add_penalty([2, 0, 2, 0])  # a renege in deal 5: Ann and Cat reach 10
    assert game.scores == [10, 0, 10, 0] and game.is_over
    assert [dataclasses.astuple(p)[:2] for p in game.penalties] == [(4, (2, 0, 2, 0))]
    copy = game.copy()
    game.correct(0, [0, 1, 0, 1])  # deal 1 went to Ben and Dan, 1 point
    assert game.scores == [8, 1, 8, 1] and not game.is_over
    assert [r.scores for r in game.results] == [(0, 1, 0, 1), (2, 1, 2, 1), (4, 1, 4, 1), (6, 1, 6, 1)]
    assert copy.scores == [10, 0, 10, 0] and copy.is_over  # the copy is independent
    with pytest.raises(ValueError, match="before the first deal"):
        game.set_first_dealer(2)
    fresh = Game(load_ruleset("euchre"), dealer=0)
    fresh.set_first_dealer(2)
    assert fresh.dealer == 2


def test_check_points_names_its_reason() -> None:
    hearts = load_ruleset("hearts")
    check_points(hearts, 4, [0, 13, 5, 8])
    with pytest.raises(ResultError) as info:
        check_points(hearts, 4, [25, 0, 0, 0])
    assert info.value.kind == "total" and info.value.params["allowed"] == (26, 78)
    assert str(info.value).count("\n") == 0
    with pytest.raises(ResultError) as info:
        check_points(load_ruleset("spades"), 4, [10, 20, 10, 20])
    assert info.value.kind == "bids-needed"


def test_export_keeps_each_deals_bids_and_tricks(tmp_path: Path) -> None:
    session = Session(Journal(tmp_path / "k.sqlite3"))
    for line in [*SPADES, "mode quick", *SPADES_QUICK[:2]]:
        assert session.submit(line).error is None, line
    json_path, _ = session.export(tmp_path / "out")
    deals = json.loads(json_path.read_text(encoding="utf-8"))["deals"]
    assert deals[0]["bids"] == ["bid 3", "bid 4", "nil", "bid 5"] and deals[0]["tricks"] == [4, 4, 0, 5]
    assert [d["scores"] for d in deals] == [[131, 90, 131, 90], [174, 150, 174, 150]]


# -- an auction of contracts ---------------------------------------------------------------


def test_an_auction_of_contracts_by_taps_and_typed_words(tmp_path: Path) -> None:
    path = tmp_path / "contract-whist.yaml"
    path.write_text(CONTRACT_WHIST, encoding="utf-8")
    model = run([f"new {path} Ann Ben Cat Dan", "dealer 0"])
    view = build_view(model, EN)
    assert says(view.status, "Ben", "bid") and not view.bidding  # no digits-and-Enter bid here
    assert not view.grid  # the contracts take the card grid's room
    assert bid_buttons(model)[:3] == ["bid pass", "bid 7C", "bid 7D"] and bid_buttons(model)[-1] == "bid 13NT"
    labels = [b.label for b in view.buttons if b.kind == "bid"]
    assert labels[1:7] == ["7♣", "7♦", "7♥", "7♠", "7NT", "8♣"]
    model = run(["bid 7h"], model)  # typed in lower case, as the tap's word
    assert model.entries[-1] == "bid 7h" and build_view(model, EN).notice == "Ben: bid 7 hearts."
    assert "bid 7D" not in bid_buttons(model)
    assert refused(model, "bid 7d") == "Bid a contract higher than the last one, or pass."
    model = run(["bid 8nt", "bid pass", "bid pass", "bid pass"], model)  # Cat 8 no trump, all pass
    undone = step(model, "undo")  # the last pass taken back: the auction is open again
    assert (state(undone).phase, state(undone).to_act) == ("bid", 1)  # Ben passes last
    s = state(model)
    assert (s.phase, s.to_act) == ("play", 3)  # Dan, left of the declarer Cat, leads
    view = build_view(model, EN)
    assert view.grid_enabled and "Trump: none" not in view.info
    he = build_view(model, HE)
    assert he.rtl and he.status


def test_the_setup_names_each_player_then_asks_who_deals_first() -> None:
    journal = Journal(":memory:")
    gid = journal.new_game("hearts", "Zoe Yan Xia Wim")  # an earlier game: its names are offered
    journal.append(gid, "new hearts Zoe Yan Xia Wim")
    session = Session(journal)
    view = session.submit("setup oh-hell 3")
    assert view.status == "Player 1 of 3: what is their name?" and view.naming and view.typed == ""
    assert [b.intent for b in view.buttons if b.kind == "name"] == [
        "type name Zoe",
        "type name Yan",
        "type name Xia",
        "type name Wim",
    ]
    for key in ("A", "n", "x", "back", "n"):  # typed, with a typo erased
        view = session.submit(f"type {key}")
    assert view.typed == "Ann"
    view = session.submit("type ok")
    assert view.status == "Player 2 of 3: what is their name?" and view.typed == ""
    view = session.submit("type name Zoe")  # a name used before, in one tap
    # Picked: greyed in its place (a second tap presses nothing), the other names where they were.
    assert [(b.intent, b.enabled) for b in view.buttons if b.kind == "name"] == [
        ("type name Zoe", False),
        ("type name Yan", True),
        ("type name Xia", True),
        ("type name Wim", True),
    ]
    for key in ("letters", "ב", "ן", "ok"):  # the Hebrew letters, on the same keyboard
        view = session.submit(f"type {key}")
    assert view.status == "Who deals first? Tap the player or press their number."
    assert [(b.label, b.intent, b.key) for b in view.buttons if b.kind == "seat"] == [
        ("1 Ann", "type dealer 0", "1"),
        ("2 Zoe", "type dealer 1", "2"),
        ("3 \u2068בן\u2069", "type dealer 2", "3"),  # the Hebrew name isolated after its number
    ]
    assert journal.games()[-1].names == "Zoe Yan Xia Wim"  # nothing is a game until the dealer is chosen
    view = session.submit("type dealer 1")
    play = session.model.play
    assert view.error is None and play is not None and play.names == ["Ann", "Zoe", "בן"] and play.game.dealer == 1
    assert session.model.entries == ("new oh-hell Ann Zoe בן", "dealer 1")  # journaled as entries
    assert journal.entries(journal.games()[-1].id) == ["new oh-hell Ann Zoe בן", "dealer 1"]


def test_the_setup_can_number_the_players_instead() -> None:
    session = Session(Journal(":memory:"))
    session.submit("setup hearts")
    view = session.submit("type skip")
    assert [b.label for b in view.buttons if b.kind == "seat"] == ["1", "2", "3", "4"]
    session.submit("type dealer 0")
    assert session.model.play is not None and session.model.play.names == ["1", "2", "3", "4"]


def test_quick_score_can_wait_for_the_other_side_to_confirm_each_result() -> None:
    session = Session(Journal(":memory:"))
    assert "confirming on" in [b.intent for b in session.submit("settings").buttons]  # a setting of the setup screen
    session.submit("confirming on")
    for line in ("new hearts Ann Ben Cat Dan", "dealer 0", "mode quick"):
        session.submit(line)
    entries = session.model.entries
    assert session.submit("score 13 13 5 0").error is not None  # refused at once (31 points), nothing asked
    view = session.submit("score 0 13 5 8")
    assert view.status == "Deal 1: Ann 0, Ben 13, Cat 5, and Dan 8. Does the other side agree?"
    assert session.model.entries == entries  # nothing counts yet
    assert [b.intent for b in view.buttons if b.enabled] == ["score 0 13 5 8", "cancel"]
    session.submit("cancel")  # they do not: nothing was entered
    assert session.model.entries == entries and session.model.play.game.results == []
    session.submit("score 0 13 5 8")
    session.submit("score 0 13 5 8")  # the "Yes" of the other side
    assert session.model.entries == (*entries, "score 0 13 5 8")
    assert session.model.play.game.scores == [0, 13, 5, 8]
