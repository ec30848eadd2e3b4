"""The club server as a Starlette application: the kiosks' API, the organiser's pages, the live board.

Kiosks authenticate with their table code as a bearer token; the organiser
logs in with the password (argon2) and gets a signed session cookie, and every
form carries the session's CSRF token. Every refusal is one line (JSON for
the API, a sentence on the page) and goes to the audit log; nothing a client
sends reaches SQL except as a bound parameter (:mod:`club.store`), and every
page is a Jinja2 template with autoescaping on (:mod:`club.pages`).

The standings of an evening are computed once per version of its results
(:meth:`club.store.Store.version`) and each page of them rendered once per
language; open boards hear of every change by server-sent events
(:mod:`club.live`), and refresh themselves without JavaScript.
"""

from __future__ import annotations

import functools
import gzip
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import anyio
import anyio.to_thread
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from referee.game import Game
from referee.loader import bundled_ids
from referee.results import ResultError
from wording.freetext import title_of
from wording.i18n import LANGUAGES, N_, Lang

from . import auth
from .cache import Latest
from .claims import BadBody, read_body, read_claim
from .draw import round_seed, seat_round
from .forms import FormError, evening_fields, id_or_none, ruleset
from .limits import Quota, Window
from .live import Live
from .notation import NotationError, read_score
from .pages import REJECTED, change_note, clock, csv_response, is_loopback, lang_of, langs, qr_svg, render, say
from .standings import Line, Standings, standings, table_round
from .store import CodeCheck, Evening, Store, StoreError, Version
from .tally import Deal, Refusal, replay

__all__ = ["API_LIMIT", "FORM_LIMIT", "create_app", "lang_of"]

API_LIMIT = 16 * 1024  # bytes of a kiosk's request body
LOGIN_TRIES = 5  # wrong passwords from one address ...
LOGIN_PAUSE = 300.0  # ... within so many seconds make it wait
CODE_TRIES = 10  # requests without a valid table code from one address ...
CODE_PAUSE = 60.0  # ... within so many seconds make it wait (429): 128-bit codes are not guessed, only tried
LOGGED_REFUSALS = 30  # refusals of one address logged one by one within ...
LOGGED_PAUSE = 60.0  # ... so many seconds; the others are counted, and the count logged
REFRESH = 30  # seconds: how often a board refreshes itself without JavaScript
KEEPALIVE = 15.0  # seconds: a live board hears at least this often that the server is there
CACHED_BOARDS = 32  # evenings whose standings are kept computed
CACHED_PAGES = 256  # rendered pages and parts of pages
WRITERS = 4  # worker threads that write to the store at once (the others read)
# What the log on the organiser's page calls each kind of entry (its details stay as recorded).
AUDIT_EVENTS = {
    "refused": N_("refused"),
    "refused-unlogged": N_("refusals not logged one by one"),
    "result-late": N_("late result kept for the organiser"),
    "late-accept": N_("late result accepted"),
    "late-reject": N_("late result rejected"),
    "login": N_("organiser logged in"),
    "login-refused": N_("login refused"),
    "password-set": N_("password set"),
    "evening-created": N_("evening created"),
    "round-drawn": N_("round drawn"),
    "code-issued": N_("table code issued"),
    "code-revoked": N_("table code revoked"),
    "result-correct": N_("result corrected"),
    "result-void": N_("result voided"),
}
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; "
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
FORM_LIMIT = 64 * 1024  # bytes of an organiser's form

P = ParamSpec("P")
T = TypeVar("T")


# -- request bodies --------------------------------------------------------------------------


class BodyLimit:
    """Refuse a request whose body is larger than the limit with 413, before the app reads any of it.

    The body (declared or streamed) is read here up to the limit and handed on whole.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        limit = API_LIMIT if scope["path"].startswith("/api/") else FORM_LIMIT
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        # Length first: int() of a header of thousands of digits is refused by Python itself (a ValueError).
        too_big = not declared.isdigit() or len(declared) > 12 or int(declared) > limit
        chunks: list[bytes] = []
        size = 0
        more = not too_big
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                too_big = True
                break
            chunks.append(chunk)
            more = message.get("more_body", False)
        if too_big:
            text = f"the request body is larger than {limit // 1024} KiB"
            response = (
                JSONResponse({"error": text, "kind": "too-large"}, 413)
                if scope["path"].startswith("/api/")
                else PlainTextResponse(text, 413)
            )
            club: Club | None = getattr(getattr(scope.get("app"), "state", None), "club", None)
            if club is not None:
                await club.log_refusal(413, _client(scope), None, None, text)
            await response(scope, receive, send)
            return
        body = b"".join(chunks)
        sent = False

        async def replay_body() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay_body, send)


# -- the application ----------------------------------------------------------------------------


class Rendered:
    """A page or part made for many readers: its text, and the same compressed once for those who take gzip."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.gzipped = gzip.compress(text.encode("utf-8"), compresslevel=6, mtime=0)

    @functools.cached_property
    def event_data(self) -> str:
        """The text as the data lines of a server-sent event."""
        return "".join(f"data: {line}\n" for line in self.text.splitlines())


def tag(version: Version) -> str:
    """A version as the board's pages and events carry it."""
    return "-".join(map(str, version))


class Club:
    """The handlers, around one store."""

    def __init__(self, store: Store, public_url: str | None = None) -> None:
        self.store = store
        self.public_url = public_url.rstrip("/") if public_url else None
        self.failed_logins = Window(LOGIN_TRIES, LOGIN_PAUSE)  # per client address: when its wrong passwords came
        self.wrong_codes = Window(CODE_TRIES, CODE_PAUSE)  # ... and its requests without a valid table code
        self.logged = Quota(LOGGED_REFUSALS, LOGGED_PAUSE)  # ... and its refusals logged one by one
        self.live = Live(self.version)
        self.writers = anyio.CapacityLimiter(WRITERS)
        self.evenings: dict[int, Evening] = {}  # as created (see created())
        self.boards: Latest[int, Standings] = Latest(CACHED_BOARDS)
        self.rendered: Latest[tuple[object, ...], Rendered] = Latest(CACHED_PAGES)

    # -- helpers ----------------------------------------------------------------------------------

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """A read (or any blocking work) in a worker thread."""
        return await run_in_threadpool(fn, *args, **kwargs)

    async def write(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """A write to the store in a worker thread of its own few: writes queue for the database's lock
        (SQLite takes one writer at a time), and would otherwise hold every worker thread while the pages'
        reads wait for one."""
        return await anyio.to_thread.run_sync(functools.partial(fn, *args, **kwargs), limiter=self.writers)

    async def version(self, evening_id: int) -> Version:
        return await self.run(self.store.version, evening_id)

    async def created(self, evening_id: int) -> Evening:
        """An evening as it was created, read once: its game, players at a table and deals a round never change
        (its rounds drawn do: ask the store for those)."""
        evening = self.evenings.get(evening_id)
        if evening is None:
            found = await self.run(self.store.evening, evening_id)
            if found is None:
                raise StoreError(f"there is no evening {evening_id}")
            evening = self.evenings[evening_id] = found
        return evening

    def base_url(self, request: Request) -> str:
        """The address kiosks and phones reach the server at: ``--public-url``, else the one this page came by."""
        return self.public_url or str(request.base_url).rstrip("/")

    def organiser(self, request: Request) -> str | None:
        """The organiser's name when the session is logged in with the current password."""
        org = request.session.get("org")
        if not isinstance(org, dict):
            return None
        current = self.store.password_hash()
        if current is None or org.get("pw") != current[0]:
            return None
        return str(org.get("name") or "organiser")

    def shell(self, request: Request, template: str, public: bool = False, **context: Any) -> str:
        """A whole page in the request's language, with what every page shows (languages, the organiser).

        A ``public`` page (the board, the seats) is the same for everyone: it reads nothing of the session.
        """
        code = lang_of(request)
        org = None if public else request.session.get("org")
        context.setdefault("organiser", None)
        context.setdefault("flash", None)
        context.setdefault("error", None)
        return render(
            code,
            template,
            languages=[(c, langs()[c].name) for c in LANGUAGES],
            path=request.url.path,
            csrf=org.get("csrf", "") if isinstance(org, dict) else "",
            **context,
        )

    def respond(self, request: Request, html: str | Rendered, status: int = 200, private: bool = False) -> HTMLResponse:
        headers = dict(SECURITY_HEADERS)
        if private:  # a page with the session's CSRF token or the organiser's data: never kept by a cache
            headers["Cache-Control"] = "no-store"
        if isinstance(html, Rendered):
            headers["Vary"] = "Accept-Encoding"
            if "gzip" in request.headers.get("accept-encoding", ""):
                headers["Content-Encoding"] = "gzip"
                response = HTMLResponse(html.gzipped, status, headers=headers)
            else:
                response = HTMLResponse(html.text, status, headers=headers)
        else:
            response = HTMLResponse(html, status, headers=headers)
        if request.query_params.get("lang") in LANGUAGES:
            response.set_cookie("lang", lang_of(request), max_age=365 * 86400, samesite="lax")
        return response

    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        lang = langs()[lang_of(request)]
        flash = request.session.pop("flash", None)
        if isinstance(flash, list) and len(flash) == 2:
            context["flash"] = say(lang, flash[0], **flash[1])
        return self.respond(request, self.shell(request, template, **context), status, private=True)

    def refuse_page(self, request: Request, status: int, message: str, **params: object) -> HTMLResponse:
        lang = langs()[lang_of(request)]
        return self.page(request, "refused.html", status, error=say(lang, message, **params), organiser=None)

    async def form(self, request: Request) -> FormData | None:
        """The organiser's posted form, or None when its CSRF token is not the session's."""
        form = await request.form(max_files=0, max_fields=50)
        org = request.session.get("org")
        expected = org.get("csrf") if isinstance(org, dict) else None
        if not auth.csrf_ok(expected, form.get("csrf")):
            await self.log_refusal(403, _client(request.scope), None, None, "a form without its CSRF token")
            return None
        return form

    async def api_refuse(
        self,
        request: Request,
        status: int,
        kind: str,
        message: str,
        code: CodeCheck | None = None,
        params: Mapping[str, object] | None = None,
    ) -> JSONResponse:
        """A one-line refusal as JSON (``error``, ``kind``, ``params``), logged with the table it came from."""
        who = _client(request.scope)
        evening, table = (code.evening_id, code.table) if code is not None else (None, None)
        await self.log_refusal(status, who, evening, table, f"{request.url.path}: {message}")
        clean = {k: list(v) if isinstance(v, tuple) else v for k, v in (params or {}).items()}
        headers = {"Retry-After": str(int(CODE_PAUSE))} if status == 429 else None
        return JSONResponse({"error": message, "kind": kind, "params": clean}, status, headers=headers)

    async def log_refusal(
        self,
        status: int,
        who: str,
        evening: int | None,
        table: int | None,
        detail: str,
        event: str = "refused",
    ) -> None:
        """A refusal into the audit log: one by one up to LOGGED_REFUSALS a minute from one address, so a flood
        of bad requests cannot fill the database; beyond that they are counted, and the count is logged."""
        logged, over = self.logged.take(who)
        if logged and over:
            text = f"{over} more refusals from {who} within a minute, not logged one by one"
            await self.write(self.store.log, "refused-unlogged", None, who, None, None, text)
        if logged:
            await self.write(self.store.log, event, status, who, evening, table, detail)
        elif over == 1:
            text = f"more than {LOGGED_REFUSALS} refusals from {who} within a minute: the next are counted"
            await self.write(self.store.log, "refused-unlogged", status, who, evening, table, text)

    async def code_of(self, request: Request) -> CodeCheck | JSONResponse:
        """The table code the request presents, checked; or its refusal (429 after CODE_TRIES wrong ones)."""
        who = _client(request.scope)
        if self.wrong_codes.full(who):
            return await self.api_refuse(
                request,
                429,
                "too-many",
                f"too many requests without a valid table code from this address: wait {int(CODE_PAUSE)} seconds",
                params={"seconds": int(CODE_PAUSE)},
            )
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            self.wrong_codes.add(who)
            return await self.api_refuse(request, 401, "no-code", "give the table code: Authorization: Bearer CODE")
        code = await self.run(self.store.check_code, token.strip()[:100])
        if code is None:
            self.wrong_codes.add(who)
            return await self.api_refuse(request, 401, "bad-code", "this is not a table code of this club")
        if code.revoked:
            self.wrong_codes.add(who)
            return await self.api_refuse(
                request,
                401,
                "revoked-code",
                "this table code was revoked: ask the organiser for a new one",
                code,
            )
        return code

    # -- the kiosks' API ----------------------------------------------------------------------------

    async def health(self, request: Request) -> JSONResponse:
        return JSONResponse({"ok": True})

    async def post_result(self, request: Request) -> Response:
        code = await self.code_of(request)
        if isinstance(code, Response):
            return code
        try:
            claim = read_claim(read_body(await request.body()))
        except BadBody as exc:
            return await self.api_refuse(request, 400, "bad-body", str(exc), code)
        if claim.table != code.table:
            return await self.api_refuse(
                request,
                403,
                "other-table",
                f"this code is for table {code.table}, not table {claim.table}",
                code,
                {"table": code.table},
            )
        evening = await self.created(code.evening_id)
        replayed = _checker(evening)

        def check(deals: list[Deal], new: Deal) -> tuple[int, ...]:
            return tuple(replayed([*deals, new]).scores)

        try:
            posted = await self.write(self.store.post_result, code, claim, check)
        except Refusal as exc:
            return await self.api_refuse(request, exc.status, exc.kind, str(exc), code, exc.params)
        except ResultError as exc:
            return await self.api_refuse(request, 422, exc.kind, str(exc), code, exc.params)
        body: dict[str, Any] = {"status": posted.status, "result": posted.result_id, "deal": posted.deal}
        if posted.status in ("kept", "already kept"):
            # A round over when the result came: kept for the organiser to accept or reject, never dropped.
            body["kind"] = "late-round"
            body["params"] = {"round": posted.round, "current": posted.current, "deal": posted.deal}
            if posted.status == "kept":
                self.live.touch(code.evening_id)
                return JSONResponse(body, 202)
            return JSONResponse(body, 200)
        if posted.status == "stored":
            self.live.touch(code.evening_id)
            body["scores"] = list(posted.scores)
            return JSONResponse(body, 201)
        return JSONResponse(body, 200)

    async def get_table(self, request: Request) -> Response:
        code = await self.code_of(request)
        if isinstance(code, Response):
            return code
        table = id_or_none(request.path_params["table"])
        if table is None:
            return await self.api_refuse(request, 400, "bad-table", "the table is a number", code)
        if table != code.table:
            return await self.api_refuse(
                request,
                403,
                "other-table",
                f"this code is for table {code.table}, not table {table}",
                code,
                {"table": code.table},
            )
        evening = await self.run(self.store.evening, code.evening_id)
        assert evening is not None
        body: dict[str, Any] = {
            "evening": {"id": evening.id, "name": evening.name},
            "ruleset": evening.ruleset,
            "players_per_table": evening.players_per_table,
            "rounds": evening.rounds,
            "deals_per_round": evening.deals_per_round,
            "table": table,
            "round": evening.current_round or None,
            "players": [],
            "deals": 0,
            "next_deal": 1,
            "finished": False,
        }
        if evening.current_round:
            tables, _ = await self.run(self.store.seating, evening.id, evening.current_round)
            deals = await self.run(self.store.table_deals, evening.id, evening.current_round, table)
            body["players"] = list(tables.get(table, ()))
            body["deals"] = len(deals)
            body["next_deal"] = len(deals) + 1
            # As they stand (corrections applied; None: voided), so a kiosk that replaces the table's can go on.
            body["results"] = [
                {"deal": d.number, "score": None if d.score is None else d.score.text(), "dealer": d.dealer}
                for d in deals
            ]
            if tables.get(table):
                state = table_round(ruleset(evening.ruleset), evening, table, tables[table], deals)
                body["finished"] = state.finished
                body["scores"] = list(state.scores)
        return JSONResponse(body)

    async def standings_json(self, request: Request) -> Response:
        got = await self.board_in_path(request)
        if got is None:
            return JSONResponse({"error": "there is no such evening", "kind": "no-evening"}, 404)
        _, version, board = got
        return JSONResponse(_standings_json(board) | {"version": tag(version)})

    # -- standings: computed once per version of the results, each view rendered once per language --

    async def board_of(self, evening_id: int, wait: bool = True) -> tuple[Version, Standings] | None:
        """The evening's standings and the version they are of (None: no such evening).

        One query asks the version; the standings are made again only when it has moved, once
        however many ask at the same time (:class:`club.cache.Latest`). Without ``wait``, while
        newer standings are being made, the last ones made (a board on the wall, results pouring in).
        """
        asked = await self.version(evening_id)

        async def make() -> tuple[Version, Standings] | None:
            version = await self.version(evening_id)  # read before the snapshot: the standings are at least this
            snap = await self.run(self.store.snapshot, evening_id)
            if snap is None:
                return None
            return version, await self.run(standings, ruleset(snap.evening.ruleset), snap)

        return await self.boards.get(evening_id, asked, make, wait)

    async def board_in_path(self, request: Request, wait: bool = True) -> tuple[int, Version, Standings] | None:
        """The evening the path names, with its standings and their version (None: no such evening)."""
        evening_id = id_or_none(request.path_params["evening"])
        got = None if evening_id is None else await self.board_of(evening_id, wait)
        return None if evening_id is None or got is None else (evening_id, *got)

    async def cached(
        self, key: tuple[object, ...], version: Version, make: Callable[[], str], wait: bool = True
    ) -> tuple[Version, Rendered]:
        """A rendered view at least as new as ``version``, and the version it shows: made once (and compressed
        once), then kept until the version moves on (without ``wait``: the last one, while a newer is made)."""

        async def render() -> tuple[Version, Rendered]:
            return version, await self.run(lambda: Rendered(make()))

        made = await self.rendered.get(key, version, render, wait)
        assert made is not None
        return made

    def view(
        self, request: Request, view: str, board: Standings, version: Version, part: bool, number: int | None
    ) -> str:
        """The board or a round's seats of an evening: the whole page, or (``part``) the part that updates live."""
        code = lang_of(request)
        lang = langs()[code]
        evening = board.evening
        drawn = {r.number: r for r in board.rounds}
        context: dict[str, Any] = {
            "board": board,
            "version": tag(version),
            "title": title_of(lang, ruleset(evening.ruleset)),
            "round": drawn.get(number if number is not None else len(board.rounds)),
            "live": number is None,
            "view": view,
        }
        if part:
            return render(code, "standings.html" if view == "board" else "seats_part.html", **context)
        base = self.base_url(request)
        address = f"{base}/evenings/{evening.id}/{view}"
        context["qr"] = None if is_loopback(base) else qr_svg(address, say(lang, N_("The address of this page")))
        context["address"] = address
        context["refresh"] = REFRESH
        return self.shell(request, "board.html" if view == "board" else "seats.html", public=True, **context)

    async def public_view(self, request: Request, view: str) -> Response:
        got = await self.board_in_path(request, wait=False)
        if got is None:
            return self.refuse_page(request, 404, N_("There is no such evening."))
        evening_id, version, board = got
        number = None
        if view == "seats" and "round" in request.query_params:
            number = id_or_none(request.query_params["round"])
            if number is None or not 1 <= number <= len(board.rounds):
                return self.refuse_page(request, 404, N_("There is no such round."))
        part = "part" in request.query_params
        key = (evening_id, lang_of(request), view, part, number, self.base_url(request))
        make = functools.partial(self.view, request, view, board, version, part, number)
        _, html = await self.cached(key, version, make, wait=False)
        return self.respond(request, html)

    async def board(self, request: Request) -> Response:
        return await self.public_view(request, "board")

    async def seats(self, request: Request) -> Response:
        return await self.public_view(request, "seats")

    async def live_events(self, request: Request) -> Response:
        """Server-sent events: the updating part of the board (or the seats) each time the results move."""
        view = request.query_params.get("view", "board")
        got = await self.board_in_path(request)
        if got is None:
            return PlainTextResponse("there is no such evening", 404)
        if view not in ("board", "seats"):
            return PlainTextResponse("the view is board or seats", 400)
        evening_id = got[0]
        since = request.headers.get("last-event-id") or request.query_params.get("since") or ""
        key_base = (evening_id, lang_of(request), view, True, None, self.base_url(request))

        async def events() -> AsyncIterator[str]:
            yield f"retry: {2000}\n\n"
            sent = since
            async with self.live.watch(evening_id) as subscription:
                while True:
                    moved = await subscription.next(KEEPALIVE)
                    if moved is None:
                        yield ": still here\n\n"
                        continue
                    now = await self.board_of(evening_id)
                    if now is None:
                        return
                    version, board = now
                    if tag(version) == sent:
                        continue
                    make = functools.partial(self.view, request, view, board, version, True, None)
                    shown, html = await self.cached(key_base, version, make)
                    sent = tag(shown)
                    yield f"id: {sent}\nevent: update\n{html.event_data}\n"

        headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
        return StreamingResponse(events(), media_type="text/event-stream", headers=headers)

    async def standings_csv(self, request: Request) -> Response:
        got = await self.board_in_path(request)
        if got is None:
            return self.refuse_page(request, 404, N_("There is no such evening."))
        evening_id, _, board = got
        lang = langs()[lang_of(request)]
        header = [
            say(lang, N_("Rank")),
            say(lang, N_("Player")),
            *(say(lang, N_("Round %(number)s"), number=r.number) for r in board.rounds),
            say(lang, N_("Total")),
            say(lang, N_("Rounds sat out")),
        ]
        rows = [
            [
                line.rank,
                line.name,
                *("" if v is None else v for v in line.rounds),
                line.total,
                " ".join(map(str, line.sat_out)),
            ]
            for line in board.overall
        ]
        return csv_response(header, rows, f"evening-{evening_id}-standings.csv")

    async def results_csv(self, request: Request) -> Response:
        got = await self.board_in_path(request)
        if got is None:
            return self.refuse_page(request, 404, N_("There is no such evening."))
        evening_id, _, board = got
        lang = langs()[lang_of(request)]
        rows = await self.run(self.store.results, evening_id)
        seated = {(r.number, t.table): t.players for r in board.rounds for t in r.tables}
        header = [
            say(lang, text)
            for text in (
                N_("Round"),
                N_("Table"),
                N_("Deal"),
                N_("Players"),
                N_("Result"),
                N_("State"),
                N_("Result as received"),
                N_("Received at"),
                N_("Kiosk"),
                N_("Game"),
                N_("Entry"),
                N_("Changes"),
            )
        ]
        states = {
            "stored": say(lang, N_("stored")),
            "correct": say(lang, N_("corrected")),
            "void": say(lang, N_("voided")),
        }
        lines = [
            [
                r.round,
                r.table,
                r.deal,
                " / ".join(seated.get((r.round, r.table), ())),
                r.current or "",
                states[r.changes[-1].action if r.changes else "stored"],
                r.score,
                r.received_at.astimezone().isoformat(timespec="seconds"),
                r.kiosk,
                r.game,
                r.seq,
                " | ".join(change_note(lang, note).striptags() for note in r.notes()),
            ]
            for r in rows
        ]
        # Late results not (or not yet) accepted are listed too: an accepted one is a result above.
        late = [k for k in await self.run(self.store.late, evening_id) if k.action != "accept"]
        lines += [
            [
                k.round,
                k.table,
                k.deal,
                " / ".join(seated.get((k.round, k.table), ())),
                "",
                say(lang, N_("late: rejected") if k.action == "reject" else N_("late: waiting for the organiser")),
                k.score,
                k.received_at.astimezone().isoformat(timespec="seconds"),
                k.kiosk,
                k.game,
                k.seq,
                ""
                if k.decided_at is None
                else say(lang, REJECTED, name=k.decided_by, time=clock(lang, k.decided_at), reason=k.reason),
            ]
            for k in late
        ]
        lines.sort(key=lambda line: (line[0], line[1], line[2]))
        return csv_response(header, lines, f"evening-{evening_id}-results.csv")

    # -- the organiser: logging in and out --------------------------------------------------------

    async def login_page(self, request: Request) -> Response:
        if request.session.get("org") is None or not isinstance(request.session.get("org"), dict):
            request.session["org"] = {"csrf": auth.new_csrf()}
        return self.page(request, "login.html")

    async def login(self, request: Request) -> Response:
        form = await self.form(request)
        if form is None:
            return self.refuse_page(
                request, 403, N_("The form has expired: open the page again and send it once more.")
            )
        stored = await self.run(self.store.password_hash)
        password = str(form.get("password", ""))
        name = " ".join(str(form.get("name", "")).split())[:60] or "organiser"
        client = _client(request.scope)
        lang = langs()[lang_of(request)]
        if self.failed_logins.full(client):
            await self.log_refusal(429, client, None, None, f"as {name}: too many tries", "login-refused")
            message = N_("Too many wrong passwords: try again in a few minutes.")
            return self.page(request, "login.html", 429, error=say(lang, message))
        if stored is None or not await self.run(auth.verify, stored[1], password):
            self.failed_logins.add(client)
            await self.log_refusal(401, client, None, None, f"as {name}", "login-refused")
            return self.page(request, "login.html", 401, error=say(lang, N_("That is not the organiser password.")))
        self.failed_logins.clear(client)
        request.session["org"] = {"pw": stored[0], "name": name, "csrf": auth.new_csrf()}
        await self.write(self.store.log, "login", None, name, None, None, f"from {_client(request.scope)}")
        return RedirectResponse("/", 303)

    async def logout(self, request: Request) -> Response:
        await self.form(request)
        request.session.clear()
        return RedirectResponse("/", 303)

    async def _organiser_form(self, request: Request) -> tuple[str, FormData] | Response:
        organiser = await self.run(self.organiser, request)
        if organiser is None:
            await self.log_refusal(401, _client(request.scope), None, None, request.url.path)
            return RedirectResponse("/login", 303)
        form = await self.form(request)
        if form is None:
            return self.refuse_page(
                request, 403, N_("The form has expired: open the page again and send it once more.")
            )
        return organiser, form

    # -- the organiser's pages ---------------------------------------------------------------------

    def games(self, lang: Lang) -> list[tuple[str, str]]:
        """The bundled rulesets as (id, title in the page's language), by title."""
        return sorted(((r, title_of(lang, ruleset(r))) for r in bundled_ids()), key=lambda c: c[1].casefold())

    async def index(self, request: Request, status: int = 200, **form: Any) -> Response:
        organiser = await self.run(self.organiser, request)
        evenings = await self.run(self.store.evenings)
        lang = langs()[lang_of(request)]
        titles = {e.id: title_of(lang, ruleset(e.ruleset)) for e in evenings}
        form.setdefault("values", {})
        form.setdefault("invalid", None)
        return self.page(
            request,
            "index.html",
            status,
            organiser=organiser,
            evenings=evenings,
            titles=titles,
            rulesets=self.games(lang),
            **form,
        )

    async def create_evening(self, request: Request) -> Response:
        got = await self._organiser_form(request)
        if isinstance(got, Response):
            return got
        organiser, form = got
        lang = langs()[lang_of(request)]
        try:
            fields = evening_fields(form)
        except FormError as exc:
            values = {k: str(v) for k, v in form.items() if k != "csrf" and isinstance(v, str)}
            return await self.index(request, 400, error=exc.say(lang), values=values, invalid=exc.field)
        evening_id = await self.write(functools.partial(self.store.create_evening, by=organiser, **fields))
        return RedirectResponse(f"/evenings/{evening_id}", 303)

    async def _evening(self, request: Request) -> Evening | None:
        evening_id = id_or_none(request.path_params["evening"])
        if evening_id is None:
            return None
        evening: Evening | None = await self.run(self.store.evening, evening_id)
        return evening

    async def evening_page(self, request: Request) -> Response:
        organiser = await self.run(self.organiser, request)
        if organiser is None:
            return RedirectResponse("/login", 303)
        evening = await self._evening(request)
        got = None if evening is None else await self.board_of(evening.id)
        if evening is None or got is None:
            return self.refuse_page(request, 404, N_("There is no such evening."))
        version, board = got
        results = await self.run(self.store.results, evening.id)
        late = await self.run(self.store.late, evening.id)
        codes = await self.run(self.store.codes, evening.id)
        entries = await self.run(self.store.audit, evening.id, 50)
        lang = langs()[lang_of(request)]
        return self.page(
            request,
            "evening.html",
            organiser=organiser,
            evening=evening,
            board=board,
            version=tag(version),
            round=board.rounds[-1] if board.rounds else None,
            view="board",
            next_seed=round_seed(evening.seed, evening.current_round + 1)
            if evening.current_round < evening.rounds
            else None,
            results=results,
            late=late,
            undecided=sum(1 for item in late if item.action is None),
            codes=codes,
            audit=entries,
            events={key: lang.gettext(text) for key, text in AUDIT_EVENTS.items()},
            title=title_of(lang, ruleset(evening.ruleset)),
        )

    async def _action(self, request: Request, key: str | None = None) -> tuple[str, FormData, Evening, int] | Response:
        """An organiser's action on an evening: who, the form, the evening, and the number in the path's ``key``."""
        got = await self._organiser_form(request)
        if isinstance(got, Response):
            return got
        organiser, form = got
        evening = await self._evening(request)
        number = 0 if key is None else id_or_none(request.path_params[key])
        if evening is None or number is None or (key == "table" and not 1 <= number <= evening.tables):
            missing = {None: N_("There is no such evening."), "table": N_("There is no such table.")}
            # a result or a late result: "There is no such result."
            return self.refuse_page(request, 404, missing.get(key, N_("There is no such result.")))
        return organiser, form, evening, number

    async def draw_round(self, request: Request) -> Response:
        """Draw the next round. Where tables still play the round before, the organiser is told which and how far
        they are, and confirms first: the draw ends that round, and its results still to come are kept as late
        results (see decide_late). The form names the round it draws, so a second click draws nothing more."""
        got = await self._action(request)
        if isinstance(got, Response):
            return got
        organiser, form, evening, _ = got
        number = evening.current_round + 1
        if "round" in form and id_or_none(form["round"]) != number:
            if number > evening.rounds:
                return self.refuse_page(request, 409, N_("Every round of this evening is drawn."))
            return self.refuse_page(request, 409, N_("Round %(number)s is already drawn."), number=number - 1)
        if evening.current_round and form.get("confirm") != "yes":
            got_board = await self.board_of(evening.id)
            playing = [] if got_board is None else [t for t in got_board[1].rounds[-1].tables if not t.finished]
            if playing:
                return self.page(
                    request,
                    "confirm_draw.html",
                    409,
                    organiser=organiser,
                    evening=evening,
                    drawing=number,
                    playing=playing,
                )
        try:
            number = await self.write(self.store.draw_round, evening.id, seat_round, organiser)
        except StoreError:
            return self.refuse_page(request, 409, N_("Every round of this evening is drawn."))
        self.live.touch(evening.id)
        request.session["flash"] = [N_("Round %(number)s is drawn."), {"number": number}]
        return RedirectResponse(f"/evenings/{evening.id}#seats", 303)

    async def issue_code(self, request: Request) -> Response:
        got = await self._action(request, "table")
        if isinstance(got, Response):
            return got
        organiser, _, evening, table = got
        code = await self.write(self.store.issue_code, evening.id, table, organiser)
        base = self.base_url(request)
        join = f"{base}/api/tables/{table}"
        lang = langs()[lang_of(request)]
        return self.page(
            request,
            "code.html",
            organiser=organiser,
            evening=evening,
            table=table,
            code=code,
            join=join,
            loopback=is_loopback(base),
            option=Markup('<bdi dir="ltr"><code>--public-url</code></bdi>'),
            qr=qr_svg(f"{join}#code={code}", say(lang, N_("Code of table %(table)s"), table=table)),
        )

    async def revoke_code(self, request: Request) -> Response:
        got = await self._action(request, "table")
        if isinstance(got, Response):
            return got
        organiser, _, evening, table = got
        await self.write(self.store.revoke_code, evening.id, table, organiser)
        request.session["flash"] = [N_("The code of table %(table)s is revoked."), {"table": table}]
        return RedirectResponse(f"/evenings/{evening.id}#codes", 303)

    async def change_result(self, request: Request) -> Response:
        got = await self._action(request, "result")
        if isinstance(got, Response):
            return got
        organiser, form, evening, result_id = got
        action = request.path_params["action"]
        if action not in ("correct", "void"):
            return self.refuse_page(request, 404, N_("There is no such result."))
        reason = " ".join(str(form.get("reason", "")).split())[:200]
        if not reason:
            return self.refuse_page(request, 400, N_("Say why the result is changed."))
        score = None
        if action == "correct":
            try:
                score = read_score(str(form.get("score", "")))
            except NotationError as exc:
                return self.refuse_page(request, 400, N_("Not possible: %(problem)s"), problem=str(exc))
        try:
            await self.write(
                self.store.change_result, evening.id, result_id, score, reason, organiser, _checker(evening)
            )
        except StoreError:
            return self.refuse_page(request, 404, N_("There is no such result."))
        except (Refusal, ResultError) as exc:
            await self.run(
                self.store.log, "refused", 422, organiser, evening.id, None, f"{action} of result {result_id}: {exc}"
            )
            return self.refuse_page(request, 422, N_("Not possible: %(problem)s"), problem=str(exc))
        self.live.touch(evening.id)
        message = N_("The result is corrected.") if score is not None else N_("The result is void.")
        request.session["flash"] = [message, {}]
        return RedirectResponse(f"/evenings/{evening.id}#results", 303)

    async def decide_late(self, request: Request) -> Response:
        """Accept a late result into its round (checked by the referee with the table's deals, as if it had come
        in time) or reject it; the decision, its reason, who and when are kept and shown with it."""
        got = await self._action(request, "late")
        if isinstance(got, Response):
            return got
        organiser, form, evening, late_id = got
        action = request.path_params["action"]
        if action not in ("accept", "reject"):
            return self.refuse_page(request, 404, N_("There is no such result."))
        reason = " ".join(str(form.get("reason", "")).split())[:200]
        if action == "reject" and not reason:
            return self.refuse_page(request, 400, N_("Say why the late result is rejected."))
        try:
            accept = action == "accept"
            await self.write(self.store.decide_late, evening.id, late_id, accept, reason, organiser, _checker(evening))
        except StoreError:
            return self.refuse_page(request, 404, N_("There is no such result."))
        except (Refusal, ResultError) as exc:
            status = exc.status if isinstance(exc, Refusal) else 422
            detail = f"{action} of late result {late_id}: {exc}"
            await self.run(self.store.log, "refused", status, organiser, evening.id, None, detail)
            return self.refuse_page(request, status, N_("Not possible: %(problem)s"), problem=str(exc))
        self.live.touch(evening.id)
        message = N_("The late result is accepted.") if action == "accept" else N_("The late result is rejected.")
        request.session["flash"] = [message, {}]
        return RedirectResponse(f"/evenings/{evening.id}#late", 303)


def _checker(evening: Evening) -> Callable[[list[Deal]], Game]:
    """A table's game of the evening replayed by the referee from its deals (raises its refusal)."""
    rules = ruleset(evening.ruleset)
    return functools.partial(replay, rules, evening.players_per_table, deals_per_round=evening.deals_per_round)


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _line_json(line: Line) -> dict[str, Any]:
    return {
        "rank": line.rank,
        "name": line.name,
        "total": line.total,
        "rounds": list(line.rounds),
        "sat_out": list(line.sat_out),
        "table": line.table,
        "playing": line.playing,
    }


def _standings_json(board: Standings) -> dict[str, Any]:
    return {
        "evening": {"id": board.evening.id, "name": board.evening.name, "ruleset": board.evening.ruleset},
        "lowest_wins": board.lowest_wins,
        "overall": [_line_json(line) for line in board.overall],
        "rounds": [
            {
                "number": r.number,
                "seed": r.seed,
                "sitting_out": list(r.sitting_out),
                "sitout_score": r.sitout_score,
                "tables": [
                    {
                        "table": t.table,
                        "players": list(t.players),
                        "deals": t.deals,
                        "scores": list(t.scores),
                        "finished": t.finished,
                        "stopped": t.stopped,
                        "late": t.late,
                        "problem": t.problem,
                    }
                    for t in r.tables
                ],
                "lines": [_line_json(line) for line in r.lines],
            }
            for r in board.rounds
        ],
        "changes": [
            {
                "result": c.result_id,
                "round": c.round,
                "table": c.table,
                "deal": c.deal,
                "action": c.action,
                "score": c.score,
                "reason": c.reason,
                "at": c.at.isoformat(),
                "by": c.by,
            }
            for c in board.changes
        ],
    }


def create_app(
    store: Store, *, secret: str | None = None, https_only: bool = False, public_url: str | None = None
) -> Starlette:
    """The club server's application around a store whose schema is upgraded.

    ``public_url`` is the address kiosks and phones reach the server at (its QR codes name it); without
    it, the address each page was opened at.
    """
    club = Club(store, public_url)
    static = Path(__file__).resolve().parent / "static"
    routes: Sequence[Route | Mount] = [
        Route("/healthz", club.health),
        Route("/api/results", club.post_result, methods=["POST"]),
        Route("/api/tables/{table}", club.get_table),
        Route("/api/evenings/{evening}/standings", club.standings_json),
        Route("/", club.index),
        Route("/login", club.login_page, methods=["GET"]),
        Route("/login", club.login, methods=["POST"]),
        Route("/logout", club.logout, methods=["POST"]),
        Route("/evenings", club.create_evening, methods=["POST"]),
        Route("/evenings/{evening}", club.evening_page),
        Route("/evenings/{evening}/board", club.board),
        Route("/evenings/{evening}/seats", club.seats),
        Route("/evenings/{evening}/live", club.live_events),
        Route("/evenings/{evening}/standings.csv", club.standings_csv),
        Route("/evenings/{evening}/results.csv", club.results_csv),
        Route("/evenings/{evening}/rounds", club.draw_round, methods=["POST"]),
        Route("/evenings/{evening}/tables/{table}/code", club.issue_code, methods=["POST"]),
        Route("/evenings/{evening}/tables/{table}/revoke", club.revoke_code, methods=["POST"]),
        Route("/evenings/{evening}/results/{result}/{action:str}", club.change_result, methods=["POST"]),
        Route("/evenings/{evening}/late/{late}/{action:str}", club.decide_late, methods=["POST"]),
        Mount("/static", StaticFiles(directory=static), name="static"),
    ]
    middleware = [
        Middleware(BodyLimit),
        Middleware(
            SessionMiddleware,
            secret_key=secret or store.secret(),
            session_cookie="club_session",
            same_site="strict",
            https_only=https_only,
            max_age=14 * 86400,
        ),
    ]
    app = Starlette(routes=list(routes), middleware=middleware)
    app.state.store = store
    app.state.club = club
    return app
