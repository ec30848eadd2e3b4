"""Every reason the referee gives for refusing a quick-score entry has its sentence at the kiosk, in the table's
language: none falls back to the English "Not possible: ...".
"""

from __future__ import annotations

import re
from pathlib import Path

from kiosk.core import RESULT_REFUSALS

ROOT = Path(__file__).resolve().parent.parent


def test_every_result_refusal_kind_has_a_kiosk_sentence() -> None:
    kinds: set[str] = set()
    for path in sorted((ROOT / "referee").rglob("*.py")):
        kinds |= set(re.findall(r'ResultError\(\s*"([a-z-]+)"', path.read_text(encoding="utf-8")))
    assert len(kinds) >= 20, kinds  # the scan finds them (results.py alone raises more than twenty)
    assert sorted(kinds - set(RESULT_REFUSALS)) == []
