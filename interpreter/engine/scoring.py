"""Scoring a hand from the spec's outcome rows, the void hand, and the end of the match with
its bonuses (paid into the totals, or into a counter). Owns the match totals, ``rounds_won``,
``hands_played``, ``history``, ``over``. A scored hand's record keeps the end-of-hand reveal
(:mod:`.reveal`); a void hand's shows nothing."""
from __future__ import annotations

from ..model.views import match_env, round_env
from ..steps.spread import counted
from . import counters, seating
from .reveal import reveal


def start_match(state) -> None:
    """Every seat starts the match with nothing."""
    state.totals = [0] * state.players
    state.rounds_won = [0] * state.players


def score_hand(state, won_at_deal: int | None = None) -> None:
    """Score the hand by the first outcome row whose condition holds; then the match end. A
    hand ``won_at_deal`` by a seat (``deal.instant_win``) is scored by the row the rule names,
    whatever its condition, that seat its winner."""
    v = state.variant
    points = counted(state)
    env = round_env(state, points)
    for outcome in v.scoring.outcomes:
        if outcome.name == v.deal.instant_win.outcome if won_at_deal is not None \
                else outcome.when(env):
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
    no_score = {state.roles[r] for r in v.roles.no_score} if v.roles else set()
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
    if v.match.eliminate_when is not None:
        _eliminate(state, v.match.eliminate_when)
    seating.after_scored_hand(state, winners, env["losers"], env)
    _check_match_end(state, scored=True)


def void_hand(state, guard: str | None = None) -> None:
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
    _check_match_end(state, scored=False)


def standings(state, standing) -> list:
    """Each seat's ``match.standing``: what ranks the match, more is better."""
    env = match_env(state)
    out = []
    for p in env["players"]:
        env["p"] = p
        out.append(standing(env))
    return out


def _eliminate(state, condition) -> None:
    """Players still in for whom the condition holds are out of the match."""
    env = match_env(state)
    for p in env["players"]:
        if p.seat not in state.eliminated:
            env["p"] = p
            if condition(env):
                state.eliminated.append(p.seat)


def _check_match_end(state, scored: bool) -> None:
    """End the match (paying its bonuses) after a scored hand that meets the match end, or
    when the deals allowed are used up; stop it unfinished at the guard."""
    match = state.variant.match
    out_of_hands = match.max_hands is not None and state.deals >= match.max_hands
    last_one = state.players - len(state.eliminated) <= 1
    if not out_of_hands and not last_one and not (scored and match.ends_when(match_env(state))):
        if state.deals >= match.stop_after_deals:
            state.over = state.stopped = True
        return
    for bonus in match.bonuses:
        env = match_env(state)
        gains = [0] * state.players
        for p in bonus.to(env):
            env["p"] = p
            if bonus.when(env):
                gains[p.seat] += bonus.points(env)
        if bonus.into is not None:
            counters.add(state, bonus.into, gains)
            continue
        for seat, gain in enumerate(gains):
            state.totals[seat] += gain
    state.over = True
