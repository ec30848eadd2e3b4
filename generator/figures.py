"""What the rules do to the game, measured: the rule page's figures from simulated games.

The referee plays the games and counts (:mod:`referee.stats`); this module
only says its figures, in the page's language, and draws two charts of them
(``figures_chart.html``): how many deals the games lasted, and each scoring
card's share of the points where the trump changes what a card is worth. A
figure that play cannot change (see "what play can change") is left out. A
house rule's page sets each figure beside its base ruleset's, measured over
as many games from the same seed.

The figures of every ruleset of a build (and of their bases) are read from
the cache, or simulated, once and before any page is rendered
(:meth:`Figures.prepare`): the games of every ruleset the cache lacks share
one pool of worker processes, and every language's page uses the same
figures. Game counts and seed are stated on the page; the same input gives
the same bytes, since the figures are whole-number counts from a fixed seed.
"""

from __future__ import annotations

import copy
import math
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from babel.numbers import NumberPattern
from markupsafe import Markup, escape

from referee import Ruleset
from referee.mechanisms import game_value
from referee.stats import DEFAULT_SEED, ProgressBar, Stats, cached_stats_many
from wording import moon as moon_words
from wording.freetext import title_of
from wording.i18n import N_, NC_, NN_, Lang
from wording.names import card_face, card_name, pack_of, tr

from .phrases import deals_text

if TYPE_CHECKING:
    from .site import Builder

#: Games per ruleset behind the published site's figures (``trickbook site --games``). 500, not 1,000:
#: the first build simulates every bundled ruleset, and at 500 games a share's standard error is at
#: most 0.7 points for every bundled ruleset but Whist (1.1: its games last 3.3 deals) and the nil
#: shares (1.8; the page gives their count), while the most costly rulesets (Skat's 36 and 48 deals
#: a game, Doppelkopf's 24) still count 12,000 to 24,000 deals. Half the games, half the work.
SITE_GAMES = 500
#: Overrides :data:`SITE_GAMES` where a Builder is not told a number: the tests set it low.
GAMES_VARIABLE = "TRICKBOOK_SITE_GAMES"
#: Fewer games than this to simulate are played in this process: starting a
#: pool of workers costs about as much as a few dozen games.
POOL_FROM = 200

HEADING = NC_("section", "The game in figures")
INTRO = NN_(
    "Measured over %(count)s whole game between simple computer players, dealt from seed %(seed)s: "
    "the figures show what the rules do to a game, not how strong players play.",
    "Measured over %(count)s whole games between simple computer players, dealt from seed %(seed)s: "
    "the figures show what the rules do to a game, not how strong players play.",
)
BESIDE = N_("Beside each figure stands the same measure for %(title)s, over as many games dealt the same way.")
UNFINISHED = NN_(
    "%(count)s game did not end and is left out of the figures on the length of a game.",
    "%(count)s games did not end and are left out of the figures on the length of a game.",
)

# Each figure's sentence three ways: on its own; beside a base ruleset's
# figure (%(base)s in %(title)s); and where the two read the same. Decimal
# means are shown with one decimal place and are never below 1, so their
# noun takes the plural's form in every language of the site: they need no
# plural message.
Sentences = tuple[str, str, str]
Plurals = tuple[tuple[str, str], tuple[str, str], tuple[str, str]]
Three = Sentences | Plurals

LENGTH: Sentences = (
    N_("A game lasts %(mean)s deals on average, give or take %(sd)s."),
    N_(
        "A game lasts %(mean)s deals on average (give or take %(sd)s), "
        "instead of %(base)s (give or take %(base_sd)s) in %(title)s."
    ),
    N_("A game lasts %(mean)s deals on average (give or take %(sd)s), as in %(title)s."),
)
FIXED_LENGTH: Plurals = (
    NN_("Every game lasted %(count)s deal.", "Every game lasted %(count)s deals."),
    NN_(
        "Every game lasted %(count)s deal, instead of %(base)s in %(title)s.",
        "Every game lasted %(count)s deals, instead of %(base)s in %(title)s.",
    ),
    NN_("Every game lasted %(count)s deal, as in %(title)s.", "Every game lasted %(count)s deals, as in %(title)s."),
)
RANGE = NN_(
    "The shortest game lasted %(count)s deal, the longest %(high)s.",
    "The shortest game lasted %(count)s deals, the longest %(high)s.",
)
SHARES: dict[str, Sentences] = {
    "thrown_in_share": (
        N_("%(share)s of the deals are thrown in because every player passes."),
        N_("%(share)s of the deals are thrown in because every player passes, instead of %(base)s in %(title)s."),
        N_("%(share)s of the deals are thrown in because every player passes, as in %(title)s."),
    ),
    "moon_share": moon_words.SHARE,
    "contracts_made_share": (
        N_("%(share)s of the bids are made."),
        N_("%(share)s of the bids are made, instead of %(base)s in %(title)s."),
        N_("%(share)s of the bids are made, as in %(title)s."),
    ),
    "first_leader_wins_share": (
        N_("The player who leads to the first trick wins it in %(share)s of the deals."),
        N_(
            "The player who leads to the first trick wins it in %(share)s of the deals, "
            "instead of %(base)s in %(title)s."
        ),
        N_("The player who leads to the first trick wins it in %(share)s of the deals, as in %(title)s."),
    ),
}
# Where the side that chooses trump must take enough tricks (Euchre's makers),
# a deal has one contract: the makers'. The trick table says whether they scored.
MAKERS: Sentences = (
    N_("The makers score in %(share)s of the deals."),
    N_("The makers score in %(share)s of the deals, instead of %(base)s in %(title)s."),
    N_("The makers score in %(share)s of the deals, as in %(title)s."),
)
# Nil and blind nil: how often they were bid (a few bids make a rough share), and made.
NILS: dict[str, tuple[str, Plurals, str]] = {
    "nil_made_share": (
        "nil_bids",
        (
            NN_(
                "Players bid nil %(count)s time; %(share)s of nil bids are made.",
                "Players bid nil %(count)s times; %(share)s of nil bids are made.",
            ),
            NN_(
                "Players bid nil %(count)s time; %(share)s of nil bids are made, instead of %(base)s in %(title)s.",
                "Players bid nil %(count)s times; %(share)s of nil bids are made, instead of %(base)s in %(title)s.",
            ),
            NN_(
                "Players bid nil %(count)s time; %(share)s of nil bids are made, as in %(title)s.",
                "Players bid nil %(count)s times; %(share)s of nil bids are made, as in %(title)s.",
            ),
        ),
        N_("No player bid nil."),
    ),
    "blind_nil_made_share": (
        "blind_nil_bids",
        (
            NN_(
                "Players bid blind nil %(count)s time; %(share)s of blind nil bids are made.",
                "Players bid blind nil %(count)s times; %(share)s of blind nil bids are made.",
            ),
            NN_(
                "Players bid blind nil %(count)s time; %(share)s of blind nil bids are made, "
                "instead of %(base)s in %(title)s.",
                "Players bid blind nil %(count)s times; %(share)s of blind nil bids are made, "
                "instead of %(base)s in %(title)s.",
            ),
            NN_(
                "Players bid blind nil %(count)s time; %(share)s of blind nil bids are made, as in %(title)s.",
                "Players bid blind nil %(count)s times; %(share)s of blind nil bids are made, as in %(title)s.",
            ),
        ),
        N_("No player bid blind nil."),
    ),
}

SHARE_ORDER = (
    "thrown_in_share",
    "moon_share",
    "contracts_made_share",
    "nil_made_share",
    "blind_nil_made_share",
    "first_leader_wins_share",
)

DEALS_CAPTION = N_("How many deals the games lasted, as a share of the games:")
DEALS_TITLE = N_("Games by the number of deals they lasted")
CARDS_CAPTION = N_("Each card's share of all the points taken:")
CARDS_CAPTION_SIGNED = N_("Each card's share of all the points taken, whichever way the card counts:")
CARDS_TITLE = N_("The points taken, by card")
# Where a card counts more as a trump (Klaverjassen's jack and nine), the suits' shares differ only by how often the
# bots made each suit trump: said, so that a reader does not take the uneven jacks for an error (issue 19).
CARDS_BY_TRUMP = N_(
    "A card that counts more as a trump has a larger share in the suits the computer players made trump more "
    "often: those differences between the suits come from their choices, not from the rules."
)
DATUM = N_("%(label)s: %(value)s")
DATUM_BESIDE = N_("%(label)s: %(value)s (%(title)s: %(base)s)")


# -- the figures of a build ----------------------------------------------------------


def default_games() -> int:
    """Games per ruleset: ``$TRICKBOOK_SITE_GAMES`` where it is set, else :data:`SITE_GAMES`."""
    text = os.environ.get(GAMES_VARIABLE, "").strip()
    if not text:
        return SITE_GAMES
    if not text.isdigit():
        raise ValueError(f"${GAMES_VARIABLE} must be a whole number of games (0: no figures), not {text!r}")
    return int(text)


class Figures:
    """The simulated figures of a build's rulesets: ``games`` per ruleset (0: none), from ``seed``.

    ``cache_dir`` defaults to :func:`referee.stats.default_cache_dir`; ``jobs``
    (worker processes) to the number of cores.
    """

    def __init__(
        self,
        games: int | None = None,
        jobs: int | None = None,
        cache_dir: Path | None = None,
        seed: int = DEFAULT_SEED,
        progress_bar: ProgressBar | None = None,
    ) -> None:
        self.games = default_games() if games is None else games
        self.progress_bar = progress_bar  # shows the simulation's progress (trickbook site: on stderr)
        if self.games < 0:
            raise ValueError(f"games must be 0 (no figures) or more, not {self.games}")
        self.jobs = jobs or os.cpu_count() or 1
        self.cache_dir = cache_dir
        self.seed = seed
        # By id() of the ruleset, kept alive beside its figures so that its id is never reused.
        self._stats: dict[int, tuple[Ruleset, Stats]] = {}

    def prepare(self, rulesets: Iterable[Ruleset]) -> None:
        """Read or simulate the figures of ``rulesets`` at once, those the cache lacks in one pool."""
        todo = list({id(r): r for r in rulesets if id(r) not in self._stats}.values())
        if not self.games or not todo:
            return
        jobs = self.jobs if self.games * len(todo) >= POOL_FROM else 1
        found = cached_stats_many(
            todo, self.games, self.seed, self.cache_dir, jobs=jobs, progress_bar=self.progress_bar
        )
        for rules, stats in zip(todo, found, strict=True):
            self._stats[id(rules)] = (rules, stats)

    def stats(self, rules: Ruleset) -> Stats | None:
        """The figures of ``rules``; None where the build has none (0 games)."""
        if not self.games:
            return None
        self.prepare([rules])
        return self._stats[id(rules)][1]


# -- numbers ---------------------------------------------------------------------------


def _one_place(pattern: NumberPattern) -> NumberPattern:
    """The locale's own pattern (grouping, signs, spacing) with exactly one decimal place."""
    fixed = copy.copy(pattern)
    fixed.frac_prec = (1, 1)
    return fixed


def decimal(lang: Lang, value: float) -> str:
    """``11.2``, ``11,2``: a mean with one decimal place, by the locale's rules (Babel)."""
    return str(_one_place(lang.locale.decimal_formats[None]).apply(value, lang.locale))


def percent(lang: Lang, value: float) -> str:
    """``50.1%``, ``50,1 %``: a share with one decimal place, by the locale's rules (Babel)."""
    return str(_one_place(lang.locale.percent_formats[None]).apply(value, lang.locale))


# -- sentences ------------------------------------------------------------------------


@dataclass(frozen=True)
class Beside:
    """A house rule's base ruleset, set beside it: its title, its figures and its rules."""

    title: str
    stats: Stats
    rules: Ruleset

    def html(self) -> Markup:
        # Isolated, so that a Latin title keeps its own order inside a Hebrew sentence.
        return Markup("<bdi>{}</bdi>").format(self.title)


def _say(message: str, **params: object) -> Markup:
    """A translated message, escaped, with its parameters escaped unless already markup."""
    return escape(message) % params


def _sentence(
    lang: Lang,
    messages: Three,
    beside: Beside | None,
    own: dict[str, str],
    base: dict[str, str] | None,
    n: int = 0,
    **params: object,
) -> Markup:
    """A figure's sentence: alone, beside the base's value, or "as in" the base where the two read the same.

    ``own`` holds the figure's values as shown, by placeholder (``share``), ``base``
    the base's (``base``), in the same order; ``n`` chooses a plural message's form.
    """
    which = 0 if beside is None or base is None else 2 if list(base.values()) == list(own.values()) else 1
    chosen = messages[which]
    text = lang.gettext(chosen) if isinstance(chosen, str) else lang.ngettext(*chosen, n)
    if which and beside is not None:
        params["title"] = beside.html()
    return _say(text, **own, **(base or {}), **params)


# -- what play can change -----------------------------------------------------------------
#
# Every figure on a page depends on play and differs between some rulesets, or goes: a game of
# a fixed number of deals lasts that many, a first trick led with the lowest card of a suit goes
# to its leader only where nobody can follow, and where every card is taken in every deal at a
# value of its own, each card's share of the points is the card values' arithmetic.


def length_is_fixed(rules: Ruleset) -> bool:
    """Whether the rules fix how many deals a game lasts: a number of deals or a schedule, no target."""
    return rules.game.target is None and rules.game.floor is None


def first_lead_is_fixed(rules: Ruleset, players: int) -> bool:
    """Whether the first trick's leader must lead one given card (Hearts' 2♣): who wins it is the deal's doing."""
    layout = rules.layout(players)
    return layout.opening_card is not None and layout.opening_mask == 1 << layout.opening_card


def shares_are_fixed(rules: Ruleset, stats: Stats) -> bool:
    """Whether each card took its one value in every deal played: its share of the points is arithmetic."""
    if not stats.card_points or not stats.deals:
        return False
    layout = rules.layout(stats.players)
    codes = rules.deck.codes
    value: dict[str, int] = {}
    for card in layout.cards:
        value[codes[card]] = value.get(codes[card], 0) + layout.points[card]
    return all(points == stats.deals * value.get(code, 0) for code, points in stats.card_points)


def _length(lang: Lang, rules: Ruleset, stats: Stats, beside: Beside | None) -> list[Markup]:
    """How many deals a game lasts: mean and spread, or the one length every game had; the extremes.

    Nothing where the rules fix the number of deals.
    """
    own = stats.deals_per_game()
    if own is None or length_is_fixed(rules):  # no game finished, or every game as long as the rules say
        return []
    theirs = beside.stats.deals_per_game() if beside is not None and not length_is_fixed(beside.rules) else None
    if theirs is None:  # the base's length, where the rules fix it, is no measure of play
        beside = None
    mean, sd, low, high = own
    if low == high and (theirs is None or theirs[2] == theirs[3]):
        count = lang.number(low)
        base = {"base": lang.number(theirs[2])} if theirs is not None else None
        return [_sentence(lang, FIXED_LENGTH, beside, {"count": count}, base, low)]
    spread = {"mean": decimal(lang, mean), "sd": decimal(lang, sd)}
    base = {"base": decimal(lang, theirs[0]), "base_sd": decimal(lang, theirs[1])} if theirs is not None else None
    out = [_sentence(lang, LENGTH, beside, spread, base)]
    if low != high:
        out.append(_say(lang.ngettext(*RANGE, low), count=lang.number(low), high=lang.number(high)))
    return out


def _shares(lang: Lang, rules: Ruleset, stats: Stats, beside: Beside | None) -> list[Markup]:
    """The figures that are shares of something: throw-ins, moons, bids made, nil, the first trick."""
    own = stats.figures()
    theirs = beside.stats.figures() if beside is not None else {}
    out: list[Markup] = []
    for name in SHARE_ORDER:
        messages: Three
        bids, params = 0, {}
        if name in NILS:
            count, messages, nobody = NILS[name]
            if getattr(stats, count) == 0:  # the rules have the bid, but nobody made it
                out.append(_say(lang.gettext(nobody)))
                continue
            bids = getattr(stats, count) or 0
            params = {"count": lang.number(bids)}
        elif name == "contracts_made_share" and rules.trick_rows:
            # Where the side that chooses trump must take enough tricks (Euchre), a deal's
            # contract is the makers'; elsewhere, a bid for tricks (a side's or a seat's) or an auction's.
            messages = MAKERS
        else:
            messages = SHARES[name]
        if name not in own:  # does not apply
            continue
        if name == "first_leader_wins_share" and first_lead_is_fixed(rules, stats.players):
            continue
        base = {"base": percent(lang, theirs[name])} if name in theirs else None
        fixed_base = beside is not None and first_lead_is_fixed(beside.rules, beside.stats.players)
        if name == "first_leader_wins_share" and fixed_base:  # the base's is no measure of play
            base = None
        out.append(_sentence(lang, messages, beside, {"share": percent(lang, own[name])}, base, bids, **params))
    return out


# -- charts ---------------------------------------------------------------------------

CHART_WIDTH = 360  # user units: about a phone's column, where the chart is shown near its own size
FONT = 12  # user units: the text's size in the chart (figures_chart.html)
CHAR = 0.66 * FONT  # a generous average advance of one character, to size the text columns
GAP = 6
BAR = FONT + 2  # a bar's thickness
MAX_DEAL_ROWS = 16  # more lengths than this are grouped in ranges of equal width


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    width: float
    height: float
    css: str


@dataclass(frozen=True)
class Text:
    x: float
    y: float
    text: str
    anchor: str  # "start" or "end" in the text's own direction, so a mirrored chart keeps them
    css: str


@dataclass
class Chart:
    """An SVG chart's shapes, laid out for the page's direction (drawn by ``figures_chart.html``).

    Shapes are placed as for a left-to-right page; on a right-to-left page
    each is mirrored, and its text anchors, being relative to the text's
    direction, then fall on the mirrored side by themselves.
    """

    id: str
    title: str
    desc: str
    direction: str
    width: float = CHART_WIDTH
    height: float = 0
    rects: list[Rect] = field(default_factory=list)
    texts: list[Text] = field(default_factory=list)

    def rect(self, x: float, y: float, width: float, css: str, height: float = BAR - 2) -> None:
        if self.direction == "rtl":
            x = self.width - x - width
        self.rects.append(Rect(round(x, 1), round(y, 1), round(width, 1), round(height, 1), css))

    def text(self, x: float, y: float, text: str, anchor: str, css: str) -> None:
        if self.direction == "rtl":
            x = self.width - x
        self.texts.append(Text(round(x, 1), round(y, 1), text, anchor, css))


@dataclass(frozen=True)
class Row:
    label: str  # as shown
    name: str  # as read out (a card's full name)
    values: tuple[float, ...]  # shares: this ruleset's, then its base's
    css: str = ""


def _isolated(text: str) -> str:
    """Text in first-strong isolates: a Latin title keeps its order in a Hebrew chart, and the reverse."""
    return f"\u2068{text}\u2069"


def bar_chart(lang: Lang, chart_id: str, title: str, rows: Sequence[Row], legend: Sequence[str] = ()) -> Chart:
    """Horizontal bars of shares, one row a label: the label at the start, each bar with its value after it.

    With a ``legend`` (this ruleset's title, then its base's), each row has two
    bars: this ruleset's solid, the base's hatched, so that the two tell apart
    without colour; every bar carries its number.
    """
    chart = Chart(chart_id, title, "", lang.direction)
    values = [[percent(lang, v) for v in row.values] for row in rows]
    label_end = max(len(row.label) for row in rows) * CHAR
    bars_start = label_end + GAP
    value_width = max(len(v) for texts in values for v in texts) * CHAR
    scale = (chart.width - bars_start - GAP - value_width) / (max(v for row in rows for v in row.values) or 1)
    y = 0.0
    for i, name in enumerate(legend):  # a swatch of each kind of bar, and whose it is
        chart.rect(0, y, BAR - 2, "bar" if i == 0 else "bar base")
        chart.text(BAR + GAP, y + (BAR - 2) / 2, _isolated(name), "start", "legend" if i == 0 else "legend base")
        y += BAR + GAP
    if legend:
        y += GAP
    pitch = BAR * len(rows[0].values) + GAP
    for row, texts in zip(rows, values, strict=True):
        chart.text(label_end, y + (pitch - GAP - 2) / 2, row.label, "end", f"label {row.css}".strip())
        for i, (value, text) in enumerate(zip(row.values, texts, strict=True)):
            css = "" if i == 0 else " base"
            if value:
                chart.rect(bars_start, y + i * BAR, value * scale, "bar" + css)
            chart.text(bars_start + value * scale + GAP / 2, y + i * BAR + (BAR - 2) / 2, text, "start", "value" + css)
        y += pitch
    chart.height = round(y, 1)
    chart.desc = lang.join(
        [
            lang.gettext(DATUM) % {"label": row.name, "value": texts[0]}
            if len(texts) == 1
            else lang.gettext(DATUM_BESIDE)
            % {"label": row.name, "value": texts[0], "title": legend[1], "base": texts[1]}
            for row, texts in zip(rows, values, strict=True)
        ]
    )
    return chart


def _deal_rows(lang: Lang, stats: Sequence[Stats]) -> list[Row]:
    """The share of finished games that lasted each number of deals (in ranges where there are many)."""
    counts = [dict(s.deal_counts) for s in stats]
    low = min(d for c in counts for d in c)
    high = max(d for c in counts for d in c)
    step = math.ceil((high - low + 1) / MAX_DEAL_ROWS)
    rows = []
    for start in range(low, high + 1, step):
        stop = min(start + step - 1, high)
        label = deals_text(lang, start, stop if stop > start else None)
        shares = tuple(sum(c.get(d, 0) for d in range(start, stop + 1)) / (sum(c.values()) or 1) for c in counts)
        rows.append(Row(label, label, shares))
    return rows


def _card_rows(lang: Lang, rules: Ruleset, stats: Sequence[Stats]) -> list[Row]:
    """Each scoring card's share of the points, largest first (the deck's order among equals)."""
    shares = [s.card_shares() for s in stats]
    codes = list(shares[0]) + [c for s in shares[1:] for c in s if c not in shares[0]]
    pack = rules.deck.pack
    french = pack_of(pack) == "french"
    rows = []
    for code in codes:
        rank, suit = card_face(lang, code, pack)
        # A French face reads left to right on any page (as .card does in HTML): a left-to-right
        # isolate keeps "Q♠" from turning into "♠Q" in Hebrew. An Italian face is words.
        label = f"\u2066{rank}{suit}\u2069" if french else f"{rank} {suit}"
        values = tuple(s.get(code, 0.0) for s in shares)
        rows.append(Row(label, card_name(lang, code, pack), values, f"suit-{code[-1].lower()}"))
    rows.sort(key=lambda row: [-v for v in row.values])  # stable: the deck's order among equals
    return rows


def _charts(lang: Lang, rules: Ruleset, stats: Stats, beside: Beside | None) -> list[tuple[str, Chart]]:
    """The captions and charts: the games' lengths where they vary, the cards' shares where cards score."""
    legend = [title_of(lang, rules), beside.title] if beside is not None else []
    charts = []
    lengths = [stats, beside.stats] if beside is not None and beside.stats.deal_counts else [stats]
    if stats.deal_counts and not length_is_fixed(rules) and any(len(s.deal_counts) > 1 for s in lengths):
        rows = _deal_rows(lang, lengths)
        chart = bar_chart(lang, "figures-deals", lang.gettext(DEALS_TITLE), rows, legend[: 2 * (len(lengths) > 1)])
        charts.append((lang.gettext(DEALS_CAPTION), chart))
    if stats.card_shares() and not shares_are_fixed(rules, stats):
        cards = [stats, beside.stats] if beside is not None and beside.stats.card_shares() else [stats]
        points = [p for s in cards for _, p in s.card_points or ()]
        # Bonus cards beside penalty cards (or the reverse) count by their size.
        signed = any(p < 0 for p in points) and any(p > 0 for p in points)
        rows = _card_rows(lang, rules, cards)
        chart = bar_chart(lang, "figures-cards", lang.gettext(CARDS_TITLE), rows, legend[: 2 * (len(cards) > 1)])
        caption = lang.gettext(CARDS_CAPTION_SIGNED if signed else CARDS_CAPTION)
        if rules.values_by_trump:
            caption = f"{lang.gettext(CARDS_BY_TRUMP)} {caption}"
        charts.append((caption, chart))
    return charts


# -- the page's context -------------------------------------------------------------------


def prepare(builder: Builder) -> None:
    """Read or simulate the figures of every ruleset of a build and of their bases, before any page."""
    bases = [builder.base_of(r) for r in builder.rulesets]
    builder.figures.prepare([*builder.rulesets, *(b for b in bases if b is not None)])


def figures_context(builder: Builder, rules: Ruleset, lang: Lang) -> dict[str, Any] | None:
    """The template context of the page's figures section (``figures.html``); None: no section."""
    figures = builder.figures
    if game_value.active(game_value.of(rules)):
        # The simulation counts nothing of a declarer's game (games won, games declared, deals passed out):
        # its length is fixed and the cards' shares and the first trick are arithmetic, so no figure would
        # depend on the rules' play (issue 19).
        return None
    stats = figures.stats(rules)
    if stats is None:
        return None
    base = builder.base_of(rules)
    base_stats = figures.stats(base) if base is not None else None
    beside = Beside(title_of(lang, base), base_stats, base) if base is not None and base_stats is not None else None
    intro = [_say(lang.ngettext(*INTRO, stats.games), count=lang.number(stats.games), seed=lang.number(stats.seed))]
    if beside is not None:
        intro.append(_say(lang.gettext(BESIDE), title=beside.html()))
    if stats.unfinished:
        intro.append(_say(lang.ngettext(*UNFINISHED, stats.unfinished), count=lang.number(stats.unfinished)))
    facts = _length(lang, rules, stats, beside) + _shares(lang, rules, stats, beside)
    charts = _charts(lang, rules, stats, beside)
    if not facts and not charts:  # nothing that play decides
        return None
    return {"heading": tr(lang, HEADING), "intro": intro, "facts": facts, "charts": charts}
