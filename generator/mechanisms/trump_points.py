"""The trump suit's cards worth more, on the rule page (:mod:`referee.mechanisms.trump_points`): what the cards
are worth outside the trump suit and in it.

Its words: :mod:`wording.trump_points`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, trump_points
from wording import trump_points as words

from ..terms import Builder, Clause, Words, clause, pack_rank, ranks_by_strength, values_list

MECHANISM: Mechanism = trump_points
WORDS: Words = words


def values(rules: Ruleset) -> list[Clause] | None:
    """The cards' points by rank, outside the trump suit and in it, in place of one list for every suit."""
    if not rules.values_by_trump:
        return None
    by_rank = {pack_rank(r): v for r, v in rules.card_points.by_rank.items()}
    plain = {r: by_rank.get(r, 0) for r in ranks_by_strength(rules)}
    trumps = trump_points.trump_values(trump_points.of(rules), rules)
    in_trump = {r: trumps[r] for r in ranks_by_strength(rules, trump=True)}
    return [
        # said only where the values stand in a table instead of these two sentences (the quick reference):
        # the scoring's first line, so that "the last trick counts 10 more" follows the card values it adds to
        clause("score.values-table"),
        clause("score.plain-values", values=values_list(rules, plain)),
        clause("score.trump-values", values=values_list(rules, in_trump, trump=True)),
    ]


PLACES: dict[str, Builder] = {"score.values": values}
