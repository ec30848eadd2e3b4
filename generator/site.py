"""Ruleset + language -> pages, then the whole site, built in memory first.

Like Pelican, :func:`build` renders every (ruleset, language) page before it
writes anything, so every error shows at once and a failed build leaves the
output folder as it was. Output is sorted and free of timestamps: the same
input gives the same bytes.
"""

from __future__ import annotations

import os
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, TemplateError, TemplateSyntaxError, select_autoescape
from markupsafe import Markup, escape

from referee import Ruleset, load_ruleset
from referee.loader import bundled_ids
from referee.mechanisms import contracts
from wording.freetext import free_text, title_of
from wording.i18n import LANGUAGES, Lang, load_lang
from wording.label import isolate_runs, page_label
from wording.names import Pack, bid_name, contract_name, number_text, seat_name, suit_name

from . import clauses as cl
from . import figures, listing
from . import rulepage as rp
from .examples import Example, examples
from .phrases import localise, render
from .rulepage import SECTION_TITLES, card_html
from .values import Values, values
from .worked import Worked, worked_deal

__all__ = ["SECTION_TITLES", "Builder", "Page", "SiteError", "build", "card_html", "write"]

#: A ruleset's quick reference is ``<lang>/<id>.card.html``: an id has no dot, so it is never another page's name.
QUICKREF = "{id}.card.html"


def isolated(lang: Lang, text: str | None) -> str | None:
    """Free text with each run written the other way from ``lang`` isolated (``None`` stays absent)."""
    return isolate_runs(lang, text) if text else text


class SiteError(ValueError):
    """The site could not be built; lists every problem."""


@dataclass(frozen=True)
class Page:
    path: str  # relative to the output folder, with "/" separators
    content: bytes


class Builder:
    """Renders pages for a set of rulesets in a set of languages."""

    def __init__(
        self,
        rulesets: Sequence[Ruleset],
        langs: Sequence[str] = LANGUAGES,
        base_url: str = "",
        measured: figures.Figures | None = None,
    ) -> None:
        self.rulesets = sorted(rulesets, key=lambda r: r.id)
        # The simulated figures of the rule pages: games per ruleset, workers, cache (figures.py).
        self.figures = measured if measured is not None else figures.Figures()
        self.langs = [load_lang(code) for code in langs]
        self.base_url = base_url.rstrip("/")
        self.envs = {lang.code: self._env(lang) for lang in self.langs}
        self._bases: dict[str, Ruleset | None] = {}
        # by id() of the ruleset: the same in every language
        self._examples: dict[int, list[Example]] = {}
        self._values: dict[int, Values] = {}
        self._worked: dict[int, Worked | None] = {}

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
        # the opening paragraph states the aim (rp.intro): the overview does not say it again
        # the full page says each card's value in sentences: no pointer to a table instead of them
        sections = rp.entries(lang, rules, skip=("goal.", rp.TABLE_POINTER))
        base = self.base_of(rules)
        added: list[str] = []
        dropped: list[str] = []
        if base is not None:
            plus, minus = cl.differences(rules, base)
            added = [render(lang, c) for c in plus]
            dropped = [render(lang, c) for c in minus]
        context = self._common(lang, f"{rules.id}.html", 1)
        # Free text with each run of the other direction isolated: "לבבות (Board Game Arena)" stays whole
        # where a Hebrew line wraps (wording.label.isolate_runs).
        base_title = isolate_runs(lang, title_of(lang, base)) if base is not None else None
        notes = isolated(lang, free_text(lang, rules.text.notes))
        example_list = [self._example(lang, e, rules) for e in self.examples_of(rules)]
        value_tables = rp.values_context(lang, rules, self.values_of(rules))
        worked = rp.worked_context(lang, rules, self.worked_of(rules))
        figure_context = figures.figures_context(self, rules, lang)
        # The figures' section (generator/figures.py) is listed by the heading its template shows.
        figures_title = figure_context.get("heading") if isinstance(figure_context, dict) else None
        context.update(
            rules=rules,
            title=isolate_runs(lang, title_of(lang, rules)),
            label=page_label(lang, rules),
            summary=isolated(lang, free_text(lang, rules.text.summary)),
            intro=rp.intro(lang, rules),
            contents=rp.contents(
                lang,
                sections,
                values=value_tables is not None,
                examples=bool(example_list),
                worked=worked is not None,
                figures=str(figures_title) if figures_title else None,
                compared=base_title,
                notes=bool(notes),
                rules=rules,
            ),
            contents_title=lang.gettext(rp.CONTENTS),
            quickref_href=QUICKREF.format(id=rules.id),
            quickref_link=lang.gettext(rp.QUICKREF_LINK),
            notes=notes,
            source=isolated(lang, free_text(lang, rules.text.source)),
            sections=sections,
            values=value_tables,
            values_title=rp.section_title(lang, "values"),
            values_after=rp.values_after(sections),
            worked=worked,
            worked_title=rp.section_title(lang, "worked", rules),
            base_title=base_title,
            base_href=f"{base.id}.html" if base is not None and base.id in self._ids() else None,
            added=added,
            dropped=dropped,
            examples=example_list,
            faces_legend=rp.faces_legend(lang, rules),
            seats_note=lang.gettext(rp.SEATS_CLOCKWISE),
            figures=figure_context,
            variants=self._variants(lang, rules),
        )
        return self.envs[lang.code].get_template("rule.html").render(context)

    def _variants(self, lang: Lang, rules: Ruleset) -> Markup | None:
        """The rulesets on this site that extend this one (a table of four, a house rule), as links, or None."""
        own = rules.path.resolve() if rules.path is not None else None
        found = [
            other
            for other in self.rulesets
            if other.base_path is not None and own is not None and other.base_path.resolve() == own
        ]
        if not found:
            return None
        links = [
            Markup('<a href="{href}">{title}</a>').format(
                href=f"{other.id}.html", title=isolate_runs(lang, title_of(lang, other))
            )
            for other in found
        ]
        marks = [f"V{i}X" for i in range(len(links))]
        joined = Markup(escape(lang.join(marks)))
        for mark, link in zip(marks, links, strict=True):
            joined = Markup(joined.replace(mark, link, 1))
        return Markup(escape(lang.gettext(rp.VARIANTS))) % {"links": joined}

    def quickref_page(self, rules: Ruleset, lang: Lang) -> str:
        """One A4 page to print: the rules' sentences section by section, and the values at a glance."""
        # The opening states who plays and the aim: the overview's sentences saying the same are left out
        # (not who makes the sides, Doppelkopf's Re party), and so are the fine points the full rules explain
        # (rp.QUICKREF_LEAVES_OUT).
        values = self._quickref_values(rules, lang)
        # Where its table gives each rank's value in and outside the trump suit, with the deal's total, the card
        # does not say them again in sentences (a Dutch reader found the card the full rules copied word for word)
        tabled = rp.QUICKREF_TABLE_SAYS if values is not None and rules.values_by_trump else (rp.TABLE_POINTER,)
        # who deals first: on every card but a game of contracts', which has no room (r40 readers of Hearts could
        # not start a game from the card without it); who deals next is on every card
        crowded = contracts.active(contracts.of(rules))
        full = rp.QUICKREF_CONTRACTS_LEAVE_OUT if crowded else ()
        skip = (*rp.QUICKREF_OPENING_SAYS, "goal.", *rp.QUICKREF_LEAVES_OUT, *tabled, *full)
        sections = rp.folded(rp.entries(lang, rules, skip=skip, short=rp.QUICKREF_SHORT))
        title = isolate_runs(lang, title_of(lang, rules))
        context = self._common(lang, QUICKREF.format(id=rules.id), 1)
        context.update(
            title=title,
            heading=lang.gettext(rp.QUICKREF_TITLE) % {"title": title},
            label=page_label(lang, rules),
            intro=rp.intro(lang, rules),
            sections=sections,
            # Values by rank alone are one sentence of the scoring (Doppelkopf's "ace 11, ten 10, ..."): the
            # one page leaves out their table
            values=values,
            values_title=rp.section_title(lang, "values"),
            values_after=rp.values_after(sections),
            rules_href=f"{rules.id}.html",
            rules_link=lang.gettext(rp.FULL_RULES),
            # the letters the label and the table print (Italian D♠, F♥), where the card has room for the line
            faces_legend=None if crowded else rp.faces_legend(lang, rules),
        )
        return self.envs[lang.code].get_template("quickref.html").render(context)

    def _quickref_values(self, rules: Ruleset, lang: Lang) -> dict[str, Any] | None:
        """The quick reference's tables: values by rank alone are one sentence of the scoring (Doppelkopf's
        "ace 11, ten 10, ..."), and a game value's base values two more, so the one page leaves out their tables."""
        if rules.card_points.by_rank and not rules.card_points.by_pattern and not rules.values_by_trump:
            return None
        return rp.values_context(lang, rules, self.values_of(rules))

    def values_of(self, rules: Ruleset) -> Values:
        """The ruleset's values at a glance, worked out once for all languages."""
        key = id(rules)
        if key not in self._values:
            self._values[key] = values(rules)
        return self._values[key]

    def worked_of(self, rules: Ruleset) -> Worked | None:
        """The ruleset's worked deal, played once for all languages."""
        key = id(rules)
        if key not in self._worked:
            self._worked[key] = worked_deal(rules)
        return self._worked[key]

    def examples_of(self, rules: Ruleset) -> list[Example]:
        """The ruleset's worked examples, played once for all languages."""
        key = id(rules)
        if key not in self._examples:
            self._examples[key] = examples(rules)
        return self._examples[key]

    def _ids(self) -> set[str]:
        return {r.id for r in self.rulesets}

    def _example(self, lang: Lang, ex: Example, rules: Ruleset) -> dict[str, Any]:
        may = lang.pgettext("card state", "may be played")
        pack = rules.deck.pack
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
                "bid_head": rp.bid_head(lang, rules),
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
            "player": seat_name(lang, ex.seat, "sentence"),
            "leader": seat_name(lang, ex.leader, "sentence"),
            "trick": trick,
            "hand": hand,
            # "may not play %(cards)s": the cards are the object (German "den Pik-König")
            "restricted_a": localise(lang, cl.Cards(ex.restricted, "a", "or", pack, "accusative"))
            if ex.restricted
            else "",
            "restricted": localise(lang, cl.Cards(ex.restricted, "plural", pack=pack)) if ex.restricted else "",
            "all_legal": ex.legal == ex.hand,
            "void": ex.void,
            "trump": suit_name(lang, ex.trump, pack=pack) if ex.trump else None,
            # why a card counts in the trump suit (the left bower), from the rules' bowers
            "other_suit": self._raised_led(lang, rules, ex)
            or (rp.other_suit_notes(lang, rules, ex.other_suit, ex.trump, ex.hand) if ex.trump else []),
            "caption": self._declared_caption(lang, ex)
            or self._partner_caption(lang, ex, self._other_deal(rules, ex), pack),
            "held_back": self._held_back(lang, ex),
            "why": self._partner_why(lang, ex),
        }

    def _other_deal(self, rules: Ruleset, ex: Example) -> bool:
        """Whether an example comes from another game than the worked deal's (its seed differs)."""
        worked = self.worked_of(rules)
        return worked is None or worked.seed != ex.seed

    @staticmethod
    def _held_back(lang: Lang, ex: Example) -> str | None:
        """How many cards the lead restriction holds back in the example's hand, if any."""
        held = [c for c in ex.hand if c not in ex.legal]
        if ex.kind != "lead-restriction" or ex.seat is None or not held:
            return None
        text = lang.ngettext(*rp.HELD_BACK, len(held)) % {
            "player": seat_name(lang, ex.seat, "sentence"),
            "count": number_text(lang, len(held), "count"),  # "ne ha tre"
        }
        return text[:1].upper() + text[1:]

    @staticmethod
    def _partner_caption(lang: Lang, ex: Example, other: bool = False, pack: Pack = "french") -> str | None:
        """The caption of a trick whose player's partner is winning it (examples.partner_winning); ``other``: from
        another deal than the worked one, which the caption says with its trumps."""
        if ex.partner is None or ex.seat is None or ex.leader is None:
            return None
        params = {
            "number": lang.number(ex.number + 1),
            "leader": seat_name(lang, ex.leader, "sentence"),
            "player": seat_name(lang, ex.seat, "sentence"),
        }
        if other and ex.trump is not None:
            return lang.gettext(rp.PARTNER_CAPTION_OTHER) % {**params, "suit": suit_name(lang, ex.trump, pack=pack)}
        return lang.gettext(rp.PARTNER_CAPTION) % params

    @staticmethod
    def _partner_why(lang: Lang, ex: Example) -> str | None:
        """Why the player need not trump: their partner is winning the trick (examples.partner_winning)."""
        if ex.partner is None or ex.seat is None:
            return None
        text = lang.gettext(rp.PARTNER_FREE_TRUMPED if ex.trumped else rp.PARTNER_FREE) % {
            "player": seat_name(lang, ex.seat, "sentence"),
            "partner": seat_name(lang, ex.partner, "sentence"),
        }
        return text[:1].upper() + text[1:]

    @staticmethod
    def _declared_caption(lang: Lang, ex: Example) -> str | None:
        """The first trick's caption where a declarer chose the game: who declared what, and who leads."""
        if ex.declarer is None or ex.leader is None or ex.seat is None:
            return None
        return lang.gettext(rp.FIRST_TRICK_DECLARED) % {
            "declarer": seat_name(lang, ex.declarer, "sentence"),
            "game": contract_name(lang, ex.declared),
            "leader": seat_name(lang, ex.leader, "sentence"),
            "player": seat_name(lang, ex.seat, "sentence"),
        }

    @staticmethod
    def _raised_led(lang: Lang, rules: Ruleset, ex: Example) -> list[str]:
        """Where the card led is a trump of another printed suit (Skat's jack, Doppelkopf's queen of clubs): the
        player must follow with a trump and may not play the cards of that printed suit; empty where that is not
        the example's point (a German reader took the list of the promoted trumps shown for all the trumps)."""
        if rules.bowers or ex.seat is None or not ex.trick or ex.trick[0][1] not in ex.other_suit or ex.void:
            return []  # a bower says why it counts in the trump suit (rp.other_suit_notes)
        led = ex.trick[0][1]
        printed = tuple(c for c in ex.hand if c[-1] == led[-1] and c not in ex.legal)
        if not printed or not ex.legal:
            return []
        pack = rules.deck.pack
        text = lang.gettext(rp.RAISED_LED) % {
            "card": localise(lang, cl.Cards((led,), "a", pack=pack)),
            "suit": suit_name(lang, led[-1], pack=pack),
            "player": seat_name(lang, ex.seat, "sentence"),
            "legal": localise(lang, cl.Cards(tuple(c for c in ex.hand if c in ex.legal), "a", "or", pack)),
            "printed": localise(lang, cl.Cards(printed, "a", "or", pack, "accusative")),
        }
        return [text[:1].upper() + text[1:]]

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
        # A quick reference is the rule page's print companion, not a page of its own to find.
        listed = [p for p in sorted(paths) if p.endswith(".html") and not p.endswith(QUICKREF.format(id=""))]
        urls = "".join(f"  <url><loc>{escape(prefix + p)}</loc></url>\n" for p in listed)
        return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n{urls}</urlset>\n'

    # -- the whole site ----------------------------------------------------------

    def pages(self) -> list[Page]:
        out: dict[str, str] = {}
        problems: list[str] = []
        figures.prepare(self)  # every ruleset's games at once, in one pool, before any page
        for lang in self.langs:
            for rules in self.rulesets:
                try:
                    out[f"{lang.code}/{rules.id}.html"] = self.rule_page(rules, lang)
                    out[f"{lang.code}/{QUICKREF.format(id=rules.id)}"] = self.quickref_page(rules, lang)
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
    for folder in sorted({t.parent for t in targets}):
        existing = next(p for p in (folder, *folder.parents) if p.exists())
        if not existing.is_dir():
            raise SiteError(f"{existing}: not a folder, so {folder} cannot be made; nothing was written")
        if not os.access(existing, os.W_OK | os.X_OK):
            raise SiteError(f"{existing}: no permission to write there; nothing was written")
    for page, target in zip(pages, targets, strict=True):
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if not target.exists() or target.read_bytes() != page.content:
                target.write_bytes(page.content)
        except OSError as exc:  # a full disk, or a folder changed under the build
            raise SiteError(f"{exc.filename or target}: cannot write: {exc.strerror or exc}") from None


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
    refs: Sequence[str | Path] | None,
    out_dir: Path,
    langs: Sequence[str] = LANGUAGES,
    base_url: str = "",
    measured: figures.Figures | None = None,
) -> list[Page]:
    """Build the site for the given rulesets (default: every bundled one) into ``out_dir``."""
    rulesets = [load_ruleset(r) for r in (refs or bundled_ids())]
    unique_ids(rulesets)
    try:
        pages = Builder(rulesets, langs, base_url, measured).pages()
    except TemplateError as exc:  # a template edited by hand (trickbook serve watches them)
        raise template_error(exc) from None
    write(pages, out_dir)
    return pages


def template_frame(exc: BaseException) -> tuple[str, int] | None:
    """The template file and line an error comes from: a syntax error's own, else the innermost template
    frame of its traceback (Jinja gives those frames the template's file name and line); None if none."""
    if isinstance(exc, TemplateSyntaxError) and exc.lineno:
        return exc.filename or exc.name or "template", exc.lineno
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename.endswith((".html", ".xml"))]
    return (frames[-1].filename, frames[-1].lineno or 0) if frames else None


def template_error(exc: TemplateError) -> SiteError:
    """A template's error in one line: the template's file and line, and what broke."""
    where = template_frame(exc)
    prefix = f"{where[0]}:{where[1]}: " if where else ""
    return SiteError(f"{prefix}template error: {exc.message or type(exc).__name__}")
