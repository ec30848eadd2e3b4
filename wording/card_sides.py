"""Every phrase about sides made every deal by who holds a card, in one place: the rule page's sentences.

What the page says of it (which card makes the sides, and whether the sides are the party game's Re and Kontra)
comes from the referee (:mod:`referee.mechanisms.card_sides`) through its page module
(:mod:`generator.mechanisms.card_sides`); these are only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_
from .names import Case

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "players.sides-by-card": N_(
        "Partners change from deal to deal: the players holding %(card)s play together against the others."
    ),
    "players.sides-by-card.re-kontra": N_(
        "Partners change from deal to deal: the players holding %(card)s are the Re party, the others the Kontra party."
    ),
    "players.sides-hidden": N_("Nobody says who they are: the table learns it as %(card)s is played."),
    "players.sides-hidden.announced": N_(
        "Nobody says who they are: the table learns it as %(card)s is played, or from what the players announce."
    ),
    # both: both copies of the card ("both queens of clubs", German "beide Kreuz-Damen")
    "players.sides-alone": N_("A player dealt %(both)s plays alone against the other three."),
    # where announcing a contract held that way finds the player a partner (Doppelkopf's wedding)
    "players.sides-alone.unless": N_(
        "A player dealt %(both)s plays alone against the other three, unless they announce a %(name)s."
    ),
}

#: The grammatical case of the cards a sentence names (merged into generator.phrases.CASES): the card its
#: holders hold ("Wer eine Kreuz-Dame hat", "einen Kreuz-Buben").
CASES: dict[str, dict[str, Case]] = {
    "players.sides-by-card": {"card": "accusative"},
    "players.sides-by-card.re-kontra": {"card": "accusative"},
}
