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
