"""The talon on the rule page (:mod:`referee.mechanisms.talon`, Skat's skat): where it is dealt, how many cards
lie in it, and what the declarer does with it.

Its words: :mod:`wording.talon`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, talon
from wording import talon as words

from ..terms import Builder, Clause, DealOrder, Number, Words, clause, declarer_games

MECHANISM: Mechanism = talon
WORDS: Words = words


def _in_packets(rules: Ruleset, settings: talon.Talon) -> bool:
    """Whether the talon is dealt between two rounds of packets (Skat's "3, skat, 4, 3")."""
    return bool(rules.packets and talon.active(settings) and settings.after_packet)


def packets(rules: Ruleset) -> list[Clause] | None:
    """How the cards go round, where the talon is dealt between two rounds of packets."""
    settings = talon.of(rules)
    if not rules.packets or not _in_packets(rules, settings):
        return None
    order = DealOrder(tuple(rules.packets), settings.after_packet)
    return [clause("deal.packets-talon", settings.size, order=order, talon=Number(settings.size, "count"))]


def left_over(rules: Ruleset) -> list[Clause]:
    """The cards left over, where the dealing order has not said them."""
    settings = talon.of(rules)
    if not talon.active(settings) or _in_packets(rules, settings):
        return []
    return [clause("deal.talon", settings.size, talon=Number(settings.size, "count"))]


def taken(rules: Ruleset) -> list[Clause]:
    """What the declarer does with the talon: picks it up and lays cards away, or plays a hand game."""
    skat = talon.of(rules)
    if not (declarer_games(rules) and talon.active(skat)):
        return []
    return [clause("declare.talon.hand" if skat.hand else "declare.talon", skat.size, cards=Number(skat.size, "count"))]


PLACES: dict[str, Builder] = {"deal.packets": packets, "deal.cards": left_over, "bid.after-rounds": taken}
