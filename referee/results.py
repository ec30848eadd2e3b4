"""A deal's result given without its cards: which results are possible, and their scores.

A table that enters only each deal's result (the kiosk's quick score) gives
either each player's points (Hearts, Euchre, Whist) or, in bidding games
(Spades, Oh Hell), each player's bid and tricks. This module is the one place
quick score and the club ask which such results a ruleset allows and how they
score. It knows the core rules of scoring itself and asks the same code as a
played deal (:mod:`referee.bidding` for legal bids and the hook's bar,
:mod:`referee.scoring` for contracts, nil and bags); what a mechanism changes
(a shot moon, a book, a score sheet's game value, a deal entered by its card
points) the mechanism's own entry says (:mod:`referee.entering`). So a scoring
rule is taught once, in its module.

Every refusal is a :class:`ResultError` (a ``ValueError``) whose message is one
line of English; its ``kind`` and ``params`` let a screen say the same in the
operator's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import mechanisms
from .bidding import BLIND_NIL, NIL, bid_word, legal_bids, number_range, partner_in, read_bid
from .ending import side_members
from .entering import CARD_DEAL, PointsEntry, ResultError, check_partners
from .mechanisms import all_tricks, card_contract, hook, revoke_penalty, roem
from .ruleset import Layout, Ruleset
from .scoring import SideResult, carried_bags, side_count, side_steps

__all__ = [
    "BidDeal",
    "ResultError",
    "bid_order",
    "check_bid",
    "check_penalty",
    "check_points",
    "check_tricks",
    "possible_totals",
    "read_bids",
    "score_bid_deal",
    "score_card_deal",
    "score_result",
    "table_bid",
]


# -- points -------------------------------------------------------------------------


def possible_totals(rules: Ruleset, players: int, teams: tuple[int, ...] | None = None) -> set[int]:
    """The totals one deal's points can add up to under a ruleset of card points (and the mechanisms that make
    other totals: a shot moon); ``teams``: the deal's sides (by default the seating's), which say whom a moon
    spares."""
    layout = rules.layout(players)
    penalty = sum(v for v in layout.points if v > 0)
    bonus = sum(v for v in layout.points if v < 0)
    totals = {penalty + bonus + rules.deal_extra()}  # the mechanisms' points besides the cards (the last trick)
    for entry in mechanisms.entries(rules, players):
        totals |= entry.totals(teams)
    if rules.no_tricks_bonus:
        totals = {t + k * rules.no_tricks_bonus for t in totals for k in range(players)}
    return totals


def check_points(rules: Ruleset, players: int, points: Sequence[int], teams: Sequence[int] | None = None) -> None:
    """Raise :class:`ResultError` unless ``points`` (per seat) can be one deal's result.

    ``teams``: per seat, its side in the deal entered, where a deal makes its own sides (``Deal.teams``:
    the holders of a card, a declarer against the others); by default the seating's, the sides a deal starts
    from. Partners who score together must be given the same points, and a moon spares the shooter's.
    The core rules of scoring are checked here; each mechanism that changes which results are possible says
    so through its entry (:mod:`referee.entering`).
    """
    if len(points) != players:
        raise ResultError("count", f"give {players} numbers, one per player", n=players)
    if rules.bid_scoring is not None:
        raise ResultError(
            "bids-needed", "this game is scored from each player's bid and tricks, not from points", players=players
        )
    entries = mechanisms.entries(rules, players)
    if any(entry.form == CARD_DEAL for entry in entries):
        raise ResultError(
            "card-deal-needed", "this game is scored from who chose trump and each side's card points and roem"
        )
    layout = rules.layout(players)
    sides = layout.teams if teams is None else tuple(teams)
    if len(sides) != players:
        raise ResultError("count", f"give {players} sides, one per player", n=players)
    # A mechanism that weighs the deal as a whole (a score sheet's game value) decides first, then the trick
    # table, then the others (a book).
    if any(entry.check(points, sides) for entry in entries if entry.whole_deal):
        return
    if rules.trick_rows:
        _check_trick_table(rules, sides, points)
        return
    if any(entry.check(points, sides) for entry in entries if not entry.whole_deal):
        return
    if not _exactly_known(rules, layout, entries):
        _check_bounds(rules, layout, entries, sides, points)
        return
    totals = possible_totals(rules, players, None if teams is None else sides)
    if sum(points) not in totals:
        allowed = tuple(sorted(totals))
        raise ResultError(
            "total",
            f"the points add up to {sum(points)}; a deal of this game gives {' or '.join(map(str, allowed))}",
            total=sum(points),
            allowed=allowed,
        )
    if not _plain_split(rules, layout, points) and not any(
        entry.matches(points, None if teams is None else sides) for entry in entries
    ):
        raise ResultError("impossible", "no deal of this game can end with these points")


def _exactly_known(rules: Ruleset, layout: Layout, entries: list[PointsEntry]) -> bool:
    """Whether a deal's total and each player's share are known exactly from the cards: the whole pack is dealt
    and played in every deal, each player scores alone, and no mechanism adds points per trick. Otherwise quick
    score checks bounds only (:func:`_check_bounds`): refusing a result a real deal gave would lose it."""
    return layout.whole_pack() and rules.score_teams != "shared" and all(entry.exact for entry in entries)


def _check_bounds(
    rules: Ruleset, layout: Layout, entries: list[PointsEntry], sides: tuple[int, ...], points: Sequence[int]
) -> None:
    """Each player's (or side's) points between the least and the most a deal can give anyone."""
    if rules.score_teams == "shared":
        check_partners(sides, points)
    positive = sum(v for v in layout.points if v > 0)
    negative = sum(v for v in layout.points if v < 0)
    low, high = negative, positive + rules.deal_extra()
    for entry in entries:  # a moon, a book: what they add to the least and the most
        low, high = entry.bounds(low, high)
    low, high = low + min(0, rules.no_tricks_bonus), high + max(0, rules.no_tricks_bonus)
    if rules.score_teams == "shared":  # a side's points: its members' cards together
        side = max(len(m) for m in side_members(sides))
        low, high = low * side, high * side
    for value in points:
        if not low <= value <= high:
            raise ResultError(
                "points-range",
                f"a player scores {low} to {high} points in a deal, not {value}",
                low=low,
                high=high,
                points=value,
            )


def _check_trick_table(rules: Ruleset, sides: tuple[int, ...], points: Sequence[int]) -> None:
    """Euchre: one side scores a row of the trick table, or (with a redeal) nobody."""
    by_side = check_partners(sides, points)
    scoring = [side for side, value in by_side.items() if value]
    values = {row.points for row in rules.trick_rows}
    if len(scoring) > 1:
        raise ResultError("one-side", "only one side scores in a deal")
    can_redeal = bool(rules.bidding_rounds) and not rules.bidding_rounds[-1].forces_a_call
    if not scoring and not can_redeal:
        raise ResultError("a-side-scores", "one side scores in every deal of this game")
    if scoring and max(points) not in values:
        allowed = tuple(sorted(values))
        raise ResultError(
            "side-points",
            f"a side scores {' or '.join(map(str, allowed))} points in a deal, not {max(points)}",
            allowed=allowed,
            points=max(points),
        )


def _plain_split(rules: Ruleset, layout: Layout, points: Sequence[int]) -> bool:
    """Whether a deal where nothing turns the points around ends with exactly ``points``: the deal's own total
    (a no-trick bonus per player at most), each player between nothing and every penalty card, plus bonus
    cards and the mechanisms' points besides the cards (the last trick's bonus: one player's)."""
    players = layout.players
    penalty = sum(v for v in layout.points if v > 0)
    bonuses = sum(v for v in layout.points if v < 0)
    extra = rules.deal_extra()
    totals = {penalty + bonuses + extra + k * rules.no_tricks_bonus for k in range(players)}
    low = bonuses + min(0, rules.no_tricks_bonus)
    high = penalty + extra + max(0, rules.no_tricks_bonus)
    return sum(points) in totals and all(low <= p <= high for p in points)


# -- penalties ----------------------------------------------------------------------


def check_penalty(
    rules: Ruleset,
    players: int,
    points: Sequence[int],
    deal_points: Sequence[int] | None = None,
    given: Sequence[Sequence[int]] = (),
    scores: Sequence[int] | None = None,
) -> None:
    """Raise :class:`ResultError` unless ``points`` are what the revoke penalty gives for some seat's revoke
    (:func:`referee.mechanisms.revoke_penalty.possible`).

    ``deal_points`` are the points of the deal it is booked on and ``given`` the penalties booked on
    that deal before it (a penalty of ``points: all`` or ``lost`` needs them); ``scores``, the running scores
    with them counted (a penalty that keeps the side in error from winning by its deal needs them).
    """
    if len(points) != players:
        raise ResultError("count", f"give {players} numbers, one per player", n=players)
    settings = revoke_penalty.of(rules)
    if not revoke_penalty.active(settings):
        raise ResultError("no-penalty", "this game gives no penalty")
    if revoke_penalty.needs_deal(settings) and deal_points is None:
        raise ResultError("penalty", "this penalty is checked against the points of its deal")
    if not revoke_penalty.possible(rules, players, points, deal_points, given, scores):
        raise ResultError("penalty", "no revoke in this game gives these penalty points")


# -- bids and tricks ----------------------------------------------------------------


def check_bid(
    rules: Ruleset,
    players: int,
    hand_size: int,
    bids: Sequence[int],
    seat: int,
    word: str,
    teams: Sequence[int] | None = None,
) -> None:
    """Raise :class:`ResultError` unless ``seat`` may bid ``word`` now.

    ``bids`` are the numbers bid so far in the deal, per seat (-1: not yet; a
    nil counts 0). The last to bid is the seat after which everyone has bid.
    ``teams``: per seat, its side in the deal (``Deal.teams``), whose partners' bids
    the partnership's cap counts; by default the seating's, the sides a deal starts from.
    """
    try:
        _check_bid(rules, players, hand_size, bids, seat, word, teams)
    except ResultError as exc:
        exc.params.setdefault("seat", seat)
        raise


def _check_bid(
    rules: Ruleset, players: int, hand_size: int, bids: Sequence[int], seat: int, word: str, teams: Sequence[int] | None
) -> None:
    spec = rules.trick_round
    if spec is None:
        raise ResultError("no-bids", "this game has no bids of tricks")
    numbers = list(bids)
    partner = partner_in(rules.layout(players).teams if teams is None else tuple(teams), seat)
    last = sum(1 for b in numbers if b >= 0) == players - 1
    if word in legal_bids(spec, hand_size, numbers, seat, partner, last):
        return
    try:
        n, _ = read_bid(word)
    except ValueError:
        raise ResultError(
            "not-a-bid", f"{word!r} is not a bid: give a number of tricks", text=word.removeprefix("bid ")
        ) from None
    low, high, forbidden = number_range(spec, hand_size, numbers, seat, partner, last)
    top = spec.top(hand_size)
    if word == NIL and not spec.nil:
        raise ResultError("no-nil", "this game has no nil bid")
    if word == BLIND_NIL and not spec.blind_nil:
        raise ResultError("no-blind-nil", "this game has no blind nil bid")
    if n == forbidden:  # what the round's bar (the hook) forbids its last bidder; a nil counts as 0 tricks
        raise ResultError(spec.bar.refusal_kind(), spec.bar.refusal(seat, n, hand_size), bid=n, tricks=hand_size)
    if word not in (NIL, BLIND_NIL) and not low <= n <= top:
        raise ResultError("range", f"a bid must be from {low} to {top}, not {n}", low=low, high=top, bid=n)
    if word not in (NIL, BLIND_NIL) and n > high:
        raise ResultError("side-max", f"partners may bid at most {spec.side_max} tricks together", most=spec.side_max)
    raise ResultError("bid-not-now", f"{word} is not allowed now")


def bid_order(players: int, dealer: int, first: int | None = None) -> list[int]:
    """The seats in the order they bid: from ``first`` (by default the dealer's left, the dealer last)."""
    start = (dealer + 1) % players if first is None else first
    return [(start + i) % players for i in range(players)]


def table_bid(text: str) -> str:
    """The engine's word for a bid as a table writes it: ``3`` is ``bid 3``, ``n`` nil, ``bn`` blind nil."""
    t = text.strip().lower()
    if t in ("n", "nil"):
        return NIL
    if t in ("bn", "blind-nil", "blindnil"):
        return BLIND_NIL
    if t.startswith("bid "):
        return t
    return f"bid {t}"


def read_bids(
    rules: Ruleset, players: int, words: Sequence[str], dealer: int, hand_size: int
) -> tuple[list[int], list[int]]:
    """Every seat's bid (per seat, as a table writes it: ``3``, ``nil``), checked in bidding order.

    Returns the numbers and nil kinds per seat, as :func:`referee.scoring.score_bids` takes them.
    """
    if len(words) != players:
        raise ResultError("bid-count", f"give {players} bids, one per player", n=players)
    numbers = [-1] * players
    nils = [0] * players
    # from the round's first bidder, so that the hook binds the seat that bids last (not always the dealer)
    for seat in bid_order(players, dealer, hook.first_bidder(rules, players, dealer)):
        word = table_bid(words[seat])
        check_bid(rules, players, hand_size, numbers, seat, word)
        numbers[seat], nils[seat] = read_bid(word)
    return numbers, nils


def check_tricks(players: int, tricks: Sequence[int], hand_size: int) -> None:
    """Raise :class:`ResultError` unless ``tricks`` (per seat) add up to the deal's ``hand_size``."""
    if len(tricks) != players:
        raise ResultError("trick-count", f"give {players} numbers of tricks, one per player", n=players)
    for seat, t in enumerate(tricks):
        if not 0 <= t <= hand_size:
            raise ResultError(
                "tricks-range", f"tricks must be from 0 to {hand_size}, not {t}", high=hand_size, tricks=t, seat=seat
            )
    if sum(tricks) != hand_size:
        raise ResultError(
            "tricks-total",
            f"the tricks add up to {sum(tricks)}; this deal has {hand_size}",
            total=sum(tricks),
            tricks=hand_size,
        )


@dataclass(frozen=True)
class BidDeal:
    """A deal scored from its bids and tricks alone."""

    points: list[int]  # per seat
    results: list[SideResult]  # per side, as a played deal's ``deal.results``
    bags: list[int]  # overtricks each seat's side carries into the next deal
    bids: list[str]  # the engine's bid words per seat (``bid 3``, ``nil``)


def score_bid_deal(
    rules: Ruleset,
    players: int,
    bids: Sequence[str],
    tricks: Sequence[int],
    *,
    dealer: int = 0,
    number: int = 0,
    bags_before: Sequence[int] | None = None,
    scores_before: Sequence[int] | None = None,
    sides: Sequence[int] | None = None,
) -> BidDeal:
    """Check a bidding game's deal result and score it as a played deal would be.

    ``bids`` per seat as a table writes them (``3``, ``nil``, ``blind-nil``),
    checked in bidding order from the round's first bidder (the hook binds the last);
    ``tricks`` per seat must add up to deal ``number``'s hand size;
    ``bags_before`` per seat (its side's overtricks carried in), or, where the
    ruleset reads the bags from the score's last digit, ``scores_before``; ``sides``: per seat, the side
    its bid and tricks count for in this deal (by default the seating's, as a played deal's ``Deal.sides``).
    """
    if rules.bid_scoring is None:
        raise ResultError("points-needed", "this game is scored from points, not from bids")
    layout = rules.layout(players)
    if layout.scoring_cards or rules.trick_rows:
        raise ResultError("points-needed", "this game also scores cards taken: give the points")
    hand_size = layout.hand_size_of(number)
    numbers, nils = read_bids(rules, players, bids, dealer, hand_size)
    check_tricks(players, tricks, hand_size)
    sides = layout.sides if sides is None else tuple(sides)
    carried = carried_bags(sides, bags_before, scores_before, rules.bid_scoring.bags.from_score)
    plan = rules.plan
    points, results = side_steps(plan.bid_scoring, plan.book, sides, numbers, nils, list(tricks), carried)
    words = [bid_word(n, k) for n, k in zip(numbers, nils, strict=True)]
    return BidDeal(points, results, [results[side].bags for side in sides], words)


def score_result(
    rules: Ruleset, players: int, bids: Sequence[str], tricks: Sequence[int], **deal: int | Sequence[int] | None
) -> list[int]:
    """The points per seat of a bidding game's deal from its bids and tricks.

    ``deal``: the ``dealer``, ``number``, ``bags_before`` and ``scores_before`` of :func:`score_bid_deal`.
    """
    return score_bid_deal(rules, players, bids, tricks, **deal).points  # type: ignore[arg-type]


# -- a contract on card points (Klaverjassen) ------------------------------------------


def score_card_deal(
    rules: Ruleset,
    players: int,
    maker: int,
    cards: Sequence[int],
    bonus: Sequence[int],
    all_taken_by: int | None = None,
    teams: Sequence[int] | None = None,
) -> list[int]:
    """The points per seat of a deal entered as a score sheet keeps it: who chose trump, and each side's take.

    ``maker``: the seat that chose trump; ``cards``: each side's card points, the last trick's bonus
    included; ``bonus``: each side's roem; ``all_taken_by``: the side that took every trick (pit),
    or None. ``teams``: per seat, its side in the deal (``Deal.teams``), by default as partners sit (the
    side of seat 0 first). The pit and the contract are scored by their mechanisms, as a played deal's are.
    """
    contract = card_contract.of(rules)
    if not card_contract.active(contract):
        raise ResultError("points-needed", "this game has no contract on card points: give each player's points")
    layout = rules.layout(players)
    of_seat = layout.sides if teams is None else tuple(teams)
    sides = side_count(of_seat)
    if len(cards) != sides or len(bonus) != sides:
        raise ResultError("count", f"give {sides} numbers, one per side", n=sides)
    if not 0 <= maker < players:
        raise ResultError(
            "seat", f"the player who chose trump is seat 0 to {players - 1}", players=players, last=players - 1
        )
    total = sum(layout.points) + rules.deal_extra()
    if any(c < 0 for c in cards) or sum(cards) != total:
        given = sum(cards)
        message = f"the card points add up to {given}; a deal holds {total}"
        raise ResultError("card-total", message, total=given, allowed=total)
    melds = roem.of(rules)
    for side, value in enumerate(bonus):
        if value and not roem.possible(melds, value):
            raise ResultError("roem", f"no melds add up to {value}", side=side, roem=value)
    totals = [c + b for c, b in zip(cards, bonus, strict=True)]
    if all_taken_by is not None:
        if not 0 <= all_taken_by < sides:
            raise ResultError("side", f"the sides are 0 to {sides - 1}", sides=sides, last=sides - 1)
        if any(cards[s] or bonus[s] for s in range(sides) if s != all_taken_by):
            raise ResultError("all-tricks", "a side that took no trick has no card points and no roem")
        totals[all_taken_by] += all_tricks.of(rules).points
    scored = card_contract.settle_sides(contract, totals, of_seat[maker])
    return [scored[of_seat[seat]] for seat in range(players)]
