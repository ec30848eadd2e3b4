"""Every phrase about the dealer who sits the deal out, in one place: the rule page's sentences.

What the page says of it (who sits out, and at which table sizes) comes from the referee
(:mod:`referee.mechanisms.dealer_out`) through its page module (:mod:`generator.mechanisms.dealer_out`); these are
only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "players.dealer-out": NN_(
        "With %(count)s player at the table, only %(hands)s play each deal: the dealer sits it out, dealt no "
        "cards and taking no part in the bidding or the play.",
        "With %(count)s players at the table, only %(hands)s play each deal: the dealer sits it out, dealt no "
        "cards and taking no part in the bidding or the play.",
    ),
}
