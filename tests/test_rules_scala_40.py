"""Scala 40 (variants/scala_40.yaml): scenarios for its distinctive rules, two players,
dealer 0 (seat 1 plays first), two decks and four jokers."""
from __future__ import annotations

from collections import Counter

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game

SCALA = load_variant("scala_40")
PACK = FULL_DECK * 2 + ["Jk"] * 4
OTHER = "2c 3d 5d 6d 8s Ts Js 3h 5h 6c 8d Tc 4d"


def game(hand1: str, then: str = "4d 8c", hand0: str = OTHER):
    """Seat 1 is dealt ``hand1``, seat 0 ``hand0``; then the upcard and the stock's top."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair] + then.split()
    left = Counter(PACK)
    left.subtract(order)
    assert min(left.values()) >= 0
    return new_game(SCALA, players=2, dealer=0, deck=order + list(left.elements()))


def test_deck_hands_and_penalty_values():
    assert SCALA.deck_for(2).size == 108
    g = game("Qh Kh Ah 3c 3d 3s 9c 9d 2s 4s 6s 7h Jk")
    assert len(g.hands[1]) == 13
    points = SCALA.faces.points
    assert [points[SCALA.faces.parse(c)] for c in ["Ah", "7h", "Qh", "Jk"]] == [11, 7, 10, 25]


def test_the_ace_counts_eleven_after_the_king_toward_the_forty():
    g = game("Qh Kh Ah 3c 3d 3s 9c Td 2s 4s 6s 7h Jc")
    g.apply("draw stock")
    g.apply("meld [Qh Kh Ah] [3c 3d 3s]")                # 10 + 10 + 11 + 9 = 40
    assert g.opened == [1]


def test_the_ace_counts_one_before_the_two():
    g = game("Ah 2h 3h Kc Kd Ks 9c Td 2s 4s 6s 7h Jc")
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="make 36"):  # 1 + 2 + 3 + 30
        g.apply("meld [Ah 2h 3h] [Kc Kd Ks]")


def test_a_joker_counts_as_the_card_it_stands_for():
    g = game("Qh Kh Jk 3c 3d 3s 9c Td 2s 4s 6s 7h Jc")
    g.apply("draw stock")
    g.apply("meld [Qh Kh Jk(Ah)] [3c 3d 3s]")            # the joker as the ace: 11


def test_a_group_has_no_identical_cards():
    g = game("9c 9c 9d 9h Kc Kd Ks 2s 4s 6s 7h Jc 5c")
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="not a legal meld"):
        g.apply("meld [9c 9c 9d] [Kc Kd Ks]")
    g.apply("meld [9c 9d 9h] [Kc Kd Ks]")                 # 27 + 30


def test_the_discard_pile_only_once_opened():
    g = game("Qh Kh Ah 3c 3d 3s 9c Td 2s 4s 6s 7h Jc")
    assert "draw discard" not in map(str, g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply("draw discard")
    g.apply("draw stock")
    g.apply("meld [Qh Kh Ah] [3c 3d 3s]")
    g.apply("discard 2s")
    g.apply("draw stock")
    g.apply("discard 4d")
    assert "draw discard" in map(str, g.legal_actions())


def test_closing_needs_a_last_discard():
    g = game("Qh Kh Ah 3c 3d 3s 9c 9d 9s Tc Jc Qc 9h", then="4d Kc")
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="no card to discard"):
        g.apply("meld [Qh Kh Ah] [3c 3d 3s] [9c 9d 9h 9s] [Tc Jc Qc Kc]")
    g.apply("meld [Qh Kh Ah] [3c 3d 3s] [9c 9d 9s] [Tc Jc Qc Kc]")
    g.apply("discard 9h")                                 # closes: the hand is scored
    record = g.history[-1]
    assert record["points"][0] > 0 and record["points"][1] == 0
