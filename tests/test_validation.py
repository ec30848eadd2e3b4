"""Ruleset validation: every problem located as ``file:line:col: $.path: message``.

Each test writes its YAML into a temporary folder (the working folder during the
test, so problems name files as ``r.yaml``) and checks the exact position and
path of every problem, plus the key words of its message.
"""

from __future__ import annotations

import dataclasses
import json
import re
import textwrap
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from jsonschema import Draft202012Validator

from referee import Card, Problem, RulesetError, kinds, load_ruleset, loader, ruleset
from referee.cards import pattern_mask, read_pattern
from referee.deck import make_deck, read_pack_pattern
from referee.loader import (
    MAX_FILE_BYTES,
    Document,
    _without_null,
    allowed_base_dirs,
    bundled_dir,
    bundled_ids,
    json_path,
    resolve,
    schema,
    validate,
)
from referee.mechanisms import book, moon, revoke_penalty
from referee.ruleset import CardPoints, FreeText, LeadRestriction, Passing, check_file, with_defaults

REPO = Path(__file__).resolve().parents[1]
SCHEMA_FILE = REPO / "referee" / "schema" / "ruleset.schema.json"
BUNDLED_FILES = sorted((REPO / "rulesets").glob("*.yaml"), key=lambda p: p.stem)
BUNDLED_IDS = [p.stem for p in BUNDLED_FILES]  # whatever rulesets/ holds
FIRST_IDS = [
    "black-maria",
    "euchre",
    "hartenjagen",
    "hearts",
    "hearts-bga",
    "hearts-classic",
    "omnibus-hearts",
    "original-hearts",
    "partnership-hearts",
    "reverse-hearts",
    "spot-hearts",
]
CARD_HINT = (
    "is not a card code (a rank 2-9, T or 10, J, Q, K, A, then a suit C D H S or ♣ ♦ ♥ ♠: "
    "'QS', '10H', 'q♠'; or the suit symbol first: '♠Q')"
)
SUIT_HINT = "is not a suit (C D H S or ♣ ♦ ♥ ♠) or a card code ('QS', '10H', 'q♠', '♠Q')"
NEVER_ENDS = "the game never ends: give game.target"
ID_HINT = "is not a valid id (lower-case letters, digits and single hyphens)"
PLAYERS_HINT = "is not a number of players (2-8)"
TOP_KEYS = (
    "$schema, bidding, communities, deal, deck, extends, family, game, id, notes, passing, play, players, scoring, "
    "source, summary, title, trump"
)


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str | bytes) -> Path:
    """Write a file under the working folder; text is dedented and loses its leading newline."""
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def problems_of(text: str | bytes, name: str = "r.yaml") -> list[Problem]:
    return check_file(write(name, text))


def lines_of(text: str | bytes, name: str = "r.yaml") -> list[str]:
    return [str(p) for p in problems_of(text, name)]


def one(lines: list[str], prefix: str, *words: str) -> str:
    """The only problem line; it starts with ``prefix`` and contains every word."""
    assert len(lines) == 1, lines
    line = lines[0]
    assert line.startswith(prefix), line
    for word in words:
        assert word in line, (word, line)
    return line


def load_error(ref: str | Path) -> list[Problem]:
    with pytest.raises(RulesetError) as info:
        load_ruleset(ref)
    return info.value.problems


# -- the bundled rulesets and the schema ---------------------------------------


def test_bundled_ids_are_the_rulesets_folder() -> None:
    assert bundled_ids() == BUNDLED_IDS
    assert set(FIRST_IDS) <= set(BUNDLED_IDS)
    assert bundled_dir().resolve() == (REPO / "rulesets").resolve()


@pytest.mark.parametrize("rid", BUNDLED_IDS)
def test_bundled_ruleset_is_valid(rid: str) -> None:
    assert check_file(REPO / "rulesets" / f"{rid}.yaml") == []
    rules = load_ruleset(rid)
    assert rules.id == rid
    assert rules.player_counts


@pytest.mark.parametrize("path", BUNDLED_FILES, ids=lambda p: p.stem)
def test_bundled_ruleset_names_the_schema_on_its_first_line(path: Path) -> None:
    first = path.read_text("utf-8").splitlines()[0]
    match = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", first)
    assert match, first
    assert (path.parent / match.group(1)).resolve() == SCHEMA_FILE.resolve()


def test_schema_is_a_valid_draft_2020_12_schema() -> None:
    schema = json.loads(SCHEMA_FILE.read_text("utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


def _undescribed(node: Any, where: str) -> list[str]:
    missing: list[str] = []
    if isinstance(node, dict):
        properties = node.get("properties", {})
        if isinstance(properties, dict):
            for key, sub in properties.items():
                if not isinstance(sub, dict) or not sub.get("description"):
                    missing.append(f"{where}/properties/{key}")
        for key, sub in node.items():
            missing.extend(_undescribed(sub, f"{where}/{key}"))
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            missing.extend(_undescribed(sub, f"{where}/{i}"))
    return missing


def test_every_schema_property_has_a_description() -> None:
    schema = json.loads(SCHEMA_FILE.read_text("utf-8"))
    assert _undescribed(schema, "#") == []


# -- schema problems -----------------------------------------------------------


def test_unknown_key_lists_the_allowed_keys() -> None:
    lines = lines_of(
        """
        id: a
        banana: 1
        game:
          target: 100
        """
    )
    line = one(lines, "r.yaml:2:1: $.banana: unknown key 'banana'; allowed here: ", TOP_KEYS)
    assert "did you mean" not in line


@pytest.mark.parametrize(
    ("text", "prefix", "suggestion"),
    [
        ("id: a\ngame:\n  target: 100\npasing:\n  count: 3\n", "r.yaml:4:1: $.pasing: unknown key 'pasing'", "passing"),
        ("id: a\ngame:\n  targt: 100\n", "r.yaml:3:3: $.game.targt: unknown key 'targt'", "target"),
        ("{id: a, game: {target: 1, deels: 3}}\n", "r.yaml:1:27: $.game.deels: unknown key 'deels'", "deals"),
        (
            "id: a\nplay:\n  lead_restrictions:\n    - cards: [H]\n      brokn_by: [H]\ngame:\n  target: 1\n",
            "r.yaml:5:7: $.play.lead_restrictions[0].brokn_by: unknown key 'brokn_by'",
            "broken_by",
        ),
    ],
    ids=["top-level", "nested", "flow", "in-a-list"],
)
def test_misspelled_key_suggests_the_right_one_at_the_key(text: str, prefix: str, suggestion: str) -> None:
    one(lines_of(text), prefix, f"(did you mean {suggestion!r}?)", "allowed here:")


def test_unknown_nested_key() -> None:
    lines = lines_of(
        """
        id: a
        players:
          counts: [4]
          colour: red
        game:
          target: 100
        """
    )
    one(
        lines,
        "r.yaml:4:3: $.players.colour: unknown key 'colour'; "
        "allowed here: counts, dealer_out, default, sides_by_card, teams",
    )


@pytest.mark.parametrize("code", ["1H", "2X", "11H", "QQ", "H2", "SQ", "Q♠♠", "♠", "10", "Q S"])
def test_bad_card_code(code: str) -> None:
    lines = lines_of(
        f"""
        id: a
        players:
          counts: [3, 4]
        deck:
          remove:
            "3": [2D, "{code}"]
        game:
          target: 100
        """
    )
    one(lines, f'r.yaml:6:15: $.deck.remove["3"][1]: "{code}" {CARD_HINT}')


def test_bad_card_codes_on_one_line_are_each_reported_at_their_column() -> None:
    lines = lines_of(
        """
        id: a
        deck:
          remove:
            "3": [1H, 2X, 11H]
        """
    )
    assert lines == [
        f'r.yaml:4:11: $.deck.remove["3"][0]: "1H" {CARD_HINT}',
        f'r.yaml:4:15: $.deck.remove["3"][1]: "2X" {CARD_HINT}',
        f'r.yaml:4:19: $.deck.remove["3"][2]: "11H" {CARD_HINT}',
    ]


def test_bad_suit_pattern_as_a_key_is_reported_at_the_key() -> None:
    lines = lines_of(
        """
        id: a
        scoring:
          points:
            H: 1
            HH: 13
        game:
          target: 100
        """
    )
    one(lines, f'r.yaml:5:5: $.scoring.points.HH: "HH" {SUIT_HINT}')


def test_bad_suit_pattern_in_a_list() -> None:
    lines = lines_of(
        """
        id: a
        play:
          first_trick:
            forbid: [H, X1]
        game:
          target: 100
        """
    )
    one(lines, f'r.yaml:4:17: $.play.first_trick.forbid[1]: "X1" {SUIT_HINT}')


@pytest.mark.parametrize(
    ("text", "prefix", "words"),
    [
        ("id: a\ngame:\n  target: lots\n", "r.yaml:3:11: $.game.target: ", ['expected a whole number, got "lots"']),
        ("id: a\ngame:\n  target: 1.5\n", "r.yaml:3:11: $.game.target: ", ["expected a whole number, got 1.5"]),
        ("id: a\ngame: [1, 2]\n", "r.yaml:2:7: $.game: ", ["expected a mapping, got [1, 2]"]),
        (
            "id: a\nplayers:\n  counts: four\ngame:\n  target: 1\n",
            "r.yaml:3:11: $.players.counts: ",
            ['expected a list, got "four"'],
        ),
        (
            "id: a\ndeal:\n  upcard: yes please\ngame:\n  target: 1\n",
            "r.yaml:3:11: $.deal.upcard: ",
            ['expected true or false, got "yes please"'],
        ),
        ("id: 12\ngame:\n  target: 1\n", "r.yaml:1:5: $.id: ", ["expected text, got 12"]),
    ],
    ids=["text-for-number", "float-for-integer", "list-for-map", "text-for-list", "text-for-boolean", "number-for-id"],
)
def test_wrong_type(text: str, prefix: str, words: list[str]) -> None:
    one(lines_of(text), prefix, *words)


@pytest.mark.parametrize(
    ("text", "prefix", "words"),
    [
        (
            "id: a\nfamily: bridge\ngame:\n  target: 1\n",
            "r.yaml:2:9: $.family: ",
            ['"bridge" is not one of: hearts, euchre, spades, oh-hell, whist, jass, schafkopf, other'],
        ),
        (
            "id: a\npassing:\n  count: 1\n  cycle: [left, sideways]\ngame:\n  target: 1\n",
            "r.yaml:4:17: $.passing.cycle[1]: ",
            ['"sideways" is not one of: left, right, across, hold'],
        ),
        (
            "id: a\ngame:\n  target: 1\n  winner: middle\n",
            "r.yaml:4:11: $.game.winner: ",
            ['"middle" is not one of: lowest, highest'],
        ),
        (
            "id: a\nplay:\n  opening_lead:\n    suit: X\ngame:\n  target: 1\n",
            "r.yaml:4:11: $.play.opening_lead.suit: ",
            ['"X" is not one of: C, D, H, S'],
        ),
    ],
    ids=["family", "direction-in-list", "winner", "suit"],
)
def test_enum_value(text: str, prefix: str, words: list[str]) -> None:
    one(lines_of(text), prefix, *words)


@pytest.mark.parametrize("bad", ["Bad_Id", "bad--id", "-bad", "bad-", "bad id", "hearts!"])
def test_invalid_id_slug(bad: str) -> None:
    one(lines_of(f"id: {json.dumps(bad)}\ngame:\n  target: 1\n"), f"r.yaml:1:5: $.id: {json.dumps(bad)} {ID_HINT}")


@pytest.mark.parametrize(
    ("key", "shown"),
    [('"9"', '["9"]'), ('"1"', '["1"]'), ("9", '["9"]'), ("0", '["0"]'), ('"10"', '["10"]'), ("three", ".three")],
)
def test_player_count_key_outside_2_to_8_is_reported_at_the_key(key: str, shown: str) -> None:
    lines = lines_of(
        f"""
        id: a
        deck:
          remove:
            {key}: [2C]
        game:
          target: 1
        """
    )
    bare = shown.strip('.[]"')
    one(lines, f'r.yaml:4:5: $.deck.remove{shown}: "{bare}" {PLAYERS_HINT}')


def test_player_count_keys_of_pass_cycles_are_checked_too() -> None:
    lines = lines_of(
        """
        id: a
        passing:
          count: 1
          cycle_by_players:
            "1": [left]
            9: [right]
        game:
          target: 1
        """
    )
    assert lines == [
        f'r.yaml:5:5: $.passing.cycle_by_players["1"]: "1" {PLAYERS_HINT}',
        f'r.yaml:6:5: $.passing.cycle_by_players["9"]: "9" {PLAYERS_HINT}',
    ]


def test_duplicate_keys_are_reported_at_the_second_occurrence() -> None:
    lines = lines_of(
        """
        id: a
        game:
          target: 100
          target: 50
        id: b
        """
    )
    assert lines == [
        "r.yaml:4:3: $.game.target: duplicate key 'target'",
        "r.yaml:5:1: $.id: duplicate key 'id'",
    ]


def test_a_duplicate_key_does_not_hide_the_other_problems() -> None:
    # README: `trickbook validate` prints every problem, not just the first.
    lines = lines_of(
        """
        id: a
        id: b
        pasing: 1
        game:
          target: 100
        """
    )
    assert lines[0] == "r.yaml:2:1: $.id: duplicate key 'id'"
    assert any(line.startswith("r.yaml:3:1: $.pasing: unknown key 'pasing'") for line in lines), lines


@pytest.mark.parametrize(
    ("text", "prefix", "words"),
    [
        (
            "id: a\ngame:\n  target: [100\nfoo: 1\n",
            "r.yaml:3:11: $: ",
            [
                "YAML syntax error: the list opened with '[' here is not closed with ']'",
                "(noticed at line 4, column 4)",
            ],
        ),
        (
            "id: a\ngame:\n target: 1\n  x: 2\n",
            "r.yaml:4:3: $: ",
            ["YAML syntax error: bad indentation: this line is indented more than the key above it"],
        ),
        (
            "id: a\n\tgame: 1\n",
            "r.yaml:2:1: $: ",
            ["YAML syntax error: a tab character; YAML indents with spaces only"],
        ),
        ('id: "abc\ngame: 1\n', "r.yaml:1:5: $: ", ["YAML syntax error: this quote is never closed"]),
        (
            "id: a\ngame:\n  target: 1\n---\nid: b\n",
            "r.yaml:4:1: $: ",
            ["YAML syntax error: a second document ('---'); a ruleset file holds one document"],
        ),
        (
            "id: *nothing\n",
            "r.yaml:1:5: $: ",
            ["YAML syntax error: *nothing names no anchor (&name) defined before it"],
        ),
    ],
    ids=["unclosed-list", "bad-indent", "tab", "unclosed-quote", "two-documents", "undefined-alias"],
)
def test_yaml_syntax_error_gives_line_and_column(text: str, prefix: str, words: list[str]) -> None:
    one(lines_of(text), prefix, *words)


def test_non_utf8_file_gives_the_position_of_the_bad_byte() -> None:
    lines = lines_of(b"id: a\nsource: x\ntitle: caf\xe9\n")
    one(lines, "r.yaml:3:11: $: ", "the file is not UTF-8 (byte 0xe9)")


def test_non_utf8_column_counts_characters_like_every_other_position() -> None:
    # "title: Ωé" is 9 characters but 11 bytes; the bad byte is the 10th character.
    # Every other problem (PyYAML marks) counts characters, so this one should too.
    lines = lines_of("id: a\ntitle: Ωé".encode() + b"\xff\n")
    one(lines, "r.yaml:2:10: $: ", "the file is not UTF-8 (byte 0xff)")


def test_file_over_one_mebibyte_is_refused() -> None:
    text = "id: a\ngame:\n  target: 1\n# " + "x" * MAX_FILE_BYTES + "\n"
    size = len(text.encode())
    one(lines_of(text), "r.yaml:1:1: $: ", f"the file is too large ({size} bytes; the limit is 1048576)")


def test_file_of_exactly_one_mebibyte_is_accepted() -> None:
    head = "id: a\ngame:\n  target: 1\nscoring:\n  points: {H: 1}\n# "
    text = head + "x" * (MAX_FILE_BYTES - len(head) - 1) + "\n"
    assert len(text.encode()) == MAX_FILE_BYTES == 1 << 20
    assert lines_of(text) == []


def billion_laughs(levels: int = 9) -> str:
    out = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, levels + 1):
        out.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    out.append("id: bomb")
    return "\n".join(out) + "\n"


def test_alias_bomb_fails_fast_with_the_expansion_message(monkeypatch: pytest.MonkeyPatch) -> None:
    # The work is bounded, not timed: the walker visits at most MAX_NODES + 1 nodes of the
    # billion it would expand to (a timed assertion fails on a loaded machine).
    walked = 0
    walk = loader._Walker.walk

    def counting(self: loader._Walker, node: yaml.Node, path: loader.JsonPath) -> object:
        nonlocal walked
        walked += 1
        return walk(self, node, path)

    monkeypatch.setattr(loader._Walker, "walk", counting)
    path = write("r.yaml", billion_laughs())
    problems = check_file(path)
    assert walked == loader.MAX_NODES + 1
    assert len(problems) == 1, problems
    p = problems[0]
    assert re.fullmatch(r"r\.yaml:\d+:\d+: \$\.a\d(\[\d\])*: .*", str(p)), str(p)
    assert 1 <= p.line <= 11
    assert p.message == "the document expands to more than 100000 nodes (alias bomb?)"


def test_deeply_nested_document_is_a_problem_not_a_crash() -> None:
    # A few kilobytes of brackets: the composer and the walker recurse once per level.
    path = write("r.yaml", "id: a\nx: " + "[" * 5000 + "]" * 5000 + "\n")
    problems = check_file(path)  # must not raise RecursionError
    assert len(problems) == 1, problems
    assert str(problems[0]).startswith("r.yaml:")


@pytest.mark.parametrize("text", ["", "\n\n", "   \n", "# only a comment\n"], ids=repr)
def test_empty_file(text: str) -> None:
    one(lines_of(text), "r.yaml:1:1: $: the file is empty")


@pytest.mark.parametrize(
    "text", ["- id: a\n- id: b\n", "hearts\n", "42\n", "~\n"], ids=["list", "text", "number", "null"]
)
def test_top_level_must_be_a_mapping(text: str) -> None:
    one(lines_of(text), "r.yaml:1:1: $: a ruleset must be a mapping of keys to values")


def test_missing_file() -> None:
    lines = [str(p) for p in check_file(Path("nope.yaml"))]
    one(
        lines, "nope.yaml:1:1: $: no such ruleset file or bundled id (bundled: black-maria, ", "euchre, ", "spot-hearts"
    )


def test_missing_bundled_id() -> None:
    problems = load_error("no-such-game")
    assert len(problems) == 1
    assert str(problems[0]).startswith("no-such-game:1:1: $: no such ruleset file or bundled id")


def test_missing_id() -> None:
    one(lines_of("game:\n  target: 1\n"), "r.yaml:1:1: $: 'id' is missing (required)")


def test_several_errors_in_one_file_are_all_reported_in_file_order() -> None:
    lines = lines_of(
        """
        id: Bad
        family: bridge
        pasing: 1
        game:
          target: lots
          deels: 3
        deck:
          remove:
            "3": [1H]
        """
    )
    assert [line.split(": ", 2)[0] + ": " + line.split(": ", 2)[1] for line in lines] == [
        "r.yaml:1:5: $.id",
        "r.yaml:2:9: $.family",
        "r.yaml:3:1: $.pasing",
        "r.yaml:5:11: $.game.target",
        "r.yaml:6:3: $.game.deels",
        'r.yaml:9:11: $.deck.remove["3"][0]',
    ]
    assert ID_HINT in lines[0]
    assert "is not one of" in lines[1]
    assert "did you mean 'passing'?" in lines[2]
    assert "expected a whole number" in lines[3]
    assert "did you mean 'deals'?" in lines[4]
    assert CARD_HINT in lines[5]


def test_ruleset_error_lists_every_problem_in_its_message() -> None:
    path = write("r.yaml", "id: a\nfamily: bridge\npasing: 1\ngame:\n  target: 1\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    assert isinstance(info.value, ValueError)
    assert len(info.value.problems) == 2
    assert str(info.value).splitlines() == [str(p) for p in info.value.problems]


# -- semantic problems (ruleset.py) ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "prefix", "words"),
    [
        pytest.param(
            "id: a\nplayers:\n  counts: [3, 4]\ndeck:\n  suits: [C, D, H, S]\ngame:\n  target: 100\n",
            "r.yaml:5:3: $.deck: ",
            ["52 cards do not deal evenly to 3 players", 'remove 1 card(s) in deck.remove["3"]'],
            id="deck-does-not-divide",
        ),
        pytest.param(
            "id: a\nplayers:\n  counts: [5]\ndeck:\n  remove:\n    '5': [2C]\ngame:\n  target: 100\n",
            "r.yaml:5:3: $.deck: ",
            ["51 cards do not deal evenly to 5 players", 'remove 1 card(s) in deck.remove["5"]'],
            id="deck-still-does-not-divide",
        ),
        pytest.param(
            "id: a\ndeck:\n  ranks: ['9', T, J, Q, K, A]\n  remove:\n    '4': [2C]\ngame:\n  target: 100\n",
            'r.yaml:5:11: $.deck.remove["4"][0]: ',
            ["2C is not in the deck"],
            id="removed-card-not-in-deck",
        ),
        pytest.param(
            "id: a\ndeck:\n  remove:\n    '3': [2D]\ngame:\n  target: 100\n",
            'r.yaml:4:10: $.deck.remove["3"]: ',
            ["the ruleset is not played by 3 players"],
            id="remove-for-a-count-not-played",
        ),
        pytest.param(
            "id: a\npassing:\n  count: 13\ngame:\n  target: 100\n",
            "r.yaml:3:10: $.passing.count: ",
            ["passing 13 cards needs hands of more than 13"],
            id="pass-count-too-big",
        ),
        pytest.param(
            "id: a\ndeal:\n  hand_size: 5\npassing:\n  count: 5\ngame:\n  target: 100\n",
            "r.yaml:5:10: $.passing.count: ",
            ["passing 5 cards needs hands of more than 5"],
            id="pass-count-too-big-for-hand-size",
        ),
        pytest.param(
            "id: a\nplayers:\n  counts: [3]\ndeck:\n  remove:\n    '3': [2D]\n"
            "passing:\n  count: 3\n  cycle: [left, across]\ngame:\n  target: 100\n",
            "r.yaml:9:10: $.passing.cycle: ",
            ["no one sits across with 3 players", "passing.cycle_by_players"],
            id="across-with-three",
        ),
        pytest.param(
            "id: a\nplayers:\n  counts: [4, 5]\ndeck:\n  remove:\n    '5': [2D, 2C]\n"
            "passing:\n  count: 3\n  cycle_by_players:\n    '5': [left, across]\ngame:\n  target: 100\n",
            'r.yaml:10:10: $.passing.cycle_by_players["5"]: ',
            ["no one sits across with 5 players"],
            id="across-with-five-by-players",
        ),
        pytest.param(
            "id: a\ndeal:\n  hand_size: 5\n  upcard: true\nbidding:\n  rounds:\n    - kind: order-up\n"
            "trump:\n  kind: fixed\n  suit: H\ngame:\n  target: 10\n",
            "r.yaml:9:9: $.trump.kind: ",
            ["bidding rounds choose trump", "trump.kind must be bid, not fixed"],
            id="bidding-with-fixed-trump",
        ),
        pytest.param(
            "id: a\ntrump:\n  kind: bid\ngame:\n  target: 10\n",
            "r.yaml:3:9: $.trump.kind: ",
            ["trump chosen in bidding needs bidding.rounds"],
            id="trump-bid-without-bidding",
        ),
        pytest.param(
            "id: a\ngame:\n  winner: lowest\n",
            "r.yaml:3:3: $.game: ",
            [NEVER_ENDS],
            id="game-without-end",
        ),
        pytest.param(
            "id: a\n",
            "r.yaml:1:1: $.game: ",
            [NEVER_ENDS],
            id="no-game-at-all",
        ),
        pytest.param(
            "id: a\nplayers:\n  counts: [3, 4]\n  teams: opposite\n"
            "deck:\n  remove:\n    '3': [2D]\ngame:\n  target: 100\n",
            "r.yaml:4:10: $.players.teams: ",
            ["partners cannot sit opposite with 3 players"],
            id="teams-opposite-odd",
        ),
        pytest.param(
            "id: a\nplayers:\n  counts: [3, 4]\n  default: 5\ndeck:\n  remove:\n    '3': [2D]\ngame:\n  target: 100\n",
            "r.yaml:4:12: $.players.default: ",
            ["5 is not among players.counts"],
            id="default-players-not-a-count",
        ),
        pytest.param(
            "id: a\ndeal:\n  hand_size: 14\ngame:\n  target: 100\n",
            "r.yaml:3:14: $.deal.hand_size: ",
            ["4 hands of 14 need more than the 52 cards in the deck"],
            id="hands-too-big",
        ),
        pytest.param(
            "id: a\ntrump:\n  kind: fixed\ngame:\n  target: 100\n",
            "r.yaml:3:3: $.trump: ",
            ["a fixed trump needs trump.suit"],
            id="fixed-trump-without-suit",
        ),
    ],
)
def test_semantic_error(text: str, prefix: str, words: list[str]) -> None:
    one(lines_of(text), prefix, *words)


def test_semantic_errors_are_all_reported() -> None:
    lines = lines_of(
        """
        id: a
        players:
          counts: [3, 4]
          teams: opposite
        deck:
          remove:
            "3": [2D]
        passing:
          count: 13
        """
    )
    assert lines[0].startswith(f"r.yaml:1:1: $.game: {NEVER_ENDS}")
    assert lines[1:] == [
        "r.yaml:4:10: $.players.teams: partners cannot sit opposite with 3 players",
        "r.yaml:9:3: $.passing.cycle: no one sits across with 3 players; "
        "give a cycle for 3 in passing.cycle_by_players",
        "r.yaml:9:10: $.passing.count: passing 13 cards needs hands of more than 13",
    ]


def test_bidding_without_trump_kind_bid_points_at_the_bidding() -> None:
    # The file writes no trump section: the problem is the bidding rounds (lines 6-7),
    # not line 1 (`id: a`), which is where the fallback to the document's mark lands.
    problems = problems_of(
        """
        id: a
        deal:
          hand_size: 5
          upcard: true
        bidding:
          rounds:
            - kind: order-up
        game:
          target: 10
        """
    )
    line = one([str(p) for p in problems], "r.yaml:", "bidding rounds choose trump", "trump.kind must be bid")
    assert problems[0].line in (6, 7), line


# -- extends -----------------------------------------------------------------


BASE = """
id: base
title: Base game
summary: The base.
notes: Some notes.
source: A book
family: hearts
players:
  counts: [4]
passing:
  count: 3
  cycle: [left, right, across, hold]
scoring:
  points:
    H: 1
    QS: 13
  moon:
    kind: old
game:
  target: 100
  winner: lowest
"""


def test_extends_merges_maps_key_by_key_and_the_child_wins() -> None:
    write("base.yaml", BASE)
    write(
        "child.yaml",
        """
        id: child
        extends: base.yaml
        scoring:
          points:
            QS: 26
            JD: -10
        game:
          target: 50
        """,
    )
    rules = load_ruleset(Path("child.yaml"))
    assert rules.doc.data["scoring"]["points"] == {"H": 1, "QS": 26, "JD": -10}
    assert rules.doc.data["scoring"]["moon"] == {"kind": "old"}
    assert rules.doc.data["game"] == {"target": 50, "winner": "lowest"}
    assert rules.card_points.by_pattern == {"H": 1, "QS": 26, "JD": -10}
    assert rules.game.target == 50
    assert moon.of(rules).kind == "old"
    assert rules.pass_count == 3


def test_extends_replaces_lists_whole() -> None:
    write("base.yaml", BASE)
    write("child.yaml", "id: child\nextends: base.yaml\npassing:\n  cycle: [right]\n")
    rules = load_ruleset(Path("child.yaml"))
    assert rules.doc.data["passing"] == {"count": 3, "cycle": ["right"]}
    assert rules.passing.cycle == ("right",)
    assert rules.layout(4).cycle == ("right",)


def test_extends_replaces_lists_whole_for_bundled_hearts() -> None:
    write("child.yaml", "id: child\nextends: hearts\nplay:\n  first_trick:\n    forbid: [QS]\n")
    rules = load_ruleset(Path("child.yaml"))
    assert rules.doc.data["play"]["first_trick"] == {"forbid": ["QS"]}
    assert rules.doc.data["play"]["opening_lead"] == {"by": "holder-of-lowest", "suit": "C", "must_lead": "that-card"}
    assert rules.first_trick_forbid == ("QS",)


def test_extends_null_removes_a_key_so_its_default_applies() -> None:
    write("child.yaml", "id: nopass\nextends: hearts\npassing: null\nscoring:\n  moon: null\n")
    rules = load_ruleset(Path("child.yaml"))
    assert "passing" not in rules.doc.data
    assert rules.pass_count == 0
    assert rules.passing == Passing(0, ("left", "right", "across", "hold"), {})
    assert "moon" not in rules.doc.data["scoring"]
    assert moon.of(rules) == moon.Moon("none", "normal", None, None)
    assert rules.doc.data["scoring"]["points"] == {"H": 1, "QS": 13}


def test_extends_null_on_a_nested_key_restores_its_default() -> None:
    write("child.yaml", "id: anyfirst\nextends: hearts\nplay:\n  first_trick: null\n")
    rules = load_ruleset(Path("child.yaml"))
    assert "first_trick" not in rules.doc.data["play"]
    assert load_ruleset("hearts").first_trick_forbid != ()
    assert rules.first_trick_forbid == ()
    assert rules.layout(4).first_trick_forbid == 0


def test_extends_free_text_is_not_inherited_but_everything_else_is() -> None:
    write("base.yaml", BASE)
    write("child.yaml", "id: child\nextends: base.yaml\n")
    rules = load_ruleset(Path("child.yaml"))
    assert rules.title == "child"
    assert rules.text == FreeText(title=None, summary=None, notes=None, source=None)
    for key in ("title", "summary", "notes", "source"):
        assert key not in rules.doc.data
    assert rules.id == "child"
    assert rules.family == "hearts"
    assert rules.player_counts == (4,)
    assert rules.pass_count == 3
    assert rules.game.target == 100


def test_extends_free_text_of_the_child_is_kept() -> None:
    write("base.yaml", BASE)
    write("child.yaml", "id: child\nextends: base.yaml\ntitle: Child\nsource: My club\n")
    rules = load_ruleset(Path("child.yaml"))
    assert rules.title == "Child"
    assert rules.text == FreeText(title="Child", summary=None, notes=None, source="My club")


def test_extends_free_text_of_a_bundled_base_is_not_inherited() -> None:
    write("child.yaml", "id: house\nextends: hearts\n")
    rules = load_ruleset(Path("child.yaml"))
    assert rules.title == "house"
    assert rules.text.source is None
    assert rules.extends == ("hearts",)
    hearts = load_ruleset("hearts")
    assert hearts.text.source is not None
    assert rules.doc.data["scoring"] == hearts.doc.data["scoring"]
    assert rules.doc.data["play"] == hearts.doc.data["play"]
    assert rules.card_points == hearts.card_points
    assert rules.lead_restrictions == hearts.lead_restrictions
    assert rules.layout(4) == hearts.layout(4)


def test_extends_readme_house_rule() -> None:
    write(
        "jack.yaml",
        """
        id: hearts-jack
        extends: hearts          # a bundled id, or a path relative to this file
        title: Hearts with the jack
        passing:
          count: 4
        scoring:
          points:
            JD: -10
        """,
    )
    rules = load_ruleset(Path("jack.yaml"))
    assert rules.id == "hearts-jack"
    assert rules.title == "Hearts with the jack"
    assert rules.pass_count == 4
    assert rules.doc.data["passing"]["cycle"] == ["left", "right", "across", "hold"]
    assert rules.doc.data["scoring"]["points"] == {"H": 1, "QS": 13, "JD": -10}
    assert rules.extends == ("hearts",)


def test_extends_multi_level_lists_the_chain_nearest_first() -> None:
    write("b.yaml", "id: b\nextends: hearts\ntitle: B\ngame:\n  target: 50\n")
    write("a.yaml", "id: a\nextends: b.yaml\npassing:\n  count: 2\n")
    rules = load_ruleset(Path("a.yaml"))
    assert rules.extends == ("b", "hearts")
    assert rules.title == "a"
    assert rules.game.target == 50
    assert rules.pass_count == 2
    assert rules.doc.data["scoring"]["points"] == {"H": 1, "QS": 13}
    assert rules.doc.data["game"]["winner"] == "lowest"
    assert rules.game.winner == "lowest"


def test_extends_three_levels_of_files() -> None:
    write("c.yaml", BASE.replace("id: base", "id: c"))
    write("b.yaml", "id: b\nextends: c.yaml\nscoring:\n  points:\n    JD: -10\n")
    write("a.yaml", "id: a\nextends: b.yaml\nscoring:\n  points:\n    H: 2\n")
    rules = load_ruleset(Path("a.yaml"))
    assert rules.extends == ("b", "c")
    assert rules.doc.data["scoring"]["points"] == {"H": 2, "QS": 13, "JD": -10}


def test_extends_relative_paths_resolve_from_the_extending_files_folder(tmp_path: Path) -> None:
    write("x/a.yaml", "id: a\nextends: y/b.yaml\n")
    write("x/y/b.yaml", "id: b\nextends: c.yaml\n")
    write("x/y/c.yaml", BASE.replace("id: base", "id: c").replace("target: 100", "target: 77"))
    write("x/c.yaml", BASE.replace("id: base", "id: decoy").replace("target: 100", "target: 11"))
    write("c.yaml", BASE.replace("id: base", "id: decoy2").replace("target: 100", "target: 22"))
    rules = load_ruleset(tmp_path / "x" / "a.yaml")
    assert rules.extends == ("b", "c")
    assert rules.game.target == 77


def test_extends_into_a_sibling_folder_needs_that_folder_allowed(tmp_path: Path) -> None:
    write("x/a.yaml", "id: a\nextends: ../y/b.yaml\n")
    write("y/b.yaml", "id: b\nextends: c.yaml\n")
    write("y/c.yaml", BASE.replace("id: base", "id: c").replace("target: 100", "target: 77"))
    write("x/c.yaml", BASE.replace("id: base", "id: decoy").replace("target: 100", "target: 11"))
    one([str(p) for p in load_error(Path("x/a.yaml"))], "x/a.yaml:2:10: $.extends: '../y/b.yaml' resolves to ")
    with allowed_base_dirs([tmp_path / "y"]):
        rules = load_ruleset(tmp_path / "x" / "a.yaml")
    assert rules.extends == ("b", "c")
    assert rules.game.target == 77
    assert resolve(tmp_path / "x" / "a.yaml", base_dirs=["y"]).data["game"]["target"] == 77


def test_extends_relative_path_does_not_depend_on_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write("rules/base.yaml", BASE)
    write("rules/child.yaml", "id: child\nextends: base.yaml\n")
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    rules = load_ruleset(tmp_path / "rules" / "child.yaml")
    assert rules.extends == ("base",)
    assert check_file(Path("../rules/child.yaml")) == []


@pytest.mark.parametrize("rid", BUNDLED_IDS)
def test_extends_any_bundled_id(rid: str) -> None:
    write("child.yaml", f"id: child\nextends: {rid}\n")
    rules = load_ruleset(Path("child.yaml"))
    base = load_ruleset(rid)
    assert rules.extends == (rid, *base.extends)
    assert rules.player_counts == base.player_counts
    assert rules.doc.data.get("scoring") == base.doc.data.get("scoring")
    for n in base.player_counts:
        assert rules.layout(n) == base.layout(n)


def test_extends_missing_bundled_id_is_an_error_at_the_extends_line() -> None:
    lines = lines_of("id: child\ntitle: Child\nextends: nothere\n")
    one(
        lines,
        "r.yaml:3:10: $.extends: no bundled ruleset 'nothere' (bundled ids: black-maria, ",
        "hearts",
        "name a file by a path ending in .yaml or .yml",
    )


@pytest.mark.parametrize("ref", ["nothere.yaml", "./nope.yaml", "sub/nothere.yml", "hearts.yaml"])
def test_extends_missing_file_says_the_file_does_not_exist_and_where_it_looked(ref: str, in_tmp: Path) -> None:
    lines = lines_of(f"id: child\ntitle: Child\nextends: {ref}\n")
    looked = (in_tmp / ref).resolve()
    line = one(lines, f"r.yaml:3:10: $.extends: the file {ref!r} does not exist (looked for {looked})")
    assert "bundled ids" not in line
    assert line.endswith("; for the bundled ruleset write extends: hearts") == (ref == "hearts.yaml")


@pytest.mark.parametrize("ref", ["Hearts", "my rules", "base.json", "sub/base"])
def test_extends_that_is_neither_an_id_nor_a_yaml_path(ref: str) -> None:
    write("sub/base", BASE)
    one(
        lines_of(f"id: child\nextends: {ref}\n"),
        f"r.yaml:2:10: $.extends: {ref!r} is neither a bundled id",
        "nor a path to a .yaml or .yml file",
    )


@pytest.mark.parametrize(
    ("text", "prefix", "words"),
    [
        ("id: a\nextends: 5\n", "r.yaml:2:10: $.extends: ", ["expected a ruleset id or a file path"]),
        ('id: a\nextends: ""\n', "r.yaml:2:10: $.extends: ", ["expected a ruleset id or a file path"]),
        ("id: a\nextends: [hearts]\n", "r.yaml:2:10: $.extends: ", ["expected a ruleset id or a file path"]),
    ],
    ids=["number", "empty", "list"],
)
def test_extends_must_be_a_reference(text: str, prefix: str, words: list[str]) -> None:
    one(lines_of(text), prefix, *words)


def test_extends_cycle_is_reported_at_the_extends_line_of_the_file_named() -> None:
    write("a.yaml", "id: a\n\nextends: b.yaml\n")
    write("b.yaml", "id: b\nextends: a.yaml\n")
    lines = [str(p) for p in check_file(Path("a.yaml"))]
    assert lines == ["a.yaml:3:10: $.extends: extends cycle: a.yaml -> b.yaml -> a.yaml"]
    lines = [str(p) for p in check_file(Path("b.yaml"))]
    assert lines == ["b.yaml:2:10: $.extends: extends cycle: b.yaml -> a.yaml -> b.yaml"]


def test_extends_cycle_of_three_files_entered_from_outside_shows_the_whole_chain() -> None:
    write("top.yaml", "id: top\nextends: a.yaml\n")
    write("a.yaml", "id: a\nextends: b.yaml\n")
    write("b.yaml", "id: b\n\nextends: c.yaml\n")
    write("c.yaml", "id: c\nextends: a.yaml\n")
    lines = [str(p) for p in check_file(Path("top.yaml"))]
    assert lines == ["top.yaml:2:10: $.extends: extends cycle: top.yaml -> a.yaml -> b.yaml -> c.yaml -> a.yaml"]


def test_extends_self_is_a_cycle() -> None:
    lines = lines_of("id: me\nextends: r.yaml\n")
    one(lines, "r.yaml:2:10: $.extends: extends cycle: r.yaml -> r.yaml")


def test_error_in_a_value_the_child_set_is_reported_at_the_child() -> None:
    write("base.yaml", BASE)
    lines = lines_of("id: child\nextends: base.yaml\ngame:\n  target: lots\n", "child.yaml")
    one(lines, "child.yaml:4:11: $.game.target: ", 'expected a whole number, got "lots"')


def test_error_in_a_value_the_child_set_over_a_bundled_base() -> None:
    lines = lines_of("id: child\nextends: hearts\npassing: 3\n", "child.yaml")
    one(lines, "child.yaml:3:10: $.passing: ", "expected a mapping, got 3")


def test_error_in_an_inherited_value_points_at_the_base_file() -> None:
    write("base.yaml", "id: base\nfamily: hearts\ngame:\n  target: 100\n  deels: 3\n")
    lines = lines_of("id: child\nextends: base.yaml\npassing:\n  count: 1\n", "child.yaml")
    # The user named child.yaml, not base.yaml: say what is wrong and where, quoting nothing of the base.
    line = one(lines, "base.yaml:5:3: $.game: unknown key; allowed here: count, deals, ")
    assert "deels" not in line


def test_errors_in_child_and_base_are_reported_together() -> None:
    write("base.yaml", "id: base\nfamily: bridge\ngame:\n  target: 100\n")
    lines = lines_of("id: child\nextends: base.yaml\ngame:\n  winner: middle\n", "child.yaml")
    assert lines == [
        "base.yaml:2:9: $.family: the value is not one of: "
        "hearts, euchre, spades, oh-hell, whist, jass, schafkopf, other",
        'child.yaml:4:11: $.game.winner: "middle" is not one of: lowest, highest',
    ]


def test_inherited_value_the_child_overrides_is_no_longer_reported() -> None:
    write("base.yaml", "id: base\ngame:\n  target: lots\nscoring:\n  points: {H: 1}\n")
    assert lines_of("id: child\nextends: base.yaml\ngame:\n  target: 100\n", "child.yaml") == []
    write("base.yaml", "id: base\nscoring:\n  points: {H: 1}\ngame:\n  target: 1\n  deels: 3\n")
    one(
        lines_of("id: child\nextends: base.yaml\ngame: {target: 100}\n", "child.yaml"),
        "base.yaml:6:3: $.game: unknown key; allowed here:",
    )
    assert lines_of("id: child\nextends: base.yaml\ngame:\n  deels: null\n", "child.yaml") == []


def test_semantic_error_in_an_inherited_value_points_at_the_base_file() -> None:
    write("base.yaml", "id: base\n\npassing:\n  count: 13\ngame:\n  target: 100\n")
    lines = lines_of("id: child\nextends: base.yaml\ntitle: Kid\n", "child.yaml")
    one(lines, "base.yaml:4:10: $.passing.count: ", "passing 13 cards needs hands of more than 13")


def test_semantic_error_caused_by_the_child_points_at_the_child() -> None:
    lines = lines_of("id: child\nextends: hearts\npassing:\n  count: 13\n", "child.yaml")
    one(lines, "child.yaml:4:10: $.passing.count: ", "passing 13 cards needs hands of more than 13")


def test_semantic_error_on_an_inherited_cycle_points_at_the_base_file() -> None:
    write(
        "base.yaml",
        """
        id: base
        passing:
          count: 3
          cycle: [left, across]
        game:
          target: 100
        """,
    )
    lines = lines_of(
        """
        id: child
        extends: base.yaml
        players:
          counts: [3]
        deck:
          remove:
            "3": [2D]
        """,
        "child.yaml",
    )
    one(lines, "base.yaml:4:10: $.passing.cycle: ", "no one sits across with 3 players")


def test_syntax_error_in_a_base_file_names_the_base() -> None:
    write("base.yaml", "id: base\ngame: [\n")
    lines = lines_of("id: child\nextends: base.yaml\n", "child.yaml")
    one(lines, "base.yaml:3:1: $: YAML syntax error")


def test_missing_base_of_a_base_is_reported_at_the_base() -> None:
    write("b.yaml", "id: b\n\nextends: gone.yaml\n")
    lines = lines_of("id: a\nextends: b.yaml\n", "a.yaml")
    assert lines == ["b.yaml:3:10: $.extends: this base file's extends names a file that does not exist"]


# -- safe YAML -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "column", "path"),
    [
        ("id: a\ngame: !!python/object/apply:builtins.exec [\"open('ran', 'w').write('x')\"]\n", 2, 7, "$.game"),
        ("id: !!python/object/apply:builtins.exec [\"open('ran', 'w').write('x')\"]\n", 1, 5, "$.id"),
        ("id: a\ngame: !!python/object:collections.OrderedDict {target: 100}\n", 2, 7, "$.game"),
        ("id: a\ngame: !!python/object/new:builtins.dict {target: 100}\n", 2, 7, "$.game"),
        ("id: !!python/name:os.system\ngame:\n  target: 1\n", 1, 5, "$.id"),
    ],
    ids=["apply-sequence", "apply-id", "object-mapping", "new-mapping", "name-scalar"],
)
def test_python_tags_are_refused_and_no_code_runs(text: str, line: int, column: int, path: str) -> None:
    problems = problems_of(text)
    assert not Path("ran").exists()
    assert len(problems) == 1, problems
    p = problems[0]
    assert (p.file, p.line, p.column, p.path) == ("r.yaml", line, column, path), str(p)
    assert "python/" in p.message
    assert "tag" in p.message
    assert "\n" not in p.message


def test_yaml_merge_keys_are_refused() -> None:
    lines = lines_of("base: &b {target: 1}\nid: a\ngame:\n  <<: *b\n")
    # Every problem is reported: the merge key, and the unknown top-level key.
    assert "r.yaml:4:3: $.game: YAML merge keys ('<<') are not supported" in lines
    assert any(line.startswith("r.yaml:1:1: $.base: unknown key 'base'") for line in lines)
    assert len(lines) == 2, lines


def test_non_text_keys_are_refused() -> None:
    one(lines_of("id: a\n[1, 2]: x\ngame:\n  target: 1\n"), "r.yaml:2:1: $: keys must be text")


def test_dates_are_refused() -> None:
    one(
        lines_of("id: a\nsource: 2020-01-01\ngame:\n  target: 1\n"),
        "r.yaml:2:9: $.source: a YAML timestamp is not allowed here; put the value in quotes to make it text",
    )


# -- YAML syntax errors in a user's words ----------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "id: a\ngame:\n    target: 1\n  deals: 2\n",
            "r.yaml:4:3: $: YAML syntax error: bad indentation: this key is not lined up with the keys above it",
        ),
        (
            "id: a\ngame:\n  target: 1\n    deals: 2\n",
            "r.yaml:4:5: $: YAML syntax error: bad indentation: this line is indented more than the key above it",
        ),
        ("id: a\ngame\n  target: 1\n", "r.yaml:2:1: $: YAML syntax error: a key without ':'; write key: value"),
        (
            "id: a\npassing:\n  count 3\n  cycle: [left]\n",
            "r.yaml:3:3: $: YAML syntax error: a key without ':'; write key: value",
        ),
        (
            "id: a\ntitle: Hearts: the game\n",
            "r.yaml:2:14: $: YAML syntax error: a second ': ' on this line; put the value in quotes",
        ),
        (
            "id: a\ngame:\n\ttarget: 1\n",
            "r.yaml:3:1: $: YAML syntax error: a tab character; YAML indents with spaces only",
        ),
        ("id: 'abc\ngame: 1\n", "r.yaml:1:5: $: YAML syntax error: this quote is never closed"),
        (
            "id: a\nx: [1, 2\n",
            "r.yaml:2:4: $: YAML syntax error: the list opened with '[' here is not closed with ']'",
        ),
        (
            "id: a\ngame: {target: 100\nfoo: 1\n",
            "r.yaml:2:7: $: YAML syntax error: the map opened with '{' here is not closed with '}'",
        ),
        (
            "id: a\ngame:\n  target: 1\n  - x\n",
            "r.yaml:4:3: $: YAML syntax error: a list item ('- ') among the keys of a map; put the list under a key",
        ),
        ("id: @a\n", "r.yaml:1:5: $: YAML syntax error: a value cannot start with '@'; put the value in quotes"),
        ('id: "a" b\n', "r.yaml:1:9: $: YAML syntax error: text after a value that has ended"),
        ("id: a\nx: [1]]\n", "r.yaml:2:7: $: YAML syntax error: a ']' with no '[' before it"),
    ],
    ids=[
        "dedent",
        "indent",
        "missing-colon",
        "missing-colon-before-a-key",
        "colon-in-value",
        "tab",
        "unclosed-single-quote",
        "unclosed-list-at-end",
        "unclosed-map",
        "list-item-among-keys",
        "at-sign",
        "text-after-quote",
        "extra-bracket",
    ],
)
def test_yaml_errors_are_said_in_a_users_words_at_the_line_to_fix(text: str, expected: str) -> None:
    line = one(lines_of(text), expected)
    for parser_words in ("<block", "<scalar>", "expected", "while parsing", "while scanning", "stream"):
        assert parser_words not in line, line


# -- card codes: every spelling the README promises --------------------------------


def test_card_spellings_the_readme_promises_are_accepted_everywhere() -> None:
    write(
        "r.yaml",
        """
        id: spellings
        extends: hearts
        deck:
          remove:
            "4": [2♣, 2h, ♠2, "2D"]
        play:
          first_trick:
            forbid: [♥, qs]
        scoring:
          points:
            10D: 5
            q♠: 26
            ♠J: 2
            ♦9: 3
            kh: 4
            ♥: 1
        """,
    )
    rules = load_ruleset(Path("r.yaml"))
    assert rules.doc.data["scoring"]["points"] == {"H": 1, "QS": 26, "TD": 5, "JS": 2, "9D": 3, "KH": 4}
    assert rules.doc.data["deck"]["remove"] == {"4": ["2C", "2H", "2S", "2D"]}
    assert rules.doc.data["play"]["first_trick"]["forbid"] == ["H", "QS"]
    assert rules.card_points.by_pattern == {"H": 1, "QS": 26, "TD": 5, "JS": 2, "9D": 3, "KH": 4}
    assert rules.removals == {4: ("2C", "2H", "2S", "2D")}
    assert rules.first_trick_forbid == ("H", "QS")
    points = rules.layout(4).points
    assert [points[Card.parse(c).index] for c in ("TD", "QS", "JS", "9D", "KH", "3H", "AC")] == [5, 26, 2, 3, 4, 1, 0]
    assert len(rules.layout(4).cards) == 48 and Card.parse("2C").index not in rules.layout(4).cards


def test_two_spellings_of_one_card_are_a_duplicate_key() -> None:
    lines = lines_of("id: a\nextends: hearts\nscoring:\n  points:\n    QS: 13\n    q♠: 26\n")
    one(lines, "r.yaml:6:5: $.scoring.points: duplicate key: 'q♠' names the same cards as 'QS'")


def test_a_child_spelling_overrides_the_bases_code() -> None:
    write("r.yaml", "id: a\nextends: hearts\nscoring:\n  points:\n    ♠Q: 0\n")
    assert load_ruleset(Path("r.yaml")).doc.data["scoring"]["points"] == {"H": 1, "QS": 0}


def _spellings() -> list[str]:
    alphabet = ["1", "0", "2", "9", "T", "t", "Q", "q", "C", "h", "S", "♠", "♥", "X", " ", "\n"]
    out = [a for a in alphabet]
    out += [a + b for a in alphabet for b in alphabet]
    out += [a + b + c for a in "1♦Qq" for b in alphabet for c in alphabet]
    return out


def test_read_pattern_and_the_schema_patterns_agree() -> None:
    published = json.loads(SCHEMA_FILE.read_text("utf-8"))["$defs"]
    card, pattern = re.compile(published["card"]["pattern"]), re.compile(published["pattern"]["pattern"])
    italian = make_deck("italian")
    for text in _spellings():
        try:
            code = read_pattern(text)
        except ValueError:
            code = ""
        # The schema knows no pack: it also takes the codes of an Italian pack,
        # which the ruleset then checks against its own pack.
        other = "" if code else text.upper() if read_pack_pattern(italian, text) >= 0 else ""
        assert bool(pattern.fullmatch(text)) == bool(code or other), repr(text)
        assert bool(card.fullmatch(text)) == (len(code or other) == 2), repr(text)
        if code:
            assert pattern_mask(code) == pattern_mask(text)
            if len(code) == 2:
                assert Card.parse(text) == Card.parse(code)  # what Card.parse reads for the same text


# -- patterns match whole values --------------------------------------------------------


def _patterns(node: Any) -> list[str]:
    if isinstance(node, dict):
        found = [node["pattern"]] if isinstance(node.get("pattern"), str) else []
        return found + [p for value in node.values() for p in _patterns(value)]
    if isinstance(node, list):
        return [p for value in node for p in _patterns(value)]
    return []


def test_every_schema_pattern_is_anchored_so_python_and_editors_match_the_whole_value() -> None:
    patterns = _patterns(json.loads(SCHEMA_FILE.read_text("utf-8")))
    assert len(patterns) >= 5
    for pattern in patterns:
        assert pattern.startswith("^") and pattern.endswith("$") and not pattern.endswith("\\$"), pattern


@pytest.mark.parametrize(
    "data",
    [
        {"id": "evil\n"},
        {"id": "a", "scoring": {"points": {"QS\n": 100}}},
        {"id": "a", "deck": {"remove": {"3\n": ["2D"]}}},
        {"id": "a", "deck": {"remove": {"3": ["2D\n"]}}},
    ],
    ids=["id", "points-key", "player-count-key", "card"],
)
def test_a_final_newline_does_not_pass_a_pattern(data: dict[str, Any]) -> None:
    # re.search("^[a-z]+$", "evil\n") matches; the loader's validator must not.
    problems = validate(Document(data, "r.yaml"))
    assert len(problems) == 1, problems
    assert "is not" in problems[0].message


# -- null where extends may remove a key ------------------------------------------------


def _nullable_paths() -> list[tuple[str, ...]]:
    """Every key the merge of `extends` can remove: reached through maps only, not required, not inside free text."""
    strict = schema()
    out: list[tuple[str, ...]] = []
    samples = {"^[2-8]$": "4"}

    def visit(node: dict[str, Any], path: tuple[str, ...]) -> None:
        if "$ref" in node:
            node = {**strict["$defs"][node["$ref"].rsplit("/", 1)[-1]], **node}
        if node.get("type") != "object":
            return
        required = set(node.get("required", []))
        for key, sub in node.get("properties", {}).items():
            if key not in required and (*path, key) != ("id",):
                out.append((*path, key))
            if not (not path and key in ("title", "summary", "notes", "source")):
                visit(sub, (*path, key))
        extra = node.get("additionalProperties")
        if isinstance(extra, dict):
            names = node.get("propertyNames", {})
            key = samples.get(names.get("pattern"), "QS")
            out.append((*path, key))
            visit(extra, (*path, key))

    visit(strict, ())
    return out


def _with(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": "a"}
    node = doc
    for key in path[:-1]:
        node = node.setdefault(key, {})
    node[path[-1]] = value
    return doc


def test_the_published_schema_allows_null_wherever_extends_can_remove_a_key() -> None:
    published = Draft202012Validator(json.loads(SCHEMA_FILE.read_text("utf-8")))
    paths = _nullable_paths()
    assert ("passing",) in paths and ("game", "target") in paths and ("scoring", "points", "QS") in paths
    refused = [
        json_path(p) for p in paths if any(tuple(e.absolute_path) == p for e in published.iter_errors(_with(p, None)))
    ]
    assert refused == [], "add null to these keys of the schema (extends: null removes a key)"


@pytest.mark.parametrize(
    "data",
    [
        {"id": None},
        {"id": "a", "players": {"counts": [4, None]}},
        {"id": "a", "play": {"lead_restrictions": [{"cards": ["H"], "broken_by": None}]}},
        {"id": "a", "title": {"en": None}},
    ],
    ids=["required-id", "list-item", "inside-a-list-item", "inside-free-text"],
)
def test_the_published_schema_refuses_null_where_nothing_is_removed(data: dict[str, Any]) -> None:
    assert not Draft202012Validator(json.loads(SCHEMA_FILE.read_text("utf-8"))).is_valid(data)


def test_the_loader_checks_the_published_schema_without_its_nulls() -> None:
    assert _without_null(json.loads(SCHEMA_FILE.read_text("utf-8"))) == schema()
    text = json.dumps(schema())
    assert '"null"' not in text and "null]" not in text and "null," not in text


def test_nulls_in_a_file_without_extends_mean_the_defaults() -> None:
    write(
        "r.yaml",
        "id: a\npassing: null\ntrump:\n  suit: null\ngame:\n  target: 50\n  deals: null\nscoring: {points: {H: 1}}\n",
    )
    assert check_file(Path("r.yaml")) == []
    rules = load_ruleset(Path("r.yaml"))
    assert rules.pass_count == 0
    assert rules.game.deals is None
    assert "passing" not in rules.doc.data and "suit" not in rules.doc.data["trump"]
    assert rules.trump_suit is None


# -- the compiled ruleset: typed, frozen, its defaults from the schema ---------------------

ENUM_TYPES = [
    (ruleset.Family, ("family",)),
    (ruleset.Teams, ("players", "teams")),
    (kinds.Direction, ("$defs", "direction")),
    (ruleset.Alone, ("bidding", "alone")),
    (ruleset.TrumpKind, ("trump", "kind")),
    (ruleset.OpeningBy, ("play", "opening_lead", "by")),
    (ruleset.MustLead, ("play", "opening_lead", "must_lead")),
    (ruleset.EndEarly, ("play", "end_early", "items")),
    (moon.Kind, ("scoring", "moon", "kind")),
    (moon.Partner, ("scoring", "moon", "partner")),
    (ruleset.ScoreTeams, ("scoring", "teams")),
    (revoke_penalty.To, ("scoring", "revoke_penalty", "to")),
    (kinds.Winner, ("game", "winner")),
    (kinds.Ties, ("game", "ties")),
    (kinds.RoundKind, ("$defs", "bidding_round", "kind")),
    (kinds.RoundStarts, ("$defs", "bidding_round", "starts")),
    (kinds.TrickSide, ("scoring", "tricks", "items", "side")),
]


@pytest.mark.parametrize(("kind", "where"), ENUM_TYPES, ids=[".".join(w) for _, w in ENUM_TYPES])
def test_the_compiled_rulesets_literal_types_are_the_schemas_enums(kind: Any, where: tuple[str, ...]) -> None:
    node = schema()
    for i, key in enumerate(where):
        inside = key in ("$defs", "items") or (i > 0 and where[i - 1] == "$defs")
        node = node[key] if inside else node["properties"][key]
    assert list(get_args(kind)) == node["enum"]


def test_a_compiled_ruleset_is_frozen_and_keeps_no_dict_of_settings() -> None:
    rules = load_ruleset("hearts")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.no_tricks_bonus = 1  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):  # a mechanism's settings too (rules.game)
        rules.game.target = 1  # type: ignore[misc]
    assert not hasattr(rules, "data") and not hasattr(rules, "raw")
    assert rules.passing == Passing(3, ("left", "right", "across", "hold"), {})
    assert rules.card_points == CardPoints({"H": 1, "QS": 13}, {})
    assert rules.lead_restrictions == (LeadRestriction(("H",), ("H",), ()),)
    assert rules.hand_size == "all" and rules.first_dealer == "random" and rules.rotation == 1
    assert revoke_penalty.of(rules) == revoke_penalty.RevokePenalty("all")  # `points: all`
    assert revoke_penalty.of(load_ruleset("euchre")) == revoke_penalty.RevokePenalty("points", 2, "opponents")


def test_settings_the_file_leaves_out_take_the_schemas_defaults() -> None:
    write("r.yaml", "id: a\ngame:\n  target: 50\nscoring:\n  points: {H: 1}\n")
    rules = load_ruleset(Path("r.yaml"))
    filled = with_defaults(rules.doc.data)
    assert rules.doc.data == {"id": "a", "game": {"target": 50}, "scoring": {"points": {"H": 1}}}
    assert rules.family == filled["family"]
    assert rules.player_counts == tuple(filled["players"]["counts"])
    assert rules.teams_kind == filled["players"]["teams"]
    assert rules.hand_size == filled["deal"]["hand_size"]
    assert rules.upcard == filled["deal"]["upcard"]
    assert rules.first_dealer == filled["deal"]["first_dealer"]
    assert rules.passing == Passing(filled["passing"]["count"], tuple(filled["passing"]["cycle"]), {})
    assert rules.alone == filled["bidding"]["alone"]
    assert rules.may_discard_upcard == filled["bidding"]["dealer_discard"]["may_discard_upcard"]
    assert (rules.trump_kind, rules.bowers) == (filled["trump"]["kind"], filled["trump"]["bowers"])
    opening = filled["play"]["opening_lead"]
    assert (rules.opening_by, rules.opening_must) == (opening["by"], opening["must_lead"])
    assert rules.deck.suits[rules.opening_suit] == opening["suit"]
    assert rules.first_trick_forbid == tuple(filled["play"]["first_trick"]["forbid"])
    assert rules.end_early == frozenset(filled["play"]["end_early"])
    assert rules.card_points == CardPoints(filled["scoring"]["points"], filled["scoring"]["rank_points"])
    moon_data = filled["scoring"]["moon"]
    assert (moon.of(rules).kind, moon.of(rules).partner) == (moon_data["kind"], moon_data["partner"])
    assert rules.score_teams == filled["scoring"]["teams"]
    assert rules.no_tricks_bonus == filled["scoring"]["no_tricks_bonus"]
    game = filled["game"]
    assert (rules.game.start, rules.game.winner, rules.game.ties) == (game["start"], game["winner"], game["ties"])
    assert rules.game.count_sign == (1 if game["count"] == "up" else -1)
    assert book.of(rules).tricks is None and rules.bid_scoring is None
    assert not revoke_penalty.active(revoke_penalty.of(rules))


def test_with_defaults_fills_blocks_list_items_and_referenced_blocks_from_the_schema() -> None:
    data: dict[str, Any] = {"id": "a", "bidding": {"rounds": [{"kind": "tricks", "max": 7}]}}
    filled = with_defaults(data)
    assert data == {"id": "a", "bidding": {"rounds": [{"kind": "tricks", "max": 7}]}}  # a new dict
    assert "title" not in filled and "target" not in filled["game"]  # no default: left out
    assert filled["passing"]["cycle"] == ["left", "right", "across", "hold"]
    [round_] = filled["bidding"]["rounds"]
    assert round_["max"] == 7 and round_["min"] == 0 and round_["nil"] is False
    assert "side_max" not in round_
    zero = {"base": 0, "per_bid": 0, "per_trick": 0, "per_overtrick": 0, "per_trick_off": 0}
    assert filled["scoring"]["contract"] == {"made": "at-least", "made_points": zero, "set_points": zero}


def test_null_inside_a_list_is_a_problem() -> None:
    one(lines_of("id: a\nplayers:\n  counts: [4, null]\ngame:\n  target: 1\n"), "r.yaml:3:15: $.players.counts[1]: ")


@pytest.mark.parametrize("path", BUNDLED_FILES, ids=lambda p: p.stem)
def test_bundled_file_passes_the_published_schema_as_an_editor_reads_it(path: Path) -> None:
    # The file alone, nulls and all (yaml-language-server checks it without following extends).
    data = yaml.safe_load(path.read_text("utf-8"))
    errors = list(Draft202012Validator(json.loads(SCHEMA_FILE.read_text("utf-8"))).iter_errors(data))
    assert [f"{list(e.absolute_path)}: {e.message}" for e in errors] == []


def test_readme_validate_example_is_what_trickbook_prints() -> None:
    readme = (REPO / "README.md").read_text("utf-8")
    shown = [line for line in readme.splitlines() if line.startswith("my-rules.yaml:")]
    assert len(shown) == 2
    write("my-rules.yaml", 'id: mine\nextends: hearts\npasing:\n  count: 2\ndeck:\n  remove:\n    "3": [1H]\n')
    printed = lines_of(Path("my-rules.yaml").read_text("utf-8"), "my-rules.yaml")
    assert len(printed) == 2
    for readme_line, line in zip(shown, printed, strict=True):
        if readme_line.endswith("..."):
            assert line.startswith(readme_line.removesuffix("...")), (readme_line, line)
        else:
            assert line == readme_line


# -- a ruleset the engine cannot play never validates ---------------------------------------------
# Each of these once validated and then failed in play, in the statistics or on every page of
# `trickbook serve`; each is now one problem at the line of the house rule that caused it.


def test_bowers_with_a_pack_whose_jacks_have_no_colour_is_refused_at_the_pack() -> None:
    lines = lines_of("id: a\nextends: euchre\ndeck:\n  pack: italian\n  ranks: null\n")
    one(lines, "r.yaml:4:9: $.deck.pack: trump.bowers pairs the jacks of a colour, which the italian pack has not")
    one(
        lines_of("id: a\nextends: euchre\ndeck:\n  ranks: [8, 9, T, Q, K, A]\n"), "r.yaml:4:10: $.deck.ranks: ", "jacks"
    )


def test_partners_opposite_with_two_players_is_refused_at_the_count() -> None:
    one(
        lines_of("id: a\nextends: euchre\nplayers:\n  counts: [2]\n"),
        "r.yaml:4:11: $.players.counts: partners cannot sit opposite with 2 players",
    )


@pytest.mark.parametrize(("packets", "column"), [("[3, 3]", 12), ("[2, 2]", 12), ("[5, 1]", 12)])
def test_packets_that_do_not_make_the_hand_are_refused(packets: str, column: int) -> None:
    lines = lines_of(f"id: a\nextends: euchre\ndeal:\n  packets: {packets}\n")
    one(lines, f"r.yaml:4:{column}: $.deal.packets: packets of ", "do not make a hand of 5")


def test_packets_with_a_schedule_are_refused() -> None:
    one(lines_of("id: a\nextends: oh-hell\ndeal:\n  packets: [3, 2]\n"), "r.yaml:4:12: $.deal.packets: ", "schedule")


def test_a_lowest_bid_above_the_tricks_of_a_deal_is_refused() -> None:
    text = "id: a\nextends: spades\nbidding:\n  rounds: [{kind: tricks, min: 14, max: 20}]\n"
    one(
        lines_of(text), "r.yaml:4:32: $.bidding.rounds[0].min: the lowest bid, 14, is more than the 13 tricks of a deal"
    )
    # Oh Hell's schedule deals hands of one card: a lowest bid of 2 leaves them no bid.
    text = "id: a\nextends: oh-hell\nbidding:\n  rounds: [{kind: tricks, min: 2, hook: true}]\n"
    one(
        lines_of(text),
        "r.yaml:4:32: $.bidding.rounds[0].min: the lowest bid, 2, is more than the 1 trick of a deal with 3",
    )


def test_hands_larger_than_a_hand_may_hold_are_refused_at_the_copies() -> None:
    one(
        lines_of("id: a\nextends: cutthroat-spades\ndeck:\n  copies: 4\n"),
        "r.yaml:4:11: $.deck.copies: 3 players would hold 69 cards each; a hand holds at most 26",
    )
    one(lines_of("id: a\nextends: oh-hell\ndeck:\n  copies: 2\n"), "r.yaml:4:11: $.deck.copies: ", "at most 26")


def test_a_ruleset_where_nothing_scores_is_refused() -> None:
    # No card has points, no tricks or bids score: no target is ever reached and every game ties.
    one(lines_of("id: a\ngame:\n  target: 1\n"), "r.yaml:1:1: $.scoring: nothing scores: ")
    assert lines_of("id: a\ngame:\n  target: 1\nscoring:\n  points: {QS: 13}\n") == []


def test_the_published_schema_holds_every_mechanisms_fragment() -> None:
    # Each mechanism's module is the one source of its schema; `python -m referee.mechanisms` writes it in.
    from referee.mechanisms import MECHANISMS
    from referee.mechanisms.__main__ import main as assemble
    from referee.mechanisms.__main__ import node_at

    published = json.loads(SCHEMA_FILE.read_text("utf-8"))
    for mechanism in MECHANISMS:
        node = node_at(published, mechanism.PATH)
        # a fragment may hold another's (trump.contracts.compulsory inside trump.contracts): that one is its own
        inner = {m.PATH[-1] for m in MECHANISMS if m.PATH[:-1] == mechanism.PATH}
        assert inner <= set(node.get("properties", {})), mechanism.NAME
        own = {**node, "properties": {k: v for k, v in node["properties"].items() if k not in inner}} if inner else node
        assert own == mechanism.SCHEMA, mechanism.NAME
    assert assemble(["--check"]) == 0


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"], ids=["line", "paragraph"])
def test_a_title_may_not_hold_a_unicode_line_separator(separator: str) -> None:
    text = f'id: a\ntitle: "Hello{separator}world"\nscoring:\n  points: {{H: 1}}\ngame:\n  target: 1\n'
    one(lines_of(text), "r.yaml:2:8: $.title: the text holds a control character", "only summary and notes may span")


def test_unknown_keys_of_one_mapping_list_the_allowed_keys_once() -> None:
    lines = lines_of("id: a\nfoo: 1\nbar: 2\nbaz: 3\nscoring:\n  points: {H: 1}\ngame:\n  target: 1\n")
    assert len(lines) == 3
    assert sum("allowed here: " in line for line in lines) == 1, lines
    assert lines[0].startswith("r.yaml:2:1: $.foo: unknown key 'foo'; allowed here: $schema, bidding")
