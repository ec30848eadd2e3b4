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
- ``contract`` (Israeli Whist's first phase, Bridge's auction): ``pass`` or a
  contract above the last one, a number of tricks and a trump suit
  (``bid 7H``) or no trump (``bid 7NT``); suits rank in the pack's order,
  no trump above them. The round goes round the table until every other
  player has passed after a contract: its bidder declares and its suit is
  trump. If every player passes at once, the cards are thrown in.

- ``ladder`` (Skat's Reizen): two seats at a time, one saying values from the
  round's ladder (``say 18``, ``say 20``, ...) and the other holding
  (``hold``) or passing, until one passes; Mittelhand (the second seat from the
  dealer's left) says to Vorhand (the dealer's left), then Hinterhand to the
  survivor, from the value reached. If the first two pass without a value
  said, Vorhand may still take the lowest value or pass too (the cards are
  thrown in). The last seat in declares, at the value reached
  (:class:`LadderState`).

A round says when it is over (:meth:`BidRound.over`), what its end decides
(:meth:`BidRound.close`), who speaks first (:meth:`BidRound.first`) and who
next (:meth:`BidRound.following`). The bid phase
(:class:`referee.phases.auction.Auction`) conducts the rounds and keeps the
state a round needs while it runs; a round reads the deal through
:class:`RoundView` and writes no field of it: what the bidding decided it hands
to :mod:`referee.phases.bidding` (:func:`~referee.phases.bidding.choose_trump`,
``declare``, ``set_maker``, ``record_bid``, ``play_alone``, ``defend_alone``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final, Protocol

from .bidding import TrickBids, number_range, partner_in, read_bid, why_not, words_for
from .phases import bidding as bidding_phase
from .phases.bidding import BidState
from .tables import Round

if TYPE_CHECKING:  # the deal imports this module
    from .engine import Deal
    from .phases.auction import Auction


class RoundView(BidState, Protocol):
    """What a round reads of a deal: the bidding's state (:class:`referee.phases.bidding.BidState`). A round
    changes the deal only through :mod:`referee.phases.bidding` (``choose_trump``, ``declare``, ...)."""


def _auction(deal: Deal) -> Auction:
    """The bid phase under way: where a round keeps its state."""
    auction = deal.bidding
    assert auction is not None
    return auction


# What the rounds ask of the ruleset's pack (the deal's `plan.deck`), by suit index.


def upcard_suit(deal: Deal) -> int:
    """The suit of the deal's upcard, or -1 without one."""
    return deal.plan.deck.suit_of[deal.upcard] if deal.upcard is not None else -1


def suits_in_play(deal: Deal) -> list[int]:
    """The suits with cards in the ruleset's deck."""
    deck = deal.plan.deck
    return [s for s in range(len(deck.suits)) if deal.plan.full_deck & deck.suit_masks[s]]


def call_word(deal: Deal, suit: int) -> str:
    """The bid that names ``suit`` as trump: ``call H`` (Italian ``call C`` for coppe)."""
    return "call " + deal.plan.deck.suits[suit]


def suit_called(deal: Deal, word: str) -> int:
    """The suit a ``call`` bid names."""
    return deal.plan.deck.suits.find(word.split()[1])


PASS: Final = "pass"
ORDER_UP: Final = "order-up"
CALL_NO_TRUMP: Final = "call NT"  # no suit is trump
_ORDER_UP_WORDS: Final = [PASS, ORDER_UP]


class BidRound:
    """One round of bidding (the base class: nothing may be said)."""

    decides_trump = False  # a word of this round chooses trump (or every seat passes)
    takes_upcard = False  # a word of this round takes the upcard (Euchre's order up): it lies face up until then
    refusal_kind = "phase"  # the kind of a refused word, for translation
    asks = "bid"  # what the round asks of the seat to speak, for a heading (see asking)
    #: the round asks only the seats dealt into the deal, not a dealer who sits it out (referee.mechanisms.
    #: dealer_out accepts only such rounds); most rounds ask every seat at the table in turn
    # (a ClassVar: asked of the class, before any round is made; compiled, a plain attribute is an instance's)
    seats_in_the_deal: ClassVar[bool] = False

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        """What ``seat`` may say now; ``last``: it is the round's last seat to speak."""
        return []

    def asking(self, deal: Deal, seat: int) -> str:
        """What the round asks of ``seat``, the seat to speak, as a kind of word a heading can name: ``bid`` for
        most; a round whose seats are asked different things says which (the ladder: ``say``, ``hold``)."""
        return self.asks

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        """Why ``word`` is not allowed (``words`` are the allowed ones)."""
        return f"not allowed in the bid phase; allowed: {', '.join(words)}"

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        """Apply a legal ``word``; True when it ends the bidding (trump chosen)."""
        return False

    def first(self, deal: Deal) -> int:
        """Who speaks first in this round: the dealer's left."""
        return (deal.dealer + 1) % deal.players

    def following(self, deal: Deal, seat: int) -> int:
        """Who speaks after ``seat`` (the round not over): the next seat round the table."""
        return (seat + 1) % deal.players

    def over(self, deal: Deal, spoken: int) -> bool:
        """Whether the round is over after ``spoken`` words: once every seat has spoken."""
        return spoken >= deal.players

    def close(self, deal: Deal) -> bool:
        """Settle what the round decided; False if the cards are thrown in."""
        return True


class OrderUp(BidRound):
    """Pass, or order the upcard's suit up as trump: the dealer takes the upcard."""

    decides_trump = True
    takes_upcard = True

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        return _ORDER_UP_WORDS  # shared: the deal never changes the list it is given

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        if word == PASS:
            return False
        bidding_phase.choose_trump(deal, seat, upcard_suit(deal), picked_up=True)
        return True


class Call(BidRound):
    """Pass, or name a trump suit (not the turned-down upcard's, where the ruleset says so)."""

    decides_trump = True

    def __init__(self, spec: Round) -> None:
        self.exclude_turned_down = spec.exclude_turned_down
        self.stick_the_dealer = spec.stick_the_dealer
        self.first_must_call = spec.first_must_call
        self.starts = spec.starts
        self.no_trump = spec.no_trump
        self._made: dict[int, list[str]] = {}  # the words, by banned suit and whether last

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        banned = upcard_suit(deal) if self.exclude_turned_down else -1
        forced = (self.stick_the_dealer and last) or (self.first_must_call and seat == self.first(deal))
        key = (banned + 1) * 2 + (1 if forced else 0)
        found = self._made.get(key)
        if found is None:  # the same for every deal of the ruleset: made once, shared
            found = self._make(deal, banned, forced)
            self._made[key] = found
        return found

    def _make(self, deal: Deal, banned: int, forced: bool) -> list[str]:
        out = [] if forced else [PASS]
        for suit in suits_in_play(deal):
            if suit != banned:
                out.append(call_word(deal, suit))
        if self.no_trump:
            out.append(CALL_NO_TRUMP)
        return out

    def first(self, deal: Deal) -> int:
        return deal.dealer if self.starts == "dealer" else (deal.dealer + 1) % deal.players

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        if word == PASS:
            return False
        suit = -1 if word == CALL_NO_TRUMP else suit_called(deal, word)
        bidding_phase.choose_trump(deal, seat, suit, picked_up=False)
        return True


class Tricks(BidRound):
    """Every seat bids once how many tricks it will take (see :mod:`referee.bidding`)."""

    refusal_kind = "bid"

    def __init__(self, spec: TrickBids, starts: str = "left-of-dealer") -> None:
        self.spec = spec
        self.starts = starts  # who bids first: "left-of-dealer" or "declarer" (of an auctioned contract)
        self._made: dict[int, list[str]] = {}  # the words, by range and hooked number

    def _least(self, deal: Deal, seat: int) -> int:
        """The fewest tricks ``seat`` may bid: the contract it declared, where the round says so."""
        maker = deal.maker  # compared once known not None: an int with an optional one is a generic compare
        return deal.contract_tricks if self.spec.declarer_min and maker is not None and seat == maker else 0

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        partner = partner_in(deal.teams, seat)
        least = self._least(deal, seat)
        low, high, forbidden = number_range(self.spec, deal.hand_size, deal.bids, seat, partner, last, least)
        key = (((low * 32) + high + 1) * 32 + forbidden + 1) * 2 + (1 if least else 0)
        found = self._made.get(key)
        if found is None:  # shared between deals: the deal never changes the list it is given
            found = words_for(self.spec, low, high, forbidden)
            if least:  # a declarer has a contract to keep: no nil
                found = [w for w in found if w.startswith("bid ")]
            self._made[key] = found
        return found

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        partner = partner_in(deal.teams, seat)
        least = self._least(deal, seat)
        return why_not(self.spec, deal.hand_size, deal.bids, seat, partner, last, word, least)

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        tricks, nil = read_bid(word)
        bidding_phase.record_bid(deal, seat, tricks, nil)
        return False

    def first(self, deal: Deal) -> int:
        if self.starts == "declarer" and deal.maker is not None:
            return deal.maker
        return deal.dealer if self.starts == "dealer" else (deal.dealer + 1) % deal.players


NO_TRUMP_CALL: Final = "NT"  # a contract's no-trump denomination: ``bid 7NT``


def read_contract(word: str) -> tuple[int, str] | None:
    """``(tricks, suit letter or "NT")`` of a contract (``bid 7H``, ``bid 7NT``); None for any other word."""
    if not word.startswith("bid "):
        return None
    body = word[4:]
    digits = len(body) - len(body.lstrip("0123456789"))
    if digits == 0 or digits == len(body):
        return None
    return int(body[:digits]), body[digits:]


class Contract(BidRound):
    """Pass, or name a contract above the last: tricks and a trump suit, or no trump.

    The bid phase keeps the auction's state (:attr:`referee.phases.auction.Auction.contract_call`,
    the passes since the last contract); this component owns the words and what they do.
    """

    refusal_kind = "contract"

    def __init__(self, spec: Round) -> None:
        self.low, self.high, self.no_trump = spec.low, spec.high, spec.no_trump
        self._calls: dict[int, list[tuple[int, int, str]]] = {}  # by hand size: (tricks, suit or -1, word)
        self._made: dict[int, list[str]] = {}  # the words, by hand size and the highest call so far

    def calls(self, deal: Deal) -> list[tuple[int, int, str]]:
        """Every contract, lowest first: by tricks, then suit in the pack's order, no trump last."""
        found = self._calls.get(deal.hand_size)
        if found is None:
            top = deal.hand_size if self.high < 0 else min(self.high, deal.hand_size)
            found = []
            for tricks in range(self.low, top + 1):
                for suit in suits_in_play(deal):
                    found.append((tricks, suit, f"bid {tricks}{deal.plan.deck.suits[suit]}"))
                if self.no_trump:
                    found.append((tricks, -1, f"bid {tricks}{NO_TRUMP_CALL}"))
            self._calls[deal.hand_size] = found
        return found

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        call = _auction(deal).contract_call
        key = deal.hand_size * 1024 + call + 1
        found = self._made.get(key)
        if found is None:  # shared between deals: the deal never changes the list it is given
            found = [PASS] + [word for _, _, word in self.calls(deal)[call + 1 :]]
            self._made[key] = found
        return found

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        known = [w for _, _, w in self.calls(deal)]
        if word in known:
            return f"a contract must be higher than the last one, {known[_auction(deal).contract_call]}"
        return f"not a contract; pass, or name tricks and trump, e.g. '{known[0]}'"

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        auction = _auction(deal)
        if word == PASS:
            auction.pass_contract()
            return False
        auction.call_contract(next(i for i, (_, _, w) in enumerate(self.calls(deal)) if w == word))
        bidding_phase.set_maker(deal, seat)
        return False

    def over(self, deal: Deal, spoken: int) -> bool:
        # every other player passed after a contract, or everyone passed before any
        auction = _auction(deal)
        return auction.passes >= (deal.players - 1 if auction.contract_call >= 0 else deal.players)

    def close(self, deal: Deal) -> bool:
        call = _auction(deal).contract_call
        if call < 0:
            return False  # nobody named a contract: the cards are thrown in
        tricks, suit, _ = self.calls(deal)[call]
        assert deal.maker is not None
        bidding_phase.declare(deal, deal.maker, tricks, suit)
        return True


ALONE: Final = "alone"
PARTNER: Final = "partner"
_ALONE_WORDS: Final = [ALONE, PARTNER]  # shared: the deal never changes the list it is given


class GoingAlone:
    """After trump is chosen, the maker (and where the ruleset says so, one defender) may play alone.

    The maker says ``alone`` or ``partner``; with ``maker-and-defender`` the
    defenders then say it in turn from the dealer's left, until one goes alone.
    A seat that goes alone has its partner sit the deal out (the deal's
    :func:`~referee.phases.bidding.play_alone`, :func:`~referee.phases.bidding.defend_alone`).
    """

    words = _ALONE_WORDS

    def __init__(self, who: str) -> None:
        self.defender_too = who == "maker-and-defender"

    def begin(self, deal: Deal) -> list[int]:
        """The seats to ask, in order: the maker, if there is one."""
        return [] if deal.maker is None else [deal.maker]

    def say(self, deal: Deal, deciding: list[int], seat: int, word: str) -> list[int]:
        """Apply ``alone`` or ``partner`` said by ``seat``, the first of ``deciding``: the seats still to ask
        (none: the play starts)."""
        maker = deal.maker  # (see Tricks._least)
        if maker is not None and seat == maker:
            if word == ALONE:
                bidding_phase.play_alone(deal, seat)
            return self._defenders(deal) if self.defender_too else []
        if word == ALONE:
            bidding_phase.defend_alone(deal, seat)
            return []
        return deciding[1:]

    @staticmethod
    def _defenders(deal: Deal) -> list[int]:
        """The maker's opponents, from the dealer's left (by the deal's sides)."""
        maker = deal.maker
        assert maker is not None
        n = deal.players
        order = [(deal.dealer + 1 + i) % n for i in range(n)]
        return [s for s in order if deal.team_of(s) != deal.team_of(maker)]


HOLD: Final = "hold"
SAY: Final = "say "  # a ladder's value: ``say 18``


class LadderState:
    """A ladder round under way (Skat's Reizen): who says, who answers, the value reached.

    A plain class the bid phase keeps (:attr:`referee.phases.auction.Auction.ladder`); ``value`` is the
    last value held or taken (0: none yet) and ``declarer`` the seat that won the auction (-1: none).
    """

    __slots__ = ("asker", "declarer", "done", "holder", "last_chance", "to_act", "value", "waiting")

    def __init__(self, asker: int, holder: int, waiting: int) -> None:
        self.asker = asker  # says values
        self.holder = holder  # holds or passes
        self.waiting = waiting  # the seat that bids after these two (-1: none left)
        self.to_act = asker
        self.value = 0
        self.declarer = -1
        self.last_chance = False  # the first two passed without a value: the survivor may take the lowest
        self.done = False

    def copy(self) -> LadderState:
        new = LadderState(self.asker, self.holder, self.waiting)
        new.to_act, new.value, new.declarer = self.to_act, self.value, self.declarer
        new.last_chance, new.done = self.last_chance, self.done
        return new


class Ladder(BidRound):
    """Skat's Reizen: values said up a ladder, held or passed, two seats at a time."""

    seats_in_the_deal: ClassVar[bool] = True  # Vorhand, Mittelhand and Hinterhand: the three dealt in

    def __init__(self, spec: Round) -> None:
        self.values = spec.values
        self._says: dict[int, list[str]] = {}  # the words of a seat that says, by the value reached

    def first(self, deal: Deal) -> int:
        n = deal.players
        vorhand, mittelhand, hinterhand = (deal.dealer + 1) % n, (deal.dealer + 2) % n, (deal.dealer + 3) % n
        _auction(deal).start_ladder(LadderState(mittelhand, vorhand, hinterhand))
        return mittelhand

    def _state(self, deal: Deal) -> LadderState:
        state = _auction(deal).ladder
        assert isinstance(state, LadderState)
        return state

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        state = self._state(deal)
        if state.last_chance:
            return [SAY + str(self.values[0]), PASS]
        if seat == state.holder:
            return [HOLD, PASS]
        found = self._says.get(state.value)
        if found is None:  # the same for every deal: made once per value, shared
            found = [SAY + str(v) for v in self.values if v > state.value] + [PASS]
            self._says[state.value] = found
        return found

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        state = self._state(deal)
        if state.last_chance:
            if word != PASS:
                state.value = self.values[0]
                state.declarer = seat
            state.done = True
            return False
        if word == HOLD:
            state.to_act = state.asker
            return False
        if word != PASS:  # a value said: the other must hold it or pass
            state.value = int(word.removeprefix(SAY))
            state.to_act = state.holder
            return False
        survivor = state.holder if seat == state.asker else state.asker
        if state.waiting >= 0:  # the third seat now says to the survivor
            state.asker, state.holder, state.waiting = state.waiting, survivor, -1
            state.to_act = state.asker
        elif state.value:
            state.declarer, state.done = survivor, True
        else:  # nobody said a value: the one left may still take the lowest, or pass
            state.last_chance, state.to_act = True, survivor
        return False

    def following(self, deal: Deal, seat: int) -> int:
        return self._state(deal).to_act

    def asking(self, deal: Deal, seat: int) -> str:
        """``say`` for the seat that says values (Mittelhand to Vorhand), ``hold`` for the seat that holds them or
        passes, ``take-lowest`` for the one left after the others passed without a value."""
        state = self._state(deal)
        if state.last_chance:
            return "take-lowest"
        return "hold" if seat == state.holder else "say"

    def over(self, deal: Deal, spoken: int) -> bool:
        return self._state(deal).done

    def close(self, deal: Deal) -> bool:
        state = self._state(deal)
        if state.declarer < 0:
            return False  # everyone passed: the cards are thrown in
        bidding_phase.set_maker(deal, state.declarer)
        return True


def going_alone(who: str) -> GoingAlone | None:
    """The ruleset's ``bidding.alone`` as a component: None where nobody may play alone."""
    return None if who == "none" else GoingAlone(who)


#: Each round kind's component (a ``tricks`` round is compiled from its bids, see compile_rounds).
ROUND_KINDS: Final[dict[str, type[BidRound]]] = {
    ORDER_UP: OrderUp,
    "call": Call,
    "tricks": Tricks,
    "contract": Contract,
    "ladder": Ladder,
}


def compile_rounds(rounds: tuple[Round, ...]) -> list[BidRound]:
    """The ruleset's bidding rounds as components, in order."""
    out: list[BidRound] = []
    for spec in rounds:
        if spec.tricks is not None:
            out.append(Tricks(spec.tricks, spec.starts))
        elif spec.kind == "contract":
            out.append(Contract(spec))
        elif spec.kind == ORDER_UP:
            out.append(OrderUp())
        elif spec.kind == "ladder":
            out.append(Ladder(spec))
        else:
            out.append(Call(spec))
    return out


# The rounds take the compiled Deal itself, so that its fields are native reads (a protocol-typed argument costs a
# Python attribute lookup each); what they may read is RoundView's, which tests/test_deal_interface.py holds them
# to, and mypy checks here that the deal has it all.
def _deal_is_roundview(deal: Deal) -> RoundView:
    return deal
