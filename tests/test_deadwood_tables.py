"""The table path for plain hands (melds/bits.py) against the general search, hand by hand.

Identical means: the same deadwood; the same ``discard_values`` dict; the same
``best_discards`` (the value and every face achieving it, low to high, so the tie rule is
"all tied faces, in card order" on both paths); the same ``melds_in`` list (template order).
``arrange`` always runs the general search, so arrangements are the same by construction.

Hands: uniform random ones of every size up to 13, dense ones drawn from a few ranks of a few
suits (groups compete with runs), and hands built around the ace at both ends (A-2-3, Q-K-A).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from interpreter import load_variant
from interpreter.cards import Faces
from interpreter.melds import MeldRules

VARIANTS = sorted(p.stem for p in (Path(__file__).parent.parent / "variants").glob("*.yaml"))


def _plain(rules: MeldRules) -> bool:
    """One copy of each card, no jokers, no wild ranks, no contract needs."""
    return rules.width == 1 and not rules.faces.jokers and not rules.wild_faces and not rules.needs


def _by_rules() -> dict[tuple, list[str]]:
    """Bundled variants grouped by their meld rules (many gin variants share them)."""
    groups: dict[tuple, list[str]] = {}
    for name in VARIANTS:
        rules = load_variant(name).meld_rules
        key = tuple(sorted((k, repr(v)) for k, v in rules._args.items()))
        groups.setdefault(key, []).append(name)
    return groups


SHARED = _by_rules()
TABLED = [names for names in SHARED.values() if load_variant(names[0]).meld_rules.uses_tables]


def hands(faces: Faces, seed: int, count: int) -> list[list[int]]:
    """Random, dense and ace-end hands of ``faces``."""
    rng = random.Random(seed)
    n, suits = len(faces.ranks), len(faces.suits)
    deck = list(range(n * suits))
    out = []
    for i in range(count):
        kind = i % 3
        if kind == 0:
            pool = deck
        elif kind == 1:                         # few ranks and suits: melds compete
            low = rng.randrange(n - 4)
            ranks = range(low, min(n, low + rng.randint(3, 6)))
            chosen = rng.sample(range(suits), min(suits, rng.randint(2, 4)))
            pool = [faces.face(s, r) for s in chosen for r in ranks]
        else:                                   # around the ace: A 2 3 ... Q K
            ranks = [0, 1, 2, 3, n - 4, n - 3, n - 2, n - 1]
            pool = [faces.face(s, r) for s in range(suits) for r in ranks]
        size = rng.choice([1, 2, 3, 4, 7, 10, 10, 11, 11, 13])
        out.append(rng.sample(pool, min(size, len(pool))))
    return out


def assert_same(rules: MeldRules, hand: list[int]) -> None:
    general = _general(rules)
    assert rules.deadwood(hand) == general.deadwood(hand), hand
    assert rules.discard_values(hand) == general.discard_values(hand), hand
    assert rules.best_discards(hand) == general.best_discards(hand), hand
    assert rules.melds_in(hand) == general.melds_in(hand), hand


_GENERAL: dict[MeldRules, MeldRules] = {}


def _general(rules: MeldRules) -> MeldRules:
    """The rules without tables, built once per rules object (kept alive here)."""
    if rules not in _GENERAL:
        _GENERAL[rules] = rules.without_tables()
    return _GENERAL[rules]


def test_tables_serve_exactly_the_plain_variants():
    for name in VARIANTS:
        rules = load_variant(name).meld_rules
        assert rules.uses_tables == _plain(rules), name
        assert not rules.without_tables().uses_tables
    assert any(load_variant(n).meld_rules.uses_tables for n in VARIANTS)


@pytest.mark.parametrize("names", TABLED, ids=lambda names: "+".join(names))
def test_bundled_variants_agree_with_the_search(names):
    rules = load_variant(names[0]).meld_rules
    for hand in hands(rules.faces, seed=len(names[0]), count=600):
        assert_same(rules, hand)


CONFIGS = {
    "ace-high": dict(ace="high"),
    "ace-both": dict(ace="both"),
    "wrap": dict(wrap=True),
    "run-max-4": dict(run=(3, 4)),
    "runs-of-4-no-groups": dict(group=None, run=(4, None)),
    "groups-only": dict(run=None),
    "group-max-3": dict(group=(3, 3)),
    "points-ace-15": dict(points={"A": 15}),
    "three-suits": dict(suits=("c", "d", "h")),
    "five-suits-groups-3-5": dict(suits=("c", "d", "h", "s", "x"), group=(3, 5)),
}


@pytest.mark.parametrize("name", CONFIGS)
def test_other_meld_rules_agree_with_the_search(name):
    config = dict(CONFIGS[name])
    faces = Faces.build(suits=config.pop("suits", ("c", "d", "h", "s")),
                        points=config.pop("points", None))
    rules = MeldRules(faces, **config)
    assert rules.uses_tables
    for hand in hands(faces, seed=7, count=400):
        assert_same(rules, hand)


def test_a_card_counting_below_nothing_leaves_the_hand_to_the_search():
    """Keeping a card worth -5 out of a meld lowers deadwood: only the search knows that."""
    faces = Faces.build(points={"A": -5})
    rules = MeldRules(faces)
    assert not rules.uses_tables
    hand = faces.parse_many("Ac Ad Ah 2c 3c")
    assert rules.deadwood(hand) == MeldRules(faces, tables=False).deadwood(hand) == -15 + 5


def test_groups_that_could_split_a_rank_stay_with_the_search():
    """Two disjoint groups fit in one rank (pairs of 4 suits): the tables do not apply."""
    assert not MeldRules(Faces.build(), group=(2, 4)).uses_tables


def test_bad_hands_are_refused_or_searched_as_before():
    rules = load_variant("gin").meld_rules
    seven = rules.faces.parse("7c")
    with pytest.raises(ValueError):
        rules.deadwood([seven, seven])
    with pytest.raises(ValueError):
        rules.best_discards([])
    assert rules.deadwood([]) == 0 == _general(rules).deadwood([])
    assert rules.melds_in([seven, seven]) == _general(rules).melds_in([seven, seven])
    assert rules.deadwood(iter([seven])) == 7
