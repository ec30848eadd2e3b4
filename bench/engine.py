"""Random deals per second: the referee's public API against OpenSpiel (pyspiel).

Both engines play whole deals with the same policy (a uniformly random legal
action at every step, chance included) in the same process, so the ratio is
measured, not assumed. Each game is set up alike on both sides: four players;
Hearts with a random pass direction; Oh Hell with a random hand size (a random
deal of the referee's 1-to-12-and-back schedule, OpenSpiel's uniform 1 to 12);
Skat with three, as OpenSpiel plays it (the house rule of skat.yaml in
``tests/openspiel_diff.py``: the game named first-come, the skat always taken up).
Times are CPU time of this process, each the best of a few rounds, and the
two engines take turns round by round, so that other work on the machine
disturbs the ratio less: a burst of it slows both sides' rounds alike.
Run: ``make bench`` (installs open_spiel) or ``.venv/bin/python bench/engine.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # openspiel_diff: OpenSpiel's rules as house rules

from openspiel_diff import skat_house_rule  # type: ignore[import-not-found]  # noqa: E402

from referee import COMPILED, Game, load_ruleset  # noqa: E402

#: (ruleset, OpenSpiel game, OpenSpiel parameters, players); a ruleset "openspiel-..." is a house rule
GAMES: tuple[tuple[str, str, dict[str, int], int], ...] = (
    ("hearts", "hearts", {}, 4),
    ("euchre", "euchre", {}, 4),
    ("spades", "spades", {}, 4),
    ("oh-hell", "oh_hell", {"players": 4}, 4),
    ("openspiel-skat", "skat", {}, 3),
)
HOUSE_RULES = {"openspiel-skat": skat_house_rule}


def referee_runner(ruleset: str, players: int) -> Callable[[random.Random], None]:
    if ruleset in HOUSE_RULES:
        folder = Path(tempfile.mkdtemp(prefix="trickbook-bench-"))
        path = folder / f"{ruleset}.yaml"
        path.write_text(HOUSE_RULES[ruleset](), encoding="utf-8")
        rules = load_ruleset(path)
    else:
        rules = load_ruleset(ruleset)
    game = Game(rules, players=players, seed=1)
    numbers = len(game.layout.schedule) or 4  # a random deal of the schedule, or pass direction

    def one(rng: random.Random) -> None:
        deal = game.new_deal(number=rng.randrange(numbers))
        choice = rng.choice
        while deal.phase != "done":
            deal.apply(choice(deal.legal_actions()))

    return one


def pyspiel_runner(name: str, params: dict[str, int]) -> Callable[[random.Random], None] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name, dict(params))

    def one(rng: random.Random) -> None:
        state = game.new_initial_state()
        choice = rng.choice
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))

    return one


def rates(runs: list[Callable[[random.Random], None]], seconds: float, rounds: int = 6) -> list[float]:
    """Deals per CPU second of each runner: the best of ``rounds`` rounds of about ``seconds / rounds``
    each, the runners taking turns round by round."""
    rng = random.Random(42)
    for run in runs:
        for _ in range(50):  # warm up
            run(rng)
    best = [0.0] * len(runs)
    for _ in range(rounds):
        for k, run in enumerate(runs):
            n = 0
            start = time.process_time()
            deadline = start + seconds / rounds
            while True:
                for _ in range(100):
                    run(rng)
                n += 100
                now = time.process_time()
                if now >= deadline:
                    break
            best[k] = max(best[k], n / (now - start))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    build = "compiled with mypyc" if COMPILED else "pure Python"
    print(f"referee engine: {build} (TRICKBOOK_PURE=1 for pure Python, `make compile` to build)")
    print(f"{'game':8} {'referee deals/s':>16} {'pyspiel deals/s':>16} {'ratio':>7}")
    for ruleset, spiel, params, players in GAMES:
        name = spiel.replace("_", "-")
        theirs_run = pyspiel_runner(spiel, params)
        if theirs_run is None:
            (ours,) = rates([referee_runner(ruleset, players)], args.seconds)
            print(f"{name:8} {ours:16,.0f} {'(no pyspiel)':>16} {'-':>7}")
            continue
        ours, theirs = rates([referee_runner(ruleset, players), theirs_run], args.seconds)
        print(f"{name:8} {ours:16,.0f} {theirs:16,.0f} {ours / theirs:7.2f}x")


if __name__ == "__main__":
    main()
