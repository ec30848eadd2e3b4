"""Catalogs, translations and the locale-aware formatting the pages use.

Translations are passed around explicitly as :class:`Lang` objects (one per
language, built once per build); nothing is installed globally, so one
process renders all five languages. Babel owns plurals, list formatting,
language names, number formatting and text direction.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import io
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import babel
from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal
from babel.support import Translations

if TYPE_CHECKING:  # Babel's catalog tools are imported where a .po file is read (a kept catalog needs none of them)
    from babel.messages.catalog import Catalog

LANGUAGES = ("en", "de", "nl", "it", "he")
ListStyle = Literal["standard", "or"]
DOMAIN = "trickbook"


def locales_dir() -> Path:
    """The catalogs: locales/ beside the source, or trickbook/locales/ in an installed wheel."""
    here = Path(__file__).resolve().parent.parent / "locales"
    if here.is_dir():
        return here
    # Found, not imported: wording sits below the trickbook package's commands (tests/test_layering.py).
    spec = importlib.util.find_spec("trickbook")
    if spec is None or not spec.submodule_search_locations:
        return here  # neither: the error that follows names the missing catalog
    return Path(next(iter(spec.submodule_search_locations))) / "locales"


class CatalogError(ValueError):
    """A translation catalog is broken; names the file and line of each problem."""


# -- markers for extraction (pybabel extract -k N_ -k NN_:1,2 -k NC_:1c,2) ------


def N_(message: str) -> str:
    """Mark a message for extraction; it is translated where it is used."""
    return message


def NN_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural message pair for extraction."""
    return singular, plural


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with a context for extraction."""
    return context, message


def read_catalog(path: Path, lang: str) -> Catalog:
    with path.open("rb") as f:
        return _read_po(f, lang)


def _read_po(source: io.BufferedIOBase | io.BytesIO, lang: str) -> Catalog:
    from babel.messages.pofile import read_po

    return read_po(source, locale=lang, domain=DOMAIN)


def check_catalog(path: Path, lang: str, catalog: Catalog | None = None) -> list[str]:
    """Babel's checkers (placeholders, plural counts) plus completeness, as `file:line: message`.

    ``catalog`` is the file as read, where the caller has read it already."""
    from babel.messages.checkers import checkers  # (its import reads the installed packages' metadata: 50 ms)

    if catalog is None:
        catalog = read_catalog(path, lang)
    problems: list[str] = []
    expected_plurals = Locale.parse(lang).plural_form
    # CLDR lists a "many" form for Italian numbers like 1,000,000 that
    # gettext catalogs do not use; count only the forms whole numbers take.
    expected_plurals_tags = [t for t in expected_plurals.tags if t != "many"]
    for message in catalog:
        if not message.id:
            continue
        where = f"{path}:{message.lineno}"
        for checker in checkers:
            try:
                checker(catalog, message)
            except Exception as exc:  # Babel raises TranslationError
                problems.append(f"{where}: {message.id!r}: {exc}")
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(strings):
            problems.append(f"{where}: {message.id!r}: not translated")
        if message.fuzzy:
            problems.append(f"{where}: {message.id!r}: marked fuzzy")
    if catalog.num_plurals != len(expected_plurals_tags) + 1:
        # Hebrew is the case in point: pybabel init writes 2 forms; CLDR has 3.
        problems.append(
            f"{path}:1: the header has {catalog.num_plurals} plural forms; "
            f"{lang} needs {len(expected_plurals_tags) + 1} ({catalog.plural_forms})"
        )
    return problems


#: How many formatted numbers a language keeps.
NUMBERS_KEPT = 4096


@dataclass
class Lang:
    """One language: its translations, locale and formatting helpers."""

    code: str
    translations: Translations
    locale: Locale
    # Numbers as formatted (Babel takes tens of microseconds a number; a kiosk's score sheet shows hundreds
    # each time it is drawn).
    _numbers: dict[int, str] = field(default_factory=dict, init=False, repr=False, compare=False)
    # What a caller makes from the language alone, made once by its key (the kiosk's card cells, every tap).
    memo: dict[object, object] = field(default_factory=dict, init=False, repr=False, compare=False)

    @functools.cached_property
    def direction(self) -> str:
        # Babel works it out from the locale's data on every call: a kiosk frame asks a few dozen times.
        return str(self.locale.text_direction)

    @property
    def name(self) -> str:
        """The language's name in itself: Deutsch, עברית."""
        return language_name(self.code)

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return str(self.translations.pgettext(context, message))

    def number(self, n: int) -> str:
        text = self._numbers.get(n)
        if text is not None:
            return text
        text = str(format_decimal(n, locale=self.locale))
        if n < 0:
            # A true minus sign (−27, not the hyphen CLDR writes for these languages): a rule book and a score
            # sheet print one, and a hyphen beside it reads as a dash.
            text = text.replace("-", "\u2212", 1)
            if self.direction == "rtl" and not text.startswith("\u200e"):
                # A left-to-right mark keeps the minus before the digits in RTL text.
                text = "\u200e" + text
        if len(self._numbers) < NUMBERS_KEPT:
            self._numbers[n] = text
        return text

    def join(self, items: list[str], style: ListStyle = "standard") -> str:
        text = str(format_list(items, style=style, locale=self.locale))
        if self.code == "he":
            # CLDR joins Hebrew lists with a bare "ו" ("3 ו2"); before a digit or a
            # Latin letter Hebrew writes a maqaf: "3 ו־2".
            text = re.sub(r"(?<=\s)ו(?=[0-9A-Za-z])", "ו\u05be", text)
        return text


def language_name(code: str) -> str:
    """A language's name in itself (Deutsch, עברית), from Babel's locale data alone: naming a language needs
    none of its catalog (a kiosk's language buttons once read and checked all five catalogs to start)."""
    return str(Locale.parse(code).get_display_name(code))


def load_lang(lang: str, folder: Path | None = None, complete: bool = True) -> Lang:
    """Read a language's catalog, check it, and build its translations in memory.

    ``complete=False`` (the kiosk) accepts untranslated messages, which then
    show in English; a broken placeholder is refused either way.
    """
    folder = folder or locales_dir()
    path = folder / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not path.is_file():
        raise CatalogError(f"{path}: no catalog for language {lang!r}")
    # A catalog is read and checked once a process while its file stays as it was (each kiosk session,
    # each site build asks again).
    stat = path.stat()
    key = (str(path.resolve()), lang, complete, stat.st_mtime_ns, stat.st_size)
    loaded = _loaded.get(key)
    if loaded is None:
        loaded = _loaded[key] = _load_lang(path, lang, complete)
    return loaded


_loaded: dict[tuple[str, str, bool, int, int], Lang] = {}


def _load_lang(path: Path, lang: str, complete: bool) -> Lang:
    source = path.read_bytes()
    kept = catalog_cache_dir() / _cache_name(source, lang, complete)
    compiled = _read_cached(kept)
    if compiled is None:  # not checked and compiled before, in this form: read, checked and compiled now
        from babel.messages.mofile import write_mo

        catalog = _read_po(io.BytesIO(source), lang)
        problems = [p for p in check_catalog(path, lang, catalog) if complete or not p.endswith(": not translated")]
        if problems:
            raise CatalogError("\n".join(problems))
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        compiled = buffer.getvalue()
        _write_cached(kept, compiled, _cache_prefix(lang, complete))
    return Lang(lang, Translations(fp=io.BytesIO(compiled), domain=DOMAIN), Locale.parse(lang))


# -- checked catalogs, kept compiled --------------------------------------------------------------------------------
# Reading a catalog's .po file, checking it and compiling it takes 0.2-0.3 s a language (Babel's parser, its checkers
# and its sort, in Python): a kiosk paid it before its first frame at every start, for a file that had not changed.
# A catalog that passed its checks is kept compiled, under the hash of its file's bytes (and of what the check and
# the compiler were), so an edited catalog is read and checked again, and a broken one is never kept.

#: The cached files' own form: bumped when it changes.
CACHE_FORMAT = 1
_DIGEST = hashlib.sha256().digest_size


def catalog_cache_dir() -> Path:
    """Where checked catalogs are kept compiled: ``$TRICKBOOK_CACHE/catalogs``, else
    ``$XDG_CACHE_HOME/trickbook/catalogs``, else ``~/.cache/trickbook/catalogs`` (the rule of the stats cache,
    referee.stats.default_cache_dir)."""
    own = os.environ.get("TRICKBOOK_CACHE")
    if own:
        return Path(own, "catalogs")
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and Path(xdg).is_absolute():
        return Path(xdg, "trickbook", "catalogs")
    return Path.home() / ".cache" / "trickbook" / "catalogs"


def _cache_name(source: bytes, lang: str, complete: bool) -> str:
    """The file a catalog is kept in: its language, how completely it was checked, and the hash of its bytes."""
    made_by = f"{CACHE_FORMAT}\0{babel.__version__}\0{lang}\0{complete}\0".encode()
    return f"{_cache_prefix(lang, complete)}{hashlib.sha256(made_by + source).hexdigest()[:40]}.mo"


def _cache_prefix(lang: str, complete: bool) -> str:
    return f"{lang}-{'complete' if complete else 'partial'}-"


def _read_cached(path: Path) -> bytes | None:
    """A kept catalog's compiled bytes, or None when there is none or it is not whole (its own hash follows it)."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    compiled, digest = raw[:-_DIGEST], raw[-_DIGEST:]
    return compiled if len(raw) > _DIGEST and hashlib.sha256(compiled).digest() == digest else None


def _write_cached(path: Path, compiled: bytes, prefix: str) -> None:
    """Keep a checked catalog compiled (written whole under another name, then renamed), and drop the same
    language's older ones. Only ever a saving: a folder that cannot be written is left alone."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".part")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(compiled + hashlib.sha256(compiled).digest())
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
        for old in path.parent.glob(f"{prefix}*.mo"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        pass
