"""Doppelkopf's compulsory solo (Pflichtsolo) and voluntary solo (Lustsolo): referee.mechanisms.compulsory_solo.

One test per rule sentence, then whole games: random ones (every player plays one compulsory solo a
round, or is forced to; the round is 24 deals plus the compulsory solos played of the player's own
accord), the round rebuilt from the results alone (as quick-score rows and a journal rebuild it), and a
real table with unknown hands.

Sources: Deutscher Doppelkopf-Verband, Turnierspielregeln (Stand 21.02.2026), 4.1 (the reservations from
the dealer's left), 4.2 (Pflichtsolo: the soloist leads; the same dealer deals again; the Vorführung),
4.3 (Lustsolo: the dealer's left leads), 8.5 (24 deals a round); as summed up at
planetsenior.de/doppelkopf_vorbehalte ("Pflichtsolo – Lustsolo – Hochzeit"; the Vorführung "wenn die
Anzahl der nicht gespielten Pflichtsoli gleich der Anzahl der noch zu absolvierenden Spiele ist", for the
player owing one "der als Nächster zum Kartengeber sitzt"; "nach einem Pflichtsolo (jedoch nicht nach dem
Vorführen)" the same dealer deals again; the silent wedding is "weder ... Pflichtsolo noch ... Lustsolo")
and at dokolingen.de (the Pflichtsolo is a player's "erstes Solo in dieser Runde"; of equal reservations
"Spielrecht hat, wer dem Geber näher sitzt").
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from referee import Game, Ruleset, RulesetError, load_ruleset
from referee.bots import choose
from referee.engine import Deal
from referee.mechanisms import compulsory_solo
from referee.mechanisms.compulsory_solo import COMPULSORY, FORCED, VOLUNTARY

SOLOS = ["solo queens", "solo jacks", "solo aces", "solo suit C", "solo suit D", "solo suit H", "solo suit S"]

#: Who names what in a deal's reservation: seat -> word (the others say healthy where they may).
Words = dict[int, str]


@pytest.fixture(scope="module")
def doko() -> Ruleset:
    return load_ruleset("doppelkopf")


def _hands(seed: int, wedding: int = -1) -> list[list[str]]:
    """Four hands of twelve from a shuffled Doppelkopf pack; ``wedding``: that seat holds both queens of clubs."""
    pack = [f"{rank}{suit}" for rank in "9TJQKA" for suit in "CDHS" for _ in range(2)]
    random.Random(seed).shuffle(pack)
    hands = [pack[i * 12 : (i + 1) * 12] for i in range(4)]
    if wedding >= 0:
        for seat in range(4):
            while seat != wedding and "QC" in hands[seat]:
                other = next(c for c in hands[wedding] if c != "QC")
                hands[seat][hands[seat].index("QC")] = other
                hands[wedding][hands[wedding].index(other)] = "QC"
    return hands


def _reserve(deal: Deal, words: Words) -> None:
    """The reservation: each seat names its word from ``words`` when asked, else healthy."""
    while deal.phase == "bid":
        seat = deal.to_act
        assert seat is not None
        legal = deal.legal_actions()
        deal.apply(words.get(seat, "healthy" if "healthy" in legal else legal[0]))  # forced: a solo


def _play_out(deal: Deal, rng: random.Random) -> None:
    while deal.phase != "done":
        deal.apply(choose(deal, rng))


def _deal(game: Game, words: Words, seed: int = 0, wedding: int = -1) -> Deal:
    """One whole deal of ``game``: the reservation as ``words`` say, then the bots play it; recorded."""
    deal = game.new_deal(hands=_hands(seed, wedding) if not game.unknown_hands else None)
    _reserve(deal, words)
    _play_out(deal, random.Random(seed))
    game.finish_deal(deal)
    return deal


def _duty(game: Game) -> compulsory_solo.Duty:
    duty = game.duty
    assert duty is not None
    return duty


# -- the reservation's priorities ---------------------------------------------------------------------


def test_a_compulsory_solo_wins_over_a_voluntary_one_named_before_it(doko: Ruleset) -> None:
    game = Game(doko, seed=1, dealer=0)
    _deal(game, {1: "solo queens"})  # seat 1's compulsory solo
    assert game.dealer == 0  # dealt again by the same dealer
    deal = game.new_deal(hands=_hands(2))
    assert deal.owing == 0b1101 and deal.forced == -1
    deal.apply("solo jacks")  # seat 1: a voluntary solo now; it waits for the others
    assert deal.phase == "bid" and deal.to_act == 2
    assert deal.legal_actions() == ["healthy", *SOLOS]  # seat 2 owes one: any solo wins over it
    deal.apply("solo aces")  # seat 2's compulsory solo: played at once, nobody after is asked
    assert deal.phase == "play" and deal.maker == 2 and deal.contract == 2 and deal.to_act == 2


def test_of_two_voluntary_solos_the_first_from_the_dealers_left_is_played(doko: Ruleset) -> None:
    game = Game(doko, seed=1, dealer=0)
    for seat in (1, 2):
        _deal(game, {seat: "solo queens"}, seed=seat)
    deal = game.new_deal(hands=_hands(3))
    deal.apply("solo suit H")  # seat 1, voluntary
    assert deal.legal_actions() == ["healthy"]  # seat 2 has played its compulsory solo: nothing wins over it
    deal.apply("healthy")
    assert deal.legal_actions() == ["healthy", *SOLOS]  # seat 3 owes one
    deal.apply("healthy")
    deal.apply("healthy")  # seat 0
    assert deal.phase == "play" and deal.maker == 1 and deal.trump == doko.deck.suits.index("H")
    assert deal.to_act == 1  # the dealer's left leads a voluntary solo: here the soloist himself


def test_of_two_compulsory_solos_the_first_from_the_dealers_left_is_played(doko: Ruleset) -> None:
    deal = Game(doko, seed=1, dealer=2).new_deal(hands=_hands(4))
    deal.apply("healthy")  # seat 3
    deal.apply("solo jacks")  # seat 0: its compulsory solo, played at once; seat 1, who owes one too, is not asked
    assert deal.phase == "play" and deal.maker == 0 and deal.to_act == 0


def test_a_voluntary_solo_wins_over_a_wedding(doko: Ruleset) -> None:
    game = Game(doko, seed=1, dealer=0)
    _deal(game, {2: "solo queens"})
    deal = game.new_deal(hands=_hands(5, wedding=1))
    deal.apply("wedding")  # seat 1 waits
    assert "wedding" not in deal.legal_actions()
    deal.apply("solo suit C")  # seat 2, voluntary: wins over the wedding, and waits in turn
    assert deal.phase == "bid" and deal.maker == 2
    assert deal.legal_actions() == ["healthy", *SOLOS]  # seat 3 owes one
    deal.apply("healthy")
    deal.apply("healthy")
    assert deal.phase == "play" and deal.maker == 2 and deal.contract == 3 and deal.to_act == 1  # dealer's left


def test_a_wedding_and_a_silent_one_are_no_compulsory_solo(doko: Ruleset) -> None:
    game = Game(doko, seed=1, dealer=0)
    _deal(game, {1: "wedding"}, seed=6, wedding=1)  # announced
    _deal(game, {}, seed=7, wedding=2)  # silent: the holder says healthy and plays alone
    assert [r.solo for r in game.results] == [-1, -1] and _duty(game).owing == 0b1111
    assert [r.dealer for r in game.results] == [0, 1] and game.dealer == 2  # both counted


# -- who leads, who deals next ------------------------------------------------------------------------


def test_a_compulsory_solo_is_led_by_its_player_and_dealt_again_by_the_same_dealer(doko: Ruleset) -> None:
    game = Game(doko, seed=1, dealer=0)
    deal = game.new_deal(hands=_hands(8))
    _reserve(deal, {3: "solo queens"})
    assert deal.maker == 3 and deal.to_act == 3  # the soloist comes out (kommt raus), not the dealer's left
    _play_out(deal, random.Random(8))
    game.finish_deal(deal)
    assert game.dealer == 0 and game.deals_played == 0 and _duty(game).kinds == (COMPULSORY,)


def test_a_voluntary_solo_is_led_by_the_dealers_left_and_counts(doko: Ruleset) -> None:
    game = Game(doko, seed=1, dealer=0)
    _deal(game, {3: "solo queens"})
    deal = game.new_deal(hands=_hands(9))
    _reserve(deal, {3: "solo jacks"})
    assert deal.maker == 3 and deal.to_act == 1  # the player left of the dealer
    _play_out(deal, random.Random(9))
    game.finish_deal(deal)
    assert game.dealer == 1 and game.deals_played == 1 and _duty(game).kinds == (COMPULSORY, VOLUNTARY)


def test_a_players_second_solo_is_a_voluntary_one(doko: Ruleset) -> None:
    game = Game(doko, seed=1, dealer=0)
    for seed in range(3):
        _deal(game, {2: SOLOS[seed]}, seed=seed)
    assert _duty(game).kinds == (COMPULSORY, VOLUNTARY, VOLUNTARY) and _duty(game).owing == 0b1011
    assert [r.dealer for r in game.results] == [0, 0, 1] and game.dealer == 2


# -- the round, the Vorführung -----------------------------------------------------------------------


def _policy(chosen: dict[int, Words]) -> Callable[[Game], Words]:
    """Reservation words by the deal's index in the game (the others: healthy)."""
    return lambda game: chosen.get(len(game.results), {})


def _whole_game(rules: Ruleset, seed: int, words: Callable[[Game], Words], *, unknown: bool = False) -> Game:
    game = Game(rules, seed=seed, dealer=0, unknown_hands=unknown)
    while not game.is_over:
        _deal(game, words(game), seed=seed * 100 + len(game.results))
    return game


def test_nobody_playing_a_solo_of_his_own_accord_is_vorgefuehrt_in_the_last_four_deals(doko: Ruleset) -> None:
    game = Game(doko, seed=3, dealer=0)
    for n in range(20):
        assert _duty(game).forced == -1
        _deal(game, {}, seed=n)
    # 4 deals left, 4 players owing: the first of them from the dealer's left must play a solo
    for n, seat in enumerate((1, 2, 3, 0)):
        duty = _duty(game)
        assert game.dealer == n % 4 and duty.forced == seat
        deal = game.new_deal(hands=_hands(20 + n))
        assert deal.phase == "bid" and deal.to_act == seat  # he alone is asked
        assert deal.legal_actions() == SOLOS  # a solo of his choice; no healthy, nobody may take it from him
        with pytest.raises(ValueError, match="Vorführung"):
            deal.apply("healthy")
        deal.apply("solo aces")
        assert deal.phase == "play" and deal.maker == seat and deal.to_act == seat  # he leads
        _play_out(deal, random.Random(n))
        game.finish_deal(deal)
    assert game.is_over and len(game.results) == 24 and _duty(game).kinds[20:] == (FORCED,) * 4
    assert [r.dealer for r in game.results][20:] == [0, 1, 2, 3]  # a forced solo counts: the deal passes on


def test_the_vorfuehrung_comes_when_the_deals_left_are_as_many_as_the_players_owing(doko: Ruleset) -> None:
    # Seats 0 and 3 play theirs early: after 22 counted deals, 2 left and 2 owing (seats 1 and 2).
    game = _whole_game(doko, 4, _policy({0: {3: "solo jacks"}, 5: {0: "solo queens"}}))
    kinds = _duty(game).kinds
    assert len(game.results) == 26 and kinds.count(COMPULSORY) == 2 and kinds.count(FORCED) == 2
    forced = [i for i, k in enumerate(kinds) if k == FORCED]
    assert forced == [24, 25]  # counted deals 23 and 24 of the round
    first, second = (game.results[i] for i in forced)
    # the first of the two owing from the dealer's left, then the other one
    assert first.solo == next(s % 4 for s in range(first.dealer + 1, first.dealer + 5) if s % 4 in (1, 2))
    assert {first.solo, second.solo} == {1, 2} and second.dealer == (first.dealer + 1) % 4


def test_a_whole_game_where_everyone_plays_his_compulsory_solo_is_28_deals(doko: Ruleset) -> None:
    early = {0: {1: "solo queens"}, 3: {2: "solo suit S"}, 10: {3: "solo aces"}, 17: {0: "solo jacks"}}
    game = _whole_game(doko, 5, _policy(early))
    assert game.is_over and len(game.results) == 28 and game.deals_played == 24
    assert _duty(game).kinds.count(COMPULSORY) == 4 and FORCED not in _duty(game).kinds
    assert sum(game.scores) == 0  # a solo's score stays threefold and zero-sum


def _random_words(rng: random.Random) -> Callable[[Game], Words]:
    def words(game: Game) -> Words:
        return {seat: rng.choice(SOLOS) for seat in range(4) if rng.random() < 0.04}

    return words


@pytest.mark.parametrize("seed", range(12))
def test_random_games_each_player_plays_one_compulsory_solo_or_is_vorgefuehrt(doko: Ruleset, seed: int) -> None:
    game = _whole_game(doko, seed, _random_words(random.Random(seed)))
    kinds = _duty(game).kinds
    for seat in range(4):
        duty_solos = [
            k for k, r in zip(kinds, game.results, strict=True) if r.solo == seat and k in (COMPULSORY, FORCED)
        ]
        assert len(duty_solos) == 1, (seat, kinds)
    assert len(game.results) == 24 + kinds.count(COMPULSORY) and game.deals_played == 24
    for i, result in enumerate(game.results[1:], 1):  # the dealer passes on unless a compulsory solo came before
        before = game.results[i - 1]
        assert result.dealer == (before.dealer if kinds[i - 1] == COMPULSORY else (before.dealer + 1) % 4)
    # the round again from the results alone, as quick-score rows (and a journal) enter them
    again = Game(doko, dealer=0)
    for result in game.results:
        assert again.dealer == result.dealer
        again.record_deal(result.points, solo=result.solo)
    assert again.duty == game.duty and again.scores == game.scores and again.is_over


def test_a_real_table_with_unknown_hands_plays_the_same_round(doko: Ruleset) -> None:
    known = _whole_game(doko, 7, _policy({2: {0: "solo queens"}, 4: {0: "solo jacks"}, 9: {2: "solo aces"}}))
    table = Game(doko, dealer=0, unknown_hands=True)
    for result, deal in zip(known.results, _replayed(doko, 7, known), strict=True):
        assert table.dealer == result.dealer
        live = table.new_deal()
        assert (live.owing, live.forced) == (deal.owing, deal.forced)
        for seat, action in deal.history:
            assert live.to_act == seat, action
            live.apply(action)
        table.finish_deal(live)
    assert table.duty == known.duty and len(table.results) == len(known.results) and table.is_over


def _replayed(rules: Ruleset, seed: int, known: Game) -> list[Deal]:
    """The deals of ``known`` once more, kept: the same hands and words, the same bots' cards."""
    game = Game(rules, seed=seed, dealer=0)
    deals = []
    policy = {2: {0: "solo queens"}, 4: {0: "solo jacks"}, 9: {2: "solo aces"}}
    while not game.is_over:
        deals.append(_deal(game, policy.get(len(game.results), {}), seed=seed * 100 + len(game.results)))
    assert [r.points for r in game.results] == [r.points for r in known.results]
    return deals


def test_a_quick_score_row_at_a_vorfuehrung_must_name_the_player_forced(doko: Ruleset) -> None:
    game = Game(doko, dealer=0)
    for _ in range(20):
        game.record_deal([1, 1, -1, -1])
    assert _duty(game).forced == 1
    with pytest.raises(ValueError, match="seat 1 must play a solo"):
        game.record_deal([1, 1, -1, -1])
    with pytest.raises(ValueError, match="seat 1 must play a solo"):
        game.record_deal([-3, 1, 1, 1], solo=0)
    game.record_deal([-1, 3, -1, -1], solo=1)
    assert game.dealer == 1 and _duty(game).forced == 2  # it counted, and the next is forced in turn


def test_bots_play_whole_games_forced_or_not(doko: Ruleset) -> None:
    for seed in range(3):
        game = Game(doko, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            deal = game.new_deal()
            _play_out(deal, rng)
            game.finish_deal(deal)
        kinds = _duty(game).kinds
        assert game.deals_played == 24 and len(game.results) == 24 + kinds.count(COMPULSORY)
        assert kinds.count(COMPULSORY) + kinds.count(FORCED) == 4


# -- the settings -----------------------------------------------------------------------------------


def _ruleset(tmp_path: Path, extra: str) -> Ruleset:
    path = tmp_path / "t.yaml"
    path.write_text(f"extends: doppelkopf\nid: t\n{extra}", encoding="utf-8")
    return load_ruleset(path)


def test_without_the_extra_deal_a_compulsory_solo_counts(tmp_path: Path) -> None:
    rules = _ruleset(tmp_path, "trump:\n  contracts:\n    compulsory: {round: 24, extra_deal: false}\n")
    game = Game(rules, seed=1, dealer=0)
    _deal(game, {1: "solo queens"})
    assert game.dealer == 1 and game.deals_played == 1


def test_a_voluntary_solo_may_be_led_by_its_player(tmp_path: Path) -> None:
    rules = _ruleset(tmp_path, "trump:\n  contracts:\n    compulsory: {round: 24, voluntary_leads: declarer}\n")
    game = Game(rules, seed=1, dealer=0)
    _deal(game, {3: "solo queens"})
    deal = game.new_deal(hands=_hands(9))
    _reserve(deal, {3: "solo jacks"})
    assert deal.to_act == 3


def test_two_rounds_each_owe_a_compulsory_solo(tmp_path: Path) -> None:
    rules = _ruleset(tmp_path, "game: {deals: 8}\ntrump:\n  contracts:\n    compulsory: {round: 4}\n")
    game = Game(rules, dealer=0)
    for _ in range(8):
        duty = _duty(game)
        assert duty.forced >= 0  # 4 deals a round, 4 owing: every deal is a Vorführung
        game.record_deal([-3, 1, 1, 1] if duty.forced == 0 else [1, 1, 1, 1], solo=duty.forced)
    assert game.is_over and _duty(game).kinds == (FORCED,) * 8


@pytest.mark.parametrize(
    ("extra", "message", "line"),
    [
        ("game: {deals: 30}\ntrump:\n  contracts:\n    compulsory: {round: 24}\n", "not a whole number", 6),
        ("trump:\n  contracts:\n    compulsory: {round: 3}\n", "leaves no room", 5),
        ("trump:\n  contracts:\n    unnamed: throw-in\n", "thrown in", 5),
    ],
)
def test_what_the_engine_cannot_play_is_refused_at_its_line(
    tmp_path: Path, extra: str, message: str, line: int
) -> None:
    with pytest.raises(RulesetError) as refused:
        _ruleset(tmp_path, extra)
    assert message in str(refused.value)
    assert f"t.yaml:{line}:" in str(refused.value)


def test_a_compulsory_solo_needs_solos_named_at_a_reservation(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text("extends: hearts\nid: t\ntrump:\n  contracts:\n    compulsory: {round: 24}\n", encoding="utf-8")
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert "t.yaml:5:" in str(refused.value) and "named at a reservation" in str(refused.value)


def test_other_games_owe_nothing() -> None:
    for name in ("hearts", "skat", "spades"):
        game = Game(load_ruleset(name), seed=1)
        assert game.duty is None and game.new_deal().owing == 0


# -- the kiosk asks the referee -------------------------------------------------------------------------


def test_the_kiosk_shows_the_dealer_after_a_compulsory_solo_and_offers_only_solos_at_a_vorfuehrung(
    doko: Ruleset,
) -> None:
    # A game entered at the kiosk word by word and card by card beside the referee's own game: seat 2's
    # compulsory solo in the first deal, then nobody's until the Vorführung.
    from kiosk.core import Model, step
    from kiosk.view import build_view
    from wording.i18n import load_lang

    english = load_lang("en")
    game = Game(doko, seed=11, dealer=0)
    model = step(step(Model(), "new doppelkopf Ann Ben Cat Dan"), "dealer 0")
    rng = random.Random(11)
    forced_seen = 0
    while not game.is_over:
        deal = game.new_deal()
        words = {2: "solo queens"} if not game.results else {}
        view = build_view(model, english)
        assert f"Dealer: {model.play.names[game.dealer]}" in view.header if model.play else False
        if deal.forced >= 0:  # the screen offers the forced player his solos only, and says why
            assert [b.intent for b in view.buttons if b.intent.startswith("bid ")] == [f"bid {w}" for w in SOLOS]
            assert any("must play a solo now (Vorführung)" in line for line in view.info), view.info
            forced_seen += 1
        while deal.phase != "done":
            legal = deal.legal_actions()
            if deal.phase == "bid":
                action = words.get(deal.to_act or 0, "healthy" if "healthy" in legal else legal[0])
                line = f"bid {action}"
            else:
                action = choose(deal, rng)
                line = f"card {action}" if action in doko.deck.index else f"announce {deal.to_act} {action}"
            deal.apply(action)
            model = step(model, line)
            assert model.error is None, (line, str(model.error))
        game.finish_deal(deal)
        if len(game.results) == 1:  # seat 2's compulsory solo: the same dealer deals again, and the screen says so
            view = build_view(model, english)
            assert game.dealer == 0 and "Dealer: Ann" in view.header
            assert "Cat played a compulsory solo: Ann deals again." in view.info
    assert model.play is not None and model.play.game.duty == game.duty and forced_seen == 3
    assert [r.dealer for r in model.play.game.results] == [r.dealer for r in game.results]


def test_quick_score_rows_name_the_soloist_and_the_vorfuehrung_asks_for_him(doko: Ruleset) -> None:
    from kiosk.core import Model, quick_example, step, typed_line
    from kiosk.view import build_view
    from wording.i18n import load_lang

    model = Model()
    for line in ("new doppelkopf Ann Ben Cat Dan", "dealer 0", "mode quick", "score -3 1 1 1 solo 0"):
        model = step(model, line)
    assert model.error is None and model.play is not None
    assert model.play.game.dealer == 0 and model.play.game.results[-1].solo == 0  # Ann's compulsory solo
    for _ in range(21):
        model = step(model, "score 1 1 -1 -1")
    # 3 deals left, 3 owing; Ben deals: Cat, the first owing from his left, is vorgeführt
    assert model.play is not None and model.play.game.duty is not None and model.play.game.duty.forced == 2
    assert quick_example(model.play) == "-1 -1 3 -1 solo 3"  # as typed: players count from 1
    refused = step(model, "score 1 1 -1 -1")
    shown = build_view(refused, load_lang("en")).error
    assert "Cat must play a solo" in shown and "solo 3" in shown, shown
    model = step(model, typed_line(model.play, "score -1 -1 3 -1 solo 3"))
    assert model.error is None and model.play is not None and model.play.game.results[-1].solo == 2


# -- the club's tally replays the same round -----------------------------------------------------------


def test_the_clubs_tally_reads_the_soloist_and_counts_the_round_as_the_referee_does(doko: Ruleset) -> None:
    from club.notation import read_score
    from club.tally import Deal as Row
    from club.tally import Refusal, finished, replay

    game = _whole_game(doko, 5, _policy({0: {1: "solo queens"}, 3: {2: "solo suit S"}}))
    texts = [" ".join(map(str, r.points)) + (f" solo {r.solo + 1}" if r.solo >= 0 else "") for r in game.results]
    assert read_score(texts[0]).solo == 1 and read_score(texts[0]).text() == texts[0]
    rows = [Row(i + 1, read_score(text)) for i, text in enumerate(texts)]
    tally = replay(doko, 4, rows, deals_per_round=24)
    assert len(tally.results) == 26 and tally.duty == game.duty and tally.scores == game.scores
    assert finished(tally, 24) and not finished(replay(doko, 4, rows[:25], deals_per_round=24), 24)
    # a row that leaves out the player forced at a Vorführung is refused in one line, naming its deal
    forced = game.duty.kinds.index(FORCED) if game.duty is not None else -1
    wrong = [*rows[:forced], Row(forced + 1, read_score(" ".join(map(str, game.results[forced].points))))]
    with pytest.raises(Refusal) as refused:
        replay(doko, 4, wrong, deals_per_round=24)
    assert "must play a solo" in str(refused.value) and refused.value.params["deal"] == forced + 1


def test_the_kiosk_sends_the_club_every_deal_of_the_round_with_its_soloist(doko: Ruleset) -> None:
    # An evening's round of 4 deals, played in quick score: the compulsory solo dealt again is sent too, and
    # the server's replay of what the kiosk sends has the kiosk's round.
    from club.notation import read_score
    from club.tally import Deal as Row
    from club.tally import finished, replay
    from kiosk.clublink import wanted
    from kiosk.core import Model, step
    from kiosk.journal import ClubLink

    link = ClubLink("http://club.test", "code", 1, "Friday night", 1, 1, deals=4)
    model = Model()
    for line in ("new doppelkopf Ann Ben Cat Dan", "dealer 0", "mode quick", "score 1 -3 1 1 solo 1"):
        model = step(model, line)
    for _ in range(5):
        model = step(model, "score 1 1 -1 -1")
    assert model.error is None and model.play is not None
    sent = wanted(model.play, link)
    assert [text for _, text, _ in sent][:2] == ["1 -3 1 1 solo 2", "1 1 -1 -1"] and len(sent) == 5
    assert [dealer for _, _, dealer in sent] == [0, 0, 1, 2, 3]  # the same dealer after the Pflichtsolo
    tally = replay(doko, 4, [Row(n, read_score(text), dealer) for n, text, dealer in sent], deals_per_round=4)
    assert finished(tally, 4) and len(tally.results) == 5
    assert tuple(tally.scores) == model.play.game.results[4].scores
