"""Each seat's own discard pile (``discard: {to: own_pile}``): a seat discards onto its own
pile, and a draw from the discard pile takes the top of the pile of the seat that played just
before; every pile is seen whole, and a saved game counts the cards in them."""
from __future__ import annotations

import json

import pytest

from interpreter import IllegalAction, SavedGameError, SpecError, State, load_variant, new_game
from interpreter.frontends.rules_sheet import rules_sheet
from tests.test_options_honoured import stacked

OWN = """\
extends: basic_rummy
name: Own piles
deal: {upcard: false}
turn:
  - draw: {from: [stock, discard]}
  - meld: {optional: true}
  - discard: {to: own_pile}
"""
# Three players, dealer 2: seat 0 plays first, then seat 1, then seat 2.
HANDS = {0: "Ah 5c 9d Kc 2s 6h Ts", 1: "2h 6c Td Ks 3s 7h Js", 2: "3h 7c Jd Kh 4s 8h Qs"}
DECK = stacked(HANDS, dealer=2, then="4c 8c Qc")


def variant(tmp_path, change: str = ""):
    """The spec above, or a spec extending it with ``change``."""
    (tmp_path / "own.yaml").write_text(OWN)
    if not change:
        return load_variant(tmp_path / "own.yaml")
    (tmp_path / "bad.yaml").write_text(f"extends: own.yaml\nname: Bad\n{change}")
    return load_variant(tmp_path / "bad.yaml")


def game(tmp_path):
    return new_game(variant(tmp_path), players=3, seed=0, dealer=2, deck=DECK)


def play(g, *actions: str):
    for action in actions:
        g.apply(action)
    return g


def test_each_seat_discards_onto_its_own_pile(tmp_path):
    g = play(game(tmp_path), "draw stock", "discard Ah", "draw stock", "discard 2h")
    seen = g.observation(2)
    assert seen["own_piles"] == [["Ah"], ["2h"], []] and seen["discard"] == []
    assert "draw discard" in map(str, g.legal_actions())       # seat 2 may take seat 1's 2h


def test_a_draw_takes_the_top_of_the_previous_seats_pile(tmp_path):
    g = play(game(tmp_path), "draw stock", "discard Ah", "draw discard", "discard 2h")
    assert g.observation(2)["own_piles"] == [[], ["2h"], []]
    assert "2h" in play(g, "draw discard").observation(2)["hand"]
    # seat 0 draws from seat 2's pile, which is empty; seat 1's Ah is out of its reach
    g = play(game(tmp_path), "draw stock", "discard Ah", "draw stock", "discard 2h",
             "draw stock", "discard 3h")
    assert g.observation(0)["own_piles"] == [["Ah"], ["2h"], ["3h"]]
    assert play(g, "draw discard").observation(0)["hand"].count("3h") == 1


def test_an_empty_pile_to_draw_from_is_refused_with_the_reason(tmp_path):
    g = play(game(tmp_path), "draw stock", "discard Ah", "draw discard", "discard 2h",
             "draw discard", "discard 3h")
    assert g.current_player == 0 and g.observation(0)["own_piles"] == [[], [], ["3h"]]
    empty = game(tmp_path)
    assert "draw discard" not in map(str, empty.legal_actions())
    before = empty.to_json()
    with pytest.raises(IllegalAction, match="the discard pile you draw from is empty"):
        empty.apply("draw discard")
    assert empty.to_json() == before


def test_a_view_sees_the_top_of_the_pile_it_draws_from(tmp_path):
    g = play(game(tmp_path), "draw stock", "discard Ah", "draw stock", "discard 2h")
    faces = g.variant.faces
    assert g.seat_view(2).top == faces.parse("2h") and g.seat_view(0).top is None
    assert g.seat_view(1).discard() == [faces.parse("Ah")]


def test_saved_games_keep_and_count_the_piles(tmp_path):
    g = play(game(tmp_path), "draw stock", "discard Ah", "draw stock", "discard 2h")
    text = g.to_json()
    again = State.from_json(text)
    assert again.observation(2)["own_piles"] == [["Ah"], ["2h"], []]
    doc = json.loads(text)
    piles = doc["state"]["own_piles"]
    piles["2"] = [doc["state"]["hands"][0][0]]             # a card in a hand and a pile
    with pytest.raises(SavedGameError):
        State.from_json(json.dumps(doc))


@pytest.mark.parametrize("change, message", [
    ("deal: {upcard: true}\n", "own piles take no upcard"),
    ("turn:\n  - draw: {from: [stock, discard], depth: true}\n  - meld: {optional: true}\n"
     "  - discard: {to: own_pile}\n", "own piles take no draw.depth"),
])
def test_own_piles_refuse_what_needs_the_one_pile(tmp_path, change, message):
    with pytest.raises(SpecError, match=message):
        variant(tmp_path, change)


def test_the_rules_sheet_says_where_discards_go(tmp_path):
    sheet = " ".join(rules_sheet(variant(tmp_path)).split())
    assert "onto your own discard pile" in sheet and "the player who played just before" in sheet
