"""Every phrase about announcements during play, in one place: the rule page's sentences.

What the page says of it (what may be announced, and with how many cards in hand) comes from the referee
(:mod:`referee.mechanisms.announcements`) through its page module (:mod:`generator.mechanisms.announcements`); these
are only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_, NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "play.announce-after-partner": N_(
        "After a wedding, nobody may announce before the trick that settles the partner. Settled by the first "
        "trick, the deadlines stay as they are; by a later trick, they come one card later for each trick after "
        "the first."
    ),
    "play.announce": NN_(
        "While they still hold at least %(cards)s card, a player of the Re party may announce “Re”, and a player "
        "of the Kontra party “Kontra”: it raises what the game is worth, and tells the table the player's party.",
        "While they still hold at least %(cards)s cards, a player of the Re party may announce “Re”, and a player "
        "of the Kontra party “Kontra”: it raises what the game is worth, and tells the table the player's party.",
    ),
    "play.announce-steps": N_("After its “Re” or “Kontra”, a party may go further and announce %(steps)s."),
    "part.announce-step": NN_(
        "%(word)s while holding at least %(cards)s card",
        "%(word)s while holding at least %(cards)s cards",
    ),
    "play.announce-skip": N_(
        "A party may skip a step as long as it is still in time; the skipped steps count as announced. No party "
        "announces the same thing twice."
    ),
    "play.announce-reply": NN_(
        "In answer to the other party's announcement, a party may still say its own “Re” or “Kontra” with "
        "%(cards)s card fewer in hand than that announcement needed; after such a late answer it announces nothing "
        "more.",
        "In answer to the other party's announcement, a party may still say its own “Re” or “Kontra” with "
        "%(cards)s cards fewer in hand than that announcement needed; after such a late answer it announces nothing "
        "more.",
    ),
    "play.announce-anytime": N_("An announcement need not wait for the player's turn to play."),
}
