"""What a ruleset's rules do to its game, measured over whole games between the bundled bots.

:func:`simulate` plays ``games`` whole games of a ruleset with the bots of
:mod:`referee.bots` and counts what happened: deals per game, moons shot,
contracts and nil bids made, the points each scoring card carries, how often
the first leader takes the first trick, and the spread of a seat's points in
a deal. :func:`cached_stats` does the same through a JSON cache keyed by the
ruleset's resolved content.

**Determinism.** Game ``i`` is seeded from ``(seed, i)`` alone
(:func:`game_seed`), and every figure is a sum of whole-number counts, so the
result is the same for any number of worker processes and any machine.

**Counts, not ratios.** :class:`Stats` keeps exact counts; the shares and
means (:meth:`Stats.figures`) are derived from them, and rounded only when
printed. A figure that does not apply to the ruleset (a moon in Spades, nil
in Oh Hell) is ``None`` and left out of every output, never 0. Where it
applies but nothing was counted (no nil was ever bid), its count is 0 and its
share is left out.

**What the bots are.** The figures describe games between
:func:`referee.bots.choose`: a few lines of common sense, not strategy. They
show what the rules do (how long a game runs, what a card is worth), not how
strong players play. A change to the bots or the engine that moves the figures
must bump :data:`STATS_VERSION`, which is part of the cache key.

The page generator calls this module; it imports nothing outside ``referee``.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import random
import signal
import tempfile
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, fields
from importlib.metadata import PackageNotFoundError, version
from multiprocessing.synchronize import Event as EventType
from pathlib import Path
from typing import Any

from .bidding import BLIND_NIL_BID, NIL_BID
from .bots import play_out
from .engine import Deal
from .game import Game
from .loader import FREE_TEXT_KEYS
from .mechanisms import moon
from .ruleset import Layout, Ruleset
from .scoring import trick_table

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_SEED",
    "FIGURE_DIGITS",
    "MAX_DEALS",
    "STATS_VERSION",
    "Stats",
    "cache_key",
    "cache_path",
    "cached_stats",
    "cached_stats_many",
    "default_cache_dir",
    "engine_version",
    "game_seed",
    "rounded",
    "simulate",
    "simulate_many",
]

#: Bump whenever the figures of the same ruleset, games and seed would change:
#: a new or redefined figure, a change to the bots or to how a game is seeded.
STATS_VERSION = 5  # 5: the bots leave a trick their partner is winning to the partner
DEFAULT_GAMES = 200
DEFAULT_SEED = 1
#: A game not over after this many deals (throw-ins included) is counted as unfinished. The
#: longest bundled games last under 40 deals; a house rule whose games never end costs
#: this many deals a game (a rule page's figures simulate 1,000 games).
MAX_DEALS = 200
#: Decimal places of a float figure in the JSON and CSV output (the counts stay exact).
FIGURE_DIGITS = 4

Progress = Callable[[int], None]  # called with the number of games just finished
#: Given the number of games about to be simulated, a context that shows their progress (click's bar)
ProgressBar = Callable[[int], AbstractContextManager[Progress]]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed``: a function of the two alone."""
    digest = hashlib.sha256(f"trickbook-stats:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


# -- what applies to a ruleset ---------------------------------------------------


def _has_moon(rules: Ruleset, layout: Layout) -> bool:
    return moon.active(moon.of(rules)) and bool(moon.target(rules, layout.players).cards)


def _has_contracts(rules: Ruleset) -> bool:
    """Bids for tricks or auctioned contracts (scored by side), or makers who must take tricks (Euchre)."""
    return rules.bid_scoring is not None or (bool(rules.trick_rows) and rules.bids_for_trump)


def _can_throw_in(rules: Ruleset) -> bool:
    """Whether a deal can end unplayed because nobody chose trump or named a contract."""
    rounds = rules.bidding_rounds
    if any(r.kind == "contract" for r in rounds):
        return True
    return rules.bids_for_trump and bool(rounds) and not rounds[-1].forces_a_call


# -- counting --------------------------------------------------------------------


@dataclass
class _Tally:
    """The counts of some games, added up as they are played (a chunk's result in a worker)."""

    unfinished: int = 0
    deals: int = 0  # deals played (throw-ins aside)
    thrown_in: int = 0
    deal_counts: dict[int, int] = field(default_factory=dict)  # deals in a finished game -> games
    moons: int = 0
    contracts: int = 0
    contracts_made: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    blind_nil_bids: int = 0
    blind_nil_made: int = 0
    first_tricks: int = 0
    first_leader_won: int = 0
    seat_deals: int = 0
    points_sum: int = 0
    points_squares: int = 0
    card_points: dict[int, int] = field(default_factory=dict)  # card index -> points taken

    def add(self, other: _Tally) -> None:
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, dict):
                for key, count in theirs.items():
                    mine[key] = mine.get(key, 0) + count
            else:
                setattr(self, f.name, mine + theirs)

    def count_deal(self, deal: Deal, rules: Ruleset) -> None:
        if deal.redeal:
            self.thrown_in += 1
            return
        self.deals += 1
        if deal.shooter is not None:
            self.moons += 1
        for result in deal.results:  # one per side, in games scored by bids
            if result.bid >= 0:  # -1: every member bid nil, or the defenders of an auction
                self.contracts += 1
                self.contracts_made += result.made
        if rules.trick_rows and deal.maker is not None:
            # The makers made it when the trick table gives their side points.
            table = trick_table(
                rules.trick_rows,
                deal.teams,  # the deal's sides, as its scoring read them
                deal.maker,
                deal.alone,
                deal.lone_defender is not None,
                deal.tricks_won,
            )
            self.contracts += 1
            self.contracts_made += table[deal.maker] > 0
        for seat, kind in enumerate(deal.nils):
            made = deal.tricks_won[seat] == 0
            if kind == NIL_BID:
                self.nil_bids += 1
                self.nil_made += made
            elif kind == BLIND_NIL_BID:
                self.blind_nil_bids += 1
                self.blind_nil_made += made
        tricks = deal.tricks
        if tricks:
            self.first_tricks += 1
            self.first_leader_won += tricks[0].leader == tricks[0].winner
        for points in deal.points():
            self.seat_deals += 1
            self.points_sum += points
            self.points_squares += points * points
        # Every card taken has been played or claimed; with no points left in
        # play, the cards never played carry none.
        values = deal.card_values
        taken = deal.played_mask()
        while taken:
            low = taken & -taken
            card = low.bit_length() - 1
            if values[card]:
                self.card_points[card] = self.card_points.get(card, 0) + values[card]
            taken ^= low


def _play_game(rules: Ruleset, players: int | None, seed: int, tally: _Tally) -> None:
    """One whole game between the bots, as ``trickbook play`` plays it, counted into ``tally``."""
    game = Game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_DEALS):
        if game.is_over:
            break
        try:
            deal = game.new_deal()
        except ValueError:
            # The engine cannot deal on (deals thrown in have used up a schedule of hand
            # sizes before the game ended): the game cannot end, and counts as unfinished.
            break
        play_out(deal, rng)
        tally.count_deal(deal, rules)
        game.finish_deal(deal)
    if game.is_over:
        played = game.deals_played
        tally.deal_counts[played] = tally.deal_counts.get(played, 0) + 1
    else:
        tally.unfinished += 1


def _play_games(
    rules: Ruleset, players: int | None, seed: int, start: int, stop: int, halt: EventType | None = None
) -> _Tally:
    tally = _Tally()
    for index in range(start, stop):
        if halt is not None and halt.is_set():  # the run was interrupted: this chunk's tally is dropped
            break
        _play_game(rules, players, game_seed(seed, index), tally)
    return tally


# Each worker process's rulesets, set once by its initializer rather than sent with every chunk, and the
# event its parent sets when the run is interrupted.
_worker_rules: tuple[Ruleset, ...] = ()
_worker_halt: EventType | None = None


def _init_worker(rulesets: tuple[Ruleset, ...], halt: EventType) -> None:
    global _worker_rules, _worker_halt
    _worker_rules, _worker_halt = rulesets, halt
    # Ctrl+C reaches every process of the terminal's group: the parent alone answers it, and stops the
    # workers by the event between two games (see simulate_many), so no worker prints a traceback. The
    # worker started with it held back (see _hold_interrupts): one pressed since is dropped once ignored.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _hold_interrupts() -> set[int | signal.Signals] | None:
    """Hold Ctrl+C back from this thread and the processes it starts: the signals held back before, for
    :func:`_release_interrupts`, or None where the platform cannot hold signals back."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _release_interrupts(held: set[int | signal.Signals] | None) -> None:
    """Undo :func:`_hold_interrupts`: a Ctrl+C pressed meanwhile is taken now. None: nothing to undo."""
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _worker_chunk(which: int, players: int, seed: int, start: int, stop: int) -> _Tally:
    assert _worker_rules, "the worker was started without its rulesets"
    return _play_games(_worker_rules[which], players, seed, start, stop, _worker_halt)


def _chunks(games: int, jobs: int) -> list[tuple[int, int]]:
    """Ranges of game indices: about eight per worker (for the progress bar), at most 100 games each."""
    size = max(1, min(100, math.ceil(games / (jobs * 8))))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


def simulate(
    rules: Ruleset,
    games: int,
    seed: int = DEFAULT_SEED,
    jobs: int = 1,
    progress: Progress | None = None,
    players: int | None = None,
) -> Stats:
    """Play ``games`` whole games of ``rules`` between the bots and count what happened.

    ``players`` defaults to the ruleset's default number of players (a count
    the ruleset does not allow raises ValueError). ``jobs`` > 1 plays in that
    many worker processes; the result is the same for any ``jobs``.
    ``progress`` is called with the number of games each time some finish.
    """
    return simulate_many([rules], games, seed, jobs=jobs, progress=progress, players=players)[0]


def simulate_many(
    rulesets: Sequence[Ruleset],
    games: int,
    seed: int = DEFAULT_SEED,
    *,
    jobs: int = 1,
    progress: Progress | None = None,
    players: int | None = None,
) -> list[Stats]:
    """:func:`simulate` for each of ``rulesets``, in one pool of ``jobs`` workers shared by all.

    One pool keeps every worker busy to the end and is started once, where a
    pool per ruleset would wait for each ruleset's last chunk and start again.
    Each result is the one :func:`simulate` gives for that ruleset alone.
    ``progress`` counts the games of every ruleset together.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    # ValueError for a count a ruleset does not allow, before any game is played.
    layouts = [r.layout(r.default_players if players is None else players) for r in rulesets]
    tasks = [(which, start, stop) for which in range(len(rulesets)) for start, stop in _chunks(games, jobs)]
    tallies: list[_Tally | None] = [None] * len(tasks)
    if jobs == 1 or len(tasks) == 1:
        for i, (which, start, stop) in enumerate(tasks):
            tallies[i] = _play_games(rulesets[which], layouts[which].players, seed, start, stop)
            if progress is not None:
                progress(stop - start)
    elif tasks:
        halt = multiprocessing.Event()
        # Ctrl+C while the workers start would reach a worker before its initializer ignores it: the worker
        # would die with a traceback, or holding the pool's task queue and hang the others. The workers are
        # started (by the first submit) with Ctrl+C held back, so each inherits it held back until its
        # initializer ignores it; the parent takes a Ctrl+C pressed meanwhile once they are all started.
        held = _hold_interrupts()
        pool = ProcessPoolExecutor(
            max_workers=min(jobs, len(tasks)), initializer=_init_worker, initargs=(tuple(rulesets), halt)
        )
        try:
            pending: dict[Future[_Tally], int] = {
                pool.submit(_worker_chunk, which, layouts[which].players, seed, start, stop): i
                for i, (which, start, stop) in enumerate(tasks)
            }
            _release_interrupts(held)
            held = None
            for future in as_completed(pending):
                i = pending[future]
                tallies[i] = future.result()
                if progress is not None:
                    progress(tasks[i][2] - tasks[i][1])
        except BaseException:  # Ctrl+C or a failed chunk: the workers stop after their game, nothing more starts
            _release_interrupts(held)
            halt.set()
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    totals = [_Tally() for _ in rulesets]
    for (which, _, _), tally in zip(tasks, tallies, strict=True):  # in game order within each ruleset
        assert tally is not None
        totals[which].add(tally)
    parts = zip(rulesets, layouts, totals, strict=True)
    return [_stats(rules, layout, games, seed, total) for rules, layout, total in parts]


def _stats(rules: Ruleset, layout: Layout, games: int, seed: int, t: _Tally) -> Stats:
    contracts = _has_contracts(rules)
    bids = rules.trick_round
    nil = bids is not None and bids.nil
    blind = bids is not None and bids.blind_nil
    codes = rules.deck.codes
    card_points: dict[str, int] | None = None
    scoring = layout.scoring_cards
    if rules.values_by_trump:  # a card may score only as a trump (Klaverjassen's nine)
        for suit in range(len(rules.deck.suits)):
            scoring |= rules.setup(layout.players, suit).scoring_cards
    if scoring:
        # Every scoring card of the deck, in the deck's order, even one never taken.
        card_points = {}
        for card in layout.cards:
            if scoring >> card & 1:
                code = codes[card]
                card_points[code] = card_points.get(code, 0) + t.card_points.get(card, 0)
    return Stats(
        ruleset=rules.id,
        players=layout.players,
        games=games,
        seed=seed,
        unfinished=t.unfinished,
        deals=t.deals,
        deal_counts=tuple(sorted(t.deal_counts.items())),
        first_tricks=t.first_tricks,
        first_leader_won=t.first_leader_won,
        seat_deals=t.seat_deals,
        points_sum=t.points_sum,
        points_squares=t.points_squares,
        thrown_in=t.thrown_in if _can_throw_in(rules) else None,
        moons=t.moons if _has_moon(rules, layout) else None,
        contracts=t.contracts if contracts else None,
        contracts_made=t.contracts_made if contracts else None,
        nil_bids=t.nil_bids if nil else None,
        nil_made=t.nil_made if nil else None,
        blind_nil_bids=t.blind_nil_bids if blind else None,
        blind_nil_made=t.blind_nil_made if blind else None,
        card_points=tuple(card_points.items()) if card_points is not None else None,
    )


# -- the result ------------------------------------------------------------------


def _ratio(part: int | None, whole: int | None) -> float | None:
    if part is None or not whole:
        return None
    return part / whole


def _spread(count: int, total: int, squares: int) -> tuple[float, float] | None:
    """Mean and (population) standard deviation from a count, a sum and a sum of squares, exactly."""
    if not count:
        return None
    variance = (count * squares - total * total) / (count * count)  # whole numbers until this division
    return total / count, math.sqrt(max(variance, 0.0))


@dataclass(frozen=True)
class Stats:
    """The counts of a simulation; every share and mean is derived from them (:meth:`figures`).

    Fields that are ``None`` do not apply to the ruleset.
    """

    ruleset: str  # the ruleset's id
    players: int
    games: int
    seed: int
    unfinished: int  # games not over after MAX_DEALS deals, or that could not be dealt on
    deals: int  # deals played in every game, throw-ins aside
    deal_counts: tuple[tuple[int, int], ...]  # (deals in a game, finished games that had that many), ascending
    first_tricks: int  # deals with a first trick
    first_leader_won: int  # ... that its leader won
    seat_deals: int  # (seat, deal) pairs: deals times players
    points_sum: int  # of every seat's points in every deal (after the moon and bonuses)
    points_squares: int  # of their squares
    thrown_in: int | None = None  # deals thrown in unplayed (nobody chose trump or a contract)
    moons: int | None = None  # deals in which a seat shot the moon
    contracts: int | None = None  # a side's bid for tricks (its members' bids together) or an auctioned
    contracts_made: int | None = None  # contract, or the makers' side (Euchre), one per deal each
    nil_bids: int | None = None
    nil_made: int | None = None
    blind_nil_bids: int | None = None
    blind_nil_made: int | None = None
    card_points: tuple[tuple[str, int], ...] | None = None  # (card code, points taken in every deal), deck order

    # -- derived figures --------------------------------------------------------------

    @property
    def finished(self) -> int:
        return self.games - self.unfinished

    def deals_per_game(self) -> tuple[float, float, int, int] | None:
        """Mean, standard deviation, fewest and most deals of a finished game (None: none finished)."""
        count = sum(g for _, g in self.deal_counts)
        total = sum(d * g for d, g in self.deal_counts)
        squares = sum(d * d * g for d, g in self.deal_counts)
        spread = _spread(count, total, squares)
        if spread is None:
            return None
        return spread[0], spread[1], self.deal_counts[0][0], self.deal_counts[-1][0]

    def seat_points(self) -> tuple[float, float] | None:
        """Mean and standard deviation of one seat's points in one deal."""
        return _spread(self.seat_deals, self.points_sum, self.points_squares)

    def card_shares(self) -> dict[str, float]:
        """Each scoring card's share of all card points taken, sizes without sign (they add up to 1).

        A bonus card (J♦ -10 in Omnibus) counts by its size beside the penalty
        cards. Empty where no card carries points or none was taken.
        """
        if not self.card_points:
            return {}
        whole = sum(abs(points) for _, points in self.card_points)
        if not whole:
            return {}
        return {code: abs(points) / whole for code, points in self.card_points}

    def figures(self) -> dict[str, float | int]:
        """The figures by name, in a stable order; those that do not apply (or have no count) are left out.

        Card shares are not here: see :meth:`card_shares`.
        """
        out: dict[str, float | int | None] = {"games_unfinished": self.unfinished, "deals": self.deals}
        per_game = self.deals_per_game()
        if per_game is not None:
            mean, sd, low, high = per_game
            out |= {
                "deals_per_game_mean": mean,
                "deals_per_game_sd": sd,
                "deals_per_game_min": low,
                "deals_per_game_max": high,
            }
        if self.thrown_in is not None:
            out["thrown_in_share"] = _ratio(self.thrown_in, self.thrown_in + self.deals)
        if self.moons is not None:
            out["moon_share"] = _ratio(self.moons, self.deals)
        if self.contracts is not None:
            out["contracts"] = self.contracts
            out["contracts_made_share"] = _ratio(self.contracts_made, self.contracts)
        if self.nil_bids is not None:
            out["nil_bids"] = self.nil_bids
            out["nil_made_share"] = _ratio(self.nil_made, self.nil_bids)
        if self.blind_nil_bids is not None:
            out["blind_nil_bids"] = self.blind_nil_bids
            out["blind_nil_made_share"] = _ratio(self.blind_nil_made, self.blind_nil_bids)
        out["first_leader_wins_share"] = _ratio(self.first_leader_won, self.first_tricks)
        seat = self.seat_points()
        if seat is not None:
            out["seat_points_mean"], out["seat_points_sd"] = seat
        return {name: value for name, value in out.items() if value is not None}

    # -- the dict form ------------------------------------------------------------------

    def to_dict(self, digits: int = FIGURE_DIGITS) -> dict[str, Any]:
        """A JSON-ready dict: the counts (read back by :meth:`from_dict`), and the derived
        figures under ``figures`` with their floats rounded to ``digits`` places (ignored on reading).

        ``deal_counts`` is a list of ``[deals, games]`` pairs, ascending; ``card_points`` a list
        of ``[code, points taken]`` pairs in the deck's order; ``figures.points_share`` maps
        card codes to their shares. Fields that do not apply are left out.
        """
        out: dict[str, Any] = {"stats_version": STATS_VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            if f.name in ("deal_counts", "card_points"):  # tuples of pairs: lists of lists in JSON
                value = [list(pair) for pair in value]
            out[f.name] = value
        figures: dict[str, Any] = {name: rounded(v, digits) for name, v in self.figures().items()}
        shares = self.card_shares()
        if shares:
            figures["points_share"] = {code: rounded(v, digits) for code, v in shares.items()}
        out["figures"] = figures
        return out

    @classmethod
    def from_dict(cls, data: object) -> Stats:
        """The :class:`Stats` of a :meth:`to_dict` dict; ValueError if it is not one (of this version)."""
        if not isinstance(data, Mapping) or data.get("stats_version") != STATS_VERSION:
            raise ValueError("not a dict of figures of this version")
        values: dict[str, Any] = {}
        for f in fields(cls):
            value = data.get(f.name)
            if f.name == "ruleset":
                value = _str(value, f.name)
            elif f.name == "deal_counts":
                value = tuple((_int(d, f.name), _int(g, f.name)) for d, g in _pairs(value, f.name))
            elif f.name == "card_points":
                if value is not None:
                    value = tuple((_str(code, f.name), _int(points, f.name)) for code, points in _pairs(value, f.name))
            elif value is not None or f.default is not None:  # a count (None only where it may be absent)
                value = _int(value, f.name)
            values[f.name] = value
        return cls(**values)


def rounded(value: float | int, digits: int = FIGURE_DIGITS) -> float | int:
    """A figure as printed: floats to ``digits`` places (a share of 0.0145 is 1.45%), counts as they are."""
    return round(value, digits) if isinstance(value, float) else value


def _int(value: object, name: str) -> int:
    if type(value) is not int:  # not a bool either
        raise ValueError(f"{name}: expected a whole number, got {value!r}")
    return value


def _str(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{name}: expected a string, got {value!r}")
    return value


def _pairs(value: object, name: str) -> list[tuple[object, object]]:
    if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
        raise ValueError(f"{name}: expected a list of pairs")
    return [(p[0], p[1]) for p in value]


# -- the cache -------------------------------------------------------------------


def default_cache_dir() -> Path:
    """Where cached figures live: ``$TRICKBOOK_CACHE``, else ``$XDG_CACHE_HOME/trickbook/stats``,
    else ``~/.cache/trickbook/stats``. Empty variables, and a relative ``XDG_CACHE_HOME``
    (which the XDG spec says to ignore), do not count."""
    own = os.environ.get("TRICKBOOK_CACHE")
    if own:
        return Path(own)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg, "trickbook", "stats")
    return Path.home() / ".cache" / "trickbook" / "stats"


def engine_version() -> str:
    """The installed package's version and :data:`STATS_VERSION`: what the figures were made by."""
    try:
        package = version("trickbook")
    except PackageNotFoundError:  # running from a source tree that was never installed
        package = "unknown"
    return f"{package}+stats{STATS_VERSION}"


def _canonical(value: Any) -> Any:
    """A document's data with every mapping key as a string (YAML allows numbers), for a sorted dump."""
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    return value


def cache_key(rules: Ruleset, games: int, seed: int, players: int | None = None) -> str:
    """A hash of what the figures depend on: the ruleset's resolved content (after ``extends``,
    free text aside: titles and notes change no play), the engine's version, the number of
    players, of games, and the seed. Never the file's path."""
    content = {k: v for k, v in rules.doc.data.items() if k not in FREE_TEXT_KEYS}
    key = {
        "ruleset": _canonical(content),
        "engine": engine_version(),
        "players": rules.default_players if players is None else players,
        "games": games,
        "seed": seed,
    }
    text = json.dumps(key, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _read_cache(path: Path, key: str) -> Stats | None:
    """The figures cached in ``path`` under ``key``; None if missing, unreadable or not ours."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("key") != key:
            return None
        return Stats.from_dict(data.get("stats"))
    except (OSError, ValueError, TypeError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        return None


def _write_cache(path: Path, key: str, stats: Stats) -> None:
    """Write atomically (a temporary file renamed over the old one); a cache that cannot be written is skipped."""
    text = json.dumps({"key": key, "stats": stats.to_dict()}, sort_keys=True, indent=2) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        pass


def cache_path(
    rules: Ruleset, games: int, seed: int, cache_dir: Path | None = None, players: int | None = None
) -> Path:
    """The file that holds (or will hold) these figures."""
    folder = default_cache_dir() if cache_dir is None else Path(cache_dir)
    return folder / f"{cache_key(rules, games, seed, players)}.json"


def cached_stats(
    rules: Ruleset,
    games: int,
    seed: int = DEFAULT_SEED,
    cache_dir: Path | None = None,
    *,
    jobs: int = 1,
    players: int | None = None,
    progress: Progress | None = None,
) -> Stats:
    """:func:`simulate`'s figures, read from the cache when they are there, else made and stored.

    ``cache_dir`` defaults to :func:`default_cache_dir`. A cache file that cannot be
    read or is not what it should be is ignored and written anew; a cache
    folder that cannot be written only means the figures are not stored.
    """
    return cached_stats_many([rules], games, seed, cache_dir, jobs=jobs, players=players, progress=progress)[0]


def cached_stats_many(
    rulesets: Sequence[Ruleset],
    games: int,
    seed: int = DEFAULT_SEED,
    cache_dir: Path | None = None,
    *,
    jobs: int = 1,
    players: int | None = None,
    progress: Progress | None = None,
    progress_bar: ProgressBar | None = None,
) -> list[Stats]:
    """:func:`cached_stats` for each of ``rulesets``: those not in the cache are simulated
    together (:func:`simulate_many`), and rulesets of the same content only once.

    ``progress_bar``, where given, is entered with the number of games to simulate (only if
    some are: a build from the cache shows none) and gives the ``progress`` to call."""
    paths = [cache_path(rules, games, seed, cache_dir, players) for rules in rulesets]
    found: dict[str, Stats] = {}  # by cache key
    missing: dict[str, tuple[Ruleset, Path]] = {}  # by cache key, in the order given
    for rules, path in zip(rulesets, paths, strict=True):
        key = path.stem
        if key in found or key in missing:
            continue
        cached = _read_cache(path, key)
        if cached is not None:
            found[key] = cached
        else:
            missing[key] = (rules, path)
    if missing:
        todo = [rules for rules, _ in missing.values()]
        if progress_bar is not None:
            with progress_bar(games * len(todo)) as shown:
                made = simulate_many(todo, games, seed, jobs=jobs, progress=shown, players=players)
        else:
            made = simulate_many(todo, games, seed, jobs=jobs, progress=progress, players=players)
        for (key, (_, path)), stats in zip(missing.items(), made, strict=True):
            _write_cache(path, key, stats)
            found[key] = stats
    # The id is part of the content, so rulesets of one key have the same id and figures.
    return [found[path.stem] for path in paths]
