"""The optional compiled build: the hot modules compiled by mypyc into extension modules that
sit beside their Python source, which stays the reference (tests/test_native.py plays the
same seeded games and gets the same answers with both).

    pip install -e '.[native]'          # mypy (with mypyc) and setuptools; and a C compiler
    python -m interpreter.native build   # compile in place; Python then imports the extensions
    python -m interpreter.native status  # which modules run compiled
    python -m interpreter.native clean   # back to pure Python

Only a source checkout (or an editable install) can be built in place. The build compiles
the leaf kernels: cards, meld legality and deadwood (``melds/``), the table solver
(``table/``), and the bots that spend their time in them. The engine (the state composed of
the rules' slices, the turn driver, the steps) stays Python: its design (a state class made of
mixins declared by each rule, types read back from annotations) is not bent to mypyc's
limits, where a class may have one compiled base and keeps only the outer class of each
annotation. A class a compiled module defines cannot be subclassed outside the build.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import os
import sys
import tempfile
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
GROUP = "interpreter.native_lib"          # the shared library every compiled module loads

MODULES = (
    "agents/greedy.py", "agents/strong.py", "cards.py",
    "melds/additions.py", "melds/bits.py", "melds/needs.py", "melds/needs_search.py",
    "melds/plain_arrange.py", "melds/rank_groups.py", "melds/rules.py", "melds/suit_tables.py",
    "melds/wilds.py",
    "table/check.py", "table/collector.py", "table/moves.py", "table/openings.py",
    "table/owners.py", "table/play.py", "table/simple.py", "table/solver.py",
)

NAMES = tuple("interpreter." + m.removesuffix(".py").replace("/", ".") for m in MODULES)


def status() -> dict[str, bool]:
    """Whether each listed module has an extension this Python will import before its source."""
    return {module: any((PACKAGE / module).with_suffix(suffix).exists()
                        for suffix in importlib.machinery.EXTENSION_SUFFIXES)
            for module in MODULES}


def running_compiled(module: str) -> bool:
    """Whether a module (``interpreter.melds.rules``, imported if need be) runs as an
    extension."""
    path = getattr(importlib.import_module(module), "__file__", None) or ""
    return path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def clean() -> list[Path]:
    """Removes every built extension of the package (and the shared library); returns them."""
    removed = [p for p in PACKAGE.rglob("*") if p.suffix in (".so", ".pyd")]
    for path in removed:
        path.unlink()
    return removed


def build(opt_level: str = "3") -> None:
    """Compiles :data:`MODULES` in place with mypyc (ImportError without the native extra)."""
    from mypyc.build import mypycify
    from setuptools import setup

    clean()
    with tempfile.TemporaryDirectory() as temp:
        here = os.getcwd()
        os.chdir(ROOT)          # mypyc reads the project's mypy settings and names the modules
        try:
            paths = [str(Path("interpreter") / m) for m in MODULES]
            extensions = mypycify(paths, opt_level=opt_level, group_name=GROUP,
                                  target_dir=str(Path(temp) / "c"))
            setup(name="rummy-native", packages=[], py_modules=[], ext_modules=extensions,
                  script_args=["-q", "build_ext", "--inplace", "--build-temp", temp,
                               "--build-lib", temp])
        finally:
            os.chdir(here)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m interpreter.native", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("build", "status", "clean"))
    parser.add_argument("--opt-level", default="3", help="the C compiler's -O level")
    args = parser.parse_args(argv)
    if args.command == "build":
        try:
            build(args.opt_level)
        except ImportError as error:
            print(f"cannot build: {error} (pip install -e '.[native]')", file=sys.stderr)
            return 1
    if args.command == "clean":
        print(f"removed {len(clean())} extension files")
        return 0
    compiled = status()
    for module, done in compiled.items():
        print(f"{'compiled' if done else 'python  '}  interpreter/{module}")
    return 0 if args.command == "status" or all(compiled.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
