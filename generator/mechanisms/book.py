"""The book on the rule page (:mod:`referee.mechanisms.book`): the aim, and what each trick beyond it scores.

Its words, with the label's and the comparison's, are in :mod:`wording.book`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, book
from wording import book as words

from ..terms import Builder, Clause, Number, Points, Words, clause

MECHANISM: Mechanism = book
WORDS: Words = words


def goal(rules: Ruleset) -> list[Clause] | None:
    """The aim: tricks beyond the book. Where the bids score (a bid's contract), the aim is the bid's, which the
    base game states."""
    tricks = book.of(rules).tricks
    if tricks is None or rules.bid_scoring is not None:
        return None
    teams = rules.score_teams != "individual"
    return [clause("goal.book.teams" if teams else "goal.book", book=Number(tricks))]


def scoring(rules: Ruleset) -> list[Clause]:
    """What each trick beyond the book scores, to a player or to a side."""
    settings = book.of(rules)
    if settings.tricks is None:
        return []
    kind = "score.book.teams" if rules.score_teams != "individual" else "score.book"
    return [clause(kind, book=Number(settings.tricks), points=Points(settings.points))]


PLACES: dict[str, Builder] = {"goal": goal, "score.end": scoring}
