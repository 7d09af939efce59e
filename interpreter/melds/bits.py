"""Bit-parallel shortcut for the deadwood of a one-deck, joker-free hand.

The hand's bitmask is cut into one chunk of rank bits per suit. A table per chunk gives the
cards that some run of that suit could use; a bit-sliced count across the chunks gives the
ranks held often enough for a group. A card no meld can use is deadwood; when no card is
wanted by both a run and a group, every usable card can be melded (runs of any length split
into legal runs, a rank's cards form one group), so the deadwood is known without a search.
Only hands where runs and groups compete need one.
"""
from __future__ import annotations

from ..cards import Faces


class BitDeadwood:
    """Per-variant tables for :meth:`split`; build with :meth:`for_rules` (None if it cannot apply)."""

    def __init__(self, faces: Faces, run_min: int, group_min: int):
        n, suits = len(faces.ranks), len(faces.suits)
        self.n, self.suits, self.group_min = n, suits, group_min
        self.rank_mask = (1 << n) - 1
        self.spread = sum(1 << (s * n) for s in range(suits))
        # (ones, twos, fours) xor-patterns that are all-ones exactly where a rank's count is c
        self.counts = tuple((0 if c & 1 else -1, 0 if c & 2 else -1, 0 if c & 4 else -1)
                            for c in range(group_min, suits + 1))
        per_rank = faces.points[:n]
        points = [0] * (1 << n)
        runs = [0] * (1 << n)
        starts = (1 << max(0, n - run_min + 1)) - 1
        for x in range(1, 1 << n):
            low = x & -x
            points[x] = points[x ^ low] + per_rank[low.bit_length() - 1]
            run = x
            for i in range(1, run_min):
                run &= x >> i
            run &= starts
            cells = run
            for i in range(1, run_min):
                cells |= run << i
            runs[x] = cells
        self.points_of, self.runs_of = points, runs
        self._split = self._make_split()

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
        n, m, table = self.n, self.rank_mask, self.points_of
        total = 0
        while h:
            total += table[h & m]
            h >>= n
        return total

    def split(self, h: int) -> tuple[int, int, bool]:
        """(points of the cards no meld can use, mask of the usable cards, whether runs and
        groups compete for some card: only then do the usable cards need a search)."""
        return self._split(h)

    def _make_split(self):
        """:meth:`split` as a closure over this variant's tables (the hot path of deadwood)."""
        n, m, runs, counts = self.n, self.rank_mask, self.runs_of, self.counts
        spread, table = self.spread, self.points_of

        def split(h: int) -> tuple[int, int, bool]:
            in_runs = ones = twos = fours = 0
            shift, x = 0, h
            while x:
                chunk = x & m
                in_runs |= runs[chunk] << shift
                carry = ones & chunk
                ones ^= chunk
                fours |= twos & carry
                twos ^= carry
                x >>= n
                shift += n
            ranks = 0
            for one, two, four in counts:
                ranks |= (ones ^ one) & (twos ^ two) & (fours ^ four)
            in_groups = (ranks & m) * spread & h
            usable = in_runs | in_groups
            dead, x = 0, h & ~usable
            while x:
                dead += table[x & m]
                x >>= n
            return dead, usable, bool(in_runs & in_groups)
        return split

    def after_discards(self, h: int) -> dict[int, int] | None:
        """Deadwood after discarding each card of ``h``, or None when runs and groups compete.

        Without competition each card's effect is local: an unusable card just leaves; a group
        card leaves its group short or not; a run card may strand the cards beside it.
        """
        dead, usable, contested = self.split(h)
        if contested:
            return None
        n, m, runs, points = self.n, self.rank_mask, self.runs_of, self.points_of
        out, x = {}, h
        while x:
            low = x & -x
            x ^= low
            face = low.bit_length() - 1
            suit, rank = divmod(face, n)
            value = points[1 << rank]
            if not usable & low:
                out[face] = dead - value
                continue
            chunk = h >> (suit * n) & m
            if runs[chunk] >> rank & 1:
                bit = 1 << rank
                out[face] = dead + points[runs[chunk] & ~runs[chunk ^ bit] & ~bit]
            else:
                left = (h >> rank & self.spread).bit_count() - 1
                out[face] = dead if left >= self.group_min else dead + value * left
        return out
