"""Every phrase about the bonus for every trick, in one place: the rule page's sentences.

What the page says of it (what taking every trick scores) comes from the referee
(:mod:`referee.mechanisms.all_tricks`) through its page module (:mod:`generator.mechanisms.all_tricks`); these are
only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "score.all-tricks.teams": N_("A side that takes every trick (pit) scores %(points)s more."),
    "score.all-tricks": N_("A player who takes every trick scores %(points)s more."),
}
