"""Bot matches per CPU second: this tree against an older revision, in the same run.

    python benchmarks/bots.py [--rev 1872f4f] [--greedy 40] [--strong 20] [--rounds 5]
                              [--variant gin_standard] [--seed 1] [--quick]

The revision is extracted with ``git archive`` into a temporary folder. Each round runs one
subprocess per tree (order rotating), with that tree first on ``sys.path``; it plays the
seeded matches of ``interpreter.simulate`` on one core, greedy against greedy and strong
against strong, timing only the play (CPU seconds). Reported: matches per CPU second (median
over rounds) and the median of the per-round ratios. Both trees must produce identical match
statistics for the same seeds (a digest of every sum and histogram; checked).
Goals (issue 12): greedy-bot matches at least 3x the older revision's rate, strong-bot
matches at least 5x.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from measure import ROOT, Goal, median, print_goals, rotations

DEFAULT_REV = "1872f4f"
GOALS = {"greedy": 3.0, "strong": 5.0}

WORKER = r'''
import hashlib, json, sys, time
import interpreter
from interpreter.simulate import make_plan, run_chunk

variant, seed, jobs = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
out = {"imported": interpreter.__file__}
for bot, games in jobs:
    plan = make_plan([variant], bots=bot, seed=seed)
    start = time.process_time()
    m = run_chunk(plan, 0, games)
    cpu = time.process_time() - start
    stats = (m.games, sorted(m.sums.items(), key=repr),
             sorted(((k, sorted(v.items())) for k, v in m.histograms.items()), key=repr))
    out[bot] = {"cpu": cpu, "digest": hashlib.sha256(repr(stats).encode()).hexdigest()[:16]}
print(json.dumps(out))
'''


def extract(rev: str, into: Path) -> Path:
    """The tree of ``rev`` (any commit name git knows) extracted under ``into``."""
    archive = into / "rev.tar"
    done = subprocess.run(["git", "archive", "--format=tar", "-o", str(archive), rev],
                          cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"bots.py: cannot extract revision {rev!r} with git archive: "
                         f"{done.stderr.strip()}")
    tree = into / "tree"
    with tarfile.open(archive) as tar:
        if hasattr(tarfile, "data_filter"):        # Python 3.10.12 and later
            tar.extractall(tree, filter="data")
        else:
            tar.extractall(tree)
    return tree


def play(tree: Path, variant: str, seed: int, jobs: list[tuple[str, int]]) -> dict:
    """One subprocess playing ``jobs`` (bot, matches) with ``tree``'s interpreter."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-c", WORKER, variant, str(seed), json.dumps(jobs)],
                          cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the worker failed in {tree}:\n{done.stderr}")
    out = json.loads(done.stdout)
    if not Path(out["imported"]).resolve().is_relative_to(tree.resolve()):
        raise RuntimeError(f"the worker for {tree} imported {out['imported']}")
    return out


def run(rev: str = DEFAULT_REV, greedy: int = 40, strong: int = 20, rounds: int = 5,
        variant: str = "gin_standard", seed: int = 1) -> tuple[list[Goal], bool]:
    """Time both trees, print the table; (goals, identical statistics)."""
    jobs = [("greedy", greedy), ("strong", strong)]
    with tempfile.TemporaryDirectory(prefix="bots-rev-") as folder:
        trees = {"this": ROOT, rev: extract(rev, Path(folder))}
        results: dict[str, list[dict]] = {name: [] for name in trees}
        for _, order in rotations(list(trees), rounds):
            for name in order:
                results[name].append(play(trees[name], variant, seed, jobs))
    print(f"{variant}, bot against the same bot, {rounds} rounds alternating, seed {seed}; "
          f"this tree against {rev}")
    print(f"{'bot':8} {'matches':>7} {rev + ' /s':>12} {'this /s':>10} {'this/' + rev:>14} "
          f"{'same stats':>10}")
    goals, identical = [], True
    for bot, games in jobs:
        old = [games / r[bot]["cpu"] for r in results[rev]]
        new = [games / r[bot]["cpu"] for r in results["this"]]
        ratio = median([a / b for a, b in zip(new, old)])
        digests = {r[bot]["digest"] for rs in results.values() for r in rs}
        same = len(digests) == 1
        identical &= same
        print(f"{bot:8} {games:7} {median(old):12.1f} {median(new):10.1f} {ratio:13.2f}x "
              f"{'yes' if same else 'NO':>10}")
        goals.append(Goal(f"{bot}-bot matches per second",
                          f"at least {GOALS[bot]:g}x revision {rev}", f"{ratio:.2f}x",
                          ratio >= GOALS[bot]))
    print("/s = median over rounds of matches per CPU second; this/rev = median of the "
          "per-round ratios; same stats = one digest of the match statistics everywhere")
    if not identical:
        print("MISMATCH: the trees (or rounds) produced different match statistics")
    return goals, identical


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rev", default=DEFAULT_REV, help="the older revision (git commit)")
    parser.add_argument("--greedy", type=int, default=40, help="greedy matches per run")
    parser.add_argument("--strong", type=int, default=20, help="strong matches per run")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--variant", default="gin_standard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few matches, to check it runs")
    args = parser.parse_args(argv)
    if args.quick:
        args.greedy, args.strong, args.rounds = 2, 1, 2
    goals, identical = run(args.rev, args.greedy, args.strong, args.rounds, args.variant,
                           args.seed)
    print_goals(goals)
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
