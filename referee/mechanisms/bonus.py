"""The schema of a bonus mechanism's block: ``{points: N}``, 0 for none (the last trick, every trick)."""

from __future__ import annotations

from typing import Any


def bonus_schema(description: str, points: str) -> dict[str, Any]:
    """A block holding one ``points`` setting from 0 (no bonus) to 1000, with these descriptions."""
    return {
        "type": ["object", "null"],
        "additionalProperties": False,
        "description": description,
        "properties": {
            "points": {
                "type": ["integer", "null"],
                "minimum": 0,
                "maximum": 1000,
                "default": 0,
                "description": points,
            },
        },
    }
