"""The discard phase: one seat lays cards away, one at a time.

Two mechanisms use it: the dealer who picked up the upcard lays one card away (Euchre; the card picked up
may be kept back where the ruleset says so), and the declarer who took up the talon lays as many cards
back into it (Skat: :mod:`referee.mechanisms.talon`), which then count for the declarer. The phase keeps
what it needs for that: how many cards are still to lay away, the card that may not be, and the cards laid
into the talon. The deal owns the hand: it takes each card out of it.

The talon's side of the deal sits here too: the declarer taking it up (:func:`take_talon`), and which cards it
holds (:func:`talon_cards`, which the scoring counts for the declarer). They read the deal through
:class:`TalonCards` and change it only through the two methods :class:`TalonTaker` lists.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .view import DealState

if TYPE_CHECKING:
    from ..engine import Deal


class Discarding:
    """The discard phase of one deal: ``count`` cards to lay away, never ``keep`` (-1: any card may go);
    ``into_talon``: the cards go into the talon (and count for the declarer)."""

    def __init__(self, count: int, keep: int, into_talon: bool) -> None:
        self.left = count
        self.keep = keep
        self.into_talon = into_talon
        self.laid = 0  # the cards laid into the talon (a mask; 0 for a discard that leaves the deal)

    def copy(self) -> Discarding:
        new = Discarding(self.left, self.keep, self.into_talon)
        new.laid = self.laid
        return new

    def legal_mask(self, hand: int) -> int:
        """The cards of ``hand`` that may be laid away now."""
        return hand & ~(1 << self.keep) if self.keep >= 0 else hand

    def why_not(self, card: int, code: str, hand: int) -> tuple[str, str]:
        """Why ``card`` (``code``) may not be laid away from ``hand``: a kind (for translation) and a sentence."""
        if card == self.keep and hand >> card & 1:
            return "keep-upcard", "the card picked up may not be discarded"
        return "not-in-hand", f"{code} is not in the hand"

    def apply(self, card: int) -> bool:
        """``card`` is laid away: True once the last one is (the phase is done)."""
        if self.into_talon:
            self.laid = self.laid | 1 << card  # (compiled: read, combine and store are native; |= is not)
        self.left -= 1
        return self.left <= 0


# -- the talon (referee.mechanisms.talon): taken up by the declarer, laid away again -------------------------


class TalonCards(DealState, Protocol):
    """What :func:`talon_cards` reads of a deal (read-only)."""

    @property
    def talon_taken(self) -> bool: ...
    @property
    def _stock(self) -> list[int]: ...
    @property
    def _discard(self) -> Discarding | None: ...
    @property
    def _gone(self) -> int: ...


class TalonTaker(TalonCards, Protocol):
    """What :func:`take_talon` asks of a deal besides: the two changes it makes."""

    def _take_up(self, seat: int, cards: int) -> None:
        """``seat`` takes the talon up; with known hands ``cards`` (its cards) join its hand."""

    def _start_discard(self, seat: int, count: int, into_talon: bool) -> None:
        """``seat`` lays ``count`` cards away (``into_talon``: back into the talon), one at a time."""


def take_talon(deal: Deal, seat: int) -> None:
    """``seat``, the declarer, takes up the talon: it then lays as many cards away, one at a time (phase
    ``discard``), and the bidding or the play goes on. At a real table nobody enters those cards."""
    if not deal.known:
        deal._take_up(seat, 0)
        return
    deal._take_up(seat, stock_mask(deal._stock))
    talon = deal.plan.talon
    assert talon is not None
    deal._start_discard(seat, talon.size, True)


def talon_cards(deal: Deal) -> int:
    """The talon's cards as a mask: those laid away, or the talon unseen in a hand game (0: none yet).
    At a real table, once every trick is played: the cards nobody played."""
    if deal.plan.talon is None:
        return 0
    if not deal.known:  # (asked by the scoring too, before the deal is marked done)
        over = deal.phase == "done" or len(deal._winners) == deal.hand_size
        return deal.layout.deck & ~deal._gone if over else 0
    if not deal.talon_taken:
        return stock_mask(deal._stock)
    discard = deal._discard
    return discard.laid if discard is not None else 0


def stock_mask(stock: list[int]) -> int:
    """The undealt cards as a mask (the talon, before the declarer takes it up)."""
    mask = 0
    for card in stock:
        mask |= 1 << card
    return mask


# The functions above take the compiled Deal itself, so that its fields are native reads (a protocol-typed
# argument costs a Python attribute lookup each); what they may read and call is the protocol's, which
# tests/test_deal_interface.py holds them to, and mypy checks here that the deal has it all.
def _deal_is_talontaker(deal: Deal) -> TalonTaker:
    return deal


def _deal_is_taloncards(deal: Deal) -> TalonCards:
    return deal
