"""Who deals and who holds which role (the spec's ``roles`` section, with the deal's
``first_dealer`` and ``next_dealer`` and the stock's ``void_dealer``): the first dealer and
roles of a match, the next dealer after a hand, role rotation. The dealer and the roles are
this rule's slice of the game state."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..errors import RummyError
from ..formula import BOOL, Formula
from ..model.randomness import cut_order, rng
from ..model.scopes import rotation_scope
from ..model.state_fields import SEAT, Checker, Kind, state_field
from ..model.variant import Variant

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext


def _role_seats(value: dict[str, int], at: str, check: Checker) -> None:
    for role, seat in value.items():
        check.seat(f"{at}[{role!r}]", seat)


ROLES = Kind("roles", {"type": "object", "maxProperties": 64,
                       "propertyNames": {"$ref": "#/$defs/name"},
                       "additionalProperties": {"$ref": "#/$defs/seat"}}, _role_seats)


@dataclass(eq=False)
class SeatingMemory:
    """Seating's slice of the game state: the dealer, and the seat holding each role."""

    __slots__ = ()
    dealer: int = state_field("match", SEAT, 0)
    roles: dict[str, int] | None = state_field("match", ROLES, None)


@dataclass(frozen=True)
class Rotation:
    """A role rotation row: when it holds after a scored hand, each old role takes its new."""

    when: Formula
    next: Mapping[str, str]                 # old role -> new role


@dataclass(frozen=True)
class RoleRules:
    """The roles section: names given out by cutting (the first to the highest card), the
    roles dealt a hand, the dealer role, who advises whom, roles that score nothing, and the
    rotations after a scored hand."""

    names: tuple[str, ...]
    play: tuple[str, ...]                   # roles dealt a hand (play goes by seat)
    dealer: str | None
    advise: Mapping[str, str]               # advisor role -> advised role
    no_score: frozenset[str]
    rotate: tuple[Rotation, ...]

    @classmethod
    def build(cls, options: dict[str, Any], at: BuildContext,
              players: tuple[int, int]) -> RoleRules:
        """The roles from their checked section, for ``players`` (min, max)."""
        names = tuple(options["names"])
        if players[0] != players[1] or len(names) != players[0]:
            at.problem("names", f"{len(names)} roles need exactly {len(names)} players "
                       f"(players is {players[0]}-{players[1]})")

        def check(key: str, role: str) -> None:
            if role not in names:
                at.problem(key, f"unknown role {role!r} (roles are {', '.join(names)})")

        for i, role in enumerate(options["play"]):
            check(f"play.{i}", role)
        dealer = options["dealer"]
        if dealer is not None:
            check("dealer", dealer)
            if dealer not in options["play"]:
                at.problem("dealer", f"the dealer role {dealer!r} must play")
        for advisor, advised in options["advise"].items():
            check(f"advise.{advisor}", advisor)
            check(f"advise.{advisor}", advised)
        for i, role in enumerate(options["no_score"]):
            check(f"no_score.{i}", role)
        rotations = []
        for i, row in enumerate(options["rotate"]):
            if sorted(row["next"]) != sorted(names) or \
                    sorted(row["next"].values()) != sorted(names):
                at.problem(f"rotate.{i}.next", "must map every role to a new role, each used "
                           "once")
            when = at.formula(f"rotate.{i}.when", rotation_scope(names), BOOL, "true")
            rotations.append(Rotation(cast(Formula, when), dict(row["next"])))
        return cls(names, tuple(options["play"]), dealer, dict(options["advise"]),
                   frozenset(options["no_score"]), tuple(rotations))

    def sentences(self, first_player: str) -> list[str]:
        """The section's paragraphs, for the rules sheet (the rotation rows follow)."""
        names = self.names
        out = [f"Roles: {', '.join(names)}. Each player cuts a card: the highest card (rank, "
               f"then suit) takes {names[0]}, then in order down to {names[-1]}."]
        sitting = [n for n in names if n not in self.play]
        out.append(f"Dealt a hand and playing: {', '.join(self.play)}"
                   + (f"; sitting out: {', '.join(sitting)}." if sitting else "."))
        out.append(self._turn_order(first_player))
        for advisor, advised in self.advise.items():
            out.append(f"The {advisor} sees the {advised}'s hand and may advise; the "
                       f"{advised} decides.")
        if self.no_score:
            held = ", ".join(n for n in names if n in self.no_score)
            out.append(f"No points are scored while holding: {held}.")
        return out

    def _turn_order(self, first_player: str) -> str:
        """Play starts left of the dealer (a dealer role that plays plays last), or with the
        dealer."""
        if first_player == "dealer":
            if self.dealer is None:
                return "The dealer plays first; play passes to the left."
            return f"The {self.dealer} deals and plays first; play passes to the left."
        if self.dealer is None:
            return ("Play starts with the first of them to the dealer's left and passes to the "
                    "left.")
        others = [n for n in self.play if n != self.dealer]
        if len(others) <= 1:
            return (f"Turn order: {', '.join(others + [self.dealer])} (play starts left of the "
                    f"dealer, and the {self.dealer} deals).")
        return (f"Play starts left of the dealer and passes to the left; the {self.dealer} "
                "deals and plays last.")


def first_roles(variant: Variant, players: int, seed: int, given) -> dict[str, int] | None:
    """Roles by cutting the deck (the highest card takes the first role), unless given."""
    rules = variant.roles
    if not rules:
        return None
    if given is not None:
        if sorted(given) != sorted(rules.names) or sorted(given.values()) != list(range(players)):
            raise RummyError(f"roles must give each of {', '.join(rules.names)} a distinct seat")
        return dict(given)
    deck = variant.deck_for(players)
    order = cut_order(players, seed, "roles", deck.faces_of, variant.faces)
    return {name: seat for name, seat in zip(rules.names, order)}


def first_dealer(variant: Variant, players: int, seed: int, given, roles) -> int:
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
        return cut_order(players, seed, "dealer", deck.faces_of, variant.faces)[0]
    return rng(seed, "dealer").randrange(players)


def seat_match(state: GameState, roles: dict[str, int] | None, dealer: int) -> None:
    state.roles, state.dealer = roles, dealer


def after_scored_hand(state: GameState, winners, losers, env) -> None:
    """Rotate the roles by the first rotation row that holds, then pick the next dealer."""
    v = state.variant
    rules = v.roles
    if rules:
        assert state.roles is not None             # (a variant with roles gives them out)
        for row in rules.rotate:
            if row.when(env):
                state.roles = {row.next[role]: seat for role, seat in state.roles.items()}
                break
        if rules.dealer:
            state.dealer = state.roles[rules.dealer]
            return
    how = v.deal.next_dealer
    if how == "left":
        state.dealer = _next_in(state, state.dealer)
    elif how == "winner" and winners:
        state.dealer = winners[0].seat
    elif how == "loser" and losers:
        state.dealer = losers[0].seat
    if state.dealer in state.eliminated:
        state.dealer = _next_in(state, state.dealer)


def _next_in(state: GameState, seat: int) -> int:
    """The next seat to the left still in the match."""
    for step in range(1, state.players + 1):
        other = (seat + step) % state.players
        if other not in state.eliminated:
            return other
    return seat


def after_void_hand(state: GameState) -> None:
    v = state.variant
    if v.stock.void_dealer == "next" and not (v.roles and v.roles.dealer):
        state.dealer = _next_in(state, state.dealer)
