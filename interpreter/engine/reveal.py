"""The end-of-hand reveal kept in a history record: each seat's melds, layoffs and deadwood
cards as they lie when the hand is scored, so a score sheet needs no earlier observation.

Per seat dealt in: ``melds`` (notation, a joker as ``Jk(5c)``), ``layoffs`` (``[card, meld]``
onto the knocker's melds, numbered as in ``melds`` of the knocker) and ``deadwood`` (the cards
that count). What counts is what scoring counted (:func:`interpreter.steps.spread.counted`):
the melds laid out in a spread; else, where the spec spreads, the best arrangement; else
every card in hand, beside the seat's melds on a shared table.
"""
from __future__ import annotations

from typing import Any


def reveal(state) -> dict[str, dict[str, Any]]:
    faces, face_of, rules = state.variant.faces, state.face_of, state.meld_rules
    spread = state.spread
    enabled = state.variant.round_end.spread.enabled

    def names(cards) -> list[str]:
        return [faces.name(face_of[c]) for c in cards]

    out = {}
    for seat in state.in_play:
        layoffs: list[list[Any]] = []
        if spread is not None and seat in spread.arranged:
            laid = [[c for c, _ in m] for m in spread.orig] if seat == state.knocker else \
                spread.arranged[seat]
            melds = [names(m) for m in laid]
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
