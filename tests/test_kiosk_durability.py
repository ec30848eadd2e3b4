"""Durability of the referee kiosk's journal, with a real ``trickbook kiosk --stdin`` subprocess.

The kiosk commits every entry to SQLite (WAL, ``synchronous=FULL``) before it
prints ``ack N``. The kill test feeds whole Hearts and Euchre games to the
kiosk and SIGKILLs it at seeded random points: right after an ack, after
writing lines whose acks were not read yet, half-way through writing a line,
and while it is still starting up. After each kill, a copy of the journal
(main file and WAL, as the killed process left them) must pass SQLite's
``integrity_check`` and hold a prefix of the script no shorter than what was
acknowledged; the restarted kiosk must say ``resumed ID N`` with exactly that
N, and take the rest of the script from entry N+1. At the end the journal
holds the script, entry for entry, and replays to the same scores and winners.

A file at the journal's path that is not a usable journal (text, an image,
another program's database, a damaged or newer kiosk journal) must get one
clear line on stderr naming it and where it was kept, and be renamed aside
byte for byte: never opened for writing, never overwritten; the kiosk goes
on (a damaged journal's readable entries copied into a new one) and exits
with status 5. More faults (read-only, full disk, -wal files) are in
test_journal_faults.py.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import selectors
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from kiosk.cli import EXIT_SET_ASIDE
from kiosk.core import replay
from kiosk.demo import game_script
from kiosk.journal import APPLICATION_ID, SCHEMA_VERSION, Journal
from kiosk.session import Session

TRICKBOOK = Path(sys.executable).parent / "trickbook"
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
TIMEOUT = 30.0  # seconds for any one line of output; a healthy kiosk answers in milliseconds
RESUMED = re.compile(r"resumed (\d+) (\d+)")

# (ruleset, demo seed, kills). The kill points and kinds come from random.Random(f"{ruleset}-{seed}").
# make test kills one game's kiosk 8 times, every kind of kill at least once (the test checks it); the slow marker
# 234 more times over three games (the journal is the same whatever the game: Euchre's kills and this game's 14
# moved there, issue 21's busy-machine suite: each kill starts a kiosk, about 0.7 CPU-s).
GAMES = [("hearts", 1, 8)]
KILL_KINDS = ("after-ack", "unread", "mid-line", "startup")
KILL_WEIGHTS = (3, 3, 3, 1)


def kiosk_command(db: Path) -> list[str]:
    return [str(TRICKBOOK), "kiosk", "--stdin", "--db", str(db)]


def _readable(fds: list[int], timeout: float) -> list[int]:
    """The descriptors of ``fds`` ready to read within ``timeout`` seconds. Not select.select: a test worker that
    has opened many files hands out descriptors above 1024, which select() refuses ("filedescriptor out of range
    in select()"); a selector (epoll, poll) has no such limit."""
    with selectors.DefaultSelector() as chooser:
        for fd in fds:
            chooser.register(fd, selectors.EVENT_READ)
        return [key.fd for key, _ in chooser.select(timeout)]


class Kiosk:
    """One ``trickbook kiosk --stdin`` process: lines written raw, output read line by line with a deadline."""

    def __init__(self, db: Path) -> None:
        self.proc = subprocess.Popen(
            kiosk_command(db), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV
        )
        self.out = b""
        self.err = b""

    def send(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def fail(self, why: str) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        raise AssertionError(f"kiosk {why}; stdout so far {self.out!r}, stderr {self.err.decode(errors='replace')!r}")

    def readline(self) -> str:
        """The next line on stdout. Nothing is expected on stderr while a game is fed and resumed."""
        assert self.proc.stdout is not None and self.proc.stderr is not None
        out_fd, err_fd = self.proc.stdout.fileno(), self.proc.stderr.fileno()
        open_fds = [out_fd, err_fd]
        deadline = time.monotonic() + TIMEOUT
        while b"\n" not in self.out:
            if self.err:
                time.sleep(0.05)  # let the rest of the message (a traceback?) arrive
                ready = _readable([err_fd], 0)
                if ready:
                    self.err += os.read(err_fd, 1 << 16)
                self.fail("wrote to stderr")
            left = deadline - time.monotonic()
            if left <= 0:
                self.fail(f"printed no line within {TIMEOUT:.0f} s")
            ready = _readable(open_fds, left)
            for fd in ready:
                chunk = os.read(fd, 1 << 16)
                if fd == out_fd:
                    if not chunk:
                        self.fail(f"closed its output (exit status {self.proc.wait()})")
                    self.out += chunk
                elif chunk:
                    self.err += chunk
                else:
                    open_fds.remove(err_fd)
        line, self.out = self.out.split(b"\n", 1)
        return line.decode()

    def kill(self) -> None:
        """SIGKILL: no clean-up, no checkpoint, no atexit."""
        self.proc.kill()
        assert self.proc.wait(timeout=TIMEOUT) == -signal.SIGKILL
        assert self.proc.stderr is not None
        self.err += self.proc.stderr.read()
        self.close_pipes()
        assert self.err == b"", f"the kiosk wrote to stderr before it was killed: {self.err.decode(errors='replace')}"

    def finish(self) -> None:
        """End of input: the kiosk must exit 0 with nothing more to say."""
        out, err = self.proc.communicate(timeout=TIMEOUT)  # closes stdin first
        self.close_pipes()
        assert self.proc.returncode == 0, err.decode(errors="replace")
        assert (self.out + out, self.err + err) == (b"", b"")

    def close_pipes(self) -> None:
        for pipe in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if pipe is not None and not pipe.closed:
                with contextlib.suppress(BrokenPipeError):
                    pipe.close()


@pytest.fixture
def spawn() -> Iterator[Callable[[Path], Kiosk]]:
    """Start kiosks; any still running when the test ends (a failed test) is killed."""
    started: list[Kiosk] = []

    def start(db: Path) -> Kiosk:
        started.append(Kiosk(db))
        return started[-1]

    yield start
    for kiosk in started:
        if kiosk.proc.poll() is None:
            kiosk.proc.kill()
            kiosk.proc.wait()
        kiosk.close_pipes()


@dataclass
class Run:
    """What the test knows of the journal between kills."""

    script: list[str]
    db: Path
    acked: int = 0  # entries acknowledged by a kiosk: certainly committed
    sent: int = 0  # whole lines (newline included) written to the kiosk: at most these can be committed
    committed: int = 0  # entries in the journal, as read from a copy after the last kill
    unacked_committed: int = 0  # kills after which the journal held entries whose acks were never read
    game_id: int | None = None
    kills: int = 0
    kinds: dict[str, int] = field(default_factory=dict)


def journal_copy(run: Run, folder: Path) -> Path:
    """Copy the journal and its WAL as a kill left them (not the shared-memory index: SQLite rebuilds it)."""
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir()
    for suffix in ("", "-wal"):
        source = run.db.with_name(run.db.name + suffix)
        if source.exists():
            shutil.copyfile(source, folder / source.name)
    return folder / run.db.name


def check_after_kill(run: Run, folder: Path) -> None:
    """The killed kiosk's journal is sound, in WAL mode, and holds every acked entry and nothing unsent."""
    copy = journal_copy(run, folder)
    if not copy.exists():  # killed before the journal was created: nothing can have been acked
        assert run.acked == 0
        run.committed = 0
        return
    con = sqlite3.connect(copy)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        games: dict[int, list[str]] = {}
        if "entries" in tables:  # else killed while the kiosk was creating its journal
            assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            for gid, line in con.execute("SELECT game, line FROM entries ORDER BY game, seq"):
                games.setdefault(int(gid), []).append(str(line))
    finally:
        con.close()
    assert len(games) <= 1, f"entries for more than one game: {sorted(games)}"
    gid, lines = next(iter(games.items()), (run.game_id, []))
    if run.game_id is not None:
        assert gid == run.game_id
    elif lines:
        run.game_id = gid
    assert lines == run.script[: len(lines)], "the journal is not a prefix of the script"
    acked, sent, committed = run.acked, run.sent, len(lines)
    assert acked <= committed <= sent, f"{committed} entries committed; {acked} were acknowledged, {sent} lines sent"
    run.committed = len(lines)
    run.unacked_committed += len(lines) > run.acked


def restart(run: Run, spawn: Callable[[Path], Kiosk]) -> Kiosk:
    """Start a kiosk on the journal; it must resume the game exactly where the journal stands."""
    kiosk = spawn(run.db)
    if 0 < run.committed < len(run.script):
        line = kiosk.readline()
        match = RESUMED.fullmatch(line)
        assert match, f"expected 'resumed ID {run.committed}', got {line!r}"
        gid, n = int(match[1]), int(match[2])
        assert n == run.committed, f"resumed at {n} entries; the journal holds {run.committed}"
        assert n >= run.acked
        if run.game_id is None:
            run.game_id = gid
        assert gid == run.game_id
    # Otherwise nothing is printed before the first intent (no game yet, or it is over): an 'ack' is read next.
    run.acked = run.sent = run.committed
    return kiosk


def feed(run: Run, kiosk: Kiosk, until: int) -> None:
    """Send the script's lines up to ``until``, one at a time, each acknowledged before the next."""
    for i in range(run.acked, until):
        kiosk.send(run.script[i].encode() + b"\n")
        run.sent = i + 1
        line = kiosk.readline()
        assert line == f"ack {i + 1}", f"line {i + 1} {run.script[i]!r}: expected 'ack {i + 1}', got {line!r}"
        run.acked = i + 1


def kill_at(run: Run, spawn: Callable[[Path], Kiosk], target: int, kind: str, rng: random.Random) -> None:
    """Start a kiosk and SIGKILL it: at start-up, or once the script's first ``target`` lines are acked."""
    total = len(run.script)
    if kind == "startup":  # while Python starts, the journal is opened and checked, or the game replayed
        kiosk = spawn(run.db)
        time.sleep(rng.uniform(0.0, 0.5))
    else:
        kiosk = restart(run, spawn)
        feed(run, kiosk, max(target, run.acked))
        if kind == "unread" and run.acked < total:  # whole lines written, their acks never read
            ahead = run.script[run.acked : run.acked + rng.randint(1, 3)]
            kiosk.send(b"".join(line.encode() + b"\n" for line in ahead))
            run.sent = run.acked + len(ahead)
            time.sleep(rng.choice((0.0, 0.0, rng.uniform(0.0, 0.01))))
        elif kind == "mid-line" and run.acked < total:  # no newline yet: this line must not be committed
            line = run.script[run.acked]
            kiosk.send(line[: rng.randint(1, len(line))].encode())
    kiosk.kill()
    run.kills += 1
    run.kinds[kind] = run.kinds.get(kind, 0) + 1


@pytest.mark.parametrize(("ruleset", "seed", "kills"), GAMES, ids=[g[0] for g in GAMES])
def test_sigkill_at_random_points_loses_no_acked_entry(
    ruleset: str, seed: int, kills: int, tmp_path: Path, spawn: Callable[[Path], Kiosk]
) -> None:
    script = game_script(ruleset, seed)
    expected = replay(script).play
    assert expected is not None and expected.game.is_over
    before_end = replay(script[:-1]).play
    assert before_end is not None and not before_end.game.is_over  # over only with the script's last line
    run = Run(script, tmp_path / "kiosk.sqlite3")
    rng = random.Random(f"{ruleset}-{seed}")
    started = time.monotonic()

    for target in sorted(rng.sample(range(len(script)), kills)):
        kill_at(run, spawn, target, rng.choices(KILL_KINDS, KILL_WEIGHTS)[0], rng)
        check_after_kill(run, tmp_path / "copy")

    kiosk = restart(run, spawn)
    feed(run, kiosk, len(script))
    kiosk.finish()
    spawn(run.db).finish()  # the game is over: nothing to resume, nothing printed
    assert run.kills == kills and set(run.kinds) == set(KILL_KINDS), run.kinds

    con = sqlite3.connect(run.db)
    try:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    finally:
        con.close()
    journal = Journal(run.db)
    try:
        assert journal.notice is None
        assert journal.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert journal.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert run.game_id is not None
        entries = journal.entries(run.game_id)
        others = [g for g in journal.games() if g.id != run.game_id]
    finally:
        journal.close()
    assert entries == script
    # A kill between creating the game and committing its first entry may leave an empty game; never more.
    assert all(g.entries == 0 for g in others), others
    final = replay(entries).play
    assert final is not None and final.game.is_over
    assert final.game.scores == expected.game.scores
    assert final.game.winners == expected.game.winners
    elapsed = time.monotonic() - started
    print(
        f"{ruleset}: {len(script)} entries, {run.kills} kills {run.kinds}, "
        f"{run.unacked_committed} with unacked entries committed, {elapsed:.1f} s"
    )


# -- files that are not a usable journal -----------------------------------------------------------


@pytest.fixture(scope="module")
def journal_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real journal of a Hearts game under way (400 entries), closed cleanly (checkpointed into the main file).

    The game is unfinished, so the kiosk reads its entries at start-up (to resume it) and meets any damage in them.
    """
    path = tmp_path_factory.mktemp("template") / "kiosk.sqlite3"
    journal = Journal(path)
    gid = journal.new_game("hearts", "Ann Ben Cat Dan")
    for line in game_script("hearts", 1)[:400]:
        journal.append(gid, line)
    journal.close()
    assert not path.with_name(path.name + "-wal").exists()
    return path


def is_damaged(path: Path, scratch: Path) -> bool:
    """What SQLite itself says of the file (checked on a copy, so the file under test is untouched)."""
    shutil.copyfile(path, scratch)
    try:
        con = sqlite3.connect(scratch)
        try:
            return bool(con.execute("PRAGMA quick_check").fetchall() != [("ok",)])
        finally:
            con.close()
    except sqlite3.DatabaseError:
        return True
    finally:
        for suffix in ("", "-wal", "-shm"):
            scratch.with_name(scratch.name + suffix).unlink(missing_ok=True)


def make_text(path: Path, template: Path) -> None:
    path.write_text("Scores from last Tuesday\nAnn 55\nBen 102\nCat 84\nDan 45\n", encoding="utf-8")


def make_png(path: Path, template: Path) -> None:
    rng = random.Random("png")
    header = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00\x00\x00\x01\x00\x08\x06\x00\x00\x00"
    path.write_bytes(header + bytes(rng.randrange(256) for _ in range(6000)))


def make_other_sqlite(path: Path, template: Path) -> None:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, name TEXT, minutes INTEGER)")
    con.executemany("INSERT INTO recipes (name, minutes) VALUES (?, ?)", [(f"dish {i}", i * 5) for i in range(300)])
    con.commit()
    con.close()


def make_other_sqlite_wal(path: Path, template: Path) -> None:
    """Another program's WAL database as a crash left it: rows still only in its -wal file."""
    live = path.with_name("live.sqlite3")
    con = sqlite3.connect(live)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.commit()
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.executemany("INSERT INTO notes (body) VALUES (?)", [(f"note {i}",) for i in range(200)])
    con.commit()
    shutil.copyfile(live, path)
    shutil.copyfile(live.with_name(live.name + "-wal"), path.with_name(path.name + "-wal"))
    con.close()
    live.unlink()
    assert path.with_name(path.name + "-wal").stat().st_size > 0


def make_damaged_page(path: Path, template: Path) -> None:
    """A kiosk journal with one whole page in the middle overwritten."""
    shutil.copyfile(template, path)
    data = bytearray(path.read_bytes())
    page = 4096
    start = (len(data) // page // 2) * page
    rng = random.Random("page")
    data[start : start + page] = bytes(rng.randrange(256) for _ in range(page))
    path.write_bytes(bytes(data))
    assert is_damaged(path, path.with_name("scratch.sqlite3"))


def make_damaged_cells(path: Path, template: Path) -> None:
    """A kiosk journal with 64 bytes overwritten in the middle of the file (inside a page, not its header)."""
    shutil.copyfile(template, path)
    data = bytearray(path.read_bytes())
    start = len(data) // 2 + 200
    rng = random.Random("cells")
    data[start : start + 64] = bytes(rng.randrange(256) for _ in range(64))
    path.write_bytes(bytes(data))
    assert is_damaged(path, path.with_name("scratch.sqlite3"))


def make_truncated(path: Path, template: Path) -> None:
    """The first 60 bytes of a kiosk journal: an SQLite header cut short."""
    shutil.copyfile(template, path)
    path.write_bytes(path.read_bytes()[:60])


def make_newer_journal(path: Path, template: Path) -> None:
    """A journal of a later kiosk (a higher user_version), which this kiosk must not touch."""
    shutil.copyfile(template, path)
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    con.close()


FOREIGN: dict[str, Callable[[Path, Path], None]] = {
    "text": make_text,
    "png": make_png,
    "other-sqlite": make_other_sqlite,
    "other-sqlite-wal": make_other_sqlite_wal,
    "damaged-page": make_damaged_page,
    "damaged-cells": make_damaged_cells,
    "truncated": make_truncated,
    "newer-journal": make_newer_journal,
}


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def same_files(now: dict[str, bytes], expected: dict[str, bytes], prefix: str) -> None:
    """The files named ``prefix...`` in ``now`` are exactly ``expected``, byte for byte."""
    assert sorted(name for name in now if name.startswith(prefix)) == sorted(expected)
    for name, data in expected.items():
        changed = [i for i, (a, b) in enumerate(zip(data, now[name], strict=False)) if a != b]
        assert now[name] == data, f"{name} was written to: {len(data)} -> {len(now[name])} bytes, changed at {changed}"


@pytest.mark.parametrize("kind", list(FOREIGN))
def test_foreign_or_damaged_file_is_kept_aside(kind: str, tmp_path: Path, journal_template: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "kiosk.sqlite3"
    FOREIGN[kind](db, journal_template)
    originals = files(folder)

    first = subprocess.run(kiosk_command(db), input=b"", capture_output=True, env=ENV, timeout=60)
    err = first.stderr.decode(errors="replace")
    assert "Traceback" not in err, err
    assert first.returncode == EXIT_SET_ASIDE, err
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), f"not one line but {len(lines)}: {err!r}"
    recovered = re.search(r"(\d+) of (\d+) entries recovered into a new journal, (\d+) could not be recovered", err)
    if kind.startswith("damaged"):  # the readable entries of the game under way go on in a new journal
        assert recovered, err
        kept, known, lost = map(int, recovered.groups())
        assert known == 400 and kept + lost == known
        # The game goes on from its last entry before the first one lost (none left: nothing to resume).
        assert first.stdout == (f"resumed 1 {kept}\n".encode() if kept else b"")
    else:
        assert not recovered and first.stdout == b""

    after = files(folder)
    kept_aside = [name for name in after if name.startswith(db.name + ".") and not name.endswith(("-wal", "-shm"))]
    assert len(kept_aside) == 1, sorted(after)
    aside = kept_aside[0]
    assert str(db) in err and aside in err, err
    # Every original file (the database and any -wal) is under the new name, byte for byte, and nothing else is.
    moved = {aside + name[len(db.name) :]: data for name, data in originals.items()}
    same_files(after, moved, aside)

    # The kiosk started a journal of its own at the path: a second start finds it and renames nothing.
    second = subprocess.run(kiosk_command(db), input=b"", capture_output=True, env=ENV, timeout=60)
    assert (second.returncode, second.stdout, second.stderr) == (0, first.stdout, b"")
    again = files(folder)
    assert sorted(again) == sorted(after)
    same_files(again, moved, aside)


# -- what start-up reads: the games table, not every game ---------------------------------------------

V1_SCHEMA = """
CREATE TABLE games (id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, names TEXT NOT NULL);
CREATE TABLE entries (
    game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, line TEXT NOT NULL, PRIMARY KEY (game, seq)
);
"""


def version_1_journal(path: Path, games: list[list[str]]) -> None:
    """A journal as the first kiosk wrote it (schema version 1: no length or position per game)."""
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA application_id={APPLICATION_ID}")
    con.execute("PRAGMA journal_mode=WAL")
    con.executescript(V1_SCHEMA)
    for lines in games:
        gid = con.execute("INSERT INTO games (ruleset, names) VALUES ('hearts', 'Ann Ben Cat Dan')").lastrowid
        con.executemany(
            "INSERT INTO entries (game, seq, line) VALUES (?, ?, ?)", [(gid, i, x) for i, x in enumerate(lines, 1)]
        )
    con.execute("PRAGMA user_version=1")
    con.commit()
    con.close()


def test_a_version_1_journal_is_migrated_once_and_loses_no_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kiosk.sqlite3"
    script = game_script("hearts", 1)
    version_1_journal(path, [script, script[:300], script[:5]])
    session = Session(Journal(path))
    assert session.notice is None
    assert session.unfinished() == [2, 3]
    journal = session.journal
    assert journal.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert [journal.entries(g) for g in (1, 2, 3)] == [script, script[:300], script[:5]]
    infos = journal.games()
    assert [(g.entries, g.over) for g in infos] == [(len(script), True), (300, False), (5, False)]
    journal.close()

    # Migrated once: the next start replays no game to list the unfinished ones.
    def no_replay(lines: object) -> object:
        raise AssertionError("start-up replayed a game")

    monkeypatch.setattr("kiosk.session.replay", no_replay)
    again = Session(Journal(path))
    assert again.unfinished() == [2, 3]
    assert [b.intent for b in again.setup_buttons() if b.intent.startswith("resume")] == ["resume 2", "resume 3"]
    again.journal.close()


def test_the_resume_button_names_the_game_the_players_and_the_position(tmp_path: Path) -> None:
    path = tmp_path / "kiosk.sqlite3"
    script = game_script("hearts", 1)
    first = Session(Journal(path))
    for line in script[:300]:
        assert first.submit(line).error is None
    play = first.model.play
    assert play is not None and play.deal is not None
    deal, trick = play.deal.number + 1, len(play.deal.tricks) + 1
    first.journal.close()
    second = Session(Journal(path))
    labels = [b.label for b in second.setup_buttons() if b.intent == "resume 1"]
    assert labels == [f"Resume Hearts: Ann, Ben, Cat, and Dan - deal {deal}, trick {trick}"]
    second.journal.close()


# The long run behind the `slow` marker (`make test-slow`): 234 kills over three games, make test's game with 14.
LONG_GAMES = [("hearts", 1, 14), ("hearts", 2, 120), ("euchre", 3, 100)]


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "seed", "kills"), LONG_GAMES, ids=[f"{g[0]}-{g[1]}" for g in LONG_GAMES])
def test_many_sigkills_at_random_points_lose_no_acked_entry(
    ruleset: str, seed: int, kills: int, tmp_path: Path, spawn: Callable[[Path], Kiosk]
) -> None:
    test_sigkill_at_random_points_loses_no_acked_entry(ruleset, seed, kills, tmp_path, spawn)
