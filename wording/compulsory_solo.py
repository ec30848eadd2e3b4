"""Every phrase about the compulsory solo of each round, in one place: the rule page's sentences.

What the page says of it (the round, who leads a solo and whether its deal counts) comes from the referee
(:mod:`referee.mechanisms.compulsory_solo`) through its page module (:mod:`generator.mechanisms.compulsory_solo`);
these are only its words, keyed as the page keys every clause, in the words of Doppelkopf's rule books:
Pflichtsolo, Lustsolo, Vorbehalt, Vorführung, "kommt raus".
"""

from __future__ import annotations

from .i18n import N_, NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    # the game's length where each compulsory solo is dealt again (its deal does not count)
    "compulsory.game-deals": NN_(
        "The game lasts %(deals)s deal, and one more for each compulsory solo.",
        "The game lasts %(deals)s deals, and one more for each compulsory solo.",
    ),
    "compulsory.round": NN_(
        "A round is %(deals)s deal, and one more for each compulsory solo. In it every player must play a "
        "compulsory solo: their first solo of the round. Later ones are voluntary solos; a wedding, announced or "
        "silent, is neither.",
        "A round is %(deals)s deals, and one more for each compulsory solo. In it every player must play a "
        "compulsory solo: their first solo of the round. Later ones are voluntary solos; a wedding, announced or "
        "silent, is neither.",
    ),
    "compulsory.leads.extra-deal.left-of-dealer": N_(
        "In a compulsory solo the soloist leads; it does not count among the round's deals, and the same dealer "
        "deals again. In a voluntary solo the dealer's left leads, and the deal counts."
    ),
    "compulsory.leads.extra-deal.declarer": N_(
        "The soloist leads every solo. A compulsory solo does not count among the round's deals: the same dealer "
        "deals again."
    ),
    "compulsory.leads.counts.left-of-dealer": N_(
        "In a compulsory solo the soloist leads, in a voluntary solo the dealer's left. Every deal counts."
    ),
    "compulsory.leads.counts.declarer": N_("The soloist leads every solo, and every deal counts."),
    # who deals next, with the compulsory solo's exception (dealt again by the same dealer; not the Vorführung)
    "deal.rotation-left.compulsory": N_(
        "After each deal, the turn to deal passes to the left; after a compulsory solo the same dealer deals again."
    ),
    # the rules of play's first lead, with the compulsory solo's exception (the Vorführung is one)
    "play.lead-left-of-dealer.compulsory": N_(
        "The player to the left of the dealer leads to the first trick; in a compulsory solo, the Vorführung too, "
        "the soloist leads."
    ),
    "compulsory.forced": N_(
        "Once the round has no more deals left than players owing a compulsory solo, the first of them from the "
        "dealer's left must play a solo (the Vorführung); they lead, and the deal counts."
    ),
}
