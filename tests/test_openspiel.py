"""Differential tests: the referee against DeepMind's OpenSpiel, deal by deal.

Every Hearts option combination OpenSpiel has (2^8 = 256) is written as a house
rule on top of ``hearts.yaml``; Euchre's two options on top of ``euchre.yaml``;
OpenSpiel's Spades on top of ``spades.yaml``; its Oh Hell options (players 3-7,
``num_tricks_fixed``, ``off_bid_penalty``, ``points_per_trick``: 80
combinations) on top of ``oh-hell.yaml``. At every step both engines must offer
the same legal actions (bids included) to the same player, and at the end give
the same scores. OpenSpiel plays one deal per episode, so each deal is compared
on its own; game ends are not. What OpenSpiel's Spades and Oh Hell play is
written down in ``openspiel_diff.py``'s docstring, and
``test_openspiel_action_names`` re-checks the numbering and bidding facts
against OpenSpiel alone. Run with ``make test-openspiel`` (installs open_spiel).
"""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import pytest
from openspiel_diff import (
    EUCHRE_OPTIONS,
    HEARTS_OPTIONS,
    SKAT_PLAYER,
    all_combinations,
    compare_euchre,
    compare_hearts,
    compare_oh_hell,
    compare_skat,
    compare_spades,
    compare_spades_game,
    euchre_house_rule,
    hearts_house_rule,
    oh_hell_combinations,
    oh_hell_house_rule,
    openspiel_playout,
    skat_card,
    skat_house_rule,
    spades_game_house_rule,
    spades_house_rule,
    write_rules,
)

pytestmark = pytest.mark.openspiel

HEARTS_DEALS = 10_240  # 40 per combination
EUCHRE_DEALS = 10_000  # 2,500 per combination
SPADES_DEALS = 10_000  # in 10 chunks of 1,000
SPADES_CHUNKS = 10
SPADES_GAMES = 200  # whole games, bags carried from deal to deal, in 4 chunks
SPADES_GAME_DEALS = 25  # at most, per game
OH_HELL_DEALS = 10_000  # 125 per combination
OH_HELL_COMBINATIONS = oh_hell_combinations()
SKAT_DEALS = 10_000  # in 4 chunks of 2,500
# What every chunk of 1,000 random Spades deals must exercise (each comes up
# 17 to 900 times per 1,000 with a third of the bids the lowest allowed).
SPADES_FEATURES = {
    "made",
    "set",
    "nil made",
    "nil set",
    "nil tricks make the bid",
    "double nil",
    "side bids 13",
    "ten bags",
}


@pytest.fixture(scope="module")
def pyspiel() -> Any:
    # Imported here, not at module level: `make test` collects this file
    # without open_spiel installed; `make test-openspiel` installs it.
    return importlib.import_module("pyspiel")


@pytest.mark.parametrize("combo", range(256))
def test_hearts_matches_openspiel(pyspiel: Any, tmp_path: Path, combo: int) -> None:
    options = all_combinations(HEARTS_OPTIONS)[combo]
    rules = write_rules(tmp_path, hearts_house_rule(options))
    rng = random.Random(combo)
    steps = sum(compare_hearts(pyspiel, rules, options, rng) for _ in range(HEARTS_DEALS // 256))
    assert steps > 0


@pytest.mark.parametrize("combo", range(4))
def test_euchre_matches_openspiel(pyspiel: Any, tmp_path: Path, combo: int) -> None:
    options = all_combinations(EUCHRE_OPTIONS)[combo]
    rules = write_rules(tmp_path, euchre_house_rule(options))
    rng = random.Random(1000 + combo)
    steps = sum(compare_euchre(pyspiel, rules, options, rng) for _ in range(EUCHRE_DEALS // 4))
    assert steps > 0


@pytest.mark.parametrize("name", ["spades", "oh_hell"])
def test_openspiel_action_names(pyspiel: Any, name: str) -> None:
    """Our reading of OpenSpiel's actions, checked against OpenSpiel alone (no ruleset needed)."""
    rng = random.Random(7)
    combos: list[dict[str, Any]] = [{}] if name == "spades" else OH_HELL_COMBINATIONS
    per_combo = 200 // len(combos) + 2
    checked = sum(openspiel_playout(pyspiel, name, combo, rng) for combo in combos for _ in range(per_combo))
    assert checked > 0


@pytest.mark.parametrize("chunk", range(SPADES_CHUNKS))
def test_spades_matches_openspiel(pyspiel: Any, tmp_path: Path, chunk: int) -> None:
    rules = write_rules(tmp_path, spades_house_rule())
    rng = random.Random(2000 + chunk)
    seen: set[str] = set()
    steps = sum(compare_spades(pyspiel, rules, rng, seen) for _ in range(SPADES_DEALS // SPADES_CHUNKS))
    assert steps > 0
    assert seen >= SPADES_FEATURES, SPADES_FEATURES - seen


@pytest.mark.parametrize("chunk", range(4))
def test_spades_games_match_openspiel(pyspiel: Any, tmp_path: Path, chunk: int) -> None:
    """Whole games: OpenSpiel is given our running scores, from which it counts bags."""
    write_rules(tmp_path, spades_house_rule())
    rules = write_rules(tmp_path, spades_game_house_rule())
    rng = random.Random(3000 + chunk)
    seen: set[str] = set()
    deals = sum(compare_spades_game(pyspiel, rules, rng, SPADES_GAME_DEALS, seen) for _ in range(SPADES_GAMES // 4))
    assert deals > SPADES_GAMES // 4
    assert seen == {"carried bags", "negative carry"}, seen


@pytest.mark.parametrize("combo", range(len(OH_HELL_COMBINATIONS)))
def test_oh_hell_matches_openspiel(pyspiel: Any, tmp_path: Path, combo: int) -> None:
    options = OH_HELL_COMBINATIONS[combo]
    rules = write_rules(tmp_path, oh_hell_house_rule(options))
    rng = random.Random(4000 + combo)
    per_combo = OH_HELL_DEALS // len(OH_HELL_COMBINATIONS)
    steps = sum(compare_oh_hell(pyspiel, rules, options, rng) for _ in range(per_combo))
    assert steps > 0


@pytest.mark.parametrize("chunk", range(4))
def test_skat_matches_openspiel(pyspiel: Any, tmp_path: Path, chunk: int) -> None:
    """OpenSpiel's simplified Skat as a house rule of skat.yaml: the games named first-come, the skat always
    taken up and two cards laid away, Vorhand leading, a null ending at the declarer's first trick; the
    same legal actions at every step and the same card points (a null, the same outcome) at the end."""
    rules = write_rules(tmp_path, skat_house_rule())
    rng = random.Random(5000 + chunk)
    seen: set[str] = set()
    steps = sum(compare_skat(pyspiel, rules, rng, seen) for _ in range(SKAT_DEALS // 4))
    assert steps > 0
    games = {"solo diamonds", "solo hearts", "solo spades", "solo clubs", "solo grand"}
    assert seen >= games | {"null won", "null lost", "all pass"}, seen


def test_openspiel_skat_facts(pyspiel: Any) -> None:
    """Our reading of OpenSpiel's Skat (tests/openspiel_diff.py's notes), checked against OpenSpiel alone."""
    state = pyspiel.load_game("skat").new_initial_state()
    assert [state.action_to_string(a) for a in range(32)] == [skat_card(a)[1] + skat_card(a)[0] for a in range(32)]
    for card in range(32):  # each card dealt in index order: the k-th goes where SKAT_PLAYER says
        state.apply_action(card)
    assert state.current_player() == 0
    assert state.legal_actions() == list(range(32, 39))  # pass and the six games, for everyone in turn
    hands = [[skat_card(k) for k in range(32) if SKAT_PLAYER[k] == p] for p in (0, 1, 2)]
    assert sorted(hands[0]) == sorted(["7D", "8D", "9D", "QH", "KH", "TH", "AH", "JS", "7C", "8C"])
    state.apply_action(32)
    state.apply_action(37)  # player 1 names grand: the bidding is over, player 1 takes the skat up
    assert state.current_player() == 1
    assert len(state.legal_actions()) == 12  # the hand's ten and the skat's two
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 0  # Vorhand leads, whoever declared
