"""Per rank of a plain hand: the group choices worth trying, and what a group leaves over.

A rank's cards are a pattern of *suit bits* (bit ``s * ranks`` for suit ``s``, so a rank's
cards of hand ``h`` are ``h >> rank & spread``); ``shapes`` are the legal groups in that form,
no two of them disjoint (a rank holds at most one group).
"""
from __future__ import annotations

from itertools import combinations


class RankGroups:
    """Group tables over the suit-bit patterns of one rank."""

    def __init__(self, shapes: tuple[int, ...], spread: int):
        self.shapes = shapes
        subsets = [0]
        bit = spread
        while bit:
            low = bit & -bit
            bit ^= low
            subsets += [s | low for s in subsets]
        # the cards of the largest group within each pattern, and the cards it leaves over
        self.largest = {held: max((s.bit_count() for s in shapes if s & held == s), default=0)
                        for held in subsets}
        self.left = {held: held.bit_count() - size for held, size in self.largest.items()}
        self.left_after = {held: self._left_after(held) for held in subsets}
        # the suit bits that, added to the pattern, join a group with some of its cards
        self.joining = {held: sum({s & ~held for s in shapes if (s & ~held).bit_count() == 1})
                        for held in subsets}
        # the lowest and the highest change in cards left over, and which cards make it
        self.least_left = {held: _extreme(changes, min) for held, changes in self.left_after.items()}
        self.most_left = {held: _extreme(changes, max) for held, changes in self.left_after.items()}
        # choices found so far, keyed by held | in_runs << 1 (suit bits are two or more apart)
        self.known: dict[int, tuple[int, ...]] = {}
        self.known_for_discards: dict[int, tuple[int, ...]] = {}

    def _left_after(self, held: int) -> tuple[tuple[int, int], ...]:
        """Per card of ``held``: (its suit bit's position, the change in the cards left over
        when it leaves)."""
        out, x = [], held
        while x:
            bit = x & -x
            x ^= bit
            out.append((bit.bit_length() - 1, self.left[held ^ bit] - self.left[held]))
        return tuple(out)

    def choices(self, held: int, in_runs: int) -> tuple[int, ...]:
        """The group choices worth trying at a rank holding ``held``, ``in_runs`` of them
        wanted by some run: no group (0) or a group, unless a larger group beats it by adding
        only cards no run wants."""
        key = held | in_runs << 1
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._unbeaten(held, in_runs, 1)
        return found

    def discard_choices(self, held: int, in_runs: int) -> tuple[int, ...]:
        """:meth:`choices` still enough after any one card of the hand is discarded: a choice
        is left out only when two larger groups beat it by adding disjoint cards, so one of
        them survives the discard."""
        key = held | in_runs << 1
        found = self.known_for_discards.get(key)
        if found is None:
            found = self.known_for_discards[key] = self._unbeaten(held, in_runs, 2)
        return found

    def _unbeaten(self, held: int, in_runs: int, beaters: int) -> tuple[int, ...]:
        """The choices not beaten by ``beaters`` larger groups adding disjoint spare cards."""
        legal = [0] + [s for s in self.shapes if s & held == s]
        spare = held & ~in_runs
        out = []
        for a in legal:
            added = [b & ~a for b in legal if b != a and b & a == a and not b & ~a & ~spare]
            if beaters == 1:
                beaten = bool(added)
            else:
                beaten = any(not x & y for x, y in combinations(added, 2))
            if not beaten:
                out.append(a)
        return tuple(out)


def _extreme(changes: tuple[tuple[int, int], ...], pick) -> tuple[int, tuple[int, ...]]:
    """(the ``pick`` (min or max) of the changes, the offsets having it); (0, ()) for none."""
    if not changes:
        return 0, ()
    value = pick(change for _, change in changes)
    return value, tuple(offset for offset, change in changes if change == value)
