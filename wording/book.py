"""Every phrase about the book, in one place: the rule page's sentences, the label and the comparison's cell.

How many tricks the book holds and what a trick over it scores come from the
referee (:mod:`referee.mechanisms.book`); these are only its words.
"""

from __future__ import annotations

from .i18n import N_, NC_

#: The rule page's sentences (merged into generator.phrases.PHRASES): the aim, and the score.
CLAUSES: dict[str, str | tuple[str, str]] = {
    "goal.book": N_("The aim is to take as many tricks as you can: every trick beyond the first %(book)s scores."),
    "goal.book.teams": N_(
        "The aim is for your side to take as many tricks as it can: every trick beyond the first %(book)s scores."
    ),
    "score.book": N_("For each trick a player takes beyond the first %(book)s (the book), they score %(points)s."),
    "score.book.teams": N_("For each trick a side takes beyond the first %(book)s (the book), it scores %(points)s."),
}
#: The label's part ("tricks over 6 score") and the comparison's goal cell ("tricks over 6").
LABEL = NC_("label", "tricks over %(book)s score")
GOAL = NC_("compare", "tricks over %(book)s")
