"""The types a formula can handle, and the scope that says which names and attributes exist."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import Any


class Type(Enum):
    """A formula value's type; the value is how error messages name it."""

    NUM = "a number"
    BOOL = "a true/false value"
    STR = "a text"
    PLAYER = "a player"
    PLAYERS = "a set of players"
    CARD = "a card"
    NUMS = "a list of numbers"
    MELD = "a meld"
    MELDS = "a list of melds"

    def __repr__(self) -> str:
        return self.name


NUM, BOOL, STR = Type.NUM, Type.BOOL, Type.STR
PLAYER, PLAYERS, CARD, NUMS = Type.PLAYER, Type.PLAYERS, Type.CARD, Type.NUMS
MELD, MELDS = Type.MELD, Type.MELDS


@dataclass(frozen=True)
class Scope:
    """What a formula may mention: named values, and the attributes of players, cards and
    melds."""

    names: Mapping[str, Type] = field(default_factory=dict)
    player_attrs: Mapping[str, Type] = field(default_factory=dict)
    card_attrs: Mapping[str, Type] = field(default_factory=dict)
    constants: Mapping[str, Any] = field(default_factory=dict)   # fixed when compiled
    meld_attrs: Mapping[str, Type] = field(default_factory=dict)

    def with_names(self, **names: Type) -> Scope:
        """This scope plus (or overriding) the given names."""
        return replace(self, names={**self.names, **names})

    def with_player_attrs(self, **attrs: Type) -> Scope:
        """This scope with more attributes of players."""
        return replace(self, player_attrs={**self.player_attrs, **attrs})

    def with_constants(self, constants: Mapping[str, Any]) -> Scope:
        """This scope plus names whose values (numbers, true/false) are known when compiling."""
        return replace(self, constants={**self.constants, **constants})

