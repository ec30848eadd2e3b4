"""The end of a game on the rule page (:mod:`referee.mechanisms.game_end`): the scores it starts from, when it ends
and who wins.

Its words: :mod:`wording.game_end`. How many deals a game lasts is said here unless a mechanism says it its own way
(Skat's series of the list: the place ``end.deals``).
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, game_end
from wording import game_end as words

from .. import mechanisms as page
from ..terms import Builder, Clause, Number, Points, Words, clause, penalty

MECHANISM: Mechanism = game_end
WORDS: Words = words


def end(rules: Ruleset) -> list[Clause]:
    """The scores a game starts from, when it ends, who wins and what a tie does."""
    game = rules.game
    out: list[Clause] = []
    teams = rules.score_teams != "individual"
    shared = teams and rules.score_teams == "shared"
    if game.count_sign < 0:
        out.append(clause("end.count-down", game.start, start=Number(game.start)))
    elif game.start:
        out.append(clause("end.start", game.start, start=Number(game.start)))
    if game.target is not None:
        kind = ("end.target-down" if game.count_sign < 0 else "end.target") + (".teams" if shared else "")
        if game.count_sign < 0:  # a score falling to a number of points
            out.append(clause(kind, game.target, target=Number(game.target)))
        else:  # points gathered: penalty points where the cards are penalties
            out.append(clause(kind, target=Points(game.target, penalty(rules))))
    if game.floor is not None:
        out.append(clause("end.floor.teams" if shared else "end.floor", floor=Points(game.floor)))
    if game.deals is not None:
        # more deals than these where a mechanism deals some again (each compulsory solo's)
        deals = game.deals
        if shared and deals % rules.default_players == 0:  # sides, each player dealing as often
            each = deals // rules.default_players
            length = clause("end.deals.teams", each, deals=Number(deals), each=Number(each, "count"))
        else:
            length = clause("end.deals", deals, deals=Number(deals))
        out.extend(page.instead("end.deals", rules, [length]))
        if game.thrown_in_counts:  # Skat's "eingepasst": a deal nobody played is one of the series
            out.append(clause("end.thrown-in-counts"))
    scheduled = bool(rules.schedule)
    if scheduled and all(len(rules.layout(n).schedule) == 1 for n in rules.player_counts):
        out.append(clause("end.deals", 1, deals=Number(1)))
    elif scheduled:
        out.append(clause("end.schedule"))
    suffix = ".teams" if teams else ""
    out.append(clause(f"end.winner-{game.winner}{suffix}"))
    # At the schedule's end the game is over whatever the scores: a tie is shared.
    ties = "shared" if scheduled and game.target is None and game.floor is None else game.ties
    out.append(clause(f"end.ties-{ties}{suffix}"))
    return out


PLACES: dict[str, Builder] = {"end": end}
