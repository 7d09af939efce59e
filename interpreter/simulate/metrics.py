"""The figures reported per variant: which totals each is made of, and its estimate.

A metric is a ratio of two game figures (a rate or a mean) or the spread of a per-unit
value; the same definitions serve one variant's summary and the paired differences.
"""
from __future__ import annotations

from dataclasses import dataclass

from . import stats
from .stats import Estimate, Moments


@dataclass(frozen=True)
class Metric:
    key: str                    # stable name, used in --json
    label: str                  # what the text table shows
    kind: str                   # rate | mean | spread
    parts: tuple[str, ...]      # (numerator, denominator) or (sum, sum of squares, unit)
    group: str                  # length | outcomes | seats | points


def metrics(m: Moments, outcome_order: list[str], players: int, matches: bool) -> list[Metric]:
    """The metrics of a run: every outcome seen in any variant, in ``outcome_order`` first."""
    seen = {key[1][len("outcome:"):] for key in m.sums if key[1].startswith("outcome:")}
    outcomes = [o for o in dict.fromkeys(outcome_order) if o in seen] + sorted(
        seen - set(outcome_order))
    out = []
    if matches:
        out.append(Metric("hands_per_match", "hands per match", "mean", ("hands", "games"),
                          "length"))
    out.append(Metric("turns_per_hand", "turns per hand", "mean", ("turns", "hands"), "length"))
    out += [Metric(f"outcome:{o}", f"{o.replace('_', ' ')} rate", "rate",
                   (f"outcome:{o}", "hands"), "outcomes") for o in outcomes]
    if matches:
        out += [Metric(f"match_win:{s}", f"seat {s} wins match", "rate",
                       (f"match_win:{s}", "finished"), "seats") for s in range(players)]
        out.append(Metric("first_dealer_win", "first dealer wins match", "rate",
                          ("first_dealer_win", "finished"), "seats"))
    out += [Metric(f"hand_win:{s}", f"seat {s} wins hand", "rate",
                   (f"hand_win:{s}", "decided"), "seats") for s in range(players)]
    out += [Metric("dealer_win", "dealer wins hand", "rate", ("dealer_win", "decided"), "seats"),
            Metric("first_win", "first player wins hand", "rate", ("first_win", "decided"),
                   "seats"),
            Metric("points_per_hand", "points per scored hand", "mean", ("points", "decided"),
                   "points"),
            Metric("points_per_hand_sd", "  its spread (sd)", "spread",
                   ("points", "points_sq", "decided"), "points")]
    out += [Metric(f"points:{s}", f"seat {s} points per hand", "mean", (f"points:{s}", "hands"),
                   "points") for s in range(players)]
    if matches:
        out += [Metric("points_per_match", "points per match", "mean",
                       ("match_points", "finished"), "points"),
                Metric("points_per_match_sd", "  its spread (sd)", "spread",
                       ("match_points", "match_points_sq", "finished"), "points"),
                Metric("margin", "winning margin", "mean", ("margin", "finished"), "points"),
                Metric("margin_sd", "  its spread (sd)", "spread",
                       ("margin", "margin_sq", "finished"), "points"),
                Metric("capped", "matches stopped unfinished (--max-hands or the spec's guard)", "rate", ("capped", "games"),
                       "length")]
    return out


def _found(m: Moments, metric: Metric, index: int):
    parts = [(index, p) for p in metric.parts]
    return stats.spread(m, *parts) if metric.kind == "spread" else stats.ratio(m, *parts)


def estimate(m: Moments, metric: Metric, index: int) -> Estimate:
    """The metric for variant ``index``: Wilson interval for rates, normal for the rest."""
    if metric.kind == "rate":
        return stats.rate(m, *[(index, p) for p in metric.parts])
    return stats.normal(m, _found(m, metric, index))


def difference(m: Moments, metric: Metric, first: int, second: int) -> Estimate:
    """Variant ``second`` minus variant ``first``, paired game by game."""
    return stats.difference(m, _found(m, metric, first), _found(m, metric, second))
