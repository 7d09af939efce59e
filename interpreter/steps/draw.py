"""The draw step: cards from the stock, or the top card of the discard pile."""
from __future__ import annotations

from dataclasses import dataclass

from ..formula import BOOL, Formula
from ..model.scopes import knock_scope
from ..model.views import knock_env
from .base import BUYING, DRAW_DISCARD, DRAW_STOCK, NEXT, Step
from .buying import Buying


@dataclass(frozen=True)
class Draw(Step):
    kind = "draw"
    simple = "next"
    piles: tuple[str, ...] = ("stock", "discard")     # where a card may be drawn from
    count: int = 1                                   # cards drawn from the stock
    discard_when: Formula | None = None              # when the discard may be taken (None: always)
    buying: Buying | None = None                     # the others may buy the discard not taken
    instead: tuple[str, ...] = ()                    # later steps that may be taken instead

    @classmethod
    def build(cls, options, at):
        when = at.formula("discard_when", knock_scope(at.roles), BOOL, "true")
        if when is not None and when.constant and when(None):
            when = None
        buy = options["buy"]
        return cls(piles=tuple(options["from"]), count=options["count"], discard_when=when,
                   buying=None if buy is None else Buying(**buy),
                   instead=tuple(options["instead"]))

    def actions(self, state):
        out = [DRAW_STOCK] if state.stock else []
        if "discard" in self.piles and state.discard and not state.stock_only and (
                self.discard_when is None or self.discard_when(
                    knock_env(state, state.player, state.hand_faces(state.player)))):
            out.append(DRAW_DISCARD)
        return out, True

    def apply(self, state, action):
        seat = state.player
        if action.pile == "stock":
            for _ in range(self.count):
                if state.stock:
                    state.hands[seat].append(state.stock.pop())
            if self.buying is not None and self.buying.after_draw(state, seat):
                return BUYING
        else:
            take_discard(state, seat)
        return NEXT

    def sentence(self) -> str:
        piles = " or ".join({"stock": "the stock", "discard": "the discard pile"}[p]
                            for p in self.piles)
        cards = "a card" if self.count == 1 else f"{self.count} cards"
        when = "" if self.discard_when is None else (
            f" The discard pile only if: {self.discard_when.text}.")
        buying = "" if self.buying is None else " " + self.buying.sentence()
        instead = "" if not self.instead else (
            f" Instead of drawing, the player may go straight to the {' or '.join(self.instead)} "
            "step and take its action.")
        return f"Draw {cards} from {piles}.{when}{instead}{buying}"


def take_discard(state, seat: int) -> None:
    """The seat takes the discard pile's top card (others will know it holds it)."""
    card = state.discard.pop()
    state.hands[seat].append(card)
    state.known[seat].append(card)
    state.taken = card
