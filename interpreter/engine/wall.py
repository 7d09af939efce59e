"""The wall (``stock: {then: knock_or_void}``): when the stock is down to its last cards, the
next player may not draw from it. They may take the top discard only to knock with it at once,
or pass, and then the hand is void. The turn driver puts a seat at the wall (phase WALL)."""
from __future__ import annotations

from ..steps.base import DRAW_DISCARD, PASS
from ..steps.draw import take_discard


def actions(state) -> list:
    """Before taking: pass, and take the discard if it lets the seat knock; after: the knocks."""
    knock = state.variant.step("knock")
    if state.taken is not None:
        return knock.actions(state)[0]
    out = [PASS]
    if state.discard and knock is not None:
        hand = state.hands[state.player]
        hand.append(state.discard[-1])          # the knocks the top discard would allow
        try:
            if knock.actions(state)[0]:
                out.append(DRAW_DISCARD)
        finally:
            hand.pop()
    return out


def apply(state, action):
    """Take the discard (None: the seat now knocks), pass (False: the hand is void), or knock
    (what the knock step returns)."""
    if action == PASS:
        return False
    if action == DRAW_DISCARD:
        take_discard(state, state.player)
        return None
    return state.variant.step("knock").apply(state, action)

