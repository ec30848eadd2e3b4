"""The pages that list rulesets: each language's index and the comparison table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee import Ruleset
from wording.freetext import title_of
from wording.i18n import NC_, NN_, Lang
from wording.names import suit_name, tr

from . import clauses as cl
from .phrases import deals_text, points_text

if TYPE_CHECKING:
    from .site import Builder

FAMILY_NAMES = {
    "hearts": NC_("family", "Hearts family"),
    "euchre": NC_("family", "Euchre family"),
    "spades": NC_("family", "Spades family"),
    "oh-hell": NC_("family", "Oh Hell family"),
    "whist": NC_("family", "Whist family"),
    "other": NC_("family", "Other games"),
}
MOON_NAMES = {
    "none": NC_("moon", "none"),
    "old": NC_("moon", "others +%(points)s"),
    "new": NC_("moon", "shooter −%(points)s"),
    "positive": NC_("moon", "shooter +%(points)s"),
    "mixed": NC_("moon", "others +%(points)s, or shooter −%(points)s"),
    "choose": NC_("moon", "shooter's choice"),
}
YES = NC_("compare", "yes")
NO = NC_("compare", "no")
LOWEST = NC_("compare", "lowest")
HIGHEST = NC_("compare", "highest")
NOT_APPLICABLE = "—"  # a comparison cell that does not apply to the game
# What the trump is, in a comparison cell (a fixed suit shows the suit's name).
TRUMP_NAMES = {
    "upcard": NC_("compare", "upcard"),
    "dealer-last-card": NC_("compare", "dealer's last card"),
    "bid": NC_("compare", "chosen in bidding"),
}
# What is bid, in a comparison cell.
BID_TRUMP = NC_("compare", "trump suit")
BID_RANGE = NC_("compare", "%(low)s to %(high)s tricks")
BID_RANGE_HAND = NC_("compare", "%(low)s tricks up to a whole hand")
BID_EXTRAS = {
    "nil": NC_("compare", "nil"),
    "blind_nil": NC_("compare", "blind nil"),
    "hook": NC_("compare", "the hook rule"),
}
# What scores, in a comparison cell: by the kind of the page's goal clause.
SCORES_FOR = {
    "goal.avoid-points": NC_("compare", "penalty cards"),
    "goal.take-points": NC_("compare", "cards that score"),
    "goal.make-tricks": NC_("compare", "most tricks"),
    "goal.book": NC_("compare", "tricks over %(book)s"),
    "bid.at-least": NC_("compare", "bids made"),
    "bid.exactly": NC_("compare", "exact bids"),
}
PLAYERS = NN_("%(players)s player", "%(players)s players")


def index_page(builder: Builder, lang: Lang) -> str:
    families: dict[str, list[dict[str, Any]]] = {}
    for rules in builder.rulesets:
        families.setdefault(rules.family, []).append(
            {
                "id": rules.id,
                "title": title_of(lang, rules),
                "players": lang.ngettext(*PLAYERS, max(rules.player_counts))
                % {"players": lang.join([lang.number(n) for n in rules.player_counts], "or")},
            }
        )
    context = builder._common(lang, "index.html", 1)
    context["families"] = [
        {"name": tr(lang, FAMILY_NAMES[f]), "rulesets": families[f]} for f in FAMILY_NAMES if f in families
    ]
    return builder.envs[lang.code].get_template("index.html").render(context)


def compare_page(builder: Builder, lang: Lang) -> str:
    rows = []
    for rules in builder.rulesets:
        layout = rules.layout(rules.default_players)
        # Passing, the first trick and the moon are Hearts matters: a game
        # without penalty cards shows "—" there rather than a "no".
        penalties = any(p > 0 for p in layout.points) and not rules.bidding_rounds
        moon = tr(lang, MOON_NAMES[rules.moon_kind]) % {"points": lang.number(layout.moon_points)}
        if rules.moon_kind == "none" and not penalties:
            moon = NOT_APPLICABLE
        rows.append(
            {
                "id": rules.id,
                "title": title_of(lang, rules),
                "players": lang.join([lang.number(n) for n in rules.player_counts], "or"),
                "cards": lang.number(rules.full_deck.bit_count()),
                "passing": lang.number(rules.pass_count)
                if rules.pass_count
                else tr(lang, NO)
                if penalties
                else NOT_APPLICABLE,
                "bidding": _bidding_cell(lang, rules),
                "first_trick": tr(lang, YES if layout.first_trick_forbid else NO)
                if penalties or layout.first_trick_forbid
                else NOT_APPLICABLE,
                "broken": tr(lang, YES if layout.restrictions else NO),
                "trump": _trump_cell(lang, rules),
                "scoring": _scoring_cell(lang, rules),
                "moon": moon,
                "end": _end_cell(lang, rules),
                "winner": tr(lang, LOWEST if rules.winner_kind == "lowest" else HIGHEST),
            }
        )
    context = builder._common(lang, "compare.html", 1)
    context["rows"] = rows
    return builder.envs[lang.code].get_template("compare.html").render(context)


def _bidding_cell(lang: Lang, rules: Ruleset) -> str:
    spec = rules.trick_round
    if spec is None:
        return tr(lang, BID_TRUMP) if rules.bids_for_trump else NOT_APPLICABLE
    low, high = cl.bid_range(rules, spec)
    if high is None:
        parts = [tr(lang, BID_RANGE_HAND) % {"low": lang.number(low)}]
    else:
        parts = [tr(lang, BID_RANGE) % {"low": lang.number(low), "high": lang.number(high)}]
    parts += [tr(lang, message) for key, message in BID_EXTRAS.items() if getattr(spec, key)]
    return lang.join(parts)


def _trump_cell(lang: Lang, rules: Ruleset) -> str:
    if rules.trump_kind == "none":
        return tr(lang, NO)
    if rules.trump_kind == "fixed":
        return suit_name(lang, rules.deck.suits[rules.trump_suit or 0], pack=rules.deck)
    return tr(lang, TRUMP_NAMES[rules.trump_kind])


def _scoring_cell(lang: Lang, rules: Ruleset) -> str:
    kind = cl.goal(rules).kind.removesuffix(".teams")
    if rules.bid_scoring is not None:
        kind = "bid.exactly" if rules.bid_scoring.exactly else "bid.at-least"
    return tr(lang, SCORES_FOR[kind]) % {"book": lang.number(rules.book or 0)}


def _end_cell(lang: Lang, rules: Ruleset) -> str:
    end = []
    if rules.target is not None:
        end.append(points_text(lang, rules.target))
    if rules.floor is not None:
        end.append(points_text(lang, rules.floor))
    if rules.max_deals is not None:
        end.append(deals_text(lang, rules.max_deals))
    if rules.schedule:
        lengths = sorted({len(rules.layout(n).schedule) for n in rules.player_counts})
        end.append(deals_text(lang, lengths[0], lengths[-1] if len(lengths) > 1 else None))
    return lang.join(end, "or")
