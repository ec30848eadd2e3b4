"""Skat as the International Skat Order plays it (rulesets/skat.yaml), one rule of the order at a time.

The second opinion is ``tests/skat_worked.py``: 52 worked deal results and 14 matador holdings from the
Skat order and the sources it names row by row (Internationale Skatordnung, ISkO, 1999, as published by
the Deutscher Skatverband and the International Skat Players Association; Skatgericht rulings; the
Seeger-Fabian list of the Skatwettspielordnung), with its own small calculator, written apart from the
engine. Here the engine's game value (:mod:`referee.mechanisms.game_value`) is held to those rows, and
played deals, random from the auction to the last trick, to that calculator.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import skat_worked as worked

from referee import Game, IllegalAction, Ruleset, RulesetError, load_ruleset
from referee.bots import choose
from referee.engine import Deal
from referee.mechanisms import contracts, game_value, revoke_penalty

GAMES = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}
# Dealer seat 2: Vorhand seat 0, Mittelhand seat 1, Hinterhand seat 2.
VORHAND, MITTELHAND, HINTERHAND = 0, 1, 2


@pytest.fixture(scope="module")
def skat() -> Ruleset:
    return load_ruleset("skat")


def _deal(rules: Ruleset, hands: list[str] | None = None, skat_cards: str = "", seed: int = 1) -> Deal:
    game = Game(rules, players=3, seed=seed, dealer=HINTERHAND)
    if hands is None:
        return game.new_deal(dealer=HINTERHAND)
    return game.new_deal(hands=[h.split() for h in hands], dealer=HINTERHAND, stock=skat_cards.split())


# A deal where Vorhand holds all four jacks and the clubs ace and ten; the skat holds the ace and ten of hearts.
HANDS = [
    "JC JS JH JD AC TC KC 7S 8S 9S",  # Vorhand
    "QC 9C 8C 7C AS TS KS QS KH QH",  # Mittelhand
    "AD TD KD QD 9D 8D 7D 9H 8H 7H",  # Hinterhand
]
SKAT = "AH TH"


def _to_vorhand(deal: Deal, value: str = "say 18") -> None:
    """Mittelhand says ``value``, Vorhand holds, both others pass: Vorhand declares at that value."""
    for word in (value, "hold", "pass", "pass"):
        deal.apply(word)
    assert deal.to_act == VORHAND and deal.maker == VORHAND


# -- the game value against the worked rows ---------------------------------------------------------------


def _settings(rules: Ruleset) -> game_value.GameValue:
    return game_value.of(rules)


@pytest.mark.parametrize("row", worked.ROWS, ids=lambda r: r.why[:60])
def test_every_worked_row(skat: Ruleset, row: worked.Row) -> None:
    """ISkO 5.1-5.4: base, matadors, game, hand, schneider, schwarz, announced levels, ouvert, overbid;
    a lost game twice its value; SkWO 5.1: the Seeger-Fabian list points."""
    settings = _settings(skat)
    if row.game == "null":
        fixed = settings.fixed["null-ouvert" if row.ouvert else "null"][1 if row.hand else 0]
        outcome = game_value.evaluate(settings, 0, fixed, 0, row.hand, "", row.bid, 0, 120, row.tricks, 10)
    else:
        word, n = row.matadors.split()
        level = "ouvert" if row.ouvert else "schwarz" if row.schwarz_ann else "schneider" if row.schneider_ann else ""
        base = settings.base[row.game]
        found = int(n) if word == "mit" else -int(n)
        outcome = game_value.evaluate(
            settings, base, 0, found, row.hand, level, row.bid, row.points, 120, row.tricks, 10
        )
    assert (outcome.won, outcome.overbid, outcome.value, outcome.score) == (row.won, row.overbid, row.value, row.score)
    tournament = game_value.GameValue(settings.base, settings.fixed, list="seeger-fabian")
    declarer, others = game_value.list_points(tournament, outcome, row.table)
    assert (outcome.score + declarer, others) == (row.sf_declarer, row.sf_each_other)


@pytest.mark.parametrize("holding", worked.MATADOR_TABLE, ids=lambda h: h[0][:50])
def test_matadors_of_every_worked_holding(skat: Ruleset, holding: tuple[str, str, list[str], list[str], str]) -> None:
    """ISkO 2.4: the matadors walk the contract's trumps from the club jack, over the hand and the skat."""
    _, game, hand10, skat2, expected = holding
    settings = contracts.of(skat)
    index = next(i for i, k in enumerate(settings.kinds) if k.id == game)
    trump = -1 if game == "grand" else skat.deck.suits.index(GAMES[game])
    scorer = game_value.GameValueScorer(game_value.of(skat), skat)
    mask = 0
    for code in hand10 + skat2:  # the worked file writes the suit first: CJ for our JC
        mask |= 1 << skat.deck.index[code[1] + code[0]]
    found = game_value.matadors(scorer.trumps(index, trump), mask)
    assert ("mit " if found > 0 else "ohne ") + str(abs(found)) == expected


# -- the auction, the skat and the declaration ------------------------------------------------------------


def test_the_declarer_takes_the_skat_or_declares_a_hand_game(skat: Ruleset) -> None:
    """ISkO 2.2.2/2.2.3: take up the skat and lay two away, or play hand; levels only in a hand game."""
    deal = _deal(skat, HANDS, SKAT)
    _to_vorhand(deal)
    words = deal.legal_actions()
    assert words[0] == "skat"
    assert "solo grand hand" in words and "solo clubs hand schneider" in words and "solo grand hand ouvert" in words
    assert "solo null hand" in words and "solo null-ouvert hand" in words
    assert "solo null hand schneider" not in words  # a null announces nothing
    assert "solo grand" not in words  # not before the skat is taken or left
    deal.apply("skat")
    assert deal.phase == "discard" and deal.to_act == VORHAND
    assert sorted(deal.hand(VORHAND)) == sorted(HANDS[0].split() + SKAT.split())
    deal.apply("7S")
    deal.apply("8S")
    assert deal.phase == "bid"
    words = deal.legal_actions()
    assert words == [
        "solo clubs",
        "solo spades",
        "solo hearts",
        "solo diamonds",
        "solo grand",
        "solo null",
        "solo null-ouvert",
    ]
    with pytest.raises(IllegalAction):
        deal.apply("solo grand hand")  # the skat has been seen
    deal.apply("solo grand")
    assert deal.phase == "play" and deal.to_act == VORHAND  # Vorhand leads (ISkO 4.1.1)


def test_the_skat_counts_for_the_declarer(skat: Ruleset) -> None:
    """ISkO 2.2.1 and 5.2.2: the skat belongs to the declarer, discards or unseen."""
    for hand_game in (False, True):
        deal = _deal(skat, HANDS, SKAT)
        _to_vorhand(deal)
        if hand_game:
            deal.apply("solo grand hand")
        else:
            for word in ("skat", "7S", "AC", "solo grand"):
                deal.apply(word)
        while deal.phase != "done":
            deal.apply(choose(deal))
        taken = deal.record()
        skat_cards = {"AH", "TH"} if hand_game else {"7S", "AC"}
        for code in skat_cards:
            assert taken.won[VORHAND] >> skat.deck.index[code] & 1
        assert sum(deal.taken_points()) == 120


def test_a_null_below_the_bid_is_not_offered(skat: Ruleset) -> None:
    """A null has a fixed value (23, hand 35, ouvert 46, ouvert hand 59): below the bid it cannot be declared."""
    deal = _deal(skat, HANDS, SKAT)
    _to_vorhand(deal, "say 24")
    words = deal.legal_actions()
    assert "solo null hand" in words  # 35
    deal.apply("skat")
    deal.apply("7S")
    deal.apply("8S")
    words = deal.legal_actions()
    assert "solo null" not in words and "solo null-ouvert" in words
    deal = _deal(skat, HANDS, SKAT)
    _to_vorhand(deal, "say 48")
    assert [w for w in deal.legal_actions() if "null" in w] == ["solo null-ouvert hand"]


def test_everyone_passes_and_the_cards_are_thrown_in(skat: Ruleset) -> None:
    """ISkO 3.3: nobody says 18 and Vorhand passes too: eingepasst, nothing scored."""
    deal = _deal(skat, HANDS, SKAT)
    for word in ("pass", "pass", "pass"):
        deal.apply(word)
    assert deal.phase == "done" and deal.redeal and deal.points() == [0, 0, 0]


# -- trumps and the order of the cards --------------------------------------------------------------------


def _play(deal: Deal, cards: str) -> None:
    for code in cards.split():
        deal.apply(code)


def test_a_jack_follows_trumps_in_a_suit_game(skat: Ruleset) -> None:
    """ISkO 2.3: in a suit game the four jacks are the highest trumps; a jack is no card of its suit."""
    deal = _deal(skat, HANDS, SKAT)
    _to_vorhand(deal)
    deal.apply("solo diamonds hand")
    deal.apply("JH")  # trump led: Mittelhand has no trump (no jack, no diamond) and may play anything
    assert "AS" in deal.legal_actions()
    deal.apply("AS")
    assert set(deal.legal_actions()) == set(["AD", "TD", "KD", "QD", "9D", "8D", "7D"])  # Hinterhand must trump
    deal.apply("AD")
    assert deal.tricks[0].winner == VORHAND  # the heart jack over the diamond ace
    deal.apply("7S")  # spades led: the jacks are no spades
    assert set(deal.legal_actions()) == {"TS", "KS", "QS"}


def test_only_the_jacks_are_trumps_in_a_grand(skat: Ruleset) -> None:
    deal = _deal(skat, HANDS, SKAT)
    _to_vorhand(deal)
    deal.apply("solo grand hand")
    deal.apply("AC")  # clubs led: Mittelhand follows with clubs, the jacks are no clubs
    assert set(deal.legal_actions()) == {"QC", "9C", "8C", "7C"}
    deal.apply("7C")
    deal.apply("9H")
    assert deal.tricks[0].winner == VORHAND
    deal.apply("JD")  # a jack led: nobody else holds one
    deal.apply("QC")
    deal.apply("AD")
    assert deal.tricks[1].winner == VORHAND


def test_a_null_has_no_trumps_and_ends_when_the_declarer_takes_a_trick(skat: Ruleset) -> None:
    """ISkO 2.3.4: in a null, 7 8 9 10 J Q K A in every suit, no trumps, jacks in their own suits; 5.2.7: the
    declarer loses with the first trick taken, and the deal ends there."""
    deal = _deal(skat, HANDS, SKAT)
    _to_vorhand(deal)
    deal.apply("solo null hand")
    deal.apply("TC")  # the ten below the queen
    assert set(deal.legal_actions()) == {"QC", "9C", "8C", "7C"}
    _play(deal, "QC 7D")
    assert deal.tricks[0].winner == MITTELHAND
    _play(deal, "KS 7H")
    assert set(deal.legal_actions()) == {"7S", "8S", "9S", "JS"}  # the spade jack is a spade in a null
    _play(deal, "9S")
    _play(deal, "QH 8H JH")  # the heart jack is a heart, below the queen
    assert deal.tricks[2].winner == MITTELHAND
    _play(deal, "AS 9H 8S 7C 8D")
    assert deal.phase == "play" and deal.tricks_won[VORHAND] == 0
    _play(deal, "KC")  # Vorhand must follow clubs and takes the trick: the null is lost, the deal over
    assert deal.phase == "done" and len(deal.tricks) == 5
    outcome = game_value.outcome(skat, deal)
    assert outcome is not None and not outcome.won and outcome.value == 35
    assert deal.points() == [-70, 0, 0]


# -- played deals against the worked calculator -----------------------------------------------------------


def _random_deal(rules: Ruleset, rng: random.Random, seed: int) -> Deal:
    deal = Game(rules, players=3, seed=seed).new_deal()
    while deal.phase != "done":
        legal = deal.legal_actions()
        if deal.phase == "bid" and any(w.startswith("say ") for w in legal) and rng.random() < 0.6:
            says = [w for w in legal if w.startswith("say ")]
            deal.apply(says[min(int(rng.expovariate(0.5)), len(says) - 1)])  # mostly low values
        elif deal.phase == "bid" and "skat" in legal and rng.random() < 0.5:
            deal.apply("skat")  # half the declarers take the skat, the others play one of the hand games
        elif deal.phase == "bid" and "hold" in legal:
            deal.apply("hold" if rng.random() < 0.6 else "pass")
        else:
            deal.apply(rng.choice(legal))
    return deal


def test_played_deals_score_as_the_worked_calculator(skat: Ruleset) -> None:
    """Random auctions, declarations (hand games and levels among them) and plays: every declarer's score is
    the calculator's, from the deal's own facts: the game, the 12 cards, the bid, points and tricks."""
    rng = random.Random(17)
    settings = contracts.of(skat)
    seen: set[str] = set()
    played = 0
    for seed in range(600):
        deal = _random_deal(skat, rng, seed)
        if deal.redeal:
            continue
        played += 1
        taken = deal.record()
        assert taken.declared is not None
        index, hand, level, bid = taken.declared
        kind = settings.kinds[index]
        maker = deal.maker
        assert maker is not None
        tricks = deal.tricks_won[maker]
        if kind.goal == "no-tricks":
            game, matadors, points = "null", "", 0
            ouvert = kind.open
        else:
            game = kind.id
            cards = [code[1] + code[0] for code in skat.deck.mask_codes(taken.holding)]  # suit first: CJ
            matadors = worked.matadors_of(cards, game)
            points = deal.taken_points()[maker]
            ouvert = level == "ouvert"
        schwarz = level in ("schwarz", "ouvert")
        won, overbid, _, score = worked.evaluate(
            game, hand, schwarz or level == "schneider", schwarz, ouvert, matadors, bid, points, tricks
        )
        assert deal.points()[maker] == score, (seed, deal.history)
        assert [p for s, p in enumerate(deal.points()) if s != maker] == [0, 0]
        seen.add(f"{game}{'-hand' if hand else ''}{'-' + level if level else ''}{'-overbid' if overbid else ''}")
        seen.add("won" if won else "lost")
    assert played > 500
    for kind_seen in ("null", "null-hand", "grand", "grand-hand", "won", "lost"):
        assert kind_seen in seen
    assert any("overbid" in s for s in seen) and any("schneider" in s for s in seen)


def test_a_whole_game_of_bots(skat: Ruleset) -> None:
    game = Game(skat, players=3, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        deal = game.new_deal()
        while deal.phase != "done":
            deal.apply(choose(deal, rng))
        game.finish_deal(deal)
    assert len([r for r in game.results if not r.redeal]) == 36


# -- refused at their lines ------------------------------------------------------------------------------


def _refusal(tmp_path: Path, text: str) -> str:
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(path)
    return str(info.value)


@pytest.mark.parametrize(
    ("house", "message"),
    [
        ("deal: {talon: {size: 3}}", "the hands leave 2 cards, not a talon of 3"),
        ("trump: {contracts: {chosen: reservation}}", "levels are announced in a hand game"),
        ("deal: {talon: {hand: false}}", "levels are announced in a hand game"),
        ("trump: {contracts: {kinds: [{id: nil, trumps: [], goal: no-tricks}]}}", "nil is played for no trick"),
        ("trump: {contracts: {kinds: [{id: jacks, trumps: [JC, JS]}]}}", "give contract jacks a base value"),
        ("trump: {contracts: {kinds: [{id: grand, order: [A, K]}]}}", "lists every rank of the deck once"),
        ("players: {counts: [4]}", "with 4 players the hands need 40 cards of 32"),
        ("bidding: {rounds: [{kind: ladder, values: [18, 19, 20]}]}", "no game is worth 19"),
    ],
)
def test_a_skat_house_rule_the_engine_cannot_play_is_refused(tmp_path: Path, house: str, message: str) -> None:
    text = f"id: house\nextends: skat\n{house}\n"
    assert message in _refusal(tmp_path, text)


# -- a table of four: the dealer sits out ------------------------------------------------------------------


def test_at_a_table_of_four_the_dealer_sits_each_deal_out(tmp_path: Path) -> None:
    """ISkO 1.1.1: three play each deal; at a table of four the dealer is dealt nothing and plays no trick;
    Mittelhand is the second seat from the dealer's left; the Seeger-Fabian list gives the sitting dealer
    30, as each opponent, when the declarer loses (SkWO 5.1)."""
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nextends: skat-four\nscoring: {game_value: {list: seeger-fabian}}\n", encoding="utf-8")
    rules = load_ruleset(path)
    rng = random.Random(3)
    lost = 0
    for seed in range(60):
        game = Game(rules, players=4, seed=seed, dealer=seed % 4)
        deal = game.new_deal()
        dealer = deal.dealer
        assert deal.hand(dealer) == [] and all(len(deal.hand(s)) == 10 for s in range(4) if s != dealer)
        assert deal.to_act == (dealer + 2) % 4  # Mittelhand says first
        while deal.phase != "done":
            deal.apply(choose(deal, rng))
        if deal.redeal:
            continue
        assert all(len(trick.plays) == 3 for trick in deal.tricks)
        assert all(seat != dealer for trick in deal.tricks for seat, _ in trick.plays)
        points = deal.points()
        maker = deal.maker
        assert maker is not None and maker != dealer
        outcome = game_value.outcome(rules, deal)
        assert outcome is not None
        if outcome.won:
            assert points[maker] == outcome.score + 50 and points[dealer] == 0
        else:
            lost += 1
            assert points[maker] == outcome.score - 50
            assert [points[s] for s in range(4) if s != maker] == [30, 30, 30]
    assert lost


def test_the_game_values_are_the_ladder(skat: Ruleset) -> None:
    """Every value a game can be worth is a value of the Reizen's ladder, and the other way round (ISkO 3.3.1:
    bids are game values); the list from the worked file's own calculator agrees."""
    assert (
        game_value.game_values(skat)
        == list(skat.bidding_rounds[0].values)
        == [v for v in worked.bid_ladder() if v >= 18]
    )


@pytest.mark.parametrize(
    ("row", "possible"),
    [
        ([0, 0, 0], True),  # thrown in
        ([0, 48, 0], True),  # grand mit 1, Spiel 2 (and any game worth 48)
        ([0, -96, 0], True),  # 48 lost
        ([23, 0, 0], True),  # a null
        ([-46, 0, 0], True),  # a null lost
        ([0, 0, 19], False),  # no game is worth 19
        ([0, -47, 0], False),  # a loss counts twice: even
        ([0, -38, 0], False),  # 19 lost: no game, no multiple of a base value
        ([0, -198, 0], True),  # overbid: 99 = 11 x 9, a multiple of a base, lost twice
        ([24, 24, 0], False),  # one declarer a deal
        ([24, -48, 0], False),
        ([0, -2000, 0], False),  # no bid reaches 1000: no overbid game is worth it
        ([0, -540, 0], True),  # a diamonds game overbid at 264: the least multiple of 9 reaching it, 270
        ([0, -560, 0], False),  # 280 = 28 x 10: no bid needs a hearts game worth that much
    ],
)
def test_a_score_sheet_row_is_checked_against_the_game_values(skat: Ruleset, row: list[int], possible: bool) -> None:
    assert game_value.possible_scores(skat, row) is possible


def test_a_seeger_fabian_row(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nextends: skat\nscoring: {game_value: {list: seeger-fabian}}\n", encoding="utf-8")
    rules = load_ruleset(path)
    assert game_value.possible_scores(rules, [74, 0, 0])  # 24 won, 50 more
    assert game_value.possible_scores(rules, [-98, 40, 40])  # 24 lost: -48, 50 less; 40 each to the others
    assert not game_value.possible_scores(rules, [-98, 0, 0])
    assert not game_value.possible_scores(rules, [24, 0, 0])


def test_a_claim_keeps_the_declarers_matadors(skat: Ruleset) -> None:
    """The matadors are the declarer's cards with the skat (ISkO 2.4.2), however the deal ends: a claim of
    the remaining tricks empties the hands, not the holding the game value counts."""
    for hand_game in (True, False):
        deal = _deal(skat, HANDS, SKAT)
        _to_vorhand(deal)
        words = ["solo clubs hand"] if hand_game else ["skat", "7S", "8S", "solo clubs"]
        for word in words:
            deal.apply(word)
        _play(deal, "JC QC AD")  # Vorhand leads the club jack and takes the trick
        deal.claim(VORHAND)
        outcome = game_value.outcome(skat, deal)
        assert outcome is not None and outcome.matadors == 7  # mit 7: the four jacks, ace, ten and king of clubs
        assert outcome.won


def test_at_a_real_table_the_skat_counts_for_the_declarer(skat: Ruleset) -> None:
    """With unknown hands (a kiosk beside a real table) nobody enters the skat or the discards: the cards
    nobody played are the skat, and the declarer's score counts them, points and matadors, as the same deal
    with known hands does."""
    rng = random.Random(8)
    compared = 0
    for seed in range(40):
        known = Game(skat, players=3, seed=seed, dealer=HINTERHAND).new_deal(dealer=HINTERHAND)
        while known.phase != "done":
            known.apply(choose(known, rng) if rng.random() < 0.7 else rng.choice(known.legal_actions()))
        if known.redeal:
            continue
        table = Game(skat, players=3, seed=seed, dealer=HINTERHAND, unknown_hands=True).new_deal(dealer=HINTERHAND)
        discards = 0
        for _, action in known.history:
            if discards:  # the table does not enter the cards laid away
                discards -= 1
                continue
            table.apply(action)
            if action == "skat":
                discards = 2
        assert table.phase == "done"
        assert table.points() == known.points(), (seed, known.history)
        compared += 1
    assert compared > 20


def test_a_real_table_plays_every_trick_out(skat: Ruleset) -> None:
    """At a real table the skat is seen only as the cards nobody played: a claim would hand it to whoever
    claimed (a defender's claim took the skat's points from the declarer) and leave the matadors unknown,
    so the claim is refused with its reason, and the kiosk offers none; with known hands it stands."""
    table = Game(skat, players=3, seed=3, dealer=HINTERHAND, unknown_hands=True).new_deal(dealer=HINTERHAND)
    for word in ("say 18", "hold", "pass", "pass", "solo clubs hand", "JC", "7C", "8C"):
        table.apply(word)
    assert table.phase == "play" and not table.current_trick
    assert table.claim_refusal() == "claim-talon"
    for seat in range(3):
        with pytest.raises(IllegalAction) as refused:
            table.claim(seat)
        assert refused.value.kind == "claim-talon"
    assert table.phase == "play" and len(table.tricks) == 1  # nothing taken

    known = _deal(skat, HANDS, SKAT)
    _to_vorhand(known)
    known.apply("solo clubs hand")
    _play(known, "JC QC AD")
    assert known.claim_refusal() is None
    known.claim(MITTELHAND)
    assert known.phase == "done"


def test_a_thrown_in_deal_counts_as_one_of_the_series(skat: Ruleset) -> None:
    """ISkO 3.2.16: "Auch ein eingepasstes Spiel ist ein gültiges Spiel": a deal everyone passes counts as one
    of the series' 36, scores nothing, and the next player deals."""
    game = Game(skat, players=3, seed=2, dealer=HINTERHAND)
    deal = game.new_deal()
    for word in ("pass", "pass", "pass"):
        deal.apply(word)
    result = game.finish_deal(deal)
    assert result.redeal and game.deals_played == 1 and game.scores == [0, 0, 0]
    assert game.dealer == VORHAND and game.number == 1


def test_a_score_sheet_row_is_checked_by_the_referee(skat: Ruleset) -> None:
    """Quick score (the kiosk, the club's tally) asks referee.results, which asks the game value."""
    from referee.results import ResultError, check_points

    check_points(skat, 3, [0, 48, 0])
    check_points(skat, 3, [0, 0, 0])
    for row, kind in (([30, 30, 60], "one-declarer"), ([61, 0, 0], "game-value"), ([0, -2000, 0], "lost-value")):
        with pytest.raises(ResultError) as refused:
            check_points(skat, 3, row)
        assert refused.value.kind == kind


# -- a breach decides the game (ISkO 4.1.4) ---------------------------------------------------------------


def _played_out(rules: Ruleset, words: list[str], value: str = "say 18") -> Deal:
    """The worked hands with Vorhand declaring ``words`` at ``value``, every card then played by the bots."""
    deal = _deal(rules, HANDS, SKAT)
    _to_vorhand(deal, value)
    for word in words:
        deal.apply(word)
    rng = random.Random(4)
    while deal.phase != "done":
        deal.apply(choose(deal, rng))
    return deal


def _forfeit_row(rules: Ruleset, deal: Deal, offender: int) -> list[int]:
    points = deal.points()
    penalty = revoke_penalty.booked(rules, rules.layout(3), offender, points, (), deal)
    assert penalty is not None
    return [p + q for p, q in zip(points, penalty, strict=True)]


def test_a_revoke_decides_the_game_at_the_simple_level(skat: Ruleset) -> None:
    """ISkO 4.1.4: a breach "ist das Spiel für die schuldige Partei in der Stufe einfach (nicht Schneider oder
    Schwarz) verloren". Vorhand's clubs hand game is "mit 7" (the four jacks, ace, ten and king of clubs): simple
    level 7 + game + hand = 9, 9 x 12 = 108. The declarer in error loses it twice over; a defender in error gives
    the declarer 108, whatever schneider the cards made; the others score nothing."""
    assert revoke_penalty.decides_game(revoke_penalty.of(skat))
    deal = _played_out(skat, ["solo clubs hand"])
    assert _forfeit_row(skat, deal, VORHAND) == [-216, 0, 0]
    assert _forfeit_row(skat, deal, MITTELHAND) == [108, 0, 0]
    assert _forfeit_row(skat, deal, HINTERHAND) == [108, 0, 0]


def test_a_revoke_counts_the_bid(skat: Ruleset) -> None:
    """Bid to 120, the clubs hand game is worth 108 at the simple level: a declarer in error loses the least
    multiple of 12 reaching the bid, 120, twice over (ISkO 4.1.1, "unter Berücksichtigung der letzten
    Reizhöhe"); a defender's error does not make the declarer lose an overbid never played out: won at 120."""
    deal = _played_out(skat, ["solo clubs hand"], "say 120")
    assert _forfeit_row(skat, deal, VORHAND) == [-240, 0, 0]
    assert _forfeit_row(skat, deal, HINTERHAND) == [120, 0, 0]


def test_a_revoke_in_a_null_and_on_a_tournament_list(skat: Ruleset, tmp_path: Path) -> None:
    """A null has its fixed value (null hand 35); on a Seeger-Fabian list the game lost by a breach is a game
    lost (-50, and 40 to each opponent at three), one won by it a game won (+50)."""
    deal = _played_out(skat, ["solo null hand"])
    assert _forfeit_row(skat, deal, VORHAND) == [-70, 0, 0]
    assert _forfeit_row(skat, deal, MITTELHAND) == [35, 0, 0]
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nextends: skat\nscoring: {game_value: {list: seeger-fabian}}\n", encoding="utf-8")
    tournament = load_ruleset(path)
    deal = _played_out(tournament, ["solo clubs hand"])
    assert _forfeit_row(tournament, deal, VORHAND) == [-266, 40, 40]
    assert _forfeit_row(tournament, deal, MITTELHAND) == [158, 0, 0]


def test_one_breach_decides_a_deal_and_a_deal_thrown_in_has_none(skat: Ruleset) -> None:
    deal = _played_out(skat, ["solo clubs hand"])
    first = revoke_penalty.booked(skat, skat.layout(3), VORHAND, deal.points(), (), deal)
    assert first is not None and any(first)
    assert revoke_penalty.booked(skat, skat.layout(3), MITTELHAND, deal.points(), [first], deal) == [0, 0, 0]
    thrown = _deal(skat, HANDS, SKAT)
    for word in ("pass", "pass", "pass"):
        thrown.apply(word)
    assert revoke_penalty.booked(skat, skat.layout(3), VORHAND, thrown.points(), (), thrown) == [0, 0, 0]


def test_a_score_sheet_penalty_is_checked_as_a_game_decided(skat: Ruleset) -> None:
    """Quick score: a penalty turning the deal's row into a row a game gives is taken; another is refused."""
    from referee.results import ResultError, check_penalty

    check_penalty(skat, 3, [-324, 0, 0], deal_points=[108, 0, 0])  # won 108, lost by a breach: -216
    with pytest.raises(ResultError):
        check_penalty(skat, 3, [-100, 0, 0], deal_points=[108, 0, 0])
    with pytest.raises(ResultError):
        check_penalty(skat, 3, [-324, 0, 0], deal_points=[108, 0, 0], given=[[-324, 0, 0]])


def test_a_revoke_keeps_the_levels_announced_and_not_a_game_already_decided(skat: Ruleset) -> None:
    """ISkO 4.1.5: the level a declarer announced is his when the opponents erred (and counts in a game he lost
    by his own error): clubs hand with schneider announced, mit 7: 7 + game + hand + schneider + announced = 11,
    132. ISkO 4.1.4 applies "vor der Spielentscheidung": a breach once the declarer has 61 (here after every
    trick) changes nothing."""
    deal = _played_out(skat, ["solo clubs hand schneider"])
    assert _forfeit_row(skat, deal, MITTELHAND) == [132, 0, 0]
    assert _forfeit_row(skat, deal, VORHAND) == [-264, 0, 0]
    played = _played_out(skat, ["solo clubs hand"])
    points = played.points()
    assert game_value.outcome(skat, played) is not None and game_value.outcome(skat, played).won  # type: ignore[union-attr]
    layout = skat.layout(3)
    assert revoke_penalty.booked(skat, layout, VORHAND, points, (), played, before=len(played.tricks)) == [0, 0, 0]
    early = revoke_penalty.booked(skat, layout, VORHAND, points, (), played, before=0)  # the skat alone: 21, undecided
    assert early is not None and [p + q for p, q in zip(points, early, strict=True)] == [-216, 0, 0]
