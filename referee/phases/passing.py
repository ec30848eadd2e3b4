"""The pass phase: each seat in turn, from the dealer's left, chooses the cards it passes; then every seat
gives them to its neighbour in the deal's pass direction at once.

The phase keeps only what it needs for that: the cards each seat has chosen, and how many the seat choosing
now has chosen. The deal owns the hands: it asks :meth:`Passing.exchanged` for the hands after the exchange.
"""

from __future__ import annotations

from typing import Final

_OFFSETS: Final = {"left": 1, "right": -1, "hold": 0}


def receiver(seat: int, players: int, direction: str) -> int:
    """The seat that receives ``seat``'s passed cards in ``direction`` (``left``, ``right``, ``across``,
    ``hold``)."""
    offset = players // 2 if direction == "across" else _OFFSETS[direction]
    return (seat + offset) % players


class Passing:
    """The pass phase of one deal: ``count`` cards a seat, in ``direction``."""

    def __init__(self, players: int, dealer: int, direction: str, count: int) -> None:
        self.players = players
        self.dealer = dealer
        self.direction = direction
        self.count = count
        self.passed: list[int] = [0] * players  # per seat, the cards it has chosen (a mask)
        self.choosing = 0  # cards the seat passing now has chosen (not bit_count(): compiled, a Python call)

    def copy(self) -> Passing:
        new = Passing(self.players, self.dealer, self.direction, self.count)
        new.passed, new.choosing = list(self.passed), self.choosing
        return new

    def first(self) -> int:
        """Who chooses first: the dealer's left."""
        return (self.dealer + 1) % self.players

    def legal_mask(self, seat: int, hand: int) -> int:
        """What ``seat`` holding ``hand`` may choose now, as a mask of cards: those not chosen yet."""
        return hand & ~self.passed[seat]

    def why_not(self, seat: int, card: int, code: str) -> tuple[str, str]:
        """Why ``seat`` may not choose ``card`` (``code``): a kind (for translation) and a sentence."""
        if self.passed[seat] >> card & 1:
            return "chosen", f"{code} is already chosen to pass"
        return "not-in-hand", f"{code} is not in the hand"

    def apply(self, seat: int, card: int) -> int:
        """``seat`` chooses ``card``: the seat to choose next, or -1 when every seat has chosen (the phase is
        done: the deal then takes :meth:`exchanged`)."""
        passed = self.passed
        passed[seat] = passed[seat] | 1 << card  # (compiled: read, combine and store are native; |= is not)
        self.choosing += 1
        if self.choosing < self.count:
            return seat
        self.choosing = 0
        nxt = (seat + 1) % self.players
        return -1 if nxt == (self.dealer + 1) % self.players else nxt  # (not first(): a call, in pure Python)

    def exchanged(self, hands: list[int]) -> list[int]:
        """The hands after every seat has given its chosen cards to its receiver."""
        passed = self.passed
        out = [hands[s] & ~passed[s] for s in range(self.players)]
        for s in range(self.players):
            to = receiver(s, self.players, self.direction)
            out[to] = out[to] | passed[s]
        return out

    def passed_by(self, seat: int) -> int:
        """The cards ``seat`` chose to pass (a mask)."""
        return self.passed[seat]
