"""Catalog upkeep after ``pybabel update``, run by ``make i18n``.

- The English catalog translates every message to itself, so it is complete.
- Hebrew has three plural forms (one, two, many): ``pybabel init`` writes two.
- Every catalog is then checked with Babel's checkers; problems print as
  ``file:line: message`` and the exit status is 1.
"""

from __future__ import annotations

import sys

from babel.messages.pofile import write_po

from .i18n import LANGUAGES, check_catalog, locales_dir, read_catalog

PLURAL_FORMS = {"he": "nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);"}


def main() -> int:
    problems: list[str] = []
    for lang in LANGUAGES:
        path = locales_dir() / lang / "LC_MESSAGES" / "trickbook.po"
        catalog = read_catalog(path, lang)
        changed = False
        if lang in PLURAL_FORMS and catalog.plural_forms != PLURAL_FORMS[lang]:
            headers = [(k, v) for k, v in catalog.mime_headers if k.lower() != "plural-forms"]
            catalog.mime_headers = [*headers, ("Plural-Forms", PLURAL_FORMS[lang])]
            changed = True
        if lang == "en":
            for message in catalog:
                if message.id and not (
                    message.string if not isinstance(message.string, tuple) else all(message.string)
                ):
                    message.string = message.id if isinstance(message.id, str) else tuple(message.id)
                    changed = True
        for message in catalog:
            if message.id and message.fuzzy and lang == "en":
                message.flags.discard("fuzzy")
                changed = True
        if changed:
            with path.open("wb") as f:
                write_po(f, catalog, width=76, sort_output=False)
        problems.extend(check_catalog(path, lang))
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
