"""Rule clauses -> sentences: exactly one message per clause kind.

Every message is a whole sentence with named placeholders; a clause with a
count uses a plural-aware message (Hebrew has three forms). Parameters are
localised first: numbers by Babel, lists by Babel's ``format_list``, cards,
suits and ranks by their own messages (:mod:`wording.names`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from wording import game_value as game_value_words
from wording import roem as roem_words
from wording import talon as talon_words
from wording.i18n import N_, NN_, Lang
from wording.label import DEALS_SCHEDULED, LRI, PDI
from wording.names import (
    DIRECTIONS,
    Case,
    SeatForm,
    bid_name,
    contract_name,
    number_text,
    pattern_name,
    rank_name,
    rank_plural,
    said_name,
    seats_name,
    tr,
    trump_rank_name,
)

from . import mechanisms
from .gamevalue import ValueLine, game_word
from .terms import (
    Bid,
    Cards,
    Clause,
    Contract,
    DealOrder,
    Deals,
    Directions,
    Message,
    Number,
    Numbers,
    Parts,
    Points,
    Ranks,
    Said,
    Seats,
    Series,
    Title,
)

# A number with its noun, for parameters and table cells.
POINTS = NN_("%(points)s point", "%(points)s points")
MINUS_POINTS = NN_("minus %(points)s point", "minus %(points)s points")
# Where the cards that score are penalties, which the players try to avoid: Hearts' points.
PENALTY_POINTS = NN_("%(points)s penalty point", "%(points)s penalty points")
MINUS_PENALTY_POINTS = NN_("minus %(points)s penalty point", "minus %(points)s penalty points")
DEALS = NN_("%(deals)s deal", "%(deals)s deals")
# The cards' own points, where a game's players name them apart from a score (the Schafkopf family's "Augen").
CARD_POINTS = NN_("%(points)s card point", "%(points)s card points")


#: The base game's sentences, one per clause kind; each mechanism's are in its wording module (merged below).
BASE: dict[str, Message] = {
    # overview
    "players.fixed": NN_("This game is for %(count)s player.", "This game is for %(count)s players."),
    "players.choice": NN_(
        "This game is for %(counts)s player; %(usual)s is usual.",
        "This game is for %(counts)s players; %(usual)s is usual.",
    ),
    "players.partners": N_("Players form partnerships, and partners sit opposite each other."),
    "deck.standard": N_("It is played with a standard deck of 52 cards, without jokers."),
    "deck.short": NN_(
        "It is played with a deck of %(size)s card: %(ranks)s in each of %(suits)s suits.",
        "It is played with a deck of %(size)s cards: %(ranks)s in each of %(suits)s suits.",
    ),
    # the 32 French cards from seven to ace (Klaverjassen, Skat), by the name its players give the pack (a Dutch
    # reader asked for "piketspel"; a language without one says the deck as deck.short does)
    "deck.piquet": N_("It is played with a piquet pack of %(size)s cards: %(ranks)s in each of %(suits)s suits."),
    "deck.italian": NN_(
        "It is played with an Italian pack of %(size)s card: %(ranks)s in each of the suits %(suits)s.",
        "It is played with an Italian pack of %(size)s cards: %(ranks)s in each of the suits %(suits)s.",
    ),
    # a pack of several copies of each card (Doppelkopf's 48 cards, two sets of 24)
    "deck.short.copies": NN_(
        "It is played with %(size)s cards, %(copies)s set of %(set)s: %(ranks)s in each of %(suits)s suits. Of two "
        "equal cards in a trick, the one played first wins.",
        "It is played with %(size)s cards, %(copies)s identical sets of %(set)s: %(ranks)s in each of %(suits)s "
        "suits, so that each card is there %(copies)s times. Of two equal cards in a trick, the one played first "
        "wins.",
    ),
    "deck.rank-order": N_("In each suit the cards rank from high to low: %(ranks)s."),
    "deck.plain-order": N_("Outside the trump suit the cards rank from high to low: %(ranks)s."),
    "deck.order": N_(
        "The cards do not rank in the pack's usual order: in each suit, from high to low, they rank %(ranks)s."
    ),
    "goal.avoid-points": N_(
        "The aim is to take as few penalty points as possible, by avoiding tricks that hold penalty cards."
    ),
    "goal.avoid-points.teams": N_(
        "The aim is for your side to take as few penalty points as possible, by avoiding tricks that hold "
        "penalty cards."
    ),
    "goal.take-points": N_("The aim is to have the highest score at the end, by taking the cards that score."),
    "goal.take-points.teams": N_(
        "The aim is for your side to have the highest score at the end, by taking the cards that score."
    ),
    "goal.make-tricks": N_(
        "The side that chooses trump must win most of the tricks; the first side to reach the target wins."
    ),
    "goal.bid-tricks": N_(
        "The aim is to score points by bidding how many tricks you will take and then making your bid."
    ),
    "goal.bid-tricks.teams": N_(
        "The aim is for your side to score points by bidding how many tricks it will take and then making its bid."
    ),
    # the deal
    "deal.all": NN_(
        "The whole deck is dealt out, one card at a time, so that each player has %(cards)s card.",
        "The whole deck is dealt out, one card at a time, so that each player has %(cards)s cards.",
    ),
    "deal.hand": NN_("Each player is dealt %(cards)s card.", "Each player is dealt %(cards)s cards."),
    "deal.hand.players": NN_(
        "With %(players)s players, each player is dealt %(cards)s card.",
        "With %(players)s players, each player is dealt %(cards)s cards.",
    ),
    "deal.schedule": NN_(
        "The first deal gives each player %(cards)s card, %(legs)s: %(deals)s in all.",
        "The first deal gives each player %(cards)s cards, %(legs)s: %(deals)s in all.",
    ),
    "deal.schedule.players": NN_(
        "With %(players)s players, the first deal gives each player %(cards)s card, %(legs)s: %(deals)s in all.",
        "With %(players)s players, the first deal gives each player %(cards)s cards, %(legs)s: %(deals)s in all.",
    ),
    # the legs of a schedule, joined as a list inside deal.schedule
    "part.up": N_("then one card more each deal, up to %(cards)s"),
    "part.down": N_("then one card fewer each deal, down to %(cards)s"),
    "part.again": N_("then %(cards)s again"),
    # How the cards go round (referee.dealing: clockwise from the dealer's left), one at a time or in packets;
    # readers of every language missed the direction where the page named only the packets.
    "deal.one-by-one": N_(
        "The dealer deals the cards one at a time, clockwise, starting with the player on their left."
    ),
    "deal.packets": N_(
        "The dealer deals clockwise, starting with the player on their left, in packets of %(packets)s cards."
    ),
    "deal.packets-rounds": NN_(
        "The dealer deals clockwise, starting with the player on their left, in %(rounds)s round of %(size)s "
        "cards to each player.",
        "The dealer deals clockwise, starting with the player on their left, in %(rounds)s rounds of %(size)s "
        "cards to each player.",
    ),
    "deal.remove": NN_(
        "With %(players)s players, take %(cards)s out of the deck before dealing; each player then gets %(hand)s card.",
        "With %(players)s players, take %(cards)s out of the deck before dealing; "
        "each player then gets %(hand)s cards.",
    ),
    "deal.remove-only": NN_(
        "With %(players)s player, take %(cards)s out of the deck before dealing.",
        "With %(players)s players, take %(cards)s out of the deck before dealing.",
    ),
    "deal.upcard": N_("The next card of the deck is turned face up on the table: the upcard."),
    "deal.upcard-trump": N_("The next card of the deck is turned face up on the table; its suit is trump."),
    "deal.dealer-last-card": N_(
        "The dealer turns the last card of the deal, their own, face up for everyone to see, "
        "then takes it into their hand."
    ),
    "deal.first-dealer-random": N_("The first dealer is chosen at random."),
    # where the deal goes round to the left, the player on the dealer's right cuts; to the right, the left
    "deal.shuffle-cut-right": N_("The dealer shuffles and lets the player on their right cut the cards."),
    "deal.shuffle-cut-left": N_("The dealer shuffles and lets the player on their left cut the cards."),
    "deal.rotation-left": N_("After each deal, the turn to deal passes to the left."),
    "deal.rotation-right": N_("After each deal, the turn to deal passes to the right."),
    "deal.rotation-none": N_("The same player deals every time."),
    # bidding
    "bid.order-up": N_(
        "Starting with the player to the dealer's left, each player either passes or orders up: the upcard's "
        "suit becomes trump, the dealer takes the upcard into their hand and then discards a card face down."
    ),
    "bid.discard-any": N_("The dealer may discard any card, including the one picked up."),
    "bid.discard-not-upcard": N_("The dealer may not discard the card picked up."),
    "bid.call-except-turned.first": N_(
        "Each player in turn may name any suit except the suit of the upcard as trump, or pass."
    ),
    "bid.call-except-turned": N_(
        "If everyone passes, the upcard is turned down and there is a second round: each player in turn may "
        "name any other suit as trump, or pass."
    ),
    "bid.call-any.first": N_("Each player in turn may name a trump suit, or pass."),
    "bid.call-any.dealer.first": N_(
        "The dealer speaks first: they either play, naming the trump suit, or pass; then each other player in "
        "turn, clockwise, until someone plays."
    ),
    "bid.dealer-must-call": N_("If all four pass, the dealer must play and name the trump suit."),
    "bid.first-must-call": N_("If everyone passes, the player to the dealer's left must name the trump suit."),
    "bid.first-may-not-pass": N_("The first player of this round may not pass: they must name a trump suit."),
    "bid.call-any": N_("If everyone passes, there is another round in which each player may name any suit as trump."),
    "bid.call-no-trump": N_(
        "Instead of a suit, a player may call no trump: then no suit is trump, and every card counts in its own suit."
    ),
    "bid.stick-the-dealer": N_(
        "If the other three pass again, the dealer must name a suit (stick the dealer): the dealer may not pass."
    ),
    "bid.all-pass-redeal": N_("If everyone passes in every round, the cards are thrown in and the next player deals."),
    "bid.makers": N_("The side of the player who chose trump are the makers; the other side are the defenders."),
    "bid.alone-maker": N_(
        "The player who chose trump may decide to play alone: their partner puts their cards away and sits out "
        "this deal."
    ),
    "bid.alone-defender": N_("After that, one defender may also play alone, and their partner sits out too."),
    "bid.tricks": N_(
        "After looking at their cards, and starting with the player to the dealer's left, each player bids once: "
        "how many tricks they will take, from %(low)s to %(high)s."
    ),
    "bid.tricks.hand": N_(
        "After looking at their cards, and starting with the player to the dealer's left, each player bids once: "
        "how many tricks they will take, from %(low)s up to the number of cards in their hand."
    ),
    "bid.tricks.declarer": N_(
        "Then, starting with the declarer, each player bids once: how many tricks they will take, "
        "from %(low)s to %(high)s."
    ),
    "bid.tricks.declarer.hand": N_(
        "Then, starting with the declarer, each player bids once: how many tricks they will take, "
        "from %(low)s up to the number of cards in their hand."
    ),
    "bid.declarer-min": N_("The declarer may not bid fewer tricks than their contract."),
    "bid.contract": N_(
        "Starting with the player to the dealer's left, each player in turn passes or names a contract higher "
        "than the last one: a number of tricks, from %(low)s to %(high)s, and a trump suit. For the same number "
        "of tricks, the suits rank from lowest to highest: %(suits)s."
    ),
    "bid.contract.hand": N_(
        "Starting with the player to the dealer's left, each player in turn passes or names a contract higher "
        "than the last one: a number of tricks, from %(low)s up to the number of cards in their hand, and a "
        "trump suit. For the same number of tricks, the suits rank from lowest to highest: %(suits)s."
    ),
    "bid.contract-no-trump": N_("A contract may also name no trump, which ranks above every suit."),
    "bid.contract-end": N_(
        "A player who has passed may still bid later. The auction ends when all the other players pass in a row "
        "after a contract: whoever named it is the declarer, and its suit is trump."
    ),
    "bid.contract-make": N_("The declarer and their partner must take at least the tricks of the contract together."),
    "bid.contract-make.alone": N_("The declarer must take at least the tricks of the contract."),
    "bid.nil": N_("Instead of a number, a player may bid nil: to take no trick at all."),
    "bid.blind-nil": N_(
        "A player may also bid blind nil, before looking at their cards: to take no trick at all, for more points."
    ),
    "bid.contract-all-pass": N_(
        "If everyone passes without naming a contract, the cards are thrown in and the next player deals."
    ),
    "bid.side": N_("The bids of two partners are added together: that is their side's bid."),
    "bid.side-max": NN_(
        "Two partners may not bid more than %(tricks)s trick between them.",
        "Two partners may not bid more than %(tricks)s tricks between them.",
    ),
    # play
    "play.lead-left-of-dealer": N_("The player to the left of the dealer leads to the first trick."),
    "play.lead-declarer": N_("The declarer leads to the first trick."),
    "play.lead-left-of-declarer": N_("The player to the left of the declarer leads to the first trick."),
    "play.lead-card": N_("The player who holds %(card)s leads it to the first trick."),
    "play.lead-card-suit": N_("The player who holds %(card)s leads to the first trick, with any card of that suit."),
    "play.lead-card-any": N_("The player who holds %(card)s leads to the first trick, with any card."),
    "play.lead-card-players": NN_(
        "With %(players)s player, %(removed)s is out of the deck; %(card)s, the lowest card left in its suit, "
        "takes its place.",
        "With %(players)s players, %(removed)s is out of the deck; %(card)s, the lowest card left in its suit, "
        "takes its place.",
    ),
    "play.follow": N_(
        "Play goes clockwise. Everyone must follow suit if they can; a player who cannot follow may play any card."
    ),
    "play.no-trump": N_("There are no trumps."),
    "play.winner-no-trump": N_("The highest card of the suit led wins the trick, and its winner leads to the next."),
    "play.trump-fixed": N_("%(suit)s are always trumps."),
    "play.trump-dealer-last-card": N_("The suit of the dealer's turned-up card is trump."),
    "play.winner-trump": N_(
        "A trick is won by the highest trump in it or, if it holds no trump, by the highest card of the suit "
        "led. The winner leads to the next trick."
    ),
    "play.bowers": N_(
        "The jack of the trump suit (the right bower) is the highest trump. The other jack of the same colour "
        "(the left bower) is the second highest and belongs to the trump suit, also when following suit."
    ),
    "play.trump-order": N_("After the two bowers, trumps rank from high to low: %(ranks)s."),
    "play.trump-rank-order": N_("In the trump suit the cards rank in another order, from high to low: %(ranks)s."),
    # the exception is the fallback's (play.fallback): readers read "not even" alone as no exception at all
    "play.first-trick": N_(
        "No one may play %(cards)s to the first trick, not even a player who cannot follow suit, unless they "
        "hold nothing else."
    ),
    "play.lead-restriction": N_(
        "%(cards)s may not be led until they are broken, that is, until %(breakers)s has been played to a trick."
    ),
    "play.lead-lift": N_("A player who holds nothing but %(cards)s and %(others)s may also lead %(cards)s."),
    "play.may-lead-not-break": N_("%(card)s may be led at any time, and playing it does not break %(cards)s."),
    "play.may-lead-breaks": N_("%(card)s may be led at any time, and playing it breaks %(cards)s."),
    "play.fallback": N_("A player who holds no card these limits allow may play any card."),
    # only the suit a lead restriction holds back is ever broken (readers read "breaks its suit" of any suit)
    "play.fallback.breaks": N_(
        "A player who holds no card these limits allow may play any card; if they lead %(cards)s this way, "
        "%(cards)s are broken."
    ),
    "play.end-early.no-points-left": N_("The deal ends early as soon as no card that scores is left in play."),
    "play.end-early.leader-takes-rest": N_(
        "The deal also ends early when the player on lead is sure to win every remaining trick: they take them all."
    ),
    # scoring
    "score.suit": N_("At the end of the deal, %(suit)s taken in tricks counts %(points)s."),
    "score.suit-face": N_(
        "At the end of the deal, %(suit)s taken in tricks counts its face value: 2 to 10 as marked, "
        "jack 11, queen 12, king 13, ace 14."
    ),
    "score.suit-face.italian": N_(
        "At the end of the deal, %(suit)s taken in tricks counts its face value: ace 1, 2 to 7 as marked, "
        "jack 8, knight 9, king 10."
    ),
    "score.rank-values": N_("At the end of the deal, the cards taken in tricks count %(values)s."),
    "score.rank-values.others": N_(
        "At the end of the deal, the cards taken in tricks count %(values)s; the others nothing."
    ),
    "score.card": N_("%(card)s counts %(points)s."),
    # The compulsory solo of each round (referee.mechanisms.compulsory_solo), in the words of Doppelkopf's
    # rule books: Pflichtsolo, Lustsolo, Vorbehalt, Vorführung, "kommt raus".
    "score.card-bonus": N_("%(card)s is a bonus: it takes %(points)s off the score of whoever wins it."),
    "part.rank-value": N_("%(rank)s %(points)s"),
    "score.total": NN_("A deal hands out %(points)s in all.", "A deal hands out %(points)s in all."),
    "score.no-tricks": N_("A player who takes no trick at all scores %(points)s, unless someone shot the moon."),
    "score.table": N_("The side that wins the most tricks scores according to this table:"),
    "score.teams-shared": N_("Partners score together, as one side."),
    "score.teams-summed": N_(
        "Each player keeps their own score; at the end the scores of the partners are added together."
    ),
    "score.made-at-least": N_("A bid is made when at least as many tricks are taken as were bid."),
    "score.made-exactly": N_(
        "A bid is made only when exactly as many tricks are taken as were bid, no more and no fewer."
    ),
    "score.made-points": N_("A bid that is made scores %(points)s."),
    # a fixed sum and points for each trick (Oh Hell, Boerenbridge): "5 points plus 2 points for each trick taken"
    "score.made-points-plus": N_("A bid that is made scores %(base)s plus %(points)s."),
    "score.set-points": N_("A bid that is not made scores %(points)s."),
    # the parts of a contract's points, joined as a list inside score.made-points and score.set-points
    "part.per-bid": N_("%(points)s for each trick bid"),
    "part.per-trick": N_("%(points)s for each trick taken"),
    "part.per-overtrick": N_("%(points)s for each trick taken beyond the bid"),
    "part.per-trick-off": N_("%(points)s for each trick taken more or fewer than the bid"),
    "part.nothing": N_("nothing"),
    "score.nil": N_("A nil bid scores %(made)s if the bidder takes no trick, and %(set)s if they take any."),
    "score.blind-nil": N_(
        "A blind nil bid scores %(made)s if the bidder takes no trick, and %(set)s if they take any."
    ),
    "score.nil-tricks-bags.teams": N_(
        "Tricks taken by a nil bidder do not help the partner make their bid; once that bid is made, "
        "they count as overtricks."
    ),
    "score.nil-tricks-bags": N_("Tricks taken by a nil bidder count as overtricks."),
    "score.nil-tricks-contract.teams": N_("Tricks taken by a nil bidder count towards the partner's bid."),
    "score.nil-tricks-ignored.teams": N_(
        "Tricks taken by a nil bidder count for nothing: not towards the partner's bid, and not as overtricks."
    ),
    "score.nil-tricks-ignored": N_("Tricks taken by a nil bidder count for nothing, not even as overtricks."),
    # the trick table (one message per row kind and per points cell)
    "table.makers": NN_("The makers win %(tricks)s trick", "The makers win %(tricks)s tricks"),
    "table.makers-alone": NN_(
        "The maker plays alone and wins %(tricks)s trick", "The maker plays alone and wins %(tricks)s tricks"
    ),
    "table.defenders": NN_("The defenders win %(tricks)s trick", "The defenders win %(tricks)s tricks"),
    "table.defenders-lone-defender": NN_(
        "One defender plays alone, and the defenders win %(tricks)s trick",
        "One defender plays alone, and the defenders win %(tricks)s tricks",
    ),
    "table.makers-alone-lone-defender": NN_(
        "The maker and one defender both play alone, and the makers win %(tricks)s trick",
        "The maker and one defender both play alone, and the makers win %(tricks)s tricks",
    ),
    "table.points-makers": NN_("%(points)s point to the makers", "%(points)s points to the makers"),
    "table.points-defenders": NN_("%(points)s point to the defenders", "%(points)s points to the defenders"),
    # Skat's ladder (Reizen), and the seats it names
    "deal.positions": N_(
        "The player on the dealer's left, who gets cards first, is forehand; the next player is middlehand, and "
        "the third is rearhand."
    ),
    "bid.ladder": N_(
        "The bidding decides who plays alone. Middlehand bids first, to forehand: middlehand says values, each "
        "higher than the last (any may be skipped), and forehand holds each with “yes”, or passes. A player who "
        "passes is out."
    ),
    "bid.ladder-then": N_(
        "Then rearhand bids the same way to the one still in, each value higher than the last one said or held "
        "(from %(lowest)s if nobody has said one yet). The last player left is the declarer and plays alone "
        "against the other two, the defenders; the last value said or held is the bid."
    ),
    "bid.ladder-first": N_(
        "If middlehand and rearhand both pass without saying a value, forehand may play a game at a bid of "
        "%(lowest)s, or pass too. If all three pass, the cards are thrown in and the next player deals."
    ),
    "bid.ladder-values": N_(
        "The values that may be said are those a game can be worth: %(values)s, and so on up to %(top)s."
    ),
    # worked examples (generator.examples), from deals the engine played
    "example.bidding": NN_(
        "In this deal each player holds %(cards)s card. %(dealer)s deals, so %(first)s bids first. The bids, in turn:",
        "In this deal each player holds %(cards)s cards. %(dealer)s deals, so %(first)s bids first. The bids, in turn:",
    ),
    "example.bidding.declarer": NN_(
        "In this deal each player holds %(cards)s card. %(first)s won the auction with %(contract)s, so "
        "%(first)s bids first. The bids, in turn:",
        "In this deal each player holds %(cards)s cards. %(first)s won the auction with %(contract)s, so "
        "%(first)s bids first. The bids, in turn:",
    ),
    "example.contract": N_("%(who)s won the auction with %(contract)s."),
    "example.upcard": N_("The upcard is %(card)s, so %(suit)s are trumps."),
    "example.made": NN_(
        "%(who)s: bid %(bid)s, took %(tricks)s trick; the bid is made: %(points)s.",
        "%(who)s: bid %(bid)s, took %(tricks)s tricks; the bid is made: %(points)s.",
    ),
    "example.missed": NN_(
        "%(who)s: bid %(bid)s, took %(tricks)s trick; the bid is not made: %(points)s.",
        "%(who)s: bid %(bid)s, took %(tricks)s tricks; the bid is not made: %(points)s.",
    ),
    "example.nil": NN_(
        "%(who)s: bid %(bid)s, took %(tricks)s trick: %(points)s.",
        "%(who)s: bid %(bid)s, took %(tricks)s tricks: %(points)s.",
    ),
    "example.total": N_("%(who)s in all: %(points)s."),
}
#: Every clause kind's sentence: the base game's and each mechanism's (generator.mechanisms: one place each).
PHRASES: dict[str, Message] = {**BASE, **mechanisms.PHRASES}


#: The cards each message puts in the object position ("take %(cards)s out of the deck", "the player who
#: holds %(card)s"): they take the accusative set of card names (:mod:`wording.names`), so that German reads
#: "Wer den Pik-König hat" where the subject's "der Pik-König" would be wrong. Every other card parameter is
#: the subject of its sentence, or stands alone after a colon, and takes the nominative set. A translation
#: keeps each card in the role its message gives it here.
CASES: dict[str, dict[str, Case]] = {
    "deal.remove": {"cards": "accusative"},
    "deal.remove-only": {"cards": "accusative"},
    "play.lead-card": {"card": "accusative"},
    "play.lead-card-suit": {"card": "accusative"},
    "play.lead-card-any": {"card": "accusative"},
    "play.first-trick": {"cards": "accusative"},
    "play.lead-lift": {"cards": "accusative", "others": "accusative"},
    "play.may-lead-not-break": {"cards": "accusative"},
    "play.may-lead-breaks": {"cards": "accusative"},
    **mechanisms.CASES,
}

#: Seats that head their line as a label ("Player 1: bid 3, took 2 tricks") rather than stand inside a
#: sentence (Italian "il giocatore 1", with its article): every other seat parameter is in a sentence.
SEAT_ROLES: dict[str, dict[str, SeatForm]] = {
    "example.made": {"who": "label"},
    "example.missed": {"who": "label"},
    "example.nil": {"who": "label"},
    "example.total": {"who": "label"},
    **mechanisms.SEAT_ROLES,
}


def points_text(lang: Lang, value: int, penalty: bool = False, eyes: bool = False, roem: bool = False) -> str:
    """Signed points with their noun: "1 point", "minus 100 points"; ``penalty``: "13 penalty points";
    ``eyes``: the cards' own points where they are named apart ("34 card points", German "34 Augen");
    ``roem``: points of roem ("20 points of roem", Dutch "20 roem")."""
    if eyes and value >= 0:
        return lang.ngettext(*CARD_POINTS, value) % {"points": lang.number(value)}
    if roem and value >= 0:
        return lang.ngettext(*roem_words.POINTS, value) % {"points": lang.number(value)}
    if penalty:
        message = PENALTY_POINTS if value >= 0 else MINUS_PENALTY_POINTS
    else:
        message = POINTS if value >= 0 else MINUS_POINTS
    return lang.ngettext(*message, abs(value)) % {"points": lang.number(abs(value))}


def deals_text(lang: Lang, value: int, high: int | None = None, scheduled: bool = False) -> str:
    """A number of deals, or a range of them, with the noun: "23 deals", "13–33 deals".

    ``scheduled``: the deals of a hand-size schedule (:data:`DEALS_SCHEDULED`)."""
    number = lang.number(value) if high is None else f"{lang.number(value)}–{lang.number(high)}"
    if scheduled and (high if high is not None else value) > 2:
        return lang.pgettext(*DEALS_SCHEDULED) % {"deals": number}
    return lang.ngettext(*DEALS, value if high is None else high) % {"deals": number}


def localise(lang: Lang, value: Any) -> str:
    """A clause parameter in ``lang``."""
    if isinstance(value, Number):
        return number_text(lang, value.value, value.role)
    if isinstance(value, Points):
        return points_text(lang, value.value, value.penalty, value.eyes, value.roem)
    if isinstance(value, Deals):
        return deals_text(lang, value.value, scheduled=value.scheduled)
    if isinstance(value, Seats):
        return seats_name(lang, value.items, value.form)
    if isinstance(value, Bid):
        return bid_name(lang, value.word)
    if isinstance(value, Parts):
        return lang.join(
            [sentence(lang, v) if isinstance(v, Clause) else localise(lang, v) for v in value.items], value.style
        )
    if isinstance(value, Numbers):
        return lang.join([lang.number(v) for v in value.values], value.style)
    if isinstance(value, Cards):
        return lang.join([pattern_name(lang, p, value.form, value.pack, value.case) for p in value.items], value.style)
    if isinstance(value, Ranks):
        name = trump_rank_name if value.trump else rank_plural if value.plural else rank_name
        return lang.join([name(lang, r, value.pack) for r in value.items], value.style)
    if isinstance(value, Directions):
        return lang.join([tr(lang, DIRECTIONS[d]) for d in value.items])
    if isinstance(value, Contract):
        return contract_name(lang, value.word)
    if isinstance(value, Said):
        return said_name(lang, value.word, quoted=True)
    if isinstance(value, Series):
        return ", ".join(lang.number(v) for v in value.values)
    if isinstance(value, DealOrder):
        items = [lang.number(n) for n in value.packets]
        items.insert(value.at, tr(lang, talon_words.IN_ORDER))
        text = items[0]
        for item in items[1:]:
            text = tr(lang, talon_words.ORDER_DASH) % {"before": text, "after": item}
        return text
    if isinstance(value, ValueLine):
        return value_line(lang, value)
    if isinstance(value, Title):
        title = value.ruleset.title
        return title if isinstance(title, str) else title.get(lang.code, title.get("en", value.id))
    raise TypeError(f"cannot localise {value!r}")


def value_line(lang: Lang, line: ValueLine) -> str:
    """A game value counted up: "clubs with 2, game 3: 3 × 12 = 36" (German "Kreuz mit 2, Spiel 3: 3 × 12 = 36");
    each item says the multiplier reached with it."""
    parts: list[str] = []
    reached = 0
    for what, count in line.items:
        reached += count
        if what == "matadors":
            key = "with" if line.matadors > 0 else "without"
            parts.append(lang.gettext(game_value_words.VALUE_ITEMS[key]) % {"count": lang.number(count)})
        else:
            parts.append(lang.gettext(game_value_words.VALUE_ITEMS[what]) % {"count": lang.number(reached)})
    multiplier, base, value = lang.number(reached), lang.number(line.base), lang.number(reached * line.base)
    text = lang.gettext(game_value_words.VALUE_LINE) % {
        "game": contract_name(lang, game_word(line.word)),
        "items": ", ".join(parts),
        "multiplier": multiplier,
        "base": base,
        "value": value,
    }
    if lang.direction == "rtl":
        # A sum reads left to right in a Hebrew line too: "3 × 12 = 36", which the bidi algorithm would
        # otherwise lay out as "36 = 12 × 3". A left-to-right isolate around it keeps it whole.
        formula = f"{multiplier} × {base} = {value}"
        text = text.replace(formula, f"{LRI}{formula}{PDI}", 1)
    return text


def message_for(kind: str) -> Message:
    try:
        return PHRASES[kind]
    except KeyError:
        raise KeyError(f"clause kind {kind!r} has no phrase in generator.phrases.PHRASES") from None


def in_role(kind: str, name: str, value: Any) -> Any:
    """A parameter in the role its message gives it: a card as an object takes the accusative (:data:`CASES`)."""
    if isinstance(value, Cards) and name in CASES.get(kind, {}):
        return replace(value, case=CASES[kind][name])
    if isinstance(value, Seats) and name in SEAT_ROLES.get(kind, {}):
        return replace(value, form=SEAT_ROLES[kind][name])
    return value


def sentence(lang: Lang, item: Clause) -> str:
    """One clause in ``lang``, as its message writes it (a phrase inside another stays lower-case)."""
    message = message_for(item.kind)
    if isinstance(message, tuple):
        text = lang.ngettext(message[0], message[1], item.count if item.count is not None else 1)
    else:
        text = lang.gettext(message)
    params = {name: localise(lang, in_role(item.kind, name, value)) for name, value in item.params}
    return text % params if params else text


def render(lang: Lang, item: Clause) -> str:
    """One clause as a sentence in ``lang`` (plain text; escape before HTML)."""
    text = sentence(lang, item)
    return text[:1].upper() + text[1:]
