"""The strong bot: plays any bundled variant legally, uses no hidden information, follows
its rules (take to meld, discard away from the opponents' pickups, knock by its limits),
and beats greedy significantly."""
from __future__ import annotations

import math

import pytest
from gameplay import hidden_swapped

from interpreter import load_variant, new_game
from interpreter.agents import make_agent
from interpreter.simulate import simulate, stats


def dealt(variant, mine: str, theirs: str, up: str, stock_top: str | None = None) -> list[str]:
    """A deck order for two players, dealer seat 1: seat 0 gets ``mine``."""
    order = [c for pair in zip(mine.split(), theirs.split()) for c in pair] + [up]
    order += [stock_top] if stock_top else []
    return order + [variant.faces.name(f) for f in range(52)
                    if variant.faces.name(f) not in order]


def test_takes_the_upcard_only_when_it_joins_a_meld():
    variant = load_variant("gin_standard")
    mine, theirs = "Ah 2h 3h 7c 7d 7s Kd Qd 9c 4s", "Ac 2c 3c 4c 5c 6c 8c Tc Jc Qc"
    strong, greedy = make_agent("strong", 0), make_agent("greedy", 0)
    lower_only = new_game(variant, deck=dealt(variant, mine, theirs, "5h"), dealer=1)
    assert str(greedy.act(lower_only)) == "take" and str(strong.act(lower_only)) == "pass"
    joins = new_game(variant, deck=dealt(variant, mine, theirs, "4h"), dealer=1)
    assert str(strong.act(joins)) == "take"


def test_discards_away_from_what_the_opponent_picked_up():
    variant = load_variant("gin_standard")
    mine, theirs = "4d 5d 6d 7s 8s 9s Kc 2c 5h Jd", "Ah 3c 4c 6c 8c Tc 2d 3s 6h 9h"
    state = new_game(variant, deck=dealt(variant, mine, theirs, "Qc", "Th"), dealer=1)
    strong = make_agent("strong", 0)
    assert str(strong.act(state)) == "pass"
    state.apply("pass")
    state.apply("take")                        # seat 1 takes the Qc ...
    state.apply("discard 2d")
    assert str(strong.act(state)) == "draw stock"
    state.apply("draw stock")                  # ... so Kc, tied with Jd and Th, is unsafe
    assert str(strong.act(state)) != "discard Kc"
    assert str(make_agent("strong", 0, wary=0).act(state)) == "discard Kc"
    assert str(make_agent("greedy", 0).act(state)) == "discard Kc"


def test_knocks_or_waits_by_its_limits():
    variant = load_variant("gin_standard")
    mine, theirs = "Ah 2h 3h 4d 5d 6d 7s 8s 9s 8c", "Ac 3c 4c 6c 9c Tc 2d 3s 6h 9h"
    state = new_game(variant, deck=dealt(variant, mine, theirs, "Qc", "Kd"), dealer=1)
    state.apply("pass")
    state.apply("pass")
    state.apply("draw stock")                  # 8 deadwood after discarding the Kd
    assert str(make_agent("strong", 0).act(state)) == "knock Kd"
    assert str(make_agent("strong", 0, knock_at=5).act(state)) == "discard Kd"
    assert str(make_agent("strong", 0, late_turn=0).act(state)) == "discard Kd"


@pytest.mark.parametrize("name,players,hands", [
    ("gin", 3, 6), ("gin_standard", 2, 6), ("oklahoma_gin", 2, 6), ("straight_gin", 2, 6),
    ("three_hand_gin", 3, 6), ("carousel", 3, 1)])
def test_plays_legally(name, players, hands):
    variant = load_variant(name)
    for seed in range(2):
        state = new_game(variant, players=players, seed=seed)
        bots = [make_agent("strong" if s % 2 == 0 else "greedy", seed) for s in range(players)]
        for _ in range(20_000):
            if state.is_terminal or len(state.history) >= hands:
                break
            action = bots[state.current_player].act(state)
            assert action.kind == "meld" or action in state.legal_actions()
            state.apply(action)            # a table move legal_actions did not list is checked
        assert state.history




@pytest.mark.parametrize("name,players", [("gin_standard", 2), ("three_hand_gin", 3)])
def test_uses_no_hidden_information(name, players):
    variant = load_variant(name)
    strong = make_agent("strong", 0)
    checked = 0
    for seed in range(2):
        state = new_game(variant, players=players, seed=seed)
        while not state.is_terminal and len(state.history) < 3:
            action = strong.act(state)
            if state.phase in ("offer", "turn"):
                assert strong.act(hidden_swapped(state)) == action
                checked += 1
            state.apply(action)
    assert checked > 30


def strong_edge(games: int, seed: int, key: str, single_hand: bool) -> stats.Estimate:
    """Strong's figure minus greedy's (``points`` per hand, or ``match_win`` rate), averaged
    over both seatings, ``games`` games each (independent seeds)."""
    diffs = []
    for seat, bots in ((0, "strong,greedy"), (1, "greedy,strong")):
        m = simulate(["gin_standard"], games=games, bots=bots, single_hand=single_hand,
                     seed=seed + seat).moments
        unit = (0, "hands" if single_hand else "finished")
        mine = stats.ratio(m, (0, f"{key}:{seat}"), unit)
        theirs = stats.ratio(m, (0, f"{key}:{1 - seat}"), unit)
        diffs.append(stats.difference(m, theirs, mine))
    value = sum(d.value for d in diffs) / 2
    se = math.sqrt(sum(d.se ** 2 for d in diffs)) / 2
    return stats.Estimate(value, value - stats.Z95 * se, value + stats.Z95 * se, se)


def test_strong_scores_more_than_greedy():
    points = strong_edge(400, 10, "points", single_hand=True)
    assert points.significant and points.value > 0, points


@pytest.mark.slow
def test_strong_beats_greedy_over_thousands_of_hands():
    points = strong_edge(2000, 20, "points", single_hand=True)
    assert points.significant and points.value > 2, points
    matches = strong_edge(300, 30, "match_win", single_hand=False)   # ~3000 hands each way
    assert matches.significant and matches.value > 0.1, matches
