"""Check loaded spec data against the JSON Schema: every problem at once, one located line each.

Also home of the one line format every stage uses, ``FILE:LINE:COL: path: message``
(:func:`format_problem`), so schema errors, loader errors and the builder's semantic errors
read the same.
"""
from __future__ import annotations

import difflib
import functools
import json
import re
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match, relevance

_SIMPLE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_TYPE_NAMES = {"object": "a mapping", "array": "a list", "string": "a string",
               "integer": "an integer", "number": "a number", "boolean": "true or false",
               "null": "nothing (null)"}
_validators: dict[int, tuple[dict, Draft202012Validator]] = {}


def path_text(path) -> str:
    """``("scoring", 0, "points")`` -> ``scoring[0].points``; the root is ``(top level)``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _SIMPLE_KEY.match(part):
            text += f".{part}" if text else part
        else:
            text += f"[{json.dumps(part, ensure_ascii=False)}]"
    return text or "(top level)"


def format_problem(filename: str, line: int, col: int, path, message: str) -> str:
    """One located problem line; ``path`` None leaves the path out (e.g. YAML syntax)."""
    where = "" if path is None else f"{path_text(path)}: "
    return f"{filename}:{line}:{col}: {where}{message}"


def kind_of(value) -> str:
    """Plain-English name of a loaded value's type: 'a list', 'a string', ..."""
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "nothing (null)"
    for kind, name in ((dict, "a mapping"), (list, "a list"), (str, "a string"),
                       (int, "an integer"), (float, "a number")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def show(value) -> str:
    """A value as a user wrote it: 'ten', 10, true, null; containers by kind only."""
    if isinstance(value, (dict, list)):
        return kind_of(value)
    if isinstance(value, str):
        return repr(value if len(value) <= 40 else value[:37] + "...")
    return json.dumps(value)


@functools.cache
def load_schema(path) -> dict:
    """The JSON Schema at ``path``, read once (treat the result as read-only)."""
    return json.loads(Path(path).read_text(encoding="utf-8"))


def check(data, marks, filename: str, schema: dict) -> list[str]:
    """Every schema violation in ``data`` as a located line, sorted by position.

    Marks that span several files (an ``extends`` chain) name each path's file via ``file``.
    """
    where = getattr(marks, "file", lambda path: filename)
    found = {(where(path), line, col, format_problem(where(path), line, col, path, message))
             for error in _validator(schema).iter_errors(data)
             for (line, col), path, message in _explain(error, marks)}
    return [text for *_, text in sorted(found)]


def _validator(schema: dict) -> Draft202012Validator:
    """A validator per schema object, built (and the schema checked) only once."""
    entry = _validators.get(id(schema))
    if entry is None or entry[0] is not schema:
        Draft202012Validator.check_schema(schema)
        entry = _validators[id(schema)] = (schema, Draft202012Validator(schema))
    return entry[1]


def _explain(error: ValidationError, marks) -> list[tuple]:
    """(location, path, message) lines for one jsonschema error."""
    path = tuple(error.absolute_path)
    kind, expected, value = error.validator, error.validator_value, error.instance
    if kind in ("oneOf", "anyOf") and error.context:
        best = best_match([error], key=_relevance)  # descends into the branch errors
        if best is not error:
            return _explain(best, marks)
        return [(marks.value(path), path, _no_form(error))]
    if kind == "additionalProperties":
        return [(marks.key(path + (key,)), path, _unknown_key(key, error.schema))
                for key in _extra_keys(value, error.schema)]
    if kind == "required":
        return [(marks.key(path), path, f"missing required key '{key}'")
                for key in expected if key not in value]
    if "propertyNames" in error.absolute_schema_path:
        return [(marks.key(path + (value,)), path, f"key {_message(error)}")]
    return [(marks.value(path), path, _message(error))]


def _message(error: ValidationError) -> str:
    """Short plain English for a single-value error."""
    kind, expected, value = error.validator, error.validator_value, error.instance
    if kind == "type":
        return f"expected {' or '.join(_type_names(expected))}, got {show(value)}"
    if kind == "enum":
        choices = ", ".join(c if isinstance(c, str) else json.dumps(c) for c in expected)
        return f"must be one of: {choices} (got {show(value)})"
    if kind == "const":
        return f"must be {show(expected)} (got {show(value)})"
    bounds = {"minimum": "at least", "maximum": "at most",
              "exclusiveMinimum": "more than", "exclusiveMaximum": "less than"}
    if kind in bounds:
        return f"must be {bounds[kind]} {show(expected)} (got {show(value)})"
    counts = {"minItems": ("at least", "item"), "maxItems": ("at most", "item"),
              "minProperties": ("at least", "key"), "maxProperties": ("at most", "key"),
              "minLength": ("at least", "character"), "maxLength": ("at most", "character")}
    if kind in counts:
        bound, noun = counts[kind]
        return f"must have {bound} {expected} {noun}{'' if expected == 1 else 's'} " \
               f"(got {len(value)})"
    if kind == "pattern":
        return f"must match the pattern {expected!r} (got {show(value)})"
    if kind == "multipleOf":
        return f"must be a multiple of {show(expected)} (got {show(value)})"
    if kind == "uniqueItems":
        return "must not repeat items"
    if kind == "oneOf":
        return "matches more than one of the allowed forms; make it match exactly one"
    if kind is None:  # a `false` subschema
        return "is not allowed here"
    return error.message


def _relevance(error: ValidationError) -> tuple:
    """jsonschema's relevance, and in a tie a branch whose type fits beats one that does not."""
    return (*relevance(error), error.validator == "type")


def _no_form(error: ValidationError) -> str:
    """Why a value fits no branch of a oneOf/anyOf when no branch error stands out."""
    kinds = [e.validator_value[0] for e in error.context
             if e.validator == "required" and len(e.validator_value) == 1]
    value = error.instance
    if kinds and isinstance(value, dict) and len(value) == 1 and next(iter(value)) not in kinds:
        key = next(iter(value))                  # branches told apart by their one key
        close = difflib.get_close_matches(key, kinds, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        return f"unknown kind '{key}'{hint}; the kinds are {', '.join(kinds)}"
    types = [name for e in error.context if e.validator == "type"
             for name in _type_names(e.validator_value)]
    parts = [f"expected {' or '.join(dict.fromkeys(types))}, got {show(error.instance)}"] \
        if types else []
    parts += dict.fromkeys(_message(e) for e in error.context if e.validator != "type")
    return "; or ".join(parts)


def _type_names(expected) -> list[str]:
    return [_TYPE_NAMES[name] for name in ([expected] if isinstance(expected, str) else expected)]


def _extra_keys(instance: dict, schema: dict) -> list[str]:
    names = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    return [key for key in instance if key not in names
            and not any(re.search(pattern, key) for pattern in patterns)]


def _unknown_key(key: str, schema: dict) -> str:
    close = difflib.get_close_matches(key, list(schema.get("properties", {})), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown key {show(key)}{hint}"


class _Unplaced:
    """Marks for data read from no file (JSON): every place is (0, 0)."""

    def value(self, path) -> tuple[int, int]:
        return (0, 0)

    key = value


def explained(errors) -> list[tuple[tuple, str]]:
    """(path, message) of each jsonschema error, in the words of a spec's problems."""
    return [(path, message) for error in errors
            for _, path, message in _explain(error, _Unplaced())]
