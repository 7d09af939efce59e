"""The end of a hand where players drop out of it (the turn's ``drop`` step,
:mod:`interpreter.steps.drop`): once one player is left, the hand is counted. The turn driver
asks this rule after every turn, before the round end (``Variant.after_turn``)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import Ending

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..steps.base import Step


@dataclass(frozen=True)
class OneLeft:
    """After each turn: the hand is counted once every other player has dropped."""

    def after_turn(self, state: GameState, seat: int) -> Ending | None:
        if not state.dropped:
            return None
        left = [s for s in state.in_play if s not in state.dropped]
        return Ending.SCORE if len(left) <= 1 else None

    def quiet_while(self) -> None:
        """Never sure: a drop may end the hand after any turn (and turns pass over the seats
        that dropped), so the turn driver takes no fast path."""
        return None


def hand_enders(turn: Sequence[Step]) -> tuple[OneLeft, ...]:
    """The rules a turn's steps add after each turn: one left, where players may drop."""
    return (OneLeft(),) if any(step is not None and step.kind == "drop" for step in turn) \
        else ()
