"""The revoke penalty on the rule page (:mod:`referee.mechanisms.revoke_penalty`): what a confirmed revoke costs;
without a penalty, that the table settles it, rather than leave a breach looking free.

Its words, with the rest of the penalty's (the kiosk's question and notices, quick score's refusals), are in
:mod:`wording.revoke_penalty`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, revoke_penalty
from wording import revoke_penalty as words

from ..terms import Builder, Clause, Number, Points, Words, clause, eyes
from ..terms import penalty as penalties

MECHANISM: Mechanism = revoke_penalty
WORDS: Words = words


def penalty(rules: Ruleset) -> list[Clause]:
    """What a confirmed revoke costs, by the kind of penalty."""
    settings = revoke_penalty.of(rules)
    if settings.kind == "points":
        kind = "score.revoke-opponents" if settings.to == "opponents" else "score.revoke-offender"
        if settings.alone_points is not None:  # another number in a deal played alone (Euchre's lone hand)
            return [
                clause(
                    kind + "-alone",
                    settings.points,
                    points=Number(settings.points),
                    alone=Number(settings.alone_points),
                )
            ]
        out = [clause(kind, settings.points, points=Number(settings.points))]
        if settings.cannot_win:  # Whist's law 82: not out by the deal of the revoke
            short = rules.game.target - 1 if rules.game.target is not None else 0
            out.append(clause("score.revoke-cannot-win", short, points=Number(short)))
        return out
    if settings.kind == "fine":  # the deal not played, the offender fined: said in one sentence a setting
        out = [clause("score.revoke-fine", settings.fine, points=Number(settings.fine))]
        if settings.fine_per_step:
            out.append(clause("score.revoke-fine-step", settings.fine_per_step, points=Number(settings.fine_per_step)))
        if settings.fine_decided is not None:
            out.append(clause("score.revoke-fine-decided", settings.fine_decided, points=Number(settings.fine_decided)))
        return out
    if settings.kind == "all":  # the number it comes to, where every table size of the game gives the same
        charged = {revoke_penalty.charged(rules, n) for n in rules.player_counts}
        # Foster's laws, this penalty's source, also say who pays when two revoke, and until when one is claimed
        after = [clause("score.revoke-all-two"), clause("score.revoke-claim")]
        if len(charged) == 1:
            points = Points(charged.pop(), penalties(rules), eyes(rules))
            return [clause("score.revoke-all-points", points=points), *after]
        return [clause("score.revoke-all"), *after]
    return [clause({"lost": "score.revoke-lost"}.get(settings.kind, "score.revoke-table"))]


PLACES: dict[str, Builder] = {"score.end": penalty}
