"""Drive OpenSpiel and the referee through the same random deals, step by step.

Used by ``tests/test_openspiel.py`` and ``bench/engine.py``. OpenSpiel's
options are written as house-rule YAML on top of the bundled rulesets, so the
comparison also exercises ``extends``.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path
from typing import Any

from referee import Game, Ruleset, load_ruleset
from referee.cards import CODES

HEARTS_OPTIONS = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "must_break_hearts",
    "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
)
EUCHRE_OPTIONS = ("allow_lone_defender", "stick_the_dealer")

# OpenSpiel's pass direction (0 none, 1 left, 2 across, 3 right) as the deal
# number that gives it in the cycle [left, right, across, hold].
PASS_DIR_TO_NUMBER = {1: 0, 3: 1, 2: 2, 0: 3}


def hearts_house_rule(options: dict[str, bool]) -> str:
    """OpenSpiel's Hearts options as a ruleset extending hearts.yaml."""
    tag = "".join("1" if options[o] else "0" for o in HEARTS_OPTIONS)
    restriction = ""
    if options["must_break_hearts"]:
        breakers = "[H, QS]" if options["qs_breaks_hearts"] else "[H]"
        lift = "[QS]" if options["can_lead_hearts_instead_of_qs"] else "[]"
        restriction = f"\n    - cards: [H]\n      broken_by: {breakers}\n      lift_if_only: {lift}"
    return f"""\
id: openspiel-hearts-{tag}
extends: hearts
passing: {"{count: 3}" if options["pass_cards"] else "null"}
play:
  opening_lead:
    must_lead: {"that-suit" if options["can_lead_any_club"] else "that-card"}
  first_trick:
    forbid: {"[H, QS]" if options["no_pts_on_first_trick"] else "[]"}
  lead_restrictions:{restriction or " []"}
scoring:
  points:
    JD: {-10 if options["jd_bonus"] else 0}
  no_tricks_bonus: {-5 if options["avoid_all_tricks_bonus"] else 0}
"""


def euchre_house_rule(options: dict[str, bool]) -> str:
    tag = "".join("1" if options[o] else "0" for o in EUCHRE_OPTIONS)
    lone = options["allow_lone_defender"]
    return f"""\
id: openspiel-euchre-{tag}
extends: euchre
bidding:
  rounds:
    - kind: order-up
    - kind: call
      stick_the_dealer: {str(options["stick_the_dealer"]).lower()}
  alone: {"maker-and-defender" if lone else "maker"}
  dealer_discard:
    may_discard_upcard: false
scoring:
  tricks:
    - {{side: makers, won: [5], alone: true, points: 4}}
    - {{side: makers, won: [5], points: 2}}
    - {{side: makers, won: [3, 4], points: 1}}
    - {{side: defenders, won: [3, 4, 5], lone_defender: true, points: 4}}
    - {{side: defenders, won: [3, 4, 5], points: 2}}
"""


def all_combinations(names: tuple[str, ...]) -> list[dict[str, bool]]:
    return [dict(zip(names, values, strict=True)) for values in itertools.product((False, True), repeat=len(names))]


def write_rules(folder: Path, text: str) -> Ruleset:
    name = text.split("\n", 1)[0].split(": ")[1]
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def hearts_card(action: int) -> str:
    """OpenSpiel's Hearts card (rank * 4 + suit) as a card code."""
    return CODES[(action % 4) * 13 + action // 4]


def euchre_card(action: int) -> str:
    """OpenSpiel's Euchre card (rank * 4 + suit, ranks 9..A) as a card code."""
    return CODES[(action % 4) * 13 + 7 + action // 4]


EUCHRE_WORDS = {24: "pass", 29: "alone", 30: "partner"}


def compare_hearts(pyspiel: Any, rules: Ruleset, options: dict[str, bool], rng: random.Random) -> int:
    """Play one random deal in both engines; assert they agree. Returns the steps compared."""
    state = pyspiel.load_game("hearts", dict(options)).new_initial_state()
    state.apply_action(rng.choice(state.legal_actions()))  # pass direction
    direction = state.history()[0]
    hands: list[list[str]] = [[], [], [], []]
    for k in range(52):
        card = rng.choice(state.legal_actions())
        state.apply_action(card)
        hands[k % 4].append(hearts_card(card))
    game = Game(rules, players=4, seed=0, dealer=3)
    deal = game.new_deal(hands=hands, dealer=3, number=PASS_DIR_TO_NUMBER[direction])
    steps = 0
    while not state.is_terminal():
        ours = sorted(deal.legal_actions())
        theirs = {hearts_card(a): a for a in state.legal_actions()}
        assert deal.to_act == state.current_player(), (deal.history, deal.to_act, state)
        assert ours == sorted(theirs), (options, deal.history, ours, sorted(theirs))
        pick = rng.choice(ours)
        deal.apply(pick)
        state.apply_action(theirs[pick])
        steps += 1
    assert deal.phase == "done", deal.phase
    expected = [round(26 - r) for r in state.returns()]
    assert deal.points() == expected, (options, deal.history, deal.points(), expected)
    return steps


def euchre_word(action: int) -> str:
    if action in EUCHRE_WORDS:
        return EUCHRE_WORDS[action]
    if 25 <= action <= 28:
        return "call " + "CDHS"[action - 25]
    return euchre_card(action)


def compare_euchre(pyspiel: Any, rules: Ruleset, options: dict[str, bool], rng: random.Random) -> int:
    state = pyspiel.load_game("euchre", dict(options)).new_initial_state()
    dealer = rng.choice(state.legal_actions())
    state.apply_action(dealer)
    hands: list[list[str]] = [[], [], [], []]
    for k in range(20):
        card = rng.choice(state.legal_actions())
        state.apply_action(card)
        hands[(dealer + k) % 4].append(euchre_card(card))
    upcard = rng.choice(state.legal_actions())
    state.apply_action(upcard)
    dealt = {c for h in hands for c in h} | {euchre_card(upcard)}
    rest = [c for c in map(euchre_card, range(24)) if c not in dealt]
    game = Game(rules, players=4, seed=0, dealer=dealer)
    deal = game.new_deal(hands=hands, dealer=dealer, stock=[euchre_card(upcard), *rest])
    upsuit = euchre_card(upcard)[1]
    steps = 0
    while not state.is_terminal():
        assert deal.to_act == state.current_player(), (deal.history, deal.to_act, str(state))
        theirs: dict[str, int] = {}
        for a in state.legal_actions():
            word = euchre_word(a)
            if word == f"call {upsuit}" and deal.phase == "bid" and "order-up" in deal.legal_actions():
                word = "order-up"
            theirs[word] = a
        ours = sorted(deal.legal_actions())
        assert ours == sorted(theirs), (options, deal.phase, deal.history, ours, sorted(theirs))
        pick = rng.choice(ours)
        deal.apply(pick)
        state.apply_action(theirs[pick])
        steps += 1
    assert deal.phase == "done", (deal.phase, deal.history)
    returns = [round(r) for r in state.returns()]
    points = deal.points()
    diff = [points[s] - points[(s + 1) % 4] for s in range(4)]
    assert diff == returns and min(points) == 0, (options, deal.history, points, returns)
    return steps
