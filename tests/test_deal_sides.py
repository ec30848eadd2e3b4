"""A deal's sides come from the deal, never from the seating (issue 17).

Where a deal makes its own sides (the holders of a card play together, a declarer plays alone against the
others), everything that asks "who plays with whom" in that deal reads the deal's sides (``Deal.teams``),
with the seating's partnerships only as the sides a deal starts from: the trump duties' "your partner is
winning" exemption, the moon's spared partner, quick score's sides of the result entered, the kiosk's
per-side lines. A game's standings stay per player where the sides change every deal.
"""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
from helpers_deals import hands_of_eight, moon_deal
from other_packs import DOPPELKOPF_CARDS

from referee import Game, Ruleset, load_ruleset
from referee.auction import ROUND_KINDS
from referee.kinds import RoundKind
from referee.mechanisms import moon
from referee.results import ResultError, check_bid, check_points

# Amsterdam's trump duties (tests/test_trumping.py), but the sides made by a card: whoever holds Q♣ plays
# alone against the three others, whatever their seats.
AMSTERDAM_BY_CARD = """\
id: amsterdam-by-card
players: {counts: [4], teams: none, sides_by_card: {card: QC}}
deck:
  ranks: ["7", "8", "9", T, J, Q, K, A]
  order: ["7", "8", "9", J, Q, K, T, A]
  trump_order: ["7", "8", Q, K, T, A, "9", J]
deal: {hand_size: 8}
trump: {kind: fixed, suit: H}
play:
  trumping: {must_trump: unless-partner-winning, overtrump: true, undertrump: only-with-nothing-else}
scoring:
  rank_points: {A: 11, T: 10, K: 4, Q: 3, J: 2}
game: {deals: 1}
"""


DOKO_SHARED = f"""\
id: doko-shared
players: {{counts: [4], teams: none, sides_by_card: {{card: QC}}}}
{DOPPELKOPF_CARDS}scoring: {{rank_points: {{A: 11, T: 10, K: 4, Q: 3, J: 2}}, teams: shared}}
game: {{deals: 4, winner: highest}}
"""


def write(folder: Path, name: str, text: str) -> Ruleset:
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def test_the_partner_winning_exemption_asks_the_deals_sides(tmp_path: Path) -> None:
    rules = write(tmp_path, "amsterdam-by-card", AMSTERDAM_BY_CARD)
    # Seat 0 holds Q♣ and plays alone; seats 1, 2 and 3 play together, though none sits opposite another.
    clubs = {"s0": "7C QC KD QD JD TD 9D 8D", "s1": "AC KC JC TC 9C 8C AS KS", "s2": "7H 8H"}
    dealt = hands_of_eight(**clubs)
    assert not any(c.endswith("C") for c in dealt[2])
    deal = Game(rules, players=4, seed=1).new_deal(hands=dealt, dealer=3)
    assert deal.teams == (0, 1, 1, 1)
    # Seat 0 leads 7♣, seat 1 takes the lead with A♣: seat 2's partner in this deal is winning, so seat 2,
    # void in clubs, may keep its trumps (the seating alone would make seat 1 an opponent and bind it).
    deal.apply("7C")
    deal.apply("AC")
    assert set(deal.legal_actions()) == set(dealt[2])
    deal.apply(next(c for c in dealt[2] if not c.endswith("H")))
    # Seat 0, alone, is winning nobody's trick but its own: when it leads and wins, seat 2 must trump.
    again = Game(rules, players=4, seed=1).new_deal(
        hands=hands_of_eight(**{**clubs, "s0": "AC QC KD QD JD TD 9D 8D", "s1": "7C KC JC TC 9C 8C AS KS"}), dealer=3
    )
    again.apply("AC")
    again.apply("7C")
    assert {c[-1] for c in again.legal_actions()} == {"H"}


def test_at_a_real_table_the_exemption_waits_for_the_cards_that_make_the_sides(tmp_path: Path) -> None:
    rules = write(tmp_path, "amsterdam-by-card", AMSTERDAM_BY_CARD)

    def assumed(plays: list[str]) -> list[str]:
        """What the table assumes of seat 2 once the cards are played (unknown hands, seat 0 leads)."""
        deal = Game(rules, players=4, seed=1, unknown_hands=True).new_deal(dealer=3)
        for card in plays:
            deal.apply(card)
        return [n.card for n in deal.notes if n.seat == 2 and n.kind == "assumption"]

    # Q♣ led: seat 0 plays alone. Seat 1 takes the trick with A♣: seat 2, its partner, may discard freely.
    assert assumed(["QC", "AC", "7D"]) == []
    # Seat 0 keeps it with Q♣ over 7♣: seat 2 discarding proves it held no trump (an assumption, as Amsterdam).
    assert assumed(["QC", "7C", "7D"]) == ["7D"]
    # 7♣ led, A♣ from seat 1: nobody has shown Q♣ yet, so nobody knows whose partner seat 1 is; nothing assumed.
    assert assumed(["7C", "AC", "7D"]) == []


# Hearts with the old moon sparing the shooter's partner, the sides made by 2♦: its holder against three.
HEARTS_BY_CARD = """\
id: hearts-by-card
extends: hearts
players: {counts: [4], teams: none, sides_by_card: {card: 2D}}
scoring:
  moon: {partner: exempt}
"""


def test_the_moon_spares_the_shooters_partners_in_the_deal(tmp_path: Path) -> None:
    rules = write(tmp_path, "hearts-by-card", HEARTS_BY_CARD)
    _, deal = moon_deal(rules, 2)  # seat 2 takes every trick; seat 0 holds 2♦ (moon_deal fills in card order)
    assert deal.teams == (0, 1, 1, 1) and deal.points() == [26, 0, 0, 0]  # seats 1 and 3 spared
    # The moon's own scoring (what the rule pages and quick score read) gives the same with the deal's sides;
    # the seating alone knows no partner to spare.
    assert moon.shot(rules, 4, 2, teams=deal.teams) == deal.points()
    assert moon.shot(rules, 4, 2) == [26, 26, 0, 26]
    # Quick score, given the deal's sides: the spared partners' zero is the result, the seating's moon is not.
    check_points(rules, 4, deal.points(), deal.teams)
    with pytest.raises(ResultError):
        check_points(rules, 4, [26, 26, 0, 26], deal.teams)
    check_points(rules, 4, [26, 26, 0, 26])  # a moon with no partner spared: the sides a deal starts from


def test_quick_score_holds_partners_of_the_deal_to_the_same_points(tmp_path: Path) -> None:
    # Partners who score together by a card's sides (Doppelkopf's Re party, as tests/test_card_sides.py plays
    # it): given the deal's sides, a result that splits a side is refused.
    rules = write(tmp_path, "doko-shared", DOKO_SHARED)
    check_points(rules, 4, [150, 90, 150, 90], (0, 1, 0, 1))
    with pytest.raises(ResultError) as refused:
        check_points(rules, 4, [150, 90, 150, 90], (0, 0, 1, 1))
    assert refused.value.kind == "partners"


def test_every_round_kind_says_whether_it_asks_only_the_seats_in_the_deal() -> None:
    # A dealer who sits out is left out by the rounds that say so themselves (referee.mechanisms.dealer_out
    # keeps no list of kinds): every kind a ruleset may name has its component, and only Skat's ladder does.
    assert set(ROUND_KINDS) == set(get_args(RoundKind))
    assert [kind for kind, round_ in ROUND_KINDS.items() if round_.seats_in_the_deal] == ["ladder"]


# Whist's book, the sides made by Q♣: its holder plays alone against the three others, who pool their tricks.
# No bundled ruleset shows this (bids and a book come only with the seating's fixed partners today), so a variant.
WHIST_BY_CARD = """\
id: whist-by-card
extends: whist
players: {counts: [4], teams: none, sides_by_card: {card: QC}}
"""


def test_the_book_and_the_bags_count_by_the_deals_sides(tmp_path: Path) -> None:
    rules = write(tmp_path, "whist-by-card", WHIST_BY_CARD)
    game = Game(rules, players=4, seed=3)
    deal = game.new_deal()
    while deal.phase != "done":
        deal.apply(deal.legal_actions()[0])
    holder = deal.teams.index(0)
    assert sorted(deal.teams) == [0, 1, 1, 1]
    assert deal.sides == deal.teams  # the book's sides are the deal's, not the seating's four single seats
    side_tricks = [sum(t for s, t in enumerate(deal.tricks_won) if deal.teams[s] == side) for side in (0, 1)]
    book = [max(tricks - 6, 0) for tricks in side_tricks]  # one point a trick beyond six, to each member
    assert book[1] > 0  # three against one: the three take more than six between them
    assert deal.points() == [book[deal.teams[s]] for s in range(4)]
    assert deal.points() != [max(t - 6, 0) for t in deal.tricks_won]  # what the seating's single seats score
    assert deal.points()[holder] == book[0]
    assert len(deal.bags) == 4  # per seat, its side's


SPADES_SIDE_MAX = """\
id: spades-side-max
extends: spades
bidding:
  rounds:
    - {kind: tricks, min: 1, max: 13, nil: true, side_max: 13}
"""


def test_quick_score_bids_are_capped_by_the_deals_partners(tmp_path: Path) -> None:
    # Partners may bid 13 together. Quick score asks with the deal's sides: where seats 0 and 1 play together
    # (a deal that made its own sides), seat 1 may add at most 3 to seat 0's 10; by the seating (seat 3 its
    # partner, not bid yet) 4 is fine. A played deal's sides differ from the seating only after its bidding
    # today (side_max needs partners sitting opposite), so the deal's sides are given here.
    rules = write(tmp_path, "spades-side-max", SPADES_SIDE_MAX)
    bids = [10, -1, -1, -1]
    check_bid(rules, 4, 13, bids, 1, "bid 4")
    check_bid(rules, 4, 13, bids, 1, "bid 4", teams=(0, 1, 0, 1))  # the seating's sides, given
    check_bid(rules, 4, 13, bids, 1, "bid 3", teams=(0, 0, 1, 1))
    with pytest.raises(ResultError) as refused:
        check_bid(rules, 4, 13, bids, 1, "bid 4", teams=(0, 0, 1, 1))
    assert refused.value.kind == "side-max"
