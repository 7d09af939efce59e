"""The built-in functions: each checks its arguments at compile time and returns a closure."""
from __future__ import annotations

import math
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lark import Token, Tree

from .scope import BOOL, MELDS, NUM, NUMS, PLAYER, PLAYERS

if TYPE_CHECKING:
    from .compiler import Compiler, Fn

_NOTHING = object()


class NoValue(Exception):
    """Raised during evaluation by a function that has no answer, e.g. ``min()`` of nothing."""


@dataclass(frozen=True)
class Call:
    """A function call as written: the name token, the arguments, and a trailing generator."""

    name: Token
    args: list[Tree]
    generator: Tree | None


def _arity(c: Compiler, call: Call, low: int, high: int | None) -> None:
    """Complain unless the call has between ``low`` and ``high`` (None: any) arguments."""
    got = len(call.args)
    if low <= got and (high is None or got <= high):
        return
    if high is None:
        want = f"at least {low} argument{'s' * (low != 1)}"
    elif low == high:
        want = f"{low} argument{'s' * (low != 1)}"
    else:
        want = f"{low} or {high} arguments"
    raise c.error(f"{call.name}() takes {want}, got {got}", call.name)


def _plain(c: Compiler, call: Call, low: int, high: int | None) -> list[Tree]:
    """The arguments of a function that takes no generator."""
    if call.generator is not None:
        raise c.error(f"{call.name}() does not take a generator", call.name)
    _arity(c, call, low, high)
    return call.args


def _numbers(c: Compiler, call: Call) -> Fn:
    """A closure giving the numbers to aggregate: a list, a generator, or 2+ arguments."""
    if call.generator is not None:
        each, type_ = c.generator(call.args[0], call.generator)
        if type_ is not NUM:
            raise c.error(f"{call.name}() needs numbers, got {type_.value}", call.args[0])
        return each
    _arity(c, call, 1, None)
    if len(call.args) == 1:
        return c.need(call.args[0], NUMS,
                      f"{call.name}() needs a list of numbers, a generator or 2 or more numbers")
    fns = [c.need(arg, NUM, f"{call.name}() needs numbers") for arg in call.args]
    return lambda env, slots: [fn(env, slots) for fn in fns]


def _abs(c: Compiler, call: Call):
    (arg,) = _plain(c, call, 1, 1)
    x = c.need(arg, NUM, "abs() needs a number")
    return (lambda env, slots: abs(x(env, slots))), NUM


def _round(c: Compiler, call: Call):
    (arg,) = _plain(c, call, 1, 1)
    x = c.need(arg, NUM, "round() needs a number")
    return (lambda env, slots: _round_half_up(x(env, slots))), NUM


def _round_half_up(x):
    """The nearest int to ``x``, halves away from zero (``round(2.5) == 3``), as people round."""
    if type(x) is int:
        return x
    size = abs(x)
    whole = math.floor(size)
    whole += size - whole >= 0.5
    return whole if x >= 0 else -whole


def _sum(c: Compiler, call: Call):
    values = _numbers(c, call)
    return (lambda env, slots: sum(values(env, slots))), NUM


def _extreme(pick: Callable) -> Callable:
    """``min`` or ``max``: the extreme of the numbers, failing at run time if there are none."""
    def build(c: Compiler, call: Call):
        values = _numbers(c, call)
        empty = f"{call.name}() of no values"

        def extreme(env, slots):
            best = pick(values(env, slots), default=_NOTHING)
            if best is _NOTHING:
                raise NoValue(empty)
            return best
        return extreme, NUM
    return build


def _count(c: Compiler, call: Call):
    if call.generator is not None:
        each, type_ = c.generator(call.args[0], call.generator)
        if type_ is BOOL:
            return (lambda env, slots: sum(each(env, slots))), NUM
        return (lambda env, slots: sum(1 for _ in each(env, slots))), NUM
    (arg,) = _plain(c, call, 1, 1)
    group, type_ = c.compile(arg)
    if type_ not in (PLAYERS, NUMS, MELDS):
        raise c.error("count() needs a set of players, a list of melds or a generator, got "
                      f"{type_.value}", arg)
    return (lambda env, slots: len(group(env, slots))), NUM


def _logical(pick: Callable) -> Callable:
    """``any`` or ``all`` over a generator of true/false values."""
    def build(c: Compiler, call: Call):
        message = f"{call.name}() needs a generator of true/false values"
        if call.generator is None:
            (arg,) = _plain(c, call, 1, 1)
            raise c.error(f"{message}, got {c.compile(arg)[1].value}", arg)
        each, type_ = c.generator(call.args[0], call.generator)
        if type_ is not BOOL:
            raise c.error(f"{message}, got {type_.value}", call.args[0])
        return (lambda env, slots: pick(each(env, slots))), BOOL
    return build


def _ranked(pick: Callable) -> Callable:
    """``lowest`` or ``highest``: the players of a set tied at the extreme of an attribute."""
    def build(c: Compiler, call: Call):
        args = _plain(c, call, 1, 2)
        group = c.need(args[0], PLAYERS, f"{call.name}() needs a set of players")
        attr = _ranking_attribute(c, call)
        get = operator.attrgetter(attr)

        def ranked(env, slots):
            players = group(env, slots)
            if not players:
                return ()
            values = list(map(get, players))
            best = pick(values)
            return tuple(p for p, v in zip(players, values) if v == best)
        return ranked, PLAYERS
    return build


def _ranking_attribute(c: Compiler, call: Call) -> str:
    """The number attribute ``lowest``/``highest`` rank by: the 2nd argument, else deadwood."""
    example = f"like {call.name}(players, score)"
    if len(call.args) == 1:
        if c.scope.player_attrs.get("deadwood") is not NUM:
            raise c.error(f"{call.name}() needs a player attribute to rank by, {example}",
                          call.name)
        return "deadwood"
    node = call.args[1]
    if node.data != "name":
        raise c.error(f"the 2nd argument of {call.name}() must be a player attribute, {example}",
                      node)
    attr = node.children[0]
    type_ = c.attribute(PLAYER, attr)  # type: ignore[arg-type]
    if type_ is not NUM:
        raise c.error(f"{call.name}() ranks by a number attribute; '{attr}' is {type_.value}",
                      attr)
    return str(attr)


FUNCTIONS = {
    "abs": _abs,
    "round": _round,
    "sum": _sum,
    "min": _extreme(min),
    "max": _extreme(max),
    "count": _count,
    "any": _logical(any),
    "all": _logical(all),
    "lowest": _ranked(min),
    "highest": _ranked(max),
}
