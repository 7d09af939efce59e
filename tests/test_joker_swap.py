"""table.joker_swap: a natural card from the hand takes a table joker's place, where the table
is otherwise kept as laid (Scala 40's table, two players, dealer 0: seat 1 plays first)."""
from __future__ import annotations

import copy
from collections import Counter

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game
from interpreter.spec.resolved import variant_from_spec

PACK = FULL_DECK * 2 + ["Jk"] * 4
OPENER = "Qh Kh Jk 3c 3d 3s 9c Td 2s 4s 6s 7h Jc"   # opens [Qh Kh Jk(Ah)] [3c 3d 3s]
OTHER = "2c 3d 5d 6d 8s Ts Js 3h 5h 6c 8d Tc 4d"
OPEN = "meld [Qh Kh Jk(Ah)] [3c 3d 3s]"
SWAP = "meld [Qh Kh Ah] [3c 3d 3s]"


def scala(**swap):
    spec = copy.deepcopy(load_variant("scala_40").spec)
    spec["table"]["joker_swap"] = {"allowed": True, **swap}
    return variant_from_spec(spec, "swap.yaml")


def game(variant, then: str, hand1: str = OPENER, hand0: str = OTHER):
    """Seat 1 is dealt ``hand1``, seat 0 ``hand0``; then the upcard and the stock's top."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair] + then.split()
    left = Counter(PACK)
    left.subtract(order)
    return new_game(variant, players=2, dealer=0, deck=order + list(left.elements()))


def opened_then_draws_ace(variant, opening: str = OPEN):
    """Seat 1 opens with a joker, seat 0 passes a turn, seat 1 draws Ah."""
    g = game(variant, "4d 8c 5c Ah")
    for action in ("draw stock", opening, "discard 8c", "draw stock", "discard 5c",
                   "draw stock"):
        g.apply(action)
    return g


def names(g, seat):
    return sorted(g.observation(seat)["hand"])


def test_without_the_option_a_table_joker_stays():
    g = opened_then_draws_ace(load_variant("scala_40"))
    assert SWAP not in map(str, g.legal_actions())
    with pytest.raises(IllegalAction, match=r"lost Jk\(Ah\)"):
        g.apply(SWAP)


def test_the_natural_card_frees_the_joker_into_the_hand():
    g = opened_then_draws_ace(scala())
    assert SWAP in map(str, g.legal_actions())
    before = len(g.hands[1])
    g.apply(SWAP)
    assert "Jk" in names(g, 1) and "Ah" not in names(g, 1)
    assert len(g.hands[1]) == before
    assert [str(m) for m in g.observation(0)["table"]][0].count("Jk") == 0
    g.apply("discard Jk")                         # the joker is the player's to use
    assert g.current_player == 0


def test_a_joker_taken_must_be_played_at_once_where_it_goes_to_the_table():
    g = opened_then_draws_ace(scala(joker_to="table"))
    assert SWAP not in map(str, g.legal_actions())
    with pytest.raises(IllegalAction, match="played on the table in the same move"):
        g.apply(SWAP)
    g.apply("meld [Qh Kh Ah] [3c 3d 3s Jk(3h)]")
    assert "Jk" not in names(g, 1)
    assert "meld [Qh Kh Ah] [3c 3d 3s Jk(3h)]" not in map(str, g.legal_actions())


def test_only_from_runs():
    g = opened_then_draws_ace(scala(**{"from": "runs"}), "meld [Qh Kh Jk(Ah)] [3c 3d 3s]")
    g.apply(SWAP)
    group = "meld [Qh Kh Ah] [3c 3d Jk(3h)]"
    g = game(scala(**{"from": "runs"}), "4d 8c 5c 3h",
             hand1="Qh Kh Ah 3c 3d Jk 9c Td 2s 4s 6s 7h Jc")
    for action in ("draw stock", group, "discard 8c", "draw stock", "discard 5c", "draw stock"):
        g.apply(action)
    with pytest.raises(IllegalAction):
        g.apply("meld [Qh Kh Ah] [3c 3d 3h]")
    g = game(scala(), "4d 8c 5c 3h", hand1="Qh Kh Ah 3c 3d Jk 9c Td 2s 4s 6s 7h Jc")
    for action in ("draw stock", group, "discard 8c", "draw stock", "discard 5c", "draw stock"):
        g.apply(action)
    g.apply("meld [Qh Kh Ah] [3c 3d 3h]")


def test_before_opening_only_where_allowed():
    hand0 = "2c Ah 5d 6d Tc Td Ts Jc Jd Js 8d 5h 4d"
    opens_with_swap = "meld [Qh Kh Ah] [3c 3d 3s] [Tc Td Ts] [Jc Jd Js]"
    for variant, ok in ((scala(), False), (scala(before_opening=True), True)):
        g = game(variant, "4d 8c 9h", hand0=hand0)
        for action in ("draw stock", OPEN, "discard 8c", "draw stock"):
            g.apply(action)
        assert g.is_legal(opens_with_swap) is ok
        assert not g.is_legal(SWAP)                 # a swap alone is no opening


def test_the_rules_sheet_says_it():
    from interpreter.frontends.rules_sheet import rules_sheet
    assert "Joker swap: A player who has opened" in rules_sheet(scala())


def test_the_meld_editor_drafts_a_swap_into_the_hand():
    from interpreter.frontends.meld_edit import TableEdit
    g = opened_then_draws_ace(scala())
    edit = TableEdit(g)
    edit.replace_joker(0, "Ah")
    assert edit.problem() is None and str(edit.action()) == SWAP
    g = opened_then_draws_ace(scala(joker_to="table"))
    edit = TableEdit(g)
    edit.replace_joker(0, "Ah")
    assert edit.problem() == "a freed joker must be used on the table in the same move"
