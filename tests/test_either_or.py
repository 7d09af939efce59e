"""Either/or turns (``draw: {instead: [...]}``): a later step's action taken in place of the
draw. Scenarios with explicit decks."""
from __future__ import annotations

import pytest
import yaml
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game
from interpreter.errors import SpecError


def variant(tmp_path, base: str, **patch):
    path = tmp_path / "either.yaml"
    path.write_text(yaml.safe_dump({"extends": base, "name": "Either", **patch}))
    return load_variant(path)


def rummy_deck(hand1: str) -> list[str]:
    """Basic Rummy, three players, dealer 0: seats 1, 2, 0 dealt one card at a time."""
    hands = {1: hand1.split(), 2: ["5h", "6h", "8s", "Tc", "Jc", "2d", "3d"],
             0: ["Ad", "9c", "Ts", "Ks", "4s", "5s", "Kd"]}
    order = [hands[s][i] for i in range(7) for s in (1, 2, 0)]
    return order + [c for c in FULL_DECK if c not in order]


def test_meld_instead_of_drawing(tmp_path):
    v = variant(tmp_path, "basic_rummy", turn={"draw": {"instead": ["meld"]}})
    g = new_game(v, players=3, deck=rummy_deck("2c 3c 4c 7d 7h 7s 9h"), dealer=0)
    assert {str(a) for a in g.legal_actions()} >= {"draw stock", "meld [2c 3c 4c]"}
    g.apply("meld [2c 3c 4c] [7d 7h 7s]")               # no draw: straight to the meld step
    assert [str(a) for a in g.legal_actions()] == ["discard 9h"]
    g.apply("discard 9h")
    (record,) = g.history
    assert record["outcome"] == "going_out" and record["winners"] == [1]


def test_drawing_first_is_still_allowed_and_then_the_turn_goes_on_as_before(tmp_path):
    v = variant(tmp_path, "basic_rummy", turn={"draw": {"instead": ["meld"]}})
    g = new_game(v, players=3, deck=rummy_deck("2c 3c 4c 7d 7h 7s 9h"), dealer=0)
    g.apply("draw stock")
    assert not any(a.kind == "draw" for a in g.legal_actions())
    g.apply("meld [2c 3c 4c]")
    with pytest.raises(IllegalAction):
        g.apply("draw stock")                           # the draw cannot come back


def test_without_the_option_a_meld_before_drawing_is_refused(tmp_path):
    g = new_game(load_variant("basic_rummy"), players=3,
                 deck=rummy_deck("2c 3c 4c 7d 7h 7s 9h"), dealer=0)
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("meld [2c 3c 4c]")
    assert g.to_json() == before


def test_knock_instead_of_drawing_ends_the_hand_at_once(tmp_path):
    """A Tonk-like drop: a player may end the hand before drawing."""
    v = variant(tmp_path, "gin", turn=[
        {"draw": {"instead": ["knock"]}},
        {"knock": {"when": "deadwood <= 10", "discard": "none"}}, {"discard": {}}])
    hands = {1: ["Ah", "2h", "3h", "7c", "7d", "7s", "9s", "Ts", "Js", "4d"],
             0: ["6c", "6d", "8h", "Kc", "8c", "Th", "4c", "2d", "Jh", "Qd"]}
    order = [hands[s][i] for i in range(10) for s in (1, 0)]
    g = new_game(v, players=2, deck=order + [c for c in FULL_DECK if c not in order], dealer=0)
    assert {str(a) for a in g.legal_actions()} == {"draw stock", "draw discard", "knock"}
    g.apply("knock")
    assert g.knocker == 1 and g.observation(1)["hand_sizes"] == [10, 10]


def test_instead_names_a_later_step(tmp_path):
    with pytest.raises(SpecError, match=r"turn\[0\].draw.instead\[0\]: the turn has no knock "
                                        r"step after the draw"):
        variant(tmp_path, "basic_rummy", turn={"draw": {"instead": ["knock"]}})


def test_the_rules_sheet_says_it(tmp_path):
    v = variant(tmp_path, "basic_rummy", turn={"draw": {"instead": ["meld"]}})
    assert "Instead of drawing, the player may go straight to the meld step" in \
        v.step("draw").sentence()
