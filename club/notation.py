"""A deal's result as the kiosk's quick score writes it, read into a :class:`Score`.

``0 13 5 8`` gives each player's points; in a bidding game ``3 4 n 5 / 4 4 0 5``
(or the journal's spelling ``bid 3 4 nil 5 tricks 4 4 0 5``) gives each
player's bid, then the tricks each took. Each ``penalty 0 2 0 2`` after either
is a penalty the table booked on the deal (a confirmed revoke), per player; ``solo 2`` after the
points names the player who played a solo where compulsory solos are owed (Doppelkopf's Pflichtsolo).
Only the notation is read here: whether the result is possible, and what it scores, is the referee's
(:mod:`club.tally`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, replace

from referee.results import table_bid

__all__ = ["NotationError", "Score", "read_score"]

MAX_TEXT = 400
SOLO = "solo"  # a row's soloist where compulsory solos are owed (referee.mechanisms.compulsory_solo)
_NUMBER = re.compile(r"[+-]?[0-9]{1,6}")


class NotationError(ValueError):
    """The text is not a result in the quick-score notation; the message says why in one line."""


@dataclass(frozen=True)
class Score:
    """One deal's result: each seat's points, or each seat's bid and tricks."""

    points: tuple[int, ...] | None = None
    bids: tuple[str, ...] | None = None  # as a table writes them: "3", "nil", "blind-nil"
    tricks: tuple[int, ...] | None = None
    penalties: tuple[tuple[int, ...], ...] = ()  # each penalty booked on the deal, per seat
    solo: int = -1  # the seat (from 0) that played a solo, where compulsory solos are owed (Doppelkopf)

    @property
    def kind(self) -> str:
        return "points" if self.points is not None else "bids"

    def text(self) -> str:
        """The quick-score notation: ``0 13 5 8``, ``3 4 nil 5 / 4 4 0 5``, then any ``penalty 0 2 0 2``."""
        if self.points is not None:
            text = " ".join(map(str, self.points))
            if self.solo >= 0:
                text += f" {SOLO} {self.solo + 1}"
        else:
            assert self.bids is not None and self.tricks is not None
            text = " ".join(self.bids) + " / " + " ".join(map(str, self.tricks))
        return text + "".join(" penalty " + " ".join(map(str, p)) for p in self.penalties)


def _numbers(words: list[str], what: str) -> tuple[int, ...]:
    for w in words:
        if not _NUMBER.fullmatch(w):
            raise NotationError(f"{what} must be whole numbers, not {w[:20]!r}")
    return tuple(int(w) for w in words)


@functools.lru_cache(maxsize=8192)  # a board reads each stored result again whenever it is made
def read_score(text: str) -> Score:
    """Read a result in the kiosk's quick-score notation (the count of seats is checked later)."""
    if len(text) > MAX_TEXT:
        raise NotationError(f"a result is at most {MAX_TEXT} characters long")
    words = text.replace("/", " / ").split()
    if words and words[0].lower() == "score":
        words = words[1:]
    if not words:
        raise NotationError("the result is empty: give each player's points, or the bids / the tricks")
    groups: list[list[str]] = [[]]  # the deal's words, then each penalty's
    for word in words:
        if word.lower() == "penalty":
            groups.append([])
        else:
            groups[-1].append(word)
    deal, *penalties = groups
    if not deal:
        raise NotationError("give the deal's result before its penalties")
    if any(not p for p in penalties):
        raise NotationError("give each player's points after 'penalty'")
    score = _deal(deal)
    if penalties:
        score = replace(score, penalties=tuple(_numbers(p, "penalty points") for p in penalties))
    return score


def _deal(words: list[str]) -> Score:
    """A deal's points, or its bids and tricks, without penalties."""
    lowered = [w.lower() for w in words]
    if "/" in lowered or lowered[0] == "bid":
        if "/" in lowered:
            cut = lowered.index("/")
            bid_words, trick_words = lowered[:cut], lowered[cut + 1 :]
        elif "tricks" in lowered:
            cut = lowered.index("tricks")
            bid_words, trick_words = lowered[1:cut], lowered[cut + 1 :]
        else:
            raise NotationError("give the bids, then 'tricks' (or '/') and the tricks each player took")
        if not bid_words or not trick_words:
            raise NotationError("give each player's bid, '/', then the tricks each player took")
        if "/" in trick_words:
            raise NotationError("write '/' once, between the bids and the tricks")
        bids = tuple(table_bid(b).removeprefix("bid ") for b in bid_words)
        return Score(bids=bids, tricks=_numbers(trick_words, "tricks"))
    solo = -1
    if len(lowered) >= 2 and lowered[-2] == SOLO:  # `-1 3 -1 -1 solo 2`: the soloist, counted from 1
        if not lowered[-1].isdigit() or not 1 <= int(lowered[-1]) <= 99:
            raise NotationError(f"give the soloist's number after '{SOLO}', counting the players from 1")
        solo = int(lowered[-1]) - 1
        words = words[:-2]
    return Score(points=_numbers(words, "points"), solo=solo)
