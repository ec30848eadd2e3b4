"""Sides made every deal by who holds a card, on the rule page (:mod:`referee.mechanisms.card_sides`): who plays
together, how the table learns it, and a player who holds every copy.

Its words: :mod:`wording.card_sides`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, announcements, card_sides, contracts, party_game
from wording import card_sides as words

from ..terms import Builder, Clause, Contract, Words, cards, clause

MECHANISM: Mechanism = card_sides
WORDS: Words = words


def players(rules: Ruleset) -> list[Clause]:
    """The sides by the card, named Re and Kontra where the party game names them."""
    card = card_sides.of(rules).card
    if not card:
        return []
    named = party_game.active(party_game.of(rules))  # the party game names the parties Re and Kontra
    both = rules.deck.copies == 2
    # where the card is in the pack twice, each of its holders holds one of them: "a queen of clubs" (German
    # "Wer eine Kreuz-Dame hat"; a reader took "die Kreuz-Dame" for a card there is one of)
    held = cards(rules, (card,), "one" if both else "a")
    out = [clause("players.sides-by-card.re-kontra" if named else "players.sides-by-card", card=held)]
    spoken = announcements.active(announcements.of(rules))
    out.append(clause("players.sides-hidden.announced" if spoken else "players.sides-hidden", card=held))
    if both:
        # a contract only the holder of every copy may announce finds them a partner instead (a wedding)
        wedding = [k.id for k in contracts.of(rules).kinds if k.holding == card and k.partner_within]
        if wedding:
            pair = cards(rules, (card,), "both")
            out.append(clause("players.sides-alone.unless", both=pair, name=Contract(wedding[0])))
        else:
            out.append(clause("players.sides-alone", both=cards(rules, (card,), "both")))
    return out


PLACES: dict[str, Builder] = {"overview.players": players}
