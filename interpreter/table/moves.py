"""The moves of one suit at one position of the rank sweep, and the groups of one rank.

An open run is a small int *descriptor*: its length (capped at the run minimum when runs are
unbounded, exact when they have a short maximum), its naturals (capped at ``min_natural``), its
jokers (when jokers per meld are limited) and three flags. At a position, each card of the suit
extends an open run, starts a run or is set aside for the rank's groups; a run that is not
extended closes and must be legal. Cards are tokens: a natural, a table joker kept as this card
(``FIXED``), a wildcard (a hand joker or a freed table joker).

When runs are unbounded and jokers per meld are not limited (*canonical* counting), wildcards
go only where a meld needs them: a joker at an end of a meld legal without it is a *dump*,
counted as room instead (see :class:`interpreter.table.solver.Programme`). A run begun by a
wildcard can then only end at the top (elsewhere the joker could as well end the run).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import pairwise
from typing import NamedTuple

from ..melds import MeldRules

NATURAL, FIXED, WILD = "n", "f", "w"
LEAD, TRAIL = 1 << 10, 1 << 11           # begun by a wildcard; ends in unneeded wildcards
ACE_LOW = 1 << 12                        # begun at the first position: an ace may go below
MAY, NEED, NEED_NATURAL = range(3)       # kinds of room below a run begun at the first position
GROUPINGS: dict = {}                     # ways to group a rank's cards, shared by all searches
MOVES: dict = {}                         # the moves of one suit at one step, shared likewise
SUIT_FREE: dict = {}                     # the same without suit and rank, shared by them
MOST_KEPT = 10_000                       # entries kept of each (then it starts again)


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

    def positions(self, jokers: int, ends: bool = True, reverse: bool = False
                  ) -> tuple[Position, ...]:
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
        if reverse and not again:          # runs read the same both ways
            order = order[-2::-1] + order[-1:] if both and ends else order[::-1]
        last = len(order) + again - 1
        out = [Position(r, None, p if p < again else None, True,
                        self.run_min is not None and p + lo - 1 <= last,
                        both and ends and p == last)
               for p, r in enumerate(order)]
        return tuple(out + [Position(order[i], i, None, False, False) for i in range(again)])


@functools.cache
def shape_of(rules: MeldRules) -> Shape:
    """The variant's group sizes, run lengths and ace placement, from its meld templates."""
    faces = rules.faces
    suits, ranks = len(faces.suits), len(faces.ranks)
    sizes = [len(t) for kind, t in rules.templates if kind == "group"]
    runs = [[faces.rank_of(f) for f in t] for kind, t in rules.templates if kind == "run"]
    steps = {pair for t in runs for pair in pairwise(t)}
    wrap = any((a, b, c) == (ranks - 1, 0, 1) for t in runs for a, b, c in zip(t, t[1:], t[2:]))
    lengths = [len(t) for t in runs]
    lo, hi = (min(lengths), max(lengths)) if runs else (None, 0)
    bounded = hi < ranks
    return Shape(suits, ranks, (min(sizes), max(sizes)) if sizes else None, lo,
                 (hi if bounded else min(lengths)) if runs else 0, bounded,
                 (0, 1) in steps or ranks < 2, (ranks - 1, 0) in steps, wrap)


class Moves:
    """The moves of a search: its positions, the cards at each (``items``), the wildcards."""

    def __init__(self, rules: MeldRules, shape: Shape, positions, items, pool: int,
                 canonical: bool):
        self.shape, self.positions, self.items, self.pool = shape, positions, items, pool
        self.canonical, self.max_jokers = canonical, rules.max_jokers
        self.min_natural = max(0, rules.min_natural)
        self.run_min = shape.run_min or 0
        self.suits, self.ranks, self.last = shape.suits, shape.ranks, len(positions) - 1
        self.ends = any(pos.ends for pos in positions)
        present = [[any(self.source(p)[s]) for s in range(self.suits)]
                   for p in range(len(positions))]
        self.group_size = shape.group or (0, 0)     # (read only where groups are allowed)
        least = self.group_size[0]
        self.grouping = [bool(pos.groups and shape.group and sum(present[p]) + pool >= least)
                         for p, pos in enumerate(positions)]
        self.joins = [[self.grouping[p] and sum(row) - row[s] + pool >= least - 1
                       for s in range(self.suits)] for p, row in enumerate(present)]
        self.starts = self._run_starts()
        self.wild_starts = self._wild_start_positions()
        self.deferrable = self._useful_deferrals()
        self.aces = [(items[-1][s][0] + items[-1][s][1], items[-1][s][2])
                     for s in range(self.suits)]
        self._group_rules = (shape.group, shape.suits, rules.max_jokers, self.min_natural,
                             canonical, pool)
        self._fresh = [{tok: (tok, self._first(tok, p)) for tok in (NATURAL, FIXED, WILD)}
                       for p in range(len(positions))]
        self._contexts = [[self._context(p, s) for s in range(self.suits)]
                          for p in range(len(positions))]

    def _context(self, p, s) -> tuple:
        """All that the moves of suit ``s`` at position ``p`` depend on besides their
        arguments, the suit and position named in them and the room they make: searches with
        equal contexts share their moves, and so do suits and positions (see
        :data:`SUIT_FREE`)."""
        pos = self.positions[p]
        return (self.shape, self.max_jokers, self.min_natural, self.canonical, self.ends,
                p == 0, pos.slot is not None, pos.defer is not None, pos.ends,
                self.starts[p][s], self.joins[p][s], self.wild_starts[p][s],
                pos.defer is not None and self.deferrable[pos.defer][s])

    def source(self, p):
        """The cards at position ``p``: a later copy of a rank shows its first copy's."""
        pos = self.positions[p]
        return self.items[p if pos.slot is None else pos.slot]

    # ---- static limits ---------------------------------------------------------------------
    def _run_starts(self):
        """Per position and suit: could a run start here (its next cards exist, or jokers
        fill the gaps; an ace at both ends may yet go below a run begun at the first)?"""
        lo, out = self.shape.run_min or 1, []
        for p, pos in enumerate(self.positions):
            need = lo - 1 - (1 if self.ends and p == 0 else 0)
            ahead = range(p + 1, min(self.last, p + need) + 1)
            out.append([pos.starts and sum(not any(self.source(q)[s]) for q in ahead) <= self.pool
                        for s in range(self.suits)])
        return out

    def _wild_start_positions(self):
        """Where a wildcard may start a run: a natural within its reach (at the first position
        with the ace at both ends, the ace that may go below counts), and when counting
        dumps, only where a shortest run ends at the top or an ace may yet go below."""
        n = len(self.positions)
        reach = self.pool + sum(row[s][2] for row in self.items for s in range(self.suits))
        top = self.last - (self.shape.run_min or 1) + 1

        def natural_within_reach(p, s):
            ahead = range(p + 1, min(n, p + reach + 1))
            below = [self.last] if self.ends and p == 0 else []
            return any(self.source(q)[s][:2] != (0, 0) for q in [*ahead, *below])

        return [[self.starts[p][s] and (not self.canonical or p == top or (self.ends and p == 0))
                 and (self.min_natural == 0 or natural_within_reach(p, s))
                 for s in range(self.suits)] for p in range(n)]

    def _useful_deferrals(self):
        """Per slot and suit: could a run reach the later copy of the rank at all?"""
        return [[self.pool > 0 or any(self.source(q - 1)[s]) for s in range(self.suits)]
                for q, pos in enumerate(self.positions) if pos.slot is not None]

    # ---- runs -------------------------------------------------------------------------------
    def grow(self, d: int, tok: str) -> int:
        """The descriptor of run ``d`` (0: none yet) after one more card; 0 if not allowed.

        Bits: length 0-3, naturals 4-6, jokers 7-9 (when limited), LEAD, TRAIL, ACE_LOW.
        """
        length = (d & 15) + 1
        if length > self.shape.cap:
            if self.shape.bounded or d & LEAD:
                return 0
            length = self.shape.cap
        naturals, jokers, flags = d >> 4 & 7, d >> 7 & 7, d & (LEAD | TRAIL | ACE_LOW)
        if tok == NATURAL:
            flags &= ~TRAIL
            naturals = min(naturals + 1, self.min_natural)
        else:
            if self.max_jokers is not None:
                jokers += 1
                if jokers > self.max_jokers:
                    return 0
            if tok == FIXED:
                flags &= ~TRAIL
            elif self.canonical:
                flags |= LEAD if not d else TRAIL if self.closable(d) else 0
        return length | naturals << 4 | jokers << 7 | flags

    def _first(self, tok: str, p: int) -> int:
        """A run begun by one card at ``p`` (0 if not allowed); at the first position with the
        ace at both ends an ace may yet go below it, so a wildcard does not lead it."""
        d = self.grow(0, tok)
        return d & ~LEAD | ACE_LOW if d and self.ends and p == 0 else d

    def closable(self, d: int) -> bool:
        return ((d & 15) >= self.run_min and (d >> 4 & 7) >= self.min_natural
                and not d & TRAIL)

    def need(self, d: int) -> int:
        """Fewest cards run ``d`` still needs above it to become legal (a run begun at the
        first position counts the ace that may go below it)."""
        if self.closable(d) or d & ACE_LOW and self.slot_kind(d) is not None:
            return 0
        return max(1, (self.shape.run_min or 1) - (d & 15)) - (1 if d & ACE_LOW else 0)

    def slot_kind(self, d: int):
        """MAY if a run begun at the first position is legal alone, NEED (NEED_NATURAL) if it
        is legal with one more card (a natural card) below it, else None."""
        if self.closable(d):
            return MAY
        if d & TRAIL or (d & 15) + 1 < self.run_min:
            return None
        naturals = d >> 4 & 7
        return NEED if naturals >= self.min_natural else (
            NEED_NATURAL if naturals + 1 >= self.min_natural else None)

    # ---- the moves of one suit ----------------------------------------------------------------
    def moves(self, s, p, runs, cards, wmax, low):
        """Every way to place suit ``s``'s ``cards`` (must play, may play, kept jokers) at
        position ``p`` given its open ``runs``, ``wmax`` wildcards and the room ``low`` below
        runs begun at the first position (None unless the ace sits at both ends). Returns
        (runs, wildcards, closed, room, grouped, played, credit, later, plan) of each,
        deduplicated; shared by the searches with the same context (:data:`MOVES`), and
        built once for every suit and position alike (:data:`SUIT_FREE`)."""
        key = (self._contexts[p][s], runs, cards, wmax, low)
        found = MOVES.get((s, p, self.last, key))
        if found is None:
            if len(MOVES) >= MOST_KEPT:
                MOVES.clear()
            free = SUIT_FREE.get(key)
            if free is None:
                if len(SUIT_FREE) >= MOST_KEPT:
                    SUIT_FREE.clear()
                free = SUIT_FREE[key] = self._moves(s, p, runs, cards, wmax, low)
            found = MOVES[s, p, self.last, key] = self._placed(free, s, p)
        return found

    def _placed(self, free, s, p) -> tuple:
        """:meth:`_moves`'s moves, for suit ``s`` at position ``p``: groups name the suit,
        plans the suit and position, and the room is counted; of moves equal but for their
        plans, the first."""
        out: dict = {}
        for runs, wild, closed, begun, more_room, group, played, credit, later, plan in free:
            room = ((closed * (self.last - p + 1) + begun * p) if self.canonical else 0
                    ) + more_room
            key = (runs, wild, group, played, later, room)
            if key not in out:
                out[key] = (runs, wild, closed, room, _suited(s, group), played, credit, later,
                            ("r", s, p) + plan)
        return tuple(out.values())

    def _moves(self, s, p, runs, cards, wmax, low) -> tuple:
        """:meth:`moves` without naming the suit and position: groups name only their tokens,
        plans begin at the actions, and the room is (runs closed, runs begun, more room)."""
        mand, opt, fixed = cards
        tokens = (NATURAL, FIXED, WILD)
        out: dict = {}

        def assign(i, acts, used, first):
            if i == len(runs):
                self._leftovers(out, s, p, runs, acts, used, cards, wmax, low)
                return
            d = runs[i]
            least = first if i and runs[i - 1] == d else 0    # equal runs: one order only
            if least == 0 and (self.slot_kind(d) is not None if d & ACE_LOW else self.closable(d)):
                assign(i + 1, acts + ("c",), used, 0)
            for t, tok in enumerate(tokens, 1):
                if t >= least:
                    more = _take(used, tok, mand + opt, fixed, wmax)
                    grown = more and self.grow(d, tok)
                    if grown:
                        assign(i + 1, acts + ((tok, grown),), more, t)
        assign(0, (), (0, 0, 0), 0)
        return tuple(out.values())

    def _leftovers(self, out, s, p, runs, acts, used, cards, wmax, low):
        """The cards no open run took: new runs, room below runs, this rank's groups."""
        n, f, w = used
        mand, opt, fixed = cards
        pos = self.positions[p]
        slots = None if low is None else list(low)
        for d, act in zip(runs, acts):
            if slots is not None and act == "c" and d & ACE_LOW:
                slots[self.slot_kind(d)] += 1
        wild_starts = range(wmax - w + 1) if self.wild_starts[p][s] else (0,)
        least = 0 if pos.defer is not None else max(0, mand - n)
        can = (self.starts[p][s], self.joins[p][s])
        for naturals in range(least, mand + opt - n + 1):
            for fixed_here in range(fixed - f + 1):
                if pos.defer is None and f + fixed_here != fixed:
                    continue
                fillings = (self._fillings(slots, naturals, fixed_here, wmax - w) if pos.ends
                            else (((), (naturals, fixed_here), (0, 0, 0)),))
                for fills, rest, placed in fillings:
                    for starts, grouped in _splits(*rest, *can):
                        for wild in wild_starts:
                            self._move(out, s, p, acts, used, cards, starts, grouped, wild,
                                       slots, fills, placed)

    def _fillings(self, slots, naturals, fixed, wmax):
        """At the ace at both ends: ways to fill the room below the runs (every NEED, some
        MAY); yields (fills, (naturals, fixed) left, (naturals, fixed, wild) used)."""
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
                        dumps = 0 if self.canonical else min(may - a2 - b2, wmax - c)
                        for c2 in range(dumps + 1):    # counted as room when canonical
                            yield ((need_natural, a, b, c, a2, b2, c2),
                                   (n - a - a2, fixed - b - b2),
                                   (need_natural + a + a2, b + b2, c + c2))

    def _move(self, out, s, p, acts, used, cards, starts, grouped, wild, slots, fills, placed):
        n, f, w = used
        mand, opt, fixed = cards
        pos = self.positions[p]
        n, f, w = n + placed[0], f + placed[1], w + placed[2]
        fresh = self._fresh[p]
        new = [fresh[NATURAL]] * starts[0] + [fresh[FIXED]] * starts[1] + [fresh[WILD]] * wild
        if any(not d for _, d in new):
            return
        played = n + starts[0] + grouped[0]
        if pos.defer is None and played < mand:
            return
        group = (NATURAL,) * grouped[0] + (FIXED,) * grouped[1]
        from_hand = max(0, played - mand)
        later: tuple | None = None
        credit = from_hand - opt * (pos.slot is not None)
        if pos.defer is not None:
            kept = (mand - min(played, mand), opt - from_hand, fixed - f - starts[1] - grouped[1])
            if kept[0] + kept[2] and not self.deferrable[pos.defer][s]:
                return
            if self.deferrable[pos.defer][s] and kept != (0, 0, 0):
                later, credit = kept, opt
        runs = tuple(sorted([a[1] for a in acts if a != "c"] + [d for _, d in new]))
        closed, more_room = acts.count("c"), 0
        if slots is not None:
            if pos.ends:
                later, more_room = (), (slots[MAY] - fills[4] - fills[5]) * self.canonical
            else:
                later = tuple(slots) if any(slots) else ()
        key = (runs, w + wild, group, played, later, closed, len(new), more_room)
        if key not in out:
            out[key] = (runs, w + wild, closed, len(new), more_room, group, played, credit,
                        later, (acts, tuple(new), fills))

    # ---- groups -------------------------------------------------------------------------------
    def groupings(self, items):
        """(groups, wildcards they take, more they could take) for each way to group a rank's
        set-aside ``items``: only the needed wildcards when counting dumps, else any number."""
        key = (self._group_rules, items)
        found = GROUPINGS.get(key)
        if found is None:
            found = GROUPINGS[key] = []
            for partition in self._partitions(items):
                slack = self._slack(partition)
                if slack is None:
                    continue
                need, spare = slack
                for extra in [need] if self.canonical else range(need, self.pool + 1):
                    groups = self._fill(partition, extra)
                    if groups is not None:
                        found.append((groups, extra, spare))
            if len(GROUPINGS) > 100_000:
                GROUPINGS.clear()
        return found

    @staticmethod
    def _partitions(items: tuple) -> list:
        """Every split of the items into groups of distinct suits. An item equal to the one
        before it goes only to a later group than that one did: the other way round is the
        same split."""
        found: set = set()
        groups: list[list] = []
        where = [0] * len(items)             # the group each item went to

        def place(i):
            if i == len(items):
                found.add(tuple(sorted(map(tuple, groups))))
                return
            first = where[i - 1] + 1 if i and items[i] == items[i - 1] else 0
            for k in range(first, len(groups)):
                g = groups[k]
                if all(other != items[i][0] for other, _ in g):
                    g.append(items[i])
                    where[i] = k
                    place(i + 1)
                    g.pop()
            where[i] = len(groups)
            groups.append([items[i]])
            place(i + 1)
            groups.pop()
        place(0)
        return sorted(found)

    def _slack(self, groups):
        """(wildcards the groups need, more they could take), or None if they cannot be legal."""
        lo, hi = self.group_size
        hi = min(hi, self.suits)
        need = spare = 0
        for g in groups:
            naturals = sum(tok != FIXED for _, tok in g)
            room = hi - len(g)
            if self.max_jokers is not None:
                room = min(room, self.max_jokers - (len(g) - naturals))
            if naturals < self.min_natural or room < max(0, lo - len(g)):
                return None
            need += max(0, lo - len(g))
            spare += room - max(0, lo - len(g))
        return need, spare

    def _fill(self, groups, wild):
        """The groups with ``wild`` wildcards added where they fit, or None."""
        need, spare = self._slack(groups)
        lo, hi = self.group_size
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


def _take(used, tok, most, fixed, wmax):
    """The counts (naturals, fixed, wild) after one more card of kind ``tok``, or None."""
    n, f, w = used
    if tok == NATURAL:
        return (n + 1, f, w) if n < most else None
    if tok == FIXED:
        return (n, f + 1, w) if f < fixed else None
    return (n, f, w + 1) if w < wmax else None


@functools.cache
def _suited(s: int, tokens: tuple) -> tuple:
    """A group part of suit ``s``: (suit, token) of each of its ``tokens``."""
    return tuple((s, tok) for tok in tokens)


@functools.cache
def _splits(naturals, fixed, can_start: bool, can_group: bool):
    """(new runs, grouped) splits of the (naturals, fixed) cards left at this position."""
    return tuple(((a, b), (naturals - a, fixed - b)) for a in range(naturals + 1)
                 for b in range(fixed + 1)
                 if ((a, b) == (0, 0) or can_start)
                 and ((naturals - a, fixed - b) == (0, 0) or can_group))
