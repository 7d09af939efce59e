"""The end-of-hand reveal kept in a history record: each seat's melds, layoffs and deadwood
cards as they lie when the hand is scored, so a score sheet needs no earlier observation.

Per seat dealt in: ``melds`` (notation, a joker as ``Jk(5c)``), ``layoffs`` (``[card, meld]``
onto the knocker's melds, numbered as in ``melds`` of the knocker) and ``deadwood`` (the cards
that count). What counts is what scoring counted (:func:`interpreter.steps.spread.counted`):
the melds laid out in a spread; else, where the spec spreads, the best arrangement; else
every card in hand, beside the seat's melds on a shared table.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GameState


def arranged_tokens(state: GameState, melds: list[list[int]]) -> list[list[str]]:
    """A seat's melds laid out in a spread (card ids), a wild shown with the card it stands
    for (``Jk(5c)``)."""
    faces, face_of, rules = state.variant.faces, state.face_of, state.meld_rules
    out = []
    for cards in melds:
        meld = rules.declared_meld([face_of[c] for c in cards])
        out.append([faces.name(face_of[c]) for c in cards] if meld is None else
                   list(map(faces.token, meld.cards, meld.declared)))
    return out


def reveal(state: GameState) -> dict[str, dict[str, Any]]:
    faces, face_of, rules = state.variant.faces, state.face_of, state.meld_rules
    spread = state.spread
    enabled = state.variant.round_end.spread.enabled

    out = {}
    for seat in state.in_play:
        layoffs: list[list[Any]] = []
        if spread is not None and seat in spread.arranged:
            melds = [[faces.token(face_of[c], d) for c, d in m] for m in spread.orig] \
                if seat == state.knocker else arranged_tokens(state, spread.arranged[seat])
            layoffs = [[faces.name(face_of[c]), k] for k, c in spread.laid.get(seat, [])]
            deadwood = state.names(state.hands[seat])
        elif enabled:
            best = rules.arrange(state.hand_faces(seat))
            melds = [list(map(faces.token, m.cards, m.declared)) for m in best.melds]
            deadwood = [faces.name(f) for f in best.deadwood]
        else:
            melds = []
            deadwood = state.names(state.hands[seat])
        melds += [[faces.token(face_of[c], d) for c, d in meld]
                  for meld, owner in zip(state.table, state.table_owners) if owner == seat]
        out[str(seat)] = {"melds": melds, "layoffs": layoffs, "deadwood": deadwood}
    return out
