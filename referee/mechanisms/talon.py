"""The talon: cards dealt face down to nobody, which the declarer may take up and discard again (Skat's skat).

Skat deals each of three players ten cards, and two face down in the middle
after the first round of packets ("3, Skat, 4, 3"). Whoever wins the auction
may take the skat into the hand and lay two cards away again ("drücken"), or
play without looking at it: a hand game ("Handspiel"), worth more. Either way
the skat belongs to the declarer: its card points count as theirs, and the
matadors of the game value are counted over the declarer's cards and the skat
together (:mod:`referee.mechanisms.game_value`).

``deal.talon`` says how many cards it holds (``size``: every card the hands
leave), after which round of packets it is dealt (``after_packet``, for the
page), and whether the declarer may leave it unseen (``hand``). The declarer
takes it with the word ``skat`` (:data:`TAKE`) where a contract is declared
after the auction (:mod:`referee.mechanisms.contracts`, ``chosen: declarer``),
or takes it at once where the contract was chosen before (OpenSpiel's skat);
the deal then asks for the discards one card at a time (phase ``discard``).

At a real table (unknown hands) nobody enters the skat's cards: once every
trick is played, the cards nobody played are the skat. So a real table plays
every trick out: a claim is refused (:data:`CLAIM_REFUSED`).

Sources: International Skat Players Association / Deutscher Skatverband,
Internationale Skatordnung (ISkO, 1999) 2.2.1 ("Der Skat steht in allen
Fällen dem Alleinspieler zu"), 2.2.2 (taking up the skat and laying two cards
away), 2.2.3 (hand games), 3.2 (the deal: 3, skat, 4, 3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..tables import TalonPlan

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "talon"
PATH: Final = ("deal", "talon")

TAKE: Final = "skat"  # the declarer takes the talon up
HAND: Final = "hand"  # a contract's word, said instead: played without taking it (``solo grand hand``)
# Why a real table may not claim the remaining tricks (an IllegalAction kind): the skat is seen only as the
# cards nobody played, so the tricks are played out (a claim would hand the skat to whoever claimed, and
# leave the declarer's matadors unknown).
CLAIM_REFUSED: Final = "claim-talon"

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "Cards dealt face down to nobody (Skat's skat): the declarer takes them up and lays as many away "
        "again, or plays without them (a hand game); either way they count for the declarer."
    ),
    "properties": {
        "size": {
            "type": ["integer", "null"],
            "minimum": 0,
            "maximum": 8,
            "default": 0,
            "description": "How many cards: every card the hands leave (Skat: 2). 0: no talon.",
        },
        "after_packet": {
            "type": ["integer", "null"],
            "minimum": 0,
            "default": 0,
            "description": (
                "After which round of `deal.packets` it is dealt (Skat: 1, dealt 3, skat, 4, 3); 0: after the hands."
            ),
        },
        "hand": {
            "type": ["boolean", "null"],
            "default": True,
            "description": "Whether the declarer may play without taking it up (a hand game).",
        },
    },
}


@dataclass(frozen=True)
class Talon:
    """The ``deal.talon`` settings."""

    size: int = 0
    after_packet: int = 0
    hand: bool = True


def read(data: dict[str, Any]) -> Talon:
    hand = data.get("hand")
    return Talon(
        size=int(data.get("size") or 0),
        after_packet=int(data.get("after_packet") or 0),
        hand=True if hand is None else bool(hand),
    )


def active(settings: Talon) -> bool:
    return settings.size > 0


def of(rules: Ruleset) -> Talon:
    """The talon of a compiled ruleset."""
    return cast(Talon, rules.mechanisms[NAME])


def check(settings: Talon, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    at = (*PATH, "size")
    if rules.schedule:
        bad(at, "a talon needs one hand size; a deal.schedule changes it from deal to deal", ("deal", "schedule"))
        return
    for n in rules.player_counts:
        layout = rules.layout(n)
        left = layout.deck.bit_count() - layout.in_play * layout.hand_size
        if left < 0:
            need = layout.in_play * layout.hand_size
            bad(at, f"with {n} players the hands need {need} cards of {layout.deck.bit_count()}")
        elif left != settings.size:
            bad(at, f"with {n} players the hands leave {left} cards, not a talon of {settings.size}")
    if not rules.bidding_rounds and rules.plan.contract_plan is None:
        bad(at, "the talon goes to a declarer: it needs an auction or contracts (bidding.rounds)", ("bidding",))
    if rules.upcard:
        bad(at, "a talon does not go with an upcard", ("deal", "upcard"))
    if settings.after_packet and (not rules.packets or settings.after_packet >= len(rules.packets)):
        bad((*PATH, "after_packet"), "after_packet counts rounds of deal.packets, before the last", ("deal", "packets"))


def plan(settings: Talon) -> TalonPlan | None:
    """What a deal keeps of the talon (None: no talon)."""
    return TalonPlan(settings.size, settings.hand) if active(settings) else None
