"""The generic engine: a match as a state machine driven by a Variant."""
from .actions import Action
from .state import TERMINAL, State, new_game

__all__ = ["Action", "State", "TERMINAL", "new_game"]
