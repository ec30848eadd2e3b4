"""The tables a compiled ruleset hands to the engine, typed for speed.

A :class:`~referee.ruleset.Ruleset` builds these once per number of players
(:class:`Layout`) and per trump suit (:class:`TrumpTable`). They hold ints,
masks and tuples only, and this module is compiled with mypyc with the
engine, so the engine reads them as C structs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from .bidding import TrickBids
from .cards import RANKS, SAME_COLOUR, bit
from .deck import Deck
from .kinds import (
    Alone,
    MustLead,
    OpeningBy,
    RoundKind,
    RoundStarts,
    ScoreTeams,
    TrickSide,
    TrumpKind,
)
from .scoring import BidScoring, DealScorer, TricksOver

if TYPE_CHECKING:  # playing.py and auction.py import this module
    from .auction import BidRound, GoingAlone
    from .playing import PlayRule

JACK: Final = RANKS.index("J")


@dataclass(frozen=True)
class TrumpTable:
    """Effective suits and card strengths for one trump suit (or none)."""

    trump: int | None
    eff_suit: tuple[int, ...]  # per card index
    eff_mask: tuple[int, ...]  # per suit: the cards whose effective suit it is
    power: tuple[int, ...]  # per card: strength within its effective suit
    # keys[led][card]: how strongly the card bids for a trick whose led suit is
    # `led` (trumps above the led suit, other suits -1); the highest key wins.
    keys: tuple[tuple[int, ...], ...]


def trump_table(
    deck: Deck, trump: int | None, bowers: bool, order: tuple[int, ...], trump_order: tuple[int, ...]
) -> TrumpTable:
    """Effective suits and strengths of every card of ``deck`` when ``trump`` is trump.

    ``order[r]`` is the strength of the pack's rank ``r`` in a plain suit and
    ``trump_order[r]`` in the trump suit (0 the lowest). With ``bowers`` (a
    French pack) the jack of trump is the highest trump and the other jack of
    its colour the second, and a trump.
    """
    size = deck.size
    eff_suit = list(deck.suit_of)
    power = [(trump_order if deck.suit_of[c] == trump else order)[deck.rank_of[c]] * 2 for c in range(size)]
    if trump is not None and bowers:
        for k in range(deck.copies):
            right = k * deck.stride + trump * 13 + JACK
            left = k * deck.stride + SAME_COLOUR[trump] * 13 + JACK
            eff_suit[left] = trump
            power[right] = 100
            power[left] = 99
    return table_of(trump, eff_suit, power, len(deck.suits))


def table_of(trump: int | None, eff_suit: list[int], power: list[int], suits: int) -> TrumpTable:
    """The trump table of cards with these effective suits and strengths: the masks and trick keys follow."""
    size = len(eff_suit)
    eff_mask = [0] * suits
    for c in range(size):
        eff_mask[eff_suit[c]] |= bit(c)
    keys = tuple(
        tuple(power[c] + 1000 if eff_suit[c] == trump else power[c] if eff_suit[c] == led else -1 for c in range(size))
        for led in range(suits)
    )
    return TrumpTable(trump, tuple(eff_suit), tuple(eff_mask), tuple(power), keys)


class SideMaker:
    """Decides a deal's sides from the cards each seat held (see :mod:`referee.mechanisms`); the base: none."""

    def teams(self, held: list[int]) -> tuple[int, ...]:
        """Each seat's side, from the mask of the cards it held (or, hands unknown, played)."""
        return ()

    def known(self, played: list[int]) -> bool:
        """Whether the cards each seat has played (masks) already tell every seat's side."""
        return True


class Caller:
    """The words a player may say during play (see :mod:`referee.mechanisms`); the base: none.

    ``said`` holds every word said so far as ``(seat, party, word, held)``, ``held`` being the cards
    the seat held then; ``party`` is the speaker's side (-1: the table does not know it yet).
    """

    vocabulary: frozenset[str] = frozenset()

    def party_of(self, word: str) -> int:
        """The party a word tells the speaker is of (-1: it tells none)."""
        return -1

    def bare(self, word: str) -> str:
        """The word as it is recorded once said (without what only told the speaker's party)."""
        return word

    def words(self, held: int, party: int, said: list[tuple[int, int, str, int]]) -> list[str]:
        """What a seat of ``party`` (-1: not known yet) holding ``held`` cards may say now."""
        return []


@dataclass(frozen=True)
class ContractPlan:
    """What a deal keeps of the contracts a player may choose (referee.mechanisms.contracts)."""

    leads_declarer: bool  # the contract's player leads the first trick
    #: per contract: within how many first tricks the player finds a partner (0: the player stays alone)
    partner_within: tuple[int, ...] = ()
    #: per contract: its player must take no trick, and the deal ends when they take one (Skat's null)
    no_tricks: tuple[bool, ...] = ()
    #: per contract: its player's cards lie open to every player before the first lead (Skat's null ouvert)
    lies_open: tuple[bool, ...] = ()
    #: the level a hand game may announce that lays its player's cards open ("": none; Skat's ouvert)
    open_level: str = ""
    #: a voluntary solo's player leads, where a compulsory solo is owed (referee.mechanisms.compulsory_solo;
    #: without one, every contract is led as ``leads_declarer`` says)
    voluntary_leads_declarer: bool = True


@dataclass(frozen=True)
class TalonPlan:
    """What a deal keeps of the talon the declarer may take up (referee.mechanisms.talon)."""

    size: int  # its cards: the ones the hands leave
    hand: bool  # the declarer may play without taking it up


@dataclass(frozen=True)
class Restriction:
    """Cards that may not be led until broken."""

    cards: int
    broken_by: int
    lift_if_only: int


@dataclass(frozen=True)
class TrickRow:
    side: TrickSide
    won: frozenset[int]
    alone: bool | None
    lone_defender: bool | None
    points: int


@dataclass(frozen=True)
class Layout:
    """Everything about a ruleset that depends on the number of players."""

    players: int
    deck: int  # mask of the cards in play
    hand_size: int
    cycle: tuple[str, ...]
    teams: tuple[int, ...]  # team index per seat (each seat its own when no teams)
    points: tuple[int, ...]  # per card index
    scoring_cards: int  # mask of cards with non-zero points
    opening_card: int | None  # the card whose holder leads (holder-of-lowest)
    opening_mask: int  # what the opening leader may lead (all cards when free)
    first_trick_forbid: int
    restrictions: tuple[Restriction, ...]
    cards: tuple[int, ...]  # the deck's card indices, in order
    schedule: tuple[int, ...] = ()  # hand size per deal, when it changes; the game ends after the last
    most: int = 0  # the most cards each player can be dealt
    #: per seat, the side its points go to: its team where partners score together, else itself
    sides: tuple[int, ...] = ()
    #: the hands dealt: the players, or one fewer where the dealer sits out (referee.mechanisms.dealer_out)
    in_play: int = 0

    def hand_size_of(self, number: int) -> int:
        """The hand size of deal ``number`` (0 is the first)."""
        if not self.schedule:
            return self.hand_size
        if not 0 <= number < len(self.schedule):
            raise ValueError(f"the schedule has {len(self.schedule)} deals; there is no deal {number + 1}")
        return self.schedule[number]

    def whole_pack(self) -> bool:
        """Whether every deal deals, and so plays, the whole pack."""
        return all(size * self.in_play == len(self.cards) for size in self.schedule or (self.hand_size,))


@dataclass(frozen=True)
class Round:
    """One bidding round: Euchre's ``order-up`` and ``call``, trick bids, or an auction of contracts."""

    kind: RoundKind
    exclude_turned_down: bool
    stick_the_dealer: bool
    tricks: TrickBids | None  # the compiled round when kind is "tricks"
    no_trump: bool = False  # a call or contract round may also name no trump
    low: int = 0  # a contract round: the fewest tricks a contract may name
    high: int = -1  # a contract round: the most (-1: the hand size)
    starts: RoundStarts = "left-of-dealer"  # who speaks first in a tricks or call round
    first_must_call: bool = False  # a call round: its first player (left of the dealer) may not pass
    values: tuple[int, ...] = ()  # a ladder round: the values that may be said, ascending

    @property
    def forces_a_call(self) -> bool:
        """Whether a call round ends with trump named, come what may: someone may not pass."""
        return self.stick_the_dealer or self.first_must_call


@dataclass(frozen=True)
class Plan:
    """The rules a deal consults while it runs, typed, compiled once per ruleset.

    The engine reads these on every action, so they live in a compiled class
    rather than on the Python-level :class:`~referee.ruleset.Ruleset`.
    """

    pass_count: int
    rounds: tuple[Round, ...]
    may_discard_upcard: bool
    alone: Alone
    partnerships: bool  # partners sit opposite
    trump_kind: TrumpKind
    upcard: bool
    full_deck: int
    opening_must: MustLead
    opening_suit: int
    opening_by: OpeningBy
    end_early: bool
    no_tricks_bonus: int
    trick_rows: tuple[TrickRow, ...]
    score_teams: ScoreTeams
    bid_scoring: BidScoring | None
    book: TricksOver  # the book's points for a side's tricks (referee.mechanisms.book), NO_BOOK for none
    start: int
    count_sign: int
    #: the steps a deal's score is made of, in order (see referee.scoring):
    #: cards, mechanisms, no-tricks, table or teams, settle, sides
    steps: tuple[str, ...]
    #: what the ruleset's mechanisms add to a deal's points (referee.mechanisms), in the registry's order
    scorers: tuple[DealScorer, ...]
    deck: Deck  # the card space
    trump_suit: int | None  # a fixed trump suit
    bid_rounds: list[BidRound]  # the bidding rounds as components (referee/auction.py)
    going_alone: GoingAlone | None  # who may play alone, as a component (None: nobody)
    #: what decides each deal's sides from the cards (referee.mechanisms: sides by a card); None: the layout's
    side_maker: SideMaker | None = None
    #: what the players may say during play (referee.mechanisms: announcements); None: nothing
    caller: Caller | None = None
    #: the contracts a player may choose before play (referee.mechanisms.contracts); None: none
    contract_plan: ContractPlan | None = None
    #: the cards dealt to nobody that the declarer may take up (referee.mechanisms.talon); None: none
    talon: TalonPlan | None = None
    #: what a deal needs per number of players and trump, made once (see setup_key)
    setups: dict[int, DealSetup] = field(default_factory=dict)
    #: the trick table's points by side, tricks and way of playing, found once each (see scoring.trick_table)
    table_points: dict[int, int] = field(default_factory=dict)


def setup_key(players: int, trump: int | None, contract: int = -1) -> int:
    """The key of :attr:`Plan.setups` for ``players``, ``trump`` (None: no trump) and a ``contract`` (-1: none)."""
    return (contract + 1) * 4096 + players * 16 + (0 if trump is None else trump + 1)


class DealSetup:
    """The tables and rules of play a deal uses for one number of players and trump.

    A plain class, made once per ruleset, players and trump: a deal reads it
    from the compiled :class:`Plan` instead of asking the Python-level ruleset.
    """

    def __init__(
        self,
        table: TrumpTable,
        lead: list[PlayRule],
        proofs: list[PlayRule],
        follow: list[PlayRule],
        next_seat: tuple[int, ...],
        points: tuple[int, ...],
    ) -> None:
        self.table = table
        self.lead = lead
        self.proofs = proofs
        self.follow = follow
        # the rules for following are the plain duty to follow suit alone (see PlayRule.follows_suit_only)
        self.plain_follow = len(follow) == 1 and follow[0].follows_suit_only
        self.next_seat = next_seat  # per seat: the seat to its left
        # per card: what it is worth in this deal (the layout's points, as the trump changes them)
        self.points = points
        self.scoring_cards = 0  # the mask of the cards worth something
        for card, value in enumerate(points):
            if value:
                self.scoring_cards |= 1 << card
