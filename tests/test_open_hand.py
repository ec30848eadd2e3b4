"""Hands laid open (referee/mechanisms/contracts.py): Skat's null ouvert, and a hand game announced ouvert.

ISkO 5.2.6 and 5.2.7: in an open game the declarer lays their cards face up on the table before the first
lead. So every seat sees them from the declaration on (``Deal.open_hands``, ``Deal.seen_by``); in a plain null
nobody sees them. At a real table (unknown hands) the table enters the open hand (``Deal.lay_open``, the kiosk's
``open`` intent) and the referee then knows it: nobody else may play its cards, the declarer no other, and the
declarer not following a suit the open hand shows is a revoke. The worked deal on a page shows the open hand.
"""

from __future__ import annotations

import random

import pytest

from generator import worked as worked_module
from generator.rulepage import LAYS_OPEN, worked_context
from generator.worked import play_worked
from kiosk.core import Model, step
from referee import Game, IllegalAction, Ruleset, load_ruleset
from referee.bots import choose
from referee.engine import Deal
from referee.mechanisms import contracts
from wording.i18n import load_lang

VORHAND, MITTELHAND, HINTERHAND = 0, 1, 2
# Vorhand holds all four jacks and the clubs ace, ten and king; the skat the ace and ten of hearts.
HANDS = [
    "JC JS JH JD AC TC KC 7S 8S 9S",  # Vorhand
    "QC 9C 8C 7C AS TS KS QS KH QH",  # Mittelhand
    "AD TD KD QD 9D 8D 7D 9H 8H 7H",  # Hinterhand
]
SKAT = "AH TH"


@pytest.fixture(scope="module")
def skat() -> Ruleset:
    return load_ruleset("skat")


def declared(rules: Ruleset, word: str, unknown: bool = False) -> Deal:
    """Vorhand declares ``word`` at 18 (Mittelhand says 18, Vorhand holds, both others pass)."""
    game = Game(rules, players=3, seed=1, dealer=HINTERHAND, unknown_hands=unknown)
    if unknown:
        deal = game.new_deal(dealer=HINTERHAND)
    else:
        deal = game.new_deal(hands=[h.split() for h in HANDS], dealer=HINTERHAND, stock=SKAT.split())
    for action in ("say 18", "hold", "pass", "pass"):
        deal.apply(action)
    assert deal.to_act == VORHAND and deal.open_hands() == []
    for action in word.split(" / "):
        deal.apply(action)
    return deal


def test_the_contracts_that_lie_open(skat: Ruleset) -> None:
    settings = contracts.of(skat)
    ids = [k.id for k in settings.kinds]
    assert [i for i, k in enumerate(settings.kinds) if contracts.lies_open(settings, i)] == [ids.index("null-ouvert")]
    grand = ids.index("grand")
    assert contracts.lies_open(settings, grand, "ouvert")  # a hand game announced ouvert (ISkO 5.2.6)
    assert not contracts.lies_open(settings, grand, "schwarz") and not contracts.lies_open(settings, -1)
    doppelkopf = contracts.of(load_ruleset("doppelkopf"))
    assert not any(contracts.lies_open(doppelkopf, i, "ouvert") for i in range(len(doppelkopf.kinds)))


def test_a_null_ouvert_declarers_hand_is_seen_by_every_seat_from_the_declaration(skat: Ruleset) -> None:
    deal = declared(skat, "solo null-ouvert hand")
    assert deal.phase == "play" and deal.open_hands() == [VORHAND]
    open_hand = deal.hand(VORHAND)
    for viewer in (MITTELHAND, HINTERHAND):
        seen = deal.seen_by(viewer)
        assert seen[VORHAND] == open_hand  # the declarer's cards, laid open
        assert seen[viewer] == deal.hand(viewer)  # its own
        assert seen[3 - viewer] is None  # the other defender's stay hidden
    assert deal.seen_by(VORHAND) == [open_hand, None, None]
    deal.apply("7S")  # as the cards go, the open hand is what is left of it
    assert deal.seen_by(MITTELHAND)[VORHAND] == [c for c in open_hand if c != "7S"]


def test_a_plain_null_and_a_suit_game_keep_the_declarers_hand_hidden(skat: Ruleset) -> None:
    for word in ("solo null hand", "solo clubs hand", "solo grand hand schwarz"):
        deal = declared(skat, word)
        assert deal.phase == "play" and deal.open_hands() == [], word
        assert deal.seen_by(MITTELHAND) == [None, deal.hand(MITTELHAND), None], word


def test_a_hand_game_announced_ouvert_lies_open(skat: Ruleset) -> None:
    deal = declared(skat, "solo grand hand ouvert")
    assert deal.open_hands() == [VORHAND] and deal.seen_by(HINTERHAND)[VORHAND] == deal.hand(VORHAND)


def test_a_null_ouvert_after_the_skat_lies_open_with_the_cards_kept(skat: Ruleset) -> None:
    # The declarer takes up the skat (A♥ 10♥) and lays away the 9♠ and 8♠: the hand laid open is the one kept.
    deal = declared(skat, "skat / 9S / 8S")
    assert deal.open_hands() == []  # nothing declared yet
    deal.apply("solo null-ouvert")
    assert deal.open_hands() == [VORHAND]
    kept = ["JC", "JS", "JH", "JD", "AC", "TC", "KC", "7S", "AH", "TH"]
    assert sorted(deal.seen_by(MITTELHAND)[VORHAND] or []) == sorted(kept)


# -- at a real table: the open hand entered, and what it proves ----------------------------------------------


def test_at_a_real_table_the_open_hand_is_entered_and_known(skat: Ruleset) -> None:
    deal = declared(skat, "solo null-ouvert hand", unknown=True)
    assert deal.open_hands() == [VORHAND]
    assert deal.seen_by(MITTELHAND) == [None, None, None]  # not entered yet
    deal.lay_open(VORHAND, HANDS[VORHAND].split())
    assert sorted(deal.seen_by(MITTELHAND)[VORHAND] or []) == sorted(HANDS[VORHAND].split())
    assert sorted(deal.legal_actions()) == sorted(HANDS[VORHAND].split())  # the declarer leads from it
    with pytest.raises(IllegalAction) as refused:
        deal.apply("QH")  # not among the cards laid open
    assert refused.value.kind == "not-in-hand"
    deal.apply("7S")
    with pytest.raises(IllegalAction) as refused:
        deal.apply("JC")  # Mittelhand: the jack lies in the open hand
    assert refused.value.kind == "other-hand"
    assert "JC" not in deal.legal_actions()
    deal.apply("AS")
    deal.apply("8D")  # Mittelhand's A♠ wins the trick: the declarer took none
    # Mittelhand leads the Q♣; the declarer, whose open hand shows four clubs, plays the 8♠: a revoke
    deal.apply("QC")
    deal.apply("9D")
    deal.apply("8S")
    assert [(n.seat, n.card, n.reason.cause if n.reason else "") for n in deal.flags] == [(VORHAND, "8S", "held")]


def test_an_open_hand_is_entered_once_whole_and_only_in_an_open_game(skat: Ruleset) -> None:
    deal = declared(skat, "solo null-ouvert hand", unknown=True)
    for cards, kind in (
        (HANDS[VORHAND].split()[:9], "open-count"),  # every card of it
        ([*HANDS[VORHAND].split()[:9], "JC"], "chosen"),  # each once
        ([*HANDS[VORHAND].split()[:9], "2C"], "not-in-deck"),  # Skat has no twos
    ):
        with pytest.raises(IllegalAction) as refused:
            deal.lay_open(VORHAND, cards)
        assert refused.value.kind == kind
    with pytest.raises(IllegalAction) as refused:
        deal.lay_open(MITTELHAND, HANDS[MITTELHAND].split())  # a defender lays nothing open
    assert refused.value.kind == "not-open"
    deal.lay_open(VORHAND, HANDS[VORHAND].split())
    with pytest.raises(IllegalAction):
        deal.lay_open(VORHAND, HANDS[VORHAND].split())  # once
    plain = declared(skat, "solo null hand", unknown=True)
    with pytest.raises(IllegalAction) as refused:
        plain.lay_open(VORHAND, HANDS[VORHAND].split())
    assert refused.value.kind == "not-open"
    known = declared(skat, "solo null-ouvert hand")
    with pytest.raises(IllegalAction):
        known.lay_open(VORHAND, HANDS[VORHAND].split())  # the cards are known: nothing to enter


def test_a_copy_of_the_deal_keeps_the_open_hand(skat: Ruleset) -> None:
    deal = declared(skat, "solo null-ouvert hand", unknown=True)
    deal.lay_open(VORHAND, HANDS[VORHAND].split())
    fork = deal.copy()
    with pytest.raises(IllegalAction):
        fork.apply("QH")


def test_the_kiosk_enters_the_open_hand(skat: Ruleset) -> None:
    # Ann deals: Ben is Vorhand and declares a null ouvert hand; the table enters his open hand.
    model = Model()
    lines = ["new skat Ann Ben Cat", "dealer 0", "bid say 18", "bid hold", "bid pass", "bid pass"]
    for line in [*lines, "bid solo null-ouvert hand"]:
        model = step(model, line)
        assert model.error is None, (line, model.error)
    refused = step(model, "open JC JS")
    assert refused.error is not None and refused.effective == model.effective
    model = step(model, "open " + HANDS[VORHAND].lower())
    assert model.error is None, model.error
    assert model.play is not None and model.play.deal is not None
    assert sorted(model.play.deal.seen_by(2)[1] or []) == sorted(HANDS[VORHAND].split())
    refused = step(model, "card QH")  # Ben leads a card he did not lay open
    assert refused.error is not None


# -- the worked deal on a page ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "nl", "it", "he"])
def test_the_worked_deal_shows_the_hand_laid_open(skat: Ruleset, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The bots seldom declare an open game: this table's declarer plays one (a null ouvert, a hand game announced
    # ouvert) wherever it may.
    def declarer(deal: Deal, rng: random.Random) -> str:
        ouvert = [w for w in deal.legal_actions() if "ouvert" in w]
        return ouvert[0] if ouvert else choose(deal, rng)

    monkeypatch.setattr(worked_module, "choose", declarer)
    worked = next(w for seed in range(1, 20) if (w := play_worked(skat, seed)) is not None and w.declared)
    assert worked.declared is not None and "ouvert" in worked.declared and worked.maker is not None
    kept = set(worked.hands[worked.maker]) | set(worked.skat)  # the hand dealt, and the skat where taken up
    assert len(worked.laid_open) == worked.hand_size and set(worked.laid_open) <= kept
    assert not set(worked.laid_away) & set(worked.laid_open)  # what was laid away is not laid open
    language = load_lang(lang)
    lines = [str(line) for line in worked_context(language, skat, worked)["trump"]]  # type: ignore[index]
    said = language.gettext(LAYS_OPEN).split("%(player)s")[1].split("%(cards)s")[0]  # its words between the two
    assert len([line for line in lines if said in line]) == 1, lines
    monkeypatch.undo()
    plain = next(w for seed in range(1, 20) if (w := play_worked(skat, seed)) is not None and w.declared)
    assert plain.laid_open == () or "ouvert" in (plain.declared or "")
    assert not any(said in str(line) for line in worked_context(language, skat, plain)["trump"])  # type: ignore[index]
