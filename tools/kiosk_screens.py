"""Screenshots of every kiosk screen a table sees, in every language, at the club screen sizes.

    .venv/bin/python tools/kiosk_screens.py [OUT]      (default: build/kiosk-screens)

Writes OUT/<screen>-<lang>-<size>.png for the setup screen, a trick in progress, a
deal's summary, the score sheet and the game's end, in the five languages at 800x480
and 1280x800, and OUT/<screen>-<size>.png: the five languages side by side, to look
at in one go. The games are whole games played by the bots (kiosk.demo), with
player names of each language, so Hebrew names show right to left.
"""

from __future__ import annotations

import os
import sys
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


def contact_sheets(out: Path) -> None:
    """The five languages of each screen side by side, at half size, three to a row."""
    for screen in ("setup", "trick", "summary", "sheet", "end"):
        for w, h in SIZES:
            tiles = [pygame.image.load(str(out / f"{screen}-{lang}-{w}x{h}.png")) for lang in LANGUAGES]
            tw, th = w // 2, h // 2
            sheet = pygame.Surface((tw * 3 + 8, th * 2 + 4))
            sheet.fill((255, 255, 255))
            for i, tile in enumerate(tiles):
                sheet.blit(pygame.transform.smoothscale(tile, (tw, th)), ((tw + 4) * (i % 3), (th + 4) * (i // 3)))
            pygame.image.save(sheet, str(out / f"{screen}-{w}x{h}.png"))


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "build/kiosk-screens")
    out.mkdir(parents=True, exist_ok=True)
    written = shoot(out)
    contact_sheets(out)
    print(f"{len(written)} screenshots and their contact sheets in {out}")


if __name__ == "__main__":
    main()
