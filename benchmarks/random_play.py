"""Hands per second of uniform random play: ours against OpenSpiel's gin_rummy.

    python benchmarks/random_play.py [--variant gin_standard] [--hands 1000] [--rounds 5]
                                     [--seed 1] [--quick]

A "hand" is one deal played to its end (scored or void); OpenSpiel's gin_rummy game is one
hand. Every legal action is equally likely (OpenSpiel's chance nodes too). One process; each
round plays ``--hands`` hands on each engine, in rotating order, with the round's seed; rates
are hands per CPU second, the ratio the median of the per-round ratios.
Goal (issue 12): at least 4x OpenSpiel's hands per second.
"""
from __future__ import annotations

import argparse
import random
import sys

from measure import Goal, cpu_timed, median, print_goals, rotations, use_this_tree

use_this_tree()

from interpreter import load_variant, new_game

GOAL = 4.0


def ours(variant_name: str):
    """A player of ``hands`` random hands from ``seed``: returns the actions applied."""
    variant = load_variant(variant_name)

    def play(hands: int, seed: int) -> int:
        rng = random.Random(seed)
        done = actions = match = 0
        game = None
        while done < hands:
            if game is None or game.is_terminal:
                match += 1
                game = new_game(variant, seed=seed * 1_000_003 + match)
            seen = len(game.history)
            while len(game.history) == seen and not game.is_terminal:
                legal = game.legal_actions()
                game.apply(legal[rng.randrange(len(legal))])
                actions += 1
            done += 1
        return actions
    return play


def openspiel():
    """The same for OpenSpiel's gin_rummy (one game is one hand); None if not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")

    def play(hands: int, seed: int) -> int:
        rng = random.Random(seed)
        actions = 0
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    actions += 1
        return actions
    return play


def run(variant: str = "gin_standard", hands: int = 1000, rounds: int = 5,
        seed: int = 1) -> list[Goal]:
    """Time, print the table; the goal."""
    players = {"ours": ours(variant)}
    peer = openspiel()
    if peer is None:
        print("openspiel: not installed (pip install -e '.[bench]'), skipped")
    else:
        players["openspiel"] = peer
    rates: dict[str, list[float]] = {name: [] for name in players}
    actions: dict[str, int] = {name: 0 for name in players}
    for r, order in rotations(list(players), rounds):
        for name in order:
            seconds, applied = cpu_timed(lambda name=name, r=r: players[name](hands, seed + r))
            rates[name].append(hands / seconds)
            actions[name] += applied
    print(f"{hands} hands of uniform random play per engine and round, {rounds} rounds, "
          f"seed {seed}; ours: {variant}")
    print(f"{'engine':10} {'hands/s':>9} {'actions/hand':>13} {'ours/engine':>12}")
    for name in players:
        ratio = median([a / b for a, b in zip(rates["ours"], rates[name])])
        print(f"{name:10} {median(rates[name]):9.0f} {actions[name] / hands / rounds:13.1f} "
              f"{ratio:11.2f}x")
    print("hands/s = median over rounds of hands per CPU second; ours/engine = median of the "
          "per-round ratios")
    if peer is None:
        return [Goal(f"random play of {variant}", f"at least {GOAL:g}x OpenSpiel's hands/s", "-",
                     None)]
    ratio = median([a / b for a, b in zip(rates["ours"], rates["openspiel"])])
    return [Goal(f"random play of {variant}", f"at least {GOAL:g}x OpenSpiel's hands/s",
                 f"{ratio:.2f}x", ratio >= GOAL)]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin_standard")
    parser.add_argument("--hands", type=int, default=1000, help="hands per engine and round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few hands, to check it runs")
    args = parser.parse_args(argv)
    if args.quick:
        args.hands, args.rounds = 20, 2
    print_goals(run(args.variant, args.hands, args.rounds, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
