"""The IS-MCTS agent: single-observer information-set Monte Carlo tree search.

Each iteration deals the cards the acting seat cannot see afresh
(:func:`interpreter.search.resample_hidden`), walks the tree from the root with UCT over the
actions legal in that determinisation (a child's exploration term counts the iterations in
which it was available), adds one node, then plays the hand on with the ``rollout`` bot for
every seat (``strong``, ``greedy`` or ``random``) for at most ``depth`` actions (0: to the
end of the hand). Every seat's decisions share the one tree; an edge keeps the reward of the
seat that chose it. The rollout bot also leads the tree: below the root a node tries its
action first and widens to others progressively (``widen``); at the root, discards leaving
more than ``slack`` deadwood above the least are not searched.

A rollout that ends the hand is worth the points each seat gained (its return, as
``State.returns``, minus the others' mean), over ``scale`` and clipped to [-1, 1]; one cut
short by ``depth`` is worth the deadwood the others hold minus the seat's own, the same way.
The agent plays the rollout bot's own choice unless the root action visited most has a mean
reward above it by more than ``keep`` standard errors of the difference.

Budget: ``iterations`` per decision, and with ``seconds`` > 0 a wall-clock limit too (then
play depends on the machine's speed; with ``seconds`` 0 the agent is deterministic for its
seed). A decision with one legal action is played without search; where a hand is beyond
the arrangement search (LimitError), the rollout bot's choice.
"""
from __future__ import annotations

import math
import random
import time

from ..errors import LimitError, RummyError
from ..search import resample_hidden
from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .strong import StrongAgent

ROLLOUTS = {"strong": StrongAgent, "greedy": GreedyAgent, "random": RandomAgent}


class _Node:
    __slots__ = ("children", "visits", "reward", "squares", "seen", "candidates")

    def __init__(self) -> None:
        self.children: dict = {}       # action -> _Node
        self.candidates: set | None = None   # the root's actions searched (None: any)
        self.visits = 0
        self.reward = 0.0              # summed, for the seat that chose the edge into it
        self.squares = 0.0             # the rewards' squares, summed
        self.seen = 0                  # iterations in which the edge was legal


def _variance(node: _Node) -> float:
    mean = node.reward / node.visits
    return max(node.squares / node.visits - mean * mean, 0.01)


class IsmctsAgent:
    name = "ismcts"
    OPTIONS = {"iterations": 100, "seconds": 0.0, "rollout": "strong", "depth": 12,
               "c": 0.7, "scale": 30, "widen": 0.5, "slack": 4, "keep": 2.0}

    def __init__(self, seed: int, **options):
        settings = {**self.OPTIONS, **options}
        if settings["rollout"] not in ROLLOUTS:
            raise RummyError(f"ismcts: rollout {settings['rollout']!r}: the rollout bots are "
                             f"{', '.join(ROLLOUTS)}")
        self.iterations = max(1, int(settings["iterations"]))
        self.seconds = float(settings["seconds"])
        self.depth, self.c, self.scale = int(settings["depth"]), float(settings["c"]), \
            float(settings["scale"])
        self.widen, self.slack = float(settings["widen"]), float(settings["slack"])
        self.keep = float(settings["keep"])
        self.rng = random.Random(seed)
        self.policy = ROLLOUTS[settings["rollout"]](self.rng.getrandbits(32))

    def act(self, state):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat, root, default = state.current_player, _Node(), self.policy.act(state)
        root.candidates = self._candidates(state, legal) | {default}
        stop = time.monotonic() + self.seconds if self.seconds > 0 else None
        try:
            for i in range(self.iterations):
                self._iterate(resample_hidden(state, seat, self.rng), root,
                              default if i % 2 == 0 else None)
                if stop is not None and time.monotonic() > stop:
                    break
        except LimitError:                   # (a rollout's hand beyond the arrangement search)
            return default
        return self._chosen(root, default)

    def _iterate(self, state, root: _Node, first=None) -> None:
        """One iteration; ``first``: the root action it plays (every other iteration plays
        the rollout bot's choice, so that it is measured as well as the best)."""
        start, hands = state.returns(), len(state.history)
        path: list[tuple[_Node, int]] = []
        node = root
        if first is not None:
            node = root.children.setdefault(first, _Node())
            node.seen += 1
            path.append((node, state.current_player))
            state.apply(first)
        while not state.is_terminal and len(state.history) == hands:
            player, actions = state.current_player, self._searched(state, node)
            children = node.children
            for a in actions:
                child = children.get(a)
                if child is None:
                    child = children[a] = _Node()
                child.seen += 1
            fresh = [a for a in actions if not children[a].visits]
            if fresh:
                action = fresh[0]
                state.apply(action)
                path.append((children[action], player))
                break
            action = max(actions, key=lambda a: self._ucb(children[a]))
            state.apply(action)
            node = children[action]
            path.append((node, player))
        rewards = self._rollout(state, start, hands)
        for node, player in path:
            node.visits += 1
            node.reward += rewards[player]
            node.squares += rewards[player] ** 2

    def _chosen(self, root: _Node, default):
        """The rollout bot's own choice, unless the root action of the same kind visited most
        has a mean reward above it by more than ``keep`` standard errors of the difference.
        (Only of the same kind: determinisations deal the others uniform hands, weaker than
        the hands they kept, so ending the hand at once looks better than it is.)"""
        children = {a: n for a, n in root.children.items() if a.kind == default.kind}
        best = max(children, key=lambda a: (children[a].visits, children[a].reward))
        ours, theirs = children[best], children[default]
        if best == default or ours.visits < 2 or theirs.visits < 2:
            return default
        gap = ours.reward / ours.visits - theirs.reward / theirs.visits
        return best if gap > self.keep * math.sqrt(_variance(ours) / ours.visits +
                                                    _variance(theirs) / theirs.visits) \
            else default

    def _searched(self, state, node: _Node) -> list:
        """The actions searched at ``node`` in this determinisation, the first to try first:
        at the root its candidates; below, the rollout bot's action, the children visited
        that are legal here, and one more legal action (random) while the node has fewer
        children than ``widen`` times the square root of its visits (progressive widening)."""
        legal = state.legal_actions()
        if node.candidates is not None:
            return [a for a in legal if a in node.candidates]
        if len(legal) == 1:
            return legal
        chosen = self.policy.act(state)
        out = [chosen] + [a for a in legal if a in node.children and a != chosen]
        if len(node.children) < self.widen * math.sqrt(node.visits):
            rest = [a for a in legal if a not in node.children and a != chosen]
            if rest:
                out.append(self.rng.choice(rest))
        return out

    def _candidates(self, state, legal: list) -> set:
        """The root's actions searched: every one but discards (and knocks with a discard)
        leaving more than ``slack`` deadwood above the least such action leaves."""
        try:
            values = state.meld_rules.discard_values(list(state.hand_faces(state.current_player)))
        except LimitError:                       # (a hand beyond the arrangement search)
            return set(legal)
        parse = state.variant.faces.parse

        def after(action) -> float | None:
            if action.kind not in ("discard", "knock") or not action.cards:
                return None
            return values.get(parse(action.cards[0]))

        found = [v for v in map(after, legal) if v is not None]
        best = min(found, default=0)
        return {a for a in legal if (v := after(a)) is None or v <= best + self.slack}

    def _ucb(self, node: _Node) -> float:
        return node.reward / node.visits + self.c * math.sqrt(math.log(node.seen) / node.visits)

    def _rollout(self, state, start: list[int], hands: int) -> list[float]:
        steps, act, apply = 0, self.policy.act, state.apply
        while not state.is_terminal and len(state.history) == hands:
            if self.depth and steps >= self.depth:
                return self._relative([-state.meld_rules.deadwood(state.hand_faces(s))
                                       for s in range(state.players)])
            apply(act(state))
            steps += 1
        return self._relative([now - then for now, then in zip(state.returns(), start)])

    def _relative(self, values: list[float]) -> list[float]:
        """Each seat's value minus the others' mean, over ``scale``, clipped to [-1, 1]."""
        n, total = len(values), sum(values)
        if n < 2:
            return [0.0] * n
        return [max(-1.0, min(1.0, (v - (total - v) / (n - 1)) / self.scale)) for v in values]
