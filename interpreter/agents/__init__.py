"""Bots that play any variant through the public game API: ``make_agent(name, seed)``.

An agent's ``act(state)`` returns one of ``state.legal_actions()`` for the seat to act
(``state.current_player``), reading only what that seat may know.
"""
from __future__ import annotations

from typing import Protocol

from ..engine import Action, State
from ..errors import RummyError
from .greedy import GreedyAgent
from .random_agent import RandomAgent

AGENTS = {"greedy": GreedyAgent, "random": RandomAgent}


class Agent(Protocol):
    name: str

    def act(self, state: State) -> Action: ...


def make_agent(name: str, seed: int) -> Agent:
    """The agent called ``name``, its choices seeded by ``seed``; RummyError if unknown."""
    if name not in AGENTS:
        raise RummyError(f"unknown bot {name!r}: the bots are {', '.join(sorted(AGENTS))}")
    return AGENTS[name](seed)


__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
