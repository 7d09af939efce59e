"""The end of a hand (the spec's ``round_end`` section): going out, the condition that makes a
hand void, the guard on a hand's turns, the others' last turns after going out or a knock,
and the spread after a knock (:mod:`interpreter.steps.spread`, built from the same section).

The turn driver asks :meth:`RoundEnd.after_turn` after every turn, before the stock rule.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..formula import BOOL, Formula
from ..model.rule_options import build_options, built, option
from ..model.scopes import going_out_scope, round_scope
from ..model.views import going_out_env, round_env
from ..steps.spread import Spread
from .base import Ending, Quiet

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext
    from ..model.variant import Variant


@dataclass(frozen=True)
class RoundEnd:
    """The options, as the schema gives them (it holds their defaults)."""

    empty_hand_ends_round: bool              # a player with no cards left ends the hand
    max_turns: int                           # a hand still going after this many turns is void
    last_turns_after_going_out: bool         # the others play once more after going out
    # checked after each turn (None: never)
    void_when: Formula | None = option(default=None, scope=round_scope, expect=BOOL,
                                       false_is_none=True)
    out_by_discard: bool = False             # a meld may not use every card in the hand
    void_check: str = "turn"                 # turn | action: also as each action is taken
    last_turns_after_knock: bool = False     # the others play once more after a knock
    # a player may play their last card only if this holds (None: always)
    may_go_out_when: Formula | None = option(default=None, scope=going_out_scope, expect=BOOL,
                                             true_is_none=True)
    spread: Spread = built()                 # from the same section, by Spread.build

    @classmethod
    def build(cls, options: dict[str, Any], at: BuildContext) -> RoundEnd:
        values = build_options(cls, options, at)
        if values["last_turns_after_going_out"] and not values["empty_hand_ends_round"]:
            at.problem("last_turns_after_going_out",
                       "needs round_end.empty_hand_ends_round: true (going out)")
        if values["may_go_out_when"] is not None and not values["empty_hand_ends_round"]:
            at.problem("may_go_out_when",
                       "needs round_end.empty_hand_ends_round: true (going out)")
        spread = Spread.build(options, at)        # (None after a problem: the build fails)
        return cls(**values, spread=cast(Spread, spread))

    def after_turn(self, state: GameState, seat: int) -> Ending | None:
        """Going out, the guard on a hand's turns, or the hand void by ``void_when``."""
        if self.empty_hand_ends_round and not state.hands[seat]:
            return Ending.WENT_OUT
        if state.turns >= self.max_turns:
            return Ending.GUARD
        if self.void_when is not None and self.void_when(round_env(state, None)):
            return Ending.VOID
        return None

    def going_out_refusal(self, state: GameState, seat: int) -> str | None:
        """Why ``seat`` may not go out with the table as it is now (None: it may, or it
        would take a reserve hand instead: deal.reserve)."""
        when = self.may_go_out_when
        if when is None or state.variant.deal.may_take_reserve(state, seat) or \
                when(going_out_env(state, seat)):
            return None
        return f"you may go out (play your last card) only if: {when.text}"

    def keeps_a_card(self, state: GameState, seat: int) -> bool:
        """Whether a meld of ``seat``'s must leave a card to discard (``out_by_discard``; not
        for a player who would take a reserve hand instead of going out: deal.reserve)."""
        return self.out_by_discard and not state.variant.deal.may_take_reserve(state, seat)

    def quiet_while(self) -> Quiet | None:
        """When :meth:`after_turn` surely says nothing (None: a formula decides, never sure)."""
        if self.void_when is not None:
            return None
        return Quiet(turns=self.max_turns, hand_left=self.empty_hand_ends_round)

    def sentences(self, variant: Variant) -> list[str]:
        """The section's paragraphs for the rules sheet."""
        ends = ["a player knocks"] if variant.step("knock") else []
        if self.empty_hand_ends_round:
            ends.append("a player has no cards left (goes out), at once")
        ends.append("when the stock runs low (see The stock)")
        out = [f"A round ends when {', or '.join(ends)}."]
        if self.out_by_discard:
            out.append("Going out needs a final discard: no meld may use the last card in the "
                       "hand" + (" (but a player who would take a reserve hand may)"
                                 if variant.deal.reserve is not None else "") + ".")
        if self.may_go_out_when is not None:
            keep = ("a card to keep after their discard" if variant.step("discard")
                    else "a card in hand")
            instead = ("; a player who would take a reserve hand is not going out"
                       if variant.deal.reserve is not None else "")
            out.append(f"A player may go out only if: {self.may_go_out_when.text} (as the "
                       f"table would be after the move){instead}; until then no meld may "
                       f"leave them without {keep}.")
        if self.last_turns_after_going_out:
            out.append("After a player goes out each other player has one more turn; then the "
                       "hands are counted.")
        if self.void_when is not None:
            when = ("As each action is taken (the action that makes it hold is not played)"
                    if self.void_check == "action" else "After each turn")
            out.append(f"{when}, the hand is void (nobody scores) if: {self.void_when.text}.")
        stock = variant.stock
        if stock.then == "reshuffle_discards" and stock.max_reshuffles is None:
            out.append(f"A hand still going after {self.max_turns} turns is void (nobody "
                       "scores): a guard against endless play.")
        if self.last_turns_after_knock:
            out.append("After a knock each other player has one more turn (no one else may "
                       "knock); then:")
        return out + [self.spread.sentence()]
