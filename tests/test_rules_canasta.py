"""Canasta (variants/canasta.yaml): scenarios for its distinctive rules (the whole pile and its
freeze, red and black threes, the opening minimum by the side's score, canasta bonuses, going
out only with a canasta), from explicit decks. Dealer 0, four players: seat 1 plays first,
partners 1+3 against 0+2."""
from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from interpreter import IllegalAction, State, load_variant, new_game
from interpreter.agents import make_agent

CANASTA = load_variant("canasta")
PACKS = [r + s for s in "cdhs" for r in "A23456789TJQK"] * 2 + ["Jk"] * 4
RED_THREES = ("3h", "3d")


def deck(hands: dict[int, str], then: str = "") -> list[str]:
    """Hands dealt one card at a time from seat 1 (the dealer 0's left), then ``then`` (the
    upcard, replacements of red threes, the stock's top), then the rest of the two packs and
    four jokers, red threes last."""
    order = [hands[s].split()[i] for i in range(11) for s in (1, 2, 3, 0)] + then.split()
    left = Counter(PACKS)
    left.subtract(order)
    assert min(left.values()) >= 0
    rest = sorted((c for c, n in left.items() for _ in range(n)), key=lambda c: c in RED_THREES)
    return order + rest


OTHERS = {2: "Ac Ad 4c 4h 5d 6c 7c 8c 9d Tc Jc", 3: "Ah As 4s 5h 6d 7d 8h 9h Td Jd Qc",
          0: "5s 6s 7h 8s 9s Ts Jh Js Kc 4d 6d"}
NO_KING = "5s 6s 7h 8s 9s Ts Jh Js Qc 4d 6d"
KINGS_QUEENS = "Kh Ks Qh Qs Qd 9c 8d 7s 6h 5c Ad"


def game_deck(seat1: str = KINGS_QUEENS, then: str = "Kd 4s 9h 8h", **hands: str) -> list[str]:
    """The deck dealing ``seat1`` and ``hands`` (``seat2=...``), the others as in OTHERS."""
    return deck({**OTHERS, 1: seat1, **{int(k[-1]): h for k, h in hands.items()}}, then)


def game(seat1: str = KINGS_QUEENS, then: str = "Kd 4s 9h 8h", **hands: str):
    return new_game(CANASTA, dealer=0, deck=game_deck(seat1, then, **hands))


def legal(g) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def with_scores(g, scores: list[int]):
    """The same position with the match totals ``scores``."""
    data = json.loads(g.to_json())
    data["state"]["scores"] = scores
    return State.from_json(json.dumps(data))


def test_the_whole_pile_is_taken_with_two_naturals_and_the_top_card_melded_at_once():
    g = game()
    assert g.observation(1)["pile_frozen_for"] == [0, 1, 2, 3]     # nobody has melded
    assert legal(g) == ["draw stock", "draw discard"]             # Kh Ks for the Kd on top
    g.apply("draw discard")
    assert legal(g) == ["meld [Qd Qh Qs] [Kd Kh Ks]"]              # 60: the opening's 50
    with pytest.raises(IllegalAction):
        g.apply("discard 9c")


def test_a_frozen_pile_needs_two_naturals_of_its_rank_in_hand():
    g = game(seat1="Kh Qs Qh Qd Qc 9c 8d 7s 6h 5c Ad")
    assert legal(g) == ["draw stock"]
    with pytest.raises(IllegalAction, match="2 natural"):
        g.apply("draw discard")


def test_the_opening_minimum_follows_the_sides_score():
    g = game()
    assert "draw discard" in legal(with_scores(g, [0, -20, 0, -20]))     # 15 is enough
    assert "draw discard" in legal(with_scores(g, [1500, 1495, 1500, 1495]))   # 50
    assert legal(with_scores(g, [0, 1500, 0, 1500])) == ["draw stock"]   # 90: 60 is short
    g = with_scores(game(seat1="Kh Ks Qh Qs Qd Jk 8d 7s 6h 5c Ad"), [0, 1500, 0, 1500])
    g.apply("draw discard")                                  # a joker counts its own 50
    assert g.is_legal("meld [Kd Kh Ks] [Jk(Qc) Qd Qh Qs]")   # 130


def test_a_wild_card_counts_its_own_points_towards_the_opening():
    g = game(seat1="Ks 9c 9h Jk 4d 5c 6h 7s 8d Td Ad", then="Kd 2s")
    g.apply("draw stock")                                    # 2s
    assert g.is_legal("meld [9c 9h Jk(9d)]")                 # 9 + 9 + 50
    assert not g.is_legal("meld [9c 9h 2s(9d)]")             # 9 + 9 + 20 = 38 < 50
    assert g.is_legal("meld [9c 9h 2s(9d) Jk(9s)]")


def test_a_wild_card_discarded_freezes_the_pile_and_a_black_three_blocks_it():
    g = game(seat1="Kh Ks Qh Qs Qd 9c 8d 7s 6h 5c Jk", then="Kd 4s 9h 8h 3c")
    g.apply("draw stock")
    g.apply("discard Jk")
    assert g.observation(2)["pile_frozen"] and legal(g) == ["draw stock"]
    g = game(then="Kd 3s 9h")
    g.apply("draw stock")
    g.apply("discard 3s")
    with pytest.raises(IllegalAction, match="blocks"):
        g.apply("draw discard 2")


# Seat 1 opens with kings and queens; seat 2 freezes the pile with a joker; seat 0 discards
# Kd, and seat 1, holding two more kings, takes the frozen pile.
FROZEN_KING = dict(seat1="Kh Ks Kc Qh Qs Qd Kh Ks 7s 6h 5c", then="9h 4s 4d 4h 4c",
                   seat2="Jk Ac 4c 4h 5d 6c 7c 8c 9d Tc Jc",
                   seat0="Kd 5s 6s 7h 8s 9s Ts Jh Js 4d 6d")
FROZEN_KING_PLAY = ("draw stock", "meld [Kh Ks Kc] [Qh Qs Qd]", "discard 5c", "draw stock",
                    "discard Jk", "draw stock", "discard 4s", "draw stock", "discard Kd",
                    "draw discard 5")


def test_a_frozen_piles_top_card_goes_into_a_new_meld_with_two_naturals():
    g = game(**FROZEN_KING)
    for action in FROZEN_KING_PLAY:
        g.apply(action)
    assert legal(g) == ["meld [Kh Ks Kc] [Qh Qs Qd] [Kd Kh Ks]",
                        "meld [Kh Ks Kc] [Qh Qs Qd] [Jk(Kc) Kd Kh Ks]"]
    with pytest.raises(IllegalAction, match="into a new meld with 2 natural"):
        g.apply("meld [Kh Ks Kc Kd] [Qh Qs Qd]")                # not onto the kings melded


def test_red_threes_are_laid_aside_at_once_and_replaced():
    g = game(seat1="Kh Ks Qh Qs Qd 9c 8d 7s 6h 3d Ad", then="Kd 4s 9h 8h")
    assert g.observation(0)["laid_aside"] == {"1": ["3d"]}
    assert "4s" in g.observation(1)["hand"]                  # the stock's top in its place


def test_going_out_needs_a_canasta_in_the_side():
    g = game(seat1="Kh Ks Kd Kc Kh Ks Qh Qs Qd Qc Qh", then="Kd 9c")
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="go out"):
        g.apply("meld [Kh Ks Kd Kc Kh Ks] [Qh Qs Qd Qc Qh]")     # 9c left: out, no canasta
    g.apply("meld [Kh Ks Kd Kc Kh Ks] [Qh Qs Qd Qc]")            # Qh and 9c left
    g = game(seat1="Kh Ks Kd Kc Kh Ks Kd Qh Qs Qd Qc", then="Ah 9c")
    g.apply("draw stock")
    g.apply("meld [Kh Ks Kd Kc Kh Ks Kd] [Qh Qs Qd Qc]")     # a natural canasta
    assert legal(g) == ["discard 9c"]


def test_black_threes_are_melded_only_when_going_out_and_with_no_wild_card():
    g = game(seat1="Kh Ks Kd Kc Kh Ks Kd Qh 3c 3s 3c", then="Ah 9c")
    g.apply("draw stock")
    assert not any("3c" in m for m in legal(g) if m.startswith("meld"))
    with pytest.raises(IllegalAction, match="only when going out"):
        g.apply("meld [Kh Ks Kd Kc Kh Ks Kd] [3c 3c 3s]")    # Qh and 9c left
    g = game(seat1="Kh Ks Kd Kc Kh Ks Kd Kc 3c 3s Jk", then="Ah 9c", seat0=NO_KING)
    g.apply("draw stock")
    with pytest.raises(IllegalAction, match="wild"):
        g.apply("meld [Kh Ks Kd Kc Kh Ks Kd Kc] [3c 3s Jk(3c)]")
    g = game(seat1="Kh Ks Kd Kc Kh Ks Kd Kc 3c 3s 3c", then="Ah 9c", seat0=NO_KING)
    g.apply("draw stock")
    g.apply("meld [Kh Ks Kd Kc Kh Ks Kd Kc] [3c 3c 3s]")
    g.apply("discard 9c")
    assert g.hands_played == 1 and g.history[-1]["winners"] == [1, 3]


def out_at_once(canasta: str, then: str = "5h 6h 8d 9c", **hands: str):
    """Seat 1 goes out on the first turn with ``canasta`` and four queens, discarding 9c; seat
    3 holds a red three (its side has melded), seat 0 one too (its side has not)."""
    g = new_game(CANASTA, dealer=0, deck=deck(
        {**OTHERS, 3: "Ah As 4s 3h 6d 7d 8h 9h Td Jd Qc", 0: "3d 5s 6s 7h 8s 9s Ts Jh Js Kc 4d",
         1: re.sub(r"\(..\)", "", canasta) + " Qh Qs Qd Qc", **{int(k[-1]): h for k, h in hands.items()}},
        then))
    g.apply("draw stock")
    g.apply(f"meld [{canasta}] [Qh Qs Qd Qc]")
    g.apply("discard 9c")
    return g


def test_a_hand_scores_melds_canastas_red_threes_going_out_and_cards_left():
    g = out_at_once("Kh Ks Kd Kc Kh Ks Kd")
    assert g.hands_played == 1
    # 1+3: melds 110, natural canasta 500, red three 100, going out concealed 200, less
    # seat 3's 110; 0+2: less 105 and 90 in hand, and 100 for a red three without a meld
    assert g.scores == [-295, 800, -295, 800]


def test_a_mixed_canasta_scores_300_and_its_wilds_their_own_points():
    g = out_at_once("Kh Ks Kd Kc Kh Jk(Kc) 2c(Kd)")
    # melds 50 + 50 + 20 + 40 = 160, mixed canasta 300, red three 100, out concealed 200,
    # less 110
    assert g.scores[1] == 650


def test_all_four_red_threes_score_800():
    g = out_at_once("Kh Ks Kd Kc Kh Ks Kd", "5h 6h 8d 4c 4h 9c",
                    seat3="3h 3d 3h 3d 6d 7d 8h 9h Td Jd Qc", seat0=OTHERS[0])
    # 1+3: melds 110, canasta 500, red threes 800, out concealed 200, less seat 3's 85 left
    assert g.scores[1] == g.scores[3] == 1525


def test_going_out_after_melding_in_an_earlier_turn_scores_100():
    g = game(seat1="Kh Ks Kd Kc Kh Ks Kd Qh Qs Qd Qc", then="Ah 9c 4s 4d 4h 9d")
    for action in ("draw stock", "meld [Kh Ks Kd Kc Kh Ks Kd]", "discard 9c",
                   "draw stock", "discard Jc", "draw stock", "discard Qc", "draw stock",
                   "discard 6d", "draw stock", "meld [Kh Ks Kd Kc Kh Ks Kd] [Qh Qs Qd Qc]",
                   "discard 9d"):
        g.apply(action)
    # melds 110, natural canasta 500, going out 100, less seat 3's cards left
    assert g.scores[1] == 110 + 500 + 100 - g.history[-1]["deadwood"]["3"]


def test_partners_extend_each_others_melds_and_rivals_may_not():
    g = game(seat1="Kh Ks Kc Qh Qs Qd 8d 7s 6h 5c Ad", then="Kd 4s 9h 8h",
             seat2="Kh Ac 4c 4h 5d 6c 7c 8c 9d Tc Jc", seat3="Ks Ah 4s 5h 6d 7d 8h 9h Td Jd Qc")
    g.apply("draw stock")
    g.apply("meld [Kh Ks Kc] [Qh Qs Qd]")
    assert g.observation(0)["pile_frozen_for"] == [0, 2]     # the side 1+3 has melded
    g.apply("discard Ad")
    g.apply("draw stock")                                    # seat 2: a rival
    assert not g.is_legal("meld [Kh Ks Kc Kh] [Qh Qs Qd]")
    g.apply("discard Jc")
    g.apply("draw stock")                                    # seat 3: the partner
    assert g.is_legal("meld [Kh Ks Kc Ks] [Qh Qs Qd]")


@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_a_whole_match_to_5000(bot):
    g = new_game(CANASTA, seed=3)
    agents = [make_agent(bot, 30 + seat) for seat in range(4)]
    while not g.is_terminal:
        g.apply(agents[g.current_player].act(g))
    assert max(g.scores) >= 5000 and g.scores[0] == g.scores[2] and g.scores[1] == g.scores[3]
