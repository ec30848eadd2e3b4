"""Every phrase about a game value for two parties (Doppelkopf's Spielwert), in one place: the rule page's sentences.

What the page says of it (what each party needs, and what the game is worth item by item) comes from the referee
(:mod:`referee.mechanisms.party_game`) through its page module (:mod:`generator.mechanisms.party_game`); these are
only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "goal.party-game": N_(
        "The aim is for your party to take the card points it needs, and so to win the game value of the deal."
    ),
    "score.party-need": N_("The Re party needs %(re)s card points to win, the Kontra party %(kontra)s."),
    "score.party-need-kontra": N_(
        "If only “Kontra” was announced, it is the other way round: Re wins with %(kontra)s, and Kontra needs %(re)s."
    ),
    "score.party-need-steps": N_(
        "A party that announced more needs more, and its opponents then need less: %(needs)s."
    ),
    "part.party-step-need": N_("after %(word)s %(need)s against %(against)s"),
    "part.party-step-need.every-trick": N_("after %(word)s every trick, against a single trick"),
    "score.party-nobody": N_("If neither party reaches what it needs, nobody wins the game."),
    "score.party-value": N_(
        "The game value is 1 for winning, and 1 more for each of these the losers fall short of: 90 points, 60 "
        "points, 30 points, a trick."
    ),
    "score.party-value-announced": N_(
        "Each “Re” or “Kontra” announced adds 2 to the value, each further step 1, whoever announced it."
    ),
    "score.party-value-reached": N_(
        "A party scores 1 more for each of these it reaches against the other party's announcement: %(reached)s."
    ),
    "part.party-reached": N_("%(points)s against %(word)s"),
    "score.party-against": N_(
        "When two play against two, the Kontra party scores 1 more for winning against the Re party."
    ),
    "score.party-extras": N_(
        "When two play against two, each party also scores an extra point for %(extras)s; one party's extra "
        "points are set against the other's."
    ),
    "part.extra-fox": N_("catching a fox (%(card)s) of the other party"),
    "part.extra-charlie": N_("taking the last trick with %(card)s (Karlchen)"),
    "part.extra-big": N_("each trick worth %(points)s or more (a Doppelkopf)"),
    "score.party-scores": N_(
        "Each player of the winning party scores the game value, and each player of the losing party loses it, so "
        "that a deal adds up to nothing."
    ),
    "score.party-nobody-value": N_(
        "If nobody wins, the game value is what the Re party earned (for the other party's shortfall, for what "
        "it reached against an announcement, and its extra points) less what the Kontra party earned, and it is "
        "scored as if the Re party had won."
    ),
    "score.party-alone": N_("A player who plays alone against three scores or loses the value three times over."),
}
