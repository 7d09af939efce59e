"""A declarative rule-spec interpreter for the rummy family of card games.

    >>> from interpreter import load_variant
    >>> v = load_variant("gin")
    >>> v.deadwood(["Ah", "2h", "3h", "7c", "7d", "7s", "Kd", "Qd", "9c", "4s"])
    33
"""
from .engine import TERMINAL, Action, State, new_game
from .errors import (
    CardError,
    FormulaError,
    IllegalAction,
    NotYourTurn,
    RummyError,
    SavedGameError,
    SpecError,
)
from .melds import Arrangement, Meld
from .spec import Variant, bundled_names, load_variant

__all__ = ["Action", "State", "TERMINAL", "new_game", "Arrangement", "CardError", "FormulaError", "IllegalAction", "Meld", "NotYourTurn", "RummyError",
           "SavedGameError", "SpecError", "Variant", "bundled_names", "load_variant"]
__version__ = "0.1.0"
