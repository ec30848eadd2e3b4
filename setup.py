"""The wheel with the engine compiled by mypyc, as black and mypy ship theirs; pure Python where it cannot be.

pyproject.toml holds the project's metadata; this file only adds the C extensions
of the modules listed in referee/_compiled.py (MODULES), compiled by mypyc when a
wheel is built (``pip install .``, ``pip wheel .``, ``python -m build``). The
wheel then holds ``referee/engine.cpython-*.so`` beside ``referee/engine.py``, and
Python's import system prefers the extension (``TRICKBOOK_PURE=1`` at run time
imports the ``.py`` files). Where ``make compile`` has built the same modules
for this interpreter and its build matches the sources, the wheel takes those
extensions as they are instead of compiling them again. Where there is no C compiler or
no Python headers, where mypyc cannot be imported, or with ``TRICKBOOK_PURE=1``,
the wheel is pure Python and works everywhere. An editable install (``pip
install -e .``, as ``make`` does) never compiles: there ``make compile`` builds
into build/mypyc/, which referee/_compiled.py uses only while it matches the
sources.
"""

from __future__ import annotations

import runpy
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

from setuptools import Extension, setup  # type: ignore[import-untyped, unused-ignore]
from setuptools.command.build_ext import build_ext  # type: ignore[import-untyped, unused-ignore]

ROOT = Path(__file__).resolve().parent
#: The commands of a wheel's build that compile; metadata (egg_info, dist_info) and
#: editable installs (editable_wheel) never do.
BUILDS = {"bdist_wheel", "build", "build_ext", "install"}
#: The extensions of make's fresh build, by module name, where there is one.
PREBUILT: dict[str, Path] = {}


def runtime() -> SimpleNamespace:
    """referee/_compiled.py by path (the module list, TRICKBOOK_PURE, the build's check), without importing
    the package, whose dependencies a build need not have."""
    return SimpleNamespace(**runpy.run_path(str(ROOT / "referee" / "_compiled.py")))


class BuildExt(build_ext):  # type: ignore[misc, unused-ignore]
    """Copies the extensions of ``make compile``'s fresh build (referee/_compiled.py checks it matches the
    sources) instead of compiling them again; compiles those it was not given."""

    def build_extension(self, ext: Extension) -> None:
        file = PREBUILT.get(ext.name)
        if file is None:
            super().build_extension(ext)
            return
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(file, target)


def ext_modules() -> list[Extension]:
    """The listed modules' extensions, or none (said in one line) where the wheel stays pure."""
    if not BUILDS & set(sys.argv[1:]) or "editable_wheel" in sys.argv:
        return []
    compiled = runtime()
    why: str | None
    if compiled.pure_requested():
        why = f"{compiled.PURE_VARIABLE} is set"
    else:
        PREBUILT.update(compiled.fresh_build(ROOT) or {})
        if PREBUILT:  # the same mypyc build of the same sources for this interpreter
            return [Extension(name, sources=[]) for name in sorted(PREBUILT)]
        why = compiled.compiler_missing()
    if why is None:
        try:
            return mypyc_extensions(compiled)
        except ImportError:
            why = "mypyc (the mypy package) is not installed"
        except (Exception, SystemExit) as error:  # mypyc reports a module it cannot compile by exiting
            why = f"mypyc could not compile the engine ({error})"
    print(f"trickbook: {why}: the engine is built as pure Python", file=sys.stderr)
    return []


def mypyc_extensions(compiled: SimpleNamespace) -> list[Extension]:
    """mypyc's C, and the extensions to compile from it, with the options of tools/mypyc_build.py.

    The C sources and mypy's cache go under build/, apart from make's build/mypyc/ and from the .py files.
    The paths the compiler writes into the extensions (the checkout's, mypyc's runtime in a build's own
    environment) are written relative, so the wheel's bytes do not depend on where it was built.
    """
    from mypyc.build import include_dir, mypycify

    work = Path("build", "wheel-mypyc")
    extensions = list(
        mypycify(
            [*compiled.MODULES, f"--cache-dir={work / 'mypy-cache'}"],
            target_dir=str(work / "c"),
            group_name=compiled.GROUP,
            opt_level="3",
        )
    )
    if sys.platform != "win32":  # gcc and clang
        maps = [f"-ffile-prefix-map={include_dir()}=mypyc/lib-rt", f"-ffile-prefix-map={ROOT}=."]
        for extension in extensions:
            extension.extra_compile_args = [*extension.extra_compile_args, *maps]
    return extensions


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
