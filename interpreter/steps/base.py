"""What every turn step is: a frozen object holding its options as named fields, which says
which actions it allows now, applies one, and gives its sentence for the rules sheet.

A step never moves the turn along itself: ``apply`` returns an :class:`After` that tells the
turn driver (:mod:`interpreter.engine.turn`) what comes next.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from ..errors import RummyError
from ..model.actions import Action
from ..model.rule_options import BuildContext, build_options

if TYPE_CHECKING:
    from ..cards import Faces
    from ..engine.state import GameState

END, KNOCK = Action("end"), Action("knock")
TAKE, PASS, BUY = Action("take"), Action("pass"), Action("buy")
DRAW_STOCK, DRAW_DISCARD = Action("draw", pile="stock"), Action("draw", pile="discard")

class After(Enum):
    """What the turn does after a step's action."""

    NEXT = "next"              # on to the following step
    STAY = "stay"              # this step again (more draws, more melds)
    END_TURN = "end_turn"      # the turn is over
    KNOCK = "knock"            # the hand ends by a knock
    BUYING = "buying"          # on to the following step, once the others may buy the discard


# The members as constants, for steps to return: reading a member off an Enum class costs
# ~70 ns before Python 3.12, and a step returns one for every action.
NEXT, STAY, END_TURN, KNOCKED = After.NEXT, After.STAY, After.END_TURN, After.KNOCK
BUYING = After.BUYING

class Then(Enum):
    """What the turn driver does after an answer in a stage."""

    ASK = "ask"                # the stage goes on: ``seat`` answers next
    TURN = "turn"              # back to the turn: ``seat`` plays, at ``step`` (None: as it was)
    KNOCKED = "knocked"        # the hand ends by a knock (spread or scored)
    SCORE = "score"            # the hands are counted
    VOID = "void"              # the hand is void


@dataclass(frozen=True)
class Resume:
    """An answer's outcome in a stage, for the turn driver."""

    then: Then
    seat: int | None = None
    step: int | None = None


SCORE_NOW, VOID_NOW, KNOCKED_NOW = Resume(Then.SCORE), Resume(Then.VOID), Resume(Then.KNOCKED)
_ASK, _TURN = Then.ASK, Then.TURN       # (an Enum member read off its class costs ~70 ns)


def ask(seat: int) -> Resume:
    """The stage goes on: ``seat`` answers next."""
    return Resume(_ASK, seat)


def back_to_turn(seat: int, step: int | None = None) -> Resume:
    """The stage is over: ``seat`` plays on in the turn, at ``step`` (None: as it was)."""
    return Resume(_TURN, seat, step)


class Stage(Protocol):
    """A phase outside the turn's steps that a rule adds (the upcard offer, buying the
    discard, the spread after a knock, the wall): the seat asked, ``state.player``, answers
    one of ``stage_actions``; the rule applies it and says what comes next. The turn driver
    enters the phase named ``stage`` when the rule starts it."""

    stage: str | None           # the phase's name (a value of engine.state.Phase); None: off
    opens: str | None           # when the driver opens it: "hand" (after the deal), "turn"
    # (as a turn starts), "knock" (after a knock); None: on another rule's word (a step's
    # After, an Ending)
    waiting: str                # what the seat asked is at, "the upcard offer: take or pass"
    answers: tuple[str, ...]    # action kinds whose refusal ``explain`` says all there is of

    def open(self, state: GameState) -> int | None:
        """Start the stage at its moment: the seat asked first, or None (not now)."""
        ...

    def saved_position(self, data: Mapping[str, Any]) -> str | None:
        """What is wrong with a saved game's state data (schema-checked) in this stage, or
        None."""
        ...

    def stage_actions(self, state: GameState) -> list[Action]: ...

    def answer(self, state: GameState, action: Action) -> Resume: ...

    def explain(self, state: GameState, action: Action) -> str | None: ...


class Step:
    """Base of the step kinds; subclasses are frozen dataclasses named after their kind, with
    their traits, the class variables below, as ``ClassVar`` in their body."""

    kind: ClassVar[str]
    melding: ClassVar[bool] = False          # table melds may belong to this step
    distinct: ClassVar[bool] = False         # its actions never repeat (the turn driver then
    # keeps its list as it is; else it makes a table of them, which drops repeats)
    # simple: ``apply`` evaluates no formula and, once its action is legal, cannot fail; it
    # only moves cards between the hand and the piles, and either ("next") takes cards into
    # the hand and goes on to the next step, or ("end_turn") gives up one card and ends the
    # turn, leaving the stock as it is. The engine takes no snapshot before such a step when
    # the turn then surely passes on (engine.turn.quiet). "": not simple.
    simple: ClassVar[str] = ""
    # instead: kinds of later steps whose actions may be taken in place of this step (and of
    # the steps between): an either/or turn. A field of the step kinds that offer it.
    instead: tuple[str, ...] = ()
    # the action kinds this step plays (a refused one is the step's to explain), and what to
    # say of one once the turn is past this step
    plays: ClassVar[tuple[str, ...]] = ()
    anytime: ClassVar[bool] = False          # its actions are offered at the later steps of
    # the turn too (the turn driver adds them once the turn is past it)
    stage: ClassVar[str | None] = None       # the phase it adds as a Stage, if any
    opens: ClassVar[str | None] = None       # when that stage opens (see Stage)
    past: ClassVar[str] = "this turn is past that step"

    @classmethod
    def build(cls, options: Mapping[str, Any], at: BuildContext) -> Step | None:
        """The step from its checked options (defaults filled in), field by field
        (:func:`interpreter.model.rule_options.build_options`); None after a problem."""
        return cls(**build_options(cls, options, at))

    def check_place(self, turn: Mapping[str, int], upcard: bool, at: BuildContext) -> None:
        """Report what this step needs of the rest of the turn: ``turn`` gives the index of
        each step kind in it, ``upcard`` whether the deal turns up a card."""

    def check_cards(self, faces: Faces, at: BuildContext) -> None:
        """Report the card names among its options that the deck does not have."""

    def actions(self, state: GameState) -> tuple[list[Action], bool]:
        """(its actions now, whether the turn must stop here while it has actions); the
        list is the caller's to keep, and is not changed by it."""
        return [], False

    @property
    def watching(self) -> bool:
        """Whether this step, as its options make it, sees every action before it is applied
        (:meth:`watch`): how a rule keeps memory of what other rules' actions did."""
        return False

    def watch(self, state: GameState, seat: int, action: Action) -> None:
        """Called before ``seat``'s legal ``action`` (of any rule) is applied, while
        :attr:`watching`."""

    def melds_now(self, state: GameState) -> bool:
        """Whether a table meld belongs to this step now (games with a shared table)."""
        return False

    def apply(self, state: GameState, action: Action) -> After:
        raise NotImplementedError

    def explain(self, state: GameState, action: Action) -> str | None:
        """Why ``action`` (of a kind this step plays, at this step) is refused now, in the
        words of the rule that refuses it; None: nothing to add."""
        return None

    def sentence(self) -> str:
        raise NotImplementedError


def not_held(state: GameState, name: str) -> str | None:
    """Why the player to act cannot play card ``name`` from the hand (None: it is held)."""
    faces = state.variant.faces
    try:
        face = faces.parse(name)
    except RummyError:
        return f"{name} is not a card of this deck"
    if face not in state.hand_faces(state.player):
        return f"you do not hold {faces.name(face)}"
    return None
