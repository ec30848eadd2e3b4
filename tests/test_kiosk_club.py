"""Kiosks at a club evening (issue 11): joining, store and forward, against a real club server.

Every test talks to ``trickbook club serve`` running in a subprocess on SQLite in a temporary folder
(the evening, its round and the table codes are made with :class:`club.store.Store`, as the organiser's
pages make them); the kiosk is a real :class:`kiosk.session.Session` on a journal file, or the real
``trickbook kiosk --stdin`` in a subprocess. Nothing is mocked: the server is stopped and started again,
its codes revoked, the kiosk killed with SIGKILL. What the server holds is read from its standings API
and its database.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import io
import json
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pygame
import pytest
import sqlalchemy as sa
from babel import Locale
from babel.messages.mofile import write_mo
from babel.support import Translations

from club import store as schema
from club.draw import seat_round
from club.store import Store
from kiosk.app import CLUB_EVENT, MIN_TARGET, App, Screen, wake
from kiosk.demo import game_script
from kiosk.journal import SCHEMA_VERSION, Journal
from kiosk.session import Session, seat_name
from kiosk.view import View
from wording.i18n import DOMAIN, LANGUAGES, Lang, locales_dir, read_catalog

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "build" / "translations" / "kiosk-club.json"
PASSWORD = "correct horse battery"
FAST = (0.1, 0.5)  # the forwarder's back-off in these tests: the first wait, the longest
NAMES = ["Ann Marie", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
SIZES = [(1280, 800), (1024, 600), (800, 480), (1920, 1080), (600, 1024)]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ClubServer:
    """``trickbook club serve`` on SQLite in a folder, started and stopped at will on one port."""

    def __init__(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.db = folder / "club.sqlite3"
        self.store = Store(f"sqlite:///{self.db}")
        self.store.upgrade()
        self.password = folder / "password"
        self.password.write_text(PASSWORD + "\n")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        command = [sys.executable, "-m", "trickbook", "club", "serve", "--db", str(self.db), "--port", str(self.port)]
        self.proc = subprocess.Popen(
            [*command, "--password-file", str(self.password)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONWARNINGS": "ignore"},
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{self.base}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
                pytest.fail(f"the club server did not start: {err[-800:]}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            self.proc = None

    def evening(
        self,
        ruleset: str = "hearts",
        players: int = 4,
        deals: int | None = None,
        drawn: bool = True,
        names: list[str] | None = None,
    ) -> int:
        """A new evening of two tables and two rounds, its first round drawn (``drawn``)."""
        eid = self.store.create_evening(
            name="Friday night",
            ruleset=ruleset,
            players_per_table=players,
            rounds_count=2,
            names=(names or NAMES)[: 2 * players],
            sitout_points=0,
            deals_per_round=deals,
            seed=3,
            by="test",
        )
        if drawn:
            self.store.draw_round(eid, seat_round, "test")
        return eid

    def code(self, eid: int, table: int) -> str:
        return self.store.issue_code(eid, table, "test")

    def table(self, eid: int, table: int) -> dict[str, Any]:
        board = httpx.get(f"{self.base}/api/evenings/{eid}/standings", timeout=10).json()
        found: dict[str, Any] = next(t for t in board["rounds"][-1]["tables"] if t["table"] == table)
        return found

    def stored(self, eid: int, table: int) -> list[tuple[int, str]]:
        """(deal, score) of every result stored for the table, as the server's database holds them."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(schema.results.c.deal, schema.results.c.score)
                .join(schema.club_tables, schema.club_tables.c.id == schema.results.c.table_id)
                .where(schema.club_tables.c.evening_id == eid, schema.club_tables.c.number == table)
                .order_by(schema.results.c.id)
            ).all()
        return [(int(r.deal), str(r.score)) for r in rows]


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClubServer]:
    server = ClubServer(tmp_path_factory.mktemp("club"))
    server.start()
    yield server
    server.stop()
    server.store.close()


@pytest.fixture
def sessions(tmp_path: Path) -> Iterator[Callable[..., Session]]:
    """Sessions on journals in the test's folder; each is closed (its threads stopped) at the end."""
    made: list[Session] = []

    def make(lang: str = "en", name: str = "kiosk.sqlite3") -> Session:
        session = Session(Journal(tmp_path / name), lang, club_backoff=FAST)
        made.append(session)
        return session

    yield make
    for session in made:
        session.close()
        session.journal.close()


def until(check: Callable[[], bool], session: Session, what: str, timeout: float = 20.0) -> None:
    """Poll the session until ``check`` holds (a deadline, never a measured time)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {timeout} s; the club line says {session.view().club!r}")
        session.desk.settle(0.2, sending=False)
        session.poll()


def joined(session: Session, address: str, code: str) -> View:
    session.submit(f"join {address} {code}")
    session.settle(20, sending=False)
    return session.view()


def lang_with_translations(code: str) -> Lang:
    """The language's catalog with this work's translations (build/translations/kiosk-club.json) where it has
    none yet: the words a table reads before the catalogs are merged (and after, the catalogs' own)."""
    catalog = read_catalog(locales_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po", code)
    if TRANSLATIONS.exists():
        for entry in json.loads(TRANSLATIONS.read_text(encoding="utf-8")):
            plural = isinstance(entry["id"], list)
            key = tuple(entry["id"]) if plural else entry["id"]
            known = catalog.get(key[0] if plural else key)
            if known is None or not any(known.string if isinstance(known.string, tuple | list) else [known.string]):
                catalog.add(key, tuple(entry[code]) if plural else entry[code])
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Lang(code, Translations(fp=buffer, domain=DOMAIN), Locale.parse(code))


# -- joining ---------------------------------------------------------------------------------------------------


def key(char: str, code: int | None = None, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.KEYDOWN, key=code if code is not None else ord(char.lower()), unicode=char, mod=mod
    )


def test_a_kiosk_joins_by_typed_address_and_code_and_sends_every_deal_once(
    club: ClubServer, sessions: Callable[..., Session]
) -> None:
    eid = club.evening("hearts")
    code = club.code(eid, 2)
    session = sessions()
    session.on_wake = wake
    pygame.display.init()
    pygame.font.init()
    try:
        surface = pygame.display.set_mode((800, 480))
        app = App(session.submit, session.view(), surface, lambda: session.view() if session.poll() else None)
        app.render()

        def tap(intent: str) -> None:
            target = next(t for t in app.screen.targets if t.intent == intent)
            down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target.rect.center, button=1, touch=False)
            assert app.handle([down])
            app.render()

        tap("settings")
        tap("club")
        assert (
            app.view.typing
            and app.view.status == "The club server's address, or the whole address in the table's QR code"
        )
        # The address typed on the keyboard: ':' and '/' are letters of it here, not the command line.
        address = club.base.removeprefix("http://")
        app.handle([key(c) for c in address])
        app.render()
        assert app.view.typed == address and app.screen.command is None
        app.handle([key("\r", pygame.K_RETURN)])
        app.render()
        assert app.view.status == "The table code from the organiser"
        # The code: its first group tapped on the keys on screen, the rest typed in small letters.
        for c in code[:4]:
            tap(f"type {c}")
        app.handle([key(c) for c in code[4:].lower()])
        app.handle([key("\r", pygame.K_RETURN)])
        app.render()
        assert app.view.status.startswith("Asking the club server at http://127.0.0.1:")
        # The answer wakes the frame loop (a CLUB_EVENT from the join's thread); nothing else does.
        deadline = time.monotonic() + 20
        while not app.view.status.startswith("Who deals first?"):
            assert time.monotonic() < deadline, app.view.status
            events = [pygame.event.wait(200)]
            if events[0].type == CLUB_EVENT and app.handle(events):
                app.render()
        seats = club.store.seating(eid, 1)[0][2]
        assert [b.label for b in app.view.buttons if b.kind == "seat"] == [
            f"{i + 1} {name.replace(' ', '-')}" for i, name in enumerate(seats)
        ]
        assert app.view.notice == "Friday night: table 2, round 1"
        tap("type dealer 0")
    finally:
        pygame.quit()
    play = session.model.play
    assert play is not None and play.names == [name.replace(" ", "-") for name in seats]
    # A whole game of Hearts, card by card, as kiosk.demo's bots played it.
    for line in game_script("hearts", seed=1)[2:]:
        assert session.submit(line).error is None, line
    assert play is not session.model.play and session.model.play is not None
    game = session.model.play.game
    assert game.is_over
    session.settle(30)
    assert session.view().club == "All results sent to the club server"
    table = club.table(eid, 2)
    assert table["deals"] == len(game.results) and table["scores"] == list(game.scores) and table["finished"]
    stored = club.stored(eid, 2)
    assert [deal for deal, _ in stored] == list(range(1, len(game.results) + 1))  # each deal once, in order
    assert [score for _, score in stored] == [" ".join(map(str, r.points)) for r in game.results]
    rows = session.journal.club_results(session.game_id)
    assert [(r.deal, r.seq, r.state) for r in rows] == [(d, d, "sent") for d in range(1, len(game.results) + 1)]
    # At the game's end, the table's next round (not "new game, same players").
    assert "club next" in [b.intent for b in session.view().buttons]


def test_join_problems_are_said_in_one_line(club: ClubServer, sessions: Callable[..., Session]) -> None:
    eid = club.evening("hearts", drawn=False)
    code = club.code(eid, 1)
    session = sessions()
    view = joined(session, club.base, "AAAA-BBBB-CCCC-DDDD-EEEE-FFFF-GG")
    assert view.error == "The club server does not know this table code: ask the organiser for the table's code."
    assert view.status == "The table code from the organiser" and view.typing  # the code asked again
    view = joined(session, club.base, code)
    assert view.error == "The organiser has not drawn a round yet: join once the seats are drawn."
    view = joined(session, f"127.0.0.1:{free_port()}", code)
    assert view.error is not None and view.error.startswith("The club server at http://127.0.0.1:")
    assert view.error.endswith("does not answer: check the address and the network, then try again.")
    view = session.submit("join http://[nonsense")
    assert view.error == "“http://[nonsense” is not a club server's address: type it as the organiser's page shows it."
    assert session.submit("club").typing
    for c in "club.local:8750":
        session.submit(f"type {c}")
    view = session.submit("type ok")
    assert view.status == "The table code from the organiser"
    view = session.submit("type ok")
    assert view.error == "Give the table code too: the organiser's page shows it beside the table's QR code."
    assert session.model.play is None and session.journal.games() == []


# -- store and forward -----------------------------------------------------------------------------------------


def test_results_wait_while_the_server_is_away_then_go_once(tmp_path: Path, sessions: Callable[..., Session]) -> None:
    server = ClubServer(tmp_path / "club")
    server.start()
    try:
        eid = server.evening("spades")
        code = server.code(eid, 1)
        session = sessions()
        view = joined(session, f"{server.base}/api/tables/1#code={code}", "")  # the address the QR code holds
        assert view.status.startswith("Who deals first?")
        for line in ("type dealer 0", "mode quick", "score 3 4 n 5 / 4 4 0 5"):
            assert session.submit(line).error is None, line
        session.settle(20)
        assert session.view().club == "All results sent to the club server"
        server.stop()
        for line in ("score 4 3 2 3 / 4 3 3 3", "score 2 2 2 2 / 5 3 2 3"):
            assert session.submit(line).error is None, line
        until(lambda: session.view().club == "2 results waiting: the club server does not answer", session, "offline")
        assert [r.state for r in session.journal.club_results(session.game_id)] == ["sent", "waiting", "waiting"]
        server.start()
        session.settle(30)
        assert session.view().club == "All results sent to the club server"
        game = session.model.play.game if session.model.play else None
        assert game is not None
        table = server.table(eid, 1)
        assert table["deals"] == 3 and table["scores"] == list(game.scores)
        assert server.stored(eid, 1) == [(1, "3 4 nil 5 / 4 4 0 5"), (2, "4 3 2 3 / 4 3 3 3"), (3, "2 2 2 2 / 5 3 2 3")]
    finally:
        server.stop()
        server.store.close()


def test_a_refusal_is_said_in_the_tables_language(club: ClubServer, sessions: Callable[..., Session]) -> None:
    eid = club.evening("hearts")
    code = club.code(eid, 1)
    session = sessions()
    german = lang_with_translations("de")
    session.langs["de"] = german
    joined(session, club.base, code)
    for line in ("type dealer 0", "mode quick", "score 0 13 5 8"):
        assert session.submit(line).error is None
    session.settle(20)
    club.store.revoke_code(eid, 1, "test")
    assert session.submit("score 26 0 0 0").error is None
    until(lambda: session.desk.refused() is not None, session, "the refusal")
    english = session.view()
    assert english.club_problem == (
        "The club server did not take deal 2. "
        "This table code was revoked: ask the organiser for the new one and tap “New table code”."
    )
    assert english.club == "1 result waiting for the club server" and english.club_alert
    assert {"club retry", "club code"} <= {b.intent for b in english.buttons}
    deutsch = session.submit("lang de")
    assert deutsch.club_problem == (
        "Der Clubserver hat Spiel 2 nicht angenommen. "
        "Dieser Tischcode ist gesperrt: den Organisator nach dem neuen fragen und „Neuer Tischcode“ antippen."
    )
    assert deutsch.club == "1 Ergebnis wartet auf den Clubserver"
    labels = {b.intent: b.label for b in deutsch.buttons}
    assert labels["club retry"] == "Erneut senden" and labels["club code"] == "Neuer Tischcode"
    server_text = "this table code was revoked: ask the organiser for a new one"
    assert server_text not in json.dumps([english.club_problem, deutsch.club_problem])
    # Kept, not sent blindly again: the row stays refused until the table acts.
    assert [r.state for r in session.journal.club_results(session.game_id)] == ["sent", "refused"]
    # A new code from the organiser, typed in: the result goes, once.
    new = club.code(eid, 1)
    assert session.submit("club code").typing
    session.submit(f"type {new}")
    session.submit("type ok")
    session.settle(20)
    assert session.view().club == "Alle Ergebnisse an den Clubserver gesendet"
    assert club.stored(eid, 1) == [(1, "0 13 5 8"), (2, "26 0 0 0")]
    # Another kiosk stored deal 3 of the table first: the server has another result, said in words.
    other = {"kiosk": "k-other", "game": "1", "seq": 1, "round": 1, "table": 1, "deal": 3, "score": "1 2 10 13"}
    reply = httpx.post(f"{club.base}/api/results", json=other, headers={"Authorization": f"Bearer {new}"})
    assert reply.status_code == 201
    session.submit("lang en")
    assert session.submit("score 5 5 8 8").error is None
    until(lambda: session.desk.refused() is not None, session, "the second refusal")
    assert session.view().club_problem == (
        "The club server did not take deal 3. "
        "The club server has another result for deal 3: the organiser can correct it there."
    )


def test_a_deal_sent_after_its_round_is_over_is_kept_for_the_organiser(
    club: ClubServer, sessions: Callable[..., Session]
) -> None:
    eid = club.evening("hearts")
    session = sessions()
    joined(session, club.base, club.code(eid, 1))
    for line in ("type dealer 0", "mode quick", "score 0 13 5 8"):
        assert session.submit(line).error is None
    session.settle(20)
    club.store.draw_round(eid, seat_round, "test")  # the organiser draws round 2 while this table still plays
    assert session.submit("score 26 0 0 0").error is None
    session.settle(20)
    kept = (
        "Round 1 was over when deal 2 reached the club server: "
        "it is kept for the organiser, who decides whether it counts."
    )
    view = session.view()
    assert view.club_problem == kept and view.club == "All results sent to the club server"
    assert session.desk.refused() is None  # not refused: nothing to send again
    assert [r.state for r in session.journal.club_results(session.game_id)] == ["sent", "sent"]
    assert session.club_line() == f"0 waiting, 0 refused, 2 sent, 1 kept for the organiser: {kept}"
    late = club.store.late(eid)
    assert [(k.round, k.table, k.deal, k.score, k.action) for k in late] == [(1, 1, 2, "26 0 0 0", None)]
    assert club.stored(eid, 1) == [(1, "0 13 5 8")]
    session.langs["de"] = lang_with_translations("de")
    assert session.submit("lang de").club_problem == (
        "Das Ergebnis von Spiel 2 ist erst nach dem Ende von Durchgang 1 eingegangen. "
        "Es wird zurückgestellt; die Spielleitung entscheidet, ob es gewertet wird."
    )
    # A refusal says why on the command line too, in the table's language (``--stdin`` prints this line).
    club.store.revoke_code(eid, 1, "test")
    assert session.submit("score 1 2 10 13").error is None
    until(lambda: session.desk.refused() is not None, session, "the refusal")
    assert session.club_line() == (
        "0 waiting, 1 refused, 2 sent, 1 kept for the organiser: Der Clubserver hat Spiel 3 nicht angenommen. "
        "Dieser Tischcode ist gesperrt: den Organisator nach dem neuen fragen und „Neuer Tischcode“ antippen."
    )


def test_undoing_a_deal_the_server_has_tells_the_table(club: ClubServer, sessions: Callable[..., Session]) -> None:
    eid = club.evening("hearts")
    session = sessions()
    joined(session, club.base, club.code(eid, 2))
    for line in ("type dealer 1", "mode quick", "score 0 13 5 8", "score 26 0 0 0"):
        assert session.submit(line).error is None
    session.settle(20)
    view = session.submit("undo")
    assert view.notice == "Undone: the deal's result"
    assert view.club_problem == "Deal 2 was already sent to the club server: only the organiser can change it there."
    view = session.submit("score 0 26 0 0")
    assert view.club_problem == (
        "Deal 2 differs from the result the club server has: ask the organiser to correct it there."
    )
    view = session.submit("undo")
    view = session.submit("score 26 0 0 0")  # as sent: nothing to say
    assert view.club_problem == "" and view.club == "All results sent to the club server"
    session.settle(20)
    assert club.stored(eid, 2) == [(1, "0 13 5 8"), (2, "26 0 0 0")]
    # A deal not sent yet and undone is withdrawn, never sent.
    club.store.revoke_code(eid, 2, "test")
    assert session.submit("score 1 2 10 13").error is None
    until(lambda: session.desk.refused() is not None, session, "the refusal")
    session.submit("undo")
    assert [r.state for r in session.journal.club_results(session.game_id)][-1] == "withdrawn"
    assert session.view().club == "All results sent to the club server"


def test_the_rounds_deals_end_the_tables_game_at_the_club(club: ClubServer, sessions: Callable[..., Session]) -> None:
    eid = club.evening("hearts", deals=2)
    session = sessions()
    joined(session, club.base, club.code(eid, 1))
    for line in ("type dealer 0", "mode quick", "score 0 13 5 8", "score 26 0 0 0"):
        assert session.submit(line).error is None
    view = session.view()
    assert view.status == "The round's 2 deals are played." and view.buttons[0].intent == "club next"
    session.settle(20)
    assert club.table(eid, 1)["finished"]
    view = session.submit("club next")
    session.settle(20, sending=False)
    assert session.view().error == "Table 1 has finished round 1: join again once the next round is drawn."
    club.store.draw_round(eid, seat_round, "test")
    session.submit("club next")
    session.settle(20, sending=False)
    view = session.view()
    assert view.status.startswith("Who deals first?") and view.notice == "Friday night: table 1, round 2"


def test_a_kiosk_that_replaces_a_tables_goes_on_from_the_deals_the_server_has(
    club: ClubServer, sessions: Callable[..., Session]
) -> None:
    """A table's kiosk breaks mid-round: another, with a journal of its own, joins with the table's code."""
    eid = club.evening("spades", names=["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])
    code = club.code(eid, 1)
    first = sessions(name="first.sqlite3")
    joined(first, club.base, code)
    for line in ("type dealer 2", "mode quick", "score 3 4 nil 5 / 4 4 0 5", "score 2 3 3 4 / 2 4 3 4"):
        assert first.submit(line).error is None, line
    first.settle(20)
    assert club.stored(eid, 1) == [(1, "3 4 nil 5 / 4 4 0 5"), (2, "2 3 3 4 / 2 4 3 4")]
    # The organiser voids nothing, corrects nothing: the second kiosk takes the two deals over.
    second = sessions(name="second.sqlite3")
    view = joined(second, club.base, code)
    assert view.notice == "Table 1, round 1: the club server's 2 deals are on the score sheet; play goes on."
    play, before = second.model.play, first.model.play
    assert play is not None and before is not None and play.mode == "cards"
    assert play.names == before.names and play.game.scores == before.game.scores == club.table(eid, 1)["scores"]
    assert play.game.dealer == before.game.dealer  # the third deal is dealt by the same player
    assert [(r.deal, r.state) for r in second.journal.club_results(second.game_id)] == [(1, "sent"), (2, "sent")]
    assert second.view().club == "All results sent to the club server"
    # The third deal, entered on the new kiosk, reaches the server once; nothing before it is sent again.
    for line in ("mode quick", "score 4 3 3 3 / 5 3 2 3"):
        assert second.submit(line).error is None, line
    second.settle(20)
    assert club.stored(eid, 1) == [
        (1, "3 4 nil 5 / 4 4 0 5"),
        (2, "2 3 3 4 / 2 4 3 4"),
        (3, "4 3 3 3 / 5 3 2 3"),
    ]
    assert club.table(eid, 1)["scores"] == second.model.play.game.scores
    # A voided deal cannot be entered: the table is told to ask the organiser, as before.
    voided = club.store.results(eid)[1]
    club.store.change_result(eid, voided.id, None, "misdeal", "test", lambda ds: None)
    third = sessions(name="third.sqlite3")
    assert joined(third, club.base, code).error == (
        "The club server already has 3 deals of table 1 in round 1: ask the organiser."
    )


# -- the journal ------------------------------------------------------------------------------------------------


def test_an_older_journal_keeps_its_games_and_gets_the_club_tables_when_it_joins(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    script = game_script("hearts", seed=2)[:80]
    journal = Journal(path)
    game = journal.new_game("hearts", "Ann Ben Cat Dan")
    for line in script:
        journal.append(game, line)
    journal.close()
    with sqlite3.connect(path) as con:  # as a version-2 kiosk left it: no checksums
        con.execute("ALTER TABLE entries DROP COLUMN crc")
        con.execute("PRAGMA user_version=2")
    journal = Journal(path)
    assert journal.db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert journal.entries(game) == script and journal.notice is None
    journal.close()
    before = path.read_bytes()
    journal = Journal(path)
    assert journal.club_links() == {} and journal.club_results() == []
    tables = {r[0] for r in journal.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert tables == {"games", "entries"}  # nothing added before the kiosk joins an evening
    journal.close()
    assert len(path.read_bytes()) == len(before)
    journal = Journal(path)
    kiosk = journal.kiosk_id()
    tables = {r[0] for r in journal.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"settings", "club_games", "club_results"} <= tables
    journal.close()
    assert Journal(path).kiosk_id() == kiosk  # made once, kept


# -- every club screen's targets --------------------------------------------------------------------------------


def club_views(club: ClubServer, session: Session) -> dict[str, View]:
    eid = club.evening("hearts")
    views = {"address": session.submit("club")}
    for c in club.base:
        session.submit(f"type {c}")
    views["code"] = session.submit("type ok")
    code = club.code(eid, 1)
    views["dealer"] = joined(session, club.base, code)
    for line in ("type dealer 0", "mode quick", "score 0 13 5 8"):
        session.submit(line)
    session.settle(20)
    club.store.draw_round(eid, seat_round, "test")  # round 1 is over: the next deal is kept for the organiser
    session.submit("score 26 0 0 0")
    until(lambda: session.desk.kept() is not None, session, "the late result kept")
    session.submit("mode cards")
    views["kept"] = session.view()
    session.submit("mode quick")
    club.store.revoke_code(eid, 1, "test")
    session.submit("score 1 2 10 13")
    until(lambda: session.desk.refused() is not None, session, "the refusal")
    session.submit("mode cards")
    views["refused"] = session.view()
    views["new code"] = session.submit("club code")
    return views


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_club_screen_keeps_its_targets_on_every_screen(
    club: ClubServer, sessions: Callable[..., Session], lang: str
) -> None:
    session = sessions(lang)
    views = club_views(club, session)
    pygame.display.init()
    pygame.font.init()
    try:
        for size in SIZES:
            surface = pygame.Surface(size)
            for name, view in views.items():
                screen = Screen(surface)
                screen.draw(view)
                targets = screen.targets
                assert {b.intent for b in view.buttons if b.enabled} <= {t.intent for t in targets}, (name, size)
                small = [t.intent for t in targets if t.rect.width < MIN_TARGET or t.rect.height < MIN_TARGET]
                off = [t.intent for t in targets if not surface.get_rect().contains(t.rect)]
                clash = [
                    (a.intent, b.intent)
                    for i, a in enumerate(targets)
                    for b in targets[i + 1 :]
                    if a.intent != b.intent and a.rect.colliderect(b.rect)
                ]
                assert not small and not off and not clash, (name, size, small, off, clash)
    finally:
        pygame.quit()


def test_every_message_of_the_kiosk_is_translated_in_every_language() -> None:
    """Every message of the kiosk has its translation in the four catalogs, or in this work's translations
    (build/translations/kiosk-club.json, merged into the catalogs by the maintainer)."""
    import ast

    ids: set[str] = set()
    for path in (ROOT / "kiosk").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("N_", "NN_"):
                first = node.args[0]
                assert isinstance(first, ast.Constant) and isinstance(first.value, str), ast.dump(node)
                ids.add(first.value)
    pending: dict[str, dict[str, object]] = {}
    if TRANSLATIONS.exists():
        for entry in json.loads(TRANSLATIONS.read_text(encoding="utf-8")):
            pending[entry["id"][0] if isinstance(entry["id"], list) else entry["id"]] = entry
    for code in ("de", "nl", "it", "he"):
        catalog = read_catalog(locales_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.po", code)
        missing = []
        for msgid in sorted(ids):
            known = catalog.get(msgid)
            strings = known.string if known is not None else None
            done = any(strings) if isinstance(strings, tuple | list) else bool(strings)
            if not done and not (msgid in pending and pending[msgid].get(code)):
                missing.append(msgid)
        assert not missing, (code, missing)


def test_the_documented_dealer_entry_starts_a_club_game_over_stdin(club: ClubServer, tmp_path: Path) -> None:
    """Issue 20: ``dealer 0`` (the README's entry) works at a club's table as at any other, over ``--stdin``."""
    eid = club.evening("hearts")
    code = club.code(eid, 2)
    kiosk = Kiosk(tmp_path / "kiosk.sqlite3")
    try:
        assert kiosk.say(f"join {club.base}/api/tables/2#code={code}") == "ack 0"
        assert kiosk.say("dealer 1") == "ack 2"
        assert kiosk.say("mode quick") == "ack 3"
        assert kiosk.say("score 0 13 5 8") == "ack 4"
        assert kiosk.say("club wait 20") == "club: 0 waiting, 0 refused, 1 sent"
    finally:
        kiosk.close()
    assert club.stored(eid, 2) == [(1, "0 13 5 8")]
    journal = Journal(tmp_path / "kiosk.sqlite3")
    players = club.table(eid, 2)["players"]
    assert journal.entries(1)[:2] == [f"new hearts {' '.join(seat_name(p) for p in players)}", "dealer 1"]
    journal.close()


# -- the kill test -----------------------------------------------------------------------------------------------


class Kiosk:
    """``trickbook kiosk --stdin`` on a journal: lines in, one answer line out for each."""

    def __init__(self, journal: Path) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "trickbook", "kiosk", "--db", str(journal), "--stdin"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONWARNINGS": "ignore"},
        )

    def say(self, line: str) -> str:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def first(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=20)


def journal_rows(path: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True) as con:
        return [(int(r[0]), str(r[1])) for r in con.execute("SELECT deal, state FROM club_results ORDER BY seq")]


@pytest.mark.slow
def test_a_kiosk_killed_before_sending_a_deal_sends_it_after_restart_once(tmp_path: Path) -> None:
    server = ClubServer(tmp_path / "club")
    server.start()
    journal = tmp_path / "kiosk.sqlite3"
    try:
        eid = server.evening("hearts")
        code = server.code(eid, 1)
        kiosk = Kiosk(journal)
        assert kiosk.say(f"join {server.base}/api/tables/1#code={code}") == "ack 0"
        assert kiosk.say("type dealer 0") == "ack 2"
        assert kiosk.say("mode quick") == "ack 3"
        assert kiosk.say("score 0 13 5 8") == "ack 4"
        assert kiosk.say("club wait 20") == "club: 0 waiting, 0 refused, 1 sent"
        server.stop()  # the deal that follows cannot be sent ...
        assert kiosk.say("score 26 0 0 0") == "ack 5"
        kiosk.kill()  # ... and the kiosk dies with it acknowledged, not sent
        assert journal_rows(journal) == [(1, "sent"), (2, "waiting")]
        server.start()
        for again in (False, True):  # started again: the waiting result goes, once
            if again:  # as if killed after the server stored it but before the journal said so
                with sqlite3.connect(journal) as con:
                    con.execute("UPDATE club_results SET state = 'waiting', answer = '' WHERE deal = 2")
            kiosk = Kiosk(journal)
            assert kiosk.first().startswith("resumed ")
            assert kiosk.say("club wait 20") == "club: 0 waiting, 0 refused, 2 sent"
            kiosk.close()
            assert server.stored(eid, 1) == [(1, "0 13 5 8"), (2, "26 0 0 0")]
        with sqlite3.connect(journal) as con:
            answer = con.execute("SELECT answer FROM club_results WHERE deal = 2").fetchone()[0]
        assert json.loads(answer)["status"] == 200  # "already stored"
        assert server.table(eid, 1)["scores"] == [26, 13, 5, 8]
    finally:
        server.stop()
        server.store.close()


def test_a_penalty_booked_at_the_table_goes_with_its_deal() -> None:
    """A confirmed revoke is sent with the deal it belongs to, whenever the table confirmed it."""
    from test_kiosk_core import EUCHRE, EUCHRE_DEAL, EUCHRE_REST, EUCHRE_REVOKE, run

    from club.notation import read_score
    from club.tally import Deal, replay
    from kiosk.clublink import wanted
    from kiosk.journal import ClubLink
    from referee import load_ruleset

    link = ClubLink("http://club.test", "code", 1, "Friday night", 1, 1)
    during = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_REVOKE, "confirm", *EUCHRE_REST])
    open_flag = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_REVOKE, *EUCHRE_REST])
    after = run(["confirm"], open_flag)
    dismissed = run(["dismiss"], open_flag)
    for model in (during, after):
        assert model.play is not None
        assert wanted(model.play, link) == [(1, "0 1 0 1 penalty 2 0 2 0", 0)]
        # The club server's replay of what the kiosk sends gives the kiosk's scores.
        sent = [Deal(n, read_score(text), dealer) for n, text, dealer in wanted(model.play, link)]
        assert replay(load_ruleset("euchre"), 4, sent).scores == model.play.game.scores == [2, 1, 2, 1]
    assert open_flag.play is not None and wanted(open_flag.play, link) == []  # decided on the summary first
    assert dismissed.play is not None and wanted(dismissed.play, link) == [(1, "0 1 0 1", 0)]
