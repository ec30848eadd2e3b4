"""Command-line commands of the referee: ``validate``, ``play``, ``stats`` and ``rules``.

They are plain click commands; ``trickbook.cli`` gathers them with the page
compiler's and the kiosk's into the ``trickbook`` program.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

import click

from .bots import choose
from .deck import Deck, display, make_deck
from .engine import Deal
from .errors import RulesetError
from .game import Game
from .loader import allowed_base_dirs, bundled_dir, bundled_ids, ruleset_files
from .ruleset import Ruleset, check_file, load_ruleset
from .stats import DEFAULT_GAMES, DEFAULT_SEED, MAX_DEALS, Stats, cached_stats, rounded, simulate

BID_WORDS = ("pass", "order-up", "alone", "partner")
MAX_SHOWN = 100  # problems printed per file by `trickbook validate`
SUIT_NAMES = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


BASE_DIR_HELP = (
    "A folder whose files `extends` may also name (repeat for more). Without it, a ruleset may extend "
    "bundled ids and files inside its own folder only."
)


@click.command()
@click.option(
    "--base-dir",
    "base_dirs",
    multiple=True,
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help=BASE_DIR_HELP,
)
@click.argument("paths", nargs=-1, required=True)
def validate(paths: tuple[str, ...], base_dirs: tuple[Path, ...]) -> None:
    """Check ruleset files (or folders of them) against the schema and the rules.

    Prints one line per problem, FILE:LINE:COL: $.PATH: MESSAGE (the first 100 of a file, then how
    many more), and exits with status 2 if any file has a problem, or if a folder holds no ruleset.
    """
    empty = [raw for raw in paths if Path(raw).is_dir() and not list(ruleset_files((raw,)))]
    files = list(ruleset_files(paths))
    bad = 0
    count = 0
    with allowed_base_dirs(base_dirs):
        for path in files:
            problems = check_file(path)
            for problem in problems[:MAX_SHOWN]:
                click.echo(str(problem))
            if len(problems) > MAX_SHOWN:  # a file of thousands of mistakes: the first ones, and the count
                click.echo(f"{path}: {len(problems) - MAX_SHOWN} more problem(s) not shown")
            count += len(problems)
            bad += bool(problems)
    if bad:
        click.echo(f"{count} problem(s) in {bad} of {len(files)} file(s)", err=True)
    elif files:
        click.echo(f"{len(files)} file(s) valid", err=True)
    for folder in empty:
        click.echo(f"nothing to validate in {folder}: it holds no .yaml or .yml file", err=True)
    if bad or empty:
        sys.exit(2)


def load_or_exit(ref: str) -> Ruleset:
    try:
        return load_ruleset(ref)
    except RulesetError as exc:
        click.echo(str(exc), err=True)
        sys.exit(2)


def ruleset_title(rules: Ruleset) -> str:
    """The ruleset's title in English (or as written), else its id."""
    return rules.title if isinstance(rules.title, str) else rules.title.get("en", rules.id)


def card_text(code: str, deck: Deck | None = None) -> str:
    """A card as the transcript shows it: ``10♥`` for a French card, the code itself for other packs."""
    return display(deck or make_deck("french"), code)


def seat_list(seats: list[int]) -> str:
    return " and ".join(f"seat {s}" for s in seats)


def describe_deal(deal: Deal, transcript: list[str]) -> None:
    """Append a readable account of a finished deal to ``transcript``."""
    n = deal.players
    head = f"Deal {deal.number + 1}: dealer seat {deal.dealer}"
    if deal.rules.pass_count:
        head += f", pass {deal.pass_direction}" if deal.pass_direction != "hold" else ", no passing"
    if deal.hand_size != deal.layout.hand_size or deal.layout.schedule:
        head += f", {deal.hand_size} card(s) each"
    if deal.upcard is not None:
        head += f", upcard {card_text(deal.rules.deck.codes[deal.upcard], deal.rules.deck)}"
    if deal.turned is not None:
        head += f", dealer shows {card_text(deal.rules.deck.codes[deal.turned], deal.rules.deck)}"
    transcript.append(head)
    passes: dict[int, list[str]] = {}
    bids: list[str] = []
    for seat, action in deal.history:
        if seat is None:
            continue
        spoken = action.startswith(("call ", "bid ", "say ", "solo ")) or action in (
            "nil",
            "blind-nil",
            "hold",
            "healthy",
        )
        if action in BID_WORDS or spoken:
            bids.append(f"seat {seat} {action}")
    for seat in range(n):
        if deal.passed_cards(seat):
            passes[seat] = [card_text(c, deal.rules.deck) for c in deal.passed_cards(seat)]
    for seat, cards in passes.items():
        transcript.append(f"  seat {seat} passes {' '.join(cards)}")
    if bids:
        transcript.append("  bidding: " + ", ".join(bids))
    if deal.redeal:
        transcript.append("  everyone passed: the cards are thrown in and dealt again")
        return
    if deal.contract_tricks and deal.maker is not None:
        deck = deal.rules.deck
        trump = "no trump" if deal.trump is None else f"trump {card_text(deck.suits[deal.trump], deck)}"
        transcript.append(f"  contract: {deal.contract_tricks} tricks, {trump}, declared by seat {deal.maker}")
    if deal.trump is not None:
        suit = deal.rules.deck.suits[deal.trump]
        line = f"  trump {SUIT_NAMES.get(suit, suit) if deal.rules.deck.pack == 'french' else suit}"
        if deal.maker is not None:
            makers = [s for s in range(n) if deal.team_of(s) == deal.team_of(deal.maker)]
            line += f", made by seat {deal.maker} (makers: {seat_list(makers)})"
        if deal.alone:
            line += f", seat {deal.maker} plays alone"
        transcript.append(line)
    for i, trick in enumerate(deal.tricks):
        plays = ", ".join(f"{s}:{card_text(c, deal.rules.deck)}" for s, c in trick.plays)
        transcript.append(f"  trick {i + 1:2}: {plays}  -> seat {trick.winner}")
    if deal.said:
        said = ", ".join(f"seat {seat} {word} ({held} cards in hand)" for seat, _, word, held in deal.said)
        transcript.append(f"  announced: {said}")
    if deal.rules.plan.side_maker is not None:  # the deal's own sides (Doppelkopf's Re and Kontra)
        side = [s for s in range(n) if deal.team_of(s) == 0]
        transcript.append(f"  sides: {seat_list(side)} against {seat_list([s for s in range(n) if s not in side])}")
    if deal.claimed_by is not None:
        transcript.append(f"  seat {deal.claimed_by} takes the remaining tricks")
    elif len(deal.tricks) < deal.hand_size:
        transcript.append("  no points left in play: the remaining tricks are skipped")
    if deal.shooter is not None:
        transcript.append(f"  seat {deal.shooter} shot the moon")
    for result in deal.results:
        seats = seat_list([s for s in range(n) if deal.sides[s] == result.side])
        bid = "nil only" if result.bid < 0 else f"bid {result.bid}, took {result.tricks}"
        verdict = "made" if result.made else "set"
        line = f"  {seats}: {bid}, {verdict} ({result.contract:+}"
        if result.nil:
            line += f", nil {result.nil:+}"
        if result.bag_points:
            line += f", bags {result.bag_points:+}"
        transcript.append(line + ")")
    transcript.append("  deal points: " + " / ".join(str(p) for p in deal.points()))


@click.command()
@click.argument("ruleset")
@click.option("--players", type=int, default=None, help="Number of players (default: the ruleset's).")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the shuffles.")
def play(ruleset: str, players: int | None, seed: int) -> None:
    """Play a whole game of RULESET between simple bots and print it."""
    rules = load_or_exit(ruleset)
    try:
        game = Game(rules, players=players, seed=seed)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    rng = random.Random(seed)
    click.echo(f"{ruleset_title(rules)}: {game.players} players, seed {seed}")
    safety = 1000  # a game that never ends is a ruleset bug; do not hang
    while not game.is_over and safety:
        safety -= 1
        deal = game.new_deal()
        while deal.phase != "done":
            deal.apply(choose(deal, rng))
        transcript: list[str] = []
        describe_deal(deal, transcript)
        result = game.finish_deal(deal)
        transcript.append("  scores: " + " / ".join(str(s) for s in result.scores))
        click.echo("\n".join(transcript))
    if not game.is_over:
        raise click.ClickException("the game did not end within 1000 deals")
    winners = ", ".join(f"seat {s} ({game.scores[s]})" for s in game.winners)
    click.echo(f"Game over after {game.deals_played} deals. Winner: {winners}")


def load_one_line(ref: str) -> Ruleset:
    """The ruleset, or exit 2 with one line: its first problem, and how many more ``validate`` lists."""
    try:
        return load_ruleset(ref)
    except RulesetError as exc:
        first, more = exc.problems[0], len(exc.problems) - 1
        tail = f" (and {more} more: `trickbook validate` lists them)" if more else ""
        click.echo(f"{first}{tail}", err=True)
        sys.exit(2)


STATS_FORMAT_HELP = (
    "table: aligned text for people. json: the counts, with the derived figures under `figures`. "
    "csv: two columns, figure,value: one row per figure (shares are fractions of 1), then "
    "points_share_CODE rows (each scoring card's share of all card points taken, e.g. points_share_QS) "
    "and games_with_N_deals rows (how many finished games had N deals)."
)


@click.command("stats")
@click.argument("ruleset")
@click.option(
    "--games", type=click.IntRange(min=1), default=DEFAULT_GAMES, show_default=True, help="Games to simulate."
)
@click.option("--jobs", type=click.IntRange(min=1), default=None, help="Worker processes (default: one per CPU).")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="Seed of the whole run.")
@click.option("--players", type=int, default=None, help="Number of players (default: the ruleset's).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "csv", "json"]),
    default="table",
    show_default=True,
    help=STATS_FORMAT_HELP,
)
@click.option("--no-cache", is_flag=True, help="Simulate anew, and leave the cache as it is.")
def stats_command(
    ruleset: str, games: int, jobs: int | None, seed: int, players: int | None, fmt: str, no_cache: bool
) -> None:
    """Simulate whole games of RULESET between the bots and print what its rules do.

    Deals per game, how often the moon is shot, contracts and nil bids made,
    each scoring card's share of the points, how often the first leader takes
    the first trick, and a seat's points per deal; figures that do not apply to
    the ruleset are left out. Game i is seeded from (SEED, i) alone: the output
    is the same for any --jobs. Results are cached in $TRICKBOOK_CACHE, else
    $XDG_CACHE_HOME/trickbook/stats, else ~/.cache/trickbook/stats.
    """
    rules = load_one_line(ruleset)
    try:
        rules.layout(rules.default_players if players is None else players)
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None
    jobs = jobs or os.cpu_count() or 1

    def run(progress: Callable[[int], None] | None) -> Stats:
        if no_cache:
            return simulate(rules, games, seed, jobs=jobs, progress=progress, players=players)
        return cached_stats(rules, games, seed, jobs=jobs, progress=progress, players=players)

    if sys.stderr.isatty():  # a bar for people; nothing at all on a pipe or in a log
        with click.progressbar(length=games, label="simulating", file=sys.stderr) as bar:
            result = run(bar.update)
    else:
        result = run(None)
    if fmt == "json":
        click.echo(json.dumps(result.to_dict(), sort_keys=True, indent=2))
    elif fmt == "csv":
        click.echo(stats_csv(result), nl=False)
    else:
        click.echo(stats_table(result, rules))


def stats_csv(stats: Stats) -> str:
    """``figure,value`` rows: the run, the figures, each card's share, then the deals-per-game counts."""
    rows: list[tuple[str, object]] = [
        ("ruleset", stats.ruleset),
        ("players", stats.players),
        ("games", stats.games),
        ("seed", stats.seed),
    ]
    rows += [(name, rounded(value)) for name, value in stats.figures().items()]
    rows += [(f"points_share_{code}", rounded(share)) for code, share in stats.card_shares().items()]
    rows += [(f"games_with_{deals}_deals", count) for deals, count in stats.deal_counts]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("figure", "value"))
    writer.writerows(rows)
    return out.getvalue()


def _share(part: int | None, whole: int, of: str) -> str:
    """``12.5% of 96 deals``; ``no nil bids`` when there were none."""
    return f"{(part or 0) / whole:.1%} of {whole} {of}" if whole else f"no {of}"


def stats_table(stats: Stats, rules: Ruleset) -> str:
    """The figures as aligned English text, with a bar per number of deals a game had."""
    deck = rules.deck
    lines = [
        f"{ruleset_title(rules)} ({stats.ruleset}): {stats.games} games of {stats.players} players, seed {stats.seed}"
    ]
    rows: list[tuple[str, str]] = []
    per_game = stats.deals_per_game()
    if per_game is not None:
        mean, sd, low, high = per_game
        rows.append(("deals per game", f"{mean:.2f} on average (sd {sd:.2f}, fewest {low}, most {high})"))
    if stats.unfinished:
        rows.append((f"games not over after {MAX_DEALS} deals", f"{stats.unfinished} (left out of deals per game)"))
    if stats.thrown_in is not None:
        rows.append(("deals thrown in", _share(stats.thrown_in, stats.thrown_in + stats.deals, "dealt")))
    if stats.moons is not None:
        rows.append(("moon shot", _share(stats.moons, stats.deals, "deals")))
    if stats.contracts is not None:
        label = "makers made their contract" if rules.trick_rows else "contracts made"  # Euchre: one per deal
        rows.append((label, _share(stats.contracts_made, stats.contracts, "contracts")))
    if stats.nil_bids is not None:
        rows.append(("nil bids made", _share(stats.nil_made, stats.nil_bids, "nil bids")))
    if stats.blind_nil_bids is not None:
        rows.append(("blind nil bids made", _share(stats.blind_nil_made, stats.blind_nil_bids, "blind nil bids")))
    rows.append(("first leader takes the first trick", _share(stats.first_leader_won, stats.first_tricks, "deals")))
    seat = stats.seat_points()
    if seat is not None:
        rows.append(("points per seat and deal", f"{seat[0]:.2f} on average (sd {seat[1]:.2f})"))
    width = max(len(label) for label, _ in rows)
    lines += [f"  {label:{width}}  {value}" for label, value in rows]
    shares = stats.card_shares()
    if shares:
        signs = "" if all(points >= 0 for _, points in stats.card_points or ()) else " (bonus cards by their size)"
        lines.append(f"share of all card points taken, by card{signs}")
        ranked = sorted(shares.items(), key=lambda item: -item[1])  # stable: deck order among equals
        cells = [f"{card_text(code, deck):>3} {share:6.1%}" for code, share in ranked]
        lines += ["  " + "   ".join(cells[i : i + 6]) for i in range(0, len(cells), 6)]
    if stats.deal_counts:
        lines.append("finished games by number of deals")
        most = max(count for _, count in stats.deal_counts)
        for deals, count in stats.deal_counts:
            bar = "#" * max(1, round(40 * count / most))
            lines.append(f"  {deals:4} deals {count:6}  {bar}")
    return "\n".join(lines)


@click.group()
def rules() -> None:
    """The bundled rulesets."""


@rules.command("list")
def rules_list() -> None:
    """List the bundled rulesets with their titles and player counts."""
    for rid in bundled_ids():
        try:
            r = load_ruleset(rid)
        except RulesetError as exc:
            click.echo(f"{rid:20} (invalid: {exc.problems[0].message})")
            continue
        title = ruleset_title(r)
        counts = ",".join(map(str, r.player_counts))
        base = f"  (extends {r.extends[0]})" if r.extends else ""
        click.echo(f"{rid:20} {title:28} {counts:10} {r.family}{base}")
    click.echo(f"({bundled_dir()})", err=True)
