"""Every card's value at a glance: what the cards, the moon and the tricks score, as the engine scores them.

Nothing here knows a scoring rule: card values are the layout's
(:attr:`referee.tables.Layout.points`), and the moon's and the tricks' points
come from running the engine's own scoring steps (:func:`referee.scoring.score_deal`,
:func:`referee.scoring.side_steps`) on a few chosen outcomes. The outcomes
are chosen by rules of this module's own, the same for every ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import Deal, Ruleset
from referee.bidding import BLIND_NIL_BID, NIL_BID, NOT_NIL, bid_word
from referee.mechanisms import bags, book, moon
from referee.scoring import Taken, score_deal, side_count, side_steps

from .clauses import patterns, ranks_by_strength
from .examples import codes_of, deal_number, in_suit_order


@dataclass(frozen=True)
class MoonRow:
    choice: str  # "" (the only way it scores) | "old-moon" | "new-moon" (the shooter's two ways)
    shooter: int
    partner: int | None  # where partners sit opposite: the shooter's partner
    others: int  # each of the other players


@dataclass(frozen=True)
class Outcome:
    """One outcome of a deal's tricks for a side: what it bid (None: no bid), took, carried in, and scores."""

    bid: str | None  # the engine's bid word (``bid 4``, ``nil``)
    tricks: int
    carried: int  # overtricks carried in from earlier deals
    points: int
    made: bool | None  # None where nothing was bid


@dataclass(frozen=True)
class Values:
    cards: tuple[tuple[int, tuple[str, ...]], ...]  # (points, codes), from the highest value to the lowest
    total: int  # the points a deal hands out
    no_tricks: int  # a player who takes no trick scores this (0: nothing)
    moon_cards: tuple[str, ...]  # suits and cards
    moon: tuple[MoonRow, ...]
    tricks: tuple[Outcome, ...]
    bids: bool  # the trick rows are bids
    bags: bool  # overtricks are counted from deal to deal
    #: where the trump suit's cards count otherwise: (rank, points outside trump, points in trump), by rank
    ranks: tuple[tuple[str, int, int], ...] = ()
    #: the cards of the deck that count nothing (Doppelkopf's nines), each code once
    blank: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.cards or self.moon or self.tricks)


def card_values(rules: Ruleset) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """The cards that score, grouped by their points (``layout.points``), highest first; each code once."""
    layout = rules.layout(rules.default_players)
    groups: dict[int, int] = {}
    for card in layout.cards:
        if layout.points[card]:
            groups[layout.points[card]] = groups.get(layout.points[card], 0) | 1 << card
    deck = rules.deck
    return tuple(
        (value, in_suit_order(rules, tuple(dict.fromkeys(codes_of(deck, mask)))))
        for value, mask in sorted(groups.items(), reverse=True)
    )


def blank_cards(rules: Ruleset) -> tuple[str, ...]:
    """The cards of the deck that count nothing (``layout.points`` 0), each code once, in the deck's order."""
    layout = rules.layout(rules.default_players)
    mask = sum(1 << card for card in layout.cards if not layout.points[card])
    return in_suit_order(rules, tuple(dict.fromkeys(codes_of(rules.deck, mask))))


def rank_values(rules: Ruleset) -> tuple[tuple[str, int, int], ...]:
    """Where trump changes what cards are worth: each rank's points outside trump and in it, highest first.

    Read from the engine's own card values of a deal with the first suit as trump.
    """
    if not rules.values_by_trump:
        return ()
    n = rules.default_players
    deck = rules.deck
    plain, trump = rules.layout(n).points, rules.setup(n, 0).points
    other = 1 if len(deck.suits) > 1 else 0
    rows = []
    for rank in ranks_by_strength(rules):
        code = rank + deck.suits[0]
        card = deck.index[code]
        rows.append((rank, plain[deck.index[rank + deck.suits[other]]], trump[card]))
    return tuple(rows)


def moon_rows(rules: Ruleset) -> tuple[MoonRow, ...]:
    """What each player scores when seat 0 takes exactly the moon cards, in each way the moon may score."""
    settings = moon.of(rules)
    if not moon.active(settings):
        return ()
    n = rules.default_players
    layout = rules.layout(n)
    plan = rules.plan
    needs = moon.target(rules, n).cards
    # The sides the table's deal is scored with: a deal's own, as it starts (Deal.teams: the seating's, before
    # the deal makes any of its own); the shooter's partner is whoever shares seat 0's side.
    teams = Deal(rules, layout, dealer=n - 1, number=0, hands=None, stock=[]).teams
    partner = next((s for s in range(1, n) if teams[s] == teams[0]), None)
    out = []
    for choice in moon.choices(settings):
        won = [needs] + [0] * (n - 1)
        raw, shooter, _ = score_deal(
            plan,
            layout,
            # everyone took a trick: no bonus for taking none
            Taken(won, [1] * n, layout.points, layout.scoring_cards, teams),
            False,
            False,
            layout.sides,
            [-1] * n,
            [NOT_NIL] * n,
            [0] * side_count(layout.sides),
            list(range(n)),
            choice,
        )
        if shooter != 0:
            return ()  # a moon that needs more than the cards that score (never in a valid ruleset)
        out.append(MoonRow(choice, raw[0], raw[partner] if partner is not None else None, raw[1]))
    return tuple(out)


def sample_bid(rules: Ruleset, hand_size: int) -> int:
    """The bid the table shows: a player's share of the tricks, plus one, within the bids allowed."""
    n = rules.default_players
    spec = rules.trick_round
    want = hand_size // n + 1
    if spec is not None:
        return max(spec.low, min(spec.top(hand_size), want))
    contract = next((r for r in rules.bidding_rounds if r.kind == "contract"), None)
    low = contract.low if contract is not None else 0
    return max(low, min(hand_size, want))


def trick_rows(rules: Ruleset) -> tuple[Outcome, ...]:
    """What a side scores for a few outcomes of its bid (or of its tricks, where the book scores), by the engine.

    A side is one seat here (``sides=(0,)``): the table reads per side, and
    partners' bids and tricks add up to a side's.
    """
    plan = rules.plan
    scoring = plan.bid_scoring
    layout = rules.layout(rules.default_players)
    hand_size = layout.hand_size_of(deal_number(rules))
    if scoring is None and not plan.book.on:
        return ()

    def row(word: str | None, tricks: int, carried: int = 0) -> Outcome | None:
        if not 0 <= tricks <= hand_size:
            return None
        kind = {"nil": NIL_BID, "blind-nil": BLIND_NIL_BID}.get(word or "", NOT_NIL)
        bids = [-1 if word is None else 0 if kind != NOT_NIL else int(word[4:])]
        nils = [kind]
        points, results = side_steps(scoring, plan.book, (0,), bids, nils, [tricks], [carried])
        if not results:  # the book alone
            return Outcome(word, tricks, carried, points[0], None)
        if kind != NOT_NIL:  # the nil bid's own points: a partner's bid is scored apart
            return Outcome(word, tricks, carried, results[0].nil, tricks == 0)
        return Outcome(word, tricks, carried, points[0], results[0].made)

    found: list[Outcome | None] = []
    if scoring is None:  # the book: tricks beyond it score
        tricks_book = book.of(rules).tricks or 0
        found += [row(None, t) for t in sorted({tricks_book, tricks_book + 1, tricks_book + 3, hand_size})]
    else:
        bid = sample_bid(rules, hand_size)
        word = bid_word(bid, NOT_NIL)
        found += [row(word, bid), row(word, bid + 2), row(word, bid - 1)]
        every = bags.of(rules).every
        if every:  # one more overtrick reaches the limit
            found.append(row(word, bid + 1, every - 1))
        spec = rules.trick_round
        for nil, allowed in (
            ("nil", spec is not None and spec.nil),
            ("blind-nil", spec is not None and spec.blind_nil),
        ):
            if allowed:
                found += [row(nil, 0), row(nil, 1)]
    return tuple(r for r in found if r is not None)


def values(rules: Ruleset) -> Values:
    layout = rules.layout(rules.default_players)
    scoring = rules.bid_scoring
    ranks = rank_values(rules)
    return Values(
        cards=card_values(rules),
        total=sum(rules.setup(rules.default_players, 0).points) if ranks else sum(layout.points),
        no_tricks=rules.no_tricks_bonus,
        moon_cards=patterns(rules, moon.target(rules).cards) if moon.active(moon.of(rules)) else (),
        moon=moon_rows(rules),
        tricks=trick_rows(rules),
        bids=scoring is not None,
        bags=scoring is not None and bags.counts(rules),
        ranks=ranks,
        blank=blank_cards(rules),
    )
