"""A real table's unknown hands: what the cards played prove, beside the deal.

At a real table the referee sees only the cards that land. A :class:`Deal` with
unknown hands keeps an :class:`Observer` beside it: the deal says what happened
(a card played, the upcard picked up or turned down, a card shown) and the
observer keeps what that proves about each hand. A seat that did not follow a
suit provably holds none of it; a play that the rules allow only with nothing
else in hand (a heart led before hearts are broken, a penalty card on the first
trick) is taken at its word as an *assumption*. A later play that contradicts
what is proven is a *flag*: a revoke, with the reason as data.

One revoke is one flag. A seat that showed out of a suit and then plays two
more cards of it has revoked once, not three times: the later plays of that
suit have the same reason, so they add no flag (a table charges one penalty
for the revoke, see :func:`referee.mechanisms.revoke_penalty.booked`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

from .cards import cards_in

#: The suit of a :class:`Reason` when the suit led was the trumps of a contract that makes them a suit of their
#: own (a grand, a queens solo): not a suit of the pack.
TRUMPS: Final = "*"


@dataclass(frozen=True)
class Reason:
    """Why a seat provably does not hold a card, as data (a UI words it).

    ``cause`` is ``showed-out`` (did not follow ``suit`` in trick ``trick``), or
    ``held`` (did not follow ``suit`` while provably holding ``card``), or the
    cause of a rule of play that allows ``card`` in trick ``trick`` only without
    certain cards (``first-trick``, ``lead-restriction``, ``trumping``: see
    :class:`Assuming`); ``claimed`` is then what the play claimed, in English.
    """

    cause: str
    trick: int
    suit: str | None = None
    card: str | None = None
    claimed: str = ""  # a rule's assumption: what the play claimed ("led QH before it was broken, ...")

    def text(self, seat: int) -> str:
        if self.claimed:
            return f"seat {seat} {self.claimed}"
        if self.cause == "held":
            return f"seat {seat} did not follow {self.suit} while holding {self.card}"
        return f"seat {seat} showed out of {self.suit} in trick {self.trick + 1}"


class Assuming(Protocol):
    """A rule of play that allows a card only without certain others (:class:`referee.playing.PlayRule`): what
    the observer records when such a card is played at a real table."""

    @property
    def cause(self) -> str:
        """The reason's cause, which a screen words (``first-trick``, ``lead-restriction``, ``trumping``)."""
        ...

    def assumption(self, seat: int, code: str) -> str:
        """The note's sentence: ``seat`` may play ``code`` only without the cards the rule names."""
        ...

    def claimed(self, code: str, trick: int) -> str:
        """What playing ``code`` in ``trick`` (0 the first) claimed, after "seat N"."""
        ...


@dataclass(frozen=True)
class Note:
    """Something the referee noticed in a deal with unknown hands.

    ``kind`` is ``"flag"`` for a proven breach of the rules, or ``"assumption"``
    for a play that is legal only if the seat held certain cards; a later play
    that contradicts an assumption raises a flag.
    """

    kind: str
    seat: int
    card: str
    trick: int
    rule: str
    message: str
    reason: Reason | None = None  # for a flag: what made the play provably wrong


class Observer:
    """What a table with unknown hands has proven about each seat's hand."""

    def __init__(self, players: int) -> None:
        self.absent = [0] * players  # cards each seat provably does not hold
        self.reasons: list[dict[int, Reason]] = [{} for _ in range(players)]  # per seat: card -> why absent
        self.held = [0] * players  # cards only this seat can play (the upcard the dealer picked up)
        self.owns = [0] * players  # cards this seat provably holds now (an upcard it may not discard)
        self.out = 0  # cards provably out of play (a turned-down upcard)
        self.whole = [False] * players  # per seat: its whole hand is known (laid open: ``owns`` is every card)
        self.notes: list[Note] = []
        self.flagged: set[tuple[int, Reason]] = set()  # (seat, reason) of each revoke flagged
        # The play being proven is of the last trick: every hand holds the one card it plays, so the play assumes
        # nothing (Klaverjassen asked "no other card the rules allowed?" of the last card of a hand).
        self.last = False

    def copy(self) -> Observer:
        new = Observer(len(self.absent))
        new.absent, new.held, new.owns = list(self.absent), list(self.held), list(self.owns)
        new.reasons = [dict(r) for r in self.reasons]
        new.out, new.notes = self.out, list(self.notes)
        new.whole = list(self.whole)
        new.flagged = set(self.flagged)
        return new

    # -- what the deal tells the observer ------------------------------------------------

    def shown(self, seat: int, card: int) -> None:
        """``seat`` showed ``card`` and keeps it (Whist's turned trump card)."""
        self.held[seat] |= 1 << card
        self.owns[seat] |= 1 << card

    def laid_open(self, seat: int, cards: int) -> None:
        """``seat`` laid its whole hand, ``cards``, open (a contract played open, Skat's null ouvert): nobody else
        can play them, and it can play no other card; not following a suit it shows is a revoke."""
        self.held[seat] |= cards
        self.owns[seat] |= cards
        self.whole[seat] = True

    def picked_up(self, dealer: int, card: int, may_discard: bool) -> None:
        """The dealer took the upcard: nobody else can play it, and it stays unless it may be discarded."""
        self.held[dealer] |= 1 << card
        if not may_discard:
            self.owns[dealer] |= 1 << card

    def turned_down(self, card: int) -> None:
        """The upcard was turned down: it is out of play."""
        self.out |= 1 << card

    def played(self, seat: int, card: int, code: str, trick: int) -> None:
        """``seat`` played ``card``: a flag if it was proven absent; it no longer holds it.

        What the play proves besides is for each rule of play to say (see
        :mod:`referee.playing`): they call :meth:`prove_absent`,
        :meth:`assume` and :meth:`flag_held`.
        """
        if self.absent[seat] >> card & 1:
            reason = self.reasons[seat][card]
            message = f"seat {seat} played {code}, but {reason.text(seat)}"
            self._flag(Note("flag", seat, code, trick, "revoke", message, reason))
        self.owns[seat] &= ~(1 << card)

    def withdraw(self, seat: int, card: str) -> None:
        """Forget the assumption ``seat``'s play of ``card`` made (see :meth:`Deal.withdraw`)."""
        for c, reason in list(self.reasons[seat].items()):
            if reason.card == card and reason.claimed:  # an assumption the play made, not a proof
                self.absent[seat] &= ~(1 << c)
                del self.reasons[seat][c]

    # -- what the deal asks the observer ----------------------------------------------------

    def playable(self, seat: int, unseen: int) -> int:
        """The cards ``seat`` may still play: unseen, in play, and not proven in another hand (of a hand laid
        open, only its cards)."""
        if self.whole[seat]:
            return unseen & self.owns[seat]
        taken = self.out
        for other, cards in enumerate(self.held):
            if other != seat:
                taken |= cards
        return unseen & ~taken

    def refusal(self, seat: int, card: int, code: str) -> tuple[str, str] | None:
        """Why ``seat`` provably cannot play ``card``: a kind and a sentence, or None."""
        if self.out >> card & 1:
            return "out-of-play", f"{code} is out of play"
        if any(cards >> card & 1 for other, cards in enumerate(self.held) if other != seat):
            return "other-hand", f"{code} is known to be in another hand"
        if self.whole[seat] and not self.owns[seat] >> card & 1:
            return "not-in-hand", f"{code} is not in the hand laid open"
        return None

    # -- recording --------------------------------------------------------------------------

    def assume(self, seat: int, code: str, trick: int, rule: Assuming, ruled_out: int) -> None:
        """A play ``rule`` allows only if ``seat`` held none of ``ruled_out``: note it, and take it at its word. A
        hand's last card (:attr:`last`) had no other beside it: nothing to note."""
        if self.last:
            return
        cause = rule.cause
        self.notes.append(Note("assumption", seat, code, trick, cause, rule.assumption(seat, code)))
        self.prove_absent(seat, ruled_out, Reason(cause, trick, card=code, claimed=rule.claimed(code, trick)))

    def flag_held(self, seat: int, code: str, trick: int, suit: str, held: str) -> None:
        """``seat`` played ``code`` off suit while provably holding ``held`` of the led ``suit``."""
        reason = Reason("held", trick, suit, held)
        self._flag(Note("flag", seat, code, trick, "revoke", reason.text(seat), reason))

    def _flag(self, note: Note) -> None:
        """Record a revoke, unless it is one already flagged: one breach is one flag.

        A revoke is its seat and its reason: each later card of a suit the seat
        showed out of repeats the same revoke. Not following a suit while
        holding the same known card is the same revoke too, whatever the trick.
        """
        reason = note.reason
        assert reason is not None
        key = Reason(reason.cause, -1, reason.suit, reason.card) if reason.cause == "held" else reason
        if (note.seat, key) in self.flagged:
            return
        self.flagged.add((note.seat, key))
        self.notes.append(note)

    def prove_absent(self, seat: int, cards: int, why: Reason) -> None:
        """``seat`` provably holds none of ``cards``, for the reason ``why``."""
        new = cards & ~self.absent[seat]
        self.absent[seat] |= cards
        for c in cards_in(new):
            self.reasons[seat][c] = why
