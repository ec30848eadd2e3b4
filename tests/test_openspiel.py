"""Differential tests: the referee against DeepMind's OpenSpiel, deal by deal.

Every Hearts option combination OpenSpiel has (2^8 = 256) is written as a house
rule on top of ``hearts.yaml``; Euchre's two options on top of ``euchre.yaml``.
At every step both engines must offer the same legal actions, and at the end
give the same scores. Run with ``make test-openspiel`` (installs open_spiel).
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
    all_combinations,
    compare_euchre,
    compare_hearts,
    euchre_house_rule,
    hearts_house_rule,
    write_rules,
)

pytestmark = pytest.mark.openspiel

HEARTS_DEALS = 10_240  # 40 per combination
EUCHRE_DEALS = 10_000  # 2,500 per combination


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
