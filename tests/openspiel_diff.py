"""Drive OpenSpiel and the referee through the same random deals, step by step.

Used by ``tests/test_openspiel.py`` and ``bench/engine.py``. OpenSpiel's
options are written as house-rule YAML on top of the bundled rulesets, so the
comparison also exercises ``extends``.

What OpenSpiel's Spades and Oh Hell play (open_spiel 2.0.2: read from
``open_spiel/games/spades/*.cc`` and ``oh_hell/*.cc`` in the wheel, and checked
by running them; ``test_openspiel.py`` re-checks the numbering and the bidding):

Spades (``spades``; parameters and defaults: ``use_mercy_rule=True``,
``mercy_threshold=-350``, ``win_threshold=500``, ``win_or_loss_bonus=200``,
``num_tricks=2``, the last only sizes the observation tensor).
- Chance: 52 card actions; the k-th card dealt goes to player ``k % 4``. There is
  no dealer: player 0 bids first and leads the first trick, so our dealer is 3.
- Cards: action ``suit * 13 + rank``, suits C D H S, ranks 2..A: exactly our
  card index, ``CODES[action]`` (OpenSpiel prints suit first: ``SQ``).
- Bids: action ``52 + n``; ``52`` is Nil, ``53..65`` bid 1..13. Each player bids
  once, 0 to 3. Once a partner has bid ``b``, the legal bids are 0..13-b (a
  partner's Nil counts 0, so it caps nothing). No blind nil, no hook.
- Play: follow suit, else anything. A leader holding any non-spade must lead a
  non-spade, for the whole deal: ``is_spades_broken_`` is never set to true,
  so spades are never broken (a hand of only spades may lead one).
- Score per partnership, from ``current_scores`` (0, 0 in a new state; settable
  with ``state.set_current_scores``): contract = sum of both bids (Nil is 0);
  tricks = both partners' tricks, the nil bidder's included, so they help the
  partner's bid and beyond it count as bags. Made (tricks >= contract):
  ``10 * contract + overtricks - 100 * ((score % 10 + overtricks) / 10)`` with
  C++ ``%`` and ``/`` (truncation: a negative score carries minus its last
  digit, -45 carries -5 bags). Set: ``-10 * contract``, no bags. Each Nil: +100
  with no trick, else -100. Both partners Nil: contract 0, always made, every
  trick a bag.
- ``returns()``: each player gets the partnership's deal score (partners
  equal), plus ``win_or_loss_bonus`` if that deal score (not the running score)
  is >= ``win_threshold`` and beats the other side's, minus it if <=
  ``mercy_threshold`` and below the other side's (pship 0 is adjusted first and
  pship 1 compared against the adjusted value). ``use_mercy_rule`` is never
  read: only ``mercy_threshold=0`` or ``win_or_loss_bonus=0`` turns them off.
  From (0, 0) a deal scores -290..230, so neither fires in a single deal;
  with carried bags (two penalties) a deal can reach -388 and the mercy fires.

Oh Hell (``oh_hell``; parameters and defaults: ``players=3`` (3..7),
``num_suits=4``, ``num_cards_per_suit=13``, ``num_tricks_fixed=-1``,
``off_bid_penalty=False``, ``points_per_trick=1``).
- Chance 1: the number of tricks T, action T: 1..(51 // players) uniformly when
  ``num_tricks_fixed=-1``, else the single action ``num_tricks_fixed``.
- Chance 2: the dealer, action 0..players-1, uniform.
- Chance 3: ``players * T`` cards, the k-th to player ``k % players`` (player 0
  first whatever the dealer); then one more card, the trump card: its suit is
  trump. There is always one, and always a trump suit.
- Cards: action ``rank * 4 + suit`` with suits C D S H (spades before hearts),
  ranks 2..A; OpenSpiel prints ``SQ``.
- Bids: action ``52 + n`` for 0..T, from the dealer's left, once each. Hook: the
  last bidder may not bid the number that makes the bids add up to T.
- Play: the dealer's left leads the first trick; follow suit, else anything;
  trumps may be led at any time.
- Score per player, made = exactly the bid: ``points_per_trick * tricks + 10``.
  Missed: ``points_per_trick * tricks`` without ``off_bid_penalty``, else
  ``-points_per_trick * |tricks - bid|``. ``returns()`` are these, unscaled.

Where this differs from the bundled rulesets, the house rules below say so:
Spades needs ``side_max: 13``, spades never broken (``broken_by: []``), a
failed nil's tricks counting toward the partner's bid (``nil.tricks:
contract``) and, over several deals, bags carried as the score's last digit
(``bags.from_score``). Oh Hell's options are scoring only; the player count
and the hand size come from the seats and the hands dealt.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee import Deal, Game, Ruleset, load_ruleset
from referee.cards import CODES

HEARTS_OPTIONS = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "must_break_hearts",
    "qs_breaks_hearts",
    "can_lead_hearts_instead_of_qs",
)
EUCHRE_OPTIONS = ("allow_lone_defender", "stick_the_dealer")

# OpenSpiel's pass direction (0 none, 1 left, 2 across, 3 right) as the deal
# number that gives it in the cycle [left, right, across, hold].
PASS_DIR_TO_NUMBER = {1: 0, 3: 1, 2: 2, 0: 3}


def hearts_house_rule(options: dict[str, bool]) -> str:
    """OpenSpiel's Hearts options as a ruleset extending hearts.yaml."""
    tag = "".join("1" if options[o] else "0" for o in HEARTS_OPTIONS)
    restriction = ""
    if options["must_break_hearts"]:
        breakers = "[H, QS]" if options["qs_breaks_hearts"] else "[H]"
        lift = "[QS]" if options["can_lead_hearts_instead_of_qs"] else "[]"
        restriction = f"\n    - cards: [H]\n      broken_by: {breakers}\n      lift_if_only: {lift}"
    return f"""\
id: openspiel-hearts-{tag}
extends: hearts
passing: {"{count: 3}" if options["pass_cards"] else "null"}
play:
  opening_lead:
    must_lead: {"that-suit" if options["can_lead_any_club"] else "that-card"}
  first_trick:
    forbid: {"[H, QS]" if options["no_pts_on_first_trick"] else "[]"}
  lead_restrictions:{restriction or " []"}
scoring:
  points:
    JD: {-10 if options["jd_bonus"] else 0}
  no_tricks_bonus: {-5 if options["avoid_all_tricks_bonus"] else 0}
"""


def euchre_house_rule(options: dict[str, bool]) -> str:
    tag = "".join("1" if options[o] else "0" for o in EUCHRE_OPTIONS)
    lone = options["allow_lone_defender"]
    return f"""\
id: openspiel-euchre-{tag}
extends: euchre
bidding:
  rounds:
    - kind: order-up
    - kind: call
      stick_the_dealer: {str(options["stick_the_dealer"]).lower()}
  alone: {"maker-and-defender" if lone else "maker"}
  dealer_discard:
    may_discard_upcard: false
scoring:
  tricks:
    - {{side: makers, won: [5], alone: true, points: 4}}
    - {{side: makers, won: [5], points: 2}}
    - {{side: makers, won: [3, 4], points: 1}}
    - {{side: defenders, won: [3, 4, 5], lone_defender: true, points: 4}}
    - {{side: defenders, won: [3, 4, 5], points: 2}}
"""


def all_combinations(names: tuple[str, ...]) -> list[dict[str, bool]]:
    return [dict(zip(names, values, strict=True)) for values in itertools.product((False, True), repeat=len(names))]


def write_rules(folder: Path, text: str) -> Ruleset:
    name = text.split("\n", 1)[0].split(": ")[1]
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def hearts_card(action: int) -> str:
    """OpenSpiel's Hearts card (rank * 4 + suit) as a card code."""
    return CODES[(action % 4) * 13 + action // 4]


def euchre_card(action: int) -> str:
    """OpenSpiel's Euchre card (rank * 4 + suit, ranks 9..A) as a card code."""
    return CODES[(action % 4) * 13 + 7 + action // 4]


EUCHRE_WORDS = {24: "pass", 29: "alone", 30: "partner"}


def compare_hearts(pyspiel: Any, rules: Ruleset, options: dict[str, bool], rng: random.Random) -> int:
    """Play one random deal in both engines; assert they agree. Returns the steps compared."""
    state = pyspiel.load_game("hearts", dict(options)).new_initial_state()
    state.apply_action(rng.choice(state.legal_actions()))  # pass direction
    direction = state.history()[0]
    hands: list[list[str]] = [[], [], [], []]
    for k in range(52):
        card = rng.choice(state.legal_actions())
        state.apply_action(card)
        hands[k % 4].append(hearts_card(card))
    game = Game(rules, players=4, seed=0, dealer=3)
    deal = game.new_deal(hands=hands, dealer=3, number=PASS_DIR_TO_NUMBER[direction])
    steps = 0
    while not state.is_terminal():
        ours = sorted(deal.legal_actions())
        theirs = {hearts_card(a): a for a in state.legal_actions()}
        assert deal.to_act == state.current_player(), (deal.history, deal.to_act, state)
        assert ours == sorted(theirs), (options, deal.history, ours, sorted(theirs))
        pick = rng.choice(ours)
        deal.apply(pick)
        state.apply_action(theirs[pick])
        steps += 1
    assert deal.phase == "done", deal.phase
    expected = [round(26 - r) for r in state.returns()]
    assert deal.points() == expected, (options, deal.history, deal.points(), expected)
    return steps


def euchre_word(action: int) -> str:
    if action in EUCHRE_WORDS:
        return EUCHRE_WORDS[action]
    if 25 <= action <= 28:
        return "call " + "CDHS"[action - 25]
    return euchre_card(action)


def compare_euchre(pyspiel: Any, rules: Ruleset, options: dict[str, bool], rng: random.Random) -> int:
    state = pyspiel.load_game("euchre", dict(options)).new_initial_state()
    dealer = rng.choice(state.legal_actions())
    state.apply_action(dealer)
    hands: list[list[str]] = [[], [], [], []]
    for k in range(20):
        card = rng.choice(state.legal_actions())
        state.apply_action(card)
        hands[(dealer + k) % 4].append(euchre_card(card))
    upcard = rng.choice(state.legal_actions())
    state.apply_action(upcard)
    dealt = {c for h in hands for c in h} | {euchre_card(upcard)}
    rest = [c for c in map(euchre_card, range(24)) if c not in dealt]
    game = Game(rules, players=4, seed=0, dealer=dealer)
    deal = game.new_deal(hands=hands, dealer=dealer, stock=[euchre_card(upcard), *rest])
    upsuit = euchre_card(upcard)[1]
    steps = 0
    while not state.is_terminal():
        assert deal.to_act == state.current_player(), (deal.history, deal.to_act, str(state))
        theirs: dict[str, int] = {}
        for a in state.legal_actions():
            word = euchre_word(a)
            if word == f"call {upsuit}" and deal.phase == "bid" and "order-up" in deal.legal_actions():
                word = "order-up"
            theirs[word] = a
        ours = sorted(deal.legal_actions())
        assert ours == sorted(theirs), (options, deal.phase, deal.history, ours, sorted(theirs))
        pick = rng.choice(ours)
        deal.apply(pick)
        state.apply_action(theirs[pick])
        steps += 1
    assert deal.phase == "done", (deal.phase, deal.history)
    returns = [round(r) for r in state.returns()]
    points = deal.points()
    diff = [points[s] - points[(s + 1) % 4] for s in range(4)]
    assert diff == returns and min(points) == 0, (options, deal.history, points, returns)
    return steps


# --- Spades and Oh Hell -------------------------------------------------------

SPADES_DEALER = 3  # OpenSpiel's player 0 bids and leads first: our dealer's left
BID_BASE = 52  # both games number their bids from 52 (Spades' 52 is Nil)
OH_HELL_SUITS = "CDSH"  # OpenSpiel's Oh Hell suit order; our cards use C D H S
OH_HELL_PLAYERS = (3, 4, 5, 6, 7)
OH_HELL_POINTS_PER_TRICK = (1, 3)  # 3: not a divisor of the exact-bid bonus of 10


def oh_hell_tricks(players: int) -> tuple[int, ...]:
    """``num_tricks_fixed`` values tried: random, 1, the middle and the most a deck allows."""
    most = 51 // players  # one card stays undealt to turn up trump
    return (-1, 1, (most + 1) // 2, most)


def oh_hell_combinations() -> list[dict[str, Any]]:
    """Every OpenSpiel Oh Hell option combination the tests cover (80)."""
    return [
        {"players": n, "num_tricks_fixed": t, "off_bid_penalty": pen, "points_per_trick": ppt}
        for n in OH_HELL_PLAYERS
        for t in oh_hell_tricks(n)
        for pen in (False, True)
        for ppt in OH_HELL_POINTS_PER_TRICK
    ]


def _points(base: int = 0, per_bid: int = 0, per_trick: int = 0, per_overtrick: int = 0, per_trick_off: int = 0) -> str:
    # Every key written: maps merge key by key under `extends`, so a key left
    # out would keep the base ruleset's value.
    return (
        f"{{base: {base}, per_bid: {per_bid}, per_trick: {per_trick}, "
        f"per_overtrick: {per_overtrick}, per_trick_off: {per_trick_off}}}"
    )


def spades_house_rule() -> str:
    """What OpenSpiel's Spades plays, as a ruleset extending spades.yaml (see the module docstring)."""
    return f"""\
id: openspiel-spades
extends: spades
bidding:
  rounds:
    - kind: tricks
      min: 1
      max: 13
      nil: true
      blind_nil: false
      hook: false
      side_max: 13
trump:
  kind: fixed
  suit: S
play:
  opening_lead:
    by: left-of-dealer
  lead_restrictions:
    - cards: [S]
      broken_by: []
scoring:
  teams: shared
  contract:
    made: at-least
    made_points: {_points(per_bid=10, per_overtrick=1)}
    set_points: {_points(per_bid=-10)}
  nil: {{made: 100, set: -100, tricks: contract}}
  bags: {{every: 10, points: -100}}
"""


def spades_game_house_rule() -> str:
    """OpenSpiel's Spades over several deals: bags carried as the running score's last digit (C's ``%``).

    No floor, so that games run long and carry bags: OpenSpiel's only game end
    looks at one deal's score, never the running score.
    """
    return """\
id: openspiel-spades-game
extends: openspiel-spades.yaml
scoring:
  bags: {every: 10, points: -100, from_score: true}
game:
  floor: null
"""


def oh_hell_house_rule(options: dict[str, Any]) -> str:
    """OpenSpiel's Oh Hell scoring options as a ruleset extending oh-hell.yaml.

    ``players`` and ``num_tricks_fixed`` need no rule: the seats and the hands
    dealt give them.
    """
    ppt = options["points_per_trick"]
    penalty = options["off_bid_penalty"]
    missed = _points(per_trick_off=-ppt) if penalty else _points(per_trick=ppt)
    return f"""\
id: openspiel-oh-hell-{int(penalty)}-{ppt}
extends: oh-hell
deal:
  upcard: true
bidding:
  rounds:
    - kind: tricks
      min: 0
      max: hand
      nil: false
      blind_nil: false
      hook: true
trump:
  kind: upcard
play:
  opening_lead:
    by: left-of-dealer
  lead_restrictions: []
scoring:
  teams: individual
  contract:
    made: exactly
    made_points: {_points(base=10, per_trick=ppt)}
    set_points: {missed}
"""


def spades_word(action: int) -> str:
    """OpenSpiel's Spades action as our action: a card code, ``nil`` or ``bid N``."""
    if action < BID_BASE:
        return CODES[action]
    return "nil" if action == BID_BASE else f"bid {action - BID_BASE}"


def oh_hell_card(action: int) -> str:
    """OpenSpiel's Oh Hell card (rank * 4 + suit, suits C D S H) as a card code."""
    return CODES["CDHS".index(OH_HELL_SUITS[action % 4]) * 13 + action // 4]


def oh_hell_word(action: int) -> str:
    return oh_hell_card(action) if action < BID_BASE else f"bid {action - BID_BASE}"


def _pick(rng: random.Random, actions: list[str], bidding: bool) -> str:
    """A random action; a third of the bids are the lowest, so nil and bags come up often."""
    if bidding and rng.random() < 1 / 3:
        return min(actions, key=lambda w: 0 if w == "nil" else int(w.split()[1]))
    return rng.choice(actions)


def _play_along(state: Any, deal: Deal, word: Callable[[int], str], rng: random.Random, context: object) -> int:
    """Step both engines with the same random choices; assert equal turns and legal actions."""
    steps = 0
    while not state.is_terminal():
        theirs = {word(a): a for a in state.legal_actions()}
        bidding = min(theirs.values()) >= BID_BASE
        where = (context, deal.phase, deal.history, state.history())
        assert deal.to_act == state.current_player(), (*where, deal.to_act, state.current_player())
        assert deal.phase == ("bid" if bidding else "play"), where
        ours = deal.legal_actions()
        assert sorted(ours) == sorted(theirs), (*where, sorted(ours), sorted(theirs))
        pick = _pick(rng, ours, bidding)
        deal.apply(pick)
        state.apply_action(theirs[pick])
        steps += 1
    assert deal.phase == "done", (context, deal.phase, deal.history)
    return steps


def deal_spades(state: Any, rng: random.Random) -> list[list[str]]:
    """Deal OpenSpiel's 52 chance cards at random; the hands by seat."""
    hands: list[list[str]] = [[], [], [], []]
    for k in range(52):
        card = rng.choice(state.legal_actions())
        state.apply_action(card)
        hands[k % 4].append(CODES[card])
    return hands


def spades_features(state: Any, deal: Deal) -> set[str]:
    """What a played Spades deal exercised, for the tests' coverage checks."""
    bids = [a - BID_BASE for a in state.history()[52:56]]  # players 0..3 bid in turn
    taken = deal.tricks_won
    out = set()
    for side in (0, 1):
        contract = bids[side] + bids[side + 2]
        tricks = taken[side] + taken[side + 2]
        out.add("made" if tricks >= contract else "set")
        if tricks - contract >= 10:
            out.add("ten bags")
        for seat in (side, side + 2):
            if bids[seat] == 0:
                out.add("nil made" if taken[seat] == 0 else "nil set")
                if taken[seat] and bids[seat ^ 2] and taken[seat ^ 2] < bids[seat ^ 2] <= tricks:
                    out.add("nil tricks make the bid")
        if contract == 0:
            out.add("double nil")
        if contract == 13:
            out.add("side bids 13")
    return out


def compare_spades(pyspiel: Any, rules: Ruleset, rng: random.Random, seen: set[str] | None = None) -> int:
    """Play one random Spades deal in both engines; assert they agree. Returns the steps compared."""
    state = pyspiel.load_game("spades").new_initial_state()
    hands = deal_spades(state, rng)
    game = Game(rules, players=4, seed=0, dealer=SPADES_DEALER)
    deal = game.new_deal(hands=hands, dealer=SPADES_DEALER, number=0)
    steps = _play_along(state, deal, spades_word, rng, "spades")
    expected = [round(r) for r in state.returns()]
    assert deal.points() == expected, ("spades", deal.history, deal.points(), expected)
    if seen is not None:
        seen |= spades_features(state, deal)
    return steps


# win_or_loss_bonus=0: with bags carried in, a deal can fall to the mercy
# threshold, and the bonus is a return, not a score (the running score ignores it).
SPADES_GAME_PARAMS: dict[str, Any] = {"win_or_loss_bonus": 0}


def compare_spades_game(
    pyspiel: Any, rules: Ruleset, rng: random.Random, max_deals: int, seen: set[str] | None = None
) -> int:
    """Play deals of one game in both engines, OpenSpiel given our running scores.

    Returns the deals compared. Each deal: the same legal actions and turns, the
    same deal points, and the same running scores after it. ``seen`` collects
    "carried bags" (a deal that scores differently from a (0, 0) start) and
    "negative carry" (a side's score before the deal negative, not a multiple of 10).
    """
    game = Game(rules, players=4, seed=0, dealer=SPADES_DEALER)
    for number in range(max_deals):
        if game.is_over:
            return number
        state = pyspiel.load_game("spades", SPADES_GAME_PARAMS).new_initial_state()
        before = [game.scores[0], game.scores[1]]
        state.set_current_scores(before)
        hands = deal_spades(state, rng)
        deal = game.new_deal(hands=hands, dealer=SPADES_DEALER, number=number)
        context = ("spades game", number, before)
        _play_along(state, deal, spades_word, rng, context)
        expected = [round(r) for r in state.returns()]
        assert deal.points() == expected, (context, deal.history, deal.points(), expected)
        game.finish_deal(deal)
        after = state.get_current_scores()
        assert list(game.scores) == [after[s % 2] for s in range(4)], (context, deal.history, game.scores, after)
        if seen is not None:
            fresh = pyspiel.load_game("spades", SPADES_GAME_PARAMS).new_initial_state()
            for action in state.history():
                fresh.apply_action(action)
            if fresh.returns() != state.returns():
                seen.add("carried bags")
            if any(b < 0 and b % 10 for b in before):
                seen.add("negative carry")
    return max_deals


def compare_oh_hell(pyspiel: Any, rules: Ruleset, options: dict[str, Any], rng: random.Random) -> int:
    """Play one random Oh Hell deal in both engines; assert they agree. Returns the steps compared."""
    n = options["players"]
    state = pyspiel.load_game("oh_hell", dict(options)).new_initial_state()
    tricks = rng.choice(state.legal_actions())
    state.apply_action(tricks)
    dealer = rng.choice(state.legal_actions())
    state.apply_action(dealer)
    hands: list[list[str]] = [[] for _ in range(n)]
    for k in range(n * tricks):
        card = rng.choice(state.legal_actions())
        state.apply_action(card)
        hands[k % n].append(oh_hell_card(card))
    turned = rng.choice(state.legal_actions())
    state.apply_action(turned)
    dealt = {c for h in hands for c in h} | {oh_hell_card(turned)}
    rest = [c for c in CODES if c not in dealt]
    game = Game(rules, players=n, seed=0, dealer=dealer)
    deal = game.new_deal(hands=hands, dealer=dealer, number=0, stock=[oh_hell_card(turned), *rest])
    steps = _play_along(state, deal, oh_hell_word, rng, options)
    expected = [round(r) for r in state.returns()]
    assert deal.points() == expected, (options, deal.history, deal.points(), expected)
    return steps


def openspiel_playout(pyspiel: Any, name: str, params: dict[str, Any], rng: random.Random) -> int:
    """One random OpenSpiel episode, every player action checked against our naming of it.

    Needs no ruleset: it checks the card numbering and bid ids this module relies
    on against OpenSpiel's own action strings (``SQ``, ``Nil``, ``7``), and the
    dealing, bidding and lead order the module docstring states, and that
    OpenSpiel's Spades never breaks spades. Returns the player actions checked.
    """
    state = pyspiel.load_game(name, dict(params)).new_initial_state()
    word = spades_word if name == "spades" else oh_hell_word
    n = state.num_players()
    dealer = SPADES_DEALER
    tricks = 13
    if name == "oh_hell":
        tricks = rng.choice(state.legal_actions())
        state.apply_action(tricks)
        dealer = rng.choice(state.legal_actions())
        state.apply_action(dealer)
    holder: dict[str, int] = {}
    for k in range(n * tricks):
        card = rng.choice(state.legal_actions())
        holder[word(card)] = k % n
        assert state.action_to_string(-1, card)[::-1] == word(card), (name, card)
        state.apply_action(card)
    if name == "oh_hell":
        state.apply_action(rng.choice(state.legal_actions()))  # the trump card
    bids: list[int] = []
    checked = 0
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if len(bids) < n:
            assert player == (dealer + 1 + len(bids)) % n, (name, state.history())
            partner = bids[len(bids) - 2] if name == "spades" and len(bids) >= 2 else 0
            expected = [BID_BASE + b for b in range(tricks + 1 - partner)]
            if name == "oh_hell" and len(bids) == n - 1 and sum(bids) <= tricks:
                expected.remove(BID_BASE + tricks - sum(bids))  # the hook
            assert legal == expected, (name, state.history(), legal, expected)
            for a in legal:
                text = state.action_to_string(player, a)
                assert word(a) == ("nil" if text == "Nil" else f"bid {text}"), (name, a, text)
            action = rng.choice(legal)
            bids.append(action - BID_BASE)
        else:
            if checked == n:  # the first lead
                assert player == (dealer + 1) % n, (name, state.history())
            held = sorted(c for c, p in holder.items() if p == player)
            if name == "spades" and (checked - n) % 4 == 0 and any(c[1] != "S" for c in held):
                assert all(word(a)[1] != "S" for a in legal), (name, state.history(), held)  # never broken
            for a in legal:
                assert holder[word(a)] == player, (name, a, player)
                assert state.action_to_string(player, a)[::-1] == word(a), (name, a)
            action = rng.choice(legal)
            del holder[word(action)]
        state.apply_action(action)
        checked += 1
    return checked


# -- Skat ------------------------------------------------------------------------------------------------
#
# What OpenSpiel's ``skat`` plays (open_spiel 2.0.2, ``open_spiel/games/skat/skat.cc``, unchanged since
# 2023; read, then probed by running it, and re-checked by ``test_openspiel_skat_facts``):
# - Three players, one deal, no parameters. Chance: 32 card actions; the k-th card dealt goes, by k, to
#   player 0 (k 0-2, 11-14, 23-25), 1 (3-5, 15-18, 26-28), 2 (6-8, 19-22, 29-31), or the skat (9-10): the
#   Skat order's 3, skat, 4, 3 from player 0, who is Vorhand (our dealer is seat 2).
# - Cards: action ``suit * 8 + rank``, suits D H S C (0-3), ranks 7 8 9 Q K T A J (0-7); it prints
#   ``D7`` ... ``CJ``.
# - "Bidding" is no Reizen: players 0, 1, 2 in turn may pass (32) or name a game (33 diamonds, 34 hearts,
#   35 spades, 36 clubs, 37 grand, 38 null); all seven are legal every time; the first game named is
#   played by its player and the bidding stops. All pass: the deal is over, every return 0.
# - The declarer always takes the skat up and lays two cards away, one action each (any of the hand's
#   12, then 11 cards), whatever the game, null too; the game cannot be changed after. No hand games, no
#   announcements, no ouvert, no null ouvert.
# - Player 0 leads the first trick. Follow suit; in suit games and grand a jack is a trump, never a card
#   of its printed suit; in a null the jacks are their suits', and the order is A K Q J T 9 8 7. No duty
#   to trump.
# - A null ends as soon as the declarer takes a trick.
# - Returns: suit and grand, declarer (p - 60) / 120 and each defender (60 - p) / 240, p the declarer's
#   card points with the two cards laid away; a null, declarer +0.25 (no trick) or -0.25, the defenders
#   half the opposite each. So 60:60 returns 0 (a loss under the Skat order), and nothing of the game
#   value (matadors, hand, schneider, schwarz, doubling, overbidding) is in the returns: the comparison
#   is of legal actions at every step, the discards included, and of the card points (or the null's
#   outcome) at the end.
#
# The house rule: the games chosen first-come at a reservation from the dealer's left (contracts.chosen:
# reservation; "healthy" is OpenSpiel's pass; nobody naming one throws the cards in), the skat always
# taken up (deal.talon.hand: false), no Reizen, no null ouvert, and the deal scored by card points (no
# game value).

SKAT_DEALER = 2  # OpenSpiel's player 0 is Vorhand: our dealer's left
SKAT_SUITS = "DHSC"
SKAT_RANKS = "789QKTAJ"
SKAT_GAMES = {32: "healthy", 33: "solo diamonds", 34: "solo hearts", 35: "solo spades", 36: "solo clubs"}
SKAT_GAMES |= {37: "solo grand", 38: "solo null"}
SKAT_PLAYER = (0, 0, 0, 1, 1, 1, 2, 2, 2, -1, -1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2)


def skat_house_rule() -> str:
    """What OpenSpiel's Skat plays, as a ruleset extending skat.yaml (see the notes above)."""
    return """\
id: openspiel-skat
extends: skat
deal:
  talon: {size: 2, hand: false}
bidding: null
trump:
  contracts:
    chosen: reservation
    unnamed: throw-in
    leads: left-of-dealer
    levels: []
    kinds:
      - {id: diamonds, trumps: [JC, JS, JH, JD], suit: D}
      - {id: hearts, trumps: [JC, JS, JH, JD], suit: H}
      - {id: spades, trumps: [JC, JS, JH, JD], suit: S}
      - {id: clubs, trumps: [JC, JS, JH, JD], suit: C}
      - {id: grand, trumps: [JC, JS, JH, JD]}
      - {id: "null", trumps: [], order: ["7", "8", "9", T, J, Q, K, A], goal: no-tricks}
scoring:
  game_value: null
  revoke_penalty: null  # a breach decides a game by its value, which OpenSpiel does not score
"""


def skat_card(action: int) -> str:
    """OpenSpiel's Skat card (suit * 8 + rank) as a card code."""
    return SKAT_RANKS[action % 8] + SKAT_SUITS[action // 8]


def skat_word(action: int) -> str:
    return skat_card(action) if action < 32 else SKAT_GAMES[action]


def compare_skat(pyspiel: Any, rules: Ruleset, rng: random.Random, seen: set[str] | None = None) -> int:
    """Play one random Skat deal in both engines; assert the same turns and legal actions at every step (the
    game named and the discards included), and the same card points (a null: the same outcome) at the end.
    Returns the steps compared."""
    state = pyspiel.load_game("skat").new_initial_state()
    hands: list[list[str]] = [[], [], []]
    skat: list[str] = []
    for k in range(32):
        card = rng.choice(state.legal_actions())
        state.apply_action(card)
        (skat if SKAT_PLAYER[k] < 0 else hands[SKAT_PLAYER[k]]).append(skat_card(card))
    deal = Game(rules, players=3, seed=0, dealer=SKAT_DEALER).new_deal(hands=hands, dealer=SKAT_DEALER, stock=skat)
    steps = 0
    while not state.is_terminal():
        theirs = {skat_word(a): a for a in state.legal_actions()}
        where = ("skat", deal.phase, deal.history, state.history())
        assert deal.to_act == state.current_player(), (*where, deal.to_act, state.current_player())
        ours = deal.legal_actions()
        assert sorted(ours) == sorted(theirs), (*where, sorted(ours), sorted(theirs))
        # a third of the seats name a game at once, so that every game comes up
        pick = rng.choice(ours[1:]) if deal.phase == "bid" and rng.random() < 1 / 3 else rng.choice(ours)
        deal.apply(pick)
        state.apply_action(theirs[pick])
        steps += 1
    assert deal.phase == "done", ("skat", deal.phase, deal.history)
    returns = state.returns()
    if deal.redeal:
        assert returns == [0.0, 0.0, 0.0]
        if seen is not None:
            seen.add("all pass")
        return steps
    maker = deal.maker
    assert maker is not None
    kind = deal.history[len([h for h in deal.history if h[1] == "healthy"])][1]
    if kind == "solo null":
        won = deal.tricks_won[maker] == 0
        assert returns[maker] == (0.25 if won else -0.25), ("skat", deal.history, returns)
        if seen is not None:
            seen.add("null won" if won else "null lost")
    else:
        points = deal.taken_points()[maker]  # the two cards laid away included
        assert round(60 + 120 * returns[maker]) == points, ("skat", deal.history, returns, points)
        assert sum(deal.taken_points()) == 120
        if seen is not None:
            seen.add(kind)
            if points == 60:
                seen.add("60:60")
    return steps
