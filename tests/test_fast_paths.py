"""The engine's fast paths are caches of the plain path, never a second copy of the rules:
seeded games of every bundled variant, at its fewest and most players, play identically with
the fast paths of the turn driver on and off (engine.turn.FAST_PATHS): the same legal actions
and the same state after every action."""
from __future__ import annotations

import random

import pytest

from interpreter import bundled_names, load_variant, new_game
from interpreter.engine import turn

ACTIONS = 250


def _game(name: str, players: int, seed: int) -> list:
    """What a seeded random game shows after each action: its saved state and legal actions."""
    g = new_game(load_variant(name), players=players, seed=seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(ACTIONS):
        if g.is_terminal:
            break
        legal = g.legal_actions()
        g.apply(rng.choice(legal))
        seen.append((g.to_json(), list(map(str, legal))))
    return seen


CASES = [(name, n) for name in bundled_names()
         for n in sorted(set(load_variant(name).players))]


@pytest.mark.parametrize("name,players", CASES)
def test_the_fast_paths_play_as_the_plain_path(name, players, monkeypatch):
    fast = _game(name, players, seed=7)
    monkeypatch.setattr(turn, "FAST_PATHS", False)
    plain = _game(name, players, seed=7)
    assert len(fast) == len(plain)
    for i, (a, b) in enumerate(zip(fast, plain)):
        assert a == b, f"{name}, {players} players: the games differ after action {i + 1}"


def test_the_plain_path_reaches_the_end_of_every_turn(monkeypatch):
    """With the fast paths off, every turn that ends goes through _end_turn (the documented
    place for what happens after a turn); with them on, most do not."""
    ends = {True: 0, False: 0}
    original = turn._end_turn

    def counted(state):
        ends[turn.FAST_PATHS] += 1
        return original(state)

    monkeypatch.setattr(turn, "_end_turn", counted)
    for fast in (True, False):
        monkeypatch.setattr(turn, "FAST_PATHS", fast)
        g = new_game(load_variant("gin_standard"), seed=3)
        rng = random.Random(3)
        turns = 0
        while not g.is_terminal and g.hands_played == 0:
            before = g.turns
            g.apply(rng.choice(g.legal_actions()))
            turns += g.turns > before
        if not fast:
            assert ends[False] >= turns - 1 > 0         # (a knock ends a turn, not by _end_turn)
    assert ends[True] < ends[False]
