"""Contracts a player may choose before play, each with trumps of its own, played alone against the others.

In Doppelkopf a player may announce a solo before the first card (a
reservation, "Vorbehalt"): starting left of the dealer, each player says
"healthy" ("gesund") or names a solo, and the first solo named is played. The
soloist plays alone against the other three, and a solo changes the trumps:

- a queens solo ("Damensolo"): only the four queens are trumps, clubs highest;
- a jacks solo ("Bubensolo"): only the four jacks;
- an aces solo ("Fleischloser"): no trumps at all;
- a suit solo ("Farbsolo"): the soloist names the trump suit, and the ten of
  hearts, the queens and the jacks stay trumps above it.

The settings (``trump.contracts``) list the kinds: each an ``id`` (the word a
player says, ``solo queens``), the cards promoted to trumps in it (``trumps``,
highest first; absent: the ruleset's own ``trump.promoted``) and its trump suit
(``suit``: ``none``, ``any`` for one the player names, or a suit's letter).
``leads``: who leads the first trick of a contract. Without a trump suit, the
promoted cards form a trump suit of their own (:func:`referee.mechanisms.promoted.promote`).

The round in which players choose is a :class:`referee.auction.BidRound` the
mechanism adds before the ruleset's own rounds; the deal keeps the contract
chosen (:attr:`referee.engine.Deal.contract`) and makes its sides from it.

Sources: Deutscher Doppelkopf-Verband, Turnierspielregeln (Stand 21.02.2026),
2.3.3 (the solos: Farbsolo, Damensolo, Bubensolo, Fleischloser), 2.3.5 and
2.3.6 (their trumps), 2.4.7 (the soloist alone is the Re party), 4.1.2 (the
reservations asked from the dealer's left: "Vorbehalt" or "gesund"), 4.2.2 (the
soloist of a compulsory solo leads).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from ..auction import BidRound
from ..tables import ContractPlan, TrumpTable, trump_table
from . import promoted

if TYPE_CHECKING:
    from ..engine import Deal
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "contracts"
PATH: Final = ("trump", "contracts")

HEALTHY: Final = "healthy"  # no reservation ("gesund")
SOLO: Final = "solo"  # a contract's word: "solo queens", "solo suit H"

Leads = Literal["declarer", "left-of-dealer"]

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "Contracts a player may announce before the first card and play alone against the others, each with "
        "its own trumps (Doppelkopf's solos): each player in turn from the dealer's left says `healthy` or "
        "names one; the first named is played."
    ),
    "properties": {
        "kinds": {
            "type": ["array", "null"],
            "default": [],
            "description": "The contracts, in the order the pages list them.",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id"],
                "properties": {
                    "id": {
                        "type": "string",
                        "pattern": "^[a-z]{1,12}$",
                        "description": "Its name, as a player says it after `solo` (`queens`: `solo queens`).",
                    },
                    "trumps": {
                        "type": ["array", "null"],
                        "items": {"$ref": "#/$defs/card"},
                        "description": (
                            "The cards that are trumps in it, highest first (every copy); none: no trumps but "
                            "the trump suit's; absent: the ruleset's own `trump.promoted`."
                        ),
                    },
                    "suit": {
                        "type": ["string", "null"],
                        "pattern": "^(none|any|[A-Z])$",
                        "default": "none",
                        "description": (
                            "Its trump suit: `none`, `any` (the player names it: `solo suit H`), or a suit's letter."
                        ),
                    },
                },
            },
        },
        "leads": {
            "enum": ["declarer", "left-of-dealer", None],
            "default": "declarer",
            "description": "Who leads the first trick of a contract: its player, or the dealer's left as usual.",
        },
    },
}


@dataclass(frozen=True)
class Kind:
    """One contract: its ``id``, its promoted trumps (None: the ruleset's own) and its trump ``suit``."""

    id: str
    trumps: tuple[str, ...] | None = None
    suit: str = "none"


@dataclass(frozen=True)
class Contracts:
    """The ``trump.contracts`` settings."""

    kinds: tuple[Kind, ...] = ()
    leads: Leads = "declarer"


def read(data: dict[str, Any]) -> Contracts:
    kinds = tuple(
        Kind(
            id=str(k.get("id", "")),
            trumps=None if k.get("trumps") is None else tuple(str(c) for c in k["trumps"]),
            suit=str(k.get("suit") or "none"),
        )
        for k in data.get("kinds") or ()
        if isinstance(k, dict)
    )
    return Contracts(kinds=kinds, leads=cast(Leads, data.get("leads") or "declarer"))


def active(settings: Contracts) -> bool:
    return bool(settings.kinds)


def of(rules: Ruleset) -> Contracts:
    """The contracts of a compiled ruleset."""
    return cast(Contracts, rules.mechanisms[NAME])


def check(settings: Contracts, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    seen: set[str] = set()
    for i, kind in enumerate(settings.kinds):
        at = (*PATH, "kinds", i)
        if kind.id in seen:
            bad((*at, "id"), f"two contracts are called {kind.id}")
        seen.add(kind.id)
        for j, code in enumerate(kind.trumps or ()):
            if code not in rules.deck.index or not rules.full_deck >> rules.deck.index[code] & 1:
                bad((*at, "trumps", j), f"{code} is not a card of this deck")
        if kind.suit not in ("none", "any") and kind.suit not in rules.deck_suits:
            bad((*at, "suit"), f"{kind.suit} is not a suit of this deck")
    if rules.teams_kind != "none":
        bad(
            (*PATH, "kinds"),
            "a contract is played alone against the others (players.teams must be none)",
            ("players", "teams"),
        )
    if rules.bowers:
        bad((*PATH, "kinds"), "contracts do not go with bowers", ("trump", "bowers"))


def words(settings: Contracts, suits: list[str]) -> list[str]:
    """Every contract's word, in the settings' order: ``solo queens``, ``solo suit C`` ... (``suits``: the
    suits in play, for a contract whose player names the trump suit)."""
    out: list[str] = []
    for kind in settings.kinds:
        if kind.suit == "any":
            out.extend(f"{SOLO} {kind.id} {suit}" for suit in suits)
        else:
            out.append(f"{SOLO} {kind.id}")
    return out


def read_word(settings: Contracts, word: str) -> tuple[int, str]:
    """The contract a word names: its index and its trump suit's letter ("": none); (-1, "") for none."""
    parts = word.split()
    if len(parts) < 2 or parts[0] != SOLO:
        return -1, ""
    for i, kind in enumerate(settings.kinds):
        if kind.id == parts[1]:
            if kind.suit == "any":
                return (i, parts[2]) if len(parts) == 3 else (-1, "")
            return (i, "" if kind.suit == "none" else kind.suit) if len(parts) == 2 else (-1, "")
    return -1, ""


def plan(settings: Contracts) -> ContractPlan | None:
    """What the engine keeps of the contracts while a deal runs (None: no contracts)."""
    if not active(settings):
        return None
    return ContractPlan(leads_declarer=settings.leads == "declarer")


def table(settings: Contracts, index: int, rules: Ruleset, trump: int | None) -> TrumpTable:
    """The trumps of contract ``index`` with the trump suit ``trump`` (None: none but its promoted cards)."""
    kind = settings.kinds[index]
    base = trump_table(rules.deck, trump, False, rules.order, rules.trump_order)
    cards = kind.trumps if kind.trumps is not None else promoted.of(rules).cards
    return promoted.promote(rules.deck, base, cards)


def rounds(settings: Contracts, rules: Ruleset) -> list[BidRound]:
    """The round in which the players choose, before the ruleset's own rounds (none without contracts)."""
    if not active(settings):
        return []
    return [Reservation(settings, [s for s in rules.deck.suits if s in rules.deck_suits])]


class Reservation(BidRound):
    """From the dealer's left, each player says ``healthy`` or names a contract; the first named is played."""

    decides_trump = False  # all healthy: the game as the ruleset deals it

    def __init__(self, settings: Contracts, suits: list[str]) -> None:
        self.settings = settings
        self.offered = [HEALTHY, *words(settings, suits)]  # shared: the deal never changes the list

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        return self.offered

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        return f"say {HEALTHY} or name a solo ({', '.join(words[1:])})"

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        if word == HEALTHY:
            return False
        index, suit = read_word(self.settings, word)
        deal.declare_contract(seat, index, deal.suit_index(suit) if suit else -1)
        return True
