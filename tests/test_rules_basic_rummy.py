"""Basic Rummy (variants/basic_rummy.yaml): scenarios for its distinctive rules."""
from __future__ import annotations

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game

RUMMY = load_variant("basic_rummy")


def deck(hand1: str, hand0: str, upcard: str, stock: str = "") -> list[str]:
    """Two players, dealer 0: seat 1 is dealt first; then the upcard, then the stock's top."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair] + [upcard]
    order += stock.split()
    return order + [c for c in FULL_DECK if c not in order]


def test_hand_sizes_by_player_count():
    for players, size in ((2, 10), (3, 7), (4, 7), (5, 6), (6, 6)):
        g = new_game(RUMMY, players=players, seed=1)
        assert all(len(g.hands[s]) == size for s in range(players))


def test_melding_every_card_goes_out_without_a_discard():
    g = new_game(RUMMY, deck=deck("Ah 2h 3h 7c 7d 7s 9d Td Jd Qd", "2c 3c 4d 5d 6s 8s 9s Tc Jc Qh",
                                  "5c", "Kd"), dealer=0)
    g.apply("draw stock")                               # Kd: 9d-Kd is a run of five
    g.apply("meld [Ah 2h 3h] [7c 7d 7s]")
    assert not g.history
    g.apply("meld [Ah 2h 3h] [7c 7d 7s] [9d Td Jd Qd Kd]")
    (record,) = g.history
    assert record["outcome"] == "going_out" and record["winners"] == [1]
    assert record["points"][1] == 2 + 3 + 4 + 5 + 6 + 8 + 9 + 10 + 10 + 10


def test_the_first_player_out_scores_the_cards_left_in_the_other_hands():
    # seat 1 melds everything but one card, then discards it
    g = new_game(RUMMY, deck=deck("Ah 2h 3h 7c 7d 7s 9d Td Jd Kc", "2c 3c 4d 5d 6s 8s 9s Tc Jc Qh",
                                  "Kd", "Qd"), dealer=0)
    g.apply("draw stock")                               # Qd extends 9d Td Jd
    g.apply("meld [Ah 2h 3h] [7c 7d 7s] [9d Td Jd Qd]")
    g.apply("discard Kc")
    (record,) = g.history
    assert record["outcome"] == "going_out" and record["winners"] == [1]
    left = 2 + 3 + 4 + 5 + 6 + 8 + 9 + 10 + 10 + 10          # seat 0's ten cards
    assert record["points"] == [0, left] and g.scores == [0, left]


def test_cards_may_be_laid_off_onto_anyones_melds_but_the_table_never_rearranged():
    g = new_game(RUMMY, deck=deck("Ah 2h 3h 7c 7d 8h 9d Td Jd Kc", "4h 5c 6c 7s 9s Tc Jc Qh 2s 3s",
                                  "Kd", "Qs Ks"), dealer=0)
    g.apply("draw stock")                               # Qs
    g.apply("meld [Ah 2h 3h]")
    g.apply("discard Qs")
    g.apply("draw stock")                               # seat 0 draws Ks
    g.apply("meld [Ah 2h 3h 4h]")                       # lays 4h off onto seat 1's run
    with pytest.raises(IllegalAction, match="does not allow rearranging the table"):
        g.apply("meld [Ah 2h 3h] [4h 5c 6c]")           # would break the run: refused
    assert g.observation(0)["table"] == [["Ah", "2h", "3h", "4h"]]


def test_a_house_rule_may_require_going_out_by_a_discard(tmp_path):
    path = tmp_path / "by_discard.yaml"
    path.write_text("extends: basic_rummy\nname: Out by discard\n"
                    "round_end: {out_by_discard: true}\n")
    v = load_variant(path)
    g = new_game(v, deck=deck("Ah 2h 3h 7c 7d 7s 9d Td Jd Qd", "2c 3c 4d 5d 6s 8s 9s Tc Jc Qh",
                              "5c", "Kd"), dealer=0)
    g.apply("draw stock")                               # Kd: every card could be melded
    with pytest.raises(IllegalAction, match="no card to discard"):
        g.apply("meld [Ah 2h 3h] [7c 7d 7s] [9d Td Jd Qd Kd]")
    legal = [a for a in g.legal_actions() if a.kind == "meld"]
    assert legal and all(sum(map(len, a.melds)) < 11 for a in legal)
    g.apply("meld [Ah 2h 3h] [7c 7d 7s] [9d Td Jd Qd]")
    g.apply("discard Kd")
    (record,) = g.history
    assert record["outcome"] == "going_out" and record["winners"] == [1]


def test_a_house_rule_may_ban_discarding_a_card_that_could_be_laid_off(tmp_path):
    path = tmp_path / "not_playable.yaml"
    path.write_text("extends: basic_rummy\nname: No dumping\n"
                    "turn: {discard: {not_playable: true}}\n")
    v = load_variant(path)
    order = deck("Ah 2h 3h 4h 7c 9d Td Kc 5s Qd", "2c 3c 4d 5d 6s 8s 9s Tc Jc Qh", "5c", "Kd")
    for variant, allowed in ((RUMMY, True), (v, False)):
        g = new_game(variant, deck=order, dealer=0)
        g.apply("draw stock")
        g.apply("meld [Ah 2h 3h]")
        assert g.is_legal("discard 4h") is allowed and g.is_legal("discard Kd")
    assert "pile, not a card that could extend a meld" in v.step("discard").sentence()
