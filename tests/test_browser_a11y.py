"""Accessibility: axe-core checks every page type in both directions, at desktop and phone width.

Marker ``browser``; ``make test-browser`` installs axe-core (npm) into the virtual
environment beside Playwright. Each page is opened in the system Chromium, axe is
injected from its file, and every WCAG 2.x A/AA rule axe knows must pass.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

from generator.site import build

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
AXE = Path(__file__).resolve().parent.parent / ".venv" / "node_modules" / "axe-core" / "axe.min.js"
# Every kind of page the site has, in a left-to-right and a right-to-left language.
PAGES = [
    "index.html",
    *(
        f"{lang}/{page}"
        for lang in ("en", "he")
        for page in ("index.html", "compare.html", "hearts.html", "euchre.html", "spades.html", "oh-hell.html")
    ),
]
WIDTHS = {"desktop": 1280, "phone": 390}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    build(["hearts", "euchre", "spades", "oh-hell", "omnibus-hearts"], out)
    return out


@pytest.fixture(scope="module")
def browser() -> Any:
    sync_api = importlib.import_module("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        yield chromium
        chromium.close()


def violations(browser: Any, url: str, width: int) -> list[str]:
    page = browser.new_page(viewport={"width": width, "height": 900})
    try:
        page.goto(url)
        page.add_script_tag(path=str(AXE))
        result = page.evaluate(
            "async () => await axe.run(document, {runOnly: {type: 'tag', values: "
            "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}})"
        )
    finally:
        page.close()
    return [
        f"{v['id']} ({v['impact']}): {v['help']}; e.g. {json.dumps(v['nodes'][0]['target'])}: "
        f"{v['nodes'][0]['failureSummary'].splitlines()[-1].strip()}"
        for v in result["violations"]
    ]


def test_axe_core_is_installed() -> None:
    assert AXE.is_file(), "run `make test-browser`, which installs axe-core with npm"


@pytest.mark.parametrize("width", list(WIDTHS), ids=list(WIDTHS))
@pytest.mark.parametrize("path", PAGES)
def test_no_accessibility_violations(site: Path, browser: Any, path: str, width: str) -> None:
    found = violations(browser, (site / path).as_uri(), WIDTHS[width])
    assert not found, f"{path} at {WIDTHS[width]} px:\n" + "\n".join(found)
