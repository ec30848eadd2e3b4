"""Shooting the moon: a player who takes every card the moon needs turns the deal's points around.

In Hearts a player who takes every heart and Q♠ "shoots the moon": their penalty
points count for nothing, and instead every other player takes the moon's 26
(the *old* moon), or the shooter takes minus 26 (the *new* moon). The settings
(``scoring.moon``):

- ``kind``: ``old``, ``new``, ``mixed`` (old, unless that ends the game with the
  shooter not winning: then the shooter chooses), ``choose`` (the shooter always
  chooses), ``positive`` (the new moon stated for games counted down: the
  shooter gains the moon's points) or ``none``;
- ``requires``: the cards a shooter must take (by default every card with
  positive points), and ``points``: the moon's value (by default theirs);
- ``partner``: ``exempt`` spares the shooter's partner the old moon's points.

The moon cancels only the shooter's penalty points from the moon's cards: a bonus
card (J♦ in Omnibus) still counts for them. Where the shooter chooses, the deal
waits in its ``choose`` phase for one of :data:`WORDS`. The moon scores right after
the cards are counted, before partners share their points, and a player who shot
it gets no bonus for taking no trick (``Taken.shooter``).

The engine, quick-score entry, the pages and the kiosk ask this module: what the
moon needs and is worth at a table (:func:`target`), what each player scores when
it is shot (:func:`shot`), whether the shooter must choose (:func:`asks`), and
which results entered without the cards a shot moon makes possible (:func:`entry`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, cast

from ..entering import PointsEntry
from ..scoring import DealScorer, Taken

if TYPE_CHECKING:
    from ..engine import Deal
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "moon"
PATH: Final = ("scoring", "moon")

Kind = Literal["none", "old", "new", "mixed", "choose", "positive"]
Partner = Literal["normal", "exempt"]

#: The shooter's two ways to score, where the rules let them choose: everyone else takes the moon's points
#: (``old-moon``), or the shooter takes minus them (``new-moon``).
WORDS: Final = ("old-moon", "new-moon")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": "Shooting the moon (taking every scoring card). Default: no moon.",
    "properties": {
        "kind": {
            "enum": ["none", "old", "new", "mixed", "choose", "positive", None],
            "default": "none",
            "description": (
                "`old`: the shooter's moon cards count nothing and everyone else gets the moon's points. `new`: "
                "the shooter's moon cards count minus the moon's points, nobody else scores for them. `mixed`: "
                "old, unless that would end the game with the shooter not winning; then the shooter may choose "
                "new. `choose`: the shooter chooses old or new. `positive`: the new scoring, stated for games "
                "counted down, where the shooter gains the moon's points."
            ),
        },
        "requires": {
            "anyOf": [{"$ref": "#/$defs/patterns"}, {"type": "null"}],
            "description": "The cards a shooter must take. Default: every card with positive points.",
        },
        "points": {
            "type": ["integer", "null"],
            "minimum": 1,
            "description": "The moon's value. Default: the total points of the required cards.",
        },
        "partner": {
            "enum": ["normal", "exempt", None],
            "default": "normal",
            "description": "In partnerships, `exempt` spares the shooter's partner the moon's points.",
        },
    },
}


@dataclass(frozen=True)
class Moon:
    """The ``scoring.moon`` settings."""

    kind: Kind = "none"
    partner: Partner = "normal"
    requires: tuple[str, ...] | None = None  # None: every card with positive points
    points: int | None = None  # None: the points of the required cards


@dataclass(frozen=True)
class Target:
    """What the moon needs and is worth at a table of some number of players."""

    cards: int  # the mask of the cards a shooter must take (0: none in the deck, no moon to shoot)
    value: int  # the moon's points
    penalty: int  # the penalty points of those cards, which the moon cancels for the shooter


def read(data: dict[str, Any]) -> Moon:
    requires = data.get("requires")
    return Moon(
        kind=cast(Kind, data.get("kind", "none")),
        partner=cast(Partner, data.get("partner", "normal")),
        requires=tuple(str(p) for p in requires) if requires is not None else None,
        points=data.get("points"),
    )


def active(settings: Moon) -> bool:
    return settings.kind != "none"


def of(rules: Ruleset) -> Moon:
    """The moon of a compiled ruleset."""
    return cast(Moon, rules.mechanisms[NAME])


def target(rules: Ruleset, players: int | None = None) -> Target:
    """What the moon needs and is worth with ``players`` (by default the ruleset's usual count).

    Raises ValueError for a count the ruleset is not played by, as :meth:`Ruleset.layout` does.
    """
    settings = of(rules)
    layout = rules.layout(rules.default_players if players is None else players)
    points = layout.points
    positive = 0
    for c in layout.cards:
        if points[c] > 0:
            positive |= 1 << c
    cards = rules.pattern_mask(settings.requires) & layout.deck if settings.requires is not None else positive
    penalty = sum(max(points[c], 0) for c in layout.cards if cards >> c & 1)
    return Target(cards, penalty if settings.points is None else settings.points, penalty)


def check(settings: Moon, rules: Ruleset, bad: Bad) -> None:
    pack = rules.deck.pack
    for i, pattern in enumerate(settings.requires or ()):
        if not rules.pattern_mask((pattern,)):
            bad((*PATH, "requires", i), f"{pattern} is not a suit or card of the {pack} pack")
    if not active(settings):
        return
    for n in rules.player_counts:
        try:
            value = target(rules, n).value
        except ValueError:  # a count the ruleset cannot deal (refused elsewhere)
            value = 0
        if value <= 0:
            bad(PATH, "the moon needs cards worth points to take")
            break


def extra_points(settings: Moon, rules: Ruleset) -> int:
    """The moon adds nothing to a plain deal's total (what it does to a shot deal's: :func:`shot`)."""
    return 0


def scorers(settings: Moon, rules: Ruleset) -> list[DealScorer]:
    return [MoonScorer(settings, rules)] if active(settings) else []


def choices(settings: Moon) -> tuple[str, ...]:
    """The ways a shot moon may score: both :data:`WORDS` where the shooter may choose, else ``("",)``."""
    return WORDS if settings.kind in ("mixed", "choose") else ("",)


def asks(settings: Moon, deal: Deal, points: list[int], shooter: int) -> bool:
    """Whether ``shooter`` must choose how the moon scores before ``deal`` is done; ``points`` are the deal's
    points with the old moon. ``choose`` always asks; ``mixed`` asks only when the old moon would end the game
    with the shooter not among its winners."""
    if settings.kind == "choose":
        return True
    if settings.kind != "mixed":
        return False
    from ..ending import outcome  # here: referee.ending imports the ruleset, which imports this module

    plan = deal.plan
    before = deal.scores_before or [plan.start] * deal.players
    after = [b + plan.count_sign * p for b, p in zip(before, points, strict=True)]
    over, winners = outcome(deal.rules, deal.layout, after, deal.deals_before + 1)
    return over and shooter not in winners


def shot(
    rules: Ruleset,
    players: int,
    shooter: int,
    choice: str = "",
    out: int = -1,
    teams: tuple[int, ...] | None = None,
) -> list[int] | None:
    """Each player's points when ``shooter`` takes exactly the moon's cards and every other player a trick but
    no card that scores, scored the way ``choice`` says (one of :func:`choices`); ``out``: a seat not in the
    deal (a dealer who sits out), -1: none; ``teams``: per seat, its side in the deal (a deal may make its
    own; by default the seating's, the sides a deal starts from), which says whose partner is spared. The
    engine's own scoring (:class:`MoonScorer`): the rule pages' table and quick-score entry's checks read it.
    None where taking those cards shoots no moon (never in a valid ruleset)."""
    layout = rules.layout(players)
    scorer = MoonScorer(of(rules), rules)
    aim = scorer.target(players)
    won = [0] * players
    won[shooter] = aim.cards
    taken = Taken(won, [1] * players, layout.points, layout.scoring_cards, layout.teams if teams is None else teams)
    taken.choice = choice
    taken.active = [s for s in range(players) if s != out]
    raw = [0] * players
    for seat in range(players):  # the cards' points, as the engine's first step counts them
        for c in layout.cards:
            if won[seat] >> c & 1:
                raw[seat] += layout.points[c]
    scorer.add(raw, taken)
    return raw if taken.shooter == shooter else None


def entry(settings: Moon, rules: Ruleset, players: int) -> PointsEntry | None:
    """What a shot moon adds to the results a deal entered without its cards may have (:mod:`referee.entering`)."""
    return MoonEntry(settings, rules, players) if active(settings) else None


class MoonEntry(PointsEntry):
    """The results a shot moon makes: the shooter's and everyone else's points turned around (:func:`shot`),
    and the bonus cards the moon does not need wherever they went."""

    def __init__(self, settings: Moon, rules: Ruleset, players: int) -> None:
        self.settings = settings
        self.rules = rules
        self.players = players
        layout = rules.layout(players)
        self.aim = target(rules, players)
        points = layout.points
        # The bonus cards the moon does not need: each went to some player in the deal, shot or not.
        self.free = [points[c] for c in layout.cards if points[c] < 0 and not self.aim.cards >> c & 1]
        self.positive = sum(v for v in points if v > 0)
        self.dealer_out = layout.in_play < players  # a dealer who sits out is paid nothing (mechanisms.dealer_out)

    def bounds(self, low: int, high: int) -> tuple[int, int]:
        # Each other player: the moon's worth and the cards it does not need; the shooter: less the worth.
        aim = self.aim
        high = max(high, aim.value + self.positive - aim.penalty + self.rules.deal_extra())
        if self.settings.kind != "old":
            low = low - aim.value
        return low, high

    def totals(self, teams: tuple[int, ...] | None) -> set[int]:
        # A moon deal: what the moon scores, and the bonus cards it does not need wherever they went.
        out = 1 if self.dealer_out else -1
        found = set()
        free = sum(self.free)
        for choice in choices(self.settings):
            for shooter in range(self.players) if teams is not None else (0,):  # a side's size differs by seat
                scored = shot(self.rules, self.players, shooter, choice, out, teams)
                if scored is not None:
                    found.add(sum(scored) + free)
        return found

    def matches(self, points: Sequence[int], teams: tuple[int, ...] | None) -> bool:
        players = self.players
        target_points = list(points)
        # Where the dealer sits out (referee.mechanisms.dealer_out), any seat may be the one the moon does not pay.
        outs = range(players) if self.dealer_out else (-1,)
        for out in outs:
            seats = [s for s in range(players) if s != out]
            for shooter in seats:
                for choice in choices(self.settings):
                    base = shot(self.rules, players, shooter, choice, out, teams)  # the moon's cards only
                    if base is None:
                        continue
                    # Each bonus card the moon does not need went to someone in the deal: try every assignment.
                    for owners in itertools.product(seats, repeat=len(self.free)):
                        vector = list(base)
                        for owner, v in zip(owners, self.free, strict=True):
                            vector[owner] += v
                        if vector == target_points:
                            return True
        return False


class MoonScorer(DealScorer):
    """Finds the seat that took every moon card, and scores the moon for it (``Taken.shooter``)."""

    def __init__(self, settings: Moon, rules: Ruleset) -> None:
        self.kind: str = settings.kind
        self.spare_partner = settings.partner == "exempt"
        self.rules = rules
        self.targets: dict[int, Target] = {}  # by number of players, made once

    def target(self, players: int) -> Target:
        found = self.targets.get(players)
        if found is None:
            found = target(self.rules, players)
            self.targets[players] = found
        return found

    def add(self, raw: list[int], taken: Taken) -> None:
        aim = self.target(len(raw))
        cards = aim.cards
        if not cards:
            return
        won = taken.won
        shooter = -1
        for seat in range(len(won)):
            if won[seat] & cards == cards:
                shooter = seat
                break
        taken.shooter = shooter
        if shooter < 0:
            return
        kind = self.kind
        if kind == "old" or kind == "mixed" or kind == "choose":
            kind = "new" if taken.choice == "new-moon" else "old"
        if kind == "old":
            raw[shooter] = raw[shooter] - aim.penalty  # (not -=: see referee.scoring.side_steps)
            teams = taken.teams
            for seat in taken.active:  # each other player in the deal: not a dealer who sits it out
                if seat != shooter and not (self.spare_partner and teams[seat] == teams[shooter]):
                    raw[seat] = raw[seat] + aim.value
        else:  # new, or positive: the same stated for games counted down
            raw[shooter] = raw[shooter] - aim.penalty - aim.value
