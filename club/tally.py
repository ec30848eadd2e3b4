"""A table's game replayed through the referee from its stored deal results.

The club server keeps no scoring rule of its own: each table's round is a
:class:`referee.game.Game`, and every stored result (as corrected, or voided)
is recorded into it in deal order with ``record_deal`` (after
:func:`referee.results.check_points`) or ``record_bids``, exactly as the
kiosk's quick score does. A result is accepted only if the game so replayed
takes it; standings read the replayed games' scores.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.game import Game
from referee.results import ResultError, check_penalty, check_points
from referee.ruleset import Ruleset

from .notation import Score

__all__ = ["Deal", "Refusal", "finished", "new_game", "record", "replay"]


class Refusal(ValueError):
    """A result the server does not take; ``kind`` and ``params`` say why, ``str()`` in one line."""

    def __init__(self, kind: str, message: str, status: int = 422, **params: object) -> None:
        self.kind = kind
        self.status = status  # the HTTP status the server answers with
        self.params = params
        super().__init__(message)


@dataclass(frozen=True)
class Deal:
    """A stored deal's result as it now stands: its number (from 1), the score, or None if voided."""

    number: int
    score: Score | None
    dealer: int | None = None  # the seat that dealt it, where the table said so


def new_game(rules: Ruleset, players: int) -> Game:
    """A table's game before its first deal; seat 0 deals first unless the first result says otherwise."""
    first = rules.first_dealer
    return Game(rules, players, dealer=first % players if isinstance(first, int) else 0)


def finished(game: Game, deals_per_round: int | None) -> bool:
    """Whether a table's round is over: the game has ended, or the evening's deals for a round are played."""
    # (a compulsory solo dealt again by the same dealer is not one of the round's deals)
    return game.is_over or (deals_per_round is not None and len(game.results) - game.extra_deals >= deals_per_round)


def record(game: Game, deal: Deal, deals_per_round: int | None = None) -> None:
    """Record one deal into the game, checked by the referee; raises ResultError or Refusal."""
    expected = len(game.results) + 1
    if deal.number != expected:
        raise Refusal("deal-order", f"deal {expected} comes next, not deal {deal.number}", 409, next=expected)
    if finished(game, deals_per_round):
        if game.is_over:
            raise Refusal("game-over", "the game at this table is over", deal=deal.number)
        raise Refusal("round-full", f"a round has {deals_per_round} deals", deals=deals_per_round)
    if deal.dealer is not None and deal.dealer != game.dealer:
        if game.results:
            raise Refusal(
                "dealer",
                f"deal {deal.number} is dealt by seat {game.dealer + 1}, not seat {deal.dealer + 1}",
                deal=deal.number,
                seat=game.dealer,
            )
        if not 0 <= deal.dealer < game.players:
            raise Refusal("dealer", f"the dealer is a seat from 1 to {game.players}", players=game.players)
        game.set_first_dealer(deal.dealer)
    score = deal.score
    if score is None:  # voided: the deal scores nothing; the later deals keep their numbers
        game.record_deal([0] * game.players)
    elif score.points is not None:
        check_points(game.rules, game.players, score.points)
        try:
            game.record_deal(score.points, solo=score.solo)
        except ValueError as exc:  # the soloist: none owed, or not the player the Vorführung forces
            raise Refusal("solo", str(exc), deal=deal.number) from None
    else:
        assert score.bids is not None and score.tricks is not None
        game.record_bids(score.bids, score.tricks)
    if score is not None:
        for points in score.penalties:  # a revoke the table confirmed, booked on its deal
            index = len(game.results) - 1  # its deal's points and the penalties booked on it before
            given = [p.points for p in game.penalties if p.deal == index]
            check_penalty(game.rules, game.players, points, game.results[index].points, given, game.scores)
            game.add_penalty(points, index)


def replay(rules: Ruleset, players: int, deals: Sequence[Deal], deals_per_round: int | None = None) -> Game:
    """A table's game with ``deals`` recorded in order; a refusal names the deal that failed in ``params``."""
    game = new_game(rules, players)
    for deal in deals:
        try:
            record(game, deal, deals_per_round)
        except (ResultError, Refusal) as exc:
            exc.params.setdefault("deal", deal.number)
            raise
    return game
