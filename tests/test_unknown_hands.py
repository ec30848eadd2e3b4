"""The engine at a real table: unknown hands, only the played cards are seen.

With ``Game(..., unknown_hands=True)`` a deal accepts any card not yet seen,
decides tricks, scores, and records in ``deal.notes`` what the rules make
provable: a seat that showed out of a suit and later plays it has revoked
(a ``flag``); a play that is legal only with a certain hand (a heart led before
hearts are broken, a penalty card on the first trick) is an ``assumption``,
flagged when a later play of the same seat contradicts it. In Euchre, following
is judged by the effective suit: the left bower is a trump, not a card of its
printed suit.

Sequences here are written trick by trick, with the rule that decides each
expected value in a comment next to it.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from referee import Deal, Game, IllegalAction, load_ruleset
from referee.cards import CODES
from referee.ruleset import Ruleset

HEARTS = load_ruleset("hearts")
HEARTS_BGA = load_ruleset("hearts-bga")
HEARTS_CLASSIC = load_ruleset("hearts-classic")
BLACK_MARIA = load_ruleset("black-maria")
EUCHRE = load_ruleset("euchre")


# -- helpers -------------------------------------------------------------------------


def house_rule(folder: Path, text: str) -> Ruleset:
    """Load a house rule written on top of a bundled ruleset."""
    name = text.split("\n", 1)[0].split(": ")[1]
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


@pytest.fixture(scope="module")
def rules_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("rules")


@pytest.fixture(scope="module")
def euchre_keep(rules_dir: Path) -> Ruleset:
    """Euchre where the dealer who picks up the upcard may not discard it."""
    return house_rule(
        rules_dir,
        "id: euchre-keep\nextends: euchre\nbidding:\n  dealer_discard:\n    may_discard_upcard: false\n",
    )


def unknown_hearts(rules: Ruleset = HEARTS, *, leader: int | None = None, players: int | None = None) -> Deal:
    return Game(rules, players=players, dealer=0, unknown_hands=True).new_deal(leader=leader)


def play(deal: Deal, cards: str) -> None:
    """Apply space-separated card codes, checked, in order."""
    for card in cards.split():
        deal.apply(card)


def euchre_deal(rules: Ruleset, *, dealer: int, upcard: str, bids: str) -> Deal:
    """An unknown-hands Euchre deal after the given bidding words (comma-separated)."""
    deal = Game(rules, dealer=dealer, unknown_hands=True).new_deal(stock=[upcard])
    for word in bids.split(","):
        deal.apply(word.strip())
    return deal


Step = tuple[str, int | None, str]  # (phase, seat, action)


def random_known_deal(rules: Ruleset, players: int, seed: int) -> tuple[Deal, list[Step]]:
    """A whole deal with known hands, every action chosen at random among the legal ones."""
    rng = random.Random(seed)
    game = Game(rules, players=players, seed=seed, dealer=seed % players)
    deal = game.new_deal()
    steps: list[Step] = []
    while deal.phase != "done":
        action = rng.choice(deal.legal_actions())
        steps.append((deal.phase, deal.to_act, action))
        deal.apply(action)
    return deal, steps


def cards_played(deal: Deal) -> list[tuple[int, str]]:
    """The (seat, card) plays of a deal, trick by trick, in order."""
    out: list[tuple[int, str]] = []
    for trick in deal.tricks:
        out.extend(trick.plays)
    return out


# -- Hearts: who leads, and which cards are accepted ----------------------------------------------


def test_hearts_play_waits_for_the_table_to_name_the_leader() -> None:
    # No hands are known, so nobody knows who holds the 2C: the table says it.
    deal = unknown_hearts()
    assert deal.phase == "play"
    assert deal.to_act is None
    assert deal.legal_actions() == ["leader 0", "leader 1", "leader 2", "leader 3"]
    assert deal.hand(0) == []  # nothing is known about any hand
    with pytest.raises(IllegalAction, match="leader N"):
        deal.apply("2C")  # a card before anyone is named to lead
    with pytest.raises(IllegalAction):
        deal.apply("leader 4")  # there is no seat 4 at a four-player table
    deal.apply("leader 2")
    assert deal.to_act == 2
    assert deal.history == [(None, "leader 2")]
    assert deal.legal_actions() == ["2C"]  # the holder of the 2C must lead it


def test_unknown_hands_game_takes_no_hands_and_names_leaders_per_table_size() -> None:
    game = Game(HEARTS, dealer=0, unknown_hands=True)
    with pytest.raises(ValueError, match="takes no hands"):
        game.new_deal(hands=MOON_HANDS)
    # hearts-classic with three players: three seats may be named to lead.
    deal = unknown_hearts(HEARTS_CLASSIC, players=3)
    assert deal.to_act is None
    assert deal.legal_actions() == ["leader 0", "leader 1", "leader 2"]


def test_first_lead_other_than_the_opening_card_is_refused_naming_the_first_lead() -> None:
    # hearts.yaml: opening_lead by holder-of-lowest club, must_lead that-card -> only 2C may open.
    deal = unknown_hearts(leader=1)
    for card in ("3C", "AH", "QS"):
        with pytest.raises(IllegalAction) as err:
            deal.apply(card)
        assert err.value.seat == 1
        # The reason is the opening-lead rule, not a claim about where the card is.
        assert "first lead" in err.value.rule
        assert "2C" in err.value.rule
        assert "another hand" not in err.value.rule
    deal.apply("2C")
    assert deal.current_trick == [(1, "2C")]


def test_leader_given_to_new_deal_skips_the_leader_action() -> None:
    deal = unknown_hearts(leader=3)
    assert deal.to_act == 3
    assert deal.legal_actions() == ["2C"]
    deal.apply("2C")
    assert deal.to_act == 0  # play goes clockwise: seat 3 -> seat 0


def test_leader_outside_the_table_is_rejected_as_a_value_error() -> None:
    # Like `dealer`, a leader that is not a seat is a caller error (ValueError), never a crash.
    game = Game(HEARTS, dealer=0, unknown_hands=True)
    with pytest.raises(ValueError):
        deal = game.new_deal(leader=4)
        deal.apply("2C")


def test_any_unseen_card_is_accepted_after_the_opening_lead() -> None:
    deal = unknown_hearts(leader=0)
    deal.apply("2C")
    legal = deal.legal_actions()
    # Every card but the 2C: hands are unknown, so seat 1 may be void in clubs,
    # and may even hold only hearts and QS (then both are allowed on trick 1).
    assert len(legal) == 51
    assert "2C" not in legal
    assert {"3C", "AH", "QS", "7D"} <= set(legal)
    deal.apply("7D")  # not a club: accepted (seat 1 shows out)
    deal.apply("AH")  # a heart on trick 1: accepted as an assumption (see below)
    deal.apply("10s")  # any notation Card.parse reads
    assert deal.tricks[0].plays == ((0, "2C"), (1, "7D"), (2, "AH"), (3, "TS"))
    assert deal.tricks[0].winner == 0  # the only club wins
    assert [(n.kind, n.seat, n.card) for n in deal.notes] == [("assumption", 2, "AH")]


def test_a_card_already_played_is_refused() -> None:
    deal = unknown_hearts(leader=0)
    play(deal, "2C 3C")
    with pytest.raises(IllegalAction, match="already been played") as err:
        deal.apply("3C")  # in the trick in progress
    assert err.value.seat == 2
    play(deal, "4C 5C")  # seat 3 wins trick 1 with the 5C
    with pytest.raises(IllegalAction, match="already been played"):
        deal.apply("2C")  # in a finished trick
    assert "2C" not in deal.legal_actions()
    assert len(deal.legal_actions()) == 48


def test_a_card_outside_the_deck_is_refused_and_the_lowest_club_opens() -> None:
    # hearts-classic with five players removes 2D and 2C: the 3C is the lowest club and opens.
    deal = unknown_hearts(HEARTS_CLASSIC, leader=4, players=5)
    assert deal.legal_actions() == ["3C"]
    with pytest.raises(IllegalAction, match="not in the deck"):
        deal.apply("2C")
    deal.apply("3C")
    with pytest.raises(IllegalAction, match="not in the deck"):
        deal.apply("2D")
    assert "2D" not in deal.legal_actions()
    assert len(deal.legal_actions()) == 52 - 2 - 1  # the deck less the played 3C


def test_black_maria_leader_is_left_of_the_dealer_without_a_leader_action() -> None:
    # black-maria: opening_lead by left-of-dealer, so the table need not say who leads.
    deal = Game(BLACK_MARIA, dealer=2, unknown_hands=True).new_deal()
    assert deal.to_act == 3
    assert not any(a.startswith("leader") for a in deal.legal_actions())
    deal.apply("KS")  # no opening card and no first-trick limits in Black Maria
    assert deal.notes == []


def test_tricks_are_decided_by_the_led_suit_and_the_winner_leads() -> None:
    deal = unknown_hearts(leader=0)
    # The highest club wins, even against a higher card of another suit (no trump in Hearts).
    play(deal, "2C AD 9C 3C")
    assert deal.tricks[0].winner == 2
    assert deal.to_act == 2
    assert deal.tricks_won == [0, 0, 1, 0]
    # Seat 2 leads a spade; the ace of spades wins; hearts discarded do not win.
    play(deal, "5S AH AS KS")
    assert deal.tricks[1].leader == 2
    assert deal.tricks[1].plays == ((2, "5S"), (3, "AH"), (0, "AS"), (1, "KS"))
    assert deal.tricks[1].winner == 0
    assert deal.to_act == 0
    assert deal.taken_points() == [1, 0, 0, 0]  # the AH went to seat 0
    assert deal.is_broken()  # a heart has been played


# -- Hearts: what the play proves ----------------------------------------------------------


def test_showing_out_of_clubs_then_playing_a_club_is_flagged() -> None:
    deal = unknown_hearts(leader=0)
    play(deal, "2C 5D 3C 4C")  # trick 1: seat 1 shows out of clubs; seat 3 wins with 4C
    assert deal.flags == []
    assert deal.tricks[0].winner == 3
    play(deal, "8C 9C")  # trick 2: seat 3 leads, seat 0 follows
    deal.apply("6C")  # seat 1 plays a club it cannot have held: a revoke
    [flag] = deal.flags
    assert flag.kind == "flag"
    assert flag.seat == 1
    assert flag.card == "6C"
    assert flag.trick == 1  # the trick index of the revoke (the second trick)
    assert flag.rule == "revoke"
    assert "seat 1" in flag.message
    assert "6C" in flag.message
    assert "trick 1" in flag.message  # where it showed out (trick numbers are 1-based in text)
    deal.apply("TC")
    assert deal.tricks[1].winner == 2  # the revoke still counts as played: TC is the highest club


def test_legal_following_and_discarding_raise_no_flag() -> None:
    deal = unknown_hearts(leader=0)
    play(deal, "2C 5D 3C 4C")  # seat 1 shows out of clubs
    play(deal, "8D 9D 6D TD")  # seat 3 leads; seat 1 follows diamonds; seat 2 wins (TD)
    play(deal, "KS 7C 2S 3S")  # seat 2 leads; seat 3 shows out of spades; seat 1 follows
    assert deal.notes == []


def test_heart_led_before_broken_is_an_assumption_and_a_later_non_heart_is_flagged() -> None:
    deal = unknown_hearts(leader=0)
    play(deal, "2C 3C 4C AC")  # seat 3 wins; no heart played, hearts unbroken
    assert not deal.is_broken()
    deal.apply("2H")  # seat 3 leads a heart unbroken: legal only with nothing but hearts
    [note] = deal.notes
    assert note.kind == "assumption"
    assert note.seat == 3
    assert note.card == "2H"
    assert note.trick == 1
    assert note.rule == "lead-restriction"
    assert deal.is_broken()  # the heart led this way breaks hearts
    play(deal, "3H 4H 5H")  # seat 2 wins with 5H
    play(deal, "6H 7H")  # seat 3 plays another heart: consistent with its claim
    assert deal.flags == []
    play(deal, "8H 9H")  # seat 1 wins trick 3 with 9H
    play(deal, "KD AD QD")  # seat 1 leads KD, seat 2 plays AD, seat 3 plays a diamond
    [flag] = deal.flags
    assert flag.seat == 3
    assert flag.card == "QD"
    assert flag.trick == 3
    assert "led 2H before it was broken" in flag.message


def test_lift_if_only_house_rule_lets_the_heart_leader_still_hold_the_queen(rules_dir: Path) -> None:
    # lift_if_only [QS]: a leader whose other cards are all QS may lead a heart, so
    # the claim is "only hearts and maybe QS": a later QS is consistent, a diamond is not.
    rules = house_rule(
        rules_dir,
        "id: hearts-lift\nextends: hearts\nplay:\n  lead_restrictions:\n"
        "    - cards: [H]\n      broken_by: [H]\n      lift_if_only: [QS]\n",
    )
    deal = unknown_hearts(rules, leader=0)
    play(deal, "2C 3C 4C AC")  # seat 3 wins
    play(deal, "2H 3H 4H 5H")  # seat 3 leads a heart unbroken (assumption); seat 2 wins
    assert [n.rule for n in deal.notes] == ["lead-restriction"]
    play(deal, "2S QS 3S 4S")  # seat 3 plays the QS on spades: allowed by its claim; it wins
    assert deal.flags == []
    assert deal.to_act == 3
    deal.apply("5D")  # seat 3 leads a diamond: contradicts "only hearts and QS"
    [flag] = deal.flags
    assert (flag.seat, flag.card) == (3, "5D")


def test_heart_led_after_the_queen_broke_hearts_is_no_assumption() -> None:
    # hearts-classic: broken_by [H, QS], so a QS discard breaks hearts too.
    deal = unknown_hearts(HEARTS_CLASSIC, leader=0)
    play(deal, "2C 3C 4C AC")  # seat 3 wins
    play(deal, "KD QS 2D 3D")  # seat 0 plays QS on diamonds: hearts are broken; seat 3 wins (KD)
    assert deal.is_broken()
    assert deal.tricks[1].winner == 3
    deal.apply("2H")  # a heart lead after hearts were broken needs no assumption
    assert deal.notes == []


@pytest.mark.parametrize("penalty", ["QS", "7H"])
def test_penalty_card_on_the_first_trick_is_an_assumption_and_a_later_other_card_is_flagged(penalty: str) -> None:
    # hearts.yaml: first_trick forbid [H, QS], "even for a player who cannot follow":
    # playing one is legal only with no card outside hearts and QS.
    deal = unknown_hearts(leader=0)
    play(deal, f"2C {penalty} 3C 4C")  # seat 1 plays the penalty card; seat 3 wins with 4C
    [note] = deal.notes
    assert note.kind == "assumption"
    assert note.seat == 1
    assert note.card == penalty
    assert note.trick == 0
    assert note.rule == "first-trick"
    play(deal, "5C 6C 2H 7C")  # seat 1 discards a heart on clubs: consistent; seat 2 wins (7C)
    assert deal.flags == []
    play(deal, "8D 9D TD JD")  # seat 1 plays a diamond: it claimed to hold none
    [flag] = deal.flags
    assert flag.seat == 1
    assert flag.card == "JD"
    assert flag.trick == 2
    assert f"played {penalty} to the first trick" in flag.message


def test_copy_keeps_the_knowledge_independent() -> None:
    deal = unknown_hearts(leader=0)
    play(deal, "2C 5D 3C 4C")  # seat 1 shows out of clubs; seat 3 leads trick 2
    play(deal, "8C 9C")
    fork = deal.copy()
    fork.apply("6C")  # a revoke by seat 1, in the copy only
    assert [(n.seat, n.card) for n in fork.flags] == [(1, "6C")]
    assert deal.flags == []
    assert deal.notes == []
    deal.apply("2S")  # the original goes on differently: 6C is still unseen there
    assert "6C" in deal.legal_actions()
    assert "6C" not in fork.legal_actions()
    # Seat 2 shows out of clubs in the original only; in the copy it follows.
    deal.apply("JD")  # trick 2 of the original: 8C 9C 2S JD, seat 0 wins with 9C
    fork.apply("TC")  # trick 2 of the copy: 8C 9C 6C TC, seat 2 wins with TC
    assert deal.to_act == 0
    assert fork.to_act == 2
    play(deal, "7C KD QC")  # seat 2 plays a club in the original: flagged there
    assert [(n.seat, n.card) for n in deal.flags] == [(2, "QC")]
    play(fork, "QC")  # the same card in the copy: seat 2 was never shown void there
    assert [(n.seat, n.card) for n in fork.flags] == [(1, "6C")]


# -- Hearts: scoring -------------------------------------------------------------------------


SCORED_RULESETS = [
    ("hearts", 4),
    ("hearts-classic", 3),
    ("hearts-classic", 5),
    ("black-maria", 4),
    ("omnibus-hearts", 4),
    ("spot-hearts", 4),
    ("partnership-hearts", 4),
    ("reverse-hearts", 4),
]


@pytest.mark.parametrize(("ruleset", "players"), SCORED_RULESETS)
def test_unknown_hands_score_like_known_hands(rules_dir: Path, ruleset: str, players: int) -> None:
    # Play legal deals with known hands, replay their card sequences with unknown hands,
    # then build known hands from what each seat played and replay once more (passing off,
    # so the dealt hands are the played ones). All three must score the same, and legal
    # play must raise no flag.
    rules = load_ruleset(ruleset)
    no_pass = house_rule(rules_dir, f"id: {ruleset}-nopass-{players}\nextends: {ruleset}\npassing: null\n")
    for seed in range(3):
        known, steps = random_known_deal(rules, players, seed)
        dealer = known.dealer
        plays = cards_played(known)
        assert plays == [(seat, a) for phase, seat, a in steps if phase == "play"]
        choice = [a for phase, _, a in steps if phase == "choose"]
        leader = plays[0][0]

        unknown = Game(rules, players=players, dealer=dealer, unknown_hands=True).new_deal(leader=leader)
        assert unknown.to_act == leader
        for seat, card in plays:
            assert unknown.to_act == seat
            unknown.apply(card)
        for word in choice:
            unknown.apply(word)
        assert unknown.phase == "done"
        assert unknown.flags == []
        assert [t.winner for t in unknown.tricks] == [t.winner for t in known.tricks]
        assert unknown.points() == known.points()

        hands = [[card for seat, card in plays if seat == s] for s in range(players)]
        replay = Game(no_pass, players=players, dealer=dealer).new_deal(hands=hands, dealer=dealer)
        assert replay.phase == "play"
        for seat, card in plays:
            assert replay.to_act == seat
            replay.apply(card)  # checked: the constructed hands make the sequence legal
        for word in choice:
            replay.apply(word)
        assert replay.points() == unknown.points()


# Seat 0 holds the top cards of every suit it has: it wins all thirteen tricks,
# taking every heart and the QS.
MOON_HANDS = [
    ["AC", "KC", "QC", "JC", "AD", "KD", "QD", "JD", "AS", "KS", "QS", "AH", "KH"],
    ["2C", "3C", "4C", "5C", "6C", "2D", "3D", "4D", "5D", "2S", "3S", "4S", "2H"],
    ["7C", "8C", "9C", "TC", "6D", "7D", "8D", "9D", "5S", "6S", "7S", "3H", "4H"],
    ["TD", "8S", "9S", "TS", "JS", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH"],
]


def moon_sequence(rules: Ruleset) -> tuple[Deal, list[tuple[int, str]]]:
    game = Game(rules, dealer=0)
    deal = game.new_deal(hands=MOON_HANDS, dealer=0, number=3)  # number 3: hold, no pass
    order = iter(MOON_HANDS[0])
    while deal.phase == "play":
        deal.apply(next(order) if deal.to_act == 0 else deal.legal_actions()[0])
    return deal, cards_played(deal)


def test_the_moon_is_detected_with_unknown_hands() -> None:
    known, plays = moon_sequence(HEARTS)
    assert known.shooter == 0
    assert plays[0] == (1, "2C")  # seat 1 holds the 2C
    deal = unknown_hearts(leader=1)
    for _, card in plays:
        deal.apply(card)
    assert deal.tricks_won == [13, 0, 0, 0]
    assert deal.taken_points() == [26, 0, 0, 0]
    # hearts.yaml: old moon, the shooter scores 0 and everyone else 26.
    assert deal.shooter == 0
    assert deal.points() == [0, 26, 26, 26] == known.points()


def test_the_moon_choice_is_offered_with_unknown_hands() -> None:
    # hearts-classic: moon kind choose, so the shooter picks old-moon or new-moon.
    _, plays = moon_sequence(HEARTS_CLASSIC)
    deal = unknown_hearts(HEARTS_CLASSIC, leader=1)
    for _, card in plays:
        deal.apply(card)
    assert deal.phase == "choose"
    assert deal.to_act == 0
    assert deal.legal_actions() == ["old-moon", "new-moon"]
    deal.apply("new-moon")
    assert deal.points() == [-26, 0, 0, 0]  # new moon: the shooter takes minus 26


# Every heart and the QS are played in the first five tricks.
NO_POINTS_LEFT = [
    "2C 3C 4C 5C",  # seat 0 leads; 5C wins: seat 3
    "2S QS AH KH",  # seat 3 leads; QS is the highest spade: seat 0 takes 13 + 1 + 1
    "2H 3H 4H 5H",  # seat 0 leads; 5H wins: seat 3 takes 4
    "6H 7H 8H 9H",  # seat 3 leads; 9H wins: seat 2 takes 4
    "TH JH QH 6C",  # seat 2 leads; QH wins: seat 0 takes 3 -> seat 0 has 18
]


def test_bga_ends_the_deal_when_no_scoring_card_is_left() -> None:
    # hearts-bga: end_early no-points-left. After trick 5 no heart and no QS is unseen.
    game = Game(HEARTS_BGA, dealer=0, unknown_hands=True)
    deal = game.new_deal(leader=0)
    for trick in NO_POINTS_LEFT[:-1]:
        play(deal, trick)
    assert deal.phase == "play"  # the QH and the TH, JH are still out
    play(deal, NO_POINTS_LEFT[-1])
    assert deal.phase == "done"
    assert deal.to_act is None
    assert len(deal.tricks) == 5
    assert deal.points() == [18, 0, 4, 4]
    assert deal.flags == []
    game.finish_deal(deal)
    assert game.scores == [82, 100, 96, 96]  # BGA counts down from 100


def test_plain_hearts_plays_on_when_no_scoring_card_is_left() -> None:
    # hearts.yaml has no end_early: the same five tricks leave eight to play.
    deal = unknown_hearts(leader=0)
    for trick in NO_POINTS_LEFT:
        play(deal, trick)
    assert deal.phase == "play"
    assert deal.to_act == 0
    assert deal.taken_points() == [18, 0, 4, 4]


def test_claim_with_unknown_hands_gives_every_unseen_card_to_the_claimer() -> None:
    deal = unknown_hearts(leader=0)
    play(deal, "2C 3C 4C AC")  # seat 3 wins
    deal.apply("KS")
    with pytest.raises(IllegalAction, match="between tricks"):
        deal.claim(3)  # a trick is in progress
    play(deal, "QS 2S 3S")  # seat 3 wins the QS with its KS
    deal.claim(0)  # seat 0 takes the eleven tricks left, hence all thirteen hearts
    assert deal.phase == "done"
    assert deal.claimed_by == 0
    assert deal.tricks_won == [11, 0, 0, 2]
    assert deal.points() == [13, 0, 0, 13]


# -- Euchre ------------------------------------------------------------------------------------


def test_euchre_bidding_words_work_with_unknown_hands() -> None:
    deal = Game(EUCHRE, dealer=0, unknown_hands=True).new_deal(stock=["9H"])
    assert deal.phase == "bid"
    assert deal.upcard is not None
    assert deal.to_act == 1  # bidding starts left of the dealer
    assert deal.legal_actions() == ["pass", "order-up"]
    for seat in (1, 2, 3, 0):
        assert deal.to_act == seat
        deal.apply("pass")
    # Round two: call any suit but the turned-down hearts.
    assert deal.to_act == 1
    assert deal.legal_actions() == ["pass", "call C", "call D", "call S"]
    with pytest.raises(IllegalAction):
        deal.apply("order-up")
    with pytest.raises(IllegalAction):
        deal.apply("call H")
    for _ in range(3):
        deal.apply("pass")
    # Stick the dealer: seat 0 may not pass.
    assert deal.to_act == 0
    assert deal.legal_actions() == ["call C", "call D", "call S"]
    deal.apply("call S")
    assert deal.maker == 0
    assert deal.legal_actions() == ["alone", "partner"]
    deal.apply("partner")
    assert deal.phase == "play"
    assert deal.trump == 3  # spades
    assert deal.to_act == 1  # euchre: left of the dealer leads, no leader word needed
    assert not any(a.startswith("leader") for a in deal.legal_actions())
    with pytest.raises(IllegalAction, match="not in the deck"):
        deal.apply("2C")  # Euchre's deck is 9 to A


def test_euchre_order_up_dealer_keeps_the_upcard_under_the_house_rule(euchre_keep: Ruleset) -> None:
    # may_discard_upcard: false -> the dealer (seat 0) holds the 9H until it plays it.
    deal = euchre_deal(euchre_keep, dealer=0, upcard="9H", bids="order-up, partner")
    assert deal.trump == 2
    assert deal.maker == 1
    assert deal.to_act == 1
    assert "9H" not in deal.legal_actions()
    with pytest.raises(IllegalAction, match="another hand"):
        deal.apply("9H")
    play(deal, "AH KH")  # seats 1 and 2 follow trump
    assert deal.to_act == 3
    assert "9H" not in deal.legal_actions()
    deal.apply("QH")
    assert deal.to_act == 0
    assert "9H" in deal.legal_actions()  # the dealer may play the card it holds
    deal.apply("9H")
    assert deal.tricks[0].winner == 1  # AH beats KH, QH, 9H (no bower played)
    assert deal.flags == []


def test_euchre_order_up_upcard_is_never_for_another_seat() -> None:
    # Default euchre: the dealer picks the upcard up and discards one card, possibly the
    # upcard. Either way the 9H is in the dealer's hand or in the discard: no other seat
    # can hold it.
    deal = euchre_deal(EUCHRE, dealer=0, upcard="9H", bids="order-up, partner")
    for seat in (1, 2, 3):
        assert deal.to_act == seat
        assert "9H" not in deal.legal_actions()
        with pytest.raises(IllegalAction):
            deal.apply("9H")
        deal.apply(["AH", "KH", "QH"][seat - 1])
    assert "9H" in deal.legal_actions()  # the dealer may still hold it


@pytest.mark.parametrize("keep", [False, True])
def test_euchre_call_puts_the_turned_down_upcard_out_of_play(euchre_keep: Ruleset, keep: bool) -> None:
    rules = euchre_keep if keep else EUCHRE
    deal = euchre_deal(rules, dealer=0, upcard="9H", bids="pass, pass, pass, pass, call S, partner")
    assert deal.maker == 1
    assert deal.trump == 3
    for seat in (1, 2, 3, 0):  # nobody, not even the dealer, can play the turned-down card
        assert deal.to_act == seat
        assert "9H" not in deal.legal_actions()
        with pytest.raises(IllegalAction, match="out of play"):
            deal.apply("9H")
        deal.apply(["AS", "KS", "QS", "TS"][(seat - 1) % 4])
    assert deal.tricks[0].winner == 1


# Per trump: the left bower, its printed suit, and another plain suit.
BOWERS = [
    pytest.param("H", "D", "C", id="trump-H"),
    pytest.param("S", "C", "D", id="trump-S"),
]


def ordered_up(trump: str) -> Deal:
    # Dealer 0 turns up the 9 of trump, seat 1 orders it up; seat 1 leads.
    # (The upcard itself is never played below.)
    return euchre_deal(EUCHRE, dealer=0, upcard=f"9{trump}", bids="order-up, partner")


@pytest.mark.parametrize(("t", "left", "other"), BOWERS)
def test_euchre_showing_out_of_trump_then_playing_the_left_bower_is_flagged(t: str, left: str, other: str) -> None:
    deal = ordered_up(t)
    play(deal, f"A{t} 9{other} T{t} K{t}")  # seat 2 does not follow trump: it holds no trump
    assert deal.tricks[0].winner == 1
    assert deal.flags == []
    play(deal, f"A{left}")  # seat 1 leads the bower's printed suit
    deal.apply(f"J{left}")  # seat 2 plays the left bower: a trump it cannot hold
    [flag] = deal.flags
    assert (flag.seat, flag.card, flag.trick) == (2, f"J{left}", 1)
    assert f"showed out of {t} in trick 1" in flag.message
    play(deal, f"9{left} T{left}")
    assert deal.tricks[1].winner == 2  # the left bower is trump: it beats the led ace


@pytest.mark.parametrize(("t", "left", "other"), BOWERS)
def test_euchre_left_bower_on_its_printed_suit_after_showing_out_of_it_is_not_flagged(
    t: str, left: str, other: str
) -> None:
    deal = ordered_up(t)
    # Seat 2 shows out of the printed suit; the left bower is not of that suit, so it
    # may still hold it.
    play(deal, f"A{left} 9{other} K{left} Q{left}")
    assert deal.tricks[0].winner == 1
    play(deal, f"T{left} J{left} 9{left} A{other}")  # seat 2 trumps with the left bower
    assert deal.flags == []
    assert deal.tricks[1].winner == 2
    deal.apply(f"Q{t}")  # and seat 2 holds trump: leading one is consistent too
    assert deal.notes == []


@pytest.mark.parametrize(("t", "left", "other"), BOWERS)
def test_euchre_showing_out_of_the_printed_suit_then_playing_it_is_flagged(t: str, left: str, other: str) -> None:
    deal = ordered_up(t)
    play(deal, f"A{left} 9{other} K{left} Q{left}")  # seat 2 shows out of the printed suit
    play(deal, f"T{left}")
    deal.apply(f"9{left}")  # a real card of that suit: a revoke
    [flag] = deal.flags
    assert (flag.seat, flag.card) == (2, f"9{left}")
    assert f"showed out of {left} in trick 1" in flag.message


@pytest.mark.parametrize(("t", "left", "other"), BOWERS)
def test_euchre_left_bower_on_its_printed_suit_proves_a_void_there(t: str, left: str, other: str) -> None:
    deal = ordered_up(t)
    # Seat 2 plays the left bower (a trump) on a lead of its printed suit: it has no card
    # of that suit, so a later card of that suit is a revoke.
    play(deal, f"A{left} J{left} K{left} Q{left}")
    assert deal.tricks[0].winner == 2
    assert deal.flags == []
    deal.apply(f"T{left}")  # seat 2 leads the printed suit it showed out of
    [flag] = deal.flags
    assert (flag.seat, flag.card, flag.trick) == (2, f"T{left}", 1)


@pytest.mark.parametrize(("t", "left", "other"), BOWERS)
def test_euchre_left_bower_lead_is_a_trump_lead(t: str, left: str, other: str) -> None:
    deal = ordered_up(t)
    # Seat 1 leads the left bower: trump is led. Seat 2 plays the printed suit (showing out
    # of trump); seat 3 follows with the ace of trump; the dealer's right bower wins.
    play(deal, f"J{left} 9{left} A{t} J{t}")
    assert deal.tricks[0].winner == 0  # right bower > left bower > ace
    assert deal.flags == []
    play(deal, f"A{other} K{other}")
    deal.apply(f"T{t}")  # seat 2 plays a trump after showing out of trump
    [flag] = deal.flags
    assert (flag.seat, flag.card) == (2, f"T{t}")
    assert f"showed out of {t} in trick 1" in flag.message


@pytest.mark.parametrize(("t", "left", "other"), BOWERS)
def test_euchre_following_a_left_bower_lead_with_trump_proves_nothing_about_the_printed_suit(
    t: str, left: str, other: str
) -> None:
    deal = ordered_up(t)
    play(deal, f"J{left} Q{t} A{t} K{t}")  # everyone follows trump; seat 1's left bower wins
    assert deal.tricks[0].winner == 1
    play(deal, f"A{left} K{left} Q{left} T{left}")  # everyone follows the printed suit
    assert deal.tricks[1].winner == 1
    assert deal.notes == []


def test_euchre_dealer_who_keeps_the_upcard_and_shows_out_of_its_suit_is_flagged(euchre_keep: Ruleset) -> None:
    # House rule: the dealer holds the 9H (trump). Showing out of hearts while holding it
    # is a revoke, proven the moment it happens.
    deal = euchre_deal(euchre_keep, dealer=0, upcard="9H", bids="order-up, partner")
    play(deal, "AH KH QH 9C")  # the dealer (seat 0) plays a club on a trump lead
    [flag] = deal.flags
    assert (flag.seat, flag.card, flag.trick) == (0, "9C", 0)


def test_euchre_dealer_who_kept_the_upcard_is_flagged_when_it_plays_it_after_showing_out(
    euchre_keep: Ruleset,
) -> None:
    deal = euchre_deal(euchre_keep, dealer=0, upcard="9H", bids="order-up, partner")
    play(deal, "AH KH QH 9C")  # the dealer shows out of trump (seat 1 wins)
    play(deal, "AC TC QC")
    deal.apply("9H")  # ...and later plays the upcard it was holding all along
    assert [(f.seat, f.card) for f in deal.flags if f.card == "9H"] == [(0, "9H")]


# Dealer 3 turns up 9S; seat 2 orders it up and goes alone, so its partner seat 0
# sits out. Seat 0 is left of the dealer: the lead passes to seat 1.
ALONE = [
    ("AD JS KD", 2),  # seat 1 leads; seat 2 trumps with the right bower
    ("JC TS QS", 2),  # seat 2 leads the left bower; trump led, it wins
    ("AH KS TH", 3),  # seat 3 trumps the AH
    ("QD 9D AS", 2),  # seat 3 leads; order 3, 1, 2: seat 0 is skipped; seat 2 trumps
    ("AC 9C KC", 2),  # the ace wins
]


def test_euchre_going_alone_plays_three_card_tricks_without_the_partner() -> None:
    deal = Game(EUCHRE, dealer=3, unknown_hands=True).new_deal(stock=["9S"])
    for word in ("pass", "pass", "order-up", "alone"):
        deal.apply(word)
    assert deal.alone
    assert deal.maker == 2
    assert deal.sitting_out == 0
    assert deal.active_seats() == [1, 2, 3]
    assert deal.to_act == 1
    leader = 1
    for cards, winner in ALONE:
        order = [(leader + i) % 4 for i in range(4) if (leader + i) % 4 != 0]
        for seat, card in zip(order, cards.split(), strict=True):
            assert deal.to_act == seat
            deal.apply(card)
        trick = deal.tricks[-1]
        assert len(trick.plays) == 3
        assert [s for s, _ in trick.plays] == order
        assert trick.winner == winner
        leader = winner
    assert deal.phase == "done"
    assert deal.tricks_won == [0, 0, 4, 1]
    assert deal.flags == []
    # The makers took 4 of 5 tricks: 1 point each for seats 0 and 2 (shared), even alone.
    assert deal.points() == [1, 0, 1, 0]


def test_euchre_going_alone_march_scores_four() -> None:
    deal = Game(EUCHRE, dealer=3, unknown_hands=True).new_deal(stock=["9S"])
    for word in ("pass", "pass", "order-up", "alone"):
        deal.apply(word)
    for cards in ("AD JS KD", "JC TS QS", "AS KS 9C", "AH 9H TH", "AC QC KC"):
        play(deal, cards)
    assert deal.tricks_won == [0, 0, 5, 0]
    assert all(0 not in [s for s, _ in t.plays] for t in deal.tricks)
    assert deal.points() == [4, 0, 4, 0]  # makers win all five alone: 4


def test_euchre_lone_maker_against_a_lone_defender_plays_two_card_tricks(rules_dir: Path) -> None:
    # alone: maker-and-defender. Seat 1 orders up alone (seat 3 sits out); the defenders
    # decide in order from the dealer's left: seat 2 goes alone too, so seat 0 sits out.
    rules = house_rule(rules_dir, "id: euchre-lone-defender\nextends: euchre\nbidding:\n  alone: maker-and-defender\n")
    deal = euchre_deal(rules, dealer=0, upcard="9H", bids="order-up, alone")
    assert deal.to_act == 2
    assert deal.legal_actions() == ["alone", "partner"]
    deal.apply("alone")
    assert (deal.sitting_out, deal.lone_defender, deal.defender_out) == (3, 2, 0)
    assert deal.active_seats() == [1, 2]
    for cards in ("AH KH", "QH TH", "AC KC", "AD KD", "AS KS"):
        assert deal.to_act == 1  # seat 1 wins every trick with the ace and leads again
        play(deal, cards)
        assert [s for s, _ in deal.tricks[-1].plays] == [1, 2]
    assert deal.phase == "done"
    assert deal.tricks_won == [0, 5, 0, 0]
    assert deal.points() == [0, 4, 0, 4]  # makers win all five alone: 4, shared with seat 3


def test_euchre_unknown_hands_score_like_known_hands() -> None:
    # Legal Euchre deals with known hands, replayed word by word and card by card with
    # unknown hands (no discard phase there: the dealer's discard is not seen): same
    # tricks, same points, no flags.
    for seed in range(8):
        known, steps = random_known_deal(EUCHRE, 4, seed)
        assert not known.redeal  # stick the dealer: someone always names trump
        assert known.upcard is not None
        deal = Game(EUCHRE, dealer=known.dealer, unknown_hands=True).new_deal(stock=[CODES[known.upcard]])
        for phase, seat, action in steps:
            if phase == "discard":
                continue
            assert deal.phase == phase
            assert deal.to_act == seat
            deal.apply(action)
        assert deal.phase == "done"
        assert (deal.trump, deal.maker, deal.alone) == (known.trump, known.maker, known.alone)
        assert deal.flags == []
        assert [t.plays for t in deal.tricks] == [t.plays for t in known.tricks]
        assert [t.winner for t in deal.tricks] == [t.winner for t in known.tricks]
        assert deal.points() == known.points()


def test_euchre_unknown_deal_never_offers_a_bid_it_cannot_apply() -> None:
    # Without a stock the table has not said which card is turned up. Either the deal
    # is refused, or every bidding word it offers must apply (order-up needs the upcard).
    game = Game(EUCHRE, dealer=0, unknown_hands=True)
    try:
        deal = game.new_deal()
    except ValueError:
        return
    for action in deal.legal_actions():
        fork = deal.copy()
        fork.apply(action)
        assert fork.history[-1] == (1, action)


def test_withdrawn_assumption_flags_no_later_play() -> None:
    """When the table says a first-trick heart broke the rules, the engine's
    "held only penalty cards" assumption is withdrawn: later plays are not flagged."""
    deal = Game(load_ruleset("hearts"), unknown_hands=True).new_deal(leader=1)
    for card in ("2C", "9C", "KH"):  # seat 3 discards a heart on the first trick
        deal.apply(card)
    assert [n.kind for n in deal.notes] == ["assumption"]
    deal.withdraw(3, "KH")
    deal.apply("AC")  # seat 0 wins the trick and leads
    for card in ("3D", "9D", "QD", "5D"):  # seat 3 plays a diamond: no longer contradicts anything
        deal.apply(card)
    assert deal.flags == []
    # Without the withdrawal the same play is flagged.
    again = Game(load_ruleset("hearts"), unknown_hands=True).new_deal(leader=1)
    for card in ("2C", "9C", "KH", "AC", "3D", "9D", "QD", "5D"):
        again.apply(card)
    assert [f.seat for f in again.flags] == [3]


def test_an_upcard_that_only_shows_trump_is_out_of_play() -> None:
    # Oh Hell turns the card after the hands up to show trump; nobody holds it, so a table
    # with unknown hands refuses it from every seat (the kiosk drive played it as a card).
    game = Game(load_ruleset("oh-hell"), players=4, seed=1, unknown_hands=True)
    deal = game.new_deal(dealer=0, number=0, stock=["5S"])
    assert deal.upcard is not None
    while deal.phase == "bid":
        deal.apply("0" if "0" in deal.legal_actions() else deal.legal_actions()[0])
    assert deal.phase == "play"
    for lead in ("JD", "2D", "3D", "4D"):
        seat = deal.to_act
        assert not deal.is_legal("5S")
        with pytest.raises(IllegalAction, match="out of play"):
            deal.apply("5S")
        assert deal.to_act == seat
        deal.apply(lead)


# -- each rule of play words its own assumption (referee/observer.py knows none of them) -----------------------


def test_the_observer_names_no_rule_of_play_each_rule_words_what_its_plays_claim() -> None:
    import ast

    from referee.observer import Observer

    root = Path(__file__).resolve().parent.parent / "referee"

    def literals(path: Path) -> set[object]:
        return {n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Constant)}

    def causes(path: Path) -> set[object]:  # each rule class's `cause = "..."` (read statically: compiled, a
        # class attribute of a native class is a descriptor, not its value)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        return {
            n.value.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "cause" for t in n.targets)
            and isinstance(n.value, ast.Constant)
            and n.value.value
        }

    found = causes(root / "playing.py") | set().union(*map(causes, sorted((root / "mechanisms").glob("*.py"))))
    assert {"first-trick", "lead-restriction"} <= found  # the causes a screen words (trumping: its NAME)
    assert not found & literals(root / "observer.py")  # a new rule of play needs no line in the observer
    assert "trumping" not in literals(root / "observer.py")

    class Fours:  # a rule of play written for this test (referee.observer.Assuming): its own cause and words
        cause = "fours"

        def assumption(self, seat: int, code: str) -> str:
            return f"seat {seat} plays {code} as if it held no four"

        def claimed(self, code: str, trick: int) -> str:
            return f"played {code}, claiming no four"

    seen = Observer(4)
    seen.assume(1, "QH", 0, Fours(), 1 << CODES.index("4C"))
    assert seen.notes[-1].rule == "fours" and seen.notes[-1].message == "seat 1 plays QH as if it held no four"
    seen.played(1, CODES.index("4C"), "4C", 3)  # the four it claimed not to hold: one flag, in the rule's words
    flag = seen.notes[-1]
    assert flag.kind == "flag" and flag.reason is not None and flag.reason.cause == "fours"
    assert flag.message == "seat 1 played 4C, but seat 1 played QH, claiming no four"
