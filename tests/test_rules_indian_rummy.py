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


# ---- drops ---------------------------------------------------------------------------------
OTHER = "Ad Kc Qc Jd 9c 8h 6d 5h 4d Td 2c 3h Ts"       # no run, no set either


def three(hand1: str = DECLARES, hand2: str = OTHER, hand0: str = LOSER):
    """Three players, dealer 0: seat 1, then seat 2, then seat 0 play; upcard 2s, turned 7s."""
    order = [c for trio in zip(hand1.split(), hand2.split(), hand0.split()) for c in trio]
    order += ["2s", "7s", "Qh", "Qs", "Kh"]
    left = Counter(PACKS)
    left.subtract(order)
    assert min(left.values()) >= 0
    return new_game(INDIAN, players=3, dealer=0,
                    deck=order + [c for c, n in left.items() for _ in range(n)])


def test_a_first_drop_before_drawing_and_turns_pass_over_the_seat():
    g = three()
    assert "drop" in map(str, g.legal_actions())
    g.apply("drop")
    assert g.dropped == {1: 20} and g.current_player == 2
    g.apply("draw stock")
    g.apply("discard Qh")
    g.apply("draw stock")
    g.apply("discard Qs")
    assert g.current_player == 2                  # seat 1 is passed over


def test_a_middle_drop_after_drawing_or_in_a_later_turn():
    g = three()
    g.apply("draw stock")
    assert "drop" in map(str, g.legal_actions())
    g.apply("drop")
    assert g.dropped == {1: 40}
    g.apply("draw stock")                        # seat 2 draws Qs, discards it
    g.apply("discard Qs")
    g.apply("draw stock")                        # seat 0 draws Kh, discards it
    g.apply("discard Kh")
    g.apply("drop")                              # seat 2 drew last turn: a middle drop
    assert g.history[0]["points"] == [0, 40, 40]


def test_the_last_player_left_wins_the_hand_and_the_dropped_score_their_drops():
    g = three()
    g.apply("drop")                              # seat 1: first drop
    g.apply("draw stock")
    g.apply("drop")                              # seat 2: middle drop
    record = g.history[0]
    assert record["outcome"] == "others_dropped" and record["winners"] == [0]
    assert record["points"] == [0, 20, 40]
    assert g.scores == [0, 20, 40]


def test_a_declaration_scores_a_dropped_player_the_drop_not_the_count():
    g = three()
    g.apply("draw stock")                        # seat 1 draws Qh
    g.apply("discard Qh")
    g.apply("drop")                              # seat 2: first drop (20)
    g.apply("draw stock")                        # seat 0: Qs
    g.apply("discard Qs")
    g.apply("draw stock")                        # seat 1: Kh, declares
    g.apply("knock Kh")
    while not g.history:
        g.apply(g.legal_actions()[0])
    record = g.history[0]
    assert record["outcome"] == "declared" and record["winners"] == [1]
    assert record["points"] == [80, 0, 20]


def test_a_drop_in_a_two_player_game_concedes_the_hand():
    g = game(DECLARES, "7s")
    g.apply("drop")
    assert g.history[0]["winners"] == [0] and g.history[0]["points"] == [0, 20]


def test_without_the_drop_step_there_is_no_drop(tmp_path):
    path = tmp_path / "no_drop.yaml"
    path.write_text("extends: indian_rummy\nturn: {drop: null}\n")
    g = new_game(load_variant(path), players=3, seed=1)
    assert "drop" not in map(str, g.legal_actions())
    with pytest.raises(IllegalAction):
        g.apply("drop")


def test_everyone_sees_who_dropped():
    g = three()
    g.apply("drop")
    assert all(g.observation(s)["dropped"] == {"1": 20} for s in range(3))
    assert "dropped" not in three().observation(0)
