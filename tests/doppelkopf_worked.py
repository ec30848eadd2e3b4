# ruff: noqa: E501  (rows of worked results, each with its source and its reasoning on one line)
"""Worked Doppelkopf deal results under the DDV tournament rules, each row citing its rule.

A second opinion for tests/test_party_game.py, worked out from the Deutscher Doppelkopf-Verband's
tournament rules without looking at the referee.

Companion to doppelkopf.md. Standard library only; imports nothing from any
project. Run it with `python3 doppelkopf_worked.py`. It checks every row
against the small independent calculator at the bottom and prints "ok".

Rule text used: "Turnier-Spielregeln (TSR) des Deutschen Doppelkopf-Verbandes",
Stand 21.02.2026, abbreviated "TSR" in the `source` column:
  https://doko-verband.de/wp-content/uploads/2026/04/Turnierspielregeln-Stand-2026-02-21.pdf
I read a text copy of that PDF committed in a public repository:
  https://github.com/mannewolff/doppelkopf/blob/9a29eb1f0c364ea8aa2324f00842153abf73969e/Dokumente/Turnierspielregeln-Stand-2026-02-21.txt
Section numbers are those of the 2026 text. Older copies number the
win criteria 7.1.2 (Re), 7.1.3 (Kontra) and 7.1.4 (no winner). In the 2026
text they are 7.1.1, 7.1.2 and 7.1.3.

Row conventions (see doppelkopf.md, "How to read the worked rows"):
- announced: every step a party has made, written out in full, skipped steps
  included. TSR 6.4.3 lets a player skip steps and counts every skipped step,
  so "keine 60" without "keine 90" said aloud is written here as
  ("re", "re:keine90", "re:keine60"). In a solo, "re" is the soloist's party.
- extras: trick-based Sonderpunkte only (fuchs, karlchen, doppelkopf), one
  entry per point. "Gegen die Kreuz Damen gewonnen" (gegen die Alten) is not
  listed. It follows from the result and is counted inside `value`. Solos
  carry no extras, because TSR 7.2.4 counts only the 7.2.2 points there.
- game "hochzeit" with re_players == 2 is a Hochzeit that found a partner
  and went on as a normal game (TSR 4.4.3 a). With re_players == 1 it is
  either a Hochzeit whose Hochzeiter took the first three tricks (TSR 4.4.3 b)
  or a "Stille Hochzeit" (TSR 4.4.5). In both cases it is a Farbsolo in Karo,
  scored like a solo.
- winner: "re", "kontra", or "none". "none" means that neither party reached
  its announced target (TSR 7.1.3). This third value extends the schema in
  the brief.
- value: the Spielwert (game value) as the DDV counts it, with Sonderpunkte
  already netted. It is credited to the winner: each winning player gets
  +value and each losing player -value, and in a solo the soloist gets three
  times that. With winner "none", value is what each Re player gets. Value
  can be negative: the winning party may lose more Sonderpunkte than it wins.
- per_player: Re seats first (seats 0 and 1 in a normal game or Hochzeit,
  seat 0 alone in a solo).
"""

from typing import NamedTuple


class Result(NamedTuple):
    source: str  # the rule (URL/section) that decides this row
    game: str  # "normal", "hochzeit", "solo-damen", "solo-buben", "solo-farbe", "fleischlos"
    re_points: int  # card points the Re party took (0..240); Kontra took 240 - re_points
    re_tricks: int  # tricks Re took (0..12): schwarz needs 0 tricks, not 0 points
    announced: tuple[str, ...]  # announcements made and by which party
    extras: tuple[str, ...]  # Sonderpunkte earned, each "re:fuchs", "kontra:karlchen", "re:doppelkopf" ...
    re_players: int  # 2 in a normal game/Hochzeit, 1 in a solo
    value: int  # the game value (Spielwert) for the winning party, extras netted
    winner: str  # "re", "kontra" (or "none", TSR 7.1.3)
    per_player: tuple[int, int, int, int]  # Re players first; sums to 0
    why: str  # one line


RE_ALL = ("re", "re:keine90", "re:keine60", "re:keine30", "re:schwarz")
KO_ALL = ("kontra", "kontra:keine90", "kontra:keine60", "kontra:keine30", "kontra:schwarz")

ROWS = [
    # ---------------------------------------------------------------- normal game, no announcements
    Result(
        "TSR 7.1.1 Nr.1; 7.2.2(a)",
        "normal",
        121,
        6,
        (),
        (),
        2,
        1,
        "re",
        (1, 1, -1, -1),
        "Re 121 >= 121 (no announcements): won 1; Kontra 119 not under 90: value 1",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.2(a); 7.2.3 gegen die Kreuz Damen",
        "normal",
        120,
        6,
        (),
        (),
        2,
        2,
        "kontra",
        (-2, -2, 2, 2),
        "Kontra 120 >= 120: won 1; gegen die Alten +1: value 2",
    ),
    Result(
        "TSR 7.1.1 Nr.1; 7.2.2(a) unter 90",
        "normal",
        151,
        8,
        (),
        (),
        2,
        2,
        "re",
        (2, 2, -2, -2),
        "Re 151: won 1; Kontra 89 < 90 +1: value 2",
    ),
    Result(
        "TSR 7.1.1 Nr.1; 7.2.2(a)",
        "normal",
        150,
        8,
        (),
        (),
        2,
        1,
        "re",
        (1, 1, -1, -1),
        "Re 150: won 1; Kontra has exactly 90, not under 90: value 1",
    ),
    Result(
        "TSR 7.1.1 Nr.1; 7.2.2(a) unter 90/60",
        "normal",
        181,
        9,
        (),
        (),
        2,
        3,
        "re",
        (3, 3, -3, -3),
        "Re 181: won 1; Kontra 59 < 90 +1, < 60 +1: value 3",
    ),
    Result(
        "TSR 7.1.1 Nr.1; 7.2.2(a) unter 90/60/30",
        "normal",
        211,
        10,
        (),
        (),
        2,
        4,
        "re",
        (4, 4, -4, -4),
        "Re 211: won 1; Kontra 29 < 90, < 60, < 30 +3: value 4",
    ),
    Result(
        "TSR 7.1.1 Nr.1; 7.2.2(a) schwarz",
        "normal",
        240,
        12,
        (),
        (),
        2,
        5,
        "re",
        (5, 5, -5, -5),
        "Re all 12 tricks: won 1; under 90/60/30 +3; schwarz +1: value 5",
    ),
    Result(
        "TSR 7.2.2(a); 6.3.1 schwarz = no trick",
        "normal",
        240,
        11,
        (),
        (),
        2,
        4,
        "re",
        (4, 4, -4, -4),
        "Re 240 but Kontra took one trick of four nines (0 points): under 90/60/30 +3, not schwarz: value 4",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.3",
        "normal",
        90,
        4,
        (),
        (),
        2,
        2,
        "kontra",
        (-2, -2, 2, 2),
        "Kontra 150: won 1; Re has exactly 90, not under 90; gegen die Alten +1: value 2",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.2(a); 7.2.3",
        "normal",
        89,
        4,
        (),
        (),
        2,
        3,
        "kontra",
        (-3, -3, 3, 3),
        "Kontra 151: won 1; Re 89 < 90 +1; gegen die Alten +1: value 3",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.2(a); 7.2.3",
        "normal",
        30,
        2,
        (),
        (),
        2,
        4,
        "kontra",
        (-4, -4, 4, 4),
        "Kontra 210: won 1; Re 30 < 90, < 60 +2 (30 is not under 30); gegen die Alten +1: value 4",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.2(a); 7.2.3",
        "normal",
        29,
        2,
        (),
        (),
        2,
        5,
        "kontra",
        (-5, -5, 5, 5),
        "Kontra 211: won 1; Re 29 under 90/60/30 +3; gegen die Alten +1: value 5",
    ),
    Result(
        "TSR 7.2.2(a); 6.3.1 schwarz = no trick",
        "normal",
        0,
        1,
        (),
        (),
        2,
        5,
        "kontra",
        (-5, -5, 5, 5),
        "Re 0 points in one trick of four nines: won 1; under 90/60/30 +3; not schwarz; gegen die Alten +1: value 5",
    ),
    Result(
        "TSR 7.2.2(a) schwarz; 7.2.3",
        "normal",
        0,
        0,
        (),
        (),
        2,
        6,
        "kontra",
        (-6, -6, 6, 6),
        "Re no trick: won 1; under 90/60/30 +3; schwarz +1; gegen die Alten +1: value 6",
    ),
    # ---------------------------------------------------------------- Re / Kontra announcements
    Result(
        "TSR 7.1.1 Nr.2; 7.2.2(b)",
        "normal",
        121,
        6,
        ("re",),
        (),
        2,
        3,
        "re",
        (3, 3, -3, -3),
        "only Re announced, Re 121 >= 121: won 1; Re announced +2: value 3",
    ),
    Result(
        "TSR 7.1.2 Nr.2; 7.2.2(b); 7.2.3",
        "normal",
        120,
        6,
        ("re",),
        (),
        2,
        4,
        "kontra",
        (-4, -4, 4, 4),
        "only Re announced, Kontra 120 >= 120: won 1; Re announced +2; gegen die Alten +1: value 4",
    ),
    Result(
        "TSR 7.1.1 Nr.4; 7.2.2(b)",
        "normal",
        120,
        6,
        ("kontra",),
        (),
        2,
        3,
        "re",
        (3, 3, -3, -3),
        "only Kontra announced: Re wins with 120; won 1; Kontra announced +2: value 3",
    ),
    Result(
        "TSR 7.1.2 Nr.4; 7.2.2(b); 7.2.3",
        "normal",
        119,
        6,
        ("kontra",),
        (),
        2,
        4,
        "kontra",
        (-4, -4, 4, 4),
        "only Kontra announced: Kontra needs 121 and has 121: won 1; Kontra +2; gegen die Alten +1: value 4",
    ),
    Result(
        "TSR 7.1.2 Nr.3; 7.2.2(b); 7.2.3",
        "normal",
        120,
        6,
        ("re", "kontra"),
        (),
        2,
        6,
        "kontra",
        (-6, -6, 6, 6),
        "Re and Kontra announced: Kontra wins with 120; won 1; Re +2; Kontra +2; gegen die Alten +1: value 6",
    ),
    Result(
        "TSR 7.1.1 Nr.3; 7.2.2(b)",
        "normal",
        121,
        6,
        ("re", "kontra"),
        (),
        2,
        5,
        "re",
        (5, 5, -5, -5),
        "Re and Kontra announced: Re 121: won 1; Re +2; Kontra +2: value 5",
    ),
    # ---------------------------------------------------------------- Absagen (keine 90 / 60 / 30 / schwarz)
    Result(
        "TSR 7.1.1 Nr.5; 7.2.2(a)(b)(c)",
        "normal",
        151,
        8,
        ("re", "re:keine90"),
        (),
        2,
        5,
        "re",
        (5, 5, -5, -5),
        "Re said keine 90 so needs 151, has 151: won 1; Kontra 89 < 90 +1; Re +2; keine 90 +1: value 5",
    ),
    Result(
        "TSR 7.1.1 Nr.5 missed; 7.1.2 Nr.7; 7.2.2(b)(c); 7.2.3",
        "normal",
        150,
        8,
        ("re", "re:keine90"),
        (),
        2,
        5,
        "kontra",
        (-5, -5, 5, 5),
        "Re said keine 90 but has 150 < 151; Kontra reached 90 and wins: won 1; Re +2; Re's keine 90 +1; gegen die Alten +1: value 5",
    ),
    Result(
        "TSR 7.1.2 Nr.7; 7.2.2; 7.2.3 (SmartDoko check.php example)",
        "normal",
        130,
        7,
        ("re", "re:keine90"),
        (),
        2,
        5,
        "kontra",
        (-5, -5, 5, 5),
        "Re keine 90 missed (130 < 151), Kontra 110 >= 90: won 1; Re +2; keine 90 +1; gegen die Alten +1: value 5",
    ),
    Result(
        "TSR 7.1.2 Nr.7; 7.2.2(f); 7.2.3",
        "normal",
        100,
        5,
        ("re", "re:keine90"),
        (),
        2,
        6,
        "kontra",
        (-6, -6, 6, 6),
        "Re keine 90 missed; Kontra 140: won 1; Re +2; keine 90 +1; Kontra 120 against keine 90 +1; gegen die Alten +1: value 6",
    ),
    Result(
        "TSR 7.1.2 Nr.7; 7.2.2; 7.2.3 (SmartDoko check.php example)",
        "normal",
        170,
        9,
        ("re", "re:keine90", "re:keine60", "kontra"),
        (),
        2,
        8,
        "kontra",
        (-8, -8, 8, 8),
        "Re keine 60 needs 181, has 170; Kontra (no Absage) needs 60, has 70: won 1; Re +2; Kontra +2; keine 90/60 +2; gegen die Alten +1: value 8",
    ),
    Result(
        "TSR 7.1.1 Nr.7; 7.2.2(b)(d)",
        "normal",
        90,
        5,
        ("kontra", "kontra:keine90"),
        (),
        2,
        4,
        "re",
        (4, 4, -4, -4),
        "Kontra said keine 90, Re (no Absage) needs 90 and has 90: won 1; Kontra +2; keine 90 +1; Re under 120 so no (e) point: value 4",
    ),
    Result(
        "TSR 7.1.2 Nr.5; 7.2.2; 7.2.3",
        "normal",
        89,
        5,
        ("kontra", "kontra:keine90"),
        (),
        2,
        6,
        "kontra",
        (-6, -6, 6, 6),
        "Kontra keine 90 needs 151, has 151: won 1; Re 89 < 90 +1; Kontra +2; keine 90 +1; gegen die Alten +1: value 6",
    ),
    Result(
        "TSR 7.1.1 Nr.7; 7.2.2(b)(d)",
        "normal",
        95,
        5,
        ("re", "kontra", "kontra:keine90"),
        (),
        2,
        6,
        "re",
        (6, 6, -6, -6),
        "Re announced only Re (an Ansage, not an Absage) so needs 90 against keine 90, has 95: won 1; Re +2; Kontra +2; keine 90 +1: value 6",
    ),
    Result(
        "TSR 7.1.1 Nr.7; 7.2.2(e)",
        "normal",
        125,
        6,
        ("re", "kontra", "kontra:keine90"),
        (),
        2,
        7,
        "re",
        (7, 7, -7, -7),
        "Re 125 against keine 90: won 1; Re +2; Kontra +2; keine 90 +1; Re 120 against keine 90 +1: value 7",
    ),
    Result(
        "TSR 7.1.1 Nr.5; 7.2.2(a)(b)(c)",
        "normal",
        211,
        11,
        ("re", "re:keine90", "re:keine60", "re:keine30"),
        (),
        2,
        9,
        "re",
        (9, 9, -9, -9),
        "Re keine 30 needs 211, has 211: won 1; Kontra 29 under 90/60/30 +3; Re +2; keine 90/60/30 +3: value 9",
    ),
    Result(
        "TSR 7.1.1 Nr.6; 7.2.2(a)(b)(c)",
        "normal",
        240,
        12,
        RE_ALL,
        (),
        2,
        11,
        "re",
        (11, 11, -11, -11),
        "Re schwarz announced and all tricks taken: won 1; under 90/60/30 +3; schwarz +1; Re +2; 4 Absagen +4: value 11",
    ),
    Result(
        "TSR 7.1.2 Nr.8; 7.2.2(b)(c); 7.2.3",
        "normal",
        240,
        11,
        RE_ALL,
        (),
        2,
        8,
        "kontra",
        (-8, -8, 8, 8),
        "Re said schwarz, Kontra took one trick of four nines (0 points) and wins with it: won 1; Re +2; 4 Re Absagen +4; gegen die Alten +1: value 8",
    ),
    Result(
        "TSR 7.1.2 Nr.8; 7.2.2(f); 7.2.3",
        "normal",
        200,
        10,
        RE_ALL,
        (),
        2,
        9,
        "kontra",
        (-9, -9, 9, 9),
        "Re schwarz missed; Kontra 40: won 1; Re +2; 4 Absagen +4; Kontra 30 against schwarz +1; gegen die Alten +1: value 9",
    ),
    Result(
        "TSR 7.1.1 Nr.5; 7.2.2(a)-(e)",
        "normal",
        160,
        8,
        ("re", "re:keine90", "kontra", "kontra:keine90"),
        (),
        2,
        9,
        "re",
        (9, 9, -9, -9),
        "both keine 90; Re 160 >= 151: won 1; Kontra 80 < 90 +1; Re +2; Kontra +2; two keine 90 +2; Re 120 against keine 90 +1: value 9",
    ),
    Result(
        "TSR 7.1.3; 7.2.2(e)",
        "normal",
        140,
        7,
        ("re", "re:keine90", "kontra", "kontra:keine90"),
        (),
        2,
        1,
        "none",
        (1, 1, -1, -1),
        "both keine 90, Re 140 < 151 and Kontra 100 < 151: nobody wins; only (a),(e),(f): Re 120 against keine 90 +1 for Re: Re +1",
    ),
    Result(
        "TSR 7.1.3; 7.2.2(a)(e) (SmartDoko check.php example)",
        "normal",
        170,
        9,
        ("re", "re:keine90", "re:keine60", "kontra", "kontra:keine90", "kontra:keine60"),
        (),
        2,
        3,
        "none",
        (3, 3, -3, -3),
        "both keine 60 (181 each), Re 170 / Kontra 70: nobody wins; Kontra < 90 +1 Re; Re 120 vs keine 90 +1; Re 90 vs keine 60 +1: Re +3",
    ),
    Result(
        "TSR 7.1.3; 7.2.2(a)(e)(f) (SmartDoko check.php example)",
        "normal",
        57,
        3,
        RE_ALL + KO_ALL,
        (),
        2,
        -5,
        "none",
        (-5, -5, 5, 5),
        "both schwarz, nobody took all tricks: Re 57 < 90, < 60: Kontra +2; Re 30 vs schwarz +1; Kontra 120/90/60/30 vs Re's Absagen +4: Re -5",
    ),
    Result(
        "TSR 7.1.3; 7.2.2(a)(e)(f) (SmartDoko check.php example)",
        "normal",
        75,
        4,
        ("re", "re:keine90", *KO_ALL),
        (),
        2,
        0,
        "none",
        (0, 0, 0, 0),
        "Re keine 90 (needs 151), Kontra schwarz (needs all tricks); 75:165 nobody wins; Re < 90: Kontra +1; Re 60 vs keine 30, 30 vs schwarz +2; Kontra 120 vs keine 90 +1: net 0",
    ),
    Result(
        "TSR 7.1.1 Nr.5; 7.2.2(a)-(e) (SmartDoko check.php example)",
        "normal",
        211,
        11,
        ("re", "re:keine90", "re:keine60", "re:keine30", "kontra", "kontra:keine90", "kontra:keine60"),
        (),
        2,
        15,
        "re",
        (15, 15, -15, -15),
        "Re keine 30 reached (211), Kontra keine 60 missed: won 1; under 90/60/30 +3; Re +2; Kontra +2; Re Absagen +3; Kontra Absagen +2; Re 120 vs keine 90, 90 vs keine 60 +2: value 15",
    ),
    Result(
        "TSR 7.1.1 Nr.5; 7.2.2(a)(b)(c)",
        "normal",
        185,
        10,
        ("re", "re:keine90", "re:keine60", "kontra"),
        (),
        2,
        9,
        "re",
        (9, 9, -9, -9),
        "Re keine 60 needs 181, has 185: won 1; Kontra 55 < 90, < 60 +2; Re +2; Kontra +2; keine 90/60 +2: value 9",
    ),
    Result(
        "TSR 7.1.1 Nr.7; 7.2.2(d)(e)",
        "normal",
        95,
        5,
        ("kontra", "kontra:keine90", "kontra:keine60"),
        (),
        2,
        6,
        "re",
        (6, 6, -6, -6),
        "Kontra keine 60: Re needs 60, has 95: won 1; Kontra +2; keine 90/60 +2; Re 90 vs keine 60 +1 (not 120 vs keine 90): value 6",
    ),
    Result(
        "TSR 7.1.1 Nr.7; 7.2.2(b)(d)",
        "normal",
        30,
        2,
        ("kontra", "kontra:keine90", "kontra:keine60", "kontra:keine30"),
        (),
        2,
        6,
        "re",
        (6, 6, -6, -6),
        "Kontra keine 30: Re needs 30, has 30: won 1; Kontra +2; 3 Absagen +3; Re under 60 so no (e) point: value 6",
    ),
    Result(
        "TSR 7.1.2 Nr.5; 7.2.2; 7.2.3",
        "normal",
        29,
        2,
        ("kontra", "kontra:keine90", "kontra:keine60", "kontra:keine30"),
        (),
        2,
        10,
        "kontra",
        (-10, -10, 10, 10),
        "Kontra keine 30 needs 211, has 211: won 1; Re 29 under 90/60/30 +3; Kontra +2; 3 Absagen +3; gegen die Alten +1: value 10",
    ),
    Result(
        "TSR 7.1.1 Nr.8; 7.2.2(b)(d)",
        "normal",
        0,
        1,
        KO_ALL,
        (),
        2,
        7,
        "re",
        (7, 7, -7, -7),
        "Kontra said schwarz, Re took one trick of four nines (0 points) and wins with it: won 1; Kontra +2; 4 Absagen +4: value 7",
    ),
    # ---------------------------------------------------------------- Sonderpunkte (normal game only)
    Result(
        "TSR 7.2.3 Fuchs",
        "normal",
        130,
        7,
        (),
        ("re:fuchs",),
        2,
        2,
        "re",
        (2, 2, -2, -2),
        "Re 130: won 1; Re caught a Kontra Fuchs +1: value 2",
    ),
    Result(
        "TSR 7.2.3 netting",
        "normal",
        130,
        7,
        (),
        ("re:fuchs", "kontra:karlchen"),
        2,
        1,
        "re",
        (1, 1, -1, -1),
        "Re 130: won 1; Fuchs +1 for Re, Karlchen +1 for Kontra net to 0: value 1",
    ),
    Result(
        "TSR 7.2.3 netting",
        "normal",
        125,
        6,
        (),
        ("kontra:fuchs", "kontra:doppelkopf", "kontra:karlchen"),
        2,
        -2,
        "re",
        (-2, -2, 2, 2),
        "Re 125 wins 1 but Kontra has Fuchs, Doppelkopf, Karlchen (3): 1 - 3 = -2, Re players score -2",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.3",
        "normal",
        110,
        5,
        (),
        ("re:fuchs", "kontra:doppelkopf"),
        2,
        2,
        "kontra",
        (-2, -2, 2, 2),
        "Kontra 130: won 1; gegen die Alten +1; Doppelkopf +1 Kontra vs Fuchs +1 Re net 0: value 2",
    ),
    Result(
        "TSR 7.2.3 Doppelkopf, Karlchen",
        "normal",
        125,
        6,
        (),
        ("re:doppelkopf", "re:doppelkopf", "re:karlchen"),
        2,
        4,
        "re",
        (4, 4, -4, -4),
        "Re 125: won 1; two tricks of 40+ points +2; Karlchen wins the last trick +1: value 4",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.3 netting",
        "normal",
        120,
        6,
        (),
        ("re:fuchs", "re:fuchs", "re:karlchen"),
        2,
        -1,
        "kontra",
        (1, 1, -1, -1),
        "Kontra 120: won 1; gegen die Alten +1; Re caught both Fuechse and made Karlchen (3): 2 - 3 = -1, Kontra players score -1",
    ),
    Result(
        "TSR 7.1.3 (Sonderpunkte still count); 7.2.2(e); 7.2.3",
        "normal",
        140,
        7,
        ("re", "re:keine90", "kontra", "kontra:keine90"),
        ("kontra:doppelkopf",),
        2,
        0,
        "none",
        (0, 0, 0, 0),
        "nobody wins (140/100 against two keine 90); Re 120 vs keine 90 +1; Kontra Doppelkopf +1: net 0",
    ),
    Result(
        "TSR 7.1.1 Nr.3; 7.2.2(b); 7.2.3",
        "normal",
        121,
        6,
        ("re", "kontra"),
        ("kontra:karlchen",),
        2,
        4,
        "re",
        (4, 4, -4, -4),
        "Re 121 with Re and Kontra announced: 1 + 2 + 2 = 5; Kontra Karlchen -1: value 4",
    ),
    Result(
        "TSR 7.1.1 Nr.4; 7.2.2(b); 7.2.3",
        "normal",
        125,
        6,
        ("kontra",),
        ("re:fuchs", "kontra:doppelkopf", "re:karlchen"),
        2,
        4,
        "re",
        (4, 4, -4, -4),
        "only Kontra announced, Re 125 >= 120: 1 + 2 = 3; Sonderpunkte Re 2 vs Kontra 1 net +1: value 4",
    ),
    # ---------------------------------------------------------------- Hochzeit
    Result(
        "TSR 4.4.3 a (continues as normal game); 7.2.3",
        "hochzeit",
        140,
        7,
        (),
        ("re:fuchs",),
        2,
        2,
        "re",
        (2, 2, -2, -2),
        "Hochzeit found a partner, scored as normal game: Re 140 won 1; Fuchs +1: value 2",
    ),
    Result(
        "TSR 4.4.3 a; 7.1.2 Nr.4; 7.2.3",
        "hochzeit",
        115,
        6,
        ("kontra",),
        (),
        2,
        4,
        "kontra",
        (-4, -4, 4, 4),
        "Hochzeit as normal game, only Kontra announced: Re needed 120, Kontra 125 >= 121: won 1; Kontra +2; gegen die Alten +1: value 4",
    ),
    Result(
        "TSR 4.4.3 a; 7.1.2 Nr.3; 7.2.3",
        "hochzeit",
        118,
        6,
        ("re", "kontra"),
        ("kontra:fuchs",),
        2,
        7,
        "kontra",
        (-7, -7, 7, 7),
        "Hochzeit as normal game: Kontra 122: won 1; Re +2; Kontra +2; gegen die Alten +1; Fuchs +1: value 7",
    ),
    Result(
        "TSR 4.4.3 b (Farbsolo in Karo, scored as solo); 7.2.4",
        "hochzeit",
        160,
        9,
        (),
        (),
        1,
        2,
        "re",
        (6, -2, -2, -2),
        "Hochzeiter took the first three tricks, plays alone: Re 160 won 1; Kontra 80 < 90 +1: value 2, soloist x3, no Sonderpunkte",
    ),
    Result(
        "TSR 4.4.5 (Stille Hochzeit, scored as solo); 7.1.2 Nr.2; 7.2.4",
        "hochzeit",
        115,
        6,
        ("re",),
        (),
        1,
        3,
        "kontra",
        (-9, 3, 3, 3),
        "Stille Hochzeit, only Re announced, Kontra 125 >= 120: won 1; Re +2: value 3; no gegen die Alten in a solo",
    ),
    # ---------------------------------------------------------------- Solos (7.2.4: 7.2.2 points only, soloist x3)
    Result(
        "TSR 7.1.1 Nr.2; 7.2.4",
        "solo-damen",
        130,
        7,
        ("re",),
        (),
        1,
        3,
        "re",
        (9, -3, -3, -3),
        "Damensolo, Re announced, soloist 130: won 1; Re +2: value 3; soloist +9, opponents -3",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.4",
        "solo-buben",
        120,
        6,
        (),
        (),
        1,
        1,
        "kontra",
        (-3, 1, 1, 1),
        "Bubensolo, soloist 120 < 121: Kontra won 1, no gegen die Alten in a solo: value 1; soloist -3",
    ),
    Result(
        "TSR 7.1.1 Nr.5; 7.2.4",
        "solo-farbe",
        155,
        8,
        ("re", "re:keine90"),
        (),
        1,
        5,
        "re",
        (15, -5, -5, -5),
        "Farbsolo, soloist keine 90, has 155: won 1; Kontra 85 < 90 +1; Re +2; keine 90 +1: value 5",
    ),
    Result(
        "TSR 7.1.2 Nr.3; 7.2.4",
        "fleischlos",
        100,
        5,
        ("re", "kontra"),
        (),
        1,
        5,
        "kontra",
        (-15, 5, 5, 5),
        "Fleischloser, Kontra 140: won 1; Re +2; Kontra +2: value 5; soloist -15",
    ),
    Result(
        "TSR 7.1.1 Nr.4; 7.2.4",
        "solo-damen",
        120,
        6,
        ("kontra",),
        (),
        1,
        3,
        "re",
        (9, -3, -3, -3),
        "Damensolo, only Kontra announced: soloist wins with 120; won 1; Kontra +2: value 3",
    ),
    Result(
        "TSR 7.1.1 Nr.2; 7.2.2(a) schwarz; 7.2.4",
        "solo-buben",
        240,
        12,
        ("re",),
        (),
        1,
        7,
        "re",
        (21, -7, -7, -7),
        "Bubensolo, all tricks: won 1; under 90/60/30 +3; schwarz +1; Re +2: value 7",
    ),
    Result(
        "TSR 7.1.2 Nr.1; 7.2.2(a) schwarz; 7.2.4",
        "solo-farbe",
        0,
        0,
        (),
        (),
        1,
        5,
        "kontra",
        (-15, 5, 5, 5),
        "Farbsolo, soloist no trick: Kontra won 1; under 90/60/30 +3; schwarz +1: value 5",
    ),
    Result(
        "TSR 7.1.1 Nr.7; 7.2.4",
        "fleischlos",
        92,
        5,
        ("kontra", "kontra:keine90"),
        (),
        1,
        4,
        "re",
        (12, -4, -4, -4),
        "Fleischloser, Kontra keine 90, soloist 92 >= 90: won 1; Kontra +2; keine 90 +1: value 4",
    ),
    Result(
        "TSR 7.1.2 Nr.7; 7.2.4",
        "solo-farbe",
        140,
        7,
        ("re", "re:keine90"),
        (),
        1,
        4,
        "kontra",
        (-12, 4, 4, 4),
        "Farbsolo, soloist keine 90 missed (140 < 151), Kontra 100 >= 90: won 1; Re +2; keine 90 +1: value 4",
    ),
]


# =============================================================================
# Independent calculator (TSR 7.1 and 7.2). It reads only the inputs of a row.
# =============================================================================
LEVELS = ("keine90", "keine60", "keine30", "schwarz")
OWN_TARGET = {"keine90": 151, "keine60": 181, "keine30": 211, "schwarz": "all"}  # 7.1.1/7.1.2 Nr.5, Nr.6
OPP_TARGET = {"keine90": 90, "keine60": 60, "keine30": 30, "schwarz": "one"}  # 7.1.1/7.1.2 Nr.7, Nr.8
BONUS_AT = {"keine90": 120, "keine60": 90, "keine30": 60, "schwarz": 30}  # 7.2.2 (e)/(f)
SOLO_GAMES = {"solo-damen", "solo-buben", "solo-farbe", "fleischlos"}
OTHER = {"re": "kontra", "kontra": "re"}


def parse_announcements(announced):
    ann = {"re": {"ansage": False, "absagen": []}, "kontra": {"ansage": False, "absagen": []}}
    for a in announced:
        if ":" in a:
            party, level = a.split(":")
            assert level in LEVELS, a
            ann[party]["absagen"].append(level)
        else:
            assert a in ("re", "kontra"), a
            ann[a]["ansage"] = True
    for d in ann.values():
        assert len(set(d["absagen"])) == len(d["absagen"]), "6.4.7: no repeated announcement"
        if d["absagen"]:
            assert d["ansage"], "6.3.2: an Absage needs the party's own Ansage"
            top = max(LEVELS.index(x) for x in d["absagen"])
            assert set(d["absagen"]) == set(LEVELS[: top + 1]), "6.4.3: skipped steps must be listed"
    return ann


def highest(absagen):
    return max(absagen, key=LEVELS.index) if absagen else None


def target(party, ann):
    own, opp = highest(ann[party]["absagen"]), highest(ann[OTHER[party]]["absagen"])
    if own:
        return OWN_TARGET[own]
    if opp:
        return OPP_TARGET[opp]
    only_kontra = ann["kontra"]["ansage"] and not ann["re"]["ansage"]
    if party == "re":
        return 120 if only_kontra else 121
    return 121 if only_kontra else 120


def reached(t, points, tricks):
    if t == "all":
        return tricks == 12
    if t == "one":
        return tricks >= 1
    return points >= t


def under_levels(points, tricks):
    return int(points < 90) + int(points < 60) + int(points < 30) + int(tricks == 0)


def bonus(points, opp_absagen):
    return sum(1 for lv in opp_absagen if points >= BONUS_AT[lv])


def evaluate(game, re_points, re_tricks, announced, extras, re_players):
    ann = parse_announcements(announced)
    pts = {"re": re_points, "kontra": 240 - re_points}
    tr = {"re": re_tricks, "kontra": 12 - re_tricks}
    wins = {p: reached(target(p, ann), pts[p], tr[p]) for p in ("re", "kontra")}
    assert not (wins["re"] and wins["kontra"])
    winner = "re" if wins["re"] else "kontra" if wins["kontra"] else "none"
    e = {p: bonus(pts[p], ann[OTHER[p]]["absagen"]) for p in ("re", "kontra")}
    announce_pts = (
        2 * ann["re"]["ansage"]
        + 2 * ann["kontra"]["ansage"]
        + len(ann["re"]["absagen"])
        + len(ann["kontra"]["absagen"])
    )
    solo = re_players == 1
    sp = {"re": 0, "kontra": 0}
    if solo:
        assert not extras, "7.2.4: no Sonderpunkte in a solo"
    else:
        for x in extras:
            party, kind = x.split(":")
            assert kind in ("fuchs", "karlchen", "doppelkopf"), x
            sp[party] += 1
        if winner == "kontra":
            sp["kontra"] += 1  # gegen die Kreuz Damen gewonnen
    if winner == "none":
        # 7.1.3: only 7.2.2 (a) (without the Grundwert), (e), (f) and Sonderpunkte
        assert tr["re"] > 0 and tr["kontra"] > 0
        a = under_levels(pts["kontra"], 1) - under_levels(pts["re"], 1)
        value = a + e["re"] - e["kontra"] + sp["re"] - sp["kontra"]
        v_re = value
    else:
        loser = OTHER[winner]
        assert e[loser] == 0, "a loser cannot have refuted the winner's Absage by a further step"
        base = 1 + under_levels(pts[loser], tr[loser]) + announce_pts + e[winner]
        value = base + sp[winner] - sp[loser]
        v_re = value if winner == "re" else -value
    per = (3 * v_re, -v_re, -v_re, -v_re) if solo else (v_re, v_re, -v_re, -v_re)
    return winner, value, per


def check_row(r):
    assert r.game in SOLO_GAMES | {"normal", "hochzeit"}, r.game
    if r.game in SOLO_GAMES:
        assert r.re_players == 1
    elif r.game == "normal":
        assert r.re_players == 2
    else:
        assert r.re_players in (1, 2)
    assert 0 <= r.re_points <= 240 and 0 <= r.re_tricks <= 12
    k_points, k_tricks = 240 - r.re_points, 12 - r.re_tricks
    # a trick holds 0..44 points; a 0-point trick needs four nines, so at most two exist
    assert r.re_points <= 44 * r.re_tricks and k_points <= 44 * k_tricks
    if r.re_tricks == 0:
        assert r.re_points == 0
    if r.re_tricks == 12:
        assert r.re_points == 240
    if r.re_points == 0:
        assert r.re_tricks <= 2
    if k_points == 0:
        assert k_tricks <= 2
    assert sum(r.per_player) == 0
    assert len({p % 2 for p in r.per_player}) == 1, "7.3.3 Nr.2 even/odd rule"
    got = evaluate(r.game, r.re_points, r.re_tricks, r.announced, r.extras, r.re_players)
    assert got == (r.winner, r.value, r.per_player), (r.why, got)


CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0}  # TSR 2.2.2, by the code's rank letter


def tally(tricks, re):
    """A played deal's Re points, Re tricks and extra points (7.2.3), from its tricks as
    ``(plays, winner)`` pairs, ``plays`` being ``(seat, card code)``, and the Re seats."""
    party = {s: "re" if s in re else "kontra" for s in range(4)}
    re_points = re_tricks = 0
    extras = []
    for number, (plays, winner) in enumerate(tricks):
        side = party[winner]
        points = sum(CARD_POINTS[c[0]] for _, c in plays)
        if side == "re":
            re_points += points
            re_tricks += 1
        if len(re) == 2:  # the extra points count in a normal game only (7.2.4)
            extras += [f"{side}:doppelkopf"] * (points >= 40)
            extras += [f"{side}:fuchs" for s, c in plays if c == "AD" and party[s] != side]
            last = number == len(tricks) - 1
            extras += [f"{side}:karlchen" for s, c in plays if last and c == "JC" and s == winner]
    return re_points, re_tricks, tuple(extras)


if __name__ == "__main__":
    assert len(ROWS) >= 40
    for row in ROWS:
        check_row(row)
    print("ok")
