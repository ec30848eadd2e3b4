"""The club server under load on loopback: results accepted a second, and the standings board's p95 with 100 viewers.

Run: ``.venv/bin/python bench/club.py [--db URL | --postgres] [--kiosks 40] [--viewers 100] [--pages 20]``
(``make bench-club``).

It starts the real ``trickbook club serve`` (uvicorn, one process) on a fresh SQLite file (or the
database ``--db`` names, or with ``--postgres`` a PostgreSQL of its own in a temporary folder, as the
tests start one) and loads it from this process over loopback. The evening: ``--kiosks`` tables of
Hearts (four players each, and two who sit out), five rounds of eight deals, each table's deals
played beforehand by the referee's bots. Every kiosk and every viewer keeps one HTTP/1.1 connection
open, as a kiosk and a browser do; the requests are written by a small client of this file's own
(a request written whole, the answer read by its Content-Length), so that the client's own work,
on the same machine, weighs as little as it can on the figures.

(a) Results: every kiosk posts its table's deals in order, all kiosks at once, round after round
    (rounds 1 to 4; the next round is drawn when every table has sent its own): results accepted a
    second, and each post's latency. Beside them, the reference: as many clients fetching a small
    static file (``/static/club.css``, Starlette's StaticFiles on the same uvicorn) as many times:
    requests a second, and the ratio.
(b) The board: ``--viewers`` viewers each load the standings board (gzip, as browsers take it),
    ``--pages`` times one after the other: p50/p95/p99 of a page on the quiet board after round 4,
    board and static file taken in turns, twice each; then while the kiosks post round 5 (each
    result is a new version of the standings), and the static file while as many results arrive
    for another evening. The ratio of each p95 to the static file's.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from club.draw import seat_round  # noqa: E402
from club.store import Store  # noqa: E402
from referee import Game, load_ruleset  # noqa: E402
from referee.bots import choose  # noqa: E402

ROUNDS = 5
DEALS = 8
PASSWORD = "correct horse battery"
STATIC = "/static/club.css"


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class BenchError(RuntimeError):
    pass


class Connection:
    """One kept-alive HTTP/1.1 connection to the server: a request at a time, its answer read whole."""

    reopened = 0  # connections the server had closed when a request went out: opened again, request sent again

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Accept-Encoding: gzip"]
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body:
            head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        message = ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                assert self.reader is not None
                self.writer.write(message)
                answer = await self.reader.readuntil(b"\r\n\r\n")
                lines = answer.decode("latin-1").split("\r\n")
                status = int(lines[0].split()[1])
                fields = {
                    k.strip().lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:] if line)
                }
                content = await self.reader.readexactly(int(fields.get("content-length", "0")))
                if fields.get("connection", "").lower() == "close":
                    self.close()
                return status, content
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                self.close()  # the server closed a kept-alive connection as the request went out
                Connection.reopened += 1
                if attempt == 2:
                    raise BenchError(f"{method} {path}: {exc!r}") from None
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def timed(
    conn: Connection, times: list[float], method: str, path: str, body: bytes = b"", **headers: str
) -> None:
    started = time.perf_counter()
    status, content = await conn.request(method, path, body, headers)
    times.append(time.perf_counter() - started)
    if status not in (200, 201):
        raise BenchError(f"{method} {path}: {status} {content[:300]!r}")


def deals_of(table: int, number: int) -> list[str]:
    """A table's deals in a round, played by the bots (fewer where the game ends first)."""
    rules = load_ruleset("hearts")
    game = Game(rules, 4, seed=table * 1000 + number, dealer=0)
    rng = random.Random(table * 1000 + number)
    out: list[str] = []
    while not game.is_over and len(out) < DEALS:
        deal = game.new_deal()
        while deal.phase != "done":
            deal.apply(choose(deal, rng))
        game.finish_deal(deal)
        out.append(" ".join(map(str, deal.points())))
    return out


class Evening:
    """An evening of ``kiosks`` tables, every kiosk with its own connection and its deals played beforehand."""

    def __init__(self, store: Store, port: int, kiosks: int) -> None:
        self.store = store
        names = [f"Player {i:03}" for i in range(kiosks * 4 + 2)]
        self.id = store.create_evening(
            name="Bench",
            ruleset="hearts",
            players_per_table=4,
            rounds_count=ROUNDS,
            names=names,
            sitout_points=13,
            deals_per_round=DEALS,
            seed=1,
            by="bench",
        )
        self.tables = list(range(1, kiosks + 1))
        self.codes = {t: store.issue_code(self.id, t, "bench") for t in self.tables}
        self.kiosks = {t: Connection(port) for t in self.tables}
        self.deals = {(t, r): deals_of(t, r) for t in self.tables for r in range(1, ROUNDS + 1)}

    async def post_round(self, number: int, times: list[float]) -> int:
        """Round ``number`` drawn, then every kiosk posts its deals in order, all at once; how many were stored."""
        self.store.draw_round(self.id, seat_round, "bench")

        async def kiosk(table: int) -> None:
            for deal, score in enumerate(self.deals[(table, number)], start=1):
                kiosk_id = f"e{self.id}-k{table}"
                body = {"kiosk": kiosk_id, "game": f"r{number}", "seq": deal, "round": number, "table": table}
                data = json.dumps({**body, "deal": deal, "score": score}).encode()
                await timed(
                    self.kiosks[table], times, "POST", "/api/results", data, Authorization=f"Bearer {self.codes[table]}"
                )

        await asyncio.gather(*(kiosk(t) for t in self.tables))
        return sum(len(self.deals[(t, number)]) for t in self.tables)


async def fetch_many(
    port: int, path: str, users: int, each: int, times: list[float], until: asyncio.Future[Any] | None = None
) -> float:
    """``users`` clients, each on its own connection, fetching ``path`` ``each`` times one after the other
    (and on, until ``until`` is done)."""

    async def user() -> None:
        conn = Connection(port)
        done = 0
        while done < each or (until is not None and not until.done()):
            await timed(conn, times, "GET", path)
            done += 1
        conn.close()

    started = time.perf_counter()
    await asyncio.gather(*(user() for _ in range(users)))
    return time.perf_counter() - started


async def during(port: int, path: str, users: int, each: int, times: list[float], posting: Awaitable[int]) -> int:
    """Fetch ``path`` as ``fetch_many`` does while ``posting`` runs, and on until it is done; what it stored."""
    task = asyncio.ensure_future(posting)
    await fetch_many(port, path, users, each, times, until=task)
    return await task


def at(times: list[float], q: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def figures(times: list[float]) -> str:
    return f"p50 {at(times, 0.50):.1f} ms, p95 {at(times, 0.95):.1f} ms, p99 {at(times, 0.99):.1f} ms"


async def bench(port: int, store: Store, kiosks: int, viewers: int, pages: int) -> None:
    evening = Evening(store, port, kiosks)
    await fetch_many(port, STATIC, 4, 5, [])  # the server warmed up
    # (a) results accepted a second, beside a static file fetched as often by as many
    posts: list[float] = []
    started = time.perf_counter()
    stored = 0
    for number in range(1, ROUNDS):
        stored += await evening.post_round(number, posts)
    posting = time.perf_counter() - started
    static: list[float] = []
    static_wall = await fetch_many(port, STATIC, kiosks, max(1, stored // kiosks), static)
    rate, static_rate = stored / posting, len(static) / static_wall
    print(f"(a) results: {stored} by {kiosks} kiosks at once in {posting:.1f} s: {rate:.0f} a second")
    print(f"    each post: {figures(posts)}")
    print(f"    static file, {kiosks} clients: {static_rate:.0f} a second ({figures(static)})")
    print(f"    results a second / static files a second: {rate / static_rate:.2f}")
    # (b) the board with many viewers: quiet (board and static file in turns), then while results arrive
    board = f"/evenings/{evening.id}/board"
    _, page = await Connection(port).request("GET", board)  # the standings made once
    _, css = await Connection(port).request("GET", STATIC)
    sizes = f"{len(gzip.decompress(page)) / 1024:.0f} KiB, {len(page) / 1024:.0f} KiB in gzip"
    quiet: list[float] = []
    quiet_static: list[float] = []
    for _ in range(2):
        await fetch_many(port, board, viewers, pages, quiet)
        await fetch_many(port, STATIC, viewers, pages, quiet_static)
    print(f"(b) the board of {len(evening.tables) * 4 + 2} players after {ROUNDS - 1} rounds ({sizes}; the static file")
    print(f"    {len(css) / 1024:.1f} KiB), {viewers} viewers, {pages} pages each:")
    print(f"    quiet: {figures(quiet)}")
    print(f"    static file, quiet: {figures(quiet_static)}")
    print(f"    p95 board / p95 static file: {at(quiet, 0.95) / at(quiet_static, 0.95):.2f}")
    busy: list[float] = []
    posted = await during(port, board, viewers, pages, busy, evening.post_round(ROUNDS, []))
    busy_static: list[float] = []
    other = Evening(store, port, kiosks)  # another evening's round arrives while the static file is fetched
    other_posted = await during(port, STATIC, viewers, pages, busy_static, other.post_round(1, []))
    print(f"    while {kiosks} kiosks post round {ROUNDS} ({posted} results): {figures(busy)}")
    print(f"    static file, while {kiosks} kiosks post {other_posted} results: {figures(busy_static)}")
    print(f"    p95 board / p95 static file: {at(busy, 0.95) / at(busy_static, 0.95):.2f}")
    print(f"(kept-alive connections the server had closed, opened again: {Connection.reopened})")


@contextmanager
def serving(db: str, folder: Path) -> Iterator[int]:
    (folder / "pw").write_text(PASSWORD + "\n")
    port = free_port()
    log = (folder / "server.log").open("wb")
    command = [sys.executable, "-m", "trickbook", "club", "serve", "--db", db, "--port", str(port)]
    proc = subprocess.Popen(
        [*command, "--password-file", str(folder / "pw")],
        stdout=log,
        stderr=log,
        stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    try:
        deadline = time.monotonic() + 60

        async def healthy() -> bool:
            try:
                return (await Connection(port).request("GET", "/healthz"))[0] == 200
            except (OSError, BenchError):
                return False

        while not asyncio.run(healthy()):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"the club server did not start: {(folder / 'server.log').read_text()[-800:]}")
            time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        log.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", help="a database URL (default: a fresh SQLite file in a temporary folder)")
    parser.add_argument("--postgres", action="store_true", help="a PostgreSQL of its own in a temporary folder")
    parser.add_argument("--kiosks", type=int, default=40)
    parser.add_argument("--viewers", type=int, default=100)
    parser.add_argument("--pages", type=int, default=20, help="pages each viewer loads, one after the other")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="trickbook-bench-club-") as tmp:
        folder = Path(tmp)
        database: AbstractContextManager[Any] = nullcontext()
        if args.postgres:
            from conftest_pg import temporary_postgres  # type: ignore[import-not-found]

            database = temporary_postgres()
        with database as pg:
            url = pg.create_database("bench") if pg is not None else args.db or f"sqlite:///{folder / 'club.sqlite3'}"
            store = Store(url)
            store.upgrade()
            load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
            print(
                f"club server bench: {store.url.get_backend_name()}, {os.cpu_count()} cores (load average {load}), "
                "loopback, one uvicorn process"
            )
            with serving(url, folder) as port:
                try:
                    asyncio.run(bench(port, store, args.kiosks, args.viewers, args.pages))
                except BenchError as exc:
                    log = (folder / "server.log").read_text(errors="replace")[-2000:]
                    raise SystemExit(f"the bench failed: {exc}; the server's log ends:\n{log}") from None
            store.close()


if __name__ == "__main__":
    main()
