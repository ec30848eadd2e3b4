"""The club server's storage: one schema for SQLite and PostgreSQL (SQLAlchemy Core).

Nothing is ever deleted or changed in place: a correction or a void is a new
row of ``result_changes`` that names the result it changes, a revoked table
code a row of ``code_revocations``, a new organiser password a new row of
``organiser_passwords`` (the latest counts); every row says who and when.
Refusals go to ``audit`` with organiser actions. Every statement is built by
SQLAlchemy, so what a client sends reaches SQL only as bound parameters.

The schema is created and upgraded by Alembic (``club/migrations``), run by
:meth:`Store.upgrade` when the server starts.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import secrets
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from .notation import Score, read_score
from .tally import Deal, Refusal

__all__ = [
    "ChangeNote",
    "Claim",
    "CodeCheck",
    "Evening",
    "Late",
    "Posted",
    "ResultRow",
    "Snapshot",
    "Store",
    "StoreError",
    "Version",
    "database_url",
    "default_path",
    "metadata",
]

# An evening's newest result, change, round, late result and decision on one (0: none): see Store.version.
Version = tuple[int, int, int, int, int]

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
metadata = sa.MetaData(naming_convention=NAMING)
When = sa.DateTime(timezone=True)


def _id() -> sa.Column[int]:
    return sa.Column("id", sa.Integer, primary_key=True)


def _fk(name: str, target: str, nullable: bool = False) -> sa.Column[int]:
    return sa.Column(name, sa.Integer, sa.ForeignKey(f"{target}.id"), nullable=nullable)


organiser_passwords = sa.Table(
    "organiser_passwords",
    metadata,
    _id(),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("set_at", When, nullable=False),
    sa.Column("set_by", sa.String(120), nullable=False),
)
settings = sa.Table(
    "settings",
    metadata,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.String(200), nullable=False),
)
evenings = sa.Table(
    "evenings",
    metadata,
    _id(),
    sa.Column("name", sa.String(120), nullable=False),
    sa.Column("ruleset", sa.String(80), nullable=False),
    sa.Column("players_per_table", sa.Integer, nullable=False),
    sa.Column("rounds", sa.Integer, nullable=False),
    sa.Column("deals_per_round", sa.Integer, nullable=True),
    sa.Column("sitout_points", sa.Integer, nullable=True),  # NULL: the round's average (migration 0002)
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("created_at", When, nullable=False),
    sa.Column("created_by", sa.String(120), nullable=False),
)
players = sa.Table(
    "players",
    metadata,
    _id(),
    _fk("evening_id", "evenings"),
    sa.Column("position", sa.Integer, nullable=False),
    sa.Column("name", sa.String(60), nullable=False),
    sa.UniqueConstraint("evening_id", "name"),
    sa.UniqueConstraint("evening_id", "position"),
)
club_tables = sa.Table(
    "club_tables",
    metadata,
    _id(),
    _fk("evening_id", "evenings"),
    sa.Column("number", sa.Integer, nullable=False),
    sa.UniqueConstraint("evening_id", "number"),
)
rounds = sa.Table(
    "rounds",
    metadata,
    _id(),
    _fk("evening_id", "evenings"),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seed", sa.String(80), nullable=False),
    sa.Column("drawn_at", When, nullable=False),
    sa.Column("drawn_by", sa.String(120), nullable=False),
    sa.UniqueConstraint("evening_id", "number"),
)
seats = sa.Table(
    "seats",
    metadata,
    _id(),
    _fk("round_id", "rounds"),
    _fk("player_id", "players"),
    _fk("table_id", "club_tables", nullable=True),  # NULL: sits this round out
    sa.Column("seat", sa.Integer, nullable=True),
    sa.UniqueConstraint("round_id", "player_id"),
    sa.UniqueConstraint("round_id", "table_id", "seat"),
)
table_codes = sa.Table(
    "table_codes",
    metadata,
    _id(),
    _fk("table_id", "club_tables"),
    sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("hint", sa.String(8), nullable=False),
    sa.Column("issued_at", When, nullable=False),
    sa.Column("issued_by", sa.String(120), nullable=False),
)
code_revocations = sa.Table(
    "code_revocations",
    metadata,
    _id(),
    sa.Column("code_id", sa.Integer, sa.ForeignKey("table_codes.id"), nullable=False, unique=True),
    sa.Column("revoked_at", When, nullable=False),
    sa.Column("revoked_by", sa.String(120), nullable=False),
)
results = sa.Table(
    "results",
    metadata,
    _id(),
    _fk("round_id", "rounds"),
    _fk("table_id", "club_tables"),
    sa.Column("deal", sa.Integer, nullable=False),
    sa.Column("kiosk", sa.String(64), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("seq", sa.BigInteger, nullable=False),
    sa.Column("dealer", sa.Integer, nullable=True),
    sa.Column("score", sa.String(400), nullable=False),  # the quick-score notation, as read
    _fk("code_id", "table_codes"),
    sa.Column("received_at", When, nullable=False),
    sa.UniqueConstraint("kiosk", "game", "seq"),
    sa.UniqueConstraint("round_id", "table_id", "deal"),
)
result_changes = sa.Table(
    "result_changes",
    metadata,
    _id(),
    _fk("result_id", "results"),
    sa.Column("action", sa.String(10), nullable=False),  # "correct" or "void"
    sa.Column("score", sa.String(400), nullable=True),  # the corrected result; NULL for a void
    sa.Column("reason", sa.String(200), nullable=False),
    sa.Column("changed_at", When, nullable=False),
    sa.Column("changed_by", sa.String(120), nullable=False),
    sa.CheckConstraint("action IN ('correct', 'void')", name="action"),
)
# A result that arrived for a round already over (migration 0003): kept for the organiser, who accepts it
# into its round (a row of ``results`` is made then, and ``late_decisions`` names it) or rejects it.
late_results = sa.Table(
    "late_results",
    metadata,
    _id(),
    _fk("round_id", "rounds"),
    _fk("table_id", "club_tables"),
    sa.Column("deal", sa.Integer, nullable=False),
    sa.Column("kiosk", sa.String(64), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("seq", sa.BigInteger, nullable=False),
    sa.Column("dealer", sa.Integer, nullable=True),
    sa.Column("score", sa.String(400), nullable=False),
    _fk("code_id", "table_codes"),
    sa.Column("received_at", When, nullable=False),
    sa.UniqueConstraint("kiosk", "game", "seq"),
)
late_decisions = sa.Table(
    "late_decisions",
    metadata,
    _id(),
    sa.Column("late_id", sa.Integer, sa.ForeignKey("late_results.id"), nullable=False, unique=True),
    sa.Column("action", sa.String(10), nullable=False),  # "accept" or "reject"
    _fk("result_id", "results", nullable=True),  # the result an accepted one became
    sa.Column("reason", sa.String(200), nullable=False),
    sa.Column("decided_at", When, nullable=False),
    sa.Column("decided_by", sa.String(120), nullable=False),
    sa.CheckConstraint("action IN ('accept', 'reject')", name="action"),
)
audit = sa.Table(
    "audit",
    metadata,
    _id(),
    sa.Column("at", When, nullable=False),
    sa.Column("event", sa.String(40), nullable=False),
    sa.Column("status", sa.Integer, nullable=True),
    sa.Column("who", sa.String(120), nullable=False),
    sa.Column("evening_id", sa.Integer, sa.ForeignKey("evenings.id"), nullable=True),
    sa.Column("table_number", sa.Integer, nullable=True),
    sa.Column("detail", sa.String(500), nullable=False),
)


class StoreError(ValueError):
    """The database cannot be used as asked; the message says why in one line."""


def default_path() -> Path:
    """The club's SQLite file in the user's data folder (beside the kiosk's journal)."""
    from platformdirs import user_data_path

    return user_data_path("trickbook") / "club.sqlite3"


def database_url(text: str | None) -> str:
    """A SQLAlchemy URL from ``--db``: a URL as given, a file path as SQLite, nothing as the default file."""
    if text is None:
        return f"sqlite:///{default_path()}"
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _utc(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


# -- table codes ---------------------------------------------------------------------


def new_code() -> str:
    """A random 128-bit table code in groups of four letters and digits: ``K7QF-2M9X-...``."""
    text = base64.b32encode(secrets.token_bytes(16)).decode("ascii").rstrip("=")
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))


def code_hash(code: str) -> str:
    """SHA-256 of a code as typed, dashes, spaces and case ignored (codes are random: no salt needed)."""
    normal = "".join(code.split()).replace("-", "").upper()
    return hashlib.sha256(normal.encode("utf-8")).hexdigest()


# -- what the store hands out ----------------------------------------------------------


@dataclass(frozen=True)
class Evening:
    id: int
    name: str
    ruleset: str
    players_per_table: int
    rounds: int
    deals_per_round: int | None
    sitout_points: int | None  # a round sat out scores this; None: the average of the round's players
    seed: int
    created_at: dt.datetime
    created_by: str
    players: tuple[str, ...] = ()
    tables: int = 0
    current_round: int = 0  # 0: no round drawn yet


@dataclass(frozen=True)
class CodeCheck:
    """Whose a presented table code is: the table and evening, and whether it was revoked."""

    code_id: int
    evening_id: int
    table_id: int
    table: int
    revoked: bool


@dataclass(frozen=True)
class Claim:
    """A deal's result as a kiosk posts it."""

    kiosk: str
    game: str
    seq: int
    round: int
    table: int
    deal: int
    score: Score
    dealer: int | None = None


@dataclass(frozen=True)
class Posted:
    status: str  # "stored" or "already stored"; "kept" or "already kept" (a late result: see Late)
    result_id: int  # the result's id (a late one's: its id among the late results)
    deal: int
    scores: tuple[int, ...] = ()  # the table's running scores after the deal (stored now only)
    round: int = 0  # a late result's round ...
    current: int = 0  # ... and the round the evening plays now


@dataclass(frozen=True)
class Late:
    """A result that arrived for a round already over, and what the organiser decided (None: not yet)."""

    id: int
    round: int
    table: int
    deal: int
    kiosk: str
    game: str
    seq: int
    score: str
    dealer: int | None
    received_at: dt.datetime
    action: str | None = None  # "accept" or "reject"
    reason: str = ""
    decided_at: dt.datetime | None = None
    decided_by: str = ""


@dataclass(frozen=True)
class Change:
    action: str
    score: str | None
    reason: str
    at: dt.datetime
    by: str


@dataclass(frozen=True)
class ResultRow:
    """A stored result, its current state and every change made to it."""

    id: int
    round: int
    table: int
    deal: int
    kiosk: str
    game: str
    seq: int
    score: str  # as received
    received_at: dt.datetime
    changes: tuple[Change, ...] = ()
    dealer: int | None = None

    def notes(self) -> tuple[ChangeNote, ...]:
        """Its changes as the board says them."""
        return tuple(
            ChangeNote(self.id, self.round, self.table, self.deal, c.action, c.score, c.reason, c.at, c.by)
            for c in self.changes
        )

    @property
    def current(self) -> str | None:
        """The result as it now counts; None if voided."""
        if not self.changes:
            return self.score
        last = self.changes[-1]
        return None if last.action == "void" else last.score


@dataclass(frozen=True)
class ChangeNote:
    """A correction or a void as the board shows it: which deal, what, why, by whom and when."""

    result_id: int
    round: int
    table: int
    deal: int
    action: str  # "correct" or "void"
    score: str | None  # the corrected result; None for a void
    reason: str
    at: dt.datetime
    by: str


@dataclass(frozen=True)
class RoundSnap:
    number: int
    seed: str
    tables: dict[int, tuple[str, ...]]  # table number -> player names by seat
    sitting_out: tuple[str, ...]
    deals: dict[int, tuple[Deal, ...]]  # table number -> its deals as they now stand
    late: dict[int, int] = field(default_factory=dict)  # table number -> late results the organiser has to decide


@dataclass(frozen=True)
class Snapshot:
    """An evening and everything standings are computed from."""

    evening: Evening
    rounds: tuple[RoundSnap, ...] = field(default_factory=tuple)
    changes: tuple[ChangeNote, ...] = ()  # newest first
    results: int = 0  # results stored
    last_at: dt.datetime | None = None  # when the newest result or change came


def _deal_of(number: int, score: str | None, dealer: int | None) -> Deal:
    return Deal(number, None if score is None else read_score(score), dealer)


# -- the store ----------------------------------------------------------------------------


class Store:
    """An evening's storage in one database; every method is one transaction."""

    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = sa.make_url(url)
        self.engine = _engine(self.url, echo)
        self.sqlite = self.url.get_backend_name() == "sqlite"

    def close(self) -> None:
        self.engine.dispose()

    def upgrade(self, to: str = "head") -> None:
        """Create or upgrade the schema to the newest migration, or to revision ``to`` (Alembic, in-process)."""
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", "club:migrations")
        with self.engine.begin() as conn:
            config.attributes["connection"] = conn
            command.upgrade(config, to)

    def revision(self) -> str | None:
        from alembic.runtime.migration import MigrationContext

        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.connect().execution_options(club_read=True) as conn:
            yield conn

    # -- the organiser's password and the session secret -------------------------------

    def password_hash(self) -> tuple[int, str] | None:
        """The current organiser password's row id and argon2 hash, or None before the first is set."""
        with self._read() as conn:
            row = conn.execute(
                sa.select(organiser_passwords.c.id, organiser_passwords.c.password_hash)
                .order_by(organiser_passwords.c.id.desc())
                .limit(1)
            ).first()
        return None if row is None else (int(row.id), str(row.password_hash))

    def set_password_hash(self, hashed: str, by: str) -> None:
        with self._write() as conn:
            conn.execute(organiser_passwords.insert().values(password_hash=hashed, set_at=now(), set_by=by))
            _log(conn, "password-set", None, by, None, None, "the organiser password was set")

    def secret(self) -> str:
        """The key that signs session cookies: made once, kept in the database so sessions outlive a restart."""
        with self._write() as conn:
            row = conn.execute(sa.select(settings.c.value).where(settings.c.key == "session-secret")).first()
            if row is not None:
                return str(row.value)
            value = secrets.token_urlsafe(48)
            conn.execute(settings.insert().values(key="session-secret", value=value))
            return value

    # -- evenings -------------------------------------------------------------------------

    def create_evening(
        self,
        *,
        name: str,
        ruleset: str,
        players_per_table: int,
        rounds_count: int,
        names: list[str],
        sitout_points: int | None,
        deals_per_round: int | None,
        seed: int,
        by: str,
    ) -> int:
        tables = len(names) // players_per_table
        with self._write() as conn:
            evening_id = int(
                conn.execute(
                    evenings.insert()
                    .values(
                        name=name,
                        ruleset=ruleset,
                        players_per_table=players_per_table,
                        rounds=rounds_count,
                        deals_per_round=deals_per_round,
                        sitout_points=sitout_points,
                        seed=seed,
                        created_at=now(),
                        created_by=by,
                    )
                    .returning(evenings.c.id)
                ).scalar_one()
            )
            conn.execute(
                players.insert(), [{"evening_id": evening_id, "position": i, "name": n} for i, n in enumerate(names)]
            )
            conn.execute(club_tables.insert(), [{"evening_id": evening_id, "number": t} for t in range(1, tables + 1)])
            _log(conn, "evening-created", None, by, evening_id, None, f"{name} ({ruleset}, {len(names)} players)")
        return evening_id

    def evenings(self) -> list[Evening]:
        with self._read() as conn:
            ids = conn.execute(sa.select(evenings.c.id).order_by(evenings.c.id.desc())).scalars().all()
            return [e for i in ids if (e := _evening(conn, int(i))) is not None]

    def evening(self, evening_id: int) -> Evening | None:
        with self._read() as conn:
            return _evening(conn, evening_id)

    def draw_round(
        self,
        evening_id: int,
        seating: Callable[[Evening, int, dict[str, int]], tuple[str, list[list[str]], list[str]]],
        by: str,
    ) -> int:
        """Draw the next round's seats: ``seating(evening, number, sat_out_before)`` gives
        ``(seed, tables, sitting_out)`` with ``tables`` a list of name lists by seat."""
        with self._write() as conn:
            _lock_evening(conn, evening_id)
            evening = _evening(conn, evening_id)
            if evening is None:
                raise StoreError(f"there is no evening {evening_id}")
            number = evening.current_round + 1
            if number > evening.rounds:
                raise StoreError(f"the evening has {evening.rounds} rounds, all drawn")
            counted = conn.execute(
                sa.select(players.c.name, sa.func.count(seats.c.id))
                .select_from(players.join(seats, seats.c.player_id == players.c.id))
                .join(rounds, rounds.c.id == seats.c.round_id)
                .where(rounds.c.evening_id == evening_id, seats.c.table_id.is_(None))
                .group_by(players.c.name)
            ).all()
            sat_out = {str(name): int(n) for name, n in counted}
            seed, tables, sitting_out = seating(evening, number, sat_out)
            round_id = int(
                conn.execute(
                    rounds.insert()
                    .values(evening_id=evening_id, number=number, seed=seed, drawn_at=now(), drawn_by=by)
                    .returning(rounds.c.id)
                ).scalar_one()
            )
            player_ids = _player_ids(conn, evening_id)
            table_ids = _table_ids(conn, evening_id)
            rows: list[dict[str, int | None]] = [
                {"round_id": round_id, "player_id": player_ids[n], "table_id": table_ids[t], "seat": s}
                for t, names in enumerate(tables, start=1)
                for s, n in enumerate(names)
            ]
            rows += [
                {"round_id": round_id, "player_id": player_ids[n], "table_id": None, "seat": None} for n in sitting_out
            ]
            conn.execute(seats.insert(), rows)
            _log(conn, "round-drawn", None, by, evening_id, None, f"round {number}, seed {seed}")
        return number

    # -- table codes -------------------------------------------------------------------------

    def issue_code(self, evening_id: int, table: int, by: str) -> str:
        """A new code for a table (earlier codes of the table are revoked); the plain code is shown once."""
        code = new_code()
        with self._write() as conn:
            table_id = _table_ids(conn, evening_id).get(table)
            if table_id is None:
                raise StoreError(f"there is no table {table}")
            for old in _live_codes(conn, table_id):
                conn.execute(code_revocations.insert().values(code_id=old, revoked_at=now(), revoked_by=by))
            conn.execute(
                table_codes.insert().values(
                    table_id=table_id, code_hash=code_hash(code), hint=code[:4], issued_at=now(), issued_by=by
                )
            )
            _log(conn, "code-issued", None, by, evening_id, table, f"code {code[:4]}… for table {table}")
        return code

    def revoke_code(self, evening_id: int, table: int, by: str) -> int:
        """Revoke every live code of a table; how many were revoked."""
        with self._write() as conn:
            table_id = _table_ids(conn, evening_id).get(table)
            if table_id is None:
                raise StoreError(f"there is no table {table}")
            live = _live_codes(conn, table_id)
            for code_id in live:
                conn.execute(code_revocations.insert().values(code_id=code_id, revoked_at=now(), revoked_by=by))
            _log(conn, "code-revoked", None, by, evening_id, table, f"{len(live)} code(s) of table {table} revoked")
        return len(live)

    def codes(self, evening_id: int) -> dict[int, tuple[str, bool]]:
        """Per table, its newest code's hint and whether it is live."""
        with self._read() as conn:
            rows = conn.execute(
                sa.select(club_tables.c.number, table_codes.c.hint, code_revocations.c.id.label("revoked"))
                .select_from(
                    table_codes.join(club_tables, club_tables.c.id == table_codes.c.table_id).outerjoin(
                        code_revocations, code_revocations.c.code_id == table_codes.c.id
                    )
                )
                .where(club_tables.c.evening_id == evening_id)
                .order_by(table_codes.c.id)
            ).all()
        return {int(r.number): (str(r.hint), r.revoked is None) for r in rows}

    def check_code(self, code: str) -> CodeCheck | None:
        """Whose a presented code is (None: no code of ours); compared in constant time."""
        digest = code_hash(code)
        with self._read() as conn:
            row = conn.execute(
                sa.select(
                    table_codes.c.id,
                    table_codes.c.code_hash,
                    club_tables.c.id.label("table_id"),
                    club_tables.c.number,
                    club_tables.c.evening_id,
                    code_revocations.c.id.label("revoked"),
                )
                .select_from(
                    table_codes.join(club_tables, club_tables.c.id == table_codes.c.table_id).outerjoin(
                        code_revocations, code_revocations.c.code_id == table_codes.c.id
                    )
                )
                .where(table_codes.c.code_hash == digest)
            ).first()
        if row is None or not hmac.compare_digest(str(row.code_hash), digest):
            return None
        return CodeCheck(int(row.id), int(row.evening_id), int(row.table_id), int(row.number), row.revoked is not None)

    # -- results ------------------------------------------------------------------------------

    def post_result(
        self, code: CodeCheck, claim: Claim, check: Callable[[list[Deal], Deal], tuple[int, ...]]
    ) -> Posted:
        """Store a kiosk's result once: a repeat of (kiosk, game, seq) is answered as already stored.

        ``check(deals so far, new deal)`` replays the table's game and raises a refusal
        (:class:`club.tally.Refusal` or the referee's ``ResultError``) or gives the running scores.
        """
        for attempt in (1, 2):
            try:
                with self._write() as conn:
                    return _post(conn, code, claim, check)
            except IntegrityError:
                # Another request stored the same result (or deal) between our check and insert.
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def table_deals(self, evening_id: int, round_number: int, table: int) -> list[Deal]:
        with self._read() as conn:
            round_id = _round_id(conn, evening_id, round_number)
            table_id = _table_ids(conn, evening_id).get(table)
            if round_id is None or table_id is None:
                return []
            return _deals(conn, round_id, table_id)

    def results(self, evening_id: int) -> list[ResultRow]:
        with self._read() as conn:
            return _result_rows(conn, evening_id)

    def change_result(
        self,
        evening_id: int,
        result_id: int,
        score: Score | None,
        reason: str,
        by: str,
        check: Callable[[list[Deal]], object],
    ) -> ResultRow:
        """Correct (``score``) or void (None) a result; ``check`` replays the table's deals as they would stand."""
        with self._write() as conn:
            row = conn.execute(
                sa.select(results.c.id, results.c.round_id, results.c.table_id, results.c.deal, club_tables.c.number)
                .join(club_tables, club_tables.c.id == results.c.table_id)
                .where(results.c.id == result_id, club_tables.c.evening_id == evening_id)
            ).first()
            if row is None:
                raise StoreError(f"there is no result {result_id} in this evening")
            _lock_table(conn, int(row.table_id))
            deals = _deals(conn, int(row.round_id), int(row.table_id))
            new = [Deal(d.number, score, d.dealer) if d.number == int(row.deal) else d for d in deals]
            check(new)
            action = "void" if score is None else "correct"
            conn.execute(
                result_changes.insert().values(
                    result_id=result_id,
                    action=action,
                    score=None if score is None else score.text(),
                    reason=reason,
                    changed_at=now(),
                    changed_by=by,
                )
            )
            detail = f"result {result_id} (deal {row.deal}) {action}" + ("" if score is None else f": {score.text()}")
            _log(conn, f"result-{action}", None, by, evening_id, int(row.number), f"{detail}; {reason}")
            return next(r for r in _result_rows(conn, evening_id) if r.id == result_id)

    # -- late results -------------------------------------------------------------------------

    def late(self, evening_id: int) -> list[Late]:
        """Every late result of an evening, oldest first, with the organiser's decision where made."""
        with self._read() as conn:
            rows = conn.execute(
                sa.select(
                    late_results,
                    rounds.c.number.label("round_number"),
                    club_tables.c.number.label("table_number"),
                    late_decisions.c.action,
                    late_decisions.c.reason,
                    late_decisions.c.decided_at,
                    late_decisions.c.decided_by,
                )
                .join(rounds, rounds.c.id == late_results.c.round_id)
                .join(club_tables, club_tables.c.id == late_results.c.table_id)
                .outerjoin(late_decisions, late_decisions.c.late_id == late_results.c.id)
                .where(rounds.c.evening_id == evening_id)
                .order_by(late_results.c.id)
            ).all()
        return [
            Late(
                **_received(r),
                action=None if r.action is None else str(r.action),
                reason="" if r.reason is None else str(r.reason),
                decided_at=None if r.decided_at is None else _utc(r.decided_at),
                decided_by="" if r.decided_by is None else str(r.decided_by),
            )
            for r in rows
        ]

    def decide_late(
        self,
        evening_id: int,
        late_id: int,
        accept: bool,
        reason: str,
        by: str,
        check: Callable[[list[Deal]], object],
    ) -> None:
        """Accept a late result into its round (a result is stored, as if it had come in time: ``check``
        replays the table's deals with it) or reject it; either way the decision is a row of its own."""
        with self._write() as conn:
            row = conn.execute(
                sa.select(late_results, rounds.c.number.label("round_number"), club_tables.c.number.label("table"))
                .join(rounds, rounds.c.id == late_results.c.round_id)
                .join(club_tables, club_tables.c.id == late_results.c.table_id)
                .where(late_results.c.id == late_id, rounds.c.evening_id == evening_id)
            ).first()
            if row is None:
                raise StoreError(f"there is no late result {late_id} in this evening")
            _lock_table(conn, int(row.table_id))
            if conn.execute(sa.select(late_decisions.c.id).where(late_decisions.c.late_id == late_id)).first():
                raise Refusal("decided", f"late result {late_id} is already decided", 409)
            result_id = None
            if accept:
                deals = _deals(conn, int(row.round_id), int(row.table_id))
                dealer = None if row.dealer is None else int(row.dealer)
                check([*deals, Deal(int(row.deal), read_score(str(row.score)), dealer)])
                result_id = conn.execute(
                    results.insert()
                    .values(
                        round_id=row.round_id,
                        table_id=row.table_id,
                        deal=row.deal,
                        kiosk=row.kiosk,
                        game=row.game,
                        seq=row.seq,
                        dealer=row.dealer,
                        score=row.score,
                        code_id=row.code_id,
                        received_at=row.received_at,
                    )
                    .returning(results.c.id)
                ).scalar_one()
            action = "accept" if accept else "reject"
            conn.execute(
                late_decisions.insert().values(
                    late_id=late_id,
                    action=action,
                    result_id=result_id,
                    reason=reason,
                    decided_at=now(),
                    decided_by=by,
                )
            )
            detail = f"late result {late_id} (round {row.round_number}, deal {row.deal}: {row.score}) {action}ed"
            _log(conn, f"late-{action}", None, by, evening_id, int(row.table), f"{detail}; {reason}")

    # -- the audit log ------------------------------------------------------------------------

    def log(
        self, event: str, status: int | None, who: str, evening_id: int | None, table: int | None, detail: str
    ) -> None:
        with self._write() as conn:
            _log(conn, event, status, who, evening_id, table, detail)

    def audit(self, evening_id: int | None = None, limit: int = 200) -> list[dict[str, Any]]:
        """The newest audit entries (of one evening, with the refusals that named no evening)."""
        query = sa.select(audit).order_by(audit.c.id.desc()).limit(limit)
        if evening_id is not None:
            query = query.where(sa.or_(audit.c.evening_id == evening_id, audit.c.evening_id.is_(None)))
        with self._read() as conn:
            return [dict(r._mapping) | {"at": _utc(r.at)} for r in conn.execute(query)]

    # -- what standings and kiosks read --------------------------------------------------------

    def version(self, evening_id: int) -> Version:
        """The ids of an evening's newest result, change, round, late result and decision on one: they grow
        with every write the board shows.

        Nothing is deleted or updated in place, so equal versions mean equal standings (a cache key);
        five index lookups, cheap enough to ask on every request.
        """

        def newest(table: sa.Table, *path: tuple[sa.Table, sa.ColumnElement[bool]]) -> sa.ScalarSelect[Any]:
            """The evening's newest row of ``table``, reached from its round through ``path``'s joins."""
            query = sa.select(sa.func.max(table.c.id))
            for joined, on in path:
                query = query.join(joined, on)
            return query.where(rounds.c.evening_id == evening_id).scalar_subquery()

        to_round = (rounds, rounds.c.id == results.c.round_id)
        late_to_round = (rounds, rounds.c.id == late_results.c.round_id)
        parts = (
            newest(results, to_round),
            newest(result_changes, (results, results.c.id == result_changes.c.result_id), to_round),
            newest(rounds),
            newest(late_results, late_to_round),
            newest(late_decisions, (late_results, late_results.c.id == late_decisions.c.late_id), late_to_round),
        )
        with self._read() as conn:
            row = conn.execute(sa.select(*parts)).one()
        return (int(row[0] or 0), int(row[1] or 0), int(row[2] or 0), int(row[3] or 0), int(row[4] or 0))

    def snapshot(self, evening_id: int) -> Snapshot | None:
        """Everything the standings of an evening are computed from, read in one transaction (a few queries)."""
        with self._read() as conn:
            evening = _evening(conn, evening_id)
            if evening is None:
                return None
            seating = _evening_seating(conn, evening_id)
            of_evening = rounds.c.evening_id == evening_id
            rows = conn.execute(  # only what standings need: no times to read row by row
                sa.select(
                    results.c.id,
                    rounds.c.number.label("round_number"),
                    club_tables.c.number.label("table_number"),
                    results.c.deal,
                    results.c.score,
                    results.c.dealer,
                )
                .join(rounds, rounds.c.id == results.c.round_id)
                .join(club_tables, club_tables.c.id == results.c.table_id)
                .where(of_evening)
                .order_by(rounds.c.number, club_tables.c.number, results.c.deal)
            ).all()
            newest = conn.execute(
                sa.select(sa.func.max(results.c.received_at))
                .join(rounds, rounds.c.id == results.c.round_id)
                .where(of_evening)
            ).scalar_one()
            ids = sa.select(results.c.id).join(rounds, rounds.c.id == results.c.round_id).where(of_evening)
            changes = _changes(conn, ids)
            deals: dict[tuple[int, int], list[Deal]] = {}
            notes: list[ChangeNote] = []
            times = [] if newest is None else [_utc(newest)]
            for row in rows:
                score: str | None = str(row.score)
                for c in changes.get(int(row.id), ()):
                    notes.append(
                        ChangeNote(
                            int(row.id),
                            int(row.round_number),
                            int(row.table_number),
                            int(row.deal),
                            c.action,
                            c.score,
                            c.reason,
                            c.at,
                            c.by,
                        )
                    )
                    times.append(c.at)
                    score = None if c.action == "void" else c.score
                dealer = None if row.dealer is None else int(row.dealer)
                key = (int(row.round_number), int(row.table_number))
                deals.setdefault(key, []).append(_deal_of(int(row.deal), score, dealer))
            waiting: dict[int, dict[int, int]] = {}  # round id -> table number -> late results undecided
            for w in conn.execute(
                sa.select(late_results.c.round_id, club_tables.c.number, sa.func.count())
                .select_from(_undecided())
                .join(club_tables, club_tables.c.id == late_results.c.table_id)
                .where(club_tables.c.evening_id == evening_id, late_decisions.c.id.is_(None))
                .group_by(late_results.c.round_id, club_tables.c.number)
            ):
                waiting.setdefault(int(w[0]), {})[int(w[1])] = int(w[2])
            snaps = []
            for r in conn.execute(
                sa.select(rounds.c.id, rounds.c.number, rounds.c.seed)
                .where(rounds.c.evening_id == evening_id)
                .order_by(rounds.c.number)
            ):
                number = int(r.number)
                tables, sitting_out = seating.get(int(r.id), ({}, ()))
                by_table = {t: tuple(deals.get((number, t), ())) for t in tables}
                late = waiting.get(int(r.id), {})
                snaps.append(RoundSnap(number, str(r.seed), tables, sitting_out, by_table, late))
            notes.sort(key=lambda n: n.at, reverse=True)
            return Snapshot(evening, tuple(snaps), tuple(notes), len(rows), max(times, default=None))

    def seating(self, evening_id: int, round_number: int) -> tuple[dict[int, tuple[str, ...]], tuple[str, ...]]:
        with self._read() as conn:
            round_id = _round_id(conn, evening_id, round_number)
            return ({}, ()) if round_id is None else _seating(conn, round_id)


# -- in a transaction --------------------------------------------------------------------------


def _engine(url: sa.URL, echo: bool) -> Engine:
    backend = url.get_backend_name()
    if backend == "sqlite":
        if url.database in (None, "", ":memory:"):
            raise StoreError("give SQLite a file: an in-memory database would be lost at the end")
        Path(url.database).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, echo=echo, connect_args={"timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None  # SQLAlchemy says BEGIN itself, below
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        @sa.event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            # A write takes SQLite's write lock at once, so two writers queue
            # (busy_timeout) instead of one failing when it upgrades its lock.
            conn.exec_driver_sql("BEGIN" if conn.get_execution_options().get("club_read") else "BEGIN IMMEDIATE")

        return engine
    if backend == "postgresql":
        if url.get_driver_name() != "psycopg":
            raise StoreError("use the psycopg driver: postgresql+psycopg://USER@HOST/DATABASE")
        return sa.create_engine(url, echo=echo, pool_pre_ping=True, pool_size=10, max_overflow=20)
    raise StoreError(f"the club server keeps its data in SQLite or PostgreSQL, not {backend}")


def _log(
    conn: Connection, event: str, status: int | None, who: str, evening_id: int | None, table: int | None, detail: str
) -> None:
    conn.execute(
        audit.insert().values(
            at=now(),
            event=event[:40],
            status=status,
            who=who[:120],
            evening_id=evening_id,
            table_number=table,
            detail=detail[:500],
        )
    )


def _lock_evening(conn: Connection, evening_id: int) -> None:
    conn.execute(sa.select(evenings.c.id).where(evenings.c.id == evening_id).with_for_update())


def _lock_table(conn: Connection, table_id: int) -> None:
    conn.execute(sa.select(club_tables.c.id).where(club_tables.c.id == table_id).with_for_update())


def _evening(conn: Connection, evening_id: int) -> Evening | None:
    row = conn.execute(sa.select(evenings).where(evenings.c.id == evening_id)).first()
    if row is None:
        return None
    names = conn.execute(
        sa.select(players.c.name).where(players.c.evening_id == evening_id).order_by(players.c.position)
    ).scalars()
    tables = conn.execute(
        sa.select(sa.func.count()).select_from(club_tables).where(club_tables.c.evening_id == evening_id)
    ).scalar_one()
    current = conn.execute(
        sa.select(sa.func.max(rounds.c.number)).where(rounds.c.evening_id == evening_id)
    ).scalar_one()
    return Evening(
        id=int(row.id),
        name=str(row.name),
        ruleset=str(row.ruleset),
        players_per_table=int(row.players_per_table),
        rounds=int(row.rounds),
        deals_per_round=None if row.deals_per_round is None else int(row.deals_per_round),
        sitout_points=None if row.sitout_points is None else int(row.sitout_points),
        seed=int(row.seed),
        created_at=_utc(row.created_at),
        created_by=str(row.created_by),
        players=tuple(str(n) for n in names),
        tables=int(tables),
        current_round=int(current or 0),
    )


def _player_ids(conn: Connection, evening_id: int) -> dict[str, int]:
    rows = conn.execute(sa.select(players.c.name, players.c.id).where(players.c.evening_id == evening_id))
    return {str(r.name): int(r.id) for r in rows}


def _table_ids(conn: Connection, evening_id: int) -> dict[int, int]:
    return {n: i for i, n in _table_numbers(conn, evening_id).items()}


def _table_numbers(conn: Connection, evening_id: int) -> dict[int, int]:
    rows = conn.execute(sa.select(club_tables.c.id, club_tables.c.number).where(club_tables.c.evening_id == evening_id))
    return {int(r.id): int(r.number) for r in rows}


def _round_id(conn: Connection, evening_id: int, number: int) -> int | None:
    value = conn.execute(
        sa.select(rounds.c.id).where(rounds.c.evening_id == evening_id, rounds.c.number == number)
    ).scalar_one_or_none()
    return None if value is None else int(value)


def _live_codes(conn: Connection, table_id: int) -> list[int]:
    rows = conn.execute(
        sa.select(table_codes.c.id)
        .outerjoin(code_revocations, code_revocations.c.code_id == table_codes.c.id)
        .where(table_codes.c.table_id == table_id, code_revocations.c.id.is_(None))
    )
    return [int(i) for i in rows.scalars()]


def _seating(conn: Connection, round_id: int) -> tuple[dict[int, tuple[str, ...]], tuple[str, ...]]:
    return _seats_where(conn, seats.c.round_id == round_id).get(round_id, ({}, ()))


def _evening_seating(
    conn: Connection, evening_id: int
) -> dict[int, tuple[dict[int, tuple[str, ...]], tuple[str, ...]]]:
    """Every round's seating of an evening, by the round's id, in one query."""
    return _seats_where(conn, seats.c.round_id.in_(sa.select(rounds.c.id).where(rounds.c.evening_id == evening_id)))


def _seats_where(
    conn: Connection, where: sa.ColumnElement[bool]
) -> dict[int, tuple[dict[int, tuple[str, ...]], tuple[str, ...]]]:
    """Per round id: the names at each table by seat, and those who sit out."""
    rows = conn.execute(
        sa.select(seats.c.round_id, players.c.name, club_tables.c.number, seats.c.seat)
        .select_from(seats.join(players, players.c.id == seats.c.player_id))
        .outerjoin(club_tables, club_tables.c.id == seats.c.table_id)
        .where(where)
        .order_by(seats.c.round_id, club_tables.c.number, seats.c.seat, players.c.position)
    ).all()
    tables: dict[int, dict[int, list[str]]] = {}
    out: dict[int, list[str]] = {}
    for r in rows:
        round_id = int(r.round_id)
        tables.setdefault(round_id, {})
        out.setdefault(round_id, [])
        if r.number is None:
            out[round_id].append(str(r.name))
        else:
            tables[round_id].setdefault(int(r.number), []).append(str(r.name))
    return {
        i: ({t: tuple(names) for t, names in sorted(by_table.items())}, tuple(out[i])) for i, by_table in tables.items()
    }


def _changes(conn: Connection, result_ids: list[int] | sa.Select[Any]) -> dict[int, list[Change]]:
    """The changes of the given results (ids, or a query of them), oldest first."""
    out: dict[int, list[Change]] = {}
    if isinstance(result_ids, list) and not result_ids:
        return out
    rows = conn.execute(
        sa.select(result_changes).where(result_changes.c.result_id.in_(result_ids)).order_by(result_changes.c.id)
    )
    for r in rows:
        out.setdefault(int(r.result_id), []).append(
            Change(str(r.action), r.score, str(r.reason), _utc(r.changed_at), str(r.changed_by))
        )
    return out


def _deals(conn: Connection, round_id: int, table_id: int) -> list[Deal]:
    """A table's deals in a round as they now stand: corrections and voids applied."""
    rows = conn.execute(
        sa.select(results.c.id, results.c.deal, results.c.score, results.c.dealer)
        .where(results.c.round_id == round_id, results.c.table_id == table_id)
        .order_by(results.c.deal)
    ).all()
    changes = _changes(conn, [int(r.id) for r in rows])
    deals = []
    for r in rows:
        score: str | None = str(r.score)
        if int(r.id) in changes:
            last = changes[int(r.id)][-1]
            score = None if last.action == "void" else last.score
        deals.append(_deal_of(int(r.deal), score, None if r.dealer is None else int(r.dealer)))
    return deals


def _received(r: sa.Row[Any]) -> dict[str, Any]:
    """A result as a kiosk sent it (a row of ``results`` or ``late_results``, with its round and table numbers)."""
    return {
        "id": int(r.id),
        "round": int(r.round_number),
        "table": int(r.table_number),
        "deal": int(r.deal),
        "kiosk": str(r.kiosk),
        "game": str(r.game),
        "seq": int(r.seq),
        "score": str(r.score),
        "received_at": _utc(r.received_at),
        "dealer": None if r.dealer is None else int(r.dealer),
    }


def _result_rows(conn: Connection, evening_id: int) -> list[ResultRow]:
    of_evening = rounds.c.evening_id == evening_id
    rows = conn.execute(
        sa.select(results, rounds.c.number.label("round_number"), club_tables.c.number.label("table_number"))
        .join(rounds, rounds.c.id == results.c.round_id)
        .join(club_tables, club_tables.c.id == results.c.table_id)
        .where(of_evening)
        .order_by(rounds.c.number, club_tables.c.number, results.c.deal)
    ).all()
    ids = sa.select(results.c.id).join(rounds, rounds.c.id == results.c.round_id).where(of_evening)
    changes = _changes(conn, ids)
    return [ResultRow(**_received(r), changes=tuple(changes.get(int(r.id), ()))) for r in rows]


def _post(
    conn: Connection, code: CodeCheck, claim: Claim, check: Callable[[list[Deal], Deal], tuple[int, ...]]
) -> Posted:
    _lock_table(conn, code.table_id)
    seen = conn.execute(
        sa.select(results, rounds.c.number.label("round_number"), club_tables.c.number.label("table_number"))
        .join(rounds, rounds.c.id == results.c.round_id)
        .join(club_tables, club_tables.c.id == results.c.table_id)
        .where(results.c.kiosk == claim.kiosk, results.c.game == claim.game, results.c.seq == claim.seq)
    ).first()
    if seen is not None:
        if not _same(seen, code, claim):
            raise Refusal(
                "seq-reused",
                f"entry {claim.seq} of this kiosk's game {claim.game} was stored with another result",
                409,
                seq=claim.seq,
            )
        return Posted("already stored", int(seen.id), int(seen.deal))
    current = conn.execute(
        sa.select(sa.func.max(rounds.c.number)).where(rounds.c.evening_id == code.evening_id)
    ).scalar_one()
    current = int(current or 0)
    kept = conn.execute(
        sa.select(late_results, rounds.c.number.label("round_number"), club_tables.c.number.label("table_number"))
        .join(rounds, rounds.c.id == late_results.c.round_id)
        .join(club_tables, club_tables.c.id == late_results.c.table_id)
        .where(late_results.c.kiosk == claim.kiosk, late_results.c.game == claim.game, late_results.c.seq == claim.seq)
    ).first()
    if kept is not None:
        if not _same(kept, code, claim):
            raise Refusal(
                "seq-reused",
                f"entry {claim.seq} of this kiosk's game {claim.game} was kept with another result",
                409,
                seq=claim.seq,
            )
        return Posted("already kept", int(kept.id), int(kept.deal), round=claim.round, current=current)
    if claim.round > current or current == 0:
        if current == 0:
            raise Refusal("no-round", "no round has been drawn yet", 403)
        raise Refusal("future-round", f"round {claim.round} has not been drawn: this is round {current}", 403)
    # A round over (the next one drawn while this table still played) keeps its results for the organiser.
    late = claim.round < current
    round_id = _round_id(conn, code.evening_id, claim.round)
    assert round_id is not None
    seated = conn.execute(
        sa.select(seats.c.id).where(seats.c.round_id == round_id, seats.c.table_id == code.table_id).limit(1)
    ).first()
    if seated is None:
        raise Refusal("no-seats", f"nobody plays at table {claim.table} this round", 403)
    deals = _deals(conn, round_id, code.table_id)
    if late:  # the late results kept before it come first: the table sends its deals in order
        deals += _late_deals(conn, round_id, code.table_id)
    if claim.deal <= len(deals):
        raise Refusal(
            "deal-stored",
            f"deal {claim.deal} of table {claim.table} in round {claim.round} is already stored; "
            "the organiser can correct it",
            409,
            deal=claim.deal,
        )
    scores = check(deals, Deal(claim.deal, claim.score, claim.dealer))
    values = {
        "round_id": round_id,
        "table_id": code.table_id,
        "deal": claim.deal,
        "kiosk": claim.kiosk,
        "game": claim.game,
        "seq": claim.seq,
        "dealer": claim.dealer,
        "score": claim.score.text(),
        "code_id": code.code_id,
        "received_at": now(),
    }
    if late:
        late_id = conn.execute(late_results.insert().values(values).returning(late_results.c.id)).scalar_one()
        detail = f"deal {claim.deal} of round {claim.round} ({claim.score.text()}) kept: round {claim.round} is over"
        _log(conn, "result-late", 202, f"kiosk {claim.kiosk}", code.evening_id, code.table, detail)
        return Posted("kept", int(late_id), claim.deal, round=claim.round, current=current)
    result_id = conn.execute(results.insert().values(values).returning(results.c.id)).scalar_one()
    return Posted("stored", int(result_id), claim.deal, scores)


def _same(seen: sa.Row[Any], code: CodeCheck, claim: Claim) -> bool:
    """Whether a stored (or kept) row is the claim sent again: same table of the same evening, round, deal, result."""
    return (
        int(seen.table_id) == code.table_id
        and int(seen.round_number) == claim.round
        and int(seen.table_number) == claim.table
        and int(seen.deal) == claim.deal
        and str(seen.score) == claim.score.text()
        and (None if seen.dealer is None else int(seen.dealer)) == claim.dealer
    )


def _undecided() -> sa.FromClause:
    """Late results the organiser has not decided yet."""
    return late_results.outerjoin(late_decisions, late_decisions.c.late_id == late_results.c.id)


def _late_deals(conn: Connection, round_id: int, table_id: int) -> list[Deal]:
    """A table's late results in a round that wait for the organiser, in deal order."""
    rows = conn.execute(
        sa.select(late_results.c.deal, late_results.c.score, late_results.c.dealer)
        .select_from(_undecided())
        .where(
            late_results.c.round_id == round_id,
            late_results.c.table_id == table_id,
            late_decisions.c.id.is_(None),
        )
        .order_by(late_results.c.deal)
    ).all()
    return [_deal_of(int(r.deal), str(r.score), None if r.dealer is None else int(r.dealer)) for r in rows]
