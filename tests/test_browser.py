"""Browser tests: real Chromium opens built pages, as a reader would.

Marker ``browser``; run by ``make test-browser`` (which installs Playwright from
PyPI; CI installs Debian's ``chromium``). Playwright drives the system
Chromium at /usr/bin/chromium and downloads no browser of its own.
Screenshots land in ``build/screenshots/``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest
from other_packs import TRESSETTE, write_pack

from generator.site import build

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
    cards = page.locator(".card.italian:not(.legal)")  # legal cards are the same, plus a border
    assert cards.count() >= 5
    for i in range(cards.count()):
        card = cards.nth(i)
        assert _contrast(card.evaluate("e => getComputedStyle(e).color")) >= 4.5
        rank, pip = card.locator(".rank").bounding_box(), card.locator(".pip").bounding_box()
        assert (rank["x"] < pip["x"]) is (direction == "ltr")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{lang}-t-tressette.png"), full_page=True)
    page.close()
