"""Counters: numbers per player that a spec declares and its players' actions update."""
from __future__ import annotations

import random

import pytest

from interpreter import SpecError, State, load_variant, new_game

LIMITED = """
extends: gin_standard
name: Two discard draws a hand
counters:
  discard_draws: {update: {draw_discard: "value + 1", take: "value + 1"}}
  knocks: {reset: match, start: 100, update: {knock: "value - 1"}}
turn:
  draw: {discard_when: "me.discard_draws < 2"}
match:
  bonuses: [{to: players, points: "p.knocks"}]
"""


def test_counters_follow_actions_and_gate_the_discard(tmp_path):
    path = tmp_path / "limited.yaml"
    path.write_text(LIMITED)
    v = load_variant(path)
    g = new_game(v, seed=6)
    rng = random.Random(6)
    taken, knocks, hands = [0, 0], [0, 0], 0
    while not g.is_terminal:
        if g.deals != hands:
            hands, taken = g.deals, [0, 0]
            assert g.counters["discard_draws"] == [0, 0]
        seat, action = g.current_player, rng.choice(g.legal_actions())
        if str(action) in ("draw discard", "take"):
            taken[seat] += 1
            assert taken[seat] <= 2
        knocks[seat] += action.kind == "knock"
        g.apply(action)
        if g.deals == hands and not g.is_terminal:
            assert g.counters["discard_draws"] == taken
        assert g.counters["knocks"] == [100 - k for k in knocks]
    totals = [sum(r["points"][s] for r in g.history) for s in range(2)]
    assert g.scores == [totals[s] + 100 - knocks[s] for s in range(2)]
    assert State.from_json(g.to_json(), v).counters == g.counters


def test_a_counter_may_not_take_an_attribute_name(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: gin\nname: Bad\ncounters: {score: {}}\n")
    with pytest.raises(SpecError) as error:
        load_variant(path)
    assert "a counter may not be called 'score'" in str(error.value)


def test_the_rules_sheet_lists_the_counters(tmp_path):
    from interpreter.frontends.rules_sheet import rules_sheet
    path = tmp_path / "limited.yaml"
    path.write_text(LIMITED)
    sheet = " ".join(rules_sheet(load_variant(path)).split())
    assert "COUNTERS" in sheet
    assert ("discard_draws: 0 at the start of each hand; on draw_discard: value + 1; on take: "
            "value + 1.") in sheet
    assert "knocks: 100 at the start of the match; on knock: value - 1." in sheet


THREE_TAKES = """
extends: gin_standard
name: Void at three discard draws
counters:
  taken: {update: {draw_discard: "value + 1", take: "value + 1"}}
round_end:
  void_when: "sum(p.taken for p in players) >= 3"
"""


def test_a_hand_is_void_when_the_specs_condition_holds_after_a_turn(tmp_path):
    path = tmp_path / "three.yaml"
    path.write_text(THREE_TAKES)
    v = load_variant(path)
    g = new_game(v, seed=9)
    rng = random.Random(9)
    takes: list[int] = [0]
    while not g.is_terminal and len(g.history) < 12:
        action = rng.choice(g.legal_actions())
        before = len(g.history)
        takes[-1] += str(action) in ("draw discard", "take")
        g.apply(action)
        if len(g.history) > before:
            record = g.history[-1]
            assert takes[-1] <= 3
            if takes[-1] == 3:
                assert record["outcome"] == "void" and record["knocker"] is None
            takes.append(0)
    assert 3 in takes
