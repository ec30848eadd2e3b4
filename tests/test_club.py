"""The club server in-process (httpx over ASGI), on SQLite and on a real PostgreSQL alike.

Every test that takes ``store`` runs twice: once on a fresh SQLite file, once
on a fresh database of the PostgreSQL the session starts (``conftest_pg``).
"""

from __future__ import annotations

import asyncio
import csv
import html
import io
import re
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from conftest_pg import db_url, migrated_db_url, migrated_postgres, migrated_sqlite, postgres  # noqa: F401  (fixtures)

from club import store as schema
from club.app import API_LIMIT, create_app, tag
from club.auth import hash_password
from club.cache import Latest, covers
from club.claims import BadBody, read_body, read_claim
from club.draw import draw, seat_round
from club.notation import NotationError, Score, read_score
from club.pages import clock, langs
from club.standings import average
from club.store import Store, Version
from club.tally import Deal, Refusal, finished, record, replay
from referee import load_ruleset
from referee.results import ResultError, check_points

pytestmark = pytest.mark.anyio

PASSWORD = "correct horse battery"
HASH = hash_password(PASSWORD)  # once: argon2 is slow on purpose
HEARTS9 = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida"]
SPADES8 = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def store(migrated_db_url: str) -> Iterator[Store]:  # noqa: F811
    s = Store(migrated_db_url)
    assert s.revision() == "0003"  # migrated (once a session: see test_migrations_upgrade_an_empty_database)
    yield s
    s.close()


@pytest.fixture
async def client(store: Store) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=create_app(store))
    async with httpx.AsyncClient(transport=transport, base_url="http://club.test") as c:
        yield c


def evening(
    store: Store,
    names: list[str] = HEARTS9,
    ruleset: str = "hearts",
    sitout: int | None = 7,
    rounds: int = 2,
    deals: int | None = None,
    seed: int = 11,
) -> tuple[int, dict[int, str]]:
    """An evening of tables of four with round 1 drawn and a code for every table."""
    eid = store.create_evening(
        name="Tuesday",
        ruleset=ruleset,
        players_per_table=4,
        rounds_count=rounds,
        names=names,
        sitout_points=sitout,
        deals_per_round=deals,
        seed=seed,
        by="test",
    )
    store.draw_round(eid, seat_round, "test")
    ev = store.evening(eid)
    assert ev is not None
    return eid, {t: store.issue_code(eid, t, "test") for t in range(1, ev.tables + 1)}


def body(table: int, deal: int, score: str, round: int = 1, seq: int | None = None, **more: Any) -> dict[str, Any]:
    return {
        "kiosk": f"kiosk-{table}",
        "game": "g1",
        "seq": deal if seq is None else seq,
        "round": round,
        "table": table,
        "deal": deal,
        "score": score,
        **more,
    }


async def post(c: httpx.AsyncClient, code: str, data: dict[str, Any]) -> httpx.Response:
    return await c.post("/api/results", json=data, headers={"Authorization": f"Bearer {code}"})


def count(store: Store, table: sa.Table) -> int:
    with store.engine.connect() as conn:
        return int(conn.execute(sa.select(sa.func.count()).select_from(table)).scalar_one())


def words(page: httpx.Response) -> str:
    """A page's text as a reader sees it: tags dropped, entities read, white space folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.text)).split()).replace(" :", ":")


def refusals(store: Store) -> list[tuple[int | None, str]]:
    return [(a["status"], a["detail"]) for a in store.audit() if a["event"] == "refused"]


# -- storage --------------------------------------------------------------------------------


def test_migrations_upgrade_an_empty_database(db_url: str) -> None:  # noqa: F811
    s = Store(db_url)
    assert s.revision() is None
    s.upgrade()
    s.upgrade()  # a second start finds nothing to do
    assert s.revision() == "0003"
    with s.engine.connect() as conn:
        # The migrated schema is exactly the one the code uses.
        assert compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), schema.metadata) == []
        names = set(sa.inspect(conn).get_table_names())
    assert {"evenings", "results", "result_changes", "audit", "table_codes", "code_revocations"} <= names
    s.close()


def test_an_evening_made_before_the_average_rule_keeps_its_fixed_score(db_url: str) -> None:  # noqa: F811
    s = Store(db_url)
    s.upgrade("0001")
    with s.engine.begin() as conn:
        conn.execute(
            schema.evenings.insert().values(
                name="Old", ruleset="hearts", players_per_table=4, rounds=1, deals_per_round=None,
                sitout_points=5, seed=1, created_at=schema.now(), created_by="test",
            )
        )  # fmt: skip
    s.upgrade()
    assert s.revision() == "0003"
    old = s.evenings()[0]
    assert old.sitout_points == 5
    new = s.create_evening(
        name="New", ruleset="hearts", players_per_table=4, rounds_count=1, names=HEARTS9[:4],
        sitout_points=None, deals_per_round=None, seed=1, by="test",
    )  # fmt: skip
    made = s.evening(new)
    assert made is not None and made.sitout_points is None
    s.close()


def test_migration_0003_keeps_every_earlier_evening_and_its_results(db_url: str) -> None:  # noqa: F811
    s = Store(db_url)
    s.upgrade("0002")
    eid, codes = evening(s)  # made, drawn and given codes before late results existed
    code = s.check_code(codes[1])
    assert code is not None
    with s.engine.begin() as conn:
        round_id = conn.execute(sa.select(schema.rounds.c.id).where(schema.rounds.c.evening_id == eid)).scalar_one()
        for deal, score in enumerate(["0 13 5 8", "26 0 0 0"], start=1):
            conn.execute(
                schema.results.insert().values(
                    round_id=round_id, table_id=code.table_id, deal=deal, kiosk="k", game="1", seq=deal,
                    dealer=None, score=score, code_id=code.code_id, received_at=schema.now(),
                )
            )  # fmt: skip
    before = s.results(eid)
    s.upgrade()
    assert s.revision() == "0003"
    assert s.results(eid) == before and s.late(eid) == [] and s.evening(eid) is not None
    snap = s.snapshot(eid)
    assert snap is not None and [d.number for d in snap.rounds[0].deals[1]] == [1, 2]
    assert s.version(eid)[:3] == (before[-1].id, 0, round_id) and s.version(eid)[3:] == (0, 0)
    s.close()


def test_the_average_is_rounded_half_away_from_zero() -> None:
    assert [average(v) for v in ([], [1, 2], [2, 2], [1, 1, 2], [1, 2, 2], [-1, -2], [0, 0, 0, 1])] == [
        0, 2, 2, 1, 2, -2, 0,
    ]  # fmt: skip


def test_codes_are_stored_hashed_and_revocable(store: Store) -> None:
    eid, codes = evening(store)
    with store.engine.connect() as conn:
        stored = conn.execute(sa.select(schema.table_codes.c.code_hash)).scalars().all()
    assert codes[1] not in stored and schema.code_hash(codes[1]) in stored
    found = store.check_code(codes[1].lower().replace("-", " "))  # typed loosely, still the code
    assert found is not None and found.table == 1 and not found.revoked
    assert store.check_code("AAAA-" + codes[1][5:]) is None
    assert store.revoke_code(eid, 1, "test") == 1
    again = store.check_code(codes[1])
    assert again is not None and again.revoked


def test_the_draw_is_seeded_and_sit_outs_go_round() -> None:
    first = draw(HEARTS9, 2, 4, "11-1")
    assert first == draw(HEARTS9, 2, 4, "11-1")
    assert first != draw(HEARTS9, 2, 4, "11-2")
    sat: dict[str, int] = {}
    out_by_round = []
    for number in range(1, 10):
        tables, out = draw(HEARTS9, 2, 4, f"11-{number}", sat)
        assert sorted([n for t in tables for n in t] + out) == sorted(HEARTS9)
        out_by_round.append(out[0])
        sat[out[0]] = sat.get(out[0], 0) + 1
    assert sorted(out_by_round) == sorted(HEARTS9)  # nine rounds: everyone sits out once


def test_the_quick_score_notation() -> None:
    assert read_score("0 13 5 8") == Score(points=(0, 13, 5, 8))
    assert read_score("3 4 n 5 / 4 4 0 5") == Score(bids=("3", "4", "nil", "5"), tricks=(4, 4, 0, 5))
    assert read_score("score bid 3 4 nil 5 tricks 4 4 0 5") == read_score("3 4 n 5/4 4 0 5")
    assert read_score("3 4 bn 5 / 4 4 0 5").text() == "3 4 blind-nil 5 / 4 4 0 5"
    for bad, why in [("", "empty"), ("0 13 x 8", "whole numbers"), ("3 / 4 / 5", "once"), ("1 2 /", "each")]:
        with pytest.raises(NotationError, match=why):
            read_score(bad)


# -- results -------------------------------------------------------------------------------


async def test_a_result_is_stored_and_a_repeat_stored_once(store: Store, client: httpx.AsyncClient) -> None:
    _, codes = evening(store)
    first = await post(client, codes[1], body(1, 1, "0 13 5 8"))
    assert first.status_code == 201, first.text
    assert first.json()["status"] == "stored" and first.json()["scores"] == [0, 13, 5, 8]
    again = await post(client, codes[1], body(1, 1, "0 13 5 8"))
    assert again.status_code == 200 and again.json()["status"] == "already stored"
    assert again.json()["result"] == first.json()["result"]
    assert count(store, schema.results) == 1
    # The same entry number with another result is a conflict, not a second result.
    clash = await post(client, codes[1], body(1, 1, "13 0 5 8"))
    assert clash.status_code == 409 and clash.json()["kind"] == "seq-reused"
    # Deal 1 from another kiosk (or game) is a conflict too: the organiser corrects results.
    other = await post(client, codes[1], body(1, 1, "13 0 5 8", seq=99))
    assert other.status_code == 409 and "already stored" in other.json()["error"]
    # The same entry sent with another evening's code is not that evening's result.
    _, tomorrow = evening(store)
    elsewhere = await post(client, tomorrow[1], body(1, 1, "0 13 5 8"))
    assert elsewhere.status_code == 409 and elsewhere.json()["kind"] == "seq-reused"
    gap = await post(client, codes[1], body(1, 3, "13 0 5 8"))
    assert gap.status_code == 409 and gap.json()["error"] == "deal 2 comes next, not deal 3"
    assert count(store, schema.results) == 1


async def test_the_kiosk_reads_its_table(store: Store, client: httpx.AsyncClient) -> None:
    eid, codes = evening(store)
    seating, out = store.seating(eid, 1)
    r = await client.get("/api/tables/2", headers={"Authorization": f"Bearer {codes[2]}"})
    assert r.status_code == 200
    data = r.json()
    assert data["ruleset"] == "hearts" and data["round"] == 1 and data["players"] == list(seating[2])
    assert data["next_deal"] == 1 and data["finished"] is False and len(out) == 1
    other = await client.get("/api/tables/1", headers={"Authorization": f"Bearer {codes[2]}"})
    assert other.status_code == 403


async def test_codes_forged_revoked_for_another_table_or_a_past_round_are_refused_and_logged(
    store: Store, client: httpx.AsyncClient
) -> None:
    eid, codes = evening(store)
    cases = []
    r = await client.post("/api/results", json=body(1, 1, "0 13 5 8"))
    cases.append((r, 401, "no-code"))
    r = await post(client, "ABCD-EFGH-IJKL-MNOP-QRST-UVWX-YZ", body(1, 1, "0 13 5 8"))
    cases.append((r, 401, "bad-code"))
    r = await post(client, codes[2], body(1, 1, "0 13 5 8"))
    cases.append((r, 403, "other-table"))
    store.revoke_code(eid, 1, "test")
    r = await post(client, codes[1], body(1, 1, "0 13 5 8"))
    cases.append((r, 401, "revoked-code"))
    store.draw_round(eid, seat_round, "test")
    r = await post(client, codes[2], body(2, 1, "0 13 5 8", round=3))
    cases.append((r, 403, "future-round"))
    for response, status, kind in cases:
        assert (response.status_code, response.json()["kind"]) == (status, kind)
        assert "\n" not in response.json()["error"]
    assert count(store, schema.results) == 0
    logged = refusals(store)
    assert sorted(s for s, _ in logged) == sorted(status for _, status, _ in cases)
    assert any("revoked" in d for _, d in logged) and any("round 3 has not been drawn" in d for _, d in logged)


async def test_oversized_and_malformed_bodies(store: Store, client: httpx.AsyncClient) -> None:
    _, codes = evening(store)
    auth = {"Authorization": f"Bearer {codes[1]}", "Content-Type": "application/json"}
    big = await client.post("/api/results", content=b"{" + b" " * API_LIMIT + b"}", headers=auth)
    assert big.status_code == 413 and "16 KiB" in big.json()["error"]

    async def chunks() -> AsyncIterator[bytes]:  # no Content-Length: counted as it streams
        for _ in range(20):
            yield b" " * 1024

    streamed = await client.post("/api/results", content=chunks(), headers=auth)
    assert streamed.status_code == 413
    bad = {
        b"not json": "the body is not JSON (Expecting value at line 1, column 1)",
        b"[1, 2]": "the body must be a JSON object",
        b'{"kiosk": "k"}': "missing field 'game'",
        b'{"kiosk": "k", "game": 1, "seq": 1, "round": 1, "table": 1, "deal": "one", "score": "0 13 5 8"}': (
            "'deal' must be a whole number, not \"one\""
        ),
        b'{"kiosk": "k", "game": 1, "seq": 1, "round": 1, "table": 1, "deal": 1, "score": "0 x"}': (
            "'score': points must be whole numbers, not 'x'"
        ),
        b'{"kiosk": "k k", "game": 1, "seq": 1, "round": 1, "table": 1, "deal": 1, "score": "0"}': "'kiosk' must be",
        b'{"kiosk": "k", "game": 1, "seq": true, "round": 1, "table": 1, "deal": 1, "score": "0"}': "'seq' must be",
        b'{"kiosk": "k", "extra": 1}': "unknown field 'extra'",
        b"[" * 8000 + b"]" * 8000: "the body nests too deeply",
    }
    for raw, why in bad.items():
        r = await client.post("/api/results", content=raw, headers=auth)
        assert r.status_code == 400, raw
        assert r.json()["error"].startswith(why), r.json()
    assert count(store, schema.results) == 0
    assert [s for s, _ in refusals(store)].count(400) == len(bad)
    assert [s for s, _ in refusals(store)].count(413) == 2


def test_claims_read_exactly_the_fields() -> None:
    claim = read_claim(read_body(b'{"kiosk":"k-1","game":7,"seq":3,"round":1,"table":2,"deal":3,"score":"0 13 5 8"}'))
    assert (claim.game, claim.seq, claim.score.points, claim.dealer) == ("7", 3, (0, 13, 5, 8), None)
    with pytest.raises(BadBody, match="'dealer' must be from 0 to 99"):
        read_claim({**body(1, 1, "0"), "dealer": -1})


async def test_a_penalty_booked_on_a_deal_counts_and_one_the_rules_do_not_give_is_refused(
    store: Store, client: httpx.AsyncClient
) -> None:
    eid, codes = evening(store, SPADES8, "euchre", rounds=1)
    seats = store.seating(eid, 1)[0][1]  # table 1's players, by seat
    # Deal 1: the makers (seats 2 and 4) take 1 point; seat 4 revoked, so seats 1 and 3 get the renege's 2.
    r = await post(client, codes[1], body(1, 1, "0 1 0 1 penalty 2 0 2 0"))
    assert r.status_code == 201, r.text
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    table = next(t for t in board["rounds"][0]["tables"] if t["table"] == 1)
    assert table["scores"] == [2, 1, 2, 1]
    totals = {line["name"]: line["total"] for line in board["overall"]}
    assert [totals[name] for name in seats] == [2, 1, 2, 1]
    wrong = await post(client, codes[1], body(1, 2, "1 0 1 0 penalty 2 2 0 0"))
    assert (wrong.status_code, wrong.json()["kind"]) == (422, "penalty")
    # Hearts charges the offender every penalty point of the deal and the others none: checked against it.
    _, hearts = evening(store)
    wrong = await post(client, hearts[1], body(1, 1, "0 13 5 8 penalty 0 0 0 5", seq=50))
    assert (wrong.status_code, wrong.json()["kind"]) == (422, "penalty")
    right = await post(client, hearts[1], body(1, 1, "0 13 5 8 penalty 26 -13 -5 -8", seq=51))
    assert right.status_code == 201, right.text
    _, spades = evening(store, SPADES8, "spades")  # Spades gives none: the table decided without points
    none = await post(client, spades[1], body(1, 1, "3 3 3 3 / 4 3 3 3 penalty 0 0 0 5", seq=52))
    assert (none.status_code, none.json()["kind"]) == (422, "no-penalty")


async def test_an_impossible_result_is_refused_with_the_referees_reason(
    store: Store, client: httpx.AsyncClient
) -> None:
    _, codes = evening(store)
    r = await post(client, codes[1], body(1, 1, "0 13 5 9"))
    with pytest.raises(ResultError) as referee_says:
        check_points(load_ruleset("hearts"), 4, [0, 13, 5, 9])
    assert r.status_code == 422
    assert r.json() == {
        "error": str(referee_says.value),
        "kind": "total",
        "params": {"total": 27, "allowed": [26, 78], "deal": 1},
    }
    wrong_kind = await post(client, codes[1], body(1, 1, "3 4 3 3 / 4 4 2 3"))
    assert wrong_kind.status_code == 422 and wrong_kind.json()["kind"] == "points-needed"
    short = await post(client, codes[1], body(1, 1, "13 13"))
    assert short.status_code == 422 and short.json()["error"] == "give 4 numbers, one per player"
    assert count(store, schema.results) == 0
    # A bidding game: the tricks must add up to the deal's.
    _, spades = evening(store, SPADES8, "spades")
    r = await post(client, spades[1], body(1, 1, "3 4 3 2 / 4 4 3 1", seq=50))
    assert r.status_code == 422 and r.json()["error"] == "the tricks add up to 12; this deal has 13"


# -- the organiser ----------------------------------------------------------------------------


def csrf_of(page: httpx.Response) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found, page.text[:500]
    return found[1]


async def login(c: httpx.AsyncClient, store: Store, name: str = "Olga") -> str:
    store.set_password_hash(HASH, "test")
    wrong = await c.post("/login", data={"csrf": csrf_of(await c.get("/login")), "password": "not it at all"})
    assert wrong.status_code == 401 and "That is not the organiser password." in wrong.text
    r = await c.post("/login", data={"csrf": csrf_of(await c.get("/login")), "name": name, "password": PASSWORD})
    assert r.status_code == 303
    return csrf_of(await c.get("/"))


async def test_the_organiser_creates_an_evening_draws_and_issues_codes(store: Store, client: httpx.AsyncClient) -> None:
    assert (await client.post("/evenings", data={"name": "x"})).status_code == 303  # to the login page
    csrf = await login(client, store)
    no_token = await client.post("/evenings", data={"name": "Tuesday"})
    assert no_token.status_code == 403
    form = {"csrf": csrf, "name": "<b>Tuesday</b>", "ruleset": "hearts", "rounds": "3", "sitout_points": "7"}
    refused = await client.post("/evenings", data={**form, "players": "Ann\nBen\nann"})
    assert refused.status_code == 400 and "ann is on the list twice." in refused.text
    made = await client.post("/evenings", data={**form, "players": "\n".join(HEARTS9), "seed": "5"})
    assert made.status_code == 303
    page = await client.get(made.headers["location"])
    assert "&lt;b&gt;Tuesday&lt;/b&gt;" in page.text and "<b>Tuesday" not in page.text  # autoescaped
    eid = int(made.headers["location"].rsplit("/", 1)[1])
    drawn = await client.post(f"/evenings/{eid}/rounds", data={"csrf": csrf})
    assert drawn.status_code == 303
    assert "Round 1 is drawn." in (await client.get(f"/evenings/{eid}")).text
    ev = store.evening(eid)
    assert ev is not None and ev.current_round == 1 and ev.seed == 5
    assert store.seating(eid, 1) == (lambda s: ({1: tuple(s[1][0]), 2: tuple(s[1][1])}, tuple(s[2])))(
        seat_round(ev, 1, {})
    )
    issued = await client.post(f"/evenings/{eid}/tables/2/code", data={"csrf": csrf})
    code = re.search(r'<p class="code" dir="ltr">([A-Z2-7-]+)</p>', issued.text)
    assert issued.status_code == 200 and code and "<svg" in issued.text
    checked = store.check_code(code[1])
    assert checked is not None and checked.table == 2
    # In German: the page's own words through the catalog, the names as typed.
    german = await client.get(f"/evenings/{eid}/board", headers={"Accept-Language": "de-CH, de;q=0.9"})
    assert german.status_code == 200 and '<html lang="de"' in german.text
    for _ in range(5):
        await client.post("/login", data={"csrf": csrf_of(await client.get("/login")), "password": "wrong again"})
    waiting = await client.post("/login", data={"csrf": csrf_of(await client.get("/login")), "password": PASSWORD})
    assert waiting.status_code == 429 and "Too many wrong passwords" in waiting.text  # five wrong: even the right waits
    events = [a["event"] for a in store.audit(eid)]
    assert {"evening-created", "round-drawn", "code-issued", "login", "login-refused"} <= set(events)
    assert next(a for a in store.audit(eid) if a["event"] == "round-drawn")["who"] == "Olga"


async def test_correction_and_void_leave_an_audit_trail(store: Store, client: httpx.AsyncClient) -> None:
    eid, codes = evening(store)
    for deal, score in enumerate(["0 13 5 8", "26 0 0 0"], start=1):
        assert (await post(client, codes[1], body(1, deal, score))).status_code == 201
    first, second = store.results(eid)
    csrf = await login(client, store)
    impossible = await client.post(
        f"/evenings/{eid}/results/{first.id}/correct", data={"csrf": csrf, "score": "1 1 1 1", "reason": "typo"}
    )
    assert impossible.status_code == 422 and "Not possible: the points add up to 4" in impossible.text
    fixed = await client.post(
        f"/evenings/{eid}/results/{first.id}/correct", data={"csrf": csrf, "score": "13 0 5 8", "reason": "swapped"}
    )
    assert fixed.status_code == 303
    voided = await client.post(f"/evenings/{eid}/results/{second.id}/void", data={"csrf": csrf, "reason": "misdeal"})
    assert voided.status_code == 303
    now = {r.id: r for r in store.results(eid)}
    assert now[first.id].score == "0 13 5 8" and now[first.id].current == "13 0 5 8"  # the original is kept
    assert now[second.id].current is None and now[second.id].changes[0].by == "Olga"
    assert count(store, schema.results) == 2 and count(store, schema.result_changes) == 2
    table = (await client.get(f"/api/evenings/{eid}/standings")).json()["rounds"][0]["tables"][0]
    assert table["scores"] == [13, 0, 5, 8] and table["deals"] == 2
    fixed_at, voided_at = (clock(langs()["en"], now[i].changes[0].at) for i in (first.id, second.id))
    said = [
        f"Changed by Olga at {fixed_at}: deal 1 of table 1 in round 1 corrected to 13 0 5 8: swapped",
        f"Changed by Olga at {voided_at}: deal 2 of table 1 in round 1 voided: misdeal",
    ]
    for path in (f"/evenings/{eid}", f"/evenings/{eid}/board"):  # the organiser's page and the board say it alike
        text = words(await client.get(path))
        assert all(" ".join(line.split()) in text for line in said), text
    assert "2 results changed" in words(await client.get(f"/evenings/{eid}/board"))
    changes = (await client.get(f"/api/evenings/{eid}/standings")).json()["changes"]
    assert [(c["action"], c["deal"], c["by"], c["reason"]) for c in changes] == [
        ("void", 2, "Olga", "misdeal"),
        ("correct", 1, "Olga", "swapped"),
    ]
    details = [a["detail"] for a in store.audit(eid)]
    assert any("correct: 13 0 5 8; swapped" in d for d in details) and any("void; misdeal" in d for d in details)
    # The next deal from the kiosk still fits after the void: deal 3 comes next.
    assert (await post(client, codes[1], body(1, 3, "0 0 26 0"))).status_code == 201


# -- standings ------------------------------------------------------------------------------------


def independent_totals(store: Store, eid: int, sitout: int, side: Any) -> dict[str, int]:
    """Each player's evening total straight from the raw rows: seats, results and their latest changes."""
    with store.engine.connect() as conn:
        names = {i: n for i, n in conn.execute(sa.select(schema.players.c.id, schema.players.c.name)).all()}
        seats = conn.execute(sa.select(schema.seats)).mappings().all()
        rows = conn.execute(sa.select(schema.results)).mappings().all()
        changes = conn.execute(sa.select(schema.result_changes).order_by(schema.result_changes.c.id)).mappings().all()
    current = {r["id"]: r["score"] for r in rows}
    for c in changes:
        current[c["result_id"]] = c["score"]  # None: voided
    totals = {n: 0 for n in names.values()}
    for s in seats:
        if s["table_id"] is None:
            totals[names[s["player_id"]]] += sitout
            continue
        deals = sorted(
            (r for r in rows if r["round_id"] == s["round_id"] and r["table_id"] == s["table_id"]),
            key=lambda r: r["deal"],
        )
        totals[names[s["player_id"]]] += sum(side(current[r["id"]], s["seat"]) for r in deals if current[r["id"]])
    return totals


def ranked(totals: dict[str, int], lowest: bool) -> list[tuple[int, str, int]]:
    order = sorted(totals.items(), key=lambda kv: (kv[1] if lowest else -kv[1], kv[0]))
    return [(1 + sum(1 for v in totals.values() if (v < t if lowest else v > t)), n, t) for n, t in order]


async def test_hearts_standings_rank_the_fewest_points_first(store: Store, client: httpx.AsyncClient) -> None:
    eid, codes = evening(store, sitout=7)
    deals = {1: ["0 13 5 8", "26 0 0 0", "0 26 26 26"], 2: ["1 2 10 13", "13 13 0 0"]}
    for table, scores in deals.items():
        for n, score in enumerate(scores, start=1):
            assert (await post(client, codes[table], body(table, n, score))).status_code == 201
    first_round = (await client.get(f"/api/evenings/{eid}/standings")).json()
    assert [t["finished"] for t in first_round["rounds"][0]["tables"]] == [False, False]  # Hearts plays to 100
    assert all(line["playing"] != (line["table"] is None) for line in first_round["overall"])
    store.draw_round(eid, seat_round, "test")
    for table, scores in {1: ["5 5 8 8", "0 0 13 13"], 2: ["26 0 0 0"]}.items():
        for n, score in enumerate(scores, start=1):
            r = await post(client, codes[table], body(table, n, score, round=2, seq=100 + n))
            assert r.status_code == 201, r.text
    result = store.results(eid)[0]
    rules = load_ruleset("hearts")
    store.change_result(eid, result.id, read_score("0 0 26 0"), "wrong seat", "test", lambda ds: replay(rules, 4, ds))

    def hearts(score: str, seat: int) -> int:
        return int(score.split()[seat])

    expected = ranked(independent_totals(store, eid, 7, hearts), lowest=True)
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    assert board["lowest_wins"] is True
    assert [(line["rank"], line["name"], line["total"]) for line in board["overall"]] == expected
    assert expected[0][2] <= expected[-1][2]
    assert sum(len(line["sat_out"]) for line in board["overall"]) == 2  # one player out in each round
    html = (await client.get(f"/evenings/{eid}/board")).text
    assert "Fewest points first." in html and "still playing" in html


async def test_a_round_sat_out_scores_the_rounds_average_unless_the_evening_fixes_a_score(
    store: Store, client: httpx.AsyncClient
) -> None:
    eid, codes = evening(store, sitout=None, rounds=1)
    for table, scores in {1: ["0 13 5 8", "26 0 0 0"], 2: ["1 2 10 13"]}.items():
        for n, score in enumerate(scores, start=1):
            assert (await post(client, codes[table], body(table, n, score))).status_code == 201
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    lines = {line["name"]: line for line in board["overall"]}
    out = [name for name, line in lines.items() if line["sat_out"]]
    assert len(out) == 1
    played = [line["total"] for name, line in lines.items() if name not in out]
    assert sorted(played) == sorted([26, 13, 5, 8, 1, 2, 10, 13])
    assert lines[out[0]]["total"] == 10  # 78 / 8 = 9.75: neither first nor last, where a fixed 0 was first
    assert lines[out[0]]["rank"] not in (1, len(lines))
    html = (await client.get(f"/evenings/{eid}/board")).text
    assert "A round sat out scores the average of the round’s players at the tables that have begun" in html
    fixed, _ = evening(store, sitout=1600, rounds=1)
    html = (await client.get(f"/evenings/{fixed}/board")).text
    assert "A round sat out scores 1,600 points." in html


async def test_spades_standings_rank_the_most_points_first(store: Store, client: httpx.AsyncClient) -> None:
    eid, codes = evening(store, SPADES8, "spades", rounds=1)
    deals = {1: ["3 4 3 2 / 4 4 3 2", "4 3 2 3 / 2 3 2 6"], 2: ["2 2 2 2 / 3 3 3 4", "5 n 3 1 / 6 0 4 3"]}
    for table, scores in deals.items():
        for n, score in enumerate(scores, start=1):
            r = await post(client, codes[table], body(table, n, score))
            assert r.status_code == 201, r.text

    def spades(score: str, seat: int) -> int:
        """Partners (seats 0 and 2, 1 and 3) score their bids together: 10 a trick bid, 1 an overtrick,
        -10 a trick bid when set; a nil 100 (or -100), its bidder's tricks not counting for the side."""
        bids_text, tricks_text = score.split("/")
        bids, tricks = bids_text.split(), [int(t) for t in tricks_text.split()]
        partners = [seat % 2, seat % 2 + 2]
        points = 0
        bid = sum(int(bids[p]) for p in partners if bids[p] != "nil")
        took = sum(tricks[p] for p in partners if bids[p] != "nil")
        for p in partners:
            if bids[p] == "nil":
                points += 100 if tricks[p] == 0 else -100
        return points + (10 * bid + took - bid if took >= bid else -10 * bid)

    expected = ranked(independent_totals(store, eid, 0, spades), lowest=False)
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    assert board["lowest_wins"] is False
    assert [(line["rank"], line["name"], line["total"]) for line in board["overall"]] == expected
    assert expected[0][2] > expected[-1][2] and expected[0][0] == expected[1][0] == 1  # partners share the top


def test_a_tables_game_is_replayed_by_the_referee() -> None:
    rules = load_ruleset("oh-hell")
    deals = [Deal(1, read_score("1 0 1 / 1 0 0"), dealer=2), Deal(2, None), Deal(3, read_score("0 1 1 / 0 1 2"))]
    game = replay(rules, 3, deals, deals_per_round=3)
    assert finished(game, 3) and not game.is_over
    assert game.results[1].points == (0, 0, 0)  # the void scores nothing; deal 3 keeps its number and dealer
    assert [r.dealer for r in game.results] == [2, 0, 1]
    with pytest.raises(Refusal, match="a round has 3 deals"):
        record(game, Deal(4, read_score("1 1 1 / 1 1 2")), 3)
    with pytest.raises(Refusal, match="deal 2 is dealt by seat 1, not seat 2"):
        replay(rules, 3, [deals[0], Deal(2, read_score("1 0 0 / 1 1 0"), dealer=1)])
    with pytest.raises(ResultError, match="hook") as hooked:
        replay(rules, 3, [Deal(1, read_score("1 0 0 / 0 1 0"), dealer=2)])
    assert hooked.value.params["deal"] == 1


# -- the board, its views and downloads ------------------------------------------------------------


async def test_the_board_is_made_once_a_version_and_refreshes_itself(store: Store, client: httpx.AsyncClient) -> None:
    eid, codes = evening(store)
    before = store.version(eid)
    first = await client.get(f"/evenings/{eid}/board")
    assert first.status_code == 200
    policy = first.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "default-src 'self'" in policy and "'unsafe-inline'" not in policy
    # Without JavaScript the board refreshes itself; with it, live.js listens to the evening's events.
    assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in first.text
    assert '<script src="/static/live.js" defer></script>' in first.text
    assert f'data-version="{tag(before)}"' in first.text and f"/evenings/{eid}/live?view=board" in first.text
    assert (await client.get(f"/evenings/{eid}/board")).text == first.text  # nothing new: the same page
    assert (await post(client, codes[1], body(1, 1, "0 13 5 8"))).status_code == 201
    stored = store.version(eid)
    assert stored[0] > before[0] and stored[1:] == before[1:]
    after = await client.get(f"/evenings/{eid}/board")
    assert f'data-version="{tag(stored)}"' in after.text and after.text != first.text
    part = await client.get(f"/evenings/{eid}/board?part=1")
    assert "<html" not in part.text and 'id="overall-h"' in part.text and part.text in after.text
    result = store.results(eid)[0]
    rules = load_ruleset("hearts")
    store.change_result(eid, result.id, None, "misdeal", "test", lambda ds: replay(rules, 4, ds))
    changed = store.version(eid)
    assert changed[1] > stored[1]
    store.draw_round(eid, seat_round, "test")
    assert store.version(eid)[2] > changed[2]
    assert store.version(eid + 1) == (0, 0, 0, 0, 0)
    for path in (f"/evenings/{eid + 1}/board", "/evenings/x/board", f"/evenings/{eid + 1}/live"):
        missing = await client.get(path)
        assert missing.status_code == 404 and "Traceback" not in missing.text


async def test_the_seats_of_a_round_for_the_projector(store: Store, client: httpx.AsyncClient) -> None:
    eid, _ = evening(store)
    seating, out = store.seating(eid, 1)
    page = words(await client.get(f"/evenings/{eid}/seats"))
    for table, names in seating.items():
        assert f"Table {table} " + " ".join(f"Seat {i} {n}" for i, n in enumerate(names, start=1)) in page
    assert f"Sitting out: {out[0]}" in page and "Seats drawn with the seed 11-1." in page
    store.draw_round(eid, seat_round, "test")
    assert "Seats of round 2" in words(await client.get(f"/evenings/{eid}/seats"))
    assert "Seats of round 1" in words(await client.get(f"/evenings/{eid}/seats?round=1"))
    for bad in ("3", "0", "one"):
        refused = await client.get(f"/evenings/{eid}/seats?round={bad}")
        assert refused.status_code == 404 and "There is no such round." in refused.text


def read_csv(response: httpx.Response) -> list[list[str]]:
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/csv")
    assert response.headers["content-disposition"].startswith("attachment; filename=")
    assert response.content.startswith(b"\xef\xbb\xbf")  # a byte order mark: spreadsheets read UTF-8
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))


async def test_standings_and_results_download_as_csv(store: Store, client: httpx.AsyncClient) -> None:
    names = ["=HYPERLINK(1)", "Ben", "Cat", "Dan", "@Eve"]  # a formula for a name is written as text
    eid, codes = evening(store, names, rounds=1)
    for deal, score in enumerate(["0 13 5 8", "26 0 0 0"], start=1):
        assert (await post(client, codes[1], body(1, deal, score))).status_code == 201
    second = store.results(eid)[1]
    rules = load_ruleset("hearts")
    store.change_result(eid, second.id, None, "wrong seat", "Olga", lambda ds: replay(rules, 4, ds))
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    rows = read_csv(await client.get(f"/evenings/{eid}/standings.csv"))
    assert rows[0] == ["Rank", "Player", "Round 1", "Total", "Rounds sat out"]
    safe = {n: ("'" + n if n[0] in "=@" else n) for n in names}
    assert rows[1:] == [
        [
            str(line["rank"]),
            safe[line["name"]],
            str(line["rounds"][0]),
            str(line["total"]),
            " ".join(map(str, line["sat_out"])),
        ]
        for line in board["overall"]
    ]
    results = read_csv(await client.get(f"/evenings/{eid}/results.csv"))
    header = results[0]
    assert header[:6] == ["Round", "Table", "Deal", "Players", "Result", "State"]
    got = [dict(zip(header, row, strict=True)) for row in results[1:]]
    assert [(r["Deal"], r["Result"], r["State"], r["Result as received"]) for r in got] == [
        ("1", "0 13 5 8", "stored", "0 13 5 8"),
        ("2", "", "voided", "26 0 0 0"),
    ]
    seated = " / ".join(store.seating(eid, 1)[0][1])
    assert got[0]["Players"] == ("'" + seated if seated[0] in "=@" else seated)
    assert got[1]["Changes"].startswith("Changed by Olga at ") and got[1]["Changes"].endswith("voided: wrong seat")
    assert (got[0]["Kiosk"], got[0]["Game"], got[0]["Entry"]) == ("kiosk-1", "g1", "1")


async def test_a_refused_evening_form_keeps_what_was_typed(store: Store, client: httpx.AsyncClient) -> None:
    csrf = await login(client, store)
    form = {"csrf": csrf, "name": "Tuesday", "ruleset": "hearts", "players": "\n".join(HEARTS9), "rounds": "99"}
    refused = await client.post("/evenings", data=form)
    assert refused.status_code == 400 and "Give a whole number from 1 to 50." in refused.text
    assert 'id="f-rounds" name="rounds" aria-describedby="problem" aria-invalid="true" autofocus' in refused.text
    assert 'value="Tuesday"' in refused.text and "Hal\nIda</textarea>" in refused.text
    assert '<option value="hearts" selected>' in refused.text
    counts = load_ruleset("hearts").player_counts
    crowded = await client.post("/evenings", data={**form, "rounds": "2", "players_per_table": "11"})
    assert crowded.status_code == 400
    said = langs()["en"].join([str(n) for n in counts], "or")
    assert f"This game is played by {said} players at a table." in html.unescape(crowded.text)


async def test_the_code_page_names_the_address_kiosks_reach(store: Store) -> None:
    eid, _ = evening(store)
    for base, public, shown, warned in [
        ("http://127.0.0.1:8750", None, "http://127.0.0.1:8750/api/tables/1", True),
        ("http://127.0.0.1:8750", "http://192.168.1.20:8750/", "http://192.168.1.20:8750/api/tables/1", False),
        ("http://club.example", None, "http://club.example/api/tables/1", False),
    ]:
        transport = httpx.ASGITransport(app=create_app(store, public_url=public))
        async with httpx.AsyncClient(transport=transport, base_url=base) as c:
            csrf = await login(c, store)
            page = await c.post(f"/evenings/{eid}/tables/1/code", data={"csrf": csrf})
        assert page.status_code == 200 and f'<span class="address" dir="ltr">{shown}</span>' in page.text
        assert ("reaches the server only from this computer" in page.text) is warned
        assert '<svg role="img"' in page.text and "<title>Code of table 1</title>" in page.text


async def test_standings_are_made_once_for_many_readers_and_never_wait_on_a_busy_board() -> None:
    made: list[Version] = []
    gate = asyncio.Event()
    newest: list[Version] = [(1, 0, 0)]

    async def make() -> tuple[Version, str]:
        version = newest[0]  # read when the making starts, as the board reads the store's version
        made.append(version)
        await gate.wait()
        return version, f"board {version}"

    latest: Latest[int, str] = Latest(4, pause=0)
    hundred = [asyncio.create_task(latest.get(1, (1, 0, 0), make)) for _ in range(100)]
    await asyncio.sleep(0)
    gate.set()
    assert {await t for t in hundred} == {((1, 0, 0), "board (1, 0, 0)")} and made == [(1, 0, 0)]
    # A result arrives; one reader starts the new board and waits for it.
    gate.clear()
    newest[0] = (2, 0, 0)
    waiting = asyncio.create_task(latest.get(1, (2, 0, 0), make))
    while len(made) < 2:
        await asyncio.sleep(0)
    # Another arrives while it is being made: a reader who will not wait gets the last board at once ...
    newest[0] = (3, 0, 0)
    assert await latest.get(1, (3, 0, 0), make, wait=False) == ((1, 0, 0), "board (1, 0, 0)")
    gate.set()
    assert await waiting == ((2, 0, 0), "board (2, 0, 0)")
    # ... and the board it asked for is made next, by itself, once.
    while 1 in latest.making:
        await latest.making[1]
    assert made == [(1, 0, 0), (2, 0, 0), (3, 0, 0)]
    assert await latest.get(1, (3, 0, 0), make, wait=False) == ((3, 0, 0), "board (3, 0, 0)")
    # With nothing on its way, even a reader who would not wait gets a board that holds what it asked for.
    newest[0] = (3, 1, 0)
    assert await latest.get(1, (3, 1, 0), make, wait=False) == ((3, 1, 0), "board (3, 1, 0)")
    assert len(made) == 4 and covers((3, 1, 0), (3, 0, 0)) and not covers((4, 0, 0), (3, 1, 0))


# -- issue 21: a club night the organiser cannot break ---------------------------------------------


async def test_drawing_a_round_while_tables_play_asks_first_and_keeps_their_late_results(
    store: Store, client: httpx.AsyncClient
) -> None:
    eid, codes = evening(store, rounds=3, deals=4)
    for deal, score in enumerate(["0 13 5 8", "26 0 0 0"], start=1):
        assert (await post(client, codes[1], body(1, deal, score))).status_code == 201
    csrf = await login(client, store)
    before = store.version(eid)
    asked = await client.post(f"/evenings/{eid}/rounds", data={"csrf": csrf, "round": "2"})
    # Table 1 has played 2 of its 4 deals, table 2 none: the page says so and asks; nothing is drawn.
    assert asked.status_code == 409
    text = words(asked)
    assert "2 tables are still playing round 1: Table 1: 2 of 4 deals played Table 2: 0 of 4 deals played" in text
    assert 'name="confirm" value="yes"' in asked.text and "Draw round 2 now" in text
    assert store.version(eid) == before and store.evening(eid).current_round == 1  # type: ignore[union-attr]
    drawn = await client.post(f"/evenings/{eid}/rounds", data={"csrf": csrf, "round": "2", "confirm": "yes"})
    assert drawn.status_code == 303 and store.evening(eid).current_round == 2  # type: ignore[union-attr]
    # The same form sent again (a second click) draws nothing more.
    again = await client.post(f"/evenings/{eid}/rounds", data={"csrf": csrf, "round": "2", "confirm": "yes"})
    assert again.status_code == 409 and "Round 2 is already drawn." in again.text
    assert store.evening(eid).current_round == 2  # type: ignore[union-attr]
    # Round 1 is over: its tables are no longer "still playing" anywhere.
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    first = board["rounds"][0]
    assert [(t["deals"], t["finished"], t["stopped"]) for t in first["tables"]] == [(2, False, True), (0, False, True)]
    page = words(await client.get(f"/evenings/{eid}/board"))
    assert "tables are still playing" not in page.split("Round 1 Seats drawn")[1]
    assert "ended by the next round’s draw" in page

    # Table 1's deal 3 arrives: kept for the organiser (202), never refused and never counted unasked.
    late = await post(client, codes[1], body(1, 3, "1 2 10 13"))
    assert late.status_code == 202, late.text
    assert late.json() == {
        "status": "kept",
        "result": late.json()["result"],
        "deal": 3,
        "kind": "late-round",
        "params": {"round": 1, "current": 2, "deal": 3},
    }
    repeat = await post(client, codes[1], body(1, 3, "1 2 10 13"))
    assert repeat.status_code == 200 and repeat.json()["status"] == "already kept"
    clash = await post(client, codes[1], body(1, 3, "13 13 0 0", seq=30))
    assert clash.status_code == 409 and clash.json()["kind"] == "deal-stored"
    gap = await post(client, codes[1], body(1, 5, "13 13 0 0"))
    assert gap.status_code == 409 and gap.json()["error"] == "deal 4 comes next, not deal 5"
    wrong = await post(client, codes[1], body(1, 4, "13 13 0 1"))
    assert wrong.status_code == 422 and wrong.json()["kind"] == "total"
    assert (await post(client, codes[1], body(1, 4, "5 5 8 8"))).status_code == 202
    assert count(store, schema.results) == 2 and count(store, schema.late_results) == 2
    assert store.version(eid)[3] > before[3]  # the board hears of it
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    assert board["rounds"][0]["tables"][0]["deals"] == 2 and board["rounds"][0]["tables"][0]["late"] == 2
    assert "2 results came after the round was over and wait for the organiser." in words(
        await client.get(f"/evenings/{eid}/board")
    )
    organiser = words(await client.get(f"/evenings/{eid}"))
    assert "2 late results wait for your decision." in organiser and "Accept into round 1" in organiser
    kept = store.late(eid)
    assert [(k.round, k.table, k.deal, k.score, k.action) for k in kept] == [
        (1, 1, 3, "1 2 10 13", None),
        (1, 1, 4, "5 5 8 8", None),
    ]

    waiting = read_csv(await client.get(f"/evenings/{eid}/results.csv"))[1:]
    assert [(row[2], row[4], row[5]) for row in waiting][2:] == [
        ("3", "", "late: waiting for the organiser"),
        ("4", "", "late: waiting for the organiser"),
    ]

    # Deal 4 cannot go in before deal 3; a rejection needs a reason; deal 3 accepted counts.
    out_of_order = await client.post(f"/evenings/{eid}/late/{kept[1].id}/accept", data={"csrf": csrf})
    assert out_of_order.status_code == 409 and "Not possible: deal 3 comes next, not deal 4" in out_of_order.text
    no_reason = await client.post(f"/evenings/{eid}/late/{kept[1].id}/reject", data={"csrf": csrf, "reason": " "})
    assert no_reason.status_code == 400 and "Say why the late result is rejected." in no_reason.text
    accepted = await client.post(f"/evenings/{eid}/late/{kept[0].id}/accept", data={"csrf": csrf, "reason": "ok"})
    assert accepted.status_code == 303
    rejected = await client.post(
        f"/evenings/{eid}/late/{kept[1].id}/reject", data={"csrf": csrf, "reason": "played after the bell"}
    )
    assert rejected.status_code == 303
    twice = await client.post(f"/evenings/{eid}/late/{kept[1].id}/accept", data={"csrf": csrf})
    assert twice.status_code == 409 and "is already decided" in twice.text
    elsewhere = await client.post(f"/evenings/{eid + 1}/late/{kept[1].id}/accept", data={"csrf": csrf})
    assert elsewhere.status_code == 404
    table = (await client.get(f"/api/evenings/{eid}/standings")).json()["rounds"][0]["tables"][0]
    assert (table["deals"], table["scores"], table["late"]) == (3, [27, 15, 15, 21], 0)
    assert [r.deal for r in store.results(eid)] == [1, 2, 3] and count(store, schema.late_results) == 2
    assert (await post(client, codes[1], body(1, 3, "1 2 10 13"))).json()["status"] == "already stored"
    decided = {k.deal: (k.action, k.decided_by, k.reason) for k in store.late(eid)}
    assert decided == {3: ("accept", "Olga", "ok"), 4: ("reject", "Olga", "played after the bell")}
    organiser = words(await client.get(f"/evenings/{eid}"))
    assert "late results wait" not in organiser
    assert "Accepted by Olga at" in organiser and "played after the bell" in organiser
    events = [a["event"] for a in store.audit(eid)]
    assert events.count("result-late") == 2 and "late-accept" in events and "late-reject" in events
    # The results' download lists the rejected one too, as received, counting nothing.
    listed = read_csv(await client.get(f"/evenings/{eid}/results.csv"))
    got = [dict(zip(listed[0], row, strict=True)) for row in listed[1:]]
    assert [(r["Round"], r["Table"], r["Deal"], r["Result"], r["State"], r["Result as received"]) for r in got] == [
        ("1", "1", "1", "0 13 5 8", "stored", "0 13 5 8"),
        ("1", "1", "2", "26 0 0 0", "stored", "26 0 0 0"),
        ("1", "1", "3", "1 2 10 13", "stored", "1 2 10 13"),
        ("1", "1", "4", "", "late: rejected", "5 5 8 8"),
    ]
    assert got[3]["Changes"].startswith("Rejected by Olga at ") and got[3]["Changes"].endswith(
        ": played after the bell"
    )


async def test_a_sitout_average_counts_only_tables_that_have_played(store: Store, client: httpx.AsyncClient) -> None:
    eid, codes = evening(store, sitout=None, rounds=1)
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    lines = {line["name"]: line for line in board["overall"]}
    (out,) = [name for name, line in lines.items() if line["sat_out"]]
    # Nothing played anywhere: no average yet, and ranked as the players who have not begun.
    assert lines[out]["rounds"] == [None] and board["rounds"][0]["sitout_score"] is None
    assert {line["rank"] for line in lines.values()} == {1} and lines[out]["total"] == 0
    assert "sat out, no score yet" in (await client.get(f"/evenings/{eid}/board")).text
    # Table 1 has played a deal, table 2 not yet: the average is table 1's (26 / 4 = 6.5, so 7), not 26 / 8.
    assert (await post(client, codes[1], body(1, 1, "0 13 5 8"))).status_code == 201
    board = (await client.get(f"/api/evenings/{eid}/standings")).json()
    lines = {line["name"]: line for line in board["overall"]}
    assert lines[out]["rounds"] == [7] and lines[out]["total"] == 7 and board["rounds"][0]["sitout_score"] == 7
    not_begun = [lines[n] for n in store.seating(eid, 1)[0][2]]
    assert all(line["total"] == 0 and line["rank"] < lines[out]["rank"] for line in not_begun)  # fewest first


async def test_hostile_requests_are_refused_in_one_line_and_the_log_stays_bounded(store: Store) -> None:
    from club.app import CODE_TRIES, LOGGED_REFUSALS
    from club.limits import Quota

    _, codes = evening(store)
    app = create_app(store)
    now = [0.0]
    app.state.club.logged = Quota(LOGGED_REFUSALS, 60, clock=lambda: now[0])
    attacker = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, client=("10.0.0.66", 4000)), base_url="http://c"
    )
    kiosk = httpx.AsyncClient(transport=httpx.ASGITransport(app=app, client=("10.0.0.1", 4000)), base_url="http://c")
    async with attacker, kiosk:
        # A number of 5,001 digits: a one-line 400, not a server error.
        huge = (
            b'{"kiosk": "k", "game": "g", "seq": ' + b"9" * 5001 + b', "round": 1, "table": 1, "deal": 1, "score": "0"}'
        )
        auth = {"Authorization": f"Bearer {codes[1]}", "Content-Type": "application/json"}
        r = await kiosk.post("/api/results", content=huge, headers=auth)
        assert r.status_code == 400 and r.json()["error"] == "a number in the body has 5,001 digits; at most 30"
        # A declared length of 5,001 digits: refused before the body is read.
        r = await kiosk.post("/api/results", content=b"{}", headers={**auth, "Content-Length": "9" * 5001})
        assert r.status_code == 413
        for path in (f"/evenings/{'9' * 5001}/board", f"/evenings/{2**40}/board", f"/api/evenings/{2**40}/standings"):
            assert (await kiosk.get(path)).status_code == 404
        assert (await kiosk.get(f"/api/tables/{'9' * 5001}", headers=auth)).json()["kind"] == "bad-table"
        # Guessing codes: CODE_TRIES refusals, then 429 for a minute, even for a right code from that address.
        audit_before = count(store, schema.audit)
        answers = Counter()
        for i in range(1000):
            guess = {"Authorization": f"Bearer AAAA-{i:04}"}
            answers[(await attacker.post("/api/results", json=body(1, 1, "0 13 5 8"), headers=guess)).status_code] += 1
        assert answers == {401: CODE_TRIES, 429: 1000 - CODE_TRIES}
        blocked = await post(attacker, codes[1], body(1, 1, "0 13 5 8"))
        assert blocked.status_code == 429 and blocked.headers["retry-after"] == "60"
        assert (await post(kiosk, codes[1], body(1, 1, "0 13 5 8"))).status_code == 201  # another address plays on
        # The log took LOGGED_REFUSALS refusals one by one and said that the rest are counted.
        rows = [a for a in store.audit() if a["who"] == "10.0.0.66"]
        assert count(store, schema.audit) - audit_before == len(rows) == LOGGED_REFUSALS + 1
        assert rows[0]["event"] == "refused-unlogged" and "the next are counted" in rows[0]["detail"]
        now[0] += 61  # a minute later the next refusal is logged, with how many were not
        assert (await attacker.post("/api/results", json={})).status_code == 429
        newest = [a for a in store.audit() if a["who"] == "10.0.0.66"][:2]
        assert (
            newest[1]["detail"]
            == f"{1001 - LOGGED_REFUSALS} more refusals from 10.0.0.66 within a minute, not logged one by one"
        )
        assert newest[0]["status"] == 429
    assert count(store, schema.results) == 1
