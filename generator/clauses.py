"""Ruleset -> rule clauses: what a rule page says, as data, before any language.

A :class:`Clause` is a kind (a key of :data:`generator.phrases.PHRASES`) and
typed parameters; :mod:`generator.phrases` turns it into a sentence in a
language. Clauses come in sections, in the order a player needs them.
Comparing two rulesets' clauses gives the "compared with ..." list of a house
rule's page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from referee import Ruleset
from referee.bidding import TrickBids
from referee.cards import lowest
from referee.kinds import Direction
from referee.mechanisms import (
    all_tricks,
    announcements,
    bags,
    book,
    card_contract,
    card_sides,
    compulsory_solo,
    contracts,
    dealer_out,
    game_value,
    hook,
    last_trick,
    moon,
    party_game,
    promoted,
    revoke_penalty,
    roem,
    talon,
    trump_points,
    trumping,
)
from referee.playing import FirstTrickLimit, LeadRestriction, PlayRule
from referee.ruleset import face_value
from referee.scoring import ContractPoints
from referee.tables import Round
from wording.i18n import ListStyle
from wording.names import Case, NumberRole, SeatForm
from wording.names import patterns as deck_patterns

from .gamevalue import matador_examples

# -- parameter types: each is localised by phrases.render -----------------------


@dataclass(frozen=True)
class Cards:
    """Suits and cards (``"H"``, ``"QS"``) of a pack joined as a list, each in ``form``."""

    items: tuple[str, ...]
    form: str = "a"  # plural | a | each | all  (cards take "the"; "both": both copies of a card)
    style: ListStyle = "standard"  # standard ("and") | or
    pack: str = "french"  # whose letters these are: Italian ``C`` is coppe, not clubs
    case: Case = "nominative"  # the cards' role in the sentence (set by generator.phrases.CASES)


@dataclass(frozen=True)
class Ranks:
    """Rank letters of a pack joined as a list: "ace, king, queen"."""

    items: tuple[str, ...]
    pack: str = "french"
    style: ListStyle = "standard"
    trump: bool = False  # ranks of the trump suit where it counts apart: their own names (Dutch "jas", "nel")


@dataclass(frozen=True)
class Number:
    """A number; ``role`` lets a language write a small one as a word ("zwölf Karten", "jede Karte doppelt")."""

    value: int
    role: NumberRole = ""


@dataclass(frozen=True)
class Numbers:
    values: tuple[int, ...]
    style: ListStyle = "or"


@dataclass(frozen=True)
class Directions:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Points:
    """A signed number of points with its noun: "10 points", "minus 100 points"; "13 penalty points"."""

    value: int
    penalty: bool = False  # points the players try to avoid (see :func:`penalty`)
    eyes: bool = False  # the cards' points where the game's players name them apart (see :func:`eyes`)
    roem: bool = False  # points of roem, which Dutch players count as "20 roem", not "20 punten"


@dataclass(frozen=True)
class Deals:
    """A number of deals with its noun: "23 deals"."""

    value: int


@dataclass(frozen=True)
class Seats:
    """Seats by their names, joined as a list: "Player 1 and Player 3"."""

    items: tuple[int, ...]
    form: SeatForm = "sentence"  # inside a sentence, or a label (set by generator.phrases.SEAT_ROLES)


@dataclass(frozen=True)
class Bid:
    """A bid as the engine words it (``bid 3``, ``nil``, ``blind-nil``): "3", "nil", "blind nil"."""

    word: str


@dataclass(frozen=True)
class Parts:
    """Phrases (clauses that are not whole sentences, or :class:`Points`) joined as a list."""

    items: tuple[Any, ...]
    style: ListStyle = "standard"


@dataclass(frozen=True)
class Said:
    """A word a player announces during play, as the engine words it (``re``, ``no 90``)."""

    word: str


@dataclass(frozen=True)
class Contract:
    """A contract a player may announce before play, as the engine words it (``solo queens``)."""

    word: str


@dataclass(frozen=True)
class Series:
    """Numbers in a row, joined by commas alone: a ladder's values ("18, 20, 22, 23")."""

    values: tuple[int, ...]


@dataclass(frozen=True)
class DealOrder:
    """How the cards go out, round by round, with the talon dealt after round ``at``: "3 – skat – 4 – 3"."""

    packets: tuple[int, ...]
    at: int


@dataclass(frozen=True)
class Title:
    """Another ruleset's title (the base of a house rule)."""

    ruleset: Ruleset = field(compare=False)
    id: str = ""


@dataclass(frozen=True)
class Clause:
    kind: str
    params: tuple[tuple[str, Any], ...] = ()
    count: int | None = None  # chooses the plural form


def anchor(kind: str) -> str:
    """The id of a clause's sentence on its rule page (``rule-play-first-trick``), for links to it."""
    return "rule-" + kind.replace(".", "-")


def clause(kind: str, plural: int | None = None, /, **params: Any) -> Clause:
    """A clause of ``kind``; ``plural`` is the number that picks the plural form.

    ``plural`` is the number the sentence shows, sign and all, so that a
    singular form may spell it out ("one point", Hebrew "נקודה אחת"): it is
    chosen for 1 only, never for -1.
    """
    return Clause(kind, tuple(sorted(params.items())), plural)


@dataclass(frozen=True)
class Section:
    key: str  # overview, deal, passing, bidding, play, scoring, end
    clauses: tuple[Clause, ...]


SECTION_KEYS = ("overview", "deal", "passing", "bidding", "play", "scoring", "end")


def patterns(rules: Ruleset, mask: int) -> tuple[str, ...]:
    """A card mask as suits where whole suits are in it, cards otherwise (each code once, however many copies)."""
    return deck_patterns(rules.deck, rules.full_deck, mask)


def cards(rules: Ruleset, items: tuple[str, ...], form: str = "a", style: ListStyle = "standard") -> Cards:
    """Suits and cards of the ruleset's pack, for a clause."""
    return Cards(items, form, style, rules.deck.pack)


def _pack_rank(rank: str | int) -> str:
    """A rank as a ruleset writes it (``9``, ``"T"``, ``10``, ``f``) as its pack's letter."""
    text = str(rank).upper()
    return "T" if text == "10" else text


def ranks_in_play(rules: Ruleset) -> tuple[str, ...]:
    """The ranks of the deck, in the pack's own order (low to high)."""
    listed = {_pack_rank(r) for r in rules.deck_ranks}
    return tuple(r for r in rules.deck.ranks if r in listed)


def ranks_by_strength(rules: Ruleset, trump: bool = False) -> tuple[str, ...]:
    """The ranks of the deck from the highest in a trick to the lowest: by ``deck.order`` (``trump_order``)."""
    strength = rules.trump_order if trump else rules.order
    ranks = rules.deck.ranks
    return tuple(sorted(ranks_in_play(rules), key=lambda r: -strength[ranks.index(r)]))


def _ranks_high_to_low(rules: Ruleset) -> tuple[str, ...]:
    """The ranks of the deck in the pack's order, from the highest."""
    return tuple(reversed(ranks_in_play(rules)))


def _deck_clauses(rules: Ruleset) -> list[Clause]:
    """What the deck is: the pack, its size and ranks, the copies of each card, the order of the ranks."""
    deck = rules.deck
    pack = deck.pack
    size = rules.full_deck.bit_count()
    suits = tuple(s for s in deck.suits if s in rules.deck_suits)
    out = []
    if pack == "italian":
        ranks = Ranks(ranks_in_play(rules), pack)
        out.append(clause("deck.italian", size, size=Number(size), ranks=ranks, suits=cards(rules, suits, "plural")))
    elif size == 52 and deck.copies == 1:
        out.append(clause("deck.standard"))
    else:
        # Listed as the game ranks them in a plain suit (Skat, Doppelkopf, Klaverjassen: Ass, Zehn, König, ...),
        # the order its players name the cards in; the pack's own order where the game keeps it.
        ranks = Ranks(ranks_by_strength(rules), pack)
        out.append(clause("deck.short", size, size=Number(size), ranks=ranks, suits=Number(len(suits), "count")))
    if deck.copies > 1:
        out.append(clause("deck.copies", deck.copies, copies=Number(deck.copies, "copies")))
    if rules.trump_kind == "bid" and rules.bowers:
        return out  # the trump order is its own clause in play
    if promoted.active(promoted.of(rules)):
        return out  # the other suits' order follows the promoted trumps, in play (see _promoted_clauses)
    if declarer_games(rules):
        return out  # each game declared says its own order (see _declaration_clauses)
    by_strength = ranks_by_strength(rules)
    if by_strength != _ranks_high_to_low(rules):
        out.append(clause("deck.order", ranks=Ranks(by_strength, pack)))
    else:
        out.append(clause("deck.rank-order", ranks=Ranks(by_strength, pack)))
    return out


def overview(rules: Ruleset) -> list[Clause]:
    counts = rules.player_counts
    out = []
    if len(counts) == 1:
        out.append(clause("players.fixed", counts[0], count=Number(counts[0], "count")))
    else:
        out.append(clause("players.choice", max(counts), counts=Numbers(counts), usual=Number(rules.default_players)))
    if rules.teams_kind == "opposite":
        out.append(clause("players.partners"))
    for n in dealer_out.of(rules).counts:  # more at the table than a deal takes
        out.append(clause("players.dealer-out", n, count=Number(n), hands=Number(rules.dealt(n))))
    out.extend(_sides_clauses(rules))
    out.extend(_deck_clauses(rules))
    out.append(goal(rules))
    return out


def _sides_clauses(rules: Ruleset) -> list[Clause]:
    """Sides made anew every deal by who holds a card (:mod:`referee.mechanisms.card_sides`)."""
    card = card_sides.of(rules).card
    if not card:
        return []
    named = party_game.active(party_game.of(rules))  # the party game names the parties Re and Kontra
    both = rules.deck.copies == 2
    out = [clause("players.sides-by-card.re-kontra" if named else "players.sides-by-card", card=cards(rules, (card,)))]
    spoken = announcements.active(announcements.of(rules))
    out.append(
        clause("players.sides-hidden.announced" if spoken else "players.sides-hidden", card=cards(rules, (card,)))
    )
    if both:
        # a contract only the holder of every copy may announce finds them a partner instead (a wedding)
        wedding = [k.id for k in contracts.of(rules).kinds if k.holding == card and k.partner_within]
        if wedding:
            pair = cards(rules, (card,), "both")
            out.append(clause("players.sides-alone.unless", both=pair, name=Contract(wedding[0])))
        else:
            out.append(clause("players.sides-alone", both=cards(rules, (card,), "both")))
    return out


def eyes(rules: Ruleset) -> bool:
    """Whether the cards' points have a name of their own apart from a score's points ("card points", German
    "Augen"): where a mechanism turns them into a game value instead of scoring them (Doppelkopf, Skat)."""
    return party_game.active(party_game.of(rules)) or game_value.active(game_value.of(rules))


def declarer_games(rules: Ruleset) -> bool:
    """Whether the auction's winner declares the game and plays it alone against the others
    (:mod:`referee.mechanisms.contracts` with ``chosen: declarer``: Skat's Alleinspieler)."""
    settings = contracts.of(rules)
    return contracts.active(settings) and settings.chosen == "declarer"


def ladder(rules: Ruleset) -> bool:
    """Whether the bidding is a ladder of values (Skat's Reizen), which names the seats Vorhand, Mittelhand and
    Hinterhand."""
    return any(rnd.kind == "ladder" for rnd in rules.bidding_rounds)


def penalty(rules: Ruleset) -> bool:
    """Whether the cards that score are penalties, which the players try to avoid (Hearts), not prizes."""
    if rules.trick_rows or rules.bid_scoring is not None or book.active(book.of(rules)):
        return False
    positive = any(p > 0 for p in rules.layout(rules.default_players).points)
    return rules.winner_kind == "lowest" or (rules.count_sign < 0 and positive)


def goal(rules: Ruleset) -> Clause:
    teams = rules.score_teams != "individual"
    worth = game_value.of(rules)
    if game_value.active(worth):  # a lost game costs ``lost`` times its value: say so where the aim is said
        if worth.lost == 2:
            return clause("goal.game-value")
        return clause("goal.game-value.times", worth.lost, times=Number(worth.lost))
    if party_game.active(party_game.of(rules)):
        return clause("goal.party-game")
    if rules.trick_rows:
        return clause("goal.make-tricks")
    if rules.bid_scoring is not None:
        return clause("goal.bid-tricks.teams" if rules.score_teams == "shared" else "goal.bid-tricks")
    tricks_book = book.of(rules).tricks
    if tricks_book is not None:
        return clause("goal.book.teams" if teams else "goal.book", book=Number(tricks_book))
    if penalty(rules):
        return clause("goal.avoid-points.teams" if teams else "goal.avoid-points")
    return clause("goal.take-points.teams" if teams else "goal.take-points")


def schedule_legs(sizes: tuple[int, ...]) -> list[tuple[str, int]]:
    """A schedule's hand sizes after the first as legs: ("up", 12), ("down", 1), ("again", 1)."""
    legs: list[tuple[str, int]] = []
    for a, b in pairwise(sizes):
        kind = "again" if a == b else "up" if b > a else "down"
        if kind != "again" and legs and legs[-1][0] == kind:
            legs[-1] = (kind, b)
        else:
            legs.append((kind, b))
    return legs


def schedules(rules: Ruleset) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The expanded hand-size schedules and the player counts that deal each, fewest players first."""
    by_sizes: dict[tuple[int, ...], list[int]] = {}
    for n in rules.player_counts:
        by_sizes.setdefault(rules.layout(n).schedule, []).append(n)
    return sorted(((sizes, tuple(counts)) for sizes, counts in by_sizes.items()), key=lambda kv: kv[1])


def _schedule(rules: Ruleset) -> list[Clause]:
    groups = schedules(rules)
    out = []
    for sizes, counts in groups:
        if len(sizes) == 1:
            extra: dict[str, Any] = {"players": Numbers(counts)} if len(groups) > 1 else {}
            out.append(
                clause(
                    "deal.hand.players" if extra else "deal.hand", sizes[0], cards=Number(sizes[0], "count"), **extra
                )
            )
            continue
        legs = Parts(tuple(clause(f"part.{kind}", cards=Number(to)) for kind, to in schedule_legs(sizes)))
        params: dict[str, Any] = {"cards": Number(sizes[0]), "legs": legs, "deals": Deals(len(sizes))}
        if len(groups) > 1:
            out.append(clause("deal.schedule.players", sizes[0], players=Numbers(counts), **params))
        else:
            out.append(clause("deal.schedule", sizes[0], **params))
    return out


def deal(rules: Ruleset) -> list[Clause]:
    out = []
    hand_size = rules.hand_size
    if rules.schedule:
        out.extend(_schedule(rules))
    elif hand_size == "all":
        layout = rules.layout(rules.default_players)
        out.append(clause("deal.all", layout.hand_size, cards=Number(layout.hand_size, "count")))
    else:
        out.append(clause("deal.hand", hand_size, cards=Number(hand_size, "count")))
    settings = talon.of(rules)
    if rules.packets and talon.active(settings) and settings.after_packet:  # Skat's "3, Skat, 4, 3"
        order = DealOrder(tuple(rules.packets), settings.after_packet)
        out.append(clause("deal.packets-talon", settings.size, order=order, talon=Number(settings.size, "count")))
    elif rules.packets and len(set(rules.packets)) == 1:  # rounds of the same packet ("viermal je drei Karten")
        rounds = len(rules.packets)
        out.append(
            clause(
                "deal.packets-rounds", rounds, rounds=Number(rounds, "count"), size=Number(rules.packets[0], "count")
            )
        )
    elif rules.packets:
        out.append(clause("deal.packets", packets=Numbers(tuple(rules.packets), style="standard")))
    else:
        out.append(clause("deal.one-by-one"))
    for n in rules.player_counts:
        removed = rules.removed(n)
        if removed and rules.schedule:
            out.append(
                clause("deal.remove-only", n, players=Number(n), cards=cards(rules, patterns(rules, removed), "a"))
            )
        elif removed:
            hand = rules.layout(n).hand_size
            out.append(
                clause(
                    "deal.remove",
                    hand,
                    players=Number(n),
                    cards=cards(rules, patterns(rules, removed), "a"),
                    hand=Number(hand),
                )
            )
    if talon.active(settings) and not (rules.packets and settings.after_packet):
        out.append(clause("deal.talon", settings.size, talon=Number(settings.size, "count")))
    if ladder(rules):
        out.append(clause("deal.positions"))
    if rules.upcard:
        out.append(clause("deal.upcard"))
    if rules.trump_kind == "dealer-last-card":
        out.append(clause("deal.dealer-last-card"))
    if rules.first_dealer == "random":
        out.append(clause("deal.first-dealer-random"))
    rotation = {1: "deal.rotation-left", -1: "deal.rotation-right", 0: "deal.rotation-none"}[rules.rotation]
    out.append(clause(rotation))
    return out


def passing(rules: Ruleset) -> list[Clause]:
    if not rules.pass_count:
        # Worth saying where players would expect to pass: a penalty-card game
        # without bidding (Hearts variants), not Euchre or Doppelkopf.
        return [clause("passing.none")] if penalty(rules) and not rules.bidding_rounds else []
    out = [clause("passing.count", rules.pass_count, cards=Number(rules.pass_count, "count"))]
    base_cycle = rules.passing.cycle
    out.append(_cycle_clause(base_cycle, ()))
    by_cycle: dict[tuple[Direction, ...], list[int]] = {}
    for players, cycle in rules.passing.cycle_by_players.items():
        if players in rules.player_counts and cycle != base_cycle:
            by_cycle.setdefault(cycle, []).append(players)
    for cycle, counts in sorted(by_cycle.items(), key=lambda kv: min(kv[1])):
        out.append(_cycle_clause(cycle, tuple(sorted(counts))))
    return out


def _cycle_clause(cycle: tuple[str, ...], players: tuple[int, ...]) -> Clause:
    extra: dict[str, Any] = {"players": Numbers(players)} if players else {}
    count = max(players) if players else None
    if len(cycle) == 1:
        return clause(
            "passing.always.players" if players else "passing.always", count, direction=Directions(cycle), **extra
        )
    return clause("passing.cycle.players" if players else "passing.cycle", count, cycle=Directions(cycle), **extra)


def bid_range(rules: Ruleset, spec: TrickBids) -> tuple[int, int | None]:
    """The lowest and highest number of tricks a player may bid; None for "the cards in hand" where hands vary."""
    sizes: set[int] = set()
    for n in rules.player_counts:
        layout = rules.layout(n)
        sizes |= set(layout.schedule) or {layout.hand_size}
    if len(sizes) > 1:
        return spec.low, spec.high if spec.high >= 0 else None
    return spec.low, spec.top(max(sizes))


def _trick_bid_clauses(rules: Ruleset, spec: TrickBids, rnd: Round) -> list[Clause]:
    low, high = bid_range(rules, spec)
    kind = "bid.tricks.declarer" if rnd.starts == "declarer" else "bid.tricks"
    if high is None:
        out = [clause(kind + ".hand", low=Number(low))]
    else:
        out = [clause(kind, low=Number(low), high=Number(high))]
    if spec.declarer_min:
        out.append(clause("bid.declarer-min"))
    if spec.nil:
        out.append(clause("bid.nil"))
    if spec.blind_nil:
        out.append(clause("bid.blind-nil"))
    if hook.binds(rules):  # the dealer bids last where the bidding starts at the dealer's left
        out.append(clause("bid.hook" if hook.dealer_last(rules) else "bid.hook.last"))
    if rules.score_teams == "shared":
        out.append(clause("bid.side"))
    if spec.side_max:
        out.append(clause("bid.side-max", spec.side_max, tricks=Number(spec.side_max)))
    return out


def _contract_clauses(rules: Ruleset, rnd: Round, last: bool) -> list[Clause]:
    """An auction of contracts; ``last``: no round of trick bids follows, so the contract is the bid."""
    sizes: set[int] = set()
    for n in rules.player_counts:
        layout = rules.layout(n)
        sizes |= set(layout.schedule) or {layout.hand_size}
    deck = rules.deck
    suits = cards(rules, tuple(s for i, s in enumerate(deck.suits) if deck.suit_masks[i] & rules.full_deck), "plural")
    if rnd.high < 0 and len(sizes) > 1:  # "up to the cards in hand": hands differ from deal to deal
        out = [clause("bid.contract.hand", low=Number(rnd.low), suits=suits)]
    else:
        high = min(sizes) if rnd.high < 0 else min(rnd.high, max(sizes))
        out = [clause("bid.contract", low=Number(rnd.low), high=Number(high), suits=suits)]
    if rnd.no_trump:
        out.append(clause("bid.contract-no-trump"))
    out.append(clause("bid.contract-end"))
    if last:
        out.append(clause("bid.contract-make" if rules.teams_kind == "opposite" else "bid.contract-make.alone"))
    return out


def bidding(rules: Ruleset) -> list[Clause]:
    out: list[Clause] = _reservation_clauses(rules)
    for i, rnd in enumerate(rules.bidding_rounds):
        spec = rules.trick_bids[i]
        if spec is not None:
            out.extend(_trick_bid_clauses(rules, spec, rnd))
        elif rnd.kind == "contract":
            out.extend(_contract_clauses(rules, rnd, last=i == len(rules.bidding_rounds) - 1))
        elif rnd.kind == "order-up":
            out.append(clause("bid.order-up"))
            out.append(clause("bid.discard-any" if rules.may_discard_upcard else "bid.discard-not-upcard"))
        elif rnd.kind == "ladder":
            out.append(clause("bid.ladder"))
            out.append(clause("bid.ladder-then", lowest=Number(rnd.values[0])))
            out.append(clause("bid.ladder-first", lowest=Number(rnd.values[0])))
            shown = tuple(v for v in rnd.values if v <= LADDER_SHOWN)
            out.append(clause("bid.ladder-values", values=Series(shown), top=Number(rnd.values[-1])))
        elif rnd.first_must_call and i:  # a round only to force the call: said in one sentence
            out.append(clause("bid.dealer-must-call" if rnd.starts == "dealer" else "bid.first-must-call"))
        else:
            kind = "bid.call-except-turned" if rnd.exclude_turned_down and rules.upcard else "bid.call-any"
            if not i and rnd.starts == "dealer":
                kind += ".dealer"
            out.append(clause(kind if i else kind + ".first"))
            if rnd.no_trump:
                out.append(clause("bid.call-no-trump"))
            if rnd.stick_the_dealer:
                out.append(clause("bid.stick-the-dealer"))
            if rnd.first_must_call:
                out.append(clause("bid.first-may-not-pass"))
    out.extend(_declaration_clauses(rules))
    if any(rnd.kind == "contract" for rnd in rules.bidding_rounds):
        out.append(clause("bid.contract-all-pass"))
    elif rules.bids_for_trump and not rules.bidding_rounds[-1].forces_a_call:
        out.append(clause("bid.all-pass-redeal"))
    if any(rnd.kind in ("order-up", "call") for rnd in rules.bidding_rounds):
        out.append(clause("bid.makers"))
    if rules.alone in ("maker", "maker-and-defender"):
        out.append(clause("bid.alone-maker"))
    if rules.alone == "maker-and-defender":
        out.append(clause("bid.alone-defender"))
    return out


#: The ladder's values a page lists, up to this one (then "and so on up to" its highest).
LADDER_SHOWN = 72


def _declaration_clauses(rules: Ruleset) -> list[Clause]:
    """The game the auction's winner declares (:mod:`referee.mechanisms.contracts`, ``chosen: declarer``): the
    talon taken up or a hand game (:mod:`referee.mechanisms.talon`), each kind of game with its trumps and
    order, and what a hand game may announce."""
    if not declarer_games(rules):
        return []
    settings = contracts.of(rules)
    skat = talon.of(rules)
    out: list[Clause] = []
    if talon.active(skat):
        out.append(
            clause("declare.talon.hand" if skat.hand else "declare.talon", skat.size, cards=Number(skat.size, "count"))
        )
    out.append(clause("declare.game"))
    pack = rules.deck.pack
    # the kinds whose trump suit is a suit's own, with the same cards above it: one sentence for them all
    by_suit = [k for k in settings.kinds if k.suit in rules.deck_suits and k.goal == "tricks"]
    said: dict[str, Contract] = {}  # an open kind says "as" the kind it opens
    if by_suit:
        index = next(i for i, k in enumerate(settings.kinds) if k is by_suit[0])
        table = contracts.table(settings, index, rules, rules.deck.suits.find(by_suit[0].suit))
        trumps = [c for c in range(len(table.eff_suit)) if table.eff_suit[c] == table.trump]
        trumps = [c for c in trumps if rules.full_deck >> c & 1]
        trumps.sort(key=lambda c: -table.power[c])
        raised = by_suit[0].trumps or ()
        own = tuple(rules.deck.codes[c][:-1] for c in trumps if rules.deck.codes[c] not in raised)
        out.append(
            clause(
                "declare.suit-games",
                len(trumps),
                suits=cards(rules, tuple(k.suit for k in by_suit), "plural", "or"),
                cards=cards(rules, raised, "a"),
                ranks=Ranks(own, pack),
                count=Number(len(trumps), "count"),
            )
        )
    # the order of the suits that are not trumps, said after the games with trumps and before those without,
    # which have an order of their own (a reader must not take it for null's)
    plain_said = not any(k.trumps for k in settings.kinds if k.goal == "tricks")
    for i, kind in enumerate(settings.kinds):
        if kind in by_suit:
            continue
        if not plain_said and not kind.trumps:
            out.append(_plain_order_clause(rules, settings))
            plain_said = True
        name = Contract(f"{contracts.SOLO} {kind.id}")
        same = next((said[k.id] for k in settings.kinds[:i] if k.id in said and _same_play(k, kind)), None)
        if kind.open and same is not None:
            out.append(clause("declare.open-as", name=name, other=same))
            continue
        said[kind.id] = name
        table = contracts.table(settings, i, rules, None)
        ranks = Ranks(_plain_order(rules, table), pack)
        if kind.goal == "no-tricks":
            out.append(clause("declare.no-tricks", name=name, ranks=ranks))
        elif kind.trumps and by_suit and kind.trumps == by_suit[0].trumps:  # the suit games' top trumps alone
            out.append(
                clause("declare.trumps-only.same", len(kind.trumps), name=name, count=Number(len(kind.trumps), "count"))
            )
        elif kind.trumps:
            out.append(clause("contract.trumps", name=name, cards=cards(rules, kind.trumps, "a"), ranks=ranks))
        else:
            out.append(clause("contract.no-trumps", name=name, ranks=ranks))
        if kind.open:
            out.append(clause("declare.open", name=name))
    if not plain_said:
        out.append(_plain_order_clause(rules, settings))
    levels = [level for level in settings.levels if level in LEVEL_PARTS]
    if levels:
        worth = game_value.of(rules)
        total = sum(rules.layout(rules.default_players).points) + rules.deal_extra()
        parts = tuple(clause(LEVEL_PARTS[level], need=Points(total - worth.schneider, eyes=True)) for level in levels)
        out.append(clause("declare.levels", levels=Parts(parts, "or")))
    worth = game_value.of(rules)
    if game_value.active(worth) and worth.fixed:  # the games of a fixed value, which a bid above it rules out
        fixed = tuple(
            clause("part.game-value", game=Contract(word), value=Number(value))
            for word, value in fixed_values(rules, worth)
        )
        out.append(clause("declare.least", values=Parts(fixed)))
    return out


def _plain_order_clause(rules: Ruleset, settings: contracts.Contracts) -> Clause:
    """The order of the suits that are not trumps in the games with trumps (Skat's Fehlfarben)."""
    plain = contracts.table(settings, next(i for i, k in enumerate(settings.kinds) if k.trumps), rules, None)
    return clause("declare.plain-order", ranks=Ranks(_plain_order(rules, plain), rules.deck.pack))


#: What a hand game's declarer may announce (``trump.contracts.levels``), each as a phrase of declare.levels.
LEVEL_PARTS = {
    "schneider": "part.level-schneider",
    "schwarz": "part.level-schwarz",
    "ouvert": "part.level-ouvert",
}


def _same_play(a: contracts.Kind, b: contracts.Kind) -> bool:
    """Whether two contracts are played alike but for laying the cards open (null and null ouvert)."""
    return (a.trumps, a.suit, a.order, a.goal) == (b.trumps, b.suit, b.order, b.goal)


def _plain_order(rules: Ruleset, table: Any) -> tuple[str, ...]:
    """The ranks of a suit that is not trump, in a contract's trump table, from the highest."""
    suit = next(s for s in range(len(rules.deck.suits)) if rules.deck.suits[s] in rules.deck_suits)
    if table.trump == suit:
        suit = next(s for s in range(len(rules.deck.suits)) if rules.deck.suits[s] in rules.deck_suits and s != suit)
    codes = [c for c in range(len(table.eff_suit)) if table.eff_suit[c] == suit and rules.full_deck >> c & 1]
    codes.sort(key=lambda c: -table.power[c])
    return tuple(dict.fromkeys(rules.deck.codes[c][:-1] for c in codes))  # each rank once, of a pack's copies


def _reservation_clauses(rules: Ruleset) -> list[Clause]:
    """The contracts a player may announce before play (:mod:`referee.mechanisms.contracts`), each with its
    trumps."""
    settings = contracts.of(rules)
    if not contracts.active(settings) or settings.chosen != "reservation":
        return []
    duty = compulsory_solo.of(rules)
    parties = ".re" if card_sides.active(card_sides.of(rules)) else ""  # the soloist's party named (Re)
    if compulsory_solo.active(duty):  # the priorities, not the first named; who leads: _compulsory_clauses
        out = [clause("bid.reservation.priority"), clause("bid.reservation-alone" + parties)]
    else:
        out = [clause("bid.reservation.throw-in" if settings.unnamed == "throw-in" else "bid.reservation")]
        alone = "bid.reservation-alone.leads" if settings.leads == "declarer" else "bid.reservation-alone"
        out.append(clause(alone + parties))
    raised = promoted.of(rules).cards
    pack = rules.deck.pack
    for i, kind in enumerate(settings.kinds):
        name = Contract(f"{contracts.SOLO} {kind.id}")
        trumps = kind.trumps if kind.trumps is not None else raised
        if kind.partner_within:  # a wedding: the player's partner found in play
            name = Contract(kind.id)
            holding = cards(rules, (kind.holding,), "both")
            count = Number(kind.partner_within, "count")
            partner = "contract.partner.ranked" if compulsory_solo.active(duty) else "contract.partner"
            out.append(clause(partner, kind.partner_within, name=name, both=holding, count=count))
        elif kind.suit == "any":  # the suit named takes the place of the normal game's (a fixed one: checked)
            suit = cards(rules, (rules.deck.suits[rules.trump_suit or 0],), "plural")
            out.append(clause("contract.suit", name=name, suit=suit))  # its other trumps: the play section's
        elif trumps and kind.suit == "none":
            # the suits' own order changes with the cards made trumps (a queens solo's suits run A 10 K J 9)
            ranks = Ranks(_plain_order(rules, contracts.table(settings, i, rules, None)), pack)
            out.append(clause("contract.trumps", name=name, cards=cards(rules, trumps, "a"), ranks=ranks))
        elif kind.suit == "none":
            ranks = Ranks(ranks_by_strength(rules), pack)
            out.append(clause("contract.no-trumps", name=name, ranks=ranks))
        else:
            suit = cards(rules, (kind.suit,), "plural")
            out.append(clause("contract.fixed-suit", name=name, suit=suit, cards=cards(rules, trumps, "a")))
    return out + _compulsory_clauses(rules)


def _compulsory_clauses(rules: Ruleset) -> list[Clause]:
    """The compulsory solo of each round (:mod:`referee.mechanisms.compulsory_solo`): which solo it is, who
    leads and whether the deal counts, and the Vorführung (the reservations' priorities: bid.reservation.priority)."""
    settings = compulsory_solo.of(rules)
    if not compulsory_solo.active(settings):
        return []
    return [
        clause("compulsory.round", settings.round, deals=Number(settings.round)),
        # who leads each solo, and whether a compulsory one is dealt again: one sentence
        clause(f"compulsory.leads.{'extra-deal' if settings.extra_deal else 'counts'}.{settings.voluntary_leads}"),
        clause("compulsory.forced"),
    ]


def play(rules: Ruleset) -> list[Clause]:
    """The rules of play as the engine compiled them (:mod:`referee.playing`), each stated by its clause kind."""
    setup = rules.setup(rules.default_players, rules.trump_suit)
    components: list[PlayRule] = []
    for rule in [*setup.lead, *setup.follow]:  # a rule may both filter leads and follows: state it once
        if all(rule is not known for known in components):
            components.append(rule)
    components.sort(key=lambda rule: PLAY_ORDER.index(rule.clause))
    out: list[Clause] = []
    if not any(rule.clause == "play.lead-card" for rule in components):
        if rules.opening_by == "left-of-dealer" and ladder(rules) and declarer_games(rules):
            out.append(clause("play.lead-left-of-dealer.forehand"))  # Vorhand, whoever declares (Skat)
        else:
            out.append(clause(f"play.lead-{rules.opening_by}"))  # a seat leads, with any card
    for rule in components:
        out.extend(PLAY_CLAUSES[rule.clause](rules, rule))
    held = next((rule for rule in components if isinstance(rule, LeadRestriction)), None)
    if held is not None:
        out.append(
            clause("play.fallback.breaks", cards=cards(rules, patterns(rules, held.restriction.cards), "plural"))
        )
    elif any(rule.clause == "play.first-trick" for rule in components):
        out.append(clause("play.fallback"))
    for mode in ("no-points-left", "leader-takes-rest"):
        if mode in rules.end_early:
            out.append(clause(f"play.end-early.{mode}"))
    out.extend(_announcement_clauses(rules))
    return out


def _announcement_clauses(rules: Ruleset) -> list[Clause]:
    """What may be announced during play, and until when (:mod:`referee.mechanisms.announcements`)."""
    settings = announcements.of(rules)
    if not announcements.active(settings):
        return []
    out = [clause("play.announce", settings.first, cards=Number(settings.first))]
    if settings.steps:
        steps = tuple(
            clause("part.announce-step", need, word=Said(word), cards=Number(need))
            for word, need in zip(announcements.STEP_WORDS, settings.steps, strict=False)
        )
        out.append(clause("play.announce-steps", steps=Parts(steps)))
        out.append(clause("play.announce-skip"))
    if settings.reply:
        out.append(clause("play.announce-reply", settings.reply, cards=Number(settings.reply, "count")))
    if any(kind.partner_within for kind in contracts.of(rules).kinds):
        out.append(clause("play.announce-after-partner"))
    out.append(clause("play.announce-anytime"))
    return out


def _follow_clauses(rules: Ruleset, rule: PlayRule) -> list[Clause]:
    """Following suit, and what wins a trick: trump or the suit led."""
    # With trump duties a player who cannot follow is not free: those rules say what they must do.
    out = [clause("play.follow-bound" if trumping.active(trumping.of(rules)) else "play.follow")]
    if rules.trump_kind == "none" and declarer_games(rules):  # the game declared decides the trumps (Skat)
        out = [clause("play.follow-bound")]
        out.append(clause("play.trump-declared"))
        out.extend(_raised_clauses(rules))
        out.append(clause("play.winner-trump"))
        out.append(clause("play.trumping-none"))
        return out
    if rules.trump_kind == "none":
        out.append(clause("play.no-trump"))
        out.append(clause("play.winner-no-trump"))
        return out
    if rules.trump_kind == "fixed":
        # with contracts of other trumps (Doppelkopf's solos), the fixed suit is the normal game's
        kind = "play.trump-fixed.normal" if contracts.active(contracts.of(rules)) else "play.trump-fixed"
        out.append(clause(kind, suit=cards(rules, (rules.deck.suits[rules.trump_suit or 0],), "plural")))
    elif rules.trump_kind == "upcard":
        out.append(clause("play.trump-upcard"))
    elif rules.trump_kind == "dealer-last-card":
        out.append(clause("play.trump-dealer-last-card"))
    else:
        out.append(clause("play.trump-bid"))
    out.append(clause("play.winner-trump"))
    trumps = ranks_by_strength(rules, trump=True)
    if rules.bowers:
        out.append(clause("play.bowers"))
        ranks = tuple(r for r in trumps if r != "J")
        out.append(clause("play.trump-order", ranks=Ranks(ranks, rules.deck.pack)))
    elif promoted.active(promoted.of(rules)):
        out.extend(_promoted_clauses(rules, trumps))
    elif trumps != ranks_by_strength(rules):
        out.append(clause("play.trump-rank-order", ranks=Ranks(trumps, rules.deck.pack)))
    return out + _trumping_clauses(rules)


def _raised_clauses(rules: Ruleset) -> list[Clause]:
    """The cards a declared game raises above its trump suit (Skat's jacks), named as the contracts list them,
    with the games that raise them and those that do not (null): they follow trumps, never their own suit."""
    kinds = contracts.of(rules).kinds
    raised = next((k.trumps for k in kinds if k.trumps and k.suit in rules.deck_suits), None)
    if not raised:
        return []
    suit_games = any(k.trumps == raised and k.suit in rules.deck_suits for k in kinds)
    alone = tuple(Contract(f"{contracts.SOLO} {k.id}") for k in kinds if k.trumps == raised and k.suit == "none")
    without = tuple(Contract(f"{contracts.SOLO} {k.id}") for k in kinds if not k.trumps)
    if not (suit_games and alone and without):  # said as cards raised above the trump suit in every game
        return [clause("play.promoted", cards=cards(rules, raised, "a"))]
    return [
        clause(
            "play.trump-declared-raised.games",
            len(raised),
            cards=cards(rules, raised, "a"),
            games=Parts(alone),
            others=Parts(without, "or"),
        )
    ]


def _promoted_clauses(rules: Ruleset, trumps: tuple[str, ...]) -> list[Clause]:
    """Cards promoted to trumps (:mod:`referee.mechanisms.promoted`): their order, the trump suit's own cards
    after them, and the order of the other suits without them."""
    raised = promoted.of(rules).cards
    pack = rules.deck.pack
    out = [clause("play.promoted", cards=cards(rules, raised, "a"))]
    # The trump suit's own cards after them (whichever suit is trump: a rank promoted in every suit,
    # as Skat's jacks, leaves it; one promoted in some suits only, as Doppelkopf's ♥10, stays).
    own = tuple(r for r in trumps if not all(r + s in raised for s in rules.deck.suits))
    out.append(clause("play.promoted-then", ranks=Ranks(own, pack)))
    # The other suits: their ranks without those promoted in every suit; a suit that lost a card more says so.
    plain = tuple(r for r in ranks_by_strength(rules) if not all(r + s in raised for s in rules.deck.suits))
    out.append(clause("play.promoted-plain", ranks=Ranks(plain, pack)))
    fixed = rules.deck.suits[rules.trump_suit] if rules.trump_kind == "fixed" and rules.trump_suit is not None else ""
    for suit in rules.deck_suits:
        lost = tuple(r + suit for r in plain if r + suit in raised)
        if suit != fixed and lost:
            left = tuple(r for r in plain if r + suit not in raised)
            out.append(
                clause(
                    "play.promoted-plain-short",
                    suit=cards(rules, (suit,), "plural"),
                    ranks=Ranks(left, pack),
                    cards=cards(rules, lost, "a"),
                )
            )
    dulle = promoted.of(rules).dulle
    if dulle:  # the highest of them named as its players name it, with the rule for its two copies
        out.append(clause("play.promoted-dulle", card=cards(rules, (dulle,), "a")))
    return out


def _trumping_clauses(rules: Ruleset) -> list[Clause]:
    """The trump duties (:mod:`referee.mechanisms.trumping`), from the settings, whatever the trump suit."""
    duties = trumping.of(rules)
    if not trumping.active(duties):
        return []
    partners = rules.teams_kind == "opposite"
    must = {
        "never": "play.trumping-free",
        "always": "play.trumping-must-partner" if partners else "play.trumping-must",
        "unless-partner-winning": "play.trumping-unless-partner",
    }
    out = [clause(must[duties.must_trump])]
    if duties.overtrump:
        out.append(clause("play.trumping-over-partner" if partners else "play.trumping-over"))
    if duties.undertrump == "only-with-nothing-else":
        out.append(clause("play.trumping-under-forbidden"))
    elif duties.must_trump == "always" and duties.overtrump:
        out.append(clause("play.trumping-under-forced"))
    return out


def _first_trick_clauses(rules: Ruleset, rule: PlayRule) -> list[Clause]:
    assert isinstance(rule, FirstTrickLimit)
    return [clause("play.first-trick", cards=cards(rules, patterns(rules, rule.forbid), "a", "or"))]


def _restriction_clauses(rules: Ruleset, rule: PlayRule) -> list[Clause]:
    assert isinstance(rule, LeadRestriction)
    r = rule.restriction
    out = [
        clause(
            "play.lead-restriction",
            cards=cards(rules, patterns(rules, r.cards), "plural"),
            breakers=cards(rules, patterns(rules, r.broken_by), "a", "or"),
        )
    ]
    if r.lift_if_only:
        out.append(
            clause(
                "play.lead-lift",
                cards=cards(rules, patterns(rules, r.cards), "plural"),
                others=cards(rules, patterns(rules, r.lift_if_only), "plural"),
            )
        )
    # cardgames.io, Hearts says outright that Q♠ may always be led and does
    # not break hearts; the Pagat-style rules for 3-7 players (the source of
    # hearts-classic) that it breaks them. State it for the costliest
    # scoring card the restriction leaves free.
    layout = rules.layout(rules.default_players)
    free = [c for c in layout.cards if layout.points[c] > 0 and not r.cards >> c & 1]
    if free:
        top = max(free, key=lambda c: layout.points[c])
        kind = "play.may-lead-breaks" if r.broken_by >> top & 1 else "play.may-lead-not-break"
        out.append(
            clause(
                kind,
                card=cards(rules, (rules.deck.codes[top],), "a"),
                cards=cards(rules, patterns(rules, r.cards), "plural"),
            )
        )
    return out


def _opening(rules: Ruleset, rule: PlayRule) -> list[Clause]:
    """The holder of the lowest card of a suit leads: which card, per number of players."""
    openers = {
        n: rules.deck.codes[lowest(rules.full_deck & ~rules.removed(n) & rules.deck.suit_masks[rules.opening_suit])]
        for n in rules.player_counts
    }
    usual = openers[rules.default_players]
    kind = {"that-card": "play.lead-card", "that-suit": "play.lead-card-suit", "any": "play.lead-card-any"}
    out = [clause(kind[rules.opening_must], card=cards(rules, (usual,), "a"))]
    for n, card in sorted(openers.items()):
        if card != usual:
            out.append(
                clause(
                    "play.lead-card-players",
                    n,
                    players=Number(n),
                    removed=cards(rules, (usual,), "a"),
                    card=cards(rules, (card,), "a"),
                )
            )
    return out


#: How the page states each rule of play (see each component's ``clause``), and in what order.
PLAY_CLAUSES: dict[str, Callable[[Ruleset, PlayRule], list[Clause]]] = {
    "play.lead-card": _opening,
    "play.follow": _follow_clauses,
    "play.first-trick": _first_trick_clauses,
    "play.lead-restriction": _restriction_clauses,
    # The trump duties are stated with following suit (_follow_clauses), from their settings: a trump
    # chosen in the bidding is not known when the page is made, and the duties hold for every trump.
    "play.trumping": lambda rules, rule: [],
}
PLAY_ORDER = tuple(PLAY_CLAUSES)


def _card_values(rules: Ruleset) -> list[tuple[str, int]]:
    """The single cards in play that score on their own, with their points (negative: a bonus)."""
    layout = rules.layout(rules.default_players)
    spec = rules.card_points.by_pattern
    out: list[tuple[str, int]] = []
    for key in sorted(spec, key=lambda k: (len(k), k)):
        value = spec[key]
        if len(key) > 1 and value and layout.deck & rules.deck.all_copies(1 << rules.deck.index[key]):
            out.append((key, face_value(rules.deck, rules.deck.index[key]) if value == "face" else int(value)))
    return out


def scoring(rules: Ruleset) -> list[Clause]:
    out: list[Clause] = []
    layout = rules.layout(rules.default_players)
    pen = penalty(rules)
    out.extend(_trump_values(rules) if rules.values_by_trump else _rank_points(rules))
    spec = rules.card_points.by_pattern
    face = "score.suit-face" if rules.deck.pack == "french" else f"score.suit-face.{rules.deck.pack}"
    for key in sorted(spec, key=lambda k: (len(k), k)):
        value = spec[key]
        if len(key) == 1:
            if value == "face":
                out.append(clause(face, suit=cards(rules, (key,), "each")))
            elif value:
                out.append(clause("score.suit", suit=cards(rules, (key,), "each"), points=Points(value, pen)))
    for key, points in _card_values(rules):
        kind = "score.card" if points > 0 else "score.card-bonus"
        out.append(clause(kind, card=cards(rules, (key,), "a"), points=Points(abs(points), pen)))
    bonus = last_trick.of(rules).points
    if bonus:
        out.append(clause("score.last-trick", points=Points(bonus, pen)))
    total = sum(layout.points) + rules.deal_extra()
    if total and not rules.trick_rows:
        out.append(clause("score.total", total, points=Points(total, pen, eyes(rules))))
    out.extend(_roem(rules))
    sweep = all_tricks.of(rules).points
    if sweep:
        kind = "score.all-tricks.teams" if rules.score_teams == "shared" else "score.all-tricks"
        out.append(clause(kind, points=Points(sweep)))
    out.extend(_party_game(rules))
    out.extend(_game_value(rules))
    need = card_contract.of(rules).makers_need
    if need != "none":
        out.append(clause(f"score.makers-need.{need}"))
        out.append(clause("score.makers-fail"))
    out.extend(_moon(rules))
    if rules.no_tricks_bonus:
        out.append(clause("score.no-tricks", points=Points(rules.no_tricks_bonus, pen)))
    if rules.trick_rows:
        out.append(clause("score.table"))
    if rules.score_teams == "shared" and not rules.trick_rows:
        out.append(clause("score.teams-shared"))
    if rules.score_teams == "summed":
        out.append(clause("score.teams-summed"))
    out.extend(_bid_scoring(rules))
    settings = book.of(rules)
    if settings.tricks is not None:
        kind = "score.book.teams" if rules.score_teams != "individual" else "score.book"
        out.append(clause(kind, book=Number(settings.tricks), points=Points(settings.points)))
    out.extend(_revoke_penalty(rules))
    return out


def _revoke_penalty(rules: Ruleset) -> list[Clause]:
    """What a confirmed revoke costs (:mod:`referee.mechanisms.revoke_penalty`); without a penalty, that the table
    settles it, rather than leave a breach looking free."""
    settings = revoke_penalty.of(rules)
    if settings.kind == "points":
        kind = "score.revoke-opponents" if settings.to == "opponents" else "score.revoke-offender"
        if settings.alone_points is not None:  # another number in a deal played alone (Euchre's lone hand)
            return [
                clause(
                    kind + "-alone",
                    settings.points,
                    points=Number(settings.points),
                    alone=Number(settings.alone_points),
                )
            ]
        return [clause(kind, settings.points, points=Number(settings.points))]
    if settings.kind == "fine":  # the deal not played, the offender fined: said in one sentence a setting
        out = [clause("score.revoke-fine", settings.fine, points=Number(settings.fine))]
        if settings.fine_per_step:
            out.append(clause("score.revoke-fine-step", settings.fine_per_step, points=Number(settings.fine_per_step)))
        if settings.fine_decided is not None:
            out.append(clause("score.revoke-fine-decided", settings.fine_decided, points=Number(settings.fine_decided)))
        return out
    return [clause({"all": "score.revoke-all", "lost": "score.revoke-lost"}.get(settings.kind, "score.revoke-table"))]


def _rank_points(rules: Ruleset) -> list[Clause]:
    """``scoring.rank_points``: every rank with its points in one list, from the highest in a trick, the
    ranks worth nothing too ("ace 11, ten 10, king 4, queen 3, jack 2, nine 0")."""
    by_rank = {_pack_rank(r): v for r, v in rules.card_points.by_rank.items()}
    values = {rank: by_rank.get(rank, 0) for rank in ranks_by_strength(rules)}
    if not any(values.values()):
        return []
    if list(values.values()).count(0) == 1:  # one rank worth nothing is named (Doppelkopf's nine 0)
        return [clause("score.rank-values", values=_values_list(rules, values, zeros=True))]
    return [clause("score.rank-values.others", values=_values_list(rules, values))]


def _values_list(rules: Ruleset, values: dict[str, int], zeros: bool = False, trump: bool = False) -> Parts:
    """Ranks with their points, from the highest in a trick, as one list ("ace 11, ten 10, ..."); with
    ``zeros``, the ranks worth nothing as well; ``trump``: of the trump suit, named as such (Dutch "jas")."""
    pack = rules.deck.pack
    return Parts(
        tuple(
            clause("part.rank-value", rank=Ranks((rank,), pack, trump=trump), points=Number(value))
            for rank, value in values.items()
            if value or zeros
        )
    )


def _trump_values(rules: Ruleset) -> list[Clause]:
    """What the cards are worth outside the trump suit and in it (``scoring.trump_points``)."""
    by_rank = {_pack_rank(r): v for r, v in rules.card_points.by_rank.items()}
    plain = {r: by_rank.get(r, 0) for r in ranks_by_strength(rules)}
    trumps = trump_points.trump_values(trump_points.of(rules), rules)
    in_trump = {r: trumps[r] for r in ranks_by_strength(rules, trump=True)}
    return [
        clause("score.plain-values", values=_values_list(rules, plain)),
        clause("score.trump-values", values=_values_list(rules, in_trump, trump=True)),
    ]


def _party_game(rules: Ruleset) -> list[Clause]:
    """Two parties playing for the card points, and the game value (:mod:`referee.mechanisms.party_game`)."""
    settings = party_game.of(rules)
    if not party_game.active(settings):
        return []
    total = settings.points
    out = [clause("score.party-need", re=Number(total // 2 + 1), kontra=Number(total // 2))]
    spoken = announcements.of(rules)
    steps = len(spoken.steps) if announcements.active(spoken) else 0
    if steps:
        out.append(clause("score.party-need-kontra", re=Number(total // 2 + 1), kontra=Number(total // 2)))
        needs = tuple(
            clause("part.party-step-need", word=Said(word), need=Number(own), against=Number(other))
            if own >= 0
            else clause("part.party-step-need.every-trick", word=Said(word))
            for word, own, other in zip(
                announcements.STEP_WORDS[:steps], party_game.OWN_NEED, party_game.AGAINST_NEED, strict=False
            )
        )
        out.append(clause("score.party-need-steps", needs=Parts(needs)))
        out.append(clause("score.party-nobody"))
    out.append(clause("score.party-value"))
    if announcements.active(spoken):
        out.append(clause("score.party-value-announced"))
    if steps:
        reached = tuple(
            clause("part.party-reached", word=Said(word), points=Number(points))
            for word, points in zip(announcements.STEP_WORDS[:steps], party_game.REACHED, strict=False)
        )
        out.append(clause("score.party-value-reached", reached=Parts(reached)))
    out.append(clause("score.party-against"))
    extras: list[Clause] = []
    if settings.fox:
        extras.append(clause("part.extra-fox", card=cards(rules, (settings.fox,))))
    if settings.charlie:
        extras.append(clause("part.extra-charlie", card=cards(rules, (settings.charlie,))))
    if settings.big_trick:
        extras.append(clause("part.extra-big", points=Points(settings.big_trick, eyes=eyes(rules))))
    if extras:
        out.append(clause("score.party-extras", extras=Parts(tuple(extras))))
    out.append(clause("score.party-scores"))
    if steps:  # with announcements' targets both parties can miss (TSR 7.1.3)
        out.append(clause("score.party-nobody-value"))
    if rules.deck.copies == 2:
        out.append(clause("score.party-alone"))
    return out


def _game_value(rules: Ruleset) -> list[Clause]:
    """The declarer's game value (:mod:`referee.mechanisms.game_value`): what wins, the base values, the
    multiplier and its matadors, the fixed values, a game lost, an overbid game."""
    settings = game_value.of(rules)
    if not game_value.active(settings):
        return []
    kinds = contracts.of(rules)
    skat = talon.of(rules)
    out = [
        clause(
            "score.gv-need.talon" if talon.active(skat) else "score.gv-need",
            need=Points(settings.need, eyes=True),
            short=Points(settings.need - 1, eyes=True),
        )
    ]
    out.append(clause("score.gv-schneider", settings.schneider, points=Number(settings.schneider)))
    if settings.base:
        out.append(clause("score.gv-value"))
        bases = tuple(
            clause("part.game-value", game=Contract(word), value=Number(value))
            for word, value in base_values(rules, settings)
        )
        out.append(clause("score.gv-bases", values=Parts(bases)))
        hand = talon.active(skat) and skat.hand
        out.append(clause("score.gv-multiplier.hand" if hand else "score.gv-multiplier"))
        if kinds.levels:
            out.append(clause("score.gv-announced"))
        out.append(clause("score.gv-matadors.talon" if talon.active(skat) else "score.gv-matadors"))
        for held, missing, line in matador_examples(rules):
            kind = "score.gv-example-with" if line.matadors > 0 else "score.gv-example-without"
            out.append(
                clause(
                    kind,
                    abs(line.matadors),
                    held=cards(rules, held, "a"),
                    missing=cards(rules, missing, "a"),
                    count=Number(abs(line.matadors)),
                    line=line,
                )
            )
    if settings.fixed:
        fixed = tuple(
            clause("part.game-value", game=Contract(word), value=Number(value))
            for word, value in fixed_values(rules, settings)
        )
        out.append(clause("score.gv-fixed", values=Parts(fixed)))
    if settings.lost == 2:
        out.append(clause("score.gv-won.double"))
    else:
        out.append(clause("score.gv-won", settings.lost, times=Number(settings.lost)))
    if settings.base:
        out.append(clause("score.gv-lost-levels", points=Points(settings.schneider, eyes=True)))
        out.append(clause("score.gv-overbid"))
    seeger = {
        "won": Number(game_value.SEEGER_WON),
        "three": Number(game_value.SEEGER_OTHERS[3]),
        "four": Number(game_value.SEEGER_OTHERS[4]),
    }
    if settings.list == "seeger-fabian":
        out.append(clause("score.gv-seeger-fabian", **seeger))
    elif set(rules.player_counts) <= set(game_value.SEEGER_OTHERS):  # the list a club may keep instead
        out.append(clause("score.gv-seeger-fabian.house", **seeger))
    return out


def base_values(rules: Ruleset, settings: game_value.GameValue) -> list[tuple[str, int]]:
    """The base values as (a contract's word, value), from the lowest: a suit game by its suit's contract."""
    out: list[tuple[str, int]] = []
    for kind in contracts.of(rules).kinds:
        value = settings.base.get(kind.id) or settings.base.get(kind.suit, 0)
        if value and kind.goal == "tricks":
            out.append((f"{contracts.SOLO} {kind.id}", value))
    return sorted(out, key=lambda item: item[1])


def fixed_values(rules: Ruleset, settings: game_value.GameValue) -> list[tuple[str, int]]:
    """The fixed values as (a contract's word, value): each contract, then as a hand game."""
    out: list[tuple[str, int]] = []
    hand = talon.of(rules).hand
    for kind in contracts.of(rules).kinds:
        if kind.id in settings.fixed:
            plain, in_hand = settings.fixed[kind.id]
            word = f"{contracts.SOLO} {kind.id}"
            out.append((word, plain))
            if hand:
                out.append((f"{word} {talon.HAND}", in_hand))
    return sorted(out, key=lambda item: item[1])


def _roem(rules: Ruleset) -> list[Clause]:
    """``scoring.roem``: what a trick may hold besides its cards' points, and who scores it."""
    settings = roem.of(rules)
    if not roem.active(settings):
        return []
    out = [clause("score.roem")]
    for length, value in sorted(settings.runs.items()):
        out.append(clause("score.roem-run", length, count=Number(length), points=Points(value, roem=True)))
    if settings.runs:
        out.append(clause("score.roem-order", ranks=Ranks(ranks_in_play(rules), rules.deck.pack)))
    if settings.trump_king_queen:
        out.append(clause("score.roem-stuk", points=Points(settings.trump_king_queen, roem=True)))
    fours: dict[int, list[str]] = {}
    for rank in ranks_by_strength(rules):
        if settings.four_of_a_kind.get(rank):
            fours.setdefault(settings.four_of_a_kind[rank], []).append(rank)
    for value, ranks in sorted(fours.items(), key=lambda kv: -kv[0]):
        out.append(
            clause("score.roem-four", ranks=Ranks(tuple(ranks), rules.deck.pack, "or"), points=Points(value, roem=True))
        )
    out.append(clause("score.roem-winner"))
    return out


CONTRACT_PARTS = ("per_bid", "per_trick", "per_overtrick", "per_trick_off")


def contract_parts(points: ContractPoints) -> Parts:
    """Every non-zero component of a contract's points, as phrases ("nothing" when all are zero)."""
    items: list[Any] = [Points(points.base)] if points.base else []
    for name in CONTRACT_PARTS:
        value = getattr(points, name)
        if value:
            items.append(clause("part." + name.replace("_", "-"), points=Points(value)))
    return Parts(tuple(items) or (clause("part.nothing"),))


def _bid_scoring(rules: Ruleset) -> list[Clause]:
    scoring = rules.bid_scoring
    if scoring is None:
        return []
    out = [clause("score.made-exactly" if scoring.exactly else "score.made-at-least")]
    out.append(clause("score.made-points", points=contract_parts(scoring.made)))
    out.append(clause("score.set-points", points=contract_parts(scoring.set)))
    spec = rules.trick_round
    if spec is None:  # an auctioned contract is the only bid
        return out
    if spec.nil:
        out.append(clause("score.nil", made=Points(scoring.nil_made), set=Points(scoring.nil_set)))
    if spec.blind_nil:
        out.append(clause("score.blind-nil", made=Points(scoring.blind_made), set=Points(scoring.blind_set)))
    if spec.nil or spec.blind_nil:
        # What a nil bidder's tricks do: for the partner's bid, and as overtricks.
        teams = rules.score_teams == "shared"
        overtricks = bags.counts(rules) or bool(scoring.made.per_overtrick)
        mode = scoring.nil_tricks
        if mode == "bags" and not overtricks:
            mode = "ignored"
        if teams or (overtricks and mode != "contract"):
            out.append(clause(f"score.nil-tricks-{mode}" + (".teams" if teams else "")))
    counted = bags.of(rules)
    if bags.active(counted):
        out.append(clause("score.bags", counted.every, every=Number(counted.every), points=Points(counted.points)))
        if counted.from_score:
            out.append(clause("score.bags-from-score"))
    return out


def _moon(rules: Ruleset) -> list[Clause]:
    settings = moon.of(rules)
    kind = settings.kind
    if kind == "none":
        # Said only where the points are penalties: where they are prizes, nobody expects a moon.
        return [clause("moon.none")] if penalty(rules) else []
    pen = penalty(rules)
    aim = moon.target(rules)
    worth = aim.value
    out = [clause("moon.condition", cards=cards(rules, patterns(rules, aim.cards), "all"))]
    # The moon cancels only the shooter's penalty points (referee.mechanisms.moon): a bonus card
    # taken still counts, so "the shooter scores nothing" is said only where there is no bonus card.
    bonus = [(key, -value) for key, value in _card_values(rules) if value < 0]
    suffix = ".bonus" if bonus and kind in ("old", "mixed") else ""
    if kind == "new":
        out.append(clause("moon.new", points=Points(-worth, pen)))
    elif kind == "positive":  # points the shooter gains, whichever way the cards count
        out.append(clause("moon.positive", points=Points(worth)))
    elif kind in ("mixed", "choose"):
        out.append(clause(f"moon.{kind}{suffix}", points=Points(worth, pen), minus=Points(-worth, pen)))
    else:
        out.append(clause(f"moon.{kind}{suffix}", points=Points(worth, pen)))
    for key, value in bonus:
        out.append(clause("moon.bonus-kept", card=cards(rules, (key,), "a"), points=Points(value, pen)))
    if settings.partner == "exempt":
        out.append(clause("moon.partner-exempt"))
    return out


def end(rules: Ruleset) -> list[Clause]:
    out: list[Clause] = []
    teams = rules.score_teams != "individual"
    if rules.count_sign < 0:
        out.append(clause("end.count-down", rules.start, start=Number(rules.start)))
    elif rules.start:
        out.append(clause("end.start", rules.start, start=Number(rules.start)))
    if rules.target is not None:
        kind = "end.target-down" if rules.count_sign < 0 else "end.target"
        if teams and rules.score_teams == "shared":
            kind += ".teams"
        if rules.count_sign < 0:  # a score falling to a number of points
            out.append(clause(kind, rules.target, target=Number(rules.target)))
        else:  # points gathered: penalty points where the cards are penalties
            out.append(clause(kind, target=Points(rules.target, penalty(rules))))
    if rules.floor is not None:
        kind = "end.floor.teams" if teams and rules.score_teams == "shared" else "end.floor"
        out.append(clause(kind, floor=Points(rules.floor)))
    if rules.max_deals is not None:
        duty = compulsory_solo.of(rules)
        again = compulsory_solo.active(duty) and duty.extra_deal  # each compulsory solo's deal dealt again
        kind = "compulsory.game-deals" if again else "end.deals"
        out.append(clause(kind, rules.max_deals, deals=Number(rules.max_deals)))
        if rules.thrown_in_counts:  # Skat's "eingepasst": a deal nobody played is one of the series
            out.append(clause("end.thrown-in-counts"))
    scheduled = bool(rules.schedule)
    if scheduled and all(len(sizes) == 1 for sizes, _ in schedules(rules)):
        out.append(clause("end.deals", 1, deals=Number(1)))
    elif scheduled:
        out.append(clause("end.schedule"))
    suffix = ".teams" if teams else ""
    out.append(clause(f"end.winner-{rules.winner_kind}{suffix}"))
    # At the schedule's end the game is over whatever the scores: a tie is shared.
    ties = "shared" if scheduled and rules.target is None and rules.floor is None else rules.ties
    out.append(clause(f"end.ties-{ties}{suffix}"))
    return out


BUILDERS = {
    "overview": overview,
    "deal": deal,
    "passing": passing,
    "bidding": bidding,
    "play": play,
    "scoring": scoring,
    "end": end,
}


def sections(rules: Ruleset) -> list[Section]:
    """The rule page's sections, in order, leaving out empty ones."""
    out = []
    for key in SECTION_KEYS:
        clauses = tuple(BUILDERS[key](rules))
        if clauses:
            out.append(Section(key, clauses))
    return out


def differences(rules: Ruleset, base: Ruleset) -> tuple[list[Clause], list[Clause]]:
    """Clauses this ruleset adds or changes, and the base's clauses that no longer hold."""
    mine = [c for s in sections(rules) for c in s.clauses]
    theirs = [c for s in sections(base) for c in s.clauses]
    added = [c for c in mine if c not in theirs]
    dropped = [c for c in theirs if c not in mine]
    return added, dropped


def trick_table_rows(rules: Ruleset) -> list[Clause]:
    """The rows of a makers/defenders table, as clauses (result, points)."""
    rows = []
    for row in rules.trick_rows:
        won = tuple(sorted(row.won))
        who: str = row.side
        if row.alone:
            who += "-alone"
        if row.lone_defender:
            who += "-lone-defender"
        rows.append(clause(f"table.{who}", max(won), tricks=Numbers(won)))
    return rows


def trick_table_points(rules: Ruleset) -> list[Clause]:
    return [clause(f"table.points-{row.side}", row.points, points=Number(row.points)) for row in rules.trick_rows]
