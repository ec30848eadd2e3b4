"""Announcements during play on the rule page (:mod:`referee.mechanisms.announcements`): what may be announced,
with how many cards in hand, and until when.

Its words: :mod:`wording.announcements`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, announcements, contracts
from wording import announcements as words

from ..terms import Builder, Clause, Number, Parts, Said, Words, clause

MECHANISM: Mechanism = announcements
WORDS: Words = words


def during(rules: Ruleset) -> list[Clause]:
    """What may be announced during play, and until when."""
    settings = announcements.of(rules)
    if not announcements.active(settings):
        return []
    out = [clause("play.announce", settings.first, cards=Number(settings.first))]
    if settings.steps:
        steps = tuple(
            clause("part.announce-step", need, word=Said(word), cards=Number(need))
            for word, need in zip(announcements.STEP_WORDS, settings.steps, strict=False)
        )
        out.append(clause("play.announce-steps", steps=Parts(steps)))
        out.append(clause("play.announce-skip"))
    if settings.reply:
        out.append(clause("play.announce-reply", settings.reply, cards=Number(settings.reply, "count")))
    if any(kind.partner_within for kind in contracts.of(rules).kinds):
        out.append(clause("play.announce-after-partner"))
    out.append(clause("play.announce-anytime"))
    return out


PLACES: dict[str, Builder] = {"play.during": during}
