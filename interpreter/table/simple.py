"""The simple moves a budgeted search falls back to when it found no play: one new meld of
hand cards, or one hand card laid off onto a table meld. Each is checked with
:func:`.check.check_move`, so a legal simple move is found whenever one exists."""
from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..melds import MeldRules
from .check import Opening, Table, check_move

Pairs = tuple[tuple[int, int], ...]


def simple_move(rules: MeldRules, table: Table, hand: Sequence[int], weights: Sequence[int],
                opening: Opening | None = None, manipulation: bool = True
                ) -> tuple[Pairs, ...] | None:
    """The legal simple move whose added cards weigh most (the first of equals, new melds in
    :meth:`MeldRules.melds_in` order before lay-offs in table order), as a new table, or None."""
    best, value = None, 0
    for new_table, added in _candidates(rules, table, hand):
        worth = sum(weights[f] for f in added)
        if worth > value and check_move(rules, table, new_table, hand, opening,
                                        manipulation=manipulation) is None:
            best, value = new_table, worth
    return best


def _candidates(rules: MeldRules, table: Table, hand: Sequence[int]
                ) -> Iterator[tuple[tuple[Pairs, ...], tuple[int, ...]]]:
    """(new table, hand cards added) of each simple move that makes legal melds."""
    kept: tuple[Pairs, ...] = tuple(tuple((f, d) for f, d in meld) for meld in table)
    for new in rules.melds_in(hand):
        yield kept + (tuple(zip(new.cards, new.declared)),), new.cards
    for i, pairs in enumerate(kept):
        for face in sorted(set(hand)):
            if rules.is_wild(face):
                continue
            grown = rules.meld([f for f, _ in pairs] + [face], [d for _, d in pairs] + [face])
            if grown is not None:
                grown = rules.in_order(grown)
                yield kept[:i] + (tuple(zip(grown.cards, grown.declared)),) + kept[i + 1:], (face,)
