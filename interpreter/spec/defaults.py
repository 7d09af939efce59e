"""Fill a checked spec with the schema's defaults, so the schema is their only source."""
from __future__ import annotations

import copy
from typing import Any

from jsonschema import Draft202012Validator


def with_defaults(data: Any, schema: dict, root: dict | None = None) -> Any:
    """A copy of valid ``data`` with every missing property that has a default filled in."""
    root = root or schema
    schema = _resolve(schema, root)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            for branch in schema[key]:
                if Draft202012Validator({**branch, "$defs": root.get("$defs", {})}).is_valid(data):
                    return with_defaults(data, branch, root)
            return data
    if isinstance(data, dict) and "properties" in schema:
        out = dict(data)
        for name, sub in schema["properties"].items():
            sub = _resolve(sub, root)
            if name not in out and "default" in sub:
                out[name] = copy.deepcopy(sub["default"])
            if name in out:
                out[name] = with_defaults(out[name], sub, root)
        return out
    if isinstance(data, dict) and isinstance(schema.get("additionalProperties"), dict):
        return {k: with_defaults(v, schema["additionalProperties"], root) for k, v in data.items()}
    if isinstance(data, list) and isinstance(schema.get("items"), dict):
        return [with_defaults(item, schema["items"], root) for item in data]
    return data


ADDED = "x-added"       # a schema keyword: the option came after games began to be saved


def without_added_defaults(data: Any, schema: dict, root: dict | None = None) -> Any:
    """A copy of valid ``data`` without the options marked ``x-added`` in the schema that are
    at their defaults: what a spec written before those options said, so that adding an
    option leaves the spec's hash, and so its saved games, as they were."""
    root = root or schema
    schema = _resolve(schema, root)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            for branch in schema[key]:
                if Draft202012Validator({**branch, "$defs": root.get("$defs", {})}).is_valid(data):
                    return without_added_defaults(data, branch, root)
            return data
    if isinstance(data, dict) and "properties" in schema:
        out = {}
        for name, value in data.items():
            sub = schema["properties"].get(name)
            if sub is None:
                out[name] = value
                continue
            sub = _resolve(sub, root)
            if sub.get(ADDED) and "default" in sub and value == sub["default"]:
                continue
            out[name] = without_added_defaults(value, sub, root)
        return out
    if isinstance(data, dict) and isinstance(schema.get("additionalProperties"), dict):
        return {k: without_added_defaults(v, schema["additionalProperties"], root)
                for k, v in data.items()}
    if isinstance(data, list) and isinstance(schema.get("items"), dict):
        return [without_added_defaults(item, schema["items"], root) for item in data]
    return data


def _resolve(schema: dict, root: dict) -> dict:
    ref = schema.get("$ref")
    if ref and ref.startswith("#/"):
        target = root
        for part in ref[2:].split("/"):
            target = target[part]
        merged = {k: v for k, v in schema.items() if k != "$ref"}
        return {**target, **merged}
    return schema
