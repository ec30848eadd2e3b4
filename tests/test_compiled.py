"""The mypyc build of the engine: used when fresh, never when stale, same results as pure Python.

The checks that need a compiled build skip (with the reason) where there is
none or it is stale; ``make test`` compiles first, so there they run.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import referee
from referee import _compiled

ROOT = Path(__file__).resolve().parent.parent
PROBE = (
    "import referee, referee.cards, referee.engine; "
    "print(referee.COMPILED, referee.engine.__file__, referee.cards.__file__, getattr(referee.engine, 'EDITED', False))"
)


def fresh_build() -> bool:
    manifest = _compiled.read_manifest(ROOT)
    return (
        manifest is not None
        and manifest.get("tag") == _compiled.build_tag()
        and not _compiled.changed_sources(ROOT, manifest)
    )


needs_build = pytest.mark.skipif(not fresh_build(), reason="no fresh compiled build here (`make compile` makes one)")


def run(code: str, *, pure: bool, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    """Python code in a fresh interpreter that imports the referee package found at root."""
    env = {key: value for key, value in os.environ.items() if key != "TRICKBOOK_PURE"}
    if pure:
        env["TRICKBOOK_PURE"] = "1"
    env["PYTHONPATH"] = str(root)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, timeout=120, check=True
    )


def probe(*, pure: bool, root: Path = ROOT) -> tuple[bool, str, str, bool, str]:
    """COMPILED, the engine's and the cards' files, whether the engine has the test's edit, and stderr."""
    result = run(PROBE, pure=pure, root=root)
    compiled, engine, cards, edited = result.stdout.split()
    return compiled == "True", engine, cards, edited == "True", result.stderr


@needs_build
def test_the_compiled_modules_are_used_when_built() -> None:
    if _compiled.pure_requested():
        assert not referee.COMPILED
        assert referee.engine.__file__ and referee.engine.__file__.endswith(".py")
    else:
        assert referee.COMPILED
    compiled, engine, cards, _, _ = probe(pure=False)
    assert compiled
    for file in (engine, cards):
        assert Path(file).is_relative_to(ROOT / "build" / "mypyc"), file
        assert file.endswith(_compiled.build_tag()["ext_suffix"])


def test_trickbook_pure_gives_pure_python() -> None:
    compiled, engine, cards, _, _ = probe(pure=True)
    assert not compiled
    assert (engine, cards) == (str(ROOT / "referee" / "engine.py"), str(ROOT / "referee" / "cards.py"))


def copy_checkout(target: Path) -> None:
    """The package and its compiled build, as a development checkout at target."""
    shutil.copytree(ROOT / "referee", target / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    build = target / _compiled.BUILD
    build.mkdir(parents=True)
    shutil.copy(ROOT / _compiled.BUILD / _compiled.MANIFEST, build)
    shutil.copytree(ROOT / _compiled.BUILD / "lib", build / "lib")


@needs_build
def test_a_copied_checkout_uses_its_own_build(tmp_path: Path) -> None:
    copy_checkout(tmp_path)
    compiled, engine, _, _, stderr = probe(pure=False, root=tmp_path)
    assert compiled
    assert Path(engine).is_relative_to(tmp_path / "build" / "mypyc")
    assert "Warning" not in stderr


@needs_build
@pytest.mark.parametrize("edited", ["referee/engine.py", "referee/cards.py", "referee/ruleset.py"])
def test_an_edited_source_is_never_shadowed_by_the_stale_build(tmp_path: Path, edited: str) -> None:
    """An edit to a compiled module, or to a module it is compiled against, runs as .py with a warning."""
    copy_checkout(tmp_path)
    with (tmp_path / edited).open("a", encoding="utf-8") as file:
        file.write("\nEDITED = True\n")
    compiled, engine, cards, engine_edited, stderr = probe(pure=False, root=tmp_path)
    assert not compiled
    assert (engine, cards) == (str(tmp_path / "referee" / "engine.py"), str(tmp_path / "referee" / "cards.py"))
    assert engine_edited == (edited == "referee/engine.py")
    assert stderr.count("StaleBuildWarning") == 1
    assert f"({edited} changed since it was built)" in stderr
    assert "make compile" in stderr


@needs_build
@pytest.mark.parametrize("ruleset", ["hearts", "euchre"])
def test_a_seeded_game_is_the_same_compiled_and_pure(ruleset: str) -> None:
    game = (
        "import referee; print(referee.COMPILED); "
        f"from trickbook.cli import main; main(['play', '{ruleset}', '--seed', '3'])"
    )
    compiled = run(game, pure=False).stdout.split("\n", 1)
    pure = run(game, pure=True).stdout.split("\n", 1)
    assert (compiled[0], pure[0]) == ("True", "False")
    assert compiled[1] == pure[1]
    assert len(pure[1].splitlines()) > 10


def build_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mypyc_build", ROOT / "tools" / "mypyc_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_build_fails_loudly_with_mypycs_message(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "referee", tmp_path / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    with (tmp_path / "referee" / "cards.py").open("a", encoding="utf-8") as file:
        file.write('\n\ndef broken() -> int:\n    return "not an int"\n')
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "mypyc_build.py"), "--root", str(tmp_path)],
        env={key: value for key, value in os.environ.items() if key != "TRICKBOOK_PURE"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if "no C compiler" in result.stdout or "no Python headers" in result.stdout:
        pytest.skip(result.stdout.strip())
    assert result.returncode == 1
    assert re.search(r'referee/cards.py:\d+: error: Incompatible return value type \(got "str"', result.stderr)
    assert "TRICKBOOK_PURE=1" in result.stderr
    assert not (tmp_path / _compiled.BUILD / _compiled.MANIFEST).exists()


def test_no_compiler_or_trickbook_pure_means_no_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(ROOT / "referee", tmp_path / "referee", ignore=shutil.ignore_patterns("__pycache__"))
    script = build_script()
    monkeypatch.setattr(sys, "argv", ["mypyc_build.py", "--root", str(tmp_path)])
    monkeypatch.setenv("TRICKBOOK_PURE", "1")
    assert script.main() == 0
    monkeypatch.delenv("TRICKBOOK_PURE")
    monkeypatch.setattr(script.shutil, "which", lambda name: None)
    assert script.main() == 0
    assert "no C compiler" in capsys.readouterr().out
    assert not (tmp_path / "build").exists()


def test_the_build_records_what_the_compiled_modules_import() -> None:
    sources = build_script().sources(ROOT, list(_compiled.MODULES))
    assert {"referee/cards.py", "referee/engine.py", "referee/errors.py", "referee/ruleset.py"} <= set(sources)
    assert "referee/__init__.py" not in sources and "referee/cli.py" not in sources
