"""Browser tests: real Chromium opens built pages, as a reader would.

Marker ``browser``; run by ``make test-browser`` (which installs Playwright from
PyPI; CI installs Debian's ``chromium``). Playwright drives the system
Chromium at /usr/bin/chromium and downloads no browser of its own.
Screenshots land in ``build/screenshots/``.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from other_packs import TRESSETTE, write_pack

from generator.site import build
from referee.loader import bundled_ids
from wording.i18n import LANGUAGES

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build(None, out)
    return out


@pytest.fixture(scope="module")
def browser() -> Any:
    sync_api = importlib.import_module("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield chromium
        chromium.close()


def _links_resolve(page: Any, url: str) -> list[str]:
    """Every href on the page that does not point at an existing file."""
    hrefs = page.eval_on_selector_all("a[href], link[href]", "els => els.map(e => e.href)")
    broken = []
    for href in hrefs:
        parsed = urlparse(href)
        assert parsed.scheme == "file", f"external resource or link on {url}: {href}"
        if not Path(unquote(parsed.path)).is_file():
            broken.append(href)
    return broken


@pytest.mark.parametrize(
    ("path", "direction"),
    [
        ("he/hearts.html", "rtl"),
        ("de/hearts.html", "ltr"),
        ("he/euchre.html", "rtl"),
        ("de/compare.html", "ltr"),
        ("index.html", "ltr"),
    ],
)
def test_page_in_a_real_browser(site: Path, browser: Any, path: str, direction: str) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 1400})
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    requests: list[str] = []
    page.on("request", lambda req: requests.append(req.url))
    url = (site / path).as_uri()
    page.goto(url)
    assert page.evaluate("getComputedStyle(document.documentElement).direction") == direction
    assert page.evaluate("getComputedStyle(document.body).direction") == direction
    assert errors == []
    assert _links_resolve(page, url) == []
    assert all(r.startswith("file:") for r in requests), requests  # works offline
    # The stylesheet applied: the card colour rule resolved for a red suit.
    if page.locator(".card.suit-h").count():
        colour = page.evaluate("getComputedStyle(document.querySelector('.card.suit-h')).color")
        assert colour == "rgb(179, 38, 30)"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / (path.replace("/", "-").replace(".html", ".png"))), full_page=True)
    page.close()


def test_rtl_layout_is_mirrored(site: Path, browser: Any) -> None:
    """In Hebrew the list bullets and the language switcher sit on the right."""
    page = browser.new_page(viewport={"width": 1000, "height": 800})
    page.goto((site / "he/hearts.html").as_uri())
    box = page.locator("ul.clauses").first.bounding_box()
    item = page.locator("ul.clauses li").first.bounding_box()
    # Logical padding-inline-start puts the indent on the right in RTL.
    assert item["x"] + item["width"] < box["x"] + box["width"]
    brand = page.locator(".brand").bounding_box()
    nav = page.locator("nav.languages").bounding_box()
    assert brand["x"] > nav["x"]
    page.close()


def _contrast(rgb: str) -> float:
    """The contrast of a CSS ``rgb(r, g, b)`` colour against white (WCAG 2)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(x) for x in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3])
    lum = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    return 1.05 / (lum + 0.05)


@pytest.mark.parametrize(("lang", "direction"), [("en", "ltr"), ("he", "rtl")])
def test_italian_cards_read_in_the_page_direction_with_contrast(
    tmp_path: Path, browser: Any, lang: str, direction: str
) -> None:
    """An Italian card shows rank then suit name in reading order, each suit's colour at 4.5:1 or more on white."""
    build([write_pack(tmp_path, TRESSETTE)], tmp_path / "site", [lang])
    page = browser.new_page(viewport={"width": 1000, "height": 1400})
    page.goto((tmp_path / "site" / lang / "t-tressette.html").as_uri())
    # legal cards are the same, plus a border; the worked deal's cards are hidden until it is opened
    cards = page.locator(".card.italian:not(.legal):visible")
    assert cards.count() >= 5
    for i in range(cards.count()):
        card = cards.nth(i)
        assert _contrast(card.evaluate("e => getComputedStyle(e).color")) >= 4.5
        rank, pip = card.locator(".rank").bounding_box(), card.locator(".pip").bounding_box()
        assert (rank["x"] < pip["x"]) is (direction == "ltr")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{lang}-t-tressette.png"), full_page=True)
    page.close()


# -- the rule page's own parts: the worked deal, the tables, the quick reference ------------------

PHONE = {"width": 390, "height": 844}


def _pdf_pages(pdf: bytes) -> int:
    """How many pages a PDF has: its page objects (``/Type /Page``, not ``/Pages``)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


def _overflowing(page: Any, selector: str) -> list[str]:
    """The elements matching ``selector`` wider than their box, or reaching past the viewport's edges."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].filter(e => {
             const r = e.getBoundingClientRect();
             return e.scrollWidth > e.clientWidth + 1 || r.left < 0 || r.right > innerWidth;
           }).map(e => (e.id || e.className) + ' ' + e.scrollWidth + '/' + e.clientWidth)""",
        selector,
    )


def test_worked_deal_collapses_and_opens_and_fits_a_phone(site: Path, browser: Any) -> None:
    page = browser.new_page(viewport=PHONE)
    page.goto((site / "en/spades.html").as_uri())
    details = page.locator("details.worked")
    tricks = details.locator("ol.tricks-played")
    assert not details.evaluate("d => d.open") and not tricks.is_visible()
    details.locator("summary").click()
    assert details.evaluate("d => d.open") and tricks.is_visible()
    assert tricks.locator(":scope > li").count() == 13
    details.locator("summary").click()
    assert not tricks.is_visible()
    page.close()


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_new_parts_of_every_rule_page_fit_a_phone(site: Path, browser: Any, lang: str) -> None:
    """At 390 px the opening, contents, values and the opened worked deal need no sideways scrolling."""
    page = browser.new_page(viewport=PHONE)
    wide: dict[str, list[str]] = {}
    for path in sorted((site / lang).glob("*.html")):
        if path.name.count(".") > 1 or path.stem in ("index", "compare"):
            continue
        page.goto(path.as_uri())
        page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true")
        found = _overflowing(page, "p.intro, nav.toc, #values, #values table, details.worked, details.worked table")
        if found:
            wide[path.name] = found
    assert wide == {}
    page.close()


def test_printing_a_rule_page_prints_the_whole_worked_deal(site: Path, browser: Any) -> None:
    page = browser.new_page()
    page.goto((site / "en/hearts.html").as_uri())
    closed = _pdf_pages(page.pdf(format="A4"))
    page.evaluate("document.querySelector('details.worked').open = true")
    opened = _pdf_pages(page.pdf(format="A4"))
    page.evaluate("document.querySelector('#worked').remove()")
    without = _pdf_pages(page.pdf(format="A4"))
    assert closed == opened > without  # printed in full though closed on screen
    # The print dialog of a browser opens it too, and closes it again after.
    page.goto((site / "en/hearts.html").as_uri())
    page.evaluate("dispatchEvent(new Event('beforeprint'))")
    assert page.evaluate("document.querySelector('details.worked').open")
    page.evaluate("dispatchEvent(new Event('afterprint'))")
    assert not page.evaluate("document.querySelector('details.worked').open")
    page.close()


def test_every_quick_reference_prints_on_one_a4_page(site: Path, browser: Any) -> None:
    page = browser.new_page()
    counts = {}
    for path in sorted(site.glob("*/*.card.html")):
        page.goto(path.as_uri())
        counts[f"{path.parent.name}/{path.name}"] = _pdf_pages(page.pdf(format="A4"))
    assert len(counts) == len(LANGUAGES) * len(bundled_ids())
    assert {k: v for k, v in counts.items() if v != 1} == {}
    page.emulate_media(media="print")
    page.goto((site / "de/spades-blind-nil.card.html").as_uri())
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 718, "height": 1047})  # A4 inside 10 mm margins
    page.screenshot(path=str(SHOTS / "de-spades-blind-nil-card-print.png"), full_page=True)
    page.close()


def _column_xs(table: Any) -> list[float]:
    """The left edges of a table's header cells, in document order."""
    return [box["x"] for box in (h.bounding_box() for h in table.locator("thead th").all())]


def test_hebrew_tables_run_right_to_left(site: Path, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 1400})
    page.goto((site / "he/spades.html").as_uri())
    page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true")
    for selector in ("#values table.outcomes", "details.worked table.score", "details.worked table.bids"):
        table = page.locator(selector)
        assert table.evaluate("t => getComputedStyle(t).direction") == "rtl", selector
        xs = _column_xs(table)
        assert len(xs) >= 2 and xs == sorted(xs, reverse=True), (selector, xs)  # the first column on the right
    page.goto((site / "he/hearts.html").as_uri())
    cards = page.locator("#values table.card-values")
    xs = _column_xs(cards)
    assert xs[0] > xs[1]
    # Card faces keep their own order (rank, then suit) inside the right-to-left table.
    card = cards.locator(".card").first
    assert card.locator(".rank").bounding_box()["x"] < card.locator(".pip").bounding_box()["x"]
    page.close()


RULE_PAGE_SHOTS = ["en/hearts", "en/euchre", "he/spades", "de/omnibus-hearts", "nl/oh-hell", "en/hearts.card"]


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", RULE_PAGE_SHOTS)
def test_rule_page_screenshots(site: Path, browser: Any, path: str, width: int) -> None:
    """Screenshots to look at (build/screenshots/), the worked deal open; the page loads without errors."""
    page = browser.new_page(viewport={"width": width, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto((site / f"{path}.html").as_uri())
    page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true")
    assert errors == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"rule-{path.replace('/', '-')}-{width}.png"), full_page=True)
    page.close()


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("path", ["en/hearts.card.html", "he/spades.card.html", "en/euchre.html", "he/spades.html"])
def test_quick_references_and_the_opened_worked_deal_pass_axe(site: Path, browser: Any, path: str, width: int) -> None:
    """axe-core's WCAG A/AA rules over a quick reference, and over a rule page with its worked deal open."""
    from test_browser_a11y import AXE

    page = browser.new_page(viewport={"width": width, "height": 900})
    page.goto((site / path).as_uri())
    page.evaluate("for (const d of document.querySelectorAll('details')) d.open = true")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(
        "async () => await axe.run(document, {runOnly: {type: 'tag', values: "
        "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}})"
    )
    page.close()
    found = [f"{v['id']}: {v['help']}: {v['nodes'][0]['target']}" for v in result["violations"]]
    assert found == []
