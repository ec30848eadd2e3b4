"""The vocabulary of rule clauses: a :class:`Clause` and its typed parameters, and the facts about a ruleset
that the base game's clauses (:mod:`generator.clauses`) and each mechanism's (:mod:`generator.mechanisms`) share.

Why a module of its own: the section functions in :mod:`generator.clauses` ask the mechanisms' page modules
(:mod:`generator.mechanisms`) for their clauses, and those modules build clauses of these types; with the types
here, below both, neither imports the other's module and nothing imports in a circle. The phrases (the
msgids) sit in :mod:`wording`, which may not import :mod:`generator` (``tests/test_layering.py``): a clause
names its phrase by its kind, a string, so the words need none of these types.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee import Ruleset
from referee.mechanisms import book, contracts, game_value, party_game
from referee.ruleset import face_value
from wording.i18n import ListStyle
from wording.names import Case, NumberRole, SeatForm
from wording.names import patterns as deck_patterns

# -- parameter types: each is localised by phrases.render -----------------------


@dataclass(frozen=True)
class Cards:
    """Suits and cards (``"H"``, ``"QS"``) of a pack joined as a list, each in ``form``."""

    items: tuple[str, ...]
    form: str = "a"  # plural | a | each | all  (cards take "the"; "both": both copies of a card; "named": by
    # the card's own name where the language has one, wording.names.CARD_NAMED)
    style: ListStyle = "standard"  # standard ("and") | or
    pack: str = "french"  # whose letters these are: Italian ``C`` is coppe, not clubs
    case: Case = "nominative"  # the cards' role in the sentence (set by generator.phrases.CASES)


@dataclass(frozen=True)
class Ranks:
    """Rank letters of a pack joined as a list: "ace, king, queen"."""

    items: tuple[str, ...]
    pack: str = "french"
    style: ListStyle = "standard"
    trump: bool = False  # ranks of the trump suit where it counts apart: their own names (Dutch "jas", "nel")
    plural: bool = False  # the ranks in the plural, as four of each: "jacks"


@dataclass(frozen=True)
class Number:
    """A number; ``role`` lets a language write a small one as a word ("zwölf Karten", "jede Karte doppelt")."""

    value: int
    role: NumberRole = ""


@dataclass(frozen=True)
class Numbers:
    values: tuple[int, ...]
    style: ListStyle = "or"


@dataclass(frozen=True)
class Directions:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Points:
    """A signed number of points with its noun: "10 points", "minus 100 points"; "13 penalty points"."""

    value: int
    penalty: bool = False  # points the players try to avoid (see :func:`penalty`)
    eyes: bool = False  # the cards' points where the game's players name them apart (see :func:`eyes`)
    roem: bool = False  # points of roem, which Dutch players count as "20 roem", not "20 punten"


@dataclass(frozen=True)
class Deals:
    """A number of deals with its noun: "23 deals"; ``scheduled``: the deals of a hand-size schedule, which Dutch
    Boerenbridge players call rondes where a klaverjas table counts spellen."""

    value: int
    scheduled: bool = False


@dataclass(frozen=True)
class Seats:
    """Seats by their names, joined as a list: "Player 1 and Player 3"."""

    items: tuple[int, ...]
    form: SeatForm = "sentence"  # inside a sentence, or a label (set by generator.phrases.SEAT_ROLES)


@dataclass(frozen=True)
class Bid:
    """A bid as the engine words it (``bid 3``, ``nil``, ``blind-nil``): "3", "nil", "blind nil"."""

    word: str


@dataclass(frozen=True)
class Parts:
    """Phrases (clauses that are not whole sentences, or :class:`Points`) joined as a list."""

    items: tuple[Any, ...]
    style: ListStyle = "standard"


@dataclass(frozen=True)
class Said:
    """A word a player announces during play, as the engine words it (``re``, ``no 90``)."""

    word: str


@dataclass(frozen=True)
class Contract:
    """A contract a player may announce before play, as the engine words it (``solo queens``)."""

    word: str


@dataclass(frozen=True)
class Series:
    """Numbers in a row, joined by commas alone: a ladder's values ("18, 20, 22, 23")."""

    values: tuple[int, ...]


@dataclass(frozen=True)
class DealOrder:
    """How the cards go out, round by round, with the talon dealt after round ``at``: "3 – skat – 4 – 3"."""

    packets: tuple[int, ...]
    at: int


@dataclass(frozen=True)
class Title:
    """Another ruleset's title (the base of a house rule)."""

    ruleset: Ruleset = field(compare=False)
    id: str = ""


@dataclass(frozen=True)
class Clause:
    kind: str
    params: tuple[tuple[str, Any], ...] = ()
    count: int | None = None  # chooses the plural form


def anchor(kind: str) -> str:
    """The id of a clause's sentence on its rule page (``rule-play-first-trick``), for links to it."""
    return "rule-" + kind.replace(".", "-")


def clause(kind: str, plural: int | None = None, /, **params: Any) -> Clause:
    """A clause of ``kind``; ``plural`` is the number that picks the plural form.

    ``plural`` is the number the sentence shows, sign and all, so that a
    singular form may spell it out ("one point", Hebrew "נקודה אחת"): it is
    chosen for 1 only, never for -1.
    """
    return Clause(kind, tuple(sorted(params.items())), plural)


def patterns(rules: Ruleset, mask: int) -> tuple[str, ...]:
    """A card mask as suits where whole suits are in it, cards otherwise (each code once, however many copies)."""
    return deck_patterns(rules.deck, rules.full_deck, mask)


def cards(rules: Ruleset, items: tuple[str, ...], form: str = "a", style: ListStyle = "standard") -> Cards:
    """Suits and cards of the ruleset's pack, for a clause."""
    return Cards(items, form, style, rules.deck.pack)


def pack_rank(rank: str | int) -> str:
    """A rank as a ruleset writes it (``9``, ``"T"``, ``10``, ``f``) as its pack's letter."""
    text = str(rank).upper()
    return "T" if text == "10" else text


def ranks_in_play(rules: Ruleset) -> tuple[str, ...]:
    """The ranks of the deck, in the pack's own order (low to high)."""
    listed = {pack_rank(r) for r in rules.deck_ranks}
    return tuple(r for r in rules.deck.ranks if r in listed)


def ranks_by_strength(rules: Ruleset, trump: bool = False) -> tuple[str, ...]:
    """The ranks of the deck from the highest in a trick to the lowest: by ``deck.order`` (``trump_order``)."""
    strength = rules.trump_order if trump else rules.order
    ranks = rules.deck.ranks
    return tuple(sorted(ranks_in_play(rules), key=lambda r: -strength[ranks.index(r)]))


def ranks_high_to_low(rules: Ruleset) -> tuple[str, ...]:
    """The ranks of the deck in the pack's order, from the highest."""
    return tuple(reversed(ranks_in_play(rules)))


# -- facts about a ruleset that several clauses' builders ask -----------------------------------------


def eyes(rules: Ruleset) -> bool:
    """Whether the cards' points have a name of their own apart from a score's points ("card points", German
    "Augen"): where a mechanism turns them into a game value instead of scoring them (Doppelkopf, Skat)."""
    return party_game.active(party_game.of(rules)) or game_value.active(game_value.of(rules))


def declarer_games(rules: Ruleset) -> bool:
    """Whether the auction's winner declares the game and plays it alone against the others
    (:mod:`referee.mechanisms.contracts` with ``chosen: declarer``: Skat's Alleinspieler)."""
    settings = contracts.of(rules)
    return contracts.active(settings) and settings.chosen == "declarer"


def ladder(rules: Ruleset) -> bool:
    """Whether the bidding is a ladder of values (Skat's Reizen), which names the seats Vorhand, Mittelhand and
    Hinterhand."""
    return any(rnd.kind == "ladder" for rnd in rules.bidding_rounds)


def deal_total(rules: Ruleset) -> int:
    """Every point one deal hands out at the usual table: the cards' points and the deal's extras (the last
    trick), counted once whoever takes them; 0 where no card scores."""
    return sum(rules.layout(rules.default_players).points) + rules.deal_extra()


def penalty(rules: Ruleset) -> bool:
    """Whether the cards that score are penalties, which the players try to avoid (Hearts), not prizes."""
    if rules.trick_rows or rules.bid_scoring is not None or book.active(book.of(rules)):
        return False
    positive = any(p > 0 for p in rules.layout(rules.default_players).points)
    return rules.game.winner == "lowest" or (rules.game.count_sign < 0 and positive)


def card_values(rules: Ruleset) -> list[tuple[str, int]]:
    """The single cards in play that score on their own, with their points (negative: a bonus)."""
    layout = rules.layout(rules.default_players)
    spec = rules.card_points.by_pattern
    out: list[tuple[str, int]] = []
    for key in sorted(spec, key=lambda k: (len(k), k)):
        value = spec[key]
        if len(key) > 1 and value and layout.deck & rules.deck.all_copies(1 << rules.deck.index[key]):
            out.append((key, face_value(rules.deck, rules.deck.index[key]) if value == "face" else int(value)))
    return out


def values_list(rules: Ruleset, values: dict[str, int], zeros: bool = False, trump: bool = False) -> Parts:
    """Ranks with their points, from the highest in a trick, as one list ("ace 11, ten 10, ..."); with
    ``zeros``, the ranks worth nothing as well; ``trump``: of the trump suit, named as such (Dutch "jas")."""
    pack = rules.deck.pack
    return Parts(
        tuple(
            clause("part.rank-value", rank=Ranks((rank,), pack, trump=trump), points=Number(value))
            for rank, value in values.items()
            if value or zeros
        )
    )


# -- what a mechanism's page module holds (see generator.mechanisms) ------------------------------------------

#: A mechanism's clauses for one place of the page; None: it has nothing to say there (it is not in use), so
#: where the place replaces the base game's clauses, those stand.
Builder = Callable[[Ruleset], "list[Clause] | None"]
#: A message as :mod:`wording.i18n` marks it: ``N_`` (a string), ``NN_`` (singular and plural).
Message = str | tuple[str, str]


class Words(Protocol):
    """A mechanism's wording module (``wording/<name>.py``): its rule-page sentences, one per clause kind."""

    @property
    def CLAUSES(self) -> Mapping[str, Message]: ...
