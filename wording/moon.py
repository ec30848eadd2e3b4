"""Every phrase about shooting the moon, in one place: the rule page's sentences and tables, the label, the
comparison's cell, the figures, and what the kiosk says and shows.

What the moon needs, what it is worth and what each player scores come from the
referee (:mod:`referee.mechanisms.moon`); these are only its words. The rule
page's sentences are keyed as :mod:`generator.phrases` keys every clause
("moon.old"), and each stands on its own: a house rule's page may list one
alone, as a difference.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import moon

from .i18n import N_, NC_, Lang
from .names import Case, tr

#: The rule page's sentences (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    "moon.none": N_("There is no shooting the moon: every card counts for the player who takes it."),
    "moon.condition": N_("A player who takes %(cards)s has shot the moon."),
    "moon.old": N_("The shooter scores nothing, and every other player scores %(points)s."),
    "moon.old.bonus": N_("The shooter's penalty cards count for nothing, and every other player scores %(points)s."),
    "moon.new": N_("The shooter scores %(points)s, and the other players score nothing."),
    "moon.positive": N_("The shooter gains %(points)s, and the other players score nothing."),
    "moon.mixed": N_(
        "Every other player scores %(points)s and the shooter nothing, unless that would end the game "
        "with the shooter losing: then the shooter may score %(minus)s instead."
    ),
    "moon.mixed.bonus": N_(
        "Every other player scores %(points)s and the shooter's penalty cards count for nothing, unless that "
        "would end the game with the shooter losing: then the shooter may score %(minus)s instead."
    ),
    "moon.bonus-kept": N_("%(card)s still takes %(points)s off the shooter's score."),
    "moon.choose": N_("The shooter chooses: either score %(minus)s, or have every other player score %(points)s."),
    "moon.partner-exempt": N_("The shooter's partner scores nothing for the moon."),
}
#: The grammatical case of the cards a sentence names (merged into generator.phrases.CASES).
CASES: dict[str, dict[str, Case]] = {
    "moon.condition": {"cards": "accusative"},
    "moon.bonus-kept": {"card": "accusative"},
}

#: The rule page's table of what each player scores when the moon is shot.
CAPTION = N_("Shooting the moon: one player takes %(cards)s")
SHOOTER = NC_("values", "The shooter")
PARTNER = NC_("values", "The shooter's partner")
OTHERS = NC_("values", "Each other player")
#: The shooter's two ways to score the moon, by the word that chooses it: the table's rows and the kiosk's buttons.
CHOICES = {"old-moon": N_("Others +%(points)s"), "new-moon": N_("Shooter −%(points)s")}
#: A deal's note, on the rule page's worked example and the kiosk's summary.
SHOT = N_("%(name)s shot the moon.")
#: The kiosk's prompt while the shooter chooses, its refusal of anything else meanwhile, and its notice once chosen.
TO_CHOOSE = N_("%(name)s shot the moon: choose the scoring")
NOT_NOW = N_("Not now: the moon scoring must be chosen first.")
SCORED = N_("moon scored")

#: The comparison's "Moon" column: how a shot moon scores, by kind.
COLUMN = N_("Moon")
CELLS = {
    "none": NC_("moon", "none"),
    "old": NC_("moon", "others +%(points)s"),
    "new": NC_("moon", "shooter −%(points)s"),
    "positive": NC_("moon", "shooter +%(points)s"),
    "mixed": NC_("moon", "others +%(points)s, or shooter −%(points)s"),
    "choose": NC_("moon", "shooter's choice"),
}
#: The label's part, by kind.
LABELS: dict[str, tuple[str, str]] = {
    "none": NC_("label", "no moon"),
    "old": NC_("label", "old moon"),
    "new": NC_("label", "new moon"),
    "mixed": NC_("label", "old or new moon"),
    "choose": NC_("label", "moon: shooter's choice"),
    "positive": NC_("label", "moon: shooter +%(points)s"),
}
#: The figures from simulated games: how often the moon is shot (alone, against the base game, as the base game).
SHARE: tuple[str, str, str] = (
    N_("Someone shoots the moon in %(share)s of the deals."),
    N_("Someone shoots the moon in %(share)s of the deals, instead of %(base)s in %(title)s."),
    N_("Someone shoots the moon in %(share)s of the deals, as in %(title)s."),
)


def label(lang: Lang, rules: Ruleset, penalty_game: bool) -> str | None:
    """The label's part: "old moon", "new moon", ...; "no moon" in a ``penalty_game`` without one; else None."""
    kind = moon.of(rules).kind
    if kind == "none" and not penalty_game:
        return None
    text = tr(lang, LABELS[kind])
    if kind == "positive":
        text %= {"points": lang.number(moon.target(rules).value)}
    return text


def cell(lang: Lang, rules: Ruleset) -> str:
    """The comparison's cell: how a shot moon scores, with the moon's points."""
    return tr(lang, CELLS[moon.of(rules).kind]) % {"points": lang.number(moon.target(rules).value)}


def choice(lang: Lang, rules: Ruleset, word: str, players: int | None = None) -> str:
    """One of the shooter's two ways to score (a word of :data:`referee.mechanisms.moon.WORDS`), with the points."""
    return lang.gettext(CHOICES[word]) % {"points": lang.number(moon.target(rules, players).value)}
