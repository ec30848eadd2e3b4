"""When a game ends and who wins: targets, floors, deal counts and schedules.

Kept apart from :mod:`referee.game` so that a deal can ask it too (the mixed
moon depends on whether the old moon would end the game) without an import
circle.
"""

from __future__ import annotations

from collections.abc import Sequence

from .ruleset import Layout, Ruleset


def side_of(rules: Ruleset, layout: Layout, seat: int) -> int:
    """The side a seat wins or loses with: its team, or itself when scoring alone."""
    return layout.teams[seat] if rules.score_teams != "individual" else seat


def side_scores(rules: Ruleset, layout: Layout, scores: Sequence[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for seat, score in enumerate(scores):
        side = side_of(rules, layout, seat)
        if rules.score_teams == "summed":
            out[side] = out.get(side, 0) + score
        else:
            out[side] = score  # shared: partners hold the same score
    return out


def outcome(rules: Ruleset, layout: Layout, scores: Sequence[int], deals_played: int) -> tuple[bool, list[int]]:
    """Whether the game is over with these scores, and the winning seats if so."""
    ended = False
    if rules.max_deals is not None and deals_played >= rules.max_deals:
        ended = True
    if layout.schedule and deals_played >= len(layout.schedule):
        ended = True
    if rules.target is not None:
        if rules.count_sign > 0:
            ended = ended or any(s >= rules.target for s in scores)
        else:
            ended = ended or any(s <= rules.target for s in scores)
    if rules.floor is not None:
        ended = ended or any(s <= rules.floor for s in scores)
    if not ended:
        return False, []
    sides = side_scores(rules, layout, scores)
    best = (min if rules.winner_kind == "lowest" else max)(sides.values())
    leaders = [side for side, score in sides.items() if score == best]
    if len(leaders) > 1 and rules.ties == "play-on" and not (layout.schedule and deals_played >= len(layout.schedule)):
        return False, []
    winners = [seat for seat in range(layout.players) if side_of(rules, layout, seat) in leaders]
    return True, winners
