"""The generic engine: a match as a state machine driven by a Variant."""
from .actions import Action
from .state import TERMINAL, State, new_game
from .table_edit import TableEdit

__all__ = ["Action", "State", "TableEdit", "TERMINAL", "new_game"]
