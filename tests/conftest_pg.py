"""A real PostgreSQL for the club server's tests, and the ``db_url`` fixture over SQLite and PostgreSQL.

The session's first test that needs PostgreSQL starts one from Debian's
``postgresql`` package (``/usr/lib/postgresql/*/bin``, found at run time):
``initdb`` into a temporary folder, then ``pg_ctl start`` listening only on a
unix socket in that folder, on a free port. As root (CI), the server runs as
the ``postgres`` user the package creates, since PostgreSQL refuses to run as
root. Each test gets a database of its own. Without the binaries the tests
fail, naming ``.ci/run``, which installs the package.

Import the fixtures into a test module: ``from conftest_pg import db_url, postgres  # noqa: F401``.
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

    def create_database(self, name: str) -> str:
        import psycopg
        from psycopg import sql

        with psycopg.connect(
            host=str(self.socket_dir), port=self.port, user=self.user, dbname="postgres", autocommit=True
        ) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {} TEMPLATE template0").format(sql.Identifier(name)))
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


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind: a SQLite file, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'club.sqlite3'}"
    server: Postgres = request.getfixturevalue("postgres")
    return server.create_database(f"club_{os.getpid()}_{next(_numbers)}")
