"""``trickbook serve`` (the live preview) and ``trickbook new`` (a starter house rule).

The preview runs as a real ``trickbook serve`` subprocess on a free port, as an
author runs it: the tests fetch its pages with urllib, edit the house rule, and
poll (for up to a minute: CI machines are slow and shared) until the page has
changed; nothing asserts how fast. Each builds one language and one or two
rulesets, so a build takes a fraction of a second.
"""

from __future__ import annotations

import html
import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import pytest
from click.testing import CliRunner
from jinja2 import Environment, FileSystemLoader, StrictUndefined, TemplateSyntaxError

from generator import figures, site
from generator.serve import Preview, describe_failure
from generator.starter import COMMON
from referee.loader import published_schema
from referee.ruleset import check_file
from trickbook.cli import main
from wording.i18n import CatalogError, load_lang

TRICKBOOK = Path(sys.executable).parent / "trickbook"
# Seconds to wait for a page to change or the server to stop: only a hang runs out of it. 60 s ran out on a
# 2-core machine at a load average of 14 (issue 21), where a rebuild may get a tenth of a core.
PATIENCE = 240.0
HOUSE = "id: house\nextends: hearts\ntitle: Kitchen Table Hearts\n"

T = TypeVar("T")


def until(check: Callable[[], T | None], what: str, timeout: float = PATIENCE) -> T:
    """Poll ``check`` until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.1)


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=PATIENCE) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8")


@dataclass
class Served:
    proc: subprocess.Popen[str]
    page: str  # the address it printed
    root: str  # http://127.0.0.1:PORT
    tmp: Path  # its TMPDIR
    stderr: list[str] = field(default_factory=list)

    def built_folder(self) -> Path:
        (folder,) = self.tmp.glob("trickbook-serve-*")
        return folder

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=PATIENCE)


@contextmanager
def serving(folder: Path, *args: str) -> Iterator[Served]:
    tmp = folder / "tmp"
    tmp.mkdir()
    # Few games behind the pages' figures, cached apart from the user's cache.
    env = {
        **os.environ,
        "TMPDIR": str(tmp),
        "PYTHONUNBUFFERED": "1",
        "TRICKBOOK_SITE_GAMES": "20",
        "TRICKBOOK_CACHE": str(folder / "cache"),
    }
    proc = subprocess.Popen(
        [str(TRICKBOOK), "serve", *args, "--port", "0"],
        cwd=folder,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stderr is not None
    lines: queue.Queue[str] = queue.Queue()
    errors: list[str] = []
    threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout or ()], daemon=True).start()
    threading.Thread(target=lambda: errors.extend(proc.stderr or ()), daemon=True).start()
    try:
        try:
            page = lines.get(timeout=PATIENCE).strip()
        except queue.Empty:
            raise AssertionError(f"trickbook serve printed no address; stderr: {''.join(errors)}") from None
        root = re.fullmatch(r"(http://127\.0\.0\.1:\d+)/.*", page)
        assert root, page
        yield Served(proc, page, root.group(1), tmp, errors)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_edit_break_fix_and_stop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # problems name files as seen from here, as the server sees them
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    with serving(tmp_path, "house.yaml", "hearts", "--lang", "en") as served:
        assert served.page == f"{served.root}/en/house.html"
        status, body = fetch(served.page)
        assert status == 200 and "Kitchen Table Hearts" in body
        # The reload script is in the page as served, never in the built file.
        assert 'src="/__reload.js"' in body
        built = (served.built_folder() / "en" / "house.html").read_text(encoding="utf-8")
        assert "Kitchen Table Hearts" in built and "__reload" not in built

        house.write_text(HOUSE.replace("Kitchen Table", "Back Porch"), encoding="utf-8")
        until(lambda: "Back Porch Hearts" in fetch(served.page)[1], "the new title")

        house.write_text(HOUSE + "pasing:\n  count: 4\ngame:\n  target: lots\n", encoding="utf-8")
        expected = [str(p) for p in check_file(Path("house.yaml"))]
        assert [line.split(": ")[0] for line in expected] == ["house.yaml:4:1", "house.yaml:7:11"]
        # The file is written in two steps (truncated, then filled): a build may catch it half-written and show
        # that file's problems first; the page must come to show the whole file's, each exactly as `trickbook
        # validate` prints it.
        status, body = until(
            lambda: (
                (r := fetch(served.page))[0] == 500
                and all(f"<bdi>{x}</bdi>" in html.unescape(r[1]) for x in expected)
                and r
            ),
            "the error page with both problems",
        )
        assert 'src="/__reload.js"' in body  # fixing the file reloads the error page too
        status, other = fetch(f"{served.root}/en/hearts.html")
        assert status == 200 and "__reload" in other  # the other ruleset's page keeps working
        assert fetch(f"{served.root}/en/index.html")[0] == 200

        house.write_text(HOUSE, encoding="utf-8")
        until(lambda: (r := fetch(served.page))[0] == 200 and "Kitchen Table Hearts" in r[1], "the page back")

        assert served.stop() == 0
        stderr = "".join(served.stderr)
        assert "Traceback" not in stderr
        assert "house.yaml:7:11: $.game.target" in stderr  # the terminal names the problems too
        assert list(served.tmp.iterdir()) == []  # the temporary folder is gone


def test_reload_endpoint_and_bases(tmp_path: Path) -> None:
    """A waiting reload request answers with the next build once a file the ruleset extends changes."""
    (tmp_path / "bases").mkdir()
    base = tmp_path / "bases" / "base.yaml"
    base.write_text("id: base\nextends: hearts\ngame:\n  target: 75\n", encoding="utf-8")
    (tmp_path / "house.yaml").write_text("id: house\nextends: bases/base.yaml\n", encoding="utf-8")
    with serving(tmp_path, "house.yaml", "--lang", "en") as served:
        assert "reaches 75 penalty points" in fetch(served.page)[1]
        status, script = fetch(f"{served.root}/__reload.js")
        assert status == 200 and "location.reload()" in script
        for host, status in [("localhost", 200), ("evil.example", 403), ("evil.example:80", 403)]:
            request = urllib.request.Request(served.page, headers={"Host": host})
            try:
                answer = urllib.request.urlopen(request, timeout=PATIENCE).status
            except urllib.error.HTTPError as exc:
                answer = exc.code
            assert answer == status, host  # a page elsewhere renamed to 127.0.0.1 reads nothing
        for path in ("/en/%00", "/%00.html", "/en/hearts%00.html"):  # a NUL: 400, not a dropped connection
            try:
                answer = urllib.request.urlopen(f"{served.root}{path}", timeout=PATIENCE).status
            except urllib.error.HTTPError as exc:
                answer = exc.code
            assert answer == 400, path
        # Where the pages' figures are simulated, a build with them follows the first: wait for it.
        answer = until(
            lambda: (a := json.loads(fetch(f"{served.root}/__reload")[1])) and not a["figures_pending"] and a,
            "the build with the figures",
        )
        number = answer["build"]
        assert number >= 1
        answers: queue.Queue[int] = queue.Queue()
        waiting = threading.Thread(
            target=lambda: answers.put(json.loads(fetch(f"{served.root}/__reload?since={number}")[1])["build"])
        )
        waiting.start()
        time.sleep(0.3)
        assert waiting.is_alive()  # nothing changed: the request waits
        base.write_text(base.read_text(encoding="utf-8").replace("75", "60"), encoding="utf-8")
        assert answers.get(timeout=PATIENCE) > number
        until(lambda: "reaches 60 penalty points" in fetch(served.page)[1], "the base's new target")
        assert served.stop() == 0


def test_a_broken_template_shows_on_every_page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A template error stops the whole build: every page says what and where, in one line."""
    templates = tmp_path / "templates"
    shutil.copytree(site.Path(site.__file__).parent / "templates", templates)
    make_env = site.Builder._env

    def env_from_copy(self: site.Builder, lang: Any) -> Environment:
        env = make_env(self, lang)
        env.loader = FileSystemLoader(templates)
        return env

    monkeypatch.setattr(site.Builder, "_env", env_from_copy)
    monkeypatch.setenv("TRICKBOOK_SITE_GAMES", "0")  # no figures: no games to simulate
    out = tmp_path / "out"
    out.mkdir()
    preview = Preview(["hearts"], ["en"], out)
    assert preview.build().site_problems == ()
    rule = templates / "rule.html"
    good = rule.read_text(encoding="utf-8")
    rule.write_text("{% if %}\n" + good, encoding="utf-8")
    outcome = preview.build()
    (line,) = outcome.site_problems
    assert line.startswith(f"{rule}:1: ") and "\n" not in line
    assert outcome.problems_for("en/hearts.html") == outcome.problems_for("en/index.html") == (line,)
    rule.write_text(good, encoding="utf-8")
    outcome = preview.build()
    assert outcome.site_problems == () and outcome.problems_for("en/hearts.html") == ()
    assert (out / "en" / "hearts.html").is_file()


def test_failures_are_one_line_each_with_where(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text("<p>\n{{ missing.name }}</p>\n", encoding="utf-8")
    (tmp_path / "bad.html").write_text("<p>\n\n{% endif %}\n", encoding="utf-8")
    env = Environment(loader=FileSystemLoader(tmp_path), undefined=StrictUndefined)
    with pytest.raises(TemplateSyntaxError) as syntax:
        env.get_template("bad.html")
    (line,) = describe_failure(syntax.value)
    assert line.startswith(f"{tmp_path / 'bad.html'}:3: ") and "endif" in line
    with pytest.raises(Exception) as runtime:
        env.get_template("page.html").render()
    (line,) = describe_failure(runtime.value)
    assert line.startswith(f"{tmp_path / 'page.html'}:2: UndefinedError: ") and "missing" in line
    po = tmp_path / "de" / "LC_MESSAGES" / "trickbook.po"
    po.parent.mkdir(parents=True)
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr ""\n')
    with pytest.raises(CatalogError) as catalog:
        load_lang("de", tmp_path)
    lines = describe_failure(catalog.value)
    assert lines and all(line.startswith(f"{po}:") for line in lines)


# A preview whose builds simulate games in a pool of worker processes, as the
# pages' figures do: the figures read their number of games from the
# environment, and the preview's quick first build sets it to 0.
SIMULATING = """
import os, sys
import generator.figures as figures
import generator.serve as serve
from referee import load_ruleset
from referee.stats import simulate_many

variable = getattr(figures, "GAMES_VARIABLE", None) or "TRICKBOOK_SITE_GAMES"
figures.GAMES_VARIABLE = variable
pages = serve.Builder.pages

def simulating(self):
    if os.environ.get(variable) != "0":
        print("simulating", file=sys.stderr, flush=True)
        simulate_many([load_ruleset("hearts")], 5000, jobs=2)
    return pages(self)

serve.Builder.pages = simulating
sys.exit(serve.run(["hearts"], ["en"], 0, print, lambda line: print(line, file=sys.stderr, flush=True)))
"""


@pytest.mark.parametrize("group", [True, False], ids=["terminal", "process"])
def test_ctrl_c_during_a_simulation(group: bool, tmp_path: Path) -> None:
    """Ctrl+C while a build waits for its simulation's workers: exit 0 at once, no traceback, nothing left."""
    env = {**os.environ, "TMPDIR": str(tmp_path), "TRICKBOOK_CACHE": str(tmp_path / "cache")}
    env.pop("TRICKBOOK_SITE_GAMES", None)
    proc = subprocess.Popen(
        [sys.executable, "-c", SIMULATING],
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal gives a command
    )
    assert proc.stderr is not None
    lines: queue.Queue[str] = queue.Queue()
    said: list[str] = []
    reader = threading.Thread(target=lambda: [lines.put(line) for line in proc.stderr or ()], daemon=True)
    reader.start()
    try:
        while not said or said[-1].strip() != "simulating":
            try:
                said.append(lines.get(timeout=PATIENCE))
            except queue.Empty:
                raise AssertionError(f"no simulation started; stderr: {''.join(said)}") from None
        assert any(line.startswith("build 1: done") for line in said), "".join(said)
        time.sleep(0.5)  # the workers are at their games
        if group:
            os.killpg(proc.pid, signal.SIGINT)  # a terminal's Ctrl+C reaches the workers too
        else:
            proc.send_signal(signal.SIGINT)
        proc.wait(timeout=PATIENCE)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    reader.join(timeout=PATIENCE)  # to the end of what it said
    while not lines.empty():
        said.append(lines.get())
    stderr = "".join(said)
    assert proc.returncode == 0, stderr
    assert "Traceback" not in stderr and stderr.strip().endswith("stopped; the preview's folder is removed"), stderr
    # The build the stop cut short says nothing: its simulation's workers were ended by the stop, not broken
    # (it said "build 2: the site could not be built" after a BrokenProcessPool line of concurrent.futures).
    assert stderr.split("simulating\n", 1)[1].strip() == "stopped; the preview's folder is removed", stderr
    assert not list(tmp_path.glob("trickbook-serve-*"))
    with pytest.raises(ProcessLookupError):  # no worker outlives the preview
        os.killpg(proc.pid, 0)


def test_a_quick_build_without_figures_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    variable = getattr(figures, "GAMES_VARIABLE", None) or "TRICKBOOK_SITE_GAMES"
    monkeypatch.setattr(figures, "GAMES_VARIABLE", variable, raising=False)
    monkeypatch.setenv(variable, "7")
    seen: list[str | None] = []
    pages = site.Builder.pages

    def recording(self: site.Builder) -> list[site.Page]:
        seen.append(os.environ.get(variable))
        return pages(self)

    monkeypatch.setattr(site.Builder, "pages", recording)
    monkeypatch.setenv("TRICKBOOK_CACHE", str(tmp_path / "cache"))
    preview = Preview(["hearts"], ["en"], tmp_path / "out")
    assert preview.simulates
    quick = preview.build(with_figures=False)
    assert quick.figures_pending and seen == ["0"] and os.environ[variable] == "7"
    full = preview.build()
    assert not full.figures_pending and seen == ["0", "7"] and full.number == quick.number + 1
    monkeypatch.setenv(variable, "0")  # figures turned off: no second build
    assert not preview.simulates and not preview.build(with_figures=False).figures_pending


def test_a_taken_port_is_one_line_and_status_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(main, ["serve", "hearts", "--lang", "en", "--port", str(port)])
    assert result.exit_code == 2
    assert f"port {port} on 127.0.0.1 is in use" in result.output
    assert "Traceback" not in result.output
    assert not list(tmp_path.iterdir())


def test_an_unknown_ruleset_is_refused_before_serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["serve", "nope.yaml", "--port", "0"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "nope.yaml: no such ruleset file or bundled id (`trickbook rules list` lists them)"
    ]


# -- trickbook new -------------------------------------------------------------------


def examples_of(text: str) -> list[tuple[int, int]]:
    """The commented examples of a starter file: (first, end) line ranges of the YAML to uncomment."""
    keys = set(published_schema()["properties"])
    lines = text.splitlines()
    ranges: list[tuple[int, int]] = []
    start = None
    for i, line in enumerate([*lines, ""]):
        found = re.match(r"# ([a-z_$]+):", line)
        if start is None and found and found.group(1) in keys:
            start = i
        elif start is not None and not line.startswith("#"):
            ranges.append((start, i))
            start = None
    return ranges


def uncomment(text: str, ranges: list[tuple[int, int]]) -> str:
    lines = text.splitlines()
    for first, end in ranges:
        lines[first:end] = [line.removeprefix("# ") for line in lines[first:end]]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("base", ["hearts", "euchre", "spades", "oh-hell", "whist"])
def test_new_writes_a_starter_valid_with_each_example(
    base: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "our-rules", "--extends", base])
    assert result.exit_code == 0, result.output
    target = tmp_path / "our-rules.yaml"
    text = target.read_text(encoding="utf-8")
    assert check_file(target) == []
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=")
    schema = (tmp_path / first.partition("$schema=")[2]).resolve()
    assert schema == (Path(site.__file__).parents[1] / "referee" / "schema" / "ruleset.schema.json").resolve()
    assert "\nid: our-rules\n" in text and f"\nextends: {base}\n" in text and "\ntitle: Our rules\n" in text
    ranges = examples_of(text)
    written = {text.splitlines()[start][2:].partition(":")[0] for start, _ in ranges}
    assert "summary" in written and "game" in written
    assert written - {"summary"} <= {path[0] for path in COMMON}
    for one in ranges:
        target.write_text(uncomment(text, [one]), encoding="utf-8")
        assert check_file(target) == [], target.read_text(encoding="utf-8")
    target.write_text(uncomment(text, ranges), encoding="utf-8")
    assert check_file(target) == []


def test_new_shows_the_bases_own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "jack"]).exit_code == 0  # hearts by default
    text = (tmp_path / "jack.yaml").read_text(encoding="utf-8")
    assert (
        "\n# passing:\n" in text and "\n#   count: 3\n" in text and "\n#   cycle: [left, right, across, hold]\n" in text
    )
    assert "\n#     QS: 13\n" in text and "\n#   target: 100\n" in text


def test_new_never_overwrites(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text("id: mine\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["new", "mine"])
    assert result.exit_code == 2
    assert "mine.yaml exists already" in result.output and len(result.output.strip().splitlines()) == 1
    assert (tmp_path / "mine.yaml").read_text(encoding="utf-8") == "id: mine\n"


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("Big-Rules", "is not a ruleset id"),
        ("two--hyphens", "is not a ruleset id"),
        ("-lead", "is not a ruleset id"),
        ("rules.yaml", "is not a ruleset id"),
        ("../escape", "is not a ruleset id"),
        ("x" * 65, "is not a ruleset id"),
        ("hearts", "is the id of a bundled ruleset"),
    ],
)
def test_new_refuses_a_bad_id(name: str, says: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "--", name])
    assert result.exit_code == 2
    assert says in result.output and len(result.output.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


def test_new_refuses_an_unknown_base(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["new", "mine", "--extends", "heartz"])
    assert result.exit_code == 2
    assert "no ruleset 'heartz' to extend" in result.output
    assert list(tmp_path.iterdir()) == []


def test_new_extends_a_file_in_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.yaml").write_text("id: club\nextends: spades\ngame:\n  target: 300\n", encoding="utf-8")
    assert CliRunner().invoke(main, ["new", "club-nil", "--extends", "club.yaml"]).exit_code == 0
    text = (tmp_path / "club-nil.yaml").read_text(encoding="utf-8")
    assert "\nextends: club.yaml\n" in text and "\n#   target: 300\n" in text
    target = tmp_path / "club-nil.yaml"
    target.write_text(uncomment(text, examples_of(text)), encoding="utf-8")
    assert check_file(target) == []
