"""Screenshots of every kiosk screen a table sees, in every language, at the club screen sizes.

    .venv/bin/python tools/kiosk_screens.py [OUT]      (default: build/kiosk-screens)

Writes OUT/<screen>-<lang>-<size>.png for the setup screen (the games with their
labels), a trick in progress, a deal's summary, the score sheet and the game's end, in
the five languages at 800x480 and 1280x800, and OUT/<screen>-<size>.png: the five
languages side by side, to look at in one go. The games are whole games played by the
bots (kiosk.demo), with player names of each language, so Hebrew names show right to
left. The club screens come from a real ``trickbook club serve`` (on SQLite in a
temporary folder, as the tests start it): the club server's address typed, who deals
first at the table joined, a trick of the club game (the results sent), and a result
the server refused (its code revoked), with the count of results waiting.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from kiosk.app import render_to_file
from kiosk.demo import game_script
from kiosk.journal import Journal
from kiosk.session import Session
from wording.i18n import LANGUAGES

NAMES = {
    "en": ["Ann", "Ben", "Cat", "Dan"],
    "de": ["Anna", "Bernd", "Clara", "Dirk"],
    "nl": ["Anouk", "Bram", "Cor", "Daan"],
    "it": ["Anna", "Bruno", "Carla", "Dario"],
    "he": ["דנה", "רון", "יעל", "אבי"],
}
SIZES = ((800, 480), (1280, 800))
SCREENS = ("setup", "trick", "summary", "sheet", "end")
CLUB_SCREENS = ("join", "dealer", "club", "refused")
ROOT = Path(__file__).resolve().parent.parent


def scripts(lang: str) -> dict[str, tuple[list[str], str | None]]:
    """Each screen: the entries that lead to it and the overlay open on it."""
    game = game_script("hearts", seed=1, names=NAMES[lang])
    leads = [i for i, line in enumerate(game) if line.startswith("lead ")]
    second_deal = leads[1]  # the entry that starts deal 2: deal 1 is scored just before it
    fifth_deal = leads[4]
    return {
        "setup": ([], None),
        "trick": (game[: second_deal + 7], None),  # deal 2, its second trick half played
        "summary": (game[:second_deal], None),
        "sheet": (game[:fifth_deal], "sheet"),
        "end": (game, None),
    }


def shoot(out: Path) -> list[Path]:
    written = []
    for lang in LANGUAGES:
        for screen, (lines, overlay) in scripts(lang).items():
            session = Session(Journal(":memory:"), lang)
            view = session.view()
            for line in lines:
                view = session.submit(line)
                if view.error:
                    raise SystemExit(f"{screen} ({lang}): {line!r} refused: {view.error}")
            for w, h in SIZES:
                path = out / f"{screen}-{lang}-{w}x{h}.png"
                render_to_file(view, (w, h), path, overlay)
                written.append(path)
    return written


def club_shots(out: Path) -> list[Path]:
    """The club screens in every language, against a real club server."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_kiosk_club import ClubServer  # type: ignore[import-not-found]  # the tests' `trickbook club serve`

    written = []
    with tempfile.TemporaryDirectory() as tmp:
        server = ClubServer(Path(tmp) / "club")
        server.start()
        try:
            for lang in LANGUAGES:
                others = NAMES["de" if lang == "en" else "en"]  # the other table's players
                evening = server.evening("hearts", names=[*NAMES[lang], *others])
                code = server.code(evening, 1)
                session = Session(Journal(Path(tmp) / f"kiosk-{lang}.sqlite3"), lang, club_backoff=(0.1, 0.5))
                views = {}
                session.submit("settings")
                session.submit("club")
                for c in server.base.removeprefix("http://"):
                    views["join"] = session.submit(f"type {c}")
                session.submit(f"join {server.base} {code}")
                session.settle(20, sending=False)
                views["dealer"] = session.view()
                game = game_script("hearts", seed=1)
                leads = [i for i, line in enumerate(game) if line.startswith("lead ")]
                view = session.submit("type dealer 0")
                for line in game[2 : leads[1] + 7]:
                    view = session.submit(line)
                session.settle(20)
                views["club"] = session.view()
                server.store.revoke_code(evening, 1, "tool")
                for line in game[leads[1] + 7 : leads[2] + 3]:
                    view = session.submit(line)
                session.desk.settle(5, sending=True)  # refused: nothing more to wait for
                session.poll()
                views["refused"] = session.view()
                session.close()
                session.journal.close()
                for screen, view in views.items():
                    for w, h in SIZES:
                        path = out / f"{screen}-{lang}-{w}x{h}.png"
                        render_to_file(view, (w, h), path)
                        written.append(path)
        finally:
            server.stop()
            server.store.close()
    return written


def contact_sheets(out: Path) -> None:
    """The five languages of each screen side by side, at half size, three to a row."""
    for screen in (*SCREENS, *CLUB_SCREENS):
        for w, h in SIZES:
            tiles = [pygame.image.load(str(out / f"{screen}-{lang}-{w}x{h}.png")) for lang in LANGUAGES]
            tw, th = w // 2, h // 2
            sheet = pygame.Surface((tw * 3 + 8, th * 2 + 4))
            sheet.fill((255, 255, 255))
            for i, tile in enumerate(tiles):
                sheet.blit(pygame.transform.smoothscale(tile, (tw, th)), ((tw + 4) * (i % 3), (th + 4) * (i // 3)))
            pygame.image.save(sheet, str(out / f"{screen}-{w}x{h}.png"))


def main() -> None:
    if len(sys.argv) > 2 or (len(sys.argv) == 2 and sys.argv[1].startswith("-")):  # --help, or a typo
        print(__doc__.strip())
        return
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/kiosk-screens")
    out.mkdir(parents=True, exist_ok=True)
    written = shoot(out) + club_shots(out)
    contact_sheets(out)
    print(f"{len(written)} screenshots and their contact sheets in {out}")


if __name__ == "__main__":
    main()
