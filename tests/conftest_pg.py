"""A real PostgreSQL for the club server's tests, and the ``db_url`` fixture over SQLite and PostgreSQL.

The session's first test that needs PostgreSQL starts one from Debian's
``postgresql`` package (``/usr/lib/postgresql/*/bin``, found at run time):
``initdb`` into a temporary folder, then ``pg_ctl start`` listening only on a
unix socket in that folder, on a free port. As root (CI), the server runs as
the ``postgres`` user the package creates, since PostgreSQL refuses to run as
root. Each test gets a database of its own. Without the binaries the tests
fail, naming ``.ci/run``, which installs the package.

Import the fixtures into a test module: ``from conftest_pg import db_url, postgres  # noqa: F401``.
``migrated_db_url`` (with ``migrated_sqlite`` and ``migrated_postgres``) is the same with the club's schema
at its newest migration: the migrations run once a session, and each test gets a copy of its own.
``temporary_postgres()`` starts one outside pytest (``bench/club.py --postgres``).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

MISSING = (
    "PostgreSQL's server binaries are not installed (no /usr/lib/postgresql/*/bin/initdb): "
    "install Debian's postgresql package as .ci/run does (apt-get install postgresql)"
)


@dataclass(frozen=True)
class Postgres:
    bin: Path
    socket_dir: Path
    port: int
    user: str = "club"

    def url(self, database: str) -> str:
        return f"postgresql+psycopg://{self.user}@/{database}?host={self.socket_dir}&port={self.port}"

    def create_database(self, name: str, template: str = "template0") -> str:
        """A new database, a copy of ``template`` (PostgreSQL copies its files: no migration runs again)."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(
            host=str(self.socket_dir), port=self.port, user=self.user, dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template))
            )
        return self.url(name)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def server_user() -> str | None:
    """Who runs the server: ourselves, or as root the package's ``postgres`` user (else ``nobody``)."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("postgres").pw_name
    except KeyError:
        return "nobody"


def _as_server_user(argv: list[str]) -> list[str]:
    user = server_user()
    return argv if user is None else ["runuser", "-u", user, "--", *argv]


class PostgresError(RuntimeError):
    """PostgreSQL could not be started; the message says why."""


@contextmanager
def temporary_postgres() -> Iterator[Postgres]:
    """A PostgreSQL of its own in a temporary folder, on a unix socket there, for as long as the block runs.

    Raises :class:`PostgresError` where Debian's binaries are missing or the server does not start.
    """
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    if not found:
        raise PostgresError(MISSING)
    bin_dir = Path(found[-1]).parent
    folder = Path(tempfile.mkdtemp(prefix="trickbook-pg-"))
    try:
        owner = server_user()
        if owner is not None:
            shutil.chown(folder, owner)
        data = folder / "data"
        subprocess.run(
            _as_server_user(
                [
                    str(bin_dir / "initdb"),
                    "-D",
                    str(data),
                    "-U",
                    "club",
                    "--auth=trust",
                    "-E",
                    "UTF8",
                    "--no-locale",
                    "-N",
                ]
            ),
            check=True,
            capture_output=True,
        )
        port = free_port()  # the socket's name carries the port
        options = f"-p {port} -k {folder} -c listen_addresses='' -c fsync=off -c max_connections=200"
        started = subprocess.run(
            _as_server_user(
                [str(bin_dir / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-o", options, "start"]
            ),
            capture_output=True,
            text=True,
        )
        if started.returncode:
            log = (folder / "log").read_text(errors="replace") if (folder / "log").exists() else ""
            raise PostgresError(f"PostgreSQL did not start: {started.stderr.strip()} {log[-500:]}")
        try:
            yield Postgres(bin_dir, folder, port)
        finally:
            subprocess.run(
                _as_server_user([str(bin_dir / "pg_ctl"), "-D", str(data), "-w", "-m", "immediate", "stop"]),
                capture_output=True,
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    try:
        with temporary_postgres() as server:
            yield server
    except PostgresError as exc:
        pytest.fail(str(exc), pytrace=False)


_numbers = itertools.count(1)


def _database_name() -> str:
    return f"club_{os.getpid()}_{next(_numbers)}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'club.sqlite3'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.create_database(_database_name())


def _migrate(url: str) -> None:
    from club.store import Store

    store = Store(url)
    try:
        store.upgrade()
    finally:
        store.close()  # no connection left: PostgreSQL copies a template only while no one is connected


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("migrated") / "club.sqlite3"
    _migrate(f"sqlite:///{path}")
    return path


@pytest.fixture(scope="session")
def migrated_postgres(postgres: Postgres) -> str:
    name = f"club_migrated_{os.getpid()}"
    _migrate(postgres.create_database(name))
    return name


@pytest.fixture(params=["sqlite", "postgresql"])
def migrated_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database of each kind with the club's schema at its newest migration, a database of the test's
    own like :func:`db_url`'s: a copy of a SQLite file, or a PostgreSQL database created from a template that
    was migrated once for the session."""
    if request.param == "sqlite":
        template: Path = request.getfixturevalue("migrated_sqlite")
        path = tmp_path / "club.sqlite3"
        for suffix in ("", "-wal"):  # the file, and a write-ahead log if one was left
            if template.with_name(template.name + suffix).exists():
                shutil.copyfile(template.with_name(template.name + suffix), path.with_name(path.name + suffix))
        return f"sqlite:///{path}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.create_database(_database_name(), template=request.getfixturevalue("migrated_postgres"))
