"""What the club's pages are made with: languages, templates, times, change notes, QR codes and CSV files.

Every page is a Jinja2 template with autoescaping on, rendered with one
:class:`wording.i18n.Lang` (the catalogs' translations; Babel's numbers,
times and text direction). Free text people typed (names, reasons) stands in
``<bdi>`` so a Latin name reads right in a Hebrew sentence and the other way
round. Times are shown in the server's time zone.
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import ipaddress
from collections.abc import Iterable, Sequence
from typing import Any

from babel.dates import format_date, format_time
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape
from starlette.requests import Request
from starlette.responses import Response

from wording.i18n import LANGUAGES, N_, Lang, load_lang

from .store import ChangeNote

__all__ = [
    "REJECTED",
    "bdi",
    "change_note",
    "clock",
    "csv_response",
    "day",
    "env",
    "is_loopback",
    "lang_of",
    "langs",
    "name_list",
    "qr_svg",
    "say",
]

VOIDED = N_("Changed by %(name)s at %(time)s: deal %(deal)s of table %(table)s in round %(round)s voided: %(reason)s")
CORRECTED = N_(
    "Changed by %(name)s at %(time)s: deal %(deal)s of table %(table)s in round %(round)s "
    "corrected to %(score)s: %(reason)s"
)
REJECTED = N_("Rejected by %(name)s at %(time)s: %(reason)s")  # a late result the organiser did not take
CSV_FORMULA = ("=", "+", "-", "@", "\t", "\r")  # a cell a spreadsheet would run as a formula


@functools.cache
def langs() -> dict[str, Lang]:
    # The club's messages show in English until a catalog holds them (complete=False).
    return {code: load_lang(code, complete=False) for code in LANGUAGES}


def say(lang: Lang, message: str, **params: object) -> str:
    text = lang.gettext(message)
    return text % params if params else text


def bdi(text: object) -> Markup:
    """Free text isolated from the sentence around it (autoescaped)."""
    return Markup("<bdi>{}</bdi>").format(text)


def clock(lang: Lang, at: dt.datetime) -> str:
    """A time of day in the server's time zone, as the language writes it (Babel): ``21:14``, ``9:14 PM``."""
    return str(format_time(at.astimezone(), "short", locale=lang.locale))


def day(lang: Lang, at: dt.datetime) -> str:
    """A date in the server's time zone, as the language writes it (Babel): ``4 March 2025``."""
    return str(format_date(at.astimezone(), "long", locale=lang.locale))


def name_list(lang: Lang, names: Sequence[str]) -> Markup:
    """Names as the language lists them (Babel's list, Hebrew's ו־ before a Latin name), each isolated."""
    escaped = [str(escape(n)) for n in names]
    text = lang.join(escaped)
    parts: list[str] = []
    at = 0
    for name in escaped:  # each name stands in the list in its order: wrap it where it stands
        found = text.find(name, at)
        if found < 0:
            return Markup(lang.join([str(bdi(n)) for n in names]))
        parts += [str(escape(text[at:found])), "<bdi>", name, "</bdi>"]
        at = found + len(name)
    parts.append(str(escape(text[at:])))
    return Markup("".join(parts))


def change_note(lang: Lang, change: ChangeNote) -> Markup:
    """The board's line for a correction or a void: who, when, which deal, what and why."""
    params: dict[str, object] = {
        "name": bdi(change.by),
        "time": clock(lang, change.at),
        "deal": change.deal,
        "table": change.table,
        "round": change.round,
        "reason": bdi(change.reason),
    }
    if change.action == "void":
        return Markup(escape(lang.gettext(VOIDED))) % params
    params["score"] = Markup('<bdi dir="ltr">{}</bdi>').format(change.score)
    return Markup(escape(lang.gettext(CORRECTED))) % params


@functools.cache
def env(code: str) -> Environment:
    """The templates in one language: gettext from its catalog, and its numbers, times and change notes."""
    lang = langs()[code]
    environment = Environment(
        loader=PackageLoader("club", "templates"),
        autoescape=select_autoescape(["html", "xml"]),
        undefined=StrictUndefined,
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.install_gettext_translations(lang.translations, newstyle=True)  # type: ignore[attr-defined]
    environment.globals.update(
        clock=functools.partial(clock, lang),
        day=functools.partial(day, lang),
        note=functools.partial(change_note, lang),
        names=functools.partial(name_list, lang),
        number=functools.lru_cache(maxsize=8192)(lang.number),  # a board says the same few numbers many times
    )
    environment.filters["bdi"] = bdi
    return environment


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


def is_loopback(url: str) -> bool:
    """Whether an address names this computer only (``localhost``, ``127.0.0.1``, ``::1``)."""
    from urllib.parse import urlsplit

    host = urlsplit(url).hostname or ""
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def qr_svg(text: str, title: str) -> Markup:
    """A QR code of ``text`` as inline SVG (segno), named by ``title`` for screen readers."""
    import segno

    svg = str(segno.make(text, error="m").svg_inline(scale=4, dark="#000", light="#fff", title=title))
    return Markup(svg.replace("<svg ", '<svg role="img" ', 1))


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(CSV_FORMULA):
        return "'" + value  # shown as text, never run as a formula
    return value


def csv_response(header: Sequence[str], rows: Iterable[Sequence[object]], filename: str) -> Response:
    """A CSV download (UTF-8 with a byte order mark, so spreadsheets read Hebrew names right)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([_cell(h) for h in header])
    writer.writerows([_cell(v) for v in row] for row in rows)
    return Response(
        "\ufeff" + out.getvalue(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"', "Cache-Control": "no-store"},
    )


def render(lang_code: str, template: str, /, **context: Any) -> str:
    return env(lang_code).get_template(template).render(lang=langs()[lang_code], **context)
