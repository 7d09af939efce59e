"""Opening requirements as meld kinds and sizes (contracts), melds counted by where the ace
sits, groups of identical cards, and no new melds after going down: the generic parts."""
from __future__ import annotations

import pytest
import yaml

from interpreter import SpecError, load_variant
from interpreter.cards import Faces
from interpreter.melds import MeldRules
from interpreter.melds.needs import MeldValues, Need, needs_text, unmet
from interpreter.table import Opening, check_move, opening_sets

FACES = Faces.build(jokers=True)
RULES = MeldRules(FACES, group=(3, 4), run=(3, None), ace="both", copies=2, deck_jokers=2)
TWO_DECKS_DUPLICATES = MeldRules(FACES, group=(3, 8), run=(4, None), ace="both", copies=2,
                                 deck_jokers=2, group_duplicates=True)


def meld(text: str) -> list[tuple[int, int]]:
    return [FACES.parse_token(t) for t in text.split()]


def hand(text: str) -> list[int]:
    return FACES.parse_many(text)


def test_needs_are_shared_out_one_meld_each():
    group, run = ("group", meld("7c 7d 7h")), ("run", meld("4s 5s 6s"))
    two_groups = (Need("group", 2),)
    assert unmet(two_groups, [group, group]) is None
    assert unmet(two_groups, [group, run]) == "the opening needs 2 groups"
    assert unmet((Need("group"), Need("run")), [run, group]) is None
    assert unmet((Need("any"), Need("run")), [run, group]) is None
    assert unmet((Need("run", min_size=4),), [run]) is not None
    assert needs_text((Need("group"), Need("run", 2, 4))) == "1 group + 2 runs of 4+ cards"


def test_a_pure_need_refuses_a_joker():
    wild = ("run", meld("4s Jk(5s) 6s"))
    assert unmet((Need("run", pure=True),), [wild]) is not None
    assert unmet((Need("run", pure=True), Need("run")), [wild, ("run", meld("8h 9h Th"))]) is None


def test_extra_melds_may_be_refused():
    group, run = ("group", meld("7c 7d 7h")), ("run", meld("4s 5s 6s"))
    assert unmet((Need("group"),), [group, run]) is None
    assert unmet((Need("group"),), [group, run], extra_melds=False) is not None


def test_check_move_holds_the_contract_and_all_cards():
    contract = Opening(needs=(Need("group", 2),))
    cards = hand("7c 7d 7h 9c 9d 9s 2h")
    assert check_move(RULES, [], [meld("7c 7d 7h"), meld("9c 9d 9s")], cards, contract) is None
    assert "2 groups" in check_move(RULES, [], [meld("7c 7d 7h")], cards, contract)
    every = Opening(needs=(Need("group", 2),), all_cards=True)
    assert "every card" in check_move(RULES, [], [meld("7c 7d 7h"), meld("9c 9d 9s")], cards,
                                      every)


def test_no_new_melds_after_going_down_but_layoffs():
    table = [meld("7c 7d 7h")]
    cards = hand("7s 4s 5s 6s")
    assert check_move(RULES, table, [meld("7c 7d 7h 7s")], cards, new_melds=False) is None
    assert "only lay off" in check_move(RULES, table, table + [meld("4s 5s 6s")], cards,
                                        new_melds=False)


def test_the_ace_counts_by_its_place_in_a_run():
    values = MeldValues(FACES, low_ace=1, high_ace=11)
    ace_points = FACES.points[FACES.parse("Ah")]
    assert values.points("run", meld("Ah 2h 3h")) == 1 + 2 + 3
    assert values.points("run", meld("Qh Kh Ah")) == 10 + 10 + 11
    assert values.points("run", meld("Qh Kh Jk(Ah)")) == 31      # a joker counts as its card
    assert values.points("group", meld("Ah Ac Ad")) == 3 * ace_points
    forty = Opening(min_points=40, values=values)
    cards = hand("Qh Kh Ah 5c 5d 5s 9c")
    opened = [meld("Qh Kh Ah"), meld("5c 5d 5s")]           # 31 + 15 with the ace high at 11
    assert check_move(RULES, [], opened, cards, forty) is None
    assert "make 36" in check_move(RULES, [], opened, cards, Opening(min_points=40))


def test_groups_of_identical_cards_only_where_allowed():
    assert RULES.meld(hand("7c 7c 7h")) is None
    assert TWO_DECKS_DUPLICATES.meld(hand("7c 7c 7h")).kind == "group"
    assert TWO_DECKS_DUPLICATES.meld(hand("7c 7c 8h")) is None
    assert TWO_DECKS_DUPLICATES.meld(hand("4c 4c 5c 6c")) is None          # runs stay distinct
    found = TWO_DECKS_DUPLICATES.melds_in(hand("7c 7c 7h 2d"))
    assert any(sorted(m.cards) == sorted(hand("7c 7c 7h")) for m in found)


def test_opening_sets_list_whole_contracts():
    contract = Opening(needs=(Need("group"), Need("run", min_size=4)))
    cards = hand("7c 7d 7h 4s 5s 6s 7s Kd 2c")
    sets = opening_sets(TWO_DECKS_DUPLICATES, [], cards, contract)
    assert sets and all(sorted(m.kind for m in s) == ["group", "run"] for s in sets)
    assert not opening_sets(TWO_DECKS_DUPLICATES, [], hand("7c 7d 7h 4s 5s 6s Kd"), contract)


def test_all_cards_with_a_final_discard_is_a_located_error(tmp_path):
    path = tmp_path / "both.yaml"
    path.write_text(yaml.safe_dump({"extends": "contract_rummy", "name": "Both",
                                    "round_end": {"out_by_discard": True}}))
    with pytest.raises(SpecError, match="all_cards.*out_by_discard"):
        load_variant(path)
