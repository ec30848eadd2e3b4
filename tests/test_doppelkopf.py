"""Doppelkopf (rulesets/doppelkopf.yaml), one rule at a time, and its announcements.

Sources: Deutscher Doppelkopf-Verband, Turnierspielregeln (TSR, Stand 21.02.2026):
2.2 (48 cards, every card twice, 240 points), 2.3 (the trumps and their order), 3.3.7 (four rounds
of three cards), 5.1.1 (left of the dealer leads), 5.2 (of two equal cards the first played wins),
3.1/4.4.5 (the queens of clubs make the parties; both in one hand play alone, a "stille Hochzeit"),
6.2.2 (Re or Kontra while holding 11 cards), 6.3.2 (an Absage needs the party's own Ansage), 6.3.4
(keine 90 with 10 cards, 60 with 9, 30 with 8, schwarz with 7), 6.4.1 (announcing out of turn),
6.4.3 (skipped steps count, while each is in time), 6.4.4 (the reply one card later), 6.4.7 (no
step twice), 7.1/7.2 (the game value: tests/test_party_game.py has its 67 worked rows); 8.5.1 (a
round of 24 games). Played deals with announcements are checked against the worked rows' own
calculator (tests/doppelkopf_worked.py), written from the TSR without the engine.
"""

from __future__ import annotations

import random
from pathlib import Path

import doppelkopf_worked as worked
import pytest

from referee import Game, IllegalAction, Ruleset, RulesetError, load_ruleset
from referee.bots import choose
from referee.engine import Deal
from referee.mechanisms import announcements, party_game
from referee.phases import bidding

NORMAL = ["re", "no 90", "no 60", "no 30", "schwarz"]


@pytest.fixture(scope="module")
def doko() -> Ruleset:
    return load_ruleset("doppelkopf")


def _healthy(deal: Deal) -> Deal:
    """The deal after every player has said "healthy" (no solo): the normal game, ready to play."""
    while deal.phase == "bid":
        deal.apply("healthy")
    return deal


def _deal(rules: Ruleset, seed: int, *, both_queens: bool = False) -> Deal:
    """A dealt deal whose queens of clubs lie in two hands (or, with ``both_queens``, in one), all healthy."""
    for s in range(seed, seed + 500):
        deal = _healthy(Game(rules, players=4, seed=s).new_deal(dealer=3))
        holders = [seat for seat in range(4) if "QC" in deal.hand(seat)]
        if (len(holders) == 1) == both_queens:
            return deal
    raise AssertionError("no such deal in 500 seeds")


def _play_card(deal: Deal) -> None:
    """The seat to act plays a card (never a word)."""
    cards = [a for a in deal.legal_actions() if a in deal.rules.deck.index]
    deal.apply(cards[0])


def _seat_of(deal: Deal, party: int, after: int = -1) -> int:
    """The first seat of ``party`` to play after seat ``after`` in the first trick's order."""
    order = [(deal.to_act or 0) + i for i in range(4)]
    return next(s % 4 for s in order if deal.team_of(s % 4) == party and s % 4 != after)


# -- the deck, the deal and the trumps ---------------------------------------------------


def test_the_pack_is_48_cards_twice_over_and_worth_240(doko: Ruleset) -> None:
    deal = Game(doko, players=4, seed=5).new_deal(dealer=3)
    cards = sorted(c for seat in range(4) for c in deal.hand(seat))
    assert [len(deal.hand(s)) for s in range(4)] == [12, 12, 12, 12]
    assert len(set(cards)) == 24 and all(cards.count(c) == 2 for c in set(cards))
    assert sum(deal.card_values[doko.deck.index[c]] for c in cards) == 240


def test_left_of_the_dealer_leads(doko: Ruleset) -> None:
    for dealer in range(4):
        assert _healthy(Game(doko, players=4, seed=dealer).new_deal(dealer=dealer)).to_act == (dealer + 1) % 4


@pytest.mark.parametrize(
    ("plays", "winner", "why"),
    [
        (["9D", "TH", "QC", "AD"], 1, "the ten of hearts (Dulle) is the highest trump"),
        (["JD", "QD", "JC", "AD"], 1, "every queen is above every jack"),
        (["AD", "JD", "TD", "KD"], 1, "the lowest jack is above the ace of diamonds"),
        (["AH", "KH", "9H", "TH"], 3, "the ten of hearts is a trump, not a heart"),
        (["AH", "AH", "KH", "9H"], 0, "of two equal cards the first played wins"),
        (["TH", "QC", "TH", "QC"], 0, "the second Dulle does not beat the first"),
        (["AC", "TC", "9D", "KC"], 2, "a diamond trumps a plain suit"),
        (["AS", "TS", "KS", "9S"], 0, "plain suits run ace, ten, king, nine"),
    ],
)
def test_the_trumps_and_their_order(doko: Ruleset, plays: list[str], winner: int, why: str) -> None:
    hands = _hands_for_trick(doko, plays)
    deal = _healthy(Game(doko, players=4, seed=0).new_deal(hands=hands, dealer=3))
    for card in plays:
        deal.apply_unchecked(card)  # the order of strength, not the duty to follow, is tested here
    assert deal.tricks[0].winner == winner, why


def _hands_for_trick(rules: Ruleset, plays: list[str]) -> list[list[str]]:
    """Four hands of twelve whose first cards are ``plays`` (seat 0 leads); the rest of the pack shared out."""
    dealt = Game(rules, players=4, seed=0).new_deal(dealer=3)
    pool = sorted(c for seat in range(4) for c in dealt.hand(seat))
    for card in plays:
        pool.remove(card)
    hands = [[card] for card in plays]
    for seat in range(4):
        while len(hands[seat]) < 12:
            hands[seat].append(pool.pop())
    return hands


# -- the parties ----------------------------------------------------------------------


def test_the_queens_of_clubs_make_the_parties(doko: Ruleset) -> None:
    deal = _deal(doko, 1)
    holders = [seat for seat in range(4) if "QC" in deal.hand(seat)]
    assert [deal.team_of(s) for s in range(4)] == [0 if s in holders else 1 for s in range(4)]


def test_both_queens_in_one_hand_play_alone_scored_threefold(doko: Ruleset) -> None:
    deal = _deal(doko, 1, both_queens=True)
    alone = next(seat for seat in range(4) if deal.hand(seat).count("QC") == 2)
    rng = random.Random(2)
    while deal.phase != "done":
        deal.apply(rng.choice([a for a in deal.legal_actions() if a in doko.deck.index]))
    points = deal.points()
    assert [deal.team_of(s) for s in range(4)].count(0) == 1 and deal.team_of(alone) == 0
    assert points[alone] == -3 * points[(alone + 1) % 4] and sum(points) == 0


# -- the announcements and their deadlines (TSR 6) ----------------------------------------


def test_at_twelve_cards_a_party_may_say_its_word_and_skip_to_any_step(doko: Ruleset) -> None:
    deal = _deal(doko, 2)
    seat = deal.to_act
    assert seat is not None
    word = "re" if deal.team_of(seat) == 0 else "kontra"
    assert deal.announcements(seat) == [word, *NORMAL[1:]]
    assert deal.legal_actions()[-5:] == [word, *NORMAL[1:]]


def test_re_is_allowed_with_eleven_cards_and_not_with_ten(doko: Ruleset) -> None:
    deal = _deal(doko, 3)
    seat = _seat_of(deal, 0)
    while deal.held(seat) > 11:
        _play_card(deal)
    assert deal.held(seat) == 11 and "re" in deal.announcements(seat)
    while deal.held(seat) > 10:
        _play_card(deal)
    assert deal.announcements(seat) == []
    with pytest.raises(IllegalAction) as refused:
        deal.announce(seat, "re")
    assert refused.value.kind == "announce-late"


def test_each_step_has_its_own_deadline(doko: Ruleset) -> None:
    # Re said in time: keine 90 needs 10 cards, 60 nine, 30 eight, schwarz seven; skipping is allowed
    # while the first step skipped is still in time, so a party that missed keine 90 may say no more.
    deal = _deal(doko, 4)
    seat = _seat_of(deal, 0)
    deal.announce(seat, "re")
    offered = {}
    while deal.phase == "play" and deal.held(seat) >= 6:
        offered[deal.held(seat)] = deal.announcements(seat)
        _play_card(deal)
    assert offered[12] == offered[11] == offered[10] == NORMAL[1:]
    assert offered[9] == offered[8] == offered[7] == offered[6] == []


def test_steps_said_one_by_one_in_time(doko: Ruleset) -> None:
    deal = _deal(doko, 5)
    seat = _seat_of(deal, 1)
    said = []
    while deal.phase == "play" and deal.held(seat) >= 7:
        words = deal.announcements(seat)
        if words:
            deal.announce(seat, words[0])  # the next step, as late as it may come
            said.append((words[0], deal.held(seat)))
            continue
        _play_card(deal)
    assert said == [("kontra", 12), ("no 90", 12), ("no 60", 12), ("no 30", 12), ("schwarz", 12)]


def test_a_party_says_each_step_once(doko: Ruleset) -> None:
    deal = _deal(doko, 6)
    seat = _seat_of(deal, 0)
    partner = next(s for s in range(4) if s != seat and deal.team_of(s) == 0)
    deal.announce(seat, "no 60")  # with "re" and "no 90" skipped, and counted
    assert deal.announcements(partner) == ["no 30", "schwarz"]
    with pytest.raises(IllegalAction):
        deal.announce(partner, "re")
    assert announcements.parties(deal.said) == ((True, False), (1, -1))


def test_a_seat_says_only_its_own_partys_word(doko: Ruleset) -> None:
    deal = _deal(doko, 7)
    kontra = _seat_of(deal, 1)
    assert "re" not in deal.announcements(kontra)
    with pytest.raises(IllegalAction):
        deal.announce(kontra, "re")


def test_a_reply_may_come_one_card_later_and_then_no_step(doko: Ruleset) -> None:
    deal = _deal(doko, 8)
    re_seat, kontra = _seat_of(deal, 0), _seat_of(deal, 1)
    deal.announce(re_seat, "re")  # needed 11 cards: Kontra may reply while holding 10
    while deal.held(kontra) > 10:
        _play_card(deal)
    assert deal.announcements(kontra) == ["kontra"]
    deal.announce(kontra, "kontra")
    assert deal.announcements(kontra) == []  # a late reply allows no step (TSR 6.4.4)
    while deal.held(kontra) > 9:
        _play_card(deal)
    assert deal.announcements(kontra) == []


def test_a_reply_to_a_step_comes_one_card_after_that_step(doko: Ruleset) -> None:
    deal = _deal(doko, 9)
    re_seat, kontra = _seat_of(deal, 0), _seat_of(deal, 1)
    deal.announce(re_seat, "no 90")  # needed 10: the reply may come while holding 9
    while deal.held(kontra) > 9:
        _play_card(deal)
    assert deal.announcements(kontra) == ["kontra"]
    while deal.held(kontra) > 8:
        _play_card(deal)
    assert deal.announcements(kontra) == []


def test_an_announcement_out_of_turn_leaves_the_turn_where_it_was(doko: Ruleset) -> None:
    deal = _deal(doko, 10)
    to_act = deal.to_act
    other = next(s for s in range(4) if s != to_act)
    word = deal.announcements(other)[0]
    deal.announce(other, word)
    assert deal.to_act == to_act and deal.history[-1] == (other, word)
    assert word not in deal.announcements(other)


def test_the_words_offered_depend_on_the_seats_own_party_only(doko: Ruleset) -> None:
    # Hidden partners stay hidden: a seat is offered its own party's word, whatever its partner holds.
    for seed in range(20):
        deal = _healthy(Game(doko, players=4, seed=seed).new_deal(dealer=3))
        for seat in range(4):
            word = "re" if "QC" in deal.hand(seat) else "kontra"
            assert deal.announcements(seat) == [word, *NORMAL[1:]]


def test_at_a_real_table_a_word_tells_the_speakers_party(doko: Ruleset) -> None:
    game = Game(doko, players=4, seed=0, unknown_hands=True)
    deal = _healthy(game.new_deal(dealer=3))
    # Nobody knows seat 1's party yet: either party's words, a step naming its party.
    assert deal.announcements(1) == [
        "re", "re no 90", "re no 60", "re no 30", "re schwarz",
        "kontra", "kontra no 90", "kontra no 60", "kontra no 30", "kontra schwarz",
    ]  # fmt: skip
    deal.announce(1, "kontra")
    assert deal.party(1) == 1 and deal.announcements(1) == NORMAL[1:]
    deal.apply("QC")  # seat 0 plays a queen of clubs: Re
    assert deal.party(0) == 0 and deal.announcements(0) == NORMAL
    assert deal.party(2) == -1
    deal.announce(2, "kontra no 60")  # seat 1's partner, say, goes further for the Kontra party
    assert deal.party(2) == 1 and deal.said[-1] == (2, 1, "no 60", 12)
    assert announcements.parties(deal.said) == ((False, True), (-1, 1))


def test_nothing_is_announced_outside_the_play(doko: Ruleset) -> None:
    deal = _deal(doko, 11)
    rng = random.Random(0)
    while deal.phase != "done":
        deal.apply(rng.choice([a for a in deal.legal_actions() if a in doko.deck.index]))
    assert deal.announcements(0) == []
    with pytest.raises(IllegalAction):
        deal.announce(0, "re")


# -- played deals against the worked calculator ----------------------------------------------


def _announced(deal: Deal) -> tuple[str, ...]:
    """What the deal's announcements were, as the worked rows write them (every step, skipped or not)."""
    (re_said, kontra_said), levels = announcements.parties(deal.said)
    out = [party for party, said in (("re", re_said), ("kontra", kontra_said)) if said]
    for name, level in zip(("re", "kontra"), levels, strict=True):
        out += [f"{name}:{step}" for step in worked.LEVELS[: level + 1]]
    return tuple(out)


def test_played_deals_with_announcements_score_as_the_worked_calculator_says(doko: Ruleset) -> None:
    seen = {"said": 0, "steps": 0, "reply": 0, "none": 0, "solo": 0}
    for seed in range(300):
        rng = random.Random(seed)
        deal = _healthy(Game(doko, players=4, seed=seed).new_deal(dealer=seed % 4))
        re = [s for s in range(4) if "QC" in deal.hand(s)]
        while deal.phase != "done":
            legal = deal.legal_actions()
            words = [a for a in legal if a not in doko.deck.index]
            # Now and then a word, else a bot's card: deals with every kind of announcement.
            deal.apply(rng.choice(words) if words and rng.random() < 0.15 else choose(deal, rng))
        re_points, re_tricks, extras = worked.tally([(t.plays, t.winner) for t in deal.tricks], re)
        game = "normal" if len(re) == 2 else "solo-farbe"
        said = _announced(deal)
        expected = worked.evaluate(game, re_points, re_tricks, said, extras, len(re))
        order = re + [s for s in range(4) if s not in re]
        points_now = deal.points()
        assert tuple(points_now[s] for s in order) == expected[2], (seed, said, re_points)
        outcome = party_game.outcome(doko, deal)  # what the pages and the kiosk show, item by item
        assert outcome is not None and outcome.scores == expected[2]
        assert sum(n if party == 0 else -n for _, party, n in outcome.items) == -expected[2][-1]  # a Kontra player
        seen["said"] += bool(said)
        seen["steps"] += any(":" in a for a in said)
        seen["reply"] += any(held < 11 for _, _, word, held in deal.said if word in ("re", "kontra"))
        seen["none"] += expected[0] == "none"
        seen["solo"] += len(re) == 1
    assert all(seen.values()), seen


def test_a_whole_game_is_24_deals(doko: Ruleset) -> None:
    game = Game(doko, players=4, seed=1)
    rng = random.Random(1)
    while not game.is_over:
        deal = game.new_deal()
        while deal.phase != "done":
            deal.apply(choose(deal, rng))
        game.finish_deal(deal)
    assert game.deals_played == 24 and sum(game.scores) == 0


# -- what the engine refuses --------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("steps: [10, 9, 8, 7]", None),
        ("steps: [10, 11, 8, 7]", "a later step cannot need more cards (11)"),
        ("first: 13", "no hand holds 13 cards"),
    ],
)
def test_announcement_settings_the_engine_cannot_play_are_refused(
    tmp_path: Path, change: str, message: str | None
) -> None:
    text = (Path(__file__).parent.parent / "rulesets" / "doppelkopf.yaml").read_text(encoding="utf-8")
    key = change.split(":")[0]
    lines = [
        f"    {change}" if line.strip().startswith(key + ":") and line.startswith("    ") else line
        for line in text.splitlines()
    ]
    path = tmp_path / "doppelkopf.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    if message is None:
        load_ruleset(path)
        return
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert message in str(refused.value)
    assert "doppelkopf.yaml:" in str(refused.value)


def test_announcements_need_a_party_game(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(
        "extends: hearts\nid: t\nplay: {announcements: {first: 11, steps: [10]}}\n",
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert "scored by a party game" in str(refused.value)


# -- the kiosk: a whole game entered card by card, the announcements by their buttons ----------------


def test_the_kiosk_referees_a_whole_game_with_its_announcements(doko: Ruleset) -> None:
    # A whole game of the bots, announcements and all, entered at the kiosk as a table enters it: each card,
    # each announcement by the button the screen shows the player to act (a seat whose party the table does
    # not know yet names it with a step); every deal's score as the referee has it.
    from kiosk.core import Model, step
    from kiosk.view import build_view
    from wording.i18n import load_lang

    english = load_lang("en")
    rng = random.Random(5)
    game = Game(doko, players=4, seed=5, dealer=0)
    model = step(step(Model(), "new doppelkopf Ann Ben Cat Dan"), "dealer 0")
    pressed = 0
    while not game.is_over:
        deal = game.new_deal()
        while deal.phase != "done":
            seat = deal.to_act
            assert seat is not None
            action = choose(deal, rng)
            if deal.phase == "bid":
                line = f"bid {action}"
            elif action in doko.deck.index:
                line = f"card {action}"
            else:
                table = model.play.deal if model.play is not None else None
                party = "re" if deal.team_of(seat) == 0 else "kontra"
                named = action if table is None or table.party(seat) >= 0 or action == party else f"{party} {action}"
                line = f"announce {seat} {named}"
                assert line in [b.intent for b in build_view(model, english).buttons], line
                pressed += 1
            deal.apply(action)
            model = step(model, line)
            assert model.error is None, (line, str(model.error))
            while model.play is not None and model.play.question is not None:
                model = step(model, "answer yes")
        game.finish_deal(deal)
        outcome = party_game.outcome(doko, deal)
        assert outcome is not None
        if not game.is_over:  # the deal just scored, in the referee's words (the last: the game's end instead)
            summary = " ".join(build_view(model, english).summary)
            assert f"game value {outcome.value}." in summary, summary
    assert model.play is not None and model.play.game.scores == game.scores
    assert [r.points for r in model.play.game.results] == [r.points for r in game.results]
    assert model.play.game.is_over and pressed > 10


def test_an_announcement_never_takes_the_place_of_the_one_just_said() -> None:
    # Issue 20, found at the real window: "keine 90" moved into the slot (and onto the key, F5) of the "Re"
    # just tapped, and "keine 60" into that of "keine 90", so a double tap announced a step nobody said. Each
    # word keeps its slot: Re's ladder from the first, Kontra's from the second, the word said left greyed.
    from kiosk.core import Model, step
    from kiosk.view import build_view, zone_of
    from wording.i18n import load_lang

    german = load_lang("de")

    def answers(model: Model) -> list[tuple[str, str, bool]]:
        shown = [b for b in build_view(model, german).buttons if zone_of(b) == "answer"]
        return [(b.label, b.key, b.enabled) for b in shown]

    model = Model()
    for line in ("new doppelkopf Ann Ben Cat Dan", "dealer 0", "bid healthy", "bid healthy", "bid solo suit S"):
        model = step(model, line)
    assert model.play is not None and model.play.deal is not None and model.play.deal.to_act == 3  # Dan's solo
    assert answers(model) == [("Re", "f5", True), ("keine 90", "f6", True)]
    model = step(model, "announce 3 re")
    assert answers(model) == [("Re", "", False), ("keine 90", "f6", True)]
    model = step(model, "announce 3 no 90")
    assert answers(model) == [("keine 60", "f5", True), ("keine 90", "", False)]
    for card in ("QD", "QH", "AS"):  # Ann, Ben, then Cat: a defender, Kontra's ladder from the second slot
        model = step(model, f"card {card}")
    assert answers(model) == [("keine 90", "f5", True), ("Kontra", "f6", True)]
    model = step(model, "announce 2 kontra")
    assert model.error is None and answers(model) == [("keine 90", "f5", True), ("Kontra", "", False)]


def test_a_button_pressed_for_an_announcement_is_never_another_one_a_moment_later(doko: Ruleset) -> None:
    # Whole games of the bots: whenever the player to act announces by a button, that slot then holds the
    # word greyed, or nothing, but never another word to say (nor does its key say one).
    from kiosk.core import Model, step
    from kiosk.view import build_view, zone_of
    from wording.i18n import load_lang

    english = load_lang("en")
    checked = 0
    for seed in (5, 11):
        rng = random.Random(seed)
        game = Game(doko, players=4, seed=seed, dealer=0)
        model = step(step(Model(), "new doppelkopf Ann Ben Cat Dan"), "dealer 0")
        for _ in range(6):
            deal = game.new_deal()
            while deal.phase != "done":
                seat = deal.to_act
                assert seat is not None
                action = choose(deal, rng)
                before = [b for b in build_view(model, english).buttons if zone_of(b) == "answer"]
                pressed = next((i for i, b in enumerate(before) if b.enabled and b.intent.endswith(f" {action}")), None)
                if deal.phase == "bid":
                    line = f"bid {action}"
                elif action in doko.deck.index:
                    line = f"card {action}"
                else:
                    line = before[pressed].intent if pressed is not None else f"announce {seat} {action}"
                deal.apply(action)
                model = step(model, line)
                assert model.error is None, (line, str(model.error))
                while model.play is not None and model.play.question is not None:
                    model = step(model, "answer yes")
                if line.startswith("announce") and pressed is not None:
                    after = [b for b in build_view(model, english).buttons if zone_of(b) == "answer"]
                    if len(after) > pressed:
                        assert not after[pressed].enabled and not after[pressed].key, (line, after)
                    keys = {b.key: b.intent for b in after if b.enabled}
                    assert before[pressed].key not in keys, (line, keys)
                    checked += 1
            game.finish_deal(deal)
    assert checked > 5


def test_quick_score_takes_the_score_sheets_row_and_refuses_what_no_deal_gives() -> None:
    # The DDV's score sheet keeps each player's signed points (TSR 7.3.3): two win and two lose the value,
    # or a soloist wins or loses it threefold; the row adds up to nothing.
    from kiosk.core import Model, quick_example, step
    from kiosk.view import build_view
    from wording.i18n import load_lang

    model = Model()
    for line in ("new doppelkopf Ann Ben Cat Dan", "dealer 0", "mode quick"):
        model = step(model, line)
    assert model.play is not None and quick_example(model.play) == "3 3 -3 -3"  # the example the help shows
    for row, scores in (("score 3 3 -3 -3", [3, 3, -3, -3]), ("score -6 2 2 2", [-3, 5, -1, -1])):
        model = step(model, row)
        assert model.error is None and model.play is not None and model.play.game.scores == scores
    for wrong in ("score 3 -3 3 -2", "score 4 2 -3 -3", "score 9 -3 -3 -2", "score 1 1 1"):
        refused = step(model, wrong)
        assert refused.error is not None and refused.play is not None, wrong
        assert refused.play.game.scores == [-3, 5, -1, -1]
        for lang in ("en", "de", "nl", "it", "he"):
            assert build_view(refused, load_lang(lang)).error


# -- the reservations and the solos (TSR 2.3.3, 2.3.5, 2.3.6, 2.4.7, 4.1.2, 4.2.2) ---------------------

SOLO_WORDS = ["solo queens", "solo jacks", "solo aces", "solo suit C", "solo suit D", "solo suit H", "solo suit S"]


def test_each_player_from_the_dealers_left_says_healthy_or_names_a_solo(doko: Ruleset) -> None:
    deal = Game(doko, players=4, seed=1).new_deal(dealer=2)
    assert deal.phase == "bid" and deal.to_act == 3
    assert deal.legal_actions() == ["healthy", *SOLO_WORDS]
    for seat in (3, 0, 1, 2):
        assert deal.to_act == seat
        deal.apply("healthy")
    # all four healthy: the normal game, the queens of clubs making the parties, the dealer's left leading
    assert deal.phase == "play" and deal.to_act == 3 and deal.contract == -1
    assert sorted(deal.teams) == [0, 0, 1, 1] or list(deal.teams).count(0) == 1


def test_the_first_solo_named_is_played_by_its_player_alone_and_leading(doko: Ruleset) -> None:
    deal = Game(doko, players=4, seed=1).new_deal(dealer=2)
    deal.apply("healthy")  # seat 3
    deal.apply("solo queens")  # seat 0: the later players are not asked
    assert deal.phase == "play" and deal.maker == 0 and deal.to_act == 0
    assert deal.teams == (0, 1, 1, 1) and deal.trump is None
    assert deal.announcements(0)[:1] == ["re"] and deal.announcements(1)[:1] == ["kontra"]  # the soloist is Re


def _trick_winner(doko: Ruleset, solo: str, plays: list[str]) -> int:
    """The winner of a first trick of ``plays`` (seat 0 leads) in ``solo``, named by seat 0."""
    hands = _hands_for_trick(doko, plays)
    deal = Game(doko, players=4, seed=0).new_deal(hands=hands, dealer=3)
    deal.apply(solo)
    assert deal.to_act == 0
    for card in plays:
        deal.apply_unchecked(card)
    return deal.tricks[0].winner


@pytest.mark.parametrize(
    ("solo", "plays", "winner", "why"),
    [
        ("solo queens", ["AC", "QC", "KC", "TC"], 1, "a queens solo: a queen trumps an ace"),
        ("solo queens", ["QD", "QS", "QC", "QH"], 2, "the queens rank clubs, spades, hearts, diamonds"),
        ("solo queens", ["AH", "TH", "KH", "JH"], 0, "the ten of hearts is a plain heart in a queens solo"),
        ("solo queens", ["JC", "AC", "QS", "9C"], 2, "a jack is a plain card of its suit"),
        ("solo jacks", ["QC", "JD", "AC", "KC"], 1, "a jacks solo: the lowest jack trumps an ace"),
        ("solo jacks", ["JH", "JC", "JS", "JD"], 1, "the jacks rank clubs, spades, hearts, diamonds"),
        ("solo aces", ["KC", "AC", "QC", "JD"], 1, "an aces solo has no trumps: the ace of the suit led wins"),
        ("solo aces", ["TC", "QC", "JC", "9C"], 0, "in an aces solo a suit runs ace, ten, king, queen, jack, nine"),
        ("solo suit H", ["AC", "9H", "KC", "TC"], 1, "a hearts solo: a heart trumps"),
        ("solo suit H", ["AH", "TH", "QC", "JD"], 1, "the ten of hearts stays the highest trump"),
        ("solo suit H", ["AH", "JD", "KH", "9H"], 1, "the jacks stay above the trump suit's own cards"),
        ("solo suit H", ["AD", "KD", "9D", "TD"], 0, "diamonds are a plain suit in a hearts solo"),
    ],
)
def test_a_solo_has_trumps_of_its_own(doko: Ruleset, solo: str, plays: list[str], winner: int, why: str) -> None:
    assert _trick_winner(doko, solo, plays) == winner, why


def test_the_cards_of_the_led_suit_in_a_queens_solo_include_its_jack(doko: Ruleset) -> None:
    # Following suit follows the solo's suits: a jack of clubs must follow a club lead, a queen need not.
    hands = _hands_for_trick(doko, ["AC", "JC", "KS", "9S"])
    if "QC" not in hands[1]:  # give seat 1 a queen of clubs too, for one of its other cards
        other = next(s for s in (0, 2, 3) if "QC" in hands[s][1:])
        mine = next(c for c in hands[1][1:] if c[1] != "C")
        hands[other][hands[other].index("QC", 1)] = mine
        hands[1][hands[1].index(mine)] = "QC"
    deal = Game(doko, players=4, seed=0).new_deal(hands=hands, dealer=3)
    deal.apply("solo queens")
    deal.apply("AC")
    legal = [a for a in deal.legal_actions() if a in doko.deck.index]
    clubs = [c for c in deal.hand(1) if c[1] == "C" and c[0] != "Q"]
    assert set(legal) == set(clubs) and "JC" in legal and "QC" not in legal


def test_played_solos_score_threefold_as_the_worked_calculator_says(doko: Ruleset) -> None:
    kinds = {"solo queens": "solo-damen", "solo jacks": "solo-buben", "solo aces": "fleischlos"}
    seen: dict[str, int] = {}
    for seed in range(120):
        rng = random.Random(seed)
        deal = Game(doko, players=4, seed=seed).new_deal(dealer=seed % 4)
        for _ in range(seed % 3):
            deal.apply("healthy")
        word = rng.choice(SOLO_WORDS)
        soloist = deal.to_act
        deal.apply(word)
        while deal.phase != "done":
            legal = deal.legal_actions()
            words = [a for a in legal if a not in doko.deck.index]
            deal.apply(rng.choice(words) if words and rng.random() < 0.1 else choose(deal, rng))
        re = [soloist]
        re_points, re_tricks, _ = worked.tally([(t.plays, t.winner) for t in deal.tricks], re)
        expected = worked.evaluate(kinds.get(word, "solo-farbe"), re_points, re_tricks, _announced(deal), (), 1)
        order = re + [s for s in range(4) if s != soloist]
        assert tuple(deal.points()[s] for s in order) == expected[2], (seed, word)
        seen[word.rsplit(" ", 1)[0] if "suit" in word else word] = 1 + seen.get(word, 0)
    assert set(seen) == {"solo queens", "solo jacks", "solo aces", "solo suit"}


def test_contracts_are_refused_where_no_one_plays_alone(tmp_path: Path) -> None:
    path = tmp_path / "t.yaml"
    path.write_text(
        "extends: spades\nid: t\ntrump: {contracts: {kinds: [{id: queens, trumps: [QC, QS]}]}}\n", encoding="utf-8"
    )
    with pytest.raises(RulesetError) as refused:
        load_ruleset(path)
    assert "played alone against the others" in str(refused.value)


# -- the wedding (TSR 4.4: Hochzeit, Klärungsstich; 6.4.2: announcements after it) ---------------------------


def _wedding_deal(doko: Ruleset, seed: int) -> tuple[Deal, int]:
    """A deal whose queens of clubs lie in one hand, that player's wedding announced and everyone else healthy."""
    for s in range(seed, seed + 500):
        deal = Game(doko, players=4, seed=s).new_deal(dealer=3)
        bride = next((p for p in range(4) if deal.hand(p).count("QC") == 2), -1)
        if bride < 0:
            continue
        while deal.phase == "bid":
            deal.apply("wedding" if deal.to_act == bride else "healthy")
        return deal, bride
    raise AssertionError("no deal with both queens of clubs in one hand")


def test_only_the_holder_of_both_queens_of_clubs_may_announce_a_wedding(doko: Ruleset) -> None:
    for seed in range(30):
        deal = Game(doko, players=4, seed=seed).new_deal(dealer=3)
        seat = deal.to_act
        assert seat is not None
        assert ("wedding" in deal.legal_actions()) == (deal.hand(seat).count("QC") == 2)


def test_a_wedding_waits_and_any_solo_wins_over_it(doko: Ruleset) -> None:
    deal, bride = _wedding_deal(doko, 0)
    assert deal.phase == "play" and deal.contract == 4 and deal.maker == bride
    assert deal.to_act == 0  # not the bride: the dealer's left leads (TSR 5.1.1)
    for seed in range(60):  # a solo named after the wedding is played instead
        deal = Game(doko, players=4, seed=seed).new_deal(dealer=3)
        if deal.hand(deal.to_act or 0).count("QC") != 2:
            continue
        deal.apply("wedding")
        assert deal.phase == "bid" and "wedding" not in deal.legal_actions()
        deal.apply("solo jacks")
        assert deal.phase == "play" and deal.contract == 1 and deal.teams.count(0) == 1
        return
    raise AssertionError("no deal whose first speaker holds both queens of clubs")


def test_the_first_trick_won_by_another_player_finds_the_partner(doko: Ruleset) -> None:
    for seed in range(200):
        deal, bride = _wedding_deal(doko, seed)
        rng = random.Random(seed)
        assert deal.announcements(bride) == [] and deal.party(bride) == 0
        while deal.clarified == 0:
            deal.apply(rng.choice([a for a in deal.legal_actions() if a in doko.deck.index]))
            assert deal.announcements((bride + 1) % 4) == [] or deal.clarified
        first_other = next((i for i, t in enumerate(deal.tricks) if t.winner != bride), None)
        if first_other is None:  # the bride took the first three tricks: alone for good
            assert deal.clarified == 3 and deal.teams.count(0) == 1
            continue
        partner = deal.tricks[first_other].winner
        assert deal.clarified == first_other + 1 and first_other < 3
        assert [s for s in range(4) if deal.team_of(s) == 0] == sorted({bride, partner})
        # the deadlines come one card later for each trick the search took (TSR 6.4.2)
        shift = deal.clarified - 1
        held = deal.held(bride)
        words = deal.announcements(bride)
        assert ("re" in words) == (held + shift >= 11), (held, shift, words)


def test_played_weddings_score_as_the_worked_calculator_says(doko: Ruleset) -> None:
    seen = {1: 0, 2: 0}
    for seed in range(80):
        deal, _ = _wedding_deal(doko, seed * 7)
        rng = random.Random(seed)
        while deal.phase != "done":
            legal = deal.legal_actions()
            words = [a for a in legal if a not in doko.deck.index]
            deal.apply(rng.choice(words) if words and rng.random() < 0.1 else choose(deal, rng))
        re = [s for s in range(4) if deal.team_of(s) == 0]
        re_points, re_tricks, extras = worked.tally([(t.plays, t.winner) for t in deal.tricks], re)
        expected = worked.evaluate("hochzeit", re_points, re_tricks, _announced(deal), extras, len(re))
        order = re + [s for s in range(4) if s not in re]
        assert tuple(deal.points()[s] for s in order) == expected[2], seed
        seen[len(re)] += 1
    assert all(seen.values()), seen


def test_the_kiosk_shows_no_party_the_table_has_not_been_told(doko: Ruleset) -> None:
    # Hidden partners stay hidden: before a queen of clubs is played or a word said, no label, line or button
    # of the kiosk names anyone's party; a word said shows by its speaker's name only.
    from kiosk.core import Model, step
    from kiosk.view import build_view
    from wording.i18n import load_lang

    english = load_lang("en")
    model = step(step(Model(), "new doppelkopf Ann Ben Cat Dan"), "dealer 0")
    for line in ("bid healthy", "bid healthy", "bid healthy", "bid healthy", "card AH", "card KH", "card 9H"):
        model = step(model, line)
        assert model.error is None, line
        view = build_view(model, english)
        shown = [s.bid for s in view.seats] + view.info + [view.status]
        assert not any("Re" in text.split() or "Kontra" in text for text in shown), shown
    model = step(model, "announce 3 kontra")
    view = build_view(model, english)
    assert [s.bid for s in view.seats] == ["", "", "", "Kontra"]


def test_without_the_nines_forty_cards_ten_each_and_the_deadlines_two_cards_earlier() -> None:
    """The house rule doppelkopf-ohne-neunen: 40 cards, ten each, still 240 points; Re while holding 9
    cards, keine 90 with 8, and so on down to schwarz with 5."""
    rules = load_ruleset("doppelkopf-ohne-neunen")
    deal = _deal(rules, 3)
    assert all(len(deal.hand(s)) == 10 for s in range(4))
    assert not any(code.startswith("9") for s in range(4) for code in deal.hand(s))
    assert sum(deal.card_values) == 240
    seat = _seat_of(deal, 0)
    while deal.held(seat) > 9:
        _play_card(deal)
    assert deal.held(seat) == 9 and "re" in deal.announcements(seat)
    deal.announce(seat, "re")
    offered = {}
    while deal.phase == "play" and deal.held(seat) >= 4:
        offered[deal.held(seat)] = deal.announcements(seat)
        _play_card(deal)
    assert offered[9] == offered[8] == NORMAL[1:]
    assert offered[7] == offered[4] == []  # keine 90 missed: no step may be skipped to
    game = Game(rules, players=4, seed=9)
    rng = random.Random(9)
    while not game.is_over:
        whole = game.new_deal()
        while whole.phase != "done":
            whole.apply(choose(whole, rng))
        assert sum(whole.points()) == 0
        game.finish_deal(whole)


def test_a_suit_solo_and_a_wedding_need_the_normal_games_fixed_trump_suit(tmp_path: Path) -> None:
    """A suit solo's suit takes the place of the normal game's (the page says "instead of diamonds"), and a
    wedding keeps it: without a fixed trump suit both are refused, at the line that unfixed it."""
    path = tmp_path / "t-dk-bid.yaml"
    path.write_text("id: t-dk-bid\nextends: doppelkopf\ntrump:\n  kind: upcard\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    lines = str(caught.value).splitlines()
    assert any(":4:" in line and "`any` needs a fixed trump suit" in line for line in lines), lines
    assert any(":4:" in line and "`keep` needs a fixed trump suit" in line for line in lines), lines


def test_trump_is_settled_only_once_no_solo_can_still_be_announced() -> None:
    """The kiosk shows trump when the referee says it is settled: not during the reservations, where a solo
    names its own; in a game without contracts, as soon as it is known."""
    deal = Game(load_ruleset("doppelkopf"), seed=3).new_deal()
    assert deal.phase == "bid" and deal.trump is not None and not bidding.trump_settled(deal)
    while deal.phase == "bid":
        deal.apply(deal.legal_actions()[0])
    assert bidding.trump_settled(deal)
    spades = Game(load_ruleset("spades"), seed=3).new_deal()
    assert spades.phase == "bid" and bidding.trump_settled(spades)
