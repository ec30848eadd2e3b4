"""A ruleset's free text (title, summary, notes, source) in one language.

A ruleset may give its text per language (``title: {en: Hearts, nl:
Hartenjagen}``); otherwise the catalogs translate the English text, which
:mod:`wording.extract` put there.
"""

from __future__ import annotations

from typing import Any

from referee import Ruleset

from .i18n import Lang


def free_text(lang: Lang, value: Any) -> str | None:
    """A ruleset's free text: its own translation, else the catalog's, else as written."""
    if isinstance(value, dict):
        if value.get(lang.code):
            return str(value[lang.code])
        value = value.get("en") or next((v for v in value.values() if v), None)
    if not value:  # an empty text is absent: gettext("") would be the catalog's header
        return None
    return lang.gettext(str(value))


def title_of(lang: Lang, rules: Ruleset) -> str:
    """A ruleset's title in ``lang``; the id, untranslated, when the file gives none."""
    return free_text(lang, rules.text.title) or rules.id
