"""One seeded game played by bots, boiled down to the figures the statistics need.

The hot loop asks the seat's bot for an action and applies it; nothing else runs per
action. A hand's figures are read from its history record once it is scored.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..agents import make_agent
from ..engine import new_game
from ..spec import Variant

if TYPE_CHECKING:
    from ..engine import State

MASK = (1 << 64) - 1


def mix(*numbers: int) -> int:
    """A well-spread 48-bit seed from integers (splitmix64 steps; no hash(), so the same
    anywhere): game seeds from (master seed, game index), bot seeds from (game seed, seat)."""
    z = 0x9E3779B97F4A7C15
    for n in numbers:
        z = (z ^ (n & MASK)) * 0xBF58476D1CE4E5B9 & MASK
        z = (z ^ (z >> 27)) * 0x94D049BB133111EB & MASK
        z ^= z >> 31
    return z >> 16


def play(variant: Variant, players: int, bots: Sequence[tuple[str, dict]], seed: int,
         max_hands: int, single_hand: bool) -> tuple[dict, dict]:
    """Play a match (or only its first hand) from ``seed``; returns (figures, histogram values).

    Bots sit in seat order, cycled, each seeded from (seed, seat), so the same game seed
    gives the same bots and, with the same deck, the same deck orders in any variant.
    """
    state = new_game(variant, players=players, seed=seed)
    agents = [make_agent(name, mix(seed, s), **options)
              for s, (name, options) in ((s, bots[s % len(bots)]) for s in range(players))]
    history, apply = state.history, state.apply
    figures: dict = {"games": 1}
    values: dict = {"turns": [], "points": []}
    first = state.in_play[0]
    limit = 1 if single_hand else max_hands
    while True:
        seen = len(history)
        while len(history) == seen:
            apply(agents[state.current_player].act(state))
        _hand(figures, values, history[-1], first)
        if state.over or len(history) >= limit:
            break
        first = state.in_play[0]
    if not single_hand:
        _match(figures, values, state)
    return figures, values


def _add(figures: dict, key, amount=1) -> None:
    figures[key] = figures.get(key, 0) + amount


def _hand(figures: dict, values: dict, record: Mapping[str, Any], first: int) -> None:
    _add(figures, "hands")
    _add(figures, "turns", record["turns"])
    _add(figures, "outcome:" + record["outcome"])
    values["turns"].append(record["turns"])
    winners = record["winners"]
    if not winners:
        return
    points = sum(record["points"])
    _add(figures, "decided")
    _add(figures, "points", points)
    _add(figures, "points_sq", points * points)
    values["points"].append(points)
    for seat in winners:
        _add(figures, f"hand_win:{seat}")
    for seat, gained in enumerate(record["points"]):
        _add(figures, f"points:{seat}", gained)
    _add(figures, "dealer_win", record["dealer"] in winners)
    _add(figures, "first_win", first in winners)


def _match(figures: dict, values: dict, state: State) -> None:
    values["hands"] = [len(state.history)]
    if not state.over or state.stopped:
        figures["capped"] = 1
        return
    figures["finished"] = 1
    for seat in state.winners():
        figures[f"match_win:{seat}"] = 1
    figures["first_dealer_win"] = state.history[0]["dealer"] in state.winners()
    returns = state.returns()
    total, margin = sum(state.scores), max(returns) - min(returns)
    figures.update(match_points=total, match_points_sq=total * total,
                   margin=margin, margin_sq=margin * margin)
    values["margin"] = [margin]
