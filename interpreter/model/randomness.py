"""Seeded randomness: every random choice comes from ``random.Random`` seeded with a string
naming the master seed and what is being decided (``"7/hand/3"``), so a game replays exactly
from its seed, and a state's JSON needs no generator state."""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..cards import Faces


def rng(seed: int, *what) -> random.Random:
    return random.Random("/".join(map(str, (seed,) + what)))


def shuffled(cards: list[int], seed: int, *what) -> list[int]:
    out = list(cards)
    rng(seed, *what).shuffle(out)
    return out


def cut_order(n: int, seed: int, purpose: str, deck_faces: tuple[int, ...],
              faces: Faces) -> list[int]:
    """Seats from highest cut card to lowest: each seat draws a card, rank then suit decide."""
    cards = shuffled(list(range(len(deck_faces))), seed, purpose)[:n]

    def strength(pid: int) -> tuple[int, int]:
        face = deck_faces[pid]
        if faces.is_joker(face):
            return (len(faces.ranks), len(faces.suits))
        return (faces.rank_of(face), faces.suit_of(face))

    return sorted(range(n), key=lambda seat: strength(cards[seat]), reverse=True)
