"""Scoring a deal from its bids and tricks: contracts and nil; bags and the book through their components.

These steps need only numbers: what each seat bid, how many tricks each took,
and the overtricks carried over from earlier deals. So the engine scores a
played deal with them, and a table that enters only each deal's result (the
kiosk's quick score) is scored by exactly the same code.

A *side* is a partnership when partners score together (``scoring.teams:
shared``), else a single seat. Sides are numbered by ``sides[seat]``.

A played deal is scored here too (:func:`score_played`, :func:`record`): the
module reads the deal through :class:`Played` and changes none of it; the deal
stores what it returns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Protocol

from .bidding import NIL_BID, NOT_NIL
from .cards import cards_in
from .phases.bidding import value_bid
from .phases.discarding import TalonCards, talon_cards

if TYPE_CHECKING:  # tables.py imports this module
    from .engine import Deal
    from .tables import Layout, Plan, TrickRow


def side_count(sides: tuple[int, ...]) -> int:
    """How many sides there are (sides are numbered from 0)."""
    top = 0
    for side in sides:  # not max(): a loop compiles to plain C
        if side > top:
            top = side
    return top + 1


@dataclass(frozen=True)
class ContractPoints:
    """``base`` plus each count times its points (see the schema's ``contract_points``, which gives the defaults)."""

    base: int
    per_bid: int
    per_trick: int
    per_overtrick: int
    per_trick_off: int

    def of(self, bid: int, tricks: int) -> int:
        over = tricks - bid
        return (
            self.base
            + self.per_bid * bid
            + self.per_trick * tricks
            + self.per_overtrick * max(over, 0)
            + self.per_trick_off * abs(over)
        )


class Overtricks:
    """What a side's overtricks do from deal to deal: here nothing (none counted, the count carried as it came).

    The bags (:class:`referee.mechanisms.bags.Bags`, put on the bid scoring when the ruleset compiles) subclass
    it, so that this module, below the mechanisms in the engine's imports, imports none. Asked once per side and
    deal, with ints: ``add`` returns a pair, a C struct in the compiled build, not an object.
    """

    def __init__(self) -> None:
        self.every = 0  # how many overtricks cost ``points`` (0: not counted)
        self.points = 0
        self.from_score = False  # the count carried in is the last digit of the side's score

    def count(self, carried: int) -> int:
        """The side's count going into the deal, from what it carried (its score, where ``from_score``)."""
        return carried

    def add(self, bags: int, over: int) -> tuple[int, int]:
        """``(points, count left)`` once a side with ``bags`` takes ``over`` overtricks more."""
        return 0, bags


#: The overtricks of a ruleset that does not count them.
NO_OVERTRICKS: Final = Overtricks()


class TricksOver:
    """What a side scores for its tricks in a deal beyond a book: here nothing (``on`` False: no book).

    The book (:class:`referee.mechanisms.book.Book`, put on the plan when the ruleset compiles) subclasses it.
    """

    def __init__(self) -> None:
        self.on = False

    def points(self, tricks: int) -> int:
        """A side's points for taking ``tricks`` tricks."""
        return 0


#: The plan's book where there is none.
NO_BOOK: Final = TricksOver()


@dataclass(frozen=True)
class BidScoring:
    """The compiled ``scoring.contract`` and ``scoring.nil`` blocks, and the bags' component."""

    exactly: bool
    made: ContractPoints
    set: ContractPoints
    nil_made: int
    nil_set: int
    blind_made: int
    blind_set: int
    nil_tricks: str  # what a failed nil's tricks do for the partner: "bags", "contract" or "ignored"
    bags: Overtricks  # what overtricks do from deal to deal (referee.mechanisms.bags)

    def is_made(self, bid: int, tricks: int) -> bool:
        return tricks == bid if self.exactly else tricks >= bid


class Taken:
    """What a played deal gives the scoring steps: who took which cards and tricks, and who chose trump.

    A plain class made once per deal (see :class:`SideResult` for why not a dataclass). ``plays``
    holds the finished tricks' ``(seat, card)`` pairs in play order, ``size`` cards a trick, and
    ``winners`` each trick's winner; a claim's cards are in ``won`` but in no trick.
    """

    __slots__ = (
        "active",
        "before_settling",
        "choice",
        "declared",
        "holding",
        "last",
        "maker",
        "plays",
        "points",
        "said",
        "scoring_cards",
        "shooter",
        "size",
        "teams",
        "tricks_won",
        "trump",
        "winners",
        "won",
    )

    def __init__(
        self,
        won: list[int],
        tricks_won: list[int],
        points: tuple[int, ...],
        scoring_cards: int,
        teams: tuple[int, ...],
        maker: int = -1,
        last: int = -1,
        trump: int = -1,
        plays: list[tuple[int, int]] | None = None,
        winners: list[int] | None = None,
        size: int = 0,
        said: list[tuple[int, int, str, int]] | None = None,
    ) -> None:
        self.won = won  # per seat: the mask of the cards it took
        self.tricks_won = tricks_won  # per seat: how many tricks it took
        self.points = points  # per card: what it is worth in this deal (see referee.tables.DealSetup)
        self.scoring_cards = scoring_cards  # the mask of the cards worth something
        self.teams = teams  # per seat: its partnership (each seat its own without partners)
        self.maker = maker  # the seat that chose trump or the contract, -1: none
        self.last = last  # the seat that took the last trick, -1: nobody (the deal ended early)
        self.trump = trump  # the trump suit, -1: none
        self.plays = plays if plays is not None else []
        self.winners = winners if winners is not None else []
        self.size = size
        #: what was announced during play: (seat, party, word, cards held then); see mechanisms.announcements
        self.said = said if said is not None else []
        #: per seat, its side's points just before the settle step (a contract weighing the sides); [] if none
        self.before_settling: list[int] = []
        #: a contract declared (mechanisms.contracts): its index, whether a hand game, the level announced and
        #: the value bid; None: none
        self.declared: tuple[int, bool, str, int] | None = None
        #: the declarer's cards with the talon (their matadors; mechanisms.game_value); 0 without a contract
        self.holding = 0
        #: how the player who shot the moon chose to score it ("" until they chose; mechanisms.moon)
        self.choice = ""
        #: the seat that shot the moon, -1: nobody (set by mechanisms.moon's scorer; no bonus for no tricks then)
        self.shooter = -1
        #: the seats in the deal, in seat order (set by score_deal): not a dealer who sits out, nor a lone
        #: player's partner; a mechanism that pays "each other player" pays these only
        self.active: list[int] = list(range(len(won)))


class DealScorer:
    """What a mechanism adds to a played deal's points (see :mod:`referee.mechanisms`); the base adds nothing.

    ``add`` runs right after the cards are counted, per seat, so partners share what it
    adds and the bids are scored on top. ``settle`` runs once partners have shared (each
    seat then holds its side's points): there a mechanism may weigh one side against the
    other, as a card-point contract does. ``settles`` says whether it has that step.
    """

    settles = False

    def add(self, raw: list[int], taken: Taken) -> None:
        return

    def settle(self, points: list[int], taken: Taken) -> None:
        return


class SideResult:
    """How one side's bid came out: what the page and the kiosk explain.

    Read-only by convention. A plain class, not a dataclass: it is made once
    per side and deal on the engine's hot path, where a dataclass's
    generated ``__init__`` runs as interpreted Python even in the compiled build.
    """

    __slots__ = ("bag_points", "bags", "bid", "contract", "made", "nil", "side", "tricks")

    def __init__(
        self, side: int, bid: int, tricks: int, made: bool, contract: int, nil: int, bag_points: int, bags: int
    ) -> None:
        self.side = side
        self.bid = bid  # the side's bid, nil bids aside (-1: only nil bids)
        self.tricks = tricks  # tricks taken towards it
        self.made = made
        self.contract = contract  # points for the bid
        self.nil = nil  # points for nil bids
        self.bag_points = bag_points  # points for overtricks reaching the limit
        self.bags = bags  # overtricks carried to the next deal

    def _fields(self) -> tuple[int, int, int, bool, int, int, int, int]:
        return (self.side, self.bid, self.tricks, self.made, self.contract, self.nil, self.bag_points, self.bags)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SideResult) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        names = ("side", "bid", "tricks", "made", "contract", "nil", "bag_points", "bags")
        return "SideResult(" + ", ".join(f"{k}={v!r}" for k, v in zip(names, self._fields(), strict=True)) + ")"

    @property
    def points(self) -> int:
        return self.contract + self.nil + self.bag_points


def score_bids(
    rules: BidScoring,
    sides: tuple[int, ...],
    bids: list[int],
    nils: list[int],
    tricks: list[int],
    bags_before: list[int],
) -> list[SideResult]:
    """Each side's result, in side order, from per-seat bids, nil kinds and tricks.

    ``bags_before[side]`` is the side's overtrick count before this deal (where
    the bags are read from the score: the side's score, whose last digit is the count).
    """
    count = side_count(sides)
    overtricks = rules.bags
    out = []
    for side in range(count):
        bid = 0
        taken = 0
        nil_points = 0
        nil_tricks = 0
        bidders = 0
        for seat, s in enumerate(sides):
            if s != side:
                continue
            kind = nils[seat]
            if kind == NOT_NIL:
                taken += tricks[seat]
                if bids[seat] >= 0:  # an auction's declarer bids for the side; the partner does not
                    bid += bids[seat]
                    bidders += 1
            else:
                if kind == NIL_BID:
                    nil_points += rules.nil_made if tricks[seat] == 0 else rules.nil_set
                else:
                    nil_points += rules.blind_made if tricks[seat] == 0 else rules.blind_set
                if rules.nil_tricks == "contract":
                    taken += tricks[seat]
                else:
                    nil_tricks += tricks[seat]
        bags = overtricks.count(bags_before[side] if side < len(bags_before) else 0)
        if bidders or rules.nil_tricks == "contract":
            made = rules.is_made(bid, taken)
            contract = (rules.made if made else rules.set).of(bid, taken)
            over = max(taken - bid, 0) if made else 0
        else:  # every member bid nil: no contract to make or miss
            made, contract, over = True, 0, 0
            bid = -1
        if rules.nil_tricks == "bags" and made and nil_tricks:
            # A failed nil's tricks do not make the partner's bid, but once it
            # is made they are overtricks like any other.
            over += nil_tricks
            contract += rules.made.per_overtrick * nil_tricks
        bag_points, bags = overtricks.add(bags, over)
        out.append(SideResult(side, bid, taken, made, contract, nil_points, bag_points, bags))
    return out


def carried_bags(
    sides: tuple[int, ...], bags_before: Sequence[int] | None, scores_before: Sequence[int] | None, from_score: bool
) -> list[int]:
    """What each side carries into a deal, from per-seat records: its overtricks, or
    (``from_score``) its score, whose last digit :func:`score_bids` reads as the count."""
    out = [0] * side_count(sides)
    for seat, side in enumerate(sides):
        if from_score and scores_before is not None:
            out[side] = scores_before[seat]
        elif bags_before is not None:
            out[side] = bags_before[seat]
    return out


def side_steps(
    rules: BidScoring | None,
    book: TricksOver,
    sides: tuple[int, ...],
    bids: list[int],
    nils: list[int],
    tricks: list[int],
    carried: list[int],
) -> tuple[list[int], list[SideResult]]:
    """The points per seat of the steps scored by side (bids, then the book where ``book.on``).

    Every seat of a side gets the side's points. This is the one place a
    played deal and a deal entered as bids and tricks are scored.
    """
    n = len(sides)
    points = [0] * n
    results: list[SideResult] = []
    if rules is not None:
        results = score_bids(rules, sides, bids, nils, tricks, carried)
        for s in range(n):
            # Set, not +=: compiled, an augmented assignment to a list item is a generic Python operation.
            points[s] = results[sides[s]].points
    if book.on:
        for s in range(n):
            side = sides[s]
            taken = 0  # the side's tricks, added up per seat: no list made
            for seat in range(n):
                if sides[seat] == side:
                    taken += tricks[seat]
            points[s] = points[s] + book.points(taken)
    return points, results


# -- the steps of a deal's score -------------------------------------------------------
#
# A ruleset compiles to the list of steps its deals are scored by
# (``Plan.steps``); :func:`score_deal` runs them in order on what was taken.


def card_points(won: list[int], scoring_cards: int, points: tuple[int, ...]) -> list[int]:
    """Step ``cards``: the points of the cards each seat took."""
    out = []
    for mask in won:
        total = 0
        mask &= scoring_cards
        while mask:
            low = mask & -mask
            total += points[low.bit_length() - 1]
            mask ^= low
        out.append(total)
    return out


def no_trick_bonus(raw: list[int], bonus: int, tricks_won: list[int], active: list[int]) -> None:
    """Step ``no-tricks``: ``bonus`` to each playing seat that took no trick."""
    for seat in active:
        if tricks_won[seat] == 0:
            raw[seat] += bonus


def trick_table(
    rows: tuple[TrickRow, ...],
    teams: tuple[int, ...],
    maker: int,
    alone: bool,
    lone_defender: bool,
    tricks_won: list[int],
    memo: dict[int, int] | None = None,
) -> list[int]:
    """Step ``table`` (Euchre): the makers' and the defenders' points from the first row that matches each.

    Every seat of a side gets the side's points; no maker (a redeal) scores nothing.
    """
    n = len(teams)
    out = [0] * n
    if maker < 0:
        return out
    makers = teams[maker]
    made = total = 0
    for s in range(n):  # loops, not sum() over generators: this runs once a deal
        total += tricks_won[s]
        if teams[s] == makers:
            made += tricks_won[s]
    ours = _row_points(rows, 0, made, alone, lone_defender, memo)
    theirs = _row_points(rows, 1, total - made, alone, lone_defender, memo)
    for s in range(n):
        out[s] = ours if teams[s] == makers else theirs
    return out


def _row_points(
    rows: tuple[TrickRow, ...], side: int, count: int, alone: bool, lone_defender: bool, memo: dict[int, int] | None
) -> int:
    """The points of the first row for ``side`` (0: the makers, 1: the defenders) taking ``count`` tricks that
    fits how the deal was played, 0 where none fits; kept in ``memo`` (the plan's, made once per ruleset) so
    that a deal looks them up instead of searching the rows."""
    key = ((count * 2 + side) * 2 + alone) * 2 + lone_defender
    if memo is not None:
        points = memo.get(key, -1)
        if points >= 0 or key in memo:
            return points
    row = _table_row(rows, "defenders" if side else "makers", count, alone, lone_defender)
    points = row.points if row is not None else 0
    if memo is not None:
        memo[key] = points
    return points


def _table_row(rows: tuple[TrickRow, ...], side: str, count: int, alone: bool, lone_defender: bool) -> TrickRow | None:
    """The first row for ``side`` taking ``count`` tricks that fits how the deal was played, or None."""
    for row in rows:
        if row.side != side or count not in row.won:
            continue
        if row.alone is not None and row.alone != alone:
            continue
        if row.lone_defender is not None and row.lone_defender != lone_defender:
            continue
        return row
    return None


def share_by_team(raw: list[int], teams: tuple[int, ...]) -> list[int]:
    """Step ``teams``: partners who score together each get their team's total."""
    totals: dict[int, int] = {}
    for seat, points in enumerate(raw):
        totals[teams[seat]] = totals.get(teams[seat], 0) + points
    return [totals[teams[seat]] for seat in range(len(raw))]


def score_deal(
    plan: Plan,
    layout: Layout,
    taken: Taken,
    alone: bool,
    lone_defender: bool,
    sides: tuple[int, ...],
    bids: list[int],
    nils: list[int],
    carried: list[int],
    active: list[int],
    choice: str,
) -> tuple[list[int], int, list[SideResult]]:
    """Run the ruleset's scoring steps (``plan.steps``, chosen when it compiled) on a played deal.

    ``taken``: what each seat took, and who chose trump; ``carried``: each side's
    overtricks before the deal (:func:`carried_bags`); ``choice``: how the moon's
    shooter chose to score it, "" until they chose. Returns the points per seat,
    the moon's shooter (-1: none) and how each side's bid came out.
    """
    won, tricks_won, maker = taken.won, taken.tricks_won, taken.maker
    raw = [0] * len(won)
    taken.choice = choice
    if active:  # (an empty list: the deal did not work it out, as no step reads it; every seat is in)
        taken.active = active
    results: list[SideResult] = []
    for step in plan.steps:
        if step == "cards":
            raw = card_points(won, taken.scoring_cards, taken.points)
        elif step == "mechanisms":
            for scorer in plan.scorers:
                scorer.add(raw, taken)
        elif step == "no-tricks":
            if taken.shooter < 0:
                no_trick_bonus(raw, plan.no_tricks_bonus, tricks_won, active)
        elif step == "table":
            raw = trick_table(plan.trick_rows, taken.teams, maker, alone, lone_defender, tricks_won, plan.table_points)
        elif step == "teams":
            raw = share_by_team(raw, taken.teams)
        elif step == "settle":  # the mechanisms that weigh one side's points against the other's
            taken.before_settling = list(raw)
            for scorer in plan.scorers:
                if scorer.settles:
                    scorer.settle(raw, taken)
        elif step == "sides":  # bids and the book, scored by side
            side, results = side_steps(plan.bid_scoring, plan.book, sides, bids, nils, tricks_won, carried)
            for s in range(len(raw)):
                raw[s] = raw[s] + side[s]  # not +=: see side_steps
    return raw, taken.shooter, results


# -- a played deal ----------------------------------------------------------------------------------------

#: An argument a scoring step does not read (never changed).
_UNUSED: Final[list[int]] = []


class Played(TalonCards, Protocol):
    """What scoring a played deal reads of it (read-only; the talon's cards count for the declarer)."""

    @property
    def trump(self) -> int | None: ...
    @property
    def alone(self) -> bool: ...
    @property
    def lone_defender(self) -> int | None: ...
    @property
    def teams(self) -> tuple[int, ...]: ...
    @property
    def sides(self) -> tuple[int, ...]: ...
    @property
    def bids(self) -> list[int]: ...
    @property
    def nils(self) -> list[int]: ...
    @property
    def bags_before(self) -> Sequence[int]: ...
    @property
    def scores_before(self) -> Sequence[int] | None: ...
    @property
    def results(self) -> list[SideResult]: ...
    @property
    def card_values(self) -> tuple[int, ...]: ...
    @property
    def tricks_won(self) -> list[int]: ...
    @property
    def claimed_by(self) -> int | None: ...
    @property
    def said(self) -> list[tuple[int, int, str, int]]: ...
    @property
    def declared(self) -> bool: ...
    @property
    def hand_game(self) -> bool: ...
    @property
    def level(self) -> str: ...
    @property
    def _won(self) -> list[int]: ...
    @property
    def _scoring(self) -> int: ...
    @property
    def _plays(self) -> list[tuple[int, int]]: ...
    @property
    def _trick_start(self) -> int: ...
    @property
    def _active(self) -> int: ...
    @property
    def _holding(self) -> int: ...
    @property
    def _hands(self) -> list[int]: ...

    def active_seats(self) -> list[int]: ...

    def _played_by(self, seat: int) -> int: ...


def settled_teams(deal: Deal) -> tuple[int, ...]:
    """The deal's sides for its score: at a real table where a card makes them, by who played it (every trick is
    finished); else the sides as they stand."""
    maker = deal.plan.side_maker
    if maker is not None and not deal.known and deal.contract < 0:
        played = [0] * deal.players
        for seat, card in deal._plays:
            played[seat] |= 1 << card
        return maker.teams(played)
    return deal.teams


def score_played(deal: Deal, choice: str) -> tuple[list[int], int, list[SideResult], list[int]]:
    """The ruleset's scoring steps (:func:`score_deal`) on what ``deal`` took, its sides settled: the points per
    seat, the moon's shooter (-1: none), how each side's bid came out, and what each side took before a
    contract weighed the sides. ``choice``: how the moon's shooter chose to score it ("" until they chose)."""
    plan = deal.plan
    steps = plan.steps  # what only some steps read is worked out only for them
    carried = side_bags(deal) if "sides" in steps else _UNUSED
    # the seats in the deal: the no-trick bonus and the mechanisms (a moon paying "each other player") read it
    active = deal.active_seats() if "no-tricks" in steps or "mechanisms" in steps else _UNUSED
    taken = record(deal)
    raw, shooter, results = score_deal(
        plan,
        deal.layout,
        taken,
        deal.alone,
        deal.lone_defender is not None,
        deal.sides,
        deal.bids,
        deal.nils,
        carried,
        active,
        choice,
    )
    return raw, shooter, results, taken.before_settling


def record(deal: Deal) -> Taken:
    """What the deal's play gives its scoring steps: who took which cards and tricks, and what was said."""
    won = deal._won
    talon = talon_cards(deal)
    maker = -1 if deal.maker is None else deal.maker
    if talon and maker >= 0:  # the talon counts for the declarer (Skat)
        won = list(won)
        won[maker] = won[maker] | talon
    taken = Taken(
        won,
        deal.tricks_won,
        deal.card_values,
        deal._scoring,
        deal.teams,
        maker,
        last_winner(deal),
        -1 if deal.trump is None else deal.trump,
        deal._plays[: deal._trick_start],  # the finished tricks' plays
        deal._winners,
        deal._active,
        deal.said,
    )
    if deal.declared:  # what a contract's game value reads (mechanisms.game_value)
        # (the holding settled, not the hand now: a claim or a lost null empties the hands)
        held = deal._holding or (deal._hands[maker] if deal.known else deal._played_by(maker)) | talon
        taken.declared = (deal.contract, deal.hand_game, deal.level, value_bid(deal))
        taken.holding = held
    return taken


def last_winner(deal: Deal) -> int:
    """Who took the last trick: its winner, the seat that claimed the rest, or -1 (the deal ended early)."""
    if deal.claimed_by is not None:
        return deal.claimed_by
    winners = deal._winners
    return winners[-1] if len(winners) == deal.hand_size else -1


def side_bags(deal: Deal) -> list[int]:
    """What each side carries into this deal (see :func:`carried_bags`)."""
    scoring = deal.plan.bid_scoring
    from_score = scoring is not None and scoring.bags.from_score
    return carried_bags(deal.sides, deal.bags_before, deal.scores_before, from_score)


def bags_after(deal: Deal) -> list[int]:
    """Overtricks each seat's side carries into the next deal (after scoring)."""
    if not deal.results:
        return list(deal.bags_before)
    return [deal.results[side].bags for side in deal.sides]


def taken_points(deal: Deal) -> list[int]:
    """Points of the cards each seat has taken so far (before the moon; the talon's with the declarer's once
    the deal is over)."""
    pts = deal.card_values
    won = record(deal).won if deal.phase == "done" else deal._won
    scoring = deal._scoring
    return [sum(pts[c] for c in cards_in(won[s] & scoring)) for s in range(deal.players)]


# The functions above take the compiled Deal itself, so that its fields are native reads (a protocol-typed
# argument costs a Python attribute lookup each); what they may read and call is the protocol's, which
# tests/test_deal_interface.py holds them to, and mypy checks here that the deal has it all.
def _deal_is_played(deal: Deal) -> Played:
    return deal
