"""A revoke at a real table: one flag, one question, at most one penalty, settled on its deal (issue 20).

One revoke is one breach: a seat that showed out of a suit and then plays two
more cards of it revoked once. The referee (``referee.observer``) raises one
flag for it, the kiosk asks once, and a confirmed flag is charged once, by the
ruleset's penalty where it has one; where it has none, the table upholds or
dismisses the flag before the next deal, and the journal and the game record
keep its decision. The totals on the deal's summary and on the score sheet are
the referee's ``Game`` totals.
"""

from __future__ import annotations

from pathlib import Path

from kiosk.core import Model, replay, step
from kiosk.journal import Journal
from kiosk.session import Session
from kiosk.view import build_view
from referee import Game, load_ruleset
from wording.i18n import load_lang

EN = load_lang("en")

EUCHRE = ["new euchre Ann Ben Cat Dan", "dealer 0"]
# Upcard 9♥, Ben orders it up with his partner Dan. Trick 1, Ben leads A♥ (trump): Dan plays the 9♣ and
# so shows out of trump. Trick 2, Ben leads A♦; Ben wins both.
EUCHRE_DEAL = [
    *["upcard 9H", "bid order-up", "bid partner"],
    *["card AH", "card KH", "card 9C", "card 9H"],
    *["card AD", "card 9S", "card KD", "card QD"],
]
# Trick 3: Dan's J♦, the left bower, is a trump: a revoke, and Dan wins the trick with it. Dan then
# leads two more trumps, Q♥ and J♥, and wins both: the same revoke twice more, not two more revokes.
# The makers (Ben and Dan) take all five tricks: 2 points each.
EUCHRE_ONE_REVOKE = [
    *["card AS", "card TS", "card JD", "card QS"],
    *["card QH", "card TH", "card KC", "card JC"],
    *["card JH", "card 9D", "card AC", "card TC"],
]

SPADES = ["new spades Ann Ben Cat Dan", "dealer 0", *["bid 3"] * 4]
# Trick 1: Dan shows out of clubs with the 2♦. Trick 2: Dan plays the 9♣ (the revoke) and wins; he leads
# the 10♣ in trick 3 and plays the 4♣ in trick 4: the same revoke. Cat claims the other nine tricks.
SPADES_ONE_REVOKE = [
    *["card 2C", "card 3C", "card 2D", "card 5C"],
    *["card 6C", "card 7C", "card 8C", "card 9C"],
    *["card TC", "card JC", "card QC", "card KC"],
    *["card AC", "card 4C", "card 4D", "card 5D"],
    "claim 2",
]


def run(lines: list[str], model: Model | None = None) -> Model:
    model = model or Model()
    for line in lines:
        model = step(model, line)
        assert model.error is None, (line, str(model.error))
    return model


def refused(model: Model, line: str) -> str:
    after = step(model, line)
    assert after.error is not None, f"{line!r} was accepted"
    assert after.effective == model.effective  # nothing recorded
    return str(after.error)


def test_the_referee_flags_one_revoke_once_however_many_cards_of_the_suit_follow() -> None:
    model = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_ONE_REVOKE[:9]])  # up to Dan's J♥, before the deal ends
    deal = model.play.deal
    assert deal is not None
    assert [(n.seat, n.card, n.rule) for n in deal.flags] == [(3, "JD", "revoke")]  # not JD, QH and JH
    fork = deal.copy()  # a copy knows what was flagged: Dan's next trump adds nothing there either
    fork.apply("TD")  # Ann, who has not shown out of diamonds: no flag
    assert [n.card for n in fork.flags] == ["JD"]


def test_a_second_revoke_of_another_suit_is_a_second_flag() -> None:
    # Hearts: Dan shows out of clubs (trick 1) and of diamonds (trick 2), then plays a club (trick 3) and
    # a diamond (trick 4): two revokes, one flag each; his second club (trick 5) adds none.
    game = Game(load_ruleset("hearts"), unknown_hands=True, dealer=0)
    deal = game.new_deal(leader=1)
    tricks = ["2C 3C 2D 5C", "6D 7D 8D 3S", "4C 9C TC JC", "5D 9D TD JD", "QC KC AC 6C"]
    for card in " ".join(tricks).split():
        deal.apply(card)
    flags = [(n.seat, n.card, n.reason.suit if n.reason else None) for n in deal.flags]
    assert flags == [(3, "9C", "C"), (3, "TD", "D")]


def test_one_euchre_revoke_is_one_flag_one_question_and_one_penalty_of_2() -> None:
    model = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_ONE_REVOKE])
    play = model.play
    assert [(f.deal, f.seat, f.card) for f in play.flags] == [(1, 3, "JD")]  # one flag, not three
    assert play.game.results[0].points == (0, 2, 0, 2)  # the makers took all five tricks: 2 each
    view = build_view(model, EN)
    assert view.status == "Deal 1: is Dan given the penalty?"
    answers = [(b.label, b.intent, b.key) for b in view.buttons if b.kind == "answer"]
    assert answers == [("Yes", "confirm", "y"), ("No", "dismiss", "n")]
    assert "1 flag is still open." in view.summary
    confirmed = run(["confirm"], model)
    game = confirmed.play.game
    assert [p.points for p in game.penalties] == [(2, 0, 2, 0)]  # one penalty of 2, to Ann and Cat
    assert game.scores == [2, 2, 2, 2]  # the deal's 2 for the makers, the penalty's 2 for the others
    view = build_view(confirmed, EN)
    assert "Deal 1: is Dan given the penalty?" not in view.status  # asked once
    assert view.summary[1:5] == [
        "Ann: 0, penalty +2 (total 2)",
        "Ben: 2 (total 2)",
        "Cat: 0, penalty +2 (total 2)",
        "Dan: 2 (total 2)",
    ]
    assert "There is no open flag" in refused(confirmed, "confirm")  # nothing more to charge
    assert run(["upcard 9S"], confirmed).play.upcard == "9S"  # the next deal starts


def test_a_spades_revoke_is_one_flag_settled_on_its_deal_by_the_table(tmp_path: Path) -> None:
    session = Session(Journal(tmp_path / "k.sqlite3"), "en")
    for line in [*SPADES, *SPADES_ONE_REVOKE]:
        assert session.submit(line).error is None, line
    model = session.model
    assert [(f.deal, f.seat, f.card) for f in model.play.flags] == [(1, 3, "9C")]  # one flag, not three
    # The deal is scored as the rules score its bids and tricks, whatever the flag.
    expected = Game(load_ruleset("spades"), dealer=0)
    expected.record_bids(["3"] * 4, [1, 0, 11, 1])
    assert model.play.game.results[0].points == expected.results[0].points
    view = session.view()
    assert view.status == "Deal 1: did Dan revoke? This game sets no penalty; the answer is recorded."
    assert "1 flag is still open." in view.summary  # not "4 flags"
    # The next deal waits for the table's decision; nothing is recorded meanwhile.
    assert "open flag" in refused(model, "bid 3")
    view = session.submit("confirm")
    assert view.error is None
    assert session.model.play.flags[0].confirmed and not session.model.play.flags[0].open
    assert session.model.play.game.penalties == []  # the table upheld it; the rules give no points
    assert session.journal.entries(session.game_id)[-1] == "confirm"  # in the journal
    record = session.record()
    assert [(f["player"], f["confirmed"], f["dismissed"]) for f in record["flags"]] == [("Dan", True, False)]
    assert session.submit("bid 3").error is None  # deal 2 begins
    # Replayed from the journal, the decision stands.
    again = replay(session.journal.entries(session.game_id))
    assert [(f.confirmed, f.dismissed) for f in again.play.flags] == [(True, False)]


def test_a_game_without_a_penalty_lets_the_table_dismiss_the_flag_before_the_next_deal() -> None:
    model = run([*SPADES, *SPADES_ONE_REVOKE])
    dismissed = run(["dismiss"], model)
    assert [(f.confirmed, f.dismissed) for f in dismissed.play.flags] == [(False, True)]
    assert dismissed.effective[-1] == "dismiss"
    assert dismissed.play.game.scores == model.play.game.scores  # no points either way
    assert run(["bid 3"], dismissed).play.deal is not None


def test_the_summary_and_the_sheet_show_the_referees_totals() -> None:
    # Euchre: deal 1 with a confirmed revoke, then two deals scored quickly.
    model = run([*EUCHRE, *EUCHRE_DEAL, *EUCHRE_ONE_REVOKE, "confirm", "mode quick", "score 0 1 0 1"])
    model = run(["score 2 0 2 0"], model)
    game = model.play.game
    sheet = build_view(model, EN).sheet  # a column per side: Ann and Cat, Ben and Dan
    for i, row in enumerate(sheet[1:]):
        totals = [cell.rsplit("→ ", 1)[1] for cell in row[1:]]
        assert totals == [str(t) for t in game.totals_after(i)[:2]]
    assert sheet[-1][1:] == [f"{p} → {t}" for p, t in zip(game.results[-1].points[:2], game.scores, strict=False)]
    assert game.scores == [2 + 0 + 2, 2 + 1 + 0, 2 + 0 + 2, 2 + 1 + 0]


def test_a_penalty_given_after_later_deals_counts_from_its_own_deal_on() -> None:
    game = Game(load_ruleset("euchre"), dealer=0)
    for points in ([1, 0, 1, 0], [0, 2, 0, 2], [0, 1, 0, 1]):
        game.record_deal(points)
    game.add_penalty([0, 2, 0, 2], deal_index=0)  # settled late: it belongs to deal 1
    assert game.penalty_of(0) == [0, 2, 0, 2] and game.penalty_of(1) == [0, 0, 0, 0]
    assert [game.totals_after(i) for i in range(3)] == [[1, 2, 1, 2], [1, 4, 1, 4], [1, 5, 1, 5]]
    assert game.totals_after(2) == game.scores


# -- the penalty on the score sheet (what each penalty books: tests/test_revoke_penalty.py) ----------------


def test_a_hebrew_penalty_cell_reads_points_penalty_total_from_right_to_left() -> None:
    # Seen on a real kiosk: "26, קנס 0 ← -26" (the total read before the penalty).
    from kiosk.app import visual
    from kiosk.view import T_SHEET_CELL, T_SUMMARY_LINE, _points_line
    from wording.i18n import load_lang

    he = load_lang("he")
    cell = _points_line(he, {"points": he.number(26), "total": he.number(0)}, -26, T_SHEET_CELL)
    shown = visual(cell, True)  # left to right as drawn; a Hebrew reader starts at the right
    assert shown.index("0 ") < shown.index("−26") < shown.index(",26"), shown
    line = _points_line(he, {"name": "דנה", "points": he.number(26), "total": he.number(-5)}, -26, T_SUMMARY_LINE)
    shown = visual(line, True)
    assert shown.index("−5") < shown.index("−26") < shown.index(",26") < shown.index(":" + "דנה"[::-1]), shown
