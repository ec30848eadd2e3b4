"""What `pip install trickbook` gets: the wheel's files, built from this checkout.

The wheel is the referee and the pages (their packages, the schema, the rulesets and the
catalogs, read as they are); the kiosk and the club bring their stacks as extras, and
their commands say in one line how to add them (tests/test_cli.py).
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_the_wheel_holds_every_package_and_the_data_the_pages_need(tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(tmp_path),
            ".",
        ],
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("trickbook-*.whl")
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
