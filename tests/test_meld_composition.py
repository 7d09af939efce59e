"""What melds are made of, in formulas (``p.melds``, each with size, kind, wilds, natural,
points), a bonus per qualifying meld, and going out only once a formula over the melds holds
(round_end.may_go_out_when): scenarios from explicit decks."""
from __future__ import annotations

import pytest
from test_options_honoured import stacked
from test_rules_basic_rummy_long_meld_bonus import FIRST_MELDS, game, melds, spec

from interpreter import IllegalAction, SpecError, new_game
from interpreter.formula import compile_formula
from interpreter.model.scopes import going_out_scope
from interpreter.model.views import going_out_env


def test_a_players_melds_on_the_table_with_what_they_are_made_of():
    g = game()
    g.apply("draw stock")
    assert melds(g, 1) == []
    g.apply(FIRST_MELDS)
    assert melds(g, 1) == [("run", 4, 1, False, True, False, True, 5 + 6 + 7 + 15),
                           ("group", 3, 0, True, False, True, False, 27)]
    assert melds(g, 0) == []
    env = going_out_env(g, 1)
    for text, value in [("count(me.melds)", 2), ("sum(m.points for m in p.melds)", 60),
                        ("count(m for m in me.melds if m.kind == 'run' and m.mixed)", 1),
                        ("max(m.size for m in me.melds)", 4),
                        ("sum(count(o.melds) for o in opponents)", 0)]:
        assert compile_formula(text, going_out_scope())(env) == value, text


def test_cards_laid_off_onto_a_meld_count_in_its_owners_meld():
    g = game()
    for action in ("draw stock", FIRST_MELDS, "discard Kd", "draw stock"):     # seat 0: Ks
        g.apply(action)
    g.apply("meld [4h 5h 6h 7h Jk(8h)] [9c 9d 9s]")        # seat 0 lays 4h off
    assert g.table_owners == [1, 1] and melds(g, 0) == []
    assert [m[:3] for m in melds(g, 1)] == [("run", 5, 1), ("group", 3, 0)]


def test_a_player_left_one_card_who_may_not_go_out_keeps_it():
    """No meld leaves a player who may not go out a single card to discard, but should one
    reach the discard so (here by hand), that card may not be discarded: the turn ends
    without a discard."""
    g = game()
    g.apply("draw stock")
    g.apply(FIRST_MELDS)                                    # left: 2c 3c 4c Kd
    kept = [g.card_in_hand(1, "Kd")]
    g.discard[:0] = [c for c in g.hands[1] if c not in kept]
    g.hands[1][:] = kept
    g.legal_cache = None
    assert list(map(str, g.legal_actions())) == ["end"]
    with pytest.raises(IllegalAction, match=r"discard Kd: you may go out \(play your last "
                                            r"card\) only if: count"):
        g.apply("discard Kd")
    g.apply("end")
    assert g.current_player == 0 and g.hands[1] == kept


def test_a_knockers_and_a_defenders_spread_melds(tmp_path):
    v = spec(tmp_path, """extends: gin_standard
name: gin, melds counted
scoring:
  outcomes:
    gin:
      award:
        - {to: winners, points: "1000 * count(p.melds) + sum(m.size for m in p.melds)"}
        - {to: losers, points: "100 * count(p.melds) + sum(m.points for m in p.melds)"}
""")
    g = new_game(v, seed=0, dealer=0, deck=stacked(
        {1: "Ah 2h 3h 4h 5c 5d 5s 9s Ts Js", 0: "6c 6d 6h Kc 8c Th 4c 2d Jh Qd"}, 0, "Qs"))
    for action in ("take", "knock Ah", "spread [2h 3h 4h] [5c 5d 5s] [9s Ts Js Qs]"):
        g.apply(action)
    (record,) = g.history
    assert record["outcome"] == "gin"
    assert record["points"] == [100 + 18, 3000 + 10]


@pytest.mark.parametrize("text, message", [
    ("round_end: {may_go_out_when: 'count(m for m in me.melds if m.sise > 4) >= 1'}",
     "house.yaml:3:62: round_end.may_go_out_when: unknown meld attribute 'sise' (did you mean "
     "'size'?)"),
    ("round_end: {empty_hand_ends_round: false, may_go_out_when: 'me.score > 0'}",
     "house.yaml:3:60: round_end.may_go_out_when: needs round_end.empty_hand_ends_round: true "
     "(going out)"),
    ("round_end: {may_go_out_when: 'knocker.melds'}",
     "house.yaml:3:31: round_end.may_go_out_when: unknown name 'knocker'"),
])
def test_misuse_is_a_located_error(tmp_path, text, message):
    with pytest.raises(SpecError) as caught:
        spec(tmp_path, f"extends: basic_rummy\nname: bad\n{text}\n")
    assert message in str(caught.value)




def test_without_a_discard_step_only_a_meld_using_the_last_card_goes_out(tmp_path):
    """Carousel has no discard: a meld may leave a single card (kept), not none."""
    v = spec(tmp_path, "extends: carousel\nname: long runs\n"
                       "round_end: {may_go_out_when: 'any(m.size >= 5 for m in me.melds)'}\n")
    g = new_game(v, dealer=0, deck=stacked(
        {1: "Ah 2h 3h 4h 5c 5d 5s 9s Ts Js", 0: "6c 6d 7h Kc 8s Th 4c 2d Jh Qd"}, dealer=0,
        then="Qs", jokers=1))
    g.apply("draw stock")                                   # Qs
    legal = set(map(str, g.legal_actions()))
    out = "meld [Ah 2h 3h 4h] [5c 5d 5s] [9s Ts Js Qs]"
    with pytest.raises(IllegalAction, match="would go out: you may go out"):
        g.apply(out)
    assert out not in legal
    g.apply("meld [Ah 2h 3h 4h] [5c 5d 5s] [9s Ts Js]")      # keeps Qs: allowed
    assert [len(h) for h in g.hands] == [10, 1]
