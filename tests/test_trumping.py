"""Trump duties (referee.mechanisms.trumping): Rotterdam and Amsterdam Klaverjassen, one sentence at a time.

The rules as their sources state them:
- Rotterdam (klaverjassenonline.nl, "Rotterdams klaverjassen"; NKU "Het spel"): a player who cannot
  follow suit must trump, and overtrump if they can, also on their partner's trick, "dus ook met
  ondertroeven" (so by undertrumping too).
- Amsterdam (Parlett, The Penguin Book of Card Games, Klaverjas; NKU "Het spel"): (1) a player who cannot
  follow to a plain-suit lead while an opponent is winning must trump and overtrump if they can; facing a
  trump they cannot beat they may undertrump only if they cannot discard from a plain suit; (2) while the
  partner is winning they may play anything other than a trump lower than the partner's, unless they have
  no alternative; (3) to a trump lead everyone must follow and head the trick if they can, even on the
  partner's trick.

Hearts are trump in every deal here; seats 0 and 2 play against 1 and 3, and seat 0 leads.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from helpers_deals import hands_of_eight

from generator.site import Builder
from referee import Deal, Game, IllegalAction, Ruleset, load_ruleset
from referee.mechanisms import trumping
from referee.ruleset import check_file

BASE = """\
id: {id}
players: {{counts: [4], teams: opposite}}
deck:
  ranks: ["7", "8", "9", T, J, Q, K, A]
  order: ["7", "8", "9", J, Q, K, T, A]
  trump_order: ["7", "8", Q, K, T, A, "9", J]
deal: {{hand_size: 8}}
trump: {{kind: fixed, suit: H}}
play:
  trumping: {trumping}
scoring:
  rank_points: {{A: 11, T: 10, K: 4, Q: 3, J: 2}}
game: {{deals: 1}}
"""
ROTTERDAM = "{must_trump: always, overtrump: true}"
AMSTERDAM = "{must_trump: unless-partner-winning, overtrump: true, undertrump: only-with-nothing-else}"


@pytest.fixture(scope="module")
def rules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Ruleset]:
    folder = tmp_path_factory.mktemp("trumping")
    out = {}
    for name, duties in (("rotterdam", ROTTERDAM), ("amsterdam", AMSTERDAM), ("free", "{}")):
        path = folder / f"{name}.yaml"
        path.write_text(BASE.format(id=name, trumping=duties), encoding="utf-8")
        out[name] = load_ruleset(path)
    return out


# Four hands of eight: each test fixes the cards that matter and fills the rest from what is left.


def deal_after(rules: Ruleset, plays: list[str], **fixed: str) -> Deal:
    game = Game(rules, players=4, seed=1)
    deal = game.new_deal(hands=hands_of_eight(**fixed), dealer=3)
    for card in plays:
        deal.apply(card)
    return deal


def legal(rules: Ruleset, plays: list[str], **fixed: str) -> set[str]:
    return set(deal_after(rules, plays, **fixed).legal_actions())


def test_rotterdam_a_void_player_must_trump_even_on_the_partners_trick(rules: dict[str, Ruleset]) -> None:
    # Seat 0 leads A♣ and is winning; seat 1 follows; seat 2, the partner, has no club: a heart it must be.
    fixed = {"s0": "AC KD QD JD TD 9D 8D 7D", "s1": "7C AS KS QS JS TS 9S 8S", "s2": "7H 8H AD 7S"}
    seat2 = hands_of_eight(**fixed)[2]
    assert not any(c.endswith("C") for c in seat2)
    assert legal(rules["rotterdam"], ["AC", "7C"], **fixed) == {c for c in seat2 if c.endswith("H")}


def test_rotterdam_overtrump_if_you_can_else_undertrump(rules: dict[str, Ruleset]) -> None:
    # Seat 1 trumps the club lead with 10♥; seat 2 (no clubs) holds 9♥ and A♥ (higher) and lower hearts.
    s0 = "AC KD QD JD TD 9D 8D 7D"
    s2 = "9H AH 7H 8H QH KH AD 7S"
    assert legal(rules["rotterdam"], ["AC", "TH"], s0=s0, s1="TH AS KS QS JS TS 9S 8S", s2=s2) == {"9H", "AH"}
    # Against J♥, the highest trump, a lower trump must still be played, not a diamond or a spade.
    s2 = "9H AH 7H 8H QH KH AD 7S"
    assert legal(rules["rotterdam"], ["AC", "JH"], s0=s0, s1="JH AS KS QS JS TS 9S 8S", s2=s2) == {
        "9H",
        "AH",
        "7H",
        "8H",
        "QH",
        "KH",
    }


def test_amsterdam_free_while_the_partner_is_winning(rules: dict[str, Ruleset]) -> None:
    # Seat 0 leads A♣ and is winning; seat 2, the partner, has no club: any card but a lower trump.
    s0 = "AC KD QD JD TD 9D 8D 7D"
    s1 = "7C AS KS QS JS TS 9S 8S"
    found = legal(rules["amsterdam"], ["AC", "7C"], s0=s0, s1=s1, s2="7H 8H")
    held = set(hands_of_eight(s0=s0, s1=s1, s2="7H 8H")[2])
    assert found == held  # no trump in the trick yet: no trump of seat 2 is lower than it


def test_amsterdam_must_trump_when_an_opponent_is_winning(rules: dict[str, Ruleset]) -> None:
    # Seat 0 leads 7♣; seat 1 wins it with A♣; seat 2 has no club and must trump.
    s0 = "7C KD QD JD TD 9D 8D 7D"
    s1 = "AC AS KS QS JS TS 9S 8S"
    seat2 = hands_of_eight(s0=s0, s1=s1, s2="7H 8H")[2]
    assert legal(rules["amsterdam"], ["7C", "AC"], s0=s0, s1=s1, s2="7H 8H") == {c for c in seat2 if c.endswith("H")}


def test_amsterdam_no_undertrump_while_holding_a_plain_card(rules: dict[str, Ruleset]) -> None:
    # Seat 1 trumps with J♥ (the highest trump); seat 2 cannot beat it: it discards, never undertrumps.
    s0 = "AC KD QD JD TD 9D 8D 7D"
    s1 = "JH AS KS QS JS TS 9S 8S"
    dealt = hands_of_eight(s0=s0, s1=s1, s2="7H 8H")
    found = legal(rules["amsterdam"], ["AC", "JH"], s0=s0, s1=s1, s2="7H 8H")
    assert found == {c for c in dealt[2] if not c.endswith("H")}
    assert found and not found & {"7H", "8H"}


def test_amsterdam_undertrump_with_nothing_else(rules: dict[str, Ruleset]) -> None:
    # Trick 1: seat 0 wins A♠ (seat 2 gives its only spade). Trick 2: A♣ led, seat 1 (no club, an
    # opponent winning) must trump with J♥; seat 2 holds nothing but lower trumps and may play any of them.
    seats = [
        ["AS", "AC", "KD", "QD", "JD", "TD", "9D", "8D"],
        ["JH", "8S", "KS", "QS", "JS", "TS", "9S", "7D"],
        ["7H", "8H", "9H", "TH", "QH", "KH", "AH", "7S"],
        ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AD"],
    ]
    deal = Game(rules["amsterdam"], players=4, seed=1).new_deal(hands=seats, dealer=3)
    for card in ["AS", "8S", "7S", "AD", "AC"]:
        deal.apply(card)
    assert deal.legal_actions() == ["JH"]
    deal.apply("JH")
    assert set(deal.legal_actions()) == {"7H", "8H", "9H", "TH", "QH", "KH", "AH"}


def test_a_trump_lead_must_be_headed_even_on_the_partners_trick(rules: dict[str, Ruleset]) -> None:
    # Seat 0 leads 9♥ (second highest); seat 1 plays 7♥; seat 2, the partner, holds J♥ and 8♥: must head.
    s0 = "9H KD QD JD TD 9D 8D 7D"
    s1 = "7H AS KS QS JS TS 9S 8S"
    s2 = "JH 8H AC KC QC JC TC 9C"
    for city in ("amsterdam", "rotterdam"):
        assert legal(rules[city], ["9H", "7H"], s0=s0, s1=s1, s2=s2) == {"JH"}, city
    # Without trump duties any heart follows.
    assert legal(rules["free"], ["9H", "7H"], s0=s0, s1=s1, s2=s2) == {"JH", "8H"}


def test_refusals_name_the_duty(rules: dict[str, Ruleset]) -> None:
    s0 = "AC KD QD JD TD 9D 8D 7D"
    s1 = "TH AS KS QS JS TS 9S 8S"
    deal = deal_after(rules["rotterdam"], ["AC", "TH"], s0=s0, s1=s1, s2="9H 7H AD 7S 8H QH KH AH")
    with pytest.raises(IllegalAction, match="must beat the trump in the trick"):
        deal.apply("7H")
    with pytest.raises(IllegalAction, match=r"must trump \(cannot follow suit\)"):
        deal.apply("AD")
    s1 = "JH AS KS QS JS TS 9S 8S"
    deal = deal_after(rules["amsterdam"], ["AC", "JH"], s0=s0, s1=s1, s2="7H 8H AD")
    with pytest.raises(IllegalAction, match="may not play a lower trump while holding another card"):
        deal.apply("7H")
    deal = deal_after(rules["rotterdam"], ["AC", "7C"], s0=s0, s1="7C AS", s2="7H AD")
    with pytest.raises(IllegalAction, match=r"must trump \(cannot follow suit\)") as info:
        deal.apply("AD")
    assert info.value.kind == "must-trump"


def test_without_trump_duties_a_void_player_plays_anything(rules: dict[str, Ruleset]) -> None:
    s0 = "AC KD QD JD TD 9D 8D 7D"
    s1 = "TH AS KS QS JS TS 9S 8S"
    dealt = hands_of_eight(s0=s0, s1=s1, s2="9H 7H")
    assert legal(rules["free"], ["AC", "TH"], s0=s0, s1=s1, s2="9H 7H") == set(dealt[2])


@pytest.mark.parametrize(
    ("duties", "message"),
    [
        ("{must_trump: unless-partner-winning}", "a partner's trick needs partnerships"),
    ],
)
def test_duties_the_engine_cannot_play_are_refused(tmp_path: Path, duties: str, message: str) -> None:
    text = BASE.format(id="x", trumping=duties).replace("teams: opposite", "teams: none")
    (tmp_path / "x.yaml").write_text(text, encoding="utf-8")
    problems = [str(p) for p in check_file(tmp_path / "x.yaml")]
    assert len(problems) == 1 and message in problems[0], problems


def test_trump_duties_need_trumps(tmp_path: Path) -> None:
    text = BASE.format(id="x", trumping=ROTTERDAM).replace("{kind: fixed, suit: H}", "{kind: none}")
    (tmp_path / "x.yaml").write_text(text, encoding="utf-8")
    problems = [str(p) for p in check_file(tmp_path / "x.yaml")]
    assert len(problems) == 1, problems
    assert problems[0].endswith("x.yaml:10:13: $.play.trumping: trump duties need trumps (trump.kind is none)")


def test_settings_are_read_typed(rules: dict[str, Ruleset]) -> None:
    assert trumping.of(rules["amsterdam"]) == trumping.Trumping(
        "unless-partner-winning", True, "only-with-nothing-else"
    )
    assert not trumping.active(trumping.of(rules["free"]))


# -- a real table: unknown hands ---------------------------------------------------------------


def test_unknown_hands_a_discard_where_a_trump_was_due_is_an_assumption_then_a_flag(
    rules: dict[str, Ruleset],
) -> None:
    # Rotterdam: seat 2 cannot follow clubs and discards the A♦; at a real table that is taken at its
    # word (it holds no trump), and its later trump is flagged.
    deal = Game(rules["rotterdam"], players=4, dealer=3, unknown_hands=True).new_deal()
    for card in ["AC", "7C", "AD", "8C"]:
        deal.apply(card)
    assert [(n.kind, n.seat, n.card, n.rule) for n in deal.notes] == [("assumption", 2, "AD", "trumping")]
    for card in ["KC", "9C"]:  # seat 0 wins the club trick and leads again; seat 1 follows
        deal.apply(card)
    deal.apply("7H")  # seat 2 trumps: it had claimed no trump
    flags = deal.flags
    assert [(f.seat, f.card) for f in flags] == [(2, "7H")]
    assert flags[0].reason is not None and flags[0].reason.cause == "trumping"


def test_unknown_hands_amsterdam_discard_on_the_partners_trick_proves_nothing(rules: dict[str, Ruleset]) -> None:
    deal = Game(rules["amsterdam"], players=4, dealer=3, unknown_hands=True).new_deal()
    for card in ["AC", "7C", "AD"]:  # seat 0, the partner, is winning: seat 2 is free
        deal.apply(card)
    assert [n for n in deal.notes if n.rule == "trumping"] == []


def test_unknown_hands_a_trump_lead_not_headed_proves_no_higher_trump(rules: dict[str, Ruleset]) -> None:
    deal = Game(rules["amsterdam"], players=4, dealer=3, unknown_hands=True).new_deal()
    for card in ["9H", "7H"]:  # 9♥ is the second trump: seat 1 had no J♥
        deal.apply(card)
    assert [(n.kind, n.seat, n.card) for n in deal.notes] == [("assumption", 1, "7H")]
    for card in ["8H", "QH"]:
        deal.apply(card)
    deal.apply("AC")  # seat 0 won with the 9♥ and leads; seat 1 then plays the J♥ it said it had not
    deal.apply("JH")
    assert [(f.seat, f.card) for f in deal.flags] == [(1, "JH")]


# -- the page ------------------------------------------------------------------------------------


def page_text(rules: Ruleset, lang: str) -> str:
    pages = {p.path: p for p in Builder([rules], [lang], "", None).pages()}
    body = pages[f"{lang}/{rules.id}.html"].content.decode("utf-8")
    return html.unescape(re.sub(r"<[^>]+>", "", body))


@pytest.mark.parametrize(
    ("city", "sentences"),
    [
        (
            "rotterdam",
            [
                "Everyone must follow suit if they can.",
                "must play a trump if they have one, even when their partner is winning the trick.",
                "must play a higher trump if they can. This also holds when trumps are led, even when",
                "cannot beat the highest trump in the trick must still play a lower trump (undertrump) if they",
            ],
        ),
        (
            "amsterdam",
            [
                "unless their partner is winning the trick: then they need not trump.",
                "may not play a trump lower than one already in the trick (undertrump), unless they hold nothing but",
            ],
        ),
    ],
)
def test_the_rule_page_states_the_duties(rules: dict[str, Ruleset], city: str, sentences: list[str]) -> None:
    text = " ".join(page_text(rules[city], "en").split())
    for sentence in sentences:
        assert sentence in text, sentence
    assert "a player who cannot follow may play any card" not in text
    dutch = " ".join(page_text(rules[city], "nl").split())
    assert "overtroeven" in dutch and "troeven" in dutch
