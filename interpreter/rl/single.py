"""One seat of a variant as a Gymnasium environment, the other seats played by a bot.

``single_agent("gin_standard", seat=0, opponent="random")``: observations, action indices and
rewards are those of :class:`.aec.RummyEnv` for that seat (rewards summed over the bots' moves
in between). An action outside the mask ends the episode with ``illegal_reward`` and
``info["illegal"] = True`` (the game is not changed); ``action_masks()`` gives the mask, as
maskable learners expect.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import gymnasium
import numpy as np

from ..agents import make_agent
from ..model.variant import Variant
from .aec import SEED_RANGE, RummyEnv


class SingleAgentEnv(gymnasium.Env):
    """A seat against bots; see the module doc."""

    metadata = {"render_modes": []}

    def __init__(self, variant: Variant | str | Path, seat: int = 0, opponent: str = "random",
                 players: int | None = None, max_hands: int | None = None,
                 illegal_reward: float = -1.0, **options: Any):
        self.aec = RummyEnv(variant, players=players, max_hands=max_hands, **options)
        if not 0 <= seat < self.aec.players:
            raise ValueError(f"seat {seat} is not one of 0..{self.aec.players - 1}")
        make_agent(opponent, 0)                 # an unknown bot name fails here, not at reset
        self.seat, self.opponent, self.illegal_reward = seat, opponent, illegal_reward
        self.agent = self.aec.possible_agents[seat]
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self.bots: list[Any] = []
        self._pending = 0.0                  # our reward from bot moves before our first turn

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        match_seed = int(self.np_random.integers(SEED_RANGE)) if seed is None else seed
        self.aec.reset(seed=match_seed)
        self.bots = [make_agent(self.opponent, match_seed + 1 + s)
                     for s in range(self.aec.players)]
        self._pending = self._bots_play()
        return self._observe(), self._info()

    def step(self, action):
        aec = self.aec
        if self._over():
            raise RuntimeError("the episode is over: call reset()")
        if int(action) not in aec.slots:
            return self._observe(), float(self.illegal_reward), True, False, \
                {**self._info(), "illegal": True}
        aec.step(int(action))
        reward = self._pending + aec.rewards[self.agent] + self._bots_play()
        self._pending = 0.0
        terminated = aec.terminations.get(self.agent, False)
        truncated = aec.truncations.get(self.agent, False)
        return self._observe(), float(reward), terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        return self._observe()["action_mask"].astype(bool)

    def _bots_play(self) -> float:
        """Let the bots act until our seat is to act or the episode is over; our reward."""
        aec, reward = self.aec, 0.0
        while not self._over() and aec.agent_selection != self.agent:
            seat = aec.seat_of(aec.agent_selection)
            aec.play(self.bots[seat].act(aec.game))
            reward += aec.rewards[self.agent]
        return reward

    def _over(self) -> bool:
        aec = self.aec
        return aec.terminations[self.agent] or aec.truncations[self.agent]

    def _observe(self) -> dict[str, np.ndarray]:
        return self.aec.observe(self.agent)

    def _info(self) -> dict[str, Any]:
        return copy.deepcopy(self.aec.infos.get(self.agent, {}))   # the caller's to keep
