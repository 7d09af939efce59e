"""Bit-parallel shortcut for the deadwood of a one-deck, joker-free hand.

Whole-hand shifts and ands find every card that some run or group could use. A card no meld
can use is deadwood; when no card is wanted by both a run and a group, every usable card can
be melded (runs of any length split into legal runs, a rank's cards form one group), so the
deadwood is known without a search. Only hands where runs and groups compete need one.
"""
from __future__ import annotations

from .cards import Faces


class BitDeadwood:
    """Per-variant tables for :meth:`split`; build with :meth:`for_rules` (None if it cannot apply)."""

    def __init__(self, faces: Faces, run_min: int, group_min: int):
        n, suits = len(faces.ranks), len(faces.suits)
        self.n, self.suits = n, suits
        self.run_min, self.group_min = run_min, group_min
        self.rank_mask = (1 << n) - 1
        self.spread = sum(1 << (s * n) for s in range(suits))
        self.starts = self.spread * ((1 << max(0, n - run_min + 1)) - 1)
        self.shifts = tuple(range(1, run_min))
        # (ones, twos, fours) xor-patterns that are all-ones exactly where a rank's count is c
        self.counts = tuple((0 if c & 1 else -1, 0 if c & 2 else -1, 0 if c & 4 else -1)
                            for c in range(group_min, min(suits, 7) + 1))
        per_rank = faces.points[:n]
        table = [0] * (1 << n)
        for x in range(1, 1 << n):
            low = x & -x
            table[x] = table[x ^ low] + per_rank[low.bit_length() - 1]
        self.table = table

    @classmethod
    def for_rules(cls, faces: Faces, copies: int, group, run, ace: str, wrap: bool):
        """The shortcut when its reasoning holds for these meld rules, else None."""
        if copies != 1 or faces.jokers or ace != "low" or wrap or not run or len(faces.suits) > 7:
            return None
        run_min, run_max = run
        if run_max is not None and run_max < 2 * run_min - 1:
            return None
        if group and group[1] < len(faces.suits):
            return None
        return cls(faces, run_min, group[0] if group else len(faces.suits) + 1)

    def points(self, h: int) -> int:
        """Point total of the cards in mask ``h``."""
        n, m, table = self.n, self.rank_mask, self.table
        total = 0
        while h:
            total += table[h & m]
            h >>= n
        return total

    def split(self, h: int) -> tuple[int, int, bool]:
        """(points of the cards no meld can use, mask of the usable cards, whether runs and
        groups compete for some card: only then do the usable cards need a search)."""
        shifts = self.shifts
        run = h
        for i in shifts:
            run &= h >> i
        run &= self.starts
        in_runs = run
        for i in shifts:
            in_runs |= run << i
        n, m = self.n, self.rank_mask
        ones = twos = fours = 0
        x = h
        while x:
            chunk = x & m
            carry = ones & chunk
            ones ^= chunk
            fours |= twos & carry
            twos ^= carry
            x >>= n
        ranks = 0
        for one, two, four in self.counts:
            ranks |= (ones ^ one) & (twos ^ two) & (fours ^ four)
        in_groups = (ranks & m) * self.spread & h
        usable = in_runs | in_groups
        dead, table, x = 0, self.table, h & ~usable
        while x:
            dead += table[x & m]
            x >>= n
        return dead, usable, bool(in_runs & in_groups)
