"""The knock step: end the hand when the knock condition holds, usually by discarding a card
face down (``knock Ah``), or, where the spec allows it, keeping every card (``knock``).

Checking a knock is the hot path of every gin turn, so a condition ``deadwood_after_discard
<= limit`` has its limit worked out once (at build time when it is a constant), and no
discard lowers the best deadwood by more than the card's points (nor by more than the deck's
highest card points), which usually rules every knock out before any discard is tried.
"""
from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ..formula import BOOL, NUM, Formula, comparison_bound, compile_formula
from ..model.actions import Action
from ..model.rule_options import build_options, built, option
from ..model.scopes import knock_scope
from ..model.state_fields import FLAG, SEAT, state_field
from ..model.views import knock_env
from .base import KNOCK, KNOCKED, Step, not_held
from .discard import Discard, put_on_pile

if TYPE_CHECKING:
    from ..engine.state import GameState

OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
       "==": operator.eq, "!=": operator.ne}


@dataclass(frozen=True)
class Bound:
    """A condition of the form ``name op limit``: the limit is worked out once per check."""

    op: str
    limit: Formula


@dataclass(frozen=True)
class Limits:
    """Both knock conditions as constant limits: ``deadwood_after_discard op limit``, and
    ``deadwood kept_op kept_limit`` (kept_op None: the knock keeping every card is always or
    never allowed, as ``kept_limit`` says). ``beyond`` and ``kept_beyond`` test whether no
    value of at least a given one passes the condition (None: any might)."""

    op: str
    limit: Any
    kept_op: str | None
    kept_limit: Any
    beyond: Callable[[Any], bool] | None = field(default=None, compare=False)
    kept_beyond: Callable[[Any], bool] | None = field(default=None, compare=False)

    @classmethod
    def of(cls, op: str, limit: Any, kept_op: str | None, kept_limit: Any) -> Limits:
        return cls(op, limit, kept_op, kept_limit, _beyond(op, limit),
                   None if kept_op is None else _beyond(kept_op, kept_limit))


@dataclass(eq=False)
class KnockMemory:
    """The knock's slice of the game state: who knocked this hand, and whether by keeping
    every card."""

    __slots__ = ()
    knocker: int | None = state_field("hand", SEAT, None)
    kept_all: bool = state_field("hand", FLAG, False)


@dataclass(frozen=True)
class Knock(Step):
    kind: ClassVar[str] = "knock"
    plays: ClassVar[tuple[str, ...]] = ("knock",)
    distinct: ClassVar[bool] = True

    # the knock with a discard (deadwood_after_discard)
    when: Formula = option(scope=knock_scope, expect=BOOL)
    # the knock keeping every card (deadwood)
    without_discard_when: Formula = option(scope=knock_scope, expect=BOOL)
    discard: str = "required"                  # required: discard face down | none: no discard
    bound: Bound | None = built()              # ``when`` as deadwood_after_discard op limit
    kept_bound: Bound | None = built()         # ``without_discard_when`` as deadwood op limit
    limits: Limits | None = built()            # both as constants, when they are

    @classmethod
    def build(cls, options, at):
        """The knock with its conditions' bounds worked out (None after a problem)."""
        values = build_options(cls, options, at)
        when, without = values["when"], values["without_discard_when"]
        if when is None or without is None:
            return None
        scope = at.scope(knock_scope(at.roles))
        bound = _bound(when, "deadwood_after_discard", scope)
        kept_bound = _bound(without, "deadwood", scope)
        limits = None
        if values["discard"] == "required":
            limits = _limits(bound, without, kept_bound)
        return cls(**values, bound=bound, kept_bound=kept_bound, limits=limits)

    def check_place(self, turn, upcard, at) -> None:
        if self.discard == "required" and turn.get("discard", -1) < turn[self.kind]:
            at.problem("discard", "a knock that discards needs a discard step after it")

    # ---- legal knocks ---------------------------------------------------------------------
    def actions(self, state: GameState):
        if state.knocker is not None:          # a last turn after the hand's knock
            return [], False
        hand = state.hands[state.player] if state.plain else state.hand_faces(state.player)
        limits = self.limits
        if limits is not None:                 # the usual case, worked out in place
            rules = state.meld_rules
            floor = rules.deadwood_floor(hand)
            out = []
            beyond = limits.beyond
            if beyond is None or (not beyond(floor - state.top_points)     # (no card is worth
                                  and not beyond(rules.best_discards(hand)[0])):   # more)
                compare, limit = OPS[limits.op], limits.limit
                out = _discard_knocks(state, hand, lambda after: compare(after, limit))
            kept_op, kept_beyond = limits.kept_op, limits.kept_beyond
            if kept_op is None:
                if limits.kept_limit:
                    out.append(KNOCK)
            elif (kept_beyond is None or not kept_beyond(floor)) and OPS[kept_op](
                    rules.deadwood(hand), limits.kept_limit):
                out.append(KNOCK)
            return out, False
        inputs = _Inputs(state, hand)
        if self.discard != "required":
            return ([KNOCK] if self.when(inputs.env) else []), False
        test = self._discard_test(state, inputs)
        out = [] if test is None else _discard_knocks(state, hand, test)
        if self._may_keep_all(inputs):
            out.append(KNOCK)
        return out, False

    def _discard_test(self, state: GameState, inputs: _Inputs):
        """A test of one deadwood-after-discard value, or None when no discard can pass it."""
        if self.bound is None:
            results: dict[int, bool] = {}
            env = inputs.env

            def test(after: int) -> bool:
                if after not in results:
                    env["deadwood_after_discard"] = after
                    results[after] = bool(self.when(env))
                    env.pop("deadwood_after_discard")
                return results[after]
            return test
        op, formula = self.bound.op, self.bound.limit
        limit = formula(None if formula.constant else inputs.env)
        if op in ("<", "<=", "=="):
            highest = max(map(state.meld_rules.points.__getitem__, inputs.hand))
            lowest = inputs.deadwood - highest
            if lowest > limit or (op == "<" and lowest == limit):
                return None
        compare = OPS[op]
        return lambda after: compare(after, limit)

    def _may_keep_all(self, inputs: _Inputs) -> bool:
        formula = self.without_discard_when
        if formula.constant:
            return bool(formula(None))
        if self.kept_bound is not None and self.kept_bound.limit.constant:
            return OPS[self.kept_bound.op](inputs.deadwood, self.kept_bound.limit(None))
        return bool(formula(inputs.env))

    def check(self, state: GameState, seat: int, kept_all: bool) -> Callable[[int], bool]:
        """The knock condition as a test of a deadwood total (the knocker's spread must meet it)."""
        env = knock_env(state, seat, state.hand_faces(seat))
        condition = self.without_discard_when if kept_all else self.when

        def check(deadwood: int) -> bool:
            env["deadwood_after_discard"] = env["deadwood"] = deadwood
            return bool(condition(env))
        return check

    # ---- knocking -------------------------------------------------------------------------
    def apply(self, state: GameState, action):
        seat = state.player
        if action.cards:
            put_on_pile(state, seat, action.cards[0])
        state.knocker, state.kept_all = seat, not action.cards
        return KNOCKED

    def explain(self, state: GameState, action):
        if state.knocker is not None:
            return f"seat {state.knocker} has already knocked this hand"
        seat = state.player
        hand = state.hand_faces(seat)
        env = knock_env(state, seat, hand)
        if not action.cards:
            if self.discard != "required":
                return f"your deadwood is {env['deadwood']}; this variant knocks only if: " \
                       f"{self.when.text}"
            if self.without_discard_when.text == "false":
                return "a knock discards a card: knock <card>"
            return f"your deadwood is {env['deadwood']}; a knock keeping every card needs: " \
                   f"{self.without_discard_when.text}"
        if self.discard != "required":
            return "this variant knocks without a discard: knock"
        name = action.cards[0]
        reason = not_held(state, name)
        if reason is not None:
            return reason
        step = state.variant.step("discard")
        reason = step.explain(state, Action("discard", cards=(name,))) if step else None
        if reason is not None:
            return reason
        after = state.meld_rules.discard_values(hand)[state.variant.faces.parse(name)]
        return (f"your deadwood after discarding {name} would be {after}; this variant knocks "
                f"{self._limit_words(env)}")

    def _limit_words(self, env) -> str:
        """The knock condition in words: "at 10 or less", or the formula."""
        if self.bound is None:
            return f"only if: {self.when.text}"
        limit = self.bound.limit(None if self.bound.limit.constant else env)
        words = {"<=": f"at {limit} or less", "<": f"below {limit}", "==": f"only at {limit}",
                 ">=": f"at {limit} or more", ">": f"above {limit}"}
        return words.get(self.bound.op, f"only if: {self.when.text}")

    def sentence(self) -> str:
        how = ("the knock discards a card face down" if self.discard == "required"
               else "without discarding")
        text = f"Knock (optional) if: {self.when.text} ({how}); the round then ends."
        if self.without_discard_when.text != "false":
            text += f" A knock may keep every card if: {self.without_discard_when.text}."
        return text


class _Inputs:
    """What a knock check may need, worked out only if asked: the best deadwood, the env."""

    def __init__(self, state: GameState, hand: list[int]):
        self.state, self.hand = state, hand
        self._deadwood: int | None = None
        self._env: Any = None

    @property
    def deadwood(self) -> int:
        if self._deadwood is None:
            self._deadwood = self.state.meld_rules.deadwood(self.hand)
        return self._deadwood

    @property
    def env(self) -> Any:
        if self._env is None:
            self._env = knock_env(self.state, self.state.player, self.hand)
            if self._deadwood is not None:
                self._env["deadwood"] = self._deadwood
        return self._env


def _beyond(op: str, limit: Any) -> Callable[[Any], bool] | None:
    """A test of a value ``lowest``: whether no value of at least ``lowest`` passes
    ``value op limit`` (None for the operators a larger value may pass)."""
    if op == "<":
        return partial(operator.le, limit)          # limit <= lowest
    if op in ("<=", "=="):
        return partial(operator.lt, limit)          # limit < lowest
    return None


def _discard_knocks(state: GameState, hand: list[int], test) -> list:
    """``knock X`` for each discard X whose deadwood after passes ``test`` and that the discard
    step allows (not the card just taken, where it forbids that)."""
    allowed = cast(Discard, state.variant.step("discard")).discardable(state)
    knocks = state.card_actions("knock")
    values = state.meld_rules.discard_values(hand)
    return [knocks[face] for face, after in sorted(values.items())
            if face in allowed and test(after)]


def _bound(formula: Formula, name: str, scope) -> Bound | None:
    found = comparison_bound(formula.text, name)
    if found is None:
        return None
    op, limit = found
    return Bound(op, compile_formula(limit, scope, expect=NUM, name="knock limit"))


def _limits(bound: Bound | None, without: Formula, kept_bound: Bound | None) -> Limits | None:
    if bound is None or not bound.limit.constant:
        return None
    if without.constant:
        return Limits.of(bound.op, bound.limit(None), None, bool(without(None)))
    if kept_bound is not None and kept_bound.limit.constant:
        return Limits.of(bound.op, bound.limit(None), kept_bound.op, kept_bound.limit(None))
    return None
