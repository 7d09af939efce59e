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


def _resolve(schema: dict, root: dict) -> dict:
    ref = schema.get("$ref")
    if ref and ref.startswith("#/"):
        target = root
        for part in ref[2:].split("/"):
            target = target[part]
        merged = {k: v for k, v in schema.items() if k != "$ref"}
        return {**target, **merged}
    return schema
