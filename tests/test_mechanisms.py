"""The mechanisms of Spades, Oh Hell, Boerenbridge and Whist, one section each, on hand-built deals.

Every deal is built with ``game.new_deal(hands=..., dealer=..., number=...,
stock=...)`` and played with the checked ``deal.apply``; every expected number
is worked out by hand in the comments from the ruleset file it belongs to:

- ``spades.yaml``: bids 1-13 or nil; partners' bids add up; made: 10 a trick
  bid + 1 an overtrick; set: -10 a trick bid; nil +100 / -100, a failed nil's
  tricks are bags when the partner's bid is made; 10 bags cost 100; game to
  500, floor -200;
- ``spades-blind-nil.yaml``: blind nil +200 / -200 besides;
- ``oh-hell.yaml``: bids 0 to the hand size, the dealer hooked; exact bid 10 +
  1 a trick, else 1 a trick; hand sizes 1, 2, ... max, ... 1;
- ``boerenbridge.yaml``: exact bid 5 + 2 a trick, else -2 a trick off; hand
  sizes 10 down to 1 and back up to 10;
- ``whist.yaml``: the dealer's last card gives trump; 1 a trick over six; game
  to 5.

Plays marked "lowest" are ``deal.legal_actions()[0]``: the legal card that
comes first in card order (clubs 2 to ace, then diamonds, hearts, spades).
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Sequence
from pathlib import Path

import pytest
from helpers_deals import CONTRACT_WHIST, cards, rules, write_rules

from referee import Deal, Game, IllegalAction, Ruleset, RulesetError, load_ruleset
from referee.cards import CODES

FULL = [CODES[c] for c in range(52)]


def house(folder: Path, text: str, name: str = "house.yaml") -> Ruleset:
    """A house rule written into ``folder`` and loaded."""
    return write_rules(folder, textwrap.dedent(text).lstrip("\n"), name)


def stock_after(hands: list[list[str]], top: Sequence[str] = ()) -> list[str]:
    """The undealt cards: ``top`` first, then the rest in card order."""
    used = {c for hand in hands for c in hand} | set(top)
    return [*top, *(c for c in FULL if c not in used)]


def bid(deal: Deal, *words: str) -> None:
    for word in words:
        deal.apply(word)


def play(deal: Deal, *tricks: str) -> None:
    """Each string is one trick's cards in play order, from its leader."""
    for trick in tricks:
        for card in trick.split():
            deal.apply(card)


def play_lowest(deal: Deal) -> None:
    """Play to the end, each seat playing its lowest legal card."""
    while deal.phase == "play":
        deal.apply(deal.legal_actions()[0])


def illegal(deal: Deal, action: str) -> str:
    """The message of the IllegalAction ``action`` raises; the deal is left as it was."""
    history = list(deal.history)
    with pytest.raises(IllegalAction) as err:
        deal.apply(action)
    message = str(err.value)
    assert "\n" not in message, message
    assert message.startswith(f"illegal action {action!r} by seat {deal.to_act}: "), message
    assert deal.history == history
    return message


def numbers(low: int, high: int) -> list[str]:
    return [f"bid {n}" for n in range(low, high + 1)]


# -- Spades deals ----------------------------------------------------------------------------------

# Deal A: one suit per seat. Seat 3 holds every spade. Whatever is led, seat 3 cannot
# follow (or leads a spade itself) and trumps: it takes all 13 tricks, however anyone plays.
ONE_SUIT_EACH = [cards("C:*"), cards("D:*"), cards("H:*"), cards("S:*")]

# Deal B (dealer 3, seat 0 leads), played lowest:
#   seat 0: clubs 2-7 and spades 2-8     seat 1: every diamond
#   seat 2: clubs 8-A and spades 9-A     seat 3: every heart
# Spades are not broken, so seats 0 and 2 lead clubs. Tricks 1-6: seat 2's club (8C, 9C...)
# beats seat 0's (2C, 3C...), and seat 2 leads the next club. Trick 7: seat 2 leads AC, seat 0
# has no club left and its lowest card is the 2S: it trumps and wins. Tricks 8-13: seat 0 leads
# 3S..8S, seat 2 follows 9S..AS and wins each. Tricks: seat 0 one, seat 2 twelve.
TWO_SUITS_EACH = [cards("C:234567 S:2345678"), cards("D:*"), cards("C:89TJQKA S:9TJQKA"), cards("H:*")]
DEAL_B_WINNERS = [2] * 6 + [0] + [2] * 6


def spades_deal(rid: str, hands: list[list[str]], dealer: int = 3, game: Game | None = None) -> Deal:
    game = game or Game(rules(rid), players=4, seed=0, dealer=dealer)
    return game.new_deal(hands=hands, dealer=dealer, number=game.number)


def played(rid: str, hands: list[list[str]], *bids: str) -> Deal:
    """A Spades deal (dealer 3) bid as given from seat 0, then played lowest to the end."""
    deal = spades_deal(rid, hands)
    bid(deal, *bids)
    assert [deal.bid(s) for s in range(4)] == list(bids)
    play_lowest(deal)
    return deal


# -- trick bids ------------------------------------------------------------------------------------


def test_every_seat_bids_once_from_the_dealers_left() -> None:
    deal = spades_deal("spades", ONE_SUIT_EACH, dealer=1)
    assert deal.phase == "bid"
    order = []
    for word in ("bid 3", "nil", "bid 4", "bid 2"):
        assert deal.legal_actions() == [*numbers(1, 13), "nil"]  # spades.yaml: 1 to 13, or nil
        order.append(deal.to_act)
        deal.apply(word)
    assert order == [2, 3, 0, 1]
    assert [deal.bid(s) for s in range(4)] == ["bid 4", "bid 2", "bid 3", "nil"]
    assert deal.phase == "play" and deal.to_act == 2  # the player left of the dealer leads


def test_bid_words_by_ruleset() -> None:
    def first_legal(rid: str, players: int = 4) -> list[str]:
        deal = Game(rules(rid), players=players, seed=5, dealer=players - 1).new_deal()
        assert deal.bid(0) is None  # nothing bid yet
        return deal.legal_actions()

    assert first_legal("spades-no-nil") == numbers(1, 13)
    assert first_legal("spades-blind-nil") == [*numbers(1, 13), "nil", "blind-nil"]
    assert first_legal("cutthroat-spades", 3) == [*numbers(1, 17), "nil"]  # max: hand, 17 cards
    assert first_legal("oh-hell") == numbers(0, 1)  # deal 0 of the schedule: one card each


def test_an_integer_max_is_capped_at_the_hand_size(tmp_path: Path) -> None:
    capped = house(
        tmp_path,
        """
        id: capped
        extends: oh-hell
        title: Bids up to 5
        bidding:
          rounds:
            - kind: tricks
              min: 1
              max: 5
        """,
    )
    game = Game(capped, players=4, seed=1, dealer=3)
    assert game.new_deal(number=2).legal_actions() == numbers(1, 3)  # three cards: 1 to 3
    assert game.new_deal(number=8).legal_actions() == numbers(1, 5)  # nine cards: 1 to 5


def test_bids_out_of_range_and_missing_nil_are_refused() -> None:
    deal = spades_deal("spades", ONE_SUIT_EACH)
    assert "a bid must be from 1 to 13" in illegal(deal, "bid 0")
    assert "a bid must be from 1 to 13" in illegal(deal, "bid 14")
    assert "no blind nil" in illegal(deal, "blind-nil")
    assert "not a bid" in illegal(deal, "pass")
    assert "not a bid" in illegal(deal, "bid three")
    no_nil = spades_deal("spades-no-nil", ONE_SUIT_EACH)
    assert illegal(no_nil, "nil") == "illegal action 'nil' by seat 0: this ruleset has no nil bid"
    assert no_nil.to_act == 0 and no_nil.phase == "bid"
    oh_hell = Game(rules("oh-hell"), players=4, seed=2, dealer=3).new_deal(number=2)  # three cards
    assert "a bid must be from 0 to 3" in illegal(oh_hell, "bid 4")
    assert "no nil" in illegal(oh_hell, "nil")


# -- contract scoring --------------------------------------------------------------------------------


def test_spades_contracts_made_and_set() -> None:
    deal = played("spades-no-nil", ONE_SUIT_EACH, "bid 3", "bid 1", "bid 2", "bid 4")
    assert deal.tricks_won == [0, 0, 0, 13]
    # Seats 0 and 2 bid 3 + 2 = 5 and took nothing: set, -10 * 5 = -50.
    # Seats 1 and 3 bid 1 + 4 = 5 and took 13: made, 10 * 5 + 8 overtricks = 58; 8 bags.
    assert deal.points() == [-50, 58, -50, 58]
    assert deal.bags == [0, 8, 0, 8]


def test_spades_contract_made_exactly_has_no_bags() -> None:
    deal = spades_deal("spades-no-nil", TWO_SUITS_EACH)
    bid(deal, "bid 1", "bid 1", "bid 12", "bid 1")
    assert deal.legal_actions() == cards("C:234567")  # spades are not broken: clubs only
    play_lowest(deal)
    assert [t.winner for t in deal.tricks] == DEAL_B_WINNERS
    # Seats 0 and 2 bid 1 + 12 = 13 and took 1 + 12 = 13: 130, no overtrick.
    # Seats 1 and 3 bid 2 and took nothing: -20.
    assert deal.points() == [130, -20, 130, -20]
    assert deal.bags == [0, 0, 0, 0]


# Three cards each (Oh Hell deal number 2; Boerenbridge deal number 7: 10, 9, ..., 3). The upcard
# 2H makes hearts trump. Dealer 3; seat 0 leads. The tricks, in play order:
THREE_CARDS = [cards("C:AKQ"), cards("C:234"), cards("H:A D:56"), cards("H:3 D:78")]
THREE_TRICKS = (
    "AC 2C AH 7D",  # seat 2 trumps: wins
    "5D 8D KC 3C",  # seat 2 leads; seat 3's 8D is the highest diamond
    "3H QC 4C 6D",  # seat 3 leads a trump: wins
)


def three_card_deal(rid: str, number: int) -> Deal:
    game = Game(rules(rid), players=4, seed=0, dealer=3)
    deal = game.new_deal(hands=THREE_CARDS, dealer=3, number=number, stock=stock_after(THREE_CARDS, ["2H"]))
    assert deal.trump == 2  # hearts, from the upcard
    return deal


@pytest.mark.parametrize(
    ("rid", "number", "expected"),
    [
        # Oh Hell, made exactly: 10 + 1 a trick; missed: 1 a trick. Seat 0 bid 1, took 0: 0;
        # seat 1 bid 0, took 0: 10; seat 2 bid 1, took 1: 11; seat 3 bid 2, took 2: 12.
        ("oh-hell", 2, [0, 10, 11, 12]),
        # Boerenbridge, made exactly: 5 + 2 a trick; missed: -2 a trick off.
        # seat 0: -2 * 1; seat 1: 5; seat 2: 5 + 2; seat 3: 5 + 4.
        ("boerenbridge", 7, [-2, 5, 7, 9]),
    ],
)
def test_oh_hell_and_boerenbridge_score_exact_bids(rid: str, number: int, expected: list[int]) -> None:
    deal = three_card_deal(rid, number)
    bid(deal, "bid 1", "bid 0", "bid 1")
    assert deal.legal_actions() == ["bid 0", "bid 2", "bid 3"]  # the hook: not 3 - 2 = 1
    deal.apply("bid 2")
    play(deal, *THREE_TRICKS)
    assert [t.winner for t in deal.tricks] == [2, 3, 3]
    assert deal.tricks_won == [0, 0, 1, 2]
    assert deal.points() == expected


def test_oh_hell_overtricks_miss_the_bid() -> None:
    deal = three_card_deal("oh-hell", 2)
    bid(deal, "bid 0", "bid 0", "bid 0")
    assert deal.legal_actions() == numbers(0, 2)  # 3 - 0 = 3 is forbidden
    deal.apply("bid 1")
    play(deal, *THREE_TRICKS)
    # seats 0 and 1 made 0: 10 each; seat 2 bid 0 took 1: 1; seat 3 bid 1 took 2 (exactly fails): 2.
    assert deal.points() == [10, 10, 1, 2]


# -- nil and blind nil ---------------------------------------------------------------------------------


def test_nil_made_and_partner_set() -> None:
    deal = played("spades", ONE_SUIT_EACH, "nil", "bid 1", "bid 2", "bid 4")
    # Seat 0: nil made, +100; seat 2 bid 2, took 0: -20. Side 0/2: 80.
    # Seats 1 and 3 bid 5, took 13: 50 + 8 = 58, 8 bags.
    assert deal.points() == [80, 58, 80, 58]
    assert deal.bags == [0, 8, 0, 8]


def test_failed_nil_tricks_are_bags_when_the_partner_makes_the_bid() -> None:
    deal = played("spades", TWO_SUITS_EACH, "nil", "bid 2", "bid 4", "bid 1")
    assert deal.tricks_won == [1, 0, 12, 0]
    # Seat 0: nil with one trick, -100. Seat 2 bid 4, took 12: 40 + 8 overtricks; seat 0's
    # trick does not count towards the bid but is one more overtrick: +1, 9 bags. Side 0/2:
    # -100 + 48 + 1 = -51. Seats 1 and 3 bid 3, took nothing: -30.
    assert deal.points() == [-51, -30, -51, -30]
    assert deal.bags == [9, 0, 9, 0]


def test_failed_nil_tricks_are_not_bags_when_the_partner_is_set() -> None:
    deal = played("spades", ONE_SUIT_EACH, "bid 2", "bid 1", "bid 3", "nil")
    # Seat 3: nil with 13 tricks, -100; seat 1 bid 1, took 0: set, -10; no bags. Side 1/3: -110.
    # Seats 0 and 2 bid 5, took nothing: -50.
    assert deal.points() == [-50, -110, -50, -110]
    assert deal.bags == [0, 0, 0, 0]


def test_blind_nil_made_and_failed() -> None:
    made = played("spades-blind-nil", ONE_SUIT_EACH, "blind-nil", "bid 2", "bid 1", "bid 3")
    # Seat 0: blind nil, no trick, +200; seat 2 bid 1, took 0: -10. Side 0/2: 190.
    # Seats 1 and 3 bid 5, took 13: 58, 8 bags.
    assert made.points() == [190, 58, 190, 58]
    failed = played("spades-blind-nil", TWO_SUITS_EACH, "blind-nil", "bid 2", "bid 4", "bid 1")
    # As in the failed nil above, but -200: -200 + 48 + 1 = -151.
    assert failed.points() == [-151, -30, -151, -30]


# -- side_max ------------------------------------------------------------------------------------------


SIDE_CAP = """
    id: side-cap
    extends: spades
    title: Partners bid at most {cap}
    bidding:
      rounds:
        - kind: tricks
          min: 1
          max: 13
          nil: {nil}
          side_max: {cap}
    """


def test_side_max_caps_the_partners_bids_together(tmp_path: Path) -> None:
    capped = house(tmp_path, SIDE_CAP.format(cap=13, nil="true"))
    deal = Game(capped, players=4, seed=4, dealer=3).new_deal()
    deal.apply("bid 5")  # seat 0
    assert deal.legal_actions() == [*numbers(1, 13), "nil"]  # seat 1: its partner has not bid
    deal.apply("bid 6")
    assert deal.legal_actions() == [*numbers(1, 8), "nil"]  # seat 2: 13 - 5
    assert "partners may bid at most 13 tricks together" in illegal(deal, "bid 9")
    deal.apply("nil")
    assert deal.legal_actions() == [*numbers(1, 7), "nil"]  # seat 3: 13 - 6
    deal.apply("bid 7")
    assert deal.phase == "play"
    nil_first = Game(capped, players=4, seed=4, dealer=3).new_deal()
    bid(nil_first, "nil", "bid 2")
    assert nil_first.legal_actions() == [*numbers(1, 13), "nil"]  # a partner's nil takes nothing off


def test_side_max_below_the_hand_size_caps_the_first_partner_too(tmp_path: Path) -> None:
    """ENGINE BUG: with side_max 10 the first partner to bid may still bid 11 to 13.

    The schema: side_max is "the most tricks the partners' bids may add up to",
    so a first bid of 13 already breaks it (and leaves the partner no number).
    """
    capped = house(tmp_path, SIDE_CAP.format(cap=10, nil="true"))
    deal = Game(capped, players=4, seed=4, dealer=3).new_deal()
    assert deal.legal_actions() == [*numbers(1, 10), "nil"]


def test_side_max_never_leaves_a_seat_without_a_bid(tmp_path: Path) -> None:
    """Without nil, side_max 13 caps the first partner at 12, so the second can still bid 1.

    The schema calls side_max the most the partners' bids may add up to: a
    first partner who bid 13 would leave the other no legal bid at all.
    """
    capped = house(tmp_path, SIDE_CAP.format(cap=13, nil="false"))
    deal = Game(capped, players=4, seed=4, dealer=3).new_deal()
    assert deal.legal_actions() == [f"bid {n}" for n in range(1, 13)]
    with pytest.raises(IllegalAction, match="partners may bid at most 13 tricks together"):
        deal.apply("bid 13")
    bid(deal, "bid 12", "bid 1")
    assert deal.phase == "bid" and deal.to_act == 2
    assert deal.legal_actions() == ["bid 1"]


# -- hand-size schedules ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rid", "players", "sizes"),
    [
        # 52 cards less the upcard: 51 // 4 = 12, 51 // 3 = 17, 51 // 7 = 7; [1, max, 1]
        ("oh-hell", 4, [*range(1, 13), *range(11, 0, -1)]),
        ("oh-hell", 3, [*range(1, 18), *range(16, 0, -1)]),
        ("oh-hell", 7, [*range(1, 8), *range(6, 0, -1)]),
        # [10, 1, 10]: 10 down to 1, then 2 up to 10: 19 deals
        ("boerenbridge", 4, [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
    ],
)
def test_the_deal_number_picks_the_hand_size(rid: str, players: int, sizes: list[int]) -> None:
    game = Game(rules(rid), players=players, seed=6, dealer=0)
    for number, size in enumerate(sizes):
        deal = game.new_deal(number=number)
        assert [len(deal.hand(s)) for s in range(players)] == [size] * players, number
        assert len(deal.stock) == 52 - players * size  # the upcard and the rest
    with pytest.raises(ValueError, match=f"the schedule has {len(sizes)} deals; there is no deal {len(sizes) + 1}"):
        game.new_deal(number=len(sizes))


def test_given_hands_must_fit_the_schedule() -> None:
    game = Game(rules("oh-hell"), players=4, seed=0, dealer=3)
    hands = [FULL[13 * s : 13 * s + 13] for s in range(4)]
    with pytest.raises(ValueError, match="hand 0 has 13 cards; the ruleset deals 1 to 12"):
        game.new_deal(hands=hands)


def test_a_turning_point_written_twice_is_dealt_twice(tmp_path: Path) -> None:
    twice = house(
        tmp_path,
        """
        id: twice
        extends: oh-hell
        title: Three, then twice one
        deal:
          schedule: [3, 1, 1, 2]
        """,
    )
    game = Game(twice, players=4, seed=7, dealer=0)
    sizes = []
    while not game.is_over:
        deal = game.new_deal()
        sizes.append(len(deal.hand(0)))
        while deal.phase != "done":
            deal.apply(deal.legal_actions()[0])
        game.finish_deal(deal)
    assert sizes == [3, 2, 1, 1, 2]  # the game ends after the last deal of the schedule
    with pytest.raises(ValueError, match="the game is over"):
        game.new_deal()


def test_a_tie_at_the_schedules_end_is_shared(tmp_path: Path) -> None:
    one_deal = house(
        tmp_path,
        """
        id: one-deal
        extends: oh-hell
        title: One card, once
        deal:
          schedule: [1]
        game:
          ties: play-on
        """,
    )
    game = Game(one_deal, players=4, seed=0, dealer=3)
    hands = [["AS"], ["2C"], ["3C"], ["4C"]]
    deal = game.new_deal(hands=hands, dealer=3, stock=stock_after(hands, ["2H"]))  # hearts trump
    bid(deal, "bid 0", "bid 0", "bid 0")
    assert deal.legal_actions() == ["bid 0"]  # the hook: not 1
    deal.apply("bid 0")
    play(deal, "AS 2C 3C 4C")  # no spade to follow, no heart: the A♠ wins
    # seat 0 bid 0 and took the trick: 1 point; the others made 0: 10 each.
    assert deal.points() == [1, 10, 10, 10]
    game.finish_deal(deal)
    # No deal is left to break the tie: seats 1, 2 and 3 win together, play-on or not.
    assert game.is_over and game.winners == [1, 2, 3]


# -- the dealer's last card (Whist) -----------------------------------------------------------------------

# Dealer 2, seat 3 leads, played lowest:
#   seat 0: clubs 2-7, spades 2-8     seat 1: every diamond
#   seat 2: clubs 8-A, spades 9-A     seat 3: every heart
WHIST_HANDS = [cards("C:234567 S:2345678"), cards("D:*"), cards("C:89TJQKA S:9TJQKA"), cards("H:*")]


def whist_deal(dealer_hand_last: str, game: Game | None = None) -> Deal:
    hands = [list(h) for h in WHIST_HANDS]
    hands[2] = [c for c in hands[2] if c != dealer_hand_last] + [dealer_hand_last]
    game = game or Game(rules("whist"), players=4, seed=0, dealer=2)
    return game.new_deal(hands=hands, dealer=2, number=game.number)


def test_the_dealers_last_card_gives_trump() -> None:
    spades_trump = whist_deal("AS")
    assert spades_trump.trump == 3 and spades_trump.phase == "play" and spades_trump.to_act == 3
    assert "AS" in spades_trump.hand(2)  # the dealer keeps the card
    play_lowest(spades_trump)
    # Spades trump. Tricks 1-6: seat 3 leads 2H..7H; nobody else has a heart, and the lowest
    # legal cards are clubs: seat 3 wins. Trick 7: 8H led, seat 0 is out of clubs and plays 2S,
    # a trump: seat 0 wins. Tricks 8-13: seat 0 leads 3S..8S, seat 2 follows 9S..AS and wins.
    assert [t.winner for t in spades_trump.tricks] == [3] * 6 + [0] + [2] * 6
    # Seats 0 and 2 took 7 tricks: 1 over the book of six; seats 1 and 3 took 6: nothing.
    assert spades_trump.points() == [1, 0, 1, 0]
    clubs_trump = whist_deal("AC")
    assert clubs_trump.trump == 0
    clubs_trump.apply("2H")
    clubs_trump.apply("2C")  # seat 0's lowest card is now a trump...
    clubs_trump.apply("2D")
    clubs_trump.apply("8C")  # ...and seat 2's higher trump wins
    assert clubs_trump.tricks[0].winner == 2


def test_a_shuffled_whist_deal_turns_the_dealers_last_card() -> None:
    for seed in range(8):
        game = Game(rules("whist"), players=4, seed=seed, dealer=seed % 4)
        deal = game.new_deal()
        assert deal.turned is not None
        turned = CODES[deal.turned]
        assert turned in deal.hand(deal.dealer)
        assert deal.trump == deal.turned // 13  # its suit
        assert deal.stock == []  # all 52 cards dealt


def test_whist_with_unknown_hands_takes_the_turned_card_as_stock() -> None:
    game = Game(rules("whist"), players=4, seed=0, dealer=3, unknown_hands=True)
    with pytest.raises(ValueError, match="give it as stock"):
        game.new_deal()
    deal = game.new_deal(stock=["KH"])
    assert deal.trump == 2 and deal.to_act == 0
    assert "KH" not in deal.legal_actions()  # only the dealer can hold it
    assert "known to be in another hand" in illegal(deal, "KH")
    play(deal, "2C 3C 4C")
    assert "KH" in deal.legal_actions()  # the dealer
    deal.apply("KH")
    assert deal.tricks[0].winner == 3  # the only trump


# -- the book and the game's end (Whist) ----------------------------------------------------------------


def test_the_book_scores_tricks_over_six_and_ends_the_game_at_five() -> None:
    game = Game(rules("whist"), players=4, seed=0, dealer=2)
    deal = whist_deal("AS", game)
    play_lowest(deal)
    game.finish_deal(deal)
    assert game.scores == [1, 0, 1, 0] and not game.is_over
    # Next deal (dealer 3): one suit each, the dealer (seat 3) holds every spade, trump.
    deal = game.new_deal(hands=ONE_SUIT_EACH, dealer=3)
    assert deal.trump == 3
    play_lowest(deal)
    # Seat 3 trumps or leads trumps every trick: 13 tricks, 7 over the book.
    assert deal.points() == [0, 7, 0, 7]
    game.finish_deal(deal)
    assert game.scores == [1, 7, 1, 7]
    assert game.is_over and game.winners == [1, 3]  # 7 >= 5


# -- bags across deals ---------------------------------------------------------------------------------


def test_bags_carry_over_and_cost_100_at_every_ten() -> None:
    game = Game(rules("spades"), players=4, seed=0, dealer=3)
    expected_scores = [(80, 58), (160, 16), (240, -26)]
    expected_bags = [8, 6, 4]
    for k in range(3):
        dealer = game.dealer
        deal = game.new_deal(hands=ONE_SUIT_EACH, dealer=dealer)
        assert dealer == (3 + k) % 4
        # From the dealer's left: seat 0 nil, seat 1 bid 1, seat 2 bid 2, seat 3 bid 4.
        for _ in range(4):
            seat = deal.to_act
            deal.apply({0: "nil", 1: "bid 1", 2: "bid 2", 3: "bid 4"}[seat])
        play_lowest(deal)
        assert deal.tricks_won == [0, 0, 0, 13]
        result = game.finish_deal(deal)
        # Each deal: side 0/2 +100 - 20 = 80; side 1/3 bid 5, took 13: 58 and 8 bags.
        # Bags: 8; 16 -> -100, 6 left; 14 -> -100, 4 left. Side 1/3: 58, 58 - 100, 58 - 100.
        ours, theirs = expected_scores[k]
        assert game.scores == [ours, theirs, ours, theirs], k
        assert game.bags == [0, expected_bags[k], 0, expected_bags[k]]
        assert result.bags == (0, expected_bags[k], 0, expected_bags[k])
    assert not game.is_over


# -- the floor -------------------------------------------------------------------------------------------


def test_the_floor_ends_the_game_at_minus_200() -> None:
    game = Game(rules("spades"), players=4, seed=0, dealer=3)
    # Seat 3 takes every trick of ONE_SUIT_EACH. Seats 0 and 2 bid 6 + 7 = 13 and are set: -130.
    # Seats 1 and 3 bid 1 + 1 = 2 and take 13: 20 + 11 = 31, 11 bags -> -100, 1 bag left: -69.
    deal = spades_deal("spades", ONE_SUIT_EACH, game=game, dealer=3)
    bid(deal, "bid 6", "bid 1", "bid 7", "bid 1")
    play_lowest(deal)
    game.finish_deal(deal)
    assert game.scores == [-130, -69, -130, -69] and not game.is_over
    # Second deal (dealer 0, seat 1 bids first): seats 0 and 2 bid 3 + 4 = 7, set: -70, -200 in all.
    # Seats 1 and 3 bid 2 again: 31, 1 + 11 = 12 bags -> -100, 2 left: -69, -138 in all.
    deal = spades_deal("spades", ONE_SUIT_EACH, game=game, dealer=0)
    bid(deal, "bid 1", "bid 3", "bid 1", "bid 4")
    play_lowest(deal)
    game.finish_deal(deal)
    assert game.scores == [-200, -138, -200, -138]
    assert game.is_over and game.winners == [1, 3]  # at the floor; the best score wins
    with pytest.raises(ValueError, match="the game is over"):
        game.new_deal()


def test_the_target_ends_the_game_at_500() -> None:
    game = Game(rules("spades"), players=4, seed=0, dealer=3)
    # Seats 1 and 3 bid 6 + 7 = 13 and take all 13: 130 a deal, no bags; seats 0 and 2 bid 1 + 1: -20.
    for k in range(4):
        deal = spades_deal("spades", ONE_SUIT_EACH, game=game, dealer=game.dealer)
        for _ in range(4):
            deal.apply({0: "bid 1", 1: "bid 6", 2: "bid 1", 3: "bid 7"}[deal.to_act])
        play_lowest(deal)
        game.finish_deal(deal)
        assert game.is_over == (k == 3)  # 390 after three deals, 520 after four
    assert game.scores == [-80, 520, -80, 520] and game.winners == [1, 3]


# -- rulesets that do not fit ------------------------------------------------------------------------------


# Each house rule below breaks one rule of the schema's descriptions; the error names the file,
# the line and column of the offending value, its JSON path and the problem, on one line.
MISFITS = {
    "schedule-beyond-the-deck": (
        """
        id: r
        extends: boerenbridge
        title: Thirteen cards
        deal:
          schedule: [13, 1]
        """,
        # 4 * 13 + the upcard = 53 cards; the 13 stands at line 5, column 14.
        "r.yaml:5:14: $.deal.schedule[0]: 4 hands of 13 and one card to turn up need more than the 52 cards"
        " in the deck",
    ),
    "schedule-and-hand-size": (
        """
        id: r
        extends: oh-hell
        title: Both
        deal:
          hand_size: 5
        """,
        "r.yaml:5:14: $.deal.hand_size: give either deal.hand_size or deal.schedule, not both",
    ),
    "side-max-without-partners": (
        """
        id: r
        extends: cutthroat-spades
        title: A cap without partners
        bidding:
          rounds:
            - kind: tricks
              min: 1
              nil: true
              side_max: 13
        """,
        "r.yaml:9:17: $.bidding.rounds[0].side_max: a partnership's bid needs partnerships (players.teams: opposite)",
    ),
    "contract-without-trick-bids": (
        """
        id: r
        extends: hearts
        title: A contract in Hearts
        scoring:
          contract:
            made: exactly
        """,
        # located at the block's value: the line below 'contract:'
        "r.yaml:6:5: $.scoring.contract: scoring.contract scores bids:"
        " it needs a bidding round of kind tricks or contract",
    ),
    "trick-bids-from-a-declarer-nobody-declared": (
        """
        id: r
        extends: oh-hell
        title: No auction
        bidding:
          rounds:
            - kind: tricks
              declarer_min: true
        """,
        "r.yaml:7:21: $.bidding.rounds[0].declarer_min: declarer_min needs an earlier round of kind contract",
    ),
    "declarer-leads-without-bidding": (
        """
        id: r
        extends: hearts
        title: Who declares?
        play:
          opening_lead:
            by: declarer
        """,
        "r.yaml:6:9: $.play.opening_lead.by: declarer needs bidding that names a declarer"
        " (a round of kind contract, order-up or call)",
    ),
    "contract-for-no-tricks": (
        """
        id: r
        extends: spades
        title: Zero
        trump:
          kind: bid
        bidding:
          rounds:
            - kind: contract
              min: 0
        """,
        "r.yaml:9:12: $.bidding.rounds[0].min: a contract names at least 1 trick",
    ),
}


@pytest.mark.parametrize("name", MISFITS)
def test_rulesets_that_do_not_fit(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text, expected = MISFITS[name]
    monkeypatch.chdir(tmp_path)  # so that the problem names the file as r.yaml
    Path("r.yaml").write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    with pytest.raises(RulesetError) as err:
        load_ruleset("r.yaml")
    assert str(err.value).splitlines() == [expected]


# -- one action at a time -------------------------------------------------------------------------


@pytest.mark.parametrize("rid", ["hearts", "euchre", "spades", "oh-hell", "whist"])
def test_is_legal_agrees_with_legal_actions_at_every_step(rid: str) -> None:
    """``deal.is_legal`` answers for one action exactly what ``legal_actions`` lists, in any spelling."""
    rules = load_ruleset(rid)
    rng = random.Random(7)
    game = Game(rules, seed=7)
    for _ in range(3):
        deal = game.new_deal(number=rng.randrange(len(game.layout.schedule) or 4))
        words = ["pass", "order-up", "call H", "alone", "partner", "nil", "bid 0", "bid 3", "old-moon", "ZZ", ""]
        while deal.phase != "done":
            legal = set(deal.legal_actions())
            for action in [*CODES, *words]:
                assert deal.is_legal(action) == (action in legal), (deal.phase, action)
            if "TH" in legal:
                assert deal.is_legal("10H") and deal.is_legal("th")
            deal.apply(rng.choice(sorted(legal)))
        assert not deal.is_legal("2C")


# -- no trump as a call ----------------------------------------------------------------------------

NO_TRUMP_EUCHRE = """\
id: euchre-no-trump
extends: euchre
bidding:
  rounds:
    - kind: order-up
    - kind: call
      stick_the_dealer: true
      no_trump: true
"""


def test_a_call_round_may_call_no_trump(tmp_path: Path) -> None:
    """``call NT`` makes the deal trumpless: the highest card of the led suit wins, jacks are plain."""
    rules = write_rules(tmp_path, NO_TRUMP_EUCHRE)
    hands = [
        ["JS", "JC", "AH", "KH", "QH"],
        ["9S", "TS", "QS", "KS", "AS"],
        ["9C", "TC", "QC", "KC", "AC"],
        ["9D", "TD", "JD", "QD", "KD"],
    ]
    deal = Game(rules, seed=0, dealer=3).new_deal(hands=hands, dealer=3, stock=["AD", "9H", "TH", "JH"])
    for _ in range(4):
        deal.apply("pass")  # nobody orders the A♦ up
    assert "call NT" in deal.legal_actions() and "call D" not in deal.legal_actions()
    deal.apply("call NT")  # seat 0 calls no trump
    assert deal.trump is None and deal.maker == 0
    if deal.phase == "bid":
        deal.apply("partner")
    deal.apply("JS")  # without trump the J♠ is a plain spade: seat 1 must follow
    assert deal.legal_actions() == ["9S", "TS", "QS", "KS", "AS"]
    deal.apply("AS")
    deal.apply("9C")
    deal.apply("9D")
    assert deal.tricks[0].winner == 1  # the ace of spades, not the jack


def test_no_trump_belongs_to_call_rounds(tmp_path: Path) -> None:
    bad = NO_TRUMP_EUCHRE.replace("    - kind: order-up\n", "    - kind: order-up\n      no_trump: true\n")
    with pytest.raises(RulesetError) as err:
        write_rules(tmp_path, bad)
    assert [str(p).split(": ", 1)[1] for p in err.value.problems] == [
        "$.bidding.rounds[0].no_trump: no_trump belongs to a round of kind call or contract, not order-up"
    ]


# -- auctions of contracts -------------------------------------------------------------------------

# Israeli Whist's two phases: an auction of contracts from 5 tricks, then every player bids
# tricks once, the declarer first and at least the contract, the last one hooked; the
# declarer leads. (Its scoring, bid squared plus 10, is not a mechanism yet: exact bids
# score 10 + 1 a trick here.)
TWO_PHASES = """
id: two-phases
title: Auction, then trick bids (test)
family: whist
players: {counts: [4]}
deal: {hand_size: 13}
trump: {kind: bid}
bidding:
  rounds:
    - {kind: contract, min: 5, no_trump: true}
    - {kind: tricks, starts: declarer, declarer_min: true, hook: true}
play: {opening_lead: {by: declarer}}
scoring:
  points: {}
  contract: {made: exactly, made_points: {base: 10, per_trick: 1}, set_points: {per_trick: 1}}
game: {deals: 4, winner: highest}
"""


def contract_deal(folder: Path, text: str = CONTRACT_WHIST, hands: list[list[str]] | None = None) -> Deal:
    """A deal of a test ruleset, dealer 3 (seat 0 speaks first)."""
    folder.mkdir(parents=True, exist_ok=True)
    game = Game(house(folder, text), seed=0, dealer=3)
    return game.new_deal(hands=hands or ONE_SUIT_EACH, dealer=3)


def test_a_contract_auction_names_tricks_and_trump_above_the_last_call(tmp_path: Path) -> None:
    deal = contract_deal(tmp_path)
    assert deal.phase == "bid" and deal.to_act == 0
    # 7 to 13 tricks, each in clubs, diamonds, hearts, spades, then no trump
    assert deal.legal_actions()[:7] == ["pass", "bid 7C", "bid 7D", "bid 7H", "bid 7S", "bid 7NT", "bid 8C"]
    assert deal.legal_actions()[-1] == "bid 13NT" and len(deal.legal_actions()) == 1 + 7 * 5
    deal.apply("bid 7H")
    assert deal.legal_actions()[:3] == ["pass", "bid 7S", "bid 7NT"]
    message = illegal(deal, "bid 7D")
    assert message.endswith("a contract must be higher than the last one, bid 7H")
    assert illegal(deal, "bid 3").endswith("not a contract; pass, or name tricks and trump, e.g. 'bid 7C'")
    bid(deal, "pass", "bid 8C", "pass")  # seat 2 outbids; a pass does not end a player's bidding
    bid(deal, "bid 8D", "pass", "pass")  # seat 0 again
    assert deal.phase == "bid" and deal.to_act == 3
    deal.apply("pass")  # the third pass in a row after seat 0's 8 diamonds
    assert (deal.phase, deal.maker, deal.trump, deal.contract_tricks) == ("play", 0, 1, 8)
    assert deal.to_act == 1  # left of the declarer leads


def test_a_no_trump_contract_is_played_without_trump(tmp_path: Path) -> None:
    deal = contract_deal(tmp_path)
    bid(deal, "pass", "bid 9NT", "pass", "pass", "pass")
    assert (deal.maker, deal.trump, deal.contract_tricks, deal.to_act) == (1, None, 9, 2)


def test_when_everyone_passes_the_cards_are_thrown_in(tmp_path: Path) -> None:
    rules = house(tmp_path, CONTRACT_WHIST)
    game = Game(rules, seed=0, dealer=3)
    deal = game.new_deal()
    bid(deal, "pass", "pass", "pass")
    assert deal.phase == "bid"  # three passes before any contract do not end the auction
    deal.apply("pass")
    assert deal.phase == "done" and deal.redeal and deal.points() == [0, 0, 0, 0]
    result = game.finish_deal(deal)
    assert result.redeal and game.deals_played == 0


def test_a_thrown_in_deal_is_dealt_again_at_the_same_place_in_the_schedule(tmp_path: Path) -> None:
    """Oh Hell with an auction for trump: a deal nobody bids on is dealt again with the same hand size, by the
    next dealer, and the schedule's deals are all played before the game ends."""
    rules = house(
        tmp_path,
        "id: auction-oh-hell\nextends: oh-hell\ndeal: {upcard: false, schedule: [3, 2, 1]}\ntrump: {kind: bid}\n"
        "bidding: {rounds: [{kind: contract, min: 1}, {kind: tricks, starts: declarer, declarer_min: true}]}\n",
    )
    game = Game(rules, players=4, seed=0, dealer=0)
    deal = game.new_deal()
    assert deal.hand_size == 3
    bid(deal, "pass", "pass", "pass", "pass")
    assert deal.redeal
    game.finish_deal(deal)
    again = game.new_deal()
    assert (again.hand_size, again.dealer, again.number) == (3, 1, deal.number)
    played = []  # the hand size of each deal played out
    deal = again
    while True:
        while deal.phase != "done":  # the last action of an auction is its highest contract, never a pass
            deal.apply(deal.legal_actions()[-1] if deal.phase == "bid" else deal.legal_actions()[0])
        played.append(deal.hand_size)
        game.finish_deal(deal)
        if game.is_over:
            break
        deal = game.new_deal()
    assert played == [3, 2, 1] and game.deals_played == 3


def test_the_declarers_side_makes_or_loses_its_contract(tmp_path: Path) -> None:
    # ONE_SUIT_EACH: seat 0 holds every club. It declares 7 clubs and takes all 13 tricks:
    # partners 0 and 2 score 10 * 7 + 6 overtricks = 76; the defenders, who bid nothing, 0.
    made = contract_deal(tmp_path)
    bid(made, "bid 7C", "pass", "pass", "pass")
    play_lowest(made)
    assert made.tricks_won == [13, 0, 0, 0]
    assert made.points() == [76, 0, 76, 0]
    # Seat 1 declares 7 hearts, but seat 2 holds every heart: seat 2 wins whatever it trumps
    # or leads, and nobody else can follow a heart. Seats 1 and 3 take nothing: -10 * 7.
    lost = contract_deal(tmp_path / "lost")
    bid(lost, "pass", "bid 7H", "pass", "pass", "pass")
    play_lowest(lost)
    assert lost.tricks_won[1] + lost.tricks_won[3] == 0
    assert lost.points() == [0, -70, 0, -70]


def test_trick_bids_after_an_auction_start_with_the_declarer_at_its_contract(tmp_path: Path) -> None:
    deal = contract_deal(tmp_path, TWO_PHASES)
    bid(deal, "pass", "bid 6S", "pass", "pass", "pass")
    assert (deal.maker, deal.trump, deal.phase, deal.to_act) == (1, 3, "bid", 1)
    assert deal.legal_actions() == numbers(6, 13)  # the declarer: at least its 6 tricks, no fewer
    assert illegal(deal, "bid 5").endswith("the declarer bids at least the contract's 6 tricks")
    deal.apply("bid 7")
    assert deal.to_act == 2 and deal.legal_actions() == numbers(0, 13)
    bid(deal, "bid 2", "bid 0")
    # seat 0 bids last: 7 + 2 + 0 = 9, so the hook forbids 4
    assert deal.to_act == 0 and deal.legal_actions() == [w for w in numbers(0, 13) if w != "bid 4"]
    deal.apply("bid 3")
    assert deal.phase == "play" and deal.to_act == 1  # the declarer leads
    assert [deal.bid(s) for s in range(4)] == ["bid 3", "bid 7", "bid 2", "bid 0"]


def test_random_auctions_and_deals_play_to_the_end(tmp_path: Path) -> None:
    """Random play through both test rulesets: every step legal, copies independent, bids scored."""
    rng = random.Random(5)
    for i, text in enumerate((CONTRACT_WHIST, TWO_PHASES)):
        (tmp_path / str(i)).mkdir()
        game = Game(house(tmp_path / str(i), text), seed=7)
        for _ in range(150):
            deal = game.new_deal()
            while deal.phase != "done":
                legal = deal.legal_actions()
                assert legal and all(deal.is_legal(a) for a in legal)
                if deal.phase == "bid" and rng.random() < 0.5:
                    twin = deal.copy()
                    twin.apply(legal[-1])
                    assert deal.legal_actions() == legal  # the copy shares nothing
                deal.apply(rng.choice(legal))
            result = game.finish_deal(deal)
            if not result.redeal:
                assert sum(deal.tricks_won) == 13 and deal.maker is not None
                assert deal.contract_tricks >= (7 if i == 0 else 5)
            if game.is_over:
                break
