"""Meld legality, the melds in a hand, and the exact optimal arrangement (minimum deadwood).

Every legal meld of a variant is precomputed once as a *template*: the set of faces it shows.
A hand is a multiset of faces packed into one int: each face owns ``width`` bits (the most
copies of a card any deck has) holding its count in unary, so "this meld is in my hand" is
``first & hand == first`` and taking one copy of each of its cards is two shifts and masks.
With one deck the packing is exactly the familiar bitmask of faces.

The optimal arrangement is a search over the lowest remaining card: it is either deadwood or
the lowest card of some meld. Only melds present in the hand are tried, cards that no such meld
touches are deadwood outright, and states are memoised, so the search is exact and small.

Wild cards: printed jokers, and the natural cards of a *wild rank* (``wild_faces``). A wild-rank
card may stand for any card or be its natural self; the search tries each split of the hand's
wild-rank cards into naturals and stand-ins (a pool shared with the jokers). *False jokers*
(``joker_face``): the printed jokers are not wild but plain copies of that face; the search
packs them as that face (so ``width`` makes room for them) and the melds it returns show the
jokers held in place of its natural copies.

It is exponential in the worst case (44 cards of one deck run for minutes), so it is bounded:
:meth:`MeldRules.arrange` accepts at most ``MAX_CARDS`` cards, and every search (arrange,
deadwood, discard_values) stops with a LimitError after ``MAX_WORK`` candidate melds weighed
(a few seconds and tens of MB); no hand a bundled variant deals comes near either limit.
Plain hands (one deck, no wild cards) skip the search: ``bits`` answers deadwood, discard
values and melds_in by table lookups, in the same time whatever the hand.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..cards import Faces
from ..errors import LimitError
from . import needs_search, plain_arrange, wilds
from .bits import PlainMelds
from .needs import Need
from .needs_search import UNMET

MAX_CARDS = 40           # the most cards arrange accepts
MAX_WORK = 1_000_000     # candidate melds weighed by one search (arrange, deadwood, ...)
TABLE_ARRANGE_CARDS = 24  # plain hands up to this size are arranged by table lookups
#                          (plain_arrange); larger ones keep the search and its step limit
WORK = -1                # the memo's key for the work done so far (states are tuples)


@dataclass(frozen=True)
class Meld:
    """A meld as laid: its kind, the cards used, and the card each one stands for."""

    kind: str                      # "group" or "run"
    cards: tuple[int, ...]         # faces as held (the joker face for a joker)
    declared: tuple[int, ...]      # the face each card represents (a joker's declared card)

    def jokers(self) -> int:
        """How many cards stand for another card (jokers and wild-rank cards used as wilds)."""
        return sum(c != d for c, d in zip(self.cards, self.declared))

    @property
    def pure(self) -> bool:
        """No card of the meld stands for another card."""
        return self.cards == self.declared


@dataclass(frozen=True)
class Arrangement:
    """Melds and deadwood of a hand; ``points`` is the deadwood's point total."""

    melds: tuple[Meld, ...]
    deadwood: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class _Entry:
    """A template as found in a hand: ``naturals`` held, ``jokers`` standing in for the rest."""

    first: int          # one bit per natural face: the face's lowest count bit
    field: int          # all count bits of those faces
    keep: int           # field without each face's top bit (mask after removing one copy)
    jokers: int
    template: int       # index into MeldRules.templates
    naturals: tuple[int, ...]


class MeldRules:
    """The legal melds of a variant and the arrangement search over them."""

    max_work = MAX_WORK

    def __init__(self, faces: Faces, group: tuple[int, int] | None = (3, 4),
                 run: tuple[int, int | None] | None = (3, None), ace: str = "low",
                 wrap: bool = False, copies: int = 1, max_jokers: int | None = None,
                 min_natural: int = 1, deck_jokers: int = 0, group_duplicates: bool = False,
                 wild_faces: frozenset[int] = frozenset(), wild_points: int | None = None,
                 wilds_in: tuple[str, ...] = ("group", "run"), needs: tuple[Need, ...] = (),
                 tables: bool = True, joker_face: int | None = None,
                 natural_groups: bool = True):
        """``tables=False`` keeps every hand on the general search (tests compare the two);
        ``joker_face``: the printed jokers are false jokers, plain cards of that face;
        ``natural_groups=False``: no group holds a natural wild-rank card."""
        self._args: dict[str, Any] = dict(
            faces=faces, group=group, run=run, ace=ace, wrap=wrap, copies=copies,
            max_jokers=max_jokers, min_natural=min_natural, deck_jokers=deck_jokers,
            group_duplicates=group_duplicates, wild_faces=wild_faces, wild_points=wild_points,
            wilds_in=wilds_in, needs=needs, tables=tables, joker_face=joker_face,
            natural_groups=natural_groups)
        self.faces = faces
        self.group_size = group
        self.group_duplicates = group_duplicates and copies > 1   # 7h 7h 7s is a group
        self.joker_face = joker_face
        self.width = max(1, copies) + (deck_jokers if joker_face is not None else 0)
        self.max_jokers = max_jokers
        self.min_natural = min_natural
        self.wild_faces = wild_faces
        self.wilds_in = wilds_in
        self.no_wild_groups = frozenset(() if natural_groups else wild_faces)
        self.needs = needs
        self.wilds = bool(faces.jokers and joker_face is None or wild_faces)
        points = [wild_points if f in wild_faces and wild_points is not None else p
                  for f, p in enumerate(faces.points)]
        if joker_face is not None and faces.joker is not None:
            points[faces.joker] = points[joker_face]
        self.points: tuple[int, ...] = tuple(points)
        self.templates: list[tuple[str, tuple[int, ...]]] = []
        seen: set[frozenset[int]] = set()
        for kind, template in _groups(faces, group) + _runs(faces, run, ace, wrap):
            if kind == "group" and self.no_wild_groups.intersection(template):
                continue
            if frozenset(template) not in seen:
                seen.add(frozenset(template))
                self.templates.append((kind, template))
        self._kind = {frozenset(t): k for k, t in self.templates}
        self._order = {frozenset(t): t for _, t in self.templates}
        self._points = self.points
        self._joker_points = faces.points[-1] if faces.jokers else 0   # the joker's face is last
        self._run_min = run[0] if run else 0
        self._entries = self._index_entries(self._longest_needed(run, deck_jokers))
        self._single = [self._entry_masks((f,)) for f in range(faces.count)]
        self._tables = PlainMelds.for_rules(self) if tables else None
        self._bit_of = {f: 1 << f for f in range(faces.count)}.__getitem__
        self._template_melds = [Meld(kind, t, t) for kind, t in self.templates]

    def with_wild_faces(self, wild_faces: frozenset[int], wild_points: int | None,
                        joker_face: int | None = None) -> MeldRules:
        """The same meld rules with these natural faces wild (their points ``wild_points``),
        and the printed jokers false jokers of ``joker_face`` when given."""
        return MeldRules(**{**self._args, "wild_faces": wild_faces, "wild_points": wild_points,
                            "joker_face": joker_face})

    def without_tables(self) -> MeldRules:
        """The same meld rules answering every hand by the general search (to compare)."""
        return MeldRules(**{**self._args, "tables": False})

    @property
    def uses_tables(self) -> bool:
        """Whether plain hands are answered by table lookups (see :mod:`.bits`)."""
        return self._tables is not None

    @property
    def tables(self) -> PlainMelds | None:
        """The lookup tables answering plain hands (faces as one bitmask), or None."""
        return self._tables

    def is_wild(self, face: int) -> bool:
        return face in self.wild_faces or self.faces.is_joker(face) and self.joker_face is None

    def natural(self, face: int) -> int:
        """The face a card melds as when natural: a false joker's is ``joker_face``."""
        return self.joker_face if self.joker_face is not None and self.faces.is_joker(
            face) else face

    # ---- legality -------------------------------------------------------------------------
    def kind_of(self, declared: Iterable[int]) -> str | None:
        """``"group"``/``"run"`` if these faces (jokers as declared) form a legal meld, else None."""
        declared = tuple(declared)
        if len(set(declared)) != len(declared):
            return "group" if self._duplicate_group(declared) else None
        return self._kind.get(frozenset(declared))

    def extensions(self, declared: Sequence[int], faces: Iterable[int]) -> list[tuple[int, str]]:
        """(face, the kind of meld it makes) for each of ``faces`` that, added to the meld of
        these ``declared`` faces, makes a legal meld: a group is of one rank and a run of one
        suit, so only those faces are tried."""
        declared = list(declared)
        rank, suit, joker = self.faces.rank_of, self.faces.suit_of, self.faces.joker
        natural = [d for d in declared if d != joker]
        ranks, suits = {rank(d) for d in natural}, {suit(d) for d in natural}
        one_rank = next(iter(ranks)) if len(ranks) == 1 else None
        one_suit = next(iter(suits)) if len(suits) == 1 else None
        out, width = [], len(self.faces.ranks)       # (face = suit * width + rank)
        for f in faces:
            if f != joker and (f % width == one_rank or f // width == one_suit):
                kind = self.kind_of(declared + [f])
                if kind is not None:
                    out.append((f, kind))
        return out

    def _duplicate_group(self, declared: tuple[int, ...]) -> bool:
        """Cards of one rank with some identical ones, where the group rule allows them."""
        if not self.group_duplicates or self.group_size is None:
            return False
        low, high = self.group_size
        rank = self.faces.rank_of
        return (low <= len(declared) <= high and self.faces.joker not in declared
                and len({rank(d) for d in declared}) == 1
                and not self.no_wild_groups.intersection(declared))

    def meld(self, cards: Sequence[int], declared: Sequence[int] | None = None) -> Meld | None:
        """The Meld these cards make (jokers need a ``declared`` identity), or None if illegal."""
        declared = tuple(declared if declared is not None else cards)
        joker = self.faces.joker
        shown = cards if self.joker_face is None else tuple(map(self.natural, cards))
        if len(declared) != len(cards) or any(
                s != d and not self.is_wild(c) for c, s, d in zip(cards, shown, declared)) or (
                joker is not None and joker in declared):
            return None
        jokers = sum(c != d for c, d in zip(shown, declared))
        if self.max_jokers is not None and jokers > self.max_jokers:
            return None
        if len(cards) - jokers < self.min_natural:
            return None
        kind = self.kind_of(declared)
        if jokers and kind not in self.wilds_in:
            return None
        return Meld(kind, tuple(cards), declared) if kind else None

    # ---- search ---------------------------------------------------------------------------
    def pack(self, hand: Iterable[int]) -> tuple[int, int]:
        """A hand of faces as (packed naturals, number of jokers)."""
        packed, jokers, width, joker_face = 0, 0, self.width, self.joker_face
        counts: dict[int, int] = {}
        for f in hand:
            if self.faces.is_joker(f):
                if joker_face is None:
                    jokers += 1
                    continue
                f = joker_face
            counts[f] = counts.get(f, 0) + 1
        for f, n in counts.items():
            if n > width:
                raise ValueError(f"{n} copies of {self.faces.name(f)} but the deck has {width}")
            packed |= ((1 << n) - 1) << (f * width)
        return packed, jokers

    def arrange(self, hand: Iterable[int]) -> Arrangement:
        """The arrangement with the fewest deadwood points (first found in template order);
        LimitError for more than MAX_CARDS cards or a search past MAX_WORK steps."""
        hand = list(hand)
        if len(hand) > MAX_CARDS:
            raise LimitError(f"a hand of {len(hand)} cards is too large to arrange: "
                             f"at most {MAX_CARDS} cards")
        mask = self._plain_mask(hand) if len(hand) <= TABLE_ARRANGE_CARDS else None
        tables = self._tables
        if mask is not None and tables is not None:     # the search's choices, by table lookups
            picked = [self._meld_from(*self.templates[e.template], e.naturals, iter(()))
                      for e in plain_arrange.picks(self, tables, mask)]
            return self._finished(hand, picked, tables.deadwood(mask))
        best = None
        for packed, jokers, leftover, pool in self._pools(hand):
            choice: dict = {}
            points = self._any_search(packed, jokers, {}, choice, leftover)
            if best is None or points < best[0]:
                best = (points, packed, jokers, choice, pool)
        assert best is not None
        points, packed, jokers, choice, pool = best
        if points >= UNMET:                 # no arrangement meets the needs: every card counts
            dead = sorted(hand, key=self.faces.sort_key)
            return Arrangement((), tuple(dead), sum(self.points[f] for f in dead))
        fill = iter(pool)
        melds: list[Meld] = []
        state: tuple = (packed, jokers, (1 << len(self.needs)) - 1) if self.needs else (
            packed, jokers)
        while state in choice:
            entry, h, j = choice[state], state[0], state[1]
            pending = state[2:]
            if isinstance(entry, tuple):
                entry, pending = entry[0], (entry[1],)
            if entry is None:
                entry = self._single[((h & -h).bit_length() - 1) // self.width]
            else:
                kind, template = self.templates[entry.template]
                melds.append(self._meld_from(kind, template, entry.naturals, fill))
            state = ((h & ~entry.field) | ((h & entry.field) >> 1 & entry.keep),
                     j - entry.jokers) + pending
        return self._finished(hand, melds, points)

    def _finished(self, hand: list[int], melds: list[Meld], points: int) -> Arrangement:
        """The arrangement of ``hand`` with the ``melds`` the search picked (runs it kept
        apart joined back) and ``points`` of deadwood."""
        if not self.needs:
            melds = self._joined(melds)
        if self.joker_face is not None:
            melds = self._held(hand, melds)
        used = [c for m in melds for c in m.cards]
        deadwood = list(hand)
        for c in used:
            deadwood.remove(c)
        deadwood.sort(key=self.faces.sort_key)
        if sum(self.points[f] for f in deadwood) != points:
            raise AssertionError("the rebuilt arrangement lost its deadwood total")
        return Arrangement(tuple(melds), tuple(deadwood), points)

    def _any_search(self, packed: int, jokers: int, memo: dict, choice: dict | None,
                    leftover: tuple[int, ...]) -> int:
        """The search from a packed hand, meeting the needs when there are some."""
        candidates = self._candidates(packed, jokers)
        if not self.needs:
            return self._search(packed, jokers, candidates, memo, choice, leftover)
        return needs_search.search(self, packed, jokers, candidates, memo, choice, leftover,
                                 (1 << len(self.needs)) - 1)

    def _pools(self, hand: list[int]) -> list[tuple[int, int, tuple[int, ...], list[int]]]:
        """Each way of splitting the hand's wild cards: see :func:`.wilds.pools`."""
        if not self.wild_faces:
            packed, jokers = self.pack(hand)
            joker = self.faces.joker
            return [(packed, jokers, tuple(j * self._joker_points for j in range(jokers + 1)),
                     [joker] * jokers if joker is not None else [])]
        return wilds.pools(self, hand)

    def _joined(self, melds: list[Meld]) -> list[Meld]:
        """Runs the search kept apart, joined back where together they are one legal run."""
        melds, merged = list(melds), True
        while merged:
            merged = False
            for a, b in combinations(melds, 2):
                if a.kind == b.kind == "run":
                    pairs = sorted(zip(a.declared + b.declared, a.cards + b.cards))
                    joined = self.meld([c for _, c in pairs], [d for d, _ in pairs])
                    if joined and joined.kind == "run":
                        melds.remove(a)
                        melds.remove(b)
                        melds.append(self.in_order(joined))
                        merged = True
                        break
        return melds

    def _held(self, hand: Sequence[int], melds: list[Meld]) -> list[Meld]:
        """The melds showing the false jokers the hand holds in place of natural copies of
        their face (a copy standing in for another card is a real wild card)."""
        joker = self.faces.joker
        if joker is None:
            return melds
        spare, out = hand.count(joker), []
        for meld in melds:
            cards = list(meld.cards)
            for i, (c, d) in enumerate(zip(meld.cards, meld.declared)):
                if spare and c == d == self.joker_face:
                    cards[i], spare = joker, spare - 1
            out.append(Meld(meld.kind, tuple(cards), meld.declared))
        return out

    def in_order(self, meld: Meld) -> Meld:
        """The meld with its cards in template order (a run reads low to high)."""
        if len(set(meld.declared)) < len(meld.declared):              # identical cards
            pairs = sorted(zip(meld.declared, meld.cards))
            return Meld(meld.kind, tuple(c for _, c in pairs), tuple(d for d, _ in pairs))
        kind, template = self.templates[self.templates.index((meld.kind, self._template_of(meld)))]
        by_face = dict(zip(meld.declared, meld.cards))
        return Meld(kind, tuple(by_face[d] for d in template), template)

    def declared_meld(self, cards: Sequence[int]) -> Meld | None:
        """The Meld these cards make with each wild standing for a card it may (the first
        template that fits, in template order), or None: for showing melds that were laid
        without their wilds' declarations."""
        if not any(self.is_wild(c) for c in cards):
            return self.meld(cards, tuple(map(self.natural, cards)))
        for _kind, template in self.templates:
            if len(template) != len(cards):
                continue
            left = list(cards)
            laid = []
            for face in template:
                card = face if face in left else next(
                    (c for c in left if self.is_wild(c) or self.natural(c) == face), None)
                if card is None:
                    break
                left.remove(card)
                laid.append(card)
            else:
                meld = self.meld(laid, template)
                if meld is not None:
                    return meld
        return None

    def _template_of(self, meld: Meld) -> tuple[int, ...]:
        return self._order[frozenset(meld.declared)]

    def _plain_mask(self, hand: list[int] | tuple[int, ...]) -> int | None:
        """The hand as one bit per face, for the tables; None when they do not apply or the
        hand is not a set of known faces (the general path then reports or handles it)."""
        if self._tables is None:
            return None
        try:
            mask = sum(map(self._bit_of, hand))
        except (KeyError, TypeError):
            return None
        return mask if mask.bit_count() == len(hand) else None

    def deadwood(self, hand: Iterable[int]) -> int:
        """Minimum deadwood points of a hand."""
        if not isinstance(hand, (list, tuple)):
            hand = list(hand)
        mask = self._plain_mask(hand)
        if mask is not None:
            return self._tables.deadwood(mask)          # type: ignore[union-attr]
        best = min(self._any_search(packed, jokers, {}, None, left)
                   for packed, jokers, left, _ in self._pools(list(hand)))
        return best if best < UNMET else sum(self.points[f] for f in hand)

    def deadwood_floor(self, hand: list[int] | tuple[int, ...]) -> int:
        """A lower bound of :meth:`deadwood`, cheap for plain hands (see
        :meth:`.bits.PlainMelds.deadwood_floor`); for any other hand, the deadwood itself."""
        mask = self._plain_mask(hand)
        if mask is not None:
            return self._tables.deadwood_floor(mask)    # type: ignore[union-attr]
        return self.deadwood(hand)

    def best_discards(self, hand: Sequence[int]) -> tuple[int, list[int]]:
        """(deadwood after the best discard, every face whose discard achieves it)."""
        if not isinstance(hand, (list, tuple)):
            hand = list(hand)
        if self._tables is not None:                    # _plain_mask, inlined: the hot path
            try:
                mask = sum(map(self._bit_of, hand))
            except (KeyError, TypeError):
                mask = -1
            if mask >= 0 and mask.bit_count() == len(hand):
                return self._tables.best_discards(mask)
        values = self.discard_values(hand)
        best = min(values.values())
        return best, sorted(f for f, v in values.items() if v == best)     # faces sort as cards do

    def discard_values(self, hand: Sequence[int]) -> dict[int, int]:
        """Minimum deadwood after discarding one copy of each distinct face of the hand."""
        if not isinstance(hand, (list, tuple)):
            hand = list(hand)
        mask = self._plain_mask(hand)
        if mask is not None:
            return self._tables.discard_values(mask)    # type: ignore[union-attr]
        if self.wild_faces or self.needs:
            hand = list(hand)
            return {f: self.deadwood(hand[:hand.index(f)] + hand[hand.index(f) + 1:])
                    for f in set(hand)}
        packed, jokers = self.pack(hand)
        memo: dict = {}
        candidates = self._candidates(packed, jokers)
        leftover = tuple(j * self._joker_points for j in range(jokers + 1))
        values = {}
        for f in set(hand):
            if self.faces.is_joker(f):
                h, j = packed, jokers - 1
            else:
                single = self._single[f]
                h, j = (packed & ~single.field) | ((packed & single.field) >> 1 & single.keep), jokers
            left = [e for e in candidates if e.first & h == e.first and e.jokers <= j]
            values[f] = self._search(h, j, left, memo, None, leftover)
        return values

    def melds_in(self, hand: Iterable[int]) -> list[Meld]:
        """Every legal meld the hand's cards can form, each joker identity listed separately."""
        hand = list(hand)
        mask = self._plain_mask(hand)
        if mask is not None:
            melds = self._template_melds
            return [melds[i] for i in self._tables.melds_in(mask)]   # type: ignore[union-attr]
        pool = sorted((f for f in hand if self.is_wild(f)), key=lambda f: -self.faces.is_joker(f))
        have = set(map(self.natural, hand))
        false_joker = self.joker_face is not None and self.faces.joker in hand
        most = len(pool) if self.max_jokers is None else min(len(pool), self.max_jokers)
        out = []
        for kind, template in self.templates:
            limit = most if kind in self.wilds_in else 0
            missing = [f for f in template if f not in have]
            if len(missing) > limit:
                continue
            for k in range(len(missing), limit + 1):
                if len(template) - k < self.min_natural:
                    break
                present = [f for f in template if f in have]
                for stand_in in combinations(present, k - len(missing)):
                    naturals = tuple(f for f in present if f not in stand_in)
                    spare = list(pool)
                    for f in naturals:
                        if f in spare and not (false_joker and f == self.joker_face):
                            spare.remove(f)
                    if len(spare) >= k:
                        meld = self._meld_from(kind, template, naturals, iter(spare))
                        out.append(self._held(hand, [meld])[0] if false_joker else meld)
        jokers = sum(map(self.faces.is_joker, pool)) if "group" in self.wilds_in else 0
        return out + self._duplicate_groups(
            hand, jokers if self.max_jokers is None else min(jokers, self.max_jokers))

    def _duplicate_groups(self, hand: list[int], jokers: int) -> list[Meld]:
        """Per rank holding identical cards: the group of all its cards in the hand (at most
        the group's size), with jokers for the missing ones when it is too small."""
        if not self.group_duplicates or self.group_size is None:
            return []
        low, high = self.group_size
        by_rank: dict[int, list[int]] = {}
        for f in sorted(hand):
            if not self.faces.is_joker(f) and f not in self.no_wild_groups:
                by_rank.setdefault(self.faces.rank_of(f), []).append(f)
        out = []
        for cards in by_rank.values():
            cards = cards[:high]
            short = max(0, low - len(cards))
            joker = self.faces.joker
            if (len(set(cards)) < len(cards) and short <= jokers and len(cards) >= self.min_natural
                    and (joker is not None or not short)):
                out.append(Meld("group", tuple(cards) + (joker or 0,) * short,
                                tuple(cards) + (cards[0],) * short))
        return out

    def _candidates(self, packed: int, jokers: int) -> list[_Entry]:
        """Entries whose natural cards are all in the hand and whose jokers the hand has."""
        out, width, entries = [], self.width, self._entries
        rest = packed
        while rest:
            low = rest & -rest
            f = (low.bit_length() - 1) // width
            rest &= ~(((1 << width) - 1) << (f * width))
            for e in entries[f]:
                if e.jokers <= jokers and e.first & packed == e.first:
                    out.append(e)
        return out

    def _search(self, h: int, j: int, candidates: list[_Entry], memo: dict,
                choice: dict | None, leftover: tuple[int, ...]) -> int:
        """Minimum deadwood of state (h, j) using only ``candidates``; ``leftover[j]`` is what
        ``j`` unused pool cards count."""
        if not candidates:
            return self._points_of(h) + leftover[j]
        key = (h, j)
        if key in memo:
            return memo[key]
        if h == 0:
            memo[key] = leftover[j]
            return memo[key]
        useful = 0
        for e in candidates:
            useful |= e.field
        if not h & useful:
            memo[key] = value = self._points_of(h) + leftover[j]
            return value
        low = h & -h
        f = (low.bit_length() - 1) // self.width
        s = self._single[f]
        after = (h & ~s.field) | ((h & s.field) >> 1 & s.keep)
        spent = memo[WORK] = memo.get(WORK, 0) + len(candidates)
        if spent > self.max_work:
            raise LimitError(f"hand too complex to arrange: the search reached its limit of "
                             f"{self.max_work} steps")
        best = self._points[f] + self._search(
            after, j, [e for e in candidates if e.first & after == e.first], memo, choice,
            leftover)
        pick = None
        for e in candidates:
            if e.first & low:
                nh = (h & ~e.field) | ((h & e.field) >> 1 & e.keep)
                nj = j - e.jokers
                value = self._search(nh, nj, [c for c in candidates
                                              if c.first & nh == c.first and c.jokers <= nj],
                                     memo, choice, leftover)
                if value < best:
                    best, pick = value, e
        memo[key] = best
        if choice is not None:
            choice[key] = pick
        return best

    def _points_of(self, h: int) -> int:
        total, width, points = 0, self.width, self._points
        while h:
            low = h & -h
            total += points[(low.bit_length() - 1) // width]
            h ^= low
        return total

    # ---- construction -------------------------------------------------------------------
    def _entry_masks(self, naturals: tuple[int, ...], jokers: int = 0, template: int = -1) -> _Entry:
        w = self.width
        first = sum(1 << (f * w) for f in naturals)
        field = sum(((1 << w) - 1) << (f * w) for f in naturals)
        top = sum(1 << (f * w + w - 1) for f in naturals)
        return _Entry(first, field, field & ~top, jokers, template, naturals)

    def _longest_needed(self, run, deck_jokers: int) -> int:
        """Longest run the search needs: longer ones split into legal runs with naturals (a
        natural run is legal from ``min_natural`` cards, when that is above the run minimum)."""
        if not run:
            return len(self.faces.ranks)
        shortest = max(run[0], self.min_natural)
        if run[1] is not None and run[1] < 2 * shortest - 1:
            return len(self.faces.ranks)
        if self.wild_faces and self.min_natural == 1:
            return 2 * run[0] - 1          # longer runs: only the unsplittable ones (see below)
        if self.wild_faces or (self.faces.jokers and deck_jokers > run[0] - self.min_natural):
            return len(self.faces.ranks)
        return 2 * shortest - 1

    def _index_entries(self, longest_run: int) -> list[list[_Entry]]:
        """Per face: the (naturals, jokers) ways of making a template whose lowest natural it is."""
        by_min: list[list[_Entry]] = [[] for _ in range(self.faces.count)]
        seen: set[tuple[tuple[int, ...], int]] = set()
        allow = self.max_jokers if self.max_jokers is not None else 99
        if not self.wilds:
            allow = 0
        for index, (kind, template) in enumerate(self.templates):
            most = allow if kind in self.wilds_in else 0
            if kind == "run" and len(template) > longest_run:
                if not (self.wild_faces and most):
                    continue
                ways = wilds.unsplittable(template, self._run_min, most)
            else:
                ordered = tuple(sorted(template))
                ways = ((tuple(f for i, f in enumerate(ordered) if i not in gone), k)
                        for k in range(min(most, len(ordered) - self.min_natural) + 1)
                        for gone in combinations(range(len(ordered)), k))
            for naturals, k in ways:
                if (naturals, k) not in seen:
                    seen.add((naturals, k))
                    by_min[naturals[0]].append(self._entry_masks(naturals, k, index))
        return by_min

    def _meld_from(self, kind: str, template: tuple[int, ...], naturals: tuple[int, ...],
                   fill: Iterator[int]) -> Meld:
        """The meld of ``template`` with ``naturals`` held and the next ``fill`` cards (wild)
        standing for the rest."""
        cards = tuple(f if f in naturals else next(fill) for f in template)
        return Meld(kind, cards, template)


def _groups(faces: Faces, size: tuple[int, int] | None) -> list[tuple[str, tuple[int, ...]]]:
    if not size:
        return []
    low, high = size
    out: list[tuple[str, tuple[int, ...]]] = []
    for rank in range(len(faces.ranks)):
        cards = [faces.face(s, rank) for s in range(len(faces.suits))]
        for n in range(low, min(high, len(cards)) + 1):
            out.extend(("group", c) for c in combinations(cards, n))
    return out


def _runs(faces: Faces, size: tuple[int, int | None] | None, ace: str,
          wrap: bool) -> list[tuple[str, tuple[int, ...]]]:
    """Runs in rank order; the ace (the first rank) sits low, high or both, and may wrap."""
    if not size:
        return []
    n = len(faces.ranks)
    low, high = size[0], min(size[1] or n, n)
    if wrap:
        order, starts = list(range(n)) * 2, range(n)
    else:
        order = {"low": list(range(n)), "high": list(range(1, n)) + [0],
                 "both": list(range(n)) + [0]}[ace]
        starts = None
    out = []
    for suit in range(len(faces.suits)):
        for length in range(low, high + 1):
            for start in (starts if starts is not None else range(len(order) - length + 1)):
                ranks = order[start:start + length]
                out.append(("run", tuple(faces.face(suit, r) for r in ranks)))
    return out
