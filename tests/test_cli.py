"""The ``trickbook`` command: ``validate``, ``play`` and ``rules list``.

Most tests drive ``trickbook.cli.main`` with click's CliRunner; a couple run
the installed ``.venv/bin/trickbook`` entry point in a real subprocess.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner, Result

from referee import load_ruleset
from referee.ruleset import check_file
from trickbook.cli import COMMANDS, EXTRA_MODULES, SUMMARIES, main

REPO = Path(__file__).resolve().parents[1]
RULESETS = REPO / "rulesets"
TRICKBOOK = Path(sys.executable).parent / "trickbook"
PROBLEM_LINE = re.compile(r"(?P<file>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): (?P<path>\$\S*): (?P<message>\S.*)")

GOOD = "id: good\ngame:\n  target: 100\nscoring:\n  points: {H: 1}\n"
BAD = "id: bad\npasing:\n  count: 3\ngame:\n  target: lots\n"
BAD_LINES = [
    "bad.yaml:2:1: $.pasing: unknown key 'pasing' (did you mean 'passing'?); allowed here: $schema, bidding, "
    "communities, deal, deck, extends, family, game, id, notes, passing, play, players, scoring, source, summary, "
    "title, trump",
    'bad.yaml:5:11: $.game.target: expected a whole number, got "lots"',
]


def billion_laughs(levels: int = 9) -> str:
    out = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels + 1):
        out.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    return "\n".join([*out, "id: bomb"]) + "\n"


# Each kind of bad input: the files to write (name -> contents) and the file to validate.
BAD_INPUTS: dict[str, tuple[dict[str, str | bytes], str]] = {
    "syntax": ({"r.yaml": "id: a\ngame:\n  target: [100\nfoo: 1\n"}, "r.yaml"),
    "encoding": ({"r.yaml": b"id: a\ntitle: caf\xe9\n"}, "r.yaml"),
    "alias-bomb": ({"r.yaml": billion_laughs()}, "r.yaml"),
    "missing-file": ({}, "nope.yaml"),
    "cycle": ({"a.yaml": "id: a\nextends: b.yaml\n", "b.yaml": "id: b\nextends: a.yaml\n"}, "a.yaml"),
    "self-extend": ({"r.yaml": "id: a\nextends: r.yaml\n"}, "r.yaml"),
    "missing-base": ({"r.yaml": "id: a\nextends: gone.yaml\n"}, "r.yaml"),
    "too-large": ({"r.yaml": "id: a\n#" + "x" * (1 << 20) + "\n"}, "r.yaml"),
    "empty": ({"r.yaml": ""}, "r.yaml"),
    "top-level-list": ({"r.yaml": "- id: a\n"}, "r.yaml"),
    "duplicate-key": ({"r.yaml": "id: a\nid: b\n"}, "r.yaml"),
    "semantic": ({"r.yaml": "id: a\npassing:\n  count: 13\ngame:\n  target: 1\n"}, "r.yaml"),
    "python-tag": ({"r.yaml": "id: !!python/name:os.system\n"}, "r.yaml"),
    "deep-nesting": ({"r.yaml": "id: a\nx: " + "[" * 5000 + "]" * 5000 + "\n"}, "r.yaml"),
}


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(files: dict[str, str | bytes]) -> None:
    for name, text in files.items():
        path = Path(name)
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")


def assert_clean_exit(result: Result, code: int) -> None:
    """Exited with ``code`` through sys.exit, not through an uncaught exception."""
    assert result.exit_code == code, (result.exit_code, result.output, result.exception)
    if code:
        assert isinstance(result.exception, SystemExit), repr(result.exception)
    else:
        assert result.exception is None, repr(result.exception)
    assert "Traceback" not in result.output


# -- validate ------------------------------------------------------------------


def test_validate_bundled_rulesets_and_a_house_rule(runner: CliRunner, in_tmp: Path) -> None:
    write({"house.yaml": "id: house\nextends: hearts\npassing:\n  count: 4\n", "good.yaml": GOOD})
    result = runner.invoke(main, ["validate", str(RULESETS), "house.yaml", "good.yaml"])
    assert_clean_exit(result, 0)
    assert result.stdout == ""
    assert result.stderr.strip() == f"{len(list(RULESETS.glob('*.yaml'))) + 2} file(s) valid"


@pytest.mark.parametrize("name", sorted(p.name for p in RULESETS.glob("*.yaml")))
def test_validate_each_bundled_file(runner: CliRunner, name: str) -> None:
    result = runner.invoke(main, ["validate", str(RULESETS / name)])
    assert_clean_exit(result, 0)
    assert result.stderr.strip() == "1 file(s) valid"


def test_validate_takes_a_bundled_id_as_play_and_site_do(runner: CliRunner, in_tmp: Path) -> None:
    """``trickbook validate hearts`` checks the bundled file, where it said "no such ruleset file"; a file
    of that name in the folder still comes first, and a name that is neither is one line and status 2."""
    result = runner.invoke(main, ["validate", "hearts", "skat"])
    assert_clean_exit(result, 0)
    assert result.stderr.strip() == "2 file(s) valid"
    write({"hearts": BAD})  # a file named like a bundled id is the file
    result = runner.invoke(main, ["validate", "hearts"])
    assert_clean_exit(result, 2)
    result = runner.invoke(main, ["validate", "no-such-game"])
    assert_clean_exit(result, 2)
    assert result.stdout.startswith("no-such-game:1:1: $: no such ruleset file or bundled id")


def test_validate_bad_file_prints_one_line_per_problem_and_exits_2(runner: CliRunner, in_tmp: Path) -> None:
    write({"bad.yaml": BAD})
    result = runner.invoke(main, ["validate", "bad.yaml"])
    assert_clean_exit(result, 2)
    assert result.stdout.splitlines() == BAD_LINES
    for line in result.stdout.splitlines():
        assert PROBLEM_LINE.fullmatch(line), line
    assert result.stderr.strip() == "2 problem(s) in 1 of 1 file(s)"


def test_validate_output_is_the_problems_of_check_file(runner: CliRunner, in_tmp: Path) -> None:
    write({"bad.yaml": "id: Bad\nfamily: bridge\ndeck:\n  remove:\n    '3': [1H, 2X, 11H]\n"})
    result = runner.invoke(main, ["validate", "bad.yaml"])
    assert_clean_exit(result, 2)
    expected = [str(p) for p in check_file(Path("bad.yaml"))]
    assert len(expected) == 5
    assert result.stdout.splitlines() == expected
    assert result.stdout.splitlines()[2].startswith('bad.yaml:5:11: $.deck.remove["3"][0]: "1H" is not a card code')


def test_validate_several_files_reports_all_problems(runner: CliRunner, in_tmp: Path) -> None:
    write(
        {
            "good.yaml": GOOD,
            "bad.yaml": BAD,
            "worse.yaml": "id: worse\nfamily: bridge\n",
            "broken.yaml": "id: a\ngame: [\n",
        }
    )
    result = runner.invoke(main, ["validate", "good.yaml", "bad.yaml", "worse.yaml", "broken.yaml", "missing.yaml"])
    assert_clean_exit(result, 2)
    out = result.stdout.splitlines()
    assert out[:2] == BAD_LINES
    assert out[2].startswith('worse.yaml:2:9: $.family: "bridge" is not one of:')
    assert out[3].startswith("broken.yaml:3:1: $: YAML syntax error")
    assert out[4].startswith("missing.yaml:1:1: $: no such ruleset file")
    assert len(out) == 5
    assert not any(line.startswith("good.yaml") for line in out)
    assert result.stderr.strip() == "5 problem(s) in 4 of 5 file(s)"


def test_validate_folder_checks_every_yaml_file_inside(runner: CliRunner, in_tmp: Path) -> None:
    write(
        {
            "rules/good.yaml": GOOD,
            "rules/bad.yaml": BAD,
            "rules/house.yaml": "id: house\nextends: good.yaml\ngame:\n  winner: middle\n",
            "rules/README.txt": "not: [a ruleset\n",
        }
    )
    result = runner.invoke(main, ["validate", "rules"])
    assert_clean_exit(result, 2)
    out = result.stdout.splitlines()
    assert out == [line.replace("bad.yaml", "rules/bad.yaml") for line in BAD_LINES] + [
        'rules/house.yaml:4:11: $.game.winner: "middle" is not one of: lowest, highest'
    ]
    assert result.stderr.strip() == "3 problem(s) in 2 of 3 file(s)"


def test_validate_folder_of_valid_files(runner: CliRunner, in_tmp: Path) -> None:
    write({"rules/a.yaml": GOOD, "rules/b.yaml": "id: b\nextends: a.yaml\n"})
    result = runner.invoke(main, ["validate", "rules"])
    assert_clean_exit(result, 0)
    assert result.stderr.strip() == "2 file(s) valid"


def test_validate_folder_includes_yml_files(runner: CliRunner, in_tmp: Path) -> None:
    # `extends` accepts .yml paths as rulesets, so a folder's .yml files are rulesets too;
    # today they are skipped silently and a folder of them "validates" as 0 valid files.
    write({"rules/good.yaml": GOOD, "rules/bad.yml": BAD})
    result = runner.invoke(main, ["validate", "rules"])
    assert result.exit_code == 2, result.output
    assert any(line.startswith("rules/bad.yml:2:1: $.pasing") for line in result.stdout.splitlines())


def test_validate_a_folder_with_no_ruleset_says_there_is_nothing_to_validate(runner: CliRunner, in_tmp: Path) -> None:
    write({"empty/README.txt": "not a ruleset\n"})
    (in_tmp / "none").mkdir()
    result = runner.invoke(main, ["validate", "empty"])
    assert_clean_exit(result, 2)
    assert result.stdout == ""
    assert result.stderr.strip() == "nothing to validate in empty: it holds no .yaml or .yml file"
    write({"rules/good.yaml": GOOD})
    result = runner.invoke(main, ["validate", "rules", "none"])
    assert_clean_exit(result, 2)
    assert result.stderr.splitlines() == [
        "1 file(s) valid",
        "nothing to validate in none: it holds no .yaml or .yml file",
    ]


def test_validate_reports_an_extends_cycle_at_the_file_named(runner: CliRunner, in_tmp: Path) -> None:
    write({"rules/a.yaml": "id: a\nextends: b.yaml\n", "rules/b.yaml": "id: b\n\nextends: a.yaml\n"})
    result = runner.invoke(main, ["validate", "rules"])
    assert_clean_exit(result, 2)
    assert result.stdout.splitlines() == [
        "rules/a.yaml:2:10: $.extends: extends cycle: rules/a.yaml -> rules/b.yaml -> rules/a.yaml",
        "rules/b.yaml:3:10: $.extends: extends cycle: rules/b.yaml -> rules/a.yaml -> rules/b.yaml",
    ]


def test_validate_base_dir_lets_extends_name_files_in_that_folder(runner: CliRunner, in_tmp: Path) -> None:
    write({"shared/base.yaml": GOOD, "house/h.yaml": "id: h\nextends: ../shared/base.yaml\n"})
    refused = runner.invoke(main, ["validate", "house"])
    assert_clean_exit(refused, 2)
    assert refused.stdout.startswith("house/h.yaml:2:10: $.extends: '../shared/base.yaml' resolves to ")
    allowed = runner.invoke(main, ["validate", "--base-dir", "shared", "house"])
    assert_clean_exit(allowed, 0)
    assert allowed.stderr.strip() == "1 file(s) valid"
    missing = runner.invoke(main, ["validate", "--base-dir", "nowhere", "house"])
    assert_clean_exit(missing, 2)
    assert "'nowhere' does not exist" in missing.stderr


def test_validate_needs_a_path(runner: CliRunner) -> None:
    result = runner.invoke(main, ["validate"])
    assert_clean_exit(result, 2)
    assert "Missing argument" in result.stderr


@pytest.mark.parametrize("kind", list(BAD_INPUTS))
def test_validate_bad_input_exits_2_without_a_traceback(runner: CliRunner, in_tmp: Path, kind: str) -> None:
    files, target = BAD_INPUTS[kind]
    write(files)
    result = runner.invoke(main, ["validate", target])
    assert_clean_exit(result, 2)
    assert result.stdout.strip()
    assert result.stderr.strip().endswith("in 1 of 1 file(s)")


@pytest.mark.parametrize("kind", list(BAD_INPUTS))
def test_validate_bad_input_prints_only_problem_lines(runner: CliRunner, in_tmp: Path, kind: str) -> None:
    files, target = BAD_INPUTS[kind]
    write(files)
    result = runner.invoke(main, ["validate", target])
    lines = result.stdout.splitlines()
    assert lines
    for line in lines:
        assert PROBLEM_LINE.fullmatch(line), f"not a FILE:LINE:COL: $.PATH: MESSAGE line: {line!r}"


@pytest.mark.parametrize("kind", ["syntax", "encoding", "alias-bomb", "missing-file", "cycle", "deep-nesting"])
def test_play_bad_input_exits_2_without_a_traceback(runner: CliRunner, in_tmp: Path, kind: str) -> None:
    files, target = BAD_INPUTS[kind]
    write(files)
    result = runner.invoke(main, ["play", target])
    assert_clean_exit(result, 2)
    assert result.stdout == ""
    assert PROBLEM_LINE.fullmatch(result.stderr.splitlines()[0])


# -- play: Hearts --------------------------------------------------------------

RANK_ORDER = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


@dataclass
class DealText:
    head: str
    passes: dict[int, list[str]] = field(default_factory=dict)
    tricks: list[tuple[list[tuple[int, str]], int]] = field(default_factory=list)
    other: list[str] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)


def parse_game(text: str) -> tuple[str, list[DealText], str]:
    """Split a ``play`` transcript into its header, its deals and its last line."""
    lines = text.splitlines()
    header, last = lines[0], lines[-1]
    deals: list[DealText] = []
    for line in lines[1:-1]:
        if line.startswith("Deal "):
            deals.append(DealText(line))
            continue
        assert line.startswith("  "), line
        deal = deals[-1]
        if m := re.fullmatch(r"  seat (\d) passes (.+)", line):
            deal.passes[int(m[1])] = m[2].split()
        elif m := re.fullmatch(r"  trick +(\d+): (.+)  -> seat (\d)", line):
            assert int(m[1]) == len(deal.tricks) + 1
            plays = [(int(s), c) for s, c in (p.split(":") for p in m[2].split(", "))]
            deal.tricks.append((plays, int(m[3])))
        elif line.startswith("  deal points: "):
            deal.points = [int(x) for x in line.removeprefix("  deal points: ").split(" / ")]
        elif line.startswith("  scores: "):
            deal.scores = [int(x) for x in line.removeprefix("  scores: ").split(" / ")]
        else:
            deal.other.append(line)
    return header, deals, last


def hearts_points(card: str) -> int:
    return 13 if card == "Q♠" else 1 if card.endswith("♥") else 0


def check_hearts_game(text: str, players: int, hand: int, directions: list[str]) -> list[DealText]:
    _, deals, last = parse_game(text)
    assert deals
    running = [0] * players
    for number, deal in enumerate(deals, start=1):
        direction = directions[(number - 1) % len(directions)]
        assert re.fullmatch(
            rf"Deal {number}: dealer seat \d, " + ("no passing" if direction == "hold" else f"pass {direction}"),
            deal.head,
        ), deal.head
        if direction == "hold":
            assert deal.passes == {}
        else:
            assert sorted(deal.passes) == list(range(players))
            assert all(len(cards) == 3 for cards in deal.passes.values())
        assert len(deal.tricks) == hand
        taken = [0] * players
        leader = None
        for plays, winner in deal.tricks:
            assert len(plays) == players
            seats = [s for s, _ in plays]
            assert sorted(seats) == list(range(players))
            if leader is not None:
                assert seats[0] == leader  # the winner of a trick leads the next
            led_suit = plays[0][1][-1]
            followers = [(RANK_ORDER.index(c[:-1]), s) for s, c in plays if c[-1] == led_suit]
            assert winner == max(followers)[1]  # the highest card of the suit led wins
            taken[winner] += sum(hearts_points(c) for _, c in plays)
            leader = winner
        if 26 in taken:  # old moon: everyone else takes 26
            shooter = taken.index(26)
            assert deal.points == [0 if s == shooter else 26 for s in range(players)]
            assert f"  seat {shooter} shot the moon" in deal.other
        else:
            assert deal.points == taken
        running = [r + p for r, p in zip(running, deal.points, strict=True)]
        assert deal.scores == running
    assert max(running) >= 100
    m = re.fullmatch(r"Game over after (\d+) deals\. Winner: seat (\d) \((-?\d+)\)", last)
    assert m, last
    assert int(m[1]) == len(deals)
    assert running[int(m[2])] == int(m[3]) == min(running)
    assert running.count(min(running)) == 1
    return deals


def test_play_hearts_prints_the_whole_game(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "hearts", "--seed", "1"])
    assert_clean_exit(result, 0)
    text = result.stdout
    assert text.splitlines()[0] == "Hearts: 4 players, seed 1"
    deals = check_hearts_game(text, players=4, hand=13, directions=["left", "right", "across", "hold"])
    assert deals[0].tricks[0][0][0][1] == "2♣"  # the 2♣ leads
    assert "  seat 0 passes 7♥ 10♥ K♥" in text.splitlines()
    assert "  trick  1: 1:2♣, 2:4♣, 3:6♣, 0:3♣  -> seat 3" in text.splitlines()
    assert text.splitlines()[-1] == "Game over after 12 deals. Winner: seat 1 (38)"


def test_play_hearts_is_reproducible_from_the_seed(runner: CliRunner) -> None:
    first = runner.invoke(main, ["play", "hearts", "--seed", "1"])
    again = runner.invoke(main, ["play", "hearts", "--seed", "1"])
    other = runner.invoke(main, ["play", "hearts", "--seed", "2"])
    assert first.stdout_bytes == again.stdout_bytes
    assert first.stdout_bytes != other.stdout_bytes
    assert other.stdout.splitlines()[0] == "Hearts: 4 players, seed 2"
    check_hearts_game(other.stdout, players=4, hand=13, directions=["left", "right", "across", "hold"])


def test_play_default_seed_is_1(runner: CliRunner) -> None:
    assert (
        runner.invoke(main, ["play", "hearts"]).stdout == runner.invoke(main, ["play", "hearts", "--seed", "1"]).stdout
    )


def test_play_hearts_from_a_file_path(runner: CliRunner) -> None:
    by_path = runner.invoke(main, ["play", str(RULESETS / "hearts.yaml"), "--seed", "4"])
    by_id = runner.invoke(main, ["play", "hearts", "--seed", "4"])
    assert_clean_exit(by_path, 0)
    assert by_path.stdout == by_id.stdout


def test_play_hearts_classic_with_five_players(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "hearts-classic", "--players", "5"])
    assert_clean_exit(result, 0)
    assert result.stdout.splitlines()[0] == "Hearts for 3 to 7 players: 5 players, seed 1"
    _, deals, last = parse_game(result.stdout)
    assert last.startswith(f"Game over after {len(deals)} deals. Winner: seat ")
    for number, deal in enumerate(deals):
        assert deal.head.endswith("pass left" if number % 2 == 0 else "pass right")
        assert len(deal.tricks) == 10  # 50 cards (2♦ and 2♣ removed) for 5 players
        assert all(len(plays) == 5 for plays, _ in deal.tricks)
        cards = [c for plays, _ in deal.tricks for _, c in plays]
        assert len(set(cards)) == 50
        assert "2♣" not in cards and "2♦" not in cards
        assert deal.tricks[0][0][0][1] == "3♣"  # the lowest club in the deck leads
        assert len(deal.scores) == 5


def test_play_hearts_with_three_players_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "hearts", "--players", "3"])
    assert_clean_exit(result, 2)
    assert result.stdout == ""
    assert "Usage: " in result.stderr
    assert "Error: hearts is played by 4 players, not 3" in result.stderr


@pytest.mark.parametrize("players", ["0", "-1", "9"])
def test_play_with_impossible_player_counts_is_a_usage_error(runner: CliRunner, players: str) -> None:
    result = runner.invoke(main, ["play", "hearts-classic", "--players", players])
    assert_clean_exit(result, 2)
    assert f"hearts-classic is played by 3, 4, 5, 6, 7 players, not {players}" in result.stderr


def test_play_broken_ruleset_prints_its_problems_and_exits_2(runner: CliRunner, in_tmp: Path) -> None:
    write({"bad.yaml": BAD})
    result = runner.invoke(main, ["play", "bad.yaml", "--seed", "1"])
    assert_clean_exit(result, 2)
    assert result.stdout == ""
    assert result.stderr.splitlines() == BAD_LINES


def test_play_unknown_ruleset(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "no-such-game"])
    assert_clean_exit(result, 2)
    assert result.stderr.startswith("no-such-game:1:1: $: no such ruleset file or bundled id (bundled: black-maria,")


# -- play: an auction of contracts ---------------------------------------------


def test_play_an_auction_of_contracts_names_each_contract(runner: CliRunner, tmp_path: Path) -> None:
    from helpers_deals import CONTRACT_WHIST

    path = tmp_path / "contract-whist.yaml"
    path.write_text(CONTRACT_WHIST, encoding="utf-8")
    result = runner.invoke(main, ["play", str(path), "--seed", "2"])
    assert_clean_exit(result, 0)
    lines = result.stdout.splitlines()
    contracts = [line for line in lines if line.startswith("  contract: ")]
    assert contracts, result.stdout
    for line in contracts:
        m = re.fullmatch(r"  contract: (\d+) tricks, (no trump|trump [♣♦♥♠]), declared by seat (\d)", line)
        assert m and 7 <= int(m[1]) <= 13, line
    assert lines[-1].startswith("Game over after ")


# -- play: Euchre --------------------------------------------------------------


def test_play_euchre_shows_bidding_trump_and_makers(runner: CliRunner) -> None:
    result = runner.invoke(main, ["play", "euchre", "--seed", "0"])
    assert_clean_exit(result, 0)
    lines = result.stdout.splitlines()
    assert lines[0] == "Euchre: 4 players, seed 0"
    assert lines[1] == "Deal 1: dealer seat 3, upcard 10♣"
    assert lines[2] == (
        "  bidding: seat 0 pass, seat 1 pass, seat 2 pass, seat 3 pass, seat 0 pass, seat 1 pass, "
        "seat 2 call S, seat 2 partner"
    )
    assert lines[3] == "  trump ♠, made by seat 2 (makers: seat 0 and seat 2)"
    _, deals, last = parse_game(result.stdout)
    running = [0, 0, 0, 0]
    for deal in deals:
        assert re.fullmatch(r"Deal \d+: dealer seat \d, upcard (10|[9JQKA])[♣♦♥♠]", deal.head), deal.head
        bidding = [line for line in deal.other if line.startswith("  bidding: ")]
        assert len(bidding) == 1
        trump = [line for line in deal.other if line.startswith("  trump ")]
        if not trump:
            assert "  everyone passed: the cards are thrown in and dealt again" in deal.other
            continue
        m = re.fullmatch(
            r"  trump [♣♦♥♠], made by seat (\d) \(makers: seat (\d) and seat (\d)\)(, seat (\d) plays alone)?", trump[0]
        )
        assert m, trump[0]
        maker = int(m[1])
        assert {int(m[2]), int(m[3])} == {maker, (maker + 2) % 4}
        alone = m[4] is not None
        assert (f"seat {maker} alone" in bidding[0]) == alone
        assert len(deal.tricks) == 5
        assert all(len(plays) == (3 if alone else 4) for plays, _ in deal.tricks)
        # partners score together: seats 0 and 2, 1 and 3
        assert deal.points[0] == deal.points[2] and deal.points[1] == deal.points[3]
        running = [r + p for r, p in zip(running, deal.points, strict=True)]
        assert deal.scores == running
    assert any("plays alone" in line for deal in deals for line in deal.other)
    assert any("order-up" in line for deal in deals for line in deal.other)
    assert max(running) >= 10
    winners = [s for s in range(4) if running[s] == max(running)]
    assert winners in ([0, 2], [1, 3])  # a partnership wins together
    named = ", ".join(f"seat {s} ({running[s]})" for s in winners)
    assert last == f"Game over after {len(deals)} deals. Winner: {named}"


# -- rules list ----------------------------------------------------------------

RULES_LIST = {
    "black-maria": ("Black Maria", "3,4", "hearts"),
    "euchre": ("Euchre", "4", "euchre"),
    "hartenjagen": ("Hartenjagen (Whisthub)", "4", "hearts"),
    "hearts": ("Hearts", "4", "hearts"),
    "hearts-bga": ("Hearts (Board Game Arena)", "4", "hearts"),
    "hearts-classic": ("Hearts for 3 to 7 players", "3,4,5,6,7", "hearts"),
    "omnibus-hearts": ("Omnibus Hearts", "4", "hearts"),
    "original-hearts": ("Original Hearts", "4", "hearts"),
    "partnership-hearts": ("Partnership Hearts", "4", "hearts"),
    "reverse-hearts": ("Reverse Hearts", "4", "hearts"),
    "spot-hearts": ("Spot Hearts", "4", "hearts"),
}


def test_rules_list_lists_every_bundled_ruleset(runner: CliRunner) -> None:
    result = runner.invoke(main, ["rules", "list"])
    assert_clean_exit(result, 0)
    lines = result.stdout.splitlines()
    assert len(lines) == len(list(RULESETS.glob("*.yaml")))
    seen = {}
    for line in lines:
        m = re.fullmatch(r"(\S+) +(\S.*?) +([\d,]+) +([\w-]+)(?:  \(extends (\S+)\))?", line)
        assert m, line
        seen[m[1]] = (m[2], m[3], m[4])
        rules = load_ruleset(m[1])
        assert m[5] == (rules.extends[0] if rules.extends else None)
        assert m[3] == ",".join(map(str, rules.player_counts))
    assert {rid: seen[rid] for rid in RULES_LIST} == RULES_LIST
    assert str(RULESETS) in result.stderr


# -- the installed entry point -------------------------------------------------


def run_installed(*args: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([str(TRICKBOOK), *args], cwd=cwd, capture_output=True, timeout=60, env=env, check=False)


def test_installed_entry_point_plays_the_same_game(runner: CliRunner) -> None:
    assert TRICKBOOK.is_file()
    proc = run_installed("play", "hearts", "--seed", "1", cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == runner.invoke(main, ["play", "hearts", "--seed", "1"]).stdout_bytes
    assert proc.stdout.decode("utf-8").splitlines()[-1] == "Game over after 12 deals. Winner: seat 1 (38)"
    assert b"Traceback" not in proc.stderr


def test_installed_entry_point_validate_never_prints_a_traceback(tmp_path: Path) -> None:
    names = []
    for kind in ("syntax", "encoding", "alias-bomb", "missing-file", "cycle", "deep-nesting"):
        files, target = BAD_INPUTS[kind]
        folder = tmp_path / kind
        folder.mkdir()
        for name, text in files.items():
            path = folder / name
            path.write_bytes(text if isinstance(text, bytes) else text.encode())
        names.append(f"{kind}/{target}")
    proc = run_installed("validate", *names, cwd=tmp_path)
    stderr = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in stderr
    assert proc.returncode == 2, stderr
    out = proc.stdout.decode("utf-8").splitlines()
    for kind in ("syntax", "encoding", "alias-bomb", "missing-file", "cycle", "deep-nesting"):
        assert any(line.startswith(f"{kind}/") for line in out), kind
    assert stderr.strip().endswith("in 6 of 6 file(s)")


def test_validate_prints_at_most_a_hundred_problems_of_a_file_and_says_how_many_more(
    runner: CliRunner, in_tmp: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import difflib

    import yaml

    from referee import loader

    # The work is bounded too (issue 21: 60,000 keys took 33 s): "did you mean" is looked for among a mapping's
    # first HINTED unknown keys only, and a file libyaml reads is not composed a second time by pure Python.
    looked: list[str] = []
    loaders: list[Any] = []
    close, compose = difflib.get_close_matches, yaml.compose
    monkeypatch.setattr(loader.difflib, "get_close_matches", lambda w, *a, **k: looked.append(w) or close(w, *a, **k))
    monkeypatch.setattr(loader.yaml, "compose", lambda text, Loader: loaders.append(Loader) or compose(text, Loader))
    # A file of 3,000 unknown keys: the first 100 problems, the allowed keys said once, then the count.
    keys = "".join(f"k{i}: 1\n" for i in range(3000))
    write({"many.yaml": GOOD + keys})
    result = runner.invoke(main, ["validate", "many.yaml"])
    assert len(looked) == loader.HINTED
    if hasattr(yaml, "CSafeLoader"):
        assert yaml.SafeLoader not in loaders and yaml.CSafeLoader in loaders
    assert result.exit_code == 2
    out = result.stdout.splitlines()
    assert len(out) == 101
    assert out[-1] == "many.yaml: 2900 more problem(s) not shown"
    assert sum("allowed here" in line for line in out) == 1
    assert "3000 problem(s) in 1 of 1 file(s)" in result.stderr


def test_the_referees_commands_load_neither_the_club_nor_the_kiosk(tmp_path: Path) -> None:
    # Subcommands are imported when they run: `validate` never pays for SQLAlchemy, argon2 or pygame.
    # One process runs every referee's command in turn and says after each what it has loaded: a module,
    # once imported, stays in sys.modules, so an empty list after a command clears it and every one before.
    probe = (
        "import json, sys\nfrom trickbook.cli import main\n"
        "for args in json.loads(sys.argv[1]):\n"
        "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
        "    stacks = ('sqlalchemy', 'argon2', 'pygame', 'uvicorn', 'starlette')\n"
        "    print('loaded', args[0], sorted(m for m in stacks if m in sys.modules))\n"
    )
    referees = [
        ["validate", str(RULESETS / "hearts.yaml")],
        ["play", "hearts", "--seed", "1"],
        ["stats", "hearts", "--games", "2", "--jobs", "1"],
        ["site", "hearts", "--lang", "en", "--games", "0", "--out", str(tmp_path / "site")],
        ["rules", "list"],
        ["--version"],
    ]
    done = subprocess.run(
        [sys.executable, "-c", probe, json.dumps(referees)], capture_output=True, text=True, check=False
    )
    said = [line for line in done.stdout.splitlines() if line.startswith("loaded ")]
    assert said == [f"loaded {args[0]} []" for args in referees], (done.stdout[-2000:], done.stderr)
    assert (tmp_path / "site" / "en" / "hearts.html").is_file()  # the site was built, not refused
    club = json.dumps([["club", "--help"]])
    done = subprocess.run([sys.executable, "-c", probe, club], capture_output=True, text=True, check=False)
    assert "sqlalchemy" in done.stdout.splitlines()[-1]  # the club's own command does load its stack


def test_help_lists_the_commands_without_importing_one() -> None:
    # `trickbook --help` (and `trickbook` alone) read the list from SUMMARIES: it imported every command before,
    # the club's SQLAlchemy and the engine included (about 2 s of processor time).
    probe = (
        "import sys\nfrom trickbook.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit:\n    pass\n"
        "stacks = ('referee', 'generator', 'kiosk', 'club', 'sqlalchemy', 'argon2', 'pygame', 'jinja2', 'jsonschema')\n"
        "print('loaded', sorted(m for m in stacks if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert "Commands:" in done.stdout and done.stdout.splitlines()[-1] == "loaded []", (done.stdout, done.stderr)


@pytest.mark.parametrize("width", [80, 60, 200])
def test_help_lists_each_command_as_click_says_it_of_the_command_itself(width: int) -> None:
    # The list made from SUMMARIES is the list click makes of the loaded commands, at any terminal width.
    loaded = click.Group("trickbook", commands={name: main.get_command(click.Context(main), name) for name in COMMANDS})
    expected = CliRunner().invoke(loaded, ["--help"], terminal_width=width).stdout.split("Commands:\n")[1]
    listed = CliRunner().invoke(main, ["--help"], terminal_width=width).stdout.split("Commands:\n")[1]
    assert listed == expected
    assert set(SUMMARIES) == set(COMMANDS)


def test_the_extras_modules_are_the_packages_pyproject_lists() -> None:
    # `trickbook --help` looks for an extra's modules to say whether it is installed: they must be the modules
    # of the packages pyproject.toml's extra lists, no more and no fewer.
    from importlib.metadata import packages_distributions

    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    distributions = packages_distributions()

    def canonical(name: str) -> str:
        return re.sub(r"[-_.]+", "-", name).lower()

    for extra, modules in EXTRA_MODULES.items():
        listed = {canonical(re.match(r"[A-Za-z0-9._-]+", req).group()) for req in extras[extra]}  # type: ignore[union-attr]
        found = {canonical(d) for m in modules for d in distributions.get(m, [])}
        assert found == listed, extra


@pytest.mark.parametrize(
    ("command", "missing", "extra"), [("kiosk", "pygame", "kiosk"), ("club", "sqlalchemy", "club")]
)
def test_a_command_whose_extra_is_not_installed_says_so_in_one_line(command: str, missing: str, extra: str) -> None:
    # `pip install trickbook` leaves out the kiosk's and the club's stacks: their commands say how to add them.
    probe = (
        "import sys, importlib.abc\n"
        "class Gone(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] == {missing!r}:\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Gone())\n"
        "from trickbook.cli import main\n"
        "main(sys.argv[1:])\n"
    )
    args = [command, "--db", os.devnull] if command == "kiosk" else [command, "--help"]  # the window needs pygame
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=False)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"Error: trickbook {command} needs packages this install lacks ({missing}): pip install 'trickbook[{extra}]'"
    )
    assert "Traceback" not in done.stderr


def test_help_of_an_install_without_the_extras_lists_every_command() -> None:
    # `pip install trickbook` alone: `trickbook --help` lists all commands, and how to add the kiosk and the club.
    probe = (
        "import sys, importlib.abc\n"
        "class Gone(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('pygame', 'httpx', 'sqlalchemy', 'argon2', 'starlette', 'uvicorn'):\n"
        "            raise ModuleNotFoundError(f'No module named {name!r}', name=name)\n"
        "sys.meta_path.insert(0, Gone())\n"
        "from trickbook.cli import main\n"
        "main(['--help'])\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    listed = done.stdout.split("Commands:\n")[1].splitlines()
    assert [line.split()[0] for line in listed] == sorted(COMMANDS)
    assert "  club      Needs pip install 'trickbook[club]'." in listed
    assert "  kiosk     Needs pip install 'trickbook[kiosk]'." in listed
