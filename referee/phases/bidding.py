"""What the bidding decides for a deal: its maker and trump, the tricks bid, a contract, a seat playing alone.

The rounds of bidding (:mod:`referee.auction`'s components, and the mechanisms' own rounds in
:mod:`referee.mechanisms.contracts` and :mod:`referee.mechanisms.compulsory_solo`) decide; this module works
out what their decision means for the deal (the upcard picked up, the partner who sits out, the sides of a
contract, the declarer's cards with an unseen talon, the partner a wedding finds in the first tricks) and asks
the deal to make the change through the few methods :class:`Bidder` lists. The bid phase's own state (the
round under way, the seats still to say alone or partner, a ladder's value) is the
:class:`~referee.phases.auction.Auction` the deal holds; its questions (the words a seat may say, what the
round asks, whether trump is settled) are here too, so that the kiosk, the bots and the scoring ask them of
this module, not of the deal.

Like the other phases, the functions take the compiled :class:`~referee.engine.Deal` (native field reads);
``tests/test_deal_interface.py`` holds them to what :class:`BidState` and :class:`Bidder` list, and mypy
checks that the deal has it all (:func:`_deal_is_bidder`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from .discarding import talon_cards
from .view import DealState

if TYPE_CHECKING:
    from ..auction import LadderState
    from ..engine import Deal
    from ..observer import Observer
    from .auction import Auction

#: A change that leaves the deal's trump (or contract) as it is: see :meth:`Bidder._settle`.
KEEP: Final = -2


class BidState(DealState, Protocol):
    """What the bidding reads of a deal: this module, and the rounds (:mod:`referee.auction`'s, and the
    mechanisms' that build on it with their own protocols). Read-only properties: none assigns a deal's field."""

    @property
    def dealer(self) -> int: ...
    @property
    def upcard(self) -> int | None: ...
    @property
    def trump(self) -> int | None: ...
    @property
    def teams(self) -> tuple[int, ...]: ...
    @property
    def bids(self) -> list[int]: ...
    @property
    def nils(self) -> list[int]: ...
    @property
    def contract_tricks(self) -> int: ...
    @property
    def declared(self) -> bool: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def history(self) -> list[tuple[int | None, str]]: ...
    @property
    def bidding(self) -> Auction | None: ...

    def team_of(self, seat: int) -> int: ...


class Bidder(BidState, Protocol):
    """What this module reads of a deal besides, and the changes it asks of it."""

    @property
    def know(self) -> Observer | None: ...
    @property
    def _hands(self) -> list[int]: ...
    @property
    def _holding(self) -> int: ...
    @property
    def _finding(self) -> int: ...

    def _settle(self, seat: int, trump: int, contract: int) -> None:
        """``seat`` is the maker (or leads the auction); ``trump`` the trump suit (-1: none) and ``contract``
        the contract (-1: none), each :data:`KEEP` to leave it as it is."""

    def _record_bid(self, seat: int, tricks: int, nil: int, contracted: bool) -> None:
        """``seat`` bid ``tricks`` with the nil kind ``nil``; ``contracted``: the tricks of its auctioned contract."""

    def _go_alone(self, seat: int, partner: int, defending: bool) -> None:
        """``seat`` (the maker, or with ``defending`` a defender) plays alone: ``partner`` sits the deal out."""

    def _pick_up(self, seat: int) -> None:
        """``seat``, the dealer, takes the upcard from the stock (into its hand, where the hands are known)."""

    def _start_discard(self, seat: int, count: int, into_talon: bool) -> None:
        """``seat`` lays ``count`` cards away (``into_talon``: back into the talon), one at a time."""

    def _after_trump(self) -> None:
        """Trump is chosen: the maker is asked whether it plays alone, or the play starts."""

    def _settle_contract(
        self, hand: bool, level: str, teams: tuple[int, ...], holding: int, finding: int, no_tricks: bool
    ) -> None:
        """The contract is chosen for good: a ``hand`` game announcing ``level`` or not, the sides ``teams``,
        the declarer's cards with the talon ``holding``, the tricks ``finding`` a partner; ``no_tricks``: the
        deal ends once its player takes a trick."""

    def _partner_found(self, teams: tuple[int, ...], clarified: int) -> None:
        """The sides are ``teams`` for good, from trick ``clarified`` on (the partner found, or none)."""


# -- the bid phase's questions (the kiosk, the bots and the scoring ask them) ---------------------------------


def words(deal: Deal) -> list[str]:
    """The legal words of the seat to speak, made once per state by the bid phase (the deal checks a word against
    the same list); the caller never changes the list."""
    bidding, seat = deal.bidding, deal.to_act
    assert bidding is not None and seat is not None
    return bidding.legal_actions(deal, seat, len(deal.history))


def asking(deal: Deal) -> str:
    """What the bidding round asks of the seat to act, as a kind of word (``bid``, ``say``, ``hold``,
    ``reservation``, ``declare``: :meth:`referee.auction.BidRound.asking`); "" outside the bidding, and while
    a maker says whether to go alone."""
    bidding, seat = deal.bidding, deal.to_act
    if deal.phase != "bid" or seat is None or bidding is None:
        return ""
    return bidding.asking(deal, seat)


def trump_settled(deal: Deal) -> bool:
    """Whether the deal's ``trump`` is the trump play will use: not while the bidding may still choose a contract
    that names its own (a solo during Doppelkopf's reservations); the kiosk asks before it shows trump."""
    return not (deal.phase == "bid" and deal.plan.contract_plan is not None and not deal.declared)


def deciding(deal: Deal) -> list[int]:
    """The seats still to say whether they play alone (see :class:`referee.auction.GoingAlone`)."""
    bidding = deal.bidding
    return list(bidding.deciding) if bidding is not None else []


def ladder(deal: Deal) -> LadderState | None:
    """The state a ladder round keeps while it runs, and after (its value and declarer); None: none."""
    bidding = deal.bidding
    return bidding.ladder if bidding is not None else None


def value_bid(deal: Deal) -> int:
    """The value a ladder round reached (Skat's Reizen: what the declarer bid); 0 without one, or before a value
    is held."""
    bidding = deal.bidding
    state = bidding.ladder if bidding is not None else None
    return state.value if state is not None else 0


def upcard_turned_down(deal: Deal) -> bool:
    """Whether the upcard has been turned down: every round that could take it (Euchre's first, order up)
    is over and trump is still to be chosen, or was chosen without it."""
    bidding = deal.bidding
    return deal.upcard is not None and bidding is not None and bidding.upcard_turned_down()


# -- what the rounds decide ----------------------------------------------------------------------------------


def set_maker(deal: Deal, seat: int) -> None:
    """``seat`` leads the auction (the highest contract so far), or won it: it declares once it closes."""
    deal._settle(seat, KEEP, KEEP)


def declare(deal: Deal, seat: int, tricks: int, suit: int) -> None:
    """``seat`` won the auction with a contract of ``tricks`` in ``suit`` (-1: no trump).

    The contract counts as the declarer's bid until a round of trick bids replaces it, so the contract scoring
    steps score it.
    """
    deal._settle(seat, suit, KEEP)
    deal._record_bid(seat, tricks, deal.nils[seat], True)


def record_bid(deal: Deal, seat: int, tricks: int, nil: int) -> None:
    """``seat`` bid ``tricks`` (a round of trick bids), with the nil kind ``nil`` (referee.bidding)."""
    deal._record_bid(seat, tricks, nil, False)


def _partner(deal: Deal, seat: int) -> int:
    """The seat opposite ``seat``: its partner, who sits out when it plays alone."""
    return (seat + deal.players // 2) % deal.players


def play_alone(deal: Deal, seat: int) -> None:
    """``seat``, the maker, plays alone: its partner (opposite) sits the deal out."""
    deal._go_alone(seat, _partner(deal, seat), False)


def defend_alone(deal: Deal, seat: int) -> None:
    """``seat``, a defender, plays alone: its partner (opposite) sits the deal out."""
    deal._go_alone(seat, _partner(deal, seat), True)


def choose_trump(deal: Deal, seat: int, suit: int, picked_up: bool) -> None:
    """``seat`` made ``suit`` trump (-1: no trump).

    With ``picked_up`` the dealer takes the upcard (and, the hands known, discards); otherwise it is turned down.
    """
    deal._settle(seat, suit, KEEP)
    upcard = deal.upcard
    if picked_up:
        assert upcard is not None
        dealer = deal.dealer
        deal._pick_up(dealer)
        if deal.known:
            deal._start_discard(dealer, 1, False)
            return
        know = deal.know
        assert know is not None
        # The upcard is now in the dealer's hand or discard: nobody else can play it.
        know.picked_up(dealer, upcard, deal.plan.may_discard_upcard)
    elif upcard is not None:
        know = deal.know
        if know is not None:
            know.turned_down(upcard)
    deal._after_trump()


def hold_contract(deal: Deal, seat: int, contract: int, suit: int = KEEP) -> None:
    """``seat`` named ``contract``, which waits for the others: any contract named after it wins over it
    (Doppelkopf's wedding); the round plays it (:func:`declare_contract`) once everyone has spoken.
    ``suit``: its trump suit (-1: none; :data:`KEEP`: the deal's own, as a wedding keeps it)."""
    deal._settle(seat, suit, contract)


def declare_contract(deal: Deal, seat: int, contract: int, suit: int, hand: bool = False, level: str = "") -> None:
    """``seat`` chose ``contract`` (referee.mechanisms.contracts) with ``suit`` trump (-1: none): it plays
    alone against the others, or finds a partner in the first tricks; ``hand``: without taking up the
    talon, announcing ``level``. The play begins once the bidding is over."""
    deal._settle(seat, suit, contract)
    teams = tuple(0 if s == seat else 1 for s in range(deal.players))
    holding = deal._holding
    if hand and deal.known:  # the talon stays unseen: the declarer's cards with it are settled
        holding = deal._hands[seat] | talon_cards(deal)
    plan = deal.plan.contract_plan
    finding, no_tricks = deal._finding, False
    if plan is not None:
        finding = plan.partner_within[contract]
        no_tricks = plan.no_tricks[contract]  # the deal ends once the player takes a trick
    deal._settle_contract(hand, level, teams, holding, finding, no_tricks)


def find_partner(deal: Deal, winner: int) -> None:
    """After a trick while a contract's player looks for a partner (Doppelkopf's wedding): the first other winner
    is it; the player is alone for good once the tricks to look at are over."""
    number = len(deal._winners)
    maker = deal.maker
    if winner != maker:
        deal._partner_found(tuple(0 if s in (maker, winner) else 1 for s in range(deal.players)), number)
    elif number >= deal._finding:
        deal._partner_found(deal.teams, number)


# The functions above take the compiled Deal itself, so that its fields are native reads (a protocol-typed
# argument costs a Python attribute lookup each); what they may read and call is the protocol's, which
# tests/test_deal_interface.py holds them to, and mypy checks here that the deal has it all.
def _deal_is_bidder(deal: Deal) -> Bidder:
    return deal
