"""The seat draw of a round: seeded, so the same evening draws the same seats again.

Each round shuffles the players present with a random generator seeded by the
evening's seed and the round's number. Where the players do not fill every
table, the players who have sat out least so far sit out (the shuffle breaks
ties), so nobody sits out twice before everyone has once.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .store import Evening

__all__ = ["draw", "round_seed", "seat_round"]


def round_seed(evening_seed: int, number: int) -> str:
    """The seed of a round's draw, shown with it so the draw can be checked."""
    return f"{evening_seed}-{number}"


def draw(
    names: Sequence[str], tables: int, per_table: int, seed: str, sat_out: Mapping[str, int] | None = None
) -> tuple[list[list[str]], list[str]]:
    """The players at each table by seat (seat 0 first), and those who sit out."""
    if tables * per_table > len(names):
        raise ValueError(f"{tables} tables of {per_table} need {tables * per_table} players, not {len(names)}")
    rng = random.Random(seed)  # a str seed is hashed with SHA-512: the same on every machine
    order = list(names)
    rng.shuffle(order)
    counts = sat_out or {}
    extra = len(names) - tables * per_table
    out = sorted(order, key=lambda n: counts.get(n, 0))[:extra]  # sorted() is stable: the shuffle decides ties
    playing = [n for n in order if n not in out]
    return [playing[t * per_table : (t + 1) * per_table] for t in range(tables)], [n for n in order if n in out]


def seat_round(evening: Evening, number: int, sat_out: Mapping[str, int]) -> tuple[str, list[list[str]], list[str]]:
    """Round ``number`` of an evening: its seed, the players at each table by seat, and who sits out."""
    seed = round_seed(evening.seed, number)
    tables, out = draw(evening.players, evening.tables, evening.players_per_table, seed, sat_out)
    return seed, tables, out
