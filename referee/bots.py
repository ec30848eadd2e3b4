"""Simple rule-following players for ``trickbook play`` and for tests.

They only ever choose among ``deal.legal_actions()``; their judgement is a
few lines of common sense, not strategy. Whether a bot wants tricks or shuns
them follows from the ruleset's scoring, never from the game's name.
"""

from __future__ import annotations

import random

from .auction import NO_TRUMP_CALL, read_contract
from .engine import Deal
from .mechanisms import contracts, talon
from .phases import bidding


def wants_points(deal: Deal) -> bool:
    """Whether taking scoring cards (or tricks) is good under this ruleset."""
    rules = deal.rules
    if rules.trick_rows:
        return True
    return rules.game.winner == "highest" and rules.game.count_sign > 0


def _value(deal: Deal, code: str) -> tuple[int, int]:
    card = deal.rules.deck.index[code]
    return deal.card_values[card], deal.rules.deck.rank_of[card]


def choose(deal: Deal, rng: random.Random | None = None) -> str:
    """A sensible legal action for the seat to act."""
    legal = deal.legal_actions()
    if len(legal) == 1:
        return legal[0]
    phase = deal.phase
    if phase == "pass":
        # Shed what hurts most: the highest penalty card, else the highest card.
        return max(
            legal,
            key=lambda c: (
                _value(deal, c) if not wants_points(deal) else (0, -deal.rules.deck.rank_of[deal.rules.deck.index[c]])
            ),
        )
    if phase == "bid":
        return _bid(deal, legal)
    if phase == "discard":
        trump = deal.trump
        table = deal.rules.trump_table(trump)
        return min(
            legal,
            key=lambda c: (table.eff_suit[deal.rules.deck.index[c]] == trump, table.power[deal.rules.deck.index[c]]),
        )
    if phase == "choose":
        return _moon_choice(deal, legal)
    if phase == "play" and deal.to_act is not None:
        cards = [a for a in legal if a in deal.rules.deck.index]
        if len(cards) < len(legal):  # the seat may also announce (referee.mechanisms.announcements)
            word = _announce(deal, [a for a in legal if a not in deal.rules.deck.index])
            if word:
                return word
        return _play(deal, cards)
    return (rng or random.Random(0)).choice(legal)


def play_out(deal: Deal, rng: random.Random | None = None) -> None:
    """Play the deal to its end, every seat's action chosen by :func:`choose`.

    The bots choose among the legal actions only, so the unchecked fast path is safe.
    """
    while deal.phase != "done":
        deal.apply_unchecked(choose(deal, rng))


def _bid_ladder(deal: Deal, legal: list[str], hand: int) -> str:
    """A ladder auction (Skat's Reizen): go as high as the hand's aces, tens and jacks allow, then pass."""
    deck = deal.rules.deck
    honours = sum(1 for c in range(deck.size) if hand >> c & 1 and deck.ranks[deck.rank_of[c]] in "ATJ")
    says = [int(w.split()[1]) for w in legal if w.startswith("say ")]
    limit = 14 + 3 * honours  # an ordinary hand of three such cards stops at the first values
    if "hold" in legal:
        value = bidding.value_bid(deal)
        return "hold" if value <= limit else "pass"
    fits = [v for v in says if v <= limit]
    return f"say {min(fits)}" if fits else "pass"


def _bid(deal: Deal, legal: list[str]) -> str:
    seat = deal.to_act
    assert seat is not None
    hand = deal.hand_mask(seat)
    if "alone" in legal:
        table = deal.rules.trump_table(deal.trump)
        trumps = sum(1 for c in range(deal.rules.deck.size) if hand >> c & 1 and table.eff_suit[c] == deal.trump)
        return "alone" if seat == deal.maker and trumps >= 4 else "partner"

    def strength(suit: int) -> int:
        table = deal.rules.trump_table(suit)
        return sum(
            1 + (table.power[c] >= 99)
            for c in range(deal.rules.deck.size)
            if hand >> c & 1 and table.eff_suit[c] == suit
        )

    if any(read_contract(w) is not None for w in legal):
        return _bid_contract(deal, legal)
    if any(w.startswith("bid ") for w in legal):
        return _bid_tricks(deal, legal)
    if "hold" in legal or any(w.startswith("say ") for w in legal):
        return _bid_ladder(deal, legal, hand)
    if "healthy" in legal:
        return _reserve(deal, legal, hand)
    if any(w.startswith(contracts.SOLO) or w == talon.TAKE for w in legal):
        return _declare(deal, legal, hand)
    if "order-up" in legal:
        assert deal.upcard is not None
        suit = deal.rules.deck.suit_of[deal.upcard]  # not index // 13: a deck may hold copies
        bonus = 1 if seat == deal.dealer else 0
        return "order-up" if strength(suit) + bonus >= 4 else "pass"
    calls = [w for w in legal if w.startswith("call ")]
    best = max(calls, key=lambda w: strength(deal.rules.deck.suits.find(w[-1])))
    if "pass" not in legal or strength(deal.rules.deck.suits.find(best[-1])) >= 4:
        return best
    return "pass"


def _reserve(deal: Deal, legal: list[str], hand: int) -> str:
    """``healthy``, or a solo (referee.mechanisms.contracts) whose trumps make up at least nine of the hand's
    cards (more than half where passing throws the cards in), the one with the most."""
    rules = deal.rules
    settings = contracts.of(rules)
    # Where nobody naming a contract throws the cards in (OpenSpiel's Skat), half the hand in trumps will do.
    best, most = "healthy", 8 if settings.unnamed == "play" else deal.hand_size // 2
    for word in legal[1:]:
        index, suit = contracts.read_word(settings, word)
        table = rules.trump_table(deal.suit_index(suit) if suit else None, index)
        if table.trump is None:
            continue  # no trumps at all: a bot never plays it
        count = (hand & table.eff_mask[table.trump]).bit_count()
        if count > most:
            best, most = word, count
    return best


def _declare(deal: Deal, legal: list[str], hand: int) -> str:
    """The auction's winner: take up the talon, then declare the contract whose trumps are most of the hand
    (no hand games, no levels; a contract without trumps only when no other is offered)."""
    if talon.TAKE in legal:
        return talon.TAKE
    rules = deal.rules
    settings = contracts.of(rules)
    best, most = legal[0], -1
    for word in legal:
        index, suit, hand_game, level = contracts.read_declaration(settings, word)
        if hand_game or level:
            continue
        table = rules.trump_table(deal.suit_index(suit) if suit else None, index)
        count = (hand & table.eff_mask[table.trump]).bit_count() if table.trump is not None else 0
        if count > most:
            best, most = word, count
    return best


def _bid_contract(deal: Deal, legal: list[str]) -> str:
    """Name the contract the hand (and a partner's fair share of tricks) looks best for, or pass."""
    seat = deal.to_act
    assert seat is not None
    hand = deal.hand_mask(seat)
    partner = deal.hand_size / deal.players if deal.plan.partnerships else 0.0
    best, margin = "pass", 0.0
    for word in legal:
        contract = read_contract(word)
        if contract is None:
            continue
        tricks, suit = contract
        trump = None if suit == NO_TRUMP_CALL else deal.rules.deck.suits.find(suit)
        spare = _estimate(deal, hand, trump) + partner - tricks
        if spare >= margin:
            best, margin = word, spare
    return best


def _estimate(deal: Deal, hand: int, trump: int | None) -> float:
    """The tricks a hand looks good for with ``trump``: high cards and long trumps."""
    table = deal.rules.trump_table(trump)
    guess = 0.0
    trumps = 0
    for c in range(deal.rules.deck.size):
        if not hand >> c & 1:
            continue
        rank = deal.rules.deck.rank_of[c]
        if trump is not None and table.eff_suit[c] == trump:
            trumps += 1
            guess += 1 if rank >= 10 else 0  # Q K A of trumps
        elif rank == 12:
            guess += 1
        elif rank == 11:
            guess += 0.5
    return guess + max(trumps - 3, 0)


def _bid_tricks(deal: Deal, legal: list[str]) -> str:
    """Bid the tricks the hand looks good for: high cards and long trumps."""
    seat = deal.to_act
    assert seat is not None
    guess = _estimate(deal, deal.hand_mask(seat), deal.trump)
    guess *= deal.hand_size / 13 if deal.hand_size < 13 else 1
    numbers = [w for w in legal if w.startswith("bid ")]
    if guess < 0.5 and "nil" in legal:
        return "nil"
    if not numbers:
        return legal[0]
    return min(numbers, key=lambda w: abs(int(w.split()[1]) - guess))


def _moon_choice(deal: Deal, legal: list[str]) -> str:
    seat = deal.to_act
    assert seat is not None
    low_wins = deal.rules.game.winner == "lowest"

    def margin(word: str) -> int:
        trial = deal.copy()
        trial.apply(word)
        pts = trial.points()
        others = sum(p for s, p in enumerate(pts) if s != seat) / max(1, len(pts) - 1)
        return int(others - pts[seat]) if low_wins else int(pts[seat] - others)

    return max(legal, key=margin)


def _announce(deal: Deal, words: list[str]) -> str:
    """An announcement for a hand strong in trumps ("" for none): the party's word (the first word offered
    while it is unsaid) with seven trumps in twelve cards, the first step with nine, nothing further."""
    seat = deal.to_act
    assert seat is not None
    table = deal.table
    trumps = (deal.hand_mask(seat) & table.eff_mask[table.trump]).bit_count() if table.trump is not None else 0
    share = trumps * 12 // max(deal.held(seat), 1)  # as if the hand still held twelve cards
    said = sum(1 for who, party, _, _ in deal.said if party == deal.party(seat))
    if said < 2 and share >= (7, 9)[said]:
        return words[0]
    return ""


def _partner_winning(deal: Deal, key: tuple[int, ...], best: int) -> bool:
    """Whether the seat to play's partner is winning the trick so far (the first of equal cards wins)."""
    seat = deal.to_act
    if seat is None:
        return False
    index = deal.rules.deck.index
    for player, code in deal.current_trick:
        if key[index[code]] == best:
            return player != seat and deal.teams[player] == deal.teams[seat]
    return False


def _play(deal: Deal, legal: list[str]) -> str:
    want = wants_points(deal)
    table = deal.table
    deck = deal.rules.deck
    index = deck.index
    cards = [index[code] for code in legal]  # legal's cards, in legal's order: ties go to the first
    trick = [index[code] for _, code in deal.current_trick]
    if not trick:
        # Lead low when shunning points; lead the strongest card when chasing tricks.
        power = table.power
        points = deal.card_values
        lead = [(power[c], -points[c]) for c in cards]
        return legal[lead.index(max(lead) if want else min(lead))]
    led = table.eff_suit[trick[0]]
    key = table.keys[led]
    best = max(key[c] for c in trick)
    if want and _partner_winning(deal, key, best):
        # The partner has the trick: leave it to them, and give them the most points that do not beat it.
        under = [i for i, c in enumerate(cards) if key[c] <= best]
        if under:
            points = deal.card_values
            return legal[min((-points[cards[i]], key[cards[i]], i) for i in under)[2]]
    if want:
        winners = [(key[c], i) for i, c in enumerate(cards) if key[c] > best]
        if winners:
            return legal[min(winners)[1]]
        rank_of = deck.rank_of
        return legal[min((key[c], rank_of[c], i) for i, c in enumerate(cards))[2]]
    losers = [i for i, c in enumerate(cards) if key[c] <= best]
    if losers:
        # Dump the most harmful card that does not take the trick (the first of equals).
        points = deal.card_values
        rank_of = deck.rank_of
        harm = [(points[cards[i]], rank_of[cards[i]], key[cards[i]]) for i in losers]
        return legal[losers[harm.index(max(harm))]]
    return legal[min((key[c], i) for i, c in enumerate(cards))[1]]
