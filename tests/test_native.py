"""The compiled build (interpreter/native.py) gives the same games and answers as the Python
modules: the hot modules are compiled into a copy of the tree (without C optimisation, which
builds faster and means the same), and whole recorded games of every variant (bots and the
solver deciding) and the solver's recorded answers replay against that copy. (The whole suite passes with the compiled build too, but for the tests
that patch compiled code, which skip themselves.)"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from interpreter.native import MODULES

ROOT = Path(__file__).resolve().parent.parent
# every variant's mixed game (greedy, strong and random bots) at its fewest players, and the
# solver's recorded answers: every compiled module at work (kept small: the build is slow)
CHECKS = ("tests/test_replay_corpus.py::test_recorded_game_replays_identically",
          "tests/test_solver_moves.py", "-k", "not replays or mixed and (2p or 3p)")


def test_the_compiled_build_plays_the_same_games(tmp_path):
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "interpreter", tree / "interpreter",
                    ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tree)            # the mypy settings mypyc reads
    for name in ("tests", "variants", "schema"):
        (tree / name).symlink_to(ROOT / name)
    env = {**os.environ, "PYTHONPATH": str(tree)}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, *args], cwd=tree, env=env, text=True,
                              capture_output=True, timeout=600)

    built = run("-m", "interpreter.native", "build", "--opt-level", "0")
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    assert built.stdout.count("compiled  interpreter/") == len(MODULES)

    checked = run("-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", *CHECKS)
    assert checked.returncode == 0 and "\n29 passed" in checked.stdout, checked.stdout[-4000:]
    used = run("-c", "import interpreter, interpreter.native as n; "
                     "print(interpreter.__file__, all(map(n.running_compiled, n.NAMES)))")
    assert used.stdout.split() == [str(tree / "interpreter" / "__init__.py"), "True"], used
