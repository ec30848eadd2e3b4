"""Every phrase about the last trick's bonus, in one place: the rule page's sentences.

What the page says of it (what the last trick scores) comes from the referee (:mod:`referee.mechanisms.last_trick`)
through its page module (:mod:`generator.mechanisms.last_trick`); these are only its words, keyed as the page keys
every clause.
"""

from __future__ import annotations

from .i18n import N_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "score.last-trick": N_("The player who wins the last trick scores %(points)s more, besides the cards in it."),
}
