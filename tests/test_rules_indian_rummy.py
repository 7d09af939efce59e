"""Indian Rummy (variants/indian_rummy.yaml): scenarios for its distinctive rules."""
from __future__ import annotations

from collections import Counter

import pytest
from gameplay import FULL_DECK

from interpreter import IllegalAction, load_variant, new_game

INDIAN = load_variant("indian_rummy")
PACKS = FULL_DECK * 2 + ["Jk", "Jk"]


def deck(hand1: str, hand0: str, upcard: str, turned: str, stock: str = "") -> list[str]:
    """Two players, dealer 0: seat 1 is dealt first; then the upcard, the turned card, the
    stock's top."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair]
    order += [upcard, turned] + stock.split()
    left = Counter(PACKS)
    left.subtract(order)
    assert min(left.values()) >= 0
    return order + [c for c, n in left.items() for _ in range(n)]


LOSER = "Ac Kh Qd Jc 9h 8s 6c 5s 4c Tc 2d 3s Th"     # no run, no set: 98 points


def game(hand1: str, turned: str, hand0: str = LOSER):
    return new_game(INDIAN, deck=deck(hand1, hand0, "2c", turned, "Qh"), dealer=0)


DECLARES = "2h 3h 4h 9s Ts 7c Kd Kc Ks 4d 5d 6d 7d"


def test_the_turned_cards_rank_is_wild_and_seen_by_all():
    g = game(DECLARES, "7s")
    for seat in (0, 1):
        seen = g.observation(seat)
        assert seen["turned"] == "7s" and seen["wild_rank"] == "7"
    assert len(g.hands[1]) == 13 and len(g.stock) == 106 - 26 - 2
    g.apply("draw stock")                         # Qh
    g.apply("knock Qh")                           # 7c stands for Js: 9s Ts 7c
    while g.history == []:
        g.apply(g.legal_actions()[0])
    record = g.history[0]
    assert record["outcome"] == "declared" and record["winners"] == [1]
    assert record["points"] == [80, 0]            # 98 points of cards, at most 80 count


def test_without_the_wild_rank_the_same_hand_cannot_declare():
    g = game(DECLARES, "8s")
    g.apply("draw stock")
    with pytest.raises(IllegalAction):
        g.apply("knock Qh")


def test_a_declaration_needs_a_pure_sequence():
    hand = "2h 3h 7c 9s Ts 7h 4d 5d Jk Kd Kc Ks Jk"   # melds, but every sequence has a wild
    g = game(hand, "7s")
    g.apply("draw stock")
    assert not any(a.kind == "knock" for a in g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply("knock Qh")
    wild_sevens = INDIAN.rules_for(INDIAN.faces.ranks.index("7"))
    cards = INDIAN.cards(hand)
    assert wild_sevens.deadwood(cards) == 2 + 3 + 9 + 10 + 4 + 5 + 30   # every card counts
    assert wild_sevens.deadwood(INDIAN.cards(DECLARES)) == 0


def test_a_printed_joker_turned_makes_the_aces_wild():
    g = game(DECLARES, "Jk")
    assert g.observation(0)["wild_rank"] == "A" and g.observation(0)["turned"] == "Jk"
    assert g.meld_rules.deadwood(INDIAN.cards("Ac 5h 6h 2s 3s 4s")) == 0


def test_a_printed_joker_in_the_knockers_best_melds_keeps_the_card_it_stands_for(tmp_path):
    short = tmp_path / "short_pool.yaml"          # the hand ends the match: the spread stays
    short.write_text("extends: indian_rummy\nname: Short pool\nparams: {pool_limit: 50}\n")
    g = new_game(load_variant(short), dealer=0,
                 deck=deck("2h 3h 4h 9s Ts Jk Kd Kc Ks 4d 5d 6d 7d", LOSER, "2c", "8s", "Qh"))
    g.apply("draw stock")
    g.apply("knock Qh")
    g.apply("spread")                             # the best arrangement, joker included
    assert g.is_terminal
    assert ["Jk(8s)", "9s", "Ts"] in g.observation(0)["spread"]["knocker_melds"]
    again = type(g).from_json(g.to_json())        # a joker standing for a card of the deck
    assert again.to_json() == g.to_json()
