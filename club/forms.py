"""The organiser's forms read into values, or refused with a sentence of the catalog and its fields."""

from __future__ import annotations

import functools
import re
import secrets
import unicodedata
from typing import Any

from starlette.datastructures import FormData

from referee.loader import bundled_ids
from referee.ruleset import Ruleset, load_ruleset
from wording.i18n import N_, Lang

__all__ = ["FormError", "evening_fields", "id_or_none", "int_or_none", "ruleset"]


@functools.cache
def ruleset(ruleset_id: str) -> Ruleset:
    return load_ruleset(ruleset_id)


class FormError(ValueError):
    """A field the organiser must fix: a message of the catalog, its fields (a list is said as a list),
    and the form field it is about (its name), so the page can mark it and put the cursor there."""

    def __init__(self, message: str, field: str | None = None, **params: object) -> None:
        self.message = message
        self.field = field
        self.params = params
        super().__init__(message % params if params else message)

    def say(self, lang: Lang) -> str:
        params = {k: lang.join([str(x) for x in v], "or") if isinstance(v, list) else v for k, v in self.params.items()}
        text = lang.gettext(self.message)
        return text % params if params else text


def int_or_none(text: object) -> int | None:
    """A whole number as typed (at most 30 characters: Python refuses to read thousands of digits), or None."""
    raw = str(text)
    if len(raw) > 30:
        return None
    try:
        return int(raw)
    except ValueError:
        return None


MAX_ID = 2**31 - 1  # the databases' INTEGER


def id_or_none(text: object) -> int | None:
    """A number in an address (an evening, a table, a result): from 1 to what the database holds, else None."""
    value = int_or_none(text)
    return value if value is not None and 1 <= value <= MAX_ID else None


def _form_int(form: FormData, key: str, low: int, high: int, default: int | None = None) -> int | None:
    raw = str(form.get(key, "")).strip()
    if not raw:
        return default
    value = int_or_none(raw)
    if value is None or not low <= value <= high:
        raise FormError(N_("Give a whole number from %(low)s to %(high)s."), key, low=low, high=high)
    return value


# What a name may not hold (Unicode's categories): controls (C0, DEL, C1), format characters (zero-width
# spaces and joiners, the marks and overrides of text direction, soft hyphens), line and paragraph
# separators, surrogates, private use and unassigned code points. Each is invisible or shows differently
# from what it holds, so "Ann" and "Ann" with a zero-width space would be two players who look like one.
_NOT_IN_NAMES = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
_LINE_END = re.compile("\r\n|\r|\n")


def _clean(text: str, most: int, field: str) -> str:
    # Checked before the spaces are tidied: str.split() takes NEL (a C1 control), the line and paragraph
    # separators and the C0 separators for spaces, so "B\x85en" would become "B en" unrefused. A tab is typed
    # space; it becomes one.
    if any(c != "\t" and unicodedata.category(c) in _NOT_IN_NAMES for c in text):
        raise FormError(N_("Names may not hold control characters or invisible characters."), field)
    # NFC: a letter typed composed or decomposed (é, e + ◌́) is one name, and is compared as one.
    value = unicodedata.normalize("NFC", " ".join(text.split()))
    if len(value) > most:
        raise FormError(N_("A name has at most %(most)s characters."), field, most=most)
    return value


def evening_fields(form: FormData) -> dict[str, Any]:
    name = _clean(str(form.get("name", "")), 120, "name")
    if not name:
        raise FormError(N_("Give the evening a name."), "name")
    ruleset_id = str(form.get("ruleset", ""))
    if ruleset_id not in bundled_ids():
        raise FormError(N_("Choose one of the games."), "ruleset")
    rules = ruleset(ruleset_id)
    per_table = _form_int(form, "players_per_table", 2, 12, rules.default_players)
    assert per_table is not None
    if per_table not in rules.player_counts:
        counts = list(rules.player_counts)
        raise FormError(N_("This game is played by %(counts)s players at a table."), "players_per_table", counts=counts)
    names: list[str] = []
    # One name a line of the form's text: a line ends at CR, LF or both, not at every character
    # str.splitlines() ends one at (NEL, U+2028, the C0 separators), which _clean refuses instead.
    for line in _LINE_END.split(str(form.get("players", ""))):
        player = _clean(line, 60, "players")
        if player:
            if player.casefold() in {n.casefold() for n in names}:
                raise FormError(N_("%(name)s is on the list twice."), "players", name=player)
            names.append(player)
    if len(names) < per_table:
        raise FormError(N_("A table needs %(n)s players; give one name a line."), "players", n=per_table)
    if len(names) > 500:
        raise FormError(N_("An evening has at most %(most)s players."), "players", most=500)
    return {
        "name": name,
        "ruleset": ruleset_id,
        "players_per_table": per_table,
        "rounds_count": _form_int(form, "rounds", 1, 50, 4),
        "names": names,
        "sitout_points": _form_int(form, "sitout_points", -100_000, 100_000),  # empty: the round's average
        "deals_per_round": _form_int(form, "deals_per_round", 1, 1000),
        "seed": _form_int(form, "seed", 0, 2**62, secrets.randbelow(2**31)),
    }
