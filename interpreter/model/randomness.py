"""Seeded randomness: every random choice comes from ``random.Random`` seeded with a string
naming the master seed and what is being decided (``"7/hand/3"``), so a game replays exactly
from its seed, and a state's JSON needs no generator state."""
from __future__ import annotations

import random


def rng(seed: int, *what) -> random.Random:
    return random.Random("/".join(map(str, (seed,) + what)))


def shuffled(cards: list[int], seed: int, *what) -> list[int]:
    out = list(cards)
    rng(seed, *what).shuffle(out)
    return out
