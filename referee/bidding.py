"""Bids of a number of tricks: each player once, with nil and blind nil.

A ``tricks`` bidding round (Spades, Oh Hell, Boerenbridge) asks every player
once, from the dealer's left, how many tricks they will take. Its words are
``bid N``, ``nil`` and ``blind-nil``. Which numbers are legal depends on the
round's range, the partner's bid (``side_max``) and, for the last bidder, the
round's :class:`Bar`: the hook (:mod:`referee.mechanisms.hook`) forbids one number.

Everything here is a pure function of ints, so the kiosk, the page compiler and
the engine all ask the same code which bids are allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

NIL: Final = "nil"
BLIND_NIL: Final = "blind-nil"
#: ``BID_WORDS[n]`` is the action that bids ``n`` tricks.
BID_WORDS: Final = tuple(f"bid {n}" for n in range(27))
BID_INDEX: Final = {word: n for n, word in enumerate(BID_WORDS)}

# What a seat bid, besides the number (nil and blind nil count as 0 tricks).
NOT_NIL: Final = 0
NIL_BID: Final = 1
BLIND_NIL_BID: Final = 2


class Bar:
    """What a round of trick bids forbids its last bidder: one number, and why. This one forbids nothing.

    A mechanism that bars a number subclasses it (the hook: :class:`referee.mechanisms.hook.Hooked`, which the
    ruleset's compile step puts on the round), so that this module, at the bottom of the engine's imports,
    imports no mechanism.
    """

    def forbidden(self, hand_size: int, bids: list[int], seat: int) -> int:
        """The number ``seat``, bidding last, may not bid, or -1."""
        return -1

    def reason(self, hand_size: int) -> str:
        """Why the forbidden number is refused, in one line of English."""
        return "not allowed now"

    def refusal_kind(self) -> str:
        """The kind of refusal of the forbidden number (a :class:`referee.results.ResultError`'s)."""
        return "bid-not-now"

    def refusal(self, seat: int, bid: int, hand_size: int) -> str:
        """Why ``seat``, bidding last, may not bid ``bid`` in a deal of ``hand_size`` tricks, in one line of
        English (a result entered by hand names the seat)."""
        return f"bid {bid} is not allowed now"


#: The bar of a round that forbids its last bidder nothing.
NO_BAR: Final = Bar()


@dataclass(frozen=True)
class TrickBids:
    """A compiled ``tricks`` bidding round."""

    low: int  # the lowest number (nil aside)
    high: int  # the highest number; -1 for the hand size
    nil: bool
    blind_nil: bool
    bar: Bar  # what the last bidder may not bid (the hook), NO_BAR for nothing
    side_max: int  # 0: no cap on a partnership's combined bid
    declarer_min: bool = False  # the declarer of an auctioned contract bids at least its tricks

    def top(self, hand_size: int) -> int:
        return hand_size if self.high < 0 else min(self.high, hand_size)


def partner_in(teams: tuple[int, ...], seat: int) -> int:
    """``seat``'s partner by ``teams`` (per seat, its side in the deal): the first other seat of its side, or -1
    where it has none (at a table of partners sitting opposite, the seat opposite)."""
    for other, team in enumerate(teams):
        if other != seat and team == teams[seat]:
            return other
    return -1


def number_range(
    spec: TrickBids, hand_size: int, bids: list[int], seat: int, partner: int, last: bool, least: int = 0
) -> tuple[int, int, int]:
    """``(low, high, forbidden)``: the numbers ``seat`` may bid now, and the one the round's bar forbids (-1: none).

    ``least``: the fewest tricks this seat may bid (the declarer's contract), if more than the round's lowest.
    """
    high = spec.top(hand_size)
    if spec.side_max and partner >= 0:
        if bids[partner] >= 0:  # the partner has bid (a nil counts 0)
            high = min(high, spec.side_max - bids[partner])
        else:  # leave the partner a legal bid: nil, or at least the lowest number
            high = min(high, spec.side_max - (0 if spec.nil or spec.blind_nil else spec.low))
    forbidden = spec.bar.forbidden(hand_size, bids, seat) if last else -1
    return max(spec.low, least), high, forbidden


def legal_bids(spec: TrickBids, hand_size: int, bids: list[int], seat: int, partner: int, last: bool) -> list[str]:
    """Every bid ``seat`` may make: ``bid N`` words in increasing order, then nil and blind nil."""
    low, high, forbidden = number_range(spec, hand_size, bids, seat, partner, last)
    return words_for(spec, low, high, forbidden)


def words_for(spec: TrickBids, low: int, high: int, forbidden: int) -> list[str]:
    """The bids from ``low`` to ``high`` but ``forbidden``, then nil and blind nil where allowed."""
    out = [BID_WORDS[n] for n in range(low, high + 1) if n != forbidden]
    if forbidden != 0:  # a nil counts as 0 tricks for the bar
        if spec.nil:
            out.append(NIL)
        if spec.blind_nil:
            out.append(BLIND_NIL)
    return out


def read_bid(word: str) -> tuple[int, int]:
    """``(tricks, nil kind)`` of a bid word; ValueError if it is not one."""
    if word == NIL:
        return 0, NIL_BID
    if word == BLIND_NIL:
        return 0, BLIND_NIL_BID
    n = BID_INDEX.get(word)
    if n is None:
        raise ValueError(f"not a bid: {word!r}")
    return n, NOT_NIL


def is_trick_bid(word: str) -> bool:
    """Whether a bidding word bids tricks (``bid 3``, ``nil``, ``blind-nil``), not trump or a contract (``bid 7H``)."""
    return word in (NIL, BLIND_NIL) or (word.startswith("bid ") and word[4:].isdigit())


def bid_word(tricks: int, nil: int) -> str:
    """The action that made a bid: the inverse of :func:`read_bid`."""
    if nil == NIL_BID:
        return NIL
    if nil == BLIND_NIL_BID:
        return BLIND_NIL
    return BID_WORDS[tricks]


def why_not(
    spec: TrickBids, hand_size: int, bids: list[int], seat: int, partner: int, last: bool, word: str, least: int = 0
) -> str:
    """Why ``word`` is not a legal bid for ``seat`` now, in a sentence."""
    try:
        n, nil = read_bid(word)
    except ValueError:
        return f"not a bid; bid a number of tricks, e.g. 'bid 3'{' or nil' if spec.nil else ''}"
    low, high, forbidden = number_range(spec, hand_size, bids, seat, partner, last, least)
    if nil == NIL_BID and not spec.nil:
        return "this ruleset has no nil bid"
    if nil == BLIND_NIL_BID and not spec.blind_nil:
        return "this ruleset has no blind nil bid"
    if n == forbidden:
        return spec.bar.reason(hand_size)
    if nil == NOT_NIL and spec.low <= n < low:
        return f"the declarer bids at least the contract's {low} tricks"
    if nil == NOT_NIL and (n > spec.top(hand_size) or n < low):
        return f"a bid must be from {low} to {spec.top(hand_size)}"
    if nil == NOT_NIL and n > high:
        return f"partners may bid at most {spec.side_max} tricks together"
    return "not allowed now"
