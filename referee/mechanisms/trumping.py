"""Trump duties: must trump when void, must beat a trump in the trick, may not undertrump.

Klaverjassen and Belote bind a player who cannot follow suit: Rotterdam rules
make them trump, beating the best trump in the trick if they can, and play a
lower trump (undertrump) if that is all they can do, even on their partner's
trick; Amsterdam rules release them while their partner is winning the trick,
and forbid undertrumping while they hold anything else. In both, a player
following a trump lead must head the trick if they can. Three settings say all
of it (``play.trumping``):

- ``must_trump``: ``never`` (the default: a player who cannot follow may play
  any card), ``always``, or ``unless-partner-winning``;
- ``overtrump``: a trump played to a trick that already holds one must beat it
  if the player can (following a trump lead as well as trumping in);
- ``undertrump``: ``allowed``, or ``only-with-nothing-else``.

Where the duties clash (a player must trump but holds only trumps lower than
the trick's, and may not undertrump), the ban wins: they discard, as both
cities' rules say. At a table with unknown hands, a play the duties allow only
in some hands is an assumption (:meth:`~referee.observer.Observer.assume`):
discarding where one must trump proves the hand holds no trump it could play.

Sources: Nederlandse Klaverjas Unie, "Het spel" (Amsterdams, Rotterdams);
klaverjassenonline.nl, "Rotterdams klaverjassen" (a partner's trick is trumped
too, "dus ook met ondertroeven"); D. Parlett, The Penguin Book of Card Games,
Klaverjas (the Amsterdam duties, point by point).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from ..deck import Deck
from ..observer import Observer
from ..playing import PlayRule
from ..tables import Layout, TrumpTable

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "trumping"
PATH: Final = ("play", "trumping")

MustTrump = Literal["never", "always", "unless-partner-winning"]
Undertrump = Literal["allowed", "only-with-nothing-else"]

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "What a player who cannot follow suit must do with a trump, and when a trump must beat another "
        "(Klaverjassen, Belote). By default a player who cannot follow may play any card."
    ),
    "properties": {
        "must_trump": {
            "enum": ["never", "always", "unless-partner-winning", None],
            "default": "never",
            "description": (
                "A player who cannot follow suit must play a trump if they can: `always` (Rotterdam, even on "
                "the partner's trick), `unless-partner-winning` (Amsterdam: free while the partner is winning "
                "the trick), or `never`."
            ),
        },
        "overtrump": {
            "type": ["boolean", "null"],
            "default": False,
            "description": (
                "A trump played to a trick that already holds a trump must beat it if the player can: when "
                "trumps are led as well as when trumping in, whoever is winning."
            ),
        },
        "undertrump": {
            "enum": ["allowed", "only-with-nothing-else", None],
            "default": "allowed",
            "description": (
                "Whether a player who cannot follow suit may play a trump lower than one already in the trick: "
                "`allowed`, or `only-with-nothing-else` (only with nothing but lower trumps in hand)."
            ),
        },
    },
}

TRUMP_KEY: Final = 1000  # a trick key at or above this belongs to a trump (see referee.tables.trump_table)
NEVER: Final = 0
ALWAYS: Final = 1
UNLESS_PARTNER: Final = 2
_MUST: Final = {"never": NEVER, "always": ALWAYS, "unless-partner-winning": UNLESS_PARTNER}


@dataclass(frozen=True)
class Trumping:
    """The ``play.trumping`` settings."""

    must_trump: MustTrump = "never"
    overtrump: bool = False
    undertrump: Undertrump = "allowed"


def read(data: dict[str, Any]) -> Trumping:
    return Trumping(
        must_trump=cast(MustTrump, data.get("must_trump", "never")),
        overtrump=bool(data.get("overtrump", False)),
        undertrump=cast(Undertrump, data.get("undertrump", "allowed")),
    )


def active(settings: Trumping) -> bool:
    return settings != Trumping()


def of(rules: Ruleset) -> Trumping:
    """The trump duties of a compiled ruleset."""
    return cast(Trumping, rules.mechanisms[NAME])


def check(settings: Trumping, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    if rules.trump_kind == "none":
        bad(PATH, "trump duties need trumps (trump.kind is none)", ("trump", "kind"))
    # The partner is the deal's (Deal.teams): partners sitting opposite, or sides a card makes anew each deal.
    if (
        settings.must_trump == "unless-partner-winning"
        and rules.teams_kind != "opposite"
        and rules.plan.side_maker is None
    ):
        bad(
            (*PATH, "must_trump"),
            "a partner's trick needs partnerships (players.teams: opposite, or players.sides_by_card)",
            ("players", "teams"),
        )


def follow_rules(settings: Trumping, layout: Layout, table: TrumpTable, deck: Deck) -> list[PlayRule]:
    if not active(settings) or table.trump is None:
        return []
    return [TrumpDuty(settings, layout, table, deck)]


class TrumpDuty(PlayRule):
    """The duties of ``play.trumping`` for one deal's trump suit."""

    clause = "play.trumping"
    kind = "must-trump"
    cause = NAME
    restricts_void = True

    def __init__(self, settings: Trumping, layout: Layout, table: TrumpTable, deck: Deck) -> None:
        trump = table.trump
        assert trump is not None
        self.trump = trump
        self.trumps = table.eff_mask[trump] & layout.deck
        self.key = table.keys[trump]  # per card: its strength as a trump (TRUMP_KEY and above)
        self.must = _MUST[settings.must_trump]
        self.overtrump = settings.overtrump
        self.no_undertrump = settings.undertrump == "only-with-nothing-else"
        self.deck = deck
        self.deck_mask = layout.deck

    def _above(self, trumps: int, win_key: int) -> int:
        """The trumps among ``trumps`` that beat a trick whose best card has key ``win_key``."""
        if win_key < TRUMP_KEY:
            return trumps  # no trump in the trick yet: any trump beats it
        out = 0
        key = self.key
        while trumps:
            low = trumps & -trumps
            if key[low.bit_length() - 1] > win_key:
                out |= low
            trumps ^= low
        return out

    def _bound(self, partner: int) -> bool:
        """Whether a player who cannot follow must trump now: always, or unless their partner in this deal is
        winning (``partner``, by the deal's sides: a deal may make its own). Where the table does not know the
        sides yet (``partner`` -1), nobody can say the partner is not winning: no duty is inferred."""
        return self.must == ALWAYS or (self.must == UNLESS_PARTNER and partner == 0)

    def narrow_follow(
        self, hand: int, mask: int, follow: int, trick: int, led: int, seat: int, partner: int, win_key: int
    ) -> int:
        trumps = mask & self.trumps
        if not trumps:
            return mask
        if follow:  # following suit: only a trump lead leaves a duty, to head the trick
            if led != self.trump or not self.overtrump:
                return mask
            above = self._above(trumps, win_key)
            return above if above else mask
        above = self._above(trumps, win_key)
        lower = trumps & ~above
        if self.no_undertrump and lower and mask & ~lower:
            mask &= ~lower
        if self._bound(partner):
            if self.overtrump and above:
                return above
            ruffs = mask & self.trumps
            return ruffs if ruffs else mask
        return mask

    def refuse_follow(
        self, card: int, code: str, hand: int, follow: int, trick: int, led: int, seat: int, partner: int, win_key: int
    ) -> str:
        start = follow if follow else hand
        if self.narrow_follow(hand, start, follow, trick, led, seat, partner, win_key) >> card & 1:
            return ""
        if follow:
            return "must beat the trump in the trick if possible"
        if self.trumps >> card & 1:
            if self.overtrump and self._above(self.trumps & hand, win_key):
                return "must beat the trump in the trick if possible"
            return "may not play a lower trump while holding another card"
        return "must trump (cannot follow suit)"

    def refusal_kind(self, why: str) -> str:
        if why.startswith("must beat"):
            return "must-overtrump"
        if why.startswith("may not play a lower"):
            return "no-undertrump"
        return "must-trump"

    def assumption(self, seat: int, code: str) -> str:
        return f"seat {seat} may play {code} only without a trump the trump duties call for"

    def claimed(self, code: str, trick: int) -> str:
        return f"played {code} in trick {trick + 1}, claiming no trump it had to play"

    def infer_follow(
        self,
        seen: Observer,
        seat: int,
        card: int,
        code: str,
        trick: int,
        led: int,
        off_suit: bool,
        partner: int,
        win_key: int,
    ) -> None:
        trumps = self.trumps
        beats = self._above(trumps, win_key)  # every trump that could have beaten the trick
        ruled_out = 0  # the cards the play proves the seat did not hold
        if not off_suit:
            if led == self.trump and self.overtrump and not beats >> card & 1:
                ruled_out = beats  # followed a trump lead without heading: held no higher trump
        elif trumps >> card & 1:
            if not beats >> card & 1:  # an undertrump
                if self.no_undertrump:
                    ruled_out = self.deck_mask & ~(trumps & ~beats)  # held nothing but lower trumps
                elif self.overtrump and self._bound(partner):
                    ruled_out = beats
        elif self._bound(partner):  # discarded where a trump was due
            # With undertrumping banned, a hand of lower trumps only may discard; else any trump was due.
            ruled_out = beats if self.no_undertrump else trumps
        if ruled_out:
            seen.assume(seat, code, trick, self, ruled_out)
