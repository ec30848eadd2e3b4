"""Every phrase about bags, in one place: the rule page's sentences and example, the label, and what the kiosk
shows.

How many overtricks cost what, and whether a ruleset counts them, come from the
referee (:mod:`referee.mechanisms.bags`); these are only its words.
"""

from __future__ import annotations

from .i18n import N_, NN_
from .names import SeatForm

#: The rule page's sentences (merged into generator.phrases.PHRASES), and the worked scoring example's line: what
#: a side carries into the next deal.
CLAUSES: dict[str, str | tuple[str, str]] = {
    "score.bags": NN_(
        "Tricks taken beyond a bid that is made are overtricks, or bags, and they are added up from deal to deal: "
        "each bag scores %(points)s.",
        "Tricks taken beyond a bid that is made are overtricks, or bags, and they are added up from deal to deal: "
        "every %(every)s bags score %(points)s, and the count goes on from what is left over.",
    ),
    "score.bags-from-score": N_("The overtricks carried from deal to deal are read from the last digit of the score."),
    "example.bags": NN_(
        "%(who)s: %(bags)s overtrick carried into the next deal.",
        "%(who)s: %(bags)s overtricks carried into the next deal.",
    ),
}
#: The worked example's side heads its line as a label (merged into generator.phrases.SEAT_ROLES).
SEAT_ROLES: dict[str, dict[str, SeatForm]] = {"example.bags": {"who": "label"}}
#: The label's part and the comparison's: what a count of bags costs ("10 bags: -100").
LABEL = NN_("%(bags)s bag: %(points)s", "%(bags)s bags: %(points)s")
#: The kiosk: each side's count above the deal's details, and a deal's row of the score sheet.
SIDE = NN_("%(names)s: %(count)s bag", "%(names)s: %(count)s bags")
SHEET = NN_("%(count)s bag carried", "%(count)s bags carried")
