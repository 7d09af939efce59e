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

from .suit_tables import MAX_RANKS, suit_tables

if TYPE_CHECKING:
    from .rules import MeldRules


class PlainMelds:
    """Table-driven deadwood for plain hands (one int bitmask of faces, one bit per card)."""

    def __init__(self, ranks: int, suits: int, points: tuple[int, ...],
                 runs: list[dict[int, int]], groups: list[dict[int, int]]):
        """``runs[s]`` maps each run of suit ``s`` (a rank pattern) to its template index,
        ``groups[r]`` each group of rank ``r`` (a pattern of suit bits ``1 << s * ranks``)."""
        self.n, self.mask = ranks, (1 << ranks) - 1
        self.rank_points = points
        self.face_points = points * suits
        self.spread = sum(1 << (s * ranks) for s in range(suits))
        patterns = tuple(runs[0])
        self.tables = suit_tables(ranks, patterns, points)
        self.run_index = [tuple(r[p] for p in patterns) for r in runs]
        self.group_index = groups
        self.shapes = tuple(groups[0])
        # per rank, a field of `width` bits counting the rank's cards: adding `bias` carries into
        # the field's top bit exactly when the count reaches the smallest group
        bits = suits.bit_length()
        width = bits + 1
        smallest = min((s.bit_count() for s in self.shapes), default=suits + 1)
        self.width = width
        self.bias = sum(((1 << bits) - smallest) << (r * width) for r in range(ranks)) \
            if self.shapes else 0
        self.tops = sum(1 << (r * width + bits) for r in range(ranks)) if self.shapes else 0
        wide = [0] * (1 << ranks)
        for x in range(1, 1 << ranks):
            low = x & -x
            wide[x] = wide[x ^ low] + (1 << ((low.bit_length() - 1) * width))
        self.wide = wide
        self._choices: dict[tuple[int, int, bool], tuple[int, ...]] = {}
        self._largest: dict[int, int] = {}

    @classmethod
    def for_rules(cls, rules: MeldRules) -> PlainMelds | None:
        """The tables for these meld rules when their hands are plain, else None."""
        faces = rules.faces
        n, suits = len(faces.ranks), len(faces.suits)
        if rules.width != 1 or faces.jokers or rules.wild_faces or rules.needs or not (
                2 <= n <= MAX_RANKS):
            return None
        points = tuple(rules.points[:n])
        if any(rules.points[f] != points[f % n] for f in range(n * suits)):
            return None
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
    def deadwood(self, h: int) -> int:
        """Least deadwood points of the hand ``h``."""
        n, m, dead, wide = self.n, self.mask, self.tables.dead, self.wide
        total = counts = 0
        x = h
        while x:
            chunk = x & m
            total += dead[chunk]
            counts += wide[chunk]
            x >>= n
        ranks = (counts + self.bias) & self.tops
        if not ranks:
            return total
        choices, core, settled, _, _ = self._settle(h, ranks, self._wanted(h), False)
        best = None
        for removed in choices:
            x, total = core & ~removed, 0
            while x:
                total += dead[x & m]
                x >>= n
            if best is None or total < best:
                best = total
        assert best is not None
        return best + settled

    def discard_values(self, h: int) -> dict[int, int]:
        """Least deadwood after discarding each card of ``h``: {face: points}."""
        n, m, tables, wide = self.n, self.mask, self.tables, self.wide
        dead, usable = tables.dead, tables.usable
        counts = wanted = total = shift = 0
        x = h
        while x:
            chunk = x & m
            counts += wide[chunk]
            wanted |= usable[chunk] << shift
            total += dead[chunk]
            x >>= n
            shift += n
        out: dict[int, int] = {}
        ranks = (counts + self.bias) & self.tops
        if not ranks:                           # no group anywhere: each suit on its own
            self._values(out, h, total)
            return out
        choices, core, settled, plain, contested = self._settle(h, ranks, wanted, True)
        if len(choices) == 1:
            best = self._total(core)
            self._values(out, core, best + settled)
        else:                                   # cards no meld can use leave the search
            loose = core & ~wanted & ~contested
            core &= ~loose
            settled += self.points(loose)
            best = None
            for removed in choices:
                total = self._total(core & ~removed)
                if best is None or total < best:
                    best = total
                self._least_values(out, core & ~removed, total + settled)
            assert best is not None
            self._values_of_loose(out, loose, best + settled)
        if plain:
            self._values_of_plain(out, plain, best + settled)
        return out

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

    def _settle(self, h: int, ranks: int, wanted: int, for_discards: bool
                ) -> tuple[list[int], int, int, list[tuple[int, int]], int]:
        """(masks of the group choices to try, the hand without the ranks settled at once,
        the points those leave, those ranks as (rank, suit bits held), the cards of the other
        group-sized ranks) for hand ``h`` with the group-sized ``ranks``."""
        spread, width = self.spread, self.width
        choices, settled, core, plain, contested = [0], 0, h, [], 0
        while ranks:
            top = ranks & -ranks
            ranks ^= top
            r = (top.bit_length() - 1) // width
            held = h >> r & spread
            in_runs = wanted >> r & spread
            if not in_runs:                     # the rank's largest group; the rest deadwood
                core &= ~(held << r)
                settled += self.rank_points[r] * (held.bit_count() - self.largest(held))
                plain.append((r, held))
            else:
                contested |= held << r
                options = self.choices(held, in_runs, for_discards)
                choices = [c | o << r for c in choices for o in options]
        return choices, core, settled, plain, contested

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

    def _values_of_loose(self, out: dict[int, int], loose: int, deadwood: int) -> None:
        """Cards no meld can use: discarding one just saves its points."""
        n, m, ranks_in, points = self.n, self.mask, self.tables.ranks_in, self.rank_points
        face = 0
        while loose:
            for r in ranks_in[loose & m]:
                out[face + r] = deadwood - points[r]
            loose >>= n
            face += n

    def _values_of_plain(self, out: dict[int, int], plain: list[tuple[int, int]],
                         deadwood: int) -> None:
        """Cards of ranks settled at once: discarding one changes only its rank's leftover."""
        for r, held in plain:
            before = held.bit_count() - self.largest(held)
            x = held
            while x:
                bit = x & -x
                x ^= bit
                after = held ^ bit
                out[bit.bit_length() - 1 + r] = deadwood + self.rank_points[r] * (
                    after.bit_count() - self.largest(after) - before)

    def points(self, h: int) -> int:
        """Point total of the cards of ``h``."""
        total, points = 0, self.face_points
        while h:
            low = h & -h
            total += points[low.bit_length() - 1]
            h ^= low
        return total

    # ---- group choices ----------------------------------------------------------------------
    def largest(self, held: int) -> int:
        """Cards in the largest group within ``held`` (suit bits of one rank), 0 if none."""
        size = self._largest.get(held)
        if size is None:
            size = self._largest[held] = max(
                (s.bit_count() for s in self.shapes if s & held == s), default=0)
        return size

    def choices(self, held: int, in_runs: int, for_discards: bool) -> tuple[int, ...]:
        """The group choices worth trying at a rank holding ``held``, ``in_runs`` of them
        wanted by runs: no group, or a group, unless a larger group beats it by adding only
        cards no run wants (for discards: unless two such larger groups add disjoint cards,
        so that one of them survives any single discard)."""
        key = (held, in_runs, for_discards)
        found = self._choices.get(key)
        if found is None:
            legal = [0] + [s for s in self.shapes if s & held == s]
            spare = held & ~in_runs
            found = []
            for a in legal:
                beaten = [b & ~a for b in legal if b != a and b & a == a and not b & ~a & ~spare]
                if for_discards:
                    if not any(not x & y for x, y in combinations(beaten, 2)):
                        found.append(a)
                elif not beaten:
                    found.append(a)
            found = self._choices[key] = tuple(found)
        return found

    # ---- melds ------------------------------------------------------------------------------
    def melds_in(self, h: int) -> list[int]:
        """Indices of the templates the hand holds, in template order."""
        n, m, wide = self.n, self.mask, self.wide
        runs_within = self.tables.runs_within
        out: list[int] = []
        counts, x, s = 0, h, 0
        while x:
            chunk = x & m
            counts += wide[chunk]
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
