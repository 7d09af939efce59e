"""Scoring a hand from the spec's outcome rows, and the void hand; then the match rule
(:mod:`interpreter.rules.match`) is asked whether the match ends. Owns the match totals,
``rounds_won``, ``hands_played`` and ``history``. A scored hand's record keeps the end-of-hand reveal
(:mod:`.reveal`); a void hand's shows nothing."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..model.views import round_env
from ..rules import counters
from ..steps.spread import counted
from . import seating
from .reveal import reveal

if TYPE_CHECKING:
    from .state import GameState


def start_match(state: GameState) -> None:
    """Every seat starts the match with nothing."""
    state.totals = [0] * state.players
    state.rounds_won = [0] * state.players


def score_hand(state: GameState, won_at_deal: int | None = None) -> None:
    """Score the hand by the first outcome row whose condition holds; then the match end. A
    hand ``won_at_deal`` by a seat (``deal.instant_win``) is scored by the row the rule names,
    whatever its condition, that seat its winner."""
    v = state.variant
    points = counted(state)
    env = round_env(state, points)
    instant = None
    if won_at_deal is not None:
        instant = v.deal.instant_win
        assert instant is not None                 # (the seat won by the instant-win rule)
    for outcome in v.scoring.outcomes:
        if outcome.name == instant.outcome if instant is not None else outcome.when(env):
            break
    winners = tuple(outcome.winners(env)) if won_at_deal is None else tuple(
        p for p in env["players"] if p.seat == won_at_deal)
    env["winners"] = winners
    env["losers"] = tuple(p for p in env["players"] if p not in winners)
    deltas = [0] * state.players
    for award in outcome.awards:
        for p in award.to(env):
            env["p"] = p
            if award.when(env):
                deltas[p.seat] += award.points(env)
    env.pop("p", None)
    no_score: set[int] = set()
    if v.roles:
        assert state.roles is not None             # (a variant with roles gives them out)
        no_score = {state.roles[r] for r in v.roles.no_score}
    for seat in range(state.players):
        if seat not in no_score:
            state.totals[seat] += deltas[seat]
    for p in winners:
        state.rounds_won[p.seat] += 1
    if v.scored_counters:
        counters.on_scored(state, env, [0 if s in no_score else d for s, d in enumerate(deltas)],
                           outcome.name, points)
    state.hands_played += 1
    state.history.append({
        "hand": state.deals, "outcome": outcome.name, "winners": [p.seat for p in winners],
        "knocker": state.knocker, "points": [0 if s in no_score else d for s, d in enumerate(deltas)],
        "deadwood": {str(s): points[s] for s in points}, "dealer": state.dealer,
        "roles": dict(state.roles) if state.roles else None, "turns": state.turns,
        "first_player": state.in_play[0], "reveal": reveal(state)})
    v.match.eliminate(state)
    seating.after_scored_hand(state, winners, env["losers"], env)
    v.match.after_hand(state, scored=True)


def void_hand(state: GameState, guard: str | None = None) -> None:
    """Nobody scores; the hand is recorded as the spec's void outcome (and the ``guard`` that
    stopped it, if one did)."""
    record = {"hand": state.deals, "outcome": state.variant.scoring.void_outcome,
              "winners": [], "knocker": None, "points": [0] * state.players,
              "deadwood": {}, "dealer": state.dealer,
              "roles": dict(state.roles) if state.roles else None,
              "turns": state.turns, "first_player": state.in_play[0]}
    if guard is not None:
        record["guard"] = guard
    state.history.append(record)
    seating.after_void_hand(state)
    state.variant.match.after_hand(state, scored=False)
