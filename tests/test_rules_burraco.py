"""Burraco (variants/burraco.yaml): scenarios from explicit decks for its distinctive rules
(the whole discard pile, the pozzetto taken mid-turn or after the discard, one pozzetto per
side, closing only with the pozzetto and a burraco, clean and dirty burraco bonuses, the
hand's score), and whole matches by the bots."""
from __future__ import annotations

import time
from collections import Counter

import pytest
import yaml

from interpreter import IllegalAction, State, load_variant, new_game
from interpreter.agents import make_agent

BURRACO = load_variant("burraco")
TWO_PACKS = [r + s for s in "cdhs" for r in "A23456789TJQK"] * 2 + ["Jk"] * 4

# Two players, dealer 0: seat 1 plays first. Seat 1 draws Qs and can meld every card
# ([3h..8h] [Kc Kd Ks] [Qc Qd Qs]); the first reserve (the pozzetto it takes) follows.
SEAT1 = "3h 4h 5h 6h 7h 8h Kc Kd Ks Qc Qd"
SEAT0 = "Tc Td Js Qh Kh 4c 6d 8s Jc 7c 6s"                    # 90 points
OTHER_RESERVE = "Th Ts 3c 3d 3s 7d 7s 8c 8d Jh Js"
EVERY_CARD = "meld [3h 4h 5h 6h 7h 8h] [Kc Kd Ks] [Qc Qd Qs]"


def deck(hands: list[str], then: str) -> list[str]:
    """Hands dealt one card at a time in the order given (from the dealer's left), then
    ``then`` (the upcard, the reserves, the stock's top), then the rest of the packs."""
    order = [c for cards in zip(*(h.split() for h in hands)) for c in cards] + then.split()
    left = Counter(TWO_PACKS)
    left.subtract(order)
    assert min(left.values()) >= 0
    return order + [c for c, n in left.items() for _ in range(n)]


def two(pozzetto: str, stock: str = "Qs 2d 9d"):
    return new_game(BURRACO, players=2, dealer=0, deck=deck(
        [SEAT1, SEAT0], f"4d {pozzetto} {OTHER_RESERVE} {stock}"))


def legal(g) -> list[str]:
    return [str(a) for a in g.legal_actions()]


@pytest.mark.parametrize("players, teams, pozzetti", [
    (2, [[0], [1]], 2), (3, [[0], [1], [2]], 3), (4, [[0, 2], [1, 3]], 2)])
def test_partners_from_four_players_and_one_pozzetto_a_side(players, teams, pozzetti):
    g = new_game(BURRACO, players=players, seed=1)
    seen = g.observation(0)
    assert seen["teams"] == teams and seen["reserves"] == [11] * pozzetti
    assert len(g.stock) == 108 - 11 * players - 1 - 11 * pozzetti


def test_a_draw_from_the_pile_takes_the_whole_pile():
    g = two("Ac Ad As 5c 5d 5s 9c 9d 9s 9h Jd")
    for action in ("draw stock", "discard Qs", "draw stock"):
        g.apply(action)
    g.apply("discard 2d")
    assert "draw discard 3" in legal(g)                        # 4d Qs 2d, no condition
    g.apply("draw discard 3")
    assert {"4d", "Qs", "2d"} <= set(g.observation(1)["hand"]) and len(g.hands[1]) == 14
    assert g.discard == []


POZZETTO = "Ac Ad As 5c 5d 5s 9c 9d 9s 9h Jd"


def test_running_out_by_melding_takes_the_pozzetto_at_once():
    g = two(POZZETTO)
    g.apply("draw stock")
    g.apply(EVERY_CARD)                      # no burraco: not closing, the pozzetto instead
    assert g.current_player == 1 and not g.is_terminal and g.hands_played == 0
    assert sorted(g.observation(1)["hand"]) == sorted(POZZETTO.split(" "))
    assert g.observation(0)["took_reserve"] == [1] and g.observation(0)["reserves"] == [11]


def test_running_out_by_the_discard_takes_the_pozzetto_for_the_next_turn():
    g = two("Ac Ad As 5c 5d 5s 9c 9d 9s 9h Jd")
    g.apply("draw stock")
    g.apply("meld [4h 5h 6h 7h 8h] [Kc Kd Ks] [Qc Qd Qs]")
    g.apply("discard 3h")
    assert g.current_player == 0 and len(g.hands[1]) == 11 and g.hands_played == 0
    assert g.observation(0)["took_reserve"] == [1]


def test_closing_is_refused_without_a_burraco():
    g = two("Ac Ad As 5c 5d 5s 9c 9d 9s 9h Jd")
    g.apply("draw stock")
    g.apply(EVERY_CARD)
    four_melds = EVERY_CARD[5:] + " [Ac Ad As] [5c 5d 5s] [9c 9d 9s 9h]"
    with pytest.raises(IllegalAction, match="would leave only a card to discard"):
        g.apply("meld " + four_melds)               # Jd left: a run of 6 is no burraco
    assert not any(a.count("[") == 6 for a in legal(g))


@pytest.mark.parametrize("extra, extend, bonus, melded", [
    ("9h", "[3h 4h 5h 6h 7h 8h 9h]", 200, 10),                 # clean
    ("2h", "[2h 3h 4h 5h 6h 7h 8h]", 200, 20),                 # clean: the 2 in its place
    ("2c", "[3h 4h 5h 6h 7h 8h 2c(9h)]", 100, 20),             # dirty: the 2 is wild
    ("Jk", "[3h 4h 5h 6h 7h 8h Jk(9h)]", 100, 30),             # dirty: a joker
])
def test_closing_with_a_burraco_scores_the_hand(extra, extend, bonus, melded):
    g = two(f"Ac Ad As 5c 5d 5s 9c 9d 9s {extra} Jd")
    g.apply("draw stock")
    g.apply(EVERY_CARD)
    g.apply(f"meld {extend} [Kc Kd Ks] [Qc Qd Qs] [Ac Ad As] [5c 5d 5s] [9c 9d 9s]")
    g.apply("discard Jd")                                      # closing
    assert g.hands_played == 1 and g.history[0]["outcome"] == "closing"
    runs, groups = 35, 30 + 30 + 45 + 15 + 30
    # seat 1: its melded cards, the burraco, 100 for closing; seat 0: its hand (90) and
    # 100 off for the pozzetto it never took
    assert g.history[0]["points"] == [-90 - 100, runs + melded + groups + bonus + 100]


def test_closing_needs_a_final_discard():
    g = two("Ac Ad As 5c 5d 5s 9c 9d 9s 9h 5h")
    g.apply("draw stock")
    g.apply(EVERY_CARD)                               # the pozzetto may be taken so
    table = "[3h 4h 5h 6h 7h 8h 9h] [Kc Kd Ks] [Qc Qd Qs] [Ac Ad As] [9c 9d 9s]"
    with pytest.raises(IllegalAction, match="would leave no card to discard"):
        g.apply(f"meld {table} [5c 5d 5s 5h]")
    g.apply(f"meld {table} [5c 5d 5s]")
    g.apply("discard 5h")
    assert g.history[0]["outcome"] == "closing"


def test_a_two_may_not_join_a_meld_holding_a_joker():
    g = two("Ac Ad As 5c 5d 5s 9c 9d 9s Jk 2c")
    g.apply("draw stock")
    g.apply(EVERY_CARD)
    assert not g.is_legal("meld [3h 4h 5h 6h 7h 8h Jk(9h) 2c(Th)] [Kc Kd Ks] [Qc Qd Qs]")
    assert g.is_legal("meld [3h 4h 5h 6h 7h 8h Jk(9h)] [Kc Kd Ks] [Qc Qd Qs]")


def test_twos_make_no_group_but_are_natural_in_their_own_run_place():
    rules = BURRACO.hand_rules(1, 2, None)
    f = BURRACO.faces.parse

    def meld(cards: str, declared: str | None = None):
        return rules.meld([f(c) for c in cards.split()],
                          None if declared is None else [f(c) for c in declared.split()])

    assert meld("2c 2d 2h") is None and meld("2c 2c 2h") is None       # no group of 2s
    assert meld("Ah 2h 3h").pure and meld("2h 3h 4h").pure              # a 2 in its place
    assert meld("5c 5d 2h", "5c 5d 5h").jokers() == 1                   # a 2 standing in
    assert meld("5c 5d 2h 2s", "5c 5d 5h 5s") is None                   # one wild at most
    assert meld("Ah 2h 3h 2c", "Ah 2h 3h 4h").jokers() == 1             # a natural 2, a wild


# Four players, dealer 0: seats 1, 2, 3, 0 play in turn; seats 1 and 3 are partners.
# Seat 1 melds every card and takes the side's pozzetto; seat 3 then draws Ah and could lay
# every card but Jd, without a burraco.
SEAT3 = "Ac Ad As 5c 5d 5s 9c 9d 9s 9h Jd"
FOUR_HANDS = [SEAT1, "Tc Td Js Qh Kh 4c 6d 8s Jc 7c 6s", SEAT3,
              "2s 3s 4s Th Ts 7d 7s 8c 8d Jh Kd"]
SEAT3_OUT = "meld [3h 4h 5h 6h 7h 8h] [Kc Kd Ks] [Qc Qd Qs] [Ac Ad As Ah] [5c 5d 5s] [9c 9d 9s 9h]"


def four(variant=BURRACO):
    pozzetti = "Qh 3c 3d 6c 6h 2h 2d Jk Jk Ac Ad  Jk Jk 9h 8s Js 2c 2c Th 7h Tc Td"
    return new_game(variant, players=4, dealer=0,
                    deck=deck(FOUR_HANDS, f"4d {pozzetti} Qs 8h Ah"))


def test_one_pozzetto_to_a_side_so_the_partner_then_closes_or_is_refused(tmp_path):
    g = four()
    for action in ("draw stock", EVERY_CARD, "discard Qh", "draw stock", "discard 8h"):
        g.apply(action)
    assert g.observation(0)["took_reserve"] == [1] and g.current_player == 3
    g.apply("draw stock")
    assert not g.is_legal(SEAT3_OUT)        # the side has its pozzetto but no burraco
    assert g.observation(3)["teams"] == [[0, 2], [1, 3]]
    g = four()                              # seat 1 lays 2h in its place: a clean burraco
    for action in ("draw stock", EVERY_CARD, "meld [2h 3h 4h 5h 6h 7h 8h] [Kc Kd Ks] [Qc Qd Qs]",
                   "discard Qh", "draw stock", "discard 8h", "draw stock"):
        g.apply(action)
    g.apply(SEAT3_OUT.replace("[3h", "[2h 3h"))
    g.apply("discard Jd")                   # seat 3 closes for the side
    assert g.history[0]["outcome"] == "closing" and g.history[0]["winners"] == [3]
    assert g.rounds_won == [0, 1, 0, 1] and g.scores[1] == g.scores[3] > 0 > g.scores[0]
    assert State.from_json(g.to_json()).rounds_won == [0, 1, 0, 1]      # the check agrees
    path = tmp_path / "each.yaml"           # a pozzetto to each player: seat 3 takes one
    path.write_text(yaml.safe_dump({"extends": "burraco", "name": "Each",
                                    "deal": {"reserve": {"per": "player"}}}))
    h = four(load_variant(path))
    for action in ("draw stock", EVERY_CARD, "discard Qh", "draw stock", "discard 8h",
                   "draw stock"):
        h.apply(action)
    assert h.is_legal(SEAT3_OUT)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_a_whole_match_to_the_end(bot, players):
    g = new_game(BURRACO, players=players, seed=3)   # to 2005: about a second a match
    agents = [make_agent(bot, seed=s) for s in range(players)]
    start = time.time()
    while not g.is_terminal:
        g.apply(agents[g.current_player].act(g))
    assert max(g.scores) >= 2005 and time.time() - start < 60
    if players == 4:
        assert g.scores[0] == g.scores[2] and g.scores[1] == g.scores[3]
        assert sum(g.returns()) == pytest.approx(0)


def test_greedy_plays_a_whole_match_past_a_group_of_identical_cards():
    """Seed 5 lays a group 7h 7h Jk(7h) that the play search once grew into a run."""
    g = new_game(BURRACO, players=4, seed=5)
    agents = [make_agent("greedy", seed=5 + s) for s in range(4)]
    while not g.is_terminal:
        g.apply(agents[g.current_player].act(g))
    assert max(g.scores) >= 2005
