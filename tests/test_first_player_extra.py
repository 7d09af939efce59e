"""The first player's extra cards (``deal.first_player_extra``): dealt from the stock after
the deal, and that player's first turn starts after the draw (as the Okey starter, who holds
15 tiles and begins by discarding)."""
from __future__ import annotations

from interpreter import State, load_variant, new_game
from interpreter.frontends.rules_sheet import rules_sheet
from tests.test_options_honoured import stacked

EXTRA = """\
extends: basic_rummy
name: Extra card
deal: {upcard: false, first_player_extra: 1}
"""
# Three players, dealer 2: seat 0 plays first; the stock's top (4c) is its extra card.
HANDS = {0: "Ah 5c 9d Kc 2s 6h Ts", 1: "2h 6c Td Ks 3s 7h Js", 2: "3h 7c Jd Kh 4s 8h Qs"}
DECK = stacked(HANDS, dealer=2, then="4c 8c Qc")


def game(tmp_path):
    path = tmp_path / "extra.yaml"
    path.write_text(EXTRA)
    return new_game(load_variant(path), players=3, seed=0, dealer=2, deck=DECK)


def test_the_first_player_holds_one_more_and_starts_without_drawing(tmp_path):
    g = game(tmp_path)
    assert g.observation(0)["hand_sizes"] == [8, 7, 7] and "4c" in g.observation(0)["hand"]
    legal = set(map(str, g.legal_actions()))
    assert "discard 4c" in legal and not any(a.startswith("draw") for a in legal)
    g.apply("discard 4c")
    assert g.current_player == 1 and "draw stock" in map(str, g.legal_actions())
    assert g.observation(1)["hand_sizes"] == [7, 7, 7]


def test_a_saved_first_turn_resumes_at_the_discard(tmp_path):
    g = game(tmp_path)
    again = State.from_json(g.to_json())
    assert again.legal_actions() == g.legal_actions()


def test_every_hand_gives_its_first_player_the_extra_card(tmp_path):
    g = game(tmp_path)
    first = g.current_player
    while g.hands_played == 0 and not g.is_terminal:
        g.apply(g.legal_actions()[0])
    if not g.is_terminal:
        seat = g.current_player
        assert seat != first and g.observation(seat)["hand_sizes"][seat] == 8
        assert not any(str(a).startswith("draw") for a in g.legal_actions())


def test_the_rules_sheet_says_it(tmp_path):
    path = tmp_path / "extra.yaml"
    path.write_text(EXTRA)
    sheet = " ".join(rules_sheet(load_variant(path)).split())
    assert "The first player is dealt 1 more card from the stock and starts the hand without " \
           "drawing." in sheet
