"""What a draw from the discard pile takes and on what terms (``draw: {pile: ...}``): the top
card or the whole pile; an obligation on the top card (meld it at once, or take it only to
open with it); a pile frozen by the cards in it (or for a player who has not opened), which
then needs natural cards of the top card's rank in hand; cards that block the pile while they
lie on top.

The freeze needs no memory of its own: a pile is frozen while a freezing card lies in it, so
it thaws when it is taken, and a saved game, a snapshot or a reshuffle keep it right. The
obligation reuses the depth draws' (``must_use`` and :func:`.table_melds.can_use`).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import CardError
from .table_melds import can_use, has_opened

if TYPE_CHECKING:
    from ..cards import Faces
    from ..engine.state import GameState

WILD = "wild"                 # in ``freezes``: every wild card (printed jokers, wild ranks)
USE = {"at_once": "melded or laid off at once (this turn)",
       "to_open": "melded in the player's opening this turn"}


@dataclass(frozen=True)
class DiscardPile:
    """The options of ``draw.pile``, as the schema gives them (it holds their defaults)."""

    take: str = "top"                       # top | whole: what a draw from the pile takes
    use: str = "none"                       # none | at_once | to_open: the top card's duty
    freezes: tuple[str, ...] = ()           # "wild" or card names: in the pile, they freeze it
    frozen_naturals: int = 2                # naturals of the top's rank to take a frozen pile
    frozen_until_opened: bool = False       # frozen for a player who has not opened
    frozen_new_meld: bool = False           # a frozen pile's top card: into a new meld
    blocks: tuple[str, ...] = ()            # card names that, on top, block the pile

    def __post_init__(self) -> None:
        for key in ("freezes", "blocks"):           # (the spec gives lists)
            object.__setattr__(self, key, tuple(getattr(self, key)))

    def check_faces(self, faces: Faces) -> list[tuple[str, str]]:
        """(option, problem) for each card name the deck does not have."""
        out = []
        for key in ("freezes", "blocks"):
            for k, name in enumerate(getattr(self, key)):
                if key == "freezes" and name == WILD:
                    continue
                try:
                    faces.parse(name)
                except CardError as error:
                    out.append((f"pile.{key}.{k}", str(error)))
        return out

    # ---- the state of the pile -------------------------------------------------------------
    def frozen(self, state: GameState) -> bool:
        """Whether a freezing card lies in the discard pile (everyone sees this)."""
        if not self.freezes or not state.discard:
            return False
        named = _named(state.variant.faces, self.freezes)
        wild = WILD in self.freezes and state.meld_rules.is_wild
        face_of = state.face_of
        return any(face_of[c] in named or wild and wild(face_of[c]) for c in state.discard)

    def frozen_for(self, state: GameState, seat: int) -> bool:
        """Whether the pile is frozen for ``seat`` (a player who has not opened: with
        partnerships opening as a team, whose team has not)."""
        return self.frozen(state) or self.frozen_until_opened and not has_opened(state, seat)

    def obliged(self, state: GameState, seat: int) -> bool:
        """Whether the top card taken must be melded this turn."""
        return self.use == "at_once" or self.use == "to_open" and seat not in state.opened

    def new_meld_naturals(self, state: GameState, seat: int) -> int:
        """The natural cards of its rank a new meld of the top card must hold, taken by
        ``seat`` now (0: it may be used as ``use`` says)."""
        return self.frozen_naturals if self.frozen_new_meld and self.frozen_for(
            state, seat) else 0

    # ---- whether the seat may take it --------------------------------------------------------
    def refusal(self, state: GameState, seat: int, hand: list[int]) -> str | None:
        """Why ``seat``, holding ``hand`` (faces), may not take from the pile on these terms
        (the pile holds a card), or None."""
        faces, top = state.variant.faces, state.face_of[state.discard[-1]]
        if self.blocks and top in _named(faces, self.blocks):
            return f"{faces.name(top)} on top of the discard pile blocks it this turn"
        if self.frozen_for(state, seat):
            rules = state.meld_rules
            rank = None if rules.is_wild(top) else faces.rank_of(top)
            naturals = sum(1 for f in hand if rank is not None and not rules.is_wild(f)
                           and faces.rank_of(f) == rank)
            if naturals < self.frozen_naturals:
                why = ("you have not opened" if not self.frozen(state) else "it is frozen")
                return (f"the discard pile may be taken only with {self.frozen_naturals} natural "
                        f"cards of the top card's rank from the hand: {why}")
        naturals = self.new_meld_naturals(state, seat)
        if (self.obliged(state, seat) or naturals) and not can_use(
                state, seat, hand + [top], top, naturals):
            return (f"you could not meld {faces.name(top)}, the top card, at once; it must be "
                    + (f"in a new meld with {naturals} natural cards of its rank"
                       if naturals else USE[self.use]))
        return None

    # ---- words -------------------------------------------------------------------------
    def sentence(self) -> str:
        out = []
        if self.take == "whole":
            out.append("A draw from the discard pile takes the whole pile.")
        if self.use == "at_once":
            out.append("The top card taken from the discard pile must be melded or laid off at "
                       "once, this turn; the pile may be taken only when it can be.")
        elif self.use == "to_open":
            out.append("A player who has not opened may take the top discard only to open "
                       "with it: it must be part of the opening melds laid this turn (and the "
                       "pile may be taken only when it can be).")
        if self.freezes:
            cards = " or ".join("a wild card" if n == WILD else n for n in self.freezes)
            out.append(f"While {cards} lies in the discard pile, the pile is frozen (until "
                       "it is taken).")
        if self.frozen_until_opened:
            out.append("The discard pile is frozen for a player who has not opened.")
        if self.freezes or self.frozen_until_opened:
            out.append(f"A frozen pile may be taken only by a player holding "
                       f"{self.frozen_naturals} natural cards of the top card's rank"
                       + (", and its top card must then go at once into a new meld with "
                          "them (not onto a meld on the table)." if self.frozen_new_meld
                          else "."))
        if self.blocks:
            out.append(f"While {' or '.join(self.blocks)} lies on top of the discard pile, "
                       "the pile may not be taken.")
        return " ".join(out)


@functools.lru_cache(maxsize=64)
def _named(faces: Faces, names: tuple[str, ...]) -> frozenset[int]:
    """The faces of the card names (``wild`` left out), once per deck."""
    return frozenset(faces.parse(n) for n in names if n != WILD)
