"""Dependencies point inward: the import graph of the project's packages, read with ast.

``referee`` (the engine) imports none of the others; ``wording`` (catalogs,
names, free text) only ``referee``; the page compiler (``generator``) and the
kiosk use those two and not each other; ``trickbook`` gathers the commands.
Every import statement counts, inside functions and ``TYPE_CHECKING`` blocks
too, relative ones resolved to the module they name.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The project's packages each package may import (besides itself).
ALLOWED: dict[str, set[str]] = {
    "referee": set(),
    "wording": {"referee"},
    "generator": {"referee", "wording"},
    "kiosk": {"referee", "wording"},
    "club": {"referee", "wording"},  # kiosks talk to the club server over HTTP, never by import
    "trickbook": {"referee", "wording", "generator", "kiosk", "club"},
}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path: Path, root: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) for every import in a source file."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                target = ".".join([*parts[: len(parts) - node.level + 1], *([node.module] if node.module else [])])
                if node.module:
                    found.append((node.lineno, target))
                else:  # `from . import clauses` names the submodules themselves
                    found += [(node.lineno, f"{target}.{alias.name}") for alias in node.names]
            else:
                found.append((node.lineno, node.module or ""))
    return found


def violations(root: Path, allowed: dict[str, set[str]] = ALLOWED) -> tuple[list[str], set[tuple[str, str]]]:
    """Every import of a project package its importer may not use, and the edges seen."""
    problems: list[str] = []
    edges: set[tuple[str, str]] = set()
    for package, may in allowed.items():
        for path in sorted((root / package).rglob("*.py")):
            for line, target in imports(path, root):
                top = target.split(".")[0]
                if top not in allowed or top == package:
                    continue
                edges.add((package, top))
                if top not in may:
                    problems.append(f"{path.relative_to(root)}:{line}: {package} imports {target}")
    return problems, edges


def test_dependencies_point_inward() -> None:
    problems, edges = violations(ROOT)
    assert problems == []
    # The check reads real imports: the edges the layout is built on are there.
    assert {("generator", "wording"), ("kiosk", "wording"), ("wording", "referee"), ("kiosk", "referee")} <= edges


def test_the_check_finds_forbidden_imports(tmp_path: Path) -> None:
    files = {
        "referee/__init__.py": "",
        "referee/engine.py": "from wording.i18n import Lang\n",
        "kiosk/__init__.py": "",
        "kiosk/view.py": "def f():\n    import generator.site as site\n    from .core import step\n",
        "kiosk/core.py": "",
        "generator/__init__.py": "",
        "generator/site.py": "from . import clauses\nfrom kiosk import view\n",
        "wording/__init__.py": "",
        "wording/names.py": "from referee.cards import RANKS\nfrom .i18n import Lang\n",
        "trickbook/__init__.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    problems, _ = violations(tmp_path)
    assert problems == [
        "referee/engine.py:1: referee imports wording.i18n",
        "generator/site.py:2: generator imports kiosk",
        "kiosk/view.py:2: kiosk imports generator.site",
    ]
    assert imports(tmp_path / "generator/site.py", tmp_path)[0] == (1, "generator.clauses")
