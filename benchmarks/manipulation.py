"""Milliseconds per find_play decision on seeded Carousel positions (two decks, two jokers).

    python benchmarks/manipulation.py [--positions 200] [--objective both] [--seed 1] [--nodes N]
                                      [--quick]

Each position is dealt from a shuffled two-deck pack: random legal melds of 3-5 cards until the
table holds about 40 cards, each joker either standing in for a card of a table meld or in the
hand, then a 15-card hand. Only find_play is timed: CPU time (the goals; steadier on a busy
machine) and wall clock. Every play it returns is checked with check_move; where it returns
none, a simple move (a new meld from the hand, or one card laid off) is looked for, which
would prove a legal move was missed. ``--nodes N`` gives each decision a budget of N search
states (the anytime cut-off the bots use: the best play found so far, else the beam search's,
else the best simple move) and counts the decisions it cut off; without it every search is
exact.
Goals (issue 12): for both objectives, median under 20 ms and worst under 200 ms; a legal
move whenever one exists.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from measure import Goal, median, print_goals, use_this_tree

use_this_tree()

from interpreter.budget import Budget
from interpreter.cards import Deck, Faces
from interpreter.melds import MeldRules
from interpreter.table import check_move, find_play

MEDIAN_MS, WORST_MS = 20, 200
OBJECTIVES = ("cards", "points")


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
    table: list[list[tuple[int, int]]] = []
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


def simple_move(rules: MeldRules, table, hand) -> bool:
    """Whether a new meld of hand cards, or one hand card laid off, is a legal move."""
    for meld in rules.melds_in(hand):
        if check_move(rules, table, list(table) + [list(zip(meld.cards, meld.declared))],
                      hand) is None:
            return True
    for i, meld in enumerate(table):
        for f in set(hand):
            grown = list(table)
            grown[i] = list(meld) + [(f, f)]
            if check_move(rules, table, grown, hand) is None:
                return True
    return False


def solve(rules: MeldRules, positions, objective: str, nodes: int | None = None):
    """(CPU ms, wall ms, cards played or None, illegal plays, missed moves, decisions cut off
    by the budget) per position."""
    cpu, wall, played, illegal, missed, cut = [], [], [], 0, 0, 0
    for table, hand in positions:
        budget = None if nodes is None else Budget(nodes, seconds=3600)
        start, start_cpu = time.perf_counter(), time.process_time()
        play = find_play(rules, table, hand, objective, budget=budget)
        cut += budget is not None and budget.exhausted
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
        if play is None:
            played.append(0)
            missed += simple_move(rules, table, hand)
        else:
            played.append(len(play.added))
            illegal += check_move(rules, table, play.new_table, hand) is not None
    return sorted(cpu), sorted(wall), played, illegal, missed, cut


def run(positions: int = 200, seed: int = 1, objectives=OBJECTIVES,
        nodes: int | None = None) -> list[Goal]:
    """Time find_play on the seeded positions, print the figures; the goals."""
    rules = carousel()
    rng = random.Random(seed)
    dealt = [position(rules, rng) for _ in range(positions)]
    cards = sum(len(m) for table, _ in dealt for m in table) / positions
    print(f"{positions} seeded positions (seed {seed}): two decks + 2 jokers, "
          f"table of {cards:.1f} cards on average, hand of 15")
    print(f"{'objective':9} {'clock':5} {'median ms':>10} {'90th pct':>9} {'worst':>8} "
          f"{'cards played':>13} {'no move':>8}")
    goals, wrong = [], 0
    for objective in objectives:
        cpu, wall, played, illegal, missed, cut = solve(rules, dealt, objective, nodes)
        wrong += illegal + missed
        for clock, times in (("cpu", cpu), ("wall", wall)):
            print(f"{objective:9} {clock:5} {median(times):10.1f} "
                  f"{times[int(0.9 * (positions - 1))]:9.1f} {times[-1]:8.1f} "
                  f"{sum(played) / positions:13.2f} {played.count(0):8}")
        print(f"{'':9} illegal plays {illegal}, positions without a play where a simple move "
              f"exists {missed}" + (f", cut off by the budget {cut}" if nodes else ""))
        goals.append(Goal(f"table solver time (objective {objective})",
                          f"median < {MEDIAN_MS} ms and worst < {WORST_MS} ms (CPU)",
                          f"median {median(cpu):.1f} ms, worst {cpu[-1]:.1f} ms",
                          median(cpu) < MEDIAN_MS and cpu[-1] < WORST_MS))
    goals.append(Goal("table solver moves", "a legal move whenever one exists",
                      f"{wrong} positions wrong", wrong == 0))
    return goals


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200, help="positions (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the positions")
    parser.add_argument("--objective", choices=OBJECTIVES + ("both",), default="both")
    parser.add_argument("--nodes", type=int, default=None,
                        help="search states per decision (default: no budget, exact)")
    parser.add_argument("--quick", action="store_true", help="a smoke run of 10 positions")
    args = parser.parse_args(argv)
    count = 10 if args.quick else args.positions
    objectives = OBJECTIVES if args.objective == "both" else (args.objective,)
    goals = run(count, args.seed, objectives, args.nodes)
    print_goals(goals)
    return 0 if goals[-1].met else 1


if __name__ == "__main__":
    sys.exit(main())
