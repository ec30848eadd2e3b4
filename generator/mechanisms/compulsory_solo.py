"""The compulsory solo of each round on the rule page (:mod:`referee.mechanisms.compulsory_solo`): which solo it
is, who leads and whether the deal counts, the Vorführung, and the game's length where each one is dealt again.
The reservations' priorities it sets are said with the contracts (:mod:`generator.mechanisms.contracts`).

Its words: :mod:`wording.compulsory_solo`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, compulsory_solo
from wording import compulsory_solo as words

from ..terms import Builder, Clause, Number, Words, clause

MECHANISM: Mechanism = compulsory_solo
WORDS: Words = words


def round_(rules: Ruleset) -> list[Clause]:
    """The round, who leads each solo and whether a compulsory one is dealt again, and the Vorführung."""
    settings = compulsory_solo.of(rules)
    if not compulsory_solo.active(settings):
        return []
    return [
        clause("compulsory.round", settings.round, deals=Number(settings.round)),
        # who leads each solo, and whether a compulsory one is dealt again: one sentence
        clause(f"compulsory.leads.{'extra-deal' if settings.extra_deal else 'counts'}.{settings.voluntary_leads}"),
        clause("compulsory.forced"),
    ]


def deals(rules: Ruleset) -> list[Clause] | None:
    """The game's length, where each compulsory solo's deal is dealt again and does not count."""
    duty = compulsory_solo.of(rules)
    if rules.game.deals is None or not (compulsory_solo.active(duty) and duty.extra_deal):
        return None
    return [clause("compulsory.game-deals", rules.game.deals, deals=Number(rules.game.deals))]


def lead(rules: Ruleset) -> list[Clause] | None:
    """Who leads to the first trick: the dealer's left, but the soloist in a compulsory solo (a German reader
    missed the exception where the rules of play say who leads). Where the soloist leads every solo, the
    round's sentence says so (``compulsory.leads.*.declarer``)."""
    settings = compulsory_solo.of(rules)
    if not compulsory_solo.active(settings) or rules.opening_by != "left-of-dealer":
        return None
    if settings.voluntary_leads != "left-of-dealer":
        return None
    return [clause("play.lead-left-of-dealer.compulsory")]


def rotation(rules: Ruleset) -> list[Clause] | None:
    """Who deals next: the left neighbour, but the same dealer again after a compulsory solo dealt again (a
    German reader found "the deal passes to the left after each deal" against the solo's own sentence)."""
    settings = compulsory_solo.of(rules)
    if not compulsory_solo.active(settings) or not settings.extra_deal or rules.rotation != 1:
        return None
    return [clause("deal.rotation-left.compulsory")]


PLACES: dict[str, Builder] = {
    "bid.before-rounds": round_,
    "deal.rotation": rotation,
    "play.lead": lead,
    "end.deals": deals,
}
