"""A Hypothesis state machine over the public game API, for every bundled variant.

A seeded match of a drawn player count is played by rules Hypothesis chooses in any order:
a random legal action (as an Action or its notation), a run of random or greedy actions (to
reach knocks, spreads and later hands), an illegal action of any kind (which must raise
IllegalAction and leave the state exactly as it was), and a save and load (``to_json`` /
``State.from_json``: the copy saves the same JSON, may replace the original, and is later
replayed to check it plays on identically). After every rule: the saved-game invariants
(every card of the deck exactly once across hands, stock, discard pile and table), and no
seat's observation shows a card hidden from it (the checks of test_conformance.py).

The default suite runs a few short machines per variant; ``-m slow`` runs many long ones.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from test_conformance import Notation, check_conservation, check_observation, illegal_candidates

from interpreter import Action, IllegalAction, State, bundled_names, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.engine import saved_checks

QUICK = settings(max_examples=8, stateful_step_count=30, deadline=None, derandomize=True,
                 suppress_health_check=list(HealthCheck))
SLOW = settings(max_examples=60, stateful_step_count=120, deadline=None,
                suppress_health_check=list(HealthCheck))

# ---- illegal actions --------------------------------------------------------------------
_WORDS = st.sampled_from(["", "stock", "discard", "Ah", "2c", "Td", "10s", "Jk", "Jk(5c)", "zz",
                          "²", "on", "[", "]", "draw stock", "layoff", "meld", "-1", "99"])
_TEXT = _WORDS | st.text(max_size=8) | st.lists(_WORDS, max_size=5).map(" ".join)
_ODD = st.none() | st.booleans() | st.integers() | st.floats() | _TEXT | st.just(10 ** 400) \
    | st.binary(max_size=3) | st.lists(_WORDS, max_size=3) | st.tuples(_WORDS)
_CARDS = st.lists(_WORDS, max_size=3).map(tuple)
ODD_ACTIONS = st.builds(
    Action,
    kind=st.sampled_from(["draw", "take", "pass", "discard", "knock", "end", "spread", "layoff",
                          "meld"]) | _ODD,
    pile=st.sampled_from(["stock", "discard", None]) | _ODD,
    cards=_CARDS | _ODD,
    target=st.integers(-3, 12) | st.none() | _ODD,
    melds=st.none() | st.lists(_CARDS, max_size=3).map(tuple) | _ODD)
GARBAGE = st.none() | _ODD | st.dictionaries(_WORDS, _WORDS, max_size=2) | _TEXT


def seen(state: State) -> tuple:
    """All a caller can read of the state: its JSON, every observation, the legal actions."""
    return (state.to_json(), [state.observation(s) for s in range(state.players)],
            state.legal_actions())


class Match(RuleBasedStateMachine):
    """One variant's match, driven by the rules below; ``name`` is set per variant."""

    name = ""

    def __init__(self) -> None:
        super().__init__()
        self.variant = load_variant(self.name)
        self.notation = Notation(self.variant)

    @initialize(data=st.data())
    def deal(self, data) -> None:
        low, high = self.variant.players
        players = data.draw(st.integers(low, high), label="players")
        seed = data.draw(st.integers(0, 2 ** 32 - 1), label="seed")
        self.state = new_game(self.variant, players=players, seed=seed)
        self.saved: tuple[str, list] | None = None    # a save, and the actions played since

    # ---- playing ------------------------------------------------------------------------
    def play(self, action) -> None:
        self.state.apply(action)
        if self.saved is not None:
            self.saved[1].append(action)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def legal_action(self, data) -> None:
        legal = self.state.legal_actions()
        assert legal, f"no legal action in phase {self.state.phase.value}, not terminal"
        action = data.draw(st.sampled_from(legal), label="action")
        self.play(str(action) if data.draw(st.booleans(), label="as notation") else action)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(bot=st.sampled_from(["random", "greedy"]), count=st.integers(1, 40),
          seed=st.integers(0, 999))
    def bot_actions(self, bot: str, count: int, seed: int) -> None:
        agent = make_agent(bot, seed)
        for _ in range(count):
            if self.state.is_terminal:
                return
            self.play(agent.act(self.state))

    # ---- refused ------------------------------------------------------------------------
    def refused(self, action) -> None:
        """``action`` is legal (and then played) or refused with the state unchanged."""
        before = seen(self.state)
        legal = self.state.is_legal(action)
        assert seen(self.state) == before, "is_legal changed the state"
        if legal:
            self.play(action)
            return
        try:
            self.state.apply(action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"apply accepted {action!r}, which is_legal refused")
        assert seen(self.state) == before, f"the refused {action!r} changed the state"

    @rule(action=ODD_ACTIONS | GARBAGE)
    def odd_action(self, action) -> None:
        self.refused(action)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(seed=st.integers(0, 999))
    def wrong_move(self, seed: int) -> None:
        """Readable moves that are not legal now: cards not held, the wrong kind, bad melds."""
        legal = set(self.state.legal_actions())
        for action in illegal_candidates(self.state, legal, self.notation, random.Random(seed))[:3]:
            self.refused(action)

    # ---- saving -------------------------------------------------------------------------
    @rule(switch=st.booleans(), bundled=st.booleans())
    def save_and_load(self, switch: bool, bundled: bool) -> None:
        self.check_replay()
        text = self.state.to_json()
        copy = State.from_json(text) if bundled else State.from_json(text, self.variant)
        assert copy.to_json() == text, "the loaded copy saves other JSON"
        assert [copy.observation(s) for s in range(copy.players)] == \
            [self.state.observation(s) for s in range(self.state.players)]
        assert copy.legal_actions() == self.state.legal_actions()
        self.saved = (text, [])
        if switch:
            self.state = copy

    @invariant()
    def check_replay(self) -> None:
        """The last save, loaded and given the actions played since, is the state now."""
        if self.saved is None or not self.saved[1]:
            return
        again = State.from_json(self.saved[0], self.variant)
        for action in self.saved[1]:
            again.apply(action)
        assert again.to_json() == self.state.to_json(), "a loaded copy played on differently"

    # ---- invariants ---------------------------------------------------------------------
    @invariant()
    def cards_conserved(self) -> None:
        state = self.state
        saved_checks.check(state.to_data(), self.variant, self.name)
        check_conservation(state, self.name)

    @invariant()
    def observations_hide_what_they_should(self) -> None:
        for seat in range(self.state.players):
            check_observation(self.state, seat, self.notation, self.name)


def machine_for(name: str) -> type[Match]:
    return type(f"Match_{name}", (Match,), {"name": name})


# Known bug (open): run after other test files in one process, the indian_rummy machine
# reaches a spread whose meld holds a printed joker standing for a joker (saved_checks refuses
# it: "a joker standing for face 52"); alone it passes. Not strict, so it is seen either way.
@pytest.mark.parametrize("name", bundled_names())
def test_state_machine(name):
    run_state_machine_as_test(machine_for(name), settings=QUICK)


@pytest.mark.slow
@pytest.mark.parametrize("name", bundled_names())
def test_state_machine_long(name):
    run_state_machine_as_test(machine_for(name), settings=SLOW)
