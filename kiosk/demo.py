"""Scripts of operator intents for whole games, made by bots playing for real.

``python -m kiosk.demo hearts --seed 1 > hearts.txt`` writes what an operator
would type while bots play a whole game with known hands: the upcard (or
Whist's turned card), who leads, each card, each bid (``bid order-up``,
``bid 3``, ``bid nil``), "answer yes" whenever the kiosk must ask (the
bots only break a restriction when they hold nothing else). The tests,
the benchmark and the README screenshots replay such scripts.
"""

from __future__ import annotations

import argparse
import random

from referee import Game, load_ruleset
from referee.bots import choose


def game_script(ruleset: str, seed: int = 1, names: list[str] | None = None, max_deals: int = 200) -> list[str]:
    rules = load_ruleset(ruleset)
    game = Game(rules, seed=seed, dealer=0)
    names = names or ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"][: game.players]
    lines = [f"new {ruleset} {' '.join(names)}", "dealer 0"]
    rng = random.Random(seed)
    # A shadow game with unknown hands tells when the kiosk will ask a question.
    shadow = Game(rules, players=game.players, seed=seed, dealer=0, unknown_hands=True)
    while not game.is_over and len(game.results) < max_deals:
        deal = game.new_deal()
        shown = deal.upcard if deal.upcard is not None else deal.turned  # Whist: the dealer's last card
        if shown is not None:
            lines.append(f"upcard {rules.deck.codes[shown]}")
        view = shadow.new_deal(stock=[rules.deck.codes[shown]] if shown is not None else None)
        while deal.phase != "done":
            if deal.phase == "pass":  # passing is not entered at a real table
                deal.apply(choose(deal, rng))
                continue
            if deal.phase == "discard":  # the dealer's discard is face down
                deal.apply(choose(deal, rng))
                continue
            if deal.phase == "play" and view.to_act is None:
                lines.append(f"lead {deal.to_act}")
                view.apply(f"leader {deal.to_act}")
            action = choose(deal, rng)
            seen = len(view.notes)
            if deal.phase == "play" and action not in rules.deck.index:  # an announcement (Doppelkopf's "re")
                lines.append(f"announce {deal.to_act} {action}")
            elif deal.phase == "play":
                lines.append(f"card {action}")
            elif deal.phase == "bid":
                lines.append(action if action.startswith("bid ") else f"bid {action}")
            elif deal.phase == "choose":
                lines.append(f"choose {action}")
            deal.apply(action)
            view.apply(action)
            if any(n.kind == "assumption" for n in view.notes[seen:]):
                lines.append("answer yes")
        if view.phase != "done" and view.to_act is not None:  # ended early on what only the hands show (the
            lines.append(f"claim {view.to_act}")  # leader takes the rest): the table agrees to a claim
            view.claim(view.to_act)
        game.finish_deal(deal)
        shadow.finish_deal(view)
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("\n".join(game_script(args.ruleset, args.seed)))


if __name__ == "__main__":
    main()
