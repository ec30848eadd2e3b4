"""The club server in Chromium: the organiser's evening, a kiosk joining, and the board updating live.

Marker ``browser`` (``make test-browser``; Debian's chromium at /usr/bin/chromium). The real
``trickbook club serve`` runs on a fresh SQLite file. The organiser logs in, creates an evening
(the players typed one a line), draws round 1 and issues table 1 its code; a kiosk joins with that
code over httpx, as the kiosk does, and posts a deal; the board open on the projector shows it
without being reloaded, as does the organiser's page; the organiser voids the deal and the board
says so. Every page runs under the server's content security policy with no console error, has no
accessibility violation axe-core knows, and is shot in English and Hebrew at desktop and phone width
into ``build/screenshots/club-*.png``.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_browser_a11y import AXE
from test_club_server import PASSWORD, serving

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
WIDTHS = {"desktop": 1280, "phone": 390}
PLAYERS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "רות"]
WAIT = 20_000  # ms: the most a live change may take to show (it takes about a second)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = importlib.import_module("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--no-first-run"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("club")
    (folder / "pw").write_text(PASSWORD + "\n")
    # The address kiosks and phones reach the server at, as on a club's network: their QR codes name it.
    with serving(str(folder / "club.sqlite3"), folder / "pw", "--public-url", "http://192.168.1.20:8750") as base:
        yield base


def submit(page: Any, button: Any) -> None:
    """Press a form's button and wait for the page it leads to (so nothing is read off the page before it)."""
    with page.expect_navigation():
        button.click()


def watched(page: Any) -> list[str]:
    """Console errors and page errors (a content security policy refusal is one), collected as they come."""
    errors: list[str] = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return errors


def axe(page: Any) -> list[str]:
    # Evaluated from outside the page: the page's content security policy refuses inline scripts.
    page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    result = page.evaluate(
        "async () => await axe.run(document, {runOnly: {type: 'tag', values: "
        "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}})"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']}; e.g. {json.dumps(v['nodes'][0]['target'])}"
        for v in result["violations"]
    ]


def new_evening(page: Any, club: str, name: str) -> None:
    """Log in as Olga and begin a new evening of Hearts: its name and game filled in."""
    page.goto(f"{club}/login?lang=en")
    page.get_by_label("Your name", exact=True).fill("Olga")
    page.get_by_label("Organiser password", exact=True).fill(PASSWORD)
    submit(page, page.get_by_role("button", name="Log in"))
    page.get_by_label("Name of the evening", exact=True).fill(name)
    page.get_by_label("Game", exact=True).select_option("hearts")


def test_an_evening_from_login_to_a_live_board(browser: Any, club: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    organiser = context.new_page()
    errors = watched(organiser)
    new_evening(organiser, club, "Tuesday · Hearts")
    organiser.get_by_label("Rounds", exact=True).fill("2")
    organiser.get_by_label("Score for a round sat out (empty: the round’s average)", exact=True).fill("7")
    organiser.get_by_label("Seed of the draw (empty: chosen at random)", exact=True).fill("5")
    organiser.get_by_label("Players present, one a line", exact=True).fill("\n".join(PLAYERS))
    submit(organiser, organiser.get_by_role("button", name="Create the evening"))
    evening = organiser.url
    assert organiser.locator("h1").inner_text().startswith("Tuesday · Hearts")
    submit(organiser, organiser.get_by_role("button", name="Draw round 1"))
    assert organiser.get_by_role("status").first.inner_text() == "Round 1 is drawn."
    assert "Seats drawn with the seed 5-1." in organiser.locator("#seats").inner_text()
    table_one = [organiser.locator(".table-card").first.locator(".seat-list bdi").nth(i).inner_text() for i in range(4)]

    # Table 1's code, with its QR code; the kiosk joins with it as the kiosk will: over httpx.
    submit(organiser, organiser.locator("#codes tbody tr").first.get_by_role("button", name="New code"))
    code = organiser.locator(".code").inner_text().strip()
    assert organiser.locator(".qr svg[role=img] title").text_content() == "Code of table 1"
    kiosk = httpx.Client(base_url=club, headers={"Authorization": f"Bearer {code}"}, timeout=10)
    table = kiosk.get("/api/tables/1").json()
    assert table["round"] == 1 and table["players"] == table_one and table["ruleset"] == "hearts"

    # The board on the projector, and the organiser's page, both open while the deal arrives.
    projector = context.new_page()
    errors += watched(projector)
    projector.goto(evening + "/board?lang=en")
    # (locators, not wait_for_function: the page's content security policy allows no eval, and none is needed)
    projector.locator("#live-status", has_text="Updated live").wait_for(timeout=WAIT)
    projector.evaluate("window.notReloaded = true")
    organiser.goto(evening)
    organiser.evaluate("window.notReloaded = true")
    before = projector.locator("#live").get_attribute("data-version")
    body = {"kiosk": "k1", "game": "1", "seq": 1, "round": 1, "table": 1, "deal": 1, "score": "0 13 5 8"}
    assert kiosk.post("/api/results", json=body).status_code == 201
    projector.locator(f'#live:not([data-version="{before}"])').wait_for(timeout=WAIT)
    first_table = projector.locator("table.tables tbody tr").first.inner_text()
    assert f"{table_one[1]} 13" in " ".join(first_table.split())
    assert projector.evaluate("window.notReloaded") is True  # updated in place: nothing reloaded the page
    organiser.locator("#new-results").wait_for(state="visible", timeout=WAIT)
    assert organiser.evaluate("window.notReloaded") is True

    # The organiser voids the deal; the board says who did it, when and why.
    organiser.reload()
    row = organiser.locator("#results tbody tr").first
    row.locator("summary").click()
    row.locator("form", has=organiser.get_by_role("button", name="Void the result")).get_by_label("Why").fill(
        "wrong seat"
    )
    submit(organiser, row.get_by_role("button", name="Void the result"))
    assert organiser.get_by_role("status").first.inner_text() == "The result is void."
    projector.locator("#changes li").wait_for(timeout=WAIT)
    said = " ".join(projector.locator("#changes li").inner_text().split())
    assert said.startswith("Changed by Olga at ") and said.endswith(": deal 1 of table 1 in round 1 voided: wrong seat")
    assert projector.evaluate("window.notReloaded") is True
    assert errors == []
    context.close()


@pytest.fixture(scope="module")
def pages(browser: Any, club: str) -> dict[str, str]:
    """An evening with results, a correction and a round sat out: the addresses of its pages, and a session."""
    context = browser.new_context()
    page = context.new_page()
    new_evening(page, club, "Dinsdagavond")
    page.get_by_label("Players present, one a line", exact=True).fill("\n".join(PLAYERS))
    submit(page, page.get_by_role("button", name="Create the evening"))
    evening = page.url
    submit(page, page.get_by_role("button", name="Draw round 1"))
    codes = {}
    for table in (1, 2):
        page.goto(evening)
        submit(page, page.locator("#codes tbody tr").nth(table - 1).get_by_role("button", name="New code"))
        codes[table] = page.locator(".code").inner_text().strip()
    for table, scores in {1: ["0 13 5 8", "26 0 0 0", "3 3 20 0"], 2: ["1 2 10 13"]}.items():
        for deal, score in enumerate(scores, start=1):
            body = {"kiosk": f"shots-{table}", "game": "1", "seq": deal, "round": 1, "table": table, "deal": deal}
            answer = httpx.post(
                f"{club}/api/results",
                json={**body, "score": score},
                headers={"Authorization": f"Bearer {codes[table]}"},
            )
            assert answer.status_code == 201, answer.text
    page.goto(evening)
    row = page.locator("#results tbody tr").nth(1)
    row.locator("summary").click()
    correction = row.locator("form", has=page.get_by_role("button", name="Save the correction"))
    correction.get_by_label("Result", exact=True).fill("0 26 0 0")
    correction.get_by_label("Why", exact=True).fill("swapped seats")
    submit(page, correction.get_by_role("button", name="Save the correction"))
    assert page.get_by_role("status").first.inner_text() == "The result is corrected."
    state = context.storage_state()
    context.close()
    return {
        "index": f"{club}/",
        "evening": evening,
        "board": f"{evening}/board",
        "seats": f"{evening}/seats",
        "login": f"{club}/login",
        "session": json.dumps(state),
    }


@pytest.mark.parametrize("width", list(WIDTHS), ids=list(WIDTHS))
@pytest.mark.parametrize("lang", ["en", "he"])
@pytest.mark.parametrize("name", ["board", "evening", "seats", "index", "login", "code"])
def test_club_pages_read_right_in_both_directions(
    browser: Any, pages: dict[str, str], name: str, lang: str, width: str
) -> None:
    context = browser.new_context(
        viewport={"width": WIDTHS[width], "height": 900}, storage_state=json.loads(pages["session"])
    )
    page = context.new_page()
    errors = watched(page)
    if name == "code":  # a new code is the answer to a form: table 2's, given again in this language
        page.goto(f"{pages['evening']}?lang={lang}")
        submit(page, page.locator("#codes tbody tr").nth(1).locator("form").first.get_by_role("button"))
        assert page.locator(".qr svg").is_visible() and page.locator(".code").get_attribute("dir") == "ltr"
    else:
        page.goto(f"{pages[name]}?lang={lang}")
    direction = "rtl" if lang == "he" else "ltr"
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("getComputedStyle(document.body).direction") == direction
    # Nothing wider than the screen but the tables' own scrolling boxes.
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTHS[width]
    found = axe(page)
    assert not found, f"{name} in {lang} at {WIDTHS[width]} px:\n" + "\n".join(found)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"club-{name}-{lang}-{WIDTHS[width]}.png"), full_page=True)
    assert errors == []
    context.close()


def test_without_javascript_the_board_refreshes_itself(browser: Any, pages: dict[str, str]) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(pages["board"])
    # The <noscript> refresh is read only where scripts do not run: here it is a real element.
    assert page.locator('meta[http-equiv="refresh"]').get_attribute("content") == "30"
    assert "This page refreshes itself every 30 seconds." in page.locator("main").inner_text()
    context.close()
    scripted = browser.new_context()
    page = scripted.new_page()
    page.goto(pages["board"])
    assert page.locator('meta[http-equiv="refresh"]').count() == 0
    scripted.close()


def test_the_board_prints_without_its_controls(browser: Any, pages: dict[str, str]) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(pages["board"])
    page.emulate_media(media="print")
    for hidden in ("header.site", ".tools", ".live-status", ".follow"):
        assert page.locator(hidden).first.is_hidden(), hidden
    assert page.locator("table.standings").is_visible()
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
    context.close()
