"""The kiosk's journal: every entry committed to SQLite before it is acknowledged.

WAL mode with ``synchronous=FULL``: when :meth:`Journal.append` returns, the
entry survives a power cut. A game is its list of entries (undo and redo are
entries too; nothing is ever deleted), so resuming is replaying them.

A file that is not a Trickbook journal (another program's database, a
damaged file) is never written to: it is renamed aside with a clear message
and a fresh journal takes its place.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

APPLICATION_ID = 0x54424B31  # "TBK1"
SCHEMA_VERSION = 1
SQLITE_HEADER = b"SQLite format 3\x00"

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    ruleset TEXT NOT NULL,
    names TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
"""


class _Newer(sqlite3.DatabaseError):
    """A journal written by a newer kiosk: kept aside, untouched."""


class JournalError(RuntimeError):
    """The journal cannot be used; the message says what and where."""


@dataclass(frozen=True)
class GameInfo:
    id: int
    ruleset: str
    names: str
    entries: int
    over: bool = False


def _is_ours(path: Path) -> str | None:
    """None if ``path`` is a usable journal (or absent/empty); else why not."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    with path.open("rb") as f:
        head = f.read(100)
    if not head.startswith(SQLITE_HEADER):
        return "not a database"
    if len(head) < 100:
        return "a damaged database"
    app_id = int.from_bytes(head[68:72], "big")
    if app_id == APPLICATION_ID:
        return None
    if app_id == 0:
        # The header may not show our id yet: a journal whose id still sits in
        # its -wal file, or an empty database. Ask SQLite, read-only.
        shm = path.with_name(path.name + "-shm")
        had_shm = shm.exists()
        try:
            db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
            try:
                real_id = db.execute("PRAGMA application_id").fetchone()[0]
                tables = db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]
            finally:
                db.close()
        except sqlite3.DatabaseError:
            return "a damaged database"
        finally:
            if not had_shm and shm.exists():
                shm.unlink()  # the probe leaves nothing behind next to a file it may not own
        if real_id == APPLICATION_ID or (real_id == 0 and tables == 0):
            return None
    return "a database of another program"


def _set_aside(path: Path, why: str) -> Path:
    """Rename a file we must not touch (and its WAL files) to a free name."""
    n = 1
    while True:
        aside = path.with_name(f"{path.name}.{why}-{n}")
        if not aside.exists():
            break
        n += 1
    path.rename(aside)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.rename(aside.with_name(aside.name + suffix))
    return aside


class Journal:
    """Games and their entries in one SQLite file."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path) if str(path) != ":memory:" else None
        self.notice: str | None = None
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            problem = _is_ours(self.path)
            if problem:
                aside = _set_aside(self.path, "foreign" if "another" in problem or "not a" in problem else "damaged")
                self.notice = f"{self.path} is {problem}: kept as {aside.name}; started a new journal"
        try:
            self.db = self._open()
        except sqlite3.DatabaseError as exc:
            if self.path is None:
                raise JournalError(f"cannot open the journal: {exc}") from None
            newer = isinstance(exc, _Newer)
            aside = _set_aside(self.path, "newer" if newer else "damaged")
            what = "from a newer kiosk" if newer else "damaged"
            self.notice = f"{self.path} is {what} ({exc}): kept as {aside.name}; started a new journal"
            self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path) if self.path else ":memory:", isolation_level=None)
        try:
            # Read-only checks first: a file we refuse is never written to.
            check = db.execute("PRAGMA quick_check").fetchone()
            if check and check[0] != "ok":
                raise sqlite3.DatabaseError(str(check[0]).splitlines()[0].strip("* "))
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise _Newer(f"journal version {version} is newer than this kiosk")
            # The id goes into the main file before WAL mode, so the header shows
            # it at once (in WAL mode it would wait in the -wal file for a checkpoint).
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def close(self) -> None:
        self.db.close()

    def new_game(self, ruleset: str, names: str) -> int:
        with self.db:  # one transaction, committed (and synced) on exit
            cur = self.db.execute("INSERT INTO games (ruleset, names) VALUES (?, ?)", (ruleset, names))
        assert cur.lastrowid is not None
        return cur.lastrowid

    def append(self, game: int, line: str) -> int:
        """Commit one entry; return its sequence number. Durable when this returns."""
        with self.db:
            row = self.db.execute("SELECT COALESCE(MAX(seq), 0) FROM entries WHERE game = ?", (game,)).fetchone()
            seq = int(row[0]) + 1
            self.db.execute("INSERT INTO entries (game, seq, line) VALUES (?, ?, ?)", (game, seq, line))
        return seq

    def entries(self, game: int) -> list[str]:
        rows = self.db.execute("SELECT line FROM entries WHERE game = ? ORDER BY seq", (game,)).fetchall()
        return [str(r[0]) for r in rows]

    def games(self) -> list[GameInfo]:
        rows = self.db.execute(
            "SELECT g.id, g.ruleset, g.names, COUNT(e.seq) FROM games g LEFT JOIN entries e ON e.game = g.id "
            "GROUP BY g.id ORDER BY g.id"
        ).fetchall()
        return [GameInfo(int(r[0]), str(r[1]), str(r[2]), int(r[3])) for r in rows]


def default_path() -> Path:
    """The journal in the user's data directory."""
    from platformdirs import user_data_path

    return user_data_path("trickbook") / "kiosk.sqlite3"
