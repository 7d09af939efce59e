"""Counters a spec declares (the ``counters`` section): a number per player, set at the start
of each hand or of the match, updated as that player takes an action (before the action
changes the cards) and after each scored hand, and added to by match bonuses that name them.
Their values are this rule's slice of the game state."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..formula import NUM, Formula
from ..model import scopes
from ..model.actions import Action
from ..model.state_fields import Checker, Kind, state_field
from ..model.views import PlayerView, knock_env

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext
    from ..model.variant import Variant

EVENT = {"scored": "after each scored hand"}     # events not named for an action


def _each_counter(value: dict[str, list[float]], at: str, check: Checker) -> None:
    """A saved counter has a value per player."""
    for name, values in value.items():
        if len(values) != check.players:
            raise check.fail(f"{at}.{name}", f"{len(values)} entries for {check.players} "
                             "players")


COUNTERS = Kind("counters", {"type": "object", "maxProperties": 256,
                             "propertyNames": {"$ref": "#/$defs/name"},
                             "additionalProperties": {"$ref": "#/$defs/per_seat_numbers"}},
                _each_counter)


@dataclass(eq=False)
class CountersMemory:
    """The counters' slice of the game state: each counter's value per seat, by name."""

    __slots__ = ()
    counters: dict[str, list[float]] = state_field("match", COUNTERS, factory=dict)


@dataclass(frozen=True)
class Counter:
    """A number kept for each player, updated by their actions and after each scored hand
    (event -> new value)."""

    name: str
    start: float
    reset: str                              # hand | match
    update: Mapping[str, Formula]           # also "scored": after each scored hand
    show: bool = False                      # shown next to the totals
    of: str = "own"                         # own | others | next_player: whose actions count

    def sentence(self) -> str:
        every = "each hand" if self.reset == "hand" else "the match"
        updates = "; ".join(f"{EVENT.get(event, 'on ' + event)}: {formula.text}"
                            for event, formula in self.update.items())
        whose = {"own": "", "others": " (by any other player's actions)",
                 "next_player": " (by the actions of the player who plays after its owner)"}
        return (f"{self.name}: {self.start:g} at the start of {every}"
                + (f"; {updates}{whose[self.of]}" if updates else "")
                + ("; shown next to the totals" if self.show else "") + ".")


def build_counters(options: dict[str, Any], at: BuildContext) -> tuple[Counter, ...]:
    """The counters of the spec's ``counters`` section (each seen by formulas as a player
    attribute: a counter may not take a name players already have)."""
    out = []
    scope = scopes.knock_scope(at.roles).with_names(value=NUM)
    scored = scopes.scored_scope(at.roles)
    for name, c in options.items():
        if name in scopes.PLAYER_ATTRS:
            at.problem(name, f"a counter may not be called {name!r}: players already have "
                       "that attribute")
        update = {event: cast(Formula, at.formula(f"{name}.update.{event}",
                                                  scored if event == "scored" else scope, NUM))
                  for event, text in c["update"].items() if text is not None}
        out.append(Counter(name, c["start"], c["reset"], update, c["show"], c["of"]))
    return tuple(out)


def sentences(variant: Variant) -> list[str]:
    """The section's paragraphs (the counters themselves are listed between the two)."""
    out = ["Each player has these numbers; formulas read them as p.NAME (or me.NAME):"]
    if variant.scored_counters:
        out.append("After each scored hand, counters are updated in the order listed, for "
                   "every player p at once: value is the counter's value, points the hand's "
                   "points to p, outcome the hand's outcome; a counter sees the new values of "
                   "those listed above it.")
    return out


def start(state: GameState, reset: str) -> None:
    """Counters that start again at a ``reset`` ("hand" or "match") take their start value."""
    for counter in state.variant.counters:
        if counter.reset == reset or reset == "match":
            state.counters[counter.name] = [counter.start] * state.players


def on_action(state: GameState, seat: int, event: str, action: Action | None = None) -> None:
    """Update the counters that listen to ``event`` (an action kind, with the pile for draws:
    ``draw_stock``, ``draw_discard``; a discard of the card taken from the pile this turn is
    ``discard_taken`` for counters that listen to it) of the seats whose counters ``seat``'s
    action updates: its own, the others', or the player's before it (Counter.of)."""
    envs: dict[int, Any] = {}
    thrown_back = event == "discard" and state.taken is not None and action is not None and \
        action.cards[0] == state.variant.faces.name(state.face_of[state.taken])
    for counter in state.variant.counters:
        formula = counter.update.get(event)
        if thrown_back:
            formula = counter.update.get("discard_taken", formula)
        if formula is None:
            continue
        for owner in _owners(state, counter.of, seat):
            env = envs.get(owner)
            if env is None:
                env = envs[owner] = knock_env(state, owner, state.hand_faces(owner))
            env["value"] = state.counters[counter.name][owner]
            state.counters[counter.name][owner] = formula(env)


def _owners(state: GameState, of: str, seat: int) -> list[int]:
    """The seats whose counter of kind ``of`` an action of ``seat`` updates."""
    if of == "own":
        return [seat]
    if of == "others":
        return [s for s in state.in_play if s != seat]
    order = state.in_play
    return [order[(order.index(seat) - 1) % len(order)]] if seat in order else []


def on_scored(state: GameState, env: dict[str, Any], points: list[int], outcome: str, counted: dict[int, int]) -> None:
    """After a scored hand: each counter with a ``scored`` update, in the order listed, takes
    its new value for every seat at once (``env`` is the award environment of the hand)."""
    playing = {p.seat: p for p in env["players"]}      # the views winners and losers hold
    seats = [playing.get(seat) or PlayerView(state, seat, counted)
             for seat in range(state.players)]
    env["outcome"] = outcome
    for counter in state.variant.counters:
        formula = counter.update.get("scored")
        if formula is None:
            continue
        values = state.counters[counter.name]
        new = []
        for seat, view in enumerate(seats):
            env["p"], env["value"], env["points"] = view, values[seat], points[seat]
            new.append(formula(env))
        state.counters[counter.name] = new
    for name in ("p", "value", "points", "outcome"):
        env.pop(name, None)


def shown(state: GameState) -> dict[str, list[float]]:
    """The counters the spec shows next to the totals, by name."""
    return {c.name: list(state.counters[c.name]) for c in state.variant.counters if c.show}
