"""Three Thirteen (variants/three_thirteen.yaml): scenarios for its distinctive rules."""
from __future__ import annotations

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game
from interpreter.agents import make_agent

THIRTEEN = load_variant("three_thirteen")


def deck(hand1: str, hand0: str, upcard: str, stock: str = "") -> list[str]:
    """Two players, dealer 0: seat 1 is dealt first; then the upcard, then the stock's top."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair] + [upcard]
    order += stock.split()
    return order + [c for c in FULL_DECK if c not in order]


def test_the_wild_rank_and_hand_size_grow_by_round():
    g = new_game(THIRTEEN, seed=3)
    bots = [make_agent("greedy", s) for s in range(2)]
    seen = {}
    while not g.is_terminal:
        seen.setdefault(g.deals, (g.observation(0)["wild_rank"], len(g.hands[0])))
        g.apply(bots[g.current_player].act(g))
    assert seen == {n: (rank, n + 2) for n, rank in enumerate("3456789TJQK", 1)}
    assert len(g.history) == 11


def round_one(hand1: str = "3c 5h 6h", hand0: str = "3d 9s Kc"):
    return new_game(THIRTEEN, deck=deck(hand1, hand0, "2c", "Kd Qh"), dealer=0)


def test_a_three_is_wild_in_round_one_and_going_out_gives_the_other_a_last_turn():
    g = round_one()
    g.apply("draw stock")                         # Kd
    g.apply("knock Kd")                           # 3c stands for 4h: 3c 5h 6h
    assert not g.history and g.current_player == 0
    g.apply("draw stock")                         # Qh
    assert not any(str(a).startswith("knock") for a in g.legal_actions())
    g.apply("discard Qh")
    assert [str(a) for a in g.legal_actions()] == ["spread"]    # then the spread and count
    g.apply("spread")
    (record,) = g.history
    assert record["outcome"] == "out" and record["winners"] == [1]
    assert record["points"] == [20 + 9 + 10, 0]   # the unused wild 3d counts 20


def test_going_out_needs_every_card_in_melds_after_the_discard():
    g = round_one("3c 5h 9h")
    g.apply("draw stock")                         # Kd
    with pytest.raises(IllegalAction):
        g.apply("knock Kd")
    assert not any(str(a).startswith("knock") for a in g.legal_actions())


def test_a_hand_that_melds_in_the_last_turn_counts_nothing():
    g = round_one(hand0="Qd Qs 4c")
    g.apply("draw stock")
    g.apply("knock Kd")
    g.apply("draw stock")                         # Qh: Qd Qs Qh
    g.apply("discard 4c")
    g.apply("spread")
    assert g.history[0]["points"] == [0, 0]


def test_arrange_uses_the_first_rounds_wild_rank_or_the_one_given():
    assert THIRTEEN.arrange("3c 5h 6h").points == 0
    assert THIRTEEN.arrange("3c 5h 6h", wild="K").points == 3 + 5 + 6
    assert THIRTEEN.deadwood("Kc 5h 6h", wild="K") == 0
