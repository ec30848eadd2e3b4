"""Worked Klaverjassen examples: roem per trick and deal results, each row citing its source.

A second opinion for tests/test_klaverjassen.py, worked out from the Dutch rules texts (the
NKU's competition rules, club rule books) without looking at the referee: it imports nothing
from the project. The ALT rows are the house rules some clubs play (no roem for four sevens,
eights or nines; four jacks 100; "minimaal de helft"), worked with the calculator's flags.

Every expected value in ROEM / RESULTS (and ALT_*) is written out literally.
The small calculator below (`trick_roem`, `deal_score`, `card_points_possible`)
is an independent re-derivation from the rules texts; running this file
(`python3 klaverjas_worked.py`) checks every row against it and checks the
bookkeeping invariants (cards sum 162, tricks sum 8, a side with 0 tricks has
0 card points and 0 roem, a side with 8 tricks has 162, card points reachable
with exactly 4*tricks cards).

Rule set used for ROEM and RESULTS (the recommended Trickbook default, which
follows the competition texts; see klaverjassen.md for the disagreements):
  * card points: trump J20 9:14 A11 T10 K4 Q3 8:0 7:0; plain A11 T10 K4 Q3 J2,
    9/8/7 nothing; last trick +10; 152 + 10 = 162.
  * roem only "op tafel", i.e. what lies in one trick, for the side that wins
    that trick:
      - run of 3 in one suit, natural order 7 8 9 T J Q K A (no wrap) = 20
      - run of 4 = 50 (replaces the 20, it is not 50 + 20)
      - stuk = trump K and trump Q in the same trick (any players) = 20,
        added on top of a run (trump Q K A = 40, trump T J Q K = 70)
      - four of a kind = 100 for 7 8 9 T Q K A; four jacks = 200
  * nat: the playing side ("makers", the side that said "ik speel") must have
    strictly more (cards + roem) than the other side; a tie is nat.
    Nat: makers score 0, the other side scores 162 + the roem of BOTH sides.
  * pit / mars: a side that takes all 8 tricks scores 100 extra (written as
    roem); also when the defenders take all 8 (tegenpit), in which case the
    makers are nat as well.  Pit never changes the nat test (a side with 0
    tricks has 0 points and 0 roem).
  * Rotterdam differs only in the trump obligations, not in scoring.
"""

from __future__ import annotations

from typing import NamedTuple


class Roem(NamedTuple):
    source: str  # where the rule comes from
    trump: str  # "H", "S", "D" or "C"
    trick: tuple[str, str, str, str]  # four cards as rank+suit, ranks 7 8 9 T J Q K A
    roem: int  # the roem this trick carries under the source's rules
    why: str  # one line


class Result(NamedTuple):
    source: str
    variant: str  # "amsterdam" or "rotterdam"
    makers: int  # 0 or 1: the side that chose trump ("speelt")
    cards: tuple[int, int]  # card points each side took, last trick's 10 included (sum 162)
    roem: tuple[int, int]  # roem each side won in its tricks, pit NOT included
    tricks: tuple[int, int]  # tricks each side took (sum 8)
    score: tuple[int, int]  # what each side scores for the deal
    why: str  # one line


# --------------------------------------------------------------------------
# Sources (full URLs and quotes are in klaverjassen.md)
# --------------------------------------------------------------------------
NKU_ROTT = (
    "marathonklaverjassen.nl/Spelregels-NKU-Rotterdams-Systeem/ (NKU: roem "
    "'als de samenstelling op tafel ligt'; 'Beetgaan (nat) is voor de tegenpartij "
    "162 punten + de door beide partijen gemaakte roem')"
)
NKU_HUT = (
    "hutmacher.nl/Klaverjas.html ('Officiele klaverjas spelregels NKU': meer punten "
    "dan de andere partij, 'minimum van 82'; roem list incl. stuk combinations)"
)
KBN_AMS = (
    "kaartclub-dehoop.nl Reglement Klaverjassen (Amsterdams systeem, afgeleid van "
    "Kaartbond Nederland): 4 gelijke Aas t/m Zeven 100, vier boeren 200"
)
KJC = (
    "kjcdepitslag.nl/Bestuursregels/Spelregels (mars = 162 + 100 roem; tegenpit 100 roem; "
    "4 gelijken 10 t/m Aas 100; vier boeren 200)"
)
LENTE = (
    "lentemorgen.nl/tournooi2.asp?id=2 (Amsterdams; 'mars/pit wordt geschreven als "
    "100 roem en 162 punten', own roem added to the 100)"
)
BGA = (
    "en.doc.boardgamearena.com/Gamehelpklaverjassen (a team taking all tricks +100; "
    "makers must score more than defenders, else defenders score everything)"
)
KRAAK = (
    "kraakspel.nl/NewFiles/puntentelling.html (run examples in natural order: "
    "'7 8 9', 'boer vrouw heer', '10 boer vrouw heer')"
)
NKU_SPEL = "klaverjasunie.nl/het-spel.html (Amsterdams vs Rotterdams differ only in the troefplicht)"


# --------------------------------------------------------------------------
# Independent calculator
# --------------------------------------------------------------------------
NATURAL = "789TJQKA"  # sequence order for runs
TRUMP_PTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_PTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
SUITS = "HSDC"
PIT_BONUS = 100
TOTAL_CARDS = 162


def card_points(card: str, trump: str) -> int:
    rank, suit = card[0], card[1]
    return TRUMP_PTS[rank] if suit == trump else PLAIN_PTS[rank]


def trick_roem(trick: tuple[str, ...], trump: str, *, low_fours: bool = True, four_jacks: int = 200) -> int:
    """Roem lying in one trick ("roem op tafel")."""
    ranks = [c[0] for c in trick]
    if len(trick) == 4 and len(set(ranks)) == 1:
        rank = ranks[0]
        if rank == "J":
            return four_jacks
        if rank in "789" and not low_fours:
            return 0
        return 100
    total = 0
    for suit in SUITS:
        idx = sorted(NATURAL.index(c[0]) for c in trick if c[1] == suit)
        best = run = 0
        prev = None
        for i in idx:
            run = run + 1 if prev is not None and i == prev + 1 else 1
            best = max(best, run)
            prev = i
        if best >= 4:
            total += 50
        elif best == 3:
            total += 20
    if ("K" + trump) in trick and ("Q" + trump) in trick:
        total += 20  # stuk
    return total


def deal_score(
    makers: int,
    cards: tuple[int, int],
    roem: tuple[int, int],
    tricks: tuple[int, int],
    *,
    tie_is_nat: bool = True,
    defenders_pit: bool = True,
    nat_takes_roem: bool = True,
) -> tuple[int, int]:
    m, d = makers, 1 - makers
    out = [0, 0]
    if tricks[m] == 8:  # pit by the makers
        out[m] = cards[m] + roem[m] + PIT_BONUS
        return (out[0], out[1])
    mk = cards[m] + roem[m]
    df = cards[d] + roem[d]
    made = mk > df if tie_is_nat else mk >= df
    if made:
        out[m], out[d] = mk, df
    else:  # nat
        out[d] = TOTAL_CARDS + (roem[0] + roem[1] if nat_takes_roem else roem[d])
        if tricks[d] == 8 and defenders_pit:
            out[d] += PIT_BONUS  # tegenpit
    return (out[0], out[1])


# card values of the whole pack, trump suit = any (the multiset does not depend on it)
_PACK = [TRUMP_PTS[r] for r in NATURAL] + [PLAIN_PTS[r] for r in NATURAL] * 3


def _subset_sums_by_count() -> list[set[int]]:
    reach: list[set[int]] = [set() for _ in range(33)]
    reach[0].add(0)
    for v in _PACK:
        for k in range(31, -1, -1):
            for s in reach[k]:
                reach[k + 1].add(s + v)
    return reach


_REACH = _subset_sums_by_count()


def card_points_possible(cards: tuple[int, int], tricks: tuple[int, int]) -> bool:
    """Can side 0 hold exactly 4*tricks[0] cards worth cards[0] (with or without the last trick)?"""
    if sum(cards) != TOTAL_CARDS or sum(tricks) != 8:
        return False
    n0 = 4 * tricks[0]
    for last0 in (0, 1):  # does side 0 own the last trick?
        if last0 and tricks[0] == 0:
            continue
        if not last0 and tricks[1] == 0:
            continue
        if cards[0] - 10 * last0 in _REACH[n0]:
            return True
    return False


_ROEM_STEPS = (0, 20, 40, 50, 70, 100, 200)


def roem_possible(roem: int, tricks: int) -> bool:
    sums = {0}
    for _ in range(tricks):
        sums = {s + r for s in sums for r in _ROEM_STEPS}
    return roem in sums


# --------------------------------------------------------------------------
# ROEM rows (default rule set)
# --------------------------------------------------------------------------
ROEM: list[Roem] = [
    Roem(
        NKU_ROTT,
        "H",
        ("QH", "KH", "AH", "7S"),
        40,
        "trump Q K A: run of three 20 + stuk 20 (NKU: aas+heer+vrouw van de troef = 40)",
    ),
    Roem(
        NKU_ROTT, "S", ("QH", "KH", "AH", "7S"), 20, "Q K A of a plain suit: run of three 20, no stuk (K+Q not trump)"
    ),
    Roem(KRAAK, "C", ("7D", "8D", "9D", "JC"), 20, "7 8 9 of diamonds: run of three 20; the trump jack adds nothing"),
    Roem(
        KRAAK,
        "C",
        ("9C", "TC", "JC", "7H"),
        20,
        "trump 9 T J: a run in natural order 9-10-J although trump order is J 9 A 10",
    ),
    Roem(NKU_ROTT, "H", ("9S", "TS", "JS", "QS"), 50, "9 T J Q of spades: run of four 50 (not 50 + 20)"),
    Roem(
        NKU_ROTT,
        "C",
        ("TC", "JC", "QC", "KC"),
        70,
        "trump T J Q K: run of four 50 + stuk 20 (NKU: tien+boer+vrouw+heer troef = 70)",
    ),
    Roem(
        NKU_ROTT,
        "H",
        ("JH", "QH", "KH", "AH"),
        70,
        "trump J Q K A: run of four 50 + stuk 20 (NKU: boer+vrouw+heer+aas troef = 70)",
    ),
    Roem(
        NKU_ROTT,
        "D",
        ("JD", "QD", "KD", "7S"),
        40,
        "trump J Q K: run of three 20 + stuk 20 (NKU: heer+vrouw+boer troef = 40)",
    ),
    Roem(
        NKU_ROTT,
        "S",
        ("KS", "7H", "QS", "8D"),
        20,
        "stuk alone: trump K and Q in the same trick, played by different players",
    ),
    Roem(NKU_ROTT, "H", ("KS", "7H", "QS", "8D"), 0, "K+Q of spades are not trump (hearts): no stuk; no run"),
    Roem(KBN_AMS, "S", ("AS", "AH", "AD", "AC"), 100, "four aces 100"),
    Roem(KBN_AMS, "S", ("JS", "JH", "JD", "JC"), 200, "four jacks 200"),
    Roem(KBN_AMS, "D", ("TS", "TH", "TD", "TC"), 100, "four tens 100"),
    Roem(KBN_AMS, "C", ("KS", "KH", "KD", "KC"), 100, "four kings 100; no stuk (no queen in the trick)"),
    Roem(KBN_AMS, "H", ("QS", "QH", "QD", "QC"), 100, "four queens 100; no stuk (no king)"),
    Roem(
        KBN_AMS,
        "H",
        ("7S", "7H", "7D", "7C"),
        100,
        "four sevens 100 under the competition lists (NKU Rotterdams '7 t/m Aas', KBN); see ALT_ROEM",
    ),
    Roem(KBN_AMS, "S", ("9S", "9H", "9D", "9C"), 100, "four nines 100 under the competition lists; see ALT_ROEM"),
    Roem(
        NKU_ROTT,
        "C",
        ("8S", "8H", "8D", "8C"),
        100,
        "four eights 100 ('4 gelijke kaarten (van 7 t/m Aas) is 100 roem')",
    ),
    Roem(NKU_ROTT, "D", ("AS", "KS", "QS", "JS"), 50, "J Q K A of spades (not trump): run of four 50, no stuk"),
    Roem(
        KRAAK,
        "C",
        ("7H", "8H", "TH", "JH"),
        0,
        "7 8 _ T J of hearts: the missing 9 breaks it; two runs of two = nothing",
    ),
    Roem(KRAAK, "S", ("8H", "9H", "TH", "KH"), 20, "8 9 T of hearts: run of three 20; the king is detached"),
    Roem(NKU_ROTT, "H", ("QH", "KH", "9H", "7H"), 20, "trump 7 9 Q K: stuk 20 only; 7-9 and Q-K are not runs of three"),
    Roem(KRAAK, "S", ("KH", "AH", "7H", "8H"), 0, "K A 7 8 of hearts: runs do not wrap from ace to seven"),
    Roem(
        KRAAK,
        "S",
        ("AH", "7H", "8H", "9H"),
        20,
        "7 8 9 of hearts run of three 20; the ace does not connect to the seven",
    ),
    Roem(
        NKU_ROTT, "H", ("TH", "JH", "QH", "7S"), 20, "trump T J Q: run of three 20; trump Q without trump K is no stuk"
    ),
    Roem(
        KRAAK,
        "C",
        ("JC", "9C", "AC", "TC"),
        20,
        "trump J 9 A T (adjacent in trump order): natural 9 T J is a run of three 20, ace detached",
    ),
    Roem(NKU_ROTT, "S", ("7S", "8S", "9S", "TS"), 50, "trump 7 8 9 T: run of four 50; no stuk"),
    Roem(NKU_ROTT, "C", ("7C", "8D", "9H", "TS"), 0, "7 8 9 T of four different suits: a run must be in one suit"),
    Roem(NKU_ROTT, "S", ("QS", "KS", "7S", "8S"), 20, "trump 7 8 Q K: stuk 20; 7-8 is only a run of two"),
    Roem(NKU_ROTT, "D", ("9D", "TD", "JD", "QD"), 50, "trump 9 T J Q: run of four 50; trump Q without K: no stuk"),
    Roem(
        NKU_ROTT,
        "D",
        ("KD", "QD", "JD", "9D"),
        40,
        "trump 9 J Q K: J Q K run of three 20 + stuk 20; 9 detached (ten missing)",
    ),
    Roem(NKU_ROTT, "H", ("8S", "9S", "JS", "QS"), 0, "8 9 _ J Q of spades: the missing ten breaks it"),
    Roem(NKU_ROTT, "S", ("AD", "7C", "KH", "TS"), 0, "nothing: no run, no stuk, no four of a kind"),
]

# Disputed roem: the same tricks under another source's rule (NOT the default).
ALT_ROEM: list[Roem] = [
    Roem(
        KJC,
        "H",
        ("7S", "7H", "7D", "7C"),
        0,
        "club rule: only four of 10 through ace count (100) and four jacks (200); sevens nothing",
    ),
    Roem(
        BGA,
        "S",
        ("9S", "9H", "9D", "9C"),
        0,
        "BGA/Pagat-style list: four A, 10, K or Q = 100, four J = 200; nines nothing",
    ),
    Roem(
        "mschijf/klaverjassen KlaverjassenTools.kt (citing spelregels.eu pdf)",
        "S",
        ("JS", "JH", "JD", "JC"),
        100,
        "that program scores every four of a kind 100, four jacks included",
    ),
]


# --------------------------------------------------------------------------
# RESULTS rows (default rule set)
# --------------------------------------------------------------------------
AMS, ROT = "amsterdam", "rotterdam"

RESULTS: list[Result] = [
    # --- made, no roem -----------------------------------------------------
    Result(
        NKU_HUT,
        AMS,
        0,
        (110, 52),
        (0, 0),
        (6, 2),
        (110, 52),
        "makers 110 > half of 162: made, each side scores its own points",
    ),
    Result(NKU_HUT, AMS, 0, (130, 32), (0, 0), (7, 1), (130, 32), "makers 130 > 81: made comfortably"),
    Result(NKU_HUT, AMS, 1, (40, 122), (0, 0), (2, 6), (40, 122), "makers (side 1) 122 > 81: made"),
    Result(
        NKU_HUT,
        AMS,
        0,
        (82, 80),
        (0, 0),
        (4, 4),
        (82, 80),
        "makers 82 > 81 (half of 162): made by one point; NKU 'minimum van 82'",
    ),
    Result(NKU_HUT, AMS, 1, (80, 82), (0, 0), (4, 4), (80, 82), "makers (side 1) 82 > 81: made by one point"),
    Result(
        NKU_HUT,
        AMS,
        0,
        (152, 10),
        (0, 0),
        (7, 1),
        (152, 10),
        "defenders only took the last trick (zero cards + 10): makers made",
    ),
    # --- exactly half / nat without roem -----------------------------------
    Result(
        NKU_HUT,
        AMS,
        0,
        (81, 81),
        (0, 0),
        (4, 4),
        (0, 162),
        "nat: 81 is exactly half of 162, not more (tie = nat): defenders get 162",
    ),
    Result(
        NKU_HUT, AMS, 1, (81, 81), (0, 0), (4, 4), (162, 0), "nat: makers (side 1) 81 = half, not more: side 0 gets 162"
    ),
    Result(NKU_HUT, AMS, 0, (80, 82), (0, 0), (4, 4), (0, 162), "nat by one point: 80 <= 81: defenders get 162"),
    Result(NKU_ROTT, AMS, 0, (70, 92), (0, 0), (3, 5), (0, 162), "nat: 70 <= 81: defenders get 162 + 0 roem"),
    Result(NKU_ROTT, AMS, 1, (120, 42), (0, 0), (5, 3), (162, 0), "nat: makers (side 1) 42 <= 81: side 0 gets 162"),
    # --- made with roem ----------------------------------------------------
    Result(NKU_HUT, AMS, 0, (95, 67), (20, 0), (5, 3), (115, 67), "makers 95+20=115 > 67 (half of 182 is 91): made"),
    Result(
        NKU_HUT, AMS, 0, (85, 77), (20, 0), (4, 4), (105, 77), "makers 85+20=105 > 77 (half of 182): made with a stuk"
    ),
    Result(
        NKU_HUT,
        AMS,
        0,
        (90, 72),
        (20, 20),
        (5, 3),
        (110, 92),
        "makers 90+20=110 > 72+20=92 (half of 202 is 101): made, both keep their roem",
    ),
    Result(NKU_HUT, AMS, 0, (100, 62), (40, 50), (5, 3), (140, 112), "makers 100+40=140 > 62+50=112: made"),
    Result(
        NKU_HUT,
        AMS,
        0,
        (120, 42),
        (0, 70),
        (6, 2),
        (120, 112),
        "makers 120 > 42+70=112 (half of 232 is 116): made despite defenders' 70 roem",
    ),
    Result(NKU_HUT, AMS, 1, (40, 122), (0, 50), (2, 6), (40, 172), "makers (side 1) 122+50=172 > 40: made"),
    Result(
        NKU_HUT,
        AMS,
        0,
        (76, 86),
        (50, 0),
        (4, 4),
        (126, 86),
        "roem makes the difference: cards 76 < 86 but 76+50=126 > 86: made",
    ),
    Result(
        NKU_HUT,
        AMS,
        0,
        (72, 90),
        (20, 0),
        (4, 4),
        (92, 90),
        "roem makes the difference: 72+20=92 > 90 (half of 182 is 91): made by one point",
    ),
    Result(
        NKU_HUT,
        AMS,
        0,
        (36, 126),
        (200, 0),
        (1, 7),
        (236, 126),
        "one trick (four jacks + last trick = 36) but 36+200=236 > 126: made on roem",
    ),
    Result(NKU_HUT, AMS, 0, (130, 32), (20, 0), (6, 2), (150, 32), "makers 130+20=150 > 32: made"),
    # --- nat with roem -----------------------------------------------------
    Result(
        NKU_ROTT,
        AMS,
        0,
        (60, 102),
        (20, 0),
        (3, 5),
        (0, 182),
        "nat: 60+20=80 <= 102: defenders get 162 + all roem (20, the makers' own)",
    ),
    Result(
        NKU_ROTT,
        AMS,
        0,
        (75, 87),
        (20, 20),
        (4, 4),
        (0, 202),
        "nat: 75+20=95 <= 87+20=107: defenders get 162 + 20 + 20",
    ),
    Result(
        NKU_ROTT,
        AMS,
        0,
        (50, 112),
        (50, 0),
        (3, 5),
        (0, 212),
        "nat: 50+50=100 <= 112: defenders get 162 + the makers' 50 roem",
    ),
    Result(
        NKU_ROTT,
        AMS,
        0,
        (76, 86),
        (50, 70),
        (4, 4),
        (0, 282),
        "nat: 76+50=126 <= 86+70=156: defenders get 162 + 50 + 70",
    ),
    Result(
        NKU_ROTT,
        AMS,
        1,
        (100, 62),
        (20, 20),
        (5, 3),
        (202, 0),
        "nat: makers (side 1) 62+20=82 <= 120: side 0 gets 162 + 20 + 20",
    ),
    Result(
        NKU_ROTT,
        AMS,
        0,
        (70, 92),
        (100, 200),
        (3, 5),
        (0, 462),
        "nat: 70+100=170 <= 92+200=292: defenders get 162 + 100 + 200",
    ),
    # --- the defenders' roem tips it ---------------------------------------
    Result(
        NKU_ROTT,
        AMS,
        0,
        (90, 72),
        (0, 20),
        (5, 3),
        (0, 182),
        "defenders' stuk tips it: 90 <= 72+20=92: nat, defenders get 162+20",
    ),
    Result(
        NKU_ROTT,
        AMS,
        0,
        (118, 44),
        (0, 100),
        (7, 1),
        (0, 262),
        "7 tricks yet nat: defenders' one trick is four aces (44 + 100): 118 <= 144",
    ),
    Result(
        NKU_ROTT,
        AMS,
        0,
        (136, 26),
        (20, 200),
        (7, 1),
        (0, 382),
        "nat: 136+20=156 <= 26+200=226 (defenders' four jacks): defenders get 162+20+200",
    ),
    Result(
        NKU_ROTT,
        AMS,
        1,
        (60, 102),
        (50, 0),
        (3, 5),
        (212, 0),
        "side 0 (defenders) 60+50=110 >= 102: makers (side 1) nat, side 0 gets 162+50",
    ),
    # --- exactly half with roem (tie = nat) ---------------------------------
    Result(
        NKU_HUT,
        AMS,
        0,
        (91, 71),
        (0, 20),
        (5, 3),
        (0, 182),
        "tie 91 = 71+20 = 91 (exactly half of 182), not more: nat, defenders get 162+20",
    ),
    Result(
        NKU_HUT,
        AMS,
        0,
        (81, 81),
        (20, 20),
        (4, 4),
        (0, 202),
        "tie 81+20 = 81+20 (half of 202): nat, defenders get 162+20+20",
    ),
    Result(
        NKU_HUT, AMS, 0, (71, 91), (20, 0), (3, 5), (0, 182), "tie 71+20 = 91 (half of 182): nat, defenders get 162+20"
    ),
    # --- pit / mars --------------------------------------------------------
    Result(LENTE, AMS, 0, (162, 0), (0, 0), (8, 0), (262, 0), "pit by makers: 162 + 0 roem + 100"),
    Result(LENTE, AMS, 0, (162, 0), (70, 0), (8, 0), (332, 0), "pit by makers with roem: 162 + 70 + 100"),
    Result(LENTE, AMS, 1, (0, 162), (0, 20), (0, 8), (0, 282), "pit by makers (side 1): 162 + 20 + 100"),
    Result(
        KJC,
        AMS,
        0,
        (0, 162),
        (0, 40),
        (0, 8),
        (0, 302),
        "tegenpit: defenders take all 8; makers nat; defenders get 162 + 40 + 100",
    ),
    Result(
        KJC, AMS, 1, (162, 0), (0, 0), (8, 0), (262, 0), "tegenpit against makers (side 1): side 0 gets 162 + 0 + 100"
    ),
    # --- Rotterdam: same scoring (only the troefplicht differs) -------------
    Result(NKU_SPEL, ROT, 0, (110, 52), (0, 0), (6, 2), (110, 52), "Rotterdam scores like Amsterdam: 110 > 81 made"),
    Result(
        NKU_ROTT, ROT, 0, (81, 81), (0, 0), (4, 4), (0, 162), "Rotterdam: 81 not more than half: nat, 162 to defenders"
    ),
    Result(
        NKU_ROTT,
        ROT,
        0,
        (90, 72),
        (0, 20),
        (5, 3),
        (0, 182),
        "Rotterdam: defenders' roem tips it, 90 <= 92: nat, 162+20",
    ),
    Result(
        NKU_ROTT, ROT, 1, (100, 62), (20, 20), (5, 3), (202, 0), "Rotterdam: makers (side 1) 82 <= 120: nat, 162+20+20"
    ),
    Result(LENTE, ROT, 0, (162, 0), (20, 0), (8, 0), (282, 0), "Rotterdam pit: 162 + 20 + 100"),
    Result(KJC, ROT, 0, (0, 162), (0, 0), (0, 8), (0, 262), "Rotterdam tegenpit: 162 + 0 + 100 to defenders"),
]

# House-rule outcomes that disagree with the default (NOT the default).
ALT_RESULTS: list[Result] = [
    Result(
        "klaverjassenonline.org/spelregels-klaverjassen ('minimaal de helft', outlier)",
        AMS,
        0,
        (81, 81),
        (0, 0),
        (4, 4),
        (81, 81),
        "under 'at least half' a tie is made; every other source (NKU incl.) says nat",
    ),
    Result(
        "mschijf/klaverjassen Round.kt / sfranzen/klaverjas gameengine.cpp (pit only for makers)",
        AMS,
        0,
        (0, 162),
        (0, 40),
        (0, 8),
        (0, 202),
        "no tegenpit bonus: defenders get 162 + 40 only",
    ),
    Result(
        "kjcdepitslag.nl ('nat: 162 punten aan de andere partij', roem not mentioned)",
        AMS,
        0,
        (60, 102),
        (20, 0),
        (3, 5),
        (0, 162),
        "if the nat side's roem is simply dropped: defenders 162 (+ own 0)",
    ),
]

_ALT_FLAGS = [
    dict(tie_is_nat=False),
    dict(defenders_pit=False),
    dict(nat_takes_roem=False),
]
_ALT_ROEM_FLAGS = [dict(low_fours=False), dict(low_fours=False), dict(four_jacks=100)]


def check() -> None:
    problems: list[str] = []
    for i, r in enumerate(ROEM):
        got = trick_roem(r.trick, r.trump)
        if got != r.roem:
            problems.append(f"ROEM[{i}] {r.trick} trump {r.trump}: row {r.roem}, calc {got}")
        if len(set(r.trick)) != 4:
            problems.append(f"ROEM[{i}] duplicate card")
    for i, (r, fl) in enumerate(zip(ALT_ROEM, _ALT_ROEM_FLAGS, strict=True)):
        got = trick_roem(r.trick, r.trump, **fl)
        if got != r.roem:
            problems.append(f"ALT_ROEM[{i}]: row {r.roem}, calc {got}")

    def invariants(tag: str, r: Result) -> None:
        if sum(r.cards) != 162:
            problems.append(f"{tag}: cards sum {sum(r.cards)}")
        if sum(r.tricks) != 8:
            problems.append(f"{tag}: tricks sum {sum(r.tricks)}")
        for s in (0, 1):
            if r.tricks[s] == 0 and (r.cards[s] or r.roem[s]):
                problems.append(f"{tag}: side {s} has 0 tricks but points/roem")
            if r.tricks[s] == 8 and r.cards[s] != 162:
                problems.append(f"{tag}: side {s} has 8 tricks but not 162")
            if not roem_possible(r.roem[s], r.tricks[s]):
                problems.append(f"{tag}: side {s} roem {r.roem[s]} impossible in {r.tricks[s]} tricks")
        if not card_points_possible(r.cards, r.tricks):
            problems.append(f"{tag}: card points {r.cards} unreachable with tricks {r.tricks}")
        if r.variant not in (AMS, ROT) or r.makers not in (0, 1):
            problems.append(f"{tag}: bad variant/makers")

    for i, r in enumerate(RESULTS):
        invariants(f"RESULTS[{i}]", r)
        got = deal_score(r.makers, r.cards, r.roem, r.tricks)
        if got != r.score:
            problems.append(f"RESULTS[{i}] {r.why}: row {r.score}, calc {got}")
    for i, (r, fl) in enumerate(zip(ALT_RESULTS, _ALT_FLAGS, strict=True)):
        invariants(f"ALT_RESULTS[{i}]", r)
        got = deal_score(r.makers, r.cards, r.roem, r.tricks, **fl)
        if got != r.score:
            problems.append(f"ALT_RESULTS[{i}]: row {r.score}, calc {got}")
    if problems:
        raise SystemExit("\n".join(problems))
    print(
        f"ok: {len(ROEM)} ROEM, {len(ALT_ROEM)} ALT_ROEM, {len(RESULTS)} RESULTS, {len(ALT_RESULTS)} ALT_RESULTS rows"
    )


if __name__ == "__main__":
    check()
