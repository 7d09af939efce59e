"""Draw until you meld: draw from the stock one card at a time, up to a limit, stopping at the
first meld on the table; with an empty stock (the last lap) a player may meld without drawing."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..model.actions import Action
from ..model.state_fields import COUNT, state_field
from .base import DRAW_STOCK, STAY, After, Step
from .table_melds import apply_meld, meld_actions

if TYPE_CHECKING:
    from ..engine.state import GameState


@dataclass(eq=False)
class DrawUntilMeldMemory:
    """The step's slice of the game state: cards drawn this turn."""

    __slots__ = ()
    draws: int = state_field("turn", COUNT, 0)


@dataclass(frozen=True)
class DrawUntilMeld(Step):
    kind: ClassVar[str] = "draw_until_meld"
    plays: ClassVar[tuple[str, ...]] = ("draw", "meld")
    melding: ClassVar[bool] = True

    max_draws: int = 3
    meld_after_last: bool = False      # may still meld after the last draw allowed

    def actions(self, state: GameState) -> tuple[list[Action], bool]:
        melds = meld_actions(state) if self.melds_now(state) else []
        if state.melded or state.draws >= self.max_draws or not state.stock:
            return melds, False
        return [DRAW_STOCK] + melds, True

    def melds_now(self, state: GameState) -> bool:
        if state.melded:
            return True
        if state.draws == 0:
            return not state.stock                   # nothing to draw: the last lap
        return state.draws < self.max_draws or self.meld_after_last

    def apply(self, state: GameState, action: Action) -> After:
        if action.kind == "meld":
            apply_meld(state, action)
        else:
            if state.stock:
                state.hands[state.player].append(state.stock.pop())
            state.draws += 1
        return STAY

    def explain(self, state: GameState, action: Action) -> str | None:
        if action.kind == "draw":
            if state.melded:
                return "you have melded: no more draws this turn"
            if state.draws >= self.max_draws:
                return f"you have drawn {self.max_draws} cards, the most a turn allows"
            return None if state.stock else "the stock is empty"
        if self.melds_now(state):
            return None
        if state.draws == 0:
            return "draw first: a meld comes after a draw"
        return f"you drew {self.max_draws} cards without melding: no meld this turn"

    def sentence(self) -> str:
        after = ("may still meld after the last draw" if self.meld_after_last
                 else "may not meld after the last draw")
        return (f"Draw from the stock one card at a time, up to {self.max_draws}, stopping at "
                f"the first meld (after a meld no more cards are drawn, but more melds may be "
                f"made); you {after}. With an empty stock, you may meld without drawing.")
