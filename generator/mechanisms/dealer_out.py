"""The dealer who sits the deal out, on the rule page (:mod:`referee.mechanisms.dealer_out`): at which table
sizes, and how many play each deal.

Its words: :mod:`wording.dealer_out`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, dealer_out
from wording import dealer_out as words

from ..terms import Builder, Clause, Number, Words, clause

MECHANISM: Mechanism = dealer_out
WORDS: Words = words


def players(rules: Ruleset) -> list[Clause]:
    """More at the table than a deal takes: the dealer sits it out."""
    return [
        clause("players.dealer-out", n, count=Number(n), hands=Number(rules.dealt(n)))
        for n in dealer_out.of(rules).counts
    ]


PLACES: dict[str, Builder] = {"overview.players": players}
