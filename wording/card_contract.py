"""Every phrase about a contract on card points (nat), in one place: the rule page's sentences.

What the page says of it (what the makers need) comes from the referee (:mod:`referee.mechanisms.card_contract`)
through its page module (:mod:`generator.mechanisms.card_contract`); these are only its words, keyed as the page
keys every clause.
"""

from __future__ import annotations

from .i18n import N_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "score.makers-need.more-than-half": N_(
        "The side that chose trump must score more than half of all the points of the deal, its roem and the "
        "other side's included: a tie is not enough."
    ),
    "score.makers-need.half": N_(
        "The side that chose trump must score at least half of all the points of the deal, its roem and the "
        "other side's included."
    ),
    "score.makers-fail": N_(
        "If they do not, they are nat: they score nothing, and the other side scores every point of the deal "
        "and all the roem."
    ),
}
