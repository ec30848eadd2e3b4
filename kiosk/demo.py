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
import sqlite3
from pathlib import Path

from referee import Game, load_ruleset
from referee.bots import choose


def game_script(
    ruleset: str, seed: int = 1, names: list[str] | None = None, max_deals: int = 200, players: int = 0
) -> list[str]:
    """The script of a whole game (at most ``max_deals``) of ``names`` (else ``players``, numbered as the kiosk
    numbers them: `new oh-hell 5`; else the ruleset's own number of players, named Ann, Ben, ...)."""
    rules = load_ruleset(ruleset)
    game = Game(rules, players=len(names) if names else players or rules.default_players, seed=seed, dealer=0)
    if names or not players:
        names = names or ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"][: game.players]
        lines = [f"new {ruleset} {' '.join(names)}", "dealer 0"]
    else:
        lines = [f"new {ruleset} {players}", "dealer 0"]
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


def history_journal(path: Path, finished: int = 11, version: int = 4, seeds: int = 20) -> Path:
    """A journal with ``finished`` whole Hearts games (``seeds`` games over and over) and one half-played one, written
    in one transaction, as a kiosk that has lived for months holds them (bench/kiosk.py, the start-up tests).

    ``version=1``: the journal as the first kiosk wrote it, without each game's length and position.
    """
    from .core import replay
    from .journal import APPLICATION_ID, SCHEMA, entry_crc
    from .session import position

    scripts = [game_script("hearts", seed) for seed in range(1, min(finished, seeds) + 1)]
    half = game_script("hearts", seeds + 1)  # the game under way, the same in every journal
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.execute("PRAGMA journal_mode=WAL")
    if version == 1:
        db.executescript(
            "CREATE TABLE games (id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, names TEXT NOT NULL);"
            "CREATE TABLE entries (game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
            " line TEXT NOT NULL, PRIMARY KEY (game, seq));"
        )
    else:
        db.executescript(SCHEMA)
    with db:
        for n in range(finished + 1):
            lines = scripts[n % len(scripts)] if n < finished else half[: len(half) // 2]
            names = " ".join(lines[0].split()[2:])
            row: tuple[str, tuple[object, ...]]
            if version == 1:
                row = ("INSERT INTO games (ruleset, names) VALUES (?, ?)", ("hearts", names))
            else:
                pos = position(replay(lines)) if n == finished else None
                state = (0, pos.deal, pos.trick) if pos is not None else (1, None, None)
                row = (
                    "INSERT INTO games (ruleset, names, length, over, deal, trick) VALUES (?, ?, ?, ?, ?, ?)",
                    ("hearts", names, len(lines), *state),
                )
            game = db.execute(*row).lastrowid
            assert game is not None
            if version == 1:
                db.executemany(
                    "INSERT INTO entries (game, seq, line) VALUES (?, ?, ?)",
                    [(game, i, line) for i, line in enumerate(lines, start=1)],
                )
            else:
                db.executemany(
                    "INSERT INTO entries (game, seq, line, crc) VALUES (?, ?, ?, ?)",
                    [(game, i, line, entry_crc(game, i, line)) for i, line in enumerate(lines, start=1)],
                )
    db.execute(f"PRAGMA user_version={version}")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("\n".join(game_script(args.ruleset, args.seed)))


if __name__ == "__main__":
    main()
