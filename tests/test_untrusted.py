"""House rules are untrusted input: `extends` stays in its folder, nothing is read whole, nothing leaks.

A house rule arrives from someone else (a club's site, a chat) and is
validated, played and published by ``trickbook``. Its ``extends`` must not
open files elsewhere on the machine, a huge base must not be read before the
size check, problems inside a base file the user did not name must not quote
what it holds, and text must not smuggle control characters into ids, file
names, card codes or the one line a problem takes.
"""

from __future__ import annotations

import os
import textwrap
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee import Problem, RulesetError, load_ruleset
from referee.loader import MAX_FILE_BYTES, allowed_base_dirs, read_document, resolve
from referee.ruleset import check_file
from trickbook.cli import main

SECRET = "s3cr3t-Xq7"
VALID_BASE = "id: outside\nfamily: hearts\nsource: somewhere\nscoring:\n  points:\n    H: 1\ngame:\n  target: 42\n"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write(name: str, text: str) -> Path:
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def lines(path: str | Path) -> list[str]:
    return [str(p) for p in check_file(Path(path))]


def only(found: list[str], prefix: str, *words: str) -> str:
    assert len(found) == 1, found
    assert found[0].startswith(prefix), found[0]
    for word in words:
        assert word in found[0], (word, found[0])
    return found[0]


# -- extends stays inside the folder of the file that names it ------------------


def test_extends_an_absolute_path_is_refused_without_opening_it(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str] = []
    real_open = Path.open

    def spy(self: Path, *args: object, **kwargs: object) -> object:
        opened.append(str(self))
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    write("house/h.yaml", "id: h\nextends: /etc/passwd\n")
    monkeypatch.setattr(Path, "open", spy)
    found = lines("house/h.yaml")
    only(found, "house/h.yaml:2:10: $.extends: '/etc/passwd' is neither a bundled id", "nor a path to a .yaml")
    assert not any("passwd" in name for name in opened)


def test_extends_an_absolute_yaml_path_is_refused(in_tmp: Path) -> None:
    write("outside/base.yaml", VALID_BASE)
    write("house/h.yaml", f"id: h\nextends: {in_tmp / 'outside' / 'base.yaml'}\n")
    only(lines("house/h.yaml"), "house/h.yaml:2:10: $.extends: ", "is an absolute path")


def test_extends_dotdot_out_of_the_folder_is_refused_and_the_secret_never_printed(in_tmp: Path) -> None:
    write("secret.yaml", f"id: secret\npassing: {SECRET}\n")
    write("house/h.yaml", "id: h\nextends: ../secret.yaml\n")
    found = lines("house/h.yaml")
    only(
        found,
        f"house/h.yaml:2:10: $.extends: '../secret.yaml' resolves to {in_tmp / 'secret.yaml'}, "
        f"outside {in_tmp / 'house'}",
        "--base-dir",
    )
    assert SECRET not in "\n".join(found)


def test_extends_through_a_symlink_out_of_the_folder_is_refused(in_tmp: Path) -> None:
    write("outside/base.yaml", VALID_BASE)
    write("house/h.yaml", "id: h\nextends: base.yaml\n")
    (in_tmp / "house" / "base.yaml").symlink_to(in_tmp / "outside" / "base.yaml")
    only(lines("house/h.yaml"), "house/h.yaml:2:10: $.extends: 'base.yaml' resolves to ", "outside")
    (in_tmp / "house" / "sub").symlink_to(in_tmp / "outside", target_is_directory=True)
    write("house/h2.yaml", "id: h\nextends: sub/base.yaml\n")
    only(lines("house/h2.yaml"), "house/h2.yaml:2:10: $.extends: 'sub/base.yaml' resolves to ", "outside")


def test_extends_through_a_symlink_inside_the_folder_is_followed(in_tmp: Path) -> None:
    write("house/real/base.yaml", VALID_BASE)
    (in_tmp / "house" / "base.yaml").symlink_to(in_tmp / "house" / "real" / "base.yaml")
    write("house/h.yaml", "id: h\nextends: base.yaml\n")
    assert load_ruleset(Path("house/h.yaml")).game.target == 42


def test_a_base_may_not_leave_its_own_folder_either(in_tmp: Path) -> None:
    write("secret.yaml", f"id: secret\npassing: {SECRET}\n")
    write("house/sub/b.yaml", "id: b\nextends: ../../secret.yaml\n")
    write("house/h.yaml", "id: h\nextends: sub/b.yaml\n")
    found = lines("house/h.yaml")
    assert found == ["house/sub/b.yaml:2:10: $.extends: this base file's extends names a file outside its folder"]


def test_a_ruleset_outside_the_folder_is_not_published_on_the_house_rules_page(in_tmp: Path) -> None:
    write("outside/base.yaml", VALID_BASE.replace("source: somewhere", f"source: {SECRET}"))
    write("house/h.yaml", "id: h\nextends: ../outside/base.yaml\n")
    result = CliRunner().invoke(main, ["site", "house/h.yaml", "--out", "out", "--lang", "en"])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("house/h.yaml:2:10: $.extends: '../outside/base.yaml' resolves to ")
    assert not (in_tmp / "out").exists() or not any((in_tmp / "out").rglob("*.html"))
    assert SECRET not in result.output


def test_a_folder_the_caller_allows_may_hold_bases(in_tmp: Path) -> None:
    write("outside/base.yaml", VALID_BASE)
    write("house/h.yaml", "id: h\nextends: ../outside/base.yaml\n")
    with pytest.raises(RulesetError):
        load_ruleset(Path("house/h.yaml"))
    assert resolve(Path("house/h.yaml"), base_dirs=[in_tmp / "outside"]).data["game"]["target"] == 42
    with allowed_base_dirs(["outside"]):
        assert load_ruleset(Path("house/h.yaml")).game.target == 42
    with pytest.raises(RulesetError):  # the permission ends with the block
        load_ruleset(Path("house/h.yaml"))
    runner = CliRunner()
    assert runner.invoke(main, ["validate", "house/h.yaml"]).exit_code == 2
    result = runner.invoke(main, ["validate", "--base-dir", "outside", "house/h.yaml"])
    assert result.exit_code == 0, result.output


def test_the_user_may_name_any_file_directly(in_tmp: Path) -> None:
    # Only `extends` inside a file is confined: a path the user types is theirs.
    write("elsewhere/rules.yaml", VALID_BASE)
    os.chdir(in_tmp / "elsewhere")
    assert load_ruleset(in_tmp / "elsewhere" / "rules.yaml").game.target == 42
    assert check_file(Path("../elsewhere/rules.yaml")) == []


# -- sizes are checked before reading --------------------------------------------


def test_a_700_mb_base_is_refused_before_it_is_read(in_tmp: Path) -> None:
    big = in_tmp / "house" / "big.yaml"
    big.parent.mkdir()
    with big.open("wb") as f:
        f.truncate(700 * 1024 * 1024)  # sparse: no disk space, but 700 MB to read
    write("house/h.yaml", "id: h\nextends: big.yaml\n")
    tracemalloc.start()
    try:
        found = lines("house/h.yaml")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == [f"house/big.yaml:1:1: $: the file is too large (734003200 bytes; the limit is {MAX_FILE_BYTES})"]
    assert peak < 4 * MAX_FILE_BYTES  # the 700 MB were never read into memory


def test_a_file_that_says_it_is_empty_is_read_no_further_than_the_limit() -> None:
    # /dev/zero has size 0 and never ends: at most the limit + 1 bytes are read.
    with pytest.raises(RulesetError) as info:
        read_document(Path("/dev/zero"))
    assert str(info.value) == f"/dev/zero:1:1: $: the file is too large (more than the limit of {MAX_FILE_BYTES} bytes)"


def test_extends_naming_something_that_is_not_a_file(in_tmp: Path) -> None:
    (in_tmp / "house" / "dir.yaml").mkdir(parents=True)
    write("house/h.yaml", "id: h\nextends: dir.yaml\n")
    only(lines("house/h.yaml"), "house/h.yaml:2:10: $.extends: 'dir.yaml' is not a regular file")


# -- problems inside a base the user did not name quote nothing -----------------


def test_problems_in_a_base_say_what_and_where_but_never_what_it_holds(in_tmp: Path) -> None:
    write(
        "outside/base.yaml",
        f"""
        id: base
        family: {SECRET}
        passing: {SECRET}
        {SECRET}-key: 1
        players:
          counts: [{SECRET}]
          teams: [{SECRET}]
        scoring:
          points:
            {SECRET}: 1
            QS: {SECRET}
        game:
          target: 100
          deals: -{len(SECRET)}
        deck:
          suits: [C, C]
        """,
    )
    write("house/h.yaml", "id: h\nextends: ../outside/base.yaml\n")
    with allowed_base_dirs(["outside"]):
        found = lines("house/h.yaml")
    text = "\n".join(found)
    assert SECRET not in text
    assert found == [
        "outside/base.yaml:2:9: $.family: the value is not one of: "
        "hearts, euchre, spades, oh-hell, whist, jass, schafkopf, other",
        "outside/base.yaml:3:10: $.passing: expected a mapping, got text",
        "outside/base.yaml:4:1: $: unknown key; allowed here: $schema, bidding, communities, deal, deck, extends, "
        "family, game, id, notes, passing, play, players, scoring, source, summary, title, trump",
        "outside/base.yaml:6:12: $.players.counts[0]: expected a whole number, got text",
        "outside/base.yaml:7:10: $.players.teams: the value is not one of: none, opposite",
        "outside/base.yaml:10:5: $.scoring.points: a key is not a suit (C D H S or ♣ ♦ ♥ ♠) or a card code "
        "('QS', '10H', 'q♠', '♠Q')",
        "outside/base.yaml:11:9: $.scoring.points.QS: expected a whole number, got text",
        "outside/base.yaml:14:10: $.game.deals: the value is less than the minimum of 1",
        "outside/base.yaml:16:10: $.deck.suits: the list lists an item twice",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"id: b\ngame: *{SECRET}\n", "base.yaml:2:7: $: YAML syntax error: this alias names no anchor"),
        (f"id: b\nfamily: hearts\nfamily: {SECRET}\n", "base.yaml:3:1: $.family: duplicate key"),
        (f"id: b\ngame: !{SECRET} 1\n", "base.yaml:2:7: $.game: a YAML tag is not allowed; write plain values"),
        ("id: b\ntitle: caf\xe9\n", "base.yaml:2:11: $: the file is not UTF-8"),
        (f"id: b\nextends: {SECRET.lower()}\n", "base.yaml:2:10: $.extends: this base file's extends names no bundled"),
        (f"id: b\nextends: /{SECRET}.yaml\n", "base.yaml:2:10: $.extends: this base file's extends is an absolute"),
    ],
    ids=["alias", "duplicate-key", "tag", "encoding", "bundled-id", "absolute"],
)
def test_read_problems_in_a_base_quote_nothing(text: str, expected: str) -> None:
    Path("house").mkdir()
    raw = text.encode("latin-1") if "\xe9" in text else text.encode()
    Path("house/base.yaml").write_bytes(raw)
    write("house/h.yaml", "id: h\nextends: base.yaml\n")
    os.chdir("house")
    found = lines("h.yaml")
    assert len(found) == 1, found
    assert found[0].startswith(expected), found[0]
    assert SECRET.lower() not in found[0].lower() and "0xe9" not in found[0]


# -- no tracebacks, whatever the name --------------------------------------------


def test_extends_with_a_nul_byte_is_a_one_line_problem_at_the_extends_line() -> None:
    write("r.yaml", 'id: a\nextends: "x/\\0y.yaml"\n')
    assert lines("r.yaml") == [
        "r.yaml:2:10: $.extends: the text holds a control character, U+0000 (a NUL), at character 3"
    ]


def test_a_name_with_a_nul_byte_is_a_problem_not_a_traceback() -> None:
    with pytest.raises(RulesetError) as info:
        load_ruleset("x/\0y.yaml")
    assert len(info.value.problems) == 1
    assert "\0" not in str(info.value)
    assert next(str(p) for p in check_file(Path("x/\0y.yaml"))).startswith("x/\\u0000y.yaml:1:1: $: ")


# -- control characters ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'id: "evil\\n"\n',
            "r.yaml:1:5: $.id: the text holds a control character, U+000A (a line break), at character 5; "
            "only summary and notes may span lines",
        ),
        (
            'id: a\nscoring:\n  points:\n    "QS\\n": 100\n',
            "r.yaml:4:5: $.scoring.points: a key holds a control character, U+000A (a line break)",
        ),
        (
            'id: a\ntitle: "Hearts\\tand more"\n',
            "r.yaml:2:8: $.title: the text holds a control character, U+0009 (a tab), at character 7; "
            "only summary and notes may span lines",
        ),
        (
            'id: a\nsource: "x\\x7fy"\n',
            "r.yaml:2:9: $.source: the text holds a control character, U+007F, at character 2",
        ),
        (
            'id: a\nnotes: "one\\x85two"\n',
            "r.yaml:2:8: $.notes: the text holds a control character, U+0085 (a line break), at character 4",
        ),
        (
            'id: a\nsummary:\n  en: "bell\\a"\n',
            "r.yaml:3:7: $.summary.en: the text holds a control character, U+0007, at character 5",
        ),
        (
            'id: a\nnotes: "a\\rb"\n',
            "r.yaml:2:8: $.notes: the text holds a control character, U+000D (a carriage return)",
        ),
        ('id: a\n"ga\\x9bme": 1\n', "r.yaml:2:1: $: a key holds a control character, U+009B"),
        ('id: a\ndeck:\n  suits: ["H\\u0000"]\n', "r.yaml:3:11: $.deck.suits[0]: the text holds a control character"),
        ("id: a\x01\n", "r.yaml:1:6: $: YAML syntax error: a control character, U+0001, that YAML does not allow"),
    ],
    ids=["id-newline", "key-newline", "title-tab", "del", "c1-in-notes", "bell", "cr", "c1-key", "nul-in-list", "raw"],
)
def test_control_characters_are_refused_in_keys_and_text(text: str, expected: str) -> None:
    write("r.yaml", text)
    found = lines("r.yaml")
    only(found, expected)
    assert all(ord(c) >= 0x20 and not 0x7F <= ord(c) <= 0x9F for c in found[0])


def test_summary_and_notes_may_span_lines_and_hold_tabs() -> None:
    write(
        "r.yaml",
        """
        id: a
        extends: hearts
        summary: >
          A summary
          on two lines.
        notes:
          en: "First paragraph.\\n\\nSecond,\\tindented."
        """,
    )
    rules = load_ruleset(Path("r.yaml"))
    assert rules.text.summary == "A summary on two lines.\n"
    assert rules.text.notes == {"en": "First paragraph.\n\nSecond,\tindented."}


def test_an_evil_id_writes_no_page(in_tmp: Path) -> None:
    write("r.yaml", 'id: "evil\\n"\nextends: hearts\n')
    result = CliRunner().invoke(main, ["site", "r.yaml", "--out", "out", "--lang", "en"])
    assert result.exit_code == 2
    assert not any("\n" in p.name for p in in_tmp.rglob("*"))


def test_a_problem_is_always_one_line() -> None:
    p = Problem("a\nb.yaml", 1, 1, "$.x\u2028", "bad\x85value\rhere\x1b[31m")
    assert str(p) == "a\\u000ab.yaml:1:1: $.x\\u2028: bad\\u0085value\\u000dhere\\u001b[31m"
    assert len(str(p).splitlines()) == 1


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            'id: a\nextends: hearts\ntitle: "Hearts\\u202e"\n',
            "r.yaml:3:8: $.title: the text holds a control character, "
            "U+202E (a bidirectional override), at character 7",
        ),
        (
            'id: a\nextends: hearts\nsummary: "\\u202emoc.elpmaxe//:sptth"\n',
            "r.yaml:3:10: $.summary: the text holds a "
            "control character, U+202E (a bidirectional override), at character 1",
        ),
        (
            'id: a\nextends: hearts\ntitle:\n  he: "\\u2067x"\n',
            "r.yaml:4:7: $.title.he: the text holds a control "
            "character, U+2067 (a bidirectional isolate), at character 1",
        ),
    ],
    ids=["rlo-title", "rlo-summary", "isolate"],
)
def test_bidirectional_overrides_are_refused_in_free_text(text: str, expected: str) -> None:
    write("r.yaml", text)
    only(lines("r.yaml"), expected)


def test_an_empty_text_is_refused_and_never_shows_the_catalog_header(in_tmp: Path) -> None:
    from wording.freetext import free_text
    from wording.i18n import load_lang

    write("r.yaml", "id: a\nextends: hearts\ntitle: {en: ''}\n")
    only(lines("r.yaml"), "r.yaml:3:13: $.title.en:")
    for value in ("", {"en": ""}, {"en": "", "de": ""}):
        assert free_text(load_lang("de"), value) is None  # gettext("") is the catalog's header


def test_two_rulesets_of_one_id_in_one_build_are_refused_before_anything_is_written(in_tmp: Path) -> None:
    write("impostor.yaml", "id: hearts\nextends: hearts\ntitle: Hearts\n")
    result = CliRunner().invoke(main, ["site", "hearts", "impostor.yaml", "--out", "out", "--lang", "en"])
    assert result.exit_code == 2
    assert "impostor.yaml: the id 'hearts' is taken by" in result.output
    assert not (in_tmp / "out").exists()


def test_a_build_that_cannot_write_every_page_writes_none(in_tmp: Path) -> None:
    elsewhere = in_tmp / "elsewhere"
    elsewhere.mkdir()
    (in_tmp / "out").mkdir()
    (in_tmp / "out" / "he").symlink_to(elsewhere)  # one language's folder leads out of the site
    result = CliRunner().invoke(main, ["site", "hearts", "--out", "out"])
    assert result.exit_code == 2 and "refusing to write outside" in result.output
    assert [p.name for p in (in_tmp / "out").iterdir()] == ["he"]  # no other language written either
    assert not any(elsewhere.iterdir())


# -- a club evening's names (club/forms.py) ----------------------------------------------------------


# NEL, the line separator and the C0 separators are what str.split() and str.splitlines() take for spaces and
# line ends: refused, not turned into a space or into two players.
INVISIBLE = {
    "del": "\x7f",
    "c1-csi": "\x9b",
    "c1-nel": "\x85",
    "line-separator": "\u2028",
    "c0-file-separator": "\x1c",
    "c0-vertical-tab": "\x0b",
    "zwsp": "\u200b",
    "zwnj": "\u200c",
    "zwj": "\u200d",
    "lrm": "\u200e",
    "rlm": "\u200f",
    "rlo": "\u202e",
    "lri": "\u2066",
    "word-joiner": "\u2060",
    "bom": "\ufeff",
    "soft-hyphen": "\xad",
}


@pytest.mark.parametrize("char", list(INVISIBLE.values()), ids=list(INVISIBLE))
@pytest.mark.parametrize("field", ["players", "name"])
def test_a_club_name_may_not_hold_controls_or_invisible_characters(char: str, field: str) -> None:
    from starlette.datastructures import FormData

    from club.forms import FormError, evening_fields

    form = {"name": "Tuesday", "ruleset": "hearts", "players": "Ann\nBen\nCat\nDan\nEve"}
    form[field] = form[field].replace("Ben", f"B{char}en") if field == "players" else f"Tues{char}day"
    with pytest.raises(FormError) as refused:
        evening_fields(FormData(form))
    assert refused.value.field == field
    assert str(refused.value) == "Names may not hold control characters or invisible characters."


def test_club_names_compare_as_they_look() -> None:
    from starlette.datastructures import FormData

    from club.forms import FormError, evening_fields

    hebrew = "אנה\nבן\nכרמל\nדן"
    assert evening_fields(FormData({"name": "ערב", "ruleset": "hearts", "players": hebrew}))["names"] == hebrew.split()
    # A browser sends a textarea's lines ended by CR LF; a tab typed in a name is a space.
    typed = {"name": "Tuesday", "ruleset": "hearts", "players": "Ann\r\nBen\tBo\r\nCat\rDan\n"}
    assert evening_fields(FormData(typed))["names"] == ["Ann", "Ben Bo", "Cat", "Dan"]
    # "Zoë" typed with its letter composed and with e + a combining diaeresis is one player, not two.
    twice = {"name": "Tuesday", "ruleset": "hearts", "players": "Zo\u00eb\nBen\nCat\nZoe\u0308"}
    with pytest.raises(FormError, match="is on the list twice"):
        evening_fields(FormData(twice))
