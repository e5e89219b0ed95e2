"""The PettingZoo AEC environment (issue 13): PettingZoo's own API test for both games
at 2 and at the most players and with every option, observations and masks equal to
``rl.encode`` and ``ActionSpace.mask`` at every step, rewards that add up to the score
pad, bad input, and "ansi" rendering as the command line narrates."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

import skullgames.rl as rl  # noqa: E402
from skullgames import ConfigError, IllegalMoveError, king, queen  # noqa: E402
from skullgames.rl.pettingzoo import env, raw_env  # noqa: E402
from tests.support.king.configs import every_option  # noqa: E402
from tests.support.queen.configs import configs as queen_configs  # noqa: E402
from tests.support.rl import PETTINGZOO_CONFIGS as CONFIGS  # noqa: E402
from tests.support.rl import rollout  # noqa: E402

# PettingZoo's API test warns that a Dict observation is not a Box: the Dict with an
# "action_mask" is the convention of its own card and board games.
pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_pettingzoos_api_test(game: str, config: Any) -> None:
    api_test(env(game, config), num_cycles=40)


def check_every_step(game: str, config: Any, seed: int, choices: int) -> None:
    """At every step of a masked random game, the agent to move and another agent get
    exactly ``rl.encode`` of their seat's observation and the action space's mask; the
    observations handed out earlier never change afterwards. Two games in one
    environment: nothing of the first leaks into the second."""
    table = raw_env(game, config)
    table.reset(seed=seed)
    rng = random.Random(choices)
    kept: list[tuple[dict[str, Any], Any, list[int]]] = []
    play_checked(table, rng, kept)
    table.reset()
    play_checked(table, rng, kept)
    for seen, expected, flags in kept:  # nothing handed out was written again later
        assert seen["observation"].tobytes() == expected.tobytes()
        assert seen["action_mask"].tolist() == flags


def play_checked(table: Any, rng: random.Random,
                 kept: list[tuple[dict[str, Any], Any, list[int]]]) -> None:
    entry, space = table.game, table.actions
    for agent in table.agent_iter():
        observation, _, termination, truncation, _ = table.last()
        state = table.game_state
        others = [a for a in table.agents if a != agent]
        another = rng.sample(others, min(1, len(others)))
        for name, seen in [(agent, observation), *[(a, table.observe(a)) for a in another]]:
            view = entry.observe(state, int(name.removeprefix("player_")))
            expected = rl.encode(view)
            assert seen["observation"].tobytes() == expected.tobytes(), (name, state.phase)
            mask = space.mask(state) if name == agent and not termination else space.mask(view)
            flags = [int(flag) for flag in mask]
            assert seen["action_mask"].tolist() == flags
            kept.append((seen, expected, flags))
        if termination or truncation:
            table.step(None)
            continue
        table.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_observations_are_the_encoded_views_at_every_step(game: str, config: Any) -> None:
    check_every_step(game, config, seed=3, choices=4)


@settings(max_examples=12, deadline=None)
@given(config=every_option(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_king_observations_with_every_option(config: king.Config, seed: int,
                                             choices: int) -> None:
    check_every_step("king", config, seed, choices)


@settings(max_examples=8, deadline=None)
@given(config=queen_configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_queen_observations_with_every_option(config: queen.Config, seed: int,
                                              choices: int) -> None:
    check_every_step("queen", config, seed, choices)


def test_an_observation_kept_is_a_copy() -> None:
    """Writing into an observation handed out changes neither the next one nor the env."""
    table = raw_env("king", king.Config(players=3, rounds=(2,)))
    table.reset(seed=1)
    agent = table.agent_selection
    first = table.observe(agent)
    first["observation"][:] = 7.0
    first["action_mask"][:] = 1
    again = table.observe(agent)
    view = king.observe(table.game_state, int(agent.removeprefix("player_")))
    assert again["observation"].tobytes() == rl.encode(view).tobytes()
    assert again["action_mask"].tolist() == [int(f) for f in table.actions.mask(view)]


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_rewards_add_up_to_the_final_scores(game: str, config: Any) -> None:
    table = raw_env(game, config)
    table.reset(seed=11)
    returns = rollout(table, random.Random(5))
    assert table.agents == []
    totals = table.game_state.totals
    assert [returns[f"player_{seat}"] for seat in range(config.players)] == list(totals)


def test_graybeard_and_the_ghost_are_not_agents() -> None:
    assert raw_env("king", king.Config(players=2)).possible_agents == ["player_0", "player_1"]
    assert raw_env("queen", queen.Config(players=2)).possible_agents == ["player_0",
                                                                         "player_1"]


def test_a_seed_repeats_the_games() -> None:
    def games(seed: int) -> list[tuple[int, ...]]:
        table = raw_env("king", king.Config(players=3, rounds=(1, 2)))
        table.reset(seed=seed)
        first = table.game_state
        table.reset()
        return [first.deal.hands, table.game_state.deal.hands]

    assert games(4) == games(4)
    assert games(4) != games(5)


def test_bad_actions() -> None:
    table = raw_env("king", king.Config(players=3, rounds=(1,)))
    table.reset(seed=1)
    space = table.actions
    illegal = next(i for i, flag in enumerate(table.observe(table.agent_selection)
                                              ["action_mask"]) if not flag)
    with pytest.raises(IllegalMoveError, match="not a Bid"):
        table.step(illegal)
    with pytest.raises(IllegalMoveError, match="out of range"):
        table.step(space.size)
    with pytest.raises(IllegalMoveError, match="whole number"):
        table.step("bid 1")  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match="None"):
        table.step(None)
    rollout(table, random.Random(1))  # nothing above changed the game: it plays out
    with pytest.raises(ConfigError, match="render_mode: 'ansi', 'rgb_array', 'human'"):
        raw_env("king", render_mode="window")
    with pytest.raises(ConfigError, match="unknown game"):
        raw_env("chess")
    with pytest.raises(TypeError):
        raw_env("queen", king.Config())


def test_a_finished_game_takes_only_none_steps() -> None:
    """PettingZoo's documented behaviour for dead agents: ``None`` removes them."""
    table = raw_env("queen", queen.Config(players=3, rounds=1))
    table.reset(seed=2)
    rng = random.Random(2)
    while not any(table.terminations.values()):
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))
    with pytest.raises(ValueError, match="only valid action is None"):
        table.step(0)
    while table.agents:
        table.step(None)
    # Every agent has left: the raw environment says so rather than fail on a lookup.
    for call in (lambda: table.step(None), lambda: table.step(0), table.last):
        with pytest.raises(IllegalMoveError, match="every agent has taken its last step"):
            call()
    assert not table.observe("player_0")["action_mask"].any()  # the end, still observable
    table.reset(seed=3)
    assert table.agents == ["player_0", "player_1", "player_2"]


def test_before_reset_the_raw_environment_refuses() -> None:
    with pytest.raises(IllegalMoveError, match=r"call reset\(\) first"):
        raw_env("king").step(0)
    with pytest.raises(IllegalMoveError, match=r"call reset\(\) first"):
        raw_env("king").last()
    with pytest.raises(IllegalMoveError, match=r"call reset\(\) first"):
        raw_env("queen").observe("player_0")


def test_an_unknown_agent_is_named_in_the_error() -> None:
    table = raw_env("king")
    table.reset(seed=1)
    with pytest.raises(KeyError, match="no agent 'player_4': the agents are player_0, "
                                       "player_1, player_2, player_3"):
        table.observe("player_4")


def test_before_reset_the_wrapper_refuses() -> None:
    """PettingZoo's order-enforcing wrapper asserts that reset comes first."""
    table = env("king")
    with pytest.raises(AssertionError, match="reset"):
        table.step(0)


def test_ansi_renders_the_command_lines_narration() -> None:
    table = raw_env("king", king.Config(players=3, rounds=(1,)), render_mode="ansi")
    table.reset(seed=3)
    text = table.render()
    assert text is not None
    assert text.startswith("Skull King, 3 players")
    assert "== Round 1: 1 card each" in text
    rollout(table, random.Random(3))
    text = table.render()
    assert text is not None
    assert "round 1 scores:" in text and "Game over. Final scores:" in text
    assert table.render() == ""  # nothing new since the last call
    quiet = raw_env("queen")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None
