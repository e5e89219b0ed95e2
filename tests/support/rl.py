"""Configurations and helpers shared by the RL adapters' tests (tests/rl/).

Every module that imports this one needs numpy (an RL extra); the tests importorskip it
first, so that the suite collects without the extras (and fails under ``CI=true``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from skullgames import GAMES, king, queen

KING, QUEEN = "python_skull_king", "python_skull_queen"


CONFORMANCE = [
    pytest.param(KING, {"players": 2, "rounds": "1 2"}, id="king-2-graybeard"),
    pytest.param(KING, {"players": 4, "rounds": "1 2"}, id="king-4"),
    pytest.param(KING, {"players": 8, "rounds": "1"}, id="king-8"),
    pytest.param(KING, {"players": 3, "edition": "classic", "rounds": "2"}, id="king-classic"),
    pytest.param(KING, {"players": 3, "loot": True, "kraken": True, "white_whale": True,
                        "scoring": "rascal", "cannonball": True, "pirate_abilities": True,
                        "round_bonus": True, "rounds": "3 2"}, id="king-every-option"),
    pytest.param(KING, {"players": 2, "pirate_abilities": True, "kraken": True,
                        "rounds": "2"}, id="king-2-abilities"),
    pytest.param(QUEEN, {"players": 2, "rounds": 1}, id="queen-2-ghost"),
    pytest.param(QUEEN, {"players": 4, "rounds": 1}, id="queen-4-centre"),
    pytest.param(QUEEN, {"players": 5, "rounds": 1, "plank_values": "0 1 2 3 9",
                         "set_aside_center_pair": True}, id="queen-5"),
]


def play_out(state: Any, rng: random.Random) -> Any:
    """Play ``state`` to the end with uniform chance and uniform random actions."""
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


REWARDS = ["points", "scaled", "result"]


def round_scale(game: str, config: Any) -> float:
    """The game's largest total spread over its rounds: the scale of "scaled" (issue 35)."""
    lowest, highest = GAMES[game].score_bounds(config)
    rounds: int = config.round_count
    return max(-lowest, highest) / rounds


def expected_returns(game: str, config: Any, totals: tuple[int, ...], reward: str
                     ) -> list[float]:
    """What each option's rewards add up to, from the final scores, worked out here."""
    if reward == "points":
        return [float(t) for t in totals]
    if reward == "scaled":
        return [t / round_scale(game, config) for t in totals]
    best = max(totals)
    winners = totals.count(best)
    return [1 / winners if t == best else -1.0 for t in totals]


GYMNASIUM_CONFIGS = [
    pytest.param("king", None, id="king-standard"),
    pytest.param("king", king.Config(players=2, rounds=(1, 3)), id="king-2-graybeard"),
    pytest.param("king", king.Config(players=8, pirate_abilities=True, loot=True,
                                     rounds=(2, 8)), id="king-8-abilities"),
    pytest.param("king", king.Config(players=4, scoring=king.Scoring.RASCAL, cannonball=True,
                                     kraken=True, white_whale=True, rounds=(3,)),
                 id="king-rascal"),
    pytest.param("queen", None, id="queen-standard"),
    pytest.param("queen", queen.Config(players=2), id="queen-2-ghost"),
]


PETTINGZOO_CONFIGS = [
    pytest.param("king", king.Config(players=2, rounds=(1, 2)), id="king-2-graybeard"),
    pytest.param("king", king.Config(players=8, rounds=(1, 8)), id="king-8"),
    pytest.param("king", king.Config(players=3, edition=king.Edition.CLASSIC, rounds=(2,)),
                 id="king-classic"),
    pytest.param("king", king.Config(players=4, loot=True, kraken=True, white_whale=True,
                                     rounds=(3, 4)), id="king-advanced-cards"),
    pytest.param("king", king.Config(players=5, scoring=king.Scoring.RASCAL, cannonball=True,
                                     rounds=(2, 3)), id="king-rascal-cannonball"),
    pytest.param("king", king.Config(players=4, pirate_abilities=True, round_bonus=True,
                                     rounds=(5, 6)), id="king-abilities"),
    pytest.param("queen", queen.Config(players=2), id="queen-2-ghost"),
    pytest.param("queen", queen.Config(players=6, rounds=1), id="queen-6"),
    pytest.param("queen", queen.Config(players=4, rounds=1, set_aside_center_pair=True,
                                       set_aside_center_specials=True,
                                       plank_values=(0, 1, 2, 4, 9)), id="queen-options"),
]


def rollout(table: Any, rng: random.Random) -> dict[str, float]:
    """A masked random game; each agent's rewards summed as ``last()`` hands them out."""
    returns = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        returns[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        for other in table.agents:
            if other != agent:  # only the agent to move has a legal action
                assert not table.observe(other)["action_mask"].any()
        table.step(int(rng.choice(legal)))
    return returns
