"""Every phrase about passing cards before play, in one place: the rule page's sentences.

How many cards are passed and where come from the referee (:mod:`referee.mechanisms.passing`) through its page
module (:mod:`generator.mechanisms.passing`); these are only its words, keyed as the page keys every clause. The
directions' own words (left, across, ...) are the pack's and the table's: :mod:`wording.names`.
"""

from __future__ import annotations

from .i18n import N_, NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "passing.none": N_("There is no passing of cards."),
    "passing.count": NN_(
        "After looking at their cards, each player passes %(cards)s card face down to another player. "
        "Everyone chooses before picking up the cards they receive.",
        "After looking at their cards, each player passes %(cards)s cards face down to another player. "
        "Everyone chooses before picking up the cards they receive.",
    ),
    "passing.cycle": N_("The direction changes from deal to deal in this order, then starts again: %(cycle)s."),
    "passing.cycle.players": NN_(
        "With %(players)s player the order is: %(cycle)s.",
        "With %(players)s players the order is: %(cycle)s.",
    ),
    "passing.always": N_("Cards are always passed %(direction)s."),
    "passing.always.players": NN_(
        "With %(players)s player, cards are always passed %(direction)s.",
        "With %(players)s players, cards are always passed %(direction)s.",
    ),
}
