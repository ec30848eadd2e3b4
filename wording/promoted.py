"""Every phrase about promoted trumps, in one place: the rule page's sentences.

What the page says of it (which cards are promoted, in what order, and the Dulle) comes from the referee
(:mod:`referee.mechanisms.promoted`) through its page module (:mod:`generator.mechanisms.promoted`); these are only
its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    # promoted cards of any suit, the trump suit's own among them (Doppelkopf's ♦Q and ♦J, Skat's ♦J in a
    # diamonds game): they rank above the rest of the trump suit, not beside it
    "play.promoted": N_(
        "These cards are trumps too, whatever their own suit, above the rest of the trump suit, from the highest: "
        "%(cards)s. They belong to the trump suit, also when following suit."
    ),
    # the highest of them, two in the pack, named as Doppelkopf's players name it (promoted.dulle)
    "play.promoted-dulle": N_(
        "%(card)s, the Dulle, is the highest trump. Of two Dullen in one trick the one played first wins: the "
        "second Dulle does not beat the first."
    ),
    "play.promoted-then": N_("After them come the trump suit's other cards, from high to low: %(ranks)s."),
    "play.promoted-plain": N_("In the other suits the cards rank from high to low: %(ranks)s."),
    # where a suit is short of a card, the order and the suit in one sentence (a German reader: "In den
    # Fehlfarben: Ass, Zehn, König, Neun; in Herz nur Ass, König, Neun", which the quick reference has room for)
    "play.promoted-plain.short": N_(
        "In the other suits the cards rank from high to low: %(ranks)s; %(suit)s have only %(short)s, as %(cards)s "
        "is a trump."
    ),
}
