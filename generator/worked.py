"""A whole deal worked out by the engine, for a rule page: every card, each trick's winner and why, the score.

The referee deals a game from a fixed seed and its bots (:func:`referee.bots.choose`
with a seeded :class:`random.Random`, as ``trickbook play`` does) play it. The
page shows one deal of it: the one the page's examples show
(:func:`generator.examples.deal_number`: the first, or where hand sizes change,
one with a few cards), from the first seed whose deal shows the most of what a
reader needs to see at work (:func:`wanted`, :func:`features`). Every winner,
point and score is the engine's; this module only records them and says which
card decided each trick, from the trump table the deal played with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from referee import Game, Ruleset
from referee.bidding import is_trick_bid
from referee.bots import choose
from referee.engine import Deal
from referee.mechanisms import contracts, game_value, party_game, roem, talon
from referee.phases import bidding
from referee.tables import Restriction

from .clauses import Clause, patterns
from .examples import by_power, codes_of, deal_number, scoring_lines
from .terms import penalty

SEEDS = range(1, 51)


@dataclass(frozen=True)
class Play:
    seat: int
    card: str
    followed: bool  # of the suit led (the lead itself: True)
    other_suit: bool  # belongs to another suit than the one printed on it (the left bower)
    trump: bool = False  # a trump in this deal
    only: bool = False  # the only card its player could play there (the suit led, or the rules, left no other)
    last: bool = False  # its player's last card
    points: int = 0  # what the card scores for whoever takes it, in this deal
    #: the player's partner who was winning the trick when the card was played (None: nobody's partner was, or
    #: the player had no partner in this deal), and whether its player then held nothing but trumps: where a
    #: duty to trump lapses on a partner's trick (Klaverjassen's Amsterdam rule) the page says why a trump or a
    #: discard was free, or forced all the same (a Dutch reader found trick 7 said nothing of the rule)
    partner: int | None = None
    trumps_only: bool = False


@dataclass(frozen=True)
class WorkedTrick:
    leader: int
    plays: tuple[Play, ...]
    winner: int
    card: str  # the winning card
    why: str  # highest (of the suit led) | trump (the highest trump, trumps led) | trumped (a trump on another suit)
    points: int  # the points of the cards in it (the deal's card values)
    broken: tuple[tuple[str, ...], ...] = ()  # lead restrictions this trick broke, as suits and cards
    melds: tuple[roem.Meld, ...] = ()  # the roem lying in it (referee.mechanisms.roem), to its winner
    said: tuple[tuple[int, str, int], ...] = ()  # announced while it was played: (seat, word, cards in hand)
    extras: tuple[tuple[str, int], ...] = ()  # the extra points it holds (a party game): (kind, party)
    beaten: str = ""  # the strongest card of the others in it: the one the winning card beat
    top: bool = False  # the winning card is the deal's highest trump (Doppelkopf's Dulle, Skat's ♣J)
    #: the cards of a lead restriction led for the first time once they were broken: (the restriction's cards
    #: as suits and cards, the trick that broke them, from 1)
    opened: tuple[tuple[tuple[str, ...], int], ...] = ()
    #: who could not follow because they had laid the suit led away (Skat's declarer, who took up the skat), with
    #: the cards of it laid away: (seat, cards); a German reader wanted to be told why the declarer trumped
    laid_void: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @property
    def equal(self) -> bool:
        """Both copies of the winning card lie in the trick (a double deck): the one played first won."""
        return sum(play.card == self.card for play in self.plays) > 1

    @property
    def overtrumped(self) -> bool:
        """Won by a trump on another suit led, over a lower trump played before it (a trump played after it,
        lower, is an undertrump: :meth:`undertrumped`)."""
        return self.why == "trumped" and any(play.trump for play in self.plays[: self.winning_play])

    @property
    def winning_play(self) -> int:
        """The index in :attr:`plays` of the card that won (of two equal cards, the first played)."""
        return next(i for i, play in enumerate(self.plays) if play.seat == self.winner)

    def undertrumped(self, index: int) -> bool:
        """Whether play ``index`` is a trump, on another suit led, played after the (higher) trump that won."""
        return self.why == "trumped" and index > self.winning_play and self.plays[index].trump

    @property
    def plain(self) -> bool:
        """Whether the trick went as every trick does: everyone followed suit and the highest card of the suit
        led won, with nothing else to say (no announcement, broken suit, roem, extra point, equal cards)."""
        return all(play.followed for play in self.plays) and not (
            self.broken or self.melds or self.said or self.extras or self.equal or self.opened
        )


@dataclass(frozen=True)
class Worked:
    """One deal of a seeded game between the bots, as the engine played and scored it."""

    seed: int
    players: int
    number: int  # the deal's index in the game (0 the first)
    dealer: int
    hand_size: int
    hands: tuple[tuple[str, ...], ...]  # as dealt, per seat
    pass_direction: str  # left | right | across | hold; "" where the rules pass no cards
    passes: tuple[tuple[int, int, tuple[str, ...]], ...]  # (from, to, cards)
    upcard: str | None
    turned: str | None  # the dealer's last card, turned for trump
    bids: tuple[tuple[int, str], ...]  # every bidding action in order: (seat, action)
    discard: tuple[int, str] | None  # the dealer's discard after picking up the upcard
    trump: str | None  # the suit letter
    maker: int | None
    contract: str | None  # the auction's winning contract, as its bid (``bid 7H``)
    alone: bool
    sitting_out: tuple[int, ...]
    tricks: tuple[WorkedTrick, ...]
    claimed_by: int | None  # took the remaining tricks unplayed
    shooter: int | None
    tricks_won: tuple[int, ...]
    taken: tuple[int, ...]  # card points taken, before the moon
    points: tuple[int, ...]  # the deal's points per seat (the engine's, after the moon and bonuses)
    before: tuple[int, ...]  # the running scores before the deal
    after: tuple[int, ...]  # and after it
    #: per seat, its side's points before a contract on card points weighed the sides (empty: none)
    before_settling: tuple[int, ...] = ()
    results: tuple[Clause, ...] = ()  # how each side's bid came out (bidding games)
    bid_words: tuple[str | None, ...] = ()  # per seat, the round of trick bids' bid
    teams: tuple[int, ...] = ()  # per seat, its side in this deal (Deal.teams: the deal may make its own)
    #: a party game's result, item by item (referee.mechanisms.party_game); None: no party game
    party: party_game.Outcome | None = None
    #: the talon as dealt (Skat's skat; empty: none), and what the declarer laid away after taking it up
    skat: tuple[str, ...] = ()
    laid_away: tuple[str, ...] = ()
    declared: str | None = None  # the game the declarer declared, as its word (``solo clubs hand``)
    #: the declarer's cards laid face up before the first lead, as the others see them (an open game, Skat's
    #: null ouvert: referee.mechanisms.contracts.lies_open); empty: none
    laid_open: tuple[str, ...] = ()
    bid_value: int = 0  # the value the auction reached (a ladder's)
    #: the declarer's game value as the engine scored it (referee.mechanisms.game_value); None: none
    game_value: game_value.Outcome | None = None
    #: per seat, the hand as dealt, sorted as its player sorts it for the trumps the deal was played with:
    #: the trumps together, highest first (Doppelkopf's queens and jacks with the diamonds, Euchre's left
    #: bower), then the other suits; empty where the deal had no trump suit
    sorted_hands: tuple[tuple[str, ...], ...] = ()

    @property
    def ended_early(self) -> bool:
        return len(self.tricks) < self.hand_size


def _why(rules: Ruleset, deal: Deal, led: int, card: str) -> str:
    table = deal.table
    suit = table.eff_suit[rules.deck.index[card]]
    if table.trump is None or suit != table.trump:
        return "highest"
    return "trump" if led == table.trump else "trumped"


def _trick(
    rules: Ruleset,
    deal: Deal,
    index: int,
    broken: tuple[tuple[str, ...], ...],
    said: tuple[tuple[int, str, int], ...],
    extras: tuple[tuple[str, int], ...],
    only: frozenset[int] = frozenset(),
    opened: tuple[tuple[tuple[str, ...], int], ...] = (),
    laid: tuple[int, tuple[str, ...]] | None = None,
) -> WorkedTrick:
    """One trick as played; ``laid``: the seat that laid cards away after the deal, and those cards."""
    done = deal.tricks[index]
    table, deck = deal.table, rules.deck
    led = table.eff_suit[deck.index[done.plays[0][1]]]
    laid_void: tuple[tuple[int, tuple[str, ...]], ...] = ()
    if laid is not None:
        of_led = tuple(c for c in laid[1] if table.eff_suit[deck.index[c]] == led)
        shown = any(seat == laid[0] and table.eff_suit[deck.index[card]] != led for seat, card in done.plays)
        laid_void = ((laid[0], of_led),) if of_led and shown else ()
    strength = table.keys[led]
    plays = tuple(
        Play(
            seat,
            card,
            table.eff_suit[deck.index[card]] == led,
            table.eff_suit[deck.index[card]] != deck.suit_of[deck.index[card]],
            table.trump is not None and table.eff_suit[deck.index[card]] == table.trump,
            seat in only,
            index == deal.hand_size - 1,
            deal.card_values[deck.index[card]],
            _winning_partner(deal, done.plays[:i], seat, strength),
            _trumps_only(deal, index, seat),
        )
        for i, (seat, card) in enumerate(done.plays)
    )
    # Of two equal cards (a double deck) the first played wins: the winner's first card of that code.
    card = next(play.card for play in plays if play.seat == done.winner)
    points = sum(deal.card_values[deck.index[c]] for c in done.cards)
    trump = -1 if deal.trump is None else deal.trump
    melds = tuple(roem.melds(roem.of(rules), deck, [deck.index[c] for c in done.cards], trump))
    why = _why(rules, deal, led, card)
    # the card the winner beat: the strongest of the others by the deal's own order; not a copy of the winning
    # card itself (the page says of equal cards that the first won), but the strongest card unlike it, so that
    # the page says which trump it beat (a reader found "Die Herz-Dame ist Trumpf, höher als das Karo-Ass")
    won = next(i for i, play in enumerate(plays) if play.seat == done.winner)
    others = [play.card for i, play in enumerate(plays) if i != won and play.card != card]
    beaten = max(others, key=lambda c: strength[deck.index[c]], default="")
    # the highest trump whatever was led: no card of the deck ranks above it (a trump outranks every lead)
    top = table.trump is not None and plays[won].trump and strength[deck.index[card]] == max(strength)
    return WorkedTrick(
        done.leader, plays, done.winner, card, why, points, broken, melds, said, extras, beaten, top, opened, laid_void
    )


def _winning_partner(deal: Deal, before: Sequence[tuple[int, str]], seat: int, strength: Sequence[int]) -> int | None:
    """``seat``'s partner in the deal if the cards ``before`` it in the trick have that partner winning it so far
    (of equal cards the first played), else None."""
    if not before or not deal.teams:
        return None
    codes = deal.rules.deck.index
    best = before[0]
    for play in before[1:]:
        if strength[codes[play[1]]] > strength[codes[best[1]]]:
            best = play
    winner = best[0]
    return winner if winner != seat and deal.teams[winner] == deal.teams[seat] else None


def _trumps_only(deal: Deal, index: int, seat: int) -> bool:
    """Whether ``seat`` held nothing but trumps when trick ``index`` was played: its cards from that trick on."""
    table, codes = deal.table, deal.rules.deck.index
    held = [card for trick in deal.tricks[index:] for who, card in trick.plays if who == seat]
    return table.trump is not None and all(table.eff_suit[codes[card]] == table.trump for card in held)


def _opened(
    rules: Ruleset,
    restrictions: Sequence[Restriction],
    broken_by_trick: Sequence[tuple[tuple[str, ...], ...]],
    led: Sequence[str],
) -> dict[int, tuple[tuple[tuple[str, ...], int], ...]]:
    """Per trick, the lead restrictions whose cards were led there for the first time since a trick broke them
    (Hearts' first heart led, allowed because hearts were broken): their cards and the trick that broke them,
    from 1. A restriction broken by the very card that leads it (a player who held nothing else) is not one."""
    deck = rules.deck
    out: dict[int, tuple[tuple[tuple[str, ...], int], ...]] = {}
    for restriction in restrictions:
        said = patterns(rules, restriction.cards)
        broke = next((i for i, broken in enumerate(broken_by_trick) if said in broken), None)
        if broke is None:
            continue
        first = next(
            (i for i in range(broke + 1, len(led)) if restriction.cards & deck.all_copies(1 << deck.index[led[i]])),
            None,
        )
        if first is not None:
            out[first] = (*out.get(first, ()), (said, broke + 1))
    return out


def play_worked(rules: Ruleset, seed: int) -> Worked | None:
    """The example deal of the game seeded ``seed``, played to the end; None if it was thrown in."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(deal_number(rules)):  # the deals before it, for the running score
        earlier = game.new_deal()
        while earlier.phase != "done":
            earlier.apply(choose(earlier, rng))
        game.finish_deal(earlier)
        if game.is_over:
            return None
    before = tuple(game.scores)
    deal = game.new_deal()
    deck = rules.deck
    hands = tuple(codes_of(deck, deal.hand_mask(s)) for s in range(deal.players))
    restrictions = deal.layout.restrictions
    bids: list[tuple[int, str]] = []
    discard: tuple[int, str] | None = None
    skat = tuple(deal.stock) if talon.active(talon.of(rules)) else ()
    laid_away: list[str] = []
    declared: str | None = None
    chosen = contracts.of(rules)
    declarer = contracts.active(chosen) and chosen.chosen == "declarer"  # the auction's winner declares (Skat)
    broken_by_trick: list[tuple[tuple[str, ...], ...]] = []
    seen = 0
    said: list[tuple[int, int, str, int]] = []  # (trick, seat, word, cards in hand)
    laid_open: tuple[str, ...] = ()
    only: list[set[int]] = []  # per trick, the seats that had one card they could play
    led: list[str] = []  # per trick, the card led
    while deal.phase != "done":
        seat, phase = deal.to_act, deal.phase
        if phase == "play" and seat is not None:
            while len(only) <= deal.trick_number:
                only.append(set())
            if len(set(deal.legal_actions()) & deck.index.keys()) == 1:  # the cards, not what it may announce
                only[deal.trick_number].add(seat)
        action = choose(deal, rng)
        if phase == "play" and seat is not None and len(led) == deal.trick_number and action in deck.index:
            led.append(action)
        deal.apply(action)
        if seat is not None and phase == "bid" and skat and action == talon.TAKE:
            pass  # the declarer takes up the skat: said with what is laid away
        elif seat is not None and phase == "bid" and declarer and action.startswith(contracts.SOLO):
            declared = action  # the declarer's game, said on its own line
        elif seat is not None and phase == "bid":
            bids.append((seat, action))
        elif seat is not None and phase == "discard" and skat:
            laid_away.append(action)
        elif seat is not None and phase == "discard":
            discard = (seat, action)
        if not laid_open and deal.open_hands():  # an open game: the declarer's cards as a defender sees them
            lays = deal.open_hands()[0]
            laid_open = tuple(deal.seen_by((lays + 1) % deal.players)[lays] or ())
        if len(deal.said) > len(said):  # an announcement, in the trick being played
            who, _, word, held = deal.said[-1]
            said.append((deal.trick_number, who, word, held))
        if phase == "play" and deal.trick_number > len(broken_by_trick):  # a trick was just won
            now = deal.broken & ~seen
            seen |= now
            broken_by_trick.append(tuple(patterns(rules, r.cards) for i, r in enumerate(restrictions) if now >> i & 1))
    if deal.redeal:
        return None
    passes = tuple(
        (s, deal.pass_receiver(s), tuple(deal.passed_cards(s))) for s in range(deal.players) if deal.passed_cards(s)
    )
    extras = party_game.trick_extras(rules, deal)
    opened = _opened(rules, restrictions, broken_by_trick, led)
    tricks = tuple(
        _trick(
            rules,
            deal,
            i,
            broken_by_trick[i] if i < len(broken_by_trick) else (),
            tuple((who, word, held) for at, who, word, held in said if at == i),
            tuple((kind, party) for at, kind, party in extras if at == i),
            frozenset(only[i]) if i < len(only) else frozenset(),
            opened.get(i, ()),
            (deal.maker, tuple(laid_away)) if laid_away and deal.maker is not None else None,
        )
        for i in range(len(deal.tricks))
    )
    party = party_game.outcome(rules, deal)
    table = deal.table  # the trumps the deal was played with (chosen in the bidding, or a contract's own)
    sorted_hands = tuple(by_power(rules, table, hand) for hand in hands) if table.trump is not None else ()
    valued = game_value.outcome(rules, deal)
    points = tuple(deal.points())
    result = game.finish_deal(deal)
    contract = None
    if deal.contract_tricks and deal.maker is not None:
        suit = "NT" if deal.trump is None else deck.suits[deal.trump]
        contract = f"bid {deal.contract_tricks}{suit}"
    trick_bids = any(is_trick_bid(word) for _, word in bids)
    return Worked(
        seed=seed,
        players=deal.players,
        number=deal.number,
        dealer=deal.dealer,
        hand_size=deal.hand_size,
        hands=hands,
        pass_direction=deal.pass_direction if rules.pass_count else "",
        passes=passes,
        upcard=deck.codes[deal.upcard] if deal.upcard is not None else None,
        turned=deck.codes[deal.turned] if deal.turned is not None else None,
        bids=tuple(bids),
        discard=discard,
        trump=deck.suits[deal.trump] if deal.trump is not None else None,
        maker=deal.maker,
        contract=contract,
        alone=deal.alone,
        sitting_out=tuple(s for s in range(deal.players) if s not in deal.active_seats()),
        tricks=tricks,
        claimed_by=deal.claimed_by,
        shooter=deal.shooter,
        tricks_won=tuple(deal.tricks_won),
        taken=tuple(deal.taken_points()),
        points=points,
        before=before,
        after=tuple(result.scores),
        before_settling=tuple(deal.before_settling),
        results=scoring_lines(rules, deal) if rules.bid_scoring is not None else (),
        bid_words=tuple(deal.bid(s) for s in range(deal.players)) if trick_bids else (),
        teams=tuple(deal.teams),
        party=party,
        skat=skat,
        laid_away=tuple(laid_away),
        declared=declared,
        laid_open=laid_open,
        bid_value=bidding.value_bid(deal) if declared is not None else 0,
        game_value=valued,
        sorted_hands=sorted_hands,
    )


def forced(rules: Ruleset, trick: WorkedTrick) -> tuple[Play, ...]:
    """The cards of ``trick`` played because they were the only ones their players could play, where that is
    worth telling: a card that scores, played to follow the suit led, in a game whose points are penalties
    (Hearts' queen of spades given away with a player's last card: a reader found that trick told as if
    nothing had happened). Where every trick holds points (Skat, Klaverjassen) it would be said of most."""
    if not penalty(rules):
        return ()
    return tuple(play for play in trick.plays[1:] if play.only and play.followed and play.points)


def teaching(rules: Ruleset, worked: Worked) -> tuple[bool, ...]:
    """Per trick, whether it teaches something a rule book's example would tell: the first and the last, a
    player who cannot follow (a discard, a trump, an over- or undertrump), the first trick of each way of
    winning (the first trumps led), a suit broken, an announcement, roem, an extra point, equal cards, a card
    first seen counting in the trump suit (a bower; of promoted trumps, one that wins), a suit led for the first
    time once broken, a card that scores played because it was the only one its player could play
    (:func:`forced`). The others go as expected, and the page groups them.
    """
    out = []
    ways: set[str] = set()
    explained: set[str] = set()
    last = len(worked.tricks) - 1
    for i, trick in enumerate(worked.tricks):
        others = [p.card for p in trick.plays if p.other_suit and (rules.bowers or p.card == trick.card)]
        new_card = any(card not in explained for card in others)
        explained.update(others)
        out.append(i in (0, last) or not trick.plain or trick.why not in ways or new_card or bool(forced(rules, trick)))
        ways.add(trick.why)
    return tuple(out)


def features(rules: Ruleset, worked: Worked) -> set[str]:
    """What the deal shows at work, of what :func:`wanted` asks of this ruleset."""
    out = set()
    for trick in worked.tricks:
        if trick.why == "trumped":
            out.add("trumped")
        if any(not play.followed for play in trick.plays):
            out.add("could-not-follow")
        if trick.broken:
            out.add("broken")
        if any(play.other_suit for play in trick.plays):
            out.add("other-suit")
    if len({s for s in range(worked.players) if worked.taken[s]}) > 1:
        out.add("points-shared")  # more than one player took cards that score
    if worked.laid_away:
        out.add("talon-taken")
    if worked.game_value is not None and worked.game_value.won and worked.game_value.items:
        out.add("game-won")  # a game for tricks won: its value counted up
    kinds = {line.kind for line in worked.results}
    if "example.made" in kinds and "example.missed" in kinds:
        out.add("made-and-missed")
    if worked.party is not None:
        out |= _party_features(worked, worked.party)
    return out


def _party_features(worked: Worked, party: party_game.Outcome) -> set[str]:
    """What a party game's deal shows of the game players play most (a reader took a bot's Karo-Solo with "keine
    90" on 31 Augen for no game of theirs): the normal game, two against two, nobody having named a contract
    ("normal-game"), and an announcement the announcing party won with ("announced-and-won")."""
    out = set()
    if all(word == contracts.HEALTHY for _, word in worked.bids) and sorted(worked.teams).count(0) * 2 == len(
        worked.teams
    ):
        out.add("normal-game")
    said_by = {worked.teams[seat] for trick in worked.tricks for seat, _, _ in trick.said}
    if party.winner in said_by:
        out.add("announced-and-won")
    return out


def wanted(rules: Ruleset) -> set[str]:
    """What a worked deal of this ruleset can show: the features :func:`features` looks for."""
    layout = rules.layout(rules.default_players)
    out = {"could-not-follow"}
    chosen = contracts.of(rules)
    declarer = contracts.active(chosen) and chosen.chosen == "declarer"
    if rules.trump_kind != "none" or declarer:
        out.add("trumped")
    if declarer and talon.active(talon.of(rules)):
        out.add("talon-taken")
    if declarer and game_value.active(game_value.of(rules)):
        out.add("game-won")
    if layout.restrictions:
        out.add("broken")
    if rules.bowers:
        out.add("other-suit")
    if layout.scoring_cards:
        out.add("points-shared")
    if rules.trick_round is not None:  # everyone bids: one deal can show a bid made and one missed
        out.add("made-and-missed")
    if party_game.active(party_game.of(rules)):  # the game a table plays most, an announcement that held
        out |= {"normal-game", "announced-and-won"}
    return out


def worked_deal(rules: Ruleset) -> Worked | None:
    """The first seed's deal (of :data:`SEEDS`) that shows everything :func:`wanted` names, else the one showing most.

    Ties go to the lower seed, so the choice, like the deal, is the same on every build.
    """
    want = wanted(rules)
    best: tuple[int, Worked] | None = None
    for seed in SEEDS:
        worked = play_worked(rules, seed)
        if worked is None:
            continue
        shown = len(features(rules, worked) & want)
        if shown == len(want):
            return worked
        if best is None or shown > best[0]:
            best = (shown, worked)
    return best[1] if best else None
