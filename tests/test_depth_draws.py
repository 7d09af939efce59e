"""Depth draws from the discard pile (`turn: {draw: {depth: true}}`): a deeper card with every
card above it, the deepest to be melded at once; scenarios with explicit decks."""
from __future__ import annotations

import pytest
from test_options_honoured import stacked

from interpreter import IllegalAction, State, load_variant
from interpreter import new_game as start
from interpreter.agents import make_agent

# Basic Rummy, dealer 0: seat 1 plays first. Upcard Kd; seat 1 draws 7h, throws 9c; seat 0
# draws 2d, throws Jd: the pile is Kd 9c Jd (Jd on top) and seat 1 holds Kh Ks for the Kd.
DECK = stacked({1: "Kh Ks 5h 6h 2s 3d 9c 8d Js 4c", 0: "Ac 2c 3c Td Th Ts 7s 8s 9s Jd"},
               dealer=0, then="Kd 7h 2d")
OPENING = ("draw stock", "discard 9c", "draw stock", "discard Jd")


def variant(tmp_path, **draw):
    path = tmp_path / "depth.yaml"
    options = ", ".join(f"{k}: {str(v).lower()}" for k, v in {"depth": True, **draw}.items())
    rest = "\n".join(f"  - {step}" for step in ("meld: {optional: true}", "discard: {not_taken_card: true}"))
    path.write_text(f"extends: basic_rummy\nname: Depth\nturn:\n  - draw: {{{options}}}\n{rest}\n")
    return load_variant(path)


def game(tmp_path, **draw) -> State:
    g = start(variant(tmp_path, **draw), deck=DECK, dealer=0)
    for action in OPENING:
        g.apply(action)
    return g


def test_only_depths_whose_deepest_card_can_be_melded_are_offered(tmp_path):
    g = game(tmp_path)
    assert g.observation(1)["discard"] == ["Kd", "9c", "Jd"]     # the whole pile, face up
    draws = [str(a) for a in g.legal_actions()]
    assert draws == ["draw stock", "draw discard", "draw discard 3"]
    with pytest.raises(IllegalAction):
        g.apply("draw discard 2")                   # 9c melds with nothing: refused
    assert g.observation(1)["discard"] == ["Kd", "9c", "Jd"]


def test_a_depth_draw_takes_every_card_above_and_the_deepest_must_be_melded(tmp_path):
    g = game(tmp_path)
    g.apply("draw discard 3")
    obs = g.observation(1)
    assert obs["discard"] == [] and {"Kd", "9c", "Jd"} <= set(obs["hand"])
    assert set(g.observation(0)["known"]["1"]) == {"Kd", "9c", "Jd"}
    assert [str(a) for a in g.legal_actions()] == ["meld [Kd Kh Ks]"]
    for refused in ("meld [5h 6h 7h]", "discard 2s", "end"):
        assert not g.is_legal(refused)
    assert g.is_legal("meld [Kd Kh Ks] [5h 6h 7h]")        # more melds, the Kd among them
    again = State.from_json(g.to_json())                    # the obligation is saved
    assert [str(a) for a in again.legal_actions()] == ["meld [Kd Kh Ks]"]
    g.apply("meld [Kd Kh Ks]")
    assert "discard 9c" in map(str, g.legal_actions())      # obligation met: play goes on
    g.apply("discard 9c")
    assert g.current_player == 0


def test_without_the_obligation_any_depth_and_no_discarding_the_deepest(tmp_path):
    g = game(tmp_path, must_use_deepest=False)
    assert "draw discard 2" in map(str, g.legal_actions())
    g.apply("draw discard 2")                                # 9c and Jd
    legal = set(map(str, g.legal_actions()))
    assert "end" not in legal and "discard Jd" in legal
    assert "discard 9c" not in legal                         # not_taken_card: the deepest


def test_depth_draws_are_an_option(tmp_path):
    g = game(tmp_path, depth=False)
    assert [str(a) for a in g.legal_actions()] == ["draw stock", "draw discard"]
    with pytest.raises(IllegalAction):
        g.apply("draw discard 3")


def test_notation_round_trips():
    from interpreter.model.actions import Action
    assert str(Action.parse("draw discard 3")) == "draw discard 3"
    assert Action.parse("draw discard 1") == Action.parse("draw discard")
    with pytest.raises(IllegalAction, match="depth"):
        Action.parse("draw discard 0")


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_depth_draws_to_the_end(tmp_path, bot):
    v = variant(tmp_path)
    deep = 0
    for seed in range(3):
        g = start(v, seed=seed, players=3)
        agents = [make_agent(bot, seed * 10 + s) for s in range(3)]
        for _ in range(3000):
            if g.is_terminal:
                break
            action = agents[g.current_player].act(g)
            deep += action.kind == "draw" and action.target is not None
            g.apply(action)
        assert g.is_terminal
    assert deep > 0


def test_the_obligation_needs_a_meld_step_after_the_draw(tmp_path):
    from interpreter import SpecError
    path = tmp_path / "no_meld.yaml"
    path.write_text("extends: basic_rummy\nname: No meld\nturn:\n  - draw: {depth: true}\n"
                    "  - discard: {}\n")
    with pytest.raises(SpecError, match="a meld step must follow"):
        load_variant(path)


OPENING_RULE = """extends: rummy_500
name: Rummy 500 with an opening meld
table: {opening: {complete_melds: 1}}
"""


@pytest.mark.parametrize("seed", range(4))
def test_with_an_opening_every_offered_meld_plays_the_deepest_card(tmp_path, seed):
    """A depth draw's card and a pending opening: each meld listed melds the card (listed
    melds once left it out, and apply() then refused them)."""
    import random
    path = tmp_path / "opening.yaml"
    path.write_text(OPENING_RULE)
    g = start(load_variant(path), players=2 + seed % 2, seed=seed)
    rng, checked = random.Random(seed), 0
    while not g.is_terminal:
        actions = g.legal_actions()
        must = g.must_use if g.must_use in g.hands[g.current_player] else None
        if must is not None:
            deepest = g.variant.faces.name(g.face_of[must])
            melds = [a for a in actions if a.kind == "meld"]
            checked += len(melds)
            assert all(deepest in str(a) for a in melds), (deepest, melds)
        g.apply(rng.choice(actions))
    assert checked
