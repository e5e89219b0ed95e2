"""The ``reward=`` game parameter of the OpenSpiel adapter (issue 24): OpenSpiel's own
``random_sim_test`` passes with each option over every configuration of
``test_openspiel``, and the returns are the values the PettingZoo and Gymnasium
rewards add up to (see ``test_rewards``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import skullgames.rl.openspiel  # noqa: E402, F401 (registers the games)
from skullgames import ConfigError  # noqa: E402
from tests.support.rl import CONFORMANCE, REWARDS, expected_returns, play_out, round_scale  # noqa: E402  # noqa: E402


@pytest.mark.parametrize("reward", REWARDS[1:])  # "points" in test_openspiel
@pytest.mark.parametrize(("name", "params"), CONFORMANCE)
def test_openspiels_random_sim_test_passes_with_each_reward(name: str, params: dict[str, Any],
                                                             reward: str) -> None:
    game = pyspiel.load_game(name, {**params, "reward": reward})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    assert f"reward={reward}" in str(game)


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("name", "params"), CONFORMANCE)
def test_openspiel_returns_are_the_same_values(name: str, params: dict[str, Any],
                                               reward: str) -> None:
    game = pyspiel.load_game(name, {**params, "reward": reward})
    engine = game.skullgames_game
    for seed in range(3):
        state = play_out(game.new_initial_state(), random.Random(seed))
        expected = expected_returns(engine.name, game.config, engine.scores(state.engine),
                                    reward)
        assert state.returns() == pytest.approx(expected)
        assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    if reward == "result":  # -1 for a loss, 1 for a win alone
        assert game.min_utility() == -1 and game.max_utility() == 1
    elif reward == "scaled":  # the score bounds over one round's share of the best total
        lowest, highest = engine.score_bounds(game.config)
        scale = round_scale(engine.name, game.config)
        assert (game.min_utility(), game.max_utility()) == pytest.approx(
            (lowest / scale, highest / scale))


def test_openspiel_refuses_a_bad_reward() -> None:
    with pytest.raises(ConfigError, match="reward"):
        pyspiel.load_game("python_skull_queen", {"reward": "chips"})
