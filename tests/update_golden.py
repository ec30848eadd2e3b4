"""Regenerate the golden rule pages in tests/golden/ (run: `make golden`).

Only when a change to the pages is intended: review `git diff tests/golden`
before committing the new pages.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from conftest import SITE_GAMES  # this folder, the script's: first on the path

from generator.figures import GAMES_VARIABLE
from generator.site import build
from wording.i18n import LANGUAGES

GOLDEN = Path(__file__).resolve().parent / "golden"
RULESETS = ("hearts", "euchre")


def main() -> None:
    # The golden pages' figures come from as few games as the tests' builds (tests/conftest.py).
    os.environ[GAMES_VARIABLE] = SITE_GAMES
    with tempfile.TemporaryDirectory() as tmp:
        build(None, Path(tmp))
        for lang in LANGUAGES:
            (GOLDEN / lang).mkdir(parents=True, exist_ok=True)
            for rid in RULESETS:
                shutil.copyfile(Path(tmp) / lang / f"{rid}.html", GOLDEN / lang / f"{rid}.html")
    print(f"wrote {len(LANGUAGES) * len(RULESETS)} golden pages to {GOLDEN}")


if __name__ == "__main__":
    main()
