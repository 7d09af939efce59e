"""Why an action is refused, in the words of the rule that refuses it.

The phase says what the game waits for; in a turn, the step that plays the action's kind
explains itself (:meth:`interpreter.steps.base.Step.explain`), unless the turn is past that
step or an earlier step must come first. None: no rule has more to say than the list of
legal actions.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.actions import Action
from .state import Phase

if TYPE_CHECKING:
    from .legal import Legal
    from .state import GameState


def doing(state: GameState) -> str:
    """What the seat to act is to do now, in a word or a few: ``draw``, ``the upcard offer``."""
    if state.phase is Phase.TURN:
        steps = state.variant.turn
        return steps[state.step].kind if state.step < len(steps) else "end"
    if state.phase is Phase.OVER:
        return "nothing"
    return state.variant.stages[state.phase.value].waiting.split(":")[0]


def why(state: GameState, action: Action, legal: Legal) -> str | None:
    """The reason ``action`` is refused now (it is not in ``legal``), or None."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the match is over"
    if phase is Phase.TURN:
        return _in_turn(state, action, legal)
    stage = state.variant.stages[phase.value]             # the stage explains itself
    reason = stage.explain(state, action)
    if reason is not None or action.kind in stage.answers:
        return reason
    return f"seat {state.player} is at {stage.waiting}"


def _in_turn(state: GameState, action: Action, legal: Legal) -> str | None:
    steps = state.variant.turn
    blocking = _first_required(state)
    first = "" if blocking is None else f"first {steps[blocking].kind}: " + " or ".join(
        str(a) for a, i in legal.items() if i == blocking)
    if action.kind == "end":
        return f"the turn cannot end yet: {first}" if first else None
    playing = [i for i, step in enumerate(steps) if action.kind in step.plays]
    if not playing:
        return _no_step(action)
    for i in playing:
        if i < state.step:
            continue
        if blocking is not None and i > blocking and steps[i].kind not in \
                steps[blocking].instead:
            return first
        reason = steps[i].explain(state, action)
        if reason is not None:
            return reason
    if all(i < state.step for i in playing):
        return steps[playing[-1]].past
    return None


def _first_required(state: GameState) -> int | None:
    """The step the turn must stop at now, as the turn driver finds it, if any."""
    steps = state.variant.turn
    for i in range(state.step, len(steps)):
        actions, required = steps[i].actions(state)
        if actions and required:
            return i
    return None


def _no_step(action: Action) -> str:
    kind = action.kind
    if kind in ("spread", "layoff"):
        return "nobody has knocked: a spread and layoffs come after a knock"
    if kind == "buy":
        return "nothing is on offer to buy now"
    if kind in ("take", "pass"):
        return "nothing is offered now"
    return f"this variant's turn has no {kind} step"
