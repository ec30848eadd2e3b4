"""The revoke penalty (referee/mechanisms/revoke_penalty.py): its settings, what each kind books, its refusals,
and the kiosk, quick-score checks, the club server and the pages agreeing with it.

The penalties are the rulesets' sources': Euchre 2 points to the other side (Hoyle), Whist 3 (the Laws of
Short Whist), the Hearts family every penalty point of the deal to the offender (Foster's Laws of Hearts),
Skat's deal lost by the side in error (ISkO 4.1.4; its game values in ``test_skat.py``), Doppelkopf's deal not
played and the offender fined (DDV Turnierspielregeln, Stand 21.02.2026, 9.4.3, 9.4.4, 9.5.1). A house rule of
Euchre gives 4 for a renege in a deal played alone, as many regions do (liquisearch.com, Euchre, "Renege": "If
a player reneges when the opposing player is going alone, that team may be awarded 4 points instead of 2,
depending upon region ... If the player going alone reneges the opposing team is likewise awarded 4 points").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers_deals import refusals, write_rules
from test_revoke import EUCHRE, EUCHRE_DEAL, EUCHRE_ONE_REVOKE, SPADES, SPADES_ONE_REVOKE, run

from club.notation import read_score
from club.tally import Deal
from club.tally import replay as club_replay
from generator import clauses as cl
from generator.phrases import sentence
from kiosk.clublink import wanted
from kiosk.core import Model
from kiosk.journal import ClubLink
from referee import load_ruleset
from referee.mechanisms import revoke_penalty
from referee.mechanisms.__main__ import SCHEMA_FILE
from referee.mechanisms.revoke_penalty import RevokePenalty, booked
from referee.results import ResultError, check_penalty
from wording.i18n import load_lang

LINK = ClubLink("http://club.test", "code", 1, "Friday night", 1, 1)
# Hearts: Dan shows out of clubs, revokes with the 9♣ (taking Cat's 2♥), and Ann claims the rest: 25 to Ann.
HEARTS_ONE_REVOKE = [
    *["new hearts Ann Ben Cat Dan", "dealer 0", "lead 1", "card 2C", "card 3C", "card 2D", "card 5C"],
    *["card 6C", "card 7C", "card 2H", "card 9C", "claim 0"],
]
# Euchre with a renege in a deal played alone worth 4 (the README's house rule).
EUCHRE_LONE_RULE = "id: euchre-lone\nextends: euchre\nscoring:\n  revoke_penalty:\n    points: 2\n    alone_points: 4\n"
# The 9♠ turned down; Ben calls hearts and goes alone, Dan sits out. Trick 1: Ben leads the A♠, Cat shows out
# of spades with the 9♣; trick 2: Cat plays the Q♠, a revoke. Ben takes every trick: 4 for Ben and Dan.
EUCHRE_LONE_DEAL = [
    *["dealer 0", "upcard 9S", *["bid pass"] * 4, "bid call H", "bid alone"],
    *["card AS", "card 9C", "card TS", "card KS", "card QS", "card JS"],
]
EUCHRE_LONE_REST = [
    *["card JH", "card 9H", "card TH", "card JD", "card QH", "card KH"],
    "card AH",
    "card TC",
    "card JC",
]
# Doppelkopf, Ann dealing, all four healthy: Ben leads. Ann says Re and keine 90 before the first card.
# Trick 1: Ben's A♣, Cat's 9♣, Dan shows out of clubs with the 9♠; trick 2: Dan's 9♣, the revoke proven.
# Trick 3: Cat and Ann play the queens of clubs (Re: Ann and Cat); Cat claims the rest.
DOKO = ["new doppelkopf Ann Ben Cat Dan", "dealer 0"]
DOKO_NORMAL = [
    *[*DOKO, *["bid healthy"] * 4, "announce 0 re", "announce 0 no 90"],
    *["card AC", "card 9C", "card 9S", "card KC", "card AC", "card KC", "card 9C", "card TC"],
    *["card AS", "card QC", "card 9S", "card QC", "claim 2"],
]
# Ben's queens solo (he leads): Dan shows out of clubs in trick 1 and plays the K♣ in trick 2.
DOKO_SOLO = [
    *[*DOKO, "bid solo queens"],
    *["card AC", "card 9C", "card 9S", "card KC", "card TC", "card JC", "card KC", "card 9C", "claim 1"],
]
# Ann says Re and schwarz: Kontra needs one trick, and Ben's A♣ in trick 1 decides the game. Trick 2: Ann shows
# out of spades with the 9♥ (the revoke); trick 3: her K♠ proves it. Trick 4: her second queen of clubs.
DOKO_DECIDED = [
    *[*DOKO, *["bid healthy"] * 4, "announce 0 re", "announce 0 schwarz"],
    *["card AC", "card 9C", "card KC", "card TC", "card AS", "card 9S", "card TS", "card 9H"],
    *["card KS", "card QC", "card AS", "card KS", "card JD", "card JH", "card QC", "card 9D", "claim 0"],
]
# A silent wedding: Ann holds both queens of clubs, her second laid in trick 3. Dan shows out of spades in
# trick 2, before anybody can know Ann plays alone, and proves it with the K♠ in trick 3.
DOKO_SILENT = [
    *[*DOKO, *["bid healthy"] * 4],
    *["card AC", "card 9C", "card KC", "card QC", "card AS", "card 9S", "card TS", "card 9H"],
    *["card QC", "card JD", "card JH", "card KS", "claim 0"],
]
# Whist, the dealer's last card 2♠ (spades trump). Trick 1: Ben leads the A♣, Cat shows out with the 2♦;
# trick 2: Cat plays the 5♣, a revoke.
WHIST_ONE_REVOKE = [
    *["new whist Ann Ben Cat Dan", "dealer 0", "card 2S"],
    *["card AC", "card 2D", "card 3C", "card 4C", "card KC", "card 5C", "card 6C", "card 7C"],
]


# -- its settings --------------------------------------------------------------------------------


def test_the_published_schema_holds_the_modules_fragment() -> None:
    published = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert published["properties"]["scoring"]["properties"]["revoke_penalty"] == revoke_penalty.SCHEMA


@pytest.mark.parametrize(
    ("rid", "settings"),
    [
        ("euchre", RevokePenalty("points", 2, "opponents")),
        ("whist", RevokePenalty("points", 3, "opponents", cannot_win=True)),
        ("hearts", RevokePenalty("all")),
        ("black-maria", RevokePenalty("all")),
        ("skat", RevokePenalty("lost")),
        ("doppelkopf", RevokePenalty("fine", fine=12, fine_per_step=3, fine_decided=3)),
        ("doppelkopf-ohne-neunen", RevokePenalty("fine", fine=12, fine_per_step=3, fine_decided=3)),
        ("spades", RevokePenalty()),
        ("reverse-hearts", RevokePenalty()),  # its points are good: no `all` (see the refusal below)
    ],
)
def test_each_rulesets_penalty_as_its_source_gives_it(rid: str, settings: RevokePenalty) -> None:
    got = revoke_penalty.of(load_ruleset(rid))
    assert got == settings
    assert revoke_penalty.active(got) == (settings.kind != "none")
    assert revoke_penalty.needs_deal(got) == (
        rid in ("hearts", "black-maria", "skat", "doppelkopf", "doppelkopf-ohne-neunen", "whist")
    )
    assert revoke_penalty.decides_game(got) == (rid == "skat")


def test_a_lone_hand_sets_its_own_points_in_a_house_rule(tmp_path: Path) -> None:
    rules = write_rules(tmp_path, EUCHRE_LONE_RULE)
    settings = revoke_penalty.of(rules)
    assert settings == RevokePenalty("points", 2, "opponents", alone_points=4)
    # Known from the deal's first card on: settled during the deal (not once it is scored), with the deal.
    assert not revoke_penalty.needs_deal(settings) and revoke_penalty.needs_cards(settings)
    assert not revoke_penalty.needs_cards(revoke_penalty.of(load_ruleset("euchre")))  # the base game: 2 always
    with pytest.raises(ValueError, match="played alone"):
        booked(rules, rules.layout(4), 1)  # whether the deal is played alone is unknown without it


def test_a_house_rule_replaces_its_bases_penalty_and_null_removes_it(tmp_path: Path) -> None:
    three = write_rules(tmp_path, "id: a\nextends: hearts\nscoring:\n  revoke_penalty:\n    points: 3\n")
    assert revoke_penalty.of(three) == RevokePenalty("points", 3, "opponents")  # replaces `all`
    gone = write_rules(tmp_path, "id: a\nextends: euchre\nscoring:\n  revoke_penalty: null\n")
    assert not revoke_penalty.active(revoke_penalty.of(gone))
    empty = write_rules(tmp_path, "id: a\nextends: spades\nscoring:\n  revoke_penalty: {}\n")  # no points, no block
    assert not revoke_penalty.active(revoke_penalty.of(empty))


# -- what each kind books ------------------------------------------------------------------------


@pytest.mark.parametrize("offender", range(4))
def test_points_to_the_opponents_go_to_the_other_side(offender: int) -> None:
    rules = load_ruleset("euchre")  # partners: Ann and Cat (0, 2) against Ben and Dan (1, 3)
    assert booked(rules, rules.layout(4), offender) == [0 if s % 2 == offender % 2 else 2 for s in range(4)]


def test_points_to_the_offender_go_to_the_offenders_side_or_the_offender_alone(tmp_path: Path) -> None:
    partners = write_rules(tmp_path, "id: a\nextends: euchre\nscoring:\n  revoke_penalty: {points: -2, to: offender}\n")
    assert booked(partners, partners.layout(4), 1) == [0, -2, 0, -2]
    alone = write_rules(tmp_path, "id: a\nextends: hearts\nscoring:\n  revoke_penalty: {points: 5, to: offender}\n")
    assert booked(alone, alone.layout(4), 2) == [0, 0, 5, 0]  # each player for himself
    others = write_rules(tmp_path, "id: a\nextends: hearts\nscoring:\n  revoke_penalty: {points: 5}\n")
    assert booked(others, others.layout(4), 2) == [5, 5, 0, 5]


def test_hearts_charges_the_offender_every_penalty_point_of_the_deal() -> None:
    # The revoker takes all the deal's penalty points and the others none, whatever they took (a moon too).
    for rid, players, total in (("hearts", 4, 26), ("black-maria", 3, 43), ("spot-hearts", 4, 129)):
        rules = load_ruleset(rid)
        layout = rules.layout(players)
        deal = [total] + [0] * (players - 1) if rid != "hearts" else [0, 26, 26, 26]  # hearts: seat 0 shot the moon
        for offender in range(players):
            penalty = booked(rules, layout, offender, deal)
            assert penalty is not None
            assert [d + p for d, p in zip(deal, penalty, strict=True)] == [
                total if s == offender else 0 for s in range(players)
            ]
    with pytest.raises(ValueError, match="once the deal is scored"):
        booked(load_ruleset("hearts"), load_ruleset("hearts").layout(4), 0)  # no deal points, no penalty
    assert booked(load_ruleset("reverse-hearts"), load_ruleset("reverse-hearts").layout(4), 0, [0] * 4) is None


def test_a_deal_lost_by_a_breach_is_given_once_the_deal_is_scored() -> None:
    skat = load_ruleset("skat")
    with pytest.raises(ValueError, match="once the deal is scored"):
        booked(skat, skat.layout(3), 0, [0, 0, 0])  # the deal's points, but not the deal: no game to decide


# -- its refusals, each at the line of the setting that causes it --------------------------------


def test_a_revoke_penalty_without_points_is_refused_at_its_line(tmp_path: Path) -> None:
    # Spades sets no revoke penalty (Hearts' would give the points this block leaves out).
    text = "id: a\nextends: spades\nscoring:\n  revoke_penalty:\n    to: offender\n"
    assert refusals(tmp_path, text) == ["5:5: $.scoring.revoke_penalty: a revoke penalty needs points"]


def test_a_deal_lost_by_a_breach_needs_a_game_value(tmp_path: Path) -> None:
    (line,) = refusals(tmp_path, "id: house\nextends: hearts\nscoring:\n  revoke_penalty:\n    points: lost\n")
    assert line == (
        "5:13: $.scoring.revoke_penalty.points: points: lost needs a scoring that decides a deal as won or lost "
        "by a side (scoring.game_value)"
    )


def test_lone_hand_points_need_a_number_of_points_and_a_game_played_alone(tmp_path: Path) -> None:
    text = "id: a\nextends: hearts\nscoring:\n  revoke_penalty:\n    points: all\n    alone_points: 4\n"
    assert refusals(tmp_path, text) == [
        "6:19: $.scoring.revoke_penalty.alone_points: alone_points needs the penalty's points as a number"
    ]
    text = "id: a\nextends: whist\nscoring:\n  revoke_penalty:\n    points: 3\n    alone_points: 4\n"
    assert refusals(tmp_path, text) == [
        "6:19: $.scoring.revoke_penalty.alone_points: alone_points needs a game where a player may play alone "
        "(bidding.alone)"
    ]


def test_a_fine_is_refused_where_it_cannot_be_charged(tmp_path: Path) -> None:
    text = "id: a\nextends: hearts\nscoring:\n  revoke_penalty:\n    points: fine\n    fine: 12\n"
    assert refusals(tmp_path, text) == [
        "5:13: $.scoring.revoke_penalty.points: points: fine needs sides (players.sides_by_card or players.teams: "
        "opposite)"
    ]
    text = (
        "id: a\nextends: euchre\nscoring:\n  revoke_penalty:\n    points: fine\n    fine: 10\n"
        "    fine_per_step: 3\n    fine_decided: 3\n"
    )
    assert refusals(tmp_path, text) == [
        "6:11: $.scoring.revoke_penalty.fine: fine 10 is not shared evenly among the 3 other players",
        "7:20: $.scoring.revoke_penalty.fine_per_step: fine_per_step counts announced steps: it needs "
        "play.announcements",
        "8:19: $.scoring.revoke_penalty.fine_decided: fine_decided needs a scoring that knows when a game is "
        "decided (scoring.party_game)",
    ]
    text = "id: a\nextends: euchre\nscoring:\n  revoke_penalty:\n    points: 2\n    fine: 12\n"
    assert refusals(tmp_path, text) == ["6:11: $.scoring.revoke_penalty.fine: fine goes with points: fine"]


def test_every_point_needs_card_points(tmp_path: Path) -> None:
    text = "id: a\nextends: spades\nscoring:\n  revoke_penalty:\n    points: all\n"
    assert refusals(tmp_path, text) == [
        "5:13: $.scoring.revoke_penalty.points: points: all charges card points: give some (scoring.points)"
    ]


def test_every_point_is_refused_where_card_points_are_good(tmp_path: Path) -> None:
    # Said at the line that made the points good: Hearts' `all` under a house rule's winner.
    (line,) = refusals(tmp_path, "id: a\nextends: hearts\ngame:\n  winner: highest\n")
    assert line.startswith("4:11: $.game.winner: card points are good in this game"), line
    assert "set scoring.revoke_penalty to null or to points" in line
    assert load_ruleset("reverse-hearts")  # which sets its penalty to null itself


# -- the kiosk, quick-score checks and the club server agree with the referee ------------------------


def _agree(model: Model, rid: str) -> list[int]:
    """Confirm the open flag of ``model``'s scored deal: the kiosk books what :func:`booked` gives, the club
    server's check takes it, and the club server's tally of what the kiosk sends has the kiosk's scores."""
    game = model.play.game
    (flag,) = [f for f in model.play.flags if f.open]
    deal_points = list(game.results[-1].points)
    rules = game.rules
    before = flag.reason.trick if flag.reason is not None else None  # the trick of the revoke
    scores = list(game.scores)  # with the deal: a penalty that keeps the side in error from winning reads them
    expected = booked(rules, game.layout, flag.seat, deal_points, (), model.play.last_deal, before, scores)
    confirmed = run(["confirm"], model)
    assert expected is not None
    assert [list(p.points) for p in confirmed.play.game.penalties] == [expected]
    check_penalty(rules, game.players, expected, deal_points, (), scores)  # quick score and the club server take it
    sent = [Deal(n, read_score(text), dealer) for n, text, dealer in wanted(confirmed.play, LINK)]
    assert sent and club_replay(load_ruleset(rid), game.players, sent).scores == confirmed.play.game.scores
    return expected


def test_a_euchre_penalty_agrees_at_the_kiosk_and_the_club() -> None:
    model = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_ONE_REVOKE])  # Dan's revoke: 2 to Ann and Cat
    assert _agree(model, "euchre") == [2, 0, 2, 0]


def test_a_renege_with_a_lone_hand_books_4_at_the_kiosk_and_the_club(tmp_path: Path) -> None:
    path = tmp_path / "euchre-lone.yaml"
    path.write_text(EUCHRE_LONE_RULE, encoding="utf-8")
    rules = load_ruleset(path)
    model = run([f"new {path} Ann Ben Cat Dan", *EUCHRE_LONE_DEAL])
    assert [(f.seat, f.card) for f in model.play.flags] == [(2, "QS")]
    # Settled during the deal: the referee knows Ben plays alone, so Cat's revoke gives Ben and Dan 4, not 2.
    during = run(["confirm"], model)
    assert [p.points for p in during.play.game.penalties] == [(0, 4, 0, 4)]
    # Or once the deal is scored: Ben's five tricks alone 4, the penalty 4 (hand-checked: 8 for Ben and Dan).
    scored = run(EUCHRE_LONE_REST, model)
    assert scored.play.game.results[-1].points == (0, 4, 0, 4)
    confirmed = run(["confirm"], scored)
    penalty = [list(p.points) for p in confirmed.play.game.penalties]
    assert penalty == [[0, 4, 0, 4]] == [booked(rules, rules.layout(4), 2, deal=scored.play.last_deal)]
    assert confirmed.play.game.scores == [0, 8, 0, 8]
    check_penalty(rules, 4, penalty[0])  # quick score and the club server take it
    sent = [Deal(n, read_score(text), dealer) for n, text, dealer in wanted(confirmed.play, LINK)]
    assert club_replay(rules, 4, sent).scores == confirmed.play.game.scores == [0, 8, 0, 8]
    # The same revoke with a partner: 2, as in the base game.
    partnered = run([f"new {path} Ann Ben Cat Dan", "dealer 0", *EUCHRE_DEAL, *EUCHRE_ONE_REVOKE, "confirm"])
    assert [p.points for p in partnered.play.game.penalties] == [(2, 0, 2, 0)]
    # Entered by hand, the deal's cards unknown: 2 or 4 to a side is what some revoke gives, 3 is not.
    check_penalty(rules, 4, [2, 0, 2, 0])
    with pytest.raises(ResultError) as info:
        check_penalty(rules, 4, [3, 0, 3, 0])
    assert info.value.kind == "penalty"


@pytest.mark.parametrize(
    ("lines", "penalty", "scores"),
    [
        # TSR 9.4.3: the normal game "als nicht gespielt gewertet"; Dan pays 12 and 3 for Re's keine 90, the
        # three others 5 each (the deal as played: Re 6, Kontra -6).
        (DOKO_NORMAL, [-1, 11, -1, -9], [5, 5, 5, -15]),
        # TSR 9.4.4: a defender's revoke in a solo, 12 to the soloist, the others 0 (the solo as played: Ben 15).
        (DOKO_SOLO, [5, -3, 5, -7], [0, 12, 0, -12]),
        # TSR 9.5.1: decided by Ben's first trick against Re's schwarz: the tricks from Ann's revoke on go to
        # Kontra, Re (Ann, Cat) loses 16 (won 1, under 90, 60 and 30, no trick 4, Re 2, four steps 4, Kontra
        # reached 120, 90, 60, 30 against them 4, against the queens 1); Ann pays 3, one to each (9.3.2).
        (DOKO_DECIDED, [-10, 8, -6, 8], [-19, 17, -15, 17]),
        # TSR 4.4.5: a silent wedding is charged as a normal game until its second queen of clubs is laid (the
        # deal as played: Ann's solo 15, the others -5 each).
        (DOKO_SILENT, [-11, 9, 9, -7], [4, 4, 4, -12]),
    ],
    ids=["normal", "solo", "decided", "silent-wedding"],
)
def test_a_doppelkopf_revoke_is_fined_as_the_ddv_rules_say(
    lines: list[str], penalty: list[int], scores: list[int]
) -> None:
    model = run(lines)
    game = model.play.game
    assert wanted(model.play, LINK) == []  # the deal waits for the table's decision
    booked_here = _agree(model, "doppelkopf")
    assert booked_here == penalty
    confirmed = run(["confirm"], model)
    assert confirmed.play.game.scores == scores
    assert sum(scores) == 0 and game.results[-1].points != tuple(scores)


def test_a_doppelkopf_penalty_entered_by_hand_is_checked_against_its_deal() -> None:
    doko = load_ruleset("doppelkopf")
    deal = [6, -6, 6, -6]  # Re won 6
    check_penalty(doko, 4, [-1, 11, -1, -9], deal)  # Dan's fine of 15, 5 to each other player
    check_penalty(doko, 4, [-6, 6, 6, -6], deal)  # Ben's fine of 12 to Ann, a soloist
    check_penalty(doko, 4, [1, 1, 1, -3], deal)  # a decided game broken off as it stood, and Dan's 3
    for wrong in ([2, 0, 0, -2], [-1, 11, -1, -8], [5, 5, 5, -15]):
        with pytest.raises(ResultError) as info:
            check_penalty(doko, 4, wrong, deal)
        assert info.value.kind == "penalty", wrong
    with pytest.raises(ResultError):
        check_penalty(doko, 4, [1, 1, 1, -3])  # without its deal's points it cannot be checked
    check_penalty(doko, 4, [0, 0, 0, 0], deal, [[-1, 11, -1, -9]])  # one revoke a deal is charged
    with pytest.raises(ResultError):
        check_penalty(doko, 4, [-1, 11, -1, -9], deal, [[-1, 11, -1, -9]])


def test_a_whist_penalty_agrees_at_the_kiosk_and_the_club() -> None:
    model = run(WHIST_ONE_REVOKE)
    assert [(f.seat, f.card) for f in model.play.flags] == [(2, "5C")]
    # Known once the deal is scored: the side in error cannot win by it (the Laws of Short Whist 82).
    with pytest.raises(AssertionError, match="once the deal is scored"):
        run(["confirm"], model)
    scored = run(["claim 2"], model)  # Cat takes the rest: Ann and Cat 11 tricks, 5 points, the target
    assert scored.play.game.is_over and scored.play.game.winners == [0, 2]
    # 3 to Ben and Dan, Cat's opponents; Ann and Cat stop at 4 (hand-checked): nobody is out, the game goes on
    assert _agree(scored, "whist") == [-1, 3, -1, 3]
    confirmed = run(["confirm"], scored)
    assert confirmed.play.game.scores == [4, 3, 4, 3] and not confirmed.play.game.is_over
    assert run(["card 3H"], confirmed).play.game.number == 1  # the next deal: its dealer's last card


def test_a_hearts_penalty_agrees_at_the_kiosk_and_the_club() -> None:
    model = run(HEARTS_ONE_REVOKE)
    assert wanted(model.play, LINK) == []  # the deal waits while its flag is open
    assert _agree(model, "hearts") == [-25, 0, 0, 25]  # Dan takes all 26
    confirmed = run(["confirm"], model)
    assert wanted(confirmed.play, LINK) == [(1, "25 0 0 1 penalty -25 0 0 25", 0)]
    assert confirmed.play.game.scores == [0, 0, 0, 26]
    # A game without a penalty: its deal waits for the table's decision too, then goes without one.
    spades = run([*SPADES, *SPADES_ONE_REVOKE])
    assert wanted(spades.play, LINK) == []
    assert [score for _, score, _ in wanted(run(["confirm"], spades).play, LINK)] == ["3 3 3 3 / 1 0 11 1"]


def test_the_club_server_checks_a_hearts_penalty_against_its_deal() -> None:
    rules = load_ruleset("hearts")
    check_penalty(rules, 4, [-25, 0, 0, 25], [25, 0, 0, 1])  # Dan revoked: he takes all 26
    with pytest.raises(ResultError) as info:
        check_penalty(rules, 4, [0, 0, 0, 26], [25, 0, 0, 1])  # on top of the deal: not the rule
    assert info.value.kind == "penalty"
    with pytest.raises(ResultError):
        check_penalty(rules, 4, [-25, 0, 0, 25])  # without its deal's points it cannot be checked
    # Whist: three points to the other side, checked with the deal and the running scores (short of the target)
    check_penalty(load_ruleset("whist"), 4, [0, 3, 0, 3], [1, 0, 1, 0], (), [1, 0, 1, 0])
    with pytest.raises(ResultError) as info:
        check_penalty(load_ruleset("whist"), 4, [3, 0, 3, 0, 0])
    assert info.value.kind == "count"
    with pytest.raises(ResultError) as info:
        check_penalty(load_ruleset("spades"), 4, [0, 0, 0, 0])
    assert info.value.kind == "no-penalty"


def test_two_hearts_revokes_in_one_deal_charge_each_offender_once() -> None:
    # Dan shows out of clubs and of diamonds, then revokes in both: two flags. Ann claims the rest and so
    # takes every heart and the Q♠: a moon (old moon: 26 to each of the others).
    tricks = ["2C 3C 2D 5C", "6D 7D 8D 3S", "4C 9C TC JC", "5D 9D TD JD"]
    cards = [f"card {c}" for c in " ".join(tricks).split()]
    model = run(["new hearts Ann Ben Cat Dan", "dealer 0", "lead 1", *cards, "claim 0"])
    assert [(f.seat, f.card) for f in model.play.flags] == [(3, "9C"), (3, "TD")]
    assert model.play.game.results[0].points == (0, 26, 26, 26)
    both = run(["confirm", "confirm"], model)
    assert both.play.game.scores == [0, 0, 0, 26]  # Dan takes every point once, not twice
    assert [p.points for p in both.play.game.penalties] == [(0, -26, -26, 0), (0, 0, 0, 0)]
    # Two offenders in one deal: each is charged as if alone in error (Foster's Laws of Hearts).
    rules = load_ruleset("hearts")
    first = booked(rules, rules.layout(4), 3, [0, 26, 26, 26])
    assert first == [0, -26, -26, 0]
    second = booked(rules, rules.layout(4), 1, [0, 26, 26, 26], [first])
    assert second == [0, 26, 0, 0]  # Ben is charged too; Dan stays charged
    check_penalty(rules, 4, second, [0, 26, 26, 26], [first])  # and the club server takes it


# -- the page's sentence ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_the_rule_pages_state_each_penalty_in_every_language(lang: str) -> None:
    language = load_lang(lang)
    english = load_lang("en")
    # Spades has no penalty: its page says the table settles a revoke, so a breach does not look free
    for rid, kind in (
        ("hearts", "score.revoke-all-points"),
        ("whist", "score.revoke-opponents"),
        ("spades", "score.revoke-table"),
        ("skat", "score.revoke-lost"),
    ):
        found = [c for s in cl.sections(load_ruleset(rid)) for c in s.clauses if c.kind.startswith("score.revoke")]
        # the Hearts family's penalty goes on with two sentences of its source, Foster's laws 24 and 26
        foster = ["score.revoke-all-two", "score.revoke-claim"] if kind.startswith("score.revoke-all") else []
        # Whist's goes on with its law 82: the side in error cannot win by that deal
        law = ["score.revoke-cannot-win"] if rid == "whist" else []
        assert [c.kind for c in found] == [kind, *foster, *law]
        found = found[:1]
        for c in found:
            said = sentence(language, c)
            assert said and (lang == "en" or said != sentence(english, c))  # translated
            assert rid != "whist" or language.number(3) in said  # the three points
            assert rid != "hearts" or language.number(26) in said  # what the offender is left with


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_the_points_a_revoke_leaves_are_given_where_every_table_size_agrees(tmp_path: Path, lang: str) -> None:
    language = load_lang(lang)
    # Black Maria: every penalty point of the deal is 43 at three and at four (the 2♣ removed scores nothing)
    assert {revoke_penalty.charged(load_ruleset("black-maria"), n) for n in (3, 4)} == {43}
    (said,) = [
        c for s in cl.sections(load_ruleset("black-maria")) for c in s.clauses if c.kind == "score.revoke-all-points"
    ]
    assert language.number(43) in sentence(language, said)
    # a house rule that takes a heart out at three: 25 or 26, so the page gives no number
    text = (
        "id: h\nextends: hearts\nplayers: {counts: [3, 4], default: 4}\ndeck: {remove: {'3': [2H]}}\n"
        "passing: {cycle_by_players: {'3': [left, right]}}\n"
    )
    rules = write_rules(tmp_path, text)
    assert [revoke_penalty.charged(rules, n) for n in (3, 4)] == [25, 26]
    found = [c for s in cl.sections(rules) for c in s.clauses if c.kind.startswith("score.revoke")]
    assert [c.kind for c in found] == ["score.revoke-all", "score.revoke-all-two", "score.revoke-claim"]
    assert language.number(26) not in sentence(language, found[0])


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_a_lone_hands_points_are_on_the_page_in_every_language(tmp_path: Path, lang: str) -> None:
    rules = write_rules(tmp_path, EUCHRE_LONE_RULE)
    (found,) = [c for s in cl.sections(rules) for c in s.clauses if c.kind.startswith("score.revoke")]
    assert found.kind == "score.revoke-opponents-alone"
    language = load_lang(lang)
    said = sentence(language, found)
    assert language.number(2) in said and language.number(4) in said
    assert lang == "en" or said != sentence(load_lang("en"), found)  # translated
    text = "id: b\nextends: house.yaml\nscoring:\n  revoke_penalty: {to: offender, points: -2}\n"
    other = write_rules(tmp_path, text, "b.yaml")  # the house rule's alone_points kept, to the offender's side
    assert [c.kind for s in cl.sections(other) for c in s.clauses if c.kind.startswith("score.revoke")] == [
        "score.revoke-offender-alone"
    ]


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_doppelkopfs_fine_is_on_its_page_in_every_language(lang: str) -> None:
    language = load_lang(lang)
    found = [c for s in cl.sections(load_ruleset("doppelkopf")) for c in s.clauses if c.kind.startswith("score.revoke")]
    assert [c.kind for c in found] == ["score.revoke-fine", "score.revoke-fine-step", "score.revoke-fine-decided"]
    said = [sentence(language, c) for c in found]
    assert [language.number(n) in text for n, text in zip((12, 3, 3), said, strict=True)] == [True] * 3
    assert lang == "en" or said != [sentence(load_lang("en"), c) for c in found]  # translated


def test_a_penalty_to_the_offenders_side_has_its_own_sentence(tmp_path: Path) -> None:
    rules = write_rules(tmp_path, "id: a\nextends: euchre\nscoring:\n  revoke_penalty: {points: -2, to: offender}\n")
    found = [c for s in cl.sections(rules) for c in s.clauses if c.kind.startswith("score.revoke")]
    assert [c.kind for c in found] == ["score.revoke-offender"]
    assert "−2" in sentence(load_lang("en"), found[0]) or "-2" in sentence(load_lang("en"), found[0])


# -- Whist: the side in error cannot win the game by the deal of its revoke ---------------------------------------


def test_a_whist_side_that_revoked_cannot_reach_five_by_that_deal() -> None:
    # The Laws of Short Whist 82: "under no circumstances can a player win the game by the result of the hand
    # during which he has revoked; he cannot score more than four". Ann and Cat (0, 2) against Ben and Dan (1, 3).
    rules = load_ruleset("whist")
    layout = rules.layout(4)
    # Ben revoked, and his side made 5 with that deal: the other side gets 3, his stops at 4.
    assert booked(rules, layout, 1, scores=[2, 5, 2, 5]) == [3, -1, 3, -1]
    # Made 7 (two deals' worth): it still stops at 4.
    assert booked(rules, layout, 3, scores=[0, 7, 0, 7]) == [3, -3, 3, -3]
    # Short of the target anyway: only the 3 to the other side.
    assert booked(rules, layout, 1, scores=[4, 3, 4, 3]) == [3, 0, 3, 0]
    with pytest.raises(ValueError, match="running scores"):
        booked(rules, layout, 1)


def test_the_whist_game_goes_on_when_the_winning_deals_side_revoked() -> None:
    from referee import Game

    rules = load_ruleset("whist")
    game = Game(rules, 4, seed=3)
    game.record_deal([0, 5, 0, 5])  # Ben and Dan take 11 tricks: 5, the target; the game would be theirs
    assert game.is_over and game.winners == [1, 3]
    points = booked(rules, game.layout, 1, game.results[0].points, [], None, None, game.scores)
    assert points == [3, -1, 3, -1]
    check_penalty(rules, 4, points, game.results[0].points, [], game.scores)  # quick score and the club take it
    with pytest.raises(ResultError):  # the plain 3 would let the side in error win by its revoke's deal
        check_penalty(rules, 4, [3, 0, 3, 0], game.results[0].points, [], game.scores)
    game.add_penalty(points, 0)
    assert game.scores == [3, 4, 3, 4] and not game.is_over  # nobody out: the game goes on


def test_cannot_win_is_refused_where_it_cannot_apply(tmp_path: Path) -> None:
    every = "id: a\nextends: hearts\nscoring:\n  revoke_penalty: {points: all, cannot_win: true}\n"
    assert refusals(tmp_path, every) == [
        "4:45: $.scoring.revoke_penalty.cannot_win: cannot_win needs the penalty's points as a number"
    ]
    lowest = "id: a\nextends: whist\ngame:\n  winner: lowest\n"  # no target reached counting up to win
    (problem,) = refusals(tmp_path, lowest)
    assert "cannot_win needs a game won by reaching a target" in problem


def test_the_whist_page_says_the_side_in_error_cannot_win_by_that_deal() -> None:
    rules = load_ruleset("whist")
    said = [sentence(load_lang("en"), c) for s in cl.sections(rules) for c in s.clauses]
    assert "The side that revoked cannot win the game by that deal: its score rises to 4 points at most." in said
