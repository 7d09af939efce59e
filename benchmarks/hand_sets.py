"""The named sets of gin hands the deadwood benchmarks time, each seeded and free of repeats.

- ``random``: uniform hands from the 52 cards (they rarely hold melds);
- ``dense``: hands drawn from 5 consecutive ranks of 3 suits (15 cards), so melds are common
  and runs compete with groups, as late in a hand of gin;
- ``recorded``: the hands players held when it was their turn to act, in seeded matches of
  gin_standard between greedy bots (10 cards before drawing, 11 before discarding),
  shuffled by the seed.

No hand appears twice in a set, so a cache that outlives one call cannot flatter a timing.
"""
from __future__ import annotations

import random

from measure import use_this_tree

use_this_tree()

from interpreter import load_variant, new_game
from interpreter.agents import make_agent

NAMES = ("random", "dense", "recorded")
SIZES = (10, 11)
VARIANT = "gin_standard"


def build(count: int, seed: int, names=NAMES) -> dict[str, dict[int, list[list[int]]]]:
    """``count`` distinct hands of each size for each named set: name -> size -> hands."""
    faces = load_variant(VARIANT).faces
    deck = [faces.face(s, r) for s in range(len(faces.suits)) for r in range(len(faces.ranks))]
    sets = {}
    for name in names:
        rng = random.Random(f"{name}/{seed}")
        if name == "random":
            sets[name] = {size: _distinct(lambda size=size, rng=rng: rng.sample(deck, size),
                                          count)
                          for size in SIZES}
        elif name == "dense":
            sets[name] = {size: _distinct(lambda size=size, rng=rng: _dense(faces, rng, size),
                                          count)
                          for size in SIZES}
        elif name == "recorded":
            sets[name] = recorded(count, seed)
        else:
            raise ValueError(f"unknown hand set {name!r}: the sets are {', '.join(NAMES)}")
    return sets


def _distinct(draw, count: int) -> list[list[int]]:
    seen: set[frozenset[int]] = set()
    hands: list[list[int]] = []
    while len(hands) < count:
        hand = draw()
        if frozenset(hand) not in seen:
            seen.add(frozenset(hand))
            hands.append(hand)
    return hands


def _dense(faces, rng: random.Random, size: int) -> list[int]:
    low = rng.randrange(len(faces.ranks) - 4)
    suits = rng.sample(range(len(faces.suits)), 3)
    pool = [faces.face(s, r) for s in suits for r in range(low, low + 5)]
    return rng.sample(pool, size)


def recorded(count: int, seed: int) -> dict[int, list[list[int]]]:
    """``count`` distinct hands of each size held in seeded greedy matches of gin_standard
    (as many matches as it takes), shuffled by ``seed``."""
    variant = load_variant(VARIANT)
    faces = variant.faces
    held: dict[int, dict[frozenset[int], list[int]]] = {size: {} for size in SIZES}
    match = 0
    while min(len(hands) for hands in held.values()) < count:
        match += 1
        game = new_game(variant, seed=seed * 100_003 + match)
        bots = [make_agent("greedy", seed * 100_003 + match * 7 + s) for s in range(2)]
        while not game.is_terminal:
            seat = game.current_player
            hand = faces.parse_many(game.observation(seat)["hand"])
            if len(hand) in held:
                held[len(hand)].setdefault(frozenset(hand), hand)
            game.apply(bots[seat].act(game))
    rng = random.Random(f"recorded/{seed}")
    out = {}
    for size, hands in held.items():
        every = list(hands.values())
        rng.shuffle(every)
        out[size] = every[:count]
    return out
