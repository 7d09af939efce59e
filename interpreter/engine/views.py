"""What formulas see: players and cards as attribute bags over the live state, and
environments whose names are only worked out when a formula reads them."""
from __future__ import annotations

from typing import Any, Callable


class PlayerView:
    """One seat as formulas see it (attribute names are those of spec.scopes.PLAYER_ATTRS).

    Attributes are read from the state when a formula asks, so a view is cheap to make;
    ``counted`` gives the points counted against each seat at a round's end.
    """

    __slots__ = ("_state", "seat", "_counted")

    def __init__(self, state, seat: int, counted: dict[int, int] | None = None):
        self._state, self.seat, self._counted = state, seat, counted

    @property
    def hand_points(self) -> int:
        points, face_of = self._state.variant.faces.points, self._state.face_of
        return sum(points[face_of[c]] for c in self._state.hands[self.seat])

    @property
    def deadwood(self) -> int:
        counted = self._counted
        return counted[self.seat] if counted and self.seat in counted else self.hand_points

    @property
    def cards_left(self) -> int:
        return len(self._state.hands[self.seat])

    @property
    def score(self) -> int:
        return self._state.scores_[self.seat]

    @property
    def rounds_won(self) -> int:
        return self._state.rounds_won[self.seat]

    @property
    def is_knocker(self) -> bool:
        return self.seat == self._state.knocker

    @property
    def is_dealer(self) -> bool:
        return self.seat == self._state.dealer

    @property
    def went_out(self) -> bool:
        return self.seat == self._state.went_out

    @property
    def knocked_without_discard(self) -> bool:
        return self.seat == self._state.knocker and self._state.kept_all

    def __repr__(self) -> str:
        return f"PlayerView(seat={self.seat})"


class CardView:
    """A card as formulas see it: points, rank and suit symbols, joker or not."""

    __slots__ = ("points", "rank", "suit", "is_joker")

    def __init__(self, faces, face: int):
        self.points = faces.points[face]
        self.is_joker = faces.is_joker(face)
        self.rank = "Jk" if self.is_joker else faces.ranks[faces.rank_of(face)]
        self.suit = "" if self.is_joker else faces.suits[faces.suit_of(face)]


class LazyEnv(dict):
    """A formula environment: names given outright, or by a thunk run on first read."""

    __slots__ = ("thunks",)

    def __init__(self, thunks: dict[str, Callable[[], Any]], **values):
        super().__init__(values)
        self.thunks = thunks

    def __missing__(self, name: str):
        value = self[name] = self.thunks[name]()
        return value
