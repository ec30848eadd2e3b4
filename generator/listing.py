"""The pages that list rulesets: each language's index (with its filters) and the comparison table.

The index lists every ruleset by family with its title and its one-line label
(:func:`wording.label.label_of`), and filters them by family, number of players
and language community. The filters are radio buttons; the page's own CSS,
made here from the rulesets, hides what the checked buttons rule out, so they
work without JavaScript, in any combination; ``listing.js`` then keeps the
choice in the address and says how many rulesets are shown.

The comparison table has a column for each rule that differs between the
rulesets (a rule every ruleset has alike is said once under the table), and
each cell links to the sentence of that rule on the ruleset's page
(:func:`generator.clauses.anchor` of the clause behind it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import TYPE_CHECKING, Any

from babel import Locale, UnknownLocaleError

from referee import Ruleset
from referee.mechanisms import book
from wording import book as book_words
from wording import moon as moon_words
from wording.freetext import title_of
from wording.i18n import N_, NC_, NN_, Lang
from wording.label import (
    bags_part,
    bidding_parts,
    end_part,
    isolate_runs,
    label_of,
    moon_part,
    no_tricks_part,
    pack_part,
    passing_part,
    penalty_game,
    players_part,
    points_part,
    trump_part,
    winner_part,
)
from wording.names import tr

from . import clauses as cl

if TYPE_CHECKING:
    from .site import Builder

FAMILY_NAMES = {
    "hearts": NC_("family", "Hearts family"),
    "euchre": NC_("family", "Euchre family"),
    "spades": NC_("family", "Spades family"),
    "oh-hell": NC_("family", "Oh Hell family"),
    "whist": NC_("family", "Whist family"),
    "jass": NC_("family", "Jass family"),
    "schafkopf": NC_("family", "Schafkopf family"),
    "other": NC_("family", "Other games"),
}
YES = NC_("compare", "yes")
NO = NC_("compare", "no")
NOT_APPLICABLE = "—"  # a comparison cell that does not apply to the game
# What scores, in a comparison cell: by the kind of the page's goal clause.
SCORES_FOR = {
    "goal.avoid-points": NC_("compare", "penalty cards"),
    "goal.take-points": NC_("compare", "cards that score"),
    "goal.make-tricks": NC_("compare", "most tricks"),
    "goal.party-game": NC_("compare", "the game value"),
    "goal.game-value": NC_("compare", "the game value"),
    "goal.game-value.times": NC_("compare", "the game value"),
    "goal.book": book_words.GOAL,
    "bid.at-least": NC_("compare", "bids made"),
    "bid.exactly": NC_("compare", "exact bids"),
}

# The index's filters: the groups, their legends and the choice of no filter.
FILTER_LEGENDS = {
    "family": NC_("filter", "Game family"),
    "players": NC_("filter", "Players"),
    # the language communities whose tables play the variant (readers took "Players' language" for the
    # language the players speak at the table)
    "community": NC_("filter", "Language area"),
}
# "All" agrees with its group's noun (Italian "Tutte" of a famiglia, "Tutti" of giocatori)
FILTER_ALL = {
    "family": NC_("filter: all families", "All"),
    "players": NC_("filter: all player counts", "All"),
    "community": NC_("filter: all language areas", "All"),
}
FILTERS_LABEL = N_("Filter the rulesets")
SHOWN = NN_("%(count)s ruleset shown", "%(count)s rulesets shown")
NONE_SHOWN = N_("No ruleset shown")


# -- the index --------------------------------------------------------------------------------


def _facets(rules: Ruleset) -> dict[str, tuple[str, ...]]:
    """The values a ruleset has in each filter group; each value is a slug, a number or a language code."""
    return {
        "family": (rules.family,),
        "players": tuple(str(n) for n in rules.player_counts),
        "community": rules.communities,
    }


def _language_name(lang: Lang, code: str) -> str:
    """A language's name in ``lang`` (Babel's), capitalised as an option's label; the code if Babel has none."""
    try:
        name = Locale.parse(code).get_display_name(lang.locale) or code
    except (UnknownLocaleError, ValueError):
        return code
    return name[:1].upper() + name[1:]


Pattern = tuple[tuple[str, str], ...]  # checked filter values: (group, value) pairs


def empty_patterns(groups: dict[str, list[str]], items: Sequence[dict[str, tuple[str, ...]]]) -> list[Pattern]:
    """The least choices of filter values that no item matches, each given once.

    A choice left out of a pattern is any value of its group ("All" included),
    so a pattern is empty when no item has every value it names; a pattern
    that holds a smaller empty one is left out (that one covers it).
    """
    found: list[Pattern] = []
    names = list(groups)
    for size in range(1, len(names) + 1):
        for chosen in combinations(names, size):
            for values in product(*(groups[g] for g in chosen)):
                pattern = tuple(zip(chosen, values, strict=True))
                if any(set(smaller) <= set(pattern) for smaller in found):
                    continue
                if not any(all(v in item[g] for g, v in pattern) for item in items):
                    found.append(pattern)
    return found


def _when(pattern: Pattern) -> str:
    """A selector of the page in the state where ``pattern``'s buttons are checked."""
    return "main" + "".join(f":has(#f-{group}-{value}:checked)" for group, value in pattern)


def filter_css(groups: dict[str, list[str]], items: Sequence[dict[str, tuple[str, ...]]]) -> dict[str, list[str]]:
    """The selectors of the index's filter rules: what to hide, and when to say that nothing matches.

    Values are slugs, numbers and language codes (the schema allows nothing
    else), so they make ids and classes as they are.
    """
    hide = [f"{_when(((g, v),))} .rs:not(.{g}-{v})" for g, values in groups.items() for v in values]
    # A family's section goes when another family is chosen, or when none of its rulesets is left.
    hide += [f"{_when((('family', f),))} section.family:not(.family-{f})" for f in groups["family"]]
    for family in groups["family"]:
        members = [item for item in items if family in item["family"]]
        others = {g: v for g, v in groups.items() if g != "family"}
        hide += [f"{_when(p)} section.family-{family}" for p in empty_patterns(others, members)]
    none = [f"{_when(p)} .no-match" for p in empty_patterns(groups, items)]
    return {"hide": hide, "none": none}


def index_page(builder: Builder, lang: Lang) -> str:
    families: dict[str, list[dict[str, Any]]] = {}
    items = []
    for rules in builder.rulesets:
        facets = _facets(rules)
        items.append(facets)
        families.setdefault(rules.family, []).append(
            {
                "id": rules.id,
                "title": isolate_runs(lang, title_of(lang, rules)),
                "label": label_of(lang, rules),
                "classes": " ".join(f"{g}-{v}" for g, values in facets.items() for v in values),
                "facets": {g: " ".join(values) for g, values in facets.items()},
            }
        )
    groups = {
        "family": [f for f in FAMILY_NAMES if f in families],
        "players": [str(n) for n in sorted({n for r in builder.rulesets for n in r.player_counts})],
        "community": sorted({c for r in builder.rulesets for c in r.communities}),
    }
    names = {
        "family": {f: tr(lang, FAMILY_NAMES[f]) for f in groups["family"]},
        "players": {n: lang.number(int(n)) for n in groups["players"]},
        "community": {c: _language_name(lang, c) for c in groups["community"]},
    }
    groups["community"].sort(key=lambda c: (names["community"][c], c))  # by name, as the reader reads them
    context = builder._common(lang, "index.html", 1)
    context["families"] = [
        {"key": f, "name": names["family"][f], "rulesets": families[f]} for f in FAMILY_NAMES if f in families
    ]
    context["filters_label"] = lang.gettext(FILTERS_LABEL)
    context["filters"] = [
        {
            "group": group,
            "legend": tr(lang, FILTER_LEGENDS[group]),
            "all": tr(lang, FILTER_ALL[group]),
            "options": [{"value": v, "name": names[group][v]} for v in values],
        }
        for group, values in groups.items()
        if values
    ]
    context["css"] = filter_css(groups, items)
    # What the script says after each choice, for every count it can show: Babel picks the plural.
    context["shown"] = [lang.gettext(NONE_SHOWN)] + [
        lang.ngettext(*SHOWN, n) % {"count": lang.number(n)} for n in range(1, len(items) + 1)
    ]
    return builder.envs[lang.code].get_template("index.html").render(context)


# -- the comparison table ---------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A rule compared: its heading, its cell for a ruleset (None: it does not apply), and the
    kinds of clause (prefixes) whose sentence the cell links to."""

    key: str
    heading: str  # a plain message, translated with lang.gettext
    cell: Callable[[Lang, Ruleset], str | None]
    kinds: tuple[str, ...]


def _yes_no(
    applies: Callable[[Ruleset], bool], holds: Callable[[Ruleset], bool]
) -> Callable[[Lang, Ruleset], str | None]:
    return lambda lang, rules: tr(lang, YES if holds(rules) else NO) if applies(rules) else None


def _bidding_cell(lang: Lang, rules: Ruleset) -> str | None:
    parts = bidding_parts(lang, rules)
    return lang.join(parts) if parts else None


def _scoring_cell(lang: Lang, rules: Ruleset) -> str:
    """What scores ("penalty cards", "exact bids"), and the points for bags or for taking no trick."""
    kind = cl.goal(rules).kind.removesuffix(".teams")
    if rules.bid_scoring is not None:
        kind = "bid.exactly" if rules.bid_scoring.exactly else "bid.at-least"
    parts = [tr(lang, SCORES_FOR[kind]) % {"book": lang.number(book.of(rules).tricks or 0)}]
    return lang.join(parts + [p for p in (bags_part(lang, rules), no_tricks_part(lang, rules)) if p])


def _moon_cell(lang: Lang, rules: Ruleset) -> str | None:
    if moon_part(lang, rules) is None:  # no card worth points to shoot for
        return None
    return moon_words.cell(lang, rules)


COLUMNS = (
    Column("players", N_("Players"), players_part, ("players.",)),
    Column("cards", N_("Cards"), pack_part, ("deck.",)),
    Column("passing", N_("Passing"), passing_part, ("passing.",)),
    Column("bidding", N_("Bidding"), _bidding_cell, ("bid.",)),
    Column(
        "first_trick",
        N_("First-trick limit"),
        # A "no" is worth saying where players expect a limit: the penalty-card games.
        _yes_no(lambda r: penalty_game(r) or bool(r.first_trick_forbid), lambda r: bool(r.first_trick_forbid)),
        ("play.first-trick",),
    ),
    Column(
        "broken",
        N_("Lead restricted until broken"),
        _yes_no(lambda r: True, lambda r: bool(r.lead_restrictions)),
        ("play.lead-restriction",),
    ),
    Column("trump", N_("Trump"), trump_part, ("play.trump-", "play.no-trump")),
    Column("points", N_("Card points"), points_part, ("score.suit", "score.card", "score.rank-values")),
    Column("scoring", N_("Scoring"), _scoring_cell, ("goal.",)),
    Column("moon", moon_words.COLUMN, _moon_cell, ("moon.",)),
    Column(
        "end",
        N_("End of the game"),
        end_part,
        ("end.count-down", "end.start", "end.target", "end.floor", "end.deals", "end.schedule"),
    ),
    Column("winner", N_("Winner"), winner_part, ("end.winner-",)),
)


def clause_kinds(rules: Ruleset) -> Iterator[str]:
    """The kinds of the ruleset's clauses, in the order its page states them."""
    for section in cl.sections(rules):
        for item in section.clauses:
            yield item.kind


def link_kind(kinds: Sequence[str], prefixes: tuple[str, ...]) -> str | None:
    """The first clause kind on the page that one of ``prefixes`` begins: the sentence a cell links to."""
    return next((kind for kind in kinds if kind.startswith(prefixes)), None)


@dataclass(frozen=True)
class Cell:
    text: str  # NOT_APPLICABLE where the rule does not apply to the game
    href: str | None  # the rule's sentence on the ruleset's page
    applies: bool


@dataclass(frozen=True)
class Row:
    id: str
    title: str
    cells: dict[str, Cell]  # by column key


def compare_rows(lang: Lang, rulesets: Sequence[Ruleset]) -> tuple[list[Column], list[Row], list[tuple[str, str]]]:
    """The columns that differ, a row per ruleset, and the rules alike in all (heading, text).

    With a single ruleset nothing differs; every column is kept then.
    """
    rows = []
    for rules in rulesets:
        kinds = list(clause_kinds(rules))
        cells = {}
        for column in COLUMNS:
            text = column.cell(lang, rules)
            kind = link_kind(kinds, column.kinds) if text is not None else None
            href = f"{rules.id}.html#{cl.anchor(kind)}" if kind else None
            cells[column.key] = Cell(NOT_APPLICABLE if text is None else text, href, text is not None)
        rows.append(Row(rules.id, isolate_runs(lang, title_of(lang, rules)), cells))
    differ = [c for c in COLUMNS if len({row.cells[c.key].text for row in rows}) > 1 or len(rows) < 2]
    alike = [
        (lang.gettext(c.heading), rows[0].cells[c.key].text)
        for c in COLUMNS
        if c not in differ and rows[0].cells[c.key].applies
    ]
    return differ, rows, alike


def compare_page(builder: Builder, lang: Lang) -> str:
    columns, rows, alike = compare_rows(lang, builder.rulesets)
    context = builder._common(lang, "compare.html", 1)
    context["columns"] = [{"key": c.key, "heading": lang.gettext(c.heading)} for c in columns]
    context["rows"] = rows
    context["alike"] = alike
    return builder.envs[lang.code].get_template("compare.html").render(context)
