"""What the cards played prove at a real table (unknown hands): each play told to the deal's observer.

With unknown hands the deal accepts any card not yet seen and an :class:`~referee.observer.Observer` keeps
what the rules make provable: a seat that showed out of a suit, a heart led before hearts were broken "with
only hearts left". After each card the deal asks :func:`prove`, which lets every rule of play say its part
(:meth:`referee.playing.PlayRule.infer_follow`, :meth:`~referee.playing.PlayRule.infer_lead`).

It reads the deal through :class:`Witness` and changes nothing of it: only its observer learns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..playing import partner_winning

if TYPE_CHECKING:
    from ..engine import Deal
    from ..observer import Observer
    from ..playing import PlayRule


class Witness(Protocol):
    """What proving reads of a deal while it plays (read-only properties)."""

    @property
    def know(self) -> Observer | None: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def played(self) -> int: ...
    @property
    def broken(self) -> int: ...
    @property
    def _codes(self) -> tuple[str, ...]: ...
    @property
    def _winners(self) -> list[int]: ...
    @property
    def _in_trick(self) -> int: ...
    @property
    def _led(self) -> int: ...
    @property
    def _eff_suit(self) -> tuple[int, ...]: ...
    @property
    def _win_seat(self) -> int: ...
    @property
    def _win_key(self) -> int: ...
    @property
    def _follow_rules(self) -> list[PlayRule]: ...
    @property
    def _lead_proofs(self) -> list[PlayRule]: ...

    def _seen_teams(self) -> tuple[int, ...]: ...


def prove(deal: Deal, seat: int, card: int) -> None:
    """Tell the observer what ``seat`` playing ``card`` proves (asked before the card joins the trick)."""
    know = deal.know
    assert know is not None
    code, trick = deal._codes[card], len(deal._winners)
    know.played(seat, card, code, trick)
    know.last = trick == deal.hand_size - 1  # every hand's last card: it had no other to play
    if deal._in_trick:
        led = deal._led
        off_suit = deal._eff_suit[card] != led
        partner = partner_winning(deal._seen_teams(), seat, deal._win_seat)
        win_key = deal._win_key
        for rule in deal._follow_rules:
            rule.infer_follow(know, seat, card, code, trick, led, off_suit, partner, win_key)
        return
    first, broken = deal.played == 0, deal.broken
    for rule in deal._lead_proofs:
        if rule.infer_lead(know, seat, card, code, trick, first, broken):
            return


# The functions above take the compiled Deal itself, so that its fields are native reads (a protocol-typed
# argument costs a Python attribute lookup each); what they may read and call is the protocol's, which
# tests/test_deal_interface.py holds them to, and mypy checks here that the deal has it all.
def _deal_is_witness(deal: Deal) -> Witness:
    return deal
