"""Fill untranslated catalog entries from a JSON file of translations.

    .venv/bin/python tools/apply_translations.py FILE.json [FILE.json ...]

Each file holds a list of entries::

    {"context": "section", "id": "Overview", "de": "Überblick", "nl": "...", "it": "...", "he": "..."}
    {"id": ["%(count)s deal", "%(count)s deals"], "de": ["...", "..."], ..., "he": ["one", "two", "many"]}

Run ``make i18n`` first so the catalogs hold the new messages. Only empty
translations are filled (a reviewed one is never overwritten); the entries no
catalog holds are listed, and the script exits 1 if there are any.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

LANGS = ("de", "nl", "it", "he")
ROOT = Path(__file__).resolve().parent.parent


def main(files: list[str]) -> int:
    entries = [e for f in files for e in json.loads(Path(f).read_text(encoding="utf-8"))]
    missing: set[str] = set()
    for code in LANGS:
        path = ROOT / "locales" / code / "LC_MESSAGES" / "trickbook.po"
        with path.open("rb") as f:
            catalog = read_po(f)
        for e in entries:
            key = tuple(e["id"]) if isinstance(e["id"], list) else e["id"]
            msg = catalog.get(key[0] if isinstance(key, tuple) else key, context=e.get("context"))
            if msg is None:
                missing.add(repr(e["id"]))
                continue
            value = e[code]
            if isinstance(msg.string, tuple | list):
                if not any(msg.string):
                    msg.string = tuple(value)
            elif not msg.string:
                msg.string = value
        with path.open("wb") as out:
            write_po(out, catalog, width=76, sort_output=False)
    for m in sorted(missing):
        print(f"not in the catalogs: {m}", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
