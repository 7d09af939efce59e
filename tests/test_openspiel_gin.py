"""variants/openspiel_gin: OpenSpiel's gin_rummy as a spec. Its distinctive rules (the wall, the
hand void after the same card is thrown back twice or after many discard draws, the defender's
chosen melds), the options they use, and, with pyspiel installed, agreement with OpenSpiel."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game
from interpreter.frontends.rules_sheet import rules_sheet

ROOT = Path(__file__).resolve().parent.parent


def deck(hand0: str, hand1: str, then: str) -> list[str]:
    """Seat 0 (left of dealer 1) gets ``hand0``, seat 1 ``hand1``; then the upcard and the
    stock's top cards; then the rest of the pack."""
    order = [c for pair in zip(hand0.split(), hand1.split()) for c in pair] + then.split()
    return order + [c for c in FULL_DECK if c not in order]


def variant(tmp_path, text: str):
    path = tmp_path / "house.yaml"
    path.write_text("extends: openspiel_gin\nname: House\n" + text)
    return load_variant(path)


def legal(g) -> set[str]:
    return {str(a) for a in g.legal_actions()}


# Seat 0 melds 2h-4h and 4c-6c and holds 7d 8d Ks Qs: the 9d would let it knock, the Jc not.
WALL_DECK = deck("2h 3h 4h 4c 5c 6c 7d 8d Ks Qs", "9d Jc As 3s 5s 7s 9s Jd Qd Kd", "2c Th Tc")


def _to_the_wall(v, thrown: str):
    g = new_game(v, 2, deck=WALL_DECK, dealer=1)
    for action in ("pass", "pass", "draw stock", "discard Th", "draw stock", f"discard {thrown}"):
        g.apply(action)
    return g


def test_at_the_wall_the_discard_may_only_be_taken_to_knock(tmp_path):
    wall = variant(tmp_path, "stock: {exhausted_at: 29}\n")      # the wall after two draws
    g = _to_the_wall(wall, "9d")
    assert g.phase.value == "wall" and g.current_player == 0
    assert legal(g) == {"pass", "draw discard"}                   # never the stock
    g.apply("draw discard")
    assert legal(g) == {"knock Ks", "knock Qs"}                   # no plain discard
    g.apply("knock Ks")
    assert g.phase.value == "spread" and g.knocker == 0
    g = _to_the_wall(wall, "Jc")
    assert legal(g) == {"pass"}
    g.apply("pass")
    assert g.history[-1]["outcome"] == "void" and g.is_terminal


@pytest.mark.parametrize("thrown, refused", [("9d", ["draw stock", "discard 7d"]),
                                             ("Jc", ["draw stock", "draw discard", "knock Ks"])])
def test_a_move_refused_at_the_wall_changes_nothing(tmp_path, thrown, refused):
    g = _to_the_wall(variant(tmp_path, "stock: {exhausted_at: 29}\n"), thrown)
    before = g.to_json()
    for action in refused:
        with pytest.raises(IllegalAction):
            g.apply(action)
        assert g.to_json() == before
    if thrown == "9d":                     # taken: now only a knock
        g.apply("draw discard")
        before = g.to_json()
        with pytest.raises(IllegalAction):
            g.apply("discard 7d")
        assert g.to_json() == before


def test_without_the_wall_the_hand_is_void_at_once(tmp_path):
    void = variant(tmp_path, "stock: {exhausted_at: 29, then: void_hand}\n")
    g = _to_the_wall(void, "9d")
    assert g.history[-1]["outcome"] == "void" and g.is_terminal


UPCARD_DECK = deck("2h 3h 4h 4c 5c 6c 7d 8d Ks Qs", "9d Jc As 3s 5s 7s 9s Jd Qd Kd", "2c Th Tc")


def test_the_same_card_thrown_back_twice_voids_the_hand():
    v = load_variant("openspiel_gin")
    g = new_game(v, 2, deck=UPCARD_DECK, dealer=1)
    for action in ("take", "discard 2c", "draw discard"):
        g.apply(action)
    assert "discard 2c" in legal(g)
    g.apply("discard 2c")
    assert g.history[-1]["outcome"] == "void" and g.is_terminal
    # thrown back once, then another card: play goes on, even when thrown back again later
    g = new_game(v, 2, deck=UPCARD_DECK, dealer=1)
    for action in ("take", "discard 2c", "draw discard", "discard 9d", "draw discard",
                   "discard 9d"):
        g.apply(action)
    assert not g.history and g.current_player == 1


def test_many_draws_from_the_discard_pile_void_the_hand_as_the_draw_is_made(tmp_path):
    text = "params: {max_upcard_draws: 2}\n"
    script = ("take", "discard Ks", "draw discard", "discard Jc", "draw discard")
    for check, void in (("action", True), ("turn", False)):
        g = new_game(variant(tmp_path, text + f"round_end: {{void_check: {check}}}\n"), 2,
                     deck=UPCARD_DECK, dealer=1)
        for action in script:
            g.apply(action)
        assert bool(g.history) is void
        if not void:                       # checked after the turn: the draw was played
            assert g.current_player == 0 and "discard Jc" in legal(g)
            g.apply("discard Qs")
            assert g.history[-1]["outcome"] == "void"


# Seat 0 takes the Td and knocks with gin; seat 1 holds Qs Qc Qh and 46 other points.
GIN_DECK = deck("Ah 2h 3h 4c 5c 6c 7d 8d 9d Kc", "Qs Qc Qh 2s 3s 5s 7s 9s Jd Kd", "Td")
GIN = ("take", "knock Kc", "spread [Ah 2h 3h] [4c 5c 6c] [7d 8d 9d Td]")


@pytest.mark.parametrize("melds, returns", [("spread []", [101, -101]),
                                            ("spread [Qs Qc Qh]", [71, -71])])
def test_after_gin_the_other_player_chooses_the_melds_laid_out(melds, returns):
    g = new_game("openspiel_gin", 2, deck=GIN_DECK, dealer=1)
    for action in GIN:
        g.apply(action)
    assert g.current_player == 1 and not any(a.kind == "layoff" for a in g.legal_actions())
    assert {"spread []", "spread [Qc Qh Qs]"} <= legal(g)
    g.apply(melds)
    assert g.history[0]["outcome"] == "gin" and g.returns() == returns


def test_without_the_choice_the_best_melds_are_laid_out_at_once(tmp_path):
    g = new_game(variant(tmp_path, "round_end: {defenders_choose_melds: false}\n"), 2,
                 deck=GIN_DECK, dealer=1)
    for action in GIN:
        g.apply(action)
    assert g.history[0]["outcome"] == "gin" and g.returns() == [71, -71]


@pytest.mark.parametrize("last, outcome, returns", [("5s", "undercut", [-30, 30]),
                                                  ("Ks", "knock", [0, 0])])
def test_less_deadwood_is_an_undercut_and_equal_deadwood_scores_nothing(last, outcome, returns):
    """Seat 0 knocks keeping Kd (10 points); seat 1 keeps only ``last``."""
    hand1 = "Qs Qc Qh Js Jc Jh Ts Tc Th " + last
    g = new_game("openspiel_gin", 2, deck=deck("Ah 2h 3h 4c 5c 6c 7d 8d 9d Kc", hand1, "Kd"),
                 dealer=1)
    for action in ("take", "knock Kc", "spread [Ah 2h 3h] [4c 5c 6c] [7d 8d 9d]",
                   "spread [Qs Qc Qh] [Js Jc Jh] [Ts Tc Th]"):
        g.apply(action)
    assert g.history[0]["outcome"] == outcome and g.returns() == returns


def test_the_rules_sheet_tells_the_wall_and_the_void_checks():
    sheet = " ".join(rules_sheet(load_variant("openspiel_gin")).split())
    assert ("they may take the top discard only to knock with it at once, or pass, and then "
            "the hand is void") in sheet
    assert "As each action is taken (the action that makes it hold is not played)" in sheet
    assert "on discard: 0; on discard_taken: 1" in sheet
    assert "The others choose which melds to lay out (any, or none)" in sheet


@pytest.mark.parametrize("name", ["openspiel_gin", "straight_gin"])
def test_random_hands_always_end(name):
    """Random play ends every hand (the wall and the void rules, else the turn guard)."""
    v = load_variant(name)
    rng = random.Random(3)
    for seed in range(30):
        g = new_game(v, 2, seed=seed)
        actions = 0
        while not g.history:
            g.apply(rng.choice(g.legal_actions()))
            actions += 1
            assert actions < 5000
        assert g.history[0]["turns"] <= v.round_end.max_turns


@pytest.mark.parametrize("name, params, games", [
    ("openspiel_gin", {}, 30),
    ("openspiel_gin_oklahoma", {"oklahoma": True}, 10),
    ("openspiel_gin_bonus30_undercut20", {"gin_bonus": 30, "undercut_bonus": 20}, 10)])
def test_openspiel_agreement_on_a_few_games(name, params, games):
    """OpenSpiel's games (half random, half eager players) replay here decision by decision."""
    pytest.importorskip("pyspiel")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from openspiel_agreement import compare
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    results = compare(games, seed=11, variant_name=name, params=params)
    assert all(r.first is None for r in results), next(r.first for r in results if r.first)
    assert all(r.returns_agree for r in results)
    assert sum(r.decisions for r in results) > games * 20
    assert any(r.outcome not in ("void", "") for r in results)


def test_the_benchmark_sees_a_rule_that_differs():
    """A variant that is not OpenSpiel's game (a gin bonus of 30) shows as a disagreement."""
    pytest.importorskip("pyspiel")
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from openspiel_agreement import compare
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    results = compare(40, seed=3, variant_name="openspiel_gin_bonus30_undercut20",
                      policy="eager")
    assert any(r.first is not None and r.first.what == "returns" for r in results)


def test_house_rules_in_one_line_change_the_bonuses():
    g = new_game("openspiel_gin_bonus30_undercut20", 2, deck=GIN_DECK, dealer=1)
    for action in GIN + ("spread [Qs Qc Qh]",):
        g.apply(action)
    assert g.returns() == [46 + 30, -46 - 30]


def test_oklahoma_the_upcard_sets_the_knock_limit():
    # seat 0 takes the 3s upcard: knocking with it leaves the 5s (5 points), with the 5s 3
    hands = deck("Ah 2h 3h 7c 8c 9c 7d 8d 9d 5s", "Qs Qc Qh 2s 4s 9h 7s 9s Jd Kd", "3s")
    for name, may in (("openspiel_gin", True), ("openspiel_gin_oklahoma", False)):
        g = new_game(name, 2, deck=hands, dealer=1)
        g.apply("take")
        assert ("knock 3s" in legal(g)) is may and "knock 5s" in legal(g)


def test_the_wall_needs_a_knock(tmp_path):
    from interpreter import RummyError
    path = tmp_path / "bad.yaml"
    path.write_text("extends: basic_rummy\nname: Bad\nstock: {then: knock_or_void}\n")
    with pytest.raises(RummyError, match=r"bad.yaml:3:\d+: stock.then: knock_or_void needs a "
                                         r"knock step"):
        load_variant(path)


def test_a_run_takes_at_most_two_layoffs_past_each_end():
    g = new_game("openspiel_gin", 2, dealer=1, deck=deck(
        "4h 5h 6h Ac Ad As Kc Kd Ks 2c", "7h 8h 9h 3h 2h Qc Jd 9c 7s 5d", "Qs"))
    for action in ("take", "knock Qs", "spread [4h 5h 6h] [Ac Ad As] [Kc Kd Ks]",
                   "layoff 7h on 0", "layoff 8h on 0"):
        g.apply(action)
    assert {a for a in legal(g) if a.startswith("layoff")} == {"layoff 3h on 0"}
    g.apply("layoff 3h on 0")
    assert {a for a in legal(g) if a.startswith("layoff")} == {"layoff 2h on 0"}
    assert "at most 2 past each end of a run" in load_variant("openspiel_gin").round_end.spread.sentence()
