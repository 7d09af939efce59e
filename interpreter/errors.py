"""The errors users see: each carries a one-line, located message and never a traceback."""
from __future__ import annotations


class RummyError(Exception):
    """Base of every error the interpreter reports to a user."""


class CardError(RummyError, ValueError):
    """Bad card notation, or a card the variant's deck does not have."""


class SpecError(RummyError):
    """A spec that cannot be loaded: one located line per problem, all reported at once."""

    def __init__(self, problems: list[str]):
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class FormulaError(RummyError):
    """A formula that does not parse or names unknown things; ``column`` is 1-based."""

    def __init__(self, message: str, column: int = 1, text: str = ""):
        self.message = message
        self.column = column
        self.text = text
        super().__init__(message)


class FormulaRuntimeError(RummyError):
    """A formula that failed while a game evaluated it (e.g. division by zero)."""


class LimitError(RummyError, RuntimeError):
    """A position beyond a fixed capacity of the interpreter, e.g. of the table solver's state."""


class IllegalAction(RummyError, ValueError):
    """An action that is not legal now; the game state is left unchanged."""


class NotYourTurn(IllegalAction):
    """An action given for a seat that is not the one to act; the state is left unchanged."""


class SavedGameError(RummyError, ValueError):
    """A saved game that cannot be loaded; ``path`` is the JSON path of the problem ($ for the
    whole document)."""

    def __init__(self, path: str, message: str):
        self.path, self.message = path, message
        super().__init__(f"saved game: {path}: {message}")


class ActionFailed(RummyError):
    """An action that failed part-way through the rules (not a formula's own error, which is a
    FormulaRuntimeError); the game state is restored to what it was before the action."""
