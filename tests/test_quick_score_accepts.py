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
from referee.mechanisms import card_contract, last_trick, roem
from referee.results import ResultError, check_points, score_card_deal

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


CARD_DEALS = [rid for rid in bundled_ids() if card_contract.active(card_contract.of(rules(rid)))]


@pytest.mark.parametrize("rid", CARD_DEALS)
def test_a_card_deal_entered_as_the_score_sheet_keeps_it_scores_as_played(rid: str) -> None:
    # Klaverjassen's sheet: who chose trump, each side's card points (the last trick's ten in them), each side's
    # roem, and the side that took every trick. Entered from a played deal, it scores what the play scored.
    rs = rules(rid)
    melds, last = roem.of(rs), last_trick.of(rs).points
    for seed in range(40):
        deal = random_deal(Game(rs, 4, seed=seed), random.Random(seed))
        assert deal.maker is not None and deal.trump is not None
        side = deal.teams
        cards, bonus = [0, 0], [0, 0]
        for seat, taken in enumerate(deal.taken_points()):
            cards[side[seat]] += taken
        cards[side[deal.tricks[-1].winner]] += last
        for trick in deal.tricks:
            found = roem.melds(melds, rs.deck, [rs.deck.index[c] for c in trick.cards], deal.trump)
            bonus[side[trick.winner]] += sum(m.points for m in found)
        takers = {side[trick.winner] for trick in deal.tricks}
        pit = takers.pop() if len(takers) == 1 else None
        assert score_card_deal(rs, 4, deal.maker, cards, bonus, pit) == deal.points(), seed
