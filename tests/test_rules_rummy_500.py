"""Rummy 500 (variants/rummy_500.yaml): scenarios for its distinctive rules, explicit decks."""
from __future__ import annotations

import pytest
from test_options_honoured import stacked

from interpreter import IllegalAction, load_variant, new_game

R500 = load_variant("rummy_500")
# Two players, dealer 0: seat 1 plays first. Upcard Kd, then the stock: Jc 7h 2h ...
SEAT1 = "Kh Ks 5h 6h 2s 3d 9c 8d Js 4c Qh 7c 2d"
SEAT0 = "Ac 2c 3c Td Th Ts 7s 8s 9s 4d 5d 6d Kc"
DECK = stacked({1: SEAT1, 0: SEAT0}, dealer=0, then="Kd Jc 7h 2h")
POINTS = {"A": 15, "T": 10, "J": 10, "Q": 10, "K": 10}


def points(cards: str) -> int:
    return sum(POINTS.get(c[0], 0) or int(c[0]) for c in cards.split())


def game(variant=R500):
    return new_game(variant, deck=DECK, dealer=0)


def test_hand_sizes_and_packs_by_player_count():
    for players, size, cards in ((2, 13, 52), (3, 7, 52), (4, 7, 52), (5, 7, 104), (8, 7, 104)):
        g = new_game(R500, players=players, seed=1)
        assert all(len(g.hands[s]) == size for s in range(players))
        assert players * size + len(g.stock) + len(g.discard) == cards


def test_a_depth_draw_takes_three_cards_and_melds_the_deepest_at_once():
    g = game()
    for action in ("draw stock", "discard 9c", "draw stock", "discard 7h"):   # Jc, 7h
        g.apply(action)
    assert g.observation(1)["discard"] == ["Kd", "9c", "7h"]   # the whole pile, face up
    assert "draw discard 3" in map(str, g.legal_actions())
    g.apply("draw discard 3")
    assert g.observation(1)["discard"] == [] and len(g.hands[1]) == 16
    legal = sorted(map(str, g.legal_actions()))
    assert legal == ["meld [Kd Kh Ks]"]                      # the Kd first, nothing else
    assert not g.is_legal("meld [5h 6h 7h]") and not g.is_legal("discard 2s")
    g.apply("meld [Kd Kh Ks] [5h 6h 7h]")                   # the Kd, and more
    assert g.table_points == {1: 30 + 18}
    g.apply("discard 9c")
    assert g.current_player == 0


def test_a_depth_draw_is_refused_when_the_deepest_card_cannot_be_used():
    g = game()
    for action in ("draw stock", "discard 9c", "draw stock", "discard 7h"):
        g.apply(action)
    assert "draw discard 2" not in map(str, g.legal_actions())   # 9c melds with nothing
    with pytest.raises(IllegalAction):
        g.apply("draw discard 2")
    assert g.observation(1)["discard"] == ["Kd", "9c", "7h"] and len(g.hands[1]) == 13


def test_a_layoff_onto_an_opponents_meld_scores_for_the_one_who_laid_it():
    g = game()
    g.apply("draw discard")                                  # the top card: no obligation
    g.apply("meld [Kd Kh Ks]")
    g.apply("discard 9c")
    g.apply("draw stock")                                    # seat 0 draws Jc
    g.apply("meld [Kd Kh Ks Kc]")                            # onto seat 1's meld
    assert g.table_owners == [1] and g.table_laid_off == {0: 1}     # laid_off: 1
    table = " ".join(f"[{' '.join(m)}]" for m in g.observation(0)["table"])
    g.apply(f"meld {table} [Ac 2c 3c] [Td Th Ts] [7s 8s 9s] [4d 5d 6d]")
    assert g.table_owners == [1, 0, 0, 0, 0] and g.table_laid_off == {0: 1}
    g.apply("discard Jc")                                    # out
    (record,) = g.history
    assert record["outcome"] == "going_out" and record["winners"] == [0]
    melded0 = points("Kc 2c 3c Td Th Ts 7s 8s 9s 4d 5d 6d") + 1      # the Ac in A-2-3: 1
    left1 = points("5h 6h 2s 3d 8d Js 4c Qh 7c 2d")
    assert record["points"] == [melded0, 30 - left1] == [85, 30 - 57]


def test_own_only_layoffs_refuse_a_layoff_onto_an_opponents_meld(tmp_path):
    path = tmp_path / "own.yaml"
    path.write_text("extends: rummy_500\nname: Rummy 500, own layoffs\n"
                    "table: {layoff_onto: own}\n")
    g = game(load_variant(path))
    for action in ("draw discard", "meld [Kd Kh Ks]", "discard 9c", "draw stock"):
        g.apply(action)
    with pytest.raises(IllegalAction, match="only its owner may lay off onto it"):
        g.apply("meld [Kd Kh Ks Kc]")
    assert "meld [Kd Kh Ks Kc]" not in map(str, g.legal_actions())


def test_when_the_stock_runs_out_each_scores_melds_less_hand():
    g = game()
    for action in ("draw discard", "meld [Kd Kh Ks]", "discard 9c"):
        g.apply(action)
    while not g.history:                                     # draw and throw back the card
        seat = g.current_player
        before = set(g.observation(seat)["hand"])
        g.apply("draw stock")
        (drawn,) = set(g.observation(seat)["hand"]) - before
        g.apply(f"discard {drawn}")
    (record,) = g.history
    assert record["outcome"] == "stock_out" and record["winners"] == [1]
    assert record["points"] == [-points(SEAT0), 30 - points("5h 6h 2s 3d 8d Js 4c Qh 7c 2d")]


def test_an_ace_counts_15_and_runs_go_ace_high_or_low():
    faces = R500.faces
    assert faces.points[faces.parse("Ah")] == 15
    assert R500.meld_rules.meld(R500.cards(["Qh", "Kh", "Ah"])) is not None
    assert R500.meld_rules.meld(R500.cards(["Ah", "2h", "3h"])) is not None
    assert R500.meld_rules.meld(R500.cards(["Kh", "Ah", "2h"])) is None


def test_the_deepest_card_may_be_used_by_laying_it_off():
    g = game()
    for action in ("draw discard", "meld [Kd Kh Ks]", "discard 9c",      # seat 1
                   "draw stock", "discard Kc",                            # seat 0 (Jc)
                   "draw stock", "discard 2s"):                           # seat 1 (7h)
        g.apply(action)
    assert g.observation(0)["discard"] == ["9c", "Kc", "2s"]
    draws = [str(a) for a in g.legal_actions() if a.kind == "draw"]
    assert draws == ["draw stock", "draw discard", "draw discard 2"]     # Kc onto the kings
    g.apply("draw discard 2")
    assert [str(a) for a in g.legal_actions()] == ["meld [Kc Kd Kh Ks]"]
    g.apply("meld [Kd Kh Ks Kc]")
    assert g.table_points == {1: 30, 0: 10} and g.table_owners == [1]


def test_an_ace_melded_in_a_low_run_counts_1():
    g = game()
    for action in ("draw stock", "discard 9c",                            # seat 1 (Jc)
                   "draw stock", "meld [Ac 2c 3c]"):                      # seat 0 (7h)
        g.apply(action)
    assert g.table_points == {0: 1 + 2 + 3}
    g.apply("meld [Ac 2c 3c] [Td Th Ts]")
    assert g.table_points == {0: 6 + 30}
