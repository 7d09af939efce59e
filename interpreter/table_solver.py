"""The dynamic programme over ranks behind find_play (after van Rijn, Takes and Vis, 2015).

Positions (ranks in run order) are processed one suit at a time. A state is one int of fields:
per suit its open runs (an interned tuple of run *descriptors*) and the cards it set aside for
this rank's groups; the wildcards used; the replacement witnesses found; the cards deferred to
a later copy of their rank (the ace at both ends, the first ranks again when runs wrap); the
room left for jokers; for an opening the melds and points made. Each card of a position extends
an open run, starts one or joins a group; an open run not extended closes and must be legal.
Equal states keep the best value, and a state is dropped when another, equal but for one suit's
runs, has at least its value and runs that can do all its runs can: the search stays exact.

Wildcards are placed only where a meld needs them when runs are unbounded and jokers per meld
are not limited: a joker at the end of a meld that is legal without it is a *dump*, and dumps
are counted as room (free run ends, groups below their maximum) and added when rebuilding.
"""
from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .melds import MeldRules
    from .table import Shape

NATURAL, FIXED, WILD = "n", "f", "w"     # a natural that witnesses joker k is "d<k>"
LEAD, TRAIL = 1 << 10, 1 << 11           # begun by a wildcard; ends in unneeded wildcards
ACE_LOW = 1 << 12                        # begun at the first position: an ace may go below
MARKS = 13                               # witness marks from here, two bits each
PENDING = int("10" * 8, 2) << MARKS      # the high bit of each mark: a witness still waits
MISSING = object()
SMALL = 31                               # mask of the small count fields
MAY, NEED, NEED_NATURAL = range(3)       # kinds of room below a run begun at the first position


class Programme:
    """One search over given cards, position by position (:meth:`Shape.positions`).

    ``items[p][s]`` is (cards that must be played, hand cards that may be, table jokers kept
    as that card); ``weights[face]`` the value of playing a hand card; ``pool`` the wildcards
    (``released`` freed table jokers that must be played, the rest hand jokers worth
    ``joker_weight`` each); ``witnesses`` the jokers freed by a card taking their place;
    ``need`` is (melds, points) for an opening, else None; ``base`` the value of the hand
    cards counted among the cards that must be played.
    """

    def __init__(self, rules: MeldRules, shape: Shape, positions, items, weights, pool: int,
                 released: int, joker_weight: int, witnesses=(), need=None, base: int = 0):
        self.rules, self.shape, self.positions, self.items = rules, shape, positions, items
        self.base = base                          # the value of the hand cards that must play
        self.weights, self.pool, self.released = weights, pool, released
        self.joker_weight, self.witnesses, self.need = joker_weight, tuple(witnesses), need
        self.suits, self.ranks, self.last = shape.suits, shape.ranks, len(positions) - 1
        self.max_jokers, self.min_natural = rules.max_jokers, max(0, rules.min_natural)
        self.canonical = (not shape.bounded and not shape.wrap and rules.max_jokers is None
                          and self.min_natural > 0 and need is None)
        self.points = rules.faces.points
        self.runs_x = {k: w.partners for k, w in enumerate(self.witnesses) if w.kind == "run"}
        self.group_x = {k: {rules.faces.suit_of(f) for f in w.partners}
                        for k, w in enumerate(self.witnesses) if w.kind == "group"}
        self.ends = any(pos.ends for pos in positions)
        self._layout(max(sum(pos.slot is not None for pos in positions), int(self.ends)))
        self._tuples: list[tuple] = [()]          # interned: run tuples, group parts, triples
        self._ids: dict = {(): 0}
        self._memo: dict = {}                     # options per (position, suit or None)
        self._dominance: dict = {}
        self._finals: dict = {}
        self._groupings: dict = {}
        self._potential = self._suffix_potential()
        self._wild_starts = self._wild_start_positions()
        self._may_cap = [sum(self.items[-1][s]) + self.pool for s in range(self.suits)]
        self._deferrable = self._useful_deferrals()

    @property
    def potential(self) -> int:
        """The value of playing every hand card: no play is worth more."""
        return self._potential[0]

    def _layout(self, slots: int):
        """Bit offsets of the state's fields."""
        S, width = self.suits, 14
        self.field = (1 << width) - 1
        self.run_at = [s * width for s in range(S)]
        self.group_at = [(S + s) * width for s in range(S)]
        base = 2 * S * width
        self.slot_at = [[base + (j * S + s) * width for s in range(S)] for j in range(slots)]
        base += slots * S * width
        self.wild_at, self.marks_at, self.room_at = base, base + 5, base + 10
        self.melds_at, self.points_at = base + 15, base + 20
        small = SMALL << self.wild_at | SMALL << self.marks_at | SMALL << self.room_at
        opening = SMALL << self.melds_at | 1023 << self.points_at if self.need else 0
        self.group_mask = sum(self.field << at for at in self.group_at) | small | opening
        self.final_mask = sum(self.field << at for at in self.run_at) | small | opening
        self.suit_mask = [[self.field << self.run_at[s] | small | opening |
                           (self.field << self.slot_at[pos.slot][s] if pos.slot is not None else 0)
                           | (self.field << self.slot_at[0][s] if self.ends else 0)
                           for s in range(S)] for pos in self.positions]

    def _id(self, value) -> int:
        found = self._ids.get(value)
        if found is None:
            found = self._ids[value] = len(self._tuples)
            self._tuples.append(value)
            assert found <= self.field, "too many distinct run tuples"
        return found

    def _get(self, state: int, at: int) -> tuple:
        return self._tuples[state >> at & self.field]

    # ---- the search ---------------------------------------------------------------------
    def run(self, floor: int = -1, beam: int | None = None):
        """(best value, final state) above ``floor``, or None; keeps the layers for
        :meth:`melds`. With ``beam``, only that many best states of each layer go on: a
        quick play, not always the best."""
        S = self.suits
        values = {0: 0}
        self.layers = []
        for p, pos in enumerate(self.positions):
            for s in range(S):
                values, back = self._suit_layer(values, p, s, floor - self._potential[p * S + s + 1])
                if beam and len(values) > beam:
                    values = dict(sorted(values.items(), key=lambda kv: -kv[1])[:beam])
                self.layers.append((values, back, p, s))
            if pos.groups and self.shape.group:
                values, back = self._group_layer(values, p)
                self.layers.append((values, back, p, None))
        best = None
        for state, value in values.items():
            extra = self._final(state & self.final_mask)
            if extra is not None and value + extra > floor and (
                    best is None or value + extra > best[0]):
                best = (value + extra, state)
        return best

    def _suit_layer(self, values, p, s, floor):
        mask = self.suit_mask[p][s]
        memo = self._memo.setdefault((p, s), {})
        out: dict = {}
        back: dict = {}
        for state, value in values.items():
            key = state & mask
            options = memo.get(key)
            if options is None:
                options = memo[key] = self._suit_options(key, p, s)
            for delta, gain, _ in options:
                total = value + gain
                if total > floor:
                    new = state + delta
                    if out.get(new, -1) < total:
                        out[new] = total
                        back[new] = state
        return self._undominated(out, s), back

    def _suit_options(self, key, p, s):
        """(state delta, value gain, plan) of every way to play suit ``s`` at position ``p``."""
        pos = self.positions[p]
        runs = self._get(key, self.run_at[s])
        if pos.slot is not None:
            mand, opt, fixed = self._get(key, self.slot_at[pos.slot][s]) or (0, 0, 0)
        else:
            mand, opt, fixed = self.items[p][s]
        wild, room = key >> self.wild_at & SMALL, key >> self.room_at & SMALL
        free = ((1 << len(self.witnesses)) - 1) & ~(key >> self.marks_at)
        melds, points = key >> self.melds_at & SMALL, key >> self.points_at & 1023
        low = (self._get(key, self.slot_at[0][s]) or (0, 0, 0)) if self.ends else None
        out = []
        for new_runs, used, marked, closed, more_room, group, gain, made, later, plan in \
                self._moves(s, p, runs, mand, opt, fixed, self.pool - wild, free, low):
            delta = (self._id(new_runs) - self._id(runs)) << self.run_at[s]
            if low is not None:
                at = self.slot_at[0][s]
                delta += (self._id(later) << at) - (key & self.field << at)
                later = None
            delta += used << self.wild_at | marked << self.marks_at
            delta += (min(self.pool, room + more_room) - room) << self.room_at
            delta += self._id(group) << self.group_at[s]
            if pos.slot is not None:
                delta -= key & self.field << self.slot_at[pos.slot][s]
            if later is not None:
                delta += self._id(later) << self.slot_at[pos.defer][s]
            if self.need:
                delta += (min(self.need[0], melds + closed) - melds) << self.melds_at
                delta += (min(self.need[1], points + made) - points) << self.points_at
            out.append((delta, gain, plan))
        return out

    def _group_layer(self, values, p):
        memo = self._memo.setdefault((p, None), {})
        out: dict = {}
        back: dict = {}
        for state, value in values.items():
            key = state & self.group_mask
            options = memo.get(key)
            if options is None:
                options = memo[key] = self._group_options(key, p)
            for delta, _, _ in options:
                new = state + delta
                if out.get(new, -1) < value:
                    out[new] = value
                    back[new] = state
        return out, back

    def _group_options(self, key, p):
        """Ways to make this rank's set-aside cards into groups, wildcards added."""
        S, rank = self.suits, self.positions[p].rank
        items = sum((self._get(key, at) for at in self.group_at), ())
        clear = -sum(key & self.field << at for at in self.group_at)
        wild, room = key >> self.wild_at & SMALL, key >> self.room_at & SMALL
        melds, points = key >> self.melds_at & SMALL, key >> self.points_at & 1023
        joker_points = min(self.points[s * self.ranks + rank] for s in range(S))
        out = {}
        for partition in self._partitions(items):
            slack = self._slack(partition)
            if slack is None:
                continue
            need, spare = slack
            extras = [need] if self.canonical else range(need, self.pool - wild + 1)
            for extra in extras:
                groups = self._fill(partition, extra)
                if groups is None or extra > self.pool - wild:
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

    def _final(self, key):
        """Value added at the end (the hand jokers played), or None if the state fails."""
        found = self._finals.get(key, MISSING)
        if found is MISSING:
            found = self._finals[key] = self._final_value(key)
        return found

    def _final_value(self, key):
        runs = [self._get(key, at) for at in self.run_at]
        if not all(self._closable(d) for r in runs for d in r):
            return None
        if key >> self.marks_at & SMALL != (1 << len(self.witnesses)) - 1:
            return None
        if self.need and ((key >> self.melds_at & SMALL) + sum(map(len, runs)) < self.need[0]
                          or key >> self.points_at & 1023 < self.need[1]):
            return None
        placed = self._placed(key)
        if placed < self.released:
            return None
        return (placed - self.released) * self.joker_weight + self.base

    def _placed(self, state) -> int:
        """Wildcards on the table at the end: those placed plus the dumps the room takes."""
        wild = state >> self.wild_at & SMALL
        return wild + min(state >> self.room_at & SMALL, self.pool - wild)

    # ---- dominance ----------------------------------------------------------------------
    def _undominated(self, values, s):
        """Drop states whose runs of suit ``s`` another state, equal elsewhere, can outdo."""
        at, field = self.run_at[s], self.field
        buckets: dict = {}
        for state, value in values.items():
            rest = state & ~(field << at)
            found = buckets.get(rest)
            if found is None:
                buckets[rest] = [(value, state)]
            else:
                found.append((value, state))
        for members in buckets.values():
            if len(members) > 1:
                members.sort(reverse=True)
                kept = []
                for _, state in members:
                    runs = state >> at & field
                    if any(self._dominates(other, runs) for other in kept):
                        del values[state]
                    else:
                        kept.append(runs)
        return values

    def _dominates(self, a: int, b: int) -> bool:
        """Whether open runs ``a`` can do whatever runs ``b`` can (ids of run tuples): each run
        of ``b`` has its own run in ``a`` at least as far along; the others could close now."""
        key = (a, b)
        found = self._dominance.get(key)
        if found is None:
            a, b = self._tuples[a], self._tuples[b]
            found = self._dominance[key] = len(a) >= len(b) and any(
                all(self._covers(a[i], d) for i, d in zip(order, b))
                and all(self._closable(a[i]) for i in range(len(a)) if i not in order)
                for order in permutations(range(len(a)), len(b)))
        return found

    def _covers(self, a: int, b: int) -> bool:
        """Whether run ``a`` can do whatever run ``b`` can (longer is better when unbounded)."""
        if a >> 10 != b >> 10 or ((self.shape.bounded or a & LEAD) and a & 15 != b & 15):
            return False
        return a & 15 >= b & 15 and a >> 4 & 7 >= b >> 4 & 7 and a >> 7 & 7 <= b >> 7 & 7

    # ---- one suit at one position --------------------------------------------------------
    def _moves(self, s, p, runs, mand, opt, fixed, wmax, free, low):
        """Every way to place this suit's cards of position ``p``, deduplicated."""
        pos = self.positions[p]
        face = s * self.ranks + pos.rank
        run_marks = [k for k in self.runs_x if free >> k & 1 and self.witnesses[k].card == face]
        group_marks = [k for k in self.group_x if free >> k & 1 and self.witnesses[k].card == face]
        tokens = [NATURAL, FIXED, WILD] + [f"d{k}" for k in run_marks]
        most = mand + opt
        out: dict = {}

        def assign(i, acts, used, first):
            if i == len(runs):
                slots = self._slots(runs, acts, low)
                self._leftovers(out, s, p, face, acts, used, (mand, opt, fixed), wmax, free,
                                run_marks, group_marks, slots)
                return
            d = runs[i]
            least = first if i and runs[i - 1] == d else 0    # equal runs: one order only
            if least == 0 and (self._slot_kind(d) is not None if d & ACE_LOW
                               else self._closable(d)):
                assign(i + 1, acts + ("c",), used, 0)
            for t, tok in enumerate(tokens, 1):
                if t >= least:
                    more = _take(used, tok, most, fixed, wmax)
                    grown = more and self._grow(d, tok, face)
                    if grown:
                        assign(i + 1, acts + ((tok, grown),), more, t)
        assign(0, (), (0, 0, 0, 0), 0)
        return list(out.values())

    def _slots(self, runs, acts, low):
        """Room below the runs begun at the first position, with those closing now."""
        if low is None:
            return None
        slots = list(low)
        for d, act in zip(runs, acts):
            if act == "c" and d & ACE_LOW:
                slots[self._slot_kind(d)] += 1
        return slots

    def _slot_kind(self, d):
        """MAY if a run begun at the first position is legal alone, NEED (NEED_NATURAL) if it
        is legal with one more card (a natural card) below it, else None."""
        if self._closable(d):
            return MAY
        if d & (PENDING | TRAIL) or (d & 15) + 1 < self.shape.run_min:
            return None
        naturals = d >> 4 & 7
        return NEED if naturals >= self.min_natural else (
            NEED_NATURAL if naturals + 1 >= self.min_natural else None)

    def _leftovers(self, out, s, p, face, acts, used, cards, wmax, free, run_marks, group_marks,
                   slots):
        """The cards no open run took: new runs, room below runs, this rank's groups."""
        n, f, w, marked = used
        mand, opt, fixed = cards
        pos = self.positions[p]
        marks = [k for k in run_marks if not marked >> k & 1]
        wild_starts = range(wmax - w + 1) if self._wild_starts[p][s] else (0,)
        for naturals in range(mand + opt - n + 1):
            for fixed_here in range(fixed - f + 1):
                if pos.defer is None and f + fixed_here != fixed:
                    continue
                for fills, rest, placed in self._fillings(pos, slots, naturals, fixed_here,
                                                          wmax - w):
                    for starts, grouped in _splits(*rest, pos):
                        for wild in wild_starts:
                            for start_marks in _subsets(marks, starts[0]):
                                for marks_here in _subsets(group_marks, grouped[0]):
                                    self._move(out, s, p, face, acts, used, cards, free, starts,
                                               grouped, wild, start_marks, marks_here, slots,
                                               fills, placed)

    def _fillings(self, pos, slots, naturals, fixed, wmax):
        """At the ace at both ends: ways to fill the room below the runs (every NEED, some
        MAY); yields (fills, (naturals, fixed) left, (naturals, fixed, wild) used)."""
        if not pos.ends:
            yield (), (naturals, fixed), (0, 0, 0)
            return
        may, need, need_natural = slots
        if need_natural > naturals:
            return
        n = naturals - need_natural
        for a in range(min(need, n) + 1):
            for b in range(min(need - a, fixed) + 1):
                c = need - a - b
                if c > wmax:
                    continue
                for a2 in range(min(may, n - a) + 1):
                    for b2 in range(min(may - a2, fixed - b) + 1):
                        yield ((need_natural, a, b, c, a2, b2), (n - a - a2, fixed - b - b2),
                               (need_natural + a + a2, b + b2, c))

    def _move(self, out, s, p, face, acts, used, cards, free, starts, grouped, wild, start_marks,
              group_marks, slots, fills, placed):
        n, f, w, marked = used
        mand, opt, fixed = cards
        pos = self.positions[p]
        n, f, w = n + placed[0], f + placed[1], w + placed[2]
        toks = ([f"d{k}" for k in start_marks] + [NATURAL] * (starts[0] - len(start_marks))
                + [FIXED] * starts[1] + [WILD] * wild)
        new = []
        for tok in toks:
            grown = self._grow(0, tok, face)
            if not grown:
                return
            if self.ends and p == 0:              # an ace may yet go below: not leading
                grown = grown & ~LEAD | ACE_LOW
            new.append((tok, grown))
        played = n + starts[0] + grouped[0]
        if pos.defer is None and played < mand:
            return
        for k in start_marks + group_marks:
            marked |= 1 << k
        acts, new = self._tidy(s, p, acts, new, free & ~marked)
        group = tuple((s, f"d{k}") for k in group_marks) + ((s, NATURAL),) * (
            grouped[0] - len(group_marks)) + ((s, FIXED),) * grouped[1]
        from_hand = max(0, played - mand)
        later, credit = None, from_hand - opt * (pos.slot is not None)
        if pos.defer is not None:
            kept = (mand - min(played, mand), opt - from_hand, fixed - f - starts[1] - grouped[1])
            if kept[0] + kept[2] and not self._deferrable[pos.defer][s]:
                return
            if self._deferrable[pos.defer][s] and kept != (0, 0, 0):
                later, credit = kept, opt
        runs = tuple(sorted([a[1] for a in acts if a != "c"] + [d for _, d in new]))
        closed = acts.count("c")
        room = (closed * (self.last - p + 1) + len(new) * p) if self.canonical else 0
        if slots is not None:
            if pos.ends:
                later, room = (), room + (slots[MAY] - fills[4] - fills[5]) * self.canonical
            else:
                later = (min(slots[MAY], self._may_cap[s]),) + tuple(slots[1:])
                if later == (0, 0, 0):
                    later = ()
        key = (runs, w + wild, marked, group, played, later, room)
        if key not in out:
            out[key] = (runs, w + wild, marked, closed, room, group, credit * self.weights[face],
                        (played + w + wild) * self.points[face], later,
                        ("r", s, p, acts, tuple(new), fills))

    def _tidy(self, s, p, acts, new, free):
        """Forget seen-partner marks that can no longer matter (the joker's card is past)."""
        if not self.runs_x or self.shape.wrap:
            return acts, new
        bits = [1 << (MARKS + 2 * k) for k in self.runs_x
                if self.witnesses[k].card // self.ranks == s
                and (not free >> k & 1 or self._past(p, self.witnesses[k].card % self.ranks))]
        if not bits:
            return acts, new

        def fix(d):
            for bit in bits:
                d &= ~bit
            return d
        return (tuple(a if a == "c" else (a[0], fix(a[1])) for a in acts),
                [(tok, fix(d)) for tok, d in new])

    def _past(self, p, rank) -> bool:
        return all(pos.rank != rank for pos in self.positions[p:])

    # ---- run descriptors -----------------------------------------------------------------
    def _grow(self, d, tok, face):
        """The descriptor of run ``d`` (0: none yet) after one more card; 0 if not allowed.

        Bits: length 0-3 (capped), naturals 4-6 (capped at ``min_natural``), jokers 7-9 (when
        limited), LEAD, TRAIL, then the witness marks.
        """
        length = (d & 15) + 1
        if length > self.shape.cap:
            if self.shape.bounded or d & LEAD:
                return 0
            length = self.shape.cap
        naturals, jokers, flags, marks = d >> 4 & 7, d >> 7 & 7, d & (LEAD | TRAIL | ACE_LOW), d >> MARKS
        if tok == FIXED or tok == WILD:
            if self.max_jokers is not None:
                jokers += 1
                if jokers > self.max_jokers:
                    return 0
            if tok == FIXED:
                flags &= ~TRAIL
            elif self.canonical:
                flags |= LEAD if not d else TRAIL if self._closable(d) else 0
        else:
            flags &= ~TRAIL
            naturals = min(naturals + 1, self.min_natural)
            for k, partners in self.runs_x.items():
                mark = marks >> 2 * k & 3
                if face in partners:
                    mark = 0 if mark == 2 else 1
                elif tok == f"d{k}":
                    mark = 0 if mark == 1 else 2
                marks = marks & ~(3 << 2 * k) | mark << 2 * k
        return length | naturals << 4 | jokers << 7 | flags | marks << MARKS

    def _closable(self, d) -> bool:
        return ((d & 15) >= self.shape.run_min and (d >> 4 & 7) >= self.min_natural
                and not d & (PENDING | TRAIL))

    # ---- groups -------------------------------------------------------------------------
    def _partitions(self, items):
        """Every split of this rank's set-aside cards into groups of distinct suits."""
        found = self._groupings.get(items)
        if found is None:
            found = set()
            groups: list[list] = []

            def place(i):
                if i == len(items):
                    found.add(tuple(sorted(map(tuple, groups))))
                    return
                for g in groups:
                    if all(other != items[i][0] for other, _ in g):
                        g.append(items[i])
                        place(i + 1)
                        g.pop()
                groups.append([items[i]])
                place(i + 1)
                groups.pop()
            place(0)
            found = self._groupings[items] = sorted(found)
        return found

    def _slack(self, groups):
        """(wildcards the groups need, more they could take), or None if they cannot be legal."""
        lo, hi = self.shape.group
        hi = min(hi, self.suits)
        need = spare = 0
        for g in groups:
            naturals = sum(tok != FIXED for _, tok in g)
            room = hi - len(g)
            if self.max_jokers is not None:
                room = min(room, self.max_jokers - (len(g) - naturals))
            if naturals < self.min_natural or room < max(0, lo - len(g)):
                return None
            for _, tok in g:
                if tok not in (NATURAL, FIXED) and not any(
                        other in self.group_x[int(tok[1:])] and t != FIXED for other, t in g):
                    return None
            need += max(0, lo - len(g))
            spare += room - max(0, lo - len(g))
        return need, spare

    def _fill(self, groups, wild):
        """The groups with ``wild`` wildcards added where they fit, or None."""
        need, spare = self._slack(groups)
        lo, hi = self.shape.group
        hi = min(hi, self.suits)
        rest, extra = wild - need, []
        if rest > spare:                  # groups of wildcards alone, where no natural is needed
            alone = hi if self.max_jokers is None else min(hi, self.max_jokers)
            count = -(-(rest - spare) // max(alone, 1))
            if self.min_natural > 0 or alone < lo or count * lo > rest - spare:
                return None
            extra = [(rest - spare) // count + (i < (rest - spare) % count) for i in range(count)]
            rest = spare
        out = []
        for g in groups:
            take = max(0, lo - len(g))
            more = min(rest, hi - len(g) - take)
            if self.max_jokers is not None:
                more = min(more, self.max_jokers - sum(t == FIXED for _, t in g) - take)
            rest -= more
            missing = [s for s in range(self.suits) if all(s != other for other, _ in g)]
            out.append(g + tuple((s, WILD) for s in missing[:take + more]))
        return tuple(out + [tuple((s, WILD) for s in range(size)) for size in extra])

    # ---- bounds ---------------------------------------------------------------------------
    def _suffix_potential(self):
        """Value of the hand cards still to come after each (position, suit) step."""
        S = self.suits
        steps = [(p, s) for p in range(len(self.positions)) for s in range(S)]
        out = [0] * (len(steps) + 1)
        for i in range(len(steps) - 1, -1, -1):
            p, s = steps[i]
            pos = self.positions[p]
            mine = 0 if pos.slot is not None else self.items[p][s][1] * self.weights[
                s * self.ranks + pos.rank]
            out[i] = out[i + 1] + mine
        return [v + (self.pool - self.released) * self.joker_weight + self.base for v in out]

    def _wild_start_positions(self):
        """Where a wildcard may start a run: a natural must lie within its reach, and when
        dumps are counted, only where a shortest run ends at the top (elsewhere the joker
        could as well end the run) or where an ace may yet go below it."""
        S, n = self.suits, len(self.positions)
        reach = self.pool + sum(row[s][2] for row in self.items for s in range(S))
        top = self.last - (self.shape.run_min or 1) + 1
        return [[self.positions[p].starts and (
            not self.canonical or p == top or (self.ends and p == 0)) and (
            self.min_natural == 0 or any(self._source(q)[s][:2] != (0, 0)
                                         for q in range(p + 1, min(n, p + reach + 1))))
            for s in range(S)] for p in range(n)]

    def _useful_deferrals(self):
        """Per slot and suit: whether a run could reach the later copy of the rank at all."""
        out = []
        for q, pos in enumerate(self.positions):
            if pos.slot is not None:
                out.append([self.pool > 0 or any(self._source(q - 1)[s]) for s in range(self.suits)])
        return out

    def _source(self, q):
        pos = self.positions[q]
        return self.items[q if pos.slot is None else pos.slot]

    # ---- rebuilding -----------------------------------------------------------------------
    def melds(self, state) -> list[list[tuple[int, int]]]:
        """The melds of the best path to ``state`` (from the last :meth:`run`), dumps added."""
        plans, dumps = [], self._placed(state) - (state >> self.wild_at & SMALL)
        for i in range(len(self.layers) - 1, -1, -1):
            values, back, p, s = self.layers[i]
            before = back[state]
            previous = self.layers[i - 1][0] if i else {0: 0}
            if s is None:
                options = self._memo[p, None][before & self.group_mask]
            else:
                options = self._memo[p, s][before & self.suit_mask[p][s]]
            plans.append(next(plan for delta, gain, plan in options if before + delta == state
                              and previous[before] + gain == values[state]))
            state = before
        return self._dump(self._replay(reversed(plans)), dumps)

    def _replay(self, plans):
        """[kind, cards, first position, last position] of each meld the plans make."""
        joker = self.rules.faces.joker
        pair = lambda tok, face: (joker, face) if tok in (FIXED, WILD) else (face, face)  # noqa
        melds, open_runs = [], [[] for _ in range(self.suits)]
        below = [([], [], []) for _ in range(self.suits)]     # closed runs by kind of room
        for plan in plans:
            if plan[0] == "g":
                _, rank, groups = plan
                melds += [["group", [pair(tok, s * self.ranks + rank) for s, tok in g], rank, s,
                           False] for g in groups]
                continue
            _, s, p, acts, new, fills = plan
            face = s * self.ranks + self.positions[p].rank
            kept = []
            for run, act in zip(sorted(open_runs[s], key=lambda r: r[0]), acts):
                if act == "c":
                    melds.append(["run", run[1], run[2], p - 1, False])
                    if run[0] & ACE_LOW:
                        below[s][self._slot_kind(run[0])].append(melds[-1])
                else:
                    kept.append([act[1], run[1] + [pair(act[0], face)], run[2]])
            open_runs[s] = kept + [[d, [pair(tok, face)], p] for tok, d in new]
            if fills:
                natural, a, b, c, a2, b2 = fills
                for kind, toks in ((NEED_NATURAL, [NATURAL] * natural),
                                   (NEED, [NATURAL] * a + [FIXED] * b + [WILD] * c),
                                   (MAY, [NATURAL] * a2 + [FIXED] * b2)):
                    for tok in toks:
                        below[s][kind].pop()[1].insert(0, pair(tok, face))
                for meld in below[s][MAY]:
                    meld[4] = True            # room for a joker below
        return melds + [["run", r[1], r[2], self.last, False] for runs in open_runs for r in runs]

    def _dump(self, melds, count) -> list[list[tuple[int, int]]]:
        """Add ``count`` jokers where there is room: run ends, groups below their maximum."""
        joker = self.rules.faces.joker
        hi = min(self.shape.group[1], self.suits) if self.shape.group else 0
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
        assert count == 0, "no room left for a joker"
        return [meld[1] for meld in melds]


def _take(used, tok, most, fixed, wmax):
    """The counts (naturals, fixed, wild, marks) after one more card of kind ``tok``."""
    n, f, w, marked = used
    if tok == NATURAL:
        return (n + 1, f, w, marked) if n < most else None
    if tok == FIXED:
        return (n, f + 1, w, marked) if f < fixed else None
    if tok == WILD:
        return (n, f, w + 1, marked) if w < wmax else None
    bit = 1 << int(tok[1:])
    return (n + 1, f, w, marked | bit) if n < most and not marked & bit else None


def _splits(naturals, fixed, pos):
    """(new runs, grouped) splits of the (naturals, fixed) cards left at this position."""
    for a in range(naturals + 1):
        for b in range(fixed + 1):
            starts, grouped = (a, b), (naturals - a, fixed - b)
            if (starts == (0, 0) or pos.starts) and (grouped == (0, 0) or pos.groups):
                yield starts, grouped


def _subsets(marks, room):
    """Subsets of ``marks`` with at most ``room`` members (as lists)."""
    out = [[]]
    for k in marks:
        out += [s + [k] for s in out if len(s) < room]
    return out
