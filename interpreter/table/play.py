"""Manipulation rummy: check a rearranged table, and find the best play (Carousel-style games).

:func:`check_move` (in :mod:`.check`) judges one move. :func:`find_play` finds the move
that plays the most hand cards (or sheds the most points): every natural card on the table
stays; each table joker keeps its card or is freed (:func:`_configs`); for each such choice a
dynamic programme over ranks (:mod:`.solver`) decides which hand cards join and how all
the cards split into legal melds. It sweeps the ranks from the end where the cards are fewer,
with a bound that first asks for every hand card and then gives up more and more. The best play
is rebuilt as a table and checked with :func:`check_move`.

Ties: among plays of equal value the answer is the first configuration's (in
:func:`_configs` order), and within it the play the sweep keeps (see :mod:`.solver`). Both
depend only on the position and the bound, never on how much work the search did, so a faster
search that prunes only states that cannot lead to a legal play gives the same moves.

Without manipulation (:func:`_grown`) the table melds keep their cards and places: a search over
the hand's lowest card decides which melds grow and which new melds the hand makes.
"""
from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from ..budget import Budget, BudgetExhausted
from ..errors import LimitError
from ..melds import Meld, MeldRules
from .check import Opening, Table, added_cards, check_move
from .collector import collector_paused
from .moves import shape_of
from .openings import opening_sets
from .simple import simple_move
from .solver import NO_CAP, Programme

__all__ = ["Opening", "Play", "added_cards", "check_move", "find_play", "opening_sets"]

SCALE = 1 << 12          # the first criterion weighs more than any total of the second
LOSSES = (0, 1, 2, 3, 4, 6, 8, 12, 16, 32, 64, 1 << 20)   # cards (or 4 points) given up
BEAM = 1000              # states per layer kept by the beam search after a spent budget


@dataclass(frozen=True)
class Play:
    """A legal move: the whole new table, and the hand cards it adds (faces)."""

    new_table: tuple[tuple[tuple[int, int], ...], ...]
    added: tuple[int, ...]


def find_play(rules: MeldRules, table: Table, hand: Sequence[int], objective: str = "cards",
              opening: Opening | None = None, *, manipulation: bool = True,
              budget: Budget | None = None) -> Play | None:
    """The best legal move, or None when no legal move exists.

    ``objective`` "cards": most hand cards, then most points; "points": the reverse.
    ``manipulation`` False: table melds may only be extended (see :func:`check_move`).
    ``budget``: search at most its states (each layer of the dynamic programme, each memoised
    state of the extension search) and seconds, then answer with the best legal move found so
    far (or its beam search's), else the best simple move (a new meld from the hand or one card
    laid off, :mod:`.simple`), else None (``budget.exhausted`` then tells it apart from "no
    move"); a position beyond the solver's capacity (LimitError) is reported the same way.
    Without a budget the search is exact and unbounded.
    An opening the solver cannot search for (meld kinds, every card, points by the meld;
    see ``Opening.by_count_and_points``) raises ValueError: :func:`opening_sets` lists those.
    """
    if objective not in ("cards", "points"):
        raise ValueError(f"objective must be 'cards' or 'points', not {objective!r}")
    if opening is not None and not opening.by_count_and_points:
        raise ValueError("find_play searches openings by melds and points only: "
                         "list this one with opening_sets")
    with collector_paused():
        return _find(rules, table, hand, objective, opening, manipulation, budget)


def _find(rules: MeldRules, table: Table, hand: Sequence[int], objective: str,
          opening: Opening | None, manipulation: bool, budget: Budget | None) -> Play | None:
    faces = rules.faces
    joker = faces.joker
    weights = [SCALE + p if objective == "cards" else p * SCALE + 1 for p in faces.points]
    hand = list(hand)
    if budget is not None:
        budget.start()
    if not manipulation and opening is None:
        try:
            return _grown(rules, table, hand, weights, budget)
        except BudgetExhausted:
            return _fallback(rules, table, hand, weights, None, False)
    hand_jokers = hand.count(joker) if joker is not None else 0
    hand_natural = Counter(f for f in hand if f != joker)
    table_natural = Counter(f for meld in table for f, _ in meld if f != joker)
    table_jokers = [(d, i) for i, meld in enumerate(table) for f, d in meld if f == joker]
    usable = _usable(rules, hand_natural, table_natural, hand_jokers + len(table_jokers))
    shape = shape_of(rules)
    joker_weight = weights[joker] if joker is not None else 0

    def programme(need_hand, fixed, released, need=None):
        """The search for one way of keeping or freeing the table's jokers, sweeping the ranks
        from the end where the cards are fewer (see :func:`_sparse_end_first`)."""
        ends = not shape.bounded and rules.max_jokers is None
        base = sum(weights[face] * n for face, n in need_hand.items())
        sweeps = []
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
            sweeps.append((positions, items))
            if not _sparse_end_first(items):
                break
        positions, items = sweeps[-1]
        return Programme(rules, shape, positions, items, weights, released + hand_jokers,
                         released, joker_weight, base, need)

    if opening is not None:                  # new melds from the hand alone
        table_natural = Counter()
        usable = _usable(rules, hand_natural, table_natural, hand_jokers)
        configs: Iterable[tuple] = [(Counter(), Counter(), 0,
                                     (opening.complete_melds, opening.min_points))]
    else:
        configs = _configs(table_jokers, table_natural, hand_natural)
    try:
        best = _best([programme(*config) for config in configs], 1 if objective == "cards" else 4,
                     budget)
    except LimitError:
        if budget is None:
            raise
        budget.exhausted, best = True, None
    if best is None or best[0] <= 0:
        return (_fallback(rules, table, hand, weights, opening, manipulation)
                if budget is not None and budget.exhausted else None)
    melds = [tuple(zip(m.cards, m.declared)) for meld in best[1] for m in _legal(rules, meld)]
    kept = tuple(tuple(map(tuple, meld)) for meld in table) if opening is not None else ()
    return _checked(rules, table, kept + tuple(melds), hand, opening, manipulation)


def _fallback(rules, table, hand, weights, opening, manipulation) -> Play | None:
    """After a spent budget found no play: the best simple move (see :mod:`.simple`)."""
    new_table = simple_move(rules, table, hand, weights, opening, manipulation)
    return None if new_table is None else Play(new_table, tuple(added_cards(table, new_table)))


def _checked(rules, table, new_table, hand, opening, manipulation) -> Play:
    reason = check_move(rules, table, new_table, hand, opening, manipulation=manipulation)
    if reason is not None:
        raise AssertionError(f"find_play built an illegal move: {reason}")
    return Play(new_table, tuple(added_cards(table, new_table)))


def _best(searches, unit: int, budget: Budget | None):
    """(value, melds) of the best play over every search, or None.

    Iterative deepening on the value given up: first only plays worth at least the best
    conceivable one (every hand card that could play) less ``loss`` cards (``unit`` points),
    for growing losses; the bound prunes every state that cannot reach such a play. Among
    plays of equal value the first search's wins, and within a search the one its sweep keeps
    (see :mod:`.solver`): the answer depends on the position and the floor, never on the
    work done, so games replay identically. When the ``budget`` runs out, the best play found
    so far (or the beam search's, or None).
    """
    top = max(search.potential for search in searches)
    best = None
    for loss in LOSSES:
        floor = max(-1, (top // SCALE - loss * unit) * SCALE - 1)
        for search in searches:
            try:
                found = _run(search, floor if best is None else max(floor, best[0]), budget)
            except LimitError:                  # the budget spent, or a field overflowed
                if budget is None:
                    raise
                budget.exhausted = True
                return best if best is not None else _beamed(searches)
            if found is not None:
                best = (found[0], search.melds(found[1]))
                if best[0] >= top:
                    return best
        if best is not None or floor < 0:
            return best
    return best


def _beamed(searches, width: int = BEAM):
    """(value, melds) of the best play a beam search finds (every layer cut to its ``width``
    most valuable states), or None: a legal play, not always the best, in bounded time (at
    most ``width`` times the moves of one state, per layer)."""
    best = None
    for search in searches:
        search.beam, search.cap = width, NO_CAP
        try:
            found = search.run()
        finally:
            search.beam = None
        if found is not None and (best is None or found[0] > best[0]):
            best = (found[0], search.melds(found[1]))
    return best


def _run(search, floor: int, budget: Budget | None):
    """The search's (value, state) above ``floor``, or None; each layer is charged to the
    ``budget`` (BudgetExhausted when it runs out)."""
    if budget is None:
        return search.run(floor)
    sweep = search.sweep(floor)
    while True:
        search.cap = budget.left() - 1            # a layer is charged its size and one
        try:
            size = next(sweep)
        except StopIteration as done:
            return done.value
        budget.charge(size + 1)


def _sparse_end_first(items) -> bool:
    """Whether to sweep the ranks the other way: the cards at the positions but the last (the
    ace at both ends stays last either way) weigh more towards the start. A search starting
    where cards are few keeps fewer open runs early, and is most often the cheaper one."""
    counts = [sum(map(sum, row)) for row in items[:-1]]
    middle = (len(counts) - 1) / 2
    return sum((p - middle) * n for p, n in enumerate(counts)) < 0


# A state of :func:`_grown`'s search: the hand's natural faces left (sorted), the hand jokers
# left, and the mask of the table melds grown.
_Left = tuple[tuple[int, ...], int, int]


def _grown(rules: MeldRules, table: Table, hand: list[int], weights,
           budget: Budget | None = None) -> Play | None:
    """The best move that only extends table melds and adds new melds from the hand.

    The hand's lowest natural card left stays in the hand, or is the lowest hand card of a new
    meld or of one table meld's extension (a meld grows once, by all its new cards). Hand
    jokers left at the end fill the room of melds not grown yet. States are memoised, so the
    search is exact (every new meld holds a natural card, as the schema asks). Each memoised
    state is charged to the ``budget`` (BudgetExhausted when it runs out).
    """
    joker = rules.faces.joker
    jokers = hand.count(joker) if joker is not None else 0
    joker_weight = weights[joker] if joker is not None else 0
    have = {f for f in hand if f != joker}
    most = _cap(jokers, rules.max_jokers)
    news = {f: [t for t in _templates_with(rules, f) if sum(g not in have for g in t) <= most]
            for f in have}
    growth = _growth(rules, table, have, jokers)
    memo: dict = {}

    def options(rest: tuple, wild: int, grown: int):
        """(value, state after, meld index or None for a new meld, naturals, joker cards)."""
        low, left = rest[0], Counter(rest)
        choices: list[tuple[int | None, tuple[int, ...], int]] = [
            (None, t, _cap(wild, rules.max_jokers)) for t in news[low]]
        choices += [(i, e, _cap(wild, cap)) for i, (cap, extras) in enumerate(growth)
                    if not grown >> i & 1 for e in extras if low in e]
        for i, cards, room in choices:
            others = [f for f in cards if f != low]
            present = [f for f in others if left[f]]
            missing = len(others) - len(present)
            for k in range(missing, min(room, len(others)) + 1):
                if i is None and len(cards) - k < rules.min_natural:
                    break
                for stand_in in combinations(present, k - missing):
                    naturals = [low] + [f for f in present if f not in stand_in]
                    after = (tuple(sorted((left - Counter(naturals)).elements())), wild - k,
                             grown if i is None else grown | 1 << i)
                    yield (sum(weights[f] for f in naturals) + k * joker_weight, after, i,
                           naturals, [f for f in others if f not in naturals])

    def best(state: _Left) -> int:
        if state not in memo:
            if budget is not None:
                budget.charge(1)
            rest, wild, grown = state
            if not rest:
                memo[state] = (_filled(growth, wild, grown)[0] * joker_weight, None)
            else:
                value, choice = best((rest[1:], wild, grown)), None
                for option in options(rest, wild, grown):
                    total = option[0] + best(option[1])
                    if total > value:
                        value, choice = total, option
                memo[state] = (value, choice)
        return memo[state][0]

    state: _Left = (tuple(sorted(f for f in hand if f != joker)), jokers, 0)
    if best(state) <= 0:
        return None
    melds, fresh = _grown_melds(table, growth, memo, state, joker)
    new_table = tuple(tuple(m) if len(m) == len(old) else _in_order(rules, m)
                      for m, old in zip(melds, table)) + tuple(_in_order(rules, m) for m in fresh)
    return _checked(rules, table, new_table, hand, None, False)


def _growth(rules: MeldRules, table: Table, have: set[int], jokers: int):
    """Per table meld of :func:`_grown`: (the jokers it may still take or None, the tuples of
    cards it may gain whose faces the hand has but for as many as the jokers it may take)."""
    growth = []
    for meld in table:
        declared = {d for _, d in meld}
        cap = None if rules.max_jokers is None else rules.max_jokers - sum(
            f != d for f, d in meld)               # jokers and wild cards standing in
        extras = () if len(declared) < len(meld) else (   # (a group of identical cards:
            tuple(f for f in t if f not in declared)      # its faces are no template's)
            for t in _templates_with(rules, meld[0][1]) if declared < set(t))
        growth.append((cap, [e for e in extras
                             if sum(f not in have for f in e) <= _cap(jokers, cap)]))
    return growth


def _grown_melds(table: Table, growth, memo: dict, state: _Left, joker: int | None):
    """(table melds, new melds) as (face, declared) lists: :func:`_grown`'s best choices from
    ``state`` followed through its ``memo``, and the jokers left placed on ungrown melds."""
    melds: list[list[tuple[int, int]]] = [[(f, d) for f, d in meld] for meld in table]
    fresh: list[list[tuple[int, int]]] = []
    while state[0]:
        choice = memo[state][1]
        if choice is None:
            state = (state[0][1:],) + state[1:]
            continue
        _, state, i, naturals, wilds = choice
        cards = [(f, f) for f in naturals] + [(joker, f) for f in wilds]
        if i is None:
            fresh.append(cards)
        else:
            melds[i] += cards
    for i, extra in _filled(growth, state[1], state[2])[1]:
        melds[i] += [(joker, f) for f in extra]
    return melds, fresh


def _cap(wild: int, limit: int | None) -> int:
    return wild if limit is None else min(wild, limit)


def _filled(growth, wild: int, grown: int):
    """(jokers placed, [(meld index, cards they stand for)]): the most of ``wild`` hand jokers
    that the melds not grown yet can take."""
    reach: dict[int, list[tuple[int, Any]]] = {0: []}
    for i, (cap, extras) in enumerate(growth):
        if not grown >> i & 1:
            for count, plan in list(reach.items()):
                for extra in extras:
                    total = count + len(extra)
                    if len(extra) <= _cap(wild, cap) and total <= wild and total not in reach:
                        reach[total] = plan + [(i, extra)]
    top = max(reach)
    return top, reach[top]


def _in_order(rules: MeldRules, pairs) -> tuple[tuple[int, int], ...]:
    meld = rules.meld([f for f, _ in pairs], [d for _, d in pairs])
    assert meld is not None                 # the search only builds legal melds
    meld = rules.in_order(meld)
    return tuple(zip(meld.cards, meld.declared))


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
    out: Counter[int] = Counter()
    for face, count in hand.items():
        for template in _templates_with(rules, face):
            missing = sum(1 for f in template if f != face and not hand[f] and not table[f])
            naturals = len(template) - missing
            if (missing <= jokers and naturals >= rules.min_natural
                    and (rules.max_jokers is None or missing <= rules.max_jokers)):
                out[face] = count
                break
    return out


@functools.cache
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
