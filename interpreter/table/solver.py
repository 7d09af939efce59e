"""The dynamic programme over ranks behind find_play (after van Rijn, Takes and Vis, 2015).

Positions (ranks in run order, see :meth:`.moves.Shape.positions`) are processed one
suit at a time, then the rank's groups. A state is one int of fields: per suit its open runs
(an interned tuple of descriptors, see :mod:`.moves`) and the cards it set aside for this
rank's groups (their count, then an interned tuple); per suit the cards deferred to a later copy of their rank, or, with the ace at
both ends, the room below the runs begun at the first position; the wildcards used plus the
fewest the open runs still need (:meth:`Programme._reserve`), so that a state whose runs need
more wildcards than are left is never made; the room for jokers; for an opening, the melds and
points made. Equal states keep the best value, so the search is exact.

Moves are also left out when the wildcards left could not fill this rank's groups
(:meth:`Programme._group_need`).

Ties: a state keeps the first of its equally good predecessors (in the order the states were
made), and the answer is the first best final state. A state that can end legally comes only
from such states, so leaving out states that cannot, whatever their value, keeps the order,
values and predecessors of the rest: the answer does not change. A tighter value bound does
not: a state may first be made by a predecessor the bound would leave out, and then be made
later, after other states, by a better one; the floors are part of the answer.

When counting dumps (see :mod:`.moves`), the room is where jokers could be added to the
melds (free run ends, groups below their maximum), capped at the wildcards: at the end, the
hand jokers not placed in a meld go there.
"""
from __future__ import annotations

import heapq
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from ..budget import BudgetExhausted
from ..errors import LimitError
from .moves import ACE_LOW, FIXED, MAY, NATURAL, NEED, NEED_NATURAL, WILD, Moves

if TYPE_CHECKING:
    from ..melds import MeldRules
    from .moves import Shape

SMALL = 31                               # mask of the small count fields
RUN_BITS, GROUP_BITS, SLOT_BITS = 14, 11, 10
RUNS, GROUPS, SLOTS = (1 << RUN_BITS) - 1, (1 << GROUP_BITS) - 1, (1 << SLOT_BITS) - 1
COUNT_BITS = 3                           # a group field: its cards' count, then the part's id
PART_BITS, COUNTS = GROUP_BITS - COUNT_BITS, (1 << COUNT_BITS) - 1
MISSING = object()
NO_CAP = 1 << 62                         # a layer's size when no budget limits it


class Layer(NamedTuple):
    """One layer of a sweep: its states in the order they were made, their values, each
    state's place, the state each came from (None: the layer before's states, unchanged),
    whether the floor left out a move, and the most states it held when the budget looked."""

    states: list
    values: list
    places: dict
    back: list | None
    cut: bool = False
    checked: int = 0


class Programme:
    """One search: ``items[p][s]`` is (cards that must be played, hand cards that may be,
    table jokers kept as that card) at position ``p`` of suit ``s``; ``weights[face]`` the
    value of playing a hand card; ``pool`` the wildcards (``released`` freed table jokers that
    must be played, the rest hand jokers worth ``joker_weight`` each); ``base`` the value of
    the hand cards among those that must be played; ``need`` (melds, points) for an opening.
    """

    def __init__(self, rules: MeldRules, shape: Shape, positions, items, weights, pool: int,
                 released: int, joker_weight: int, base: int = 0, need=None):
        if pool > SMALL:
            raise LimitError(f"too many jokers for the table solver: {pool} (at most {SMALL})")
        if need and (need[0] > SMALL or need[1] > 1023):        # the fields' widths
            raise LimitError(f"opening too large for the table solver: {need[0]} melds and "
                             f"{need[1]} points (at most {SMALL} and 1023)")
        self.rules, self.positions, self.items, self.weights = rules, positions, items, weights
        self.pool, self.released, self.joker_weight = pool, released, joker_weight
        self.base, self.need = base, need
        self.suits, self.ranks, self.last = shape.suits, shape.ranks, len(positions) - 1
        self.points = rules.faces.points
        self.canonical = (not shape.bounded and not shape.wrap and rules.max_jokers is None
                          and rules.min_natural > 0 and need is None)
        self.moves = Moves(rules, shape, positions, items, pool, self.canonical)
        self.ends = self.moves.ends
        self.group_here = self.moves.grouping
        self.order = [sorted(range(self.suits), key=lambda s: sum(self.moves.source(p)[s]))
                      for p in range(len(positions))]     # few cards first: groups start late
        self._layout(max(sum(pos.slot is not None for pos in positions), int(self.ends)))
        self._tuples: dict[int, list[tuple]] = {
            bits: [()] for bits in (RUN_BITS, PART_BITS, SLOT_BITS)}
        self._ids = {bits: {(): 0} for bits in (RUN_BITS, PART_BITS, SLOT_BITS)}
        # memos per position and suit (the rank's groups last), each by its part of the state
        self._pairs_of: list[list[dict]] = [[{} for _ in range(self.suits + 1)] for _ in positions]
        self._plain_of: list[list[dict]] = [[{} for _ in range(self.suits)] for _ in positions]
        self._group_needs: list[list[dict]] = [[{} for _ in range(self.suits)] for _ in positions]
        self._cores: list[list[dict]] = [[{} for _ in range(self.suits)] for _ in positions]
        self._reserves: list[list[dict]] = [[{} for _ in range(len(positions) + 1)]
                                            for _ in range(self.suits)]
        self._finals: dict = {}
        self._cards = [[sum(self.moves.source(p)[s]) for s in range(self.suits)]
                       for p in range(len(positions))]
        self._potential = self._suffix_potential()
        self.cap = NO_CAP                          # most states one layer may hold
        self.beam: int | None = None               # keep only this many best states a layer
        self.layers: list[tuple[Layer, int, int | None]] = []     # of the last sweep
        self._swept: tuple[int, int | None] | None = None         # its floor and beam
        self._idle = [[not any(self.moves.source(p)[s]) and not self.moves.wild_starts[p][s]
                       and not pos.ends for s in range(self.suits)]
                      for p, pos in enumerate(positions)]

    @property
    def potential(self) -> int:
        """The value of playing every hand card: no play is worth more."""
        return self._potential[0]

    def _layout(self, slots: int):
        """Bit offsets of the state's fields (narrow: small ints hash and add faster)."""
        S = self.suits
        self.run_at = [s * RUN_BITS for s in range(S)]
        self.group_at = [S * RUN_BITS + s * GROUP_BITS for s in range(S)]
        base = S * (RUN_BITS + GROUP_BITS)
        self.slot_at = [[base + (j * S + s) * SLOT_BITS for s in range(S)] for j in range(slots)]
        base += slots * S * SLOT_BITS
        self.wild_at, self.room_at = base, base + 5
        self.melds_at, self.points_at = base + 10, base + 15
        small = SMALL << self.wild_at | SMALL << self.room_at
        opening = SMALL << self.melds_at | 1023 << self.points_at if self.need else 0
        self.group_mask = sum(GROUPS << at for at in self.group_at) | small | opening
        self.counts_mask = sum(COUNTS << at for at in self.group_at)
        self.final_mask = sum(RUNS << at for at in self.run_at) | small | opening
        self.earlier = [[self.order[p][:self.order[p].index(s)] if self.group_here[p] else None
                         for s in range(S)] for p in range(len(self.positions))]
        self.plain_mask = [[RUNS << self.run_at[s] | SMALL << self.room_at | opening |
                            (SLOTS << self.slot_at[pos.slot][s] if pos.slot is not None else 0)
                            | (SLOTS << self.slot_at[0][s] if self.ends else 0)
                            for s in range(S)] for pos in self.positions]
        self.core_mask = [[RUNS << self.run_at[s] |
                           (SLOTS << self.slot_at[0][s] if self.ends and pos.ends else 0) |
                           (SLOTS << self.slot_at[pos.slot][s] if pos.slot is not None else 0)
                           for s in range(S)] for pos in self.positions]
        self.suit_mask = [[self.plain_mask[p][s] | SMALL << self.wild_at |
                           sum(COUNTS << self.group_at[t] for t in self.earlier[p][s] or ())
                           for s in range(S)] for p in range(len(self.positions))]

    def _id(self, value: tuple, bits: int) -> int:
        """The interned id of a run tuple, group part or slot content (ids by kind)."""
        ids = self._ids[bits]
        found = ids.get(value)
        if found is None:
            found = ids[value] = len(self._tuples[bits])
            self._tuples[bits].append(value)
            if found >> bits:
                raise LimitError(f"position too large for the table solver: more than "
                                 f"{1 << bits} distinct values of a {bits}-bit state field")
        return found

    def _get(self, state: int, at: int, bits: int) -> tuple:
        return self._tuples[bits][state >> at & (1 << bits) - 1]

    # ---- the search ---------------------------------------------------------------------
    def run(self, floor: int = -1):
        """(best value, final state) above ``floor``, or None (see :meth:`sweep`)."""
        sweep = self.sweep(floor)
        while True:
            try:
                next(sweep)
            except StopIteration as done:
                return done.value

    def sweep(self, floor: int = -1):
        """The search one layer at a time: yields each layer's size, returns (best value,
        final state) above ``floor`` or None. Keeps the layers for :meth:`melds`, and takes
        again those of the last sweep that this one would make the same (see
        :meth:`_same_layers`); each is checked against the budget as if made again."""
        same = self._same_layers(floor)
        last, self.layers, self._swept = self.layers, [], (floor, self.beam)
        layer = Layer([0], [0], {0: 0}, None)
        for i, (p, s, bound) in enumerate(self._steps(floor)):
            if i < same:
                layer = last[i][0]
                if layer.checked > self.cap:
                    raise BudgetExhausted(f"a layer of more than {self.cap} states")
            else:
                layer = self._layer(layer, p, s, bound)
            self.layers.append((layer, p, s))
            yield len(layer.states)
        best = None
        for state, value in zip(layer.states, layer.values):
            extra = self._final(state & self.final_mask)
            if extra is not None and value + extra > floor and (
                    best is None or value + extra > best[0]):
                best = (value + extra, state)
        return best

    def _steps(self, floor: int) -> list[tuple[int, int | None, int]]:
        """(position, suit or None for the rank's groups, the floor of the layer's values) of
        each layer of a sweep above ``floor``."""
        S = self.suits
        out: list[tuple[int, int | None, int]] = []
        for p in range(len(self.positions)):
            for k, s in enumerate(self.order[p]):
                out.append((p, s, floor - self._potential[p * S + k + 1]))
            if self.group_here[p]:
                out.append((p, None, -1))
        return out

    def _same_layers(self, floor: int) -> int:
        """How many of the last sweep's layers a sweep above ``floor`` makes the same: below
        a floor no higher, every layer up to the first whose floor left out a move (none
        with a beam)."""
        if self._swept is None or floor > self._swept[0] or self.beam is not None or \
                self._swept[1] is not None:
            return 0
        return next((i for i, (layer, _, _) in enumerate(self.layers) if layer.cut),
                    len(self.layers))

    def _layer(self, layer: Layer, p: int, s: int | None, floor: int) -> Layer:
        """The states after suit ``s`` (None: this rank's groups) at position ``p``, each with
        its best value above ``floor`` and the state it came from (None: the same states)."""
        states: list[int] = layer.states
        values: list[int] = layer.values
        if s is not None and self._idle[p][s] and not any(
                state & RUNS << self.run_at[s] for state in states):
            return Layer(states, values, layer.places, None)   # no card, no open run: the same
        mask = self.group_mask if s is None else self.suit_mask[p][s]
        memo: dict = self._pairs_of[p][-1 if s is None else s]
        index: dict[int, int] = {}
        out: list[int] = []
        totals: list[int] = []
        back: list[int] = []
        cap = self.cap
        bounded = cap < NO_CAP                    # a budget set: check the size as it grows
        checked, cut = 0, False                   # see Layer
        for state, value in zip(states, values):
            checked = len(out)
            if bounded and checked > cap:
                raise BudgetExhausted(f"a layer of more than {cap} states")
            key = state & mask
            pairs: tuple[tuple[int, int], ...] | None = memo.get(key)
            if pairs is None:
                pairs = memo[key] = self._pairs(p, s, key)
            for gain, delta in pairs:
                total = value + gain
                if total <= floor:
                    cut = True
                    break                         # best gains first
                new = state + delta
                at = index.get(new, -1)
                if at < 0:
                    index[new] = len(out)
                    out.append(new)
                    totals.append(total)
                    back.append(state)
                elif totals[at] < total:
                    totals[at] = total
                    back[at] = state
        if self.beam is not None and len(out) > self.beam:
            kept = heapq.nlargest(self.beam, range(len(out)), key=totals.__getitem__)
            out, totals, back = ([out[i] for i in kept], [totals[i] for i in kept],
                                 [back[i] for i in kept])
            index = {state: i for i, state in enumerate(out)}
        return Layer(out, totals, index, back, cut, checked)

    def _moves_of(self, p: int, s: int | None, state: int):
        """((gain, delta) pairs; (state delta, value gain, plan, ...)) of each move of step
        (``p``, ``s``), best first."""
        key = state & (self.group_mask if s is None else self.suit_mask[p][s])
        return (self._by_gain(self._group_options(key, p)) if s is None else
                self._groupable(key, p, s))

    def _pairs(self, p: int, s: int | None, key: int) -> tuple:
        """The (gain, delta) pairs of :meth:`_moves_of` for a state's ``key`` (the layers
        memoise them)."""
        if s is None:
            return tuple([(option[1], option[0]) for option in self._group_options(key, p)])
        return self._groupable(key, p, s)[0]

    @staticmethod
    def _by_gain(options):
        """((gain, delta) of each option; the options), best gains first."""
        return tuple([(option[1], option[0]) for option in options]), options

    def _groupable(self, key: int, p: int, s: int):
        """The options of :meth:`_plain_options` that the wildcards left allow, leaving
        enough for this position's groups (see :meth:`_group_need`), as :meth:`_by_gain`
        gives them."""
        every, options, most = self._plain_options(key & self.plain_mask[p][s], p, s)
        left = self.pool - (key >> self.wild_at & SMALL)
        if self.earlier[p][s] is None:
            if left >= most[0]:
                return every                      # no groups here, wildcards enough
            needs: tuple = (0,) * (most[1] + 1)
        else:
            needs, need = self._group_needs_of(
                p, s, key & self.suit_mask[p][s] & self.counts_mask, most[1])
            if left >= most[0] + need:
                return every                      # none needs more wildcards than are left
        pairs, kept = [], []
        for pair, option in zip(every[0], options):
            if option[3] + needs[option[4]] <= left:     # wildcards it needs, cards set aside
                pairs.append(pair)
                kept.append(option)
        return tuple(pairs), kept

    def _group_needs_of(self, p: int, s: int, counted: int, most: int) -> tuple[tuple, int]:
        """:meth:`_group_need` for each number of cards, up to ``most``, that suit ``s`` sets
        aside after the suits done so far set aside theirs (``counted``: the state's count
        fields of those suits, above the bits of ``most``), and the largest."""
        memo = self._group_needs[p][s]
        found = memo.get(counted | most)
        if found is None:
            earlier = self.earlier[p][s]
            assert earlier is not None             # only positions with groups get here
            counts = tuple(counted >> self.group_at[t] & COUNTS for t in earlier)
            needs = tuple(self._group_need(p, counts + (g,)) for g in range(most + 1))
            found = memo[counted | most] = (needs, max(needs))
        return found

    def _plain_options(self, key: int, p: int, s: int):
        """(:meth:`_by_gain` of every move of suit ``s`` at ``p``; their (delta, gain, plan,
        wildcards it needs, cards set aside for groups), best first; the most of the last
        two), shared by the states that differ only in the wildcards used and what the suits
        before ``s`` set aside for this position's groups."""
        memo = self._plain_of[p][s]
        found = memo.get(key)
        if found is None:
            options = sorted(self._suit_options(key, p, s), key=itemgetter(1), reverse=True)
            most = (max((option[3] for option in options), default=0),
                    max((option[4] for option in options), default=0))
            found = memo[key] = (self._by_gain(options), options, most)
        return found

    def _suit_options(self, key: int, p: int, s: int):
        room = key >> self.room_at & SMALL
        melds, points = key >> self.melds_at & SMALL, key >> self.points_at & 1023
        low_at = self.slot_at[0][s] if self.ends and not self.positions[p].ends else None
        if low_at is not None:
            low, old_low = self._get(key, low_at, SLOT_BITS) or (0, 0, 0), key & SLOTS << low_at
        out = []
        for base, used, more_room, closed, made, gain, plan, more, grouped in self._core(
                key, p, s):
            if used > self.pool:
                continue
            delta, wild = base + (used << self.wild_at), used
            if low_at is not None and more:
                naturals, fixed = self.moves.aces[s]
                may = low[MAY] + more[MAY]
                more_room += max(0, may - naturals - fixed) * self.canonical
                new_low = (min(may, naturals + fixed), low[NEED] + more[NEED],
                           low[NEED_NATURAL] + more[NEED_NATURAL])
                wild += max(0, new_low[NEED] + new_low[NEED_NATURAL] - naturals - fixed)
                if new_low[NEED_NATURAL] > naturals or wild > self.pool:
                    continue                      # more room below than aces to fill it
                delta += (self._id(new_low if any(new_low) else (), SLOT_BITS) << low_at) - old_low
            delta += (min(self.pool, room + more_room) - room) << self.room_at
            if self.need:
                delta += (min(self.need[0], melds + closed) - melds) << self.melds_at
                delta += (min(self.need[1], points + made) - points) << self.points_at
            out.append((delta, gain, plan, wild, grouped))
        return out

    def _core(self, key: int, p: int, s: int):
        """The moves for this state's runs and deferred cards or room below, as (delta but
        for wildcards, counts and room; wildcards, with the change in those the runs still
        need; room, melds, points, gain, plan, room below added, cards set aside for groups),
        shared by the states that differ only in those counts. Moves whose runs can never
        close are left out."""
        core_key = key & self.core_mask[p][s]
        cached = self._cores[p][s].get(core_key)
        if cached is not None:
            return cached
        pos = self.positions[p]
        composed = self.ends and not pos.ends
        runs = self._get(key, self.run_at[s], RUN_BITS)
        cards = (self._get(key, self.slot_at[pos.slot][s], SLOT_BITS) or (0, 0, 0)
                 if pos.slot is not None else self.items[p][s])
        low = (0, 0, 0) if composed else (
            self._get(key, self.slot_at[0][s], SLOT_BITS) or (0, 0, 0) if self.ends else None)
        face = s * self.ranks + pos.rank
        reserved, old = self._reserve(s, p, runs), self._id(runs, RUN_BITS)
        found: list[tuple] = []
        self._cores[p][s][core_key] = found
        for new_runs, used, closed, room, group, played, credit, later, plan in \
                self.moves.moves(s, p, runs, cards, self.pool, low):
            reserve = self._reserve(s, p + 1, new_runs)
            if reserve is None:
                continue                          # these runs can never close
            base = (self._id(new_runs, RUN_BITS) - old) << self.run_at[s]
            if len(group) > COUNTS:
                raise LimitError(f"position too large for the table solver: more than {COUNTS} "
                                 f"cards of a suit set aside for one rank's groups")
            base += (self._id(group, PART_BITS) << COUNT_BITS | len(group)) << self.group_at[s]
            more = None
            if composed:
                more, later = later, None
            elif self.ends:
                at = self.slot_at[0][s]
                base += (self._id(later, SLOT_BITS) << at) - (key & SLOTS << at)
                later = None
            if pos.slot is not None:
                base -= key & SLOTS << self.slot_at[pos.slot][s]
            if later is not None:
                base += self._id(later, SLOT_BITS) << self.slot_at[pos.defer][s]
            found.append((base, used + reserve - reserved, room, closed,
                          (played + used) * self.points[face], credit * self.weights[face],
                          plan, more, len(group)))
        return found

    def _group_need(self, p: int, counts: tuple) -> int:
        """Fewest wildcards the groups of position ``p`` take, given how many cards the suits
        done so far there set aside (``counts``, in :attr:`order`) and at most every card of
        the suits still to come: cards of one suit go to different groups, and each group
        needs the smallest group size."""
        least, group = max(counts), self.moves.shape.group
        assert group is not None                # only positions with groups get here
        have = counts + tuple(self._cards[p][t] for t in self.order[p][len(counts):])
        return 0 if not least else max(0, min(
            group[0] * g - sum(min(g, c) for c in have)
            for g in range(least, max(have) + 1)))

    def _reserve(self, s: int, q: int, runs: tuple) -> int | None:
        """Fewest wildcards suit ``s``'s open ``runs`` still take from position ``q`` on (each
        run not yet legal grows at every position, by a card of the suit while there are
        enough, else by a wildcard), or None if they cannot all become legal."""
        memo = self._reserves[s][q]
        found = memo.get(runs, MISSING)
        if found is MISSING:
            needs, found = [n for n in map(self.moves.need, runs) if n], 0
            while needs:
                if q > self.last:
                    found = None
                    break
                found += max(0, len(needs) - self._cards[q][s])
                needs, q = [n - 1 for n in needs if n > 1], q + 1
            memo[runs] = found
        return found

    def _group_options(self, key: int, p: int):
        """Ways to make this rank's set-aside cards into groups, wildcards added."""
        rank = self.positions[p].rank
        items = sum((self._get(key, at + COUNT_BITS, PART_BITS) for at in self.group_at), ())
        clear = -sum(key & GROUPS << at for at in self.group_at)
        wild, room = key >> self.wild_at & SMALL, key >> self.room_at & SMALL
        melds, points = key >> self.melds_at & SMALL, key >> self.points_at & 1023
        joker_points = min(self.points[s * self.ranks + rank] for s in range(self.suits))
        out = {}
        for groups, extra, spare in self.moves.groupings(items):
            if extra > self.pool - wild:
                continue
            delta = clear + (extra << self.wild_at)
            if self.canonical:
                delta += (min(self.pool, room + spare) - room) << self.room_at
            if self.need:
                delta += (min(self.need[0], melds + len(groups)) - melds) << self.melds_at
                delta += (min(self.need[1], points + extra * joker_points) - points
                          ) << self.points_at
            if delta not in out:
                out[delta] = (delta, 0, ("g", rank, groups))
        return list(out.values())

    def _final(self, key: int):
        """Value added at the end (the hand jokers played), or None if the state fails."""
        found = self._finals.get(key, MISSING)
        if found is MISSING:
            found = self._finals[key] = self._final_value(key)
        return found

    def _final_value(self, key: int):
        runs = [self._get(key, at, RUN_BITS) for at in self.run_at]
        if not all(self.moves.closable(d) for r in runs for d in r):
            return None
        if self.need and ((key >> self.melds_at & SMALL) + sum(map(len, runs)) < self.need[0]
                          or key >> self.points_at & 1023 < self.need[1]):
            return None
        placed = self._placed(key)
        if placed < self.released:
            return None
        return (placed - self.released) * self.joker_weight + self.base

    def _placed(self, state: int) -> int:
        """Wildcards on the table at the end: those placed plus the dumps the room takes."""
        wild = state >> self.wild_at & SMALL
        return wild + min(state >> self.room_at & SMALL, self.pool - wild)

    def _suffix_potential(self):
        """Value of the hand cards still to come after each (position, suit) step, plus the
        hand jokers and the hand cards that must be played."""
        steps = [(p, s) for p in range(len(self.positions)) for s in self.order[p]]
        out = [0] * (len(steps) + 1)
        for i in range(len(steps) - 1, -1, -1):
            p, s = steps[i]
            pos = self.positions[p]
            mine = 0 if pos.slot is not None else self.items[p][s][1] * self.weights[
                s * self.ranks + pos.rank]
            out[i] = out[i + 1] + mine
        return [v + (self.pool - self.released) * self.joker_weight + self.base for v in out]

    # ---- rebuilding -----------------------------------------------------------------------
    def melds(self, state: int) -> list[list[tuple[int, int]]]:
        """The melds of the best path to ``state`` (from the last :meth:`run`), dumps added."""
        plans, dumps = [], self._placed(state) - (state >> self.wild_at & SMALL)
        for i in range(len(self.layers) - 1, -1, -1):
            layer, p, s = self.layers[i]
            if layer.back is None:
                continue
            at = layer.places[state]
            before = layer.back[at]
            previous = self.layers[i - 1][0] if i else Layer([0], [0], {0: 0}, None)
            value = previous.values[previous.places[before]]
            plans.append(next(option[2] for option in self._moves_of(p, s, before)[1]
                              if before + option[0] == state
                              and value + option[1] == layer.values[at]))
            state = before
        return self._dump(self._replay(reversed(plans)), dumps)

    def _replay(self, plans):
        """[kind, cards, first position, last position, room below] of each meld made."""
        joker = self.rules.faces.joker
        pair = lambda tok, face: (joker, face) if tok in (FIXED, WILD) else (face, face)
        melds: list[list] = []
        open_runs: list[list[list]] = [[] for _ in range(self.suits)]
        below: list[tuple[list, list, list]] = [  # closed runs by kind of room
            ([], [], []) for _ in range(self.suits)]
        for plan in plans:
            if plan[0] == "g":
                _, rank, groups = plan
                melds += [["group", [pair(tok, s * self.ranks + rank) for s, tok in g], rank,
                           None, False] for g in groups]
                continue
            _, s, p, acts, new, fills = plan
            face = s * self.ranks + self.positions[p].rank
            kept = []
            for run, act in zip(sorted(open_runs[s], key=lambda r: r[0]), acts):
                if act == "c":
                    melds.append(["run", run[1], run[2], p - 1, False])
                    if run[0] & ACE_LOW:
                        below[s][self.moves.slot_kind(run[0])].append(melds[-1])
                else:
                    kept.append([act[1], run[1] + [pair(act[0], face)], run[2]])
            open_runs[s] = kept + [[d, [pair(tok, face)], p] for tok, d in new]
            if fills:
                natural, a, b, c, a2, b2, c2 = fills
                for kind, toks in ((NEED_NATURAL, [NATURAL] * natural),
                                   (NEED, [NATURAL] * a + [FIXED] * b + [WILD] * c),
                                   (MAY, [NATURAL] * a2 + [FIXED] * b2 + [WILD] * c2)):
                    for tok in toks:
                        below[s][kind].pop()[1].insert(0, pair(tok, face))
                for meld in below[s][MAY]:
                    meld[4] = True            # room for a joker below
        return melds + [["run", r[1], r[2], self.last, False] for runs in open_runs for r in runs]

    def _dump(self, melds, count) -> list[list[tuple[int, int]]]:
        """Add ``count`` jokers where there is room: run ends, groups below their maximum."""
        joker = self.rules.faces.joker
        group = self.moves.shape.group
        hi = min(group[1], self.suits) if group else 0
        for meld in melds:
            kind, cards, first, last, low = meld
            if kind == "group":
                rank = first
                missing = [s for s in range(self.suits) if all(d != s * self.ranks + rank
                                                                for _, d in cards)]
                while count and len(cards) < hi:
                    cards.append((joker, missing.pop() * self.ranks + rank))
                    count -= 1
                continue
            suit = cards[0][1] // self.ranks
            if count and low:
                cards.insert(0, (joker, suit * self.ranks + self.positions[-1].rank))
                count -= 1
            while count and first > 0:
                first -= 1
                cards.insert(0, (joker, suit * self.ranks + self.positions[first].rank))
                count -= 1
            while count and last < self.last:
                last += 1
                cards.append((joker, suit * self.ranks + self.positions[last].rank))
                count -= 1
        if count:
            raise AssertionError(f"no room left for {count} joker(s)")
        return [meld[1] for meld in melds]
