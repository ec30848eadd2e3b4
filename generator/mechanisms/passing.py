"""Passing cards before play on the rule page (:mod:`referee.mechanisms.passing`).

Its words: :mod:`wording.passing`.
"""

from __future__ import annotations

from typing import Any

from referee import Ruleset
from referee.kinds import Direction
from referee.mechanisms import Mechanism
from referee.mechanisms import passing as passing_mechanism
from wording import passing as words

from ..terms import Builder, Clause, Directions, Number, Numbers, Words, clause, penalty

MECHANISM: Mechanism = passing_mechanism
WORDS: Words = words


def passing(rules: Ruleset) -> list[Clause]:
    """How many cards each player passes and where, deal by deal (or that nobody passes, where players would
    expect to)."""
    if not rules.passing.count:
        # Worth saying where players would expect to pass: a penalty-card game
        # without bidding (Hearts variants), not Euchre or Doppelkopf.
        return [clause("passing.none")] if penalty(rules) and not rules.bidding_rounds else []
    out = [clause("passing.count", rules.passing.count, cards=Number(rules.passing.count, "count"))]
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


PLACES: dict[str, Builder] = {"passing": passing}
