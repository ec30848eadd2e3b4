"""The bonus for every trick on the rule page (:mod:`referee.mechanisms.all_tricks`, Klaverjassen's pit).

Its words: :mod:`wording.all_tricks`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, all_tricks
from wording import all_tricks as words

from ..terms import Builder, Clause, Points, Words, clause

MECHANISM: Mechanism = all_tricks
WORDS: Words = words


def sweep(rules: Ruleset) -> list[Clause]:
    """What a player, or a side, scores more for taking every trick."""
    points = all_tricks.of(rules).points
    if not points:
        return []
    kind = "score.all-tricks.teams" if rules.score_teams == "shared" else "score.all-tricks"
    return [clause(kind, points=Points(points))]


PLACES: dict[str, Builder] = {"score.deal": sweep}
