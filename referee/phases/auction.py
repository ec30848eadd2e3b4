"""The bid phase: the ruleset's rounds of bidding in order, then whether the maker (or a defender) plays alone.

The rounds are :mod:`referee.auction`'s components (and the mechanisms' own, such as
:mod:`referee.mechanisms.contracts`): each owns the words a seat may say, why a word is refused and what
saying it does. :class:`Auction` conducts them: it keeps the round under way, how many have spoken in it,
the state a round keeps while it runs (the highest contract and the passes since it; a ladder's
:class:`~referee.auction.LadderState`), the seats still to say alone or partner, and the legal words,
made once per state. What the bidding decides for the deal (trump, the declarer, a contract, a bid, a
seat playing alone) the rounds hand to :mod:`referee.phases.bidding`, which changes the deal.

:meth:`Auction.apply` answers what comes next: the seat to speak, or one of :data:`PLAY`,
:data:`THROW_IN` and :data:`MOVED_ON`; the deal moves to that phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from ..auction import BidRound, GoingAlone, LadderState
from .bidding import BidState

if TYPE_CHECKING:  # the deal imports this module
    from ..engine import Deal

#: What :meth:`Auction.apply` returns instead of the seat to speak next.
PLAY: Final = -1  # the bidding is over: the play starts
THROW_IN: Final = -2  # nobody chose trump or a contract: the cards are thrown in
MOVED_ON: Final = -3  # the word moved the deal on itself (trump chosen, the talon taken up)


class AuctionView(BidState, Protocol):
    """What the bid phase reads of a deal itself (it hands the deal on to the rounds, which read it through
    :class:`referee.auction.RoundView`): the bidding's state, read-only."""


class Auction:
    """The bid phase of one deal: the rounds as components, and who may play alone."""

    def __init__(self, rounds: list[BidRound], going_alone: GoingAlone | None) -> None:
        self.rounds = rounds  # shared with the ruleset's plan: never changed
        self.going_alone = going_alone
        self.round = 0  # the round under way (len(rounds): the rounds are over)
        self.spoken = 0  # the words said in it
        self.deciding: list[int] = []  # seats still to say alone or partner (see auction.GoingAlone)
        # A round of contracts (referee.auction.Contract): the highest call so far (an index into the
        # round's calls, -1: none) and the passes since it.
        self.contract_call = -1
        self.passes = 0
        self.ladder: LadderState | None = None  # a ladder round's state, while it runs and after (Skat)
        self._stamp = -1  # the legal words, made once per state (the deal's count of actions)
        self._words: list[str] = []

    def copy(self) -> Auction:
        new = Auction(self.rounds, self.going_alone)
        new.round, new.spoken, new.deciding = self.round, self.spoken, list(self.deciding)
        new.contract_call, new.passes = self.contract_call, self.passes
        new.ladder = self.ladder.copy() if self.ladder is not None else None
        new._stamp, new._words = self._stamp, self._words  # (the list is shared, never changed)
        return new

    # -- the state a round keeps here, by name ------------------------------------------

    def call_contract(self, index: int) -> None:
        """A contract round's new highest call, ``index`` into its calls: the passes count from it."""
        self.contract_call = index
        self.passes = 0

    def pass_contract(self) -> None:
        """A pass in a contract round."""
        self.passes += 1

    def start_ladder(self, state: LadderState) -> None:
        """A ladder round begins with ``state``."""
        self.ladder = state

    # -- the phase ---------------------------------------------------------------------

    def first(self, deal: Deal) -> int:
        """Who speaks first in the first round."""
        return self.rounds[0].first(deal)

    def under_way(self) -> bool:
        """Whether a round is still to finish (the declarer took up the talon in one, Skat's)."""
        return self.round < len(self.rounds)

    def legal_actions(self, deal: Deal, seat: int, stamp: int) -> list[str]:
        """The words ``seat`` may say now, made once per ``stamp`` (the deal's count of actions); the caller
        never changes the list."""
        if self._stamp != stamp:
            if self.deciding:
                assert self.going_alone is not None
                self._words = self.going_alone.words
            else:
                self._words = self.rounds[self.round].words(deal, seat, self._last(deal))
            self._stamp = stamp
        return self._words

    def _last(self, deal: Deal) -> bool:
        """Whether the seat to speak is the round's last (the hook, a stuck dealer)."""
        return self.spoken == deal.players - 1

    def refusal(self, deal: Deal, seat: int, word: str, legal: list[str]) -> tuple[str, str]:
        """Why ``word`` is refused (``legal`` being the words allowed): a kind (for translation) and a rule."""
        if self.deciding:
            return "phase", f"not allowed in the bid phase; allowed: {', '.join(legal)}"
        rnd = self.rounds[self.round]
        return rnd.refusal_kind, rnd.refusal(deal, seat, self._last(deal), word, legal)

    def asking(self, deal: Deal, seat: int) -> str:
        """What the round asks of ``seat`` (:meth:`referee.auction.BidRound.asking`); "" while a maker says
        whether to go alone, and once the rounds are over."""
        if self.deciding or self.round >= len(self.rounds):
            return ""
        return self.rounds[self.round].asking(deal, seat)

    def apply(self, deal: Deal, seat: int, word: str) -> int:
        """``seat`` says the legal ``word``: the seat to speak next, or :data:`PLAY`, :data:`THROW_IN` or
        :data:`MOVED_ON`."""
        if self.deciding:
            alone = self.going_alone
            assert alone is not None
            self.deciding = alone.say(deal, self.deciding, seat, word)
            return self.deciding[0] if self.deciding else PLAY
        rnd = self.rounds[self.round]
        if rnd.say(deal, seat, word):
            return MOVED_ON
        self.spoken += 1
        if not rnd.over(deal, self.spoken):
            return rnd.following(deal, seat)
        if not rnd.close(deal):  # nobody named a contract
            return THROW_IN
        self.round += 1
        self.spoken = 0
        if self.round < len(self.rounds):
            return self.rounds[self.round].first(deal)
        if rnd.decides_trump:  # everyone passed in every round
            return THROW_IN
        return PLAY

    def ask_alone(self, deal: Deal) -> int:
        """Trump is chosen: the seat to ask whether it plays alone (the maker), or -1 when nobody is asked."""
        alone = self.going_alone
        if alone is None:
            return -1
        self.deciding = alone.begin(deal)
        return self.deciding[0] if self.deciding else -1

    def may_take_upcard(self) -> bool:
        """Whether a round of this bidding may take the upcard into a hand (Euchre's order up)."""
        return any(r.takes_upcard for r in self.rounds)

    def upcard_turned_down(self) -> bool:
        """Whether every round that could take the upcard (Euchre's first, order up) is over while trump is
        still to be chosen, or was chosen without it (the deal asks only where there is an upcard)."""
        if not any(r.takes_upcard for r in self.rounds[: self.round]):
            return False
        return not any(r.takes_upcard for r in self.rounds[self.round :])


# The phase takes the compiled Deal itself (native field reads); what it may read is AuctionView's, which
# tests/test_deal_interface.py holds it to, and mypy checks here that the deal has it all.
def _deal_is_auctionview(deal: Deal) -> AuctionView:
    return deal
