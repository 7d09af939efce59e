"""The random agent: a uniform, seeded choice among the legal actions.

Bounded by the engine alone: it searches nothing, so a decision costs one
``legal_actions()`` call (measured by benchmarks/decision_bounds.py: well under 0.1 s and
1 MB in every bundled variant).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..engine import Action, State


class RandomAgent:
    name = "random"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def act(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
