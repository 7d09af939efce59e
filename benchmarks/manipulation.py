"""Milliseconds per find_play decision on seeded Carousel positions (two decks, two jokers).

Run from the repo root: ``python benchmarks/manipulation.py [--positions N] [--seed S] [--quick]``.
Each position is dealt from a shuffled two-deck pack: random legal melds of 3-5 cards until the
table holds about 40 cards, each joker either standing in for a card of a table meld or in the
hand, then a 15-card hand. Only find_play is timed: wall clock (the goal) and CPU time (steadier
on a busy machine).
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

from interpreter.cards import Deck, Faces
from interpreter.melds import MeldRules
from interpreter.table import find_play

GOAL_MS = 50
GOAL = f"goal: median < {GOAL_MS} ms"


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
    parser.add_argument("--objective", choices=("cards", "points"), default="cards")
    parser.add_argument("--quick", action="store_true", help="a smoke run of 10 positions")
    args = parser.parse_args(argv)
    count = 10 if args.quick else args.positions
    rules = carousel()
    rng = random.Random(args.seed)
    positions = [position(rules, rng) for _ in range(count)]
    wall, cpu, played = [], [], []
    for table, hand in positions:
        start, start_cpu = time.perf_counter(), time.process_time()
        play = find_play(rules, table, hand, args.objective)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        played.append(len(play.added) if play else 0)
    cards = sum(len(m) for table, _ in positions for m in table) / count
    print(f"{count} seeded positions (seed {args.seed}): two decks + 2 jokers, "
          f"table of {cards:.1f} cards on average, hand of 15, objective {args.objective}")
    for name, times in (("wall", sorted(wall)), ("cpu", sorted(cpu))):
        print(f"find_play ms per decision ({name}): median {statistics.median(times):.1f}, "
              f"90th percentile {times[int(0.9 * (count - 1))]:.1f}, worst {times[-1]:.1f}")
    print(f"hand cards played: mean {statistics.mean(played):.2f}, "
          f"no legal move in {played.count(0)} positions")
    median = statistics.median(wall)
    print(f"{GOAL}: {'met' if median < GOAL_MS else 'NOT met'} ({median:.1f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
