"""The kiosk's side of a club evening: joining it, and forwarding every finished deal (store and forward).

The kiosk talks to the club server (``trickbook club serve``) over HTTP with httpx, never by import:

- *Joining*: the server's address and the table code the organiser issued (typed, or the whole address
  the table's QR code holds, ``http://HOST:8750/api/tables/3#code=K7QF-...``: :func:`read_address`);
  ``GET /api/tables/{t}`` names the evening, the round, the ruleset and the table's players by seat
  (:func:`fetch_table`). Where only the address and the code are known, the table is the one the code
  is for: the server names it when asked for another table (403 ``other-table``).
- *Forwarding*: each finished deal's result, in the kiosk's quick-score notation, is a row of the
  journal's ``club_results`` written in the same transaction as the entry that finished the deal
  (:func:`wanted` says which deals are finished, :func:`reconcile` which rows that makes or withdraws).
  :class:`Forwarder` posts the rows waiting, in order, from a thread of its own with short timeouts, so
  the frame loop never waits for the network; it retries with back-off while the server or the network
  is away, and hands each answer back to the session, which marks the row sent (201, or 200 "already
  stored": the server recognises a repeat by the kiosk's id, the game and the sequence number; or 202
  "kept": the round was over when it came, and the server keeps it for the organiser, who accepts it
  into the round or rejects it: :func:`kept`) or refused (kept, with the server's kind and params, to
  be said in the table's language).

Only the thread talks to the network, and only the session's thread touches the journal.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from wording.i18n import N_

from .core import Msg, Play, msg
from .journal import ClubLink, Outgoing

if TYPE_CHECKING:
    import httpx

__all__ = [
    "Address",
    "ClubInputError",
    "Forwarder",
    "Item",
    "Refusal",
    "TableInfo",
    "fetch_table",
    "kept",
    "read_address",
    "reconcile",
    "score_text",
    "wanted",
]

TIMEOUT = (5.0, 3.0)  # seconds (connect: the second): a club's own network answers well within these
BACKOFF = (0.5, 10.0)  # seconds: the first wait after a failed try, doubled up to the longest
SETTLE = 0.1  # seconds between a result's offer and its sending: the frame that showed the deal is drawn first
MAX_CODE = 100

T_BAD_ADDRESS = N_("“%(text)s” is not a club server's address: type it as the organiser's page shows it.")
T_NEED_CODE = N_("Give the table code too: the organiser's page shows it beside the table's QR code.")
T_BAD_CODE_TEXT = N_("“%(text)s” is not a table code: it has letters, digits and dashes only.")
T_KEPT = N_(
    "Round %(round)s was over when deal %(deal)s reached the club server: it is kept for the organiser, "
    "who decides whether it counts."
)


class ClubInputError(ValueError):
    """An address or a code the kiosk cannot use; ``msg`` says why, for the table."""

    def __init__(self, message: Msg) -> None:
        self.msg = message
        super().__init__(str(message))


@dataclass(frozen=True)
class Address:
    """Where a table joins: the server's address, the table (where the address names it) and the code."""

    server: str  # scheme://host[:port][/prefix], without a trailing slash
    table: int | None = None
    code: str = ""


_TABLE_PATH = re.compile(r"(?P<prefix>.*?)/api/tables/(?P<table>[0-9]{1,6})/?", re.IGNORECASE)
_CODE = re.compile(r"[A-Za-z0-9-]{1,100}")


def read_code(text: str) -> str:
    """A table code as typed: spaces dropped, letters and digits with their dashes (the server ignores case)."""
    code = "".join(text.split())
    if not code:
        return ""
    if not _CODE.fullmatch(code):
        raise ClubInputError(msg(T_BAD_CODE_TEXT, text=code[:40]))
    return code.upper()


def read_address(text: str, code: str = "") -> Address:
    """The server's address, the table and the code from what a table typed or pasted.

    ``text`` is the server's address (``192.168.1.10:8750``, ``http://club.local:8750``) or the whole
    address of a table's QR code (``http://HOST:8750/api/tables/3#code=K7QF-...``), in any case, as an
    on-screen keyboard of capitals types it; ``code`` is the table code where the address holds none.
    """
    raw = text.strip()
    if not raw or any(c.isspace() for c in raw) or len(raw) > 500:
        raise ClubInputError(msg(T_BAD_ADDRESS, text=raw[:60]))
    if "://" not in raw:
        raw = "http://" + raw
    try:
        parts = urlsplit(raw)
        port = parts.port
    except ValueError:
        raise ClubInputError(msg(T_BAD_ADDRESS, text=text.strip()[:60])) from None
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if scheme not in ("http", "https") or not host or parts.username or parts.password:
        raise ClubInputError(msg(T_BAD_ADDRESS, text=text.strip()[:60]))
    path = parts.path
    table = None
    found = _TABLE_PATH.fullmatch(path)
    if found:
        path, table = found["prefix"], int(found["table"])
    netloc = f"[{host}]" if ":" in host else host
    if port is not None:
        netloc += f":{port}"
    fragment = dict(
        (key.lower(), value) for key, _, value in (piece.partition("=") for piece in parts.fragment.split("&"))
    )
    given = read_code(fragment.get("code", "")) or read_code(code)
    return Address(f"{scheme}://{netloc}{path.rstrip('/')}", table if table else None, given)


# -- the server's answers ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Refusal:
    """Why the server (or the network) did not take a request: the HTTP status (0: no answer), kind, params."""

    status: int
    kind: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """As the journal keeps it."""
        return json.dumps({"status": self.status, "kind": self.kind, "params": self.params}, sort_keys=True)

    @classmethod
    def read(cls, text: str) -> Refusal | None:
        try:
            data = json.loads(text)
        except ValueError:
            return None
        if not isinstance(data, dict) or "kind" not in data:
            return None
        params = data.get("params")
        return cls(int(data.get("status") or 0), str(data["kind"]), params if isinstance(params, dict) else {})


@dataclass(frozen=True)
class TableInfo:
    """What the server says of a table: its evening, round and players, and how far its round is."""

    link: ClubLink
    ruleset: str
    players: tuple[str, ...]
    deals: int  # deals of the round the server has
    finished: bool
    # each of those deals as it stands: (deal from 1, quick-score text or None where voided, dealer or None)
    results: tuple[tuple[int, str | None, int | None], ...] = ()


def network() -> None:
    """Import the network's stack (httpx: 50-60 ms), which a kiosk leaves until after its first frame: a club
    evening's first request, or the kiosk's idle work, whichever comes first."""
    import httpx  # noqa: F401


def _client() -> httpx.Client:
    import httpx

    return httpx.Client(timeout=httpx.Timeout(TIMEOUT[0], connect=TIMEOUT[1]))


def _refusal(response: httpx.Response) -> Refusal:
    try:
        data = response.json()
    except ValueError:
        data = None
    if isinstance(data, dict) and isinstance(data.get("kind"), str):
        params = data.get("params")
        return Refusal(response.status_code, data["kind"], params if isinstance(params, dict) else {})
    return Refusal(response.status_code, "not-a-club")


def _get_table(client: httpx.Client, address: Address, table: int) -> tuple[int, Any]:
    response = client.get(f"{address.server}/api/tables/{table}", headers={"Authorization": f"Bearer {address.code}"})
    if response.status_code != 200:
        return response.status_code, _refusal(response)
    try:
        return 200, response.json()
    except ValueError:
        return 200, None


def fetch_table(address: Address, client: httpx.Client | None = None) -> TableInfo | Refusal:
    """Ask the server for the table's evening, round, ruleset and players (never raises).

    Without a table in the address, the code's own table: the server names it when asked for table 1.
    """
    import httpx

    own = client is None
    client = client or _client()
    try:
        table = address.table or 1
        status, data = _get_table(client, address, table)
        if isinstance(data, Refusal) and data.kind == "other-table" and address.table is None:
            named = data.params.get("table")
            if isinstance(named, int) and not isinstance(named, bool) and named > 0:
                table = named
                status, data = _get_table(client, address, table)
    except httpx.HTTPError:
        return Refusal(0, "no-answer")
    finally:
        if own:
            client.close()
    if isinstance(data, Refusal):
        return data
    try:
        evening = data["evening"]
        link = ClubLink(
            server=address.server,
            code=address.code,
            evening=int(evening["id"]),
            evening_name=str(evening["name"]),
            round=int(data["round"] or 0),
            table=int(data["table"]),
            deals=None if data.get("deals_per_round") is None else int(data["deals_per_round"]),
        )
        players = tuple(str(name) for name in data["players"])
        results = tuple(
            (
                int(r["deal"]),
                None if r["score"] is None else str(r["score"]),
                None if r["dealer"] is None else int(r["dealer"]),
            )
            for r in data.get("results") or ()
        )
        return TableInfo(link, str(data["ruleset"]), players, int(data["deals"]), bool(data["finished"]), results)
    except (KeyError, TypeError, ValueError):
        return Refusal(status, "not-a-club")


def kept(answer: str) -> dict[str, int] | None:
    """Where the server kept a result for the organiser (a round over when it came), the round, the round the
    evening then played and the deal, as the journal keeps its answer; else None."""
    try:
        data = json.loads(answer) if answer else None
    except ValueError:
        return None
    params = data.get("kept") if isinstance(data, dict) else None
    if not isinstance(params, dict):
        return None
    return {k: v for k, v in params.items() if isinstance(v, int) and not isinstance(v, bool)}


# -- which results the server should have ------------------------------------------------------------------------


def score_text(play: Play, index: int) -> str:
    """Deal ``index``'s result (from 0) in the quick-score notation: ``0 13 5 8``, or ``3 4 nil 5 / 4 4 0 5``
    where bids score (club.notation reads it on the server's side).

    Each penalty the table booked on the deal follows as ``penalty 0 2 0 2``: the club server checks it with
    the referee and counts it in the standings.
    """
    result = play.game.results[index]
    if play.rules.bid_scoring is not None and result.bids:
        bids = " ".join(word.removeprefix("bid ") for word in result.bids)
        text = f"{bids} / {' '.join(map(str, result.tricks))}"
    else:
        text = " ".join(map(str, result.points))
        if result.solo >= 0:  # the soloist, where compulsory solos are owed: the server counts the round from it
            text += f" solo {result.solo + 1}"
    return text + "".join(" penalty " + " ".join(map(str, p.points)) for p in play.game.penalties if p.deal == index)


def wanted(play: Play, link: ClubLink) -> list[tuple[int, str, int]]:
    """(deal from 1, score, dealer) of every deal the game has finished, as the club server should have them.

    Only the evening's deals of a round count; a deal whose flag is still open waits: its penalty is
    decided on its summary first, and an undo there may change the deal.
    """
    results = play.game.results
    out = [(i + 1, score_text(play, i), r.dealer) for i, r in enumerate(results)]
    if out and any(f.open and f.deal == len(results) for f in play.flags):
        out.pop()
    if link.deals is None:
        return out
    kept, counted = [], 0
    for i, row in enumerate(out):  # the round's deals: a compulsory solo dealt again is not one of them
        if counted >= link.deals:
            break
        kept.append(row)
        counted += 1 if play.game.counts(i) else 0
    return kept


def reconcile(
    game: int, want: Sequence[tuple[int, str, int]], rows: Sequence[Outgoing]
) -> tuple[list[Outgoing], list[int]]:
    """The rows to write so that the journal's results follow the game, and the deals sent that no longer do.

    A finished deal without a result gets one, waiting; a result not sent yet whose deal was undone or
    changed is withdrawn (and the changed deal gets a new one). A result the server has stays as sent:
    the deal is the organiser's to correct; its number is in the second list.
    """
    current: dict[int, Outgoing] = {}
    for row in sorted(rows, key=lambda r: r.seq):
        if row.state != "withdrawn":
            current[row.deal] = row
    top = max((r.seq for r in rows), default=0)
    wish = {deal: (score, dealer) for deal, score, dealer in want}
    changes: list[Outgoing] = []
    differs: list[int] = []
    for deal, row in sorted(current.items()):
        if wish.get(deal) == (row.score, row.dealer):
            continue
        if row.state == "sent":
            differs.append(deal)
        else:
            changes.append(replace(row, state="withdrawn"))
    for deal, score, dealer in want:
        had = current.get(deal)
        if had is not None and (had.state == "sent" or (had.score, had.dealer) == (score, dealer)):
            continue
        top += 1
        changes.append(Outgoing(game, top, deal, score, dealer))
    return changes, differs


# -- the forwarder ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """A result to send: the journal's row, the evening it goes to, and the kiosk that sends it."""

    row: Outgoing
    link: ClubLink
    kiosk: str

    @property
    def key(self) -> tuple[int, int]:
        return self.row.game, self.row.seq

    def body(self) -> dict[str, Any]:
        row, link = self.row, self.link
        body: dict[str, Any] = {
            "kiosk": self.kiosk,
            "game": str(row.game),
            "seq": row.seq,
            "round": link.round,
            "table": link.table,
            "deal": row.deal,
            "score": row.score,
        }
        if row.dealer is not None:
            body["dealer"] = row.dealer
        return body


def post(client: httpx.Client, item: Item) -> tuple[str, str] | None:
    """Send one result: ("sent", the server's answer) or ("refused", the refusal); None: try again later."""
    import httpx

    try:
        response = client.post(
            f"{item.link.server}/api/results",
            json=item.body(),
            headers={"Authorization": f"Bearer {item.link.code}"},
        )
    except httpx.HTTPError:
        return None
    status = response.status_code
    if status in (200, 201, 202):
        try:
            data = response.json()
        except ValueError:
            data = None
        if isinstance(data, dict) and data.get("status") in ("stored", "already stored"):
            return "sent", json.dumps({"status": status, "result": data.get("result")}, sort_keys=True)
        if isinstance(data, dict) and data.get("status") in ("kept", "already kept"):
            # The round was over: the server keeps it for the organiser. Sent, not refused: nothing to resend.
            params = data.get("params") if isinstance(data.get("params"), dict) else {}
            answer = {"status": status, "result": data.get("result"), "kept": params}
            return "sent", json.dumps(answer, sort_keys=True)
        return None  # a 200 that is not the club server's answer: a portal or a proxy in the way
    if 400 <= status < 500 and status not in (408, 429):
        return "refused", _refusal(response).text()
    return None  # the server is starting, overloaded or failing: later


class Forwarder:
    """Sends the results the session offers, oldest first, from a thread; the answers wait in :meth:`take`.

    ``wake`` is called (from the thread) whenever there is an answer to take or the server went away or
    came back, so the kiosk's frame loop wakes and shows the count: it never polls.
    """

    def __init__(self, wake: Callable[[], None], backoff: tuple[float, float] = BACKOFF) -> None:
        self.wake = wake
        self.backoff = backoff
        self.offline = False  # the last try found no server (the screen says so)
        self._cond = threading.Condition()
        self._todo: list[Item] = []
        self._answers: list[tuple[Outgoing, str, str]] = []
        self._reported: set[tuple[int, int]] = set()  # answered rows the session has not written yet
        self._nudged = False
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="club-forwarder", daemon=True)
        self._thread.start()

    def offer(self, items: Sequence[Item]) -> None:
        """The results to send now, in order (it replaces what was offered before)."""
        with self._cond:
            offered = {i.key for i in items}
            self._reported &= offered
            known = {i.key for i in self._todo}
            self._todo = [i for i in items if i.key not in self._reported]
            if any(i.key not in known for i in self._todo):
                self._nudged = True  # something new: try at once, whatever the back-off says
            self._cond.notify_all()

    def take(self) -> list[tuple[Outgoing, str, str]]:
        """The answers since the last call: (row, "sent" or "refused", the answer as the journal keeps it)."""
        with self._cond:
            answers, self._answers = self._answers, []
        return answers

    @property
    def busy(self) -> bool:
        """Results still to send, or answers not taken yet."""
        with self._cond:
            return bool(self._todo or self._answers)

    def stop(self) -> None:
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._thread.join(timeout=10)

    def _run(self) -> None:
        delay = self.backoff[0]
        with _client() as client:
            while True:
                with self._cond:
                    if not self._todo:
                        self._cond.wait_for(lambda: self._stopped or bool(self._todo))
                        # The entry that finished the deal is still being drawn: its frame comes first.
                        self._cond.wait_for(lambda: self._stopped, timeout=SETTLE)
                    if self._stopped or not self._todo:
                        if self._stopped:
                            return
                        continue
                    item = self._todo[0]
                    self._nudged = False
                answer = post(client, item)
                with self._cond:
                    if answer is None:
                        went = not self.offline
                        self.offline = True
                    else:
                        went = self.offline
                        self.offline = False
                        delay = self.backoff[0]
                        self._reported.add(item.key)
                        self._todo = [i for i in self._todo if i.key != item.key]
                        if answer[0] == "refused":  # the later deals of the game would be out of order: they wait
                            self._todo = [i for i in self._todo if i.row.game != item.row.game]
                        self._answers.append((item.row, *answer))
                if answer is not None or went:
                    self.wake()
                if answer is None:
                    with self._cond:
                        if self._cond.wait_for(lambda: self._stopped or self._nudged, timeout=delay):
                            # A new result, offered by the entry that finished its deal while the server is away:
                            # that entry's frame is drawn first, as when the server is up (the try at once
                            # took the interpreter from the frame of the deal's last card).
                            self._cond.wait_for(lambda: self._stopped, timeout=SETTLE)
                    delay = min(delay * 2, self.backoff[1])
