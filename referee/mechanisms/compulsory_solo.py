"""A compulsory solo in every round: each player must play one solo a round, and their first one is it.

Doppelkopf's tournament rules split the solos (:mod:`referee.mechanisms.contracts`) in two. In a round
(Runde) of 24 deals every player owes one compulsory solo (Pflichtsolo); a player's first solo of the
round is it, and any later one is a voluntary solo (Lustsolo). A wedding is neither, nor is a silent one
(a player dealt both queens of clubs who says nothing): only a contract anyone may announce (no
``holding``) is a solo here.

- Priority among the reservations (Vorbehalte): a compulsory solo wins over a voluntary one, which wins
  over a wedding; of two equal ones, the first from the dealer's left.
- In a compulsory solo the soloist leads (kommt raus), and the deal does not count toward the round: the
  same dealer deals again. In a voluntary solo the player left of the dealer leads (``voluntary_leads``),
  and the deal counts. A round is therefore 24 deals plus the compulsory solos played of their own accord.
- The Vorführung: once the round's deals still to play are no more than the players still owing a
  compulsory solo, the first of them from the dealer's left is "vorgeführt": they must play a solo of
  their choice, nobody may take it from them, they lead, and the deal counts (the dealer passes on).

Every part of this is derived from the deals played (:func:`duty`: who played a solo in each deal, and
who dealt it), never kept apart: a game resumed from a journal, one scored by quick-score rows (the table
says who played a solo) and a club's tally all see the same round.

The settings (``trump.contracts.compulsory``): ``round``, the deals a round counts (0 or absent: no
compulsory solos); ``extra_deal``: whether a compulsory solo is dealt again by the same dealer without
counting; ``voluntary_leads``: who leads a voluntary solo.

Sources: Deutscher Doppelkopf-Verband, Turnierspielregeln (Stand 21.02.2026), 4.1 (the reservations asked
from the dealer's left), 4.2 (Pflichtsolo: the soloist leads; the same dealer deals again; the
Vorführung), 4.3 (Lustsolo: the dealer's left leads), 8.5 (24 deals a round). As the DDV's rules are
summed up at planetsenior.de/doppelkopf_vorbehalte ("Pflichtsolo – Lustsolo – Hochzeit"; "Wenn die Anzahl
der nicht gespielten Pflichtsoli gleich der Anzahl der noch zu absolvierenden Spiele ist, muss derjenige
Spieler, dem ein Pflichtsolo fehlt und der als Nächster zum Kartengeber sitzt, ein Pflichtsolo spielen";
"Nach einem Pflichtsolo (jedoch nicht nach dem Vorführen) werden die Karten vom selben Geber noch einmal
ausgeteilt"; the silent wedding "weder ... Pflichtsolo noch ... Lustsolo"), and at dokolingen.de's rules
(the Pflichtsolo is "sein erstes Solo in dieser Runde"; "Spielrecht hat, wer dem Geber näher sitzt").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, cast

from ..phases import bidding
from ..tables import ContractPlan
from . import contracts
from .contracts import HEALTHY, Contracts, ContractView, Reservation, read_word

if TYPE_CHECKING:
    from ..auction import BidRound
    from ..engine import Deal
    from ..ruleset import Ruleset
    from . import Bad

NAME: Final = "compulsory_solo"
PATH: Final = ("trump", "contracts", "compulsory")

Leads = Literal["left-of-dealer", "declarer"]

#: What a deal was for the duty: a compulsory solo, one forced (vorgeführt), a voluntary solo, or none.
COMPULSORY: Final = "compulsory"
FORCED: Final = "forced"
VOLUNTARY: Final = "voluntary"
#: How a table's quick-score row names the soloist after the points: ``solo 2``.
SOLO_WORD: Final = "solo"

SCHEMA: Final[dict[str, Any]] = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "description": (
        "A compulsory solo (Doppelkopf's Pflichtsolo), off by default: in each round of `round` deals every "
        "player must play one solo, and their first solo of the round is it (a later one is voluntary, a "
        "Lustsolo; a wedding is neither). A compulsory solo wins over a voluntary one, which wins over a "
        "wedding; of equal ones, the first from the dealer's left. Its player leads, and the same dealer "
        "deals again (`extra_deal`). Once the round's deals still to play are no more than the players still "
        "owing one, the first of them from the dealer's left must play a solo (the Vorführung), which counts "
        "as a deal of the round. Needs contracts named at a reservation and `game.deals` a whole number of "
        "rounds."
    ),
    "properties": {
        "round": {
            "type": ["integer", "null"],
            "minimum": 0,
            "maximum": 200,
            "default": 0,
            "description": "The deals a round counts, each player owing one compulsory solo in it (0: none).",
        },
        "extra_deal": {
            "type": ["boolean", "null"],
            "default": True,
            "description": (
                "A compulsory solo played of the player's own accord does not count toward the round: the same "
                "dealer deals again (a forced one counts)."
            ),
        },
        "voluntary_leads": {
            "enum": ["left-of-dealer", "declarer", None],
            "default": "left-of-dealer",
            "description": "Who leads a voluntary solo (a compulsory one: its player).",
        },
    },
}


@dataclass(frozen=True)
class CompulsorySolo:
    """The ``trump.contracts.compulsory`` settings."""

    round: int = 0
    extra_deal: bool = True
    voluntary_leads: Leads = "left-of-dealer"


def read(data: dict[str, Any]) -> CompulsorySolo:
    extra = data.get("extra_deal")
    return CompulsorySolo(
        round=int(data.get("round") or 0),
        extra_deal=True if extra is None else bool(extra),
        voluntary_leads=cast(Leads, data.get("voluntary_leads") or "left-of-dealer"),
    )


def active(settings: CompulsorySolo) -> bool:
    return settings.round > 0


def of(rules: Ruleset) -> CompulsorySolo:
    """The compulsory solo of a compiled ruleset."""
    return cast(CompulsorySolo, rules.mechanisms[NAME])


def check(settings: CompulsorySolo, rules: Ruleset, bad: Bad) -> None:
    if not active(settings):
        return
    at = (*PATH, "round")
    own = contracts.of(rules)
    if not contracts.active(own) or own.chosen != "reservation":
        bad(at, "a compulsory solo is one of the solos named at a reservation (trump.contracts.kinds)")
    elif not any(not kind.holding for kind in own.kinds):
        bad(at, "a compulsory solo needs a contract anyone may announce (one without holding)")
    if own.unnamed == "throw-in":
        bad(at, "compulsory solos do not go with cards thrown in when nobody names one", (*contracts.PATH, "unnamed"))
    if rules.game.deals is None:
        bad(at, "a compulsory solo is owed per round: give the game's deals (game.deals)", ("game",))
    elif rules.game.deals % settings.round:
        bad(
            at,
            f"game.deals ({rules.game.deals}) is not a whole number of rounds of {settings.round}",
            ("game", "deals"),
        )
    if settings.round < max(rules.player_counts):
        bad(at, f"a round of {settings.round} deals leaves no room for every player's compulsory solo")


def plan(settings: CompulsorySolo, own: ContractPlan | None) -> ContractPlan | None:
    """The contracts' plan with who leads a voluntary solo (inactive: as any contract's player)."""
    if own is None or not active(settings):
        return own
    return replace(own, voluntary_leads_declarer=settings.voluntary_leads == "declarer")


def rounds(settings: CompulsorySolo, rules: Ruleset) -> list[BidRound]:
    """The reservation with the compulsory solo's priority, in place of the contracts' own (see there)."""
    own = contracts.of(rules)
    if not active(settings) or not contracts.active(own) or own.chosen != "reservation":
        return []
    return [Reservations(own, [s for s in rules.deck.suits if s in rules.deck_suits], rules.deck)]


def counts_as_solo(own: Contracts, contract: int) -> bool:
    """Whether a contract is a solo for the duty: one anyone may announce (a wedding is not)."""
    return 0 <= contract < len(own.kinds) and not own.kinds[contract].holding


def soloist(rules: Ruleset, deal: Deal) -> int:
    """The seat that played a solo in a finished deal (-1: none; a wedding, a silent one, a normal game)."""
    if deal.maker is None or not deal.declared or not counts_as_solo(contracts.of(rules), deal.contract):
        return -1
    return deal.maker


@dataclass(frozen=True)
class Duty:
    """The round as the deals played leave it, for the next deal."""

    owing: int  # the seats (a mask) still owing a compulsory solo this round
    forced: int  # the seat vorgeführt in the next deal (-1: none)
    counted: int  # the deals of the current round counted so far
    extra: int  # the deals of the whole game that did not count (compulsory solos dealt again)
    kinds: tuple[str, ...]  # per deal played: COMPULSORY, FORCED, VOLUNTARY or "" (no solo)
    counts: tuple[bool, ...] = ()  # per deal played: whether it counts toward its round (not dealt again)


def first_owing(owing: int, dealer: int, players: int) -> int:
    """The first seat from the dealer's left still owing a compulsory solo (-1: none)."""
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if owing >> seat & 1:
            return seat
    return -1


def is_forced(settings: CompulsorySolo, owing: int, counted: int) -> bool:
    """Whether the next deal is a Vorführung: the round's deals left are no more than the players owing."""
    return owing != 0 and settings.round - counted <= owing.bit_count()


def duty(settings: CompulsorySolo, players: int, solos: Sequence[int], dealer: int) -> Duty:
    """The round after the deals played (``solos``: per deal, the seat that played a solo, -1: none), the next
    deal dealt by ``dealer``."""
    everyone = (1 << players) - 1
    owing, counted, extra = everyone, 0, 0
    kinds: list[str] = []
    counting: list[bool] = []
    for solo in solos:
        forced = is_forced(settings, owing, counted)
        counts = True
        if solo >= 0 and owing >> solo & 1:
            kinds.append(FORCED if forced else COMPULSORY)
            owing &= ~(1 << solo)
            counts = forced or not settings.extra_deal
        else:
            kinds.append(VOLUNTARY if solo >= 0 else "")
        counting.append(counts)
        if counts:
            counted += 1
        else:
            extra += 1
        if counted == settings.round:  # a new round: everyone owes one again
            owing, counted = everyone, 0
    forced_seat = first_owing(owing, dealer, players) if is_forced(settings, owing, counted) else -1
    return Duty(
        owing=owing, forced=forced_seat, counted=counted, extra=extra, kinds=tuple(kinds), counts=tuple(counting)
    )


def game_duty(rules: Ruleset, players: int, results: Sequence[Any], dealer: int) -> Duty | None:
    """The duty of a game from its results (:class:`referee.game.DealResult`); None where it has none."""
    settings = of(rules)
    if not active(settings):
        return None
    return duty(settings, players, [r.solo for r in results], dealer)


class SoloView(ContractView, Protocol):
    """What the reservations with compulsory solos read of a deal besides the contracts' (read-only): the seats
    still owing a solo, and the seat that must play one now."""

    @property
    def owing(self) -> int: ...
    @property
    def forced(self) -> int: ...


class Reservations(Reservation):
    """The reservation with priorities: a compulsory solo (its player owes one) over a voluntary solo over a
    wedding; of equal ones the first named from the dealer's left. A compulsory solo named is played at once
    (nobody after can win over it); a voluntary one, or a wedding, waits for the others. At a Vorführung the
    player forced speaks alone and must name a solo."""

    def first(self, deal: Deal) -> int:
        return deal.forced if deal.forced >= 0 else (deal.dealer + 1) % deal.players

    def words(self, deal: Deal, seat: int, last: bool) -> list[str]:
        found = super().words(deal, seat, last)
        if deal.forced >= 0:
            return [w for w in found if w != HEALTHY and w not in self.needs]
        if deal.contract >= 0 and deal.maker is not None:  # one waits: only what wins over it, or healthy
            held = self._rank(deal, deal.maker, deal.contract)
            mine = 2 if deal.owing >> seat & 1 else 1
            return [w for w in found if w == HEALTHY or (w not in self.needs and mine > held)]
        return found

    def _rank(self, deal: Deal, seat: int, contract: int) -> int:
        if not counts_as_solo(self.settings, contract):
            return 0  # a wedding
        return 2 if deal.owing >> seat & 1 else 1

    def refusal(self, deal: Deal, seat: int, last: bool, word: str, words: list[str]) -> str:
        if deal.forced >= 0:
            return f"seat {seat} must play a solo (the Vorführung): {', '.join(words)}"
        return super().refusal(deal, seat, last, word, words)

    def say(self, deal: Deal, seat: int, word: str) -> bool:
        if word == HEALTHY:
            return False
        index, suit = read_word(self.settings, word)
        trump = deal.suit_index(suit) if suit else -1
        if word in self.needs:
            bidding.hold_contract(deal, seat, index)
        elif deal.forced >= 0 or deal.owing >> seat & 1:  # compulsory: nobody after can win over it
            bidding.declare_contract(deal, seat, index, trump)
        else:  # voluntary: an owing player after may still win over it
            bidding.hold_contract(deal, seat, index, trump)
        return False


# The rounds take the compiled Deal itself (native field reads); what they may read is SoloView's, which
# tests/test_deal_interface.py holds them to, and mypy checks here that the deal has it all.
def _deal_is_soloview(deal: Deal) -> SoloView:
    return deal
