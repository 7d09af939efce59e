"""Joker swaps: a natural card from the hand takes the place of a table joker standing for it,
and the joker is freed (to the hand, or to be played on the table in the same move).

Tables are as in :mod:`.check`: melds of ``(face, declared)`` pairs. A move with swaps is
judged as the swaps first (:func:`swapped`), then an ordinary move from the table they leave.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..melds import MeldRules

Table = Sequence[Sequence[tuple[int, int]]]
Spot = tuple[int, int]                   # (meld index, place in the meld) of a table joker


@dataclass(frozen=True)
class JokerSwap:
    """What a joker swap may do: from runs only, before the opening too, and whether the freed
    joker goes to the hand (else it must be played on the table in the same move)."""

    runs_only: bool = False
    before_opening: bool = False
    to_hand: bool = True


def spots(rules: MeldRules, table: Table, hand: Sequence[int], swap: JokerSwap) -> list[Spot]:
    """The table jokers the hand holds the natural card of, in melds a swap may touch."""
    joker, have = rules.faces.joker, Counter(hand)
    out = []
    for i, meld in enumerate(table):
        if swap.runs_only and rules.kind_of(d for _, d in meld) != "run":
            continue
        out += [(i, p) for p, (f, d) in enumerate(meld) if f == joker and have[d]]
    return out


def swap_at(table: Table, hand: Sequence[int], chosen: Sequence[Spot],
            joker: int) -> tuple[list[list[tuple[int, int]]], list[int]]:
    """The table and hand after the natural cards of ``chosen`` replace their jokers (the
    jokers go to the hand)."""
    new = [list(meld) for meld in table]
    left = list(hand)
    for i, p in chosen:
        card = new[i][p][1]
        new[i][p] = (card, card)
        left.remove(card)
        left.append(joker)
    return new, left


def swapped(rules: MeldRules, table: Table, new_table: Table, hand: Sequence[int],
            swap: JokerSwap) -> Iterator[tuple[list[list[tuple[int, int]]], list[int]]]:
    """The (table, hand) each set of swaps leaves that the move to ``new_table`` may have
    begun with: its natural cards are among the cards the move adds, fewest swaps first."""
    joker = rules.faces.joker
    if joker is None:
        return
    added = Counter(f for m in new_table for f, _ in m)
    added.subtract(f for m in table for f, _ in m)
    places = spots(rules, table, hand, swap)
    have = Counter(hand)
    for size in range(1, len(places) + 1):
        for chosen in combinations(places, size):
            naturals = Counter(table[i][p][1] for i, p in chosen)
            if all(added[c] >= n and have[c] >= n for c, n in naturals.items()):
                yield swap_at(table, hand, chosen, joker)
