"""Basic Rummy, whole pile (variants/basic_rummy_whole_pile.yaml): scenarios for its
distinctive rules (the whole pile, its freeze and block, red threes, reserve hands), explicit
decks. Dealer 0, two players: seat 1 plays first."""
from __future__ import annotations

from collections import Counter

import pytest
from test_options_honoured import ONE_DECK

from interpreter import IllegalAction, load_variant, new_game

WHOLE = load_variant("basic_rummy_whole_pile")


def deck(seat1: str, seat0: str, then: str) -> list[str]:
    """Hands dealt alternately from seat 1, then ``then`` (the upcard, the two reserves of 5,
    the stock's top cards), then the rest of the pack with its two jokers."""
    order = [c for pair in zip(seat1.split(), seat0.split()) for c in pair] + then.split()
    left = Counter(ONE_DECK + ["Jk", "Jk"])
    left.subtract(order)
    assert min(left.values()) >= 0
    return order + [c for c, n in left.items() for _ in range(n)]


SEAT1 = "Kh Ks 5h 6h 2s 4d 9c 8d Js 4c"
SEAT0 = "Ac 2c 3c Td Th Ts 7s 9s Jk Kc"
RESERVES = "Qc Qd Qs 2d 5d  6s 7c 8c Ad 5s"


def game(then_stock: str = "7h 2h 8h 4h", seat1: str = SEAT1, seat0: str = SEAT0):
    return new_game(WHOLE, dealer=0, deck=deck(seat1, seat0, "Kd " + RESERVES + " " + then_stock))


def legal(g) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_the_whole_pile_is_taken_with_its_top_card_melded_at_once():
    g = game()
    for action in ("draw stock", "discard 9c", "draw stock", "discard Kc"):
        g.apply(action)
    assert legal(g) == ["draw stock", "draw discard 3"]
    g.apply("draw discard 3")
    assert all("Kc" in m for m in legal(g))
    with pytest.raises(IllegalAction, match=r"first meld: meld \[Kc Kd Kh\]"):
        g.apply("discard 2s")


def test_a_discarded_joker_freezes_the_pile_and_a_black_three_blocks_it():
    g = game(seat0="Ac 2c 3c Td Th Ts 7s 3s Jk Kc")
    for action in ("draw stock", "discard 9c", "draw stock", "discard Jk"):
        g.apply(action)
    assert g.observation(1)["pile_frozen"] and legal(g) == ["draw stock"]
    for action in ("draw stock", "discard 4c", "draw stock", "discard 3s"):
        g.apply(action)
    with pytest.raises(IllegalAction, match="3s on top of the discard pile blocks it"):
        g.apply("draw discard 5")
    for action in ("draw stock", "discard 4d", "draw stock", "discard Kc"):
        g.apply(action)
    assert legal(g) == ["draw stock", "draw discard 7"]        # Kh Ks: two naturals


def test_a_red_three_is_laid_aside_and_replaced():
    g = game(seat1="Kh Ks 5h 6h 2s 3d 9c 8d Js 4c")
    assert g.observation(0)["laid_aside"] == {"1": ["3d"]}
    assert "7h" in g.observation(1)["hand"]                    # its replacement


def test_the_first_player_out_takes_a_reserve_and_plays_on():
    g = game(then_stock="7h", seat1="9h Th Jh 4c 5c 6c Qh 8s 9s Ts",
             seat0="Ac 2c 3c Td 2h 7d 8d 9d Jd Kh")
    assert g.observation(0)["reserves"] == [5, 5]
    g.apply("draw stock")                                       # 7h
    g.apply("meld [9h Th Jh Qh] [4c 5c 6c] [8s 9s Ts]")
    g.apply("discard 7h")                                       # out: the reserve instead
    assert g.current_player == 0 and not g.is_terminal and g.hands_played == 0
    assert sorted(g.observation(1)["hand"]) == ["2d", "5d", "Qc", "Qd", "Qs"]
    assert g.observation(0)["reserves"] == [5] and g.observation(0)["took_reserve"] == [1]
