"""A ruleset's one-line label: the facts players know a rule set by, made from its rules.

Players choosing a table online know rule sets by a line such as "4 players ·
pass 3 cards left/right/across/hold · ♥ 1 and Q♠ 13 · old moon · to 100 ·
lowest wins": who plays (and with whom), the pack where it is not the
standard 52, the hand sizes where they change, passing, the bidding, trump, the
cards that score, the moon, the end and the winner. :func:`label_of` makes that
line from the compiled :class:`~referee.Ruleset`, never from its id, so a house
rule gets its own label in every language; the rule site shows it on the
index, and the kiosk as its "rules in force" line. The comparison page shows
the same parts (:func:`players_part`, :func:`passing_part`, ...) in its cells.

Each part is a translatable phrase (a plural message where it holds a count);
lists inside a part go through Babel (``lang.join``). Two separators are the
label's own notation rather than language: parts are set apart by a middle dot,
as the facts of a table are online, and a pass cycle or a group of ranks worth
the same is written with slashes ("left/right/across/hold"), the way players
write a rotation; both read the same in every language and either direction.

Right to left, a card's face ("Q♠") or a Latin name inside Hebrew breaks apart
where the line wraps; :func:`isolate` and :func:`isolate_runs` wrap such runs
in first-strong isolates (U+2068 ... U+2069), and each part of a Hebrew label is
a right-to-left isolate of its own (U+2067 ... U+2069), so a number ending one
part never joins a Latin word beginning the next. Browsers and python-bidi (the
kiosk) both honour isolates.
"""

from __future__ import annotations

import re
import unicodedata

from referee import Ruleset
from referee.cards import SUIT_SYMBOLS, SUITS
from referee.deck import Deck
from referee.mechanisms import bags, book, compulsory_solo, hook, roem, trump_points, trumping

from . import bags as bag_words
from . import book as book_words
from . import hook as hook_words
from . import moon as moon_words
from .i18n import NC_, NN_, Lang
from .names import BID_NAMES, card_face, number_text, rank_name, suit_name, tr, trump_rank_name

FSI = "\u2068"  # FIRST STRONG ISOLATE: the run takes the direction of its first letter
LRI = "\u2066"  # LEFT-TO-RIGHT ISOLATE
RLI = "\u2067"  # RIGHT-TO-LEFT ISOLATE
PDI = "\u2069"  # POP DIRECTIONAL ISOLATE
NBSP = "\u00a0"  # NO-BREAK SPACE
SHORT_PART = 20  # characters: a part of the label this long or shorter is kept on one line
SEPARATOR = " · "  # between the parts of a label (see the module's docstring)
SLASH = "/"  # between the steps of a pass cycle, and ranks worth the same

PLAYERS = NN_("%(players)s player", "%(players)s players")
PLAYERS_PARTNERS = NN_("%(players)s player in partnerships", "%(players)s players in partnerships")
CARDS = NN_("%(cards)s card", "%(cards)s cards")
ITALIAN_PACK = NN_("Italian pack of %(cards)s card", "Italian pack of %(cards)s cards")
COPIES = NN_("%(copies)s copy of each card", "%(copies)s copies of each card")
# a pack that holds each card more than once, with the ranks it runs through, so that its size is not read as
# the cards times the copies (a reader took "48 cards and each card twice" for 96): "48 cards (9 to A, each twice)"
PACK_COPIES = NN_(
    "%(cards)s cards (%(low)s to %(high)s, %(copies)s copy of each card)",
    "%(cards)s cards (%(low)s to %(high)s, %(copies)s copies of each card)",
)
#: hand sizes that change deal by deal, from the first deal through each turning point: "10–1–10"
HANDS = NC_("label", "hands of %(sizes)s cards")
MOST_CARDS = NC_("label: hand size", "max")  # the most cards each player can be dealt
PASS = NN_("pass %(count)s card %(cycle)s", "pass %(count)s cards %(cycle)s")
NO_PASSING = NC_("label", "no passing")
PASS_DIRECTIONS: dict[str, tuple[str, str]] = {
    "left": NC_("label: pass direction", "left"),
    "right": NC_("label: pass direction", "right"),
    "across": NC_("label: pass direction", "across"),
    "hold": NC_("label: pass direction", "hold"),
}
# Between the steps of a pass cycle, and before its last step: a slash, as players write a cycle online; a language
# may write the steps as a list (Italian "a sinistra, a destra, di fronte, poi nessun passaggio": an Italian reader
# found the slashes telegraphic)
CYCLE_STEP = NC_("label: between two steps of a pass cycle", "/")
CYCLE_LAST_STEP = NC_("label: before the last step of a pass cycle", "/")
BID_RANGE = NC_("label", "bid %(low)s–%(high)s")
BID_RANGE_HAND = NC_("label", "bid %(low)s up to the hand size")
EXACT_BIDS = NC_("label", "exact bids")
TRUMP_POINTS = NC_("label: the trump suit's card points", "trump %(values)s")
MUST_TRUMP = {
    "always": NC_("label", "must trump, even on partner's trick"),
    "unless-partner-winning": NC_("label", "must trump unless partner is winning"),
}
ROEM = NC_("label", "roem")
AUCTION = NC_("label", "auction of contracts")
ORDER_UP_OR_CALL = NC_("label", "order up or call trump")
ORDER_UP = NC_("label", "order up trump")
CALL = NC_("label", "call trump")
NO_TRUMP_CALLS = NC_("label", "no-trump calls")
STICK_THE_DEALER = NC_("label", "stick the dealer")
LONE_DEFENDER = NC_("label", "lone defender")
TRUMP: dict[str, tuple[str, str]] = {
    "none": NC_("label", "no trump"),
    "fixed": NC_("label", "%(suit)s trump"),
    "upcard": NC_("label", "upcard trump"),
    "dealer-last-card": NC_("label", "dealer's last card trump"),
    "bid": NC_("label", "trump chosen in bidding"),
}
CARD_POINTS = NC_("label: card points", "%(cards)s %(points)s")
# between the values of the ranks, a table's row rather than a sentence: "A 11, 10 10, K 4, Q 3, J 2, 9 0" (a reader
# found "... Dame 3 und Bube 2" a sentence where a list of values was meant)
RANK_POINTS_SEPARATOR = NC_("label: between the card values of the ranks", ", ")
# two scoring cards' points ("♥ 1 and Q♠ 13"), a row of values more than a sentence: a language may join them as
# a list (Hebrew "♥ = 1, Q♠ = 13": a Hebrew reader found the ו־ glued onto "Q♠" broken; Italian likewise)
TWO_CARD_POINTS = NC_("label: the points of two scoring cards", "%(first)s and %(second)s")
# three or more: %(rest)s are all but the last, joined by ", " ("♥ 1, Q♠ 13, and J♦ −10")
MORE_CARD_POINTS = NC_("label: the points of three or more scoring cards", "%(rest)s, and %(last)s")
FACE_VALUE = NC_("label: card points", "%(cards)s face value")
NO_TRICKS = NC_("label", "%(points)s for no tricks")
TO_TARGET = NC_("label", "to %(target)s")
FROM_TO_TARGET = NC_("label", "from %(start)s to %(target)s")
DOWN_TO_TARGET = NC_("label", "from %(start)s down to %(target)s")
COUNT_DOWN = NC_("label", "from %(start)s down")
FLOOR = NC_("label", "down to %(floor)s")
DEALS = NN_("%(deals)s deal", "%(deals)s deals")
# The deals of a hand-size schedule (Oh Hell, Boerenbridge), which some languages name apart: Dutch players say
# "19 rondes" where a klaverjas table says "16 spellen". A schedule deals three or more times (one plural form in
# every language; Hebrew's dual is two), so a context stands in for a plural.
DEALS_SCHEDULED = NC_("deals of a hand-size schedule, three or more", "%(deals)s deals")
# where each compulsory solo is dealt again and does not count (Doppelkopf's Pflichtsolo)
DEALS_COMPULSORY = NN_("%(deals)s deal + compulsory solos", "%(deals)s deals + compulsory solos")
WINNER: dict[str, tuple[str, str]] = {
    "lowest": NC_("label", "lowest wins"),
    "highest": NC_("label", "highest wins"),
}


# -- isolating runs of the other direction -------------------------------------------------

_OWN = {"ltr": frozenset({"L"}), "rtl": frozenset({"R", "AL"})}
_BRACKETS = {"(": ")", "[": "]", "{": "}"}


def isolate(lang: Lang, text: str) -> str:
    """``text`` (a card's face: "Q♠", German "D♠") as one isolated run on a right-to-left page."""
    return f"{FSI}{text}{PDI}" if lang.direction == "rtl" else text


def isolate_runs(lang: Lang, text: str) -> str:
    """Free text (a title) with each run written the other way from ``lang`` isolated.

    "לבבות (Board Game Arena)" keeps "(Board Game Arena)" whole, brackets and
    all, where a Hebrew line wraps; "Hearts (לבבות)" likewise on a left-to-right page.
    A run goes from a letter of the other direction to the last such letter
    before a letter of the page's own direction (digits between them included).
    """
    own = _OWN[lang.direction]
    other = _OWN["ltr" if lang.direction == "rtl" else "rtl"]
    pieces: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if unicodedata.bidirectional(text[i]) not in other:
            pieces.append(text[i])
            i += 1
            continue
        start, end, j = i, i + 1, i + 1
        while j < n and unicodedata.bidirectional(text[j]) not in own:
            if unicodedata.bidirectional(text[j]) in other:
                end = j + 1
            j += 1
        # A bracket the run opens and the text closes right after it goes with the run: "Hartenjagen (Whisthub)".
        unclosed: list[str] = []
        for c in text[start:end]:
            if c in _BRACKETS:
                unclosed.append(_BRACKETS[c])
            elif unclosed and unclosed[-1] == c:
                unclosed.pop()
        while unclosed and end < n and text[end] == unclosed[-1]:
            unclosed.pop()
            end += 1
        # ... and so does one it closes after digits or punctuation, before the page's own letters:
        # "(ISkO, 1999)" stays whole in a Hebrew line, its brackets paired.
        while unclosed and unclosed[-1] in text[end:j]:
            end = text.index(unclosed.pop(), end, j) + 1
        if start and text[start - 1] in _BRACKETS and end < n and text[end] == _BRACKETS[text[start - 1]]:
            pieces.pop()  # the brackets around the run go with it
            start, end = start - 1, end + 1
        pieces.append(f"{FSI}{text[start:end]}{PDI}")
        i = end
    return "".join(pieces)


def _join(lang: Lang, items: list[str]) -> str:
    """``lang.join`` for items that may begin with an isolated card face.

    Lang.join writes Hebrew's "and" with a maqaf before a digit or a Latin letter
    ("3 ו־2"); an isolate before the face hides its letter from that rule, so
    the maqaf goes in here the same way ("ו־⁨Q♠⁩").
    """
    text = lang.join(items)
    if lang.code == "he":
        # not before a rank written in Hebrew ("מלכה 3 ו⁨נסיך⁩ 2"): a maqaf joins ו to digits and Latin only
        text = re.sub(f"(?<=\\s)ו(?={FSI}[0-9A-Za-z])", "ו\u05be", text)
    return text


# -- the parts --------------------------------------------------------------------------------


def _counts(lang: Lang, counts: tuple[int, ...]) -> str:
    """Player counts: a run of three or more as a range ("3–7"), else a list ("3 or 4")."""
    if len(counts) >= 3 and counts[-1] - counts[0] == len(counts) - 1:
        return f"{lang.number(counts[0])}–{lang.number(counts[-1])}"
    return lang.join([lang.number(n) for n in counts], "or")


def players_part(lang: Lang, rules: Ruleset) -> str:
    """ "4 players", "3–7 players", "4 players in partnerships"."""
    message = PLAYERS_PARTNERS if rules.teams_kind == "opposite" else PLAYERS
    return lang.ngettext(*message, max(rules.player_counts)) % {"players": _counts(lang, rules.player_counts)}


def is_standard_pack(rules: Ruleset) -> bool:
    """The standard French pack of 52 cards, each once: what a label need not say."""
    return rules.deck.pack == "french" and rules.deck.copies == 1 and rules.full_deck.bit_count() == 52


def pack_part(lang: Lang, rules: Ruleset) -> str:
    """The pack: "24 cards", "Italian pack of 40 cards", "104 cards, 2 copies of each card"."""
    deck = rules.deck
    size = rules.full_deck.bit_count()
    copies = number_text(lang, deck.copies, "copies")
    if deck.copies > 1 and deck.pack == "french":
        ranks = [r for r in deck.ranks if r in _ranks_in_play(rules)]  # the pack's own order, lowest first
        low, high = (rank_name(lang, r, deck) for r in (ranks[0], ranks[-1]))
        return lang.ngettext(*PACK_COPIES, deck.copies) % {
            "cards": lang.number(size),
            "low": low,
            "high": high,
            "copies": copies,
        }
    message = ITALIAN_PACK if deck.pack == "italian" else CARDS
    parts = [lang.ngettext(*message, size) % {"cards": lang.number(size)}]
    if deck.copies > 1:
        parts.append(lang.ngettext(*COPIES, deck.copies) % {"copies": copies})
    return lang.join(parts)


def hands_part(lang: Lang, rules: Ruleset) -> str | None:
    """Hand sizes that change deal by deal, by their turning points ("hands of 1–max–1 cards"); else None."""
    if not rules.schedule:
        return None
    sizes = "–".join(tr(lang, MOST_CARDS) if s == "max" else lang.number(s) for s in rules.schedule)
    return tr(lang, HANDS) % {"sizes": sizes}


def penalty_game(rules: Ruleset) -> bool:
    """Cards that cost points and no bidding: where players expect passing and a moon (the Hearts games), not a
    game where the cards' points are a prize (Doppelkopf)."""
    if rules.bidding_rounds or not any(p > 0 for p in rules.layout(rules.default_players).points):
        return False
    return rules.game.winner == "lowest" or rules.game.count_sign < 0


def passing_part(lang: Lang, rules: Ruleset) -> str | None:
    """ "pass 3 cards left/right/across/hold" (the usual number of players' cycle); "no passing" where a
    penalty-card game has none; None where passing is not expected."""
    count = rules.pass_count
    if not count:
        return tr(lang, NO_PASSING) if penalty_game(rules) else None
    steps = [tr(lang, PASS_DIRECTIONS[d]) for d in rules.passing.cycle_for(rules.default_players)]
    cycle = (
        tr(lang, CYCLE_STEP).join(steps[:-1]) + tr(lang, CYCLE_LAST_STEP) + steps[-1] if len(steps) > 1 else steps[0]
    )
    return lang.ngettext(*PASS, count) % {"count": lang.number(count), "cycle": cycle}


def _hand_sizes(rules: Ruleset) -> set[int]:
    sizes: set[int] = set()
    for n in rules.player_counts:
        layout = rules.layout(n)
        sizes |= set(layout.schedule) or {layout.hand_size}
    return sizes


def bidding_parts(lang: Lang, rules: Ruleset) -> list[str]:
    """What is bid and how: "bid 1–13 or nil", "hook rule", "order up or call trump", "stick the dealer", ..."""
    out: list[str] = []
    kinds = {r.kind for r in rules.bidding_rounds}
    if "contract" in kinds:
        out.append(tr(lang, AUCTION))
    if "order-up" in kinds:
        out.append(tr(lang, ORDER_UP_OR_CALL if "call" in kinds else ORDER_UP))
    elif "call" in kinds:
        out.append(tr(lang, CALL))
    if any(r.no_trump for r in rules.bidding_rounds if r.kind == "call"):
        out.append(tr(lang, NO_TRUMP_CALLS))
    if any(r.stick_the_dealer for r in rules.bidding_rounds):
        out.append(tr(lang, STICK_THE_DEALER))
    if rules.alone == "maker-and-defender":
        out.append(tr(lang, LONE_DEFENDER))
    spec = rules.trick_round
    if spec is not None:
        sizes = _hand_sizes(rules)
        # A highest bid of "the hand" is a number only where every deal has the same hand size.
        high = spec.top(max(sizes)) if len(sizes) == 1 or spec.high >= 0 else None
        low = lang.number(spec.low)
        if high is None:
            bids = [tr(lang, BID_RANGE_HAND) % {"low": low}]
        else:
            bids = [tr(lang, BID_RANGE) % {"low": low, "high": lang.number(high)}]
        bids += [tr(lang, BID_NAMES[word]) for word, on in (("nil", spec.nil), ("blind-nil", spec.blind_nil)) if on]
        out.append(lang.join(bids, "or"))
        if hook.binds(rules):
            out.append(tr(lang, hook_words.LABEL))
    return out


def _suit_text(lang: Lang, rules: Ruleset, suit: str) -> str:
    """A suit as a label shows it: its symbol in a French pack, its name in an Italian one."""
    if rules.deck.pack == "french":
        return SUIT_SYMBOLS[SUITS.index(suit)]
    return suit_name(lang, suit, pack=rules.deck)


def _face_text(lang: Lang, rules: Ruleset, code: str) -> str:
    """A card as its face shows it: "Q♠" (German "D♠"), Italian "Kn batons"."""
    rank, suit = card_face(lang, code, rules.deck)
    return isolate(lang, rank + suit if rules.deck.pack == "french" else f"{rank} {suit}")


def trump_part(lang: Lang, rules: Ruleset) -> str:
    """ "no trump", "♠ trump", "upcard trump", "dealer's last card trump", "trump chosen in bidding"."""
    text = tr(lang, TRUMP[rules.trump_kind])
    if rules.trump_kind == "fixed":
        text %= {"suit": _suit_text(lang, rules, rules.deck.suits[rules.trump_suit or 0])}
    return text


def _points(lang: Lang, cards: str, value: int | str) -> str:
    """ "Q♠ 13": joined by no-break spaces, so a line never ends between a card and its points."""
    if value == "face":
        text = tr(lang, FACE_VALUE) % {"cards": cards}
    else:
        text = tr(lang, CARD_POINTS) % {"cards": cards, "points": lang.number(int(value))}
    return text.replace(" ", NBSP)


def points_part(lang: Lang, rules: Ruleset) -> str | None:
    """The cards that score and the bonus cards: "♥ 1 and Q♠ 13", "♥ face value and Q♠ 25"; None if none."""
    in_play = rules.full_deck
    entries = [
        (key, value)
        for key, value in rules.card_points.by_pattern.items()
        if value and rules.pattern_mask([key]) & in_play
    ]
    # Suits first, then cards from the costliest down to the bonuses.
    entries.sort(key=lambda kv: (len(kv[0]) > 1, -(kv[1] if isinstance(kv[1], int) else 0), kv[0]))
    out = [
        _points(lang, _suit_text(lang, rules, key) if len(key) == 1 else _face_text(lang, rules, key), value)
        for key, value in entries
    ]
    # Points by rank (Tressette's ace 3, ...): the ranks worth the same together, from the strongest. Where a
    # number's face would stand alone before its points ("10 10": Skat's ten counts ten), the ranks go by name.
    deck = rules.deck
    by_rank = {("T" if str(r) == "10" else str(r).upper()): v for r, v in rules.card_points.by_rank.items()}
    by_value: dict[int, list[str]] = {}
    for rank in sorted(_ranks_in_play(rules), key=lambda r: -rules.order[deck.ranks.index(r)]):
        by_value.setdefault(by_rank.get(rank, 0), []).append(rank)
    # A single rank worth nothing is a row of the table (Doppelkopf's nine, 0: a reader missed it); several are
    # the rest a table knows without being told (Skat's 7, 8 and 9).
    if len(by_value.get(0, ())) != 1 or not by_rank:
        by_value.pop(0, None)
    named = any(
        len(ranks) == 1 and card_face(lang, ranks[0] + deck.suits[0], deck)[0].isdigit() for ranks in by_value.values()
    )
    values = []
    for value, ranks in sorted(by_value.items(), key=lambda kv: -kv[0]):
        faces = [rank_name(lang, r, deck) if named else card_face(lang, r + deck.suits[0], deck)[0] for r in ranks]
        values.append(_points(lang, isolate(lang, SLASH.join(faces)), value))
    if values:  # the ranks' values as one row, apart from the cards' own (Hearts' "♥ 1 and Q♠ 13")
        out.append(tr(lang, RANK_POINTS_SEPARATOR).join(values))
    # Where the trump suit's cards count otherwise (Klaverjassen's J 20, 9 14): those that differ.
    in_trump = trump_points.of(rules).by_rank
    changed = [
        _points(lang, isolate(lang, _trump_rank(lang, rank, deck)), in_trump[rank])
        for rank in sorted(_ranks_in_play(rules), key=lambda r: -rules.trump_order[deck.ranks.index(r)])
        if rank in in_trump and in_trump[rank] != by_rank.get(rank, 0)
    ]
    if changed:  # what sets the game apart; the plain suits' values would not fit a kiosk's button too
        return tr(lang, TRUMP_POINTS) % {"values": _join(lang, changed)}
    if len(out) == 2:
        return tr(lang, TWO_CARD_POINTS) % {"first": out[0], "second": out[1]}
    if len(out) > 2:
        return tr(lang, MORE_CARD_POINTS) % {"rest": ", ".join(out[:-1]), "last": out[-1]}
    return out[0] if out else None


def _trump_rank(lang: Lang, rank: str, deck: Deck) -> str:
    """A trump rank in the label: its face letter ("J"), or its own name where the language has one for the
    trump card (Dutch "jas" for the trump jack, "nel" for the nine), which its players write instead."""
    own = trump_rank_name(lang, rank, deck, short=True)
    return own if own != rank_name(lang, rank, deck) else card_face(lang, rank + deck.suits[0], deck)[0]


def _ranks_in_play(rules: Ruleset) -> set[str]:
    deck = rules.deck
    return {deck.ranks[deck.rank_of[c]] for c in range(deck.size) if rules.full_deck >> c & 1}


def exact_part(lang: Lang, rules: Ruleset) -> str | None:
    """ "exact bids" where only a bid made exactly scores; else None."""
    return tr(lang, EXACT_BIDS) if rules.bid_scoring is not None and rules.bid_scoring.exactly else None


def bags_part(lang: Lang, rules: Ruleset) -> str | None:
    """What collected overtricks cost ("10 bags: -100"); None where they are not counted."""
    counted = bags.of(rules)
    if rules.bid_scoring is None or not bags.active(counted):
        return None
    values = {"bags": lang.number(counted.every), "points": lang.number(counted.points)}
    return lang.ngettext(*bag_words.LABEL, counted.every) % values


def no_tricks_part(lang: Lang, rules: Ruleset) -> str | None:
    """The points for taking no trick at all; None without them."""
    bonus = rules.no_tricks_bonus
    return tr(lang, NO_TRICKS) % {"points": lang.number(bonus)} if bonus else None


def book_part(lang: Lang, rules: Ruleset) -> str | None:
    """ "tricks over 6 score" where tricks beyond a book score; else None."""
    tricks = book.of(rules).tricks
    return tr(lang, book_words.LABEL) % {"book": lang.number(tricks)} if tricks is not None else None


def moon_part(lang: Lang, rules: Ruleset) -> str | None:
    """ "old moon", "new moon", ...; "no moon" in a penalty-card game without one; else None."""
    return moon_words.label(lang, rules, penalty_game(rules))


def end_part(lang: Lang, rules: Ruleset) -> str:
    """When the game ends: "to 100", "from 100 down to 0", "to 500 or down to −200", "8 deals", "13–33 deals"."""
    out = []
    start, target = lang.number(rules.game.start), rules.game.target
    if target is not None:
        values = {"start": start, "target": lang.number(target)}
        message = DOWN_TO_TARGET if rules.game.count_sign < 0 else FROM_TO_TARGET if rules.game.start else TO_TARGET
        out.append(tr(lang, message) % values)
    elif rules.game.count_sign < 0:
        out.append(tr(lang, COUNT_DOWN) % {"start": start})
    if rules.game.floor is not None:
        out.append(tr(lang, FLOOR) % {"floor": lang.number(rules.game.floor)})
    if rules.game.deals is not None:
        duty = compulsory_solo.of(rules)
        deals = DEALS_COMPULSORY if compulsory_solo.active(duty) and duty.extra_deal else DEALS
        out.append(lang.ngettext(*deals, rules.game.deals) % {"deals": lang.number(rules.game.deals)})
    if rules.schedule:
        lengths = sorted({len(rules.layout(n).schedule) for n in rules.player_counts})
        shown = [lang.number(lengths[0])] if len(lengths) == 1 else [lang.number(lengths[0]), lang.number(lengths[-1])]
        many = lengths[-1] > 2
        said = lang.pgettext(*DEALS_SCHEDULED) if many else lang.ngettext(*DEALS, lengths[-1])
        out.append(said % {"deals": "–".join(shown)})
    return lang.join(out, "or")


def winner_part(lang: Lang, rules: Ruleset) -> str:
    return tr(lang, WINNER[rules.game.winner])


def label_parts(lang: Lang, rules: Ruleset) -> list[str]:
    """The label's parts, in the order players ask about them."""
    parts = [players_part(lang, rules)]
    if not is_standard_pack(rules):
        parts.append(pack_part(lang, rules))
    parts += [p for p in (hands_part(lang, rules), passing_part(lang, rules)) if p]
    parts += bidding_parts(lang, rules)
    parts += [p for p in (exact_part(lang, rules), bags_part(lang, rules)) if p]
    if rules.trump_kind not in ("none", "bid"):  # no trump goes without saying; a bid trump is in the bidding
        parts.append(trump_part(lang, rules))
    duty = trumping.of(rules).must_trump
    if duty != "never":  # Amsterdam or Rotterdam: what tells the two apart
        parts.append(tr(lang, MUST_TRUMP[duty]))
    points = points_part(lang, rules)
    # Roem says the rest to those who play it (nat comes with it), and a label must fit a kiosk's button.
    melds = tr(lang, ROEM) if roem.active(roem.of(rules)) else None
    extras = (no_tricks_part(lang, rules), book_part(lang, rules), moon_part(lang, rules), end_part(lang, rules))
    parts += [p for p in (points, melds, *extras) if p]
    # Who wins is worth saying where cards score points (a penalty or a prize?) or the lowest wins.
    if points or rules.game.winner == "lowest":
        parts.append(winner_part(lang, rules))
    return parts


def page_label(lang: Lang, rules: Ruleset) -> str:
    """The label as a page prints it, where it may wrap: the dot stays at the end of a line, never begins the
    next (a Hebrew reader found a line starting with a stray "·")."""
    return label_of(lang, rules).replace(SEPARATOR, f"{NBSP}{SEPARATOR.lstrip()}")


def label_of(lang: Lang, rules: Ruleset) -> str:
    """The ruleset's one-line label in ``lang``: "4 players · pass 3 cards left/right/across/hold · ...".

    Right to left, each part is isolated as right-to-left text, so that a part
    ending in a number ("J♦ -10") and the next beginning with a Latin word
    ("„moon“: ...") never run together into one left-to-right stretch.
    """
    # A short part ("to 100", "4 players") never parts at a line's end; a long one wraps where it must.
    parts = [part.replace(" ", NBSP) if len(part) <= SHORT_PART else part for part in label_parts(lang, rules)]
    if lang.direction == "rtl":
        parts = [f"{RLI}{part}{PDI}" for part in parts]
    return SEPARATOR.join(parts)
