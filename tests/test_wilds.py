"""Wild ranks: natural cards that stand for any card, or for themselves (melds.wilds)."""
from __future__ import annotations

import pytest

from interpreter.cards import Faces
from interpreter.melds import MeldRules
from interpreter.native import running_compiled

FACES = Faces.build()
TWOS = frozenset(FACES.face(s, 1) for s in range(4))


def rules(points: int | None = None, **more) -> MeldRules:
    return MeldRules(FACES, **more).with_wild_faces(TWOS, points)


def tokens(rules: MeldRules, hand: str) -> tuple[list[list[str]], list[str], int]:
    found = rules.arrange(FACES.parse_many(hand))
    melds = sorted(sorted(map(FACES.token, m.cards, m.declared)) for m in found.melds)
    return melds, sorted(FACES.name(f) for f in found.deadwood), found.points


def test_a_wild_two_completes_a_group_and_a_run():
    melds, dead, points = tokens(rules(), "2c Kd Ks 5h 6h 2d")
    assert dead == [] and points == 0
    assert sorted(len(m) for m in melds) == [3, 3]
    assert all(any("(" in t for t in m) for m in melds)


def test_a_wild_card_may_be_its_natural_self():
    melds, dead, points = tokens(rules(), "Ah 2h 3h 9c")
    assert melds == [["2h", "3h", "Ah"]] and dead == ["9c"] and points == 9


def test_the_natural_group_of_the_wild_rank():
    melds, dead, _ = tokens(rules(points=20), "2c 2d 2h Kd")
    assert dead == ["Kd"] or (dead == [] and len(melds) == 1 and len(melds[0]) == 4)


def test_an_unused_wild_counts_its_penalty_points():
    assert tokens(rules(points=25), "2c 5h Kd Qs")[2] == 25 + 5 + 20
    assert tokens(rules(), "2c 5h Kd Qs")[2] == 2 + 5 + 20


def test_the_least_valuable_wild_is_the_one_left_over():
    r = MeldRules(Faces.build(jokers=True, points={"Jk": 50}), deck_jokers=2, max_jokers=1)
    r = r.with_wild_faces(TWOS, 15)
    found = r.arrange(r.faces.parse_many("Jk 2c 5h 6h"))
    assert [r.faces.name(f) for f in found.deadwood] == ["2c"] and found.points == 15


def test_meld_checks_count_every_stand_in():
    r = rules(max_jokers=1)
    assert r.meld(FACES.parse_many("2c 5h 6h"), FACES.parse_many("4h 5h 6h")).jokers() == 1
    assert r.meld(FACES.parse_many("2c 2d 6h"), FACES.parse_many("4h 5h 6h")) is None
    assert r.meld(FACES.parse_many("9c 5h 6h"), FACES.parse_many("4h 5h 6h")) is None


def test_pure_means_no_card_stands_for_another():
    r = rules()
    assert r.meld(FACES.parse_many("2h 3h 4h")).pure
    assert not r.meld(FACES.parse_many("2c 3h 4h"), FACES.parse_many("2h 3h 4h")).pure


def test_wilds_only_in_runs():
    r = rules(wilds_in=("run",))
    assert r.meld(FACES.parse_many("2c Kd Ks"), FACES.parse_many("Kc Kd Ks")) is None
    assert r.meld(FACES.parse_many("2c 5h 6h"), FACES.parse_many("4h 5h 6h")) is not None
    assert tokens(r, "2c Kd Ks")[2] == 22


@pytest.mark.parametrize("hand", ["2c 3c 4c 5d 6d 7d 2h 9s 9h Kd", "2c 2d 2h 2s 5c 9d Td Jd Kh Qs",
                                  "Ac 2c 3d 4h 5s 6c 7d 8h 9s Tc"])
def test_deadwood_discard_values_and_arrange_agree(hand):
    r = rules(points=15)
    cards = FACES.parse_many(hand)
    assert r.deadwood(cards) == r.arrange(cards).points
    for f, value in r.discard_values(cards).items():
        rest = list(cards)
        rest.remove(f)
        assert value == r.arrange(rest).points


@pytest.mark.skipif(running_compiled("interpreter.melds.rules"),
                    reason="subclasses MeldRules, which the compiled build does not allow")
def test_long_runs_searched_only_when_unsplittable_lose_nothing():
    """The search keeps only long runs that do not split into two legal runs; every deadwood
    agrees with a search that keeps all of them."""
    import random

    class EveryRun(MeldRules):
        def _longest_needed(self, run, deck_jokers):
            return len(self.faces.ranks)

    sevens = frozenset(FACES.face(s, 6) for s in range(4))
    quick = MeldRules(FACES).with_wild_faces(sevens, 20)
    full = EveryRun(FACES, wild_faces=sevens, wild_points=20)
    rng = random.Random(5)
    pool = sorted({f for f in range(52) if FACES.suit_of(f) < 2} | sevens)
    for _ in range(150):
        hand = rng.sample(pool, 11)
        assert quick.deadwood(hand) == full.deadwood(hand), FACES.parse_many(hand)


@pytest.mark.parametrize("wilds, message", [
    ('{rank: "Z"}', "unknown rank 'Z'"),
    ('{rank: "round + 5"}', "gives 14 in round 9"),
    ('{rank: "2", turned_card: true}', "a wild rank and a turned card"),
    ('{turned_card: true, if_turned_joker: "X"}', "unknown rank 'X'"),
])
def test_wild_rank_mistakes_are_located(tmp_path, wilds, message):
    from interpreter import load_variant
    from interpreter.errors import SpecError

    spec = tmp_path / "wild.yaml"
    spec.write_text(f"extends: three_thirteen\nname: x\nmelds: {{wilds: {wilds}}}\n")
    with pytest.raises(SpecError, match=message):
        load_variant(spec)
