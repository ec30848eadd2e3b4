"""Ruleset + language -> pages, then the whole site, built in memory first.

Like Pelican, :func:`build` renders every (ruleset, language) page before it
writes anything, so every error shows at once and a failed build leaves the
output folder as it was. Output is sorted and free of timestamps: the same
input gives the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from referee import Ruleset, load_ruleset
from referee.cards import SUIT_SYMBOLS, SUITS
from referee.loader import bundled_ids

from . import clauses as cl
from .examples import Example, examples
from .i18n import LANGUAGES, NC_, NN_, Lang, load_lang
from .names import card_name, seat_name, suit_name, tr
from .phrases import localise, render

SECTION_TITLES = {
    "overview": NC_("section", "Overview"),
    "deal": NC_("section", "The deal"),
    "passing": NC_("section", "Passing"),
    "bidding": NC_("section", "Bidding"),
    "play": NC_("section", "Play"),
    "scoring": NC_("section", "Scoring"),
    "end": NC_("section", "End of the game"),
}
FAMILY_NAMES = {
    "hearts": NC_("family", "Hearts family"),
    "euchre": NC_("family", "Euchre family"),
    "spades": NC_("family", "Spades family"),
    "oh-hell": NC_("family", "Oh Hell family"),
    "whist": NC_("family", "Whist family"),
    "other": NC_("family", "Other games"),
}
MOON_NAMES = {
    "none": NC_("moon", "none"),
    "old": NC_("moon", "others +%(points)s"),
    "new": NC_("moon", "shooter −%(points)s"),
    "positive": NC_("moon", "shooter +%(points)s"),
    "mixed": NC_("moon", "others +%(points)s, or shooter −%(points)s"),
    "choose": NC_("moon", "shooter's choice"),
}
YES = NC_("compare", "yes")
NO = NC_("compare", "no")
LOWEST = NC_("compare", "lowest")
HIGHEST = NC_("compare", "highest")
PLAYERS = NN_("%(players)s player", "%(players)s players")
TARGET_POINTS = NN_("%(points)s point", "%(points)s points")
DEALS = NN_("%(deals)s deal", "%(deals)s deals")


class SiteError(ValueError):
    """The site could not be built; lists every problem."""


@dataclass(frozen=True)
class Page:
    path: str  # relative to the output folder, with "/" separators
    content: bytes


def card_html(lang: Lang, code: str, mark: str | None = None, extra: str = "") -> Markup:
    """A card as styled HTML with a localised accessible name; the symbol is always shown."""
    rank = "10" if code[0] == "T" else code[0]
    label = card_name(lang, code)
    if mark:
        label = f"{label} ({mark})"
    css = f"card suit-{code[1].lower()}" + (f" {extra}" if extra else "")
    symbol = SUIT_SYMBOLS[SUITS.index(code[1])]
    return Markup(
        '<span class="{css}" role="img" aria-label="{label}"><span class="rank" aria-hidden="true">{rank}</span>'
        '<span class="pip" aria-hidden="true">{symbol}</span></span>'
    ).format(css=css, label=label, rank=rank, symbol=symbol)


def free_text(lang: Lang, value: Any) -> str | None:
    """A ruleset's free text: its own translation, else the catalog's, else as written."""
    if value is None:
        return None
    if isinstance(value, dict):
        if value.get(lang.code):
            return str(value[lang.code])
        value = value.get("en") or next(iter(value.values()))
    return lang.gettext(str(value))


def title_of(lang: Lang, rules: Ruleset) -> str:
    return free_text(lang, rules.data.get("title")) or rules.id


class Builder:
    """Renders pages for a set of rulesets in a set of languages."""

    def __init__(self, rulesets: Sequence[Ruleset], langs: Sequence[str] = LANGUAGES, base_url: str = "") -> None:
        self.rulesets = sorted(rulesets, key=lambda r: r.id)
        self.langs = [load_lang(code) for code in langs]
        self.base_url = base_url.rstrip("/")
        self.envs = {lang.code: self._env(lang) for lang in self.langs}
        self._bases: dict[str, Ruleset | None] = {}

    def _env(self, lang: Lang) -> Environment:
        env = Environment(
            loader=PackageLoader("generator", "templates"),
            autoescape=select_autoescape(["html", "xml"]),
            undefined=StrictUndefined,
            extensions=["jinja2.ext.i18n"],
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
        )
        env.install_gettext_translations(lang.translations, newstyle=True)  # type: ignore[attr-defined]
        return env

    def base_of(self, rules: Ruleset) -> Ruleset | None:
        if rules.base_path is None:
            return None
        key = str(rules.base_path)
        if key not in self._bases:
            self._bases[key] = load_ruleset(rules.base_path)
        return self._bases[key]

    # -- page contexts -----------------------------------------------------------

    def _common(self, lang: Lang, page: str, depth: int) -> dict[str, Any]:
        up = "../" * depth
        return {
            "lang": lang,
            "root": up,
            "alternates": [
                {"code": other.code, "name": other.name, "href": f"{up}{other.code}/{page}"} for other in self.langs
            ],
            "x_default": f"{up}{self.langs[0].code}/{page}",
            "page": page,
        }

    def rule_page(self, rules: Ruleset, lang: Lang) -> str:
        sections = []
        for section in cl.sections(rules):
            items = []
            for item in section.clauses:
                entry: dict[str, Any] = {"text": render(lang, item), "table": None}
                if item.kind == "score.table":
                    rows = cl.trick_table_rows(rules)
                    cells = cl.trick_table_points(rules)
                    entry["table"] = [(render(lang, r), render(lang, c)) for r, c in zip(rows, cells, strict=True)]
                items.append(entry)
            sections.append({"key": section.key, "title": tr(lang, SECTION_TITLES[section.key]), "entries": items})
        base = self.base_of(rules)
        added: list[str] = []
        dropped: list[str] = []
        if base is not None:
            plus, minus = cl.differences(rules, base)
            added = [render(lang, c) for c in plus]
            dropped = [render(lang, c) for c in minus]
        context = self._common(lang, f"{rules.id}.html", 1)
        context.update(
            rules=rules,
            title=title_of(lang, rules),
            summary=free_text(lang, rules.data.get("summary")),
            notes=free_text(lang, rules.data.get("notes")),
            source=free_text(lang, rules.source),
            sections=sections,
            base_title=title_of(lang, base) if base is not None else None,
            base_href=f"{base.id}.html" if base is not None and base.id in self._ids() else None,
            added=added,
            dropped=dropped,
            examples=[self._example(lang, e) for e in examples(rules)],
        )
        return self.envs[lang.code].get_template("rule.html").render(context)

    def _ids(self) -> set[str]:
        return {r.id for r in self.rulesets}

    def _example(self, lang: Lang, ex: Example) -> dict[str, Any]:
        may = lang.pgettext("card state", "may be played")
        if ex.kind == "trump-order":
            assert ex.trump is not None
            return {
                "kind": ex.kind,
                "suit": suit_name(lang, ex.trump),
                "cards": [card_html(lang, c) for c in ex.order],
            }
        assert ex.seat is not None and ex.leader is not None
        hand = [card_html(lang, c, may if c in ex.legal else None, "legal" if c in ex.legal else "") for c in ex.hand]
        trick = [{"seat": seat_name(lang, s), "card": card_html(lang, c)} for s, c in ex.trick]
        return {
            "kind": ex.kind,
            "player": seat_name(lang, ex.seat),
            "leader": seat_name(lang, ex.leader),
            "trick": trick,
            "hand": hand,
            "restricted_a": localise(lang, cl.Cards(ex.restricted, "a", "or")) if ex.restricted else "",
            "restricted": localise(lang, cl.Cards(ex.restricted, "plural")) if ex.restricted else "",
            "all_legal": ex.legal == ex.hand,
            "void": ex.void,
            "trump": suit_name(lang, ex.trump) if ex.trump else None,
        }

    def index_page(self, lang: Lang) -> str:
        families: dict[str, list[dict[str, Any]]] = {}
        for rules in self.rulesets:
            families.setdefault(rules.family, []).append(
                {
                    "id": rules.id,
                    "title": title_of(lang, rules),
                    "players": lang.ngettext(*PLAYERS, max(rules.player_counts))
                    % {"players": lang.join([lang.number(n) for n in rules.player_counts], "or")},
                }
            )
        context = self._common(lang, "index.html", 1)
        context["families"] = [
            {"name": tr(lang, FAMILY_NAMES[f]), "rulesets": families[f]} for f in FAMILY_NAMES if f in families
        ]
        return self.envs[lang.code].get_template("index.html").render(context)

    def compare_page(self, lang: Lang) -> str:
        rows = []
        for rules in self.rulesets:
            layout = rules.layout(rules.default_players)
            moon = MOON_NAMES[rules.moon_kind]
            end = []
            if rules.target is not None:
                end.append(lang.ngettext(*TARGET_POINTS, abs(rules.target)) % {"points": lang.number(rules.target)})
            if rules.max_deals is not None:
                end.append(lang.ngettext(*DEALS, rules.max_deals) % {"deals": lang.number(rules.max_deals)})
            rows.append(
                {
                    "id": rules.id,
                    "title": title_of(lang, rules),
                    "players": lang.join([lang.number(n) for n in rules.player_counts], "or"),
                    "cards": lang.number(rules.full_deck.bit_count()),
                    "passing": lang.number(rules.pass_count) if rules.pass_count else tr(lang, NO),
                    "first_trick": tr(lang, YES if layout.first_trick_forbid else NO),
                    "broken": tr(lang, YES if layout.restrictions else NO),
                    "trump": tr(lang, YES if rules.trump_kind != "none" else NO),
                    "moon": tr(lang, moon) % {"points": lang.number(layout.moon_points)},
                    "end": lang.join(end, "or"),
                    "winner": tr(lang, LOWEST if rules.winner_kind == "lowest" else HIGHEST),
                }
            )
        context = self._common(lang, "compare.html", 1)
        context["rows"] = rows
        return self.envs[lang.code].get_template("compare.html").render(context)

    def chooser_page(self) -> str:
        lang = self.langs[0]
        context = self._common(lang, "index.html", 0)
        context["languages"] = [{"code": lg.code, "name": lg.name, "dir": lg.direction} for lg in self.langs]
        return self.envs[lang.code].get_template("chooser.html").render(context)

    def sitemap(self, paths: Iterable[str]) -> str:
        prefix = f"{self.base_url}/" if self.base_url else ""
        urls = "".join(f"  <url><loc>{escape(prefix + p)}</loc></url>\n" for p in sorted(paths) if p.endswith(".html"))
        return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{urls}</urlset>\n'

    # -- the whole site ----------------------------------------------------------

    def pages(self) -> list[Page]:
        out: dict[str, str] = {}
        problems: list[str] = []
        for lang in self.langs:
            for rules in self.rulesets:
                try:
                    out[f"{lang.code}/{rules.id}.html"] = self.rule_page(rules, lang)
                except (KeyError, ValueError, TypeError) as exc:
                    problems.append(f"{rules.path or rules.id}: {lang.code}: {exc}")
            out[f"{lang.code}/index.html"] = self.index_page(lang)
            out[f"{lang.code}/compare.html"] = self.compare_page(lang)
        if problems:
            raise SiteError("\n".join(problems))
        out["index.html"] = self.chooser_page()
        out["sitemap.xml"] = self.sitemap(out)
        static = Path(__file__).resolve().parent / "static"
        pages = [Page(p, text.encode("utf-8")) for p, text in sorted(out.items())]
        pages += [Page(f.name, f.read_bytes()) for f in sorted(static.iterdir()) if f.is_file()]
        return pages


def write(pages: Sequence[Page], out_dir: Path) -> None:
    root = out_dir.resolve()
    for page in pages:
        target = (root / page.path).resolve()
        if root not in target.parents:  # ids are slugs, but never trust a path
            raise SiteError(f"{page.path}: refusing to write outside {root}")
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_bytes() != page.content:
            target.write_bytes(page.content)


def build(
    refs: Sequence[str | Path] | None, out_dir: Path, langs: Sequence[str] = LANGUAGES, base_url: str = ""
) -> list[Page]:
    """Build the site for the given rulesets (default: every bundled one) into ``out_dir``."""
    rulesets = [load_ruleset(r) for r in (refs or bundled_ids())]
    pages = Builder(rulesets, langs, base_url).pages()
    write(pages, out_dir)
    return pages
