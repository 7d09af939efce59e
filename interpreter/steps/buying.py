"""Buying the discard out of turn (``draw: {buy: ...}``): when the player in turn does not take
the discard pile's top card, the other players are asked in turn order, from the player in
turn, whether they buy it; the first to buy takes it and ``penalty`` cards from the stock.

The stage comes after the player in turn has drawn from the stock (``in_turn_first``), or
before their turn starts. The turn driver holds the turn meanwhile (phase BUY); the seat asked
is ``buyers[0]``, the seat whose turn it is ``in_turn``. The one who discarded the card is
never asked, nor a seat at its limit of buys, one that has gone down (unless
``after_going_down``), or any while the stock cannot give the penalty cards or when everyone
has passed the first upcard (``offer_upcard``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..model.actions import Action
from ..model.state_fields import SEAT, SEAT_COUNTS, SEATS, state_field
from .base import BUY, PASS, Resume, ask, back_to_turn

if TYPE_CHECKING:
    from ..engine.state import GameState


@dataclass(eq=False)
class BuyingMemory:
    """Buying's slice of the game state: buys made per seat this hand; during a buying stage
    the seats still to be asked (the first is asked now) and whose turn the stage holds."""

    __slots__ = ()
    buys: dict[int, int] = state_field("hand", SEAT_COUNTS, factory=dict)
    buyers: list[int] = state_field("turn", SEATS, factory=list)
    in_turn: int | None = state_field("turn", SEAT, None)


@dataclass(frozen=True)
class Buying:
    stage: ClassVar[str] = "buy"
    waiting: ClassVar[str] = "buying the discard: buy or pass"
    answers: ClassVar[tuple[str, ...]] = ()

    penalty: int = 1                      # cards from the stock with the bought card
    max_per_hand: int | None = None       # buys per player per hand (None: no limit)
    in_turn_first: bool = True            # the player in turn may take it as their draw first
    after_going_down: bool = True         # a player who has melded on the table may buy

    def after_draw(self, state: GameState, seat: int) -> bool:
        """After ``seat`` drew from the stock: start the stage if someone may buy."""
        return self.in_turn_first and self._start(state, seat)

    def before_turn(self, state: GameState, seat: int) -> bool:
        """As ``seat``'s turn starts: start the stage if the others go first and someone may."""
        return not self.in_turn_first and self._start(state, seat)

    def _start(self, state: GameState, seat: int) -> bool:
        order = state.in_play
        at = order.index(seat)
        state.buyers = [s for s in order[at + 1:] + order[:at] if self.may_buy(state, s)]
        state.in_turn = seat if state.buyers else None
        return bool(state.buyers)

    def may_buy(self, state: GameState, seat: int) -> bool:
        return (bool(state.discard) and not state.stock_only and seat != state.discarder
                and len(state.stock) - self.penalty > state.variant.stock.exhausted_at
                and (self.max_per_hand is None or state.buys.get(seat, 0) < self.max_per_hand)
                and (self.after_going_down or seat not in state.opened))

    @property
    def opens(self) -> str | None:
        """Before the player in turn draws, where the others are asked first."""
        return None if self.in_turn_first else "turn"

    def open(self, state: GameState) -> int | None:
        """As a turn starts: the first seat asked, or None (nobody may buy)."""
        return state.buyers[0] if self.before_turn(state, state.player) else None

    def saved_position(self, data: Mapping[str, Any]) -> str | None:
        if data["in_turn"] is None or data["buyers"][:1] != [data["player"]]:
            return "a buying stage, but the player is not the one asked"
        return None

    def stage_actions(self, state: GameState) -> list[Action]:
        return [BUY, PASS]

    def explain(self, state: GameState, action: Action) -> str | None:
        return None

    def answer(self, state: GameState, action: Action) -> Resume:
        """The asked seat buys or passes; once the stage is over, the turn goes on."""
        in_turn = state.in_turn
        assert in_turn is not None                # (a buying stage holds a seat's turn)
        seat = state.buyers.pop(0)
        if action == BUY:
            card = state.discard.pop()
            state.hands[seat].append(card)
            state.known[seat].append(card)
            for _ in range(self.penalty):
                state.hands[seat].append(state.stock.pop())
            state.buys[seat] = state.buys.get(seat, 0) + 1
            state.buyers = []
        if state.buyers:
            return ask(state.buyers[0])
        state.in_turn = None
        return back_to_turn(in_turn)

    def sentence(self) -> str:
        who = ("When the player in turn draws from the stock instead of taking the discard, "
               if self.in_turn_first else "Before each turn but the first of a hand, ")
        cards = "" if not self.penalty else " and a penalty card from the stock" if \
            self.penalty == 1 else f" and {self.penalty} penalty cards from the stock"
        text = (f"{who}the other players, in turn order (not the one who discarded it), may buy "
                f"the top discard out of turn: the first to buy takes it{cards}")
        if self.max_per_hand is not None:
            text += f"; at most {self.max_per_hand} buys per player per hand"
        if not self.after_going_down:
            text += "; a player who has gone down may not buy"
        return text + "."
