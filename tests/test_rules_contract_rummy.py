"""Contract Rummy (variants/contract_rummy.yaml): scenarios for its distinctive rules, with
three players, two decks and a joker, dealer 0 (seat 1 plays first)."""
from __future__ import annotations

from collections import Counter

import pytest
import yaml
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game
from interpreter.engine.state import Phase
from interpreter.melds.needs import Need
from interpreter.steps.table_melds import opening

CONTRACT = load_variant("contract_rummy")
TWO_DECKS = FULL_DECK * 2 + ["Jk"]


def deck(hands: dict[int, str], then: str = "") -> list[str]:
    """Deal ``hands`` (seat -> cards) one at a time from seat 1 (dealer 0), then ``then`` (the
    upcard and the stock's top), then the rest of two decks and a joker."""
    dealt = {s: h.split() for s, h in hands.items()}
    order = [dealt[s][i] for i in range(len(dealt[1])) for s in (1, 2, 0)] + then.split()
    left = Counter(TWO_DECKS)
    left.subtract(order)
    assert min(left.values()) >= 0
    return order + list(left.elements())


HANDS = {1: "7c 7d 7h 9c 9d 9s Kc Kd Kh 2s", 2: "3c 4c 5c 6c 8h Th Jh Qd 2d 4s",
         0: "Ac 3d 5d 6d 8s Ts Js Qs 3h 5h"}


def game(hands=HANDS, then="4d 7c", variant=CONTRACT, rounds=()):
    return new_game(variant, players=3, dealer=0, deck=[deck(hands, then), *rounds])


def draw_stock(g) -> None:
    """The player in turn draws from the stock and nobody buys the discard."""
    g.apply("draw stock")
    while g.phase == Phase.BUY:
        g.apply("pass")


def test_deals_contracts_and_card_values():
    assert [CONTRACT.hand_size(3, r) for r in range(1, 8)] == [10] * 4 + [12] * 3
    assert [CONTRACT.table.needs_in(r) for r in (1, 2, 3, 7)] == [
        (Need("group", 2),), (Need("group"), Need("run")), (Need("run", 2),), (Need("run", 3),)]
    assert CONTRACT.deck_for(3).size == 105 and CONTRACT.deck_for(5).size == 158
    points = CONTRACT.faces.points
    assert [points[CONTRACT.faces.parse(c)] for c in ["Ah", "2h", "9h", "Th", "Kh", "Jk"]] == [
        15, 2, 9, 10, 10, 15]


def test_the_first_deal_needs_two_groups():
    g = game()
    draw_stock(g)                                       # 7c: a second copy
    with pytest.raises(IllegalAction, match="2 groups"):
        g.apply("meld [7c 7d 7h]")
    g.apply("meld [7c 7d 7h] [9c 9d 9s]")
    assert g.opened == [1]


def test_a_group_may_hold_identical_cards():
    g = game()
    draw_stock(g)
    g.apply("meld [7c 7c 7d 7h] [Kc Kd Kh]")
    assert sorted(map(len, g.table)) == [3, 4]


def test_going_down_lays_exactly_the_contract():
    g = game()
    draw_stock(g)
    with pytest.raises(IllegalAction, match="exactly 2 groups"):
        g.apply("meld [7c 7d 7h] [9c 9d 9s] [Kc Kd Kh]")


def test_once_down_only_layoffs_not_new_melds():
    g = game(then="4d 7c 3s 3s 9h")
    draw_stock(g)
    g.apply("meld [7c 7d 7h] [9c 9d 9s]")
    g.apply("discard 2s")
    for discard in ("discard 4s", "discard 8s"):             # seats 2, 0
        draw_stock(g)
        g.apply(discard)
    draw_stock(g)                                         # seat 1: 9h
    with pytest.raises(IllegalAction, match="only lay off"):
        g.apply("meld [7c 7d 7h] [9c 9d 9s] [Kc Kd Kh]")
    assert not any(len(a.melds) > 2 for a in g.legal_actions() if a.kind == "meld")
    g.apply("meld [7c 7d 7h] [9c 9d 9h 9s]")                     # a layoff is fine


def test_the_second_deal_needs_a_group_and_a_run():
    out = {1: "7c 7c 7d 7h 7s 9c 9d 9h 9s 9d", 2: HANDS[2], 0: HANDS[0]}
    g = game(out, then="4d 2s")
    draw_stock(g)
    g.apply("meld [7c 7c 7d 7h 7s] [9c 9d 9d 9h 9s]")
    g.apply("discard 2s")                                        # out: the deal ends
    assert g.deals == 2 and g.scores[1] == 0 and g.scores[2] > 0
    assert opening(g, g.current_player).needs == (Need("group"), Need("run"))


def test_a_contract_with_a_pure_run(tmp_path):
    path = tmp_path / "pure.yaml"
    path.write_text(yaml.safe_dump({
        "extends": "contract_rummy", "name": "Pure run contract",
        "table": {"opening": {"by_round": [[{"kind": "run", "pure": True}, {"kind": "group"}]]}}}))
    v = load_variant(path)
    hands = {1: "4h 5h 6h 7h 9c 9d 9s Kc Jk 2s", 2: HANDS[2], 0: HANDS[0]}
    g = game(hands, then="4d 8h", variant=v)
    draw_stock(g)
    with pytest.raises(IllegalAction, match="1 pure run"):
        g.apply("meld [4h 5h Jk(6h) 7h] [9c 9d 9s]")
    g.apply("meld [4h 5h 6h 7h 8h] [9c 9d 9s Jk(9h)]")


def test_the_last_deal_uses_every_card():
    assert CONTRACT.table.opening_all_cards({"round": 7, "player_count": 3})
    assert not CONTRACT.table.opening_all_cards({"round": 6, "player_count": 3})



def test_a_discard_not_taken_may_be_bought_with_a_penalty_card():
    g = game(then="4d 7c Qh")
    g.apply("draw stock")                                   # seat 1 leaves the upcard 4d
    assert (g.phase, g.current_player) == (Phase.BUY, 2)
    assert sorted(map(str, g.legal_actions())) == ["buy", "pass"]
    g.apply("buy")                                          # 4d and the penalty card Qh
    names = sorted(CONTRACT.faces.name(f) for f in g.hand_faces(2))
    assert names == sorted(HANDS[2].split() + ["4d", "Qh"])
    assert (g.phase, g.current_player) == (Phase.TURN, 1) and not g.discard


# ---- a house rule: deuces wild on the table ---------------------------------------------
def deuces_wild(tmp_path):
    path = tmp_path / "deuces.yaml"
    path.write_text("extends: contract_rummy\nname: Deuces wild\nmelds:\n  wilds: {rank: '2'}\n")
    return load_variant(path)


def test_a_wild_rank_card_on_the_table_declares_what_it_stands_for(tmp_path):
    g = game({1: "2h 5d 5s 9c 9d 9s Kc Qd Jh 3s", 2: HANDS[2], 0: HANDS[0]},
             variant=deuces_wild(tmp_path))
    draw_stock(g)
    listed = [str(a) for a in g.legal_actions() if a.kind == "meld"]
    assert "meld [9c 9d 9s] [2h(5c) 5d 5s]" in listed      # the engine's own notation
    with pytest.raises(IllegalAction, match=r"\[2h 5d 5s\] is not a legal meld"):
        g.apply("meld [2h 5d 5s] [9c 9d 9s]")               # undeclared, a 2 is itself
    with pytest.raises(IllegalAction, match="Kc is not wild here"):
        g.apply("meld [Kc(5c) 5d 5s] [9c 9d 9s]")
    g.apply("meld [2h(5c) 5d 5s] [9c 9d 9s]")                # typed as listed: accepted
    assert g.observation(1)["table"] == [["2h(5c)", "5d", "5s"], ["9c", "9d", "9s"]]
