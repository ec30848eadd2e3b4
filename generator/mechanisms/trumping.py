"""The trump duties on the rule page (:mod:`referee.mechanisms.trumping`), from the settings, whatever the trump
suit: a trump chosen in the bidding is not known when the page is made, and the duties hold for every trump.

Its words: :mod:`wording.trumping`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, trumping
from wording import trumping as words

from ..terms import Builder, Clause, Words, clause

MECHANISM: Mechanism = trumping
WORDS: Words = words


def follow(rules: Ruleset) -> list[Clause] | None:
    """Following suit without "may play any card": with trump duties a player who cannot follow is not free."""
    return [clause("play.follow-bound")] if trumping.active(trumping.of(rules)) else None


def duties(rules: Ruleset) -> list[Clause]:
    """What a player who cannot follow must trump, overtrump, or may not undertrump."""
    settings = trumping.of(rules)
    if not trumping.active(settings):
        return []
    partners = rules.teams_kind == "opposite"
    must = {
        "never": "play.trumping-free",
        "always": "play.trumping-must-partner" if partners else "play.trumping-must",
        "unless-partner-winning": "play.trumping-unless-partner",
    }
    out = [clause(must[settings.must_trump])]
    if settings.overtrump:
        if settings.must_trump == "unless-partner-winning":
            out.append(clause("play.trumping-over-free"))
        else:
            out.append(clause("play.trumping-over-partner" if partners else "play.trumping-over"))
    if settings.undertrump == "only-with-nothing-else":
        out.append(clause("play.trumping-under-forbidden"))
    elif settings.must_trump == "always" and settings.overtrump:
        out.append(clause("play.trumping-under-forced"))
    return out


PLACES: dict[str, Builder] = {"play.follow": follow, "play.duties": duties}
