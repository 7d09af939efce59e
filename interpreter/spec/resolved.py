"""Variants carried as data: the hash of a resolved spec, and a Variant built from one.

A resolved spec is ``Variant.spec``: extends and patches applied, defaults filled in. Saved
games name their variant by this hash and, when it is not bundled, carry the spec itself,
which is built here without reading any file.
"""
from __future__ import annotations

import hashlib
import json

from ..errors import SpecError
from ..model.variant import Variant
from .builder import Builder
from .defaults import with_defaults, without_added_defaults
from .loader import Marks
from .sources import schema_path
from .validate import check, load_schema


def spec_hash(spec) -> str:
    """``sha256:`` and the hex digest of the resolved spec as canonical JSON (sorted keys),
    leaving out the options added since saved games began that are at their defaults (the
    schema marks them ``x-added``): adding an option keeps the hash of every spec that does
    not use it, and its saved games load."""
    spec = without_added_defaults(spec, load_schema(schema_path()))
    text = json.dumps(spec, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def variant_from_spec(spec: dict, label: str) -> Variant:
    """Check and build a resolved spec; ``label`` stands for the file in messages and is the
    variant's ``path``. Raises SpecError; an ``extends`` is refused, never followed."""
    if not isinstance(spec, dict):
        raise SpecError([f"{label}: (top level): expected a mapping of sections"])
    if spec.get("extends") is not None:
        raise SpecError([f"{label}: extends: a carried spec must be resolved (no extends)"])
    schema = load_schema(schema_path())
    problems = check(spec, Marks(), label, schema)
    if problems:
        raise SpecError(problems)
    return Builder(with_defaults(spec, schema), lambda path, key=False: (label, 1, 1, None),
                   label).build()
