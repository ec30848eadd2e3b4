"""Every phrase about the trump duties, in one place: the rule page's sentences.

What the page says of it (which duties a ruleset sets) comes from the referee (:mod:`referee.mechanisms.trumping`)
through its page module (:mod:`generator.mechanisms.trumping`); these are only its words, keyed as the page keys
every clause.
"""

from __future__ import annotations

from .i18n import N_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    # Trump duties (referee.mechanisms.trumping): the follow sentence without "may play any card".
    "play.follow-bound": N_("Play goes clockwise. Everyone must follow suit if they can."),
    "play.trumping-must": N_("A player who cannot follow suit must play a trump if they have one."),
    "play.trumping-must-partner": N_(
        "A player who cannot follow suit must play a trump if they have one, even when their partner is winning "
        "the trick."
    ),
    "play.trumping-unless-partner": N_(
        "A player who cannot follow suit must play a trump if they have one, unless their partner is winning the "
        "trick: then they need not trump."
    ),
    "play.trumping-free": N_("A player who cannot follow suit may play a trump or any other card."),
    "play.trumping-over": N_(
        "Whoever plays a trump to a trick that already holds one must play a higher trump if they can. This also "
        "holds when trumps are led."
    ),
    "play.trumping-over-partner": N_(
        "Whoever plays a trump to a trick that already holds one must play a higher trump if they can. This also "
        "holds when trumps are led, even when their partner is winning the trick."
    ),
    # Amsterdam: the over-trump duty read alone contradicted the exemption before it (a Dutch reader); the engine
    # holds a free player who trumps to it too (no undertrump while holding another card)
    "play.trumping-over-free": N_(
        "Whoever plays a trump to a trick that already holds one must play a higher trump if they can. A player "
        "whose partner is winning the trick need not trump, but if they do, they too must play higher if they can. "
        "When trumps are led, everyone must play higher if they can, even over their partner."
    ),
    "play.trumping-under-forced": N_(
        "A player who cannot follow suit and cannot beat the highest trump in the trick must still play a lower "
        "trump (undertrump) if they have one."
    ),
    "play.trumping-under-forbidden": N_(
        "A player who cannot follow suit may not play a trump lower than one already in the trick (undertrump), "
        "unless they hold nothing but such lower trumps."
    ),
}

#: The worked deal's line for a player who cannot follow a plain suit while their partner is winning the trick,
#: where the duty to trump lapses then (``must_trump: unless-partner-winning``, Klaverjassen's Amsterdam rule):
#: why a trump was forced all the same (nothing but trumps in hand), free, or a card of another suit played
#: instead. ``%(card)s`` is the card played; the next line says a trump's effect on the trick.
EXEMPT = {
    "trumps-only": N_(
        "%(player)s cannot follow suit; their partner, %(partner)s, is winning the trick, so they need not trump, "
        "but they hold nothing but trumps."
    ),
    "trumps": N_(
        "%(player)s cannot follow suit; their partner, %(partner)s, is winning the trick, so they need not trump, "
        "but they may."
    ),
    "discards": N_(
        "%(player)s cannot follow suit; their partner, %(partner)s, is winning the trick, so they need not trump, "
        "and they discard %(card)s."
    ),
}
