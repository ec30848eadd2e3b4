"""Babel extractor for the free text of ruleset files (title, summary, notes, source).

Registered in ``pyproject.toml`` as the Babel extractor ``trickbook_rulesets``
(``wording.extract:extract_rulesets``), which ``babel.cfg`` uses. A plain
string, or the ``en`` entry of a per-language map, becomes a message; the
translations in the catalogs then serve rulesets that give no text of their own
for a language.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

import yaml

FREE_TEXT = ("title", "summary", "notes", "source")


def extract_rulesets(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str, list[str]]]:
    try:
        root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    except (yaml.YAMLError, UnicodeDecodeError):
        return  # `trickbook validate` reports broken files; extraction skips them
    if not isinstance(root, yaml.MappingNode):
        return
    for key, value in root.value:
        if key.value not in FREE_TEXT:
            continue
        if isinstance(value, yaml.MappingNode):
            value = next((v for k, v in value.value if k.value == "en"), None)
        if isinstance(value, yaml.ScalarNode) and value.value:
            yield value.start_mark.line + 1, None, value.value, [f"ruleset {key.value}"]
