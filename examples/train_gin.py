"""Train a small linear agent to beat the random bot at gin_standard (numpy only, a few minutes).

    python examples/train_gin.py [--hands 1500] [--eval 500] [--seed 1] [--opponent random]

The agent plays one seat of ``interpreter.rl.single_agent("gin_standard", opponent="random")``,
one hand per episode, alternating seats. Its policy is a softmax over the legal action indices
(the observation's ``action_mask``) of a linear score of a few features per action, read from
the observation tensor: the action's family (draw stock, take the discard, discard X, knock X,
spread, layoff ...) and, for an action naming a card (the discard top for a draw), that card's
points and how many cards of the hand share its rank or sit next to it in its suit.

It learns by REINFORCE with a running baseline. The reward is the hand's outcome (+1 won,
-1 lost, 0 void) plus potential-based shaping from the spec's own deadwood count (which leaves
the best policy unchanged and gives a signal before the agent can win any hand). The random
policy is the baseline; both are evaluated on the same deals (never seen in training), and the
script prints the share of hands won, and of decided (not void) hands, with 95% Wilson
intervals.
"""
from __future__ import annotations

import argparse
import math
import time

import numpy as np

from interpreter.rl import single_agent

VARIANT = "gin_standard"
KINDS = ("draw stock", "draw discard", "take", "pass", "discard", "knock", "spread", "layoff",
         "candidate")
CARD_FEATURES = ("points", "same rank", "suit +-1", "suit +-2")
SHAPING = 1 / 50            # deadwood points -> reward units
GAMMA = 0.95


class Features:
    """phi(observation, action index): one row per legal action, one column per weight."""

    def __init__(self, env):
        game = env.aec
        self.faces = game.variant.faces
        self.parts = game.encoder.parts
        self.index = game.index
        self.width = len(KINDS) * (1 + len(CARD_FEATURES))
        self.kind_of, self.card_of = {}, {}
        for i in range(self.index.size):
            name = self.index.describe(i)
            word = name.split()[0]
            kind = name if name in KINDS else word if word in KINDS else "candidate"
            self.kind_of[i] = KINDS.index(kind)
            words = name.split()
            if word in ("discard", "knock", "layoff") and len(words) > 1:
                self.card_of[i] = self.faces.parse(words[1])
        ranks, suits = len(self.faces.ranks), len(self.faces.suits)
        self.rank = np.array([f % ranks for f in range(ranks * suits)])
        self.suit = np.array([f // ranks for f in range(ranks * suits)])
        self.points = np.array(self.faces.points[:ranks * suits], dtype=float) / 10

    def card(self, hand: np.ndarray, face: int) -> np.ndarray:
        same_rank = hand[self.rank == self.rank[face]].sum() - hand[face]
        gap = np.abs(self.rank - self.rank[face])
        in_suit = self.suit == self.suit[face]
        return np.array([self.points[face], same_rank, hand[in_suit & (gap == 1)].sum(),
                         hand[in_suit & (gap == 2)].sum()])

    def __call__(self, tensor: np.ndarray, legal: np.ndarray) -> np.ndarray:
        hand = tensor[self.parts["hand"]][:len(self.rank)]
        top = tensor[self.parts["discard_top"]][:len(self.rank)]
        upcard = tensor[self.parts["upcard"]][:len(self.rank)]
        offered = np.flatnonzero(top if top.any() else upcard)
        rows = np.zeros((len(legal), self.width))
        step = 1 + len(CARD_FEATURES)
        for row, i in enumerate(legal):
            kind = self.kind_of[int(i)]
            rows[row, kind * step] = 1
            face = self.card_of.get(int(i))
            if face is None and KINDS[kind] in ("draw discard", "take") and len(offered):
                face = int(offered[0])
            if face is not None and face < len(self.rank):
                rows[row, kind * step + 1:(kind + 1) * step] = self.card(hand, face)
        return rows


class LinearPolicy:
    def __init__(self, width: int, rng: np.random.Generator, learning_rate: float = 0.02):
        self.weights = np.zeros(width)
        self.rng, self.learning_rate, self.baseline = rng, learning_rate, 0.0

    def probabilities(self, rows: np.ndarray) -> np.ndarray:
        scores = rows @ self.weights
        scores = np.exp(scores - scores.max())
        return scores / scores.sum()

    def choose(self, rows: np.ndarray, greedy: bool = False) -> int:
        p = self.probabilities(rows)
        return int(p.argmax()) if greedy else int(self.rng.choice(len(p), p=p))

    def learn(self, steps: list[tuple[np.ndarray, int]], rewards: list[float]) -> None:
        """REINFORCE: each step's return-to-go, less the running baseline."""
        ret = 0.0
        for (rows, chosen), reward in zip(reversed(steps), reversed(rewards)):
            ret = reward + GAMMA * ret
            p = self.probabilities(rows)
            gradient = rows[chosen] - p @ rows
            self.weights += self.learning_rate * (ret - self.baseline) * gradient
            self.baseline += 0.001 * (ret - self.baseline)


def outcome(env, seat: int) -> int:
    """+1 won, -1 lost, 0 void: the hand's record in the match history."""
    winners = env.aec.game.history[-1]["winners"]
    return 0 if not winners else 1 if seat in winners else -1


def deadwood(env, features, tensor: np.ndarray) -> int:
    """The spec's deadwood count of the hand in an observation tensor."""
    hand = np.flatnonzero(tensor[features.parts["hand"]])
    return env.aec.variant.deadwood([features.faces.name(int(f)) for f in hand])


def play_hand(env, features, choose, seed: int, learn: bool = False):
    """One hand; ``choose(rows) -> row``. Returns (outcome, [(rows, chosen)], shaped rewards)."""
    obs, _ = env.reset(seed=seed)
    seat = env.seat
    steps, rewards, done = [], [], False
    potential = -deadwood(env, features, obs["observation"]) * SHAPING if learn else 0.0
    while not done:
        legal = np.flatnonzero(obs["action_mask"])
        rows = features(obs["observation"], legal)
        chosen = choose(rows)
        obs, _, terminated, truncated, _ = env.step(int(legal[chosen]))
        done = terminated or truncated
        steps.append((rows, chosen))
        if learn:
            after = 0.0 if done else -deadwood(env, features, obs["observation"]) * SHAPING
            rewards.append(after - potential)
            potential = after
    result = outcome(env, seat)
    if learn:
        rewards[-1] += result
    return result, steps, rewards


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(envs, features, choose, hands: int, seed: int, label: str) -> None:
    results = [play_hand(envs[h % 2], features, choose, seed + h)[0] for h in range(hands)]
    won, lost = results.count(1), results.count(-1)
    print(f"{label:<14} won {won:4d}  lost {lost:4d}  void {results.count(0):4d}   "
          f"hands won {share(won, hands)}\n{'':34}of decided hands {share(won, won + lost)}",
          flush=True)


def share(wins: int, n: int) -> str:
    """``wins / n`` with its 95% Wilson interval."""
    if n == 0:
        return "   -"
    low, high = wilson(wins, n)
    return f"{wins / n:6.1%} (95% CI {low:.1%}-{high:.1%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1500, help="training hands")
    parser.add_argument("--eval", type=int, default=500, help="evaluation hands per policy")
    parser.add_argument("--opponent", default="random", help="the bot: random, greedy, strong")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    envs = [single_agent(VARIANT, seat=s, opponent=args.opponent, max_hands=1,
                         engine_observation=False) for s in (0, 1)]
    features = Features(envs[0])                      # the same index and layout for both seats
    policy = LinearPolicy(features.width, rng)
    evaluation_seed = 10**6 * (args.seed + 1)          # deals never seen in training

    start = time.time()
    evaluate(envs, features, lambda rows: int(rng.integers(len(rows))), args.eval,
             evaluation_seed,
             "random policy")
    for hand in range(args.hands):
        _, steps, rewards = play_hand(envs[hand % 2], features, policy.choose,
                                      args.seed * 10**5 + hand, learn=True)
        policy.learn(steps, rewards)
        if (hand + 1) % 500 == 0:
            print(f"  trained on {hand + 1} hands ({time.time() - start:.0f} s)", flush=True)
    evaluate(envs, features, lambda rows: policy.choose(rows, greedy=True), args.eval,
             evaluation_seed, "linear agent")
    print(f"total {time.time() - start:.0f} s")
    step = 1 + len(CARD_FEATURES)
    for k, kind in enumerate(KINDS):
        w = policy.weights[k * step:(k + 1) * step]
        if w.any():
            print(f"  {kind:<13} bias {w[0]:+.2f}  " + "  ".join(
                f"{name} {v:+.2f}" for name, v in zip(CARD_FEATURES, w[1:])))


if __name__ == "__main__":
    main()
