"""Saved games: the versioned JSON document of a match, and its checked reading.

``{"format": "rummy-saved-game", "version": 1, "variant": {...}, "state": {...}}``: the state
holds every data field of :mod:`.state`; the variant is a bundled name, or the resolved spec
itself, with the spec's hash; never a file path. Reading checks the size before parsing and
the nesting while parsing, then ``schema/saved_game.schema.json``, the variant and its hash, and the game's
invariants (:mod:`.saved_checks`). Anything wrong is a :class:`SavedGameError` naming the
JSON path of the problem.
"""
from __future__ import annotations

import json
import math
import re
import weakref
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, validators

from ..errors import SavedGameError, SpecError
from ..model.variant import Variant
from ..spec import load_variant
from ..spec.resolved import spec_hash, variant_from_spec
from ..spec.sources import bundled_names, data_dir
from ..spec.validate import explained, load_schema
from . import saved_checks
from .layout import layout_of
from .state import GameState

FORMAT = "rummy-saved-game"
VERSION = 1
MAX_BYTES = 4 * 1024 * 1024            # a long match with a carried spec is well under 1 MB
MAX_DEPTH = 32                          # the format itself nests 7 deep
MAX_CARRIED = 32                        # variants built from carried specs, kept for reuse

_TOO_DEEP = f"nested too deeply (more than {MAX_DEPTH} levels)"
_LEGACY = "an unversioned saved game (from before format version 1)"

_REF = "_saved_ref"      # a Variant keeps how documents name it, as a cached property would
_last: list = [None, None, None]        # the last document read: text, weak references to
                                        # the variant given (None: none) and the one found
_bundled: dict[str, Variant] = {}
_carried: dict[str, Variant] = {}


def schema_path() -> Path:
    return data_dir("schema") / "saved_game.schema.json"


def _strict_int(checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_Validator = validators.extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _strict_int))
_validator: Any = None


def schema(cls: type = GameState) -> dict[str, Any]:
    """The saved-game schema: the document's frame from ``schema/saved_game.schema.json``,
    with its ``state`` section derived from the declarations of state class ``cls``."""
    frame = load_schema(schema_path())
    state = {**layout_of(cls).schema(), **frame["properties"]["state"]}
    return {**frame, "properties": {**frame["properties"], "state": state}}


def validator() -> Any:
    """The saved-game schema's validator (an integer is an int, never 1.0), built once."""
    global _validator
    if _validator is None:
        schema_ = schema()
        Draft202012Validator.check_schema(schema_)
        _validator = _Validator(_inlined(schema_, schema_["$defs"]))
    return _validator


def _inlined(schema: Any, defs: dict) -> Any:
    """The schema with each local ``$ref`` replaced by its definition (no definition refers
    to itself): jsonschema resolves references slowly, and games are loaded often."""
    if isinstance(schema, list):
        return [_inlined(item, defs) for item in schema]
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        return _inlined(defs[schema["$ref"].removeprefix("#/$defs/")], defs)
    return {k: _inlined(v, defs) for k, v in schema.items() if k != "$defs"}


# ---- writing ------------------------------------------------------------------------------
def variant_ref(variant: Variant) -> dict:
    """How a document names ``variant``: a bundled name, or the resolved spec; and its hash."""
    found = variant.__dict__.get(_REF)
    if found is None:
        path = Path(variant.path)
        bundled = path.suffix == ".yaml" and path.stem in bundled_names() and \
            path.resolve() == (data_dir("variants") / path.name).resolve()
        ref: dict[str, Any] = {"name": _label(path.stem), "bundled": bundled,
                               "hash": spec_hash(variant.spec)}
        if not bundled:
            ref["spec"] = variant.spec
        found = variant.__dict__[_REF] = ref
    return found


def _label(stem: str) -> str:
    name = re.sub(r"[^A-Za-z0-9_.-]", "_", stem)[:64].lstrip(".-")
    return name or "variant"


def dump(variant: Variant, data: dict) -> str:
    return json.dumps({"format": FORMAT, "version": VERSION, "variant": variant_ref(variant),
                       "state": data})


# ---- reading ------------------------------------------------------------------------------
def read(text: str | bytes, given: Variant | None) -> tuple[Variant, dict]:
    """The variant and the state data of a saved game, every check passed. The text read last
    is remembered, so loading the same text again (copies of a position) only parses it."""
    if _last[0] is not None and text == _last[0] and _last[2]() is not None and (
            _last[1] is None if given is None else _last[1] is not None and _last[1]() is given):
        return _last[2](), _fill_added(json.loads(text)["state"])
    raw = parse(text)
    doc = upgraded(raw, given)
    check_schema(doc)
    found = resolve_variant(doc["variant"], given)
    _fill_added(doc["state"])
    saved_checks.check(doc["state"], found, doc["variant"]["name"])
    if doc is raw:                        # (not an older format, upgraded)
        _last[:] = text, None if given is None else weakref.ref(given), weakref.ref(found)
    return found, doc["state"]


def _fill_added(state: dict) -> dict:
    """The state with the fields a document saved before them lacks (optional in the schema)
    given their starts."""
    return layout_of(GameState).fill_missing(state)


def parse(text: str | bytes) -> dict:
    """The document as JSON data, within the size and nesting limits (deep nesting is refused
    by the decoder's recursion guard or, below it, by a walk without recursion)."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BYTES:
            raise SavedGameError("$", f"{len(text)} bytes, more than the limit of {MAX_BYTES}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise SavedGameError("$", f"not UTF-8 text (byte {error.start})") from None
    if not isinstance(text, str):
        raise SavedGameError("$", f"expected JSON text, got {type(text).__name__}")
    if len(text) > MAX_BYTES:
        raise SavedGameError("$", f"{len(text)} characters, more than the limit of {MAX_BYTES}")
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as error:
        raise SavedGameError("$", f"not JSON: {error.msg} at line {error.lineno} column "
                                  f"{error.colno}") from None
    except RecursionError:                            # the C decoder's own guard
        raise SavedGameError("$", _TOO_DEEP) from None
    except ValueError as error:                       # too many digits, NaN, 1e400
        raise SavedGameError("$", f"not JSON this reader accepts: {error}") from None
    if _too_deep(data):
        raise SavedGameError("$", _TOO_DEEP)
    if not isinstance(data, dict):
        raise SavedGameError("$", "expected a JSON object")
    return data


def _too_deep(data: Any) -> bool:
    """Whether arrays and objects nest more than MAX_DEPTH levels (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        items = value.values() if isinstance(value, dict) else value
        stack.extend((v, depth + 1) for v in items if isinstance(v, (list, dict)))
    return False


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is out of range")
    return value


def upgraded(data: dict, variant: Variant | None) -> dict:
    """The document in the current version; the unversioned format loads only with the
    variant given (its variant path is never opened)."""
    if "format" not in data and isinstance(data.get("variant"), str) and "players" in data:
        if variant is None:
            raise SavedGameError("$.variant", f"{_LEGACY} names its variant by a file path, "
                                 "which is never opened; pass the variant to load it")
        state = {k: v for k, v in data.items() if k != "variant"}
        return {"format": FORMAT, "version": VERSION, "variant": variant_ref(variant),
                "state": state}
    if data.get("format") != FORMAT:
        raise SavedGameError("$.format", f"not a saved game (expected \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if version != VERSION:
        raise SavedGameError("$.version", f"format version {json.dumps(version)} is not one "
                             f"this reader knows (it reads version {VERSION})")
    return data


def check_schema(data: dict) -> None:
    """The first schema violation (by path), as a SavedGameError."""
    errors = list(validator().iter_errors(data))
    if errors:
        path, message = min(explained(errors), key=lambda pm: (len(pm[0]), json_path(pm[0])))
        raise SavedGameError(json_path(path), message)


def json_path(path) -> str:
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part):
            text += f".{part}"
        else:
            text += f"[{json.dumps(part)}]"
    return text


def resolve_variant(ref: dict, given: Variant | None) -> Variant:
    """The document's variant: ``given`` (hash checked), the bundled one, or the carried spec."""
    name, want = ref["name"], ref["hash"]
    if given is not None:
        if variant_ref(given)["hash"] != want:
            raise SavedGameError("$.variant.hash", f"saved with a different version of {name} "
                                 "than the variant given")
        return given
    if ref["bundled"]:
        if name not in bundled_names():
            raise SavedGameError("$.variant.name", f"no bundled variant {name!r}")
        variant = _bundled.get(name)
        if variant is None:
            variant = _bundled[name] = load_variant(data_dir("variants") / f"{name}.yaml")
        if variant_ref(variant)["hash"] != want:
            raise SavedGameError("$.variant.hash", f"saved with a different version of {name} "
                                 "(the bundled spec's hash differs); pass the variant it was "
                                 "saved with")
        return variant
    if "spec" not in ref:
        raise SavedGameError("$.variant", f"{name} is not bundled and the document carries no "
                             "spec; pass the variant to load it")
    variant = _carried.get(want)
    if variant is None:
        if spec_hash(ref["spec"]) != want:
            raise SavedGameError("$.variant.hash", f"does not match the carried spec of {name}")
        try:
            variant = variant_from_spec(ref["spec"], f"<saved game {name}>")
        except SpecError as error:
            raise SavedGameError("$.variant.spec", error.problems[0]) from None
        variant.__dict__[_REF] = {"name": name, "bundled": False, "hash": want,
                                  "spec": ref["spec"]}
        if len(_carried) >= MAX_CARRIED:
            _carried.pop(next(iter(_carried)))
        _carried[want] = variant
    return variant
