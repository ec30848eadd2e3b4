"""The rules and examples of the public pages the rulesets follow, replayed as scenarios.

Each test names the page it follows by number, as the rulesets' comments do
("seed 000"): 000 cardgames.io, Hearts (the German page); 001 Board Game
Arena, Hearts (the Hebrew and English rules); 002 Whisthub, spelregels
hartenjagen (Dutch); 003 Pagat-style Hearts for 3 to 7 players (an Italian
page); 004 cardgames.io, Euchre (the German page). Each ruleset's ``source``
names its page too. Expected values are worked out from the page's text in
the comments.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from helpers_deals import (
    all_clubs,
    cards,
    euchre_strong_seat1,
    euchre_strong_seat2,
    fill_hands,
    pass_cards,
    play,
    play_out,
    play_trick,
    rotate,
    rules,
    split_deal,
    write_rules,
)

from referee import Deal, Game, IllegalAction

HOLD = 3  # the fourth deal of the four-player cycle: nobody passes


def hold_deal(ruleset: str, hands: list[list[str]], dealer: int = 0) -> Deal:
    return Game(rules(ruleset), dealer=dealer).new_deal(hands=hands, dealer=dealer, number=HOLD)


# -- 000 cardgames.io Hearts ("Black Lady", old moon) ---------------------------------------------


def test_000_three_cards_pass_left_right_across_then_none_and_the_cycle_repeats() -> None:
    # "Im ersten Spiel ... links ... im zweiten ... rechts ... im dritten ... gegenüber, und im vierten
    # Spiel gibst du keine Karten weiter. Dieser Zyklus wiederholt sich." Exactly three cards.
    game = Game(rules("hearts"), seed=0)
    seen = []
    for _ in range(6):
        deal = game.new_deal()
        seen.append(deal.pass_direction)
        if deal.phase == "pass":
            first = deal.to_act
            for _ in range(3):
                deal.apply(deal.legal_actions()[0])
            assert deal.to_act == (first + 1) % 4  # three cards chosen, the next seat's turn
        pass_cards(deal)
        game.finish_deal(play_out(deal))
    assert seen == ["left", "right", "across", "hold", "left", "right"]


def test_000_the_two_of_clubs_holder_leads_it_and_everyone_must_follow() -> None:
    # "Der Spieler, der die Kreuz Zwei hat, führt zuerst und muss mit dieser Karte beginnen ...
    # Du musst die gelegte Farbe immer bedienen, wenn du kannst."
    deal = hold_deal("hearts", split_deal(), dealer=2)
    assert deal.to_act == 0 and deal.legal_actions() == ["2C"]
    deal.apply("2C")
    with pytest.raises(IllegalAction, match=r"must follow suit \(C was led\)"):
        deal.apply("2D")
    assert deal.legal_actions() == cards("C:3456789TJQKA")


# Trick 1 is 2C, AC, 3C, 5D: seat 1 then leads, holding the QS, and hearts are unbroken.
QUEEN_LEAD = [
    cards("C:2 D:234 H:23456 S:2345"),
    cards("C:QKA D:QKA H:789T S:QKA"),
    cards("C:3456789TJ H:JQKA"),
    cards("D:56789TJ S:6789TJ"),
]


def test_000_the_queen_may_always_be_led_and_does_not_break_hearts() -> None:
    # "... in der Variante auf unserer Seite dürfen die Spieler immer mit der Pik-Dame führen, und sie
    # bricht Herz nicht."
    deal = hold_deal("hearts", QUEEN_LEAD)
    assert play_trick(deal, "2C", "AC", "3C", "5D") == 1
    assert "QS" in deal.legal_actions()
    assert play_trick(deal, "QS", "4C", "6S", "2S") == 1  # seat 1 takes his own queen: 13 points
    assert deal.taken_points() == [0, 13, 0, 0]
    assert not deal.is_broken()
    with pytest.raises(IllegalAction, match=r"7H may not be led until broken"):
        deal.apply("7H")


def test_000_no_heart_and_no_queen_on_the_very_first_trick_even_when_void() -> None:
    # "Außerdem darfst du niemals eine Herzkarte oder die Pik-Dame im allerersten Stich der Runde
    # spielen, auch wenn du die Farbe nicht bedienen kannst."
    hands = [
        cards("C:2 D:JQKA S:6789TJKA"),
        cards("D:23456789 H:2 S:234Q"),
        cards("C:3456789TJQKA S:5"),
        cards("D:T H:3456789TJQKA"),
    ]
    deal = hold_deal("hearts", hands)
    deal.apply("2C")
    for card in ("2H", "QS"):
        with pytest.raises(IllegalAction, match=rf"{card} may not be played to the first trick"):
            deal.apply(card)
    play(deal, "9D", "AC")
    assert deal.legal_actions() == ["TD"]  # twelve hearts and one diamond: the diamond


def test_000_shooting_the_moon_gives_the_others_26_each() -> None:
    # "Wenn du ALLE Strafkarten erhältst (13 Herzen + die Pik-Dame), bekommst du 0 Punkte und die
    # anderen drei Spieler erhalten jeweils 26 Punkte!"
    game = Game(rules("hearts"), dealer=0)
    deal = play_out(game.new_deal(hands=all_clubs(game, 2), number=HOLD))
    assert deal.taken_points() == [0, 0, 26, 0]
    assert deal.points() == [26, 26, 0, 26]


def test_000_new_moon_subtracts_26_from_the_shooter() -> None:
    # "... 'New Moon'-Regeln, bei denen die Person, die 'Shooting the Moon' schafft, 26 Punkte von ihrer
    # Punktzahl abzieht, während alle anderen 0 Punkte erhalten" (Reverse Hearts reverses the moon so).
    game = Game(rules("reverse-hearts"), dealer=0)
    game.finish_deal(play_out(game.new_deal(hands=split_deal(), number=HOLD)))
    assert game.scores == [1, 25, 0, 0]
    game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 1), number=HOLD)))
    assert game.scores == [1, 25 - 26, 0, 0]


@pytest.mark.parametrize(
    ("before", "choice_offered"),
    [
        ([80, 75, 40, 60], True),  # old: 80 101 66 86, the shooter (80) loses to seat 2 (66)
        ([60, 75, 40, 90], False),  # old: 60 101 66 116, the game ends and the shooter (60) wins
        ([80, 70, 40, 60], False),  # old: 80 96 66 86, nobody is pushed over 100
    ],
)
def test_000_mixed_moon_lets_the_shooter_pick_new_only_when_the_old_one_loses_him_the_game(
    before: list[int], choice_offered: bool, tmp_path: Path
) -> None:
    # "... 'Mixed Moon'-Regeln, bei denen die Spieler nach den 'Old Moon'-Punkteregeln spielen, es sei
    # denn, dies würde dazu führen, dass der 'Shooting the Moon'-Spieler verliert, indem er einen anderen
    # Spieler über die 100-Punkte-Marke schiebt. In diesem Fall kann der ... Spieler optional die
    # 'New Moon'-Punkteregeln wählen."
    house = write_rules(tmp_path, "id: mixed\nextends: hearts\nscoring:\n  moon:\n    kind: mixed\n")
    game = Game(house, dealer=0)
    game.scores = list(before)  # constructed: as if earlier deals had left these scores
    deal = play_out(game.new_deal(hands=all_clubs(game, 0), number=HOLD))
    assert (deal.phase == "choose") is choice_offered
    if choice_offered:
        deal.apply("old-moon")  # optional: the shooter may still take the old moon
    assert deal.points() == [0, 26, 26, 26]


def test_000_a_tie_plays_on_and_the_player_who_ended_the_game_may_still_win() -> None:
    # "Wenn mehrere Spieler gleichauf sind, wird das Spiel fortgesetzt, bis es keinen Gleichstand mehr
    # gibt ... dass der Spieler, der das Endspiel ausgelöst hat, doch noch gewinnt, wenn die zuvor
    # führenden Gegner in den Entscheidungsspielen noch Punkte gewinnen."
    game = Game(rules("hearts"), dealer=0)
    game.scores = [74, 34, 34, 98]  # constructed: as if earlier deals had left these scores
    # Seat 3 shoots: 100 60 60 98. Seat 0 reached 100 and ends the game, but seats 1 and 2 tie.
    game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 3), number=HOLD)))
    assert game.scores == [100, 60, 60, 98] and not game.is_over
    # Seat 0 shoots: 100 86 86 124, still tied; seat 0 shoots again: 100 112 112 150.
    game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 0), number=HOLD)))
    assert game.scores == [100, 86, 86, 124] and not game.is_over
    game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 0), number=HOLD)))
    assert game.scores == [100, 112, 112, 150]
    assert game.is_over and game.winners == [0]


def test_000_black_maria_counts_43_with_king_10_and_ace_7_of_spades() -> None:
    # Seed 000 writes "Kreuz König ... zehn Punkten und das Pik Ass ... drei Punkten ... insgesamt 43",
    # but 26 + 10 + 3 is 39; the ruleset (as the catalogue settles it) counts K♠ 10 and A♠ 7: 43.
    hands = [
        cards("C:23456789TJ D:234"),
        cards("C:QKA D:56789TJ H:234"),
        cards("H:56789TJQKA S:23A"),
        cards("D:QKA S:456789TJQK"),
    ]
    deal = Game(rules("black-maria"), dealer=3).new_deal(hands=hands, dealer=3, number=0)
    pass_cards(deal, {0: ["2D", "3D", "4D"]})  # passing right: seat 0 receives QC KC AC and holds every club
    play_trick(deal, "KC", "5D", "QD", "4S")
    assert deal.taken_points() == [0, 0, 0, 0]  # the K♣ is no penalty card
    play_out(deal)
    assert deal.points() == [43, 0, 0, 0]  # all 13 tricks: 13 + 13 + 10 + 7, and there is no moon


def test_000_spot_hearts_deal_is_worth_129() -> None:
    # "... hat jede Karte ihren Nennwert. Und die Pik-Dame? Sie hat erstaunliche 25 Punkte."
    deal = play_out(hold_deal("spot-hearts", split_deal()))
    assert deal.points() == [14, 115, 0, 0]  # AH 14; 2H-KH = 90 and QS 25


def test_000_partnership_hearts_sums_the_partners_and_spares_the_shooters_partner() -> None:
    # "... sobald jemand den Punkteschwellenwert erreicht, werden die Endpunktzahlen der Teams kombiniert,
    # und das Team mit der niedrigsten Gesamtpunktzahl gewinnt ... der Partner einer Person, die
    # 'Shooting the Moon' macht, keine Punkte erhält."
    game = Game(rules("partnership-hearts"), dealer=0)
    for _ in range(3):  # seat 1 shoots; his partner, seat 3, takes nothing
        game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 1), number=HOLD)))
    assert game.scores == [78, 0, 78, 0] and not game.is_over
    game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 1), number=HOLD)))
    assert game.scores == [104, 0, 104, 0]
    assert game.is_over and game.winners == [1, 3]


def test_000_reverse_hearts_the_highest_total_wins() -> None:
    # "Nun gewinnt der Spieler mit der höchsten Punktzahl, sobald jemand die Ziellinie überschreitet."
    game = Game(rules("reverse-hearts"), dealer=0)
    for _ in range(4):
        game.finish_deal(play_out(game.new_deal(hands=split_deal(), number=HOLD)))
    assert game.scores == [4, 100, 0, 0]
    assert game.is_over and game.winners == [1]


def test_000_original_hearts_no_passing_no_queen_penalty_fixed_deals() -> None:
    # "... es gibt keinen Kartentausch, die Pik-Dame ist keine Strafkarte ... für eine vorher festgelegte
    # Anzahl von Runden zu spielen" (the ruleset plays eight).
    game = Game(rules("original-hearts"), dealer=0)
    for number in range(8):
        # Seven split deals, then the same deal one seat to the left (seat 2 takes the 12 hearts).
        deal = game.new_deal(hands=split_deal() if number < 7 else rotate(split_deal(), 1))
        assert deal.number == number and deal.phase == "play"
        play_out(deal)
        assert deal.points() == ([1, 12, 0, 0] if number < 7 else [0, 1, 12, 0])  # the QS is worth nothing
        game.finish_deal(deal)
        assert game.is_over is (number == 7)
    assert game.scores == [7, 85, 12, 0] and game.winners == [3]


# -- 001 Board Game Arena ------------------------------------------------------------------------------


def test_001_count_down_hearts_minus_one_queen_minus_thirteen() -> None:
    # "At the end of each hand, each ♥ taken by a player counts -1, and the Q♠ counts -13." Start with 100.
    hands = [
        cards("C:56789TJQKA D:89 S:2"),
        cards("C:2 D:234567 H:23456 S:Q"),
        cards("D:TJQKA H:JQKA S:9TJK"),
        cards("C:34 H:789T S:345678A"),
    ]
    game = Game(rules("hearts-bga"), dealer=0)
    deal = game.new_deal(hands=hands, number=HOLD)
    for trick in (
        ["2C", "TD", "3C", "5C"],
        ["2S", "QS", "9S", "AS"],  # seat 3 takes the Q♠
        ["4C", "6C", "2H", "JH"],
        ["7C", "3H", "QH", "7H"],
        ["8C", "4H", "KH", "8H"],
        ["9C", "5H", "AH", "9H"],
        ["TC", "6H", "JD", "TH"],  # seat 0 took 13 hearts; nothing that scores is left
    ):
        play_trick(deal, *trick)
    assert deal.phase == "done"  # "skip uneventful final tricks": six tricks are never played
    game.finish_deal(deal)
    assert game.scores == [100 - 13, 100, 100, 100 - 13]


def test_001_moon_others_score_minus_26_and_the_game_ends_at_zero() -> None:
    # "... that player scores 0 and all other players score -26." "When one or more players reach zero,
    # the game ends. The player with the highest score wins."
    game = Game(rules("hearts-bga"), dealer=0)
    while not game.is_over:
        game.finish_deal(play_out(game.new_deal(hands=all_clubs(game, 3), number=HOLD)))
    # 100 - 26k for the others: 74, 48, 22, then -4 after the fourth deal.
    assert len(game.results) == 4
    assert game.scores == [-4, -4, -4, 100] and game.winners == [3]


def test_001_omnibus_jack_of_diamonds_and_its_moon() -> None:
    # "Omnibus Hearts: J♦ is +10; shooting the moon requires J♦, Q♠, and all 13 ♥".
    game = Game(rules("omnibus-hearts"), dealer=0)
    deal = play_out(game.new_deal(hands=all_clubs(game, 0), number=HOLD))
    assert deal.shooter == 0
    assert deal.points() == [-10, 26, 26, 26]  # the shooter keeps the J♦ bonus (omnibus-hearts.yaml)
    deal = play_out(game.new_deal(hands=split_deal(), number=HOLD))
    assert deal.points() == [1, 15, 0, 0]  # seat 1: 25 penalty points and the J♦ (-10)


def test_001_black_maria_left_of_dealer_starts_pass_right_no_limit_no_moon() -> None:
    # "Black Maria: A♠ is -7, K♠ is -10, no penalty card play limit, always pass right, no shooting the
    # moon, player left of dealer always starts"
    for number in range(4):
        game = Game(rules("black-maria"), seed=number, dealer=number)
        deal = game.new_deal(number=number)
        assert deal.pass_direction == "right"
        pass_cards(deal)
        assert deal.to_act == (number + 1) % 4
        assert deal.legal_actions() == deal.hand(deal.to_act)
        play_out(deal)
        assert deal.shooter is None and sum(deal.points()) == 43


def test_001_leader_takes_the_rest_when_he_provably_wins_every_trick() -> None:
    # "Skip uneventful final tricks": after trick 2 seat 0 holds 4C-KC and the KS; nobody else has a
    # club or a spade above the JS. He takes the 11 hearts still in seat 2's hand.
    hands = [
        cards("C:3456789TJQK S:KA"),
        cards("C:2 D:23456789TJQK"),
        cards("H:*"),
        cards("C:A D:A S:23456789TJQ"),
    ]
    deal = hold_deal("hearts-bga", hands)
    play_trick(deal, "2C", "2H", "AC", "3C")
    play_trick(deal, "QS", "AS", "2D", "3H")
    assert deal.phase == "done" and deal.claimed_by == 0
    assert deal.points() == [13 + 1 + 11, 0, 0, 1]


# -- 002 Whisthub Hartenjagen ----------------------------------------------------------------------


def test_002_voorbeeld_1_eerste_slag() -> None:
    # "De eerste slag wordt altijd geopend door 2♣, dus als men nog klaveren heeft, moet men hier een
    # kaart van spelen. Als men geen klaveren meer heeft, mag men eender welke kaart spelen behalve
    # harten of Q♠." And earlier: "... tenzij men niet anders kan".
    hands = [
        cards("C:2 D:JQKA S:6789TJKA"),
        cards("D:23456789 H:2 S:234Q"),  # no clubs, a heart and the Q♠
        cards("C:3456789TJQKA S:5"),  # clubs
        cards("D:T H:3456789TJQKA"),
    ]
    deal = hold_deal("hartenjagen", hands)
    assert deal.legal_actions() == ["2C"]
    deal.apply("2C")
    assert deal.legal_actions() == cards("D:23456789 S:234")  # any card but hearts and the Q♠
    deal.apply("8D")
    assert deal.legal_actions() == cards("C:3456789TJQKA")  # must play a club
    deal.apply("KC")
    assert deal.legal_actions() == ["TD"]
    # "Unless one cannot do otherwise": a hand of only hearts and the Q♠ may play any of them.
    only = [list(h) for h in hands]
    only[1][only[1].index("QS")], only[3][only[3].index("TD")] = "TD", "QS"
    deal = hold_deal("hartenjagen", only)
    play(deal, "2C", "8D", "KC")
    assert deal.legal_actions() == cards("H:3456789TJQKA S:Q")
    deal.apply("QS")
    assert deal.tricks[0].winner == 2 and deal.taken_points()[2] == 13


# Trick 1: 2C, AC, 3C, JC (everyone follows clubs) -> seat 1 leads diamonds in trick 2.
HARTEN_OPENEN = [
    cards("C:2 D:234 H:23456 S:2345"),
    cards("C:QKA D:QKA H:789T S:JKA"),
    cards("C:3456789T S:Q H:JQKA"),
    cards("C:J D:56789TJ S:6789T"),
]


def test_002_voorbeeld_2_harten_openen() -> None:
    # "Wanneer men nog ruiten heeft, moet men uiteraard volgen. Als men géén ruiten meer heeft, mag
    # eender welke kaart gespeeld worden. Het is niet verplicht om harten of de schoppenvrouw Q♠ te
    # spelen. ... dan mag de speler die uitkomt geen harten uitkomen, zelfs niet nadat schoppenvrouw Q♠
    # gespeeld werd in deze slag!"
    deal = hold_deal("hartenjagen", HARTEN_OPENEN)
    assert play_trick(deal, "2C", "AC", "3C", "JC") == 1
    deal.apply("AD")
    # Seat 2 has no diamonds: any card, clubs as well as hearts and the Q♠.
    assert deal.legal_actions() == cards("C:456789T H:JQKA S:Q")
    deal.apply("QS")
    assert deal.legal_actions() == cards("D:56789TJ")  # seat 3 still has diamonds: must follow
    play(deal, "5D", "2D")
    assert deal.tricks[1].winner == 1 and deal.taken_points() == [0, 13, 0, 0]
    assert not deal.is_broken()
    assert deal.legal_actions() == cards("C:QK D:QK S:JKA")
    with pytest.raises(IllegalAction, match=r"^illegal action '7H' by seat 1: 7H may not be led until broken$"):
        deal.apply("7H")
    # Had seat 2 discarded a heart instead, hearts would be open and seat 1 could lead one.
    other = hold_deal("hartenjagen", HARTEN_OPENEN)
    play_trick(other, "2C", "AC", "3C", "JC")
    play_trick(other, "AD", "AH", "5D", "2D")
    assert other.is_broken() and "7H" in other.legal_actions()


def test_002_voorbeeld_2_unless_one_cannot_do_otherwise() -> None:
    # "De uitzondering hierop is uiteraard wanneer men niet anders kan": a leader with only hearts.
    game = Game(rules("hartenjagen"), dealer=0)
    hands, _ = fill_hands(game, {0: ["2C"], 2: ["AC", *cards("H:23456789TJQK")]})
    deal = game.new_deal(hands=hands, number=HOLD)
    play_trick(deal, "2C", "3D", "AC", "2S")  # seat 1 has diamonds, seat 3 spades: neither has clubs
    assert deal.to_act == 2 and not deal.is_broken()
    assert deal.legal_actions() == cards("H:23456789TJQK")
    deal.apply("2H")
    assert deal.is_broken()


def test_002_26_points_a_round_and_the_moon_gives_each_opponent_26() -> None:
    # "Per ronde zijn er dus in totaal 26 strafpunten te verdelen. Wanneer iemand er echter in slaagt om
    # álle 26 strafpunten te verzamelen, krijgen alle tegenspelers 26 strafpunten en de speler in
    # kwestie geen." The next dealer sits left of the current one.
    game = Game(rules("hartenjagen"), dealer=1)
    deal = play_out(game.new_deal(hands=split_deal(), number=HOLD))
    assert sum(deal.points()) == 26
    game.finish_deal(deal)
    assert game.dealer == 2
    deal = play_out(game.new_deal(hands=all_clubs(game, 3), number=HOLD))
    assert deal.dealer == 2 and deal.points() == [26, 26, 26, 0]
    game.finish_deal(deal)
    assert game.dealer == 3 and game.scores == [27, 51, 26, 0]


# -- 003 Hearts for 3 to 7 players -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "removed", "size"),
    [
        (3, {"2D"}, 17),
        (4, set(), 13),
        (5, {"2D", "2C"}, 10),
        (6, {"2D", "3D", "3C", "4C"}, 8),
        (7, {"2D", "3D", "3C"}, 7),
    ],
)
def test_003_cards_removed_and_hand_sizes(players: int, removed: set[str], size: int) -> None:
    # "In una partita a 3 giocatori, il 2 di quadri viene rimosso e ogni giocatore riceve 17 carte ..."
    game = Game(rules("hearts-classic"), players=players, seed=1)
    deal = game.new_deal()
    hands = [deal.hand(s) for s in range(players)]
    assert all(len(h) == size for h in hands)
    dealt = set(itertools.chain.from_iterable(hands))
    assert dealt.isdisjoint(removed) and len(dealt) == 52 - len(removed)


def test_003_five_players_the_three_of_clubs_leads_and_passes_go_left_then_right() -> None:
    # "Quando sono coinvolti più di quattro giocatori, la rotazione dei passaggi è: (1) ... sinistra,
    # (2) ... destra, quindi si ripete." The 2♣ is removed with five players, so the 3♣ leads.
    game = Game(rules("hearts-classic"), players=5, dealer=4)
    hands, _ = fill_hands(game, {})
    assert hands[0] == cards("C:3456789TJQ")  # the ten lowest cards of the 50 left
    deal = game.new_deal(hands=hands, number=0)
    assert deal.pass_direction == "left" and deal.to_act == 0  # left of the dealer (seat 4)
    pass_cards(deal, {0: ["TC", "JC", "QC"]})  # the others pass their lowest: seat 1 gives KC AC 3D to seat 2
    assert deal.to_act == 0 and deal.legal_actions() == ["3C"]  # seat 0 kept the 3C
    assert {"TC", "JC", "QC"} <= set(deal.hand(1))
    assert [game.new_deal(number=n).pass_direction for n in range(1, 5)] == ["right", "left", "right", "left"]


def test_003_the_black_maria_breaks_hearts() -> None:
    # "I cuori non possono essere guidati finché non è stato giocato un cuore o la Black Maria ... La Black
    # Maria può essere guidata in qualsiasi momento."
    deal = hold_deal("hearts-classic", QUEEN_LEAD)
    play_trick(deal, "2C", "AC", "3C", "5D")
    assert "7H" not in deal.legal_actions()
    play_trick(deal, "QS", "4C", "6S", "2S")
    assert deal.is_broken() and "7H" in deal.legal_actions()


@pytest.mark.parametrize(
    ("choice", "scores", "winners"),
    [
        ("new-moon", [64, 74, 60, 50], []),  # nobody reached 100: the game goes on
        ("old-moon", [90, 100, 86, 76], [3]),  # seat 1 reached exactly 100: the lowest, seat 3, wins
    ],
)
def test_003_the_shooter_subtracts_26_or_adds_26_to_everyone_else(
    choice: str, scores: list[int], winners: list[int]
) -> None:
    # "... quel giocatore può scegliere di sottrarre 26 punti dal suo punteggio o di aggiungere 26 punti
    # al punteggio di ogni altro giocatore." Then "Quando un giocatore raggiunge o supera il punteggio
    # concordato, la partita finisce. Il giocatore con il punteggio più basso vince."
    game = Game(rules("hearts-classic"), dealer=0)
    game.scores = [90, 74, 60, 50]  # constructed: as if earlier deals had left these scores
    deal = play_out(game.new_deal(hands=all_clubs(game, 0), number=HOLD))
    assert deal.phase == "choose" and deal.to_act == 0
    deal.apply(choice)
    game.finish_deal(deal)
    assert game.scores == scores
    assert game.is_over is bool(winners) and game.winners == winners


# -- 004 cardgames.io Euchre ------------------------------------------------------------------------------


def test_004_twenty_four_cards_five_each_and_an_upcard() -> None:
    # "... ein nicht standardmäßiges Deck mit 24 Karten ... Neun, Zehn, Bube, Dame, König und Ass ...
    # Fünf Karten werden jedem Spieler ... ausgeteilt ... die oberste Karte des Decks aufgedeckt".
    firsts = set()
    for seed in range(12):
        game = Game(rules("euchre"), seed=seed)
        firsts.add(game.dealer)  # "Der erste Geber wird zufällig ausgewählt"
        deal = game.new_deal()
        hands = [deal.hand(s) for s in range(4)]
        assert all(len(h) == 5 for h in hands)
        dealt = set(itertools.chain.from_iterable(hands))
        assert len(dealt) == 20 and all(c[0] in "9TJQKA" for c in dealt)
        assert deal.phase == "bid" and deal.to_act == (game.dealer + 1) % 4
        assert deal.legal_actions() == ["pass", "order-up"]
    assert len(firsts) > 1


def test_004_order_up_the_dealer_takes_the_upcard_and_discards() -> None:
    # "... die Farbe der aufgedeckten Karte zur Trumpffarbe ... Die aufgedeckte Karte ... geht an den
    # Geber, der sie nimmt und eine der Karten aus seiner Hand ablegt."
    hands, stock = euchre_strong_seat1()
    deal = Game(rules("euchre"), dealer=0).new_deal(hands=hands, dealer=0, stock=stock)
    play(deal, "pass", "pass", "order-up")  # seat 3, the dealer's partner, orders the 10♥ up
    assert deal.phase == "discard" and deal.to_act == 0 and "TH" in deal.hand(0)
    deal.apply("AD")
    assert deal.hand(0) == ["TH", "9S", "TS", "JS", "QS"]
    assert deal.maker == 3 and deal.legal_actions() == ["alone", "partner"]


def test_004_round_two_names_another_suit_and_the_dealer_is_stuck() -> None:
    # "... wählen kann, welche Farbe er als Trumpf haben möchte (nicht die Farbe, die zuvor alle gepasst
    # haben) oder wieder passen kann. Wenn die ersten drei Spieler in dieser Runde ebenfalls passen, muss
    # der Geber einen Trumpf benennen."
    hands, stock = euchre_strong_seat1()
    deal = Game(rules("euchre"), dealer=0).new_deal(hands=hands, dealer=0, stock=stock)
    play(deal, *["pass"] * 4)
    for seat in (1, 2, 3):
        assert deal.to_act == seat and deal.legal_actions() == ["pass", "call C", "call D", "call S"]
        deal.apply("pass")
    assert deal.to_act == 0 and deal.legal_actions() == ["call C", "call D", "call S"]


def test_004_only_the_maker_may_go_alone() -> None:
    # "Der Spieler, der Trumpf bestätigt oder wählt, darf allein spielen ... sein Partner ... nimmt nicht
    # am Rest dieser Runde teil." Nobody else is asked.
    hands, stock = euchre_strong_seat2()
    deal = Game(rules("euchre"), dealer=0).new_deal(hands=hands, dealer=0, stock=stock)
    play(deal, "order-up", "9S", "alone")
    assert deal.phase == "play" and deal.active_seats() == [0, 1, 2]
    assert deal.to_act == 1
    play_out(deal)
    # The lone maker (seat 1, clubs only) loses every trick to seat 2's trumps: euchred, 2 to the defenders.
    assert deal.points() == [2, 0, 2, 0]


TRUMP_ORDER = ["JH", "JD", "AH", "KH", "QH", "TH", "9H"]


@pytest.mark.parametrize(("higher", "lower"), list(itertools.combinations(TRUMP_ORDER, 2)))
def test_004_trump_order_with_hearts_trump(higher: str, lower: str) -> None:
    # "... wenn Herz Trumpf ist, wäre die Rangfolge der Trumpfkarten: Herz Bube (Rechter Bauer), Karo
    # Bube (Linker Bauer), Herz Ass, Herz König, Herz Dame, Herz Zehn, Herz Neun". Seat 1 names hearts
    # and leads the 9♣; seats 2 and 3 have no club and trump with `higher` and `lower` in either order.
    for high_seat in (2, 3):
        low_seat = 5 - high_seat
        game = Game(rules("euchre"), dealer=0)
        fixed = {1: cards("C:9TJQK"), high_seat: [higher, *cards("S:TJQK")], low_seat: [lower, *cards("D:9TQK")]}
        hands, stock = fill_hands(game, fixed, stock_top=["9S"])
        deal = game.new_deal(hands=hands, dealer=0, stock=stock)
        play(deal, *["pass"] * 4, "call H", "partner", "9C")
        deal.apply(higher if high_seat == 2 else lower)
        deal.apply(lower if high_seat == 2 else higher)
        deal.apply("AC")  # the dealer follows with the A♣, no trump
        assert deal.tricks[0].winner == high_seat


def test_004_scoring_table_and_first_to_ten_without_win_by_two() -> None:
    # "Macher gewinnen fünf Stiche: 2 ... Verteidiger gewinnen drei oder mehr Stiche: 2". "Ein Team
    # gewinnt, sobald es zehn Punkte erreicht hat ... mindestens zwei Punkten Vorsprung ... aufgehoben."
    game = Game(rules("euchre"), dealer=0)
    game.scores = [8, 9, 8, 9]  # constructed: as if earlier deals had left these scores
    hands, stock = euchre_strong_seat2()
    deal = game.new_deal(hands=hands, dealer=0, stock=stock)
    play(deal, "order-up", "9S", "partner")  # seat 1 orders up, seat 2 holds the top trumps
    game.finish_deal(play_out(deal))
    assert game.scores == [10, 9, 10, 9]  # euchred: 2 to the defenders, who win by one point
    assert game.is_over and game.winners == [0, 2]
