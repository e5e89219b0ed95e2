"""Information-set MCTS from OpenSpiel against the random bot, in a small Skull King.

Three players, rounds of one and two cards (by default). One seat searches with
OpenSpiel's Python ``ISMCTSBot``: each simulation plays out a world drawn from what the
seat knows (``SkullState.resample_from_infostate``; seeded here through
:func:`skullgames.rl.openspiel.resampler`) with random rollouts. The other seats are
:class:`skullgames.bots.RandomBot`, shown only their observations. The searching seat
moves round the table from game to game, and every game is dealt from a seed::

    python examples/openspiel_ismcts.py --simulations 200 --games 30

Needs the ``openspiel`` extra: ``pip install "skullgames[openspiel]"``.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from skullgames import GAMES
from skullgames.bots import RandomBot
from skullgames.rl.openspiel import resampler

PARAMETERS = {"players": 3, "rounds": "1 2"}


def searcher(game: Any, simulations: int, seed: int) -> Any:
    """An ISMCTS bot whose worlds, rollouts and choices all follow ``seed``."""
    numbers = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, numbers), uct_c=2.0,
                           max_simulations=simulations, random_state=numbers)
    bot.set_resampler(resampler(random.Random(seed)))
    return bot


def match(games: int, simulations: int, seed: int,
          parameters: dict[str, Any] | None = None) -> tuple[float, float]:
    """Mean score of the searching seat, and of a random seat, over ``games`` games."""
    game = pyspiel.load_game("python_skull_king", parameters or PARAMETERS)
    players = game.num_players()
    engine = GAMES["king"]
    space = engine.action_space(game.config)
    chance = random.Random(seed)
    searched = others = 0.0
    for number in range(games):
        seat = number % players  # the searching seat
        bot = searcher(game, simulations, seed + number)
        randoms = {s: RandomBot(random.Random(seed * 1_000 + number * players + s))
                   for s in range(players) if s != seat}
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, odds = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(chance.choices(actions, weights=odds)[0])
            elif state.current_player() == seat:
                state.apply_action(bot.step(state))
            else:
                mover = state.current_player()
                move = randoms[mover].choose(engine.observe(state.engine, mover))
                state.apply_action(space.index(move))
        returns = state.returns()
        searched += returns[seat]
        others += (sum(returns) - returns[seat]) / (players - 1)
    return searched / games, others / games


def main(argv: Sequence[str] | None = None) -> tuple[float, float]:
    """Play the match, print and return the two mean scores."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    searched, others = match(args.games, args.simulations, args.seed)
    print(f"ISMCTS ({args.simulations} simulations a move) {searched:+.1f} per game, "
          f"random bots {others:+.1f}, over {args.games} games")
    return searched, others


if __name__ == "__main__":
    main()
