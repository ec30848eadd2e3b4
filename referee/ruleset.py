"""A validated ruleset, compiled into the tables the engine runs on.

:func:`load_ruleset` is the public entry point: a path or a bundled id in, a
:class:`Ruleset` out, or a :class:`~referee.errors.RulesetError` listing every
problem with its file, line and column.
"""

from __future__ import annotations

import copy
from functools import cached_property
from pathlib import Path
from typing import Any

from .auction import BidRound, compile_rounds
from .bidding import TrickBids
from .cards import bit, lowest, pattern_mask
from .deck import Deck, make_deck, read_pack_pattern
from .errors import Problem, RulesetError
from .loader import Document, locate, resolve, schema, validate
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

__all__ = ["Layout", "Restriction", "Ruleset", "TrickRow", "TrumpTable", "check_file", "load_ruleset", "trump_table"]


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


class Ruleset:
    """A compiled ruleset. ``data`` is the merged document with defaults filled in."""

    def __init__(self, doc: Document, path: Path | None = None) -> None:
        self.doc = doc
        self.path = path
        self.raw = doc.data
        self.data = with_defaults(doc.data)
        d = self.data
        self.id: str = d["id"]
        self.extends: list[str] = list(doc.chain)
        self.base_path: Path | None = doc.base
        self.title: str | dict[str, str] = d.get("title", self.id)
        self.summary: str | dict[str, str] | None = d.get("summary")
        self.notes: str | dict[str, str] | None = d.get("notes")
        self.source: str | None = d.get("source")
        self.family: str = d["family"]
        players = d["players"]
        self.player_counts: tuple[int, ...] = tuple(sorted(players["counts"]))
        self.default_players: int = players.get("default", 4 if 4 in self.player_counts else self.player_counts[0])
        self.teams_kind: str = players["teams"]
        deal = d["deal"]
        self.upcard: bool = deal["upcard"]
        self.first_dealer: str | int = deal["first_dealer"]
        self.rotation: int = {"left": 1, "right": -1, "none": 0}[deal["rotation"]]
        self.packets: list[int] | None = deal.get("packets")
        self.schedule: list[int | str] | None = deal.get("schedule")
        self.pass_count: int = d["passing"]["count"]
        bidding = d.get("bidding") or {}
        self.bidding_rounds: list[dict[str, Any]] = list(bidding.get("rounds", []))
        #: per bidding round: the compiled ``tricks`` round, or None for order-up and call rounds
        self.trick_bids: tuple[TrickBids | None, ...] = tuple(
            _trick_bids(r) if r["kind"] == "tricks" else None for r in self.bidding_rounds
        )
        #: the ruleset's round of trick bids (a ruleset has at most one), or None
        self.trick_round: TrickBids | None = next((spec for spec in self.trick_bids if spec is not None), None)
        #: whether the bidding chooses trump (order-up and call rounds) rather than bidding tricks
        self.bids_for_trump: bool = any(spec is None for spec in self.trick_bids)
        self.may_discard_upcard: bool = bidding["dealer_discard"]["may_discard_upcard"]
        self.alone: str = bidding["alone"]
        deck = d["deck"]
        #: the card space: the pack's suits and ranks in ``deck.copies`` copies
        self.deck: Deck = make_deck(deck["pack"], deck["copies"])
        ranks = self.deck.ranks
        self.order: tuple[int, ...] = _strengths(ranks, deck.get("order"))
        self.trump_order: tuple[int, ...] = (
            _strengths(ranks, deck.get("trump_order")) if deck.get("trump_order") else self.order
        )
        trump = d["trump"]
        self.trump_kind: str = trump["kind"]
        self.trump_suit: int | None = self.deck.suits.find(trump["suit"]) if "suit" in trump else None
        self.bowers: bool = trump["bowers"]
        play = d["play"]
        self.opening_by: str = play["opening_lead"]["by"]
        self.opening_suit: int = self.deck.suits.find(play["opening_lead"]["suit"])
        self.opening_must: str = play["opening_lead"]["must_lead"]
        self.end_early: frozenset[str] = frozenset(play["end_early"])
        scoring = d["scoring"]
        moon = scoring["moon"]
        self.moon_kind: str = moon["kind"]
        self.moon_partner: str = moon["partner"]
        self.no_tricks_bonus: int = scoring["no_tricks_bonus"]
        self.trick_rows: tuple[TrickRow, ...] = tuple(
            TrickRow(r["side"], frozenset(r["won"]), r.get("alone"), r.get("lone_defender"), r["points"])
            for r in scoring["tricks"]
        )
        self.score_teams: str = scoring["teams"]
        self.revoke_penalty: dict[str, Any] | None = scoring.get("revoke_penalty")
        self.bid_scoring: BidScoring | None = _bid_scoring(scoring) if any(t for t in self.trick_bids) else None
        book = scoring["book"] if "book" in doc.data.get("scoring", {}) else None
        self.book: int | None = book["tricks"] if book else None
        self.book_points: int = book["points"] if book else 0
        game = d["game"]
        self.start: int = game["start"]
        self.count_sign: int = 1 if game["count"] == "up" else -1
        self.target: int | None = game.get("target")
        self.max_deals: int | None = game.get("deals")
        self.floor: int | None = game.get("floor")
        self.winner_kind: str = game["winner"]
        self.ties: str = game["ties"]
        self._layouts: dict[int, Layout] = {}
        self._trump_tables: dict[int | None, TrumpTable] = {}
        problems = self._check()
        if problems:
            raise RulesetError(problems)
        rounds = tuple(
            Round(r["kind"], r["exclude_turned_down"], r["stick_the_dealer"], spec, r["no_trump"])
            for r, spec in zip(self.bidding_rounds, self.trick_bids, strict=True)
        )
        #: the bidding rounds as components (see referee/auction.py)
        self.bid_rounds: list[BidRound] = compile_rounds(rounds)
        self.plan = Plan(
            pass_count=self.pass_count,
            rounds=rounds,
            may_discard_upcard=self.may_discard_upcard,
            alone=self.alone,
            partnerships=self.teams_kind == "opposite",
            trump_kind=self.trump_kind,
            upcard=self.upcard,
            full_deck=self.full_deck,
            opening_must=self.opening_must,
            opening_suit=self.opening_suit,
            end_early=bool(self.end_early),
            moon_kind=self.moon_kind,
            moon_partner=self.moon_partner,
            no_tricks_bonus=self.no_tricks_bonus,
            trick_rows=self.trick_rows,
            score_teams=self.score_teams,
            bid_scoring=self.bid_scoring,
            book=-1 if self.book is None else self.book,
            book_points=self.book_points,
            start=self.start,
            count_sign=self.count_sign,
            steps=self._score_steps(),
            deck=self.deck,
            trump_suit=self.trump_suit,
            bid_rounds=self.bid_rounds,
        )

    def __repr__(self) -> str:
        return f"<Ruleset {self.id!r}>"

    # -- derived tables ----------------------------------------------------

    def pattern_mask(self, patterns: list[str]) -> int:
        """The cards (every copy) that suits and cards of this ruleset's pack name."""
        m = 0
        for p in patterns:
            m |= self._first_copies(p)
        return self.deck.all_copies(m)

    def _first_copies(self, pattern: str) -> int:
        """The first-copy mask of a suit or card of this ruleset's pack (0 if it names none)."""
        if self.deck.pack == "french":
            try:
                return pattern_mask(pattern)  # every spelling a ruleset may write: QS, 10H, q♠, ♠Q, H, ♥
            except ValueError:
                return 0
        return max(read_pack_pattern(self.deck, pattern), 0)

    @cached_property
    def full_deck(self) -> int:
        """Every card of the listed suits and ranks, in every copy."""
        deck = self.deck
        m = 0
        for s in self.deck_suits():
            for r in self.deck_ranks():
                suit, rank = deck.suits.find(str(s)), _rank_index(deck.ranks, r)
                if suit >= 0 and rank >= 0:
                    m |= bit(suit * len(deck.ranks) + rank)
        return deck.all_copies(m)

    def deck_suits(self) -> list[str]:
        """The suits in play as the file lists them; by default every suit of the pack."""
        written = (self.doc.data.get("deck") or {}).get("suits")
        return [str(x) for x in written] if written else list(self.deck.suits)

    def deck_ranks(self) -> list[str]:
        """The ranks in play as the file lists them; by default every rank of the pack."""
        written = (self.doc.data.get("deck") or {}).get("ranks")
        return [str(x) for x in written] if written else list(self.deck.ranks)

    def _score_steps(self) -> tuple[str, ...]:
        """The scoring steps of this ruleset's deals, chosen once (see :func:`referee.scoring`)."""
        steps = ["cards"]
        if self.moon_kind != "none":
            steps.append("moon")
        if self.no_tricks_bonus:
            steps.append("no-tricks")
        if self.trick_rows:
            steps.append("table")  # per side already
        elif self.score_teams == "shared":
            steps.append("teams")
        if self.bid_scoring is not None or self.book is not None:
            steps.append("sides")
        return tuple(steps)

    def setup(self, players: int, trump: int | None) -> DealSetup:
        """What a deal of ``players`` with ``trump`` needs, made once and kept on the plan."""
        key = setup_key(players, trump)
        found = self.plan.setups.get(key)
        if found is None:
            layout, table = self.layout(players), self.trump_table(trump)
            # The rules of play (see referee.playing.compile_rules).
            lead, proofs, follow = compile_rules(layout, table, self.deck, self.opening_must, self.opening_suit)
            next_seat = tuple((s + 1) % players for s in range(players))
            found = DealSetup(table, lead, proofs, follow, layout.sides, next_seat)
            self.plan.setups[key] = found
        return found

    def trump_table(self, trump: int | None) -> TrumpTable:
        table = self._trump_tables.get(trump)
        if table is None:
            table = trump_table(self.deck, trump, self.bowers, self.order, self.trump_order)
            self._trump_tables[trump] = table
        return table

    def removed(self, players: int) -> int:
        """The cards taken out for ``players`` players: each listing takes out one copy."""
        out = 0
        deck = self.deck
        for code in self.data["deck"]["remove"].get(str(players), []):
            first = self._first_copies(code)
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
        d = self.data
        deck = self.full_deck & ~self.removed(players)
        n_cards = deck.bit_count()
        most = (n_cards - (1 if self.upcard else 0)) // players
        schedule = expand_schedule(self.schedule, most) if self.schedule else ()
        hand_size = d["deal"]["hand_size"]
        if schedule:
            hand_size = max(schedule)
        elif hand_size == "all":
            hand_size = n_cards // players
        cycle = tuple(d["passing"]["cycle_by_players"].get(str(players), d["passing"]["cycle"]))
        if self.teams_kind == "opposite":
            teams = tuple(seat % (players // 2) for seat in range(players))
        else:
            teams = tuple(range(players))
        cards = self.deck
        size = cards.size
        points = [0] * size
        spec = d["scoring"]["points"]
        by_rank = d["scoring"].get("rank_points", {})
        for c in range(size):
            if not deck >> c & 1:
                continue
            code, suit, rank = cards.codes[c], cards.suits[cards.suit_of[c]], cards.ranks[cards.rank_of[c]]
            value = spec.get(code, spec.get(suit, by_rank.get(rank, 0)))
            if value == "face":
                value = cards.rank_of[c] + (2 if cards.pack == "french" else 1)
            points[c] = value
        scoring_cards = sum(bit(c) for c in range(size) if points[c])
        positive = sum(bit(c) for c in range(size) if points[c] > 0)
        moon = d["scoring"].get("moon", {})
        moon_cards = self.pattern_mask(moon["requires"]) & deck if "requires" in moon else positive
        moon_points = moon.get("points", sum(max(points[c], 0) for c in range(size) if moon_cards >> c & 1))
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
                self.pattern_mask(r["cards"]) & deck,
                self.pattern_mask(r.get("broken_by", r["cards"])) & deck,
                self.pattern_mask(r.get("lift_if_only", [])) & deck,
            )
            for r in d["play"]["lead_restrictions"]
        )
        layout = Layout(
            players=players,
            deck=deck,
            hand_size=hand_size,
            cycle=cycle,
            teams=teams,
            points=tuple(points),
            scoring_cards=scoring_cards,
            moon_cards=moon_cards,
            moon_points=moon_points,
            opening_card=opening_card,
            opening_mask=opening_mask,
            first_trick_forbid=self.pattern_mask(d["play"]["first_trick"]["forbid"]) & deck,
            restrictions=restrictions,
            cards=tuple(c for c in range(size) if deck >> c & 1),
            schedule=schedule,
            most=most,
            sides=teams if self.score_teams == "shared" else tuple(range(players)),
        )
        self._layouts[players] = layout
        return layout

    # -- semantic checks ----------------------------------------------------

    def _check(self) -> list[Problem]:
        doc, d = self.doc, self.data
        out: list[Problem] = []

        def bad(path: tuple[str | int, ...], message: str) -> None:
            out.append(doc.problem(path, message))

        if self.default_players not in self.player_counts:
            bad(("players", "default"), f"{self.default_players} is not among players.counts")
        pack = self.deck.pack
        listed_ranks = {
            "ranks": self.deck_ranks(),
            "order": [str(x) for x in d["deck"].get("order") or []],
            "trump_order": [str(x) for x in d["deck"].get("trump_order") or []],
        }
        for i, suit in enumerate(self.deck_suits()):
            if suit not in self.deck.suits:
                bad(("deck", "suits", i), f"{suit} is not a suit of the {pack} pack")
        for key, ranks in listed_ranks.items():
            for i, rank in enumerate(ranks):
                if _rank_index(self.deck.ranks, rank) < 0:
                    bad(("deck", key, i), f"{rank} is not a rank of the {pack} pack")
        places: list[tuple[tuple[str | int, ...], str]] = [
            (("scoring", "points", k), k) for k in d["scoring"]["points"]
        ]
        places += [(("play", "first_trick", "forbid", i), p) for i, p in enumerate(d["play"]["first_trick"]["forbid"])]
        places += [
            (("scoring", "moon", "requires", i), p)
            for i, p in enumerate(d["scoring"].get("moon", {}).get("requires", []))
        ]
        for j, r in enumerate(d["play"]["lead_restrictions"]):
            for field in ("cards", "broken_by", "lift_if_only"):
                places += [(("play", "lead_restrictions", j, field, i), p) for i, p in enumerate(r.get(field, []))]
        for where, pattern in places:
            if not self._first_copies(pattern):
                bad(where, f"{pattern} is not a suit or card of the {pack} pack")
        for rank in d["scoring"].get("rank_points") or {}:
            if _rank_index(self.deck.ranks, rank) < 0:
                bad(("scoring", "rank_points", rank), f"{rank} is not a rank of the {pack} pack")
        full = self.full_deck
        for key, cards in d["deck"]["remove"].items():
            seen: dict[str, int] = {}
            for i, code in enumerate(cards):
                if not full & self.pattern_mask([code]):
                    bad(("deck", "remove", key, i), f"{code} is not in the deck")
                    continue
                seen[code] = seen.get(code, 0) + 1
                if seen[code] == self.deck.copies + 1:
                    held = "once" if self.deck.copies == 1 else f"{self.deck.copies} times"
                    bad(("deck", "remove", key, i), f"{code} is removed more often than the deck holds it ({held})")
            if int(key) not in self.player_counts:
                bad(("deck", "remove", key), f"the ruleset is not played by {key} players")
        hand_size = d["deal"]["hand_size"]
        if self.schedule and "hand_size" in doc.data.get("deal", {}):
            bad(("deal", "hand_size"), "give either deal.hand_size or deal.schedule, not both")
        for n in self.player_counts:
            size = (full & ~self.removed(n)).bit_count()
            if self.schedule:
                most = (size - (1 if self.upcard else 0)) // n
                for i, t in enumerate(self.schedule):
                    if t != "max" and int(t) > most:
                        extra = " and one card to turn up" if self.upcard else ""
                        bad(
                            ("deal", "schedule", i),
                            f"{n} hands of {t}{extra} need more than the {size} cards in the deck",
                        )
                per_hand = min(most, *[most if t == "max" else int(t) for t in self.schedule])
                if self.pass_count >= per_hand:
                    bad(("passing", "count"), f"passing {self.pass_count} cards needs hands of more than {per_hand}")
            elif hand_size == "all":
                if size % n:
                    bad(
                        ("deck",),
                        f"{size} cards do not deal evenly to {n} players; "
                        f'remove {size % n} card(s) in deck.remove["{n}"]',
                    )
                if self.upcard:
                    bad(("deal", "upcard"), "an upcard needs undealt cards: set deal.hand_size")
            elif hand_size * n + (1 if self.upcard else 0) > size:
                bad(("deal", "hand_size"), f"{n} hands of {hand_size} need more than the {size} cards in the deck")
            per_hand = size // n if hand_size == "all" else hand_size
            if not self.schedule and self.pass_count >= per_hand:
                bad(("passing", "count"), f"passing {self.pass_count} cards needs hands of more than {per_hand}")
            cycle = d["passing"]["cycle_by_players"].get(str(n), d["passing"]["cycle"])
            where = (
                ("passing", "cycle_by_players", str(n))
                if str(n) in d["passing"]["cycle_by_players"]
                else ("passing", "cycle")
            )
            if "across" in cycle and n % 2 and self.pass_count:
                bad(where, f"no one sits across with {n} players; give a cycle for {n} in passing.cycle_by_players")
            if self.teams_kind == "opposite" and n % 2:
                bad(("players", "teams"), f"partners cannot sit opposite with {n} players")
        if self.trump_kind == "fixed" and self.trump_suit is None:
            bad(("trump",), "a fixed trump needs trump.suit")
        if self.trump_kind == "upcard" and not self.upcard:
            bad(("trump", "kind"), "trump from the upcard needs deal.upcard: true and a hand_size")
        if self.bids_for_trump and self.trump_kind != "bid":
            # Point at trump.kind if the file wrote it, else at the bidding.
            where = ("trump", "kind") if "kind" in doc.data.get("trump", {}) else ("bidding", "rounds")
            bad(where, f"bidding rounds choose trump, so trump.kind must be bid, not {self.trump_kind}")
        elif self.trump_kind == "bid" and not self.bids_for_trump:
            bad(("trump", "kind"), "trump chosen in bidding needs bidding.rounds of kind order-up or call")
        written = (doc.data.get("bidding") or {}).get("rounds") or []
        for i, r in enumerate(self.bidding_rounds):
            if r["kind"] == "order-up" and not self.upcard:
                bad(("bidding", "rounds", i, "kind"), "ordering up needs an upcard (deal.upcard: true)")
            spec = self.trick_bids[i]
            if spec is None:
                if "no_trump" in written[i] and r["kind"] != "call":
                    bad(
                        ("bidding", "rounds", i, "no_trump"),
                        f"no_trump belongs to a round of kind call, not {r['kind']}",
                    )
                for key in ("min", "max", "nil", "blind_nil", "hook", "side_max"):
                    if key in written[i]:
                        bad(("bidding", "rounds", i, key), f"{key} belongs to a round of kind tricks, not {r['kind']}")
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
            for key in ("contract", "nil", "bags"):
                if key in doc.data.get("scoring", {}):
                    bad(("scoring", key), f"scoring.{key} scores bids: it needs a bidding round of kind tricks")
        bags = doc.data.get("scoring", {}).get("bags") or {}
        if bags.get("from_score") and bags.get("every") != 10:
            bad(("scoring", "bags", "from_score"), "overtricks read from the score's last digit need bags.every: 10")
        if self.trump_kind == "dealer-last-card" and d["deal"].get("packets"):
            bad(("deal", "packets"), "the dealer's last card is turned for trump only when dealing one card at a time")
        if self.alone != "none" and self.teams_kind != "opposite":
            bad(("bidding", "alone"), "playing alone needs partnerships (players.teams: opposite)")
        if self.score_teams != "individual" and self.teams_kind != "opposite":
            bad(("scoring", "teams"), "team scoring needs partnerships (players.teams: opposite)")
        if self.trick_rows and not self.bidding_rounds:
            bad(("scoring", "tricks"), "a makers/defenders table needs bidding to decide who makes")
        if self.opening_by == "holder-of-lowest":
            suit_mask = self.deck.suit_masks[self.opening_suit]
            for n in self.player_counts:
                if not full & ~self.removed(n) & suit_mask:
                    bad(
                        ("play", "opening_lead", "suit"), f"no {self.deck.suits[self.opening_suit]} card is in the deck"
                    )
        if self.moon_kind != "none":
            for n in self.player_counts:
                if self.layout_moon_points(n) <= 0:
                    bad(("scoring", "moon"), "the moon needs cards worth points to take")
                    break
        if self.target is None and self.max_deals is None and not self.schedule:
            bad(("game",), "the game never ends: give game.target, game.deals or deal.schedule")
        return out

    def layout_moon_points(self, players: int) -> int:
        try:
            return self.layout(players).moon_points
        except ValueError:
            return 0


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


def _trick_bids(r: dict[str, Any]) -> TrickBids:
    """A ``tricks`` round, its defaults filled in from the schema."""
    return TrickBids(
        low=r["min"],
        high=-1 if r["max"] == "hand" else r["max"],
        nil=r["nil"],
        blind_nil=r["blind_nil"],
        hook=r["hook"],
        side_max=r.get("side_max", 0),  # no default: no cap
    )


def _bid_scoring(scoring: dict[str, Any]) -> BidScoring:
    """The ``contract``, ``nil`` and ``bags`` blocks, their defaults filled in from the schema."""
    contract, nil = scoring["contract"], scoring["nil"]
    bags = scoring["bags"] if "every" in scoring["bags"] else None  # no bags block: overtricks are not counted
    return BidScoring(
        exactly=contract["made"] == "exactly",
        made=ContractPoints(**contract["made_points"]),
        set=ContractPoints(**contract["set_points"]),
        nil_made=nil["made"],
        nil_set=nil["set"],
        blind_made=nil["blind_made"],
        blind_set=nil["blind_set"],
        nil_tricks=nil["tricks"],
        bags_every=bags["every"] if bags else 0,
        bags_points=bags["points"] if bags else 0,
        bags_from_score=bags["from_score"] if bags else False,
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
    return Ruleset(doc, path)


def check_file(path: Path) -> list[Problem]:
    """Every problem of one file (empty when valid): what ``trickbook validate`` prints."""
    try:
        load_ruleset(path)
    except RulesetError as exc:
        return exc.problems
    return []
