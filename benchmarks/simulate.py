"""Games per second of `rummy simulate`, with one worker and with every core.

    python benchmarks/simulate.py [--variant gin_standard] [--games 400] [--bots greedy]
                                  [--seed 1] [--quick]

Both runs play the same seeded matches, so their statistics must agree exactly (checked).
Goal (issue 4): at least 1.8x the one-worker rate on 2 cores. Wall-clock rates need idle
cores: the load average is printed, and CPU seconds per game (this process and its workers)
show the parallel overhead whatever the load.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from pathlib import Path

try:
    import interpreter  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter.simulate import make_plan, run


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(plan, games: int, workers: int):
    """(games per wall-clock second, CPU seconds per game, moments) of one run."""
    start, cpu = time.perf_counter(), cpu_seconds()
    moments = run(plan, games, workers=workers)
    wall = time.perf_counter() - start
    return games / wall, (cpu_seconds() - cpu) / games, moments


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin_standard")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bots", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few games, to check it runs")
    args = parser.parse_args(argv)
    games = 8 if args.quick else args.games
    cores = os.cpu_count() or 1
    plan = make_plan([args.variant], bots=args.bots, seed=args.seed)
    load = os.getloadavg()[0]
    one, one_cpu, first = timed(plan, games, 1)
    many, many_cpu, second = timed(plan, games, cores)
    if first != second:
        print("MISMATCH: the statistics differ between 1 and", cores, "workers")
        return 1
    print(f"{games} matches of {args.variant}, bots {args.bots}, seed {args.seed}; "
          f"{cores} cores, load average {load:.2f} before the runs")
    print(f"{'workers':8} {'games/s':>9} {'speed-up':>9} {'cpu ms/game':>12}")
    print(f"{1:<8} {one:9.1f} {1:9.2f} {one_cpu * 1000:12.1f}")
    print(f"{cores:<8} {many:9.1f} {many / one:9.2f} {many_cpu * 1000:12.1f}")
    if cores >= 2:
        verdict = "met" if many >= 1.8 * one else "NOT met"
        print(f"goal: >= 1.8x with 2 or more cores: {verdict} ({many / one:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
