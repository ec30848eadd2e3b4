"""Bags on the rule page (:mod:`referee.mechanisms.bags`): overtricks counted from deal to deal, and what every
so many of them cost.

Its words, with the rest of the bags' (the worked example's line, the label, the kiosk's), are in
:mod:`wording.bags`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, bags
from wording import bags as words

from ..terms import Builder, Clause, Number, Points, Words, clause

MECHANISM: Mechanism = bags
WORDS: Words = words


def overtricks(rules: Ruleset) -> list[Clause]:
    """What the bags cost, and whether their count is read from the score."""
    counted = bags.of(rules)
    if not bags.active(counted):
        return []
    out = [clause("score.bags", counted.every, every=Number(counted.every), points=Points(counted.points))]
    if counted.from_score:
        out.append(clause("score.bags-from-score"))
    return out


PLACES: dict[str, Builder] = {"score.bids": overtricks}
