"""Who laid each meld on a shared table: the owners after a move, and whether a move keeps to
what a player may do with other players' melds (lay off onto them, rearrange them).

Tables are as in :mod:`.check`: melds of ``(face, declared)`` pairs. A meld keeps its
owner while its cards stay together in one meld (extended, or at the heart of a rearranged
one), and a meld made at least half of one old meld's cards is that meld owner's; every other
meld after a move is the mover's.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..cards import Faces
from .check import Table, meld_name


def _counts(table: Table) -> list[Counter]:
    return [Counter(tuple(pair) for pair in meld) for meld in table]


def owners_after(table: Table, owners: Sequence[int], new_table: Table, seat: int) -> list[int]:
    """The owner of each meld of ``new_table`` after ``seat``'s move from ``table``: that of
    the old meld it holds whole (an unchanged one first); else that of the old meld it shares
    most cards with, if they are at least half its cards; else ``seat``."""
    olds, news = _counts(table), _counts(new_table)
    out: list[int | None] = [None] * len(news)
    for exact in (True, False):
        for old, owner in zip(olds, owners):
            for j, new in enumerate(news):
                if out[j] is None and (old == new if exact else not old - new):
                    out[j] = owner
                    break
    for j, new in enumerate(news):
        if out[j] is None and olds:
            shared, k = max((sum((old & new).values()), -k) for k, old in enumerate(olds))
            if 2 * shared >= sum(new.values()):
                out[j] = owners[-k]
    return [seat if o is None else o for o in out]


def others_reason(faces: Faces, table: Table, owners: Sequence[int], new_table: Table,
                  seat: int, *, extend: bool, team: Sequence[int] = ()) -> str | None:
    """None if every meld of another player (not of the seat's ``team``: its partners) is
    still on ``new_table`` whole, each in its own meld, and unchanged unless ``extend`` (cards
    laid off onto it); else the reason."""
    olds = [(i, old) for i, (old, owner) in enumerate(zip(_counts(table), owners))
            if owner != seat and owner not in team]
    news = _counts(new_table)

    def keeps(old: Counter, new: Counter) -> bool:
        return not old - new if extend else old == new

    def assign(k: int, used: frozenset) -> bool:
        if k == len(olds):
            return True
        return any(j not in used and keeps(olds[k][1], new) and assign(k + 1, used | {j})
                   for j, new in enumerate(news))

    if assign(0, frozenset()):
        return None
    i, _ = next(((i, old) for i, old in olds if not any(keeps(old, new) for new in news)),
                olds[0])
    what = "rearrange it" if extend else "lay off onto it or change it"
    who = "its owner's team" if team else "its owner"
    return f"meld {meld_name(faces, table[i])} is seat {owners[i]}'s: only {who} may {what}"
