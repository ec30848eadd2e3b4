"""``trickbook serve``: a live preview of the rule site for house-rule authors.

As ``mkdocs serve`` and ``pelican --autoreload`` do, :class:`Preview` builds the
site with :class:`~generator.site.Builder` into a temporary folder, and builds
it again whenever a source changes: a ruleset or a file it extends, a
catalog (``locales/*/LC_MESSAGES/*.po``, which :func:`wording.i18n.load_lang`
reads directly; the ``.mo`` files play no part), a template or the
stylesheet. Changes are found by polling modification times (a few dozen
files every 200 ms costs nothing and needs no watcher library).

A ruleset with problems does not stop the server: its pages show the problems
as ``trickbook validate`` prints them, the other rulesets' pages keep working,
and a fixed file brings its pages back with the next build. A template or
catalog that breaks the whole build turns every page into an error page saying
what is wrong and where, in one line a problem.

:class:`PreviewServer` serves the folder on 127.0.0.1. Only as served (never in
the built files) each HTML page gets one ``<script>`` that long-polls
``/__reload?since=N`` with the page's build number; the request returns as
soon as a newer build is there (or after 20 s), and the page reloads itself.
The preview's own pages (errors) are English, like the command line's
messages: they are for the author at the keyboard, not part of the site.
"""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from jinja2 import Environment, TemplateSyntaxError
from markupsafe import Markup

from referee import Ruleset, RulesetError, load_ruleset
from referee.errors import one_line
from referee.loader import display_name, locate, read_document
from wording.i18n import CatalogError, locales_dir

from . import figures
from .site import Builder, Page, SiteError, template_frame, write

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
RELOAD_PATH = "/__reload"
SCRIPT_PATH = "/__reload.js"
POLL_SECONDS = 0.2
LONG_POLL_SECONDS = 20.0
_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

# The page's half of the reload: ask for a build newer than the page's, and
# reload when one is there; while the server is away, ask again every second.
RELOAD_SCRIPT = """\
(() => {
  const build = document.currentScript.dataset.build;
  const poll = () =>
    fetch(`/__reload?since=${build}`, { cache: "no-store" })
      .then((response) => response.json())
      .then((answer) => (String(answer.build) === build ? poll() : location.reload()))
      .catch(() => setTimeout(poll, 1000));
  poll();
})();
"""

ERROR_PAGE = Environment(autoescape=True).from_string(
    """\
<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Problems · Trickbook preview</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1a1a1a; }
h1 { font-size: 1.4rem; color: #a40000; }
ol { padding-left: 1.5rem; }
li { font-family: ui-monospace, monospace; font-size: .9rem; margin: .4rem 0;
     white-space: pre-wrap; overflow-wrap: anywhere; }
</style>
</head>
<body>
<h1>{{ heading }}</h1>
<ol class="problems">
{% for line in problems %}
<li><bdi>{{ line }}</bdi></li>
{% endfor %}
</ol>
<p>Build {{ number }}. This page reloads by itself once the file is saved again.</p>
{{ script }}
</body>
</html>
"""
)


@dataclass(frozen=True)
class Outcome:
    """What one build left to serve."""

    number: int  # counts builds from 1; 0 before the first
    # Pages replaced by the problems of their ruleset ("en/my-rules.html" -> problem lines).
    page_problems: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Problems that stopped the whole build (a template, a catalog): every page shows them.
    site_problems: tuple[str, ...] = ()
    figures_pending: bool = False  # a build with the simulated figures follows

    def problems_for(self, page: str) -> tuple[str, ...]:
        if not page.endswith(".html"):
            return ()
        return self.site_problems or self.page_problems.get(page, ())


def describe_failure(exc: BaseException) -> list[str]:
    """What stopped a build, one line a problem, each saying where (``file:line: what``)."""
    if isinstance(exc, CatalogError | SiteError):
        return [one_line(line) for line in str(exc).splitlines() if line.strip()]
    # A template's error: its file and line (generator.site.template_frame); anything else (a bug): its
    # innermost frame.
    found = template_frame(exc)
    frames = traceback.extract_tb(exc.__traceback__)
    if found is None and frames:
        found = frames[-1].filename, frames[-1].lineno or 0
    where = f"{display_name(Path(found[0]))}:{found[1]}: " if found else ""
    if isinstance(exc, TemplateSyntaxError):
        return [one_line(f"{where}{exc.message}")]
    return [one_line(f"{where}{type(exc).__name__}: {exc}")]


def _page_id_guess(path: Path) -> str | None:
    """The id a ruleset file that does not load says it has, if it says one that can name a page."""
    try:
        value = read_document(path).data.get("id")
    except (RulesetError, OSError):
        return None
    return value if isinstance(value, str) and _SLUG.fullmatch(value) else None


class Preview:
    """The site of some rulesets in some languages, built into ``out_dir`` again after each change.

    ``build`` runs in one thread (the watcher); the server's threads read
    :attr:`outcome` and wait for the next one with :meth:`wait`.
    """

    def __init__(self, refs: Sequence[str], langs: Sequence[str], out_dir: Path) -> None:
        self.refs = list(refs)
        self.langs = list(langs)
        self.out_dir = out_dir
        self.outcome = Outcome(0)
        self.stopping = False
        self._changed = threading.Condition()
        self._ids: dict[str, str] = {}  # ref -> the id its pages were last built under
        self._bases: dict[str, tuple[Path, ...]] = {}  # ref -> the files it extends, as last loaded

    # -- what to watch ----------------------------------------------------------

    def watched(self) -> set[Path]:
        """Every file whose change calls for a new build."""
        files: set[Path] = set()
        for ref in self.refs:
            path = locate(ref)
            if path is not None:
                files.add(path)
                # A base that does not load yet is not in the chain: its siblings stand in for it.
                files.update(path.parent.glob("*.yaml"))
                files.update(path.parent.glob("*.yml"))
            files.update(self._bases.get(ref, ()))
        files.update(TEMPLATES.glob("*.html"))
        files.update(p for p in STATIC.iterdir() if p.is_file())
        files.update(locales_dir().glob("*/LC_MESSAGES/*.po"))
        return files

    def snapshot(self) -> dict[Path, tuple[int, int] | None]:
        """Modification time and size of each watched file (None: gone)."""
        out: dict[Path, tuple[int, int] | None] = {}
        for path in sorted(self.watched()):
            try:
                st = path.stat()
            except OSError:
                out[path] = None
                continue
            out[path] = (st.st_mtime_ns, st.st_size)
        return out

    def seen_after_build(self, before: dict[Path, tuple[int, int] | None]) -> dict[Path, tuple[int, int] | None]:
        """The watched files as a build saw them, from ``before``, the snapshot taken before it.

        A file saved during the build keeps its old state, so the next look sees
        the change; a file the build newly watches (a base it found) starts out as seen.
        """
        return {path: before.get(path, state) for path, state in self.snapshot().items()}

    # -- building ---------------------------------------------------------------

    def _chain(self, rules: Ruleset) -> tuple[Path, ...]:
        """The files ``rules`` extends, nearest first."""
        chain: list[Path] = []
        base = rules.base_path
        while base is not None and base not in chain:
            chain.append(base)
            try:
                base = load_ruleset(base).base_path
            except RulesetError:
                break
        return tuple(chain)

    def page_id(self, ref: str) -> str:
        """The id a ruleset's pages are served under, even while it does not load."""
        if ref in self._ids:
            return self._ids[ref]
        path = locate(ref)
        guess = _page_id_guess(path) if path is not None else None
        stem = Path(ref).stem
        return guess or (stem if _SLUG.fullmatch(stem) else "ruleset")

    @property
    def simulates(self) -> bool:
        """Whether a build simulates games for the pages' figures (then a quick build without them comes first)."""
        variable = getattr(figures, "GAMES_VARIABLE", None)
        return variable is not None and os.environ.get(variable, "").strip() != "0"

    @contextmanager
    def _figures(self, wanted: bool) -> Iterator[None]:
        """Within the block, builds have figures only if ``wanted``.

        The figures read their number of games from the environment (0: none).
        """
        variable = getattr(figures, "GAMES_VARIABLE", None)
        if wanted or variable is None:
            yield
            return
        before = os.environ.get(variable)
        os.environ[variable] = "0"
        try:
            yield
        finally:
            if before is None:
                del os.environ[variable]
            else:
                os.environ[variable] = before

    def build(self, with_figures: bool = True) -> Outcome:
        """Build the site once, publish the outcome and wake the waiting pages.

        Simulating the games behind a page's figures takes seconds for a ruleset
        the cache has not seen (every edit of a house rule), so the watcher first
        builds ``with_figures=False`` to reload the page at once, then again.
        """
        loaded: list[Ruleset] = []
        page_problems: dict[str, tuple[str, ...]] = {}
        owners: dict[str, str] = {}  # id -> the ruleset file that has it
        for ref in self.refs:
            try:
                rules = load_ruleset(ref)
            except RulesetError as exc:
                lines = tuple(str(p) for p in exc.problems)
                page = self.page_id(ref)
            else:
                self._bases[ref] = self._chain(rules)
                shown = display_name(rules.path) if rules.path else ref
                if rules.id in owners:  # two rulesets of one id would share (and fight over) one page
                    lines = (f"{shown}: the id {rules.id!r} is taken by {owners[rules.id]} in this preview",)
                    page = rules.id
                else:
                    owners[rules.id] = shown
                    self._ids[ref] = rules.id
                    loaded.append(rules)
                    continue
            for lang in self.langs:
                page_problems[f"{lang}/{page}.html"] = lines
        site_problems: tuple[str, ...] = ()
        try:
            with self._figures(with_figures):
                pages = Builder(loaded, self.langs).pages()
            self._publish(pages)
        except Exception as exc:  # whatever breaks a build is shown on the pages; the server goes on
            site_problems = tuple(describe_failure(exc))
        with self._changed:
            pending = not with_figures and self.simulates and not site_problems
            outcome = Outcome(self.outcome.number + 1, page_problems, site_problems, pending)
            self.outcome = outcome
            self._changed.notify_all()
        return outcome

    def _publish(self, pages: Sequence[Page]) -> None:
        """Write the pages, and remove what an earlier build wrote that this one did not."""
        write(pages, self.out_dir)
        keep = {(self.out_dir / page.path).resolve() for page in pages}
        for path in sorted(self.out_dir.rglob("*"), reverse=True):  # files before their folders
            if path.is_file() and path.resolve() not in keep:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()

    # -- the server's side --------------------------------------------------------

    def wait(self, since: int, timeout: float) -> Outcome:
        """The outcome, as soon as its build number differs from ``since`` (or after ``timeout`` seconds)."""
        with self._changed:
            self._changed.wait_for(lambda: self.outcome.number != since or self.stopping, timeout)
            return self.outcome

    def stop(self) -> None:
        """Release every waiting page request."""
        with self._changed:
            self.stopping = True
            self._changed.notify_all()

    def first_page(self) -> str:
        """The path of the first ruleset's page in the first language (the index when none was named)."""
        if not self.refs:
            return f"/{self.langs[0]}/index.html"
        return f"/{self.langs[0]}/{self.page_id(self.refs[0])}.html"


def script_tag(number: int) -> Markup:
    return Markup('<script src="{src}" data-build="{number}"></script>').format(src=SCRIPT_PATH, number=number)


def with_reload(html: bytes, number: int) -> bytes:
    """A page as the preview serves it: the reload script goes in before ``</body>``."""
    tag = str(script_tag(number)).encode("utf-8") + b"\n"
    at = html.rfind(b"</body>")
    return html + tag if at < 0 else html[:at] + tag + html[at:]


def error_page(problems: Iterable[str], number: int, whole_site: bool) -> bytes:
    heading = "The site could not be built" if whole_site else "This ruleset has problems"
    return ERROR_PAGE.render(heading=heading, problems=list(problems), number=number, script=script_tag(number)).encode(
        "utf-8"
    )


class PreviewHandler(SimpleHTTPRequestHandler):
    """Serves the built folder, the preview's error pages and the reload endpoint."""

    def __init__(self, *args: Any, preview: Preview, **kwargs: Any) -> None:
        self.preview = preview
        super().__init__(*args, directory=str(preview.out_dir), **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")  # a reload must fetch the stylesheet again too
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: the terminal shows builds and problems, not every request."""

    def _send(self, status: HTTPStatus, content_type: str, body: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self) -> None:
        self.do_GET()

    def do_GET(self) -> None:
        host = self.headers.get("Host")
        name = host.rpartition(":")[0] if host and ":" in host else host
        if host is not None and name not in ("127.0.0.1", "localhost"):
            # A page elsewhere that points its own name at 127.0.0.1 (DNS rebinding) reads nothing here.
            self._send(HTTPStatus.FORBIDDEN, "text/plain; charset=utf-8", b"the preview answers 127.0.0.1 only\n")
            return
        url = urlsplit(self.path)
        if url.path == RELOAD_PATH:
            self._reload(parse_qs(url.query))
            return
        if url.path == SCRIPT_PATH:
            self._send(HTTPStatus.OK, "text/javascript; charset=utf-8", RELOAD_SCRIPT.encode("utf-8"))
            return
        outcome = self.preview.outcome
        page = unquote(url.path).lstrip("/")
        if "\x00" in page:  # no file name holds a NUL, and the OS refuses to look one up
            self._send(HTTPStatus.BAD_REQUEST, "text/plain; charset=utf-8", b"bad request: a NUL in the path\n")
            return
        if page == "" or page.endswith("/"):
            page += "index.html"
        problems = outcome.problems_for(page)
        if problems:
            body = error_page(problems, outcome.number, bool(outcome.site_problems))
            self._send(HTTPStatus.INTERNAL_SERVER_ERROR, "text/html; charset=utf-8", body)
            return
        target = Path(self.translate_path(url.path))  # stays inside the folder: it drops ".." and drives
        if target.is_dir():
            target /= "index.html"
        if target.suffix == ".html" and target.is_file():
            body = with_reload(target.read_bytes(), outcome.number)
            self._send(HTTPStatus.OK, "text/html; charset=utf-8", body)
            return
        if self.command == "HEAD":
            super().do_HEAD()
        else:
            super().do_GET()

    def _reload(self, query: dict[str, list[str]]) -> None:
        """``{"build": N, "figures_pending": bool}``: at once, or with ``since=M`` once the build is no longer M.

        ``figures_pending``: a build that adds the simulated figures follows.
        """
        since = query.get("since", [""])[0]
        outcome = self.preview.outcome
        if since.isdigit():
            outcome = self.preview.wait(int(since), LONG_POLL_SECONDS)
        body = json.dumps({"build": outcome.number, "figures_pending": outcome.figures_pending}).encode("utf-8")
        self._send(HTTPStatus.OK, "application/json", body)


class PreviewServer(ThreadingHTTPServer):
    """An HTTP server on 127.0.0.1 that says nothing when a browser goes away mid-answer."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A closed tab ends its waiting reload request: that is no error, and no
        # traceback may reach the terminal for it (nor for anything else).
        exc = sys.exc_info()[1]
        if exc is not None and not isinstance(exc, ConnectionError):
            print(f"preview: a request failed: {' '.join(describe_failure(exc))}", file=sys.stderr)


def make_server(preview: Preview, port: int) -> PreviewServer:
    """Bind 127.0.0.1:``port`` (0: any free port); raises OSError when it cannot."""

    def handler(*args: Any) -> PreviewHandler:
        return PreviewHandler(*args, preview=preview)

    return PreviewServer(("127.0.0.1", port), handler)


def changed_files(before: dict[Path, tuple[int, int] | None], after: dict[Path, tuple[int, int] | None]) -> list[Path]:
    return sorted(p for p in before.keys() | after.keys() if before.get(p) != after.get(p))


def watch(
    preview: Preview,
    report: Callable[[Outcome, list[Path]], None],
    seen: dict[Path, tuple[int, int] | None],
    interval: float = POLL_SECONDS,
) -> None:
    """Build again after every change of the files as they were in ``seen``, until the preview stops.

    A build without the simulated figures is followed, when nothing changed
    meanwhile, by one with them.
    """
    pending = preview.outcome.figures_pending
    while not preview.stopping:
        now = preview.snapshot()
        if now == seen and not pending:
            time.sleep(interval)
            continue
        if now != seen:
            # Editors save in steps (truncate, write, rename): wait for the files to hold still.
            for _ in range(10):
                time.sleep(interval / 4)
                settled = preview.snapshot()
                if settled == now:
                    break
                now = settled
        if preview.stopping:
            break
        changed = changed_files(seen, now)
        outcome = preview.build(with_figures=not changed)
        if preview.stopping:
            # A build the stop cut short: its simulation's workers were ended by the stop, so its outcome
            # (a BrokenProcessPool, "the site could not be built") says nothing of the rulesets.
            break
        report(outcome, changed)
        pending = outcome.figures_pending
        seen = preview.seen_after_build(now)


def _report(say: Callable[[str], None]) -> Callable[[Outcome, list[Path]], None]:
    """What the terminal says of each build: the changed files, the problems, one closing line."""
    last: list[Outcome] = []

    def report(outcome: Outcome, changed: list[Path]) -> None:
        if changed:
            names = [display_name(p) for p in changed]
            more = f" and {len(names) - 3} more" if len(names) > 3 else ""
            say(f"changed: {', '.join(names[:3])}{more}")
        rulesets = list(dict.fromkeys(outcome.page_problems.values()))  # one entry per ruleset, not per language
        # The build that adds the figures to an unchanged site repeats no problem the last one listed.
        repeated = bool(last) and not changed and outcome.page_problems == last[-1].page_problems
        if not repeated:
            for line in (line for lines in rulesets for line in lines):
                say(line)
        for line in outcome.site_problems:
            say(line)
        last[:] = [outcome]
        if outcome.site_problems:
            say(f"build {outcome.number}: the site could not be built; every page shows why")
        elif rulesets:
            say(f"build {outcome.number}: {len(rulesets)} ruleset(s) with problems, shown on their pages")
        elif outcome.figures_pending:
            say(f"build {outcome.number}: done; the figures follow once their games are simulated")
        else:
            say(f"build {outcome.number}: done")

    return report


def _stop_builder(preview: Preview, builder: threading.Thread) -> None:
    """Stop the watcher, and the worker processes of a simulation it may be waiting for."""
    preview.stop()
    # The preview starts no process itself: these are the workers of a build's
    # simulation, whose games are thrown away. (They inherit the handler below,
    # which ignores SIGTERM in them: SIGKILL.)
    _end_children()
    # A build in progress ends before the folder is removed (on a busy machine it may take a while).
    builder.join(timeout=60)
    _end_children()  # one forked while the first were ended


def _end_children() -> None:
    children = multiprocessing.active_children()
    for child in children:
        child.kill()
    for child in children:
        child.join(timeout=5)  # reaped here: no zombie is left to a parent that may never reap it


def run(
    refs: Sequence[str], langs: Sequence[str], port: int, out: Callable[[str], None], say: Callable[[str], None]
) -> int:
    """Serve the preview until Ctrl+C (or SIGTERM); the exit status: 0, or 2 when the port cannot be had.

    ``out`` gets one line, the address of the first ruleset's page; ``say``
    gets what happens (builds, problems), for the terminal. Builds run in a
    thread of their own, so that Ctrl+C is heard at once even while a build
    waits for its simulation's worker processes.
    """
    main_pid = os.getpid()

    def interrupt(signum: int, frame: Any) -> None:
        # A worker process forked by a build inherits this handler: it ignores
        # the terminal's Ctrl+C (no traceback of its own) and is stopped by us.
        if os.getpid() == main_pid:
            raise KeyboardInterrupt

    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    for sig, handler in previous.items():
        if handler is not signal.SIG_IGN:  # a background job started with Ctrl+C ignored keeps ignoring it
            signal.signal(sig, interrupt)
    status = 0
    folder: Path | None = None
    try:
        with ExitStack() as stack:
            # Removed last, once the builder has stopped; a file a late build still writes is not an error.
            temporary = tempfile.TemporaryDirectory(prefix="trickbook-serve-", ignore_cleanup_errors=True)
            folder = Path(stack.enter_context(temporary))
            preview = Preview(refs, langs, folder)
            try:
                server = make_server(preview, port)
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE:
                    say(f"port {port} on 127.0.0.1 is in use; choose another with --port (0: any free port)")
                else:
                    say(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}")
                return 2
            stack.callback(server.server_close)
            stack.callback(preview.stop)
            report = _report(say)
            say(f"building into {folder}")
            before = preview.snapshot()
            report(preview.build(with_figures=False), [])
            seen = preview.seen_after_build(before)
            serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
            serving.start()
            stack.callback(server.shutdown)  # only once serve_forever runs: shutdown() waits for it
            out(f"http://127.0.0.1:{server.server_address[1]}{preview.first_page()}")
            say("watching the rulesets, catalogs, templates and stylesheet; Ctrl+C stops")
            builder = threading.Thread(target=watch, args=(preview, report, seen), daemon=True)
            builder.start()
            stack.callback(_stop_builder, preview, builder)
            # Last in, first out: the first thing the clean-up does is ignore a second Ctrl+C.
            stack.callback(signal.signal, signal.SIGINT, signal.SIG_IGN)
            while builder.is_alive():
                builder.join(0.5)
            say("the watcher stopped unexpectedly")
            status = 1
    except KeyboardInterrupt:
        if folder is not None and folder.exists():
            shutil.rmtree(folder, ignore_errors=True)  # what a build wrote while the first try removed the rest
        if folder is not None and folder.exists():
            say(f"stopped; the preview's folder {folder} could not be removed")
        else:
            say("stopped; the preview's folder is removed")
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return status
