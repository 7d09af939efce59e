"""Parse trees to plain Python closures, type-checked against a scope on the way.

Every node compiles to ``fn(env, slots)``: ``env`` maps scope names to values, ``slots`` holds
the loop variables of generators. The type of each node is settled here, so the closures do
no dispatch of their own.
"""
from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping
from difflib import get_close_matches
from typing import Any

from lark import Token, Tree

from ..errors import FormulaError, FormulaRuntimeError
from .functions import FUNCTIONS, Call, NoValue
from .parse import parse
from .scope import BOOL, CARD, MELD, MELDS, NUM, NUMS, PLAYER, PLAYERS, STR, Scope, Type

MAX_DEPTH = 50
MAX_LOOPS = 3       # generators nested in one another: a formula's work stays a small power

Fn = Callable[[Mapping[str, Any] | None, list], Any]


def compile_formula(text: str, scope: Scope, expect: Type | None = None,
                    name: str = "formula") -> Formula:
    """Parse, check and compile ``text``; ``expect`` is the type it must have (None: any)."""
    tree = parse(text)
    compiler = Compiler(text, scope)
    fn, type_ = compiler.compile(tree)
    if expect is not None and type_ is not expect:
        raise compiler.error(f"expected {expect.value}, got {type_.value}", tree)
    return Formula(text, name, type_, fn, compiler.slots)


class Formula:
    """A compiled formula: ``formula(env)`` evaluates it, ``env`` giving each scope name's value."""

    __slots__ = ("text", "name", "type", "_fn", "_slots")

    def __init__(self, text: str, name: str, type_: Type, fn: Fn, slots: int):
        self.text, self.name, self.type = text, name, type_
        self._fn, self._slots = fn, slots

    def __call__(self, env: Mapping[str, Any] | None) -> Any:
        try:
            return self._fn(env, [None] * self._slots)
        except ZeroDivisionError:
            raise self._failed("division by zero") from None
        except OverflowError:
            raise self._failed("number too large") from None
        except NoValue as err:
            raise self._failed(str(err)) from None
        except AttributeError:
            raise self._failed("reads an attribute of nobody: a player that does not exist "
                               "now, such as the knocker when nobody knocked") from None

    @property
    def constant(self) -> bool:
        """Whether the formula mentions no name: its value is the same in every env."""
        return hasattr(self._fn, "value")

    def _failed(self, message: str) -> FormulaRuntimeError:
        return FormulaRuntimeError(f"{self.name}: {self.text!r}: {message}")

    def __repr__(self) -> str:
        return f"<Formula {self.name}: {self.text!r}>"


class Compiler:
    """Compiles the nodes of one formula; tracks loop variables and nesting depth."""

    def __init__(self, text: str, scope: Scope):
        self.text = text
        self.scope = scope
        self.bound: dict[str, tuple[int, Type]] = {}
        self.slots = 0
        self.depth = 0
        self.loops = 0

    def compile(self, node: Tree) -> tuple[Fn, Type]:
        """The closure and type of an expression node."""
        if self.depth >= MAX_DEPTH:
            raise self.error(f"formula is nested too deeply (more than {MAX_DEPTH} levels)", node)
        self.depth += 1
        try:
            return getattr(self, "_" + node.data)(node, *node.children)
        finally:
            self.depth -= 1

    def need(self, node: Tree, type_: Type, message: str) -> Fn:
        """The closure of ``node``, which must have type ``type_`` (else ``message, got ...``)."""
        fn, got = self.compile(node)
        if got is not type_:
            raise self.error(f"{message}, got {got.value}", node)
        return fn

    def error(self, message: str, at: Tree | Token) -> FormulaError:
        """A FormulaError located at a node or token."""
        start = at.start_pos if isinstance(at, Token) else at.meta.start_pos
        return FormulaError(message, (start or 0) + 1, self.text)

    def attribute(self, owner: Type, attr: Token) -> Type:
        """The type of attribute ``attr`` of a player, card or meld (``owner``)."""
        kind, attrs = self._attributes(owner)
        if attr not in attrs:
            hint = _did_you_mean(attr, {a: a for a in attrs})
            raise self.error(f"unknown {kind} attribute '{attr}'{hint}", attr)
        return attrs[attr]

    def _attributes(self, owner: Type) -> tuple[str, Mapping[str, Type]]:
        """What ``owner`` (a player, card or meld) is called, and its attributes' types."""
        if owner is PLAYER:
            return "player", self.scope.player_attrs
        if owner is MELD:
            return "meld", self.scope.meld_attrs
        return "card", self.scope.card_attrs

    def generator(self, body_node: Tree, gen: Tree) -> tuple[Callable[..., Iterator], Type]:
        """``body for var in source [if cond]``: a closure giving an iterator, and body's type."""
        var, source_node, cond_node = gen.children
        source, source_type = self.compile(source_node)
        if source_type not in _ELEMENT:
            raise self.error("'for' needs a set of players, a list of melds or a list of numbers "
                             f"to go through, got {source_type.value}", source_node)
        if self.loops >= MAX_LOOPS:
            raise self.error(f"generators are nested too deeply (more than {MAX_LOOPS} in one "
                             "another)", gen)
        var = str(var)
        slot, outer = self.slots, self.bound.get(var)
        self.slots += 1
        self.bound[var] = (slot, _ELEMENT[source_type])
        self.loops += 1
        try:
            body, body_type = self.compile(body_node)
            cond = None if cond_node is None else self.need(
                cond_node, BOOL, "'if' needs a true/false condition")
        finally:
            self.loops -= 1
            if outer is None:
                del self.bound[var]
            else:
                self.bound[var] = outer

        if cond is None:
            def each(env, slots):
                for item in source(env, slots):
                    slots[slot] = item
                    yield body(env, slots)
        else:
            def each(env, slots):
                for item in source(env, slots):
                    slots[slot] = item
                    if cond(env, slots):
                        yield body(env, slots)
        return each, body_type

    # -- one method per tree node kind (see grammar.lark) --------------------------------------

    def _number(self, node, token):
        return _constant(float(token) if "." in token else int(token)), NUM

    def _string(self, node, token):
        return _constant(token[1:-1]), STR

    def _boolean(self, node, token):
        return _constant(token.lower() == "true"), BOOL

    def _name(self, node, token):
        return self._read(token, None)

    def _read(self, token: Token, get: Callable[[Any], Any] | None) -> tuple[Fn, Type]:
        """A closure reading a loop variable or scope name, then ``get`` of it if given."""
        key = str(token)
        if key in self.bound:
            slot, type_ = self.bound[key]
            if get is None:
                return (lambda env, slots: slots[slot]), type_
            return (lambda env, slots: get(slots[slot])), type_
        if key in self.scope.constants and key not in self.scope.names:
            value = self.scope.constants[key]
            return _constant(value), BOOL if isinstance(value, bool) else NUM
        if key in self.scope.names:
            if get is None:
                return (lambda env, slots: env[key]), self.scope.names[key]
            return (lambda env, slots: get(env[key])), self.scope.names[key]
        raise self.error(f"unknown name '{key}'{self._name_hint(key)}", token)

    def _attr(self, node, owner_node, attr):
        owner, owner_type = self.compile(owner_node)
        if owner_type not in (PLAYER, PLAYERS, CARD, MELD):
            raise self.error(f"{owner_type.value} has no attribute '{attr}'", attr)
        type_ = self.attribute(PLAYER if owner_type is PLAYERS else owner_type, attr)
        get = operator.attrgetter(attr)
        if owner_type is not PLAYERS:
            if owner_node.data == "name":
                return self._read(owner_node.children[0], get)[0], type_
            return (lambda env, slots: get(owner(env, slots))), type_
        if type_ is not NUM:
            raise self.error(f"'{attr}' is {type_.value}; only number attributes can be read "
                             "from a set of players", attr)
        return (lambda env, slots: tuple(map(get, owner(env, slots)))), NUMS

    def _call(self, node, name, arguments):
        build = FUNCTIONS.get(name)
        if build is None:
            hint = _did_you_mean(name, {f: f for f in FUNCTIONS})
            raise self.error(f"unknown function '{name}'{hint}", name)
        args = list(arguments.children) if arguments else []
        gen = args.pop() if args and args[-1].data == "generator" else None
        return build(self, Call(name, args, gen))

    def _neg(self, node, operand_node):
        operand = self.need(operand_node, NUM, "'-' needs a number")
        if hasattr(operand, "value"):
            return _constant(-operand.value), NUM
        return (lambda env, slots: -operand(env, slots)), NUM

    def _binary(self, node, left_node, op, right_node):
        left, left_type = self.compile(left_node)
        right, right_type = self.compile(right_node)
        if left_type is NUM and right_type is NUM:
            return _apply(_ARITHMETIC[op], left, right), NUM
        people = left_type in (PLAYER, PLAYERS) and right_type in (PLAYER, PLAYERS)
        if people and (op == "+" or op == "-" and left_type is PLAYERS):
            combine = _union if op == "+" else _difference
            return _apply(combine, _as_set(left, left_type), _as_set(right, right_type)), PLAYERS
        raise self.error(f"cannot {_VERBS[op]} {left_type.value} and {right_type.value}", op)

    def _compare(self, node, first_node, *rest):
        first, left_type = self.compile(first_node)
        tests = []
        for op_node, right_node in zip(rest[::2], rest[1::2]):
            right, right_type = self.compile(right_node)
            tests.append((self._test(" ".join(op_node.children), left_type, right_type, op_node),
                          right))
            left_type = right_type
        if len(tests) == 1:
            return _apply(tests[0][0], first, tests[0][1]), BOOL

        def chain(env, slots):
            left = first(env, slots)
            for test, right in tests:
                value = right(env, slots)
                if not test(left, value):
                    return False
                left = value
            return True
        return chain, BOOL

    def _test(self, op: str, left: Type, right: Type, at: Tree) -> Callable[[Any, Any], bool]:
        """The Python function that compares a ``left`` and a ``right`` value with ``op``."""
        if op in _MEMBERSHIP:
            if (left, right) == (PLAYER, PLAYERS):
                return _PLAYER_MEMBERSHIP[op]
            if (left, right) == (NUM, NUMS):
                return _MEMBERSHIP[op]
            raise self.error(f"cannot look for {left.value} in {right.value}", at)
        if left is right is NUM:
            return _COMPARISONS[op]
        if left is right and op in ("==", "!="):
            if left is PLAYER:
                return _IDENTITY[op]
            if left in (BOOL, STR, CARD):
                return _COMPARISONS[op]
        raise self.error(f"cannot compare {left.value} and {right.value} with '{op}'", at)

    def _not_(self, node, operand_node):
        operand = self.need(operand_node, BOOL, "'not' needs a true/false value")
        return (lambda env, slots: not operand(env, slots)), BOOL

    def _and_(self, node, left_node, right_node):
        left = self.need(left_node, BOOL, "'and' needs true/false values")
        right = self.need(right_node, BOOL, "'and' needs true/false values")
        return (lambda env, slots: left(env, slots) and right(env, slots)), BOOL

    def _or_(self, node, left_node, right_node):
        left = self.need(left_node, BOOL, "'or' needs true/false values")
        right = self.need(right_node, BOOL, "'or' needs true/false values")
        return (lambda env, slots: left(env, slots) or right(env, slots)), BOOL

    def _if_else(self, node, then_node, cond_node, else_node):
        then, then_type = self.compile(then_node)
        cond = self.need(cond_node, BOOL, "'if' needs a true/false condition")
        other, else_type = self.compile(else_node)
        if then_type is not else_type:
            raise self.error(f"'if' and 'else' give different types: {then_type.value} and "
                             f"{else_type.value}", else_node)

        def choose(env, slots):
            return then(env, slots) if cond(env, slots) else other(env, slots)
        return choose, then_type

    def _name_hint(self, name: str) -> str:
        """Did-you-mean for an unknown name: a close name, or ``p.attr`` for a bare attribute."""
        options = {n: n for n in [*self.bound, *self.scope.names, *self.scope.constants]}
        for owner in (PLAYER, CARD, MELD):
            attrs = self._attributes(owner)[1]
            holder = self._some_name_of(owner)
            for attr in attrs if holder else ():
                options.setdefault(attr, f"{holder}.{attr}")
        return _did_you_mean(name, options)

    def _some_name_of(self, type_: Type) -> str | None:
        """A name holding a ``type_`` value: the innermost loop variable, else a scope name."""
        for name, (_, bound_type) in reversed(self.bound.items()):
            if bound_type is type_:
                return name
        return next((name for name, t in self.scope.names.items()
                     if t is type_ and name not in self.bound), None)


def _did_you_mean(word: str, options: Mapping[str, str]) -> str:
    """`` (did you mean 'x'?)`` for the option whose key is closest to ``word``, else ``""``."""
    close = get_close_matches(word, list(options), n=1)
    return f" (did you mean '{options[close[0]]}'?)" if close else ""


def _constant(value: Any) -> Fn:
    """A closure giving ``value``; its ``value`` attribute lets operators fold or inline it."""
    def constant(env, slots):
        return value
    constant.value = value  # type: ignore[attr-defined]
    return constant


def _apply(function: Callable[[Any, Any], Any], left: Fn, right: Fn) -> Fn:
    """The closure of ``function(left, right)``, with constant operands folded or inlined."""
    if hasattr(left, "value") and hasattr(right, "value"):
        try:
            return _constant(function(left.value, right.value))
        except ArithmeticError:
            pass  # the formula fails when evaluated, like any other
    if hasattr(right, "value"):
        known = right.value
        return lambda env, slots: function(left(env, slots), known)
    if hasattr(left, "value"):
        known = left.value
        return lambda env, slots: function(known, right(env, slots))
    return lambda env, slots: function(left(env, slots), right(env, slots))


def _as_set(fn: Fn, type_: Type) -> Fn:
    """``fn`` giving a tuple of players, wrapping it if it gives a single player."""
    return fn if type_ is PLAYERS else (lambda env, slots: (fn(env, slots),))


def _has(group: tuple, player: Any) -> bool:
    """Whether ``player`` (by identity) is one of ``group``."""
    return any(member is player for member in group)


def _union(a: tuple, b: tuple) -> tuple:
    return a + tuple(p for p in b if not _has(a, p))


def _difference(a: tuple, b: tuple) -> tuple:
    return tuple(p for p in a if not _has(b, p))


def _divide(a, b):
    """True division that keeps an exact quotient of two ints an int."""
    if type(a) is int and type(b) is int:
        quotient, remainder = divmod(a, b)
        if not remainder:
            return quotient
    return a / b


_ARITHMETIC = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": _divide,
               "//": operator.floordiv, "%": operator.mod}
_VERBS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "//": "divide",
          "%": "take the remainder of"}
_COMPARISONS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
                ">": operator.gt, ">=": operator.ge}
_IDENTITY = {"==": operator.is_, "!=": operator.is_not}
_MEMBERSHIP = {"in": lambda x, xs: x in xs, "not in": lambda x, xs: x not in xs}
_PLAYER_MEMBERSHIP = {"in": lambda p, group: _has(group, p),
                      "not in": lambda p, group: not _has(group, p)}
_ELEMENT = {PLAYERS: PLAYER, NUMS: NUM, MELDS: MELD}
