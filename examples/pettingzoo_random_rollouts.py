"""Masked random rollouts in PettingZoo: every seat picks a random legal action.

Run it from a checkout with the ``rl`` extra installed::

    python examples/pettingzoo_random_rollouts.py --game queen --games 20

It plays the games through :func:`skullgames.rl.pettingzoo.env`, sums each agent's
rewards as ``last()`` hands them out, and checks them against the score pad.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence

from skullgames.rl.pettingzoo import env


def rollouts(game: str, games: int, seed: int) -> list[dict[str, float]]:
    """Play ``games`` masked random games; each game's returns per agent."""
    rng = random.Random(seed)
    table = env(game=game)
    results = []
    for number in range(games):
        table.reset(seed=seed + number)
        returns = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            observation, reward, termination, truncation, _ = table.last()
            returns[agent] += reward
            if termination or truncation:
                action = None  # a finished agent leaves with a None step
            else:
                legal = observation["action_mask"].nonzero()[0]
                action = int(rng.choice(legal))
            table.step(action)
        final = table.unwrapped.game_state.totals
        assert list(returns.values()) == list(final), (returns, final)
        results.append(returns)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games and print each one's returns."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["king", "queen"], default="king")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    for number, returns in enumerate(rollouts(args.game, args.games, args.seed)):
        scores = ", ".join(f"{agent} {total:+.0f}" for agent, total in returns.items())
        print(f"game {number}: {scores}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
