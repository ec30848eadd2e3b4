"""A game value for two parties on the rule page (:mod:`referee.mechanisms.party_game`, Doppelkopf's Spielwert):
the aim, what each party needs, and what the game is worth, item by item.

Its words: :mod:`wording.party_game`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, announcements, party_game
from wording import party_game as words

from ..terms import Builder, Clause, Number, Parts, Points, Said, Words, cards, clause, eyes

MECHANISM: Mechanism = party_game
WORDS: Words = words


def goal(rules: Ruleset) -> list[Clause] | None:
    """The aim: the card points a party needs, and so the game value."""
    return [clause("goal.party-game")] if party_game.active(party_game.of(rules)) else None


def scoring(rules: Ruleset) -> list[Clause]:
    """Two parties playing for the card points, and the game value."""
    settings = party_game.of(rules)
    if not party_game.active(settings):
        return []
    total = settings.points
    out = [clause("score.party-need", re=Number(total // 2 + 1), kontra=Number(total // 2))]
    spoken = announcements.of(rules)
    steps = len(spoken.steps) if announcements.active(spoken) else 0
    if steps:
        out.append(clause("score.party-need-kontra", re=Number(total // 2 + 1), kontra=Number(total // 2)))
        needs = tuple(
            clause("part.party-step-need", word=Said(word), need=Number(own), against=Number(other))
            if own >= 0
            else clause("part.party-step-need.every-trick", word=Said(word))
            for word, own, other in zip(
                announcements.STEP_WORDS[:steps], party_game.OWN_NEED, party_game.AGAINST_NEED, strict=False
            )
        )
        out.append(clause("score.party-need-steps", needs=Parts(needs)))
        out.append(clause("score.party-nobody"))
    out.append(clause("score.party-value"))
    if announcements.active(spoken):
        out.append(clause("score.party-value-announced"))
    if steps:
        reached = tuple(
            clause("part.party-reached", word=Said(word), points=Number(points))
            for word, points in zip(announcements.STEP_WORDS[:steps], party_game.REACHED, strict=False)
        )
        out.append(clause("score.party-value-reached", reached=Parts(reached)))
    out.append(clause("score.party-against"))
    extras: list[Clause] = []
    if settings.fox:
        extras.append(clause("part.extra-fox", card=cards(rules, (settings.fox,))))
    if settings.charlie:
        extras.append(clause("part.extra-charlie", card=cards(rules, (settings.charlie,))))
    if settings.big_trick:
        extras.append(clause("part.extra-big", points=Points(settings.big_trick, eyes=eyes(rules))))
    if extras:
        out.append(clause("score.party-extras", extras=Parts(tuple(extras))))
    out.append(clause("score.party-scores"))
    if steps:  # with announcements' targets both parties can miss (TSR 7.1.3)
        out.append(clause("score.party-nobody-value"))
    if rules.deck.copies == 2:
        out.append(clause("score.party-alone"))
    return out


PLACES: dict[str, Builder] = {"goal": goal, "score.deal": scoring}
