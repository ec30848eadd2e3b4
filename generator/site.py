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
from referee.deck import Deck
from referee.loader import bundled_ids
from wording.freetext import free_text, title_of
from wording.i18n import LANGUAGES, NC_, Lang, load_lang
from wording.names import Pack, bid_name, card_face, card_name, pack_of, seat_name, suit_name, tr

from . import clauses as cl
from . import figures, listing
from .examples import Example, examples
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


class SiteError(ValueError):
    """The site could not be built; lists every problem."""


@dataclass(frozen=True)
class Page:
    path: str  # relative to the output folder, with "/" separators
    content: bytes


def card_html(lang: Lang, code: str, mark: str | None = None, extra: str = "", pack: Pack = "french") -> Markup:
    """A card as styled HTML with a localised accessible name; its suit is always shown.

    A French card shows its rank and suit symbol (``10♥``); an Italian card,
    whose suits have no symbol, its rank and suit's name in the page's
    language, and a class of its own (``card italian suit-b``) for its colours.
    """
    rank, symbol = card_face(lang, code, pack)
    label = card_name(lang, code, pack)
    if mark:
        label = f"{label} ({mark})"
    name = pack_of(pack)
    css = (
        ("card " if name == "french" else f"card {name} ") + f"suit-{code[-1].lower()}" + (f" {extra}" if extra else "")
    )
    return Markup(
        '<span class="{css}" role="img" aria-label="{label}"><span class="rank" aria-hidden="true">{rank}</span>'
        '<span class="pip" aria-hidden="true">{symbol}</span></span>'
    ).format(css=css, label=label, rank=rank, symbol=symbol)


class Builder:
    """Renders pages for a set of rulesets in a set of languages."""

    def __init__(self, rulesets: Sequence[Ruleset], langs: Sequence[str] = LANGUAGES, base_url: str = "") -> None:
        self.rulesets = sorted(rulesets, key=lambda r: r.id)
        self.langs = [load_lang(code) for code in langs]
        self.base_url = base_url.rstrip("/")
        self.envs = {lang.code: self._env(lang) for lang in self.langs}
        self._bases: dict[str, Ruleset | None] = {}
        self._examples: dict[int, list[Example]] = {}  # by id() of the ruleset: the same in every language

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
            summary=free_text(lang, rules.text.summary),
            notes=free_text(lang, rules.text.notes),
            source=free_text(lang, rules.text.source),
            sections=sections,
            base_title=title_of(lang, base) if base is not None else None,
            base_href=f"{base.id}.html" if base is not None and base.id in self._ids() else None,
            added=added,
            dropped=dropped,
            examples=[self._example(lang, e, rules.deck) for e in self.examples_of(rules)],
            figures=figures.figures_context(self, rules, lang),
        )
        return self.envs[lang.code].get_template("rule.html").render(context)

    def examples_of(self, rules: Ruleset) -> list[Example]:
        """The ruleset's worked examples, played once for all languages."""
        key = id(rules)
        if key not in self._examples:
            self._examples[key] = examples(rules)
        return self._examples[key]

    def _ids(self) -> set[str]:
        return {r.id for r in self.rulesets}

    def _example(self, lang: Lang, ex: Example, deck: Deck) -> dict[str, Any]:
        may = lang.pgettext("card state", "may be played")
        pack = deck.pack
        if ex.kind == "trump-order":
            assert ex.trump is not None
            return {
                "kind": ex.kind,
                "suit": suit_name(lang, ex.trump, pack=pack),
                "cards": [card_html(lang, c, pack=pack) for c in ex.order],
            }
        if ex.kind == "bidding":
            return {
                "kind": ex.kind,
                "caption": render(lang, ex.lines[0]),
                "bids": [{"seat": seat_name(lang, s), "bid": bid_name(lang, w)} for s, w in ex.bids],
                "notes": [render(lang, c) for c in ex.lines[1:]],
            }
        if ex.kind == "scoring":
            return {"kind": ex.kind, "lines": [render(lang, c) for c in ex.lines]}
        assert ex.seat is not None and ex.leader is not None
        hand = [
            card_html(lang, c, may if c in ex.legal else None, "legal" if c in ex.legal else "", pack) for c in ex.hand
        ]
        trick = [{"seat": seat_name(lang, s), "card": card_html(lang, c, pack=pack)} for s, c in ex.trick]
        return {
            "kind": ex.kind,
            "player": seat_name(lang, ex.seat),
            "leader": seat_name(lang, ex.leader),
            "trick": trick,
            "hand": hand,
            "restricted_a": localise(lang, cl.Cards(ex.restricted, "a", "or", pack)) if ex.restricted else "",
            "restricted": localise(lang, cl.Cards(ex.restricted, "plural", pack=pack)) if ex.restricted else "",
            "all_legal": ex.legal == ex.hand,
            "void": ex.void,
            "trump": suit_name(lang, ex.trump, pack=pack) if ex.trump else None,
        }

    def index_page(self, lang: Lang) -> str:
        return listing.index_page(self, lang)

    def compare_page(self, lang: Lang) -> str:
        return listing.compare_page(self, lang)

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
    """Write the pages, each only if it changed; every path is checked before anything is written.

    A path that leads outside the folder (through ``..`` or a symbolic link in the folder) stops
    the build before the first file is written, so a failed build leaves no half-written site.
    """
    root = out_dir.resolve()
    targets = []
    for page in pages:
        target = (root / page.path).resolve()
        if root not in target.parents:  # ids are slugs, but never trust a path
            raise SiteError(f"{page.path}: refusing to write outside {root}")
        targets.append(target)
    for page, target in zip(pages, targets, strict=True):
        target.parent.mkdir(parents=True, exist_ok=True)
        if not target.exists() or target.read_bytes() != page.content:
            target.write_bytes(page.content)


def unique_ids(rulesets: Sequence[Ruleset]) -> None:
    """Refuse two rulesets of one id in one build: the second would replace the first's pages."""
    seen: dict[str, Ruleset] = {}
    for rules in rulesets:
        if rules.id in seen:
            first = seen[rules.id]
            raise SiteError(
                f"{rules.path or rules.id}: the id {rules.id!r} is taken by {first.path or 'a bundled ruleset'}; "
                "give this ruleset an id of its own"
            )
        seen[rules.id] = rules


def build(
    refs: Sequence[str | Path] | None, out_dir: Path, langs: Sequence[str] = LANGUAGES, base_url: str = ""
) -> list[Page]:
    """Build the site for the given rulesets (default: every bundled one) into ``out_dir``."""
    rulesets = [load_ruleset(r) for r in (refs or bundled_ids())]
    unique_ids(rulesets)
    pages = Builder(rulesets, langs, base_url).pages()
    write(pages, out_dir)
    return pages
