"""A fixed-size numeric view of what one seat may see, laid out from the spec.

Seats are counted from the observer: "seat 0" is the observer, "seat 1" the next in seat
order, and so on. Card parts hold one number per face of the variant (F faces; counts, since
a multi-deck game has copies). The parts, in order (``Encoder.parts`` gives their slices):

    hand            F     the observer's cards
    known           (P-1) x F   cards of each other seat the observer has seen
    discard         F     every card in the discard pile (and in every seat's own pile)
    discard_top     N x F the top N cards of the pile the observer draws from, top first
                          (one-hot)
    upcard          F     the card offered before the first turn
    table           F     cards in table melds (a joker counts as the joker)
    spread_melds    M x F the knocker's melds by index, as layoffs name them
    hand_sizes      P     cards held by each seat
    stock           1     cards left in the stock
    scores          P     each seat's return so far (totals, penalties negative), / 100
    phase           one-hot over the engine's phases
    step            one-hot over the turn's steps
    to_act, dealer  P each, one-hot
    knocker         P + 1 one-hot (the last: nobody knocked)

It reads only ``state.observation(seat)``'s information: nothing hidden leaks in.
"""
from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

import numpy as np

from ..engine.state import Phase
from ..model.variant import Variant

if TYPE_CHECKING:
    from ..engine.game import State

PHASES = tuple(Phase)
SCORE_SCALE = 100.0


class Encoder:
    """Observation tensors of a variant at a player count; ``size`` numbers each."""

    def __init__(self, variant: Variant, players: int, meld_slots: int, discard_top: int = 4):
        self.variant, self.players = variant, players
        self.faces = variant.faces.count
        self.top, self.meld_slots = discard_top, meld_slots
        F, P = self.faces, players
        widths = [("hand", F), ("known", (P - 1) * F), ("discard", F), ("discard_top", self.top * F),
                  ("upcard", F), ("table", F), ("spread_melds", meld_slots * F),
                  ("hand_sizes", P), ("stock", 1), ("scores", P), ("phase", len(PHASES)),
                  ("step", len(variant.turn)), ("to_act", P), ("dealer", P), ("knocker", P + 1)]
        self.parts: dict[str, slice] = {}
        start = 0
        for name, width in widths:
            self.parts[name] = slice(start, start + width)
            start += width
        self.size = start
        self.low = np.zeros(self.size, dtype=np.float32)
        self.low[self.parts["scores"]] = -np.inf
        self.high = np.full(self.size, np.inf, dtype=np.float32)

    def encode(self, state: State, seat: int) -> np.ndarray:
        """The tensor for ``seat`` (float32, ``size`` long)."""
        out = np.zeros(self.size, dtype=np.float32)
        F, P, parts, face_of = self.faces, self.players, self.parts, state.face_of

        def cards(part: str, ids, offset: int = 0) -> None:
            base = parts[part].start + offset
            for c in ids:
                out[base + face_of[c]] += 1

        def one_hot(part: str, k: int | None) -> None:
            if k is not None:
                where = parts[part]
                assert 0 <= k < where.stop - where.start, f"{part} {k} is out of its range"
                out[where.start + k] = 1

        def relative(s: int) -> int:
            return (s - seat) % P

        cards("hand", state.hands[seat])
        for s in range(P):
            if s != seat:
                cards("known", state.known[s], (relative(s) - 1) * F)
        cards("discard", chain(state.discard, *state.own_piles.values()))   # (own piles too)
        for depth, face in enumerate(reversed(_drawn_top(state, seat, self.top))):
            out[parts["discard_top"].start + depth * F + face] = 1
        if state.upcard is not None:
            out[parts["upcard"].start + state.upcard] = 1      # a face already
        cards("table", (c for meld in state.table for c, _ in meld))
        if state.spread is not None:
            for k, meld in enumerate(state.spread.melds[:self.meld_slots]):
                cards("spread_melds", (c for c, _ in meld), k * F)
        returns = state.returns()
        for s in range(P):
            out[parts["hand_sizes"].start + relative(s)] = len(state.hands[s])
            out[parts["scores"].start + relative(s)] = returns[s] / SCORE_SCALE
        out[parts["stock"].start] = len(state.stock)
        one_hot("phase", PHASES.index(state.phase))
        if state.phase is Phase.TURN:
            one_hot("step", state.step)
        if not state.over:
            one_hot("to_act", relative(state.player))
        one_hot("dealer", relative(state.dealer))
        one_hot("knocker", P if state.knocker is None else relative(state.knocker))
        return out


def _drawn_top(state: State, seat: int, top: int) -> list[int]:
    """The faces of the top ``top`` cards of the pile ``seat`` draws from, bottom first."""
    if not top:
        return []
    if state.variant.own_piles:
        return state.seat_view(seat).discard()[-top:]
    return [state.face_of[c] for c in state.discard[-top:]]
