"""What every module working on a deal reads of it in common, as a :class:`typing.Protocol`.

Each module that reaches a :class:`~referee.engine.Deal` (a claim, the talon, the announcements, the scoring)
says in its own protocol what more it reads, and the few changes it asks; they all start from
:class:`DealState`, the deal's public state. Read-only properties: no such module assigns a deal's fields
(``tests/test_deal_interface.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..tables import Layout, Plan


class DealState(Protocol):
    """The deal's state every module reads: its phase, whether the hands are known, the compiled rules, the
    table, who declared what, and the tricks finished."""

    @property
    def phase(self) -> str: ...
    @property
    def known(self) -> bool: ...
    @property
    def plan(self) -> Plan: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def contract(self) -> int: ...
    @property
    def maker(self) -> int | None: ...
    @property
    def _winners(self) -> list[int]: ...
