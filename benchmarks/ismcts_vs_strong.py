"""IS-MCTS against strong in paired play: each game seed is played twice, seats swapped, and
the pair's figure is the IS-MCTS seat's points minus strong's, summed over both games (a
single hand each with --hands, else whole matches, whose figure is also the match wins).

    python benchmarks/ismcts_vs_strong.py --pairs 20 --hands --jobs 2 --options worlds=32
Prints one JSON line per pair (to follow a long run; with the seconds the IS-MCTS seat took
per decision), then the mean per pair with its 95% interval (normal approximation over
pairs), and the IS-MCTS seat's CPU seconds per decision, on average and at most.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from functools import partial
from multiprocessing import Pool

from interpreter import agents
from interpreter.agents import parse_bots
from interpreter.simulate.playout import mix, play
from interpreter.spec import load_variant


class _Timed(agents.IsmctsAgent):
    """The IS-MCTS agent, counting its decisions, the seconds they took and the most one took."""
    decisions, seconds, worst = 0, 0.0, 0.0

    def act(self, state):
        start = time.process_time()
        action = super().act(state)
        took = time.process_time() - start
        _Timed.decisions += 1
        _Timed.seconds += took
        _Timed.worst = max(_Timed.worst, took)
        return action


def pair(seed: int, name: str, options: dict, hands: bool) -> dict:
    """The IS-MCTS seat's points minus strong's over a seed played both ways round."""
    variant = load_variant(name)
    agents.AGENTS["ismcts"] = _Timed
    _Timed.decisions, _Timed.seconds, _Timed.worst = 0, 0.0, 0.0
    points = wins = 0
    for seats in ((("ismcts", options), ("strong", {})), (("strong", {}), ("ismcts", options))):
        me = 0 if seats[0][0] == "ismcts" else 1
        figures, _ = play(variant, 2, list(seats), seed, 500, hands)
        points += figures.get(f"points:{me}", 0) - figures.get(f"points:{1 - me}", 0)
        wins += figures.get(f"match_win:{me}", 0) - figures.get(f"match_win:{1 - me}", 0)
    return {"seed": seed, "points": points, "wins": wins, "decisions": _Timed.decisions,
            "cpu_seconds": round(_Timed.seconds, 2), "worst": round(_Timed.worst, 2)}


def interval(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else float("nan")
    return mean, 1.96 * sd / math.sqrt(n)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gin_standard")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hands", action="store_true", help="one hand per game, not a match")
    parser.add_argument("--jobs", type=int, default=1, help="pairs played at once")
    parser.add_argument("--options", default="", help="ismcts options, as worlds=16:steps=200")
    args = parser.parse_args()
    options = parse_bots("ismcts" + (":" + args.options if args.options else ""))[0][1]
    rows, start = [], time.time()
    play_pair = partial(pair, name=args.variant, options=options, hands=args.hands)
    seeds = [mix(args.seed, i) for i in range(args.pairs)]
    with Pool(args.jobs) as pool:
        for row in pool.imap(play_pair, seeds):
            rows.append(row)
            print(json.dumps(row), flush=True)
    for key in ("points", "wins") if not args.hands else ("points",):
        mean, half = interval([r[key] for r in rows])
        print(f"{key} per pair (ismcts - strong): {mean:+.2f} ± {half:.2f} (95%, {len(rows)} "
              f"pairs = {2 * len(rows)} {'hands' if args.hands else 'matches'})")
    decisions = sum(r["decisions"] for r in rows)
    print(f"ismcts: {sum(r['cpu_seconds'] for r in rows) / max(1, decisions):.2f} CPU s per "
          f"decision over {decisions} decisions, at most {max(r['worst'] for r in rows):.2f}; "
          f"{time.time() - start:.0f} s in all",
          file=sys.stderr)


if __name__ == "__main__":
    main()
