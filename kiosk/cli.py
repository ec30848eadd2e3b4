"""``trickbook kiosk``: the referee kiosk, interactive or scripted.

Exit codes (the same list is in ``--help`` and the README): see EXIT_STATUSES.
In each case but 0 one line on stderr says what and where; with 3, 4 and 6
the journal was left exactly as it was.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import sys
from pathlib import Path

import click

from wording.i18n import LANGUAGES, CatalogError

from .journal import Journal, JournalError, default_path
from .session import Session, read_script, uncommented
from .view import View

# The club's network stack (httpx, of `pip install 'trickbook[kiosk]'`) is imported only once a club evening or the
# kiosk's idle work needs it: an install without it is found here, where trickbook's command group turns the error
# into the pip install that adds it, rather than when a table joins an evening.
if importlib.util.find_spec("httpx") is None:
    raise ModuleNotFoundError("No module named 'httpx'", name="httpx")

EXIT_SET_ASIDE = 5
# Every status the command exits with; click's --help shows this text as it stands (\b keeps its lines).
EXIT_STATUSES = """\b
Exit statuses:
  0  all went well
  1  a one-line error: a ruleset that cannot be used, a club evening that cannot be joined
  2  a wrong command line
  3  the journal cannot be written: a read-only folder or file (left as it was)
  4  no room to write the journal: a full disk or a file-size limit (left as it was)
  5  the run went on, but the journal was not as it was left: a damaged journal recovered (how many
     entries of how many, which lost; the damaged file kept aside), another program's file or -wal set
     aside, or an entry its game could not replay (left out, kept in the journal)
  6  another I/O error of the journal (left as it was)"""


def journal_fault(error: JournalError) -> click.ClickException:
    """A journal that cannot be written: its message, and its own exit code."""
    fault: type[click.ClickException] = type("JournalFault", (click.ClickException,), {"exit_code": error.exit_code})
    return fault(str(error))


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise click.BadParameter(f"{text!r}: write WIDTHxHEIGHT, e.g. 1280x800") from None
    if w < 320 or h < 240:
        raise click.BadParameter("the smallest size is 320x240")
    return w, h


def _drawing() -> None:
    """Check that the packages the kiosk draws with are installed (`pip install trickbook` leaves them out)."""
    try:
        import bidi  # noqa: F401 - Hebrew's lines
        import pygame  # noqa: F401 - the window
    except ModuleNotFoundError as exc:
        raise click.ClickException(
            f"trickbook kiosk needs packages this install lacks ({exc.name}): pip install 'trickbook[kiosk]'"
        ) from None


@click.command(epilog=EXIT_STATUSES)
@click.option("--ruleset", default=None, help="Start a new game of this ruleset (bundled id or YAML file).")
@click.option("--players", "names", default=None, help="Player names, comma-separated, clockwise from seat 0.")
@click.option("--lang", default="en", type=click.Choice(LANGUAGES), show_default=True)
@click.option("--fullscreen", is_flag=True, help="Fill the screen, at the display's own size.")
@click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The journal file (default: kiosk.sqlite3 in the user's data folder).",
)
@click.option(
    "--replay",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="Run a script of intents (one per line) instead of reading input.",
)
@click.option(
    "--screenshot",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="With --replay: save the final screen as PNG.",
)
@click.option("--size", default="1280x800", show_default=True, help="Window size, WIDTHxHEIGHT.")
@click.option(
    "--stdin",
    "from_stdin",
    is_flag=True,
    help="Read intents from standard input, one per line; print 'ack N' once each is committed.",
)
@click.option(
    "--club",
    "club",
    default=None,
    metavar="ADDRESS",
    help="Join a club evening: the club server's address, or the whole address of the table's QR code.",
)
@click.option("--code", default=None, help="With --club: the table code from the organiser.")
@click.option(
    "--export",
    "export_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="With --replay or --stdin: write the game record (JSON and CSV) to this folder at the end.",
)
def kiosk(
    ruleset: str | None,
    names: str | None,
    lang: str,
    fullscreen: bool,
    db: Path | None,
    replay: Path | None,
    screenshot: Path | None,
    size: str,
    from_stdin: bool,
    club: str | None,
    code: str | None,
    export_dir: Path | None,
) -> None:
    """The referee kiosk: enter each card (or each deal's result) of a real game.

    At start-up it goes straight back into the game left unfinished (a power cut, a crash) and says how many of
    its entries it restored.
    """
    dims = _size(size)
    if not from_stdin and (replay is None or screenshot is not None):
        _drawing()  # before the journal is opened: a window without pygame would fail only later
    try:
        # A window that opens on what the journal holds (the game left unfinished, or the setup screen) writes
        # nothing before its first frame: the whole file's check (0.1-0.2 s for a thousand games) waits until
        # that frame is shown, and is done before any input is taken (_run: check_journal).
        later = not from_stdin and replay is None and not ruleset and club is None
        journal = Journal(":memory:" if replay and db is None else (db or default_path()), check=not later)
        session = Session(journal, lang)
    except CatalogError as exc:
        raise click.ClickException(str(exc)) from None
    except JournalError as exc:
        raise journal_fault(exc) from None
    for notice in journal.notices:
        click.echo(notice, err=True)
    said = len(journal.notices)
    if code is not None and club is None:
        raise click.UsageError("--code goes with --club")
    try:
        if club is not None and not from_stdin:
            session.submit(f"join {' '.join(club.split())} {''.join((code or '').split())}".strip())
            if session.club_error:
                raise click.ClickException(session.club_error)
        _run(session, ruleset, names, replay, screenshot, dims, fullscreen, from_stdin, export_dir, club, code)
    except JournalError as exc:
        raise journal_fault(exc) from None
    finally:
        session.close()
        for notice in journal.notices[said:]:  # what a run with a window said only on its screen
            if not from_stdin and replay is None:
                click.echo(notice, err=True)
    if journal.notices:
        raise SystemExit(EXIT_SET_ASIDE)


def _run(
    session: Session,
    ruleset: str | None,
    names: str | None,
    replay: Path | None,
    screenshot: Path | None,
    dims: tuple[int, int],
    fullscreen: bool,
    from_stdin: bool,
    export_dir: Path | None,
    club: str | None = None,
    code: str | None = None,
) -> None:
    if from_stdin:
        _stdin_loop(session, club, code)
        if export_dir is not None:
            session.export(export_dir)
        return
    if ruleset:
        session.submit(f"new {ruleset} {' '.join((names or '').split(','))}".strip())
        if session.model.error:
            raise click.ClickException(str(session.model.error))
    if replay is not None:
        view = session.view()
        overlay = None  # `ui sheet`, `ui help`: what the Tab and F1 keys show, for the screenshot
        for number, line in read_script(replay):
            if line.split()[:1] == ["ui"]:
                overlay = line.split()[1] if len(line.split()) == 2 and line.split()[1] in ("sheet", "help") else None
                continue
            said = len(session.journal.notices)
            view = session.submit(line)
            for notice in session.journal.notices[said:]:
                click.echo(notice, err=True)
            if session.refused is not None:
                click.echo(f"{replay}:{number}: {line}: {session.refused}", err=True)
            elif view.error and session.model.error is not None:
                click.echo(f"{replay}:{number}: {line}: {view.error}", err=True)
        if screenshot is not None:
            from .app import render_to_file

            render_to_file(view, dims, screenshot, overlay)
            click.echo(f"saved {screenshot}", err=True)
        if export_dir is not None:
            for path in session.export(export_dir):
                click.echo(f"saved {path}", err=True)
        return
    if screenshot is not None:
        raise click.UsageError("--screenshot goes with --replay")
    if not ruleset and club is None:
        session.reopen()  # the game left unfinished, if any, with how many of its entries came back
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux"):
        os.environ.setdefault("SDL_VIDEODRIVER", "x11")
    from .app import run, wake

    session.on_wake = wake  # the club's threads wake the frame loop; it takes what they brought

    def poll() -> View | None:
        return session.view() if session.poll() else None

    def checked() -> View | None:
        return session.view() if session.check_journal() else None

    first = session.view()
    run(session.submit, first, dims, fullscreen, poll, session.idle_slices(), session.idle_views(), checked)


def _stdin_loop(session: Session, club: str | None = None, code: str | None = None) -> None:
    """Scripted, durable use: resume the last unfinished game, then take intents.

    Each accepted intent is committed before ``ack N`` (N: entries in the
    game's journal) is printed; a refused one prints ``refused: why``.
    A club evening: ``join ADDRESS [CODE]`` (or ``--club``) waits for the
    server's answer; results are sent in the background, and ``club wait
    [SECONDS]`` waits until none waits to be sent (at most SECONDS, 15 by
    default); ``club`` and ``club wait`` print ``club: N waiting ...``.
    """
    journal = session.journal
    said = len(journal.notices)
    resumed = session.resume_last()
    for notice in journal.notices[said:]:  # a damaged journal found while reading the game
        click.echo(notice, err=True)
    if resumed is not None:
        click.echo(f"resumed {resumed} {len(session.model.entries)}", err=False)
    lines = iter(sys.stdin)
    if club is not None:
        lines = itertools.chain([f"join {club} {code or ''}"], lines)
    for raw in lines:
        line = uncommented(raw)
        if not line:
            continue
        session.poll()  # the server's answers since the last line go into the journal
        words = line.split()
        if words[0] == "club" and words[1:2] in ([], ["wait"]):
            if words[1:2] == ["wait"]:
                session.settle(float(words[2]) if len(words) > 2 and _number(words[2]) else 15.0)
            click.echo(f"club: {session.club_line()}")
            sys.stdout.flush()
            continue
        said = len(journal.notices)
        session.submit(line)
        if words[0] == "join":
            session.settle(15.0, sending=False)  # the server's answer: the players, or why not
            if session.club_error:
                click.echo(f"refused: {session.club_error}")
                sys.stdout.flush()
                continue
        for notice in journal.notices[said:]:
            click.echo(notice, err=True)
        if session.refused is not None:
            click.echo(f"refused: {session.refused}")
        elif session.model.error is not None:
            click.echo(f"refused: {session.model.error}")
        else:
            click.echo(f"ack {len(session.model.entries)}")
        sys.stdout.flush()


def _number(text: str) -> bool:
    try:
        return float(text) >= 0
    except ValueError:
        return False
