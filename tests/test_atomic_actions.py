"""An action is applied all or nothing: an exception anywhere inside ``apply`` (a formula's
run-time error, a defect) restores the state from before the action and is raised again as a
RummyError naming the rule that failed. Faults are injected, after the state was changed, into
every step kind and into the scoring, counter, dealing and seating updates, over every bundled
variant; actions ``engine.turn.quiet`` lets skip the snapshot are shown to run no formula and
end no hand, through steps that cannot fail part-way."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from gameplay import FULL_DECK

from interpreter import (
    Action,
    IllegalAction,
    RummyError,
    State,
    bundled_names,
    load_variant,
    new_game,
)
from interpreter.agents import make_agent
from interpreter.engine import dealing, scoring, turn
from interpreter.errors import ActionFailed, FormulaRuntimeError
from interpreter.formula.compiler import Formula
from interpreter.native import running_compiled
from interpreter.rules import counters, seating
from interpreter.rules.match import Match
from interpreter.rules.round_end import RoundEnd
from interpreter.rules.scoring import Scoring
from interpreter.rules.stock import Stock
from interpreter.steps import (
    Discard,
    Draw,
    DrawUntilMeld,
    Knock,
    Meld,
    OfferUpcard,
    Spread,
    draw_until_meld,
)
from interpreter.steps import meld as meld_step

LISTENING = """
extends: gin_standard
name: Counters listening to every action
counters:
  moves: {update: {draw_stock: "value + 1", draw_discard: "value + 1", discard: "value + 1",
                   knock: "value + 1", take: "value + 1", pass: "value + 1",
                   spread: "value + 1", layoff: "value + 1"}}
"""
VOID_WHEN = """
extends: carousel
name: A hand void when the stock runs low
round_end: {void_when: "stock_left < 20"}
"""

LAST_LAP = """
extends: basic_rummy
name: A last lap when the stock runs out
stock: {exhausted_at: 0, then: last_lap}
"""


class Injected(Exception):
    """The fault the tests inject."""


def _faulty(original):
    def run(*args, **kwargs):
        original(*args, **kwargs)                # the state is changed first
        raise Injected("injected fault")
    return run


# (owner, attribute): every step kind's apply (the offer's answer), and the updates of a hand's
# end. The quiet path (QUIET_PATH) runs only simple steps, then passes the turn on.
FAULTS = [(Draw, "apply"), (Discard, "apply"), (Knock, "apply"), (Meld, "apply"),
          (DrawUntilMeld, "apply"), (OfferUpcard, "answer"), (Spread, "apply"),
          (meld_step, "apply_meld"), (draw_until_meld, "apply_meld"),
          (scoring, "score_hand"), (scoring, "void_hand"), (Scoring, "settle"),
          (Scoring, "pay"), (Match, "after_hand"),
          (counters, "on_action"), (counters, "on_scored"), (counters, "start"),
          (dealing, "deal_hand"), (RoundEnd, "after_turn"), (Stock, "after_turn"),
          (Stock, "start_last_lap"),
          (seating, "after_scored_hand"), (seating, "after_void_hand"),
          (turn, "_end_turn"), (turn, "_start_turn"), (turn, "begin_hand")]
QUIET_PATH = {(Draw, "apply"), (Discard, "apply"), (OfferUpcard, "answer"),
              (RoundEnd, "after_turn"), (Stock, "after_turn"), (turn, "_end_turn"),
              (turn, "_start_turn")}


def _seen(g: State) -> tuple:
    return g.to_json(), [g.observation(s) for s in range(g.players)], g.legal_actions()


def _variants(tmp_path) -> list:
    extra = []
    for i, text in enumerate((LISTENING, VOID_WHEN, LAST_LAP)):
        path = tmp_path / f"extra{i}.yaml"
        path.write_text(text)
        extra.append(load_variant(path))
    return [load_variant(n) for n in bundled_names()] + extra


@pytest.mark.skipif(running_compiled("interpreter.engine.turn"),
                    reason="patches engine functions, which compiled callers call directly")
def test_a_fault_anywhere_restores_the_state_and_the_game_goes_on(tmp_path, monkeypatch):
    restored: Counter = Counter()
    for variant in _variants(tmp_path):
        g = new_game(variant, seed=9)
        rng, bot = random.Random(9), make_agent("greedy", 9)
        tried: Counter = Counter()
        greedy = 0.8 if variant.stock.then != "last_lap" else 0.0    # (random play: no knock)
        for _ in range(400):
            if g.is_terminal or len(g.history) >= 3:
                break
            action = bot.act(g) if rng.random() < greedy else rng.choice(g.legal_actions())
            # a quiet action passes only QUIET_PATH points (test_a_quiet_action_...), and
            # those it passes without a snapshot: only the others' faults are tried
            quiet = turn.quiet(g, _step_of(g, action))
            for owner, name in [] if quiet else _on_path(g, action, monkeypatch):
                if tried[owner, name]:
                    continue
                tried[owner, name] += 1
                trial = State.from_json(g.to_json(), variant)
                before = _seen(trial)
                with monkeypatch.context() as m:
                    m.setattr(owner, name, _faulty(getattr(owner, name)))
                    with pytest.raises(ActionFailed) as failed:
                        trial.apply(action)
                assert str(failed.value).startswith(f"{action} failed in ")
                assert str(failed.value).endswith(": Injected: injected fault; the game is as "
                                                  "it was before the action")
                assert _seen(trial) == before, (variant.name, action, name)
                restored[_label(owner, name)] += 1
                trial.apply(action)               # and the game goes on as it would have
                g_next = State.from_json(g.to_json(), variant)
                g_next.apply(action)
                assert trial.to_json() == g_next.to_json()
            g.apply(action)
    labels = {_label(owner, name) for owner, name in FAULTS}
    assert set(restored) == labels, labels - set(restored)


def _on_path(g: State, action, monkeypatch) -> list:
    """The fault points applying ``action`` passes through (tried on a copy)."""
    passed = []

    def recording(point, original):
        def run(*args, **kwargs):
            passed.append(point)
            return original(*args, **kwargs)
        return run

    copy = State.from_json(g.to_json(), g.variant)
    with monkeypatch.context() as m:
        for owner, name in FAULTS:
            m.setattr(owner, name, recording((owner, name), getattr(owner, name)))
        copy.apply(action)
    return list(dict.fromkeys(passed))


def _step_of(g: State, action) -> int:
    """The step index apply will give the action (an unlisted table move: the meld step)."""
    step = g._legal().step_of(action)
    return g.meld_step if step is None and action.kind == "meld" else step or 0


def _label(owner, name: str) -> str:
    return f"{owner.__name__.rpartition('.')[2]}.{name}"


def test_a_quiet_action_runs_no_formula_and_ends_no_hand(tmp_path, monkeypatch):
    """What quiet() lets skip the snapshot: only a simple step's card move and passing the turn
    on; no formula, no scoring, dealing, reshuffle or last lap, and after_turn plays on."""
    def forbidden(*args, **kwargs):
        raise AssertionError("a quiet action went beyond moving a card")

    def ends_nothing(rule, state, seat):
        ending = round_end(rule, state, seat)
        assert ending is None
        return ending

    def plays_on(rule, state, seat):
        ending = after_turn(rule, state, seat)
        assert ending is None
        return ending

    after_turn, round_end = Stock.after_turn, RoundEnd.after_turn
    quiet_actions: Counter = Counter()
    for variant in _variants(tmp_path):
        for players in sorted({variant.players[0], variant.players[1]}):
            g = new_game(variant, players=players, seed=4)
            rng = random.Random(4)
            for _ in range(400):
                if g.is_terminal:
                    break
                action = rng.choice(g.legal_actions())
                if turn.quiet(g, _step_of(g, action)):
                    quiet_actions[action.kind] += 1
                    with monkeypatch.context() as m:
                        m.setattr(Formula, "__call__", forbidden)
                        for owner, name in FAULTS:
                            if (owner, name) not in QUIET_PATH:
                                m.setattr(owner, name, forbidden)
                        for name in ("_restock", "start_last_lap"):
                            m.setattr(Stock, name, forbidden)
                        for name in ("_went_out", "_knocked", "_score", "_next_hand"):
                            m.setattr(turn, name, forbidden)
                        m.setattr(Stock, "after_turn", plays_on)
                        m.setattr(RoundEnd, "after_turn", ends_nothing)
                        g.apply(action)
                else:
                    g.apply(action)
    assert set(quiet_actions) >= {"draw", "discard", "take", "pass"}


@pytest.mark.parametrize("card", ["Zz", "not held"])
def test_a_simple_step_can_only_fail_before_it_changes_anything(card):
    """A simple step's one failure: reading the card of its action, before any change (the
    legal lookup already refuses such an action; here the step is called directly)."""
    g = new_game(load_variant("gin_standard"), seed=1, dealer=0)
    for action in ("pass", "pass", "draw stock"):
        g.apply(action)
    hand = g.observation(g.current_player)["hand"]
    if card == "not held":
        card = next(c for c in FULL_DECK if c not in hand)
    before = _seen(g)
    with pytest.raises(RummyError):
        g.variant.step("discard").apply(g, Action("discard", cards=(card,)))
    assert _seen(g) == before


def test_simple_steps_are_the_card_moves():
    assert {cls.kind for cls in (Draw, Discard, DrawUntilMeld, Knock, Meld, OfferUpcard)
            if cls.simple} == {"draw", "discard"}


DIVIDES = """
extends: gin_standard
name: Divides by zero
scoring:
  outcomes:
    - outcome: knock
      winners: knocker
      award: [{to: winners, points: "10 // (p.deadwood - p.deadwood)"}]
"""


def test_a_formula_failing_at_the_end_of_a_hand_refuses_the_action(tmp_path):
    path = tmp_path / "divides.yaml"
    path.write_text(DIVIDES)
    g = new_game(load_variant(path), seed=1)
    bot = make_agent("greedy", 1)
    while True:
        action = bot.act(g)
        before = _seen(g)
        try:
            g.apply(action)
        except FormulaRuntimeError as error:
            assert str(error) == ("scoring.outcomes[0].award[0].points: '10 // (p.deadwood - "
                                  "p.deadwood)': division by zero")
            break
    assert _seen(g) == before and g.scores == [0, 0]
    assert g.is_legal(action)                 # still legal, still failing: nothing half-done
    with pytest.raises(FormulaRuntimeError):
        g.apply(action)
    assert _seen(g) == before


def test_a_failing_void_when_refuses_the_turns_last_action(tmp_path):
    path = tmp_path / "void.yaml"
    path.write_text("extends: gin_standard\nname: Void\n"
                    "round_end: {void_when: \"1 // (stock_left - 28) > 9\"}\n")
    g = new_game(load_variant(path), seed=1, dealer=0)
    g.apply("pass")
    g.apply("pass")
    for _ in range(2):                        # stock_left 30, then 29: no failure
        g.apply("draw stock")
        g.apply(next(a for a in g.legal_actions() if a.kind == "discard"))
    g.apply("draw stock")
    discard = next(a for a in g.legal_actions() if a.kind == "discard")
    before = _seen(g)
    with pytest.raises(FormulaRuntimeError, match="round_end.void_when: '1 // \\(stock_left - "
                                                  "28\\) > 9': division by zero"):
        g.apply(discard)
    assert _seen(g) == before


def test_an_illegal_table_move_is_still_illegal_action_and_changes_nothing():
    g = new_game(load_variant("carousel"), players=2, seed=11)
    while g.meld_step is None:
        g.apply(g.legal_actions()[0])
    before = _seen(g)
    with pytest.raises(IllegalAction, match="is not a legal meld"):
        g.apply("meld [Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh]")
    assert _seen(g) == before
