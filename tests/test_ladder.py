"""Skat's Reizen as a ladder auction (referee.auction.Ladder), one rule of the Skat order at a time.

International Skat Players Association, Internationale Skatordnung (ISkO) 2.2 (Reizen): Mittelhand
bids ("sagt") to Vorhand, who holds ("ja") or passes; the bids are the values of the ladder, each
higher than the last; then Hinterhand bids to the survivor in the same way, from the value reached;
the last player in is the declarer at the value reached. If Mittelhand and Hinterhand pass without a
bid, Vorhand may play at 18 or pass too (the cards are thrown in: eingepasst). With three players
Vorhand sits left of the dealer, Mittelhand next, Hinterhand (the dealer) last.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from kiosk.core import Model, step
from kiosk.view import build_view
from referee import Deal, Game, IllegalAction, Ruleset, RulesetError, load_ruleset
from referee.auction import LadderState
from referee.bots import choose
from referee.phases import bidding
from wording.i18n import load_lang

LADDER = [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60]
SKAT = f"""\
id: t-reizen
players: {{counts: [3]}}
deck: {{ranks: ["7", "8", "9", T, J, Q, K, A]}}
deal: {{hand_size: 10}}
bidding: {{rounds: [{{kind: ladder, values: {LADDER}}}]}}
trump: {{kind: fixed, suit: C}}
scoring: {{rank_points: {{A: 11, T: 10, K: 4, Q: 3, J: 2}}}}
game: {{deals: 1, winner: highest}}
"""
# Dealer seat 2: Vorhand seat 0, Mittelhand seat 1, Hinterhand seat 2.
VORHAND, MITTELHAND, HINTERHAND = 0, 1, 2


@pytest.fixture
def skat(tmp_path: Path) -> Ruleset:
    path = tmp_path / "t-reizen.yaml"
    path.write_text(SKAT, encoding="utf-8")
    return load_ruleset(path)


def _auction(rules: Ruleset, words: list[str]) -> tuple[Deal, list[int]]:
    """The deal after ``words``, and the seat that said each word."""
    deal = Game(rules, players=3, seed=1, dealer=HINTERHAND).new_deal(dealer=HINTERHAND)
    seats = []
    for word in words:
        assert deal.to_act is not None
        seats.append(deal.to_act)
        deal.apply(word)
    return deal, seats


def test_mittelhand_says_to_vorhand_then_hinterhand_to_the_survivor(skat: Ruleset) -> None:
    words = ["say 18", "hold", "say 20", "pass", "say 22", "hold", "pass"]
    deal, seats = _auction(skat, words)
    assert seats == [MITTELHAND, VORHAND, MITTELHAND, VORHAND, HINTERHAND, MITTELHAND, HINTERHAND]
    assert deal.phase == "play" and deal.maker == MITTELHAND
    assert isinstance(bidding.ladder(deal), LadderState) and bidding.value_bid(deal) == 22  # held at 22


def test_the_one_asked_only_holds_or_passes_and_the_one_saying_goes_higher(skat: Ruleset) -> None:
    deal, _ = _auction(skat, ["say 23"])
    assert deal.legal_actions() == ["hold", "pass"]
    with pytest.raises(IllegalAction):
        deal.apply("say 24")  # Vorhand does not say values to Mittelhand
    deal.apply("hold")
    assert deal.legal_actions() == [f"say {v}" for v in LADDER if v > 23] + ["pass"]
    with pytest.raises(IllegalAction):
        deal.apply("say 23")  # not higher than the value held


def test_hinterhand_starts_above_the_value_reached(skat: Ruleset) -> None:
    deal, _ = _auction(skat, ["say 18", "hold", "say 30", "hold", "pass"])  # Mittelhand gives up at 30
    assert deal.to_act == HINTERHAND
    assert deal.legal_actions()[0] == "say 33"


def test_when_mittelhand_passes_at_once_hinterhand_says_to_vorhand(skat: Ruleset) -> None:
    deal, seats = _auction(skat, ["pass", "say 18", "hold", "pass"])
    assert seats == [MITTELHAND, HINTERHAND, VORHAND, HINTERHAND]
    assert deal.maker == VORHAND and bidding.ladder(deal) is not None and bidding.value_bid(deal) == 18


def test_when_both_pass_vorhand_may_still_play_at_18(skat: Ruleset) -> None:
    deal, _ = _auction(skat, ["pass", "pass"])
    assert deal.to_act == VORHAND and deal.legal_actions() == ["say 18", "pass"]
    deal.apply("say 18")
    assert deal.phase == "play" and deal.maker == VORHAND


def test_when_all_three_pass_the_cards_are_thrown_in(skat: Ruleset) -> None:
    deal, _ = _auction(skat, ["pass", "pass", "pass"])
    assert deal.phase == "done" and deal.redeal and deal.maker is None


def test_a_ladder_is_for_three_players_with_rising_values(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(SKAT.replace("counts: [3]", "counts: [4]").replace("[18, 20,", "[20, 18,"), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert "a ladder auction is for three players" in message
    assert "each higher than the last" in message


def test_the_bots_bid_up_the_ladder_and_play_a_whole_game(skat: Ruleset) -> None:
    # The figures and `trickbook play` use the bots: they say values while their aces, tens and jacks
    # allow, hold as long, and otherwise pass; every game ends.
    rng = random.Random(1)
    game = Game(skat, players=3, seed=1)
    declared = thrown = 0
    while not game.is_over:
        deal = game.new_deal()
        while deal.phase != "done":
            deal.apply(choose(deal, rng))
        declared += deal.maker is not None
        thrown += deal.redeal
        game.finish_deal(deal)
    assert declared >= 1 and declared + thrown == len(game.results)


def test_the_kiosk_offers_the_ladders_words_in_every_language(skat: Ruleset, tmp_path: Path) -> None:
    path = tmp_path / "t-reizen.yaml"
    path.write_text(SKAT, encoding="utf-8")
    model = Model()
    for line in (f"new {path} Ann Ben Cat", "dealer 2", "bid say 18"):
        model = step(model, line)
        assert model.error is None, (line, str(model.error))
    for code in ("en", "de", "nl", "it", "he"):
        view = build_view(model, load_lang(code))  # Vorhand (Ann) answers Mittelhand's 18
        intents = [b.intent for b in view.buttons]
        assert "bid hold" in intents and "bid pass" in intents, (code, intents)
    model = step(model, "bid hold")
    assert model.error is None
    assert any(b.intent == "bid say 20" for b in build_view(model, load_lang("de")).buttons)
