"""Many seeded games of one or more variants by bots: statistics and ruleset comparison.

    >>> from interpreter.simulate import simulate
    >>> results = simulate(["gin_standard", "oklahoma_gin"], games=200, workers=1)
    >>> print(results.table())                                         # doctest: +SKIP

Every variant plays the same game seeds with the same bots, so where two variants use the
same deck the deck orders are identical (common random numbers) and differences are paired.
"""
from __future__ import annotations

from .compare import Results
from .plan import Plan, make_plan, run_chunk
from .runner import run
from .stats import Estimate, Moments


def simulate(variants: list[str], games: int = 1000, players: int | None = None,
             bots: str = "greedy", seed: int = 1, workers: int | None = None,
             chunk: int | None = None, max_hands: int = 500, single_hand: bool = False,
             progress: bool = False, backend: str = "local",
             scheduler: str | None = None) -> Results:
    """Play ``games`` matches (or single hands) of each variant; see :class:`Results`.

    ``bots`` is comma-separated per seat, cycled (``"strong:knock_at=6,greedy"``);
    ``workers`` defaults to every core; ``backend="dask"`` plays on the Dask cluster at
    ``scheduler`` (default: a local one of ``workers`` processes). Results do not depend on
    the backend, ``workers`` or ``chunk``.
    """
    plan = make_plan(list(variants), players, bots, seed, max_hands, single_hand)
    moments = run(plan, games, workers, chunk, progress, backend, scheduler)
    return Results(plan, games, moments)


__all__ = ["Estimate", "Moments", "Plan", "Results", "make_plan", "run", "run_chunk",
           "simulate"]
