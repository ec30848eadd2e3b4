"""The book: in Whist the first tricks a side takes score nothing, and each one beyond them scores.

The settings (``scoring.book``): ``tricks``, the book (Whist's six), and
``points``, what each trick beyond it scores (by default 1). A side is a
partnership where partners score together, else one player; each member
scores the side's points.

Why a module of its own and not one with the bags (:mod:`referee.mechanisms.bags`):
the book scores tricks beyond a fixed number in a game without bids, deal by
deal, with nothing carried over; bags count the overtricks of a *bid* across
deals. No game has both, and neither needs the other.

The engine scores the book through :class:`Book`, a
:class:`~referee.scoring.TricksOver` the ruleset's compile step puts on its
plan (:func:`tricks_over`): :mod:`referee.scoring` sits below this package's
imports, so it asks the component and never imports this module. Its method
is int arithmetic, asked once per seat and deal: no list, no object made. The
pages, the kiosk and quick score ask :func:`of` for the settings and
:func:`points_for` for what a side's tricks score; quick score's checks of a
deal's points ask :func:`entry`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..entering import PointsEntry, ResultError, check_partners
from ..scoring import NO_BOOK, TricksOver

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "book"
PATH: Final = ("scoring", "book")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "required": ["tricks"],
    "description": "Tricks over a book (Whist): a side scores for each trick it takes beyond the first `tricks`.",
    "properties": {
        "tricks": {
            "type": "integer",
            "minimum": 0,
            "maximum": 26,
            "description": "The book: tricks that score nothing.",
        },
        "points": {
            "type": ["integer", "null"],
            "default": 1,
            "description": "Points for each trick over the book.",
        },
    },
}


@dataclass(frozen=True)
class BookSettings:
    """The ``scoring.book`` settings (``tricks`` None: no book)."""

    tricks: int | None = None
    points: int = 0


def read(data: dict[str, Any]) -> BookSettings:
    if "tricks" not in data:  # no book block (its points' default alone)
        return BookSettings()
    return BookSettings(tricks=int(data["tricks"]), points=int(data["points"]))


def active(settings: BookSettings) -> bool:
    return settings.tricks is not None


def of(rules: Ruleset) -> BookSettings:
    """The book of a compiled ruleset."""
    return cast(BookSettings, rules.mechanisms[NAME])


def check(settings: BookSettings, rules: Ruleset, bad: Bad) -> None:
    book = settings.tricks
    if book is None:
        return
    most = rules.most_tricks()
    if rules.trick_rows:
        bad((*PATH, "tricks"), "scoring.tricks already scores a deal's tricks by its table: no book besides it")
    from . import whole_deal  # (the package imports this module: asked when checking, not at import)

    weighed = whole_deal(rules)
    if weighed is not None:
        bad(
            (*PATH, "tricks"),
            f"{'.'.join(weighed)} scores the deal as a whole; points per trick beyond a book would unbalance it",
            weighed,
        )
    if most and book >= most:
        bad(
            (*PATH, "tricks"),
            f"a book of {book} trick{'s' if book != 1 else ''} leaves none to score: "
            f"a deal has at most {most} trick{'s' if most != 1 else ''}",
        )


class Book(TricksOver):
    """The book on a compiled plan: what the engine asks for each side's tricks."""

    def __init__(self, settings: BookSettings) -> None:
        super().__init__()
        self.on = True
        self.book = settings.tricks if settings.tricks is not None else 0
        self.per_trick = settings.points

    def points(self, tricks: int) -> int:
        over = tricks - self.book
        return self.per_trick * over if over > 0 else 0


def tricks_over(settings: BookSettings) -> TricksOver:
    """What a ruleset scores for tricks beyond a book: the book's points, or nothing."""
    return Book(settings) if active(settings) else NO_BOOK


def points_for(rules: Ruleset, tricks: int) -> int:
    """What a side that took ``tricks`` tricks scores for those beyond the book (0 without one)."""
    return tricks_over(of(rules)).points(tricks)


def entry(settings: BookSettings, rules: Ruleset, players: int) -> PointsEntry | None:
    """What the book says of a deal's points entered without its cards (:mod:`referee.entering`)."""
    return BookEntry(settings, rules, players) if active(settings) else None


class BookEntry(PointsEntry):
    """A side scores for each trick beyond the book: where the whole pack is played and nothing else scores,
    the sides' points must make the deal's tricks; elsewhere they widen each player's range."""

    exact = False  # points per trick: a deal's total and shares are a range, not known from the cards

    def __init__(self, settings: BookSettings, rules: Ruleset, players: int) -> None:
        assert settings.tricks is not None
        self.per, self.book = settings.points, settings.tricks
        self.rules = rules
        layout = self.layout = rules.layout(players)
        self.alone = not layout.scoring_cards and not rules.deal_extra() and layout.whole_pack()

    def check(self, points: Sequence[int], sides: tuple[int, ...]) -> bool:
        if not self.alone:
            return False
        per, book, hand = self.per, self.book, self.layout.hand_size
        by_side = check_partners(sides, points) if self.rules.score_teams == "shared" else dict(enumerate(points))
        most = per * (hand - book)
        for value in by_side.values():
            if value < 0 or value > most or (per and value % per):
                allowed = tuple(range(0, most + 1, per or 1))
                raise ResultError(
                    "side-points",
                    f"a side scores {' or '.join(map(str, allowed))} points in a deal, not {value}",
                    allowed=allowed,
                    points=value,
                )
        # The sides that score took the book and their points' worth; the others at most the book.
        scoring = sum(book + v // per for v in by_side.values() if v and per)
        others = sum(1 for v in by_side.values() if not v)
        if not scoring <= hand <= scoring + others * book:
            raise ResultError("impossible", "no deal of this game can end with these points")
        return True

    def bounds(self, low: int, high: int) -> tuple[int, int]:
        layout = self.layout
        most = self.per * max(0, max(layout.schedule or (layout.hand_size,)) - self.book)
        return low + min(0, most), high + max(0, most)
