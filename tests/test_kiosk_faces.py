"""The card grid's faces are the pages' (issue 17): German B D K, Dutch B V H, Italian F D R, from one source
(wording.names.card_face, which the rule pages print); the keys stay the codes' letters, and F1 says which."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pytest
from test_kiosk_pygame import Operator, sdl  # noqa: F401 (sdl: the display, per module)

from generator.rulepage import card_html
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import T_HELP_FACES, face_keys
from wording.i18n import load_lang

# The court cards' faces each language's players know, as its catalog writes them for the pages.
FACES = {"en": "JQK", "de": "BDK", "nl": "BVH", "it": "FDR", "he": "JQK"}


def playing(lang: str, game: str, names: str) -> Operator:
    session = Session(Journal(":memory:"))
    session.submit(f"lang {lang}")
    for line in (f"new {game} {names}", "dealer 0", "lead 0"):
        assert session.submit(line).error is None, line
    return Operator(session, (800, 480))


@pytest.mark.parametrize("lang", sorted(FACES))
def test_the_grid_shows_the_pages_faces_and_the_keys_still_enter_them(lang: str) -> None:
    op = playing(lang, "hearts", "Ann Ben Cat Dan")
    language = load_lang(lang)
    grid = op.app.view.grid
    cells = {cell.code: cell for row in grid for cell in row}
    for code, face in zip(("JS", "QS", "KS"), FACES[lang], strict=True):
        assert cells[code].rank == face, (lang, code, cells[code].rank)
        # the page's face of the same card, in the same language: one source
        assert f'aria-hidden="true">{face}</span>' in card_html(language, code)
    # The keys are the codes' letters in every language: J then C enters the jack of clubs (German "B♣").
    assert op.keys("2", "c", "j", "c") == ["card 2C", "card JC"]
    play = op.session.model.play
    assert play is not None and play.deal is not None and play.deal.history[-1] == (1, "JC"), op.app.view.error
    # F1 names the key of each face that is not its own key.
    faces = face_keys(language, "french")
    assert [face for face, _ in faces] == [f for f, key in zip(FACES[lang], "JQK", strict=True) if f != key]
    line = [h for h in op.app.view.help if language.gettext(T_HELP_FACES).split("%")[0] in h]
    assert bool(line) == bool(faces), (lang, op.app.view.help)
    if faces:  # "The cards B, D: keys J, Q."
        faces_keys = {"faces": ", ".join(f for f, _ in faces), "keys": ", ".join(k for _, k in faces)}
        assert language.gettext(T_HELP_FACES) % faces_keys in line[0].replace("\u2068", "").replace("\u2069", "")


def test_the_italian_pack_names_its_keys_where_its_faces_are_other_letters() -> None:
    english = load_lang("en")
    assert face_keys(english, "italian") == [("J", "F"), ("Kn", "C"), ("K", "R")]
    assert face_keys(load_lang("it"), "italian") == []  # fante, cavallo, re: F C R, the keys themselves
