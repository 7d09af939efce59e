"""What the benchmarks share: CPU timing, alternating rounds, medians and goal lines.

Every comparison runs the contestants in one process or run, round by round, rotating who
goes first, so that load from other programs falls on all of them alike; figures are the
median over rounds, ratios the median of the per-round ratios. Times are CPU seconds of the
timed code (``time.process_time``), which a busy machine disturbs far less than wall clock.
"""
from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def use_this_tree() -> None:
    """Import ``interpreter`` from this checkout, ahead of an installed one (which may be
    another checkout's editable install: the figures would then be of that tree)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def build_label() -> str:
    """Which build of ``interpreter`` runs: pure Python, or the compiled build
    (``python -m interpreter.native build``) with how many of its modules."""
    import interpreter
    from interpreter.native import NAMES, running_compiled
    done = sum(map(running_compiled, NAMES))
    where = Path(interpreter.__file__).resolve().parent.parent
    build = f"compiled build ({done} of {len(NAMES)} modules)" if done else "pure Python"
    return f"{build}, from {where}"


def cpu_timed(call: Callable[[], T]) -> tuple[float, T]:
    """(CPU seconds, result) of ``call()``, after a garbage collection."""
    gc.collect()
    start = time.process_time()
    result = call()
    return time.process_time() - start, result


def rotations(names: Sequence[str], rounds: int) -> Iterator[tuple[int, list[str]]]:
    """(round, the names in this round's order): each name goes first in turn."""
    names = list(names)
    for r in range(rounds):
        shift = r % len(names)
        yield r, names[shift:] + names[:shift]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


@dataclass(frozen=True)
class Goal:
    """One goal line: what is measured, the target, the figure, and whether it is met
    (None when it could not be measured, e.g. a peer is not installed)."""

    name: str
    target: str
    shown: str
    met: bool | None

    @property
    def verdict(self) -> str:
        return "not measured" if self.met is None else "met" if self.met else "NOT met"

    def line(self) -> str:
        return f"goal: {self.name}, {self.target}: {self.verdict} ({self.shown})"


def print_goals(goals: Sequence[Goal]) -> None:
    for goal in goals:
        print(goal.line())
