"""Write every mechanism's schema fragment into the published schema: ``python -m referee.mechanisms``.

``--check`` writes nothing and exits 1 if the published file is not current.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from . import MECHANISMS

SCHEMA_FILE = Path(__file__).resolve().parent.parent / "schema" / "ruleset.schema.json"


def node_at(schema: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
    """The schema's node of the setting at ``path``; a path through a list (``bidding.rounds``) goes on in the
    list's items (their ``$defs`` entry), where a setting of each item (a bidding round's ``hook``) sits."""
    node = schema
    for key in path:
        ref = node.get("items", {}).get("$ref", "")
        if ref.startswith("#/$defs/"):
            node = schema["$defs"][ref.removeprefix("#/$defs/")]
        node = node["properties"][key]
    return node


def assembled(published: dict[str, Any]) -> dict[str, Any]:
    """The published schema with each mechanism's fragment at its place (the fragment is the one source)."""
    out: dict[str, Any] = json.loads(json.dumps(published))
    for mechanism in MECHANISMS:
        *parents, last = mechanism.PATH
        node = node_at(out, tuple(parents))
        ref = node.get("items", {}).get("$ref", "")  # the last key a setting of each item of a list
        if ref.startswith("#/$defs/"):
            node = out["$defs"][ref.removeprefix("#/$defs/")]
        # a copy: a fragment may sit inside another's (trump.contracts.compulsory), never changing it
        node["properties"][last] = json.loads(json.dumps(mechanism.SCHEMA))
    return out


def text(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    current = SCHEMA_FILE.read_text(encoding="utf-8")
    wanted = text(assembled(json.loads(current)))
    if current == wanted:
        return 0
    if "--check" in argv:
        print(f"{SCHEMA_FILE} is not current: run python -m referee.mechanisms", file=sys.stderr)
        return 1
    SCHEMA_FILE.write_text(wanted, encoding="utf-8")
    print(f"wrote {SCHEMA_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
