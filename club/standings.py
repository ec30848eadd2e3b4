"""Standings of an evening, per round and overall, by the ruleset's own measure.

Nothing is added up here that the referee does not say: each table's round is
its game replayed from the stored results (corrections and voids applied,
:mod:`club.tally`), a player's round score is the score of their side in that
game (:func:`referee.game.side_scores`: their own, or their partnership's),
a player who sits a round out gets the evening's fixed score for it or, where
the evening sets none, the average of the round's players at the tables that
have played a deal (a fixed 0 would put a Hearts player who sat out first, and
a table that has not begun would pull the average to 0; before any table has
played, a player sitting out scores nothing yet, as the players who have not
begun), and the evening's total is the sum of the rounds. Players rank by ``rules.winner_kind``:
lowest first in Hearts, highest first in Spades; equal totals share a rank.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass

from referee.game import game_sides, side_scores
from referee.results import ResultError
from referee.ruleset import Ruleset

from .store import ChangeNote, Evening, Snapshot
from .tally import Deal, Refusal, finished, new_game, record

__all__ = ["Line", "RoundStandings", "Standings", "TableRound", "average", "rank", "standings", "table_round"]


@dataclass(frozen=True)
class TableRound:
    """One table in one round: who sits where, the deals stored, the game's scores, whether it is over."""

    table: int
    players: tuple[str, ...]  # by seat
    deals: int
    scores: tuple[int, ...]  # per seat, the game's running scores
    finished: bool
    problem: str | None = None  # a stored deal the referee no longer takes (the replay stops before it)
    late: int = 0  # results that came after the round was over, for the organiser to accept or reject
    stopped: bool = False  # the next round was drawn before the table finished this one


@dataclass(frozen=True)
class Line:
    rank: int
    name: str
    total: int
    rounds: tuple[int | None, ...]  # per round drawn: the player's score (None: none yet)
    sat_out: tuple[int, ...] = ()  # the rounds the player sat out
    table: int | None = None  # the table of the player's last round drawn (None: sits out)
    playing: bool = False  # that table is still playing


@dataclass(frozen=True)
class RoundStandings:
    number: int
    seed: str
    tables: tuple[TableRound, ...]
    sitting_out: tuple[str, ...]
    lines: tuple[Line, ...]  # ranked by this round's scores
    sitout_score: int | None = None  # what a round sat out scores (None: nothing yet, no table has played)

    @property
    def playing(self) -> int:
        return sum(1 for t in self.tables if not t.finished and not t.stopped)

    @property
    def late(self) -> int:
        """Late results of the round the organiser has not decided yet."""
        return sum(t.late for t in self.tables)


@dataclass(frozen=True)
class Standings:
    evening: Evening
    lowest_wins: bool
    rounds: tuple[RoundStandings, ...]
    overall: tuple[Line, ...]
    changes: tuple[ChangeNote, ...] = ()  # corrections and voids, newest first
    results: int = 0  # results stored
    updated: dt.datetime | None = None  # when the newest result or change came

    @property
    def playing(self) -> int:
        """Tables of the newest round still playing."""
        return self.rounds[-1].playing if self.rounds else 0

    def changed(self, round_number: int, table: int) -> int:
        """How many of a table's results in a round were corrected or voided."""
        return len({c.result_id for c in self.changes if c.round == round_number and c.table == table})


def rank(totals: dict[str, int], lowest_wins: bool) -> list[tuple[int, str, int]]:
    """(rank, name, total), best first; equal totals share a rank (1, 1, 3), names in order within it."""
    order = sorted(totals.items(), key=lambda kv: (kv[1] if lowest_wins else -kv[1], kv[0]))
    out: list[tuple[int, str, int]] = []
    for i, (name, total) in enumerate(order):
        place = out[-1][0] if out and out[-1][2] == total else i + 1
        out.append((place, name, total))
    return out


# A table's replayed game by its deals as they stand: the standings of a busy evening are made again
# for every new result, and only the table that sent it has a new game to replay.
_Replayed = tuple[int, tuple[int, ...], bool, str | None]  # deals recorded, scores, finished, problem
_replays: OrderedDict[tuple[str, int, int | None, tuple[Deal, ...]], _Replayed] = OrderedDict()
_replays_lock = threading.Lock()
REPLAYS_KEPT = 4096


def _replay(rules: Ruleset, players: int, deals_per_round: int | None, deals: tuple[Deal, ...]) -> _Replayed:
    key = (rules.id, players, deals_per_round, deals)
    with _replays_lock:
        kept = _replays.get(key)
    if kept is not None:
        return kept
    game = new_game(rules, players)
    problem = None
    for deal in deals:
        try:
            record(game, deal, deals_per_round)
        except (ResultError, Refusal) as exc:
            problem = f"deal {deal.number}: {exc}"
            break
    replayed = (len(game.results), tuple(game.scores), finished(game, deals_per_round), problem)
    with _replays_lock:
        _replays[key] = replayed
        while len(_replays) > REPLAYS_KEPT:
            _replays.popitem(last=False)
    return replayed


def table_round(
    rules: Ruleset,
    evening: Evening,
    number: int,
    names: Sequence[str],
    deals: Sequence[Deal],
    late: int = 0,
    over: bool = False,
) -> TableRound:
    """A table's round: its game replayed from the deals as they stand (stopping before one the referee refuses);
    ``over``: a later round is drawn."""
    count, scores, done, problem = _replay(rules, len(names), evening.deals_per_round, tuple(deals))
    return TableRound(number, tuple(names), count, scores, done, problem, late, over and not done)


def average(values: Sequence[int]) -> int:
    """The mean of ``values`` to the nearest whole number, halves away from zero (0 for none)."""
    if not values:
        return 0
    total, count = sum(values), len(values)
    mean = (abs(total) * 2 + count) // (2 * count)
    return mean if total >= 0 else -mean


def standings(rules: Ruleset, snap: Snapshot) -> Standings:
    evening = snap.evening
    lowest = rules.game.winner == "lowest"
    per_round: list[dict[str, int]] = []
    rounds_out: list[RoundStandings] = []
    where: dict[str, tuple[int | None, bool]] = {}
    sat: dict[str, list[int]] = {n: [] for n in evening.players}
    unscored: set[tuple[str, int]] = set()  # (player, round) sat out before any table of the round had played
    last = snap.rounds[-1].number if snap.rounds else 0
    for rnd in snap.rounds:
        scores: dict[str, int] = {}
        begun: list[int] = []  # the scores of the players at tables that have played a deal
        tables = []
        for number, names in sorted(rnd.tables.items()):
            deals = rnd.deals.get(number, ())
            table = table_round(rules, evening, number, names, deals, rnd.late.get(number, 0), rnd.number < last)
            tables.append(table)
            layout = rules.layout(len(names))
            # the game's sides: partners sitting together all game; each player alone where deals make sides
            sides, side_of = side_scores(rules, layout, table.scores), game_sides(rules, layout)
            for seat, name in enumerate(names):
                scores[name] = sides[side_of[seat]]
                where[name] = (number, not table.finished and not table.stopped)
                if deals:
                    begun.append(scores[name])
        sitout = evening.sitout_points
        if sitout is None and begun:  # the round's average: a Hearts player sitting out is neither first nor last
            sitout = average(begun)
        for name in rnd.sitting_out:
            if sitout is None:  # nothing played yet: no average, and ranked as those who have not begun (0)
                unscored.add((name, rnd.number))
            scores[name] = 0 if sitout is None else sitout
            sat.setdefault(name, []).append(rnd.number)
            where[name] = (None, False)
        per_round.append(scores)
        lines = tuple(
            Line(
                place,
                name,
                total,
                (None if (name, rnd.number) in unscored else total,),
                (rnd.number,) if name in rnd.sitting_out else (),
            )
            for place, name, total in rank(scores, lowest)
        )
        rounds_out.append(RoundStandings(rnd.number, rnd.seed, tuple(tables), rnd.sitting_out, lines, sitout))
    totals = {name: sum(r.get(name, 0) for r in per_round) for name in evening.players}
    overall = tuple(
        Line(
            place,
            name,
            total,
            tuple(None if (name, i) in unscored else r.get(name) for i, r in enumerate(per_round, start=1)),
            tuple(sat.get(name, ())),
            *where.get(name, (None, False)),
        )
        for place, name, total in rank(totals, lowest)
    )
    return Standings(evening, lowest, tuple(rounds_out), overall, snap.changes, snap.results, snap.last_at)
