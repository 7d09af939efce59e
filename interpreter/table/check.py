"""Whether a rearranged table is a legal meld move (manipulation rummy, Carousel-style).

A table is a list of melds; a meld is a sequence of ``(face, declared)`` pairs: ``face`` is what
the card shows (the joker face for a joker), ``declared`` the card it stands for. Identical
natural cards (two decks) are interchangeable, and so are jokers: a move is legal if *some*
matching of the jokers before and after makes it legal. Without manipulation each meld keeps
its cards and may only grow (the melds may be listed in any order).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from ..cards import Faces
from ..melds import MeldRules
from ..melds.needs import MeldValues, Need, unmet
from .swaps import JokerSwap, swapped

Table = Sequence[Sequence[tuple[int, int]]]


@dataclass(frozen=True)
class Opening:
    """A pending opening meld: new melds from the hand alone, enough of them and of points
    (``values`` counts them, by default each card its own points), meeting ``needs`` (meld
    kinds and sizes; with ``extra_melds`` False no meld beyond them), and with ``all_cards``
    using every card in the hand."""

    complete_melds: int = 1
    min_points: int = 0
    needs: tuple[Need, ...] = ()
    extra_melds: bool = True
    all_cards: bool = False
    values: MeldValues | None = None

    @property
    def by_count_and_points(self) -> bool:
        """Whether only the number of melds and their face points matter (what the table
        solver can search for)."""
        return not self.needs and not self.all_cards and (self.values is None
                                                          or self.values.plain)


def added_cards(table: Table, new_table: Table) -> list[int]:
    """Faces on ``new_table`` beyond those on ``table`` (a multiset difference), sorted."""
    return sorted((_faces(new_table) - _faces(table)).elements())


def check_move(rules: MeldRules, table: Table, new_table: Table, hand: Sequence[int],
               opening: Opening | None = None, *, manipulation: bool = True,
               new_melds: bool = True, swap: JokerSwap | None = None) -> str | None:
    """None if ``table`` -> ``new_table`` with cards from ``hand`` is legal, else the reason.

    ``manipulation`` False: melds may only be extended, new melds come after them.
    ``new_melds`` False: no more melds than before (cards may only be laid off).
    ``swap``: natural cards from the hand may first take table jokers' places (see
    :mod:`.swaps`); the move is legal if it is from the table some such swaps leave.
    """
    reason = _check(rules, table, new_table, hand, opening, manipulation, new_melds)
    if reason is None or swap is None or (opening is not None and not swap.before_opening):
        return reason
    joker = rules.faces.joker
    jokers = _faces(table)[joker]
    for start, held in swapped(rules, table, new_table, hand, swap):
        if not swap.to_hand and _faces(new_table)[joker] < jokers:
            return "a joker swapped off the table must be played on the table in the same move"
        if _check(rules, start, new_table, held, opening, manipulation, new_melds,
                  after_swap=True) is None:
            return None
    return reason


def _check(rules: MeldRules, table: Table, new_table: Table, hand: Sequence[int],
           opening: Opening | None, manipulation: bool, new_melds: bool,
           after_swap: bool = False) -> str | None:
    """:func:`check_move` without swaps (``after_swap``: some were made first, so the move
    needs no other card from the hand)."""
    faces = rules.faces
    if not manipulation:
        reason = _kept_reason(faces, table, new_table, opening)
        if reason is not None:
            return reason
    if not new_melds and len(new_table) > len(table):
        return "a player who has gone down may only lay off, not lay new melds"
    before, after = _faces(table), _faces(new_table)
    gone = before - after
    if gone:
        return f"{_names(faces, gone)} may not leave the table"
    added = after - before
    if not added and not after_swap:
        return "no card was played from the hand"
    missing = added - Counter(hand)
    if missing:
        return f"{_names(faces, missing)} not in the hand"
    for meld in new_table:
        for face, declared in meld:
            if face != declared and not rules.is_wild(face):
                return (f"{faces.token(face, declared)}: {faces.name(face)} is not wild here, "
                        "so it stands only for itself")
        if rules.meld([f for f, _ in meld], [d for _, d in meld]) is None:
            return f"{meld_name(faces, meld)} is not a legal meld"
    if opening is not None:
        if opening.all_cards and sum(added.values()) < len(hand):
            return "the opening must use every card in the hand"
        return _opening_reason(rules, table, new_table, opening)
    return _joker_reason(faces, table, new_table, added)


def meld_name(faces: Faces, meld) -> str:
    """``[5h 6h Jk(7h)]``."""
    return "[" + " ".join(faces.token(f, d) for f, d in meld) + "]"


def _faces(table: Table) -> Counter:
    return Counter(f for meld in table for f, _ in meld)


def _names(faces: Faces, cards: Counter) -> str:
    return " ".join(faces.name(f) for f in sorted(cards.elements(), key=faces.sort_key))


def _kept_reason(faces: Faces, table: Table, new_table: Table,
                 opening: Opening | None) -> str | None:
    """Each table meld is still there with all its cards (jokers as they stand), at most
    extended (not even that before the opening meld), in any order."""
    olds = [Counter(tuple(pair) for pair in meld) for meld in table]
    news = [Counter(tuple(pair) for pair in meld) for meld in new_table]

    def keeps(old: Counter, new: Counter) -> bool:
        return not old - new and (opening is None or old == new)

    def assign(i: int, used: frozenset) -> bool:
        """Whether melds i... each find a distinct new meld keeping them."""
        if i == len(olds):
            return True
        return any(j not in used and keeps(olds[i], new) and assign(i + 1, used | {j})
                   for j, new in enumerate(news))

    if assign(0, frozenset()):
        return None
    for i, old in enumerate(olds):
        if not any(keeps(old, new) for new in news):
            if opening is not None and any(not old - new for new in news):
                return "the table may not be rearranged before the opening meld"
            same = news[i] if i < len(news) else Counter()
            pairs = sorted((old - same).elements(), key=lambda p: (faces.sort_key(p[1]), p[0]))
            cards = " ".join(faces.token(f, d) for f, d in pairs)
            return f"this variant does not allow rearranging the table: meld {i + 1} lost {cards}"
    return "this variant does not allow rearranging the table: two melds were merged"


def _opening_reason(rules: MeldRules, table: Table, new_table: Table,
                    opening: Opening) -> str | None:
    """The table stays as it was; the new melds are enough melds, of the kinds needed, and
    enough points."""
    key = lambda meld: tuple(sorted(tuple(pair) for pair in meld))
    before = Counter(key(m) for m in table)
    after = Counter(key(m) for m in new_table)
    if before - after:
        return "the table may not be rearranged before the opening meld"
    fresh = list((after - before).elements())
    if len(fresh) < opening.complete_melds:
        return f"the opening needs {opening.complete_melds} complete meld(s)"
    kinds = [(rules.kind_of(d for _, d in meld) or "", meld) for meld in fresh]
    reason = unmet(opening.needs, kinds, opening.extra_melds)
    if reason is not None:
        return reason
    values = opening.values or MeldValues(rules.faces)
    points = sum(values.points(kind, meld) for kind, meld in kinds)
    if points < opening.min_points:
        return f"the opening needs {opening.min_points} points, these melds make {points}"
    return None


def _joker_reason(faces: Faces, table: Table, new_table: Table, added: Counter) -> str | None:
    """Jokers keep their card unless the real card replaced them; try every matching."""
    joker = faces.joker
    old = [(d, i) for i, meld in enumerate(table) for f, d in meld if f == joker]
    if not old:
        return None
    still = Counter(d for meld in new_table for f, d in meld if f == joker)
    for size in range(len(old), -1, -1):
        for kept in combinations(range(len(old)), size):
            if Counter(old[k][0] for k in kept) - still:
                continue
            released = [old[k] for k in range(len(old)) if k not in kept]
            if _justified(faces, table, new_table, released, added):
                return None
    lost = Counter(d for d, _ in old) - still
    card = faces.name(min(lost))
    return f"the joker standing for {card} changed without being replaced by the {card}"


def _justified(faces: Faces, table: Table, new_table: Table, released, added: Counter) -> bool:
    """Each released joker has its own natural copy of its old card on the table after the move.

    Only the table at the end of the turn must be legal, so such a card (from the hand or from
    any meld) can have taken the joker's place during the rearrangement; one natural card frees
    one joker.
    """
    joker = faces.joker
    count_after = Counter(f for meld in new_table for f, _ in meld if f != joker)
    wanted = Counter(card for card, _ in released)
    return all(n <= count_after[card] for card, n in wanted.items())
