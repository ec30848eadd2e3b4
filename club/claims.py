"""The body of ``POST /api/results`` read into a :class:`club.store.Claim`, or refused in one line."""

from __future__ import annotations

import json
import re
from typing import Any

from .notation import NotationError, read_score
from .store import Claim

__all__ = ["BadBody", "read_body", "read_claim"]

FIELDS = ("kiosk", "game", "seq", "round", "table", "deal", "score", "dealer")
REQUIRED = ("kiosk", "game", "seq", "round", "table", "deal", "score")
_ID = re.compile(r"[A-Za-z0-9._:@-]{1,64}")
MAX_SEQ = 2**53
MAX_SMALL = 100_000


class BadBody(ValueError):
    """A malformed request body; the message says what is wrong in one line."""


MAX_DIGITS = 30  # a number in a body: no field needs more, and Python refuses to read thousands of digits


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadBody(f"a number in the body has {len(text.lstrip('-')):,} digits; at most {MAX_DIGITS}")
    return int(text)


def _constant(text: str) -> None:
    raise BadBody(f"the body is not JSON ({text} is not a JSON number)")


def read_body(raw: bytes) -> dict[str, Any]:
    try:
        data = json.loads(raw.decode("utf-8"), parse_int=_number, parse_constant=_constant)
    except UnicodeDecodeError:
        raise BadBody("the body is not UTF-8 text") from None
    except json.JSONDecodeError as exc:
        raise BadBody(f"the body is not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise BadBody("the body nests too deeply") from None
    if not isinstance(data, dict):
        raise BadBody('the body must be a JSON object: {"kiosk": ..., "game": ..., "seq": ..., ...}')
    return data


def _whole(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadBody(f"{key!r} must be a whole number, not {json.dumps(value)[:30]}")
    if not low <= value <= high:
        raise BadBody(f"{key!r} must be from {low} to {high}, not {value}")
    return value


def _ident(data: dict[str, Any], key: str) -> str:
    value = data[key]
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        value = str(value)
    if not isinstance(value, str) or not _ID.fullmatch(value):
        raise BadBody(f"{key!r} must be 1 to 64 letters, digits or . _ : @ -")
    return value


def read_claim(data: dict[str, Any]) -> Claim:
    unknown = sorted(k for k in data if k not in FIELDS)
    if unknown:
        raise BadBody(f"unknown field {unknown[0]!r}; the fields are {', '.join(FIELDS)}")
    missing = [k for k in REQUIRED if k not in data]
    if missing:
        raise BadBody(f"missing field {missing[0]!r}")
    score = data["score"]
    if not isinstance(score, str):
        raise BadBody('\'score\' must be text in the quick-score notation: "0 13 5 8" or "3 4 n 5 / 4 4 0 5"')
    try:
        parsed = read_score(score)
    except NotationError as exc:
        raise BadBody(f"'score': {exc}") from None
    dealer = data.get("dealer")
    return Claim(
        kiosk=_ident(data, "kiosk"),
        game=_ident(data, "game"),
        seq=_whole(data, "seq", 0, MAX_SEQ),
        round=_whole(data, "round", 1, MAX_SMALL),
        table=_whole(data, "table", 1, MAX_SMALL),
        deal=_whole(data, "deal", 1, MAX_SMALL),
        score=parsed,
        dealer=None if dealer is None else _whole(data, "dealer", 0, 99),
    )
