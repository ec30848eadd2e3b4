"""Reading ruleset files: YAML -> marked document -> `extends` -> schema check.

The pipeline keeps the position of every key and value so that each problem is
reported as ``file:line:column: $.json.path: message``:

1. :func:`read_document` reads one file (size and encoding checks), composes it
   with PyYAML's safe composer and walks the node tree into plain Python data,
   recording the mark of every path. The walk counts nodes, so alias
   "billion laughs" documents stop early with a clear message.
2. :func:`resolve` follows ``extends`` (bundled ids or relative paths) and
   merges: maps merge key by key with the extending file winning, lists and
   scalars replace, ``null`` deletes, free text is never inherited.
3. :func:`validate` checks the merged document against the JSON Schema
   (Draft 2020-12) and maps every error back to the file and line that wrote
   the offending value.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from .errors import Problem, RulesetError

MAX_FILE_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 64
# The only tags a ruleset may use: plain maps, lists, text, numbers, booleans, null.
PLAIN_TAGS = frozenset("tag:yaml.org,2002:" + t for t in ("map", "seq", "str", "int", "float", "bool", "null"))
MAX_EXTENDS_DEPTH = 16
FREE_TEXT_KEYS = ("title", "summary", "notes", "source")

JsonPath = tuple[str | int, ...]


@dataclass(frozen=True)
class Mark:
    file: str
    line: int
    column: int


@dataclass
class Document:
    """A ruleset's data with the marks of its values and keys, by JSON path."""

    data: dict[str, Any]
    file: str
    values: dict[JsonPath, Mark] = field(default_factory=dict)
    keys: dict[JsonPath, Mark] = field(default_factory=dict)
    chain: list[str] = field(default_factory=list)  # ids of the bases, nearest first
    path: Path | None = None  # the file itself
    base: Path | None = None  # the file it extends, if any
    problems: list[Problem] = field(default_factory=list)  # found while reading
    refused: set[JsonPath] = field(default_factory=set)  # values refused while reading

    def mark(self, path: Iterable[str | int], key: bool = False) -> Mark:
        """The mark of ``path``, or of its nearest ancestor that has one."""
        p = tuple(path)
        table = self.keys if key else self.values
        while p:
            if p in table:
                return table[p]
            if p in self.values:
                return self.values[p]
            p = p[:-1]
        return self.values.get((), Mark(self.file, 1, 1))

    def problem(self, path: Iterable[str | int], message: str, key: bool = False) -> Problem:
        p = tuple(path)
        m = self.mark(p, key=key)
        return Problem(m.file, m.line, m.column, json_path(p), message)


def json_path(path: Iterable[str | int]) -> str:
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.isidentifier():
            out += f".{part}"
        else:
            out += f"[{json.dumps(part)}]"
    return out


# -- 1. one file --------------------------------------------------------------


def bundled_dir() -> Path:
    """The folder of bundled rulesets (``rulesets/`` of the source tree)."""
    return Path(str(resources.files("trickbook.rulesets")))


def bundled_ids() -> list[str]:
    return sorted(p.stem for p in bundled_dir().glob("*.yaml"))


def locate(ref: str, relative_to: Path | None = None) -> Path | None:
    """A ruleset reference to a file: a path (relative to a file's folder) or a bundled id."""
    looks_like_path = ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref
    if looks_like_path:
        base = relative_to.parent if relative_to is not None else Path.cwd()
        path = (base / ref).resolve()
        return path if path.is_file() else None
    path = bundled_dir() / f"{ref}.yaml"
    return path if path.is_file() else None


def _decode(raw: bytes, name: str) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        head = raw[: exc.start]
        line = head.count(b"\n") + 1
        # Count characters, not bytes, like every other position we report.
        column = len(head[head.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        raise RulesetError(
            [Problem(name, line, column, "$", f"the file is not UTF-8 (byte 0x{raw[exc.start]:02x})")]
        ) from None


class _Walker:
    """Turns a composed YAML node tree into plain data while recording marks."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.values: dict[JsonPath, Mark] = {}
        self.keys: dict[JsonPath, Mark] = {}
        self.problems: list[Problem] = []
        self.refused: set[JsonPath] = set()
        self.nodes = 0
        self.constructor = yaml.SafeLoader("")

    def mark(self, node: yaml.Node) -> Mark:
        m = node.start_mark
        return Mark(self.name, m.line + 1, m.column + 1)

    def fail(self, node: yaml.Node, path: JsonPath, message: str) -> None:
        m = self.mark(node)
        self.problems.append(Problem(m.file, m.line, m.column, json_path(path), message))

    def walk(self, node: yaml.Node, path: JsonPath) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            # Aliases let a tiny file expand into billions of nodes; refuse early.
            raise _TooBig(node, path, f"the document expands to more than {MAX_NODES} nodes (alias bomb?)")
        if len(path) > MAX_DEPTH:
            raise _TooBig(node, path, f"the document is nested more than {MAX_DEPTH} levels deep")
        self.values[path] = self.mark(node)
        if node.tag not in PLAIN_TAGS:
            # Tags (!!python/object, !!binary, a bare date...) are never
            # constructed: a ruleset is plain data.
            short = node.tag.removeprefix("tag:yaml.org,2002:")
            if short in ("timestamp", "binary", "set", "omap", "pairs"):
                self.fail(node, path, f"a YAML {short} is not allowed here; put the value in quotes to make it text")
            else:
                self.fail(node, path, f"the YAML tag {node.tag!r} is not allowed; write plain values")
            self.refused.add(path)
            return _REFUSED
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    self.fail(key_node, path, "YAML merge keys ('<<') are not supported")
                    continue
                key = self.constructor.construct_object(key_node) if isinstance(key_node, yaml.ScalarNode) else None
                if isinstance(key, int) and not isinstance(key, bool):
                    key = str(key)  # `3: [2D]` in a per-player-count map
                if not isinstance(key, str):
                    self.fail(key_node, path, "keys must be text")
                    continue
                if key in out:
                    self.fail(key_node, (*path, key), f"duplicate key {key!r}")
                    continue
                self.keys[(*path, key)] = self.mark(key_node)
                value = self.walk(value_node, (*path, key))
                if value is not _REFUSED:
                    out[key] = value
            return out
        if isinstance(node, yaml.SequenceNode):
            items = [self.walk(item, (*path, i)) for i, item in enumerate(node.value)]
            return [item for item in items if item is not _REFUSED]
        value = self.constructor.construct_object(node)
        if not isinstance(value, (str, int, float, bool, type(None))):
            self.fail(node, path, f"unsupported value type {type(value).__name__}")
            return None
        return value


_REFUSED = object()  # stands in for a value that was refused while reading


class _TooBig(Exception):
    def __init__(self, node: yaml.Node, path: JsonPath, message: str) -> None:
        self.node = node
        self.path = path
        self.message = message


def read_document(path: Path, name: str | None = None) -> Document:
    """Read and compose one file. Raises RulesetError naming the file and line."""
    name = name or display_name(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RulesetError([Problem(name, 1, 1, "$", f"cannot read the file: {exc.strerror}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise RulesetError(
            [Problem(name, 1, 1, "$", f"the file is too large ({len(raw)} bytes; the limit is {MAX_FILE_BYTES})")]
        )
    text = _decode(raw, name)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = exc.problem or exc.context or "invalid YAML"
        raise RulesetError([Problem(name, line, col, "$", f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as exc:
        first = str(exc).splitlines()[0] if str(exc) else "invalid YAML"
        raise RulesetError([Problem(name, 1, 1, "$", f"YAML error: {first}")]) from None
    except RecursionError:
        raise RulesetError([Problem(name, 1, 1, "$", "the document is nested too deeply")]) from None
    if node is None or (isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null") and not node.value):
        raise RulesetError([Problem(name, 1, 1, "$", "the file is empty")])
    walker = _Walker(name)
    try:
        data = walker.walk(node, ())
    except _TooBig as big:
        m = walker.mark(big.node)
        raise RulesetError([Problem(name, m.line, m.column, json_path(big.path), big.message)]) from None
    if not isinstance(data, dict):
        if data is _REFUSED:
            raise RulesetError(walker.problems)
        raise RulesetError(
            [*walker.problems, Problem(name, 1, 1, "$", "a ruleset must be a mapping of keys to values")]
        )
    # Problems found while reading (duplicate keys, tags) travel with the
    # document, so the schema check still reports everything else too.
    return Document(data, name, walker.values, walker.keys, path=path, problems=walker.problems, refused=walker.refused)


def display_name(path: Path) -> str:
    """A path as the user would write it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# -- 2. extends ---------------------------------------------------------------


def resolve(path: Path, _stack: tuple[Path, ...] = ()) -> Document:
    """Read a file and everything it extends, merged into one document."""
    path = path.resolve()
    doc = read_document(path)
    ref = doc.data.get("extends")
    if ref is None:
        return doc
    if not isinstance(ref, str) or not ref:
        raise RulesetError([doc.problem(("extends",), "expected a ruleset id or a file path")])
    base_path = locate(ref, path)
    if base_path is None:
        known = ", ".join(bundled_ids())
        raise RulesetError(
            [doc.problem(("extends",), f"no ruleset {ref!r} (bundled ids: {known}; or give a .yaml path)")]
        )
    chain = (*_stack, path)
    if base_path in chain:
        cycle = " -> ".join(display_name(p) for p in (*chain[chain.index(base_path) :], base_path))
        raise RulesetError([doc.problem(("extends",), f"extends cycle: {cycle}")])
    if len(chain) > MAX_EXTENDS_DEPTH:
        raise RulesetError([doc.problem(("extends",), f"more than {MAX_EXTENDS_DEPTH} levels of extends")])
    base = resolve(base_path, chain)
    return merge(base, doc)


def merge(base: Document, child: Document) -> Document:
    """``child`` on top of ``base``: the documented merge rule, marks included."""
    base_data = {k: v for k, v in base.data.items() if k not in (*FREE_TEXT_KEYS, "id")}
    values = {p: m for p, m in base.values.items() if not p or p[0] not in FREE_TEXT_KEYS}
    keys = {p: m for p, m in base.keys.items() if p[0] not in FREE_TEXT_KEYS}

    def drop(prefix: JsonPath) -> None:
        for table in (values, keys):
            for p in [p for p in table if p[: len(prefix)] == prefix and len(p) > len(prefix)]:
                del table[p]

    def combine(a: Any, b: dict[str, Any], path: JsonPath) -> dict[str, Any]:
        out = dict(a) if isinstance(a, dict) else {}
        if not isinstance(a, dict):
            drop(path)
        for key, value in b.items():
            sub = (*path, key)
            if value is None:  # null removes the key: its default applies again
                out.pop(key, None)
                drop(sub)
                keys.pop(sub, None)
                values.pop(sub, None)
                continue
            if isinstance(value, dict):
                out[key] = combine(out.get(key), value, sub)
            else:
                out[key] = value
                drop(sub)
        return out

    data = combine(base_data, {k: v for k, v in child.data.items() if k != "extends"}, ())
    values.update({p: m for p, m in child.values.items() if p[:1] != ("extends",)})
    keys.update({p: m for p, m in child.keys.items() if p[:1] != ("extends",)})
    base_id = base.data.get("id")
    chain = [base_id, *base.chain] if isinstance(base_id, str) else list(base.chain)
    return Document(
        data,
        child.file,
        values,
        keys,
        chain,
        path=child.path,
        base=base.path,
        problems=base.problems + child.problems,
        refused=base.refused | child.refused,
    )


# -- 3. schema ----------------------------------------------------------------


@cache
def schema() -> dict[str, Any]:
    text = resources.files("referee.schema").joinpath("ruleset.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema())


_PATTERN_HINTS = {
    "^[2-9TJQKA][CDHS]$": "is not a card code (a rank 2-9 T J Q K A, then a suit C D H S: 'QS', 'TH')",
    "^([2-9TJQKA]?[CDHS])$": "is not a suit (C D H S) or a card code ('QS', 'TH')",
    "^[a-z0-9]+(-[a-z0-9]+)*$": "is not a valid id (lower-case letters, digits and single hyphens)",
    "^[2-8]$": "is not a number of players (2-8)",
}

_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "text",
    "integer": "a whole number",
    "boolean": "true or false",
    "number": "a number",
    "null": "nothing",
}


def _describe(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _messages(error: ValidationError, doc: Document) -> Iterator[Problem]:
    """Readable problems for one schema error, each at the most precise mark."""
    path = tuple(error.absolute_path)
    kind = error.validator
    # The typed attributes of ValidationError include an "unset" marker; the
    # errors iter_errors yields always have them set.
    instance: Any = error.instance
    value: Any = error.validator_value
    schema_part: Any = error.schema
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = set(schema_part.get("properties", {}))
        for key in instance:
            if key not in allowed:
                close = difflib.get_close_matches(key, sorted(allowed), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                choices = ", ".join(sorted(allowed))
                yield doc.problem((*path, key), f"unknown key {key!r}{hint}; allowed here: {choices}", key=True)
        return
    if kind in ("oneOf", "anyOf") and error.context:
        # Report the alternative that got furthest rather than "not valid under any".
        # Prefer an alternative of the right type that failed on a detail
        # (hand_size: 30 breaks the maximum; it is not "not 'all'").
        detailed = [e for e in error.context if e.validator not in ("type", "const", "enum")]
        inner = best_match(detailed or error.context)
        if inner.validator not in ("oneOf", "anyOf", "const"):
            yield from _messages(inner, doc)
            return
        options = [s.get("const", s.get("type")) for s in value]
        expected = ", ".join(str(o) for o in options)
        yield doc.problem(path, f"{_describe(instance)} is not valid here; expected one of: {expected}")
        return
    if kind == "propertyNames":
        inner = best_match(error.context) if error.context else error
        bad: Any = inner.instance
        inner_value: Any = inner.validator_value
        hint = _PATTERN_HINTS.get(inner_value, "is not allowed as a key here")
        yield doc.problem((*path, str(bad)), f"{_describe(bad)} {hint}", key=True)
        return
    if kind == "pattern":
        hint = _PATTERN_HINTS.get(value, f"does not match {value}")
        if "propertyNames" in error.absolute_schema_path:  # a bad key: point at the key
            yield doc.problem((*path, str(instance)), f"{_describe(instance)} {hint}", key=True)
            return
        yield doc.problem(path, f"{_describe(instance)} {hint}")
        return
    if kind == "enum":
        choices = ", ".join(str(v) for v in value)
        yield doc.problem(path, f"{_describe(instance)} is not one of: {choices}")
        return
    if kind == "type":
        wanted = value if isinstance(value, list) else [value]
        want_text = " or ".join(str(_TYPE_NAMES.get(w, w)) for w in wanted)
        yield doc.problem(path, f"expected {want_text}, got {_describe(instance)}")
        return
    if kind == "required":
        yield doc.problem(path, error.message.replace("is a required property", "is missing (required)"))
        return
    if kind == "uniqueItems":
        yield doc.problem(path, f"{_describe(instance)} lists an item twice")
        return
    yield doc.problem(path, error.message)


def validate(doc: Document) -> list[Problem]:
    """Every schema problem of a (merged) document, in file order."""
    problems: list[Problem] = list(doc.problems)
    for error in _validator().iter_errors(doc.data):
        path = tuple(error.absolute_path)
        if any(path[: len(r)] == r for r in doc.refused):
            continue  # already reported: the value was refused while reading
        if error.validator == "required" and isinstance(error.instance, dict):
            missing = [k for k in error.validator_value if k not in error.instance]
            if all((*path, k) in doc.refused for k in missing):
                continue
        problems.extend(_messages(error, doc))
    return sorted(set(problems))
