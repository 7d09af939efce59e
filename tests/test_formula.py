"""The formula language: values, operators, functions, generators, errors and guards."""
from __future__ import annotations

import ast
import operator
from dataclasses import dataclass
from fractions import Fraction

import lark
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from interpreter.errors import FormulaError, FormulaRuntimeError
from interpreter.formula import (
    BOOL,
    CARD,
    MELDS,
    NUM,
    NUMS,
    PLAYER,
    PLAYERS,
    STR,
    Formula,
    Scope,
    compile_formula,
)


@dataclass
class Player:
    """Compares equal by fields, so tests can tell identity from equality."""

    name: str
    deadwood: int = 0
    score: int = 0
    rounds_won: int = 0
    is_knocker: bool = False


@dataclass
class Card:
    points: int
    rank: str
    suit: str
    is_joker: bool = False


SCOPE = Scope(
    names={"knocker": PLAYER, "opponents": PLAYERS, "players": PLAYERS, "winners": PLAYERS,
           "upcard": CARD, "deadwood_after_discard": NUM, "p": PLAYER},
    player_attrs={"deadwood": NUM, "score": NUM, "rounds_won": NUM, "is_knocker": BOOL},
    card_attrs={"points": NUM, "rank": STR, "suit": STR, "is_joker": BOOL},
)
ANN = Player("ann", deadwood=0, score=120, rounds_won=2, is_knocker=True)
BOB = Player("bob", deadwood=7, score=40, rounds_won=0)
CAT = Player("cat", deadwood=7, score=150, rounds_won=1)
ENV = {"knocker": ANN, "opponents": (BOB, CAT), "players": (ANN, BOB, CAT), "winners": (ANN,),
       "upcard": Card(10, "K", "h"), "deadwood_after_discard": 4, "p": BOB}


def run(text, env=ENV, scope=SCOPE, **kw):
    return compile_formula(text, scope, **kw)(env)


def error(text, scope=SCOPE, **kw):
    with pytest.raises(FormulaError) as caught:
        compile_formula(text, scope, **kw)
    return caught.value.message, caught.value.column


# -- values and operators ----------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("42", 42), ("2.5", 2.5), ("'hi'", "hi"), ('"hi"', "hi"),
    ("true", True), ("True", True), ("false", False), ("False", False),
    ("1 + 2", 3), ("1 - 2", -1), ("3 * 4", 12), ("7 // 2", 3), ("-7 // 2", -4), ("7 % 3", 1),
    ("-7 % 3", 2), ("7 / 2", 3.5), ("- 3", -3), ("-(2 + 3) * 2", -10), ("2 + 3 * 4", 14),
    ("(2 + 3) * 4", 20), ("10 - 4 - 3", 3), ("2.5 * 2", 5.0),
    ("1 < 2", True), ("2 <= 2", True), ("3 > 4", False), ("4 >= 5", False),
    ("1 == 1", True), ("1 != 1", False), ("1 == 1.0", True), ("0 < 3 <= 3", True),
    ("0 < 5 <= 3", False), ("3 > 2 > 1 > 0", True), ("'a' == 'a'", True), ("true != false", True),
    ("not true", False), ("not 1 > 2", True), ("true and false", False), ("false or true", True),
    ("not false and false", False), ("true or true and false", True),
    ("1 if true else 2", 1), ("1 if false else 2", 2), ("1 if false else 2 if true else 3", 2),
])
def test_literals_and_operators(text, value):
    result = run(text)
    assert result == value and type(result) is type(value)


@pytest.mark.parametrize("text, value", [("6 / 3", 2), ("7 / 2", 3.5), ("-9 / 3", -3),
                                         ("7.5 / 2.5", 3.0), ("1 / 4", 0.25)])
def test_true_division_keeps_exact_int_quotients_int(text, value):
    result = run(text)
    assert result == value and type(result) is type(value)


@given(st.integers(-10**30, 10**30), st.integers(-10**6, 10**6).filter(bool))
def test_true_division_is_exact_for_ints(a, b):
    result = compile_formula(f"{a} / ({b})", SCOPE)({})
    if a % b == 0:
        assert type(result) is int and result == Fraction(a, b)
    else:
        assert result == a / b


def test_and_or_if_evaluate_lazily():
    assert run("false and 1 / 0 == 0") is False
    assert run("true or 1 / 0 == 0") is True
    assert run("1 if true else 1 / 0") == 1


def test_names_and_attributes():
    assert run("deadwood_after_discard <= 10") is True
    assert run("knocker.deadwood == 0") is True
    assert run("knocker.is_knocker and not p.is_knocker") is True
    assert run("upcard.points + 1") == 11
    assert run("upcard.rank == 'K' and upcard.suit == \"h\" and not upcard.is_joker") is True
    assert run("opponents.deadwood") == (7, 7)
    assert compile_formula("players.score", SCOPE).type is NUMS


def test_player_equality_is_identity():
    twin = Player("bob", deadwood=7, score=40)
    env = {**ENV, "knocker": twin}
    assert twin == BOB
    assert run("knocker == p", env) is False
    assert run("knocker != p", env) is True
    assert run("p == p") is True
    assert run("knocker in opponents", env) is False
    assert run("p in opponents", env) is True


def test_set_operations():
    assert run("players - knocker") == (BOB, CAT)
    assert run("players - opponents") == (ANN,)
    assert run("players - players") == ()
    assert run("opponents + knocker") == (BOB, CAT, ANN)
    assert run("opponents + players") == (BOB, CAT, ANN)
    assert run("knocker + p") == (ANN, BOB)
    assert run("knocker + knocker") == (ANN,)
    assert run("p in winners") is False
    assert run("p not in winners") is True
    assert run("knocker in winners") is True
    assert run("knocker not in players - knocker") is True
    assert run("7 in opponents.deadwood") is True
    assert run("0 not in opponents.deadwood") is True


# -- functions and generators ------------------------------------------------------------------

@pytest.mark.parametrize("text, value", [
    ("sum(opponents.deadwood)", 14), ("sum(1, 2, 3)", 6), ("min(players.score)", 40),
    ("max(players.score)", 150), ("max(0, 2 - 5)", 0), ("min(3, 1, 2)", 1),
    ("abs(-4)", 4), ("abs(2.5)", 2.5), ("round(2.5)", 3), ("round(2.4)", 2), ("round(-2.5)", -3),
    ("round(7)", 7), ("round(7 / 2)", 4), ("count(players)", 3), ("count(opponents.deadwood)", 2),
    ("sum(o.deadwood for o in opponents) + 25", 39),
    ("sum(q.deadwood - knocker.deadwood for q in players if q.score > 100)", 7),
    ("max(q.score for q in players if q.deadwood > 0)", 150),
    ("min(q.score for q in players)", 40),
    ("count(q for q in players if q.score >= 120)", 2),
    ("count(q.rounds_won > 0 for q in players)", 2),
    ("count(q for q in players if q.score > 1000)", 0),
    ("sum(q.score for q in players if q.score > 1000)", 0),
    ("sum(d * 2 for d in opponents.deadwood if d > 5)", 28),
    ("all(o.deadwood > 0 for o in opponents)", True),
    ("all(o.rounds_won == 0 for o in opponents)", False),
    ("any(o.rounds_won == 0 for o in opponents)", True),
    ("any(q.score > 999 for q in players)", False),
    ("all(q.score > 999 for q in players if q.score > 10000)", True),
    ("sum(count(r for r in players if r.score > q.score) for q in players)", 3),
])
def test_functions_and_generators(text, value):
    result = run(text)
    assert result == value and type(result) is type(value)


def test_generator_variable_shadows_a_scope_name():
    assert run("sum(p.deadwood for p in players) + p.score") == 14 + 40
    assert run("sum(sum(p.score for p in winners) for p in opponents)") == 240


def test_lowest_and_highest_with_ties():
    assert run("lowest(players)") == (ANN,)
    assert run("highest(players)") == (BOB, CAT)
    assert run("lowest(opponents)") == (BOB, CAT)
    assert run("highest(players, score)") == (CAT,)
    assert run("lowest(players, rounds_won)") == (BOB,)
    assert run("lowest(players - players)") == ()
    assert run("lowest(opponents)", {**ENV, "opponents": (CAT, BOB)}) == (CAT, BOB)
    assert run("knocker in lowest(players)") is True


def test_min_and_max_of_nothing_fail_naming_the_formula():
    text = "min(q.score for q in players if q.score > 1000)"
    with pytest.raises(FormulaRuntimeError) as caught:
        compile_formula(text, SCOPE, name="scoring[1].points")(ENV)
    assert str(caught.value) == f"scoring[1].points: {text!r}: min() of no values"
    with pytest.raises(FormulaRuntimeError, match=r"max\(\) of no values"):
        run("max(winners.score)", {**ENV, "winners": ()})


@pytest.mark.parametrize("text", ["1 / 0", "5 // (2 - 2)", "5 % 0",
                                  "knocker.score / knocker.deadwood"])
def test_division_by_zero_names_the_formula(text):
    with pytest.raises(FormulaRuntimeError) as caught:
        compile_formula(text, SCOPE, name="scoring[0].points")(ENV)
    assert str(caught.value) == f"scoring[0].points: {text!r}: division by zero"


@pytest.mark.parametrize("text", ["1" + "0" * 400 + " / 3", "round(1" + "0" * 400 + ".5)"])
def test_overflow_is_a_runtime_error(text):
    with pytest.raises(FormulaRuntimeError, match="number too large"):
        run(text)


# -- the Formula object and the scope ----------------------------------------------------------

def test_formula_object():
    f = compile_formula("knocker.deadwood == 0", SCOPE, expect=BOOL, name="scoring[0].when")
    assert isinstance(f, Formula)
    assert (f.text, f.name, f.type) == ("knocker.deadwood == 0", "scoring[0].when", BOOL)
    assert f(ENV) is True
    assert "scoring[0].when" in repr(f)
    assert compile_formula("players - knocker", SCOPE).type is PLAYERS
    assert compile_formula("upcard", SCOPE).type is CARD
    assert compile_formula("upcard.rank", SCOPE).type is STR


def test_scope_with_names_adds_without_changing_the_original():
    wider = SCOPE.with_names(winner=PLAYER, losers=PLAYERS)
    assert run("winner.score - sum(losers.score)", {**ENV, "winner": CAT, "losers": (BOB,)},
               scope=wider) == 110
    assert "winner" not in SCOPE.names
    assert wider.player_attrs is SCOPE.player_attrs


def test_evaluation_never_touches_the_parser(monkeypatch):
    f = compile_formula("sum(q.deadwood - knocker.deadwood for q in opponents if q.score > 0) + 25",
                        SCOPE, expect=NUM)

    def no_parsing(*args, **kwargs):
        raise AssertionError("the parser ran while evaluating")
    monkeypatch.setattr(lark.Lark, "parse", no_parsing)
    monkeypatch.setattr(lark.Lark, "lex", no_parsing)
    assert all(f(ENV) == 39 for _ in range(20000))


# -- compile-time errors -----------------------------------------------------------------------

@pytest.mark.parametrize("text, message, column", [
    (")", "unexpected ')'; expected a number, a name or '('", 1),
    ("1 +", "unexpected end of the formula; expected a number, a name or '('", 4),
    ("1 2", "unexpected number 2; expected an operator or the end of the formula", 3),
    ("max(1 2)", "unexpected number 2; expected an operator, ')', ',' or 'for'", 7),
    ("(1 + 2", "unexpected end of the formula; expected ')'", 7),
    ("knocker.", "unexpected end of the formula; expected a name", 9),
    ("a = b", "unexpected character '=' (use '==' to compare)", 3),
    ("x && y", "unexpected character '&' (use 'and')", 3),
    ("'abc", "unexpected character \"'\" (a text needs a closing quote)", 1),
    ("   ", "the formula is empty", 1),
    ("deadwod == 0", "unknown name 'deadwod' (did you mean 'knocker.deadwood'?)", 1),
    ("deadwood == 0", "unknown name 'deadwood' (did you mean 'knocker.deadwood'?)", 1),
    ("sum(deadwood for q in players)", "unknown name 'deadwood' (did you mean 'q.deadwood'?)", 5),
    ("opponent", "unknown name 'opponent' (did you mean 'opponents'?)", 1),
    ("1 + zzz", "unknown name 'zzz'", 5),
    ("knocker.deadwod", "unknown player attribute 'deadwod' (did you mean 'deadwood'?)", 9),
    ("upcard.pionts", "unknown card attribute 'pionts' (did you mean 'points'?)", 8),
    ("deadwood_after_discard.x", "a number has no attribute 'x'", 24),
    ("players.is_knocker", "'is_knocker' is a true/false value; only number attributes can be "
                           "read from a set of players", 9),
    ("mx(1, 2)", "unknown function 'mx' (did you mean 'max'?)", 1),
    ("frobnicate(1)", "unknown function 'frobnicate'", 1),
    ("abs(1, 2)", "abs() takes 1 argument, got 2", 1),
    ("1 + round()", "round() takes 1 argument, got 0", 5),
    ("max()", "max() takes at least 1 argument, got 0", 1),
    ("lowest(players, score, 1)", "lowest() takes 1 or 2 arguments, got 3", 1),
    ("abs(q.score for q in players)", "abs() does not take a generator", 1),
    ("knocker + 1", "cannot add a player and a number", 9),
    ("1 - knocker", "cannot subtract a number and a player", 3),
    ("knocker - players", "cannot subtract a player and a set of players", 9),
    ("'a' * 2", "cannot multiply a text and a number", 5),
    ("true / 2", "cannot divide a true/false value and a number", 6),
    ("-knocker", "'-' needs a number, got a player", 2),
    ("1 if 2 else 3", "'if' needs a true/false condition, got a number", 6),
    ("1 if true else knocker", "'if' and 'else' give different types: a number and a player", 16),
    ("not 1", "'not' needs a true/false value, got a number", 5),
    ("true and 1", "'and' needs true/false values, got a number", 10),
    ("0 or true", "'or' needs true/false values, got a number", 1),
    ("knocker < p", "cannot compare a player and a player with '<'", 9),
    ("1 == true", "cannot compare a number and a true/false value with '=='", 3),
    ("1 < 2 < knocker", "cannot compare a number and a player with '<'", 7),
    ("players == players", "cannot compare a set of players and a set of players with '=='", 9),
    ("p in knocker", "cannot look for a player in a player", 3),
    ("1 not in players", "cannot look for a number in a set of players", 3),
    ("sum(1)", "sum() needs a list of numbers, a generator or 2 or more numbers, got a number", 5),
    ("sum(q for q in players)", "sum() needs numbers, got a player", 5),
    ("max(1, knocker)", "max() needs numbers, got a player", 8),
    ("count(1)", "count() needs a set of players, a list of melds or a generator, got a "
                 "number", 7),
    ("any(players)", "any() needs a generator of true/false values, got a set of players", 5),
    ("all(q.score for q in players)",
     "all() needs a generator of true/false values, got a number", 5),
    ("sum(1 for q in knocker)", "'for' needs a set of players, a list of melds or a list of "
                                "numbers to go through, got a player", 16),
    ("count(q for q in players if q.score)", "'if' needs a true/false condition, got a number", 29),
    ("lowest(knocker)", "lowest() needs a set of players, got a player", 8),
    ("highest(players, 1)", "the 2nd argument of highest() must be a player attribute, like "
                            "highest(players, score)", 18),
    ("highest(players, scor)", "unknown player attribute 'scor' (did you mean 'score'?)", 18),
    ("lowest(players, is_knocker)", "lowest() ranks by a number attribute; 'is_knocker' is a "
                                    "true/false value", 17),
])
def test_compile_errors_are_located_and_plain(text, message, column):
    assert error(text) == (message, column)


def test_error_carries_the_text():
    with pytest.raises(FormulaError) as caught:
        compile_formula("knocker.deadwod", SCOPE)
    assert caught.value.text == "knocker.deadwod"


def test_lowest_without_deadwood_needs_an_attribute():
    scope = Scope(names={"players": PLAYERS}, player_attrs={"score": NUM})
    assert error("lowest(players)", scope) == (
        "lowest() needs a player attribute to rank by, like lowest(players, score)", 1)
    assert run("lowest(players, score)", scope=scope) == (BOB,)


def test_bare_attribute_without_any_player_hints_the_closest_name():
    scope = Scope(names={"dead": NUM}, player_attrs={"deadwood": NUM})
    assert error("deadwood", scope) == ("unknown name 'deadwood' (did you mean 'dead'?)", 1)


@pytest.mark.parametrize("text, expect, message", [
    ("knocker.deadwood", BOOL, "expected a true/false value, got a number"),
    ("knocker.deadwood == 0", NUM, "expected a number, got a true/false value"),
    ("lowest(players)", PLAYER, "expected a player, got a set of players"),
])
def test_expect_type_mismatch(text, expect, message):
    assert error(text, expect=expect) == (message, 1)
    assert compile_formula(text, SCOPE, expect=None).type is not expect


# -- guards against pathological input ---------------------------------------------------------

def test_long_formulas_are_refused():
    message, column = error("1" + " + 1" * 600)
    assert message.startswith("formula is too long (2401 characters") and column == 2001


@pytest.mark.parametrize("text", [
    "-" * 60 + "1",
    "not " * 60 + "true",
    "-(" * 400 + "1" + ")" * 400,
    " + ".join(["1"] * 300),
    "abs(" * 100 + "1" + ")" * 100,
])
def test_deep_nesting_is_an_error_not_a_crash(text):
    message, _ = error(text)
    assert message == "formula is nested too deeply (more than 50 levels)"


def test_redundant_parentheses_do_not_count_as_nesting():
    assert run("(" * 900 + "1" + ")" * 900) == 1
    assert run(" + ".join(["1"] * 40)) == 40


# -- properties: our arithmetic and logic agree with Python's ----------------------------------

_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod}
_COMPARE = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt, ast.GtE: operator.ge,
            ast.Eq: operator.eq, ast.NotEq: operator.ne}


def python_value(node):
    """Python's own meaning of an expression (parsed by ``ast``, evaluated without eval)."""
    if isinstance(node, ast.Expression):
        return python_value(node.body)
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.UnaryOp):
        value = python_value(node.operand)
        return -value if isinstance(node.op, ast.USub) else not value
    if isinstance(node, ast.BinOp):
        return _BINARY[type(node.op)](python_value(node.left), python_value(node.right))
    if isinstance(node, ast.Compare):
        (op,), (right,) = node.ops, node.comparators
        return _COMPARE[type(op)](python_value(node.left), python_value(right))
    if isinstance(node, ast.BoolOp):
        values = (python_value(v) for v in node.values)
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.IfExp):
        return python_value(node.body if python_value(node.test) else node.orelse)
    raise AssertionError(f"unexpected node {node!r}")


def numbers(depth):
    leaf = st.integers(0, 30).map(str)
    if depth == 0:
        return leaf
    inner = numbers(depth - 1)
    return st.one_of(
        leaf,
        st.builds("{} {} {}".format, inner, st.sampled_from(["+", "-", "*", "//", "%"]), inner),
        inner.map("-{}".format),
        inner.map("({})".format),
        st.builds("({} if {} else {})".format, inner, truths(depth - 1), inner),
    )


def truths(depth):
    leaf = st.sampled_from(["true", "false"])
    if depth == 0:
        return leaf
    inner, nums = truths(depth - 1), numbers(depth - 1)
    return st.one_of(
        leaf,
        st.builds("{} {} {}".format, nums, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]),
                  nums),
        st.builds("{} {} {}".format, inner, st.sampled_from(["and", "or"]), inner),
        inner.map("not {}".format),
        inner.map("({})".format),
    )


def check_against_python(text):
    try:
        expected = python_value(ast.parse(text.replace("true", "True").replace("false", "False"),
                                          mode="eval"))
    except ZeroDivisionError:
        with pytest.raises(FormulaRuntimeError):
            compile_formula(text, SCOPE)({})
        return
    result = compile_formula(text, SCOPE)({})
    assert result == expected and type(result) is type(expected)


@settings(max_examples=150, deadline=None)
@given(numbers(3))
def test_arithmetic_matches_python(text):
    check_against_python(text)


@settings(max_examples=150, deadline=None)
@given(truths(3))
def test_logic_matches_python(text):
    check_against_python(text)


# -- melds: a player's melds as a list to go through -------------------------------------------

@dataclass
class Meld:
    size: int
    kind: str
    wilds: int
    points: int

    @property
    def natural(self):
        return not self.wilds


MELD_SCOPE = SCOPE.with_player_attrs(melds=MELDS)
MELD_SCOPE = Scope(MELD_SCOPE.names, MELD_SCOPE.player_attrs, MELD_SCOPE.card_attrs,
                   meld_attrs={"size": NUM, "kind": STR, "wilds": NUM, "natural": BOOL,
                               "points": NUM})


@dataclass
class Melder(Player):
    melds: tuple = ()


DEE = Melder("dee", melds=(Meld(7, "group", 0, 70), Meld(8, "group", 2, 95),
                           Meld(3, "run", 1, 30)))
MELD_ENV = {**ENV, "p": DEE, "players": (DEE, Melder("eve"))}


@pytest.mark.parametrize("text, value", [
    ("count(p.melds)", 3),
    ("count(m for m in p.melds if m.size >= 7 and m.natural)", 1),
    ("sum(m.points for m in p.melds)", 195),
    ("sum(500 if m.natural else 300 for m in p.melds if m.size >= 7)", 800),
    ("any(m.kind == 'run' and not m.natural for m in p.melds)", True),
    ("max(m.wilds for m in p.melds)", 2),
    ("sum(count(m for m in q.melds if m.size >= 7) for q in players)", 2),
    ("count(m for m in p.melds if m.wilds > m.size - m.wilds)", 0),
])
def test_melds_are_gone_through_with_their_attributes(text, value):
    assert run(text, MELD_ENV, MELD_SCOPE) == value


@pytest.mark.parametrize("text, message, column", [
    ("count(m for m in p.melds if m.sizes >= 7)", "unknown meld attribute 'sizes' (did you "
                                                  "mean 'size'?)", 31),
    ("count(players.melds)", "'melds' is a list of melds; only number attributes can be read "
                             "from a set of players", 15),
    ("sum(m for m in p.melds)", "sum() needs numbers, got a meld", 5),
    ("p.melds.size", "a list of melds has no attribute 'size'", 9),
    ("p.melds > 1", "cannot compare a list of melds and a number with '>'", 9),
    ("count(m for m in p.melds if m.natural) + m.size", "unknown name 'm'", 42),
    ("sum(count(1 for q in players if count(m for m in q.melds) > count(r for r in players if "
     "count(n for n in r.melds) > 0)) for s in players)",
     "generators are nested too deeply (more than 3 in one another)", 97),
])
def test_meld_misuse_is_located(text, message, column):
    assert error(text, MELD_SCOPE) == (message, column)
