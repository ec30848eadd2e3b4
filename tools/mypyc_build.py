"""Compile the modules listed in referee/_compiled.py with mypyc into build/mypyc/.

Run by ``make`` before the tests, the site and the benchmarks (``make compile``).
It does nothing when the build matches the sources, prints one line when it
compiles or when this machine has no C compiler (the engine then runs as pure
Python), and fails with mypyc's own messages when a listed module does not
compile. ``TRICKBOOK_PURE=1`` skips it. The extensions never land next to the
``.py`` files: referee/_compiled.py loads them from build/mypyc/ only while the
hashes recorded in build/mypyc/manifest.json match the sources.

Usage: python tools/mypyc_build.py [--root DIR] [--force]
"""

from __future__ import annotations

import argparse
import ast
import fcntl
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path
from types import ModuleType


def load_runtime(root: Path) -> ModuleType:
    """referee/_compiled.py by path: the module list and the manifest format, without importing the package."""
    spec = importlib.util.spec_from_file_location("_trickbook_compiled", root / "referee" / "_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def local_file(root: Path, module: str) -> str | None:
    """The project file of a module name, if it is a plain module of the project."""
    relative = Path(*module.split(".")).with_suffix(".py")
    return relative.as_posix() if (root / relative).is_file() else None


def sources(root: Path, modules: list[str]) -> list[str]:
    """The listed modules and every project module they import, transitively.

    mypyc compiles only the listed modules but builds them against the types
    and ``Final`` values of what they import, so those files count too.
    """
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        package = path.removesuffix(".py").replace("/", ".").rpartition(".")[0]
        for node in ast.walk(ast.parse((root / path).read_bytes(), path)):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, *([node.module] if node.module else [])])
                names = [base, *(f"{base}.{alias.name}" for alias in node.names)]
            todo.extend(file for name in names if (file := local_file(root, name)))
    return sorted(seen)


def compile_into(root: Path, runtime: ModuleType, staging: Path) -> None:
    """The child process: mypyc, then the C compiler, into staging/lib."""
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped, unused-ignore]

    os.chdir(root)  # mypyc reads the [tool.mypy] options of pyproject.toml from here
    options = [f"--cache-dir={staging.parent / 'mypy-cache'}"]  # not .mypy_cache: mypyc's options differ from mypy's
    extensions = mypycify(
        [*runtime.MODULES, *options], target_dir=str(staging / "c"), group_name=runtime.GROUP, opt_level="3"
    )
    command = Distribution({"ext_modules": extensions}).get_command_obj("build_ext")
    command.build_lib = str(staging / "lib")
    command.build_temp = str(staging / "temp")
    command.ensure_finalized()
    command.run()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--force", action="store_true", help="compile even if the build matches the sources")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    root: Path = args.root.resolve()
    runtime = load_runtime(root)
    build: Path = root / runtime.BUILD
    staging = build / "staging"
    if args.child:
        compile_into(root, runtime, staging)
        return 0
    if runtime.pure_requested():
        return 0
    why = runtime.compiler_missing()
    if why:
        print(f"mypyc: {why} here: the engine runs as pure Python")
        return 0
    build.mkdir(parents=True, exist_ok=True)
    with (build / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second `make` in the same checkout waits, then finds the build fresh
        return update(root, runtime, force=args.force)


def update(root: Path, runtime: ModuleType, *, force: bool) -> int:
    """Compile unless the build matches the sources; 1 with mypyc's messages if that fails."""
    build: Path = root / runtime.BUILD
    staging = build / "staging"
    files = sources(root, list(runtime.MODULES))
    manifest = {
        "tag": runtime.build_tag(),
        "mypy": version("mypy"),
        "compiled": list(runtime.MODULES),
        "sources": {name: runtime.digest(root / name) for name in files},  # hashed before mypyc reads them
    }
    old = runtime.read_manifest(root)
    if (
        not force
        and old is not None
        and {key: old.get(key) for key in manifest} == manifest
        and all((build / str(file)).is_file() for file in dict(old.get("modules") or {}).values())
    ):
        return 0

    start = time.monotonic()
    (build / runtime.MANIFEST).unlink(missing_ok=True)  # no build is used while this one is made
    shutil.rmtree(staging, ignore_errors=True)
    child = subprocess.run(
        [sys.executable, __file__, "--root", str(root), "--child"],
        capture_output=True,
        text=True,
        check=False,
    )
    if child.returncode:
        sys.stderr.write(child.stdout + child.stderr)
        sys.stderr.write(
            f"mypyc: compiling {', '.join(runtime.MODULES)} failed (above). Fix it, or set "
            f"{runtime.PURE_VARIABLE}=1 to build and run pure Python.\n"
        )
        return 1

    suffix = runtime.build_tag()["ext_suffix"]
    lib = build / "lib"
    shutil.rmtree(lib, ignore_errors=True)  # running processes keep their mapped copies
    os.replace(staging / "lib", lib)
    manifest["modules"] = {
        file.relative_to(lib).as_posix().removesuffix(suffix).replace("/", "."): file.relative_to(build).as_posix()
        for file in sorted(lib.rglob(f"*{suffix}"))
    }
    temporary = build / (runtime.MANIFEST + ".new")
    temporary.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    os.replace(temporary, build / runtime.MANIFEST)
    names = ", ".join(name.removesuffix(".py").replace("/", ".") for name in runtime.MODULES)
    print(f"mypyc: compiled {names} into {build.relative_to(root)} ({time.monotonic() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
