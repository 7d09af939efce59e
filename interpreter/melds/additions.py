"""Which cards, added to a plain hand, lower its deadwood: a bot's live outs, by table lookups.

A card can lower the deadwood only by joining a meld within the hand plus itself (else it
adds its own points): a run of its suit (the suit's pattern with it, looked up once per
pattern) or a group of its rank (:attr:`.rank_groups.RankGroups.joining`); :meth:`joining`
finds those cheaply. :meth:`lowering` weighs cards exactly: by the suit tables alone while no
rank of the hand with the card holds enough cards for a group, else by the full table
deadwood.
"""
from __future__ import annotations

from functools import lru_cache

from .bits import PlainMelds


class Additions:
    """Live-out tests over one set of plain-hand tables (rank points must not be negative:
    see :func:`additions`)."""

    def __init__(self, tables: PlainMelds):
        self.tables = tables
        # adding one card per rank: a field's top bit is set where a group could then fit
        self.near_group = tables.bias + sum(1 << (r * tables.width) for r in range(tables.n)) \
            if tables.tops else 0
        self.run_joins: dict[int, int] = {}     # suit pattern -> ranks that join a run in it

    def joining(self, h: int, candidates: int) -> int:
        """The cards of ``candidates`` (none of them in ``h``) that join a meld within ``h``
        plus that card: the only ones whose addition can lower the deadwood."""
        t = self.tables
        n, m, counted, usable = t.n, t.mask, t.counted, t.tables.usable
        joins, counts, x, shift = 0, 0, h, 0
        while x or candidates >> shift:
            chunk = x & m
            counts += counted[chunk]
            wanted = candidates >> shift & m
            if wanted:
                found = self.run_joins.get(chunk)
                if found is None:
                    found = self.run_joins[chunk] = _run_joins(chunk, usable, n)
                joins |= (found & wanted) << shift
            x >>= n
            shift += n
        if self.near_group:
            ranks = (counts + self.near_group) & t.tops
            spread, width, joining = t.spread, t.width, t.groups.joining
            while ranks:
                top = ranks & -ranks
                ranks ^= top
                r = (top.bit_length() - 1) // width
                joins |= (candidates >> r & spread & joining[h >> r & spread]) << r
        return joins

    def lowering(self, h: int, cards: int, below: int) -> int:
        """The cards of ``cards`` (none of them in ``h``) that, added alone to ``h``, leave
        less than ``below`` deadwood."""
        t = self.tables
        n, m, counted, bias, tops, dead_at = t.n, t.mask, t.counted, t.bias, t.tops, t.dead_at
        usable = t.tables.usable
        counts, wanted = t.counts_and_wanted(h)
        out = 0
        while cards:
            bit = cards & -cards
            cards ^= bit
            at = bit.bit_length() - 1
            shift = at - at % n
            chunk = h >> shift & m
            grown = chunk | bit >> shift
            after = counts - counted[chunk] + counted[grown]
            ranks = (after + bias) & tops
            if ranks:
                value = t.with_groups(h | bit, after >> dead_at, ranks,
                                      wanted & ~(m << shift) | usable[grown] << shift)
            else:
                value = after >> dead_at
            if value < below:
                out |= bit
        return out


def _run_joins(chunk: int, usable: tuple[int, ...], ranks: int) -> int:
    """The ranks missing from the suit pattern ``chunk`` that, added, some run would use."""
    return sum(1 << r for r in range(ranks)
               if not chunk >> r & 1 and usable[chunk | 1 << r] >> r & 1)


@lru_cache(maxsize=16)
def additions(tables: PlainMelds) -> Additions:
    """The (cached) live-out tests of ``tables`` (whose cards count nothing or more: a card
    lowers the deadwood only by joining a meld)."""
    return Additions(tables)
