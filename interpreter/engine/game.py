"""The public game API: ``new_game`` and the State's legal_actions, apply, observation,
scores and JSON round trip. Queries change nothing; an illegal action raises IllegalAction and
leaves the state as it was.

The agent API (docs/agent-api.md) is here too: :class:`SeatView` (``state.seat_view()``), what
one seat may know, for bots; :class:`Privileged`, search's access to the hidden cards.

A State is a whole match: hands are dealt, played, scored and dealt again until the spec's
match end. Its data is declared in :mod:`.state`; the rules it follows are its Variant's.
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from ..cards import Faces
from ..errors import IllegalAction, NotYourTurn, RummyError
from ..melds import MeldRules
from ..model.actions import Action, checked
from ..model.variant import Variant
from ..rules import counters, seating
from ..spec import load_variant
from ..steps import table_melds
from ..steps.discard import drawn_pile
from ..steps.knock import Knock
from ..table import Opening
from . import refusals, saved, saved_checks, turn
from .dealing import deck_order
from .legal import Legal
from .observe import observation
from .state import GameState, Phase
from .story import Entry
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

    def is_legal(self, action: Action | str) -> bool:
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

    def returns(self) -> list[float]:
        """Match totals, signed so that more is better (penalty points count negative); with
        the spec's ``match.standing``, each player's standing instead. With partnerships,
        each seat's team value less the mean of the teams' (zero-sum between teams, partners
        alike)."""
        variant = self.variant
        if variant.match.standing is not None:
            values = variant.match.standings(self)
        else:
            sign = -1 if variant.scoring.mode == "penalty" else 1
            values = [sign * s for s in self.totals]
        if variant.partnerships is not None:
            return variant.partnerships.returns(self.players, values)
        return values

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

    def seat_view(self, seat: int | None = None) -> SeatView:
        """What ``seat`` (default: the seat to act) may know, for a bot's decision: see
        :class:`SeatView` and docs/agent-api.md."""
        return SeatView(self, self.player if seat is None else seat)

    @property
    def player_count(self) -> int:
        """The seats at the table (those out of the match included)."""
        return self.players

    @property
    def hands_recorded(self) -> int:
        """The hands of the match recorded so far (the ``history`` of an observation)."""
        return len(self.history)

    # ---- playing --------------------------------------------------------------------------
    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Play ``action`` (an Action or its notation); IllegalAction, with the reason, leaves
        the state as it was, and so does any other error while the action is applied (see
        :func:`turn.apply`). With ``seat``, the action is that seat's: NotYourTurn unless it
        is the seat to act. Whatever a caller passes is checked here (a frontend's input may
        be anything)."""
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
        if action.kind == "spread" and self.phase is Phase.SPREAD and \
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
    def from_json(cls, text: str | bytes, variant: Variant | None = None) -> State:
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
    state.variant.scoring.start(state)
    counters.start(state, "match")
    chosen = seating.first_roles(variant, players, state.seed, roles)
    seating.seat_match(state, chosen, seating.first_dealer(variant, players, state.seed,
                                                           dealer, chosen))
    turn.begin_hand(state)
    return state


# ---- the agent API (docs/agent-api.md) --------------------------------------------------------
class SeatView:
    """What one seat may know, for a bot's decision: the rules, its own hand, the discard
    pile, the stock's size, the table, turn counts and the cards each seat is known to hold
    (taken from the discard pile). Nothing hidden from the seat is reachable from a view.

    Make one per decision (:meth:`State.seat_view`: cheap, nothing is copied): it reads the
    state as it is when asked, except ``meld_rules`` (this hand's, with its wild rank), fixed
    when the view is made. Lists it returns may be the state's own: read them only."""

    __slots__ = ("_state", "seat", "variant", "faces", "meld_rules")

    def __init__(self, state: State, seat: int) -> None:
        variant = state.variant
        self._state = state
        self.seat = seat
        self.variant: Variant = variant                   # the rules: public
        self.faces: Faces = variant.faces                 # card names, points
        self.meld_rules: MeldRules = state.meld_rules     # this hand's meld rules

    # ---- cards
    def hand(self) -> list[int]:
        """The faces of the seat's own hand (read only)."""
        state = self._state
        if state.plain:                                   # (hand_faces, inlined)
            return state.hands[self.seat]
        face_of = state.face_of
        return [face_of[c] for c in state.hands[self.seat]]

    def discard(self) -> list[int]:
        """The faces of the discard pile the seat draws from, bottom first (read only)."""
        state = self._state
        pile = drawn_pile(state, self.seat)
        if state.plain:
            return pile
        face_of = state.face_of
        return [face_of[c] for c in pile]

    @property
    def top(self) -> int | None:
        """The face of the top card of the discard pile the seat draws from (None: it is
        empty)."""
        pile = drawn_pile(self._state, self.seat)
        return self._state.face_of[pile[-1]] if pile else None

    @property
    def stock_size(self) -> int:
        return len(self._state.stock)

    def known(self, seat: int) -> list[int]:
        """The faces of the cards ``seat`` is known to hold (taken from the discard pile or
        shown; the view's own seat included)."""
        face_of = self._state.face_of
        return [face_of[c] for c in self._state.known[seat]]

    @property
    def deck(self) -> tuple[int, ...]:
        """The face of every card of the deck, copies repeated (the deck's make-up: public;
        the same tuple all game)."""
        return self._state.face_of

    def visible_hands(self) -> set[int]:
        """Seats whose whole hand the seat sees: its own, a hand laid out in a spread, a hand
        its role advises (as :func:`.observe.observation` shows them)."""
        state, seat = self._state, self.seat
        seen = {seat}
        if state.spread is not None:
            seen.update(state.spread.arranged)
        roles, variant_roles = state.roles, self.variant.roles
        if roles and variant_roles:
            for role, advised in variant_roles.advise.items():
                if roles.get(role) == seat and advised in roles:
                    seen.add(roles[advised])
        return seen

    # ---- counts and seats
    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The teams, each a tuple of seats (partnerships: public); each seat alone without
        them."""
        state = self._state
        partnerships = self.variant.partnerships
        if partnerships is None:
            return tuple((s,) for s in range(state.players))
        return partnerships.of(state.players)

    @property
    def team(self) -> tuple[int, ...]:
        """The seats of the view's seat's team, itself included."""
        return next(team for team in self.teams if self.seat in team)

    @property
    def turns(self) -> int:
        """Turns played this hand."""
        return self._state.turns

    @property
    def in_play(self) -> list[int]:
        """Seats dealt a hand, from the first to act (read only)."""
        return self._state.in_play

    # ---- rules as they apply now
    @property
    def knock_limit(self) -> int | float | None:
        """The deadwood (after the discard) a knock allows, where the variant's knock step
        sets it as a constant; None without a knock step or where a formula sets it."""
        return _knock_limit(self.variant)

    # ---- the shared table
    def table(self) -> list[list[tuple[int, int]]]:
        """The table melds as (face, declared face) pairs, in table order."""
        return table_melds.table_faces(self._state)

    def opening(self) -> Opening | None:
        """The opening requirement the seat has still to meet, if any."""
        return table_melds.opening(self._state, self.seat)

    def may_lay_new_melds(self) -> bool:
        """False once the seat has opened where those who opened may only lay off."""
        return table_melds.may_lay_new_melds(self._state, self.seat)

    def must_meld(self) -> int | None:
        """The face of the card a depth draw took that the seat (to act) must still meld
        this turn, if any."""
        state = self._state
        if state.player != self.seat:
            return None
        card = table_melds.pending_card(state)
        return None if card is None else state.face_of[card]

    def owners_reason(self, new_table: Sequence[Sequence[tuple[int, int]]]) -> str | None:
        """Why the seat may not turn the table into ``new_table`` (melds of (face, declared)
        pairs) for the melds' owners' sake, or None."""
        return table_melds.owners_reason(self._state, self.seat, new_table)

    def meld_action(self, new_table: Sequence[Sequence[tuple[int, int]]]) -> Action:
        """The meld action stating ``new_table``."""
        return table_melds.meld_action(self.faces, new_table)


def _knock_limit(variant: Variant) -> int | float | None:
    knock = next((s for s in variant.turn if isinstance(s, Knock)), None)
    limit = None if knock is None or knock.limits is None else knock.limits.limit
    return limit if isinstance(limit, (int, float)) else None


class Privileged:
    """Search's privileged access to a state: every card, the hidden ones too (the other
    hands, the stock's order, the log's private draws), copies, and redeals of the hidden
    cards. For :mod:`interpreter.search` (determinisations, explicit chance, reading sampled
    worlds), never for a seat's decision: a bot reading it would cheat. Card ids here are
    the engine's (``face_of`` gives their faces). See docs/agent-api.md."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    # ---- reading everything
    @property
    def face_of(self) -> tuple[int, ...]:
        """The face of each card id."""
        return self.state.face_of

    def hand(self, seat: int) -> list[int]:
        """The card ids of a seat's hand (the state's own list: read only)."""
        return self.state.hands[seat]

    def hand_faces(self, seat: int) -> list[int]:
        """The faces of a seat's hand (read only)."""
        return self.state.hand_faces(seat)

    @property
    def stock(self) -> list[int]:
        """The stock's card ids, top last: the state's own list (rearranging it in place
        rearranges the stock, as explicit chance does)."""
        return self.state.stock

    @property
    def deals(self) -> int:
        """Hands dealt so far this match."""
        return self.state.deals

    @property
    def log(self) -> list[Entry]:
        """This hand's log (:mod:`.story`), private draws included (read only)."""
        return self.state.log

    def dealt_order(self) -> tuple[list[int], int]:
        """(the deck order a hand just dealt came from, top first; how many of its cards the
        deal used): the cards dealt round after round over the seats in play, the upcard,
        the turned card, then the stock from its top."""
        state = self.state
        seats = state.in_play
        hands = state.hands
        size = len(hands[seats[0]])
        order = [hands[seats[k % len(seats)]][k // len(seats)]
                 for k in range(size * len(seats))]
        if state.upcard is not None:
            order.append(state.discard[0])
        if state.turned is not None:
            order.append(state.turned)
        return order + state.stock[::-1], len(order)

    # ---- copies
    def clone(self) -> State:
        """An independent copy of the state."""
        return self._restored(self.state.snapshot())

    def with_deck_order(self, order: list[int]) -> State:
        """A copy whose next hand is dealt from ``order`` (card ids, top first)."""
        data = self.state.snapshot()
        data["deck_orders"] = [order] + data["deck_orders"][1:]
        return self._restored(data)

    def hidden_cards(self, seat: int) -> list[int]:
        """The cards hidden from ``seat``, place by place (the other hands' cards it does not
        know, the stock from the bottom, the reserve hands): the order :meth:`redealt` fills
        them in."""
        state = self.state
        return [place[i] for place, i in self._slots(seat, state.hands, state.stock,
                                                      state.reserves)]

    def redealt(self, seat: int, cards: list[int]) -> State:
        """A copy holding ``cards`` (the hidden cards in another order) in the places
        :meth:`hidden_cards` lists, its log telling the others' private draws by them."""
        data = self.state.snapshot()                     # (copies: changed freely below)
        slots = self._slots(seat, data["hands"], data["stock"], data["reserves"])
        old = [place[i] for place, i in slots]
        for (place, i), card in zip(slots, cards):
            place[i] = card
        data["log"] = _relabelled(data["log"], seat, dict(zip(old, cards)))
        return self._restored(data)

    def _restored(self, snapshot: dict[str, Any]) -> State:
        state = self.state
        copy = State(variant=state.variant)
        copy.action_cache = state.action_cache          # (immutable actions, made once a game)
        copy.restore(snapshot)
        return copy

    def _slots(self, seat: int, hands: list[list[int]], stock: list[int],
               reserves: list[list[int]]) -> list[tuple[list[int], int]]:
        """(a place, an index in it) for each card hidden from ``seat``, in ``hands``,
        ``stock`` and the face-down ``reserves`` (the state's or a snapshot's)."""
        state = self.state
        seen = SeatView(state, seat).visible_hands()
        slots: list[tuple[list[int], int]] = []
        for other, hand in enumerate(hands):
            if other in seen:
                continue
            known = set(state.known[other])
            slots += [(hand, i) for i, card in enumerate(hand) if card not in known]
        slots += [(stock, i) for i in range(len(stock))]
        return slots + [(reserve, i) for reserve in reserves for i in range(len(reserve))]


def _relabelled(log: list[Entry], seat: int, moved: dict[int, int]) -> list[Entry]:
    """The hand's log telling the others' private draws (the cards only the actor saw, as
    :mod:`.story` tells them: a stock draw's, a buy's penalty cards) by the cards now in
    their places, so that each seat's view of the copy names its own cards."""
    moved = {a: b for a, b in moved.items() if a != b}
    if not moved:
        return log
    out = []
    for entry in log:
        actor, action, cards, event = entry
        if actor != seat and action is not None and any(c in moved for c in cards):
            shown = 1 if action.kind == "buy" else 0 if (
                action.kind == "draw" and action.pile == "stock") else len(cards)
            entry = (actor, action, cards[:shown] + tuple(moved.get(c, c)
                                                          for c in cards[shown:]), event)
        out.append(entry)
    return out
