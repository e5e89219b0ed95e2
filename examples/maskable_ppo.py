"""Train sb3-contrib's MaskablePPO on Skull King against the greedy bots, then evaluate.

Needs the ``rl`` extra and ``pip install sb3-contrib`` (which brings torch and
stable-baselines3; see the RL guide for why the project's CI does not install them)::

    OMP_NUM_THREADS=1 python examples/maskable_ppo.py --steps 200000 --games 200

One learning seat (seat 0) of ``skullgames/SkullKing-v0`` plays the library's greedy bots
in the other seats; the action mask comes from the environment's ``action_masks()``,
which MaskablePPO finds on its own. After training, the policy (its most likely legal
action) plays ``--games`` games against the random bots and as many against the greedy
bots, and the script prints a table of its average score, the opponents' average score
and its share of the wins (a tie for the best score counts as a shared win, as
``reward="result"`` counts it).

Threads: torch uses as many threads as there are cores for its small matrix products,
which on a small machine shared with other work costs far more than it gains. Set
``OMP_NUM_THREADS=1`` (this script does so unless it is set, and calls
``torch.set_num_threads``): on a two-core machine MaskablePPO ran 58 steps/s with torch's
default threads and 1,687 with one.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

import skullgames.rl  # noqa: F401 (registers the environments)
from skullgames import king
from skullgames.rl.gymnasium import environment_id

Policy = Callable[[npt.NDArray[np.float32], npt.NDArray[np.int8]], int]
"""A policy: the learning seat's action from its observation and its action mask."""


def make_env(config: king.Config, opponents: str, reward: str = "points") -> Any:
    """Skull King with seat 0 learning and ``opponents`` in the other seats."""
    return gymnasium.make(environment_id("king"), config=config, opponents=opponents,
                          reward=reward)


def evaluate(policy: Policy, config: king.Config, opponents: str, games: int,
             seed: int) -> dict[str, float]:
    """Play ``games`` games of ``policy`` in seat 0 against ``opponents``.

    Returns the policy's mean score, the opponents' mean score (per seat) and the
    policy's share of the wins (``1/k`` for a win shared by ``k`` seats).
    """
    environment = make_env(config, opponents)
    mine, theirs, wins = [], [], 0.0
    for number in range(games):
        observation, info = environment.reset(seed=seed + number)
        terminated = False
        while not terminated:
            action = policy(observation, info["action_mask"])
            observation, _, terminated, _, info = environment.step(action)
        totals = environment.unwrapped.game_state.totals
        mine.append(totals[0])
        theirs.append(statistics.fmean(totals[1:]))
        winners = king.winners(environment.unwrapped.game_state)
        if 0 in winners:
            wins += 1 / len(winners)
    return {"score": statistics.fmean(mine), "opponents": statistics.fmean(theirs),
            "wins": wins / games}


def random_policy(seed: int) -> Policy:
    """A masked random policy: the baseline row of the table."""
    rng = random.Random(seed)

    def choose(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    return choose


def train(config: king.Config, steps: int, seed: int, reward: str) -> tuple[Policy, float]:
    """MaskablePPO trained for ``steps`` steps against the greedy bots; its steps/s."""
    os.environ.setdefault("OMP_NUM_THREADS", "1")  # before torch starts its threads
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(int(os.environ["OMP_NUM_THREADS"]))
    model = MaskablePPO("MlpPolicy", make_env(config, "greedy", reward), seed=seed,
                        verbose=0)
    start = time.perf_counter()
    model.learn(total_timesteps=steps)
    rate = steps / (time.perf_counter() - start)

    def choose(observation: npt.NDArray[np.float32], mask: npt.NDArray[np.int8]) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool),
                                  deterministic=True)
        return int(action)

    return choose, rate


def table(rows: Sequence[tuple[str, str, dict[str, float]]]) -> str:
    """The results as a Markdown table."""
    lines = ["| seat 0 | opponents | its score | their score | its wins |",
             "|---|---|---:|---:|---:|"]
    for who, opponents, result in rows:
        lines.append(f"| {who} | {opponents} | {result['score']:.1f} | "
                     f"{result['opponents']:.1f} | {result['wins']:.0%} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Train, evaluate against the random and the greedy bots, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200_000, help="training steps")
    parser.add_argument("--games", type=int, default=200,
                        help="evaluation games against each kind of bot")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--reward", choices=["points", "scaled", "result"],
                        default="points", help="the environment's reward= option")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    config = king.Config(players=args.players)
    policy, rate = train(config, args.steps, args.seed, args.reward)
    print(f"trained {args.steps:,} steps at {rate:,.0f} steps/s")
    rows = []
    for opponents in ("random", "greedy"):
        rows.append(("random", opponents,
                     evaluate(random_policy(args.seed), config, opponents, args.games,
                              10_000)))
        rows.append(("MaskablePPO", opponents,
                     evaluate(policy, config, opponents, args.games, 10_000)))
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
