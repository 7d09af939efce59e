"""Formula text to a Lark tree, with parse errors told in plain English."""
from __future__ import annotations

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedToken

from ..errors import FormulaError

MAX_LENGTH = 2000

_PARSER = Lark.open("grammar.lark", rel_to=__file__, parser="lalr", propagate_positions=True)

_NAMED = {"NUMBER": "a number", "NAME": "a name", "STRING": "a text in quotes"}
_OPERAND = "a number, a name or '('"
_OPERATORS = {"+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">=",
              "in", "not", "and", "or", "if", "."}
_CHAR_HINTS = {
    "=": " (use '==' to compare)",
    "&": " (use 'and')",
    "|": " (use 'or')",
    "!": " (use 'not')",
    "'": " (a text needs a closing quote)",
    '"': " (a text needs a closing quote)",
}


def parse(text: str) -> Tree:
    """The parse tree of ``text``; a :class:`FormulaError` if it is not a formula."""
    if len(text) > MAX_LENGTH:
        raise FormulaError(f"formula is too long ({len(text)} characters, the limit is "
                           f"{MAX_LENGTH})", MAX_LENGTH + 1, text)
    if not text.strip():
        raise FormulaError("the formula is empty", 1, text)
    try:
        return _PARSER.parse(text)
    except UnexpectedCharacters as err:
        at = err.pos_in_stream or 0
        char = text[at]
        raise FormulaError(f"unexpected character {char!r}{_CHAR_HINTS.get(char, '')}",
                           at + 1, text) from None
    except UnexpectedToken as err:
        raise _unexpected(text, err.token, err.accepts or err.expected) from None


def _unexpected(text: str, token: Token, expected: set[str]) -> FormulaError:
    """The error for ``token`` turning up where one of ``expected`` was needed."""
    if token.type == "$END":
        what, column = "end of the formula", len(text.rstrip()) + 1
    else:
        what, column = _describe(token), (token.start_pos or 0) + 1
    return FormulaError(f"unexpected {what}; expected {_expected(expected)}", column, text)


def _describe(token: Token) -> str:
    """A token as a user would name it: ``number 2``, ``name 'x'``, ``')'``."""
    if token.type == "NUMBER":
        return f"number {token}"
    if token.type == "NAME":
        return f"name '{token}'"
    if token.type == "STRING":
        return f"text {token}"
    return f"'{token}'"


def _expected(terminals: set[str]) -> str:
    """What the parser would have accepted, grouped into a short phrase."""
    literals, named = set(), set()
    for name in terminals - {"$END"}:
        pattern = _PARSER.get_terminal(name).pattern
        if pattern.type == "str":
            literals.add(pattern.value)
        else:
            named.add(name)
    phrases = []
    if {"NUMBER", "NAME"} <= named:
        phrases.append(_OPERAND)
        named -= {"NUMBER", "NAME", "STRING"}
        literals -= {"(", "-", "not", "true", "false", "True", "False"}
    if {"+", "*", "=="} <= literals:
        phrases.append("an operator")
        literals -= _OPERATORS
    phrases += sorted(_NAMED[n] for n in named)
    phrases += sorted(f"'{v}'" for v in literals)
    if "$END" in terminals:
        phrases.append("the end of the formula")
    if len(phrases) == 1:
        return phrases[0]
    return ", ".join(phrases[:-1]) + " or " + phrases[-1]
