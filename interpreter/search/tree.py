"""An information-set tree for one searching seat: its decision nodes keyed by what it knows.

A node is one information set of the seat (every state giving it the same observation, as
JSON): the states of different determinisations meet there. It keeps, per action, how often
the action was chosen there (``visits``), the values those choices came back with (``total``)
and how often it was among the actions weighed there (``available``: in a determinisation
the actions weighed may differ). Selection is UCB1 over the available actions, counting
availability instead of the node's visits (as in single-observer IS-MCTS), the actions never
tried first, in the order given; a node reached fewer than ``widen`` times yet plays the first
action given (the rollout bot's: progressive widening, so that the many nodes reached once or
twice do not spend those visits on exploring).
"""
from __future__ import annotations

import json
import math

from ..engine import State


class Node:
    """One information set of the searching seat: per-action statistics."""

    __slots__ = ("visits", "total", "available")

    def __init__(self) -> None:
        self.visits: dict = {}
        self.total: dict = {}
        self.available: dict = {}

    def offer(self, actions: list) -> None:
        """Count ``actions`` as weighed here once more."""
        for action in actions:
            self.available[action] = self.available.get(action, 0) + 1

    def select(self, actions: list, explore: float, widen: int = 0):
        """The action to play of ``actions`` (those weighed here in this determinisation,
        counted as offered): the first before the node was reached ``widen`` times, else
        the first never tried, else the best UCB score, ``explore`` weighting the bonus."""
        self.offer(actions)
        if self.count < widen:
            return actions[0]
        for action in actions:
            if action not in self.visits:
                return action

        def score(action) -> float:
            n = self.visits[action]
            return self.total[action] / n + explore * math.sqrt(
                math.log(self.available[action]) / n)

        return max(actions, key=score)

    def update(self, action, value: float) -> None:
        """Count one choice of ``action`` here, worth ``value`` to the seat."""
        self.visits[action] = self.visits.get(action, 0) + 1
        self.total[action] = self.total.get(action, 0.0) + value

    def mean(self, action) -> float:
        return self.total[action] / self.visits[action]

    @property
    def count(self) -> int:
        """The choices made here."""
        return sum(self.visits.values())


class Tree:
    """The searching seat's nodes, by information set (see the module doc)."""

    def __init__(self, seat: int):
        self.seat = seat
        self.nodes: dict[str, Node] = {}

    def key(self, state: State) -> str:
        """The seat's information set at ``state``: its observation, as JSON."""
        return json.dumps(state.observation(self.seat), sort_keys=True, default=str)

    def node(self, state: State) -> tuple[Node, bool]:
        """(the node of ``state``'s information set, whether it was added now)."""
        key = self.key(state)
        found = self.nodes.get(key)
        if found is not None:
            return found, False
        node = self.nodes[key] = Node()
        return node, True
