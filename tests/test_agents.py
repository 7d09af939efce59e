"""The bots: seeded random and greedy agents finish matches, greedy plays well and fairly."""
from __future__ import annotations

import pytest
from gameplay import hidden_swapped

from interpreter import RummyError, load_variant, new_game
from interpreter.agents import AGENTS, make_agent

MAX_ACTIONS = 60_000


def play_match(variant, players, seed, names):
    """A whole match with the named bots in seat order (cycled); returns the final state."""
    state = new_game(variant, players=players, seed=seed)
    bots = [make_agent(names[s % len(names)], seed * 10 + s) for s in range(players)]
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            return state
        seat = state.current_player
        action = bots[seat].act(state)
        assert action in state.legal_actions()
        state.apply(action)
    raise AssertionError(f"{variant.name}: no end after {MAX_ACTIONS} actions")


@pytest.mark.parametrize("name,players", [("gin", 2), ("gin", 3), ("gin", 4),
                                          ("gin_standard", 2), ("three_hand_gin", 3)])
@pytest.mark.parametrize("bots", [["random"], ["greedy"], ["greedy", "random"]])
def test_bots_finish_seeded_matches(name, players, bots):
    state = play_match(load_variant(name), players, 5, bots)
    assert state.is_terminal and state.winners()
    assert state.history and all(r["outcome"] for r in state.history)


def test_random_agent_is_seeded():
    def actions(seed):
        state, bot, out = new_game("gin", players=2, seed=3), make_agent("random", seed), []
        for _ in range(60):
            action = bot.act(state)
            out.append(action)
            state.apply(action)
        return out
    assert actions(1) == actions(1)
    assert actions(1) != actions(2)


def test_unknown_agent_names_the_known_ones():
    with pytest.raises(RummyError) as error:
        make_agent("smart", 0)
    assert all(name in str(error.value) for name in AGENTS)


def test_greedy_beats_random_at_standard_gin():
    variant = load_variant("gin_standard")
    wins = 0
    for seed in range(40):
        greedy = seed % 2                       # greedy sits in either seat
        names = ["random", "greedy"] if greedy else ["greedy", "random"]
        wins += play_match(variant, 2, seed, names).winners() == [greedy]
    assert wins >= 30, f"greedy won {wins} of 40"


def test_greedy_takes_a_cheaper_upcard_and_discards_its_highest_deadwood():
    variant = load_variant("gin_standard")
    mine = ["Ah", "2h", "3h", "7c", "7d", "7s", "Kd", "Qd", "9c", "4s"]
    theirs = ["Ac", "2c", "3c", "4c", "5c", "6c", "8c", "Tc", "Jc", "Qc"]
    up = "5h"
    dealt = [card for pair in zip(mine, theirs) for card in pair] + [up]
    rest = [variant.faces.name(f) for f in range(52) if variant.faces.name(f) not in dealt]
    state = new_game(variant, deck=dealt + rest, dealer=1)
    greedy = make_agent("greedy", 0)
    assert state.current_player == 0 and str(greedy.act(state)) == "take"
    state.apply("take")
    assert str(greedy.act(state)) in ("discard Qd", "discard Kd")     # 28 after either


def test_greedy_knocks_and_discards_by_the_rules():
    """Every greedy choice in seeded games: knock when any knock is legal (keeping every card
    when it may), else the discard leaving the least deadwood."""
    variant = load_variant("gin_standard")
    rules, faces = variant.meld_rules, variant.faces
    greedy = make_agent("greedy", 0)
    knocks = 0
    for seed in range(6):
        state = new_game(variant, seed=seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            action = greedy.act(state)
            if any(a.kind == "knock" for a in legal):
                assert action.kind == "knock"
                if any(a.kind == "knock" and not a.cards for a in legal):
                    assert not action.cards
                knocks += 1
            elif action.kind == "discard":
                values = rules.discard_values(list(state.hand_faces(state.current_player)))
                assert values[faces.parse(action.cards[0])] == min(values.values())
            state.apply(action)
    assert knocks




@pytest.mark.parametrize("name,players", [("gin", 3), ("gin_standard", 2), ("three_hand_gin", 3)])
def test_greedy_uses_no_hidden_information(name, players):
    variant = load_variant(name)
    greedy = make_agent("greedy", 0)
    checked = 0
    for seed in range(3):                    # the first 400 decisions of seeded matches
        state = new_game(variant, players=players, seed=seed)
        while not state.is_terminal and checked < 400 * (seed + 1) // 3:
            action = greedy.act(state)
            if state.phase in ("offer", "turn"):
                twin = hidden_swapped(state)
                seat = state.current_player
                assert any(twin.hands[s] != state.hands[s] for s in state.in_play if s != seat)
                assert greedy.act(twin) == action, f"{name} seed {seed}: {action}"
                checked += 1
            state.apply(action)
    assert checked > 50
