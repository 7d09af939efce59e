"""Spec format versions: what changed in each, and older files read with located warnings.

A file's top-level ``format`` (an integer) names the format it was written for; a file without
one is taken as current unless it uses a key or value that changed. Each change of the format
is one entry in :data:`CHANGES`. Loading applies to each file of an ``extends`` chain the
changes newer than that file's own format, each with a located warning; a file that declares a
format and still uses what changed in it gets a located error naming the change.
``rummy upgrade`` (spec/upgrade.py) rewrites a file's text by the same entries.
"""
from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from ..errors import SpecError
from .loader import Marks
from .sources import Layer
from .validate import format_problem, show

CURRENT = 2                  # the format this interpreter reads and writes
FORMAT_KEY = "format"
UPGRADE_HINT = "; run 'rummy upgrade {file}'"


@dataclass(frozen=True)
class Removed:
    """A key dropped in ``format``; ``path`` as ``turn[].offer_upcard.if_all_pass`` (``[]``:
    any item of a list, or of a base's list patched by name). ``only``: the one value the key
    ever allowed, if it had one (another value was never valid: an error, not carried over)."""

    format: int
    path: str
    reason: str
    only: Any = None

    def what(self) -> str:
        return "removed"

    def fix(self) -> str:
        return "remove it"


@dataclass(frozen=True)
class Renamed:
    """A key renamed to ``to`` in ``format``, in the same place."""

    format: int
    path: str
    to: str
    reason: str

    def what(self) -> str:
        return f"renamed to {self.to!r}"

    def fix(self) -> str:
        return f"write {self.to!r}"


@dataclass(frozen=True)
class ValueRenamed:
    """A value of the key at ``path`` renamed from ``old`` to ``new`` in ``format``."""

    format: int
    path: str
    old: Any
    new: Any
    reason: str

    def what(self) -> str:
        return f"value {show(self.old)} renamed to {show(self.new)}"

    def fix(self) -> str:
        return f"write {show(self.new)}"


Change = Removed | Renamed | ValueRenamed

# Every change of the format, oldest first. Format 1 is the format of the first commits; in
# format 2 four keys that allowed a single value went, that value being how the game plays.
CHANGES: tuple[Change, ...] = (
    Removed(2, "turn[].offer_upcard.if_all_pass",
            "its one value, first_player_draws, is how a passed upcard always ends",
            only="first_player_draws"),
    Removed(2, "round_end.layoffs.onto",
            "its one value, knocker, is whose melds layoffs always go onto", only="knocker"),
    Removed(2, "table.jokers_released",
            "its one value, play_same_move, is how a freed joker is always played",
            only="play_same_move"),
    Removed(2, "roles.assign",
            "its one value, high_card, is how roles are always first given out",
            only="high_card"),
)


def declared_format(data: dict, marks: Marks, file: str) -> int | None:
    """The file's ``format``, None if it has none (or null); a SpecError if it is not one this
    interpreter reads (not a whole number from 1, or newer than :data:`CURRENT`)."""
    if data.get(FORMAT_KEY) is None:
        return None
    value = data[FORMAT_KEY]
    line, col = marks.value((FORMAT_KEY,))
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        message = f"expected a whole number from 1 (the current format is {CURRENT}), " \
                  f"got {show(value)}"
    elif value > CURRENT:
        message = f"this file is written for format {value}, but this interpreter reads " \
                  f"formats up to {CURRENT}: use a newer rummy"
    else:
        return value
    raise SpecError([format_problem(file, line, col, (FORMAT_KEY,), message)])


def migrated(layers: list[Layer]) -> tuple[list[Layer], list[str], list[str]]:
    """Each file of a chain read in the current format, with the located warnings and errors
    of all of them (see :func:`migrated_layer`)."""
    out: list[Layer] = []
    warnings: list[str] = []
    errors: list[str] = []
    for layer in layers:
        done, warned, wrong = migrated_layer(layer)
        out.append(done)
        warnings += warned
        errors += wrong
    return out, warnings, errors


def migrated_layer(layer: Layer) -> tuple[Layer, list[str], list[str]]:
    """One file read in the current format, its ``format`` key left out, with located warnings
    (each change applied to a file older than it, or with no format) and errors (each change
    used in a file that declares the format it came in, applied too, so that the schema does
    not also report the old key as unknown). A renamed key keeps its place in the marks."""
    declared = declared_format(layer.data, layer.marks, layer.file)
    data = copy.deepcopy(layer.data)
    data.pop(FORMAT_KEY, None)
    marks = layer.marks
    warnings: list[tuple[int, int, str]] = []
    errors: list[tuple[int, int, str]] = []
    for change, path, old in applied(data):
        line, col = marks.value(path) if isinstance(change, ValueRenamed) else marks.key(path)
        wrong, message = _verdict(change, old, declared, UPGRADE_HINT.format(file=layer.file))
        (errors if wrong else warnings).append(
            (line, col, format_problem(layer.file, line, col, path, message)))
        if isinstance(change, Renamed):
            marks = _RenamedMarks(marks, path[:-1] + (change.to,), path)
    return (replace(layer, data=data, marks=marks), [text for *_, text in sorted(warnings)],
            [text for *_, text in sorted(errors)])


def _verdict(change: Change, old: Any, declared: int | None, hint: str) -> tuple[bool, str]:
    """Whether ``change``, found in a file of format ``declared`` where the value ``old`` was, is
    an error, and what to say: a warning (and ``hint``) for an older file; an error if the file
    declares the format the change came in, or if the removed key never allowed that value."""
    said = f"{change.what()} in format {change.format} ({change.reason})"
    if isinstance(change, Removed) and change.only is not None and not _same(old, change.only):
        return True, f"{said}; it only ever allowed {show(change.only)}, not {show(old)}: " \
                     f"{change.fix()}"
    if declared is not None and declared >= change.format:
        return True, f"{said}; this file says format {declared}: {change.fix()}"
    return False, f"warning: {said}{hint}"


def applied(data: dict) -> Iterator[tuple[Change, tuple, Any]]:
    """Apply to one file's ``data``, in place, every change (of :data:`CHANGES`, in order)
    that finds what it changes, yielding each with its place as the file names it and the
    value that was there."""
    for change in CHANGES:
        for path in list(places(data, change)):
            yield change, path, _apply(data, change, path)


def places(data: Any, change: Change) -> Iterator[tuple]:
    """Each place in one file's data where ``change`` finds what it changes (its own path)."""
    *parents, key = _parts(change.path)
    for at, mapping in _walk(data, parents, ()):
        if not isinstance(mapping, dict) or key not in mapping:
            continue
        if not isinstance(change, ValueRenamed) or _same(mapping[key], change.old):
            yield at + (key,)


def _parts(path: str) -> list[str]:
    return [part for part in re.split(r"\.|(\[\])", path) if part]


def _walk(value: Any, parts: list[str], at: tuple) -> Iterator[tuple[tuple, Any]]:
    if not parts:
        yield at, value
        return
    part, rest = parts[0], parts[1:]
    if part != "[]":
        if isinstance(value, dict) and part in value:
            yield from _walk(value[part], rest, at + (part,))
        return
    for item_at, item in _items(value, at):
        yield from _walk(item, rest, item_at)


def _items(value: Any, at: tuple) -> list[tuple[tuple, Any]]:
    """The items ``[]`` names: a list's, or in a file patching a base's list by name, the
    patched items (turn steps by kind, ``{kind: options}``, are shaped as items already)."""
    if isinstance(value, list):
        return [(at + (i,), item) for i, item in enumerate(value)]
    if isinstance(value, dict) and at == ("turn",):
        return [(at, value)]
    if isinstance(value, dict) and at == ("scoring", "outcomes"):
        return [(at + (name,), item) for name, item in value.items()]
    return []


def _same(value: Any, old: Any) -> bool:
    return type(value) is type(old) and value == old


def _apply(data: dict, change: Change, path: tuple) -> Any:
    """Make ``change`` at ``path``; the value that was there."""
    parent = data
    for part in path[:-1]:
        parent = parent[part]
    key = path[-1]
    value = parent[key]
    if isinstance(change, Removed):
        del parent[key]
    elif isinstance(change, Renamed):
        parent.setdefault(change.to, parent.pop(key))   # a file giving both: the new key's
    else:
        parent[key] = change.new
    return value


class _RenamedMarks(Marks):
    """A file's marks with a renamed key found where the file wrote it under its old name."""

    def __init__(self, marks: Marks, new: tuple, old: tuple):
        super().__init__()
        self.marks, self.new, self.old = marks, new, old

    def _own(self, path) -> tuple:
        path = tuple(path)
        if path[:len(self.new)] == self.new:
            return self.old + path[len(self.new):]
        return path

    def value(self, path) -> tuple[int, int]:
        return self.marks.value(self._own(path))

    def key(self, path) -> tuple[int, int]:
        return self.marks.key(self._own(path))

    def scalar_style(self, path) -> str | None:
        return self.marks.scalar_style(self._own(path))
