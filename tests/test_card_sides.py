"""Sides by a card (referee.mechanisms.card_sides): Doppelkopf's Re party, the holders of the queens of clubs.

Deutscher Doppelkopf-Verband, Turnierspielregeln: the players with the queens of clubs form the Re party,
the two others the Kontra party (3.1); a player with both queens of clubs plays alone against three (3.2:
a solo or a Hochzeit). The deck and trumps as in tests/test_promoted.py; partners score together here so
that a side's card points show who played with whom.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from other_packs import DOPPELKOPF_CARDS

from referee import Game, Ruleset, RulesetError, load_ruleset
from referee.ruleset import check_file

DOKO = f"""\
id: t-doko-sides
players: {{counts: [4], teams: none, sides_by_card: {{card: QC}}}}
{DOPPELKOPF_CARDS}scoring: {{rank_points: {{A: 11, T: 10, K: 4, Q: 3, J: 2}}, teams: shared}}
game: {{deals: 4, winner: highest}}
"""


@pytest.fixture
def doko(tmp_path: Path) -> Ruleset:
    path = tmp_path / "t-doko-sides.yaml"
    path.write_text(DOKO, encoding="utf-8")
    return load_ruleset(path)


def _played(rules: Ruleset, seed: int, known: bool = True) -> tuple[list[int], tuple[int, ...], list[list[str]]]:
    """A random deal played out: its points, its sides, and each seat's hand as dealt."""
    rng = random.Random(seed)
    game = Game(rules, players=4, seed=seed)
    deal = game.new_deal(dealer=seed % 4)
    hands = [deal.hand(s) for s in range(4)]
    while deal.phase != "done":
        deal.apply(rng.choice(deal.legal_actions()))
    return deal.points(), deal.teams, hands


def test_the_holders_of_the_queens_of_clubs_play_together(doko: Ruleset) -> None:
    together = alone = 0
    for seed in range(60):
        points, teams, hands = _played(doko, seed)
        holders = [s for s in range(4) if "QC" in hands[s]]
        assert [s for s in range(4) if teams[s] == 0] == holders
        # Partners score together: each side's seats hold its total of the 240 card points.
        re = {points[s] for s in holders}
        kontra = {points[s] for s in range(4) if s not in holders}
        assert len(re) == 1 and len(kontra) == 1 and re.pop() + kontra.pop() == 240
        together += len(holders) == 2
        alone += len(holders) == 1  # both queens in one hand: one against three
    assert together and alone


def test_at_a_real_table_the_sides_come_from_who_played_the_queens(doko: Ruleset) -> None:
    rng = random.Random(5)
    known = Game(doko, players=4, seed=5).new_deal(dealer=0)
    hands = [known.hand(s) for s in range(4)]
    table = Game(doko, players=4, seed=5, unknown_hands=True).new_deal(dealer=0, leader=1)
    while known.phase != "done":
        action = rng.choice(known.legal_actions())
        known.apply(action)
        table.apply(action)
    assert table.teams == known.teams
    assert [s for s in range(4) if table.teams[s] == 0] == [s for s in range(4) if "QC" in hands[s]]
    assert table.points() == known.points()


def test_at_a_real_table_a_claim_waits_until_the_queens_are_played(doko: Ruleset) -> None:
    """A claim before every queen of clubs is played would give the tricks to a side nobody knows (issue 20's
    acceptance run scored Doppelkopf's card points then): refused, naming why; once both are played, taken,
    and the sides are those of the queens."""
    from referee import IllegalAction

    for seed in range(12):
        rng = random.Random(seed)
        known = Game(doko, players=4, seed=seed).new_deal(dealer=0)
        table = Game(doko, players=4, seed=seed, unknown_hands=True).new_deal(dealer=0, leader=1)
        queens = 0
        while known.phase != "done":
            between = not table.current_trick
            if between and table.tricks:
                assert table.may_claim() == (queens == 2), (seed, queens)
                if queens < 2:
                    with pytest.raises(IllegalAction, match="sides are not known"):
                        table.claim(0)
                else:
                    seat = table.to_act
                    assert seat is not None
                    table.claim(seat)
                    assert table.phase == "done" and sum(table.tricks_won) == 12
                    assert table.teams == known.teams
                    break
            action = rng.choice(known.legal_actions())
            queens += action == "QC"
            known.apply(action)
            table.apply(action)
        assert not table.may_claim()


def test_sides_by_a_card_replace_fixed_partnerships(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(DOKO.replace("teams: none,", "teams: opposite,"), encoding="utf-8")
    with pytest.raises(RulesetError, match=r"sides by a card replace fixed partnerships"):
        load_ruleset(path)


def test_sides_by_a_card_are_refused_where_the_card_could_lie_undealt(tmp_path: Path) -> None:
    # A house rule of Doppelkopf with the pack's every rank (104 cards) still deals 12 each: a queen of clubs could
    # lie undealt, nobody would be Re, and the deal scored no party game; quick score then refused its points (a
    # random house rule of tests/test_random_rulesets.py found it). Refused at its line instead.
    path = tmp_path / "r.yaml"
    path.write_text("id: r\nextends: doppelkopf\ndeck:\n  ranks: null\n", encoding="utf-8")
    (problem,) = check_file(path)
    assert str(problem).startswith(f"{path}:4:10: $.deck.ranks: sides by a card need the whole pack dealt")
    assert "56 cards stay undealt" in str(problem)
