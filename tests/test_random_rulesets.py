"""A ruleset that validates plays a whole game: random house rules drawn from the schema.

Each example is a house rule of a bundled ruleset (``extends``) that overrides
a few settings with values drawn from the published JSON Schema itself (its
enums, ranges, patterns, arrays and objects), so the examples reach every
setting the schema allows, in combinations no bundled ruleset has. A ruleset
the engine cannot play must be refused by ``check_file`` at its line; one that
validates must deal, bid and play to the end of a game between random players
with a legal action at every step and without an exception, and quick score must
take every result it scored. The work is
bounded by steps and deals, never by time.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from generator.site import Builder
from referee import Game, load_ruleset
from referee.loader import bundled_ids, published_schema
from referee.results import ResultError, check_points
from referee.ruleset import check_file

SCHEMA = published_schema()
DEFS: dict[str, Any] = SCHEMA["$defs"]
SECTIONS = [k for k, v in SCHEMA["properties"].items() if "properties" in v]
# Numbers the schema leaves open are drawn small: a target of 10**9 is valid and playable but
# takes forever, and small numbers reach the interesting edges (0, 1, the hand size).
SMALL = 30
MAX_DEALS = 30  # a game with a target may not end within them; its deals must still all play
MAX_STEPS = 2_000  # actions in one deal: far more than any deal of 8 players and 13 cards needs


def resolve(node: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in node:
        node = {**DEFS[node["$ref"].rsplit("/", 1)[1]], **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def values(node: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values the schema node allows (most of them), small and plausible."""
    node = resolve(node)
    if "const" in node:
        return st.just(node["const"])
    if "enum" in node:
        return st.sampled_from(node["enum"])
    for key in ("oneOf", "anyOf"):
        if key in node:
            base = {k: v for k, v in node.items() if k != key}
            return st.one_of([values({**base, **option}, depth) for option in node[key]])
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of([values({**node, "type": k}, depth) for k in kind])
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "integer":
        low = node.get("minimum", -5)
        high = node.get("maximum", low + SMALL if low > -5 else SMALL)
        return st.integers(low, min(high, low + 200))
    if kind == "string":
        if "pattern" in node:
            return st.from_regex(node["pattern"], fullmatch=True).filter(lambda s: len(s) < 40)
        return st.text(alphabet="abcdefgh ", min_size=node.get("minLength", 1), max_size=12)
    if kind == "array":
        items = node.get("items", {"type": "integer"})
        if depth > 3:
            return st.just([])
        low = node.get("minItems", 0)
        high = min(node.get("maxItems", low + 4), low + 4)
        return st.lists(
            values(items, depth + 1), min_size=low, max_size=high, unique_by=repr if node.get("uniqueItems") else None
        )
    if kind == "object" or "properties" in node or "patternProperties" in node:
        return objects(node, depth)
    return st.just(None)


def objects(node: dict[str, Any], depth: int) -> st.SearchStrategy[dict[str, Any]]:
    props: dict[str, Any] = node.get("properties", {})
    required = set(node.get("required", ()))
    fixed = {k: values(props[k], depth + 1) for k in sorted(required) if k in props}
    optional = {k: values(v, depth + 1) for k, v in props.items() if k not in required}
    strategy = st.fixed_dictionaries(fixed, optional=optional) if depth < 4 else st.fixed_dictionaries(fixed)
    patterns: dict[str, Any] = node.get("patternProperties", {})
    if patterns and depth < 4:
        pattern, sub = next(iter(patterns.items()))
        extra = st.dictionaries(
            st.from_regex(pattern, fullmatch=True).filter(lambda s: len(s) < 10), values(sub, depth + 1), max_size=2
        )
        strategy = st.builds(lambda a, b: {**b, **a}, strategy, extra)
    return strategy


@st.composite
def house_rules(draw: st.DrawFn) -> dict[str, Any]:
    """A bundled ruleset with one to three of its sections' settings drawn anew from the schema."""
    doc: dict[str, Any] = {"id": "random-house-rule", "extends": draw(st.sampled_from(bundled_ids()))}
    for section in draw(st.lists(st.sampled_from(SECTIONS), min_size=1, max_size=4, unique=True)):
        fields = SCHEMA["properties"][section]["properties"]
        keys = draw(st.lists(st.sampled_from(sorted(fields)), min_size=1, max_size=3, unique=True))
        doc[section] = {k: draw(values(fields[k])) for k in keys}
    return doc


def play_whole_game(path: Path, seed: int) -> int:
    """Play the ruleset between random players at every player count; the number of deals played."""
    rules = load_ruleset(str(path))
    rng = random.Random(seed)
    deals = 0
    for n in rules.player_counts:
        try:  # whether a table enters this game's results as points (not bids, nor card points by side)
            check_points(rules, n, [0] * n)
            by_points = True
        except ResultError as e:
            by_points = e.kind not in ("bids-needed", "card-deal-needed")
        game = Game(rules, players=n, seed=seed)
        for _ in range(MAX_DEALS):
            if game.is_over:
                break
            deal = game.new_deal()
            for _ in range(MAX_STEPS):
                if deal.phase == "done":
                    break
                legal = deal.legal_actions()
                assert legal, f"no legal action for seat {deal.to_act} in phase {deal.phase}"
                deal.apply(rng.choice(legal))
            else:
                raise AssertionError(f"a deal of {n} players did not end in {MAX_STEPS} actions")
            points = deal.points()
            if by_points and not deal.redeal:  # quick score takes what the referee scored (else it is lost)
                check_points(rules, n, points)
            # A seat out of the deal (a dealer who sits out) scores nothing, unless a partner in the deal shares.
            active = deal.active_seats()
            for seat in range(n):
                if seat not in active and not any(deal.teams[s] == deal.teams[seat] for s in active):
                    assert points[seat] == 0, f"seat {seat} sat the deal out and scored {points[seat]}"
            game.finish_deal(deal)
            deals += 1
    return deals


def check_random_house_rules(tmp_path: Path, examples: int, least_valid: int, pages: bool = False) -> None:
    """Draw ``examples`` house rules: each is refused at a line, or validates and plays whole games.

    With ``pages``, each one that validates also gets its rule pages built, in English and Hebrew.
    """
    outcomes = {"valid": 0, "refused": 0}

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    )
    @given(doc=house_rules(), seed=st.integers(0, 2**16))
    def one(doc: dict[str, Any], seed: int) -> None:
        path = tmp_path / "house.yaml"
        path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
        note(path.read_text(encoding="utf-8"))
        problems = check_file(path)
        if problems:
            outcomes["refused"] += 1
            for p in problems:  # each refusal names a file (this one or its base), a line and a column
                assert re.match(r"[^:]+\.yaml:\d+:\d+: \$", str(p)), str(p)
            return
        outcomes["valid"] += 1
        deals = play_whole_game(path, seed)
        assert deals > 0
        if pages:
            built = Builder([load_ruleset(str(path))], ["en", "he"], "", None).pages()
            assert {"en/random-house-rule.html", "he/random-house-rule.card.html"} <= {p.path for p in built}

    one()
    # A test of playability that only ever saw refusals would prove nothing.
    assert outcomes["valid"] >= least_valid, outcomes


def test_every_ruleset_that_validates_plays_whole_games(tmp_path: Path) -> None:
    check_random_house_rules(tmp_path, examples=200, least_valid=50)  # 55 valid with Skat among the bases


@pytest.mark.slow
def test_many_more_random_rulesets_play_whole_games(tmp_path: Path) -> None:
    check_random_house_rules(tmp_path, examples=6000, least_valid=2000)


@pytest.mark.slow
def test_random_rulesets_that_validate_get_their_pages(tmp_path: Path) -> None:
    check_random_house_rules(tmp_path, examples=400, least_valid=120, pages=True)
