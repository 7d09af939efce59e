"""The discard step: one card from the hand, face up onto the discard pile; the turn ends."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..model.state_fields import SEAT, state_field
from .base import END_TURN, After, Step, not_held
from .table_melds import extending_faces

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.actions import Action


@dataclass(eq=False)
class DiscardMemory:
    """The discard's slice of the game state: the seat that laid the discard pile's top card."""

    __slots__ = ()
    discarder: int | None = state_field("hand", SEAT, None)


@dataclass(frozen=True)
class Discard(Step):
    kind: ClassVar[str] = "discard"
    plays: ClassVar[tuple[str, ...]] = ("discard",)
    simple: ClassVar[str] = "end_turn"
    distinct: ClassVar[bool] = True

    not_taken_card: bool = False             # not the card taken from the discard pile this turn
    not_playable: bool = False               # not a card that could extend a table meld

    def actions(self, state: GameState) -> tuple[list[Action], bool]:
        actions = state.action_cache.get("discard") or state.card_actions("discard")
        if state.plain and not (self.not_taken_card or self.not_playable) and (
                len(state.hands[state.player]) > 1 or not going_out_refusal(state)):
            # (card ids are faces, so the hand holds each face once)
            return list(map(actions.__getitem__, sorted(state.hands[state.player]))), True
        return [actions[f] for f in sorted(self.discardable(state))], True

    def discardable(self, state: GameState) -> set[int]:
        """Faces the player to act may discard now."""
        faces = set(state.hand_faces(state.player))
        if len(state.hands[state.player]) == 1 and going_out_refusal(state):
            return set()
        if self.not_taken_card and state.taken is not None and len(faces) > 1:
            faces.discard(state.face_of[state.taken])
        if self.not_playable and state.table:
            idle = faces - extending_faces(state, faces)
            if idle:
                faces = idle
        return faces

    def apply(self, state: GameState, action: Action) -> After:
        put_on_pile(state, state.player, action.cards[0])
        return END_TURN

    def explain(self, state: GameState, action: Action) -> str | None:
        name = action.cards[0] if len(action.cards) == 1 else " ".join(action.cards)
        reason = not_held(state, name)
        if reason is not None:
            return reason
        face = state.variant.faces.parse(name)
        if face in self.discardable(state):
            return None
        if len(state.hands[state.player]) == 1:
            return going_out_refusal(state)
        if self.not_taken_card and state.taken is not None and face == state.face_of[state.taken]:
            return f"you took {name} from the discard pile this turn and may not discard it"
        return f"{name} could extend a meld on the table: discard a card that cannot"

    def sentence(self) -> str:
        text = "Discard one card face up onto the discard pile"
        if self.not_taken_card:
            text += ", not a card taken from it this turn"
        if self.not_playable:
            text += (f", {'nor' if self.not_taken_card else 'not'} a card that could extend a "
                     "meld on the table (unless every card could)")
        return text + "."


def going_out_refusal(state: GameState) -> str | None:
    """Why the player to act may not play their last card now (round_end.may_go_out_when)."""
    return state.variant.round_end.going_out_refusal(state, state.player)


def put_on_pile(state: GameState, seat: int, name: str) -> None:
    """Move the seat's card ``name`` onto the discard pile (it is no longer a known card)."""
    card = state.card_in_hand(seat, name)
    state.hands[seat].remove(card)
    if card in state.known[seat]:
        state.known[seat].remove(card)
    state.discard.append(card)
    state.discarder = seat
