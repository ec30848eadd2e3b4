"""The revoke penalty: what a revoke the table confirms costs, and whom it pays.

At a real table the referee flags a revoke it can prove (:mod:`referee.observer`);
the table confirms or dismisses the flag, and a confirmed one is booked on its deal
as this penalty says. The settings (``scoring.revoke_penalty``):

- ``points``: a number of points, given by ``to``: ``opponents`` (the offending
  side's opponents get them: Euchre 2, Whist 3) or ``offender`` (the offender's
  side gets them, a negative number costing it points); with ``alone_points``,
  that number instead in a deal a player plays alone, whoever revoked (Euchre
  as many regions score a renege with a lone hand: 4; liquisearch.com, Euchre,
  "Renege": "that team may be awarded 4 points instead of 2, depending upon
  region ... If the player going alone reneges the opposing team is likewise
  awarded 4 points");
- ``points: all``: the deal is scored as if the offender had taken every
  positive card point of it and each other player nothing (the Hearts family);
  two offenders in one deal are each charged as if alone in error;
- ``points: lost``: the offender's side loses the deal, as the mechanism that
  decides a deal as won or lost scores it (Skat, ISkO 4.1.4: see
  :data:`referee.mechanisms.FORFEITERS`); the first breach decides the game, a
  later one on the same deal adds nothing, and one made once the game was
  decided changes nothing.

No block (or one set to null): no penalty; the table still upholds or dismisses a
flag, and the page says so. ``all`` and ``lost`` are known only once the deal is
scored (:func:`needs_deal`).

The kiosk, quick-score entry, the club server's tally and the pages ask this
module: what a confirmed flag books, per seat (:func:`booked`), whether points
entered by hand are what some revoke gives (:func:`possible`), and the settings
for the page's sentence (:func:`of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from . import game_value

if TYPE_CHECKING:
    from ..engine import Deal
    from ..ruleset import Layout, Ruleset
    from . import Bad

NAME: Final = "revoke_penalty"
PATH: Final = ("scoring", "revoke_penalty")

#: What a penalty is: none, a number of ``points``, every card point to the offender (``all``), the deal ``lost``.
Kind = Literal["none", "points", "all", "lost"]
To = Literal["opponents", "offender"]

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": "What a proven revoke (failing to follow suit) costs when the referee confirms it.",
    "properties": {
        "points": {
            "oneOf": [{"type": "integer"}, {"const": "all"}, {"const": "lost"}, {"type": "null"}],
            "description": (
                "The points awarded (given by `to`), or `all`: the deal is scored as if the offender had taken "
                "every positive card point of the deal and each other player nothing (`to` does not apply) Or "
                "`lost`: the offender's side loses the deal, scored as its game value scores a game lost (the "
                "declarer erred) or won (a defender erred) at the simple level, with no schneider or schwarz "
                "(Skat, ISkO 4.1.4; `to` does not apply)."
            ),
        },
        "alone_points": {
            "type": ["integer", "null"],
            "description": (
                "With `points` a number: the points given instead in a deal a player plays alone (bidding.alone), "
                "whoever revoked (Euchre as many regions play it: 4 for a renege with a lone hand, 2 otherwise). "
                "Null: `points` in every deal."
            ),
        },
        "to": {
            "enum": ["opponents", "offender", None],
            "description": (
                "`opponents`: the offending side's opponents get the points; `offender`: the offender's side gets them."
            ),
            "default": "opponents",
        },
    },
}


@dataclass(frozen=True)
class RevokePenalty:
    """The ``scoring.revoke_penalty`` settings."""

    kind: Kind = "none"
    points: int = 0  # with kind ``points``: the points given
    to: To = "opponents"  # with kind ``points``: to whom
    alone_points: int | None = None  # with kind ``points``: the points given in a deal played alone


def read(data: dict[str, Any]) -> RevokePenalty:
    points = data.get("points")
    if points is None:  # no block, an empty one, or one without points (refused by check where written)
        return RevokePenalty()
    alone = data.get("alone_points")
    alone_points = None if alone is None else int(alone)  # kept with any kind: check refuses it but with points
    if points in ("all", "lost"):
        return RevokePenalty(cast(Kind, points), alone_points=alone_points)
    return RevokePenalty("points", int(points), cast(To, data.get("to", "opponents")), alone_points)


def active(settings: RevokePenalty) -> bool:
    """Whether a confirmed revoke costs anything (without a penalty the table only upholds or dismisses it)."""
    return settings.kind != "none"


def of(rules: Ruleset) -> RevokePenalty:
    """The revoke penalty of a compiled ruleset."""
    return cast(RevokePenalty, rules.mechanisms[NAME])


def needs_deal(settings: RevokePenalty) -> bool:
    """Whether the penalty is known only once its deal is scored (``points: all`` or ``lost``)."""
    return settings.kind in ("all", "lost")


def decides_game(settings: RevokePenalty) -> bool:
    """Whether a confirmed revoke scores its deal lost by the offender's side (``points: lost``)."""
    return settings.kind == "lost"


def needs_cards(settings: RevokePenalty) -> bool:
    """Whether booking the penalty needs its deal itself, not only the deal's points: a deal scored lost
    (``points: lost``, once the deal is done), or points that differ in a deal played alone (``alone_points``,
    known from the deal's first card on, so during the deal too)."""
    return settings.kind == "lost" or settings.alone_points is not None


def check(settings: RevokePenalty, rules: Ruleset, bad: Bad) -> None:
    from . import can_forfeit  # here: the registry imports this module

    written = (rules.doc.data.get("scoring") or {}).get("revoke_penalty")
    if written and not active(settings):
        bad(PATH, "a revoke penalty needs points")
    if settings.alone_points is not None:
        at = (*PATH, "alone_points")
        if settings.kind != "points":
            bad(at, "alone_points needs the penalty's points as a number")
        elif rules.alone == "none":
            bad(at, "alone_points needs a game where a player may play alone (bidding.alone)")
    if settings.kind == "lost" and not can_forfeit(rules):
        bad(
            (*PATH, "points"),
            "points: lost needs a scoring that decides a deal as won or lost by a side (scoring.game_value)",
        )
    if settings.kind == "all":
        values = [*rules.card_points.by_pattern.values(), *rules.card_points.by_rank.values()]
        if not any(v == "face" or v > 0 for v in values):
            bad((*PATH, "points"), "points: all charges card points: give some (scoring.points)")
        elif (rules.winner_kind == "lowest") != (rules.count_sign > 0):  # points are good: a charge would reward
            # Said where the winner is set: most often a house rule turning Hearts' points good.
            bad(
                ("game", "winner"),
                "card points are good in this game, so the revoke penalty 'points: all' (the offender takes "
                "every penalty point) would reward a revoke: set scoring.revoke_penalty to null or to points",
            )


def booked(
    rules: Ruleset,
    layout: Layout,
    offender: int,
    deal_points: Sequence[int] | None = None,
    given: Sequence[Sequence[int]] = (),
    deal: Deal | None = None,
    before: int | None = None,
) -> list[int] | None:
    """The points per seat a confirmed revoke by ``offender`` books on its deal (None: the ruleset sets no penalty).

    A penalty of a number of points with ``alone_points`` needs the ``deal`` (finished or in play): its
    ``alone_points`` where a player plays it alone.

    A penalty of ``points: lost`` turns the finished ``deal`` (needed then) into a deal lost by the
    offender's side, as its scoring mechanism scores one (:func:`referee.mechanisms.forfeit_points`): the
    penalty is the difference from its ``deal_points``; ``before``, the tricks played before the breach where
    known, for a game already decided by then (nothing changes). The first breach decides the game: a later one
    on the same deal adds nothing.

    A penalty of ``points: all`` depends on the deal: the offender is charged every positive card
    point and each other player nothing, so the penalty is what turns the deal's points
    (``deal_points``, needed then: see :func:`needs_deal`), with the penalties already
    ``given`` on that deal, into that. Two players who revoke in one deal are each charged as if
    alone in error; a second revoke by a player already charged adds nothing.
    """
    settings = of(rules)
    if settings.kind == "none":
        return None
    if settings.kind == "lost":
        from . import forfeit_points  # here: the registry imports this module

        if deal_points is None or deal is None:
            raise ValueError("this revoke penalty is given once the deal is scored")
        target = forfeit_points(rules, deal, offender, before)
        if given or target is None:  # decided by an earlier breach; or nobody played a game to lose
            return [0] * layout.players
        return [t - d for t, d in zip(target, deal_points, strict=True)]
    if settings.kind == "all":
        if deal_points is None:
            raise ValueError("this revoke penalty is given once the deal is scored")
        every = sum(v for v in layout.points if v > 0)
        standing = [d + sum(g[s] for g in given) for s, d in enumerate(deal_points)]
        # After one such penalty every seat stands at all or nothing: those at all were charged.
        charged = {s for s, v in enumerate(standing) if given and v == every} | {offender}
        return [(every if s in charged else 0) - v for s, v in enumerate(standing)]
    amount = settings.points
    if settings.alone_points is not None:
        if deal is None:
            raise ValueError("this revoke penalty depends on whether its deal is played alone: give the deal")
        if deal.alone:
            amount = settings.alone_points
    return _given(rules, layout, offender, amount)


def _given(rules: Ruleset, layout: Layout, offender: int, amount: int) -> list[int]:
    """``amount`` points to each seat of the side the penalty's ``to`` names for a revoke by ``offender``."""
    settings = of(rules)
    individual = rules.score_teams == "individual"
    guilty = offender if individual else layout.teams[offender]
    to_opponents = settings.to == "opponents"
    points = [0] * layout.players
    for seat in range(layout.players):
        side = seat if individual else layout.teams[seat]
        if (side != guilty) == to_opponents:
            points[seat] = amount
    return points


def possible(
    rules: Ruleset,
    players: int,
    points: Sequence[int],
    deal_points: Sequence[int] | None = None,
    given: Sequence[Sequence[int]] = (),
) -> bool:
    """Whether ``points`` entered by hand (quick score, the club server) are what a confirmed revoke of some seat
    books on a deal of ``deal_points`` with the penalties ``given`` on it before; the deal's cards unknown.

    Needs ``deal_points`` where the penalty does (:func:`needs_deal`); a ruleset without a penalty books none.
    """
    settings = of(rules)
    if settings.kind == "none" or (needs_deal(settings) and deal_points is None):
        return False
    if settings.kind == "lost":
        # Without the deal's cards, what the table wrote: the deal's row turned into a row a game gives (one
        # breach decides a deal: nothing more after it).
        assert deal_points is not None
        row = [d + sum(g[s] for g in given) + p for s, (d, p) in enumerate(zip(deal_points, points, strict=True))]
        return not (given and any(points)) and game_value.row_problem(rules, row) is None
    layout = rules.layout(players)
    if settings.kind == "points":
        # Without the deal's cards, whether it was played alone is unknown: either amount is one a revoke gives.
        amounts = {settings.points} if settings.alone_points is None else {settings.points, settings.alone_points}
        return any(_given(rules, layout, seat, a) == list(points) for seat in range(players) for a in amounts)
    return any(booked(rules, layout, seat, deal_points, given) == list(points) for seat in range(players))
