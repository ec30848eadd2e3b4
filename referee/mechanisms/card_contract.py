"""A contract on card points: the side that chose trump must take more than half, or loses everything.

In Klaverjassen the side whose player chose trump ("de spelende partij", they
"gaan") must end the deal with more than half of all the points of the deal,
card points and roem together. If it does, each side scores what it took; if
not, it is "nat": it scores nothing and the other side scores every point of
the deal, its roem included. ``scoring.card_contract`` says how much the makers
need (``more-than-half``, or ``half`` where a tie is enough); what they lose is
always everything, to the other side.

This step weighs one side against the other, so it runs once partners have
shared their points (:meth:`~referee.scoring.DealScorer.settle`), after every
other mechanism has added its points (the last trick, roem, a pit). A deal
without a maker (thrown in) is left as it is.

Sources: Nederlandse Klaverjas Unie, "Het spel" ("nat": meer dan de helft van
de punten plus roem); nl.wikipedia.org, Klaverjassen ("Nat").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from ..entering import CARD_DEAL_ENTRY, PointsEntry
from ..scoring import DealScorer, Taken
from . import moon

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "card_contract"
PATH: Final = ("scoring", "card_contract")

Need = Literal["none", "more-than-half", "half"]

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "The side whose player chose trump must take a share of the deal's points (cards and bonuses "
        "together), or score nothing while the other side scores them all (Klaverjassen's nat)."
    ),
    "properties": {
        "makers_need": {
            "enum": ["none", "more-than-half", "half", None],
            "default": "none",
            "description": (
                "What the makers must take of all the points of the deal: `more-than-half`, or `half` (a tie "
                "is enough). `none`: no such contract."
            ),
        },
    },
}


@dataclass(frozen=True)
class CardContract:
    """The ``scoring.card_contract`` settings."""

    makers_need: Need = "none"


def read(data: dict[str, Any]) -> CardContract:
    return CardContract(makers_need=cast(Need, data.get("makers_need", "none")))


def active(settings: CardContract) -> bool:
    return settings.makers_need != "none"


def of(rules: Ruleset) -> CardContract:
    """The card-point contract of a compiled ruleset."""
    return cast(CardContract, rules.mechanisms[NAME])


def entry(settings: CardContract, rules: Ruleset, players: int) -> PointsEntry | None:
    """A deal of a card-point contract is entered as who chose trump and each side's card points
    (:func:`referee.results.score_card_deal`), never as each player's points."""
    return CARD_DEAL_ENTRY if active(settings) else None


def check(settings: CardContract, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    at = (*PATH, "makers_need")
    if not any(r.kind in ("order-up", "call") for r in rules.bidding_rounds):
        bad(
            at,
            "a contract on card points needs a player who chooses trump (a bidding round of kind order-up or call)",
            ("bidding", "rounds"),
        )
    if rules.teams_kind != "opposite" or rules.score_teams != "shared":
        bad(
            at,
            "a contract on card points needs partners who score together (players.teams, scoring.teams)",
            ("players", "teams"),
            ("scoring", "teams"),
        )
    if rules.trick_rows or rules.bid_scoring is not None or moon.active(moon.of(rules)):
        bad(at, "a contract on card points does not go with bids, a makers/defenders table or the moon")


def made(settings: CardContract, makers: int, total: int) -> bool:
    """Whether makers who took ``makers`` of the deal's ``total`` points made their contract."""
    return makers * 2 > total if settings.makers_need == "more-than-half" else makers * 2 >= total


def settle_sides(settings: CardContract, totals: list[int], makers: int) -> list[int]:
    """Each side's score from what each side took (cards and bonuses), ``makers`` the makers' side.

    The one place the contract is scored: a played deal (:class:`Nat`) and a deal entered by its
    card points and roem (:func:`referee.results.score_card_deal`) both ask it.
    """
    total = sum(totals)
    if made(settings, totals[makers], total):
        return list(totals)
    return [0 if side == makers else total for side in range(len(totals))]


def extra_points(settings: CardContract, rules: Ruleset) -> int:
    return 0


def scorers(settings: CardContract, rules: Ruleset) -> list[DealScorer]:
    return [Nat(settings)] if active(settings) else []


class Nat(DealScorer):
    """Gives the other side everything when the makers fall short."""

    settles = True

    def __init__(self, settings: CardContract) -> None:
        self.settings = settings

    def settle(self, points: list[int], taken: Taken) -> None:
        if taken.maker < 0:
            return
        teams = taken.teams
        sides = max(teams) + 1
        totals = [0] * sides
        for seat, side in enumerate(teams):
            totals[side] = points[seat]  # partners hold their side's points already
        scored = settle_sides(self.settings, totals, teams[taken.maker])
        for seat, side in enumerate(teams):
            points[seat] = scored[side]
