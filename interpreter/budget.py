"""Work budgets for the bots' searches: a count of search states, so that a seeded game plays
the same everywhere, and a wall-clock backstop that only a very slow machine should reach.

A search charges the states it visits; past either limit :meth:`Budget.charge` raises
:class:`BudgetExhausted`, and the search answers with the best it found so far (or its caller
falls back to a simple legal move). ``used`` and ``exhausted`` report what happened.

With the defaults a greedy or strong decision takes at most about 0.2 s of CPU and 30 MB
(the seed-7 carousel_opening30 position that searched 10 million states, 11-15 s and 1.5 GB
unbounded); benchmarks/decision_bounds.py checks 2 s and 128 MB over whole matches.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .errors import LimitError

NODES = 200_000          # search states per decision
SECONDS = 2.0            # wall-clock backstop per decision


class BudgetExhausted(LimitError):
    """A search ran out of its budget (caught by the search, which answers with its best)."""


@dataclass
class Budget:
    """At most ``nodes`` search states and ``seconds`` of wall clock for one decision."""

    nodes: int = NODES
    seconds: float = SECONDS
    used: int = 0
    exhausted: bool = False
    deadline: float = field(default=float("inf"), repr=False)

    def start(self) -> Budget:
        """Reset the counts and start the clock; returns the budget."""
        self.used, self.exhausted = 0, False
        self.deadline = time.monotonic() + self.seconds
        return self

    def left(self) -> int:
        return max(0, self.nodes - self.used)

    def charge(self, nodes: int) -> None:
        """Count ``nodes`` more states; BudgetExhausted once past a limit."""
        self.used += nodes
        if self.used > self.nodes or time.monotonic() > self.deadline:
            self.exhausted = True
            raise BudgetExhausted(f"search budget spent: {self.used} of {self.nodes} states, "
                                  f"{self.seconds} s")
