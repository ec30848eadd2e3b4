"""The repository stands alone: code and tests cite the public pages rules follow, not files elsewhere.

Rules in the code cite their public source (a site and its page, such as
"cardgames.io, Hearts"); nothing names a path on the machine the project was
written on, which no reader has.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FOLDERS = (
    "referee",
    "wording",
    "generator",
    "kiosk",
    "trickbook",
    "tests",
    "bench",
    "tools",
    "rulesets",
    "docs",
    "locales",
)
TOP = ("README.md", "Makefile", "pyproject.toml", "babel.cfg", ".ci/run")
SUFFIXES = {".py", ".yaml", ".yml", ".md", ".txt", ".toml", ".cfg", ".html", ".json", ".po", ".cjs", ".css", ""}
# An absolute path into a machine's home or work folders.
OUTSIDE = re.compile(r"(?<![\w.~-])/(?:work|home|root|mnt|srv|shared|Users|opt)/\w")
# A rule's source named by a private seed number instead of its public page.
SEED_NUMBER = re.compile(r"\b[Ss]eeds? 0\d\d\b")


def project_files() -> list[Path]:
    files = [REPO / name for name in TOP if (REPO / name).is_file()]
    for folder in FOLDERS:
        files += [p for p in sorted((REPO / folder).rglob("*")) if p.is_file() and p.suffix in SUFFIXES]
    return [p for p in files if "__pycache__" not in p.parts and p.stat().st_size < 1 << 20]


def test_no_file_names_a_path_outside_the_repository() -> None:
    hits = []
    for path in project_files():
        if path == Path(__file__).resolve():
            continue
        text = path.read_text("utf-8", errors="replace")
        for m in OUTSIDE.finditer(text):
            hits.append(f"{path.relative_to(REPO)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group()}")
    assert hits == []


@pytest.mark.parametrize("folder", ["referee", "wording", "generator", "kiosk", "trickbook"])
def test_code_cites_public_sources_not_seed_numbers(folder: str) -> None:
    hits = [
        f"{p.relative_to(REPO)}:{i}: {line.strip()}"
        for p in sorted((REPO / folder).rglob("*.py"))
        for i, line in enumerate(p.read_text("utf-8").splitlines(), start=1)
        if SEED_NUMBER.search(line)
    ]
    assert hits == []
