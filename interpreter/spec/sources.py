"""Where specs live: bundled variants by name, files by path, and ``extends`` chains."""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import SpecError
from .loader import Marks, load_file

_PACKAGE = Path(__file__).resolve().parents[1]
MAX_EXTENDS = 10


def data_dir(name: str) -> Path:
    """``variants`` or ``schema``: inside an installed wheel, else at the source tree's top."""
    shipped = _PACKAGE / "_data" / name
    return shipped if shipped.is_dir() else _PACKAGE.parent / name


def schema_path() -> Path:
    return data_dir("schema") / "variant.schema.json"


def bundled_names() -> list[str]:
    """Names of the bundled variants (file names without ``.yaml``)."""
    return sorted(p.stem for p in data_dir("variants").glob("*.yaml"))


def find(name_or_path: str | Path, relative_to: Path | None = None) -> Path:
    """The file of a bundled variant name, or of a path (relative to ``relative_to``'s folder)."""
    text = str(name_or_path)
    candidates = [Path(text)]
    if relative_to is not None:
        candidates.insert(0, relative_to.parent / text)
    for path in candidates:
        if path.is_file():
            return path
    bundled = data_dir("variants") / f"{text.removesuffix('.yaml')}.yaml"
    if "/" not in text and bundled.is_file():
        return bundled
    names = bundled_names()
    hint = difflib.get_close_matches(text, names, n=1)
    raise SpecError([f"{text}: no such variant file or bundled variant"
                     + (f" (did you mean '{hint[0]}'?)" if hint else "")
                     + f"; bundled: {', '.join(names)}"])


@dataclass(frozen=True)
class Layer:
    """One file of an ``extends`` chain: its data and where each value sits."""

    file: str
    data: Any
    marks: Marks


def load_chain(path: Path) -> list[Layer]:
    """The file and every base it extends, the file itself first."""
    layers: list[Layer] = []
    seen: list[Path] = []
    while True:
        data, marks = load_file(path)
        layers.append(Layer(str(path), data, marks))
        seen.append(path.resolve())
        base = data.get("extends") if isinstance(data, dict) else None
        if base is None:
            return layers
        if not isinstance(base, str):
            line, col = marks.value(("extends",))
            raise SpecError([f"{path}:{line}:{col}: extends: expected a variant name or path"])
        try:
            path = find(base, relative_to=path)
        except SpecError as error:
            line, col = marks.value(("extends",))
            raise SpecError([f"{layers[-1].file}:{line}:{col}: extends: {error.problems[0]}"])
        if path.resolve() in seen or len(layers) > MAX_EXTENDS:
            line, col = marks.value(("extends",))
            raise SpecError([f"{layers[-1].file}:{line}:{col}: extends: "
                             f"circular or too long a chain ({' -> '.join(l.file for l in layers)})"])


def merged(layers: list[Layer]) -> dict:
    """The chain's data merged: mappings key by key, the file over its bases; the rest replaced."""
    result: Any = {}
    for layer in reversed(layers):
        result = _merge(result, layer.data)
    result.pop("extends", None)
    return result


def _merge(base: Any, top: Any) -> Any:
    if isinstance(base, dict) and isinstance(top, dict):
        out = dict(base)
        for key, value in top.items():
            out[key] = _merge(base.get(key), value) if key in base else value
        return out
    return top


class LayeredMarks:
    """Marks over an extends chain: each path is located in the file that defines it."""

    def __init__(self, layers: list[Layer]):
        self.layers = layers

    def _layer(self, path) -> Layer:
        path = tuple(path)
        for cut in range(len(path), -1, -1):
            for layer in self.layers:
                if _has(layer.data, path[:cut]):
                    return layer
        return self.layers[0]

    def file(self, path) -> str:
        return self._layer(path).file

    def value(self, path) -> tuple[int, int]:
        return self._layer(path).marks.value(path)

    def key(self, path) -> tuple[int, int]:
        return self._layer(path).marks.key(path)

    def scalar_style(self, path) -> str | None:
        return self._layer(path).marks.scalar_style(path)


def _has(data: Any, path: tuple) -> bool:
    for part in path:
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return False
    return True
