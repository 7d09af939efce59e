"""Every issue-12 speed goal in one run (about two minutes), then a table: met or not.

    python benchmarks/goals.py [--rev 1872f4f] [--quick]

Runs, in turn and each alternating with its peer: deadwood.py (deadwood and best discard on
the random, dense and recorded hand sets, against OpenSpiel), random_play.py (against
OpenSpiel), manipulation.py (the table solver on its 200 positions, both objectives) and
bots.py (greedy and strong matches against the older revision ``--rev``). Sizes are smaller
than each script's defaults; run a script alone for steadier figures. ``--quick`` runs tiny
sizes only to check that everything works (its figures mean nothing). The exit status is 1
only when a correctness check fails (values that differ, an illegal or missed move, match
statistics that differ between revisions), not when a speed goal is missed.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import bots
import deadwood
import manipulation
import random_play
from measure import Goal, build_label

FULL = {"deadwood": dict(hands=1000, rounds=5, peer_hands=100),
        "random": dict(hands=500, rounds=5),
        "solver": dict(positions=200),
        "bots": dict(greedy=20, strong=10, rounds=3)}
QUICK = {"deadwood": dict(hands=20, rounds=2, peer_hands=3),
         "random": dict(hands=5, rounds=2),
         "solver": dict(positions=3),
         "bots": dict(greedy=1, strong=1, rounds=1)}


def run_all(sizes: dict, rev: str) -> tuple[list[Goal], bool]:
    """Each benchmark with its sizes, its output printed as it goes; (goals, checks pass)."""
    goals: list[Goal] = []
    checks = True

    def section(title: str) -> None:
        print(f"\n== {title} ==", flush=True)

    section("deadwood and best discard (benchmarks/deadwood.py)")
    found, agree = deadwood.run(**sizes["deadwood"])
    goals += found
    checks &= agree
    section("random play (benchmarks/random_play.py)")
    goals += random_play.run(**sizes["random"])
    section("table solver (benchmarks/manipulation.py)")
    found = manipulation.run(**sizes["solver"])
    goals += found
    checks &= bool(found[-1].met)
    section(f"bots against {rev} (benchmarks/bots.py)")
    found, identical = bots.run(rev=rev, **sizes["bots"])
    goals += found
    checks &= identical
    return goals, checks


def table(goals: list[Goal]) -> None:
    width = max(len(g.name) for g in goals)
    target = max(len(g.target) for g in goals)
    print(f"{'goal':{width}}  {'target':{target}}  {'verdict':12}  figure")
    for g in goals:
        print(f"{g.name:{width}}  {g.target:{target}}  {g.verdict:12}  {g.shown}")
    met = sum(bool(g.met) for g in goals)
    print(f"{met} of {len(goals)} goals met")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=bots.DEFAULT_REV, help="the older revision for bots")
    parser.add_argument("--quick", action="store_true", help="tiny sizes, to check it runs")
    args = parser.parse_args(argv)
    start, load = time.perf_counter(), os.getloadavg()[0]
    goals, checks = run_all(QUICK if args.quick else FULL, args.rev)
    print(f"\n== issue-12 goals ({time.perf_counter() - start:.0f} s; load average {load:.2f} "
          f"at the start; ratios are of CPU time in the same run; {build_label()}) ==")
    table(goals)
    if not checks:
        print("A CORRECTNESS CHECK FAILED: see above")
    return 0 if checks else 1


if __name__ == "__main__":
    sys.exit(main())
