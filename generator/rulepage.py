"""The rule page's parts in a language: the opening, the contents, anchored rules, values, the worked deal.

Everything here words what :mod:`generator.clauses`, :mod:`generator.values`
and :mod:`generator.worked` found in the rules and the engine: each sentence
is one gettext message with named placeholders, whose cards may be drawn as
card faces (:func:`card_html`). A sentence with faces in it is built as
:class:`~markupsafe.Markup` from the escaped translation, so a translator's
text stays text and only our own markup is markup.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Literal

from markupsafe import Markup, escape

from referee import Ruleset
from referee.auction import NO_TRUMP_CALL
from referee.mechanisms import (
    announcements,
    card_contract,
    compulsory_solo,
    contracts,
    game_value,
    last_trick,
    party_game,
    promoted,
    roem,
    trumping,
)
from wording import moon as moon_words
from wording import roem as roem_words
from wording import trumping as trumping_words
from wording.freetext import title_of
from wording.i18n import N_, NC_, NN_, Lang
from wording.label import isolate_runs
from wording.names import (
    DIRECTIONS,
    Pack,
    bid_name,
    card_face,
    card_name,
    card_the,
    contract_name,
    face_in_sentence,
    number_text,
    object_item,
    pack_of,
    rank_name,
    seat_name,
    seats_name,
    suit_name,
    tr,
)

from . import clauses as cl
from .examples import by_power
from .gamevalue import game_word, line_of
from .mechanisms import game_value as game_value_page
from .phrases import localise, points_text, render, value_line
from .values import Values
from .worked import Worked, WorkedTrick, forced, teaching

SECTION_TITLES = {
    "overview": NC_("section", "Overview"),
    # the cards' order, where the games declared refer to the normal game's (generator.clauses.RANK_KINDS)
    "ranks": NC_("section", "The rank of the cards"),
    "deal": NC_("section", "The deal"),
    "passing": NC_("section", "Passing"),
    "bidding": NC_("section", "Bidding"),
    # the bidding section of a game whose only bidding is announcing a contract before play (Doppelkopf)
    "reservations": NC_("section", "Reservations and solos"),
    # the bidding section of a game whose auction's winner then declares the game (Skat's Reizen and Spielansage)
    "declaring": NC_("section", "Bidding and declaring the game"),
    # the bidding section of a game where nobody bids a number: the players in turn choose trump or pass
    # (Euchre's ordering up and calling, Klaverjassen's "troef maken": Dutch players do not say "bieden" there)
    "making-trump": NC_("section", "Making trump"),
    "play": NC_("section", "Play"),
    "scoring": NC_("section", "Scoring"),
    "end": NC_("section", "End of the game"),
    # where the game is a round of deals with each player's compulsory solo (Doppelkopf's Runde: German rule
    # books head it "Ende der Runde", not "Ende der Partie")
    "end-round": NC_("section", "End of the round"),
    # a game of a hand-size schedule, whose deals some languages name apart (wording.label.DEALS_SCHEDULED): Dutch
    # "Einde van het spel", where a game of "spellen" ends its "wedstrijd"
    "end-schedule": NC_("section, a game of a hand-size schedule", "End of the game"),
    "worked-schedule": NC_("section, a game of a hand-size schedule", "A whole deal, played out"),
    "values": NC_("section", "What scores, at a glance"),
    "worked": NC_("section", "A whole deal, played out"),
}
# The page's other headings, as its template says them (no context).
EXAMPLES = N_("Examples")
NOTES = N_("Notes")
COMPARED = N_("Compared with %(title)s")
CONTENTS = N_("Contents")

# -- the opening paragraph -------------------------------------------------------------

#: A game's family, as the subject's complement of INTRO_*: "Hearts is <a trick-taking game of the Hearts family>".
FAMILIES = {
    "hearts": NC_("game family", "a trick-taking game of the Hearts family"),
    "euchre": NC_("game family", "a trick-taking game of the Euchre family"),
    "spades": NC_("game family", "a trick-taking game of the Spades family"),
    "oh-hell": NC_("game family", "a trick-taking game of the Oh Hell family"),
    "whist": NC_("game family", "a trick-taking game of the Whist family"),
    "jass": NC_("game family", "a trick-taking game of the Jass family"),
    "schafkopf": NC_("game family", "a trick-taking game of the Schafkopf family"),
    "other": NC_("game family", "a trick-taking game"),
}
INTRO_ALONE = NN_(
    "%(title)s is %(family)s for %(players)s player, each playing for themselves.",
    "%(title)s is %(family)s for %(players)s players, each playing for themselves.",
)
# a game where the auction's winner plays alone against the others (generator.clauses.declarer_games): the goal
# clause after it says who plays with whom
INTRO_DECLARER = NN_(
    "%(title)s is %(family)s for %(players)s player.", "%(title)s is %(family)s for %(players)s players."
)
INTRO_PARTNERS = NN_(
    "%(title)s is %(family)s for %(players)s player in partnerships of two, partners sitting opposite each other.",
    "%(title)s is %(family)s for %(players)s players in partnerships of two, partners sitting opposite each other.",
)
INTRO_PARTIES = NN_(
    "%(title)s is %(family)s for %(players)s player in two parties that change from deal to deal.",
    "%(title)s is %(family)s for %(players)s players in two parties that change from deal to deal.",
)
#: Fine points a one-page quick reference leaves to the full rules (it links to them): how announcements may
#: skip steps, be answered late or come out of turn, what happens when nobody wins, the points reached against an
#: announcement, Kontra alone; a game value's worked examples, the bid nobody makes,
#: and what a lost game counts; the hearts without their ten, and the soloist's three opponents (the scoring
#: says it again); that no penalty is given here or how a breach decides a Skat game, the Seeger-Fabian list
#: clubs keep, and a deal thrown in counting: one printed A4 page holds the rest, Doppelkopf's Augen each
#: Absage needs among them (a German reader missed them) (tests/test_browser.py).
#: The overview's sentences the quick reference's opening says already (how many play, in which sides); who
#: makes the sides each deal (players.sides-by-card: the Re party) stays.
QUICKREF_OPENING_SAYS = (
    "players.fixed",
    "players.choice",
    "players.partners",
    "players.dealer-out",
    "players.sides-hidden",
    "players.sides-alone",
)
#: What the quick reference's values table says where it has a column for the trump suit (Klaverjassen): the
#: values outside and in trump, and the deal's total (a prefix: also the total said without roem).
QUICKREF_TABLE_SAYS = ("score.plain-values", "score.trump-values", "score.total")
#: The sentence that points to that table, said only where the table stands for the values' sentences.
TABLE_POINTER = "score.values-table"
QUICKREF_LEAVES_OUT = (
    "bid.reservation-alone",
    "play.promoted-dulle",  # the overview's equal-cards sentence says the rule for every card
    # who deals first and where the deal goes next stay on the card: the bidding order and the dealer's
    # restrictions follow from who deals (the r40 Boerenbridge reader); shuffling and cutting is for the full rules
    "deal.shuffle-cut-",
    "play.announce-skip",
    "play.announce-reply",
    "play.announce-anytime",
    "play.announce-after-partner",
    "score.party-nobody",  # with its value: the card has room for the reversal after "Kontra" alone, not for it
    "score.party-nobody-value",
    "play.trump-declared",  # the games declared say their trumps just before
    # the deal's total: the values table's last row says it, or the points a side needs (121 of 240, 61 of 120)
    "score.total",
    "score.gv-example-",
    "score.revoke-table",
    "score.revoke-all-two",  # Foster's two offenders in one deal; the card keeps until when a revoke is claimed
    # the DDV's fine for a revoke, per Absage, and after a decided game: the TSR's chapter on breaches is the
    # referee's, as a breach that decides a Skat game is (score.revoke-lost); the card has no room for it
    "score.revoke-fine",
    "score.revoke-fine-step",
    "score.revoke-fine-decided",
    "score.gv-seeger-fabian",
    "compulsory.game-deals",  # the compulsory solo's round says the same length, and so does the label
    "contract.suit-short",  # a suit solo's short suit (Doppelkopf's heart solo): the full rules say it
)
#: Who deals first, which the quick reference says (a table needs it to start) except for a game of contracts
#: (Skat, Doppelkopf), whose contracts and their values fill its one A4 page (tests/test_browser.py); who deals
#: next is on every card.
QUICKREF_CONTRACTS_LEAVE_OUT = ("deal.first-dealer-",)
#: Sentences the quick reference says shorter than the full rules, by clause kind: the short form's kind. A breach
#: that decides a Skat game is what a table needs at hand (an r40 German reader missed it on the card); how the
#: engine scores it, and where the Skat Order differs, stay with the full rules; so do the cases of a lost game's
#: levels, said in one line (an r35 reader wanted the card to say how a lost game is valued).
QUICKREF_SHORT = {"score.revoke-lost": "score.revoke-lost.card", "score.gv-lost-levels": "score.gv-lost-levels.card"}
#: The rulesets on the site that extend this one, as links (generator.site.Builder._variants).
VARIANTS = N_("Played differently, on this site: %(links)s.")
QUICKREF_LINK = N_("A quick reference to print, on one page")
QUICKREF_TITLE = N_("%(title)s: quick reference")
FULL_RULES = N_("The full rules, with examples and a whole deal played out")

# -- values -----------------------------------------------------------------------------

CARDS_CAPTION = N_("What each card scores for the player who takes it")
# Where the cards' points are named apart from a score's (German "Augen"; see generator.clauses.eyes),
# they count for the side that takes them, and the cards that count nothing are listed too.
CARDS_CAPTION_EYES = N_("What each card counts for the side that takes it in a trick")
# the declarer's game value (referee.mechanisms.game_value): base values and fixed values
BASES_CAPTION = N_("Base values and fixed values")
GAME_HEAD = NC_("values", "Game")
BASE_HEAD = NC_("values", "Base value")
FIXED_HEAD = NC_("values", "Fixed value")
HAND_GAME_HEAD = NC_("values", "As a hand game")
CARDS_HEAD = N_("Cards")
RANKS_CAPTION = N_("What each card scores for the side that takes it, outside the trump suit and in it")
RANK_HEAD = N_("Card")
PLAIN_HEAD = NC_("values", "Other suits")
TRUMP_HEAD = NC_("values", "Trump suit")
EACH_HEAD = NC_("values", "Points each")
EACH_HEAD_EYES = NC_("values", "Card points each")
TOTAL_ROW = NC_("values", "All the cards of a deal together")
# where the trump suit counts otherwise (Klaverjassen): each column's sum, the cards of one suit
SUIT_ROW = NC_("values", "One suit together")
# the same total where tricks also hold roem, which it leaves out (a Dutch reader asked that it say so)
TOTAL_ROW_ROEM = NC_("values", "All the cards of a deal together, without roem")
NO_TRICKS_ROW = NC_("values", "Taking no trick at all")
# where the last trick scores a bonus (scoring.last_trick), the rows after the cards' total: the bonus, then the
# deal's total with it (a Dutch reader saw 152 here and 162 in the rules: "met de laatste slag (10): 162")
LAST_TRICK_ROW = NC_("values", "The last trick")
DEAL_ROW = NC_("values", "A deal in all")
DEAL_ROW_ROEM = NC_("values", "A deal in all, without roem")
POINTS_HEAD = N_("Points")
BIDS_CAPTION = N_("What a bid scores: some examples")
BOOK_CAPTION = N_("What the tricks score: some examples")
BID_HEAD = N_("Bid")
# where the only bidding is the reservations before play (Doppelkopf's Vorbehalte): what each player said
RESERVATION_HEAD = NC_("table head", "Reservation")
# where the bidding is a ladder of values said and answered (Skat's Reizen): a value, "hold" or "pass"
LADDER_HEAD = NC_("table head", "Bidding")
# where the players in turn only choose trump or pass (trump_making): what each said, no bid
SAYS_HEAD = NC_("table head", "Says")
TRICKS_HEAD = NC_("values", "Tricks taken")
CARRIED_HEAD = NC_("values", "Overtricks carried in")
RESULT_HEAD = N_("Result")
MADE = NC_("bid result", "made")
NOT_MADE = NC_("bid result", "not made")

# -- the worked deal -------------------------------------------------------------------

# what the section holds, as generator.worked.teaching narrates it: the tricks that show a rule explained, the
# others summed up (readers of four languages found the old lead machine-like: "the referee", "its bots")
WORKED_LEAD = N_(
    "This deal was dealt from a fixed shuffle and played by the computer following these rules. Every card "
    "played is shown: the tricks that show a rule at work are explained, the others summed up, and the score "
    "follows."
)
WORKED_SUMMARY = NN_("Show the whole deal: %(count)s trick", "Show the whole deal: %(count)s tricks")
DEALER_LINE = NN_("%(dealer)s deals %(cards)s card to each player.", "%(dealer)s deals %(cards)s cards to each player.")
LATER_DEAL = N_("It is deal %(number)s of the game; the scores before it are in the table at the end.")
# the same in a game of a hand-size schedule, whose deals some languages name apart (wording.label.DEALS_SCHEDULED)
LATER_DEAL_SCHEDULED = NC_(
    "worked, a hand-size schedule",
    "It is deal %(number)s of the game; the scores before it are in the table at the end.",
)
HANDS = NC_("worked", "The hands as dealt")
SITS_OUT = N_("%(player)s sits out this deal.")
PASS_DIRECTION = N_("Pass %(direction)s")  # the kiosk's heading says the same
NO_PASSING = N_("No passing this deal")
PASS_LINE = N_("%(player)s passes %(to_player)s:")  # to_player: "to Player 2" (the seat's form after "to")
UPCARD = N_("Upcard: %(card)s")
TURNED = N_("The dealer's card: %(card)s")
DISCARD = N_("%(dealer)s picks up the upcard and discards %(card)s.")
TRUMPS = N_("Trumps: %(suit)s.")
# The talon (referee.mechanisms.talon) and the game declared (referee.mechanisms.contracts, chosen: declarer)
SKAT_DEALT = N_("The skat: %(cards)s.")
POSITIONS = N_("%(forehand)s is forehand, %(middlehand)s middlehand and %(rearhand)s rearhand.")
SKAT_TAKEN = N_("%(player)s takes up the skat and lays away %(cards)s.")
SKAT_HAND = N_("%(player)s leaves the skat face down and plays a hand game.")
DECLARES = N_("%(player)s declares %(game)s.")
# An open game (Skat's null ouvert): the declarer's cards as the others see them, once declared
LAYS_OPEN = N_("%(player)s lays these cards face up on the table before the first lead: %(cards)s.")
# The declarer's game value (referee.mechanisms.game_value), as the engine worked it out
GV_POINTS_LAID = N_(
    "%(player)s, the declarer, has %(points)s, counting the cards laid away (%(cards)s: %(skat)s); the defenders "
    "have %(others)s."
)
GV_POINTS_HAND = N_(
    "%(player)s, the declarer, has %(points)s, counting the skat (%(cards)s: %(skat)s); the defenders have %(others)s."
)
# a level reached, not announced: why the line counts it
GV_SCHNEIDER_DEFENDERS = N_("With %(limit)s or fewer, the defenders are schneider.")
GV_SCHWARZ_DEFENDERS = N_("The defenders took no trick: they are schwarz.")
GV_SCHNEIDER_DECLARER = N_("With %(limit)s or fewer, the declarer is schneider too.")
GV_SCHWARZ_DECLARER = N_("The declarer took no trick: they are schwarz too.")
# why the line says "with 5": the declarer's run of top trumps, the skat's counted
GV_WITH = NN_(
    "With the skat, %(player)s holds the highest trump, %(cards)s: “with %(count)s”.",
    "With the skat, %(player)s holds the %(count)s highest trumps without a gap, %(cards)s: “with %(count)s”.",
)
GV_WITHOUT = NN_(
    "With the skat, %(player)s lacks the highest trump, %(cards)s: “without %(count)s”.",
    "With the skat, %(player)s lacks the %(count)s highest trumps, %(cards)s: “without %(count)s”.",
)
GV_BID_REACHED = N_("The bid was %(bid)s; the game is worth %(value)s, so it is not overbid.")
GV_TRICKS = NN_("%(player)s, the declarer, took %(count)s trick.", "%(player)s, the declarer, took %(count)s tricks.")
GV_NO_TRICK = N_("%(player)s, the declarer, took no trick.")
GV_WON = N_("Game value: %(line)s. Won: %(player)s scores %(score)s.")
GV_LOST = N_("Game value: %(line)s. Lost, so it counts double: %(player)s scores %(score)s.")
GV_LOST_TIMES = N_("Game value: %(line)s. Lost, so it counts %(times)s times: %(player)s scores %(score)s.")
GV_OVERBID = N_(
    "Game value: %(line)s, short of the bid of %(bid)s: %(player)s is overbid and has lost. The game counts "
    "%(value)s, the lowest multiple of %(base)s that reaches the bid, and it is lost: %(player)s scores %(score)s."
)
GV_FIXED_WON = N_("%(game)s is worth %(value)s. Won: %(player)s scores %(score)s.")
GV_FIXED_LOST = N_("%(game)s is worth %(value)s. Lost, so it counts double: %(player)s scores %(score)s.")
GV_FIXED_LOST_TIMES = N_(
    "%(game)s is worth %(value)s. Lost, so it counts %(times)s times: %(player)s scores %(score)s."
)
NO_TRUMPS = N_("There are no trumps.")
MAKERS = N_("The makers: %(players)s.")
CONTRACT = N_("%(who)s won the auction with %(contract)s.")
BID_WORDS: dict[str, str | tuple[str, str]] = {
    "pass": NC_("said", "Pass"),  # what the player says: German "passe", Dutch "pas", Italian "passo"
    "order-up": N_("Order up"),
    "alone": N_("Alone"),
    "partner": N_("With partner"),
    "hold": N_("Hold"),  # a ladder's answer (Skat's "ja")
}
CALL = N_("Call %(suit)s")
CALL_NO_TRUMP = N_("Call no trump")
TRICKS = NC_("worked", "The tricks")
TRICK_HEAD = N_("Trick %(number)s: %(leader)s leads.")
# The first trick where the holder of a card leads it (Hearts' two of clubs): why that player leads, the card by
# its name; a reader asked why player 2 led. True: that very card must be led; False: the holder leads any card.
HOLDER_LEADS = {
    True: N_("Trick %(number)s: %(leader)s holds %(card)s and must lead it."),
    False: N_("Trick %(number)s: %(leader)s holds %(card)s and so leads."),
}
# The first lead of cards once they were broken (generator.worked.WorkedTrick.opened): why it is allowed now, and
# since which trick (%(number)s); %(cards)s are the broken cards ("hearts"), %(card)s the card led.
OPENED = N_("%(player)s leads %(card)s, which is allowed now: %(cards)s were broken in trick %(number)s.")
# A card that scores, played because it was the only one its player could play (generator.worked.forced): the
# player's last card, or the only card left of the suit led.
FORCED = {
    True: N_("%(player)s has only %(card)s left and must play it."),
    False: N_("%(player)s has no other card of the suit led and must follow suit with %(card)s."),
}
# The same last card where it came in the pass: what the deal teaches is that a card passed to a player can stay
# with them to the end (a Hebrew reader found "has only the Q♠ left" empty on the last trick, where every hand
# holds one card); %(giver)s passed it, %(receiver)s is the seat after "to" ("to Player 3").
FORCED_PASSED = N_("%(giver)s passed %(card)s %(receiver)s, who still holds it at the last trick and must play it now.")
WHY = {
    "highest": N_("%(winner)s wins with %(card)s, the highest card of the suit led."),
    "trump": N_("%(winner)s wins with %(card)s, the highest trump in the trick."),
    # a trump on another suit led: the only trump in the trick, or the higher of two or more
    "trumped": N_("%(winner)s trumps with %(card)s and wins the trick."),
    "overtrumped": N_("%(winner)s overtrumps with %(card)s and wins the trick."),
}
# a trick won the way an earlier trick already explained (the highest card of the suit led, the highest trump)
WON_AGAIN = N_("%(winner)s wins the trick with %(card)s.")
# A player who cannot follow the suit led because they laid it away after taking up the skat: the first time they
# show out of it (a German reader: "Spieler 2 sticht mit der Kreuz-Dame" left out why he had no heart); %(suit)s in
# the plural form ("hearts"), %(cards)s the cards laid away as the object of the verb.
LAID_VOID = N_("%(player)s has no %(suit)s left: they laid away %(cards)s.")
# after WHY where both copies of the winning card lie in the trick (a reader saw two A♣ and only "the highest")
FIRST_OF_EQUAL = N_("Both copies of %(card)s lie in this trick: of two equal cards the one played first wins.")
# A player who cannot follow, and what they played instead (readers asked what was thrown): a card of another
# suit (a discard), a trump, or a trump lower than the one that already won the trick.
VOID = {
    "discards": N_("%(player)s cannot follow suit and discards %(card)s."),
    "trumps": N_("%(player)s cannot follow suit and trumps with %(card)s."),
    "undertrumps": N_("%(player)s cannot follow suit either and trumps lower, with %(card)s."),
    # trumps led: a player void of trumps still holds the suit printed on a promoted trump (Skat's ♥J led, hearts
    # in hand), so "cannot follow suit" read as a revoke to a Dutch Skat reader
    "no-trump": N_("%(player)s has no trump and discards %(card)s."),
    "no-trump-left": N_("%(player)s has no trump left and discards %(card)s."),  # played one before
    # a full card (an ace or a ten) thrown onto the trick a partner is winning, where the cards' points count for
    # the side (Doppelkopf, Skat): German "schmieren", which a reader wanted there and for no other discard
    "smears": N_("%(player)s cannot follow suit and throws %(card)s onto the partner's trick."),
    "smears-no-trump": N_("%(player)s has no trump and throws %(card)s onto the partner's trick."),
}
#: The least a card is worth that a player throws onto the partner's trick as points given ("schmieren"): an ace
#: or a ten, the "Volle" of Skat and Doppelkopf.
FULL_CARD = 10
# The tricks between the notable ones, told once for the run (generator.worked.teaching): the first and last
# trick's numbers; two tricks have their own sentence ("9 and 10", not "9 to 10"). A run of tricks with trumps
# led has its own words.
PLAIN_RUN = {
    "highest": NN_(
        "Trick %(first)s goes as expected: everyone follows suit, and the highest card of the suit led wins.",
        "Tricks %(first)s to %(last)s go as expected: everyone follows suit, and the highest card of the suit led "
        "wins each of them.",
    ),
    "trump": NN_(
        "Trick %(first)s goes as expected: trumps are led, everyone follows with a trump, and the highest trump wins.",
        "Tricks %(first)s to %(last)s go as expected: trumps are led, everyone follows with a trump, and the "
        "highest trump wins each of them.",
    ),
}
PLAIN_PAIR = {
    "highest": N_(
        "Tricks %(first)s and %(last)s go as expected: everyone follows suit, and the highest card of the suit "
        "led wins each of them."
    ),
    "trump": N_(
        "Tricks %(first)s and %(last)s go as expected: trumps are led, everyone follows with a trump, and the "
        "highest trump wins each of them."
    ),
}
TAKES = N_("%(winner)s takes %(points)s.")
# the same where the points are penalties, which a player suffers (Hebrew סופג; Italian "prende", as one takes them)
TAKES_PENALTY = NC_("penalty points", "%(winner)s takes %(points)s.")
# where a declarer plays alone (Skat), the trick's card points count for a side, not a player's score
TAKES_DECLARER = N_("The trick is worth %(points)s for the declarer.")
TAKES_DEFENDERS = N_("The trick is worth %(points)s for the defenders.")
TAKES_LAST = N_("%(winner)s takes %(points)s, and %(bonus)s more for the last trick.")
# where partners sitting opposite score together (Klaverjassen, Partnership Hearts): the trick's points are the
# side's (a Dutch reader: "Speler 3 krijgt 16 punten" gave them to one player)
# ``side`` names the partners as the score table heads them ("players 1 and 3"; the r40 Dutch reader: "voor spelers
# 2 en 4", where "voor de partij van speler 2" read like a bookkeeper's); a language may leave it out
TAKES_SIDE = N_("%(winner)s takes %(points)s for their side, %(side)s.")
TAKES_LAST_SIDE = N_("%(winner)s takes %(points)s for their side, %(side)s, and %(bonus)s more for the last trick.")
MADE_CONTRACT = N_(
    "%(names)s chose trump and took %(points)s of the deal's %(total)s, roem included: more than the other side, "
    "so each side scores what it took."
)
NAT_CONTRACT = N_(
    "%(names)s chose trump but took only %(points)s of the deal's %(total)s, roem included: they are nat, and "
    "the other side scores all %(total)s."
)
# The same, where the score table has a column a side (We / They, :func:`_side_score`): the two sides' totals side
# by side, as a Dutch player says it at the table ("Zij halen 101, wij 111 (61 + 50 roem): zij zijn nat"); one
# message for each side that chose trump, so that each language can make its verbs agree. %(points)s: the makers'
# total, %(other)s: the other side's (SIDE_TOOK_ROEM where it holds roem), %(total)s: both.
NAT_SIDES = (
    N_("We chose trump and took %(points)s, they %(other)s: we are nat, and they score all %(total)s."),
    N_("They chose trump and took %(points)s, we %(other)s: they are nat, and we score all %(total)s."),
)
MADE_SIDES = (
    N_("We chose trump and took %(points)s, they %(other)s: more than half, so each side scores what it took."),
    N_("They chose trump and took %(points)s, we %(other)s: more than half, so each side scores what it took."),
)
# a side's total of a deal and what it is made of: its card points (the last trick's bonus counted) and roem
SIDE_TOOK_ROEM = N_("%(points)s (%(cards)s + %(roem)s)")
# A party game (referee.mechanisms.party_game): who announced what, the parties and the game value.
ANNOUNCES = NN_(
    "%(player)s announces %(word)s, holding %(count)s card.",
    "%(player)s announces %(word)s, holding %(count)s cards.",
)
# a further step after "Re" or "Kontra" ("no 90" ...), which German players call an Absage, not an Ansage
ANNOUNCES_STEP = NN_(
    "%(player)s goes further: %(word)s, holding %(count)s card.",
    "%(player)s goes further: %(word)s, holding %(count)s cards.",
)
PARTY_NAMES = {0: N_("the Re party"), 1: N_("the Kontra party")}
EXTRA_LINES = {
    "fox": N_("A fox caught: an extra point for %(party)s."),
    "charlie": N_("Karlchen takes the last trick: an extra point for %(party)s."),
    "doppelkopf": N_("A Doppelkopf, a trick of %(points)s or more: an extra point for %(party)s."),
}
RE_PARTY = NN_(
    "The Re party, %(names)s, took %(points)s and %(count)s trick; the Kontra party, %(others)s, took the rest.",
    "The Re party, %(names)s, took %(points)s and %(count)s tricks; the Kontra party, %(others)s, took the rest.",
)
PARTY_WINNER = {
    0: N_("The Re party wins."),
    1: N_("The Kontra party wins."),
    -1: N_("Neither party reaches what it needs: nobody wins."),
}
#: An item of the game value, with its points as the winning party counts them (nobody winning: Re).
PARTY_ITEMS = {
    "won": N_("winning %(points)s"),
    "under-90": N_("the other party under 90 %(points)s"),
    "under-60": N_("under 60 %(points)s"),
    "under-30": N_("under 30 %(points)s"),
    "no-trick": N_("no trick %(points)s"),
    "said-re": N_("“Re” announced %(points)s"),
    "said-kontra": N_("“Kontra” announced %(points)s"),
    "said-step": N_("further announcements %(points)s"),
    "reached": N_("reached against an announcement %(points)s"),
    "against-the-queens": N_("won against the Re party %(points)s"),
    "extras": N_("extra points %(points)s"),
    "fox": N_("foxes caught %(points)s"),
    "charlie": N_("Karlchen %(points)s"),
    "doppelkopf": N_("Doppelkopf tricks %(points)s"),
}
#: The extra points the losing party made, which count against the winners' value: said as theirs (a reader
#: found "Doppelköpfe −1" a score without an owner).
PARTY_ITEMS_AGAINST = {
    "extras": N_("the other party's extra points %(points)s"),
    "fox": N_("foxes caught by the other party %(points)s"),
    "charlie": N_("the other party's Karlchen %(points)s"),
    "doppelkopf": N_("the other party's Doppelkopf tricks %(points)s"),
}
PARTY_VALUE = N_("The game value: %(items)s; %(value)s in all.")
PARTY_SCORES = N_("Each player of the Re party scores %(re)s, each player of the Kontra party %(kontra)s.")
PARTY_SCORES_ALONE = N_("%(name)s, alone, scores %(re)s; each of the other three %(kontra)s.")
BROKEN = N_("Broken: %(cards)s")
# the worked deal's note, a sentence (the kiosk's status line keeps BROKEN)
BROKEN_NOW = N_("%(cards)s are broken: from the next trick on they may be led.")
LEFT_BOWER = N_("%(card)s counts as %(suit)s: it is the left bower, the other jack of the trump suit's colour.")
PROMOTED = N_("%(card)s is a trump, above the cards of the trump suit itself.")
# A promoted trump that won, with the card it beat in that trick (%(beaten)s, the object of "beats"): the deal's
# highest trump, a trump above another, or a trump above a card of another suit. A German reader found "is a
# trump, higher than the queen of clubs" English, and "the highest" wanted only where the card is.
PROMOTED_BEATS = {
    "top": N_("%(card)s is the highest trump and beats %(beaten)s."),
    "higher": N_("%(card)s is the higher trump and beats %(beaten)s."),
    "plain": N_("%(card)s is a trump and beats %(beaten)s."),
}
# The same with the trump suit's highest card that keeps its place (Doppelkopf's ♦A: the promoted ♦Q and ♦J of
# the trump suit stand above it too, so "the trump suit's own cards" would be wrong for them).
PROMOTED_ABOVE = N_("%(card)s is a trump, higher than %(top)s.")
# Many promoted trumps in one hand (Doppelkopf's queens and jacks): one sentence for them all.
# The first trick's example where the auction's winner declared the game (Skat): who leads and who plays which
# game, before the cards; and, where a raised trump (a jack) is led, what that obliges the player to.
FIRST_TRICK_DECLARED = N_(
    "The first trick: %(declarer)s is the declarer and plays %(game)s; %(leader)s is forehand and leads. "
    "%(player)s holds the cards below; the cards that may be played are raised and marked."
)
RAISED_LED = N_(
    "%(card)s counts as a trump, not as one of the %(suit)s: %(player)s must follow with a trump, %(legal)s, and "
    "may not play %(printed)s."
)
# Under the lead-restriction example's hand: how many of the held-back cards the player holds (a Hebrew reader
# found the hand shown with nothing said under it, unlike the first trick's); "them" are the caption's cards.
HELD_BACK = NN_(
    "%(player)s holds %(count)s of them, and may not lead it yet.",
    "%(player)s holds %(count)s of them, and may not lead any of them yet.",
)
# The example of a player whose partner is winning the trick (generator.examples.partner_winning: Klaverjassen's
# Amsterdam rule, which a Dutch reader missed on the page): the trick so far, the hand, and why no trump is owed.
PARTNER_CAPTION = N_(
    "Trick %(number)s: %(leader)s leads. %(player)s holds the cards below; the cards that may be played are raised "
    "and marked."
)
# the same from another deal than the worked deal (a reader took its trick 2 for the worked deal's, whose trumps differ)
PARTNER_CAPTION_OTHER = N_(
    "Another deal, with %(suit)s as trumps. Trick %(number)s: %(leader)s leads. %(player)s holds the cards below; "
    "the cards that may be played are raised and marked."
)
PARTNER_FREE = N_(
    "%(player)s cannot follow suit and holds a trump, but need not trump: %(partner)s, their partner, is winning "
    "the trick. Any card may be played."
)
# the partner won the trick so far with a trump: a lower trump would be an undertrump, still forbidden
PARTNER_FREE_TRUMPED = N_(
    "%(player)s cannot follow suit, but need not overtrump: %(partner)s, their partner, is winning the trick with "
    "a trump. Any card may be played except a lower trump."
)
PROMOTED_MANY = N_("%(cards)s are trumps too, above the cards of the trump suit itself.")
# The promoted trumps shown, those of the trump suit too (Doppelkopf's ♦Q: a reader took it for a plain diamond).
# Not "higher than the ace of diamonds": a German reader took a comparison with one card the example does not
# show for a comparison of tricks; the list says what ranks above what, the trump suit's other cards come below.
PROMOTED_MANY_ABOVE = N_("%(cards)s are trumps, in this order, above the other cards of the trump suit.")
NO_POINTS_LEFT = N_("No card that scores is left, so the remaining tricks are not played.")
CLAIMED = NN_(
    "%(player)s is sure to win the last trick and takes it without playing.",
    "%(player)s is sure to win the last %(count)s tricks and takes them without playing.",
)
SCORE = NC_("worked", "The score")
PLAYER_HEAD = N_("Player")
TRICKS_WON_HEAD = NC_("worked", "Tricks")
TAKEN_HEAD = NC_("worked", "Card points")
# where the cards' points are named apart from a score's (German "Augen"; see generator.clauses.eyes)
TAKEN_HEAD_EYES = NC_("worked, eyes", "Card points")
BEFORE_HEAD = NC_("worked", "Before")
DEAL_HEAD = NC_("worked", "This deal")
AFTER_HEAD = NC_("worked", "Score")
# the score table a column a side, where partners score as one: the side of Player 1, and the other, as a score
# sheet heads them (Dutch "Wij" / "Zij"; a Dutch reader missed them); %(players)s: "Players 1 and 3"
SIDE_HEADS = (NC_("worked", "We (%(players)s)"), NC_("worked", "They (%(players)s)"))
# the roem a side's tricks held (Klaverjassen), a row of that table
ROEM_HEAD = NC_("worked", "Roem")
# the last trick's bonus (scoring.last_trick: Klaverjassen's 10), a row (or column) of the score table, so that
# its card points, roem and bonus add up to the deal's points (a Dutch reader: "61 | 91" left 10 of 162 out)
LAST_TRICK_HEAD = NC_("worked", "Last trick")
MAKERS_TOOK = NN_("%(names)s chose trump and took %(count)s trick.", "%(names)s chose trump and took %(count)s tricks.")
ALONE_TOOK = NN_(
    "%(name)s chose trump, played alone and took %(count)s trick.",
    "%(name)s chose trump, played alone and took %(count)s tricks.",
)


#: Card faces already made, per catalog (a page shows each card many times in each language; a
#: catalog's faces go when the catalog does, so a long-running ``trickbook serve`` keeps no stale ones).
_FACES: weakref.WeakKeyDictionary[object, dict[tuple[str, str | None, str, str], Markup]] = weakref.WeakKeyDictionary()


def card_html(lang: Lang, code: str, mark: str | None = None, extra: str = "", pack: Pack = "french") -> Markup:
    """A card as styled HTML with a localised accessible name; its suit is always shown.

    A French card shows its rank and suit symbol (``10♥``); an Italian card,
    whose suits have no symbol, its rank and suit's name in the page's
    language, and a class of its own (``card italian suit-b``) for its colours.
    """
    made = _FACES.setdefault(lang.translations, {})
    key = (code, mark, extra, pack_of(pack))
    face = made.get(key)
    if face is None:
        face = made[key] = _card_html(lang, code, mark, extra, pack)
    return face


def _card_html(lang: Lang, code: str, mark: str | None, extra: str, pack: Pack) -> Markup:
    rank, symbol = card_face(lang, code, pack)
    label = card_name(lang, code, pack)
    if mark:
        label = f"{label} ({mark})"
    name = pack_of(pack)
    css = (
        ("card " if name == "french" else f"card {name} ") + f"suit-{code[-1].lower()}" + (f" {extra}" if extra else "")
    )
    return Markup(
        '<span class="{css}" role="img" aria-label="{label}"><span class="rank" aria-hidden="true">{rank}</span>'
        '<span class="pip" aria-hidden="true">{symbol}</span></span>'
    ).format(css=css, label=label, rank=rank, symbol=symbol)


def faces(lang: Lang, codes: Sequence[str], pack: Pack) -> Markup:
    return Markup("").join(card_html(lang, c, pack=pack) for c in codes)


def names_cards(lang: Lang) -> bool:
    """Whether a sentence names its cards in words rather than drawing their faces: in right-to-left text a face
    is a Latin letter inside the sentence (Hebrew "ומשליך את K♥"), which a Hebrew reader wanted as the card's
    name ("ומשליך את מלך הלב"); the tiles of the hands and tricks, and the tables, keep the faces."""
    return lang.direction == "rtl"


def face_said(lang: Lang, code: str, pack: Pack) -> Markup:
    """A card face named in a sentence: with the article its rank takes where the language writes one
    (Italian "prende con il 6♣", "scarta la D♠"); its name in words where the language's prose has them
    (:func:`names_cards`)."""
    if names_cards(lang):
        return Markup(escape(card_the(lang, code, pack)))
    return Markup(escape(face_in_sentence(lang, code, "\x00", pack))).replace("\x00", card_html(lang, code, pack=pack))


FaceRole = Literal["", "sentence", "object"]


def faces_list(lang: Lang, codes: Sequence[str], pack: Pack, role: FaceRole = "") -> Markup:
    """Card faces joined as the language joins a list ("10♥ and 7♠", Hebrew "10♥ ו־7♠"), inside a sentence.

    ``role``: the faces as a sentence names them (:func:`face_said`: Italian "il 10♥ e il 7♠"); as the object
    of a verb, each also with the language's object marker (Hebrew "את 10♥ ואת 7♠"). Bare: a list after a
    colon or in brackets.
    """
    if role and names_cards(lang):  # the cards' names, each with its object marker where it is the object
        names = [card_the(lang, code, pack) for code in codes]
        return Markup(escape(lang.join([object_item(lang, n) if role == "object" else n for n in names])))
    # placeholders a language's list rules read as a card would start (a Latin letter: Hebrew's "ו־")
    marks = [f"C{i}X" for i in range(len(codes))]
    items = [
        face_in_sentence(lang, code, mark, pack) if role else mark for mark, code in zip(marks, codes, strict=True)
    ]
    joined = Markup(escape(lang.join([object_item(lang, i) if role == "object" else i for i in items])))
    for mark, code in zip(marks, codes, strict=True):
        joined = Markup(joined.replace(mark, card_html(lang, code, pack=pack), 1))
    return joined


def rich(text: str, **params: Any) -> Markup:
    """A translated sentence with its placeholders filled: text escaped, card faces (Markup) kept.

    Its first letter is a capital, also where the sentence begins with a seat that is written in
    lower case inside a sentence (Italian "il giocatore 2").
    """
    out = Markup(escape(text)) % params if params else Markup(escape(text))
    return Markup(out[:1].upper() + out[1:]) if out[:1].islower() else out


def seat(lang: Lang, number: int) -> str:
    """A seat inside a sentence (Italian "il giocatore 2"); :func:`seat_name` alone is its label."""
    return seat_name(lang, number, "sentence")


# -- the opening and the contents ---------------------------------------------------------


def intro(lang: Lang, rules: Ruleset) -> Markup:
    """The opening paragraph: the family, who plays with whom, and the aim (the overview's goal clause)."""
    counts = rules.player_counts
    message = INTRO_PARTNERS if rules.teams_kind == "opposite" else INTRO_ALONE
    if rules.plan.side_maker is not None:  # sides made anew every deal (referee.mechanisms.card_sides)
        message = INTRO_PARTIES
    elif cl.declarer_games(rules):
        message = INTRO_DECLARER
    # Doppelkopf's and Skat's openings name the game, not the title with the rules it follows in brackets (German
    # readers of those pages); the other games' openings keep their titles until their own readers have read them
    german_games = message in (INTRO_PARTIES, INTRO_DECLARER)
    name = game_name(lang, rules) if german_games else title_of(lang, rules)
    first = rich(
        lang.ngettext(*message, max(counts)),
        # a Latin title inside Hebrew stays whole, and so does a Latin name inside a Hebrew title
        title=Markup("<bdi>{}</bdi>").format(isolate_runs(lang, name)),
        family=_family(lang, rules),
        players=lang.join([number_text(lang, n, "count") for n in counts], "or"),  # "für drei Spieler"
    )
    goal = cl.goal(rules)
    # the goal's sentence keeps its rule anchor here, where the page says it (the overview does not repeat it)
    said = Markup('<span id="{id}">{text}</span>').format(id=cl.anchor(goal.kind), text=render(lang, goal))
    return first + " " + said


def game_name(lang: Lang, rules: Ruleset) -> str:
    """The game's name as the opening sentence says it: the title without the rules it follows in brackets, which
    the heading and the source already name ("Doppelkopf ist ein Stichspiel ...": a reader found "Doppelkopf
    (Turnierspielregeln des DDV) ist ein Stichspiel ..." a machine's sentence)."""
    title = title_of(lang, rules)
    return re.sub(r"\s*\([^()]*\)$", "", title) or title


def _family(lang: Lang, rules: Ruleset) -> str:
    """The family the opening names; none for the game the family is named after, in this language (readers
    found "Cuori è un gioco di prese della famiglia di Cuori" and "Boerenbridge … uit de familie van
    Boerenbridge" circular), also where the title gives that name in brackets ("Peppa (Hearts)")."""
    family = tr(lang, FAMILIES[rules.family])
    title = title_of(lang, rules)
    # a title that gives the family's name in brackets is that game too: Italian "Peppa (Hearts)"
    alias = re.search(r"\(([^()]*)\)$", title)
    names = [title, alias.group(1)] if alias else [title]
    return tr(lang, FAMILIES["other"]) if any(n.casefold() in family.casefold() for n in names) else family


def reservations_only(rules: Ruleset) -> bool:
    """Whether the only bidding is the contracts announced before play (Doppelkopf's reservations)."""
    return not rules.bidding_rounds and contracts.active(contracts.of(rules))


def trump_making(rules: Ruleset) -> bool:
    """Whether the bidding only chooses trump: every round orders up the upcard or calls a suit, none bids a
    number of tricks or a contract (Euchre, Klaverjassen)."""
    return bool(rules.bidding_rounds) and all(r.kind in ("order-up", "call") for r in rules.bidding_rounds)


def bid_head(lang: Lang, rules: Ruleset) -> str:
    """The heading of the column that says what each player bid, or which reservation they said."""
    if reservations_only(rules):
        return tr(lang, RESERVATION_HEAD)
    if any(r.kind == "ladder" for r in rules.bidding_rounds):
        return tr(lang, LADDER_HEAD)
    if trump_making(rules):
        return tr(lang, SAYS_HEAD)
    return lang.gettext(BID_HEAD)


def section_title(lang: Lang, key: str, rules: Ruleset | None = None) -> str:
    """A section's heading; ``rules``: the game whose section it is, where that changes the heading."""
    # no bids, only contracts announced before play (Doppelkopf)
    if key == "bidding" and rules is not None and reservations_only(rules):
        key = "reservations"
    if key == "bidding" and rules is not None and cl.declarer_games(rules):
        key = "declaring"
    if key == "bidding" and rules is not None and trump_making(rules):
        key = "making-trump"
    if key == "end" and rules is not None and compulsory_solo.active(compulsory_solo.of(rules)):
        key = "end-round"
    elif key in ("end", "worked") and rules is not None and rules.schedule:
        key += "-schedule"
    return tr(lang, SECTION_TITLES[key])


def entries(
    lang: Lang, rules: Ruleset, skip: tuple[str, ...] = (), short: Mapping[str, str] | None = None
) -> list[dict[str, Any]]:
    """The rule sections, each sentence with its anchor (:func:`generator.clauses.anchor`, ``-2`` on a repeat).

    ``skip``: clause kinds (or their beginnings, ``goal.``) to leave out; ``short``: kinds said in another, shorter
    sentence (the quick reference's, :data:`QUICKREF_SHORT`), which keeps the long one's anchor.
    """
    seen: dict[str, int] = {}
    out = []
    for section in cl.sections(rules):
        items = []
        for item in section.clauses:
            if item.kind.startswith(skip):
                continue
            base = cl.anchor(item.kind)
            seen[base] = seen.get(base, 0) + 1
            said = replace(item, kind=short[item.kind]) if short and item.kind in short else item
            entry: dict[str, Any] = {
                "id": base if seen[base] == 1 else f"{base}-{seen[base]}",
                "text": render(lang, said),
                "table": None,
            }
            if item.kind == "score.table":
                rows = cl.trick_table_rows(rules)
                cells = cl.trick_table_points(rules)
                entry["table"] = [(render(lang, r), render(lang, c)) for r, c in zip(rows, cells, strict=True)]
            items.append(entry)
        out.append({"key": section.key, "title": section_title(lang, section.key, rules), "entries": items})
    return out


def folded(sections: list[dict[str, Any]], key: str = "ranks") -> list[dict[str, Any]]:
    """``sections`` with section ``key``'s sentences joined to the section before it: the quick reference has no
    line to spare for the heading of the cards' order (the Italian Doppelkopf card ran onto a second page)."""
    out: list[dict[str, Any]] = []
    for section in sections:
        if section["key"] == key and out:
            out[-1] = {**out[-1], "entries": [*out[-1]["entries"], *section["entries"]]}
        else:
            out.append(section)
    return out


# -- values ----------------------------------------------------------------------------------


def values_context(lang: Lang, rules: Ruleset, found: Values) -> dict[str, Any] | None:
    """The "at a glance" tables: the cards that score, the moon, and what bids or tricks score."""
    if not found:
        return None
    return {
        "bases": bases_table(lang, rules),
        "cards": _card_table(lang, rules, found) if found.cards else None,
        "moon": _moon_table(lang, rules, found) if found.moon else None,
        "tricks": _trick_table(lang, rules, found) if found.tricks else None,
    }


def _card_table(lang: Lang, rules: Ruleset, found: Values) -> dict[str, Any]:
    pack = rules.deck.pack
    if found.ranks:  # the trump suit counts otherwise: one row per rank, a column each way
        heads3 = (lang.gettext(RANK_HEAD), tr(lang, PLAIN_HEAD), tr(lang, TRUMP_HEAD))
        rows3 = [
            {"cards": rank_name(lang, rank, pack), "points": lang.number(plain), "trump": lang.number(trump)}
            for rank, plain, trump in found.ranks
        ]
        # each column's sum under it, then the deal's total across both (a Dutch reader found the total alone
        # under "Troef", as if it were the trump suit's)
        suit = [lang.number(sum(plain for _, plain, _ in found.ranks)), lang.number(sum(t for _, _, t in found.ranks))]
        total = [{"label": tr(lang, SUIT_ROW), "cells": suit, "span": 1}]
        total += [{**row, "span": 2} for row in _total_rows(lang, rules, found.total)]
        return {"caption": lang.gettext(RANKS_CAPTION), "heads": heads3, "rows": rows3, "extra": total}
    eyes = cl.eyes(rules)
    rows = [{"cards": faces(lang, codes, pack), "points": lang.number(value)} for value, codes in found.cards]
    if eyes and found.blank:  # the rule book lists the nines too, at nothing
        rows.append({"cards": faces(lang, found.blank, pack), "points": lang.number(0)})
    extra = _total_rows(lang, rules, found.total) if len(found.cards) > 1 else []
    if found.no_tricks:
        extra.append(_total_row(tr(lang, NO_TRICKS_ROW), lang.number(found.no_tricks)))
    heads = (lang.gettext(CARDS_HEAD), tr(lang, EACH_HEAD_EYES if eyes else EACH_HEAD))
    caption = lang.gettext(CARDS_CAPTION_EYES if eyes else CARDS_CAPTION)
    return {"caption": caption, "heads": heads, "rows": rows, "extra": extra}


def _total_row(label: str, points: str) -> dict[str, Any]:
    """A row under the values table: its label and one number."""
    return {"label": label, "cells": [points], "span": 1}


def _total_rows(lang: Lang, rules: Ruleset, total: int) -> list[dict[str, Any]]:
    """The cards' total under the values table, "without roem" where tricks hold roem; where the last trick
    scores a bonus, that bonus and the deal's total with it."""
    without_roem = roem.active(roem.of(rules))
    bonus = last_trick.of(rules).points
    if not bonus:
        return [_total_row(tr(lang, TOTAL_ROW_ROEM if without_roem else TOTAL_ROW), lang.number(total))]
    return [
        _total_row(tr(lang, TOTAL_ROW), lang.number(total)),
        _total_row(tr(lang, LAST_TRICK_ROW), lang.number(bonus)),
        _total_row(tr(lang, DEAL_ROW_ROEM if without_roem else DEAL_ROW), lang.number(total + bonus)),
    ]


def bases_table(lang: Lang, rules: Ruleset) -> dict[str, Any] | None:
    """The declarer's base values and fixed values (:mod:`referee.mechanisms.game_value`), one game a row."""
    settings = game_value.of(rules)
    if not game_value.active(settings):
        return None
    pack = rules.deck.pack
    rows = [
        {"game": contract_name(lang, word, pack), "base": lang.number(value), "fixed": "", "hand": ""}
        for word, value in game_value_page.base_values(rules, settings)
    ]
    fixed = [(w, v) for w, v in game_value_page.fixed_values(rules, settings) if not w.endswith(" hand")]
    for word, value in fixed:
        kind = next(k for k in contracts.of(rules).kinds if f"{contracts.SOLO} {k.id}" == word)
        hand = settings.fixed[kind.id][1]
        rows.append(
            {
                "game": contract_name(lang, word, pack),
                "base": "",
                "fixed": lang.number(value),
                "hand": lang.number(hand),
            }
        )
    heads = [tr(lang, GAME_HEAD), tr(lang, BASE_HEAD)]
    if fixed:
        heads += [tr(lang, FIXED_HEAD), tr(lang, HAND_GAME_HEAD)]
    return {"caption": lang.gettext(BASES_CAPTION), "heads": heads, "rows": rows, "fixed": bool(fixed)}


def _moon_table(lang: Lang, rules: Ruleset, found: Values) -> dict[str, Any]:
    partner = found.moon[0].partner is not None
    heads = [tr(lang, moon_words.SHOOTER)]
    heads += [tr(lang, moon_words.PARTNER)] if partner else []
    heads += [tr(lang, moon_words.OTHERS)]
    rows = []
    for row in found.moon:
        label = moon_words.choice(lang, rules, row.choice) if row.choice else lang.gettext(POINTS_HEAD)
        cells = [row.shooter] + ([row.partner] if row.partner is not None else []) + [row.others]
        rows.append({"label": label, "cells": [lang.number(c) for c in cells]})
    moon_cards = replace(cl.cards(rules, found.moon_cards, "all"), case="accusative")  # "one player takes ..."
    caption = lang.gettext(moon_words.CAPTION) % {"cards": localise(lang, moon_cards)}
    return {"caption": caption, "heads": heads, "rows": rows}


def _trick_table(lang: Lang, rules: Ruleset, found: Values) -> dict[str, Any]:
    pack = rules.deck.pack
    heads = ([lang.gettext(BID_HEAD)] if found.bids else []) + [tr(lang, TRICKS_HEAD)]
    heads += [tr(lang, CARRIED_HEAD)] if found.bags else []
    heads += [lang.gettext(RESULT_HEAD)] if found.bids else []
    heads.append(lang.gettext(POINTS_HEAD))
    rows = []
    for outcome in found.tricks:  # cells: (text, is a number)
        cells = [(bid_name(lang, outcome.bid, pack), False)] if outcome.bid is not None else []
        cells.append((lang.number(outcome.tricks), True))
        cells += [(lang.number(outcome.carried), True)] if found.bags else []
        if outcome.made is not None:
            cells.append((tr(lang, MADE if outcome.made else NOT_MADE), False))
        cells.append((lang.number(outcome.points), True))
        rows.append(cells)
    note = render(lang, cl.clause("bid.side")) if found.bids and rules.score_teams == "shared" else None
    caption = lang.gettext(BIDS_CAPTION if found.bids else BOOK_CAPTION)
    return {"caption": caption, "heads": heads, "rows": rows, "note": note}


# -- the letters on the cards -------------------------------------------------------------------

# Where the cards' faces show letters other than J Q K A (Italian F D R, German B D, Dutch B V H): what they stand
# for, above the first cards a page shows (an Italian reader asked)
FACES_LEGEND = N_("The letters on the cards: %(legend)s.")
FACE_LETTER = NC_("card face letter", "%(letter)s = %(rank)s")
# Where the page first numbers the players (the examples, else the worked deal): in which order (an Italian reader
# found it said nowhere)
SEATS_CLOCKWISE = N_("The players are numbered clockwise round the table.")


def faces_legend(lang: Lang, rules: Ruleset) -> str | None:
    """The court cards' letters with their names, where ``lang`` prints letters of its own on a French pack's
    faces; None where they are the pack's own J Q K A (or the pack is not French)."""
    deck = rules.deck
    if pack_of(deck.pack) != "french":
        return None
    in_play = {deck.ranks[deck.rank_of[c]] for c in range(deck.size) if rules.full_deck >> c & 1}
    courts = [r for r in "AKQJ" if r in in_play]
    letters = {r: card_face(lang, r + deck.suits[0], deck)[0] for r in courts}
    names = {r: rank_name(lang, r, deck) for r in courts}
    # the pack's own letters, where they are the initials of the language's names for the ranks (English): a
    # Hebrew reader read J as ג׳ק beside the page's נסיך, so letters of another script are explained too
    if all(letters[r] == r and names[r][:1].upper() == r for r in courts):
        return None
    items = [tr(lang, FACE_LETTER) % {"letter": letters[r], "rank": names[r]} for r in courts]
    return lang.gettext(FACES_LEGEND) % {"legend": lang.join(items)}


# -- the worked deal -------------------------------------------------------------------------


def bid_text(lang: Lang, word: str, pack: Pack) -> str:
    """Any bidding action as the table says it: "Pass", "Order up", "Call hearts", "3", "7♥", "nil"."""
    if word in BID_WORDS:
        said = BID_WORDS[word]
        return lang.pgettext(*said) if isinstance(said, tuple) else lang.gettext(said)
    if word == f"call {NO_TRUMP_CALL}":
        return lang.gettext(CALL_NO_TRUMP)
    if word.startswith("call "):
        return lang.gettext(CALL) % {"suit": suit_name(lang, word[-1], pack=pack)}
    return bid_name(lang, word, pack)


def trump_suit_top(rules: Ruleset, trump: str) -> str | None:
    """The highest card of the trump suit that is not promoted (Doppelkopf ♦A, Skat's ace of trumps), or None."""
    raised = set(promoted.of(rules).cards)
    return next((r + trump for r in cl.ranks_by_strength(rules, trump=True) if r + trump not in raised), None)


def left_bower(lang: Lang, rules: Ruleset, code: str, trump: str, trick: WorkedTrick | None = None) -> Markup:
    """Why a card counts in the trump suit, not its own: the bowers, or the promoted trumps, at work.

    A promoted trump that won ``trick`` beat a card there (a German reader took a comparison with a card the
    trick did not hold for a mistake): the sentence says which, and whether the winner is the deal's highest
    trump, the higher of two trumps or a trump over another suit (:data:`PROMOTED_BEATS`). Without one (both
    copies of the card in the trick), it is compared with the trump suit's highest card of its own. Of two
    equal cards the first played wins: that is said apart (FIRST_OF_EQUAL).
    """
    card = localise(lang, cl.cards(rules, (code,), "a"))
    beaten = trick.beaten if trick is not None and trick.beaten != code else ""
    if not rules.bowers and trick is not None and beaten:
        trumped = any(play.trump for play in trick.plays if play.card == beaten)
        kind = "top" if trick.top else "higher" if trumped else "plain"
        pack = rules.deck.pack
        text = lang.gettext(PROMOTED_BEATS[kind]) % {
            "card": card,
            "beaten": localise(lang, cl.Cards((beaten,), "a", pack=pack, case="accusative")),
        }
        return Markup(escape(text[:1].upper() + text[1:]))
    top = None if rules.bowers else trump_suit_top(rules, trump)
    said = LEFT_BOWER if rules.bowers else PROMOTED_ABOVE if top else PROMOTED
    text = lang.gettext(said) % {
        "card": card,
        "suit": localise(lang, cl.cards(rules, (trump,), "a")),
        "top": localise(lang, cl.cards(rules, (top,), "a")) if top else "",
    }
    return Markup(escape(text[:1].upper() + text[1:]))


def smears(rules: Ruleset, worked: Worked, trick: WorkedTrick, index: int) -> bool:
    """Whether play ``index`` of ``trick`` gives the partner points: a full card (:data:`FULL_CARD`) played, not
    to follow, after the partner's card that was winning the trick and won it, where card points count for the
    side (:func:`generator.clauses.eyes`)."""
    play = trick.plays[index]
    if not worked.teams:
        return False
    partner = trick.winner != play.seat and worked.teams[trick.winner] == worked.teams[play.seat]
    return cl.eyes(rules) and partner and index > trick.winning_play and play.points >= FULL_CARD


def other_suit_notes(
    lang: Lang, rules: Ruleset, codes: Sequence[str], trump: str, shown: Sequence[str] = ()
) -> list[Markup]:
    """Why cards shown count in the trump suit: a line per bower; promoted trumps in one line, in trump order,
    with the promoted cards of the trump suit itself among ``shown`` (they too rank above its plain cards)."""
    if rules.bowers or len(codes) < 2:
        return [left_bower(lang, rules, code, trump) for code in codes]
    order = promoted.of(rules).cards
    top = trump_suit_top(rules, trump)
    own = [c for c in dict.fromkeys(shown) if c in order and c[-1:] == trump and c not in codes] if top else []
    ranked = sorted([*codes, *own], key=lambda c: order.index(c) if c in order else len(order))
    text = lang.gettext(PROMOTED_MANY_ABOVE if top else PROMOTED_MANY) % {
        "cards": localise(lang, cl.cards(rules, tuple(ranked), "a")),
    }
    return [Markup(escape(text[:1].upper() + text[1:]))]


def _trick(
    lang: Lang,
    rules: Ruleset,
    worked: Worked,
    number: int,
    trick: WorkedTrick,
    explained: set[str],
    ways: set[str],
    teaches: bool,
) -> dict[str, Any]:
    """One trick of the worked deal; ``explained``: the cards whose rank among trumps was said before;
    ``ways``: the ways of winning (:data:`WHY`) said in full before, which later tricks say in short;
    ``teaches``: whether it is told in full (:func:`generator.worked.teaching`), else its run's sentence says
    how it went."""
    pack = rules.deck.pack
    card = face_said(lang, trick.card, pack)
    notes = [
        rich(
            lang.ngettext(*(ANNOUNCES if word in announcements.PARTY_WORDS else ANNOUNCES_STEP), held),
            player=seat(lang, who),
            word=localise(lang, cl.Said(word)),
            count=lang.number(held),
        )
        for who, word, held in trick.said
    ]
    # as the trick went: who could not follow and what they played instead, and the winner's card where it
    # falls; trumps led, those who played one earlier in the deal have none left, the others had none
    earlier = {p.seat for t in worked.tricks[: number - 1] for p in t.plays if p.trump}
    for cards, broke in trick.opened:  # a suit led for the first time since it was broken: why it may be
        notes.append(
            rich(
                lang.gettext(OPENED),
                player=seat(lang, trick.leader),
                card=face_said(lang, trick.plays[0].card, pack),
                cards=localise(lang, cl.cards(rules, cards, "plural")),
                number=lang.number(broke),
            )
        )
    for who, cards in trick.laid_void:  # once a suit laid away: why its player does not follow it
        suit = rules.deck.suits[rules.deck.suit_of[rules.deck.index[cards[0]]]]
        if f"laid {who} {suit}" not in explained:
            explained.add(f"laid {who} {suit}")
            notes.append(
                rich(
                    lang.gettext(LAID_VOID),
                    player=seat(lang, who),
                    suit=localise(lang, cl.cards(rules, (suit,), "plural")),
                    cards=faces_list(lang, cards, pack, "object"),
                )
            )
    made = forced(rules, trick)
    why = "overtrumped" if trick.overtrumped else trick.why
    # a promoted trump that wins is said below with the card it beat (left_bower): "..., the highest trump in the
    # trick. The ten of hearts is the highest trump and beats ..." said it twice (an r40 German reader)
    winner = trick.plays[trick.winning_play]
    beats = (
        why == "trump"
        and worked.trump is not None
        and not rules.bowers
        and winner.other_suit
        and trick.card not in explained
        and not trick.equal
        and trick.beaten not in ("", trick.card)
    )
    again = beats or (why in ways and why in ("highest", "trump"))
    if not beats:
        ways.add(why)
    won = rich(lang.gettext(WON_AGAIN if again else WHY[why]), winner=seat(lang, trick.winner), card=card)
    said_why = not teaches  # a plain trick: the run's sentence says why it was won
    settings = trumping.of(rules)
    # a plain suit led: where the duty to trump lapses on a partner's trick, a player who cannot follow says why
    lapses = trumping.active(settings) and settings.must_trump == "unless-partner-winning" and not trick.plays[0].trump
    for index, play in enumerate(trick.plays):
        if play in made:  # a card that scores, and the only one its player could play
            giver = next((g for g, to, given in worked.passes if to == play.seat and play.card in given), None)
            face = face_said(lang, play.card, pack)
            if play.last and giver is not None:  # kept since the pass: who gave it
                receiver = seat_name(lang, play.seat, "to")
                notes.append(rich(lang.gettext(FORCED_PASSED), giver=seat(lang, giver), card=face, receiver=receiver))
            else:
                notes.append(rich(lang.gettext(FORCED[play.last]), player=seat(lang, play.seat), card=face))
        partner = play.partner if lapses and not play.followed else None
        exempt = partner is not None
        if partner is not None:
            kind = ("trumps-only" if play.trumps_only else "trumps") if play.trump else "discards"
            notes.append(
                rich(
                    lang.gettext(trumping_words.EXEMPT[kind]),
                    player=seat(lang, play.seat),
                    partner=seat(lang, partner),
                    card=face_said(lang, play.card, pack),
                )
            )
        if index == trick.winning_play and not play.followed:
            notes.append(won)
            said_why = True
        elif not play.followed:
            if trick.why == "trump":
                kind = "no-trump-left" if play.seat in earlier else "no-trump"
            elif trick.undertrumped(index):
                kind = "undertrumps"
            else:
                kind = "trumps" if play.trump else "discards"
            if exempt and kind == "discards":
                pass  # a free discard is said with the partner's trick
            else:
                if kind != "trumps" and kind != "undertrumps" and smears(rules, worked, trick, index):
                    kind = "smears-no-trump" if trick.why == "trump" else "smears"
                notes.append(
                    rich(lang.gettext(VOID[kind]), player=seat(lang, play.seat), card=face_said(lang, play.card, pack))
                )
    if not said_why:
        notes.append(won)
    if trick.equal:
        notes.append(rich(lang.gettext(FIRST_OF_EQUAL), card=card_html(lang, trick.card, pack=pack)))
    if worked.trump is not None:
        for play in trick.plays:
            # Once a deal is enough; of many promoted trumps (Doppelkopf), only the card that wins says it. Where
            # both copies of it lie in the trick, what wins it is the first copy played (FIRST_OF_EQUAL), not its
            # rank over some third card (a German reader: "the queen of clubs beats the nine of diamonds" was the
            # wrong comparison, with the other queen of clubs in the trick)
            twins = trick.equal and play.card == trick.card
            # a promoted trump led that no other trump met wins as any trump led does: "the jack of diamonds is a
            # trump and beats the eight of spades", a discard, taught nothing (an r40 German reader)
            unmet = play is trick.plays[0] and not any(other.trump for other in trick.plays[1:])
            if (
                play.other_suit
                and play.card not in explained
                and not twins
                and not (unmet and not rules.bowers)
                and (rules.bowers or play.card == trick.card)
            ):
                explained.add(play.card)
                notes.append(left_bower(lang, rules, play.card, worked.trump, trick))
    bonus = last_trick.of(rules).points if number == worked.hand_size else 0  # the deal's last trick
    # the trick winner's side by its seats, as the score table heads it (where partners score as one)
    teams = worked.teams or tuple(range(worked.players))
    side = seats_name(lang, [s for s in range(worked.players) if teams[s] == teams[trick.winner]], "sentence")
    if trick.points or bonus:
        points = points_text(lang, trick.points, cl.penalty(rules), cl.eyes(rules))
        partners = rules.teams_kind == "opposite"
        if bonus:
            extra = points_text(lang, bonus, cl.penalty(rules))
            message = TAKES_LAST_SIDE if partners else TAKES_LAST
            notes.append(
                rich(lang.gettext(message), winner=seat(lang, trick.winner), side=side, points=points, bonus=extra)
            )
        elif worked.declared is not None and worked.maker is not None:  # a declarer against the defenders
            side = TAKES_DECLARER if trick.winner == worked.maker else TAKES_DEFENDERS
            notes.append(rich(lang.gettext(side), points=points))
        elif cl.penalty(rules) and not partners:
            notes.append(rich(lang.pgettext(*TAKES_PENALTY), winner=seat(lang, trick.winner), points=points))
        else:
            message = TAKES_SIDE if partners else TAKES
            notes.append(rich(lang.gettext(message), winner=seat(lang, trick.winner), side=side, points=points))
    if trick.melds:
        melds = [
            Markup(escape(lang.gettext(roem_words.MELDS[m.kind])))
            % {"cards": faces(lang, m.cards, pack), "points": points_text(lang, m.points, roem=True)}
            for m in trick.melds
        ]
        joined = Markup(escape(lang.join(["\x00"] * len(melds))))  # the language's list, its items Markup
        for meld in melds:
            joined = Markup(joined.replace("\x00", meld, 1))
        notes.append(
            rich(lang.gettext(roem_words.TRICK_LINE), melds=joined, winner=seat(lang, trick.winner), side=side)
        )
    for kind, party in trick.extras:
        big = points_text(lang, party_game.of(rules).big_trick, eyes=cl.eyes(rules))
        party_name = lang.gettext(PARTY_NAMES[party])
        notes.append(rich(lang.gettext(EXTRA_LINES[kind]) % {"party": party_name, "points": big}))
    for broken in trick.broken:
        notes.append(rich(lang.gettext(BROKEN_NOW), cards=localise(lang, cl.cards(rules, broken, "plural"))))
    head = lang.gettext(TRICK_HEAD) % {"number": lang.number(number), "leader": seat(lang, trick.leader)}
    opening = rules.layout(worked.players).opening_card
    if number == 1 and opening is not None:  # why this player leads: the card they hold
        head = lang.gettext(HOLDER_LEADS[rules.opening_must == "that-card"]) % {
            "number": lang.number(number),
            "leader": seat(lang, trick.leader),
            "card": localise(lang, cl.cards(rules, (rules.deck.codes[opening],), "a")),
        }
    plays = [
        {"seat": seat_name(lang, p.seat), "card": card_html(lang, p.card, pack=pack), "won": p.seat == trick.winner}
        for p in trick.plays
    ]
    return {"head": head, "plays": plays, "notes": notes, "run": None}


def _setup(lang: Lang, rules: Ruleset, worked: Worked) -> list[Markup]:
    pack = rules.deck.pack
    out = [
        rich(
            lang.ngettext(*DEALER_LINE, worked.hand_size),
            dealer=seat(lang, worked.dealer),
            cards=number_text(lang, worked.hand_size, "count"),  # "zwölf Karten", as the rules say it
        )
    ]
    if worked.number:
        later = lang.pgettext(*LATER_DEAL_SCHEDULED) if rules.schedule else lang.gettext(LATER_DEAL)
        out.append(rich(later, number=lang.number(worked.number + 1)))
    n = worked.players
    playing = [(worked.dealer + i) % n for i in range(1, n + 1) if (worked.dealer + i) % n not in worked.sitting_out]
    if cl.ladder(rules) and len(playing) == 3:  # the seats by the names the bidding uses, from the dealer's left
        names = dict(zip(("forehand", "middlehand", "rearhand"), (seat(lang, s) for s in playing), strict=True))
        out.append(rich(lang.gettext(POSITIONS) % names))
    if worked.upcard is not None:
        out.append(rich(lang.gettext(UPCARD), card=card_html(lang, worked.upcard, pack=pack)))
    if worked.turned is not None:
        out.append(rich(lang.gettext(TURNED), card=card_html(lang, worked.turned, pack=pack)))
    return out


def _trump_lines(lang: Lang, rules: Ruleset, worked: Worked) -> list[Markup]:
    """After the bidding: the discard, the contract, the trump suit, the makers and who sits out."""
    pack = rules.deck.pack
    out = []
    if worked.skat and worked.maker is not None:
        out.append(rich(lang.gettext(SKAT_DEALT), cards=faces(lang, worked.skat, pack)))
        if worked.laid_away:
            text = lang.gettext(SKAT_TAKEN)
            out.append(
                rich(text, player=seat(lang, worked.maker), cards=faces_list(lang, worked.laid_away, pack, "object"))
            )
        else:
            out.append(rich(lang.gettext(SKAT_HAND), player=seat(lang, worked.maker)))
    if worked.declared is not None and worked.maker is not None:
        game = contract_name(lang, worked.declared, pack)
        out.append(rich(lang.gettext(DECLARES), player=seat(lang, worked.maker), game=game))
        if worked.laid_open:  # sorted for the game, as the hands are shown
            cards = faces(lang, _in_game_order(rules, worked, worked.laid_open), pack)
            out.append(rich(lang.gettext(LAYS_OPEN), player=seat(lang, worked.maker), cards=cards))
    if worked.discard is not None:
        who, code = worked.discard
        out.append(rich(lang.gettext(DISCARD), dealer=seat(lang, who), card=face_said(lang, code, pack)))
    if worked.contract is not None and worked.maker is not None:
        contract = localise(lang, cl.Bid(worked.contract))
        out.append(rich(lang.gettext(CONTRACT), who=seat(lang, worked.maker), contract=contract))
    if worked.trump is not None:
        out.append(rich(lang.gettext(TRUMPS), suit=suit_name(lang, worked.trump, pack=pack)))
    elif rules.trump_kind != "none" or worked.declared is not None:
        out.append(rich(lang.gettext(NO_TRUMPS)))
    if rules.bids_for_trump and worked.maker is not None:
        makers = [s for s in range(worked.players) if worked.teams[s] == worked.teams[worked.maker]]
        out.append(rich(lang.gettext(MAKERS), players=lang.join([seat(lang, s) for s in makers])))
    for out_seat in worked.sitting_out:
        out.append(rich(lang.gettext(SITS_OUT), player=seat(lang, out_seat)))
    return out


def _party_notes(lang: Lang, rules: Ruleset, worked: Worked) -> list[Markup]:
    """A party game's result: the parties, who won, the game value item by item, and the scores."""
    outcome = worked.party
    if outcome is None:
        return []
    n = worked.players
    re = [s for s in range(n) if worked.teams[s] == 0]
    others = [s for s in range(n) if s not in re]
    tricks = sum(worked.tricks_won[s] for s in re)
    text = lang.ngettext(*RE_PARTY, tricks) % {
        "names": lang.join([seat(lang, s) for s in re]),
        "points": points_text(lang, sum(worked.taken[s] for s in re), eyes=cl.eyes(rules)),
        "count": number_text(lang, tricks, "count"),
        "others": lang.join([seat(lang, s) for s in others]),
    }
    out = [rich(text), rich(lang.gettext(PARTY_WINNER[outcome.winner]))]
    side = outcome.winner if outcome.winner >= 0 else 0  # the items as the winners (or Re) count them
    items = [
        lang.gettext(PARTY_ITEMS[what] if party == side else PARTY_ITEMS_AGAINST.get(what, PARTY_ITEMS[what]))
        % {"points": lang.number(points if party == side else -points)}
        for what, party, points in outcome.items
    ]
    if items:
        value = lang.gettext(PARTY_VALUE) % {"items": lang.join(items), "value": lang.number(outcome.value)}
        out.append(rich(value))
    scores = {"re": _signed(lang, outcome.scores[0]), "kontra": _signed(lang, outcome.scores[-1])}
    if len(re) == 1:
        out.append(rich(lang.gettext(PARTY_SCORES_ALONE) % {**scores, "name": seat(lang, re[0])}))
    else:
        out.append(rich(lang.gettext(PARTY_SCORES) % scores))
    return out


def _signed(lang: Lang, n: int) -> str:
    """A score with its sign, a gain too ("+9" beside "−27"; a German reader read "je 9" as unsigned)."""
    if n <= 0:
        return lang.number(n)
    return ("\u200e+" if lang.direction == "rtl" else "+") + lang.number(n)


def _sides(rules: Ruleset, worked: Worked) -> list[list[int]] | None:
    """The seats of each fixed partnership that scores as one (partners opposite, no bids of their own, the
    same score each): the score table then has a column a side, as a score sheet keeps it; else None."""
    if rules.teams_kind != "opposite" or worked.bid_words or rules.plan.side_maker is not None:
        return None
    sides = [list(range(start, worked.players, 2)) for start in (0, 1)]
    same = all(
        len({column[s] for s in side}) == 1 for side in sides for column in (worked.points, worked.before, worked.after)
    )
    return sides if same else None


def _side_score(lang: Lang, rules: Ruleset, worked: Worked, sides: list[list[int]]) -> dict[str, Any]:
    """The score table a column a side ("We" / "They", as a Dutch klaverjas sheet has "Wij" / "Zij"), a row a
    figure: tricks, card points, roem, the score before, this deal's points and the score after it."""
    heads = [""] + [
        tr(lang, label) % {"players": seats_name(lang, side, "sentence")}
        for label, side in zip(SIDE_HEADS, sides, strict=True)
    ]
    rows: list[dict[str, Any]] = []

    def row(label: str, values: Sequence[int]) -> None:
        rows.append({"seat": label, "cells": [lang.number(v) for v in values]})

    row(tr(lang, TRICKS_WON_HEAD), [sum(worked.tricks_won[s] for s in side) for side in sides])
    if rules.layout(worked.players).scoring_cards:
        head = TAKEN_HEAD_EYES if cl.eyes(rules) else TAKEN_HEAD
        row(tr(lang, head), [sum(worked.taken[s] for s in side) for side in sides])
    bonus = last_trick_bonus(rules, worked)
    if bonus is not None:
        row(tr(lang, LAST_TRICK_HEAD), [sum(bonus[s] for s in side) for side in sides])
    if roem.active(roem.of(rules)):
        won = [sum(m.points for t in worked.tricks if t.winner in side for m in t.melds) for side in sides]
        row(tr(lang, ROEM_HEAD), won)
    if any(worked.before) or worked.number:
        row(tr(lang, BEFORE_HEAD), [worked.before[side[0]] for side in sides])
    row(tr(lang, DEAL_HEAD), [worked.points[side[0]] for side in sides])
    row(tr(lang, AFTER_HEAD), [worked.after[side[0]] for side in sides])
    return {"heads": heads, "rows": rows}


def last_trick_bonus(rules: Ruleset, worked: Worked) -> list[int] | None:
    """Per seat, the last trick's bonus (:mod:`referee.mechanisms.last_trick`) the deal gave: to the winner of
    its last trick, or to the seat that claimed the rest, nobody where the deal ended before it; None where the
    rules give none."""
    points = last_trick.of(rules).points
    if not points:
        return None
    out = [0] * worked.players
    if worked.claimed_by is not None:
        out[worked.claimed_by] = points
    elif not worked.ended_early:
        out[worked.tricks[-1].winner] = points
    return out


def _score(lang: Lang, rules: Ruleset, worked: Worked) -> dict[str, Any]:
    """The score table (per seat: tricks, card points, bid, points before, this deal, after; per side where
    partners score as one: :func:`_side_score`) and what it means."""
    n = worked.players
    cards = bool(rules.layout(n).scoring_cards)
    earlier = any(worked.before) or bool(worked.number)
    partners = _sides(rules, worked)
    heads = [lang.gettext(PLAYER_HEAD)]
    if worked.bid_words:
        heads.append(lang.gettext(BID_HEAD))
    heads.append(tr(lang, TRICKS_WON_HEAD))
    if cards:
        heads.append(tr(lang, TAKEN_HEAD_EYES if cl.eyes(rules) else TAKEN_HEAD))
    bonus = last_trick_bonus(rules, worked)
    if bonus is not None:
        heads.append(tr(lang, LAST_TRICK_HEAD))
    if earlier:
        heads.append(tr(lang, BEFORE_HEAD))
    heads += [tr(lang, DEAL_HEAD), tr(lang, AFTER_HEAD)]
    rows = []
    for s in range(n):
        cells = [bid_name(lang, worked.bid_words[s] or "", rules.deck.pack)] if worked.bid_words else []
        cells.append(lang.number(worked.tricks_won[s]))
        cells += [lang.number(worked.taken[s])] if cards else []
        cells += [lang.number(bonus[s])] if bonus is not None else []
        cells += [lang.number(worked.before[s])] if earlier else []
        cells += [lang.number(worked.points[s]), lang.number(worked.after[s])]
        rows.append({"seat": seat_name(lang, s), "cells": cells})
    notes = []
    if worked.shooter is not None:
        notes.append(rich(lang.gettext(moon_words.SHOT), name=seat(lang, worked.shooter)))
    if worked.before_settling and worked.maker is not None and card_contract.active(card_contract.of(rules)):
        maker = worked.maker
        team = [s for s in range(n) if worked.teams[s] == worked.teams[maker]]
        sides = {worked.teams[s]: worked.before_settling[s] for s in range(n)}
        took, total = worked.before_settling[maker], sum(sides.values())
        nat = worked.points[maker] == 0 and took < total
        if partners:
            notes.append(_sides_compared(lang, rules, worked, partners, nat))
        else:
            text = lang.gettext(NAT_CONTRACT if nat else MADE_CONTRACT) % {
                "names": lang.join([seat(lang, s) for s in team]),
                "points": points_text(lang, took, False),
                "total": lang.number(total),
            }
            notes.append(rich(text))
    if rules.trick_rows and worked.maker is not None:
        maker = worked.maker
        team = [s for s in range(n) if worked.teams[s] == worked.teams[maker]]
        took = sum(worked.tricks_won[s] for s in team)
        if worked.alone:
            text = lang.ngettext(*ALONE_TOOK, took) % {
                "name": seat(lang, maker),
                "count": number_text(lang, took, "count"),
            }
        else:
            names = lang.join([seat(lang, s) for s in team])
            text = lang.ngettext(*MAKERS_TOOK, took) % {"names": names, "count": number_text(lang, took, "count")}
        notes.append(rich(text))
    notes += [rich(render(lang, line)) for line in worked.results]
    notes += _party_notes(lang, rules, worked)
    notes += _game_value_notes(lang, rules, worked)
    table = _side_score(lang, rules, worked, partners) if partners else {"heads": heads, "rows": rows}
    return {**table, "notes": notes}


def _sides_compared(lang: Lang, rules: Ruleset, worked: Worked, sides: list[list[int]], nat: bool) -> Markup:
    """The side that chose trump against the other, each by its total of the deal (card points, the last
    trick's bonus and roem, before the contract weighed them), named as the score table heads them."""
    assert worked.maker is not None
    bonus = last_trick_bonus(rules, worked) or [0] * worked.players

    def took(side: list[int]) -> str:
        total = worked.before_settling[side[0]]
        cards = sum(worked.taken[s] + bonus[s] for s in side)
        won = sum(m.points for t in worked.tricks if t.winner in side for m in t.melds)
        if not won or cards + won != total:  # no roem, or more than cards and roem in it (pit)
            return lang.number(total)
        parts = {"cards": lang.number(cards), "roem": points_text(lang, won, roem=True)}
        return lang.gettext(SIDE_TOOK_ROEM) % {"points": lang.number(total), **parts}

    mine = 0 if worked.maker in sides[0] else 1
    text = lang.gettext((NAT_SIDES if nat else MADE_SIDES)[mine]) % {
        "points": took(sides[mine]),
        "other": took(sides[1 - mine]),
        "total": lang.number(sum(worked.before_settling[side[0]] for side in sides)),
    }
    return rich(text)


def _game_value_notes(lang: Lang, rules: Ruleset, worked: Worked) -> list[Markup]:
    """The declarer's result as the engine scored it (:func:`referee.mechanisms.game_value.outcome`): the card
    points with the skat's, or the tricks of a null; the game value counted up; won, lost or overbid."""
    outcome, maker = worked.game_value, worked.maker
    if outcome is None or maker is None or worked.declared is None:
        return []
    who = seat(lang, maker)
    out = []
    score = points_text(lang, outcome.score)
    if outcome.items:  # a game for tricks
        counted = worked.laid_away or worked.skat  # laid away, or the skat unseen in a hand game
        skat_points = sum(rules.layout(worked.players).points[rules.deck.index[c]] for c in counted)
        others = sum(worked.taken) - worked.taken[maker]
        out.append(
            rich(
                lang.gettext(GV_POINTS_LAID if worked.laid_away else GV_POINTS_HAND),
                player=who,
                points=points_text(lang, worked.taken[maker], eyes=True),
                cards=faces_list(lang, counted, rules.deck.pack),
                skat=points_text(lang, skat_points, eyes=True),
                others=points_text(lang, others, eyes=True),
            )
        )
        out += _levels_reached(lang, rules, outcome)
        out += _matadors_note(lang, rules, worked, outcome)
        line = value_line(lang, line_of(worked.declared, outcome))
        if outcome.overbid:
            text = lang.gettext(GV_OVERBID) % {
                "line": line,
                "bid": lang.number(worked.bid_value),
                "player": who,
                "value": lang.number(outcome.value),
                "base": lang.number(outcome.base),
                "score": score,
            }
        elif outcome.won:
            text = lang.gettext(GV_WON) % {"line": line, "player": who, "score": score}
        else:
            lost = game_value.of(rules).lost
            message = GV_LOST if lost == 2 else GV_LOST_TIMES
            text = lang.gettext(message) % {"line": line, "player": who, "score": score, "times": lang.number(lost)}
        out.append(rich(text))
        if worked.bid_value and not outcome.overbid:  # the value checked against the bid (ISkO 5.4)
            reached = lang.gettext(GV_BID_REACHED) % {
                "bid": lang.number(worked.bid_value),
                "value": lang.number(outcome.value),
            }
            out.append(rich(reached))
        return out
    tricks = worked.tricks_won[maker]
    if tricks:
        out.append(
            rich(lang.ngettext(*GV_TRICKS, tricks) % {"player": who, "count": number_text(lang, tricks, "count")})
        )
    else:
        out.append(rich(lang.gettext(GV_NO_TRICK) % {"player": who}))
    game = contract_name(lang, worked.declared, rules.deck.pack)
    lost = game_value.of(rules).lost
    message = GV_FIXED_WON if outcome.won else GV_FIXED_LOST if lost == 2 else GV_FIXED_LOST_TIMES
    text = lang.gettext(message) % {
        "game": game,
        "value": lang.number(outcome.value),
        "player": who,
        "score": score,
        "times": lang.number(lost),
    }
    out.append(rich(text))
    return out


def _levels_reached(lang: Lang, rules: Ruleset, outcome: game_value.Outcome) -> list[Markup]:
    """Why the value line counts schneider or schwarz that nobody announced: who reached it, and with what."""
    items = {what for what, _ in outcome.items}
    limit = points_text(lang, game_value.of(rules).schneider, eyes=True)
    out = []
    if "schwarz" in items and "schwarz-announced" not in items:
        out.append(lang.gettext(GV_SCHWARZ_DEFENDERS if outcome.won else GV_SCHWARZ_DECLARER))
    elif "schneider" in items and "schneider-announced" not in items:
        out.append(lang.gettext(GV_SCHNEIDER_DEFENDERS if outcome.won else GV_SCHNEIDER_DECLARER) % {"limit": limit})
    return [rich(text) for text in out]


def _declared_game(rules: Ruleset, worked: Worked) -> tuple[int, int] | None:
    """The worked deal's declared game as (its contract's index, its trump suit's index or -1), or None."""
    if worked.declared is None:
        return None
    kinds = contracts.of(rules).kinds
    word = game_word(worked.declared).removeprefix(f"{contracts.SOLO} ")
    index = next((i for i, k in enumerate(kinds) if k.id == word), None)
    if index is None:
        return None
    suit = kinds[index].suit
    return index, rules.deck.suits.find(suit) if suit in rules.deck_suits else -1


def _in_game_order(rules: Ruleset, worked: Worked, cards: Sequence[str]) -> tuple[str, ...]:
    """``cards`` as a player sorts them for the worked deal's declared game (trumps first: Skat's jacks), else as
    they are."""
    game = _declared_game(rules, worked)
    if game is None:
        return tuple(cards)
    index, trump = game
    return by_power(rules, rules.trump_table(None if trump < 0 else trump, index), cards)


def _matadors_note(lang: Lang, rules: Ruleset, worked: Worked, outcome: game_value.Outcome) -> list[Markup]:
    """Why the line says "with 5": the declarer's top trumps over the hand and the skat, as the engine counts
    them (:meth:`referee.mechanisms.game_value.GameValueScorer.trumps`)."""
    found = _declared_game(rules, worked)
    if not outcome.matadors or worked.maker is None or found is None:
        return []
    order = game_value.GameValueScorer(game_value.of(rules), rules).trumps(*found)
    count = abs(outcome.matadors)
    cards = [rules.deck.codes[c] for c in order[:count]]
    message = GV_WITH if outcome.matadors > 0 else GV_WITHOUT
    return [
        rich(
            lang.ngettext(*message, count),
            player=seat(lang, worked.maker),
            count=lang.number(count),
            cards=faces_list(lang, cards, rules.deck.pack, "sentence"),
        )
    ]


def _plain_runs(told: Sequence[bool], ways: Sequence[str]) -> list[tuple[int, int]]:
    """The runs of tricks not told in full, each won the same way (``ways``: each trick's), as (first, last)
    indexes."""
    runs: list[tuple[int, int]] = []
    for i, full in enumerate(told):
        if full:
            continue
        if runs and runs[-1][1] == i - 1 and ways[i] == ways[i - 1]:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    return runs


def worked_context(lang: Lang, rules: Ruleset, worked: Worked | None) -> dict[str, Any] | None:
    if worked is None:
        return None
    pack = rules.deck.pack
    # each player sorts the cards for the game declared (Skat's jacks first) or the trumps the deal was played
    # with (a German reader found Doppelkopf's trumps spread over four suits)
    dealt = (
        [_in_game_order(rules, worked, hand) for hand in worked.hands]
        if worked.declared is not None or not worked.sorted_hands
        else list(worked.sorted_hands)
    )
    hands = [{"seat": seat_name(lang, s), "cards": faces(lang, hand, pack)} for s, hand in enumerate(dealt)]
    passing = None
    if worked.pass_direction:
        direction = worked.pass_direction
        head = (
            lang.gettext(NO_PASSING)
            if direction == "hold"
            else lang.gettext(PASS_DIRECTION) % {"direction": tr(lang, DIRECTIONS[direction])}
        )
        passes = [
            {
                "line": rich(lang.gettext(PASS_LINE), player=seat(lang, a), to_player=seat_name(lang, b, "to")),
                "cards": faces(lang, cards, pack),
            }
            for a, b, cards in worked.passes
        ]
        passing = {"head": head, "passes": passes}
    bids = [{"seat": seat_name(lang, s), "bid": bid_text(lang, w, pack)} for s, w in worked.bids]
    explained: set[str] = set()
    told = teaching(rules, worked)
    ways: set[str] = set()
    tricks = [_trick(lang, rules, worked, i + 1, t, explained, ways, told[i]) for i, t in enumerate(worked.tricks)]
    for first, last in _plain_runs(told, [t.why for t in worked.tricks]):
        count, why = last - first + 1, worked.tricks[first].why
        message = lang.gettext(PLAIN_PAIR[why]) if count == 2 else lang.ngettext(*PLAIN_RUN[why], count)
        tricks[first]["run"] = rich(message, first=lang.number(first + 1), last=lang.number(last + 1))
    end = []
    if worked.ended_early and worked.claimed_by is not None:
        rest = worked.hand_size - len(worked.tricks)
        text = lang.ngettext(*CLAIMED, rest) % {
            "player": seat(lang, worked.claimed_by),
            "count": number_text(lang, rest, "count"),
        }
        end.append(rich(text))
    elif worked.ended_early:
        end.append(rich(lang.gettext(NO_POINTS_LEFT)))
    return {
        "lead": lang.gettext(WORKED_LEAD),
        "summary": lang.ngettext(*WORKED_SUMMARY, worked.hand_size) % {"count": lang.number(worked.hand_size)},
        "seats": lang.gettext(SEATS_CLOCKWISE),  # said here where the page has no examples before
        "setup": _setup(lang, rules, worked),
        "hands_title": tr(lang, HANDS),
        "legend": faces_legend(lang, rules),
        "hands": hands,
        "passing_title": section_title(lang, "passing"),
        "passing": passing,
        "bidding_title": section_title(lang, "bidding", rules),
        "bids": bids,
        "bid_head": bid_head(lang, rules),
        "trump": _trump_lines(lang, rules, worked),
        "tricks_title": tr(lang, TRICKS),
        "tricks": tricks,
        "end": end,
        "score_title": tr(lang, SCORE),
        "score": _score(lang, rules, worked),
    }


# -- the contents ------------------------------------------------------------------------------


def values_after(sections: list[dict[str, Any]]) -> str:
    """The section the "at a glance" tables follow: scoring, else the last one."""
    keys = [s["key"] for s in sections]
    return "scoring" if "scoring" in keys else keys[-1]


def contents(
    lang: Lang,
    sections: list[dict[str, Any]],
    *,
    values: bool,
    examples: bool,
    worked: bool,
    figures: str | None,
    compared: str | None,
    notes: bool,
    rules: Ruleset | None = None,
) -> list[dict[str, str]]:
    """The table of contents: each section's id and title, in the page's order (``rules``: where the game
    changes a heading, :func:`section_title`)."""
    out = []
    after = values_after(sections)
    for section in sections:
        out.append({"id": section["key"], "title": section["title"]})
        if values and section["key"] == after:
            out.append({"id": "values", "title": section_title(lang, "values")})
    if examples:
        out.append({"id": "examples", "title": lang.gettext(EXAMPLES)})
    if worked:
        out.append({"id": "worked", "title": section_title(lang, "worked", rules)})
    if figures:
        out.append({"id": "figures", "title": figures})
    if compared is not None:
        out.append({"id": "differences", "title": lang.gettext(COMPARED) % {"title": compared}})
    if notes:
        out.append({"id": "notes", "title": lang.gettext(NOTES)})
    return out
