"""A rule's memory is a slice of the game state declared in the rule's module: saving,
loading, the saved-game schema, the saved-game checks, resets and snapshots follow from the
declaration with no other edit (docs/state.md). A toy rule's slice shows it."""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from jsonschema import Draft202012Validator

from interpreter import State, new_game
from interpreter.engine import saved, saved_checks
from interpreter.engine.layout import layout_of
from interpreter.errors import SavedGameError
from interpreter.model.state_fields import CARD, COUNT, NAMED, SEAT, state_field


@dataclass(eq=False)
class ToyMemory:
    """A toy rule's slice: a card named this hand, a seat chosen for the match, a count of
    this turn."""

    __slots__ = ()
    lucky: int | None = state_field("hand", CARD, None, cards=NAMED)
    favourite: int | None = state_field("match", SEAT, None)
    nudges: int = state_field("turn", COUNT, 0)


@dataclass(eq=False, slots=True)
class ToyState(State, ToyMemory):
    """The game state with the toy rule's slice."""


def _toy_game() -> tuple[State, ToyState]:
    game = new_game("gin_standard", seed=5)
    rng = random.Random(5)
    for _ in range(12):
        game.apply(rng.choice(game.legal_actions()))
    toy = ToyState(variant=game.variant)
    toy.load_data(layout_of(ToyState).fill_missing(game.to_data()))   # saved before the rule
    toy.lucky, toy.favourite, toy.nudges = game.stock[0], 1, 3
    return game, toy


def test_a_slice_is_saved_and_loaded_under_its_own_keys():
    game, toy = _toy_game()
    data = toy.to_data()
    assert (data["lucky"], data["favourite"], data["nudges"]) == (game.stock[0], 1, 3)
    again = ToyState(variant=game.variant)
    again.load_data(data)
    assert again.to_data() == data
    assert {key: value for key, value in data.items()
            if key not in ("lucky", "favourite", "nudges")} == game.to_data()


def test_a_slice_is_in_the_saved_game_schema():
    _, toy = _toy_game()
    schema = saved.schema(ToyState)
    state = schema["properties"]["state"]
    assert {"lucky", "favourite", "nudges"} <= set(state["properties"])
    assert not {"lucky", "favourite", "nudges"} & set(state["required"])   # a rule's: optional
    assert "lucky" not in saved.schema()["properties"]["state"]["properties"]
    document = {"format": saved.FORMAT, "version": saved.VERSION,
                "variant": saved.variant_ref(toy.variant), "state": toy.to_data()}
    validator = Draft202012Validator(schema)
    assert not list(validator.iter_errors(document))
    document["state"]["nudges"] = -1
    assert list(validator.iter_errors(document))


@pytest.mark.parametrize("key,value,where", [("lucky", 10_000, "$.state.lucky"),
                                             ("favourite", 7, "$.state.favourite")])
def test_a_slice_is_checked_by_its_kind(key, value, where):
    _, toy = _toy_game()
    data = toy.to_data()
    saved_checks.check(data, toy.variant, "gin_standard", ToyState)
    data[key] = value
    with pytest.raises(SavedGameError) as raised:
        saved_checks.check(data, toy.variant, "gin_standard", ToyState)
    assert raised.value.path == where


def test_a_named_card_of_a_slice_is_not_a_place():
    """The toy's card is named, not placed: it lies in the stock too, and that is no error;
    a slice that claimed it lay there would make it lie in two places."""
    _, toy = _toy_game()
    data = toy.to_data()
    assert data["lucky"] in data["stock"]
    saved_checks.check(data, toy.variant, "gin_standard", ToyState)


def test_a_slice_is_reset_and_restored_by_its_lifetime():
    _, toy = _toy_game()
    snapshot = toy.snapshot()
    toy.reset("turn")
    assert (toy.nudges, toy.favourite) == (0, 1)
    toy.reset("hand")
    assert toy.lucky is None and toy.favourite == 1
    toy.restore(snapshot)
    assert (toy.lucky, toy.favourite, toy.nudges) == (snapshot["lucky"], 1, 3)
