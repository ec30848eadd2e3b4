"""What the rule page says of each mechanism, registered in one place: the page's side of :mod:`referee.mechanisms`.

A mechanism the page describes has one module of its name in each of three packages:

- ``referee/mechanisms/<name>.py``: the component, what the mechanism does (its settings, checks, engine hooks);
- ``generator/mechanisms/<name>.py`` (here): its page module, what the page says of it, as clauses;
- ``wording/<name>.py``: its words, one phrase (msgid) per clause kind in ``CLAUSES``, with, where a sentence
  names a card as its object, the case it takes (``CASES``), and, where a seat heads a line, its form
  (``SEAT_ROLES``); :mod:`generator.phrases` merges them. The kiosk shares some of these words (the moon's, the
  revoke penalty's), and :mod:`wording` may not import :mod:`generator` (``tests/test_layering.py``), so the
  words and the builders sit apart: a clause names its phrase by its kind, a string, so the words need no type of
  the page's; the builders need the clause types, which sit below both in :mod:`generator.terms`.

A page module holds ``MECHANISM`` (the referee module it states), ``WORDS`` (its wording module) and ``PLACES``:
its builders by the place of the page they fill. A place is where a section function of
:mod:`generator.clauses` asks the mechanisms, at its fixed point among the base game's clauses (:data:`ADD`,
:data:`INSTEAD`): at a place that adds, every registered mechanism says its clauses in the order of
:data:`PAGES`; at a place that replaces, the first that answers says them instead of the base game's.

So a new mechanism adds its referee module, its page module and its words, one line in :data:`PAGES`, and its
tests; ``tests/test_page_registry.py`` checks that each mechanism of :data:`referee.mechanisms.MECHANISMS` the
page describes is here with its words, and each phrase sits with the mechanism whose builders say it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, TypeVar

from referee import Ruleset
from referee.mechanisms import Mechanism
from wording.names import Case, SeatForm

from ..terms import Builder, Clause, Message, Words
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

V = TypeVar("V")


class Page(Protocol):
    """What the registry asks of a mechanism's page module."""

    @property
    def MECHANISM(self) -> Mechanism: ...

    @property
    def WORDS(self) -> Words: ...

    @property
    def PLACES(self) -> Mapping[str, Builder]: ...


#: The places where every mechanism in use adds its clauses, section by section, in page order.
ADD: dict[str, str] = {
    "overview.players": "after the players and partners: who sits out, sides made by a card",
    "deal.cards": "after the cards taken out: cards dealt to nobody",
    "bid.before-rounds": "before the bidding rounds: contracts announced before play",
    "bid.tricks": "in a round of trick bids, after nil: what the last bidder may not bid",
    "bid.after-rounds": "after the bidding rounds: the game the auction's winner declares",
    "play.duties": "after the trumps: what a player who cannot follow must play",
    "play.during": "after the rules of play: what players may say during play",
    "score.cards": "after the cards' points: a trick worth more for being the one it is",
    "score.deal": "after the deal's total: what else a deal scores, and how the sides weigh it",
    "score.bids": "after a bid's scoring: overtricks carried from deal to deal",
    "score.end": "last: tricks over a book, what a breach costs",
    "end": "the end of the game: the scores it starts from, when it ends, who wins",
    "passing": "the cards passed before play",
}
#: The places where the first mechanism that answers replaces the base game's clauses (with none, perhaps).
INSTEAD: dict[str, str] = {
    "deck.order": "the order of the ranks, said later by the mechanism that changes it",
    "goal": "the aim of the game",
    "deal.packets": "how the cards go round",
    "deal.rotation": "who deals next",
    "play.lead": "who leads to the first trick, where no card decides it",
    "play.follow": "following suit, where a duty binds a player who cannot",
    "play.trumps": "the trumps, where the game a player declares decides them",
    "play.trump-fixed": "a fixed trump suit",
    "play.trump-order": "the trump suit's order",
    "score.values": "what the cards are worth by rank",
    "score.total": "the points a deal hands out, where a mechanism scores more than the cards",
    "end.deals": "how many deals a game lasts",
}

#: Every mechanism the page describes, once, in the order the page states them at each place.
PAGES: tuple[Page, ...] = (
    passing,
    dealer_out,
    card_sides,
    talon,
    contracts,
    compulsory_solo,
    hook,
    promoted,
    trumping,
    announcements,
    trump_points,
    last_trick,
    roem,
    all_tricks,
    party_game,
    game_value,
    card_contract,
    moon,
    bags,
    book,
    revoke_penalty,
    game_end,
)


def add(place: str, rules: Ruleset) -> list[Clause]:
    """Every registered mechanism's clauses at ``place`` (a key of :data:`ADD`), in the order of :data:`PAGES`."""
    assert place in ADD, place
    out: list[Clause] = []
    for page in PAGES:
        builder = page.PLACES.get(place)
        said = builder(rules) if builder is not None else None
        out.extend(said or ())
    return out


def instead(place: str, rules: Ruleset, base: list[Clause]) -> list[Clause]:
    """The clauses the first registered mechanism that answers says at ``place`` (a key of :data:`INSTEAD`) in
    place of the base game's ``base`` (perhaps none: it says them elsewhere); ``base`` where none answers."""
    assert place in INSTEAD, place
    for page in PAGES:
        builder = page.PLACES.get(place)
        said = builder(rules) if builder is not None else None
        if said is not None:
            return said
    return base


def _merged(part: str, found: list[tuple[str, Mapping[str, V]]]) -> dict[str, V]:
    """One part of every mechanism's words (``found``: by the mechanism's name), merged; a key given twice is an
    error: each phrase sits in one place."""
    out: dict[str, V] = {}
    for name, mine in found:
        twice = sorted(set(out) & set(mine))
        if twice:
            raise ValueError(f"{part} {twice} given twice, again by wording.{name}")
        out.update(mine)
    return out


#: Every mechanism's rule-page sentences by clause kind (merged into generator.phrases.PHRASES).
PHRASES: dict[str, Message] = _merged("CLAUSES", [(p.MECHANISM.NAME, p.WORDS.CLAUSES) for p in PAGES])
#: The case of the cards a mechanism's sentence puts in the object position (merged into generator.phrases.CASES).
CASES: dict[str, dict[str, Case]] = _merged("CASES", [(p.MECHANISM.NAME, getattr(p.WORDS, "CASES", {})) for p in PAGES])
#: The seats that head a mechanism's line as a label (merged into generator.phrases.SEAT_ROLES).
SEAT_ROLES: dict[str, dict[str, SeatForm]] = _merged(
    "SEAT_ROLES", [(p.MECHANISM.NAME, getattr(p.WORDS, "SEAT_ROLES", {})) for p in PAGES]
)
