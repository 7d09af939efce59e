"""The recorded corpus replays move for move: same seats, legal actions, observations, bot
choices, scores and history as when it was recorded (see tests/corpus/record.py)."""
from __future__ import annotations

import gzip
import json

import pytest
from corpus.record import CORPUS, LINEUPS, digest

from interpreter import load_variant, new_game
from interpreter.agents import make_agent

with gzip.open(CORPUS, "rt") as _file:
    GAMES = json.load(_file)


def by_default(game) -> bool:
    """Whole bot games (greedy, mixed) at each variant's fewest and most players run by
    default; the rest of the corpus (random games, other counts) with ``-m slow``."""
    low, high = load_variant(game["variant"]).players
    return game["lineup"] != "random" and game["players"] in (low, high)


CASES = [pytest.param(g, marks=() if by_default(g) else pytest.mark.slow,
                      id=f"{g['variant']}-{g['players']}p-{g['lineup']}-{g['seed']}")
         for g in GAMES]


@pytest.mark.parametrize("game", CASES)
def test_recorded_game_replays_identically(game):
    state = new_game(load_variant(game["variant"]), players=game["players"], seed=game["seed"])
    lineup = LINEUPS[game["lineup"]]
    bots = [make_agent(lineup[s % len(lineup)], game["seed"] * 10 + s)
            for s in range(game["players"])]
    for i, (seat, legal, observed, action) in enumerate(game["steps"]):
        where = f"action {i}"
        assert state.current_player == seat, where
        assert digest("\n".join(map(str, state.legal_actions()))) == legal, where
        assert digest(state.observation(seat)) == observed, where
        assert str(bots[seat].act(state)) == action, where
        state.apply(action)
    assert state.is_terminal == game["terminal"]
    assert state.scores == game["scores"]
    assert json.loads(json.dumps(state.history)) == game["history"]
