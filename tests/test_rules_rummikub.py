"""Rummikub (variants/rummikub.yaml), scenario by scenario from explicit tile orders: the tile
set, play or draw (draw.ends_turn with instead: [meld]), the initial meld of 30 from one's own
rack, play after the pool is empty until every player passes (stock.then: until_all_pass),
the scoring, and the bots on the table."""
from __future__ import annotations

from collections import Counter

import pytest

from interpreter import IllegalAction, load_variant, new_game
from interpreter.agents import make_agent

RUMMIKUB = load_variant("rummikub")
TILES = [f"{n}{c}" for c in "krbo" for n in range(1, 14)] * 2 + ["Jk", "Jk"]


def stacked(hands: dict[int, str], dealer: int, then: str = "") -> list[str]:
    """A tile order, top first, dealing ``hands`` one tile at a time from the dealer's left,
    then ``then`` (the pool's top), then the rest of the 106 tiles."""
    players = len(hands)
    seats = sorted(hands, key=lambda s: (s - dealer - 1) % players)
    dealt = {s: h.split() for s, h in hands.items()}
    order = [dealt[s][i] for i in range(len(dealt[seats[0]])) for s in seats] + then.split()
    left = Counter(TILES)
    left.subtract(order)
    assert min(left.values()) >= 0, "more copies than the set has"
    return order + [t for t in left.elements()]


# Dealer 0, seat 1 plays first: it holds 40 in 10s, a run worth 6 and a joker beside 12r 13r;
# seat 0 holds a run worth 36 and 9b 11b (to take 10b out of a group of 10s).
SEAT_1 = "10k 10r 10b 10o 1r 2r 3r 12r 13r Jk 5b 6k 7o 8o"
SEAT_0 = "11k 12k 13k 9b 11b 2k 4k 4r 2b 3o 6r 7b 8k 9o"
DECK = stacked({1: SEAT_1, 0: SEAT_0}, dealer=0, then="1o 5k 6o 2o")


def game(deck=DECK, players: int = 2):
    return new_game(RUMMIKUB, players=players, seed=0, dealer=0, deck=deck)


def legal(g) -> set[str]:
    return set(map(str, g.legal_actions()))


def test_the_tile_set_and_the_deal():
    g = new_game(RUMMIKUB, players=4, seed=1)
    assert len(g.face_of) == 106
    names = Counter(RUMMIKUB.faces.name(face) for face in g.face_of)
    assert names == Counter(TILES)
    assert [len(g.observation(s)["hand"]) for s in range(4)] == [14] * 4
    assert g.observation(0)["stock"] == 106 - 56


def test_a_turn_is_play_or_draw():
    g = game()
    assert g.current_player == 1
    assert "draw stock" in legal(g) and "end" not in legal(g)     # play or draw: no passing
    g.apply("draw stock")                                         # drawing ends the turn
    assert g.current_player == 0 and len(g.observation(1)["hand"]) == 15
    g.apply("meld [11k 12k 13k]")
    assert "draw stock" not in legal(g) and "end" in legal(g)     # played: no draw
    g.apply("end")
    assert g.current_player == 1


@pytest.mark.parametrize("meld,legal_", [
    ("[1r 2r 3r]", False),                              # 6 points
    ("[10k 10r 10b]", True),                            # 30
    ("[Jk(11r) 12r 13r]", True),                        # the joker counts 11
    ("[1r 2r 3r] [10k 10r 10o]", True),                 # 36 in two sets
    ("[1r 2r Jk(3r)]", False),
])
def test_the_initial_meld_is_30_from_the_rack(meld, legal_):
    assert game().is_legal(f"meld {meld}") is legal_


def test_no_table_tiles_before_the_initial_meld():
    g = game()
    for action in ("meld [10k 10r 10b 10o]", "end"):
        g.apply(action)
    assert not g.is_legal("meld [10k 10r 10o] [9b 10b 11b]")         # not opened yet
    with pytest.raises(IllegalAction):
        g.apply("meld [10k 10r 10b 10o] [9b 10b 11b]")
    g.apply("meld [10k 10r 10b 10o] [11k 12k 13k]")                    # the opening, 36
    # reading: once opened, the player may go on in the same turn, table tiles included
    assert g.is_legal("meld [10k 10r 10o] [9b 10b 11b] [11k 12k 13k]")


def test_the_greedy_bot_rearranges_the_table():
    g = game()
    for action in ("meld [10k 10r 10b 10o]", "end", "meld [10k 10r 10b 10o] [11k 12k 13k]",
                   "end", "draw stock"):
        g.apply(action)
    play = make_agent("greedy", 0).act(g)
    melds = {tuple(sorted(m)) for m in play.melds}
    assert tuple(sorted(["9b", "10b", "11b"])) in melds
    assert tuple(sorted(["10k", "10r", "10o"])) in melds
    g.apply(play)


def test_going_out_scores_the_others_tiles_a_joker_30():
    out = "1k 1r 1b 1o 2k 2r 2b 3k 3r 3b 3o 13k 13r 13b"
    left = "Jk 5o 6o 9k 9r 4b 4o 7k 8r 8b 11r 11o 12b 12o"
    g = game(stacked({1: out, 0: left}, dealer=0))
    g.apply("meld [1k 1r 1b 1o] [2k 2r 2b] [3k 3r 3b 3o] [13k 13r 13b]")
    hand = g.history[0]
    total = 30 + sum(int(t[:-1]) for t in left.split()[1:])
    assert hand["outcome"] == "going_out" and hand["winners"] == [1]
    assert hand["points"] == [-total, total]


def test_after_the_pool_empties_play_goes_on_until_everyone_passes():
    g = game()
    while g.observation(0)["stock"]:
        g.apply("draw stock")
    last = 1 - g.current_player                  # drew the last tile: not a pass
    g.apply("end")                               # a pass
    assert not g.history
    g.apply("meld [10k 10r 10b 10o]" if g.current_player == 1 else "meld [11k 12k 13k]")
    g.apply("end")                               # a play: the passes start again
    g.apply("end")
    assert not g.history
    g.apply("end")                               # every player has passed in a row
    hand = g.history[0]
    assert hand["outcome"] == "blocked" and last in (0, 1)
    low = min(hand["deadwood"].values())
    for seat, points in enumerate(hand["points"]):
        if seat not in hand["winners"]:
            assert points == low - hand["deadwood"][str(seat)]
    assert sum(hand["points"]) == 0


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_matches_play_to_the_end(players, bot):
    g = new_game(RUMMIKUB, players=players, seed=5)
    agents = [make_agent(bot, s) for s in range(players)]
    while not g.is_terminal:
        g.apply(agents[g.current_player].act(g))
    assert len(g.history) == 4 and sum(g.scores) == 0
    if bot == "greedy":
        assert any(h["outcome"] == "going_out" for h in g.history)
