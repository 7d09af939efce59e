"""Manipulation rummy: check a rearranged table, and find the best play (Carousel-style games).

:func:`check_move` (in :mod:`.table_check`) judges one move. :func:`find_play` finds the move
that plays the most hand cards (or sheds the most points): every natural card on the table
stays; each table joker keeps its card or is freed (:func:`_configs`); for each such choice a
dynamic programme over ranks (:mod:`.table_solver`) decides which hand cards join and how all
the cards split into legal melds. It runs both ways along the ranks at once (the cheaper way
varies a lot), with a bound that first asks for every hand card and then gives up more and
more. The best play is rebuilt as a table and checked with :func:`check_move`.
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import Sequence

from .melds import Meld, MeldRules
from .table_check import Opening, Table, added_cards, check_move
from .table_moves import shape_of
from .table_solver import Programme

__all__ = ["Opening", "Play", "added_cards", "check_move", "find_play"]

SCALE = 1 << 12          # the first criterion weighs more than any total of the second
LOSSES = (0, 1, 2, 3, 4, 6, 8, 12, 16, 32, 64, 1 << 20)   # cards (or 4 points) given up
FAVOUR = 16              # how much larger last time's faster sweep may grow first


@dataclass(frozen=True)
class Play:
    """A legal move: the whole new table, and the hand cards it adds (faces)."""

    new_table: tuple[tuple[tuple[int, int], ...], ...]
    added: tuple[int, ...]


def find_play(rules: MeldRules, table: Table, hand: Sequence[int], objective: str = "cards",
              opening: Opening | None = None) -> Play | None:
    """The best legal move, or None when no legal move exists.

    ``objective`` "cards": most hand cards, then most points; "points": the reverse.
    """
    if objective not in ("cards", "points"):
        raise ValueError(f"objective must be 'cards' or 'points', not {objective!r}")
    faces = rules.faces
    joker = faces.joker
    weights = [SCALE + p if objective == "cards" else p * SCALE + 1 for p in faces.points]
    hand = list(hand)
    hand_jokers = hand.count(joker) if joker is not None else 0
    hand_natural = Counter(f for f in hand if f != joker)
    table_natural = Counter(f for meld in table for f, _ in meld if f != joker)
    table_jokers = [(d, i) for i, meld in enumerate(table) for f, d in meld if f == joker]
    usable = _usable(rules, hand_natural, table_natural, hand_jokers + len(table_jokers))
    shape = shape_of(rules)
    joker_weight = weights[joker] if joker is not None else 0

    def programme(need_hand, fixed, released, need=None):
        """The searches (both ways along the ranks) for one way of keeping or freeing the
        table's jokers."""
        ends = not shape.bounded and rules.max_jokers is None
        base = sum(weights[face] * n for face, n in need_hand.items())
        pair = []
        for reverse in (False, True):
            positions = shape.positions(hand_jokers + len(table_jokers), ends, reverse)
            items = []
            for pos in positions:
                row = []
                for s in range(shape.suits):
                    face = s * shape.ranks + pos.rank
                    must = table_natural[face] + need_hand[face]
                    row.append((0, 0, 0) if pos.slot is not None else
                               (must, usable[face] - need_hand[face], fixed[face]))
                items.append(row)
            pair.append(Programme(rules, shape, positions, items, weights, released + hand_jokers,
                                  released, joker_weight, base, need))
        return pair

    if opening is not None:                  # new melds from the hand alone
        table_natural = Counter()
        usable = _usable(rules, hand_natural, table_natural, hand_jokers)
        runs = [programme(Counter(), Counter(), 0, (opening.complete_melds, opening.min_points))]
    else:
        runs = (programme(*config) for config in _configs(table_jokers, table_natural,
                                                          hand_natural))
    best = _best(list(runs), 1 if objective == "cards" else 4)
    if best is None or best[0] <= 0:
        return None
    melds = [tuple(zip(m.cards, m.declared)) for meld in best[1] for m in _legal(rules, meld)]
    kept = tuple(tuple(map(tuple, meld)) for meld in table) if opening is not None else ()
    new_table = kept + tuple(melds)
    reason = check_move(rules, table, new_table, hand, opening)
    assert reason is None, f"find_play built an illegal move: {reason}"
    return Play(new_table, tuple(added_cards(table, new_table)))


def _best(pairs, unit: int):
    """(value, melds) of the best play over every search, or None.

    Iterative deepening on the value given up: first only plays worth at least the best
    conceivable one (every hand card that could play) less ``loss`` cards (``unit`` points),
    for growing losses; the bound prunes every state that cannot reach such a play.
    """
    top = max(search.potential for pair in pairs for search in pair)
    best, winners = None, {}
    for loss in LOSSES:
        floor = max(-1, (top // SCALE - loss * unit) * SCALE - 1)
        for k, pair in enumerate(pairs):
            winners[k], found = _race(pair, floor if best is None else max(floor, best[0]),
                                      winners.get(k, winners.get("last")))
            winners["last"] = winners[k]
            if found is not None:
                best = (found[0], pair[winners[k]].melds(found[1]))
                if best[0] >= top:
                    return best
        if best is not None or floor < 0:
            return best
    return best


def _race(pair, floor: int, favourite: int | None):
    """Sweep the ranks both ways at once, stepping the smaller search (the ``favourite``,
    last time's winner, unless it is much the larger); the first to finish answers (the
    other's answer would be the same). Returns (winner, (value, state) or None)."""
    sweeps = [search.sweep(floor) for search in pair]
    sizes = [0, 0]
    while True:
        weighed = [size / FAVOUR if i == favourite else size for i, size in enumerate(sizes)]
        i = weighed.index(min(weighed))
        try:
            sizes[i] = next(sweeps[i]) + 1
        except StopIteration as done:
            return i, done.value


def _configs(table_jokers, table_natural: Counter, hand_natural: Counter):
    """Each way to keep or free the table's jokers: (hand cards that must be played, jokers
    kept per card, jokers freed).

    A joker may take a new card when a natural copy of its old card, one per joker, is on the
    table after the move (see :func:`check_move`). Freeing it is then never worse than keeping
    it (a free joker can still stand for that card), so jokers whose card has a copy on the
    table are freed; the others are kept, or freed by playing their card from the hand.
    """
    counts = Counter(card for card, _ in table_jokers)
    choices = []
    for card, count in counts.items():
        free = min(count, table_natural[card])
        choices.append([(card, released) for released in
                        range(free, min(count, free + hand_natural[card]) + 1)])
    for combo in product(*choices):
        need = Counter({card: released - table_natural[card] for card, released in combo
                        if released > table_natural[card]})
        fixed = Counter({card: counts[card] - released for card, released in combo})
        yield need, fixed, sum(released for _, released in combo)


def _usable(rules: MeldRules, hand: Counter, table: Counter, jokers: int) -> Counter:
    """Hand cards that some legal meld of the available cards could hold (the rest cannot play)."""
    out = Counter()
    for face, count in hand.items():
        for template in _templates_with(rules, face):
            missing = sum(1 for f in template if f != face and not hand[f] and not table[f])
            naturals = len(template) - missing
            if (missing <= jokers and naturals >= rules.min_natural
                    and (rules.max_jokers is None or missing <= rules.max_jokers)):
                out[face] = count
                break
    return out


@functools.lru_cache(maxsize=None)
def _by_face(rules: MeldRules) -> dict[int, list[tuple[int, ...]]]:
    out: dict[int, list[tuple[int, ...]]] = {}
    for _, template in sorted(rules.templates, key=lambda kt: len(kt[1])):
        for f in template:
            out.setdefault(f, []).append(template)
    return out


def _templates_with(rules: MeldRules, face: int) -> list[tuple[int, ...]]:
    return _by_face(rules).get(face, [])


def _legal(rules: MeldRules, meld: list[tuple[int, int]]) -> list[Meld]:
    """The meld in template order (a run low to high), or a run longer than any template cut
    into consecutive legal runs."""
    ways: dict[int, list] = {0: []}
    for start in range(len(meld)):
        if start in ways:
            for end in range(len(meld), start, -1):
                piece = meld[start:end]
                found = rules.meld([f for f, _ in piece], [d for _, d in piece])
                if end not in ways and found is not None:
                    ways[end] = ways[start] + [rules.in_order(found)]
        if len(meld) in ways:
            return ways[len(meld)]
    raise AssertionError(f"no legal split of a run of {len(meld)} cards")
