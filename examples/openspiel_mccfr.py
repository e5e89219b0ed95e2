"""Train external-sampling MCCFR on a small Skull King, then play it against the random bot.

Two players with Graybeard's ghost, one round of one card (by default): MCCFR, run
through OpenSpiel on ``python_skull_king``, learns when to bid one. Its average policy
becomes a skullgames bot (:class:`skullgames.rl.openspiel.PolicyBot`) and plays a match
against :class:`skullgames.bots.RandomBot`, seats alternating, every game dealt from a
seed::

    python examples/openspiel_mccfr.py --iterations 2000 --games 400

Needs the ``openspiel`` extra: ``pip install "skullgames[openspiel]"``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import external_sampling_mccfr

from skullgames import GAMES
from skullgames.bots import Bot, RandomBot
from skullgames.rl.openspiel import PolicyBot

PARAMETERS = {"players": 2, "rounds": "1"}


def train(iterations: int, seed: int, parameters: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """The pyspiel game and the MCCFR average policy after ``iterations``."""
    np.random.seed(seed)  # the solver samples with numpy's global generator
    game = pyspiel.load_game("python_skull_king", parameters or PARAMETERS)
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    for _ in range(iterations):
        solver.iteration()
    return game, solver.average_policy()


def match(game: Any, policy: Any, games: int, seed: int) -> tuple[float, float]:
    """Mean scores of the policy and of the random bot over ``games`` seeded games."""
    engine = GAMES["king"]
    totals = [0, 0]
    for number in range(games):
        learned = number % 2  # the policy's seat
        bots: dict[int, Bot[Any, Any]] = {
            learned: PolicyBot(policy, game, random.Random(seed + number)),
            1 - learned: RandomBot(random.Random(-seed - number - 1)),
        }
        state = engine.new_game(game.config, seed=seed + number)
        while not engine.is_over(state):
            seat = engine.current_player(state)
            assert seat is not None  # dealt from the seed: never waits for a deal
            state = engine.apply(state, bots[seat].choose(engine.observe(state, seat)))
        scores = engine.scores(state)
        totals[0] += scores[learned]
        totals[1] += scores[1 - learned]
    return totals[0] / games, totals[1] / games


def main(argv: Sequence[str] | None = None) -> tuple[float, float]:
    """Train, play the match, print and return the two mean scores."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    game, policy = train(args.iterations, args.seed)
    learned, random_bot = match(game, policy, args.games, args.seed)
    print(f"MCCFR ({args.iterations} iterations) {learned:+.1f} per game, "
          f"random bot {random_bot:+.1f}, over {args.games} games")
    return learned, random_bot


if __name__ == "__main__":
    main()
