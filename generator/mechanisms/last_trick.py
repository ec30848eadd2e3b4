"""The last trick's bonus on the rule page (:mod:`referee.mechanisms.last_trick`).

Its words: :mod:`wording.last_trick`; the deal's total that counts it is the base game's (``score.total``).
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, last_trick
from wording import last_trick as words

from ..terms import Builder, Clause, Points, Words, clause, penalty

MECHANISM: Mechanism = last_trick
WORDS: Words = words


def bonus(rules: Ruleset) -> list[Clause]:
    """What the last trick scores besides its cards."""
    points = last_trick.of(rules).points
    return [clause("score.last-trick", points=Points(points, penalty(rules)))] if points else []


PLACES: dict[str, Builder] = {"score.cards": bonus}
