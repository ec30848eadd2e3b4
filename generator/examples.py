"""Worked examples for a rule page, produced by running the engine.

Each example comes from a fixed seeded game played by the simple bots, so the
same ruleset always yields the same example. The search looks for a position
that shows the rule at work: a first trick where the player to act cannot
play everything they hold, a lead while a suit is still unbroken.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import Game, Ruleset
from referee.bots import choose
from referee.cards import CODES, SUITS, codes_in
from referee.engine import Deal

from .clauses import patterns

SEEDS = range(1, 400)


@dataclass(frozen=True)
class Example:
    kind: str  # first-trick | lead-restriction | trump-order
    seat: int | None = None
    leader: int | None = None
    trick: tuple[tuple[int, str], ...] = ()
    hand: tuple[str, ...] = ()
    legal: tuple[str, ...] = ()
    restricted: tuple[str, ...] = ()  # the suits or cards (patterns) the example is about
    trump: str | None = None
    order: tuple[str, ...] = ()
    void: bool = False  # the player to act cannot follow the suit led


def _play_until(rules: Ruleset, seed: int, stop: str) -> Example | None:
    game = Game(rules, seed=seed)
    deal = game.new_deal()
    while deal.phase != "done":
        if deal.phase == "play" and deal.to_act is not None:
            found = _look(rules, deal, stop)
            if found is not None:
                return found
        deal.apply(choose(deal))
    return None


def _look(rules: Ruleset, deal: Deal, stop: str) -> Example | None:
    seat = deal.to_act
    assert seat is not None
    hand = deal.hands[seat]
    legal = 0
    for code in deal.legal_actions():
        legal |= 1 << CODES.index(code)
    if stop == "first-trick":
        if deal.trick_number != 0 or not deal.trick:
            return None
        if legal == hand and deal.played < len(deal.active_seats()) - 1:
            return None  # not instructive yet: wait for a player who cannot play everything
        forbid = deal.layout.first_trick_forbid
        void = not hand & deal.table.eff_mask[deal.table.eff_suit[deal.trick[0][1]]]
        restricted = patterns(rules, forbid) if void and forbid & hand else ()
        return Example(
            "first-trick",
            seat,
            deal.trick[0][0],
            tuple(deal.current_trick),
            tuple(codes_in(hand)),
            tuple(codes_in(legal)),
            restricted,
            _trump(deal),
            void=void,
        )
    if stop == "lead-restriction":
        if deal.trick or deal.trick_number == 0 or not deal.layout.restrictions:
            return None
        r = deal.layout.restrictions[0]
        if deal.is_broken(0) or not hand & r.cards or legal == hand:
            return None
        return Example(
            "lead-restriction",
            seat,
            seat,
            (),
            tuple(codes_in(hand)),
            tuple(codes_in(legal)),
            patterns(rules, r.cards),
            _trump(deal),
        )
    return None


def _trump(deal: Deal) -> str | None:
    return SUITS[deal.trump] if deal.trump is not None else None


def first_trick(rules: Ruleset) -> Example | None:
    """A first trick where the player to act may not play every card they hold.

    Best: a player who cannot follow suit and still may not play some cards
    (the first-trick limit at work); else one who must follow suit.
    """
    fallback = None
    for seed in SEEDS:
        found = _play_until(rules, seed, "first-trick")
        if found is None:
            continue
        if found.restricted and found.legal != found.hand:
            return found
        if fallback is None and found.legal != found.hand:
            fallback = found
        if fallback is not None and not rules.layout(rules.default_players).first_trick_forbid:
            break
    return fallback


def lead_restriction(rules: Ruleset) -> Example | None:
    if not rules.layout(rules.default_players).restrictions:
        return None
    for seed in SEEDS:
        found = _play_until(rules, seed, "lead-restriction")
        if found is not None:
            return found
    return None


def trump_order(rules: Ruleset, suit: str = "H") -> Example | None:
    """The trumps of ``suit`` from high to low (Euchre's order with both bowers)."""
    if rules.trump_kind == "none":
        return None
    table = rules.trump_table(SUITS.index(suit))
    trumps = [c for c in range(52) if rules.full_deck >> c & 1 and table.eff_suit[c] == SUITS.index(suit)]
    trumps.sort(key=lambda c: -table.power[c])
    return Example("trump-order", trump=suit, order=tuple(CODES[c] for c in trumps))


def examples(rules: Ruleset) -> list[Example]:
    found = [trump_order(rules), first_trick(rules), lead_restriction(rules)]
    return [e for e in found if e is not None]
