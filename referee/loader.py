"""Reading ruleset files: YAML -> marked document -> `extends` -> schema check.

The pipeline keeps the position of every key and value so that each problem is
reported as ``file:line:column: $.json.path: message``:

1. :func:`read_document` reads one file (the size is checked before reading,
   then at most ``MAX_FILE_BYTES + 1`` bytes are read; encoding checks),
   composes it with PyYAML's safe composer and walks the node tree into plain
   Python data, recording the mark of every path. The walk counts nodes, so
   alias "billion laughs" documents stop early with a clear message, and it
   refuses control characters in keys and text. Suits and cards are then
   rewritten to their canonical codes (``10♦`` -> ``TD``).
2. :func:`resolve` follows ``extends`` and merges: maps merge key by key with
   the extending file winning, lists and scalars replace, ``null`` deletes,
   free text is never inherited. ``extends`` names a bundled id or a ``.yaml``
   file inside the folder of the file that names it (or inside a folder the
   caller allows with ``base_dirs``): house rules are untrusted input. Problems
   inside a base file the user did not name never quote its values.
3. :func:`validate` checks the merged document against the JSON Schema
   (Draft 2020-12, every ``pattern`` matching the whole value) and maps every
   error back to the file and line that wrote the offending value.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import json
import re
import stat
import threading
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match

from .cards import read_pattern
from .errors import Problem, RulesetError, one_line

MAX_FILE_BYTES = 1 << 20
MAX_NODES = 100_000
MAX_DEPTH = 64
# The only tags a ruleset may use: plain maps, lists, text, numbers, booleans, null.
PLAIN_TAGS = frozenset("tag:yaml.org,2002:" + t for t in ("map", "seq", "str", "int", "float", "bool", "null"))
MAX_EXTENDS_DEPTH = 16
FREE_TEXT_KEYS = ("title", "summary", "notes", "source")
#: Free text that may span lines: YAML block scalars (``notes: >``) end in a
#: line break, and a tab inside a paragraph is harmless. Every other key and
#: text (ids, titles, sources, card codes...) is one line of printable text.
MULTILINE_KEYS = ("summary", "notes")
# C0 controls, DEL and C1 controls; the second leaves out tab and line feed.
# Control characters, and the bidirectional overrides and isolates, which can make a page or a
# terminal show other text than it holds ("\u202emoc.elpmaxe//:sptth" shows as a web address).
# One-line text also refuses the Unicode line and paragraph separators: a title must not break.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_CONTROL_IN_PROSE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_CONTROL_NAMES = {
    **{chr(c): "a bidirectional override" for c in range(0x202A, 0x202F)},
    **{chr(c): "a bidirectional isolate" for c in range(0x2066, 0x206A)},
    "\t": "a tab",
    "\n": "a line break",
    "\r": "a carriage return",
    "\x00": "a NUL",
    "\x85": "a line break",
    "\u2028": "a line separator",
    "\u2029": "a paragraph separator",
}
_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")

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
        shown = p if m.file == self.file else _safe_path(p)
        return Problem(m.file, m.line, m.column, json_path(shown), message)

    def quotes(self, path: Iterable[str | int], key: bool = False) -> bool:
        """Whether a problem at ``path`` may quote the file's values: only in the file the user named."""
        return self.mark(path, key=key).file == self.file


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


def _safe_path(path: JsonPath) -> JsonPath:
    """``path`` up to the first key that the schema does not name: keys are a file's values too."""
    for i, p in enumerate(path):
        if not (isinstance(p, int) or p in _schema_words() or _is_key_pattern(p)):
            return path[:i]
    return path


def _is_key_pattern(key: str) -> bool:
    if re.fullmatch("[2-8]", key):
        return True
    try:
        return read_pattern(key) == key
    except ValueError:
        return False


@cache
def _schema_words() -> frozenset[str]:
    words: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            words.update(k for k in node.get("properties", {}) if isinstance(k, str))
            for sub in node.values():
                walk(sub)
        elif isinstance(node, list):
            for sub in node:
                walk(sub)

    walk(schema())
    return frozenset(words)


def _control_name(ch: str) -> str:
    name = _CONTROL_NAMES.get(ch)
    return f"U+{ord(ch):04X}" + (f" ({name})" if name else "")


# -- 1. one file --------------------------------------------------------------


def bundled_dir() -> Path:
    """The folder of bundled rulesets (``rulesets/`` of the source tree)."""
    return Path(str(resources.files("trickbook.rulesets")))


def ruleset_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """The files named, with a folder standing for the .yaml and .yml files in it (sorted), and a bundled id
    that names no file here for its bundled file (as ``play`` and ``site`` take it)."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted([*path.glob("*.yaml"), *path.glob("*.yml")])
        elif not path.exists() and (bundled := locate(str(raw))) is not None:
            yield bundled
        else:
            yield path


def bundled_ids() -> list[str]:
    return sorted(p.stem for p in bundled_dir().glob("*.yaml"))


def locate(ref: str, relative_to: Path | None = None) -> Path | None:
    """A ruleset reference to a file: a path (relative to a file's folder) or a bundled id.

    This is how the *user* names a ruleset (``trickbook play my-rules.yaml``),
    and is not confined to any folder; ``extends`` inside a file goes through
    :func:`resolve`, which is.
    """
    if _CONTROL.search(ref):
        return None
    looks_like_path = ref.endswith((".yaml", ".yml")) or "/" in ref or "\\" in ref
    try:
        if looks_like_path:
            base = relative_to.parent if relative_to is not None else Path.cwd()
            path = (base / ref).resolve()
            return path if path.is_file() else None
        path = bundled_dir() / f"{ref}.yaml"
        return path if path.is_file() else None
    except (OSError, ValueError, RuntimeError):  # a name the OS refuses, a symlink loop
        return None


def _decode(raw: bytes, name: str, quote: bool = True) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        head = raw[: exc.start]
        line = head.count(b"\n") + 1
        # Count characters, not bytes, like every other position we report.
        column = len(head[head.rfind(b"\n") + 1 :].decode("utf-8", errors="replace")) + 1
        byte = f" (byte 0x{raw[exc.start]:02x})" if quote else ""
        raise RulesetError([Problem(name, line, column, "$", f"the file is not UTF-8{byte}")]) from None


def _read_capped(path: Path, name: str) -> bytes:
    """The file's bytes, refusing a file over the limit before reading it, and never reading more than the limit."""

    def refuse(message: str) -> RulesetError:
        return RulesetError([Problem(name, 1, 1, "$", message)])

    try:
        size = path.stat().st_size
    except OSError as exc:
        raise refuse(f"cannot read the file: {exc.strerror or exc}") from None
    except ValueError:  # a NUL in the name
        raise refuse("cannot read the file: its name holds a NUL character") from None
    if size > MAX_FILE_BYTES:
        raise refuse(f"the file is too large ({size} bytes; the limit is {MAX_FILE_BYTES})")
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_FILE_BYTES + 1)  # a device or a file that grows may say 0 bytes
    except OSError as exc:
        raise refuse(f"cannot read the file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise refuse(f"the file is too large (more than the limit of {MAX_FILE_BYTES} bytes)")
    return raw


class _Walker:
    """Turns a composed YAML node tree into plain data while recording marks.

    ``quote`` is False for a base file the user did not name: its problems
    then say what is wrong and where, never what the file holds.
    """

    def __init__(self, name: str, quote: bool = True) -> None:
        self.name = name
        self.quote = quote
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
        shown = path if self.quote else _safe_path(path)
        self.problems.append(Problem(m.file, m.line, m.column, json_path(shown), message))

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
            elif self.quote and not _CONTROL.search(node.tag):
                self.fail(node, path, f"the YAML tag {node.tag!r} is not allowed; write plain values")
            else:
                self.fail(node, path, "a YAML tag is not allowed; write plain values")
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
                bad = _CONTROL.search(key)
                if bad:
                    self.fail(key_node, path, f"a key holds a control character, {_control_name(bad.group())}")
                    continue
                if key in out:
                    self.fail(key_node, (*path, key), f"duplicate key {key!r}" if self.quote else "duplicate key")
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
        if isinstance(value, str):
            prose = path[:1] in [(k,) for k in MULTILINE_KEYS]
            bad = (_CONTROL_IN_PROSE if prose else _CONTROL).search(value)
            if bad:
                where = f", at character {bad.start() + 1}" if self.quote else ""
                hint = (
                    ""
                    if prose or bad.group() not in "\t\n\x85\u2028\u2029"
                    else f"; only {' and '.join(MULTILINE_KEYS)} may span lines"
                )
                self.fail(node, path, f"the text holds a control character, {_control_name(bad.group())}{where}{hint}")
                self.refused.add(path)
                return _REFUSED
        return value


_REFUSED = object()  # stands in for a value that was refused while reading


class _TooBig(Exception):
    def __init__(self, node: yaml.Node, path: JsonPath, message: str) -> None:
        self.node = node
        self.path = path
        self.message = message


def read_document(path: Path, name: str | None = None, *, quote: bool = True) -> Document:
    """Read and compose one file. Raises RulesetError naming the file and line.

    ``quote=False`` is for a base file the user did not name: its problems say
    what is wrong and where without quoting what it holds.
    """
    name = name or display_name(path)
    raw = _read_capped(path, name)
    key = (name, quote, raw)
    read = _read.get(key)
    if read is None:
        read = _compose_document(path, name, quote, raw)
        with _read_lock:  # the club server's threads load rulesets too
            while len(_read) >= READ_KEPT:
                del _read[next(iter(_read))]  # the oldest
            _read[key] = read
    return copy.deepcopy(read)  # a caller may change its document; the next one gets the file as read


#: How many documents :func:`read_document` keeps, by name and bytes: a file is composed once while its
#: bytes stay the same (every ruleset that extends Hearts reads hearts.yaml; YAML is slow to compose).
READ_KEPT = 64
_read: dict[tuple[str, bool, bytes], Document] = {}
_read_lock = threading.Lock()


#: PyYAML's libyaml loader where PyYAML was built with it (its wheels are), else None.
_FAST_LOADER: Any = getattr(yaml, "CSafeLoader", None)


def _compose_document(path: Path, name: str, quote: bool, raw: bytes) -> Document:
    text = _decode(raw, name, quote)
    node = None
    if _FAST_LOADER is not None:
        # libyaml composes the same nodes and marks about six times faster (a file of 60,000 keys: 0.8 s, not
        # 5 s); a file it refuses (or nests past its limit of 1,000) is read again below for PyYAML's message.
        with contextlib.suppress(yaml.YAMLError, RecursionError):
            node = yaml.compose(text, Loader=_FAST_LOADER)
    if node is None:
        try:
            node = yaml.compose(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as exc:
            raise RulesetError([_yaml_problem(exc, text, name, quote)]) from None
        except RecursionError:
            raise RulesetError([Problem(name, 1, 1, "$", "the document is nested too deeply")]) from None
    if node is None or (isinstance(node, yaml.ScalarNode) and node.tag.endswith(":null") and not node.value):
        raise RulesetError([Problem(name, 1, 1, "$", "the file is empty")])
    walker = _Walker(name, quote)
    try:
        data = walker.walk(node, ())
    except _TooBig as big:
        m = walker.mark(big.node)
        shown = big.path if quote else _safe_path(big.path)
        raise RulesetError([Problem(name, m.line, m.column, json_path(shown), big.message)]) from None
    if not isinstance(data, dict):
        if data is _REFUSED:
            raise RulesetError(walker.problems)
        raise RulesetError(
            [*walker.problems, Problem(name, 1, 1, "$", "a ruleset must be a mapping of keys to values")]
        )
    # Problems found while reading (duplicate keys, tags) travel with the
    # document, so the schema check still reports everything else too.
    doc = Document(data, name, walker.values, walker.keys, path=path, problems=walker.problems, refused=walker.refused)
    _canonical_patterns(doc, quote)
    return doc


def display_name(path: Path) -> str:
    """A path as the user would write it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError, RuntimeError):
        return str(path)


# -- YAML syntax errors in a user's words ----------------------------------------


def _yaml_problem(exc: yaml.YAMLError, text: str, name: str, quote: bool) -> Problem:
    """One problem for a PyYAML error: what is wrong in a user's words, at the line to fix."""
    if isinstance(exc, yaml.reader.ReaderError):
        head = text[: exc.position]
        line, column = head.count("\n") + 1, exc.position - (head.rfind("\n") + 1) + 1
        char: str = chr(exc.character) if isinstance(exc.character, int) else str(exc.character)
        what = f"a control character, {_control_name(char)}," if _CONTROL.match(char) else "a character"
        return Problem(name, line, column, "$", f"YAML syntax error: {what} that YAML does not allow in a file")
    if not isinstance(exc, yaml.MarkedYAMLError):
        return Problem(name, 1, 1, "$", "YAML syntax error: the file is not valid YAML")
    problem, context = exc.problem or "", exc.context or ""
    at, ctx = exc.problem_mark, exc.context_mark
    lines = text.splitlines()

    def here(mark: Any, message: str) -> Problem:
        """``mark``: a PyYAML mark, or a line index whose first non-blank character is meant."""
        if isinstance(mark, int):
            text_line = lines[mark] if mark < len(lines) else ""
            line, column = mark + 1, len(text_line) - len(text_line.lstrip(" ")) + 1
        else:
            line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        return Problem(name, line, column, "$", "YAML syntax error: " + message)

    def line_of(mark: Any) -> str:
        return lines[mark.line] if mark is not None and mark.line < len(lines) else ""

    if "cannot start any token" in problem:
        if "'\\t'" in problem:
            return here(at, "a tab character; YAML indents with spaces only")
        start = next((c for c in "@`%|>!&*" if f"'{c}'" in problem), None)
        what = f"'{start}'" if start else "this character"
        return here(at, f"a value cannot start with {what}; put the value in quotes")
    if "quoted scalar" in context and "end of stream" in problem:
        return here(ctx, "this quote is never closed; end the text with the same quote")
    if "unknown escape character" in problem:
        return here(at, "an unknown escape after a backslash in double quotes; write \\\\ for a backslash")
    for opening, closing, what in (("[", "]", "list"), ("{", "}", "map")):
        if f"expected ',' or '{closing}'" in problem:
            noticed = f" (noticed at line {at.line + 1}, column {at.column + 1})" if at is not None else ""
            return here(
                ctx,
                f"the {what} opened with '{opening}' here is not closed with '{closing}', "
                f"or a ',' is missing between its items{noticed}",
            )
    if "could not find expected ':'" in problem:
        return here(ctx, "a key without ':'; write key: value")
    if problem == "mapping values are not allowed here" and at is not None:
        text_line = line_of(at)
        before = text_line[: at.column]
        if re.search(r"\S:(\s|$)", before):
            return here(at, "a second ': ' on this line; put the value in quotes")
        above = next((i for i in range(at.line - 1, -1, -1) if lines[i].strip()), None)
        if above is not None and ":" not in lines[above].split("#")[0]:
            return here(above, "a key without ':'; write key: value")
        return here(
            at.line,
            "bad indentation: this line is indented more than the key above it, so it reads as part of "
            "that key's value; indent it like the other keys of its map",
        )
    if problem.startswith("expected <block end>, but found"):
        found = problem.removeprefix("expected <block end>, but found ").strip("'")
        messages = {
            "<block mapping start>": "bad indentation: this key is not lined up with the keys above it",
            "<block sequence start>": "bad indentation: this list is not lined up with the keys above it",
            "-": "a list item ('- ') among the keys of a map; put the list under a key",
            "]": "a ']' with no '[' before it",
            "}": "a '}' with no '{' before it",
            ",": "a ',' outside brackets; write a list as [a, b], or put the value in quotes",
            "<scalar>": "text after a value that has ended (a quoted text, a list or a map); "
            "put the whole value in quotes",
        }
        return here(at, messages.get(found, "bad indentation or stray text; line up the keys of each map"))
    if "expected a single document" in context:
        return here(at, "a second document ('---'); a ruleset file holds one document")
    if "found undefined alias" in problem:
        alias = problem.removeprefix("found undefined alias ").strip("'")
        what = f"*{alias}" if quote and not _CONTROL.search(alias) else "this alias"
        return here(at, f"{what} names no anchor (&name) defined before it")
    if "found duplicate anchor" in context:
        return here(at, "the same anchor (&name) is defined twice")
    if "directive" in context or "directive" in problem:
        return here(at, "a line starting with '%' is a YAML directive; put the value in quotes")
    words = " ".join(w for w in (context, problem) if w)
    return here(at or ctx, words if quote and not _CONTROL.search(words) else "the file is not valid YAML here")


# -- suits and cards in their canonical spelling ----------------------------------


def _canonical_patterns(doc: Document, quote: bool = True) -> None:
    """Rewrite every suit and card the schema places (keys included) to its canonical code.

    A ruleset may write ``10♦``, ``q♠`` or ``♠Q`` (see ``referee.cards.read_pattern``);
    everything after the loader (merge, engine, rule pages) sees ``TD`` and
    ``QS``. Marks follow renamed keys. Two keys naming the same card are a
    duplicate key. Spellings that read as nothing are left alone for the
    schema to report.
    """
    defs = schema()["$defs"]

    def ref_of(node: dict[str, Any]) -> str | None:
        ref = node.get("$ref")
        return ref.removeprefix("#/$defs/") if isinstance(ref, str) and ref.startswith("#/$defs/") else None

    def canonical(value: Any, card_only: bool) -> Any:
        if not isinstance(value, str):
            return value
        try:
            code = read_pattern(value)
        except ValueError:
            return value
        return value if card_only and len(code) == 1 else code

    def move(old: JsonPath, new: JsonPath) -> None:
        n = len(old)
        for table in (doc.values, doc.keys):
            for p in [p for p in table if p[:n] == old]:
                table[new + p[n:]] = table.pop(p)
        for p in [p for p in doc.refused if p[:n] == old]:
            doc.refused.discard(p)
            doc.refused.add(new + p[n:])

    def visit(node: dict[str, Any], value: Any, path: JsonPath) -> Any:
        name = ref_of(node)
        if name in ("card", "pattern"):
            return canonical(value, name == "card")
        if name in defs:
            value = visit(defs[name], value, path)
        for keyword in ("oneOf", "anyOf", "allOf"):
            for branch in node.get(keyword, []):
                value = visit(branch, value, path)
        if isinstance(value, dict):
            names = node.get("propertyNames")
            if isinstance(names, dict) and ref_of(names) == "pattern":
                renamed: dict[str, Any] = {}
                for key, sub in value.items():
                    code = canonical(key, False)
                    if code in renamed:
                        m = doc.mark((*path, key), key=True)
                        shown = (
                            f"{key!r} names the same cards as {code!r}"
                            if quote
                            else "a key names the same cards as another"
                        )
                        doc.problems.append(
                            Problem(m.file, m.line, m.column, json_path(path), f"duplicate key: {shown}")
                        )
                        continue
                    if code != key:
                        move((*path, key), (*path, code))
                    renamed[code] = sub
                value = renamed
            properties = node.get("properties", {})
            extra = node.get("additionalProperties")
            for key in list(value):
                sub_schema = properties.get(key, extra if isinstance(extra, dict) else None)
                if isinstance(sub_schema, dict):
                    value[key] = visit(sub_schema, value[key], (*path, key))
        elif isinstance(value, list) and isinstance(node.get("items"), dict):
            for i, item in enumerate(value):
                value[i] = visit(node["items"], item, (*path, i))
        return value

    doc.data = visit(schema(), doc.data, ())


# -- 2. extends ---------------------------------------------------------------

_BASE_DIRS: ContextVar[tuple[Path, ...]] = ContextVar("trickbook_base_dirs", default=())


@contextlib.contextmanager
def allowed_base_dirs(dirs: Iterable[str | Path]) -> Iterator[None]:
    """Within the block, ``extends`` may also name files inside ``dirs`` (``trickbook validate --base-dir``)."""
    token = _BASE_DIRS.set((*_BASE_DIRS.get(), *(Path(d).resolve() for d in dirs)))
    try:
        yield
    finally:
        _BASE_DIRS.reset(token)


class _ChainError(Exception):
    """A cycle or too long a chain, reported at the ``extends`` line of the file the user named."""

    def __init__(self, chain: tuple[Path, ...], message: str) -> None:
        self.chain = chain
        self.message = message


def resolve(path: Path, _stack: tuple[Path, ...] = (), base_dirs: Iterable[str | Path] | None = None) -> Document:
    """Read a file and everything it extends, merged into one document.

    ``extends`` may name a bundled id, or a ``.yaml``/``.yml`` file that
    resolves (symlinks followed) inside the folder of the file naming it, or
    inside one of ``base_dirs`` (and the folders :func:`allowed_base_dirs`
    allows). Anything else is a problem at the ``extends`` line.
    """
    dirs = (*_BASE_DIRS.get(), *(Path(d).resolve() for d in base_dirs or ()))
    return _resolve(Path(path).resolve(), tuple(_stack), dirs)


def _resolve(path: Path, stack: tuple[Path, ...], dirs: tuple[Path, ...]) -> Document:
    named = not stack  # the file the user named; bases are only described, never quoted
    doc = read_document(path, quote=named)
    if ("extends",) in doc.refused:
        raise RulesetError(doc.problems)
    ref = doc.data.get("extends")
    if ref is None:
        return merge(Document({}, doc.file), doc)  # a null anywhere still means "the default"
    if not isinstance(ref, str) or not ref:
        raise RulesetError([doc.problem(("extends",), "expected a ruleset id or a file path")])
    base_path = _locate_base(ref, doc, path, dirs, named)
    chain = (*stack, path)
    try:
        if base_path in chain:
            raise _ChainError((*chain, base_path), "extends cycle")
        if len(chain) > MAX_EXTENDS_DEPTH:
            raise _ChainError(chain, f"more than {MAX_EXTENDS_DEPTH} levels of extends")
        base = _resolve(base_path, chain, dirs)
    except _ChainError as exc:
        if not named:
            raise
        shown = " -> ".join(display_name(p) for p in exc.chain)
        raise RulesetError([doc.problem(("extends",), f"{exc.message}: {shown}")]) from None
    return merge(base, doc)


def _locate_base(ref: str, doc: Document, path: Path, dirs: tuple[Path, ...], named: bool) -> Path:
    """The file ``extends: ref`` names, or a RulesetError at the extends line (quoting nothing from a base)."""

    def refuse(message: str, quiet: str) -> RulesetError:
        return RulesetError([doc.problem(("extends",), message if named else f"this base file's extends {quiet}")])

    if _SLUG.fullmatch(ref):
        found = bundled_dir() / f"{ref}.yaml"
        if found.is_file():
            return found
        known = ", ".join(bundled_ids())
        raise refuse(
            f"no bundled ruleset {ref!r} (bundled ids: {known}); name a file by a path ending in .yaml or .yml",
            "names no bundled ruleset",
        )
    if not ref.endswith((".yaml", ".yml")):
        raise refuse(
            f"{ref!r} is neither a bundled id (lower-case letters, digits and hyphens) "
            "nor a path to a .yaml or .yml file",
            "is neither a bundled id nor a path to a .yaml or .yml file",
        )
    if Path(ref).is_absolute() or ref.startswith("\\"):
        raise refuse(
            f"{ref!r} is an absolute path; extends takes a bundled id or a path relative to this file's folder",
            "is an absolute path",
        )
    folder = path.parent
    try:
        target = (folder / ref).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        raise refuse(f"{ref!r} cannot be followed ({exc})", "cannot be followed") from None
    roots = (folder, *dirs)
    if not any(target.is_relative_to(root) for root in roots):
        where = " or ".join(str(r) for r in roots)
        raise refuse(
            f"{ref!r} resolves to {target}, outside {where}; extends may only name files inside the folder "
            "of the file that names them (or a folder allowed with --base-dir)",
            "names a file outside its folder",
        )
    try:
        mode = target.stat().st_mode
    except OSError:
        hint = f"; for the bundled ruleset write extends: {Path(ref).stem}" if Path(ref).stem in bundled_ids() else ""
        raise refuse(
            f"the file {ref!r} does not exist (looked for {target}){hint}", "names a file that does not exist"
        ) from None
    if not stat.S_ISREG(mode):
        raise refuse(f"{ref!r} is not a regular file ({target})", "names something that is not a regular file")
    return target


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
def published_schema() -> dict[str, Any]:
    """The schema file as editors read it: ``null`` is allowed wherever ``extends`` lets a key be removed."""
    text = resources.files("referee.schema").joinpath("ruleset.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _without_null(node: Any) -> Any:
    """A schema with every ``null`` alternative taken out."""
    if isinstance(node, list):
        return [_without_null(n) for n in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    unwrap: dict[str, Any] = {}
    for key, value in node.items():
        if key == "type" and isinstance(value, list) and "null" in value:
            rest = [t for t in value if t != "null"]
            out[key] = rest[0] if len(rest) == 1 else rest
        elif key == "enum" and isinstance(value, list):
            out[key] = [v for v in value if v is not None]
        elif key in ("anyOf", "oneOf") and isinstance(value, list):
            branches = [_without_null(b) for b in value if b != {"type": "null"}]
            if len(branches) == 1 and isinstance(branches[0], dict):
                unwrap = branches[0]
            else:
                out[key] = branches
        else:
            out[key] = _without_null(value)
    return {**out, **unwrap}


@cache
def schema() -> dict[str, Any]:
    """The schema the loader checks a merged document against: the published one without its ``null``s.

    The loader removes every null before the check (a null removes a key, so
    its default applies), so the published schema's ``null`` alternatives
    are only for editors.
    """
    strict: dict[str, Any] = _without_null(published_schema())
    return strict


def _whole_pattern(
    validator: Any, pattern: str, instance: Any, schema_part: dict[str, Any]
) -> Iterator[ValidationError]:
    # jsonschema uses re.search, where `$` also matches before a final "\n":
    # "evil\n" would pass "^[a-z]+$". Every pattern of the schema is anchored
    # (a test checks), so matching the whole value is what ECMA-262 does too.
    if validator.is_type(instance, "string") and not re.fullmatch(pattern, instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


_Validator = validators.extend(Draft202012Validator, {"pattern": _whole_pattern})  # type: ignore[no-untyped-call]


@cache
def _validator() -> Any:
    return _Validator(schema())


@cache
def _pattern_hints() -> dict[str, str]:
    defs = schema()["$defs"]
    hints = {
        "card": "is not a card code (a rank 2-9, T or 10, J, Q, K, A, then a suit C D H S or ♣ ♦ ♥ ♠: "
        "'QS', '10H', 'q♠'; or the suit symbol first: '♠Q')",
        "pattern": "is not a suit (C D H S or ♣ ♦ ♥ ♠) or a card code ('QS', '10H', 'q♠', '♠Q')",
        "slug": "is not a valid id (lower-case letters, digits and single hyphens)",
    }
    out = {defs[name]["pattern"]: hint for name, hint in hints.items() if "pattern" in defs.get(name, {})}
    out["^[2-8]$"] = "is not a number of players (2-8)"
    return out


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
    text = one_line(json.dumps(value, ensure_ascii=False))
    # Invisible characters (a bidirectional override) are shown as escapes: the terminal must not obey them.
    text = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in text)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind(value: Any) -> str:
    """What a value is, without saying what it holds: for problems in a base file."""
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return "text" if isinstance(value, str) else "a value"


#: How many unknown keys of one mapping get a "did you mean" hint (validate prints a file's first 100 problems).
HINTED = 100

_LIMITS = {
    "minimum": "is less than the minimum of {}",
    "maximum": "is greater than the maximum of {}",
    "exclusiveMinimum": "is not more than {}",
    "exclusiveMaximum": "is not less than {}",
    "minLength": "is shorter than {} character(s)",
    "maxLength": "is longer than {} character(s)",
    "minItems": "has fewer than {} item(s)",
    "maxItems": "has more than {} item(s)",
    "minProperties": "has fewer than {} key(s)",
    "maxProperties": "has more than {} key(s)",
    "const": "is not {}",
    "multipleOf": "is not a multiple of {}",
}


def _messages(error: ValidationError, doc: Document) -> Iterator[Problem]:
    """Readable problems for one schema error, each at the most precise mark.

    In a base file the user did not name, messages describe the value
    ("expected a mapping, got text") instead of quoting it.
    """
    path = tuple(error.absolute_path)
    kind = error.validator
    # The typed attributes of ValidationError include an "unset" marker; the
    # errors iter_errors yields always have them set.
    instance: Any = error.instance
    value: Any = error.validator_value
    schema_part: Any = error.schema
    quote = doc.quotes(path)
    shown = _describe(instance) if quote else "the value"
    if kind == "additionalProperties" and isinstance(instance, dict):
        allowed = set(schema_part.get("properties", {}))
        # The allowed keys are listed once per mapping, with its first unknown key: a file of
        # thousands of unknown keys must not print the list thousands of times.
        names = sorted(allowed)
        choices = "; allowed here: " + ", ".join(names)
        hinted = 0
        for key in instance:
            if key not in allowed:
                if not doc.quotes((*path, key), key=True):
                    yield doc.problem((*path, key), f"unknown key{choices}", key=True)
                else:
                    # A near miss is looked for among the first HINTED unknown keys of a mapping only: more
                    # are no typos, and difflib over each of 60,000 keys took most of validate's time.
                    hinted += 1
                    close = difflib.get_close_matches(key, names, n=1) if hinted <= HINTED else []
                    hint = f" (did you mean {close[0]!r}?)" if close else ""
                    yield doc.problem((*path, key), f"unknown key {key!r}{hint}{choices}", key=True)
                choices = ""
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
        yield doc.problem(path, f"{shown} is not valid here; expected one of: {expected}")
        return
    if kind == "propertyNames":
        inner = best_match(error.context) if error.context else error
        bad: Any = inner.instance
        inner_value: Any = inner.validator_value
        hint = _pattern_hints().get(inner_value, "is not allowed as a key here")
        if doc.quotes((*path, str(bad)), key=True):
            yield doc.problem((*path, str(bad)), f"{_describe(bad)} {hint}", key=True)
        else:
            yield doc.problem((*path, str(bad)), f"a key {hint}", key=True)
        return
    if kind == "pattern":
        hint = _pattern_hints().get(value, f"does not match {value}")
        if "propertyNames" in error.absolute_schema_path:  # a bad key: point at the key
            key_quote = doc.quotes((*path, str(instance)), key=True)
            yield doc.problem(
                (*path, str(instance)), f"{_describe(instance) if key_quote else 'a key'} {hint}", key=True
            )
            return
        yield doc.problem(path, f"{shown} {hint}")
        return
    if kind == "enum":
        choices = ", ".join(str(v) for v in value)
        yield doc.problem(path, f"{shown} is not one of: {choices}")
        return
    if kind == "type":
        wanted = value if isinstance(value, list) else [value]
        want_text = " or ".join(str(_TYPE_NAMES.get(w, w)) for w in wanted)
        yield doc.problem(path, f"expected {want_text}, got {shown if quote else _kind(instance)}")
        return
    if kind == "required":
        yield doc.problem(path, error.message.replace("is a required property", "is missing (required)"))
        return
    if kind == "uniqueItems":
        yield doc.problem(path, f"{shown if quote else 'the list'} lists an item twice")
        return
    if not quote and kind in _LIMITS:
        yield doc.problem(path, f"the value {_LIMITS[kind].format(json.dumps(value))}")
        return
    yield doc.problem(path, error.message if quote else f"the value breaks the schema's {kind!r} rule")


def _emptied_by_refusal(error: ValidationError, refused: set[JsonPath]) -> bool:
    path = tuple(error.absolute_path)
    if not any(len(r) > len(path) and r[: len(path)] == path for r in refused):
        return False
    if error.validator in ("minItems", "minProperties"):
        return True
    return error.validator in ("oneOf", "anyOf") and any(_emptied_by_refusal(e, refused) for e in error.context or ())


def validate(doc: Document) -> list[Problem]:
    """Every schema problem of a (merged) document, in file order."""
    problems: list[Problem] = list(doc.problems)
    for error in _validator().iter_errors(doc.data):
        path = tuple(error.absolute_path)
        if any(path[: len(r)] == r for r in doc.refused):
            continue  # already reported: the value was refused while reading
        if _emptied_by_refusal(error, doc.refused):
            continue  # empty only because a refused value was left out
        if error.validator == "required" and isinstance(error.instance, dict):
            missing = [k for k in error.validator_value if k not in error.instance]
            if all((*path, k) in doc.refused for k in missing):
                continue
        problems.extend(_messages(error, doc))
    return sorted(set(problems))
