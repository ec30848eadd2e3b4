"""Every phrase about roem, in one place: the rule page's sentences and how its points are written.

What a trick's cards meld and what each meld is worth come from the referee
(:mod:`referee.mechanisms.roem`); these are only its words. The worked deal names
each meld through the trick it lies in (:mod:`generator.worked`).
"""

from __future__ import annotations

from .i18n import N_, NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "score.roem": N_("Besides the points of its cards, a trick may hold roem: cards that lie together in it."),
    "score.roem-run": NN_(
        "%(count)s card of one suit in sequence scores %(points)s.",
        "%(count)s cards of one suit in sequence score %(points)s.",
    ),
    "score.roem-order": N_("A sequence follows the usual order of the cards, %(ranks)s, whatever the trump."),
    "score.roem-stuk": N_(
        "The king and queen of trump in one trick (stuk) score %(points)s, also when they are part of a sequence."
    ),
    # the ranks in the plural: "Four jacks in one trick score 200 points of roem." (Dutch "Vier boeren in één slag:
    # 200 roem."; a Dutch reader found "four cards of one rank (jack)" clumsy)
    "score.roem-four": N_("Four %(ranks)s in one trick score %(points)s."),
    "score.roem-winner": N_("Roem goes to the side that wins the trick, and counts with its points."),
    "score.roem-called": N_(
        "Roem counts only when a player calls it (“roem!”) before the trick is turned; roem not called is lost."
    ),
    "score.total-roem": NN_(
        "A deal hands out %(points)s in all, without roem.", "A deal hands out %(points)s in all, without roem."
    ),
}
#: Points of roem, counted apart from the cards' points as the players say them (Dutch "20 roem").
POINTS = NN_("%(points)s point of roem", "%(points)s points of roem")
#: The worked deal's line under a trick that holds roem, and each meld named in it.
# ``side``: the partners by their seats, as the trick's points name them (generator.rulepage.TAKES_SIDE)
TRICK_LINE = N_("Roem in this trick: %(melds)s, for %(winner)s's side, %(side)s.")
MELDS = {
    "run": N_("%(cards)s in sequence, %(points)s"),
    "stuk": N_("stuk (%(cards)s), %(points)s"),
    "four": N_("four of a kind (%(cards)s), %(points)s"),
}
