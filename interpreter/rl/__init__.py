"""Reinforcement-learning environments over any variant (the optional extra ``rl``).

    from interpreter.rl import env, single_agent
    e = env("gin_standard", players=2)           # a PettingZoo AEC environment
    g = single_agent("gin_standard", seat=0, opponent="random")   # a Gymnasium environment

See :mod:`.actions` (the action space), :mod:`.observation` (the tensor), :mod:`.aec` (the
episode, rewards and seeding) and :mod:`.single` (one seat against bots).
"""
from __future__ import annotations

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:                 # pragma: no cover - depends on the install
    raise ImportError(f"interpreter.rl needs the 'rl' extra ({missing.name} is missing): "
                      "pip install 'rummy-interpreter[rl]'") from missing

from .actions import ActionIndex
from .aec import RummyEnv
from .observation import Encoder
from .single import SingleAgentEnv


def env(variant, players: int | None = None, **options) -> RummyEnv:
    """The PettingZoo AEC environment of ``variant`` (a bundled name, a YAML path or a
    Variant); ``options``: max_hands, candidates, discard_top (see :class:`RummyEnv`)."""
    return RummyEnv(variant, players=players, **options)


def single_agent(variant, seat: int = 0, opponent: str = "random", **options) -> SingleAgentEnv:
    """One seat of ``variant`` as a Gymnasium environment against ``opponent`` bots
    ("random", "greedy", "strong"); ``options`` as for :func:`env`, plus illegal_reward."""
    return SingleAgentEnv(variant, seat=seat, opponent=opponent, **options)


__all__ = ["ActionIndex", "Encoder", "RummyEnv", "SingleAgentEnv", "env", "single_agent"]
