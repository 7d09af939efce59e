"""The unit of work: what to play, and one chunk of it.

A :class:`Plan` says what to play: variants, players, bots, master seed. A chunk is a range
of game indices; :func:`run_chunk` plays each game of the range in every variant of the plan
and returns its :class:`Moments`. Game ``i`` is seeded from (master seed, i) alone and
Moments merge exactly, so any split into chunks, run by any number of workers (or machines),
gives identical results.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..agents import make_agent, parse_bots
from ..errors import RummyError
from ..spec import Variant, load_variant
from .playout import mix, play
from .stats import Moments

_LOADED: dict[str, Variant] = {}


@dataclass(frozen=True)
class Plan:
    """What to play. ``variants`` are bundled names or YAML paths; ``bots`` are
    (name, options) per seat, cycled; ``single_hand`` plays one hand per game, not a match."""

    variants: tuple[str, ...]
    players: int
    bots: tuple[tuple[str, dict], ...]
    seed: int = 1
    max_hands: int = 500
    single_hand: bool = False

    def loaded(self) -> list[Variant]:
        """The plan's variants, loaded once per process."""
        for name in self.variants:
            if name not in _LOADED:
                _LOADED[name] = load_variant(name)
        return [_LOADED[name] for name in self.variants]


def make_plan(variants: list[str], players: int | None = None, bots: str = "greedy",
              seed: int = 1, max_hands: int = 500, single_hand: bool = False) -> Plan:
    """A checked Plan; RummyError (or SpecError) naming what is wrong."""
    if not variants:
        raise RummyError("no variant given")
    names = tuple(str(v) for v in variants)
    plan = Plan(names, 0, parse_bots(bots), seed, max_hands, single_hand)
    loaded = plan.loaded()
    players = loaded[0].players[0] if players is None else players
    for variant in loaded:
        low, high = variant.players
        if not low <= players <= high:
            allowed = f"{low}" if low == high else f"{low}-{high}"
            raise RummyError(f"{variant.name} is for {allowed} players, not {players} "
                             f"(--players)")
    if max_hands < 1:
        raise RummyError("--max-hands must be at least 1")
    for name, options in plan.bots:
        make_agent(name, 0, **options)
    return Plan(names, players, plan.bots, seed, max_hands, single_hand)


def run_chunk(plan: Plan, start: int, stop: int) -> Moments:
    """Games ``start`` .. ``stop - 1`` of the plan, each in every variant, as Moments."""
    variants = plan.loaded()
    moments = Moments()
    for index in range(start, stop):
        seed = mix(plan.seed, index)
        figures: dict = {}
        values: dict = {}
        for v, variant in enumerate(variants):
            mine, seen = play(variant, plan.players, plan.bots, seed, plan.max_hands,
                              plan.single_hand)
            figures.update(((v, k), x) for k, x in mine.items())
            values.update(((v, k), x) for k, x in seen.items())
        moments.add(figures, values)
    return moments


def chunks(games: int, workers: int, chunk: int | None = None) -> list[tuple[int, int]]:
    """Game index ranges of ``chunk`` games (default: about eight per worker, at most 100)."""
    size = chunk or max(1, min(100, games // (workers * 8)))
    return [(a, min(a + size, games)) for a in range(0, games, size)]
