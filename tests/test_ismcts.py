"""The IS-MCTS agent: legal, seeded play on every bundled variant, from public information."""
from __future__ import annotations

import random

import pytest

from interpreter import RummyError, new_game
from interpreter.agents import make_agent
from interpreter.search import resample_hidden
from interpreter.spec import bundled_names

SMALL = {"worlds": 2, "steps": 4, "rollout": "random", "depth": 8}


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
    bot = make_agent("ismcts", seed, worlds=6, steps=30)
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
    twin = resample_hidden(state, state.current_player, random.Random(1))
    assert twin.hands != state.hands
    assert make_agent("ismcts", 7, worlds=6, steps=30).act(state) == \
        make_agent("ismcts", 7, worlds=6, steps=30).act(twin)


def moves_changed(**options) -> int:
    """How many of the first moves of an ismcts seat differ from strong's."""
    state = new_game("gin_standard", seed=11)
    strong = make_agent("strong", 0)
    bot = make_agent("ismcts", 3, worlds=4, steps=20, **options)
    changed = 0
    for _ in range(12):
        action = bot.act(state)
        changed += action != strong.act(state)
        state.apply(action)
    return changed


def test_it_keeps_strongs_move_unless_the_worlds_agree_another_is_better():
    assert moves_changed(z=0, gain=0, width=3) > 0
    assert moves_changed(gain=1000, width=3) == 0


def test_a_rollout_bot_it_does_not_know_is_refused():
    with pytest.raises(RummyError, match="rollout"):
        make_agent("ismcts", 1, rollout="smart")
