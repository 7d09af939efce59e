"""Formulas: a small Python-like language for scores and conditions, compiled to closures.

``compile_formula(text, scope, expect=NUM, name="scoring[0].points")`` parses once, checks
names and types against the :class:`Scope`, and returns a callable :class:`Formula`.
"""
from .bounds import comparison_bound
from .compiler import Formula, compile_formula
from .scope import BOOL, CARD, MELD, MELDS, NUM, NUMS, PLAYER, PLAYERS, STR, Scope, Type

__all__ = ["Formula", "comparison_bound", "compile_formula", "Scope", "Type",
           "NUM", "BOOL", "STR", "PLAYER", "PLAYERS", "CARD", "NUMS", "MELD", "MELDS"]
