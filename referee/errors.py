"""The referee's error types. Both are ValueErrors, so callers can catch either."""

from __future__ import annotations

import re
from dataclasses import dataclass

# What would break a problem's one line or act on a terminal: C0 and C1
# controls, DEL and the Unicode line separators. Shown as \uXXXX escapes.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` with every control character escaped, so that it prints as (part of) one line."""
    return _UNPRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with a ruleset, located in its file.

    ``str(problem)`` is the line ``trickbook validate`` prints:
    ``rulesets/x.yaml:12:5: $.passing.count: -1 is less than the minimum of 0``.
    """

    file: str
    line: int
    column: int
    path: str
    message: str

    def __str__(self) -> str:
        # File names and messages may come from an untrusted file: one line, always.
        return f"{one_line(self.file)}:{self.line}:{self.column}: {one_line(self.path)}: {one_line(self.message)}"


class RulesetError(ValueError):
    """A ruleset could not be read, validated or compiled; lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(set(problems))
        super().__init__("\n".join(str(p) for p in self.problems))


class IllegalAction(ValueError):
    """An action the rules forbid; names the seat, the action and the rule.

    ``kind`` is a stable key for the rule (``follow-suit``, ``already-played``,
    ``unbroken``...), so a user interface can say it in its own language.
    """

    def __init__(self, seat: int | None, action: str, rule: str, kind: str = "rule") -> None:
        self.seat = seat
        self.action = action
        self.rule = rule
        self.kind = kind
        who = "no seat" if seat is None else f"seat {seat}"
        super().__init__(f"illegal action {action!r} by {who}: {rule}")
