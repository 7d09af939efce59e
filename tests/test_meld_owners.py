"""Meld ownership on a shared table: who laid each meld, layoffs onto anyone's melds or one's
own only (table.layoff_onto), rearranging one's own melds only (table.rearrange)."""
from __future__ import annotations

import pytest
from test_options_honoured import TABLE_DECK, stacked

from interpreter import IllegalAction, State, load_variant, new_game
from interpreter.model.views import round_env

# Basic Rummy, dealer 0: seat 1 melds Ah 2h 3h, seat 0 holds 4h (and 5c 6c for a layoff later).
DECK = stacked({1: "Ah 2h 3h 7c 7d 8h 9d Td Jd Kc", 0: "4h 5c 6c 7s 9s Tc Jc Qh 2s 3s"}, 0,
               "Kd Qs Ks")
FIRST = ("draw stock", "meld [Ah 2h 3h]", "discard Qs", "draw stock")


def variant(tmp_path, base: str, table: str):
    path = tmp_path / "owners.yaml"
    path.write_text(f"extends: {base}\nname: Owners\ntable: {table}\n")
    return load_variant(path)


def test_a_layoff_onto_another_players_meld_counts_for_the_one_who_laid_it():
    g = new_game(load_variant("basic_rummy"), deck=DECK, dealer=0)
    for action in FIRST:
        g.apply(action)
    assert g.table_owners == [1]
    g.apply("meld [Ah 2h 3h 4h]")
    assert g.table_owners == [1]                              # still seat 1's meld
    assert g.table_points == {1: 1 + 2 + 3, 0: 4}            # the 4h counts for seat 0
    players = round_env(g, None)["players"]
    assert {p.seat: (p.melded_points, p.laid_off) for p in players} == {0: (4, 1), 1: (6, 0)}
    again = State.from_json(g.to_json())
    assert again.table_owners == [1]


def test_own_only_layoffs_refuse_a_layoff_onto_another_players_meld(tmp_path):
    deck = stacked({1: "Ah 2h 3h 7s 7d 8h 9d Td Jd 8c", 0: "4h 5c 6c 7c 9s Tc Jc Qh 2s 3s"}, 0,
                   "Kd Qs Ks")
    g = new_game(variant(tmp_path, "basic_rummy", "{layoff_onto: own}"), deck=deck, dealer=0)
    for action in FIRST:
        g.apply(action)
    assert "meld [Ah 2h 3h 4h]" not in map(str, g.legal_actions())
    with pytest.raises(IllegalAction, match="seat 1's: only its owner may lay off onto it"):
        g.apply("meld [Ah 2h 3h 4h]")
    g.apply("meld [Ah 2h 3h] [5c 6c 7c]")                  # a meld of one's own is fine
    g.apply("discard Ks")
    g.apply("draw stock")
    assert g.observation(1)["table_owners"] == [1, 0]
    assert not g.is_legal("meld [Ah 2h 3h] [5c 6c 7c 8c]")  # seat 0's run: not for seat 1
    g.apply("end" if g.is_legal("end") else "discard 8c")


def test_rearranging_only_ones_own_melds(tmp_path):
    v = variant(tmp_path, "carousel", "{rearrange: own}")
    g = new_game(v, deck=TABLE_DECK, dealer=0)
    for action in ("draw stock", "meld [3h 4h 5h 6h]", "end", "draw stock"):
        g.apply(action)
    with pytest.raises(IllegalAction, match="seat 1's: only its owner may rearrange it"):
        g.apply("meld [3h 4h 5h] [6h 6c 6d]")               # takes 6h out of seat 1's run
    g.apply("meld [3h 4h 5h 6h 7h]")                         # laying off is still allowed
    assert g.table_owners == [1]
    g2 = new_game(load_variant("carousel"), deck=TABLE_DECK, dealer=0)
    for action in ("draw stock", "meld [3h 4h 5h 6h]", "end", "draw stock"):
        g2.apply(action)
    g2.apply("meld [3h 4h 5h] [6h 6c 6d]")                   # by default anyone may
    assert g2.table_owners == [1, 0]
