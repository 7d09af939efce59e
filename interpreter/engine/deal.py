"""Seeded randomness, deck orders, the deal itself, and who deals and holds which role.

Every random choice comes from ``random.Random`` seeded with a string naming the master seed
and what is being decided (``"7/hand/3"``), so a game replays exactly from its seed, and a
state's JSON needs no generator state.
"""
from __future__ import annotations

import random

from ..errors import CardError


def rng(seed: int, *what) -> random.Random:
    return random.Random("/".join(map(str, (seed,) + what)))


def shuffled(cards: list[int], seed: int, *what) -> list[int]:
    out = list(cards)
    rng(seed, *what).shuffle(out)
    return out


def deck_order(deck_faces: tuple[int, ...], faces, order: list) -> list[int]:
    """Physical card ids for an explicit deck order given as notation or face ids, top first.

    The order must hold every card of the deck exactly once (copies counted).
    """
    wanted = faces.parse_many(order)
    pool: dict[int, list[int]] = {}
    for pid in reversed(range(len(deck_faces))):
        pool.setdefault(deck_faces[pid], []).append(pid)
    out = []
    for f in wanted:
        if not pool.get(f):
            raise CardError(f"deck order: too many {faces.name(f)} (the deck has "
                            f"{deck_faces.count(f)})")
        out.append(pool[f].pop())
    if len(out) != len(deck_faces):
        missing = sorted({faces.name(f) for f, left in pool.items() if left})
        raise CardError(f"deck order has {len(out)} cards, the deck {len(deck_faces)}; "
                        f"missing: {' '.join(missing)}")
    return out


def cut_order(n: int, seed: int, purpose: str, deck_faces: tuple[int, ...], faces) -> list[int]:
    """Seats from highest cut card to lowest: each seat draws a card, rank then suit decide."""
    cards = shuffled(list(range(len(deck_faces))), seed, purpose)[:n]

    def strength(pid: int) -> tuple[int, int]:
        face = deck_faces[pid]
        if faces.is_joker(face):
            return (len(faces.ranks), len(faces.suits))
        return (faces.rank_of(face), faces.suit_of(face))

    return sorted(range(n), key=lambda seat: strength(cards[seat]), reverse=True)


def deal(order: list[int], seats: list[int], hand_size: int, upcard: bool):
    """Deal one card at a time to ``seats`` in order, ``hand_size`` rounds, from the top.

    Returns (hands by seat, upcard or None, stock with its top card last).
    """
    hands: dict[int, list[int]] = {s: [] for s in seats}
    top = 0
    for _ in range(hand_size):
        for seat in seats:
            hands[seat].append(order[top])
            top += 1
    up = None
    if upcard:
        up = order[top]
        top += 1
    stock = order[top:][::-1]
    return hands, up, stock
