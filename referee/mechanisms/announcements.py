"""Announcements during play, each allowed only while the announcer still holds enough cards.

In Doppelkopf a player of the Re party may say "Re" and a player of the Kontra
party "Kontra" (an Ansage), and then "keine 90", "keine 60", "keine 30" and
"schwarz" (Absagen), each raising what their party needs to win and what the
game is worth (:mod:`referee.mechanisms.party_game` scores them). Each has a
deadline counted in the cards still in the announcer's hand (``play.announcements``):

- ``first``: an Ansage needs at least this many (11: before the player's second card);
- ``steps``: each Absage in turn needs at least this many (10, 9, 8, 7);
- ``reply``: a party answering the other's announcement may still say its own
  Ansage with this many cards fewer than the other party's last step needed (1).

An Absage needs its party's Ansage first, made in time as a first Ansage (a late
reply allows none); a player may skip steps while every skipped step is still in
time, and the skipped steps count as said. Saying one implies saying the steps
before it, so a party never says the same step twice. Saying one also tells the
table the speaker's party, and nothing else: the words a seat may say depend on
its own party only, so offering them reveals nobody's partner.

The engine offers the words at a seat's turn beside its cards
(:meth:`referee.engine.Deal.legal_actions`), and takes them from any seat at any
time of the play (:meth:`referee.engine.Deal.announce`), since the rules let a
player announce out of turn.

Source: Deutscher Doppelkopf-Verband, Turnierspielregeln (Stand 21.02.2026), 6
(An- und Absagen): 6.2.2 (Re or Kontra while holding at least 11 cards), 6.3.2
(an Absage needs the party's own Ansage), 6.3.4 (keine 90 with 10 cards, 60
with 9, 30 with 8, schwarz with 7), 6.4.1 (not only on one's turn), 6.4.3
(skipping steps), 6.4.4 (the reply one card later), 6.4.7 (no step twice).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol, cast

from ..errors import IllegalAction
from ..phases.view import DealState
from ..tables import Caller

if TYPE_CHECKING:
    from ..engine import Deal, Trick
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "announcements"
PATH: Final = ("play", "announcements")

#: The words, as a player types them: each party's Ansage, then the Absagen in order.
PARTY_WORDS: Final = ("re", "kontra")
STEP_WORDS: Final = ("no 90", "no 60", "no 30", "schwarz")

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "Announcements during play (Doppelkopf's Re, Kontra, keine 90, 60, 30, schwarz), each allowed while "
        "the announcer still holds enough cards; scored by `scoring.party_game`."
    ),
    "properties": {
        "first": {
            "type": ["integer", "null"],
            "minimum": 0,
            "default": 0,
            "description": "Cards a player must still hold to say Re or Kontra (Doppelkopf: 11). 0: no announcements.",
        },
        "steps": {
            "type": ["array", "null"],
            "items": {"type": "integer", "minimum": 1},
            "maxItems": 4,
            "default": [],
            "description": (
                "Cards a player must still hold for each further step in turn: keine 90, keine 60, keine 30, "
                "schwarz (Doppelkopf: [10, 9, 8, 7]); fewer entries allow fewer steps."
            ),
        },
        "reply": {
            "type": ["integer", "null"],
            "minimum": 0,
            "default": 0,
            "description": (
                "How many cards fewer than the other party's last step needed a party still may say its own "
                "Re or Kontra in reply (Doppelkopf: 1)."
            ),
        },
    },
}


@dataclass(frozen=True)
class AnnouncementSettings:
    """The ``play.announcements`` settings."""

    first: int = 0
    steps: tuple[int, ...] = ()
    reply: int = 0


def read(data: dict[str, Any]) -> AnnouncementSettings:
    return AnnouncementSettings(
        first=int(data.get("first") or 0),
        steps=tuple(int(n) for n in data.get("steps") or ()),
        reply=int(data.get("reply") or 0),
    )


def active(settings: AnnouncementSettings) -> bool:
    return settings.first > 0


def of(rules: Ruleset) -> AnnouncementSettings:
    """The announcements of a compiled ruleset."""
    return cast(AnnouncementSettings, rules.mechanisms[NAME])


def check(settings: AnnouncementSettings, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    from . import party_game  # the scorer that gives the words their worth

    if not party_game.active(party_game.of(rules)):
        bad(
            (*PATH, "first"), "announcements are scored by a party game (scoring.party_game)", ("scoring", "party_game")
        )
    try:
        most = max(rules.layout(n).hand_size for n in rules.player_counts)
    except ValueError:  # a deal the ruleset cannot make is refused at its own line
        return
    if settings.first > most:
        bad((*PATH, "first"), f"no hand holds {settings.first} cards (at most {most})")
    before = settings.first
    for i, need in enumerate(settings.steps):
        if need > before:
            bad((*PATH, "steps", i), f"a later step cannot need more cards ({need}) than the one before it ({before})")
        before = need


def caller(settings: AnnouncementSettings, rules: Ruleset) -> Caller | None:
    return Announcer(settings) if active(settings) else None


class Announcer(Caller):
    """The words a seat may say now, from its party, the cards it holds and what was said before.

    ``said`` holds every announcement so far as ``(seat, party, word, held)``: ``held``, the cards
    the seat held when it spoke.
    """

    def __init__(self, settings: AnnouncementSettings) -> None:
        self.first = settings.first
        self.steps = settings.steps
        self.reply = settings.reply
        steps = STEP_WORDS[: len(settings.steps)]
        # A step may name its party ("re no 90"): at a real table, a player whose party nobody knows yet
        # says which party's step it is (their partner said "Re" before them).
        self.vocabulary = frozenset(PARTY_WORDS + steps + tuple(f"{p} {w}" for p in PARTY_WORDS for w in steps))

    def party_of(self, word: str) -> int:
        first = word.split(" ", 1)[0]
        return PARTY_WORDS.index(first) if first in PARTY_WORDS else -1

    def bare(self, word: str) -> str:
        """The word without the party a step may name: ``no 90`` for ``re no 90``."""
        return word.split(" ", 1)[1] if " " in word and word.split(" ", 1)[0] in PARTY_WORDS else word

    def words(self, held: int, party: int, said: list[tuple[int, int, str, int]]) -> list[str]:
        if party < 0:  # a seat whose party the table does not know yet: either party's words, steps named
            return [
                w if w in PARTY_WORDS else f"{PARTY_WORDS[p]} {w}" for p in (0, 1) for w in self.words(held, p, said)
            ]
        level, ansage_held = -2, -1  # -2: nothing said; -1: the Ansage only; else the highest step said
        other_need = -1  # the cards the other party's last step needed (-1: it said nothing)
        for _, who, word, then in said:
            step = STEP_WORDS.index(word) if word in STEP_WORDS else -1
            if who == party:
                level = max(level, step)
                if ansage_held < 0:
                    ansage_held = then
            else:
                need = self.first if step < 0 else self.steps[step]
                other_need = need if other_need < 0 else min(other_need, need)
        out: list[str] = []
        if level == -2:
            need = self.first
            if other_need >= 0:  # a reply comes later than a first Ansage may
                need = min(need, other_need - self.reply)
            if held >= need:
                out.append(PARTY_WORDS[party])
            if held < self.first:  # a step needs the Ansage in time as a first one
                return out
        elif ansage_held < self.first:  # the Ansage was a late reply: no steps
            return out
        nxt = max(level, -1) + 1  # the first step not yet said must be in time: later ones need fewer
        if nxt < len(self.steps) and held >= self.steps[nxt]:
            out.extend(STEP_WORDS[i] for i in range(nxt, len(self.steps)) if held >= self.steps[i])
        return out


# -- the deal's side of it: what a seat may say now, and saying it ---------------------------------------


class Speaker(DealState, Protocol):
    """What the announcements read of a deal, and the one change they ask of it (:meth:`_said`); read-only
    properties: this module assigns none of the deal's fields."""

    @property
    def rules(self) -> Ruleset: ...
    @property
    def history(self) -> list[tuple[int | None, str]]: ...
    @property
    def tricks(self) -> list[Trick]: ...
    @property
    def current_trick(self) -> list[tuple[int, str]]: ...

    @property
    def teams(self) -> tuple[int, ...]: ...
    @property
    def clarified(self) -> int: ...
    @property
    def said(self) -> list[tuple[int, int, str, int]]: ...
    @property
    def _caller(self) -> Caller | None: ...
    @property
    def _finding(self) -> int: ...
    @property
    def _plays(self) -> list[tuple[int, int]]: ...
    @property
    def _trick_start(self) -> int: ...

    def _sits_out(self, seat: int) -> bool: ...

    def _played_by(self, seat: int) -> int: ...

    def _said(self, seat: int, party: int, word: str, held: int, action: str) -> None:
        """Record that ``seat`` of ``party`` said ``word`` holding ``held`` cards (``action``: as typed)."""


def held(deal: Deal, seat: int) -> int:
    """How many cards ``seat`` still holds: its hand's size less the cards it has played."""
    played = 0 if deal._sits_out(seat) else len(deal._winners)
    for player, _ in deal._plays[deal._trick_start :]:  # the trick in progress
        if player == seat:
            played += 1
    return max(deal.hand_size - played, 0)


def party(deal: Deal, seat: int) -> int:
    """``seat``'s side as the table may know it: from the cards when they are known, else from what the seat
    said or the side's card it played (-1: not known yet)."""
    if deal.known or deal.contract >= 0:  # a contract's sides are the table's to see (once found)
        return -1 if deal._finding and seat != deal.maker else deal.teams[seat]
    for who, side, _, _ in deal.said:
        if who == seat:
            return side
    maker = deal.plan.side_maker
    if maker is not None and maker.teams([deal._played_by(seat)])[0] == 0:
        return 0
    return -1


def allowed(deal: Deal, seat: int) -> list[str]:
    """What ``seat`` may announce now (nothing outside the play, or without announcements)."""
    caller = deal._caller
    if caller is None or deal.phase != "play" or deal._sits_out(seat) or deal._finding:
        return []  # (a wedding: nothing until the partner is found, then one card later per trick it took)
    cards = held(deal, seat) + max(deal.clarified - 1, 0)
    return caller.words(cards, party(deal, seat), deal.said)


def announce(deal: Deal, seat: int, word: str) -> None:
    """``seat`` says ``word`` (``re``, ``no 90``): at its turn or not, as the rules allow."""
    if word not in allowed(deal, seat):
        if deal._caller is None or word not in deal._caller.vocabulary:
            raise IllegalAction(seat, word, "nothing may be announced in this game", "announce")
        raise IllegalAction(seat, word, f"{word!r} may not be announced now", "announce-late")
    say(deal, seat, word)


def say(deal: Deal, seat: int, word: str) -> None:
    """``seat`` says the allowed ``word`` (unchecked: a replay's)."""
    caller = deal._caller
    assert caller is not None
    side = caller.party_of(word)
    if side < 0:
        side = party(deal, seat)
    deal._said(seat, side, caller.bare(word), held(deal, seat), word)


def parties(said: list[tuple[int, int, str, int]]) -> tuple[tuple[bool, bool], tuple[int, int]]:
    """What each party announced: whether it said its Ansage (a step implies it), and its highest step
    (an index of :data:`STEP_WORDS`, -1: none); Re first."""
    spoke = [False, False]
    levels = [-1, -1]
    for _, party, word, _ in said:
        spoke[party] = True
        if word in STEP_WORDS:
            levels[party] = max(levels[party], STEP_WORDS.index(word))
    return (spoke[0], spoke[1]), (levels[0], levels[1])


def said_before(deal: Deal, seat: int, trick: int) -> list[tuple[int, int, str, int]]:
    """What was announced in ``deal`` before ``seat`` played its card to trick ``trick`` (0 first), each as
    ``(seat, party, word, held)``: what counts against a player who broke a rule with that card (a revoke
    penalty's steps, TSR 9.4.3: "jede Absage, die die Gegenpartei bis zum Eintritt des Regelverstoßes gemacht
    hat"). The deal's history holds the words and the cards in the order they came; every announcement said.
    A trick not finished yet: everything said so far."""
    if trick >= len(deal.tricks) or not active(of(deal.rules)):
        return list(deal.said)
    words = Announcer(of(deal.rules)).vocabulary
    index = deal.rules.deck.index
    cards = [i for i, (who, action) in enumerate(deal.history) if who is not None and action in index]
    plays = sum(len(t.plays) for t in deal.tricks) + len(deal.current_trick)
    position = sum(len(t.plays) for t in deal.tricks[:trick])
    position += next((i for i, (who, _) in enumerate(deal.tricks[trick].plays) if who == seat), 0)
    # The plays are the last cards of the history (cards passed or laid away come before them).
    at = cards[len(cards) - plays + position] if len(cards) >= plays > position else len(deal.history)
    spoken = sum(1 for who, action in deal.history[:at] if who is not None and action in words)
    return list(deal.said[:spoken])


# The functions above take the compiled Deal itself, so that its fields are native reads (a protocol-typed
# argument costs a Python attribute lookup each); what they may read and call is the protocol's, which
# tests/test_deal_interface.py holds them to, and mypy checks here that the deal has it all.
def _deal_is_speaker(deal: Deal) -> Speaker:
    return deal
