"""After a crash the kiosk opens in the game, and says what came back (issue 20).

A real ``trickbook kiosk --stdin`` is killed (SIGKILL) mid-game, then the
windowed command (``trickbook kiosk --db ...``, in this process) starts on
SDL's dummy display, as tests/test_kiosk_pygame.py drives the screen: its
first frame must be the game itself, not the setup screen with a Resume
button, and say how many entries were restored (or, on a damaged journal, how
many were recovered of how many, and which were lost). An entry the game's
replay refuses is said and kept, never dropped without a word.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import subprocess
from pathlib import Path

import pygame
import pytest
from click.testing import CliRunner
from test_kiosk_durability import ENV, TRICKBOOK, Kiosk

from kiosk.app import App
from kiosk.cli import EXIT_SET_ASIDE, kiosk
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import View

SCRIPT = game_script("hearts", 1)
ACKED = 60


def killed_mid_game(db: Path, count: int = ACKED) -> None:
    """A kiosk that took ``count`` entries (each acknowledged) and was then killed, as a power cut would."""
    proc = Kiosk(db)
    for n, line in enumerate(SCRIPT[:count], start=1):
        proc.send(line.encode() + b"\n")
        assert proc.readline() == f"ack {n}"
    proc.kill()


def frames_drawn(
    db: Path, monkeypatch: pytest.MonkeyPatch, *args: str
) -> tuple[list[tuple[View, list[str]]], int, str]:
    """Start the windowed kiosk on the journal, closed (a QUIT event) once its first frame is drawn: each frame it
    drew (its view and on-screen targets), its exit status, and what it said on stderr."""
    frames: list[tuple[View, list[str]]] = []
    render = App.render

    def drawn(app: App) -> None:
        render(app)
        frames.append((app.view, [t.intent for t in app.screen.targets]))
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(App, "render", drawn)
    result = CliRunner().invoke(kiosk, ["--db", str(db), "--size", "1280x800", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return frames, result.exit_code, result.stderr


def first_frame(db: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> tuple[View, list[str], int, str]:
    """The first frame's view and on-screen targets, the exit status and stderr of a kiosk that drew only it."""
    frames, status, err = frames_drawn(db, monkeypatch, *args)
    assert len(frames) == 1
    return frames[0][0], frames[0][1], status, err


def test_after_a_crash_the_kiosk_opens_in_the_game_and_says_how_many_entries_came_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "kiosk.sqlite3"
    killed_mid_game(db)
    view, targets, status, err = first_frame(db, monkeypatch)
    assert (status, err) == (0, "")
    assert "resume 1" not in targets and not any(t.startswith(("setup ", "pick ")) for t in targets)
    assert any(t.startswith("card ") for t in targets)  # the card grid: the game, where it stood
    assert view.notice == f"Resumed: the game's {ACKED} entries were restored, nothing was lost."
    held = Journal(db)
    assert (held.notice, held.entries(1)) == (None, SCRIPT[:ACKED])
    held.close()


def test_in_the_tables_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "kiosk.sqlite3"
    killed_mid_game(db, 7)
    view, _, status, _ = first_frame(db, monkeypatch, "--lang", "de")
    assert status == 0
    assert view.notice == "Fortgesetzt: alle 7 Eingaben der Partie wiederhergestellt, nichts ging verloren."


def test_a_damaged_journal_opens_in_the_game_saying_what_was_recovered_and_lost(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "kiosk.sqlite3"
    killed_mid_game(db)
    data = db.read_bytes()
    at = data.find(SCRIPT[40].encode())  # entry 41's text, one byte changed: "card 7D" reads "card-7D"
    assert at > 0 and data.find(SCRIPT[40].encode(), at + 1) == -1
    damaged = data[: at + 4] + b"-" + data[at + 5 :]
    db.write_bytes(damaged)
    view, targets, status, err = first_frame(db, monkeypatch)
    assert status == EXIT_SET_ASIDE
    assert err.count("\n") == 1 and "40 of 60 entries recovered" in err and "kiosk.sqlite3.damaged-1" in err
    assert any(t.startswith("card ") for t in targets) and "resume 1" not in targets
    assert view.notice == (
        "The journal was damaged: 40 of 60 entries were recovered and 20 were lost."
        " The damaged file is kept as kiosk.sqlite3.damaged-1."
        " The game of Ann, Ben, Cat, and Dan lost its last 20 entries, from entry 41."
    )
    assert (tmp_path / "kiosk.sqlite3.damaged-1").read_bytes() == damaged
    held = Journal(db)
    assert held.entries(1) == SCRIPT[:40]
    held.close()


def test_an_entry_the_replay_refuses_is_said_and_kept(tmp_path: Path) -> None:
    """An entry whose checksum is right but which the game's replay refuses (a kiosk of another version wrote it,
    or a house rule's file changed since): named on stderr, status 5, left out of the game, kept in the journal."""
    lines = [*SCRIPT[:11], "card 5*", *SCRIPT[11:20]]
    db = tmp_path / "kiosk.sqlite3"
    journal = Journal(db)
    game = journal.new_game("hearts", "Ann Ben Cat Dan")
    for line in lines:
        journal.append(game, line)
    journal.close()
    again = subprocess.run(
        [str(TRICKBOOK), "kiosk", "--stdin", "--db", str(db)], input=b"", capture_output=True, env=ENV, timeout=60
    )
    err = again.stderr.decode()
    assert again.returncode == EXIT_SET_ASIDE, err
    assert err == (
        "game 1: entry 12 of the journal could not be replayed and is left out of the game; it stays in the"
        " journal (entry 12, 'card 5*': 5* is not a card: write the rank, then the suit (QS, 10H).)\n"
    )
    assert again.stdout == f"resumed 1 {len(lines) - 1}\n".encode()
    held = Journal(db)
    assert held.entries(1) == lines  # every entry kept
    session = Session(held)  # and on the screen, in the table's words, over the game resumed
    assert session.reopen() == 1
    assert (
        session.view().notice == "Entry 12 of this game could not be replayed and is left out; it stays in the journal."
    )
    held.close()


def test_damage_only_the_whole_file_check_finds_is_said_on_the_frame_after_the_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole file's check (PRAGMA quick_check reads every page: 0.1-0.2 s for a thousand games) waits until the
    first frame is shown, and runs before any input is taken. Damage only it finds (a page of another game's
    entries) is said on the next frame, as at open: the game resumed from the recovered copy, every entry of it
    there, the damaged file kept aside byte for byte, one line on stderr and status 5."""
    db = tmp_path / "kiosk.sqlite3"
    session = Session(Journal(db))
    under_way = game_script("hearts", 2)[:40]
    for line in [*SCRIPT[:300], *under_way]:  # a game left for another, the one left half-played
        session.submit(line)
        assert session.model.error is None, line
    session.journal.close()
    data = bytearray(db.read_bytes())
    # The first leaf page of the entries table (the first game's first rows, which start-up does not read), its
    # page type changed: SQLite reads it as no page at all.
    at = next(
        n * 4096 for n in range(3, len(data) // 4096) if data[n * 4096] == 0x0D and b"card " in data[n * 4096 :][:4096]
    )
    data[at] = 0x07
    db.write_bytes(bytes(data))
    frames, status, err = frames_drawn(db, monkeypatch)
    assert status == EXIT_SET_ASIDE
    assert len(frames) == 2
    (first, first_targets), (after, targets) = frames
    assert first.notice == f"Resumed: the game's {len(under_way)} entries were restored, nothing was lost."
    assert any(t.startswith("card ") for t in first_targets)
    assert after.notice is not None and after.notice.startswith("The journal was damaged: ")
    assert "The game of Ann, Ben, Cat, and Dan lost its last" in after.notice  # the first game's
    assert any(t.startswith("card ") for t in targets) and "resume 2" not in targets  # still in the game
    assert err.count("\n") == 1 and "kiosk.sqlite3.damaged-1" in err and "entries recovered" in err
    assert (tmp_path / "kiosk.sqlite3.damaged-1").read_bytes() == bytes(data)
    held = Journal(db)
    assert held.entries(2) == under_way and held.notice is None
    held.close()
