"""Milliseconds to load the bundled variants' YAML, and to refuse hostile inputs.

Run from the repo root: ``python benchmarks/loader.py [--repeats N] [--quick]``.
Each case runs with libyaml (when installed) and with the pure-Python loader, best of
``--repeats`` runs. The hostile inputs (alias bombs, deep nesting) are those of
tests/test_loader.py; the tests check that they are refused, this script how fast.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
try:
    import interpreter  # noqa: F401
except ImportError:
    sys.path.insert(0, str(ROOT))

from interpreter.errors import SpecError
from interpreter.spec import loader

GOAL_MS = 1000
GOAL = f"goal: every refusal < {GOAL_MS} ms"


def alias_bomb(levels: int) -> str:
    """Nine lists of nine aliases per level: 9**levels values once expanded."""
    src = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    for i in range(1, levels):
        prev, name = chr(96 + i), chr(97 + i)
        src += f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]\n"
    return src


def cases() -> list[tuple[str, str, bool]]:
    """(name, YAML text, whether it must be refused)."""
    out = [(path.name, path.read_text(encoding="utf-8"), False)
           for path in sorted((ROOT / "variants").glob("*.yaml"))]
    return out + [
        ("alias bomb, 6 levels", alias_bomb(6), True),
        ("alias bomb, 10 levels", alias_bomb(10), True),
        ("flow lists 10000 deep", "[" * 10_000 + "]" * 10_000, True),
        ("flow maps 10000 deep", "{a: " * 10_000 + "}" * 10_000, True),
        ("block lists 300 deep", "a:\n" + "".join("  " * i + "- \n" for i in range(1, 300)),
         True),
    ]


def timed(source: str, repeats: int) -> tuple[float, bool]:
    """(best milliseconds, whether it was refused) of loading ``source``."""
    best, refused = None, False
    for _ in range(repeats):
        start = time.perf_counter()
        try:
            loader.load_yaml(source, "bench.yaml")
        except SpecError:
            refused = True
        elapsed = (time.perf_counter() - start) * 1000
        best = elapsed if best is None else min(best, elapsed)
    return best, refused


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="runs per case, best kept")
    parser.add_argument("--quick", action="store_true", help="a smoke run of one repeat")
    args = parser.parse_args(argv)
    repeats = 1 if args.quick else args.repeats
    loaders = [("libyaml", getattr(yaml, "CSafeLoader", None)), ("python", yaml.SafeLoader)]
    print(f"{'case':<26} {'loader':<8} {'ms':>8}  result")
    wrong, slowest = 0, 0.0
    for name, source, hostile in cases():
        for label, cls in loaders:
            if cls is None:
                continue
            loader._LOADER = cls
            ms, refused = timed(source, repeats)
            wrong += refused != hostile
            if hostile:
                slowest = max(slowest, ms)
            print(f"{name:<26} {label:<8} {ms:8.1f}  {'refused' if refused else 'loaded'}")
    print(f"{GOAL}: {'met' if slowest < GOAL_MS else 'NOT met'} (slowest {slowest:.1f} ms)")
    if wrong:
        print(f"UNEXPECTED: {wrong} cases loaded or refused against expectation")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
