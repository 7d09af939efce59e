"""Kalooki 40 (variants/kalooki.yaml): scenarios for its distinctive rules, two players,
dealer 0 (seat 1 plays first), two packs and four jokers."""
from __future__ import annotations

from collections import Counter

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game
from interpreter.agents import make_agent

KALOOKI = load_variant("kalooki")
PACK = FULL_DECK * 2 + ["Jk"] * 4
OTHER = "2c 3d 5d 6d 8s Ts Js 3h 5h 6c 8d Tc 4d"


def game(hand1: str, then: str = "4d 8c 5c Ah 9d", hand0: str = OTHER):
    """Seat 1 is dealt ``hand1``, seat 0 ``hand0``; then the upcard and the stock's top."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair] + then.split()
    left = Counter(PACK)
    left.subtract(order)
    assert min(left.values()) >= 0
    return new_game(KALOOKI, players=2, dealer=0, deck=order + list(left.elements()))


def play(g, *actions):
    for action in actions:
        g.apply(action)


def test_two_packs_four_jokers_thirteen_cards_and_penalty_values():
    assert KALOOKI.deck_for(2).size == 108 and KALOOKI.players == (2, 4)
    g = game("Qh Kh Jk 3c 3d 3s 9c Td 2s 4s 6s 7h Jc")
    assert len(g.hands[1]) == len(g.hands[0]) == 13
    points = KALOOKI.faces.points
    assert [points[KALOOKI.faces.parse(c)] for c in ["Ah", "7h", "Qh", "Jk"]] == [11, 7, 10, 15]


def test_the_opening_needs_forty_points_from_the_hand():
    g = game("Ah 2h 3h Kc Kd Ks 9c Td 2s 4s 6s 7h Jc")
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="make 36"):      # the ace low counts 1
        g.apply("meld [Ah 2h 3h] [Kc Kd Ks]")
    g = game("Qh Kh Ah 3c 3d 3s 9c Td 2s 4s 6s 7h Jc")
    g.apply("draw stock")
    g.apply("meld [Qh Kh Ah] [3c 3d 3s]")                      # 31 + 9 = 40
    assert g.opened == [1]


def test_the_discard_pile_is_for_players_who_have_opened():
    g = game("Qh Kh Jk 3c 3d 3s 9c Td 2s 4s 6s 7h Jc")
    assert "draw discard" not in map(str, g.legal_actions())
    play(g, "draw stock", "meld [Qh Kh Jk(Ah)] [3c 3d 3s]", "discard 8c",
         "draw stock", "discard 5c")
    assert "draw discard" in map(str, g.legal_actions())      # seat 1 has opened


def test_a_joker_in_a_run_is_swapped_into_the_hand_after_opening():
    g = game("Qh Kh Jk 3c 3d Jk 9c Td 2s 4s 6s 7h Jc", hand0="3s 8d 5d 6d Tc Td Ts Jc Jd Js "
             "8c 5h 4d")
    play(g, "draw stock", "meld [Qh Kh Jk(Ah)] [3c 3d Jk(3h)]", "discard 8c")
    with pytest.raises(IllegalAction):                        # seat 0 has not opened
        g.apply("meld [Qh Kh Jk(Ah)] [3c 3d 3h] [Tc Td Ts] [Jc Jd Js]")
    play(g, "draw stock", "discard 5c", "draw stock")         # seat 1 draws Ah
    assert "meld [Qh Kh Ah] [3c 3d Jk(3h)]" in map(str, g.legal_actions())
    g.apply("meld [Qh Kh Ah] [3c 3d Jk(3h)]")
    assert "Jk" in g.observation(1)["hand"]


def test_a_joker_in_a_set_stays():
    g = game("Qh Kh Ah 3c 3d Jk 9c Td 2s 4s 6s 7h Jc", then="4d 8c 5c 3h 9d")
    play(g, "draw stock", "meld [Qh Kh Ah] [3c 3d Jk(3h)]", "discard 8c",
         "draw stock", "discard 5c", "draw stock")            # seat 1 draws 3h
    with pytest.raises(IllegalAction):
        g.apply("meld [Qh Kh Ah] [3c 3d 3h]")


def test_going_out_by_the_last_discard_charges_the_others_their_cards():
    g = game("Qh Kh Ah 3c 3d 3s 9c 9d 9h 4s 5s 6s 8s", then="4d 7s")
    g.apply("draw stock")                                     # 7s: all 14 cards would meld
    with pytest.raises(IllegalAction, match="no card to discard"):
        g.apply("meld [Qh Kh Ah] [3c 3d 3s] [9c 9d 9h] [4s 5s 6s 7s 8s]")
    g.apply("meld [Qh Kh Ah] [3c 3d 3s] [9c 9d 9h] [4s 5s 6s 7s]")
    g.apply("discard 8s")                                     # out ("going Kalooki")
    record = g.history[0]
    assert record["outcome"] == "going_out" and record["winners"] == [1]
    assert record["points"] == [80, 0]                        # OTHER's cards


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 2), (4, 0)])   # (short matches)
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_whole_matches_end_with_one_player_left(players, seed, bot):
    g = new_game(KALOOKI, players=players, seed=seed)
    bots = [make_agent(bot, s) for s in range(players)]
    while not g.is_terminal:
        g.apply(bots[g.current_player].act(g))
    assert len(g.winners()) == 1 and g.history
    losers = [s for s in range(players) if s not in g.winners()]
    assert all(g.scores[s] >= 150 for s in losers)
