"""Basic Rummy with a long-meld bonus (variants/basic_rummy_long_meld_bonus.yaml): a bonus for
each meld of 5+ cards (natural 50, mixed 25) and going out only with one; explicit decks."""
from __future__ import annotations

import pytest
from test_options_honoured import stacked

from interpreter import IllegalAction, load_variant, new_game
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.model.views import PlayerView

LONG = load_variant("basic_rummy_long_meld_bonus")
# Basic Rummy with two jokers, dealer 0: seat 1 plays first. Upcard Qs, then the stock:
# 4c (seat 1), Ks (seat 0), 9h (seat 1).
SEAT1 = "Jk 5h 6h 7h 9c 9d 9s 2c 3c Kd"
SEAT0 = "Ac 4h 5d 6s 8s Tc Jc Qh Th Js"
DECK = stacked({1: SEAT1, 0: SEAT0}, dealer=0, then="Qs 4c Ks 9h", jokers=1) + ["Jk"]
FIRST_MELDS = "meld [5h 6h 7h Jk(8h)] [9c 9d 9s]"


def game(variant=LONG):
    return new_game(variant, deck=DECK, dealer=0)


def melds(g, seat: int) -> list[tuple]:
    return [(m.kind, m.size, m.wilds, m.natural, m.mixed, m.clean, m.dirty, m.points)
            for m in PlayerView(g, seat).melds]


def spec(tmp_path, text: str):
    path = tmp_path / "house.yaml"
    path.write_text(text)
    return load_variant(path)


def test_going_out_without_a_long_meld_is_refused_and_not_listed():
    g = game()
    g.apply("draw stock")
    g.apply(FIRST_MELDS)                                    # left: 2c 3c 4c Kd
    out = "meld [5h 6h 7h Jk(8h)] [9c 9d 9s] [2c 3c 4c]"     # would leave only Kd
    assert out not in map(str, g.legal_actions())
    before = g.to_json()
    with pytest.raises(IllegalAction, match=r"would leave only a card to discard, going out: "
                       r"you may go out \(play your last card\) only if: count\(m for m in "
                       r"me.melds if m.size >= long_meld\) >= 1"):
        g.apply(out)
    assert g.to_json() == before
    assert "meld [5h 6h 7h Jk(8h)] [9c 9d 9s] [2c 3c 4c]" not in map(str, g.legal_actions())
    g.apply("discard Kd")
    assert g.current_player == 0


def test_going_out_with_a_long_meld_scores_the_bonus_per_long_meld():
    g = game()
    for action in ("draw stock", FIRST_MELDS, "discard Kd", "draw stock", "discard Ks",
                   "draw stock"):                                          # seat 1: 9h
        g.apply(action)
    grown = "meld [5h 6h 7h Jk(8h) 9h] [9c 9d 9s]"
    out = f"{grown} [2c 3c 4c]"
    assert out not in map(str, g.legal_actions())     # (the 9h is not laid off yet)
    g.apply(grown)
    assert melds(g, 1)[0][:3] == ("run", 5, 1)
    assert out in map(str, g.legal_actions())
    g.apply(out)                                            # out, with a mixed long meld
    (record,) = g.history
    deadwood0 = 1 + 4 + 5 + 6 + 8 + 10 + 10 + 10 + 10 + 10
    assert record["outcome"] == "going_out" and record["winners"] == [1]
    assert record["points"] == [0, deadwood0 + 25]          # mixed_bonus, nothing for seat 0


def test_a_natural_long_meld_scores_the_natural_bonus(tmp_path):
    natural = spec(tmp_path, "extends: basic_rummy_long_meld_bonus\nname: natural\n"
                             "params: {long_meld: 3}\n")
    g = game(natural)
    g.apply("draw stock")
    g.apply(FIRST_MELDS)
    g.apply("meld [5h 6h 7h Jk(8h)] [9c 9d 9s] [2c 3c 4c]")     # long melds now: 3+ cards
    g.apply("discard Kd")                                         # out by the discard
    (record,) = g.history
    assert record["points"] == [0, 74 + 25 + 50 + 50]             # one mixed, two natural


def test_the_rules_sheet_says_when_a_player_may_go_out():
    sheet = " ".join(rules_sheet(LONG).split())
    assert ("A player may go out only if: count(m for m in me.melds if m.size >= long_meld) "
            ">= 1 (as the table would be after the move); until then no meld may leave them "
            "without a card to keep after their discard.") in sheet


def test_every_player_scores_the_bonus_for_their_own_long_melds():
    g = new_game(LONG, dealer=0, deck=stacked(
        {1: SEAT1, 0: "Ac 4d 5d 6d 7d 8d Tc Jc Qh Th"}, dealer=0, then="Qs 4c Ks 9h",
        jokers=1) + ["Jk"])
    for action in ("draw stock", FIRST_MELDS, "discard Kd", "draw stock",
                   "meld [5h 6h 7h Jk(8h)] [9c 9d 9s] [4d 5d 6d 7d 8d]", "discard Ks",
                   "draw stock", "meld [5h 6h 7h Jk(8h) 9h] [9c 9d 9s] [4d 5d 6d 7d 8d]"):
        g.apply(action)
    assert g.table_owners == [1, 1, 0]
    g.apply("meld [5h 6h 7h Jk(8h) 9h] [9c 9d 9s] [4d 5d 6d 7d 8d] [2c 3c 4c]")     # out
    (record,) = g.history
    assert record["winners"] == [1]
    assert record["points"] == [50, 1 + 10 * 4 + 25]        # natural for seat 0, mixed for 1
