"""Fill a checked spec with the schema's defaults, so the schema is their only source."""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from jsonschema import Draft202012Validator


def with_defaults(data: Any, schema: dict, root: dict | None = None) -> Any:
    """A copy of valid ``data`` with every missing property that has a default filled in."""
    return _walk(data, schema, root or schema, _filled)


ADDED = "x-added"       # a schema keyword: the option came after games began to be saved


def without_added_defaults(data: Any, schema: dict, root: dict | None = None) -> Any:
    """A copy of valid ``data`` without the options marked ``x-added`` in the schema that are
    at their defaults: what a spec written before those options said, so that adding an
    option leaves the spec's hash, and so its saved games, as they were."""
    return _walk(data, schema, root or schema, _unfilled)


Objects = Callable[[dict, dict, Callable[[Any, dict], Any], dict], dict]


def _walk(data: Any, schema: dict, root: dict, objects: Objects) -> Any:
    """``data`` walked along its schema (the branch of a oneOf or anyOf that it matches, the
    items of lists and maps), each object with properties made by ``objects``."""
    schema = _resolve(schema, root)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            for branch in schema[key]:
                if Draft202012Validator({**branch, "$defs": root.get("$defs", {})}).is_valid(data):
                    return _walk(data, branch, root, objects)
            return data
    if isinstance(data, dict) and "properties" in schema:
        return objects(data, schema["properties"],
                       lambda value, sub: _walk(value, sub, root, objects), root)
    if isinstance(data, dict) and isinstance(schema.get("additionalProperties"), dict):
        return {k: _walk(v, schema["additionalProperties"], root, objects)
                for k, v in data.items()}
    if isinstance(data, list) and isinstance(schema.get("items"), dict):
        return [_walk(item, schema["items"], root, objects) for item in data]
    return data


def _filled(data: dict, properties: dict, walk: Callable[[Any, dict], Any], root: dict) -> dict:
    """An object with each missing property that has a default filled in."""
    out = dict(data)
    for name, sub in properties.items():
        sub = _resolve(sub, root)
        if name not in out and "default" in sub:
            out[name] = copy.deepcopy(sub["default"])
        if name in out:
            out[name] = walk(out[name], sub)
    return out


def _unfilled(data: dict, properties: dict, walk: Callable[[Any, dict], Any],
              root: dict) -> dict:
    """An object without the added options at their defaults."""
    out = {}
    for name, value in data.items():
        sub = properties.get(name)
        if sub is None:
            out[name] = value
            continue
        sub = _resolve(sub, root)
        walked = walk(value, sub)         # (an added section: its added options left out)
        if sub.get(ADDED) and "default" in sub and sub["default"] in (value, walked):
            continue
        out[name] = walked
    return out


def _resolve(schema: dict, root: dict) -> dict:
    ref = schema.get("$ref")
    if ref and ref.startswith("#/"):
        target = root
        for part in ref[2:].split("/"):
            target = target[part]
        merged = {k: v for k, v in schema.items() if k != "$ref"}
        return {**target, **merged}
    return schema
