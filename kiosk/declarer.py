"""A declarer's game at the kiosk: a ladder auction, the game declared after it, and its game value.

Skat is played so (rulesets/skat.yaml): values said up a ladder, held or passed
(:class:`referee.auction.Ladder`), the winner taking up the talon or declaring a
hand game and then the game (:mod:`referee.mechanisms.contracts`, ``chosen:
declarer``), the game value worked out at the end
(:mod:`referee.mechanisms.game_value`). Everything here asks the referee: the
legal words of the deal, their parts (:func:`contracts.read_declaration`), their
names (:func:`wording.names.bid_name`), the values the game value allows; no
game's list of words is written here.

The screen, at 800x480 beside the table's room:

- the ladder: Pass and Hold in fixed places (the one not offered greyed), then a
  page of values (the next ones; typed digits and Enter say any value), and a
  button for the next page ("24–33", key ``+``), a question of the kiosk's own
  (``ask ladder N``), never an entry;
- the declaration in two steps: first the talon or a game (its number the key),
  a hand game that may announce a level asking which (``ask bid solo clubs
  hand``: the levels, again by number, Back by Backspace).

Imported by :mod:`kiosk.view` when a table view is built (this module imports it).
"""

from __future__ import annotations

from dataclasses import replace

from referee import Ruleset
from referee.auction import HOLD, PASS, SAY, LadderState
from referee.cards import SUIT_SYMBOLS, SUITS
from referee.engine import Deal
from referee.game import DealResult
from referee.mechanisms import contracts, game_value, revoke_penalty, talon
from referee.phases import bidding as bidding_phase
from wording import revoke_penalty as revoke_words
from wording.i18n import N_, NC_, NN_, Lang

from .core import Play
from .view import BACKSPACE, BAR_INTENTS, Button, View, bid_label, keyed

# The values on one page of the ladder: with Pass, Hold and the next page's button, one row at 800x480 (five make two,
# and then the deal just scored lost its last lines under them); the next page is one tap ("+"), any value typed.
LADDER_PAGE = 4
MORE_KEY = "+"

# The heading by what the ladder asks of the seat to speak (referee.auction.Ladder.asking): the seat that says values
# (Mittelhand "sagt" to Vorhand, who "hört"), the seat that holds them or passes, and the one left when the first
# two passed without a value, who may still play at the lowest.
T_SAYS = N_("%(name)s bids to %(holder)s")
T_HOLD_ASK = N_("%(name)s: hold %(value)s or pass?")
T_TAKE_LOWEST = N_("%(name)s: play at %(value)s or pass?")
T_LADDER_HINT = N_("Tap the value, or type it and Enter (+ shows higher values); %(hold)s holds, %(pass)s passes.")
T_DECLARE = N_("%(name)s won the bidding at %(value)s: take the skat, or a hand game?")
T_DECLARE_AFTER = N_("%(name)s took the skat at %(value)s: which game?")
T_LEVEL_ASK = N_("%(name)s plays %(game)s: which announcement?")
T_LEVEL_NONE = N_("No announcement")
T_DECLARE_HINT = N_("Tap the game, or press the number on its button.")
T_BACK = N_("Back")
T_HELP = N_(
    "The bidding: type a value and Enter, or tap it; the letters on Hold and Pass. The game: the number on its button."
)
# The deal summary in two lines, so that it fits the table's room at 800x480 beside the next deal's Reizen:
# who declared what at which value, what they took and whether they won; then the value worked out.
T_DECLARED = {
    True: N_("%(name)s: %(game)s at %(bid)s, %(points)s card points with the skat: won."),
    False: N_("%(name)s: %(game)s at %(bid)s, %(points)s card points with the skat: lost."),
}
T_DECLARED_TRICKS = {
    True: NN_(
        "%(name)s: %(game)s at %(bid)s, %(count)s trick: won.", "%(name)s: %(game)s at %(bid)s, %(count)s tricks: won."
    ),
    False: NN_(
        "%(name)s: %(game)s at %(bid)s, %(count)s trick: lost.",
        "%(name)s: %(game)s at %(bid)s, %(count)s tricks: lost.",
    ),
}
T_WITH = NC_("game value", "with %(count)s")  # the matadors: "mit 2"
T_WITHOUT = NC_("game value", "without %(count)s")  # "ohne 3"
ITEM_NAMES = {
    "game": NC_("game value", "game"),
    "hand": NC_("game value", "hand"),
    "schneider": NC_("game value", "schneider"),
    "schneider-announced": NC_("game value", "schneider announced"),
    "schwarz": NC_("game value", "schwarz"),
    "schwarz-announced": NC_("game value", "schwarz announced"),
    "ouvert": NC_("game value", "ouvert"),
}
T_VALUE = N_("%(items)s: %(multiplier)s × %(base)s = %(value)s")
T_FIXED = N_("%(game)s: the fixed value %(value)s")
# A game lost: the value's line (T_VALUE or T_FIXED) and its multiple, the declarer's score.
T_LOST = N_("%(value)s; lost, counted %(times)s times: %(score)s")
T_OVERBID = N_("%(value)s; overbid at %(bid)s: lost at %(least)s, counted %(times)s times: %(score)s")
T_THROWN_IN = N_("Nobody bid: the cards are thrown in.")
# The score sheet's column of each deal's game, a Skat list's: the declarer, the game with its hand and levels,
# the value bid, won or lost, and the game's value (a lost game's score, twice it, stands in the declarer's column).
T_SHEET_GAME = NC_("score sheet", "Declarer: game")  # the column's heading, as its cells read: "Ann: ♣ Clubs"
T_SHEET_ROW = {
    True: N_("%(name)s: %(game)s at %(bid)s: won, worth %(value)s"),
    False: N_("%(name)s: %(game)s at %(bid)s: lost, worth %(value)s"),
}
T_SHEET_OVERBID = N_("%(name)s: %(game)s at %(bid)s: overbid, worth %(value)s")
# The Seeger-Fabian list's points for the deal: 50 for a game won; for a game lost 50 taken away and 40 (at a table
# of four 30) to each other player.
T_SHEET_LIST_WON = N_("list %(points)s")  # "+50"
T_SHEET_LIST_LOST = N_("list %(points)s, the others %(others)s each")  # "−50", "+40"
T_SHEET_NOBODY = N_("thrown in")
T_QUICK_HINT = N_(
    "Type each player's score in seat order, then Enter: the declarer's game value (twice it, negative, for a "
    "game lost) and 0 for the others: %(example)s. All 0: thrown in."
)


# -- the ladder --------------------------------------------------------------------------------------------------


def ladder_values(rules: Ruleset) -> tuple[int, ...]:
    """The values of the ruleset's ladder round (empty without one)."""
    return next((r.values for r in rules.bidding_rounds if r.kind == "ladder"), ())


def is_ladder(words: list[str]) -> bool:
    """Whether the seat to act is in a ladder round: it says a value, or holds."""
    return any(w.startswith(SAY) or w == HOLD for w in words)


def _key_of(lang: Lang, word: str, taken: set[str]) -> str:
    """A word's key: the first letter of its name in the table's language ("p" for passe, "j" for ja, "מ" for
    מחזיק), or F5/F6 where that letter is taken or none."""
    first = bid_label(lang, word)[:1].lower()
    if first.isalpha() and first not in taken:
        return first
    return next(k for k in ("f5", "f6", "f7") if k not in taken)


def ladder_buttons(lang: Lang, rules: Ruleset, deal: Deal, start: int = 0) -> list[Button]:
    """Pass and Hold in their places (greyed where not offered), a page of values from the ``start``-th, and the
    next page's button where the values need several. While the other seat answers, the values its next word
    may reach stand greyed where they will be: no button comes under a finger that tapped a value."""
    words = deal.legal_actions()
    said = [int(w.removeprefix(SAY)) for w in words if w.startswith(SAY)]
    value = bidding_phase.value_bid(deal)
    values = said or [v for v in ladder_values(rules) if v > value]
    out, taken = [], set[str]()
    for word in (PASS, HOLD):
        key = _key_of(lang, word, taken)
        taken.add(key)
        label = bid_label(lang, word)
        out.append(
            Button(label[:1].upper() + label[1:], f"bid {word}", "bid", key, enabled=word in words, caption=key.upper())
        )
    start = start if 0 <= start < len(values) else 0
    page = values[start : start + LADDER_PAGE]
    out += [Button(lang.number(v), f"bid {SAY}{v}", "bid", enabled=bool(said)) for v in page]
    if len(values) > LADDER_PAGE:
        after = start + LADDER_PAGE if start + LADDER_PAGE < len(values) else 0
        shown = values[after : after + LADDER_PAGE]
        # A range reads left to right in a right-to-left line too ("24–33", never "33–24"): one isolate.
        lri, pdi = ("\u2066", "\u2069") if lang.direction == "rtl" else ("", "")
        label = f"{lri}{lang.number(shown[0])}–{lang.number(shown[-1])}{pdi}"
        out.append(Button(label, f"ask ladder {after}", "bid", MORE_KEY, enabled=bool(said), caption=MORE_KEY))
    return out


def ladder_word(lang: Lang, deal: Deal, seat: int) -> str:
    """What ``seat`` said last in the ladder round, in words ("20", "ja", "passe"); "" for nothing."""
    if deal.phase != "bid" or not is_ladder(deal.legal_actions()):
        return ""
    said = [w for who, w in deal.history if who == seat and (w.startswith(SAY) or w in (HOLD, PASS))]
    return bid_label(lang, said[-1]) if said else ""


def declared_label(lang: Lang, deal: Deal, seat: int) -> str:
    """The game ``seat`` declared, short for its place at the table: "♣ Kreuz Hand Schneider" ("" for none, or in
    a game without a game value). Short: beside the name, a seat's line at 800x480 holds little more."""
    rules = deal.rules
    if not game_value.active(game_value.of(rules)) or deal.maker != seat or not deal.declared:
        return ""
    settings = contracts.of(rules)
    words = [w for who, w in deal.history if who == seat and contracts.read_declaration(settings, w)[0] >= 0]
    if not words:
        return ""
    return short_game(lang, rules, words[-1])


def short_game(lang: Lang, rules: Ruleset, word: str) -> str:
    """A declaration's name with its level in a word: "♣ Kreuz Hand Schneider", "♠ Pik"."""
    level = contracts.read_declaration(contracts.of(rules), word)[3]
    label = game_label(lang, rules, word.removesuffix(f" {level}") if level else word)
    return f"{label} {lang.pgettext(*ITEM_NAMES[level])}" if level in ITEM_NAMES else label


# -- the declaration ---------------------------------------------------------------------------------------------


def is_declaration(rules: Ruleset, words: list[str]) -> bool:
    """Whether the seat to act declares a game after the auction: every word takes up the talon or names a
    contract (a reservation's "healthy" is neither)."""
    settings = contracts.of(rules)
    if not contracts.active(settings) or settings.chosen != "declarer" or not words:
        return False
    return all(w == talon.TAKE or contracts.read_declaration(settings, w)[0] >= 0 for w in words)


def _groups(rules: Ruleset, words: list[str]) -> dict[str, list[str]]:
    """The legal words by their game: a word without the level it announces (``solo clubs hand``), in order."""
    settings = contracts.of(rules)
    out: dict[str, list[str]] = {}
    for w in words:
        level = contracts.read_declaration(settings, w)[3] if w != talon.TAKE else ""
        out.setdefault(w.removesuffix(f" {level}") if level else w, []).append(w)
    return out


def game_label(lang: Lang, rules: Ruleset, word: str) -> str:
    """A declaration's name, its trump suit's symbol first where it names one: "♣ Kreuz Hand"."""
    label = bid_label(lang, word, rules.deck)
    label = label[:1].upper() + label[1:]
    if word == talon.TAKE or rules.deck.pack != "french":
        return label
    suit = contracts.read_declaration(contracts.of(rules), word)[1]
    return f"{SUIT_SYMBOLS[SUITS.index(suit)]} {label}" if suit and suit in SUITS else label


def _numbered(lang: Lang, buttons: list[Button], first: int = 1) -> list[Button]:
    """Keys ``first``, and on (1, 2, 3...), shown at the front of each label, as Euchre's bids have them."""
    if len(buttons) + first - 1 > 9:
        return buttons
    return [replace(b, label=f"{lang.number(i)} {b.label}", key=str(i)) for i, b in enumerate(buttons, start=first)]


def declaration_buttons(lang: Lang, rules: Ruleset, words: list[str], talon_taken: bool = False) -> list[Button]:
    """The first step: the talon, or a game; a game that may announce a level asks which next.

    Once the talon is taken, the games are numbered from 2: the 1 that took it up never declares the game
    that follows (issue 20: a doubled 1 took the skat and declared clubs)."""
    out = []
    for stem, group in _groups(rules, words).items():
        intent = f"bid {group[0]}" if len(group) == 1 else f"ask bid {stem}"
        out.append(Button(game_label(lang, rules, stem), intent, "bid"))
    return _numbered(lang, out, 2 if talon_taken and talon.TAKE not in words else 1)


def level_buttons(lang: Lang, rules: Ruleset, words: list[str], stem: str) -> list[Button]:
    """The second step: ``stem`` as it is, or with each level its declarer may announce; and Back."""
    settings = contracts.of(rules)
    out = []
    for w in _groups(rules, words).get(stem, []):  # short: the heading names the game
        level = contracts.read_declaration(settings, w)[3]
        named = ITEM_NAMES.get(f"{level}-announced", ITEM_NAMES.get(level))
        label = lang.gettext(T_LEVEL_NONE) if not level else lang.pgettext(*named) if named else level
        out.append(Button(label[:1].upper() + label[1:], f"bid {w}", "bid"))
    return [*_numbered(lang, out), keyed(Button(lang.gettext(T_BACK), "cancel", "bid"), BACKSPACE)]


def bid_status(lang: Lang, rules: Ruleset, deal: Deal, names: list[str]) -> str:
    """The heading while a declarer's game is bid or declared ("" where the usual one says it)."""
    seat, words = deal.to_act, deal.legal_actions()
    if seat is None:
        return ""
    state = bidding_phase.ladder(deal)
    value = lang.number(state.value if state is not None else 0)
    asking = bidding_phase.asking(deal)
    if asking == "hold":
        return lang.gettext(T_HOLD_ASK) % {"name": names[seat], "value": value}
    if asking == "say" and isinstance(state, LadderState):
        return lang.gettext(T_SAYS) % {"name": names[seat], "holder": names[state.holder]}
    if asking == "take-lowest":
        lowest = min(int(w.removeprefix(SAY)) for w in words if w.startswith(SAY))
        return lang.gettext(T_TAKE_LOWEST) % {"name": names[seat], "value": lang.number(lowest)}
    if asking == "declare" and is_declaration(rules, words):
        text = T_DECLARE_AFTER if deal.talon_taken else T_DECLARE
        return lang.gettext(text) % {"name": names[seat], "value": value}
    return ""


def bid_hint(lang: Lang, rules: Ruleset, words: list[str], buttons: list[Button]) -> str:
    """How to enter what is asked, by keys."""
    if is_ladder(words):
        keys = {b.intent: b.caption for b in buttons}
        return lang.gettext(T_LADDER_HINT) % {"hold": keys.get(f"bid {HOLD}", ""), "pass": keys.get(f"bid {PASS}", "")}
    return lang.gettext(T_DECLARE_HINT)


def asked(lang: Lang, play: Play, asking: str, view: View) -> View | None:
    """The screen of the kiosk's own question (``ask ...``, kept by the session, never journaled): a page of the
    ladder's values (``ladder N``), or the levels of a hand game (``bid solo clubs hand``); None for another."""
    verb, _, rest = asking.partition(" ")
    rules, names, deal = play.rules, play.names, play.deal
    if deal is None and play.mode == "cards" and not play.game.is_over:
        deal = play.game.new_deal()  # the next deal as it will start, as the table's view shows it
    if deal is None or deal.phase != "bid" or deal.to_act is None:
        return None
    words = deal.legal_actions()
    # The bar keeps its places; Undo and Redo greyed while the question waits (Backspace is Back here).
    bar = [b if b.kind == "ui" else replace(b, enabled=False) for b in view.buttons if b.intent in BAR_INTENTS]
    if verb == "ladder" and rest.isdigit() and is_ladder(words):
        return replace(view, buttons=[*ladder_buttons(lang, rules, deal, int(rest)), *bar])
    if verb == "bid" and len(_groups(rules, words).get(rest, [])) > 1:
        seat = deal.to_act
        status = lang.gettext(T_LEVEL_ASK) % {"name": names[seat], "game": game_label(lang, rules, rest)}
        return replace(view, status=status, buttons=[*level_buttons(lang, rules, words, rest), *bar])
    return None


def help_lines(lang: Lang, rules: Ruleset) -> list[str]:
    """The keys' page's line for a ladder and a declaration."""
    return [lang.gettext(T_HELP)] if ladder_values(rules) else []


# -- the game value --------------------------------------------------------------------------------------------


def _items(lang: Lang, outcome: game_value.Outcome) -> str:
    parts = []
    for what, count in outcome.items:
        if what == "matadors":
            text = T_WITH if outcome.matadors > 0 else T_WITHOUT
            parts.append(lang.pgettext(*text) % {"count": lang.number(count)})
        else:
            parts.append(lang.pgettext(*ITEM_NAMES[what]) if what in ITEM_NAMES else what)
    return " + ".join(parts)


def summary_lines(lang: Lang, rules: Ruleset, deal: Deal, names: list[str]) -> list[str]:
    """The finished deal of a declarer's game: who declared what at which value, what they took, the value worked
    out item by item, won or lost (overbid); a deal nobody bid, thrown in. Empty for another game."""
    if not game_value.active(game_value.of(rules)):
        return []
    if deal.redeal and deal.maker is None:
        return [lang.gettext(T_THROWN_IN)]
    outcome = game_value.outcome(rules, deal)
    if outcome is None or deal.maker is None:
        return []
    g = lang.gettext
    maker = deal.maker
    declared = [
        w for who, w in deal.history if who == maker and contracts.read_declaration(contracts.of(rules), w)[0] >= 0
    ]
    game = short_game(lang, rules, declared[-1]) if declared else ""
    bid = lang.number(bidding_phase.value_bid(deal))
    values = {"name": names[maker], "game": game, "bid": bid}
    if outcome.base:
        card_points = deal.taken_points()[maker]  # the talon's included, as the game value weighed them
        first = g(T_DECLARED[outcome.won]) % {**values, "points": lang.number(card_points)}
        worth = outcome.base * outcome.multiplier
        items = {"items": _items(lang, outcome), "multiplier": lang.number(outcome.multiplier)}
        value = g(T_VALUE) % {**items, "base": lang.number(outcome.base), "value": lang.number(worth)}
    else:
        count = deal.tricks_won[maker]
        first = lang.ngettext(*T_DECLARED_TRICKS[outcome.won], count) % {**values, "count": lang.number(count)}
        value = g(T_FIXED) % {"game": game, "value": lang.number(outcome.value)}
    lost = {"value": value, "score": lang.number(outcome.score), "times": lang.number(game_value.of(rules).lost)}
    if outcome.overbid:
        value = g(T_OVERBID) % {**lost, "bid": bid, "least": lang.number(outcome.value)}
    elif not outcome.won:
        value = g(T_LOST) % lost
    return [first, value]


def deciding_breach(play: Play, index: int) -> tuple[int, game_value.Outcome] | None:
    """The confirmed revoke whose penalty decided deal ``index``'s game, where the ruleset's revoke penalty scores
    the game lost by the side in error (``points: lost``): its offender and the game as the referee scored it then
    (``game_value.breached``). Of two confirmed in one deal, the one whose points are the deal's with its
    penalties; None where no revoke changed the game (none confirmed, or one after the game was decided)."""
    deal = play.played.get(index)
    if (
        not revoke_penalty.decides_game(revoke_penalty.of(play.rules))
        or deal is None
        or index >= len(play.game.results)
    ):
        return None
    result = play.game.results[index]
    scored = [p + q for p, q in zip(result.points, play.game.penalty_of(index), strict=True)]
    settings = game_value.of(play.rules)
    for flag in play.flags:
        if flag.confirmed and play.game.index_of(flag.deal - 1) == index:
            before = flag.reason.trick if flag.reason is not None else None
            found = game_value.breached(settings, play.rules, deal, flag.seat, before)
            if found is not None and game_value.breach_points(settings, deal, found) == scored:
                return flag.seat, found
    return None


def sheet_game(
    lang: Lang,
    rules: Ruleset,
    deal: Deal | None,
    result: DealResult,
    names: list[str],
    breach: tuple[int, game_value.Outcome] | None = None,
) -> str:
    """A deal's cell in the score sheet's game column: "Ann: ♣ Kreuz Hand, bid 18, won, value 48" and, on a
    Seeger-Fabian list, its list points; "" for a deal entered by its points (the players' columns say them).
    ``breach``: the revoke whose penalty decided the game, where one did (:func:`deciding_breach`: its offender,
    and the game as the referee scored it then), written instead of the game as played."""
    if result.redeal or (deal is not None and deal.redeal and deal.maker is None):
        return lang.gettext(T_SHEET_NOBODY)
    outcome = breach[1] if breach is not None else game_value.outcome(rules, deal) if deal is not None else None
    if deal is None or outcome is None or deal.maker is None:
        return ""
    settings = contracts.of(rules)
    declared = [w for who, w in deal.history if who == deal.maker and contracts.read_declaration(settings, w)[0] >= 0]
    values = {
        "name": names[deal.maker],
        "game": short_game(lang, rules, declared[-1]) if declared else "",
        "bid": lang.number(bidding_phase.value_bid(deal)),
        "value": lang.number(outcome.value),
    }
    if breach is not None:
        values["offender"] = names[breach[0]]
        text = lang.gettext(revoke_words.SHEET_DECIDED[outcome.won]) % values
    else:
        text = lang.gettext(T_SHEET_OVERBID if outcome.overbid else T_SHEET_ROW[outcome.won]) % values
    won, others = game_value.list_points(game_value.of(rules), outcome, len(names))
    if won:
        # Each signed number its own left-to-right isolate in a right-to-left line ("+50", never "50+").
        lri, pdi = ("\u2066", "\u2069") if lang.direction == "rtl" else ("", "")
        numbers = {
            "points": f"{lri}{'+' if won > 0 else '−'}{lang.number(abs(won))}{pdi}",
            "others": f"{lri}+{lang.number(others)}{pdi}",
        }
        text += " · " + lang.gettext(T_SHEET_LIST_WON if won > 0 else T_SHEET_LIST_LOST) % numbers
    return text
