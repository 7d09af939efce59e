"""Time and memory of every bot decision, over whole seeded matches of every bundled variant.

Run from the repo root: ``python benchmarks/decision_bounds.py [--seeds N] [--quick]``.
For every bundled variant, player count and bot (random, greedy, and strong where it has rules
of its own: games without table melds), seeded matches are played with that bot in every
seat, up to ``--cap`` decisions each. Every ``act`` call is timed (wall clock, and CPU time,
which other load on the machine does not inflate); the slowest few by CPU time, and the one
whose table search used the most states, are replayed from a saved copy of their state
under tracemalloc for their peak memory. Reported per row: decisions,
whether the matches ended, the 99th percentile and worst wall time, the worst CPU time, the
peak traced memory of those decisions, the most search states a table search used and
how often its budget ran out; then whether the stated bounds (:mod:`interpreter.budget`)
held: worst CPU time within the backstop plus a second for the moves around the search, and
peak memory within MEMORY_MB.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))     # this tree's package

from interpreter import State, bundled_names, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.budget import NODES, SECONDS

MEMORY_MB = 128          # the stated bound on the memory one decision allocates
TABLE_STEPS = ("meld", "draw_until_meld")     # turn steps that put melds on a shared table
REPLAYED = 3             # slowest decisions per row replayed under tracemalloc


def bots_for(variant) -> list[str]:
    """Strong has rules of its own only without table melds (else it plays greedy's)."""
    table = any(variant.step_index(kind) >= 0 for kind in TABLE_STEPS)
    return ["random", "greedy"] + ([] if table else ["strong"])


def play(variant, players: int, bot: str, seed: int, cap: int):
    """Per decision (wall seconds, CPU seconds) and (search states, budget spent) of one
    match, the saved states of its slowest and its most searched decisions, and whether it
    ended."""
    state = new_game(variant, players=players, seed=seed)
    agents = [make_agent(bot, seed * 100 + seat) for seat in range(players)]
    times, nodes, slowest = [], [], []            # slowest: (seconds, saved state, seat)
    heaviest = (0, None, 0)                       # (search states, saved state, seat)
    clock, cpu = time.perf_counter, time.process_time
    while not state.is_terminal and len(times) < cap:
        seat = state.current_player
        agent = agents[seat]
        start, start_cpu = clock(), cpu()
        action = agent.act(state)
        elapsed, used = clock() - start, cpu() - start_cpu
        times.append((elapsed, used))
        budget = getattr(agent, "last_budget", None) or getattr(
            getattr(agent, "greedy", None), "last_budget", None)
        if budget is not None and budget.used:
            nodes.append((budget.used, budget.exhausted))
            if budget.used > heaviest[0]:
                heaviest = (budget.used, state.to_json(), seat)
            budget.used = 0
        if len(slowest) < REPLAYED or used > slowest[-1][0]:
            slowest = sorted(slowest + [(used, state.to_json(), seat)],
                             key=lambda s: -s[0])[:REPLAYED]
        state.apply(action)
    if heaviest[1] is not None:
        slowest.append(heaviest)
    return times, nodes, slowest, state.is_terminal


def peak_mb(bot: str, saved: str, seed: int) -> float:
    """Peak traced memory (MB) of one decision replayed from its saved state."""
    state = State.from_json(saved)
    agent = make_agent(bot, seed)
    tracemalloc.start()
    agent.act(state)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 2**20


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="matches per row (default 2)")
    parser.add_argument("--cap", type=int, default=20_000,
                        help="decisions per match at most (default 20000)")
    parser.add_argument("--variant", action="append", help="only these variants")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one match per row, at most 120 decisions")
    args = parser.parse_args(argv)
    seeds, cap = (1, 120) if args.quick else (args.seeds, args.cap)
    print(f"bounds: {NODES} search states, {SECONDS} s backstop, {MEMORY_MB} MB per decision; "
          f"{seeds} match(es) per row, at most {cap} decisions each")
    print(f"{'variant':<34} {'p':>2} {'bot':<7} {'decisions':>9} {'ended':>5} {'p99 ms':>8} "
          f"{'worst ms':>9} {'cpu ms':>8} {'peak MB':>8} {'states':>8} {'spent':>5}")
    worst_time = worst_cpu = worst_mb = 0.0
    worst_nodes = 0
    for name in args.variant or bundled_names():
        variant = load_variant(name)
        for players in range(variant.players[0], variant.players[1] + 1):
            for bot in bots_for(variant):
                times, nodes, peaks, ended = [], [], [], 0
                for seed in range(1, seeds + 1):
                    t, n, slowest, done = play(variant, players, bot, seed, cap)
                    times += t
                    nodes += n
                    ended += done
                    peaks += [peak_mb(bot, saved, seed * 100 + seat)
                              for _, saved, seat in slowest]
                most = max((n for n, _ in nodes), default=0)
                spent = sum(e for _, e in nodes)
                wall, used = [w for w, _ in times], [c for _, c in times]
                worst_time, worst_cpu = max(worst_time, max(wall)), max(worst_cpu, max(used))
                worst_mb = max(worst_mb, max(peaks))
                worst_nodes = max(worst_nodes, most)
                print(f"{name:<34} {players:>2} {bot:<7} {len(times):>9} {ended:>2}/{seeds:<2} "
                      f"{percentile(wall, 0.99) * 1e3:>8.1f} {max(wall) * 1e3:>9.1f} "
                      f"{max(used) * 1e3:>8.1f} {max(peaks):>8.1f} {most:>8} {spent:>5}",
                      flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    held = worst_cpu <= SECONDS + 1 and worst_mb <= MEMORY_MB
    print(f"worst decision {worst_time * 1e3:.1f} ms wall, {worst_cpu * 1e3:.1f} ms CPU, "
          f"peak {worst_mb:.1f} MB traced, "
          f"most search states {worst_nodes}; process peak RSS {rss:.0f} MB")
    print(f"stated bounds {'hold' if held else 'DO NOT hold'}: decision <= {SECONDS} s CPU "
          f"(+1 s for the moves around the search), <= {MEMORY_MB} MB")
    return 0 if held else 1


if __name__ == "__main__":
    sys.exit(main())
