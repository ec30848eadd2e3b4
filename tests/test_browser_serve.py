"""The live preview in a real browser, as a house-rule author uses it.

``trickbook new`` writes a house rule, ``trickbook serve`` serves it, and
headless Chromium keeps its page open while the file is edited, broken and
fixed: the page must reload by itself each time (nothing calls ``goto`` again).
Marker ``browser`` (``make test-browser``); screenshots land in
``build/screenshots/``.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_serve import PATIENCE, serving

from trickbook.cli import main

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"


def _screenshot(sync_api: Any, page: Any, name: str) -> None:
    """A screenshot for a person to look at. One save can reach the watcher as two file events (the file
    truncated, then written), so a second reload may detach the page while the picture is taken (a CI run
    failed so): then it is taken again, once that page has loaded."""
    for attempt in range(3):
        try:
            page.screenshot(path=str(SHOTS / name), full_page=False)
            return
        except sync_api.Error as exc:
            if "Not attached to an active page" not in str(exc) or attempt == 2:
                raise
            page.wait_for_load_state("load")


def test_the_open_page_reloads_after_each_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "jack"]).exit_code == 0
    rule = tmp_path / "jack.yaml"
    text = rule.read_text(encoding="utf-8")
    sync_api = importlib.import_module("playwright.sync_api")
    SHOTS.mkdir(parents=True, exist_ok=True)
    wait = int(PATIENCE * 1000)
    with serving(tmp_path, "jack.yaml", "--lang", "en") as served, sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page: Any = browser.new_page(viewport={"width": 1000, "height": 700})
        loads: list[str] = []
        page.on("load", lambda: loads.append(page.url))
        page.goto(served.page)
        assert page.locator("h1").inner_text().strip() == "Jack"

        # Uncomment the passing example and pass four cards: the page shows it without being asked.
        edited = text.replace("title: Jack", "title: Jack of Diamonds").replace(
            "# passing:\n#   # Cards each player passes.\n#   count: 3\n", "passing:\n  count: 4\n"
        )
        assert edited.count("count: 4") == 1
        rule.write_text(edited, encoding="utf-8")
        page.wait_for_function("document.querySelector('h1').textContent.includes('Jack of Diamonds')", timeout=wait)
        assert "passes 4 cards" in page.locator("main").inner_text()
        _screenshot(sync_api, page, "serve-edited.png")

        rule.write_text(edited.replace("title: Jack of Diamonds", "title: [Jack"), encoding="utf-8")
        page.wait_for_function("document.title.startsWith('Problems')", timeout=wait)
        problems = page.locator("li").all_inner_texts()
        assert problems and problems[0].startswith("jack.yaml:")
        _screenshot(sync_api, page, "serve-error.png")

        rule.write_text(edited, encoding="utf-8")
        page.wait_for_function("document.querySelector('h1').textContent.includes('Jack of Diamonds')", timeout=wait)
        assert len(loads) >= 4 and set(loads) == {served.page}  # reloaded in place each time
        browser.close()
        assert served.stop() == 0
