"""Quick score never refuses a result the referee itself scores: a table entering the points of a deal it
really played must not be told "no deal of this game can end with these points" (the entry would be lost).

For every bundled game scored from points (not from bids, nor from card points and roem by side), random
deals at every player count are played by the referee and their points given to
:func:`referee.results.check_points`, the check the kiosk's quick score and the club server run. Bounded by
deals, not time.
"""

from __future__ import annotations

import random

import pytest
from helpers_deals import random_deal, rules

from referee import Game
from referee.loader import bundled_ids
from referee.results import ResultError, check_points

SEEDS = 8
DEALS = 3  # per game: the first deals, the moon and the penalty cards reached often enough
#: quick score's own refusal to take points at all: the game is entered by bids, or by card points and roem
NOT_BY_POINTS = ("bids-needed", "card-deal-needed")


def by_points(rid: str) -> bool:
    try:
        check_points(rules(rid), rules(rid).default_players, [0] * rules(rid).default_players)
    except ResultError as e:
        return e.kind not in NOT_BY_POINTS
    return True


GAMES = [rid for rid in bundled_ids() if by_points(rid)]


def test_most_bundled_games_are_scored_by_points() -> None:
    assert len(GAMES) >= 15, GAMES  # the Hearts family, Whist, Euchre, Doppelkopf, Skat


@pytest.mark.parametrize("rid", GAMES)
def test_quick_score_takes_every_result_the_referee_scores(rid: str) -> None:
    rs = rules(rid)
    checked = 0
    for players in rs.player_counts:
        for seed in range(SEEDS):
            game = Game(rs, players, seed=seed)
            rng = random.Random(seed)
            for _ in range(DEALS):
                if game.is_over:
                    break
                deal = random_deal(game, rng)
                points = deal.points()
                if not deal.redeal:
                    check_points(rs, players, points)  # raises ResultError: a real result refused
                    checked += 1
                game.finish_deal(deal)
    assert checked >= SEEDS
