"""Markers of the suites that need more than Python: registered here, run by their own make targets."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "editor: rulesets checked by ajv (npm) as an editor checks them; run by `make test-editor`"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # The editor suite needs node and the npm packages `make test-editor` installs:
    # it runs when asked for by marker (-m editor), and says why it is skipped otherwise.
    if "editor" in (config.option.markexpr or "").replace("not editor", ""):
        return
    skip = pytest.mark.skip(reason="needs ajv from npm: run `make test-editor`")
    for item in items:
        if "editor" in item.keywords:
            item.add_marker(skip)
