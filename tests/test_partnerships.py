"""The ``partnerships`` section: teams by seating, refused player counts, the team names
formulas read, one score per team, returns zero-sum between teams."""
from __future__ import annotations

import pytest
import yaml
from gameplay import play
from test_options_honoured import stacked
from test_rules_partnership_gin import JUNK_77, KINGS_NINES, KNOCK_2, SMALL

from interpreter import IllegalAction, SpecError, load_variant, new_game
from interpreter.agents.ismcts import IsmctsAgent
from interpreter.agents.strong import _Table
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.model.views import round_env


def house(tmp_path, change: dict, base: str = "partnership_gin"):
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"extends": base, "name": "House", **change}))
    return load_variant(path)


@pytest.mark.parametrize("how, players, teams", [
    ("across", 4, ((0, 2), (1, 3))),
    ("across", 6, ((0, 3), (1, 4), (2, 5))),
    ("alternate", 6, ((0, 2, 4), (1, 3, 5))),
    ([[0, 1], [2, 3, 4, 5]], 6, ((0, 1), (2, 3, 4, 5))),
])
def test_teams_follow_the_seating(tmp_path, how, players, teams):
    v = house(tmp_path, {"players": {"min": players, "max": players},
                         "deal": {"hand_size": 7}, "partnerships": {"teams": how}})
    assert v.partnerships.of(players) == teams
    g = new_game(v, players, seed=1)
    assert g.observation(0)["teams"] == [list(t) for t in teams]


@pytest.mark.parametrize("how, players, message", [
    ("across", (4, 5), "across teams need 4, 6 or 8 players, not 5 players"),
    ("alternate", (2, 4), "alternate teams need an even number of players, at least 4, not 2"),
    ([[0, 1], [2]], (4, 4), "the teams must hold each seat 0-3 exactly once"),
    ([[0, 1], [2, 3]], (4, 6), "for a variant with one player count"),
])
def test_a_player_count_the_teams_cannot_seat_is_a_located_error(tmp_path, how, players,
                                                                    message):
    with pytest.raises(SpecError) as caught:
        house(tmp_path, {"players": {"min": players[0], "max": players[1]},
                         "deal": {"hand_size": 7}, "partnerships": {"teams": how}})
    text = str(caught.value)
    assert message in text and "house.yaml:" in text and "partnerships.teams" in text


def test_formulas_read_a_players_team_partners_and_rivals():
    g = new_game("partnership_gin", 4, seed=0)
    env = round_env(g, None)
    p1 = next(p for p in env["players"] if p.seat == 1)
    assert [p.seat for p in p1.team] == [1, 3]
    assert [p.seat for p in p1.partners] == [3]
    assert [p.seat for p in p1.rivals] == [0, 2]
    assert p1.team[1] == p1.partners[0] and p1.team[1] in env["players"]


def test_without_partnerships_each_player_is_a_team_of_one():
    g = new_game("gin", 2, seed=0)
    env = round_env(g, None)
    p0 = next(p for p in env["players"] if p.seat == 0)
    assert [p.seat for p in p0.team] == [0] and p0.partners == ()
    assert [p.seat for p in p0.rivals] == [1]
    assert g.seat_view(0).teams == ((0,), (1,)) and "teams" not in g.observation(0)


def test_an_award_to_both_partners_pays_their_team_once(tmp_path):
    """An award naming every player pays each team once, p being its first member named,
    and the team's members share the total."""
    v = house(tmp_path, {"scoring": {"mode": "points", "outcomes": [
        {"outcome": "all", "winners": "players",
         "award": [{"to": "players", "points": "10 + p.seat"}]}]}})
    deck = stacked({0: KNOCK_2, 1: JUNK_77, 2: KINGS_NINES, 3: SMALL}, dealer=3, then="4c")
    g = new_game(v, 4, deck=deck, dealer=3)
    play(g, "take", "knock Kd", "spread", "spread", "spread", "spread")
    assert g.history[-1]["points"] == [10, 11, 10, 11]
    assert g.scores == [10, 11, 10, 11]


def test_returns_are_zero_sum_between_teams(tmp_path):
    v = house(tmp_path, {"players": {"min": 6, "max": 6}, "deal": {"hand_size": 7},
                         "partnerships": {"teams": "across"}})
    g = new_game(v, 6, seed=0)
    g.totals[:] = [30, 0, 6, 30, 0, 6]
    assert g.returns() == [18.0, -12.0, -6.0, 18.0, -12.0, -6.0]


def test_search_values_a_simulation_by_the_teams_gain():
    g = new_game("partnership_gin", 4, seed=0)
    g.totals[:] = [10, 0, 10, 0]                 # returns: 5, -5, 5, -5
    assert IsmctsAgent._value(g, [0.0] * 4, -1, 0) == 10.0
    assert IsmctsAgent._value(g, [0.0] * 4, -1, 3) == -10.0


def test_the_strong_bot_is_wary_of_the_rivals_takes_not_its_partners():
    deck = stacked({0: KNOCK_2, 1: JUNK_77, 2: KINGS_NINES, 3: SMALL}, dealer=3, then="4c")
    g = new_game("partnership_gin", 4, deck=deck, dealer=3)
    play(g, "take")                              # seat 0 is known to hold the 4c
    four_clubs = g.variant.faces.parse("4c")
    assert four_clubs not in _Table(g.seat_view(2)).taken
    assert four_clubs in _Table(g.seat_view(1)).taken


# basic rummy at four, dealer 3: seat 0 opens with 9h Th Jh, seat 1 (a rival) with 5c 5d 5h,
# then seat 2 (seat 0's partner) holds 8h, which extends the partner's run.
TABLE_HANDS = {0: "9h Th Jh 2c 4d 6s 8c", 1: "5c 5d 5h Qh 2d 3s Kc",
               2: "8h Ac 3d 7c 9s Js Ks", 3: "2h 4h 6c 7d Td Qs Kd"}
TEAM_TABLE = stacked(TABLE_HANDS, dealer=3, then="As 2s 3h 4s 6d")


def team_table(tmp_path, opening: str):
    v = house(tmp_path, {"players": {"min": 4, "max": 4},
                         "partnerships": {"teams": "across", "opening": opening},
                         "table": {"layoff_onto": "own", "opening": {
                             "applies_to": "first_meld_of_each_player", "complete_melds": 1}}},
              base="basic_rummy")
    g = new_game(v, 4, deck=TEAM_TABLE, dealer=3)
    play(g, "draw stock", "meld [9h Th Jh]", "discard 8c",
         "draw stock", "meld [9h Th Jh] [5c 5d 5h]")
    return g


@pytest.mark.parametrize("opening, partner_may_extend", [("team", True), ("player", False)])
def test_a_team_owns_its_table_melds_and_may_open_as_a_team(tmp_path, opening,
                                                           partner_may_extend):
    g = team_table(tmp_path, opening)
    with pytest.raises(IllegalAction, match="only its owner's team may lay off onto it"):
        g.apply("meld [9h Th Jh Qh] [5c 5d 5h]")            # a rival's layoff
    play(g, "discard Kc", "draw stock")
    melds = [str(a) for a in g.legal_actions() if a.kind == "meld"]
    assert ("meld [8h 9h Th Jh] [5c 5d 5h]" in melds) is partner_may_extend
    assert g.is_legal("meld [8h 9h Th Jh] [5c 5d 5h]") is partner_may_extend


# basic rummy at four, dealer 3: seat 0 draws 5s and could meld every card (going out).
OUT_HANDS = {0: "9h Th Jh Qh 5c 5d 5h", 1: "2c 4d 6s 8c Ac 3d 7c",
             2: "9s Js Ks 2h 4h 6c 7d", 3: "Td Qs Kd 3s 8h Kc Qd"}
GOING_OUT = stacked(OUT_HANDS, dealer=3, then="As 5s")
FOURS = "meld [5c 5d 5h 5s]"
ALL_OUT = "meld [5c 5d 5h 5s] [9h Th Jh Qh]"


@pytest.mark.parametrize("when, may", [("true", True),
                                       ("any(o.opened for o in me.partners)", False)])
def test_going_out_may_need_a_team_condition(tmp_path, when, may):
    v = house(tmp_path, {"players": {"min": 4, "max": 4}, "partnerships": {"teams": "across"},
                         "round_end": {"may_go_out_when": when}}, base="basic_rummy")
    g = new_game(v, 4, deck=GOING_OUT, dealer=3)
    play(g, "draw stock", FOURS)                               # 4 cards left
    melds = [str(a) for a in g.legal_actions() if a.kind == "meld"]
    assert (ALL_OUT in melds) is may and g.is_legal(ALL_OUT) is may
    assert ("meld [5c 5d 5h 5s] [9h Th Jh]" in melds) is may   # 1 left: none to discard
    if not may:
        with pytest.raises(IllegalAction, match="only if: any"):
            g.apply(ALL_OUT)
        assert "may go out only if: any(o.opened for o in me.partners)" in \
            " ".join(rules_sheet(v).split())


def test_a_hand_won_by_one_partner_is_won_by_the_team(tmp_path):
    v = house(tmp_path, {"scoring": {"mode": "points", "outcomes": [
        {"outcome": "knocked", "winners": "knocker",
         "award": [{"to": "winners", "points": "sum(p.rivals.deadwood)"}]}]}})
    deck = stacked({0: KNOCK_2, 1: JUNK_77, 2: KINGS_NINES, 3: SMALL}, dealer=3, then="4c")
    g = new_game(v, 4, deck=deck, dealer=3)
    play(g, "take", "knock Kd", "spread", "spread", "spread", "spread")
    assert g.history[-1]["winners"] == [0]
    assert g.rounds_won == [1, 0, 1, 0] and g.scores == [116, 0, 116, 0]
