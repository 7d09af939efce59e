"""Wild-rank cards in the arrangement search: the ways a hand's wild cards split into
naturals and stand-ins, and the long runs the search must still try with wilds in them."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import accumulate, combinations, product
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import MeldRules


def pools(rules: MeldRules, hand: list[int]) -> list[tuple[int, int, tuple[int, ...], list[int]]]:
    """Each way of splitting the hand's wild-rank cards into naturals and stand-ins: (packed
    naturals, pool size, points left by 0, 1, ... unused pool cards, the pool with its most
    valuable cards first). The pool holds the printed jokers too, unless they are false."""
    points = rules.points
    wild = Counter(f for f in hand if f in rules.wild_faces)
    others = [f for f in hand if f not in rules.wild_faces]
    out = []
    for split in product(*(range(n + 1) for n in wild.values())):
        pool = [f for f in others if rules.is_wild(f)]          # (false jokers are natural)
        naturals = [f for f in others if not rules.is_wild(f)]
        for (f, n), k in zip(wild.items(), split):
            pool += [f] * k
            naturals += [f] * (n - k)
        pool.sort(key=lambda f: -points[f])
        packed, _ = rules.pack(naturals)
        leftover = tuple(accumulate([0] + sorted(points[f] for f in pool)))
        out.append((packed, len(pool), leftover, pool))
    return out


def unsplittable(run: tuple[int, ...], run_min: int, most: int
                 ) -> Iterator[tuple[tuple[int, ...], int]]:
    """The (naturals, wilds) ways of making a long run (one natural card needed per meld, at
    most ``most`` wilds) that do not split into two legal runs: a single natural card, or
    every natural within the run's first or last ``run_min`` cards; the search needs no
    other way."""
    size = len(run)
    for f in run:
        if size - 1 <= most:
            yield (f,), size - 1
    for end in (run[:run_min], run[size - run_min:]):
        for n in range(2, run_min + 1):
            if size - n <= most:
                for chosen in combinations(end, n):
                    yield tuple(sorted(chosen)), size - n
