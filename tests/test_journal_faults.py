"""The kiosk's journal under faults (issue 9): no traceback, one line saying what and where, nothing lost.

Each case runs the real ``trickbook kiosk --stdin`` (or the same command line
with a fault injected, in a subprocess) on a journal holding a Hearts game
under way (60 entries, closed cleanly), and checks the exit status, the one
line on stderr, the files left in the folder byte for byte, and that the game
resumes with every acknowledged entry once the cause is gone.

How each fault is made, and why it is a faithful model:

- *Damaged files*: the bytes are changed on disk (cut by one byte, 16 bytes
  flipped in the middle), as a failing disk or a careless copy would.
- *Read-only folder or file*: ``chmod`` where the tests do not run as root.
  Root ignores permissions, so as root the folder or file is made immutable
  with ``chattr +i`` instead: the kernel then refuses root's writes with
  EPERM, as a read-only mount refuses them with EROFS; where ``chattr`` is
  not allowed either, only those sub-cases are skipped, with the reason. The
  read-only file is also made at SQLite's level, on every machine: the
  journal's connection is opened with ``mode=ro`` (wrapping
  ``kiosk.journal._connect``), which is exactly how SQLite opens a file it
  may not write (it falls back to read-only and answers every write with
  SQLITE_READONLY).
- *A full disk at open, no journal yet*: the connection's ``PRAGMA
  max_page_count`` is set to the pages the file has (none), so SQLite
  answers the first write that needs a page with SQLITE_FULL, "database or
  disk is full", the very error it gives when the OS says ENOSPC.
- *A full disk at open, journal present*: a tiny file system needs root and
  a mount, so the kiosk's process gets ``RLIMIT_FSIZE`` 0 instead: every
  write that would grow a file fails in the kernel (EFBIG), as on a full disk
  (ENOSPC), while reading works. Opening a journal writes only to grow its
  ``-shm`` and ``-wal`` files, which a full disk refuses just the same;
  SQLite reports it as "disk I/O error", as the issue saw on a full disk.
- *A full disk mid-game*: ``max_page_count`` pinned to the file's pages when
  the journal opens: entries go in while the last page has room, then the
  entry that needs a new page gets SQLITE_FULL, as on a disk that fills up.
- *-wal files*: a foreign ``-wal`` is copied beside a cleanly closed journal;
  a ``-wal`` is cut in half or deleted after the kiosk was killed (SIGKILL)
  at seeded points in a game.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from kiosk import journal as journal_module
from kiosk.cli import EXIT_SET_ASIDE
from kiosk.core import replay
from kiosk.demo import game_script
from kiosk.journal import Journal, JournalFull, JournalReadOnly, Notice, entry_crc
from kiosk.session import Session

TRICKBOOK = Path(sys.executable).parent / "trickbook"
ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
SCRIPT = game_script("hearts", 1)
FIRST = 60  # entries in the journal every case starts from
EXIT_READ_ONLY, EXIT_FULL = 3, 4
RESUMED = re.compile(r"resumed (\d+) (\d+)")
RECOVERED = re.compile(r"(\d+) of (\d+) entries recovered into a new journal, (\d+) could not be recovered")

# Code run in the kiosk's process before the command line, to inject a fault at the SQLite connection.
READ_ONLY = """
import kiosk.journal as j
real = j._connect
def connect(target, uri=False):
    if target == ":memory:" or "immutable=1" in target or "mode=ro" in target:
        return real(target, uri)
    if not uri:
        target = j._uri(j.Path(target))
    return real(target + ("&" if "?" in target else "?") + "mode=ro", True)
j._connect = connect
"""
FULL = """
import kiosk.journal as j
real = j._connect
def connect(target, uri=False):
    db = real(target, uri)
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count={max(pages, 1)}")
    return db
j._connect = connect
"""


def kiosk(
    db: Path, stdin: bytes = b"", inject: str = "", fsize: int | None = None
) -> subprocess.CompletedProcess[bytes]:
    """``trickbook kiosk --stdin --db DB``, with code injected before it runs, or a file-size limit."""
    if inject:
        code = f"{inject}\nimport sys\nfrom trickbook.cli import main\nmain(sys.argv[1:])\n"
        command = [sys.executable, "-c", code]
    else:
        command = [str(TRICKBOOK)]

    def limit() -> None:
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))

    return subprocess.run(
        [*command, "kiosk", "--stdin", "--db", str(db)],
        input=stdin,
        capture_output=True,
        env=ENV,
        timeout=120,
        preexec_fn=limit,
        check=False,
    )


def one_line(done: subprocess.CompletedProcess[bytes], *words: str) -> str:
    """The command said one line on stderr, with each of ``words``, and no traceback."""
    err = done.stderr.decode(errors="replace")
    assert "Traceback" not in err, err
    assert len(err.splitlines()) == 1 and err.endswith("\n"), f"not one line: {err!r}"
    for word in words:
        assert word in err, f"{word!r} not in {err!r}"
    return err


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def entries_in(db: Path, game: int = 1) -> list[str]:
    """The game's entries as SQLite reads the journal (main file and -wal), from a copy."""
    scratch = db.with_name("scratch")
    if scratch.exists():
        shutil.rmtree(scratch)
    scratch.mkdir()
    for suffix in ("", "-wal"):
        if db.with_name(db.name + suffix).exists():
            shutil.copyfile(db.with_name(db.name + suffix), scratch / (db.name + suffix))
    con = sqlite3.connect(scratch / db.name)
    try:
        return [r[0] for r in con.execute("SELECT line FROM entries WHERE game = ? ORDER BY seq", (game,))]
    finally:
        con.close()
        shutil.rmtree(scratch)


def main_file_entries(db: Path, game: int = 1) -> list[str]:
    """The game's entries in the main database file alone, without its -wal."""
    con = sqlite3.connect(f"{db.resolve().as_uri()}?immutable=1", uri=True)
    try:
        return [r[0] for r in con.execute("SELECT line FROM entries WHERE game = ? ORDER BY seq", (game,))]
    finally:
        con.close()


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("template") / "kiosk.sqlite3"
    session = Session(Journal(path))
    for line in SCRIPT[:FIRST]:
        assert session.submit(line).error is None
    session.journal.close()
    assert not path.with_name(path.name + "-wal").exists()
    return path


@pytest.fixture
def db(tmp_path: Path, template: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "kiosk.sqlite3"
    shutil.copyfile(template, path)
    return path


def resumes(db: Path, count: int = FIRST) -> None:
    """Once the cause is gone, the kiosk resumes the game with ``count`` entries and says nothing else."""
    done = kiosk(db)
    assert (done.returncode, done.stderr) == (0, b""), done.stderr.decode(errors="replace")
    assert done.stdout == f"resumed 1 {count}\n".encode()
    assert entries_in(db) == SCRIPT[:count]


# -- damaged journals ------------------------------------------------------------------------------


def recovered(db: Path, damaged: bytes) -> tuple[int, int]:
    """Start the kiosk on a damaged journal: it is kept aside byte for byte, the readable entries go on."""
    folder = db.parent
    done = kiosk(db)
    err = one_line(done, str(db), "damaged", "kiosk.sqlite3.damaged-1")
    assert done.returncode == EXIT_SET_ASIDE
    found = RECOVERED.search(err)
    assert found, err
    kept, known, lost = map(int, found.groups())
    assert (known, kept + lost) == (FIRST, FIRST)
    assert (folder / "kiosk.sqlite3.damaged-1").read_bytes() == damaged
    assert done.stdout == (f"resumed 1 {kept}\n".encode() if kept else b"")
    assert entries_in(db) == SCRIPT[:kept]
    if kept:
        resumes(db, kept)
    return kept, lost


def test_a_journal_cut_by_one_byte_is_recovered(db: Path) -> None:
    damaged = db.read_bytes()[:-1]
    db.write_bytes(damaged)
    kept, _ = recovered(db, damaged)
    assert kept > 0  # only the last page was cut: the entries before it are back


def flip(data: bytes, start: int) -> bytes:
    changed = bytearray(data)
    changed[start : start + 16] = bytes(b ^ 0xFF for b in changed[start : start + 16])
    return bytes(changed)


def passes_open_fails_read(data: bytes, scratch: Path) -> bool:
    """The issue's case: SQLite's quick_check passes, then reading the game fails (malformed, or not UTF-8)."""
    scratch.write_bytes(data)
    con = sqlite3.connect(scratch)
    try:
        try:
            if con.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                return False
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            return False
        try:
            con.execute("SELECT line FROM entries WHERE game = 1 ORDER BY seq").fetchall()
        except (sqlite3.Error, UnicodeDecodeError):  # malformed, or a line's bytes no longer UTF-8 text
            return True
        return False
    finally:
        con.close()
        scratch.unlink()


def test_16_bytes_flipped_in_the_middle_are_found_when_read_and_recovered(db: Path) -> None:
    data = db.read_bytes()
    middle = len(data) // 2
    # From the middle of the file on, the first 16 bytes whose flip passes SQLite's check and breaks a read
    # (most flips land in a page's free space and change nothing).
    spans = [*range(middle, len(data) - 16, 16), *range(0, middle, 16)]
    start = next(s for s in spans if passes_open_fails_read(flip(data, s), db.parent / "x"))
    damaged = flip(data, start)
    db.write_bytes(damaged)
    _, lost = recovered(db, damaged)
    assert lost > 0


def readable_prefix(data: bytes, scratch: Path) -> int:
    """The oracle: how many of the game's first entries a plain SQLite still reads, each row by its rowid (the
    game's entries went in one after another, so entry n is row n), with its text whole and its checksum right."""
    scratch.write_bytes(data)
    count = 0
    try:
        con = sqlite3.connect(f"{scratch.resolve().as_uri()}?mode=ro", uri=True)
        con.text_factory = bytes
        for n in range(1, FIRST + 1):
            row = con.execute("SELECT game, seq, line, crc FROM entries WHERE rowid = ?", (n,)).fetchone()
            if row is None or row[:2] != (1, n) or not isinstance(row[2], bytes):
                break
            line = row[2].decode()
            if row[3] != entry_crc(1, n, line) or line != SCRIPT[n - 1]:
                break
            count = n
        con.close()
    except (sqlite3.Error, UnicodeDecodeError):
        pass
    scratch.unlink()
    return count


def flip_bytes(data: bytes, rng: random.Random, count: int = 8) -> bytes:
    """``count`` bytes changed (one to eight bits each) where a page keeps its rows: its last 1,500 bytes."""
    changed = bytearray(data)
    pages = len(data) // 4096
    for _ in range(count):
        at = rng.randrange(pages) * 4096 + 4096 - rng.randrange(1, 1500)
        changed[at] ^= rng.randrange(1, 256)
    return bytes(changed)


def test_eight_flipped_bytes_lose_nothing_readable_and_say_what_was_recovered(db: Path) -> None:
    """Issue 20: 8 bytes flipped, 24 times at seeded places. Start-up finds the damage (SQLite's check, or an
    entry's checksum, or rows an index lost), keeps the file aside byte for byte, resumes every entry a plain
    SQLite still reads in sequence, nothing else, and says exactly how many of the 60 it recovered."""
    data = db.read_bytes()
    rng = random.Random(20)
    outcomes = {"recovered all": 0, "lost some": 0, "unharmed": 0}
    for trial in range(24):
        for stale in db.parent.iterdir():
            stale.unlink(missing_ok=True)
        damaged = flip_bytes(data, rng)
        readable = readable_prefix(damaged, db.parent / "oracle")
        db.write_bytes(damaged)
        session = Session(Journal(db))
        session.resume_last()
        got = list(session.model.entries)
        assert got == SCRIPT[: len(got)], trial  # nothing that was not acknowledged
        assert len(got) >= readable, (trial, len(got), readable)  # nothing readable lost
        notice = session.journal.notice
        session.close()
        session.journal.close()
        if notice is None:  # the flips changed nothing SQLite or a checksum can see: every entry is there
            assert got == SCRIPT[:FIRST] and readable == FIRST, trial
            outcomes["unharmed"] += 1
            continue
        assert isinstance(notice, Notice) and notice.kind == "recovered", (trial, notice)
        assert (db.parent / "kiosk.sqlite3.damaged-1").read_bytes() == damaged, trial
        again = Journal(db)  # the new journal holds what was resumed, and says nothing more
        assert (again.notice, again.entries(1) if got else []) == (None, got), trial
        again.close()
        if notice.kept + notice.lost:
            found = RECOVERED.search(notice)
            assert found and tuple(map(int, found.groups())) == (len(got), FIRST, FIRST - len(got)), (trial, notice)
            assert notice.parts == (
                (("Ann Ben Cat Dan", len(got) + 1, FIRST - len(got)),) if got != SCRIPT[:FIRST] else ()
            )
        else:
            assert got == [] and "no entry could be read" in notice, (trial, notice)
        outcomes["recovered all" if got == SCRIPT[:FIRST] else "lost some"] += 1
    # The seeded places hit entries, the index and the tables' structure: damage that cost entries and damage
    # that cost none (the new journal holds them all) both happen.
    assert outcomes["recovered all"] >= 2 and outcomes["lost some"] >= 2, outcomes


def test_a_flipped_byte_inside_an_entry_is_caught_by_its_checksum(db: Path) -> None:
    """The issue's ``card-7D``: SQLite's own check passes, the text changed; the checksum sees it, the kiosk says
    how many entries it recovered of how many, which were lost, exits 5, and keeps the damaged file."""
    data = db.read_bytes()
    target = 41  # the entry whose text a flipped byte changes
    line = SCRIPT[target - 1].encode()
    at = data.find(line)
    assert at > 0 and data.find(line, at + 1) == -1
    damaged = bytearray(data)
    damaged[at + 4] ^= ord(" ") ^ ord("-")  # "card 7D" reads "card-7D"
    check = db.parent / "check.sqlite3"
    check.write_bytes(bytes(damaged))
    with contextlib.closing(sqlite3.connect(check)) as con:
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]  # SQLite sees nothing wrong
    check.unlink()
    db.write_bytes(bytes(damaged))
    kept, lost = recovered(db, bytes(damaged))
    assert (kept, lost) == (target - 1, FIRST - target + 1)


@pytest.mark.parametrize(
    ("where", "change"),
    [
        (
            "a column's name in the schema",
            lambda data: data.replace(b"seq INTEGER NOT NULL", b"seq INTEGER NOT NUML", 1),
        ),
        ("the schema's SQL", lambda data: data.replace(b"CREATE TABLE entries", b"CREATE TABLE!entries", 1)),
        ("the header's first bytes", lambda data: b"SQLite format 4\x00" + data[16:]),
        ("the first entry's text", lambda data: data.replace(b"new hearts Ann", b"new hearts Anm", 1)),
        ("the first entry's checksum", None),
    ],
)
def test_damage_to_what_the_journal_repeats_costs_no_entry(db: Path, where: str, change: object) -> None:
    """A byte hit in the tables' definitions or the header's magic (SQLite then reads nothing at all), or in a
    game's first entry (which its row repeats): every entry is recovered, and the message says 60 of 60."""
    data = db.read_bytes()
    if change is None:  # the checksum stored with entry 1, found by its value
        stored = entry_crc(1, 1, SCRIPT[0])
        for size in (4, 5, 6, 8):
            at = data.find(stored.to_bytes(size, "big"))
            if at > 0:
                damaged = data[:at] + bytes([data[at] ^ 0x10]) + data[at + 1 :]
                break
    else:
        assert callable(change)
        damaged = change(data)
    assert damaged != data, where
    db.write_bytes(damaged)
    journal = Journal(db)
    assert journal.entries(1) == SCRIPT[:FIRST]  # damage inside an entry is found when its game is read
    notice = journal.notice
    assert notice is not None and "60 of 60 entries recovered" in notice, (where, notice)
    journal.close()
    assert (db.parent / "kiosk.sqlite3.damaged-1").read_bytes() == damaged
    assert sorted(p.name for p in db.parent.iterdir()) == ["kiosk.sqlite3", "kiosk.sqlite3.damaged-1"]


def test_a_journal_without_checksums_is_migrated_and_then_checked(db: Path) -> None:
    """A version-3 journal (no checksums) opens as it was, every entry gets its checksum once, and a byte flipped
    in an entry afterwards is caught like any other."""
    with contextlib.closing(sqlite3.connect(db)) as con:
        con.execute("ALTER TABLE entries DROP COLUMN crc")
        con.execute("PRAGMA user_version=3")
        con.commit()
    journal = Journal(db)
    assert (journal.notice, journal.entries(1)) == (None, SCRIPT[:FIRST])
    rows = journal.db.execute("SELECT game, seq, line, crc FROM entries ORDER BY seq").fetchall()
    assert [r[3] for r in rows] == [entry_crc(g, n, line) for g, n, line, _ in rows]
    journal.close()
    data = db.read_bytes()
    at = data.find(SCRIPT[9].encode())
    db.write_bytes(data[: at + 5] + b"*" + data[at + 6 :])  # entry 10, "card 7D" now "card *D"
    journal = Journal(db)
    assert journal.entries(1) == SCRIPT[:9]
    assert journal.notice is not None and "9 of 60 entries recovered" in journal.notice
    journal.close()


def test_a_journal_of_0_bytes_is_damaged_not_new(db: Path) -> None:
    """A journal is renamed into place once made, so 0 bytes is a damaged file: kept aside, said, status 5."""
    db.write_bytes(b"")
    done = kiosk(db)
    err = one_line(done, str(db), "damaged", "0 bytes", "kiosk.sqlite3.damaged-1", "no entry could be read")
    assert (done.returncode, done.stdout) == (EXIT_SET_ASIDE, b"")
    assert (db.parent / "kiosk.sqlite3.damaged-1").read_bytes() == b""
    assert db.stat().st_size > 0 and err
    assert sorted(p.name for p in db.parent.iterdir()) == ["kiosk.sqlite3", "kiosk.sqlite3.damaged-1"]
    again = kiosk(db)
    assert (again.returncode, again.stdout, again.stderr) == (0, b"", b"")


def test_damage_found_mid_game_is_recovered_without_a_crash(db: Path) -> None:
    """The page the next entry goes to is damaged after start-up checked the file: the append finds it, the kiosk
    goes on."""
    data = db.read_bytes()
    damaged = flip(data, len(data) - 4096)  # the last page's header
    session = Session(Journal(db))
    assert session.journal.notice is None
    session.journal.db.close()
    db.write_bytes(damaged)  # the disk fails during the evening: a new connection, past the check at open
    session.journal.db = journal_module._connect(str(db))
    session.model = replay(SCRIPT[:FIRST])  # the game as the kiosk had it on screen before the damage
    session.game_id = 1
    view = session.submit(SCRIPT[FIRST])
    notice = session.journal.notice
    assert notice is not None and "damaged" in notice and "kiosk.sqlite3.damaged-1" in notice
    assert RECOVERED.search(notice), notice
    # ... and on screen in the table's words, the file's name kept, no path
    assert view.notice is not None and view.notice.startswith("The journal was damaged: ")
    assert "kiosk.sqlite3.damaged-1" in view.notice and "/" not in view.notice
    assert (db.parent / "kiosk.sqlite3.damaged-1").read_bytes() == damaged
    held = session.journal.entries(1)
    assert held == list(session.model.entries)  # the screen shows what the journal holds
    if session.refused is None:  # every earlier entry was recovered: the new one is committed too
        assert held == SCRIPT[: FIRST + 1]
    else:
        assert held == SCRIPT[: len(held)] and len(held) < FIRST
    session.journal.close()


def test_a_journal_that_reads_as_malformed_raises_no_traceback_in_process(db: Path) -> None:
    """``Journal.entries`` on a damaged file recovers (JournalReplaced never escapes a read)."""
    data = db.read_bytes()
    db.write_bytes(data[:-1])
    journal = Journal(db)
    assert journal.notice is not None and RECOVERED.search(journal.notice)
    assert journal.entries(1) == SCRIPT[: len(journal.entries(1))]
    journal.close()


# -- cannot write here: read-only ------------------------------------------------------------------


@contextlib.contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Make a folder or file read-only for this process: chmod, or as root chattr +i (else skip)."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if shutil.which("chattr") is None:
        pytest.skip("running as root, which ignores permissions, and chattr is not installed")
    made = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False)
    if made.returncode != 0:
        pytest.skip(f"running as root, which ignores permissions, and chattr +i is refused: {made.stderr!r}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def test_a_read_only_folder_without_a_journal(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "kiosk.sqlite3"
    with read_only(folder):
        done = kiosk(db)
    one_line(done, str(db), "read-only", str(folder))
    assert done.returncode == EXIT_READ_ONLY and done.stdout == b""
    assert files(folder) == {}


@pytest.mark.parametrize("what", ["folder", "file"])
def test_a_read_only_folder_or_file_with_a_journal(db: Path, what: str) -> None:
    before = files(db.parent)
    with read_only(db.parent if what == "folder" else db):
        done = kiosk(db)
    one_line(done, str(db), f"{what} ", "read-only", "left as it is")
    assert done.returncode == EXIT_READ_ONLY and done.stdout == b""
    assert files(db.parent) == before
    resumes(db)


def test_a_journal_sqlite_opens_read_only(db: Path) -> None:
    before = files(db.parent)
    done = kiosk(db, inject=READ_ONLY)
    one_line(done, str(db), "cannot write", "left as it is")
    assert done.returncode == EXIT_READ_ONLY and done.stdout == b""
    assert files(db.parent)["kiosk.sqlite3"] == before["kiosk.sqlite3"]
    assert not [n for n in files(db.parent) if ".damaged" in n or ".foreign" in n]
    resumes(db)


def test_read_only_in_process_raises_journal_read_only(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = journal_module._connect

    def connect(target: str, uri: bool = False) -> sqlite3.Connection:
        if "mode=ro" in target or "immutable=1" in target:
            return real(target, uri)
        return real(f"{journal_module._uri(Path(target))}?mode=ro", True)

    monkeypatch.setattr(journal_module, "_connect", connect)
    before = db.read_bytes()
    with pytest.raises(JournalReadOnly, match="cannot write the journal"):
        Journal(db)
    assert db.read_bytes() == before


# -- cannot write here: a full disk ----------------------------------------------------------------


def test_a_full_disk_at_open_without_a_journal(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    db = folder / "kiosk.sqlite3"
    done = kiosk(db, inject=FULL)
    one_line(done, str(db), "the disk is full")
    assert done.returncode == EXIT_FULL and done.stdout == b""
    assert not [n for n in files(folder) if ".damaged" in n or ".foreign" in n]
    # Space again: the kiosk starts its journal and takes a game.
    done = kiosk(db, stdin="\n".join(SCRIPT[:3]).encode() + b"\n")
    assert (done.returncode, done.stderr, done.stdout) == (0, b"", b"ack 1\nack 2\nack 3\n")


def test_a_full_disk_at_open_with_a_journal(db: Path) -> None:
    before = files(db.parent)
    done = kiosk(db, fsize=0)
    one_line(done, str(db), "the disk is full", "left as it is")
    assert done.returncode == EXIT_FULL and done.stdout == b""
    after = files(db.parent)
    assert after["kiosk.sqlite3"] == before["kiosk.sqlite3"]
    assert set(after) <= {"kiosk.sqlite3", "kiosk.sqlite3-wal", "kiosk.sqlite3-shm"}  # nothing renamed aside
    resumes(db)


def test_a_full_disk_mid_game(db: Path) -> None:
    rest = SCRIPT[FIRST:]
    done = kiosk(db, stdin="\n".join(rest).encode() + b"\n", inject=FULL)
    one_line(done, str(db), "the disk is full", "left as it is")
    assert done.returncode == EXIT_FULL
    acks = done.stdout.decode().splitlines()[1:]
    assert done.stdout.decode().splitlines()[0] == f"resumed 1 {FIRST}"
    assert acks == [f"ack {FIRST + i + 1}" for i in range(len(acks))]
    assert len(acks) < len(rest)  # the disk filled before the game's end
    acked = FIRST + len(acks)
    assert entries_in(db) == SCRIPT[:acked]  # every acknowledged entry, and not the refused one
    assert not [n for n in files(db.parent) if ".damaged" in n or ".foreign" in n]
    resumes(db, acked)


def test_a_file_size_limit_mid_game_is_no_room_status_4(db: Path) -> None:
    """Issue 20: a file-size limit the journal reaches mid-game (room for the -shm, not for the whole game) was
    status 6, undocumented; it is no room to write, as a full disk: status 4, one line, nothing acknowledged lost."""
    rest = SCRIPT[FIRST:]
    limit = 40_000
    done = kiosk(db, stdin="\n".join(rest).encode() + b"\n", fsize=limit)
    one_line(done, str(db), "no room to grow it", "file-size limit", "left as it is")
    assert done.returncode == EXIT_FULL
    lines = done.stdout.decode().splitlines()
    assert lines[0] == f"resumed 1 {FIRST}" and lines[1:] == [f"ack {FIRST + i}" for i in range(1, len(lines))]
    acked = FIRST + len(lines) - 1
    assert FIRST < acked < len(SCRIPT) and db.stat().st_size <= limit
    held = entries_in(db)  # the entry refused may be committed (its checkpoint found no room), never acknowledged
    assert held == SCRIPT[: len(held)] and len(held) in (acked, acked + 1)
    resumes(db, len(held))


def test_every_exit_status_is_documented_in_help_and_readme() -> None:
    from click.testing import CliRunner

    from kiosk.cli import kiosk as command
    from kiosk.journal import JournalError

    statuses = {0, 1, 2, EXIT_SET_ASIDE, EXIT_READ_ONLY, EXIT_FULL, JournalError.exit_code}
    assert {JournalReadOnly.exit_code, JournalFull.exit_code} == {EXIT_READ_ONLY, EXIT_FULL}
    shown = CliRunner().invoke(command, ["--help"]).output.split("Exit statuses:", 1)[1]
    assert {int(n) for n in re.findall(r"^\s+(\d+)  ", shown, re.M)} == statuses
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    said = readme.split("**Exit statuses** of `trickbook kiosk`", 1)[1].split("\n- ", 1)[0]
    assert {int(n) for n in re.findall(r"[:;]\s+(\d) ", said)} == statuses


def test_a_full_disk_mid_game_in_process(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = journal_module._connect

    def connect(target: str, uri: bool = False) -> sqlite3.Connection:
        con = real(target, uri)
        con.execute(f"PRAGMA max_page_count={max(con.execute('PRAGMA page_count').fetchone()[0], 1)}")
        return con

    monkeypatch.setattr(journal_module, "_connect", connect)
    session = Session(Journal(db))
    session.resume(1)
    with pytest.raises(JournalFull, match="the disk is full"):
        for line in SCRIPT[FIRST:]:
            assert session.submit(line).error is None
    assert session.journal.entries(1) == list(session.model.entries)  # the screen never showed the refused one
    session.journal.close()


# -- -wal files --------------------------------------------------------------------------------------


def other_wal(folder: Path, kind: str) -> bytes:
    """The -wal of another database, as a crash left it: another program's, or another kiosk's journal."""
    live = folder / "other.sqlite3"
    if kind == "program":
        con = sqlite3.connect(live)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA wal_autocheckpoint=0")
        con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        con.executemany("INSERT INTO notes (body) VALUES (?)", [(f"note {i}",) for i in range(200)])
        con.commit()
    else:
        journal = Journal(live)
        journal.close()
        con = sqlite3.connect(live)
        con.execute("PRAGMA wal_autocheckpoint=0")
        con.execute("INSERT INTO games (ruleset, names, length) VALUES ('spades', 'Eve Fay Gus Hal', 0)")
        con.execute("INSERT INTO games (ruleset, names, length) VALUES ('euchre', 'Ida Jo Kim Lee', 2)")
        con.executemany("INSERT INTO entries (game, seq, line) VALUES (2, ?, ?)", [(1, "new euchre"), (2, "x")])
        con.commit()
    wal = live.with_name(live.name + "-wal").read_bytes()
    con.close()
    for suffix in ("", "-wal", "-shm"):
        live.with_name(live.name + suffix).unlink(missing_ok=True)
    assert len(wal) > 32
    return wal


@pytest.mark.parametrize("kind", ["program", "kiosk"])
def test_a_foreign_wal_beside_a_closed_journal_is_kept_aside(db: Path, kind: str) -> None:
    wal = other_wal(db.parent, kind)
    db.with_name(db.name + "-wal").write_bytes(wal)
    main = db.read_bytes()
    done = kiosk(db)
    one_line(done, f"{db}-wal", "does not belong", "kiosk.sqlite3-wal.foreign-1")
    assert done.returncode == EXIT_SET_ASIDE
    assert done.stdout == f"resumed 1 {FIRST}\n".encode()  # the 60 entries are all there
    assert (db.parent / "kiosk.sqlite3-wal.foreign-1").read_bytes() == wal
    assert entries_in(db) == SCRIPT[:FIRST]
    assert db.read_bytes() == main
    resumes(db)


@pytest.mark.parametrize("harm", ["cut", "deleted"])
def test_a_cut_or_deleted_wal_after_a_kill_loses_no_acknowledged_entry(db: Path, harm: str) -> None:
    """Killed at seeded points, each time with its -wal cut in half or deleted: every acked entry stays."""
    rng = random.Random(f"wal-{harm}")
    acked = FIRST
    for _ in range(6):
        proc = subprocess.Popen(
            [str(TRICKBOOK), "kiosk", "--stdin", "--db", str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=ENV,
        )
        assert proc.stdin is not None and proc.stdout is not None
        assert proc.stdout.readline() == f"resumed 1 {acked}\n".encode()
        for _ in range(rng.randint(1, 15)):
            proc.stdin.write(SCRIPT[acked].encode() + b"\n")
            proc.stdin.flush()
            assert proc.stdout.readline() == f"ack {acked + 1}\n".encode()
            acked += 1
            # Acknowledged means in the main file: a -wal lost now held nothing acknowledged.
            assert main_file_entries(db) == SCRIPT[:acked]
        proc.stdin.write(SCRIPT[acked].encode() + b"\n")  # one more, killed before its ack is read
        proc.stdin.flush()
        time.sleep(rng.choice((0.0, 0.001, 0.01)))
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        wal = db.with_name(db.name + "-wal")
        if harm == "deleted":
            wal.unlink(missing_ok=True)
            db.with_name(db.name + "-shm").unlink(missing_ok=True)
        elif wal.exists():
            wal.write_bytes(wal.read_bytes()[: wal.stat().st_size // 2])
        held = entries_in(db)
        assert held[:acked] == SCRIPT[:acked] and len(held) in (acked, acked + 1)
        confirmed, acked = acked, len(held)
    done = kiosk(db)
    if done.returncode == EXIT_SET_ASIDE:
        # Seen once in many runs: the last kill fell inside the checkpoint of the entry not acknowledged, and its
        # -wal was then deleted, so the main file holds part of that transaction. Start-up's check finds it, and
        # every acknowledged entry is recovered.
        found = RECOVERED.search(one_line(done, "damaged", "kiosk.sqlite3.damaged-1"))
        assert found and int(found.group(1)) >= confirmed, done.stderr
        acked = int(found.group(1))
    resumes(db, acked)


def test_every_acknowledged_entry_is_in_the_main_file(tmp_path: Path) -> None:
    """The checkpoint after each entry: the main file alone holds the whole game at every step."""
    db = tmp_path / "kiosk.sqlite3"
    session = Session(Journal(db))
    for n, line in enumerate(SCRIPT[:80], start=1):
        assert session.submit(line).error is None
        if n % 20 == 0:
            assert main_file_entries(db) == SCRIPT[:n]
            wal = db.with_name(db.name + "-wal")
            assert not wal.exists() or wal.stat().st_size == 0
    session.journal.close()
