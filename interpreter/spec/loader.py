"""Load a spec's YAML safely into plain data, remembering where every value sits in the file.

The data is JSON-like (dict with str keys, list, str, int, float, bool, None). Beside it,
:class:`Marks` maps a path such as ``("scoring", 0, "points")`` to 1-based (line, column),
so every later stage can point at the exact spot of a problem. Loading refuses what PyYAML
lets through silently (duplicate keys) and what could hang or crash it (alias bombs, deep
nesting, files over a megabyte, numbers too long to read or not finite); every failure is a :class:`SpecError` with located lines, never a traceback.
"""
from __future__ import annotations

import math
from typing import Any

import yaml
from yaml.constructor import SafeConstructor
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ..errors import SpecError
from .validate import format_problem, kind_of

MAX_DEPTH = 100
MAX_NODES = 100_000
MAX_BYTES = 1_000_000

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_TAG = "tag:yaml.org,2002:"
_MERGE = _TAG + "merge"
_CONSTRUCTOR = SafeConstructor()
_SCALARS = {_TAG + name: SafeConstructor.yaml_constructors[_TAG + name]
            for name in ("null", "bool", "int", "float", "str")}
_AS_TEXT = {_TAG + "timestamp", _TAG + "value"}  # dates and '=' stay the text as written
_COLLECTIONS = {SequenceNode: _TAG + "seq", MappingNode: _TAG + "map"}
_TOO_DEEP = f"nested too deeply (more than {MAX_DEPTH} levels)"
_TOO_BIG = f"the spec is too large (more than {MAX_BYTES:,} bytes)"


class Marks:
    """Where each value, and each mapping key, of loaded data starts in its file."""

    def __init__(self) -> None:
        self._values: dict[tuple, tuple[int, int]] = {}
        self._keys: dict[tuple, tuple[int, int]] = {}
        self._styles: dict[tuple, str] = {}

    def value(self, path) -> tuple[int, int]:
        """(line, column) of the value at ``path``, else of its nearest marked ancestor."""
        path = tuple(path)
        while path not in self._values:
            if not path:
                return (1, 1)
            path = path[:-1]
        return self._values[path]

    def key(self, path) -> tuple[int, int]:
        """(line, column) of the mapping key naming ``path``, else as :meth:`value`."""
        path = tuple(path)
        return self._keys.get(path) or self.value(path)

    def scalar_style(self, path) -> str | None:
        """YAML style of the scalar at ``path``: '' plain, quote, '|' or '>'; None if no scalar."""
        return self._styles.get(tuple(path))


def load_file(path) -> tuple[Any, Marks]:
    """Read a UTF-8 YAML file and :func:`load_yaml` it."""
    filename = str(path)
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except OSError as exc:
        raise SpecError([f"{filename}: cannot read file: {exc.strerror or exc}"]) from None
    if len(raw) > MAX_BYTES:
        raise SpecError([f"{filename}:1:1: {_TOO_BIG}"])
    try:
        source = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - raw.rfind(b"\n", 0, exc.start)
        bad = raw[exc.start:exc.start + 1].hex()
        raise SpecError([format_problem(filename, line, col, None,
                                        f"not UTF-8 text (byte 0x{bad})")]) from None
    return load_yaml(source, filename)


def load_yaml(source: str, filename: str) -> tuple[Any, Marks]:
    """Parse YAML text into (data, marks); the top level must be a mapping."""
    if len(source) > MAX_BYTES:
        raise SpecError([f"{filename}:1:1: {_TOO_BIG}"])
    try:
        node = _compose(source, filename)
    except yaml.MarkedYAMLError as exc:
        raise SpecError([_syntax_problem(exc, source, filename)]) from None
    except yaml.reader.ReaderError as exc:
        line, col = _position(source, source.find(chr(exc.character)))
        raise SpecError([format_problem(filename, line, col, None,
                                        f"YAML syntax error: {exc.reason} "
                                        f"(character U+{exc.character:04X})")]) from None
    if node is None:
        raise SpecError([format_problem(filename, 1, 1, (),
                                        "the spec is empty (expected a mapping of keys)")])
    builder = _Builder(filename)
    data = builder.build(node)
    if builder.problems:
        raise SpecError([text for _, text in sorted(builder.problems)])
    if not isinstance(data, dict):
        raise SpecError([format_problem(filename, *builder.marks.value(()), (),
                                        f"expected a mapping, got {kind_of(data)}")])
    return data, builder.marks


def _compose(source: str, filename: str):
    """The YAML node tree, after an event pre-scan that stops early at excessive nesting.

    PyYAML composes recursively, so a deep document would exhaust the stack; the event
    stream is lazy, so the pre-scan stops as soon as the limit is crossed.
    """
    depth = 0
    for event in yaml.parse(source, Loader=_LOADER):
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise SpecError([format_problem(filename, *_mark(event), None, _TOO_DEEP)])
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
    return yaml.compose(source, Loader=_LOADER)


def _syntax_problem(exc: yaml.MarkedYAMLError, source: str, filename: str) -> str:
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    if "maximum nesting depth" in str(exc.problem):  # libyaml's own limit, met while scanning ahead
        return format_problem(filename, line, col, None, _TOO_DEEP)
    message = f"{exc.context}, {exc.problem}" if exc.context else str(exc.problem)
    lines = source.split("\n")
    text = lines[line - 1] if line <= len(lines) else ""
    if text[col - 1:col] == "\t" or "tab character" in message:
        message += " (indent with spaces; tabs are not allowed)"
    return format_problem(filename, line, col, None, f"YAML syntax error: {message}")


def _position(source: str, index: int) -> tuple[int, int]:
    index = max(index, 0)
    return source.count("\n", 0, index) + 1, index - source.rfind("\n", 0, index)


def _unsupported(node) -> str:
    return f"unsupported YAML tag '{node.tag.replace(_TAG, '!!')}'"


def _mark(item) -> tuple[int, int]:
    """1-based (line, column) where a node or event starts."""
    return item.start_mark.line + 1, item.start_mark.column + 1


class _Builder:
    """Turns a node tree into plain data and marks, expanding aliases under a size limit."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.marks = Marks()
        self.problems: list[tuple[tuple[int, int], str]] = []
        self.count = 0

    def build(self, node) -> Any:
        return self._node(node, ())

    def _problem(self, node, path, message: str) -> None:
        at = _mark(node)
        self.problems.append((at, format_problem(self.filename, *at, path, message)))

    def _fatal(self, node, message: str) -> SpecError:
        return SpecError([format_problem(self.filename, *_mark(node), None, message)])

    def _tick(self, node) -> None:
        """Count work done, which alias re-expansion multiplies; stop a runaway early."""
        self.count += 1
        if self.count > MAX_NODES:
            raise self._fatal(node, f"spec too large after expanding aliases "
                                    f"(more than {MAX_NODES} values)")

    def _node(self, node, path: tuple) -> Any:
        self._tick(node)
        self.marks._values[path] = _mark(node)
        if isinstance(node, ScalarNode):
            self.marks._styles[path] = node.style or ""
            return self._scalar(node, path)
        if len(path) >= MAX_DEPTH:
            raise self._fatal(node, _TOO_DEEP)
        if node.tag != _COLLECTIONS[type(node)]:
            self._problem(node, path, _unsupported(node))
            return None
        if isinstance(node, SequenceNode):
            return [self._node(item, path + (i,)) for i, item in enumerate(node.value)]
        result: dict[str, Any] = {}
        self._fill(result, node, path, merged=False, active=set())
        return result

    def _scalar(self, node: ScalarNode, path: tuple) -> Any:
        if node.tag in _SCALARS:
            return self._number_checked(node, path)
        if node.tag in _AS_TEXT:
            return node.value
        self._problem(node, path, _unsupported(node))
        return None

    def _number_checked(self, node: ScalarNode, path: tuple) -> Any:
        """The scalar's value; a number too long to read or not finite is reported (None)."""
        try:
            value = _SCALARS[node.tag](_CONSTRUCTOR, node)
        except ValueError:
            self._problem(node, path, f"number too long ({len(node.value)} characters)")
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self._problem(node, path, f"{node.value} is not a finite number")
            return None
        return value

    def _fill(self, result: dict, node: MappingNode, path: tuple, merged: bool,
              active: set) -> None:
        """Add ``node``'s pairs to ``result``; then its ``<<`` merges, which never override."""
        self._tick(node)
        if len(active) >= MAX_DEPTH:
            raise self._fatal(node, f"merges nested too deeply (more than {MAX_DEPTH} levels)")
        merges = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE:
                merges.append(value_node)
                continue
            key = self._key(key_node, path)
            if key is None:
                continue
            if key in result:
                if not merged:
                    self._problem(key_node, path, f"duplicate key '{key}'")
                continue
            self.marks._keys[path + (key,)] = _mark(key_node)
            result[key] = self._node(value_node, path + (key,))
        active = active | {id(node)}
        for value_node in merges:
            sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
            for source in sources:
                if not isinstance(source, MappingNode):
                    self._problem(source, path, "'<<' needs a mapping or a list of mappings")
                elif id(source) not in active:
                    self._fill(result, source, path, merged=True, active=active)

    def _key(self, node, path: tuple) -> str | None:
        """A mapping key as text: 2 -> '2', true -> 'true', and YAML 1.1's other booleans as
        written (a key ``on`` is "on", not true); None (reported) if not a scalar."""
        if not isinstance(node, ScalarNode):
            kind = "list" if isinstance(node, SequenceNode) else "mapping"
            self._problem(node, path, f"a key must be a single value, not a {kind}")
            return None
        if node.tag not in _SCALARS:
            return self._scalar(node, path)  # a date's text, or None (reported) if unknown
        reported = len(self.problems)
        value = self._number_checked(node, path)
        if len(self.problems) > reported:
            return None
        if isinstance(value, bool):
            text = node.value.lower()
            return text if text in ("true", "false") else node.value
        if value is None:
            return "null"
        if isinstance(value, int):
            return str(value)
        return node.value
