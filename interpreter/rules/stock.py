"""The stock rule (the spec's ``stock`` section): what happens at the end of a turn that leaves
the stock at ``exhausted_at`` cards or fewer, and how the discard pile becomes the stock again.

The turn driver asks :meth:`Stock.after_turn` after every turn and acts on the answer. With
``then: knock_or_void`` the rule adds a stage, the wall: the next player may not draw from the
stock; they may take the top discard only to knock with it at once, or pass, and then the hand
is void.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ..model.actions import Action
from ..model.randomness import shuffled
from ..model.rule_options import build_options
from ..model.state_fields import COUNT, SEATS, state_field
from ..steps.base import DRAW_DISCARD, KNOCKED_NOW, PASS, VOID_NOW, Resume, ask
from ..steps.draw import take_discard
from .base import Ending, Quiet

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext


WHEN_LOW = {
    "void_hand": "the hand is void: nobody scores.",
    "end_round": "the hands are counted at once.",
    "last_lap": "every player has one more turn, starting with the next player and ending "
                "with the one who just played; then the hands are counted.",
    "reshuffle_discards": "the discard pile, except its top card, is {} and put under the "
                          "stock, and play goes on.",
    "knock_or_void": "the next player may not draw from it: they may take the top discard "
                     "only to knock with it at once, or pass, and then the hand is void (nobody "
                     "scores).",
    "until_all_pass": "play goes on without drawing: a turn in which the player lays no card "
                      "on the table is a pass, and when every player has passed in a row the "
                      "hands are counted.",
}
RESHUFFLE = {"shuffle": "shuffled", "turn_over": "turned over without shuffling (the card "
                                                 "discarded first comes up first)"}


@dataclass(eq=False)
class StockMemory:
    """The stock rule's slice of the game state: the discard pile's reshuffles this hand, the
    seats still to play their last turn (None: no last lap), and the passes in a row since
    the stock ran out (``until_all_pass``; None: it has not run out)."""

    __slots__ = ()
    reshuffles: int = state_field("hand", COUNT, 0)
    last_lap: list[int] | None = state_field("hand", SEATS, None)
    passes: int | None = state_field("hand", COUNT, None)


@dataclass(frozen=True)
class Stock:
    """The options, as the schema gives them (it holds their defaults)."""

    exhausted_at: int                        # the stock is low at this many cards or fewer
    then: str                                # void_hand | end_round | last_lap |
    # reshuffle_discards | knock_or_void | until_all_pass
    max_reshuffles: int | None               # the hand is void after this many reshuffles
    void_dealer: str                         # same | next: who deals after a void hand
    reshuffle: str                           # shuffle | turn_over: how the pile becomes stock

    waiting: ClassVar[str] = "the wall: draw the discard to knock with it, or pass"
    opens: ClassVar[str | None] = None       # (the wall is opened by Ending.WALL)
    answers: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def build(cls, options: dict[str, Any], at: BuildContext, steps: set[str]) -> Stock:
        """The rule from the checked ``stock`` section; ``steps``: the turn's step kinds."""
        if options["then"] == "reshuffle_discards" and "discard" not in steps:
            at.problem("then", "reshuffle_discards needs a discard pile (a discard step)")
        if options["then"] == "knock_or_void" and "knock" not in steps:
            at.problem("then", "knock_or_void needs a knock step")
        if options["then"] == "until_all_pass" and not steps & {"meld", "draw_until_meld"}:
            at.problem("then", "until_all_pass needs a meld or draw_until_meld step (a turn "
                       "that lays no card on the table is a pass)")
        return cls(**build_options(cls, options, at))

    def after_turn(self, state: GameState, seat: int) -> Ending | None:
        """The stock rule after ``seat``'s turn (and the last lap, once it has begun); None:
        play goes on."""
        if state.last_lap is not None:          # this seat has had its last turn
            state.last_lap.pop(0)
            return Ending.LAST_LAP if state.last_lap else Ending.SCORE
        if len(state.stock) > self.exhausted_at:
            return None
        if self.then == "void_hand":
            return Ending.VOID
        if self.then == "end_round":
            return Ending.SCORE
        if self.then == "knock_or_void":
            return Ending.WALL
        if self.then == "last_lap":
            self.start_last_lap(state, seat, others_only=False)
            return Ending.LAST_LAP
        if self.then == "until_all_pass":
            return self._passed(state)
        return None if self._restock(state) else Ending.VOID

    def _passed(self, state: GameState) -> Ending | None:
        """Counts a turn that laid no card on the table as a pass (the turn that ran the
        stock out is none); once every player in play has passed in a row, the count."""
        if state.passes is None or state.melded:
            state.passes = 0
        else:
            state.passes += 1
        return Ending.SCORE if state.passes >= len(state.in_play) else None

    def quiet_while(self) -> Quiet:
        """When :meth:`after_turn` surely says nothing: the stock is above its low mark (and
        no last lap has begun)."""
        return Quiet(stock=self.exhausted_at)

    def _restock(self, state: GameState) -> bool:
        """The discard pile but its top card goes under the stock, shuffled or turned over;
        False if the guard on reshuffles is reached or there is nothing to reshuffle."""
        if (self.max_reshuffles is not None and state.reshuffles >= self.max_reshuffles) or \
                len(state.discard) < 2:
            return False
        state.reshuffles += 1
        pile = state.discard[:-1]
        del state.discard[:-1]
        if self.reshuffle == "turn_over":        # (the stock's top is the list's end)
            pile.reverse()
        else:
            pile = shuffled(pile, state.seed, "hand", state.deals, "reshuffle",
                            state.reshuffles)
        state.stock[:0] = pile
        return True

    # ---- the wall -------------------------------------------------------------------------
    @property
    def stage(self) -> str | None:
        """The wall, where the spec has one."""
        return "wall" if self.then == "knock_or_void" else None

    def open(self, state: GameState) -> int | None:
        return None

    def saved_position(self, data: Mapping[str, Any]) -> str | None:
        return None

    def stage_actions(self, state: GameState) -> list[Action]:
        """Before taking: pass, and take the discard if it lets the seat knock; after: the
        knocks."""
        knock = state.variant.step("knock")
        if state.taken is not None:
            return knock.actions(state)[0] if knock is not None else []
        out = [PASS]
        if state.discard and knock is not None:
            hand = state.hands[state.player]
            hand.append(state.discard[-1])          # the knocks the top discard would allow
            try:
                if knock.actions(state)[0]:
                    out.append(DRAW_DISCARD)
            finally:
                hand.pop()
        return out

    def answer(self, state: GameState, action: Action) -> Resume:
        """Pass (the hand is void), take the discard (the seat then knocks) or knock."""
        if action == PASS:
            return VOID_NOW
        if action == DRAW_DISCARD:
            take_discard(state, state.player)
            return ask(state.player)
        knock = state.variant.step("knock")
        assert knock is not None
        knock.apply(state, action)
        return KNOCKED_NOW

    def explain(self, state: GameState, action: Action) -> str | None:
        return None

    def start_last_lap(self, state: GameState, seat: int, others_only: bool) -> list[int]:
        """Every player after ``seat`` (and ``seat`` itself last, unless ``others_only``) has
        one more turn; returns them in order."""
        order = state.in_play
        at = order.index(seat)
        state.last_lap = order[at + 1:] + order[:at if others_only else at + 1]
        return state.last_lap

    def sentence(self) -> str:
        low = (f"has {self.exhausted_at} card{'s' if self.exhausted_at != 1 else ''} or fewer "
               "left" if self.exhausted_at else "is empty")
        text = f"At the end of each turn, if the stock {low}, " + WHEN_LOW[self.then].format(
            RESHUFFLE[self.reshuffle])
        if self.then == "reshuffle_discards":
            guard = "" if self.max_reshuffles is None else (
                f", or when the hand has had {self.max_reshuffles} reshuffle"
                f"{'s' if self.max_reshuffles != 1 else ''} already")
            text += (" The hand is void instead (nobody scores) when the discard pile has "
                     f"fewer than 2 cards{guard}.")
        return text
