"""The typed vocabulary of a game: the frozen Variant, actions, and what formulas see."""
from .actions import Action
from .variant import Variant

__all__ = ["Action", "Variant"]
