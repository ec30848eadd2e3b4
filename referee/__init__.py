"""Trickbook's referee: trick-taking rules as data, and the engine that runs them.

>>> from referee import load_ruleset, Game
>>> game = Game(load_ruleset("hearts"), players=4, seed=7)
>>> deal = game.new_deal()
>>> deal.phase
'pass'
"""

from ._compiled import install as _install_compiled
from ._compiled import is_compiled as _is_compiled

_install_compiled()  # before the first import of a compiled module

from . import engine as _engine
from .cards import Card
from .engine import Deal, Trick
from .errors import IllegalAction, Problem, RulesetError
from .game import DealResult, Game
from .observer import Note, Observer, Reason
from .ruleset import Ruleset, load_ruleset

COMPILED: bool = _is_compiled(_engine)
"""True when the engine runs compiled with mypyc (see ``referee/_compiled.py``)."""

__all__ = [
    "COMPILED",
    "Card",
    "Deal",
    "DealResult",
    "Game",
    "IllegalAction",
    "Note",
    "Observer",
    "Problem",
    "Reason",
    "Ruleset",
    "RulesetError",
    "Trick",
    "load_ruleset",
]
