"""The optimal arrangement of a plain hand, walked with exact deadwood from the lookup tables.

:meth:`.rules.MeldRules.arrange` searches over the lowest remaining card: it is deadwood, or
the lowest card of some meld held, and the first choice (in template order) that leaves
strictly less deadwood than every earlier one is kept. On a plain hand the tables give the
exact deadwood of any remaining cards, so the same choices are made state by state along the
one path the arrangement follows, without searching the states off it: the melds, their order
and the deadwood are those of the search.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .bits import PlainMelds
    from .rules import MeldRules, _Entry


def picks(rules: MeldRules, tables: PlainMelds, h: int) -> list[_Entry]:
    """The melds (as search entries, in the order the search picks them) of the arrangement of
    the plain hand ``h`` (one bit per face)."""
    deadwood, points = tables.deadwood, rules.points
    present = rules._candidates(h, 0)
    out = []
    while present:
        useful = 0
        for e in present:
            useful |= e.field
        if not h & useful:
            break
        low = h & -h
        after = h ^ low
        best, pick, h = points[low.bit_length() - 1] + deadwood(after), None, after
        for e in present:
            if e.first & low:
                rest = (after | low) & ~e.field
                value = deadwood(rest)
                if value < best:
                    best, pick, h = value, e, rest
        if pick is not None:
            out.append(pick)
        present = [e for e in present if e.first & h == e.first]
    return out
