"""Doppelkopf's game value (referee.mechanisms.party_game), against 67 deal results worked from the rules.

The rows (tests/doppelkopf_worked.py) come from the Deutscher Doppelkopf-Verband's tournament rules
(Turnierspielregeln, Stand 21.02.2026), section 7, each naming its rule: Re winning at 121 and Kontra at
120, "gegen die Alten", keine 90/60/30/schwarz by points and by tricks, each announcement and what it
does to the targets, nobody winning, the extra points netted, a Hochzeit, solos threefold. Played deals
of the normal game are then checked against the rows' own calculator, trick by trick.
"""

from __future__ import annotations

import random
from pathlib import Path

import doppelkopf_worked as worked
import pytest
from other_packs import DOPPELKOPF_CARDS

from referee import Game, Ruleset, load_ruleset
from referee.mechanisms import party_game
from referee.mechanisms.party_game import LEVELS, PartyGameSettings, game_value

DDV = PartyGameSettings(points=240, fox="AD", charlie="JC", big_trick=40)
DOKO = f"""\
id: t-doko
players: {{counts: [4], teams: none, sides_by_card: {{card: QC}}}}
{DOPPELKOPF_CARDS}scoring:
  rank_points: {{A: 11, T: 10, K: 4, Q: 3, J: 2}}
  party_game: {{points: 240, fox: AD, charlie: JC, big_trick: 40}}
game: {{deals: 4, winner: highest}}
"""


def _inputs(row: worked.Result) -> tuple[tuple[bool, bool], tuple[int, int], tuple[int, int]]:
    said = ("re" in row.announced, "kontra" in row.announced)
    levels = tuple(
        max((LEVELS.index(a.split(":")[1]) for a in row.announced if a.startswith(party + ":")), default=-1)
        for party in ("re", "kontra")
    )
    extras = tuple(sum(1 for e in row.extras if e.startswith(party + ":")) for party in ("re", "kontra"))
    return said, (levels[0], levels[1]), (extras[0], extras[1])


@pytest.mark.parametrize("row", worked.ROWS, ids=lambda r: r.why[:70])
def test_the_game_value_of_a_worked_deal(row: worked.Result) -> None:
    said, levels, extras = _inputs(row)
    outcome = game_value(DDV, row.re_points, row.re_tricks, 12, said, levels, extras, row.re_players)
    winner = {0: "re", 1: "kontra", -1: "none"}[outcome.winner]
    assert (winner, outcome.value, outcome.scores) == (row.winner, row.value, row.per_player), row.why
    assert sum(outcome.scores) == 0


@pytest.fixture
def doko(tmp_path: Path) -> Ruleset:
    path = tmp_path / "t-doko.yaml"
    path.write_text(DOKO, encoding="utf-8")
    return load_ruleset(path)


def test_played_deals_score_as_the_worked_calculator_says(doko: Ruleset) -> None:
    # The normal game without announcements: the parties by the queens of clubs, the extra points from
    # the tricks as the rules name them (a fox caught, Karlchen's last trick, a trick of 40 or more).
    kinds = {"re": 0, "kontra": 0, "solo": 0, "extras": 0}
    for seed in range(150):
        rng = random.Random(seed)
        deal = Game(doko, players=4, seed=seed).new_deal(dealer=seed % 4)
        hands = [deal.hand(s) for s in range(4)]
        while deal.phase != "done":
            deal.apply(rng.choice(deal.legal_actions()))
        re = [s for s in range(4) if "QC" in hands[s]]
        re_points, re_tricks, extras = worked.tally([(t.plays, t.winner) for t in deal.tricks], re)
        game = "normal" if len(re) == 2 else "solo-farbe"  # both queens in one hand: a silent solo
        expected = worked.evaluate(game, re_points, re_tricks, (), extras, len(re))
        order = re + [s for s in range(4) if s not in re]
        points_now = deal.points()
        assert tuple(points_now[s] for s in order) == expected[2], (seed, re_points, extras)
        assert sum(points_now) == 0
        kinds[expected[0] if expected[0] != "none" else "re"] += 1
        kinds["solo"] += len(re) == 1
        kinds["extras"] += bool(extras)
    assert all(kinds.values()), kinds


def test_the_settings_read_back(doko: Ruleset) -> None:
    assert party_game.of(doko) == DDV
