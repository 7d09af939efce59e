"""The variants tables are played with: bundled ones by name, uploaded YAML checked exactly as
``rummy validate`` checks a file, within a size limit and, in a child process, a time limit."""
from __future__ import annotations

import functools
import multiprocessing
import tempfile
import threading
from pathlib import Path
from typing import Any

from ...engine import new_game
from ...errors import RummyError, SpecError
from ...spec import Variant, bundled_names, load_variant
from .errors import ApiError

UPLOAD = "<upload>"        # stands for the uploaded file in located errors: <upload>:3:5: ...
_LOADING = threading.Lock()     # uploads load in worker threads: one at a time


@functools.cache
def bundled(name: str) -> Variant:
    """A bundled variant by name; not_found for any other name (never a path)."""
    if name not in bundled_names():
        raise ApiError("not_found", f"no bundled variant {name!r}; GET /api/variants lists them")
    return load_variant(name)


@functools.lru_cache(maxsize=64)
def uploaded(text: str) -> Variant:
    """The variant of spec text, loaded from a file named ``<upload>`` in an empty folder (so
    ``extends`` reaches only bundled variants); SpecError with ``<upload>:LINE:COL`` lines."""
    with tempfile.TemporaryDirectory(prefix="rummy-upload-") as folder:
        path = Path(folder) / UPLOAD
        path.write_text(text, encoding="utf-8")
        try:
            return load_variant(path)
        except SpecError as error:
            raise SpecError([p.replace(str(path), UPLOAD) for p in error.problems]) from None


def check_upload(text: str, players: int | None, max_bytes: int, seconds: float) -> Variant:
    """The uploaded spec's variant once it loads and deals ``players`` in a child process within
    ``seconds``; too_large or bad_spec (with the located ``problems``) otherwise."""
    size = len(text.encode("utf-8"))
    if size > max_bytes:
        raise ApiError("too_large", f"the spec is {size:,} bytes; the limit is {max_bytes:,}")
    if seconds > 0:
        problems = _in_child(text, players, seconds)
        if problems:
            raise ApiError("bad_spec", "\n".join(problems), problems=problems)
    try:
        with _LOADING:
            variant = _dealt(text, players)
    except SpecError as error:
        raise ApiError("bad_spec", str(error), problems=error.problems) from None
    except RummyError as error:
        raise ApiError("bad_spec", f"{UPLOAD}: {error}", problems=[f"{UPLOAD}: {error}"]) from None
    return variant


def _in_child(text: str, players: int | None, seconds: float) -> list[str]:
    """Problems found loading the spec and dealing a game in a child process, which is killed
    after ``seconds``; [] if it loads."""
    context: Any = multiprocessing.get_context(_method())
    reading, writing = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(text, players, writing), daemon=True)
    child.start()
    writing.close()
    try:
        if reading.poll(seconds):
            try:
                return reading.recv()
            except EOFError:
                return [f"{UPLOAD}: the spec could not be loaded (the checker stopped)"]
        return [f"{UPLOAD}: loading the spec took longer than {seconds:g} s"]
    finally:
        reading.close()
        if child.is_alive():
            child.kill()
        child.join()


def _method() -> str:
    methods = multiprocessing.get_all_start_methods()
    if "forkserver" in methods:
        multiprocessing.get_context("forkserver").set_forkserver_preload(
            ["interpreter.frontends.server.specs"])
        return "forkserver"
    return "spawn"


def _dealt(text: str, players: int | None) -> Variant:
    """The spec's variant, once it has dealt a game (for ``players`` if the variant takes that
    many: if not, the table request is refused for it)."""
    variant = uploaded(text)
    low, high = variant.players
    if players is None or low <= players <= high:
        new_game(variant, players=players, seed=0)
    return variant


def _child(text: str, players: int | None, out) -> None:
    try:
        _dealt(text, players)
        out.send([])
    except SpecError as error:
        out.send(error.problems)
    except RummyError as error:
        out.send([f"{UPLOAD}: {error}"])
