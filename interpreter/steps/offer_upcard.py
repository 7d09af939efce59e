"""The upcard offer: before the first turn of a hand, the upcard is offered to players in
order; the first to take it has drawn it. If all pass, the first player draws from the stock."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..model.actions import Action
from ..model.state_fields import FLAG, SEATS, state_field
from .base import PASS, TAKE, Resume, Step, ask, back_to_turn
from .draw import take_discard

if TYPE_CHECKING:
    from ..engine.state import GameState

TO = {"around_table": "the first player, then each next player in turn",
      "first_player_then_dealer": "the first player, then the dealer"}


@dataclass(eq=False)
class OfferMemory:
    """The offer's slice of the game state: the seats still to be offered the upcard (the
    first is asked now), and whether the player in turn may draw only from the stock (every
    seat passed the upcard)."""

    __slots__ = ()
    offer: list[int] = state_field("hand", SEATS, factory=list)
    stock_only: bool = state_field("turn", FLAG, False)


@dataclass(frozen=True)
class OfferUpcard(Step):
    kind: ClassVar[str] = "offer_upcard"
    plays: ClassVar[tuple[str, ...]] = ("take",)
    past: ClassVar[str] = "the upcard is offered only before the first turn of a hand"
    stage: ClassVar[str] = "offer"
    opens: ClassVar[str] = "hand"
    waiting: ClassVar[str] = "the upcard offer: take or pass"
    answers: ClassVar[tuple[str, ...]] = ()

    to: str = "around_table"                 # around_table | first_player_then_dealer

    def check_place(self, turn, upcard, at) -> None:
        if turn[self.kind] != 0:
            at.problem(None, "offer_upcard must be the first step")
        if not upcard:
            at.problem(None, "offer_upcard needs deal.upcard: true")

    def start(self, state: GameState) -> bool:
        """Queue the seats offered the upcard at the start of a hand; False if nobody is."""
        seats = state.in_play
        offer = list(seats) if self.to == "around_table" else [seats[0], state.dealer]
        state.offer = list(dict.fromkeys(s for s in offer if s in seats))
        return bool(state.offer)

    def open(self, state: GameState) -> int | None:
        """After the deal: the first seat offered the upcard, or None."""
        if state.upcard is None or not self.start(state):
            return None
        return state.offer[0]

    def saved_position(self, data: Mapping[str, Any]) -> str | None:
        if data["player"] not in data["offer"]:
            return "an upcard offer, but the player is not offered it"
        return None

    def stage_actions(self, state: GameState) -> list[Action]:
        return [TAKE, PASS]

    def answer(self, state: GameState, action: Action) -> Resume:
        """Take the upcard (the turn goes on after the draw) or pass it to the next seat
        offered; when all have passed, the first player draws from the stock."""
        seat = state.offer.pop(0)
        if action == TAKE:
            take_discard(state, seat)
            state.offer = []
            return back_to_turn(seat, state.variant.step_index("draw") + 1)
        if state.offer:
            return ask(state.offer[0])
        state.stock_only = True
        return back_to_turn(state.in_play[0], state.variant.first_step)

    def sentence(self) -> str:
        return (f"Upcard (first turn of a hand only): the upcard is offered to {TO[self.to]}; "
                "taking it counts as the draw. If everyone passes, the first player starts by "
                "drawing from the stock.")
