"""Is a change slower? The same workloads timed on two source trees, alternating, in one run.

    git worktree add /tmp/before <commit>        # the tree to compare against
    python benchmarks/before_after.py --before /tmp/before [--rounds 5] [--quick]

Each round runs every workload once on each tree (in a fresh subprocess with that tree first
on ``sys.path``, order alternating per round), so machine load falls on both alike. Reported:
each tree's median and the median of the per-round ratios (after / before; above 1 is faster
for rates). Workloads use only the public API both trees share: random play (gin_standard and
carousel), greedy bots (gin and carousel, positions from real games), and deadwood of dense
hands dealt from few ranks and suits (hands that hold melds, as late in a hand of gin).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

WORKER = r'''
import json, random, sys, time
from interpreter import load_variant, new_game

def random_play(name, hands, players=2):
    v = load_variant(name); rng = random.Random(1); done = 0; match = 0; g = None
    start = time.perf_counter()
    while done < hands:
        if g is None or g.is_terminal:
            match += 1; g = new_game(v, players=players, seed=match)
        seen = len(g.history)
        while len(g.history) == seen and not g.is_terminal:
            legal = g.legal_actions(); g.apply(legal[rng.randrange(len(legal))])
        done += 1
    return hands / (time.perf_counter() - start)

def bots(name, actions, players=2):
    from interpreter.agents import make_agent
    v = load_variant(name); done = 0; seed = 0
    start = time.perf_counter()
    while done < actions:
        seed += 1; g = new_game(v, players=players, seed=seed)
        agents = [make_agent("greedy", s) for s in range(players)]
        while not g.is_terminal and done < actions:
            g.apply(agents[g.current_player].act(g)); done += 1
    return actions / (time.perf_counter() - start)

def dense_deadwood(hands):
    v = load_variant("gin"); rules = v.meld_rules; rng = random.Random(7)
    ranks = v.faces.ranks; suits = v.faces.suits
    sample = []
    while len(sample) < hands:
        r0 = rng.randrange(len(ranks) - 4); rs = range(r0, r0 + 5); ss = rng.sample(range(len(suits)), 3)
        pool = [s * len(ranks) + r for s in ss for r in rs]
        sample.append(rng.sample(pool, 10))
    start = time.perf_counter()
    for hand in sample:
        rules.deadwood(hand)
    return (time.perf_counter() - start) / hands * 1e6

quick = sys.argv[1] == "quick"
n = 10 if quick else 1
print(json.dumps({
    "random gin_standard hands/s": random_play("gin_standard", 30 * n if quick else 600),
    "random carousel hands/s": random_play("carousel", 3 * n if quick else 60),
    "greedy gin actions/s": bots("gin", 100 if quick else 3000),
    "greedy carousel actions/s": bots("carousel", 30 if quick else 400),
    "dense deadwood us/hand": dense_deadwood(500 if quick else 20000),
}))
'''


def run(tree: Path, quick: bool) -> dict:
    env = {"PYTHONPATH": str(tree), "PATH": ""}
    out = subprocess.run([sys.executable, "-c", WORKER, "quick" if quick else "full"],
                         capture_output=True, text=True, env=env, cwd=tree, check=True)
    return json.loads(out.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the older source tree")
    parser.add_argument("--after", type=Path, default=HERE, help="default: this tree")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="tiny workloads, to check it runs")
    args = parser.parse_args(argv)
    results: dict[str, list[dict]] = {"before": [], "after": []}
    for r in range(args.rounds):
        order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
        for which in order:
            results[which].append(run(getattr(args, which), args.quick))
    print(f"{args.rounds} alternating rounds; before {args.before}, after {args.after}")
    print(f"{'workload':30} {'before':>10} {'after':>10} {'after/before':>13}")
    for key in results["before"][0]:
        before = [r[key] for r in results["before"]]
        after = [r[key] for r in results["after"]]
        ratios = [a / b for a, b in zip(after, before)]
        print(f"{key:30} {statistics.median(before):10.1f} {statistics.median(after):10.1f} "
              f"{statistics.median(ratios):13.3f}")
    print("(rates: a ratio above 1 is faster; us/hand: below 1 is faster)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
