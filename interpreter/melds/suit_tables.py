"""Per-suit run tables: for every pattern of ranks held in one suit, what runs alone can do.

A suit's cards are a ``ranks``-bit pattern. For each pattern the tables hold the least deadwood
that runs of that suit leave (``dead``), the cards some run inside the pattern could use
(``usable``), and, card by card, how the least deadwood changes when that card leaves
(``ranks_in`` with ``drop``; ``least`` and ``least_ranks`` for the best discard), and the runs inside it (``runs_within``). They are built once per shape of the rules (ranks, run rank
patterns, points) by a walk over the patterns in increasing order: a pattern's lowest card is
either deadwood or the lowest card of a run inside the pattern.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

MAX_RANKS = 16          # tables hold 2**ranks entries per kind
NO_CARD = 1 << 62       # `least` of the empty pattern: above any change a discard makes


@dataclass(frozen=True)
class SuitTables:
    """Tables indexed by a suit's rank pattern (bit ``r`` set: rank ``r`` held)."""

    dead: tuple[int, ...]                    # least deadwood points runs alone leave
    usable: tuple[int, ...]                  # cards some run within the pattern could use
    ranks_in: tuple[tuple[int, ...], ...]    # the pattern's ranks, low to high
    drop: tuple[tuple[int, ...], ...]        # per rank of ranks_in: dead after it leaves, minus dead
    least: tuple[int, ...]                   # the lowest of drop (NO_CARD for no cards)
    least_ranks: tuple[tuple[int, ...], ...]  # the ranks whose drop is the lowest
    runs_within: tuple[tuple[int, ...], ...]  # positions in ``runs`` of the runs inside the pattern


@lru_cache(maxsize=8)
def suit_tables(ranks: int, runs: tuple[int, ...], points: tuple[int, ...]) -> SuitTables:
    """The tables for ``ranks`` ranks, the runs of one suit as rank patterns, and points per rank."""
    size = 1 << ranks
    by_low: list[list[tuple[int, int]]] = [[] for _ in range(ranks)]
    for position, run in enumerate(runs):
        by_low[(run & -run).bit_length() - 1].append((position, run))
    dead = [0] * size
    usable = [0] * size
    within: list[tuple[int, ...]] = [()] * size
    for x in range(1, size):
        low = x & -x
        rank = low.bit_length() - 1
        rest = x ^ low
        best, used, inside = points[rank] + dead[rest], usable[rest], within[rest]
        for position, run in by_low[rank]:
            if run & x == run:
                used |= run
                inside += (position,)
                if dead[x ^ run] < best:
                    best = dead[x ^ run]
        dead[x], usable[x], within[x] = best, used, inside
    ranks_in = [tuple(r for r in range(ranks) if x >> r & 1) for x in range(size)]
    drop = [tuple(dead[x ^ (1 << r)] - dead[x] for r in held) for x, held in enumerate(ranks_in)]
    least = [min(d, default=NO_CARD) for d in drop]
    least_ranks = [tuple(r for r, d in zip(held, drops) if d == low)
                   for held, drops, low in zip(ranks_in, drop, least)]
    same: dict = {}             # one object per distinct value: the tables stay small in cache
    return SuitTables(*(tuple(same.setdefault(v, v) for v in table) for table in (
        dead, usable, ranks_in, drop, least, least_ranks, within)))
