"""Exact deadwood, discard values and melds of a plain hand by table lookups, without a search.

A hand is *plain* when the deck has one copy of each card, no jokers or wild cards, no
contract needs, and the meld rules have the usual shape: every run lies in one suit (the same
rank patterns in every suit), every group in one rank (the same suit patterns at every rank,
no two of them disjoint, so a rank holds at most one group), and a card's points depend on its
rank alone. :meth:`PlainMelds.for_rules` reads this off the meld templates themselves.

An arrangement of such a hand is then a choice of groups plus, in each suit, the best runs
among the cards the groups leave, which :mod:`.suit_tables` gives by lookup. Only a rank with
enough cards for a group, where some card could also go into a run, offers a real choice; its
choices are the groups (and no group) that no larger group beats by adding cards no run could
use. Every other card is settled at once: in its rank's largest group, or deadwood.
"""
from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from .rank_groups import RankGroups
from .suit_tables import MAX_RANKS, NO_CARD, suit_tables

if TYPE_CHECKING:
    from .rules import MeldRules


MAX_SUITS = 8           # group tables hold 2**suits entries


class PlainMelds:
    """Table-driven deadwood for plain hands (one int bitmask of faces, one bit per card)."""

    def __init__(self, ranks: int, suits: int, points: tuple[int, ...],
                 runs: list[dict[int, int]], groups: list[dict[int, int]]):
        """``runs[s]`` maps each run of suit ``s`` (a rank pattern) to its template index,
        ``groups[r]`` each group of rank ``r`` (a pattern of suit bits ``1 << s * ranks``)."""
        self.n, self.mask = ranks, (1 << ranks) - 1
        self.rank_points = points
        self.spread = sum(1 << (s * ranks) for s in range(suits))
        patterns = tuple(runs[0])
        self.tables = suit_tables(ranks, patterns, points)
        self.run_index = [tuple(r[p] for p in patterns) for r in runs]
        self.group_index = groups
        self.groups = RankGroups(tuple(groups[0]), self.spread)
        # `counted[chunk]` sums over a hand's suits to: per rank, a field of `width` bits
        # counting its cards (adding `bias` carries into a field's top bit exactly when the
        # count reaches the smallest group); from bit `runs_at`, the same count of the cards
        # some run could use; from bit `dead_at`, the deadwood that runs alone leave
        bits = suits.bit_length()
        self.width = width = bits + 1
        self.field = (1 << width) - 1
        self.runs_at, self.dead_at = ranks * width, 2 * ranks * width
        smallest = min((s.bit_count() for s in groups[0]), default=0)
        self.bias = sum(((1 << bits) - smallest) << (r * width) for r in range(ranks))
        self.tops = sum(1 << (r * width + bits) for r in range(ranks)) if smallest else 0
        wide = [0] * (1 << ranks)
        for x in range(1, 1 << ranks):
            low = x & -x
            wide[x] = wide[x ^ low] + (1 << ((low.bit_length() - 1) * width))
        self.counted = [w + (wide[u] << self.runs_at) + (d << self.dead_at)
                        for w, u, d in zip(wide, self.tables.usable, self.tables.dead)]

    @classmethod
    def for_rules(cls, rules: MeldRules) -> PlainMelds | None:
        """The tables for these meld rules when their hands are plain, else None."""
        faces = rules.faces
        n, suits = len(faces.ranks), len(faces.suits)
        if rules.width != 1 or faces.jokers or rules.wild_faces or rules.needs or not (
                2 <= n <= MAX_RANKS and suits <= MAX_SUITS):
            return None
        points = tuple(rules.points[:n])
        if any(rules.points[f] != points[f % n] for f in range(n * suits)) or min(points) < 0:
            return None                 # (the tables meld every card they can: no card may
        #                                  count less than nothing)
        runs: list[dict[int, int]] = [{} for _ in range(suits)]
        groups: list[dict[int, int]] = [{} for _ in range(n)]
        if any(len(t) < rules.min_natural for _, t in rules.templates):
            return None                 # melds too short to be legal: left to the search
        for index, (kind, template) in enumerate(rules.templates):
            in_suits, in_ranks = {f // n for f in template}, {f % n for f in template}
            if kind == "run" and len(in_suits) == 1:
                runs[in_suits.pop()][sum(1 << (f % n) for f in template)] = index
            elif kind == "group" and len(in_ranks) == 1:
                groups[in_ranks.pop()][sum(1 << (f - f % n) for f in template)] = index
            else:
                return None
        if any(r.keys() != runs[0].keys() for r in runs) or any(
                g.keys() != groups[0].keys() for g in groups):
            return None
        if any(not a & b for a, b in combinations(groups[0], 2)):
            return None
        return cls(n, suits, points, runs, groups)

    # ---- deadwood ---------------------------------------------------------------------------
    def counts(self, h: int) -> int:
        """``counted`` summed over the suits of ``h`` (see ``__init__``)."""
        n, m, counted = self.n, self.mask, self.counted
        counts = 0
        while h:
            counts += counted[h & m]
            h >>= n
        return counts

    def deadwood(self, h: int) -> int:
        """Least deadwood points of the hand ``h``."""
        counts = self.counts(h)
        total, ranks = counts >> self.dead_at, (counts + self.bias) & self.tops
        if not ranks:
            return total
        return self.with_groups(h, total, ranks, self._wanted(h))

    def with_groups(self, h: int, total: int, ranks: int, wanted: int) -> int:
        """The least deadwood of ``h`` from its parts: ``total`` left by runs alone, the
        group-sized ``ranks`` (field top bits of ``counted``) and the cards some run
        ``wanted``. A rank no run wants keeps its largest group (its cards, dead in ``total``,
        leave it); the others' group choices are tried."""
        n, m, dead = self.n, self.mask, self.tables.dead
        points, spread, width, groups = self.rank_points, self.spread, self.width, self.groups
        known, largest = groups.known, groups.largest
        choices, grouped = None, 0
        while ranks:
            top = ranks & -ranks
            ranks ^= top
            r = (top.bit_length() - 1) // width
            held = h >> r & spread
            in_runs = wanted >> r & spread
            if in_runs:
                options = known.get(held | in_runs << 1) or groups.choices(held, in_runs)
                choices = _grown(choices, options, r)
            else:
                grouped += points[r] * largest[held]
        best = total
        for removed in choices or ():
            if removed:
                x, left = h & ~removed, 0
                while x:
                    left += dead[x & m]
                    x >>= n
                if left < best:
                    best = left
        return best - grouped

    def deadwood_floor(self, h: int) -> int:
        """A lower bound of :meth:`deadwood` from one pass over the suits: the deadwood that
        runs alone leave, less the points of every card of a rank holding enough cards for a
        group (a card taken out of a hand lowers its runs-only deadwood by at most the card's
        points). Exact when no rank holds that many."""
        counts = self.counts(h)
        total, ranks = counts >> self.dead_at, (counts + self.bias) & self.tops
        if not ranks:
            return total
        points, width, field = self.rank_points, self.width, self.field
        while ranks:
            top = ranks & -ranks
            ranks ^= top
            r = (top.bit_length() - 1) // width
            if points[r] > 0:
                total -= points[r] * (counts >> (r * width) & field)
        return total

    def counts_and_wanted(self, h: int) -> tuple[int, int]:
        """(``counted`` summed over the suits of ``h``, the cards of ``h`` some run within its
        suit could use)."""
        n, m, usable, counted = self.n, self.mask, self.tables.usable, self.counted
        counts = wanted = shift = 0
        x = h
        while x:
            chunk = x & m
            counts += counted[chunk]
            wanted |= usable[chunk] << shift
            x >>= n
            shift += n
        return counts, wanted

    def discard_values(self, h: int) -> dict[int, int]:
        """Least deadwood after discarding each card of ``h``: {face: points}."""
        counts, wanted = self.counts_and_wanted(h)
        choices, core, settled, plain = self._discard_choices(
            h, (counts + self.bias) & self.tops, wanted)
        out: dict[int, int] = {}
        if len(choices) == 1:
            best = self._total(core)
            self._values(out, core, best + settled)
        else:                                   # cards no meld can use leave the search
            loose = core & ~wanted & ~self._same_ranks(choices)
            core &= ~loose
            settled += self._points(loose)
            best = NO_CARD
            for removed in choices:
                total = self._total(core & ~removed)
                if total < best:
                    best = total
                self._least_values(out, core & ~removed, total + settled)
            self._values_of_loose(out, loose, best + settled)
        left_after, points = self.groups.left_after, self.rank_points
        for r, held in plain:
            for offset, change in left_after[held]:
                out[offset + r] = best + settled + points[r] * change
        return out

    def best_discards(self, h: int) -> tuple[int, list[int]]:
        """(least deadwood after one discard, the faces whose discard leaves it, low to high).

        Each suit's lowest change on losing a card is one lookup. Ranks of a group no run
        wants change nothing for the other cards, so they are settled by their own table;
        only when runs want a group's cards are the group choices walked.
        """
        if not h:
            raise ValueError("no card to discard")
        n, m, tables, counted = self.n, self.mask, self.tables, self.counted
        least, least_ranks = tables.least, tables.least_ranks
        counts = face = where = at = 0
        low, tied = NO_CARD, False              # the lowest change, in suit chunk `at` at `where`
        x = h
        while x:
            chunk = x & m
            counts += counted[chunk]
            change = least[chunk]
            if change <= low:
                tied = change == low
                low, where, at = change, face, chunk
            x >>= n
            face += n
        deadwood, ranks = counts >> self.dead_at, (counts + self.bias) & self.tops
        plain, settled, redo = [], 0, False     # ranks settled at once, their cards
        if ranks:
            points, spread, width, largest = self.rank_points, self.spread, self.width, \
                self.groups.largest
            in_runs, left = counts >> self.runs_at, ranks
            while left:
                top = left & -left
                left ^= top
                r = (top.bit_length() - 1) // width
                if in_runs >> (r * width) & self.field:
                    return self._grouped_best_discards(h, ranks, self._wanted(h))
                held = h >> r & spread
                deadwood -= points[r] * largest[held]
                plain.append((r, held))
                settled |= held << r
                redo = redo or low == -points[r]    # its cards' lookups (wrong) may be lowest
            if redo:
                h &= ~settled
                low, where, tied = self._lowest(h)
                at = h >> where & m
        faces: list[int] = []
        if not tied:
            for r in least_ranks[at]:
                faces.append(where + r)
        else:
            face = 0
            while h:
                if least[h & m] == low:
                    for r in least_ranks[h & m]:
                        faces.append(face + r)
                h >>= n
                face += n
        if not plain:
            return deadwood + low, faces
        return self._with_plain(deadwood, deadwood + low, faces, plain)

    def _lowest(self, h: int) -> tuple[int, int, bool]:
        """(the lowest change a discard from ``h`` makes to its suit's runs-only deadwood, the
        offset of the first suit having it, whether another suit has it too)."""
        n, m, least = self.n, self.mask, self.tables.least
        low, where, tied, face = NO_CARD, 0, False, 0
        while h:
            if least[h & m] <= low:
                tied = least[h & m] == low
                low, where = least[h & m], face
            h >>= n
            face += n
        return low, where, tied

    def _with_plain(self, deadwood: int, best: int, faces: list[int],
                    plain: list[tuple[int, int]]) -> tuple[int, list[int]]:
        """(best, faces) of the other cards merged with those of the ranks settled at once:
        ``plain`` as (rank, suit bits held), ``deadwood`` the hand's (in points)."""
        points, least_left, most_left = self.rank_points, self.groups.least_left, \
            self.groups.most_left
        merged = False
        for r, held in plain:
            change, offsets = (least_left if points[r] >= 0 else most_left)[held]
            value = deadwood + points[r] * change
            if value <= best:
                if value < best:
                    best, faces = value, []
                merged = merged or bool(faces)
                for offset in offsets:
                    faces.append(offset + r)
        return best, sorted(set(faces)) if merged else faces

    def _grouped_best_discards(self, h: int, ranks: int, wanted: int) -> tuple[int, list[int]]:
        """:meth:`best_discards` of a hand with group-sized ``ranks``, ``wanted`` by runs."""
        n, m, tables = self.n, self.mask, self.tables
        dead, least, least_ranks = tables.dead, tables.least, tables.least_ranks
        choices, core, settled, plain = self._discard_choices(h, ranks, wanted)
        best = deadwood = NO_CARD
        faces: list[int] = []
        merged = False                          # faces gathered from two choices need sorting
        for removed in choices:
            y = x = core & ~removed
            total, low = 0, NO_CARD
            while x:
                chunk = x & m
                total += dead[chunk]
                if least[chunk] < low:
                    low = least[chunk]
                x >>= n
            if total < deadwood:
                deadwood = total
            if total + low <= best:
                if total + low < best:
                    best, faces = total + low, []
                merged = bool(faces)
                face = 0
                while y:
                    chunk = y & m
                    if least[chunk] == low:
                        for r in least_ranks[chunk]:
                            faces.append(face + r)
                    y >>= n
                    face += n
        if merged:
            faces = sorted(set(faces))
        if plain:
            best, faces = self._with_plain(deadwood, best, faces, plain)
        return best + settled, faces

    def _discard_choices(self, h: int, ranks: int, wanted: int
                         ) -> tuple[list[int], int, int, list[tuple[int, int]]]:
        """(masks of the group choices to try, the cards left to them and to runs, the points
        the ranks settled at once leave over, those ranks as (rank, suit bits held)) for hand
        ``h`` with group-sized ``ranks``, ``wanted`` by runs."""
        choices, core, settled, plain = None, h, 0, []
        points, spread, width, groups = self.rank_points, self.spread, self.width, self.groups
        known, left = groups.known_for_discards, groups.left
        while ranks:
            top = ranks & -ranks
            ranks ^= top
            r = (top.bit_length() - 1) // width
            held = h >> r & spread
            in_runs = wanted >> r & spread
            if in_runs:
                options = known.get(held | in_runs << 1) or groups.discard_choices(held, in_runs)
                choices = _grown(choices, options, r)
            else:                               # the rank's largest group; the rest deadwood
                core &= ~(held << r)
                settled += points[r] * left[held]
                plain.append((r, held))
        return choices or [0], core, settled, plain

    def _values_of_loose(self, out: dict[int, int], loose: int, deadwood: int) -> None:
        """Cards no meld can use: discarding one just saves its points."""
        n, m, ranks_in, points = self.n, self.mask, self.tables.ranks_in, self.rank_points
        face = 0
        while loose:
            for r in ranks_in[loose & m]:
                out[face + r] = deadwood - points[r]
            loose >>= n
            face += n

    def _same_ranks(self, choices: list[int]) -> int:
        """Every card of the ranks some choice groups."""
        grouped = cards = 0
        for c in choices:
            grouped |= c
        while grouped:
            rank = ((grouped & -grouped).bit_length() - 1) % self.n
            grouped &= ~(self.spread << rank)
            cards |= self.spread << rank
        return cards

    def _wanted(self, h: int) -> int:
        """The cards of ``h`` that some run within ``h`` could use."""
        n, m, usable = self.n, self.mask, self.tables.usable
        wanted, x, shift = 0, h, 0
        while x:
            wanted |= usable[x & m] << shift
            x >>= n
            shift += n
        return wanted

    def _total(self, h: int) -> int:
        """Least deadwood of ``h`` by runs alone."""
        n, m, dead = self.n, self.mask, self.tables.dead
        total = 0
        while h:
            total += dead[h & m]
            h >>= n
        return total

    def _points(self, h: int) -> int:
        """Point total of the cards of ``h``."""
        n, m, ranks_in, points = self.n, self.mask, self.tables.ranks_in, self.rank_points
        total = 0
        while h:
            for r in ranks_in[h & m]:
                total += points[r]
            h >>= n
        return total

    def _values(self, out: dict[int, int], h: int, base: int) -> None:
        """Each card of ``h``: ``base`` plus the change its suit's runs-only deadwood makes
        when it leaves."""
        n, m, ranks_in, drop = self.n, self.mask, self.tables.ranks_in, self.tables.drop
        face = 0
        while h:
            chunk = h & m
            for r, d in zip(ranks_in[chunk], drop[chunk]):
                out[face + r] = base + d
            h >>= n
            face += n

    def _least_values(self, out: dict[int, int], h: int, base: int) -> None:
        """:meth:`_values`, keeping the lower of this and any value already in ``out``."""
        n, m, ranks_in, drop = self.n, self.mask, self.tables.ranks_in, self.tables.drop
        face = 0
        while h:
            chunk = h & m
            for r, d in zip(ranks_in[chunk], drop[chunk]):
                value = base + d
                if out.get(face + r, value) >= value:
                    out[face + r] = value
            h >>= n
            face += n

    # ---- melds ------------------------------------------------------------------------------
    def melds_in(self, h: int) -> list[int]:
        """Indices of the templates the hand holds, in template order."""
        n, m, counted = self.n, self.mask, self.counted
        runs_within = self.tables.runs_within
        out: list[int] = []
        counts, x, s = 0, h, 0
        while x:
            chunk = x & m
            counts += counted[chunk]
            index = self.run_index[s]
            out.extend(index[i] for i in runs_within[chunk])
            x >>= n
            s += 1
        ranks = (counts + self.bias) & self.tops
        while ranks:
            top = ranks & -ranks
            ranks ^= top
            r = (top.bit_length() - 1) // self.width
            held = h >> r & self.spread
            out.extend(i for shape, i in self.group_index[r].items() if shape & held == shape)
        out.sort()
        return out


def _grown(choices: list[int] | None, options: tuple[int, ...], rank: int) -> list[int]:
    """Every choice so far (None: none yet) combined with each option at ``rank``."""
    grown = []
    for c in choices or (0,):
        for o in options:
            grown.append(c | o << rank)
    return grown
