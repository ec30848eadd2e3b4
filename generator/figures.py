"""What the rules do to the game, measured: the rule page's figures from simulated games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee import Ruleset
from wording.i18n import Lang

if TYPE_CHECKING:
    from .site import Builder


def figures_context(builder: Builder, rules: Ruleset, lang: Lang) -> dict[str, Any] | None:
    """The template context of the page's figures section (``figures.html``); None: no section."""
    return None
