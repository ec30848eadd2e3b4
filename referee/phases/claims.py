"""Claims and ending a deal early: the rest of the tricks given to a seat, or to nobody, before they are played.

A deal ends before its last trick three ways: the table agrees that a seat takes every trick left (a claim,
which the kiosk offers between tricks); the ruleset ends it once no card left is worth anything
(``play.end_early: no-points-left``) or once the seat to lead holds the top card of every suit left
(``leader-takes-rest``); or a contract whose player must take no trick (Skat's null) ends at that player's
first trick. Either way the cards left go to the claimer, or to nobody, and the deal is scored.

This module decides; the deal acts. It reads the deal through :class:`ClaimView` and changes it only through
the one method that protocol lists, :meth:`ClaimView._take_rest`, which gives the rest away and finishes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from ..cards import cards_in
from ..mechanisms import talon
from .view import DealState

if TYPE_CHECKING:
    from ..engine import Deal
    from ..observer import Observer
    from ..tables import TrumpTable

#: Why a claim is refused, by :func:`refusal`'s kind.
CLAIM_RULES: Final = {
    "claim": "a claim is made between tricks",
    "claim-sides": "the sides are not known yet from the cards played",
    talon.CLAIM_REFUSED: "at a real table a deal with a skat is played out",
}


class ClaimView(DealState, Protocol):
    """What claims and ending early read of a deal, and the one change they ask of it (read-only properties:
    this module assigns none of the deal's fields)."""

    @property
    def to_act(self) -> int | None: ...
    @property
    def tricks_won(self) -> list[int]: ...
    @property
    def table(self) -> TrumpTable: ...
    @property
    def know(self) -> Observer | None: ...
    @property
    def _in_trick(self) -> int: ...
    @property
    def _hands(self) -> list[int]: ...
    @property
    def _gone(self) -> int: ...
    @property
    def _scoring(self) -> int: ...

    def active_seats(self) -> list[int]: ...

    def _played_by(self, seat: int) -> int: ...

    def _take_rest(self, seat: int, rest: int, tricks: int) -> None:
        """End the deal now: ``rest`` (a mask) and ``tricks`` more tricks to ``seat`` (-1: to nobody)."""


def refusal(deal: Deal) -> str | None:
    """Why no claim of the remaining tricks can be scored now (an :class:`IllegalAction` kind), or None."""
    if deal.phase != "play" or deal._in_trick:
        return "claim"
    if deal.known:
        return None
    plan = deal.plan
    if plan.talon is not None:
        # At a real table the skat is seen only as the cards nobody played, and it counts for the
        # declarer, points and matadors: a claim would give it to the claimer (mechanisms.talon).
        return talon.CLAIM_REFUSED
    maker = plan.side_maker
    if maker is not None and deal.contract < 0 and not maker.known([deal._played_by(s) for s in range(deal.players)]):
        # Where the sides are made by a card (Doppelkopf's queens of clubs), only once the cards played tell
        # them at a real table: the tricks claimed would go to a side nobody knows.
        return "claim-sides"
    return None


def unplayed(deal: Deal) -> int:
    """Cards still to be played (with unknown hands: every card not yet seen)."""
    if deal.known:
        rest = 0
        hands, gone = deal._hands, deal._gone
        for s in deal.active_seats():
            rest |= hands[s] & ~gone
        return rest
    know = deal.know
    assert know is not None
    return deal.layout.deck & ~deal._gone & ~know.out


def give_rest(deal: Deal, seat: int) -> None:
    """End the deal now; the remaining cards go to ``seat`` (-1: nobody)."""
    remaining = deal.hand_size - len(deal._winners)
    deal._take_rest(seat, unplayed(deal) if seat >= 0 else 0, remaining)


def maybe_end_early(deal: Deal, early: frozenset[str]) -> None:
    """After a trick: end the deal where the ruleset (``early``: ``play.end_early``) or the contract says so."""
    contracts = deal.plan.contract_plan
    maker = deal.maker
    if contracts is not None and deal.contract >= 0 and maker is not None and contracts.no_tricks[deal.contract]:
        if deal.tricks_won[maker]:  # the player who must take no trick took one: the deal is over
            give_rest(deal, -1)
        return
    rest = unplayed(deal)
    if "no-points-left" in early and not rest & deal._scoring:
        give_rest(deal, -1)
        return
    leader = deal.to_act
    if "leader-takes-rest" in early and deal.known and leader is not None and leader_takes_rest(deal, leader):
        give_rest(deal, leader)


def leader_takes_rest(deal: Deal, leader: int) -> bool:
    """Whether ``leader``, to lead, holds the top card of every suit left (and trumps, where others hold any)."""
    table = deal.table
    hands, gone = deal._hands, deal._gone
    mine = hands[leader] & ~gone
    others = 0
    for s in deal.active_seats():
        if s != leader:
            others |= hands[s] & ~gone
    trump = table.trump
    if trump is not None and others & table.eff_mask[trump] and mine & ~table.eff_mask[trump]:
        return False
    for c in cards_in(mine):
        suit_mask = table.eff_mask[table.eff_suit[c]]
        for o in cards_in(others & suit_mask):
            if table.power[o] > table.power[c]:
                return False
    return True


# The functions above take the compiled Deal itself, so that its fields are native reads (a protocol-typed
# argument costs a Python attribute lookup each); what they may read and call is the protocol's, which
# tests/test_deal_interface.py holds them to, and mypy checks here that the deal has it all.
def _deal_is_claimview(deal: Deal) -> ClaimView:
    return deal
