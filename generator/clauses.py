"""Ruleset -> rule clauses: what a rule page says, as data, before any language.

A :class:`Clause` is a kind (a key of :data:`generator.phrases.PHRASES`) and
typed parameters (:mod:`generator.terms`); :mod:`generator.phrases` turns it
into a sentence in a language. Clauses come in sections, in the order a player
needs them. Comparing two rulesets' clauses gives the "compared with ..." list
of a house rule's page.

This module states the base game: the players, the deck, the deal, passing,
bids and calls, the rules of play, the cards' points, bids scored, the end. Each
mechanism of :mod:`referee.mechanisms` says its own clauses from its page
module (:mod:`generator.mechanisms`): the section functions ask the registry at
fixed places among the base game's clauses (``page.add``, ``page.instead``), and
never a mechanism by name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from referee import Ruleset
from referee.bidding import TrickBids
from referee.cards import lowest
from referee.mechanisms import bags
from referee.playing import FirstTrickLimit, LeadRestriction, PlayRule
from referee.scoring import ContractPoints
from referee.tables import Round

from . import mechanisms as page
from .terms import (
    Bid,
    Cards,
    Clause,
    Deals,
    Number,
    Numbers,
    Parts,
    Points,
    Ranks,
    Said,
    Seats,
    Series,
    anchor,
    card_values,
    cards,
    clause,
    deal_total,
    declarer_games,
    eyes,
    ladder,
    pack_rank,
    patterns,
    penalty,
    ranks_by_strength,
    ranks_high_to_low,
    ranks_in_play,
    values_list,
)

# What the pages, the worked examples and the tests read from here of the vocabulary in generator.terms (below
# the mechanisms' page modules, which use it too).
__all__ = [
    "Bid",
    "Cards",
    "Clause",
    "Number",
    "Parts",
    "Points",
    "Said",
    "Seats",
    "anchor",
    "cards",
    "clause",
    "declarer_games",
    "eyes",
    "ladder",
    "patterns",
    "penalty",
    "ranks_by_strength",
]


@dataclass(frozen=True)
class Section:
    key: str  # overview, deal, passing, bidding, play, scoring, end
    clauses: tuple[Clause, ...]


SECTION_KEYS = ("overview", "ranks", "deal", "passing", "bidding", "play", "scoring", "end")
#: The normal game's trumps and the cards' order, where the games declared before play refer to them (Doppelkopf's
#: solos: "the highest trumps stay those of the normal game"): a section of their own right after the pack, as a
#: German rule book ranks the cards (DDV TSR 2.3; an r40 reader found the solos used the order before it was given).
#: The clause that says the normal game is such a game (``.normal``) decides it; the play keeps the rest.
RANK_KINDS = ("play.trump-fixed.normal", "play.promoted")


def _deck_clauses(rules: Ruleset) -> list[Clause]:
    """What the deck is: the pack, its size and ranks, the copies of each card, the order of the ranks."""
    deck = rules.deck
    pack = deck.pack
    size = rules.full_deck.bit_count()
    suits = tuple(s for s in deck.suits if s in rules.deck_suits)
    out = []
    if deck.copies > 1:
        # one sentence, so that the ranks listed are seen to be one set of the copies: a reader counted "48 cards:
        # ace, ten, king, queen, jack and nine in each of the four suits" and doubled it again
        sets = {"set": Number(size // deck.copies), "copies": Number(deck.copies, "count")}
        ranks = Ranks(ranks_by_strength(rules), pack)
        suit_count = Number(len(suits), "count")
        out.append(clause("deck.short.copies", deck.copies, size=Number(size), ranks=ranks, suits=suit_count, **sets))
    elif pack == "italian":
        ranks = Ranks(ranks_in_play(rules), pack)
        out.append(clause("deck.italian", size, size=Number(size), ranks=ranks, suits=cards(rules, suits, "plural")))
    elif size == 52:
        out.append(clause("deck.standard"))
    elif piquet(rules):  # the same sentence, where a language names the pack (Dutch "piketspel")
        ranks = Ranks(ranks_by_strength(rules), pack)
        out.append(clause("deck.piquet", size=Number(size), ranks=ranks, suits=Number(len(suits), "count")))
    else:
        # Listed as the game ranks them in a plain suit (Skat, Doppelkopf, Klaverjassen: Ass, Zehn, König, ...),
        # the order its players name the cards in; the pack's own order where the game keeps it.
        ranks = Ranks(ranks_by_strength(rules), pack)
        out.append(clause("deck.short", size, size=Number(size), ranks=ranks, suits=Number(len(suits), "count")))
    if rules.trump_kind == "bid" and rules.bowers:
        return out  # the trump order is its own clause in play
    by_strength = ranks_by_strength(rules)
    kind = "deck.order" if by_strength != ranks_high_to_low(rules) else "deck.rank-order"
    if by_strength != ranks_by_strength(rules, trump=True):
        # the trump suit ranks otherwise (said in play): "in each suit" read as contradicting it (a Dutch reader)
        kind = "deck.plain-order"
    # a mechanism that changes the order (promoted trumps, a game declared) says it later, in play
    return out + page.instead("deck.order", rules, [clause(kind, ranks=Ranks(by_strength, pack))])


def piquet(rules: Ruleset) -> bool:
    """Whether the deck is a piquet pack: the 32 French cards from seven to ace, one of each."""
    deck = rules.deck
    return (
        deck.pack == "french"
        and deck.copies == 1
        and len(rules.deck_suits) == 4
        and set(ranks_in_play(rules)) == set("789TJQKA")
        and rules.full_deck.bit_count() == 32
    )


def overview(rules: Ruleset) -> list[Clause]:
    counts = rules.player_counts
    out = []
    if len(counts) == 1:
        out.append(clause("players.fixed", counts[0], count=Number(counts[0], "count")))
    else:
        out.append(clause("players.choice", max(counts), counts=Numbers(counts), usual=Number(rules.default_players)))
    if rules.teams_kind == "opposite":
        out.append(clause("players.partners"))
    out.extend(page.add("overview.players", rules))
    out.extend(_deck_clauses(rules))
    out.append(goal(rules))
    return out


def goal(rules: Ruleset) -> Clause:
    """The aim of the game: a mechanism's that sets one (a game value's, a party game's, a book's), else the base
    game's."""
    return page.instead("goal", rules, [_goal(rules)])[0]


def _goal(rules: Ruleset) -> Clause:
    teams = rules.score_teams != "individual"
    if rules.trick_rows:
        return clause("goal.make-tricks")
    if rules.bid_scoring is not None:
        return clause("goal.bid-tricks.teams" if rules.score_teams == "shared" else "goal.bid-tricks")
    if penalty(rules):
        return clause("goal.avoid-points.teams" if teams else "goal.avoid-points")
    return clause("goal.take-points.teams" if teams else "goal.take-points")


def schedule_legs(sizes: tuple[int, ...]) -> list[tuple[str, int]]:
    """A schedule's hand sizes after the first as legs: ("up", 12), ("down", 1), ("again", 1)."""
    legs: list[tuple[str, int]] = []
    for a, b in pairwise(sizes):
        kind = "again" if a == b else "up" if b > a else "down"
        if kind != "again" and legs and legs[-1][0] == kind:
            legs[-1] = (kind, b)
        else:
            legs.append((kind, b))
    return legs


def schedules(rules: Ruleset) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The expanded hand-size schedules and the player counts that deal each, fewest players first."""
    by_sizes: dict[tuple[int, ...], list[int]] = {}
    for n in rules.player_counts:
        by_sizes.setdefault(rules.layout(n).schedule, []).append(n)
    return sorted(((sizes, tuple(counts)) for sizes, counts in by_sizes.items()), key=lambda kv: kv[1])


def _schedule(rules: Ruleset) -> list[Clause]:
    groups = schedules(rules)
    out = []
    for sizes, counts in groups:
        if len(sizes) == 1:
            extra: dict[str, Any] = {"players": Numbers(counts)} if len(groups) > 1 else {}
            out.append(
                clause(
                    "deal.hand.players" if extra else "deal.hand", sizes[0], cards=Number(sizes[0], "count"), **extra
                )
            )
            continue
        legs = Parts(tuple(clause(f"part.{kind}", cards=Number(to)) for kind, to in schedule_legs(sizes)))
        params: dict[str, Any] = {"cards": Number(sizes[0]), "legs": legs, "deals": Deals(len(sizes), scheduled=True)}
        if len(groups) > 1:
            out.append(clause("deal.schedule.players", sizes[0], players=Numbers(counts), **params))
        else:
            out.append(clause("deal.schedule", sizes[0], **params))
    return out


def deal(rules: Ruleset) -> list[Clause]:
    out = []
    # Who deals first, then shuffling and cutting, then the deal itself: the order a table follows (a Dutch
    # reader found the first dealer's lot after the dealing). The player on the side the deal does not go to cuts.
    if rules.first_dealer == "random":
        out.append(clause("deal.first-dealer-random"))
    if rules.rotation:
        out.append(clause("deal.shuffle-cut-right" if rules.rotation == 1 else "deal.shuffle-cut-left"))
    hand_size = rules.hand_size
    if rules.schedule:
        out.extend(_schedule(rules))
    elif hand_size == "all":
        layout = rules.layout(rules.default_players)
        out.append(clause("deal.all", layout.hand_size, cards=Number(layout.hand_size, "count")))
    else:
        out.append(clause("deal.hand", hand_size, cards=Number(hand_size, "count")))
    # cards dealt to nobody between the packets (Skat's "3, skat, 4, 3"): said with them
    out.extend(page.instead("deal.packets", rules, [_packets(rules)]))
    for n in rules.player_counts:
        removed = rules.removed(n)
        if removed and rules.schedule:
            out.append(
                clause("deal.remove-only", n, players=Number(n), cards=cards(rules, patterns(rules, removed), "a"))
            )
        elif removed:
            hand = rules.layout(n).hand_size
            out.append(
                clause(
                    "deal.remove",
                    hand,
                    players=Number(n),
                    cards=cards(rules, patterns(rules, removed), "a"),
                    hand=Number(hand),
                )
            )
    out.extend(page.add("deal.cards", rules))
    if ladder(rules):
        out.append(clause("deal.positions"))
    if rules.upcard:
        # where the turned card makes trump (Oh Hell, Boerenbridge), the deal says so with it (trump.kind upcard
        # needs deal.upcard), and play does not say it again (a Dutch reader: "dit is de open kaart" named a card
        # whose point came only later)
        out.append(clause("deal.upcard-trump" if rules.trump_kind == "upcard" else "deal.upcard"))
    if rules.trump_kind == "dealer-last-card":
        out.append(clause("deal.dealer-last-card"))
    rotation = {1: "deal.rotation-left", -1: "deal.rotation-right", 0: "deal.rotation-none"}[rules.rotation]
    out.extend(page.instead("deal.rotation", rules, [clause(rotation)]))
    return out


def _packets(rules: Ruleset) -> Clause:
    """How the cards go round: in packets, or one at a time."""
    if rules.packets and len(set(rules.packets)) == 1:  # rounds of the same packet ("viermal je drei Karten")
        rounds = len(rules.packets)
        return clause(
            "deal.packets-rounds", rounds, rounds=Number(rounds, "count"), size=Number(rules.packets[0], "count")
        )
    if rules.packets:
        return clause("deal.packets", packets=Numbers(tuple(rules.packets), style="standard"))
    return clause("deal.one-by-one")


def passing(rules: Ruleset) -> list[Clause]:
    """Cards passed before play: said by the passing's page module."""
    return page.add("passing", rules)


def bid_range(rules: Ruleset, spec: TrickBids) -> tuple[int, int | None]:
    """The lowest and highest number of tricks a player may bid; None for "the cards in hand" where hands vary."""
    sizes: set[int] = set()
    for n in rules.player_counts:
        layout = rules.layout(n)
        sizes |= set(layout.schedule) or {layout.hand_size}
    if len(sizes) > 1:
        return spec.low, spec.high if spec.high >= 0 else None
    return spec.low, spec.top(max(sizes))


def _trick_bid_clauses(rules: Ruleset, spec: TrickBids, rnd: Round) -> list[Clause]:
    low, high = bid_range(rules, spec)
    kind = "bid.tricks.declarer" if rnd.starts == "declarer" else "bid.tricks"
    if high is None:
        out = [clause(kind + ".hand", low=Number(low))]
    else:
        out = [clause(kind, low=Number(low), high=Number(high))]
    if spec.declarer_min:
        out.append(clause("bid.declarer-min"))
    if spec.nil:
        out.append(clause("bid.nil"))
    if spec.blind_nil:
        out.append(clause("bid.blind-nil"))
    out.extend(page.add("bid.tricks", rules))
    if rules.score_teams == "shared":
        out.append(clause("bid.side"))
    if spec.side_max:
        out.append(clause("bid.side-max", spec.side_max, tricks=Number(spec.side_max)))
    return out


def _contract_clauses(rules: Ruleset, rnd: Round, last: bool) -> list[Clause]:
    """An auction of contracts; ``last``: no round of trick bids follows, so the contract is the bid."""
    sizes: set[int] = set()
    for n in rules.player_counts:
        layout = rules.layout(n)
        sizes |= set(layout.schedule) or {layout.hand_size}
    deck = rules.deck
    suits = cards(rules, tuple(s for i, s in enumerate(deck.suits) if deck.suit_masks[i] & rules.full_deck), "plural")
    if rnd.high < 0 and len(sizes) > 1:  # "up to the cards in hand": hands differ from deal to deal
        out = [clause("bid.contract.hand", low=Number(rnd.low), suits=suits)]
    else:
        high = min(sizes) if rnd.high < 0 else min(rnd.high, max(sizes))
        out = [clause("bid.contract", low=Number(rnd.low), high=Number(high), suits=suits)]
    if rnd.no_trump:
        out.append(clause("bid.contract-no-trump"))
    out.append(clause("bid.contract-end"))
    if last:
        out.append(clause("bid.contract-make" if rules.teams_kind == "opposite" else "bid.contract-make.alone"))
    return out


def bidding(rules: Ruleset) -> list[Clause]:
    out = page.add("bid.before-rounds", rules)
    for i, rnd in enumerate(rules.bidding_rounds):
        spec = rules.trick_bids[i]
        if spec is not None:
            out.extend(_trick_bid_clauses(rules, spec, rnd))
        elif rnd.kind == "contract":
            out.extend(_contract_clauses(rules, rnd, last=i == len(rules.bidding_rounds) - 1))
        elif rnd.kind == "order-up":
            out.append(clause("bid.order-up"))
            out.append(clause("bid.discard-any" if rules.may_discard_upcard else "bid.discard-not-upcard"))
        elif rnd.kind == "ladder":
            out.append(clause("bid.ladder"))
            out.append(clause("bid.ladder-then", lowest=Number(rnd.values[0])))
            out.append(clause("bid.ladder-first", lowest=Number(rnd.values[0])))
            shown = tuple(v for v in rnd.values if v <= LADDER_SHOWN)
            out.append(clause("bid.ladder-values", values=Series(shown), top=Number(rnd.values[-1])))
        elif rnd.first_must_call and i:  # a round only to force the call: said in one sentence
            out.append(clause("bid.dealer-must-call" if rnd.starts == "dealer" else "bid.first-must-call"))
        else:
            kind = "bid.call-except-turned" if rnd.exclude_turned_down and rules.upcard else "bid.call-any"
            if not i and rnd.starts == "dealer":
                kind += ".dealer"
            out.append(clause(kind if i else kind + ".first"))
            if rnd.no_trump:
                out.append(clause("bid.call-no-trump"))
            if rnd.stick_the_dealer:
                out.append(clause("bid.stick-the-dealer"))
            if rnd.first_must_call:
                out.append(clause("bid.first-may-not-pass"))
    out.extend(page.add("bid.after-rounds", rules))
    if any(rnd.kind == "contract" for rnd in rules.bidding_rounds):
        out.append(clause("bid.contract-all-pass"))
    elif rules.bids_for_trump and not rules.bidding_rounds[-1].forces_a_call:
        out.append(clause("bid.all-pass-redeal"))
    if any(rnd.kind in ("order-up", "call") for rnd in rules.bidding_rounds):
        out.append(clause("bid.makers"))
    if rules.alone in ("maker", "maker-and-defender"):
        out.append(clause("bid.alone-maker"))
    if rules.alone == "maker-and-defender":
        out.append(clause("bid.alone-defender"))
    return out


#: The ladder's values a page lists, up to this one (then "and so on up to" its highest).
LADDER_SHOWN = 72


def play(rules: Ruleset) -> list[Clause]:
    """The rules of play as the engine compiled them (:mod:`referee.playing`), each stated by its clause kind."""
    setup = rules.setup(rules.default_players, rules.trump_suit)
    components: list[PlayRule] = []
    for rule in [*setup.lead, *setup.follow]:  # a rule may both filter leads and follows: state it once
        if all(rule is not known for known in components):
            components.append(rule)
    components.sort(key=lambda rule: PLAY_ORDER.index(rule.clause))
    out: list[Clause] = []
    if not any(rule.clause == "play.lead-card" for rule in components):  # a seat leads, with any card
        out.extend(page.instead("play.lead", rules, [clause(f"play.lead-{rules.opening_by}")]))
    for rule in components:
        out.extend(PLAY_CLAUSES[rule.clause](rules, rule))
    held = next((rule for rule in components if isinstance(rule, LeadRestriction)), None)
    if held is not None:
        out.append(
            clause("play.fallback.breaks", cards=cards(rules, patterns(rules, held.restriction.cards), "plural"))
        )
    elif any(rule.clause == "play.first-trick" for rule in components):
        out.append(clause("play.fallback"))
    for mode in ("no-points-left", "leader-takes-rest"):
        if mode in rules.end_early:
            out.append(clause(f"play.end-early.{mode}"))
    out.extend(page.add("play.during", rules))
    return out


def _follow_clauses(rules: Ruleset, rule: PlayRule) -> list[Clause]:
    """Following suit, and what wins a trick: trump or the suit led."""
    # where the game a player declares decides the trumps (Skat), it says them
    return page.instead("play.trumps", rules, _trumps(rules))


def _trumps(rules: Ruleset) -> list[Clause]:
    """Following suit, the trumps, their order and the duties to play them, where the trumps are the ruleset's."""
    # With trump duties a player who cannot follow is not free: those rules say what they must do.
    out = page.instead("play.follow", rules, [clause("play.follow")])
    if rules.trump_kind == "none":
        out.append(clause("play.no-trump"))
        out.append(clause("play.winner-no-trump"))
        return out
    if rules.trump_kind == "fixed":
        # with contracts of other trumps (Doppelkopf's solos), the fixed suit is the normal game's
        suit = cards(rules, (rules.deck.suits[rules.trump_suit or 0],), "plural")
        out.extend(page.instead("play.trump-fixed", rules, [clause("play.trump-fixed", suit=suit)]))
    elif rules.trump_kind == "dealer-last-card":
        out.append(clause("play.trump-dealer-last-card"))
    # trump chosen in the bidding: the bidding's own section says who names it (a Dutch reader found "De gekozen
    # kleur is troef." said again, out of place, among the duties of play)
    out.append(clause("play.winner-trump"))
    trumps = ranks_by_strength(rules, trump=True)
    if rules.bowers:
        out.append(clause("play.bowers"))
        ranks = tuple(r for r in trumps if r != "J")
        out.append(clause("play.trump-order", ranks=Ranks(ranks, rules.deck.pack)))
    else:  # promoted trumps say the order with the cards above the trump suit
        own = [clause("play.trump-rank-order", ranks=Ranks(trumps, rules.deck.pack))]
        out.extend(page.instead("play.trump-order", rules, own if trumps != ranks_by_strength(rules) else []))
    return out + page.add("play.duties", rules)


def _first_trick_clauses(rules: Ruleset, rule: PlayRule) -> list[Clause]:
    assert isinstance(rule, FirstTrickLimit)
    return [clause("play.first-trick", cards=cards(rules, patterns(rules, rule.forbid), "a", "or"))]


def _restriction_clauses(rules: Ruleset, rule: PlayRule) -> list[Clause]:
    assert isinstance(rule, LeadRestriction)
    r = rule.restriction
    out = [
        clause(
            "play.lead-restriction",
            cards=cards(rules, patterns(rules, r.cards), "plural"),
            breakers=cards(rules, patterns(rules, r.broken_by), "a", "or"),
        )
    ]
    if r.lift_if_only:
        out.append(
            clause(
                "play.lead-lift",
                cards=cards(rules, patterns(rules, r.cards), "plural"),
                others=cards(rules, patterns(rules, r.lift_if_only), "plural"),
            )
        )
    # cardgames.io, Hearts says outright that Q♠ may always be led and does
    # not break hearts; the Pagat-style rules for 3-7 players (the source of
    # hearts-classic) that it breaks them. State it for the costliest
    # scoring card the restriction leaves free.
    layout = rules.layout(rules.default_players)
    free = [c for c in layout.cards if layout.points[c] > 0 and not r.cards >> c & 1]
    if free:
        top = max(free, key=lambda c: layout.points[c])
        kind = "play.may-lead-breaks" if r.broken_by >> top & 1 else "play.may-lead-not-break"
        out.append(
            clause(
                kind,
                card=cards(rules, (rules.deck.codes[top],), "a"),
                cards=cards(rules, patterns(rules, r.cards), "plural"),
            )
        )
    return out


def _opening(rules: Ruleset, rule: PlayRule) -> list[Clause]:
    """The holder of the lowest card of a suit leads: which card, per number of players."""
    openers = {
        n: rules.deck.codes[lowest(rules.full_deck & ~rules.removed(n) & rules.deck.suit_masks[rules.opening_suit])]
        for n in rules.player_counts
    }
    usual = openers[rules.default_players]
    kind = {"that-card": "play.lead-card", "that-suit": "play.lead-card-suit", "any": "play.lead-card-any"}
    out = [clause(kind[rules.opening_must], card=cards(rules, (usual,), "a"))]
    for n, card in sorted(openers.items()):
        if card != usual:
            out.append(
                clause(
                    "play.lead-card-players",
                    n,
                    players=Number(n),
                    removed=cards(rules, (usual,), "a"),
                    card=cards(rules, (card,), "a"),
                )
            )
    return out


#: How the page states each rule of play (see each component's ``clause``), and in what order.
PLAY_CLAUSES: dict[str, Callable[[Ruleset, PlayRule], list[Clause]]] = {
    "play.lead-card": _opening,
    "play.follow": _follow_clauses,
    "play.first-trick": _first_trick_clauses,
    "play.lead-restriction": _restriction_clauses,
    # The trump duties are stated with following suit (_follow_clauses asks the place play.duties), from their
    # settings (generator.mechanisms.trumping): a trump chosen in the bidding is not known when the page is
    # made, and the duties hold for every trump.
    "play.trumping": lambda rules, rule: [],
}
PLAY_ORDER = tuple(PLAY_CLAUSES)


def scoring(rules: Ruleset) -> list[Clause]:
    out: list[Clause] = []
    pen = penalty(rules)
    out.extend(page.instead("score.values", rules, _rank_points(rules)))  # the trump suit's worth more: two lists
    spec = rules.card_points.by_pattern
    face = "score.suit-face" if rules.deck.pack == "french" else f"score.suit-face.{rules.deck.pack}"
    for key in sorted(spec, key=lambda k: (len(k), k)):
        value = spec[key]
        if len(key) == 1:
            if value == "face":
                out.append(clause(face, suit=cards(rules, (key,), "each")))
            elif value:
                out.append(clause("score.suit", suit=cards(rules, (key,), "each"), points=Points(value, pen)))
    for key, points in card_values(rules):
        kind = "score.card" if points > 0 else "score.card-bonus"
        # the card by the name its players give it, where it has one (Italian "la donna di picche (la «Peppa»)")
        out.append(clause(kind, card=cards(rules, (key,), "named"), points=Points(abs(points), pen)))
    out.extend(page.add("score.cards", rules))
    total = deal_total(rules)
    if total and not rules.trick_rows:
        said = [clause("score.total", total, points=Points(total, pen, eyes(rules)))]
        out.extend(page.instead("score.total", rules, said))  # roem: the total is without it
    out.extend(page.add("score.deal", rules))
    if rules.no_tricks_bonus:
        out.append(clause("score.no-tricks", points=Points(rules.no_tricks_bonus, pen)))
    if rules.trick_rows:
        out.append(clause("score.table"))
    if rules.score_teams == "shared" and not rules.trick_rows:
        out.append(clause("score.teams-shared"))
    if rules.score_teams == "summed":
        out.append(clause("score.teams-summed"))
    out.extend(_bid_scoring(rules))
    out.extend(page.add("score.end", rules))
    return out


def _rank_points(rules: Ruleset) -> list[Clause]:
    """``scoring.rank_points``: every rank with its points in one list, from the highest in a trick, the
    ranks worth nothing too ("ace 11, ten 10, king 4, queen 3, jack 2, nine 0")."""
    by_rank = {pack_rank(r): v for r, v in rules.card_points.by_rank.items()}
    values = {rank: by_rank.get(rank, 0) for rank in ranks_by_strength(rules)}
    if not any(values.values()):
        return []
    if list(values.values()).count(0) == 1:  # one rank worth nothing is named (Doppelkopf's nine 0)
        return [clause("score.rank-values", values=values_list(rules, values, zeros=True))]
    return [clause("score.rank-values.others", values=values_list(rules, values))]


CONTRACT_PARTS = ("per_bid", "per_trick", "per_overtrick", "per_trick_off")


def contract_parts(points: ContractPoints) -> Parts:
    """Every non-zero component of a contract's points, as phrases ("nothing" when all are zero)."""
    items: list[Any] = [Points(points.base)] if points.base else []
    for name in CONTRACT_PARTS:
        value = getattr(points, name)
        if value:
            items.append(clause("part." + name.replace("_", "-"), points=Points(value)))
    return Parts(tuple(items) or (clause("part.nothing"),))


def _bid_scoring(rules: Ruleset) -> list[Clause]:
    scoring = rules.bid_scoring
    if scoring is None:
        return []
    out = [clause("score.made-exactly" if scoring.exactly else "score.made-at-least")]
    made = scoring.made
    if made.base and any(getattr(made, name) for name in CONTRACT_PARTS):
        # "5 points plus 2 for each trick taken", not "5 points and 2 points ..." (issue 19)
        rest = contract_parts(ContractPoints(0, made.per_bid, made.per_trick, made.per_overtrick, made.per_trick_off))
        out.append(clause("score.made-points-plus", base=Points(made.base), points=rest))
    else:
        out.append(clause("score.made-points", points=contract_parts(made)))
    out.append(clause("score.set-points", points=contract_parts(scoring.set)))
    spec = rules.trick_round
    if spec is None:  # an auctioned contract is the only bid
        return out
    if spec.nil:
        out.append(clause("score.nil", made=Points(scoring.nil_made), set=Points(scoring.nil_set)))
    if spec.blind_nil:
        out.append(clause("score.blind-nil", made=Points(scoring.blind_made), set=Points(scoring.blind_set)))
    if spec.nil or spec.blind_nil:
        # What a nil bidder's tricks do: for the partner's bid, and as overtricks.
        teams = rules.score_teams == "shared"
        overtricks = bags.counts(rules) or bool(scoring.made.per_overtrick)
        mode = scoring.nil_tricks
        if mode == "bags" and not overtricks:
            mode = "ignored"
        if teams or (overtricks and mode != "contract"):
            out.append(clause(f"score.nil-tricks-{mode}" + (".teams" if teams else "")))
    return out + page.add("score.bids", rules)


def end(rules: Ruleset) -> list[Clause]:
    """When the game ends and who wins: the game's own settings, said by their page module (game_end)."""
    return page.add("end", rules)


BUILDERS = {
    "overview": overview,
    "deal": deal,
    "passing": passing,
    "bidding": bidding,
    "play": play,
    "scoring": scoring,
    "end": end,
}


def sections(rules: Ruleset) -> list[Section]:
    """The rule page's sections, in order, leaving out empty ones."""
    built = {key: tuple(BUILDERS[key](rules)) for key in SECTION_KEYS if key in BUILDERS}
    if any(c.kind == RANK_KINDS[0] for c in built["play"]):  # the ranks move ahead of the games that use them
        built["ranks"] = tuple(c for c in built["play"] if c.kind.startswith(RANK_KINDS))
        built["play"] = tuple(c for c in built["play"] if not c.kind.startswith(RANK_KINDS))
    return [Section(key, built[key]) for key in SECTION_KEYS if built.get(key)]


def differences(rules: Ruleset, base: Ruleset) -> tuple[list[Clause], list[Clause]]:
    """Clauses this ruleset adds or changes, and the base's clauses that no longer hold."""
    mine = [c for s in sections(rules) for c in s.clauses]
    theirs = [c for s in sections(base) for c in s.clauses]
    added = [c for c in mine if c not in theirs]
    dropped = [c for c in theirs if c not in mine]
    return added, dropped


def trick_table_rows(rules: Ruleset) -> list[Clause]:
    """The rows of a makers/defenders table, as clauses (result, points)."""
    rows = []
    for row in rules.trick_rows:
        won = tuple(sorted(row.won))
        who: str = row.side
        if row.alone:
            who += "-alone"
        if row.lone_defender:
            who += "-lone-defender"
        rows.append(clause(f"table.{who}", max(won), tricks=Numbers(won)))
    return rows


def trick_table_points(rules: Ruleset) -> list[Clause]:
    return [clause(f"table.points-{row.side}", row.points, points=Number(row.points)) for row in rules.trick_rows]
