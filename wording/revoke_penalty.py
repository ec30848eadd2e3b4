"""Every phrase about the revoke penalty, in one place: the rule page's sentences, the kiosk's question, buttons
and notices when the table settles a flag, quick score's refusals, and the score sheet's game decided by a revoke.

What a confirmed revoke books, and whether points entered by hand are what one
books, come from the referee (:mod:`referee.mechanisms.revoke_penalty`); these
are only its words. The rule page's sentences are keyed as
:mod:`generator.phrases` keys every clause ("score.revoke-all").
"""

from __future__ import annotations

from .i18n import N_, NC_, NN_

#: The rule page's sentences, one per kind of penalty (merged into generator.phrases.PHRASES).
CLAUSES: dict[str, str | tuple[str, str]] = {
    # no penalty in the file: said, with what the kiosk does (flags), rather than leave a breach looking free
    "score.revoke-table": N_(
        "This page gives no penalty for a revoke (not following suit when able) or another breach: where the "
        "game's own rules set one, the referee or the table applies it. At a real table Trickbook marks each revoke "
        "it can prove and waits for the table's decision."
    ),
    "score.revoke-opponents": NN_(
        "A revoke (not following suit when able) gives the other side %(points)s point.",
        "A revoke (not following suit when able) gives the other side %(points)s points.",
    ),
    "score.revoke-offender": NN_(
        "A revoke (not following suit when able) costs the offender's side %(points)s point.",
        "A revoke (not following suit when able) costs the offender's side %(points)s points.",
    ),
    # the same, with another number in a deal a player plays alone (`alone_points`: Euchre's lone hand)
    "score.revoke-opponents-alone": NN_(
        "A revoke (not following suit when able) gives the other side %(points)s point, and %(alone)s in a deal "
        "a player plays alone, whoever revoked.",
        "A revoke (not following suit when able) gives the other side %(points)s points, and %(alone)s in a deal "
        "a player plays alone, whoever revoked.",
    ),
    "score.revoke-offender-alone": NN_(
        "A revoke (not following suit when able) costs the offender's side %(points)s point, and %(alone)s in a "
        "deal a player plays alone.",
        "A revoke (not following suit when able) costs the offender's side %(points)s points, and %(alone)s in a "
        "deal a player plays alone.",
    ),
    # `points: all` (the Hearts family): the deal goes on, and once it is scored the offender has every penalty
    # point of it and the others none, whatever was taken (readers asked whether the deal stops, and how much it
    # is); with the number where every table size of the game comes to the same, else without it
    "score.revoke-all-points": N_(
        "If a player is found to have revoked (not followed suit when able), the deal is still played to the end; "
        "then that player scores %(points)s for it, whatever they took, and every other player scores nothing."
    ),
    "score.revoke-all": N_(
        "If a player is found to have revoked (not followed suit when able), the deal is still played to the end; "
        "then that player scores every penalty point of the deal, whatever they took, and every other player "
        "scores nothing."
    ),
    # Two more sentences of Foster's Laws of Hearts, the source the Hearts family's penalty cites (Foster's Complete
    # Hoyle, Laws of Hearts 24 and 26): two players who revoke in one deal are each charged as if alone in error
    # (referee.mechanisms.revoke_penalty.booked), and until when a revoke may be claimed: the kiosk asks the
    # table before the next deal (kiosk.core._settled_first). Readers asked for both.
    # `cannot_win` (Whist, the Laws of Short Whist 82): the side in error cannot win the game by that deal; its
    # score then stops one short of the target (%(points)s: that score)
    "score.revoke-cannot-win": NN_(
        "The side that revoked cannot win the game by that deal: its score rises to %(points)s point at most.",
        "The side that revoked cannot win the game by that deal: its score rises to %(points)s points at most.",
    ),
    "score.revoke-all-two": N_(
        "If two players revoke in the same deal, each of them is charged in full, as if they alone had revoked."
    ),
    "score.revoke-claim": N_(
        "A revoke may be claimed until the tricks are gathered up to shuffle for the next deal; after that the "
        "score stands."
    ),
    # what the engine scores (referee.mechanisms.game_value.forfeited), and where the Skat Order differs: a level
    # the bid needed is the declarer's by ISkO 4.1.5 only if still within reach, which the engine does not judge;
    # play on with the card corrected (ISkO 4.1.2, 4.2.3), which a table that enters the cards cannot do
    "score.revoke-lost": N_(
        "A revoke (not following suit when able) made before the game is decided decides it against the side "
        "that made it: a declarer who revokes has lost, and if an opponent revokes, the declarer has won. Trickbook "
        "scores it at the simple level (the matadors, game and hand, no schneider or schwarz reached), with the "
        "levels the declarer announced, and, whoever revoked, at least at the least multiple of the base value "
        "that reaches the bid. The Skat Order (4.1.5) gives a declarer whose opponents revoked a higher level that "
        "the bid needed only if he could still reach it; Trickbook does not judge that. The Skat Order also lets "
        "the side that did not revoke demand that play go on, the wrong card corrected (4.2.3); Trickbook takes no "
        "card back: the deal is played out, and then the table either confirms the revoke, scored as above, or "
        "the deal counts as played. A revoke once the game is decided changes nothing."
    ),
    # the quick reference's short form of it (generator.rulepage.QUICKREF_SHORT): the full rules say the rest
    "score.revoke-lost.card": N_(
        "A revoke (not following suit when able) before the game is decided loses it for the side that made it, "
        "at the simple level with the levels the declarer announced, and at least the bid's value."
    ),
    # `points: fine` (Doppelkopf, DDV TSR 9.4, 9.5): the deal not played and the offender fined; the steps the
    # other side had announced; a game already decided
    "score.revoke-fine": NN_(
        "A revoke (not following suit when able) ends the deal at once, and it counts as not played: the player "
        "who revoked loses %(points)s point and the other players share it equally; if that player's side plays "
        "against one player alone (a soloist), that player gets it all.",
        "A revoke (not following suit when able) ends the deal at once, and it counts as not played: the player "
        "who revoked loses %(points)s points and the other players share them equally; if that player's side "
        "plays against one player alone (a soloist), that player gets them all.",
    ),
    "score.revoke-fine-step": NN_(
        "For each step (“no 90”, “no 60” and so on) the other side had announced before the revoke, the player "
        "who revoked loses %(points)s point more, shared the same way.",
        "For each step (“no 90”, “no 60” and so on) the other side had announced before the revoke, the player "
        "who revoked loses %(points)s points more, shared the same way.",
    ),
    "score.revoke-fine-decided": NN_(
        "A revoke once the game is already decided ends it too, but scores it: the tricks from the revoke on go "
        "to the other side, no more extra points are made, and the player who revoked loses only %(points)s "
        "point, shared the same way.",
        "A revoke once the game is already decided ends it too, but scores it: the tricks from the revoke on go "
        "to the other side, no more extra points are made, and the player who revoked loses only %(points)s "
        "points, shared the same way.",
    ),
}

#: The kiosk's buttons while a flag is open: uphold it (the penalty) or not.
CONFIRM = NC_("kiosk bar", "Confirm penalty")
DISMISS = N_("No penalty")
#: The kiosk's question once the flag's deal is scored, with a penalty and without one.
SETTLE = N_("Deal %(number)s: is %(name)s given the penalty?")
# A game whose rules set no revoke penalty: the table says whether the flag stands; its answer is recorded.
SETTLE_NO_PENALTY = N_("Deal %(number)s: did %(name)s revoke? This game sets no penalty; the answer is recorded.")
#: The kiosk's refusal of the next deal while a flag of this one is open, with a penalty and without one.
SETTLE_FIRST = N_("First decide on the open flag: confirm the penalty, or no penalty.")
SETTLE_FIRST_NO_PENALTY = N_("First decide on the open flag: was it a revoke, yes or no?")
#: The kiosk's notices once the table has settled a flag, and its refusal of a penalty reckoned from a deal not
#: yet scored.
DISMISSED = N_("No penalty for %(name)s.")
UPHELD = N_("Revoke upheld for %(name)s; this game sets no penalty.")
APPLIED = N_("Penalty for %(name)s booked: %(points)s.")  # who revoked; each player given points, signed
NOT_YET = N_("This penalty is given once the deal is scored.")
#: Quick score's refusals of penalty points (referee.results.ResultError's kinds).
REFUSALS = {
    "no-penalty": N_("%(ruleset)s gives no penalty."),
    "penalty": N_("No revoke in %(ruleset)s gives these penalty points."),
}
# A game a revoke decided (a revoke penalty of `points: lost`): won because a defender revoked, or lost because the
# declarer did, at the simple level (referee.mechanisms.game_value.breached): the score sheet's game column.
SHEET_DECIDED = {
    True: N_("%(name)s: %(game)s at %(bid)s: won by %(offender)s's revoke, worth %(value)s"),
    False: N_("%(name)s: %(game)s at %(bid)s: lost by the revoke, worth %(value)s"),
}
