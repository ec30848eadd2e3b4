"""The engine's hot path compiled with mypyc, used only while it matches the source.

``tools/mypyc_build.py`` (run by ``make``) compiles the modules in ``MODULES``
into ``build/mypyc/`` beside the package, never next to the ``.py`` files, and
records there a hash of every source the compiled code was built from: the
listed modules and the project modules they import, since mypyc bakes their
types and ``Final`` constants into the C code. ``install()`` puts a meta path
finder in front of the normal import system that loads the compiled modules
(and mypyc's shared ``<group>__mypyc`` library, imported by top-level name) only
while every recorded hash equals the current source's. After any edit the
package imports the ``.py`` files and warns once that ``make`` rebuilds the
compiled build. ``TRICKBOOK_PURE=1`` skips the compiled build entirely.

This file imports only the standard library: the build script loads it by path.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import sysconfig
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

# The modules compiled with mypyc, as paths from the project root. Adding one
# is one line here; `make` rebuilds on the next run.
MODULES = [
    "referee/cards.py",
    "referee/engine.py",
    "referee/bidding.py",
    "referee/scoring.py",
    "referee/game.py",
    "referee/ending.py",
    "referee/tables.py",
    "referee/schedule.py",
    "referee/deck.py",
    "referee/observer.py",
    "referee/playing.py",
    "referee/auction.py",
    "referee/phases/auction.py",
    "referee/phases/discarding.py",
    "referee/phases/passing.py",
    "referee/phases/claims.py",
    "referee/phases/proving.py",
    "referee/phases/view.py",
    "referee/phases/bidding.py",
    "referee/dealing.py",
    "referee/entering.py",
    "referee/mechanisms/trumping.py",
    "referee/mechanisms/last_trick.py",
    "referee/mechanisms/trump_points.py",
    "referee/mechanisms/roem.py",
    "referee/mechanisms/all_tricks.py",
    "referee/mechanisms/card_contract.py",
    "referee/mechanisms/card_sides.py",
    "referee/mechanisms/party_game.py",
    "referee/mechanisms/announcements.py",
    "referee/mechanisms/contracts.py",
    "referee/mechanisms/compulsory_solo.py",
    "referee/mechanisms/game_value.py",
    "referee/mechanisms/moon.py",
    "referee/mechanisms/hook.py",
    "referee/mechanisms/bags.py",
    "referee/mechanisms/book.py",
    "referee/bots.py",
]

GROUP = "referee"  # mypyc's shared library is imported as `referee__mypyc`
ROOT = Path(__file__).resolve().parent.parent
BUILD = Path("build", "mypyc")  # under the project root
MANIFEST = "manifest.json"
PURE_VARIABLE = "TRICKBOOK_PURE"


class StaleBuildWarning(RuntimeWarning):
    """The compiled build no longer matches the source; the .py files run instead."""


def pure_requested() -> bool:
    """True when TRICKBOOK_PURE asks for pure Python (any value but empty or 0)."""
    return os.environ.get(PURE_VARIABLE, "") not in ("", "0")


def compiler_missing() -> str | None:
    """Why this machine cannot compile C extensions, or None if it can (``make compile`` and setup.py ask)."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    return None


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_tag() -> dict[str, str]:
    """What a compiled build must share with the running interpreter."""
    return {"ext_suffix": str(sysconfig.get_config_var("EXT_SUFFIX")), "cache_tag": str(sys.implementation.cache_tag)}


def read_manifest(root: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((root / BUILD / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def changed_sources(root: Path, manifest: dict[str, Any]) -> list[str]:
    """The recorded sources whose current content differs from the compiled one's."""
    sources = manifest.get("sources")
    if not isinstance(sources, dict) or not sources:
        return ["(no sources recorded)"]
    changed = []
    for name, recorded in sorted(sources.items()):
        try:
            current = digest(root / name)
        except OSError:
            current = None
        if current != recorded:
            changed.append(name)
    return changed


class CompiledFinder(MetaPathFinder):
    """Finds the listed modules, by full name, in the files given: the compiled build's; or, with
    ``TRICKBOOK_PURE=1`` where compiled extensions stand beside the sources (an installed compiled
    wheel), the ``.py`` files."""

    def __init__(self, files: dict[str, Path]) -> None:
        self.files = files

    def find_spec(
        self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(fullname, file)


def module_name(path: str) -> str:
    """``referee/mechanisms/trumping.py`` -> ``referee.mechanisms.trumping``."""
    return path.removesuffix(".py").replace("/", ".")


def fresh_build(root: Path, *, warn: bool = False) -> dict[str, Path] | None:
    """The compiled build's files by module name, if one exists for this interpreter and matches the sources.

    With ``warn``, a stale build says so once (:class:`StaleBuildWarning`, pointing at the caller's caller).
    """
    manifest = read_manifest(root)
    if manifest is None or manifest.get("tag") != build_tag():
        return None  # never built here, or built for another interpreter: `make` builds it
    changed = changed_sources(root, manifest)
    if changed:
        if warn:
            warnings.warn(
                f"the compiled engine in {root / BUILD} is stale ({', '.join(changed)} changed since it was "
                "built): running pure Python; `make compile` rebuilds it",
                StaleBuildWarning,
                stacklevel=4,
            )
        return None
    files = {str(name): root / BUILD / str(file) for name, file in dict(manifest.get("modules") or {}).items()}
    if not files or not all(file.is_file() for file in files.values()):
        return None
    return files


def install(root: Path = ROOT) -> bool:
    """Serve the compiled modules if a fresh build exists; True if it does.

    With ``TRICKBOOK_PURE=1``, serve the ``.py`` files instead wherever compiled extensions stand beside them.
    """
    if any(isinstance(finder, CompiledFinder) for finder in sys.meta_path):
        return False
    if pure_requested():
        sources = {module_name(path): root / path for path in MODULES}
        suffixes = importlib.machinery.EXTENSION_SUFFIXES
        if any(file.with_suffix(suffix).is_file() for file in sources.values() for suffix in suffixes):
            sys.meta_path.insert(0, CompiledFinder(sources))
        return False
    files = fresh_build(root, warn=True)
    if files is None:
        return False
    sys.meta_path.insert(0, CompiledFinder(files))
    return True


def is_compiled(module: ModuleType) -> bool:
    """True if the module was loaded from a compiled extension."""
    return str(getattr(module, "__file__", "")).endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
