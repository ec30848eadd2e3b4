"""One test (or one parametrized group) per rule feature, on scripted deals.

Every expected value is worked out from the rules in the comments; the deals
come from :mod:`helpers_deals` or are written out here. Seats are numbered
clockwise from 0 and "left" is the next seat; with ``number=3`` a four-player
Hearts deal is a hold hand (no passing), which most play tests use.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers_deals import (
    all_clubs,
    cards,
    deck_codes,
    euchre_strong_seat1,
    euchre_strong_seat2,
    fill_hands,
    moon_deal,
    pass_cards,
    play,
    play_out,
    play_trick,
    rotate,
    rules,
    split_deal,
    write_rules,
)

from referee import Deal, Game, IllegalAction, Ruleset

HOLD = 3  # deal number 3 is the fourth deal: no passing in the left-right-across-hold cycle
SUIT = {s: i for i, s in enumerate("CDHS")}  # deal.trump is a suit index


def deck_order(code: str) -> int:
    return "CDHS".index(code[1]) * 13 + "23456789TJQKA".index(code[0])


def hearts_deal(ruleset: str, hands: list[list[str]], dealer: int = 0, number: int = HOLD) -> Deal:
    game = Game(rules(ruleset), dealer=dealer)
    return game.new_deal(hands=hands, dealer=dealer, number=number)


# -- passing -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "direction"),
    [(0, "left"), (1, "right"), (2, "across"), (3, "hold"), (4, "left"), (5, "right"), (6, "across"), (7, "hold")],
)
def test_pass_direction_follows_the_deal_number(number: int, direction: str) -> None:
    # Seeds 000, 001, 002: left, right, across, then no pass; the cycle repeats from the fifth deal.
    deal = hearts_deal("hearts", split_deal(), number=number)
    assert deal.pass_direction == direction
    assert deal.phase == ("play" if direction == "hold" else "pass")


@pytest.mark.parametrize(("number", "offset"), [(0, 1), (1, -1), (2, 2)])
def test_passed_cards_reach_the_seat_in_the_pass_direction(number: int, offset: int) -> None:
    hands = split_deal()
    chosen = {0: ["2C", "3D", "4D"], 1: ["AC", "KC", "2D"], 2: ["QH", "KH", "AH"], 3: ["QS", "KS", "AS"]}
    deal = hearts_deal("hearts", hands, dealer=0, number=number)
    pass_cards(deal, chosen)
    assert deal.phase == "play"
    for giver in range(4):
        receiver = (giver + offset) % 4
        kept = set(hands[receiver]) - set(chosen[receiver])
        assert set(deal.hand(receiver)) == kept | set(chosen[giver])


def test_cards_change_hands_only_after_every_seat_has_chosen() -> None:
    hands = split_deal()
    deal = hearts_deal("hearts", hands, dealer=2, number=0)  # pass left
    # Passing starts left of the dealer (seat 3) and goes round: 3, 0, 1, then the dealer.
    for seat in (3, 0, 1):
        assert deal.to_act == seat
        first = deal.legal_actions()[0]
        deal.apply(first)
        # A chosen card stays in the hand but cannot be chosen twice.
        assert first in deal.hand(seat)
        assert first not in deal.legal_actions()
        with pytest.raises(IllegalAction, match=rf"{first} is already chosen to pass"):
            deal.apply(first)
        play(deal, *deal.legal_actions()[:2])
    assert deal.phase == "pass" and deal.to_act == 2
    assert [deal.hand(s) for s in range(4)] == [sorted(h, key=deck_order) for h in hands]
    play(deal, "2H", "3H")
    assert [deal.hand(s) for s in range(4)] == [sorted(h, key=deck_order) for h in hands]
    deal.apply("4H")  # the last choice: now every hand changes at once
    assert deal.phase == "play"
    # Seat 2 passed 2H 3H 4H left to seat 3, and seat 1's three lowest (3C 4C 5C) reached seat 2.
    assert {"2H", "3H", "4H"} <= set(deal.hand(3))
    assert {"3C", "4C", "5C"} <= set(deal.hand(2)) and "2H" not in deal.hand(2)


def test_passing_a_card_not_in_the_hand_is_illegal() -> None:
    deal = hearts_deal("hearts", split_deal(), dealer=0, number=0)
    assert deal.to_act == 1  # seat 1 holds 3C-AC and 2D
    with pytest.raises(IllegalAction, match=r"illegal action 'QS' by seat 1: QS is not in the hand"):
        deal.apply("QS")


@pytest.mark.parametrize(
    ("players", "cycle"),
    [(3, ["left", "right"]), (4, ["left", "right", "across", "hold"]), (5, ["left", "right"])],
)
def test_hearts_classic_pass_cycle_depends_on_the_number_of_players(players: int, cycle: list[str]) -> None:
    # Seed 003: with more than four players the passes go left, right, repeat (the ruleset does the same for 3).
    game = Game(rules("hearts-classic"), players=players, seed=players)
    for number in range(8):
        assert game.new_deal(number=number).pass_direction == cycle[number % len(cycle)]


def test_five_players_pass_right_to_the_previous_seat() -> None:
    game = Game(rules("hearts-classic"), players=5, seed=11)
    deal = game.new_deal(number=1)  # the second deal passes right
    dealt = [deal.hand(s) for s in range(5)]
    chosen = {s: dealt[s][-3:] for s in range(5)}  # everyone passes their three highest cards
    pass_cards(deal, chosen)
    for giver in range(5):
        receiver = (giver - 1) % 5
        assert set(chosen[giver]) <= set(deal.hand(receiver))
        assert set(deal.hand(receiver)) == set(dealt[receiver]) - set(chosen[receiver]) | set(chosen[giver])


@pytest.mark.parametrize("number", range(5))
def test_black_maria_always_passes_right(number: int) -> None:
    hands = split_deal()
    deal = hearts_deal("black-maria", hands, dealer=0, number=number)
    assert deal.pass_direction == "right"
    chosen = {0: ["2C", "3D", "4D"], 1: ["AC", "KC", "2D"], 2: ["QH", "KH", "AH"], 3: ["QS", "KS", "AS"]}
    pass_cards(deal, chosen)
    # Seat 0's cards go to seat 3, seat 1's to seat 0, and so on.
    assert {"2C", "3D", "4D"} <= set(deal.hand(3))
    assert {"AC", "KC", "2D"} <= set(deal.hand(0))
    assert {"QH", "KH", "AH"} <= set(deal.hand(1))
    assert {"QS", "KS", "AS"} <= set(deal.hand(2))


# -- the opening lead ----------------------------------------------------------------------


def test_the_holder_of_the_two_of_clubs_leads_it() -> None:
    hands = rotate(split_deal(), 2)  # seat 2 now holds 2C and 3D-AD
    deal = hearts_deal("hearts", hands, dealer=0)
    assert deal.to_act == 2  # not seat 1, the dealer's left
    assert deal.legal_actions() == ["2C"]
    with pytest.raises(IllegalAction, match=r"^illegal action '5D' by seat 2: the first lead must be 2C$"):
        deal.apply("5D")


def test_the_opening_leader_is_found_after_the_pass() -> None:
    deal = hearts_deal("hearts", split_deal(), dealer=3, number=0)  # pass left
    pass_cards(deal, {0: ["2C", "3D", "4D"]})  # seat 0 passes the 2C to seat 1
    assert deal.to_act == 1
    assert deal.legal_actions() == ["2C"]


@pytest.mark.parametrize(("players", "opening"), [(3, "2C"), (4, "2C"), (5, "3C"), (6, "2C"), (7, "2C")])
def test_the_lowest_club_in_the_deck_opens(players: int, opening: str) -> None:
    # hearts-classic removes 2D (3p), 2D 2C (5p), 2D 3D 3C 4C (6p), 2D 3D 3C (7p): only with five
    # players is the 2C gone, and then the 3C, the lowest club left, opens.
    game = Game(rules("hearts-classic"), players=players, seed=100 + players)
    deal = game.new_deal()
    pass_cards(deal)
    holder = next(s for s in range(players) if opening in deal.hand(s))
    assert deal.to_act == holder
    assert deal.legal_actions() == [opening]


OPENING_HAND = cards("C:259K D:34 H:234 S:23QA")


def test_must_lead_that_suit_allows_any_club(tmp_path: Path) -> None:
    house = write_rules(tmp_path, "id: any-club\nextends: hearts\nplay:\n  opening_lead:\n    must_lead: that-suit\n")
    game = Game(house, dealer=3)
    hands, _ = fill_hands(game, {0: OPENING_HAND})
    deal = game.new_deal(hands=hands, dealer=3, number=HOLD)
    assert deal.to_act == 0
    assert deal.legal_actions() == ["2C", "5C", "9C", "KC"]
    with pytest.raises(IllegalAction, match=r"the first lead must be a card of suit C"):
        deal.apply("3D")
    deal.apply("9C")
    assert deal.current_trick == [(0, "9C")]
    # The bundled hearts ruleset (that-card) allows only the 2C from the same hand.
    plain = Game(rules("hearts"), dealer=3).new_deal(hands=hands, dealer=3, number=HOLD)
    assert plain.legal_actions() == ["2C"]


def test_must_lead_any_still_keeps_hearts_and_the_queen_off_the_first_lead(tmp_path: Path) -> None:
    # With must_lead: any, the holder of the 2C may lead any card, but the ruleset's other limits
    # still hold: first_trick.forbid [H, QS] ("may not be led or discarded to the first trick") and
    # the unbroken-hearts lead restriction. This hand has other cards, so neither limit falls away.
    house = write_rules(tmp_path, "id: any-lead\nextends: hearts\nplay:\n  opening_lead:\n    must_lead: any\n")
    game = Game(house, dealer=3)
    hands, _ = fill_hands(game, {0: OPENING_HAND})
    deal = game.new_deal(hands=hands, dealer=3, number=HOLD)
    assert deal.to_act == 0
    assert deal.legal_actions() == cards("C:259K D:34 S:23A")
    with pytest.raises(IllegalAction, match=r"illegal action '2H' by seat 0"):
        deal.apply("2H")


@pytest.mark.parametrize(("dealer", "legal"), [(2, cards("S:23456789TJKA")), (1, cards("H:*"))])
def test_without_a_starter_card_the_first_leader_still_keeps_to_the_first_trick_limits(
    dealer: int, legal: list[str], tmp_path: Path
) -> None:
    # Seed 001 "starter card disabled": the player left of the dealer leads the first trick. The
    # first-trick limit (no heart, no QS) still holds: seat 3 with only spades may lead any but the
    # QS; seat 2 with only hearts has nothing else, so may lead a heart.
    house = write_rules(tmp_path, "id: no-starter\nextends: hearts\nplay:\n  opening_lead:\n    by: left-of-dealer\n")
    deal = Game(house, dealer=dealer).new_deal(hands=split_deal(), dealer=dealer, number=HOLD)
    assert deal.to_act == dealer + 1
    assert deal.legal_actions() == legal


@pytest.mark.parametrize("dealer", range(4))
def test_black_maria_the_player_left_of_the_dealer_leads_any_card(dealer: int) -> None:
    deal = hearts_deal("black-maria", split_deal(), dealer=dealer, number=0)
    pass_cards(deal)
    leader = (dealer + 1) % 4
    assert deal.to_act == leader
    # No opening card, no first-trick limit and no lead restriction: the whole hand may be led.
    assert deal.legal_actions() == deal.hand(leader)
    if leader == 2:  # seat 2 kept 5H-AH and got 2S 3S 4S from seat 3: hearts may be led at once
        assert "5H" in deal.legal_actions()


# -- following suit and winning tricks ----------------------------------------------------


def test_players_must_follow_suit() -> None:
    deal = hearts_deal("hearts", split_deal())
    deal.apply("2C")
    assert deal.to_act == 1
    assert deal.legal_actions() == cards("C:3456789TJQKA")  # not the 2D
    with pytest.raises(IllegalAction, match=r"^illegal action '2D' by seat 1: must follow suit \(C was led\)$"):
        deal.apply("2D")
    with pytest.raises(IllegalAction, match=r"2S is not in the hand"):
        deal.apply("2S")


def test_a_void_player_may_play_any_card_after_the_first_trick() -> None:
    deal = hearts_deal("hearts", split_deal())
    assert play_trick(deal, "2C", "3C", "2H", "2S") == 1
    deal.apply("4C")
    assert deal.legal_actions() == cards("H:3456789TJQKA")  # seat 2, void in clubs
    deal.apply("3H")
    assert deal.legal_actions() == cards("S:3456789TJQKA")  # seat 3: the QS is allowed now
    with pytest.raises(IllegalAction, match=r"3C has already been played"):
        deal.apply("3C")


def test_the_highest_card_of_the_led_suit_wins_and_the_winner_leads() -> None:
    deal = play_out(hearts_deal("hearts", split_deal()))
    tricks = deal.tricks
    assert len(tricks) == 13
    for before, after in itertools.pairwise(tricks):
        assert after.leader == before.winner
    # Trick 13: seat 1 leads the 2D; the AH and AS are higher ranks but of other suits; the AD wins.
    last = tricks[-1]
    assert last.leader == 1 and last.cards == ["2D", "AH", "AS", "AD"] and last.winner == 0
    assert deal.tricks_won == [1, 12, 0, 0]


# -- the first trick --------------------------------------------------------------------------

# Seat 0 leads the 2C; seat 1 is void in clubs with the 2H and the QS among other cards;
# seat 2 has clubs; seat 3 holds twelve hearts and the 10D.
FIRST_TRICK = [
    cards("C:2 D:JQKA S:6789TJKA"),
    cards("D:23456789 H:2 S:234Q"),
    cards("C:3456789TJQKA S:5"),
    cards("D:T H:3456789TJQKA"),
]


@pytest.mark.parametrize("card", ["2H", "QS"])
def test_first_trick_forbids_hearts_and_the_queen_even_when_void(card: str) -> None:
    deal = hearts_deal("hearts", FIRST_TRICK)
    deal.apply("2C")
    assert deal.legal_actions() == cards("D:23456789 S:234")
    with pytest.raises(
        IllegalAction, match=rf"^illegal action '{card}' by seat 1: {card} may not be played to the first"
    ):
        deal.apply(card)
    play(deal, "2D", "3C")
    assert deal.legal_actions() == ["TD"]  # seat 3 has one card that is neither a heart nor the QS


def test_first_trick_allows_any_card_to_a_hand_of_only_hearts_and_the_queen() -> None:
    hands = [list(h) for h in FIRST_TRICK]
    hands[1][hands[1].index("QS")], hands[3][hands[3].index("TD")] = "TD", "QS"  # swap: seat 3 now H + QS
    deal = hearts_deal("hearts", hands)
    play(deal, "2C", "2D", "3C")
    assert deal.to_act == 3
    assert deal.legal_actions() == deal.hand(3) == cards("H:3456789TJQKA S:Q")
    deal.apply("3H")  # a heart discarded because nothing else was allowed breaks hearts
    assert deal.is_broken()
    assert deal.tricks[0].winner == 2  # the 3C, highest club


def test_original_hearts_forbids_only_hearts_on_the_first_trick() -> None:
    # Original Hearts: the QS is no penalty card, so only hearts are kept off the first trick.
    deal = hearts_deal("original-hearts", FIRST_TRICK)
    deal.apply("2C")
    assert deal.legal_actions() == cards("D:23456789 S:234Q")


# -- leading hearts -----------------------------------------------------------------------------

# Trick 1: 2C (seat 0), AC (seat 1), 3C (seat 2), 5D (seat 3, void in clubs) -> seat 1 leads trick 2.
LEAD = [
    cards("C:2 D:234 H:23456 S:2345"),
    cards("C:QKA D:QKA H:789T S:QKA"),
    cards("C:3456789TJ H:JQKA"),
    cards("D:56789TJ S:6789TJ"),
]


def lead_deal(ruleset: str = "hearts") -> Deal:
    deal = hearts_deal(ruleset, LEAD)
    assert play_trick(deal, "2C", "AC", "3C", "5D") == 1
    return deal


def test_hearts_may_not_be_led_before_they_are_broken() -> None:
    deal = lead_deal()
    assert not deal.is_broken()
    assert deal.legal_actions() == cards("C:QK D:QKA S:QKA")
    with pytest.raises(IllegalAction, match=r"^illegal action '7H' by seat 1: 7H may not be led until broken$"):
        deal.apply("7H")


def test_a_heart_discarded_on_another_suit_breaks_hearts() -> None:
    deal = lead_deal()
    play(deal, "AD", "JH")  # seat 2 is void in diamonds and discards a heart
    assert deal.is_broken()
    play(deal, "6D", "2D")
    assert deal.tricks[-1].winner == 1
    assert deal.legal_actions() == cards("C:QK D:QK H:789T S:QKA")


@pytest.mark.parametrize(("ruleset", "breaks"), [("hearts", False), ("hearts-classic", True)])
def test_the_queen_may_always_be_led_and_breaks_hearts_only_where_the_rules_say(ruleset: str, breaks: bool) -> None:
    # Seed 000 (hearts): the QS may always be led and does not break hearts.
    # Seed 003 (hearts-classic): hearts are broken by a heart or the QS.
    deal = lead_deal(ruleset)
    assert "QS" in deal.legal_actions()
    assert play_trick(deal, "QS", "4C", "6S", "2S") == 1  # nobody played a heart
    assert deal.is_broken() is breaks
    assert ("7H" in deal.legal_actions()) is breaks


def only_hearts_deal(ruleset: Ruleset, extra: list[str]) -> Deal:
    """Seat 2 wins trick 1 with the AC and then holds only hearts (and ``extra``)."""
    game = Game(ruleset, dealer=0)
    hearts = cards("H:23456789TJQK")[: 12 - len(extra)]
    hands, _ = fill_hands(game, {0: ["2C"], 2: ["AC", *extra, *hearts]})
    # Seat 0: 2C 3C-KC 2D; seat 1: 3D-AD and a high heart; seat 3: the spades seat 2 lacks (and the AH).
    deal = game.new_deal(hands=hands, dealer=0, number=HOLD)
    deal.apply("2C")
    deal.apply(deal.legal_actions()[0])  # seat 1, void in clubs, may not give a heart: a diamond
    deal.apply("AC")
    deal.apply(deal.legal_actions()[0])  # seat 3, void in clubs: a card other than a heart or the QS
    assert deal.tricks[0].winner == 2
    assert deal.to_act == 2
    return deal


def test_a_player_with_only_hearts_may_lead_one_and_that_breaks_hearts() -> None:
    deal = only_hearts_deal(rules("hearts"), [])
    assert not deal.is_broken()
    assert deal.legal_actions() == cards("H:23456789TJQK")
    deal.apply("5H")
    assert deal.is_broken()


def test_lift_if_only_lets_a_hand_of_hearts_and_the_queen_lead_hearts(tmp_path: Path) -> None:
    # In hearts, a leader with only hearts and the QS must lead the QS (it may always be led,
    # hearts may not); with lift_if_only: [QS] the restriction is lifted for such a leader.
    plain = only_hearts_deal(rules("hearts"), ["QS"])
    assert plain.legal_actions() == ["QS"]
    with pytest.raises(IllegalAction, match=r"2H may not be led until broken"):
        plain.apply("2H")
    house = write_rules(
        tmp_path,
        "id: lift-queen\nextends: hearts\nplay:\n  lead_restrictions:\n"
        "    - cards: [H]\n      broken_by: [H]\n      lift_if_only: [QS]\n",
    )
    lifted = only_hearts_deal(house, ["QS"])
    assert lifted.legal_actions() == cards("H:23456789TJQ S:Q")
    lifted.apply("2H")
    assert lifted.is_broken()


# -- the deck for each number of players, and dealt hands that do not fit ------------------------


@pytest.mark.parametrize(
    ("players", "removed", "hand_size"),
    [
        (3, ["2D"], 17),  # 51 cards / 3
        (4, [], 13),
        (5, ["2C", "2D"], 10),  # 50 / 5
        (6, ["2D", "3D", "3C", "4C"], 8),  # 48 / 6
        (7, ["2D", "3D", "3C"], 7),  # 49 / 7
    ],
)
def test_hearts_classic_removes_cards_so_the_deck_deals_evenly(
    players: int, removed: list[str], hand_size: int
) -> None:
    game = Game(rules("hearts-classic"), players=players, seed=players)
    deal = game.new_deal()
    dealt = [c for s in range(players) for c in deal.hand(s)]
    assert [len(deal.hand(s)) for s in range(players)] == [hand_size] * players
    assert len(dealt) == len(set(dealt)) == 52 - len(removed) == players * hand_size
    assert not set(removed) & set(dealt)
    assert sorted(deck_codes(game)) == sorted(dealt)


def test_black_maria_for_three_removes_the_two_of_clubs() -> None:
    # Seed 000: with three players the 2C is taken out and each player gets 17 cards.
    game = Game(rules("black-maria"), players=3, seed=5, dealer=0)
    deal = game.new_deal()
    assert [len(deal.hand(s)) for s in range(3)] == [17, 17, 17]
    assert all("2C" not in deal.hand(s) for s in range(3))
    pass_cards(deal)
    assert deal.to_act == 1  # left of the dealer; there is no opening card


def test_new_deal_refuses_hands_that_do_not_fit_the_ruleset() -> None:
    game = Game(rules("hearts"), dealer=0)
    good = split_deal()
    duplicate = [list(h) for h in good]
    duplicate[1][duplicate[1].index("2D")] = "AD"  # the AD is then in hands 0 and 1, the 2D nowhere
    with pytest.raises(ValueError, match=r"hand 1: AD is dealt twice"):
        game.new_deal(hands=duplicate, dealer=0)
    short = [list(h) for h in good]
    short[3] = short[3][:12]
    with pytest.raises(ValueError, match=r"hand 3 has 12 cards; the ruleset deals 13"):
        game.new_deal(hands=short, dealer=0)
    with pytest.raises(ValueError, match=r"expected 4 hands, got 3"):
        game.new_deal(hands=good[:3], dealer=0)
    # Five players: the 2C and 2D are out of the deck, so a hand holding the 2C is refused.
    five = Game(rules("hearts-classic"), players=5, dealer=0)
    hands, _ = fill_hands(five, {})
    hands[4][0] = "2C"
    with pytest.raises(ValueError, match=r"hand 4: 2C is not in the deck for 5 players"):
        five.new_deal(hands=hands, dealer=0)
    # Euchre plays 9 to A: a 2C is no Euchre card; the stock must be exactly the undealt cards.
    euchre = Game(rules("euchre"), dealer=0)
    e_hands, stock = euchre_strong_seat1()
    bad = [list(h) for h in e_hands]
    bad[2][0] = "2C"
    with pytest.raises(ValueError, match=r"2C is not in the deck"):
        euchre.new_deal(hands=bad, dealer=0, stock=stock)
    with pytest.raises(ValueError, match=r"the stock must be exactly the undealt cards"):
        euchre.new_deal(hands=e_hands, dealer=0, stock=stock[:3])
    assert isinstance(IllegalAction(0, "x", "y"), ValueError)


# -- Euchre: bidding ------------------------------------------------------------------------------


def euchre_deal(
    ruleset: Ruleset | None = None,
    source: Callable[[], tuple[list[list[str]], list[str]]] = euchre_strong_seat1,
    dealer: int = 0,
) -> Deal:
    hands, stock = source()
    game = Game(ruleset or rules("euchre"), dealer=dealer)
    return game.new_deal(hands=hands, dealer=dealer, stock=stock)


def test_ordering_up_gives_the_dealer_the_upcard_and_a_discard() -> None:
    deal = euchre_deal()
    assert deal.phase == "bid" and deal.to_act == 1  # bidding starts left of the dealer
    assert deal.legal_actions() == ["pass", "order-up"]
    deal.apply("order-up")
    assert deal.trump == SUIT["H"]  # the upcard is the 10 of hearts
    assert deal.maker == 1
    assert deal.phase == "discard" and deal.to_act == 0
    assert deal.hand(0) == ["AD", "TH", "9S", "TS", "JS", "QS"]  # hand order: C D H S
    # euchre.yaml: may_discard_upcard is true, so the picked-up card may itself be discarded.
    assert deal.legal_actions() == deal.hand(0)
    with pytest.raises(IllegalAction, match=r"AC is not in the hand"):
        deal.apply("AC")
    deal.apply("TH")
    assert deal.hand(0) == ["AD", "9S", "TS", "JS", "QS"]
    # Then the maker says whether he plays alone.
    assert deal.phase == "bid" and deal.to_act == 1
    assert deal.legal_actions() == ["alone", "partner"]


def test_a_house_rule_can_keep_the_upcard_from_being_discarded(tmp_path: Path) -> None:
    house = write_rules(
        tmp_path, "id: keep-upcard\nextends: euchre\nbidding:\n  dealer_discard:\n    may_discard_upcard: false\n"
    )
    deal = euchre_deal(house)
    deal.apply("order-up")
    assert deal.phase == "discard"
    assert deal.legal_actions() == ["AD", "9S", "TS", "JS", "QS"]  # not the TH
    with pytest.raises(IllegalAction, match=r"the card picked up may not be discarded"):
        deal.apply("TH")
    deal.apply("9S")
    assert "TH" in deal.hand(0)


def test_round_two_may_not_name_the_turned_down_suit() -> None:
    deal = euchre_deal()
    play(deal, "pass", "pass", "pass", "pass")  # seats 1, 2, 3 and the dealer turn the 10H down
    assert deal.to_act == 1
    assert deal.legal_actions() == ["pass", "call C", "call D", "call S"]
    with pytest.raises(IllegalAction, match=r"not allowed in the bid phase"):
        deal.apply("call H")
    deal.apply("call S")
    assert deal.trump == SUIT["S"] and deal.maker == 1
    # No upcard is taken: no discard phase, the dealer keeps five cards.
    assert deal.phase == "bid" and deal.legal_actions() == ["alone", "partner"]
    assert len(deal.hand(0)) == 5


def test_stick_the_dealer_takes_pass_away_from_the_dealer_in_round_two() -> None:
    deal = euchre_deal()
    play(deal, "pass", "pass", "pass", "pass", "pass", "pass", "pass")
    assert deal.to_act == 0  # the dealer, after everyone else passed twice
    assert deal.legal_actions() == ["call C", "call D", "call S"]
    with pytest.raises(IllegalAction, match=r"illegal action 'pass' by seat 0"):
        deal.apply("pass")
    deal.apply("call C")
    assert deal.trump == SUIT["C"] and deal.maker == 0


def test_without_stick_the_dealer_all_passing_redeals_for_no_points(tmp_path: Path) -> None:
    house = write_rules(
        tmp_path,
        "id: no-stick\nextends: euchre\nbidding:\n  rounds:\n    - kind: order-up\n    - kind: call\n",
    )
    game = Game(house, dealer=0)
    hands, stock = euchre_strong_seat1()
    deal = game.new_deal(hands=hands, dealer=0, stock=stock)
    play(deal, *["pass"] * 7)
    assert deal.to_act == 0 and "pass" in deal.legal_actions()
    deal.apply("pass")
    assert deal.phase == "done" and deal.redeal
    assert deal.points() == [0, 0, 0, 0]
    result = game.finish_deal(deal)
    assert result.redeal
    assert game.scores == [0, 0, 0, 0]
    assert game.deals_played == 0  # a redeal is not a deal played
    assert game.dealer == 1  # the deal passes to the left


# -- Euchre: going alone --------------------------------------------------------------------------


def test_going_alone_sits_the_partner_out_and_tricks_have_three_cards() -> None:
    deal = euchre_deal()
    play(deal, "pass", "pass", "order-up")  # seat 3 orders up; seat 1 is his partner
    deal.apply("QS")  # the dealer's discard
    assert deal.to_act == 3
    deal.apply("alone")
    assert deal.alone and deal.active_seats() == [0, 2, 3]
    # euchre.yaml: only the maker may go alone, so play starts at once.
    assert deal.phase == "play"
    # The lead belongs left of the dealer (seat 1), who sits out: seat 2 leads.
    assert deal.to_act == 2
    deal.apply(deal.legal_actions()[0])
    assert deal.to_act == 3
    deal.apply(deal.legal_actions()[0])
    assert deal.to_act == 0
    deal.apply(deal.legal_actions()[0])
    assert len(deal.tricks) == 1 and len(deal.tricks[0].plays) == 3
    play_out(deal)
    assert len(deal.tricks) == 5
    assert all(len(t.plays) == 3 and 1 not in [s for s, _ in t.plays] for t in deal.tricks)
    assert deal.tricks_won[1] == 0 and sum(deal.tricks_won) == 5


LONE_DEFENDER = """id: lone-defender
extends: euchre
bidding:
  alone: maker-and-defender
scoring:
  tricks:
    - {side: makers, won: [5], alone: true, points: 4}
    - {side: makers, won: [5], points: 2}
    - {side: makers, won: [3, 4], points: 1}
    - {side: defenders, won: [3, 4, 5], lone_defender: true, points: 4}
    - {side: defenders, won: [3, 4, 5], points: 2}
"""


def test_a_lone_defender_plays_against_a_lone_maker(tmp_path: Path) -> None:
    house = write_rules(tmp_path, LONE_DEFENDER)
    deal = euchre_deal(house, euchre_strong_seat2)
    play(deal, "order-up", "9S", "alone")  # seat 1 orders up hearts and goes alone; seat 3 sits out
    # The defenders (seats 2 and 0) are asked in turn from the dealer's left.
    assert deal.phase == "bid" and deal.to_act == 2
    assert deal.legal_actions() == ["alone", "partner"]
    deal.apply("alone")  # seat 2 defends alone: seat 0, the dealer, sits out too
    assert deal.phase == "play"
    assert deal.active_seats() == [1, 2]
    assert deal.to_act == 1
    play_out(deal)
    assert all(len(t.plays) == 2 for t in deal.tricks)
    # Seat 2 holds the five top trumps: the lone defender takes all five tricks, worth 4.
    assert deal.tricks_won == [0, 0, 5, 0]
    assert deal.points() == [4, 0, 4, 0]


def test_a_defender_who_declines_passes_the_choice_to_the_other_defender(tmp_path: Path) -> None:
    house = write_rules(tmp_path, LONE_DEFENDER)
    deal = euchre_deal(house, euchre_strong_seat2)
    play(deal, "order-up", "9S", "alone", "partner")
    assert deal.phase == "bid" and deal.to_act == 0
    deal.apply("partner")
    assert deal.phase == "play" and deal.active_seats() == [0, 1, 2]
    play_out(deal)
    # Defenders take all five with a partner: the ordinary euchre, 2 points.
    assert deal.points() == [2, 0, 2, 0]


# -- Euchre: the left bower, trumps and the trick table ---------------------------------------------

# Dealer 0, upcard 10H. Seat 2 holds the JD (the left bower when hearts are trump) and two more diamonds.
BOWER = (
    [
        ["9H", "AC", "KC", "QC", "QS"],
        ["AH", "9D", "TD", "9C", "TC"],
        ["JD", "QD", "KD", "9S", "TS"],
        ["JH", "QH", "KH", "AD", "JS"],
    ],
    ["TH", "JC", "KS", "AS"],
)


def test_the_left_bower_is_a_trump_not_a_card_of_its_printed_suit() -> None:
    deal = euchre_deal(source=lambda: BOWER)
    play(deal, "order-up", "QS", "partner")  # hearts trump; the dealer now holds 9H TH AC KC QC
    deal.apply("9D")
    # Seat 2 must follow diamonds with a real diamond: the JD counts as a heart.
    assert deal.legal_actions() == ["QD", "KD"]
    with pytest.raises(IllegalAction, match=r"^illegal action 'JD' by seat 2: must follow suit \(D was led\)$"):
        deal.apply("JD")
    play(deal, "QD", "AD")
    # The dealer has no diamond and may trump: the 9H, lowest trump, beats the AD of the led suit.
    assert deal.legal_actions() == ["QC", "KC", "AC", "9H", "TH"]
    deal.apply("9H")
    assert deal.tricks[0].winner == 0
    deal.apply("TH")  # the dealer leads trump
    assert deal.legal_actions() == ["AH"]
    deal.apply("AH")
    # Seat 2 has no printed heart, but the JD is a trump, so it must be played.
    assert deal.legal_actions() == ["JD"]
    deal.apply("JD")
    assert deal.legal_actions() == ["JH", "QH", "KH"]
    deal.apply("QH")
    # The left bower beats the ace of trump.
    assert deal.tricks[1].winner == 2


@pytest.mark.parametrize(
    ("higher", "lower"),
    [("JH", "JD"), ("JD", "AH"), ("AH", "KH"), ("KH", "QH"), ("QH", "TH"), ("TH", "9H"), ("9H", "AD")],
)
def test_trump_order_right_bower_left_bower_then_ace_down(higher: str, lower: str) -> None:
    # Seed 004 (hearts trump): JH, JD, AH, KH, QH, 10H, 9H; any trump beats any other card.
    # Seat 1 leads the 9C; seats 2 and 3 have no club and play `higher` and `lower`.
    game = Game(rules("euchre"), dealer=0)
    fixed = {1: cards("C:9TJQK"), 2: [higher, *cards("S:TJQK")], 3: [lower, *cards("D:9TQK")]}
    hands, stock = fill_hands(game, fixed, stock_top=["9S"])
    deal = game.new_deal(hands=hands, dealer=0, stock=stock)
    play(deal, *["pass"] * 4, "call H", "partner")  # 9S turned down; seat 1 names hearts
    assert deal.legal_actions() == cards("C:9TJQK")
    play(deal, "9C", higher, lower)
    assert deal.legal_actions() == ["AC"]  # the dealer's only club
    deal.apply("AC")
    assert deal.tricks[0].winner == 2


# Dealer 0, upcard 10H; seat 1 holds the right and left bowers and the AH, then two nines.
THREE_TRICKS = (
    [
        ["KD", "AD", "TS", "JS", "QS"],
        ["JH", "JD", "AH", "9C", "9S"],
        ["AC", "KC", "QC", "AS", "KS"],
        ["TC", "JC", "9D", "TD", "QD"],
    ],
    ["TH", "9H", "QH", "KH"],
)


def test_leading_the_left_bower_leads_trump() -> None:
    deal = euchre_deal(source=lambda: THREE_TRICKS)
    play(deal, "order-up", "KD", "partner")  # hearts trump; the dealer holds AD TS JS QS TH
    assert play_trick(deal, "JH", "KS", "TC", "TH") == 1
    deal.apply("JD")
    # The JD leads hearts: seat 3 holds diamonds but no trump, so he need not play a diamond.
    deal.apply("KC")
    assert deal.legal_actions() == ["JC", "9D", "TD", "QD"]
    deal.apply("9D")
    assert deal.legal_actions() == ["AD", "TS", "JS", "QS"]
    deal.apply("AD")
    assert deal.tricks[1].winner == 1  # the only trump in the trick


def euchre_three_tricks(alone: bool) -> Deal:
    """Makers (seats 1 and 3) take exactly three tricks, scripted card by card."""
    deal = euchre_deal(source=lambda: THREE_TRICKS)
    play(deal, "order-up", "KD", "alone" if alone else "partner")  # dealer: AD TS JS QS TH
    if alone:  # seat 3 sits out; play goes 1, 2, 0
        tricks = [["JH", "KS", "TH"], ["JD", "KC", "AD"], ["AH", "QC", "TS"], ["9C", "AC", "JS"], ["AS", "QS", "9S"]]
    else:
        tricks = [
            ["JH", "KS", "TC", "TH"],  # seat 1's right bower
            ["JD", "KC", "JC", "AD"],  # the left bower: nobody else has a trump left
            ["AH", "QC", "9D", "TS"],
            ["9C", "AC", "TD", "JS"],  # seat 2 must follow with the AC and wins
            ["AS", "QD", "QS", "9S"],  # seat 2 leads the AS and wins
        ]
    winners = [play_trick(deal, *t) for t in tricks]
    assert winners == [1, 1, 1, 2, 2]
    return deal


def make_deal(kind: str, tmp_path: Path) -> Deal:
    if kind in ("march", "alone march"):
        deal = euchre_deal()
        play(deal, "order-up", "9S", "alone" if kind == "alone march" else "partner")
        return play_out(deal)  # seat 1 leads his five top trumps and wins every trick
    if kind in ("three", "alone three"):
        return euchre_three_tricks(alone=kind == "alone three")
    if kind == "euchred":
        deal = euchre_deal(source=euchre_strong_seat2)
        play(deal, "order-up", "9S", "partner")
        return play_out(deal)  # seat 2, a defender, holds the five top trumps
    assert kind == "lone defender"
    deal = euchre_deal(write_rules(tmp_path, LONE_DEFENDER), euchre_strong_seat2)
    play(deal, "order-up", "9S", "alone", "alone")  # a lone maker (seat 1) against a lone defender (seat 2)
    return play_out(deal)


@pytest.mark.parametrize(
    ("kind", "tricks_won", "points"),
    [
        ("march", [0, 5, 0, 0], [0, 2, 0, 2]),  # makers all five: 2
        ("alone march", [0, 5, 0, 0], [0, 4, 0, 4]),  # alone, all five: 4
        ("three", [0, 3, 2, 0], [0, 1, 0, 1]),  # makers three or four: 1
        ("alone three", [0, 3, 2, 0], [0, 1, 0, 1]),  # alone, three or four: 1
        ("euchred", [0, 0, 5, 0], [2, 0, 2, 0]),  # defenders three or more: 2
        ("lone defender", [0, 0, 5, 0], [4, 0, 4, 0]),  # house rule: euchred by a lone defender, 4
    ],
)
def test_euchre_trick_table(kind: str, tricks_won: list[int], points: list[int], tmp_path: Path) -> None:
    deal = make_deal(kind, tmp_path)
    assert deal.phase == "done"
    assert deal.tricks_won == tricks_won
    # Team scoring is shared: partners always score the same.
    assert deal.points() == points
    assert points[0] == points[2] and points[1] == points[3]


# -- scoring: card points -------------------------------------------------------------------------


def test_hearts_scores_one_per_heart_and_thirteen_for_the_queen() -> None:
    deal = play_out(hearts_deal("hearts", split_deal()))
    # split_deal: seat 1 takes 2H-KH (12) and the QS (13) = 25; seat 0 takes the AH in trick 13 = 1.
    assert deal.taken_points() == [1, 25, 0, 0]
    assert deal.shooter is None
    assert deal.points() == [1, 25, 0, 0]


def test_every_hearts_deal_hands_out_26_points() -> None:
    for seed in range(12):
        game = Game(rules("hearts"), seed=seed)
        deal = game.new_deal()
        pass_cards(deal)
        play_out(deal)
        assert sum(deal.taken_points()) == 26  # 13 hearts at 1, the QS at 13
        if deal.shooter is None:
            assert sum(deal.points()) == 26
        else:  # the old moon: 0 for the shooter, 26 for each of the three others
            assert sorted(deal.points()) == [0, 26, 26, 26]


def test_spot_hearts_counts_hearts_at_face_value_and_the_queen_25() -> None:
    deal = play_out(hearts_deal("spot-hearts", split_deal()))
    # Seat 0 takes the AH: 14. Seat 1 takes 2H-KH: 2+3+...+13 = 90, and the QS: 25, so 115.
    assert deal.points() == [14, 115, 0, 0]
    assert sum(deal.points()) == 129  # 2+...+14 = 104, plus 25


def test_omnibus_jack_of_diamonds_is_minus_ten() -> None:
    deal = play_out(hearts_deal("omnibus-hearts", split_deal()))
    # Seat 0 discards 3D, 4D, ... in tricks 2-12, all won by seat 1: the JD (trick 10) goes to seat 1.
    assert deal.points() == [1, 25 - 10, 0, 0]


# Black Maria, dealer 3 (seat 0 leads), passing right. Seat 0 passes 2D 3D 4D and receives QC KC AC from
# seat 1: then seat 0 holds every club, leads one each trick and wins all 13 tricks.
BLACK_MARIA = [
    cards("C:23456789TJ D:234"),
    cards("C:QKA D:56789TJ H:234"),
    cards("H:56789TJQKA S:23A"),
    cards("D:QKA S:456789TJQK"),
]


def black_maria_deal() -> Deal:
    deal = hearts_deal("black-maria", BLACK_MARIA, dealer=3, number=0)
    pass_cards(deal, {0: ["2D", "3D", "4D"]})  # the others pass their three lowest cards
    assert deal.hand(0) == cards("C:*")
    return deal


def test_black_maria_king_10_and_ace_7_of_spades() -> None:
    deal = black_maria_deal()
    assert deal.to_act == 0
    deal.apply("2C")
    # No first-trick limit in Black Maria: seat 1, void in clubs, may give a heart at once.
    assert "2H" in deal.legal_actions()
    play(deal, "2H", "AS", "KS")
    assert deal.taken_points() == [1 + 7 + 10, 0, 0, 0]
    play_trick(deal, "3C", "5D", "QD", "QS")
    assert deal.taken_points() == [18 + 13, 0, 0, 0]


def test_black_maria_has_43_points_and_no_moon() -> None:
    deal = play_out(black_maria_deal())
    # Seat 0 takes every card: 13 hearts + QS 13 + KS 10 + AS 7 = 43, and with no moon he keeps them.
    assert deal.tricks_won == [13, 0, 0, 0]
    assert deal.shooter is None
    assert deal.points() == [43, 0, 0, 0]
    for seed in range(6):  # and any deal hands out 43
        game = Game(rules("black-maria"), seed=seed)
        shuffled = game.new_deal()
        pass_cards(shuffled)
        assert sum(play_out(shuffled).points()) == 43


def test_no_tricks_bonus_rewards_players_without_a_trick_unless_someone_shot(tmp_path: Path) -> None:
    house = write_rules(tmp_path, "id: no-tricks\nextends: hearts\nscoring:\n  no_tricks_bonus: -5\n")
    deal = play_out(Game(house, dealer=0).new_deal(hands=split_deal(), dealer=0, number=HOLD))
    assert deal.tricks_won == [1, 12, 0, 0]
    assert deal.points() == [1, 25, -5, -5]
    _, moon = moon_deal(house, 0)
    assert moon.points() == [0, 26, 26, 26]  # three players without a trick, but a moon: no bonus


def test_summed_team_scoring_keeps_partners_scores_apart() -> None:
    deal = play_out(hearts_deal("partnership-hearts", split_deal()))
    assert deal.points() == [1, 25, 0, 0]  # seat 2 does not share seat 0's point, nor seat 3 seat 1's


# -- the end of the game -------------------------------------------------------------------------


def test_hearts_ends_at_100_and_the_lowest_score_wins() -> None:
    game = Game(rules("hearts"), dealer=0)
    for deal_no in range(4):
        # Each deal seat 0 shoots the moon: everyone else takes 26.
        assert not game.is_over
        game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 0), number=HOLD)))
        assert game.scores == [0] + [26 * (deal_no + 1)] * 3
    # 0 104 104 104: a score reached 100 (not before: 78 after three deals), seat 0 has the lowest.
    assert game.is_over and game.winners == [0]
    with pytest.raises(ValueError, match=r"the game is over"):
        game.new_deal()


def test_a_tie_for_the_lowest_score_plays_on() -> None:
    game = Game(rules("hearts"), dealer=0)
    for _ in range(4):
        game.finish_deal(play_out(game.new_deal(hands=split_deal(), number=HOLD)))
    # 4 100 0 0: seat 1 reached 100, but seats 2 and 3 tie for the lowest score.
    assert game.scores == [4, 100, 0, 0]
    assert not game.is_over and game.winners == []
    # The same deal turned three seats to the left: seat 3 leads and takes 1, seat 0 takes 25.
    game.finish_deal(play_out(game.new_deal(hands=rotate(split_deal(), 3), number=HOLD)))
    assert game.scores == [29, 100, 0, 1]
    assert game.is_over and game.winners == [2]


def test_count_down_game_ends_at_zero_and_the_highest_score_wins() -> None:
    game = Game(rules("hearts-bga"), dealer=0)
    assert game.scores == [100, 100, 100, 100]
    for deal_no in range(4):
        assert not game.is_over
        game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 0), number=HOLD)))
        assert game.scores == [100] + [100 - 26 * (deal_no + 1)] * 3
    # 100 -4 -4 -4 (22 after three deals): scores reached zero, seat 0 has the highest.
    assert game.is_over and game.winners == [0]


def test_count_down_game_ends_when_a_score_reaches_exactly_zero() -> None:
    game = Game(rules("hearts-bga"), dealer=0)
    game.scores = [13, 50, 40, 60]  # constructed: as if earlier deals had left these scores
    deal = play_out(game.new_deal(hands=NO_POINTS_LEFT, number=HOLD))
    assert deal.points() == [13, 0, 0, 13]
    game.finish_deal(deal)
    assert game.scores == [0, 50, 40, 47]
    assert game.is_over and game.winners == [1]


def test_original_hearts_ends_after_eight_deals() -> None:
    game = Game(rules("original-hearts"), dealer=0)
    for deal_no in range(8):
        assert not game.is_over
        deal = game.new_deal(hands=all_clubs(game, deal_no % 3))
        assert deal.phase == "play"  # no passing in Original Hearts
        play_out(deal)
        assert deal.points()[deal_no % 3] == 13  # 13 hearts, the QS counts nothing, no moon
        game.finish_deal(deal)
    # Seats 0 and 1 took the hearts three times, seat 2 twice, seat 3 never: 39 39 26 0.
    assert game.scores == [39, 39, 26, 0]
    assert game.deals_played == 8
    assert game.is_over and game.winners == [3]


def test_original_hearts_plays_on_after_eight_deals_while_tied() -> None:
    game = Game(rules("original-hearts"), dealer=0)
    for deal_no in range(8):
        game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, deal_no % 4))))
    assert game.scores == [26, 26, 26, 26] and not game.is_over
    for shooter, over in ((0, False), (1, False), (2, True)):
        game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, shooter))))
        assert game.is_over is over
    assert game.scores == [39, 39, 39, 26] and game.winners == [3]


def test_reverse_hearts_highest_score_wins() -> None:
    game = Game(rules("reverse-hearts"), dealer=0)
    for _ in range(3):
        game.finish_deal(play_out(game.new_deal(hands=split_deal(), number=HOLD)))
    assert game.scores == [3, 75, 0, 0] and not game.is_over
    game.finish_deal(play_out(game.new_deal(hands=split_deal(), number=HOLD)))
    assert game.scores == [4, 100, 0, 0]
    assert game.is_over and game.winners == [1]


def test_partnership_hearts_the_lower_team_total_wins_both_partners() -> None:
    game = Game(rules("partnership-hearts"), dealer=0)
    for _ in range(4):
        game.finish_deal(play_out(game.new_deal(hands=split_deal(), number=HOLD)))
    # 4 100 0 0: seat 1 reached 100. Seats 2 and 3 tie for the lowest single score, but the
    # teams are summed: seats 0 + 2 = 4 against seats 1 + 3 = 100.
    assert game.scores == [4, 100, 0, 0]
    assert game.is_over and game.winners == [0, 2]


def test_euchre_first_team_to_ten_wins_and_partners_share_the_score() -> None:
    game = Game(rules("euchre"), dealer=0)
    hands, stock = euchre_strong_seat1()
    for deal_no in range(5):
        assert not game.is_over
        deal = game.new_deal(hands=hands, dealer=0, stock=stock)
        play(deal, "order-up", "9S", "partner")
        game.finish_deal(play_out(deal))  # seat 1 makes all five tricks: 2 points to seats 1 and 3
        assert game.scores == [0, 2 * (deal_no + 1), 0, 2 * (deal_no + 1)]
    assert game.is_over and game.winners == [1, 3]


# -- ending a deal early ---------------------------------------------------------------------------

# Hearts-bga. Trick 1: 2C (seat 1) 10D 3C 5C -> seat 0. Trick 2: seat 0 leads the 2S, seat 1 must give
# the QS, seat 3's AS wins 13. Seat 3 may not lead hearts (the QS does not break them): 4C, won by
# seat 0's 6C while seats 1 and 2 discard hearts; seat 0 goes on leading clubs and the hearts fall:
# 2H JH | 3H QH 7H | 4H KH 8H | 5H AH 9H | 6H JD 10H. After trick 7 no heart and no QS is left.
NO_POINTS_LEFT = [
    cards("C:56789TJQKA D:89 S:2"),
    cards("C:2 D:234567 H:23456 S:Q"),
    cards("D:TJQKA H:JQKA S:9TJK"),
    cards("C:34 H:789T S:345678A"),
]
NO_POINTS_LEFT_PLAY = [
    ["2C", "TD", "3C", "5C"],
    ["2S", "QS", "9S", "AS"],
    ["4C", "6C", "2H", "JH"],
    ["7C", "3H", "QH", "7H"],
    ["8C", "4H", "KH", "8H"],
    ["9C", "5H", "AH", "9H"],
    ["TC", "6H", "JD", "TH"],
]


def test_no_points_left_ends_the_deal_early() -> None:
    game = Game(rules("hearts-bga"), dealer=0)
    deal = game.new_deal(hands=NO_POINTS_LEFT, number=HOLD)
    for i, trick in enumerate(NO_POINTS_LEFT_PLAY):
        assert deal.phase == "play", f"ended before trick {i + 1}"
        if i == 2:
            with pytest.raises(IllegalAction, match=r"may not be led until broken"):
                deal.apply("7H")
        play_trick(deal, *trick)
    assert deal.phase == "done" and len(deal.tricks) == 7
    # Seat 0 took 2+3+3+3+2 = 13 hearts, seat 3 the QS.
    assert deal.points() == [13, 0, 0, 13]
    game.finish_deal(deal)
    assert game.scores == [87, 100, 100, 87]


# Trick 1: 2C (seat 1) 2H (seat 2 holds only hearts) AC (seat 3) 3C -> seat 3 takes a heart.
# Trick 2: seat 3 leads the QS, seat 0 wins with the AS, with the 3H discarded. Seat 0 then holds
# 4C-KC and the KS: nobody else has a club or a spade above the JS, so he provably takes the rest.
LEADER_TAKES_REST = [
    cards("C:3456789TJQK S:KA"),
    cards("C:2 D:23456789TJQK"),
    cards("H:*"),
    cards("C:A D:A S:23456789TJQ"),
]


def leader_takes_rest_deal(ruleset: str) -> Deal:
    deal = hearts_deal(ruleset, LEADER_TAKES_REST)
    assert play_trick(deal, "2C", "2H", "AC", "3C") == 3
    assert deal.phase == "play"  # seat 3's spades can still lose to the KS and AS
    assert play_trick(deal, "QS", "AS", "2D", "3H") == 0
    return deal


def test_leader_takes_rest_ends_the_deal_and_gives_him_the_remaining_tricks() -> None:
    deal = leader_takes_rest_deal("hearts-bga")
    assert deal.phase == "done" and len(deal.tricks) == 2
    assert deal.claimed_by == 0
    assert deal.tricks_won == [12, 0, 0, 1]
    # Seat 0: QS + 3H in trick 2 (14) and the 11 hearts still in seat 2's hand (4H-AH): 25. Seat 3: 1.
    assert deal.points() == [25, 0, 0, 1]


def test_leader_takes_rest_with_every_club_is_a_moon() -> None:
    _, deal = moon_deal(rules("hearts-bga"), 0)
    assert len(deal.tricks) == 1  # after trick 1 seat 0 holds 3C-AC and nobody else a club
    assert deal.claimed_by == 0
    assert deal.points() == [0, 26, 26, 26]


def test_a_claim_gives_the_remaining_tricks_to_the_claimer() -> None:
    deal = hearts_deal("hearts", LEADER_TAKES_REST)
    play_trick(deal, "2C", "2H", "AC", "3C")
    play(deal, "QS")
    with pytest.raises(IllegalAction, match=r"a claim is made between tricks"):
        deal.claim(3)
    play(deal, "AS", "2D", "3H")
    assert deal.phase == "play"  # hearts has no end_early: the deal goes on until claimed
    deal.claim(0)
    assert deal.phase == "done" and deal.tricks_won == [12, 0, 0, 1]
    assert deal.points() == [25, 0, 0, 1]


# -- the dealer ------------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["hearts", "euchre"])
def test_the_deal_passes_to_the_left(ruleset: str) -> None:
    game = Game(rules(ruleset), seed=3, dealer=2)
    dealers = []
    for number in range(5):
        deal = game.new_deal()
        dealers.append(deal.dealer)
        assert deal.number == number
        if deal.phase == "pass":
            assert deal.to_act == (deal.dealer + 1) % 4  # passing starts left of the dealer
        while deal.phase != "done":
            deal.apply(deal.legal_actions()[0])
        game.finish_deal(deal)
    assert dealers == [2, 3, 0, 1, 2]
