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
from .suit_tables import MAX_RANKS, suit_tables

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
        # per rank, a field of `width` bits counting the rank's cards: adding `bias` carries into
        # the field's top bit exactly when the count reaches the smallest group
        bits = suits.bit_length()
        self.width = width = bits + 1
        smallest = min((s.bit_count() for s in groups[0]), default=0)
        self.bias = sum(((1 << bits) - smallest) << (r * width) for r in range(ranks))
        self.tops = sum(1 << (r * width + bits) for r in range(ranks)) if smallest else 0
        wide = [0] * (1 << ranks)
        for x in range(1, 1 << ranks):
            low = x & -x
            wide[x] = wide[x ^ low] + (1 << ((low.bit_length() - 1) * width))
        self.wide = wide

    @classmethod
    def for_rules(cls, rules: MeldRules) -> PlainMelds | None:
        """The tables for these meld rules when their hands are plain, else None."""
        faces = rules.faces
        n, suits = len(faces.ranks), len(faces.suits)
        if rules.width != 1 or faces.jokers or rules.wild_faces or rules.needs or not (
                2 <= n <= MAX_RANKS and suits <= MAX_SUITS):
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
        # a rank no run wants keeps its largest group: its cards, dead in `total`, leave it
        points, spread, width, groups = self.rank_points, self.spread, self.width, self.groups
        wanted, choices, grouped = self._wanted(h), [0], 0
        while ranks:
            top = ranks & -ranks
            ranks ^= top
            r = (top.bit_length() - 1) // width
            held = h >> r & spread
            in_runs = wanted >> r & spread
            if in_runs:
                choices = [c | o << r for c in choices for o in groups.choices(held, in_runs)]
            else:
                grouped += points[r] * groups.largest[held]
        best = total
        for removed in choices:
            if removed:
                x, total = h & ~removed, 0
                while x:
                    total += dead[x & m]
                    x >>= n
                if total < best:
                    best = total
        return best - grouped

    def discard_values(self, h: int) -> dict[int, int]:
        """Least deadwood after discarding each card of ``h``: {face: points}."""
        choices, core, settled, plain, loose = self._discard_choices(h)
        out: dict[int, int] = {}
        if len(choices) == 1:
            best = self._total(core)
            self._values(out, core, best + settled)
        else:                                   # cards no meld can use leave the search
            core &= ~loose
            settled += self._points(loose)
            best = None
            for removed in choices:
                total = self._total(core & ~removed)
                if best is None or total < best:
                    best = total
                self._least_values(out, core & ~removed, total + settled)
            assert best is not None
            self._values_of_loose(out, loose, best + settled)
        for face, change in self._plain_values(plain):
            out[face] = best + settled + change
        return out

    def best_discards(self, h: int) -> tuple[int, list[int]]:
        """(least deadwood after one discard, the faces whose discard leaves it, low to high).

        Per group choice, each suit's lowest change on losing a card is one lookup, so only
        the cards of ranks settled at once are visited one by one.
        """
        if not h:
            raise ValueError("no card to discard")
        n, m, tables = self.n, self.mask, self.tables
        dead, least = tables.dead, tables.least
        choices, core, settled, plain, _ = self._discard_choices(h)
        best = deadwood = None
        faces: list[int] = []
        for removed in choices:
            y = x = core & ~removed
            total, low = 0, None
            while x:
                chunk = x & m
                total += dead[chunk]
                if chunk and (low is None or least[chunk] < low):
                    low = least[chunk]
                x >>= n
            if deadwood is None or total < deadwood:
                deadwood = total
            if low is None or (best is not None and total + low > best):
                continue
            if best is None or total + low < best:
                best, faces = total + low, []
            face = 0
            while y:
                chunk = y & m
                if chunk and least[chunk] == low:
                    faces += [face + r for r in tables.least_ranks[chunk]]
                y >>= n
                face += n
        assert deadwood is not None
        for face, change in self._plain_values(plain):
            if best is None or deadwood + change < best:
                best, faces = deadwood + change, [face]
            elif deadwood + change == best:
                faces.append(face)
        assert best is not None
        return best + settled, sorted(set(faces)) if len(choices) > 1 or plain else faces

    def _discard_choices(self, h: int) -> tuple[list[int], int, int, list[tuple[int, int]], int]:
        """(masks of the group choices to try, the cards left to them and to runs, the points
        of the cards settled outside them, the ranks settled at once as (rank, suit bits), the
        cards no meld can use)."""
        n, m, usable, wide = self.n, self.mask, self.tables.usable, self.wide
        counts = wanted = shift = 0
        x = h
        while x:
            chunk = x & m
            counts += wide[chunk]
            wanted |= usable[chunk] << shift
            x >>= n
            shift += n
        ranks = (counts + self.bias) & self.tops
        choices, core, settled, plain = [0], h, 0, []
        points, spread, width, groups = self.rank_points, self.spread, self.width, self.groups
        while ranks:
            top = ranks & -ranks
            ranks ^= top
            r = (top.bit_length() - 1) // width
            held = h >> r & spread
            in_runs = wanted >> r & spread
            if in_runs:
                choices = [c | o << r for c in choices for o in groups.discard_choices(held, in_runs)]
            else:                               # the rank's largest group; the rest deadwood
                core &= ~(held << r)
                settled += points[r] * groups.left[held]
                plain.append((r, held))
        loose = core & ~wanted & ~self._same_ranks(choices) if len(choices) > 1 else 0
        return choices, core, settled, plain, loose

    def _values_of_loose(self, out: dict[int, int], loose: int, deadwood: int) -> None:
        """Cards no meld can use: discarding one just saves its points."""
        n, m, ranks_in, points = self.n, self.mask, self.tables.ranks_in, self.rank_points
        face = 0
        while loose:
            for r in ranks_in[loose & m]:
                out[face + r] = deadwood - points[r]
            loose >>= n
            face += n

    def _plain_values(self, plain: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """(face, change in deadwood) on discarding each card of the ranks settled at once."""
        left_after, points = self.groups.left_after, self.rank_points
        return [(offset + r, points[r] * change)
                for r, held in plain for offset, change in left_after[held]]

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
