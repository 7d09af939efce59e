"""The IS-MCTS agent: legal, seeded play on every bundled variant, from public information."""
from __future__ import annotations

import pytest
from gameplay import hidden_swapped

from interpreter import RummyError, new_game
from interpreter.agents import make_agent
from interpreter.spec import bundled_names

SMALL = {"iterations": 4, "depth": 6, "rollout": "random"}


@pytest.mark.parametrize("name", bundled_names())
def test_it_plays_legal_actions_on_every_variant(name):
    state = new_game(name, seed=3)
    bot = make_agent("ismcts", 1, **SMALL)
    for _ in range(6):
        if state.is_terminal:
            break
        action = bot.act(state)
        assert action in state.legal_actions()
        state.apply(action)


def play(seed: int, actions: int = 8) -> list:
    state = new_game("gin_standard", seed=2)
    bot = make_agent("ismcts", seed, iterations=12, depth=8)
    out = []
    for _ in range(actions):
        action = bot.act(state)
        out.append(action)
        state.apply(action)
    return out


def test_it_is_deterministic_for_a_seed():
    assert play(1) == play(1)


def test_it_reads_only_what_the_seat_may_know():
    state = new_game("gin_standard", seed=4)
    greedy = make_agent("greedy", 0)
    for _ in range(5):
        state.apply(greedy.act(state))
    twin = hidden_swapped(state)
    assert twin.hands != state.hands
    assert make_agent("ismcts", 7, iterations=20, depth=8).act(state) == \
        make_agent("ismcts", 7, iterations=20, depth=8).act(twin)


def test_a_rollout_bot_it_does_not_know_is_refused():
    with pytest.raises(RummyError, match="rollout"):
        make_agent("ismcts", 1, rollout="smart")
