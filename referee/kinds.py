"""The schema's enumerated options as ``Literal`` types, for the compiled ruleset and its tables.

A module of its own so that both :mod:`referee.ruleset` and the compiled
:mod:`referee.tables` can use them; tests/test_validation.py checks each one
against the schema's enum, so a new option cannot be forgotten here.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

Family: TypeAlias = Literal["hearts", "euchre", "spades", "oh-hell", "whist", "jass", "schafkopf", "other"]
Teams: TypeAlias = Literal["none", "opposite"]
Direction: TypeAlias = Literal["left", "right", "across", "hold"]
Alone: TypeAlias = Literal["none", "maker", "maker-and-defender"]
TrumpKind: TypeAlias = Literal["none", "fixed", "upcard", "dealer-last-card", "bid"]
OpeningBy: TypeAlias = Literal["left-of-dealer", "holder-of-lowest", "declarer", "left-of-declarer"]
MustLead: TypeAlias = Literal["that-card", "that-suit", "any"]
EndEarly: TypeAlias = Literal["no-points-left", "leader-takes-rest"]
ScoreTeams: TypeAlias = Literal["individual", "shared", "summed"]
Winner: TypeAlias = Literal["lowest", "highest"]
Ties: TypeAlias = Literal["play-on", "shared"]
RoundKind: TypeAlias = Literal["order-up", "call", "tricks", "contract", "ladder"]
RoundStarts: TypeAlias = Literal["left-of-dealer", "dealer", "declarer"]
TrickSide: TypeAlias = Literal["makers", "defenders"]
