"""A dealt hand that wins at once (``deal: {instant_win: {when, outcome}}``): scenarios with
explicit decks on a house rule over Basic Rummy (a dealt hand of melds only scores double)."""
from __future__ import annotations

import pytest
import yaml
from gameplay import FULL_DECK

from interpreter import load_variant, new_game
from interpreter.engine import Phase
from interpreter.errors import SpecError
from interpreter.frontends.rules_sheet import rules_sheet

DEALT_RUMMY = {
    "extends": "basic_rummy", "name": "Dealt rummy",
    "deal": {"instant_win": {"when": "deadwood == 0", "outcome": "dealt_rummy"}},
    "scoring": {"outcomes": [
        {"outcome": "dealt_rummy", "when": "false",
         "award": [{"to": "winners", "points": "2 * sum(o.deadwood for o in losers)"}]},
        {"outcome": "going_out",
         "award": [{"to": "winners", "points": "sum(o.deadwood for o in losers)"}]}]},
    "params": {"game_to": 500}}
PLAIN = "5h 6h 8s Tc Jc 2d 3d"


def variant(tmp_path, spec=DEALT_RUMMY):
    path = tmp_path / "dealt.yaml"
    path.write_text(yaml.safe_dump(spec))
    return load_variant(path)


def deck(hand1: str, hand2: str = PLAIN, hand0: str = "Ad 9c Ts Ks 4s 5s Kd") -> list[str]:
    """Three players, dealer 0: seats 1, 2, 0 are dealt one card at a time."""
    hands = {1: hand1.split(), 2: hand2.split(), 0: hand0.split()}
    order = [hands[s][i] for i in range(7) for s in (1, 2, 0)]
    return order + [c for c in FULL_DECK if c not in order]


def test_a_dealt_hand_of_melds_wins_at_once_scored_by_the_named_row(tmp_path):
    g = new_game(variant(tmp_path), players=3, deck=deck("2c 3c 4c 7c 7d 7h 7s"), dealer=0)
    (record,) = g.history
    assert record["outcome"] == "dealt_rummy" and record["winners"] == [1]
    assert record["turns"] == 0
    others = (5 + 6 + 8 + 10 + 10 + 2 + 3) + (1 + 9 + 10 + 10 + 4 + 5 + 10)
    assert record["points"] == [0, 2 * others, 0]
    assert g.deals == 2 and g.phase is Phase.TURN        # the next hand is dealt and played


def test_the_first_player_in_turn_order_wins_when_several_are_dealt_one(tmp_path):
    g = new_game(variant(tmp_path), players=3, dealer=0,
                 deck=deck("2c 3c 4c 7c 7d 7h 7s", hand2="9d Td Jd Qd Kd 5s 5h",
                           hand0="Ad 9c Ts Ks 4s 6s Ac"))
    assert g.history[0]["winners"] == [1]


def test_an_ordinary_deal_is_played(tmp_path):
    g = new_game(variant(tmp_path), players=3, deck=deck("2c 3c 4c 7c 7d 7h 9s"), dealer=0)
    assert not g.history and g.phase is Phase.TURN and g.current_player == 1


def test_an_instant_win_can_end_the_match(tmp_path):
    spec = {**DEALT_RUMMY, "params": {"game_to": 50}}
    g = new_game(variant(tmp_path, spec), players=3, deck=deck("2c 3c 4c 7c 7d 7h 7s"), dealer=0)
    assert g.is_terminal and g.winners() == [1] and len(g.history) == 1


def test_every_deal_winning_stops_at_the_guard_without_recursion(tmp_path):
    spec = {**DEALT_RUMMY, "deal": {"instant_win": {"when": "true", "outcome": "dealt_rummy"}},
            "scoring": {"outcomes": [{"outcome": "dealt_rummy", "when": "false", "award": []},
                                     {"outcome": "going_out", "award": []}]},
            "match": {"stop_after_deals": 1000}}
    g = new_game(variant(tmp_path, spec), players=3, seed=1)
    assert g.is_terminal and g.stopped and len(g.history) == 1000


def test_the_named_row_must_exist(tmp_path):
    spec = {**DEALT_RUMMY, "deal": {"instant_win": {"when": "deadwood == 0", "outcome": "dealt"}}}
    with pytest.raises(SpecError, match=r"deal.instant_win.outcome: no outcome row named 'dealt'"):
        variant(tmp_path, spec)


def test_the_rules_sheet_says_it(tmp_path):
    text = " ".join(rules_sheet(variant(tmp_path)).split())
    assert "A dealt hand wins at once when deadwood == 0" in text
    assert "scored as dealt_rummy" in text
