"""Promoted trumps (referee.mechanisms.promoted): cards of other suits made trumps above the trump suit.

Doppelkopf's normal game as the Deutscher Doppelkopf-Verband's tournament rules give it (5.1): 48 cards,
each of 9 10 J Q K A twice; trumps from the highest: ♥10 (the Dulle), the queens ♣ ♠ ♥ ♦, the jacks ♣ ♠
♥ ♦, then ♦A ♦10 ♦K ♦9; the other suits rank A 10 K 9 (hearts, without its tens, A K 9); of two equal
cards the one played first wins (5.2). Skat's suit games rank the four jacks ♣ ♠ ♥ ♦ above the trump
suit (Internationale Skatordnung 1.3). Hearts is trump in Skat's cases here; seat 0 leads.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from other_packs import DOPPELKOPF_CARDS

from referee import Game, Ruleset, RulesetError, load_ruleset
from referee.mechanisms import promoted

DOPPELKOPF = f"""\
id: t-doko
players: {{counts: [4]}}
{DOPPELKOPF_CARDS}scoring: {{rank_points: {{A: 11, T: 10, K: 4, Q: 3, J: 2}}}}
game: {{deals: 1, winner: highest}}
"""
SKAT = """\
id: t-skat
players: {counts: [3]}
deck: {ranks: ["7", "8", "9", T, J, Q, K, A], order: ["7", "8", "9", Q, K, T, A]}
deal: {hand_size: 10}
trump:
  kind: fixed
  suit: H
  promoted: {cards: [JC, JS, JH, JD]}
scoring: {rank_points: {A: 11, T: 10, K: 4, Q: 3, J: 2}}
game: {deals: 1, winner: highest}
"""


def _load(tmp_path: Path, text: str) -> Ruleset:
    path = tmp_path / f"{text.split()[1]}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


@pytest.fixture
def doko(tmp_path: Path) -> Ruleset:
    return _load(tmp_path, DOPPELKOPF)


@pytest.fixture
def skat(tmp_path: Path) -> Ruleset:
    return _load(tmp_path, SKAT)


def _strength(rules: Ruleset, codes: list[str]) -> list[int]:
    """Each card's key in a trick led by the first card, by the engine's table for the fixed trump."""
    table = rules.setup(rules.default_players, rules.trump_suit).table
    deck = rules.deck
    led = table.eff_suit[deck.index[codes[0]]]
    return [table.keys[led][deck.index[c]] for c in codes]


def test_doppelkopfs_trumps_rank_from_the_dulle_down_to_the_nine_of_diamonds(doko: Ruleset) -> None:
    order = ["TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "TD", "KD", "9D"]
    keys = _strength(doko, order)
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    table = doko.setup(4, doko.trump_suit).table
    layout = doko.layout(4)
    codes = doko.deck.mask_codes(layout.deck)  # the cards in play
    trumps = {code for code in codes if table.eff_suit[doko.deck.index[code]] == doko.trump_suit}
    assert trumps == set(order)  # 13 trumps; twice each: 26 of the 48 cards


def test_a_promoted_card_no_longer_follows_its_own_suit(doko: Ruleset) -> None:
    # Clubs led: the queen and jack of clubs are trumps, so a hand of QC, JC and no plain club is void.
    hands = [
        ["AC", "AC", "KS", "KS", "9S", "9S", "AS", "AS", "TS", "TS", "KH", "KH"],
        ["QC", "JC", "AH", "AH", "9H", "9H", "KC", "KC", "9C", "9C", "TC", "TC"],
        ["QC", "JC", "TH", "TH", "QS", "QS", "QH", "QH", "QD", "QD", "JS", "JS"],
        ["JH", "JH", "JD", "JD", "AD", "AD", "TD", "TD", "KD", "KD", "9D", "9D"],
    ]
    deal = Game(doko, players=4, seed=1, dealer=3).new_deal(hands=hands, dealer=3)
    deal.apply("AC")
    assert set(deal.legal_actions()) == {"KC", "9C", "TC"}  # seat 1 holds plain clubs: those
    deal.apply("KC")
    assert set(deal.legal_actions()) == set(deal.hand(2))  # seat 2's only clubs are trumps: free
    deal.apply("QC")  # and the queen of clubs trumps the trick
    deal.apply("9D")
    assert deal.tricks[0].winner == 2


def test_to_a_trump_lead_every_trump_must_be_played(doko: Ruleset) -> None:
    hands = [
        ["QD", "AC", "KS", "KS", "9S", "9S", "AS", "AS", "TS", "TS", "KH", "KH"],
        ["JC", "AC", "AH", "AH", "9H", "9H", "KC", "KC", "9C", "9C", "TC", "TC"],
        ["QC", "JC", "TH", "TH", "QS", "QS", "QH", "QH", "QD", "JD", "JS", "JS"],
        ["JH", "JH", "JD", "AD", "AD", "TD", "TD", "KD", "KD", "9D", "9D", "QC"],
    ]
    deal = Game(doko, players=4, seed=1, dealer=3).new_deal(hands=hands, dealer=3)
    deal.apply("QD")  # the queen of diamonds: a trump lead
    assert deal.legal_actions() == ["JC"]  # seat 1's only trump is the jack of clubs


def test_of_two_equal_cards_the_first_played_wins(doko: Ruleset) -> None:
    hands = [
        ["TH", "AC", "KS", "KS", "9S", "9S", "AS", "AS", "TS", "TS", "KH", "KH"],
        ["9D", "AC", "AH", "AH", "9H", "9H", "KC", "KC", "9C", "9C", "TC", "TC"],
        ["TH", "JC", "JC", "QC", "QS", "QS", "QH", "QH", "QD", "QD", "JS", "JS"],
        ["JH", "JH", "JD", "JD", "AD", "AD", "TD", "TD", "KD", "KD", "9D", "QC"],
    ]
    deal = Game(doko, players=4, seed=1, dealer=3).new_deal(hands=hands, dealer=3)
    for card in ("TH", "9D", "TH", "JH"):
        deal.apply(card)
    assert deal.tricks[0].winner == 0  # the first Dulle beats the second


def test_skats_jacks_rank_above_the_trump_suit_club_spade_heart_diamond(skat: Ruleset) -> None:
    keys = _strength(skat, ["JC", "JS", "JH", "JD", "AH", "TH", "KH", "QH", "9H", "8H", "7H"])
    assert keys == sorted(keys, reverse=True) and len(set(keys)) == len(keys)
    # A plain suit without its jack: A 10 K Q 9 8 7.
    plain = _strength(skat, ["AS", "TS", "KS", "QS", "9S", "8S", "7S"])
    assert plain == sorted(plain, reverse=True)
    assert _strength(skat, ["AS", "JD"])[1] > _strength(skat, ["AS"])[0]  # the lowest jack beats a plain ace


def test_promoted_trumps_need_a_trump_suit_and_cards_of_the_deck(tmp_path: Path) -> None:
    text = DOPPELKOPF.replace("  kind: fixed\n  suit: D\n", "  kind: none\n").replace("JD]", "JD, 7H]")
    with pytest.raises(RulesetError) as caught:
        _load(tmp_path, text)
    lines = str(caught.value).splitlines()
    assert any(":7:" in line and "promoted trumps need a trump suit" in line for line in lines), lines
    assert any("cards[9]: 7H is not a card of this deck" in line for line in lines), lines


def test_the_settings_read_back(doko: Ruleset) -> None:
    assert promoted.of(doko).cards == ("TH", "QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD")


def test_the_dulle_is_the_highest_promoted_card_of_a_pack_with_two_of_each(tmp_path: Path) -> None:
    """``trump.promoted.dulle`` names the ♥10 as Doppelkopf's players do; it must be the highest promoted card,
    and a pack with one of each card has no two Dullen to tell apart: refused at the line."""
    named = DOPPELKOPF.replace("JD]}", "JD], dulle: TH}")
    assert promoted.of(_load(tmp_path, named)).dulle == "TH"
    with pytest.raises(RulesetError) as caught:
        _load(tmp_path, DOPPELKOPF.replace("JD]}", "JD], dulle: QC}"))
    assert "the Dulle is the highest promoted card (TH), not QC" in str(caught.value)
    single = named.replace("copies: 2, ", "").replace("hand_size: 12", "hand_size: 6")
    with pytest.raises(RulesetError) as caught:
        _load(tmp_path, single)
    assert "a Dulle needs two of each card" in str(caught.value)
    bare = DOPPELKOPF.replace("  promoted: {cards: [TH, QC, QS, QH, QD, JC, JS, JH, JD]}", "  promoted: {dulle: TH}")
    with pytest.raises(RulesetError) as caught:
        _load(tmp_path, bare)
    assert "a Dulle is the highest promoted card: list the promoted cards" in str(caught.value)
