"""What formulas see: players and cards as attribute bags over the live state, and the
environments (knock, round, match) whose names are only worked out when a formula reads them.
The names and their types are declared in :mod:`.scopes`."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..engine.state import GameState


class PlayerView:
    """One seat as formulas see it (attribute names are those of .scopes.PLAYER_ATTRS).

    Attributes are read from the state when a formula asks, so a view is cheap to make;
    ``counted`` gives the points counted against each seat at a round's end.
    """

    __slots__ = ("_state", "seat", "_counted")

    def __init__(self, state: GameState, seat: int, counted: dict[int, int] | None = None):
        self._state, self.seat, self._counted = state, seat, counted

    @property
    def hand_points(self) -> int:
        points, face_of = self._state.meld_rules.points, self._state.face_of
        return sum(points[face_of[c]] for c in self._state.hands[self.seat])

    @property
    def deadwood(self) -> int:
        counted = self._counted
        return counted[self.seat] if counted and self.seat in counted else self.hand_points

    @property
    def cards_left(self) -> int:
        return len(self._state.hands[self.seat])

    @property
    def score(self) -> int:
        return self._state.totals[self.seat]

    @property
    def rounds_won(self) -> int:
        return self._state.rounds_won[self.seat]

    @property
    def is_knocker(self) -> bool:
        return self.seat == self._state.knocker

    @property
    def is_dealer(self) -> bool:
        return self.seat == self._state.dealer

    @property
    def went_out(self) -> bool:
        return self.seat == self._state.went_out

    @property
    def knocked_without_discard(self) -> bool:
        return self.seat == self._state.knocker and self._state.kept_all

    @property
    def is_out(self) -> bool:
        return self.seat in self._state.eliminated

    @property
    def contracts_done(self) -> int:
        return self._state.contracts_done.get(self.seat, 0)

    @property
    def dropped(self) -> bool:
        return self.seat in self._state.dropped

    @property
    def drop_penalty(self) -> int:
        return self._state.dropped.get(self.seat, 0)

    @property
    def opened(self) -> bool:
        return self.seat in self._state.opened

    @property
    def melded_points(self) -> int:
        state, seat = self._state, self.seat
        points, face_of = state.meld_rules.points, state.face_of
        total = state.table_points.get(seat, 0)
        spread = state.spread
        if spread is not None:
            melds = ([[c for c, _ in m] for m in spread.orig] if seat == state.knocker
                     else spread.arranged.get(seat, []))
            total += sum(points[face_of[c]] for meld in melds for c in meld)
        return total

    @property
    def took_reserve(self) -> bool:
        return self.seat in self._state.took_reserve

    @property
    def special_cards(self) -> int:
        return len(self._state.laid_aside.get(self.seat, ()))

    @property
    def laid_off(self) -> int:
        state = self._state
        spread = state.spread
        at_end = len(spread.laid.get(self.seat, ())) if spread is not None else 0
        return at_end + state.table_laid_off.get(self.seat, 0)

    @property
    def team(self) -> tuple[PlayerView, ...]:
        state = self._state
        return tuple(PlayerView(state, s, self._counted) for s in team_seats(state, self.seat))

    @property
    def partners(self) -> tuple[PlayerView, ...]:
        return tuple(p for p in self.team if p.seat != self.seat)

    @property
    def rivals(self) -> tuple[PlayerView, ...]:
        state = self._state
        team = team_seats(state, self.seat)
        return tuple(PlayerView(state, s, self._counted) for s in state.in_play if s not in team)

    def __eq__(self, other: object) -> bool:
        """Views of one seat of one state are the same player (a team's views are made anew)."""
        return isinstance(other, PlayerView) and other.seat == self.seat and \
            other._state is self._state

    def __hash__(self) -> int:
        return hash(self.seat)

    @property
    def melds(self) -> tuple[MeldView, ...]:
        return melds_of(self._state, self.seat)

    def __getattr__(self, name: str):
        """A counter the spec declares (``me.discard_draws``)."""
        counters = self._state.counters
        if name in counters:
            return counters[name][self.seat]
        raise AttributeError(name)

    def __repr__(self) -> str:
        return f"PlayerView(seat={self.seat})"


def team_seats(state: GameState, seat: int) -> tuple[int, ...]:
    """The seats of ``seat``'s team (``variant.partnerships``), or the seat alone."""
    partnerships = state.variant.partnerships
    return (seat,) if partnerships is None else partnerships.team_of(state.players, seat)


class CardView:
    """A card as formulas see it: points, rank and suit symbols, joker or not."""

    __slots__ = ("points", "rank", "suit", "is_joker")

    def __init__(self, faces, face: int):
        self.points = faces.points[face]
        self.is_joker = faces.is_joker(face)
        self.rank = "Jk" if self.is_joker else faces.ranks[faces.rank_of(face)]
        self.suit = "" if self.is_joker else faces.suits[faces.suit_of(face)]


class MeldView:
    """A meld on the table as formulas see it (attribute names are those of
    .scopes.MELD_ATTRS): made from its cards' faces and the face each stands for."""

    __slots__ = ("size", "kind", "wilds", "points")

    def __init__(self, rules, pairs: list[tuple[int, int]]):
        declared = [d for _, d in pairs]
        self.size = len(pairs)
        self.kind = rules.kind_of(declared) or ""
        self.wilds = sum(face != d for face, d in pairs)
        self.points = sum(rules.points[face] for face, _ in pairs)

    @property
    def natural(self) -> bool:
        return not self.wilds

    @property
    def mixed(self) -> bool:
        return bool(self.wilds)

    clean, dirty = natural, mixed

    def __repr__(self) -> str:
        return f"MeldView({self.kind}, size={self.size}, wilds={self.wilds})"


def melds_of(state: GameState, seat: int) -> tuple[MeldView, ...]:
    """The seat's melds this hand: the shared table's melds it owns, and those it laid out
    at the end of the hand (the knocker's with the cards laid off onto them)."""
    rules, face_of = state.meld_rules, state.face_of
    laid = [[(face_of[c], d) for c, d in meld]
            for meld, owner in zip(state.table, state.table_owners) if owner == seat]
    spread = state.spread
    if spread is not None and seat == state.knocker:
        laid += [[(face_of[c], d) for c, d in meld] for meld in spread.melds]
    elif spread is not None:
        for cards in spread.arranged.get(seat, ()):
            faces = [face_of[c] for c in cards]
            meld = rules.declared_meld(faces)
            laid.append(list(zip(faces, faces)) if meld is None
                        else list(zip(meld.cards, meld.declared)))
    return tuple(MeldView(rules, pairs) for pairs in laid)


class LazyEnv(dict):
    """A formula environment: names given outright, or by a thunk run on first read."""

    __slots__ = ("thunks",)

    def __init__(self, thunks: dict[str, Callable[[], Any]], **values):
        super().__init__(values)
        self.thunks = thunks

    def __missing__(self, name: str):
        value = self[name] = self.thunks[name]()
        return value


class _SeatViews(dict):
    """PlayerViews made on first use, by seat."""

    def __init__(self, state: GameState):
        super().__init__()
        self.state = state

    def __missing__(self, seat: int) -> PlayerView:
        view = self[seat] = PlayerView(self.state, seat)
        return view


def _base_thunks(state: GameState, seats) -> dict:
    faces = state.variant.faces
    thunks: dict[str, Callable[[], Any]] = {
        "players": lambda: tuple(seats[s] for s in state.in_play),
        "dealer": lambda: seats[state.dealer],
        "upcard": lambda: CardView(faces, state.upcard) if state.upcard is not None else None,
        "stock_left": lambda: len(state.stock),
        "round": lambda: state.deals}
    for role, seat in (state.roles or {}).items():
        thunks[role] = _seat_thunk(seats, seat)
    return thunks


def _seat_thunk(seats, seat: int) -> Callable[[], Any]:
    return lambda: seats[seat]


def knock_env(state: GameState, seat: int, hand: list[int]) -> LazyEnv:
    """The knock condition's names for ``seat``; deadwood_after_discard is set by the caller."""
    seats = _SeatViews(state)
    me = seats[seat]
    thunks = _base_thunks(state, seats)
    thunks.update(
        me=lambda: me,
        opponents=lambda: tuple(seats[s] for s in state.in_play if s != seat),
        deadwood=lambda: state.meld_rules.deadwood(hand),
        hand_points=lambda: me.hand_points)
    env = LazyEnv(thunks)
    thunks["deadwood_after_discard"] = lambda: env["deadwood"]
    return env


def going_out_env(state: GameState, seat: int) -> LazyEnv:
    """The names of round_end.may_go_out_when and table.opening.min_points for ``seat``
    (``me``, also ``p``)."""
    seats = _SeatViews(state)
    me = seats[seat]
    thunks = _base_thunks(state, seats)
    thunks.update(me=lambda: me, p=lambda: me,
                  opponents=lambda: tuple(seats[s] for s in state.in_play if s != seat))
    return LazyEnv(thunks)


def round_env(state: GameState, counted: dict[int, int] | None) -> LazyEnv:
    """The names of the scoring table, the layoff condition and role rotation."""
    seats = [PlayerView(state, seat, counted) for seat in range(state.players)]
    knocker = seats[state.knocker] if state.knocker is not None else None
    thunks = _base_thunks(state, seats)
    thunks["opponents"] = lambda: tuple(seats[s] for s in state.in_play if s != state.knocker)
    return LazyEnv(thunks, knocker=knocker, knocked=knocker is not None)


def match_env(state: GameState) -> dict:
    """The names of the match end and its bonuses."""
    seats = tuple(PlayerView(state, seat) for seat in range(state.players))
    return {"players": seats, "hands_played": state.hands_played, "round": state.deals}
