"""Promoted trumps on the rule page (:mod:`referee.mechanisms.promoted`): the cards raised above the trump suit,
the trump suit's own cards after them, the other suits' order without them, and the Dulle.

Its words: :mod:`wording.promoted`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, promoted
from wording import promoted as words

from ..terms import Builder, Clause, Ranks, Words, cards, clause, ranks_by_strength

MECHANISM: Mechanism = promoted
WORDS: Words = words


def rank_order(rules: Ruleset) -> list[Clause] | None:
    """Nothing where the deck's order would be said: the other suits' order follows the promoted trumps, in play."""
    return [] if promoted.active(promoted.of(rules)) else None


def trump_order(rules: Ruleset) -> list[Clause] | None:
    """The promoted cards' order, the trump suit's own cards after them, and the other suits without them."""
    if not promoted.active(promoted.of(rules)):
        return None
    trumps = ranks_by_strength(rules, trump=True)
    raised = promoted.of(rules).cards
    pack = rules.deck.pack
    out = [clause("play.promoted", cards=cards(rules, raised, "a"))]
    # The trump suit's own cards after them (whichever suit is trump: a rank promoted in every suit,
    # as Skat's jacks, leaves it; one promoted in some suits only, as Doppelkopf's ♥10, stays).
    own = tuple(r for r in trumps if not all(r + s in raised for s in rules.deck.suits))
    out.append(clause("play.promoted-then", ranks=Ranks(own, pack)))
    # The other suits: their ranks without those promoted in every suit; a suit that lost a card more says so.
    plain = tuple(r for r in ranks_by_strength(rules) if not all(r + s in raised for s in rules.deck.suits))
    fixed = rules.deck.suits[rules.trump_suit] if rules.trump_kind == "fixed" and rules.trump_suit is not None else ""
    short = [
        (suit, tuple(r + suit for r in plain if r + suit in raised))
        for suit in rules.deck_suits
        if suit != fixed and any(r + suit in raised for r in plain)
    ]
    if not short:
        return [*out, clause("play.promoted-plain", ranks=Ranks(plain, pack)), *_dulle(rules)]
    # a suit short of a card (Doppelkopf's hearts without the Dulle): said with the order, in one sentence
    for suit, lost in short:
        left = tuple(r for r in plain if r + suit not in raised)
        said = {"suit": cards(rules, (suit,), "plural"), "short": Ranks(left, pack), "cards": cards(rules, lost, "a")}
        out.append(clause("play.promoted-plain.short", ranks=Ranks(plain, pack), **said))
    return out + _dulle(rules)


def _dulle(rules: Ruleset) -> list[Clause]:
    """The highest of the promoted trumps named as its players name it, with the rule for its two copies."""
    dulle = promoted.of(rules).dulle
    return [clause("play.promoted-dulle", card=cards(rules, (dulle,), "a"))] if dulle else []


PLACES: dict[str, Builder] = {"deck.order": rank_order, "play.trump-order": trump_order}
