"""Where specs live: bundled variants by name, files by path, and ``extends`` chains."""
from __future__ import annotations

import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import SpecError
from .loader import Marks, load_file

_PACKAGE = Path(__file__).resolve().parents[1]
MAX_EXTENDS = 10
TRUSTED_DIRS_VARIABLE = "RUMMY_EXTENDS_FROM"


def data_dir(name: str) -> Path:
    """``variants`` or ``schema``: inside an installed wheel, else at the source tree's top."""
    shipped = _PACKAGE / "_data" / name
    return shipped if shipped.is_dir() else _PACKAGE.parent / name


def schema_path() -> Path:
    return data_dir("schema") / "variant.schema.json"


def bundled_names() -> list[str]:
    """Names of the bundled variants (file names without ``.yaml``)."""
    return sorted(p.stem for p in data_dir("variants").glob("*.yaml"))


def find(name_or_path: str | Path) -> Path:
    """The file of a path, else of a bundled variant name."""
    text = str(name_or_path)
    if Path(text).is_file():
        return Path(text)
    return _bundled(text)


def _bundled(text: str) -> Path:
    """The file of a bundled variant name; a SpecError with a hint if there is none."""
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
    """One file of an ``extends`` chain: its data, where each value sits, and the places its
    patches landed in the merged lists (merged path prefix -> this file's path prefix)."""

    file: str
    data: Any
    marks: Marks
    aliases: dict[tuple, tuple] = field(default_factory=dict)


def load_chain(path: Path, trusted: tuple[Path, ...] = ()) -> list[Layer]:
    """The file and every base it extends, the file itself first.

    A base is a bundled variant or a file under the folder of the spec that names it, or under
    a ``trusted`` folder (also read from the ``RUMMY_EXTENDS_FROM`` environment variable, a
    path list): a spec from elsewhere can never make the loader read other files.
    """
    layers: list[Layer] = []
    seen: list[Path] = []
    while True:
        data, marks = load_file(path)
        layers.append(Layer(str(path), data, marks))
        seen.append(path.resolve())
        base = data.get("extends") if isinstance(data, dict) else None
        if base is None:
            return layers
        line, col = marks.value(("extends",))
        where = f"{layers[-1].file}:{line}:{col}: extends"
        if not isinstance(base, str):
            raise SpecError([f"{where}: expected a variant name or path"])
        path = _base(base, path, trusted, where)
        if path.resolve() in seen or len(layers) > MAX_EXTENDS:
            raise SpecError([f"{where}: circular or too long a chain "
                             f"({' -> '.join(l.file for l in layers)})"])


def _base(base: str, naming: Path, trusted: tuple[Path, ...], where: str) -> Path:
    """The file ``extends: base`` names: under the naming spec's folder (or a trusted one),
    else a bundled variant; nothing outside them is opened, or even looked for."""
    local = naming.parent / base
    extra = os.environ.get(TRUSTED_DIRS_VARIABLE, "")
    folders = [data_dir("variants"), naming.parent, *trusted,
               *(Path(p) for p in extra.split(os.pathsep) if p)]
    if "\0" not in base and any(local.resolve().is_relative_to(folder.resolve())
                                 for folder in folders):
        if local.is_file():
            return local
    elif "/" in base or base.startswith("."):
        raise SpecError([f"{where}: {base!r} is outside the folder of this spec; a spec may "
                         "extend a bundled variant or a file under its own folder (add trusted "
                         f"folders to {TRUSTED_DIRS_VARIABLE})"])
    try:
        return _bundled(base)
    except SpecError as error:
        raise SpecError([f"{where}: {error.problems[0]}"]) from None


def _step_kind(item: Any) -> Any:
    return next(iter(item)) if isinstance(item, dict) and len(item) == 1 else None


def _outcome_name(item: Any) -> Any:
    return item.get("outcome") if isinstance(item, dict) else None


# Lists whose items a file that extends another may patch by name instead of restating the
# list: turn steps by kind (``turn: {knock: {when: ...}}``), scoring rows by outcome.
KEYED_LISTS = {("turn",): ("step kind", _step_kind),
               ("scoring", "outcomes"): ("outcome", _outcome_name)}


def merged(layers: list[Layer]) -> dict:
    """The chain's data merged: mappings key by key, the file over its bases; a mapping over a
    keyed list patches its items by name; anything else is replaced."""
    result: Any = {}
    for layer in reversed(layers):
        result = _merge(result, layer.data, layer, ())
    result.pop("extends", None)
    for path, (what, _) in KEYED_LISTS.items():
        value = _get(result, path)
        if isinstance(value, dict):
            layer = next(la for la in layers if isinstance(_get(la.data, path), dict))
            line, col = layer.marks.value(path)
            raise SpecError([f"{layer.file}:{line}:{col}: {'.'.join(path)}: a mapping patches "
                             f"the list of the variant this file extends, by {what}; with no "
                             "extends, give the whole list"])
    return result


def _merge(base: Any, top: Any, layer: Layer, path: tuple) -> Any:
    if isinstance(base, dict) and isinstance(top, dict):
        out = dict(base)
        for key, value in top.items():
            out[key] = _merge(base[key], value, layer, path + (key,)) if key in base else value
        return out
    if isinstance(base, list) and isinstance(top, dict) and path in KEYED_LISTS:
        return _patch(base, top, layer, path)
    return top


def _patch(base: list, patches: dict, layer: Layer, path: tuple) -> list:
    """``base`` with each named item merged with its patch (or removed, for null)."""
    what, name_of = KEYED_LISTS[path]
    out = list(base)
    for name, patch in patches.items():
        at = next((i for i, item in enumerate(out) if name_of(item) == name), None)
        if at is None:
            line, col = layer.marks.key(path + (name,))
            known = ", ".join(str(name_of(item)) for item in out)
            raise SpecError([f"{layer.file}:{line}:{col}: {'.'.join(path)}.{name}: the variant "
                             f"this file extends has no {what} {name!r} (it has {known}); give "
                             "the whole list to add one"])
        if patch is None:
            del out[at]
            continue
        if path == ("turn",):
            out[at] = {name: _merge(out[at][name], patch, layer, path + (name,))}
            layer.aliases[path + (at, name)] = path + (name,)
        else:
            out[at] = _merge(out[at], patch, layer, path + (name,))
        layer.aliases[path + (at,)] = path + (name,)
    return out


def _get(data: Any, path: tuple) -> Any:
    for part in path:
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    return data


class LayeredMarks:
    """Marks over an extends chain: each path is located in the file that defines it."""

    def __init__(self, layers: list[Layer]):
        self.layers = layers

    def _layer(self, path) -> tuple[Layer, tuple]:
        """The file that defines ``path`` (or most of it), and the path as that file says it."""
        path = tuple(path)
        for cut in range(len(path), -1, -1):
            for layer in self.layers:
                own = _own_path(layer, path)
                if _has(layer.data, own[:len(own) - (len(path) - cut)]):
                    return layer, own
        return self.layers[0], path

    def file(self, path) -> str:
        return self._layer(path)[0].file

    def value(self, path) -> tuple[int, int]:
        layer, own = self._layer(path)
        return layer.marks.value(own)

    def key(self, path) -> tuple[int, int]:
        layer, own = self._layer(path)
        return layer.marks.key(own)

    def scalar_style(self, path) -> str | None:
        layer, own = self._layer(path)
        return layer.marks.scalar_style(own)


def _own_path(layer: Layer, path: tuple) -> tuple:
    """``path`` in the merged data as ``layer`` spells it (its patches name list items)."""
    for cut in range(len(path), 0, -1):
        alias = layer.aliases.get(path[:cut])
        if alias is not None:
            return alias + path[cut:]
    return path


def _has(data: Any, path: tuple) -> bool:
    for part in path:
        if isinstance(data, dict) and part in data or isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return False
    return True
