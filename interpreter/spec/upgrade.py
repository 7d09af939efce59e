"""``rummy upgrade``: a spec file's text rewritten to the current format, comments and layout
kept.

The text is edited only at the spans the YAML parser reports for the keys and values that
changed (block and flow style alike), one change at a time, and ``format:`` is set or added
after the leading comment block. The result is parsed again and must hold exactly the data
loading the old file gives (spec/formats.py), else the file is left for a hand edit.
"""
from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from ..errors import SpecError
from . import formats
from .formats import FORMAT_KEY, UPGRADE_HINT, Renamed, ValueRenamed, migrated_layer
from .loader import load_file, load_yaml
from .sources import Layer
from .validate import path_text

MAX_EDITS = 10_000
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_NOT_PLAIN = {"true", "false", "yes", "no", "on", "off", "null", "y", "n"}


def upgrade_file(path: str | Path) -> tuple[str, str, list[str]]:
    """(old text, new text, a located note per change) of the file at ``path``; the new text is
    the old one when the file is current. Raises SpecError as loading does."""
    load_file(path)             # the loader's checks first: size, encoding, syntax, limits
    text = Path(path).read_bytes().decode("utf-8-sig")
    new, notes = upgraded(text, str(path))
    return text, new, notes


def upgraded(text: str, file: str) -> tuple[str, list[str]]:
    """``text`` (the file ``file``) in the current format, and a located note per change."""
    data, marks = load_yaml(text, file)
    declared = formats.declared_format(data, marks, file)
    layer, notes, errors = migrated_layer(Layer(file, data, marks))
    if errors:
        raise SpecError(errors)
    if not notes and declared in (None, formats.CURRENT):
        return text, []
    hint = UPGRADE_HINT.format(file=file)
    notes = [note.replace(": warning: ", ": ", 1).removesuffix(hint) for note in notes]
    new = text
    for change in dict.fromkeys(change for change, *_ in formats.applied(copy.deepcopy(data))):
        new = _rewritten(new, file, change, notes)
    new = _with_format(new, file)
    if _parsed(new, file, notes) != {**layer.data, FORMAT_KEY: formats.CURRENT}:
        raise _unsafe(file, notes)
    return new, notes


def _parsed(text: str, file: str, notes: list[str]) -> dict:
    """The data of a rewritten text; one the loader refuses is a rewrite gone wrong."""
    try:
        return load_yaml(text, file)[0]
    except SpecError:
        raise _unsafe(file, notes) from None


def _unsafe(file: str, notes: list[str]) -> SpecError:
    return SpecError([f"{file}: cannot upgrade this file's text safely (an alias or a merge "
                      "holds what changed?); edit it by hand:", *notes])


def _rewritten(text: str, file: str, change, notes: list[str]) -> str:
    """``text`` with one change made everywhere it applies, one place at a time."""
    for _ in range(MAX_EDITS):
        path = next(formats.places(_parsed(text, file, notes), change), None)
        if path is None:
            return text
        text = _edit(text, file, yaml.compose(text, Loader=yaml.SafeLoader), path, change)
    raise SpecError([f"{file}: too many places to upgrade"])


def _edit(text: str, file: str, root: Node, path: tuple, change) -> str:
    """``text`` with ``change`` made at ``path``, at the spans of its nodes under ``root``."""
    mapping = _node(root, path[:-1])
    pairs = mapping.value if isinstance(mapping, MappingNode) else []
    at = next((i for i, (k, _) in enumerate(pairs) if _is_key(k, path[-1])), None)
    if at is None:
        raise SpecError([f"{file}: {path_text(path)}: cannot upgrade it in the text (it comes "
                         "from a '<<' merge); edit the file by hand"])
    key, value = pairs[at]
    if isinstance(change, ValueRenamed):
        return _replace(text, value.start_mark.index, value.end_mark.index, _yaml(change.new))
    if isinstance(change, Renamed) and not any(_is_key(k, change.to) for k, _ in pairs):
        return _replace(text, key.start_mark.index, key.end_mark.index, _yaml(change.to))
    return _without_pair(text, mapping, at)


def _node(root: Node, path: tuple) -> Node | None:
    """The node at ``path``, None if a ``<<`` merge holds it."""
    node: Node | None = root
    for part in path:
        if isinstance(node, SequenceNode):
            node = node.value[part]
        elif isinstance(node, MappingNode):
            node = next((v for k, v in node.value if _is_key(k, part)), None)
    return node


def _is_key(node: Node, name: str) -> bool:
    return isinstance(node, ScalarNode) and node.value == name and not node.tag.endswith("merge")


def _without_pair(text: str, mapping: MappingNode, at: int) -> str:
    """``text`` without the ``at``-th key and value of ``mapping``; ``{}`` if it was the only
    one, so the mapping stays a mapping (as loading the old file reads it)."""
    pairs = mapping.value
    key, value = pairs[at]
    start, end = key.start_mark.index, _last_end(value)
    if len(pairs) == 1:
        return _emptied(text, mapping, start, end)
    if mapping.flow_style:
        if at + 1 < len(pairs):          # `{a: 1, b: 2}` -> `{b: 2}`: up to the next key
            return _replace(text, start, pairs[at + 1][0].start_mark.index, "")
        return _replace(text, _last_end(pairs[at - 1][1]), end, "")
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip() and at + 1 < len(pairs):
        # `- key: value` with keys below it: the next key moves up beside the dash
        return _replace(text, start, pairs[at + 1][0].start_mark.index, "")
    return _replace(text, line_start, _line_end(text, end), "")


def _emptied(text: str, mapping: MappingNode, start: int, end: int) -> str:
    """``text`` with a mapping whose one pair spans ``start:end`` written ``{}``: a block
    mapping moves up beside its key, and the comment after the pair goes with it."""
    if mapping.flow_style:
        return _replace(text, mapping.start_mark.index, mapping.end_mark.index, "{}")
    stop = _line_end(text, end)
    stop -= 1 if text[stop - 1:stop] == "\n" else 0
    stop -= 1 if text[stop - 1:stop] == "\r" else 0
    before = len(text[:start].rstrip(" \t\r\n"))
    if text[before - 1:before] == ":":
        return _replace(text, before, stop, " {}")
    return _replace(text, start, stop, "{}")


def _last_end(node: Node) -> int:
    """Where ``node``'s own text ends: a block collection ends with its last value (the
    parser's end mark lies at the next token, past any comment lines)."""
    if isinstance(node, (MappingNode, SequenceNode)) and not node.flow_style and node.value:
        last = node.value[-1]
        return _last_end(last[1] if isinstance(node, MappingNode) else last)
    return node.end_mark.index


def _line_end(text: str, index: int) -> int:
    """The start of the line after the one ``index`` is on (``index`` itself at a line start)."""
    if index == 0 or text[index - 1] == "\n":
        return index
    newline = text.find("\n", index)
    return len(text) if newline < 0 else newline + 1


def _with_format(text: str, file: str) -> str:
    """``text`` with ``format:`` set to the current format, or added after the leading
    comment block (a flow mapping gets it first)."""
    root = yaml.compose(text, Loader=yaml.SafeLoader)
    for key, value in root.value:
        if _is_key(key, FORMAT_KEY) and value.start_mark.index < value.end_mark.index:
            return _replace(text, value.start_mark.index, value.end_mark.index,
                            str(formats.CURRENT))
        if _is_key(key, FORMAT_KEY):                # `format:` with nothing after it
            at = text.index(":", key.end_mark.index) + 1
            return _replace(text, at, at, f" {formats.CURRENT}")
    if root.flow_style:
        at = root.start_mark.index + 1
        return _replace(text, at, at, f"{FORMAT_KEY}: {formats.CURRENT}, ")
    newline = "\r\n" if "\r\n" in text else "\n"
    at = 0
    while at < len(text) and re.match(r"#|%|---[ \t\r]*$", text[at:], re.MULTILINE):
        at = _line_end(text, at + 1)
    first_key = text.rfind("\n", 0, root.start_mark.index) + 1
    at = min(at, first_key)
    line = " " * root.start_mark.column + f"{FORMAT_KEY}: {formats.CURRENT}"
    if at == len(text) and not text.endswith("\n"):
        return text + newline + line + newline
    return text[:at] + line + newline + text[at:]


def _replace(text: str, start: int, end: int, new: str) -> str:
    return text[:start] + new + text[end:]


def _yaml(value) -> str:
    """A scalar written as YAML: a plain word when it reads back as the same string."""
    if isinstance(value, str) and _PLAIN.match(value) and value.lower() not in _NOT_PLAIN:
        return value
    return json.dumps(value, ensure_ascii=False)

