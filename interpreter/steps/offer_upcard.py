"""The upcard offer: before the first turn of a hand, the upcard is offered to players in
order; the first to take it has drawn it. If all pass, the first player draws from the stock."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar

from ..model.state_fields import FLAG, SEATS, state_field
from .base import PASS, TAKE, Step
from .draw import take_discard

TO = {"around_table": "the first player, then each next player in turn",
      "first_player_then_dealer": "the first player, then the dealer"}


class Offer(Enum):
    """What happened to the offer after one answer."""

    TAKEN = "taken"            # the seat that answered took the upcard
    NEXT = "next"              # on to the next seat offered
    ALL_PASSED = "all_passed"  # nobody took it: the first player draws from the stock


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

    to: str = "around_table"                 # around_table | first_player_then_dealer

    def start(self, state) -> bool:
        """Queue the seats offered the upcard at the start of a hand; False if nobody is."""
        seats = state.in_play
        offer = list(seats) if self.to == "around_table" else [seats[0], state.dealer]
        state.offer = list(dict.fromkeys(s for s in offer if s in seats))
        return bool(state.offer)

    def answers(self) -> list:
        return [TAKE, PASS]

    def answer(self, state, action) -> Offer:
        seat = state.offer.pop(0)
        if action == TAKE:
            take_discard(state, seat)
            state.offer = []
            return Offer.TAKEN
        if state.offer:
            return Offer.NEXT
        state.stock_only = True
        return Offer.ALL_PASSED

    def sentence(self) -> str:
        return (f"Upcard (first turn of a hand only): the upcard is offered to {TO[self.to]}; "
                "taking it counts as the draw. If everyone passes, the first player starts by "
                "drawing from the stock.")
