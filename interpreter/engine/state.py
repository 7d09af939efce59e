"""The game state and its public API: legal_actions, apply, observation, JSON round trip.

A State is a whole match: hands are dealt, played, scored and dealt again until the spec's
match end. It holds only JSON-friendly data; the rules it follows are its Variant's. The
turn logic lives in :mod:`.turn`, the round's end in :mod:`.finish`, dealing in :mod:`.deal`.
"""
from __future__ import annotations

import json
import os
from typing import Any

from ..errors import IllegalAction, RummyError
from ..spec import Variant, load_variant
from . import deal as dealing
from . import finish, turn
from .actions import Action

TERMINAL = -1
FIELDS = ("players", "seed", "decks", "scores", "rounds_won", "hands_played", "deals",
          "dealer", "roles", "over", "history", "stock", "discard", "hands", "upcard", "phase",
          "player", "step", "offer", "stock_only", "taken", "draws", "melded", "knocker",
          "kept_all", "spread", "defenders", "reshuffles", "last_lap", "known", "went_out",
          "turns", "table", "opened")


class State:
    """A match in progress. Build one with :func:`new_game`; see the module doc."""

    def __init__(self, variant: Variant):
        self.variant = variant
        self._legal: dict[Action, int] | None = None
        self.meld_step: int | None = None
        self._actions: dict[str, list[Action]] = {}

    # ---- public API ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to act, or TERMINAL (-1) when the match is over."""
        return TERMINAL if self.over else self.player

    @property
    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        return list(self._legal_map())

    def apply(self, action: Action | str) -> None:
        """Play ``action`` (an Action or its notation); IllegalAction leaves the state as it was."""
        if isinstance(action, str):
            action = Action.parse(action)
        legal = self._legal_map()
        step = legal.get(action)
        if step is None and action.cards:
            action = self._canonical(action)
            step = legal.get(action)
        if step is None:
            if action.kind == "meld" and self.phase == "turn" and self.meld_step is not None:
                self._apply_unlisted_meld(action)
                return
            if action.kind == "spread" and self.phase == "spread" and \
                    finish.same_spread_listed(self, action, legal):
                self._legal = None
                finish.apply_spread(self, action)
                return
            shown = ", ".join(map(str, list(legal)[:40]))
            raise IllegalAction(f"{action} is not legal now for seat {self.player} "
                                f"({self.phase}); legal: {shown}")
        self._legal = None
        if self.phase == "offer":
            turn.apply_offer(self, action)
        elif self.phase == "turn":
            turn.apply_turn(self, action, step)
        else:
            finish.apply_spread(self, action)

    def _canonical(self, action: Action) -> Action:
        """The action with its cards spelled as the engine spells them (``10s`` -> ``Ts``)."""
        faces = self.variant.faces
        try:
            return action._replace(cards=tuple(faces.name(faces.parse(c)) for c in action.cards))
        except RummyError:
            return action

    def _apply_unlisted_meld(self, action: Action) -> None:
        """A table rearrangement legal_actions did not list: check_move decides."""
        self._legal = None
        snapshot = self.to_json()
        try:
            turn.apply_turn(self, action, self.meld_step)
        except RummyError:
            self._restore(snapshot)
            raise

    @property
    def scores(self) -> list[int]:
        return list(self.scores_)

    def returns(self) -> list[int]:
        """Match totals, signed so that more is better (penalty points count negative)."""
        sign = -1 if self.variant.scoring.mode == "penalty" else 1
        return [sign * s for s in self.scores_]

    def winners(self) -> list[int]:
        """Seats with the best total once the match is over (empty before)."""
        if not self.over:
            return []
        best = max(self.returns())
        return [s for s, r in enumerate(self.returns()) if r == best]

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see: its hand, public piles and melds, counts, known cards."""
        from .observe import observation
        return observation(self, seat)

    # ---- helpers shared by the turn and finish modules ----------------------------------
    def names(self, cards) -> list[str]:
        faces = self.variant.faces
        return sorted((faces.name(self.face_of[c]) for c in cards),
                      key=lambda n: faces.sort_key(faces.parse(n)))

    def hand_faces(self, seat: int) -> list[int]:
        """Faces of a seat's cards (the hand list itself when card ids are faces: read only)."""
        if self._plain:
            return self.hands[seat]
        face_of = self.face_of
        return [face_of[c] for c in self.hands[seat]]

    def card_actions(self, kind: str) -> list[Action]:
        """The Action of ``kind`` naming each face (index = face), made once per game."""
        found = self._actions.get(kind)
        if found is None:
            name = self.variant.faces.name
            found = self._actions[kind] = [Action(kind, cards=(name(f),))
                                           for f in range(self.variant.faces.count)]
        return found

    def card_in_hand(self, seat: int, name: str) -> int:
        """A card of the seat's hand showing ``name`` (with copies, the first held)."""
        face = self.variant.faces.parse(name)
        hand = self.hands[seat]
        if self._plain:
            if face in hand:
                return face
        else:
            for c in hand:
                if self.face_of[c] == face:
                    return c
        raise IllegalAction(f"seat {seat} holds no {name}")

    @property
    def in_play(self) -> list[int]:
        """Seats dealt a hand, in turn order starting left of the dealer."""
        return self._in_play

    def next_in_play(self, seat: int) -> int:
        order = self._in_play
        return order[(order.index(seat) + 1) % len(order)]

    def _legal_map(self) -> dict[Action, int]:
        if self._legal is None:
            if self.over:
                self._legal = {}
            elif self.phase == "offer":
                self._legal = turn.offer_actions(self)
            elif self.phase == "turn":
                self._legal = turn.turn_actions(self)
            else:
                self._legal = finish.spread_actions(self)
        return self._legal

    # ---- JSON ---------------------------------------------------------------------------
    def to_json(self) -> str:
        data = {name: getattr(self, name if name != "scores" else "scores_") for name in FIELDS}
        data["variant"] = self.variant.path
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str, variant: Variant | None = None) -> "State":
        """Rebuild a state; the variant is loaded from the path saved in the JSON if not given."""
        data = json.loads(text)
        state = cls(variant or _variant(data["variant"]))
        for name in FIELDS:
            setattr(state, name if name != "scores" else "scores_", data[name])
        if state.roles is not None:
            state.roles = dict(state.roles)
        state.spread = _int_keys(state.spread)
        state._setup_deck()
        return state

    def _restore(self, snapshot: str) -> None:
        """Put back every field from a to_json snapshot (after a refused action)."""
        other = State.from_json(snapshot, self.variant)
        for name in FIELDS:
            key = name if name != "scores" else "scores_"
            setattr(self, key, getattr(other, key))
        self._setup_deck()

    def _setup_deck(self) -> None:
        deck = self.variant.deck_for(self.players)
        self.face_of = deck.faces_of
        self._plain = all(f == c for c, f in enumerate(self.face_of))
        self.can_meld = any(s.kind in ("meld", "draw_until_meld") for s in self.variant.turn)
        roles = self.variant.roles
        seats = range(self.players)
        if roles:
            playing = {self.roles[r] for r in roles.play}
            seats = [s for s in seats if s in playing]
        n = self.players
        self._in_play = sorted(seats, key=lambda s: (s - self.dealer - 1) % n)


_VARIANTS: dict[str, Variant] = {}


def _variant(path: str) -> Variant:
    if path not in _VARIANTS:
        _VARIANTS[path] = load_variant(path)
    return _VARIANTS[path]


def _int_keys(value):
    if isinstance(value, dict):
        return {int(k) if isinstance(k, str) and k.lstrip("-").isdigit() else k: _int_keys(v)
                for k, v in value.items()}
    return value


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
    state = State(variant)
    state.players = players
    state.seed = int.from_bytes(os.urandom(4), "big") if seed is None else seed
    if deck and not isinstance(deck[0], (list, tuple)):
        deck = [deck]
    faces_of = variant.deck_for(players).faces_of
    state.decks = [dealing.deck_order(faces_of, variant.faces, d) for d in (deck or [])]
    state.scores_ = [0] * players
    state.rounds_won = [0] * players
    state.hands_played = state.deals = 0
    state.over = False
    state.history = []
    state.roles = _first_roles(variant, players, state.seed, roles)
    state.dealer = _first_dealer(variant, players, state.seed, dealer, state.roles)
    finish.start_hand(state)
    return state


def _first_roles(variant: Variant, players: int, seed: int, given) -> dict[str, int] | None:
    rules = variant.roles
    if not rules:
        return None
    if given is not None:
        if sorted(given) != sorted(rules.names) or sorted(given.values()) != list(range(players)):
            raise RummyError(f"roles must give each of {', '.join(rules.names)} a distinct seat")
        return dict(given)
    deck = variant.deck_for(players)
    order = dealing.cut_order(players, seed, "roles", deck.faces_of, variant.faces)
    return {name: seat for name, seat in zip(rules.names, order)}


def _first_dealer(variant: Variant, players: int, seed: int, given, roles) -> int:
    if variant.roles and variant.roles.dealer:
        return roles[variant.roles.dealer]
    if given is not None:
        if not 0 <= given < players:
            raise RummyError(f"dealer must be a seat 0-{players - 1}")
        return given
    how = variant.deal.first_dealer
    if how == "first_seat":
        return 0
    if how == "high_card":
        deck = variant.deck_for(players)
        return dealing.cut_order(players, seed, "dealer", deck.faces_of, variant.faces)[0]
    return dealing.rng(seed, "dealer").randrange(players)
