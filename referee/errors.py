"""The referee's error types. Both are ValueErrors, so callers can catch either."""

from __future__ import annotations

from dataclasses import dataclass


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
        return f"{self.file}:{self.line}:{self.column}: {self.path}: {self.message}"


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
