"""The kiosk's pure core: a table model and a step function over intents.

No pygame here (a test enforces it). The model is immutable from the outside:
:func:`step` returns a new :class:`Model` and leaves the old one intact, so
undo is simply going back to an earlier model, and a game is a pure function
of its journal of entries.

Intents are one line of text in the operator's notation::

    new hearts Ann Ben Cat Dan      start a game (ruleset id or path, then names)
    new oh-hell 5                   ... or the number of players, named 1 to 5
    dealer 2                        the first dealer (before the first deal)
                                    (in Euchre the first `card` of a deal is the upcard too)
    names Ann Ben Cat Dan           rename the players
    mode quick                      enter deal results only (default: cards)
    upcard 9H                       the turned-up card (Euchre, Oh Hell), or Whist's dealer's
                                    last card, shown for trump; at each deal
    lead 1                          who leads the first trick (holder of 2♣)
    card QS                         the card the seat to act played; `card QS 2` names the seat
    bid order-up | bid call H | bid pass | bid alone | bid partner
    bid 3 | bid nil | bid blind-nil     a bid of tricks (Spades, Oh Hell); `bid n` is nil
    choose old-moon | choose new-moon
    answer yes | answer no          to the kiosk's question ("only hearts left?")
    confirm                         uphold the last open flag: the ruleset's penalty, where it has one
    dismiss                         settle the last open flag without a penalty
    claim 2                         seat 2 takes the remaining tricks
    open JC JS 7H ...               the hand the declarer lays open before the first lead (Skat's
                                    null ouvert): the referee knows it from then on
    score 0 13 5 8                  quick-score: one deal's points per player
    score bid 3 4 nil 5 tricks 4 4 0 5
                                    quick-score in bidding games: each player's bid and
                                    tricks (typed `score 3 4 n 5 / 4 4 0 5` just as well)
    fix 3 0 13 5 8                  quick-score: correct deal 3 (`fix 3 bid ... tricks ...`)
    undo | redo

Refused intents return the same model with ``error`` set: nothing is lost
and nothing is recorded.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from pathlib import Path

from referee import Game, IllegalAction, Note, Reason, Ruleset, RulesetError, load_ruleset
from referee.auction import SAY, read_contract
from referee.bidding import is_trick_bid
from referee.cards import Card
from referee.engine import Deal
from referee.mechanisms import card_contract, compulsory_solo, game_value, party_game, revoke_penalty
from referee.results import (
    ResultError,
    check_bid,
    check_points,
    score_card_deal,
    table_bid,
)
from wording import hook as hook_words
from wording import moon as moon_words
from wording import revoke_penalty as revoke_words
from wording.i18n import N_

MAX_NAME = 24


@dataclass(frozen=True)
class Word:
    """A parameter that is itself a message (a phase name, "seat")."""

    text: str


@dataclass(frozen=True)
class CardRef:
    """A card parameter, named in the operator's language by the view."""

    code: str


@dataclass(frozen=True)
class Choices:
    """Numbers to list with "or" in the operator's language."""

    values: tuple[int, ...]


@dataclass(frozen=True)
class Names:
    """Players' names to list with "and" in the operator's language."""

    values: tuple[str, ...]


@dataclass(frozen=True)
class Booked:
    """Points booked per player (a penalty): each player given any, with the points, signed."""

    values: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Title:
    """A ruleset's title (free text, maybe per language)."""

    value: object


@dataclass(frozen=True)
class BidWord:
    """A bidding word (`order-up`, `call H`), named on the kiosk's buttons."""

    word: str


@dataclass(frozen=True)
class Msg:
    """A message for the operator: an English msgid and its parameters.

    The core stays language-free; the view translates with the catalogs.
    """

    text: str
    params: tuple[tuple[str, object], ...] = ()

    def __str__(self) -> str:
        values = {k: _english(v) for k, v in self.params}
        return self.text % values if values else self.text


def _english(value: object) -> object:
    if isinstance(value, Word):
        return value.text
    if isinstance(value, CardRef):
        return value.code
    if isinstance(value, Choices):
        return " or ".join(map(str, value.values))
    if isinstance(value, Names):
        return ", ".join(value.values)
    if isinstance(value, Booked):
        return ", ".join(f"{name} {points:+d}" for name, points in value.values)
    if isinstance(value, Title):
        return value.value if isinstance(value.value, str) else dict(value.value).get("en", "")  # type: ignore[call-overload]
    if isinstance(value, BidWord):
        return value.word
    return value


def msg(message: str, /, **params: object) -> Msg:
    return Msg(message, tuple(params.items()))


# Why the engine refused a card, by IllegalAction.kind, in the operator's words.
REFUSALS = {
    "already-played": N_("%(card)s has already been played."),
    "not-in-deck": N_("%(card)s is not in the deck."),
    "out-of-play": N_("%(card)s is out of play."),
    "other-hand": N_("%(card)s is in another player's hand."),
    "first-lead": N_("The first lead must be %(opening)s."),
    "not-now": N_("%(card)s cannot be played now."),
    "not-a-card": N_("That is not a card."),
    "deal-over": N_("The deal is over."),
    "leader-first": N_("Say first who leads."),
    "phase": N_("That is not possible now."),
    "claim": N_("A claim is made between tricks."),
    "claim-talon": N_("At a real table the tricks are played out: the skat is seen only at the end."),
    # the sides made by a card (Doppelkopf's queens of clubs) not yet known from the cards played
    "claim-sides": N_("No claim yet: the sides are known only once the cards that make them are played."),
    "chosen": N_("%(card)s is already chosen."),
    "not-in-hand": N_("%(card)s is not in that hand."),
    # the hand laid open in an open game (Skat's null ouvert), entered by the table: see _open
    "not-open": N_("No hand is laid open now to enter."),
    "open-count": N_("Give every card of the hand laid open, each once."),
    "keep-upcard": N_("The card picked up may not be discarded."),
    "follow-suit": N_("%(card)s does not follow suit."),
    "announce": N_("Nothing is announced in this game."),
    "announce-late": N_("That may not be announced now: too late, already said, or not this player's party."),
    "first-trick": N_("%(card)s may not be played to the first trick."),
    "unbroken": N_("%(card)s may not be led yet."),
    "must-trump": N_("%(card)s is not allowed: a player who cannot follow suit must play a trump."),
    "must-overtrump": N_("%(card)s is not allowed: a higher trump must be played."),
    "no-undertrump": N_("%(card)s is not allowed: no lower trump while holding another card."),
    "contract": N_("Bid a contract higher than the last one, or pass."),
}
# Why no card (or no bid) can be entered now, by the deal's phase.
NOT_NOW = {
    "pass": N_("Not now: the players are passing cards."),
    "bid": N_("Not now: the bidding is not finished."),
    "discard": N_("Not now: the dealer is discarding."),
    "play": N_("Not now: the cards are being played."),
    "choose": moon_words.NOT_NOW,
    "done": N_("The deal is over."),
}
MODES = {"cards": N_("entering every card"), "quick": N_("entering deal results only")}


class IntentError(ValueError):
    """An intent the kiosk cannot accept; ``msg`` says why, for the operator."""

    def __init__(self, message: Msg) -> None:
        self.msg = message
        super().__init__(str(message))


@dataclass(frozen=True)
class Flag:
    """A breach of the rules the referee noticed, kept in the game record."""

    deal: int  # 1-based deal number
    seat: int
    card: str
    rule: str
    message: str  # in English, for the record
    confirmed: bool = False
    reason: Reason | None = None  # why the play was wrong (None: the operator said so)
    dismissed: bool = False  # the table decided that no penalty is due
    trick: int | None = None  # the trick of a play the table said was a breach (its "no"), 0 the first

    @property
    def open(self) -> bool:
        """Not settled yet: neither confirmed nor dismissed."""
        return not (self.confirmed or self.dismissed)


@dataclass(frozen=True)
class Question:
    """A yes/no question the rules need answered (e.g. "only hearts left?")."""

    kind: str  # the rule that allows the play only with nothing else: lead-restriction, first-trick, must-trump, ...
    seat: int
    card: str


@dataclass
class Play:
    """The mutable game state behind a model; copied on every step."""

    rules: Ruleset
    ref: str
    names: list[str]
    game: Game
    mode: str = "cards"
    deal: Deal | None = None
    upcard: str | None = None
    flags: list[Flag] = field(default_factory=list)
    question: Question | None = None
    corrections: dict[int, list[int]] = field(default_factory=dict)  # quick-score fixes by deal number
    last_deal: Deal | None = None  # the deal just finished, for the end-of-deal screen
    # Each deal played by cards, by its place in game.results, finished and never changed again: the score sheet
    # asks the referee what it was (a Skat list's game, bid and value); a deal entered by its points has none.
    played: dict[int, Deal] = field(default_factory=dict)
    # Each deal entered by its result in a game of roem, by its place in game.results: each side's roem as the
    # table entered it and the referee took it (the sides numbered as partners sit), for the score sheet.
    entered_roem: dict[int, list[int]] = field(default_factory=dict)
    seen_notes: int = 0

    @property
    def penalties(self) -> list[tuple[int, list[int]]]:
        """(the deal's row on the score sheet, from 1; points per seat) of each confirmed penalty."""
        return [(pen.deal + 1, list(pen.points)) for pen in self.game.penalties]

    @property
    def turns_card(self) -> bool:
        """Whether each deal starts with a card shown to all: an upcard, or the dealer's last card."""
        return self.rules.upcard or self.rules.trump_kind == "dealer-last-card"

    @property
    def trick_bids(self) -> bool:
        """Whether the deal in progress is in a round of bids of tricks (Spades, Oh Hell)."""
        d = self.deal
        return d is not None and d.phase == "bid" and any(map(is_trick_bid, d.legal_actions()))

    def clone(self) -> Play:
        new = copy.copy(self)
        new.game = self.game.copy()
        new.deal = self.deal.copy() if self.deal is not None else None
        new.flags = list(self.flags)
        new.corrections = {k: list(v) for k, v in self.corrections.items()}
        new.played = dict(self.played)
        new.entered_roem = dict(self.entered_roem)
        return new


@dataclass(frozen=True)
class Model:
    """Everything the kiosk knows: the effective entries and the state they make."""

    entries: tuple[str, ...] = ()  # the journal, undo and redo included
    effective: tuple[str, ...] = ()  # what the state is made of
    redo_stack: tuple[str, ...] = ()
    # Earlier models, for undo: left out of repr and ==, which would walk the chain.
    history: tuple[Model, ...] = field(default=(), repr=False, compare=False)
    play: Play | None = None
    error: Msg | None = None  # the last refused intent's message
    notice: Msg | None = None  # what the last accepted intent did


def parse(line: str) -> list[str]:
    """An entry's words; in a result (`score 3 4 / 4 4`, `fix`) a `/` is a word of its own, in a path it is not."""
    words = line.strip().split()
    if not words:
        raise IntentError(msg(N_("empty entry")))
    if words[0].lower() in ("score", "fix"):
        words = line.replace("/", " / ").split()
    return words


def canonical_words(words: list[str]) -> list[str]:
    """The journal's spelling of an entry: `bid n` is `bid nil`; `score 3 n / 4 0` is `score bid 3 nil tricks 4 0`."""
    verb, args = words[0].lower(), words[1:]
    if verb == "bid" and len(args) == 1 and args[0].lower() in ("n", "nil", "bn", "blind-nil"):
        return ["bid", table_bid(args[0])]
    if verb in ("score", "fix") and "/" in args:
        head = args[:1] if verb == "fix" else []
        rest = args[len(head) :]
        cut = rest.index("/")
        bids = [table_bid(b).removeprefix("bid ") for b in rest[:cut]]
        return [verb, *head, "bid", *bids, "tricks", *rest[cut + 1 :]]
    if verb in ("score", "fix") and any(a.lower() == "bid" for a in args):
        return [verb, *[table_bid(a).removeprefix("bid ") if a.lower() in ("n", "bn") else a for a in args]]
    return words


def step(model: Model, line: str) -> Model:
    """The model after ``line``; on a refused intent, the same model with ``error``."""
    try:
        words = parse(line)
        verb = words[0].lower()
        if verb == "undo":
            return _undo(model, line)
        if verb == "redo":
            return _redo(model, line)
        words = canonical_words(words)
        new_play, notice = _apply(model.play, words)
    except IntentError as exc:
        return replace(model, error=exc.msg)
    except ResultError as exc:
        return replace(model, error=result_msg(model.play, exc))
    except IllegalAction as exc:
        return replace(model, error=_refusal(model, exc))
    except RulesetError as exc:
        return replace(model, error=msg(N_("The ruleset cannot be used: %(problem)s"), problem=_one_line(exc)))
    except (ValueError, IndexError) as exc:  # the engine refused something the core did not foresee, or failed:
        # refused, the model as it was (the entry worked on a copy), never a kiosk that stops mid-game
        return replace(model, error=msg(N_("Not possible: %(problem)s"), problem=_one_line(exc)))
    canonical = " ".join(words)
    return Model(
        entries=(*model.entries, canonical),
        effective=(*model.effective, canonical),
        redo_stack=(),
        history=(*model.history, model),
        play=new_play,
        error=None,
        notice=notice,
    )


def _refusal(model: Model, exc: IllegalAction) -> Msg:
    text = REFUSALS.get(exc.kind, REFUSALS["not-now"])
    play = model.play
    opening = play.game.layout.opening_card if play else None
    return msg(
        text,
        card=CardRef(exc.action.upper()) if len(exc.action) == 2 else exc.action,
        opening=CardRef(play.rules.deck.codes[opening]) if play is not None and opening is not None else "",
    )


def _one_line(exc: Exception) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _entry_message(done: str, entry: str, play: Play | None) -> Msg:
    """What an undone or redone entry did, in words: its card, its bid, the player it named; never its syntax."""
    verb, _, rest = entry.partition(" ")
    names = play.names if play is not None else []
    what: object = Word(N_("the last entry"))
    if verb in ("card", "upcard") and rest:
        what = CardRef(rest.split()[0].upper())
    elif verb == "bid" and rest:
        what = BidWord(rest if rest.startswith(("bid ", "call ")) or not rest[:1].isdigit() else f"bid {rest}")
    elif verb in ("lead", "dealer") and rest.isdigit() and int(rest) < len(names):
        text = N_("%(done)s: %(name)s leads.") if verb == "lead" else N_("%(done)s: %(name)s deals.")
        return msg(text, done=Word(done), name=names[int(rest)])
    elif verb == "answer":
        what = Word(N_("the answer"))
    elif verb in ("score", "fix"):
        what = Word(N_("the deal's result"))
    elif verb == "claim":
        what = Word(N_("the claim"))
    return msg(N_("%(done)s: %(entry)s"), done=Word(done), entry=what)


def _undo(model: Model, line: str) -> Model:
    if not model.history:
        return replace(model, error=msg(N_("Nothing to undo.")))
    before = model.history[-1]
    undone = model.effective[-1]
    return replace(
        before,
        entries=(*model.entries, "undo"),
        redo_stack=(undone, *model.redo_stack),
        error=None,
        notice=_entry_message(N_("Undone"), undone, before.play or model.play),
    )


def _redo(model: Model, line: str) -> Model:
    if not model.redo_stack:
        return replace(model, error=msg(N_("Nothing to redo.")))
    again = step(replace(model, redo_stack=()), model.redo_stack[0])
    if again.error:
        return replace(model, error=again.error)
    return replace(
        again,
        entries=(*model.entries, "redo"),
        redo_stack=model.redo_stack[1:],
        notice=_entry_message(N_("Redone"), model.redo_stack[0], again.play),
    )


# Where an entry names a seat by number: the verb and the position of its seat among the words after it.
SEAT_WORDS = {"lead": 0, "claim": 0, "dealer": 0, "card": 1, "announce": 0}


def typed_line(play: Play | None, line: str) -> str:
    """An entry typed at the kiosk's command line, in the journal's notation.

    People count players from 1, as the screen shows them (`lead 2` is the second
    player); the journal, scripts and buttons count seats from 0.
    """
    words = line.split()
    where = SEAT_WORDS.get(words[0].lower()) if words else None
    if (
        play is not None
        and len(words) > 2
        and words[0].lower() == "score"
        and words[-2].lower() == compulsory_solo.SOLO_WORD
        and words[-1].isdigit()
        and play.game.duty is not None
    ):  # a row's soloist, where compulsory solos are owed: `score -1 3 -1 -1 solo 2`
        words[-1] = str(_int(words[-1], Word(N_("player number")), 1, play.game.players) - 1)
        return " ".join(words)
    if play is not None and words and words[0].lower() in ("score", "fix"):
        # A card-point contract's result starts with who chose trump (after the deal's number in a fix).
        where = (1 if words[0].lower() == "fix" else 0) if card_contract.active(card_contract.of(play.rules)) else None
    if play is None or where is None or len(words) <= where + 1 or not words[where + 1].lstrip("-").isdigit():
        return line
    players = play.game.players
    number = _int(words[where + 1], Word(N_("player number")), 1, players)
    words[where + 1] = str(number - 1)
    return " ".join(words)


def replay(lines: list[str] | tuple[str, ...]) -> Model:
    """The model a journal makes (undo and redo entries included)."""
    model = Model()
    for line in lines:
        model = step(model, line)
    return replace(model, error=None)


# -- applying one intent -------------------------------------------------------


def _apply(play: Play | None, words: list[str]) -> tuple[Play, Msg]:
    verb, args = words[0].lower(), words[1:]
    if verb == "new":
        return _new_game(args)
    if play is None:
        raise IntentError(msg(N_("start a game first: new RULESET NAME NAME ...")))
    p = play.clone()
    # A flag raised in the game's last deal is still settled once the game is over.
    if p.game.is_over and verb not in ("fix", "confirm", "dismiss"):
        raise IntentError(msg(N_("the game is over")))
    handler = {
        "dealer": _dealer,
        "names": _names,
        "mode": _mode,
        "upcard": _upcard,
        "lead": _lead,
        "card": _card,
        "bid": _bid,
        "choose": _choose,
        "answer": _answer,
        "confirm": _confirm,
        "dismiss": _dismiss,
        "claim": _claim,
        "open": _open,
        "announce": _announce,
        "score": _score,
        "fix": _fix,
    }.get(verb)
    if handler is None:
        raise IntentError(msg(N_("unknown entry %(verb)s"), verb=verb))
    notice = handler(p, args)
    return p, notice


def _new_game(args: list[str]) -> tuple[Play, Msg]:
    if not args:
        raise IntentError(msg(N_("new RULESET NAME NAME ...: which ruleset?")))
    ref, names = args[0], args[1:]
    rules = load_ruleset(Path(ref) if ref.endswith((".yaml", ".yml")) else ref)
    players = len(names) or rules.default_players
    if len(names) == 1 and names[0].isdigit():  # `new oh-hell 5`: five players, named 1 to 5
        players, names = int(names[0]), []
    if players not in rules.player_counts:
        raise IntentError(
            msg(
                N_("%(ruleset)s is for %(counts)s players, not %(players)s."),
                ruleset=Title(rules.title),
                counts=Choices(rules.player_counts),
                players=players,
            )
        )
    names = [n[:MAX_NAME] for n in names] or [f"{i + 1}" for i in range(players)]
    game = Game(rules, players=players, seed=0, dealer=0, unknown_hands=True)
    return Play(rules, ref, names, game), msg(N_("New game of %(ruleset)s."), ruleset=Title(rules.title))


def _int(text: str, what: Word, low: int, high: int) -> int:
    try:
        value = int(text)
    except ValueError:
        if not text:
            raise IntentError(
                msg(N_("Which %(what)s? Give a number from %(low)s to %(high)s."), what=what, low=low, high=high)
            ) from None
        raise IntentError(msg(N_("%(what)s must be a number, not “%(text)s”."), what=what, text=text)) from None
    if not low <= value <= high:
        raise IntentError(
            msg(
                N_("%(what)s must be from %(low)s to %(high)s, not %(value)s"),
                what=what,
                low=low,
                high=high,
                value=value,
            )
        )
    return value


def _seat(p: Play, text: str) -> int:
    """A seat as entered: its number in the journal's counting (from 0), or the player's name (any case).

    The command line counts players from 1, as people do; see :func:`typed_line`.
    """
    if text and not text.lstrip("-").isdigit():
        named = [i for i, name in enumerate(p.names) if name.casefold() == text.casefold()]
        if len(named) == 1:
            return named[0]
        raise IntentError(
            msg(
                N_("No player is called “%(text)s”; the players are %(names)s."),
                text=text,
                names=Names(tuple(p.names)),
            )
        )
    return _int(text, Word(N_("seat")), 0, p.game.players - 1)


def _dealer(p: Play, args: list[str]) -> Msg:
    if p.game.results or (p.deal is not None and p.deal.history) or p.upcard is not None:
        raise IntentError(msg(N_("the dealer can only be set before the first deal")))
    seat = _seat(p, args[0] if args else "")
    p.game.set_first_dealer(seat)
    p.deal = None  # an untouched deal is dealt again by the new dealer
    return msg(N_("dealer: %(name)s"), name=p.names[seat])


def _names(p: Play, args: list[str]) -> Msg:
    if len(args) != p.game.players:
        raise IntentError(msg(N_("give %(n)s names, one per player"), n=p.game.players))
    p.names = [a[:MAX_NAME] for a in args]
    return msg(N_("Players: %(names)s"), names=", ".join(p.names))


def _mode(p: Play, args: list[str]) -> Msg:
    mode = args[0] if args else ""
    if mode not in ("cards", "quick"):
        raise IntentError(msg(N_("mode cards or mode quick")))
    if p.deal is not None and p.deal.history:
        raise IntentError(msg(N_("finish or undo the deal in progress first")))
    p.mode = mode
    p.deal = None
    return msg(N_("Mode: %(mode)s."), mode=Word(MODES[mode]))


def _ensure_deal(p: Play) -> Deal:
    """The deal in progress, starting one when the rules allow."""
    if p.deal is not None:
        return p.deal
    if p.mode != "cards":
        raise IntentError(msg(N_("Quick score: enter each deal's result, not its cards.")))
    if p.turns_card and p.upcard is None:
        raise IntentError(msg(N_("Enter the upcard first.")))
    _settled_first(p)
    stock = [p.upcard] if p.upcard else None
    p.deal = p.game.new_deal(stock=stock)
    return p.deal


def _upcard(p: Play, args: list[str]) -> Msg:
    if not p.turns_card:
        raise IntentError(msg(N_("this game turns up no card")))
    if p.deal is not None:
        raise IntentError(msg(N_("the upcard is entered before the bidding")))
    code = _card_code(p, args)
    deck = p.rules.deck
    if not p.game.layout.deck & deck.all_copies(1 << deck.index[code]):
        raise IntentError(msg(N_("%(card)s is not in the deck."), card=CardRef(code)))
    p.upcard = code
    _ensure_deal(p)
    return msg(N_("Upcard: %(card)s."), card=CardRef(code))


# How to write a card of each pack: for the entry that names none, and the one that names what is none.
WHICH_CARD = {"french": N_("which card? e.g. card QS"), "italian": N_("which card? e.g. card CB")}
NOT_A_CARD = {
    "french": N_("%(text)s is not a card: write the rank, then the suit (QS, 10H)."),
    "italian": N_(
        "%(text)s is not a card: write the rank (A, 2-7, F fante, C cavallo, R re), "
        "then the suit (C coppe, D denari, S spade, B bastoni): AD, CB."
    ),
}


def _card_code(p: Play, args: list[str]) -> str:
    """The code of the card ``args[0]`` names in the game's pack (a French pack also reads ``10H``, ``q♠``)."""
    deck = p.rules.deck
    if not args:
        raise IntentError(msg(WHICH_CARD[deck.pack]))
    if deck.pack == "french":
        try:
            return str(Card.parse(args[0]))
        except ValueError:
            pass
    else:
        index = deck.read(args[0])
        if index >= 0:
            return deck.codes[index]
    raise IntentError(msg(NOT_A_CARD[deck.pack], text=args[0]))


def _lead(p: Play, args: list[str]) -> Msg:
    deal = _ensure_deal(p)
    seat = _seat(p, args[0] if args else "")
    if deal.phase != "play" or deal.to_act is not None:
        raise IntentError(msg(N_("the leader is asked only at the start of play")))
    deal.apply(f"leader {seat}")
    return msg(N_("%(name)s leads"), name=p.names[seat])


def _card(p: Play, args: list[str]) -> Msg:
    if p.question is not None:
        raise IntentError(msg(N_("Answer the question first: yes or no.")))
    if p.turns_card and p.upcard is None and p.deal is None and p.mode == "cards":
        return _upcard(p, args[:1])  # the first card entered in a deal is the upcard
    deal = _ensure_deal(p)
    code = _card_code(p, args)
    if deal.phase != "play":
        raise IntentError(msg(NOT_NOW[deal.phase]))
    if deal.to_act is None:
        raise IntentError(msg(N_("Who leads? Tap the player or press their number.")))
    seat = deal.to_act
    if len(args) > 1 and _seat(p, args[1]) != seat:
        raise IntentError(
            msg(N_("not %(name)s's turn: %(name2)s plays now"), name=p.names[_seat(p, args[1])], name2=p.names[seat])
        )
    deal.apply(code)
    _take_notes(p, deal)
    notice = msg(N_("%(name)s played %(card)s."), name=p.names[seat], card=CardRef(code))
    if deal.tricks and not deal.current_trick and deal.history[-1][1] == code:
        notice = msg(
            N_("%(name)s played %(card)s; %(winner)s wins the trick."),
            name=p.names[seat],
            card=CardRef(code),
            winner=p.names[deal.tricks[-1].winner],
        )
    _after_action(p)
    return notice


def _take_notes(p: Play, deal: Deal) -> None:
    """Turn the engine's new notes into flags and questions."""
    notes: list[Note] = deal.notes
    number = p.game.number + 1
    # A play the table already called a breach by its "no" (not following in trick t) is one breach: the referee
    # still knows only that the seat did not follow there, and flags its later card of that suit as a revoke of t.
    answered = {(f.seat, f.trick) for f in p.flags if f.deal == number and f.trick is not None}
    for note in notes[p.seen_notes :]:
        if note.kind == "flag" and note.reason is not None and (note.seat, note.reason.trick) in answered:
            continue
        if note.kind == "flag":
            p.flags.append(Flag(number, note.seat, note.card, note.rule, note.message, reason=note.reason))
        elif note.kind == "assumption":
            p.question = Question(note.rule, note.seat, note.card)
    p.seen_notes = len(notes)


def _answer(p: Play, args: list[str]) -> Msg:
    if p.question is None:
        raise IntentError(msg(N_("there is no question to answer")))
    word = args[0].lower() if args else ""
    if word not in ("yes", "no"):
        raise IntentError(msg(N_("answer yes or answer no")))
    q = p.question
    p.question = None
    if word == "no":
        trick = None
        if p.deal is not None:
            p.deal.withdraw(q.seat, q.card)
            # The question follows its card at once: the card is in the trick in progress or the one it ended.
            tricks = [*(t.plays for t in p.deal.tricks), tuple(p.deal.current_trick)]
            trick = next((i for i in range(len(tricks) - 1, -1, -1) if (q.seat, q.card) in tricks[i]), None)
        text = f"{p.names[q.seat]} played {q.card} while holding another card they could have played"
        p.flags.append(Flag(p.game.number + 1, q.seat, q.card, q.kind, text, trick=trick))
        return msg(N_("flagged"))
    return msg(N_("noted"))


def _last_open_flag(p: Play) -> int:
    open_flags = [i for i, f in enumerate(p.flags) if f.open]
    if not open_flags:
        raise IntentError(msg(N_("There is no open flag.")))
    return open_flags[-1]


def _settled_first(p: Play) -> None:
    """Refuse to start the next deal while a flag of the deal just scored waits for the table's decision.

    Every flag is settled on its deal: by the ruleset's penalty where it has one, else by the table,
    which upholds or dismisses it (the entry is in the journal, the decision in the game record).
    A penalty belongs to its deal, and the table sees it on the deal's summary before going on.
    """
    if any(f.open and f.deal == p.game.number for f in p.flags):
        if revoke_penalty.active(revoke_penalty.of(p.rules)):
            raise IntentError(msg(revoke_words.SETTLE_FIRST))
        raise IntentError(msg(revoke_words.SETTLE_FIRST_NO_PENALTY))


def _dismiss(p: Play, args: list[str]) -> Msg:
    i = _last_open_flag(p)
    p.flags[i] = replace(p.flags[i], dismissed=True)
    return msg(revoke_words.DISMISSED, name=p.names[p.flags[i].seat])


def _confirm(p: Play, args: list[str]) -> Msg:
    i = _last_open_flag(p)
    flag = p.flags[i]
    # The deal's points, once it is scored: a penalty of `points: all` is reckoned from them.
    scored = [r.points for r in p.game.results if r.number == flag.deal - 1 and not r.redeal]
    penalty = revoke_penalty.of(p.rules)
    if revoke_penalty.needs_deal(penalty) and not scored:
        raise IntentError(msg(revoke_words.NOT_YET))
    # The deal itself, for a penalty that scores it lost by the offender's side (`points: lost`) or that
    # differs in a deal played alone (`alone_points`): the deal just scored, or the one in play.
    deal = p.last_deal if scored and p.game.results[-1].number == flag.deal - 1 else None
    if deal is None and not scored and flag.deal == p.game.number + 1:
        deal = p.deal
    if deal is None and revoke_penalty.needs_cards(penalty):
        raise IntentError(msg(revoke_words.NOT_YET))
    p.flags[i] = replace(flag, confirmed=True)
    index = p.game.index_of(flag.deal - 1)  # the flag's deal's row (a deal thrown in may share its number)
    given = [pen.points for pen in p.game.penalties if pen.deal == index]
    before = flag.reason.trick if flag.reason is not None else None  # the breach's trick: was the game decided?
    # the running scores, which a penalty that keeps the side in error from winning by its deal needs (Whist)
    points = revoke_penalty.booked(
        p.rules, p.game.layout, flag.seat, scored[-1] if scored else None, given, deal, before, p.game.scores
    )
    if points is None:  # the table upheld the flag; the game's rules give no points for it
        return msg(revoke_words.UPHELD, name=p.names[flag.seat])
    p.game.add_penalty(points, index)  # a penalty can decide the game as much as a deal can
    # As the referee booked it: to whom, how many (issue 20: "penalty applied" said neither).
    given_now = Booked(tuple((p.names[s], n) for s, n in enumerate(points) if n))
    return msg(revoke_words.APPLIED, name=p.names[flag.seat], points=given_now)


def _bid(p: Play, args: list[str]) -> Msg:
    deal = _ensure_deal(p)
    if deal.phase != "bid":
        raise IntentError(msg(NOT_NOW[deal.phase]))
    word = " ".join(args).lower()
    if word.startswith("call "):
        word = "call " + word[5:].upper()
    elif word.startswith("solo ") and len(word.split()) == 3 and len(word) - word.rfind(" ") == 2:  # `solo suit H`
        word = word[:-1] + word[-1].upper()
    elif read_contract("bid " + word.removeprefix("bid ")) is not None:  # a contract: 7h, 7nt
        word = "bid " + word.removeprefix("bid ").upper()
    elif word.isdigit() and any(w.startswith(SAY) for w in deal.legal_actions()):  # a ladder's value: `bid 20`
        word = SAY + word
    seat = deal.to_act
    assert seat is not None
    if p.trick_bids:
        word = table_bid(word)
        # The referee's own check, for a reason in the operator's words (the hook, the range).
        check_bid(p.rules, p.game.players, deal.hand_size, deal.bids, seat, word, deal.teams)
    deal.apply(word)
    _after_action(p)
    if word == "nil":
        return msg(N_("%(name)s bids nil."), name=p.names[seat])
    if word == "blind-nil":
        return msg(N_("%(name)s bids blind nil."), name=p.names[seat])
    if is_trick_bid(word):
        return msg(N_("%(name)s bids %(count)s."), name=p.names[seat], count=int(word[4:]))
    return msg(N_("%(name)s: %(bid)s."), name=p.names[seat], bid=BidWord(word))


def _choose(p: Play, args: list[str]) -> Msg:
    deal = _ensure_deal(p)
    if deal.phase != "choose":
        raise IntentError(msg(N_("there is no choice to make now")))
    deal.apply(" ".join(args).lower())
    _after_action(p)
    return msg(moon_words.SCORED)


def _announce(p: Play, args: list[str]) -> Msg:
    """``announce SEAT WORD``: a player announces (Doppelkopf's ``re``, ``no 90``), in turn or not."""
    deal = _ensure_deal(p)
    if deal.phase != "play":
        raise IntentError(msg(NOT_NOW[deal.phase]))
    seat = _seat(p, args[0] if args else "")
    word = " ".join(args[1:]).lower()
    deal.announce(seat, word)
    return msg(N_("%(name)s announces %(word)s."), name=p.names[seat], word=BidWord(word))


def _claim(p: Play, args: list[str]) -> Msg:
    deal = _ensure_deal(p)
    seat = _seat(p, args[0] if args else "")
    deal.claim(seat)
    _after_action(p)
    return msg(N_("%(name)s takes the remaining tricks"), name=p.names[seat])


def _open(p: Play, args: list[str]) -> Msg:
    """The cards of the hand laid open (referee.mechanisms.contracts: an open game), entered once before the first
    lead: the referee then refuses its cards to the others and any other card to its player, and flags a revoke."""
    deal = _ensure_deal(p)
    shown = deal.open_hands()
    if not shown:
        raise IllegalAction(None, "open", "no hand is laid open now", "not-open")
    deal.lay_open(shown[0], [_card_code(p, [word]) for word in args])
    return msg(N_("The hand %(name)s lays open is entered: the referee knows it."), name=p.names[shown[0]])


def open_to_enter(play: Play | None) -> int | None:
    """The seat whose hand lies open (referee.mechanisms.contracts: Skat's null ouvert) and is still to be entered
    by the table, before the first lead; None where there is none (no open game, entered, or a card played)."""
    deal = play.deal if play is not None else None
    if deal is None or deal.played or deal.phase != "play":
        return None
    shown = deal.open_hands()
    if not shown:
        return None
    viewer = (shown[0] + 1) % deal.players  # another seat: what the table sees of the open hand
    return shown[0] if deal.seen_by(viewer)[shown[0]] is None else None


def laid_card(play: Play, laid: list[str], text: str) -> str:
    """The code of one more card of the open hand the table enters (:func:`open_to_enter`), ``laid`` the cards
    entered so far: a card of the game's pack, in play, not entered more often than the pack holds it, and no more
    cards than the hand holds. The referee checks the whole hand again when it is confirmed (``open ...``)."""
    deal, seat = play.deal, open_to_enter(play)
    if deal is None or seat is None:
        raise IntentError(msg(REFUSALS["not-open"]))
    code = _card_code(play, [text])
    deck = play.rules.deck
    first = deck.index.get(code, -1)
    if first < 0 or not play.game.layout.deck & deck.all_copies(1 << first):
        raise IntentError(msg(REFUSALS["not-in-deck"], card=CardRef(code)))
    if laid.count(code) >= deck.copies:
        raise IntentError(msg(REFUSALS["chosen"], card=CardRef(code)))
    if len(laid) >= deal.held(seat):
        raise IntentError(
            msg(N_("The hand laid open holds %(count)s cards: confirm it, or take one back."), count=len(laid))
        )
    return code


def _after_action(p: Play) -> None:
    """Close a finished deal: score it and get ready for the next."""
    deal = p.deal
    if deal is None or deal.phase != "done":
        return
    p.game.finish_deal(deal)
    p.played[len(p.game.results) - 1] = deal
    p.last_deal = deal
    p.deal = None
    p.upcard = None
    p.seen_notes = 0


# -- quick-score -------------------------------------------------------------------

# Why a deal's result or a bid is refused, by referee.results.ResultError.kind.
RESULT_REFUSALS = {
    "count": N_("give %(n)s numbers, one per player"),
    "bids-needed": N_("Enter each player's bid, then / and the tricks each took: score %(example)s"),
    "points-needed": N_("Enter each player's points: score %(example)s"),
    "partners": N_("partners score the same: give both the same points"),
    "party-scores": N_(
        "Two players score the game value and two lose it, or one player scores it three times over and the "
        "other three lose it once: score 3 -3 3 -3, score -6 2 2 2"
    ),
    # a declarer's game value (Skat): referee.mechanisms.game_value.row_problem's kinds
    "one-declarer": N_("Only the declarer scores in a deal: the game value won, or lost (negative); 0 for the others."),
    "game-value": N_("No game of %(ruleset)s is worth %(value)s."),
    "lost-value": N_("A game lost counts %(times)s times its value: %(points)s is not that for any game."),
    "one-side": N_("only one side scores in a deal"),
    "a-side-scores": N_("One side scores in every deal of this game."),
    "side-points": N_("A side scores %(allowed)s points in a deal, not %(points)s."),
    "total": N_("The points add up to %(total)s; a deal of %(ruleset)s gives %(allowed)s."),
    "impossible": N_("No deal of %(ruleset)s can end with these points."),
    "points-range": N_("A player scores from %(low)s to %(high)s points in a deal of %(ruleset)s, not %(points)s."),
    **revoke_words.REFUSALS,
    "no-bids": N_("This game has no bids of tricks."),
    "not-a-bid": N_("“%(text)s” is not a bid: give a number of tricks."),
    "no-nil": N_("This game has no nil bid."),
    "no-blind-nil": N_("This game has no blind nil bid."),
    "hook": hook_words.REFUSED,
    "range": N_("%(name)s may bid from %(low)s to %(high)s tricks, not %(bid)s."),
    "side-max": N_("%(name)s and partner may bid at most %(most)s tricks together."),
    "bid-not-now": N_("%(name)s cannot bid that now."),
    "bid-count": N_("give %(n)s bids, one per player"),
    "trick-count": N_("give %(n)s numbers of tricks, one per player"),
    "tricks-range": N_("Tricks must be from 0 to %(high)s, not %(tricks)s."),
    "tricks-total": N_("The tricks add up to %(total)s; this deal has %(tricks)s tricks."),
    "card-deal-needed": N_("Enter who chose trump, each side's card points and each side's roem: score %(example)s"),
    "card-total": N_("The card points add up to %(total)s; a deal of %(ruleset)s holds %(allowed)s."),
    "roem": N_("No roem adds up to %(roem)s."),
    "all-tricks": N_("A side that took no trick has no card points and no roem."),
    "side": N_("Name the side that took every trick by its number, 0 to %(last)s."),
    "seat": N_("Name the player who chose trump by their seat number, 0 to %(last)s."),
}


def result_msg(play: Play | None, exc: ResultError) -> Msg:
    """A refused result or bid, in the operator's words."""
    params: dict[str, object] = {}
    for key, value in exc.params.items():
        params[key] = Choices(tuple(value)) if isinstance(value, tuple) else value
    if play is not None:
        params["ruleset"] = Title(play.rules.title)
        seat = exc.params.get("seat")
        if seat is None and play.deal is not None:
            seat = play.deal.to_act
        params["name"] = play.names[seat] if isinstance(seat, int) else ""
        params["example"] = quick_example(play)
    text = RESULT_REFUSALS.get(exc.kind)
    if text is None:
        return msg(N_("Not possible: %(problem)s"), problem=_one_line(exc))
    return msg(text, **params)


def quick_example(play: Play) -> str:
    """A sample quick-score entry for this game: the points, or the bids and tricks."""
    n = play.game.players
    if card_contract.active(card_contract.of(play.rules)):  # who chose trump, card points, roem
        total = sum(play.game.layout.points) + play.rules.deal_extra()
        first = total // 2 + 1
        return f"1 {first} {total - first} roem 20 0"  # typed: players count from 1 (see typed_line)
    if party_game.active(party_game.of(play.rules)):  # the game value, signed per player (Doppelkopf)
        duty = play.game.duty
        if duty is not None and duty.forced >= 0:  # the Vorführung: the row names the soloist (from 1)
            row = ["3" if s == duty.forced else "-1" for s in range(n)]
            return " ".join([*row, compulsory_solo.SOLO_WORD, str(duty.forced + 1)])
        return "3 3 -3 -3"
    if game_value.active(game_value.of(play.rules)):  # the declarer's game value (Skat): the least won
        return " ".join([str(game_value.game_values(play.rules)[0]), *["0"] * (n - 1)])
    if play.rules.bid_scoring is None:
        return " ".join(["0"] * n)
    hand = play.game.layout.hand_size_of(min(play.game.number, max(0, len(play.game.layout.schedule) - 1)))
    tricks = [hand // n + (1 if s < hand % n else 0) for s in range(n)]
    return " ".join(map(str, tricks)) + " / " + " ".join(map(str, tricks))


def _score(p: Play, args: list[str]) -> Msg:
    if p.mode != "quick":
        raise IntentError(msg(N_("enter cards, or switch with mode quick")))
    _settled_first(p)
    if p.rules.bid_scoring is not None:
        bids, tricks = _bids_and_tricks(p, args)
        p.game.record_bids(bids, tricks)
    elif card_contract.active(card_contract.of(p.rules)):
        points, melds = _card_deal(p, args)
        p.game.record_deal(points)
        p.entered_roem[len(p.game.results) - 1] = melds
    else:
        args, solo = _soloist(p, args)
        points = _points(p, args)
        _check_points(p, points)
        p.game.record_deal(points, solo=solo)
    p.last_deal = None
    return msg(N_("deal scored"))


def _soloist(p: Play, args: list[str]) -> tuple[list[str], int]:
    """A row's ``solo N`` at its end, where the game owes compulsory solos: who played a solo (-1: none). The
    referee counts the round from it (referee.mechanisms.compulsory_solo) and says who must play one."""
    duty = p.game.duty
    if duty is None:
        return args, -1
    solo = -1
    if len(args) >= 2 and args[-2].lower() == compulsory_solo.SOLO_WORD:
        solo = _seat(p, args[-1])
        args = args[:-2]
    if duty.forced >= 0 and solo != duty.forced:
        raise IntentError(
            msg(
                N_("%(name)s must play a solo in this deal (the Vorführung): end the row with solo %(number)s"),
                name=p.names[duty.forced],
                number=duty.forced + 1,
            )
        )
    return args, solo


def _check_points(p: Play, points: list[int]) -> None:
    """A deal's points as the game's score sheet keeps them: the referee says (referee.results.check_points)."""
    check_points(p.rules, p.game.players, points)


def _points(p: Play, args: list[str]) -> list[int]:
    n = p.game.players
    if args and args[0].lower() == "bid":
        raise ResultError("points-needed", "this game is scored from points")
    if len(args) != n:
        raise IntentError(msg(N_("give %(n)s numbers, one per player"), n=n))
    try:
        return [int(a) for a in args]
    except ValueError:
        raise IntentError(msg(N_("points must be whole numbers"))) from None


def _card_deal(p: Play, args: list[str]) -> tuple[list[int], list[int]]:
    """``ANN 90 72 roem 20 0 [pit]``: who chose trump, each side's card points and roem, and a pit; the points
    per seat, and each side's roem as entered.

    Scored by the referee (:func:`referee.results.score_card_deal`): the sides are numbered as
    partners sit, seat 1's side first; ``pit`` gives the side that took every trick.
    """
    words = [a.lower() for a in args]
    pit = "pit" in words
    words = [w for w in words if w != "pit"]
    if len(words) != 6 or words[3] != "roem":
        raise ResultError("card-deal-needed", "give who chose trump, each side's card points and roem")
    maker = _seat(p, args[0])
    try:
        cards = [int(words[1]), int(words[2])]
        melds = [int(words[4]), int(words[5])]
    except ValueError:
        raise IntentError(msg(N_("points must be whole numbers"))) from None
    all_taken_by = None
    if pit:  # the side with every card point took every trick
        all_taken_by = 0 if cards[1] == 0 and melds[1] == 0 else 1
    return score_card_deal(p.rules, p.game.players, maker, cards, melds, all_taken_by), melds


def _bids_and_tricks(p: Play, args: list[str]) -> tuple[list[str], list[int]]:
    """``bid 3 4 nil 5 tricks 4 4 0 5``: each player's bid, then each player's tricks."""
    words = [a.lower() for a in args]
    if not words or words[0] != "bid" or "tricks" not in words:
        raise ResultError("bids-needed", "give each player's bid and tricks")
    cut = words.index("tricks")
    bids, tricks = words[1:cut], words[cut + 1 :]
    try:
        numbers = [int(t) for t in tricks]
    except ValueError:
        raise IntentError(msg(N_("tricks must be whole numbers"))) from None
    return bids, numbers


def _fix(p: Play, args: list[str]) -> Msg:
    if p.mode != "quick":
        raise IntentError(msg(N_("corrections are for quick-score games")))
    number = _int(args[0] if args else "", Word(N_("deal")), 1, max(1, len(p.game.results)))
    if p.rules.bid_scoring is not None:
        bids, tricks = _bids_and_tricks(p, args[1:])
        result = p.game.correct_bids(number - 1, bids, tricks)
        points = list(result.points)
    elif card_contract.active(card_contract.of(p.rules)):
        points, melds = _card_deal(p, args[1:])
        p.game.correct(number - 1, points)
        p.entered_roem[number - 1] = melds
    else:
        points = _points(p, args[1:])
        _check_points(p, points)
        p.game.correct(number - 1, points)
    p.corrections[number] = points
    p.played.pop(number - 1, None)  # the deal's points are the table's now, no longer the cards'
    return msg(N_("deal %(number)s corrected"), number=number)
