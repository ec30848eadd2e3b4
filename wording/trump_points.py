"""Every phrase about the trump suit's cards worth more, in one place: the rule page's sentences.

What the page says of it (what each rank of the trump suit is worth) comes from the referee
(:mod:`referee.mechanisms.trump_points`) through its page module (:mod:`generator.mechanisms.trump_points`); these
are only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    # the same words twice: the count (the points) chooses the verb's number in some languages
    "score.plain-values": N_("Outside the trump suit the cards taken in tricks count %(values)s; the others nothing."),
    "score.trump-values": N_("In the trump suit they count %(values)s; the others nothing."),
    # where the table of values (below the scoring) replaces the two sentences above, on the quick reference
    "score.values-table": N_(
        "At the end of the deal each side counts the points of the cards in its tricks; the table below gives "
        "each card's value, outside the trump suit and in it."
    ),
}
