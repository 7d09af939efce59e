"""Counters a spec declares: a number per player, set at the start of each hand or of the
match, and updated as that player takes an action (before the action changes the cards).
Owns the field ``counters``."""
from __future__ import annotations

from ..model.views import knock_env


def start(state, reset: str) -> None:
    """Counters that start again at a ``reset`` ("hand" or "match") take their start value."""
    for counter in state.variant.counters:
        if counter.reset == reset or reset == "match":
            state.counters[counter.name] = [counter.start] * state.players


def on_action(state, seat: int, event: str) -> None:
    """Update the acting seat's counters that listen to ``event`` (an action kind, with the
    pile for draws: ``draw_stock``, ``draw_discard``)."""
    env = None
    for counter in state.variant.counters:
        formula = counter.update.get(event)
        if formula is None:
            continue
        if env is None:
            env = knock_env(state, seat, state.hand_faces(seat))
        env["value"] = state.counters[counter.name][seat]
        state.counters[counter.name][seat] = formula(env)
