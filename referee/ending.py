"""When a game ends and who wins: targets, floors, deal counts and schedules.

Kept apart from :mod:`referee.game` so that a deal can ask it too (the mixed
moon depends on whether the old moon would end the game) without an import
circle.
"""

from __future__ import annotations

from collections.abc import Sequence

from .ruleset import Layout, Ruleset


def game_sides(rules: Ruleset, layout: Layout) -> tuple[int, ...]:
    """Per seat, the side it wins or loses the game with: its partnership where partners sit together all game
    and score together (the seating's, the sides each deal starts from), else the seat itself.

    A deal's own sides are :attr:`referee.engine.Deal.teams`. Where deals make their own (a declarer against
    the others, the holders of a card), the seating has no partnerships (every such mechanism asks for
    ``players.teams: none``): a game's standings are each player's own, whatever sides a deal made.
    """
    return layout.teams if rules.score_teams != "individual" else tuple(range(layout.players))


def side_of(rules: Ruleset, layout: Layout, seat: int) -> int:
    """The side a seat wins or loses the game with (:func:`game_sides`)."""
    return game_sides(rules, layout)[seat]


def side_members(sides: Sequence[int]) -> list[list[int]]:
    """The seats of each side, given each seat's side (a deal's ``teams``, or :func:`game_sides`): sides in
    the order of their first seat, each side's seats in seat order."""
    out: dict[int, list[int]] = {}
    for seat, side in enumerate(sides):
        out.setdefault(side, []).append(seat)
    return list(out.values())


def side_scores(rules: Ruleset, layout: Layout, scores: Sequence[int]) -> dict[int, int]:
    """Each game side's score (:func:`game_sides`): partners' summed, or the score they share."""
    out: dict[int, int] = {}
    sides = game_sides(rules, layout)
    for seat, score in enumerate(scores):
        side = sides[seat]
        if rules.score_teams == "summed":
            out[side] = out.get(side, 0) + score
        else:
            out[side] = score  # shared: partners hold the same score
    return out


def outcome(rules: Ruleset, layout: Layout, scores: Sequence[int], deals_played: int) -> tuple[bool, list[int]]:
    """Whether the game is over with these scores, and the winning seats if so."""
    game = rules.game
    scheduled_out = bool(layout.schedule) and deals_played >= len(layout.schedule)
    ended = scheduled_out or (game.deals is not None and deals_played >= game.deals)
    if game.target is not None:
        if game.count_sign > 0:
            ended = ended or any(s >= game.target for s in scores)
        else:
            ended = ended or any(s <= game.target for s in scores)
    if game.floor is not None:
        ended = ended or any(s <= game.floor for s in scores)
    if not ended:
        return False, []
    sides = side_scores(rules, layout, scores)
    best = (min if game.winner == "lowest" else max)(sides.values())
    leaders = [side for side, score in sides.items() if score == best]
    if len(leaders) > 1 and game.ties == "play-on" and not scheduled_out:
        return False, []
    sides_of = game_sides(rules, layout)
    winners = [seat for seat in range(layout.players) if sides_of[seat] in leaders]
    return True, winners
