"""The index's filters and the comparison page in real Chromium (marker ``browser``; ``make test-browser``).

The filters are tried with JavaScript off (the page's CSS alone) and on (the
choice kept in the address, a count said), by mouse and by keyboard; the
comparison page at 1280 and 390 px, left to right and right to left. Screenshots
of both pages in every language at both widths land in ``build/screenshots/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser import SHOTS, browser, site

from referee.loader import bundled_ids
from wording.i18n import LANGUAGES

pytestmark = pytest.mark.browser
__all__ = ["browser", "site"]  # test_browser's fixtures: Chromium, and the whole site built once for this module

WIDTHS = (1280, 390)
ERRORS: dict[int, list[str]] = {}  # by id() of the page: its script errors and console errors


def _open(browser: Any, url: str, width: int = 1280, script: bool = True) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": 900}, java_script_enabled=script)
    page = context.new_page()
    errors = ERRORS.setdefault(id(page), [])
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(url)
    return context, page


def _errors(page: Any) -> list[str]:
    return ERRORS.pop(id(page), [])


def _shown(page: Any) -> list[str]:
    """The ids of the rulesets on screen."""
    return page.eval_on_selector_all(
        "li.rs", "els => els.filter(e => e.offsetParent !== null).map(e => e.querySelector('a').getAttribute('href'))"
    )


def _visible(page: Any, selector: str) -> bool:
    return bool(page.eval_on_selector(selector, "e => e.offsetParent !== null"))


def _families_shown(page: Any) -> list[str]:
    return page.eval_on_selector_all(
        "section.family", "els => els.filter(e => e.offsetParent !== null).map(e => e.querySelector('h2').id)"
    )


def test_the_filters_work_without_javascript(site: Path, browser: Any) -> None:
    context, page = _open(browser, (site / "en/index.html").as_uri(), script=False)
    assert len(_shown(page)) == len(bundled_ids()) and not _visible(page, ".no-match")
    page.get_by_role("radio", name="Spades family").check()
    assert sorted(_shown(page)) == [
        "cutthroat-spades.html",
        "spades-blind-nil.html",
        "spades-no-nil.html",
        "spades.html",
    ]
    assert _families_shown(page) == ["family-spades"]
    page.locator("#f-players-3").check()  # the filters combine
    assert _shown(page) == ["cutthroat-spades.html"]
    page.locator("#f-community-nl").check()
    assert _shown(page) == [] and _visible(page, ".no-match")
    page.locator("#f-family-all").check()
    assert _shown(page) == [] and _visible(page, ".no-match")  # no Dutch ruleset for three
    page.locator("#f-players-all").check()
    dutch = ["boerenbridge.html", "hartenjagen.html", "klaverjassen-rotterdam.html", "klaverjassen.html"]
    assert sorted(_shown(page)) == dutch
    assert _families_shown(page) == ["family-hearts", "family-oh-hell", "family-jass"]
    assert not _visible(page, ".filter-status")  # the count is the script's
    assert _errors(page) == []
    context.close()


def test_the_filters_answer_the_keyboard(site: Path, browser: Any) -> None:
    context, page = _open(browser, (site / "en/index.html").as_uri(), script=False)
    page.locator("#f-family-all").focus()
    page.keyboard.press("ArrowRight")  # a radio group moves its choice with the arrow keys
    assert page.evaluate("document.activeElement.id") == "f-family-hearts"
    assert all(href in _shown(page) for href in ("hearts.html", "black-maria.html")) and len(_shown(page)) == 10
    page.keyboard.press("Tab")  # Tab goes on to the next group
    assert page.evaluate("document.activeElement.name") == "players"
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # the focus ring shows
    context.close()


def test_the_script_keeps_the_choice_in_the_address_and_counts(site: Path, browser: Any) -> None:
    url = (site / "en/index.html").as_uri()
    context, page = _open(browser, url + "#family=oh-hell&players=4")
    assert page.locator("#f-family-oh-hell").is_checked() and page.locator("#f-players-4").is_checked()
    assert sorted(_shown(page)) == ["boerenbridge.html", "oh-hell-no-hook.html", "oh-hell.html"]
    assert page.locator(".filter-status").inner_text() == "3 rulesets shown"
    page.locator("#f-community-nl").check()
    assert page.evaluate("location.hash") == "#family=oh-hell&players=4&community=nl"
    assert page.locator(".filter-status").inner_text() == "1 ruleset shown"
    page.reload()
    assert page.locator("#f-community-nl").is_checked() and _shown(page) == ["boerenbridge.html"]
    page.locator("#f-family-all").check()
    page.locator("#f-players-all").check()
    page.locator("#f-community-all").check()
    assert page.evaluate("location.hash") == "" and len(_shown(page)) == len(bundled_ids())
    assert _errors(page) == []
    context.close()


def test_the_hebrew_filters_read_right_to_left(site: Path, browser: Any) -> None:
    context, page = _open(browser, (site / "he/index.html").as_uri(), width=390)
    form = page.locator("form.filters").bounding_box()
    first, second = (page.locator("fieldset").first.locator("label").nth(i).bounding_box() for i in (0, 1))
    assert first["x"] > second["x"]  # "All" first, at the right
    assert first["x"] + first["width"] <= form["x"] + form["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#f-community-he").check()
    assert _shown(page) == ["hearts-bga.html"]
    context.close()


def _edges(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"], box["x"] + box["width"]


def _content_edges(page: Any, selector: str) -> tuple[float, float]:
    """The edges of an element's content box (inside its padding)."""
    return tuple(
        page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);"
            " return [r.left + parseFloat(s.paddingLeft), r.right - parseFloat(s.paddingRight)]; }",
        )
    )


@pytest.mark.parametrize("code", ["en", "he"])
def test_the_comparison_lines_up_with_the_header_and_footer_at_1280(site: Path, browser: Any, code: str) -> None:
    context, page = _open(browser, (site / code / "compare.html").as_uri(), width=1280)
    header, main, footer = (_content_edges(page, s) for s in ("header.site", "main", "footer.site"))
    assert header == main == footer
    box = _edges(page, ".compare-box")
    assert main[0] - 0.5 <= box[0] and box[1] <= main[1] + 0.5  # the table stays in its box
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    # A table wider than its box scrolls inside it, its games' names held at the start.
    first = page.locator("tbody tr").first.locator("th")
    before = first.bounding_box()["x"]
    if code == "he":  # the names stand at the right
        assert before > page.locator("tbody tr").first.locator("td").first.bounding_box()["x"]
    page.locator(".compare-box").evaluate(
        "e => { e.scrollLeft = getComputedStyle(e).direction === 'rtl' ? -400 : 400; }"
    )
    assert page.locator(".compare-box").evaluate("e => Math.abs(e.scrollLeft)") > 0  # it did scroll
    assert abs(first.bounding_box()["x"] - before) < 1
    assert _errors(page) == []
    context.close()


@pytest.mark.parametrize("code", ["en", "he"])
def test_the_comparison_is_a_card_per_ruleset_on_a_phone(site: Path, browser: Any, code: str) -> None:
    context, page = _open(browser, (site / code / "compare.html").as_uri(), width=390)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    header, main, footer = (_content_edges(page, s) for s in ("header.site", "main", "footer.site"))
    assert header == main == footer
    row = page.locator("tbody tr").first
    box = row.bounding_box()
    assert main[0] - 0.5 <= box["x"] and box["x"] + box["width"] <= main[1] + 0.5
    # Each rule that applies is a line of the card, its heading beside it.
    cells = row.locator("td:not(.na)")
    assert cells.count() >= 5
    heading = cells.first.evaluate("e => getComputedStyle(e, '::before').content")
    assert heading.strip('"') == cells.first.get_attribute("data-heading")
    assert row.locator("td.na").first.is_hidden()
    context.close()


def test_a_wrapped_hebrew_title_keeps_its_latin_name_whole(site: Path, browser: Any) -> None:
    """ "לבבות (Board Game Arena)" wraps with its brackets around the Latin name, read left to right."""
    context, page = _open(browser, (site / "he/compare.html").as_uri(), width=1280)
    link = page.locator('tbody th a[href="hearts-bga.html"] bdi')
    link.evaluate("e => { e.style.display = 'inline-block'; e.style.width = '7.5em'; }")
    positions = link.evaluate(
        """e => {
        const text = e.firstChild, s = text.data, at = ch => {
            const r = document.createRange(), i = s.indexOf(ch);
            r.setStart(text, i); r.setEnd(text, i + ch.length); return r.getBoundingClientRect();
        };
        const open = at('('), board = at('Board'), arena = at('Arena'), close = at(')');
        return {open: [open.left, open.top], board: [board.left, board.top], arena: [arena.right, arena.top],
                close: [close.right, close.top]};
    }"""
    )
    assert positions["open"][1] == positions["board"][1] and positions["open"][0] < positions["board"][0]
    assert positions["close"][1] == positions["arena"][1] and positions["close"][0] > positions["arena"][0]
    assert positions["arena"][1] > positions["board"][1]  # it did wrap
    context.close()


@pytest.mark.parametrize("code", LANGUAGES)
def test_screenshots_of_the_index_and_the_comparison(site: Path, browser: Any, code: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name in ("index", "compare"):
        for width in WIDTHS:
            context, page = _open(browser, (site / code / f"{name}.html").as_uri(), width=width)
            assert page.evaluate("document.documentElement.scrollWidth") <= width, (name, width)
            assert _errors(page) == []
            page.screenshot(path=str(SHOTS / f"{code}-{name}-{width}.png"), full_page=True)
            context.close()
