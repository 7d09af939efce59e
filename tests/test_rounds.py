"""Hands that differ by round: the ``round`` name in formulas and hand sizes by formula."""
from __future__ import annotations

import random

import pytest

from interpreter import SpecError, load_variant, new_game

GROWING = """
extends: gin_standard
name: Growing hands
deal: {hand_size: "round + 2"}
match: {max_hands: 4}
scoring:
  outcomes:
    knock: {award: [{to: winners, points: "100 * round"}]}
"""


def variant(tmp_path, text: str):
    path = tmp_path / "rounds.yaml"
    path.write_text(text)
    return load_variant(path)


def test_the_hand_size_follows_the_round(tmp_path):
    v = variant(tmp_path, GROWING)
    g = new_game(v, seed=2)
    rng = random.Random(2)
    sizes = []
    while not g.is_terminal:
        if len(sizes) < g.deals:
            sizes.append(len(g.observation(g.current_player)["hand"]))
        g.apply(rng.choice(g.legal_actions()))
    assert sizes == [3, 4, 5, 6]
    for record in g.history:
        if record["outcome"] == "knock":
            assert max(record["points"]) == 100 * record["hand"]


def test_the_round_name_and_the_round_function_live_side_by_side(tmp_path):
    v = variant(tmp_path, GROWING.replace('"100 * round"', '"round(2.6) + round"'))
    assert v.scoring.outcomes[-1].awards[0].points({"round": 5}) == 8


@pytest.mark.parametrize("size, message", [
    ("round * 10", "2 hands of 30 and an upcard need 61 cards in round 3; with 2 players the "
                   "deck has 52"),
    ("round / 2", "gives 0.5 cards in round 1 with 2 players"),
    ("rnd + 2", "unknown name 'rnd' (did you mean 'round'?)"),
])
def test_a_hand_size_formula_is_checked_for_every_round(tmp_path, size, message):
    with pytest.raises(SpecError) as error:
        variant(tmp_path, GROWING.replace('"round + 2"', f'"{size}"'))
    (line,) = error.value.problems
    assert line.startswith(f"{tmp_path / 'rounds.yaml'}:4:") and message in line


def test_the_discard_pile_may_be_closed_by_a_condition(tmp_path):
    v = variant(tmp_path, "extends: gin_standard\nname: Closed\n"
                          "turn: {draw: {discard_when: 'round > 1'}}\n")
    draws = []
    for each in (v, load_variant("gin_standard")):
        g = new_game(each, seed=5)
        for action in ("pass", "pass", "draw stock"):
            g.apply(action)
        g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
        draws.append([str(a) for a in g.legal_actions()])
    assert draws == [["draw stock"], ["draw stock", "draw discard"]]
    assert "The discard pile only if: round > 1." in v.step("draw").sentence()
