"""A declarer's game value on the rule page (:mod:`referee.mechanisms.game_value`, Skat's Spielwert): the aim,
what wins, the base values, the multiplier and its matadors, the fixed values, a game lost, an overbid game, and
the least a game of fixed value must reach when it is declared.

Its words: :mod:`wording.game_value`; a value counted up ("clubs with 2, game 3: 3 × 12 = 36") is picked by
:mod:`generator.gamevalue`.
"""

from __future__ import annotations

from referee import Ruleset
from referee.mechanisms import Mechanism, contracts, game_value, talon
from wording import game_value as words

from ..gamevalue import matador_examples
from ..terms import Builder, Clause, Contract, Number, Parts, Points, Words, cards, clause, declarer_games

MECHANISM: Mechanism = game_value
WORDS: Words = words


def goal(rules: Ruleset) -> list[Clause] | None:
    """The aim, where a lost game costs ``lost`` times its value: said where the aim is said."""
    worth = game_value.of(rules)
    if not game_value.active(worth):
        return None
    if worth.lost == 2:
        return [clause("goal.game-value")]
    return [clause("goal.game-value.times", worth.lost, times=Number(worth.lost))]


def least(rules: Ruleset) -> list[Clause]:
    """The games of a fixed value, which a bid above it rules out, after the games a declarer may declare."""
    worth = game_value.of(rules)
    if not (declarer_games(rules) and game_value.active(worth) and worth.fixed):
        return []
    fixed = tuple(
        clause("part.game-value", game=Contract(word), value=Number(value))
        for word, value in fixed_values(rules, worth)
    )
    return [clause("declare.least", values=Parts(fixed))]


def scoring(rules: Ruleset) -> list[Clause]:
    """What wins, the base values, the multiplier and its matadors, the fixed values, a game lost, an overbid
    game, the Seeger-Fabian list."""
    settings = game_value.of(rules)
    if not game_value.active(settings):
        return []
    kinds = contracts.of(rules)
    skat = talon.of(rules)
    out = [
        clause(
            "score.gv-need.talon" if talon.active(skat) else "score.gv-need",
            need=Points(settings.need, eyes=True),
            short=Points(settings.need - 1, eyes=True),
        )
    ]
    out.append(clause("score.gv-schneider", settings.schneider, points=Number(settings.schneider)))
    if settings.base:
        out.append(clause("score.gv-value"))
        bases = tuple(
            clause("part.game-value", game=Contract(word), value=Number(value))
            for word, value in base_values(rules, settings)
        )
        out.append(clause("score.gv-bases", values=Parts(bases)))
        hand = talon.active(skat) and skat.hand
        out.append(clause("score.gv-multiplier.hand" if hand else "score.gv-multiplier"))
        if kinds.levels:
            out.append(clause("score.gv-announced"))
        out.append(clause("score.gv-matadors.talon" if talon.active(skat) else "score.gv-matadors"))
        for held, missing, line in matador_examples(rules):
            kind = "score.gv-example-with" if line.matadors > 0 else "score.gv-example-without"
            out.append(
                clause(
                    kind,
                    abs(line.matadors),
                    held=cards(rules, held, "a"),
                    missing=cards(rules, missing, "a"),
                    count=Number(abs(line.matadors)),
                    line=line,
                )
            )
    if settings.fixed:
        fixed = tuple(
            clause("part.game-value", game=Contract(word), value=Number(value))
            for word, value in fixed_values(rules, settings)
        )
        out.append(clause("score.gv-fixed", values=Parts(fixed)))
    if settings.lost == 2:
        out.append(clause("score.gv-won.double"))
    else:
        out.append(clause("score.gv-won", settings.lost, times=Number(settings.lost)))
    if settings.base:
        out.append(clause("score.gv-lost-levels", points=Points(settings.schneider, eyes=True)))
        out.append(clause("score.gv-overbid"))
    seeger = {
        "won": Number(game_value.SEEGER_WON),
        "three": Number(game_value.SEEGER_OTHERS[3]),
        "four": Number(game_value.SEEGER_OTHERS[4]),
    }
    if settings.list == "seeger-fabian":
        out.append(clause("score.gv-seeger-fabian", **seeger))
    elif set(rules.player_counts) <= set(game_value.SEEGER_OTHERS):  # the list a club may keep instead
        out.append(clause("score.gv-seeger-fabian.house", **seeger))
    return out


def base_values(rules: Ruleset, settings: game_value.GameValue) -> list[tuple[str, int]]:
    """The base values as (a contract's word, value), from the lowest: a suit game by its suit's contract."""
    out: list[tuple[str, int]] = []
    for kind in contracts.of(rules).kinds:
        value = settings.base.get(kind.id) or settings.base.get(kind.suit, 0)
        if value and kind.goal == "tricks":
            out.append((f"{contracts.SOLO} {kind.id}", value))
    return sorted(out, key=lambda item: item[1])


def fixed_values(rules: Ruleset, settings: game_value.GameValue) -> list[tuple[str, int]]:
    """The fixed values as (a contract's word, value): each contract, then as a hand game."""
    out: list[tuple[str, int]] = []
    hand = talon.of(rules).hand
    for kind in contracts.of(rules).kinds:
        if kind.id in settings.fixed:
            plain, in_hand = settings.fixed[kind.id]
            word = f"{contracts.SOLO} {kind.id}"
            out.append((word, plain))
            if hand:
                out.append((f"{word} {talon.HAND}", in_hand))
    return sorted(out, key=lambda item: item[1])


#: How often each player deals in a series of the Deutscher Skatverband's tournament list (Skatwettspielordnung:
#: 36 deals at a table of three, 48 at a table of four); the Skat Order itself sets no length (a reader: "36
#: Spiele" is the DSkV's list, not the ISkO's).
SERIES_DEALS_EACH = 12


def series(rules: Ruleset) -> list[Clause] | None:
    """A series as long as the tournament list's, said with whose rule it is; else the base game's sentence."""
    players = rules.default_players
    if not game_value.active(game_value.of(rules)) or rules.game.deals != SERIES_DEALS_EACH * players:
        return None
    # both tables' series, whichever this ruleset plays: a reader at a table of three asked about the four
    each = SERIES_DEALS_EACH
    return [clause("end.deals.series", each=Number(each, "count"), three=Number(3 * each), four=Number(4 * each))]


PLACES: dict[str, Builder] = {"goal": goal, "bid.after-rounds": least, "score.deal": scoring, "end.deals": series}
