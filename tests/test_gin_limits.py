"""Gin-family limits the spec can state: who plays first, and a cap on layoffs per meld."""
from __future__ import annotations

from gameplay import FULL_DECK

from interpreter import load_variant, new_game


def variant(tmp_path, text: str):
    path = tmp_path / "house.yaml"
    path.write_text(text)
    return load_variant(path)


def test_the_dealer_may_play_first(tmp_path):
    dealer_first = variant(tmp_path, "extends: gin\nname: Dealer first\n"
                                     "deal: {first_player: dealer}\n")
    for v, first in ((load_variant("gin"), 1), (dealer_first, 0)):
        g = new_game(v, players=2, seed=4, dealer=0)
        assert g.current_player == first and g.phase == "offer"
        g.apply("pass")
        g.apply("pass")
        assert g.current_player == first and g.phase == "turn"
        g.apply("draw stock")
        g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
        assert g.current_player == 1 - first
    three = new_game(dealer_first, players=3, seed=4, dealer=2)
    assert three.observation(0)["current_player"] == 2


def _knocked(v):
    """Seat 1 knocks with 5c-8c on the table; seat 0 could lay off 4c and 9c onto it."""
    hand1 = ["Ah", "2h", "3h", "4h", "5c", "6c", "7c", "8c", "3d", "5s"]
    hand0 = ["4c", "9c", "Kc", "Kd", "Ks", "2c", "2d", "9s", "8s", "Qh"]
    order = [c for pair in zip(hand1, hand0) for c in pair] + ["Qs", "Kh"]
    g = new_game(v, deck=order + [c for c in FULL_DECK if c not in order], dealer=0)
    for action in ("pass", "pass", "draw stock", "knock Kh", "spread"):
        g.apply(action)
    run = g.observation(0)["spread"]["knocker_melds"].index(["5c", "6c", "7c", "8c"])
    return g, run


def test_layoffs_onto_one_meld_may_be_capped(tmp_path):
    capped = variant(tmp_path, "extends: gin_standard\nname: Capped\n"
                               "round_end: {layoffs: {max_per_meld: 1}}\n")
    for v, second in ((load_variant("gin_standard"), True), (capped, False)):
        g, run = _knocked(v)
        g.apply(f"layoff 4c on {run}")
        assert (f"layoff 9c on {run}" in map(str, g.legal_actions())) is second
    assert "at most 1 onto any one meld" in capped.round_end.spread.sentence()


def test_the_others_melds_may_be_refused_after_a_knock(tmp_path):
    bare = variant(tmp_path, "extends: gin_standard\nname: Bare\n"
                             "round_end: {defenders_meld_when: 'false'}\n")
    points = []
    for v in (load_variant("gin_standard"), bare):
        g, run = _knocked(v)
        if v is bare:
            assert {str(a) for a in g.legal_actions() if a.kind == "spread"} == {
                "spread", "spread []"}
        g.apply("spread")
        points.append(g.history[0]["points"])
    # seat 0 keeps Kc Kd Ks as a meld (44 points left), or counts them too (74)
    assert points == [[0, 44 - 8], [0, 74 - 8]]
    assert "only if: false" in bare.round_end.spread.sentence()


LAST_TURNS = """
extends: carousel
name: Last turns
round_end: {last_turns_after_going_out: true}
"""


def test_after_going_out_the_others_may_play_once_more(tmp_path):
    v = variant(tmp_path, LAST_TURNS)
    for seed in range(1, 40):
        g = new_game(v, players=3, seed=seed)
        out = None
        while not g.history:
            seat = g.current_player
            legal = g.legal_actions()
            g.apply(next((a for a in legal if a.kind == "meld"),
                         next((a for a in legal if a.kind == "draw"), legal[0])))
            if out is None and not g.history and g.went_out is not None:
                out, others = g.went_out, []
            elif out is not None and seat != out and seat not in others:
                others.append(seat)
        if out is not None:
            assert g.history[0]["outcome"] == "going_out"
            assert sorted(others) == sorted(s for s in range(3) if s != out)
            return
    raise AssertionError("nobody went out in 40 seeded hands")
