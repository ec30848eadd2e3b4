"""Shooting the moon on the rule page (:mod:`referee.mechanisms.moon`): what it takes, what it scores, a bonus
card the shooter keeps, a partner spared; where the cards are penalties, that a game has no moon.

Its words, with the rest of the moon's (the table of what each player scores, the label, the kiosk's), are in
:mod:`wording.moon`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, moon
from wording import moon as words

from ..terms import Builder, Clause, Points, Words, card_values, cards, clause, patterns, penalty

MECHANISM: Mechanism = moon
WORDS: Words = words


def scoring(rules: Ruleset) -> list[Clause]:
    """What the moon needs and scores."""
    settings = moon.of(rules)
    kind = settings.kind
    if kind == "none":
        # Said only where the points are penalties: where they are prizes, nobody expects a moon.
        return [clause("moon.none")] if penalty(rules) else []
    pen = penalty(rules)
    aim = moon.target(rules)
    worth = aim.value
    out = [clause("moon.condition", cards=cards(rules, patterns(rules, aim.cards), "all"))]
    # The moon cancels only the shooter's penalty points (referee.mechanisms.moon): a bonus card
    # taken still counts, so "the shooter scores nothing" is said only where there is no bonus card.
    bonus = [(key, -value) for key, value in card_values(rules) if value < 0]
    suffix = ".bonus" if bonus and kind in ("old", "mixed") else ""
    if kind == "new":
        out.append(clause("moon.new", points=Points(-worth, pen)))
    elif kind == "positive":  # points the shooter gains, whichever way the cards count
        out.append(clause("moon.positive", points=Points(worth)))
    elif kind in ("mixed", "choose"):
        out.append(clause(f"moon.{kind}{suffix}", points=Points(worth, pen), minus=Points(-worth, pen)))
    else:
        out.append(clause(f"moon.{kind}{suffix}", points=Points(worth, pen)))
    for key, value in bonus:
        out.append(clause("moon.bonus-kept", card=cards(rules, (key,), "a"), points=Points(value, pen)))
    if settings.partner == "exempt":
        out.append(clause("moon.partner-exempt"))
    return out


PLACES: dict[str, Builder] = {"score.deal": scoring}
