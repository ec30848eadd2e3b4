"""Worked Skat deal results under the International Skat Order (ISkO).

Companion to skat.md. Standard library only; imports nothing from any project.
Run it with `python3 skat_worked.py`: `_check()` runs at import, compares every
row with the small calculator further down, runs the sanity checks, and the
script prints a one-line summary.

Rule text used (key -> address; see skat.md "Sources" for the full list):
  ISKO   Internationale Skatordnung, page images of the DSkV/ISPA booklet on yumpu,
         https://www.yumpu.com/de/document/view/38595069/internationale-skatordnung-isko/<page>
         (pages 9 = 2.3.3-2.4.3, 12 = 3.2.13-3.3.2, 17 = 4.1, 26 = 5.2.2-5.2.8,
          36 = SkWO 5.1 Leistungsbewertung). Section numbers are those of the booklet.
  SKB    https://skatblog.com/tag/ueberreizt  (quotes ISkO 5.4.2, works a Pik Hand at 72)
  SKBN   https://skatblog.com/category/skat-online  (Null / Null ouvert with +/-50 list points)
  PSA    http://www.preisskat.org/angesagte-gewinnstufe.html  (Grand Hand Schneider angesagt lost)
  PSH    http://www.preisskat.org/skateinsicht-handspiel.html (Grand Hand lost after looking at skat)
  PSL    http://www.preisskat.org/leistungsbewertung.html     (Seeger 50; 40/30 incl. dealer)
  SG002  http://grand-ouvert75.de.tl/Skat-Gericht-_1_.htm  Skatgericht case 002 (Pik at 23, -66)
  SG031  http://grand-ouvert75.de.tl/Skat-Gericht-_2_.htm  Skatgericht case 031 (Grand mit 3 schwarz)
  WPA    de.wikipedia "Skatabrechnung" (copy http://wikipedia.ddns.net:12345/content/wikipedia_de_all_maxi_2024-04/A/Skatabrechnung)
  SSI    http://www.skatspielen.info/spielbewertung.html  (Kreuz mit 1 = 24, Karo ohne 3 = 36, Grand ohne 2 = 72)
  OSL    http://www.online-skat-lernen.de/skat-spielwert.html (matador examples)
  JSK    b0n541/jskat @ 23935248697fe0ea887bc0d2cc6520e0762568b6,
         jskat-base/src/test/java/org/jskat/util/rule/SuitRuleTest.java (unit-test expectations; read, not copied)
  DERIVED  no published example; the row applies the cited ISkO clause to chosen numbers.

Row conventions
- game: "diamonds" (Karo), "hearts" (Herz), "spades" (Pik), "clubs" (Kreuz), "grand", "null".
- hand / schneider_ann / schwarz_ann / ouvert: what the declarer announced (3.4). For suit and grand,
  ouvert implies hand + schneider_ann + schwarz_ann (5.2.6), and schwarz_ann implies schneider_ann;
  the row spells every implied flag out.
- matadors: "mit N" / "ohne N" counted over the declarer's 12 cards (10 in hand + 2 skat, 2.4.2);
  "" for null.
- bid: the value the declarer bid or held (Reizwert), at least 18 (3.3.1).
- points: declarer's card points including the two skat cards (5.2.2). Null rows carry 0; the
  calculator ignores points in null.
- tricks: tricks the declarer took (0..10). Schwarz is counted in tricks, not points (5.2.4).
- won / overbid / value / score: expected result. value is the game value used for the list:
  the real value, or for an overbid game the lowest multiple of the announced game's base value
  that reaches the bid (5.4.2). score = +value if won, -2 * value if lost (1999 rules: every lost
  game counts double, hand games included).
- sf_declarer: score + 50 (won) or score - 50 (lost)  (SkWO 5.1, "Seeger-Fabian").
- sf_each_other: what each other person at the table gets: 40 at a 3-table, 30 at a 4-table
  when the declarer lost (the sitting dealer included at a 4-table, PSL), else 0.
- table: 3 or 4 people at the table. At 4 the dealer sits out of the deal (ISkO 1.1.1 "drei oder
  mehr Personen", only three take part in a deal).
"""

from dataclasses import dataclass
from math import ceil


@dataclass(frozen=True)
class Row:
    source: str
    game: str
    hand: bool
    schneider_ann: bool
    schwarz_ann: bool
    ouvert: bool
    matadors: str
    bid: int
    points: int
    tricks: int
    won: bool
    overbid: bool
    value: int
    score: int
    sf_declarer: int
    sf_each_other: int
    table: int
    why: str


F, T = False, True

ROWS = [
    # ------------------------------------------------------------ suit games, skat taken, mit/ohne 1..4
    Row(
        "SSI 'Kreuz mit 1 Spitze ... Spielwert = 24'; ISkO 5.2.2",
        "clubs",
        F,
        F,
        F,
        F,
        "mit 1",
        24,
        70,
        6,
        T,
        F,
        24,
        24,
        74,
        0,
        3,
        "mit 1, Spiel 2 x 12 = 24",
    ),
    Row(
        "SSI 'Karo ohne 3 Spitzen ... Spielwert = 36'",
        "diamonds",
        F,
        F,
        F,
        F,
        "ohne 3",
        36,
        75,
        6,
        T,
        F,
        36,
        36,
        86,
        0,
        3,
        "ohne 3, Spiel 4 x 9 = 36",
    ),
    Row(
        "ISkO 5.2.2 'mit dem 61. Auge einschließlich der beiden Karten im Skat'",
        "hearts",
        F,
        F,
        F,
        F,
        "mit 2",
        30,
        61,
        5,
        T,
        F,
        30,
        30,
        80,
        0,
        3,
        "exactly 61 wins: mit 2, Spiel 3 x 10 = 30",
    ),
    Row(
        "ISkO 5.2.2 (60 does not win); ISkO 5.3 lost game counts double",
        "hearts",
        F,
        F,
        F,
        F,
        "ohne 2",
        30,
        60,
        5,
        F,
        F,
        30,
        -60,
        -110,
        40,
        3,
        "60:60 is lost: ohne 2, Spiel 3 x 10 = 30, -2 x 30",
    ),
    Row(
        "DERIVED ISkO 2.4 / 5.2.2",
        "spades",
        F,
        F,
        F,
        F,
        "mit 3",
        44,
        80,
        7,
        T,
        F,
        44,
        44,
        94,
        0,
        3,
        "mit 3, Spiel 4 x 11 = 44",
    ),
    Row(
        "DERIVED ISkO 2.4 / 5.2.2",
        "spades",
        F,
        F,
        F,
        F,
        "ohne 4",
        55,
        65,
        5,
        T,
        F,
        55,
        55,
        105,
        0,
        3,
        "ohne 4, Spiel 5 x 11 = 55",
    ),
    Row(
        "DERIVED ISkO 2.4 / 5.2.2",
        "diamonds",
        F,
        F,
        F,
        F,
        "mit 4",
        45,
        88,
        7,
        T,
        F,
        45,
        45,
        95,
        0,
        3,
        "mit 4, Spiel 5 x 9 = 45 (89 would still be no Schneider)",
    ),
    Row(
        "DERIVED ISkO 5.2.3 (opponents 30 or fewer = Schneider)",
        "clubs",
        F,
        F,
        F,
        F,
        "ohne 1",
        36,
        90,
        8,
        T,
        F,
        36,
        36,
        86,
        0,
        3,
        "opponents 30: ohne 1, Spiel 2, Schneider 3 x 12 = 36",
    ),
    Row(
        "WPA 'Ohne zwei, Spiel drei, verloren sechs mal neun' (-54)",
        "diamonds",
        F,
        F,
        F,
        F,
        "ohne 2",
        18,
        50,
        4,
        F,
        F,
        27,
        -54,
        -104,
        40,
        3,
        "lost: ohne 2, Spiel 3 x 9 = 27, doubled -54",
    ),
    Row(
        "DERIVED ISkO 5.2.4 (schwarz = no trick)",
        "spades",
        F,
        F,
        F,
        F,
        "mit 1",
        22,
        120,
        10,
        T,
        F,
        44,
        44,
        94,
        0,
        3,
        "not announced: mit 1, Spiel 2, Schneider 3, Schwarz 4 x 11 = 44",
    ),
    Row(
        "DERIVED ISkO 2.4.3 (mit 11 is the maximum in a suit game)",
        "clubs",
        F,
        F,
        F,
        F,
        "mit 11",
        18,
        120,
        10,
        T,
        F,
        168,
        168,
        218,
        0,
        3,
        "mit 11, Spiel 12, Schneider 13, Schwarz 14 x 12 = 168",
    ),
    Row(
        "DERIVED ISkO 2.4.3 (ohne 11); 5.2.3 declarer himself Schneider in a lost game",
        "hearts",
        F,
        F,
        F,
        F,
        "ohne 11",
        18,
        25,
        2,
        F,
        F,
        130,
        -260,
        -310,
        40,
        3,
        "lost with 25: ohne 11, Spiel 12, Schneider 13 x 10 = 130, -260",
    ),
    # ------------------------------------------------------------ grand
    Row(
        "WPA 'Grand mit vier Buben Schneider ... 144'",
        "grand",
        F,
        F,
        F,
        F,
        "mit 4",
        48,
        95,
        8,
        T,
        F,
        144,
        144,
        194,
        0,
        3,
        "mit 4, Spiel 5, Schneider 6 x 24",
    ),
    Row(
        "SG031 (Grand, CJ SJ HJ, won Schneider and Schwarz)",
        "grand",
        F,
        F,
        F,
        F,
        "mit 3",
        48,
        120,
        10,
        T,
        F,
        144,
        144,
        194,
        0,
        3,
        "mit 3, Spiel 4, Schneider 5, Schwarz 6 x 24",
    ),
    Row(
        "SSI 'Großspiel ohne 2 Spitzen ... Spielwert = 72'",
        "grand",
        F,
        F,
        F,
        F,
        "ohne 2",
        60,
        70,
        6,
        T,
        F,
        72,
        72,
        122,
        0,
        3,
        "ohne 2, Spiel 3 x 24",
    ),
    Row(
        "DERIVED ISkO 2.4.3 (grand at most mit/ohne 4)",
        "grand",
        F,
        F,
        F,
        F,
        "ohne 4",
        120,
        61,
        5,
        T,
        F,
        120,
        120,
        170,
        0,
        3,
        "ohne 4, Spiel 5 x 24",
    ),
    Row(
        "DERIVED ISkO 5.3 (lost counts double)",
        "grand",
        F,
        F,
        F,
        F,
        "mit 1",
        48,
        55,
        5,
        F,
        F,
        48,
        -96,
        -146,
        40,
        3,
        "mit 1, Spiel 2 x 24 = 48, lost -96",
    ),
    Row(
        "ISkO 5.2.3 'Schneider ist die Partei, die 30 oder weniger Augen erreicht hat'",
        "grand",
        F,
        F,
        F,
        F,
        "mit 1",
        48,
        30,
        3,
        F,
        F,
        72,
        -144,
        -194,
        40,
        3,
        "declarer 30 = Schneider: mit 1, Spiel 2, Schneider 3 x 24 = 72, -144",
    ),
    Row(
        "ISkO 5.2.4 'Schwarz ist die Partei, die keinen Stich erhalten hat'",
        "grand",
        F,
        F,
        F,
        F,
        "mit 2",
        72,
        0,
        0,
        F,
        F,
        120,
        -240,
        -290,
        40,
        3,
        "declarer no trick: mit 2, Spiel 3, Schneider 4, Schwarz 5 x 24 = 120, -240",
    ),
    # ------------------------------------------------------------ hand games (no announcement beyond Hand)
    Row(
        "DERIVED ISkO 2.2.3 / 5.2 (Hand is a level)",
        "clubs",
        T,
        F,
        F,
        F,
        "mit 1",
        36,
        70,
        6,
        T,
        F,
        36,
        36,
        86,
        0,
        3,
        "mit 1, Spiel 2, Hand 3 x 12",
    ),
    Row(
        "PSH 'Grand mit Vieren, Spiel 5, Hand 6' (skat looked at during play -> lost); ISkO 3.4.8/4.1.4",
        "grand",
        T,
        F,
        F,
        F,
        "mit 4",
        72,
        50,
        5,
        F,
        F,
        144,
        -288,
        -338,
        40,
        3,
        "two jacks lay in the skat, still counted (2.4.2): 6 x 24 = 144; "
        "ISkO doubles (PSH wrote 144 under pre-1999 rules)",
    ),
    Row(
        "DERIVED ISkO 5.2",
        "spades",
        T,
        F,
        F,
        F,
        "ohne 3",
        55,
        75,
        6,
        T,
        F,
        55,
        55,
        105,
        0,
        3,
        "ohne 3, Spiel 4, Hand 5 x 11",
    ),
    Row(
        "DERIVED ISkO 5.2.3 (Schneider reached without announcement)",
        "diamonds",
        T,
        F,
        F,
        F,
        "mit 2",
        45,
        92,
        8,
        T,
        F,
        45,
        45,
        95,
        0,
        3,
        "mit 2, Spiel 3, Hand 4, Schneider 5 x 9",
    ),
    Row(
        "DERIVED ISkO 5.3; hand games lost count double since 1999",
        "hearts",
        T,
        F,
        F,
        F,
        "mit 1",
        30,
        48,
        4,
        F,
        F,
        30,
        -60,
        -110,
        40,
        3,
        "mit 1, Spiel 2, Hand 3 x 10 = 30, -60",
    ),
    # ------------------------------------------------------------ Schneider announced (hand only, 5.2.5)
    Row(
        "JSK calcGameResultGameWonClubJackSchneiderAndAnnounced (60); ISkO 5.2.5",
        "clubs",
        T,
        T,
        F,
        F,
        "mit 1",
        60,
        90,
        8,
        T,
        F,
        60,
        60,
        110,
        0,
        3,
        "mit 1, Spiel 2, Hand 3, Schneider 4, angesagt 5 x 12",
    ),
    Row(
        "PSA 'Grand mit Vieren, Spiel 5, Hand 6, Schneider 7, Schneider angesagt 8'; ISkO 5.2.5",
        "grand",
        T,
        T,
        F,
        F,
        "mit 4",
        96,
        89,
        8,
        F,
        F,
        192,
        -384,
        -434,
        40,
        3,
        "opponents 31: announced level missed; 8 x 24 = 192, ISkO doubles (PSA wrote 192 under pre-1999 rules)",
    ),
    Row(
        "ISkO 5.2.5 'Gewinnt er in einer höheren Gewinnstufe als der angesagten, zählt die höhere'",
        "hearts",
        T,
        T,
        F,
        F,
        "ohne 1",
        50,
        120,
        10,
        T,
        F,
        60,
        60,
        110,
        0,
        3,
        "ohne 1, Spiel 2, Hand 3, Schneider 4, angesagt 5, Schwarz 6 x 10",
    ),
    Row(
        "ISkO 5.2.5 'den so genannten Eigenschneider gibt es nicht'",
        "spades",
        T,
        T,
        F,
        F,
        "mit 2",
        66,
        28,
        2,
        F,
        F,
        66,
        -132,
        -182,
        40,
        3,
        "declarer himself on 28: Schneider counted once: mit 2, Spiel 3, Hand 4, Schneider 5, angesagt 6 x 11",
    ),
    Row(
        "DERIVED ISkO 5.2.5 ('mindestens in der angesagten Gewinnstufe verloren')",
        "grand",
        T,
        T,
        F,
        F,
        "mit 1",
        120,
        60,
        5,
        F,
        F,
        120,
        -240,
        -290,
        40,
        3,
        "mit 1, Spiel 2, Hand 3, Schneider 4, angesagt 5 x 24",
    ),
    # ------------------------------------------------------------ Schwarz announced (hand only)
    Row(
        "JSK calcGameResultGameWonClubJackSchwarzAndAnnounced (84); ISkO 5.2.5",
        "clubs",
        T,
        T,
        T,
        F,
        "mit 1",
        84,
        120,
        10,
        T,
        F,
        84,
        84,
        134,
        0,
        3,
        "mit 1, Spiel 2, Hand 3, Schneider 4, angesagt 5, Schwarz 6, angesagt 7 x 12",
    ),
    Row(
        "DERIVED ISkO 5.2.5 (Schwarz angesagt missed by one trick)",
        "grand",
        T,
        T,
        T,
        F,
        "mit 2",
        192,
        110,
        9,
        F,
        F,
        192,
        -384,
        -434,
        40,
        3,
        "mit 2 + 6 levels = 8 x 24 = 192 although 110 card points",
    ),
    # ------------------------------------------------------------ ouvert (suit/grand: hand + schwarz angesagt, 5.2.6)
    Row(
        "ISkO 5.2.6 'Ein Kreuz ouvert mit zweien zählt demnach 9 x 12 = 108 Punkte'",
        "clubs",
        T,
        T,
        T,
        T,
        "mit 2",
        108,
        120,
        10,
        T,
        F,
        108,
        108,
        158,
        0,
        3,
        "mit 2 + Spiel, Hand, Schneider, angesagt, Schwarz, angesagt, Offen = 9 x 12",
    ),
    Row(
        "ISkO 5.2.6 'ein Grand ouvert mit vieren zählt 11 x 24 = 264 Punkte'",
        "grand",
        T,
        T,
        T,
        T,
        "mit 4",
        264,
        120,
        10,
        T,
        F,
        264,
        264,
        314,
        0,
        3,
        "the highest possible game value",
    ),
    Row(
        "DERIVED ISkO 5.2.6 'Der Alleinspieler darf hier keinen Stich abgeben'",
        "grand",
        T,
        T,
        T,
        T,
        "ohne 1",
        192,
        100,
        9,
        F,
        F,
        192,
        -384,
        -434,
        40,
        3,
        "one trick given away: ohne 1 + 7 levels = 8 x 24, lost",
    ),
    Row(
        "DERIVED ISkO 5.2.6",
        "hearts",
        T,
        T,
        T,
        T,
        "mit 3",
        100,
        120,
        10,
        T,
        F,
        100,
        100,
        150,
        0,
        3,
        "mit 3 + 7 levels = 10 x 10",
    ),
    # ------------------------------------------------------------ null (fixed values, 5.2.7; list points SKBN)
    Row("SKBN 'Null ... 23+50 = 73'", "null", F, F, F, F, "", 18, 0, 0, T, F, 23, 23, 73, 0, 3, "Null won"),
    Row(
        "SKBN 'Null verliert ... -46-50 = -96'",
        "null",
        F,
        F,
        F,
        F,
        "",
        18,
        0,
        1,
        F,
        F,
        23,
        -46,
        -96,
        40,
        3,
        "Null lost with the first trick",
    ),
    Row("DERIVED ISkO 5.1 Null Hand 35", "null", T, F, F, F, "", 35, 0, 0, T, F, 35, 35, 85, 0, 3, "Null Hand won"),
    Row(
        "DERIVED ISkO 5.1 Null Hand 35; 5.3",
        "null",
        T,
        F,
        F,
        F,
        "",
        33,
        0,
        3,
        F,
        F,
        35,
        -70,
        -120,
        40,
        3,
        "Null Hand lost",
    ),
    Row(
        "SKBN 'Null Ouvert gewinnt ... 46+50 = 96'",
        "null",
        F,
        F,
        F,
        T,
        "",
        18,
        0,
        0,
        T,
        F,
        46,
        46,
        96,
        0,
        3,
        "Null ouvert after taking the skat, won",
    ),
    Row(
        "SKBN 'Null Ouvert verliert ... -92-50 = -142'",
        "null",
        F,
        F,
        F,
        T,
        "",
        18,
        0,
        1,
        F,
        F,
        46,
        -92,
        -142,
        40,
        3,
        "Null ouvert lost",
    ),
    Row(
        "DERIVED ISkO 5.1 Null ouvert Hand 59",
        "null",
        T,
        F,
        F,
        T,
        "",
        59,
        0,
        0,
        T,
        F,
        59,
        59,
        109,
        0,
        3,
        "Null ouvert Hand won",
    ),
    Row(
        "DERIVED ISkO 5.1 Null ouvert Hand 59; 5.3",
        "null",
        T,
        F,
        F,
        T,
        "",
        55,
        0,
        2,
        F,
        F,
        59,
        -118,
        -168,
        40,
        3,
        "Null ouvert Hand lost",
    ),
    # ------------------------------------------------------------ overbid (Überreizt, 5.4)
    Row(
        "SG002 'Ihm sind 66 Punkte abzuschreiben' (Pik at 23, skat not declared Hand)",
        "spades",
        F,
        F,
        F,
        F,
        "ohne 1",
        23,
        89,
        8,
        F,
        T,
        33,
        -66,
        -116,
        40,
        3,
        "made 89 card points but ohne 1, Spiel 2 x 11 = 22 < 23: lowest multiple of 11 >= 23 is 33, -66",
    ),
    Row(
        "JSK testOverbid (-54)",
        "diamonds",
        F,
        F,
        F,
        F,
        "ohne 1",
        22,
        89,
        8,
        F,
        T,
        27,
        -54,
        -104,
        40,
        3,
        "ohne 1, Spiel 2 x 9 = 18 < 22: 3 x 9 = 27, -54",
    ),
    Row(
        "JSK testOverbidWithSchneider (27)",
        "diamonds",
        F,
        F,
        F,
        F,
        "ohne 1",
        22,
        90,
        8,
        T,
        F,
        27,
        27,
        77,
        0,
        3,
        "Schneider lifts the value to 27 >= 22: won",
    ),
    Row(
        "ISkO 5.4.2 as quoted by SKB ('ohne 5' bid 72, CJ in the skat -> 'Mit 1 Spiel 2 Hand 3 mal Pik = 33')",
        "spades",
        T,
        F,
        F,
        F,
        "mit 1",
        72,
        70,
        6,
        F,
        T,
        77,
        -154,
        -204,
        40,
        3,
        "value 33 < 72: lowest multiple of 11 >= 72 is 77, -154 "
        "(SKB's own case ended on a revoke; this row keeps only the valuation)",
    ),
    Row(
        "DERIVED ISkO 5.4.2",
        "grand",
        F,
        F,
        F,
        F,
        "mit 1",
        60,
        80,
        7,
        F,
        T,
        72,
        -144,
        -194,
        40,
        3,
        "mit 1, Spiel 2 x 24 = 48 < 60: 3 x 24 = 72, -144",
    ),
    Row(
        "DERIVED ISkO 5.4.2 (overbid and also short of 61)",
        "hearts",
        F,
        F,
        F,
        F,
        "mit 1",
        33,
        50,
        4,
        F,
        T,
        40,
        -80,
        -130,
        40,
        3,
        "lost value 20 < 33: 4 x 10 = 40, -80",
    ),
    # ------------------------------------------------------------ four-person table: the dealer sits out
    Row(
        "PSL 'einschließlich des Kartengebers ... am Vierertisch je 30'",
        "grand",
        F,
        F,
        F,
        F,
        "mit 1",
        48,
        55,
        5,
        F,
        F,
        48,
        -96,
        -146,
        30,
        4,
        "same deal as the 3-table row above; each of the three others (dealer too) gets 30",
    ),
    Row(
        "ISkO SkWO 5.1 (+50 for a won game)",
        "clubs",
        F,
        F,
        F,
        F,
        "mit 2",
        36,
        75,
        7,
        T,
        F,
        36,
        36,
        86,
        0,
        4,
        "won at a 4-table: nobody else scores",
    ),
    Row(
        "PSL; SKBN",
        "null",
        F,
        F,
        F,
        F,
        "",
        23,
        0,
        2,
        F,
        F,
        23,
        -46,
        -96,
        30,
        4,
        "Null lost at a 4-table: three others +30 each",
    ),
]


# =============================================================================
# Independent calculator, written from ISkO 2.4, 5.1-5.4 and SkWO 5.1.
# It reads only the inputs of a row.
# =============================================================================
BASE = {"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24}
NULL_VALUE = {(F, F): 23, (T, F): 35, (F, T): 46, (T, T): 59}  # (hand, ouvert)
MAX_MATADORS = {"grand": 4, "diamonds": 11, "hearts": 11, "spades": 11, "clubs": 11}
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}


def matador_count(text):
    word, n = text.split()
    assert word in ("mit", "ohne"), text
    return int(n)


def bid_ladder(limit=264):
    """Every value a game can be worth (ISkO 3.3.1: bids are game values)."""
    vals = set(NULL_VALUE.values())
    for game, base in BASE.items():
        # multiplier = matadors (1..max) + Spiel + at most 6 further levels
        # (Hand, Schneider, Schneider angesagt, Schwarz, Schwarz angesagt, Offen)
        for m in range(2, MAX_MATADORS[game] + 1 + 6 + 1):
            vals.add(m * base)
    return sorted(v for v in vals if 18 <= v <= limit)


def evaluate(game, hand, schneider_ann, schwarz_ann, ouvert, matadors, bid, points, tricks):
    """Return (won, overbid, value, score) for the declarer."""
    assert 0 <= tricks <= 10
    assert bid >= 18, "3.3.1 Mindestreizgebot 18"
    if game == "null":
        assert not schneider_ann and not schwarz_ann, "no Schneider/Schwarz announcements in null"
        value = NULL_VALUE[(hand, ouvert)]
        assert bid <= value, "a null whose fixed value is below the bid cannot be announced"
        won = tricks == 0  # 5.2.7
        return won, False, value, value if won else -2 * value

    base = BASE[game]
    n = matador_count(matadors)
    assert 1 <= n <= MAX_MATADORS[game], "2.4.3"
    assert 0 <= points <= 120
    if schneider_ann or schwarz_ann or ouvert:
        assert hand, "5.2.5 / 5.2.6: announcements and ouvert only in hand games"
    if ouvert:
        assert schneider_ann and schwarz_ann, "5.2.6: ouvert counts as Schwarz angesagt"
    if schwarz_ann:
        assert schneider_ann, "Schwarz angesagt includes Schneider angesagt"
    # a trick-consistency check: no tricks means no points, all tricks means all points
    # (the skat's points count for the declarer, so a declarer without a trick may hold up to 22)
    if tricks == 0:
        assert points <= 22
    if tricks == 10:
        assert points >= 98

    # who won on the cards (5.2.2 / 5.2.5 / 5.2.6)
    if schwarz_ann:
        won_cards = tricks == 10
    elif schneider_ann:
        won_cards = points >= 90
    else:
        won_cards = points >= 61

    m = n + 1  # mit/ohne n, Spiel
    m += hand
    if won_cards:
        m += (120 - points) <= 30  # opponents Schneider (5.2.3)
        m += schneider_ann
        m += tricks == 10  # opponents schwarz (5.2.4)
        m += schwarz_ann
        m += ouvert
    else:
        # lost: at least the announced level (5.2.5); the declarer's own Schneider / Schwarz
        # counts as a level, but an announced level is counted once (no "Eigenschneider").
        m += schneider_ann or points <= 30
        m += schneider_ann
        m += schwarz_ann or tricks == 0
        m += schwarz_ann
        m += ouvert
    value = m * base
    if value < bid:  # 5.4: overbid, lost, lowest multiple of the base >= bid
        value = ceil(bid / base) * base
        return False, True, value, -2 * value
    return won_cards, False, value, value if won_cards else -2 * value


def seeger_fabian(won, score, table):
    """SkWO 5.1: declarer +-50; each other person at the table 40 (3-table) / 30 (4-table)."""
    assert table in (3, 4)
    decl = score + 50 if won else score - 50
    other = 0 if won else (40 if table == 3 else 30)
    return decl, other


# =============================================================================
# Matadors from concrete 12-card holdings (hand + skat), ISkO 2.4.1-2.4.3
# Card codes: suit C S H D + rank A T K Q 9 8 7 J, e.g. "CJ", "HT".
# =============================================================================
SUITS = {"diamonds": "D", "hearts": "H", "spades": "S", "clubs": "C"}


def trump_order(game):
    jacks = ["CJ", "SJ", "HJ", "DJ"]
    if game == "grand":
        return jacks
    s = SUITS[game]
    return jacks + [s + r for r in "ATKQ987"]


def matadors_of(cards, game):
    cards = set(cards)
    assert len(cards) == 12, "count over the 10 hand cards and the 2 skat cards (2.4.2)"
    order = trump_order(game)
    with_ = order[0] in cards
    n = 0
    for c in order:
        if (c in cards) != with_:
            break
        n += 1
    return ("mit " if with_ else "ohne ") + str(n)


def _h(*codes):
    return list(codes)


# filler: non-trump cards used to complete 12-card holdings (spades/hearts/diamonds low cards)
MATADOR_TABLE = [
    # (source, game, hand10, skat2, expected)
    (
        "OSL 'Kreuz, Pik und Herz, aber den Karo-Buben nicht ... mit Drei'",
        "hearts",
        _h("CJ", "SJ", "HJ", "H7", "H8", "S7", "S8", "S9", "D7", "D8"),
        _h("D9", "C7"),
        "mit 3",
    ),
    (
        "OSL 'alle Buben, auch das Pik-As, aber die Pik-10 leider nicht ... mit Fünf'",
        "spades",
        _h("CJ", "SJ", "HJ", "DJ", "SA", "SK", "S7", "H7", "H8", "D7"),
        _h("D8", "C7"),
        "mit 5",
    ),
    (
        "OSL 'als höchsten Trumpf den Herz-Buben ... ohne Zwei'",
        "clubs",
        _h("HJ", "DJ", "CA", "C7", "S7", "S8", "H7", "H8", "D7", "D8"),
        _h("D9", "S9"),
        "ohne 2",
    ),
    (
        "OSL 'in der Trumpffarbe z.B. die Dame als höchsten Trumpf ... ohne Sieben'",
        "diamonds",
        _h("DQ", "D9", "D8", "D7", "S7", "S8", "S9", "H7", "H8", "H9"),
        _h("C7", "C8"),
        "ohne 7",
    ),
    (
        "OSL 'Grand ... keinen Buben ... ohne Vier'",
        "grand",
        _h("CA", "CT", "SA", "ST", "HA", "HT", "DA", "DT", "CK", "SK"),
        _h("HK", "DK"),
        "ohne 4",
    ),
    (
        "OSL 'alle Buben und alle Kreuz-Karten ... mit Elf'",
        "clubs",
        _h("CJ", "SJ", "HJ", "DJ", "CA", "CT", "CK", "CQ", "C9", "C8"),
        _h("C7", "SA"),
        "mit 11",
    ),
    (
        "OSL 'überhaupt keine Karte der Trumpffarbe und auch keinen Buben ... ohne Elf'",
        "hearts",
        _h("CA", "CT", "CK", "CQ", "C9", "C8", "C7", "SA", "ST", "SK"),
        _h("SQ", "S9"),
        "ohne 11",
    ),
    (
        "SSI 'Kreuz- und Herz-B, also lückenlos 1 Spitze'",
        "grand",
        _h("CJ", "HJ", "CA", "CT", "S7", "S8", "H7", "H8", "D7", "D8"),
        _h("D9", "S9"),
        "mit 1",
    ),
    (
        "SSI 'Kreuz-, Pik- und Karo-B, also lückenlos 2 Spitzen'",
        "grand",
        _h("CJ", "SJ", "DJ", "CA", "S7", "S8", "H7", "H8", "D7", "D8"),
        _h("D9", "S9"),
        "mit 2",
    ),
    (
        "SSI '4 Buben, Trumpf A und Zehn, also lückenlos 6 Spitzen'",
        "spades",
        _h("CJ", "SJ", "HJ", "DJ", "SA", "ST", "S7", "H7", "H8", "D7"),
        _h("D8", "C7"),
        "mit 6",
    ),
    (
        "SSI 'Pik-, Herz- u. Karo-B, also ohne 1 Spitze'",
        "grand",
        _h("SJ", "HJ", "DJ", "CA", "S7", "S8", "H7", "H8", "D7", "D8"),
        _h("D9", "S9"),
        "ohne 1",
    ),
    (
        "SSI 'Karo-B und alle Farbentrümpfe, also ohne 3 Spitzen'",
        "hearts",
        _h("DJ", "HA", "HT", "HK", "HQ", "H9", "H8", "H7", "S7", "S8"),
        _h("D7", "C7"),
        "ohne 3",
    ),
    (
        "ISkO 2.4.2 'einschließlich der beiden Karten im Skat': CJ in the skat makes it 'mit'",
        "spades",
        _h("SJ", "SA", "ST", "SK", "S7", "H7", "H8", "D7", "D8", "C8"),
        _h("CJ", "C7"),
        "mit 2",
    ),
    (
        "ISkO 2.4.2 + SKB: a Kreuz-Bube found in the skat turns 'ohne 5' into 'mit 1'",
        "spades",
        _h("ST", "S8", "S7", "HA", "HT", "DA", "DT", "CA", "H7", "D7"),
        _h("CJ", "C7"),
        "mit 1",
    ),
]


def _check():
    # 1. every row agrees with the calculator
    assert len(ROWS) >= 40, len(ROWS)
    for r in ROWS:
        assert r.game in BASE or r.game == "null", r
        assert r.bid in bid_ladder(), (r.why, r.bid)
        won, over, value, score = evaluate(
            r.game, r.hand, r.schneider_ann, r.schwarz_ann, r.ouvert, r.matadors, r.bid, r.points, r.tricks
        )
        assert (won, over, value, score) == (r.won, r.overbid, r.value, r.score), (r.why, (won, over, value, score))
        assert seeger_fabian(r.won, r.score, r.table) == (r.sf_declarer, r.sf_each_other), r.why
        assert r.score in (r.value, -2 * r.value), r.why

    # 2. sanity: fixed null values, and they never depend on matadors, points or bid
    for (hand, ouvert), v in NULL_VALUE.items():
        assert evaluate("null", hand, F, F, ouvert, "", 18, 0, 0) == (T, F, v, v)
        assert evaluate("null", hand, F, F, ouvert, "", 18, 0, 4) == (F, F, v, -2 * v)
    assert sorted(NULL_VALUE.values()) == [23, 35, 46, 59]

    # 3. sanity: the bid ladder starts as the sources list it, and tops out at 264 (Grand ouvert mit 4)
    assert bid_ladder()[:20] == [18, 20, 22, 23, 24, 27, 30, 33, 35, 36, 40, 44, 45, 46, 48, 50, 54, 55, 59, 60]
    assert bid_ladder()[-1] == 264

    # 4. sanity: overbid rows are lost, scored -2 x a multiple of the base that is >= the bid
    for r in ROWS:
        if r.overbid:
            base = BASE[r.game]
            assert not r.won and r.value % base == 0 and r.value >= r.bid and r.value - base < r.bid, r.why
    # the case where the declarer makes his card points but is still overbid (SG002)
    assert any(r.overbid and r.points >= 61 for r in ROWS)

    # 5. sanity: a lost game always costs exactly twice its value; every row's loss doubles
    for r in ROWS:
        assert (r.score > 0) == r.won
        if not r.won:
            assert r.score == -2 * r.value

    # 6. sanity: card points of the deck
    assert sum(CARD_POINTS.values()) * 4 == 120

    # 7. matador table
    for src, game, hand10, skat2, expected in MATADOR_TABLE:
        assert len(hand10) == 10 and len(skat2) == 2, src
        assert matadors_of(hand10 + skat2, game) == expected, (src, matadors_of(hand10 + skat2, game))
    # without the skat, the last holding would read 'ohne 5' (the SKB situation)
    hand10, skat2 = MATADOR_TABLE[-1][2], MATADOR_TABLE[-1][3]
    assert matadors_of([*hand10, "D8", "H8"], "spades") == "ohne 5"

    # 8. coverage the brief asks for
    kinds = {(r.game, r.hand, r.ouvert) for r in ROWS if r.game == "null"}
    assert kinds == {("null", h, o) for h in (F, T) for o in (F, T)}
    assert {r.won for r in ROWS if r.game == "null"} == {T, F}
    assert any(r.table == 4 for r in ROWS)
    for word in ("mit", "ohne"):
        for n in (1, 2, 3, 4):
            assert any(
                r.matadors == f"{word} {n}" and r.game in ("diamonds", "hearts", "spades", "clubs") for r in ROWS
            ), (word, n)
    return len(ROWS), len(MATADOR_TABLE)


_RESULT = _check()

if __name__ == "__main__":
    print(f"ok: {_RESULT[0]} deal rows and {_RESULT[1]} matador holdings agree with the calculator")
