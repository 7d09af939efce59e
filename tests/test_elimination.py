"""Elimination: players out of the match are dealt no more hands; the last one left wins."""
from __future__ import annotations

import random

from interpreter import load_variant, new_game

KNOCKOUT = """
extends: gin
name: Knockout
params: {limit: 40}
match:
  ends_when: "false"
  eliminate_when: "p.score >= limit"
"""


def test_players_past_the_limit_sit_out_until_one_is_left(tmp_path):
    path = tmp_path / "knockout.yaml"
    path.write_text(KNOCKOUT)
    v = load_variant(path)
    g = new_game(v, players=3, seed=8)
    rng = random.Random(8)
    out_at: dict[int, int] = {}
    while not g.is_terminal:
        for seat in g.eliminated:
            out_at.setdefault(seat, len(g.history))
        assert not set(g.in_play) & set(g.eliminated)
        assert g.current_player not in g.eliminated and g.dealer not in g.eliminated
        g.apply(rng.choice(g.legal_actions()))
    assert len(g.eliminated) == 2
    (winner,) = set(range(3)) - set(g.eliminated)
    assert g.scores[winner] < 40 and all(g.scores[s] >= 40 for s in g.eliminated)
    for seat, hand in out_at.items():          # no hand after elimination deals them cards
        assert all(r["points"][seat] == 0 for r in g.history[hand:]), seat
