"""The types a formula can handle, and the scope that says which names and attributes exist."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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

    def __repr__(self) -> str:
        return self.name


NUM, BOOL, STR = Type.NUM, Type.BOOL, Type.STR
PLAYER, PLAYERS, CARD, NUMS = Type.PLAYER, Type.PLAYERS, Type.CARD, Type.NUMS


@dataclass(frozen=True)
class Scope:
    """What a formula may mention: named values, and the attributes of players and cards."""

    names: Mapping[str, Type] = field(default_factory=dict)
    player_attrs: Mapping[str, Type] = field(default_factory=dict)
    card_attrs: Mapping[str, Type] = field(default_factory=dict)
    constants: Mapping[str, Any] = field(default_factory=dict)   # fixed when compiled

    def with_names(self, **names: Type) -> Scope:
        """This scope plus (or overriding) the given names."""
        return Scope({**self.names, **names}, self.player_attrs, self.card_attrs,
                     self.constants)

    def with_player_attrs(self, **attrs: Type) -> Scope:
        """This scope with more attributes of players."""
        return Scope(self.names, {**self.player_attrs, **attrs}, self.card_attrs, self.constants)

    def with_constants(self, constants: Mapping[str, Any]) -> Scope:
        """This scope plus names whose values (numbers, true/false) are known when compiling."""
        return Scope(self.names, self.player_attrs, self.card_attrs,
                     {**self.constants, **constants})

