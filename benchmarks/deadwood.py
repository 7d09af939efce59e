"""Microseconds per gin deadwood and per best discard: ours against OpenSpiel and RLCard.

    python benchmarks/deadwood.py [--hands 1000] [--rounds 5] [--peer-hands 300]
                                  [--sets random,dense,recorded] [--seed 1] [--quick]

Three named sets of hands (see hand_sets.py): ``random``, ``dense`` and ``recorded``. Each
round times every engine (in rotating order) on the round's own slice of every set, so no
hand is timed twice: 10-card deadwood (ours, OpenSpiel's C++ ``min_deadwood``, RLCard's best
meld clusters) and the best discard of 11 cards (ours, RLCard). Only the engine calls are
timed (CPU time), never card conversions. RLCard is slow, so it gets the first
``--peer-hands`` hands of each slice. Reported: the median over rounds and the median of the
per-round ratios to OpenSpiel's 10-card time. Every value any engine returns is checked
against ours (OpenSpiel's best discard as the least of its 11 ten-card deadwoods, untimed).

Goals (issue 12): deadwood on dense and recorded hands within 2x of OpenSpiel's time; the
best discard of 11 cards within 3x of OpenSpiel's 10-card time, on every set.
"""
from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

import hand_sets
from measure import Goal, cpu_timed, median, print_goals, rotations

from interpreter import load_variant

DEADWOOD, DISCARD = "deadwood", "best discard"
CARDS = {DEADWOOD: 10, DISCARD: 11}
DEADWOOD_GOAL, DISCARD_GOAL = 2.0, 3.0


@dataclass(frozen=True)
class Engine:
    """An engine's timed calls: operation -> call on a converted hand; ``convert`` turns our
    faces into its cards; ``slow`` engines time only the first peer hands of each slice."""

    name: str
    convert: Callable[[list[int]], list]
    calls: dict[str, Callable[[list], int]]
    slow: bool = False


def ours() -> Engine:
    rules = load_variant(hand_sets.VARIANT).meld_rules
    return Engine("ours", list, {DEADWOOD: rules.deadwood,
                                 DISCARD: lambda hand: rules.best_discards(hand)[0]})


def openspiel() -> Engine:
    """OpenSpiel's C++ gin utilities (13 ranks, 4 suits, hand of 10): ``min_deadwood``."""
    import pyspiel
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    faces = load_variant(hand_sets.VARIANT).faces
    index = {utils.card_string(i): i for i in range(52)}
    card = [index[faces.name(f)] for f in range(52)]
    return Engine("openspiel", lambda hand: [card[f] for f in hand],
                  {DEADWOOD: utils.min_deadwood})


def openspiel_best_discard(engine: Engine, hand: list[int]) -> int:
    """OpenSpiel's exact best discard: the least of its 10-card deadwoods (not timed)."""
    cards = engine.convert(hand)
    return min(engine.calls[DEADWOOD](cards[:i] + cards[i + 1:]) for i in range(len(cards)))


def rlcard() -> Engine:
    """RLCard's meld clusters; the best discard drops the highest deadwood card of each
    cluster (and of no meld at all) and keeps the least."""
    from rlcard.games.base import Card
    from rlcard.games.gin_rummy.utils import melding, utils
    faces = load_variant(hand_sets.VARIANT).faces
    card = [Card(faces.name(f)[1].upper(), faces.name(f)[0]) for f in range(52)]

    def deadwood(hand):
        clusters = melding.get_best_meld_clusters(hand)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in hand)
        return utils.get_deadwood_count(hand, clusters[0])

    def best_discard(hand):
        best = None
        for cluster in [[]] + melding.get_meld_clusters(hand):
            melded = {c for meld in cluster for c in meld}
            values = [utils.get_deadwood_value(c) for c in hand if c not in melded]
            value = sum(values) - max(values, default=0)
            best = value if best is None else min(best, value)
        return best
    return Engine("rlcard", lambda hand: [card[f] for f in hand],
                  {DEADWOOD: deadwood, DISCARD: best_discard}, slow=True)


def peers() -> tuple[list[Engine], list[str]]:
    """The installed peers, and a note for each missing one."""
    found, missing = [], []
    for name, build in (("openspiel", openspiel), ("rlcard", rlcard)):
        try:
            found.append(build())
        except ImportError:
            missing.append(f"{name}: not installed (pip install -e '.[bench]'), skipped")
    return found, missing


def measure(sets, engines: list[Engine], hands: int, rounds: int, peer_hands: int):
    """(times, values): (set, operation, engine) -> per-round microseconds per hand, and
    -> {hand index in the set: value}."""
    times: dict = defaultdict(list)
    values: dict = defaultdict(dict)
    by_name = {e.name: e for e in engines}
    for r, order in rotations([e.name for e in engines], rounds):
        for set_name, sizes in sets.items():
            for operation, size in CARDS.items():
                first = r * hands
                for name in order:
                    engine = by_name[name]
                    if operation not in engine.calls:
                        continue
                    count = min(hands, peer_hands) if engine.slow else hands
                    cards = [engine.convert(h) for h in sizes[size][first:first + count]]
                    call = engine.calls[operation]
                    seconds, results = cpu_timed(
                        lambda call=call, cards=cards: [call(h) for h in cards])
                    times[set_name, operation, name].append(seconds * 1e6 / count)
                    values[set_name, operation, name].update(enumerate(results, first))
    return times, values


def disagreements(sets, engines: list[Engine], values) -> list[tuple[bool, str]]:
    """(all equal, line) per (set, operation, peer): how many of its values equal ours."""
    lines = []
    for set_name, sizes in sets.items():
        for operation, size in CARDS.items():
            mine = values[set_name, operation, "ours"]
            for engine in engines[1:]:
                theirs = dict(values.get((set_name, operation, engine.name), {}))
                if operation == DISCARD and engine.name == "openspiel":
                    theirs = {i: openspiel_best_discard(engine, sizes[size][i]) for i in mine}
                if not theirs:
                    continue
                same = sum(theirs[i] == mine[i] for i in theirs)
                lines.append((same == len(theirs),
                              f"{set_name:9} {operation:13} {engine.name:10} "
                              f"{same}/{len(theirs)} hands equal"))
    return lines


def report(sets, engines: list[Engine], times) -> list[Goal]:
    """Print the table; the goals."""
    names = [e.name for e in engines]
    print(f"{'set':9} {'cards':>5} {'operation':13} "
          + " ".join(f"{n + ' us':>13}" for n in names) + f" {'ours/openspiel':>15}")
    goals: dict[str, list[Goal]] = {DEADWOOD: [], DISCARD: []}
    for set_name in sets:
        for operation, size in CARDS.items():
            cells = []
            for name in names:
                runs = times.get((set_name, operation, name))
                cells.append(f"{median(runs):13.1f}" if runs else f"{'-':>13}")
            base = times.get((set_name, DEADWOOD, "openspiel"))
            ratio = (median([a / b for a, b in zip(times[set_name, operation, "ours"], base)])
                     if base else None)
            shown = "-" if ratio is None else f"{ratio:.2f}x"
            print(f"{set_name:9} {size:5} {operation:13} " + " ".join(cells) + f" {shown:>15}")
            if operation == DEADWOOD and set_name != "random":
                goals[operation].append(_goal(f"deadwood on {set_name} hands", DEADWOOD_GOAL,
                                              "time", ratio))
            if operation == DISCARD:
                goals[operation].append(_goal(f"best discard of 11 on {set_name} hands",
                                              DISCARD_GOAL, "10-card time", ratio))
    print("us = median CPU microseconds per hand over the rounds; ours/openspiel = median of the "
          "per-round ratios of our time to OpenSpiel's 10-card deadwood time")
    return goals[DEADWOOD] + goals[DISCARD]


def _goal(name: str, limit: float, against: str, ratio: float | None) -> Goal:
    return Goal(name, f"within {limit:g}x of OpenSpiel's {against}",
                "-" if ratio is None else f"{ratio:.2f}x", None if ratio is None else ratio <= limit)


def run(hands: int = 1000, rounds: int = 5, peer_hands: int = 300, seed: int = 1,
        set_names=hand_sets.NAMES) -> tuple[list[Goal], bool]:
    """Build the sets, time, print the tables and agreement; (goals, every value agrees)."""
    sets = hand_sets.build(hands * rounds, seed, set_names)
    found, missing = peers()
    engines = [ours()] + found
    for note in missing:
        print(note)
    print(f"{hands} hands per set, size and round ({min(hands, peer_hands)} for RLCard), "
          f"{rounds} rounds, seed {seed}; sets of {hand_sets.VARIANT} hands: "
          f"{', '.join(set_names)}")
    times, values = measure(sets, engines, hands, rounds, peer_hands)
    goals = report(sets, engines, times)
    agreement = disagreements(sets, engines, values)
    print("agreement with our values:")
    for ok, line in agreement:
        print(f"  {line}{'' if ok else '  DISAGREEMENT'}")
    return goals, all(ok for ok, _ in agreement)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per set, size and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--peer-hands", type=int, default=300,
                        help="hands per set, size and round for the slow peer (RLCard)")
    parser.add_argument("--sets", default=",".join(hand_sets.NAMES),
                        help="comma-separated set names")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="tiny sizes, to check it runs")
    args = parser.parse_args(argv)
    names = tuple(args.sets.split(","))
    unknown = [n for n in names if n not in hand_sets.NAMES]
    if unknown:
        parser.error(f"unknown set {unknown[0]!r}: the sets are {', '.join(hand_sets.NAMES)}")
    if args.quick:
        args.hands, args.rounds, args.peer_hands = 30, 2, 5
    goals, agree = run(args.hands, args.rounds, args.peer_hands, args.seed, names)
    print_goals(goals)
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
