"""The openings a hand can lay: sets of melds from the hand alone that together meet an
opening requirement (a contract of meld kinds, points counted by the meld, every card).

The search tries the hand's melds (naturals before jokers, the most points first), adds one
meld at a time, and keeps a set as soon as it meets the requirement; with meld kinds to meet
(and no points or all cards to reach) a set grows only by melds that fill a slot of their own.
It is bounded (``MAX_SETS`` sets found, ``MAX_TRIES`` sets tried): a useful finite part of the
openings, as a meld step lists, never all of them.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..melds import Meld, MeldRules
from ..melds.needs import MeldValues, each_meld_needed
from .check import Opening, Table, check_move

MAX_SETS = 40
MAX_TRIES = 3000


def opening_sets(rules: MeldRules, table: Table, hand: Sequence[int], opening: Opening,
                 keep: int = 0, manipulation: bool = True) -> list[tuple[Meld, ...]]:
    """Sets of melds from ``hand`` that make ``opening`` on ``table``, leaving at least
    ``keep`` cards in the hand."""
    values = opening.values or MeldValues(rules.faces)
    melds = rules.melds_in(hand)
    melds.sort(key=lambda m: (m.jokers(), -values.points(m.kind, _pairs(m))))
    slots = sum(need.count for need in opening.needs)
    only_needed = bool(opening.needs) and not opening.min_points and not opening.all_cards
    deepest = len(hand) if opening.all_cards else max(slots, opening.complete_melds,
                                                      1 if opening.min_points else 0) + 3
    found: list[tuple[Meld, ...]] = []
    tries = 0

    def grow(start: int, chosen: list[Meld], left: Counter) -> None:
        nonlocal tries
        for i in range(start, len(melds)):
            if len(found) >= MAX_SETS or tries >= MAX_TRIES:
                return
            meld = melds[i]
            used = Counter(meld.cards)
            if used - left:
                continue
            rest = left - used
            now = chosen + [meld]
            if sum(rest.values()) < keep or (only_needed and not each_meld_needed(
                    opening.needs, [(m.kind, _pairs(m)) for m in now])):
                continue
            tries += 1
            new = list(table) + [_pairs(m) for m in now]
            if check_move(rules, table, new, hand, opening, manipulation=manipulation) is None:
                found.append(tuple(now))
            elif len(now) < deepest:
                grow(i + 1, now, rest)

    grow(0, [], Counter(hand))
    return found


def _pairs(meld: Meld) -> list[tuple[int, int]]:
    return list(zip(meld.cards, meld.declared))
