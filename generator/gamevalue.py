"""A declarer's game value as a rule page words it: Skat's "Kreuz mit 2, Spiel 3: 3 × 12 = 36".

Nothing here scores: the matadors come from :func:`referee.mechanisms.game_value.matadors` over the trumps
the engine's scorer reads (:meth:`referee.mechanisms.game_value.GameValueScorer.trumps`), a value from
:func:`referee.mechanisms.game_value.evaluate`, and a played deal's from
:func:`referee.mechanisms.game_value.outcome`. This module only picks example holdings and keeps the
items of a value in the order the page counts them up.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import Ruleset
from referee.mechanisms import contracts, game_value


@dataclass(frozen=True)
class ValueLine:
    """A game value counted up as Skat players say it: the game's word (``solo clubs``), its matadors (+ with,
    - without), the multiplier's items ``(what, count)`` in :data:`referee.mechanisms.game_value.ITEMS` order,
    the base value and the value. A fixed value (a null) has no items."""

    word: str
    matadors: int
    items: tuple[tuple[str, int], ...]
    base: int
    value: int


def line_of(word: str, outcome: game_value.Outcome) -> ValueLine:
    """The value line of a finished deal's outcome (:func:`referee.mechanisms.game_value.outcome`); an overbid
    game's value is the one the outcome writes, which its items do not reach."""
    return ValueLine(word, outcome.matadors, outcome.items, outcome.base, outcome.value)


def game_word(word: str) -> str:
    """A declaration's contract word without what a hand game adds (``solo clubs hand schneider`` ->
    ``solo clubs``): the line counts hand and the levels as items."""
    parts = word.split()
    while parts and parts[-1] in ("hand", "schneider", "schwarz", "ouvert") and len(parts) > 2:
        parts.pop()
    return " ".join(parts)


def matador_examples(rules: Ruleset) -> list[tuple[tuple[str, ...], tuple[str, ...], ValueLine]]:
    """Two holdings of the highest-valued suit game and what they are worth won without further levels: one
    "with" the two top trumps (lacking the third), one "without" three (its highest trump the fourth).
    Each: (the trumps held, the trump missing or those lacked, the line). Empty without such a game."""
    settings = game_value.of(rules)
    kinds = contracts.of(rules)
    suits = [k for k in kinds.kinds if k.suit in rules.deck_suits and k.goal == "tricks" and k.trumps]
    if not game_value.active(settings) or not suits:
        return []
    kind = max(suits, key=lambda k: settings.base.get(k.id) or settings.base.get(k.suit, 0))
    index = kinds.kinds.index(kind)
    trump = rules.deck.suits.find(kind.suit)
    base = settings.base.get(kind.id) or settings.base.get(kind.suit, 0)
    order = game_value.GameValueScorer(settings, rules).trumps(index, trump)
    if len(order) < 4:
        return []
    codes = [rules.deck.codes[c] for c in order]
    word = f"{contracts.SOLO} {kind.id}"
    total = sum(rules.layout(rules.default_players).points) + rules.deal_extra()
    out = []
    for held, missing in ((order[:2], order[2:3]), (order[3:4], order[:3])):
        mask = 0
        for card in held:
            mask |= 1 << card
        found = game_value.matadors(order, mask)
        won = game_value.evaluate(settings, base, 0, found, False, "", 0, settings.need, total, 1, 10)
        line = ValueLine(word, found, won.items, base, won.value)
        out.append((tuple(codes[order.index(c)] for c in held), tuple(codes[order.index(c)] for c in missing), line))
    return out
