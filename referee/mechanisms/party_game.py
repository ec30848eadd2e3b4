"""A game value for two parties: Doppelkopf's Spielwert, as the Deutscher Doppelkopf-Verband scores it.

The Re party (the holders of the queens of clubs, :mod:`referee.mechanisms.card_sides`)
plays against Kontra for the 240 card points. Without announcements Re needs 121
and Kontra 120; a party that announced "keine 90" (60, 30, schwarz) needs 151
(181, 211, every trick), and its opponents then need only 90 (60, 30, one trick);
if neither party reaches its target nobody wins. The game value is the sum of
points each credited to a party, the one party's net of the other's:

- 1 for winning;
- 1 each for the losers under 90, under 60, under 30, and without a trick (with
  no winner: for each party's shortfall, to the other);
- 2 for each of "Re" and "Kontra" said, and 1 for each "keine ..." said, to the
  winner;
- 1 for each step reached against an opposing "keine ...": 120 against keine 90,
  90 against 60, 60 against 30, 30 against schwarz, to the party that reached it;
- in a normal game, 1 to Kontra for winning against the queens of clubs, and the
  extra points (Sonderpunkte), to the party that made them: a fox (the ace of
  diamonds) caught from the other party, the jack of clubs (Karlchen) winning the
  last trick, a trick of 40 or more points (a Doppelkopf).

Each winner scores the value and each loser loses it (with no winner: the Re
party scores it); a soloist alone against three scores it threefold. Every deal
adds up to nothing.

:func:`game_value` is the one place this is worked out: a played deal
(:class:`PartyGame`) and a deal entered from a score sheet both ask it.

A revoke once the game was decided breaks the game off (:func:`broken_off`, for the revoke penalty's
``points: fine``): the tricks from the revoke on go to the other party, and no more extra points are made.

Source: Deutscher Doppelkopf-Verband, Turnierspielregeln (Stand 21.02.2026),
7.1 (Gewinnbedingungen), 7.2 (Spielwertung) and 9.5.1 (Regelverstöße bei bereits entschiedenem Spiel).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..deck import Deck
from ..entering import PointsEntry, ResultError
from ..scoring import DealScorer, Taken
from .announcements import parties, said_before

if TYPE_CHECKING:
    from ..engine import Deal
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "party_game"
PATH: Final = ("scoring", "party_game")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "Doppelkopf's game value (Deutscher Doppelkopf-Verband, Turnierspielregeln 7): two parties play for "
        "the card points, side 0 (the Re party, see `players.sides_by_card`) needing 121 of 240; the winners "
        "score the game value, the losers lose it, a soloist threefold."
    ),
    "properties": {
        "points": {
            "type": ["integer", "null"],
            "minimum": 0,
            "default": 0,
            "description": "The card points of a deal (Doppelkopf: 240). 0: no such game value.",
        },
        "fox": {
            "anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}],
            "description": "The card whose capture from the other party is an extra point (Doppelkopf: AD).",
        },
        "charlie": {
            "anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}],
            "description": "The card that scores an extra point by winning the last trick (Karlchen: JC).",
        },
        "big_trick": {
            "type": ["integer", "null"],
            "minimum": 0,
            "default": 0,
            "description": "A trick of at least this many points is an extra point (Doppelkopf: 40). 0: none.",
        },
    },
}

#: The announcements past "Re" and "Kontra", in order: what a party that said them needs, what its
#: opponents then need, and what they must reach against it for a point (TSR 7.1, 7.2.2 e/f).
LEVELS: Final = ("keine90", "keine60", "keine30", "schwarz")
OWN_NEED: Final = (151, 181, 211, -1)  # -1: every trick
AGAINST_NEED: Final = (90, 60, 30, 0)  # 0: one trick
REACHED: Final = (120, 90, 60, 30)
_UNDER: Final = (90, 60, 30)


@dataclass(frozen=True)
class PartyGameSettings:
    """The ``scoring.party_game`` settings."""

    points: int = 0
    fox: str = ""
    charlie: str = ""
    big_trick: int = 0


@dataclass(frozen=True)
class Outcome:
    """A deal's result: ``winner`` 0 (Re), 1 (Kontra) or -1 (nobody); ``value`` for the winners (with no
    winner: for Re); ``scores`` per player, Re first; ``items``, what makes the value, in the order the
    rules list it: ``(what, party, points)``, each credited to ``party`` (see :data:`ITEMS`)."""

    winner: int
    value: int
    scores: tuple[int, ...]
    items: tuple[tuple[str, int, int], ...] = ()


#: What an item of the game value is credited for (TSR 7.2.2, 7.2.3): winning; the losers under 90,
#: 60, 30 points or without a trick; an Ansage (2) or an Absage (1) of either party, to the winner;
#: reaching 120 (90, 60, 30) against the other party's keine 90 (60, 30, schwarz); Kontra winning
#: against the queens of clubs; the extra points.
ITEMS: Final = (
    "won",
    "under-90",
    "under-60",
    "under-30",
    "no-trick",
    "said-re",
    "said-kontra",
    "said-step",
    "reached",
    "against-the-queens",
    "extras",  # the extra points, when only their number per party is known (a result entered by hand)
    "fox",  # a fox caught from the other party (the extra points of a played deal, kind by kind)
    "charlie",
    "doppelkopf",
)


def read(data: dict[str, Any]) -> PartyGameSettings:
    return PartyGameSettings(
        points=int(data.get("points") or 0),
        fox=str(data.get("fox") or ""),
        charlie=str(data.get("charlie") or ""),
        big_trick=int(data.get("big_trick") or 0),
    )


def active(settings: PartyGameSettings) -> bool:
    return settings.points > 0


def of(rules: Ruleset) -> PartyGameSettings:
    """The party game of a compiled ruleset."""
    return cast(PartyGameSettings, rules.mechanisms[NAME])


def check(settings: PartyGameSettings, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    at = (*PATH, "points")
    if rules.plan.side_maker is None:
        bad(at, "a party game needs sides made every deal (players.sides_by_card)", ("players", "sides_by_card"))
    if rules.score_teams != "individual":
        bad(at, "a party game scores each player (scoring.teams: individual)", ("scoring", "teams"))
    for i, n in enumerate(rules.player_counts):
        if rules.dealt(n) != 4:  # two against two, or one against three: the game value's arithmetic
            bad(at, f"a party game is played by four in each deal, not {rules.dealt(n)}", ("players", "counts", i))
    for key in ("fox", "charlie"):
        code = getattr(settings, key)
        if code and (code not in rules.deck.index or not rules.full_deck >> rules.deck.index[code] & 1):
            bad((*PATH, key), f"{code} is not a card of this deck")


def _target(party: int, said: list[bool], levels: list[int], total: int) -> int:
    """What ``party`` (0 Re, 1 Kontra) needs: points, -1 every trick, 0 one trick."""
    own, other = levels[party], levels[1 - party]
    if own >= 0:
        return OWN_NEED[own]
    if other >= 0:
        return AGAINST_NEED[other]
    if said[1] and not said[0]:  # only "Kontra" said: Re wins with half, Kontra needs more
        return total // 2 if party == 0 else total // 2 + 1
    return total // 2 + 1 if party == 0 else total // 2


def game_value(
    settings: PartyGameSettings,
    re_points: int,
    re_tricks: int,
    tricks: int,
    said: tuple[bool, bool] = (False, False),
    levels: tuple[int, int] = (-1, -1),
    extras: tuple[int, int] = (0, 0),
    re_players: int = 2,
    extra_items: Sequence[tuple[str, int, int]] = (),
) -> Outcome:
    """Doppelkopf's result from the Re party's points and tricks (of ``tricks``).

    ``said``: whether "Re" and "Kontra" were announced; ``levels``: each party's highest "keine"
    announced, an index of :data:`LEVELS` (-1: none; the steps below it count as said);
    ``extras``: each party's extra points, or ``extra_items`` the same as items by kind (``("fox", party,
    count)``); ``re_players``: 1 for a solo. Scores come Re first.
    """
    total = settings.points
    points = (re_points, total - re_points)
    taken = (re_tricks, tricks - re_tricks)
    lv, sd = list(levels), list(said)
    won = []
    for party in (0, 1):
        need = _target(party, sd, lv, total)
        won.append(taken[party] == tricks if need < 0 else taken[party] >= 1 if need == 0 else points[party] >= need)
    winner = 0 if won[0] else 1 if won[1] else -1
    items: list[tuple[str, int, int]] = []  # (what, the party credited, points)
    if winner >= 0:
        items.append(("won", winner, 1))
    losers = (1 - winner,) if winner >= 0 else (0, 1)
    for party in losers:  # the losers' shortfall, to the other party
        for under, what in zip(_UNDER, ("under-90", "under-60", "under-30"), strict=True):
            if points[party] < under:
                items.append((what, 1 - party, 1))
        if taken[party] == 0:
            items.append(("no-trick", 1 - party, 1))
    if winner >= 0:  # the announcements, to the winner whoever made them
        for party, what in ((0, "said-re"), (1, "said-kontra")):
            if sd[party]:
                items.append((what, winner, 2))
        steps = (lv[0] + 1) + (lv[1] + 1)
        if steps:
            items.append(("said-step", winner, steps))
    for party in (0, 1):  # what each party reached against the other's announcements (e, f)
        reached = sum(1 for i in range(lv[1 - party] + 1) if points[party] >= REACHED[i])
        if reached:
            items.append(("reached", party, reached))
    solo = re_players == 1
    if winner == 1 and not solo:  # gegen die Kreuz-Damen gewonnen
        items.append(("against-the-queens", 1, 1))
    if not solo and extra_items:
        items.extend(item for item in extra_items if item[2])
    elif not solo:
        for party in (0, 1):
            if extras[party]:
                items.append(("extras", party, extras[party]))
    for_re = sum(n if party == 0 else -n for _, party, n in items)
    value = for_re if winner != 1 else -for_re
    if solo:
        scores: tuple[int, ...] = (3 * for_re, -for_re, -for_re, -for_re)
    else:
        scores = (for_re, for_re, -for_re, -for_re)
    return Outcome(winner, value, scores, tuple(items))


def extra_points(settings: PartyGameSettings, rules: Ruleset) -> int:
    return 0


def scorers(settings: PartyGameSettings, rules: Ruleset) -> list[DealScorer]:
    return [PartyGame(settings, rules.deck)] if active(settings) else []


class PartyGame(DealScorer):
    """Turns the card points each seat took, and what the parties announced, into the game value each player
    scores."""

    settles = True

    def __init__(self, settings: PartyGameSettings, deck: Deck) -> None:
        self.settings = settings
        self.fox = _every(deck, settings.fox)
        self.charlie = _every(deck, settings.charlie)

    def settle(self, points: list[int], taken: Taken) -> None:
        found = self.outcome(points, taken)
        if found is None:  # no side made (a deal thrown in)
            return
        outcome, order = found
        for place, seat in enumerate(order):
            points[seat] = outcome.scores[place]

    def outcome(self, points: list[int], taken: Taken) -> tuple[Outcome, list[int]] | None:
        """The result from each seat's card points, and the seats in the order of its scores (Re first)."""
        teams = taken.teams
        seats = len(points)
        re_seats = [s for s in range(seats) if teams[s] == 0]
        if not re_seats:
            return None
        re_points = sum(points[s] for s in re_seats)
        re_tricks = sum(taken.tricks_won[s] for s in re_seats)
        tricks = sum(taken.tricks_won)
        extras = [0, 0]
        kinds: dict[tuple[str, int], int] = {}
        if len(re_seats) > 1:  # the extra points count in a normal game only
            for _, kind, party in self.extras(taken):
                extras[party] += 1
                kinds[kind, party] = kinds.get((kind, party), 0) + 1
        said, levels = parties(taken.said)  # the announcements (mechanisms.announcements)
        by_kind = tuple((kind, party, n) for (kind, party), n in kinds.items())
        outcome = game_value(
            self.settings, re_points, re_tricks, tricks, said, levels, (extras[0], extras[1]), len(re_seats), by_kind
        )
        return outcome, re_seats + [s for s in range(seats) if teams[s] != 0]

    def extras(self, taken: Taken) -> list[tuple[int, str, int]]:
        """The extra points the tricks hold: ``(trick, kind, party)``, kind ``fox``, ``charlie`` or
        ``doppelkopf`` (a trick of :attr:`PartyGameSettings.big_trick` points or more)."""
        size, teams = taken.size, taken.teams
        out: list[tuple[int, str, int]] = []
        for i, winner in enumerate(taken.winners):
            plays = taken.plays[i * size : (i + 1) * size]
            side = teams[winner]
            if sum(taken.points[card] for _, card in plays) >= self.settings.big_trick > 0:
                out.append((i, "doppelkopf", side))
            for seat, card in plays:
                if self.fox >> card & 1 and teams[seat] != side:
                    out.append((i, "fox", side))  # a fox caught from the other party
                if i == len(taken.winners) - 1 and seat == winner and self.charlie >> card & 1:
                    out.append((i, "charlie", side))  # Karlchen wins the last trick
        return out


def possible_scores(points: Sequence[int]) -> bool:
    """Whether a row of a score sheet can be one deal's result: two players score a value and two lose it,
    or a soloist scores it threefold and three lose it once (TSR 7.3.3: the row adds up to nothing, all
    even or all odd). Which players scored plus is the table's to say: any two, or any one."""
    if len(points) != 4 or sum(points) != 0:
        return False
    ordered = sorted(points)
    low, high = ordered[0], ordered[-1]
    pairs = ordered[0] == ordered[1] and ordered[2] == ordered[3] and ordered[2] == -ordered[0]
    solo = (ordered[:3] == [low] * 3 and high == -3 * low) or (ordered[1:] == [high] * 3 and low == -3 * high)
    return pairs or solo


def entry(settings: PartyGameSettings, rules: Ruleset, players: int) -> PointsEntry | None:
    """A row of the score sheet is one deal's result: :func:`possible_scores` decides it whole."""
    return PARTY_ENTRY if active(settings) else None


class PartyEntry(PointsEntry):
    """The score sheet's row: the game value, signed per player (:func:`possible_scores`)."""

    whole_deal = True

    def check(self, points: Sequence[int], sides: tuple[int, ...]) -> bool:
        if not possible_scores(points):
            raise ResultError(
                "party-scores",
                "two players score the game value and two lose it, or one scores it threefold against three",
            )
        return True


PARTY_ENTRY: Final = PartyEntry()


def broken_off(
    settings: PartyGameSettings, rules: Ruleset, deal: Deal, offender: int, before: int | None = None
) -> list[int] | None:
    """A finished ``deal``'s points per seat had it been broken off at a breach by ``offender`` in trick
    ``before`` (0 first) when the game was already decided; None if it was not (or ``before`` is unknown, or
    the deal had no sides).

    TSR 9.5.1: "eine Partei hat das Spiel nach An- und Absagen bereits gewonnen, erfolgt ein Spielabbruch. Die
    Reststiche ab dem Zeitpunkt des Regelverstoßes gehen an die Gegenpartei. Weitere Sonderpunkte können nicht
    mehr erzielt werden ... Zur Ermittlung, ob das Spiel bereits entschieden ist (siehe 7.1), zählen nur bereits
    vollständig und regelgerecht beendete Stiche." Decided: a party has the points its announcements made
    before the breach ask of it (or its one trick against "schwarz"); the game is then scored with those
    announcements, the tricks before the breach as taken, every later trick to the offender's opponents, and
    the extra points of the tricks before it.
    """
    if before is None or deal.phase != "done":
        return None
    taken = deal.record()
    teams, size = taken.teams, taken.size
    seats = len(teams)
    re_seats = [s for s in range(seats) if teams[s] == 0]
    if not re_seats or len(re_seats) == seats:
        return None
    points, tricks = [0, 0], [0, 0]
    for i, winner in enumerate(taken.winners[:before]):
        party = 0 if teams[winner] == 0 else 1
        points[party] += sum(taken.points[card] for _, card in taken.plays[i * size : (i + 1) * size])
        tricks[party] += 1
    said, levels = parties(said_before(deal, offender, before))
    total = settings.points
    decided = False
    for party in (0, 1):
        need = _target(party, list(said), list(levels), total)
        decided = decided or (need > 0 and points[party] >= need) or (need == 0 and tricks[party] > 0)
    if not decided:
        return None
    other = 1 if teams[offender] == 0 else 0
    all_tricks = sum(taken.tricks_won)
    points[other] += total - points[0] - points[1]
    tricks[other] += all_tricks - tricks[0] - tricks[1]
    kinds: dict[tuple[str, int], int] = {}
    if len(re_seats) > 1:  # the extra points count in a normal game only: those of the tricks before the breach
        for trick, kind, party in PartyGame(settings, rules.deck).extras(taken):
            if trick < before:
                kinds[kind, party] = kinds.get((kind, party), 0) + 1
    by_kind = tuple((kind, party, n) for (kind, party), n in kinds.items())
    found = game_value(settings, points[0], tricks[0], all_tricks, said, levels, (0, 0), len(re_seats), by_kind)
    order = re_seats + [s for s in range(seats) if teams[s] != 0]
    out = [0] * seats
    for place, seat in enumerate(order):
        out[seat] = found.scores[place]
    return out


def possible_row(settings: PartyGameSettings, rules: Ruleset, row: Sequence[int]) -> bool:
    """Whether a score sheet's row can be a game's result (:func:`possible_scores`), for a result entered by
    hand where a breach broke off a decided game."""
    return possible_scores(row)


def outcome(rules: Ruleset, deal: Deal) -> Outcome | None:
    """A finished deal's result, item by item, as its scorer worked it out (for the pages and the kiosk);
    None without a party game, or for a deal with no sides."""
    settings = of(rules)
    if not active(settings) or deal.phase != "done":
        return None
    taken = deal.record()
    points = deal.taken_points()
    found = PartyGame(settings, rules.deck).outcome(points, taken)
    return found[0] if found is not None else None


def trick_extras(rules: Ruleset, deal: Deal) -> list[tuple[int, str, int]]:
    """A finished deal's extra points trick by trick, ``(trick, kind, party)``, where they count (a normal
    game of two against two); for the pages' worked deal."""
    settings = of(rules)
    if not active(settings) or deal.phase != "done" or list(deal.teams).count(0) != 2:
        return []
    return PartyGame(settings, rules.deck).extras(deal.record())


def _every(deck: Deck, code: str) -> int:
    """The mask of every copy of ``code`` ("": none)."""
    if code not in deck.index:
        return 0
    first = deck.index[code]
    mask = 0
    for k in range(deck.copies):
        mask |= 1 << (first + k * deck.stride)
    return mask
