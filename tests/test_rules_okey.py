"""Okey (variants/okey.yaml) from explicit tile orders: the indicator and its okey, false
jokers, the starter's 15th tile, own discard piles, going out with a final discard, a drawn
hand when the stock runs out, and the scoring."""
from __future__ import annotations

from collections import Counter

import pytest

from interpreter import IllegalAction, load_variant, new_game

OKEY = load_variant("okey")
TILES = [f"{n}{s}" for s in "krby" for n in range(1, 14)] * 2 + ["Jk", "Jk"]


def stacked(hands: dict[int, str], dealer: int, then: str, players: int = 4) -> list[str]:
    """A tile order, top first: the ``hands`` given (the other seats' from the rest, in set
    order) dealt one tile at a time from the dealer's left, then ``then`` (the indicator, the
    starter's 15th tile, the stock's top ...), then the rest of the 106 tiles."""
    left = Counter(TILES)
    left.subtract(" ".join(list(hands.values()) + [then]).split())
    assert min(left.values()) >= 0, "more copies than the set has"
    rest = list(left.elements())
    dealt = {}
    for seat in range(players):
        dealt[seat] = hands[seat].split() if seat in hands else [rest.pop(0) for _ in range(14)]
    seats = sorted(dealt, key=lambda s: (s - dealer - 1) % players)
    order = [dealt[s][i] for i in range(14) for s in seats] + then.split()
    return order + rest


# Dealer 0: seat 1 starts, holding 14 tiles in sets; its 15th tile is 7b; 6y is turned (7y is
# the okey).
WINNER = "1k 2k 3k 4k 5r 5b 5y 9r 10r 11r 12r 13b 13y 13k"


def game(hands: dict[int, str], then: str, players: int = 4):
    return new_game(OKEY, players=players, seed=0, dealer=0,
                    deck=stacked(hands, 0, then, players))


def test_the_indicator_names_the_okey_and_the_false_jokers_stand_for_it():
    g = game({1: WINNER}, "6y 7b")
    seen = g.observation(1)
    assert seen["turned"] == "6y"
    faces, rules = OKEY.faces, g.meld_rules
    assert rules.wild_faces == {faces.parse("7y")}
    p = faces.parse_many
    assert rules.meld(p("6y Jk 8y"), p("6y 7y 8y")) is not None        # a false joker: the 7y
    assert rules.meld(p("6k Jk 8k"), p("6k 7k 8k")) is None            # ... and nothing else
    assert rules.meld(p("6k 7y 8k"), p("6k 7k 8k")) is not None        # the okey is wild
    assert g.observation(1)["own_piles"] == [[], [], [], []]


def test_a_false_joker_turned_as_the_indicator_leaves_the_jokers_wild():
    g = game({1: WINNER}, "Jk 7b")
    rules, p = g.meld_rules, OKEY.faces.parse_many
    assert g.observation(1)["turned"] == "Jk" and not rules.wild_faces
    assert rules.meld(p("6k Jk 8k"), p("6k 7k 8k")) is not None


def test_runs_turn_the_corner_at_13_but_not_through_it():
    rules, p = game({1: WINNER}, "6y 7b").meld_rules, OKEY.faces.parse_many
    assert rules.kind_of(p("12r 13r 1r")) == "run" and rules.kind_of(p("1r 2r 3r")) == "run"
    assert rules.kind_of(p("13r 1r 2r")) is None
    assert rules.kind_of(p("7r 7b 7y 7k")) == "group" and rules.kind_of(p("7r 7r 7b")) is None


def test_the_starter_holds_15_tiles_and_may_win_at_once_by_discarding():
    g = game({1: WINNER}, "6y 7b")
    assert g.current_player == 1 and g.observation(1)["hand_sizes"] == [14, 15, 14, 14]
    legal = set(map(str, g.legal_actions()))
    assert "knock 7b" in legal and not any(a.startswith("draw") for a in legal)
    assert "knock 1k" not in legal                      # 1k is needed in the run
    g.apply("knock 7b")
    assert g.scores == [2, 0, 2, 2] and g.hands_played == 1   # each loser scores 2


def test_a_false_joker_completes_a_winning_hand():
    hand = "1k 2k 3k 4k 5r 5b 5y 9r 10r Jk 12r 13b 13y 13k"     # Jk as 11r: 10r is turned
    g = game({1: hand}, "10r 7b")
    assert "knock 7b" in map(str, g.legal_actions())
    g = game({1: hand}, "6y 7b")                                 # Jk is a 7y: no win
    assert not any(str(a).startswith("knock") for a in g.legal_actions())


def test_each_player_discards_onto_their_own_pile_and_draws_from_the_previous_one():
    g = game({1: WINNER}, "6y 7b")
    g.apply("discard 7b")
    assert g.observation(2)["own_piles"] == [[], ["7b"], [], []]
    assert "draw discard" in map(str, g.legal_actions())
    g.apply("draw stock")
    discard = next(a for a in map(str, g.legal_actions()) if a.startswith("discard"))
    g.apply(discard)
    assert g.current_player == 3 and g.seat_view(3).top == OKEY.faces.parse(discard.split()[1])
    g.apply("draw discard")                            # seat 2's tile; seat 1's 7b stays
    assert g.observation(0)["own_piles"][1] == ["7b"] and g.observation(0)["own_piles"][2] == []
    with pytest.raises(IllegalAction, match="already drawn"):
        g.apply("draw discard")


def test_an_empty_stock_draws_the_hand_and_the_deal_moves_on():
    g = game({1: WINNER}, "6y 7b", players=2)
    dealer = g.dealer
    while g.hands_played == 0 and g.dealer == dealer:
        seat = g.current_player
        legal = [str(a) for a in g.legal_actions()]
        move = "draw stock" if "draw stock" in legal else next(
            a for a in legal if a.startswith("discard"))
        if seat == 1 and g.observation(1)["hand_sizes"][1] == 15 and "knock 7b" in legal:
            move = "discard 7b"                         # the starter declines to win
        g.apply(move)
    assert g.hands_played == 0 and g.scores == [0, 0] and g.dealer == 1


def test_the_rl_observation_sees_the_pile_the_seat_draws_from():
    from interpreter.rl.observation import Encoder

    g = game({1: WINNER}, "6y 7b")
    g.apply("discard 7b")
    encoder = Encoder(OKEY, 4, meld_slots=4)
    top = encoder.parts["discard_top"]
    seven_blue = OKEY.faces.parse("7b")
    assert encoder.encode(g, 2)[top.start + seven_blue] == 1          # seat 2 may take it
    assert encoder.encode(g, 3)[top.start + seven_blue] == 0          # seat 3 draws from 2
    assert encoder.encode(g, 3)[encoder.parts["discard"].start + seven_blue] == 1
