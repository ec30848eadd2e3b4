"""``trickbook club serve`` as a real uvicorn process, on SQLite and on a real PostgreSQL.

Many kiosks post at once from threads, each result twice (a kiosk that
re-sends what it had no answer for): every result is stored exactly once.
The command's refusals (no password, a database it cannot use) are one line.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import sqlalchemy as sa
from conftest_pg import free_port, migrated_db_url, migrated_postgres, migrated_sqlite, postgres  # noqa: F401  (fixtures)
from test_club import evening

from club import store as schema
from club.app import tag
from club.store import Store

COMMAND = [sys.executable, "-m", "trickbook", "club"]
PASSWORD = "correct horse battery"
HEARTS = ["0 13 5 8", "26 0 0 0", "1 2 10 13", "13 13 0 0", "5 5 8 8", "0 0 13 13"]


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    # Warnings (a stale compiled engine) would stand beside the one line the command writes.
    clean = {k: v for k, v in os.environ.items() if k != "TRICKBOOK_CLUB_PASSWORD"} | {"PYTHONWARNINGS": "ignore"}
    return subprocess.run(
        [*COMMAND, *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={**clean, **(env or {})},
        stdin=subprocess.DEVNULL,
    )


@contextmanager
def serving(db: str, password_file: Path, *more: str) -> Iterator[str]:
    """``trickbook club serve`` on a free port (with ``more`` options), its address once it answers."""
    port = free_port()
    proc = subprocess.Popen(
        [*COMMAND, "serve", "--db", db, "--port", str(port), "--password-file", str(password_file), *more],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                _, err = proc.communicate(timeout=5)
                pytest.fail(f"the club server did not start: {err.decode(errors='replace')[-800:]}")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_results_posted_at_once_are_each_stored_once(migrated_db_url: str, tmp_path: Path) -> None:  # noqa: F811
    db_url = migrated_db_url
    store = Store(db_url)
    eid, codes = evening(store, [f"P{i:02}" for i in range(32)], rounds=1, seed=3)
    assert len(codes) == 8
    (tmp_path / "pw").write_text(PASSWORD + "\n")

    def kiosk(base: str, table: int) -> list[int]:
        statuses = []
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {codes[table]}"}, timeout=30) as c:
            for deal, score in enumerate(HEARTS, start=1):
                body = {"kiosk": f"k{table}", "game": "1", "seq": deal, "round": 1, "table": table, "deal": deal}
                statuses.append(c.post("/api/results", json={**body, "score": score}).status_code)
        return statuses

    with serving(db_url, tmp_path / "pw") as base, ThreadPoolExecutor(max_workers=16) as pool:
        # Each table's kiosk and a twin re-sending the same entries, all 16 at once.
        runs = list(pool.map(lambda t: kiosk(base, t), [t for t in codes for _ in (1, 2)]))
        board = httpx.get(f"{base}/api/evenings/{eid}/standings", timeout=10).json()
    statuses = Counter(s for r in runs for s in r)
    assert statuses == {201: 8 * len(HEARTS), 200: 8 * len(HEARTS)}, statuses
    with store.engine.connect() as conn:
        rows = conn.execute(sa.select(schema.results.c.table_id, schema.results.c.deal)).all()
    assert len(rows) == len(set(rows)) == 8 * len(HEARTS)
    expected = [sum(int(s.split()[seat]) for s in HEARTS) for seat in range(4)]
    assert all(t["scores"] == expected and t["deals"] == len(HEARTS) for t in board["rounds"][0]["tables"])
    store.close()


def next_event(lines: Iterator[str], patience: float = 20.0) -> dict[str, str]:
    """The next server-sent event of a stream (its id, name and data), past comments (keep-alives)."""
    deadline = time.monotonic() + patience
    fields: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in fields:
                return fields
            fields = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(": ")
            fields[name] = fields[name] + "\n" + value if name == "data" and name in fields else value
        if time.monotonic() > deadline:
            break
    pytest.fail(f"no event within {patience} s")


def test_open_boards_hear_each_result_live(migrated_db_url: str, tmp_path: Path) -> None:  # noqa: F811
    db_url = migrated_db_url
    store = Store(db_url)
    eid, codes = evening(store, ["Ann", "Ben", "Cat", "Dan"], rounds=1)
    code = codes[1]
    seats = store.seating(eid, 1)[0][1]
    (tmp_path / "pw").write_text(PASSWORD + "\n")
    auth = {"Authorization": f"Bearer {code}"}

    def result(deal: int, score: str) -> dict[str, object]:
        return {"kiosk": "k", "game": "1", "seq": deal, "round": 1, "table": 1, "deal": deal, "score": score}

    with serving(db_url, tmp_path / "pw") as base:
        with httpx.stream("GET", f"{base}/evenings/{eid}/live?lang=en", timeout=30) as events:
            assert events.headers["content-type"].startswith("text/event-stream")
            lines = events.iter_lines()
            opening = next_event(lines)  # a board that opens hears the standings as they are
            assert opening["event"] == "update" and opening["id"] == tag(store.version(eid))
            assert httpx.post(f"{base}/api/results", json=result(1, "0 13 5 8"), headers=auth).status_code == 201
            news = next_event(lines)
            assert news["id"] == tag(store.version(eid)) != opening["id"]
            assert f'<bdi>{seats[1]}</bdi> <span class="score">13</span>' in news["data"]
        # A board that comes back with the version it shows hears only what is newer.
        with httpx.stream("GET", f"{base}/evenings/{eid}/live?since={news['id']}", timeout=30) as events:
            lines = events.iter_lines()
            assert httpx.post(f"{base}/api/results", json=result(2, "26 0 0 0"), headers=auth).status_code == 201
            later = next_event(lines)
            assert (
                later["id"] == tag(store.version(eid))
                and f'<bdi>{seats[0]}</bdi> <span class="score">26</span>' in later["data"]
            )
    store.close()


def test_serve_refuses_in_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "club.sqlite3")
    no_password = run("serve", "--db", db, "--port", str(free_port()))
    assert no_password.returncode == 1
    assert no_password.stderr.strip() == (
        "Error: set the organiser password first: --password-file FILE or the environment variable "
        "TRICKBOOK_CLUB_PASSWORD"
    )
    short = run("password", "--db", db, env={"TRICKBOOK_CLUB_PASSWORD": "short"})
    assert short.returncode == 1 and short.stderr.strip() == "Error: the organiser password needs at least 8 characters"
    assert run("password", "--db", db, env={"TRICKBOOK_CLUB_PASSWORD": PASSWORD}).returncode == 0
    assert Store(f"sqlite:///{db}").password_hash() is not None
    for url, says in [
        ("mysql://x@localhost/club", "Error: the club server keeps its data in SQLite or PostgreSQL, not mysql"),
        ("postgresql+pg8000://x@/club", "Error: use the psycopg driver: postgresql+psycopg://USER@HOST/DATABASE"),
        (f"postgresql+psycopg://x@/club?host={tmp_path}&port=1", "Error: cannot open the database: connection"),
    ]:
        refused = run("migrate", "--db", url)
        assert refused.returncode == 1 and refused.stderr.startswith(says), refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1 and "Traceback" not in refused.stderr
    migrated = run("migrate", "--db", db)
    assert migrated.stdout.strip() == "schema at revision 0003"
    # A port another program holds: one line, and no line before it saying the server is there.
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        busy = run("serve", "--db", db, "--port", port, env={"TRICKBOOK_CLUB_PASSWORD": PASSWORD})
    assert busy.returncode == 1 and busy.stdout == ""
    assert busy.stderr.strip() == f"Error: cannot listen on 127.0.0.1:{port}: Address already in use"


def test_wrong_table_codes_from_one_address_wait_whatever_it_says_it_forwards(tmp_path: Path) -> None:
    from club.app import CODE_TRIES

    password = tmp_path / "pw"
    password.write_text(PASSWORD + "\n")
    db = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    with serving(db, password) as base, httpx.Client(base_url=base, timeout=10) as client:
        statuses = Counter()
        for i in range(3 * CODE_TRIES):  # each from "another address", as a proxy would say: not believed
            headers = {"Authorization": f"Bearer AAAA-{i:04}", "X-Forwarded-For": f"10.9.0.{i}"}
            statuses[client.post("/api/results", json={}, headers=headers).status_code] += 1
    assert statuses == {401: CODE_TRIES, 429: 2 * CODE_TRIES}
    store = Store(db)
    with store.engine.connect() as conn:
        refused = sa.select(schema.audit.c.who).where(schema.audit.c.event.like("refused%"))
        who = set(conn.execute(refused).scalars())
    store.close()
    assert who == {"127.0.0.1"}
