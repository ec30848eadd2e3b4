"""The organiser's forms read into values, or refused with a sentence of the catalog and its fields."""

from __future__ import annotations

import functools
import secrets
from typing import Any

from starlette.datastructures import FormData

from referee.loader import bundled_ids
from referee.ruleset import Ruleset, load_ruleset
from wording.i18n import N_, Lang

__all__ = ["FormError", "evening_fields", "int_or_none", "ruleset"]


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
    try:
        return int(str(text))
    except ValueError:
        return None


def _form_int(form: FormData, key: str, low: int, high: int, default: int | None = None) -> int | None:
    raw = str(form.get(key, "")).strip()
    if not raw:
        return default
    value = int_or_none(raw)
    if value is None or not low <= value <= high:
        raise FormError(N_("Give a whole number from %(low)s to %(high)s."), key, low=low, high=high)
    return value


def _clean(text: str, most: int, field: str) -> str:
    value = " ".join(text.split())
    if any(ord(c) < 32 or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069 for c in value):
        raise FormError(N_("Names may not hold control characters."), field)
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
    for line in str(form.get("players", "")).splitlines():
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
