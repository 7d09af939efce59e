"""Record the table solver's answers on fixed positions: ``tests/test_solver_moves.py`` demands
the same answers (the same move among equally good ones) after any change to the solver.

Positions: the first seeded positions of ``benchmarks/manipulation.py`` under both objectives
(no budget), and every find_play call the bots make in the recorded Carousel games of the
replay corpus (with the bots' budget; the answer and whether the budget ran out).

Run ``python tests/solver_moves/record.py`` only when a change of the solver's answers is
intended, and say so in the commit.
"""
from __future__ import annotations

import gzip
import json
import random
import sys
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "benchmarks")]

from interpreter import load_variant, new_game  # noqa: E402
from interpreter import table as table_module  # noqa: E402
from interpreter.agents import make_agent  # noqa: E402
from interpreter.budget import Budget  # noqa: E402
from interpreter.table import Opening  # noqa: E402

MOVES = Path(__file__).with_name("moves.json.gz")
BENCHMARK_POSITIONS = 30            # per objective, seed 1
GAME_VARIANTS = ("carousel", "carousel_opening30")


def answer(play, budget: Budget | None = None) -> dict:
    out = {"play": None if play is None else [list(map(list, map(list, meld)))
                                                for meld in play.new_table],
           "added": None if play is None else list(play.added)}
    if budget is not None:
        out["exhausted"] = budget.exhausted
    return out


def benchmark_cases() -> list[dict]:
    from manipulation import carousel, position
    rules, rng = carousel(), random.Random(1)
    cases = []
    for _ in range(BENCHMARK_POSITIONS):
        table, hand = position(rules, rng)
        for objective in ("cards", "points"):
            play = table_module.find_play(rules, table, hand, objective)
            cases.append({"source": "benchmark", "table": table, "hand": hand,
                          "objective": objective, **answer(play)})
    return cases


def game_cases() -> list[dict]:
    """Every find_play call of the bots in the corpus's Carousel games, replayed."""
    from corpus.record import CORPUS, LINEUPS
    with gzip.open(CORPUS, "rt") as file:
        games = [g for g in json.load(file)
                 if g["variant"] in GAME_VARIANTS and g["lineup"] != "random"]
    cases: list[dict] = []
    seen: set = set()
    real = table_module.find_play

    def spy(rules, table, hand, objective="cards", opening=None, *, manipulation=True,
            budget=None):
        play = real(rules, table, hand, objective, opening, manipulation=manipulation,
                    budget=budget)
        if opening is not None:
            assert opening == Opening(opening.complete_melds, opening.min_points), opening
        key = json.dumps([current["variant"], table, hand, objective,
                          None if opening is None else asdict(opening), manipulation])
        if key not in seen:
            seen.add(key)
            cases.append({"source": "game", "variant": current["variant"],
                          "table": [list(map(list, m)) for m in table], "hand": list(hand),
                          "objective": objective, "manipulation": manipulation,
                          "opening": None if opening is None else
                          [opening.complete_melds, opening.min_points],
                          "nodes": budget.nodes, **answer(play, budget)})
        return play

    table_module.find_play = spy
    try:
        for current in games:
            state = new_game(load_variant(current["variant"]), players=current["players"],
                             seed=current["seed"])
            lineup = LINEUPS[current["lineup"]]
            bots = [make_agent(lineup[s % len(lineup)], current["seed"] * 10 + s)
                    for s in range(current["players"])]
            for seat, _, _, action in current["steps"]:
                chosen = str(bots[seat].act(state))
                assert chosen == action, "the corpus no longer replays: record it first"
                state.apply(action)
    finally:
        table_module.find_play = real
    return cases


def main() -> int:
    cases = benchmark_cases() + game_cases()
    with gzip.open(MOVES, "wt") as out:
        json.dump(cases, out)
    print(f"{len(cases)} positions recorded in {MOVES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
