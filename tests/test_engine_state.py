"""The engine's state: declared fields, JSON derived from them, snapshots, the Phase enum,
queries that change nothing, and a scoring row that pays nobody."""
from __future__ import annotations

import json
import random

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, State, load_variant, new_game
from interpreter.engine import Phase
from interpreter.engine.state import FIELDS
from interpreter.frontends.cli import main

GIN = load_variant("gin")
CAROUSEL = load_variant("carousel")


def _played(variant, actions: int, seed: int = 5, players: int = 2) -> State:
    g = new_game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_terminal:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_json_holds_exactly_the_declared_fields():
    g = _played(GIN, 30)
    doc = json.loads(g.to_json())
    keys = {f.key for f in FIELDS.values()}
    assert set(doc) == {"format", "version", "variant", "state"}
    data = doc["state"]
    assert set(data) == keys
    assert data["phase"] in {p.value for p in Phase}
    copy = State.from_json(g.to_json(), GIN)
    assert copy.to_json() == g.to_json() and copy.phase is g.phase


@pytest.mark.parametrize("variant", [GIN, CAROUSEL], ids=["gin", "carousel"])
def test_queries_change_nothing(variant):
    rng = random.Random(3)
    g = new_game(variant, players=2, seed=3)
    for _ in range(120):
        if g.is_terminal:
            break
        before = g.to_json()
        legal = g.legal_actions()
        for seat in range(g.players):
            g.observation(seat)
        assert all(g.is_legal(a) for a in legal)
        assert not g.is_legal("discard Zz")
        assert g.is_legal("knock") == ("knock" in map(str, legal))
        _ = g.meld_step                   # (a query: it must change nothing)
        assert g.to_json() == before
        g.apply(rng.choice(legal))


def test_snapshot_restore_puts_back_every_field():
    g = _played(GIN, 25)
    before = g.to_json()
    snapshot = g.snapshot()
    g.apply(g.legal_actions()[0])
    assert g.to_json() != before
    g.restore(snapshot)
    assert g.to_json() == before


def test_a_refused_unlisted_table_move_leaves_the_state_as_it_was():
    g = new_game(CAROUSEL, players=2, seed=11)
    while g.meld_step is None:
        g.apply(next(a for a in g.legal_actions() if a.kind == "draw") if any(
            a.kind == "draw" for a in g.legal_actions()) else g.legal_actions()[0])
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("meld [Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh]")
    assert g.to_json() == before
    assert not g.is_legal("meld [Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh]")
    assert g.to_json() == before


def test_a_trial_or_refused_move_keeps_the_lists_a_caller_holds():
    """A meld the rules check on the state (is_legal, a refused apply) is undone in place:
    a caller's ``state.history`` or hand is still the state's own afterwards."""
    g = new_game(CAROUSEL, players=2, seed=11)
    while g.meld_step is None:
        g.apply(next(a for a in g.legal_actions() if a.kind == "draw"))
    held = {name: getattr(g, name) for name in ("history", "log", "hands", "table", "stock")}
    hand = g.hands[g.current_player]
    move = "meld [Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh]"
    assert not g.is_legal(move)
    with pytest.raises(IllegalAction):
        g.apply(move)
    assert all(getattr(g, name) is value for name, value in held.items())
    assert g.hands[g.current_player] is hand
    g.apply(g.legal_actions()[0])
    assert g.log is held["log"] and len(held["log"]) == len(g.log)


def test_phase_is_an_enum_equal_to_its_name():
    g = new_game(GIN, players=2, seed=1)
    assert g.phase is Phase.OFFER and g.phase == "offer"
    assert g.observation(0)["phase"] == "offer"


NOBODY_PAID = """
extends: gin_standard
name: Nobody paid
scoring:
  outcomes:
    - outcome: gin
      when: "knocker.deadwood == 0"
      winners: knocker
      award: []
    - outcome: knock
      winners: knocker
      award: [{to: "winners - winners", points: "10"}]
"""


def _knock_hand() -> list[str]:
    """Seat 1 (left of dealer 0) is dealt a gin hand; the upcard is 2c."""
    hand1 = ["Ah", "2h", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "Th"]
    hand0 = ["Ac", "As", "Ad", "3c", "3d", "3s", "5c", "5d", "5s", "Kc"]
    order = [c for pair in zip(hand1, hand0) for c in pair] + ["2c"]
    return order + [c for c in FULL_DECK if c not in order]


def test_a_row_that_pays_nobody_scores_nothing_and_the_validator_warns(tmp_path, capsys):
    path = tmp_path / "nobody.yaml"
    path.write_text(NOBODY_PAID)
    variant = load_variant(path)
    assert any("'gin' has no awards" in w for w in variant.warnings)
    g = new_game(variant, deck=_knock_hand(), dealer=0)
    g.apply("pass")
    g.apply("pass")
    g.apply("draw stock")
    knock = next(a for a in g.legal_actions() if a.kind == "knock")
    g.apply(knock)
    while g.history == []:
        g.apply(g.legal_actions()[0])
    assert g.history[0]["outcome"] == "gin" and g.history[0]["points"] == [0, 0]
    assert g.scores == [0, 0]
    assert main(["validate", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:" in err and "warning: outcome 'gin' has no awards" in err


DEAD_ROWS = """
extends: gin_standard
name: Dead rows
scoring:
  outcomes:
    - outcome: knock
      winners: knocker
      award: [{to: winners, points: "10"}]
    - outcome: gin
      winners: knocker
      award: [{to: winners, points: "25"}]
"""


def test_the_validator_warns_of_rows_that_can_never_decide_a_hand(tmp_path):
    path = tmp_path / "dead.yaml"
    path.write_text(DEAD_ROWS)
    (warning,) = load_variant(path).warnings
    assert warning.startswith(f"{path}:") and "'knock' always holds" in warning


ENDLESS = """
extends: gin_standard
name: Endless
turn: {knock: null}
stock: {then: reshuffle_discards}
round_end: {max_turns: 40}
"""


def test_a_hand_that_cannot_end_is_void_at_the_turn_guard_and_the_validator_warns(tmp_path):
    path = tmp_path / "endless.yaml"
    path.write_text(ENDLESS)
    variant = load_variant(path)
    (warning,) = variant.warnings
    assert warning.startswith(f"{path}:") and "no hand can end" in warning
    g = _played(variant, 400)
    assert g.history and all(h["outcome"] == "void" and h["turns"] == 40 for h in g.history)
