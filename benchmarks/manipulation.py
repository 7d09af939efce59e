"""Milliseconds per find_play decision on seeded Carousel positions (two decks, two jokers).

Run from the repo root: ``python benchmarks/manipulation.py [--positions N] [--seed S]
[--objective cards|points|both] [--nodes N] [--quick]``. Each position is dealt from a shuffled two-deck pack: random legal melds of 3-5 cards until the
table holds about 40 cards, each joker either standing in for a card of a table meld or in the
hand, then a 15-card hand. Only find_play is timed: wall clock (the goal) and CPU time (steadier
on a busy machine). ``--nodes`` gives each decision a budget of that many search states (the
anytime cut-off the bots use: the best play found so far, else the beam search's) and counts
the decisions it cut off; without it every search is exact.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

try:
    import interpreter  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from interpreter.budget import Budget
from interpreter.cards import Deck, Faces
from interpreter.melds import MeldRules
from interpreter.table import find_play

GOAL_MEDIAN_MS, GOAL_WORST_MS = 20, 200
GOAL = f"goal: median < {GOAL_MEDIAN_MS} ms, worst < {GOAL_WORST_MS} ms"


def carousel() -> MeldRules:
    faces = Faces.build(jokers=True)
    return MeldRules(faces, group=(3, 4), run=(3, None), ace="both", copies=2, deck_jokers=2)


def position(rules: MeldRules, rng: random.Random, table_cards: int = 40, hand_size: int = 15):
    """(table, hand): legal melds dealt from a shuffled pack, then the hand from what is left."""
    faces = rules.faces
    pack = list(Deck(faces, copies=2, jokers=2).faces_of)
    rng.shuffle(pack)
    left = Counter(f for f in pack if f != faces.joker)
    shapes = [t for _, t in rules.templates if len(t) <= 5]
    table = []
    while sum(map(len, table)) < table_cards:
        template = rng.choice(shapes)
        if all(left[f] for f in template):
            left.subtract(template)
            table.append([(f, f) for f in template])
    hand = []
    for _ in range(2):
        if rng.random() < 0.5:                 # the joker stands in for a card of a meld
            meld, i = rng.choice([(m, i) for m in table for i, (f, _) in enumerate(m)
                                  if f != faces.joker])
            left[meld[i][1]] += 1
            meld[i] = (faces.joker, meld[i][1])
        else:
            hand.append(faces.joker)
    rest = list(left.elements())
    rng.shuffle(rest)
    hand += rest[:hand_size - len(hand)]
    return table, hand


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions")
    parser.add_argument("--objective", choices=("cards", "points", "both"), default="both")
    parser.add_argument("--nodes", type=int, default=None,
                        help="search states per decision (default: no budget, exact)")
    parser.add_argument("--quick", action="store_true", help="a smoke run of 10 positions")
    args = parser.parse_args(argv)
    count = 10 if args.quick else args.positions
    rules = carousel()
    rng = random.Random(args.seed)
    positions = [position(rules, rng) for _ in range(count)]
    cards = sum(len(m) for table, _ in positions for m in table) / count
    print(f"{count} seeded positions (seed {args.seed}): two decks + 2 jokers, "
          f"table of {cards:.1f} cards on average, hand of 15"
          + (f", budget {args.nodes} states" if args.nodes else ""))
    objectives = ("cards", "points") if args.objective == "both" else (args.objective,)
    met = all([measure(rules, positions, objective, args.nodes) for objective in objectives])
    print(f"{GOAL} ({', '.join(objectives)}): {'met' if met else 'NOT met'}")
    return 0


def measure(rules: MeldRules, positions, objective: str, nodes: int | None) -> bool:
    """Time find_play on every position and print the figures; whether the goal is met."""
    wall, cpu, played, cut = [], [], [], 0
    for table, hand in positions:
        budget = None if nodes is None else Budget(nodes, seconds=3600)
        start, start_cpu = time.perf_counter(), time.process_time()
        play = find_play(rules, table, hand, objective, budget=budget)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        played.append(len(play.added) if play else 0)
        cut += budget is not None and budget.exhausted
    count = len(positions)
    for name, times in (("wall", sorted(wall)), ("cpu", sorted(cpu))):
        print(f"{objective}: find_play ms per decision ({name}): median "
              f"{statistics.median(times):.1f}, 90th percentile "
              f"{times[int(0.9 * (count - 1))]:.1f}, worst {times[-1]:.1f}")
    print(f"{objective}: hand cards played: mean {statistics.mean(played):.2f}, "
          f"no legal move in {played.count(0)} positions"
          + (f", cut off by the budget in {cut}" if nodes is not None else ""))
    median, worst = statistics.median(wall), max(wall)
    met = median < GOAL_MEDIAN_MS and worst < GOAL_WORST_MS
    print(f"{objective}: {GOAL}: {'met' if met else 'NOT met'} "
          f"(median {median:.1f} ms, worst {worst:.1f} ms)")
    return met


if __name__ == "__main__":
    sys.exit(main())
