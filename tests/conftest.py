"""Markers of the suites that need more than Python: registered here, run by their own make targets.

And the rule pages' figures for the whole session: few games, one cache folder.
"""

from __future__ import annotations

import os
import shutil
import signal
import tempfile

import pytest

from generator.figures import GAMES_VARIABLE

#: Games per ruleset behind the rule pages' figures in the tests and the golden pages
#: (the published site has 500): every figure shows, and `make test` stays fast.
#: tests/update_golden.py builds the golden pages with it too.
SITE_GAMES = "6"
_saved: dict[str, str | None] = {}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "editor: rulesets checked by ajv (npm) as an editor checks them; run by `make test-editor`"
    )
    # Every site the tests build (and every `trickbook` they start) simulates few games, once
    # per ruleset for the whole session, in a cache folder of the session's own, never the user's.
    folder = tempfile.mkdtemp(prefix="trickbook-stats-")
    # Ctrl+C as a terminal sends it, however the suite was started: a background job of a script inherits
    # SIGINT ignored, and so would every process the tests start and interrupt (`trickbook serve` and `stats`
    # rightly keep an inherited ignore), so each such test hung. A handler is reset to the default in a child.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    for name, value in ((GAMES_VARIABLE, SITE_GAMES), ("TRICKBOOK_CACHE", folder)):
        _saved[name] = os.environ.get(name)
        os.environ[name] = value


def pytest_unconfigure(config: pytest.Config) -> None:
    if "TRICKBOOK_CACHE" in _saved:
        shutil.rmtree(os.environ["TRICKBOOK_CACHE"], ignore_errors=True)
    for name, value in _saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The editor suite needs node and the npm packages `make test-editor` installs:
    # it runs when asked for by marker (-m editor), and says why it is skipped otherwise.
    if "editor" in (config.option.markexpr or "").replace("not editor", ""):
        return
    skip = pytest.mark.skip(reason="needs ajv from npm: run `make test-editor`")
    for item in items:
        if "editor" in item.keywords:
            item.add_marker(skip)
