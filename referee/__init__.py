"""Trickbook's referee: trick-taking rules as data, and the engine that runs them.

>>> from referee import load_ruleset, Game
>>> game = Game(load_ruleset("hearts"), players=4, seed=7)
>>> deal = game.new_deal()
>>> deal.phase
'pass'
"""

from .cards import Card
from .engine import Deal, Note, Reason, Trick
from .errors import IllegalAction, Problem, RulesetError
from .game import DealResult, Game
from .ruleset import Ruleset, load_ruleset

__all__ = [
    "Card",
    "Deal",
    "DealResult",
    "Game",
    "IllegalAction",
    "Note",
    "Problem",
    "Reason",
    "Ruleset",
    "RulesetError",
    "Trick",
    "load_ruleset",
]
