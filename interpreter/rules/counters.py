"""Counters a spec declares (the ``counters`` section): a number per player, set at the start
of each hand or of the match, updated as that player takes an action (before the action
changes the cards) and after each scored hand, and added to by match bonuses that name them.
Their values are this rule's slice of the game state."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model.actions import Action
from ..model.state_fields import Checker, Kind, state_field
from ..model.views import PlayerView, knock_env

if TYPE_CHECKING:
    from ..engine.state import GameState


def _each_counter(value: dict[str, list[float]], at: str, check: Checker) -> None:
    """A saved counter has a value per player."""
    for name, values in value.items():
        if len(values) != check.players:
            raise check.fail(f"{at}.{name}", f"{len(values)} entries for {check.players} "
                             "players")


COUNTERS = Kind("counters", {"type": "object", "maxProperties": 256,
                             "propertyNames": {"$ref": "#/$defs/name"},
                             "additionalProperties": {"$ref": "#/$defs/per_seat_numbers"}},
                _each_counter)


@dataclass(eq=False)
class CountersMemory:
    """The counters' slice of the game state: each counter's value per seat, by name."""

    __slots__ = ()
    counters: dict[str, list[float]] = state_field("match", COUNTERS, factory=dict)


def start(state: GameState, reset: str) -> None:
    """Counters that start again at a ``reset`` ("hand" or "match") take their start value."""
    for counter in state.variant.counters:
        if counter.reset == reset or reset == "match":
            state.counters[counter.name] = [counter.start] * state.players


def on_action(state: GameState, seat: int, event: str, action: Action | None = None) -> None:
    """Update the acting seat's counters that listen to ``event`` (an action kind, with the
    pile for draws: ``draw_stock``, ``draw_discard``; a discard of the card taken from the
    pile this turn is ``discard_taken`` for counters that listen to it)."""
    env = None
    thrown_back = event == "discard" and state.taken is not None and action is not None and \
        action.cards[0] == state.variant.faces.name(state.face_of[state.taken])
    for counter in state.variant.counters:
        formula = counter.update.get(event)
        if thrown_back:
            formula = counter.update.get("discard_taken", formula)
        if formula is None:
            continue
        if env is None:
            env = knock_env(state, seat, state.hand_faces(seat))
        env["value"] = state.counters[counter.name][seat]
        state.counters[counter.name][seat] = formula(env)


def on_scored(state: GameState, env: dict[str, Any], points: list[int], outcome: str, counted: dict[int, int]) -> None:
    """After a scored hand: each counter with a ``scored`` update, in the order listed, takes
    its new value for every seat at once (``env`` is the award environment of the hand)."""
    playing = {p.seat: p for p in env["players"]}      # the views winners and losers hold
    seats = [playing.get(seat) or PlayerView(state, seat, counted)
             for seat in range(state.players)]
    env["outcome"] = outcome
    for counter in state.variant.counters:
        formula = counter.update.get("scored")
        if formula is None:
            continue
        values = state.counters[counter.name]
        new = []
        for seat, view in enumerate(seats):
            env["p"], env["value"], env["points"] = view, values[seat], points[seat]
            new.append(formula(env))
        state.counters[counter.name] = new
    for name in ("p", "value", "points", "outcome"):
        env.pop(name, None)


def shown(state: GameState) -> dict[str, list[float]]:
    """The counters the spec shows next to the totals, by name."""
    return {c.name: list(state.counters[c.name]) for c in state.variant.counters if c.show}
