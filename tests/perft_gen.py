"""Generate the perft files in ``tests/perft/``: move-path counts from fixed deals.

Regenerate every file, or only the files of the rulesets named, with (from the
repository root)::

    .venv/bin/python tests/perft_gen.py [RULESET ...]

``tests/test_perft.py`` recomputes every count of every file and compares.
Regenerate only after a deliberate change of the rules; a count that changes
without one is an engine bug.

**Perft** (the name comes from chess programming) counts the leaves of the
game tree at a given depth: ``perft(p, 0) = 1`` and ``perft(p, d)`` is the sum
of ``perft(child, d - 1)`` over every action of ``p.legal_actions()``. Every
action is one ply, whatever its phase: each card passed (a seat passing three
cards makes three plies, and the order of its choices counts), each bidding
word (``pass``, ``order-up``, ``call H``, ``alone``, ``partner``; in a round
of trick bids ``bid N``, ``nil``, ``blind-nil``), the dealer's discard, each
card played, and a moon choice (``old-moon``/``new-moon``). A
finished deal has no actions, so it adds 0 to every deeper depth. Children are
made with ``Deal.copy()`` and ``Deal.apply_unchecked()``.

**File format**, one file per bundled ruleset, ``tests/perft/<ruleset-id>.txt``
(UTF-8, one item per line; blank lines and lines starting with ``#`` are
comments)::

    position NAME        starts a position: every line up to the next one belongs to it
    players N            the number of players
    dealer N             the dealer's seat
    number N             the deal's number in the game (it fixes the pass direction; with a
                         schedule of hand sizes, it is the deal whose size the hands have)
    hand S: C C ...      the cards dealt to seat S (card codes: rank 2-9 T J Q K A, suit C D H S);
                         where the dealer's last card is turned for trump (Whist), the dealer's
                         hand lists that card last
    stock: C C ...       the undealt cards, top first (Euchre's upcard is the first); may be empty
    moves: A, A, ...     optional: actions applied (checked) before counting, comma-separated
    depth D: COUNT       perft at depth D from the position after the moves; D runs 1, 2, ... without gaps

The deal is ``Game(rules, players=N, seed=0, dealer=DEALER).new_deal(hands=...,
dealer=DEALER, number=NUMBER, stock=...)``. The hands were shuffled from a seed
by this generator, but the file lists them, so the counts do not depend on the
shuffle. Given hands set the hand size themselves, so the deals of Oh Hell and
Boerenbridge are taken from the short end of their schedules, where whole
deals (every bid and every card) can be counted.

**Cross-check with OpenSpiel.** When ``pyspiel`` is importable, the generator
walks the Hearts and Euchre positions in DeepMind's OpenSpiel too, with its
default options written as a house rule (``tests/openspiel_diff.py``), comparing
the seat to act and the set of legal actions at every node, and compares the
counts with the bundled ruleset's. Each position's comment says whether it was
cross-checked and at which depths the bundled rules agree with OpenSpiel.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee import Deal, Game, Ruleset, load_ruleset
from referee.cards import CODE_INDEX, CODES
from referee.loader import bundled_ids

PERFT_DIR = Path(__file__).resolve().parent / "perft"


# -- positions and their files -------------------------------------------------------


@dataclass
class Position:
    name: str
    players: int = 4
    dealer: int = 0
    number: int = 0
    hands: list[list[str]] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    depths: list[int] = field(default_factory=list)  # depths[d - 1] = perft(d)
    comments: list[str] = field(default_factory=list)


def parse(text: str) -> list[Position]:
    """The positions of a perft file (ValueError on a malformed line)."""
    positions: list[Position] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        key, _, value = line.partition(" ")
        if key == "position":
            positions.append(Position(value.strip()))
            continue
        if not positions:
            raise ValueError(f"line {lineno}: {line!r} comes before any 'position' line")
        pos = positions[-1]
        if key in ("players", "dealer", "number"):
            setattr(pos, key, int(value))
        elif key == "hand":
            seat, _, cards = value.partition(":")
            if int(seat) != len(pos.hands):
                raise ValueError(f"line {lineno}: hands must be listed in seat order")
            pos.hands.append(cards.split())
        elif key == "stock:":
            pos.stock = value.split()
        elif key == "moves:":
            pos.moves = [m.strip() for m in value.split(",") if m.strip()]
        elif key == "depth":
            depth, _, count = value.partition(":")
            if int(depth) != len(pos.depths) + 1:
                raise ValueError(f"line {lineno}: depths must run 1, 2, 3, ... without gaps")
            pos.depths.append(int(count))
        else:
            raise ValueError(f"line {lineno}: unknown line {line!r}")
    for pos in positions:
        if len(pos.hands) != pos.players or not pos.depths:
            raise ValueError(f"position {pos.name}: needs {pos.players} hands and at least one depth")
    return positions


def format_position(pos: Position) -> str:
    lines = [f"# {c}" if c else "#" for c in pos.comments]
    lines += [f"position {pos.name}", f"players {pos.players}", f"dealer {pos.dealer}", f"number {pos.number}"]
    lines += [f"hand {s}: {' '.join(hand)}" for s, hand in enumerate(pos.hands)]
    lines.append(f"stock: {' '.join(pos.stock)}".rstrip())
    if pos.moves:
        lines.append(f"moves: {', '.join(pos.moves)}")
    lines += [f"depth {d}: {count}" for d, count in enumerate(pos.depths, 1)]
    return "\n".join(lines) + "\n"


def build(rules: Ruleset, pos: Position) -> Deal:
    """The deal of a position, after its moves (applied with the checked ``apply``)."""
    game = Game(rules, players=pos.players, seed=0, dealer=pos.dealer)
    deal = game.new_deal(hands=pos.hands, dealer=pos.dealer, number=pos.number, stock=pos.stock)
    for move in pos.moves:
        deal.apply(move)
    return deal


# -- counting ------------------------------------------------------------------------


def perft(deal: Deal, depth: int) -> list[int]:
    """``[perft(1), ..., perft(depth)]`` in one walk: the nodes found at each depth.

    The last level is counted without being made (``len(legal_actions())``).
    """
    counts = [0] * (depth + 1)

    def walk(node: Deal, d: int) -> None:
        counts[d] += 1
        legal = node.legal_actions()
        if d + 1 == depth:
            counts[depth] += len(legal)
            return
        for action in legal:
            child = node.copy()
            child.apply_unchecked(action)
            walk(child, d + 1)

    if depth:
        walk(deal, 0)
    return counts[1:]


# -- OpenSpiel ----------------------------------------------------------------------------


def _to_hearts_action(code: str) -> int:
    card = CODE_INDEX[code]
    return (card % 13) * 4 + card // 13


def _to_euchre_action(code: str) -> int:
    card = CODE_INDEX[code]
    return (card % 13 - 7) * 4 + card // 13


HEARTS_DIRECTION = {"hold": 0, "left": 1, "across": 2, "right": 3}  # OpenSpiel's pass_dir chance outcome


class OpenSpielCheck:
    """Walks a position in OpenSpiel and in a house rule with OpenSpiel's default options, node by node."""

    def __init__(self, pyspiel: Any, game: str, folder: Path) -> None:
        import openspiel_diff as od  # tests/ is on sys.path when this file runs as a script

        self.pyspiel = pyspiel
        self.game = game
        self.od = od
        defaults = dict(pyspiel.load_game(game).get_parameters())
        if game == "hearts":
            text = od.hearts_house_rule({o: bool(defaults[o]) for o in od.HEARTS_OPTIONS})
        else:
            text = od.euchre_house_rule({o: bool(defaults[o]) for o in od.EUCHRE_OPTIONS})
        self.rules = od.write_rules(folder, text)
        self.rule_id = self.rules.id

    def initial(self, pos: Position, deal: Deal) -> Any:
        state = self.pyspiel.load_game(self.game).new_initial_state()
        if self.game == "hearts":
            state.apply_action(HEARTS_DIRECTION[deal.pass_direction])
            for k in range(52):
                state.apply_action(_to_hearts_action(pos.hands[k % 4][k // 4]))
        else:
            state.apply_action(pos.dealer)
            dealt = [0] * 4
            for k in range(20):
                seat = (pos.dealer + k) % 4
                state.apply_action(_to_euchre_action(pos.hands[seat][dealt[seat]]))
                dealt[seat] += 1
            state.apply_action(_to_euchre_action(pos.stock[0]))
        return state

    def words(self, deal: Deal, state: Any) -> dict[str, int]:
        """OpenSpiel's legal actions, named as the referee names them."""
        out: dict[str, int] = {}
        for a in state.legal_actions():
            if self.game == "hearts":
                out[self.od.hearts_card(a)] = a
                continue
            word = self.od.euchre_word(a)
            if deal.phase == "bid" and deal.upcard is not None and word == f"call {CODES[deal.upcard][1]}":
                word = "order-up"  # OpenSpiel's first round names the upcard's suit
            out[word] = a
        return out

    def counts(self, pos: Position, depth: int) -> list[int]:
        """Perft of the position in OpenSpiel, asserting it agrees with the house rule at every node."""
        deal = build(self.rules, Position(pos.name, pos.players, pos.dealer, pos.number, pos.hands, pos.stock))
        state = self.initial(pos, deal)
        for move in pos.moves:
            state.apply_action(self.words(deal, state)[move])
            deal.apply(move)
        counts = [0] * (depth + 1)

        def walk(node: Deal, st: Any, d: int) -> None:
            counts[d] += 1
            if d == depth:
                return
            theirs = self.words(node, st)
            ours = node.legal_actions()
            if st.is_terminal():
                assert not ours, (node.history, ours)
                return
            assert node.to_act == st.current_player(), (node.history, node.to_act, st.current_player())
            assert sorted(ours) == sorted(theirs), (node.history, sorted(ours), sorted(theirs))
            for action in ours:
                child, st2 = node.copy(), st.clone()
                child.apply_unchecked(action)
                st2.apply_action(theirs[action])
                walk(child, st2, d + 1)

        walk(deal, state, 0)
        return counts[1:]


# -- what to generate ------------------------------------------------------------------


@dataclass
class Spec:
    """How to make one position: a seeded shuffle, then ``moves`` (a count of seeded random actions, or a list)."""

    name: str
    about: str
    depth: int
    players: int = 4
    dealer: int = 3
    number: int = 0
    seed: int = 1
    moves: int | list[str] = 0
    openspiel: str | None = None  # "hearts" or "euchre": cross-check with OpenSpiel
    differs: str = ""  # where the bundled rules differ from OpenSpiel's defaults
    hands: list[list[str]] | None = None  # given hands instead of the seeded shuffle
    then: int = 0  # after a list of moves: this many seeded random actions more


def _moon_hands() -> list[list[str]]:
    """Seat 0 holds every club: with no passing it wins every trick and shoots the moon."""
    rest = [CODES[c] for c in range(13, 52)]
    return [list(CODES[:13]), rest[0::3], rest[1::3], rest[2::3]]


DISCARD = "<discard>"  # in Spec.moves: the dealer discards its first legal card other than the upcard
HEARTS_DIFFERS = "The rules differ only in that OpenSpiel's Q♠ breaks hearts (hearts.yaml: broken_by [H])."
PASS_ONLY = "Passing: every ply of the first depths is one card chosen to pass."

SPECS: dict[str, list[Spec]] = {
    "black-maria": [
        Spec(
            "four-players-after-the-pass",
            "Four players; the passes (always to the right) are made by the moves; left of the dealer leads any card.",
            depth=9,
            number=0,
            seed=11,
            moves=12,
        ),
        Spec(
            "three-players-from-the-deal",
            f"Three players (2C removed, 17 cards each), from the deal. {PASS_ONLY}",
            depth=5,
            players=3,
            dealer=2,
            seed=12,
        ),
    ],
    "euchre": [
        Spec(
            "from-the-deal",
            "From the deal: bidding, the dealer's discard (the upcard may be the discard), alone or partner, "
            "then the play.",
            depth=12,
            dealer=1,
            seed=21,
            openspiel="euchre",
            differs="The difference: OpenSpiel's dealer may not discard the upcard (euchre.yaml allows it).",
        ),
        Spec(
            "second-round",
            "After four passes: the second round of bidding (stick the dealer), alone or partner, the play.",
            depth=12,
            dealer=2,
            seed=22,
            moves=["pass", "pass", "pass", "pass"],
            openspiel="euchre",
        ),
        Spec(
            "ordered-up",
            "Ordered up by the dealer's partner; the dealer has discarded; alone or partner, the play.",
            depth=12,
            dealer=0,
            seed=23,
            moves=["pass", "order-up", DISCARD],
            openspiel="euchre",
        ),
    ],
    "hartenjagen": [
        Spec("hold", "A hold deal (number 3): no passing; the 2C opens.", depth=11, number=3, seed=31),
    ],
    "hearts": [
        Spec(
            "pass-left",
            f"Deal number 0: pass three cards to the left. {PASS_ONLY}",
            depth=5,
            number=0,
            seed=1,
            openspiel="hearts",
            differs=HEARTS_DIFFERS,
        ),
        Spec(
            "hold",
            "Deal number 3: no passing; the 2C opens; no heart or Q♠ on the first trick.",
            depth=9,
            number=3,
            seed=2,
            openspiel="hearts",
            differs=HEARTS_DIFFERS,
        ),
        Spec(
            "after-passing-across",
            "Deal number 2: the passes across are made by the moves, then the play.",
            depth=11,
            number=2,
            seed=3,
            moves=12,
            openspiel="hearts",
            differs=HEARTS_DIFFERS,
        ),
    ],
    "hearts-bga": [
        Spec(
            "late-in-the-deal",
            "A hold deal played 9 tricks in by the moves: the end-early rules end some lines before the last trick "
            "(fewer lines at depth 13 than at 12), and by depth 17 every line has ended.",
            depth=17,
            number=3,
            seed=41,
            moves=36,
        ),
    ],
    "hearts-classic": [
        *(
            Spec(
                f"{n}-players",
                f"{n} players, after the passes made by the moves.",
                depth={3: 9, 5: 11, 6: 11, 7: 11}[n],
                players=n,
                dealer=n - 1,
                seed=50 + n,
                moves=3 * n,
            )
            for n in (3, 5, 6, 7)
        ),
        Spec("4-players-hold", "4 players, deal number 3: no passing.", depth=11, number=3, seed=54),
        Spec(
            "moon-choice",
            "4 players, no passing, seat 0 holds every club: it takes every trick. After 10 tricks (the moves), "
            "the last 12 plies are the last three tricks and the 13th is the shooter's choice of old or new moon.",
            depth=13,
            number=3,
            seed=55,
            moves=40,
            hands=_moon_hands(),
        ),
    ],
    "omnibus-hearts": [
        Spec("hold", "A hold deal (number 3); the J♦ scores -10 but moves nothing.", depth=9, number=3, seed=61),
    ],
    "original-hearts": [
        Spec("no-passing", "No passing ever; only hearts are barred from the first trick.", depth=10, seed=71),
    ],
    "partnership-hearts": [
        Spec("pass-across", f"Deal number 2: pass across, to the partner. {PASS_ONLY}", depth=5, number=2, seed=81),
        Spec("after-passing-left", "Deal number 0: the passes are made by the moves.", depth=9, seed=82, moves=12),
    ],
    "reverse-hearts": [
        Spec("hold", "A hold deal (number 3).", depth=10, number=3, seed=91),
    ],
    "spot-hearts": [
        Spec("pass-right", f"Deal number 1: pass to the right. {PASS_ONLY}", depth=5, number=1, seed=101),
        Spec(
            "after-passing-right",
            "Deal number 1: the passes are made by the moves.",
            depth=9,
            number=1,
            seed=102,
            moves=12,
        ),
    ],
}


BIDS_THEN_LEAD = (
    "From the deal: every seat bids once from the dealer's left; the last depth is the first lead, "
    "and spades may not be led until broken unless the leader holds only spades."
)

SPECS.update(
    {
        "spades": [
            Spec("bids", f"{BIDS_THEN_LEAD} Each seat may bid 1 to 13 or nil.", depth=5, seed=111),
            Spec(
                "last-bid-then-play",
                "Three bids made (one a nil); the dealer's bid, then the first tricks.",
                depth=7,
                seed=112,
                moves=["bid 3", "nil", "bid 4"],
            ),
            Spec(
                "seven-tricks-in",
                "Bids and seven tricks made by the moves; then two more tricks and the lead of a third.",
                depth=9,
                seed=113,
                moves=32,
            ),
        ],
        "spades-blind-nil": [
            Spec("bids", "From the deal: each seat bids once, 1 to 13, nil or blind nil.", depth=4, seed=121),
            Spec(
                "after-the-bids",
                "Bids made by the moves (a blind nil among them); then the play.",
                depth=8,
                seed=122,
                moves=["blind-nil", "bid 5", "nil", "bid 2"],
            ),
            Spec(
                "dealers-bid",
                "Three bids made, the dealer's partner a blind nil; the dealer's bid (1 to 13, nil or blind nil), "
                "then the first trick.",
                depth=6,
                seed=123,
                moves=["bid 4", "blind-nil", "bid 3"],
            ),
        ],
        "spades-no-nil": [
            Spec("bids", "From the deal: each seat bids once, 1 to 13 (no nil).", depth=4, seed=131),
            Spec("after-the-bids", "Bids made by the moves; then the play.", depth=8, seed=132, moves=4),
        ],
        "cutthroat-spades": [
            Spec(
                "bids",
                f"Three players, 17 cards each. {BIDS_THEN_LEAD} Each may bid 1 to 17 or nil.",
                depth=4,
                players=3,
                dealer=2,
                seed=141,
            ),
            Spec(
                "after-the-bids",
                "Three players; bids made by the moves; then the play.",
                depth=7,
                players=3,
                dealer=2,
                seed=142,
                moves=3,
            ),
        ],
        "oh-hell": [
            Spec(
                "one-card",
                "The first deal of the schedule: one card each, an upcard for trump. Bids 0 or 1; the dealer, "
                "last, may not make the bids add up to 1 (the hook); then the one trick. Depth 9: the deal is over.",
                depth=9,
                number=0,
                seed=151,
            ),
            Spec(
                "two-cards",
                "Deal number 1: two cards each. The whole deal: four bids (the dealer hooked), two tricks.",
                depth=13,
                number=1,
                seed=152,
            ),
            Spec(
                "three-cards-after-the-bids",
                "Deal number 2: three cards each; the bids made by the moves; the whole play.",
                depth=13,
                number=2,
                seed=153,
                moves=["bid 1", "bid 0", "bid 2"],
            ),
            Spec(
                "seven-players",
                "Seven players, deal number 3: four cards each; six bids made by the moves, then the dealer's "
                "(hooked) bid and the first tricks.",
                depth=8,
                players=7,
                dealer=6,
                number=3,
                seed=154,
                moves=["bid 1", "bid 0", "bid 1", "bid 0", "bid 0", "bid 1"],
            ),
        ],
        "oh-hell-no-hook": [
            Spec(
                "two-cards",
                "Deal number 1: two cards each; the dealer may bid anything (no hook). The whole deal.",
                depth=13,
                number=1,
                seed=161,
            ),
            Spec(
                "one-card-five-players",
                "Five players, one card each: five bids of 0 or 1, then the trick.",
                depth=11,
                players=5,
                dealer=4,
                number=0,
                seed=162,
            ),
        ],
        "boerenbridge": [
            Spec(
                "ten-cards-bids",
                "The first deal: ten cards each, an upcard for trump. Bids 0 to 10, the dealer hooked; "
                "the last depth is the first lead.",
                depth=5,
                number=0,
                seed=171,
            ),
            Spec(
                "one-card",
                "Deal number 9: one card each (the turning point of 10, 1, 10). The whole deal.",
                depth=9,
                number=9,
                seed=172,
            ),
            Spec(
                "two-cards-going-up",
                "Deal number 10: two cards each, on the way back up. The whole deal.",
                depth=13,
                number=10,
                seed=173,
            ),
        ],
        "klaverjassen": [
            Spec(
                "from-the-deal",
                "From the deal: the dealer speaks first, each says 'call X' or passes, and if all four pass the "
                "dealer must call; left of the dealer leads; the Amsterdam trump duties.",
                depth=7,
                seed=191,
            ),
            Spec(
                "last-four-tricks",
                "The bidding and four tricks played by the moves: the last four tricks, to the end of the deal.",
                depth=16,
                seed=192,
                moves=["pass", "pass", "call H"],
                then=16,
            ),
        ],
        "doppelkopf": [
            Spec(
                "from-the-deal",
                "From the deal: from the dealer's left each says 'healthy' or names a solo ('solo queens', 'solo "
                "suit H'...), the first named played; then 're' or 'kontra' and the further steps ('no 90' to "
                "'schwarz') are plies beside the cards; promoted trumps in two copies, the first of equal cards wins.",
                depth=5,
                seed=201,
            ),
            Spec(
                "late-in-the-deal",
                "Thirty-six seeded random actions, cards and announcements, by the moves; from there, twelve plies.",
                depth=12,
                seed=202,
                moves=36,
            ),
        ],
        "skat": [
            Spec(
                "the-reizen",
                "From the deal (dealer seat 2): Mittelhand says values to Vorhand, who holds or passes, then "
                "Hinterhand to the one left; 'say N' for every value of the ladder above the last.",
                depth=4,
                players=3,
                dealer=2,
                seed=211,
            ),
            Spec(
                "the-skat-and-the-game",
                "Mittelhand says 18, Vorhand holds, both others pass: Vorhand takes the skat ('skat') or declares a "
                "hand game ('solo grand hand', 'solo clubs hand schneider'...); after the skat, two discards, one "
                "ply each, then any game but a null below the bid; then Vorhand leads.",
                depth=5,
                players=3,
                dealer=2,
                seed=212,
                moves=["say 18", "hold", "pass", "pass"],
            ),
            Spec(
                "a-null",
                "Vorhand declares a null at 18 after the skat: no trumps, 7 8 9 10 J Q K A; the deal ends as soon "
                "as Vorhand takes a trick.",
                depth=9,
                players=3,
                dealer=2,
                seed=213,
                moves=["say 18", "hold", "pass", "pass", "skat", DISCARD, DISCARD, "solo null"],
            ),
        ],
        "doppelkopf-ohne-neunen": [
            Spec(
                "from-the-deal",
                "Forty cards, ten each: the reservations, then 're' or 'kontra' beside the cards while the player "
                "holds nine, the steps from eight down to five.",
                depth=5,
                seed=231,
            ),
        ],
        "skat-four": [
            Spec(
                "the-dealer-sits-out",
                "Four at the table, the dealer (seat 3) dealt nothing: seat 1 (Mittelhand) says to seat 0 "
                "(Vorhand), then seat 2; the dealer never acts.",
                depth=4,
                players=4,
                dealer=3,
                seed=221,
            ),
            Spec(
                "a-grand-hand",
                "Seat 0 declares a grand hand at 18; the first tricks of three cards, the dealer left out.",
                depth=7,
                players=4,
                dealer=3,
                seed=222,
                moves=["say 18", "hold", "pass", "pass", "solo grand hand"],
            ),
        ],
        "klaverjassen-rotterdam": [
            Spec(
                "last-four-tricks",
                "As klaverjassen's last-four-tricks, under Rotterdam's duties: trump even on the partner's trick.",
                depth=16,
                seed=192,
                moves=["pass", "pass", "call H"],
                then=16,
            ),
        ],
        "whist": [
            Spec(
                "from-the-deal",
                "From the deal: the dealer's last card (listed last) gives trump; left of the dealer leads any card; "
                "follow suit if possible.",
                depth=7,
                seed=181,
            ),
            Spec(
                "last-three-tricks",
                "Ten tricks played by the moves: the last three tricks, to the end of the deal.",
                depth=13,
                seed=182,
                moves=40,
            ),
        ],
    }
)


def make_position(rules: Ruleset, spec: Spec) -> Position:
    game = Game(rules, players=spec.players, seed=spec.seed, dealer=spec.dealer)
    deal = game.new_deal(hands=spec.hands, number=spec.number)
    pos = Position(
        spec.name,
        spec.players,
        spec.dealer,
        spec.number,
        [deal.hand(s) for s in range(spec.players)],
        list(deal.stock),
    )
    if deal.turned is not None:  # the dealer's last card, turned for trump: listed last
        turned = CODES[deal.turned]
        pos.hands[deal.dealer] = [c for c in pos.hands[deal.dealer] if c != turned] + [turned]
        assert build(rules, pos).trump == deal.trump
    listed = spec.moves if isinstance(spec.moves, list) else []
    for move in listed:
        if move == DISCARD:  # the dealer's lowest card other than the upcard
            move = next(c for c in deal.legal_actions() if CODE_INDEX[c] != deal.upcard)
        deal.apply(move)
        pos.moves.append(move)
    rng = random.Random(spec.seed)  # then seeded random actions: a count of them, or ``then`` after the list
    for _ in range(spec.then if isinstance(spec.moves, list) else spec.moves):
        action = rng.choice(deal.legal_actions())
        deal.apply(action)
        pos.moves.append(action)
    return pos


def generate(rid: str, pyspiel: Any, folder: Path) -> str:
    rules = load_ruleset(rid)
    parts = [
        f"# Perft counts for {rid}: the number of legal action sequences of each depth from fixed deals.\n"
        "# Every action is a ply: each card passed, each bid, the discard, each card played, a moon choice.\n"
        "# Lines: 'position NAME', then 'players N', 'dealer N', 'number N' (the deal's number: the pass\n"
        "# direction), 'hand S: cards', 'stock: cards' (top first), optional 'moves: a, b, ...' (applied\n"
        "# before counting), and 'depth D: COUNT' for D = 1, 2, ... Blank lines and '#' lines are comments.\n"
        "# Details and regeneration: tests/perft_gen.py. Checked by tests/test_perft.py.\n"
    ]
    for spec in SPECS[rid]:
        pos = make_position(rules, spec)
        start = time.perf_counter()
        pos.depths = perft(build(rules, pos), spec.depth)
        took = time.perf_counter() - start
        pos.comments = ["", spec.about, cross_check(pos, spec, pyspiel, folder)]
        parts.append(format_position(pos))
        print(f"{rid} {spec.name}: {pos.depths} ({took:.2f} s)", file=sys.stderr)
    return "\n".join(parts)


_checks: dict[str, OpenSpielCheck] = {}


def cross_check(pos: Position, spec: Spec, pyspiel: Any, folder: Path) -> str:
    if spec.openspiel is None:
        return "Not cross-checked with OpenSpiel (only the hearts and euchre files are)."
    if pyspiel is None:
        return "Not cross-checked: pyspiel was not importable when this file was generated."
    check = _checks.get(spec.openspiel)
    if check is None:
        check = _checks[spec.openspiel] = OpenSpielCheck(pyspiel, spec.openspiel, folder)
    theirs = check.counts(pos, len(pos.depths))
    agree = 0
    while agree < len(theirs) and theirs[agree] == pos.depths[agree]:
        agree += 1
    text = (
        f"Cross-checked with OpenSpiel {getattr(pyspiel, '__version__', '')}".rstrip()
        + f" ({spec.openspiel}, default options): OpenSpiel and the house rule {check.rule_id}"
        " agree on the seat to act and the legal actions at every node"
    )
    if agree == len(theirs):
        text += f"; this ruleset's counts agree with OpenSpiel's at every depth (1-{agree})."
        if spec.differs:
            text += f" {spec.differs} No line of these depths reaches the difference."
        return text
    if not spec.differs:
        raise AssertionError(f"{pos.name}: OpenSpiel gives {theirs}, the bundled ruleset {pos.depths}")
    where = {0: "no depth", 1: "depth 1"}.get(agree, f"depths 1-{agree}")
    return (
        text + f"; this ruleset's counts agree with OpenSpiel's at {where}. {spec.differs} "
        f"OpenSpiel's counts: {', '.join(map(str, theirs))}."
    )


def main() -> None:
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("pyspiel is not importable: the files will say they are not cross-checked", file=sys.stderr)
    missing = set(bundled_ids()) - set(SPECS)
    if missing:
        raise SystemExit(f"no perft positions for: {', '.join(sorted(missing))}")
    chosen = sys.argv[1:] or bundled_ids()
    unknown = set(chosen) - set(bundled_ids())
    if unknown:
        raise SystemExit(f"not a bundled ruleset: {', '.join(sorted(unknown))}")
    PERFT_DIR.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for rid in chosen:
            (PERFT_DIR / f"{rid}.txt").write_text(generate(rid, pyspiel, Path(tmp)), encoding="utf-8")


if __name__ == "__main__":
    main()
