"""The discard step: one card from the hand, face up onto the discard pile (or the seat's own
pile, ``to: own_pile``); the turn ends."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..model.state_fields import PLACE, SEAT, SEAT_CARDS, state_field
from .base import END_TURN, After, Step, not_held
from .table_melds import extending_faces

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..engine.state import GameState
    from ..model.actions import Action
    from ..model.rule_options import BuildContext


@dataclass(eq=False)
class DiscardMemory:
    """The discard's slice of the game state: the seat that laid the discard pile's top card,
    and (``to: own_pile``) each seat's own pile, bottom first."""

    __slots__ = ()
    discarder: int | None = state_field("hand", SEAT, None)
    own_piles: dict[int, list[int]] = state_field("hand", SEAT_CARDS, factory=dict, cards=PLACE)


@dataclass(frozen=True)
class Discard(Step):
    kind: ClassVar[str] = "discard"
    plays: ClassVar[tuple[str, ...]] = ("discard",)
    simple: ClassVar[str] = "end_turn"
    distinct: ClassVar[bool] = True

    not_taken_card: bool = False             # not the card taken from the discard pile this turn
    not_playable: bool = False               # not a card that could extend a table meld
    to: str = "pile"                         # pile | own_pile: where the card goes

    def check_place(self, turn: Mapping[str, int], upcard: bool, at: BuildContext) -> None:
        if self.to != "own_pile":
            return
        if upcard:
            at.problem("to", "own piles take no upcard: deal.upcard must be false")
        draw = at.step_options("draw")
        for key in ("depth", "pile", "buy", "not_own_discard"):
            if draw.get(key):
                at.problem("to", f"own piles take no draw.{key}: each draw from a pile takes "
                           "its top card")

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
        put_on_pile(state, state.player, action.cards[0], self.to == "own_pile")
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
        if self.to == "own_pile":
            text = ("Discard one card face up onto your own discard pile (each player has one, "
                    "every card in it seen by all; a draw from the discard pile takes the top "
                    "card of the pile of the player who played just before)")
        if self.not_taken_card:
            text += ", not a card taken from it this turn"
        if self.not_playable:
            text += (f", {'nor' if self.not_taken_card else 'not'} a card that could extend a "
                     "meld on the table (unless every card could)")
        return text + "."


def going_out_refusal(state: GameState) -> str | None:
    """Why the player to act may not play their last card now (round_end.may_go_out_when)."""
    return state.variant.round_end.going_out_refusal(state, state.player)


def put_on_pile(state: GameState, seat: int, name: str, own: bool = False) -> None:
    """Move the seat's card ``name`` onto the discard pile, or its ``own`` pile (it is no
    longer a known card)."""
    card = state.card_in_hand(seat, name)
    state.hands[seat].remove(card)
    if card in state.known[seat]:
        state.known[seat].remove(card)
    if own:
        state.own_piles.setdefault(seat, []).append(card)
    else:
        state.discard.append(card)
    state.discarder = seat


def previous_seat(state: GameState, seat: int) -> int:
    """The seat that plays just before ``seat`` (the nearest to its right still in)."""
    for back in range(1, state.players + 1):
        other = (seat - back) % state.players
        if other not in state.eliminated:
            return other
    return seat


def drawn_pile(state: GameState, seat: int) -> list[int]:
    """The discard pile ``seat`` draws from (read only): the one pile, or with own piles the
    pile of the seat that plays just before it."""
    if not state.variant.own_piles:
        return state.discard
    return state.own_piles.get(previous_seat(state, seat), [])


def take_top(state: GameState, seat: int) -> int:
    """The top card of the discard pile ``seat`` draws from, taken off it."""
    if not state.variant.own_piles:
        return state.discard.pop()
    return state.own_piles[previous_seat(state, seat)].pop()
