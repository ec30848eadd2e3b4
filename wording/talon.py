"""Every phrase about the talon (Skat's skat), in one place: the rule page's sentences, and its place in a dealing
order.

What the page says of it (its size, where it is dealt and whether a hand game leaves it unseen) comes from the
referee (:mod:`referee.mechanisms.talon`) through its page module (:mod:`generator.mechanisms.talon`); these are
only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import NC_, NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "deal.packets-talon": NN_(
        "The dealer deals clockwise from their left in the order %(order)s: each number is the cards each player "
        "gets in that round; the skat is the %(talon)s card laid face down in the middle of the table.",
        "The dealer deals clockwise from their left in the order %(order)s: each number is the cards each player "
        "gets in that round; the skat is the %(talon)s cards laid face down in the middle of the table.",
    ),
    "deal.talon": NN_(
        "The %(talon)s card left over lies face down in the middle of the table: the skat.",
        "The %(talon)s cards left over lie face down in the middle of the table: the skat.",
    ),
    "declare.talon": NN_(
        "The declarer picks up the skat and lays %(cards)s card away face down; it counts for the declarer.",
        "The declarer picks up the skat and lays any %(cards)s cards away face down; they count for the declarer.",
    ),
    "declare.talon.hand": NN_(
        "The declarer may pick up the skat and lay %(cards)s card away face down, or leave it unseen and play a "
        "hand game, worth more. Either way the skat counts for the declarer.",
        "The declarer may pick up the skat and lay any %(cards)s cards away face down, or leave it unseen and "
        "play a hand game, worth more. Either way the skat counts for the declarer.",
    ),
}
#: The talon's place in a dealing order ("3 – skat – 4 – 3"), and the dash between the rounds
#: (generator.phrases.localise of a DealOrder).
IN_ORDER = NC_("dealing order", "skat")
ORDER_DASH = NC_("dealing order", "%(before)s – %(after)s")
