"""Rulesets as an editor sees them: the published schema checked by an independent validator.

yaml-language-server reads a ruleset alone (it does not follow ``extends``),
as YAML 1.2, against ``referee/schema/ruleset.schema.json``. These tests run
ajv (npm, JSON Schema draft 2020-12, strict) with the ``yaml`` package on
every bundled ruleset, the README's examples and a few files of our own, and
check that ajv and ``trickbook validate`` agree: a valid file is never flagged
in an editor, and an invalid one always is.

``make test-editor`` installs ajv and yaml with npm into ``.venv/node_modules``
and runs this suite (marker ``editor``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from referee.ruleset import check_file

pytestmark = pytest.mark.editor

REPO = Path(__file__).resolve().parents[1]
SCHEMA_FILE = REPO / "referee" / "schema" / "ruleset.schema.json"
NODE_MODULES = Path(os.environ.get("TRICKBOOK_NODE_MODULES", REPO / ".venv" / "node_modules"))
CHECKER = Path(__file__).with_name("editor_check.cjs")

# Files both validators must accept: nulls that remove keys, every card spelling, prose.
VALID = {
    "nulls-without-extends": (
        "id: nulls\npassing: null\ntrump:\n  suit: null\ngame:\n  target: 50\n  deals: null\n"
        "scoring:\n  points: {H: 1}\n"
    ),
    "spellings": (
        "id: spelled\nextends: hearts\nscoring:\n  points:\n    10D: 5\n    q♠: 26\n    ♠J: 2\n    kh: 1\n"
        "play:\n  first_trick:\n    forbid: [♥, qs]\n"
    ),
    "prose": "id: prose\nextends: hearts\nsummary: >\n  Two\n  lines.\nnotes:\n  en: |\n    One.\n\n    Two.\n",
}
# Files both validators must refuse.
INVALID = {
    "misspelled-key": "id: a\nextends: hearts\npasing:\n  count: 3\n",
    "id-with-newline": 'id: "evil\\n"\nextends: hearts\n',
    "card-key-with-newline": 'id: a\nextends: hearts\nscoring:\n  points:\n    "QS\\n": 100\n',
    "bad-card": 'id: a\nextends: hearts\ndeck:\n  remove:\n    "4": [1H]\n',
    "text-for-number": 'id: a\nextends: hearts\npassing:\n  count: "3"\n',
    "unknown-family": "id: a\nextends: hearts\nfamily: bridge\n",
    "title-on-two-lines": 'id: a\nextends: hearts\ntitle: "two\\nlines"\n',
    "bell-in-source": 'id: a\nextends: hearts\nsource: "bell\\a"\n',
    "null-in-a-list": "id: a\nextends: hearts\nplayers:\n  counts: [4, null]\n",
    "null-in-a-list-item": (
        "id: a\nextends: hearts\nplay:\n  lead_restrictions:\n    - cards: [H]\n      broken_by: null\n"
    ),
    "null-id": "id: null\nextends: hearts\n",
    "null-for-a-required-key": "id: a\nextends: spades\nscoring:\n  bags:\n    every: null\n    points: -100\n",
    "no-id": "extends: hearts\n",
}


def readme_examples() -> dict[str, str]:
    """The README's YAML examples; a fragment without an id becomes a house rule on top of Hearts."""
    text = (REPO / "README.md").read_text("utf-8")
    out = {}
    for i, block in enumerate(re.findall(r"^```yaml\n(.*?)^```", text, flags=re.M | re.S)):
        out[f"README-{i + 1}"] = (
            block if re.search(r"^id:", block, flags=re.M) else f"id: example\nextends: hearts\n{block}"
        )
    return out


def ajv(docs: dict[str, str]) -> dict[str, dict[str, Any]]:
    node = shutil.which("node")
    if node is None or not (NODE_MODULES / "ajv").is_dir() or not (NODE_MODULES / "yaml").is_dir():
        pytest.fail(f"needs node and the npm packages ajv and yaml in {NODE_MODULES}: run `make test-editor`")
    payload = {"schema": str(SCHEMA_FILE), "docs": [{"name": n, "text": t} for n, t in docs.items()]}
    proc = subprocess.run(
        [node, str(CHECKER)],
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "NODE_PATH": str(NODE_MODULES)},
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["warnings"] == [], "ajv in strict mode warns about the schema"
    return {r["name"]: r for r in out["results"]}


def python_problems(name: str, text: str, folder: Path) -> list[str]:
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return [str(p) for p in check_file(path)]


@pytest.fixture(scope="module")
def bundled() -> dict[str, dict[str, Any]]:
    return ajv({p.name: p.read_text("utf-8") for p in sorted((REPO / "rulesets").glob("*.yaml"))})


@pytest.mark.parametrize("path", sorted((REPO / "rulesets").glob("*.yaml")), ids=lambda p: p.stem)
def test_bundled_ruleset_is_valid_in_an_editor(path: Path, bundled: dict[str, dict[str, Any]]) -> None:
    assert check_file(path) == []
    assert bundled[path.name]["errors"] == []
    assert bundled[path.name]["valid"]


def test_readme_examples_are_valid_in_an_editor_and_for_trickbook(tmp_path: Path) -> None:
    examples = readme_examples()
    assert len(examples) >= 2
    results = ajv(examples)
    for name, text in examples.items():
        assert python_problems(name, text, tmp_path) == [], name
        assert results[name]["errors"] == [], name


@pytest.mark.parametrize("name", list(VALID))
def test_valid_file_is_valid_for_both(name: str, tmp_path: Path) -> None:
    assert python_problems(name, VALID[name], tmp_path) == []
    assert ajv({name: VALID[name]})[name]["errors"] == []


@pytest.mark.parametrize("name", list(INVALID))
def test_invalid_file_is_refused_by_both(name: str, tmp_path: Path) -> None:
    assert python_problems(name, INVALID[name], tmp_path) != []
    result = ajv({name: INVALID[name]})[name]
    assert not result["valid"]
    assert result["errors"]
