"""Scoring a hand (the spec's ``scoring`` section): the outcome rows, the first whose condition
holds deciding the hand, with its winners and awards; the void hand. The match totals, the
hands won, the hands scored and the history of finished hands are this rule's slice of the
game state.

The engine's hand end (:mod:`interpreter.engine.scoring`) asks :meth:`Scoring.settle` for the
outcome of a hand, then :meth:`Scoring.pay`; a void hand is :meth:`Scoring.record_void`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from ..formula import BOOL, NUM, PLAYERS, Formula
from ..model.rule_options import build_options, built, option
from ..model.scopes import award_scope, round_scope
from ..model.state_fields import (
    COUNT,
    PER_SEAT_COUNTS,
    PER_SEAT_NUMBERS,
    Checker,
    Kind,
    state_field,
)
from ..model.variant import Award, Outcome
from ..model.views import round_env
from ..steps.spread import counted
from . import counters

if TYPE_CHECKING:
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext

MODE = {"points": "players collect points; the highest total wins",
        "penalty": "losers collect penalty points; the lowest total wins"}


def _records(value: list[dict[str, Any]], at: str, check: Checker) -> None:
    """Each finished hand's seats: who knocked, dealt, played first and won, and per seat."""
    for i, record in enumerate(value):
        here = f"{at}[{i}]"
        for key in ("knocker", "dealer", "first_player"):
            if record[key] is not None:
                check.seat(f"{here}.{key}", record[key])
        for j, seat in enumerate(record["winners"]):
            check.seat(f"{here}.winners[{j}]", seat)
        for part in ("deadwood", "reveal"):
            for key in record.get(part, ()):
                check.seat(f"{here}.{part}[{key!r}]", int(key))
        if len(record["points"]) != check.players:
            raise check.fail(f"{here}.points", f"{len(record['points'])} entries for "
                             f"{check.players} players")


HISTORY = Kind("history", {"type": "array", "maxItems": 100000,
                           "items": {"$ref": "#/$defs/record"}}, _records)


@dataclass(eq=False)
class ScoringMemory:
    """Scoring's slice of the game state: the match totals, the hands each seat won, the
    hands scored, and a record of each finished hand (never changed once written)."""

    __slots__ = ()
    totals: list[int] = state_field("match", PER_SEAT_NUMBERS, factory=list, key="scores")
    rounds_won: list[int] = state_field("match", PER_SEAT_COUNTS, factory=list)
    hands_played: int = state_field("match", COUNT, 0)
    history: list[Mapping[str, Any]] = state_field("match", HISTORY, factory=list)


@dataclass
class Settled:
    """A hand's outcome: the row that decided it, its winners and losers (views), the points
    each seat gains, the deadwood counted, and the formulas' environment."""

    outcome: Outcome
    winners: tuple[Any, ...]
    losers: tuple[Any, ...]
    deltas: list[int]
    points: dict[int, int]
    env: dict[str, Any]


@dataclass(frozen=True)
class Scoring:
    mode: str                                        # points | penalty
    void_outcome: str = option("void.outcome", default="void")
    outcomes: tuple[Outcome, ...] = built(())        # the rows, the first that holds decides

    @classmethod
    def build(cls, options: dict[str, Any], at: BuildContext) -> Scoring:
        rows = options["outcomes"]
        outcomes = tuple(_row(i, row, len(rows), at) for i, row in enumerate(rows))
        return cls(**build_options(cls, options, at), outcomes=outcomes)

    # ---- hooks ---------------------------------------------------------------------------
    def start(self, state: GameState) -> None:
        """Every seat starts the match with nothing."""
        state.totals = [0] * state.players
        state.rounds_won = [0] * state.players

    def settle(self, state: GameState, won_at_deal: int | None = None) -> Settled:
        """The hand's outcome by the first row whose condition holds; a hand ``won_at_deal``
        by a seat (``deal.instant_win``) by the row the rule names, that seat its winner."""
        v = state.variant
        points = counted(state)
        env = round_env(state, points)
        if won_at_deal is None:
            outcome = next(row for row in self.outcomes if row.when(env))
            winners = tuple(outcome.winners(env))
        else:
            instant = v.deal.instant_win
            assert instant is not None                  # (a seat won at the deal by it)
            outcome = next(row for row in self.outcomes if row.name == instant.outcome)
            winners = tuple(p for p in env["players"] if p.seat == won_at_deal)
        losers = tuple(p for p in env["players"] if p not in winners)
        env["winners"], env["losers"] = winners, losers
        deltas = [0] * state.players
        for award in outcome.awards:
            for p in payees(state, award.to(env)):
                env["p"] = p
                if award.when(env):
                    deltas[p.seat] += award.points(env)
        env.pop("p", None)
        if v.partnerships is not None:
            deltas = v.partnerships.shared(state.players, deltas)
        return Settled(outcome, winners, losers, deltas, points, env)

    def pay(self, state: GameState, settled: Settled, reveal: dict[str, Any]) -> None:
        """The points into the totals (but a role that does not score), the winners' hands
        won (every member's of a winner's team), the counters listening to scored hands, and
        the hand's record."""
        v = state.variant
        no_score = set()
        if v.roles:
            assert state.roles is not None               # (dealt when the variant has roles)
            no_score = {state.roles[r] for r in v.roles.no_score}
        paid = [0 if s in no_score else d for s, d in enumerate(settled.deltas)]
        for seat, gain in enumerate(paid):
            state.totals[seat] += gain
        won = [p.seat for p in settled.winners]
        if v.partnerships is not None:                   # a hand won by a team's member
            won = sorted({s for seat in won for s in v.partnerships.team_of(state.players, seat)})
        for seat in won:
            state.rounds_won[seat] += 1
        if v.scored_counters:
            counters.on_scored(state, settled.env, paid, settled.outcome.name, settled.points)
        state.hands_played += 1
        state.history.append({
            "hand": state.deals, "outcome": settled.outcome.name,
            "winners": [p.seat for p in settled.winners], "knocker": state.knocker,
            "points": paid, "deadwood": {str(s): settled.points[s] for s in settled.points},
            "dealer": state.dealer, "roles": dict(state.roles) if state.roles else None,
            "turns": state.turns, "first_player": state.in_play[0], "reveal": reveal})

    def record_void(self, state: GameState, guard: str | None = None) -> None:
        """Nobody scores; the hand is recorded as the void outcome (and the ``guard`` that
        stopped it, if one did)."""
        record = {"hand": state.deals, "outcome": self.void_outcome, "winners": [],
                  "knocker": None, "points": [0] * state.players, "deadwood": {},
                  "dealer": state.dealer, "roles": dict(state.roles) if state.roles else None,
                  "turns": state.turns, "first_player": state.in_play[0]}
        if guard is not None:
            record["guard"] = guard
        state.history.append(record)

    # ---- words ---------------------------------------------------------------------------
    def sentence(self, by_standing: bool) -> str:
        """How a hand is scored, for the rules sheet (the rows are laid out after it)."""
        mode = MODE[self.mode]
        if by_standing:
            mode = mode.split(";")[0] + "; the match is won by standing (see The match)"
        return (f"Mode {self.mode}: {mode}. The first row whose condition holds decides the "
                "round; p is the player receiving the points.")


def payees(state: GameState, named: Any) -> Any:
    """The players an award names; with partnerships, the first named of each team only (an
    award pays a team once)."""
    partnerships = state.variant.partnerships
    if partnerships is None:
        return named
    seen: set[int] = set()
    out = []
    for p in named:
        team = partnerships.team_of(state.players, p.seat)
        if team[0] not in seen:
            seen.add(team[0])
            out.append(p)
    return out


def _row(i: int, row: dict[str, Any], count: int, at: BuildContext) -> Outcome:
    """An outcome row; the last must hold always, and a row that always holds hides the
    rows after it; a row none of whose awards can pay anything is said to score nothing."""
    key = f"outcomes.{i}"
    always = _text(row.get("when", True)) == "true"
    if i == count - 1 and not always:
        at.problem(key, "the last row must have no 'when', so that every round is scored")
    if i < count - 1 and always:
        at.warn(key, f"outcome {row['outcome']!r} always holds: the rows after it can never "
                "decide a hand")
    scope = round_scope(at.roles)
    outcome = Outcome(row["outcome"], _formula(at, f"{key}.when", scope, BOOL, "true"),
                      _formula(at, f"{key}.winners", scope, PLAYERS, "lowest(players)"),
                      tuple(_award(at, f"{key}.award.{k}", at.roles)
                            for k in range(len(row["award"]))))
    if all(_never_pays(a) for a in outcome.awards):
        why = "has no awards" if not outcome.awards else "has no award that can pay points"
        at.warn(key, f"outcome {outcome.name!r} {why}: a hand it decides scores nothing")
    return outcome


def _award(at: BuildContext, key: str, roles: tuple[str, ...]) -> Award:
    scope = award_scope(roles)
    return Award(_formula(at, f"{key}.to", scope, PLAYERS, "winners"),
                 _formula(at, f"{key}.when", scope, BOOL, "true"),
                 _formula(at, f"{key}.points", scope, NUM))


def _formula(at: BuildContext, key: str, scope: Any, expect: Any,
             default: str | None = None) -> Formula:
    """A compiled formula (None only after a problem, and the build then fails)."""
    return cast(Formula, at.formula(key, scope, expect, default))


def _never_pays(award: Award) -> bool:
    constant = [f for f in (award.when, award.points) if f is not None and f.constant]
    return any(not f(None) for f in constant)


def _text(raw: Any) -> str:
    if isinstance(raw, bool):
        return "true" if raw else "false"
    return str(raw)
