"""The kiosk's view model: what the screen shows, as plain data.

Built from a :class:`kiosk.core.Model` and a language; no pygame (a test
enforces it). Every string comes from the same catalogs as the rule pages.
The pygame layer only lays these out and draws them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from referee.auction import NO_TRUMP_CALL, read_contract
from referee.bidding import is_trick_bid
from referee.deck import Deck, make_deck
from referee.engine import Deal
from referee.game import DealResult, game_sides, side_members
from referee.mechanisms import (
    announcements,
    bags,
    book,
    card_contract,
    compulsory_solo,
    contracts,
    game_value,
    hook,
    moon,
    party_game,
    revoke_penalty,
    roem,
)
from referee.phases import bidding as bidding_phase
from referee.ruleset import Ruleset
from wording import bags as bag_words
from wording import hook as hook_words
from wording import moon as moon_words
from wording import revoke_penalty as revoke_words
from wording.freetext import free_text
from wording.i18n import N_, NC_, NN_, Lang
from wording.label import LRI, PDI, isolate, isolate_runs
from wording.names import (
    CONTRACT_NAMES,
    DIRECTIONS,
    SAID_BARE,
    SEAT_FORMS,
    Pack,
    bid_name,
    card_face,
    card_name,
    card_the,
    pack_of,
    pattern_name,
    patterns,
    said_name,
    suit_name,
    tr,
)

from .core import BidWord, Booked, CardRef, Choices, Flag, Model, Msg, Names, Play, Title, Word, msg, quick_example

# The labels of the bar's buttons at the screen's foot (issue 20): a narrow screen (800x480) gives each two lines
# of 16 px text in a slot about 70 px wide (Undo, Redo, the sheet), 85 (the answers) or 100 (the rare actions),
# so they have their own messages (context "kiosk bar"), short, a soft hyphen (U+00AD) where a long word may break
# ("Rück-gängig").
T_DEAL = N_("Deal %(number)s")
T_DEALER = N_("Dealer: %(name)s")
DEALER_SET = "dealer: %(name)s"  # kiosk.core's notice when the first dealer is set
T_PASS = N_("Pass %(direction)s")
T_TO_ACT = N_("%(name)s to play")
T_TO_BID = N_("%(name)s to bid")
# Doppelkopf's Vorführung (referee.mechanisms.compulsory_solo): the referee says who must play a solo
T_FORCED_SOLO = N_("%(name)s has not played a compulsory solo and must play a solo now (Vorführung).")
T_COMPULSORY_AGAIN = N_("%(name)s played a compulsory solo: %(dealer)s deals again.")
# The heading by what the bidding round asks (referee.auction.BidRound.asking), where its words need their own:
# a reservation round before play (Doppelkopf's "gesund" or "Vorbehalt"); the ladder's in kiosk.declarer.
T_ASKING = {"reservation": N_("%(name)s: healthy, or a reservation?")}
T_ALONE_OR_PARTNER = N_("%(name)s: alone or with partner?")
T_WHO_LEADS = N_("Who leads? Tap the player who holds this card: %(card)s.")
T_WHO_LEADS_ANY = N_("Who leads? Tap the player.")
T_UPCARD = N_("Enter the upcard.")
T_QUICK = N_("Enter each player's points for deal %(number)s.")
T_WON_TRICK = N_("%(name)s wins the trick.")
T_BROKEN = N_("Hearts broken")
T_NOT_BROKEN = N_("Hearts not broken")
T_TRUMP = N_("Trump: %(suit)s")
T_MAKER = N_("Maker: %(name)s")
# The maker of a contract its declarer chose alone after the auction (Skat's Alleinspieler), against the others.
T_DECLARER = N_("Declarer: %(name)s")
T_ALONE = N_("%(name)s plays alone")
T_TRICKS = NN_("%(count)s trick", "%(count)s tricks")
T_POINTS = NN_("%(count)s point", "%(count)s points")
T_ASK_LEAD = N_("%(name)s led %(card)s before it was allowed. Was that because %(name)s had nothing else to lead?")
T_ASK_FIRST = N_("%(name)s played %(card)s to the first trick. Was that because %(name)s had no other card to play?")
# A play the rules allow only with nothing else to play (Klaverjassen's trump duties: a discard instead of
# trumping, an undertrump), in any trick.
T_ASK_PLAY = N_("%(name)s played %(card)s. Was that because %(name)s had no other card the rules allowed?")
T_FLAG_SHOWED_OUT = N_("%(name)s played %(card)s after showing out of %(suit)s in trick %(trick)s.")
T_FLAG_HELD = N_("%(name)s did not follow %(suit)s while holding %(held)s.")
# Where the trumps are more than the trump suit's cards (Doppelkopf's queens and jacks, Skat's jacks, Euchre's left
# bower), a trump led is followed by a trump: a seat that did not follow it showed out of trumps, not of the suit.
T_FLAG_SHOWED_OUT_TRUMP = N_("%(name)s played %(card)s after showing out of trumps in trick %(trick)s.")
T_FLAG_HELD_TRUMP = N_("%(name)s did not follow trumps while holding %(held)s.")
T_FLAG_CLAIMED = N_("%(name)s played %(card)s, though %(name)s had played %(earlier)s as if holding no such card.")
T_FLAG_ANSWERED = N_("%(name)s played %(card)s while holding another card that was allowed.")
T_HELP_TITLE = N_("Keys (F1 or ? shows and hides this help)")
T_HELP_CARD = N_(
    "A card: its rank (2 to 9, 10 or T, J, Q, K, A), then its suit (C, D, H, S), or the suit first; tap it in the grid."
)
T_HELP_ITALIAN_CARD = N_(
    "A card: its rank (A or 1, 2 to 7, F, C, R), then its suit (C, D, S, B), or the suit first; tap it in the grid."
)
# The letters on the grid's court cards where they are not the keys that enter them (German B D K: keys J Q K).
T_HELP_FACES = N_("The cards %(faces)s: keys %(keys)s.")  # "The cards B, D: keys J, Q." (in that order)
T_HELP_PLAYERS = N_("A player, when the screen asks who: their number (%(players)s), or tap their name.")
T_HELP_ANSWER = N_("A question: %(yes)s for yes, %(no)s for no.")
T_HELP_BID = N_("A bid: its number, then Enter; N bids nil where the game has it.")
# The bids in words of the game in play (Euchre's: "Pass, Order up, a call, Alone"; Klaverjassen's: "Pass, a call"):
# the keys' page lists no other game's words (issue 20).
T_HELP_BID_WORDS = N_("A bid in words (%(words)s): the number on its button.")
T_HELP_A_CALL = NC_("help: any bid naming trump", "a call")
T_HELP_A_CONTRACT = NC_("help: any bid of a number of tricks and a trump", "a contract")
T_HELP_RARE = N_("F2 and F3: the buttons marked with them (another dealer, results only, a claim).")
T_HELP_UNDO = N_("Backspace or Ctrl+Z: undo the last entry. Ctrl+Y: redo it.")
T_HELP_SHEET = N_("Tab: the score sheet, deal by deal.")
T_HELP_COMMAND = N_(": opens the command line for any entry; Esc closes it.")
# %(yes)s: the key of the table language's yes (Y, J, S, כ), which the question's Yes button shows too.
T_HELP_QUIT = N_("Esc, then %(yes)s: leave the kiosk (every entry is already saved).")
T_HELP_LANG = N_("The language, at any time: tap it below or press its key; the game keeps it.")
T_QUIT_ASK = N_("Quit the kiosk? Every entry is saved: the game goes on when the kiosk starts again.")
T_SHEET_DEAL = N_("Deal")
T_SHEET_BUTTON = NC_("kiosk bar", "Score sheet")
T_HELP_BUTTON = N_("Keys")
T_SHEET_REDEAL = N_("dealt again")
T_SHEET_CELL = N_("%(points)s → %(total)s")
# A side's roem in a deal (Klaverjassen), before its points, which include it: as a table's own pad keeps it.
T_SHEET_ROEM = N_("roem %(points)s")
T_SHEET_BID = N_("bid %(bid)s, took %(tricks)s")
T_SHEET_NIL = N_("%(name)s: %(bid)s, took %(tricks)s")  # a partner's nil (or blind nil) and its tricks
T_SHEET_OWN_NIL = N_("%(bid)s, took %(tricks)s")  # a player's own nil, where each scores alone
T_SHEET_TRICKS = NN_("%(count)s trick", "%(count)s tricks")
T_SHEET_CLOSE = N_("Tab, Esc or a tap closes the score sheet.")
# A whole game's sheet is longer than a screen: its earlier and later deals, by ↑ and ↓ or these buttons.
T_SHEET_EARLIER = N_("Earlier deals")
T_SHEET_LATER = N_("Later deals")
T_SHEET_CELL_PENALTY = N_("%(points)s, penalty %(penalty)s → %(total)s")
T_YES = N_("Yes")
T_NO = N_("No")
T_UNDO = NC_("kiosk bar", "Undo")
T_REDO = NC_("kiosk bar", "Redo")
T_CLAIM = NC_("kiosk bar", "%(name)s takes the rest")
T_GAME_OVER = N_("Game over")
T_WINNER = NN_("Winner: %(names)s", "Winners: %(names)s")
T_STANDINGS = N_("Final standings")
T_SUMMARY_TITLE = N_("Deal %(number)s is scored")
T_SUMMARY_LINE = N_("%(name)s: %(points)s (total %(total)s)")
T_SUMMARY_LINE_PENALTY = N_("%(name)s: %(points)s, penalty %(penalty)s (total %(total)s)")
# The summary's lines where the screen has no room for them whole (seven players of Oh Hell at 800x480): as the
# sheet writes a deal's points and the new total.
T_SUMMARY_SHORT_LINE = N_("%(name)s: %(points)s → %(total)s")
T_SUMMARY_SHORT_PENALTY = N_("%(name)s: %(points)s, penalty %(penalty)s → %(total)s")
WITH_PENALTY = {
    T_SUMMARY_LINE: T_SUMMARY_LINE_PENALTY,
    T_SHEET_CELL: T_SHEET_CELL_PENALTY,
    T_SUMMARY_SHORT_LINE: T_SUMMARY_SHORT_PENALTY,
}
T_SUMMARY_MAKERS = NN_(
    "%(names)s chose trump and took %(count)s trick.", "%(names)s chose trump and took %(count)s tricks."
)
# A contract on card points (Klaverjassen): what the makers took of the deal, roem included, and the verdict.
T_SUMMARY_MADE = N_("%(names)s chose trump and took %(points)s of %(total)s points, roem included: more than half.")
T_SUMMARY_NAT = N_(
    "%(names)s chose trump and took %(points)s of %(total)s points, roem included: nat, the others score all %(total)s."
)
# Each side's roem of the deal, under the line that says it is included in the points (issue 20: never an amount).
T_SUMMARY_ROEM = N_("Roem: %(sides)s")
T_SUMMARY_ROEM_SIDE = N_("%(names)s %(points)s")
T_SUMMARY_ALONE = NN_(
    "%(name)s chose trump, played alone and took %(count)s trick.",
    "%(name)s chose trump, played alone and took %(count)s tricks.",
)
#: A party game's deal (Doppelkopf): the Re party, its card points, who won and the game value.
T_SUMMARY_PARTY = {
    0: N_("Re (%(names)s) took %(points)s card points and wins: game value %(value)s."),
    1: N_("Re (%(names)s) took %(points)s card points; Kontra wins: game value %(value)s."),
    -1: N_("Re (%(names)s) took %(points)s card points; nobody wins: game value %(value)s for Re."),
}
T_SUMMARY_FLAGS = NN_("%(count)s flag is still open.", "%(count)s flags are still open.")
# The summary's last line where the screen has no room for all of the deal's lines (the players' lines come first).
T_SUMMARY_MORE = NN_(
    "%(count)s more line does not fit: the score sheet (Tab) has each deal's points.",
    "%(count)s more lines do not fit: the score sheet (Tab) has each deal's points.",
)
T_SUMMARY_SHORT = N_("Each player's bid and tricks: on the score sheet (Tab).")
T_SETUP = N_("New game")
T_PASS_BID = N_("Pass")
T_ORDER_UP = N_("Order up")
T_CALL = N_("Call %(suit)s")
T_CALL_NO_TRUMP = N_("Call no trump")
T_GO_ALONE = N_("Alone")
T_WITH_PARTNER = N_("With partner")
T_DIRECTION_HOLD = N_("No passing this deal")
T_UPCARD_IS = N_("Upcard: %(card)s")
T_DEALS = N_("%(name)s deals")
# ... where the players are numbered (`new oh-hell 5`): "1 deals" read as a number, not a player (issue 20); a whole
# sentence each, so that each language says "Player 3" with its article and verb ("Tocca al giocatore 3 giocare").
NUMBERED = {
    T_TO_ACT: N_("Player %(number)s to play"),
    T_TO_BID: N_("Player %(number)s to bid"),
    T_DEALS: N_("Player %(number)s deals"),
}
T_MODE_QUICK = NC_("kiosk bar", "Enter deal results only")
T_MODE_CARDS = N_("Enter every card")
T_QUICK_HINT = N_("Type the points in seat order, separated by spaces, then Enter.")
T_QUICK_CARDS = N_("Enter deal %(number)s: who chose trump, each side's points and each side's roem.")
T_QUICK_CARDS_HINT = N_(
    "Type the number of the player who chose trump, the two sides' points, then roem and the two sides' roem, "
    "then Enter: %(example)s (add pit when a side took every trick)."
)
T_SIDE_SCORE = N_("%(names)s: %(score)s")
T_SPADES_BROKEN = N_("Spades broken")
T_SPADES_NOT_BROKEN = N_("Spades not broken")
# A lead restriction on another suit or set of cards (%(cards)s: "cups", "the queen of spades").
T_OTHER_BROKEN = N_("Broken: %(cards)s")
T_OTHER_NOT_BROKEN = N_("Not broken yet: %(cards)s")
T_HAND_SIZE = NN_("%(count)s card each", "%(count)s cards each")
T_TURN = N_("Enter the dealer's last card, turned up for trump.")
T_TURNED = N_("The dealer's card: %(card)s")
T_BID_N = N_("bid %(count)s")
T_CONTRACT = N_("bid %(count)s %(suit)s")  # a contract: 7 tricks, hearts trump
T_CONTRACT_NO_TRUMP = N_("bid %(count)s no trump")
T_NIL = N_("nil")
T_BLIND_NIL = N_("blind nil")
T_BID_HINT = N_("Tap the bid, or type the number and Enter.")
T_BID_HINT_NIL = N_("Tap the bid, or type the number and Enter; N bids nil.")
T_SIDE_BID = N_("%(names)s: bid %(bid)s, %(tricks)s taken")
T_SIDE_NIL = N_("%(names)s: nil, %(tricks)s taken")
T_BIDS_TOTAL = N_("Bids: %(bid)s for %(tricks)s tricks")
T_SIDE_TRICKS = NN_("%(names)s: %(count)s trick taken", "%(names)s: %(count)s tricks taken")
T_DEAL_BIDS = N_("Deal %(number)s: %(names)s bid %(bid)s, took %(tricks)s")
T_QUICK_BIDS = N_("Enter each player's bid and tricks for deal %(number)s.")
T_QUICK_BIDS_HINT = N_(
    "Type the bids in seat order (a number, or N for nil), then / and the tricks each took, then Enter: %(example)s"
)

BID_LABELS = {"pass": T_PASS_BID, "order-up": T_ORDER_UP, "alone": T_GO_ALONE, "partner": T_WITH_PARTNER}


@dataclass(frozen=True)
class Button:
    label: str
    intent: str
    kind: str = "action"  # action | seat | bid | answer
    key: str = ""  # the key that presses it (a player's number, the first letter of yes or no), lower case
    detail: str = ""  # a second line in the small font: a game's one-line label on the setup screen
    # Drawn greyed and pressed by nothing: a bid not legal now, Undo with nothing to undo, a name already
    # picked. It keeps its place, so no other button takes the spot a finger was about to tap (issue 20).
    enabled: bool = True
    caption: str = ""  # the key shown in the button's corner where the label does not say it: "F2", "⌫"


# The table screen's zones (issue 20), where kiosk.app draws them: the bar, one row at the foot of the
# screen in fixed slots (Undo, Redo, two answers, two rare actions, Keys, Score sheet); the main rows above
# it for the frequent choices (bids, who leads, the moon). An answer or a rare action is never drawn where
# a frequent button is, nor takes its place: a tap meant for one never presses the other.
BAR_INTENTS = ("undo", "redo", "ui help", "ui sheet")
RARE_PREFIXES = ("ask claim", "mode ", "dealer ", "club ", "again", "export")
RARE_KEYS = ("f2", "f3")  # the rare zone's keys, in its order: far from the keys a table uses every deal
# The rare actions that take the zone's second slot (F3), the others its first (F2): each keeps its slot and key
# whatever else comes and goes (issue 20: "results only" was F3 in the second slot before deal 1, beside
# another dealer, and F2 in the first once that button had gone).
RARE_SECOND = ("mode ", "again", "club code")


def zone_of(button: Button) -> str:
    """Where a table-screen button goes: ``bar``, ``answer``, ``rare`` or ``main``."""
    if button.intent in BAR_INTENTS:
        return "bar"
    if button.kind == "answer" or button.intent in ("confirm", "dismiss") or button.intent.startswith("announce "):
        return "answer"  # an announcement, in the answers' slots while nothing is asked (see announce_buttons)
    if button.intent.startswith(RARE_PREFIXES):
        return "rare"
    return "main"


@dataclass(frozen=True)
class CardCell:
    code: str
    rank: str  # as shown: "10", "Q"; an Italian card's in the operator's language: "Kn", "R"
    symbol: str  # the suit as shown: "♠"; an Italian card's suit name: "swords", "spade"
    suit: str  # the suit's letter in its pack: C D H S, Italian C D S B
    name: str  # the accessible name, localised
    played: bool  # every copy of it is played
    in_deck: bool
    pack: str = "french"


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    score: str
    tricks: str
    points: str
    dealer: bool
    to_act: bool
    card: CardCell | None  # the card this seat played to the current trick
    out: bool  # sits this deal out
    flagged: bool
    bid: str = ""  # what the seat bid this deal (`bid 3`, `nil`), in words
    last: bool = False  # ``card`` is its card in the trick just finished, shown until the next card lands
    won_last: bool = False  # ... and it took that trick


@dataclass(frozen=True)
class View:
    rtl: bool
    header: list[str]
    status: str
    error: str | None
    notice: str | None
    info: list[str]
    seats: list[SeatView]
    grid: list[list[CardCell]]
    grid_enabled: bool
    buttons: list[Button]
    flags: list[str]
    chart: list[list[int]] = field(default_factory=list)  # running score per player per deal
    names: list[str] = field(default_factory=list)
    scores: list[str] = field(default_factory=list)  # one line per player, or per side with partners
    quick: bool = False  # quick-score mode: typed numbers are a deal's points
    quick_bids: bool = False  # ... and they are bids and tricks: N (nil) starts the entry too
    bidding: bool = False  # a bid of tricks is due: typed digits and Enter bid, N bids nil
    game_over: bool = False
    standings: list[str] = field(default_factory=list)
    four_colour: bool = False
    pack: str = "french"  # the game's pack: the keys that enter a card follow it
    help: list[str] = field(default_factory=list)  # the keys, one line each (F1 or ? shows them)
    langs: list[Button] = field(default_factory=list)  # the languages, on the keys' page of a game
    sheet_note: str = ""  # under the score sheet: how it closes
    sheet_pages: list[Button] = field(default_factory=list)  # the sheet's earlier and later deals (↑, ↓)
    # The deal just scored, on the table until the next deal's first entry: a heading, then its lines.
    summary: list[str] = field(default_factory=list)
    # ... and the line that says what it leaves out where the screen cannot hold it all: for 1, 2, ... lines
    summary_more: list[str] = field(default_factory=list)
    # ... each player's line without the bid and tricks, where the full ones cannot all be shown, and what says so
    summary_short: list[str] = field(default_factory=list)
    summary_short_note: str = ""
    shown: CardCell | None = None  # the card turned up for the deal (Euchre's upcard while it is bid on), mid-table
    shown_down: bool = False  # ... turned face down (Euchre's second round: the referee says so)
    trump: str = ""  # "Trump: hearts", shown large on the table while the cards are played
    naming: bool = False  # the setup screen asks a player's name: typed keys go into ``typed``
    typed: str = ""  # the name typed so far
    more: str = ""  # the setup screen's label for the next page of games, where they need several pages
    sheet: list[list[str]] = field(default_factory=list)  # the score sheet: a header row, then one row per deal
    rules: str = ""  # the rules in force: the game's one-line label, in small print where the screen has room
    club: str = ""  # the club server's count: "3 results waiting for the club server", "All results sent ..."
    club_alert: bool = False  # ... and it does not answer, or it refused a result
    club_problem: str = ""  # a result the club server refused, or a deal it has that the table changed since
    typing: bool = False  # the field takes every key typed (':' and '/' too): a club server's address or a code
    # Esc asks before the kiosk quits: the question, then Yes (the language's yes key) and No (its no key, or Esc).
    leave: str = ""
    leave_buttons: list[Button] = field(default_factory=list)
    # The notice is news the table must see (what a journal gave back after a restart), not the last entry said
    # again: a flag the panel cannot hold goes under it, not in its place.
    news: bool = False
    # What the seat to act must know before it acts (the hook's forbidden bid): on the message line, in place of the
    # last entry said again, where every screen has room for it (in the scores panel, seven players' scores at
    # 800x480 left it out: a real-window drive found it only after the refused bid).
    urgent: str = ""


# LRI: a left-to-right isolate in a right-to-left line (PDI, its end)


def own_run(lang: Lang, name: str) -> str:
    """A player's name written right to left, on a left-to-right screen, as one isolate: "Penalty for דן booked:
    רות −8, דן −14" otherwise reorders the names and puts the signs after the numbers (issue 20's drive5)."""
    return name if lang.direction == "rtl" else isolate_runs(lang, name)


def seat_called(lang: Lang, name: str) -> str:
    """A player as a sentence names them: their name; where the players are numbered (`new oh-hell 5`), "Player 3"
    in the language's words for a seat in a sentence (Italian "il giocatore 3"), as the rule pages and the kiosk's
    headings say it: "1 bids 0." and "Dealer: 1" read as numbers, not players (issue 20)."""
    if name.isdigit():
        return tr(lang, SEAT_FORMS["sentence"]) % {"number": lang.number(int(name))}
    return own_run(lang, name)


#: The values of a core message that name a player (kiosk.core passes the names as they were entered).
NAME_PARAMS = ("name", "name2", "winner")


def say(lang: Lang, message: Msg | None, pack: Pack = "french") -> str | None:
    """A core message in the operator's language (first letter capitalised); its cards are of ``pack``."""
    if message is None:
        return None
    params: dict[str, str] = {}
    for key, value in message.params:
        if isinstance(value, Word):
            params[key] = lang.gettext(value.text)
        elif isinstance(value, CardRef):
            params[key] = card_the(lang, value.code, pack)
        elif isinstance(value, Choices):
            params[key] = lang.join([lang.number(v) for v in value.values], "or")
        elif isinstance(value, Names):
            params[key] = lang.join([seat_called(lang, name) for name in value.values])
        elif isinstance(value, Booked):  # "Ann +2 and Cat +2"; a number its own isolate right to left
            rtl = lang.direction == "rtl"
            signed = [("+" if n > 0 else "") + lang.number(n) for _, n in value.values]
            params[key] = lang.join(
                [
                    f"{seat_called(lang, name)} {LRI}{s}{PDI}" if rtl else f"{seat_called(lang, name)} {s}"
                    for (name, _), s in zip(value.values, signed, strict=True)
                ]
            )
        elif isinstance(value, Title):
            params[key] = free_text(lang, value.value) or ""
        elif isinstance(value, BidWord):
            params[key] = bid_label(lang, value.word, pack)
        elif isinstance(value, int):
            params[key] = lang.number(value)
        elif key in NAME_PARAMS:
            params[key] = seat_called(lang, str(value))
        else:
            params[key] = own_run(lang, str(value))
    text = lang.gettext(message.text)
    # A value the message names but the refusal did not give shows as "…": a table never loses its screen
    # to a missing word (tests/test_klaverjassen.py renders every refusal in every language).
    text = text % _Given(params) if params else text
    return text[:1].upper() + text[1:]


class _Given(dict[str, object]):
    """A message's values; one it names but was not given reads "…"."""

    def __missing__(self, key: str) -> str:
        return "…"


def bid_label(lang: Lang, word: str, pack: Pack = "french") -> str:
    """A bid in words: `call H` is "Call hearts", `bid 3` is "bid 3", `nil` is "nil"."""
    if word == "call NT":
        return lang.gettext(T_CALL_NO_TRUMP)
    if word.startswith("call "):
        return lang.gettext(T_CALL) % {"suit": suit_name(lang, word[-1], pack=pack)}
    contract = read_contract(word)
    if contract is not None:
        tricks, suit = contract
        if suit == NO_TRUMP_CALL:
            return lang.gettext(T_CONTRACT_NO_TRUMP) % {"count": lang.number(tricks)}
        return lang.gettext(T_CONTRACT) % {"count": lang.number(tricks), "suit": suit_name(lang, suit, pack=pack)}
    if word.startswith("bid "):
        return lang.gettext(T_BID_N) % {"count": lang.number(int(word[4:]))}
    if word == "nil":
        return lang.gettext(T_NIL)
    if word == "blind-nil":
        return lang.gettext(T_BLIND_NIL)
    if word.startswith("say ") or word == "hold":  # a ladder auction (Skat's Reizen): "18", "ja"
        return bid_name(lang, word, pack)
    if word in SAID_BARE or word.partition(" ")[2] in SAID_BARE:  # an announcement ("Re", "keine 90")
        return said_name(lang, word)
    if word not in BID_LABELS:  # the names module says the rest: "healthy" (gesund), a solo, a wedding
        return bid_name(lang, word, pack)
    return lang.gettext(BID_LABELS[word])


def said_by(lang: Lang, deal: Deal | None, seat: int) -> str:
    """What ``seat`` announced this deal, in words ("Re, keine 90"); "" for nothing."""
    if deal is None:
        return ""
    if deal.phase == "bid" and (said_now := declarer.ladder_word(lang, deal, seat)):  # the Reizen: "20", "ja"
        return said_now
    if declared := declarer.declared_label(lang, deal, seat):  # Skat's declarer: the game, short
        return declared
    said = [(party, word) for who, party, word, _ in deal.said if who == seat]
    words = [said_name(lang, word) for _, word in said]
    if said and said[0][1] not in announcements.PARTY_WORDS:  # a step told the party: name it ("Re, no 90")
        words.insert(0, said_name(lang, announcements.PARTY_WORDS[said[0][0]]))
    if deal.contract >= 0 and deal.maker == seat:  # the contract the seat plays (a solo, a wedding)
        chosen = [w for who, w in deal.history if who == seat and (w.startswith("solo ") or w in CONTRACT_NAMES)]
        if chosen:
            words.insert(0, bid_name(lang, chosen[-1]))
    return lang.join(words)


#: The keys of the announcement buttons, by their slot (the answers' two slots of the bar): F5 and F6, away from
#: the letters that name cards.
ANNOUNCE_KEYS = ("f5", "f6")


def _announce_level(word: str) -> int:
    """A word's place on its party's ladder: 0 the party's word ("re"), then each step ("no 90" is 1)."""
    bare = word.split(" ", 1)[1] if word.split(" ", 1)[0] in announcements.PARTY_WORDS and " " in word else word
    return 0 if bare in announcements.PARTY_WORDS else announcements.STEP_WORDS.index(bare) + 1


def _announce_word(party: int, level: int) -> str:
    return announcements.PARTY_WORDS[party] if level == 0 else announcements.STEP_WORDS[level - 1]


def announce_buttons(lang: Lang, deal: Deal) -> list[Button]:
    """What the player to act may announce now (referee.mechanisms.announcements), a button each: "Re".

    A player may announce out of turn too: typed as ``announce 3 re`` (players counted from 1).

    Each word keeps a slot (and key) of its own, so that no word appears where the one just said was (issue 20:
    a double tap on "Re" must not say "keine 90" too): a party's words alternate between the two slots up its
    ladder, Re's from the first and Kontra's from the second ("Re" F5, "keine 90" F6, "keine 60" F5; "Kontra" F6,
    "keine 90" F5, ...). The slot a word leaves keeps it, greyed, while the next word stands in the other.
    """
    seat = deal.to_act
    caller = deal.plan.caller
    if seat is None or caller is None:
        return []
    # Few buttons, so that the card grid and the table keep their room at 800x480: the next word of each
    # kind (the party's "Re" or "Kontra", its next step; a seat whose party the table does not know yet is
    # offered each party's next word); a step skipped ahead is typed (`announce 3 no 60`).
    words, kinds = [], set()
    for word in deal.announcements(seat):
        kind = caller.party_of(word)
        if kind not in kinds:
            kinds.add(kind)
            words.append(word)
    slots: list[Button | None] = [None, None]
    placed: list[tuple[int, int]] = []  # (party, level) of each word given a slot
    for word in words:
        party = caller.party_of(word)
        party = deal.party(seat) if party < 0 else party
        level = _announce_level(word)
        slot = (max(party, 0) + level) % len(slots)
        if slots[slot] is not None:  # not a ladder's next words (none that the referee offers): in order
            slot = slots.index(None)
        key = ANNOUNCE_KEYS[slot]
        slots[slot] = Button(said_name(lang, word), f"announce {seat} {word}", "announce", key=key, caption=key.upper())
        placed.append((max(party, 0), level))
    if len(placed) == 1:  # the other slot keeps the word next to it on the ladder, greyed: said, or not yet
        party, level = placed[0]
        other = _announce_word(party, level - 1 if level > 0 else level + 1)
        empty = slots.index(None)
        slots[empty] = Button(
            said_name(lang, other),
            f"announce {seat} {other}",
            "announce",
            enabled=False,
            caption=ANNOUNCE_KEYS[empty].upper(),
        )
    return [b for b in slots if b is not None]


def bid_button(lang: Lang, word: str, pack: Pack = "french") -> Button:
    """A button for one legal bid: a bare number for a bid of tricks, else the bid in words."""
    label = bid_name(lang, word, pack) if word.startswith("bid ") else bid_label(lang, word, pack)
    intent = word if word.startswith("bid ") else f"bid {word}"
    return Button(label[:1].upper() + label[1:], intent, "bid")


def bid_buttons(lang: Lang, words: list[str], pack: Pack = "french", forbidden: int = -1) -> list[Button]:
    """The bid buttons of the seat to act, in places that hold for the whole round (issue 20).

    Bids of tricks are every number from the lowest to the highest bid of the round (the hook's forbidden
    bid included, drawn disabled), then nil; so the grid is the same for each seat, and a bid one seat may
    not make is greyed in its place, never closed up. Other bids (Euchre's) keep Pass first even where the
    stuck dealer may not pass, and take the keys 1, 2, 3... shown on them: a table bids by keys alone.
    """
    numbers = [int(w[4:]) for w in words if w.startswith("bid ") and w[4:].isdigit()]
    if forbidden >= 0:
        numbers.append(forbidden)
    shown = [f"bid {n}" for n in range(min(numbers), max(numbers) + 1)] if numbers else []
    others = [w for w in words if w not in shown]
    calls = any(w == "order-up" or w.startswith("call ") for w in words)
    if calls and "pass" not in others:  # the stuck dealer: Pass stays, greyed, where the others have it
        others.insert(0, "pass")
    buttons = []
    for word in shown + others:
        button = replace(bid_button(lang, word, pack), enabled=word in words)
        if word in ("nil", "blind-nil"):
            key = "n" if word == "nil" else "b"
            button = replace(button, key=key, caption=key.upper())
        elif not shown and len(others) <= 9:  # no number to type: each bid its digit
            key = str(others.index(word) + 1)
            button = replace(button, label=f"{lang.number(int(key))} {button.label}", key=key)
        buttons.append(button)
    return buttons


def flag_text(lang: Lang, flag: Flag, names: list[str], pack: Pack = "french", trumps: str | None = None) -> str:
    """A flag in the operator's language, from the engine's reason; its cards and suits are of ``pack``; ``trumps``
    the trump suit of the flag's deal where its trumps are more than that suit (:func:`wide_trump`)."""
    r = flag.reason
    params = {"name": names[flag.seat], "card": card_the(lang, flag.card, pack)}
    trump = r is not None and r.suit is not None and r.suit == trumps
    if r is None:
        text = lang.gettext(T_FLAG_ANSWERED) % params
    elif r.cause == "showed-out":
        params.update(suit=suit_name(lang, r.suit or "C", pack=pack), trick=lang.number(r.trick + 1))
        text = lang.gettext(T_FLAG_SHOWED_OUT_TRUMP if trump else T_FLAG_SHOWED_OUT) % params
    elif r.cause == "held":
        params.update(suit=suit_name(lang, r.suit or "C", pack=pack), held=card_the(lang, r.card or flag.card, pack))
        text = lang.gettext(T_FLAG_HELD_TRUMP if trump else T_FLAG_HELD) % params
    else:
        params.update(earlier=card_the(lang, r.card or flag.card, pack))
        text = lang.gettext(T_FLAG_CLAIMED) % params
    return text[:1].upper() + text[1:]


def wide_trump(play: Play, flag: Flag) -> str | None:
    """The trump suit (its letter) of ``flag``'s deal where the trumps are more than that suit's cards, else None."""
    game = play.game
    deal = play.deal if flag.deal == game.number + 1 else play.played.get(game.index_of(flag.deal - 1))
    if deal is None or deal.trump is None:
        return None
    deck = play.rules.deck
    if deal.table.eff_mask[deal.trump] == deck.suit_masks[deal.trump]:
        return None
    return deck.suits[deal.trump]


def _cell(lang: Lang, code: str, played: bool, in_deck: bool, pack: Pack = "french") -> CardCell:
    # Made once per language and look: a tap rebuilds the grid's 52 cells, and naming each took a tenth of it.
    key = ("cell", code, played, in_deck, pack_of(pack))
    cell = lang.memo.get(key)
    if cell is None:
        rank, symbol = card_face(lang, code, pack)  # as the pages show it: German B D K, Italian F D R
        name = card_name(lang, code, pack)
        cell = lang.memo[key] = CardCell(code, rank, symbol, code[-1], name, played, in_deck, pack_of(pack))
    assert isinstance(cell, CardCell)
    return cell


def card_grid(lang: Lang, deck: Deck, in_play: int, seen: int) -> list[list[CardCell]]:
    """One row per suit of the pack, one cell per rank (4×13 French, 4×10 Italian).

    A cell is played once every copy of its card in play is seen (a double
    deck's card can be entered twice), out of the deck when no copy is in play.
    """
    grid = []
    for s, suit in enumerate(deck.suits):
        row = []
        for r, rank in enumerate(deck.ranks):
            copies = deck.all_copies(1 << (s * len(deck.ranks) + r)) & in_play
            row.append(_cell(lang, rank + suit, bool(copies) and seen & copies == copies, bool(copies), deck))
        grid.append(row)
    return grid


def build_view(model: Model, lang: Lang, four_colour: bool = False) -> View:
    play = model.play
    rtl = lang.direction == "rtl"
    if play is None:
        return View(
            rtl,
            [lang.gettext(T_SETUP)],
            "",
            say(lang, model.error),
            say(lang, model.notice),
            [],
            [],
            [],
            False,
            [],
            [],
            four_colour=four_colour,
            leave=lang.gettext(T_QUIT_ASK),
            leave_buttons=leave_buttons(lang),
        )
    return _table_view(model, play, lang, four_colour)


def leave_buttons(lang: Lang) -> list[Button]:
    """Yes and No to "Quit the kiosk?": each its key shown on it (No's is Esc too, which closes the question)."""
    return yes_no(lang, "ui quit", "ui stay")


def _table_view(model: Model, play: Play, lang: Lang, four_colour: bool) -> View:
    g = lang.gettext
    game = play.game
    deal = play.deal
    rules = play.rules
    pack = rules.deck
    names = [own_run(lang, name) for name in play.names]
    called = [seat_called(lang, name) for name in play.names]  # in a sentence: "Player 3" where numbered
    number = game.number + 1
    header = (
        []
        if game.is_over
        else [
            g(T_DEAL) % {"number": lang.number(number)},
            g(T_DEALER) % {"name": called[game.dealer]},
        ]
    )
    if rules.pass_count and not game.is_over:
        direction = game.layout.cycle[game.number % len(game.layout.cycle)]
        header.append(
            g(T_DIRECTION_HOLD) if direction == "hold" else g(T_PASS) % {"direction": tr(lang, DIRECTIONS[direction])}
        )
    if game.layout.schedule and not game.is_over:  # Oh Hell: the hand size changes from deal to deal
        size = deal.hand_size if deal is not None else game.layout.hand_size_of(game.number)
        header.append(lang.ngettext(*T_HAND_SIZE, size) % {"count": lang.number(size)})
    # Between deals, the next deal as it will start (its bidding, or who leads).
    current = deal
    if deal is None and play.mode == "cards" and not game.is_over and not play.turns_card:
        current = game.new_deal()
    seen = 0
    bidding = False
    bid_phase = False
    hint = ""  # how to enter what is asked, below everything else
    info: list[str] = []
    urgent = ""  # the hook's forbidden bid, for the message line (View.urgent)
    buttons: list[Button] = []
    status = ""
    grid_enabled = False
    trick_cards: dict[int, str] = {}
    tricks_won = [0] * game.players
    taken = [0] * game.players
    last_winner = -1  # the trick just finished stays on the table until the next card lands
    duty = game.duty
    if duty is not None and not game.is_over and (deal is None or not deal.history) and game.results:
        last = game.results[-1]
        if duty.kinds[-1] == compulsory_solo.COMPULSORY and last.dealer == game.dealer:  # the referee's extra deal
            info.append(g(T_COMPULSORY_AGAIN) % {"name": called[last.solo], "dealer": called[game.dealer]})
    if deal is not None:
        seen = deal.played_mask() | deal.out_of_play()  # an upcard in nobody's hand is greyed as if played
        for s, code in deal.current_trick:
            trick_cards[s] = code
        if not deal.current_trick and deal.tricks and deal.phase == "play":
            last_winner = deal.tricks[-1].winner
            trick_cards = dict(deal.tricks[-1].plays)
        tricks_won = list(deal.tricks_won)
        taken = deal.taken_points()
        if deal.layout.restrictions:
            info.append(_broken(lang, play, deal.layout.restrictions[0].cards, deal.is_broken(0)))
        if deal.upcard is not None and (deal.trump is None or rules.trump_kind == "upcard"):
            info.append(g(T_UPCARD_IS) % {"card": card_name(lang, pack.codes[deal.upcard], pack)})
        if deal.turned is not None:
            info.append(g(T_TURNED) % {"card": card_name(lang, pack.codes[deal.turned], pack)})
        # No "Trump: diamonds" while a solo may still be announced: the referee says when trump is settled.
        if deal.trump is not None and bidding_phase.trump_settled(deal):
            info.append(g(T_TRUMP) % {"suit": suit_name(lang, pack.suits[deal.trump], pack=pack)})
        if rules.score_teams == "shared" and deal.phase != "bid" and any(b >= 0 for b in deal.bids):
            info += _side_bids(lang, play, deal.teams, deal.bids, deal.nils, deal.tricks_won, T_SIDE_BID)
        elif (
            book.active(book.of(rules)) and rules.score_teams == "shared"
        ):  # Whist: each side's tricks towards the book
            for members in side_members(deal.teams):  # the deal's sides (a deal may make its own)
                count = sum(deal.tricks_won[s] for s in members)
                info.append(
                    lang.ngettext(*T_SIDE_TRICKS, count)
                    % {"names": lang.join([names[s] for s in members]), "count": lang.number(count)}
                )
        elif deal.phase != "bid" and any(b >= 0 for b in deal.bids):  # Oh Hell: over or under the tricks
            info.append(
                g(T_BIDS_TOTAL)
                % {"bid": lang.number(sum(max(b, 0) for b in deal.bids)), "tricks": lang.number(deal.hand_size)}
            )
        if deal.maker is not None:
            chosen = contracts.of(rules)
            declared = contracts.active(chosen) and chosen.chosen == "declarer"  # won the auction, plays alone
            info.append(g(T_DECLARER if declared else T_MAKER) % {"name": called[deal.maker]})
        if deal.alone and deal.maker is not None:
            info.append(g(T_ALONE) % {"name": called[deal.maker]})
        if deal.tricks and not deal.current_trick:
            info.append(g(T_WON_TRICK) % {"name": called[deal.tricks[-1].winner]})
    if game.is_over:
        status = g(T_GAME_OVER)
    elif play.question is not None:
        q = play.question
        text = {"lead-restriction": T_ASK_LEAD, "first-trick": T_ASK_FIRST}.get(q.kind, T_ASK_PLAY)
        status = g(text) % {"name": called[q.seat], "card": card_the(lang, q.card, pack)}
        buttons = yes_no(lang, "answer yes", "answer no")
    elif play.mode == "quick":
        if rules.bid_scoring is not None:
            status = g(T_QUICK_BIDS) % {"number": lang.number(number)}
            info.append(g(T_QUICK_BIDS_HINT) % {"example": quick_example(play)})
        elif game_value.active(game_value.of(rules)):  # a Skat list's row: the declarer's value, won or lost
            status = g(T_QUICK) % {"number": lang.number(number)}
            info.append(g(declarer.T_QUICK_HINT) % {"example": quick_example(play)})
        elif card_contract.active(card_contract.of(rules)):  # as the score sheet keeps it (Klaverjassen)
            status = g(T_QUICK_CARDS) % {"number": lang.number(number)}
            info.append(g(T_QUICK_CARDS_HINT) % {"example": quick_example(play)})
        else:
            status = g(T_QUICK) % {"number": lang.number(number)}
            info.append(g(T_QUICK_HINT))
        buttons.append(Button(g(T_MODE_CARDS), "mode cards", "mode"))
    elif play.turns_card and play.upcard is None:
        status = g(T_UPCARD) if rules.upcard else g(T_TURN)
        grid_enabled = True
    elif current is None or (current.phase == "play" and current.to_act is None):
        opening = game.layout.opening_card
        status = (
            g(T_WHO_LEADS) % {"card": card_name(lang, pack.codes[opening], pack)}
            if opening is not None
            else g(T_WHO_LEADS_ANY)
        )
        # A player's number, as the screen counts them (from 1), leads too.
        buttons = [
            Button(f"{lang.number(s + 1)} {names[s]}", f"lead {s}", "seat", str(s + 1)) for s in range(game.players)
        ]
    elif current.phase == "bid":
        assert current.to_act is not None
        words = current.legal_actions()
        # name the decision being asked
        asked = T_ALONE_OR_PARTNER if "alone" in words else T_ASKING.get(bidding_phase.asking(current), T_TO_BID)
        status = of_seat(lang, asked, names, current.to_act)
        bidding = any(map(is_trick_bid, words))
        bid_phase = True  # no card is played while players bid
        if current.forced >= 0:
            info.append(g(T_FORCED_SOLO) % {"name": called[current.forced]})
        forbidden = -1
        if bidding:
            hint = g(T_BID_HINT_NIL) if "nil" in words else g(T_BID_HINT)
            seat = current.to_act
            forbidden = hook.forbidden_bid(rules, game.players, current.hand_size, current.bids, seat)
            if forbidden >= 0:
                urgent = g(hook_words.FORBIDDEN) % {"name": called[seat], "bid": lang.number(forbidden)}
        buttons = bid_buttons(lang, words, pack, forbidden)
        if declarer.is_ladder(words) or declarer.is_declaration(rules, words):  # Skat: the Reizen, the game
            bidding = declarer.is_ladder(words)  # typed digits and Enter say a value
            if bidding:
                buttons = declarer.ladder_buttons(lang, rules, current)
            else:
                buttons = declarer.declaration_buttons(lang, rules, words, current.talon_taken)
            status = declarer.bid_status(lang, rules, current, names) or status
            hint = declarer.bid_hint(lang, rules, words, buttons)
    elif current is not deal and current.phase == "play" and current.to_act is not None:
        status = of_seat(lang, T_TO_ACT, names, current.to_act)  # the next deal, without bidding
        grid_enabled = True
        buttons += announce_buttons(lang, current)
    elif deal is None:
        pass
    elif deal.phase == "choose":
        assert deal.to_act is not None
        status = g(moon_words.TO_CHOOSE) % {"name": called[deal.to_act]}
        # Each by its number too, shown on it, as Euchre's bids in words (every button has a key: issue 20).
        buttons = [
            Button(
                f"{lang.number(i)} {moon_words.choice(lang, deal.rules, word, deal.players)}",
                f"choose {word}",
                "bid",
                str(i),
            )
            for i, word in enumerate(moon.WORDS, start=1)
        ]
    elif deal.phase == "play" and deal.to_act is not None:
        status = of_seat(lang, T_TO_ACT, names, deal.to_act)
        grid_enabled = True
        if not deal.current_trick and deal.tricks and deal.may_claim():
            # A claim ends the deal: the table confirms it first (see Session: "ask").
            buttons = [Button(lang.pgettext(*T_CLAIM) % {"name": called[deal.to_act]}, f"ask claim {deal.to_act}")]
        buttons += announce_buttons(lang, deal)
    if not game.results and (deal is None or not deal.history) and play.upcard is None and not game.is_over:
        # Before the first deal starts, the first dealer can still change: one button, the next player
        # round the table, in one place (a button per player moved the others as the dealer changed).
        after = (game.dealer + 1) % game.players
        buttons.append(Button(of_seat(lang, T_DEALS, names, after), f"dealer {after}", "dealer"))
    if play.mode == "cards" and (deal is None or not deal.history) and play.upcard is None and not game.is_over:
        buttons.append(Button(lang.pgettext(*T_MODE_QUICK), "mode quick", "mode"))
    # Undo and Redo are always there, greyed when there is nothing to take back (or to enter again), so the
    # spot a finger tapped for Undo a moment ago never holds another button.
    buttons.append(Button(lang.pgettext(*T_UNDO), "undo", enabled=bool(model.history), caption="⌫"))
    buttons.append(Button(lang.pgettext(*T_REDO), "redo", enabled=bool(model.redo_stack), caption="Ctrl+Y"))
    # The score sheet and the keys, for a table that only taps (the app shows them; nothing is entered).
    if not game.is_over:  # the game's end shows its own chart and standings
        buttons.append(Button(g(T_HELP_BUTTON), "ui help", "ui", caption="F1"))
    # The sheet at the end too: the finished game deal by deal, its penalties, before a new game starts.
    sheet = lang.pgettext(*T_SHEET_BUTTON)
    buttons.append(Button(sheet, "ui sheet", "ui", enabled=bool(game.results), caption="Tab"))
    open_flags = [f for f in play.flags if f.open]
    penalty = revoke_penalty.of(rules)
    # A flag of the deal just scored is settled before the next deal starts (the core refuses it until
    # then), whether or not the game sets a penalty: the question and its answers, Yes and No (keys Y and
    # N, as the help says), replace everything else on the screen.
    settle = [f for f in open_flags if f.deal == game.number] if deal is None else []
    if settle:
        asked = revoke_words.SETTLE if revoke_penalty.active(penalty) else revoke_words.SETTLE_NO_PENALTY
        status = g(asked) % {"number": lang.number(settle[-1].deal), "name": called[settle[-1].seat]}
        # The bar (Undo, the keys, the sheet) stays in its place around the question's answers.
        bar = [b for b in buttons if zone_of(b) == "bar"]
        buttons, hint, grid_enabled = [*yes_no(lang, "confirm", "dismiss"), *bar], "", False
    elif open_flags and revoke_penalty.active(penalty) and not revoke_penalty.needs_deal(penalty):
        # During the deal, the table may settle a flag at once (not a penalty reckoned from the deal's points).
        # The keys of yes and no in the table's language (Y/N, J/N, S/N, כ/ל), shown on the buttons.
        yes, no = yes_no(lang, "confirm", "dismiss")
        buttons += [
            Button(lang.pgettext(*revoke_words.CONFIRM), "confirm", key=yes.key, caption=yes.caption),
            Button(g(revoke_words.DISMISS), "dismiss", key=no.key, caption=no.caption),
        ]
    if any(zone_of(b) == "answer" and not b.intent.startswith("announce ") for b in buttons):
        # A question or a flag takes the answers' slots; an announcement waits (or is typed).
        buttons = [b for b in buttons if not b.intent.startswith("announce ")]
    buttons = with_rare_keys(buttons)
    flagged = {f.seat for f in open_flags if f.deal == number}
    # No card is entered while players bid: the bid buttons get the grid's room (an 800x480 screen needs it).
    between = play.last_deal is not None and deal is None and not game.is_over and bool(game.results)
    # ... nor while the screen asks something else (who leads, a question, the moon): the table gets the room.
    hide_grid = play.mode == "quick" or game.is_over or bid_phase or not grid_enabled
    grid = [] if hide_grid else card_grid(lang, pack, game.layout.deck, seen)
    seats = []
    # A declarer's game (Skat): the declarer's game and card points beside the name, the defenders' names alone
    # (their points are the rest; the summary gives tricks and points): a seat's line at 800x480 holds no more.
    valued = game_value.active(game_value.of(rules))
    for s in range(game.players):
        seats.append(
            SeatView(
                seat=s,
                name=names[s],
                score=lang.number(game.scores[s]),
                tricks=lang.ngettext(*T_TRICKS, tricks_won[s]) % {"count": lang.number(tricks_won[s])}
                if not valued
                else "",
                points=lang.ngettext(*T_POINTS, taken[s]) % {"count": lang.number(taken[s])}
                if game.layout.scoring_cards and (not valued or (deal is not None and deal.maker == s))
                else "",
                dealer=s == (current.dealer if current is not None else game.dealer),
                to_act=current is not None and current.to_act == s and not game.is_over and play.question is None,
                card=_cell(lang, trick_cards[s], True, True, pack) if s in trick_cards else None,
                out=deal is not None and s in (deal.sitting_out, deal.defender_out),
                flagged=s in flagged,
                bid=bid_label(lang, word, pack)
                if deal is not None and (word := deal.bid(s))
                else said_by(lang, deal, s),
                last=last_winner >= 0 and s in trick_cards,
                won_last=s == last_winner,
            )
        )
    sides = side_members(game_sides(rules, game.layout))  # the game's sides: its standings
    if rules.score_teams == "individual":
        scores = [f"{names[s]}: {lang.number(game.scores[s])}" for s in range(game.players)]
    else:
        scores = [
            g(T_SIDE_SCORE)
            % {
                "names": lang.join([names[s] for s in members]),
                "score": lang.number(
                    sum(game.scores[s] for s in members) if rules.score_teams == "summed" else game.scores[members[0]]
                ),
            }
            for members in sides
        ]
    if bags.counts(rules) and not game.is_over:
        # Overtricks carried towards the bag penalty, per side that has any, above the deal's details.
        info[:0] = [
            lang.ngettext(*bag_words.SIDE, game.bags[members[0]])
            % {"names": lang.join([names[s] for s in members]), "count": lang.number(game.bags[members[0]])}
            for members in sides
            if game.bags[members[0]]
        ]
    chart = [[rules.game.start] + [r.scores[s] for r in game.results] for s in range(game.players)]
    standings = []
    if game.is_over:
        order = sorted(range(game.players), key=lambda s: game.scores[s], reverse=rules.game.winner == "highest")
        standings = [f"{names[s]}: {lang.number(game.scores[s])}" for s in order]
        winners = lang.join([called[s] for s in game.winners])
        standings[:0] = [lang.ngettext(*T_WINNER, len(game.winners)) % {"names": winners}, g(T_STANDINGS)]
        if settle:  # the flag of the game's last deal, waiting for the table's decision
            standings.append("⚑ " + flag_text(lang, settle[-1], called, pack.pack, wide_trump(play, settle[-1])))
    summary: list[str] = []
    if between:
        summary = deal_summary(lang, play, names, open_flags)
    elif deal is None and not game.is_over and game.results and game.results[-1].bids:
        info += _deal_bids(lang, play, game.results[-1])
    if hint:
        info.append(hint)
    return View(
        rtl=lang.direction == "rtl",
        header=header,
        status=status,
        error=say(lang, model.error, pack),
        # "Dealer: Ann" after the first dealer is set: the header says it already (and the dealer's button).
        notice=say(lang, model.notice, pack) if model.notice is None or model.notice.text != DEALER_SET else None,
        info=info,
        urgent=urgent,
        seats=seats,
        grid=grid,
        grid_enabled=grid_enabled,
        buttons=buttons,
        # Only flags still open, in red: a settled one is on the sheet (its penalty) and in the record.
        flags=[flag_text(lang, f, called, pack, wide_trump(play, f)) for f in open_flags[-3:]],
        chart=chart,
        names=list(names),
        scores=scores,
        quick=play.mode == "quick" and not game.is_over,
        quick_bids=play.mode == "quick" and rules.bid_scoring is not None,
        bidding=bidding and play.question is None and not game.is_over,
        game_over=game.is_over,
        standings=standings,
        four_colour=four_colour,
        pack=pack.pack,
        # A ladder's words have their own line (kiosk.declarer): Euchre's words' line would only take the room.
        help=help_lines(lang, names, pack.pack, rules.bid_scoring is not None, bid_words(lang, rules))
        + declarer.help_lines(lang, rules),
        summary=summary,
        summary_more=[lang.ngettext(*T_SUMMARY_MORE, n) % {"count": lang.number(n)} for n in range(1, len(summary))],
        summary_short=summary_players(lang, play, names, details=False) if summary else [],
        summary_short_note=g(T_SUMMARY_SHORT) if summary and _own_bids(play) else "",
        shown=_cell(lang, pack.codes[deal.upcard], False, True, pack)
        if deal is not None and deal.upcard is not None and deal.phase == "bid" and not bidding_phase.deciding(deal)
        else None,
        shown_down=deal is not None and bidding_phase.upcard_turned_down(deal),
        trump=g(T_TRUMP) % {"suit": suit_name(lang, pack.suits[deal.trump], pack=pack)}
        if deal is not None and deal.trump is not None and deal.phase == "play"
        else "",
        sheet=score_sheet(lang, play),
        sheet_note=g(T_SHEET_CLOSE),
        sheet_pages=[
            Button(g(T_SHEET_EARLIER), "ui sheet earlier", "ui", caption="↑"),
            Button(g(T_SHEET_LATER), "ui sheet later", "ui", caption="↓"),
        ],
        leave=g(T_QUIT_ASK),
        leave_buttons=leave_buttons(lang),
    )


def of_seat(lang: Lang, text: str, names: list[str], seat: int) -> str:
    """``text`` about a seat, by its name; where the players are numbered, as "Player 3" (see NUMBERED)."""
    if names[seat].isdigit() and text in NUMBERED:
        return lang.gettext(NUMBERED[text]) % {"number": lang.number(int(names[seat]))}
    return lang.gettext(text) % {"name": names[seat]}


def _own_bids(play: Play) -> bool:
    """Each player bids alone in the deal just scored (Cutthroat Spades, Oh Hell)."""
    return bool(play.game.results[-1].bids) and play.rules.score_teams != "shared"


def summary_players(lang: Lang, play: Play, names: list[str], details: bool = True) -> list[str]:
    """The players' lines of the summary of the deal just scored: the points and the total (as the referee has it
    now, with any penalty of this deal confirmed on its summary); without ``details`` nothing more, and shorter."""
    last = play.game.results[-1]
    penalties = play.game.penalty_of(len(play.game.results) - 1)
    # Where each player bids alone (Cutthroat Spades, Oh Hell), the player's line says the bid, the tricks and
    # the bags as the sheet does: the points alone do not tell a table why ("bid 6, took 7 · 1 bag carried").
    own = details and _own_bids(play)
    lines = []
    for s, name in enumerate(names):
        values = {"name": name, "points": lang.number(last.points[s]), "total": lang.number(play.game.scores[s])}
        parts = _sheet_details(lang, play, last, [s]) if own else []
        form = T_SUMMARY_LINE if details else T_SUMMARY_SHORT_LINE
        lines.append(" · ".join([_points_line(lang, values, penalties[s], form), *parts]))
    return lines


def deal_summary(lang: Lang, play: Play, names: list[str], open_flags: list[Flag]) -> list[str]:
    """The deal just scored: each player's points and new total, the moon, the bids, the flags still open."""
    g = lang.gettext
    last = play.game.results[-1]
    lines = [g(T_SUMMARY_TITLE) % {"number": lang.number(last.number + 1)}, *summary_players(lang, play, names)]
    deal = play.last_deal
    valued = declarer.summary_lines(lang, play.rules, deal, names) if deal is not None else []
    if deal is not None and deal.shooter is not None:
        lines.append(g(moon_words.SHOT) % {"name": names[deal.shooter]})
    lines += valued  # a declarer's game value (Skat), worked out item by item
    index = len(play.game.results) - 1
    breach = declarer.deciding_breach(play, index) if valued else None
    if breach is not None:  # the revoke the table confirmed decided the game: as the referee scored it then
        lines.append(declarer.sheet_game(lang, play.rules, deal, last, names, breach))
    if deal is not None and deal.maker is not None and not valued:  # Euchre's makers, a contract's declarer
        game = play.game
        side = [s for s in range(game.players) if deal.teams[s] == deal.teams[deal.maker]]  # the deal's own
        count = sum(deal.tricks_won[s] for s in side)
        if party_game.active(party_game.of(play.rules)):
            pass  # the party game's own line follows (a soloist, a wedding)
        elif deal.before_settling:  # the referee weighed the sides' points against each other
            took = deal.before_settling[deal.maker]
            total = took + max(deal.before_settling[s] for s in range(game.players) if s not in side)
            text = T_SUMMARY_MADE if last.points[deal.maker] else T_SUMMARY_NAT
            values = {"names": lang.join([names[s] for s in side]), "points": lang.number(took)}
            lines.append(g(text) % {**values, "total": lang.number(total)})
            lines += _roem_line(lang, play, len(game.results) - 1, names)
        elif deal.alone:
            lines.append(
                lang.ngettext(*T_SUMMARY_ALONE, count) % {"name": names[deal.maker], "count": lang.number(count)}
            )
        else:
            names_of = lang.join([names[s] for s in side])
            lines.append(lang.ngettext(*T_SUMMARY_MAKERS, count) % {"names": names_of, "count": lang.number(count)})
    if last.bids:
        lines += _deal_bids(lang, play, last)
    outcome = party_game.outcome(play.rules, deal) if deal is not None else None
    if outcome is not None and deal is not None:  # a party game: who won, with how many card points, the value
        re = [s for s in range(play.game.players) if deal.team_of(s) == 0]
        took = sum(deal.taken_points()[s] for s in re)
        values = {"names": lang.join([names[s] for s in re]), "points": lang.number(took)}
        lines.append(g(T_SUMMARY_PARTY[outcome.winner]) % {**values, "value": lang.number(outcome.value)})
    flagged = [f for f in open_flags if f.deal == last.number + 1]
    if flagged:
        lines.append(lang.ngettext(*T_SUMMARY_FLAGS, len(flagged)) % {"count": lang.number(len(flagged))})
        lines += ["⚑ " + flag_text(lang, f, names, play.rules.deck.pack, wide_trump(play, f)) for f in flagged]
    return lines


def rare_places(buttons: list[Button]) -> list[Button | None]:
    """The rare zone's two slots (None: empty): each rare action in its own (see RARE_SECOND), in the other only
    where two want the same one; a third goes to the main rows."""
    places: list[Button | None] = [None] * len(RARE_KEYS)
    for b in buttons:
        if zone_of(b) != "rare":
            continue
        own = 1 if b.intent.startswith(RARE_SECOND) else 0
        free = next((p for p in (own, 1 - own) if places[p] is None), None)
        if free is not None:
            places[free] = b
    return places


def _roem_line(lang: Lang, play: Play, index: int, names: list[str]) -> list[str]:
    """Each side's roem in deal ``index`` (one line; none where the game has no roem)."""
    of_seat = _side_roem(play, index)
    if not of_seat:
        return []
    sides = []
    for members in side_members(play.game.results[index].sides(play.game.layout)):
        names_of = lang.join([names[s] for s in members])
        sides.append(
            lang.gettext(T_SUMMARY_ROEM_SIDE) % {"names": names_of, "points": lang.number(of_seat[members[0]])}
        )
    return [lang.gettext(T_SUMMARY_ROEM) % {"sides": ", ".join(sides)}]


def _side_roem(play: Play, index: int) -> list[int]:
    """Per seat, its side's roem in deal ``index`` ([] where the game has none, or the deal is not known): a deal
    played by cards as the referee scored it (referee.mechanisms.roem.taken), a deal entered by its result as the
    table entered it and the referee took it. Never worked out here: the sheet is checked against a pad by it."""
    rules = play.rules
    if not roem.active(roem.of(rules)):
        return []
    result = play.game.results[index]
    sides = result.sides(play.game.layout)
    deal = play.played.get(index)
    if deal is not None:
        by_seat = roem.taken(rules, deal.record())
        return [sum(by_seat[m] for m in range(len(sides)) if sides[m] == sides[s]) for s in range(len(sides))]
    entered = play.entered_roem.get(index)
    if entered is None:
        return []
    numbered = play.game.layout.sides  # the sides of an entered result: as partners sit, seat 1's first
    return [entered[numbered[s]] for s in range(len(sides))]


def with_rare_keys(buttons: list[Button]) -> list[Button]:
    """The rare zone's buttons (a claim, results only, another dealer) pressed by their slot's key, F2 or F3,
    as shown on them: the same action, the same key, at every moment."""
    taken = {b.key for b in buttons}
    keys = {
        id(b): key for b, key in zip(rare_places(buttons), RARE_KEYS, strict=True) if b is not None and key not in taken
    }
    return [
        replace(b, key=keys[id(b)], caption=keys[id(b)].upper()) if id(b) in keys and not b.key else b for b in buttons
    ]


# Every key that types a card (kiosk.app.Keys, French and Italian packs): an answer's key is never one of
# these, or a card typed as a question comes up answers it unread (German and Dutch "Ja", Italian "Sì").
CARD_KEYS = frozenset("0123456789atjqkcdhsfrb")


def yes_no(lang: Lang, yes: str, no: str) -> list[Button]:
    """Yes and No buttons for the intents ``yes`` and ``no``, each pressed too by its word's first letter,
    which its corner shows; where that letter also types a card, Yes is Enter and No is N."""
    words = lang.gettext(T_YES), lang.gettext(T_NO)
    keys = [word[:1].lower() for word in words]
    if keys[0] in CARD_KEYS or keys[0] == keys[1]:
        keys[0] = ENTER
    if keys[1] in CARD_KEYS or keys[1] == keys[0]:
        keys[1] = "n"
    return [
        Button(word, intent, "answer", key, caption=KEY_CAPTIONS.get(key, key.upper()))
        for word, intent, key in zip(words, (yes, no), keys, strict=True)
    ]


# The keys the setup screens show on their buttons where the label does not say it: Backspace goes back,
# Enter and Esc where a name or an address is typed (OK, back), F-keys for what a keyboard layout may not type.
BACKSPACE, ENTER = "\b", "\r"
KEY_CAPTIONS = {BACKSPACE: "⌫", ENTER: "↵"}


def keyed(button: Button, key: str, caption: str = "") -> Button:
    """``button`` pressed by ``key`` (a character typed, or "f2" for F2), which its corner shows."""
    return replace(button, key=key, caption=caption or KEY_CAPTIONS.get(key, key.upper()))


def face_keys(lang: Lang, pack: Pack) -> list[tuple[str, str]]:
    """Each rank whose face in ``lang`` (wording.names.card_face, as the pages print it) is not the key that enters
    it: (the face, the key). The keys are the codes' letters in every language (kiosk.app.Keys): ``D`` is the
    suit of diamonds as much as German's Dame, so the faces cannot be keys."""
    deck = make_deck(pack_of(pack))
    out = []
    for rank in deck.ranks:
        face = card_face(lang, rank + deck.suits[0], pack)[0]
        if rank.isalpha() and rank != "T" and face.upper() != rank:
            out.append((face, rank))
    return out


def bid_words(lang: Lang, rules: Ruleset) -> list[str]:
    """The kinds of bid in words ``rules`` offer, as the keys' page names them (none where its bids are numbers
    of tricks or a ladder's values): Pass, then each round's kind, then Alone where a maker may play alone."""
    kinds = {r.kind for r in rules.bidding_rounds}
    if not kinds & {"order-up", "call", "contract"}:
        return []
    words = [lang.gettext(T_PASS_BID)]
    if "order-up" in kinds:
        words.append(lang.gettext(T_ORDER_UP))
    if "call" in kinds:
        words.append(lang.pgettext(*T_HELP_A_CALL))
    if "contract" in kinds:
        words.append(lang.pgettext(*T_HELP_A_CONTRACT))
    if rules.alone != "none":
        words.append(lang.gettext(T_GO_ALONE))
    return words


def help_lines(lang: Lang, names: list[str], pack: str, bids: bool, words: list[str] | None = None) -> list[str]:
    """The keys of the kiosk, in the table's language: what F1 or ? shows. Made once per game and language (every
    tap builds a view, and this page asked the referee for the pack's ranks each time: kiosk6, issue 20)."""
    key = (tuple(names), pack, bids, tuple(words or ()))
    kept = lang.memo.get("help")  # the last game's: one kept per language
    if isinstance(kept, tuple) and kept[0] == key:
        return list(kept[1])
    lines = _help_lines(lang, names, pack, bids, words)
    lang.memo["help"] = (key, tuple(lines))
    return lines


def _help_lines(lang: Lang, names: list[str], pack: str, bids: bool, words: list[str] | None) -> list[str]:
    g = lang.gettext
    players = lang.join([f"{lang.number(i + 1)} {name}" for i, name in enumerate(names)])
    card = g(T_HELP_ITALIAN_CARD if pack == "italian" else T_HELP_CARD)
    faces = face_keys(lang, pack)
    if faces:  # in the card's paragraph: the page keeps its lines at 800x480
        shown = ", ".join(isolate(lang, face) for face, _ in faces)
        card += " " + g(T_HELP_FACES) % {"faces": shown, "keys": ", ".join(key for _, key in faces)}
    lines = [g(T_HELP_TITLE), card]
    lines.append(g(T_HELP_PLAYERS) % {"players": players})
    yes, no = (button.caption for button in yes_no(lang, "", ""))
    lines.append(g(T_HELP_ANSWER) % {"yes": yes, "no": no})
    if bids:
        lines.append(g(T_HELP_BID))
    if words and not bids:  # bids in words (a game of bids of tricks types their numbers instead)
        lines.append(g(T_HELP_BID_WORDS) % {"words": ", ".join(words)})
    lines += [g(T_HELP_RARE), g(T_HELP_UNDO), g(T_HELP_SHEET), g(T_HELP_COMMAND), g(T_HELP_QUIT) % {"yes": yes}]
    lines.append(g(T_HELP_LANG))
    return lines


def score_sheet(lang: Lang, play: Play) -> list[list[str]]:
    """The game deal by deal, as a paper score pad keeps it: a column per side where partners score together
    (a column per player where each scores alone), each deal's bids and tricks where the game has them, the
    bags carried, the penalty, the points and the running total.

    Made again only when a deal is added or changed: every tap builds a view, and a card changes no row (the
    language keeps the last sheet, by what it is made of; the deals themselves, not their ids, so none is
    mistaken for another)."""
    game = play.game
    roems = tuple((i, tuple(r)) for i, r in play.entered_roem.items())
    settled = tuple((f.deal, f.seat, f.confirmed, f.dismissed) for f in play.flags if not f.open)
    key = (
        play.rules,
        tuple(play.names),
        tuple(game.results),
        tuple(game.penalties),
        tuple(play.played.items()),
        roems,
        settled,
    )
    kept = lang.memo.get("sheet")
    if isinstance(kept, tuple) and kept[0] == key:
        return [list(row) for row in kept[1]]
    rows = _score_sheet(lang, play)
    lang.memo["sheet"] = (key, [list(row) for row in rows])
    return rows


def _score_sheet(lang: Lang, play: Play) -> list[list[str]]:
    game, rules = play.game, play.rules
    g = lang.gettext
    if rules.score_teams == "individual":
        columns = [[s] for s in range(len(play.names))]
    else:
        columns = side_members(game_sides(rules, game.layout))  # the game's sides: a deal's may differ
    summed = rules.score_teams == "summed"
    # A declarer's game (Skat's list): a column for each deal's game, before the players' (kiosk.declarer).
    valued = game_value.active(game_value.of(rules))
    games = [lang.pgettext(*declarer.T_SHEET_GAME)] if valued else []
    rows = [[g(T_SHEET_DEAL), *games, *(lang.join([play.names[s] for s in members]) for members in columns)]]
    for i, result in enumerate(game.results):
        if valued:
            breach = declarer.deciding_breach(play, i)
            games = [declarer.sheet_game(lang, rules, play.played.get(i), result, play.names, breach)]
        if result.redeal:
            rows.append([lang.number(i + 1), *games, *(g(T_SHEET_REDEAL) for _ in columns)])
            continue
        # A penalty (a confirmed revoke) stands on the line of the deal it belongs to, and every total
        # from that deal on counts it, also those of deals recorded before it was confirmed.
        # The referee keeps both (referee.Game: penalty_of, totals_after).
        own, totals = game.penalty_of(i), game.totals_after(i)
        melded = _side_roem(play, i)
        decided = _settled_flags(lang, play, i)
        cells = []
        for members in columns:
            first = members[0]

            def side(values: list[int] | tuple[int, ...], first: int = first, members: list[int] = members) -> int:
                return sum(values[m] for m in members) if summed else values[first]

            values = {"points": lang.number(side(result.points)), "total": lang.number(side(totals))}
            parts = _sheet_details(lang, play, result, members)
            if melded and melded[first]:
                parts.append(g(T_SHEET_ROEM) % {"points": lang.number(melded[first])})
            if valued and not side(result.points) and not side(own):  # a Skat list writes the changed totals
                parts.append(values["total"])
            else:
                parts.append(_points_line(lang, values, side(own), T_SHEET_CELL))
            parts[-1:-1] = [said for seat, said in decided if seat in members]  # the points and total stay last
            cells.append(" · ".join(parts))
        rows.append([lang.number(result.number + 1), *games, *cells])
    return rows


def _settled_flags(lang: Lang, play: Play, index: int) -> list[tuple[int, str]]:
    """Each flag of the deal in row ``index`` the table settled without a penalty on the sheet, by its offender's
    seat, in the words the kiosk said when it was settled: upheld where the game sets no penalty, or dismissed
    (issue 20: Spades' upheld revoke was written nowhere on the sheet). A flag upheld with a penalty is on the row
    already, as the penalty the referee booked for it ("0, penalty +2 → 2" where the points went).

    Whether the game sets a penalty is the referee's (referee.mechanisms.revoke_penalty); nothing is reckoned
    here."""
    # (a confirmed flag's penalty is on the row already)
    upheld = "" if revoke_penalty.active(revoke_penalty.of(play.rules)) else revoke_words.UPHELD
    out = []
    for flag in play.flags:
        if flag.open or play.game.index_of(flag.deal - 1) != index:
            continue
        said = revoke_words.DISMISSED if flag.dismissed else upheld
        if said:
            out.append((flag.seat, say(lang, msg(said, name=play.names[flag.seat])) or ""))
    return out


def _sheet_details(lang: Lang, play: Play, result: DealResult, members: list[int]) -> list[str]:
    """A side's (or a player's) deal on the sheet before its points: the bids and the tricks taken towards them,
    a nil on its own, or the tricks taken; the bags it carries on, where the game counts them."""
    g = lang.gettext
    parts = []
    if result.bids:
        nils = [m for m in members if result.bids[m] in ("nil", "blind-nil")]
        contract = [m for m in members if m not in nils and result.bids[m]]
        if contract:
            bid = sum(int(result.bids[m].removeprefix("bid ")) for m in contract if result.bids[m].startswith("bid "))
            tricks = sum(result.tricks[m] for m in contract) if result.tricks else 0
            parts.append(g(T_SHEET_BID) % {"bid": lang.number(bid), "tricks": lang.number(tricks)})
        for m in nils:
            said = {"name": play.names[m], "bid": bid_name(lang, result.bids[m])}
            said["tricks"] = lang.number(result.tricks[m] if result.tricks else 0)
            parts.append(g(T_SHEET_NIL if len(members) > 1 else T_SHEET_OWN_NIL) % said)
    elif result.tricks and len(members) > 1:  # a side's tricks (Euchre's march); a Hearts player's say little
        count = sum(result.tricks[m] for m in members)
        parts.append(lang.ngettext(*T_SHEET_TRICKS, count) % {"count": lang.number(count)})
    if result.bags and result.bags[members[0]]:
        count = result.bags[members[0]]
        parts.append(lang.ngettext(*bag_words.SHEET, count) % {"count": lang.number(count)})
    return parts


def _points_line(lang: Lang, values: dict[str, str], penalty: int, text: str) -> str:
    """A deal's points for a player (the summary's line, the sheet's cell), with its penalty where there is one."""
    signed = ("+" if penalty > 0 else "") + lang.number(penalty)
    numbers = {**values, "penalty": signed} if penalty else values
    if lang.direction == "rtl":
        # Each number its own left-to-right isolate: a bare "-26 ← 0" in a Hebrew line is one
        # left-to-right run, and a reader going right to left met the total before the penalty
        # (and a lone "-96" showed its minus after the digits: a Skat list's lost games).
        numbers = {k: v if k == "name" else f"\u2066{v}\u2069" for k, v in numbers.items()}
    return lang.gettext(WITH_PENALTY[text] if penalty else text) % numbers


def _broken(lang: Lang, play: Play, cards: int, broken: bool) -> str:
    """Whether the first lead restriction is lifted: "Hearts broken", "Spades not broken", "Broken: cups"."""
    deck = play.rules.deck
    in_play = play.game.layout.deck
    if deck.pack == "french":
        for suit, texts in (("H", (T_BROKEN, T_NOT_BROKEN)), ("S", (T_SPADES_BROKEN, T_SPADES_NOT_BROKEN))):
            if cards == deck.suit_masks[deck.suits.index(suit)] & in_play:
                return lang.gettext(texts[0] if broken else texts[1])
    names = [pattern_name(lang, p, "plural", deck) for p in patterns(deck, in_play, cards)]
    text = T_OTHER_BROKEN if broken else T_OTHER_NOT_BROKEN
    return lang.gettext(text) % {"cards": lang.join(names)}


def _side_bids(
    lang: Lang,
    play: Play,
    teams: tuple[int, ...],
    bids: list[int],
    nils: list[int],
    tricks: list[int],
    text: str,
    number: int = 0,
) -> list[str]:
    """Per side of partners in the deal (``teams``: the deal's sides, as the referee keeps them): its
    contract and the tricks taken towards it; a nil bid on a line of its own."""
    out = []
    for seats in side_members(teams):
        for s in seats:
            if nils[s]:
                out.append(lang.gettext(T_SIDE_NIL) % {"names": play.names[s], "tricks": lang.number(tricks[s])})
        contract = [s for s in seats if not nils[s] and bids[s] >= 0]
        if contract:
            params = {
                "names": lang.join([play.names[s] for s in contract]),
                "bid": lang.number(sum(bids[s] for s in contract)),
                "tricks": lang.number(sum(tricks[s] for s in contract)),
                "number": lang.number(number),
            }
            out.append(lang.gettext(text) % params)
    return out


def _deal_bids(lang: Lang, play: Play, result: DealResult) -> list[str]:
    """How the last deal's bids came out, per side of partners (shown until the next deal starts)."""
    if play.rules.score_teams != "shared":
        return []  # each player's own bid and tricks are in the player's line (deal_summary)
    bids, nils = [], []
    for word in result.bids:
        nil = word in ("nil", "blind-nil")
        bids.append(0 if nil or not word else int(word.removeprefix("bid ")))
        nils.append(int(nil))
    teams = result.sides(play.game.layout)
    return _side_bids(lang, play, teams, bids, nils, list(result.tricks), T_DEAL_BIDS, result.number + 1)


# A declarer's game (Skat's Reizen, the game declared, its value): that module builds on this one's buttons.
from . import declarer  # noqa: E402
