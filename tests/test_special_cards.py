"""Special cards (`special_cards: {cards: [...]}`): laid face up at once when dealt or drawn,
replaced from the stock, counted by formulas as ``p.special_cards``; scenarios with explicit
decks over Basic Rummy with the red threes special and worth 100 to the winner."""
from __future__ import annotations

import pytest
from test_options_honoured import stacked

from interpreter import SpecError, State, load_variant, new_game
from interpreter.agents import make_agent

SPEC = """extends: basic_rummy
name: Red threes
special_cards: {cards: [3h, 3d]}
scoring:
  outcomes:
    - outcome: going_out
      winners: "lowest(players)"
      award:
        - {to: winners, points: "sum(o.deadwood for o in losers) + 100 * p.special_cards"}
"""
# Dealer 0: seat 1 is dealt 3d (laid aside, replaced by Ts from the stock); it then draws
# the stock's next card.
HANDS = {1: "9h Th Jh 4c 5c 6c 7s 8s 9s 3d", 0: "Ac 2c 3c Td 2h 7d 8d 9d Jd Qd"}


def game(tmp_path, stock: str, spec: str = SPEC):
    path = tmp_path / "special.yaml"
    path.write_text(spec)
    return new_game(load_variant(path), dealer=0, deck=stacked(HANDS, 0, "Kd " + stock))


def test_a_dealt_special_card_is_laid_aside_at_once_and_replaced(tmp_path):
    g = game(tmp_path, "Ts Kc")
    hand = g.observation(1)["hand"]
    assert "3d" not in hand and "Ts" in hand and len(hand) == 10
    assert g.observation(0)["laid_aside"] == {"1": ["3d"]}      # everyone sees it
    assert g.observation(0)["stock"] == 52 - 21 - 1
    again = State.from_json(g.to_json())                        # each card in one place
    assert again.observation(1)["laid_aside"] == {"1": ["3d"]}


def test_a_drawn_special_card_is_laid_aside_and_replaced_again(tmp_path):
    g = game(tmp_path, "Ts 3h Kc")
    g.apply("draw stock")
    assert g.observation(1)["laid_aside"] == {"1": ["3d", "3h"]}
    hand = g.observation(1)["hand"]
    assert "Kc" in hand and "3h" not in hand and len(hand) == 11


def test_formulas_count_the_special_cards(tmp_path):
    g = game(tmp_path, "Ts Kc")
    g.apply("draw stock")
    g.apply("meld [9h Th Jh] [4c 5c 6c] [7s 8s 9s Ts]")
    g.apply("discard Kc")
    assert g.scores[1] == 62 + 100                              # seat 0's 62, one red three
    plain = game(tmp_path, "Ts Kc", spec=SPEC.replace(" + 100 * p.special_cards", ""))
    for action in ("draw stock", "meld [9h Th Jh] [4c 5c 6c] [7s 8s 9s Ts]", "discard Kc"):
        plain.apply(action)
    assert plain.scores[1] == 62


def test_an_unknown_special_card_is_located(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("extends: basic_rummy\nname: Bad\nspecial_cards: {cards: [3h, 3x]}\n")
    with pytest.raises(SpecError, match=r"bad.yaml:3:\d+: special_cards.cards\[1\]: bad card"):
        load_variant(path)


def test_the_rules_sheet_says_it(tmp_path):
    from interpreter.frontends.rules_sheet import rules_sheet
    path = tmp_path / "special.yaml"
    path.write_text(SPEC)
    assert "Special cards (3h 3d)" in rules_sheet(load_variant(path))


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_with_special_cards_to_the_end(tmp_path, bot):
    path = tmp_path / "special.yaml"
    path.write_text(SPEC)
    v, laid = load_variant(path), 0
    for seed in range(3):
        g = new_game(v, seed=seed, players=3)
        agents = [make_agent(bot, seed * 10 + s) for s in range(3)]
        for _ in range(3000):
            if g.is_terminal:
                break
            g.apply(agents[g.current_player].act(g))
            laid += sum(map(len, g.laid_aside.values()))
        assert g.is_terminal
    assert laid


# ---- reserve hands (deal.reserve) ---------------------------------------------------------
RESERVE_SPEC = """extends: basic_rummy
name: Reserve
deal: {reserve: {hands: 2, size: 3}}
scoring:
  outcomes:
    - outcome: going_out
      winners: "lowest(players)"
      award:
        - {to: winners, points: "sum(o.deadwood for o in losers) + (100 if p.took_reserve else 0)"}
"""
# Dealer 0: after the upcard Kd the first reserve is Qc Qd Qs, the second 2s 3s 4s; then the
# stock gives seat 1 its draw.
OUT_HANDS = {1: "9h Th Jh 4c 5c 6c 7s 8s 9s Kc", 0: "Ac 2c 3c Td 2h 7d 8d 9d Jd Kh"}


def reserve_game(tmp_path, hands: dict[int, str], stock: str):
    path = tmp_path / "reserve.yaml"
    path.write_text(RESERVE_SPEC)
    deck = stacked(hands, 0, "Kd Qc Qd Qs 2s 3s 4s " + stock)
    return new_game(load_variant(path), dealer=0, deck=deck)


def test_reserve_hands_are_dealt_face_down_from_the_stock(tmp_path):
    g = reserve_game(tmp_path, OUT_HANDS, "Ts")
    seen = g.observation(0)
    assert seen["reserves"] == [3, 3] and seen["took_reserve"] == []
    assert seen["stock"] == 52 - 21 - 6
    assert "Qc" not in str(seen) and "2s" not in str(g.observation(1))    # hidden
    again = State.from_json(g.to_json())                      # each card in one place
    assert again.reserves == g.reserves


def test_running_out_by_melding_takes_a_reserve_and_plays_on(tmp_path):
    hands = {1: "9h Th Jh 4c 5c 6c 7s 8s 9s Ts", 0: OUT_HANDS[0]}
    g = reserve_game(tmp_path, hands, "Qh")
    g.apply("draw stock")
    g.apply("meld [9h Th Jh Qh] [4c 5c 6c] [7s 8s 9s Ts]")
    assert g.current_player == 1 and g.went_out is None
    assert sorted(g.observation(1)["hand"]) == ["Qc", "Qd", "Qs"]
    assert g.observation(0)["reserves"] == [3] and g.observation(0)["took_reserve"] == [1]
    assert g.is_legal("discard Qs")


def test_running_out_by_discarding_takes_a_reserve_for_the_next_turn_then_going_out_ends(
        tmp_path):
    g = reserve_game(tmp_path, OUT_HANDS, "Ts 5d 6d")
    for action in ("draw stock", "meld [9h Th Jh] [4c 5c 6c] [7s 8s 9s Ts]", "discard Kc"):
        g.apply(action)
    assert g.current_player == 0 and sorted(g.observation(1)["hand"]) == ["Qc", "Qd", "Qs"]
    g.apply("draw stock")                                     # seat 0 draws 5d, throws it
    g.apply("discard 5d")
    g.apply("draw stock")                                     # seat 1 draws 6d
    g.apply("meld [9h Th Jh] [4c 5c 6c] [7s 8s 9s Ts] [Qc Qd Qs]")
    hands_before = g.hands_played
    g.apply("discard 6d")                                     # out again: the hand ends
    assert g.hands_played == hands_before + 1
    assert g.scores[1] == 62 + 100          # seat 0's cards, 100 for the reserve taken


def test_the_deck_must_hold_the_reserves(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("extends: basic_rummy\nname: Big\ndeal: {reserve: {hands: 2, size: 30}}\n")
    with pytest.raises(SpecError, match="and 60 reserve cards need"):
        load_variant(path)


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_with_reserve_hands_to_the_end(tmp_path, bot):
    path = tmp_path / "reserve.yaml"
    path.write_text(RESERVE_SPEC)
    v, taken = load_variant(path), 0
    for seed in range(3):
        g = new_game(v, seed=seed, players=3)
        agents = [make_agent(bot, seed * 10 + s) for s in range(3)]
        for _ in range(3000):
            if g.hands_played:
                break
            g.apply(agents[g.current_player].act(g))
            taken += len(g.took_reserve)
        assert g.hands_played
    assert taken


def test_terminal_play_shows_special_cards_and_reserves(capsys, monkeypatch):
    import io
    import sys

    from interpreter.frontends.cli import main
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 6))
    assert main(["play", "basic_rummy_whole_pile", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "seat 1 laid aside 3h   reserve hands left: 2" in out
    assert "discard pile (bottom to top): " in out               # the whole pile is shown
