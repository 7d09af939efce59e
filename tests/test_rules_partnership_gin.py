"""Rule scenarios for Partnership Gin (variants/partnership_gin.yaml): four players at one
table, seats 0+2 against 1+3, each hand scored team against team on the partners' deadwood
added together.

Every scenario deals from an explicit deck (``stacked``), dealer 3, so seat 0 is offered the
upcard first and plays first.
"""
from __future__ import annotations

from gameplay import play
from test_options_honoured import stacked

from interpreter import load_variant, new_game
from interpreter.agents import make_agent

PG = load_variant("partnership_gin")

KNOCK_2 = "Ah 2h 3h 7c 7d 7s 4s 4d 2c Kd"       # + 4c upcard, knock Kd: deadwood 2c = 2
GIN_4C = "Ah 2h 3h 7c 7d 7s 4s 4d 4h Kd"        # + 4c upcard, knock Kd: gin
JUNK_77 = "Qh Qd Jc Jd 9c 8d 5s 3c 2d Th"       # no meld, nothing to lay off: 77
KINGS_NINES = "Kc Kh Ks Qc Qs 9d 9s 9h 5d 3s"   # KKK 999, deadwood Qc Qs 5d 3s: 28
LOW_5 = "Kc Kh Ks Qc Qd Qs 9c 9d 9s 5d"         # KKK QQQ 999, deadwood 5d: 5
JUNK_75 = "Tc Jc 2d 8d Qh 9h 3s 5s 8s Js"       # no meld, nothing to lay off: 75
SMALL = "Ac 2s 6h 6s 8c Td Jh 3d 5h 6c"         # 666, deadwood 1+2+8+10+10+3+5 = 39


def game(hands: dict[int, str]):
    return new_game(PG, 4, deck=stacked(hands, dealer=3, then="4c"), dealer=3)


def knocked(hands: dict[int, str], *spreads: str):
    """Seat 0 takes the 4c upcard, knocks Kd and lays out its best melds; then each other
    seat in turn plays its line of ``spreads`` (default: its best melds), where it may lay
    off."""
    g = game(hands)
    play(g, "take", "knock Kd", "spread")
    for seat in (1, 2, 3):
        if g.history:                             # after gin the others spread at once
            break
        assert g.current_player == seat
        play(g, *(spreads[seat - 1].split(";") if len(spreads) >= seat else ["spread"]))
    assert g.history, "the hand was scored"
    return g


def test_a_knock_scores_the_teams_deadwood_difference_to_both_partners():
    g = knocked({0: KNOCK_2, 1: JUNK_77, 2: KINGS_NINES, 3: SMALL})
    record = g.history[-1]
    assert record["outcome"] == "knock" and record["winners"] == [0, 2]
    assert record["deadwood"] == {"0": 2, "1": 77, "2": 28, "3": 39}
    # rivals 77 + 39 = 116, the knocker's team 2 + 28 = 30: 86, once, shared
    assert record["points"] == [86, 0, 86, 0]
    assert g.scores == [86, 0, 86, 0]
    assert g.returns() == [43.0, -43.0, 43.0, -43.0]          # zero-sum between the teams


def test_the_knockers_partner_deadwood_can_lose_the_hand_to_an_undercut():
    g = knocked({0: KNOCK_2, 1: LOW_5, 2: JUNK_75, 3: SMALL})
    record = g.history[-1]
    # the knocker's team 2 + 75 = 77, rivals 5 + 39 = 44: undercut, 33 + 25 to seats 1 and 3
    assert record["outcome"] == "undercut" and record["winners"] == [1, 3]
    assert record["points"] == [0, 58, 0, 58]


def test_gin_wins_the_hand_for_the_team_even_behind_on_deadwood():
    g = knocked({0: GIN_4C, 1: LOW_5, 2: JUNK_75, 3: SMALL})
    record = g.history[-1]
    assert record["outcome"] == "gin" and record["winners"] == [0, 2]
    assert record["points"] == [25, 0, 25, 0]                 # the difference is below 0


def test_the_partner_lays_off_onto_the_knockers_melds_for_the_team():
    partner = "4h Kc Kh Ks 9d 9s 9h Qc Qs 5d"                 # 4h fits 4c 4d 4s
    g = knocked({0: KNOCK_2, 1: JUNK_77, 2: partner, 3: SMALL}, "spread",
                "layoff 4h on 0;spread")
    record = g.history[-1]
    assert record["reveal"]["2"]["layoffs"] == [["4h", 0]]
    assert record["deadwood"]["2"] == 25                      # Qc Qs 5d
    assert record["points"] == [89, 0, 89, 0]                 # 77 + 39 - (2 + 25)


def test_a_partners_hand_stays_hidden_and_the_teams_and_scores_are_shown():
    g = game({0: KNOCK_2, 1: JUNK_77, 2: KINGS_NINES, 3: SMALL})
    seen = g.observation(2)
    assert seen["teams"] == [[0, 2], [1, 3]]
    assert seen["hand"] == g.observation(2)["hand"] and "Ah" not in seen["hand"]
    assert "0" not in seen["known"]                           # nothing of seat 0's hand
    assert g.seat_view(2).team == (0, 2) and g.seat_view(1).teams == ((0, 2), (1, 3))
    assert 0 not in g.seat_view(2).visible_hands()


def test_matches_end_with_a_team_winning_together():
    for bot in ("random", "greedy"):
        g = new_game(PG, 4, seed=3)
        agents = [make_agent(bot, seed) for seed in range(4)]
        while not g.is_terminal:
            g.apply(agents[g.current_player].act(g))
        assert g.winners() in ([0, 2], [1, 3])
        assert g.scores[0] == g.scores[2] and g.scores[1] == g.scores[3]
        assert sum(g.returns()) == 0
