"""The draw step: cards from the stock, or from the discard pile: its top card or, with depth
draws, any card of it together with every card above it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..formula import BOOL, Formula
from ..model.actions import Action
from ..model.rule_options import option
from ..model.scopes import knock_scope
from ..model.state_fields import CARD, NAMED, SEAT_CARDS, state_field
from ..model.views import knock_env
from .base import BUYING, DRAW_DISCARD, DRAW_STOCK, END_TURN, NEXT, After, Step
from .buying import Buying
from .discard import drawn_pile, take_top
from .piles import DiscardPile
from .table_melds import can_use, oblige_new_meld

if TYPE_CHECKING:
    from ..cards import Faces
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext


@dataclass(eq=False)
class DrawMemory:
    """The draw's slice of the game state: the card taken from the discard pile this turn, a
    depth draw's deepest card while it must still be melded this turn, and (with
    ``not_own_discard``) the cards each seat has discarded this hand."""

    __slots__ = ()
    taken: int | None = state_field("turn", CARD, None, cards=NAMED)
    must_use: int | None = state_field("turn", CARD, None, cards=NAMED)
    own_discards: dict[int, list[int]] = state_field("hand", SEAT_CARDS, factory=dict,
                                                     cards=NAMED)


@dataclass(frozen=True)
class Draw(Step):
    kind: ClassVar[str] = "draw"
    plays: ClassVar[tuple[str, ...]] = ("draw",)
    past: ClassVar[str] = "you have already drawn this turn"
    distinct: ClassVar[bool] = True

    piles: tuple[str, ...] = option("from", default=("stock", "discard"))   # drawn from
    count: int = 1                                   # cards drawn from the stock
    discard_when: Formula | None = option(default=None, scope=knock_scope, expect=BOOL,
                                          text="true", true_is_none=True)   # (None: always)
    buying: Buying | None = option("buy", default=None)   # others may buy the discard not taken
    instead: tuple[str, ...] = ()                    # later steps that may be taken instead
    depth: bool = False                              # a deeper card and every card above it
    must_use_deepest: bool = True                    # ... only if it is melded this turn
    not_own_discard: bool = False                    # never take back a card one discarded
    pile: DiscardPile | None = None                  # the discard pile's terms (None: its top
    # card, freely)
    ends_turn: bool = False                          # drawing ends the turn (play or draw)

    @property
    def simple(self) -> str:  # type: ignore[override]
        """A draw that goes on to the next step is simple; one that ends the turn may end
        the hand (the stock's rule), so it is not (see Step.simple)."""
        return "" if self.ends_turn else "next"

    def check_place(self, turn, upcard, at) -> None:
        here = turn[self.kind]
        if "discard" in self.piles and not upcard and "discard" not in turn:
            at.problem("from", "drawing from the discard pile needs an upcard or a discard step")
        if self.depth and self.must_use_deepest and turn.get("meld", -1) < here:
            at.problem("depth", "a depth draw's deepest card must be melded: a meld step must "
                       "follow")
        if self.pile is not None:
            if self.depth:
                at.problem("pile", "depth draws take no terms of draw.pile: give one of them")
            if self.pile.use != "none" and turn.get("meld", -1) < here:
                at.problem("pile.use", "a top card that must be melded needs a meld step after "
                           "the draw")
        for k, kind in enumerate(self.instead):
            if turn.get(kind, -1) < here:
                at.problem(f"instead.{k}", f"the turn has no {kind} step after the draw")

    def check_cards(self, faces: Faces, at: BuildContext) -> None:
        if self.pile is not None:
            for key, problem in self.pile.check_faces(faces):
                at.problem(key, problem)

    @property
    def watching(self) -> bool:
        return self.not_own_discard

    def watch(self, state: GameState, seat: int, action: Action) -> None:
        """Remember each card a seat discards (``not_own_discard``)."""
        if action.kind == "discard":
            card = state.card_in_hand(seat, action.cards[0])
            state.own_discards.setdefault(seat, []).append(card)

    def _takes_back(self, state: GameState, depth: int) -> bool:
        """Whether taking ``depth`` cards off the discard pile would take back one of the
        player's own discards (``not_own_discard``)."""
        own = state.own_discards.get(state.player)
        return own is not None and any(card in own for card in state.discard[-depth:])

    def actions(self, state: GameState) -> tuple[list[Action], bool]:
        out = [DRAW_STOCK] if state.stock else []
        if "discard" in self.piles and drawn_pile(state, state.player) and not state.stock_only and (
                self.discard_when is None or self.discard_when(
                    knock_env(state, state.player, state.hand_faces(state.player)))):
            if self.pile is None and not (self.not_own_discard or self.depth):
                out.append(DRAW_DISCARD)                     # (the top card, freely)
                return out, True
            reach = self._reach(state)
            if not (self.not_own_discard and self._takes_back(state, reach)) and (
                    self.pile is None or self.pile.refusal(
                        state, state.player, state.hand_faces(state.player)) is None):
                out.append(DRAW_DISCARD if reach == 1 else
                           Action("draw", pile="discard", target=reach))
            if self.depth:
                out += self.depth_draws(state)
        return out, True

    def depth_draws(self, state: GameState) -> list[Action]:
        """``draw discard N`` for each N > 1 the player may take (with the obligation, those
        whose deepest card the player could then meld at once)."""
        pile, seat, face_of = state.discard, state.player, state.face_of
        hand = list(state.hand_faces(seat))
        out = []
        for depth in range(2, len(pile) + 1):
            if self.not_own_discard and self._takes_back(state, depth):
                break                            # (so does every deeper draw)
            taken = [face_of[c] for c in pile[-depth:]]
            if not self.must_use_deepest or can_use(state, seat, hand + taken, taken[0]):
                out.append(Action("draw", pile="discard", target=depth))
        return out

    def apply(self, state: GameState, action: Action) -> After:
        seat, special = state.player, state.variant.special_cards
        if action.pile == "stock":
            for _ in range(self.count):
                if state.stock:
                    state.hands[seat].append(state.stock.pop())
        elif self.pile is not None:
            top = state.discard[-1]
            naturals = self.pile.new_meld_naturals(state, seat)
            for _ in range(self._reach(state)):
                take_discard(state, seat)
            state.taken = top
            if self.pile.obliged(state, seat) or naturals:
                state.must_use = top
                oblige_new_meld(state, naturals)
        elif action.target is None:
            take_discard(state, seat)
        else:
            for _ in range(action.target):
                take_discard(state, seat)
            if self.must_use_deepest:
                state.must_use = state.taken
        if special is not None:                  # special cards drawn are laid aside
            special.lay_aside(state, seat)
        if action.pile == "stock" and self.buying is not None and self.buying.after_draw(
                state, seat):
            return BUYING
        return END_TURN if self.ends_turn else NEXT

    def explain(self, state: GameState, action: Action) -> str | None:
        if action.pile == "stock":
            return None if state.stock else "the stock is empty"
        if action.pile != "discard":
            return f"there is no pile {action.pile!r}: draw from the stock or the discard pile"
        if "discard" not in self.piles:
            return "this variant draws from the stock only"
        if not drawn_pile(state, state.player):
            return ("the discard pile you draw from is empty" if state.variant.own_piles
                    else "the discard pile is empty")
        if state.stock_only:
            return "everyone passed the upcard: the first turn draws from the stock"
        if self.discard_when is not None and not self.discard_when(
                knock_env(state, state.player, state.hand_faces(state.player))):
            return f"the discard pile may be taken only if: {self.discard_when.text}"
        depth = action.target
        if self.pile is not None:
            return self._pile_refusal(state, depth or 1)
        if depth is not None and not self.depth:
            return "this variant takes only the top card of the discard pile"
        if depth is not None and depth > len(state.discard):
            return f"the discard pile has only {len(state.discard)} cards"
        if self.not_own_discard and self._takes_back(state, depth or 1):
            return "you may not take back a card you discarded this hand"
        if depth is None:
            return None
        deepest = state.variant.faces.name(state.face_of[state.discard[-depth]])
        return (f"you could not meld {deepest}, the deepest card taken, at once; a player who "
                "takes cards from deeper in the pile must meld the deepest this turn")

    def _reach(self, state: GameState) -> int:
        """How many cards a draw from the discard pile on the pile's terms takes."""
        whole = self.pile is not None and self.pile.take == "whole"
        return len(state.discard) if whole else 1

    def _pile_refusal(self, state: GameState, depth: int) -> str | None:
        """Why a draw of ``depth`` cards off the pile is refused on the pile's terms."""
        assert self.pile is not None
        reach = self._reach(state)
        if depth != reach:
            return ("this variant takes only the top card of the discard pile" if reach == 1
                    else f"this variant takes the whole discard pile: 'draw discard {reach}'")
        if self.not_own_discard and self._takes_back(state, reach):
            return "you may not take back a card you discarded this hand"
        return self.pile.refusal(state, state.player, state.hand_faces(state.player))

    def sentence(self) -> str:
        piles = " or ".join({"stock": "the stock", "discard": "the discard pile"}[p]
                            for p in self.piles)
        cards = "a card" if self.count == 1 else f"{self.count} cards"
        when = "" if self.discard_when is None else (
            f" The discard pile only if: {self.discard_when.text}.")
        depth = ""
        if self.depth and "discard" in self.piles:
            depth = (" From the discard pile (all of it face up) a player may take any card "
                     "together with every card above it ('draw discard 3': the third from the "
                     "top and the two above)")
            depth += (", but only if the deepest card taken can be melded or laid off at once,"
                      " and it must be, this turn." if self.must_use_deepest else ".")
        if self.not_own_discard and "discard" in self.piles:
            depth += " A player may never take back a card they discarded this hand."
        if self.pile is not None and "discard" in self.piles:
            depth += " " + self.pile.sentence()
        buying = "" if self.buying is None else " " + self.buying.sentence()
        instead = "" if not self.instead else (
            f" Instead of drawing, the player may go straight to the {' or '.join(self.instead)} "
            "step and take its action.")
        ends = " Drawing ends the turn." if self.ends_turn else ""
        return f"Draw {cards} from {piles}.{when}{depth}{instead}{ends}{buying}"


def take_discard(state: GameState, seat: int) -> None:
    """The seat takes the discard pile's top card (others will know it holds it)."""
    card = take_top(state, seat)
    state.hands[seat].append(card)
    state.known[seat].append(card)
    state.taken = card
