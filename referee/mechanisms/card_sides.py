"""Sides made by a card: whoever holds it plays together, the others against them, deal by deal.

In Doppelkopf the players who hold the queens of clubs are the Re party and the
other two the Kontra party; no one says who they are until a queen of clubs is
played (or Re is announced), and a player dealt both queens plays alone against
three. ``players.sides_by_card.card`` names the card. The sides are part of the
deal's state (:attr:`referee.engine.Deal.teams`), never of the fixed seating:
side 0 is the holders', side 1 everyone else's.

With known hands the deal knows its sides from the deal on; at a real table,
where the hands are unknown, they are known for certain only from who played the
card, so the deal settles them from the cards played when it is scored. Nothing
here tells a seat its partner: the engine knows the hands, the kiosk and the
pages must not say what the table does not yet know.

Sources: Deutscher Doppelkopf-Verband, Turnierspielregeln (3.1: die Spieler mit
den Kreuz-Damen bilden die Re-Partei, die beiden anderen die Kontra-Partei; 3.2:
wer beide Kreuz-Damen hat, spielt ein Solo oder eine Hochzeit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, cast

from ..deck import Deck
from ..tables import SideMaker

if TYPE_CHECKING:
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "card_sides"
PATH: Final = ("players", "sides_by_card")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "Sides made anew every deal by who holds a card (Doppelkopf: the queens of clubs make the Re party); "
        "with `players.teams: none`."
    ),
    "properties": {
        "card": {
            "anyOf": [{"$ref": "#/$defs/card"}, {"type": "null"}],
            "description": "The card whose holders play together against the others (every copy of it).",
        },
    },
}


@dataclass(frozen=True)
class CardSides:
    """The ``players.sides_by_card`` settings: the card's code, "" for none."""

    card: str = ""


def read(data: dict[str, Any]) -> CardSides:
    card = data.get("card")
    return CardSides(card=str(card) if card else "")


def active(settings: CardSides) -> bool:
    return bool(settings.card)


def of(rules: Ruleset) -> CardSides:
    """The sides by card of a compiled ruleset."""
    return cast(CardSides, rules.mechanisms[NAME])


def check(settings: CardSides, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    at = (*PATH, "card")
    deck = rules.deck
    if settings.card not in deck.index or not rules.full_deck >> deck.index[settings.card] & 1:
        bad(at, f"{settings.card} is not a card of this deck")
    if rules.teams_kind != "none":
        bad(at, "sides by a card replace fixed partnerships (players.teams must be none)", ("players", "teams"))
    for n in rules.player_counts:
        try:
            layout = rules.layout(n)
        except ValueError:  # a count the ruleset cannot deal (refused elsewhere)
            continue
        if not layout.whole_pack():  # the card could lie undealt: nobody would hold it, no side would be made
            bad(
                at,
                f"sides by a card need the whole pack dealt: with {n} players "
                f"{len(layout.cards) - layout.in_play * layout.hand_size} cards stay undealt",
                ("deal", "hand_size"),
                ("deck", "ranks"),
            )
            break


def side_maker(settings: CardSides, deck: Deck) -> SideMaker | None:
    # A card the pack lacks is refused by check(), at its line; the plan is made before that.
    return SidesByCard(settings, deck) if active(settings) and settings.card in deck.index else None


class SidesByCard(SideMaker):
    """Side 0: the seats that held the card (any copy); side 1: the others."""

    def __init__(self, settings: CardSides, deck: Deck) -> None:
        first = deck.index[settings.card]
        self.mask = 0
        for k in range(deck.copies):
            self.mask |= 1 << (first + k * deck.stride)

    def teams(self, held: list[int]) -> tuple[int, ...]:
        return tuple(0 if mask & self.mask else 1 for mask in held)

    def known(self, played: list[int]) -> bool:
        """Every copy of the card played: its holders are known, and so the others."""
        seen = 0
        for mask in played:
            seen |= mask
        return seen & self.mask == self.mask
