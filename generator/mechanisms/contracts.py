"""Contracts a player chooses on the rule page (:mod:`referee.mechanisms.contracts`): the solos announced before
play (Doppelkopf), or the game the auction's winner declares (Skat), each with its trumps and its order; and
what a declared game changes in play: who leads, which cards are trumps, no duty to trump.

Its words: :mod:`wording.contracts`.
"""

from __future__ import annotations

from typing import Any

from referee import Ruleset
from referee.mechanisms import Mechanism, card_sides, compulsory_solo, contracts, game_value, promoted
from wording import contracts as words

from ..terms import (
    Builder,
    Clause,
    Contract,
    Number,
    Parts,
    Points,
    Ranks,
    Words,
    cards,
    clause,
    declarer_games,
    ladder,
    ranks_by_strength,
)

MECHANISM: Mechanism = contracts
WORDS: Words = words


def reservation(rules: Ruleset) -> list[Clause]:
    """The contracts a player may announce before play, each with its trumps."""
    settings = contracts.of(rules)
    if not contracts.active(settings) or settings.chosen != "reservation":
        return []
    duty = compulsory_solo.of(rules)
    parties = ".re" if card_sides.active(card_sides.of(rules)) else ""  # the soloist's party named (Re)
    if compulsory_solo.active(duty):  # the priorities, not the first named; who leads: the compulsory solo's
        out = [clause("bid.reservation.priority"), clause("bid.reservation-alone" + parties)]
    else:
        out = [clause("bid.reservation.throw-in" if settings.unnamed == "throw-in" else "bid.reservation")]
        alone = "bid.reservation-alone.leads" if settings.leads == "declarer" else "bid.reservation-alone"
        out.append(clause(alone + parties))
    raised = promoted.of(rules).cards
    pack = rules.deck.pack
    for i, kind in enumerate(settings.kinds):
        name = Contract(f"{contracts.SOLO} {kind.id}")
        trumps = kind.trumps if kind.trumps is not None else raised
        if kind.partner_within:  # a wedding: the player's partner found in play
            name = Contract(kind.id)
            holding = cards(rules, (kind.holding,), "both")
            count = Number(kind.partner_within, "count")
            partner = "contract.partner.ranked" if compulsory_solo.active(duty) else "contract.partner"
            out.append(clause(partner, kind.partner_within, name=name, both=holding, count=count))
        elif kind.suit == "any":  # the suit named takes the place of the normal game's (a fixed one: checked)
            suit = cards(rules, (rules.deck.suits[rules.trump_suit or 0],), "plural")
            out.append(clause("contract.suit", name=name, suit=suit))  # its other trumps: the play section's
            out.extend(_suit_short(rules, name, raised))
        elif trumps and kind.suit == "none":
            # the suits' own order changes with the cards made trumps (a queens solo's suits run A 10 K J 9)
            ranks = Ranks(_plain_order(rules, contracts.table(settings, i, rules, None)), pack)
            out.append(clause("contract.trumps", name=name, cards=cards(rules, trumps, "a"), ranks=ranks))
        elif kind.suit == "none":
            ranks = Ranks(ranks_by_strength(rules), pack)
            out.append(clause("contract.no-trumps", name=name, ranks=ranks))
        else:
            suit = cards(rules, (kind.suit,), "plural")
            out.append(clause("contract.fixed-suit", name=name, suit=suit, cards=cards(rules, trumps, "a")))
    return out


def _suit_short(rules: Ruleset, name: Contract, raised: tuple[str, ...]) -> list[Clause]:
    """For a suit named trump whose own card is among the trumps above it (a heart solo's ♥10, the Dulle),
    the suit's cards that follow below them: the play section's order is the normal trump suit's."""
    trumps = ranks_by_strength(rules, trump=True)
    own = [r for r in trumps if not all(r + s in raised for s in rules.deck.suits)]  # (as the play section)
    out = []
    for suit in rules.deck_suits:
        above = tuple(r + suit for r in own if r + suit in raised)
        if above:
            left = tuple(r for r in own if r + suit not in raised)
            out.append(
                clause(
                    "contract.suit-short",
                    name=name,
                    suit=cards(rules, (suit,), "plural"),
                    cards=cards(rules, above, "a"),
                    ranks=Ranks(left, rules.deck.pack),
                )
            )
    return out


def declaration(rules: Ruleset) -> list[Clause]:
    """The game the auction's winner declares (``chosen: declarer``): each kind of game with its trumps and
    order, and what a hand game may announce (the talon taken up: the talon's; the least a game of fixed value
    is worth: the game value's)."""
    if not declarer_games(rules):
        return []
    settings = contracts.of(rules)
    out = [clause("declare.game")]
    pack = rules.deck.pack
    # the kinds whose trump suit is a suit's own, with the same cards above it: one sentence for them all
    by_suit = [k for k in settings.kinds if k.suit in rules.deck_suits and k.goal == "tricks"]
    said: dict[str, Contract] = {}  # an open kind says "as" the kind it opens
    if by_suit:
        index = next(i for i, k in enumerate(settings.kinds) if k is by_suit[0])
        table = contracts.table(settings, index, rules, rules.deck.suits.find(by_suit[0].suit))
        trumps = [c for c in range(len(table.eff_suit)) if table.eff_suit[c] == table.trump]
        trumps = [c for c in trumps if rules.full_deck >> c & 1]
        trumps.sort(key=lambda c: -table.power[c])
        raised = by_suit[0].trumps or ()
        own = tuple(rules.deck.codes[c][:-1] for c in trumps if rules.deck.codes[c] not in raised)
        out.append(
            clause(
                "declare.suit-games",
                len(trumps),
                suits=cards(rules, tuple(k.suit for k in by_suit), "plural", "or"),
                cards=cards(rules, raised, "a"),
                ranks=Ranks(own, pack),
                count=Number(len(trumps), "count"),
            )
        )
    # the order of the suits that are not trumps, said after the games with trumps and before those without,
    # which have an order of their own (a reader must not take it for null's)
    plain_said = not any(k.trumps for k in settings.kinds if k.goal == "tricks")
    for i, kind in enumerate(settings.kinds):
        if kind in by_suit:
            continue
        if not plain_said and not kind.trumps:
            out.append(_plain_order_clause(rules, settings))
            plain_said = True
        name = Contract(f"{contracts.SOLO} {kind.id}")
        same = next((said[k.id] for k in settings.kinds[:i] if k.id in said and _same_play(k, kind)), None)
        if kind.open and same is not None:
            out.append(clause("declare.open-as", name=name, other=same))
            continue
        said[kind.id] = name
        table = contracts.table(settings, i, rules, None)
        ranks = Ranks(_plain_order(rules, table), pack)
        if kind.goal == "no-tricks":
            out.append(clause("declare.no-tricks", name=name, ranks=ranks))
        elif kind.trumps and by_suit and kind.trumps == by_suit[0].trumps:  # the suit games' top trumps alone
            out.append(
                clause("declare.trumps-only.same", len(kind.trumps), name=name, count=Number(len(kind.trumps), "count"))
            )
        elif kind.trumps:
            out.append(clause("contract.trumps", name=name, cards=cards(rules, kind.trumps, "a"), ranks=ranks))
        else:
            out.append(clause("contract.no-trumps", name=name, ranks=ranks))
        if kind.open:
            out.append(clause("declare.open", name=name))
    if not plain_said:
        out.append(_plain_order_clause(rules, settings))
    levels = [level for level in settings.levels if level in LEVEL_PARTS]
    if levels:
        worth = game_value.of(rules)
        total = sum(rules.layout(rules.default_players).points) + rules.deal_extra()
        parts = tuple(clause(LEVEL_PARTS[level], need=Points(total - worth.schneider, eyes=True)) for level in levels)
        out.append(clause("declare.levels", levels=Parts(parts, "or")))
    return out


def _plain_order_clause(rules: Ruleset, settings: contracts.Contracts) -> Clause:
    """The order of the suits that are not trumps in the games with trumps (Skat's Fehlfarben)."""
    plain = contracts.table(settings, next(i for i, k in enumerate(settings.kinds) if k.trumps), rules, None)
    return clause("declare.plain-order", ranks=Ranks(_plain_order(rules, plain), rules.deck.pack))


#: What a hand game's declarer may announce (``trump.contracts.levels``), each as a phrase of declare.levels.
LEVEL_PARTS = {
    "schneider": "part.level-schneider",
    "schwarz": "part.level-schwarz",
    "ouvert": "part.level-ouvert",
}


def _same_play(a: contracts.Kind, b: contracts.Kind) -> bool:
    """Whether two contracts are played alike but for laying the cards open (null and null ouvert)."""
    return (a.trumps, a.suit, a.order, a.goal) == (b.trumps, b.suit, b.order, b.goal)


def _plain_order(rules: Ruleset, table: Any) -> tuple[str, ...]:
    """The ranks of a suit that is not trump, in a contract's trump table, from the highest."""
    suit = next(s for s in range(len(rules.deck.suits)) if rules.deck.suits[s] in rules.deck_suits)
    if table.trump == suit:
        suit = next(s for s in range(len(rules.deck.suits)) if rules.deck.suits[s] in rules.deck_suits and s != suit)
    codes = [c for c in range(len(table.eff_suit)) if table.eff_suit[c] == suit and rules.full_deck >> c & 1]
    codes.sort(key=lambda c: -table.power[c])
    return tuple(dict.fromkeys(rules.deck.codes[c][:-1] for c in codes))  # each rank once, of a pack's copies


def rank_order(rules: Ruleset) -> list[Clause] | None:
    """Nothing where the deck's order would be said: each game declared says its own (see :func:`declaration`)."""
    return [] if declarer_games(rules) else None


def lead(rules: Ruleset) -> list[Clause] | None:
    """Forehand (Vorhand) leads, whoever declares (Skat)."""
    if rules.opening_by == "left-of-dealer" and ladder(rules) and declarer_games(rules):
        return [clause("play.lead-left-of-dealer.forehand")]
    return None


def trumps(rules: Ruleset) -> list[Clause] | None:
    """Following suit, and what wins a trick, where the game declared decides the trumps (Skat)."""
    if rules.trump_kind != "none" or not declarer_games(rules):
        return None
    return [
        clause("play.follow-bound"),
        clause("play.trump-declared"),
        *_raised_clauses(rules),
        clause("play.winner-trump"),
        clause("play.trumping-none"),
    ]


def _raised_clauses(rules: Ruleset) -> list[Clause]:
    """The cards a declared game raises above its trump suit (Skat's jacks), named as the contracts list them,
    with the games that raise them and those that do not (null): they follow trumps, never their own suit."""
    kinds = contracts.of(rules).kinds
    raised = next((k.trumps for k in kinds if k.trumps and k.suit in rules.deck_suits), None)
    if not raised:
        return []
    suit_games = any(k.trumps == raised and k.suit in rules.deck_suits for k in kinds)
    alone = tuple(Contract(f"{contracts.SOLO} {k.id}") for k in kinds if k.trumps == raised and k.suit == "none")
    without = tuple(Contract(f"{contracts.SOLO} {k.id}") for k in kinds if not k.trumps)
    if not (suit_games and alone and without):  # said as cards raised above the trump suit in every game
        return [clause("play.promoted", cards=cards(rules, raised, "a"))]
    return [
        clause(
            "play.trump-declared-raised.games",
            len(raised),
            cards=cards(rules, raised, "a"),
            games=Parts(alone),
            others=Parts(without, "or"),
        )
    ]


def trump_fixed(rules: Ruleset) -> list[Clause] | None:
    """A fixed trump suit, with contracts of other trumps (Doppelkopf's solos): the normal game's."""
    if not contracts.active(contracts.of(rules)):
        return None
    return [clause("play.trump-fixed.normal", suit=cards(rules, (rules.deck.suits[rules.trump_suit or 0],), "plural"))]


PLACES: dict[str, Builder] = {
    "deck.order": rank_order,
    "bid.before-rounds": reservation,
    "bid.after-rounds": declaration,
    "play.lead": lead,
    "play.trumps": trumps,
    "play.trump-fixed": trump_fixed,
}
