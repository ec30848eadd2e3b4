"""Every phrase about the end of a game, in one place: the rule page's sentences.

When a game ends and who wins come from the referee (:mod:`referee.mechanisms.game_end`, and
:mod:`referee.ending` for a game's outcome) through its page module (:mod:`generator.mechanisms.game_end`);
these are only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_, NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "end.start": NN_("Every player starts with %(start)s point.", "Every player starts with %(start)s points."),
    "end.count-down": NN_(
        "Every player starts with %(start)s point, and the points of each deal are subtracted from it.",
        "Every player starts with %(start)s points, and the points of each deal are subtracted from them.",
    ),
    "end.target": N_("The game ends after the deal in which a player's score reaches %(target)s or more."),
    "end.target.teams": N_("The game ends after the deal in which a side's score reaches %(target)s or more."),
    "end.target-down": NN_(
        "The game ends after the deal in which a player's score falls to %(target)s point or below.",
        "The game ends after the deal in which a player's score falls to %(target)s points or below.",
    ),
    "end.target-down.teams": NN_(
        "The game ends after the deal in which a side's score falls to %(target)s point or below.",
        "The game ends after the deal in which a side's score falls to %(target)s points or below.",
    ),
    "end.deals": NN_("The game lasts %(deals)s deal.", "The game lasts %(deals)s deals."),
    # Sides that score as one, every player dealing as often (Klaverjassen's 16 deals, four each): a language may
    # name that series with its own word (Dutch "boom"), where its word for a game would be the side's ("partij").
    "end.deals.teams": NN_(
        "The game lasts %(deals)s deals; each player deals %(each)s time.",
        "The game lasts %(deals)s deals; each player deals %(each)s times.",
    ),
    "end.floor": N_("The game also ends after a deal in which a player's score falls to %(floor)s or below."),
    "end.floor.teams": N_("The game also ends after a deal in which a side's score falls to %(floor)s or below."),
    "end.schedule": N_("The game ends after the last deal of this sequence of hand sizes."),
    "end.winner-lowest": N_("The player with the lowest score wins."),
    "end.winner-highest": N_("The player with the highest score wins."),
    "end.winner-lowest.teams": N_("The side with the lowest score wins."),
    "end.winner-highest.teams": N_("The side with the highest score wins."),
    "end.ties-play-on": N_(
        "If the best score is tied, play goes on, deal by deal, until a single player has the best score."
    ),
    "end.ties-play-on.teams": N_(
        "If the best score is tied, play goes on, deal by deal, until a single side has the best score."
    ),
    "end.thrown-in-counts": N_("A deal thrown in because everyone passed counts as one of them."),
    "end.ties-shared": N_("If the best score is tied, the tied players share the win."),
    "end.ties-shared.teams": N_("If the best score is tied, the tied sides share the win."),
}
