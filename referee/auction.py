"""Rounds of bidding as components: Euchre's order-up and call, and bids of tricks.

A ruleset's ``bidding.rounds`` compile to a list of :class:`BidRound`. Each
round kind owns the words a seat may say in it, why a word is refused, and
what saying it does; the :class:`~referee.engine.Deal` only conducts: it asks
each seat in turn from the dealer's left, moves on to the next round, and
starts the play when a round has decided the trump or every seat has bid.

- ``order-up`` (Euchre's first round): ``pass`` or ``order-up``, making the
  upcard's suit trump; the dealer picks the upcard up.
- ``call`` (its second round): ``pass`` or ``call S`` for a suit other than
  the turned-down upcard's, the dealer stuck where the ruleset says so; where
  the round allows it, ``call NT`` (no trump) too.
- ``tricks`` (Spades, Oh Hell): ``bid N``, ``nil``, ``blind-nil``; see
  :mod:`referee.bidding`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .bidding import TrickBids, number_range, partner_of, read_bid, why_not, words_for
from .tables import Round

if TYPE_CHECKING:  # the deal imports this module
    from .engine import Deal

PASS = "pass"
ORDER_UP = "order-up"
CALL_NO_TRUMP = "call NT"  # no suit is trump
_ORDER_UP_WORDS = [PASS, ORDER_UP]


class BidRound:
    """One round of bidding (the base class: nothing may be said)."""

    decides_trump = False  # a word of this round chooses trump (or every seat passes)
    refusal_kind = "phase"  # the kind of a refused word, for translation

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        """What ``seat`` may say now; ``last``: it is the round's last seat to speak."""
        return []

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        """Why ``word`` is not allowed (``words`` are the allowed ones)."""
        return f"not allowed in the bid phase; allowed: {', '.join(words)}"

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        """Apply a legal ``word``; True when it ends the bidding (trump chosen)."""
        return False


class OrderUp(BidRound):
    """Pass, or order the upcard's suit up as trump: the dealer takes the upcard."""

    decides_trump = True

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        return _ORDER_UP_WORDS  # shared: the deal never changes the list it is given

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        if word == PASS:
            return False
        deal.choose_trump(seat, deal.upcard_suit(), picked_up=True)
        return True


class Call(BidRound):
    """Pass, or name a trump suit (not the turned-down upcard's, where the ruleset says so)."""

    decides_trump = True

    def __init__(self, spec: Round) -> None:
        self.exclude_turned_down = spec.exclude_turned_down
        self.stick_the_dealer = spec.stick_the_dealer
        self.no_trump = spec.no_trump
        self._made: dict[int, list[str]] = {}  # the words, by banned suit and whether last

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        banned = deal.upcard_suit() if self.exclude_turned_down else -1
        key = (banned + 1) * 2 + (1 if last else 0)
        found = self._made.get(key)
        if found is None:  # the same for every deal of the ruleset: made once, shared
            found = self._make(deal, banned, last)
            self._made[key] = found
        return found

    def _make(self, deal: Deal, banned: int, last: bool) -> list[str]:
        out = [] if self.stick_the_dealer and last else [PASS]
        for suit in deal.suits_in_play():
            if suit != banned:
                out.append(deal.call_word(suit))
        if self.no_trump:
            out.append(CALL_NO_TRUMP)
        return out

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        if word == PASS:
            return False
        suit = -1 if word == CALL_NO_TRUMP else deal.suit_called(word)
        deal.choose_trump(seat, suit, picked_up=False)
        return True


class Tricks(BidRound):
    """Every seat bids once how many tricks it will take (see :mod:`referee.bidding`)."""

    refusal_kind = "bid"

    def __init__(self, spec: TrickBids) -> None:
        self.spec = spec
        self._made: dict[int, list[str]] = {}  # the words, by range and hooked number

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        partner = partner_of(seat, deal.players, deal.plan.partnerships)
        low, high, forbidden = number_range(self.spec, deal.hand_size, deal.bids, seat, partner, last)
        key = ((low * 32) + high + 1) * 32 + forbidden + 1
        found = self._made.get(key)
        if found is None:  # shared between deals: the deal never changes the list it is given
            found = words_for(self.spec, low, high, forbidden)
            self._made[key] = found
        return found

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        partner = partner_of(seat, deal.players, deal.plan.partnerships)
        return why_not(self.spec, deal.hand_size, deal.bids, seat, partner, last, word)

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        deal.bids[seat], deal.nils[seat] = read_bid(word)
        return False


def compile_rounds(rounds: tuple[Round, ...]) -> list[BidRound]:
    """The ruleset's bidding rounds as components, in order."""
    out: list[BidRound] = []
    for spec in rounds:
        if spec.tricks is not None:
            out.append(Tricks(spec.tricks))
        elif spec.kind == ORDER_UP:
            out.append(OrderUp())
        else:
            out.append(Call(spec))
    return out
