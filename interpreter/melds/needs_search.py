"""Arrangements that must hold certain melds (:class:`interpreter.melds.needs.Need`, one per
slot), e.g. two runs, one of them pure (no card standing for another): the search of
:class:`interpreter.melds.MeldRules` with a bitmask of the needs still unmet in its state. An arrangement that leaves a need unmet does not count; a hand with
no arrangement meeting every need counts all its cards.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import MeldRules

UNMET = 10 ** 9          # the value of a search state whose needs can no longer be met


def search(rules: MeldRules, h: int, j: int, candidates: list, memo: dict, choice: dict | None,
           leftover: tuple[int, ...], pending: int) -> int:
    """Least deadwood of state (h, j) whose melds meet the needs in ``pending`` (bits into
    ``rules.needs``), or at least UNMET when none does. ``choice`` records, per state, the
    (entry, needs left) taken, or None when the lowest card is deadwood."""
    key = (h, j, pending)
    found = memo.get(key)
    if found is not None:
        return found
    if h == 0 or not candidates:
        value = UNMET if pending else rules._points_of(h) + leftover[j]
        memo[key] = value
        return value
    low = h & -h
    f = (low.bit_length() - 1) // rules.width
    s = rules._single[f]
    after = (h & ~s.field) | ((h & s.field) >> 1 & s.keep)
    best = rules._points[f] + search(rules, after, j, [e for e in candidates
                                                       if e.first & after == e.first],
                                     memo, choice, leftover, pending)
    pick: Any = None
    for e in candidates:
        if not e.first & low:
            continue
        nh = (h & ~e.field) | ((h & e.field) >> 1 & e.keep)
        nj = j - e.jokers
        left = [c for c in candidates if c.first & nh == c.first and c.jokers <= nj]
        kind = rules.templates[e.template][0]
        ways = {pending} | {pending & ~(1 << i) for i, need in enumerate(rules.needs)
                            if pending >> i & 1 and need.allows(kind, len(rules.templates[e.template][1]), e.jokers)}
        for rest in sorted(ways):
            value = search(rules, nh, nj, left, memo, choice, leftover, rest)
            if value < best:
                best, pick = value, (e, rest)
    memo[key] = best
    if choice is not None:
        choice[key] = pick
    return best
