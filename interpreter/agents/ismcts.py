"""The IS-MCTS agent: single-observer information-set Monte Carlo tree search over the rollout
bot's play.

At each decision with a real choice it weighs a few candidate actions: the rollout bot's own
(``rollout``: ``strong``, ``greedy`` or ``random``), and where it knocks, draws or discards,
the others worth weighing (taking or leaving a card that would join a meld; the discards
leaving at most ``slack`` deadwood above the least, ``width`` of them, least first; the best
knock). It draws ``worlds`` determinisations from the seat's information in proportion to how
well the opponents' choices this hand fit the hands they give them (a Metropolis chain of
``steps`` card swaps, :mod:`interpreter.search.inference`; ``miss``: the weight of a choice
that does not fit).

In each world every candidate is played once (common random numbers at the root); the hand
then goes on to its end (at most ``depth`` actions, then the deadwood held counts), the
rollout bot playing the other seats (the opponent model). The seat's own later decisions
with a real choice are nodes of a tree keyed by its information set
(:mod:`interpreter.search.tree`), shared by every world that reaches them: there it chooses
among the same kind of candidates by UCB (``explore`` weighting the bonus, availability
counted; the rollout bot's choice until the node was reached ``widen`` times). The first
node a simulation reaches that the tree lacks is added, and the rest of the hand is the
rollout bot's play (``tree=0``: no nodes below the root, flat Monte Carlo). A simulation is
worth the points the seat's team gains in the hand (the seat alone, without partnerships)
minus the other seats' mean, counted at every node it passed.

It plays the rollout bot's choice unless a candidate beats it, in the same worlds, by more
than ``gain`` points on average and by more than ``z`` standard errors of that paired
difference. Deterministic for its seed (no wall-clock budget); a decision with one legal
action or one candidate is played without search, and where a hand is beyond the
arrangement search (LimitError), the rollout bot's choice.
"""
from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from ..engine import Action
from ..errors import LimitError, RummyError
from ..search import clone
from ..search.determinize import held_deadwood
from ..search.inference import Reader, sampled_worlds
from ..search.tree import Node, Tree
from .greedy import GreedyAgent
from .random_agent import RandomAgent
from .strong import StrongAgent

if TYPE_CHECKING:
    from ..engine.game import State

ROLLOUTS = {"strong": StrongAgent, "greedy": GreedyAgent, "random": RandomAgent}


class IsmctsAgent:
    name = "ismcts"
    OPTIONS = {"worlds": 64, "steps": 400, "rollout": "strong", "width": 1, "slack": 4,
               "z": 2.0, "gain": 1.0, "miss": 0.03, "depth": 200, "explore": 10.0,
               "widen": 8, "tree": 1}

    def __init__(self, seed: int, **options):
        settings = {**self.OPTIONS, **options}
        if settings["rollout"] not in ROLLOUTS:
            raise RummyError(f"ismcts: rollout {settings['rollout']!r}: the rollout bots are "
                             f"{', '.join(ROLLOUTS)}")
        self.worlds = max(2, int(settings["worlds"]))
        self.steps = max(self.worlds, int(settings["steps"]))
        self.width, self.slack = int(settings["width"]), float(settings["slack"])
        self.z, self.gain, self.miss = float(settings["z"]), float(settings["gain"]), \
            float(settings["miss"])
        self.depth = max(1, int(settings["depth"]))
        self.explore, self.widen = float(settings["explore"]), int(settings["widen"])
        self.tree = bool(int(settings["tree"]))
        self.rng = random.Random(seed)
        self.policy = ROLLOUTS[settings["rollout"]](self.rng.getrandbits(32))
        self.reader: Reader | None = None

    def act(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        default = self.policy.act(state)
        try:
            candidates = self._candidates(state, legal, default)
            if len(candidates) < 2:
                return default
            values, _ = self.search(state, candidates)
        except LimitError:                   # (a hand beyond the arrangement search)
            return default
        return self._chosen(values, default)

    def search(self, state: State, candidates: list) -> tuple[dict, Tree]:
        """({candidate: its value in each world, in order}, the tree grown), for the seat
        to act at ``state`` (see the module doc)."""
        if self.reader is None or self.reader.rules is not state.seat_view().meld_rules:
            self.reader = Reader(state, miss=self.miss)
        seat = state.current_player
        worlds = sampled_worlds(state, seat, self.rng, self.reader, self.steps, self.worlds)
        tree = Tree(seat)
        root, _ = tree.node(state)
        values: dict = {a: [] for a in candidates}
        for world in worlds:
            root.offer(candidates)
            for action in candidates:
                values[action].append(self._simulate(world, [(root, action)], tree))
        return values, tree

    def _simulate(self, world, path: list[tuple[Node, Action]], tree: Tree) -> float:
        """Play the last action of ``path`` in a copy of ``world``, then the hand to its end
        (see the module doc); count the value at every node passed, and return it."""
        state, seat = clone(world), tree.seat
        start, hands = state.returns(), state.hands_recorded
        state.apply(path[-1][1])
        act, apply, played, grown = self.policy.act, state.apply, 0, not self.tree
        while not state.is_terminal and state.hands_recorded == hands and played < self.depth:
            move = None
            if not grown and state.current_player == seat:
                move, grown = self._in_tree(state, tree, path)
            apply(act(state) if move is None else move)
            played += 1
        value = self._value(state, start, hands, seat)
        for node, action in path:
            node.update(action, value)
        return value

    def _in_tree(self, state: State, tree: Tree, path: list) -> tuple[Action | None, bool]:
        """(the seat's move at ``state``: chosen in the tree, the rollout bot's where it weighs
        one candidate, None where one action is legal; whether a node was added now), a
        choice made in the tree appended to ``path``."""
        legal = state.legal_actions()
        if len(legal) < 2:
            return None, False
        default = self.policy.act(state)
        candidates = self._candidates(state, legal, default)
        if len(candidates) < 2:
            return default, False
        node, added = tree.node(state)
        move = node.select(candidates, self.explore, self.widen)
        path.append((node, move))
        return move, added

    def _candidates(self, state: State, legal: list, default) -> list:
        """The actions weighed, the rollout bot's first (see the module doc)."""
        kinds = {a.kind for a in legal}
        out = [default]
        if kinds & {"take", "pass"} and _top_melds(state):
            out += [a for a in legal if a.kind in ("take", "pass")]
        elif any(a.kind == "draw" for a in legal):
            if _top_melds(state):
                out += [a for a in legal if a.kind == "draw" and a.target is None]
        elif kinds & {"discard", "knock"}:
            view = state.seat_view(state.current_player)
            values = view.meld_rules.discard_values(list(view.hand()))
            parse = view.faces.parse

            def after(action) -> float:
                return values.get(parse(action.cards[0]), math.inf) if action.cards else 0

            discards = sorted((a for a in legal if a.kind == "discard"), key=after)
            best = after(discards[0]) if discards else 0
            out += [a for a in discards if after(a) <= best + self.slack][:self.width]
            out += sorted((a for a in legal if a.kind == "knock"), key=after)[:1]
        return list(dict.fromkeys(out))

    @staticmethod
    def _value(state: State, start: list, hands: int, seat: int) -> float:
        """The points ``seat``'s team gained since ``start`` (the returns then), minus the
        other seats' mean (a hand not over: each seat's deadwood, negated, instead); a team's
        gain is its members' mean (each seat alone without partnerships)."""
        if state.is_terminal or state.hands_recorded != hands:
            gained = [now - then for now, then in zip(state.returns(), start)]
        else:
            gained = [-d for d in held_deadwood(state)]
        team = state.seat_view(seat).team
        ours = [gained[s] for s in team]
        others = [g for s, g in enumerate(gained) if s not in team]
        return sum(ours) / len(ours) - sum(others) / max(1, len(others))

    def _chosen(self, values: dict, default):
        """The candidate beating the rollout bot's choice most, in the same worlds, if it
        does so by more than ``gain`` points and ``z`` standard errors; else that choice."""
        best, best_mean = default, self.gain
        for action, row in values.items():
            if action == default:
                continue
            diffs = [a - b for a, b in zip(row, values[default])]
            n = len(diffs)
            mean = sum(diffs) / n
            error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
            if mean > best_mean and mean > self.z * error:
                best, best_mean = action, mean
        return best


def _top_melds(state: State) -> bool:
    """Whether the discard pile's top card would join a meld in the acting seat's hand."""
    view = state.seat_view(state.current_player)
    top = view.top
    if top is None:
        return False
    rules, hand = view.meld_rules, list(view.hand())
    return rules.deadwood(hand + [top]) < rules.deadwood(hand) + rules.points[top]
