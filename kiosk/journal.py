"""The kiosk's journal: every entry committed to SQLite before it is acknowledged.

WAL mode with ``synchronous=FULL``, and a checkpoint after every entry: when
:meth:`Journal.append` returns, the entry is in the main database file, so it
survives a power cut, and a ``-wal`` file that is lost or cut afterwards held
nothing acknowledged. A game is its list of entries (undo and redo are entries
too; nothing is ever deleted), so resuming is replaying them. Each game's row
also keeps what start-up needs (its number of entries, whether it is over,
the deal and trick in progress), written in the same transaction as each
entry, so start-up reads one small table and replays no finished game.

Faults, in the order they are looked for when a journal is opened:

- *Cannot write here* (a read-only folder or file, a full disk, another I/O
  error): :class:`JournalReadOnly`, :class:`JournalFull` or
  :class:`JournalError` with one line saying what and where; the files are
  left exactly as they are, nothing is renamed, and the kiosk exits.
- *Not a journal* (another program's file or database): renamed aside
  (``kiosk.sqlite3.foreign-1``) and a new journal started; *a newer kiosk's
  journal*: renamed aside (``.newer-1``), untouched.
- *A -wal that does not belong to the journal* (another database's, or one
  that would take entries away): before SQLite may apply it, the journal is
  read twice, read-only, with and without it (the main file alone through
  ``immutable=1``); the ``-wal`` must show every game and entry of the main
  file unchanged, and each game's entries numbered 1..n. Otherwise it is
  renamed aside (``kiosk.sqlite3-wal.foreign-1``) and the journal opens as
  its main file stands. Letting SQLite read both states is simpler and
  surer than checking WAL frame checksums by hand, and costs a read of the
  small games table and of the games the ``-wal`` changes.
- *Damaged* (a file of 0 bytes, a journal whose first bytes are not
  SQLite's, cut short or not a whole number of pages; SQLite's ``PRAGMA quick_check`` at open, or
  ``database disk image is malformed`` at any later read or write; an entry
  whose checksum does not match its text, or a game whose entries are not
  numbered 1..n as its row counts them, when the game is read): the entries
  that can still be read are copied into a new journal, row by row where a
  whole read fails; each game keeps its entries up to the first one missing.
  The damaged file is renamed aside (``.damaged-1``), the new journal takes
  its place, and the notice says how many of the entries acknowledged were
  recovered, and which were lost (each game's from its first one missing).

Each entry is written with a CRC-32 of its game, number and text: SQLite
checks its own pages' structure, not the bytes of a text, so a flipped bit
in a line (``card 5H`` read back as ``card 5*``) is caught only by the
checksum. Reading a game's entries checks every checksum and that the rows
the index finds are the game's whole length (an index that lost rows reads
as a shorter game, which SQLite's quick_check does not see). Start-up runs
``PRAGMA quick_check`` over the whole file and reads the unfinished game;
the finished games' entries are checked when they are read.

A journal is made under a temporary name and renamed into place once its
tables are committed, so a journal file of 0 bytes was never one of ours
and is taken as damaged, never as a new journal.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import shutil
import sqlite3
import tempfile
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

APPLICATION_ID = 0x54424B31  # "TBK1"
# 2: each game's row keeps its length and position; 3: the club tables; 4: each entry's checksum (older
# journals are migrated once)
SCHEMA_VERSION = 4
SQLITE_HEADER = b"SQLite format 3\x00"

# The club evening a game belongs to, and its results on their way to the club server (store and forward):
# ``settings`` holds the kiosk's own id, made once, and each game's language where its table chose one ("lang 3":
# "he"); ``club_games`` the server, table code, evening, round and
# table of a game that joined one; ``club_results`` each finished deal's result as sent (or to be sent), by
# the game's sequence number, and what the server answered. A row is written in the same transaction as the
# entry that finished its deal, and only its state changes afterwards: waiting, sent, refused, or withdrawn
# (its deal was undone or changed before it was sent). The tables are made in the transaction of the first
# club write (or the first language a table chooses for a game): a journal that does neither keeps the two
# tables (and pages) it always had, and start-up reads nothing more of it.
CLUB_SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS club_games (
    game INTEGER PRIMARY KEY REFERENCES games(id),
    server TEXT NOT NULL,
    code TEXT NOT NULL,
    evening INTEGER NOT NULL,
    evening_name TEXT NOT NULL,
    round INTEGER NOT NULL,
    tbl INTEGER NOT NULL,
    deals INTEGER
);
CREATE TABLE IF NOT EXISTS club_results (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    score TEXT NOT NULL,
    dealer INTEGER,
    state TEXT NOT NULL,
    answer TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (game, seq)
);
"""
SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    ruleset TEXT NOT NULL,
    names TEXT NOT NULL,
    length INTEGER NOT NULL DEFAULT 0,
    over INTEGER,
    deal INTEGER,
    trick INTEGER
);
CREATE TABLE IF NOT EXISTS entries (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    crc INTEGER,
    PRIMARY KEY (game, seq)
);
"""

# Each version's steps to the next, run in order in one transaction. Version 1 had games (id, ruleset,
# names) only: ``over`` stays NULL, "not known yet", and the session replays each such game once and writes
# its position. Version 2 knew no club evening: its journal is version 3 as it stands, and gets the club
# tables the first time it joins one. Version 3 had no checksums: each entry gets its own (the whole file
# passed SQLite's check first, so the texts are as good as SQLite can tell).
MIGRATIONS = {
    1: (
        "ALTER TABLE games ADD COLUMN length INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE games ADD COLUMN over INTEGER",
        "ALTER TABLE games ADD COLUMN deal INTEGER",
        "ALTER TABLE games ADD COLUMN trick INTEGER",
        "UPDATE games SET length = (SELECT COUNT(*) FROM entries WHERE entries.game = games.id)",
    ),
    2: (),
    3: (
        "ALTER TABLE entries ADD COLUMN crc INTEGER",
        "UPDATE entries SET crc = entry_crc(game, seq, line)",
    ),
}

# SQLite's primary result codes (the low byte of sqlite3.Error.sqlite_errorcode).
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR = 3, 5, 6, 8, 10
SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_AUTH, SQLITE_NOTADB = 11, 13, 14, 23, 26
NO_SPACE = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
NO_WRITE = {errno.EACCES, errno.EPERM, errno.EROFS}


class _Newer(sqlite3.DatabaseError):
    """A journal written by a newer kiosk: kept aside, untouched."""


class _Damaged(sqlite3.DatabaseError):
    """The file's own header shows damage (cut short, not whole pages)."""


# What a read or write of a damaged file raises: SQLite's errors, and the one Python raises when SQLite's message
# quotes a schema whose bytes are no longer UTF-8 text.
_FAULTS = (sqlite3.DatabaseError, UnicodeDecodeError)


class JournalError(RuntimeError):
    """The journal cannot be used; the message says what and where. Nothing was changed."""

    exit_code = 6


class JournalReadOnly(JournalError):
    """The journal's folder or file cannot be written (permissions, a read-only disk)."""

    exit_code = 3


class JournalFull(JournalError):
    """The disk holding the journal is full (or the process's file-size limit is reached: no room either way)."""

    exit_code = 4


class JournalReplaced(Exception):
    """A damaged journal was found mid-game: it is kept aside and a recovered copy took its place.

    The entry being written was not committed; ``Journal.notice`` says what was recovered.
    """


@dataclass(frozen=True)
class Position:
    """Where a game stands: over, or the deal (from 1) and trick (from 1, None outside card play) in progress."""

    over: bool
    deal: int | None = None
    trick: int | None = None


@dataclass(frozen=True)
class GameInfo:
    id: int
    ruleset: str
    names: str
    entries: int
    over: bool | None = False  # None: not known yet (a game from a version-1 journal)
    deal: int | None = None
    trick: int | None = None


@dataclass(frozen=True)
class ClubLink:
    """The club evening a game was joined to: where its results go, and with which table code."""

    server: str  # the club server's address: http://192.168.1.10:8750
    code: str  # the table code the organiser issued, sent as the bearer token
    evening: int
    evening_name: str
    round: int
    table: int
    deals: int | None = None  # the deals of a round, where the evening sets them (None: the game's own end)


@dataclass(frozen=True)
class Outgoing:
    """One deal's result for the club server, as the journal keeps it (``state``: waiting, sent, refused, withdrawn).

    ``answer`` is what the server last said of it (JSON: the result's id, or the refusal's status, kind and
    params), empty until it has answered.
    """

    game: int
    seq: int  # from 1 in each game: with the kiosk's id and the game, what makes a repeat recognisable
    deal: int  # from 1
    score: str  # the quick-score notation: "0 13 5 8", "3 4 nil 5 / 4 4 0 5"
    dealer: int | None
    state: str = "waiting"
    answer: str = ""


CLUB_TABLES = ("settings", "club_games", "club_results")


def entry_crc(game: int, seq: int, line: str) -> int:
    """An entry's checksum: CRC-32 of its game, number and text (a row moved to another game or place fails it too)."""
    return zlib.crc32(f"{game}\x1f{seq}\x1f{line}".encode())


def _entries_problem(game: int, rows: Sequence[tuple[object, ...]], length: object) -> str | None:
    """What is wrong with one game's entries as read ((seq, line, crc) in order); None if nothing.

    The rows must be numbered 1..n, n the length the game's row counts (written with each entry), and each
    text must match its checksum (an entry of a journal before checksums has none and is taken as it reads).
    """
    for n, (seq, line, crc) in enumerate(rows, start=1):
        if seq != n or not isinstance(line, str):
            return f"entry {n} of game {game} is missing"
        if crc is not None and crc != entry_crc(game, n, line):
            return f"entry {n} of game {game} does not match its checksum"
    if isinstance(length, int) and length != len(rows):
        return f"game {game} reads {len(rows)} of its {length} entries"
    return None


def _connect(target: str, uri: bool = False) -> sqlite3.Connection:
    """Every connection the journal opens (tests wrap this to inject faults at the connection)."""
    db = sqlite3.connect(target, uri=uri, isolation_level=None)
    db.text_factory = _text
    return db


def _text(data: bytes) -> str:
    """A text read back; bytes that are not UTF-8 were damaged on disk (our entries are UTF-8 text)."""
    try:
        return data.decode()
    except UnicodeDecodeError:
        raise _Damaged("database disk image is malformed (a text that is not UTF-8)") from None


def _sibling(path: Path, suffix: str) -> Path:
    return path.with_name(path.name + suffix)


def _code(exc: BaseException) -> int | None:
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _is_damage(exc: BaseException) -> bool:
    return isinstance(exc, _Damaged | UnicodeDecodeError) or _code(exc) in (SQLITE_CORRUPT, SQLITE_NOTADB)


def _header_problem(path: Path, wal_in_use: bool) -> str | None:
    """What the first 100 bytes and the file's size say: None if it may be a usable journal (or is absent/empty)."""
    if not path.exists():
        return None
    if path.stat().st_size == 0:  # a journal is renamed into place once made: never 0 bytes (see above)
        return "a damaged journal (0 bytes)"
    with path.open("rb") as f:
        head = f.read(100)
    if not head.startswith(SQLITE_HEADER):
        if head[68:72] == APPLICATION_ID.to_bytes(4, "big"):  # our id: a journal whose first bytes were hit
            return "a damaged journal (its first bytes are not SQLite's)"
        return "not a database"  # a shopping list, a picture: another program's file, kept aside as such
    if len(head) < 100:
        return "a damaged database (cut short in its header)"
    app_id = int.from_bytes(head[68:72], "big")
    if app_id not in (0, APPLICATION_ID):
        return "a database of another program"
    if app_id == 0:
        # The header may not show our id yet: a journal whose id still sits in its -wal file, or an empty
        # database. Ask SQLite, read-only.
        try:
            with _reading(f"{_uri(path)}?mode=ro", path) as db:
                real_id = db.execute("PRAGMA application_id").fetchone()[0]
                tables = db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
        except _FAULTS as exc:
            if _code(exc) in (SQLITE_CORRUPT, SQLITE_NOTADB):
                return "a damaged database"
            raise
        if not (real_id == APPLICATION_ID or (real_id == 0 and tables == 0)):
            return "a database of another program"
    if not wal_in_use:
        # With no -wal to add to it, the main file is whole pages, as many as its header says.
        size = path.stat().st_size
        page = int.from_bytes(head[16:18], "big")
        page = 65536 if page == 1 else page
        counted = int.from_bytes(head[28:32], "big")
        valid = int.from_bytes(head[24:28], "big") == int.from_bytes(head[92:96], "big")
        if page < 512 or page & (page - 1) or size % page or (valid and counted and counted * page != size):
            return f"a damaged database (cut short: {size} bytes)"
    return None


def _uri(path: Path) -> str:
    return path.resolve().as_uri()


@contextlib.contextmanager
def _reading(uri: str, path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection that leaves no -shm (nor empty -wal) behind next to a file it may not own."""
    extras = [_sibling(path, "-shm"), _sibling(path, "-wal")]
    had = [f.exists() for f in extras]
    db = _connect(uri, uri=True)
    try:
        yield db
    finally:
        db.close()
        for f, was in zip(extras, had, strict=True):
            if not was and f.exists() and (f.name.endswith("-shm") or f.stat().st_size == 0):
                with contextlib.suppress(OSError):
                    f.unlink()


def _free_name(path: Path, why: str) -> Path:
    n = 1
    while _sibling(path, f".{why}-{n}").exists():
        n += 1
    return _sibling(path, f".{why}-{n}")


def _set_aside(path: Path, why: str) -> Path:
    """Rename a file we must not touch (and its WAL files) to a free name."""
    aside = _free_name(path, why)
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        extra = _sibling(path, suffix)
        if extra.exists():
            extra.rename(_sibling(aside, suffix))
    return aside


def _probe(folder: Path) -> OSError | None:
    """Try to write 64 KiB in ``folder`` (then remove the file): the OS's own reason why it cannot, if it cannot."""
    try:
        fd, name = tempfile.mkstemp(prefix=".trickbook-probe-", dir=folder)
    except OSError as exc:
        return exc
    try:
        left = memoryview(bytes(65536))
        while left:  # a write that meets a file-size limit is cut short first; the next one fails (EFBIG)
            left = left[os.write(fd, left) :]
        os.fsync(fd)
    except OSError as exc:
        return exc
    finally:
        os.close(fd)
        os.unlink(name)
    return None


def cannot_write(path: Path, exc: BaseException) -> JournalError:
    """The error for a journal that cannot be written: read-only, full, or another I/O error (never "damaged")."""
    folder = path.parent
    probe = _probe(folder) if folder.is_dir() else None
    code = _code(exc)
    os_errno = exc.errno if isinstance(exc, OSError) else probe.errno if probe is not None else None
    untouched = "the journal was left as it is"
    if not folder.exists():
        return JournalReadOnly(f"cannot create the folder {folder} for the journal {path.name}: {exc}")
    if os_errno == errno.EFBIG:
        return JournalFull(
            f"cannot write the journal {path}: no room to grow it, the disk is full or a file-size limit is reached"
            f" ({exc}); {untouched}"
        )
    if code == SQLITE_FULL or os_errno in NO_SPACE:
        return JournalFull(f"cannot write the journal {path}: the disk is full ({exc}); {untouched}")
    if not os.access(folder, os.W_OK | os.X_OK) or (probe is not None and probe.errno in NO_WRITE):
        return JournalReadOnly(f"cannot write the journal {path}: the folder {folder} is read-only; {untouched}")
    for f in (path, _sibling(path, "-wal"), _sibling(path, "-shm")):
        if f.exists() and not os.access(f, os.W_OK):
            return JournalReadOnly(f"cannot write the journal {path}: the file {f.name} is read-only; {untouched}")
    if code in (SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH, SQLITE_CANTOPEN) or os_errno in NO_WRITE:
        return JournalReadOnly(f"cannot write the journal {path}: {exc}; {untouched}")
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        return JournalError(f"cannot write the journal {path}: another program holds it ({exc}); {untouched}")
    return JournalError(f"cannot write the journal {path}: {exc}; {untouched}")


# -- what a journal holds, read as far as it can be --------------------------------------------------


@dataclass
class _Games:
    """A journal's games and, for some, their entries, as read from one connection."""

    rows: dict[int, tuple[str, str, int | None, int | None, int | None, int | None]]  # ruleset names length over..
    lines: dict[int, dict[int, str]]
    unreadable: int = 0  # entry rows that could not be read


def _columns(db: sqlite3.Connection) -> set[str]:
    return {str(r[1]) for r in db.execute("PRAGMA table_info(games)")}


def _game_rows(db: sqlite3.Connection) -> dict[int, tuple[str, str, int | None, int | None, int | None, int | None]]:
    cols = _columns(db)
    extra = ", ".join(c if c in cols else "NULL" for c in ("length", "over", "deal", "trick"))
    rows = db.execute(f"SELECT id, ruleset, names, {extra} FROM games ORDER BY id").fetchall()
    return {int(r[0]): (str(r[1]), str(r[2]), r[3], r[4], r[5], r[6]) for r in rows}


def _salvage_read(db: sqlite3.Connection) -> _Games:
    """Everything that can be read: whole tables where they read, else row by row (by rowid).

    Columns are taken by their place, not their names (a flipped byte in the schema may have renamed one),
    and entries by rowid, never through the (game, seq) index (an index that lost rows must not hide them).
    """
    out = _Games({}, {})
    tables = set()
    with contextlib.suppress(*_FAULTS):
        tables = {str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "games" in tables:
        for row in _rows_by_rowid(db, "games", 10_000)[0]:
            gid, ruleset, names, *more = (*row, None, None, None, None)  # a version-1 journal's have 3 columns
            if isinstance(gid, int) and isinstance(ruleset, str) and isinstance(names, str):
                length, over, deal, trick = (v if isinstance(v, int) else None for v in more[:4])
                out.rows[gid] = (ruleset, names, length, over, deal, trick)
    if "entries" not in tables:
        return out
    rows, out.unreadable = _rows_by_rowid(db, "entries", sum(r[2] or 0 for r in out.rows.values()))
    failed: dict[int, list[tuple[object, object]]] = {}  # by game: (text, checksum) of rows that no longer match
    for row in rows:
        game, seq, line, check = (*row, None)[:4]  # entries before version 4 have no checksum
        if not (isinstance(game, int) and isinstance(seq, int) and isinstance(line, str)):
            out.unreadable += 1
        elif check is None or check == entry_crc(game, seq, line):
            out.lines.setdefault(game, {})[seq] = line
        else:  # a row whose bytes changed: its text, or its game or number, is not what was acknowledged
            out.unreadable += 1
            failed.setdefault(game, []).append((line, check))
    # A game's first entry is "new RULESET NAMES", which its row repeats, so one byte hit there need not lose the
    # whole game: where a row that failed its checksum reads as the line the game's row makes (the checksum was
    # hit), or the line the game's row makes matches that row's checksum (the text was hit), two independent
    # copies agree, and the entry is taken back.
    for game_id, (ruleset, names, *_) in out.rows.items():
        made = f"new {ruleset} {names}"
        hit = failed.get(game_id, [])
        if 1 not in out.lines.get(game_id, {}) and any(t == made or c == entry_crc(game_id, 1, made) for t, c in hit):
            out.lines.setdefault(game_id, {})[1] = made
            out.unreadable -= 1
    return out


def _rows_by_rowid(db: sqlite3.Connection, table: str, known: int) -> tuple[list[tuple[object, ...]], int]:
    """A table's rows in rowid order, whole if it reads whole, else one by one; and how many could not be read."""
    try:
        return [tuple(r) for r in db.execute(f"SELECT * FROM {table} NOT INDEXED ORDER BY rowid")], 0
    except _FAULTS:
        pass
    rows: list[tuple[object, ...]] = []
    unreadable = 0
    for rowid in range(1, max(_top(db, table, known), known) + 1):
        try:
            row = db.execute(f"SELECT * FROM {table} WHERE rowid = ?", (rowid,)).fetchone()
        except _FAULTS:
            unreadable += 1
            continue
        if row is not None:
            rows.append(tuple(row))
    return rows, unreadable


def _top(db: sqlite3.Connection, table: str, fallback: int) -> int:
    try:
        top = db.execute(f"SELECT MAX(rowid) FROM {table}").fetchone()[0]
    except _FAULTS:
        return fallback
    return int(top) if isinstance(top, int) else 0


class Notice(str):
    """A notice in one English line (for the command line), carrying its facts for the screen's own words.

    ``kind``: "recovered" (a damaged journal copied into a new one: ``kept`` of
    ``kept + lost`` entries; ``parts``: each game that lost entries, as its
    players' names, its first entry lost and how many), "foreign" (another
    program's file), "foreign-wal" (a -wal of another database), "newer" (a
    newer kiosk's journal) or, from the session, "unreplayed" (``lost`` entries
    of a game its replay refused, each in ``parts`` as its text and number);
    ``aside`` is the name the file was kept under.
    """

    kind: str
    aside: str
    kept: int
    lost: int
    parts: tuple[tuple[str, int, int], ...]

    def __new__(
        cls, text: str, kind: str, aside: str, kept: int = 0, lost: int = 0, parts: Sequence[tuple[str, int, int]] = ()
    ) -> Notice:
        notice = super().__new__(cls, text)
        notice.kind, notice.aside, notice.kept, notice.lost = kind, aside, kept, lost
        notice.parts = tuple(parts)
        return notice


def _salvage_club(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """The club tables of a damaged journal, each as far as it reads whole (they are small): the kiosk's id
    above all, so that results sent again are recognised by the club server as the ones it has."""
    out: dict[str, list[tuple[object, ...]]] = {}
    with contextlib.suppress(*_FAULTS), _reading(f"{_uri(path)}?mode=ro", path) as db:
        names = {str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        for table in CLUB_TABLES:
            if table in names:
                with contextlib.suppress(*_FAULTS):
                    out[table] = [tuple(r) for r in db.execute(f"SELECT * FROM {table}")]
    return out


# The games and entries tables as the schema (with every migration) defines them, columns in the same order: a
# journal of any version reads through them (a column an older row lacks reads as NULL).
WHOLE_TABLES = {
    "games": "CREATE TABLE games (id INTEGER PRIMARY KEY, ruleset TEXT NOT NULL, names TEXT NOT NULL,"
    " length INTEGER NOT NULL DEFAULT 0, over INTEGER, deal INTEGER, trick INTEGER)",
    "entries": "CREATE TABLE entries (game INTEGER NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,"
    " line TEXT NOT NULL, crc INTEGER, PRIMARY KEY (game, seq))",
}


def _salvage_schema(path: Path) -> _Games:
    """Read a journal whose schema or header is damaged (SQLite refuses every statement: "malformed database
    schema", "file is not a database"): on a copy beside it, the header's first 16 bytes and the two tables'
    definitions are written again as this kiosk makes them (``writable_schema`` lets SQLite read and change its
    schema table as it stands), and the copy is read. The damaged file is never
    written; the copy is removed."""
    scratch = _sibling(path, ".schema")
    files = [(path, scratch), (_sibling(path, "-wal"), _sibling(scratch, "-wal"))]
    try:
        for source, copy in files:
            if source.exists():
                shutil.copyfile(source, copy)
        with scratch.open("r+b") as f:  # a journal's header whose first bytes were hit: our id still says whose
            head = f.read(100)
            if not head.startswith(SQLITE_HEADER) and head[68:72] == APPLICATION_ID.to_bytes(4, "big"):
                f.seek(0)
                f.write(SQLITE_HEADER)
        db = _connect(str(scratch))
        try:
            db.execute("PRAGMA writable_schema=ON")
            db.execute("BEGIN IMMEDIATE")
            for name, sql in WHOLE_TABLES.items():
                db.execute("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?", (sql, name))
            db.execute("COMMIT")
        finally:
            db.close()
        db = _connect(str(scratch))
        try:
            return _salvage_read(db)
        finally:
            db.close()
    except (*_FAULTS, OSError):
        return _Games({}, {})
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            _sibling(scratch, suffix).unlink(missing_ok=True)


def _salvage(path: Path, why: str) -> str:
    """Copy what can be read of a damaged journal into a new one, set the damaged file aside; the notice."""
    try:
        with _reading(f"{_uri(path)}?mode=ro", path) as db:
            found = _salvage_read(db)
    except _FAULTS:
        found = _Games({}, {})
    if not found.lines:  # nothing read: the tables' own definitions may be what a flipped byte broke
        repaired = _salvage_schema(path)
        if repaired.lines:
            found = repaired
    for gid, lines in found.lines.items():
        if gid not in found.rows and 1 in lines and lines[1].split()[:1] == ["new"]:
            words = lines[1].split()  # the game's row is lost: its first entry names the ruleset and players
            found.rows[gid] = (words[1] if len(words) > 1 else "", " ".join(words[2:]), None, None, None, None)
    kept, lost = 0, 0
    parts: list[tuple[int, str, int, int]] = []  # each game that lost entries: id, names, first lost, how many
    games: list[tuple[int, str, str, list[str], Position | None]] = []
    for gid, (ruleset, names, length, over, deal, trick) in sorted(found.rows.items()):
        lines = found.lines.get(gid, {})
        prefix: list[str] = []
        while len(prefix) + 1 in lines:
            prefix.append(lines[len(prefix) + 1])
        known = max([length or 0, len(prefix), *lines])
        kept += len(prefix)
        lost += known - len(prefix)
        if known > len(prefix):
            parts.append((gid, names, len(prefix) + 1, known - len(prefix)))
        whole = known == len(prefix) and over is not None
        games.append((gid, ruleset, names, prefix, Position(bool(over), deal, trick) if whole or over == 1 else None))
    orphans = sum(len(v) for k, v in found.lines.items() if k not in found.rows)
    lost = max(lost + orphans, found.unreadable + orphans)
    temp = _sibling(path, ".recovering")
    for suffix in ("", "-wal", "-shm"):  # a recovery cut short earlier: ours, started again
        _sibling(temp, suffix).unlink(missing_ok=True)
    club = _salvage_club(path)
    fresh = Journal(temp)
    try:
        with fresh._transaction():
            if club:
                fresh._make_club()
            for table, rows in club.items():
                for row in rows:
                    marks = ", ".join("?" * len(row))
                    fresh.db.execute(f"INSERT OR IGNORE INTO {table} VALUES ({marks})", row)
            for gid, ruleset, names, prefix, pos in games:
                fresh.db.execute(
                    "INSERT INTO games (id, ruleset, names, length, over, deal, trick) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (gid, ruleset, names, len(prefix), *_position_row(pos)),
                )
                fresh.db.executemany(
                    "INSERT INTO entries (game, seq, line, crc) VALUES (?, ?, ?, ?)",
                    [(gid, i, line, entry_crc(gid, i, line)) for i, line in enumerate(prefix, start=1)],
                )
    finally:
        fresh.close()
    aside = _set_aside(path, "damaged")
    temp.rename(path)
    if kept + lost == 0:
        text = f"{path} is {why}: kept as {aside.name}; no entry could be read, started a new journal"
        return Notice(text, "recovered", aside.name)
    which = "; ".join(
        f"game {gid} ({names}) from entry {first}, {count} {'entry' if count == 1 else 'entries'}"
        for gid, names, first, count in parts
    )
    return Notice(
        f"{path} is {why}: kept as {aside.name}; {kept} of {kept + lost} entries recovered into a new journal,"
        f" {lost} could not be recovered" + (f" (lost: {which})" if which else ""),
        "recovered",
        aside.name,
        kept,
        lost,
        [(names, first, count) for _, names, first, count in parts],
    )


def _position_row(pos: Position | None) -> tuple[int | None, int | None, int | None]:
    return (None, None, None) if pos is None else (int(pos.over), pos.deal, pos.trick)


# -- the -wal beside the main file --------------------------------------------------------------------


def _wal_problem(path: Path) -> str | None:
    """Why the -wal beside ``path`` must not be applied to it (None: it may be).

    Raises ``_Damaged`` if the main file itself cannot be read.
    """
    main_exists = path.exists() and path.stat().st_size > 0
    with contextlib.ExitStack() as stack:
        before: sqlite3.Connection | None = None
        main: dict[int, tuple[str, str, int | None, int | None, int | None, int | None]] = {}
        if main_exists:
            try:
                before = stack.enter_context(_reading(f"{_uri(path)}?immutable=1", path))
                main = _game_rows(before) if _has_games(before) else {}
            except _FAULTS as exc:
                raise _Damaged(f"its main file cannot be read ({exc})") from None
        try:
            after = stack.enter_context(_reading(f"{_uri(path)}?mode=ro", path))
            if after.execute("PRAGMA application_id").fetchone()[0] not in (0, APPLICATION_ID):
                return "it is another program's"
            if not _has_games(after):
                return "it is another database's" if main else None
            both = _game_rows(after)
            for gid, row in main.items():
                now = both.get(gid)
                assert before is not None
                if now is None or now[:2] != row[:2] or _length(after, gid, now) < _length(before, gid, row):
                    return "it would change or remove entries of the journal"
            for gid, row in both.items():
                if row == main.get(gid):
                    continue
                lines = [
                    str(r[0]) for r in after.execute("SELECT line FROM entries WHERE game = ? ORDER BY seq", (gid,))
                ]
                seqs = [int(r[0]) for r in after.execute("SELECT seq FROM entries WHERE game = ? ORDER BY seq", (gid,))]
                if seqs != list(range(1, len(seqs) + 1)) or (row[2] is not None and row[2] != len(seqs)):
                    return "its entries are not numbered from 1"
                if before is not None and gid in main:
                    query = "SELECT line FROM entries WHERE game = ? ORDER BY seq"
                    old = [str(r[0]) for r in before.execute(query, (gid,))]
                    if lines[: len(old)] != old:
                        return "it would change entries of the journal"
        except _FAULTS as exc:
            return f"it is damaged or another database's ({exc})"
    return None


def _schema_problem(db: sqlite3.Connection, version: int) -> str | None:
    """Whether the games and entries tables have the columns a journal of ``version`` has (SQLite parses a schema
    whose text a flipped byte changed, as long as it is still SQL: a renamed column is damage too)."""
    games = ["id INTEGER", "ruleset TEXT", "names TEXT"]
    if version >= 2:
        games += ["length INTEGER", "over INTEGER", "deal INTEGER", "trick INTEGER"]
    entries = ["game INTEGER", "seq INTEGER", "line TEXT"] + (["crc INTEGER"] if version >= 4 else [])
    for table, expected in (("games", games), ("entries", entries)):
        found = [f"{r[1]} {str(r[2]).upper()}" for r in db.execute(f"PRAGMA table_info({table})")]
        if found != expected:
            return f"the table {table} has the columns {', '.join(found)}"
    return None


def _has_games(db: sqlite3.Connection) -> bool:
    names = {str(r[0]) for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return {"games", "entries"} <= names


def _length(db: sqlite3.Connection, gid: int, row: tuple[object, ...]) -> int:
    if isinstance(row[2], int) and row[2] > 0:
        return row[2]
    top = db.execute("SELECT MAX(seq) FROM entries WHERE game = ?", (gid,)).fetchone()[0]
    return int(top or 0)


def _set_wal_aside(path: Path, why: str) -> Path:
    wal = _sibling(path, "-wal")
    aside = _free_name(wal, why)
    wal.rename(aside)
    shm = _sibling(path, "-shm")
    if shm.exists():  # SQLite's index of that -wal: it goes with it
        shm.rename(_sibling(aside, "-shm"))
    return aside


# -- the journal ------------------------------------------------------------------------------------


class Journal:
    """Games and their entries in one SQLite file."""

    def __init__(self, path: Path | str, check: bool = True) -> None:
        """``check=False``: the whole file's check (``PRAGMA quick_check``, which reads every page: 0.1-0.2 s for a
        thousand games) waits for :meth:`check`, which the kiosk's window calls after its first frame and before it
        takes any input; nothing may be written before it (Journal.append does not wait for it)."""
        self.path = Path(path) if str(path) != ":memory:" else None
        self.notices: list[str] = []
        self._club = False  # the club tables are known to be there
        self.unchecked = not check  # the whole file's check is still to come (see check)
        if self.path is None:
            self.db = self._open()
            return
        try:
            self.db = self._open_file(self.path)
        except OSError as exc:
            raise cannot_write(self.path, exc) from None

    @property
    def notice(self) -> str | None:
        """The last thing set aside or recovered, in one line (None if nothing was)."""
        return self.notices[-1] if self.notices else None

    def _open_file(self, path: Path) -> sqlite3.Connection:
        temp = _sibling(path, ".recovering")
        if not path.exists() and temp.exists() and not _sibling(temp, "-wal").exists():
            temp.rename(path)  # a recovery was cut short after the damaged file was set aside: finish it
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise cannot_write(path, exc) from None
        folder = path.parent
        if not os.access(folder, os.W_OK | os.X_OK):
            raise cannot_write(path, PermissionError(errno.EACCES, "read-only folder"))
        if not path.exists():
            try:
                self._create(path)
            except _FAULTS as exc:
                raise cannot_write(path, exc) from None
        for f in (path, _sibling(path, "-wal"), _sibling(path, "-shm")):
            if f.exists() and not os.access(f, os.W_OK):
                raise cannot_write(path, PermissionError(errno.EACCES, "read-only file", str(f)))
        wal = _sibling(path, "-wal")
        try:
            problem = _header_problem(path, wal.exists() and wal.stat().st_size > 0)
        except _FAULTS as exc:
            raise cannot_write(path, exc) from None
        if problem and "damaged" in problem:
            self.notices.append(_salvage(path, problem))
        elif problem:
            aside = _set_aside(path, "foreign")
            self.notices.append(
                Notice(f"{path} is {problem}: kept as {aside.name}; started a new journal", "foreign", aside.name)
            )
        elif wal.exists() and wal.stat().st_size > 0:
            try:
                why = _wal_problem(path)
            except _Damaged as exc:
                self.notices.append(_salvage(path, f"damaged ({exc})"))
                why = None
            except _FAULTS as exc:
                raise cannot_write(path, exc) from None
            if why is not None:
                aside = _set_wal_aside(path, "foreign")
                self.notices.append(
                    Notice(
                        f"{wal} does not belong to {path.name} ({why}): kept as {aside.name};"
                        f" the journal opened as its main file stands",
                        "foreign-wal",
                        aside.name,
                    )
                )
        try:
            return self._open()
        except _FAULTS as exc:
            if isinstance(exc, _Newer):
                aside = _set_aside(path, "newer")
                self.notices.append(
                    Notice(
                        f"{path} is from a newer kiosk ({exc}): kept as {aside.name}; started a new journal",
                        "newer",
                        aside.name,
                    )
                )
            elif _is_damage(exc) or _code(exc) == 1:
                self.notices.append(_salvage(path, f"damaged ({exc})"))
            else:
                raise cannot_write(path, exc) from None
        try:
            return self._open()
        except _FAULTS as exc:
            raise cannot_write(path, exc) from None

    @staticmethod
    def _create(path: Path) -> None:
        """A new journal, made under a temporary name and renamed into place with its tables committed."""
        temp = _sibling(path, ".new")
        for suffix in ("", "-wal", "-shm"):  # one cut short earlier: it held nothing acknowledged
            _sibling(temp, suffix).unlink(missing_ok=True)
        try:
            Journal._open_at(str(temp)).close()
        except BaseException:
            for suffix in ("", "-wal", "-shm"):
                _sibling(temp, suffix).unlink(missing_ok=True)
            raise
        temp.rename(path)
        for suffix in ("-wal", "-shm"):  # closed last, so empty: SQLite removes them itself, unless it could not
            _sibling(temp, suffix).unlink(missing_ok=True)

    def _open(self) -> sqlite3.Connection:
        return self._open_at(str(self.path) if self.path else ":memory:", check=not self.unchecked)

    def check(self) -> bool:
        """The whole file's check where it was left for later (``check=False``); True when it found damage and the
        journal is now its recovered copy (the notice says what was recovered), as when found at open."""
        if not self.unchecked:
            return False
        self.unchecked = False
        try:
            problem = _quick_check(self.db)
            if problem is not None:
                raise _Damaged(problem)
        except _FAULTS as exc:
            try:
                self._fail(exc)
            except JournalReplaced:
                return True
        return False

    @staticmethod
    def _open_at(target: str, check: bool = True) -> sqlite3.Connection:
        db = _connect(target)
        try:
            # Read-only checks first: a file we refuse is never written to.
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise _Newer(f"journal version {version} is newer than this kiosk")
            db.execute("PRAGMA synchronous=FULL")
            if version:
                # The whole file's structure (every page; 0.1-0.2 s for a thousand games): damage is found
                # now, before anything is written, rather than by an entry the table is waiting for (or, where
                # the caller says so, just after the first frame: Journal.check).
                problem = _quick_check(db) if check else None
                if problem is not None:
                    raise _Damaged(problem)
                if not _has_games(db):
                    raise sqlite3.DatabaseError("the journal has lost its tables")
                problem = _schema_problem(db, version)
                if problem is not None:
                    raise _Damaged(problem)
                _game_rows(db)
            if db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
                # The id goes into the main file before WAL mode, so the header shows it at once (in WAL mode
                # it would wait in the -wal file for a checkpoint).
                db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            if str(db.execute("PRAGMA journal_mode").fetchone()[0]).lower() != "wal":
                db.execute("PRAGMA journal_mode=WAL")
            if version != SCHEMA_VERSION:
                db.execute("BEGIN IMMEDIATE")
                try:
                    if version == 0:
                        for statement in SCHEMA.split(";"):
                            if statement.strip():
                                db.execute(statement)
                    else:
                        db.create_function("entry_crc", 3, entry_crc, deterministic=True)
                        for step in range(version, SCHEMA_VERSION):
                            for statement in MIGRATIONS[step]:
                                db.execute(statement)
                    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
            _checkpoint(db)  # anything a killed kiosk left in the -wal goes into the main file now
            # May this connection write? SQLite says no on a file it opened read-only; nothing is written.
            db.execute("BEGIN IMMEDIATE")
            try:
                db.execute("UPDATE games SET ruleset = ruleset WHERE 0")
            finally:
                db.execute("ROLLBACK")
        except _FAULTS:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """One write transaction, committed (and synced) on exit, then copied into the main file. Never before the
        whole file's check (a check left for later runs first; damage it finds raises JournalReplaced)."""
        if self.unchecked and self.check():
            raise JournalReplaced(self.notice)
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
            self.db.execute("COMMIT")
        except BaseException:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        _checkpoint(self.db)

    def _fail(self, exc: BaseException) -> NoReturn:
        """A fault while writing or reading: recover a damaged journal, else say the journal cannot be written."""
        if self.path is None:
            raise JournalError(f"the journal in memory failed: {exc}") from None
        if not _is_damage(exc):
            raise cannot_write(self.path, exc) from None
        self.db.close()
        self.notices.append(_salvage(self.path, f"damaged ({exc})"))
        self.db = self._open()
        self._club = False
        raise JournalReplaced(self.notice) from None

    def new_game(self, ruleset: str, names: str, club: ClubLink | None = None) -> int:
        """A new game's row (and the club evening it joined, in the same transaction); its id."""
        try:
            with self._transaction():
                cur = self.db.execute("INSERT INTO games (ruleset, names) VALUES (?, ?)", (ruleset, names))
                assert cur.lastrowid is not None
                if club is not None:
                    self._link(cur.lastrowid, club)
        except _FAULTS as exc:
            self._fail(exc)
        return cur.lastrowid

    def append(self, game: int, line: str, position: Position | None = None, outbox: Sequence[Outgoing] = ()) -> int:
        """Commit one entry (and where the game now stands); return its sequence number.

        ``outbox``: results for the club server the entry makes (a deal it finished) or changes (a deal it
        undid), written in the same transaction: an entry is never acknowledged without them.
        The entry is in the main database file when this returns (unless another connection was reading the
        journal at that moment: then it is in the -wal, and the next checkpoint takes it).
        """
        try:
            with self._transaction():
                row = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?", (game,)).fetchone()
                seq = int(row[0]) + 1
                self.db.execute(
                    "INSERT INTO entries (game, seq, line, crc) VALUES (?, ?, ?, ?)",
                    (game, seq, line, entry_crc(game, seq, line)),
                )
                self.db.execute(
                    "UPDATE games SET length = ?, over = ?, deal = ?, trick = ? WHERE id = ?",
                    (seq, *_position_row(position), game),
                )
                self._outbox(outbox)
        except _FAULTS as exc:
            self._fail(exc)
        return seq

    # -- the club: the kiosk's id, each game's evening, its results on their way ---------------------------

    def _has_club(self) -> bool:
        """Whether the club tables are there (read from the schema, which SQLite has read at open)."""
        if not self._club:
            names = {str(r[0]) for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            self._club = set(CLUB_TABLES) <= names
        return self._club

    def _make_club(self) -> None:
        """Make the club tables, inside the transaction of the first club write."""
        if not self._has_club():
            for statement in CLUB_SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            self._club = True

    def _link(self, game: int, club: ClubLink) -> None:
        self._make_club()
        self.db.execute(
            "INSERT OR REPLACE INTO club_games (game, server, code, evening, evening_name, round, tbl, deals)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (game, club.server, club.code, club.evening, club.evening_name, club.round, club.table, club.deals),
        )

    def _outbox(self, rows: Sequence[Outgoing]) -> None:
        """New results, or new states of results: a result's deal, score and dealer never change once written."""
        if not rows:
            return
        self._make_club()
        self.db.executemany(
            "INSERT INTO club_results (game, seq, deal, score, dealer, state, answer) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game, seq) DO UPDATE SET state = excluded.state, answer = excluded.answer",
            [(r.game, r.seq, r.deal, r.score, r.dealer, r.state, r.answer) for r in rows],
        )

    def _write(self, *statements: tuple[str, tuple[object, ...]]) -> None:
        try:
            with self._transaction():
                self._make_club()
                for sql, params in statements:
                    self.db.execute(sql, params)
        except _FAULTS as exc:
            self._fail(exc)

    def _rows(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """A read of the club tables (none where they are not made yet); a damaged journal is recovered first."""
        for _ in range(2):
            try:
                if not self._has_club():
                    return []
                return [tuple(r) for r in self.db.execute(sql, params).fetchall()]
            except _FAULTS as exc:
                with contextlib.suppress(JournalReplaced):
                    self._fail(exc)
        raise JournalError(f"cannot read the journal {self.path}")

    def setting(self, key: str) -> str | None:
        rows = self._rows("SELECT value FROM settings WHERE key = ?", (key,))
        return str(rows[0][0]) if rows else None

    def set_setting(self, key: str, value: str) -> None:
        self._write(("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)", (key, value)))

    def kiosk_id(self) -> str:
        """The kiosk's own id: random, made once and kept (the club server tells a repeated result by it)."""
        known = self.setting("kiosk")
        if known is None:
            self._write(
                ("INSERT OR IGNORE INTO settings (key, value) VALUES ('kiosk', ?)", (f"k-{secrets.token_hex(8)}",))
            )
            known = self.setting("kiosk")
        assert known is not None
        return known

    def link(self, game: int, club: ClubLink) -> None:
        """Join a game to a club evening, or give its link a new table code or round."""
        try:
            with self._transaction():
                self._link(game, club)
        except _FAULTS as exc:
            self._fail(exc)

    def club_links(self) -> dict[int, ClubLink]:
        """Every game that joined a club evening, by its id."""
        rows = self._rows("SELECT game, server, code, evening, evening_name, round, tbl, deals FROM club_games")
        return {
            int(str(r[0])): ClubLink(
                str(r[1]),
                str(r[2]),
                int(str(r[3])),
                str(r[4]),
                int(str(r[5])),
                int(str(r[6])),
                None if r[7] is None else int(str(r[7])),
            )
            for r in rows
        }

    def club_results(self, game: int | None = None, unsent: bool = False) -> list[Outgoing]:
        """The results for the club server (of one game; or only those waiting or refused), in each game's order."""
        where = []
        params: tuple[object, ...] = ()
        if game is not None:
            where.append("game = ?")
            params = (game,)
        if unsent:
            where.append("state IN ('waiting', 'refused')")
        clause = f"WHERE {' AND '.join(where)}" if where else ""
        rows = self._rows(
            f"SELECT game, seq, deal, score, dealer, state, answer FROM club_results {clause} ORDER BY game, seq",
            params,
        )
        return [
            Outgoing(
                int(str(r[0])),
                int(str(r[1])),
                int(str(r[2])),
                str(r[3]),
                None if r[4] is None else int(str(r[4])),
                str(r[5]),
                str(r[6]),
            )
            for r in rows
        ]

    def club_update(self, rows: Sequence[Outgoing]) -> None:
        """Write results for the club server, or their new states (what the server answered), in one transaction."""
        if not rows:
            return
        try:
            with self._transaction():
                self._outbox(rows)
        except _FAULTS as exc:
            self._fail(exc)

    def set_position(self, game: int, position: Position) -> None:
        """Write where a game stands (for a game from a version-1 journal, replayed once)."""
        try:
            with self._transaction():
                self.db.execute(
                    "UPDATE games SET over = ?, deal = ?, trick = ? WHERE id = ?", (*_position_row(position), game)
                )
        except _FAULTS as exc:
            self._fail(exc)

    def entries(self, game: int) -> list[str]:
        """The game's entries, each checked against its checksum and the game's length; a damaged journal is
        recovered first (see ``notice``)."""
        for _ in range(2):
            try:
                rows = self.db.execute("SELECT seq, line, crc FROM entries WHERE game = ? ORDER BY seq", (game,))
                read = [tuple(r) for r in rows.fetchall()]
                length = self.db.execute("SELECT length FROM games WHERE id = ?", (game,)).fetchone()
                problem = _entries_problem(game, read, length[0] if length else None)
                if problem is not None:
                    raise _Damaged(f"database disk image is malformed ({problem})")
                return [str(r[1]) for r in read]
            except _FAULTS as exc:
                with contextlib.suppress(JournalReplaced):
                    self._fail(exc)
        raise JournalError(f"cannot read the journal {self.path}")

    def games(self, unfinished: bool = False) -> list[GameInfo]:
        """Every game (or those not over, or not known to be over), from the games table alone."""
        where = " WHERE over IS NOT 1" if unfinished else ""
        for _ in range(2):
            try:
                rows = self.db.execute(
                    f"SELECT id, ruleset, names, length, over, deal, trick FROM games{where} ORDER BY id"
                ).fetchall()
                return [
                    GameInfo(
                        int(r[0]), str(r[1]), str(r[2]), int(r[3]), None if r[4] is None else bool(r[4]), r[5], r[6]
                    )
                    for r in rows
                ]
            except _FAULTS as exc:
                with contextlib.suppress(JournalReplaced):
                    self._fail(exc)
        raise JournalError(f"cannot read the journal {self.path}")


def _over(value: object) -> bool | None:
    return None if value is None else bool(value)


def _quick_check(db: sqlite3.Connection) -> str | None:
    """SQLite's check of the whole file's structure: its first problem, or None."""
    check = db.execute("PRAGMA quick_check").fetchone()
    if check and check[0] != "ok":  # its first problem ("*** in database main ***" heads a list)
        said = [x for x in str(check[0]).splitlines() if not x.startswith("***")]
        return said[0] if said else str(check[0])
    return None


def _checkpoint(db: sqlite3.Connection) -> None:
    """Copy the -wal into the main file and empty it (a reader still using it only defers this to the next time)."""
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchone()


def default_path() -> Path:
    """The journal in the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("trickbook") / "kiosk.sqlite3"
