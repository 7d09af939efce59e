"""The turn driver: which actions are legal now, and what happens after one is applied.

In a turn, the legal actions are those of the current step, plus those of the steps after it
as long as the steps passed over are optional (a knock may be passed over to discard). Each
legal action remembers its step. Steps apply their own actions (:mod:`interpreter.steps`) and
say what comes next; this module moves the turn along, ends it, and hands over to the stock
rule (:mod:`.dealing`), the spread and scoring (:mod:`.scoring`). Owns ``phase``, ``player``,
``step``, ``turns`` and ``went_out``.
"""
from __future__ import annotations

from ..steps.base import END, After
from ..steps.offer_upcard import Offer
from . import dealing, scoring
from .dealing import LowStock
from .state import Phase


class Legal:
    """The legal actions now, each with the index of the step it belongs to, and the step a
    table meld belongs to (None: melding is not allowed now)."""

    __slots__ = ("steps", "meld_step")

    def __init__(self, steps: dict, meld_step: int | None = None):
        self.steps, self.meld_step = steps, meld_step


NOTHING = Legal({})


def legal(state) -> Legal:
    if state.over:
        return NOTHING
    if state.phase is Phase.OFFER:
        return Legal(dict.fromkeys(state.variant.turn[0].answers(), 0))
    if state.phase is Phase.SPREAD:
        return Legal(dict.fromkeys(state.variant.round_end.spread.actions(state), 0))
    return _turn_actions(state)


def _turn_actions(state) -> Legal:
    steps = state.variant.turn
    found: dict = {}
    meld_step = None
    i = state.step
    while i < len(steps):
        step = steps[i]
        actions, required = step.actions(state)
        if step.melding and meld_step is None and step.melds_now(state):
            meld_step = i
        if actions:
            if found:
                for a in actions:
                    found.setdefault(a, i)
            else:
                found = dict.fromkeys(actions, i)
            if required:
                return Legal(found, meld_step)
        i += 1
    found.setdefault(END, len(steps))
    return Legal(found, meld_step)


# ---- applying -------------------------------------------------------------------------
def apply(state, action, index: int) -> None:
    """Apply a legal ``action`` of step ``index`` (in the offer and spread phases, 0)."""
    if state.phase is Phase.OFFER:
        _answer_offer(state, action)
        return
    if state.phase is Phase.SPREAD:
        _spread(state, state.variant.round_end.spread.apply(state, action))
        return
    steps = state.variant.turn
    seat = state.player
    if index >= len(steps):                  # "end"
        _end_turn(state)
        return
    after = steps[index].apply(state, action)
    if after is After.END_TURN:
        _end_turn(state)
    elif after is After.KNOCK:
        state.turns += 1
        _knocked(state)
    elif state.variant.round_end.empty_hand_ends_round and not state.hands[seat]:
        _went_out(state, seat)
    else:
        state.step = index + 1 if after is After.NEXT else index


def _answer_offer(state, action) -> None:
    seat = state.player
    after = state.variant.turn[0].answer(state, action)
    if after is Offer.TAKEN:
        state.phase, state.player = Phase.TURN, seat
        state.step = state.variant.step_index("draw") + 1
    elif after is Offer.NEXT:
        state.player = state.offer[0]
    else:
        state.phase, state.player = Phase.TURN, state.in_play[0]
        state.step = state.variant.first_step


def _start_turn(state, seat: int) -> None:
    state.reset("turn")
    state.player, state.step = seat, state.variant.first_step


def _end_turn(state) -> None:
    """After a turn: going out, the stock's state, the last lap, then the next player."""
    seat = state.player
    state.turns += 1
    if state.variant.round_end.empty_hand_ends_round and not state.hands[seat]:
        _went_out(state, seat)
        return
    low = dealing.after_turn(state, seat)
    if low is LowStock.PLAY_ON:
        _start_turn(state, state.next_in_play(seat))
    elif low is LowStock.LAST_LAP:
        _start_turn(state, state.last_lap[0])
    elif low is LowStock.SCORE:
        _score(state)
    else:
        scoring.void_hand(state)
        _next_hand(state)


def _went_out(state, seat: int) -> None:
    state.went_out = seat
    _score(state)


def _knocked(state) -> None:
    spread = state.variant.round_end.spread
    if spread.start(state):
        state.phase, state.player = Phase.SPREAD, state.knocker
    else:
        _score(state)


def _spread(state, next_seat: int | None) -> None:
    if next_seat is None:
        _score(state)
    else:
        state.player = next_seat


def _score(state) -> None:
    scoring.score_hand(state)
    _next_hand(state)


def _next_hand(state) -> None:
    if state.over:
        state.phase = Phase.OVER
        return
    begin_hand(state)


def begin_hand(state) -> None:
    """Deal, then offer the upcard or start the first player's turn."""
    dealing.deal_hand(state)
    steps = state.variant.turn
    if steps and steps[0].kind == "offer_upcard" and state.upcard is not None \
            and steps[0].start(state):
        state.phase, state.player, state.step = Phase.OFFER, state.offer[0], 0
    else:
        state.phase, state.player, state.step = Phase.TURN, state.in_play[0], state.variant.first_step
