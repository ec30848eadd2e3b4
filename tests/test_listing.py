"""The index (labels, filters that work without JavaScript) and the comparison page (generator/listing.py)."""

from __future__ import annotations

import html
import json
import re
from itertools import product
from pathlib import Path

import pytest
from markupsafe import escape

from generator import clauses as cl
from generator.listing import COLUMNS, compare_rows, empty_patterns
from generator.site import Builder
from referee import Ruleset, load_ruleset
from referee.loader import bundled_ids
from wording.freetext import title_of
from wording.i18n import LANGUAGES, Lang
from wording.label import FSI, PDI, isolate_runs, label_of


@pytest.fixture(scope="module")
def bundled() -> list[Ruleset]:
    return [load_ruleset(rid) for rid in bundled_ids()]


@pytest.fixture(scope="module")
def builder(bundled: list[Ruleset]) -> Builder:
    return Builder(bundled, ["en", "he", "de"])


def lang_of(builder: Builder, code: str) -> Lang:
    return next(lang for lang in builder.langs if lang.code == code)


def visible(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", fragment))).strip()


# -- the index -------------------------------------------------------------------------------


@pytest.mark.parametrize("code", ["en", "he"])
def test_the_index_lists_every_ruleset_with_its_title_and_label(builder: Builder, code: str) -> None:
    lang = lang_of(builder, code)
    page = builder.index_page(lang)
    items = dict(re.findall(r'<li class="rs [^"]*"[^>]*>\s*<a href="([^"]+)\.html">(.*?)</li>', page, re.S))
    assert sorted(items) == sorted(r.id for r in builder.rulesets)
    for rules in builder.rulesets:
        item = items[rules.id]
        assert f'<p class="label">{escape(label_of(lang, rules))}</p>' in item
        shown = visible(item).replace(FSI, "").replace(PDI, "")
        assert shown.startswith(title_of(lang, rules))
        assert "<bdi>" in item  # the title is isolated from what surrounds it


def _state_holds(conditions: list[tuple[str, str]], state: dict[str, str | None]) -> bool:
    return all(state[group] == value for group, value in conditions)


def _css_rules(page: str) -> list[tuple[list[tuple[str, str]], str, str]]:
    """The index's filter rules as (checked buttons, target, display)."""
    style = re.search(r"<style>(.*?)</style>", page, re.S)
    assert style is not None
    rules = []
    for selectors, display in re.findall(r"([^{}]+)\{\s*display:\s*(\w+);\s*\}", style.group(1)):
        for selector in selectors.split(","):
            match = re.fullmatch(r"main((?::has\(#f-[a-z0-9-]+:checked\))*) (.+)", selector.strip())
            assert match, selector
            conditions = re.findall(r"#f-(family|players|community)-([a-z0-9-]+):checked", match.group(1))
            rules.append((conditions, match.group(2), display))
    return rules


def _hidden(
    rules: list[tuple[list[tuple[str, str]], str, str]], state: dict[str, str | None], classes: set[str], kind: str
) -> bool:
    """Whether the page's rules hide an element (a ruleset's item or a family's section) in ``state``."""
    for conditions, target, display in rules:
        if display != "none" or not _state_holds(conditions, state):
            continue
        item = re.fullmatch(r"\.rs:not\(\.([a-z0-9-]+)\)", target)
        if kind == "rs" and item and item.group(1) not in classes:
            return True
        other_family = re.fullmatch(r"section\.family:not\(\.([a-z0-9-]+)\)", target)
        if kind == "section" and other_family and other_family.group(1) not in classes:
            return True
        family = re.fullmatch(r"section\.([a-z0-9-]+)", target)
        if kind == "section" and family and family.group(1) in classes:
            return True
    return False


def test_the_filters_work_without_javascript_in_every_combination(builder: Builder, bundled: list[Ruleset]) -> None:
    """The page's own CSS, read as a browser applies it, shows exactly the rulesets each choice allows."""
    page = builder.index_page(lang_of(builder, "en"))
    rules = _css_rules(page)
    by_id = {r.id: r for r in bundled}
    items = {
        rid: set(classes.split())
        for classes, rid in re.findall(r'<li class="rs ([^"]*)"[^>]*>\s*<a href="([^"]+)\.html"', page)
    }
    sections = {
        key: set(classes.split())
        for classes, key in re.findall(r'<section class="(family [^"]*)" aria-labelledby="family-([a-z-]+)"', page)
    }
    groups: dict[str, list[str]] = {
        "family": sorted({r.family for r in bundled}),
        "players": sorted({str(n) for r in bundled for n in r.player_counts}),
        "community": sorted({c for r in bundled for c in r.communities}),
    }
    assert set(groups["community"]) == {"de", "en", "he", "it", "nl"}
    for group, values in groups.items():  # a labelled button for each value, and "All"
        for value in ["all", *values]:
            assert re.search(rf'<label><input type="radio" name="{group}" value="[^"]*" id="f-{group}-{value}"', page)
    for family, players, community in product(*([None, *v] for v in groups.values())):
        state = {"family": family, "players": players, "community": community}
        expected = {
            rid
            for rid, r in by_id.items()
            if family in (None, r.family)
            and (players is None or int(players) in r.player_counts)
            and community in (None, *r.communities)
        }
        shown = {rid for rid, classes in items.items() if not _hidden(rules, state, classes, "rs")}
        assert shown == expected, state
        for key, classes in sections.items():
            has_one = any(by_id[rid].family == key for rid in shown)
            assert _hidden(rules, state, classes, "section") == (not has_one), (state, key)
        says_none = any(
            display == "block" and target == ".no-match" and _state_holds(conditions, state)
            for conditions, target, display in rules
        )
        assert says_none == (not shown), state


def test_empty_patterns_are_the_least_choices_nothing_matches() -> None:
    groups = {"family": ["a", "b"], "players": ["3", "4"]}
    items: list[dict[str, tuple[str, ...]]] = [
        {"family": ("a",), "players": ("3", "4")},
        {"family": ("b",), "players": ("4",)},
    ]
    assert empty_patterns(groups, items) == [(("family", "b"), ("players", "3"))]
    assert empty_patterns({"family": ["a"]}, []) == [(("family", "a"),)]


def test_the_filters_are_labelled_in_the_pages_language(builder: Builder) -> None:
    page = builder.index_page(lang_of(builder, "de"))
    legends = re.findall(r"<legend>(.*?)</legend>", page)
    assert len(legends) == 3 and "Players" not in legends
    # Babel names the communities' languages in the page's language.
    assert re.search(r'id="f-community-nl"> Niederländisch</label>', page)
    assert 'id="f-community-he"> Hebräisch</label>' in page
    assert re.search(r'<form class="filters" aria-label="[^"]+">', page)


def test_the_status_line_has_a_text_for_every_count(builder: Builder) -> None:
    page = builder.index_page(lang_of(builder, "en"))
    data = re.search(r'data-shown="([^"]+)"', page)
    assert data is not None
    shown = json.loads(html.unescape(data.group(1)))
    assert len(shown) == len(builder.rulesets) + 1
    assert shown[0] == "No ruleset shown" and shown[1] == "1 ruleset shown" and shown[2] == "2 rulesets shown"


def test_titles_name_each_page_once(builder: Builder) -> None:
    lang = lang_of(builder, "en")
    assert "<title>Trickbook</title>" in builder.chooser_page()
    assert "<title>Rules of trick-taking games · Trickbook</title>" in builder.index_page(lang)
    assert "<title>Rulesets compared · Trickbook</title>" in builder.compare_page(lang)


# -- the comparison page ---------------------------------------------------------------------


def _headings(page: str) -> list[str]:
    head = page.split("<thead>")[1].split("</thead>")[0]
    return [visible(h) for h in re.findall(r'<th scope="col">(.*?)</th>', head)]


@pytest.mark.parametrize(
    ("ids", "differ"),
    [
        (("hearts", "reverse-hearts"), ["Scoring", "Moon", "Winner"]),
        (("spades", "spades-no-nil", "spades-blind-nil"), ["Bidding"]),
        (("hearts", "hearts-bga"), ["End of the game", "Winner"]),
        (("oh-hell", "oh-hell-no-hook"), ["Bidding"]),
        (
            ("hearts", "black-maria"),
            ["Players", "Passing", "First-trick limit", "Lead restricted until broken", "Card points", "Moon"],
        ),
    ],
)
def test_compare_shows_only_the_rules_that_differ(ids: tuple[str, ...], differ: list[str]) -> None:
    builder = Builder([load_ruleset(rid) for rid in ids], ["en"])
    page = builder.compare_page(builder.langs[0])
    assert _headings(page) == ["Game", *differ]
    alike = visible(page.split('<dl class="alike">')[1].split("</dl>")[0])
    assert "Trump" in alike or "Trump" in differ


def test_a_single_ruleset_is_compared_on_every_rule() -> None:
    builder = Builder([load_ruleset("hearts")], ["en"])
    assert len(_headings(builder.compare_page(builder.langs[0]))) == len(COLUMNS) + 1


def test_board_game_arena_says_that_scores_count_down_from_100(builder: Builder, bundled: list[Ruleset]) -> None:
    _, rows, _ = compare_rows(lang_of(builder, "en"), bundled)
    row = next(r for r in rows if r.id == "hearts-bga")
    assert row.cells["end"].text == "from 100 down to 0"
    assert row.cells["winner"].text == "highest wins"
    assert next(r for r in rows if r.id == "hearts").cells["end"].text == "to 100"


def test_compare_claims_no_hearts_facts_for_bidding_games(builder: Builder, bundled: list[Ruleset]) -> None:
    _, rows, _ = compare_rows(lang_of(builder, "en"), bundled)
    cells = {row.id: {key: cell.text for key, cell in row.cells.items()} for row in rows}
    for rid in ("spades", "oh-hell", "euchre", "whist"):
        assert cells[rid]["passing"] == cells[rid]["first_trick"] == cells[rid]["moon"] == "—", rid
        assert cells[rid]["points"] == "—"
    assert cells["spades"]["bidding"] == "bid 1–13 or nil"
    assert cells["spades"]["scoring"] == "bids made and 10 bags: −100"
    assert cells["whist"]["trump"] == "dealer's last card trump"
    assert cells["hearts"]["moon"] == "others +26"
    assert cells["black-maria"]["passing"] == "pass 3 cards right"


def test_each_cell_links_to_its_rule_on_the_rulesets_page(builder: Builder, bundled: list[Ruleset]) -> None:
    lang = lang_of(builder, "en")
    columns, rows, _ = compare_rows(lang, bundled)
    by_id = {r.id: r for r in bundled}
    pages: dict[str, str] = {}
    for row in rows:
        kinds = [c.kind for s in cl.sections(by_id[row.id]) for c in s.clauses]
        for column in columns:
            cell = row.cells[column.key]
            if not cell.applies:
                assert cell.href is None
                continue
            first = next((k for k in kinds if k.startswith(column.kinds)), None)
            if first is None:  # a "no" the page states by leaving the rule out
                assert cell.href is None, (row.id, column.key)
                continue
            assert cell.href == f"{row.id}.html#{cl.anchor(first)}"
            if row.id not in pages:
                pages[row.id] = builder.rule_page(by_id[row.id], lang)
            assert f'id="{cl.anchor(first)}"' in pages[row.id], (row.id, column.key, cell.href)
    # The links are on the page, with the table's cells.
    page = builder.compare_page(lang)
    assert 'href="hearts-bga.html#rule-end-count-down">from 100 down to 0</a>' in page


def test_the_hebrew_comparison_keeps_latin_names_whole(builder: Builder) -> None:
    he = lang_of(builder, "he")
    page = builder.compare_page(he)
    assert '<html lang="he" dir="rtl">' in page
    bga = title_of(he, load_ruleset("hearts-bga"))
    assert "(Board Game Arena)" in bga
    assert f"{FSI}(Board Game Arena){PDI}</bdi>" in page
    # Every cell names its rule for the narrow layout, in Hebrew.
    assert re.search(r'<td data-heading="[א-ת][^"]*"', page)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_builds_both_pages(code: str) -> None:
    hearts = load_ruleset("hearts")
    builder = Builder([hearts, load_ruleset("spades")], [code])
    lang = builder.langs[0]
    assert escape(isolate_runs(lang, title_of(lang, hearts))) in builder.index_page(lang)
    assert builder.compare_page(lang).count("<tr>") == 3


def test_pages_are_the_same_bytes_each_time(bundled: list[Ruleset]) -> None:
    first = Builder(bundled, ["en", "he"])
    second = Builder(list(reversed(bundled)), ["en", "he"])
    for a, b in zip(first.langs, second.langs, strict=True):
        assert first.index_page(a) == second.index_page(b)
        assert first.compare_page(a) == second.compare_page(b)


def test_the_site_copies_the_filter_script(tmp_path: Path) -> None:
    script = Path(__file__).resolve().parent.parent / "generator" / "static" / "listing.js"
    assert script.is_file()
    pages = Builder([load_ruleset("hearts")], ["en"]).pages()
    assert any(p.path == "listing.js" for p in pages)
