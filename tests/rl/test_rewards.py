"""The ``reward=`` option of every adapter (issue 24): ``"points"``, ``"scaled"`` and
``"result"`` give the same values in PettingZoo, Gymnasium and OpenSpiel; an episode's
rewards add up to the final scores as each option says (points: the score; scaled: the
score over the largest magnitude of ``score_bounds``; result: +1 shared equally by the
winners, the seats tied for the best score (K14), -1 to the others); the frameworks'
own checks pass with each option over every configuration of their tests; and the
PettingZoo ``illegal_action="terminate"`` option ends the game as PettingZoo's classic
games do."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

import skullgames.rl  # noqa: E402, F401 (registers the environments)
from skullgames import GAMES, ConfigError, IllegalMoveError, king, queen  # noqa: E402
from skullgames.rl.gymnasium import environment_id  # noqa: E402
from skullgames.rl.pettingzoo import env, environment_name, raw_env  # noqa: E402
from tests.support.rl import (  # noqa: E402
    GYMNASIUM_CONFIGS,
    REWARDS,
    expected_returns,
    rollout,
    round_scale,
)
from tests.support.rl import PETTINGZOO_CONFIGS as CONFIGS  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def expected_penalty(game: str, config: Any, reward: str) -> float:
    """The worst total a game can come to less one round's scale, in the unit of
    ``reward``; a loss with "result"."""
    lowest, _ = GAMES[game].score_bounds(config)
    scale = round_scale(game, config)
    return {"points": lowest - scale, "scaled": lowest / scale - 1, "result": -1.0}[reward]


# PettingZoo -----------------------------------------------------------------------------


@pytest.mark.parametrize("reward", REWARDS[1:])  # "points" in test_pettingzoo
@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_pettingzoos_api_and_seed_tests_pass_with_each_reward(game: str, config: Any,
                                                               reward: str) -> None:
    api_test(env(game, config, reward=reward), num_cycles=40)
    seed_test(lambda: env(game, config, reward=reward), num_cycles=40)


def test_pettingzoos_seed_test_passes_with_the_default_and_terminate() -> None:
    for game, config in [("king", king.Config(players=3, rounds=(1, 2))),
                         ("queen", queen.Config(players=3, rounds=1))]:
        seed_test(lambda g=game, c=config: env(g, c), num_cycles=40)
        seed_test(lambda g=game, c=config: env(g, c, illegal_action="terminate"),
                  num_cycles=40)
        api_test(env(game, config, illegal_action="terminate"), num_cycles=40)


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_pettingzoo_rewards_add_up_to_the_final_scores(game: str, config: Any,
                                                        reward: str) -> None:
    table = raw_env(game, config, reward=reward)
    table.reset(seed=7)
    returns = rollout(table, random.Random(2))
    totals = table.game_state.totals
    expected = expected_returns(game, config, totals, reward)
    assert [returns[a] for a in table.possible_agents] == pytest.approx(expected)
    if reward == "result":
        assert all(-1 <= r <= 1 for r in returns.values())


def test_pettingzoo_result_is_paid_only_at_the_end() -> None:
    table = raw_env("king", king.Config(players=3, rounds=(1, 2)), reward="result")
    table.reset(seed=1)
    rng = random.Random(1)
    for _agent in table.agent_iter():
        observation, reward, termination, truncation, _ = table.last()
        if not termination:
            assert reward == 0.0
            assert not any(table.rewards.values())
        if termination or truncation:
            table.step(None)
            continue
        assert observation is not None
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def first_illegal(table: Any) -> int:
    mask = table.observe(table.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize(("reward", "penalty"), [
    ("points", -30.0 - 175.0), ("scaled", -30 / 175 - 1), ("result", -1.0),
])
def test_an_illegal_action_ends_the_pettingzoo_game_with_a_penalty(
        reward: str, penalty: float) -> None:
    config = king.Config(players=3, rounds=(1, 2))
    table = raw_env("king", config, reward=reward, illegal_action="terminate")
    table.reset(seed=4)
    rng = random.Random(4)
    for _ in range(5):  # a few legal moves first: the penalty is for the offender alone
        table.step(int(rng.choice(np.flatnonzero(
            table.observe(table.agent_selection)["action_mask"]))))
    offender = table.agent_selection
    before = table.game_state
    table.step(first_illegal(table))
    # score bounds -30 to 350 over 2 rounds: a round's scale is 175 points
    assert king.score_bounds(config) == (-30, 350)
    assert penalty == pytest.approx(expected_penalty("king", config, reward))
    assert table.game_state is before  # the move was not played
    assert table.rewards == pytest.approx({a: (penalty if a == offender else 0.0)
                                           for a in table.possible_agents})
    assert all(table.terminations.values())
    assert "is not a Play" in table.infos[offender]["illegal_move"]
    _, reward_now, termination, _, _ = table.last()
    assert reward_now == pytest.approx(penalty) and termination
    for agent in table.possible_agents:  # no agent may move any more
        assert not table.observe(agent)["action_mask"].any()
    while table.agents:  # the dead agents leave as PettingZoo says
        table.step(None)


def test_an_illegal_action_through_the_wrapper_and_the_default_raise() -> None:
    config = queen.Config(players=3, rounds=1)
    table = env("queen", config, illegal_action="terminate")
    table.reset(seed=2)
    offender = table.agent_selection
    table.step(first_illegal(table))
    penalty = expected_penalty("queen", config, "points")
    assert penalty == 0 - 32 / 1  # bounds 0 to 32, one round
    seen = []
    for agent in table.agent_iter():
        _, reward, termination, _, _ = table.last()
        assert termination
        assert reward == (penalty if agent == offender else 0.0)
        seen.append(agent)
        table.step(None)
    assert sorted(seen) == table.possible_agents
    strict = raw_env("queen", queen.Config(players=3, rounds=1))
    strict.reset(seed=2)
    with pytest.raises(IllegalMoveError):
        strict.step(first_illegal(strict))
    assert not any(strict.terminations.values())
    terminating = raw_env("queen", illegal_action="terminate")
    terminating.reset(seed=1)
    with pytest.raises(IllegalMoveError, match="out of range"):  # no action at all
        terminating.step(terminating.actions.size)


def test_pettingzoo_names_each_game_from_its_title() -> None:
    assert environment_name("king") == "skullking_v0"
    assert raw_env("queen").metadata["name"] == "skullqueen_v0"
    assert env("king").metadata["name"] == "skullking_v0"
    names = {environment_name(entry) for entry in GAMES.values()}
    assert len(names) == len(GAMES)


# Gymnasium ------------------------------------------------------------------------------


def gym_episode(game: str, config: Any, reward: str, seed: int) -> tuple[float, Any]:
    environment = gymnasium.make(environment_id(game), config=config, reward=reward,
                                 opponents="greedy")
    _, info = environment.reset(seed=seed)
    rng = random.Random(seed)
    total = 0.0
    terminated = False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, value, terminated, _, info = environment.step(action)
        if reward == "result" and not terminated:
            assert value == 0.0
        total += float(value)
    return total, environment.unwrapped.game_state


@pytest.mark.parametrize("reward", REWARDS)
@pytest.mark.parametrize(("game", "config"), GYMNASIUM_CONFIGS)
def test_gymnasium_check_env_and_the_rewards_of_each_option(game: str, config: Any,
                                                            reward: str) -> None:
    check_env(gymnasium.make(environment_id(game), config=config, reward=reward).unwrapped)
    total, state = gym_episode(game, config, reward, seed=3)
    config = state.config
    assert total == pytest.approx(expected_returns(game, config, state.totals, reward)[0])


@pytest.mark.parametrize("reward", REWARDS)
def test_gymnasium_illegal_penalty_is_the_same_as_pettingzoos(reward: str) -> None:
    config = queen.Config(players=3, rounds=1)
    learner = gymnasium.make(environment_id("queen"), config=config, reward=reward)
    _, info = learner.reset(seed=1)
    action = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, value, terminated, _, info = learner.step(action)
    assert terminated and "illegal_move" in info
    assert value == raw_env("queen", config, reward=reward).illegal_reward


def test_a_bad_reward_is_a_config_error_everywhere() -> None:
    with pytest.raises(ConfigError, match="reward: one of 'points', 'scaled', 'result'"):
        raw_env("king", reward="score")
    with pytest.raises(ConfigError, match="reward"):
        gymnasium.make(environment_id("queen"), reward="win")
    with pytest.raises(ConfigError, match="illegal_action"):
        raw_env("king", illegal_action="ignore")


def test_scaled_rewards_and_the_penalty_are_of_a_size_a_learner_can_use() -> None:
    """Issue 35: over the whole game's bound, standard Skull King's scaled returns were
    about +/-0.07, and the illegal action cost -4,490 points (-1 scaled). Now a round's
    share of the best total is the scale (394 points: -550 to 3,940 over 10 rounds), and
    the penalty is the worst total less one round, below every legal step's reward."""
    config = king.Config(players=4)
    assert (king.score_bounds(config), config.round_count) == ((-550, 3940), 10)
    scaled = raw_env("king", config, reward="scaled", illegal_action="terminate")
    points = raw_env("king", config, illegal_action="terminate")
    assert scaled.illegal_reward == pytest.approx(-550 / 394 - 1)  # -2.40
    assert points.illegal_reward == -550 - 394
    returns: list[float] = []
    steps: list[float] = []
    for seed in range(6):
        scaled.reset(seed=seed)
        rng = random.Random(seed)
        total = dict.fromkeys(scaled.possible_agents, 0.0)
        for agent in scaled.agent_iter():
            observation, reward, termination, truncation, _ = scaled.last()
            total[agent] += reward
            if reward:
                steps.append(reward)
            if termination or truncation:
                scaled.step(None)
                continue
            assert observation is not None
            scaled.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        returns.extend(total.values())
    mean_size = sum(map(abs, returns)) / len(returns)
    assert 0.2 < mean_size < 3, returns  # random play: a few hundred points a game
    assert min(steps) > scaled.illegal_reward
    assert max(map(abs, steps)) < 10
