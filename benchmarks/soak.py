"""Soak: a million checked actions over every bundled variant and player count.

    python benchmarks/soak.py [--actions 1000000] [--game-cap 4000] [--seed 1] [--quick]

Matches are played round-robin over every bundled variant, every player count it allows and
three line-ups (all random, all greedy, random and greedy alternating), each match until it
ends or reaches ``--game-cap`` actions, until ``--actions`` actions are played. After every
action: card conservation, and every seat's observation shows no card that seat may not see
(the checks of tests/test_conformance.py). Every few hundred actions the match is saved and
loaded (``to_json``/``State.from_json``), the copy must save the same JSON, and a while later
the copy, fed the same actions, must have reached the same state; play goes on with the copy.

Reports actions, matches, failures (goal 0, each listed with the match to replay it), RSS
(resident memory) at start, at each tenth of the run and at the end, its growth, and the time.
"""
from __future__ import annotations

import argparse
import functools
import os
import random
import sys
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]     # this tree's engine and checks

from test_conformance import Notation, check_conservation, check_observation  # noqa: E402

from interpreter import State, Variant, bundled_names, load_variant, new_game  # noqa: E402
from interpreter.agents import make_agent  # noqa: E402

LINEUPS = ("random", "greedy", "random,greedy")
SAVE_EVERY = 300          # a save/load round trip about every so many actions
REPLAY_AFTER = 40         # actions later, the loaded copy must have reached the same state


def rss_mb() -> float:
    """This process's resident memory now, in MB (Linux /proc; 0 where it is missing)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


@dataclass
class Tally:
    actions: int = 0
    matches: int = 0
    ended: int = 0            # matches played to their end (the rest reached the cap)
    saves: int = 0
    failures: list[str] = field(default_factory=list)


def cases() -> list[tuple[str, int, str]]:
    """(variant, players, line-up) for every bundled variant, player count and line-up."""
    out = []
    for name in bundled_names():
        low, high = loaded(name).players
        out += [(name, n, lineup) for n in range(low, high + 1) for lineup in LINEUPS]
    return out


@functools.cache
def loaded(name: str) -> Variant:
    """Each variant loaded once, as a long-running server would."""
    return load_variant(name)


def play_match(name: str, players: int, lineup: str, seed: int, cap: int, tally: Tally) -> None:
    """One match, checked after every action; raises AssertionError (or the engine's error)
    on the first broken invariant."""
    variant = loaded(name)
    notation = Notation(variant)
    bots = lineup.split(",")
    agents = [make_agent(bots[s % len(bots)], seed * 31 + s) for s in range(players)]
    rng = random.Random(seed)
    state = new_game(variant, players=players, seed=seed)
    saved: tuple[str, list] | None = None      # JSON saved, the actions played since
    next_save = rng.randrange(1, SAVE_EVERY)
    for index in range(cap):
        if state.is_terminal:
            tally.ended += 1
            return
        where = f"{name} players={players} bots={lineup} seed={seed} action {index}"
        if index == next_save:
            text = state.to_json()
            copy = State.from_json(text)
            assert copy.to_json() == text, f"{where}: the loaded copy saves other JSON"
            saved, state = (text, []), copy
            next_save += rng.randrange(SAVE_EVERY // 2, SAVE_EVERY * 3 // 2)
            tally.saves += 1
        action = agents[state.current_player].act(state)
        state.apply(action)
        tally.actions += 1
        check_conservation(state, where)
        for seat in range(players):
            check_observation(state, seat, notation, where)
        if saved is not None:
            saved[1].append(action)
            if len(saved[1]) == REPLAY_AFTER or state.is_terminal:
                again = State.from_json(saved[0])
                for earlier in saved[1]:
                    again.apply(earlier)
                assert again.to_json() == state.to_json(), \
                    f"{where}: a loaded copy played on differently"
                saved = None
    if state.is_terminal:
        tally.ended += 1


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1_000_000)
    parser.add_argument("--game-cap", type=int, default=4_000,
                        help="actions a match may take before the next one starts")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true",
                        help="a short match of each case, to check it runs")
    args = parser.parse_args(argv)
    every = cases()
    target = len(every) * 12 if args.quick else args.actions
    cap = 12 if args.quick else args.game_cap
    tally = Tally()
    start, rss_start = time.perf_counter(), rss_mb()
    print(f"soak: {target} actions over {len(every)} cases (variant, players, bots), "
          f"match cap {cap} actions, seed {args.seed}", flush=True)
    print(f"{'actions':>9} {'matches':>8} {'failures':>9} {'RSS MB':>8} {'seconds':>8}", flush=True)
    marks = [target * k // 10 for k in range(1, 11)]
    k = 0
    while tally.actions < target:
        name, players, lineup = every[k % len(every)]
        seed = args.seed * 1_000_003 + k
        k += 1
        tally.matches += 1
        try:
            play_match(name, players, lineup, seed, min(cap, target - tally.actions), tally)
        except Exception as exc:  # a failure is reported with its match, and the soak goes on
            line = traceback.format_exception_only(type(exc), exc)[-1].strip()
            tally.failures.append(f"{name} players={players} bots={lineup} seed={seed}: "
                                  f"{line[:300]}")
            print("FAILURE", tally.failures[-1], flush=True)
        while marks and tally.actions >= marks[0]:
            marks.pop(0)
            print(f"{tally.actions:9} {tally.matches:8} {len(tally.failures):9} {rss_mb():8.1f} "
                  f"{time.perf_counter() - start:8.0f}", flush=True)
    seconds, rss_end = time.perf_counter() - start, rss_mb()
    print(f"actions {tally.actions}, matches {tally.matches} ({tally.ended} to their end, "
          f"the rest capped), save/load round trips {tally.saves}")
    print(f"failures {len(tally.failures)} (goal 0)")
    print(f"RSS start {rss_start:.1f} MB, end {rss_end:.1f} MB, growth {rss_end - rss_start:+.1f} MB")
    print(f"time {seconds:.0f} s ({tally.actions / seconds:.0f} checked actions/s)")
    for failure in tally.failures[:20]:
        print("  ", failure)
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
