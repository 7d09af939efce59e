"""The meld step: put melds on the shared table (and, where the table rules allow it,
rearrange the melds already there). See :mod:`.table_melds` for what a meld action is."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..model.actions import Action
from .base import STAY, After, Step
from .table_melds import apply_meld, meld_actions, pending_card

if TYPE_CHECKING:
    from ..engine.state import GameState


@dataclass(frozen=True)
class Meld(Step):
    kind: ClassVar[str] = "meld"
    plays: ClassVar[tuple[str, ...]] = ("meld",)
    past: ClassVar[str] = "this turn is past melding"
    melding: ClassVar[bool] = True

    optional: bool = True          # False: a player who can meld must meld once this turn

    def actions(self, state: GameState) -> tuple[list[Action], bool]:
        melds = meld_actions(state)
        required = not self.optional and not state.melded or pending_card(state) is not None
        return melds, required and bool(melds)

    def melds_now(self, state: GameState) -> bool:
        return True

    def apply(self, state: GameState, action: Action) -> After:
        apply_meld(state, action)
        return STAY

    def sentence(self) -> str:
        if self.optional:
            return "Meld (optional): put melds on the table, as many times as you like."
        return ("Meld: a player who can put a meld on the table must do so (at least once "
                "this turn), and may meld more.")
