"""Special cards (the spec's ``special_cards`` section): cards laid face up in front of their
holder as soon as they are dealt or drawn, each replaced from the stock (Canasta's red
threes). Formulas count them as ``p.special_cards`` (a bonus or a penalty in scoring).

The engine lays the dealt ones aside right after the deal (:meth:`SpecialCards.after_deal`);
the draw step lays aside the drawn ones after each draw (:meth:`SpecialCards.lay_aside`).
A card that blocks the discard pile while on top is a term of the pile (``draw.pile.blocks``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..model.rule_options import named_faces
from ..model.state_fields import PLACE, SEAT_CARDS, state_field

if TYPE_CHECKING:
    from ..cards import Faces
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext


@dataclass(eq=False)
class SpecialCardsMemory:
    """The special cards' slice of the game state: the cards each seat has laid face up this
    hand."""

    __slots__ = ()
    laid_aside: dict[int, list[int]] = state_field("hand", SEAT_CARDS, factory=dict,
                                                   cards=PLACE)


@dataclass(frozen=True)
class SpecialCards:
    """The options, as the schema gives them."""

    cards: frozenset[int]                     # the faces laid aside
    names: tuple[str, ...]                    # ... as the spec names them

    @classmethod
    def build(cls, options: dict[str, Any] | None, at: BuildContext,
              faces: Faces) -> SpecialCards | None:
        """The rule from the checked ``special_cards`` section (None: no special cards)."""
        if options is None:
            return None
        return cls(named_faces(faces, options["cards"], at, "cards"), tuple(options["cards"]))

    # ---- hooks ---------------------------------------------------------------------------
    def after_deal(self, state: GameState) -> None:
        """Every seat dealt a special card lays it aside and is given another from the stock
        (from the first player on)."""
        for seat in state.in_play:
            self.lay_aside(state, seat)

    def lay_aside(self, state: GameState, seat: int) -> None:
        """``seat`` lays each special card it holds face up and draws another from the stock
        in its place (while the stock has one), until it holds none."""
        hand, face_of = state.hands[seat], state.face_of
        special = [c for c in hand if face_of[c] in self.cards]
        while special:
            for card in special:
                hand.remove(card)
                if card in state.known[seat]:
                    state.known[seat].remove(card)
                state.laid_aside.setdefault(seat, []).append(card)
            drawn = [state.stock.pop() for _ in special if state.stock]
            hand.extend(drawn)
            special = [c for c in drawn if face_of[c] in self.cards]

    def count(self, state: GameState, seat: int) -> int:
        """The special cards ``seat`` has laid aside this hand (``p.special_cards``)."""
        return len(state.laid_aside.get(seat, ()))

    # ---- words ---------------------------------------------------------------------------
    def sentence(self) -> str:
        return (f"Special cards ({' '.join(self.names)}): a player dealt or drawing one lays "
                "it face up in front of them at once and takes the stock's top card in its "
                "place; scoring may count them (p.special_cards).")
