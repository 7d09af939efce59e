"""Scala 40, opening with the discard (variants/scala_40_open_with_discard.yaml): a player who
has not opened takes the top discard only to open with it at once. Two players, dealer 0
(seat 1 plays first), two decks and four jokers."""
from __future__ import annotations

from collections import Counter

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game

OPEN_WITH = load_variant("scala_40_open_with_discard")
PACK = FULL_DECK * 2 + ["Jk"] * 4
OTHER = "2c 3d 5d 6d 8s Ts Js 3h 5h 6c 8d Tc 4d"
HAND = "Qh Kh 3c 3d 3s 9c Td 2s 4s 6s 7h Jc 5c"        # Qh Kh wait for the ace


def game(upcard: str, variant=OPEN_WITH):
    order = [c for pair in zip(HAND.split(), OTHER.split()) for c in pair] + [upcard, "8c"]
    left = Counter(PACK)
    left.subtract(order)
    return new_game(variant, players=2, dealer=0, deck=order + list(left.elements()))


def legal(g) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_the_discard_is_taken_to_open_with_it():
    g = game("Ah")
    assert legal(g) == ["draw stock", "draw discard"]
    g.apply("draw discard")
    melds = legal(g)
    assert melds and all("Ah" in m for m in melds)           # the opening plays the ace
    with pytest.raises(IllegalAction):
        g.apply("discard 9c")                                # opening with it is owed
    g.apply("meld [Qh Kh Ah] [3c 3d 3s]")                    # 31 + 9 = 40
    assert g.opened == [1] and g.is_legal("discard 9c")


def test_no_discard_that_cannot_open():
    g = game("4d")                                           # no 40 points with it
    assert legal(g) == ["draw stock"]
    with pytest.raises(IllegalAction, match="melded in the player's opening"):
        g.apply("draw discard")


def test_plain_scala_40_takes_no_discard_before_opening():
    assert legal(game("Ah", load_variant("scala_40"))) == ["draw stock"]
