"""What a state class's declarations give, worked out once per class: the resets of each
lifetime, the JSON encoders and decoders, the snapshot, and the saved-game schema of its
``state`` section. Nothing here lists a field: a new field of the core or of a rule's slice
(:mod:`interpreter.model.state_fields`) is saved, loaded, copied, reset and described as it is
declared."""
from __future__ import annotations

import collections.abc
import copy as copying
import dataclasses
import types
import typing
from collections.abc import Callable
from enum import Enum
from typing import Any

from ..model.actions import Action
from ..model.state_fields import LIFETIMES, Kind, data_fields, declared_in, owner_of
from .core_kinds import parse_action

Coder = Callable[[Any], Any]
CORE_MODULE = __name__.rpartition(".")[0] + ".state"     # where the core is declared


@dataclasses.dataclass(frozen=True)
class Declared:
    """One data field as declared: what the checker and the schema read."""

    name: str
    key: str                     # its JSON key
    kind: Kind
    cards: str | None            # PLACE, NAMED or None
    lifetime: str
    owner: str                   # the module that writes it, as ``engine.turn``
    nullable: bool               # None is one of its values
    required: bool               # a saved game must have it (a core field of format version 1)
    doc: str | None


class Layout:
    """The derived machinery of state class ``cls``."""

    def __init__(self, cls: type):
        fields = data_fields(cls)
        hints = typing.get_type_hints(cls)
        where = declared_in(cls)
        self.fields = tuple(Declared(
            f.name, f.metadata["key"] or f.name, f.metadata["kind"], f.metadata["cards"],
            f.metadata["lifetime"], owner_of(cls, f), type(None) in typing.get_args(hints[f.name]),
            where[f.name].__module__ == CORE_MODULE and not f.metadata["added"],
            f.metadata["doc"]) for f in fields)
        self.starts = {f.metadata["key"] or f.name: _start(f) for f in fields}
        self.resets = {lifetime: _reset_function([f for f in fields
                                                   if f.metadata["lifetime"] == lifetime])
                       for lifetime in LIFETIMES}
        keys = {f.name: f.metadata["key"] or f.name for f in fields}
        self.decoders = [(f.name, keys[f.name], _decoder(hints[f.name])) for f in fields]
        self.encoders = [(f.name, keys[f.name], _encoder(hints[f.name])) for f in fields
                         if not f.metadata["grows"]]
        self.growing = [(f.name, keys[f.name], _encoder(typing.get_args(hints[f.name])[0]))
                        for f in fields if f.metadata["grows"]]
        self.snapshot = _snapshot_function({f.name: _copier(hints[f.name]) for f in fields})

    def schema(self) -> dict[str, Any]:
        """The saved-game schema of the ``state`` section: a property per field (a rule's may
        be missing: a game saved before the rule had it loads with its start)."""
        properties = {}
        for f in self.fields:
            schema = dict(f.kind.schema)
            if f.nullable:
                schema = {"anyOf": [{"type": "null"}, schema]}
            if f.doc:
                schema["description"] = f.doc
            properties[f.key] = schema
        return {"type": "object", "additionalProperties": False, "properties": properties,
                "required": [f.key for f in self.fields if f.required]}

    def fill_missing(self, data: dict[str, Any]) -> dict[str, Any]:
        """``data`` (a saved ``state``) with each field it lacks given its start."""
        for key, start in self.starts.items():
            if key not in data:
                data[key] = copying.deepcopy(start)
        return data


LAYOUTS: dict[type, Layout] = {}        # by state class (read directly on hot paths)


def layout_of(cls: type) -> Layout:
    """The layout of state class ``cls``, worked out on first use."""
    found = LAYOUTS.get(cls)
    if found is None:
        found = LAYOUTS[cls] = Layout(cls)
    return found


def _start(f: dataclasses.Field) -> Any:
    """A field's start as JSON values (a list or dict factory gives an empty one)."""
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    value = f.default
    return value.value if isinstance(value, Enum) else value


def _reset_function(fields: list[dataclasses.Field]) -> Callable[[Any], None]:
    """A function giving every field of ``fields`` its starting value, generated as
    dataclasses generates ``__init__`` (a loop of setattr is slower, and resets run every
    turn)."""
    values: dict[str, Any] = {}
    lines = ["def reset(state):"]
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            values[f"make_{f.name}"] = f.default_factory
            lines.append(f"    state.{f.name} = make_{f.name}()")
        else:
            values[f"start_{f.name}"] = f.default
            lines.append(f"    state.{f.name} = start_{f.name}")
    exec("\n".join(lines + ["    return None"]), values)
    return values["reset"]


def _encode(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if dataclasses.is_dataclass(value):
        return {f.name: _encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _encode(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return str(value) if type(value) is Action else [_encode(v) for v in value]
    return value


def _same(value: Any) -> Any:
    return value


def _encoder(kind: Any) -> Coder:
    """A function writing a value of the declared type ``kind`` as JSON values: for numbers,
    strings, actions and lists or tuples of them, a fast one; else :func:`_encode`."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if kind in (int, bool, str):
        return _same
    if kind is Action:
        return str
    if origin in (typing.Union, types.UnionType):
        inner = _encoder(next(a for a in args if a is not type(None)))
        return _same if inner is _same else (lambda value: None if value is None else inner(value))
    if origin is list or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        item = _encoder(args[0])
        return list if item is _same else (lambda value: [item(v) for v in value])
    if origin is tuple:
        return _each_of([_encoder(a) for a in args], "[{}]")
    return _encode


def _each_of(parts: list[Coder], form: str) -> Coder:
    """A function applying ``parts[i]`` to item i of a fixed-size tuple or list, giving them in
    ``form`` ("[{}]": a list, "({},)": a tuple); generated, as the resets are (a loop over the
    parts costs more than the parts)."""
    values = {f"part{i}": part for i, part in enumerate(parts)}
    items = ", ".join(f"value[{i}]" if part is _same else f"part{i}(value[{i}])"
                      for i, part in enumerate(parts))
    exec(f"def each(value):\n    return {form.format(items)}", values)
    return values["each"]


def _decoder(kind: Any) -> Coder:
    """A function reading a JSON value back as the declared type ``kind``."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        inner = _decoder(next(a for a in args if a is not type(None)))
        return lambda value: None if value is None else inner(value)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind
    if kind is Action:
        return parse_action
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = _decoder(args[0])
            return tuple if each is _same else (lambda value: tuple(map(each, value)))
        return _each_of([_decoder(a) for a in args], "({},)")
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        parts = {f.name: _decoder(hints[f.name]) for f in dataclasses.fields(kind)}
        return lambda value: kind(**{name: read(value[name]) for name, read in parts.items()})
    if origin is dict:
        key = int if args[0] is int else _same
        item = _decoder(args[1])
        return lambda value: {key(k): item(v) for k, v in value.items()}
    if origin is list:
        item = _decoder(args[0])
        return list if item is _same else (lambda value: [item(v) for v in value])
    return _same


def _copier(kind: Any) -> Coder:
    """A function copying a value of the declared type ``kind`` as deep as it can change
    (numbers, strings, enums and read-only mappings are shared)."""
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin in (typing.Union, types.UnionType):
        inner = _copier(next(a for a in args if a is not type(None)))
        return _same if inner is _same else (lambda value: None if value is None else inner(value))
    if kind in (int, bool, str, Action) or origin in (collections.abc.Mapping, tuple) or (
            isinstance(kind, type) and issubclass(kind, Enum)):
        return _same                      # (tuples here hold only values like these)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        hints = typing.get_type_hints(kind)
        parts = {f.name: _copier(hints[f.name]) for f in dataclasses.fields(kind)}
        return lambda value: kind(**{n: part(getattr(value, n)) for n, part in parts.items()})
    if origin is dict:
        item = _copier(args[1])
        return dict.copy if item is _same else (
            lambda value: {k: item(v) for k, v in value.items()})
    if origin is list:
        item = _copier(args[0])
        return list.copy if item is _same else (lambda value: [item(v) for v in value])
    return copying.deepcopy


def _snapshot_function(copiers: dict[str, Coder]) -> Coder:
    """``snapshot`` generated from the copiers, as ``reset`` is (a snapshot is taken before
    every action that may end a hand)."""
    values: dict[str, Any] = {}
    lines = ["def snapshot(state):", "    return {"]
    for name, copy in copiers.items():
        if copy is _same:
            lines.append(f"        {name!r}: state.{name},")
        else:
            values[f"copy_{name}"] = copy
            lines.append(f"        {name!r}: copy_{name}(state.{name}),")
    exec("\n".join(lines + ["    }"]), values)
    return values["snapshot"]
