"""The hook: the last player to bid tricks may not make the bids add up to the tricks of the deal.

In Oh Hell and Boerenbridge every player bids once how many tricks they will
take, and the hook (``bidding.rounds[].hook``, a setting of a ``tricks`` round)
forbids the last bidder the one number that would make all the bids add up to
the number of tricks in the deal, so that not everyone can be right. A nil (or
blind nil) counts as 0 tricks: where the hook forbids 0, it forbids nil too.
Where the others' bids already add up to more than the deal's tricks, it
forbids nothing.

Who bids last follows from the round (:func:`last_bidder`): the dealer where
the bidding starts at the dealer's left, the player right of the dealer where
it starts with the dealer, and the player before the declarer where the
declarer of an auction bids first (known only once the auction is won).

The engine, quick-score entry, the pages and the kiosk ask this module: the
number a seat may not bid now (:func:`forbidden`, :func:`forbidden_bid`), why
(:func:`reason`), who bids last (:func:`last_bidder`, :func:`dealer_last`) and
whether a ruleset has the hook at all (:func:`binds`); its words are in
:mod:`wording.hook`.

Why the engine reaches the hook through :class:`Hooked`, a
:class:`~referee.bidding.Bar` on the compiled round, rather than by importing
this module: :mod:`referee.bidding` sits at the bottom of the engine's imports
(the scoring and the auction import it, and this package's registry imports
those), so importing the registry from it would be a cycle. The dependency
goes the other way, as every mechanism's does: this module imports only
:mod:`referee.bidding`, and the ruleset's compile step puts :data:`HOOKED` on
each hooked round (:func:`bar`, through the registry's ``BIDDERS``). The engine then asks the bar with a native
call of int arithmetic, and only for the last bidder: a ruleset without the
hook asks the base class's, which forbids nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..bidding import Bar

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "hook"
#: A setting of each bidding round (the schema's ``$defs.bidding_round``): a path through ``rounds`` reaches it.
PATH: Final = ("bidding", "rounds", "hook")

SCHEMA: Final[dict[str, Any]] = {
    "type": "boolean",
    "default": False,
    "description": (
        "In a `tricks` round, the last player to bid may not make the bids add up to the number of tricks in the "
        "deal, so that someone must fail."
    ),
}


@dataclass(frozen=True)
class Hook:
    """The ``hook`` of each bidding round, in order (False where a round has none)."""

    rounds: tuple[bool, ...] = ()


def read(data: dict[str, Any]) -> Hook:
    """The settings from the rounds' values (``{"items": [...]}``: see :func:`referee.mechanisms.block`)."""
    return Hook(rounds=tuple(bool(v) for v in data.get("items", ())))


def active(settings: Hook) -> bool:
    return any(settings.rounds)


def of(rules: Ruleset) -> Hook:
    """The hook of a compiled ruleset."""
    return cast(Hook, rules.mechanisms[NAME])


def binds(rules: Ruleset) -> bool:
    """Whether the ruleset's round of trick bids has the hook."""
    return active(of(rules))


def forbidden(hand_size: int, bids: list[int], seat: int) -> int:
    """The number the hook forbids ``seat``, the last bidder, or -1: the deal's tricks less the others' bids.

    ``bids`` per seat, -1 for none (a nil counts 0). Where the others bid more than the deal's tricks, none.
    """
    others = 0
    for s, b in enumerate(bids):
        if s != seat and b > 0:
            others += b
    rest = hand_size - others
    return rest if rest >= 0 else -1


def reason(hand_size: int) -> str:
    """Why the forbidden number is refused, in one line of English (the engine's refusal)."""
    return f"the hook rule: the bids may not add up to the {hand_size} tricks of the deal"


class Hooked(Bar):
    """The hook on a compiled round of trick bids: what the engine asks of the last bidder."""

    def forbidden(self, hand_size: int, bids: list[int], seat: int) -> int:
        return forbidden(hand_size, bids, seat)

    def reason(self, hand_size: int) -> str:
        return reason(hand_size)

    def refusal_kind(self) -> str:
        return "hook"

    def refusal(self, seat: int, bid: int, hand_size: int) -> str:
        # The last bidder: the dealer only where the bidding starts at the dealer's left (see first_bidder).
        return (
            f"the hook rule: seat {seat} bids last and may not bid {bid}, which makes the bids add up to the "
            f"{hand_size} tricks"
        )


#: The one bar of every hooked round (rounds compare equal, as their settings do).
HOOKED: Final = Hooked()


def bar(settings: Hook, index: int) -> Bar | None:
    """What bidding round ``index`` forbids its last bidder: the hook, or None."""
    return HOOKED if index < len(settings.rounds) and settings.rounds[index] else None


def forbidden_bid(rules: Ruleset, players: int, hand_size: int, bids: list[int] | tuple[int, ...], seat: int) -> int:
    """The number the hook forbids ``seat`` to bid now, or -1 (it does not bid last, or the game has no hook).

    ``bids`` are the numbers bid so far, per seat (-1: not yet; a nil counts 0): ``seat`` bids last when every
    other seat has bid.
    """
    spec = rules.trick_round
    if spec is None or not binds(rules):
        return -1
    if sum(1 for b in bids if b >= 0) != players - 1:
        return -1
    return forbidden(hand_size, list(bids), seat)


def first_bidder(rules: Ruleset, players: int, dealer: int) -> int | None:
    """The seat that bids first in the round of trick bids; None where the declarer of an auction does."""
    starts = next((r.starts for r in rules.bidding_rounds if r.tricks is not None), "left-of-dealer")
    if starts == "declarer":
        return None
    return dealer if starts == "dealer" else (dealer + 1) % players


def last_bidder(rules: Ruleset, players: int, dealer: int) -> int | None:
    """The seat that bids last, and so the one the hook binds; None where the auction decides who bids first."""
    first = first_bidder(rules, players, dealer)
    return None if first is None else (first - 1) % players


def dealer_last(rules: Ruleset) -> bool:
    """Whether the dealer always bids last (the bidding starts at the dealer's left), as the pages say it."""
    return last_bidder(rules, 4, 0) == 0


def check(settings: Hook, rules: Ruleset, bad: Bad) -> None:
    written = (rules.doc.data.get("bidding") or {}).get("rounds") or []
    for i, (on, r) in enumerate(zip(settings.rounds, rules.bidding_rounds, strict=False)):
        if r.kind != "tricks":
            if i < len(written) and "hook" in written[i]:
                bad(("bidding", "rounds", i, "hook"), f"hook belongs to a round of kind tricks, not {r.kind}")
            continue
        spec = r.tricks
        if not on or spec is None:
            continue
        stuck = _stuck(rules, spec.low, spec.top, spec.nil or spec.blind_nil)
        if stuck is not None:
            tricks, players = stuck
            bad(
                ("bidding", "rounds", i, "hook"),
                f"the hook can leave the last bidder no bid: with {players} players and {tricks} "
                f"trick{'s' if tricks != 1 else ''}, {spec.low} is the only number to bid",
            )


def _stuck(rules: Ruleset, low: int, top: Callable[[int], int], nil: bool) -> tuple[int, int] | None:
    """A deal (tricks, players) in which the hook can forbid the last bidder its only bid, or None.

    Two numbers to bid leave one. One number ``low``: the hook forbids it when the others' bids (``low`` each, or
    0 for a nil) leave exactly ``low`` tricks; a nil still bids then, unless ``low`` is 0 (a nil counts 0).
    """
    for players in rules.player_counts:
        try:
            layout = rules.layout(players)
        except ValueError:  # a count the ruleset cannot deal (refused elsewhere)
            continue
        for tricks in sorted(set(layout.schedule) or {layout.hand_size}):
            if top(tricks) != low or (nil and low > 0):
                continue
            others = range(players) if nil else (players - 1,)  # how many others bid the number, not nil
            if any(tricks - k * low == low for k in others):
                return tricks, players
    return None
