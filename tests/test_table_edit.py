"""TableEdit (interpreter/frontends/meld_edit.py): building one Carousel meld action in small
steps — new_meld, add, move, replace_joker, place_joker — with their errors, ``problem()``
agreeing with ``State.apply``, and ``action()`` round-tripping through its notation.

The games are dealt from explicit deck orders (two players, one deck and one joker): seat 0
plays first and lays [5h 6h Jk(7h)] [9c 9d 9s]; seat 1 then draws and edits the table.
"""
from __future__ import annotations

from collections import Counter

import pytest

from interpreter import Action, State, load_variant, new_game
from interpreter.errors import IllegalAction, RummyError
from interpreter.frontends.meld_edit import TableEdit

CAROUSEL = load_variant("carousel")
ONE_DECK = [r + s for s in "cdhs" for r in "A23456789TJQK"] + ["Jk"]

SEAT1 = "7h 8h 4h 3h 7c 7d 7s Ts Js 2c"          # seat 1 draws the 2d


def two_player_game(hand0: str, hand1: str, stock: str):
    """Seat 1 deals, so seat 0 plays first; cards alternate 0, 1, 0, 1 ...; then ``stock``."""
    h0, h1 = hand0.split(), hand1.split()
    order = [c for pair in zip(h0, h1) for c in pair] + stock.split()
    left = Counter(ONE_DECK)
    left.subtract(order)
    assert min(left.values()) >= 0, "a card is used twice"
    order += [c for c in ONE_DECK if left[c] > 0]
    return new_game(CAROUSEL, players=2, deck=order, dealer=1, seed=0)


def joker_table(hand1: str = SEAT1):
    """Seat 1 to play, having drawn: meld 0 is [5h 6h Jk(7h)], meld 1 is [9c 9d 9s]."""
    g = two_player_game("5h 6h Jk 9c 9d 9s Kc Kd Qc Qd", hand1, "Ks 2d")
    for a in ("draw stock", "meld [5h 6h Jk(7h)] [9c 9d 9s]", "end", "draw stock"):
        g.apply(a)
    assert g.current_player == 1
    return g


def table(g) -> list[list[str]]:
    return g.observation(g.current_player)["table"]


def applied(g, edit: TableEdit):
    """A copy of the game with the edit's action applied."""
    copy = State.from_json(g.to_json(), g.variant)
    copy.apply(edit.action())
    return copy


# ---- the draft ------------------------------------------------------------------------------
def test_a_draft_starts_from_the_table_and_changes_nothing_in_the_game():
    g = joker_table()
    before = g.to_json()
    edit = TableEdit(g)
    assert edit.melds == [["5h", "6h", "Jk(7h)"], ["9c", "9d", "9s"]]
    assert edit.loose == []
    edit.new_meld(["7c", "7d", "7s"])
    edit.add(0, ["4h"])
    edit.replace_joker(0, "7h")
    edit.place_joker(0, "8h")
    edit.action()
    edit.problem()
    assert g.to_json() == before


# ---- each step ------------------------------------------------------------------------------
def test_new_meld_lays_hand_cards_as_a_new_meld_and_returns_its_index():
    g = joker_table()
    edit = TableEdit(g)
    assert edit.new_meld(["7c", "7d", "7s"]) == 2
    assert edit.melds[2] == ["7c", "7d", "7s"]
    assert str(edit.action()) == "meld [5h 6h Jk(7h)] [9c 9d 9s] [7c 7d 7s]"
    assert edit.problem() is None
    assert table(applied(g, edit)) == [["5h", "6h", "Jk(7h)"], ["9c", "9d", "9s"],
                                       ["7c", "7d", "7s"]]


def test_new_meld_with_a_joker_from_hand_names_its_card():
    g = two_player_game("5h 6h Jk 9c 9d 9s Kc Kd Qc Qd", SEAT1, "Ks 2d")
    g.apply("draw stock")
    edit = TableEdit(g)
    assert edit.new_meld(["5h", "6h", "Jk(7h)"]) == 0
    assert edit.problem() is None
    assert table(applied(g, edit)) == [["5h", "6h", "Jk(7h)"]]
    with pytest.raises(IllegalAction, match="say which card the joker stands for"):
        TableEdit(g).new_meld(["9c", "9d", "Jk"])


def test_add_puts_hand_cards_onto_a_meld():
    g = joker_table()
    edit = TableEdit(g)
    edit.add(0, ["4h", "3h"])
    edit.add(0, ["8h"])
    assert edit.melds[0] == ["5h", "6h", "Jk(7h)", "4h", "3h", "8h"]
    assert edit.problem() is None
    after = applied(g, edit)
    assert sorted(table(after)[0]) == sorted(["3h", "4h", "5h", "6h", "Jk(7h)", "8h"])
    assert not {"3h", "4h", "8h"} & set(after.observation(1)["hand"])


def test_move_takes_a_table_card_to_another_meld():
    """The joker moves from the run to a group of 7s, keeping its card (the 4h keeps the run)."""
    g = joker_table()
    edit = TableEdit(g)
    edit.add(0, ["4h"])
    k = edit.new_meld(["7c", "7d"])
    edit.move(0, "Jk(7h)", k)
    assert edit.melds == [["5h", "6h", "4h"], ["9c", "9d", "9s"], ["7c", "7d", "Jk(7h)"]]
    assert edit.problem() is None
    assert table(applied(g, edit))[2] == ["7c", "7d", "Jk(7h)"]


def test_move_to_the_next_index_starts_a_new_meld():
    g = joker_table()
    edit = TableEdit(g)
    edit.move(0, "Jk(7h)", 2)                       # 2 == number of melds: a new meld
    assert edit.melds[2] == ["Jk(7h)"]
    edit.add(2, ["7c", "7d"])
    edit.add(0, ["4h"])
    assert edit.problem() is None
    assert table(applied(g, edit)) == [["5h", "6h", "4h"], ["9c", "9d", "9s"],
                                       ["Jk(7h)", "7c", "7d"]]


def test_replace_joker_puts_the_real_card_in_and_frees_the_joker():
    g = joker_table()
    edit = TableEdit(g)
    edit.replace_joker(0, "7h")
    assert edit.melds[0] == ["5h", "6h", "7h"]
    assert edit.loose == ["Jk(7h)"]
    assert edit.hand["7h"] == 0


def test_place_joker_uses_the_freed_joker_with_a_new_card():
    g = joker_table()
    edit = TableEdit(g)
    edit.replace_joker(0, "7h")
    edit.place_joker(0, "8h")
    assert edit.loose == [] and edit.melds[0] == ["5h", "6h", "7h", "Jk(8h)"]
    assert edit.problem() is None
    assert table(applied(g, edit))[0] == ["5h", "6h", "7h", "Jk(8h)"]
    other = TableEdit(g)                            # or on a new meld, index = number of melds
    other.replace_joker(0, "7h")
    other.place_joker(2, "7s")
    other.add(2, ["7c", "7d"])
    assert other.melds[2] == ["Jk(7s)", "7c", "7d"]
    assert other.problem() is None
    assert table(applied(g, other))[2] == ["Jk(7s)", "7c", "7d"]


def test_a_freed_joker_left_loose_blocks_the_action():
    """A joker released by replacement must be used on the table in the same move."""
    g = joker_table()
    edit = TableEdit(g)
    edit.replace_joker(0, "7h")
    assert edit.problem() == "a freed joker must be used on the table in the same move"
    with pytest.raises(IllegalAction, match="freed joker must be used on the table"):
        edit.action()


# ---- errors ---------------------------------------------------------------------------------
def test_a_card_not_in_hand_is_refused():
    g = joker_table()
    edit = TableEdit(g)
    with pytest.raises(IllegalAction, match="no Kd left in hand"):
        edit.add(0, ["Kd"])
    with pytest.raises(IllegalAction, match="no 9h left in hand"):
        TableEdit(g).new_meld(["9h", "Th", "Jh"])
    twice = TableEdit(g)
    twice.add(0, ["4h"])
    with pytest.raises(IllegalAction, match="no 4h left in hand"):
        twice.new_meld(["4h", "4c", "4d"])
    with pytest.raises(IllegalAction, match="no Jk left in hand"):   # the joker is on the table
        TableEdit(g).add(0, ["Jk(4h)"])


@pytest.mark.parametrize("step", [
    lambda e: e.add(2, ["4h"]),
    lambda e: e.add(-1, ["4h"]),
    lambda e: e.move(5, "5h", 0),
    lambda e: e.replace_joker(3, "7h"),
], ids=["add", "add-negative", "move", "replace_joker"])
def test_a_meld_index_out_of_range_is_refused(step):
    edit = TableEdit(joker_table())
    with pytest.raises(IllegalAction, match=r"no meld -?\d+: melds are 0-1"):
        step(edit)


def test_place_joker_index_out_of_range_or_without_a_freed_joker_is_refused():
    g = joker_table()
    with pytest.raises(IllegalAction, match="no freed joker to place"):
        TableEdit(g).place_joker(0, "8h")
    edit = TableEdit(g)
    edit.replace_joker(0, "7h")
    with pytest.raises(IllegalAction, match="no meld 4"):
        edit.place_joker(4, "8h")


@pytest.mark.parametrize("step, message", [
    (lambda e: e.move(1, "5h", 0), "meld 1 has no 5h"),
    (lambda e: e.move(0, "Jk(8h)", 1), r"meld 0 has no Jk\(8h\)"),
    (lambda e: e.replace_joker(1, "7h"), r"meld 1 has no Jk\(7h\)"),
    (lambda e: e.replace_joker(0, "8h"), r"meld 0 has no Jk\(8h\)"),
], ids=["move", "move-joker", "replace_joker-other-meld", "replace_joker-other-card"])
def test_a_card_not_in_that_meld_is_refused(step, message):
    edit = TableEdit(joker_table())
    with pytest.raises(IllegalAction, match=message):
        step(edit)


# ---- problem() and apply agree --------------------------------------------------------------
DRAFTS = {
    "new group": lambda e: e.new_meld(["7c", "7d", "7s"]),
    "two-card meld": lambda e: e.new_meld(["7c", "7d"]),
    "wrong card on a group": lambda e: e.add(1, ["Ts"]),
    "nothing played": lambda e: None,
    "table card misplaced": lambda e: (e.add(0, ["4h"]), e.move(1, "9s", 0)),
    "run extended both ends": lambda e: e.add(0, ["4h", "8h"]),
    "joker replaced and reused": lambda e: (e.replace_joker(0, "7h"), e.place_joker(0, "4h")),
    "joker moved, run kept": lambda e: (e.add(0, ["4h"]), e.move(0, "Jk(7h)", 2),
                                        e.add(2, ["7c", "7d"])),
    "joker moved, run broken": lambda e: (e.move(0, "Jk(7h)", 2), e.add(2, ["7c", "7d"])),
    "group broken for a run": lambda e: (e.new_meld(["7s", "8h"]), e.move(1, "9s", 2)),
}


@pytest.mark.parametrize("name", list(DRAFTS))
def test_problem_agrees_with_apply(name):
    g = joker_table()
    edit = TableEdit(g)
    DRAFTS[name](edit)
    reason = edit.problem()
    before = g.to_json()
    if reason is None:
        g.apply(edit.action())
        assert g.to_json() != before
    else:
        with pytest.raises(IllegalAction) as info:
            g.apply(edit.action())
        assert reason in str(info.value)
        assert g.to_json() == before


def test_problem_names_the_reason():
    g = joker_table()
    cases = {"two-card meld": "[7c 7d] is not a legal meld",
             "nothing played": "no card was played from the hand",
             "table card misplaced": "is not a legal meld",
             "joker moved, run broken": "[5h 6h] is not a legal meld"}
    for name, reason in cases.items():
        edit = TableEdit(g)
        DRAFTS[name](edit)
        assert reason in edit.problem(), name


@pytest.mark.parametrize("draws", [0, 3])
def test_problem_agrees_with_apply_when_no_meld_is_allowed_now(draws):
    """Before the first draw, and after a 3rd draw ("a player who drew a 3rd card may not meld
    that turn"), apply refuses every meld, so problem() must not say None."""
    g = two_player_game("9h Th Jh 9c 9d 9s Kc Kd Qc Qd", SEAT1, "Ks 2d 3d")
    for _ in range(draws):
        g.apply("draw stock")
    edit = TableEdit(g)
    edit.new_meld(["9h", "Th", "Jh"])
    with pytest.raises(IllegalAction):
        g.apply(edit.action())
    assert edit.problem() is not None


def test_a_badly_declared_joker_is_refused_at_once():
    g = joker_table()
    edit = TableEdit(g)
    edit.replace_joker(0, "7h")
    with pytest.raises(IllegalAction, match="bad card"):
        edit.place_joker(0, "Zz")
    assert edit.loose and "freed joker" in edit.problem()


@pytest.mark.parametrize("step", [
    lambda e: e.replace_joker(0, "7h"),          # seat 1 holds no 7h here
    lambda e: e.move(0, "5h", 9),
    lambda e: e.add(0, ["4h", "Kd"]),
    lambda e: e.new_meld(["Kd", "Kc", "Kh"]),
], ids=["replace_joker", "move", "add", "new_meld"])
def test_a_refused_step_leaves_the_draft_as_it_was(step):
    edit = TableEdit(joker_table(hand1="8h 4h 3h 7c 7d 7s Ts Js 2c 2s"))
    melds, hand, loose = [list(m) for m in edit.melds], Counter(edit.hand), list(edit.loose)
    with pytest.raises(IllegalAction):
        step(edit)
    assert edit.melds == melds and +edit.hand == +hand and edit.loose == loose


# ---- action() -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(DRAFTS))
def test_action_round_trips_through_its_notation(name):
    edit = TableEdit(joker_table())
    DRAFTS[name](edit)
    a = edit.action()
    assert a.kind == "meld"
    assert Action.parse(str(a)) == a
    assert str(Action.parse(str(a))) == str(a)


def test_action_drops_emptied_melds():
    """Moving every card out of a meld leaves no empty brackets in the action."""
    g = joker_table()
    edit = TableEdit(g)
    for card in ("9c", "9d", "9s"):                 # the first move starts meld 2
        edit.move(1, card, 2)
    edit.add(0, ["4h"])
    a = edit.action()
    assert str(a) == "meld [5h 6h Jk(7h) 4h] [9c 9d 9s]"
    assert all(a.melds) and Action.parse(str(a)) == a
    assert edit.problem() is None
    assert table(applied(g, edit)) == [["5h", "6h", "Jk(7h)", "4h"], ["9c", "9d", "9s"]]


def test_errors_are_rummy_errors():
    """Every refusal is a RummyError (IllegalAction or CardError), never a bare exception."""
    edit = TableEdit(joker_table())
    for step in (lambda: edit.add(0, ["Xx"]), lambda: edit.add(7, ["4h"]),
                 lambda: edit.move(0, "Kd", 1), lambda: edit.place_joker(0, "8h")):
        with pytest.raises(RummyError):
            step()
