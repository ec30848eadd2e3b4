"""The deal as a conductor of phases (referee/phases/): a phase keeps its own state, and no component writes
the deal's fields.

The rounds of bidding, the mechanisms, the kiosk, the pages and the club tell a deal what happened through
its named methods (``choose_trump``, ``declare_contract``, ``record_bid``, ``set_maker``, ``play_alone``,
...); only ``referee/engine.py`` assigns a deal's attributes. A copy of a deal in the pass or bid phase
carries the phase's state with it, independent of the original.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from referee import Game, IllegalAction, load_ruleset
from referee.phases import bidding
from referee.phases.auction import PLAY, THROW_IN
from referee.phases.passing import Passing, receiver

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("referee", "kiosk", "generator", "club", "wording", "trickbook")
CONDUCTOR = Path("referee", "engine.py")  # the one module that writes a deal's fields


def _written(target: ast.expr) -> ast.Attribute | None:
    """The ``deal.<field>`` an assignment target writes (``deal.x``, ``deal.x[i]``), or None."""
    while isinstance(target, ast.Subscript):
        target = target.value
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "deal":
        return target
    return None


def assigned(node: ast.AST) -> list[ast.expr]:
    """What an assignment statement assigns to, tuples and lists unpacked ([] for any other node)."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    while any(isinstance(t, (ast.Tuple, ast.List)) for t in targets):
        targets = [e for t in targets for e in (t.elts if isinstance(t, (ast.Tuple, ast.List)) else [t])]
    return targets


def deal_writes(path: Path) -> list[str]:
    """``line: deal.field`` for every assignment to a deal's field in a source file (tuples unpacked too)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        for target in assigned(node):
            attribute = _written(target)
            if attribute is not None:
                found.append(f"{path}:{target.lineno}: deal.{attribute.attr}")
    return found


def test_no_component_writes_the_deals_fields() -> None:
    writes = [
        w
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if path.relative_to(ROOT) != CONDUCTOR
        for w in deal_writes(path)
    ]
    assert writes == []


def test_the_check_finds_a_write(tmp_path: Path) -> None:
    source = tmp_path / "round.py"
    source.write_text("def say(deal):\n    deal.maker = 1\n    deal.bids[0], n = 3, 4\n    deal.passes += 1\n")
    assert [w.split(": ")[1] for w in deal_writes(source)] == ["deal.maker", "deal.bids", "deal.passes"]


# -- the pass phase --------------------------------------------------------------------


@pytest.mark.parametrize(("direction", "offset"), [("left", 1), ("right", 3), ("across", 2), ("hold", 0)])
def test_passing_gives_each_seats_cards_to_its_receiver(direction: str, offset: int) -> None:
    hands = [0b111 << (3 * s) for s in range(4)]  # seat s holds cards 3s, 3s+1, 3s+2
    passing = Passing(4, dealer=3, direction=direction, count=2)
    seat = passing.first()
    assert seat == 0
    for _ in range(4):
        low = (hands[seat] & -hands[seat]).bit_length() - 1  # each seat passes its two lowest cards
        assert passing.apply(seat, low) == seat  # the same seat chooses its second card
        nxt = passing.apply(seat, low + 1)
        if seat == 3:
            assert nxt == -1  # every seat has chosen
        else:
            assert nxt == seat + 1
            seat = nxt
    after = passing.exchanged(hands)
    for s in range(4):
        assert receiver(s, 4, direction) == (s + offset) % 4
        kept = 1 << (3 * s + 2)
        assert after[(s + offset) % 4] & (0b11 << (3 * s)) == 0b11 << (3 * s)
        assert after[s] & kept
    assert sum(bin(h).count("1") for h in after) == 12


def test_a_copy_in_the_pass_phase_chooses_on_its_own() -> None:
    deal = Game(load_ruleset("hearts"), players=4, seed=3, dealer=3).new_deal(dealer=3, number=0)
    assert deal.phase == "pass"
    first = deal.legal_actions()[0]
    deal.apply(first)
    twin = deal.copy()
    twin.apply(twin.legal_actions()[0])
    assert deal.passed_cards(0) == [first]
    assert len(twin.passed_cards(0)) == 2
    with pytest.raises(IllegalAction, match="already chosen to pass"):
        deal.apply(first)


# -- the bid phase ---------------------------------------------------------------------


def test_a_copy_in_the_bid_phase_bids_on_its_own() -> None:
    """Skat's ladder: the copy's auction goes on without the original's (and the other way round)."""
    deal = Game(load_ruleset("skat"), players=3, seed=5, dealer=2).new_deal(dealer=2)
    assert deal.phase == "bid" and bidding.asking(deal) == "say"
    deal.apply("say 18")
    twin = deal.copy()
    twin.apply("pass")  # Vorhand passes in the copy: Hinterhand now says to Mittelhand
    assert bidding.asking(deal) == "hold" and deal.to_act == 0
    assert bidding.asking(twin) == "say" and twin.to_act == 2
    assert bidding.value_bid(deal) == bidding.value_bid(twin) == 18
    deal.apply("hold")
    assert twin.to_act == 2 and deal.to_act == 1


def test_every_auction_ends_in_play_or_a_throw_in() -> None:
    """Random bidding in every bundled game with rounds: the phase ends, and the deal is then in play or
    thrown in (never stuck in the bid phase with nobody to speak)."""
    assert PLAY != THROW_IN
    rng = random.Random(17)
    for ruleset in ("euchre", "spades", "oh-hell", "skat", "doppelkopf", "klaverjassen"):
        rules = load_ruleset(ruleset)
        game = Game(rules, players=rules.player_counts[0], seed=rng.randrange(1000))
        for number in range(6):
            deal = game.new_deal(number=number)
            steps = 0
            while deal.phase in ("bid", "discard"):
                assert deal.to_act is not None and deal.legal_actions()
                deal.apply(rng.choice(deal.legal_actions()))
                steps += 1
                assert steps < 200
            assert deal.phase == "play" or (deal.phase == "done" and deal.redeal)
