"""What a mechanism says of a deal's result entered without its cards (the kiosk's quick score, the club).

:mod:`referee.results` checks the points a table enters for a deal against
what the ruleset can score. The core rules of scoring (card points, a bonus
for taking no trick, a trick table) it knows itself; each mechanism that
changes which results are possible says so through a :class:`PointsEntry` of
its own, made by the mechanism module's ``entry(settings, rules, players)``
(the registry's ``ENTRIES``): that it owns the entry and checks it whole (a
score sheet's game value), that its deals are entered in another form (who
chose trump and each side's card points), that it widens the bounds of a
player's points, adds totals, or makes whole results a plain split cannot (a
shot moon). So the arithmetic of a mechanism is taught once, in its module.

This module imports nothing of the engine's: the mechanism modules, which the
ruleset imports, import it.
"""

from __future__ import annotations

from collections.abc import Sequence


class ResultError(ValueError):
    """A result no deal of the ruleset can have; ``kind`` and ``params`` say why.

    ``str()`` is the reason in one line of English.
    """

    def __init__(self, kind: str, message: str, **params: object) -> None:
        self.kind = kind
        self.params = params
        super().__init__(message)


#: The forms in which a deal's result is entered (:attr:`PointsEntry.form`): each player's points, or who chose
#: trump and each side's card points (where what the cards are worth, or the roem, cannot be known from points).
POINTS = "points"
CARD_DEAL = "card-deal"


class PointsEntry:
    """One mechanism's say on the points entered for a deal. Each method's default says nothing.

    ``form``: the form the mechanism's deals are entered in (:data:`POINTS` or :data:`CARD_DEAL`);
    ``whole_deal``: whether :meth:`check` weighs the deal as a whole, before the core's trick table;
    ``exact``: whether a deal's total and each player's share stay known from the cards (a book's per-trick
    points make them a range).
    """

    form = POINTS
    whole_deal = False
    exact = True

    def check(self, points: Sequence[int], sides: tuple[int, ...]) -> bool:
        """Check ``points`` (per seat; ``sides``: per seat, its side in the deal) where this mechanism decides
        the entry on its own: raise :class:`ResultError`, or return True for a result it accepts. False: the
        core's checks and the other mechanisms decide."""
        return False

    def bounds(self, low: int, high: int) -> tuple[int, int]:
        """The least and the most a player may score in a deal, given what the others allow so far."""
        return low, high

    def totals(self, teams: tuple[int, ...] | None) -> set[int]:
        """Totals a deal's points may add up to besides a plain one (``teams``: the deal's sides, None: the
        seating's)."""
        return set()

    def matches(self, points: Sequence[int], teams: tuple[int, ...] | None) -> bool:
        """Whether this mechanism can make a deal end with exactly ``points``, where a plain split cannot."""
        return False


class CardDealEntry(PointsEntry):
    """The say of a mechanism whose deals are entered as who chose trump and each side's card points (and
    roem), not as each player's points: what a card is worth, or a meld, cannot be read from points alone."""

    form = CARD_DEAL


#: The one card-deal entry (it holds nothing of a ruleset's).
CARD_DEAL_ENTRY = CardDealEntry()


def check_partners(sides: Sequence[int], points: Sequence[int]) -> dict[int, int]:
    """Each side's points (``sides``: the deal's, per seat); partners who score together must be given the same."""
    from .ending import side_members  # here: referee.ending imports the ruleset, whose mechanisms import this module

    out: dict[int, int] = {}
    for members in side_members(sides):
        if len({points[s] for s in members}) != 1:
            raise ResultError("partners", "partners score the same: give both the same points")
        out[sides[members[0]]] = points[members[0]]
    return out
