"""The kiosk's game screen readable at 800x480 through whole games of five games in five languages (issue 20).

A file of its own, beside test_kiosk_table's other checks at 800x480, so that `make test`'s workers (a test
file stays in one worker) share the kiosk's longest runs between them.
"""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest
from test_kiosk_pygame import sdl  # noqa: F401 (the module's display and fonts)
from test_kiosk_table import LANGS, unreadable, walk


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("ruleset", ["hearts", "euchre", "oh-hell", "spades", "klaverjassen"])
def test_every_text_of_the_game_screen_is_16px_and_inside_its_panel_at_800x480(ruleset: str, lang: str) -> None:
    """The view's text drawing is recorded (Screen.drawn): each line's size with any shrinking, and where it
    lies against the panel, oval, button or screen it belongs in, and that no line lies over another. The
    deals' summaries, the Oh Hell rules at the start, the bar's labels and keys included, in every language
    (German, Dutch and Italian labels shrank to 8 px in the bar before it had its own short labels; on the
    short table of a 7-inch screen a side player's "0 Stiche · 0 Punkte" lay over the bottom player's name)."""
    seen: set[str] = set()
    rules_shown = False
    for line, screen in walk(ruleset, lang, every=3):
        bad = unreadable(screen)
        assert not bad, (line, bad)
        seen |= {"summary"} if screen.drawn and any(d.text for d in screen.drawn) and line else set()
        if line.startswith("dealer "):  # the game's first screen: its rules stand somewhere
            rules_shown = screen.rules_at is not None
    assert rules_shown, f"{ruleset}: the rules in force are not on the game's first screen at 800x480"
