"""The rules of play as components: following suit, the opening lead, the first-trick limit, lead restrictions.

Each rule owns, in one class, everything the project does with it:

- which cards it allows (it narrows a mask of candidate cards),
- why it refuses a card (a kind for translation and a sentence),
- what a play it allows only in some hands proves at a real table, where the
  hands are unknown (it tells the :class:`~referee.observer.Observer`),
- the clause kind the rule page states it with (``clause``: the page compiler
  looks up how to say it in ``generator.clauses.PLAY_CLAUSES``).

A :class:`~referee.engine.Deal` compiles its ruleset's rules into two lists,
one for leads and one for following, and loops over them. A rule whose
narrowing would leave nothing leaves the mask as it was, so a player is never
stuck: with only hearts and Q♠ in hand, anything may be played to the first
trick.
"""

from __future__ import annotations

from .deck import Deck
from .observer import TRUMPS, Observer, Reason
from .tables import Layout, Restriction, TrumpTable


class PlayRule:
    """One rule of play (the base class allows everything and proves nothing)."""

    clause = ""  # the rule page's clause kind
    kind = ""  # the refusal's kind, for translation
    cause = ""  # at a real table, the cause of a revoke against what a play it allows claimed (Reason.cause)
    unknown_hands = False  # whether it narrows plays even where hands are unknown
    restricts_void = False  # whether it binds a player who cannot follow suit (the page then says so)
    #: whether it is the plain duty to follow suit and nothing more: a deal whose only rule for following
    #: it is narrows the plays itself, without the loop over the rules (the engine's hottest step)
    follows_suit_only = False

    def narrow_lead(self, hand: int, mask: int, trick: int, first: bool, broken: int) -> int:
        """The cards a leader may lead, from ``mask`` (already narrowed by earlier rules)."""
        return mask

    def narrow_follow(
        self, hand: int, mask: int, follow: int, trick: int, led: int, seat: int, partner: int, win_key: int
    ) -> int:
        """The cards ``seat`` may play to the trick, from ``mask`` (already narrowed by earlier rules).

        ``follow``: the hand's cards of the led (effective) suit ``led``; the trick's best card so far has
        key ``win_key`` (see :class:`~referee.tables.TrumpTable`); ``partner``: 1 where the seat's partner
        in this deal (the deal's own sides, ``Deal.teams``) is winning the trick, 0 where it is not, -1 where
        the table does not know the sides yet (a real table, before the cards that make them are played).
        """
        return mask

    def refuse_lead(self, card: int, code: str, trick: int, first: bool, broken: int) -> str:
        """Why ``card`` may not be led, or "" if this rule does not forbid it."""
        return ""

    def refuse_follow(
        self, card: int, code: str, hand: int, follow: int, trick: int, led: int, seat: int, partner: int, win_key: int
    ) -> str:
        """Why ``card`` may not be played to a trick, or "" (the arguments as for :meth:`narrow_follow`)."""
        return ""

    def refusal_kind(self, why: str) -> str:
        """The kind of a refusal this rule gave, for translation (one kind per rule unless it says more)."""
        return self.kind

    def assumption(self, seat: int, code: str) -> str:
        """At a real table: the note that ``seat`` may play ``code`` only without the cards this rule names."""
        return f"seat {seat} may play {code} only without other cards"

    def claimed(self, code: str, trick: int) -> str:
        """What playing ``code`` in ``trick`` claimed (after "seat N"), the reason of a later revoke against it."""
        return f"played {code} in trick {trick + 1}, claiming no other card"

    def infer_lead(self, seen: Observer, seat: int, card: int, code: str, trick: int, first: bool, broken: int) -> bool:
        """Tell the observer what leading ``card`` proves; True stops the later rules."""
        return False

    def infer_follow(
        self,
        seen: Observer,
        seat: int,
        card: int,
        code: str,
        trick: int,
        led: int,
        off_suit: bool,
        partner: int,
        win_key: int,
    ) -> None:
        """Tell the observer what playing ``card`` to a trick led in suit ``led`` proves (before it counts)."""


class FollowSuit(PlayRule):
    """Players must follow the led suit (by a card's effective suit) if they can."""

    clause = "play.follow"
    kind = "follow-suit"
    follows_suit_only = True

    def __init__(self, table: TrumpTable, layout: Layout, deck: Deck) -> None:
        self.table = table
        self.layout = layout
        self.deck = deck

    def narrow_follow(
        self, hand: int, mask: int, follow: int, trick: int, led: int, seat: int, partner: int, win_key: int
    ) -> int:
        return follow if follow else mask

    def refuse_follow(
        self, card: int, code: str, hand: int, follow: int, trick: int, led: int, seat: int, partner: int, win_key: int
    ) -> str:
        what = self.deck.suits[led] if led < len(self.deck.suits) else "trump"
        return f"must follow suit ({what} was led)" if follow and not follow >> card & 1 else ""

    def infer_follow(
        self,
        seen: Observer,
        seat: int,
        card: int,
        code: str,
        trick: int,
        led: int,
        off_suit: bool,
        partner: int,
        win_key: int,
    ) -> None:
        if not off_suit:
            return
        suit = self.table.eff_mask[led]
        letter = self.deck.suits[led] if led < len(self.deck.suits) else TRUMPS  # trumps as a suit of their own
        if seen.owns[seat] & suit:  # did not follow while provably holding the suit
            seen.flag_held(seat, code, trick, letter, self.deck.codes[_lowest(seen.owns[seat] & suit)])
        seen.prove_absent(seat, suit & self.layout.deck, Reason("showed-out", trick, letter))


class OpeningLead(PlayRule):
    """The holder of the lowest card of a suit leads the first trick, with that card, suit or anything."""

    clause = "play.lead-card"
    kind = "first-lead"
    unknown_hands = True  # a table must also open with it

    def __init__(self, allowed: int, forced: bool, text: str) -> None:
        self.allowed = allowed  # what the opening leader may lead
        self.forced = forced  # exactly one card: its play proves nothing
        self.text = text

    def narrow_lead(self, hand: int, mask: int, trick: int, first: bool, broken: int) -> int:
        # The opening lead narrows the hand; the first-trick and lead limits
        # still apply to what it leaves (they matter when any card may open).
        if first and hand & self.allowed:
            return mask & self.allowed
        return mask

    def refuse_lead(self, card: int, code: str, trick: int, first: bool, broken: int) -> str:
        return f"the first lead must be {self.text}" if first else ""

    def infer_lead(self, seen: Observer, seat: int, card: int, code: str, trick: int, first: bool, broken: int) -> bool:
        return first and self.forced


class FirstTrickLimit(PlayRule):
    """Some cards may not be led or discarded to the first trick, unless the hand holds nothing else."""

    clause = "play.first-trick"
    kind = "first-trick"
    cause = "first-trick"

    def __init__(self, forbid: int, deck_mask: int) -> None:
        self.forbid = forbid
        self.deck_mask = deck_mask

    def _narrow(self, mask: int, trick: int) -> int:
        if trick == 0:
            narrowed = mask & ~self.forbid
            if narrowed:
                return narrowed
        return mask

    def narrow_lead(self, hand: int, mask: int, trick: int, first: bool, broken: int) -> int:
        return self._narrow(mask, trick)

    def narrow_follow(
        self, hand: int, mask: int, follow: int, trick: int, led: int, seat: int, partner: int, win_key: int
    ) -> int:
        return mask if follow else self._narrow(mask, trick)

    def refuse_lead(self, card: int, code: str, trick: int, first: bool, broken: int) -> str:
        return f"{code} may not be led to the first trick" if trick == 0 and self.forbid >> card & 1 else ""

    def refuse_follow(
        self, card: int, code: str, hand: int, follow: int, trick: int, led: int, seat: int, partner: int, win_key: int
    ) -> str:
        forbidden = not follow and trick == 0 and self.forbid >> card & 1
        return f"{code} may not be played to the first trick" if forbidden else ""

    def _assume(self, seen: Observer, seat: int, card: int, code: str, trick: int) -> None:
        if trick == 0 and self.forbid >> card & 1:
            seen.assume(seat, code, trick, self, self.deck_mask & ~self.forbid)

    def assumption(self, seat: int, code: str) -> str:
        return f"seat {seat} may play {code} to the first trick only with no other card"

    def claimed(self, code: str, trick: int) -> str:
        return f"played {code} to the first trick, claiming no other card"

    def infer_lead(self, seen: Observer, seat: int, card: int, code: str, trick: int, first: bool, broken: int) -> bool:
        self._assume(seen, seat, card, code, trick)
        return False

    def infer_follow(
        self,
        seen: Observer,
        seat: int,
        card: int,
        code: str,
        trick: int,
        led: int,
        off_suit: bool,
        partner: int,
        win_key: int,
    ) -> None:
        if off_suit:
            self._assume(seen, seat, card, code, trick)


class LeadRestriction(PlayRule):
    """Cards that may not be led until broken (hearts in Hearts, spades in Spades)."""

    clause = "play.lead-restriction"
    kind = "unbroken"
    cause = "lead-restriction"

    def __init__(self, index: int, restriction: Restriction, deck_mask: int) -> None:
        self.bit = 1 << index  # its bit in the deal's broken mask
        self.restriction = restriction  # as the ruleset wrote it, for the rule page
        self.cards = restriction.cards
        self.lift_if_only = restriction.lift_if_only
        self.deck_mask = deck_mask

    def narrow_lead(self, hand: int, mask: int, trick: int, first: bool, broken: int) -> int:
        if broken & self.bit:
            return mask
        narrowed = mask & ~self.cards
        return narrowed if narrowed and narrowed & ~self.lift_if_only else mask

    def refuse_lead(self, card: int, code: str, trick: int, first: bool, broken: int) -> str:
        unbroken = not broken & self.bit and self.cards >> card & 1
        return f"{code} may not be led until broken" if unbroken else ""

    def assumption(self, seat: int, code: str) -> str:
        return f"seat {seat} may lead {code} before it is broken only with nothing else to lead"

    def claimed(self, code: str, trick: int) -> str:
        return f"led {code} before it was broken, claiming nothing else"

    def infer_lead(self, seen: Observer, seat: int, card: int, code: str, trick: int, first: bool, broken: int) -> bool:
        if not broken & self.bit and self.cards >> card & 1:
            seen.assume(seat, code, trick, self, self.deck_mask & ~self.cards & ~self.lift_if_only)
        return False


def partner_winning(teams: tuple[int, ...], seat: int, win_seat: int) -> int:
    """Whether ``seat``'s partner in the deal (``teams``: the deal's sides) is winning the trick: 1 or 0; -1 where
    the sides are not known yet (``teams`` empty: a real table before the cards that make them are played)."""
    if not teams:
        return -1
    return 1 if win_seat >= 0 and win_seat != seat and teams[win_seat] == teams[seat] else 0


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def compile_rules(
    layout: Layout, table: TrumpTable, deck: Deck, must_lead: str, suit: int
) -> tuple[list[PlayRule], list[PlayRule], list[PlayRule]]:
    """The rules of one deal: (lead filters, lead inferences, follow rules), each in the order they apply.

    ``must_lead`` and ``suit`` are the opening lead's ``play.opening_lead``
    settings; ``table`` is the deal's trump table.
    """
    opening: list[PlayRule] = []
    if layout.opening_card is not None:
        if must_lead == "that-card":
            text = deck.codes[layout.opening_card]
        elif must_lead == "that-suit":
            text = f"a card of suit {deck.suits[suit]}"
        else:
            text = "any card"
        forced = layout.opening_mask.bit_count() == 1
        opening.append(OpeningLead(layout.opening_mask, forced, text))
    first: list[PlayRule] = []
    if layout.first_trick_forbid:
        first.append(FirstTrickLimit(layout.first_trick_forbid, layout.deck))
    restrictions: list[PlayRule] = [LeadRestriction(i, r, layout.deck) for i, r in enumerate(layout.restrictions)]
    lead_filters = opening + first + restrictions
    lead_inferences = opening + restrictions + first  # as a table notes them: the restriction first
    follow: list[PlayRule] = [FollowSuit(table, layout, deck), *first]
    return lead_filters, lead_inferences, follow
