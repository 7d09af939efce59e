"""The turn-up step, in place of a draw: the player turns the stock's top card face up
(``draw stock``); then they must either take it and meld it at once (``take``: offered only
when a meld with it can be laid, and the meld step then requires one), or pass it (``pass``):
the card goes face up onto the discard pile, and the turn ends or the player draws the next
stock card unseen, as ``on_pass`` says (Conquian-style).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..model.actions import Action
from ..model.state_fields import CARD, NAMED, PLACE, state_field
from .base import DRAW_STOCK, END_TURN, NEXT, PASS, STAY, TAKE, After, Step
from .table_melds import can_use

if TYPE_CHECKING:
    from ..engine.state import GameState


@dataclass(eq=False)
class TurnUpMemory:
    """The turn-up's slice of the game state: the card turned face up this turn (lying there
    until taken or passed), and the card taken that must be melded this turn."""

    __slots__ = ()
    turned_up: int | None = state_field("turn", CARD, None, cards=PLACE)
    must_meld: int | None = state_field("turn", CARD, None, cards=NAMED)


@dataclass(frozen=True)
class TurnUp(Step):
    kind: ClassVar[str] = "turn_up"
    plays: ClassVar[tuple[str, ...]] = ("draw", "take", "pass")

    on_pass: str = "end_turn"              # end_turn | draw: what follows a pass

    def check_place(self, turn, upcard, at) -> None:
        if turn.get("meld", -1) < turn[self.kind]:
            at.problem(None, "a card turned up must be melded at once: the turn needs a meld "
                       "step after turn_up")
        if "draw" in turn or "draw_until_meld" in turn:
            at.problem(None, "turn_up is the turn's draw: the turn may have no other")

    def actions(self, state: GameState) -> tuple[list[Action], bool]:
        card = state.turned_up
        if card is None:
            return ([DRAW_STOCK] if state.stock else []), True
        seat = state.player
        hand = state.hand_faces(seat) + [state.face_of[card]]
        meldable = can_use(state, seat, hand, state.face_of[card])
        return ([TAKE, PASS] if meldable else [PASS]), True

    def apply(self, state: GameState, action: Action) -> After:
        seat = state.player
        if action == DRAW_STOCK:
            state.turned_up = state.stock.pop()
            return STAY
        card = state.turned_up
        assert card is not None                  # (take and pass follow the turn-up)
        state.turned_up = None
        if action == TAKE:
            state.hands[seat].append(card)
            state.known[seat].append(card)
            state.must_meld = card
            return NEXT
        state.discard.append(card)
        if self.on_pass == "end_turn" or not state.stock:
            return END_TURN
        state.hands[seat].append(state.stock.pop())
        return NEXT

    def explain(self, state: GameState, action: Action) -> str | None:
        if action == TAKE and state.turned_up is not None:
            return "the turned card can be taken only to meld it at once, and no meld uses it"
        if state.turned_up is not None:
            return "the card turned up must be taken (to meld it) or passed first"
        return "turn up the stock's top card first: draw stock"

    def sentence(self) -> str:
        then = ("the turn ends" if self.on_pass == "end_turn" else
                "the player draws the next stock card into the hand, unseen by the others")
        return ("Turn up (in place of a draw): turn the top card of the stock face up; then "
                "either take it, only to meld it at once (the meld must use it this turn), or "
                f"pass it face up onto the discard pile, and {then}.")
