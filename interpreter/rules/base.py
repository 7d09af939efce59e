"""What the rules that are not turn steps tell the turn driver."""
from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class Quiet:
    """When a rule asked after a turn surely has nothing to say (the turn driver's fast path,
    ``Variant.quiet_steps``, reads these): while the hand has had fewer than ``turns`` turns,
    the stock holds more than ``stock`` cards (and no last lap has begun), and, with
    ``hand_left``, the player still holds a card. None for a bound that does not matter."""

    turns: int | None = None
    stock: int | None = None
    hand_left: bool = False
