"""The drop step: in their turn a player may drop out of the hand (``drop``), scoring a fixed
penalty: the first drop's before they have drawn a card this hand, the middle drop's after.
The others play on, turns passing over the seats that dropped; the hand ends when one player
is left (or as usual, when someone goes out or knocks).

The step stands before the draw; its action is offered at every later step of the turn too
(``anytime``). After each turn :mod:`interpreter.rules.drop` asks whether one player is left:
the hand is then scored (a scoring row reads ``p.dropped`` and ``p.drop_penalty``).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from ..formula import NUM, Formula, Scope
from ..model.actions import Action
from ..model.rule_options import option
from ..model.scopes import deal_scope
from ..model.state_fields import SEAT_NUMBERS, state_field
from .base import END_TURN, After, Step

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext

DROP = Action("drop")
DREW = ("draw", "take")          # the actions that bring a card into the hand in a turn


def _scope(roles: tuple[str, ...]) -> Scope:
    return deal_scope()


@dataclass(eq=False)
class DropMemory:
    """The drop's slice of the game state: the seats that dropped out of this hand, each with
    the penalty it scores."""

    __slots__ = ()
    dropped: dict[int, int] = state_field("hand", SEAT_NUMBERS, factory=dict)


@dataclass(frozen=True)
class Drop(Step):
    kind: ClassVar[str] = "drop"
    plays: ClassVar[tuple[str, ...]] = ("drop",)
    distinct: ClassVar[bool] = True
    anytime: ClassVar[bool] = True

    # the penalty of a drop before the player's first draw of the hand (None: not allowed)
    first: Formula | None = option(default=None, scope=_scope, expect=NUM)
    # the penalty of a drop once the player has drawn (None: not allowed)
    middle: Formula | None = option(default=None, scope=_scope, expect=NUM)

    def check_place(self, turn: Mapping[str, int], upcard: bool, at: BuildContext) -> None:
        if not any(turn.get(k, -1) > turn[self.kind] for k in ("draw", "draw_until_meld")):
            at.problem(None, "the drop step comes before the turn's draw")
        if self.first is None and self.middle is None:
            at.warn(None, "neither a first nor a middle drop is allowed: nobody can drop")

    def penalty(self, state: GameState) -> Formula | None:
        """The formula of the drop the player to act may make now (None: none)."""
        seat = state.player
        drawn = any(s == seat and action is not None and action.kind in DREW
                    for s, action, *_ in state.log)
        return self.middle if drawn else self.first

    def actions(self, state: GameState) -> tuple[list[Action], bool]:
        return ([DROP] if self.penalty(state) is not None else []), False

    def apply(self, state: GameState, action: Action) -> After:
        formula = self.penalty(state)
        assert formula is not None            # (offered only then)
        state.dropped[state.player] = round(formula({"round": state.deals,
                                                     "player_count": state.players}))
        return END_TURN

    def explain(self, state: GameState, action: Action) -> str | None:
        return "a player who has drawn this hand may not drop" if self.first is not None \
            else "a player may drop only after drawing this hand"

    def sentence(self) -> str:
        kinds = [f"before they have drawn a card this hand (a first drop, scoring "
                 f"{self.first.text})" if self.first is not None else "",
                 f"once they have drawn (a middle drop, scoring {self.middle.text})"
                 if self.middle is not None else ""]
        return ("Drop (optional, at any point of the turn): a player may drop out of the hand "
                f"{' or '.join(k for k in kinds if k)}. The others play on without them; when "
                "one player is left the hand ends and is scored.")
