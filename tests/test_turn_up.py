"""The turn_up step (Conquian-style draw): turn the stock's top card face up, then take it only
to meld it at once, or pass it. Basic Rummy's table, two players, dealer 0 (seat 1 first)."""
from __future__ import annotations

import copy

import pytest
from test_options_honoured import stacked

from interpreter import IllegalAction, SpecError, load_variant, new_game
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.spec.resolved import variant_from_spec


def turning(**options):
    spec = copy.deepcopy(load_variant("basic_rummy").spec)
    spec["turn"] = [{"turn_up": options}, {"meld": {}}, {"discard": {}}]
    return variant_from_spec(spec, "turn_up.yaml")


# seat 1 holds 7h 8h (9h comes up first), seat 0 nothing near Kd (turned up next)
DECK = stacked({1: "7h 8h 2c 4d 6s Tc Qc Jd 3s 5c", 0: "Ac 3c 5d 7s 9c Js 2h 4h 6d Th"},
               dealer=0, then="Ks 9h Kd Qh")


def game(variant):
    return new_game(variant, players=2, dealer=0, deck=DECK)


def legal(g):
    return sorted(map(str, g.legal_actions()))


def test_the_turned_card_is_seen_by_all_and_taken_only_to_meld_it():
    g = game(turning())
    assert legal(g) == ["draw stock"]
    g.apply("draw stock")
    assert g.observation(0)["turned_up"] == "9h" == g.observation(1)["turned_up"]
    assert legal(g) == ["pass", "take"]
    g.apply("take")
    assert legal(g) == ["meld [7h 8h 9h]"]          # it must be melded now: no discard yet
    with pytest.raises(IllegalAction):
        g.apply("discard 2c")
    g.apply("meld [7h 8h 9h]")
    assert "discard 2c" in legal(g)


def test_a_card_no_meld_uses_can_only_be_passed():
    g = game(turning())
    g.apply("draw stock")
    g.apply("pass")                                 # seat 1 passes 9h: the turn ends
    assert g.current_player == 0 and g.observation(0)["discard"][-1] == "9h"
    g.apply("draw stock")                           # Kd: seat 0 cannot meld it
    assert legal(g) == ["pass"]
    with pytest.raises(IllegalAction, match="no meld uses it"):
        g.apply("take")


def test_on_pass_draw_the_player_draws_the_next_card_and_plays_on():
    g = game(turning(on_pass="draw"))
    g.apply("draw stock")
    g.apply("pass")
    assert g.current_player == 1 and "Kd" in g.observation(1)["hand"]
    assert "turned_up" not in g.observation(0) and "Kd" not in str(g.observation(0))
    assert "discard Kd" in legal(g)


def test_turn_up_is_the_turns_draw_and_needs_a_meld_after_it():
    spec = copy.deepcopy(load_variant("basic_rummy").spec)
    spec["turn"] = [{"turn_up": {}}, {"discard": {}}]
    with pytest.raises(SpecError, match="meld step after turn_up"):
        variant_from_spec(spec, "x.yaml")


def test_the_rules_sheet_says_it():
    assert "Turn up (in place of a draw)" in rules_sheet(turning())


@pytest.mark.parametrize("on_pass", ["end_turn", "draw"])
def test_random_games_play_to_the_end(on_pass):
    from interpreter.agents import make_agent
    variant = turning(on_pass=on_pass)
    for seed in range(3):
        g = new_game(variant, players=3, seed=seed)
        bots = [make_agent("random", seed * 10 + s) for s in range(3)]
        for _ in range(3000):
            if g.is_terminal:
                break
            g.apply(bots[g.current_player].act(g))
        assert g.history
