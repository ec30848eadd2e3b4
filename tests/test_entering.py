"""A deal's result entered without its cards: each mechanism says what it changes through its own entry.

:mod:`referee.results` checks the core rules of scoring itself and asks each mechanism of ``ENTRIES`` for its
:class:`~referee.entering.PointsEntry`; these tests hold that design (no arithmetic of such a mechanism restated
in ``results.py``) and check each entry's say against what the engine scores in played deals.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from referee import Game, load_ruleset, mechanisms
from referee.entering import CARD_DEAL, POINTS, ResultError, check_partners
from referee.results import check_points

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "referee" / "results.py"


def _names_in(path: Path) -> set[str]:
    """Every module name ``path`` imports or reads as an attribute's owner (``moon.shot`` reads ``moon``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            names.update(alias.asname or alias.name for alias in node.names)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            names.add(node.value.id)
    return names


#: The mechanisms whose deals are entered as who chose trump and each side's card points: results.py's
#: score_card_deal asks them by name for that form (the contract's settlement, which roem is possible).
CARD_DEAL_MECHANISMS = ("card_contract", "roem", "trump_points")


def test_results_names_no_mechanism_that_checks_points() -> None:
    # A mechanism that changes which points are possible is taught once, in its module: results.py reaches it
    # only through mechanisms.entries(), never by name (the moon's arithmetic, a book's, a game value's).
    named = _names_in(RESULTS)
    for m in mechanisms.ENTRIES:
        if m.NAME not in CARD_DEAL_MECHANISMS:
            assert m.NAME not in named, f"referee/results.py names {m.NAME}: ask its entry instead"


def test_every_entry_mechanism_is_registered_once_and_has_an_entry() -> None:
    assert len(set(mechanisms.ENTRIES)) == len(mechanisms.ENTRIES)
    for m in mechanisms.ENTRIES:
        assert m in mechanisms.MECHANISMS
        assert callable(getattr(m, "entry", None)), m.NAME


@pytest.mark.parametrize(
    ("ruleset", "players", "forms", "whole"),
    [
        ("hearts", 4, [POINTS], [False]),  # the moon
        ("whist", 4, [POINTS], [False]),  # the book
        ("klaverjassen", 4, [CARD_DEAL] * 3, [False] * 3),  # the contract, roem, trump's own points
        ("doppelkopf", 4, [POINTS], [True]),  # the score sheet's row
        ("skat", 3, [POINTS], [True]),  # the list's row
        ("spades", 4, [], []),
    ],
)
def test_each_ruleset_gets_the_entries_of_its_active_mechanisms(
    ruleset: str, players: int, forms: list[str], whole: list[bool]
) -> None:
    rules = load_ruleset(ruleset)
    entries = mechanisms.entries(rules, players)
    active = [m.NAME for m in mechanisms.ENTRIES if m.active(rules.mechanisms[m.NAME])]
    assert len(entries) == len(active)
    assert [e.form for e in entries] == forms
    assert [e.whole_deal for e in entries] == whole


def test_a_card_deal_mechanism_refuses_points_entered_per_player() -> None:
    with pytest.raises(ResultError) as caught:
        check_points(load_ruleset("klaverjassen"), 4, [81, 81, 81, 81])
    assert caught.value.kind == "card-deal-needed"


def test_check_partners_gives_each_sides_points_and_refuses_partners_apart() -> None:
    assert check_partners((0, 1, 0, 1), [5, 3, 5, 3]) == {0: 5, 1: 3}
    with pytest.raises(ResultError) as caught:
        check_partners((0, 1, 0, 1), [5, 3, 4, 3])
    assert caught.value.kind == "partners"


@pytest.mark.parametrize("ruleset", ["hearts", "omnibus-hearts", "whist", "doppelkopf", "black-maria"])
def test_every_played_deals_points_pass_the_entries(ruleset: str) -> None:
    # What the entries allow must hold every result the engine scores: refusing a real deal's points would
    # lose a table's entry. (Moons are rare in random play: test_moon.py enters them by hand.)
    rules = load_ruleset(ruleset)
    players = rules.default_players
    rng = random.Random(7)
    game = Game(rules, players=players, seed=11)
    for _ in range(60):
        deal = game.new_deal(number=rng.randrange(4))
        while deal.phase != "done":
            deal.apply(rng.choice(deal.legal_actions()))
        check_points(rules, players, deal.points(), deal.teams)
