"""Rule scenarios for Gin Rummy: seed 003 (variants/gin.yaml, shared/RULES.md section 2) and the
two-player book variants (gin_standard, oklahoma_gin, straight_gin).

Every scenario deals from an explicit deck order built by ``deck_for`` from the hands it needs,
so each test reads like the rule it checks. Seats are numbered from 0; with ``dealer=D`` the
first player is the seat left of the dealer, ``(D + 1) % players``.
"""
from __future__ import annotations

import pytest
from gameplay import FULL_DECK, cards, draw_and_discard, knocks, layoffs, play

from interpreter import Action, load_variant, new_game
from interpreter.errors import IllegalAction

GIN = load_variant("gin")
STANDARD = load_variant("gin_standard")
OKLAHOMA = load_variant("oklahoma_gin")
STRAIGHT = load_variant("straight_gin")


# ---- helpers ------------------------------------------------------------------------------
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


def spread(g, melds: str) -> None:
    """Spread exactly these melds, whatever order the engine lists melds and cards in."""
    wanted = {frozenset(m.split()) for m in melds.strip("[] ").split("] [")}
    for a in g.legal_actions():
        if a.kind == "spread" and a.melds is not None \
                and {frozenset(m) for m in a.melds} == wanted and len(a.melds) == len(wanted):
            g.apply(a)
            return
    raise IllegalAction(f"spread {melds} is not among {[str(a) for a in g.legal_actions()]}")


def is_legal_spread(g, melds: str) -> bool:
    wanted = {frozenset(m.split()) for m in melds.strip("[] ").split("] [")}
    return any(a.kind == "spread" and a.melds is not None and len(a.melds) == len(wanted)
               and {frozenset(m) for m in a.melds} == wanted for a in g.legal_actions())


def on(g, card: str) -> int:
    """The index of the knocker's spread meld holding ``card``."""
    melds = g.observation(g.current_player)["spread"]["knocker_melds"]
    return next(i for i, m in enumerate(melds) if card in m)


def last(g) -> dict:
    return g.history[-1]


def house(tmp_path, text: str, name: str = "house.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return load_variant(str(path))


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


def test_knocking_always_discards_in_seed_003():
    """"To complete the turn you must discard one card", knocking included: even with all 11
    cards melded there is no knock keeping every card, only knocks with a discard."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 4h 7c 7d 7s 7h Jc Qc", 1: "Qh Qd Js Jd 9c 8d 5s 3c 2d Ks"}, "Kc",
        dealer=1), dealer=1)
    g.apply("take")
    assert Action("knock") not in g.legal_actions()
    assert "knock 7h" in knocks(g)


# ---- seed 003: scoring --------------------------------------------------------------------
# Knocker seat 0: takes the 4c upcard, melds A23h 777 444, deadwood 2c (+ Kd discarded).
KNOCKER_2C = "Ah 2h 3h 7c 7d 7s 4s 4d 2c Kd"
# No melds, no layoff onto A23h/777/444: 10+10+10+10+9+8+5+3+2+10 = 77
DEFENDER_77 = "Qh Qd Jc Jd 9c 8d 5s 3c 2d Ks"


def test_gin_scores_each_loser_deadwood_plus_25_penalty():
    """"Gin: sum of the losers' deadwood + 25" (penalty points, charged to each loser)."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 4s 4d 4c Kd", 1: DEFENDER_77}, "4h", dealer=1), dealer=1)
    play(g, "take", "knock Kd", "spread")
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
    assert h["points"] == [0, 55 + 25, 51 + 25]


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
    assert h["points"] == [0, 55 - 2, 51 - 2]


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
    assert h["deadwood"] == {"0": 8, "1": 5, "2": 52}
    assert h["points"] == [8 - 5 + 25, 0, 52 - 5]


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
    play(g, "take", "knock Kc")
    spread(g, "[2h 3h 4h] [8c 8d 8s] [Jc Jd Js]")
    assert g.current_player == 1
    run = on(g, "2h")
    assert layoffs(g) == {f"layoff 5h on {run}"}
    g.apply(f"layoff 5h on {run}")
    assert layoffs(g) == {f"layoff 6h on {run}"}
    play(g, f"layoff 6h on {run}", "spread")
    h = last(g)
    assert h["deadwood"] == {"0": 9, "1": 69 - 11}
    assert h["outcome"] == "knock" and h["points"] == [0, 58 - 9]


def test_layoffs_can_turn_a_knock_into_an_undercut():
    """Layoffs count before the undercut test: laying off 5h 6h brings the defender's deadwood
    from 20 to 9, equal to the knocker's 9, which is an undercut."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "2h 3h 4h 8c 8d 8s Jc Jd Js 9d", 1: "5h 6h Kd Ks Kh Qd Qc Qs 7c 2c"}, "Kc",
        dealer=1), dealer=1)
    play(g, "take", "knock Kc")
    spread(g, "[2h 3h 4h] [8c 8d 8s] [Jc Jd Js]")
    run = on(g, "2h")
    play(g, f"layoff 5h on {run}", f"layoff 6h on {run}", "spread")
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
    play(g, "take", "knock Kc")
    spread(g, "[2h 3h 4h] [8c 8d 8s]")
    assert g.current_player == 1
    run = on(g, "2h")
    assert layoffs(g) == {f"layoff 5h on {run}"}
    play(g, f"layoff 5h on {run}", "spread")
    assert g.current_player == 2
    assert g.observation(2)["spread"]["knocker_melds"][run] == ["2h", "3h", "4h", "5h"]
    assert f"layoff 6h on {run}" not in layoffs(g)
    assert f"layoff Ah on {run}" in layoffs(g)
    with pytest.raises(IllegalAction):
        g.apply(f"layoff 6h on {run}")
    play(g, f"layoff Ah on {run}", "spread")
    h = last(g)
    assert h["deadwood"] == {"0": 1, "1": 10 + 10 + 10 + 9 + 5 + 3, "2": 6 + 10 + 10 + 10 + 9 + 4}
    assert h["points"] == [0, 47 - 1, 49 - 1]


def test_with_three_players_a_defender_may_still_chain_onto_their_own_layoff():
    """Original melds only restricts the next defender, not the same one: a defender may lay
    5h and then 6h onto 2h 3h 4h; the next defender may not add 7h after them."""
    g = new_game(GIN, players=3, deck=deck_for(
        {0: "2h 3h 4h 8c 8d 8s Ac", 1: "5h 6h Qs Jc 9d 5c 3d", 2: "7h Ks Qd Tc 9s 4d 2s"},
        "Kc", dealer=2), dealer=2)
    play(g, "take", "knock Kc")
    spread(g, "[2h 3h 4h] [8c 8d 8s]")
    run = on(g, "2h")
    play(g, f"layoff 5h on {run}")
    assert f"layoff 6h on {run}" in layoffs(g)
    play(g, f"layoff 6h on {run}", "spread")
    assert g.current_player == 2
    assert layoffs(g) == set()
    g.apply("spread")
    h = last(g)
    assert h["deadwood"]["1"] == 10 + 10 + 9 + 5 + 3
    assert h["deadwood"]["2"] == 7 + 10 + 10 + 10 + 9 + 4 + 2


def test_layoffs_never_onto_the_knockers_deadwood():
    """"A player is never allowed to lay off cards onto another player's unmatched cards": the
    defender's 3d and 5d would make a run with the knocker's deadwood 4d, yet no layoff is
    offered and both count as deadwood."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s Jc Jd 4d Kc", 1: "2d 3d 5d Kd Ks Qh Qs 9c 5c 8h"}, "Js",
        dealer=1), dealer=1)
    play(g, "take", "knock Kc", "spread")
    assert g.current_player == 1
    assert layoffs(g) == set()
    with pytest.raises(IllegalAction):
        g.apply("layoff 5d on 0")
    g.apply("spread")
    h = last(g)
    assert h["deadwood"] == {"0": 4, "1": 2 + 3 + 5 + 10 + 10 + 10 + 10 + 9 + 5 + 8}
    assert h["points"] == [0, 72 - 4]


# ---- seed 003: the stock ------------------------------------------------------------------
JUNK_0 = "Ac 2d 4h 6s 8c Td Qh 3c 5d 7h"
JUNK_1 = "Ad 2h 4s 6c 8d Th Qs 3d 5h 7s"


def test_stock_at_two_cards_the_discard_pile_but_its_top_becomes_the_new_stock():
    """"When only 2 cards remain in the stock, the discard pile is shuffled and turned face down
    to form a new stock; the card discarded by the player who drew the last card stays face up
    to start the new discard pile." (The new stock goes beneath the 2 cards remaining.)"""
    order = deck_for({0: JUNK_0, 1: JUNK_1}, "Kd", dealer=1)
    g = new_game(GIN, players=2, deck=order, dealer=1)
    play(g, "pass", "pass")
    drawn = [draw_and_discard(g) for _ in range(28)]
    assert g.observation(0)["stock"] == 3
    old_pile = ["Kd"] + drawn
    last_discard = draw_and_discard(g)
    assert last_discard == order[49]
    obs = g.observation(g.current_player)
    assert obs["discard"] == [last_discard]
    assert obs["stock"] == 2 + len(old_pile)
    # the two cards left come first, then the old discard pile
    assert [draw_and_discard(g), draw_and_discard(g)] == order[50:52]
    assert draw_and_discard(g) in old_pile
    assert g.history == []


def test_reshuffle_guard_voids_the_hand_the_fourth_time_the_stock_runs_out():
    """Our reading: ``max_reshuffles: 3`` guards against endless play; the stock may be rebuilt
    three times, and the fourth time it runs out the hand is void: nobody scores."""
    g = new_game(GIN, players=2, deck=deck_for({0: JUNK_0, 1: JUNK_1}, "Kd", dealer=1),
                 dealer=1)
    play(g, "pass", "pass")
    for rebuilt in range(3):
        for _ in range(29):
            draw_and_discard(g)
        assert g.history == [], f"hand ended at stock exhaustion {rebuilt + 1}"
        assert g.observation(0)["stock"] == 31
    for _ in range(28):
        draw_and_discard(g)
    assert g.history == []
    draw_and_discard(g)
    h = last(g)
    assert h["outcome"] == "void" and h["winners"] == [] and h["knocker"] is None
    assert h["points"] == [0, 0] and g.scores == [0, 0]
    assert g.observation(0)["hand_sizes"] == [10, 10]        # the next hand is dealt


# ---- seed 003: melds and the knocker's spread ---------------------------------------------
def test_a_card_belongs_to_one_meld_only_when_knocking():
    """"A card belongs to one meld only": 7h cannot serve both 5h 6h 7h and 7c 7d 7h, so the
    best discard leaves 14 and no knock is legal."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "5h 6h 7h 7c 7d 8s 8d 8c Ac 2c", 1: "Qh Qd Jc Jd 9c 4d 5s 3c 2d Ks"}, "Kd",
        dealer=1), dealer=1)
    g.apply("take")
    assert knocks(g) == set()


def test_a_card_belongs_to_one_meld_only_when_spreading():
    """A spread that uses 7h in two melds is not legal, and no legal spread repeats a card."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "5h 6h 7h 7c 7d 7s 8c 8d 8s Ac", 1: "Qh Qd Jc Jd 9c 4d 5s 3c 2d Ks"}, "Kd",
        dealer=1), dealer=1)
    play(g, "take", "knock Kd")
    spreads = [a for a in g.legal_actions() if a.kind == "spread" and a.melds]
    assert spreads
    for a in spreads:
        laid = [c for m in a.melds for c in m]
        assert len(laid) == len(set(laid)), a
    assert not is_legal_spread(g, "[5h 6h 7h] [7h 7c 7d 7s] [8c 8d 8s]")
    with pytest.raises(IllegalAction):
        g.apply("spread [5h 6h 7h] [7h 7c 7d 7s] [8c 8d 8s]")
    spread(g, "[5h 6h 7h] [7c 7d 7s] [8c 8d 8s]")
    assert g.current_player == 1


def test_the_knocker_names_the_melds_to_spread_in_any_order():
    """The knocker "lays out melds and deadwood": which melds, not the order they are named in
    (nor the order of the cards inside a group), decides the spread. README: `spread [Ah 2h 3h]
    [7c 7d 7s]` lays exactly these melds."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 9c 9d 9h 2c", 1: "Qh Qd Jc Jd 8c 8d 5s 3c 2d Ks"}, "Kd",
        dealer=1), dealer=1)
    play(g, "take", "knock Kd")
    g.apply("spread [Ah 2h 3h] [7s 7d 7c] [9c 9d 9h]")
    assert g.current_player == 1
    assert sorted(map(sorted, g.observation(1)["spread"]["knocker_melds"])) == sorted(
        map(sorted, [["Ah", "2h", "3h"], ["7c", "7d", "7s"], ["9c", "9d", "9h"]]))


def test_knocker_may_lay_a_non_optimal_spread_within_the_knock_limit():
    """The knocker lays out melds of their choosing: A234h 777 leaves 6, but the knocker may
    keep 4h out (deadwood 10, still within the limit); a spread leaving more than 10 is not
    legal. The chosen spread is what is scored."""
    g = new_game(GIN, players=2, deck=deck_for(
        {0: "Ah 2h 3h 4h 7c 7d 7s 2c 3d Ac", 1: "Qh Qd Jc Jd 9c 8d 5s 3c 2d Ks"}, "Kd",
        dealer=1), dealer=1)
    play(g, "take", "knock Kd")
    assert is_legal_spread(g, "[Ah 2h 3h 4h] [7c 7d 7s]")     # deadwood 6
    assert is_legal_spread(g, "[2h 3h 4h] [7c 7d 7s]")        # deadwood 7
    assert is_legal_spread(g, "[Ah 2h 3h] [7c 7d 7s]")        # deadwood 10
    assert not is_legal_spread(g, "[Ah 2h 3h 4h]")            # deadwood 27
    assert not is_legal_spread(g, "[7c 7d 7s]")               # deadwood 16
    with pytest.raises(IllegalAction):
        g.apply("spread [Ah 2h 3h 4h]")
    spread(g, "[Ah 2h 3h] [7c 7d 7s]")
    g.apply("spread")
    h = last(g)
    assert h["deadwood"] == {"0": 10, "1": 77}
    assert h["outcome"] == "knock" and h["points"] == [0, 67]


# ---- seed 003: the match ------------------------------------------------------------------
GIN_HAND = "Ah 2h 3h 7c 7d 7s 4s 4d 4c Kd"      # takes the 4h upcard, knocks Kd: gin
JUNK_74 = "Kc Ks Qh Qs Jc Td 8h 2s Ac 3d"        # no meld: 74


def test_match_ends_when_someone_reaches_100_and_the_lowest_total_wins():
    """"Penalty points against the losers": the match ends when a total reaches 100, and in
    penalty mode the lowest total wins. 99 does not end it."""
    first = deck_for({0: GIN_HAND, 1: JUNK_74}, "4h", dealer=1)
    second = deck_for({0: GIN_HAND, 1: JUNK_74}, "4h", dealer=0)
    g = new_game(GIN, players=2, deck=[first, second], dealer=1)
    play(g, "take", "knock Kd", "spread")
    assert g.scores == [0, 99]
    assert not g.is_terminal and g.winners() == []
    assert g.dealer == 0 and g.current_player == 1
    play(g, "pass", "take", "knock Kd", "spread")
    assert g.scores == [0, 198]
    assert g.is_terminal and g.current_player == -1
    assert g.winners() == [0]
    assert g.legal_actions() == []


def test_the_deal_passes_to_the_left():
    """Our reading: the seed is silent, the deal passes to the left after every hand."""
    hands = {0: "Ah 2h 3h 7c 7d 7s Kd", 1: "Jc Jd Js Qc Qd Qs 5d", 2: "Tc Td Ts 9c 9d 9s 2d"}
    first = deck_for(hands, "4h", dealer=2)
    second = deck_for({1: "Ah 2h 3h 7c 7d 7s Kd", 2: "Jc Jd Js Qc Qd Qs 5d",
                       0: "Tc Td Ts 9c 9d 9s 2d"}, "4h", dealer=0)
    g = new_game(GIN, players=3, deck=[first, second], dealer=2)
    play(g, "take", "knock Kd", "spread")
    assert last(g)["dealer"] == 2
    assert g.dealer == 0 and g.current_player == 1
    play(g, "take", "knock Kd", "spread")
    assert last(g)["dealer"] == 0 and last(g)["winners"] == [1]
    assert g.dealer == 1 and g.current_player == 2


# ---- book variants: gin_standard ------------------------------------------------------------
BIG_GIN = "Ah 2h 3h 4h 7c 7d 7s 7h Jc Qc"       # + the Kc upcard: all 11 cards meld
BIG_GIN_DEFENDER = "Qh Qd Js Jd 9c 8d 5s 3c 2d Ks"   # no meld: 77


def test_standard_big_gin_knocks_keeping_all_eleven_cards_for_31():
    """Book rules: a player whose 11 cards all meld may knock without discarding (big gin) and
    scores the opponent's deadwood + 31."""
    g = new_game(STANDARD, players=2, deck=deck_for({0: BIG_GIN, 1: BIG_GIN_DEFENDER}, "Kc",
                                                    dealer=1), dealer=1)
    g.apply("take")
    assert Action("knock") in g.legal_actions()
    play(g, "knock", "spread")
    h = last(g)
    assert h["outcome"] == "big_gin" and h["winners"] == [0] and h["knocker"] == 0
    assert h["points"] == [77 + 31, 0]


def test_standard_knock_keeping_all_cards_needs_every_card_melded():
    """Knocking without a discard is big gin only: with an unmelded card it is not legal."""
    g = new_game(STANDARD, players=2, deck=deck_for({0: BIG_GIN, 1: BIG_GIN_DEFENDER}, "Kh",
                                                    dealer=1), dealer=1)
    g.apply("take")
    assert Action("knock") not in g.legal_actions()


def test_standard_gin_scores_deadwood_plus_25():
    """Book rules: gin (knocking with a discard and no deadwood) scores the opponent's deadwood
    + 25 to the knocker."""
    g = new_game(STANDARD, players=2, deck=deck_for({0: BIG_GIN, 1: BIG_GIN_DEFENDER}, "Kc",
                                                    dealer=1), dealer=1)
    play(g, "take", "knock 7h", "spread")
    h = last(g)
    assert h["outcome"] == "gin" and h["points"] == [77 + 25, 0]


def test_standard_undercut_scores_the_difference_plus_25_to_the_defender():
    """Book rules: undercut, the defender scores the difference + 25."""
    g = new_game(STANDARD, players=2, deck=deck_for(
        {0: "Ah 2h 3h 7c 7d 7s 4s 4d 8c Jd", 1: "Kc Kd Ks Qc Qd Qs 9c 9d 9s 5d"}, "4c",
        dealer=1), dealer=1)
    play(g, "take", "knock Jd", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "undercut" and h["winners"] == [1]
    assert h["points"] == [0, 8 - 5 + 25]


def test_standard_winner_deals_next():
    """Book rules: the winner of a hand deals the next."""
    g = new_game(STANDARD, players=2, deck=deck_for({0: KNOCKER_2C, 1: DEFENDER_77}, "4c",
                                                    dealer=1), dealer=1)
    play(g, "take", "knock Kd", "spread", "spread")
    assert last(g)["winners"] == [0] and last(g)["dealer"] == 1
    assert g.dealer == 0
    assert g.current_player == 1          # the new non-dealer is offered the upcard


def test_standard_hand_is_void_with_two_cards_left_and_the_same_dealer_deals():
    """Book rules: when only 2 cards are left in the stock after a discard and nobody has
    knocked, the hand is void (no reshuffle) and the same dealer deals again."""
    g = new_game(STANDARD, players=2, deck=deck_for({0: JUNK_0, 1: JUNK_1}, "Kd", dealer=1),
                 dealer=1)
    play(g, "pass", "pass")
    for _ in range(28):
        draw_and_discard(g)
    assert g.history == []
    draw_and_discard(g)
    h = last(g)
    assert h["outcome"] == "void" and h["points"] == [0, 0] and h["winners"] == []
    assert g.scores == [0, 0] and g.dealer == 1 and g.current_player == 0


def short_standard(tmp_path):
    return house(tmp_path, "extends: gin_standard\nname: short gin\n"
                           "match:\n  ends_when: \"max(players.score) >= 30\"\n")


def test_standard_game_bonus_100_and_25_per_hand_won(tmp_path):
    """Book rules at the match end: the winner gets a 100-point game bonus, and each player 25
    per hand won; no shutout, so nothing is doubled."""
    v = short_standard(tmp_path)
    first = deck_for({0: KNOCKER_2C, 1: "Kc Ks Kh Qc Qd Qs 9c 9d 5d 3s"}, "4c", dealer=1)
    second = deck_for({0: DEFENDER_77, 1: GIN_HAND}, "4h", dealer=0)
    g = new_game(v, players=2, deck=[first, second], dealer=1)
    play(g, "take", "knock Kd", "spread", "spread")
    assert g.scores == [26 - 2, 0] and not g.is_terminal
    play(g, "take", "knock Kd", "spread")
    assert last(g)["outcome"] == "gin" and last(g)["points"] == [0, 77 + 25]
    assert g.is_terminal
    assert g.scores == [24 + 25, 102 + 100 + 25]
    assert g.winners() == [1]


def test_standard_shutout_doubles_the_winners_total(tmp_path):
    """Book rules: if the loser won no hand (a shutout), the winner's total is doubled (here
    after the game bonus and the 25 per hand won)."""
    v = short_standard(tmp_path)
    g = new_game(v, players=2, deck=deck_for({0: GIN_HAND, 1: DEFENDER_77}, "4h", dealer=1),
                 dealer=1)
    play(g, "take", "knock Kd", "spread")
    assert g.is_terminal
    assert g.scores == [(102 + 100 + 25) * 2, 0]
    assert g.winners() == [0]


# ---- book variants: oklahoma_gin ------------------------------------------------------------
OK_HAND = "Ah 2h 3h 5c 5d 5h 9c 9d 9h 8s"       # + the upcard; knocks 8s keeping the upcard
OK_DEFENDER = "Kc Ks Qh Qs Jc Jd Tc 4s 2s 6c"      # no meld: 82


def test_oklahoma_knock_limit_is_the_upcards_points():
    """Oklahoma: a player may knock only with deadwood up to the first upcard's points: with a
    7 up, discarding 8s leaves 7 (legal), discarding 7d leaves 8 (not legal, though it would be
    at the standard 10)."""
    order = deck_for({0: OK_HAND, 1: OK_DEFENDER}, "7d", dealer=1)
    g = new_game(OKLAHOMA, players=2, deck=order, dealer=1)
    g.apply("take")
    assert knocks(g) == {"knock 8s"}
    standard = new_game(STANDARD, players=2, deck=order, dealer=1)
    standard.apply("take")
    assert knocks(standard) == {"knock 8s", "knock 7d"}


def test_oklahoma_ace_upcard_means_gin_only():
    """Oklahoma: an ace turned up means a player may knock only with gin: deadwood 1 is not
    enough, deadwood 0 is."""
    g = new_game(OKLAHOMA, players=2, deck=deck_for(
        {0: "2h 3h 4h 5d 5s 5h 9c 9s 9h Kd", 1: "Kc Ks 6d 7d 8d 2c 3c 4c 5c Js"}, "Ad",
        dealer=1), dealer=1)
    g.apply("take")
    assert knocks(g) == set()
    play(g, "discard Kd", "draw discard")
    assert knocks(g) == {"knock Js"}
    play(g, "knock Js", "spread")
    h = last(g)
    assert h["outcome"] == "gin" and h["winners"] == [1]
    assert h["points"] == [0, 1 + 25]


@pytest.mark.parametrize("upcard, factor", [("7s", 2), ("7c", 1)])
def test_oklahoma_spade_upcard_doubles_the_hands_score(upcard, factor):
    """Oklahoma: when the first upcard is a spade, the hand's score is doubled."""
    defender = "Kc Ks Qh Qs 4s 2s 6c Ac 3d 8c"              # no meld: 64
    g = new_game(OKLAHOMA, players=2, deck=deck_for({0: OK_HAND, 1: defender}, upcard,
                                                    dealer=1), dealer=1)
    play(g, "take", "knock 8s", "spread", "spread")
    h = last(g)
    assert h["outcome"] == "knock" and h["deadwood"] == {"0": 7, "1": 64}
    assert h["points"] == [(64 - 7) * factor, 0]


# ---- book variants: straight_gin ------------------------------------------------------------
def test_straight_gin_knocks_only_with_no_deadwood():
    """Straight Gin: no knocking; a hand ends only with gin. Deadwood 1 after the discard is
    not enough (it would be in standard gin); deadwood 0 is."""
    order = deck_for({0: OK_HAND, 1: OK_DEFENDER}, "Ac", dealer=1)
    g = new_game(STRAIGHT, players=2, deck=order, dealer=1)
    g.apply("take")
    assert knocks(g) == set()
    standard = new_game(STANDARD, players=2, deck=order, dealer=1)
    standard.apply("take")
    assert "knock 8s" in knocks(standard)

    g = new_game(STRAIGHT, players=2, deck=deck_for({0: OK_HAND, 1: OK_DEFENDER}, "4h",
                                                    dealer=1), dealer=1)
    g.apply("take")
    assert knocks(g) == {"knock 8s"}
    play(g, "knock 8s", "spread")
    h = last(g)
    assert h["outcome"] == "gin" and h["points"] == [82 + 25, 0]
