"""A fixed, spec-derived integer action space over the engine's actions.

The index space is a list of *families* laid end to end; which families a variant has, and
how wide each is, follows from its deck and its turn steps, so an index means the same
action in every game of that variant at that player count:

    draw stock, draw discard, take, pass, buy, end, knock, spread    one slot each (always)
    discard X, knock X          one slot per face X (with a discard / knock step)
    draw discard N              N = 2 .. cards in the deck (a draw step with ``depth``)
    layoff X on k               per face X and knocker's meld k < M (spread with layoffs;
                                M = the most melds a hand can hold)
    candidate 0 .. K-1          every other legal action (table plays ``meld [...]``,
                                ``spread [...]`` with chosen melds, layoffs beyond the grid),
                                ordered by cards named (most first), then by notation

Candidate slots are the bounded part: slot k is the k-th such legal action *now*, so their
meaning depends on the state (decode with :meth:`ActionIndex.legal_slots`); when more than K
are legal, only the first K are offered. Every other slot always names the same action.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..model.actions import Action
from ..model.variant import Variant
from ..steps import Discard, Draw, Knock

SINGLES = (Action("draw", pile="stock"), Action("draw", pile="discard"), Action("take"),
           Action("pass"), Action("buy"), Action("end"), Action("knock"), Action("spread"))
CANDIDATES = 128        # candidate slots by default


@dataclass(frozen=True)
class Family:
    """A run of indices: ``name`` starts at ``start`` and holds ``size`` slots."""

    name: str
    start: int
    size: int


class ActionIndex:
    """Stable indices for a variant's actions at a player count; see the module doc."""

    def __init__(self, variant: Variant, players: int, candidates: int = CANDIDATES):
        if candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {candidates}")
        faces = variant.faces
        self.names = [faces.name(f) for f in range(faces.count)]
        deck_size = len(variant.deck_for(players).faces_of)
        kinds = {type(step) for step in variant.turn}
        spread = variant.round_end.spread
        self.meld_slots = _most_melds(variant, players) if spread.enabled and spread.layoffs \
            else 0
        sizes = [("single", len(SINGLES)),
                 ("discard", faces.count if Discard in kinds else 0),
                 ("knock", faces.count if Knock in kinds else 0),
                 ("depth", deck_size - 1 if any(isinstance(s, Draw) and s.depth
                                                for s in variant.turn) else 0),
                 ("layoff", faces.count * self.meld_slots),
                 ("candidate", candidates)]
        self.families: dict[str, Family] = {}
        start = 0
        for name, size in sizes:
            self.families[name] = Family(name, start, size)
            start += size
        self.size = start
        self._fixed: dict[Action, int] = {}
        for i, action in enumerate(SINGLES):
            self._fixed[action] = i
        for kind in ("discard", "knock"):
            family = self.families[kind]
            for f in range(family.size):
                self._fixed[Action(kind, cards=(self.names[f],))] = family.start + f
        depth = self.families["depth"]
        for n in range(2, depth.size + 2):
            self._fixed[Action("draw", pile="discard", target=n)] = depth.start + n - 2
        layoff = self.families["layoff"]
        for f in range(faces.count if self.meld_slots else 0):
            for k in range(self.meld_slots):
                self._fixed[Action("layoff", cards=(self.names[f],), target=k)] = \
                    layoff.start + f * self.meld_slots + k
        self._by_index = {i: a for a, i in self._fixed.items()}

    def fixed(self, action: Action) -> int | None:
        """The index that always names ``action``, or None for a candidate action."""
        return self._fixed.get(action)

    def legal_slots(self, legal: list[Action]) -> dict[int, Action]:
        """index -> action for the legal actions ``legal``: fixed ones at their index, the rest
        in candidate slots in their documented order (beyond the last slot: left out)."""
        slots: dict[int, Action] = {}
        rest = []
        for action in legal:
            index = self._fixed.get(action)
            if index is None:
                rest.append(action)
            else:
                slots[index] = action
        family = self.families["candidate"]
        rest.sort(key=candidate_order)
        for k, action in enumerate(rest[:family.size]):
            slots[family.start + k] = action
        return slots

    def mask(self, slots: dict[int, Action]) -> np.ndarray:
        """The action mask (int8, 1 = legal) of ``legal_slots``'s answer."""
        out = np.zeros(self.size, dtype=np.int8)
        out[list(slots)] = 1
        return out

    def describe(self, index: int) -> str:
        """What slot ``index`` means: an action's notation, or ``candidate k``."""
        if not 0 <= index < self.size:
            raise IndexError(f"action index {index} is outside 0..{self.size - 1}")
        action = self._by_index.get(index)
        if action is not None:
            return str(action)
        return f"candidate {index - self.families['candidate'].start}"


def candidate_order(action: Action) -> tuple[int, str]:
    """Candidates by cards named, most first (the biggest table play first), then notation."""
    named = len(action.cards) + sum(len(m) for m in action.melds or ())
    return (-named, str(action))


def _most_melds(variant: Variant, players: int) -> int:
    """The most melds a hand can hold: (largest hand + 1) // shortest meld."""
    shortest = min(len(template) for _, template in variant.meld_rules.templates)
    sizes = list(variant.deal.hand_size.values()) or [len(variant.deck_for(players).faces_of)]
    if variant.deal.hand_size_by_round is not None:
        sizes.append(len(variant.deck_for(players).faces_of) // players)
    return (max(sizes) + 1) // shortest
