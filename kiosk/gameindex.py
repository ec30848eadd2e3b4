"""The setup screen's index of the bundled games: what its first frame shows of each, without compiling any.

The setup screen lists every bundled ruleset: its title, its one-line label (wording.label) and how many may play
(a game of several numbers of players asks how many next). Reading, checking and compiling all of them took 3.27 s
before the first frame on a busy machine (issue 20). The index holds just that, per language, and is kept in the
cache folder (``$TRICKBOOK_CACHE/kiosk``, beside the kept catalogs) under a hash of all it is made from: the
bundled files' bytes, the language's catalog's bytes, and the size and time of every source file of the referee
and the wording. Any change makes a new index (the one time every ruleset is compiled); a kept file that is not
whole or not as made is made again. The full ruleset is loaded when a game is chosen.

A cold first start (nothing kept yet: a new kiosk, a new version) compiled all 25 rulesets for it. The index of
every language is committed beside this file (``gameindex.json``, made by ``make gameindex`` and by ``make i18n``,
and checked current by tests/test_kiosk_fifth.py): each language's part holds the hash of what it is made from
that a running kiosk can tell (the bundled files' bytes, the catalog's bytes), and is used where that matches; a
changed ruleset or catalog (house edits to an installed copy) falls back to the kept index, made once.

Run ``python -m kiosk.gameindex`` to make the committed index again.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import referee
import wording
from referee import Ruleset, RulesetError, load_ruleset
from referee.loader import bundled_dir, bundled_ids
from wording.freetext import title_of
from wording.i18n import LANGUAGES, Lang, catalog_cache_dir, load_lang, locales_dir
from wording.label import label_of

#: The kept files' own form: bumped when it changes.
FORMAT = 1
#: The committed index of the bundled games in every language (see the module's doc).
COMMITTED = Path(__file__).with_name("gameindex.json")


@dataclass(frozen=True)
class Entry:
    """A bundled game as the setup screen shows it, in one language."""

    id: str
    title: str  # wording.freetext.title_of
    label: str  # wording.label.label_of
    players: tuple[int, ...]  # the numbers of players it is for
    default: int  # the number it is for by default


def entry(lang: Lang, rules: Ruleset) -> Entry:
    """A compiled ruleset's entry."""
    return Entry(
        rules.id, title_of(lang, rules), label_of(lang, rules), tuple(rules.player_counts), rules.default_players
    )


def cache_dir() -> Path:
    """Where the indexes are kept: beside the kept catalogs (wording.i18n.catalog_cache_dir)."""
    return catalog_cache_dir().parent / "kiosk"


def _sources_stamp() -> bytes:
    """The referee's and the wording's source files, by name, size and time (a stat each: no file is read)."""
    out = []
    for package in (referee, wording):
        root = Path(package.__file__ or "").parent
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".json", ".yaml", ".so") and "__pycache__" not in path.parts:
                stat = path.stat()
                out.append(f"{path.relative_to(root.parent)}\0{stat.st_size}\0{stat.st_mtime_ns}\n")
    return "".join(out).encode()


def _inputs(code: str) -> str:
    """The hash of the data one language's index is made from: the bundled files' and the catalog's bytes."""
    digest = hashlib.sha256(f"{FORMAT}\0{code}\0".encode())
    for path in sorted(bundled_dir().glob("*.yaml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    po = locales_dir() / code / "LC_MESSAGES" / "trickbook.po"
    digest.update(po.read_bytes() if po.is_file() else b"")
    return digest.hexdigest()[:40]


def _key(code: str) -> str:
    """The hash of everything one language's kept index is made from: its data, and the code's sources."""
    return hashlib.sha256(_inputs(code).encode() + b"\0" + _sources_stamp()).hexdigest()[:40]


def _entries(games: object) -> dict[str, Entry]:
    """An index's games as written (a list of objects); ValueError, KeyError or TypeError where one is amiss."""
    if not isinstance(games, list):
        raise TypeError("not a list of games")
    entries = [
        Entry(str(e["id"]), str(e["title"]), str(e["label"]), tuple(int(n) for n in e["players"]), int(e["default"]))
        for e in games
    ]
    return {e.id: e for e in entries}


def _read(path: Path) -> dict[str, Entry] | None:
    """A kept index, or None where there is none or it is not as made (not whole, another form, a field amiss)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["format"] != FORMAT:
            return None
        return _entries(data["games"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _committed(code: str) -> dict[str, Entry] | None:
    """The committed index's games in language ``code``, where it holds them for these rulesets and catalog."""
    try:
        data = json.loads(COMMITTED.read_text(encoding="utf-8"))
        part = data["langs"][code]
        if data["format"] != FORMAT or part["key"] != _inputs(code):
            return None
        return _entries(part["games"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _games(entries: list[Entry]) -> list[dict[str, object]]:
    return [{**e.__dict__, "players": list(e.players)} for e in entries]


def _write(path: Path, entries: list[Entry], prefix: str) -> None:
    """Keep an index (written whole under a name of this thread's, then renamed: a reader finds it whole or not
    at all), and drop the language's older ones. Only ever a saving: a folder that cannot be written is left alone."""
    games = _games(entries)
    temp = path.with_name(f".{path.name}.{os.getpid()}-{threading.get_ident()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps({"format": FORMAT, "games": games}, ensure_ascii=False), encoding="utf-8")
        os.replace(temp, path)
        for old in path.parent.glob(f"{prefix}*.json"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:
        temp.unlink(missing_ok=True)


def load(lang: Lang, rules: dict[str, Ruleset | None]) -> dict[str, Entry]:
    """The bundled games' index in ``lang``: kept, or made (each ruleset compiled, into ``rules``, the session's
    rulesets by id, where it is not there yet) and kept. A ruleset that does not load is left out."""
    committed = _committed(lang.code)
    if committed is not None:
        return committed
    prefix = f"{lang.code}-"
    path = cache_dir() / f"{prefix}{_key(lang.code)}.json"
    kept = _read(path)
    if kept is not None:
        return kept
    entries = _made(lang, rules)
    _write(path, entries, prefix)
    return {e.id: e for e in entries}


def _made(lang: Lang, rules: dict[str, Ruleset | None]) -> list[Entry]:
    """The bundled games' entries in ``lang``, each ruleset compiled (into ``rules``) where it is not there yet."""
    entries = []
    for rid in bundled_ids():
        if rid not in rules:
            try:
                rules[rid] = load_ruleset(rid)
            except (RulesetError, ValueError):
                rules[rid] = None
        compiled = rules[rid]
        if compiled is not None:
            entries.append(entry(lang, compiled))
    return entries


def committed_text() -> str:
    """The committed index as it is made now, every language: the text of ``gameindex.json``."""
    rules: dict[str, Ruleset | None] = {}
    parts = []
    for code in LANGUAGES:  # a game a line: a changed label is a changed line
        games = ",\n".join(
            "   " + json.dumps(game, ensure_ascii=False) for game in _games(_made(load_lang(code), rules))
        )
        parts.append(f' {json.dumps(code)}: {{"key": {json.dumps(_inputs(code))}, "games": [\n{games}\n ]}}')
    return f'{{"format": {FORMAT}, "langs": {{\n' + ",\n".join(parts) + "\n}}\n"


if __name__ == "__main__":  # `make gameindex`: the committed index made again
    COMMITTED.write_text(committed_text(), encoding="utf-8")
    sys.stdout.write(f"{COMMITTED}: {len(LANGUAGES)} languages, {len(bundled_ids())} games each\n")
