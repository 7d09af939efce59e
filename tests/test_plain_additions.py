"""Table shortcuts the bots lean on, against the general search, hand by hand.

``melds/additions``: which unseen cards, added alone, lower a plain hand's deadwood (the
strong bot's live outs); ``joining`` may list more cards than lower it, never fewer.
``melds/plain_arrange``: a plain hand's arrangement found along the search's own path with
table deadwood: the same melds, in the same order, and the same deadwood as the search.
"""
from __future__ import annotations

import pytest
from test_deadwood_tables import CONFIGS, hands

from interpreter import load_variant
from interpreter.cards import Faces
from interpreter.melds import MeldRules
from interpreter.melds.additions import additions


def _rules(name: str) -> MeldRules:
    if name == "gin":
        return load_variant("gin").meld_rules
    config = dict(CONFIGS[name])
    faces = Faces.build(suits=config.pop("suits", ("c", "d", "h", "s")),
                        points=config.pop("points", None))
    return MeldRules(faces, **config)


def _mask(cards) -> int:
    return sum(1 << f for f in cards)


@pytest.mark.parametrize("name", ["gin", "ace-both", "wrap", "groups-only", "group-max-3",
                                  "five-suits-groups-3-5"])
def test_live_outs_are_the_cards_that_lower_the_deadwood(name):
    rules = _rules(name)
    general = rules.without_tables()
    adding = additions(rules.tables)
    deck = range(rules.faces.count)
    for hand in hands(rules.faces, seed=11, count=60):
        h = _mask(hand)
        unseen = _mask(f for f in deck if f not in hand)
        before = general.deadwood(hand)
        lowering = _mask(f for f in deck if f not in hand
                         and general.deadwood(hand + [f]) < before)
        joining = adding.joining(h, unseen)
        assert lowering & ~joining == 0, hand
        assert adding.lowering(h, joining, before) == lowering, hand


def test_no_live_out_tests_where_a_card_could_lower_the_deadwood_alone():
    """A card of negative points lowers the deadwood without joining a meld: such rules get
    no tables, so the strong bot makes no live-out tests."""
    assert MeldRules(Faces.build(points={"A": -1})).tables is None


@pytest.mark.parametrize("name", ["gin", "ace-both", "wrap", "run-max-4", "groups-only",
                                  "five-suits-groups-3-5"])
def test_plain_arrangements_are_the_searchs(name):
    rules = _rules(name)
    general = rules.without_tables()
    for hand in hands(rules.faces, seed=5, count=120):
        assert rules.arrange(hand) == general.arrange(hand), hand
