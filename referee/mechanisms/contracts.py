"""Contracts a player may choose before play, each with trumps of its own, played alone against the others.

In Doppelkopf a player may announce a solo before the first card (a
reservation, "Vorbehalt"): starting left of the dealer, each player says
"healthy" ("gesund") or names a solo, and the first solo named is played. The
soloist plays alone against the other three, and a solo changes the trumps:

- a queens solo ("Damensolo"): only the four queens are trumps, clubs highest;
- a jacks solo ("Bubensolo"): only the four jacks;
- an aces solo ("Fleischloser"): no trumps at all;
- a suit solo ("Farbsolo"): the soloist names the trump suit, and the ten of
  hearts, the queens and the jacks stay trumps above it;
- a wedding ("Hochzeit"), for a player dealt both queens of clubs: the normal
  game's trumps, and the partner is whoever first wins one of the first three
  tricks but the player (the "Klärungsstich"); if the player wins all three,
  they play alone. Any solo announced wins over a wedding, before it or after.

The settings (``trump.contracts``) list the kinds: each an ``id`` (the word a
player says, ``solo queens``), the cards promoted to trumps in it (``trumps``,
highest first; absent: the ruleset's own ``trump.promoted``) and its trump suit
(``suit``: ``none``, ``any`` for one the player names, ``keep`` the ruleset's
own, or a suit's letter). A kind with ``partner_within`` finds the player a
partner in play: the first other player to win one of that many first tricks;
``holding``: only a player dealt every copy of that card may announce it, and
any other contract announced wins over it. Announcements
(:mod:`referee.mechanisms.announcements`) wait until the partner is known, their
deadlines one card later for each trick it took.
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
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, cast

from ..auction import BidRound
from ..deck import Deck
from ..phases import bidding
from ..phases.bidding import BidState
from ..phases.discarding import take_talon
from ..tables import ContractPlan, TrumpTable, trump_table
from . import promoted, talon

if TYPE_CHECKING:
    from ..engine import Deal
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "contracts"
PATH: Final = ("trump", "contracts")

HEALTHY: Final = "healthy"  # no reservation ("gesund")
#: The level a hand game may announce that lays the declarer's cards open before the first lead (ISkO 5.2.6).
OPEN_LEVEL: Final = "ouvert"
SOLO: Final = "solo"  # a contract's word: "solo queens", "solo suit H"

Leads = Literal["declarer", "left-of-dealer"]
Chosen = Literal["reservation", "declarer"]
Unnamed = Literal["play", "throw-in"]

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
                        "pattern": "^[a-z]{1,12}(-[a-z]{1,12})?$",
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
                        "pattern": "^(none|any|keep|[A-Z])$",
                        "default": "none",
                        "description": (
                            "Its trump suit: `none`, `any` (the player names it: `solo suit H`), `keep` (the "
                            "ruleset's own), or a suit's letter."
                        ),
                    },
                    "partner_within": {
                        "type": ["integer", "null"],
                        "minimum": 1,
                        "maximum": 13,
                        "description": (
                            "The player is not alone: the partner is whoever first wins one of this many first "
                            "tricks, the player's own not counted; none: the player stays alone (Doppelkopf's "
                            "wedding: 3). Said as the id alone (`wedding`)."
                        ),
                    },
                    "holding": {
                        "anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}],
                        "description": (
                            "Only a player dealt every copy of this card may announce it, and any other contract "
                            "wins over it (Doppelkopf's wedding: QC)."
                        ),
                    },
                    "order": {
                        "type": ["array", "null"],
                        "items": {"$ref": "#/$defs/rank"},
                        "description": (
                            "Its own rank order in every suit, low to high (Skat's null: 7 8 9 T J Q K A); "
                            "absent: the deck's."
                        ),
                    },
                    "goal": {
                        "enum": ["tricks", "no-tricks", None],
                        "default": "tricks",
                        "description": (
                            "What its player plays for: the tricks' points as the scoring says, or `no-tricks`: "
                            "to take no trick at all, the deal ending as soon as they take one (Skat's null)."
                        ),
                    },
                    "open": {
                        "type": ["boolean", "null"],
                        "default": False,
                        "description": "Its player lays their cards open before the first lead (Skat's null ouvert).",
                    },
                },
            },
        },
        "leads": {
            "enum": ["declarer", "left-of-dealer", None],
            "default": "declarer",
            "description": "Who leads the first trick of a contract: its player, or the dealer's left as usual.",
        },
        "chosen": {
            "enum": ["reservation", "declarer", None],
            "default": "reservation",
            "description": (
                "When a contract is chosen: `reservation`, before the ruleset's bidding, each player in turn "
                "from the dealer's left saying `healthy` or naming one, the first named played (Doppelkopf); "
                "`declarer`, after it, by the player who won the auction (Skat: `solo grand`), who may first "
                "take up the talon (`skat`, see `deal.talon`) or play without it (`solo grand hand`)."
            ),
        },
        "unnamed": {
            "enum": ["play", "throw-in", None],
            "default": "play",
            "description": (
                "At a reservation, when nobody names a contract: the game is played as dealt (`play`), or the "
                "cards are thrown in (`throw-in`)."
            ),
        },
        "levels": {
            "type": ["array", "null"],
            "items": {"enum": ["schneider", "schwarz", "ouvert"]},
            "default": [],
            "description": (
                "What the declarer of a hand game may announce besides a contract played for tricks, each "
                "raising the game value (Skat: `solo grand hand schneider`; see `scoring.game_value`)."
            ),
        },
    },
}


@dataclass(frozen=True)
class Kind:
    """One contract: its ``id``, its promoted trumps (None: the ruleset's own) and its trump ``suit``."""

    id: str
    trumps: tuple[str, ...] | None = None
    suit: str = "none"
    partner_within: int = 0  # 0: the player stays alone
    holding: str = ""  # "": anyone may announce it
    order: tuple[str, ...] | None = None  # its rank order, low to high (None: the deck's)
    goal: str = "tricks"  # "no-tricks": its player must take no trick
    open: bool = False  # its player's cards lie open


@dataclass(frozen=True)
class Contracts:
    """The ``trump.contracts`` settings."""

    kinds: tuple[Kind, ...] = ()
    leads: Leads = "declarer"
    chosen: Chosen = "reservation"
    unnamed: Unnamed = "play"
    levels: tuple[str, ...] = ()


def read(data: dict[str, Any]) -> Contracts:
    kinds = tuple(
        Kind(
            id=str(k.get("id", "")),
            trumps=None if k.get("trumps") is None else tuple(str(c) for c in k["trumps"]),
            suit=str(k.get("suit") or "none"),
            partner_within=int(k.get("partner_within") or 0),
            holding=str(k.get("holding") or ""),
            order=None if k.get("order") is None else tuple(str(r) for r in k["order"]),
            goal=str(k.get("goal") or "tricks"),
            open=bool(k.get("open")),
        )
        for k in data.get("kinds") or ()
        if isinstance(k, dict)
    )
    return Contracts(
        kinds=kinds,
        leads=cast(Leads, data.get("leads") or "declarer"),
        chosen=cast(Chosen, data.get("chosen") or "reservation"),
        unnamed=cast(Unnamed, data.get("unnamed") or "play"),
        levels=tuple(str(level) for level in data.get("levels") or ()),
    )


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
        if kind.suit not in ("none", "any", "keep") and kind.suit not in rules.deck_suits:
            bad((*at, "suit"), f"{kind.suit} is not a suit of this deck")
        if kind.suit in ("keep", "any") and rules.trump_kind != "fixed":
            # a suit named at a reservation takes the place of the normal game's own (Doppelkopf's diamonds)
            bad((*at, "suit"), f"`{kind.suit}` needs a fixed trump suit (trump.kind: fixed)", ("trump", "kind"))
        if kind.holding and (kind.holding not in rules.deck.index or rules.deck.copies < 2):
            bad((*at, "holding"), f"{kind.holding} is not a card this deck holds more than once")
        if kind.partner_within and not kind.holding:
            bad((*at, "partner_within"), "a contract with a partner is for the holder of a card (give holding)")
        if kind.partner_within and kind.suit == "any":
            bad((*at, "partner_within"), "a contract with a partner keeps its trump suit (suit: any is alone)")
        if kind.partner_within and settings.chosen == "declarer":
            bad((*at, "partner_within"), "a contract with a partner is named at a reservation (chosen: declarer)")
        for j, rank in enumerate(kind.order or ()):
            if rank not in rules.deck_ranks:
                bad((*at, "order", j), f"{rank} is not a rank of this deck")
        if kind.order is not None and sorted(kind.order) != sorted(rules.deck_ranks):
            bad((*at, "order"), "a contract's order lists every rank of the deck once")
    if settings.chosen == "declarer" and not rules.bidding_rounds:
        bad(
            (*PATH, "chosen"),
            "a declarer chooses the contract after an auction (bidding.rounds: a ladder or contract round)",
            ("bidding", "rounds"),
        )
    if settings.unnamed == "throw-in" and settings.chosen == "declarer":
        bad((*PATH, "unnamed"), "the cards are thrown in at a reservation only (chosen: reservation)")
    if settings.levels and (settings.chosen != "declarer" or not talon.of(rules).hand):
        bad(
            (*PATH, "levels"),
            "levels are announced in a hand game: they need chosen: declarer and a talon the declarer may "
            "leave (deal.talon)",
            ("deal", "talon"),
        )
    if rules.teams_kind != "none":
        bad(
            (*PATH, "kinds"),
            "a contract is played alone against the others (players.teams must be none)",
            ("players", "teams"),
        )
    if rules.bowers:
        bad((*PATH, "kinds"), "contracts do not go with bowers", ("trump", "bowers"))


def word(kind: Kind) -> str:
    """The word of a contract without a suit to name: ``solo queens``; one with a partner, its id alone."""
    return kind.id if kind.partner_within else f"{SOLO} {kind.id}"


def words(settings: Contracts, suits: list[str]) -> list[str]:
    """Every contract's word, in the settings' order: ``solo queens``, ``solo suit C``, ``wedding`` ...
    (``suits``: the suits in play, for a contract whose player names the trump suit)."""
    out: list[str] = []
    for kind in settings.kinds:
        if kind.partner_within:
            out.append(kind.id)
        elif kind.suit == "any":
            out.extend(f"{SOLO} {kind.id} {suit}" for suit in suits)
        else:
            out.append(f"{SOLO} {kind.id}")
    return out


def hand_words(settings: Contracts, suits: list[str]) -> list[str]:
    """Every contract's word in a hand game (the talon left unseen): ``solo grand hand``, and with each level
    its declarer may announce, ``solo grand hand schneider``."""
    out: list[str] = []
    plain = words(settings, suits)
    for w in plain:
        out.append(f"{w} {talon.HAND}")
        index, _ = read_word(settings, w)
        if settings.kinds[index].goal == "tricks":
            out.extend(f"{w} {talon.HAND} {level}" for level in settings.levels)
    return out


def read_declaration(settings: Contracts, word: str) -> tuple[int, str, bool, str]:
    """The contract a declarer's word names: its index, its trump suit's letter, whether it is a hand game,
    and the level announced ("": none); index -1 for none."""
    parts = word.split()
    hand, level = False, ""
    if len(parts) >= 3 and parts[-1] in settings.levels and parts[-2] == talon.HAND:
        hand, level = True, parts[-1]
        parts = parts[:-2]
    elif parts and parts[-1] == talon.HAND:
        hand = True
        parts = parts[:-1]
    index, suit = read_word(settings, " ".join(parts))
    return index, suit, hand, level


def read_word(settings: Contracts, word: str) -> tuple[int, str]:
    """The contract a word names: its index and its trump suit's letter ("": none); (-1, "") for none."""
    parts = word.split()
    for i, kind in enumerate(settings.kinds):
        if kind.partner_within and word == kind.id:
            return i, ""
    if len(parts) < 2 or parts[0] != SOLO:
        return -1, ""
    for i, kind in enumerate(settings.kinds):
        if kind.id == parts[1]:
            if kind.suit == "any":
                return (i, parts[2]) if len(parts) == 3 else (-1, "")
            return (i, "" if kind.suit in ("none", "keep") else kind.suit) if len(parts) == 2 else (-1, "")
    return -1, ""


def plan(settings: Contracts) -> ContractPlan | None:
    """What the engine keeps of the contracts while a deal runs (None: no contracts)."""
    if not active(settings):
        return None
    within = tuple(kind.partner_within for kind in settings.kinds)
    no_tricks = tuple(kind.goal == "no-tricks" for kind in settings.kinds)
    leads = settings.leads == "declarer"
    return ContractPlan(
        leads_declarer=leads,
        partner_within=within,
        no_tricks=no_tricks,
        lies_open=tuple(kind.open for kind in settings.kinds),
        open_level=OPEN_LEVEL if OPEN_LEVEL in settings.levels else "",
        voluntary_leads_declarer=leads,
    )


def lies_open(settings: Contracts, index: int, level: str = "") -> bool:
    """Whether contract ``index``, announced with ``level``, lays its player's cards open to every player before
    the first lead: a kind played open (Skat's null ouvert), or a hand game announcing ouvert. The deal shows
    them (:meth:`referee.engine.Deal.open_hands`, :meth:`~referee.engine.Deal.seen_by`); at a real table the
    table enters them (:meth:`~referee.engine.Deal.lay_open`) and the referee knows that hand from then on."""
    open_kind = 0 <= index < len(settings.kinds) and settings.kinds[index].open
    return open_kind or (level != "" and level == OPEN_LEVEL and OPEN_LEVEL in settings.levels)


def table(settings: Contracts, index: int, rules: Ruleset, trump: int | None) -> TrumpTable:
    """The trumps of contract ``index`` with the trump suit ``trump`` (None: none but its promoted cards)."""
    kind = settings.kinds[index]
    if kind.suit == "keep" and kind.trumps is None:  # the normal game's trumps (Doppelkopf's wedding)
        return rules.trump_table(rules.trump_suit)
    order = rules.order if kind.order is None else strengths(rules.deck.ranks, kind.order)
    base = trump_table(rules.deck, trump, False, order, rules.trump_order if kind.order is None else order)
    cards = kind.trumps if kind.trumps is not None else promoted.of(rules).cards
    return promoted.promote(rules.deck, base, cards)


def strengths(ranks: tuple[str, ...], order: tuple[str, ...]) -> tuple[int, ...]:
    """Per pack rank, its strength in a contract's own ``order`` (low to high; every rank listed)."""
    strength = [0] * len(ranks)
    for place, rank in enumerate(order):
        if rank in ranks:
            strength[ranks.index(rank)] = place
    return tuple(strength)


def rounds(settings: Contracts, rules: Ruleset) -> list[BidRound]:
    """The round in which the players choose, before the ruleset's own rounds (none without contracts)."""
    from . import compulsory_solo  # (which builds on this module's reservation)

    if not active(settings) or settings.chosen != "reservation" or compulsory_solo.active(compulsory_solo.of(rules)):
        return []  # none, or the compulsory solo's reservation with its priorities
    return [Reservation(settings, [s for s in rules.deck.suits if s in rules.deck_suits], rules.deck)]


def rounds_after(settings: Contracts, rules: Ruleset) -> list[BidRound]:
    """The round in which the auction's winner declares a contract, after the ruleset's own rounds."""
    if not active(settings) or settings.chosen != "declarer":
        return []
    from . import game_value  # (which asks this module for the contracts' words)

    suits = [s for s in rules.deck.suits if s in rules.deck_suits]
    least = game_value.least_values(game_value.of(rules), settings, suits)
    return [Declaration(settings, suits, talon.of(rules), least)]


class ContractView(BidState, Protocol):
    """What the rounds of contracts read of a deal besides the bidding's state (read-only); they change it only
    through :mod:`referee.phases.bidding` (``hold_contract``, ``declare_contract``)."""

    @property
    def talon_taken(self) -> bool: ...

    def hand_mask(self, seat: int) -> int: ...

    def suit_index(self, letter: str) -> int: ...


class Reservation(BidRound):
    """From the dealer's left, each player says ``healthy`` or names a contract; the first named is played.

    A contract only a player holding every copy of a card may announce (a wedding) waits: any other named
    after it wins over it; if none is, it is played once everyone has spoken.
    """

    decides_trump = False  # all healthy: the game as the ruleset deals it
    asks = "reservation"  # healthy, or a contract

    def __init__(self, settings: Contracts, suits: list[str], deck: Deck) -> None:
        self.settings = settings
        self.offered = [HEALTHY, *words(settings, suits)]  # shared: the deal never changes the list
        # per contract that needs a card held twice: the mask of that card's copies (0: anyone may)
        self.needs: dict[str, int] = {}
        for kind in settings.kinds:
            if kind.holding in deck.index:
                self.needs[word(kind)] = deck.all_copies(1 << deck.index[kind.holding])
        self._mine: dict[int, list[str]] = {}  # the words without those this hand may not say, by hand
        self._read: dict[str, tuple[int, str]] = {}  # each word said: its contract and trump (read_word)

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        if not self.needs:
            return self.offered
        held = deal.hand_mask(seat) if deal.known else -1  # unknown hands: the table says what it holds
        if deal.contract >= 0:  # a wedding waits: only a contract that wins over it, or healthy
            return [w for w in self.offered if w not in self.needs]
        found = self._mine.get(held)
        if found is None:
            found = [w for w in self.offered if w not in self.needs or held & self.needs[w] == self.needs[w]]
            self._mine[held] = found
        return found

    def over(self, deal: Deal, spoken: int) -> bool:
        return deal.declared or spoken >= deal.players

    def close(self, deal: Deal) -> bool:
        if deal.declared:
            return True
        if deal.contract >= 0 and deal.maker is not None:  # the waiting contract is played
            bidding.declare_contract(deal, deal.maker, deal.contract, -1 if deal.trump is None else deal.trump)
            return True
        return self.settings.unnamed == "play"  # nobody named one: as dealt, or thrown in

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        return f"say {HEALTHY} or name a solo ({', '.join(words[1:])})"

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        if word == HEALTHY:
            return False
        found = self._read.get(word)
        if found is None:  # the same for every deal: read once per word
            found = self._read[word] = read_word(self.settings, word)
        index, suit = found
        if word in self.needs:  # it waits for the others: a contract named after it wins
            bidding.hold_contract(deal, seat, index)
            return False
        bidding.declare_contract(deal, seat, index, deal.suit_index(suit) if suit else -1)
        return False


class Declaration(BidRound):
    """The auction's winner declares the contract: first, where there is a talon, taking it up (``skat``) or
    declaring a hand game (``solo grand hand``); after the discards, any contract. A contract whose least
    value (:func:`referee.mechanisms.game_value.least_values`) is below the value bid is not offered."""

    asks = "declare"

    def __init__(self, settings: Contracts, suits: list[str], talon_settings: talon.Talon, least: dict[str, int]):
        self.settings = settings
        plain = words(settings, suits)
        hand = hand_words(settings, suits) if talon_settings.hand else []
        self.before = [talon.TAKE, *hand] if talon.active(talon_settings) else plain  # the talon not yet seen
        self.after = plain
        self.least = least
        self._made: dict[tuple[bool, int], list[str]] = {}  # by (talon taken, value bid): shared by every deal

    def first(self, deal: Deal) -> int:
        assert deal.maker is not None
        return deal.maker

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        bid = bidding.value_bid(deal)
        key = (deal.talon_taken, bid)
        found = self._made.get(key)
        if found is None:
            offered = self.after if deal.talon_taken else self.before
            found = [w for w in offered if self.least.get(w, bid) >= bid]
            self._made[key] = found
        return found

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        return f"declare a game ({', '.join(words)})"

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        if word == talon.TAKE:
            take_talon(deal, seat)
            return True  # the deal asks for the discards, then comes back to this round
        index, suit, hand, level = read_declaration(self.settings, word)
        bidding.declare_contract(deal, seat, index, deal.suit_index(suit) if suit else -1, hand=hand, level=level)
        return False

    def over(self, deal: Deal, spoken: int) -> bool:
        return deal.declared


# The rounds take the compiled Deal itself (native field reads); what they may read is ContractView's, which
# tests/test_deal_interface.py holds them to, and mypy checks here that the deal has it all.
def _deal_is_contractview(deal: Deal) -> ContractView:
    return deal
