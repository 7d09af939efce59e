"""The end of a hand: the scoring rule (:mod:`interpreter.rules.scoring`) settles and pays it
(or records it void), then the match rule and seating are asked, in that order."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import seating
from .reveal import reveal

if TYPE_CHECKING:
    from .state import GameState


def score_hand(state: GameState, won_at_deal: int | None = None) -> None:
    """Score the hand (``won_at_deal``: by a seat's dealt hand, ``deal.instant_win``); then
    who is out of the match, the next dealer and roles, and the match end."""
    v = state.variant
    settled = v.scoring.settle(state, won_at_deal)
    v.scoring.pay(state, settled, reveal(state))
    v.match.eliminate(state)
    seating.after_scored_hand(state, settled.winners, settled.losers, settled.env)
    v.match.after_hand(state, scored=True)


def void_hand(state: GameState, guard: str | None = None) -> None:
    """Nobody scores (``guard``: the guard that stopped the hand, if one did); then the next
    dealer and the match end."""
    state.variant.scoring.record_void(state, guard)
    seating.after_void_hand(state)
    state.variant.match.after_hand(state, scored=False)
