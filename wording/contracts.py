"""Every phrase about contracts a player chooses before play, or declares after the auction, in one place: the
rule page's sentences.

What the page says of it (which contracts a ruleset has, their trumps and their order) comes from the referee
(:mod:`referee.mechanisms.contracts`) through its page module (:mod:`generator.mechanisms.contracts`); these are
only its words, keyed as the page keys every clause.
"""

from __future__ import annotations

from .i18n import N_, NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "play.trump-fixed.normal": N_("In the normal game %(suit)s are trumps."),
    "bid.reservation": N_(
        "Before the first card, each player in turn, from the dealer's left, says “healthy” or announces a solo; "
        "the first solo announced is played. If all four say “healthy”, the game is played as described here."
    ),
    "bid.reservation.throw-in": N_(
        "Before the first card, each player in turn, from the dealer's left, says “healthy” or announces a solo; "
        "the first solo announced is played. If all four say “healthy”, the cards are thrown in and the next "
        "player deals."
    ),
    # the referee asks once round the table, each naming their reservation as they speak (a reader: the DDV asks
    # twice, "healthy" or "reservation" first, then names them by rank; the page says what is played)
    "bid.reservation.priority": N_(
        "Before the first card, each player in turn, from the dealer's left, says “healthy” or names their "
        "reservation straight away: the solo or the wedding. After that, only a reservation that goes before it may "
        "be named: a compulsory solo goes before a voluntary one, which goes before a wedding; of two alike, the "
        "one named first counts. If all four say “healthy”, the normal game is played."
    ),
    "bid.reservation-alone": N_("The soloist plays alone against the other three."),
    "bid.reservation-alone.leads": N_("The soloist plays alone against the other three, and leads to the first trick."),
    # where the sides are parties by a card (card_sides: Re and Kontra), the soloist's side is named
    "bid.reservation-alone.re": N_(
        "The soloist plays alone against the other three: the soloist alone is the Re party, the three are the "
        "Kontra party."
    ),
    "bid.reservation-alone.leads.re": N_(
        "The soloist plays alone against the other three, and leads to the first trick: the soloist alone is the "
        "Re party, the three are the Kontra party."
    ),
    "contract.partner": NN_(
        "%(name)s: a player dealt %(both)s may announce it instead of playing alone; the partner "
        "is whoever first wins a trick, the player's own tricks not counted, if that is the first trick. If the "
        "player wins it, they play alone against the other three, scored as a solo. A solo announced by anyone "
        "wins over it.",
        "%(name)s: a player dealt %(both)s may announce it instead of playing alone; the partner "
        "is whoever first wins one of the first %(count)s tricks, the player's own tricks not counted. If the "
        "player wins all of them, they play alone against the other three, scored as a solo, and the last of "
        "those tricks is the one that settles it. A solo announced by anyone wins over it.",
    ),
    # the same, where the reservations' priorities say what wins over it (referee.mechanisms.compulsory_solo)
    "contract.partner.ranked": NN_(
        "%(name)s: a player dealt %(both)s may announce it instead of playing alone; the partner "
        "is whoever first wins a trick, the player's own tricks not counted, if that is the first trick. If the "
        "player wins it, they play alone against the other three, scored as a solo.",
        "%(name)s: a player dealt %(both)s may announce it instead of playing alone; the partner "
        "is whoever first wins one of the first %(count)s tricks, the player's own tricks not counted. If the "
        "player wins all of them, they play alone against the other three, scored as a solo, and the last of "
        "those tricks is the one that settles it.",
    ),
    # with the order the suits then run in (a queens solo's: A 10 K J 9)
    "contract.trumps": N_(
        "%(name)s: only these cards are trumps, from the highest: %(cards)s. Every suit then runs %(ranks)s."
    ),
    "contract.no-trumps": N_("%(name)s: there are no trumps, and every suit runs %(ranks)s."),
    # the suit named replaces the normal game's own (Doppelkopf's diamonds)
    "contract.suit": N_(
        "%(name)s: the soloist names a suit, which is trumps instead of %(suit)s; above it the normal game's other "
        "trumps stay as they are."
    ),
    # a suit whose own card is already among the trumps above (Doppelkopf's ♥10, the Dulle): a heart solo's
    # hearts run without it (a German reader found the normal game's "A 10 K 9" wrong for it)
    "contract.suit-short": N_(
        "In a %(name)s in %(suit)s, %(cards)s is already one of the trumps above: below them, %(suit)s run %(ranks)s."
    ),
    "contract.fixed-suit": N_("%(name)s: %(suit)s are trumps, with these above them: %(cards)s."),
    "declare.game": N_("Then the declarer announces the game."),
    "declare.suit-games": NN_(
        "A suit game: the declarer names the trump suit, %(suits)s. Above the suit's own cards, %(cards)s are "
        "the highest trumps, in this order; then come the trump suit's %(ranks)s: %(count)s trump in all.",
        "A suit game: the declarer names the trump suit, %(suits)s. Above the suit's own cards, %(cards)s are "
        "the highest trumps, in this order; then come the trump suit's %(ranks)s: %(count)s trumps in all.",
    ),
    "declare.trumps-only.same": NN_(
        "%(name)s: only that %(count)s card is trump, in the same order.",
        "%(name)s: only those %(count)s cards are trumps, in the same order.",
    ),
    "declare.plain-order": N_("In the suits that are not trumps the cards rank from high to low: %(ranks)s."),
    "declare.no-tricks": N_(
        "%(name)s: there are no trumps, every suit runs %(ranks)s, and the declarer must take no trick: the first "
        "trick they take loses the game and ends it."
    ),
    "declare.open": N_("%(name)s: the declarer lays their cards face up on the table before the first lead."),
    "declare.open-as": N_(
        "%(name)s: the same as %(other)s, but the declarer lays their cards face up on the table before the first lead."
    ),
    "declare.levels": N_("In a hand game for tricks the declarer may also announce %(levels)s."),
    "part.level-schneider": N_("schneider (to take at least %(need)s)"),
    "part.level-schwarz": N_("schwarz (to take every trick)"),
    "part.level-ouvert": N_("ouvert (to take every trick, with the cards laid open before the first lead)"),
    "play.lead-left-of-dealer.forehand": N_("Forehand leads to the first trick, whoever the declarer is."),
    "play.trump-declared": N_("The game declared decides the trumps."),
    "play.trumping-none": N_(
        "There is no duty to trump: a player who cannot follow suit may play a trump or any other card."
    ),
    "play.trump-declared-raised.games": NN_(
        "In suit games and in %(games)s, %(cards)s is a trump and not a card of its printed suit: when trumps "
        "are led it follows as a trump, and it never follows its own suit. In %(others)s it is a card of its "
        "own suit.",
        "In suit games and in %(games)s, %(cards)s are trumps and not cards of their printed suits: when trumps "
        "are led they follow as trumps, and they never follow their own suit. In %(others)s they are cards of "
        "their own suits.",
    ),
}
