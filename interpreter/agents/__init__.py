"""Bots that play any variant through the public game API: ``make_agent(name, seed)``.

An agent's ``act(state)`` returns one of ``state.legal_actions()`` for the seat to act
(``state.current_player``), reading only what that seat may know: through the agent API
(docs/agent-api.md), the public State and ``state.seat_view()`` (a
:class:`interpreter.engine.game.SeatView`: its hand, the discard pile, the table, the knock
limit, ...). Search bots reach hidden cards only in their own sampled worlds, through
:mod:`interpreter.search` (whose privileged entry point is ``engine.game.Privileged``). No
module here imports the engine's state or the steps (tests/test_agent_api.py).
"""
from __future__ import annotations

from typing import Protocol

from ..engine import Action, State
from ..errors import RummyError
from .greedy import GreedyAgent
from .ismcts import IsmctsAgent
from .random_agent import RandomAgent
from .strong import StrongAgent

AGENTS = {"greedy": GreedyAgent, "ismcts": IsmctsAgent, "random": RandomAgent,
          "strong": StrongAgent}


class Agent(Protocol):
    name: str

    def act(self, state: State) -> Action: ...


def make_agent(name: str, seed: int, **options) -> Agent:
    """The agent called ``name``, its choices seeded by ``seed``, with the options its class
    lists in ``OPTIONS`` (name -> default); RummyError if the bot or an option is unknown."""
    if name not in AGENTS:
        raise RummyError(f"unknown bot {name!r}: the bots are {', '.join(sorted(AGENTS))}")
    known = getattr(AGENTS[name], "OPTIONS", {})
    for key in options:
        if key not in known:
            takes = f"its options are {', '.join(known)}" if known else "it takes no options"
            raise RummyError(f"bot {name!r} has no option {key!r}: {takes}")
    return AGENTS[name](seed, **options)


def parse_bots(text: str) -> tuple[tuple[str, dict], ...]:
    """``"strong:knock_at=6,greedy"`` -> (("strong", {"knock_at": 6}), ("greedy", {}))."""
    out = []
    for item in text.split(","):
        name, *settings = item.strip().split(":")
        options = {}
        for setting in settings:
            key, eq, value = setting.partition("=")
            if not eq or not key.strip():
                raise RummyError(f"bot option {setting!r}: expected NAME=VALUE "
                                 f"(as in strong:knock_at=6)")
            options[key.strip()] = _number(value.strip())
        if not name:
            raise RummyError(f"--bots {text!r}: a bot name is missing")
        out.append((name, options))
    return tuple(out)


def _number(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


__all__ = ["AGENTS", "Agent", "GreedyAgent", "IsmctsAgent", "RandomAgent", "StrongAgent",
           "make_agent", "parse_bots"]
