"""Search on the public API: explicit chance nodes, copies and determinisations of a state.

``new_chance_game`` / ``ChanceState`` (:mod:`.chance`): deals and stock draws as chance nodes
with their outcomes; ``clone`` and ``resample_hidden`` (:mod:`.determinize`): copies of a
State, and a determinisation from one seat's information; ``sampled_worlds``
(:mod:`.inference`): determinisations weighted by the others' choices this hand; ``Tree``
(:mod:`.tree`): one seat's decision nodes keyed by its information set, with UCB selection;
for search bots such as :class:`interpreter.agents.ismcts.IsmctsAgent`.

Search sees hidden cards (another seat's hand, the stock's order) only through the engine's
privileged entry point, :class:`interpreter.engine.game.Privileged`, and everything else
through the public State and ``state.seat_view()`` (docs/agent-api.md).
"""
from .chance import CHANCE, ChanceState, dealt_order, new_chance_game
from .determinize import clone, resample_hidden

__all__ = ["CHANCE", "ChanceState", "clone", "dealt_order", "new_chance_game", "resample_hidden"]
