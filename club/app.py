"""The club server as a Starlette application: the kiosks' API, the organiser's pages, the board.

Kiosks authenticate with their table code as a bearer token; the organiser
logs in with the password (argon2) and gets a signed session cookie, and every
form carries the session's CSRF token. Every refusal is one line (JSON for
the API, a sentence on the page) and goes to the audit log; nothing a client
sends reaches SQL except as a bound parameter (:mod:`club.store`), and every
page is a Jinja2 template with autoescaping on.
"""

from __future__ import annotations

import functools
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from referee.loader import bundled_ids
from referee.results import ResultError
from referee.ruleset import Ruleset, load_ruleset
from wording.freetext import title_of
from wording.i18n import LANGUAGES, N_, Lang, load_lang

from . import auth
from .claims import BadBody, read_body, read_claim
from .draw import seat_round
from .notation import NotationError, read_score
from .standings import Standings, standings, table_round
from .store import CodeCheck, Evening, Store, StoreError
from .tally import Deal, Refusal, replay

__all__ = ["API_LIMIT", "FORM_LIMIT", "create_app"]

API_LIMIT = 16 * 1024  # bytes of a kiosk's request body
LOGIN_TRIES = 5  # wrong passwords from one address ...
LOGIN_PAUSE = 300.0  # ... within so many seconds make it wait
# What the log on the organiser's page calls each kind of entry (its details stay as recorded).
AUDIT_EVENTS = {
    "refused": N_("refused"),
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
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'",
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
        too_big = not declared.isdigit() or int(declared) > limit
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
            store: Store | None = getattr(getattr(scope.get("app"), "state", None), "store", None)
            if store is not None:
                await run_in_threadpool(store.log, "refused", 413, _client(scope), None, None, text)
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


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


# -- languages and pages -------------------------------------------------------------------------


@functools.cache
def _langs() -> dict[str, Lang]:
    # The club's messages show in English until a catalog holds them (complete=False).
    return {code: load_lang(code, complete=False) for code in LANGUAGES}


@functools.cache
def _env(code: str) -> Environment:
    env = Environment(
        loader=PackageLoader("club", "templates"),
        autoescape=select_autoescape(["html", "xml"]),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(_langs()[code].translations, newstyle=True)  # type: ignore[attr-defined]
    return env


def lang_of(request: Request) -> str:
    """The page's language: ``?lang=``, then the cookie it set, then the browser's languages, then English."""
    asked = request.query_params.get("lang")
    if asked in LANGUAGES:
        return str(asked)
    kept = request.cookies.get("lang")
    if kept in LANGUAGES:
        return str(kept)
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
        if code == "iw":
            return "he"
    return "en"


@functools.cache
def ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id)


def _say(lang: Lang, message: str, **params: object) -> str:
    text = lang.gettext(message)
    return text % params if params else text


# -- the application ----------------------------------------------------------------------------


class Club:
    """The handlers, around one store."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.failed_logins: dict[str, deque[float]] = {}  # per client address: when its wrong passwords came

    # -- helpers ----------------------------------------------------------------------------------

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        return await run_in_threadpool(fn, *args, **kwargs)

    def organiser(self, request: Request) -> str | None:
        """The organiser's name when the session is logged in with the current password."""
        org = request.session.get("org")
        if not isinstance(org, dict):
            return None
        current = self.store.password_hash()
        if current is None or org.get("pw") != current[0]:
            return None
        return str(org.get("name") or "organiser")

    def page(self, request: Request, template: str, status: int = 200, **context: Any) -> HTMLResponse:
        code = lang_of(request)
        lang = _langs()[code]
        flash = request.session.pop("flash", None)
        error = context.pop("error", None)
        org = request.session.get("org")
        html = (
            _env(code)
            .get_template(template)
            .render(
                lang=lang,
                languages=[(c, _langs()[c].name) for c in LANGUAGES],
                path=request.url.path,
                organiser=context.pop("organiser", None),
                csrf=org.get("csrf", "") if isinstance(org, dict) else "",
                flash=_say(lang, flash[0], **flash[1]) if isinstance(flash, list) and len(flash) == 2 else None,
                error=error,
                **context,
            )
        )
        response = HTMLResponse(html, status, headers=SECURITY_HEADERS)
        if request.query_params.get("lang") in LANGUAGES:
            response.set_cookie("lang", code, max_age=365 * 86400, samesite="lax")
        return response

    def refuse_page(self, request: Request, status: int, message: str, **params: object) -> HTMLResponse:
        lang = _langs()[lang_of(request)]
        return self.page(request, "refused.html", status, error=_say(lang, message, **params), organiser=None)

    async def form(self, request: Request) -> FormData | None:
        """The organiser's posted form, or None when its CSRF token is not the session's."""
        form = await request.form(max_files=0, max_fields=50)
        org = request.session.get("org")
        expected = org.get("csrf") if isinstance(org, dict) else None
        if not auth.csrf_ok(expected, form.get("csrf")):
            await self.run(
                self.store.log, "refused", 403, _client(request.scope), None, None, "a form without its CSRF token"
            )
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
        await self.run(self.store.log, "refused", status, who, evening, table, f"{request.url.path}: {message}")
        clean = {k: list(v) if isinstance(v, tuple) else v for k, v in (params or {}).items()}
        return JSONResponse({"error": message, "kind": kind, "params": clean}, status)

    async def code_of(self, request: Request) -> CodeCheck | JSONResponse:
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return await self.api_refuse(request, 401, "no-code", "give the table code: Authorization: Bearer CODE")
        code = await self.run(self.store.check_code, token.strip()[:100])
        if code is None:
            return await self.api_refuse(request, 401, "bad-code", "this is not a table code of this club")
        if code.revoked:
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
        evening = await self.run(self.store.evening, code.evening_id)
        assert evening is not None
        rules = ruleset(evening.ruleset)
        players = evening.players_per_table

        def check(deals: list[Deal], new: Deal) -> tuple[int, ...]:
            game = replay(rules, players, [*deals, new], evening.deals_per_round)
            return tuple(game.scores)

        try:
            posted = await self.run(self.store.post_result, code, claim, check)
        except Refusal as exc:
            return await self.api_refuse(request, exc.status, exc.kind, str(exc), code, exc.params)
        except ResultError as exc:
            return await self.api_refuse(request, 422, exc.kind, str(exc), code, exc.params)
        body: dict[str, Any] = {"status": posted.status, "result": posted.result_id, "deal": posted.deal}
        if posted.status == "stored":
            body["scores"] = list(posted.scores)
            return JSONResponse(body, 201)
        return JSONResponse(body, 200)

    async def get_table(self, request: Request) -> Response:
        code = await self.code_of(request)
        if isinstance(code, Response):
            return code
        try:
            table = int(request.path_params["table"])
        except ValueError:
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
            if tables.get(table):
                state = table_round(ruleset(evening.ruleset), evening, table, tables[table], deals)
                body["finished"] = state.finished
                body["scores"] = list(state.scores)
        return JSONResponse(body)

    async def standings_json(self, request: Request) -> Response:
        board = await self.board_of(request)
        if board is None:
            return JSONResponse({"error": "there is no such evening", "kind": "no-evening"}, 404)
        return JSONResponse(_standings_json(board))

    async def board_of(self, request: Request) -> Standings | None:
        try:
            evening_id = int(request.path_params["evening"])
        except ValueError:
            return None
        snap = await self.run(self.store.snapshot, evening_id)
        if snap is None:
            return None
        return await self.run(standings, ruleset(snap.evening.ruleset), snap)

    # -- the organiser's pages ---------------------------------------------------------------------

    async def index(self, request: Request) -> Response:
        organiser = await self.run(self.organiser, request)
        evenings = await self.run(self.store.evenings)
        code = lang_of(request)
        choices = [(r, title_of(_langs()[code], ruleset(r))) for r in bundled_ids()]
        return self.page(request, "index.html", organiser=organiser, evenings=evenings, rulesets=choices)

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
        lang = _langs()[lang_of(request)]
        failures = self.failed_logins.setdefault(client, deque(maxlen=LOGIN_TRIES))
        if len(failures) == LOGIN_TRIES and time.monotonic() - failures[0] < LOGIN_PAUSE:
            await self.run(self.store.log, "login-refused", 429, client, None, None, f"as {name}: too many tries")
            message = N_("Too many wrong passwords: try again in a few minutes.")
            return self.page(request, "login.html", 429, error=_say(lang, message))
        if stored is None or not await self.run(auth.verify, stored[1], password):
            failures.append(time.monotonic())
            await self.run(self.store.log, "login-refused", 401, client, None, None, f"as {name}")
            return self.page(request, "login.html", 401, error=_say(lang, N_("That is not the organiser password.")))
        failures.clear()
        request.session["org"] = {"pw": stored[0], "name": name, "csrf": auth.new_csrf()}
        await self.run(self.store.log, "login", None, name, None, None, f"from {_client(request.scope)}")
        return RedirectResponse("/", 303)

    async def logout(self, request: Request) -> Response:
        await self.form(request)
        request.session.clear()
        return RedirectResponse("/", 303)

    async def _organiser_form(self, request: Request) -> tuple[str, FormData] | Response:
        organiser = await self.run(self.organiser, request)
        if organiser is None:
            await self.run(self.store.log, "refused", 401, _client(request.scope), None, None, request.url.path)
            return RedirectResponse("/login", 303)
        form = await self.form(request)
        if form is None:
            return self.refuse_page(
                request, 403, N_("The form has expired: open the page again and send it once more.")
            )
        return organiser, form

    async def create_evening(self, request: Request) -> Response:
        got = await self._organiser_form(request)
        if isinstance(got, Response):
            return got
        organiser, form = got
        lang = _langs()[lang_of(request)]
        try:
            fields = _evening_fields(form)
        except FormError as exc:
            evenings = await self.run(self.store.evenings)
            choices = [(r, title_of(lang, ruleset(r))) for r in bundled_ids()]
            return self.page(
                request,
                "index.html",
                400,
                organiser=organiser,
                evenings=evenings,
                rulesets=choices,
                error=_say(lang, exc.message, **exc.params),
            )
        evening_id = await self.run(functools.partial(self.store.create_evening, by=organiser, **fields))
        return RedirectResponse(f"/evenings/{evening_id}", 303)

    async def _evening(self, request: Request) -> Evening | None:
        try:
            evening_id = int(request.path_params["evening"])
        except ValueError:
            return None
        evening: Evening | None = await self.run(self.store.evening, evening_id)
        return evening

    async def evening_page(self, request: Request) -> Response:
        organiser = await self.run(self.organiser, request)
        if organiser is None:
            return RedirectResponse("/login", 303)
        evening = await self._evening(request)
        if evening is None:
            return self.refuse_page(request, 404, N_("There is no such evening."))
        board = await self.board_of(request)
        results = await self.run(self.store.results, evening.id)
        codes = await self.run(self.store.codes, evening.id)
        entries = await self.run(self.store.audit, evening.id, 50)
        lang = _langs()[lang_of(request)]
        return self.page(
            request,
            "evening.html",
            organiser=organiser,
            evening=evening,
            board=board,
            results=results,
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
        number = 0 if key is None else _int_or_none(request.path_params[key])
        if evening is None or number is None or (key == "table" and not 1 <= number <= evening.tables):
            missing = {None: N_("There is no such evening."), "table": N_("There is no such table.")}
            return self.refuse_page(request, 404, missing.get(key, N_("There is no such result.")))
        return organiser, form, evening, number

    async def draw_round(self, request: Request) -> Response:
        got = await self._action(request)
        if isinstance(got, Response):
            return got
        organiser, _, evening, _ = got
        try:
            number = await self.run(self.store.draw_round, evening.id, seat_round, organiser)
        except StoreError:
            return self.refuse_page(request, 409, N_("Every round of this evening is drawn."))
        request.session["flash"] = [N_("Round %(number)s is drawn."), {"number": number}]
        return RedirectResponse(f"/evenings/{evening.id}", 303)

    async def issue_code(self, request: Request) -> Response:
        got = await self._action(request, "table")
        if isinstance(got, Response):
            return got
        organiser, _, evening, table = got
        code = await self.run(self.store.issue_code, evening.id, table, organiser)
        join = f"{str(request.base_url).rstrip('/')}/api/tables/{table}"
        return self.page(
            request,
            "code.html",
            organiser=organiser,
            evening=evening,
            table=table,
            code=code,
            join=join,
            qr=Markup(_qr_svg(f"{join}#code={code}")),
        )

    async def revoke_code(self, request: Request) -> Response:
        got = await self._action(request, "table")
        if isinstance(got, Response):
            return got
        organiser, _, evening, table = got
        await self.run(self.store.revoke_code, evening.id, table, organiser)
        request.session["flash"] = [N_("The code of table %(table)s is revoked."), {"table": table}]
        return RedirectResponse(f"/evenings/{evening.id}", 303)

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
        rules = ruleset(evening.ruleset)

        def check(deals: list[Deal]) -> object:
            return replay(rules, evening.players_per_table, deals, evening.deals_per_round)

        try:
            await self.run(self.store.change_result, evening.id, result_id, score, reason, organiser, check)
        except StoreError:
            return self.refuse_page(request, 404, N_("There is no such result."))
        except (Refusal, ResultError) as exc:
            await self.run(
                self.store.log, "refused", 422, organiser, evening.id, None, f"{action} of result {result_id}: {exc}"
            )
            return self.refuse_page(request, 422, N_("Not possible: %(problem)s"), problem=str(exc))
        message = N_("The result is corrected.") if score is not None else N_("The result is void.")
        request.session["flash"] = [message, {}]
        return RedirectResponse(f"/evenings/{evening.id}#results", 303)

    async def board(self, request: Request) -> Response:
        board = await self.board_of(request)
        if board is None:
            return self.refuse_page(request, 404, N_("There is no such evening."))
        lang = _langs()[lang_of(request)]
        return self.page(
            request, "board.html", board=board, title=title_of(lang, ruleset(board.evening.ruleset)), organiser=None
        )


class FormError(ValueError):
    def __init__(self, message: str, **params: object) -> None:
        self.message = message
        self.params = params
        super().__init__(message % params if params else message)


def _int_or_none(text: object) -> int | None:
    try:
        return int(str(text))
    except ValueError:
        return None


def _form_int(form: FormData, key: str, low: int, high: int, default: int | None = None) -> int | None:
    raw = str(form.get(key, "")).strip()
    if not raw:
        return default
    value = _int_or_none(raw)
    if value is None or not low <= value <= high:
        raise FormError(N_("Give a whole number from %(low)s to %(high)s."), low=low, high=high)
    return value


def _clean(text: str, most: int) -> str:
    value = " ".join(text.split())
    if any(ord(c) < 32 or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069 for c in value):
        raise FormError(N_("Names may not hold control characters."))
    if len(value) > most:
        raise FormError(N_("A name has at most %(most)s characters."), most=most)
    return value


def _evening_fields(form: FormData) -> dict[str, Any]:
    name = _clean(str(form.get("name", "")), 120)
    if not name:
        raise FormError(N_("Give the evening a name."))
    ruleset_id = str(form.get("ruleset", ""))
    if ruleset_id not in bundled_ids():
        raise FormError(N_("Choose one of the games."))
    rules = ruleset(ruleset_id)
    per_table = _form_int(form, "players_per_table", 2, 12, rules.default_players)
    assert per_table is not None
    if per_table not in rules.player_counts:
        counts = ", ".join(map(str, rules.player_counts))
        raise FormError(N_("This game is played by %(counts)s players at a table."), counts=counts)
    names: list[str] = []
    for line in str(form.get("players", "")).splitlines():
        player = _clean(line, 60)
        if player:
            if player.casefold() in {n.casefold() for n in names}:
                raise FormError(N_("%(name)s is on the list twice."), name=player)
            names.append(player)
    if len(names) < per_table:
        raise FormError(N_("A table needs %(n)s players; give one name a line."), n=per_table)
    if len(names) > 500:
        raise FormError(N_("An evening has at most %(most)s players."), most=500)
    return {
        "name": name,
        "ruleset": ruleset_id,
        "players_per_table": per_table,
        "rounds_count": _form_int(form, "rounds", 1, 50, 4),
        "names": names,
        "sitout_points": _form_int(form, "sitout_points", -100_000, 100_000, 0),
        "deals_per_round": _form_int(form, "deals_per_round", 1, 1000),
        "seed": _form_int(form, "seed", 0, 2**62, secrets.randbelow(2**31)),
    }


def _qr_svg(text: str) -> str:
    import segno

    return str(segno.make(text, error="m").svg_inline(scale=4, dark="#000", light="#fff"))


def _line_json(line: Any) -> dict[str, Any]:
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
                "tables": [
                    {
                        "table": t.table,
                        "players": list(t.players),
                        "deals": t.deals,
                        "scores": list(t.scores),
                        "finished": t.finished,
                        "problem": t.problem,
                    }
                    for t in r.tables
                ],
                "lines": [_line_json(line) for line in r.lines],
            }
            for r in board.rounds
        ],
    }


def create_app(store: Store, *, secret: str | None = None, https_only: bool = False) -> Starlette:
    """The club server's application around a store whose schema is upgraded."""
    club = Club(store)
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
        Route("/evenings/{evening}/rounds", club.draw_round, methods=["POST"]),
        Route("/evenings/{evening}/tables/{table}/code", club.issue_code, methods=["POST"]),
        Route("/evenings/{evening}/tables/{table}/revoke", club.revoke_code, methods=["POST"]),
        Route("/evenings/{evening}/results/{result}/{action:str}", club.change_result, methods=["POST"]),
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
    return app
