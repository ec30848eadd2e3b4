"""Scripted deals for the feature and scenario tests.

Hands are written short: ``cards("C:2345 H:AK S:Q")`` is the 2-5 of clubs, the
ace and king of hearts and the queen of spades (``*`` stands for every rank of
the deck). :func:`fill_hands` completes a partial description: each seat keeps
the cards it was given, then the hands are topped up seat by seat (seat 0
first) from the rest of the deck in card order (clubs 2 to ace, then diamonds,
hearts, spades), so the filled cards are easy to work out by hand.

The named deals below have outcomes that follow from the rules alone, whatever
legal card the other players choose; each docstring gives the reasoning the
tests rely on.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

import pytest

from referee import Deal, Game, Ruleset, RulesetError, load_ruleset
from referee.cards import CODES

RANKS = "23456789TJQKA"
EUCHRE_RANKS = "9TJQKA"
SUITS = "CDHS"


@cache
def rules(ref: str) -> Ruleset:
    """A bundled ruleset by id, loaded once per test session."""
    return load_ruleset(ref)


def write_rules(folder: Path, text: str, name: str = "house.yaml") -> Ruleset:
    """Write a house rule (YAML text) into ``folder`` and load it."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def refusals(folder: Path, text: str) -> list[str]:
    """The problems of a ruleset file written with ``text``, each as trickbook prints it (from the line on)."""
    path = folder / "r.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    return [str(p).removeprefix(f"{path}:") for p in info.value.problems]


def cards(spec: str, ranks: str = RANKS) -> list[str]:
    """``"C:2345 H:AK S:Q"`` -> ``["2C", "3C", "4C", "5C", "AH", "KH", "QS"]``; ``"D:*"`` is every rank."""
    out: list[str] = []
    for part in spec.split():
        suit, _, rs = part.partition(":")
        if suit not in SUITS or not rs:
            raise ValueError(f"bad hand part {part!r}")
        out += [r + suit for r in (ranks if rs == "*" else rs)]
    return out


def deck_codes(game: Game) -> list[str]:
    """The deck of ``game`` (after removals), in card order."""
    return [CODES[c] for c in game.layout.cards]


def fill_hands(
    game: Game,
    fixed: Mapping[int, Iterable[str]],
    stock_top: Sequence[str] = (),
) -> tuple[list[list[str]], list[str]]:
    """Hands with each seat's ``fixed`` cards, topped up in card order; and the stock.

    ``stock_top`` is kept out of the hands and starts the stock (Euchre's upcard
    is ``stock_top[0]``). Raises AssertionError for an impossible description.
    """
    n = game.players
    size = game.layout.hand_size
    hands = [list(fixed.get(seat, ())) for seat in range(n)]
    used = [c for hand in hands for c in hand] + list(stock_top)
    assert len(used) == len(set(used)), f"a card is given twice: {used}"
    rest = [c for c in deck_codes(game) if c not in used]
    assert all(c in deck_codes(game) for c in used), f"a card is not in the deck: {used}"
    for hand in hands:
        assert len(hand) <= size, f"too many cards: {hand}"
        need = size - len(hand)
        hand += rest[:need]
        rest = rest[need:]
    return hands, [*stock_top, *rest]


def rotate(hands: Sequence[Sequence[str]], k: int) -> list[list[str]]:
    """The same deal with every hand moved ``k`` seats to the left (seat s's hand to s + k)."""
    n = len(hands)
    return [list(hands[(seat - k) % n]) for seat in range(n)]


def play(deal: Deal, *actions: str) -> None:
    """Apply ``actions`` in order, each by the seat to act, checked."""
    for action in actions:
        deal.apply(action)


def play_trick(deal: Deal, *plays: str) -> int:
    """Play one whole trick (cards in play order) and return its winner."""
    before = len(deal.tricks)
    play(deal, *plays)
    assert len(deal.tricks) == before + 1 or deal.phase != "play", "the cards did not make one trick"
    return deal.tricks[before].winner


def play_out(deal: Deal) -> Deal:
    """Play the first legal card until the play ends (done, or the moon choice)."""
    while deal.phase == "play":
        deal.apply(deal.legal_actions()[0])
    return deal


def random_deal(game: Game, rng: random.Random) -> Deal:
    """The game's next deal, every action drawn at random from the legal ones until the deal is done."""
    deal = game.new_deal()
    while deal.phase != "done":
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def pass_cards(deal: Deal, choice: Mapping[int, Sequence[str]] | None = None) -> None:
    """Run the pass phase: each seat passes its cards from ``choice``, else its lowest cards."""
    chosen = {seat: list(cs) for seat, cs in (choice or {}).items()}
    while deal.phase == "pass":
        seat = deal.to_act
        assert seat is not None
        mine = chosen.get(seat)
        deal.apply(mine.pop(0) if mine else deal.legal_actions()[0])


# -- named Hearts deals (four players, 52 cards) --------------------------------


def all_clubs(game: Game, shooter: int) -> list[list[str]]:
    """``shooter`` holds all thirteen clubs; the other hands are filled in card order.

    The shooter holds the 2♣, so leads it; nobody else holds a club, so the
    shooter wins every trick and leads a club again: the shooter takes all
    52 cards (a moon in every Hearts ruleset), whatever the others discard.
    """
    hands, _ = fill_hands(game, {shooter: cards("C:*")})
    return hands


def moon_deal(ruleset: Ruleset, shooter: int, scores: list[int] | None = None) -> tuple[Game, Deal]:
    """A deal of the fourth hand (no passing) in which ``shooter`` holds every club and takes every trick."""
    game = Game(ruleset, dealer=0)
    if scores is not None:
        game.scores = list(scores)  # constructed: as if earlier deals had left these scores
    deal = game.new_deal(hands=all_clubs(game, shooter), dealer=0, number=3)
    play_out(deal)
    assert deal.tricks_won[shooter] == 13
    return game, deal


def split_deal() -> list[list[str]]:
    """Seat 1 takes 12 tricks, 12 hearts and Q♠; seat 0 takes the last trick and the A♥.

    Seat 0: 2♣ and 3♦-A♦. Seat 1: 3♣-A♣ and 2♦. Seat 2: every heart. Seat 3:
    every spade. Played with the first legal card (cards come in order C D H S,
    low to high): trick 1 is 2♣ 3♣ 2♥ 2♠ (seat 2 holds only hearts, so may
    discard one; seat 3 may not give Q♠), won by seat 1's 3♣. Seat 1 then leads
    4♣ ... A♣ (tricks 2-12): nobody else has a club, so seat 1 wins them; seat 2
    discards 3♥ ... K♥, seat 3 discards 3♠ ... K♠ (Q♠ in trick 11), seat 0
    3♦ ... K♦. Trick 13: seat 1 leads 2♦, seat 0 must follow with A♦ and wins
    with A♥ and A♠ in the trick. Hearts scoring: seat 1 has 12 + 13 = 25,
    seat 0 has 1, seats 2 and 3 took no trick.
    """
    return [
        cards("C:2 D:3456789TJQKA"),
        cards("C:3456789TJQKA D:2"),
        cards("H:*"),
        cards("S:*"),
    ]


# -- named Euchre deals (dealer 0, so seat 1 bids and leads first) -----------------


def euchre_strong_seat1() -> tuple[list[list[str]], list[str]]:
    """Seat 1 holds the five highest hearts when hearts are trump; the upcard is the 10♥.

    Seat 1: J♥ J♦ A♥ K♥ Q♥ (right bower, left bower, A K Q). The only other
    trumps are the 10♥ (upcard, picked up by the dealer on an order-up) and
    the 9♥ (stock), both lower: with hearts trump seat 1 wins every trick
    he leads, so seat 1 leading from the start wins all five tricks.
    """
    hands = [
        ["AD", "9S", "TS", "JS", "QS"],
        ["JH", "JD", "AH", "KH", "QH"],
        ["9C", "TC", "JC", "QC", "KC"],
        ["AC", "9D", "TD", "QD", "KD"],
    ]
    return hands, ["TH", "9H", "KS", "AS"]


def euchre_strong_seat2() -> tuple[list[list[str]], list[str]]:
    """As :func:`euchre_strong_seat1` with seats 1 and 2 swapped: the top trumps sit with seat 2.

    Seat 1 (first to bid and lead) holds 9♣-K♣; seat 2 holds J♥ J♦ A♥ K♥ Q♥.
    If seat 1 orders up hearts, seat 2 (a defender) trumps every club lead and
    then leads trumps nobody can beat: the defenders take all five tricks
    whenever seat 2 plays (if seat 2's partner sits out, seat 2 still wins
    them all).
    """
    hands, stock = euchre_strong_seat1()
    hands[1], hands[2] = hands[2], hands[1]
    return hands, stock


# A contract whist for partners: each names tricks and trump, or no trump, above the last call,
# from 7 tricks up; the declarer's side scores 10 a contracted trick and 1 an overtrick, or
# loses 10 a contracted trick; the player left of the declarer leads.
CONTRACT_WHIST = """
id: contract-whist
title: Contract whist (test)
family: whist
players: {counts: [4], teams: opposite}
deal: {hand_size: 13}
trump: {kind: bid}
bidding:
  rounds:
    - {kind: contract, min: 7, no_trump: true}
play: {opening_lead: {by: left-of-declarer}}
scoring:
  points: {}
  teams: shared
  contract: {made_points: {per_bid: 10, per_overtrick: 1}, set_points: {per_bid: -10}}
game: {target: 200, winner: highest}
"""


def hands_of_eight(**fixed: str) -> list[list[str]]:
    """Four hands of eight of the 32-card pack (7 to A; Klaverjassen's): the cards given per seat (``s0="AC KD"``),
    the rest filled from what is left, from the end of the pack."""
    deck = [r + s for s in "CDHS" for r in ("7", "8", "9", "T", "J", "Q", "K", "A")]
    seats = [fixed.get(f"s{i}", "").split() for i in range(4)]
    rest = [c for c in deck if not any(c in h for h in seats)]
    for h in seats:
        while len(h) < 8:
            h.append(rest.pop())
    return seats
