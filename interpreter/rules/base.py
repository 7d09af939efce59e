"""What the rules that are not turn steps tell the turn driver."""
from __future__ import annotations

from enum import Enum


class Ending(Enum):
    """What a rule asked after a turn (``after_turn``) says the turn driver must do; a rule
    with nothing to say returns None, and the next rule is asked (the variant's
    ``after_turn`` order); when none has anything to say, the next player's turn begins."""

    WENT_OUT = "went_out"      # the player has no cards left: the hand ends, or last turns
    GUARD = "guard"            # the hand is void by the guard on a hand's turns
    VOID = "void"              # the hand is void
    SCORE = "score"            # the hands are counted now (after the knock's last turns too)
    LAST_LAP = "last_lap"      # the next player of the last lap plays
    WALL = "wall"              # the next player may only knock with the discard, or pass
