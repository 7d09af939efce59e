"""table.opening.contract_by: progress: each player works through the contracts at their own
pace (Phase 10 style), on Contract Rummy's table (three players, dealer 0, seat 1 first)."""
from __future__ import annotations

import copy

import pytest
from test_rules_contract_rummy import HANDS, draw_stock, game

from interpreter import IllegalAction, SpecError, load_variant
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.melds.needs import Need
from interpreter.spec.resolved import variant_from_spec
from interpreter.steps.table_melds import opening


def by_progress(**opening_options):
    spec = copy.deepcopy(load_variant("contract_rummy").spec)
    spec["table"]["opening"].update(contract_by="progress", all_cards="false", **opening_options)
    return variant_from_spec(spec, "progress.yaml")


PROGRESS = by_progress()
OUT = {1: "7c 7c 7d 7h 7s 9c 9d 9h 9s 9d", 2: HANDS[2], 0: HANDS[0]}


def second_hand(variant):
    """Seat 1 goes down with its two groups and out; the second hand is dealt."""
    g = game(OUT, then="4d 2s", variant=variant)
    draw_stock(g)
    g.apply("meld [7c 7c 7d 7h 7s] [9c 9d 9d 9h 9s]")
    g.apply("discard 2s")
    return g


def test_a_player_moves_on_only_by_laying_their_contract():
    g = second_hand(PROGRESS)
    assert g.deals == 2 and g.contracts_done == {1: 1}
    assert opening(g, 1).needs == (Need("group"), Need("run"))      # contract 2
    assert opening(g, 2).needs == opening(g, 0).needs == (Need("group", 2),)   # still 1
    assert g.observation(0)["contracts"] == [1, 2, 1]


def test_by_round_everyone_lays_the_hands_contract():
    g = second_hand(load_variant("contract_rummy"))
    assert opening(g, 2).needs == (Need("group"), Need("run"))
    assert "contracts" not in g.observation(0)


def test_an_opening_lays_the_players_own_contract():
    g = game(variant=PROGRESS)
    assert g.observation(1)["contracts"] == [1, 1, 1]
    draw_stock(g)
    with pytest.raises(IllegalAction, match="2 groups"):
        g.apply("meld [7c 7d 7h]")
    g.apply("meld [7c 7d 7h] [9c 9d 9s]")
    assert g.contracts_done == {1: 1} and g.observation(2)["contracts"] == [1, 2, 1]


def test_formulas_read_contracts_done(tmp_path):
    spec = copy.deepcopy(PROGRESS.spec)
    spec["match"]["ends_when"] = "any(p.contracts_done >= 1 for p in players)"
    g = second_hand(variant_from_spec(spec, "ends.yaml"))
    assert g.is_terminal and g.deals == 1


def test_progress_needs_each_players_own_opening():
    with pytest.raises(SpecError, match="first_meld_of_each_player"):
        by_progress(applies_to="first_meld_of_round")


def test_the_rules_sheet_says_so():
    sheet = rules_sheet(PROGRESS)
    assert "Each player works through the contracts in order" in sheet
    assert "contract 7 and after:" in sheet
