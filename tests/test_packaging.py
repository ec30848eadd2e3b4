"""What `pip install trickbook` gets: the wheel's files, built from this checkout.

The wheel is the referee and the pages (their packages, the schema, the rulesets and the
catalogs, read as they are); the kiosk and the club bring their stacks as extras, and
their commands say in one line how to add them (tests/test_cli.py). Where a C compiler
exists, the engine's modules (referee/_compiled.py's list) are in it compiled by mypyc
(setup.py), and an install imports them compiled; ``TRICKBOOK_PURE=1`` builds a pure wheel.

Here the wheel takes the extensions of the checkout's fresh ``make compile`` build;
the slow suite builds one from a copy without it, through mypyc and the C compiler.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from referee import _compiled

REPO = Path(__file__).resolve().parent.parent
SUFFIX = _compiled.build_tag()["ext_suffix"]
#: Imports the installed referee, says where its engine came from, and plays a deal of Hearts.
PLAY = (
    "import sys, referee, referee.engine; from referee import Game, load_ruleset; "
    "game = Game(load_ruleset('hearts'), players=4, seed=7); deal = game.new_deal()\n"
    "while deal.phase != 'done': deal.apply(deal.legal_actions()[0])\n"
    "game.finish_deal(deal); print(referee.COMPILED, referee.engine.__file__, sum(deal.points()), "
    "'referee__mypyc' in sys.modules)"
)
LISTED = sorted(_compiled.module_name(path) for path in _compiled.MODULES)


def build_wheel(source: Path, out: Path, *, pure: bool = False) -> Path:
    """``pip wheel`` of the checkout at ``source`` (with this environment's setuptools and mypy), into ``out``."""
    env = {key: value for key, value in os.environ.items() if key != _compiled.PURE_VARIABLE}
    env["SOURCE_DATE_EPOCH"] = "1767225600"  # the files' dates in the wheel, as reproducible builds set them
    if pure:
        env[_compiled.PURE_VARIABLE] = "1"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(out), "."],
        cwd=source,
        env=env,
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("trickbook-*.whl")
    return wheel


def extensions(wheel: Path) -> set[str]:
    """The modules the wheel holds as compiled extensions."""
    names = zipfile.ZipFile(wheel).namelist()
    return {name.removesuffix(SUFFIX).replace("/", ".") for name in names if name.endswith(SUFFIX)}


def installed_play(wheel: Path, target: Path, *, pure: bool = False) -> tuple[bool, str, int, bool]:
    """Install the wheel into ``target`` alone and play a deal from it: COMPILED, the engine's file, the deal's
    points in all, and whether mypyc's shared library was loaded."""
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    env = {key: value for key, value in os.environ.items() if key != _compiled.PURE_VARIABLE}
    env["PYTHONPATH"] = str(target)  # before the checkout's editable install; the dependencies stay found
    if pure:
        env[_compiled.PURE_VARIABLE] = "1"
    result = subprocess.run(
        [sys.executable, "-c", PLAY], cwd=target, env=env, capture_output=True, text=True, check=True, timeout=120
    )
    compiled, engine, points, shared = result.stdout.split()
    assert Path(engine).is_relative_to(target), engine  # the installed package, not the checkout
    return compiled == "True", engine, int(points), shared == "True"


def fresh_build() -> bool:
    return not _compiled.pure_requested() and _compiled.fresh_build(REPO) is not None


def assert_compiled_wheel(wheel: Path, tmp_path: Path) -> None:
    """Every listed module compiled in the wheel (beside its .py), a platform wheel; installed, it plays compiled."""
    assert not wheel.name.endswith("-none-any.whl"), wheel.name
    assert extensions(wheel) == {*LISTED, f"{_compiled.GROUP}__mypyc"}
    names = set(zipfile.ZipFile(wheel).namelist())
    assert set(_compiled.MODULES) <= names  # the sources too
    compiled, engine, points, shared = installed_play(wheel, tmp_path / "compiled")
    assert compiled and engine.endswith(SUFFIX) and shared
    assert points == 26  # the seeded deal of Hearts, its 26 points taken
    # TRICKBOOK_PURE=1 at run time: the .py files beside the extensions, the same deal
    compiled, engine, points, shared = installed_play(wheel, tmp_path / "compiled", pure=True)
    assert not compiled and engine.endswith("referee/engine.py") and not shared
    assert points == 26


@pytest.mark.skipif(not fresh_build(), reason="no fresh compiled build here (`make compile` makes one)")
def test_the_wheel_holds_the_compiled_engine_and_an_install_plays_with_it(tmp_path: Path) -> None:
    wheel = build_wheel(REPO, tmp_path / "wheel")
    assert_compiled_wheel(wheel, tmp_path)
    # Built again (from the same SOURCE_DATE_EPOCH), the wheel is the same file.
    again = build_wheel(REPO, tmp_path / "again")
    assert again.read_bytes() == wheel.read_bytes()


@pytest.mark.slow
def test_a_checkout_without_a_build_compiles_the_engine_into_its_wheel(tmp_path: Path) -> None:
    if _compiled.compiler_missing():
        pytest.skip(f"{_compiled.compiler_missing()} here: the wheel is pure")
    source = tmp_path / "source"
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split("\0")
    for name in filter(None, listed):
        if (REPO / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, source / name)
    assert not (source / "build").exists()
    wheel = build_wheel(source, tmp_path / "wheel")
    assert (source / "build" / "wheel-mypyc" / "c").is_dir()  # mypyc's C, from this build
    assert_compiled_wheel(wheel, tmp_path)


def test_the_wheel_holds_every_package_and_the_data_the_pages_need(tmp_path: Path) -> None:
    # TRICKBOOK_PURE=1: a pure wheel, for every platform, that plays as pure Python.
    wheel = build_wheel(REPO, tmp_path, pure=True)
    assert wheel.name.endswith("-py3-none-any.whl") and not extensions(wheel)
    compiled, engine, points, _ = installed_play(wheel, tmp_path / "pure")
    assert not compiled and engine.endswith("referee/engine.py") and points == 26
    names = set(zipfile.ZipFile(wheel).namelist())
    # Every Python package of the source is in the wheel (a subpackage missing from pyproject.toml's list
    # would install a referee that cannot import its own mechanisms).
    for init in [*REPO.glob("*/__init__.py"), *REPO.glob("*/*/__init__.py")]:
        relative = init.relative_to(REPO).as_posix()
        if relative.startswith(("tests/", "bench/", "tools/")):
            continue
        if relative.startswith("rulesets/"):
            relative = "trickbook/" + relative
        assert relative in names, relative
    for lang in ("en", "de", "nl", "it", "he"):
        assert f"trickbook/locales/{lang}/LC_MESSAGES/trickbook.po" in names
    assert "referee/schema/ruleset.schema.json" in names
    assert "trickbook/rulesets/hearts.yaml" in names
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode("utf-8")
    requires = [line for line in text.splitlines() if line.startswith("Requires-Dist:")]
    core = [line for line in requires if "extra ==" not in line]
    assert not any(name in line for line in core for name in ("pygame", "sqlalchemy", "argon2", "uvicorn"))
    assert any("pygame-ce" in line and 'extra == "kiosk"' in line for line in requires)
    assert any("sqlalchemy" in line and 'extra == "club"' in line for line in requires)
