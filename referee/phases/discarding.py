"""The discard phase: one seat lays cards away, one at a time.

Two mechanisms use it: the dealer who picked up the upcard lays one card away (Euchre; the card picked up
may be kept back where the ruleset says so), and the declarer who took up the talon lays as many cards
back into it (Skat: :mod:`referee.mechanisms.talon`), which then count for the declarer. The phase keeps
what it needs for that: how many cards are still to lay away, the card that may not be, and the cards laid
into the talon. The deal owns the hand: it takes each card out of it.
"""

from __future__ import annotations


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
