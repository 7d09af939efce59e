"""How a rule's options are declared and built. A rule is a frozen dataclass whose fields are
its options; :func:`build_options` fills them from the rule's checked section of the spec (its
defaults already filled in from the schema, their only source) with no list of keys:

- a field takes the option of its own name, or of the dotted ``key`` its :func:`option` names
  (``draw.from`` is the field ``piles``, ``round_end.layoffs.allowed`` the field ``layoffs``);
- a list becomes a tuple where the field is a tuple; a mapping becomes the dataclass the field
  names (``draw.buy`` is a ``Buying``);
- a formula field (declared with its ``scope`` and ``expect``) is compiled with located errors;
  with ``true_is_none`` (``false_is_none``), a formula that is the constant true (false)
  becomes None: no test at all; a formula option the spec sets to null is None too.

A field declared by :func:`built` is worked out by the rule itself (in its ``build``).
"""
from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from typing import Any, Protocol

from ..cards import Faces
from ..errors import CardError
from ..formula import Formula, Scope, Type


class BuildContext(Protocol):
    """What a rule needs from the spec builder: its options' located formulas and errors."""

    roles: tuple[str, ...]

    def formula(self, key: str, scope: Scope, expect: Type,
                default: str | None = None) -> Formula | None: ...

    def problem(self, key: str | None, message: str) -> None: ...

    def warn(self, key: str | None, message: str) -> None:
        """A located warning: a rule that can never apply (the build goes on)."""
        ...

    def scope(self, scope: Scope) -> Scope:
        """``scope`` with the spec's params, for formulas a rule compiles itself."""
        ...

    def step_options(self, kind: str) -> Mapping[str, Any]:
        """The options of the turn's step of ``kind`` (defaults filled in; {}: none)."""
        ...


def named_faces(faces: Faces, names: Iterable[str], at: BuildContext,
                key: str) -> frozenset[int]:
    """The faces of the card ``names`` listed under ``key``, a located problem
    (``key.k``) for each name the deck does not have."""
    found = set()
    for k, name in enumerate(names):
        try:
            found.add(faces.parse(name))
        except CardError as error:
            at.problem(f"{key}.{k}", str(error))
    return frozenset(found)


def option(key: str | None = None, *, default: Any = dataclasses.MISSING,
           scope: Callable[[tuple[str, ...]], Scope] | None = None, expect: Type | None = None,
           text: str | None = None, true_is_none: bool = False,
           false_is_none: bool = False) -> Any:
    """A rule's option read from ``key`` (dotted, in the rule's section; default: the field's
    name). A formula option names its ``scope`` (of the spec's roles) and ``expect``ed type,
    and ``text``, the formula used where the spec gives none."""
    meta = {"key": key, "scope": scope, "expect": expect, "text": text,
            "true_is_none": true_is_none, "false_is_none": false_is_none}
    return field(default=default, metadata=meta)


def built(default: Any = None) -> Any:
    """A field of a rule that its ``build`` works out (a compiled bound, a part built from
    the same section), not an option read from the spec."""
    return field(default=default, metadata={"built": True})


def build_options(cls: type, options: Mapping[str, Any], at: BuildContext) -> dict[str, Any]:
    """The values of ``cls``'s option fields from its checked ``options``; a formula that fails
    to compile is None (the builder has recorded the problem and fails the build)."""
    out: dict[str, Any] = {}
    for f, hint in _option_fields(cls):
        key = f.metadata.get("key") or f.name
        scope = f.metadata.get("scope")
        if scope is not None:
            out[f.name] = _formula(f, key, scope, options, at)
            continue
        found, value = _at(options, key)
        if found:
            out[f.name] = _converted(value, hint)
    return out


def _formula(f: dataclasses.Field, key: str, scope: Callable[[tuple[str, ...]], Scope],
             options: Mapping[str, Any], at: BuildContext) -> Formula | None:
    """A formula option compiled (None: null in the spec, a constant that means no test, or
    a problem the builder has recorded)."""
    found, raw = _at(options, key)
    if found and raw is None:
        return None
    formula = at.formula(key, scope(at.roles), f.metadata["expect"], f.metadata["text"])
    if formula is not None and formula.constant and (
            f.metadata["true_is_none"] and formula(None)
            or f.metadata["false_is_none"] and not formula(None)):
        return None
    return formula


@functools.cache
def _option_fields(cls: type) -> tuple[tuple[dataclasses.Field, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f, hints[f.name]) for f in dataclasses.fields(cls)
                 if f.init and not f.metadata.get("built"))


def _at(options: Mapping[str, Any], key: str) -> tuple[bool, Any]:
    value: Any = options
    for part in key.split("."):
        if not isinstance(value, Mapping) or part not in value:
            return False, None
        value = value[part]
    return True, value


def _converted(value: Any, hint: Any) -> Any:
    """A spec value as the field's type: a tuple for a list, a dataclass for a mapping."""
    if value is None:
        return None
    union = typing.get_origin(hint) in (typing.Union, types.UnionType)
    for kind in [a for a in typing.get_args(hint) if a is not type(None)] if union else [hint]:
        origin = typing.get_origin(kind) or kind
        if origin is tuple and isinstance(value, list):
            return tuple(value)
        if isinstance(kind, type) and dataclasses.is_dataclass(kind) and \
                isinstance(value, Mapping):
            return kind(**value)
    return value
