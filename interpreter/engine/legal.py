"""The legal actions now: in order, each with the index of the turn step it belongs to (0 in
the other phases), and the step a table meld belongs to now (None: melding is not allowed).

A Legal is made for every action, so it is made as cheaply as it can be: when every action
belongs to one step (the usual case), it keeps that step's list as it is and finds an action
by comparing (a list is searched in C, taking the very object listed first), which costs less
than hashing every action into a table. Only actions of several steps get the table.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..model.actions import Action


class Legal:
    """Legal actions (``actions``, not to be changed) and their steps; see the module doc."""

    __slots__ = ("actions", "step", "steps", "meld_step")

    def __init__(self, actions: list[Action], step: int, meld_step: int | None = None,
                 steps: dict[Action, int] | None = None):
        self.actions = actions               # in order, without repeats
        self.step = step                     # the step of them all (when ``steps`` is None)
        self.steps = steps                   # action -> its step, when they are of several
        self.meld_step = meld_step

    @classmethod
    def of_steps(cls, steps: dict[Action, int], meld_step: int | None) -> Legal:
        """The actions of several steps, in the order of ``steps``."""
        return cls(list(steps), 0, meld_step, steps)

    def step_of(self, action: Action) -> int | None:
        """The step ``action`` belongs to, or None if it is not legal now."""
        if self.steps is not None:
            return self.steps.get(action)
        return self.step if action in self.actions else None

    def items(self) -> Iterator[tuple[Action, int]]:
        """(action, its step) in order."""
        if self.steps is not None:
            return iter(self.steps.items())
        return ((a, self.step) for a in self.actions)


NOTHING = Legal([], 0)
