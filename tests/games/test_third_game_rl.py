"""Skull Jack in the learning adapters: PettingZoo's ``api_test``, Gymnasium's
``check_env``, the tensors, and OpenSpiel's ``random_sim_test`` (in a process of its own
where the installed package's entry point is read: pyspiel keeps a game type for good,
and a renamed Skull King is registered as ``python_skull_jack`` by other tests).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
import skull_jack
import skull_jack.openspiel
import skull_jack.rl
from skull_jack import Config

from skullgames import ConfigError, Game
from tests.support import skull_jack as support

AnyGame = Game[Any, Any, Any, Any]

CONFIGS = [
    Config(players=2, suits=1, hand_size=3, rounds=2),
    Config(players=4, suits=4, hand_size=2, rounds=1, follow_suit=False),
]

# PettingZoo's API test warns that a Dict observation is not a Box, as in its own card
# games (tests/rl/test_pettingzoo.py).
WARNINGS = ("ignore:Observation space for each agent probably:UserWarning",
            "ignore:Observation is not a NumPy array:UserWarning")


@pytest.mark.filterwarnings(*WARNINGS)
@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_pettingzoo_api_test(jack: AnyGame, config: Config) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from skullgames.rl.pettingzoo import env

    table = env("jack", config)
    assert table.unwrapped.game is jack
    api_test(table, num_cycles=20)


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_every_seat_s_tensor_is_the_encoding_of_its_observation(jack: AnyGame,
                                                                config: Config) -> None:
    """The environment writes its tensors its own way (a new game by the steps, then
    whole); each must be ``encode(observe(state, seat))``, hiding the other hands."""
    np = pytest.importorskip("numpy")
    from skullgames.rl import encode
    from skullgames.rl.pettingzoo import env

    table = env("jack", config).unwrapped
    table.reset(seed=3)
    rng = random.Random(3)
    while table.agents:
        state = table._state
        for seat, agent in enumerate(table.possible_agents):
            seen = table.observe(agent)["observation"]
            assert np.array_equal(seen, encode(skull_jack.observe(state, seat))), seat
        agent = table.agent_selection
        mask = table.observe(agent)["action_mask"]
        legal = [i for i, flag in enumerate(mask) if flag]
        table.step(rng.choice(legal) if legal and not table.terminations[agent] else None)


def test_the_encoder_hides_the_other_hands(jack: AnyGame) -> None:
    pytest.importorskip("numpy")
    config = Config(players=3, hand_size=3)
    encoder = skull_jack.rl.JackEncoder(config)
    state = skull_jack.new_game(config, seed=2)
    vectors = [encoder.encode(skull_jack.observe(state, seat)) for seat in range(3)]
    hand = slice(encoder.hand, encoder.hand + len(config.deck))
    for seat in range(3):
        held = {i for i, v in enumerate(vectors[seat][hand]) if v}
        assert held == {c.order for c in state.hands[seat]}


def test_gymnasium_check_env(jack: AnyGame, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("gymnasium")
    # check_env makes every render mode, "human" (a pygame window) too: SDL's dummy
    # display stands in for a screen, as in tests/rl/conftest.py.
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from skullgames.rl.gymnasium import environment_id, register_environments

    assert environment_id("jack") == "skullgames/SkullJack-v0"
    register_environments()
    try:
        for config in CONFIGS:
            environment = gymnasium.make("skullgames/SkullJack-v0", config=config,
                                         opponents="greedy").unwrapped
            assert environment.game is jack  # type: ignore[attr-defined]
            check_env(environment)
    finally:
        del gymnasium.registry["skullgames/SkullJack-v0"]


def test_the_openspiel_deal_is_round_robin_and_its_inverse(jack: AnyGame) -> None:
    config = Config(players=3, hand_size=2)
    plan = skull_jack.openspiel.DEALING.plan(config, 0)
    cards = list(config.deck[:6])
    deal = plan.make(cards)
    assert [list(hand) for hand in deal.hands] == [[cards[0], cards[3]], [cards[1], cards[4]],
                                                   [cards[2], cards[5]]]
    assert plan.dealt(deal) == cards and plan.cards == 6
    assert skull_jack.openspiel.DEALING.max_moves(config) == 3 * 3 * 2


OPENSPIEL = """\
import random

import pyspiel
from skullgames import ConfigError
from skullgames import GAMES
from skullgames.rl import openspiel

openspiel.register_games()
for params in ({"players": 2, "suits": 1, "hand_size": 3, "rounds": 2},
               {"players": 4, "suits": 4, "hand_size": 2, "rounds": 1, "follow_suit": False}):
    game = pyspiel.load_game("python_skull_jack", params)
    assert game.skullgames_game is GAMES["jack"], game
    assert game.get_type().long_name == "Skull Jack (skullgames)"
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    print("ok", game.num_distinct_actions(), game.max_game_length())
state = game.new_initial_state()
while state.is_chance_node():
    state.apply_action(state.chance_outcomes()[0][0])
try:
    openspiel.resample(state, 0, random.Random(1))
except ConfigError as error:
    print(error)
"""


def test_openspiel_random_sim_test(installed: Path) -> None:
    pytest.importorskip("pyspiel")
    result = support.run(installed, "-c", OPENSPIEL)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines() == ["ok 12 12", "ok 48 8",
                                          "Skull Jack has no world sampler"]


def test_the_game_has_no_world_sampler_and_says_so_in_one_line(jack: AnyGame) -> None:
    """The world sampler is optional (search bots, OpenSpiel's resampling): Skull Jack
    leaves it out, and a tool that needs it refuses in one line."""
    assert not jack.has("sample_world")
    with pytest.raises(ConfigError, match=r"^Skull Jack has no world sampler$"):
        jack.sample_world  # noqa: B018


def test_skull_jack_s_steps_override_only_the_hand_s_writing() -> None:
    """Issue 49: the base class's defaults do the rest, through documented hooks only."""
    from skullgames.plugins.rl import Steps

    defined = {name for name, value in vars(skull_jack.rl.JackSteps).items()
               if callable(value) or isinstance(value, (property, staticmethod, classmethod))}
    assert defined == {"write_hand"}
    assert issubclass(skull_jack.rl.JackSteps, Steps)
