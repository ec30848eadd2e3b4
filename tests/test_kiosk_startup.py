"""The work a kiosk does before its first frame does not grow with its history (issue 20: start-up with 1,000
games of history under 1 s). Counted, never timed: the games replayed, the journal's statements and SQLite's
virtual-machine steps before the first frame, on a journal of a few games and on one of many; the modules
imported and the catalogs parsed before the first frame of a real ``trickbook kiosk`` process. The figures in
seconds are bench/kiosk.py's (parts c and d).
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import json
import sqlite3
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest
from click.testing import CliRunner

import kiosk.gameindex
import kiosk.journal
import kiosk.session
import referee.ruleset
from kiosk.app import App
from kiosk.cli import kiosk as kiosk_command
from kiosk.demo import history_journal
from referee.loader import bundled_ids

VM_STEPS = 100  # SQLite's progress handler is called every VM_STEPS virtual-machine instructions
ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Work:
    statements: list[str] = field(default_factory=list)
    vm: int = 0  # progress-handler calls: SQLite's work in units of VM_STEPS instructions
    steps: int = 0  # entries stepped through the kiosk's core (games replayed)
    first: tuple[int, int, int] | None = None  # (statements, vm, steps) when the first frame was drawn


def start(db: Path, monkeypatch: pytest.MonkeyPatch) -> Work:
    """The windowed kiosk on ``db`` (in this process, SDL's dummy display), quit after its first frame, with its
    journal's statements, SQLite's steps and the core's steps counted."""
    work = Work()
    connect, step, render = kiosk.journal._connect, kiosk.session.step, App.render

    def counted_connect(target: str, uri: bool = False) -> sqlite3.Connection:
        db = connect(target, uri)
        db.set_trace_callback(work.statements.append)

        def progress() -> int:
            work.vm += 1
            return 0

        db.set_progress_handler(progress, VM_STEPS)
        return db

    def counted_step(model: kiosk.session.Model, line: str) -> kiosk.session.Model:
        work.steps += 1
        return step(model, line)

    def drawn(app: App) -> None:
        render(app)
        if work.first is None:
            work.first = (len(work.statements), work.vm, work.steps)
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(kiosk.journal, "_connect", counted_connect)
    monkeypatch.setattr(kiosk.session, "step", counted_step)
    monkeypatch.setattr(App, "render", drawn)
    result = CliRunner().invoke(kiosk_command, ["--db", str(db), "--size", "1280x800"])
    assert result.exit_code == 0, (result.exception, result.stderr)
    monkeypatch.undo()
    return work


def test_the_work_before_the_first_frame_does_not_grow_with_the_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    short, long = 2, 120
    figures = {}
    for finished in (short, long):
        db = history_journal(tmp_path / f"journal-{finished}.sqlite3", finished, seeds=2)
        with sqlite3.connect(db) as con:
            (under_way,) = con.execute("SELECT length FROM games WHERE over = 0").fetchone()
        work = start(db, monkeypatch)
        assert work.first is not None
        statements, vm, steps = work.first
        before, after = work.statements[:statements], work.statements[statements:]
        # One game replayed, the one on screen: no finished game's entries stepped through, none read.
        assert steps == under_way, finished
        game = finished + 1
        reads = [s for s in before if "FROM entries" in s]
        assert reads and all(f"WHERE game = {game}" in s for s in reads), reads
        # The whole file's check (every page) waits until the first frame is shown, and comes right after it.
        assert not any("quick_check" in s for s in before)
        assert any("quick_check" in s for s in after)
        figures[finished] = (len(before), vm)
    # The same statements, and SQLite's work grows by a few instructions a game of history at most (a row of the
    # small games table); each finished game holds 500 or more entries, so reading any would cost thousands.
    assert figures[long][0] == figures[short][0], figures
    assert (figures[long][1] - figures[short][1]) * VM_STEPS <= 40 * (long - short), figures


PROBE = """
import json, sys
import pygame
from wording import i18n

parsed = []
read_po = i18n._read_po
i18n._read_po = lambda source, lang: parsed.append(lang) or read_po(source, lang)
flip = pygame.display.flip
seen = {}

def first_flip():
    flip()
    if not seen:
        seen.update(modules=sorted(sys.modules), parsed=list(parsed))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

pygame.display.flip = first_flip
from trickbook.cli import main
try:
    main(["kiosk", "--db", sys.argv[1], "--size", "1280x800"])
except SystemExit:
    pass
print(json.dumps(seen))
"""

# Imported only once a club evening, the idle work or a catalog to parse needs them: none is on the first screen.
LATER = ("httpx", "babel.messages.pofile", "babel.messages.checkers", "importlib.metadata")


def test_the_first_frame_imports_no_club_stack_and_parses_no_kept_catalog(tmp_path: Path) -> None:
    db = history_journal(tmp_path / "journal.sqlite3", 3, seeds=1)
    env = {**os.environ, "TRICKBOOK_CACHE": str(tmp_path / "cache")}
    runs = []
    for _ in range(2):
        done = subprocess.run(
            [sys.executable, "-c", PROBE, str(db)], capture_output=True, text=True, env=env, cwd=ROOT, check=False
        )
        assert done.returncode == 0, done.stderr
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    first, second = runs
    assert first["parsed"] == ["en"]  # the first start reads and checks the table's catalog, and keeps it
    assert second["parsed"] == []  # every later one reads it as kept
    assert "httpx" not in first["modules"]
    assert [m for m in LATER if m in second["modules"]] == []  # (the first start's parse needed Babel's tools)
    assert "kiosk.session" in second["modules"] and "pygame" in second["modules"]


def first_frame(db: Path, compiled: list[str]) -> tuple[int, list[tuple[str, str | None]]]:
    """``trickbook kiosk`` on ``db`` (in this process) quit after its first frame: the rulesets compiled before it
    (of ``compiled``, which counts them all) and the setup screen's games as it showed them (title, label)."""
    seen: list[tuple[int, list[tuple[str, str | None]]]] = []
    render = App.render

    def drawn(app: App) -> None:
        render(app)
        if not seen:
            games = [(b.label, b.detail) for b in app.view.buttons if b.kind == "ruleset"]
            seen.append((len(compiled), games))
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(App, "render", drawn)
        result = CliRunner().invoke(kiosk_command, ["--db", str(db), "--size", "800x480", "--lang", "de"])
    assert result.exit_code == 0, (result.exception, result.stderr)
    return seen[0]


def counting_compiles(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """An empty cache under ``tmp_path``, and the list each ruleset compiled from now on goes into (by its id)."""
    monkeypatch.setenv("TRICKBOOK_CACHE", str(tmp_path / "cache"))
    compiled: list[str] = []
    compile_ruleset = referee.ruleset.compile_ruleset

    def counted(doc: object, path: Path) -> object:
        compiled.append(path.stem)
        return compile_ruleset(doc, path)  # type: ignore[arg-type]

    monkeypatch.setattr(referee.ruleset, "compile_ruleset", counted)
    return compiled


def test_the_setup_screen_compiles_no_ruleset_before_its_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An empty journal's setup screen read, checked and compiled every bundled ruleset before its first frame
    (3.27 s on a busy machine). Its games' titles, labels and numbers of players come from an index kept beside
    the catalogs (kiosk.gameindex), made the first time; a ruleset is compiled when its game is chosen."""
    compiled = counting_compiles(tmp_path, monkeypatch)
    # Where the committed index does not hold these rulesets and catalogs (house edits to an installed copy: see
    # test_kiosk_fifth for the committed index itself), the kept one.
    monkeypatch.setattr(kiosk.gameindex, "COMMITTED", tmp_path / "none.json")
    bundled = bundled_ids()
    count, made = first_frame(tmp_path / "first.sqlite3", compiled)
    assert sorted(compiled[:count]) == bundled  # the first start ever: each once, and the index is kept
    assert len(made) == len(bundled) and all(label for _, label in made)
    compiled.clear()
    count, kept = first_frame(tmp_path / "second.sqlite3", compiled)
    assert count == 0 and kept == made  # every later start: none, and the same games, titles and labels
    # A game chosen: its ruleset, and only it. How many play is asked from the index.
    session = kiosk.session.Session(kiosk.journal.Journal(":memory:"), "de")
    compiled.clear()
    session.submit("pick oh-hell")
    assert compiled == [] and [b.intent for b in session.view().buttons if b.kind == "players"][:2] == [
        "setup oh-hell 3",
        "setup oh-hell 4",
    ]
    session.submit("setup oh-hell 5")
    assert compiled == ["oh-hell"] and session.naming == ("oh-hell", 5)
    # A kept index that is not whole is not trusted: made again, the same.
    (index,) = (tmp_path / "cache" / "kiosk").glob("de-*.json")
    index.write_bytes(index.read_bytes()[:-9])
    compiled.clear()
    count, again = first_frame(tmp_path / "third.sqlite3", compiled)
    assert count == len(bundled) and again == made
