"""Any variant as a PettingZoo AEC environment: ``RummyEnv("gin_standard", players=2)``.

Agents are ``player_0`` .. ``player_{P-1}`` (the engine's seats). An episode is a match, or its
first ``max_hands`` hands. Each agent observes ``{"observation": float32 tensor (see
:mod:`.observation`), "action_mask": int8 over the action space (see :mod:`.actions`)}``;
``infos[agent]["observation"]`` is the engine's JSON observation of that seat (unless
``engine_observation=False``, which makes steps several times faster), and the agent to act
also gets ``infos[agent]["actions"]``: index -> notation of each legal action.

Rewards are per hand, from the spec's scoring: when a hand is scored, each agent is rewarded
the change of its return (its total; penalty points count negative). ``reset(seed=s)``
starts the engine's match with seed ``s`` (as ``new_game(variant, players, seed=s)``), so deals
and stock order, and with the same actions the whole episode, replay exactly.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import Action, State, new_game
from ..errors import IllegalAction
from ..model.variant import Variant
from ..spec import load_variant
from .actions import CANDIDATES, ActionIndex
from .observation import Encoder

SEED_RANGE = 2**31


class RummyEnv(AECEnv):
    """A variant's match for PettingZoo; see the module doc."""

    metadata = {"name": "rummy_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, variant: Variant | str | Path, players: int | None = None,
                 max_hands: int | None = None, candidates: int = CANDIDATES,
                 discard_top: int = 4, engine_observation: bool = True,
                 render_mode: str | None = None):
        super().__init__()
        self.variant = variant if isinstance(variant, Variant) else load_variant(variant)
        low, high = self.variant.players
        self.players = low if players is None else players
        if not low <= self.players <= high:
            raise ValueError(f"{self.variant.name} is for {low}-{high} players, "
                             f"not {self.players}")
        if max_hands is not None and max_hands < 1:
            raise ValueError(f"max_hands must be at least 1, not {max_hands}")
        self.max_hands = max_hands
        self.engine_observation = engine_observation
        self.index = ActionIndex(self.variant, self.players, candidates)
        self.encoder = Encoder(self.variant, self.players, self.index.meld_slots, discard_top)
        self.possible_agents = [f"player_{s}" for s in range(self.players)]
        observation = spaces.Dict({
            "observation": spaces.Box(self.encoder.low, self.encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (self.index.size,), dtype=np.int8)})
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.index.size) for a in self.possible_agents}
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: the only mode is 'ansi' (text)")
        self.render_mode = render_mode
        self._seeds = np.random.default_rng()
        self.game: State | None = None          # the engine's match (``state()`` is PettingZoo's)
        self.slots: dict[int, Action] = {}
        self.agent_selection: str = self.possible_agents[0]
        self.infos: dict[str, dict[str, Any]] = {}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ---- episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new match: seeded by ``seed``, else by the next number of the env's own seeds."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        else:
            seed = int(self._seeds.integers(SEED_RANGE))
        self.game = new_game(self.variant, self.players, seed=seed)
        self._first_deal = self.game.deals
        self._returns = self.game.returns()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._refresh()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = (self.index.mask(self.slots) if agent == self.agent_selection and self.slots
                else np.zeros(self.index.size, dtype=np.int8))
        assert self.game is not None                 # (observed after reset)
        return {"observation": self.encoder.encode(self.game, seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play the action at index ``action`` for the agent to act; IllegalAction (the game
        unchanged) when that index names no legal action now."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self.slots.get(int(action)) if _is_index(action) else None
        if chosen is None:
            raise IllegalAction(f"action {action!r} is not legal for {agent} now; legal: "
                                + ", ".join(f"{i}={a}" for i, a in sorted(self.slots.items())))
        self.play(chosen)

    def play(self, action: Action | str) -> None:
        """Apply an engine action (any legal one, candidates beyond the slots included) for the
        agent to act, and hand out rewards as :meth:`step` does."""
        if self.game is None or not self.slots:
            raise IllegalAction("the episode is over (or not started): call reset()")
        self.game.apply(action)
        self._cumulative_rewards[self.agent_selection] = 0.0
        returns = self.game.returns()
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = float(returns[seat] - self._returns[seat])
        self._returns = returns
        over = self.game.is_terminal or (
            self.max_hands is not None and self.game.deals - self._first_deal >= self.max_hands)
        if over:
            stopped = self.game.stopped
            for agent in self.agents:
                self.terminations[agent] = not stopped
                self.truncations[agent] = stopped
        self._refresh()
        self._accumulate_rewards()

    def _refresh(self) -> None:
        """Whose turn it is, its legal slots, and every agent's infos."""
        game = self.game
        assert game is not None
        done = any(self.terminations.values()) or any(self.truncations.values())
        if done:                          # the agent that ended it is removed first
            self.slots = {}
        else:
            self.agent_selection = self.possible_agents[game.current_player]
            self.slots = self.index.legal_slots(game.legal_actions())
        self.infos = {a: {"observation": game.observation(s)} if self.engine_observation
                      else {} for s, a in enumerate(self.possible_agents) if a in self.agents}
        if self.slots:
            self.infos[self.agent_selection]["actions"] = {
                i: str(a) for i, a in sorted(self.slots.items())}

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the agent to act, what it sees and its legal actions."""
        if self.render_mode is None or self.game is None:
            return None
        seat = self.seat_of(self.agent_selection)
        seen = self.game.observation(seat)
        lines = [f"{self.agent_selection} ({seen['phase']}) scores {seen['scores']}",
                 f"hand: {' '.join(seen['hand'])}",
                 f"discard: {' '.join(seen['discard'][-5:])}  stock: {seen['stock']}"]
        lines += [f"table: {' '.join('[' + ' '.join(m) + ']' for m in seen['table'])}"] \
            if seen["table"] else []
        lines += [f"  {i}: {a}" for i, a in sorted(self.slots.items())]
        return "\n".join(lines)

    def seat_of(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def close(self) -> None:
        self.game = None


def _is_index(action: Any) -> bool:
    return isinstance(action, (int, np.integer)) and not isinstance(action, bool)
