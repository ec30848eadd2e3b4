"""Test-only rulesets with decks no bundled ruleset uses: an Italian pack, two copies of each card.

Tressette's order (3 2 A R C F 7 6 5 4) and points per rank on a 40-card
Italian pack; a 48-card deck that holds each card of 9 to A twice. The rule
pages' tests (test_site.py) and the kiosk's use them; written to a folder a
test names, a ruleset is a file path, slashes and all.
"""

from __future__ import annotations

from pathlib import Path

TRESSETTE = """\
id: t-tressette
title: Tressette
players: {counts: [4], teams: opposite}
deck: {pack: italian, order: [4, 5, 6, 7, F, C, R, A, 2, 3]}
scoring: {rank_points: {A: 3, "2": 1, "3": 1, R: 1, C: 1, F: 1}, teams: summed}
game: {target: 31, winner: highest}
"""
DOUBLE = """\
id: t-double
title: Double deck
players: {counts: [4], teams: opposite}
deck: {ranks: ["9", T, J, Q, K, A], copies: 2, order: ["9", J, Q, K, T, A]}
scoring: {rank_points: {A: 11, T: 10, K: 4, Q: 3, J: 2}, teams: summed}
game: {target: 240, winner: highest}
"""

# Doppelkopf's deck and normal game's trumps (DDV Turnierspielregeln 5.1): each of 9 to A twice, the Dulle,
# the queens and the jacks above the diamonds; a test writes its players and scoring around it.
DOPPELKOPF_CARDS = """\
deck: {ranks: ["9", T, J, Q, K, A], copies: 2, order: ["9", J, Q, K, T, A]}
deal: {hand_size: 12}
trump:
  kind: fixed
  suit: D
  promoted: {cards: [TH, QC, QS, QH, QD, JC, JS, JH, JD]}
"""


def write_pack(folder: Path, text: str) -> Path:
    """The ruleset ``text`` as ``folder/<its id>.yaml``."""
    path = folder / f"{text.split()[1]}.yaml"
    path.write_text(text, encoding="utf-8")
    return path
