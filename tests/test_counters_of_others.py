"""counters.<name>.of: a counter updated by other players' actions (Basic Rummy, three players,
dealer 0: seats 1, 2, 0 play in that order)."""
from __future__ import annotations

import copy

from test_options_honoured import stacked

from interpreter import load_variant, new_game
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.spec.resolved import variant_from_spec

DRAWN = {"update": {"draw_discard": "value + 1"}}


def counting():
    spec = copy.deepcopy(load_variant("basic_rummy").spec)
    spec["counters"] = {"mine": DRAWN, "others_took": {**DRAWN, "of": "others"},
                        "taken_from_me": {**DRAWN, "of": "next_player"}}
    return variant_from_spec(spec, "counting.yaml")


DECK = stacked({1: "Ah 2h 3h 7c 7d 8h 9d", 2: "4h 5c 6c 7s 9s Tc Jc", 0: "Kd Qs Ks 2c 3c 4c 5d"},
               dealer=0, then="Qh Jh Th 9h")


def test_a_draw_from_the_discard_pile_counts_for_the_drawer_the_others_and_the_discarder():
    g = new_game(counting(), players=3, dealer=0, deck=DECK)
    g.apply("draw discard")                          # seat 1 takes the upcard
    g.apply("discard 9d")
    g.apply("draw discard")                          # seat 2 takes seat 1's discard
    assert g.counters["mine"] == [0, 1, 1]
    assert g.counters["others_took"] == [2, 1, 1]    # each saw the other's draw
    assert g.counters["taken_from_me"] == [1, 1, 0]  # seat 0 (before seat 1), seat 1


def test_the_rules_sheet_says_whose_actions_count():
    sheet = " ".join(rules_sheet(counting()).split())
    assert "(by any other player's actions)" in sheet
    assert "(by the actions of the player who plays after its owner)" in sheet
