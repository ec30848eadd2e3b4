"""The pygame-ce layer: draw a View, turn events into intents. Nothing else.

Game logic lives in :mod:`kiosk.core`; what to show in :mod:`kiosk.view`.
This module lays the view out for the window size, draws it (``draw`` never
changes state) and translates keys, mouse clicks and touches into intent
lines. Hebrew text is wrapped in logical order, then each line is reordered
for display with python-bidi.
"""

from __future__ import annotations

import contextlib
import functools
import math
import os
import re
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Generic, TypeVar

import pygame
from bidi.algorithm import get_display  # mirrors brackets, unlike bidi.get_display

from referee.cards import SUIT_SYMBOLS, SUITS

from .view import BAR_INTENTS, Button, CardCell, SeatView, View, rare_places, zone_of

FONT_DIR = Path(__file__).resolve().parent / "fonts"
MIN_TARGET = 44  # px: the smallest hit target
SUMMARY_MARGIN = (
    6  # px above and below a deal's summary, inside its panel: the room of a 7-inch screen's table is tight
)
FRAME = 2  # px the frame round the name of the player to act stands out above and below it
UNDER_NAME = FRAME + 1  # px between a player's name and the details under it: below the frame, whoever acts
MIN_TEXT = 16  # px: the smallest text (issue 20: read from beside a card table, on a 7-inch screen too)

BG = (22, 74, 52)
PANEL = (14, 48, 34)
INK = (245, 245, 240)
MUTED = (180, 200, 188)
CARD = (252, 252, 248)
CARD_PLAYED = (118, 132, 124)
BACK, BACK_LINE = (40, 70, 150), (90, 120, 200)  # a card's back
RED = (196, 32, 38)
BLACK = (20, 20, 24)
FOUR_COLOUR = {"C": (20, 110, 40), "D": (30, 80, 200), "H": (196, 32, 38), "S": (20, 20, 24)}
# The Italian suits in their colours on the cards: coppe red, denari gold, spade blue, bastoni green.
ITALIAN_COLOUR = {"C": (196, 32, 38), "D": (130, 90, 0), "S": (30, 70, 170), "B": (20, 110, 40)}
ACCENT = (255, 206, 84)
DETAIL = (214, 230, 220)  # a game's label under its title, on a button
ERROR = (255, 120, 110)
FLAG = (255, 90, 80)
BUTTON = (44, 110, 82)
BUTTON_OFF = (32, 84, 62)  # a button that presses nothing now, in its place (a bid not legal, Undo with none)
INK_OFF = (120, 150, 134)
# The bar's slots at the foot of the table screen, in order from the leading side: which zone each takes.
BAR_SLOTS = ("undo", "redo", "answer 0", "answer 1", "rare 0", "rare 1", "ui help", "ui sheet")
KEY_RANKS = {
    "2": "2",
    "3": "3",
    "4": "4",
    "5": "5",
    "6": "6",
    "7": "7",
    "8": "8",
    "9": "9",
    "t": "T",
    "0": "T",
    "j": "J",
    "q": "Q",
    "k": "K",
    "a": "A",
}
KEY_SUITS = {"c": "C", "d": "D", "h": "H", "s": "S"}
# An Italian pack: ace (or 1), 2-7, fante, cavallo, re; coppe, denari, spade, bastoni. C is a rank and a
# suit, but two keys never name two cards: `C D` and `D C` are both the cavallo di denari, `C C` its coppe.
ITALIAN_KEY_RANKS = {"a": "A", "1": "A", **{d: d for d in "234567"}, "f": "F", "c": "C", "r": "R"}
ITALIAN_KEY_SUITS = {"c": "C", "d": "D", "s": "S", "b": "B"}


ISOLATES = {"\u2066": False, "\u2067": True, "\u2068": None}  # LRI, RLI, FSI: right to left? (None: its first letter)
PDI = "\u2069"
MARKS = re.compile("[\u2066-\u2069]")
# Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, their presentation forms) and the marks that make
# text run right to left: without any, a left-to-right line reads as it is stored.
RIGHT_TO_LEFT = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067\U00010800-\U00010fff]")
# A soft hyphen: where a long word of a label may break ("Rück\u00adgängig" on a narrow button), shown as "-" where
# it breaks and not at all elsewhere.
SHY = "\u00ad"
PLACEHOLDER = 0x2400  # Control Pictures: neutral (bidi class ON), never in a label or a name


# A range of numbers ("3–7", "10–1–10"): its en dash is a neutral between two numbers, which a right-to-left line
# runs right to left ("7–3"). Laid out as a European separator (bidi class ES, as "-" is), the range is one number
# (UAX #9, W4) and reads low to high in every language, beside Hebrew and beside Latin words alike (issue 20).
RANGE_DASH = re.compile("(?<=\\d)–(?=\\d)")
AS_SEPARATOR = "\u207b"  # SUPERSCRIPT MINUS, bidi class ES: the dash's stand-in while the line is reordered


@functools.lru_cache(maxsize=8192)  # the same lines every frame: the bidi algorithm runs once for each
def visual(line: str, rtl: bool) -> str:
    """One line in display order. pygame draws characters left to right, so every
    line goes through the bidi algorithm: a Hebrew name on an English screen needs
    it as much as a Hebrew sentence with digits. Wrap first, then reorder.

    Isolates (a ruleset's label isolates each part in Hebrew, and each card face)
    are laid out on their own, as UAX #9 says, and stand as one neutral character
    in the text around them; the isolate marks themselves are not drawn."""
    line = line.replace(SHY, "")
    if not rtl and not RIGHT_TO_LEFT.search(line):  # nothing to reorder: a German line is drawn as typed
        return MARKS.sub("", line).replace(AS_SEPARATOR, "–")  # (its isolates' marks are not drawn; an isolate's
        # range comes with its stand-in from the line around it)
    line = RANGE_DASH.sub(AS_SEPARATOR, line)
    if not MARKS.search(line):
        return str(get_display(line, base_dir="R" if rtl else "L")).replace(AS_SEPARATOR, "–")
    outer: list[str] = []
    runs: list[str] = []
    depth, start, inner_rtl = 0, 0, None
    for i, c in enumerate(line):
        if c in ISOLATES:
            if depth == 0:
                start, inner_rtl = i, ISOLATES[c]
            depth += 1
        elif c == PDI:
            if depth == 1:
                runs.append(_isolate(line[start + 1 : i], inner_rtl))
                outer.append(chr(PLACEHOLDER + len(runs) - 1))
            depth = max(0, depth - 1)
        elif depth == 0:
            outer.append(c)
    if depth:  # an isolate left open runs to the end of the line
        runs.append(_isolate(line[start + 1 :], inner_rtl))
        outer.append(chr(PLACEHOLDER + len(runs) - 1))
    shown = str(get_display("".join(outer), base_dir="R" if rtl else "L")).replace(AS_SEPARATOR, "–")
    return "".join(runs[ord(c) - PLACEHOLDER] if 0 <= ord(c) - PLACEHOLDER < len(runs) else c for c in shown)


def _isolate(text: str, rtl: bool | None) -> str:
    """An isolate's text in display order: right to left, left to right, or as its first strong letter says."""
    if rtl is None:
        strong = (unicodedata.bidirectional(c) for c in text)
        rtl = next((b in ("R", "AL") for b in strong if b in ("L", "R", "AL")), False)
    return visual(text, rtl)


@functools.lru_cache(maxsize=65536)  # the same words on every label, in every language: measured once each
def text_width(font: pygame.font.Font, text: str) -> int:
    """The width of ``text`` in ``font``, in pixels."""
    return int(font.size(text)[0])


@dataclass(frozen=True)
class Target:
    rect: pygame.Rect
    intent: str


@dataclass(frozen=True)
class Drawn:
    """A line of text the last frame drew: its size in pixels (shrinking counted), where, and the area it
    belongs in (a panel, the table's oval, a button), which it must not leave."""

    text: str
    px: float
    rect: pygame.Rect
    within: pygame.Rect
    oval: bool = False  # ``within`` is the bounding box of the table's oval: the text stays inside the oval


@dataclass
class Face:
    """A drawing made once and copied on every frame it is on (a button, a card, a game's label): its lines
    of text, where they lie on it, for :attr:`Screen.drawn`."""

    surface: pygame.Surface
    lines: list[tuple[str, float, pygame.Rect]] = field(default_factory=list)


V = TypeVar("V")


class Lru(Generic[V]):
    """At most ``size`` values, the least recently used dropped first (a frame needs the same ones again)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[tuple[object, ...], V] = OrderedDict()

    def get(self, key: tuple[object, ...]) -> V | None:
        value = self.items.get(key)
        if value is not None:
            self.items.move_to_end(key)
        return value

    def put(self, key: tuple[object, ...], value: V) -> V:
        self.items[key] = value
        if len(self.items) > self.size:
            self.items.popitem(last=False)
        return value

    def __contains__(self, key: tuple[object, ...]) -> bool:
        return key in self.items

    def clear(self) -> None:
        self.items.clear()


def font_height(surface: pygame.Surface) -> int:
    """The height the fonts scale with: the screen's, or for a screen held upright what its width allows."""
    w, h = surface.get_size()
    return min(h, w * 3 // 4)


class Fonts:
    """DejaVu Sans at sizes proportional to the window height (readable from two metres); no text is smaller
    than 16 px (MIN_TEXT), a 7-inch screen's too."""

    def __init__(self, height: int) -> None:
        unit = max(14, height // 40)
        self.unit = unit
        regular = str(FONT_DIR / "DejaVuSans.ttf")
        bold = str(FONT_DIR / "DejaVuSans-Bold.ttf")
        self.small = pygame.font.Font(regular, max(MIN_TEXT, unit))
        # The games' one-line labels on the setup screen's buttons: 16 px on a 7-inch screen too (they were 14 px,
        # shrunk to 12, with some 80 px of the screen unused below them).
        self.label = pygame.font.Font(regular, max(MIN_TEXT, unit))
        self.body = pygame.font.Font(regular, int(unit * 1.3))
        self.big = pygame.font.Font(bold, int(unit * 1.8))
        self.card = pygame.font.Font(bold, int(unit * 1.5))


class Screen:
    """Lays out and draws a View; records hit targets for the last frame."""

    def __init__(self, surface: pygame.Surface, like: Screen | None = None) -> None:
        self.surface = surface
        self.fonts: Fonts = like.fonts if like is not None else Fonts(font_height(surface))
        self.fonts_height = font_height(surface)
        self.targets: list[Target] = []
        self.command: str | None = None  # the command line's text while it is open
        self.typed = ""  # the first key of a card typed on a keyboard, shown until its second key (Keys.pending)
        self.quick = False  # the last view was in quick-score mode
        self.quick_bids = False  # ... of a bidding game: N (nil) starts an entry too
        self.bidding = False  # the last view asked for a bid of tricks: digits and Enter bid
        self.shortcuts: dict[str, str] = {}  # key -> intent: the last view's buttons that have a key
        self.help_keys: dict[str, str] = {}  # key -> intent: the languages on the keys' page (F3 to F7)
        self.overlay: str | None = None  # "help" (F1 or ?) or "sheet" (Tab) over the game, until closed
        self.sheet_back = 0  # the sheet's rows hidden after the last one shown (↑ shows earlier deals, ↓ later)
        self.sheet_page = 1  # the sheet's rows the last frame showed: what ↑ and ↓ move by
        self.naming = False  # the setup screen asks a name: the keys type it
        self.setup = False  # the setup screen is shown: arrow keys (or Tab) move a focus, Enter presses it
        self.focus = -1  # the focused setup button, by its place among the targets (-1: none yet)
        self.setup_page = 0  # the page of games the setup screen shows, where they need several
        self.typing = False  # the field takes every key typed, ':' and '/' too (a club server's address)
        self.leave_keys = ("y", "n")  # the keys of Yes and No to "Quit the kiosk?" in the table's language
        self.tall = False  # the buttons hold their key above two lines of label (see _tall_bar)
        # Drawn once, copied on every frame: text in display order, rendered lines, faces (buttons, cards, labels).
        self._faces: Lru[Face] = Lru(1024)
        self._fitted: Lru[tuple[list[str], float]] = Lru(2048)  # text wrapped (and shrunk) to a width
        self._images: Lru[pygame.Surface] = Lru(2048)  # a line rendered in a font and colour
        self._pages: Lru[list[list[Button]]] = Lru(64)  # the setup screen's pages of games
        self._rects: Lru[list[pygame.Rect]] = Lru(256)  # where a set of buttons goes (_placed)
        self.placed = 0  # the sets of buttons placed since the screen was made (_place; the tests bound it)
        if like is not None:  # a screen that draws off screen for ``like``: its fonts, into its caches (App.warm)
            self._faces, self._fitted, self._images, self._pages = like._faces, like._fitted, like._images, like._pages
            self._rects = like._rects
        self.rules_at: pygame.Rect | None = None  # where the last frame put the rules in force (None: nowhere)
        self.table_at = pygame.Rect(0, 0, 0, 0)  # where the last game frame drew the table
        self.summary_at = pygame.Rect(0, 0, 0, 0)  # where it drew a deal's summary (over the table, or wider)
        self.entry_at = pygame.Rect(0, 0, 0, 0)  # the place of a card's first key, typed and waiting for its second
        self.summary_shown: list[str] = []  # ... and which of its lines (the rest are counted on its last line)
        self.drawn: list[Drawn] = []  # every line of text the last frame drew, where and how large
        # What else the table shows that no text may lie over: the trick's cards, the frame of the player to act.
        self.shapes: list[tuple[str, pygame.Rect]] = []
        self.trump_in_panel = False  # the last frame's table was too short for the trump: it is in the panel
        # The card grid as the last frame drew it: its layout, its surface, each cell's look and lines (_draw_grid).
        self._grid: tuple[object, pygame.Surface, dict[tuple[int, int], tuple[CardCell, list[Drawn]]]] | None = None

    def resize(self, surface: pygame.Surface) -> None:
        self.surface = surface

    # -- text -------------------------------------------------------------------

    def _lines(self, text: str, font: pygame.font.Font, width: int, rtl: bool) -> list[str]:
        """Wrap logical text to ``width``; reorder each line for display (bidi). Done once per text and width."""
        key = ("lines", text, id(font), width, rtl)
        lines = self._fitted.get(key)
        if lines is None:
            lines = self._fitted.put(key, ([visual(line, rtl) for line in self._wrap(text, font, width)], 1.0))
        return lines[0]

    @staticmethod
    def _wrap(text: str, font: pygame.font.Font, width: int, first: int | None = None) -> list[str]:
        """Logical text wrapped to ``width`` (its first line to ``first``), in logical order. A word wider than a
        whole line breaks at a soft hyphen (the longest head that fits, with "-"); a word that fits a line of its
        own is never broken."""

        def wide(line: str) -> int:
            return text_width(font, line.replace(SHY, "").strip())

        def fits(line: str) -> bool:
            return wide(line) <= (first if first is not None and not out else width)

        # A line's width is the sum of its words' and spaces' (measured once each), measured whole only where that
        # sum comes within a pixel a word of the limit (the rounding of each part): a language's setup screen wraps
        # some fifty labels at once, and measuring every trial line made a tap on a language miss its frame.
        space = text_width(font, " ")
        out: list[str] = []
        for paragraph in text.split("\n"):
            line, line_w, words = "", 0, 0
            for word in paragraph.split(" "):
                while True:
                    word_w = wide(word)
                    room = first if first is not None and not out else width
                    if not line:
                        if word_w <= room or (SHY not in word and "-" not in word[:-1]):
                            line, line_w, words = word, word_w, 1
                            break
                    else:
                        guess = line_w + space + word_w
                        if guess <= room - words - 1 or (guess <= room + words + 1 and wide(f"{line} {word}") <= room):
                            line, line_w, words = f"{line} {word}", guess, words + 1
                            break
                        if word_w <= width:
                            out.append(line)
                            line, line_w, words = word, word_w, 1
                            break
                    pieces = word.split(SHY)
                    cut = next(
                        (k for k in range(len(pieces) - 1, 0, -1) if fits(f"{line} {''.join(pieces[:k])}-")), None
                    )
                    # ... else after a hyphen of its own (a long double name, "Maximiliane-Friederike")
                    dash = next(
                        (k for k in range(len(word) - 1, 0, -1) if word[k - 1] == "-" and fits(f"{line} {word[:k]}")),
                        None,
                    )
                    if cut is not None:  # the word's head ends this line; its tail goes on
                        out.append(f"{line} {''.join(pieces[:cut])}-".strip())
                        line, line_w, words, word = "", 0, 0, SHY.join(pieces[cut:])
                    elif dash is not None and SHY not in word:
                        out.append(f"{line} {word[:dash]}".strip())
                        line, line_w, words, word = "", 0, 0, word[dash:]
                    elif line:
                        out.append(line)
                        line, line_w, words = "", 0, 0
                    else:  # no head fits even alone: the word stays whole (the caller shrinks it)
                        line, line_w, words = word, word_w, 1
                        break
            out.append(line)
        return [line.replace(SHY, "") for line in out]

    def _image(
        self, line: str, font: pygame.font.Font, colour: tuple[int, int, int], scale: float = 1.0
    ) -> pygame.Surface:
        """A line (in display order) rendered in ``font`` and ``colour``, shrunk to ``scale``: rendered once."""
        key = (line, id(font), colour, scale)
        img = self._images.get(key)
        if img is None:
            img = font.render(line, True, colour)
            if scale < 1:
                img = pygame.transform.smoothscale_by(img, scale)
            self._images.put(key, img)
        return img

    def _put(
        self,
        img: pygame.Surface,
        at: tuple[int, int],
        line: str,
        px: float,
        within: pygame.Rect | None = None,
        oval: bool = False,
        surface: pygame.Surface | None = None,
    ) -> pygame.Rect:
        """Blit a rendered line at ``at``; the frame keeps it in :attr:`drawn` (its text, size, place, area)."""
        rect = (surface or self.surface).blit(img, at)
        if surface is None:
            self.drawn.append(Drawn(line, px, pygame.Rect(at, img.get_size()), pygame.Rect(within or rect), oval))
        return rect

    def _put_face(self, face: Face, at: tuple[int, int] | pygame.Rect, within: pygame.Rect | None = None) -> None:
        """Copy a face made once onto the screen; its lines go into :attr:`drawn` where they now lie."""
        rect = self.surface.blit(face.surface, at)
        x, y = rect.topleft
        for line, px, where in face.lines:
            self.drawn.append(Drawn(line, px, where.move(x, y), pygame.Rect(within or rect)))

    def text(
        self,
        text: str,
        font: pygame.font.Font,
        colour: tuple[int, int, int],
        rect: pygame.Rect,
        rtl: bool,
        centre: bool = False,
        within: pygame.Rect | None = None,
        oval: bool = False,
    ) -> int:
        """Draw wrapped text in ``rect`` (which belongs in ``within``: the rect, else); returns the height used."""
        y = rect.top
        for line in self._lines(text, font, rect.width, rtl):
            img = self._image(line, font, colour)
            if centre:
                x = rect.centerx - img.get_width() // 2
            elif rtl:
                x = rect.right - img.get_width()
            else:
                x = rect.left
            self._put(img, (x, y), line, font.point_size, within or rect, oval)
            y += font.get_linesize()
        return y - rect.top

    # -- drawing -------------------------------------------------------------------

    def draw(self, view: View) -> None:
        """The view (its targets in :attr:`targets`); "Quit the kiosk?" over it while Esc's question is open."""
        self._draw_view(view)
        if view.leave_buttons:
            keys = [b.key for b in view.leave_buttons]
            self.leave_keys = (keys[0], keys[1])
        if self.overlay == "quit":
            self._draw_leave(view)

    def _draw_leave(self, view: View) -> None:
        """The question Esc asks, over the screen dimmed: Yes quits, No (or Esc) goes back; nothing else is a
        target while it is open."""
        w, h = self.surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        self.surface.blit(veil, (0, 0))
        self.targets, self.drawn = [], []
        f = self.fonts
        box = pygame.Rect(0, 0, min(w - 32, 40 * f.unit), 0)
        inner_w = box.width - 48
        bh = self._button_height()
        box.height = len(self._lines(view.leave, f.big, inner_w, view.rtl)) * f.big.get_linesize() + bh + 72
        box.center = (w // 2, h // 2)
        pygame.draw.rect(self.surface, PANEL, box, border_radius=12)
        pygame.draw.rect(self.surface, ACCENT, box, 3, border_radius=12)
        inner = box.inflate(-48, -48)
        self.text(view.leave, f.big, ACCENT, inner, view.rtl, within=box)
        bw = (inner.width - 24) // 2
        row = [
            pygame.Rect(inner.left, inner.bottom - bh, bw, bh),
            pygame.Rect(inner.right - bw, inner.bottom - bh, bw, bh),
        ]
        if view.rtl:  # Yes on the leading side, as the answers of the bar stand
            row.reverse()
        for button, rect in zip(view.leave_buttons, row, strict=True):
            self._draw_button(button, rect, view.rtl, under=PANEL)

    def _draw_view(self, view: View) -> None:
        if self.fonts_height != font_height(self.surface):  # resized from inside, too
            self.fonts = Fonts(font_height(self.surface))
            self.fonts_height = font_height(self.surface)
            for cache in (self._faces, self._fitted, self._images, self._rects):  # keyed by the old size's fonts
                cache.clear()
        s = self.surface
        s.fill(BG)
        self.targets = []
        self.drawn = []
        self.shapes = []
        self.trump_in_panel = False
        self.rules_at = None
        self.summary_at = pygame.Rect(0, 0, 0, 0)
        self.summary_shown = []
        self.quick = view.quick
        self.quick_bids = view.quick_bids
        self.bidding = view.bidding
        self.shortcuts = {b.key: b.intent for b in view.buttons if b.key and b.enabled}
        self.help_keys = {b.key: b.intent for b in view.langs if b.key and b.enabled}  # the keys' page's languages
        self.naming = view.naming
        self.typing = view.typing
        self.setup = not view.seats and not view.game_over
        self.tall = self._tall_bar(view)
        w, h = s.get_size()
        pad = max(8, h // 80)
        f = self.fonts
        # header and status across the top; the club server's count at the header's trailing end
        top = pygame.Rect(pad, pad, w - 2 * pad, f.big.get_linesize() * 2 + pad)
        # A card's first key, typed and waiting for its second ("K …"), has its own place at the header line's
        # trailing end, kept on every game screen whether a key waits or not: drawn over the table's foot it lay on
        # the bottom and side players' lines (issue 20), and reserved only while a key waits it would move the header.
        self.entry_at = pygame.Rect(0, 0, 0, 0)
        if view.seats and not view.game_over:
            room = f.body.size(typed_key("#H1") + " …")[0] + 16  # the widest: a suit, then the 1 of a 10
            self.entry_at = pygame.Rect(pad if view.rtl else w - pad - room, pad, room, f.body.get_linesize())
            top.width -= room + 16
            if view.rtl:
                top.left += room + 16
        if view.club:
            top.width -= self._draw_club(view, top)
            if view.rtl:
                top.right = w - pad
        self.text("   ·   ".join(view.header), f.body, MUTED, top, view.rtl)
        status_rect = pygame.Rect(pad, pad + f.body.get_linesize(), w - 2 * pad, f.big.get_linesize() * 2)
        # The heading in large type on its two lines; a long question (a German one, on a 7-inch screen) in the
        # body's type, whole.
        # The heading in large type on its two lines, the messages under it in the body's type; where that leaves
        # the table short (Whist's German "enter the dealer's last card", an Italian flag on two lines over the card
        # grid of a 7-inch screen), the messages in small type, then the heading in the body's type too; a long
        # question (a German one, on a 7-inch screen) in the body's type, whole.
        fonts = [(f.big, f.body), (f.big, f.small), (f.body, f.body), (f.body, f.small)]
        if len(self._lines(view.status, f.big, status_rect.width, view.rtl)) > 2:
            fonts = fonts[2:]
        elif not view.seats or view.game_over:
            fonts = fonts[:1]
        need = self._table_need()
        for heading, small in fonts:
            y, lines = self._top(view, status_rect, heading, small)
            if self._areas(view, y)[0].height >= need:
                break
        used = self.text(view.status, heading, ACCENT, status_rect, view.rtl)
        y = status_rect.top + (max(used, f.big.get_linesize()) if heading is f.big else used) + pad // 2
        for text, ink in lines:
            if text:
                y += self.text(text, small, ink, pygame.Rect(pad, y, w - 2 * pad, 100), view.rtl)
        if not view.seats:
            self._draw_setup(view, pygame.Rect(pad, y + pad, w - 2 * pad, h - y - 2 * pad))
            self._draw_command(
                pygame.Rect(pad, h - pad - f.body.get_linesize(), w - 2 * pad, f.body.get_linesize()), view.rtl
            )
            return
        if view.game_over and not (self.overlay == "sheet" and view.sheet):  # the finished game's sheet over it
            self._draw_game_over(view, pygame.Rect(pad, y + pad, w - 2 * pad, h - y - 2 * pad))
            return
        if (self.overlay == "help" and view.help) or (self.overlay == "sheet" and view.sheet):
            self.surface.fill(BG)  # the help or the sheet hides the game behind it
            self.drawn = []
            if self.overlay == "help":
                self._draw_help(view, pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad))
            else:
                self._draw_sheet(view, pygame.Rect(pad, pad, w - 2 * pad, h - 2 * pad))
            return
        table, panel, grid = self._areas(view, y)
        spot = self._rules_spot(view, grid) if view.rules else None
        if view.rules and spot is None and self._panel_rules(view, panel) is None and not view.summary:
            # Nowhere beside the buttons nor in the panel (a 7-inch screen as a game starts: the first dealer's
            # and results-only buttons in the bar, every player's score in the panel): under the heading, across
            # the screen, while no message takes that line.
            message = view.error or view.club_problem or view.notice
            under = pygame.Rect(pad, y, w - 2 * pad, 2 * f.small.get_linesize())
            fitted = None if message else self._fit_in(view.rules, under, view.rtl)
            if fitted is not None:
                under.height = len(fitted[0]) * f.small.get_linesize()
                below = self._areas(view, under.bottom)
                if below[0].height >= 4 * f.body.get_linesize():  # never at the cost of the table's room
                    self._draw_fitted(view.rules, under, view.rtl)
                    self.rules_at = under
                    table, panel, grid = below
        self.table_at = table  # where the table is drawn this frame (the tests check it keeps its room)
        if view.summary:  # between deals: the deal just scored, until the next deal's first entry
            self.summary_at = self._draw_summary(view, table, table.union(panel))
        else:
            self._draw_table(view, table)
        if not self.summary_at.colliderect(panel):  # the summary took the scores panel's room: its totals are on it
            self._draw_panel(view, panel, rules=view.rules if spot is None else "")
        self._draw_bottom(view, grid)
        if spot is not None:  # the rules in force, small, beside the buttons where they leave room
            self._draw_fitted(view.rules, spot, view.rtl)
            self.rules_at = spot
        self._draw_command(
            pygame.Rect(pad, grid.top - f.body.get_linesize() - pad, w - 2 * pad, f.body.get_linesize()), view.rtl
        )
        # A greyed bid's "why" where a button that presses something stands in its place (Skat's Hold, greyed
        # for one seat while the other speaks) is no target: the tap is the button's.
        live = [t.rect for t in self.targets if not t.intent.startswith("why ")]
        self.targets = [t for t in self.targets if not t.intent.startswith("why ") or t.rect.collidelist(live) < 0]

    def _top(
        self, view: View, status: pygame.Rect, heading: pygame.font.Font, small: pygame.font.Font
    ) -> tuple[int, list[tuple[str | None, tuple[int, int, int]]]]:
        """With the heading in ``heading``'s type and the messages in ``small``'s: where the messages end, and
        which they are (in their colours)."""
        f = self.fonts
        pad = max(8, self.surface.get_height() // 80)
        used = len(self._lines(view.status, heading, status.width, view.rtl)) * heading.get_linesize()
        y = status.top + (max(used, f.big.get_linesize()) if heading is f.big else used) + pad // 2
        flag = self._flag_line(view, y + small.get_linesize())
        # The message line: an entry refused; else news the table must see (what came back after a restart) and
        # under it a flag the panel has no room for (a 7-inch screen), in the flag's colour (issue 20: "Resumed:
        # ... nothing was lost" went unseen under a flag); else that flag, over a result the club server refused
        # (it stays until the table acts on it) and over the last entry said again.
        lines: list[tuple[str | None, tuple[int, int, int]]] = [(view.error, ERROR)]
        if not view.error:
            lines = [(view.notice if view.news else None, MUTED)]
            lines += [(flag, FLAG) if flag else (view.club_problem, ERROR) if view.club_problem else (None, MUTED)]
            if not flag and not view.club_problem and not view.news:
                lines.append((view.urgent or view.notice, MUTED))  # the hook's bid before the last entry said
        width = self.surface.get_width() - 2 * pad
        for text, _ink in lines:
            if text:
                y += len(self._lines(text, small, width, view.rtl)) * small.get_linesize()
        return y, lines

    def _table_need(self) -> int:
        """The least height of the table: four lines of the body's type, and the top and bottom players' names
        with a card of the trick between them (the side players' names, and their details one per line under the
        trump, fit in that too)."""
        f = self.fonts
        return max(4 * f.body.get_linesize(), 2 * f.big.get_linesize() + self._card_least() + 2 * (FRAME + 2))

    def _flag_line(self, view: View, y: int) -> str:
        """The newest open flag where the scores panel below ``y`` cannot show it whole (Whist at 800x480: the
        player's name went red, Confirm penalty came, and nothing said why); else ""."""
        if not view.flags or not view.seats or view.game_over or view.summary:
            return ""
        f = self.fonts
        table, panel, grid = self._areas(view, y)
        inner = panel.inflate(-20, -20)
        if view.rules and self._rules_spot(view, grid) is None:
            fitted = self._panel_rules(view, panel)
            if fitted is not None:
                inner.height -= int(len(fitted[0]) * f.small.get_linesize() * fitted[1]) + 9
        used = self._score_columns(view, inner)[1] + 8
        if self._trump_in_panel(view, table):  # a short table has no room for it (see _trump_crowds)
            used += f.body.get_linesize()
        for item in self._panel_info(view, self._trump_in_panel(view, table)):  # drawn before the flags (_draw_panel)
            lines = len(self._lines(item, f.small, inner.width, view.rtl)) * f.small.get_linesize()
            if used + lines > inner.height:
                break
            used += lines
        need = len(self._lines("⚑ " + view.flags[-1], f.small, inner.width, view.rtl)) * f.small.get_linesize()
        return "" if used + need <= inner.height else "⚑ " + view.flags[-1]

    def _areas(self, view: View, y: int) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The game screen's table, scores panel and foot (the buttons, the card grid, the bar) below ``y``."""
        w, h = self.surface.get_size()
        pad = max(8, h // 80)
        f = self.fonts
        # scores panel on the trailing side, table in the middle, grid at the bottom
        panel_w = max(260, w // 4)
        # At the foot, the bar (one row in fixed slots, always there); above it the grid, which needs four
        # rows of 44 px and so never moves while cards are played; above that the main rows (bids, who
        # leads). Without a grid (bidding, quick score) the table takes the room.
        bar_h = self._button_height() + 8
        main = self._main_buttons(view.buttons)
        rows = self._button_rows(main, w - 2 * pad, view.rtl) if main else 0
        button_row = rows * (self._main_height() + 8) + self._bar_lines() * bar_h
        portrait = h > w
        grid_rows = self._grid_lines(view, w - 2 * pad) if view.grid else 0
        if view.grid:
            grid_h = max(grid_rows * MIN_TARGET + (grid_rows - 1) * 4, h * 34 // 100 - bar_h) + button_row
        else:
            grid_h = button_row + f.body.get_linesize() + pad  # the buttons and the command line above them
        if portrait:  # a tall screen: the scores under the table, the table across the whole width
            panel_h = max(f.body.get_linesize() * 5, h // 6)
            table = pygame.Rect(pad, y + pad, w - 2 * pad, h - y - grid_h - panel_h - 5 * pad)
            panel = pygame.Rect(pad, table.bottom + pad, w - 2 * pad, panel_h)
        else:
            table = pygame.Rect(pad, y + pad, w - panel_w - 3 * pad, h - y - grid_h - 4 * pad)
            panel = pygame.Rect(w - panel_w - pad, y + pad, panel_w, table.height)
            if view.rtl:
                table.left, panel.left = panel_w + 2 * pad, pad
        return table, panel, pygame.Rect(pad, h - grid_h - pad, w - 2 * pad, grid_h)

    def _draw_club(self, view: View, top: pygame.Rect) -> int:
        """The club server's count on the header line's trailing end, in the small font; the width it takes.

        Where the header leaves it too little room it is shrunk (to 70%), never dropped.
        """
        f = self.fonts
        line, colour = visual(view.club, view.rtl), ACCENT if view.club_alert else MUTED
        img = self._image(line, f.small, colour)
        header = f.body.size(visual("   ·   ".join(view.header), view.rtl))[0]
        room = top.width - header - 24
        scale = 1.0
        if img.get_width() > room:
            scale = round(max(0.7, room / img.get_width()), 2)
            img = self._image(line, f.small, colour, scale)
        y = top.top + (f.body.get_linesize() - img.get_height()) // 2
        self._put(img, (top.left if view.rtl else top.right - img.get_width(), y), line, f.small.point_size * scale)
        return img.get_width() + 24

    def _draw_help(self, view: View, rect: pygame.Rect) -> None:
        """The keys, over the game: the first line as a heading; the languages at the foot, each in its own name
        with its key, tapped or pressed while the keys are shown (the page stays, in the new language)."""
        f = self.fonts
        pygame.draw.rect(self.surface, PANEL, rect, border_radius=10)
        inner = rect.inflate(-2 * MIN_TARGET // 2, -2 * MIN_TARGET // 2)
        bh = max(MIN_TARGET, f.body.get_linesize() + 16)
        text = pygame.Rect(inner.left, inner.top, inner.width, inner.height - (bh + 8 if view.langs else 0))
        y = text.top + self.text(view.help[0], f.big, ACCENT, text, view.rtl) + 8
        # The lines in the body's type where they fit above the languages, else in the small one.
        font = f.body
        if (
            sum(len(self._lines(line, f.body, text.width, view.rtl)) for line in view.help[1:])
            * (f.body.get_linesize() + 6)
            > text.bottom - y
        ):
            font = f.small
        for line in view.help[1:]:
            area = pygame.Rect(text.left, y, text.width, text.bottom - y)
            y += self.text(line, font, INK, area, view.rtl, within=text)
            y += 6 if font is f.body else 2
        if view.langs:
            row = pygame.Rect(inner.left, inner.bottom - bh, inner.width, bh)
            gap = 8
            width = (row.width - gap * (len(view.langs) - 1)) // len(view.langs)
            # One row, one look: where a language's name does not fit beside its key ("Nederlands" at 800x480),
            # every name goes below its key, so none stands lower than the others (issue 20).
            below = not all(self._one_line(b, width) for b in view.langs)
            for i, b in enumerate(view.langs):
                x = row.right - (i + 1) * width - i * gap if view.rtl else row.left + i * (width + gap)
                self._draw_button(b, pygame.Rect(x, row.top, width, bh), view.rtl, PANEL, below)

    def _draw_sheet(self, view: View, rect: pygame.Rect) -> None:
        """The score sheet over the game: the sides (or players), then each deal's line and running totals, the
        latest deals that fit, each cell wrapped onto as many lines as it needs; how it closes at its foot."""
        f = self.fonts
        pygame.draw.rect(self.surface, PANEL, rect, border_radius=10)
        inner = rect.inflate(-24, -24)
        if view.sheet_note:  # how the sheet closes, at its foot
            note = self._lines(view.sheet_note, f.small, inner.width, view.rtl)
            y = inner.bottom - len(note) * f.small.get_linesize()
            inner.height = y - 6 - inner.top
            for said in note:
                img = self._image(said, f.small, MUTED)
                x = inner.right - img.get_width() if view.rtl else inner.left
                self._put(img, (x, y), said, f.small.point_size, rect)
                y += f.small.get_linesize()
        header, every = view.sheet[0], view.sheet[1:]
        # The latest deals that fit, or those before the rows ↑ moved past (a whole game is longer than a screen).
        self.sheet_back = back = max(0, min(self.sheet_back, len(every) - 1))
        rows = every[: len(every) - back]
        line = f.body.get_linesize()
        first_w = max(f.body.size(cell)[0] for cell in [header[0], *(r[0] for r in every)]) + 24
        widths = [first_w, *self._sheet_widths([header, *rows[-12:]], f.body, inner.width - first_w)]

        def cells(row: list[str]) -> list[list[str]]:
            # A cell's points and total stay together ("1 → 11", never "1 →" over "11").
            return [
                self._wrap(cell.replace(" → ", "\u00a0→\u00a0"), f.body, width - 8)
                for cell, width in zip(row, widths, strict=True)
            ]

        def fit(height: int, first: bool = False) -> list[tuple[list[list[str]], int]]:
            """The rows that fit: up to the last row not hidden, or (``first``) from the game's first deal on."""
            shown: list[tuple[list[list[str]], int]] = []
            room = height - (max(map(len, cells(header))) * line + 6)
            for row in every if first else reversed(rows):
                wrapped = cells(row)
                tall = max(map(len, wrapped)) * line + 6
                if tall > room and shown:
                    break
                shown.insert(len(shown) if first else 0, (wrapped, tall))
                room -= tall
            return shown

        shown = fit(inner.height)
        if back or len(shown) < len(rows):  # more deals than the screen holds: ↑ and ↓ at the sheet's foot
            bar = pygame.Rect(inner.left, inner.bottom - MIN_TARGET, inner.width, MIN_TARGET)
            inner.height -= MIN_TARGET + 8
            shown = fit(inner.height)
            if back and len(shown) == len(rows):  # the first deal reached: the sheet's first page, full
                widths = [first_w, *self._sheet_widths([header, *every[:12]], f.body, inner.width - first_w)]
                shown = fit(inner.height, first=True)
                self.sheet_back = back = len(every) - len(shown)
            enabled = (len(shown) < len(every) - back, back > 0)
            pages = [replace(b, enabled=on) for b, on in zip(view.sheet_pages, enabled, strict=True)]
            width = min(bar.width // 2 - 4, max(text_width(f.body, b.label) for b in pages) + 3 * MIN_TARGET // 2)
            for i, b in enumerate(pages):
                left = bar.right - (i + 1) * (width + 8) + 8 if view.rtl else bar.left + i * (width + 8)
                self._draw_button(b, pygame.Rect(left, bar.top, width, MIN_TARGET), view.rtl, under=PANEL)
        self.sheet_page = max(1, len(shown))
        y = inner.top
        for r, (wrapped, height) in enumerate([(cells(header), max(map(len, cells(header))) * line + 6), *shown]):
            colour = ACCENT if r == 0 else INK
            x = 0
            for lines, width in zip(wrapped, widths, strict=True):
                box = pygame.Rect(inner.right - x - width if view.rtl else inner.left + x, y, width, height)
                for n, text in enumerate(lines):
                    shown_text = visual(text, view.rtl)
                    img, scale = self._image(shown_text, f.body, colour), 1.0
                    if img.get_width() > box.width - 8:  # a single word wider than its column
                        scale = (box.width - 8) / img.get_width()
                        img = self._image(shown_text, f.body, colour, scale)
                    at = (box.right - 4 - img.get_width() if view.rtl else box.left + 4, box.top + 3 + n * line)
                    self._put(img, at, shown_text, f.body.point_size * scale, box)
                x += width
            if r:  # a faint rule between deals
                pygame.draw.line(self.surface, BUTTON_OFF, (inner.left, y), (inner.right, y))
            y += height

    @staticmethod
    def _sheet_widths(rows: list[list[str]], font: pygame.font.Font, room: int) -> list[int]:
        """The widths of the sheet's columns after the first: equal, unless some cell needs more than its share;
        then each column is given what its widest cell needs (of the latest rows), the narrowest first, up to an
        equal share of what is left, so that a long column (a Skat list's game) wraps onto fewer lines."""
        count = max(1, len(rows[0]) - 1)
        need = [max(text_width(font, row[c]) for row in rows if c < len(row)) + 12 for c in range(1, count + 1)]
        if max(need) <= room // count:
            return [room // count] * count
        widths = [0] * count
        left = room
        for n, c in enumerate(sorted(range(count), key=lambda c: need[c])):
            widths[c] = min(need[c], left // (count - n))
            left -= widths[c]
        widest = max(range(count), key=lambda c: need[c])
        widths[widest] += left  # what no column needs goes to the one that needs most
        return widths

    def _draw_setup(self, view: View, rect: pygame.Rect) -> None:
        """The setup screen: resume buttons, ruleset buttons, then language and colours (or the names being typed)."""
        f = self.fonts
        # Upright, the list is long and narrow: buttons of the smallest target height, closer together.
        compact = self.surface.get_height() > self.surface.get_width()
        bh = MIN_TARGET if compact else max(MIN_TARGET, f.body.get_linesize() + 18)
        group_gap, row_gap = (10, 6) if compact else (18, 10)
        y = rect.top
        if view.naming:  # the name (or the address, or the code) typed so far, in a field, with a caret
            wide = view.typing  # an address: the whole width, the end of it where it is longer
            width = rect.width if wide else min(rect.width, 14 * f.big.get_linesize())
            field = pygame.Rect(rect.left, y, width, f.big.get_linesize() + 12)
            hint = pygame.Rect(field.right + 16, y, rect.right - field.right - 16, field.height)
            if view.rtl:  # the field on the leading (right) side, the hint after it
                field.right, hint.left = rect.right, rect.left
            pygame.draw.rect(self.surface, PANEL, field, border_radius=8)
            pygame.draw.rect(self.surface, ACCENT, field, 2, border_radius=8)
            if wide:  # Latin letters and digits, left to right on every screen
                shown = view.typed
                while shown and f.big.size("…" + shown + "▏")[0] > field.width - 16:
                    shown = shown[1:]
                text = ("…" if shown != view.typed else "") + shown + "▏"
                self._put(self._image(text, f.big, INK), field.inflate(-16, -6).topleft, text, f.big.point_size, field)
            else:  # the caret after the last letter typed: at its left in a right-to-left line
                self.text(view.typed + "▏", f.big, INK, field.inflate(-16, -6), view.rtl)
            y = field.bottom + 12
            if view.info and not wide:
                # The game and the names so far, under the field across the screen, in room for two lines kept
                # whatever they say: beside the field, a German "... im Uhrzeigersinn ..." of seven players ran
                # down onto the keyboard's first row, and a line more as the names came in would move the keyboard
                # under the finger. (A third line, seven names of the longest kind, takes its room.)
                hint = pygame.Rect(rect.left, field.bottom + 6, rect.width, 0)
                wraps = len(self._lines(view.info[0], f.small, hint.width, view.rtl))
                hint.height = max(2, wraps) * f.small.get_linesize()
                self.text(view.info[0], f.small, MUTED, hint, view.rtl)
                y = hint.bottom + 12
        area = pygame.Rect(rect.left, y, rect.width, rect.bottom - y)
        if view.naming and not view.typing:
            buttons, group_gap, row_gap = self._names_fit(view, area, bh, (group_gap, row_gap))
        else:
            buttons = self._setup_page(view, area, bh, group_gap, row_gap)
        self.shortcuts.update({b.key: b.intent for b in buttons if b.key and b.enabled})
        # An address's keys (Latin letters and digits) run left to right on every screen, as the field does.
        flow = view.rtl and not view.typing
        boxes = self._setup_boxes(buttons, area, bh, group_gap, row_gap, flow, view.buttons)
        if view.naming and not view.typing and len(view.info) > 1 and boxes:  # how to type, under the keys
            below = pygame.Rect(area.left, max(b.bottom for b in boxes) + 12, area.width, 0)
            below.height = area.bottom - below.top
            lines = [line for text in view.info[1:] for line in self._lines(text, f.small, below.width, view.rtl)]
            if len(lines) * f.small.get_linesize() <= below.height:
                for text in view.info[1:]:
                    below.top += self.text(text, f.small, MUTED, below, view.rtl)
        for b, box in zip(buttons, boxes, strict=True):
            pygame.draw.rect(self.surface, BUTTON if b.enabled else BUTTON_OFF, box, border_radius=8)
            if b.enabled and len(self.targets) == self.focus:  # the button Enter presses (arrow keys move it)
                pygame.draw.rect(self.surface, ACCENT, box.inflate(6, 6), 3, border_radius=10)
            room = box.inflate(-16, 0)  # the label's, beside the key in the trailing corner
            if b.caption:
                cap = self._caption(b, box, view.rtl)
                room.width -= cap.width + 8
                if view.rtl:
                    room.left = box.left + 8 + cap.width + 8
            if b.kind == "ruleset" and self._two_lines(buttons):
                most = self._game_cells(view.buttons, area.width)[2]
                self._put_face(self._game_face(b, box.size, view.rtl, most), box)
            else:
                line, ink = visual(b.label, view.rtl), INK if b.enabled else INK_OFF
                img, scale = self._image(line, f.body, ink), 1.0
                if img.get_width() > room.width:  # a long label is shrunk to fit the screen
                    scale = room.width / img.get_width()
                    img = self._image(line, f.body, ink, scale)
                self._put(img, img.get_rect(center=room.center).topleft, line, f.body.point_size * scale, box)
            if b.enabled:  # a name already picked stays in its place, greyed, and presses nothing
                self.targets.append(Target(box, b.intent))

    def _names_fit(
        self, view: View, area: pygame.Rect, bh: int, gaps: tuple[int, int]
    ) -> tuple[list[Button], int, int]:
        """The names screen's buttons that fit ``area``, and the gaps between their groups and rows: the usual
        gaps, else closer ones (as upright), else the earlier games' names the screen has room for, the most
        recent first (a German 7-inch screen with eight names to offer put No names and Back off the screen).
        The names left out are typed; their F-keys press nothing."""
        buttons = view.buttons
        names = [b for b in buttons if b.kind == "name"]
        for group_gap, row_gap in (gaps, (10, 6)):
            for shown in range(len(names), -1, -1) if (group_gap, row_gap) != gaps else (len(names),):
                left_out = {id(b) for b in names[shown:]}
                kept = [b for b in buttons if id(b) not in left_out]
                boxes = self._setup_boxes(kept, area, bh, group_gap, row_gap, view.rtl, buttons)
                if not boxes or boxes[-1].bottom <= area.bottom:
                    for b in names[shown:]:
                        self.shortcuts.pop(b.key, None)
                    return kept, group_gap, row_gap
        return buttons, *gaps

    def _caption(self, b: Button, box: pygame.Rect, rtl: bool) -> pygame.Rect:
        """A setup button's key in its trailing top corner (the left one on a right-to-left screen)."""
        small = self.fonts.small
        img = self._image(b.caption, small, ACCENT if b.enabled else INK_OFF)
        at = (
            img.get_rect(topleft=(box.left + 8, box.top + 4))
            if rtl
            else img.get_rect(topright=(box.right - 8, box.top + 4))
        )
        if not self._two_lines([b]):  # a button of one line: the key at the label's height
            at.centery = box.centery
        return self._put(img, at.topleft, b.caption, small.point_size, box)

    @staticmethod
    def _two_lines(buttons: list[Button]) -> bool:
        """The games carry their labels: each game's button has two lines, the title and the label below."""
        return any(b.detail for b in buttons if b.kind == "ruleset")

    def _game_cells(self, buttons: list[Button], width: int) -> tuple[int, int, int]:
        """The games' buttons as a grid: a cell's width and height, and the lines of label it holds.

        Two lines of label under the title; three or four where fewer would shrink a label below 80% of the label
        font, or below 16 px (a long label in German or Italian on a 7-inch screen): every cell the same size, two
        rows of them and the languages on a 7-inch screen. A label longer than four lines is cut there with "…" (the
        game's screen shows its rules whole).
        """
        f = self.fonts
        columns = max(1, (width + 10) // (f.unit * 26 + 10))  # about 55 characters of label a line
        cell_w = (width - (columns - 1) * 10) // columns
        labels = [b.detail for b in buttons if b.kind == "ruleset" and b.detail]
        least = max(0.8, MIN_TEXT / f.label.point_size)

        def holds(lines: int) -> bool:
            return all(self._wrapped(d, f.label, cell_w - 24, lines)[1] >= least for d in labels)

        lines = next((n for n in (2, 3) if holds(n)), 4)
        return cell_w, 14 + f.body.get_linesize() + lines * f.label.get_linesize(), lines

    def _game_face(self, button: Button, size: tuple[int, int], rtl: bool, most: int) -> Face:
        """A game's button face: its title, and its one-line label in the small font, wrapped into ``most``
        lines (shrunk where they do not hold it). Made once per game, size and language."""
        key = (button.label, button.detail, button.caption, size, rtl, self.fonts.unit, most)
        face = self._faces.get(key)
        if face is not None:
            return face
        f = self.fonts
        face = Face(pygame.Surface(size, pygame.SRCALPHA))
        inner = pygame.Rect(0, 0, *size).inflate(-24, -12)
        room = inner.width - (f.small.size(button.caption)[0] + 12 if button.caption else 0)  # the key's corner
        # A title too long for its line is shrunk to 16 px at the least, then cut with "…" ("Skat volgens de
        # Internationale Skatordnung (ISkO)" at 800x480 shrank to 13.6 px).
        least = MIN_TEXT / f.body.point_size
        label = visual(self._cut(button.label, f.body, int(room / least)), rtl)
        title = f.body.render(label, True, INK)
        scale = 1.0
        if title.get_width() > room:
            scale = room / title.get_width()
            title = pygame.transform.smoothscale_by(title, scale)
        at = title.get_rect(topright=inner.topright) if rtl else title.get_rect(topleft=inner.topleft)
        face.lines.append((label, f.body.point_size * scale, face.surface.blit(title, at)))
        y = inner.top + f.body.get_linesize() + 2
        lines, scale = self._fit(button.detail, f.label, inner.width, most, rtl)
        if f.label.point_size * scale < MIN_TEXT:  # never under 16 px: its last line cut with "…" instead
            whole = self._wrap(button.detail, f.label, inner.width)
            cut = self._cut(" ".join(whole[most - 1 :]), f.label, inner.width)
            lines, scale = [visual(line, rtl) for line in [*whole[: most - 1], cut]], 1.0
        for line in lines[:most]:
            img = f.label.render(line, True, DETAIL)
            if scale < 1:
                img = pygame.transform.smoothscale_by(img, scale)
            at = img.get_rect(topright=(inner.right, y)) if rtl else img.get_rect(topleft=(inner.left, y))
            face.lines.append((line, f.label.point_size * scale, face.surface.blit(img, at)))
            y += int(f.label.get_linesize() * scale)
        return self._faces.put(key, face)

    def _fit(self, text: str, font: pygame.font.Font, width: int, most: int, rtl: bool) -> tuple[list[str], float]:
        """``text`` wrapped into ``most`` lines of ``width`` or fewer, shrunk as little as that needs (to 60%);
        more lines than ``most`` where even 60% does not hold it (the caller decides). Lines in display order."""
        key = ("fit", text, font.get_height(), width, most, rtl)
        fitted = self._fitted.get(key)
        if fitted is None:
            lines, scale = self._wrapped(text, font, width, most)
            fitted = self._fitted.put(key, ([visual(line, rtl) for line in lines], scale))
        return fitted

    def _wrapped(self, text: str, font: pygame.font.Font, width: int, most: int) -> tuple[list[str], float]:
        """:meth:`_fit` in logical order (what a check of sizes needs: no bidi)."""
        key = ("wrap", text, font.get_height(), width, most)
        fitted = self._fitted.get(key)
        if fitted is not None:
            return fitted
        for step in range(20, 11, -1):  # 100% down to 60%, by 5%
            scale = step / 20
            lines = self._wrap(text, font, int(width / scale))
            if len(lines) <= most:
                break
        return self._fitted.put(key, (lines, scale))

    def _fit_in(self, text: str, rect: pygame.Rect, rtl: bool) -> tuple[list[str], float] | None:
        """Small text whole in ``rect``: wrapped, shrunk as little as that needs (to 75%); None where it cannot be."""
        small = self.fonts.small
        key = ("in", text, small.get_height(), rect.size, rtl)
        fitted = self._fitted.get(key)
        if fitted is not None:
            return fitted if fitted[0] else None
        found: tuple[list[str], float] = ([], 1.0)
        for step in range(20, 14, -1):  # 100% down to 75%, by 5%, and never under 16 px
            scale = step / 20
            if small.point_size * scale < MIN_TEXT:
                break
            lines = self._wrap(text, small, int(rect.width / scale))
            if len(lines) * small.get_linesize() * scale <= rect.height:
                found = ([visual(line, rtl) for line in lines], scale)
                break
        self._fitted.put(key, found)
        return found if found[0] else None

    def _setup_boxes(
        self,
        buttons: list[Button],
        area: pygame.Rect,
        bh: int,
        group_gap: int,
        row_gap: int,
        rtl: bool,
        games: list[Button],
    ) -> list[pygame.Rect]:
        """Where the setup screen's buttons go: each group on new rows, as many to a row as fit.

        Games with their labels are cells of a grid, the same size each ("More games" too), sized for all the
        ``games`` (every page's), so that a page's cells are the size of every other page's.
        """
        boxes = []
        x, y = area.left, area.top
        kind = None
        cell_w, cell_h, _ = self._game_cells(games, area.width)
        grid = self._two_lines(buttons)
        row_h = bh
        for b in buttons:
            cell = grid and b.kind == "ruleset"
            if kind is not None and b.kind != kind:  # a new group starts a new row
                x, y = area.left, y + row_h + group_gap
            kind = b.kind
            h = cell_h if cell else bh
            if cell:
                w = cell_w
            else:
                # The on-screen keyboard's letters are square (44 px or more); other buttons wider, but never
                # wider than the screen.
                label_w = self.fonts.body.size(b.label)[0]  # as wide in either order
                if b.caption:  # and the key in its corner
                    label_w += self.fonts.small.size(b.caption)[0] + 16
                w = min(area.width, max(MIN_TARGET + 12 if b.kind == "key" else MIN_TARGET * 2, label_w + 28))
            if x + w > area.right:
                x, y = area.left, y + row_h + row_gap
            row_h = h
            boxes.append(pygame.Rect(area.right - (x - area.left) - w if rtl else x, y, w, h))
            x += w + 10
        return boxes

    def _setup_page(self, view: View, area: pygame.Rect, bh: int, group_gap: int, row_gap: int) -> list[Button]:
        """The setup buttons that fit: where the games do not all fit, a page of them and a "More games" button.

        The page turns with that button (``ui more``), on screen only: nothing is entered.
        """

        def fits(buttons: list[Button]) -> bool:
            boxes = self._setup_boxes(buttons, area, bh, group_gap, row_gap, view.rtl, view.buttons)
            return not boxes or boxes[-1].bottom <= area.bottom

        games = [i for i, b in enumerate(view.buttons) if b.kind == "ruleset"]
        if not games or not view.more:
            return view.buttons
        before, after = view.buttons[: games[0]], view.buttons[games[-1] + 1 :]
        # The digits 1 to 9 press the games on a page (the games to resume first): nine at most.
        most = max(1, 9 - len(before))
        key = ("pages", tuple(view.buttons), tuple(area), bh, group_gap, row_gap, view.rtl, view.more)
        known = self._pages.get(key)
        if known is None:  # laid out once per list of games and screen: a tap on a language is no layout's work
            pages: list[list[Button]] = []
            if len(games) <= most and fits(view.buttons):
                pages = [[view.buttons[i] for i in games]]
            rest = [] if pages else [view.buttons[i] for i in games]
            while rest:
                count = 1
                more = Button(
                    view.more % {"page": 1, "pages": 9}, "ui more", "ruleset"
                )  # its widest label, near enough
                while count < min(len(rest), most) and fits([*before, more, *rest[: count + 1], *after]):
                    count += 1
                pages.append(rest[:count])
                rest = rest[count:]
            known = self._pages.put(key, pages)
        if len(known) == 1:
            return self._page_keys(view.buttons)
        self.setup_page %= len(known)
        label = view.more % {"page": self.setup_page + 1, "pages": len(known)}
        more = Button(label, "ui more", "ruleset", key="0", caption="0")
        # "More games" first, in the games' first cell on every page: a page of fewer games never moves it, and
        # no game's button comes where it was, so a second tap on it turns the page again (issue 20: a repeated
        # tap landed on a game of the next page and started it).
        return self._page_keys([*before, more, *known[self.setup_page], *after])

    @staticmethod
    def _page_keys(buttons: list[Button]) -> list[Button]:
        """The games to resume and the games of the page shown, pressed by 1, 2, 3... as their corners show."""
        out, digit = [], 1
        for b in buttons:
            if b.kind in ("resume", "ruleset") and not b.key and digit <= 9:
                b = replace(b, key=str(digit), caption=str(digit))
                digit += 1
            out.append(b)
        return out

    def _draw_command(self, rect: pygame.Rect, rtl: bool) -> None:
        """The command line (opened with ':'): any intent, typed in full; else a card's first key, typed and
        waiting for its second (a table sees what the next key completes, and that Backspace clears it)."""
        if self.command is None and not self.typed:
            return
        if self.command is None and self.entry_at.width:  # a card's first key: in its own place (see _draw_view)
            rect = self.entry_at
        pygame.draw.rect(self.surface, PANEL, rect.inflate(8, 8), border_radius=6)
        line = ": " + self.command + "▏" if self.command is not None else typed_key(self.typed) + " …"
        img = self._image(line if self.command is not None else visual(line, rtl), self.fonts.body, ACCENT)
        x = rect.right - img.get_width() if rtl and self.command is None else rect.left
        self._put(img, (x, rect.top), line, self.fonts.body.point_size, rect)

    def _draw_table(self, view: View, rect: pygame.Rect) -> None:
        """The players round the oval table; where that lays a name or its details over another's, or over a card
        of the trick (names of 10 to 12 letters at 800x480, seven players of Oh Hell on a 7-inch screen), the
        players in two rows of cells instead (see :meth:`_draw_rows`)."""
        if rect.width < 2 or rect.height < 2:  # no room left for the table on this screen: draw the rest
            return
        mark = (len(self.drawn), len(self.shapes), len(self.targets))
        self._draw_ring(view, rect)
        if len(view.seats) > 2 and self._crowded(*mark):
            del self.drawn[mark[0] :], self.shapes[mark[1] :], self.targets[mark[2] :]
            self.surface.fill(BG, rect)
            self._draw_rows(view, rect)

    def _crowded(self, drawn: int, shapes: int, targets: int) -> bool:
        """The lines of text drawn since ``drawn`` (and the shapes since ``shapes``) lie over one another or outside
        the area they belong in, as test_kiosk_table's ``unreadable`` finds them."""
        lines = [d for d in self.drawn[drawn:] if d.text.strip()]
        rects = [r for _, r in self.shapes[shapes:]]
        for i, d in enumerate(lines):
            if not d.within.contains(d.rect) or d.rect.collidelist([e.rect for e in lines[i + 1 :]]) >= 0:
                return True
            if any(d.rect.colliderect(r) and not r.contains(d.rect) for r in rects):
                return True
        return any(r.collidelist(rects[i + 1 :]) >= 0 for i, r in enumerate(rects))

    def _draw_rows(self, view: View, rect: pygame.Rect) -> None:
        """The players in two rows of cells, as round a rectangular table seen from above (the table's diagram, never
        mirrored): the first player at the bottom right, the next ones leftwards along the bottom row, then along
        the top row from the left, the last one above the first. In each cell the name (cut with "…" where the cell
        is narrower, never smaller than the body's type), the details under it, and the player's card of the trick
        beside them, in a place of its own so that nothing moves as cards land. The trump (and an upcard) take a
        cell of their own, as narrow as they allow, at the top row's start."""
        f = self.fonts
        pygame.draw.rect(self.surface, PANEL, rect, border_radius=12)
        seats = sorted(view.seats, key=lambda s: s.seat)
        bottom = len(seats) - len(seats) // 2
        rows: list[list[SeatView | None]] = [list(seats[bottom:]), list(reversed(seats[:bottom]))]
        trump = view.trump if not self.trump_in_panel else ""
        card_w = f.body.size("10♥")[0] + 10  # the trick's cards in the body's type: a card beside the name's line
        gap = 3
        height = (rect.height - 3 * gap) // 2
        extra = 0  # the width of the trump's cell
        if trump or view.shown is not None:
            words = max((text_width(f.body, w) for w in trump.split()), default=0)
            extra = max(words, min(text_width(f.body, trump), rect.width // 4)) + 8 if trump else 0
            extra += card_w + 8 if view.shown is not None else 0
            rows[0].insert(len(rows[0]) if view.rtl else 0, None)
        for r, row in enumerate(rows):
            seated = len([s for s in row if s is not None])
            room = rect.width - (len(row) + 1) * gap - (extra if None in row else 0)
            x = rect.left + gap
            for seat in row:
                width = extra if seat is None else room // max(1, seated)
                cell = pygame.Rect(x, rect.top + gap + r * (height + gap), width, height)
                x += width + gap
                if seat is None:
                    self._trump_cell(view, cell, trump, card_w)
                else:
                    self._seat_cell(view, seat, cell, card_w)

    def _trump_cell(self, view: View, cell: pygame.Rect, trump: str, card_w: int) -> None:
        """The rows' cell of the trump (wrapped in the body's type) and the upcard while it is bid on."""
        inner = cell.inflate(-8, 0)
        if view.shown is not None:
            box = pygame.Rect(inner.right - card_w, inner.top, card_w, inner.height)
            if view.shown_down:
                self._draw_back(box)
            else:
                self._draw_card(view.shown, box, view.four_colour, face=True, under=PANEL, font=self.fonts.body)
            self.shapes.append(("the upcard", pygame.Rect(box)))
            inner.width -= card_w + 8
        if trump:
            font = self.fonts.body
            most = max(1, inner.height // font.get_linesize())
            lines = self._lines(trump, font, inner.width, view.rtl)
            if len(lines) > most:
                lines = [*lines[: most - 1], self._cut(" ".join(lines[most - 1 :]), font, inner.width)]
            y = inner.top
            for line in lines:
                img = self._image(line, font, ACCENT)
                x = inner.right - img.get_width() if view.rtl else inner.left
                self._put(img, (x, y), line, font.point_size, cell)
                y += font.get_linesize()

    def _seat_cell(self, view: View, seat: SeatView, cell: pygame.Rect, card_w: int) -> None:
        """A player's cell of the rows: the name, its details under it, and the card of the trick beside it."""
        f = self.fonts
        inner = cell.inflate(-8, 0)
        small = f.small
        room = inner.width - card_w - 2 * 8 - 4  # the name's frame stands 8 px out on each side
        font = f.big
        if f.big.get_height() + UNDER_NAME + small.get_linesize() + FRAME > inner.height or (
            self._name_image(seat, seat.name, f.big, view.rtl).get_width() > room
        ):
            font = f.body
        name = seat.name
        while len(name) > 1 and self._name_image(seat, name, font, view.rtl).get_width() > room:
            name = name[:-2] + "…" if name.endswith("…") else name[:-1] + "…"
        img = self._name_image(seat, name, font, view.rtl)
        line = visual(name, view.rtl)
        box = img.get_rect(topleft=(inner.left + 8, inner.top + FRAME))
        if seat.to_act:
            self._frame(seat, box)
        self._put(img, box.topleft, line, font.point_size, cell)
        self._seat_target(seat, box)
        y = box.bottom + UNDER_NAME
        detail = " · ".join(part for part in (seat.bid, seat.tricks, seat.points) if part)
        most = max(0, (inner.bottom - y) // small.get_linesize())
        lines = self._lines(detail, small, inner.width, view.rtl) if detail and most else []
        if len(lines) > most:  # the sheet and the scores panel have them whole
            lines = [*lines[: most - 1], self._cut(" ".join(lines[most - 1 :]), small, inner.width)]
        for shown in lines:
            sub = self._image(shown, small, MUTED)
            x = inner.right - sub.get_width() if view.rtl else inner.left
            self._put(sub, (x, y), shown, small.point_size, cell)
            y += small.get_linesize()
        if seat.card is not None:
            h = min(box.height + FRAME, inner.height)
            at = pygame.Rect(inner.right - card_w, inner.top, card_w, h)
            self._trick_card(view, seat, seat.card, at, f.body)

    def _trick_card(
        self, view: View, seat: SeatView, card: CardCell, box: pygame.Rect, font: pygame.font.Font | None = None
    ) -> None:
        """A player's card of the trick at ``box``; the trick just finished dimmed, its winner's card framed."""
        self._draw_card(card, box, view.four_colour, face=True, under=PANEL, font=font)
        self.shapes.append((f"{seat.name}'s card", pygame.Rect(box)))
        if seat.last:
            veil = pygame.Surface(box.size, pygame.SRCALPHA)
            veil.fill((14, 48, 34, 0 if seat.won_last else 110))
            self.surface.blit(veil, box)
            if seat.won_last:
                pad = 4 if font is not None else 6  # a frame as thin as the card is small
                pygame.draw.rect(self.surface, ACCENT, box.inflate(pad, pad), pad // 2, border_radius=8)

    def _cut(self, text: str, font: pygame.font.Font, width: int) -> str:
        """``text`` cut with "…" to ``width`` in ``font`` (whole where it fits)."""
        while len(text) > 1 and text_width(font, text) > width:
            text = text[:-2].rstrip() + "…" if text.endswith("…") else text[:-1].rstrip() + "…"
        return text

    def _name_image(self, seat: SeatView, name: str, font: pygame.font.Font, rtl: bool) -> pygame.Surface:
        """A player's name as drawn at the table, in ``font``: in the colour of the turn, a flag or a seat out, and
        the dealer's button after it (a white disc, as at a card table; not the diamond it was, which read as the
        suit of diamonds)."""
        colour = ACCENT if seat.to_act else (MUTED if seat.out else INK)
        if seat.flagged:
            colour = FLAG
        img = self._image(visual(name, rtl), font, colour)
        if not seat.dealer:
            return img
        key = ("dealer", name, id(font), colour, rtl)
        face = self._faces.get(key)
        if face is None:
            chip = font.get_height() * 3 // 5
            named = pygame.Surface((img.get_width() + 10 + chip, img.get_height()), pygame.SRCALPHA)
            named.blit(img, (chip + 10, 0) if rtl else (0, 0))
            centre = (chip // 2 if rtl else img.get_width() + 10 + chip // 2, img.get_height() // 2)
            pygame.draw.circle(named, CARD, centre, chip // 2)
            pygame.draw.circle(named, ACCENT, centre, chip // 2, max(2, chip // 8))
            face = self._faces.put(key, Face(named))
        return face.surface

    def _draw_ring(self, view: View, rect: pygame.Rect) -> None:
        """The players round the oval table, and the trick's cards between them."""
        oval = self._oval(rect)
        key = ("oval", oval.size)
        face = self._faces.get(key)
        if face is None:
            face = self._faces.put(key, Face(self._opaque(oval.size, BG)))
            pygame.draw.ellipse(face.surface, PANEL, face.surface.get_rect())
        self._put_face(face, oval)
        card_h = self._card_size(rect.height)[1]
        # A short table (a 7-inch screen with the card grid below): the top and bottom players' details
        # go beside their names, which leaves a band between them for the trick's cards.
        name_h = self.fonts.big.get_linesize()
        compact = self._compact(rect)
        ry = self._ry(rect, compact)
        trump_h, trump = 0, None
        self.trump_in_panel = self._trump_in_panel(view, rect)
        if view.trump and not self.trump_in_panel:  # large, in the table's corner: the one thing every play depends on
            drawn = len(self.drawn)
            trump_h = self.text(view.trump, self.fonts.body if compact else self.fonts.big, ACCENT, rect, view.rtl)
            trump = self.drawn[drawn].rect.unionall([d.rect for d in self.drawn[drawn:]])
        n = len(view.seats)
        if not n:
            return
        cx, cy = rect.center
        if view.shown is not None:  # the upcard, mid-table while it is bid on
            w, h = self._card_size(rect.height)
            w = max(w, self.fonts.card.size("10♥")[0] + 12)
            shown = pygame.Rect(cx - w // 2, cy - h // 2, w, h)
            if view.shown_down:  # turned down after the first round of bidding: its back, as on the table
                self._draw_back(shown)
            else:
                self._draw_card(view.shown, shown, view.four_colour, face=True, under=PANEL)
        rx = rect.width * 0.40
        card_w = self._card_size(rect.height)[0]
        card_w = max(card_w, self.fonts.card.size("10♥")[0] + 12)
        centres = {}
        sides: dict[int, pygame.Rect] = {}
        column = rect.width // 4  # a side player's details wrap to this width
        flank: set[int] = set()  # the players at the sides
        # The players at the sides first: the top player's details then keep between them.
        order = sorted(view.seats, key=lambda seat: abs(math.cos(2 * math.pi * seat.seat / n)) > 0.5 + 1 / ry)
        for seat in order:
            # Seat 0 at the bottom, then clockwise: seat 1 on its left, and so on.
            # The diagram is the real table, so it is never mirrored for RTL.
            sx = cx + rx * math.sin(-2 * math.pi * seat.seat / n)
            sy = cy + ry * math.cos(2 * math.pi * seat.seat / n)
            centres[seat.seat] = (sx, sy)
            # (A margin: with three players the two at the top sit at ry / 2 but for a rounding error, which
            # put one name inline and the other stacked.)
            inline = compact and abs(sy - cy) > ry / 2 + 1
            # On a short table a player at the side has their details one per line under the name, the whole
            # centred on the table's middle line below the trump: in one line they ran into the bottom player's
            # name (a German "0 Stiche · 0 Punkte") and left the trick's cards no room. So do details too wide
            # for a side of the table on any table (Doppelkopf's "diamonds solo, Re, and no 90 · 0 tricks ·
            # 0 points" ran into the other side's), each wrapped to the side's width.
            at_side = abs(sy - cy) <= ry / 2 + 1
            if at_side:
                flank.add(seat.seat)
            details = " · ".join(part for part in (seat.bid, seat.tricks, seat.points) if part)
            wide = at_side and self.fonts.small.size(details)[0] > column
            side = rect.inflate(0, -2).clip(rect.move(0, trump_h)) if (compact and not inline) or wide else None
            bounds = rect
            if trump is not None and sy < cy and sy - name_h / 2 < trump.bottom:  # the top player clear of the trump
                bounds = (
                    pygame.Rect(rect.left, rect.top, trump.left - 12 - rect.left, rect.height)
                    if view.rtl
                    else pygame.Rect(trump.right + 12, rect.top, rect.right - trump.right - 12, rect.height)
                )
            if not at_side and sides and sy < cy:  # between the side players' names and details, where that leaves room
                # (those that reach up to the top player's name, or to the lines of details under it)
                reach = sy + name_h / 2 - 4 + (0 if inline else 2 * self.fonts.small.get_linesize())
                beside = [r for r in sides.values() if r.top < reach]
                left = max([bounds.left, *(r.right + 8 for r in beside if r.centerx < sx)])
                right = min([bounds.right, *(r.left - 8 for r in beside if r.centerx > sx)])
                if right - left >= self.fonts.big.size(seat.name)[0] + self.fonts.big.get_height() + 20:
                    bounds = pygame.Rect(left, bounds.top, right - left, bounds.height)
            sides[seat.seat] = self._draw_seat(seat, int(sx), int(sy), view.rtl, bounds, inline, side, column)
        cards = {s.seat: centres[s.seat] for s in view.seats if s.card}
        above = [sides[s] for s in sides if s not in flank and centres[s][1] < cy]  # the top player's block
        boxes = self._trick_boxes(rect, cards, card_w, card_h, compact, list(sides.values()), above)
        for seat in view.seats:
            if seat.card is not None:
                self._trick_card(view, seat, seat.card, boxes[seat.seat])

    def _compact(self, rect: pygame.Rect) -> bool:
        """A short table (a 7-inch screen with the card grid below): the top and bottom players' details go beside
        their names, which leaves a band between them for the trick's cards."""
        card_h = self._card_size(rect.height)[1]
        name_h = self.fonts.big.get_linesize()
        return 2 * self._ry(rect, False) - name_h - 2 * (UNDER_NAME + self.fonts.small.get_linesize()) - 8 < card_h

    def _trump_in_panel(self, view: View, rect: pygame.Rect) -> bool:
        """The trump stands in the scores panel, not on the table at ``rect`` (see :meth:`_trump_crowds`)."""
        return bool(view.trump) and not view.summary and self._compact(rect) and self._trump_crowds(view, rect)

    def _trump_crowds(self, view: View, rect: pygame.Rect) -> bool:
        """On a short table, the trump's line leaves a side player too little room for the name and the details
        one per line under it (Spades in Italian at 800x480 with a flag on two lines: "Briscola: le picche" lay
        over Fay's framed name): the trump then stands in the scores panel, under the scores."""
        f = self.fonts
        column = rect.width // 4
        lines = 0
        for seat in view.seats:
            if abs(math.cos(2 * math.pi * seat.seat / len(view.seats))) <= 0.5:  # a player at the side
                parts = [part for part in (seat.bid, seat.tricks, seat.points) if part]
                lines = max(lines, sum(len(self._lines(p, f.small, column, view.rtl)) for p in parts))
        stack = FRAME + f.big.get_height() + UNDER_NAME + lines * f.small.get_linesize()
        return rect.height - 2 - f.body.get_linesize() < stack

    def _ry(self, table: pygame.Rect, compact: bool) -> float:
        """How far above and below the table's centre the top and bottom players sit: their names (and the
        details below the bottom one, where they are not beside it) within the table."""
        f = self.fonts
        below = 0 if compact else UNDER_NAME + f.small.get_linesize()
        return min(table.height * 0.38, table.height / 2 - f.big.get_linesize() / 2 - below - 1)

    @staticmethod
    def _oval(table: pygame.Rect) -> pygame.Rect:
        """The table's oval, within the table's area."""
        return table.inflate(-table.width // 8, -table.height // 10)

    def _card_least(self) -> int:
        """The least height of a card of the trick: its face's line of type, and a little card round it."""
        return self.fonts.card.get_height() + 2

    def _trick_boxes(
        self,
        rect: pygame.Rect,
        seats: dict[int, tuple[float, float]],
        w: int,
        h: int,
        compact: bool,
        sides: list[pygame.Rect] | None = None,
        above: list[pygame.Rect] | None = None,
    ) -> dict[int, pygame.Rect]:
        """Where each card of the trick lies: between the centre and its player, clear of every name.

        On a short table (a 7-inch screen with the card grid below) the cards keep to the band
        between the top and bottom players' names, side by side where they would overlap, and
        narrower where the side players' names and details (``sides``) leave less room.
        """
        cx, cy = rect.center
        ry = self._ry(rect, compact)
        name_h = self.fonts.big.get_linesize()
        details = 0 if compact else UNDER_NAME + self.fonts.small.get_linesize()  # below a name, or beside it
        top = int(cy - ry + name_h / 2 + details + FRAME + 2)  # below the top name (and its frame)
        bottom = int(cy + ry - name_h / 2 - FRAME - 2)  # above the bottom name
        # A band lower than a card (a two-line message above a 7-inch table): the trick's cards, which are
        # no targets, are made lower to stay clear of the names, as long as their faces can be read.
        h = max(min(h, bottom - top), self._card_least())
        boxes = {}
        for seat, (sx, sy) in seats.items():
            ty = int(cy + (sy - cy) * 0.38) - h // 2
            if bottom - top >= h:
                ty = min(max(ty, top), bottom - h)
            boxes[seat] = pygame.Rect(int(cx + (sx - cx) * 0.38) - w // 2, ty, w, h)
        # Cards that now overlap: all of them side by side, in their order across the table, centred as a row.
        order = sorted(boxes, key=lambda s: (boxes[s].x, boxes[s].y))
        if any(boxes[a].colliderect(boxes[b]) for i, a in enumerate(order) for b in order[i + 1 :]) or any(
            box.collidelist(sides or []) >= 0 for box in boxes.values()
        ):
            # Below the top player's details, on however many lines (``above``).
            top = max([top, *(r.bottom + 4 for r in above or [])])
            h = max(min(h, bottom - top), self._card_least())
            band = pygame.Rect(rect.left, top, rect.width, max(1, bottom - top))
            left = max([r.right + 6 for r in sides or [] if r.colliderect(band) and r.centerx < cx], default=rect.left)
            right = min([r.left - 6 for r in sides or [] if r.colliderect(band) and r.centerx > cx], default=rect.right)
            room = min(right - cx, cx - left) * 2  # centred between the side players
            narrow = max(self.fonts.card.size("10♥")[0] + 6, (room - 6 * (len(order) - 1)) // len(order))
            w = min(w, narrow)
            row = len(order) * (w + 6) - 6
            # Centred on the table, or between the side players where only that leaves the row room (a
            # Doppelkopf soloist's details wrapped beside the trick).
            x = cx - row // 2 if row <= room or row > right - left else (left + right - row) // 2
            per = -(-len(order) // 2)
            if row > right - left and per * (w + 6) - 6 <= right - left and 2 * h + 6 <= bottom - top:
                # Not even that (long names at both sides of a large table): in two rows between them.
                x0 = (left + right - (per * (w + 6) - 6)) // 2
                y0 = (top + bottom - 2 * h - 6) // 2
                for i, s in enumerate(order):
                    boxes[s] = pygame.Rect(x0 + (i % per) * (w + 6), y0 + (i // per) * (h + 6), w, h)
                return boxes
            for s in order:
                boxes[s].x, x = x, x + w + 6
                boxes[s].width, boxes[s].height = w, h
                boxes[s].y = min(max(boxes[s].y, top), max(top, bottom - h))
        return boxes

    def _draw_summary(self, view: View, rect: pygame.Rect, wide: pygame.Rect) -> pygame.Rect:
        """The deal just scored, on a panel over the table: its heading, then each player's line (in two or
        three columns where one would not fit the table's height), then the rest (the moon, the bids, the
        flags), wrapped. Never shrunk: a 7-inch screen reads it at 16 px. Where the table cannot hold every
        line, the panel takes the scores panel's place too (``wide``: its totals are on the players' lines); where
        even that cannot, the players' lines and the flags come first, and a last line says what is left out and
        that the score sheet has each deal's points (issue 20: Oh Hell's fourth player was silently dropped in
        German at 800x480). Returns where the panel lies."""
        f = self.fonts
        plan = self._summary_plan(view, rect, wide)
        area, columns, players, rest, more = plan
        self.summary_shown = [view.summary[0], *players, *rest]
        pygame.draw.rect(self.surface, PANEL, area, border_radius=12)
        inner = area.inflate(-24, -SUMMARY_MARGIN)
        heading = view.summary[0]
        y = inner.top + max(0, (inner.height - self._summary_height(view, inner, columns, players, rest, more)) // 2)
        y += self.text(heading, f.body, ACCENT, pygame.Rect(inner.left, y, inner.width, 0), view.rtl, True, area)
        width = (inner.width - (columns - 1) * 16) // columns
        row = 0  # the tallest line of the row so far (a line wrapped in its column takes two)
        for i, line in enumerate(players):
            column = i % columns
            x = inner.right - (column + 1) * width - column * 16 if view.rtl else inner.left + column * (width + 16)
            row = max(row, self.text(line, f.small, INK, pygame.Rect(x, y, width, 0), view.rtl, columns == 1, area))
            if column == columns - 1 or i == len(players) - 1:
                y, row = y + row, 0
        for line in rest:
            y += self.text(line, f.small, INK, pygame.Rect(inner.left, y, inner.width, 0), view.rtl, True, area)
        if more:
            self.text(more, f.small, MUTED, pygame.Rect(inner.left, y, inner.width, 0), view.rtl, True, area)
        return area

    def _summary_height(
        self, view: View, inner: pygame.Rect, columns: int, players: list[str], rest: list[str], more: str = ""
    ) -> int:
        """The height the summary's heading, ``players`` in ``columns`` (each row as tall as its longest line
        wrapped in its column) and ``rest`` take in ``inner``."""
        f = self.fonts
        line_h = f.small.get_linesize()
        width = (inner.width - (columns - 1) * 16) // columns
        lines = [len(self._lines(p, f.small, width, view.rtl)) for p in players]
        tall = len(self._lines(view.summary[0], f.body, inner.width, view.rtl)) * f.body.get_linesize()
        tall += sum(max(lines[i : i + columns]) for i in range(0, len(lines), columns)) * line_h
        below = [*rest, more] if more else rest
        return tall + sum(len(self._lines(x, f.small, inner.width, view.rtl)) for x in below) * line_h

    def _summary_plan(
        self, view: View, rect: pygame.Rect, wide: pygame.Rect
    ) -> tuple[pygame.Rect, int, list[str], list[str], str]:
        """Where the summary goes and what it shows: the area (the table's, else with the scores panel's), the
        players' columns, the players' lines, the other lines, and the line saying what is left out ("")."""
        n = len(view.seats)
        players, rest = view.summary[1 : 1 + n], view.summary[1 + n :]
        areas = [rect] if wide == rect else [rect, wide]

        def columns(inner: pygame.Rect, lines: list[str], shown: list[str], more: str) -> int:
            fit = (c for c in (1, 2, 3) if self._summary_height(view, inner, c, lines, shown, more) <= inner.height)
            return next(fit, 0)

        for area in areas:  # everything, in the table's area where it fits, else over the scores panel too
            inner = area.inflate(-24, -SUMMARY_MARGIN)
            if found := columns(inner, players, rest, ""):
                return area, found, players, rest, ""
        # Not all of it anywhere: every player's line, then the flags (the table settles them on this summary),
        # then the other lines as they come, as many as leave the last line its room; else each player's line
        # without the bid and tricks (seven players of Oh Hell in Italian at 800x480), which the sheet has.
        area = areas[-1]
        inner = area.inflate(-24, -SUMMARY_MARGIN)
        ranked = sorted(range(len(rest)), key=lambda i: not rest[i].startswith("⚑ "))
        forms = [(players, ""), (view.summary_short, view.summary_short_note)]
        for lines, note in forms:
            for count in range(len(rest) - (0 if note else 1), -1, -1):
                shown = [rest[i] for i in sorted(ranked[:count])]
                cut = view.summary_more[len(rest) - count - 1] if count < len(rest) else ""
                more = " ".join(x for x in (note, cut) if x)
                if found := columns(inner, lines, shown, more):
                    return area, found, lines, shown, more
        # Not even that (a screen smaller than any the kiosk is made for): as many players' lines as fit.
        for count in range(n - 1, 0, -1):
            more = view.summary_more[len(rest) + n - count - 1]
            if found := columns(inner, players[:count], [], more):
                return area, found, players[:count], [], more
        return area, 1, [], [], view.summary_more[-1]

    def _card_size(self, height: int) -> tuple[int, int]:
        card_h = max(MIN_TARGET, height // 5)
        return int(card_h * 0.72), card_h

    def _draw_seat(
        self,
        seat: SeatView,
        x: int,
        y: int,
        rtl: bool,
        bounds: pygame.Rect,
        inline: bool = False,
        side: pygame.Rect | None = None,
        column: int = 0,
    ) -> pygame.Rect:
        """A player: the name (framed when it is their turn), then tricks, points and bid, below or ``inline``,
        or one per line below the name, the whole within ``side``. Returns where it all lies."""
        f = self.fonts
        line = visual(seat.name, rtl)
        img = self._name_image(seat, seat.name, f.big, rtl)
        parts = [part for part in (seat.bid, seat.tricks, seat.points) if part]
        if side is not None and parts:
            width = max(column, img.get_width())
            lines = [shown for p in parts for shown in self._lines(p, f.small, width, rtl)]
            return self._draw_seat_stacked(seat, img, line, lines, x, side)
        detail = visual(" · ".join(parts), rtl)
        sub = self._image(detail, f.small, MUTED)
        shift = (sub.get_width() + 12) // 2 if inline and detail else 0  # the name and its details, centred as one
        box = img.get_rect(center=(x + (shift if rtl else -shift), y))
        box.x = min(max(box.x, bounds.left + 5), bounds.right - 5 - box.width)  # a side player's name stays on screen
        if inline and detail and box.width + 12 + sub.get_width() > bounds.width - 10:
            inline = False  # no room beside the name within the bounds: the details go under it
            box = img.get_rect(center=(x, y))
            box.x = min(max(box.x, bounds.left + 5), bounds.right - 5 - box.width)
        if inline and detail:  # the name and its details kept within the bounds as one, never pushed together
            group = box.width + 12 + sub.get_width()
            start = min(max(box.x - (group - box.width if rtl else 0), bounds.left + 5), bounds.right - 5 - group)
            box.x = start + group - box.width if rtl else start
        if seat.to_act:
            self._frame(seat, box)
        self._put(img, box.topleft, line, f.big.point_size, bounds)
        if inline:
            at = (
                sub.get_rect(midright=(box.left - 12, box.centery))
                if rtl
                else sub.get_rect(midleft=(box.right + 12, box.centery))
            )
        elif sub.get_width() > bounds.width - 4:  # under the name: the bid, then tricks and points, each wrapped
            groups = [seat.bid, " · ".join(part for part in (seat.tricks, seat.points) if part)]
            lines = [shown for g in groups if g for shown in self._lines(g, f.small, bounds.width - 4, rtl)]
            return self._under_name(seat, box, lines, bounds)
        else:
            at = sub.get_rect(midtop=(box.centerx, box.bottom + UNDER_NAME))
        at.x = min(max(at.x, bounds.left + 2), bounds.right - 2 - at.width)
        if detail:
            self._put(sub, at.topleft, detail, f.small.point_size, bounds)
        self._seat_target(seat, box)
        return box.union(at) if detail else box

    def _frame(self, seat: SeatView, box: pygame.Rect) -> None:
        """The frame round the name of the player to act."""
        frame = box.inflate(16, 2 * FRAME)
        pygame.draw.rect(self.surface, ACCENT, frame, 3, border_radius=8)
        self.shapes.append((f"{seat.name}'s frame", frame))

    def _under_name(self, seat: SeatView, box: pygame.Rect, lines: list[str], bounds: pygame.Rect) -> pygame.Rect:
        """A player's details under the name drawn at ``box``, a line each (in display order), centred on the name
        and kept within ``bounds``; the name's target. Returns where the name and the lines lie."""
        small = self.fonts.small
        block = pygame.Rect(box)
        y = box.bottom + UNDER_NAME
        for shown in lines:
            img = self._image(shown, small, MUTED)
            at = img.get_rect(midtop=(box.centerx, y))
            at.x = min(max(at.x, bounds.left + 2), bounds.right - 2 - at.width)
            self._put(img, at.topleft, shown, small.point_size, bounds)
            block.union_ip(at)
            y += small.get_linesize()
        self._seat_target(seat, box)
        return block

    def _seat_target(self, seat: SeatView, box: pygame.Rect) -> None:
        """A player's name is a target (who leads), 44 px at least."""
        self.targets.append(
            Target(box.inflate(max(0, MIN_TARGET - box.width), max(0, MIN_TARGET - box.height)), f"lead {seat.seat}")
        )

    def _draw_seat_stacked(
        self,
        seat: SeatView,
        img: pygame.Surface,
        line: str,
        parts: list[str],
        x: int,
        bounds: pygame.Rect,
    ) -> pygame.Rect:
        """:meth:`_draw_seat` for a player at the side of a short table: the name, and under it its details one
        per line (narrow, so the trick's cards keep their room), the whole centred on the table's middle line
        and kept within ``bounds``."""
        f = self.fonts
        height = FRAME + img.get_height() + UNDER_NAME + len(parts) * f.small.get_linesize()  # the frame's top too
        top = min(max(bounds.centery - height // 2, bounds.top), bounds.bottom - height)
        box = img.get_rect(midtop=(x, top + FRAME))
        box.x = min(max(box.x, bounds.left + 5), bounds.right - 5 - box.width)
        if seat.to_act:
            self._frame(seat, box)
        self._put(img, box.topleft, line, f.big.point_size, bounds)
        return self._under_name(seat, box, parts, bounds)

    def _suit_colour(self, cell: CardCell, four: bool) -> tuple[int, int, int]:
        if cell.pack == "italian":
            return ITALIAN_COLOUR[cell.suit]
        if four:
            return FOUR_COLOUR[cell.suit]
        return RED if cell.suit in "HD" else BLACK

    def _draw_card(
        self,
        cell: CardCell,
        rect: pygame.Rect,
        four: bool,
        face: bool = False,
        under: tuple[int, int, int] = BG,
        font: pygame.font.Font | None = None,
    ) -> None:
        """A card (a cell of the grid, a card of the trick) on the colour ``under`` it, its face in ``font`` (the
        cards' type, else): drawn once per look and size, then copied."""
        self._put_face(self._card_face_of(cell, rect.size, four, face, under, font), rect.topleft)

    def _card_face_of(
        self,
        cell: CardCell,
        size: tuple[int, int],
        four: bool,
        face: bool = False,
        under: tuple[int, int, int] = BG,
        font: pygame.font.Font | None = None,
    ) -> Face:
        """A card's look at ``size``, drawn once."""
        played = cell.played and not face
        colour = (150, 150, 150) if played else self._suit_colour(cell, four)
        font = font or self.fonts.card
        key = ("card", cell.rank, cell.symbol, cell.pack, played, cell.in_deck, colour, size, under, id(font))
        drawn = self._faces.get(key)
        if drawn is None:
            drawn = self._faces.put(key, self._card_face(cell, size, played, colour, under, font))
        return drawn

    def _draw_back(self, rect: pygame.Rect) -> None:
        """A card face down: its back, a frame and a lattice."""
        pygame.draw.rect(self.surface, CARD, rect, border_radius=6)
        inner = rect.inflate(-8, -8)
        pygame.draw.rect(self.surface, BACK, inner, border_radius=4)
        clip = self.surface.get_clip()
        self.surface.set_clip(inner)
        for x in range(inner.left - inner.height, inner.right, 8):
            pygame.draw.line(self.surface, BACK_LINE, (x, inner.bottom - 1), (x + inner.height, inner.top))
        self.surface.set_clip(clip)
        pygame.draw.rect(self.surface, CARD, inner, 2, border_radius=4)  # the lattice's ends under the frame
        pygame.draw.rect(self.surface, (60, 60, 60), rect, 1, border_radius=6)

    def _opaque(self, size: tuple[int, int], under: tuple[int, int, int]) -> pygame.Surface:
        """A surface in the screen's own format filled with the colour it will lie on: copied faster than one
        with an alpha channel, every frame."""
        surface = pygame.Surface(size, 0, self.surface)
        surface.fill(under)
        return surface

    def _card_face(
        self,
        cell: CardCell,
        size: tuple[int, int],
        played: bool,
        colour: tuple[int, int, int],
        under: tuple[int, int, int],
        card: pygame.font.Font,
    ) -> Face:
        face = Face(self._opaque(size, under))
        rect = face.surface.get_rect()
        pygame.draw.rect(face.surface, CARD_PLAYED if played or not cell.in_deck else CARD, rect, border_radius=6)
        pygame.draw.rect(face.surface, (60, 60, 60), rect, 1, border_radius=6)
        if cell.pack == "french":
            text = f"{cell.rank}{cell.symbol}"
            img = card.render(text, True, colour)
            face.lines.append((text, card.point_size, face.surface.blit(img, img.get_rect(center=rect.center))))
            return face
        # No symbol exists for an Italian suit: the rank, and the suit's name below it, shrunk to fit.
        small = self.fonts.small
        rank_text, suit_text = visual(cell.rank, False), visual(cell.symbol, False)
        rank, suit = card.render(rank_text, True, colour), small.render(suit_text, True, colour)
        scale = min(
            1.0, (rect.width - 6) / suit.get_width(), (rect.height - 4) / (rank.get_height() + suit.get_height())
        )
        if scale < 1:
            rank, suit = (pygame.transform.smoothscale_by(img, scale) for img in (rank, suit))
        top = rect.centery - (rank.get_height() + suit.get_height()) // 2
        at = face.surface.blit(rank, rank.get_rect(midtop=(rect.centerx, top)))
        face.lines.append((rank_text, card.point_size * scale, at))
        at = face.surface.blit(suit, suit.get_rect(midtop=(rect.centerx, top + rank.get_height())))
        face.lines.append((suit_text, small.point_size * scale, at))
        return face

    def _rules_spot(self, view: View, rect: pygame.Rect) -> pygame.Rect | None:
        """Where the rules in force go: beside the last main row, where it leaves a third of the width; else in
        the bar's middle while its answer and rare slots are all empty (text, never a target, so a button
        that comes there later takes no other button's place)."""
        bh = self._main_height()
        bar = self._bar_rect(rect.left, rect.width)
        bar_top = bar.top
        main = self._main_buttons(view.buttons)
        spot = None
        if main and not view.grid:
            rows = self._button_rows(main, rect.width, view.rtl)
            top = bar_top - rows * (bh + 8)
            rects = self._button_rects(main, pygame.Rect(rect.left, top, rect.width, bh), view.rtl)
            last = [r for r in rects if r.top == max(r.top for r in rects)]
            if view.rtl:
                spot = pygame.Rect(rect.left, last[0].top, min(r.left for r in last) - 16 - rect.left, bh)
            else:
                right = max(r.right for r in last) + 16
                spot = pygame.Rect(right, last[0].top, rect.right - right, bh)
            if spot.width < rect.width // 3 or self._fit_in(view.rules, spot, view.rtl) is None:
                spot = None
        if spot is None and self._bar_buttons(view.buttons)[2:6] == [None] * 4:
            slots = self._bar_slots(bar, view.rtl)[2 : 4 if self._bar_lines() == 2 else 6]  # on the bar's top line
            left, right = min(r.left for r in slots), max(r.right for r in slots)
            spot = pygame.Rect(left, bar_top, right - left, self._button_height())
            if self._fit_in(view.rules, spot, view.rtl) is None:
                spot = None
        return spot

    def _draw_fitted(self, text: str, rect: pygame.Rect, rtl: bool) -> None:
        """Small text whole in ``rect`` (see :meth:`_fit_in`), centred in its height, on its leading side.

        Drawn once per text, size and direction, then copied (the rules line is on every frame of a game).
        """
        key = ("fitted", text, rect.size, rtl, self.fonts.unit)
        face = self._faces.get(key)
        if face is None:
            f = self.fonts
            fitted = self._fit_in(text, rect, rtl)
            if fitted is None:
                return
            lines, scale = fitted
            face = Face(pygame.Surface(rect.size, pygame.SRCALPHA))
            height = int(len(lines) * f.small.get_linesize() * scale)
            y = max(0, (rect.height - height) // 2)
            for line in lines:
                img = f.small.render(line, True, MUTED)
                if scale < 1:
                    img = pygame.transform.smoothscale_by(img, scale)
                at = face.surface.blit(img, img.get_rect(topright=(rect.width, y)) if rtl else (0, y))
                face.lines.append((line, f.small.point_size * scale, at))
                y += int(f.small.get_linesize() * scale)
            self._faces.put(key, face)
        self._put_face(face, rect)

    def _panel_rules(self, view: View, panel: pygame.Rect) -> tuple[list[str], float] | None:
        """The rules at the panel's foot, in three lines at most, where the scores leave room for them whole."""
        f = self.fonts
        inner = panel.inflate(-20, -20)
        room = min(inner.height - self._score_columns(view, inner)[1] - 8, 3 * f.small.get_linesize())
        return self._fit_in(view.rules, pygame.Rect(0, 0, inner.width, max(0, room)), view.rtl)

    def _score_columns(self, view: View, inner: pygame.Rect) -> tuple[int, int]:
        """The scores in one column, or in two where one column does not fit the panel with the deal's first
        line under it (a short panel on a 7-inch screen: Skat at a table of four, four scores over "Declarer:
        Ben" beside two rows of games to declare); with the height they take."""
        f = self.fonts
        line = f.body.get_linesize()
        one = sum(len(self._lines(x, f.body, inner.width, view.rtl)) for x in view.scores) * line
        first = (
            len(self._lines(view.info[0], f.small, inner.width, view.rtl)) * f.small.get_linesize() + 8
            if view.info
            else 0
        )
        # (Two columns also where a line is wider than a column: each name is then cut with "…" before its score,
        # as seven names of 10 to 12 letters at 800x480 need; one column ran off the panel.)
        # Three where two do not fit either (seven players on a 7-inch screen, a message over the table).
        wide = not all(f.body.size(x)[0] <= (inner.width - 16) // 2 for x in view.scores)
        if one + first <= inner.height or len(view.scores) < 2 or (wide and one <= inner.height):
            return 1, one
        columns = 2 if -(-len(view.scores) // 2) * line <= inner.height or len(view.scores) < 5 else 3
        return columns, -(-len(view.scores) // columns) * line

    def _cut_score(self, line: str, font: pygame.font.Font, width: int) -> str:
        """A score's line cut to ``width`` before its last word (the score itself, kept whole): "Bartholo…: 0"."""
        if text_width(font, line) <= width or " " not in line:
            return line
        head, _, tail = line.rpartition(" ")
        mark = head[-1] if head[-1] in ":：" else ""  # "Name:" keeps its colon
        return (
            self._cut(head[: len(head) - len(mark)], font, width - text_width(font, f"{mark} {tail}"))
            + f"{mark} {tail}"
        )

    def _draw_panel(self, view: View, rect: pygame.Rect, rules: str = "") -> None:
        """The scores, then what the deal shows (as much as fits); the rules in force at the bottom where they fit."""
        f = self.fonts
        pygame.draw.rect(self.surface, PANEL, rect, border_radius=10)
        inner = rect.inflate(-20, -20)
        if rules:  # at the foot, in three lines at most, where the scores leave room for it whole
            fitted = self._panel_rules(view, rect)
            if fitted is not None:
                height = int(len(fitted[0]) * f.small.get_linesize() * fitted[1]) + 1
                self.rules_at = pygame.Rect(inner.left, inner.bottom - height, inner.width, height)
                self._draw_fitted(rules, self.rules_at, view.rtl)
                inner.height -= height + 8
        columns, height = self._score_columns(view, inner)
        y = inner.top
        if columns == 1:
            for line in view.scores:
                y += self.text(line, f.body, INK, pygame.Rect(inner.left, y, inner.width, 0), view.rtl, within=rect)
        else:  # row by row, from the leading side
            width = (inner.width - 16 * (columns - 1)) // columns
            for i, line in enumerate(view.scores):
                x = inner.left + (i % columns) * (width + 16)
                if view.rtl:
                    x = inner.right - width - (i % columns) * (width + 16)
                top = inner.top + (i // columns) * f.body.get_linesize()
                shown = self._cut_score(line, f.body, width)
                self.text(shown, f.body, INK, pygame.Rect(x, top, width, 0), view.rtl, within=rect)
            y += height
        y += 8
        if self.trump_in_panel:  # the table is too short for it (see _trump_crowds)
            y += self.text(
                view.trump, f.body, ACCENT, pygame.Rect(inner.left, y, inner.width, 0), view.rtl, within=rect
            )
        for item in self._panel_info(view, self.trump_in_panel):  # as many as fit: never onto the buttons
            if y + len(self._lines(item, f.small, inner.width, view.rtl)) * f.small.get_linesize() > inner.bottom:
                break
            y += self.text(item, f.small, MUTED, pygame.Rect(inner.left, y, inner.width, 0), view.rtl, within=rect)
        # Flags, newest first, as many as fit: the panel never spills onto the grid.
        for flag in reversed(view.flags):
            lines = self._lines("⚑ " + flag, f.small, inner.width, view.rtl)
            if y + len(lines) * f.small.get_linesize() > inner.bottom:
                break
            y += self.text(
                "⚑ " + flag, f.small, FLAG, pygame.Rect(inner.left, y, inner.width, 0), view.rtl, within=rect
            )

    @staticmethod
    def _panel_info(view: View, in_panel: bool) -> list[str]:
        """What the deal shows, for the scores panel: without the trump where the table shows it in large type (Skat,
        Doppelkopf and Klaverjassen at 800x480 showed "Trumpf: Kreuz" twice, as "Dealer" once stood twice)."""
        on_table = bool(view.trump) and not in_panel and not view.summary
        return [item for item in view.info if not (on_table and item == view.trump)]

    def _button_height(self) -> int:
        f = self.fonts
        height = max(MIN_TARGET, f.body.get_linesize() + 16)
        return max(height, 3 * f.small.get_linesize() + 6) if self.tall else height

    def _main_height(self) -> int:
        """The main rows' buttons (bids, who leads, announcements): one line of label beside its key, 44 px at
        least; never the tall bar's height, which a round of bids in three rows would take from the table."""
        return max(MIN_TARGET, self.fonts.body.get_linesize() + 16)

    @staticmethod
    def _main_buttons(buttons: list[Button]) -> list[Button]:
        """The buttons of the main rows: the frequent choices, and any answer or rare action beyond the bar's
        two slots of each (none that the kiosk makes today)."""
        seen = {"answer": 0}
        placed = [id(b) for b in rare_places(buttons) if b is not None]
        out = []
        for b in buttons:
            zone = zone_of(b)
            if zone in seen:
                seen[zone] += 1
                if seen[zone] <= 2:
                    continue
            if zone == "rare" and id(b) in placed:
                continue
            if zone != "bar":
                out.append(b)
        return out

    def _bar_lines(self) -> int:
        """The bar's lines: one, or two on a screen held upright (600 px across cannot give eight slots labels
        of 16 px; its height can spare a line)."""
        w, h = self.surface.get_size()
        return 2 if h > w else 1

    def _bar_rect(self, left: int, width: int) -> pygame.Rect:
        """Where the bar lies: at the screen's foot, its lines of buttons 8 px apart."""
        h = self.surface.get_height()
        lines, bh = self._bar_lines(), self._button_height()
        height = lines * bh + (lines - 1) * 8
        return pygame.Rect(left, h - max(8, h // 80) - height, width, height)

    def _bar_slots(self, row: pygame.Rect, rtl: bool) -> list[pygame.Rect]:
        """The bar's eight slots, the same at every moment of a game: Undo and Redo, two answers, two rare
        actions, Keys and the score sheet, a wider gap between the groups (mirrored right to left); on two
        lines, the first four above the others."""
        gap, group = 8, 18
        # The rare actions' labels are the longest ("Enter deal results only"): their slots are the widest.
        weights = (10, 10, 12, 12, 14, 14, 10, 10)
        lines = self._bar_lines()
        per_line = len(weights) // lines
        height = (row.height - (lines - 1) * 8) // lines
        rects: list[pygame.Rect] = []
        for line in range(lines):
            mine = weights[line * per_line : (line + 1) * per_line]
            groups = sum(1 for i in range(line * per_line, (line + 1) * per_line - 1) if i in (1, 3, 5))
            unit = (row.width - (len(mine) - 1 - groups) * gap - groups * group) / sum(mine)
            top, x = row.top + line * (height + 8), 0
            for i, weight in enumerate(mine, start=line * per_line):
                width = int(unit * weight)
                left = row.right - x - width if rtl else row.left + x
                rects.append(pygame.Rect(left, top, width, height))
                x += width + (group if i in (1, 3, 5) else gap)
        return rects

    def _bar_buttons(self, buttons: list[Button]) -> list[Button | None]:
        """The button of each bar slot (None: the slot is empty now)."""
        answers = [b for b in buttons if zone_of(b) == "answer"]
        rare = rare_places(buttons)  # each rare action in its own slot, whatever else is there (issue 20)
        out: list[Button | None] = []
        for slot in BAR_SLOTS:
            zone, _, place = slot.partition(" ")
            if zone == "answer":
                out.append(answers[int(place)] if len(answers) > int(place) else None)
            elif zone == "rare":
                out.append(rare[int(place)])
            else:
                out.append(next((b for b in buttons if b.intent == slot), None))
        return out

    def _draw_bottom(self, view: View, rect: pygame.Rect) -> None:
        bh = self._main_height()
        bar = self._bar_rect(rect.left, rect.width)
        for b, slot in zip(self._bar_buttons(view.buttons), self._bar_slots(bar, view.rtl), strict=True):
            if b is not None:
                self._draw_button(b, slot, view.rtl)
        main = self._main_buttons(view.buttons)
        used = self._button_rows(main, rect.width, view.rtl) * (bh + 8) if main else 0
        grid_top = rect.top + used
        if main:
            # Right above the bar without a grid; above the grid with one (which keeps its place).
            top = rect.top if view.grid else bar.top - used
            self._draw_buttons(main, pygame.Rect(rect.left, top, rect.width, bh), view.rtl)
        if not view.grid:
            return
        rect = pygame.Rect(rect.left, grid_top, rect.width, bar.top - 8 - grid_top)
        gap = 4
        # Only the ranks in the deck get a column (Euchre: six), so cells grow. Where a suit's
        # cards cannot keep 44 px side by side (a screen held upright), a suit takes two lines.
        columns = [c for c in range(len(view.grid[0])) if any(row[c].in_deck for row in view.grid)]
        rows = [r for r in range(len(view.grid)) if any(cell.in_deck for cell in view.grid[r])]
        wrap = self._grid_wrap(view, rect.width)
        fold = self._grid_fold(view, rect.width)
        per_line = -(-len(columns) // wrap) * fold
        lines = -(-len(rows) // fold) * wrap
        split = 3 * gap if fold > 1 else 0  # between the two suits of a line
        cw = max(MIN_TARGET, min((rect.width - (per_line - 1) * gap - split) // per_line, rect.width // 8))
        ch = max(MIN_TARGET, (rect.height - (lines - 1) * gap) // max(1, lines))
        left = rect.left + (rect.width - per_line * cw - (per_line - 1) * gap - split) // 2
        places: list[tuple[int, int, pygame.Rect]] = []
        for ri, r in enumerate(rows):
            for ci, c in enumerate(columns):
                if fold > 1:  # two suits side by side on a line
                    line, place = ri // fold, (ri % fold) * len(columns) + ci
                else:
                    line, place = ri * wrap + ci // per_line, ci % per_line
                col = per_line - 1 - place if view.rtl else place
                x = left + col * (cw + gap) + (split if col >= per_line // fold and fold > 1 else 0)
                if view.grid[r][c].in_deck:
                    places.append((r, c, pygame.Rect(x, rect.top + line * (ch + gap), cw, ch)))
        self._draw_grid(view, places)

    def _draw_grid(self, view: View, places: list[tuple[int, int, pygame.Rect]]) -> None:
        """The card grid's cells in their places, kept drawn between frames: a card entered changes one cell,
        drawn again on the kept grid, which is then copied whole (one copy, not fifty-two; issue 20)."""
        area = places[0][2].unionall([p[2] for p in places]) if places else pygame.Rect(0, 0, 0, 0)
        key = (tuple(area), tuple((r, c, tuple(at)) for r, c, at in places), view.four_colour, self.fonts_height)
        if self._grid is None or self._grid[0] != key:
            self._grid = (key, self._opaque(area.size, BG), {})
        _, surface, cells = self._grid
        for r, c, at in places:
            cell = view.grid[r][c]
            kept = cells.get((r, c))
            if kept is None or (kept[0] is not cell and kept[0] != cell):  # cells are made once per look
                face = self._card_face_of(cell, at.size, view.four_colour)
                where = at.move(-area.left, -area.top)
                surface.blit(face.surface, where)
                lines = [Drawn(line, px, spot.move(at.topleft), at) for line, px, spot in face.lines]
                kept = cells[(r, c)] = (cell, lines)
            self.drawn += kept[1]
            if view.grid_enabled:  # a card greyed (played) too: the referee says why it is refused (issue 20)
                self.targets.append(Target(at, f"{'why ' if cell.played else ''}card {cell.code}"))
        self.surface.blit(surface, area)

    def _grid_lines(self, view: View, width: int) -> int:
        """The card grid's lines: a suit a line, a suit on two (upright), or two suits a line (folded)."""
        rows = sum(1 for row in view.grid if any(cell.in_deck for cell in row))
        return -(-rows // self._grid_fold(view, width)) * self._grid_wrap(view, width)

    def _grid_fold(self, view: View, width: int) -> int:
        """Suits per line of the card grid: 2 where a pack of few ranks (Euchre's six, Klaverjassen's eight)
        fits two suits a line in cells of 44 px and four lines would take a quarter more than the grid's share of
        a short screen (800x480, 1024x600), which gives the table the room of two lines; else 1."""
        w, h = self.surface.get_size()
        columns = sum(1 for c in range(len(view.grid[0])) if any(row[c].in_deck for row in view.grid))
        share = h * 34 // 100 - self._button_height() - 8
        four = 4 * MIN_TARGET + 3 * 4
        fits = 2 * columns * MIN_TARGET + (2 * columns - 1) * 4 + 12 <= width
        return 2 if h < w and fits and 4 * four > 5 * share else 1  # four lines well beyond the share

    @staticmethod
    def _grid_wrap(view: View, width: int) -> int:
        """Lines per suit in the card grid: 1, or 2 where one line cannot keep 44 px cells."""
        columns = sum(1 for c in range(len(view.grid[0])) if any(row[c].in_deck for row in view.grid))
        return 1 if columns * MIN_TARGET + (columns - 1) * 4 <= width else 2

    def _button_rects(self, buttons: list[Button], row: pygame.Rect, rtl: bool) -> list[pygame.Rect]:
        """Where each button goes: left to right (right to left in RTL), wrapping into more rows. Buttons are
        twice a target's width at least, or, where that would take more than two rows (Cutthroat Spades' 18
        bids on a 7-inch screen), as narrow as their labels allow, so the table keeps its room."""
        rects = self._placed(buttons, row, rtl, MIN_TARGET * 2)
        if len({r.top for r in rects}) > 2:
            rects = self._placed(buttons, row, rtl, MIN_TARGET + 16)
        return rects

    def _placed(self, buttons: list[Button], row: pygame.Rect, rtl: bool, least: int) -> list[pygame.Rect]:
        """Where ``buttons`` go from ``row`` on (as many rows as they need): worked out once per set of buttons and
        place, then copied (a frame asked it six times over, and every tap draws a frame: kiosk6, issue 20)."""
        faces = tuple((b.label, b.caption) for b in buttons)
        key = ("placed", faces, tuple(row), rtl, least, self.fonts.unit)
        known = self._rects.get(key)
        if known is None:
            known = self._rects.put(key, self._place(buttons, row, rtl, least))
        return [pygame.Rect(r) for r in known]

    def _place(self, buttons: list[Button], row: pygame.Rect, rtl: bool, least: int) -> list[pygame.Rect]:
        """:meth:`_placed`, worked out."""
        self.placed += 1
        rects = []
        x, y = 0, row.top
        for b in buttons:
            key = 2 * (self.fonts.small.size(b.caption)[0] + 8) if b.caption else 0  # the key's corner, both sides
            w = max(least, self.fonts.body.size(visual(b.label, rtl))[0] + 28 + key)
            if x and x + w > row.width:
                x, y = 0, y + row.height + 8
            left = row.right - x - w if rtl else row.left + x
            rects.append(pygame.Rect(left, y, w, row.height))
            x += w + 10
        return rects

    def _button_rows(self, buttons: list[Button], width: int, rtl: bool) -> int:
        rects = self._button_rects(buttons, pygame.Rect(0, 0, width, 1), rtl)
        return len({r.top for r in rects})

    def _draw_buttons(self, buttons: list[Button], row: pygame.Rect, rtl: bool) -> None:
        for b, rect in zip(buttons, self._button_rects(buttons, row, rtl), strict=True):
            self._draw_button(b, rect, rtl)

    def _draw_button(
        self, b: Button, rect: pygame.Rect, rtl: bool, under: tuple[int, int, int] = BG, below: bool = False
    ) -> None:
        """One button (drawn once per look and size, then copied); greyed and no target where it presses
        nothing now, but for a bid not allowed now, whose tap is refused in words. ``below``: the label below
        the key even where it would fit beside it (a row whose labels must stand alike)."""
        key = ("button", b.label, b.caption, b.enabled, rect.size, rtl, under, below)
        face = self._faces.get(key)
        if face is None:
            face = self._faces.put(key, self._button_face(b, rect.size, rtl, under, below))
        self._put_face(face, rect.topleft)
        if b.enabled:
            self.targets.append(Target(rect, b.intent))
        elif b.kind == "bid":  # a bid greyed: tapped, the referee says why it may not be made (issue 20)
            self.targets.append(Target(rect, f"why {b.intent}"))

    def _button_face(
        self, b: Button, size: tuple[int, int], rtl: bool, under: tuple[int, int, int], below: bool = False
    ) -> Face:
        """A button's look: its label, and its key in the trailing top corner. Where the label does not fit
        beside the key on one line, it goes below the key in the small font, on as many lines as the button
        holds; shrunk only where even that does not hold it (a single long word on a narrow screen)."""
        f = self.fonts
        face = Face(self._opaque(size, under))
        rect = face.surface.get_rect()

        def put(img: pygame.Surface, at: pygame.Rect, line: str, px: float) -> None:
            face.lines.append((line, px, face.surface.blit(img, at)))

        ink = INK if b.enabled else INK_OFF
        pygame.draw.rect(face.surface, BUTTON if b.enabled else BUTTON_OFF, rect, border_radius=8)
        inner = rect.inflate(-8, -4)
        if b.caption:
            caption = visual(b.caption, False)
            cap = f.small.render(caption, True, ACCENT if b.enabled else INK_OFF)
            at = (
                cap.get_rect(topleft=(rect.left + 5, rect.top + 2))
                if rtl
                else cap.get_rect(topright=(rect.right - 5, rect.top + 2))
            )
            put(cap, at, caption, f.small.point_size)
        label = visual(b.label, rtl)
        if not below and self._one_line(b, rect.width):
            img = f.body.render(label, True, ink)
            put(img, img.get_rect(center=rect.center), label, f.body.point_size)
            return face
        # below the key, in the small font, on as many lines as the button holds
        top = inner.top + (f.small.get_linesize() if b.caption else 0)
        area = pygame.Rect(inner.left, top, inner.width, rect.bottom - 2 - top)
        fit = max(1, area.height // f.small.get_linesize())
        lines, scale = self._wrapped(b.label, f.small, area.width, fit)
        if scale < 1 and b.caption and self._beside_key(b, inner, face, ink, rtl):
            return face
        if self._least_px(lines, scale, area.width) < MIN_TEXT:  # never under 16 px: the longest word (a name)
            lines, scale = self._cut_to_fit(b.label, area.width, fit)  # cut instead
        while scale > 0.5 and len(lines) * f.small.get_linesize() * scale > area.height:
            scale -= 0.05
        line_h = int(f.small.get_linesize() * scale)
        y = area.centery - line_h * len(lines) // 2
        for line in lines:
            shown = visual(line, rtl)
            img = f.small.render(shown, True, ink)
            shrink = 1.0
            if scale < 1 or img.get_width() > area.width:
                shrink = min(scale, area.width / img.get_width())
                img = pygame.transform.smoothscale_by(img, shrink)
            put(img, img.get_rect(midtop=(area.centerx, y)), shown, f.small.point_size * shrink)
            y += line_h
        return face

    def _cut_to_fit(self, label: str, width: int, most: int) -> tuple[list[str], float]:
        """A button's label on at most ``most`` lines of ``width`` in the small font at 16 px or more, its longest
        word cut with an ellipsis as far as that needs ("Bartholomew takes the rest" in a rare action's slot at
        800x480 shrank to 13.6 px: "Barth… takes / the rest"); the lines and their scale."""
        small = self.fonts.small
        words = label.split(" ")
        longest = max(range(len(words)), key=lambda i: len(words[i]))
        word = words[longest]
        for keep in range(len(word) - 1, 1, -1):
            words[longest] = word[:keep] + "…"
            lines, scale = self._wrapped(" ".join(words), small, width, most)
            if self._least_px(lines, scale, width) >= MIN_TEXT:
                return lines, scale
        return self._wrapped(" ".join(words), small, width, most)

    def _least_px(self, lines: list[str], scale: float, width: int) -> float:
        """The size in px of the smallest of a button's ``lines`` in the small font at ``scale``, each shrunk further
        where it is wider than ``width`` (a word wrapping leaves whole: "Rest für Konstantinos" at 15.2 px)."""
        small = self.fonts.small
        widest = max((text_width(small, line) for line in lines), default=0)
        return small.point_size * min(scale, width / widest if widest * scale > width else scale)

    def _beside_key(self, b: Button, inner: pygame.Rect, face: Face, ink: tuple[int, int, int], rtl: bool) -> bool:
        """A label that does not fit whole below the key: its first line beside the key, the others below, in
        16 px type ("Christina" beside F2 over "takes the" and "rest"), drawn on ``face``; False (nothing
        drawn) where even that does not hold it."""
        small = self.fonts.small
        room = inner.width - small.size(b.caption)[0] - 8
        lines = self._wrap(b.label, small, inner.width, first=room)
        if len(lines) * small.get_linesize() > inner.height or any(
            small.size(line)[0] > (room if i == 0 else inner.width) for i, line in enumerate(lines)
        ):
            return False
        y = inner.top + (inner.height - len(lines) * small.get_linesize()) // 2
        for i, line in enumerate(lines):
            shown = visual(line, rtl)
            img = small.render(shown, True, ink)
            box = pygame.Rect(inner.left, y, inner.width, small.get_linesize())
            if i == 0:  # the room the key leaves on its line: leading, before the trailing corner's key
                box.width = room
                if rtl:
                    box.right = inner.right
            at = img.get_rect(midtop=(box.centerx, y))
            face.lines.append((shown, small.point_size, face.surface.blit(img, at)))
            y += small.get_linesize()
        return True

    def _one_line(self, b: Button, width: int) -> bool:
        """The label fits on one line in the body font, centred between the key's corner and its mirror."""
        f = self.fonts
        room = width - 12 - (2 * (f.small.size(b.caption)[0] + 8) if b.caption else 0)
        return f.body.size(b.label.replace(SHY, ""))[0] <= room

    def _tall_bar(self, view: View) -> bool:
        """Where a label of the bar's own buttons (Undo, Redo, Keys, Score sheet) does not fit beside its key
        (a narrow screen), the bar's buttons are tall enough for the key above two lines of label, for the
        whole game: the bar never changes its height while a table plays."""
        if not view.seats or view.game_over:
            return False
        w = self.surface.get_width()
        lines = self._bar_lines()
        row = pygame.Rect(0, 0, w - 2 * max(8, self.surface.get_height() // 80), lines * MIN_TARGET + (lines - 1) * 8)
        slots = self._bar_slots(row, False)
        return any(
            b is not None and b.intent in BAR_INTENTS and not self._one_line(b, slot.width)
            for b, slot in zip(self._bar_buttons(view.buttons), slots, strict=True)
        )

    def _draw_game_over(self, view: View, rect: pygame.Rect) -> None:
        f = self.fonts
        y = rect.top
        # Standings on the leading side, the chart on the trailing side.
        column = pygame.Rect(rect.centerx if view.rtl else rect.left, y, rect.width // 2, 80)
        for i, line in enumerate(view.standings):
            font = f.big if i == 0 else f.body
            column.top = y
            y += self.text(line, font, ACCENT if i == 0 else INK, column, view.rtl)
        chart = pygame.Rect(
            rect.left if view.rtl else rect.centerx + 10, rect.top, rect.width // 2 - 10, rect.height * 2 // 3
        )
        self._draw_chart(view, chart)
        kept = (
            "again",
            "undo",
            "redo",
            "export",
            "confirm",
            "dismiss",
            "club next",
            "club retry",
            "club code",
            "ui sheet",
        )
        buttons = [b for b in view.buttons if b.intent in kept and b.enabled]
        if buttons:  # at the bottom, in as many rows as the width needs
            lines = self._button_rows(buttons, rect.width, view.rtl)
            top = rect.bottom - lines * (MIN_TARGET + 8) + 8
            self._draw_buttons(buttons, pygame.Rect(rect.left, top, rect.width, MIN_TARGET), view.rtl)

    def _draw_chart(self, view: View, rect: pygame.Rect) -> None:
        """Each player's running score across the deals."""
        pygame.draw.rect(self.surface, PANEL, rect, border_radius=10)
        series = view.chart
        if not series or len(series[0]) < 2:
            return
        values = [v for line in series for v in line]
        low, high = min(values), max(values)
        span = max(1, high - low)
        inner = rect.inflate(-30, -30)
        palette = [
            (255, 206, 84),
            (120, 200, 255),
            (255, 130, 160),
            (170, 240, 150),
            (220, 170, 255),
            (255, 170, 100),
            (150, 230, 230),
            (240, 240, 240),
        ]
        steps = len(series[0]) - 1
        labels, boxes = [], []
        for i, line in enumerate(series):
            points = [
                (inner.left + inner.width * k // steps, inner.bottom - (v - low) * inner.height // span)
                for k, v in enumerate(line)
            ]
            pygame.draw.lines(self.surface, palette[i % len(palette)], False, points, 3)
            name = visual(view.names[i], view.rtl)
            label = self._image(name, self.fonts.small, palette[i % len(palette)])
            labels.append((name, label))
            boxes.append(label.get_rect(bottomright=points[-1]).clamp(rect.inflate(-4, -4)))  # each name inside
        # Each name at the end of its line, as near it as the others allow: close totals (partners end on the same
        # score) are stacked in their order, none drawn over another (issue 20).
        room = rect.inflate(-4, -4)
        tops = spread([box.top for box in boxes], max((box.height for box in boxes), default=0), room.top, room.bottom)
        for (name, label), box, top in zip(labels, boxes, tops, strict=True):
            self._put(label, (box.left, top), name, self.fonts.small.point_size, rect)

    def hit(self, pos: tuple[int, int]) -> str | None:
        for target in reversed(self.targets):
            if target.rect.collidepoint(pos):
                return target.intent
        return None


def spread(wanted: list[int], height: int, top: int, bottom: int) -> list[int]:
    """Tops for labels ``height`` high that want the tops ``wanted``: none overlapping another, between ``top`` and
    ``bottom`` where they fit, in the order they want and each as near its wish as the others allow."""
    order = sorted(range(len(wanted)), key=lambda i: (wanted[i], i))
    tops = list(wanted)
    below = top  # the first top free below the labels placed so far
    for i in order:  # down: each below the one above it
        tops[i] = below = max(wanted[i], below)
        below += height
    above = bottom  # then up from the bottom: the last ones back inside
    for i in reversed(order):
        tops[i] = above = min(tops[i], above - height)
    below = top  # and down again from the top, where more labels than the room can hold would leave it
    for i in order:
        tops[i] = below = max(tops[i], below)
        below += height
    return tops


class Keys:
    """Two keystrokes per card, rank then suit or suit then rank (`Q S`, `S Q`, `1 0 H`, `T H`).

    ``pack`` is the game's pack (the view says which): an Italian card is `C B`
    or `B C` (the cavallo di bastoni), `A D` or `1 D` (the asso di denari).
    """

    def __init__(self, pack: str = "french") -> None:
        self.pending = ""
        self.pack = pack

    def clear(self) -> None:
        """Forget a card's first key: anything else the table does (a tap, an answer, an undo) ends it."""
        self.pending = ""

    def feed(self, key: str) -> str | None:
        key = key.lower()
        if self.pack == "italian":
            return self._feed_italian(key)
        if key == "1":  # the first key of "10", after a suit or on its own
            self.pending = self.pending + "1" if self.pending.startswith("#") else "1"
            return None
        if self.pending.endswith("1") and key == "0":
            if self.pending.startswith("#"):  # suit, then 1 0
                code, self.pending = "T" + self.pending[1], ""
                return f"card {code}"
            self.pending = "T"
            return None
        if key in KEY_SUITS and self.pending in KEY_RANKS.values():
            code, self.pending = self.pending + KEY_SUITS[key], ""
            return f"card {code}"
        if key in KEY_RANKS and self.pending.startswith("#") and len(self.pending) == 2:
            code, self.pending = KEY_RANKS[key] + self.pending[1], ""
            return f"card {code}"
        if key in KEY_SUITS:
            self.pending = "#" + KEY_SUITS[key]
            return None
        if key in KEY_RANKS:
            self.pending = KEY_RANKS[key]
            return None
        self.pending = ""
        return None

    def _feed_italian(self, key: str) -> str | None:
        first, self.pending = self.pending, ""
        if first in ITALIAN_KEY_RANKS and key in ITALIAN_KEY_SUITS:
            return f"card {ITALIAN_KEY_RANKS[first]}{ITALIAN_KEY_SUITS[key]}"
        if first in ITALIAN_KEY_SUITS and key in ITALIAN_KEY_RANKS:
            return f"card {ITALIAN_KEY_RANKS[key]}{ITALIAN_KEY_SUITS[first]}"
        if key in ITALIAN_KEY_RANKS or key in ITALIAN_KEY_SUITS:
            self.pending = key
        return None


def typed_key(pending: str) -> str:
    """A card's first key as the screen shows it: a rank (``Q``, ``10``) or a suit's symbol."""
    if pending.startswith("#"):  # a suit, then perhaps the 1 of a 10
        suit = pending[1]
        return (SUIT_SYMBOLS[SUITS.index(suit)] if suit in SUITS else suit) + pending[2:]
    return "10" if pending == "T" else pending.upper()


def events_to_intents(events: list[pygame.event.Event], screen: Screen, keys: Keys) -> Iterator[str]:
    """Translate input events into intent lines. A touch counts once. A card's first key lasts only until
    its second: any other input clears it (``keys.clear``), so a stray key never joins a later one."""
    for event in events:
        typed_before = keys.pending
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN) or (
            event.type == pygame.KEYDOWN and event.unicode and not event.unicode.isalnum()
        ):
            keys.clear()  # a tap, Enter or Backspace clears a waiting key (Backspace then undoes nothing)
        if event.type == pygame.KEYDOWN and screen.command is not None:
            # The command line takes every key until Enter or Escape.
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                line, screen.command = screen.command.strip(), None
                if line:
                    yield ":" + line  # marked as typed: the session reads its player numbers from 1
            elif event.key == pygame.K_ESCAPE:
                screen.command = None
            elif event.key == pygame.K_BACKSPACE:
                screen.command = screen.command[:-1]
            elif event.unicode and event.unicode.isprintable():
                screen.command += event.unicode
            continue
        if screen.overlay == "quit":  # "Quit the kiosk?": only its Yes (a tap or the yes key) quits
            yield from _leave_answer(event, screen)
            continue
        if (
            event.type == pygame.KEYDOWN
            and (screen.typing or screen.naming)
            and function_key(event) in screen.shortcuts
        ):
            yield screen.shortcuts[function_key(event)]  # a button the typed letters leave to an F-key
            continue
        if event.type == pygame.KEYDOWN and screen.typing:  # a club server's address or a table code
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                yield "type ok"
            elif event.key == pygame.K_BACKSPACE:
                yield "type back"
            elif event.key == pygame.K_ESCAPE:
                yield "club cancel"
            elif event.key == pygame.K_v and event.mod & pygame.KMOD_CTRL:
                pasted = "".join(clipboard().split())
                if pasted:
                    yield f"type {pasted}"
            elif event.unicode and event.unicode.isprintable() and not event.unicode.isspace():
                yield f"type {event.unicode}"
            continue
        if event.type == pygame.KEYDOWN and event.unicode in (":", "/"):
            screen.command = ""
            continue
        if event.type == pygame.KEYDOWN and screen.naming:  # a player's name, typed on a keyboard
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                yield "type ok"
            elif event.key == pygame.K_BACKSPACE:
                yield "type back"
            elif event.key == pygame.K_ESCAPE:
                yield "pick"  # back to the list of games
            elif event.unicode and event.unicode.isprintable() and not event.unicode.isspace():
                yield f"type {event.unicode}"
            continue
        moves = {pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_TAB: 1, pygame.K_LEFT: -1, pygame.K_UP: -1}
        if event.type == pygame.KEYDOWN and screen.setup and screen.targets and event.key in moves:
            step = (
                -moves[event.key] if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT else moves[event.key]
            )
            screen.focus = (screen.focus + step) % len(screen.targets) if screen.focus >= 0 else 0
            continue
        if event.type == pygame.KEYDOWN and screen.setup and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if 0 <= screen.focus < len(screen.targets):
                pressed, screen.focus = screen.targets[screen.focus].intent, 0  # the next screen starts at its top
                yield pressed
            continue
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F1 or event.unicode == "?"):
            screen.overlay = None if screen.overlay == "help" else "help"
            continue
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            screen.overlay = None if screen.overlay == "sheet" else "sheet"
            screen.sheet_back = 0  # the sheet opens on its latest deals
            continue
        if event.type == pygame.KEYDOWN and screen.overlay is not None:
            if event.key == pygame.K_ESCAPE:
                screen.overlay = None  # Esc closes the help or the sheet first
            elif screen.overlay == "sheet" and event.key in (
                pygame.K_UP,
                pygame.K_PAGEUP,
                pygame.K_DOWN,
                pygame.K_PAGEDOWN,
            ):
                yield "ui sheet " + ("earlier" if event.key in (pygame.K_UP, pygame.K_PAGEUP) else "later")
            elif screen.overlay == "help" and function_key(event) in screen.help_keys:
                yield screen.help_keys[function_key(event)]  # a language, the page staying open
            continue
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            screen.overlay = "quit"  # the kiosk quits only once the table says yes (a second, other key or tap)
            continue
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN) and screen.overlay is not None:
            if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "touch", False):
                continue  # the mouse event SDL makes of a touch: the touch itself counts
            w, h = screen.surface.get_size()
            pos = event.pos if event.type == pygame.MOUSEBUTTONDOWN else (int(event.x * w), int(event.y * h))
            tapped = screen.hit(pos)
            if tapped is not None and (tapped.startswith("lang ") or tapped.startswith("ui sheet ")):
                yield tapped  # a language on the keys' page (the page stays, in that language); the sheet's ↑ ↓
            else:
                screen.overlay = None  # a tap anywhere else closes it
            continue
        key = event.unicode.lower() if event.type == pygame.KEYDOWN and event.unicode else ""
        if event.type == pygame.KEYDOWN and function_key(event):
            key = function_key(event)  # the rare zone's keys (view.RARE_KEYS), the setup screen's languages
        if key and key in screen.shortcuts:  # the player's number, yes or no: what the screen asks now
            keys.clear()
            yield screen.shortcuts[key]
            continue
        starts = "-0123456789nN" if screen.quick_bids else "-0123456789"
        if event.type == pygame.KEYDOWN and screen.quick and event.unicode and event.unicode in starts:
            screen.command = "score " + event.unicode  # quick-score: numbers start a deal's result
            continue
        if event.type == pygame.KEYDOWN and screen.bidding and event.unicode and event.unicode in "0123456789nN":
            if event.unicode in "nN":
                yield "bid nil"
            else:
                screen.command = "bid " + event.unicode  # a bid of tricks: the number, then Enter
            continue
        if event.type == pygame.KEYDOWN:
            mods = pygame.key.get_mods()
            if event.key == pygame.K_z and mods & pygame.KMOD_CTRL:
                yield "redo" if mods & pygame.KMOD_SHIFT else "undo"
            elif event.key == pygame.K_y and mods & pygame.KMOD_CTRL:
                yield "redo"
            elif event.key == pygame.K_BACKSPACE:
                if not typed_before:  # Backspace first clears a card's waiting first key
                    yield "undo"
            elif event.unicode:
                intent = keys.feed(event.unicode)
                if intent:
                    yield intent
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not getattr(event, "touch", False):
            intent = screen.hit(event.pos)
            if intent:
                yield intent
        elif event.type == pygame.FINGERDOWN:
            w, h = screen.surface.get_size()
            intent = screen.hit((int(event.x * w), int(event.y * h)))
            if intent:
                yield intent


FUNCTION_KEYS = {getattr(pygame, f"K_F{n}"): f"f{n}" for n in range(2, 13)}  # F1 is the keys' help


def function_key(event: pygame.event.Event) -> str:
    """ "f2" for F2 (up to F12), as a button's key names it; "" for any other key."""
    return FUNCTION_KEYS.get(event.key, "") if event.type == pygame.KEYDOWN else ""


def _leave_answer(event: pygame.event.Event, screen: Screen) -> Iterator[str]:
    """An event while "Quit the kiosk?" is asked: Yes (its key, or a tap on it) quits; No, Esc or a tap
    elsewhere closes the question; any other key does nothing."""
    if event.type == pygame.KEYDOWN:
        key = event.unicode.lower() if event.unicode else ""
        if key and key == screen.leave_keys[0]:
            yield "ui quit"
        elif event.key == pygame.K_ESCAPE or (key and key == screen.leave_keys[1]):
            screen.overlay = None
    elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
        if event.type == pygame.MOUSEBUTTONDOWN:
            pos = event.pos
        else:
            w, h = screen.surface.get_size()
            pos = (int(event.x * w), int(event.y * h))
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "touch", False):
            return  # the mouse event SDL makes of a touch: the touch itself counts
        if screen.hit(pos) == "ui quit":
            yield "ui quit"
        else:
            screen.overlay = None


def clipboard() -> str:
    """The text on the clipboard (an address copied from the organiser's page), or nothing."""
    try:
        return str(pygame.scrap.get_text() or "")
    except (pygame.error, AttributeError):
        return ""


# The event a club's thread posts when the results waiting (or a join) change: the loop wakes and redraws.
CLUB_EVENT = pygame.event.custom_type()


def wake() -> None:
    """Wake the frame loop from any thread (SDL's event queue takes events from every thread)."""
    with contextlib.suppress(pygame.error):  # no display yet (or any more): the first frame asks anyway
        pygame.event.post(pygame.event.Event(CLUB_EVENT))


def init_display(size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_allow_screensaver(False)  # the screen never sleeps during a game
    flags = pygame.RESIZABLE | (pygame.FULLSCREEN if fullscreen else 0)
    if fullscreen:  # the display's own size: a 1280x800 window on an 800x480 screen was cropped (issue 20)
        size = pygame.display.get_desktop_sizes()[0]
    surface = pygame.display.set_mode(size, flags)
    pygame.display.set_caption("Trickbook")
    return surface


class App:
    """One window: holds the current view; turns event batches into intents and frames."""

    def __init__(
        self,
        submit: Callable[[str], View],
        first: View,
        surface: pygame.Surface,
        poll: Callable[[], View | None] | None = None,
    ) -> None:
        self.submit = submit
        self.poll = poll  # what the club's threads brought: a new view, or None when nothing changed
        self.view = first
        self.screen = Screen(surface)
        self.keys = Keys(first.pack)
        self.running = True
        self.frames = 0
        self.last_input = time.monotonic()  # when the last batch of events came (idle work waits for quiet)
        self._shadow: Screen | None = None  # draws views off screen into the screen's caches (warm)

    def handle(self, events: list[pygame.event.Event]) -> bool:
        """Apply a batch of events; True when the screen must be redrawn."""
        dirty = False
        self.last_input = time.monotonic()
        command_open = self.screen.command is not None
        overlay, focus = self.screen.overlay, self.screen.focus
        for e in events:
            if e.type == pygame.QUIT:  # the window closed (Esc asks first: see events_to_intents)
                self.running = False
            elif e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                resized = pygame.display.get_surface()
                if resized is not None:
                    self.screen.resize(resized)
                dirty = True
            elif e.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
                dirty = True
            elif e.type == CLUB_EVENT and self.poll is not None:
                polled = self.poll()
                if polled is not None:
                    self.view = polled
                    dirty = True
        typed = self.keys.pending
        for intent in events_to_intents(events, self.screen, self.keys):
            if intent == "ui quit":  # "Quit the kiosk?" answered yes: every entry is saved already
                self.running = False
                break
            if intent == "ui more":  # the setup screen's next page of games: the screen's own too
                self.screen.setup_page += 1
                dirty = True
                continue
            if intent in ("ui sheet earlier", "ui sheet later"):  # the sheet's earlier or later deals
                step = self.screen.sheet_page if intent.endswith("earlier") else -self.screen.sheet_page
                self.screen.sheet_back = max(0, self.screen.sheet_back + step)
                dirty = True
                continue
            if intent.startswith("ui "):  # the sheet or the help: the screen's own, never journaled
                shown = intent.removeprefix("ui ")
                self.screen.overlay = None if self.screen.overlay == shown else shown
                self.screen.sheet_back = 0  # the sheet opens on its latest deals
                dirty = True
                continue
            self.view = self.submit(intent)
            self.keys.pack = self.view.pack  # a new game may be played with another pack
            dirty = True
        self.screen.typed = self.keys.pending
        if (
            command_open
            or typed != self.keys.pending
            or self.screen.command is not None
            or overlay != self.screen.overlay
            or focus != self.screen.focus
        ):
            dirty = True  # the command line, the help or the sheet changed
        return dirty

    def render(self) -> None:
        self.screen.draw(self.view)
        pygame.display.flip()
        self.frames += 1

    def warm(self, view: View) -> None:
        """Draw ``view`` off screen, with the screen's fonts and caches: its lines wrapped and rendered, its faces
        made, for the frame that shows it (a language tapped for the first time). The screen's own state (its
        targets, what it drew) is not touched."""
        if self._shadow is None or self._shadow.surface.get_size() != self.screen.surface.get_size():
            self._shadow = Screen(pygame.Surface(self.screen.surface.get_size()), like=self.screen)
        self._shadow.draw(view)


QUIET = 0.3  # s without input before the next slice of idle work (a catalog) starts


def idle_work(app: App, slices: list[Callable[[], object]]) -> threading.Thread:
    """Run ``slices`` (each a catalog to load: Session.idle_slices) on a thread of their own after the first frame,
    each once the table has left the kiosk alone for QUIET seconds: the first tap on a language then finds its
    catalog loaded, and the thread never competes with a tap it can see coming."""

    def work() -> None:
        for piece in slices:
            while app.running and time.monotonic() - app.last_input < QUIET:
                time.sleep(QUIET / 3)
            if not app.running:
                return
            piece()

    thread = threading.Thread(target=work, name="kiosk-idle", daemon=True)
    thread.start()
    return thread


def run(
    submit: Callable[[str], View],
    first: View,
    size: tuple[int, int],
    fullscreen: bool,
    poll: Callable[[], View | None] | None = None,
    idle: list[Callable[[], object]] | None = None,
    views: list[Callable[[], View]] | None = None,
    after_first: Callable[[], View | None] | None = None,
) -> None:
    """The event loop: sleep until input arrives (or a club's thread posts CLUB_EVENT), then redraw once.

    ``after_first``: work left until the first frame is shown and done before any input is taken (the journal's
    whole-file check); a view when the screen must change (damage found and recovered).

    While the table leaves the kiosk alone: ``idle``, work for a thread started after the first frame
    (:func:`idle_work`: the other languages' catalogs), then ``views``, once that is done, one per quiet moment on
    this thread: each drawn off screen (:meth:`App.warm`), so that its first frame finds its text laid out."""
    app = App(submit, first, init_display(size, fullscreen), poll)
    if poll is not None:
        app.view = poll() or app.view  # what came before the display could be woken
    app.render()
    if after_first is not None:
        changed = after_first()
        if changed is not None:
            app.view = changed
            app.keys.pack = changed.pack
            app.render()
    worker = idle_work(app, idle) if idle else None
    later = list(views or [])
    while app.running:
        if later:  # wake once the table has been quiet a while, for the next view to warm
            event = pygame.event.wait(int(QUIET * 1000))
            if event.type == pygame.NOEVENT:
                if time.monotonic() - app.last_input >= QUIET and (worker is None or not worker.is_alive()):
                    app.warm(later.pop(0)())
                continue
            batch = [event, *pygame.event.get()]
        else:
            batch = [pygame.event.wait(), *pygame.event.get()]
        if app.handle(batch):
            app.render()
    pygame.quit()


def render_to_file(view: View, size: tuple[int, int], out: Path, overlay: str | None = None) -> None:
    """Draw one view off screen and save it as PNG (the headless screenshot), with ``overlay`` (sheet, help) open."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface(size)
    screen = Screen(surface)
    screen.overlay = overlay
    screen.draw(view)
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
