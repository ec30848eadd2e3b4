"""Worked examples for a rule page, produced by running the engine.

Each example comes from a fixed seeded game played by the simple bots, so the
same ruleset always yields the same example. The search looks for a position
that shows the rule at work: a first trick where the player to act cannot
play everything they hold, a lead while a suit is still unbroken, a round of
trick bids where the hook forbids the last bidder a number, a deal whose scoring
shows a bid made, a bid missed and a nil.

Scores come from the engine (``deal.results``, computed by
:func:`referee.scoring.score_bids`) and are only worded here: the generator
knows no scoring rule of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee import Game, Ruleset
from referee.auction import NO_TRUMP_CALL
from referee.bidding import BID_WORDS, NOT_NIL, is_trick_bid
from referee.bots import choose
from referee.deck import Deck
from referee.engine import Deal
from referee.mechanisms import bags, contracts, hook, promoted, trumping
from referee.tables import TrumpTable

from .clauses import Bid, Clause, Number, Points, Seats, cards, clause, patterns

SEEDS = range(1, 400)
BID_SEEDS = range(1, 60)  # per way of bidding; a few deals each is the rule


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
    bids: tuple[tuple[int, str], ...] = ()  # (seat, bid word) in bidding order
    lines: tuple[Clause, ...] = ()  # sentences that go with the example, in order
    other_suit: tuple[str, ...] = ()  # cards shown that belong to another suit than printed on them (left bower)
    declarer: int | None = None  # who declared the game being played (Skat's Alleinspieler), where one did
    declared: str = ""  # the game they declared, as its word (``solo diamonds``)
    partner: int | None = None  # the partner winning the trick so far (the Amsterdam exemption's example)
    number: int = 0  # the trick's index in the deal (0: the first)
    trumped: bool = False  # the trick so far holds a trump, on another suit led
    seed: int = 0  # the game's seed: the worked deal is another deal where its seed differs


def deal_number(rules: Ruleset) -> int:
    """Which deal of a game the examples show: the first, or where hand sizes change, one with a few cards."""
    layout = rules.layout(rules.default_players)
    if not layout.schedule:
        return 0
    want = min(5, layout.most)
    return next((i for i, size in enumerate(layout.schedule) if size == want), 0)


def _play_until(rules: Ruleset, seed: int, stop: str) -> Example | None:
    game = Game(rules, seed=seed)
    deal = game.new_deal(number=deal_number(rules))
    while deal.phase != "done":
        if deal.phase == "play" and deal.to_act is not None:
            found = _look(rules, deal, stop)
            if found is not None:
                return replace(found, seed=seed)
        deal.apply(choose(deal))
    return None


def codes_of(deck: Deck, mask: int) -> tuple[str, ...]:
    """The codes of a mask's cards in the pack's order, a code as often as the mask holds copies of it."""
    held = [c for c in range(deck.size) if mask >> c & 1]
    held.sort(key=lambda c: (c % deck.stride, c))
    return tuple(deck.codes[c] for c in held)


def _pattern_mask(deck: Deck, pattern: str) -> int:
    """The cards a pattern of :func:`patterns` names: a whole suit (its letter) or a card (every copy)."""
    if pattern in deck.suits:
        return deck.suit_masks[deck.suits.index(pattern)]
    return deck.all_copies(1 << deck.index[pattern])


def _look(rules: Ruleset, deal: Deal, stop: str) -> Example | None:
    seat = deal.to_act
    assert seat is not None
    deck = rules.deck
    hand = deal.hand_mask(seat)
    legal = 0
    for code in deal.legal_actions():
        if code in deck.index:  # a card (not an announcement)
            legal |= deck.all_copies(1 << deck.index[code]) & hand
    if stop == "first-trick":
        if deal.trick_number != 0 or not deal.current_trick:
            return None
        declared = _declared(deal)
        if legal == hand and deal.played < len(deal.active_seats()) - 1:
            return None  # not instructive yet: wait for a player who cannot play everything
        forbid = deal.layout.first_trick_forbid
        void = not deal.can_follow(seat)
        # only the forbidden suits and cards the hand holds: an Italian reader found the queen of spades named
        # for a hand without it
        restricted = tuple(p for p in patterns(rules, forbid) if _pattern_mask(deck, p) & hand) if void else ()
        return Example(
            "first-trick",
            seat,
            deal.current_trick[0][0],
            tuple(deal.current_trick),
            # sorted as its player sorts it, for the game declared or the deal's trumps (trumps first, in their
            # order); without trumps, the pack's order
            by_power(rules, deal.table, codes_of(deck, hand))
            if declared or deal.table.trump is not None
            else codes_of(deck, hand),
            codes_of(deck, legal),
            restricted,
            _trump(rules, deal),
            void=void,
            other_suit=other_suit(deal, [c for _, c in deal.current_trick] + list(codes_of(deck, hand))),
            **declared,
        )
    if stop == "partner-winning":
        return _partner_winning(rules, deal, seat, hand, legal)
    if stop == "lead-restriction":
        if deal.current_trick or deal.trick_number == 0 or not deal.layout.restrictions:
            return None
        r = deal.layout.restrictions[0]
        if deal.is_broken(0) or not hand & r.cards or legal == hand:
            return None
        return Example(
            "lead-restriction",
            seat,
            seat,
            (),
            codes_of(deck, hand),
            codes_of(deck, legal),
            patterns(rules, r.cards),
            _trump(rules, deal),
        )
    return None


def _partner_winning(rules: Ruleset, deal: Deal, seat: int, hand: int, legal: int) -> Example | None:
    """A player who cannot follow a plain suit and holds a trump, whose partner is winning the trick so far, and
    who may play a card that is not a trump: the exemption from the duty to trump at work (Amsterdam)."""
    table, deck = deal.table, rules.deck
    if not deal.current_trick or table.trump is None or deal.can_follow(seat):
        return None
    led = table.eff_suit[deck.index[deal.current_trick[0][1]]]
    trumps = [c for c in range(deck.size) if hand >> c & 1 and table.eff_suit[c] == table.trump]
    plain_legal = any(legal >> c & 1 and table.eff_suit[c] != table.trump for c in range(deck.size))
    if led == table.trump or not trumps or not plain_legal:
        return None
    strength = table.keys[led]  # the card winning so far: the strongest by the trick's own order
    winner = max(deal.current_trick, key=lambda play: strength[deck.index[play[1]]])[0]
    if winner == seat or deal.teams[winner] != deal.teams[seat]:
        return None
    played = [c for _, c in deal.current_trick]
    return Example(
        "partner-winning",
        seat,
        deal.current_trick[0][0],
        tuple(deal.current_trick),
        by_power(rules, table, codes_of(deck, hand)),
        codes_of(deck, legal),
        trump=_trump(rules, deal),
        void=True,
        partner=winner,
        number=deal.trick_number,
        trumped=any(table.eff_suit[deck.index[c]] == table.trump for c in played),
        other_suit=other_suit(deal, played + list(codes_of(deck, hand))),
    )


def partner_winning(rules: Ruleset) -> Example | None:
    """Where a player need not trump while their partner is winning the trick (Klaverjassen's Amsterdam rule):
    a position that shows it, best one whose trick holds no trump yet (the player may play any card), else one
    the partner is winning with a trump."""
    if trumping.of(rules).must_trump != "unless-partner-winning":
        return None
    fallback = None
    for seed in SEEDS:
        found = _play_until(rules, seed, "partner-winning")
        if found is not None and not found.trumped:
            return found
        fallback = fallback or found
    return fallback


def suit_order(rules: Ruleset) -> list[int]:
    """The suits (indices) in the order the ruleset's contracts name them (Skat's clubs, spades, hearts,
    diamonds), else as its promoted trumps of one rank rank them (Doppelkopf's queens: clubs, spades, hearts,
    diamonds, the order German players sort their hands in), then any other in the pack's order."""
    deck = rules.deck
    named = [deck.suits.find(k.suit) for k in contracts.of(rules).kinds if k.suit in rules.deck_suits]
    by_rank: dict[str, list[str]] = {}
    for code in promoted.of(rules).cards:  # the largest group of one rank, in its order
        by_rank.setdefault(code[:-1], []).append(code[-1])
    ranked = max(by_rank.values(), key=len, default=[])
    return list(dict.fromkeys([*named, *(deck.suits.find(s) for s in ranked), *range(len(deck.suits))]))


def in_suit_order(rules: Ruleset, codes: Sequence[str]) -> tuple[str, ...]:
    """``codes`` grouped by suit in :func:`suit_order` where the ruleset's contracts name the suits (each
    suit's cards keep their order); else as they are."""
    if not any(k.suit in rules.deck_suits for k in contracts.of(rules).kinds):
        return tuple(codes)
    order = suit_order(rules)
    return tuple(sorted(codes, key=lambda code: order.index(rules.deck.suit_of[rules.deck.index[code]])))


def by_power(rules: Ruleset, table: TrumpTable, codes: Sequence[str]) -> tuple[str, ...]:
    """Cards as a player sorts them for the game being played: the trumps first, highest first, then the other
    suits in the order the ruleset's contracts name them (Skat's clubs, spades, hearts, diamonds), else the
    pack's, each from its highest card (Skat's jacks, then ace, ten, king ...)."""
    deck = rules.deck
    order = suit_order(rules)

    def key(code: str) -> tuple[int, int]:
        card = deck.index[code]
        suit = table.eff_suit[card]
        group = 0 if suit == table.trump else 1 + (order.index(suit) if suit in order else len(order))
        return group, -table.power[card]

    return tuple(sorted(codes, key=key))


def _declared(deal: Deal) -> dict[str, Any]:
    """Who declared which game, where the auction's winner declares it (Skat): said before the cards are shown."""
    chosen = contracts.of(deal.rules)
    if not contracts.active(chosen) or chosen.chosen != "declarer" or deal.maker is None:
        return {}
    word = next((a for s, a in reversed(deal.history) if s is not None and a.startswith(contracts.SOLO)), "")
    return {"declarer": deal.maker, "declared": word} if word else {}


def other_suit(deal: Deal, codes: list[str]) -> tuple[str, ...]:
    """Which of ``codes`` belong, in the deal's trump table, to another suit than their own (each once)."""
    deck, table = deal.rules.deck, deal.table
    out = [c for c in codes if table.eff_suit[deck.index[c]] != deck.suit_of[deck.index[c]]]
    return tuple(dict.fromkeys(out))


def _trump(rules: Ruleset, deal: Deal) -> str | None:
    return rules.deck.suits[deal.trump] if deal.trump is not None else None


def first_trick(rules: Ruleset) -> Example | None:
    """A first trick where the player to act may not play every card they hold.

    Best: a player who cannot follow suit and still may not play some cards
    (the first-trick limit at work); else one who must follow suit.
    With bowers, best is a lead whose suit is not the one printed on it
    (the left bower led as a trump), the rule readers most often get wrong.
    """
    fallback = None
    for seed in SEEDS:
        found = _play_until(rules, seed, "first-trick")
        if found is None:
            continue
        if found.legal != found.hand and (found.restricted or (rules.bowers and _led_as_other_suit(rules, found))):
            return found
        if fallback is None and found.legal != found.hand:
            fallback = found
        if fallback is not None and not rules.bowers and not rules.layout(rules.default_players).first_trick_forbid:
            break
    return fallback


def _led_as_other_suit(rules: Ruleset, found: Example) -> bool:
    """Whether the card led belongs, with this trump, to another suit than its own."""
    if found.trump is None or not found.trick:
        return False
    deck = rules.deck
    card = deck.index[found.trick[0][1]]
    return rules.trump_table(deck.suits.find(found.trump)).eff_suit[card] != deck.suit_of[card]


def lead_restriction(rules: Ruleset) -> Example | None:
    if not rules.layout(rules.default_players).restrictions:
        return None
    for seed in SEEDS:
        found = _play_until(rules, seed, "lead-restriction")
        if found is not None:
            return found
    return None


def trump_order(rules: Ruleset, suit: str = "H") -> Example | None:
    """The trumps of ``suit`` from high to low (Euchre's order with both bowers).

    Without bowers the trumps rank like any suit, which the page already says.
    """
    if rules.trump_kind == "none" or not rules.bowers:
        return None
    deck = rules.deck
    table = rules.trump_table(deck.suits.index(suit))
    trumps = [c for c in range(deck.stride) if rules.full_deck >> c & 1 and table.eff_suit[c] == deck.suits.index(suit)]
    trumps.sort(key=lambda c: -table.power[c])
    return Example("trump-order", trump=suit, order=tuple(deck.codes[c] for c in trumps))


@dataclass
class _BidDeal:
    deal: Deal
    order: list[tuple[int, str]]  # (seat, bid word) in bidding order
    forbidden: int  # the number the hook forbade the last bidder, or -1


def _bold(deal: Deal, legal: list[str], turn: int) -> str:
    """The second way of bidding: the first bidder tries nil, the second bids two tricks more than a bot would."""
    bot = choose(deal)
    if turn == 0:
        return "nil" if "nil" in legal else bot
    if turn == 1 and bot.startswith("bid "):
        more = int(bot[4:]) + 2
        numbers = [int(w[4:]) for w in legal if w.startswith("bid ")]
        higher = [n for n in numbers if n >= more] or [max(numbers)]
        return BID_WORDS[min(higher)]
    return bot


def _bid_deal(rules: Ruleset, seed: int, bold: bool) -> _BidDeal:
    spec = rules.trick_round
    assert spec is not None
    game = Game(rules, seed=seed)
    deal = game.new_deal(number=deal_number(rules))
    order: list[tuple[int, str]] = []
    forbidden = -1
    while deal.phase != "done":
        seat = deal.to_act
        legal = deal.legal_actions() if deal.phase == "bid" else []
        if seat is not None and any(map(is_trick_bid, legal)):
            # the round of trick bids (an auction of contracts before it is played by the bots, unrecorded)
            if len(order) == deal.players - 1:
                number = hook.forbidden(deal.hand_size, list(deal.bids), seat) if hook.binds(rules) else -1
                if spec.low <= number <= spec.top(deal.hand_size) and BID_WORDS[number] not in legal:
                    forbidden = number
            action = _bold(deal, legal, len(order)) if bold else choose(deal)
            order.append((seat, action))
            deal.apply(action)
        else:
            deal.apply(choose(deal))
    return _BidDeal(deal, order, forbidden)


WANTED = 5  # the cases a bidding example shows: a bid made, one missed, nil, the hook, a contract won


def _shows(rules: Ruleset, found: _BidDeal) -> int:
    """How many of the cases the examples want this deal shows (all of them: :data:`WANTED`)."""
    spec = rules.trick_round
    assert spec is not None
    deal = found.deal
    results = deal.results
    made = any(r.made and r.bid >= 0 for r in results)
    missed = any(not r.made and r.bid >= 0 for r in results)
    nils = [s for s in range(deal.players) if deal.nils[s] != NOT_NIL]
    one_nil_a_side = len({deal.sides[s] for s in nils}) == len(nils)
    nil = bool(nils) and one_nil_a_side if spec.nil else True
    hooked = found.forbidden >= 0 if hook.binds(rules) else True
    # Where an auction comes first, the example shows a contract won (not an auction everyone passed), and,
    # where the trick bids start left of the dealer, a declarer elsewhere, so that the page names both.
    auction = True
    if any(r.kind == "contract" for r in rules.bidding_rounds):
        from_declarer = any(r.kind == "tricks" and r.starts == "declarer" for r in rules.bidding_rounds)
        auction = deal.contract_tricks > 0 and (from_declarer or found.order[0][0] != deal.maker)
    clean = all(r.bag_points == 0 for r in results)  # the first deal of a game: no bags reached yet
    return (made + missed + nil + hooked + auction) if clean else 0


def bid_deal(rules: Ruleset) -> _BidDeal | None:
    """A seeded deal of a trick-bidding game that shows a bid made, a bid missed, nil and the hook where they apply.

    The bots bid first; where they never miss or never bid nil, the first
    bidder tries nil and the second bids high.
    """
    if rules.trick_round is None or rules.bid_scoring is None:
        return None
    best: tuple[int, _BidDeal] | None = None
    for bold in (False, True):
        for seed in BID_SEEDS:
            found = _bid_deal(rules, seed, bold)
            score = _shows(rules, found)
            if score == WANTED:
                return found
            if best is None or score > best[0]:
                best = (score, found)
    return best[1] if best else None


def contract_word(rules: Ruleset, deal: Deal) -> str:
    """The contract that won the deal's auction, as its bid (``bid 7H``, ``bid 7NT``)."""
    suit = NO_TRUMP_CALL if deal.trump is None else rules.deck.suits[deal.trump]
    return f"bid {deal.contract_tricks}{suit}"


def bidding_example(rules: Ruleset, found: _BidDeal) -> Example:
    deal = found.deal
    first = found.order[0][0]
    contract = Bid(contract_word(rules, deal)) if deal.contract_tricks else None
    # Who bids first, and why: the dealer's left, or the declarer of the auction before.
    declarer_first = contract is not None and first == deal.maker
    why: dict[str, object] = {"contract": contract} if declarer_first else {"dealer": Seats((deal.dealer,))}
    kind = "example.bidding.declarer" if declarer_first else "example.bidding"
    lines = [clause(kind, deal.hand_size, cards=Number(deal.hand_size), first=Seats((first,)), **why)]
    if contract is not None and not declarer_first and deal.maker is not None:
        lines.append(clause("example.contract", who=Seats((deal.maker,)), contract=contract))
    if deal.upcard is not None:
        deck = rules.deck
        lines.append(
            clause(
                "example.upcard",
                card=cards(rules, (deck.codes[deal.upcard],), "a"),
                suit=cards(rules, (deck.suits[deck.suit_of[deal.upcard]],), "plural"),
            )
        )
    if found.forbidden >= 0:
        lines.append(
            clause(
                "example.hook",
                deal.hand_size,
                bidder=Seats((found.order[-1][0],)),  # the last bidder: the dealer only from the dealer's left
                bid=Number(found.forbidden),
                tricks=Number(deal.hand_size),
            )
        )
    return Example("bidding", trump=_trump(rules, deal), bids=tuple(found.order), lines=tuple(lines))


def scoring_example(rules: Ruleset, found: _BidDeal) -> Example:
    """How each side's bid scored, as the engine scored it (``deal.results``)."""
    return Example("scoring", lines=scoring_lines(rules, found.deal))


def scoring_lines(rules: Ruleset, deal: Deal) -> tuple[Clause, ...]:
    """How each side's bid came out in a scored deal, as the engine scored it (``deal.results``)."""
    points = deal.points()
    lines: list[Clause] = []
    for result in deal.results:
        seats = [s for s in range(deal.players) if deal.sides[s] == result.side]
        bidders = tuple(s for s in seats if deal.nils[s] == NOT_NIL)
        nils = tuple(s for s in seats if deal.nils[s] != NOT_NIL)
        parts = 0
        if result.bid >= 0 and bidders:
            kind = "example.made" if result.made else "example.missed"
            lines.append(
                clause(
                    kind,
                    result.tricks,
                    who=Seats(bidders),
                    bid=Number(result.bid),
                    tricks=Number(result.tricks),
                    points=Points(result.contract),
                )
            )
            parts += 1
        if nils:
            taken = sum(deal.tricks_won[s] for s in nils)
            word = deal.bid(nils[0]) or "nil"
            lines.append(
                clause(
                    "example.nil",
                    taken,
                    who=Seats(nils),
                    bid=Bid(word),
                    tricks=Number(taken),
                    points=Points(result.nil),
                )
            )
            parts += 1
        if bags.counts(rules) and result.bags:
            lines.append(clause("example.bags", result.bags, who=Seats(tuple(seats)), bags=Number(result.bags)))
        shown = (result.contract if result.bid >= 0 and bidders else 0) + (result.nil if nils else 0)
        if parts > 1 or points[seats[0]] != shown:
            lines.append(clause("example.total", who=Seats(tuple(seats)), points=Points(points[seats[0]])))
    return tuple(lines)


def examples(rules: Ruleset) -> list[Example]:
    found: list[Example | None] = [
        trump_order(rules),
        first_trick(rules),
        lead_restriction(rules),
        partner_winning(rules),
    ]
    bids = bid_deal(rules)
    if bids is not None:
        found += [bidding_example(rules, bids), scoring_example(rules, bids)]
    return [e for e in found if e is not None]
