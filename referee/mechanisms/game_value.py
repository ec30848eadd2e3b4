"""A declarer's game value: Skat's Spielwert, as the International Skat Order scores it.

The declarer of a contract (:mod:`referee.mechanisms.contracts`) plays alone
for the card points, the talon's included (:mod:`referee.mechanisms.talon`),
and needs 61 of 120 (``need``). A game played for tricks is worth its base
value (``base``: diamonds 9, hearts 10, spades 11, clubs 12, grand 24) times a
multiplier, the sum of:

- the matadors: the declarer's unbroken run of top trumps, counted over the
  hand and the talon, "with" it when they hold the highest trump, else the
  run of top trumps they lack, "without" it (at least 1);
- 1 for the game itself ("Spiel"), 1 for a hand game;
- 1 for schneider (the losing party has at most 30 points), 1 more when it was
  announced; 1 for schwarz (the losing party took no trick), 1 more when
  announced; 1 for ouvert (the hand laid open, which announces schwarz).

A game played to take no trick has a fixed value (``fixed``: null 23, null hand
35, null ouvert 46, null ouvert hand 59). A declarer who wins scores the value;
one who loses (``lost``) twice it. A lost game counts the levels the declarer
announced, and their own schneider and schwarz. A game whose value falls short
of the value bid is overbid and lost whatever the points: it counts as the
least multiple of its base value that reaches the bid. With ``list:
seeger-fabian`` (the tournament list) a won game adds 50 for the declarer, and
a lost one takes 50 away and gives every other player at the table 40 (30 at
a table of four).

:func:`evaluate` is the one place this is worked out: a played deal
(:class:`GameValueScorer`), the pages and the kiosk all ask it.

Sources: International Skat Players Association / Deutscher Skatverband,
Internationale Skatordnung (1999): 2.4 (Spitzen), 5.1 (Grundwerte), 5.2 (the
levels: 5.2.2 the 61st point with the skat, 5.2.3 Schneider, 5.2.4 Schwarz,
5.2.5 announced levels, 5.2.6 Offen, 5.2.7 Null), 5.3 (a lost game counts
twice), 5.4 (Überreizen); Skatwettspielordnung 5.1 (Seeger-Fabian: 50, and
40 or 30 for the others).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..cards import cards_in
from ..entering import PointsEntry, ResultError
from ..phases.discarding import talon_cards
from ..scoring import DealScorer, Taken
from . import contracts

if TYPE_CHECKING:
    from ..engine import Deal
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "game_value"
PATH: Final = ("scoring", "game_value")

SEEGER_WON: Final = 50  # SkWO 5.1: the declarer's list points for a game won (taken away for one lost)
SEEGER_OTHERS: Final = {3: 40, 4: 30}  # what each other player gets for a lost game, by the table's size

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "Skat's game value (Internationale Skatordnung 5): the declarer of a contract plays for the card "
        "points; a game for tricks is worth its base value times matadors, game, hand and the levels reached "
        "or announced, a game for no trick a fixed value; lost, twice that; overbid, lost."
    ),
    "properties": {
        "base": {
            "type": ["object", "null"],
            "additionalProperties": {"type": ["integer", "null"], "minimum": 1},
            "default": {},
            "description": (
                "Base values by contract id, or by trump suit's letter for a contract whose player names the "
                "suit (Skat: D 9, H 10, S 11, C 12, grand 24)."
            ),
        },
        "fixed": {
            "type": ["object", "null"],
            "additionalProperties": {
                "type": ["array", "null"],
                "items": {"type": "integer", "minimum": 1},
                "minItems": 2,
                "maxItems": 2,
            },
            "default": {},
            "description": (
                "Fixed values by contract id: with the talon taken up, and as a hand game (Skat: null [23, 35], "
                "null-ouvert [46, 59])."
            ),
        },
        "need": {
            "type": ["integer", "null"],
            "minimum": 1,
            "default": 61,
            "description": "The declarer's card points to win, the talon's included (Skat: 61 of 120).",
        },
        "schneider": {
            "type": ["integer", "null"],
            "minimum": 0,
            "default": 30,
            "description": "A party with this many card points or fewer is schneider (Skat: 30).",
        },
        "lost": {
            "type": ["integer", "null"],
            "minimum": 1,
            "default": 2,
            "description": "A lost game counts this many times its value, against the declarer (Skat: 2).",
        },
        "list": {
            "enum": ["plain", "seeger-fabian", None],
            "default": "plain",
            "description": (
                "`plain`: the declarer scores the value (or loses it); `seeger-fabian`: also 50 for a game won "
                "(less 50 for one lost), and 40 to each other player for a lost game (30 at a table of four)."
            ),
        },
    },
}

#: The multiplier's items in the order the Skat order lists them (ISkO 5.2): what :attr:`Outcome.items` names.
ITEMS: Final = (
    "matadors",
    "game",
    "hand",
    "schneider",
    "schneider-announced",
    "schwarz",
    "schwarz-announced",
    "ouvert",
)


@dataclass(frozen=True)
class GameValue:
    """The ``scoring.game_value`` settings."""

    base: Mapping[str, int]
    fixed: Mapping[str, tuple[int, int]]
    need: int = 61
    schneider: int = 30
    lost: int = 2
    list: str = "plain"


@dataclass(frozen=True)
class Outcome:
    """A declarer's result: ``won``; ``overbid``; the game ``value`` written (an overbid game's: the least
    multiple of its base reaching the bid); ``score``, the declarer's (``-lost * value`` when lost);
    ``matadors`` (positive "with", negative "without", 0 for a fixed value); ``base``; ``items``, the
    multiplier's parts ``(what, count)`` in :data:`ITEMS` order (empty for a fixed value)."""

    won: bool
    overbid: bool
    value: int
    score: int
    matadors: int = 0
    base: int = 0
    items: tuple[tuple[str, int], ...] = ()

    @property
    def multiplier(self) -> int:
        return sum(n for _, n in self.items)


def read(data: dict[str, Any]) -> GameValue:
    fixed = data.get("fixed") or {}
    return GameValue(
        base={str(k): int(v) for k, v in (data.get("base") or {}).items() if v is not None},
        fixed={str(k): (int(v[0]), int(v[1])) for k, v in fixed.items() if isinstance(v, list) and len(v) == 2},
        need=int(data.get("need") or 61),
        schneider=30 if data.get("schneider") is None else int(data["schneider"]),
        lost=int(data.get("lost") or 2),
        list=str(data.get("list") or "plain"),
    )


def active(settings: GameValue) -> bool:
    return bool(settings.base or settings.fixed)


def of(rules: Ruleset) -> GameValue:
    """The game value of a compiled ruleset."""
    return cast(GameValue, rules.mechanisms[NAME])


def check(settings: GameValue, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    kinds = contracts.of(rules).kinds
    if not kinds:
        bad((*PATH, "base"), "a game value is a declarer's: it needs contracts (trump.contracts)", ("trump",))
        return
    for kind in kinds:
        if kind.goal == "no-tricks":
            if kind.id not in settings.fixed:
                bad((*PATH, "fixed"), f"contract {kind.id} is played for no trick: give its fixed value")
        elif kind.suit == "any":
            for suit in rules.deck_suits:
                if suit not in settings.base:
                    bad((*PATH, "base"), f"contract {kind.id} may have {suit} trump: give {suit} a base value")
        elif kind.id not in settings.base:
            bad((*PATH, "base"), f"give contract {kind.id} a base value")
    if rules.score_teams != "individual":
        bad((*PATH, "base"), "a game value scores each player (scoring.teams: individual)", ("scoring", "teams"))
    worth = set(game_values(rules))
    for i, spec in enumerate(rules.bidding_rounds):
        for j, value in enumerate(spec.values if spec.kind == "ladder" else ()):
            if value not in worth:
                bad(("bidding", "rounds", i, "values", j), f"no game is worth {value}: a bid is a game's value")
    if settings.list == "seeger-fabian" and any(n not in SEEGER_OTHERS for n in rules.player_counts):
        bad((*PATH, "list"), "the Seeger-Fabian list is for a table of three or four", ("players", "counts"))


def least_values(settings: GameValue, kinds: contracts.Contracts, suits: list[str]) -> dict[str, int]:
    """Per declaration word of a contract with a fixed value, that value (a contract worth less than the value
    bid cannot be declared); the words of the others are not listed."""
    out: dict[str, int] = {}
    for word in contracts.words(kinds, suits):
        index, _ = contracts.read_word(kinds, word)
        fixed = settings.fixed.get(kinds.kinds[index].id)
        if fixed is not None:
            out[word] = fixed[0]
            out[f"{word} hand"] = fixed[1]
    return out


def matadors(order: list[int], holding: int) -> int:
    """The matadors of ``holding`` (a mask) over the trumps in ``order`` (highest first): +n "with n", -n
    "without n" (ISkO 2.4)."""
    if not order:
        return 0
    with_ = bool(holding >> order[0] & 1)
    n = 0
    for card in order:
        if bool(holding >> card & 1) != with_:
            break
        n += 1
    return n if with_ else -n


#: The levels a hand game may announce, lowest first (each includes those below it).
LEVELS: Final = ("schneider", "schwarz", "ouvert")
#: What each announced level adds to the multiplier: the level reached and its announcement (ouvert alone).
ANNOUNCED_ITEMS: Final = (("schneider", "schneider-announced"), ("schwarz", "schwarz-announced"), ("ouvert", ""))


def announced_level(level: str) -> int:
    """How far a hand game's announced ``level`` goes: 0 nothing, 1 schneider, 2 schwarz, 3 ouvert."""
    return LEVELS.index(level) + 1 if level in LEVELS else 0


def evaluate(
    settings: GameValue,
    base: int,
    fixed: int,
    matadors_: int,
    hand: bool,
    level: str,
    bid: int,
    points: int,
    total: int,
    tricks: int,
    all_tricks: int,
) -> Outcome:
    """The declarer's result. ``base`` (or ``fixed`` > 0 for a game for no trick), ``matadors_`` (see
    :func:`matadors`), a ``hand`` game announcing ``level`` ("", "schneider", "schwarz", "ouvert"), the value
    ``bid``, the declarer's card points of ``total`` and their tricks of ``all_tricks``."""
    lost = settings.lost
    if fixed:
        won = tricks == 0
        return Outcome(won, False, fixed, fixed if won else -lost * fixed)
    announced = announced_level(level)
    schneider = settings.schneider
    if announced >= 2:
        won = tricks == all_tricks
    elif announced == 1:
        won = total - points <= schneider
    else:
        won = points >= settings.need
    items: list[tuple[str, int]] = [("matadors", abs(matadors_)), ("game", 1)]
    if hand:
        items.append(("hand", 1))
    if won:
        reached_schneider, reached_schwarz = total - points <= schneider, tricks == all_tricks
    else:  # lost: the declarer's own schneider and schwarz, an announced level counted as reached
        reached_schneider, reached_schwarz = points <= schneider, tricks == 0
    if reached_schneider or announced >= 1:
        items.append(("schneider", 1))
    if announced >= 1:
        items.append(("schneider-announced", 1))
    if reached_schwarz or announced >= 2:
        items.append(("schwarz", 1))
    if announced >= 2:
        items.append(("schwarz-announced", 1))
    if announced >= 3:
        items.append(("ouvert", 1))
    value = base * sum(n for _, n in items)
    if value < bid:  # overbid (ISkO 5.4): lost, at the least multiple of the base reaching the bid
        value = -(-bid // base) * base
        return Outcome(False, True, value, -lost * value, matadors_, base, tuple(items))
    return Outcome(won, False, value, value if won else -lost * value, matadors_, base, tuple(items))


def list_points(settings: GameValue, outcome: Outcome, players: int) -> tuple[int, int]:
    """What the list adds, for the declarer and for each other player (Seeger-Fabian; (0, 0) for plain)."""
    if settings.list != "seeger-fabian":
        return 0, 0
    if outcome.won:
        return SEEGER_WON, 0
    return -SEEGER_WON, SEEGER_OTHERS.get(players, 0)


def game_values(rules: Ruleset) -> list[int]:
    """Every value a game of ``rules`` can be worth, low to high (Skat's 18, 20, 22, 23, ... 264): what a
    ladder auction may bid, and what a score sheet may write."""
    settings = of(rules)
    if not active(settings):
        return []
    scorer = GameValueScorer(settings, rules)
    found: set[int] = set()
    levels = 1 + 1 + 4 + (1 if "ouvert" in contracts.of(rules).levels else 0)  # game, hand, four levels, ouvert
    for index, kind in enumerate(contracts.of(rules).kinds):
        fixed = settings.fixed.get(kind.id)
        if fixed is not None:
            found.update(fixed)
            continue
        suits = [kind.suit] if kind.suit not in ("none", "any", "keep") else list(rules.deck_suits)
        for suit in suits if kind.suit != "none" else [""]:
            base = settings.base.get(kind.id) or settings.base.get(suit, 0)
            trump = rules.deck.suits.find(suit) if suit else -1
            most = len(scorer.trumps(index, trump))
            found.update(base * m for m in range(2, most + levels + 1))
    return sorted(found)


#: Why a row of the score sheet is refused (:func:`row_problem`'s kinds), in English.
PROBLEMS: Final = {
    "one-declarer": "only the declarer scores in a deal: the game value won, or lost; nothing for the others",
    "game-value": "no game is worth that",
    "lost-value": "a lost game counts a fixed number of times its value: that is no game's",
}


def entry(settings: GameValue, rules: Ruleset, players: int) -> PointsEntry | None:
    """A row of the list is one deal's result: :func:`row_problem` decides it whole."""
    return GameValueEntry(rules) if active(settings) else None


class GameValueEntry(PointsEntry):
    """The list's row: the declarer's game value won or lost, nothing for the others (:func:`row_problem`)."""

    whole_deal = True

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    def check(self, points: Sequence[int], sides: tuple[int, ...]) -> bool:
        problem = row_problem(self.rules, points)
        if problem is not None:
            kind, numbers = problem
            raise ResultError(kind, PROBLEMS[kind], **numbers)
        return True


def row_problem(rules: Ruleset, points: Sequence[int]) -> tuple[str, dict[str, int]] | None:
    """Why ``points`` (per seat) cannot be a row of a score sheet, as a kind and its numbers; None if it can be:
    nothing (the cards thrown in), or one declarer's game value won, or ``lost`` times a value lost (an overbid
    game: the least multiple of a base value reaching a bid), the others scoring nothing; with the
    Seeger-Fabian list, the declarer's 50 more or less, and for a lost game each other player's 40 (30 at a
    table of four). Kinds: ``one-declarer``, ``game-value`` (``value``), ``lost-value`` (``points``,
    ``times``)."""
    settings = of(rules)
    if not any(points):
        return None
    values = game_values(rules)
    worth = set(values)
    bases = set(settings.base.values())
    n = len(points)
    seeger = settings.list == "seeger-fabian"
    share = SEEGER_OTHERS.get(n, 0) if seeger else 0
    for declarer in range(n):
        score = points[declarer]
        others = [p for s, p in enumerate(points) if s != declarer]
        if score > 0 and others == [0] * (n - 1):
            value = score - SEEGER_WON if seeger else score
            return None if value in worth else ("game-value", {"value": value})
        if score < 0 and others == [share] * (n - 1):
            lost = -(score + SEEGER_WON) if seeger else -score
            value = lost // settings.lost
            # overbid: the least multiple of a base value reaching the bid, at most the highest value's
            overbid = any(value % base == 0 and value - base < values[-1] for base in bases)
            if lost % settings.lost or not (value in worth or overbid):
                return "lost-value", {"points": score, "times": settings.lost}
            return None
    return "one-declarer", {}


def possible_scores(rules: Ruleset, points: Sequence[int]) -> bool:
    """Whether a row of a score sheet can be one deal's result (see :func:`row_problem`)."""
    return active(of(rules)) and row_problem(rules, points) is None


def extra_points(settings: GameValue, rules: Ruleset) -> int:
    return 0


def scorers(settings: GameValue, rules: Ruleset) -> list[DealScorer]:
    return [GameValueScorer(settings, rules)] if active(settings) else []


class GameValueScorer(DealScorer):
    """Turns the declarer's card points and tricks into the game value the declarer scores."""

    settles = True

    def __init__(self, settings: GameValue, rules: Ruleset) -> None:
        self.settings = settings
        self.rules = rules
        self._orders: dict[tuple[int, int], list[int]] = {}  # the trumps highest first, by (contract, trump)

    def trumps(self, contract: int, trump: int) -> list[int]:
        """The trumps of ``contract`` with ``trump`` (-1: none), highest first: the matadors' order."""
        key = (contract, trump)
        found = self._orders.get(key)
        if found is None:
            table = self.rules.trump_table(None if trump < 0 else trump, contract)
            if table.trump is None:
                found = []
            else:
                cards = [c for c in range(len(table.eff_suit)) if table.eff_suit[c] == table.trump]
                cards = [c for c in cards if self.rules.full_deck >> c & 1]
                found = sorted(cards, key=lambda c: -table.power[c])
            self._orders[key] = found
        return found

    def outcome(self, points: list[int], taken: Taken) -> Outcome | None:
        """The declarer's result from each seat's card points (None: no contract declared)."""
        declared = taken.declared
        if declared is None or taken.maker < 0:
            return None
        contract, hand, level, bid = declared
        kind = contracts.of(self.rules).kinds[contract]
        settings = self.settings
        fixed = settings.fixed.get(kind.id)
        maker = taken.maker
        all_tricks = sum(taken.tricks_won)
        total = sum(points)
        if fixed is not None:
            value = fixed[1 if hand else 0]
            return evaluate(settings, 0, value, 0, hand, level, bid, 0, total, taken.tricks_won[maker], all_tricks)
        suit = self.rules.deck.suits[taken.trump] if taken.trump >= 0 else ""
        base = settings.base.get(kind.id) or settings.base.get(suit, 0)
        found = matadors(self.trumps(contract, taken.trump), taken.holding)
        return evaluate(
            settings, base, 0, found, hand, level, bid, points[maker], total, taken.tricks_won[maker], all_tricks
        )

    def settle(self, points: list[int], taken: Taken) -> None:
        found = self.outcome(points, taken)
        if found is None:
            return
        declarer, others = list_points(self.settings, found, len(points))
        for seat in range(len(points)):
            points[seat] = found.score + declarer if seat == taken.maker else others


def forfeited(
    settings: GameValue, base: int, fixed: int, matadors_: int, hand: bool, level: str, bid: int, won: bool
) -> Outcome:
    """The declarer's result when a side's breach decided the game (ISkO 4.1.4): lost by the side in error "in
    der Stufe einfach (nicht Schneider oder Schwarz)": the matadors, the game and a hand game's hand, no level
    reached. What the declarer announced counts (ISkO 4.1.5: the level the declarer had to reach is his when
    the opponents erred; an announced level counts in a game lost). The bid still counts: a declarer in error
    loses at least the least multiple of the base reaching it (ISkO 4.1.1, "unter Berücksichtigung der letzten
    Reizhöhe"), and one whose opponents erred wins at that value where the bid needed more than the simple
    level."""
    lost = settings.lost
    if fixed:
        return Outcome(won, False, fixed, fixed if won else -lost * fixed)
    items: list[tuple[str, int]] = [("matadors", abs(matadors_)), ("game", 1)]
    if hand:
        items.append(("hand", 1))
    announced = announced_level(level)
    for i, (reached, said) in enumerate(ANNOUNCED_ITEMS):
        if announced > i:
            items.extend([(reached, 1), (said, 1)] if said else [(reached, 1)])
    value = max(base * sum(n for _, n in items), -(-bid // base) * base)
    return Outcome(won, False, value, value if won else -lost * value, matadors_, base, tuple(items))


def decided(settings: GameValue, deal: Deal, taken: Taken, before: int) -> bool:
    """Whether the declarer's game was decided by the first ``before`` tricks (the skat counted for the declarer,
    ISkO 2.2.1): 61 card points, or 60 for the defenders; with schneider announced, 90 or the defenders' 31; with
    schwarz or ouvert announced, a trick to the defenders. A null ends at the declarer's first trick, so it is
    never decided before its end. ``taken``: the deal's record."""
    declared, maker = taken.declared, taken.maker
    if declared is None or maker < 0 or settings.fixed.get(contracts.of(deal.rules).kinds[declared[0]].id):
        return False
    values = deal.card_values
    mine = sum(values[c] for c in cards_in(talon_cards(deal)))
    theirs = 0
    defenders_won = False
    for trick in deal.tricks[:before]:
        points = sum(values[deal.rules.deck.index[card]] for card in trick.cards)
        if trick.winner == maker:
            mine += points
        else:
            theirs += points
            defenders_won = True
    level = declared[2]
    total = sum(deal.taken_points())
    if level in ("schwarz", "ouvert"):
        return defenders_won
    if level == "schneider":
        return theirs > settings.schneider or mine >= total - settings.schneider
    return mine >= settings.need or theirs > total - settings.need


def breached(
    settings: GameValue, rules: Ruleset, deal: Deal, offender: int, before: int | None = None
) -> Outcome | None:
    """A finished ``deal``'s declarer's result had ``offender``'s side lost it by a breach (a revoke penalty of
    ``points: lost``): the declarer's game lost if the declarer erred, else won, at the simple level
    (:func:`forfeited`). A breach once the game was decided (``before``: the tricks played before it, where
    known) changes nothing (ISkO 4.1.4, "vor der Spielentscheidung"): None, as for a deal with no declarer
    (thrown in)."""
    if deal.phase != "done":
        return None
    taken = deal.record()
    declared = taken.declared
    maker = taken.maker
    if declared is None or maker < 0 or (before is not None and decided(settings, deal, taken, before)):
        return None
    contract, hand, level, bid = declared
    kind = contracts.of(rules).kinds[contract]
    won = offender != maker
    fixed = settings.fixed.get(kind.id)
    if fixed is not None:
        return forfeited(settings, 0, fixed[1 if hand else 0], 0, hand, level, bid, won)
    scorer = GameValueScorer(settings, rules)
    suit = rules.deck.suits[taken.trump] if taken.trump >= 0 else ""
    base = settings.base.get(kind.id) or settings.base.get(suit, 0)
    held = matadors(scorer.trumps(contract, taken.trump), taken.holding)
    return forfeited(settings, base, 0, held, hand, level, bid, won)


def forfeit(
    settings: GameValue, rules: Ruleset, deal: Deal, offender: int, before: int | None = None
) -> list[int] | None:
    """A finished ``deal``'s points had ``offender``'s side lost it by a breach (:func:`breached`), the list's
    points as for any game (Seeger-Fabian); None where the breach changes nothing."""
    found = breached(settings, rules, deal, offender, before)
    return None if found is None else breach_points(settings, deal, found)


def breach_points(settings: GameValue, deal: Deal, found: Outcome) -> list[int]:
    """Each seat's points for ``deal`` scored as ``found`` (a breach's :func:`breached`), with the list's points."""
    taken = deal.record()
    players, maker = len(taken.tricks_won), taken.maker
    declarer, others = list_points(settings, found, players)
    return [found.score + declarer if seat == maker else others for seat in range(players)]


def outcome(rules: Ruleset, deal: Deal) -> Outcome | None:
    """A finished deal's result as its scorer worked it out (for the pages and the kiosk); None without a game
    value, or for a deal with no declarer."""
    settings = of(rules)
    if not active(settings) or deal.phase != "done":
        return None
    return GameValueScorer(settings, rules).outcome(deal.taken_points(), deal.record())
