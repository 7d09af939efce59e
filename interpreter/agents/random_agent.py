"""The random agent: a uniform, seeded choice among the legal actions."""
from __future__ import annotations

import random


class RandomAgent:
    name = "random"

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def act(self, state):
        return self.rng.choice(state.legal_actions())
