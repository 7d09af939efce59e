"""What formulas see of players and cards: plain attribute bags built from the state."""
from __future__ import annotations


class PlayerView:
    """One seat as formulas see it (attribute names are those of spec.scopes.PLAYER_ATTRS)."""

    __slots__ = ("seat", "deadwood", "hand_points", "cards_left", "score", "rounds_won",
                 "is_knocker", "is_dealer", "went_out", "knocked_without_discard")

    def __init__(self, **values):
        for name in self.__slots__:
            setattr(self, name, values.get(name, 0 if name not in _FLAGS else False))

    def __repr__(self) -> str:
        return f"PlayerView(seat={self.seat})"


_FLAGS = {"is_knocker", "is_dealer", "went_out", "knocked_without_discard"}


class CardView:
    """A card as formulas see it: points, rank and suit symbols, joker or not."""

    __slots__ = ("points", "rank", "suit", "is_joker")

    def __init__(self, faces, face: int):
        self.points = faces.points[face]
        self.is_joker = faces.is_joker(face)
        self.rank = "Jk" if self.is_joker else faces.ranks[faces.rank_of(face)]
        self.suit = "" if self.is_joker else faces.suits[faces.suit_of(face)]
