"""Property tests over random deals and games of every bundled ruleset.

Hypothesis draws a bundled ruleset and a player count it allows, a deal number
(so that every pass direction of the cycle comes up), a seed and a list of
choice indices. ``Game(rules, players=n, seed=seed).new_deal(number=number)``
is then played to the end with the checked ``deal.apply``: at step ``k`` the
action is ``legal[i % len(legal)]`` where ``i`` is the k-th index (0 once the
list runs out). A :class:`DealChecker` asserts at every step:

- ``legal_actions()`` is non-empty until the phase is ``done``;
- the legal actions are exactly what the rules allow: in ``play`` a subset of
  the hand of ``deal.to_act`` that follows the led effective suit when the
  seat can, respects the opening lead, the first-trick limits and the lead
  restrictions; in ``pass`` and ``discard`` the cards of the hand; in ``bid``
  the bidding words of the round; in ``choose`` the two moon words;
- every card (or word) not in ``legal_actions()`` raises ``IllegalAction``
  and leaves the deal unchanged;
- cards are conserved: hands, finished tricks, the current trick, the stock,
  the discards (and the cards handed out when a deal ends early) are the deck
  for that player count, with no card in two places;
- every finished trick has one card from each active seat in clockwise order
  from its leader, the winner the rules give (highest trump, else highest card
  of the led effective suit), and the winner leads the next trick.

At the end it asserts the points of every seat and their total, worked out by
hand from each ruleset file (see ``DECK_POINTS`` and ``MOON_TOTALS``).

Rulesets that bid tricks (Spades, Oh Hell, Boerenbridge) and Whist get more:

- the hand size is the one the deal number picks from ``deal.schedule``
  (turning points expanded one card at a time, ``max`` the most each player can
  be dealt, one card fewer in all when a card is turned up), else
  ``deal.hand_size``;
- trump is the fixed suit, the upcard's suit, or (``dealer-last-card``) the
  suit of the last card dealt, which stays in the dealer's hand;
- in a ``tricks`` round each seat bids once from the dealer's left, and the
  legal bids are exactly ``bid N`` for N from ``min`` to ``max`` (``hand``: the
  hand size; a number is capped at the hand size; with ``side_max``, at most
  ``side_max`` minus the partner's number bid), then ``nil`` and
  ``blind-nil`` where allowed, without the number (or nil, which counts as 0)
  that would make the bids add up to the tricks of the deal for the last
  bidder under the hook rule;
- the points are the contract (made at least or exactly; ``made_points`` or
  ``set_points``: base plus each count times its points), nil and blind nil,
  overtricks carried as bags with ``bags.points`` at every ``bags.every``, and
  the book (each trick of a side over ``book.tricks``), worked out from the
  bids and the tricks by :func:`bid_points`.

Two house rules (``HOUSE_RULES``) add the bid options no bundled ruleset uses:
``side_max``, and nil and blind nil under the hook with an integer ``max``.

The whole-game property plays games between ``referee.bots.choose`` and
asserts that they end within ``MAX_DEALS`` deals, that the game ends exactly
when its rules say (target, floor, number of deals, the schedule's last deal),
and that the winners are the seats of the best side. For the bidding rulesets
it recomputes every deal's points and the bags each side carries, deal by
deal, from the bids and the tricks.

The oracles (legal plays, trick winners, the pass exchange, the points, the
end of the game) are derived from the README and the ruleset files (the merged
YAML with the schema's defaults, :func:`written`), not from the engine's
compiled tables. Only
``layout.points``, the card-point table, is read from the engine, and its
totals are checked against the hand-worked ``DECK_POINTS``; the follow-suit
assertion also reads ``deal.table.eff_suit`` directly.
"""

from __future__ import annotations

import itertools
import random
import tempfile
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import Deal, Game, IllegalAction, Ruleset, load_ruleset
from referee.bots import choose
from referee.cards import CODE_INDEX, CODES, RANKS, SUITS
from referee.loader import bundled_ids
from referee.mechanisms import moon
from referee.ruleset import with_defaults

# The oracles here know the pack's own rank order, following suit and card points by card; the
# bundled rulesets that need more are checked elsewhere, against sources of their own.
BEYOND_THE_ORACLES = {
    # rank orders of their own, trump duties, trump-dependent card values, roem and nat:
    # tests/test_trumping.py, tests/test_klaverjassen.py (600 deals against a calculator of its own), perft
    "klaverjassen",
    "klaverjassen-rotterdam",
    # promoted trumps in two copies, parties by the queens of clubs, announcements, the game value:
    # tests/test_doppelkopf.py (300 deals against the worked rows' calculator), tests/test_party_game.py, perft
    "doppelkopf",
    "doppelkopf-ohne-neunen",
    # the skat, the Reizen, the declared game's trumps and rank order, the game value:
    # tests/test_skat.py (600 deals against the worked rows' calculator), tests/test_ladder.py, perft
    "skat",
    "skat-four",
}
IDS = [rid for rid in bundled_ids() if rid not in BEYOND_THE_ORACLES]


# House rules for the bid options no bundled ruleset uses: a cap on the partners' bids
# together (with nil, so that a seat always has a bid), and nil and blind nil under the hook.
HOUSE_RULES = {
    "side-cap": """
id: side-cap
extends: spades-blind-nil
title: Partners bid at most 13 together
bidding:
  rounds:
    - kind: tricks
      min: 1
      max: 13
      nil: true
      blind_nil: true
      side_max: 13
""",
    "nil-oh-hell": """
id: nil-oh-hell
extends: oh-hell
title: Oh Hell with nil and blind nil, bids up to 2, hands of 1 to 3
deal:
  schedule: [1, 3, 1]
bidding:
  rounds:
    - kind: tricks
      max: 2
      hook: true
      nil: true
      blind_nil: true
scoring:
  nil: {made: 30, set: -30, blind_made: 60, blind_set: -60, tricks: ignored}
""",
}
_HOUSE_DIR = tempfile.TemporaryDirectory(prefix="trickbook-house-")


@cache
def rules_for(rid: str) -> Ruleset:
    if rid in HOUSE_RULES:
        path = Path(_HOUSE_DIR.name, f"{rid}.yaml")
        path.write_text(HOUSE_RULES[rid], encoding="utf-8")
        return load_ruleset(path)
    return load_ruleset(rid)


CASES = [(rid, n) for rid in IDS for n in rules_for(rid).player_counts]
HOUSE_CASES = [(rid, n) for rid in HOUSE_RULES for n in rules_for(rid).player_counts]

MAX_DEALS = 200  # a generous bound on the deals of one game between the bots

# The points of the whole deck, worked out by hand from each file's scoring.points.
DECK_POINTS = {
    "black-maria": 43,  # 13 hearts, Q♠ 13, K♠ 10, A♠ 7 (the 2♣ removed for three changes nothing)
    "hartenjagen": 26,  # 13 hearts and Q♠ 13, as hearts
    "hearts": 26,
    "hearts-bga": 26,
    "hearts-classic": 26,  # every removal for 3, 5, 6, 7 players is a club or a diamond
    "omnibus-hearts": 16,  # 26, and the J♦ -10
    "original-hearts": 13,  # only hearts score
    "partnership-hearts": 26,
    "reverse-hearts": 26,
    "spot-hearts": 129,  # hearts 2 + 3 + ... + 14 = 104, Q♠ 25
    # No card scores points of its own: the points come from bids and tricks.
    "boerenbridge": 0,
    "cutthroat-spades": 0,
    "oh-hell": 0,
    "oh-hell-no-hook": 0,
    "spades": 0,
    "spades-blind-nil": 0,
    "spades-no-nil": 0,
    "whist": 0,
    "side-cap": 0,
    "nil-oh-hell": 0,
}

# The moon of each file: its kind as written, and what it is worth to each
# other seat (the default value is the points of the required cards).
MOON_KIND = {
    "black-maria": "none",
    "euchre": "none",
    "hartenjagen": "old",
    "hearts": "old",
    "hearts-bga": "old",
    "hearts-classic": "choose",
    "omnibus-hearts": "old",
    "original-hearts": "none",
    "partnership-hearts": "old",  # with partner: exempt
    "reverse-hearts": "new",
    "spot-hearts": "old",
    "boerenbridge": "none",
    "cutthroat-spades": "none",
    "oh-hell": "none",
    "oh-hell-no-hook": "none",
    "spades": "none",
    "spades-blind-nil": "none",
    "spades-no-nil": "none",
    "whist": "none",
    "side-cap": "none",
    "nil-oh-hell": "none",
}
MOON_VALUE = {"spot-hearts": 129}  # the default: every heart and Q♠ at face value; else 26


def moon_total(rid: str, n: int, kind: str) -> int:
    """The total of points() after a moon of ``kind`` ("old" or "new"), by hand."""
    return MOON_TOTALS[rid, n, kind]


# Totals of points() when someone shoots the moon, worked out by hand:
# old moon: the shooter 0 (Omnibus: keeps the J♦'s -10), every other seat the
# moon's value (Partnership: the shooter's partner is exempt); new moon: the
# shooter -value, everybody else 0.
MOON_TOTALS = {
    ("hartenjagen", 4, "old"): 78,
    ("hearts", 4, "old"): 78,
    ("hearts-bga", 4, "old"): 78,
    ("hearts-classic", 3, "old"): 52,
    ("hearts-classic", 4, "old"): 78,
    ("hearts-classic", 5, "old"): 104,
    ("hearts-classic", 6, "old"): 130,
    ("hearts-classic", 7, "old"): 156,
    ("hearts-classic", 3, "new"): -26,
    ("hearts-classic", 4, "new"): -26,
    ("hearts-classic", 5, "new"): -26,
    ("hearts-classic", 6, "new"): -26,
    ("hearts-classic", 7, "new"): -26,
    ("omnibus-hearts", 4, "old"): 68,  # -10 + 3 * 26
    ("partnership-hearts", 4, "old"): 52,  # two opponents * 26
    ("reverse-hearts", 4, "new"): -26,
    ("spot-hearts", 4, "old"): 387,  # 3 * 129
}

SAME_COLOUR = {"C": "S", "S": "C", "D": "H", "H": "D"}
BID_WORDS = ("pass", "order-up", "call C", "call D", "call H", "call S", "alone", "partner", "old-moon", "new-moon")


# -- the rules as written ------------------------------------------------------


@cache
def written(rules: Ruleset) -> dict[str, Any]:
    """The ruleset's merged file with the schema's defaults filled in: what the oracles read."""
    return with_defaults(rules.doc.data)


def deck_codes(rules: Ruleset, n: int) -> list[str]:
    deck = written(rules)["deck"]
    removed = set(expand(rules, deck["remove"].get(str(n), []), None))
    return [str(r) + s for s in deck["suits"] for r in deck["ranks"] if str(r) + s not in removed]


def expand(rules: Ruleset, patterns: list[str], deck: list[str] | None) -> list[str]:
    """Card patterns (a suit ``H`` or a card ``QS``) as card codes."""
    out = []
    for p in patterns:
        if len(p) == 1:
            ranks = [str(r) for r in written(rules)["deck"]["ranks"]]
            out += [r + p for r in ranks]
        else:
            out.append(p)
    return [c for c in out if deck is None or c in deck]


def rank(code: str) -> int:
    return RANKS.index(code[0])


def eff_suit(code: str, trump: str | None, bowers: bool) -> str:
    if bowers and trump is not None and code[0] == "J" and code[1] == SAME_COLOUR[trump]:
        return trump
    return code[1]


def strength(code: str, trump: str | None, bowers: bool) -> int:
    if bowers and trump is not None and code[0] == "J":
        if code[1] == trump:
            return 100  # right bower
        if code[1] == SAME_COLOUR[trump]:
            return 99  # left bower
    return rank(code)


def trick_winner(plays: list[tuple[int, str]], trump: str | None, bowers: bool) -> int:
    """The highest trump wins, else the highest card of the led (effective) suit."""
    led = eff_suit(plays[0][1], trump, bowers)

    def key(code: str) -> tuple[int, int]:
        suit = eff_suit(code, trump, bowers)
        return (2 if suit == trump else 1 if suit == led else 0, strength(code, trump, bowers))

    return max(plays, key=lambda p: key(p[1]))[0]


def pass_cycle(rules: Ruleset, n: int) -> list[str]:
    passing = written(rules)["passing"]
    return list(passing["cycle_by_players"].get(str(n), passing["cycle"]))


def pass_offset(direction: str, n: int) -> int:
    return {"left": 1, "right": -1, "across": n // 2, "hold": 0}[direction]


def side_of(rules: Ruleset, seat: int, n: int) -> int:
    if written(rules)["players"]["teams"] == "opposite" and written(rules)["scoring"]["teams"] != "individual":
        return seat % (n // 2)
    return seat


# -- hand sizes, trick bids and their scores, as the schema describes them ---------------


def most_cards(rules: Ruleset, n: int) -> int:
    """The most cards each of ``n`` players can be dealt (one card fewer in all when one is turned up)."""
    return (len(deck_codes(rules, n)) - (1 if written(rules)["deal"]["upcard"] else 0)) // n


def schedule_sizes(rules: Ruleset, n: int) -> list[int]:
    """``deal.schedule`` deal by deal: one card at a time between turning points, each shared point once.

    A turning point written twice in a row is dealt twice; ``max`` is :func:`most_cards`.
    """
    turns = written(rules)["deal"].get("schedule") or []
    points = [most_cards(rules, n) if t == "max" else t for t in turns]
    sizes = points[:1]
    for a, b in itertools.pairwise(points):
        if a == b:
            sizes.append(b)
        elif b > a:
            sizes += list(range(a + 1, b + 1))
        else:
            sizes += list(range(a - 1, b - 1, -1))
    return sizes


def hand_size_of(rules: Ruleset, n: int, number: int) -> int:
    sizes = schedule_sizes(rules, n)
    if sizes:
        return sizes[number]
    size = written(rules)["deal"]["hand_size"]
    return len(deck_codes(rules, n)) // n if size == "all" else size


def trick_round(rules: Ruleset) -> dict | None:
    """The bidding round of kind ``tricks``, if the ruleset has one."""
    rounds = (written(rules).get("bidding") or {}).get("rounds", [])
    return next((r for r in rounds if r["kind"] == "tricks"), None)


def partner_of(rules: Ruleset, seat: int, n: int) -> int | None:
    return (seat + n // 2) % n if written(rules)["players"]["teams"] == "opposite" else None


def read_bid_word(word: str) -> tuple[int, str]:
    """``"bid 3"`` -> ``(3, "bid")``; ``"nil"`` -> ``(0, "nil")``; ``"blind-nil"`` -> ``(0, "blind-nil")``."""
    if word in ("nil", "blind-nil"):
        return 0, word
    head, number = word.split()
    assert head == "bid"
    return int(number), "bid"


def expected_trick_bids(
    spec: dict, hand_size: int, made: dict[int, tuple[int, str]], seat: int, partner: int | None, last: bool
) -> list[str]:
    """The legal bids of ``seat`` in a ``tricks`` round, in the documented order.

    ``made`` holds the bids already made this deal, by seat.
    """
    low = spec.get("min", 0)
    top = spec.get("max", "hand")
    high = hand_size if top == "hand" else min(top, hand_size)
    if spec.get("side_max") is not None and partner is not None:
        number, kind = made.get(partner, (0, "nil"))
        high = min(high, spec["side_max"] - (number if kind == "bid" else 0))
    forbidden = None
    if spec.get("hook", False) and last:
        forbidden = hand_size - sum(number for number, _ in made.values())
    words = [f"bid {k}" for k in range(low, high + 1) if k != forbidden]
    if forbidden != 0:  # a nil bid counts as 0 tricks
        words += [w for w, key in (("nil", "nil"), ("blind-nil", "blind_nil")) if spec.get(key, False)]
    return words


def contract_side(rules: Ruleset, seat: int, n: int) -> int:
    """The side a contract and a book are scored for: the partnership with ``scoring.teams: shared``."""
    return seat % (n // 2) if written(rules)["scoring"]["teams"] == "shared" else seat


def contract_value(table: dict, bid: int, tricks: int) -> int:
    """``base``, plus each of the others times its count (the schema's ``contract_points``)."""
    over = tricks - bid
    return (
        table.get("base", 0)
        + table.get("per_bid", 0) * bid
        + table.get("per_trick", 0) * tricks
        + table.get("per_overtrick", 0) * max(over, 0)
        + table.get("per_trick_off", 0) * abs(over)
    )


def bid_points(
    rules: Ruleset, n: int, bids: dict[int, tuple[int, str]], tricks: list[int], bags_before: dict[int, int]
) -> tuple[list[int], dict[int, int]]:
    """Each seat's points for bids and the book, and the bags each side carries on, from the schema.

    A side's contract is its members' number bids added up, made with at least
    (or exactly) that many tricks of those members; each nil bidder scores on
    its own. What a failed nil's tricks do follows ``nil.tricks``: ``bags``:
    they are overtricks (scored and carried like any other) when the side's
    contract is made, or when the side has no number bid; ``contract``: they
    count towards the side's bid (a side of nil bidders only then has a
    contract of 0); ``ignored``: nothing. Bags cost ``bags.points`` each time
    the count reaches ``bags.every``.
    """
    scoring = written(rules)["scoring"]
    contract = scoring.get("contract") or {}
    nil = scoring.get("nil") or {}
    bags = scoring.get("bags") or {}
    book = scoring.get("book") or {}
    exactly = contract.get("made", "at-least") == "exactly"
    points = [0] * n
    carried: dict[int, int] = {}
    sides = sorted({contract_side(rules, s, n) for s in range(n)})
    for side in sides:
        seats = [s for s in range(n) if contract_side(rules, s, n) == side]
        value = 0
        if bids:
            nil_tricks = nil.get("tricks", "bags")
            bidders = [s for s in seats if bids[s][1] == "bid"]
            nils = [s for s in seats if bids[s][1] != "bid"]
            bid = sum(bids[s][0] for s in bidders)
            taken = sum(tricks[s] for s in (seats if nil_tricks == "contract" else bidders))
            made = taken == bid if exactly else taken >= bid
            over = 0
            if bidders or nil_tricks == "contract":
                value += contract_value(contract.get("made_points" if made else "set_points") or {}, bid, taken)
                over = taken - bid if made else 0
            for s in nils:
                prefix = "" if bids[s][1] == "nil" else "blind_"
                made_nil, set_nil = (100, -100) if bids[s][1] == "nil" else (200, -200)  # the schema's defaults
                value += nil.get(prefix + "made", made_nil) if tricks[s] == 0 else nil.get(prefix + "set", set_nil)
            failed = sum(tricks[s] for s in nils)
            if nil_tricks == "bags" and (made or not bidders):
                over += failed
                value += (contract.get("made_points") or {}).get("per_overtrick", 0) * failed
            count = bags_before.get(side, 0)
            if "every" in bags:
                count += over
                while count >= bags["every"]:
                    count -= bags["every"]
                    value += bags["points"]
            carried[side] = count
        if "tricks" in book:
            value += book.get("points", 1) * max(sum(tricks[s] for s in seats) - book["tricks"], 0)
        for s in seats:
            points[s] = value
    return points, carried


def scores_by_bids(rules: Ruleset) -> bool:
    """Whether deal points come from bids or the book rather than from cards and the moon."""
    return trick_round(rules) is not None or "tricks" in (written(rules)["scoring"].get("book") or {})


# -- checking one deal ------------------------------------------------------------


class DealChecker:
    """Plays a deal step by step and asserts every invariant after each step."""

    def __init__(
        self,
        rules: Ruleset,
        deal: Deal,
        rid: str,
        bags_before: dict[int, int] | None = None,
        last_dealt: str | None = None,
    ) -> None:
        """``bags_before``: the overtricks each side carries in; ``last_dealt``: the last card dealt, if known."""
        self.rules = rules
        self.deal = deal
        self.rid = rid
        self.n = n = deal.players
        self.deck = deck_codes(rules, n)
        assert sorted(CODES[c] for c in deal.layout.cards) == sorted(self.deck)
        self.bowers: bool = written(rules)["trump"]["bowers"]
        play = written(rules)["play"]
        self.forbid = set(expand(rules, play["first_trick"]["forbid"], self.deck))
        self.restrictions = [
            (
                set(expand(rules, r["cards"], self.deck)),
                set(expand(rules, r.get("broken_by", r["cards"]), self.deck)),
                set(expand(rules, r.get("lift_if_only", []), self.deck)),
            )
            for r in play["lead_restrictions"]
        ]
        self.opening = play["opening_lead"]
        suit_cards = [c for c in self.deck if c[1] == self.opening["suit"]]
        self.opening_card = min(suit_cards, key=rank) if suit_cards else None
        self.end_early = set(play["end_early"])
        self.hand_size = len(deal.hand(0))
        assert [len(deal.hand(s)) for s in range(n)] == [self.hand_size] * n
        assert deal.hand_size == self.hand_size
        self.dealt = [set(deal.hand(s)) for s in range(n)]
        self.upcard = deal.stock[0] if written(rules)["deal"]["upcard"] else None
        self.trick_spec = trick_round(rules)
        self.trick_bids: dict[int, tuple[int, str]] = {}  # the trick bids made, by seat
        self.bags_before = dict(bags_before or {})
        self.check_trump_at_start(last_dealt)
        self.discards: list[str] = []
        self.passes: list[list[str]] = [[] for _ in range(n)]
        self.passes_done = False
        self.bids: list[tuple[int, str]] = []
        self.maker: int | None = None
        self.rest: list[str] = []  # cards handed out (or set aside) when the deal ends early
        self.rest_to: int | None = None
        self.moon_choice: str | None = None
        self.steps = 0
        # the pass direction follows the deal number through the cycle
        cycle = pass_cycle(rules, n)
        self.direction = cycle[deal.number % len(cycle)] if written(rules)["passing"]["count"] else "hold"
        assert deal.pass_direction == self.direction
        self.check_state()

    def check_trump_at_start(self, last_dealt: str | None) -> None:
        deal = self.deal
        trump = written(self.rules)["trump"]
        kind = trump["kind"]
        if kind == "fixed":
            assert self.trump() == trump["suit"]
        elif kind == "upcard":
            assert self.upcard is not None and self.trump() == self.upcard[1]
        elif kind == "dealer-last-card":
            # The dealer shows the last card dealt, which is their own; its suit is trump.
            assert deal.turned is not None
            turned = CODES[deal.turned]
            assert turned in deal.hand(deal.dealer)
            if last_dealt is not None:
                assert turned == last_dealt
            assert self.trump() == turned[1]
        else:  # none, or chosen in the bidding
            assert self.trump() is None

    # -- one step

    def step(self, index: int) -> str:
        deal = self.deal
        phase, seat = deal.phase, deal.to_act
        assert phase != "done"
        legal = deal.legal_actions()
        assert legal, f"no legal action in phase {phase}"
        assert len(set(legal)) == len(legal), legal
        self.check_legal(phase, seat, legal)
        self.check_illegal_rejected(phase, seat, legal)
        action = legal[index % len(legal)]
        before = [set(deal.hand(s)) for s in range(self.n)]
        deal.apply(action)
        self.steps += 1
        self.record(phase, seat, action, before)
        self.check_state()
        return action

    def play_out(self, pick: Callable[[int], int]) -> None:
        bound = 4 * len(self.deck) + 40
        while self.deal.phase != "done":
            assert self.steps < bound, "the deal does not end"
            self.step(pick(self.steps))
        self.check_final()

    # -- legal actions against the rules

    def trump(self) -> str | None:
        return SUITS[self.deal.trump] if self.deal.trump is not None else None

    def played_cards(self) -> list[str]:
        deal = self.deal
        return [c for t in deal.tricks for c in t.cards] + [c for _, c in deal.current_trick]

    def expected_plays(self, seat: int) -> set[str]:
        deal = self.deal
        hand = set(deal.hand(seat))
        trump = self.trump()
        trick = deal.current_trick
        first_trick = not deal.tricks
        if trick:
            led = eff_suit(trick[0][1], trump, self.bowers)
            follow = {c for c in hand if eff_suit(c, trump, self.bowers) == led}
            if follow:
                return follow
            if first_trick and hand - self.forbid:
                return hand - self.forbid
            return hand
        if first_trick and self.opening["by"] == "holder-of-lowest":
            must = self.opening["must_lead"]
            allowed = {
                "that-card": {self.opening_card},
                "that-suit": {c for c in hand if c[1] == self.opening["suit"]},
                "any": hand,
            }[must]
            if hand & allowed:
                return hand & allowed
        mask = hand
        if first_trick and mask - self.forbid:
            mask = mask - self.forbid
        played = set(self.played_cards())
        for cards, broken_by, lift in self.restrictions:
            if played & broken_by:
                continue
            narrowed = mask - cards
            if narrowed and narrowed - lift:
                mask = narrowed
        return mask

    def expected_bids(self, seat: int) -> list[str]:
        deal = self.deal
        n = self.n
        if self.trick_spec is not None:  # each seat bids once, from the dealer's left
            pos = len(self.trick_bids)
            assert seat == (deal.dealer + 1 + pos) % n
            partner = partner_of(self.rules, seat, n)
            return expected_trick_bids(self.trick_spec, self.hand_size, self.trick_bids, seat, partner, pos == n - 1)
        rounds = written(self.rules)["bidding"]["rounds"]
        if self.maker is not None:
            assert seat == self.maker  # only the maker may go alone in the bundled rulesets
            return ["alone", "partner"]
        passes = len(self.bids)
        rnd, pos = divmod(passes, n)
        spec = rounds[rnd]
        first = deal.dealer if spec.get("starts") == "dealer" else deal.dealer + 1  # NKU: the dealer speaks first
        assert seat == (first + pos) % n
        if spec["kind"] == "order-up":
            return ["pass", "order-up"]
        banned = self.upcard[1] if self.upcard is not None and spec.get("exclude_turned_down", True) else None
        forced = (spec.get("stick_the_dealer", False) and pos == n - 1) or (spec.get("first_must_call") and pos == 0)
        words = [] if forced else ["pass"]
        return words + [f"call {s}" for s in written(self.rules)["deck"]["suits"] if s != banned]

    def check_legal(self, phase: str, seat: int | None, legal: list[str]) -> None:
        deal = self.deal
        assert seat is not None
        if phase == "play":
            hand = set(deal.hand(seat))
            assert set(legal) <= hand, (seat, legal, sorted(hand))
            assert seat in deal.active_seats()
            table = deal.table
            if deal.current_trick:
                led = table.eff_suit[CODE_INDEX[deal.current_trick[0][1]]]
                if any(table.eff_suit[CODE_INDEX[c]] == led for c in hand):
                    assert all(table.eff_suit[CODE_INDEX[c]] == led for c in legal), ("must follow", legal)
            if not deal.tricks and not deal.current_trick:
                self.check_opening_leader(seat)
            assert set(legal) == self.expected_plays(seat), (seat, deal.history, legal)
        elif phase == "pass":
            assert not self.passes_done
            order = [(deal.dealer + 1 + i) % self.n for i in range(self.n)]
            count = written(self.rules)["passing"]["count"]
            done = sum(len(p) for p in self.passes)
            assert seat == order[done // count]
            assert set(deal.hand(seat)) == self.dealt[seat]  # cards change hands only at the end
            assert set(legal) == self.dealt[seat] - set(self.passes[seat])
        elif phase == "discard":
            assert seat == deal.dealer
            assert self.upcard is not None and self.upcard in deal.hand(seat)
            assert set(legal) == set(deal.hand(seat))  # euchre.yaml: the upcard may be the discard
        elif phase == "bid":
            assert legal == self.expected_bids(seat), (legal, self.bids)
        elif phase == "choose":
            assert seat == deal.shooter
            assert sorted(legal) == ["new-moon", "old-moon"]
        else:
            raise AssertionError(f"unknown phase {phase}")

    def check_opening_leader(self, seat: int) -> None:
        deal = self.deal
        if self.opening["by"] == "holder-of-lowest":
            assert self.opening_card in deal.hand(seat)
        else:
            expected = (deal.dealer + 1) % self.n
            while expected not in deal.active_seats():
                expected = (expected + 1) % self.n
            assert seat == expected

    def check_illegal_rejected(self, phase: str, seat: int | None, legal: list[str]) -> None:
        deal = self.deal
        others = [c for c in CODES if c not in legal] if phase in ("play", "pass", "discard") else []
        others += [w for w in BID_WORDS if w not in legal]
        if phase == "bid" and self.trick_spec is not None:
            words = [f"bid {k}" for k in range(self.hand_size + 2)] + ["nil", "blind-nil", "bid 27", "bid -1", "bid"]
            others += [w for w in words if w not in legal]
        others += ["", "ZZ", "1X", "leader 0"]  # not an action of any phase
        history = len(deal.history)
        hands = [deal.hand(s) for s in range(self.n)]
        for action in others:
            # try/except rather than pytest.raises, which costs more than the engine's check: this runs
            # half a million times a session.
            try:
                deal.apply(action)
            except IllegalAction as err:
                assert (err.seat, err.action) == (seat, action)  # the message names both
                assert err.rule
            else:
                pytest.fail(f"{action!r} by seat {seat} was accepted in phase {phase!r}")
        assert (deal.phase, deal.to_act, len(deal.history)) == (phase, seat, history)
        assert [deal.hand(s) for s in range(self.n)] == hands
        assert deal.legal_actions() == legal

    # -- recording what happened

    def record(self, phase: str, seat: int | None, action: str, before: list[set[str]]) -> None:
        deal = self.deal
        assert seat is not None
        assert deal.history[-1] == (seat, action)
        if phase == "pass":
            self.passes[seat].append(action)
            if deal.phase != "pass":
                self.passes_done = True
                offset = pass_offset(self.direction, self.n)
                for s in range(self.n):
                    giver = (s - offset) % self.n
                    expected = (self.dealt[s] - set(self.passes[s])) | set(self.passes[giver])
                    assert set(deal.hand(s)) == expected, (s, self.direction)
        elif phase == "bid" and self.trick_spec is not None:
            trump = deal.trump
            self.trick_bids[seat] = read_bid_word(action)
            assert deal.bid(seat) == action
            assert deal.trump == trump  # bidding tricks never changes trump
            if len(self.trick_bids) == self.n:
                assert deal.phase == "play"
        elif phase == "bid":
            if action == "pass":
                self.bids.append((seat, action))
            elif action in ("alone", "partner"):
                assert seat == self.maker
                partner = (seat + self.n // 2) % self.n
                assert (deal.sitting_out == partner) == (action == "alone")
                assert deal.alone == (action == "alone")
                assert set(deal.active_seats()) == set(range(self.n)) - ({partner} if action == "alone" else set())
            else:
                self.maker = seat
                assert deal.maker == seat
                suit = self.upcard[1] if action == "order-up" and self.upcard else action.split()[1]
                assert deal.trump == SUITS.index(suit)
                if action == "order-up":
                    assert self.upcard in deal.hand(deal.dealer)
        elif phase == "discard":
            self.discards.append(action)
        elif phase == "choose":
            self.moon_choice = action
        if phase == "play" and deal.phase in ("done", "choose") and len(deal.tricks) < self.hand_size:
            # The deal ended early: what was still in hand went to the claimer, or nobody.
            assert self.end_early, "only a ruleset with play.end_early may end a deal before the last trick"
            self.rest = sorted(set().union(*before) - {action})
            self.rest_to = deal.claimed_by
            for s in range(self.n):
                assert deal.hand(s) == []
            self.check_early_end(before, action)
        elif phase == "play" and deal.phase == "play" and not deal.current_trick and self.end_early:
            # a trick was just closed and the deal goes on: no early end applied
            assert not self.may_end_early([set(deal.hand(s)) for s in range(self.n)], deal.to_act)

    def may_end_early(self, hands: list[set[str]], leader: int | None) -> bool:
        rest = set().union(*hands)
        pts = self.deal.layout.points
        if "no-points-left" in self.end_early and all(pts[CODE_INDEX[c]] == 0 for c in rest):
            return True
        return "leader-takes-rest" in self.end_early and leader is not None and self.leader_tops(hands, leader)

    def leader_tops(self, hands: list[set[str]], leader: int) -> bool:
        """Every card of the leader beats every card the others hold in its suit (no trump)."""
        assert self.trump() is None
        others = set().union(*(h for s, h in enumerate(hands) if s != leader))
        return all(rank(c) > rank(o) for c in hands[leader] for o in others if o[1] == c[1])

    def check_early_end(self, before: list[set[str]], action: str) -> None:
        deal = self.deal
        hands = [h - {action} for h in before]
        pts = deal.layout.points
        if deal.claimed_by is None:
            assert "no-points-left" in self.end_early
            assert all(pts[CODE_INDEX[c]] == 0 for c in self.rest)
        else:
            assert "leader-takes-rest" in self.end_early
            leader = deal.tricks[-1].winner
            assert deal.claimed_by == leader
            # no-points-left is checked first
            assert any(pts[CODE_INDEX[c]] for c in self.rest)
            assert self.leader_tops(hands, leader)

    # -- the state after each step

    def check_state(self) -> None:
        deal = self.deal
        where: list[str] = []
        for s in range(self.n):
            where += deal.hand(s)
        tricks = deal.tricks
        for t in tricks:
            where += t.cards
        where += [c for _, c in deal.current_trick]
        where += deal.stock
        where += self.discards
        where += self.rest
        counts = Counter(where)
        assert not [c for c, k in counts.items() if k > 1], "a card is in two places"
        assert sorted(where) == sorted(self.deck), "cards are not conserved"
        active = deal.active_seats()
        trump = self.trump()
        for i, t in enumerate(tricks):
            seats = [s for s, _ in t.plays]
            assert len(t.plays) == len(active)
            assert seats[0] == t.leader
            assert seats == [active[(active.index(t.leader) + k) % len(active)] for k in range(len(active))]
            assert t.winner in seats
            assert t.winner == trick_winner(list(t.plays), trump, self.bowers), (i, t)
            if i + 1 < len(tricks):
                assert tricks[i + 1].leader == t.winner
        if deal.current_trick:
            seats = [s for s, _ in deal.current_trick]
            if tricks:
                assert seats[0] == tricks[-1].winner
            nxt = active[(active.index(seats[-1]) + 1) % len(active)]
            assert deal.to_act == nxt
        elif tricks and deal.phase == "play":
            assert deal.to_act == tricks[-1].winner
        if deal.phase == "play":
            for i, (_, broken_by, _) in enumerate(self.restrictions):
                assert deal.is_broken(i) == bool(set(self.played_cards()) & broken_by)
        assert deal.trick_number == len(tricks)
        assert len(tricks) <= self.hand_size
        trick = deal.current_trick
        assert deal.led_suit == (eff_suit(trick[0][1], trump, self.bowers) if trick else None)
        if not self.rest:
            taken = self.taken()
            pts = deal.layout.points
            assert deal.taken_points() == [sum(pts[CODE_INDEX[c]] for c in cards) for cards in taken]
            assert deal.tricks_won == [sum(1 for t in tricks if t.winner == s) for s in range(self.n)]
        if deal.phase != "done":
            with pytest.raises(ValueError):
                deal.points()

    # -- the end

    def taken(self) -> list[list[str]]:
        out: list[list[str]] = [[] for _ in range(self.n)]
        for t in self.deal.tricks:
            out[t.winner] += t.cards
        if self.rest_to is not None:
            out[self.rest_to] += self.rest
        return out

    def check_final(self) -> None:
        deal = self.deal
        n = self.n
        points = deal.points()
        assert len(points) == n
        with pytest.raises(IllegalAction):
            deal.apply(deal.hand(0)[0] if deal.hand(0) else "2C")
        assert deal.legal_actions() == []
        if deal.redeal:
            assert points == [0] * n and not deal.tricks
            return
        taken = self.taken()
        tricks_won = [sum(1 for t in deal.tricks if t.winner == s) for s in range(n)]
        if self.rest_to is not None:
            tricks_won[self.rest_to] += self.hand_size - len(deal.tricks)
        assert deal.tricks_won == tricks_won
        if scores_by_bids(self.rules):
            self.check_bid_points(points, tricks_won)
        elif written(self.rules)["scoring"]["tricks"]:
            self.check_trick_table(points, tricks_won)
        else:
            self.check_card_points(points, taken, tricks_won)

    def check_card_points(self, points: list[int], taken: list[list[str]], tricks_won: list[int]) -> None:
        deal = self.deal
        n = self.n
        pts = deal.layout.points
        deck_total = sum(pts[CODE_INDEX[c]] for c in self.deck)
        assert deck_total == DECK_POINTS[self.rid]
        raw = [sum(pts[CODE_INDEX[c]] for c in cards) for cards in taken]
        assert deal.taken_points() == raw
        kind = MOON_KIND[self.rid]
        required = {c for c in self.deck if pts[CODE_INDEX[c]] > 0}
        if self.rid == "omnibus-hearts":
            required.add("JD")  # moon.requires: [H, QS, JD]
        shooters = [s for s in range(n) if required <= set(taken[s])] if kind != "none" else []
        shooter = shooters[0] if shooters else None
        assert deal.shooter == shooter
        bonus = written(self.rules)["scoring"]["no_tricks_bonus"]
        if shooter is None:
            assert self.moon_choice is None
            expected = [raw[s] + (bonus if tricks_won[s] == 0 else 0) for s in range(n)]
            assert points == expected, (points, raw)
            assert sum(points) == DECK_POINTS[self.rid] + bonus * tricks_won.count(0)
            return
        if kind == "choose":
            assert self.moon_choice in ("old-moon", "new-moon")
            kind = self.moon_choice.split("-")[0]
        else:
            assert self.moon_choice is None
        value = MOON_VALUE.get(self.rid, 26)
        keeps = raw[shooter] - sum(pts[CODE_INDEX[c]] for c in required if pts[CODE_INDEX[c]] > 0)
        expected = [0] * n
        if kind == "old":
            expected[shooter] = keeps
            for s in range(n):
                exempt = self.rid == "partnership-hearts" and s == (shooter + n // 2) % n
                if s != shooter and not exempt:
                    expected[s] = value
        else:
            expected[shooter] = keeps - value
        assert points == expected, (points, shooter, kind)
        assert sum(points) == moon_total(self.rid, n, kind)

    def check_bid_points(self, points: list[int], tricks_won: list[int]) -> None:
        deal = self.deal
        n = self.n
        assert sum(tricks_won) == self.hand_size
        assert deal.taken_points() == [0] * n and DECK_POINTS[self.rid] == 0
        if self.trick_spec is not None:
            assert sorted(self.trick_bids) == list(range(n)), "every seat bids once"
            assert [deal.bid(s) for s in range(n)] == [
                self.trick_bids[s][1] if self.trick_bids[s][1] != "bid" else f"bid {self.trick_bids[s][0]}"
                for s in range(n)
            ]
        expected, carried = bid_points(self.rules, n, self.trick_bids, tricks_won, self.bags_before)
        assert points == expected, (points, expected, self.trick_bids, tricks_won, self.bags_before)
        if "every" in (written(self.rules)["scoring"].get("bags") or {}):
            assert deal.bags == [carried[contract_side(self.rules, s, n)] for s in range(n)]

    def check_trick_table(self, points: list[int], tricks_won: list[int]) -> None:
        deal = self.deal
        n = self.n
        assert self.maker is not None and deal.maker == self.maker
        makers = [s for s in range(n) if s % 2 == self.maker % 2]
        made = sum(tricks_won[s] for s in makers)
        assert sum(tricks_won) == 5
        if made == 5:
            value, winners = (4 if deal.alone else 2), makers
        elif made >= 3:
            value, winners = 1, makers
        else:
            value, winners = 2, [s for s in range(n) if s not in makers]
        expected = [value if s in winners else 0 for s in range(n)]
        assert points == expected, (points, tricks_won, self.maker, deal.alone)
        assert sum(points) == 2 * value


def run_deal(rid: str, n: int, seed: int, choices: list[int], number: int = 0) -> DealChecker:
    rules = rules_for(rid)
    game = Game(rules, players=n, seed=seed)
    deal = game.new_deal(number=number)  # shuffled from the seed; the number fixes the pass direction
    assert len(deal.hand(0)) == hand_size_of(rules, n, number)  # and, with a schedule, the hand size
    checker = DealChecker(rules, deal, rid)
    checker.play_out(lambda k: choices[k] if k < len(choices) else 0)
    game.finish_deal(deal)
    return checker


# -- the properties ----------------------------------------------------------------


def numbers_to_draw(rules: Ruleset, n: int) -> int:
    """Deal numbers worth drawing: every deal of a schedule, else every pass direction of the cycle."""
    return len(schedule_sizes(rules, n)) or len(pass_cycle(rules, n))


@st.composite
def deal_cases(draw: st.DrawFn, ids: list[str] = IDS) -> tuple[str, int, int, int, list[int]]:
    """A ruleset id, a player count it allows, a deal number, a seed and choice indices."""
    # One draw for the pair: drawing the count after the id would favour each ruleset's first count.
    rid, n = draw(st.sampled_from([(rid, n) for rid, n in CASES + HOUSE_CASES if rid in ids]))
    rules = rules_for(rid)
    number = draw(st.integers(0, numbers_to_draw(rules, n) - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    choices = draw(st.lists(st.integers(0, 51), max_size=70))
    return rid, n, number, seed, choices


@settings(max_examples=200, deadline=None, derandomize=True, database=None)
@given(case=deal_cases())
def test_random_deals_follow_the_rules(case: tuple[str, int, int, int, list[int]]) -> None:
    rid, n, number, seed, choices = case
    checker = run_deal(rid, n, seed, choices, number)
    assert checker.deal.phase == "done"


@settings(max_examples=100, deadline=None, derandomize=True, database=None)
@given(case=deal_cases(["euchre"]))
def test_random_euchre_deals_follow_the_rules(case: tuple[str, int, int, int, list[int]]) -> None:
    """Euchre alone has bidding, the dealer's discard and lone hands: more examples for it."""
    rid, n, number, seed, choices = case
    checker = run_deal(rid, n, seed, choices, number)
    assert checker.deal.phase == "done" and checker.maker is not None


BIDDING_IDS = [rid for rid in IDS if trick_round(rules_for(rid)) is not None]


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(case=deal_cases(BIDDING_IDS))
def test_random_trick_bidding_deals_follow_the_rules(case: tuple[str, int, int, int, list[int]]) -> None:
    """Spades, Oh Hell and Boerenbridge: bids of every kind, the hook, every hand size of the schedules."""
    rid, n, number, seed, choices = case
    checker = run_deal(rid, n, seed, choices, number)
    assert checker.deal.phase == "done" and len(checker.trick_bids) == n


@settings(max_examples=60, deadline=None, derandomize=True, database=None)
@given(case=deal_cases(list(HOUSE_RULES)))
def test_random_house_rule_deals_follow_the_rules(case: tuple[str, int, int, int, list[int]]) -> None:
    """side_max, and nil and blind nil under the hook, which no bundled ruleset has."""
    rid, n, number, seed, choices = case
    checker = run_deal(rid, n, seed, choices, number)
    assert checker.deal.phase == "done" and len(checker.trick_bids) == n


@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(
    order=st.permutations(range(52)),
    dealer=st.integers(0, 3),
    choices=st.lists(st.integers(0, 51), max_size=60),
)
def test_whist_trump_is_the_last_card_dealt(order: list[int], dealer: int, choices: list[int]) -> None:
    """Whist: the cards dealt one at a time from the dealer's left; the last one, the dealer's, gives trump."""
    rules = rules_for("whist")
    deck = deck_codes(rules, 4)
    dealt = [deck[i] for i in order]
    hands: list[list[str]] = [[] for _ in range(4)]
    for k, card in enumerate(dealt):
        hands[(dealer + 1 + k) % 4].append(card)
    assert hands[dealer][-1] == dealt[-1]  # 52 cards: the dealer gets the last one
    game = Game(rules, players=4, seed=0, dealer=dealer)
    deal = game.new_deal(hands=hands, dealer=dealer)
    assert deal.trump == SUITS.index(dealt[-1][1])
    checker = DealChecker(rules, deal, "whist", last_dealt=dealt[-1])
    checker.play_out(lambda k: choices[k] if k < len(choices) else 0)
    ours = deal.tricks_won[0] + deal.tricks_won[2]
    book = [max(ours - 6, 0), max(13 - ours - 6, 0)]  # a side scores its tricks over six
    assert deal.points() == [book[0], book[1], book[0], book[1]]


@pytest.mark.parametrize(("rid", "n"), CASES)
def test_every_ruleset_and_player_count_plays_clean(rid: str, n: int) -> None:
    """The property above on fixed seeds, so that no ruleset or player count is left out."""
    rules = rules_for(rid)
    count = numbers_to_draw(rules, n)
    for seed in range(4):
        rng = random.Random(seed)
        number = seed if count <= 4 else seed * (count - 1) // 3  # a schedule's first, middle and last deals
        checker = run_deal(rid, n, seed, [rng.randrange(52) for _ in range(80)], number=number)
        assert checker.deal.phase == "done"
        assert checker.steps >= min(len(checker.deck) // n, n * checker.hand_size)  # small scheduled hands


def moon_rulesets() -> list[str]:
    return [rid for rid in IDS if MOON_KIND[rid] != "none"]


@settings(max_examples=80, deadline=None, derandomize=True, database=None)
@given(
    rid=st.sampled_from(moon_rulesets()),
    dealer=st.integers(0, 3),
    others=st.permutations(range(39)),
    choices=st.lists(st.integers(0, 51), max_size=70),
)
def test_moon_shots_score_as_the_rules_say(rid: str, dealer: int, others: list[int], choices: list[int]) -> None:
    """Seat 0 holds every club and passing is off: it must win every trick and shoot the moon."""
    rules = rules_for(rid)
    deck = deck_codes(rules, 4)
    clubs = [c for c in deck if c[1] == "C"]
    rest = [c for c in deck if c[1] != "C"]
    shuffled = [rest[i] for i in others]
    hands = [clubs, shuffled[:13], shuffled[13:26], shuffled[26:]]
    game = Game(rules, players=4, seed=0, dealer=dealer)
    deal = game.new_deal(hands=hands, dealer=dealer, number=pass_cycle(rules, 4).index("hold"))
    checker = DealChecker(rules, deal, rid)
    checker.play_out(lambda k: choices[k] if k < len(choices) else 0)
    assert deal.shooter == 0
    assert all(t.winner == 0 for t in deal.tricks)
    kind = MOON_KIND[rid] if checker.moon_choice is None else checker.moon_choice.split("-")[0]
    assert sum(deal.points()) == moon_total(rid, 4, kind)


def test_hearts_bga_ends_early_both_ways() -> None:
    """Board Game Arena skips uneventful final tricks: no points left, or the leader takes the rest."""
    ways: Counter[str] = Counter()
    for seed in range(40):
        rng = random.Random(seed)
        checker = run_deal("hearts-bga", 4, seed, [rng.randrange(52) for _ in range(80)], number=seed % 4)
        if checker.rest:
            ways["claimed" if checker.rest_to is not None else "no points left"] += 1
            assert len(checker.deal.tricks) < 13
    assert ways["claimed"] and ways["no points left"], ways


def test_moon_choice_offers_both_scores() -> None:
    """hearts-classic: the same moon scored old (78) and new (-26)."""
    rules = rules_for("hearts-classic")
    deck = deck_codes(rules, 4)
    clubs = [c for c in deck if c[1] == "C"]
    rest = [c for c in deck if c[1] != "C"]
    hands = [clubs, rest[0::3], rest[1::3], rest[2::3]]
    game = Game(rules, players=4, seed=0, dealer=0)
    deal = game.new_deal(hands=hands, dealer=0, number=3)
    while deal.phase == "play":
        deal.apply(deal.legal_actions()[0])
    assert deal.phase == "choose" and deal.to_act == 0
    old, new = deal.copy(), deal.copy()
    old.apply("old-moon")
    new.apply("new-moon")
    assert old.points() == [0, 26, 26, 26]
    assert new.points() == [-26, 0, 0, 0]


def test_hand_worked_totals_match_the_card_tables() -> None:
    for rid, n in CASES:
        rules = rules_for(rid)
        assert moon.of(rules).kind == MOON_KIND[rid], rid
        assert rules.no_tricks_bonus == 0, rid
        if rid == "euchre":
            continue
        layout = rules.layout(n)
        values = rules.setup(n, 0).points  # with clubs trump, where trump changes what cards are worth
        assert sum(values[c] for c in layout.cards) == DECK_POINTS[rid], (rid, n)
        if MOON_KIND[rid] != "none":
            assert moon.target(rules, n).value == MOON_VALUE.get(rid, 26), rid


# -- whole games --------------------------------------------------------------------


def expected_outcome(rules: Ruleset, n: int, scores: list[int], deals_played: int) -> tuple[bool, list[int]]:
    """Whether the game is over and who wins, from the game section of the file."""
    game = written(rules)["game"]
    up = game["count"] == "up"
    ended = "deals" in game and deals_played >= game["deals"]
    schedule_over = bool(schedule_sizes(rules, n)) and deals_played >= len(schedule_sizes(rules, n))
    ended = ended or schedule_over  # the game ends after the schedule's last deal
    if "target" in game:
        target = game["target"]
        ended = ended or any(s >= target if up else s <= target for s in scores)
    if "floor" in game:
        ended = ended or any(s <= game["floor"] for s in scores)
    if not ended:
        return False, []
    sides: dict[int, int] = {}
    for seat, score in enumerate(scores):
        side = side_of(rules, seat, n)
        if written(rules)["scoring"]["teams"] == "shared":
            assert sides.get(side, score) == score, "partners share one score"
            sides[side] = score
        else:
            sides[side] = sides.get(side, 0) + score
    best = (min if game["winner"] == "lowest" else max)(sides.values())
    leaders = [side for side, score in sides.items() if score == best]
    if len(leaders) > 1 and game["ties"] == "play-on" and not schedule_over:
        return False, []  # at the schedule's end there is no deal left to play: the tie is shared
    return True, [s for s in range(n) if side_of(rules, s, n) in leaders]


def play_game(rid: str, n: int, seed: int, wild_bids: bool = False) -> Game:
    """A whole game between the bots; with ``wild_bids``, trick bids are drawn at random from the legal ones."""
    rules = rules_for(rid)
    rng = random.Random(seed)
    game = Game(rules, players=n, seed=seed)
    g = written(rules)["game"]
    sign = 1 if g["count"] == "up" else -1
    scores = [g["start"]] * n
    dealer = game.dealer
    deals_played = 0
    rotation = {"left": 1, "right": -1, "none": 0}[written(rules)["deal"]["rotation"]]
    by_bids = scores_by_bids(rules)
    counts_bags = "every" in (written(rules)["scoring"].get("bags") or {})
    bags: dict[int, int] = {}  # overtricks each side carries, recomputed deal by deal
    for number in range(MAX_DEALS):
        assert not game.is_over
        deal = game.new_deal()
        assert (deal.number, deal.dealer) == (number, dealer)
        assert len(deal.hand(0)) == hand_size_of(rules, n, number)
        bids: dict[int, tuple[int, str]] = {}
        steps = 0
        while deal.phase != "done":
            action = choose(deal)
            if wild_bids and deal.phase == "bid" and by_bids:
                action = rng.choice(deal.legal_actions())
            assert action in deal.legal_actions()
            if deal.phase == "bid" and by_bids:
                assert deal.to_act is not None and deal.to_act not in bids
                bids[deal.to_act] = read_bid_word(action)
            deal.apply(action)
            steps += 1
            assert steps < 500
        result = game.finish_deal(deal)
        points = deal.points()
        if by_bids:
            # The deal's points from the bids and the tricks (winners by the trick oracle), and the bags.
            trump = SUITS[deal.trump] if deal.trump is not None else None
            won = [0] * n
            for t in deal.tricks:
                won[trick_winner(list(t.plays), trump, False)] += 1
            assert sum(won) == len(deal.tricks) == hand_size_of(rules, n, number)
            expected, bags = bid_points(rules, n, bids, won, bags)
            assert points == expected, (number, bids, won, points, expected)
            if counts_bags:
                carried = [bags[contract_side(rules, s, n)] for s in range(n)]
                assert game.bags == carried and list(result.bags) == carried
                assert all(0 <= b < written(rules)["scoring"]["bags"]["every"] for b in carried)
        scores = [s + sign * p for s, p in zip(scores, points, strict=True)]
        assert game.scores == scores and list(result.scores) == scores
        deals_played += 0 if deal.redeal else 1
        dealer = (dealer + rotation) % n
        over, winners = expected_outcome(rules, n, scores, deals_played)
        assert game.is_over == over, (scores, deals_played)
        if over:
            assert sorted(game.winners) == winners
            return game
    raise AssertionError(f"{rid} with {n} players did not end within {MAX_DEALS} deals")


@settings(max_examples=150, deadline=None, derandomize=True, database=None)
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1), wild=st.booleans())
def test_bot_games_end_and_the_best_side_wins(case: tuple[str, int], seed: int, wild: bool) -> None:
    rid, n = case
    rules = rules_for(rid)
    game = play_game(rid, n, seed, wild_bids=wild)
    assert game.is_over and game.winners
    scores = game.scores
    sides: dict[int, list[int]] = {}
    for s in range(n):
        sides.setdefault(side_of(rules, s, n), []).append(s)
    totals = {side: sum(scores[s] for s in seats) for side, seats in sides.items()}
    if written(rules)["scoring"]["teams"] == "shared":
        totals = {side: scores[seats[0]] for side, seats in sides.items()}
    best = (min if rules.game.winner == "lowest" else max)(totals.values())
    assert sorted(game.winners) == sorted(s for side, seats in sides.items() if totals[side] == best for s in seats)
    if written(rules)["players"]["teams"] == "opposite":
        for s in game.winners:
            assert (s + n // 2) % n in game.winners, "partners win together"
    with pytest.raises(ValueError):
        game.new_deal()


def test_whole_games_reach_every_way_to_end() -> None:
    """The game property is not vacuous: bags cost points, and games end by target, floor and schedule."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        for rid, n in (("spades", 4), ("cutthroat-spades", 3)):
            game = play_game(rid, n, seed)
            seen["target"] += max(game.scores) >= 500
            # a bag penalty: the carried count drops from one deal to the next
            seen["bag penalty"] += any(
                any(b < a for a, b in zip(r1.bags, r2.bags, strict=True)) for r1, r2 in itertools.pairwise(game.results)
            )
            game = play_game(rid, n, seed, wild_bids=True)
            seen["floor"] += min(game.scores) <= -200 and max(game.scores) < 500
    assert seen["target"] and seen["bag penalty"] and seen["floor"], seen
    for rid, n in (("oh-hell", 4), ("oh-hell", 7), ("boerenbridge", 4)):
        sizes = schedule_sizes(rules_for(rid), n)
        game = play_game(rid, n, 1)
        assert [len(r.points) for r in game.results] == [n] * len(sizes)  # one result per scheduled deal
    assert schedule_sizes(rules_for("oh-hell"), 4) == [*range(1, 13), *range(11, 0, -1)]  # 51 cards // 4 = 12
    assert schedule_sizes(rules_for("oh-hell"), 7) == [*range(1, 8), *range(6, 0, -1)]  # 51 // 7 = 7
    assert schedule_sizes(rules_for("boerenbridge"), 4) == [*range(10, 0, -1), *range(2, 11)]  # 19 deals
    ties = [seed for seed in range(40) if len(play_game("oh-hell", 7, seed).winners) > 1]
    assert ties, "no shared win at the schedule's end in 40 games"


def test_property_helpers_on_known_tricks() -> None:
    """The checker's own trick winner on hand-made tricks (so the oracle is trusted)."""
    assert trick_winner([(0, "2C"), (1, "AC"), (2, "KH"), (3, "3C")], None, False) == 1
    assert trick_winner([(0, "AH"), (1, "2S"), (2, "KH"), (3, "3C")], "S", True) == 1
    # Euchre, spades trump: the J♣ is the left bower, a spade, beaten only by the J♠
    assert trick_winner([(0, "AS"), (1, "JC"), (2, "KS")], "S", True) == 1
    assert trick_winner([(0, "JC"), (1, "AS"), (2, "JS"), (3, "9S")], "S", True) == 2
    assert eff_suit("JC", "S", True) == "S" and eff_suit("JC", "H", True) == "C"
