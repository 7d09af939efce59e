"""The public game API: ``new_game`` and the State's legal_actions, apply, observation,
scores and JSON round trip. Queries change nothing; an illegal action raises IllegalAction and
leaves the state as it was.

A State is a whole match: hands are dealt, played, scored and dealt again until the spec's
match end. Its data is declared in :mod:`.state`; the rules it follows are its Variant's.
"""
from __future__ import annotations

import os
from typing import Any

from ..errors import IllegalAction, NotYourTurn, RummyError
from ..model.actions import Action, checked
from ..model.variant import Variant
from ..spec import load_variant
from . import counters, refusals, saved, saved_checks, scoring, seating, turn
from .dealing import deck_order
from .legal import Legal
from .observe import observation
from .state import GameState
from .turn import TURN, turn_actions

TERMINAL = -1


class State(GameState):
    """A match in progress. Build one with :func:`new_game`; see the module doc."""

    __slots__ = ()

    # ---- queries --------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to act, or TERMINAL (-1) when the match is over."""
        return TERMINAL if self.over else self.player

    @property
    def is_terminal(self) -> bool:
        """Whether the match is over."""
        return self.over

    def legal_actions(self) -> list[Action]:
        legal = self.legal_cache
        if legal is None:                            # _legal, inlined
            legal = self.legal_cache = (turn_actions(self) if self.phase is TURN
                                        else turn.legal(self))
        return list(legal.actions)

    def is_legal(self, action: Any) -> bool:
        """Whether ``apply(action)`` would be accepted now (changes nothing)."""
        try:
            self._resolve(checked(action))
            return True
        except RummyError:
            return False

    @property
    def meld_step(self) -> int | None:
        """The turn step a table meld belongs to now (None: melding is not allowed now)."""
        return self._legal().meld_step if self.phase is TURN else None

    @property
    def scores(self) -> list[int]:
        """Match totals so far."""
        return list(self.totals)

    def shown_counters(self) -> dict[str, list[float]]:
        """The counters the spec shows next to the totals (``show: true``), by name."""
        return counters.shown(self)

    def returns(self) -> list[int]:
        """Match totals, signed so that more is better (penalty points count negative); with
        the spec's ``match.standing``, each player's standing instead."""
        standing = self.variant.match.standing
        if standing is not None:
            return scoring.standings(self, standing)
        sign = -1 if self.variant.scoring.mode == "penalty" else 1
        return [sign * s for s in self.totals]

    def winners(self) -> list[int]:
        """Seats with the best return (total, or standing) once the match is over (empty
        before, and for a match stopped unfinished by the guard)."""
        if not self.over or self.stopped:
            return []
        best = max(self.returns())
        return [s for s, r in enumerate(self.returns()) if r == best]

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its hand, public piles and melds, counts, known cards."""
        return observation(self, seat)

    # ---- playing --------------------------------------------------------------------------
    def apply(self, action: Any, seat: Any = None) -> None:
        """Play ``action`` (an Action or its notation); IllegalAction, with the reason, leaves
        the state as it was, and so does any other error while the action is applied (see
        :func:`turn.apply`). With ``seat``, the action is that seat's: NotYourTurn unless it
        is the seat to act. (Parameters typed Any: anything is checked here, where the
        compiled build would refuse a wrong type with a bare TypeError.)"""
        if seat is not None and seat != self.current_player:
            raise NotYourTurn(self._not_yours(seat))
        if type(action) is not Action:
            action = checked(action)                 # notation, or refused
        legal = self.legal_cache
        if legal is None:                            # _legal, inlined
            legal = self.legal_cache = (turn_actions(self) if self.phase is TURN
                                        else turn.legal(self))
        try:
            steps = legal.steps                      # (Legal.step_of, in place)
            step = (legal.step if action in legal.actions else None) if steps is None \
                else steps.get(action)
        except Exception:                            # a field that does not compare or hash:
            step = None                              # checked() below names it
        # Equal to a legal action, its fields have their types (or str, tuple subclasses);
        # only a meld index can be equal as a bool or float. Any other action is checked.
        if step is not None and (action.target is None or type(action.target) is int):
            self.legal_cache = None          # the usual case, first
            turn.apply(self, action, step)
            return
        self._resolve(checked(action), play=True)

    def _resolve(self, action: Action, play: bool = False) -> None:
        """Find the step of ``action`` and, with ``play``, apply it; IllegalAction if none."""
        legal = self._legal()
        meld_step = legal.meld_step
        step = legal.step_of(action)
        if step is None and action.cards:
            action = self._canonical(action)
            step = legal.step_of(action)
        if step is not None:
            if play:
                self.legal_cache = None
                turn.apply(self, action, step)
            return
        if action.kind == "meld" and meld_step is not None and self.phase is TURN:
            self._checked(action, meld_step, play)
            return
        spread = self.variant.round_end.spread
        if action.kind == "spread" and self.phase is turn.SPREAD and \
                spread.same_spread_listed(self, action, legal.actions):
            if play:
                self.legal_cache = None
                turn.apply(self, action, 0)
            return
        try:
            reason = refusals.why(self, action, legal)
        except Exception:                # (a defect in explaining must not hide the refusal)
            reason = None
        if reason is not None:
            raise IllegalAction(f"{action}: {reason}")
        shown = ", ".join(map(str, legal.actions[:40]))
        raise IllegalAction(f"{action} is not legal now for seat {self.player} "
                            f"({self.phase.value}); legal: {shown}")

    def _not_yours(self, seat: int) -> str:
        if self.over:
            return "the match is over"
        return f"not your turn: seat {self.player} is to act ({refusals.doing(self)})"

    def _checked(self, action: Action, step: int, play: bool) -> None:
        """A table rearrangement legal_actions did not list: the meld check decides, on the
        state itself (turn.apply restores it if the move is refused; without ``play``, it is
        restored from a snapshot in any case)."""
        self.legal_cache = None
        if play:
            turn.apply(self, action, step)
            return
        snapshot = self.snapshot()
        try:
            turn.apply(self, action, step)
        finally:
            self.restore(snapshot)

    def _canonical(self, action: Action) -> Action:
        """The action with its cards spelled as the engine spells them (``10s`` -> ``Ts``)."""
        faces = self.variant.faces
        try:
            return action._replace(cards=tuple(faces.name(faces.parse(c)) for c in action.cards))
        except RummyError:
            return action

    def _legal(self) -> Legal:
        if self.legal_cache is None:
            self.legal_cache = (turn_actions(self) if self.phase is TURN
                                else turn.legal(self))
        return self.legal_cache

    # ---- JSON -----------------------------------------------------------------------------
    def to_json(self) -> str:
        """The match as a saved game (see :mod:`.saved`)."""
        return saved.dump(self.variant, self.to_data())

    @classmethod
    def from_json(cls, text: str | bytes, variant: Variant | None = None) -> "State":
        """Rebuild a saved game, checked: SavedGameError (naming the JSON path) for anything
        but a valid saved game. ``variant`` is needed only for the unversioned format."""
        found, data = saved.read(text, variant)
        state = cls(variant=found)
        state.load_data(data)
        saved_checks.check_in_play(state)
        return state


def new_game(variant: Variant | str, players: int | None = None, seed: int | None = None,
             deck: list | None = None, dealer: int | None = None,
             roles: dict[str, int] | None = None) -> State:
    """A new match, its first hand dealt.

    ``deck`` is an explicit deck order, top card first (notation or face ids), or a list of
    such orders, one per hand; hands beyond them are shuffled from ``seed``. ``dealer`` and
    ``roles`` (role name -> seat) override the seeded high-card draws.
    """
    if isinstance(variant, str):
        variant = load_variant(variant)
    low, high = variant.players
    players = low if players is None else players
    if not low <= players <= high:
        raise RummyError(f"{variant.name} is for {low}-{high} players, not {players}")
    state = State(variant=variant, players=players)
    state.seed = int.from_bytes(os.urandom(4), "big") if seed is None else seed
    if deck and not isinstance(deck[0], (list, tuple)):
        deck = [deck]
    faces_of = variant.deck_for(players).faces_of
    state.deck_orders = [deck_order(faces_of, variant.faces, d) for d in (deck or [])]
    scoring.start_match(state)
    counters.start(state, "match")
    chosen = seating.first_roles(variant, players, state.seed, roles)
    seating.seat_match(state, chosen, seating.first_dealer(variant, players, state.seed,
                                                           dealer, chosen))
    turn.begin_hand(state)
    return state
