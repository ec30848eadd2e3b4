"""The mechanisms of the ruleset language as components, registered in one place.

A mechanism is one rule of the language that a game may use: the trump duties
of Klaverjassen, the last trick's bonus, a card-point contract. Each lives in
one module of this package that holds everything about it, as
:mod:`referee.playing` does for the rules of play:

- ``NAME`` and ``PATH``: its name and where its settings sit in a ruleset;
- ``SCHEMA``: its JSON Schema fragment, with its defaults and descriptions.
  The published schema (``referee/schema/ruleset.schema.json``) is assembled
  from the fragments by ``python -m referee.mechanisms``, and a test checks
  that it is current, so the fragment is the one source;
- ``read(data)``: its typed, frozen settings from the document's block (the
  schema's defaults filled in);
- ``check(settings, rules, bad)``: the checks that refuse a ruleset the engine
  cannot play, each at the line of the setting that causes it;
- its engine hooks, by the roles the registry lists it under: a mechanism of
  play (``PLAYERS``) has ``follow_rules(settings, layout, table, deck)``, which
  returns :class:`~referee.playing.PlayRule` components that narrow, refuse and
  infer plays; a mechanism of scoring (``SCORERS``) has ``scorers(settings,
  rules)``, :class:`~referee.scoring.DealScorer` components that add to a played
  deal's points, and ``extra_points(settings, rules)``, what it adds to every deal's
  total (for the pages and for checking a result entered by hand); a mechanism that
  changes which results a deal entered without its cards may have (``ENTRIES``) has
  ``entry(settings, rules, players)``, its :class:`~referee.entering.PointsEntry`,
  which :mod:`referee.results` asks; a mechanism of
  penalties (``PENALTIES``) says what a breach the table confirms books on its
  deal, which the kiosk, quick-score entry and the club server ask it;
- ``active(settings)``: whether a ruleset uses it at all (an inactive
  mechanism costs the engine nothing), and ``of(rules)``, its settings in a
  compiled ruleset, for the pages and the kiosk.

What a rule page says of a mechanism sits in its page module,
``generator/mechanisms/<name>.py`` (its clauses), registered once in
``generator.mechanisms``, and its words in ``wording/<name>.py``; the engine,
the kiosk and the pages ask the module, never a game's name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..bidding import NO_BAR, Bar
from . import (
    all_tricks,
    announcements,
    bags,
    book,
    card_contract,
    card_sides,
    compulsory_solo,
    contracts,
    dealer_out,
    game_end,
    game_value,
    hook,
    last_trick,
    moon,
    party_game,
    passing,
    promoted,
    revoke_penalty,
    roem,
    talon,
    trump_points,
    trumping,
)

if TYPE_CHECKING:
    from ..auction import BidRound
    from ..deck import Deck
    from ..engine import Deal
    from ..entering import PointsEntry
    from ..playing import PlayRule
    from ..ruleset import Ruleset
    from ..scoring import DealScorer
    from ..tables import Caller, Layout, SideMaker, TrumpTable

#: Records a problem at a path of the document; more paths: the first one the user's own file writes wins.
Bad = Callable[..., None]


class Mechanism(Protocol):
    """What the registry asks of a mechanism module."""

    # Read-only: a module's constants are Final.
    @property
    def NAME(self) -> str: ...

    @property
    def PATH(self) -> tuple[str, ...]: ...

    @property
    def SCHEMA(self) -> dict[str, Any]: ...

    def read(self, data: dict[str, Any]) -> Any: ...

    def active(self, settings: Any) -> bool: ...

    def check(self, settings: Any, rules: Ruleset, bad: Bad) -> None: ...


class PlayMechanism(Mechanism, Protocol):
    """A mechanism that binds what may be played."""

    def follow_rules(self, settings: Any, layout: Layout, table: TrumpTable, deck: Deck) -> list[PlayRule]: ...


class ScoreMechanism(Mechanism, Protocol):
    """A mechanism that adds to a played deal's points."""

    def scorers(self, settings: Any, rules: Ruleset) -> list[DealScorer]: ...

    def extra_points(self, settings: Any, rules: Ruleset) -> int: ...


class TrumpMechanism(Mechanism, Protocol):
    """A mechanism that changes which cards are trumps, or how they rank, for a trump suit."""

    def trump_table(self, settings: Any, deck: Deck, table: TrumpTable) -> TrumpTable: ...


class SideMechanism(Mechanism, Protocol):
    """A mechanism that decides each deal's sides from the cards."""

    def side_maker(self, settings: Any, deck: Deck) -> SideMaker | None: ...


class CallMechanism(Mechanism, Protocol):
    """A mechanism that lets players say words during play (announcements)."""

    def caller(self, settings: Any, rules: Ruleset) -> Caller | None: ...


class DeclareMechanism(Mechanism, Protocol):
    """A mechanism that lets a player choose a contract before play, in a round of its own."""

    def rounds(self, settings: Any, rules: Ruleset) -> list[BidRound]: ...


class ValueMechanism(Mechanism, Protocol):
    """A mechanism that changes what the cards are worth, once a deal's trump is known."""

    def card_values(self, settings: Any, deck: Deck, points: tuple[int, ...], trump: int | None) -> tuple[int, ...]: ...

    def extra_points(self, settings: Any, rules: Ruleset) -> int: ...


class BidMechanism(Mechanism, Protocol):
    """A mechanism that forbids the last bidder of a round of trick bids a number (the hook)."""

    def bar(self, settings: Any, index: int) -> Bar | None: ...


class ForfeitMechanism(Mechanism, Protocol):
    """A mechanism that decides a deal as won or lost by a side, and so can score it lost by one side whatever
    the cards said (a revoke penalty of ``points: lost``)."""

    def forfeit(
        self, settings: Any, rules: Ruleset, deal: Deal, offender: int, before: int | None = None
    ) -> list[int] | None: ...


class BreakOffMechanism(Mechanism, Protocol):
    """A mechanism that can tell a game already decided when a side broke a rule, and score it broken off
    there: the tricks from the breach on to the other side (a revoke penalty of ``points: fine``)."""

    def broken_off(
        self, settings: Any, rules: Ruleset, deal: Deal, offender: int, before: int | None = None
    ) -> list[int] | None: ...

    def possible_row(self, settings: Any, rules: Ruleset, row: Sequence[int]) -> bool: ...


class EntryMechanism(Mechanism, Protocol):
    """A mechanism that changes which results a deal entered without its cards may have (quick score)."""

    def entry(self, settings: Any, rules: Ruleset, players: int) -> PointsEntry | None: ...


#: The mechanisms of play, in the order the engine asks them.
PLAYERS: tuple[PlayMechanism, ...] = (trumping,)
#: The mechanisms that change the trumps, in the order they apply to a trump table.
TRUMPERS: tuple[TrumpMechanism, ...] = (promoted,)
#: The mechanisms that decide a deal's sides (at most one applies).
SIDERS: tuple[SideMechanism, ...] = (card_sides,)
#: The mechanisms that let players speak during play (at most one applies).
CALLERS: tuple[CallMechanism, ...] = (announcements,)
#: The mechanisms that let a player choose a contract before play (their rounds come first).
DECLARERS: tuple[DeclareMechanism, ...] = (contracts, compulsory_solo)
#: The mechanisms that forbid the last bidder of a round of trick bids a number (at most one applies).
BIDDERS: tuple[BidMechanism, ...] = (hook,)
#: The mechanisms that change what cards are worth, in the order they apply.
VALUERS: tuple[ValueMechanism, ...] = (trump_points,)
#: The mechanisms of a bid's scoring and of the tricks by side: components on the bid scoring and the plan
#: (:class:`~referee.scoring.Overtricks`, :class:`~referee.scoring.TricksOver`), put there as the ruleset compiles.
SIDE_SCORERS: tuple[Mechanism, ...] = (bags, book)
#: The mechanisms of scoring, in the order their scorers run.
#: The moon comes last: it rewrites the points from the cards (it goes with none of the others).
SCORERS: tuple[ScoreMechanism, ...] = (last_trick, roem, all_tricks, card_contract, party_game, game_value, moon)
#: The mechanisms that can score a deal lost by the side in error (at most one applies).
FORFEITERS: tuple[ForfeitMechanism, ...] = (game_value,)
#: The mechanisms that can score a decided game broken off at a breach (at most one applies).
BREAKERS: tuple[BreakOffMechanism, ...] = (party_game,)
#: The mechanisms of the deal itself: a dealer who sits out, cards dealt to nobody that a declarer may take up,
#: cards passed before play.
DEALERS: tuple[Mechanism, ...] = (dealer_out, talon, passing)
#: The mechanisms that say what a breach the table confirms costs (the kiosk, quick score and the club ask them).
PENALTIES: tuple[Mechanism, ...] = (revoke_penalty,)
#: The mechanisms that change which results a deal entered without its cards may have, in the order
#: :mod:`referee.results` asks them: the moon's bounds before the book's (a book adds to what the moon allows).
ENTRIES: tuple[EntryMechanism, ...] = (card_contract, roem, trump_points, party_game, game_value, moon, book)
#: The game itself: how deals add up to it, when it ends and who wins (every ruleset has one).
GAMES: tuple[Mechanism, ...] = (game_end,)
#: Every mechanism once: its settings are read and checked in this order.
MECHANISMS: tuple[Mechanism, ...] = (
    *GAMES,
    *DEALERS,
    *SIDERS,
    *TRUMPERS,
    *DECLARERS,
    *BIDDERS,
    *PLAYERS,
    *CALLERS,
    *VALUERS,
    *SCORERS,
    *PENALTIES,
    *SIDE_SCORERS,
)


def block(data: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    """The mechanism's block of a document with its defaults filled in ({} where absent).

    A path through a list (``bidding.rounds``) reaches a setting of each item: the block is then
    ``{"items": [...]}``, each item's value at the rest of the path (None where absent).
    """
    node: Any = data
    for depth, key in enumerate(path):
        if isinstance(node, list):
            rest = path[depth:]
            return {"items": [_value(item, rest) for item in node]}
        node = node.get(key) if isinstance(node, dict) else None
    return node if isinstance(node, dict) else {}


def _value(node: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        node = node.get(key) if isinstance(node, dict) else None
    return node


def read_all(data: dict[str, Any]) -> dict[str, Any]:
    """Every mechanism's settings, by name, from a document with its defaults filled in."""
    return {m.NAME: m.read(block(data, m.PATH)) for m in MECHANISMS}


def bar(settings: dict[str, Any], index: int) -> Bar:
    """What bidding round ``index`` forbids its last bidder (the hook), from every mechanism's ``settings``."""
    for m in BIDDERS:
        found = m.bar(settings[m.NAME], index)
        if found is not None:
            return found
    return NO_BAR


def entries(rules: Ruleset, players: int) -> list[PointsEntry]:
    """What each active mechanism of ``rules`` says of a deal's result entered without its cards, at a table of
    ``players`` (:data:`ENTRIES`' order)."""
    out = []
    for m in ENTRIES:
        found = m.entry(rules.mechanisms[m.NAME], rules, players)
        if found is not None:
            out.append(found)
    return out


#: The scorers that weigh the deal as a whole, one side against the other (a card-point contract, a party's
#: game, a declarer's game value): points per trick added on top (a book) would break their arithmetic.
WHOLE_DEAL: tuple[Mechanism, ...] = (card_contract, party_game, game_value)
#: The scorers that read only which cards each seat took, never which trick: the moon.
CARDS_ONLY: tuple[Mechanism, ...] = (moon,)


def whole_deal(rules: Ruleset) -> tuple[str, ...] | None:
    """The path of the first active mechanism of ``rules`` that weighs the deal as a whole (None: none)."""
    return next((m.PATH for m in WHOLE_DEAL if m.active(rules.mechanisms[m.NAME])), None)


def reads_tricks(rules: Ruleset) -> tuple[str, ...] | None:
    """The path of the first active scoring mechanism of ``rules`` that reads who took which trick, or what lay
    together in one (the last trick, roem, every trick, a game value's schwarz), not only the cards taken."""
    return next(
        (m.PATH for m in SCORERS if m not in CARDS_ONLY and m.active(rules.mechanisms[m.NAME])),
        None,
    )


def can_forfeit(rules: Ruleset) -> bool:
    """Whether a mechanism of ``rules`` can score a deal lost by the side in error (``points: lost``)."""
    return any(m.active(rules.mechanisms[m.NAME]) for m in FORFEITERS)


def forfeit_points(rules: Ruleset, deal: Deal, offender: int, before: int | None = None) -> list[int] | None:
    """A finished ``deal``'s points per seat had ``offender``'s side lost it for its error, made with ``before``
    tricks played (None: no mechanism of the ruleset decides it, the deal had nobody to lose it, as a deal
    thrown in, or it was decided before the error)."""
    for m in FORFEITERS:
        settings = rules.mechanisms[m.NAME]
        if m.active(settings):
            return m.forfeit(settings, rules, deal, offender, before)
    return None


def can_break_off(rules: Ruleset) -> bool:
    """Whether a mechanism of ``rules`` can score a decided game broken off at a breach (a revoke penalty's
    ``fine_decided``)."""
    return any(m.active(rules.mechanisms[m.NAME]) for m in BREAKERS)


def broken_off_points(rules: Ruleset, deal: Deal, offender: int, before: int | None = None) -> list[int] | None:
    """A finished ``deal``'s points per seat, broken off at ``offender``'s breach in trick ``before`` because its
    game was already decided (None: it was not, or no mechanism of the ruleset can tell)."""
    for m in BREAKERS:
        settings = rules.mechanisms[m.NAME]
        if m.active(settings):
            return m.broken_off(settings, rules, deal, offender, before)
    return None


def possible_broken_off_row(rules: Ruleset, row: Sequence[int]) -> bool:
    """Whether ``row`` can be a deal's points once broken off (a result entered by hand, the cards unknown)."""
    found = [(m, rules.mechanisms[m.NAME]) for m in BREAKERS]
    return any(m.possible_row(settings, rules, row) for m, settings in found if m.active(settings))
