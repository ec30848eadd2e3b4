"""The hook (referee/mechanisms/hook.py): its scenarios, its facts and its refusals.

``oh-hell.yaml`` bids 0 to the hand size with the hook, from the dealer's left;
its hand sizes run 1, 2, ... up to the most and back. Every expected number is
worked out by hand in the comments: the hook forbids the last bidder the
deal's tricks less the others' bids, where that is not negative.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from helpers_deals import refusals, rules, write_rules

from generator.clauses import bidding as bidding_clauses
from referee import Deal, Game, IllegalAction, Ruleset
from referee.mechanisms import hook
from referee.mechanisms.__main__ import SCHEMA_FILE
from referee.results import ResultError, score_bid_deal

#: Oh Hell with the bidding started by the dealer (as Klaverjassen's competition rules start theirs): the
#: last bidder is then the player right of the dealer, not the dealer.
DEALER_FIRST = """
id: dealer-first
extends: oh-hell
title: Oh Hell, the dealer bids first
bidding:
  rounds:
    - kind: tricks
      hook: true
      starts: dealer
"""


def house(folder: Path, text: str) -> Ruleset:
    return write_rules(folder, textwrap.dedent(text).lstrip("\n"))


def illegal(deal: Deal, action: str) -> str:
    with pytest.raises(IllegalAction) as err:
        deal.apply(action)
    return str(err.value)


def bid(deal: Deal, *words: str) -> None:
    for word in words:
        deal.apply(word)


def numbers(low: int, high: int) -> list[str]:
    return [f"bid {n}" for n in range(low, high + 1)]


# -- the engine: the last bidder, the forbidden number, nil, the refusal ------------------------------


def test_the_hook_binds_the_last_bidder_only() -> None:
    game = Game(rules("oh-hell"), players=4, seed=3, dealer=3)
    deal = game.new_deal(number=2)  # three cards each
    for word in ("bid 1", "bid 0", "bid 0"):
        assert deal.legal_actions() == numbers(0, 3)  # not the last bidder: any number
        deal.apply(word)
    assert deal.to_act == 3
    assert deal.legal_actions() == ["bid 0", "bid 1", "bid 3"]  # 1 + 0 + 0 + 2 = 3 tricks
    message = illegal(deal, "bid 2")
    assert message == (
        "illegal action 'bid 2' by seat 3: the hook rule: the bids may not add up to the 3 tricks of the deal"
    )
    deal.apply("bid 3")
    assert deal.phase == "play"


def test_the_hook_forbids_nothing_once_the_others_bid_too_much() -> None:
    game = Game(rules("oh-hell"), players=4, seed=3, dealer=3)
    deal = game.new_deal(number=2)
    bid(deal, "bid 2", "bid 2", "bid 0")  # 4 > 3: no dealer's bid can make the total 3
    assert deal.legal_actions() == numbers(0, 3)


def test_without_the_hook_the_dealer_bids_anything() -> None:
    game = Game(rules("oh-hell-no-hook"), players=4, seed=3, dealer=3)
    deal = game.new_deal(number=2)
    bid(deal, "bid 1", "bid 0", "bid 0")
    assert deal.legal_actions() == numbers(0, 3)
    deal.apply("bid 2")
    assert deal.phase == "play"


def test_the_hook_counts_a_nil_as_zero(tmp_path: Path) -> None:
    nil_oh_hell = house(
        tmp_path,
        """
        id: nil-oh-hell
        extends: oh-hell
        title: Oh Hell with nil
        bidding:
          rounds:
            - kind: tricks
              hook: true
              nil: true
        """,
    )
    game = Game(nil_oh_hell, players=4, seed=3, dealer=3)
    deal = game.new_deal(number=0)  # one card each
    bid(deal, "nil", "bid 0", "bid 1")
    # 0 + 0 + 1 = 1 already: the dealer may not bid 0, nor nil (0 tricks).
    assert deal.legal_actions() == ["bid 1"]
    assert "hook" in illegal(deal, "nil")
    assert "hook" in illegal(deal, "bid 0")


def test_where_the_dealer_bids_first_the_hook_binds_the_player_right_of_the_dealer(tmp_path: Path) -> None:
    game = Game(house(tmp_path, DEALER_FIRST), players=4, seed=3, dealer=0)
    deal = game.new_deal(number=0, dealer=0)  # one card each
    assert deal.to_act == 0
    bid(deal, "bid 1", "bid 0", "bid 0")
    assert deal.to_act == 3
    assert deal.legal_actions() == ["bid 1"]  # 1 + 0 + 0 + 0 = 1 trick: not 0
    assert "hook rule" in illegal(deal, "bid 0")


# -- the facts the pages, the kiosk and quick score read --------------------------------------------


def test_the_facts_of_oh_hell_spades_and_a_dealer_first_house_rule(tmp_path: Path) -> None:
    oh_hell = rules("oh-hell")
    assert hook.binds(oh_hell) and hook.of(oh_hell) == hook.Hook(rounds=(True,))
    assert not hook.binds(rules("oh-hell-no-hook")) and not hook.binds(rules("spades"))
    assert hook.dealer_last(oh_hell)
    assert [hook.last_bidder(oh_hell, 4, dealer) for dealer in range(4)] == [0, 1, 2, 3]
    dealer_first = house(tmp_path, DEALER_FIRST)
    assert not hook.dealer_last(dealer_first)
    assert [hook.first_bidder(dealer_first, 4, dealer) for dealer in range(4)] == [0, 1, 2, 3]
    assert [hook.last_bidder(dealer_first, 4, dealer) for dealer in range(4)] == [3, 0, 1, 2]
    # Eight tricks, the others bid 2 + 0 + 3 (a nil counts 0): not 3. More than eight: nothing.
    assert hook.forbidden(8, [2, 0, -1, 3], 2) == 3
    assert hook.forbidden(8, [5, 4, -1, 0], 2) == -1
    # forbidden_bid asks only the seat that bids last, and only where the game has the hook
    assert hook.forbidden_bid(oh_hell, 4, 8, [2, 0, -1, 3], 2) == 3
    assert hook.forbidden_bid(oh_hell, 4, 8, [2, -1, -1, 3], 2) == -1
    assert hook.forbidden_bid(rules("oh-hell-no-hook"), 4, 8, [2, 0, -1, 3], 2) == -1


def test_the_page_says_the_dealer_bids_last_only_where_the_dealer_does(tmp_path: Path) -> None:
    kinds = {c.kind for c in bidding_clauses(rules("oh-hell"))}
    assert "bid.hook" in kinds and "bid.hook.last" not in kinds
    kinds = {c.kind for c in bidding_clauses(house(tmp_path, DEALER_FIRST))}
    assert "bid.hook.last" in kinds and "bid.hook" not in kinds


def test_quick_score_binds_the_seat_that_bids_last_not_the_dealer(tmp_path: Path) -> None:
    dealer_first = house(tmp_path, DEALER_FIRST)
    # Dealer 0 bids first, seat 3 last: 1 + 0 + 0 leaves seat 3 the one trick's 0 forbidden.
    with pytest.raises(ResultError) as refused:
        score_bid_deal(dealer_first, 4, ["1", "0", "0", "0"], [1, 0, 0, 0], dealer=0)
    assert refused.value.kind == "hook"
    assert refused.value.params == {"seat": 3, "bid": 0, "tricks": 1}
    assert str(refused.value) == (
        "the hook rule: seat 3 bids last and may not bid 0, which makes the bids add up to the 1 tricks"
    )
    # The dealer, bidding first, may bid what it likes; seat 3 then may not bid 0 but may bid 1.
    scored = score_bid_deal(dealer_first, 4, ["1", "0", "0", "1"], [1, 0, 0, 0], dealer=0)
    assert scored.bids == ["bid 1", "bid 0", "bid 0", "bid 1"]
    # The bundled game: the dealer bids last and is the one refused.
    with pytest.raises(ResultError) as dealer:
        score_bid_deal(rules("oh-hell"), 4, ["1", "0", "0", "0"], [1, 0, 0, 0], dealer=0)
    assert dealer.value.params["seat"] == 0


# -- its schema and its refusals -----------------------------------------------------------------


def test_the_published_schema_holds_the_modules_fragment() -> None:
    published = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert published["$defs"]["bidding_round"]["properties"]["hook"] == hook.SCHEMA


def test_a_hook_on_a_round_that_bids_no_tricks_is_refused_at_its_line(tmp_path: Path) -> None:
    text = "id: r\nextends: euchre\nbidding:\n  rounds:\n    - kind: order-up\n    - {kind: call, hook: false}\n"
    assert refusals(tmp_path, text) == [
        "6:26: $.bidding.rounds[1].hook: hook belongs to a round of kind tricks, not call"
    ]


def test_a_hook_that_can_leave_the_last_bidder_no_bid_is_refused_at_its_line(tmp_path: Path) -> None:
    # Every player must bid exactly 1: with three players and three tricks, the others' 1 + 1 leave the
    # last bidder's only number, 1, forbidden.
    text = "id: r\nextends: oh-hell\nbidding:\n  rounds:\n    - {kind: tricks, min: 1, max: 1, hook: true}\n"
    assert refusals(tmp_path, text) == [
        "5:44: $.bidding.rounds[0].hook: the hook can leave the last bidder no bid: with 3 players and 3 tricks, "
        "1 is the only number to bid"
    ]
    # Two numbers always leave one; a nil still bids when the only number, 1, is forbidden.
    for rounds in (
        "{kind: tricks, min: 0, max: 1, hook: true}",
        "{kind: tricks, min: 1, max: 1, hook: true, nil: true}",
    ):
        write_rules(tmp_path, f"id: r\nextends: oh-hell\nbidding:\n  rounds:\n    - {rounds}\n", "ok.yaml")
