"""``trickbook new``: a commented starter house rule on top of another ruleset.

The file holds the ``# yaml-language-server`` line for editors, ``id``,
``extends`` and ``title``, then commented examples of the changes house rules
make most often. Each example is the base's own setting, so it validates as it
is once uncommented (and changes nothing until its values are changed), and
each key says what it does in its schema description's first sentence: no
example is written by hand for any one game.
"""

from __future__ import annotations

import os
import re
import textwrap
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from referee import RulesetError, load_ruleset
from referee.loader import bundled_ids, locate, published_schema, resolve
from referee.ruleset import check_file

# The settings house rules change most often, in the order the file lists them.
# A one-key path takes the whole block; a two-key path one setting of it. Only
# those the base sets are written.
COMMON: tuple[tuple[str, ...], ...] = (
    ("passing",),
    ("bidding", "rounds"),
    ("bidding", "alone"),
    ("play", "first_trick"),
    ("play", "lead_restrictions"),
    ("scoring", "points"),
    ("scoring", "moon"),
    ("scoring", "no_tricks_bonus"),
    ("scoring", "tricks"),
    ("scoring", "contract"),
    ("scoring", "bags"),
    ("scoring", "nil"),
    ("game",),
)
WIDTH = 88


class StarterError(ValueError):
    """The starter file cannot be written; one line says why."""


class _Dumper(yaml.SafeDumper):
    """Block style, with lists of plain values on one line (``cycle: [left, right]``) and indented lists."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flow = all(not isinstance(item, list | dict) for item in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flow)


_Dumper.add_representer(list, _represent_list)


def dump(data: dict[str, Any]) -> list[str]:
    text = yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False, width=100)
    return text.splitlines()


def check_id(name: str) -> None:
    """Refuse a name that is not a ruleset id by the schema's own pattern, or that a bundled ruleset has."""
    slug = published_schema()["$defs"]["slug"]
    if not re.fullmatch(slug["pattern"], name) or len(name) > slug.get("maxLength", len(name)):
        raise StarterError(
            f"{name!r} is not a ruleset id: lower-case letters, digits and single hyphens "
            f"(at most {slug.get('maxLength')} characters), e.g. hearts-jack"
        )
    if name in bundled_ids():
        raise StarterError(f"{name!r} is the id of a bundled ruleset; give the house rule an id of its own")


def first_sentence(text: str) -> str:
    return re.split(r"(?<=\.)\s", text.strip(), maxsplit=1)[0]


def comment(text: str, prefix: str) -> list[str]:
    return [f"{prefix}{line}" for line in textwrap.wrap(text, WIDTH - len(prefix))]


def _english(text: Any, default: str) -> str:
    """A free text's English (or only) wording."""
    if isinstance(text, dict):
        text = text.get("en") or next(iter(text.values()), None)
    return text if isinstance(text, str) and text else default


def examples(data: dict[str, Any]) -> list[list[str]]:
    """The commented examples of a base's data: one block of lines per top-level key."""
    properties = published_schema()["properties"]
    blocks: list[list[str]] = []
    tops = list(dict.fromkeys(path[0] for path in COMMON))
    for top in tops:
        value = data.get(top)
        if not isinstance(value, dict) or not value:
            continue
        whole = (top,) in COMMON
        keys = list(value) if whole else [p[1] for p in COMMON if p[0] == top and p[1] in value]
        if not keys:
            continue
        node = properties[top]
        lines = comment(first_sentence(node.get("description", top)), "# ")
        lines.append(f"# {top}:")
        for key in keys:
            about = node.get("properties", {}).get(key, {}).get("description")
            if about:
                lines += comment(first_sentence(about), "#   # ")
            lines += [f"#   {line}" for line in dump({key: value[key]})]
        blocks.append(lines)
    return blocks


def schema_line(folder: Path) -> str:
    """The editors' schema line, with the schema's path as seen from ``folder``."""
    schema = Path(str(resources.files("referee.schema").joinpath("ruleset.schema.json"))).resolve()
    try:
        where = Path(os.path.relpath(schema, folder.resolve())).as_posix()
    except ValueError:  # another drive (Windows): only an absolute path reaches it
        where = schema.as_uri()
    return f"# yaml-language-server: $schema={where}"


def starter_text(name: str, base: str, folder: Path) -> str:
    """The starter house rule ``name`` on top of ``base`` (a bundled id, or a file in ``folder``)."""
    check_id(name)
    base_path = locate(base, relative_to=folder / f"{name}.yaml")
    if base_path is None:
        raise StarterError(
            f"no ruleset {base!r} to extend: name a bundled id ({', '.join(bundled_ids())}) "
            "or a .yaml file in this folder"
        )
    try:
        base_rules = load_ruleset(base_path)
        data = resolve(base_path).data
    except RulesetError as exc:
        raise StarterError(f"the base does not validate: {exc.problems[0]}") from None
    base_title = _english(data.get("title"), base_rules.id)
    title = name.replace("-", " ").capitalize()
    lines = [
        schema_line(folder),
        "#",
        *comment(
            f"{title}: a house rule on top of {base_title} ({base_rules.id}). Write only what differs: "
            "maps merge key by key, a list or a plain value replaces the base's whole, and `key: null` "
            "removes a rule so that its default applies again. Each example below is the base's own "
            "setting: uncomment one and change it.",
            "# ",
        ),
        f"#   trickbook validate {name}.yaml   checks this file",
        f"#   trickbook serve {name}.yaml      shows its rule page, updated as you save",
        *dump({"id": name, "extends": base, "title": title}),
    ]
    summary = published_schema()["properties"]["summary"]["description"]
    blocks = [
        [*comment(first_sentence(summary), "# "), f"# {dump({'summary': f'How it differs from {base_title}.'})[0]}"],
        *examples(data),
    ]
    for block in blocks:
        lines += ["", *block]
    return "\n".join(lines) + "\n"


def write_starter(name: str, base: str, folder: Path) -> Path:
    """Write ``folder/name.yaml``, never over an existing file; returns its path."""
    text = starter_text(name, base, folder)
    target = folder / f"{name}.yaml"
    try:
        with target.open("x", encoding="utf-8") as f:
            f.write(text)
    except FileExistsError:
        raise StarterError(f"{target} exists already; choose another name or move that file away") from None
    except OSError as exc:
        raise StarterError(f"cannot write {target}: {exc.strerror or exc}") from None
    problems = check_file(target)
    if problems:  # a starter that does not validate is a bug here, never the author's to find
        target.unlink()
        raise StarterError(f"the starter file did not validate, so it was not kept: {problems[0]}")
    return target
