"""The hook on the rule page (:mod:`referee.mechanisms.hook`): what the last player to bid tricks may not bid.

Its words: :mod:`wording.hook`; the worked example's line is :mod:`generator.examples`'.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, hook
from wording import hook as words

from ..terms import Builder, Clause, Words, clause

MECHANISM: Mechanism = hook
WORDS: Words = words


def bids(rules: Ruleset) -> list[Clause]:
    """The hook, in a round of trick bids: the dealer bids last where the bidding starts at the dealer's left."""
    if not hook.binds(rules):
        return []
    return [clause("bid.hook" if hook.dealer_last(rules) else "bid.hook.last")]


PLACES: dict[str, Builder] = {"bid.tricks": bids}
