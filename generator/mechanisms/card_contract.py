"""A contract on card points on the rule page (:mod:`referee.mechanisms.card_contract`): what the makers need,
and what happens when they fall short (nat).

Its words: :mod:`wording.card_contract`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, card_contract
from wording import card_contract as words

from ..terms import Builder, Clause, Words, clause

MECHANISM: Mechanism = card_contract
WORDS: Words = words


def need(rules: Ruleset) -> list[Clause]:
    """What the side that chose trump must score, and what it costs them not to."""
    makers_need = card_contract.of(rules).makers_need
    if makers_need == "none":
        return []
    return [clause(f"score.makers-need.{makers_need}"), clause("score.makers-fail")]


PLACES: dict[str, Builder] = {"score.deal": need}
