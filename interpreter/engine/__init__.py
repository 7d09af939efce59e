"""The generic engine: a match as a state machine driven by a Variant."""
from ..model.actions import Action
from .game import TERMINAL, State, new_game
from .state import Phase

__all__ = ["Action", "Phase", "State", "TERMINAL", "new_game"]
