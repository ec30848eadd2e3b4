"""Every phrase about the hook, in one place: the rule page's sentences and example, the label, and what the
kiosk says and shows.

Who bids last, the number the hook forbids and whether a ruleset has it come
from the referee (:mod:`referee.mechanisms.hook`); these are only its words.
The rule page's sentences are keyed as :mod:`generator.phrases` keys every
clause ("bid.hook").
"""

from __future__ import annotations

from .i18n import N_, NC_, NN_

#: The rule page's sentences (merged into generator.phrases.PHRASES): the dealer bids last where the bidding
#: starts at the dealer's left (``bid.hook``), else the last bidder is named by place only (``bid.hook.last``);
#: and the worked bidding example's line: the last bidder (``bidder``) and the number.
CLAUSES: dict[str, str | tuple[str, str]] = {
    "bid.hook": N_(
        "The dealer bids last and may not bid the number that would make all the bids add up to the number "
        "of tricks in the deal, so that not everyone can be right."
    ),
    "bid.hook.last": N_(
        "The last player to bid may not bid the number that would make all the bids add up to the number "
        "of tricks in the deal, so that not everyone can be right."
    ),
    "example.hook": NN_(
        "%(bidder)s bids last and may not bid %(bid)s: the bids would then add up to %(tricks)s trick, "
        "as many as the deal has.",
        "%(bidder)s bids last and may not bid %(bid)s: the bids would then add up to %(tricks)s tricks, "
        "as many as the deal has.",
    ),
}
#: The label's part and the comparison's: the game has the hook.
LABEL = NC_("label", "hook rule")
#: The kiosk's line while the last bidder bids, and its refusal of the forbidden number (ResultError kind "hook").
FORBIDDEN = N_("The hook: %(name)s bids last and may not bid %(bid)s.")
REFUSED = N_(
    "The hook rule: %(name)s bids last and may not bid %(bid)s, "
    "which would make the bids add up to the number of tricks in the deal (%(tricks)s)."
)
