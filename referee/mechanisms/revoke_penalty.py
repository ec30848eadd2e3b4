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
  decided changes nothing;
- ``points: fine``: the deal counts as not played, and the offender pays a fine
  of ``fine`` points, ``fine_per_step`` more for each step the other side had
  announced before the revoke (:mod:`referee.mechanisms.announcements`), to the
  other players in equal shares, or all of it to a lone opponent known as one
  by then (a soloist); with ``fine_decided``, a revoke once the game was decided
  breaks it off instead, the later tricks to the other side
  (:data:`referee.mechanisms.BREAKERS`), and the offender pays that smaller fine
  the same way (Doppelkopf, DDV Turnierspielregeln 9.4.3, 9.4.4, 9.5.1). One
  revoke a deal is charged (the game ends at the first, TSR 9.4.2).

No block (or one set to null): no penalty; the table still upholds or dismisses a
flag, and the page says so. ``all``, ``lost`` and ``fine`` are known only once the
deal is scored (:func:`needs_deal`).

The kiosk, quick-score entry, the club server's tally and the pages ask this
module: what a confirmed flag books, per seat (:func:`booked`), whether points
entered by hand are what some revoke gives (:func:`possible`), and the settings
for the page's sentence (:func:`of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from . import announcements, card_sides, game_value

if TYPE_CHECKING:
    from ..engine import Deal
    from ..ruleset import Layout, Ruleset
    from . import Bad

NAME: Final = "revoke_penalty"
PATH: Final = ("scoring", "revoke_penalty")

#: What a penalty is: none, a number of ``points``, every card point to the offender (``all``), the deal ``lost``,
#: or the deal not played and the offender fined (``fine``).
Kind = Literal["none", "points", "all", "lost", "fine"]
To = Literal["opponents", "offender"]

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": "What a proven revoke (failing to follow suit) costs when the referee confirms it.",
    "properties": {
        "points": {
            "oneOf": [{"type": "integer"}, {"enum": ["all", "lost", "fine"]}, {"type": "null"}],
            "description": (
                "The points awarded (given by `to`), or `all`: the deal is scored as if the offender had taken "
                "every positive card point of the deal and each other player nothing (`to` does not apply) Or "
                "`lost`: the offender's side loses the deal, scored as its game value scores a game lost (the "
                "declarer erred) or won (a defender erred) at the simple level, with no schneider or schwarz "
                "(Skat, ISkO 4.1.4; `to` does not apply). Or `fine`: the deal counts as not played and the "
                "offender pays `fine` (see `fine_per_step`, `fine_decided`) to the other players in equal shares, "
                "or all to a lone opponent (a soloist) (Doppelkopf, DDV Turnierspielregeln 9.4)."
            ),
        },
        "fine": {
            "type": ["integer", "null"],
            "minimum": 0,
            "description": "With `points: fine`: the points the offender pays (Doppelkopf: 12, 4 to each other).",
        },
        "fine_per_step": {
            "type": ["integer", "null"],
            "minimum": 0,
            "description": (
                "With `points: fine`: the points more for each step (keine 90, 60, 30, schwarz) the other side had "
                "announced before the revoke (Doppelkopf: 3)."
            ),
        },
        "fine_decided": {
            "type": ["integer", "null"],
            "minimum": 0,
            "description": (
                "With `points: fine`: a revoke once the game was already decided breaks it off instead: the tricks "
                "from the revoke on go to the other side, no more extra points, and the offender pays this fine "
                "(Doppelkopf: 3, TSR 9.5.1). Null: the fine whenever the revoke came."
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
        "cannot_win": {
            "type": ["boolean", "null"],
            "default": False,
            "description": (
                "With `points` a number: the side in error cannot win the game by the deal of its revoke: its "
                "score after that deal stops one short of `game.target` (Whist: the Laws of Short Whist 82, "
                '"under no circumstances can a player win the game by the result of the hand during which he has '
                'revoked; he cannot score more than four"). Two sides that revoke in one deal can neither win by it.'
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
    fine: int = 0  # with kind ``fine``: what the offender pays
    fine_per_step: int = 0  # with kind ``fine``: and for each step the other side announced before the revoke
    fine_decided: int | None = None  # with kind ``fine``: what the offender pays once the game was decided
    cannot_win: bool = False  # with kind ``points``: the side in error cannot reach the target by that deal


def read(data: dict[str, Any]) -> RevokePenalty:
    points = data.get("points")
    if points is None:  # no block, an empty one, or one without points (refused by check where written)
        return RevokePenalty()
    alone = data.get("alone_points")
    alone_points = None if alone is None else int(alone)  # kept with any kind: check refuses it but with points
    decided = data.get("fine_decided")
    if points in ("all", "lost", "fine"):
        return RevokePenalty(
            cast(Kind, points),
            alone_points=alone_points,
            fine=int(data.get("fine") or 0),
            fine_per_step=int(data.get("fine_per_step") or 0),
            fine_decided=None if decided is None else int(decided),
        )
    return RevokePenalty(
        "points",
        int(points),
        cast(To, data.get("to", "opponents")),
        alone_points,
        cannot_win=bool(data.get("cannot_win")),
    )


def active(settings: RevokePenalty) -> bool:
    """Whether a confirmed revoke costs anything (without a penalty the table only upholds or dismisses it)."""
    return settings.kind != "none"


def of(rules: Ruleset) -> RevokePenalty:
    """The revoke penalty of a compiled ruleset."""
    return cast(RevokePenalty, rules.mechanisms[NAME])


def needs_deal(settings: RevokePenalty) -> bool:
    """Whether the penalty is known only once its deal is scored (``points: all``, ``lost`` or ``fine``, or a
    number of points that keeps the side in error from winning by that deal: ``cannot_win``)."""
    return settings.kind in ("all", "lost", "fine") or settings.cannot_win


def decides_game(settings: RevokePenalty) -> bool:
    """Whether a confirmed revoke scores its deal lost by the offender's side (``points: lost``)."""
    return settings.kind == "lost"


def needs_cards(settings: RevokePenalty) -> bool:
    """Whether booking the penalty needs its deal itself, not only the deal's points: a deal scored lost
    (``points: lost``, once the deal is done), or points that differ in a deal played alone (``alone_points``,
    known from the deal's first card on, so during the deal too)."""
    return settings.kind in ("lost", "fine") or settings.alone_points is not None


def charged(rules: Ruleset, players: int) -> int:
    """What a ``points: all`` penalty leaves the offender with for the deal at a table of ``players``: every
    positive card point of the deal (Hearts: 26), whatever they took."""
    return _every(rules.layout(players))


def _every(layout: Layout) -> int:
    return sum(v for v in layout.points if v > 0)


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
    _check_fine(settings, rules, bad, written or {})
    if (written or {}).get("cannot_win"):
        at = (*PATH, "cannot_win")
        if settings.kind != "points":
            bad(at, "cannot_win needs the penalty's points as a number")
        elif rules.game.target is None or rules.game.count_sign < 0 or rules.game.winner != "highest":
            bad(at, "cannot_win needs a game won by reaching a target counting up (game.target, winner: highest)")
    if settings.kind == "lost" and not can_forfeit(rules):
        bad(
            (*PATH, "points"),
            "points: lost needs a scoring that decides a deal as won or lost by a side (scoring.game_value)",
        )
    if settings.kind == "all":
        values = [*rules.card_points.by_pattern.values(), *rules.card_points.by_rank.values()]
        if not any(v == "face" or v > 0 for v in values):
            bad((*PATH, "points"), "points: all charges card points: give some (scoring.points)")
        elif (rules.game.winner == "lowest") != (rules.game.count_sign > 0):  # points are good: a charge would reward
            # Said where the winner is set: most often a house rule turning Hearts' points good.
            bad(
                ("game", "winner"),
                "card points are good in this game, so the revoke penalty 'points: all' (the offender takes "
                "every penalty point) would reward a revoke: set scoring.revoke_penalty to null or to points",
            )


def _check_fine(settings: RevokePenalty, rules: Ruleset, bad: Bad, written: dict[str, Any]) -> None:
    """A fine needs sides, a fine that shares evenly among the other players, steps to count, and a mechanism
    that knows a decided game; and its settings go with ``points: fine`` only."""
    from . import can_break_off  # here: the registry imports this module

    keys = ("fine", "fine_per_step", "fine_decided")
    if settings.kind != "fine":
        for key in keys:
            if written.get(key) is not None:
                bad((*PATH, key), f"{key} goes with points: fine")
        return
    at = (*PATH, "points")
    if rules.plan.side_maker is None and rules.teams_kind != "opposite":
        bad(at, "points: fine needs sides (players.sides_by_card or players.teams: opposite)")
    if not settings.fine:
        bad(at, "points: fine needs the fine (scoring.revoke_penalty.fine)")
    for key in keys:
        amount = getattr(settings, key) or 0
        for n in rules.player_counts:
            if amount % (n - 1):
                bad((*PATH, key), f"{key} {amount} is not shared evenly among the {n - 1} other players")
                break
    if settings.fine_per_step and not announcements.active(announcements.of(rules)):
        bad((*PATH, "fine_per_step"), "fine_per_step counts announced steps: it needs play.announcements")
    if settings.fine_decided is not None and not can_break_off(rules):
        bad(
            (*PATH, "fine_decided"),
            "fine_decided needs a scoring that knows when a game is decided (scoring.party_game)",
        )


def _lone_known(rules: Ruleset, deal: Deal, offender: int, before: int | None) -> bool:
    """Whether a player alone against the others was known as such when the revoke came in trick ``before``:
    a solo from the start; a contract's player still looking for a partner once the search ended (a wedding's
    deciding trick counts as before, TSR 4.4.3); sides by a card once every copy of it was played (a silent
    wedding, once its player laid the second queen of clubs, TSR 4.4.5)."""
    if before is None:
        return True
    if deal.clarified:
        return before >= deal.clarified
    sides = card_sides.of(rules)
    if deal.contract >= 0 or not card_sides.active(sides):  # a solo, or sides the bidding made
        return True
    code = sides.card
    played = [card for t in deal.tricks[:before] for _, card in t.plays]
    if before < len(deal.tricks):  # the revoke's own trick, up to the revoking card
        plays = deal.tricks[before].plays
        upto = next((i for i, (seat, _) in enumerate(plays) if seat == offender), len(plays))
        played += [card for _, card in plays[:upto]]
    return played.count(code) >= rules.deck.copies


def _fine(deal: Deal, rules: Ruleset, offender: int, amount: int, before: int | None) -> list[int]:
    """``amount`` from ``offender`` to the other players in equal shares, or all to a lone opponent known as
    one by the revoke (TSR 9.4.4: the soloist gets it all, the others nothing; a soloist's own revoke is shared,
    9.4.3)."""
    teams = deal.teams
    players = len(teams)
    others = [s for s in range(players) if s != offender]
    against = [s for s in others if teams[s] != teams[offender]]
    out = [0] * players
    out[offender] = -amount
    if len(against) == 1 and len(others) > 1 and _lone_known(rules, deal, offender, before):
        out[against[0]] = amount
    else:
        for s in others:
            out[s] = amount // len(others)
    return out


def _fined(rules: Ruleset, offender: int, deal: Deal, before: int | None) -> list[int]:
    """What a ``fine`` revoke by ``offender`` in trick ``before`` leaves each seat with on its deal."""
    from . import broken_off_points  # here: the registry imports this module

    settings = of(rules)
    if settings.fine_decided is not None:
        closed = broken_off_points(rules, deal, offender, before)
        if closed is not None:  # the game was decided: broken off there, and the smaller fine
            fine = _fine(deal, rules, offender, settings.fine_decided, before)
            return [c + f for c, f in zip(closed, fine, strict=True)]
    steps = 0
    if settings.fine_per_step:  # the trick of the revoke unknown: every step said counts
        said = list(deal.said) if before is None else announcements.said_before(deal, offender, before)
        _, levels = announcements.parties(said)
        steps = levels[1 if deal.teams[offender] == 0 else 0] + 1  # the other side's (Re is side 0)
    return _fine(deal, rules, offender, settings.fine + settings.fine_per_step * steps, before)


def booked(
    rules: Ruleset,
    layout: Layout,
    offender: int,
    deal_points: Sequence[int] | None = None,
    given: Sequence[Sequence[int]] = (),
    deal: Deal | None = None,
    before: int | None = None,
    scores: Sequence[int] | None = None,
) -> list[int] | None:
    """The points per seat a confirmed revoke by ``offender`` books on its deal (None: the ruleset sets no penalty).

    ``scores``: each seat's running score with the deal and the penalties ``given`` on it counted, which a
    penalty that keeps the side in error from winning by that deal needs (``cannot_win``: what it books takes
    that side's score down to one short of the target where it reached it).

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

    A penalty of ``points: fine`` replaces the finished ``deal``'s points (``deal_points``) by the fine, the
    steps counted and a decided game told from ``before``, the trick of the revoke (unknown: every step said
    counts, and the game is taken as undecided); one revoke a deal is charged.
    """
    settings = of(rules)
    if settings.kind == "none":
        return None
    if settings.kind == "fine":
        if deal_points is None or deal is None:
            raise ValueError("this revoke penalty is given once the deal is scored")
        if given:  # the game ended at the first revoke charged: a later one adds nothing
            return [0] * layout.players
        return [t - d for t, d in zip(_fined(rules, offender, deal, before), deal_points, strict=True)]
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
        every = _every(layout)
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
    points = _given(rules, layout, offender, amount, deal)
    if settings.cannot_win:
        if scores is None:
            raise ValueError("this revoke penalty keeps the side in error from winning: give the running scores")
        _short_of_target(rules, layout, offender, points, scores, deal)
    return points


def _short_of_target(
    rules: Ruleset, layout: Layout, offender: int, points: list[int], scores: Sequence[int], deal: Deal | None
) -> None:
    """Take the side in error's score down to one short of the target where the deal (with the penalty) brought
    it there: it cannot win the game by the deal of its revoke (``cannot_win``). Changes ``points`` in place."""
    target = rules.game.target
    assert target is not None  # (check: cannot_win needs one)
    sides = _side_of(rules, layout, deal)
    for seat in range(layout.players):
        if sides[seat] == sides[offender]:
            over = scores[seat] + points[seat] - (target - 1)
            if over > 0:
                points[seat] -= over


def _given(rules: Ruleset, layout: Layout, offender: int, amount: int, deal: Deal | None = None) -> list[int]:
    """``amount`` points to each seat of the side the penalty's ``to`` names for a revoke by ``offender``: the
    deal's sides where the deal is given, else the layout's."""
    to_opponents = of(rules).to == "opponents"
    guilty = _side_of(rules, layout, deal)
    return [amount if (guilty[seat] != guilty[offender]) == to_opponents else 0 for seat in range(layout.players)]


def _side_of(rules: Ruleset, layout: Layout, deal: Deal | None) -> list[int]:
    """Per seat, the side a penalty counts it with: the seat itself where each scores alone, else its side in the
    deal where the deal is given, else the layout's."""
    if rules.score_teams == "individual":
        return list(range(layout.players))
    return list(deal.teams if deal is not None else layout.teams)


def possible(
    rules: Ruleset,
    players: int,
    points: Sequence[int],
    deal_points: Sequence[int] | None = None,
    given: Sequence[Sequence[int]] = (),
    scores: Sequence[int] | None = None,
) -> bool:
    """Whether ``points`` entered by hand (quick score, the club server) are what a confirmed revoke of some seat
    books on a deal of ``deal_points`` with the penalties ``given`` on it before; the deal's cards unknown.
    ``scores``: the running scores then (see :func:`booked`), which a ``cannot_win`` penalty needs.

    Needs ``deal_points`` where the penalty does (:func:`needs_deal`); a ruleset without a penalty books none.
    """
    settings = of(rules)
    if settings.kind == "none" or (needs_deal(settings) and deal_points is None):
        return False
    if settings.kind == "fine":
        assert deal_points is not None
        return _possible_fine(rules, players, points, deal_points, given)
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
        if settings.cannot_win and scores is None:
            return False
        for seat in range(players):
            for amount in amounts:
                booked_points = _given(rules, layout, seat, amount)
                if settings.cannot_win:
                    assert scores is not None
                    _short_of_target(rules, layout, seat, booked_points, scores, None)
                if booked_points == list(points):
                    return True
        return False
    return any(booked(rules, layout, seat, deal_points, given) == list(points) for seat in range(players))


def _possible_fine(
    rules: Ruleset, players: int, points: Sequence[int], deal_points: Sequence[int], given: Sequence[Sequence[int]]
) -> bool:
    """Whether points entered by hand turn a deal's row into one a ``fine`` revoke leaves, the cards unknown:
    some seat's fine (for some number of steps the other side announced), to the others in equal shares or to
    one of them alone; or, once the game was decided, a game's row plus the smaller fine."""
    settings = of(rules)
    if given:  # one revoke a deal is charged
        return not any(points)
    row = [d + p for d, p in zip(deal_points, points, strict=True)]
    steps = len(announcements.of(rules).steps) if settings.fine_per_step else 0
    amounts = [settings.fine + settings.fine_per_step * k for k in range(steps + 1)]

    def rows(amount: int) -> list[list[int]]:
        out = []
        for offender in range(players):
            others = [s for s in range(players) if s != offender]
            shared = [-amount if s == offender else amount // len(others) for s in range(players)]
            out.append(shared)
            for lone in others:
                out.append([-amount if s == offender else amount if s == lone else 0 for s in range(players)])
        return out

    if any(row == r for a in amounts for r in rows(a)):
        return True
    if settings.fine_decided is None:
        return False
    from . import possible_broken_off_row  # here: the registry imports this module

    return any(
        possible_broken_off_row(rules, [x - f for x, f in zip(row, fined, strict=True)])
        for fined in rows(settings.fine_decided)
    )
