"""Klaverjassen (rulesets/klaverjassen.yaml, Amsterdam; klaverjassen-rotterdam.yaml), one rule at a time.

The worked examples (tests/klaverjassen_worked.py) come from the rules texts, each row naming its
source: 33 tricks with their roem, 45 deal results (made, made by one point, a tie that is nat,
nat with and without roem on either side, roem that makes the difference, pit by either side).
The referee must agree with every row, through the same code a played deal and a deal entered
at the kiosk are scored by; and a few hundred deals played by the engine must score exactly as
the worked examples' own calculator says, trick by trick.

Sources for the scenario tests (see also referee/mechanisms/*.py): Nederlandse Klaverjas Unie,
competition rules ("De gever is de eerste speler ... Ik speel of Ik pas"; "Wanneer alle spelers
gepast hebben is de gever verplicht tot spelen"; "In alle gevallen komt de speler links van de
gever als eerste uit"); NKU "Het spel" (16 spellen, a boompje).
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import klaverjassen_worked as worked
import pytest

from kiosk.core import Model, step, typed_line
from kiosk.view import build_view
from referee import Game, IllegalAction, Ruleset, RulesetError, load_ruleset
from referee.bots import choose
from referee.mechanisms import card_contract, roem
from referee.results import ResultError, check_points, score_card_deal
from referee.stats import simulate
from wording.i18n import load_lang

SUIT = {"C": 0, "D": 1, "H": 2, "S": 3}


@pytest.fixture(scope="module")
def amsterdam() -> Ruleset:
    return load_ruleset("klaverjassen")


@pytest.fixture(scope="module")
def rotterdam() -> Ruleset:
    return load_ruleset("klaverjassen-rotterdam")


@pytest.mark.parametrize("row", worked.ROEM, ids=lambda r: " ".join(r.trick) + " trump " + r.trump)
def test_roem_of_a_trick(amsterdam: Ruleset, row: worked.Roem) -> None:
    deck = amsterdam.deck
    cards = [deck.index[c] for c in row.trick]
    melds = roem.melds(roem.of(amsterdam), deck, cards, SUIT[row.trump])
    assert sum(m.points for m in melds) == row.roem, row.why


@pytest.mark.parametrize("row", worked.RESULTS, ids=lambda r: r.why[:60])
def test_deal_result(amsterdam: Ruleset, rotterdam: Ruleset, row: worked.Result) -> None:
    rules = amsterdam if row.variant == "amsterdam" else rotterdam
    pit = next((side for side in (0, 1) if row.tricks[side] == 8), None)
    maker = row.makers  # seat 0 sits on side 0, seat 1 on side 1
    points = score_card_deal(rules, 4, maker, row.cards, row.roem, pit)
    assert (points[0], points[1]) == row.score, row.why
    assert points[2:] == points[:2]  # partners score together


def test_a_tie_is_nat_and_half_is_a_house_rule(amsterdam: Ruleset) -> None:
    # NKU: the players need "meer punten dan de andere partij" (a minimum of 82 without roem).
    strict = card_contract.of(amsterdam)
    assert not card_contract.made(strict, 81, 162)
    assert card_contract.made(strict, 82, 162)
    # klaverjassenonline's "minimaal de helft", written as a house rule:
    assert card_contract.made(card_contract.CardContract("half"), 81, 162)


def test_quick_score_refuses_what_no_deal_gives(amsterdam: Ruleset) -> None:
    with pytest.raises(ResultError, match="a deal holds 162"):
        score_card_deal(amsterdam, 4, 0, [90, 70], [0, 0])
    with pytest.raises(ResultError, match="no melds add up to 30"):
        score_card_deal(amsterdam, 4, 0, [90, 72], [30, 0])
    with pytest.raises(ResultError, match="took no trick"):
        score_card_deal(amsterdam, 4, 0, [150, 12], [0, 0], 0)
    # Points per player cannot say who chose trump or what was roem: the kiosk must ask for both.
    with pytest.raises(ResultError, match="who chose trump"):
        check_points(amsterdam, 4, [81, 81, 81, 81])


# -- played deals against the worked examples' calculator -------------------------------


def _play_out(rules: Ruleset, seed: int) -> tuple[list[int], list[list[str]], list[int], str, int, list[int]]:
    """A random deal played by random legal moves: its points, tricks, winners, trump, maker, tricks per side."""
    rng = random.Random(seed)
    game = Game(rules, players=4, seed=seed)
    deal = game.new_deal(dealer=seed % 4)
    while deal.phase != "done":
        deal.apply(rng.choice(deal.legal_actions()))
    tricks = [t.cards for t in deal.tricks]
    winners = [t.winner for t in deal.tricks]
    assert deal.trump is not None and deal.maker is not None
    taken = [sum(1 for w in winners if w % 2 == side) for side in (0, 1)]
    return deal.points(), tricks, winners, "CDHS"[deal.trump], deal.maker, taken


@pytest.mark.parametrize("name", ["klaverjassen", "klaverjassen-rotterdam"])
def test_played_deals_score_as_the_worked_calculator_says(name: str) -> None:
    rules = load_ruleset(name)
    nat = pit = roem_seen = 0
    for seed in range(300):
        points, tricks, winners, trump, maker, taken = _play_out(rules, seed)
        cards = [0, 0]
        melds = [0, 0]
        for trick, winner in zip(tricks, winners, strict=True):
            cards[winner % 2] += sum(worked.card_points(c, trump) for c in trick)
            melds[winner % 2] += worked.trick_roem(tuple(trick), trump)
        cards[winners[-1] % 2] += 10
        expected = worked.deal_score(maker % 2, (cards[0], cards[1]), (melds[0], melds[1]), (taken[0], taken[1]))
        assert (points[0], points[1]) == expected, (seed, tricks, trump, maker)
        assert points[2:] == points[:2]
        nat += expected[maker % 2] == 0
        pit += 8 in taken
        roem_seen += sum(melds) > 0
    # The random deals reached every case the calculator tells apart.
    assert nat and pit and roem_seen


# -- the bidding: the dealer speaks first, and plays if all four pass -------------------


def test_the_dealer_speaks_first_and_must_play_if_all_pass(amsterdam: Ruleset) -> None:
    game = Game(amsterdam, players=4, seed=7)
    deal = game.new_deal(dealer=2)
    assert deal.to_act == 2
    assert deal.legal_actions() == ["pass", "call C", "call D", "call H", "call S"]
    for seat in (2, 3, 0, 1):
        assert deal.to_act == seat
        deal.apply("pass")
    assert deal.to_act == 2
    assert "pass" not in deal.legal_actions()
    with pytest.raises(IllegalAction):
        deal.apply("pass")
    deal.apply("call H")
    assert (deal.trump, deal.maker) == (SUIT["H"], 2)
    # Whoever chose trump, the player left of the dealer leads.
    assert deal.phase == "play" and deal.to_act == 3


def test_a_later_player_chooses_trump_and_voorhand_leads(amsterdam: Ruleset) -> None:
    game = Game(amsterdam, players=4, seed=8)
    deal = game.new_deal(dealer=0)
    deal.apply("pass")  # the dealer
    deal.apply("pass")  # seat 1
    deal.apply("call S")  # seat 2 plays, with spades trump
    assert (deal.trump, deal.maker) == (SUIT["S"], 2)
    assert deal.to_act == 1


def test_a_game_is_sixteen_deals(amsterdam: Ruleset) -> None:
    rng = random.Random(3)
    game = Game(amsterdam, players=4, seed=3)
    dealers = []
    while not game.is_over:
        deal = game.new_deal()
        dealers.append(deal.dealer)
        while deal.phase != "done":
            deal.apply(rng.choice(deal.legal_actions()))
        game.finish_deal(deal)
    # A boompje: every player deals four times, in turn round the table.
    assert len(dealers) == 16
    assert all(dealers.count(seat) == 4 for seat in range(4))
    assert all(b == (a + 1) % 4 for a, b in itertools.pairwise(dealers))
    assert game.scores[0] == game.scores[2] and game.scores[1] == game.scores[3]


# -- the kiosk's quick score: who played, each side's card points and roem -----------------


def _kiosk(lines: list[str]) -> Model:
    model = Model()
    for line in lines:
        model = step(model, line)
        assert model.error is None, (line, str(model.error))
    return model


def test_the_kiosk_scores_a_deal_entered_as_the_score_sheet_keeps_it() -> None:
    start = ["new klaverjassen Ann Ben Cat Dan", "dealer 0", "mode quick"]
    model = _kiosk([*start, "score Ann 90 72 roem 20 0", "score Ben 90 72 roem 0 20"])
    assert model.play is not None
    # Ann and Cat played and made it: 110 and 72; then Ben and Dan played with 92 of 182: more than half.
    assert model.play.game.scores == [200, 164, 200, 164]
    model = step(model, "score Dan 100 62 roem 20 0")
    assert model.error is None
    assert model.play is not None and model.play.game.scores == [382, 164, 382, 164]  # Ben and Dan nat
    pit = step(model, "score Cat 162 0 roem 20 0 pit")
    assert pit.play is not None and pit.play.game.scores == [382 + 282, 164, 382 + 282, 164]
    for wrong in ("score Ann 90 70 roem 0 0", "score Ann 90 72 roem 30 0", "score Ann 90 72", "score 0 0 0 0"):
        refused = step(model, wrong)
        assert refused.error is not None, wrong
        assert refused.play is not None and refused.play.game.scores == model.play.game.scores
        for lang in ("en", "de", "nl", "it", "he"):  # the refusal said on screen in every language
            said = build_view(refused, load_lang(lang)).error
            assert said and "…" not in said, (wrong, lang, said)


def _trick_winner(rules: Ruleset, trump: str, cards: list[str]) -> int:
    """Which of the cards (in play order, the first led) wins a trick with ``trump`` trump, by the engine's table."""
    deck = rules.deck
    table = rules.setup(4, SUIT[trump]).table
    led = table.eff_suit[deck.index[cards[0]]]
    keys = [table.keys[led][deck.index[c]] for c in cards]
    return keys.index(max(keys))


@pytest.mark.parametrize(
    ("trump", "cards", "winner", "why"),
    [
        ("H", ["9H", "AH", "TH", "KH"], 0, "trump: the nine (nel) above the ace"),
        ("H", ["AH", "JH", "9H", "TH"], 1, "trump: the jack (jas) above everything"),
        ("H", ["KS", "TS", "QS", "JS"], 1, "plain: the ten above the king, the queen and the jack"),
        ("H", ["JS", "9S", "QS", "8S"], 2, "plain: the queen above the jack and the nine"),
        ("H", ["8H", "7H", "QH", "KH"], 3, "trump below the ten: K Q 8 7"),
        ("C", ["AS", "7C", "TS", "KS"], 1, "the lowest trump beats the plain ace"),
        ("C", ["7D", "AS", "8D", "AH"], 2, "a card of another suit never wins"),
    ],
)
def test_the_ranks_of_trump_and_plain_suits(
    amsterdam: Ruleset, trump: str, cards: list[str], winner: int, why: str
) -> None:
    assert _trick_winner(amsterdam, trump, cards) == winner, why


def test_a_house_rule_the_engine_cannot_play_is_refused_at_its_own_lines(tmp_path: Path) -> None:
    house = tmp_path / "solo.yaml"
    house.write_text(
        "id: solo\nextends: klaverjassen\nplayers: {counts: [4], teams: none}\n"
        'scoring:\n  teams: individual\n  roem: {runs: {"5": 100}}\n',
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as caught:
        load_ruleset(house)
    lines = str(caught.value).splitlines()
    assert all(line.startswith(f"{house}:") for line in lines), lines  # never the base's lines
    assert any("3:31" in line and "contract on card points needs partners" in line for line in lines)
    assert any("3:31" in line and "a partner's trick needs partnerships" in line for line in lines)
    assert any("6:" in line and "no 5 in a row" in line for line in lines)


def test_the_figures_count_every_card_at_its_worth_in_the_deal(amsterdam: Ruleset) -> None:
    # The nine scores only as a trump (14): the share of the points taken counts it, and every card's
    # share is its points over all the points taken (152 a deal: the last trick's 10 is no card's).
    stats = simulate(amsterdam, games=3, seed=1)
    shares = stats.card_shares()
    assert {code for code in shares if code[0] == "9"} == {"9C", "9D", "9H", "9S"}
    taken = dict(stats.card_points or ())
    deals = sum(count * deals for deals, count in stats.deal_counts)
    assert sum(taken.values()) == 152 * deals
    assert "8C" not in shares and "7H" not in shares  # worth nothing in any suit


def test_the_bots_leave_a_trick_their_partner_is_winning(amsterdam: Ruleset) -> None:
    # Amsterdam frees a player whose partner has the trick; the figures' bots use that freedom (so the
    # Amsterdam and Rotterdam figures differ), and give the partner points rather than take the trick over.
    rng = random.Random(2)
    seen = 0
    for seed in range(40):
        deal = Game(amsterdam, players=4, seed=seed).new_deal(dealer=seed % 4)
        while deal.phase != "done":
            trick = deal.current_trick
            action = choose(deal, rng)
            if deal.phase == "play" and trick:
                table, index = deal.table, amsterdam.deck.index
                key = table.keys[table.eff_suit[index[trick[0][1]]]]
                best = max(key[index[c]] for _, c in trick)
                leader = next(s for s, c in trick if key[index[c]] == best)
                seat = deal.to_act
                assert seat is not None
                under = [c for c in deal.legal_actions() if key[index[c]] <= best]
                if leader == (seat + 2) % 4 and under:
                    assert key[index[action]] <= best, (seed, trick, action)
                    seen += 1
            deal.apply(action)
    assert seen > 50


def test_the_kiosk_referees_klaverjassen_card_by_card_and_says_nat(amsterdam: Ruleset) -> None:
    # A whole game of the bots (seed 4: all four pass in the first two deals, the dealer must play; the
    # first deal is nat) entered at the kiosk as a table enters it, each assumption the rules ask about
    # confirmed; every deal's score and the game's end as the referee has them.
    rng = random.Random(4)
    game = Game(amsterdam, players=4, seed=4, dealer=0)
    entries: list[list[str]] = []
    while not game.is_over:  # the whole game: sixteen deals
        deal = game.new_deal()
        lines = []
        while deal.phase != "done":
            action = choose(deal, rng)
            lines.append(("card " if deal.phase == "play" else "bid ") + action)
            deal.apply(action)
        game.finish_deal(deal)
        entries.append(lines)
    model = _kiosk(["new klaverjassen Ann Ben Cat Dan", "dealer 0"])
    summaries = []
    for lines in entries:
        for line in lines:
            model = step(model, line)
            assert model.error is None, (line, str(model.error))
            while model.play is not None and model.play.question is not None:
                model = step(model, "answer yes")
        summaries.append(" ".join(build_view(model, load_lang("en")).summary))
    assert model.play is not None and model.play.game.scores == game.scores
    assert [r.points for r in model.play.game.results] == [r.points for r in game.results]
    assert model.play.game.is_over and len(summaries) == 16
    assert "nat" in summaries[0] and "of 222 points" in summaries[0]


def test_quick_score_as_typed_counts_players_from_one_and_says_what_to_type() -> None:
    model = _kiosk(["new klaverjassen Ann Ben Cat Dan", "dealer 0", "mode quick"])
    view = build_view(model, load_lang("en"))
    assert "who chose trump" in view.status
    assert any("1 82 80 roem 20 0" in line for line in view.info)
    assert model.play is not None
    line = typed_line(model.play, "score 2 90 72 roem 0 20")  # Ben, the second player, chose trump
    assert line == "score 1 90 72 roem 0 20"
    model = step(model, line)
    assert model.error is None and model.play is not None
    assert model.play.game.scores == [90, 92, 90, 92]  # Ben and Dan: 72 + 20 = 92 of 182, more than half
