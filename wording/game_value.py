"""Every phrase about a declarer's game value (Skat's Spielwert), in one place: the rule page's sentences, and a
value counted up.

What the page says of it (the base values, the multiplier, the fixed values and what a game lost costs) comes from
the referee (:mod:`referee.mechanisms.game_value`) through its page module (:mod:`generator.mechanisms.game_value`);
these are only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_, NN_
from .names import Case

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    # the series of the Deutscher Skatverband's tournament list, which the Skat Order does not fix: each player
    # deals %(each)s times, so %(three)s deals at a table of three and %(four)s at one of four (the dealer sits out)
    "end.deals.series": N_(
        "By the German Skat Association's tournament rules (Skatwettspielordnung) each player deals %(each)s times "
        "in a series: %(three)s deals at a table of three, %(four)s at a table of four. The Skat Order itself sets "
        "no length."
    ),
    "goal.game-value": N_(
        "In each deal the winner of the bidding, the declarer, plays alone against the others, who play together "
        "as the defenders; each player's score is kept on its own. A game won adds its value to the declarer's "
        "score; a game lost takes twice its value off. The aim is the highest score at the end."
    ),
    "goal.game-value.times": NN_(
        "In each deal the winner of the bidding, the declarer, plays alone against the others, who play together "
        "as the defenders; each player's score is kept on its own. A game won adds its value to the declarer's "
        "score; a game lost takes %(times)s time its value off. The aim is the highest score at the end.",
        "In each deal the winner of the bidding, the declarer, plays alone against the others, who play together "
        "as the defenders; each player's score is kept on its own. A game won adds its value to the declarer's "
        "score; a game lost takes %(times)s times its value off. The aim is the highest score at the end.",
    ),
    "declare.least": N_("A game of fixed value (%(values)s) may be declared only if its value reaches the bid."),
    "score.gv-need": N_(
        "The declarer of a game for tricks wins with at least %(need)s; with %(short)s the game is lost."
    ),
    "score.gv-need.talon": N_(
        "The declarer of a game for tricks wins with at least %(need)s, the skat included; with %(short)s the "
        "game is lost."
    ),
    "score.gv-schneider": NN_(
        "A party with %(points)s card point or fewer is schneider; a party that took no trick is schwarz.",
        "A party with %(points)s card points or fewer is schneider; a party that took no trick is schwarz.",
    ),
    "score.gv-value": N_("A game for tricks is worth its base value times a multiplier: that is its game value."),
    "score.gv-bases": N_("The base values: %(values)s."),
    "part.game-value": N_("%(game)s %(value)s"),
    "score.gv-multiplier": N_(
        "The multiplier is the number of matadors (see below), plus 1 for the game, and 1 each for schneider "
        "and schwarz."
    ),
    "score.gv-multiplier.hand": N_(
        "The multiplier is the number of matadors (see below), plus 1 for the game, 1 for a hand game, and 1 "
        "each for schneider and schwarz."
    ),
    "score.gv-announced": N_(
        "Schneider or schwarz announced counts 1 more each, and ouvert 1 more again; announcing schwarz "
        "announces schneider too, and ouvert both."
    ),
    "score.gv-matadors": N_(
        "Matadors: holding the highest trump, the declarer plays “with” as many trumps as they hold from the top "
        "without a gap; lacking it, “without” as many as are missing above their highest trump."
    ),
    "score.gv-matadors.talon": N_(
        "Matadors: holding the highest trump, the declarer plays “with” as many trumps as they hold from the top "
        "without a gap; lacking it, “without” as many as are missing above their highest trump. Hand and skat "
        "count together, in a hand game too."
    ),
    "score.gv-example-with": NN_(
        "For example, a declarer holding %(held)s but not %(missing)s plays with %(count)s: %(line)s.",
        "For example, a declarer holding %(held)s but not %(missing)s plays with %(count)s: %(line)s.",
    ),
    "score.gv-example-without": NN_(
        "A declarer whose highest trump is %(held)s, lacking %(missing)s, plays without %(count)s: %(line)s.",
        "A declarer whose highest trump is %(held)s, lacking %(missing)s, plays without %(count)s: %(line)s.",
    ),
    "score.gv-fixed": N_("A game for no trick has a fixed value: %(values)s."),
    "score.gv-won": NN_(
        "A game won adds its value to the declarer's score; a game lost takes %(times)s time its value off. The "
        "defenders score nothing.",
        "A game won adds its value to the declarer's score; a game lost takes %(times)s times its value off. The "
        "defenders score nothing.",
    ),
    "score.gv-won.double": N_(
        "A game won adds its value to the declarer's score; a game lost takes twice its value off. The defenders "
        "score nothing."
    ),
    "score.gv-lost-levels": N_(
        "A game announced schneider is lost if the defenders take more than %(points)s; one announced "
        "schwarz or ouvert is lost with the first trick the defenders take. A lost game counts the matadors and "
        "the game, as a won one does, and hand for a hand game. A level announced counts as if reached, with "
        "its announcement: a lost game announced schneider counts schneider and schneider announced. A declarer "
        "who is schneider or schwarz himself counts that level too, but never twice."
    ),
    # the quick reference's short form of it (generator.rulepage.QUICKREF_SHORT)
    "score.gv-lost-levels.card": N_(
        "A lost game is valued as a won one is, with the levels announced, and with schneider or schwarz if the "
        "declarer is left in it himself; no level counts twice."
    ),
    "score.gv-overbid": N_(
        "A game worth less than the bid (say, a matador lay in the skat) is overbid and lost, whatever the card "
        "points; it counts as the lowest multiple of its base value that reaches the bid."
    ),
    "score.gv-seeger-fabian.house": N_(
        "In clubs and tournaments (the Skat tournament rules) games are also scored by Seeger-Fabian: each game "
        "won adds %(won)s more for the declarer, each game lost takes %(won)s off and gives each other player at "
        "the table %(three)s (%(four)s at a table of four). These rules score without it; a house rule adds it."
    ),
    "score.gv-seeger-fabian": N_(
        "On the list each game won adds %(won)s for the declarer, and each game lost takes %(won)s off and gives "
        "each other player at the table 40 (30 at a table of four)."
    ),
}
#: The grammatical case of the cards a sentence names (merged into generator.phrases.CASES).
CASES: dict[str, dict[str, Case]] = {
    "score.gv-example-with": {"held": "accusative", "missing": "accusative"},
    "score.gv-example-without": {"held": "accusative", "missing": "accusative"},
}
#: A game value counted up as Skat players say it ("Kreuz mit 2, Spiel 3: 3 × 12 = 36"): each item with the
#: multiplier reached so far, then the sum (generator.phrases.value_line).
VALUE_ITEMS: dict[str, str] = {
    "with": N_("with %(count)s"),
    "without": N_("without %(count)s"),
    "game": N_("game %(count)s"),
    "hand": N_("hand %(count)s"),
    "schneider": N_("schneider %(count)s"),
    "schneider-announced": N_("schneider announced %(count)s"),
    "schwarz": N_("schwarz %(count)s"),
    "schwarz-announced": N_("schwarz announced %(count)s"),
    "ouvert": N_("ouvert %(count)s"),
}
VALUE_LINE = N_("%(game)s %(items)s: %(multiplier)s × %(base)s = %(value)s")
