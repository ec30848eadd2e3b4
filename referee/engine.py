"""The generic trick-taking engine: a deal's phases, legal actions and scoring.

Every rule comes from the :class:`~referee.ruleset.Ruleset`; nothing here knows
which game it runs. A :class:`Deal` moves through phases

    ``pass`` -> ``bid`` -> ``discard`` -> ``play`` -> ``choose`` -> ``done``

(skipping those the ruleset or the deal does not use). Each phase has one
legal-actions function and one apply function. The deal conducts: it owns the
deal's state and hands the pass and bid phases' actions to their objects in
:mod:`referee.phases`, which keep their own state and change the deal's only
through the few changes their protocols list (what the bidding decides:
:mod:`referee.phases.bidding`); the play, the hot path, stays here. Actions are strings: card codes
(``"QS"``) in ``pass``, ``discard`` and ``play``; bidding words (``pass``,
``order-up``, ``call H``, ``alone``, ``partner``) in ``bid``; ``old-moon`` and
``new-moon`` in ``choose``.

Hands are int bitmasks over the deck's card space (see :mod:`referee.deck`);
the legal plays come from the rules of play in :mod:`referee.playing` (follow
suit, the opening lead, first-trick limits, lead restrictions), each a
component that narrows a mask. A rule that would leave nothing is skipped, so
a player is never stuck. Bids are :mod:`referee.bidding`'s, scores
:mod:`referee.scoring`'s and the end of the game :mod:`referee.ending`'s.

A deal can also run with **unknown hands** (a real table): it then accepts any
card not yet seen, decides tricks and scores, and an :class:`~referee.observer.Observer`
beside it records what the rules make provable, such as a revoke by a seat
that showed out of a suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .bidding import NOT_NIL, bid_word
from .cards import (
    cards_in,
)
from .errors import IllegalAction
from .mechanisms import announcements as announcing
from .mechanisms import moon
from .observer import Note, Observer
from .phases import claims
from .phases.auction import PLAY, THROW_IN, Auction
from .phases.bidding import KEEP, find_partner
from .phases.bidding import words as bid_words
from .phases.discarding import Discarding, take_talon
from .phases.passing import Passing, receiver
from .phases.proving import prove
from .playing import PlayRule, partner_winning
from .ruleset import Layout, Ruleset
from .scoring import SideResult, Taken, bags_after, record, score_played, settled_teams, taken_points
from .tables import Caller, TrumpTable, setup_key

# Final, so that compiled code reads them as C statics, not from the module dict.
PHASES: Final = ("pass", "bid", "discard", "play", "choose", "done")


@dataclass(frozen=True)
class Trick:
    """A finished trick: who led, the cards in play order, and the winner."""

    leader: int
    plays: tuple[tuple[int, str], ...]  # (seat, card code)
    winner: int

    @property
    def cards(self) -> list[str]:
        return [card for _, card in self.plays]


class Deal:
    """One deal, from the first pass to the final score.

    Create deals through :meth:`Game.new_deal`. ``phase`` is one of
    :data:`PHASES`; ``to_act`` is the seat whose action is awaited (``None``
    when done, or when a table with unknown hands must say who leads).
    """

    def __init__(
        self,
        rules: Ruleset,
        layout: Layout,
        *,
        dealer: int,
        number: int,
        hands: list[int] | None,
        stock: list[int],
        scores_before: Sequence[int] | None = None,
        leader: int | None = None,
        deals_before: int = 0,
        hand_size: int | None = None,
        bags_before: Sequence[int] | None = None,
        turned: int | None = None,
        owing: int = 0,
        forced: int = -1,
    ) -> None:
        n = layout.players
        self.rules = rules
        plan = self.plan = rules.plan
        deck = self._deck = plan.deck
        # The card space's tables, read on every action (see referee/deck.py).
        self._codes: tuple[str, ...] = deck.codes
        self._index: dict[str, int] = deck.index
        self._copies: int = deck.copies
        # Every (seat, code) and (seat, card) pair is made once, in the deck:
        # a play records shared tuples instead of allocating new ones.
        self._seat_codes = deck.seat_codes
        self._seat_cards = deck.seat_cards
        self.layout = layout
        self.players = n
        self.dealer = dealer
        self.number = number
        self.known = hands is not None
        # What each seat was dealt (after passing and picking up); minus `_gone` it is the hand now.
        self._hands: list[int] = list(hands) if hands is not None else [0] * n
        self._gone = 0  # every card played (or taken by a claim): a play sets a bit, no hand is rewritten
        self.hand_size: int = layout.hand_size_of(number) if hand_size is None else hand_size
        self._stock = list(stock)
        # Read, never changed: the game gives each deal lists it replaces, not mutates.
        self.scores_before = scores_before
        self.deals_before = deals_before  # deals the game has played before this one
        # The round's compulsory solos (referee.mechanisms.compulsory_solo), as the game's deals leave them:
        # the seats (a mask) still owing one, and the seat that must play one in this deal (-1: none)
        self.owing = owing
        self.forced = forced
        # overtricks carried over from earlier deals, per side (see scoring.py)
        self.bags_before: Sequence[int] = bags_before if bags_before is not None else [0] * n
        # tricks bid: the number per seat (-1 before the seat bids) and the nil kind
        self.bids: list[int] = [-1] * n
        self.nils: list[int] = [NOT_NIL] * n
        self.results: list[SideResult] = []  # how each side's bid came out, once scored
        self.history: list[tuple[int | None, str]] = []
        self.pass_direction: str = layout.cycle[number % len(layout.cycle)] if plan.pass_count else "hold"
        # the pass phase (referee/phases/passing.py), where this deal has one
        self._passing: Passing | None = None
        if self.known and self.pass_direction != "hold" and plan.pass_count:
            self._passing = Passing(n, dealer, self.pass_direction, plan.pass_count)
        # bidding
        self.trump: int | None = plan.trump_suit if plan.trump_kind == "fixed" else None
        self.upcard: int | None = stock[0] if plan.upcard and stock else None
        if plan.trump_kind == "upcard" and self.upcard is not None:
            self.trump = deck.suit_of[self.upcard]
        # Whist: the dealer's last card, shown to all, stays in the dealer's hand.
        self.turned: int | None = turned
        if plan.trump_kind == "dealer-last-card" and turned is not None:
            self.trump = deck.suit_of[turned]
        self.maker: int | None = None
        #: the contract a player chose before play (an index of trump.contracts' kinds), -1: none
        self.contract = -1
        # A contract whose player finds a partner in play (Doppelkopf's wedding): the first tricks still to
        # look at (0: none), and the trick that found the partner or left the player alone (0: not yet)
        self._finding = 0
        self.clarified = 0
        self.declared = False  # a contract is chosen for good (not a wedding waiting for the others)
        # The talon (referee.mechanisms.talon): whether the declarer took it up, or plays a hand game; the
        # level they announced with it ("schneider", "schwarz", "ouvert"; see mechanisms.game_value).
        self.talon_taken = False
        self.hand_game = False
        self.level = ""
        self._discard: Discarding | None = None  # the discard phase, once a seat lays cards away (referee/phases)
        self._holding = 0  # the declarer's cards with the talon, once they are settled (a known deal)
        # the tricks the declarer of an auctioned contract contracted for (see referee/auction.py)
        self.contract_tricks = 0
        self.alone: bool = False
        self.lone_defender: int | None = None
        self.sitting_out: int | None = None  # at most one seat sits out per side
        self.defender_out: int | None = None
        self.redeal = False
        #: the bid phase (referee/phases/auction.py: the rounds as components, and going alone); None: no bidding
        self.bidding: Auction | None = Auction(plan.bid_rounds, plan.going_alone) if plan.bid_rounds else None
        # play
        setup = plan.setups.get(setup_key(n, self.trump))
        if setup is None:
            setup = rules.setup(n, self.trump)
        # per seat, its partnership in this deal: the deal's own, so that a deal may decide its sides
        # (a solo, a declarer against two); the layout's fixed partnerships until then
        self.teams: tuple[int, ...] = layout.teams
        self.table: TrumpTable = setup.table
        # per card: what it is worth in this deal, and the mask of those worth something (set again
        # once the bidding has chosen trump: a mechanism may make the trump suit's cards worth more)
        self.card_values: tuple[int, ...] = setup.points
        self._scoring: int = setup.scoring_cards
        # The hot path reads these tables often: keep them on the deal itself.
        self._keys: tuple[tuple[int, ...], ...] = self.table.keys
        self._eff_mask: tuple[int, ...] = self.table.eff_mask
        self._eff_suit: tuple[int, ...] = self.table.eff_suit
        # The rules of play as components (referee/playing.py): lead filters,
        # what a lead proves, and the rules for following; made per trump.
        self._lead_rules: list[PlayRule] = setup.lead
        self._lead_proofs: list[PlayRule] = setup.proofs
        self._follow_rules: list[PlayRule] = setup.follow
        self._plain_follow: bool = setup.plain_follow
        self._end_early: bool = bool(plan.end_early)
        # Every (seat, card) played, in order, in one list: the finished tricks' (a trick is `_active`
        # plays; see `tricks`), then from `_trick_start` on the trick in progress's. One append a play,
        # no list to move when a trick ends.
        self._plays: list[tuple[int, int]] = []
        self._trick_start = 0
        self._in_trick = 0  # the mask of the trick in progress's cards (0: nothing played to it yet)
        self._winners: list[int] = []  # the finished tricks' winners
        self._won: list[int] = [0] * n
        self.tricks_won: list[int] = [0] * n
        self.played = 0
        self.broken = 0  # bit i: lead restriction i is broken
        self._breakers = 0
        for r in layout.restrictions:
            self._breakers |= r.broken_by
        self._led = -1
        self._win_seat = -1
        self._win_key = -1
        self._active = n
        self._next = list(setup.next_seat)
        self._cache_stamp = -1  # the legal play mask, cached per state (one state per card played)
        self._cache_mask = 0
        self._points: list[int] | None = None
        self._moon_choice: str | None = None
        self.shooter: int | None = None
        self.claimed_by: int | None = None
        #: per seat, its side's points (cards and bonuses) before a contract on card points weighed the
        #: sides (scoring.card_contract); empty without one or before the deal is scored
        self.before_settling: list[int] = []
        # What the players may say during play (Doppelkopf's announcements), and what they said, in order:
        # (seat, party, word, cards the seat held then); see referee.mechanisms.announcements
        self._caller: Caller | None = plan.caller
        self.said: list[tuple[int, int, str, int]] = []
        # With unknown hands an observer keeps what the cards played prove.
        self.know: Observer | None = None
        if not self.known:
            self.know = Observer(n)
            if turned is not None:
                self.know.shown(dealer, turned)  # only the dealer can play it
            if self.upcard is not None and not (self.bidding is not None and self.bidding.may_take_upcard()):
                # An upcard that only shows trump (Oh Hell) is in nobody's hand; one a round may take up
                # (Euchre's order up) is out of play only once it is turned down (phases.bidding.choose_trump).
                self.know.turned_down(self.upcard)
        if layout.in_play < n:  # the dealer sits the deal out (referee.mechanisms.dealer_out)
            self.sitting_out = dealer
            self.sit_out(dealer)
        self.phase = "play"
        self.to_act: int | None = None
        self._leader_hint = leader
        self._start()

    # -- phase transitions ---------------------------------------------------

    def _start(self) -> None:
        if self._passing is not None:
            self.phase = "pass"
            self.to_act = self._passing.first()
            return
        self._after_pass()

    def _after_pass(self) -> None:
        if self.bidding is not None:
            self.phase = "bid"
            self.to_act = self.bidding.first(self)
            return
        self._start_play()

    def _start_play(self) -> None:
        talon = self.plan.talon
        if talon is not None and self.maker is not None and not (self.talon_taken or self.hand_game):
            take_talon(self, self.maker)  # a contract chosen before the talon is seen (OpenSpiel's skat)
            if self.phase == "discard":
                return  # the play starts after the discards
        if self.table.trump != self.trump or self.contract >= 0:  # the bidding chose trump, or a contract
            setup = self.plan.setups.get(setup_key(self.players, self.trump, self.contract))
            if setup is None:
                setup = self.rules.setup(self.players, self.trump, self.contract)
            table = self.table = setup.table
            self._keys, self._eff_mask, self._eff_suit = table.keys, table.eff_mask, table.eff_suit
            self._lead_rules, self._lead_proofs, self._follow_rules = setup.lead, setup.proofs, setup.follow
            self._plain_follow = setup.plain_follow
            self.card_values, self._scoring = setup.points, setup.scoring_cards
        maker = self.plan.side_maker
        if maker is not None and self.known and self.contract < 0:  # the sides by the cards (Re and Kontra)
            self.teams = maker.teams(self._hands)
        self.phase = "play"
        layout = self.layout
        if layout.opening_card is not None:
            if self.known:
                self.to_act = None
                for s in range(self.players):
                    if self._hands[s] >> layout.opening_card & 1:
                        self.to_act = s
                        break
            else:
                self.to_act = self._leader_hint  # None: the table must say who leads
        else:
            seat = (self.dealer + 1) % self.players
            opening = self.plan.opening_by
            if self.maker is not None and opening != "left-of-dealer":  # after an auction
                seat = self.maker if opening == "declarer" else (self.maker + 1) % self.players
            contracts = self.plan.contract_plan
            if (
                self.contract >= 0
                and self.maker is not None
                and contracts is not None
                and (contracts.leads_declarer if self.owing >> self.maker & 1 else contracts.voluntary_leads_declarer)
                and not contracts.partner_within[self.contract]
            ):
                # a contract's player leads, alone (Doppelkopf's solo; not a wedding); where a compulsory solo
                # is owed, a voluntary one is led from the dealer's left (referee.mechanisms.compulsory_solo)
                seat = self.maker
            while self._sits_out(seat):
                seat = (seat + 1) % self.players
            self.to_act = seat

    # -- queries ---------------------------------------------------------------

    def hand(self, seat: int) -> list[str]:
        """The cards ``seat`` holds now (empty with unknown hands)."""
        codes = self._codes
        return [codes[c] for c in cards_in(self._hands[seat] & ~self._gone)]

    @property
    def stock(self) -> list[str]:
        """The undealt cards, top first (Euchre's upcard is the first)."""
        return [self._codes[c] for c in self._stock]

    def bid(self, seat: int) -> str | None:
        """What ``seat`` bid in a round of trick bids (``bid 3``, ``nil``), or None before it bids."""
        if self.bids[seat] < 0:
            return None
        return bid_word(self.bids[seat], self.nils[seat])

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        codes = self._codes
        size = self._active
        out = []
        for i, winner in enumerate(self._winners):
            plays = self._plays[i * size : (i + 1) * size]
            out.append(Trick(plays[0][0], tuple((s, codes[c]) for s, c in plays), winner))
        return out

    @property
    def trick_number(self) -> int:
        """The index of the trick in progress (0 for the first)."""
        return len(self._winners)

    @property
    def current_trick(self) -> list[tuple[int, str]]:
        """The trick in progress: (seat, card code) in play order."""
        return [(s, self._codes[c]) for s, c in self._plays[self._trick_start :]]

    # -- the read-only surface over the deal's masks (cards as indices of ``rules.deck``) --

    def hand_mask(self, seat: int) -> int:
        """The cards ``seat`` holds now, as a mask over ``rules.deck`` (0 with unknown hands)."""
        return self._hands[seat] & ~self._gone

    def played_mask(self) -> int:
        """Every card played so far, in finished tricks and the trick in progress, as a mask."""
        return self._gone

    def out_of_play(self) -> int:
        """The cards a table with unknown hands knows are in nobody's hand and unplayed (an upcard that only shows
        trump, one turned down), as a mask: the kiosk greys them like the cards played. 0 with known hands."""
        return self.know.out if self.know is not None else 0

    def passed_cards(self, seat: int) -> list[str]:
        """The cards ``seat`` chose to pass this deal."""
        return self._deck.mask_codes(self._passing.passed[seat]) if self._passing is not None else []

    def can_follow(self, seat: int) -> bool:
        """Whether ``seat`` holds a card of the led (effective) suit; False when nothing is led."""
        return bool(self._in_trick) and bool(self._hands[seat] & ~self._gone & self._eff_mask[self._led])

    @property
    def led_suit(self) -> str | None:
        return self._deck.suits[self._led] if self._in_trick else None

    def is_broken(self, index: int = 0) -> bool:
        """Whether lead restriction ``index`` (hearts, in Hearts) is broken."""
        return bool(self.broken >> index & 1)

    @property
    def notes(self) -> list[Note]:
        return list(self.know.notes) if self.know else []

    @property
    def flags(self) -> list[Note]:
        return [n for n in self.notes if n.kind == "flag"]

    def active_seats(self) -> list[int]:
        return [s for s in range(self.players) if not self._sits_out(s)]

    def _sits_out(self, seat: int) -> bool:
        """Whether ``seat`` sits this deal out (its partner plays alone)."""
        # Each compared only once known not None: compiled, `seat in (optional, optional)` is generic.
        out, defender_out = self.sitting_out, self.defender_out
        return (out is not None and seat == out) or (defender_out is not None and seat == defender_out)

    @property
    def sides(self) -> tuple[int, ...]:
        """Per seat, the side its bid, tricks and bags count for in this deal: its partnership in the deal
        (:attr:`teams`, which a deal may decide: the holders of a card, a declarer alone) where partners score
        together, else the seat itself."""
        return self.teams if self.plan.score_teams == "shared" else self.layout.sides

    def team_of(self, seat: int) -> int:
        return self.teams[seat]

    def _seen_teams(self) -> tuple[int, ...]:
        """The deal's sides as a real table knows them while it plays: where a card makes them, from the cards
        played once they tell them, else empty (the deal settles them once every trick is played, see _score)."""
        maker = self.plan.side_maker
        if maker is None or self.known or self.contract >= 0:
            return self.teams
        played = [self._played_by(s) for s in range(self.players)]
        return maker.teams(played) if maker.known(played) else ()

    def legal_actions(self) -> list[str]:
        """Every action allowed now (with unknown hands: every acceptable one)."""
        phase = self.phase
        if phase == "play":
            if self.to_act is None:
                return [f"leader {s}" for s in self.active_seats()]
            if self._caller is not None:  # the cards, and what the seat may announce
                return self._deck.mask_codes(self._legal_play_mask()) + announcing.allowed(self, self.to_act)
            return self._deck.mask_codes(self._legal_play_mask())
        if phase == "pass":
            assert self.to_act is not None
            return self._deck.mask_codes(self._pass_mask(self.to_act))
        if phase == "bid":
            return list(bid_words(self))
        if phase == "discard":
            assert self.to_act is not None
            return self._deck.mask_codes(self._discard_mask(self.to_act))
        if phase == "choose":
            return list(moon.WORDS)
        return []

    def _legal_play_mask(self) -> int:
        """The chain of filters, cached per state (one state per card played)."""
        stamp = self.played
        if self._cache_stamp == stamp:
            return self._cache_mask
        seat = self.to_act
        assert seat is not None
        layout = self.layout
        if self.known:
            hand = self._hands[seat] & ~self._gone
        else:
            know = self.know
            assert know is not None
            hand = know.playable(seat, layout.deck & ~self._gone)
        mask = hand
        trick = len(self._winners)
        if self._in_trick:
            if self.known:  # a table with unknown hands cannot hold anyone to the rules: it infers
                follow = hand & self._eff_mask[self._led]
                if self._plain_follow:  # FollowSuit.narrow_follow, without the loop and the call
                    mask = follow if follow else hand
                else:
                    led, win_key = self._led, self._win_key
                    partner = partner_winning(self.teams, seat, self._win_seat)
                    for rule in self._follow_rules:
                        mask = rule.narrow_follow(hand, mask, follow, trick, led, seat, partner, win_key)
        else:
            first, broken = self.played == 0, self.broken
            for rule in self._lead_rules:
                if self.known or rule.unknown_hands:
                    mask = rule.narrow_lead(hand, mask, trick, first, broken)
        self._cache_stamp = stamp
        self._cache_mask = mask
        return mask

    def _pass_mask(self, seat: int) -> int:
        """The cards ``seat`` may choose to pass now (the pass phase's legal actions)."""
        passing = self._passing
        assert passing is not None
        return passing.legal_mask(seat, self._hands[seat])

    # -- the changes the bidding asks of the deal (referee/phases/bidding.py decides them) ------------

    def _settle(self, seat: int, trump: int, contract: int) -> None:
        """``seat`` is the maker (or leads the auction); ``trump`` the trump suit (-1: none) and ``contract`` the
        contract (-1: none), each ``KEEP`` (-2) to leave it as it is."""
        self.maker = seat
        if trump != KEEP:
            self.trump = trump if trump >= 0 else None
        if contract != KEEP:
            self.contract = contract

    def _record_bid(self, seat: int, tricks: int, nil: int, contracted: bool) -> None:
        """``seat`` bid ``tricks`` with the nil kind ``nil`` (referee.bidding); ``contracted``: they are the tricks
        of the contract it won (the declarer's bid until a round of trick bids replaces it)."""
        self.bids[seat] = tricks
        self.nils[seat] = nil
        if contracted:
            self.contract_tricks = tricks

    def _go_alone(self, seat: int, partner: int, defending: bool) -> None:
        """``seat`` (the maker, or with ``defending`` a defender) plays alone: ``partner`` sits the deal out."""
        if defending:
            self.lone_defender = seat
            self.defender_out = partner
        else:
            self.alone = True
            self.sitting_out = partner
        self.sit_out(partner)

    def _pick_up(self, seat: int) -> None:
        """``seat``, the dealer, takes the upcard from the stock (into its hand, where the hands are known)."""
        upcard = self._stock.pop(0)
        if self.known:
            self._hands[seat] = self._hands[seat] | 1 << upcard  # (see _close_trick for why not |=)

    def suit_index(self, letter: str) -> int:
        """The index of the suit whose letter in this ruleset's pack is ``letter``."""
        return self._deck.suits.find(letter)

    def _settle_contract(
        self, hand: bool, level: str, teams: tuple[int, ...], holding: int, finding: int, no_tricks: bool
    ) -> None:
        """The contract is chosen for good (referee.phases.bidding.declare_contract): a ``hand`` game announcing
        ``level`` or not, the sides ``teams``, the declarer's cards with the talon ``holding``, the tricks
        ``finding`` a partner; ``no_tricks``: the deal ends once its player takes a trick."""
        self.declared = True
        self.hand_game, self.level = hand, level
        self.teams = teams
        self._holding = holding
        self._finding = finding
        if no_tricks:
            self._end_early = True

    def _take_up(self, seat: int, cards: int) -> None:
        """``seat``, the declarer, takes the talon up (:func:`referee.phases.discarding.take_talon`); with known
        hands ``cards``, its cards, join the hand: the laid-away cards are chosen from the two."""
        self.talon_taken = True
        if not self.known:
            return
        self._hands[seat] = self._hands[seat] | cards
        self._stock = []
        self._holding = self._hands[seat]

    def _start_discard(self, seat: int, count: int, into_talon: bool) -> None:
        """``seat`` lays ``count`` cards away (``into_talon``: back into the talon), one at a time."""
        keep = self.upcard if self.upcard is not None and not self.plan.may_discard_upcard else -1
        self._discard = Discarding(count, keep, into_talon)
        self.phase = "discard"
        self.to_act = seat

    def _after_talon(self) -> None:
        """The declarer has laid the talon's cards away: back to the round it was taken in, or to the play."""
        if self.bidding is not None and self.bidding.under_way():
            self.phase = "bid"
            self.to_act = self.maker
            return
        self._start_play()

    def _partner_found(self, teams: tuple[int, ...], clarified: int) -> None:
        """The sides are ``teams`` for good, from trick ``clarified`` on: a contract's player found a partner, or
        plays alone (referee.phases.bidding.find_partner)."""
        self.teams = teams
        self.clarified = clarified
        self._finding = 0

    def is_legal(self, action: str) -> bool:
        """Whether ``action`` is allowed now, in any spelling ``apply`` takes (``10H`` for ``TH``).

        The one question callers ask of a single action: no masks, no list to search.
        """
        phase, seat = self.phase, self.to_act
        if phase == "play" and seat is not None and self._caller is not None and action in self._caller.vocabulary:
            return action in announcing.allowed(self, seat)
        if phase == "play" and seat is not None:
            mask = self._legal_play_mask()
        elif phase in ("pass", "discard") and seat is not None:
            mask = self._pass_mask(seat) if phase == "pass" else self._discard_mask(seat)
        else:
            return action in (bid_words(self) if phase == "bid" else self.legal_actions())
        try:
            card = self._card_of(action, mask)
        except IllegalAction:  # not a card at all
            return False
        return bool(mask >> card & 1)

    # -- applying actions --------------------------------------------------------

    def apply(self, action: str) -> None:
        """Apply one action after checking it; raise IllegalAction otherwise."""
        phase = self.phase
        seat = self.to_act
        if phase == "play" and seat is not None:
            mask = self._cache_mask if self._cache_stamp == self.played else self._legal_play_mask()
            card = self._index.get(action, -1)
            if card < 0:
                if self._caller is not None and action in self._caller.vocabulary:
                    announcing.announce(self, seat, action)
                    return
                card = self._parse_card(action)
            if self._copies > 1:
                card = self._deck.card_in(self._codes[card], mask)
            if not mask >> card & 1:
                raise IllegalAction(seat, action, *reversed(self._why_illegal(self._refused_copy(seat, card))))
            self._play(seat, card)
            return
        if phase == "done":
            raise IllegalAction(seat, action, "the deal is over", "deal-over")
        if phase == "pass" and seat is not None:
            allowed = self._pass_mask(seat)
            card = self._card_of(action, allowed)
            if not allowed >> card & 1:
                raise IllegalAction(seat, action, *reversed(self._why_illegal(self._refused_copy(seat, card))))
            self.history.append(self._seat_codes[seat][card])
            self._pass(seat, card)
            return
        if phase == "discard" and seat is not None:  # checked on the mask, like a play: no list of codes to search
            card = self._card_of(action, self._hands[seat])
            allowed = self._discard_mask(seat)
            if not allowed >> self._card_of(self._codes[card], allowed) & 1:  # no copy of it may be laid away
                raise IllegalAction(seat, action, *reversed(self._why_illegal(card)))
            self.apply_unchecked(self._codes[card])
            return
        assert phase not in ("pass", "discard")  # (a seat always acts in these: both are done above)
        legal = bid_words(self) if phase == "bid" else self.legal_actions()
        if action not in legal:
            if phase == "play":
                rule = "the table must first say who leads the first trick ('leader N')"
            elif phase == "bid":
                assert seat is not None and self.bidding is not None
                kind, rule = self.bidding.refusal(self, seat, action, legal)
                raise IllegalAction(seat, action, rule, kind)
            else:
                rule = f"not allowed in the {phase} phase; allowed: {', '.join(legal)}"
            raise IllegalAction(seat, action, rule, "leader-first" if phase == "play" else "phase")
        self.apply_unchecked(action)

    def _discard_mask(self, seat: int) -> int:
        """The cards ``seat`` may discard now (the discard phase's legal actions)."""
        discard = self._discard
        assert discard is not None
        return discard.legal_mask(self._hands[seat])

    def _parse_card(self, action: str) -> int:
        """The first-copy index of a card as a player may type it; IllegalAction if it is none."""
        card = self._deck.read(action)
        if card < 0:
            raise IllegalAction(self.to_act, action, "not a card", "not-a-card")
        return card

    def _card_of(self, action: str, mask: int) -> int:
        """The card ``action`` names: of several copies, the first one in ``mask``."""
        card = self._index.get(action, -1)
        if card < 0:
            card = self._parse_card(action)
        if self._copies > 1:
            card = self._deck.card_in(self._codes[card], mask)
        return card

    def _refused_copy(self, seat: int, card: int) -> int:
        """Of a refused card's copies, the one to explain: one the seat still holds where there is one (a
        copy already played is not why the other, in the hand, may not be played now)."""
        if self._copies > 1 and self.known:
            held = self._deck.card_in(self._codes[card], self._hands[seat] & ~self._gone)
            if held >= 0 and (self._hands[seat] & ~self._gone) >> held & 1:
                return held
        return card

    def _why_illegal(self, card: int) -> tuple[str, str]:
        """Why ``card`` is refused now: a kind (for translation) and a sentence."""
        seat = self.to_act
        assert seat is not None
        layout = self.layout
        code = self._codes[card]
        if self.phase == "pass":
            assert self._passing is not None
            return self._passing.why_not(seat, card, code)
        if self.phase == "discard":
            assert self._discard is not None
            return self._discard.why_not(card, code, self._hands[seat])
        if not layout.deck >> card & 1:
            return "not-in-deck", f"{code} is not in the deck"
        if self._gone >> card & 1:
            return "already-played", f"{code} has already been played"
        if self.known and not (self._hands[seat] & ~self._gone) >> card & 1:
            return "not-in-hand", f"{code} is not in the hand"
        if not self.known:
            know = self.know
            assert know is not None
            refusal = know.refusal(seat, card, code)
            if refusal is not None:
                return refusal
        trick, first, broken = len(self._winners), self.played == 0, self.broken
        if self._in_trick:
            led = self._led
            hand = self._hands[seat] & ~self._gone
            follow = hand & self._eff_mask[led]
            partner = partner_winning(self.teams, seat, self._win_seat)
            for rule in self._follow_rules if self.known else []:
                why = rule.refuse_follow(card, code, hand, follow, trick, led, seat, partner, self._win_key)
                if why:
                    return rule.refusal_kind(why), why
        else:
            for rule in self._lead_rules:
                if self.known or rule.unknown_hands:
                    why = rule.refuse_lead(card, code, trick, first, broken)
                    if why:
                        return rule.kind, why
        if not self.known:
            return "not-now", f"{code} cannot be played now"
        return "not-now", f"{code} is not allowed now"

    def apply_unchecked(self, action: str) -> None:
        """Apply a known-legal action without checks (the fast path for replays)."""
        phase = self.phase
        seat = self.to_act
        if phase == "play":
            if seat is None:
                self.history.append((None, action))
                self.to_act = int(action.split()[1])
                return
            if self._caller is not None and action in self._caller.vocabulary:
                announcing.say(self, seat, action)
                return
            self._play(seat, self._card_of(action, self._legal_play_mask()))
            return
        assert seat is not None or phase == "done"
        self.history.append((seat, action))
        if phase == "pass":
            assert seat is not None
            self._pass(seat, self._card_of(action, self._pass_mask(seat)))
        elif phase == "bid":
            assert seat is not None
            self._bid(seat, action)
        elif phase == "discard":
            assert seat is not None
            card = self._card_of(action, self._hands[seat])
            self._hands[seat] = self._hands[seat] & ~(1 << card)  # (see _close_trick for why not &=)
            discard = self._discard
            assert discard is not None
            if not discard.apply(card):
                return
            if discard.into_talon:  # the talon's cards are laid away (Skat)
                self._after_talon()
            else:  # the dealer has discarded after picking up the upcard
                self._after_trump()
        elif phase == "choose":
            self._moon_choice = action
            self._finish()

    def _pass(self, seat: int, card: int) -> None:
        """Conduct the pass phase: ``seat`` chooses ``card``; once every seat has chosen, the cards change hands."""
        passing = self._passing
        assert passing is not None
        nxt = passing.apply(seat, card)
        if nxt >= 0:
            self.to_act = nxt
            return
        self._hands = passing.exchanged(self._hands)
        self._after_pass()

    def pass_receiver(self, seat: int) -> int:
        """The seat that receives ``seat``'s passed cards in this deal (the pass direction's neighbour)."""
        return receiver(seat, self.players, self.pass_direction)

    def _bid(self, seat: int, word: str) -> None:
        """Conduct the bidding: the bid phase says who speaks next, or which phase follows."""
        bidding = self.bidding
        assert bidding is not None
        step = bidding.apply(self, seat, word)
        if step >= 0:
            self.to_act = step
        elif step == PLAY:
            self._start_play()
        elif step == THROW_IN:
            self._throw_in()
        # (MOVED_ON: the word moved the deal on itself)

    def _throw_in(self) -> None:
        """Nobody chose trump or a contract: the deal ends unplayed and is dealt again."""
        self.redeal = True
        self.phase = "done"
        self.to_act = None
        self._points = [0] * self.players

    def _after_trump(self) -> None:
        seat = self.bidding.ask_alone(self) if self.bidding is not None else -1
        if seat >= 0:  # the maker first says whether they play alone
            self.phase = "bid"
            self.to_act = seat
            return
        self._start_play()

    def sit_out(self, seat: int) -> None:
        """``seat`` sits this deal out (its partner plays alone): tricks get smaller and skip it."""
        self._active -= 1
        n = self.players
        for s in range(n):
            nxt = (s + 1) % n
            while self._sits_out(nxt):
                nxt = (nxt + 1) % n
            self._next[s] = nxt

    def _play(self, seat: int, card: int) -> None:
        """Play ``card`` for ``seat``: the hot path, no checks."""
        b = 1 << card
        self.history.append(self._seat_codes[seat][card])
        if not self.known:
            prove(self, seat, card)
        self._gone |= b
        if self._in_trick:
            key = self._keys[self._led][card]
            if key > self._win_key:
                self._win_key = key
                self._win_seat = seat
        else:
            led = self._led = self._eff_suit[card]
            self._win_seat = seat
            self._win_key = self._keys[led][card]
        self._in_trick |= b
        plays = self._plays
        plays.append(self._seat_cards[seat][card])
        self.played += 1
        if b & self._breakers:
            for i, r in enumerate(self.layout.restrictions):
                if r.broken_by & b:
                    self.broken |= 1 << i
        if len(plays) - self._trick_start < self._active:
            self.to_act = self._next[seat]
            return
        self._close_trick()

    def _close_trick(self) -> None:
        winner = self._win_seat
        # Not `won[winner] |= ...`: compiled, an augmented assignment to a list item is a generic
        # Python operation; read, combine and store are native ones.
        won, tricks_won = self._won, self.tricks_won
        won[winner] = won[winner] | self._in_trick
        tricks_won[winner] = tricks_won[winner] + 1
        self._in_trick = 0
        self._trick_start = len(self._plays)
        self._winners.append(winner)
        if self._finding:  # a contract's player still looks for a partner (Doppelkopf's wedding)
            find_partner(self, winner)
        self.to_act = winner
        if len(self._winners) == self.hand_size:
            self._finish()
            return
        if self._end_early:
            claims.maybe_end_early(self, self.rules.end_early)

    def _take_rest(self, seat: int, rest: int, tricks: int) -> None:
        """End the deal now: ``rest`` (a mask of the cards left) and ``tricks`` more tricks to ``seat`` (-1: to
        nobody); see :mod:`referee.phases.claims`, which decides when."""
        if seat >= 0:
            self._won[seat] |= rest
            self._gone |= rest  # taken, as if played
            self.tricks_won[seat] += tricks
            self.claimed_by = seat
        for s in range(self.players):
            self._hands[s] = 0
        self._finish()

    def claim_refusal(self) -> str | None:
        """Why no claim of the remaining tricks can be scored now (an :class:`IllegalAction` kind), or None. The
        kiosk asks before it offers one (:func:`referee.phases.claims.refusal`)."""
        return claims.refusal(self)

    def may_claim(self) -> bool:
        """Whether a claim of the remaining tricks can be scored now (:meth:`claim_refusal`)."""
        return claims.refusal(self) is None

    def claim(self, seat: int) -> None:
        """``seat`` claims every remaining trick (agreed at the table)."""
        refusal = claims.refusal(self)
        if refusal is not None:
            raise IllegalAction(seat, "claim", claims.CLAIM_RULES[refusal], refusal)
        self.history.append((seat, "claim"))
        claims.give_rest(self, seat)

    # -- hands laid open (referee.mechanisms.contracts: Skat's null ouvert) --------------

    def open_hands(self) -> list[int]:
        """The seats whose cards lie open to every player now: a contract's player from the first lead on, where
        the contract lays them open (Skat's null ouvert, a hand game announced ouvert: see
        :func:`referee.mechanisms.contracts.lies_open`); [] in every other deal."""
        plan = self.plan.contract_plan
        maker, contract = self.maker, self.contract
        if plan is None or maker is None or contract < 0 or not self.declared or self.phase not in ("play", "done"):
            return []
        open_kind = contract < len(plan.lies_open) and plan.lies_open[contract]
        if open_kind or (self.level != "" and self.level == plan.open_level):
            return [maker]
        return []

    def seen_by(self, viewer: int) -> list[list[str] | None]:
        """Each seat's cards still in hand as ``viewer`` sees them: its own hand and every hand laid open
        (:meth:`open_hands`); None for a hand it cannot see. With unknown hands only a hand laid open is seen,
        as the table entered it (:meth:`lay_open`; None until then)."""
        shown = self.open_hands()
        out: list[list[str] | None] = []
        for seat in range(self.players):
            if self.known and (seat == viewer or seat in shown):
                out.append(self.hand(seat))
            elif not self.known and seat in shown and self.know is not None and self.know.whole[seat]:
                out.append(self._deck.mask_codes(self.know.owns[seat]))
            else:
                out.append(None)
        return out

    def lay_open(self, seat: int, cards: Sequence[str]) -> None:
        """At a real table (unknown hands): ``seat``'s cards as laid open before the first lead, entered by the
        table. The referee knows that hand from then on: nobody else may play its cards, ``seat`` no other, and
        ``seat`` not following a suit it shows is a revoke (flagged)."""
        know = self.know
        if know is None or seat not in self.open_hands() or self.played or know.whole[seat]:
            # known hands need no entering; an open hand is entered once, before the first lead
            raise IllegalAction(seat, "open", "no hand is laid open now to be entered", "not-open")
        mask = 0
        for code in cards:
            card = self._deck.card_in(code, self.layout.deck & ~mask)  # a copy not given yet
            if card < 0 or not self.layout.deck >> card & 1:
                raise IllegalAction(seat, code, f"{code} is not in the deck", "not-in-deck")
            if mask >> card & 1:
                raise IllegalAction(seat, code, f"{code} is given twice", "chosen")
            refusal = know.refusal(seat, card, code)
            if refusal is not None:
                raise IllegalAction(seat, code, refusal[1], refusal[0])
            mask |= 1 << card
        held = announcing.held(self, seat)
        if len(cards) != held:
            raise IllegalAction(seat, "open", f"the hand laid open holds {held} cards", "open-count")
        know.laid_open(seat, mask)
        self._cache_stamp = -1  # what seat may play has changed

    # -- announcements (referee.mechanisms.announcements) ----------------------------

    def held(self, seat: int) -> int:
        """How many cards ``seat`` still holds: its hand's size less the cards it has played."""
        return announcing.held(self, seat)

    def party(self, seat: int) -> int:
        """``seat``'s side as the table may know it, -1: not known yet (see announcements.party)."""
        return announcing.party(self, seat)

    def announcements(self, seat: int) -> list[str]:
        """What ``seat`` may announce now (nothing outside the play, or without announcements)."""
        return announcing.allowed(self, seat)

    def announce(self, seat: int, word: str) -> None:
        """``seat`` says ``word`` (``re``, ``no 90``): at its turn or not, as the rules allow."""
        announcing.announce(self, seat, word)

    def _said(self, seat: int, party: int, word: str, held: int, action: str) -> None:
        """Record that ``seat`` of ``party`` said ``word`` holding ``held`` cards (``action``: as typed)."""
        self.said.append((seat, party, word, held))
        self.history.append((seat, action))

    # -- unknown hands --------------------------------------------------------------

    def withdraw(self, seat: int, card: str) -> None:
        """Forget the assumption ``seat``'s play of ``card`` made (unknown hands).

        A play that is legal only with nothing else in hand is first taken at
        its word. When the table says the player did hold something else, the
        breach is recorded elsewhere, and the cards that assumption ruled out
        must not flag every later play of that seat.
        """
        if self.know is not None:
            self.know.withdraw(seat, card)

    # -- scoring -----------------------------------------------------------------

    def _finish(self) -> None:
        """Every trick is played (or the rest given away): the deal is scored (referee.scoring.score_played), and
        is done, unless the moon's shooter has a choice to make first (phase ``choose``)."""
        choice = self._moon_choice
        self.teams = settled_teams(self)
        points, shooter, self.results, self.before_settling = score_played(self, choice or "")
        self.shooter = shooter if shooter >= 0 else None
        if shooter >= 0 and choice is None and moon.asks(moon.of(self.rules), self, points, shooter):
            self.phase = "choose"
            self.to_act = shooter
            return
        self._points = points
        self.phase = "done"
        self.to_act = None

    def record(self) -> Taken:
        """What the deal's play gives its scoring steps: who took which cards and tricks, and what was said
        (a mechanism's scorer reads it; so may the pages and the kiosk, to explain a finished deal's score)."""
        return record(self)

    def _played_by(self, seat: int) -> int:
        """The cards ``seat`` played, as a mask."""
        out = 0
        for player, card in self._plays:
            if player == seat:
                out |= 1 << card
        return out

    @property
    def bags(self) -> list[int]:
        """Overtricks each seat's side carries into the next deal (after scoring)."""
        return bags_after(self)

    def points(self) -> list[int]:
        """Deal points per seat, after the moon and bonuses (partners share with `shared`)."""
        if self._points is None:
            raise ValueError(f"the deal is not over (phase {self.phase!r})")
        return list(self._points)

    def taken_points(self) -> list[int]:
        """Points of the cards each seat has taken so far (before the moon; the talon's with the declarer's
        once the deal is over)."""
        return taken_points(self)

    def copy(self) -> Deal:
        """An independent copy (for search and perft)."""
        # Attribute by attribute: a compiled Deal has no __dict__ to copy.
        hands = self._hands if self.known else None  # (no throwaway knowledge for a known deal)
        new = Deal(self.rules, self.layout, dealer=self.dealer, number=self.number, hands=hands, stock=[])
        new.rules, new.layout, new.players = self.rules, self.layout, self.players
        new.dealer, new.number, new.known = self.dealer, self.number, self.known
        new._hands, new.hand_size, new._stock = list(self._hands), self.hand_size, list(self._stock)
        new._gone = self._gone
        new.scores_before, new.deals_before = self.scores_before, self.deals_before
        new.owing, new.forced = self.owing, self.forced
        new.bags_before = self.bags_before
        new.bids, new.nils, new.results = list(self.bids), list(self.nils), list(self.results)
        new.history, new.pass_direction = list(self.history), self.pass_direction
        new._passing = self._passing.copy() if self._passing is not None else None
        new.trump, new.upcard, new.turned = self.trump, self.upcard, self.turned
        new.maker, new.alone, new.lone_defender = self.maker, self.alone, self.lone_defender
        new.contract, new._finding, new.clarified = self.contract, self._finding, self.clarified
        new.declared, new.talon_taken, new.hand_game, new.level = (
            self.declared,
            self.talon_taken,
            self.hand_game,
            self.level,
        )
        new._discard = self._discard.copy() if self._discard is not None else None
        new._holding = self._holding
        new.sitting_out, new.defender_out, new.redeal = self.sitting_out, self.defender_out, self.redeal
        new.bidding = self.bidding.copy() if self.bidding is not None else None
        new.contract_tricks = self.contract_tricks
        new.table, new._trick_start, new._in_trick = self.table, self._trick_start, self._in_trick
        new.card_values, new._scoring = self.card_values, self._scoring
        new.teams = self.teams
        new.before_settling = list(self.before_settling)
        new._caller, new.said = self._caller, list(self.said)
        new._plays, new._winners = list(self._plays), list(self._winners)
        new._won, new.tricks_won, new.played = list(self._won), list(self.tricks_won), self.played
        new.broken, new._breakers, new._led = self.broken, self._breakers, self._led
        new._win_seat, new._win_key, new._active = self._win_seat, self._win_key, self._active
        new._next, new._points = list(self._next), self._points
        new._cache_stamp, new._cache_mask = self._cache_stamp, self._cache_mask
        new._keys, new._eff_mask, new._eff_suit = self._keys, self._eff_mask, self._eff_suit
        new._lead_rules, new._lead_proofs = self._lead_rules, self._lead_proofs
        new._follow_rules, new._plain_follow = self._follow_rules, self._plain_follow
        new._end_early = self._end_early
        new._moon_choice, new.shooter, new.claimed_by = self._moon_choice, self.shooter, self.claimed_by
        new.phase, new.to_act, new._leader_hint = self.phase, self.to_act, self._leader_hint
        new.know = self.know.copy() if self.know is not None else None
        return new
