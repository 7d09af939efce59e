"""Buying the discard out of turn (``draw: {buy: ...}``), on variants/basic_rummy_buying.yaml
and house rules over it: scenarios with explicit decks."""
from __future__ import annotations

import json

import pytest
import yaml
from gameplay import FULL_DECK, play

from interpreter import IllegalAction, State, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.engine import Phase
from interpreter.errors import RummyError, SavedGameError

BUYING = load_variant("basic_rummy_buying")

# Three players, dealer 0: seat 1 plays first, then seat 2, then seat 0 (seven cards each).
HANDS = {1: "2c 3c 4c 9h Jd Qs Kd", 2: "5h 6h 8s Tc Jc 2d 3d", 0: "7d 7h 9c Ts Ks 4s 5s"}
UPCARD, STOCK = "7c", "Ad 2h 3h 4h 8d 6d 9s Qd"


def deck() -> list[str]:
    """The deal one card at a time from seat 1, then the upcard, then the stock's top."""
    order = [HANDS[s].split()[i] for i in range(7) for s in (1, 2, 0)]
    order += [UPCARD] + STOCK.split()
    return order + [c for c in FULL_DECK if c not in order]


def game(variant=BUYING) -> State:
    return new_game(variant, players=3, deck=deck(), dealer=0)


def house(tmp_path, **buy) -> object:
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump({"extends": "basic_rummy_buying", "name": "House",
                                    "turn": {"draw": {"buy": buy}}}))
    return load_variant(path)


def hand(g: State, seat: int) -> set[str]:
    return set(g.observation(seat)["hand"])


def test_a_buy_takes_the_discard_and_a_penalty_card():
    g = game()
    g.apply("draw stock")                       # seat 1 draws Ad: the others may buy the 7c
    assert (g.phase, g.current_player) == (Phase.BUY, 2)
    assert sorted(map(str, g.legal_actions())) == ["buy", "pass"]
    assert g.observation(0)["buying"] == {"asked": 2, "in_turn": 1, "then_asked": [0]}
    g.apply("pass")
    assert g.current_player == 0
    g.apply("buy")                              # seat 0 takes 7c and the penalty card 2h
    assert hand(g, 0) == set(HANDS[0].split()) | {"7c", "2h"}
    assert g.observation(1)["known"] == {"0": ["7c"]}
    assert g.observation(1)["buys"] == {"0": 1}
    assert (g.phase, g.current_player) == (Phase.TURN, 1)
    assert g.observation(1)["discard"] == []
    assert all(a.kind == "discard" or a.kind == "meld" for a in g.legal_actions())


def test_the_player_in_turn_has_priority_taking_the_discard_is_their_draw():
    g = game()
    g.apply("draw discard")                     # seat 1 takes 7c: nobody is asked
    assert (g.phase, g.current_player) == (Phase.TURN, 1)
    assert "7c" in hand(g, 1)


def test_the_first_to_buy_in_turn_order_gets_it_and_the_discarder_is_never_asked():
    g = game()
    play(g, "draw stock", "buy")                # seat 2 (next after seat 1) buys the 7c
    assert hand(g, 2) == set(HANDS[2].split()) | {"7c", "2h"}
    play(g, "discard Kd", "draw stock")         # seat 2 draws 3h; seat 1 discarded the Kd
    assert (g.phase, g.current_player) == (Phase.BUY, 0)
    assert g.observation(0)["buying"]["then_asked"] == []


def test_when_all_pass_the_turn_goes_on_and_the_card_stays():
    g = game()
    play(g, "draw stock", "pass", "pass")
    assert (g.phase, g.current_player) == (Phase.TURN, 1)
    assert g.observation(1)["discard"] == ["7c"] and "buys" not in g.observation(1)
    play(g, "discard Kd")
    assert (g.phase, g.current_player) == (Phase.TURN, 2)


def test_at_most_n_buys_a_hand(tmp_path):
    g = game(house(tmp_path, max_per_hand=1))
    play(g, "draw stock", "buy", "discard Kd",  # seat 2 buys once
         "draw stock", "pass", "discard Tc",    # seat 2's turn: seat 0 passes on the Kd
         "draw stock", "pass", "discard Ts",    # seat 0's turn: seat 1 passes on the Tc
         "draw stock")                          # seat 1's turn: seat 2 is at its limit
    assert (g.phase, g.current_player) == (Phase.TURN, 1)
    g = game()                                  # the house rule's three: seat 2 is asked
    play(g, "draw stock", "buy", "discard Kd", "draw stock", "pass", "discard Tc",
         "draw stock", "pass", "discard Ts", "draw stock")
    assert (g.phase, g.current_player) == (Phase.BUY, 2)


def test_a_player_who_has_gone_down_may_not_buy_where_the_rule_says_so(tmp_path):
    script = ("draw stock", "pass", "pass", "meld [2c 3c 4c]", "discard Kd",
              "draw stock", "pass", "discard Tc", "draw stock")
    g = game()
    play(g, *script)                            # seat 0 draws; seat 1 has melded, is asked
    assert (g.phase, g.current_player) == (Phase.BUY, 1)
    g = game(house(tmp_path, after_going_down=False))
    play(g, *script)
    assert (g.phase, g.current_player) == (Phase.TURN, 0)


def test_the_others_may_be_asked_before_the_player_in_turn_draws(tmp_path):
    g = game(house(tmp_path, in_turn_first=False))
    play(g, "draw stock", "discard Kd")         # the first turn: nobody asked
    assert (g.phase, g.current_player) == (Phase.BUY, 0)   # before seat 2 draws
    play(g, "buy")
    assert (g.phase, g.current_player) == (Phase.TURN, 2)
    assert "Kd" in hand(g, 0) and g.observation(2)["discard"] == ["7c"]
    assert {str(a) for a in g.legal_actions()} == {"draw stock", "draw discard"}


def test_the_penalty_is_the_rules_count(tmp_path):
    g = game(house(tmp_path, penalty=2))
    play(g, "draw stock", "buy")
    assert hand(g, 2) == set(HANDS[2].split()) | {"7c", "2h", "3h"}


def test_refused_buys_leave_the_state_unchanged():
    g = game()
    before = g.to_json()
    with pytest.raises(IllegalAction):
        g.apply("buy")                          # seat 1 must draw: nobody is asked yet
    assert g.to_json() == before
    play(g, "draw stock", "pass")
    before = g.to_json()
    for refused in ("discard 7d", "draw stock", "take"):
        with pytest.raises(IllegalAction):
            g.apply(refused)
        assert g.to_json() == before
    assert not g.is_legal("discard 7d") and g.is_legal("buy")


def test_no_buying_without_the_option():
    g = game(load_variant("basic_rummy"))
    g.apply("draw stock")
    assert (g.phase, g.current_player) == (Phase.TURN, 1)
    with pytest.raises(IllegalAction):
        g.apply("buy")


def test_a_game_saved_mid_buying_loads_and_continues():
    g = game()
    play(g, "draw stock", "pass")
    copy = State.from_json(g.to_json())
    assert (copy.phase, copy.current_player, copy.in_turn) == (Phase.BUY, 0, 1)
    for state in (g, copy):
        play(state, "buy", "discard Kd")
    assert copy.to_json() == g.to_json()


def test_a_saved_buying_stage_must_ask_the_player_to_act():
    g = game()
    g.apply("draw stock")
    doc = json.loads(g.to_json())
    doc["state"]["buyers"] = [0]
    with pytest.raises(SavedGameError, match=r"\$\.state\.phase: a buying stage"):
        State.from_json(json.dumps(doc))


@pytest.mark.parametrize("bot", ["random", "greedy", "strong"])
def test_bots_play_matches_with_buying(bot):
    g = new_game(BUYING, players=4, seed=3)
    agents = [make_agent(bot, s) for s in range(4)]
    bought = 0
    for _ in range(3000):
        if g.is_terminal:
            break
        if g.phase is Phase.BUY:
            bought += 1
        g.apply(agents[g.current_player].act(g))
    assert bought and max(g.buys.values(), default=0) <= 3


def test_greedy_buys_a_card_that_completes_a_meld():
    g = game()
    play(g, "draw stock", "pass")               # seat 0 holds 7d 7h: the 7c makes a group
    assert str(make_agent("greedy", 0).act(g)) == "buy"
    g = game()
    g.apply("draw stock")                       # seat 2 has no use for the 7c
    assert str(make_agent("greedy", 0).act(g)) == "pass"


def test_a_counter_may_count_buys(tmp_path):
    path = tmp_path / "counted.yaml"
    path.write_text(yaml.safe_dump({"extends": "basic_rummy_buying", "name": "Counted",
                                    "counters": {"bought": {"show": True,
                                                            "update": {"buy": "value + 1"}}}}))
    g = game(load_variant(path))
    play(g, "draw stock", "pass", "buy")
    assert g.shown_counters() == {"bought": [1, 0, 0]}


def test_nobody_buys_the_upcard_everyone_passed(tmp_path):
    path = tmp_path / "offered.yaml"
    path.write_text(yaml.safe_dump({"extends": "basic_rummy_buying", "name": "Offered",
                                    "turn": [{"offer_upcard": {}}, {"draw": {"buy": {}}},
                                             {"meld": {}}, {"discard": {}}]}))
    g = game(load_variant(path))
    play(g, "pass", "pass", "pass", "draw stock")
    assert (g.phase, g.current_player) == (Phase.TURN, 1)


def test_a_buy_that_fails_part_way_leaves_the_state_as_it_was(tmp_path):
    path = tmp_path / "failing.yaml"
    path.write_text(yaml.safe_dump({"extends": "basic_rummy_buying", "name": "Failing",
                                    "counters": {"bought": {"update": {
                                        "buy": "value / (me.cards_left - me.cards_left)"}}}}))
    g = game(load_variant(path))
    play(g, "draw stock", "pass")
    before = g.to_json()
    with pytest.raises(RummyError, match="bought|division"):
        g.apply("buy")
    assert g.to_json() == before


def test_the_rules_sheet_says_it():
    from interpreter.frontends.rules_sheet import rules_sheet
    text = " ".join(rules_sheet(BUYING).split())
    assert ("the other players, in turn order (not the one who discarded it), may buy the top "
            "discard out of turn: the first to buy takes it and a penalty card from the stock; "
            "at most 3 buys per player per hand.") in text
