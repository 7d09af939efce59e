"""Manipulation rummy: check a rearranged table, and find the best play (Carousel-style games).

:func:`check_move` (in :mod:`.table_check`) judges one move. :func:`find_play` finds the move
that plays the most hand cards (or sheds the most points): every natural card on the table
stays; the table's jokers either keep their card or are freed, each in one of the two ways the
rules allow; for each such choice a dynamic programme over ranks (:mod:`.table_solver`) decides
which hand cards join and how everything splits into legal melds. The result is rebuilt as a
table and checked with :func:`check_move` before it is returned.
"""
from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from itertools import product
from typing import NamedTuple, Sequence

from .melds import MeldRules
from .table_check import Opening, Table, added_cards, check_move
from .table_solver import Programme

__all__ = ["Opening", "Play", "added_cards", "check_move", "find_play"]

SCALE = 1 << 12          # the first criterion weighs more than any total of the second
BEAM = 64                # states kept per layer by the quick first search


class Position(NamedTuple):
    """One step of the search: a rank, where its cards come from, what they may do."""

    rank: int
    slot: int | None      # a later copy of a rank: its cards are those the first copy deferred
    defer: int | None     # first copy of a rank whose cards may wait for slot ``defer``
    groups: bool
    starts: bool
    ends: bool = False    # the ace at both ends: also below the runs begun at the first position


@dataclass(frozen=True)
class Shape:
    """What the search needs of a variant's melds, read off its templates."""

    suits: int
    ranks: int
    group: tuple[int, int] | None
    run_min: int | None
    cap: int               # run lengths are tracked up to this
    bounded: bool          # the longest run is ``cap``; otherwise longer runs are split later
    ace_low: bool
    ace_high: bool
    wrap: bool

    def positions(self, jokers: int, ends: bool = True) -> tuple[Position, ...]:
        """Ranks in run order. An ace at both ends comes last, once (``ends``), or at both
        ends, the cards of the first copy waiting for the second; when runs wrap, the ranks a
        wrapping run can reach with ``jokers`` jokers come back after the last."""
        ranks, lo = self.ranks, self.run_min or 1
        both = self.ace_low and self.ace_high and not self.wrap and self.run_min is not None
        if self.run_min is None:
            order, again = list(range(ranks)), 0
        elif self.wrap:
            order, again = list(range(ranks)), min(ranks - 1, 2 * lo - 2 + jokers)
        elif self.ace_low and not (both and ends):
            order, again = list(range(ranks)), int(self.ace_high)
        else:
            order, again = list(range(1, ranks)) + [0], 0
        last = len(order) + again - 1
        out = [Position(r, None, p if p < again else None, True,
                        self.run_min is not None and p + lo - 1 <= last,
                        both and ends and p == last)
               for p, r in enumerate(order)]
        return tuple(out + [Position(order[i], i, None, False, False) for i in range(again)])


@functools.lru_cache(maxsize=None)
def shape_of(rules: MeldRules) -> Shape:
    """The variant's group sizes, run lengths and ace placement, from its meld templates."""
    faces = rules.faces
    suits, ranks = len(faces.suits), len(faces.ranks)
    sizes = [len(t) for kind, t in rules.templates if kind == "group"]
    runs = [[faces.rank_of(f) for f in t] for kind, t in rules.templates if kind == "run"]
    steps = {(a, b) for t in runs for a, b in zip(t, t[1:])}
    wrap = any((a, b, c) == (ranks - 1, 0, 1) for t in runs for a, b, c in zip(t, t[1:], t[2:]))
    lengths = [len(t) for t in runs]
    lo, hi = (min(lengths), max(lengths)) if runs else (None, 0)
    bounded = hi < ranks
    return Shape(suits, ranks, (min(sizes), max(sizes)) if sizes else None, lo,
                 (hi if bounded else lo) if runs else 0, bounded,
                 (0, 1) in steps or ranks < 2, (ranks - 1, 0) in steps, wrap)


class Witness(NamedTuple):
    """A joker freed by the natural ``card`` taking its place beside one of ``partners``."""

    card: int
    kind: str               # "run" or "group": the kind of the joker's meld before the move
    partners: frozenset     # natural faces of that meld


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

    def programme(need_hand, fixed, released, witnesses, need=None):
        """The search for one way of keeping or freeing the table's jokers."""
        ends = not shape.bounded and rules.max_jokers is None and not any(
            w.kind == "run" and faces.rank_of(f) == 0 for w in witnesses
            for f in w.partners | {w.card})
        positions = shape.positions(hand_jokers + len(table_jokers), ends)
        items = []
        for pos in positions:
            row = []
            for s in range(shape.suits):
                face = s * shape.ranks + pos.rank
                must = table_natural[face] + need_hand[face]
                row.append((0, 0, 0) if pos.slot is not None else
                           (must, usable[face] - need_hand[face], fixed[face]))
            items.append(row)
        base = sum(weights[face] * n for face, n in need_hand.items())
        return Programme(rules, shape, positions, items, weights, released + hand_jokers,
                         released, joker_weight, witnesses, need, base)

    if opening is not None:                  # new melds from the hand alone
        table_natural = Counter()
        usable = _usable(rules, hand_natural, table_natural, hand_jokers)
        runs = [programme(Counter(), Counter(), 0, (),
                          (opening.complete_melds, opening.min_points))]
    else:
        runs = (programme(*config) for config in _configs(rules, table, table_jokers,
                                                          table_natural, hand_natural))
    best = _best(list(runs))
    if best is None or best[0] <= 0:
        return None
    melds = [tuple(piece) for meld in best[1] for piece in _legal(rules, meld)]
    kept = tuple(tuple(map(tuple, meld)) for meld in table) if opening is not None else ()
    new_table = kept + tuple(melds)
    reason = check_move(rules, table, new_table, hand, opening)
    assert reason is None, f"find_play built an illegal move: {reason}"
    return Play(new_table, tuple(added_cards(table, new_table)))


def _best(searches):
    """(value, melds) of the best play over every search, or None.

    A narrow beam first finds a good play quickly; when it is worth as much as playing every
    hand card that could play, nothing beats it. Otherwise each search looks for a strictly
    better play, its bound pruning every state that cannot reach one.
    """
    best = None
    for beam in (BEAM, None):
        for search in searches:
            found = search.run(-1 if best is None else best[0], beam)
            if found is not None:
                best = (found[0], search.melds(found[1]))
        if best is not None and best[0] >= max(search.potential for search in searches):
            break
    return best


def _configs(rules: MeldRules, table: Table, table_jokers, table_natural, hand_natural):
    """Each way the table's jokers keep their card, or are freed by a hand card or a swap.

    Yields (hand cards that must be played, jokers kept per card, jokers freed, witnesses).
    Keeping every joker comes first.
    """
    joker = rules.faces.joker
    choices = []
    for card, i in table_jokers:
        partners = frozenset(f for f, _ in table[i] if f != joker)
        options = [("keep", None)]
        if hand_natural[card]:
            options.append(("hand", None))
        if partners and table_natural[card] + hand_natural[card]:
            kind = rules.kind_of(d for _, d in table[i])
            options.append(("swap", Witness(card, kind, partners)))
        choices.append([(card, way, witness) for way, witness in options])
    for combo in product(*choices):
        fixed = Counter(card for card, way, _ in combo if way == "keep")
        by_hand = Counter(card for card, way, _ in combo if way == "hand")
        witnesses = [w for _, way, w in combo if way == "swap"]
        swapped = Counter(w.card for w in witnesses)
        need = Counter({card: by_hand[card] + max(0, swapped[card] - table_natural[card])
                        for card in by_hand | swapped})
        if all(need[card] <= hand_natural[card] for card in need):
            yield need, fixed, len(combo) - sum(fixed.values()), witnesses


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
    for _, template in rules.templates:
        for f in template:
            out.setdefault(f, []).append(template)
    return out


def _templates_with(rules: MeldRules, face: int) -> list[tuple[int, ...]]:
    return _by_face(rules).get(face, [])


def _legal(rules: MeldRules, meld: list[tuple[int, int]]) -> list[list[tuple[int, int]]]:
    """The meld, or a run longer than any template cut into consecutive legal runs."""
    if rules.meld([f for f, _ in meld], [d for _, d in meld]) is not None:
        return [meld]
    ways: dict[int, list] = {0: []}
    for start in range(len(meld)):
        if start in ways:
            for end in range(start + 1, len(meld) + 1):
                piece = meld[start:end]
                if end not in ways and rules.meld([f for f, _ in piece], [d for _, d in piece]):
                    ways[end] = ways[start] + [piece]
    assert len(meld) in ways, f"no legal split of a run of {len(meld)} cards"
    return ways[len(meld)]
