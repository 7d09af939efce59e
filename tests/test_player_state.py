"""Per-player facts of the hand in formulas: opened, melded_points, laid_off."""
from __future__ import annotations

from gameplay import FULL_DECK

from interpreter import load_variant, new_game

REWARDS = """
extends: gin_standard
name: Rewards
scoring:
  outcomes:
    knock:
      award:
        - {to: knocker, points: "knocker.melded_points"}
        - {to: opponents, points: "100 + p.laid_off + (1000 if p.opened else 0)"}
"""


def test_melded_points_and_layoffs_reach_the_scoring_formulas(tmp_path):
    path = tmp_path / "rewards.yaml"
    path.write_text(REWARDS)
    variant = load_variant(path)
    hand1 = ["Ah", "2h", "3h", "4h", "5c", "6c", "7c", "8c", "3d", "5s"]     # knocks: 8 deadwood after Kh
    hand0 = ["4c", "9c", "Kc", "Kd", "Ks", "2c", "2d", "9s", "8s", "Qh"]     # lays off 4c and 9c, melds the kings
    order = [c for pair in zip(hand1, hand0) for c in pair] + ["Qs", "Kh"]
    g = new_game(variant, deck=order + [c for c in FULL_DECK if c not in order], dealer=0)
    for action in ("pass", "pass", "draw stock", "knock Kh", "spread"):
        g.apply(action)
    run = g.observation(0)["spread"]["knocker_melds"].index(["5c", "6c", "7c", "8c"])
    g.apply(f"layoff 4c on {run}")
    g.apply(f"layoff 9c on {run}")
    g.apply("spread")
    (record,) = g.history
    assert record["outcome"] == "knock"
    assert record["points"] == [100 + 2, 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8]


CAROUSEL_OPENED = """
extends: carousel
name: Opened
scoring:
  outcomes:
    count: {award: [{to: players, points: "p.melded_points + (1000 if p.opened else 0)"}]}
"""


def test_table_melds_count_for_the_player_who_made_them(tmp_path):
    path = tmp_path / "opened.yaml"
    path.write_text(CAROUSEL_OPENED)
    variant = load_variant(path)
    g = new_game(variant, players=2, seed=3)
    melded = {0: 0, 1: 0}
    while not g.history:
        seat = g.current_player
        legal = g.legal_actions()
        meld = next((a for a in legal if a.kind == "meld"), None)
        if meld is not None:
            before = g.observation(seat)
            g.apply(meld)
            after = g.observation(seat)
            gone = list(before["hand"])
            for card in after["hand"]:
                gone.remove(card)
            melded[seat] += sum(variant.faces.points[variant.faces.parse(c)] for c in gone)
            continue
        g.apply(next((a for a in legal if a.kind == "draw"), legal[0]))
    record = g.history[0]
    assert record["outcome"] == "count" and all(melded.values())
    assert record["points"] == [melded[s] + 1000 for s in (0, 1)]
