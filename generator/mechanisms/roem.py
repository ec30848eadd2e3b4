"""Roem on the rule page (:mod:`referee.mechanisms.roem`): what a trick may hold besides its cards' points, and
who scores it.

Its words: :mod:`wording.roem`; the worked deal names each meld through the trick it lies in
(:mod:`generator.worked`).
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, roem
from wording import roem as words

from ..terms import (
    Builder,
    Clause,
    Number,
    Points,
    Ranks,
    Words,
    clause,
    deal_total,
    eyes,
    penalty,
    ranks_by_strength,
    ranks_in_play,
)

MECHANISM: Mechanism = roem
WORDS: Words = words


def melds(rules: Ruleset) -> list[Clause]:
    """``scoring.roem``: sequences, stuk, four of a kind, and who scores them."""
    settings = roem.of(rules)
    if not roem.active(settings):
        return []
    out = [clause("score.roem")]
    for length, value in sorted(settings.runs.items()):
        # a count in words where the language writes one (Dutch "Een driekaart (drie opeenvolgende kaarten ...)",
        # the name klaverjassers give it: a Dutch reader asked for driekaart and vierkaart)
        out.append(clause("score.roem-run", length, count=Number(length, "count"), points=Points(value, roem=True)))
    if settings.runs:
        out.append(clause("score.roem-order", ranks=Ranks(ranks_in_play(rules), rules.deck.pack)))
    if settings.trump_king_queen:
        out.append(clause("score.roem-stuk", points=Points(settings.trump_king_queen, roem=True)))
    fours: dict[int, list[str]] = {}
    for rank in ranks_by_strength(rules):
        if settings.four_of_a_kind.get(rank):
            fours.setdefault(settings.four_of_a_kind[rank], []).append(rank)
    for value, ranks in sorted(fours.items(), key=lambda kv: -kv[0]):
        named = Ranks(tuple(ranks), rules.deck.pack, "or", plural=True)  # "four jacks"
        out.append(clause("score.roem-four", ranks=named, points=Points(value, roem=True)))
    out.append(clause("score.roem-winner"))
    if settings.called:
        out.append(clause("score.roem-called"))
    return out


def total(rules: Ruleset) -> list[Clause] | None:
    """The deal's total without roem, which is not in every deal (Dutch "162 punten (zonder roem)")."""
    if not roem.active(roem.of(rules)):
        return None
    points = deal_total(rules)
    return [clause("score.total-roem", points, points=Points(points, penalty(rules), eyes(rules)))]


PLACES: dict[str, Builder] = {"score.total": total, "score.deal": melds}
