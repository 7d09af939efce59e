"""Scala 51 (variants/scala_51.yaml): scenarios for its distinctive rules from explicit decks,
dealer 0 (seat 1 plays first), two packs and four jokers."""
from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.frontends.rules_sheet import rules_sheet

SCALA = load_variant("scala_51")
PACK = FULL_DECK * 2 + ["Jk"] * 4
OTHER = "2d 3d 5d 6d 8s Ts Js 3h 5h 7c 8d Tc 4d"


def deck(hands: dict[int, str], then: str = "4d 8c") -> list[str]:
    """A deck order dealing ``hands`` one card at a time from dealer 0's left (seat 1 first),
    then ``then`` (the upcard and the stock's top), then the rest of the pack."""
    seats = sorted(hands, key=lambda s: (s - 1) % len(hands))
    dealt = [hands[s].split() for s in seats]
    order = [cards[i] for i in range(13) for cards in dealt] + then.split()
    left = Counter(PACK)
    left.subtract(order)
    assert min(left.values()) >= 0
    return order + list(left.elements())


def game(hand1: str, then: str = "4d 8c", hand0: str = OTHER):
    """Two players: seat 1 is dealt ``hand1`` and plays first, seat 0 ``hand0``."""
    return new_game(SCALA, players=2, dealer=0, deck=deck({1: hand1, 0: hand0}, then))


def legal(g) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def test_deck_hands_and_penalty_values():
    assert SCALA.deck_for(2).size == 108
    g = game("Qh Kh Ah 3c 3d 3s 9c 9d 2s 4s 6s 7h Jk")
    assert len(g.hands[1]) == 13 and len(g.hands[0]) == 13
    points = SCALA.faces.points
    assert [points[SCALA.faces.parse(c)] for c in ["Ah", "7h", "Qh", "Jk"]] == [11, 7, 10, 25]


def test_an_opening_of_51_with_a_joker_and_a_high_ace():
    g = game("Kh Ah Jk 2c 3c 4c 5c 6c 9d Ts 2s 7h Jd")
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="make 45"):    # 10 + 10 + 11 + 14
        g.apply("meld [Jk(Qh) Kh Ah] [2c 3c 4c 5c]")
    g.apply("meld [Jk(Qh) Kh Ah] [2c 3c 4c 5c 6c]")         # the joker as the queen: 51
    assert g.opened == [1]


def test_a_low_ace_counts_one_toward_the_51():
    g = game("Ah 2h 3h Kc Kd Ks 4c 4h 4s 9d 2s 7h Jd")
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="make 48"):    # 1 + 2 + 3 + 30 + 12
        g.apply("meld [Ah 2h 3h] [Kc Kd Ks] [4c 4h 4s]")


def test_a_joker_in_a_group_of_aces_counts_as_an_ace():
    g = game("Ac Ad Jk Tc Td Ts 9d 2s 4s 6s 7h Jd 5c")
    g.apply("draw stock")
    g.apply("meld [Ac Ad Jk(Ah)] [Tc Td Ts]")               # 33 + 30
    two = game("Ac Jk Jk Kc Kd Ks 9d 2s 4s 6s 7h Jd 5c")
    two.apply("draw stock")
    with pytest.raises(IllegalAction, match="not a legal meld"):   # one joker a meld
        two.apply("meld [Ac Jk(Ad) Jk(Ah)] [Kc Kd Ks]")


HAND = "Kh Ah 2c 3c 4c 5c 6c 9d Ts Th 7h Jd 8c"             # Kh Ah wait for a queen


def test_the_discard_is_taken_to_open_with_it():
    g = game(HAND, then="Qh 9c")
    assert legal(g) == ["draw stock", "draw discard"]
    g.apply("draw discard")
    melds = legal(g)
    assert melds and all("Qh" in m for m in melds)          # the opening plays the queen
    with pytest.raises(IllegalAction):
        g.apply("discard 9d")                               # the opening with it is owed
    g.apply("meld [Qh Kh Ah] [2c 3c 4c 5c 6c]")             # 31 + 20 = 51
    assert g.opened == [1] and g.is_legal("discard 9d")


def test_no_discard_that_cannot_open_the_51():
    short = game("Kh Ah 2c 3c 4c 5c 9c 9d Ts 2s 7h Jd 8c", then="Qh 9h")
    assert legal(short) == ["draw stock"]                   # Q-K-A and 2-5 make only 45
    with pytest.raises(IllegalAction, match="could not meld Qh"):
        short.apply("draw discard")
    assert legal(game(HAND, then="Jc 9h")) == ["draw stock"]  # no meld with it at all


def opened_game(upcard_after: str):
    """Seat 1 opens with 51 and discards; seat 0 discards ``upcard_after``; seat 1 to play."""
    g = game(HAND, then=f"4d Qh {upcard_after}")
    g.apply("draw stock")
    g.apply("meld [Qh Kh Ah] [2c 3c 4c 5c 6c]")
    g.apply("discard 9d")
    g.apply("draw stock")
    g.apply(f"discard {upcard_after}")
    return g


def test_once_opened_the_discard_is_used_at_once():
    g = opened_game("Tc")                                   # Tc melds with Th Ts
    assert legal(g) == ["draw stock", "draw discard"]
    g.apply("draw discard")
    with pytest.raises(IllegalAction):
        g.apply("discard Jd")
    assert legal(g) and all("Tc" in m for m in legal(g))   # a meld with it is owed
    g.apply("meld [Qh Kh Ah] [2c 3c 4c 5c 6c] [Tc Th Ts]")   # the table, with the new meld
    g.apply("discard Jd")
    assert legal(opened_game("9s")) == ["draw stock"]       # 9s fits nothing: not taken


def test_a_card_that_fits_a_table_meld_may_not_be_discarded():
    g = game("Qh Kh Ah 2c 3c 4c 5c 6c 9d Ts 7c 7h Jd", then="4d 2s Jh")
    g.apply("draw stock")
    g.apply("meld [Qh Kh Ah] [2c 3c 4c 5c 6c]")
    assert "discard 7c" not in legal(g)                     # it would extend 2c-6c
    with pytest.raises(IllegalAction, match="could extend a meld"):
        g.apply("discard 7c")
    g.apply("discard 9d")
    g.apply("draw stock")                                   # seat 0, not opened, drew Jh
    assert "discard Jh" not in legal(g) and "discard 2d" in legal(g)    # Jh extends Q-K-A


def test_closing_needs_a_last_discard_and_charges_the_others():
    hand0 = "Jk Jk 2d 3d 5d 6d 8s Ts Js 3h 5h 7c 8d"
    g = game("Qh Kh Ah 3c 3d 3s 9c 9d 9s Tc Jc Qc 9h", then="4d Kc", hand0=hand0)
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="no card to discard"):
        g.apply("meld [Qh Kh Ah] [3c 3d 3s] [9c 9d 9h 9s] [Tc Jc Qc Kc]")
    g.apply("meld [Qh Kh Ah] [3c 3d 3s] [9c 9d 9s] [Tc Jc Qc Kc]")
    g.apply("discard 9h")                                   # closes: the hand is scored
    assert g.history[-1]["points"] == [50 + 2 + 3 + 5 + 6 + 8 + 10 + 10 + 3 + 5 + 7 + 8, 0]


def test_a_player_charged_101_is_out_and_the_last_left_wins():
    closer = "Qh Kh Ah 3c 3d 3s 9c 9d 9s Tc Jc Qc 9h"
    heavy = "Jk Jk Jk Jk Ac 2d 5d 6d 8s Ts 3h 5h 7c"        # 100 + 11 + 49
    light = "2h 2s 3h 4d 4h 4s 5h 5s 6h 7d 7s 8d 8h"
    g = new_game(SCALA, players=3, dealer=0,
                 deck=deck({1: closer, 2: light, 0: heavy}, then="4c Kc"))
    g.apply("draw stock")
    g.apply("meld [Qh Kh Ah] [3c 3d 3s] [9c 9d 9s] [Tc Jc Qc Kc]")
    g.apply("discard 9h")
    assert g.history[-1]["points"][0] >= 101 and g.eliminated == [0]
    assert not g.is_terminal and 0 not in g.in_play
    rng = random.Random(3)
    while not g.is_terminal:
        assert g.current_player != 0
        g.apply(rng.choice(g.legal_actions()))
    assert len(g.eliminated) == 2 and len(g.winners()) == 1


def test_the_rules_sheet_states_the_51_and_the_discard_terms():
    text = " ".join(rules_sheet(SCALA).split())
    assert "worth at least 51 points" in text and "joker 25" in text
    assert "must be melded or laid off at once" in text
    assert "discard pile, not a card that could extend a meld on the table" in text
    assert "p.score >= out_at" in text and "out_at = 101" in text


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_whole_matches_end(players, bot):
    g = new_game(SCALA, players=players, seed=players)
    agents = [make_agent(bot, seed=s) for s in range(players)]
    start, deals = time.perf_counter(), 0
    while not g.is_terminal:
        g.apply(agents[g.current_player].act(g))
        deals = len(g.history)
    assert len(g.winners()) == 1 and deals > 0
    assert time.perf_counter() - start < 60


def test_a_player_who_has_opened_swaps_a_natural_card_for_a_table_joker():
    g = game("Kh Ah Jk 2c 3c 4c 5c 6c Qh Ts 2s 7h Jd",
             hand0="2d 3d 5d 6d 8s Ts Js 3h 5h 7c 8d Tc Qh")
    g.apply("draw stock")
    swap = "meld [Qh Kh Ah] [2c 3c 4c 5c 6c]"
    g.apply("meld [Jk(Qh) Kh Ah] [2c 3c 4c 5c 6c]")
    assert swap in legal(g)
    g.apply(swap)                                            # the joker comes to the hand
    assert "Jk" in g.observation(1)["hand"] and g.observation(1)["table"][0] == ["Qh", "Kh", "Ah"]


def test_a_player_who_has_not_opened_may_not_swap_a_table_joker():
    g = game("Kh Ah Jk 2c 3c 4c 5c 6c 9h Ts 2s 7h Jd",
             hand0="2d 3d 5d 6d 8s Ts Js 3h 5h 7c 8d Tc Qh")
    play = ["draw stock", "meld [Jk(Qh) Kh Ah] [2c 3c 4c 5c 6c]", "discard Jd", "draw stock"]
    for action in play:
        g.apply(action)
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("meld [Qh Kh Ah] [2c 3c 4c 5c 6c]")
    assert g.to_json() == before
