"""A validated ruleset, compiled into typed settings and the tables the engine runs on.

:func:`load_ruleset` is the public entry point: a path or a bundled id in, a
:class:`Ruleset` out, or a :class:`~referee.errors.RulesetError` listing every
problem with its file, line and column.

:func:`compile_ruleset` is the one reader of a validated document: it fills in
the schema's defaults (:func:`with_defaults`) and makes every setting a typed
field of a frozen :class:`Ruleset`, the schema's enums as ``Literal`` types.
Nothing past it reads a ruleset as a dict; ``Ruleset.doc`` keeps the merged
file as written, for what a house rule changes and where a problem points.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

from . import mechanisms
from .auction import compile_rounds, going_alone
from .bidding import Bar, TrickBids
from .cards import bit, lowest, pattern_mask
from .deck import Deck, make_deck, read_pack_pattern
from .errors import Problem, RulesetError
from .kinds import (
    Alone,
    EndEarly,
    Family,
    MustLead,
    OpeningBy,
    ScoreTeams,
    Teams,
    TrumpKind,
)
from .loader import Document, locate, resolve, schema, validate
from .mechanisms import bags as bag_mechanism
from .mechanisms import book as book_mechanism
from .mechanisms import compulsory_solo, contracts, dealer_out, game_end, talon
from .mechanisms import passing as passing_mechanism
from .mechanisms.game_end import GameEnd
from .mechanisms.passing import Passing
from .playing import compile_rules
from .schedule import expand_schedule
from .scoring import BidScoring, ContractPoints
from .tables import (
    DealSetup,
    Layout,
    Plan,
    Restriction,
    Round,
    TrickRow,
    TrumpTable,
    setup_key,
    trump_table,
)

__all__ = [
    "CardPoints",
    "FreeText",
    "Layout",
    "LeadRestriction",
    "Passing",
    "Restriction",
    "Ruleset",
    "TrickRow",
    "TrumpTable",
    "check_file",
    "compile_ruleset",
    "face_value",
    "load_ruleset",
    "trump_table",
    "with_defaults",
]

# -- the settings' types: free text, and the schema's enums as Literal types --
# (in referee/kinds.py, shared with the compiled tables; tests/test_validation.py
# checks each Literal against the schema's enum)

Text: TypeAlias = str | dict[str, str]  # free text: in every language, or by language code


def with_defaults(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with every default the schema documents filled in (a new dict).

    Defaults come from the schema alone: objects get their properties'
    defaults, list items (bidding rounds, lead restrictions) theirs, and
    ``$ref`` blocks (``contract_points``) are followed. Code never restates one.
    """
    root = schema()
    defs: dict[str, Any] = root.get("$defs", {})

    def resolve(node: dict[str, Any]) -> dict[str, Any]:
        while "default" not in node:  # a node's own default wins over what it refers to
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                node = defs[ref.removeprefix("#/$defs/")]
                continue
            branches = node.get("anyOf") or node.get("oneOf")
            objects = [b for b in branches or [] if "$ref" in b or "properties" in b]
            if len(objects) == 1:
                node = objects[0]
                continue
            return node
        return node

    def fill(value: Any, node: dict[str, Any]) -> Any:
        node = resolve(node)
        properties = node.get("properties")
        if value is None:
            if "default" in node:
                return copy.deepcopy(node["default"])
            if properties is None:
                return None
            filled = {k: fill(None, sub) for k, sub in properties.items()}
            inner = {k: v for k, v in filled.items() if v is not None}
            return inner or None  # an absent block appears only where it has defaults
        if isinstance(value, dict) and properties is not None:
            out = {k: copy.deepcopy(v) for k, v in value.items()}
            for key, sub in properties.items():
                filled = fill(value.get(key), sub)
                if filled is not None:
                    out[key] = filled
            return out
        if isinstance(value, list) and isinstance(node.get("items"), dict):
            return [fill(item, node["items"]) for item in value]
        return value

    result: dict[str, Any] = fill(data, root)
    return result


@dataclass(frozen=True)
class FreeText:
    """The ruleset's own text as its file gives it, each None when absent (a base's is never inherited)."""

    title: Text | None
    summary: Text | None
    notes: Text | None
    source: str | None


@dataclass(frozen=True)
class CardPoints:
    """``scoring.points`` and ``scoring.rank_points``: what each card taken in tricks is worth."""

    by_pattern: Mapping[str, int | Literal["face"]]  # keyed by a suit (``H``) or a card code (``QS``)
    by_rank: Mapping[str, int]  # keyed by a rank letter (``A``, ``2``)

    def entry(self, code: str, suit: str, rank: str) -> int | Literal["face"]:
        """The points of one card: its own entry wins over its suit's, and that over its rank's (else 0)."""
        return self.by_pattern.get(code, self.by_pattern.get(suit, self.by_rank.get(rank, 0)))


@dataclass(frozen=True)
class LeadRestriction:
    """One of ``play.lead_restrictions``, as suits and cards of the ruleset's pack."""

    cards: tuple[str, ...]
    broken_by: tuple[str, ...] | None  # None: playing one of ``cards`` breaks it
    lift_if_only: tuple[str, ...]


#: The most cards a hand may hold (the schema's ``deal.hand_size`` maximum; bids go up to it).
MAX_HAND: Final = 26
# Where a house rule may have changed the deck under a setting of its base that no longer fits.
DECK_CAUSES: Final = (
    ("deck", "ranks"),
    ("deck", "suits"),
    ("deck", "remove"),
    ("deck", "copies"),
    ("players", "counts"),
)


@dataclass(frozen=True, eq=False, repr=False)
class Ruleset:
    """A compiled ruleset: every setting typed, the schema's defaults filled in.

    Made by :func:`compile_ruleset` (through :func:`load_ruleset`); its fields
    never change. Only the tables made per number of players and per trump are
    filled in later, in private caches.
    """

    doc: Document  # the merged file as written, no defaults filled in
    path: Path | None
    id: str
    extends: tuple[str, ...]  # the ids of the bases, nearest first
    base_path: Path | None  # the file this one extends
    text: FreeText
    title: Text  # the title as written, else the id
    family: Family
    communities: tuple[str, ...]  # language codes of the communities that play these rules; empty: not said
    # players
    player_counts: tuple[int, ...]  # sorted
    default_players: int
    teams_kind: Teams
    # deck
    deck: Deck  # the card space: the pack's suits and ranks in ``deck.copies`` copies
    deck_suits: tuple[str, ...]  # the suits in play as the file lists them; by default every suit of the pack
    deck_ranks: tuple[str, ...]  # the ranks in play as the file lists them; by default every rank of the pack
    order: tuple[int, ...]  # per pack rank, its strength in a plain suit (0 the lowest)
    trump_order: tuple[int, ...]  # per pack rank, its strength in the trump suit
    full_deck: int  # every card of the listed suits and ranks, in every copy
    removals: Mapping[int, tuple[str, ...]]  # ``deck.remove``: cards taken out, by number of players
    # deal
    hand_size: int | Literal["all"]
    schedule: tuple[int | Literal["max"], ...] | None  # the turning points of changing hand sizes
    packets: list[int] | None
    upcard: bool
    first_dealer: int | Literal["random"]
    rotation: int  # where the deal passes: 1 left, -1 right, 0 nowhere
    # bidding
    bidding_rounds: tuple[Round, ...]
    #: per bidding round: the compiled ``tricks`` round, or None for order-up and call rounds
    trick_bids: tuple[TrickBids | None, ...]
    #: the ruleset's round of trick bids (a ruleset has at most one), or None
    trick_round: TrickBids | None
    #: whether the bidding chooses trump (order-up and call rounds) rather than bidding tricks
    bids_for_trump: bool
    may_discard_upcard: bool
    alone: Alone
    # trump
    trump_kind: TrumpKind
    trump_suit: int | None  # a fixed trump suit
    bowers: bool
    # play
    opening_by: OpeningBy
    opening_suit: int
    opening_must: MustLead
    first_trick_forbid: tuple[str, ...]  # suits and cards
    lead_restrictions: tuple[LeadRestriction, ...]
    end_early: frozenset[EndEarly]
    # scoring
    card_points: CardPoints
    no_tricks_bonus: int
    trick_rows: tuple[TrickRow, ...]
    score_teams: ScoreTeams
    bid_scoring: BidScoring | None
    #: each mechanism's typed settings by name (see referee.mechanisms; a module's ``of`` reads its own)
    mechanisms: Mapping[str, object]
    #: the rules a deal consults while it runs, typed for the compiled engine (made from the fields above)
    plan: Plan = field(init=False)
    _layouts: dict[int, Layout] = field(default_factory=dict, init=False)
    _trump_tables: dict[tuple[int | None, int], TrumpTable] = field(default_factory=dict, init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "plan", self._plan())

    @property
    def passing(self) -> Passing:
        """``passing``: how many cards each player passes, and where (:mod:`referee.mechanisms.passing`)."""
        return passing_mechanism.of(self)

    @property
    def game(self) -> GameEnd:
        """``game``: how deals add up to a game, when it ends and who wins (:mod:`referee.mechanisms.game_end`)."""
        return game_end.of(self)

    def _plan(self) -> Plan:
        scorers = tuple(scorer for m in mechanisms.SCORERS for scorer in m.scorers(self.mechanisms[m.NAME], self))
        return Plan(
            pass_count=self.pass_count,
            rounds=self.bidding_rounds,
            may_discard_upcard=self.may_discard_upcard,
            alone=self.alone,
            partnerships=self.teams_kind == "opposite",
            trump_kind=self.trump_kind,
            upcard=self.upcard,
            full_deck=self.full_deck,
            opening_must=self.opening_must,
            opening_suit=self.opening_suit,
            opening_by=self.opening_by,
            end_early=bool(self.end_early),
            no_tricks_bonus=self.no_tricks_bonus,
            trick_rows=self.trick_rows,
            score_teams=self.score_teams,
            bid_scoring=self.bid_scoring,
            book=book_mechanism.tricks_over(book_mechanism.of(self)),
            start=self.game.start,
            count_sign=self.game.count_sign,
            steps=self._score_steps(any(scorer.settles for scorer in scorers)),
            scorers=scorers,
            deck=self.deck,
            trump_suit=self.trump_suit,
            # a mechanism's round first (the contracts a player may choose), then the ruleset's own
            bid_rounds=[
                *(r for m in mechanisms.DECLARERS for r in m.rounds(self.mechanisms[m.NAME], self)),
                *compile_rounds(self.bidding_rounds),
                # then the round in which the auction's winner declares (Skat's game after the Reizen)
                *contracts.rounds_after(contracts.of(self), self),
            ],
            going_alone=going_alone(self.alone),
            side_maker=next(
                (
                    maker
                    for m in mechanisms.SIDERS
                    if (maker := m.side_maker(self.mechanisms[m.NAME], self.deck)) is not None
                ),
                None,
            ),
            contract_plan=compulsory_solo.plan(compulsory_solo.of(self), contracts.plan(contracts.of(self))),
            talon=talon.plan(talon.of(self)),
            caller=next(
                (c for m in mechanisms.CALLERS if (c := m.caller(self.mechanisms[m.NAME], self)) is not None), None
            ),
        )

    def _score_steps(self, settle: bool) -> tuple[str, ...]:
        """The scoring steps of this ruleset's deals, chosen once (see :func:`referee.scoring`)."""
        steps = ["cards"]
        if any(m.active(self.mechanisms[m.NAME]) for m in mechanisms.SCORERS):
            steps.append("mechanisms")
        if self.no_tricks_bonus:
            steps.append("no-tricks")
        if self.trick_rows:
            steps.append("table")  # per side already
        elif self.score_teams == "shared":
            steps.append("teams")
        if settle:
            steps.append("settle")
        if self.bid_scoring is not None or book_mechanism.active(book_mechanism.of(self)):
            steps.append("sides")
        return tuple(steps)

    @property
    def pass_count(self) -> int:
        """The cards each player passes (``passing.count``; 0: no passing)."""
        return self.passing.count

    def __repr__(self) -> str:
        return f"<Ruleset {self.id!r}>"

    # -- derived tables ----------------------------------------------------

    def pattern_mask(self, patterns: Iterable[str]) -> int:
        """The cards (every copy) that suits and cards of this ruleset's pack name."""
        return _pattern_mask(self.deck, patterns)

    def setup(self, players: int, trump: int | None, contract: int = -1) -> DealSetup:
        """What a deal of ``players`` with ``trump`` (in a ``contract``) needs, made once and kept on the plan."""
        key = setup_key(players, trump, contract)
        found = self.plan.setups.get(key)
        if found is None:
            layout, table = self.layout(players), self.trump_table(trump, contract)
            # The rules of play (see referee.playing.compile_rules).
            lead, proofs, follow = compile_rules(layout, table, self.deck, self.opening_must, self.opening_suit)
            for mechanism in mechanisms.PLAYERS:  # the duties a mechanism adds to following
                follow += mechanism.follow_rules(self.mechanisms[mechanism.NAME], layout, table, self.deck)
            next_seat = tuple((s + 1) % players for s in range(players))
            points = layout.points
            for valuer in mechanisms.VALUERS:  # what a mechanism makes the cards worth under this trump
                points = valuer.card_values(self.mechanisms[valuer.NAME], self.deck, points, trump)
            found = DealSetup(table, lead, proofs, follow, next_seat, points)
            self.plan.setups[key] = found
        return found

    def trump_table(self, trump: int | None, contract: int = -1) -> TrumpTable:
        """The trumps with ``trump`` the trump suit, in a ``contract`` a player chose (-1: none)."""
        table = self._trump_tables.get((trump, contract))
        if table is None:
            if contract >= 0:  # a contract's own trumps (Doppelkopf's solos)
                table = contracts.table(contracts.of(self), contract, self, trump)
            else:
                table = trump_table(self.deck, trump, self.bowers, self.order, self.trump_order)
                for trumper in mechanisms.TRUMPERS:  # cards of other suits made trumps (Doppelkopf, Skat)
                    table = trumper.trump_table(self.mechanisms[trumper.NAME], self.deck, table)
            self._trump_tables[trump, contract] = table
        return table

    def removed(self, players: int) -> int:
        """The cards taken out for ``players`` players: each listing takes out one copy."""
        out = 0
        deck = self.deck
        for code in self.removals.get(players, ()):
            first = _first_copies(deck, code)
            for k in range(deck.copies):
                copy = first << (k * deck.stride)
                if not out & copy:
                    out |= copy
                    break
        return out

    def layout(self, players: int) -> Layout:
        """The tables for ``players`` players (ValueError for a count the ruleset lacks)."""
        cached = self._layouts.get(players)
        if cached is not None:
            return cached
        if players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise ValueError(f"{self.id} is played by {counts} players, not {players}")
        deck = self.full_deck & ~self.removed(players)
        n_cards = deck.bit_count()
        hands = self.dealt(players)
        most = (n_cards - (1 if self.upcard else 0)) // hands
        schedule = expand_schedule(self.schedule, most) if self.schedule else ()
        if schedule:
            hand_size = max(schedule)
        elif self.hand_size == "all":
            hand_size = n_cards // hands
        else:
            hand_size = self.hand_size
        if self.teams_kind == "opposite":
            teams = tuple(seat % (players // 2) for seat in range(players))
        else:
            teams = tuple(range(players))
        cards = self.deck
        size = cards.size
        points = [0] * size
        for c in range(size):
            if not deck >> c & 1:
                continue
            code, suit, rank = cards.codes[c], cards.suits[cards.suit_of[c]], cards.ranks[cards.rank_of[c]]
            value = self.card_points.entry(code, suit, rank)
            points[c] = face_value(cards, c) if value == "face" else value
        scoring_cards = sum(bit(c) for c in range(size) if points[c])
        opening_card = None
        opening_mask = deck
        if self.opening_by == "holder-of-lowest":
            suit_mask = cards.suit_masks[self.opening_suit]
            opening_card = lowest(deck & suit_mask)
            opening_mask = {
                "that-card": bit(opening_card),
                "that-suit": suit_mask,
                "any": (1 << size) - 1,
            }[self.opening_must]
        restrictions = tuple(
            Restriction(
                self.pattern_mask(r.cards) & deck,
                self.pattern_mask(r.cards if r.broken_by is None else r.broken_by) & deck,
                self.pattern_mask(r.lift_if_only) & deck,
            )
            for r in self.lead_restrictions
        )
        layout = Layout(
            players=players,
            deck=deck,
            hand_size=hand_size,
            cycle=self.passing.cycle_for(players),
            teams=teams,
            points=tuple(points),
            scoring_cards=scoring_cards,
            opening_card=opening_card,
            opening_mask=opening_mask,
            first_trick_forbid=self.pattern_mask(self.first_trick_forbid) & deck,
            restrictions=restrictions,
            cards=tuple(c for c in range(size) if deck >> c & 1),
            schedule=schedule,
            most=most,
            sides=teams if self.score_teams == "shared" else tuple(range(players)),
            in_play=hands,
        )
        self._layouts[players] = layout
        return layout

    def dealt(self, players: int) -> int:
        """The hands dealt at a table of ``players``: one fewer where the dealer sits out."""
        return players - 1 if players in dealer_out.of(self).counts else players

    # -- semantic checks ----------------------------------------------------

    @property
    def values_by_trump(self) -> bool:
        """Whether what a card is worth depends on the deal's trump (a mechanism of ``VALUERS``)."""
        return any(m.active(self.mechanisms[m.NAME]) for m in mechanisms.VALUERS)

    def deal_extra(self) -> int:
        """The points the mechanisms add to every deal's total besides the cards (the last trick's bonus)."""
        valued = sum(m.extra_points(self.mechanisms[m.NAME], self) for m in mechanisms.VALUERS)
        return valued + sum(m.extra_points(self.mechanisms[m.NAME], self) for m in mechanisms.SCORERS)

    def most_tricks(self) -> int:
        """The most tricks a deal has at any player count the ruleset can deal (0: none it can deal)."""
        most = 0
        for n in self.player_counts:
            try:
                layout = self.layout(n)
            except ValueError:  # a count the ruleset cannot deal (refused elsewhere)
                continue
            most = max(most, *(layout.schedule or (layout.hand_size,)))
        return most

    def _scores_cards(self) -> bool:
        """Whether some card is worth points at some player count the ruleset can deal."""
        for n in self.player_counts:
            try:
                if self.layout(n).scoring_cards:
                    return True
            except ValueError:  # a count the ruleset cannot deal (refused elsewhere)
                continue
        return False

    def _scores_something(self) -> bool:
        """Whether some deal can score: cards with points, tricks, bids, a book, or a bonus (no tricks, a mechanism)."""
        adds = any(not scorer.settles for scorer in self.plan.scorers)
        booked = book_mechanism.active(book_mechanism.of(self))
        if self.trick_rows or self.bid_scoring or booked or self.no_tricks_bonus or adds:
            return True
        return any(self.layout(n).scoring_cards for n in self.player_counts)

    def _check(self) -> list[Problem]:
        """What the schema cannot check: names the pack lacks, and settings that do not fit together.

        Part of compiling (see :func:`compile_ruleset`): a ruleset with a problem is never returned.
        """
        doc = self.doc
        written = doc.data
        out: list[Problem] = []

        def bad(path: tuple[str | int, ...], message: str, *causes: tuple[str | int, ...]) -> None:
            """A problem at ``path``, or at the first of ``causes`` the user's own file writes.

            A house rule that sets ``deck.pack`` is told at that line why its base's
            ``trump.bowers`` no longer fits, not at a line of a file it did not write.
            """
            for cause in (path, *causes):
                mark = doc.values.get(cause)
                if mark is not None and mark.file == doc.file:
                    out.append(doc.problem(cause, message))
                    return
            out.append(doc.problem(path, message))

        if self.default_players not in self.player_counts:
            bad(("players", "default"), f"{self.default_players} is not among players.counts")
        pack = self.deck.pack
        written_deck = written.get("deck") or {}
        listed_ranks = {
            "ranks": self.deck_ranks,
            "order": [str(x) for x in written_deck.get("order") or []],
            "trump_order": [str(x) for x in written_deck.get("trump_order") or []],
        }
        for i, suit in enumerate(self.deck_suits):
            if suit not in self.deck.suits:
                bad(("deck", "suits", i), f"{suit} is not a suit of the {pack} pack")
        for key, ranks in listed_ranks.items():
            for i, rank in enumerate(ranks):
                if _rank_index(self.deck.ranks, rank) < 0:
                    bad(("deck", key, i), f"{rank} is not a rank of the {pack} pack")
        places: list[tuple[tuple[str | int, ...], str]] = [
            (("scoring", "points", k), k) for k in self.card_points.by_pattern
        ]
        places += [(("play", "first_trick", "forbid", i), p) for i, p in enumerate(self.first_trick_forbid)]
        for j, restriction in enumerate(self.lead_restrictions):
            for name, patterns in (
                ("cards", restriction.cards),
                ("broken_by", restriction.broken_by or ()),
                ("lift_if_only", restriction.lift_if_only),
            ):
                places += [(("play", "lead_restrictions", j, name, i), p) for i, p in enumerate(patterns)]
        for where, pattern in places:
            if not _first_copies(self.deck, pattern):
                bad(where, f"{pattern} is not a suit or card of the {pack} pack")
        for rank in self.card_points.by_rank:
            if _rank_index(self.deck.ranks, rank) < 0:
                bad(("scoring", "rank_points", rank), f"{rank} is not a rank of the {pack} pack")
        full = self.full_deck
        for players, cards in self.removals.items():
            key = str(players)
            seen: dict[str, int] = {}
            for i, code in enumerate(cards):
                if not full & self.pattern_mask([code]):
                    bad(("deck", "remove", key, i), f"{code} is not in the deck")
                    continue
                seen[code] = seen.get(code, 0) + 1
                if seen[code] == self.deck.copies + 1:
                    held = "once" if self.deck.copies == 1 else f"{self.deck.copies} times"
                    bad(("deck", "remove", key, i), f"{code} is removed more often than the deck holds it ({held})")
            if players not in self.player_counts:
                bad(("deck", "remove", key), f"the ruleset is not played by {key} players")
        hand_size = self.hand_size
        if self.schedule and "hand_size" in written.get("deal", {}):
            bad(("deal", "hand_size"), "give either deal.hand_size or deal.schedule, not both")
        fewest = (MAX_HAND + 1, 0)  # the fewest tricks of any deal, and with how many players
        for players in self.player_counts:
            size = (full & ~self.removed(players)).bit_count()
            n = self.dealt(players)  # the hands dealt
            if self.schedule:
                most = (size - (1 if self.upcard else 0)) // n
                for i, t in enumerate(self.schedule):
                    if t != "max" and t > most:
                        extra = " and one card to turn up" if self.upcard else ""
                        bad(
                            ("deal", "schedule", i),
                            f"{n} hands of {t}{extra} need more than the {size} cards in the deck",
                        )
            elif hand_size == "all":
                if size % n:
                    bad(
                        ("deck",),
                        f"{size} cards do not deal evenly to {n} players; "
                        f'remove {size % n} card(s) in deck.remove["{players}"]',
                    )
                if self.upcard:
                    bad(("deal", "upcard"), "an upcard needs undealt cards: set deal.hand_size")
            elif hand_size * n + (1 if self.upcard else 0) > size:
                bad(
                    ("deal", "hand_size"),
                    f"{n} hands of {hand_size} need more than the {size} cards in the deck",
                    *DECK_CAUSES,
                )
            if self.teams_kind == "opposite" and (n % 2 or n < 4):
                # Two players would be one side of one seat each across the table: both always win.
                bad(("players", "teams"), f"partners cannot sit opposite with {n} players", ("players", "counts"))
            per_hand = size // n if hand_size == "all" else hand_size
            sizes = expand_schedule(self.schedule, (size - self.upcard) // n) if self.schedule else (per_hand,)
            if max(sizes) > MAX_HAND:
                bad(
                    ("deal", "schedule" if self.schedule else "hand_size"),
                    f"{n} players would hold {max(sizes)} cards each; a hand holds at most {MAX_HAND}",
                    ("deck", "copies"),
                )
            if self.packets and not self.schedule and sum(self.packets) != per_hand:
                bad(
                    ("deal", "packets"),
                    f"packets of {' + '.join(map(str, self.packets))} cards do not make a hand of {per_hand}"
                    + (f" with {n} players" if len(self.player_counts) > 1 else ""),
                )
            if min(sizes) < fewest[0]:
                fewest = (min(sizes), n)
        for i, spec in enumerate(self.trick_bids):
            tricks, n = fewest
            if spec and spec.low > tricks:
                bad(
                    ("bidding", "rounds", i, "min"),
                    f"the lowest bid, {spec.low}, is more than the {tricks} trick{'s' if tricks != 1 else ''} of a deal"
                    + (f" with {n} players" if len(self.player_counts) > 1 else ""),
                )
        if self.trump_kind == "fixed" and self.trump_suit is None:
            bad(("trump",), "a fixed trump needs trump.suit")
        if self.trump_kind == "upcard" and not self.upcard:
            bad(("trump", "kind"), "trump from the upcard needs deal.upcard: true and a hand_size")
        if self.bids_for_trump and self.trump_kind != "bid":
            # Point at trump.kind if the file wrote it, else at the bidding.
            where = ("trump", "kind") if "kind" in written.get("trump", {}) else ("bidding", "rounds")
            bad(where, f"bidding rounds choose trump, so trump.kind must be bid, not {self.trump_kind}")
        elif self.trump_kind == "bid" and not self.bids_for_trump:
            bad(("trump", "kind"), "trump chosen in bidding needs bidding.rounds of kind order-up, call or contract")
        written_rounds = (written.get("bidding") or {}).get("rounds") or []
        for i, r in enumerate(self.bidding_rounds):
            if r.kind == "order-up" and not self.upcard:
                bad(("bidding", "rounds", i, "kind"), "ordering up needs an upcard (deal.upcard: true)")
            for key in written_rounds[i]:
                kinds = _ROUND_KEYS.get(key)
                if kinds is not None and r.kind not in kinds:
                    bad(
                        ("bidding", "rounds", i, key),
                        f"{key} belongs to a round of kind {' or '.join(kinds)}, not {r.kind}",
                    )
            if r.kind == "ladder":
                if not r.values or list(r.values) != sorted(set(r.values)):
                    bad(("bidding", "rounds", i, "values"), "a ladder needs its values, each higher than the last")
                if any(self.dealt(n) != 3 for n in self.player_counts):
                    bad(
                        ("bidding", "rounds", i, "kind"),
                        "a ladder auction is for three players in the deal",
                        ("players", "counts"),
                    )
            if r.kind == "call" and r.starts == "declarer":
                bad(("bidding", "rounds", i, "starts"), "a call round starts with the dealer or the next player")
            if r.kind == "contract":
                if r.high >= 0 and r.high < r.low:
                    bad(("bidding", "rounds", i, "max"), f"the highest contract {r.high} is below the lowest, {r.low}")
                if r.low < 1:
                    bad(("bidding", "rounds", i, "min"), "a contract names at least 1 trick")
                if any(q.kind == "contract" for q in self.bidding_rounds[:i]):
                    bad(("bidding", "rounds", i, "kind"), "a deal has one auction of contracts")
            declared = any(q.kind == "contract" for q in self.bidding_rounds[:i])
            for key in ("declarer_min", "starts"):
                value = written_rounds[i].get(key)
                if value in (True, "declarer") and not declared:
                    bad(("bidding", "rounds", i, key), f"{key} needs an earlier round of kind contract")
            spec = self.trick_bids[i]
            if spec is None:
                continue
            if spec.high >= 0 and spec.high < spec.low:
                bad(("bidding", "rounds", i, "max"), f"the highest bid {spec.high} is below the lowest, {spec.low}")
            if spec.side_max and self.teams_kind != "opposite":
                bad(
                    ("bidding", "rounds", i, "side_max"),
                    "a partnership's bid needs partnerships (players.teams: opposite)",
                )
        if sum(1 for t in self.trick_bids if t) > 1:
            bad(("bidding", "rounds"), "a deal has one round of trick bids")
        if self.bid_scoring is None:
            for key in ("contract", "nil"):  # the bags: referee.mechanisms.bags
                if key in written.get("scoring", {}):
                    bad(
                        ("scoring", key),
                        f"scoring.{key} scores bids: it needs a bidding round of kind tricks or contract",
                    )
        if self.opening_by in ("declarer", "left-of-declarer") and not self.bids_for_trump:
            bad(
                ("play", "opening_lead", "by"),
                f"{self.opening_by} needs bidding that names a declarer (a round of kind contract, order-up or call)",
            )
        if self.bowers:
            if self.deck.pack != "french":
                bad(
                    ("trump", "bowers"),
                    f"trump.bowers pairs the jacks of a colour, which the {self.deck.pack} pack has not",
                    ("deck", "pack"),
                )
            elif not any(full >> c & 1 and self.deck.ranks[self.deck.rank_of[c]] == "J" for c in range(self.deck.size)):
                bad(("trump", "bowers"), "trump.bowers needs the jacks, and the deck has none", ("deck", "ranks"))
        if self.packets and self.schedule:
            bad(("deal", "packets"), "packets need one hand size; a deal.schedule changes it from deal to deal")
        if "no-points-left" in self.end_early:
            # The tricks left go to nobody: right only where a deal's score is the cards' points alone.
            counted: tuple[str | int, ...] | None = None
            if self.trick_rows:
                counted = ("scoring", "tricks")
            elif self.bid_scoring:
                counted = ("bidding", "rounds")
            elif book_mechanism.active(book_mechanism.of(self)):
                counted = book_mechanism.PATH
            elif self.no_tricks_bonus:
                counted = ("scoring", "no_tricks_bonus")
            else:
                counted = mechanisms.reads_tricks(self)
            if counted is not None:
                bad(
                    ("play", "end_early"),
                    f"no-points-left gives the tricks left to nobody, but {'.'.join(map(str, counted))} counts "
                    "who takes them",
                    counted,
                )
            elif not self._scores_cards():
                bad(("play", "end_early"), "no-points-left needs cards with points: none of these cards has any")
        if self.trump_kind == "dealer-last-card" and self.packets:
            bad(("deal", "packets"), "the dealer's last card is turned for trump only when dealing one card at a time")
        if self.alone != "none" and self.teams_kind != "opposite":
            bad(("bidding", "alone"), "playing alone needs partnerships (players.teams: opposite)")
        if self.score_teams != "individual" and self.teams_kind != "opposite" and self.plan.side_maker is None:
            bad(("scoring", "teams"), "team scoring needs partnerships (players.teams: opposite, or sides by a card)")
        if self.trick_rows and not self.bidding_rounds:
            bad(("scoring", "tricks"), "a makers/defenders table needs bidding to decide who makes")
        if self.trick_rows:
            most = self.most_tricks()
            for i, row in enumerate(self.trick_rows):
                if most and min(row.won) > most:
                    bad(
                        ("scoring", "tricks", i, "won"),
                        f"a deal has at most {most} trick{'s' if most != 1 else ''}: this row never scores",
                        ("deal", "hand_size"),
                        ("deal", "schedule"),
                    )
        if self.opening_by == "holder-of-lowest":
            suit_mask = self.deck.suit_masks[self.opening_suit]
            for n in self.player_counts:
                if not full & ~self.removed(n) & suit_mask:
                    bad(
                        ("play", "opening_lead", "suit"), f"no {self.deck.suits[self.opening_suit]} card is in the deck"
                    )
        for mechanism in mechanisms.MECHANISMS:
            mechanism.check(self.mechanisms[mechanism.NAME], self, bad)
        if not out and not self._scores_something():
            # Every deal would score nothing: no target is ever reached and every game is a tie. (Said only of
            # a ruleset with no other problem: one that cannot be dealt or never ends says that first.)
            bad(("scoring",), "nothing scores: give scoring.points, scoring.tricks, scoring.book or a bidding")
        return out


def compile_ruleset(doc: Document, path: Path | None = None) -> Ruleset:
    """The typed ruleset of a document the schema has validated.

    Fills in the schema's defaults, then reads every setting once; raises
    :class:`RulesetError` for what the schema cannot check (names the pack
    lacks, settings that do not fit together).
    """
    d = with_defaults(doc.data)
    written = doc.data
    rid: str = d["id"]
    text = FreeText(d.get("title"), d.get("summary"), d.get("notes"), d.get("source"))
    players = d["players"]
    counts = tuple(sorted(players["counts"]))
    deal, bidding, trump, play, scoring = (d[key] for key in ("deal", "bidding", "trump", "play", "scoring"))
    deck_data = d["deck"]
    deck = make_deck(deck_data["pack"], deck_data["copies"])
    # Suits and ranks as written: the schema's defaults name the French pack's.
    listed = written.get("deck") or {}
    deck_suits = tuple(str(x) for x in listed["suits"]) if listed.get("suits") else tuple(deck.suits)
    deck_ranks = tuple(str(x) for x in listed["ranks"]) if listed.get("ranks") else deck.ranks
    order = _strengths(deck.ranks, deck_data.get("order"))
    rounds_data: list[dict[str, Any]] = bidding.get("rounds", [])
    settings = mechanisms.read_all(d)
    trick_bids = tuple(
        _trick_bids(r, mechanisms.bar(settings, i)) if r["kind"] == "tricks" else None
        for i, r in enumerate(rounds_data)
    )
    rounds = tuple(
        Round(
            r["kind"],
            r["exclude_turned_down"],
            r["stick_the_dealer"],
            spec,
            r["no_trump"],
            low=r["min"],
            high=-1 if r["max"] == "hand" else r["max"],
            starts=r["starts"],
            first_must_call=r["first_must_call"],
            values=tuple(int(v) for v in r.get("values") or ()),
        )
        for r, spec in zip(rounds_data, trick_bids, strict=True)
    )
    rules = Ruleset(
        doc=doc,
        path=path,
        id=rid,
        extends=tuple(doc.chain),
        base_path=doc.base,
        text=text,
        title=rid if text.title is None else text.title,
        family=d["family"],
        communities=tuple(d["communities"]),
        player_counts=counts,
        default_players=players.get("default", 4 if 4 in counts else counts[0]),
        teams_kind=players["teams"],
        deck=deck,
        deck_suits=deck_suits,
        deck_ranks=deck_ranks,
        order=order,
        trump_order=_strengths(deck.ranks, deck_data["trump_order"]) if deck_data.get("trump_order") else order,
        full_deck=_full_deck(deck, deck_suits, deck_ranks),
        removals={int(n): tuple(cards) for n, cards in deck_data["remove"].items()},
        hand_size=deal["hand_size"],
        schedule=tuple(deal["schedule"]) if "schedule" in deal else None,
        packets=deal.get("packets"),
        upcard=deal["upcard"],
        first_dealer=deal["first_dealer"],
        rotation={"left": 1, "right": -1, "none": 0}[deal["rotation"]],
        bidding_rounds=rounds,
        trick_bids=trick_bids,
        trick_round=next((spec for spec in trick_bids if spec is not None), None),
        bids_for_trump=any(
            spec is None and r["kind"] != "ladder" for r, spec in zip(rounds_data, trick_bids, strict=True)
        ),
        may_discard_upcard=bidding["dealer_discard"]["may_discard_upcard"],
        alone=bidding["alone"],
        trump_kind=trump["kind"],
        trump_suit=deck.suits.find(trump["suit"]) if "suit" in trump else None,
        bowers=trump["bowers"],
        opening_by=play["opening_lead"]["by"],
        opening_suit=deck.suits.find(play["opening_lead"]["suit"]),
        opening_must=play["opening_lead"]["must_lead"],
        first_trick_forbid=tuple(play["first_trick"]["forbid"]),
        lead_restrictions=tuple(
            LeadRestriction(
                tuple(r["cards"]),
                tuple(r["broken_by"]) if "broken_by" in r else None,  # no default: the restricted cards
                tuple(r["lift_if_only"]),
            )
            for r in play["lead_restrictions"]
        ),
        end_early=frozenset(play["end_early"]),
        card_points=CardPoints(dict(scoring["points"]), dict(scoring["rank_points"])),
        no_tricks_bonus=scoring["no_tricks_bonus"],
        trick_rows=tuple(
            TrickRow(r["side"], frozenset(r["won"]), r.get("alone"), r.get("lone_defender"), r["points"])
            for r in scoring["tricks"]
        ),
        score_teams=scoring["teams"],
        bid_scoring=_bid_scoring(scoring, settings)
        if any(r["kind"] in ("tricks", "contract") for r in rounds_data)
        else None,
        mechanisms=settings,
    )
    problems = rules._check()
    if problems:
        raise RulesetError(problems)
    return rules


def face_value(deck: Deck, card: int) -> int:
    """A card's face value, its points where a ruleset writes ``face``: 2-10, J 11, Q 12, K 13, A 14.

    In an Italian pack: A 1, then 2-7, F 8, C 9, R 10.
    """
    return deck.rank_of[card] + (2 if deck.pack == "french" else 1)


def _full_deck(deck: Deck, suits: tuple[str, ...], ranks: tuple[str, ...]) -> int:
    """Every card of the listed suits and ranks, in every copy."""
    m = 0
    for s in suits:
        for r in ranks:
            suit, rank = deck.suits.find(s), _rank_index(deck.ranks, r)
            if suit >= 0 and rank >= 0:
                m |= bit(suit * len(deck.ranks) + rank)
    return deck.all_copies(m)


def _first_copies(deck: Deck, pattern: str) -> int:
    """The first-copy mask of a suit or card of ``deck``'s pack (0 if it names none)."""
    if deck.pack == "french":
        try:
            return pattern_mask(pattern)  # every spelling a ruleset may write: QS, 10H, q♠, ♠Q, H, ♥
        except ValueError:
            return 0
    return max(read_pack_pattern(deck, pattern), 0)


def _pattern_mask(deck: Deck, patterns: Iterable[str]) -> int:
    """The cards (every copy) that suits and cards of ``deck``'s pack name."""
    m = 0
    for p in patterns:
        m |= _first_copies(deck, p)
    return deck.all_copies(m)


def _rank_index(ranks: tuple[str, ...], rank: str | int) -> int:
    """The place of a rank as a ruleset writes it (``9``, ``"9"``, ``T``, ``10``) among the pack's ranks."""
    text = str(rank).upper()
    text = "T" if text == "10" and "T" in ranks else text
    return ranks.index(text) if text in ranks else -1


def _strengths(ranks: tuple[str, ...], order: list[str | int] | None) -> tuple[int, ...]:
    """Per pack rank, its strength in a trick (0 the lowest): ``order`` lists ranks low to high.

    Ranks not listed (not in the deck) keep the pack's order below the listed ones.
    """
    if not order:
        return tuple(range(len(ranks)))
    listed = [_rank_index(ranks, r) for r in order]
    rest = [r for r in range(len(ranks)) if r not in listed]
    strength = [0] * len(ranks)
    for place, r in enumerate([*rest, *listed]):
        if r >= 0:
            strength[r] = place
    return tuple(strength)


#: The keys of a bidding round that belong to some kinds of round only.
_ROUND_KEYS: dict[str, tuple[str, ...]] = {
    "min": ("tricks", "contract"),
    "max": ("tricks", "contract"),
    "nil": ("tricks",),
    "blind_nil": ("tricks",),
    "side_max": ("tricks",),
    "declarer_min": ("tricks",),
    "starts": ("tricks", "call"),
    "no_trump": ("call", "contract"),
    "values": ("ladder",),
    "exclude_turned_down": ("call",),
    "stick_the_dealer": ("call",),
    "first_must_call": ("call",),
}


def _trick_bids(r: dict[str, Any], bar: Bar) -> TrickBids:
    """A ``tricks`` round, its defaults filled in from the schema; ``bar``: what its last bidder may not bid."""
    return TrickBids(
        low=r["min"],
        high=-1 if r["max"] == "hand" else r["max"],
        nil=r["nil"],
        blind_nil=r["blind_nil"],
        bar=bar,
        side_max=r.get("side_max", 0),  # no default: no cap
        declarer_min=r["declarer_min"],
    )


def _bid_scoring(scoring: dict[str, Any], settings: dict[str, Any]) -> BidScoring:
    """The ``contract`` and ``nil`` blocks, their defaults filled in from the schema, and the bags' component
    from every mechanism's ``settings``."""
    contract, nil = scoring["contract"], scoring["nil"]
    return BidScoring(
        exactly=contract["made"] == "exactly",
        made=ContractPoints(**contract["made_points"]),
        set=ContractPoints(**contract["set_points"]),
        nil_made=nil["made"],
        nil_set=nil["set"],
        blind_made=nil["blind_made"],
        blind_set=nil["blind_set"],
        nil_tricks=nil["tricks"],
        bags=bag_mechanism.overtricks(settings[bag_mechanism.NAME]),
    )


def load_ruleset(ref: str | Path) -> Ruleset:
    """Load, validate and compile a ruleset from a path or a bundled id.

    Raises :class:`RulesetError` (a ValueError) listing every problem as
    ``file:line:col: $.path: message``.
    """
    path = Path(ref) if isinstance(ref, Path) else locate(ref)
    if path is None or not path.is_file():
        from .loader import bundled_ids

        shown = str(ref)
        raise RulesetError(
            [Problem(shown, 1, 1, "$", f"no such ruleset file or bundled id (bundled: {', '.join(bundled_ids())})")]
        )
    doc = resolve(path)
    problems = validate(doc)
    if problems:
        raise RulesetError(problems)
    return compile_ruleset(doc, path)


def check_file(path: Path) -> list[Problem]:
    """Every problem of one file (empty when valid): what ``trickbook validate`` prints."""
    try:
        load_ruleset(path)
    except RulesetError as exc:
        return exc.problems
    return []
