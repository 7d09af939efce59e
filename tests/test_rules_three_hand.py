"""Rule scenarios for three-hand Gin "in the box": seed 004 (variants/three_hand_gin.yaml,
shared/RULES.md section 3).

Every scenario deals from an explicit deck order built by ``deck_for`` from the box's and the
captain's hands, in the engine's order: the box deals, so the captain (the non-dealer) gets
the first card; the sitter is dealt nothing.
"""
from __future__ import annotations

import json

import pytest
from gameplay import FULL_DECK, cards, draw_and_discard, knocks, layoffs, play

from interpreter import load_variant, new_game
from interpreter.errors import IllegalAction

THREE = load_variant("three_hand_gin")

ROLES = {"box": 0, "captain": 1, "sitter": 2}
ROLES_SHIFTED = {"box": 2, "captain": 0, "sitter": 1}


# ---- helpers ------------------------------------------------------------------------------
def deck_for(box: str, captain: str, upcard: str, stock_top=(), roles=ROLES) -> list[str]:
    """A full deck order dealing ``box`` and ``captain`` their hands (the box deals, one card
    at a time from the captain), then the upcard, then ``stock_top``, then the rest."""
    dealer = roles["box"]
    hands = {roles["box"]: cards(box), roles["captain"]: cards(captain)}
    seats = sorted(hands, key=lambda s: (s - dealer - 1) % 3)
    assert seats[0] == roles["captain"]
    order = [hands[s][i] for i in range(10) for s in seats]
    order += [upcard] + cards(stock_top)
    assert len(order) == len(set(order)), "a card is used twice"
    return order + [c for c in FULL_DECK if c not in order]


def game(box: str, captain: str, upcard: str, stock_top=(), roles=ROLES, more=()):
    """A three-hand game; ``more`` are deck orders for the following hands."""
    first = deck_for(box, captain, upcard, stock_top, roles)
    return new_game(THREE, players=3, deck=[first, *more], roles=dict(roles))


def last(g) -> dict:
    return g.history[-1]


# Hands (10 cards). KNOCK_2: takes the 4c upcard, melds A23h 777 444, knocks Kd: deadwood 2.
KNOCK_2 = "Ah 2h 3h 7c 7d 7s 4s 4d 2c Kd"
KNOCK_8 = "Ah 2h 3h 7c 7d 7s 4s 4d 8c Jd"       # + 4c, knock Jd: deadwood 8
KNOCK_5 = "Ah 2h 3h 7c 7d 7s 4s 4d 5c Jd"       # + 4c, knock Jd: deadwood 5
GIN_4H = "Ah 2h 3h 7c 7d 7s 4s 4d 4c Kd"        # + 4h, knock Kd: gin
JUNK_77 = "Qh Qd Jc Jd 9c 8d 5s 3c 2d Ks"       # no meld, nothing to lay off on the above: 77
JUNK_26 = "Kc Kh Ks Qc Qd Qs 9c 9d 5d 3s"       # KKK QQQ, deadwood 9c 9d 5d 3s: 26
LOW_5 = "Kc Kh Ks Qc Qd Qs 9c 9d 9s 5d"         # KKK QQQ 999, deadwood 5d: 5
ALL_MELDED = "Kc Kh Ks Qc Qd Qs 9c 9d 9s 9h"    # no deadwood at all
JUNK_0 = "Ac 2d 4h 6s 8c Td Qh 3c 5d 7h"
JUNK_1 = "Ad 2h 4s 6c 8d Th Qs 3d 5h 7s"


# ---- roles and the deal -------------------------------------------------------------------
def test_roles_are_drawn_by_high_card_when_not_given():
    """"Three players draw cards for roles: highest is in the box ... middle is the captain ...
    lowest sits out." Without ``roles=`` the seeded draw assigns each role to one seat, the
    box deals, and the same seed gives the same roles."""
    boxes = set()
    for seed in range(12):
        g = new_game(THREE, players=3, seed=seed)
        roles = g.roles
        assert sorted(roles) == ["box", "captain", "sitter"]
        assert sorted(roles.values()) == [0, 1, 2]
        assert g.dealer == roles["box"]
        assert g.observation(roles["sitter"])["hand_sizes"][roles["sitter"]] == 0
        assert new_game(THREE, players=3, seed=seed).roles == roles
        boxes.add(roles["box"])
    assert len(boxes) > 1          # the draw decides, not the seat number


@pytest.mark.parametrize("roles", [ROLES, ROLES_SHIFTED], ids=["box0", "box2"])
def test_only_box_and_captain_are_dealt_ten_cards_and_the_box_deals(roles):
    """"Only box and captain receive hands." "The box deals: 10 cards each, next card face up
    starts the discard pile, the rest is the stock." """
    g = game(JUNK_0, JUNK_1, "Kd", roles=roles)
    assert g.roles == roles
    assert g.dealer == roles["box"]
    sizes = g.observation(0)["hand_sizes"]
    assert sizes[roles["box"]] == sizes[roles["captain"]] == 10
    assert sizes[roles["sitter"]] == 0
    assert sorted(g.observation(roles["box"])["hand"]) == sorted(cards(JUNK_0))
    assert sorted(g.observation(roles["captain"])["hand"]) == sorted(cards(JUNK_1))
    assert g.observation(roles["sitter"])["hand"] == []
    obs = g.observation(0)
    assert obs["discard"] == ["Kd"] and obs["stock"] == 52 - 20 - 1


# ---- the first turn -----------------------------------------------------------------------
@pytest.mark.parametrize("roles", [ROLES, ROLES_SHIFTED], ids=["box0", "box2"])
def test_upcard_offered_to_the_non_dealer_then_the_dealer_then_non_dealer_draws(roles):
    """"The non-dealer may take the upcard; if they decline, the dealer may ... If both
    decline, the non-dealer starts by drawing from the stock." The sitter is never asked."""
    g = game(JUNK_0, JUNK_1, "Kd", stock_top=["9c"], roles=roles)
    assert g.current_player == roles["captain"]
    assert {str(a) for a in g.legal_actions()} == {"take", "pass"}
    g.apply("pass")
    assert g.current_player == roles["box"]
    g.apply("pass")
    assert g.current_player == roles["captain"]
    assert [str(a) for a in g.legal_actions()] == ["draw stock"]
    with pytest.raises(IllegalAction):
        g.apply("draw discard")
    g.apply("draw stock")
    assert "9c" in g.observation(roles["captain"])["hand"]


def test_the_upcard_taker_discards_and_the_other_player_plays_next():
    """"Whoever takes it discards and the other plays next": the dealer takes the declined
    upcard, discards, then the non-dealer plays a normal turn."""
    g = game(JUNK_0, JUNK_1, "Kd")
    play(g, "pass", "take")
    assert g.current_player == ROLES["box"]
    assert {a.kind for a in g.legal_actions()} <= {"discard", "knock"}
    g.apply("discard Qh")
    assert g.current_player == ROLES["captain"]
    assert {str(a) for a in g.legal_actions()} == {"draw stock", "draw discard"}


def test_a_player_may_knock_on_the_first_turn():
    """"Knock: any turn (the first included), after drawing and before discarding." The
    captain takes the upcard and knocks at once; the box, having declined, knocks on its own
    first turn after drawing from the stock."""
    g = game(JUNK_77, KNOCK_2, "4c")
    g.apply("take")
    assert "knock Kd" in knocks(g)
    g = game(KNOCK_2, JUNK_77, "Ts", stock_top=["Qc", "4c"])
    play(g, "pass", "pass", "draw stock", "discard Qc")
    g.apply("draw stock")
    assert g.current_player == ROLES["box"] and "knock Kd" in knocks(g)


# ---- the knock and layoffs ----------------------------------------------------------------
def test_the_knockers_opponent_lays_off_unless_gin():
    """"The opponent spreads and, unless the knocker went gin, may lay off onto the knocker's
    melds." """
    g = game("5h 6h Kd Ks Qd Qh 9c 5c 3d Ad", "2h 3h 4h 8c 8d 8s Jc Jd Js 9d", "Kc")
    play(g, "take", "knock Kc", "spread")
    assert g.current_player == ROLES["box"]
    assert len(layoffs(g)) == 1 and next(iter(layoffs(g))).startswith("layoff 5h on ")
    g.apply(next(iter(layoffs(g))))
    assert len(layoffs(g)) == 1 and next(iter(layoffs(g))).startswith("layoff 6h on ")

    g = game("5h Qd Jc Jd 8c 3c 2d Ks 8d 6s", "Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", "4h")
    play(g, "take", "knock Kd", "spread")
    assert len(g.history) == 1                       # scored at once: nothing to lay off
    assert last(g)["outcome"] == "gin"
    assert last(g)["deadwood"][str(ROLES["box"])] == 5 + 10 + 10 + 10 + 8 + 3 + 2 + 10 + 8 + 6


# ---- scoring ------------------------------------------------------------------------------
def test_knocker_lower_scores_the_difference():
    """"Knocker lower — knocker scores the difference." """
    g = game(JUNK_77, KNOCK_2, "4c")
    play(g, "take", "knock Kd", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "knock" and h["knocker"] == ROLES["captain"]
    assert h["winners"] == [ROLES["captain"]]
    assert h["points"] == [0, 77 - 2, 0]
    assert g.scores == [0, 75, 0]


def test_equal_deadwood_is_an_undercut_scoring_10():
    """"Not gin and equal or higher — undercut: the opponent scores 10 + the difference"
    (equal: 10)."""
    g = game(LOW_5, KNOCK_5, "4c")
    play(g, "take", "knock Jd", "spread", "spread")
    h = last(g)
    assert h["deadwood"] == {str(ROLES["captain"]): 5, str(ROLES["box"]): 5}
    assert h["outcome"] == "undercut" and h["winners"] == [ROLES["box"]]
    assert h["points"] == [10, 0, 0]


def test_knocker_higher_is_undercut_the_opponent_scores_10_plus_the_difference():
    """"Undercut: the opponent scores 10 + the difference." """
    g = game(LOW_5, KNOCK_8, "4c")
    play(g, "take", "knock Jd", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "undercut" and h["winners"] == [ROLES["box"]]
    assert h["points"] == [10 + 8 - 5, 0, 0]


def test_gin_scores_the_difference_plus_25():
    """"Gin — knocker scores the difference + 25." """
    g = game(JUNK_26, GIN_4H, "4h")
    play(g, "take", "knock Kd", "spread")
    h = last(g)
    assert h["outcome"] == "gin" and h["winners"] == [ROLES["captain"]]
    assert h["points"] == [0, 26 + 25, 0]


def test_gin_the_opponent_scores_nothing_even_with_no_deadwood():
    """"... and the opponent scores nothing even with no deadwood." """
    g = game(ALL_MELDED, GIN_4H, "4h")
    play(g, "take", "knock Kd", "spread")
    h = last(g)
    assert h["deadwood"][str(ROLES["box"])] == 0
    assert h["outcome"] == "gin" and h["winners"] == [ROLES["captain"]]
    assert h["points"] == [0, 25, 0]


@pytest.mark.parametrize("knocker", ["box", "captain"])
def test_the_sitter_never_scores(knocker):
    """"The sitter never scores", whoever wins the hand (the team scores through its
    captain)."""
    roles = ROLES_SHIFTED
    if knocker == "captain":
        g = game(JUNK_77, KNOCK_2, "4c", roles=roles)
        g.apply("take")
    else:
        g = game(KNOCK_2, JUNK_77, "4c", roles=roles)
        play(g, "pass", "take")
    play(g, "knock Kd", "spread", "spread")
    h = last(g)
    assert h["points"][roles["sitter"]] == 0 and g.scores[roles["sitter"]] == 0
    assert h["points"][roles[knocker]] == 75
    assert roles["sitter"] not in h["winners"]


# ---- the void hand ------------------------------------------------------------------------
def test_two_cards_left_after_a_discard_without_a_knock_voids_the_hand():
    """"If 2 cards remain in the stock after a discard and nobody knocked, the hand is void and
    the same player deals again." Our reading: roles do not change either."""
    g = game(JUNK_0, JUNK_1, "Kd", roles=ROLES_SHIFTED)
    play(g, "pass", "pass")
    for _ in range(28):
        draw_and_discard(g)
    assert g.history == [] and g.observation(0)["stock"] == 3
    draw_and_discard(g)
    h = last(g)
    assert h["outcome"] == "void" and h["winners"] == [] and h["points"] == [0, 0, 0]
    assert g.scores == [0, 0, 0]
    assert g.roles == ROLES_SHIFTED and g.dealer == ROLES_SHIFTED["box"]
    obs = g.observation(0)
    assert obs["stock"] == 31 and obs["phase"] == "offer"
    assert g.current_player == ROLES_SHIFTED["captain"]
    assert obs["hand_sizes"][ROLES_SHIFTED["sitter"]] == 0


def test_a_knock_on_the_draw_that_leaves_two_cards_still_counts():
    """The hand is void only "if nobody knocked": a player who draws the stock down to 2 cards
    may still knock, and the hand is scored."""
    used = set(cards(JUNK_77) + cards(KNOCK_2.replace("2c", "Qc")) + ["Ts", "4c"])
    fillers = [c for c in FULL_DECK if c not in used][:28]
    # The captain holds A23h 777 44 Qc Kd and draws the 4c as the 29th card of the stock.
    g = game(JUNK_77, KNOCK_2.replace("2c", "Qc"), "Ts", stock_top=fillers + ["4c"])
    play(g, "pass", "pass")
    for _ in range(28):
        draw_and_discard(g)
    assert g.current_player == ROLES["captain"]
    g.apply("draw stock")
    assert g.observation(0)["stock"] == 2
    play(g, "knock Kd", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "knock" and h["points"] == [0, 77 - 10, 0]


# ---- roles after a hand -------------------------------------------------------------------
def test_box_wins_box_stays_captain_and_sitter_swap():
    """"Box wins — box stays, captain and sitter swap." The box deals again."""
    g = game(KNOCK_2, JUNK_77, "4c")
    play(g, "pass", "take", "knock Kd", "spread", "spread")
    h = last(g)
    assert h["winners"] == [0] and h["roles"] == ROLES
    assert g.roles == {"box": 0, "captain": 2, "sitter": 1}
    assert g.dealer == 0
    assert g.current_player == 2                     # the new captain is offered the upcard
    assert g.observation(0)["hand_sizes"] == [10, 0, 10]


def test_box_wins_by_undercut_and_stays():
    """An undercut by the box is a box win: box stays, captain and sitter swap."""
    g = game(LOW_5, KNOCK_8, "4c")
    play(g, "take", "knock Jd", "spread", "spread")
    assert last(g)["winners"] == [0]
    assert g.roles == {"box": 0, "captain": 2, "sitter": 1}


def test_box_loses_box_sits_out_captain_to_the_box_sitter_becomes_captain():
    """"Box loses — box sits out, the captain goes into the box, the sitter becomes captain."
    The new box deals."""
    g = game(JUNK_77, KNOCK_2, "4c")
    play(g, "take", "knock Kd", "spread", "spread")
    assert last(g)["winners"] == [1]
    assert g.roles == {"box": 1, "captain": 2, "sitter": 0}
    assert g.dealer == 1
    assert g.current_player == 2
    assert g.observation(0)["hand_sizes"] == [0, 10, 10]


def test_box_undercut_by_the_captain_loses_the_box():
    """The box knocks and the captain undercuts: the box lost, so it sits out."""
    g = game(KNOCK_8, LOW_5, "4c")
    play(g, "pass", "take", "knock Jd", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "undercut" and h["winners"] == [1]
    assert h["points"] == [0, 13, 0]
    assert g.roles == {"box": 1, "captain": 2, "sitter": 0}


# ---- what each seat sees ------------------------------------------------------------------
def test_the_sitter_sees_the_captains_hand_but_not_the_box():
    """The sitter "may advise the captain": the sitter's observation holds the captain's hand
    (``advised_hands``) but nothing of the box's hand."""
    g = game(JUNK_0, JUNK_1, "Kd")
    obs = g.observation(ROLES["sitter"])
    assert list(obs["advised_hands"]) == [str(ROLES["captain"])]
    assert sorted(obs["advised_hands"][str(ROLES["captain"])]) == sorted(cards(JUNK_1))
    text = json.dumps(obs)
    assert not any(f'"{c}"' in text for c in cards(JUNK_0))


def test_the_box_never_sees_the_captains_hand():
    """The box plays alone against the team: its observation holds no advised hand and none
    of the captain's concealed cards; the captain is not shown the box's hand either."""
    g = game(JUNK_0, JUNK_1, "Kd")
    for seat, hidden in ((ROLES["box"], JUNK_1), (ROLES["captain"], JUNK_0)):
        obs = g.observation(seat)
        assert "advised_hands" not in obs
        text = json.dumps(obs)
        assert not any(f'"{c}"' in text for c in cards(hidden))


def test_after_rotation_the_new_sitter_advises_the_new_captain():
    """Roles move each hand; the advice follows the roles: after the box loses, the old box
    sits out and sees the new captain's hand, and the new box sees no one's."""
    g = game(JUNK_77, KNOCK_2, "4c")
    play(g, "take", "knock Kd", "spread", "spread")
    assert g.roles == {"box": 1, "captain": 2, "sitter": 0}
    sitter = g.observation(0)
    assert sitter["advised_hands"] == {"2": g.observation(2)["hand"]}
    assert "advised_hands" not in g.observation(1)


# ---- the match ----------------------------------------------------------------------------
def test_the_match_is_played_to_100():
    """"Game: to 100 cumulative points; that player wins." """
    g = game(GIN_4H, JUNK_77, "4h")
    play(g, "pass", "take", "knock Kd", "spread")
    assert last(g)["points"] == [77 + 25, 0, 0]
    assert g.is_terminal and g.current_player == -1
    assert g.scores == [102, 0, 0]
    assert g.winners() == [0]


def test_the_match_goes_on_below_100():
    """Below 100 the next hand is dealt."""
    g = game(GIN_4H, JUNK_26, "4h")
    play(g, "pass", "take", "knock Kd", "spread")
    assert g.scores == [51, 0, 0]
    assert not g.is_terminal and g.winners() == []
