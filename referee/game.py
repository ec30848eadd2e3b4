"""A whole game: deals in turn, running scores, the end and the winners."""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .dealing import shuffled_hands
from .ending import game_sides, outcome, side_members, side_scores
from .engine import Deal
from .mechanisms import bags as bags_mechanism
from .mechanisms import compulsory_solo
from .mechanisms.compulsory_solo import Duty
from .results import score_bid_deal
from .ruleset import Layout, Ruleset

__all__ = ["DealResult", "Game", "Penalty", "game_sides", "outcome", "side_members", "side_scores"]


@dataclass(frozen=True)
class DealResult:
    number: int
    dealer: int
    points: tuple[int, ...]
    scores: tuple[int, ...]  # running scores after the deal
    redeal: bool = False
    bags: tuple[int, ...] = ()  # overtricks each seat's side carries on, where counted
    bids: tuple[str, ...] = ()  # in bidding games, what each seat bid (`bid 3`, `nil`)
    tricks: tuple[int, ...] = ()  # tricks each seat took, where known
    #: the seat that played a solo, where a compulsory solo is owed (referee.mechanisms.compulsory_solo;
    #: -1: none): the round's state is made from it
    solo: int = -1
    #: per seat, its side in the deal as scored (a played deal's ``Deal.teams``: a deal may make its own
    #: sides); empty for a result entered without them, whose sides are the seating's (``Layout.teams``)
    teams: tuple[int, ...] = ()

    def sides(self, layout: Layout) -> tuple[int, ...]:
        """Per seat, its side in this deal: the deal's own where recorded, else the sides a deal starts from."""
        return self.teams or layout.teams


@dataclass(frozen=True)
class Penalty:
    """Points given outside a deal's scoring (a confirmed revoke), per seat."""

    deal: int  # the deal it was given in: its index in ``Game.results`` (0 is the first; a deal thrown in has one)
    points: tuple[int, ...]
    after: int  # how many deal results were recorded when it was given


class Game:
    """A game of ``players`` seats under ``rules``, reproducible from ``seed``.

    Seats are numbered clockwise from 0; "left" is the next seat. The first
    dealer is the ruleset's ``deal.first_dealer`` (random: drawn from the seed)
    unless ``dealer`` is given. Pass ``unknown_hands=True`` for a real table
    where only the cards played are seen.
    """

    def __init__(
        self,
        rules: Ruleset,
        players: int | None = None,
        seed: int | None = None,
        dealer: int | None = None,
        unknown_hands: bool = False,
    ) -> None:
        self.rules = rules
        self.players = rules.default_players if players is None else players
        self.layout = rules.layout(self.players)
        self.rng = random.Random(seed)
        if dealer is None:
            first = rules.first_dealer
            dealer = self.rng.randrange(self.players) if first == "random" else int(first) % self.players
        if not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be a seat from 0 to {self.players - 1}, not {dealer}")
        self.dealer = dealer
        self.number = 0
        self.unknown_hands = unknown_hands
        self.scores: list[int] = [rules.game.start] * self.players
        self.bags: list[int] = [0] * self.players  # overtricks carried, per seat's side
        self.results: list[DealResult] = []
        self.penalties: list[Penalty] = []
        self.is_over = False
        self.winners: list[int] = []
        # Read on every deal: kept here, as the ruleset is a Python object whose
        # attributes cost a dictionary lookup each from compiled code.
        self._plan = rules.plan
        self._packets = rules.packets
        # Whether the ruleset owes compulsory solos: without them (most games) a new deal need not work out
        # the round's duty from the results, twice (for the deal and for the deals played).
        self._solos = compulsory_solo.active(compulsory_solo.of(rules))

    def copy(self) -> Game:
        """An independent copy: scores, results, the dealer and the random state."""
        # Field by field: this class may be compiled, with no __dict__ to copy.
        new = Game(self.rules, self.players, dealer=self.dealer, unknown_hands=self.unknown_hands)
        new.rng = copy.copy(self.rng)
        new.number, new.is_over = self.number, self.is_over
        new.scores, new.bags = list(self.scores), list(self.bags)
        new.results, new.penalties = list(self.results), list(self.penalties)
        new.winners = list(self.winners)
        return new

    def set_first_dealer(self, seat: int) -> None:
        """Who deals first; only before the first deal is recorded."""
        if self.results:
            raise ValueError("the first dealer can only be set before the first deal")
        if not 0 <= seat < self.players:
            raise ValueError(f"dealer must be a seat from 0 to {self.players - 1}, not {seat}")
        self.dealer = seat

    @property
    def deals_played(self) -> int:
        """The deals the game counts: those played, and those thrown in where the ruleset counts them."""
        if self.rules.game.thrown_in_counts:
            return len(self.results)
        played = 0
        for r in self.results:  # a loop, not sum() over a generator: compiled, a generator is an object a call
            if not r.redeal:
                played += 1
        return played - self.extra_deals  # a compulsory solo dealt again

    @property
    def extra_deals(self) -> int:
        """The deals recorded that do not count toward a round: compulsory solos dealt again by the same dealer
        (referee.mechanisms.compulsory_solo); 0 in a game without them."""
        duty = self.duty
        return duty.extra if duty is not None else 0

    def counts(self, deal_index: int) -> bool:
        """Whether recorded deal ``deal_index`` (0 is the first) counts toward its round (see extra_deals)."""
        duty = self.duty
        return duty is None or duty.counts[deal_index]

    @property
    def duty(self) -> Duty | None:
        """The round's compulsory solos as the deals recorded leave it: who still owes one, who is forced in
        the next deal (referee.mechanisms.compulsory_solo); None where the ruleset has none."""
        if not self._solos:
            return None
        return compulsory_solo.game_duty(self.rules, self.players, self.results, self.dealer)

    def new_deal(
        self,
        hands: Sequence[Sequence[str]] | None = None,
        dealer: int | None = None,
        number: int | None = None,
        stock: Sequence[str] | None = None,
        leader: int | None = None,
    ) -> Deal:
        """The next deal: shuffled from the seed, or with the given hands.

        ``number`` (default: the game's next) fixes the pass direction and,
        where hand sizes follow a schedule, the hand size (given hands set
        it themselves); ``stock`` is the undealt cards, top first. Where the
        dealer's last card is turned for trump, it is the last card of the
        dealer's hand as given. With unknown hands, give
        ``leader`` when the opening leader is not the player left of the dealer,
        or let the table say it with the action ``leader N``.
        """
        if self.is_over:
            raise ValueError("the game is over")
        layout = self.layout
        dealer = self.dealer if dealer is None else dealer
        number = self.number if number is None else number
        if not 0 <= dealer < self.players:
            raise ValueError(f"dealer must be a seat from 0 to {self.players - 1}, not {dealer}")
        if leader is not None and not 0 <= leader < self.players:
            raise ValueError(f"leader must be a seat from 0 to {self.players - 1}, not {leader}")
        masks: list[int] | None
        turned: int | None = None
        if hands is not None and not self.unknown_hands:
            hand_size = max((len(h) for h in hands), default=0)  # (a dealer who sits out holds none)
            if layout.schedule and not 1 <= hand_size <= layout.most:
                raise ValueError(f"hand 0 has {hand_size} cards; the ruleset deals 1 to {layout.most}")
        else:
            hand_size = layout.hand_size_of(number)
        if self.unknown_hands:
            if hands is not None:
                raise ValueError("a game with unknown hands takes no hands")
            masks, rest = None, [self._card(c, "stock") for c in stock] if stock else []
            if self._plan.upcard and not rest:
                raise ValueError("this ruleset turns up a card: give it as stock=[upcard]")
            if self._plan.trump_kind == "dealer-last-card":
                if not rest:
                    raise ValueError("this ruleset turns the dealer's last card: give it as stock=[card]")
                turned, rest = rest[0], []
        elif hands is None:
            # The hands, and the card turned up after them where the ruleset turns one.
            seen = layout.in_play * hand_size + (1 if self._plan.upcard else 0)
            masks, rest, last = shuffled_hands(layout, self.rng, dealer, self._packets, hand_size, seen)
            turned = last
        else:
            masks, rest = self._check_hands(hands, stock, hand_size, dealer)
            turned = self._card(hands[dealer][-1], f"hand {dealer}", masks[dealer]) if hands[dealer] else None
        if self._plan.trump_kind != "dealer-last-card":
            turned = None
        duty = self.duty
        return Deal(
            self.rules,
            layout,
            dealer=dealer,
            number=number,
            hands=masks,
            stock=rest,
            scores_before=self.scores,
            leader=leader,
            deals_before=self.deals_played,
            hand_size=hand_size,
            bags_before=self.bags,
            turned=turned,
            owing=duty.owing if duty is not None else 0,
            forced=duty.forced if duty is not None else -1,
        )

    def _card(self, code: str, where: str, free: int = -1) -> int:
        """The card ``code`` names; of several copies, the first one in ``free``."""
        deck = self.rules.deck
        card = deck.read(code)
        if card < 0:
            raise ValueError(f"{where}: {code!r} is not a card")
        return deck.card_in(deck.codes[card], free) if deck.copies > 1 else card

    def _check_hands(
        self, hands: Sequence[Sequence[str]], stock: Sequence[str] | None, hand_size: int, dealer: int
    ) -> tuple[list[int], list[int]]:
        layout = self.layout
        if len(hands) != self.players:
            raise ValueError(f"expected {self.players} hands, got {len(hands)}")
        seen = 0
        masks = []
        for seat, hand in enumerate(hands):
            m = 0
            for code in hand:
                c = self._card(code, f"hand {seat}", layout.deck & ~(seen | m))
                if not layout.deck >> c & 1:
                    raise ValueError(f"hand {seat}: {code} is not in the deck for {self.players} players")
                if (seen | m) >> c & 1:
                    copies = self.rules.deck.copies
                    times = "twice" if copies == 1 else f"more than {copies} times"
                    raise ValueError(f"hand {seat}: {code} is dealt {times}")
                m |= 1 << c
            dealt = 0 if seat == dealer and layout.in_play < layout.players else hand_size
            if len(hand) != dealt:
                raise ValueError(f"hand {seat} has {len(hand)} cards; the ruleset deals {dealt}")
            seen |= m
            masks.append(m)
        rest_mask = layout.deck & ~seen
        if stock is None:
            rest = [c for c in layout.cards if rest_mask >> c & 1]
        else:
            rest = []
            free = rest_mask
            for code in stock:
                c = self._card(code, "stock", free)
                free &= ~(1 << c)
                rest.append(c)
            if sum(1 << c for c in set(rest)) != rest_mask or len(rest) != len(set(rest)):
                raise ValueError("the stock must be exactly the undealt cards")
        return masks, rest

    def finish_deal(self, deal: Deal) -> DealResult:
        """Add a finished deal's points to the scores; rotate the dealer; check the end."""
        if deal.phase != "done":
            raise ValueError(f"the deal is not over (phase {deal.phase!r})")
        if not deal.redeal:
            self.bags = deal.bags
        bids: tuple[str, ...] = ()
        if self.rules.bid_scoring is not None and not deal.redeal:
            bids = tuple(deal.bid(s) or "" for s in range(self.players))
        tricks = tuple(deal.tricks_won)
        solo = compulsory_solo.soloist(self.rules, deal) if self.duty is not None else -1
        return self._record(deal.points(), deal.number, deal.dealer, deal.redeal, bids, tricks, solo, deal.teams)

    def record_deal(self, points: Sequence[int], solo: int = -1) -> DealResult:
        """Score the next deal from its result alone (a table that enters results only).

        The points are taken as given; :func:`referee.results.check_points` says
        whether a deal of the ruleset can end with them. ``solo``: the seat that
        played a solo, where the ruleset owes compulsory ones (-1: none).
        """
        if len(points) != self.players:
            raise ValueError(f"expected {self.players} points, got {len(points)}")
        duty = self.duty
        if duty is None and solo != -1:
            raise ValueError("this game has no compulsory solos to count")
        if not -1 <= solo < self.players:
            raise ValueError(f"the soloist is a seat from 0 to {self.players - 1}, not {solo}")
        if duty is not None and duty.forced >= 0 and solo != duty.forced:
            raise ValueError(f"seat {duty.forced} must play a solo in this deal (the Vorführung)")
        return self._record(list(points), self.number, self.dealer, False, solo=solo)

    def record_bids(self, bids: Sequence[str], tricks: Sequence[int]) -> DealResult:
        """Score the next deal of a bidding game from each seat's bid and tricks alone.

        Bids as a table writes them (``3``, ``nil``, ``blind-nil``; ``bid 3``
        too), per seat; they are checked in bidding order from the dealer's left,
        the tricks against the deal's hand size. Overtricks carry on as after a
        played deal. Raises :class:`referee.results.ResultError` (a ValueError).
        """
        if self.is_over:
            raise ValueError("the game is over")
        scored = score_bid_deal(
            self.rules,
            self.players,
            bids,
            tricks,
            dealer=self.dealer,
            number=self.number,
            bags_before=self.bags,
            scores_before=self.scores,
        )
        self.bags = list(scored.bags)
        return self._record(scored.points, self.number, self.dealer, False, tuple(scored.bids), tuple(tricks))

    def add_penalty(self, points: Sequence[int], deal_index: int | None = None) -> Penalty:
        """Add points outside a deal (a confirmed revoke) to the scores; check the end.

        ``deal_index`` is the deal the penalty belongs to, as its index in :attr:`results` (default: the deal
        in progress, the next one recorded; see :meth:`index_of`). It counts in the running scores of every
        deal recorded after it.
        """
        if len(points) != self.players:
            raise ValueError(f"expected {self.players} points, got {len(points)}")
        penalty = Penalty(len(self.results) if deal_index is None else deal_index, tuple(points), len(self.results))
        self.penalties.append(penalty)
        sign = self.rules.game.count_sign
        self.scores = [s + sign * p for s, p in zip(self.scores, points, strict=True)]
        # A penalty can decide the game as much as a deal can.
        self.is_over, self.winners = outcome(self.rules, self.layout, self.scores, self.deals_played)
        return penalty

    def index_of(self, number: int) -> int:
        """The index in :attr:`results` of deal ``number`` (``DealResult.number``, 0 is the first) as played: a
        deal thrown in that does not count shares its number with the deal dealt after it, and the row of the
        deal played counts; the deal in progress (not recorded yet) is the next index."""
        for i, result in enumerate(self.results):
            if result.number == number and not result.redeal:
                return i
        return len(self.results)

    def penalty_of(self, deal_index: int) -> list[int]:
        """The penalty points per seat given in deal ``deal_index`` (0 is the first), all of its penalties added."""
        total = [0] * self.players
        for pen in self.penalties:
            if pen.deal == deal_index:
                total = [t + p for t, p in zip(total, pen.points, strict=True)]
        return total

    def totals_after(self, deal_index: int) -> list[int]:
        """The running scores after deal ``deal_index``, with the penalties of that deal and of every earlier one.

        A penalty confirmed after later deals were recorded (the table settled it late) counts
        from its own deal on, as a score sheet shows it; the last deal's totals are :attr:`scores`.
        """
        result = self._result(deal_index)
        sign = self.rules.game.count_sign
        totals = list(result.scores)
        for pen in self.penalties:
            if pen.deal <= deal_index < pen.after:  # not yet in the scores recorded with the deal
                totals = [t + sign * p for t, p in zip(totals, pen.points, strict=True)]
        return totals

    def correct(self, deal_index: int, points: Sequence[int]) -> DealResult:
        """Replace a recorded deal's points; recompute the running scores, the bags and the end."""
        result = self._result(deal_index)
        if len(points) != self.players:
            raise ValueError(f"expected {self.players} points, got {len(points)}")
        self.results[deal_index] = replace(result, points=tuple(points), bids=(), tricks=())
        self._recompute(deal_index)
        return self.results[deal_index]

    def correct_bids(self, deal_index: int, bids: Sequence[str], tricks: Sequence[int]) -> DealResult:
        """Replace a recorded deal of a bidding game by its bids and tricks; rescore it and every later deal."""
        result = self._result(deal_index)
        # Checked here; scored with the carried bags by _recompute.
        scored = score_bid_deal(self.rules, self.players, bids, tricks, dealer=result.dealer, number=result.number)
        self.results[deal_index] = replace(result, bids=tuple(scored.bids), tricks=tuple(tricks), redeal=False)
        self._recompute(deal_index)
        return self.results[deal_index]

    def _result(self, deal_index: int) -> DealResult:
        if not 0 <= deal_index < len(self.results):
            raise ValueError(f"there is no deal {deal_index + 1}; {len(self.results)} are recorded")
        return self.results[deal_index]

    def _recompute(self, first: int) -> None:
        """The running scores, bags, end and winners again, from deal ``first`` on."""
        sign = self.rules.game.count_sign
        counting_bags = bags_mechanism.counts(self.rules)
        running = [self.rules.game.start] * self.players
        bags = [0] * self.players
        results = list(self.results)
        for i, r in enumerate(results):
            for pen in self.penalties:
                if pen.after == i:
                    running = [s + sign * p for s, p in zip(running, pen.points, strict=True)]
            points = list(r.points)
            if i >= first and r.bids and self.rules.bid_scoring is not None:
                scored = score_bid_deal(
                    self.rules,
                    self.players,
                    r.bids,
                    r.tricks,
                    dealer=r.dealer,
                    number=r.number,
                    bags_before=bags,
                    scores_before=running,
                )
                points, bags = scored.points, list(scored.bags)
            elif r.bags:
                bags = list(r.bags)
            running = [s + sign * p for s, p in zip(running, points, strict=True)]
            results[i] = replace(
                r, points=tuple(points), scores=tuple(running), bags=tuple(bags) if counting_bags else ()
            )
        for pen in self.penalties:
            if pen.after >= len(results):
                running = [s + sign * p for s, p in zip(running, pen.points, strict=True)]
        self.results = results
        self.scores = running
        self.bags = bags
        self.is_over, self.winners = outcome(self.rules, self.layout, self.scores, self.deals_played)

    def _record(
        self,
        points: list[int],
        number: int,
        dealer: int,
        redeal: bool,
        bids: tuple[str, ...] = (),
        tricks: tuple[int, ...] = (),
        solo: int = -1,
        teams: tuple[int, ...] = (),
    ) -> DealResult:
        if self.is_over:
            raise ValueError("the game is over")
        sign = self.rules.game.count_sign
        self.scores = [s + sign * p for s, p in zip(self.scores, points, strict=True)]
        bags = tuple(self.bags) if bags_mechanism.counts(self.rules) else ()
        result = DealResult(number, dealer, tuple(points), tuple(self.scores), redeal, bags, bids, tricks, solo, teams)
        self.results.append(result)
        self.dealer = (dealer + self.rules.rotation) % self.players
        duty = self.duty
        if (
            duty is not None
            and duty.kinds[-1] == compulsory_solo.COMPULSORY
            and compulsory_solo.of(self.rules).extra_deal
        ):
            self.dealer = dealer  # a compulsory solo does not count: the same dealer deals again
        # a thrown-in deal is dealt again, same hand size and pass, unless it counts as one of the game's deals
        self.number = number if redeal and not self.rules.game.thrown_in_counts else number + 1
        self.is_over, self.winners = outcome(self.rules, self.layout, self.scores, self.deals_played)
        return result
