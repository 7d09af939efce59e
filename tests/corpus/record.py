"""Record the replay corpus: seeded bot games over every bundled variant and player count.

Each game stores, action by action, the seat to act, a digest of its legal actions (in
order), a digest of that seat's observation, and the action the bot chose; then the match's
scores and history. ``tests/test_replay_corpus.py`` replays every game and demands the same
thing at every step, so an engine change that alters play in any bundled variant fails.

Run ``python tests/corpus/record.py`` only when a change of behaviour is intended, and say so
in the commit.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import sys
from pathlib import Path

from interpreter import bundled_names, load_variant, new_game
from interpreter.agents import make_agent

CORPUS = Path(__file__).with_name("games.json.gz")
LINEUPS = {"random": ["random"], "greedy": ["greedy"], "mixed": ["greedy", "random", "strong"]}
SEEDS = {"random": (1, 2), "greedy": (3,), "mixed": (4,)}
MAX_ACTIONS = 1500


def digest(value) -> str:
    text = value if isinstance(value, str) else json.dumps(value, sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()[:12]


def play(variant_name: str, players: int, lineup: str, seed: int) -> dict:
    """One recorded game (or its first MAX_ACTIONS actions)."""
    variant = load_variant(variant_name)
    state = new_game(variant, players=players, seed=seed)
    bots = [make_agent(LINEUPS[lineup][s % len(LINEUPS[lineup])], seed * 10 + s)
            for s in range(players)]
    steps = []
    while not state.is_terminal and len(steps) < MAX_ACTIONS:
        seat = state.current_player
        legal = "\n".join(map(str, state.legal_actions()))
        observed = digest(state.observation(seat))
        action = bots[seat].act(state)
        steps.append([seat, digest(legal), observed, str(action)])
        state.apply(action)
    return {"variant": variant_name, "players": players, "lineup": lineup, "seed": seed,
            "steps": steps, "scores": state.scores, "history": state.history,
            "terminal": state.is_terminal}


def cases():
    for name in bundled_names():
        low, high = load_variant(name).players
        for players in range(low, high + 1):
            for lineup, seeds in SEEDS.items():
                for seed in seeds:
                    yield name, players, lineup, seed


def main() -> None:
    games = []
    for case in cases():
        games.append(play(*case))
        print(*case, len(games[-1]["steps"]), file=sys.stderr)
    with gzip.open(CORPUS, "wt") as out:
        json.dump(games, out, separators=(",", ":"))


if __name__ == "__main__":
    main()
