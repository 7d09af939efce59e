"""Spec loading: YAML with marks -> JSON Schema -> semantic checks -> a frozen Variant."""
from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from ..errors import SpecError
from ..model.variant import Variant
from .builder import Builder
from .defaults import with_defaults
from .formats import migrated
from .sources import LayeredMarks, bundled_names, find, load_chain, merged, schema_path
from .validate import check, load_schema

__all__ = ["Variant", "bundled_names", "load_variant", "schema_path"]


def load_variant(name_or_path: str | Path,
                 trusted: str | Path | Iterable[str | Path] = ()) -> Variant:
    """Load, check and build a variant: a bundled name (``"gin"``) or a path to a YAML file.

    ``extends`` may name bundled variants and files under the spec's own folder, or under a
    ``trusted`` folder (one folder or several, as paths or strings).

    Each file of the chain is read in the current spec format (spec/formats.py): what an
    older file says the old way is carried over, with a located warning in ``warnings``.

    Raises SpecError listing every problem as ``FILE:LINE:COL: path: message``.
    """
    folders = (trusted,) if isinstance(trusted, (str, Path)) else tuple(trusted)
    layers = load_chain(find(name_or_path), tuple(Path(f) for f in folders))
    for layer in layers:
        if not isinstance(layer.data, dict):
            raise SpecError([f"{layer.file}:1:1: (top level): expected a mapping of sections"])
    layers, warnings, problems = migrated(layers)
    data = merged(layers)
    marks = LayeredMarks(layers)
    schema = load_schema(schema_path())
    problems += check(data, marks, layers[0].file, schema)
    if problems:
        raise SpecError(problems)

    def locate(path, key=False):
        line, col = marks.key(path) if key else marks.value(path)
        return marks.file(path), line, col, marks.scalar_style(path)

    builder = Builder(with_defaults(data, schema), locate, layers[0].file)
    builder.warnings += warnings
    return builder.build()
