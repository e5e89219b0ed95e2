"""Copies of the environments (issue 22 item 5): a PettingZoo or Gymnasium environment
deep-copied or pickled at every protocol, before ``reset`` or in the middle of an
episode, plays on exactly as the original. Tree search over copies of an environment
needs this; both failed with ``cannot pickle 'module' object``."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import skullgames.rl  # noqa: E402, F401 (registers the environments)
from skullgames import IllegalMoveError, king, queen  # noqa: E402
from skullgames.rl.gymnasium import SkullGamesEnv, environment_id  # noqa: E402
from skullgames.rl.pettingzoo import env, raw_env  # noqa: E402
from tests.support.rl import PETTINGZOO_CONFIGS as CONFIGS  # noqa: E402

Copier = Callable[[Any], Any]

def pickled(protocol: int) -> Copier:
    def copier(environment: Any) -> Any:
        return pickle.loads(pickle.dumps(environment, protocol=protocol))
    return copier


def deep_copied(environment: Any) -> Any:
    return copy.deepcopy(environment)


COPIERS: list[tuple[str, Copier]] = [("deepcopy", deep_copied)] + [
    (f"pickle-{protocol}", pickled(protocol))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1)
]


def copies_of(original: Any) -> list[Any]:
    return [copier(original) for _, copier in COPIERS]


# PettingZoo -----------------------------------------------------------------------------


def pz_view(table: Any) -> tuple[Any, ...]:
    """Everything an agent loop reads: every agent's observation and mask, the rewards,
    what ``last`` says, the terminations."""
    observations = []
    for agent in table.possible_agents:
        seen = table.observe(agent)
        observations.append((seen["observation"].tolist(), seen["action_mask"].tolist()))
    last = table.last()
    return (table.agent_selection, list(table.agents), observations, dict(table.rewards),
            last[1:4], dict(table.terminations), dict(table.truncations))


def pz_action(table: Any, rng: random.Random) -> int | None:
    if table.terminations[table.agent_selection]:
        return None
    mask = table.observe(table.agent_selection)["action_mask"]
    return int(rng.choice(np.flatnonzero(mask)))


def pz_lockstep(tables: list[Any], rng: random.Random, steps: int) -> None:
    """Step every table with the same actions, comparing them before each step."""
    original = tables[0]
    for _ in range(steps):
        if not original.agents:
            break
        expected = pz_view(original)
        for (name, _), other in zip(COPIERS, tables[1:], strict=False):
            assert pz_view(other) == expected, name
        action = pz_action(original, rng)
        for table in tables:
            table.step(action)


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_a_copied_pettingzoo_environment_plays_on_exactly_as_the_original(
        game: str, config: Any) -> None:
    rng = random.Random(f"{game}{config}")
    original = env(game, config, render_mode="ansi")
    tables = [original, *copies_of(original)]  # copied before reset: reset works the same
    for table in tables:
        table.reset(seed=11)
    pz_lockstep(tables, rng, rng.randrange(5, 40))
    texts = {table.render() for table in tables}
    assert len(texts) == 1 and texts != {""}
    tables = [original, *copies_of(original)]  # mid-episode, the narration read
    pz_lockstep(tables, rng, rng.randrange(5, 40))
    assert len({table.render() for table in tables}) == 1
    tables = [original, *copies_of(original)]
    pz_lockstep(tables, rng, 10_000)  # to the end
    assert all(not table.agents for table in tables)
    for table in copies_of(original):  # a finished game's copy says so too
        with pytest.raises(IllegalMoveError, match="reset"):
            table.unwrapped.last()


@pytest.mark.parametrize("copier", [c for _, c in COPIERS], ids=[n for n, _ in COPIERS])
def test_a_raw_pettingzoo_environment_copies_before_and_after_reset(copier: Copier) -> None:
    table = raw_env("queen", queen.Config(players=3, rounds=1))
    fresh = copier(table)
    with pytest.raises(IllegalMoveError, match=r"call reset\(\) first"):
        fresh.last()
    table.reset(seed=4)
    fresh.reset(seed=4)
    rng = random.Random(4)
    pz_lockstep([table, fresh, copier(table)], rng, 25)


# Gymnasium ------------------------------------------------------------------------------

GYM_CASES = [
    pytest.param("king", king.Config(players=4, rounds=(1, 2)),
                 ["random", "greedy", "search"], id="king-bots"),
    pytest.param("king", king.Config(players=2, rounds=(2,)), "search", id="king-graybeard"),
    pytest.param("king", king.Config(players=3, scoring=king.Scoring.RASCAL, cannonball=True,
                                     pirate_abilities=True, rounds=(3,)), "random",
                 id="king-abilities"),
    pytest.param("queen", queen.Config(players=3, rounds=1), ["search", "greedy"],
                 id="queen-bots"),
    pytest.param("queen", queen.Config(players=2), "random", id="queen-ghost"),
]


def gym_lockstep(envs: list[Any], rng: random.Random, steps: int) -> bool:
    """Step every environment with the same actions and compare what each step gives;
    whether the episode ended."""
    original = envs[0]
    for _ in range(steps):
        mask = original.unwrapped.action_masks()
        for other in envs[1:]:
            assert other.unwrapped.action_masks().tolist() == mask.tolist()
        action = int(rng.choice(np.flatnonzero(mask)))
        results = [e.step(action) for e in envs]
        observation, reward, terminated, truncated, info = results[0]
        for (name, _), other in zip(COPIERS, results[1:], strict=False):
            assert other[0].tolist() == observation.tolist(), name
            assert other[1:4] == (reward, terminated, truncated), name
            assert other[4]["action_mask"].tolist() == info["action_mask"].tolist(), name
        texts = {e.render() for e in envs}
        assert len(texts) == 1
        if terminated:
            return True
    return False


@pytest.mark.parametrize(("game", "config", "opponents"), GYM_CASES)
def test_a_copied_gymnasium_environment_plays_on_exactly_as_the_original(
        game: str, config: Any, opponents: Any) -> None:
    rng = random.Random(f"{game}{config}")
    original = gymnasium.make(environment_id(game), config=config, opponents=opponents,
                              render_mode="ansi")
    envs = [original, *copies_of(original)]  # before reset
    first = [e.reset(seed=5)[0].tolist() for e in envs]
    assert all(f == first[0] for f in first)
    ended = gym_lockstep(envs, rng, rng.randrange(1, 6))
    while not ended:  # copies made mid-episode, the bots' randomness with them
        ended = gym_lockstep([original, *copies_of(original)], rng, rng.randrange(1, 6))
    for copied in copies_of(original):
        with pytest.raises(IllegalMoveError, match="reset"):
            copied.step(0)
    # And a new episode of a copy, from the environment's own generator, as the original's.
    copied = copy.deepcopy(original)
    assert copied.reset()[0].tolist() == original.reset()[0].tolist()


def test_action_masks_before_reset_says_to_reset() -> None:
    """Issue 22 item 5: it raised a raw ``TypeError`` from the game's ``observe``."""
    environment = SkullGamesEnv("queen")
    with pytest.raises(IllegalMoveError, match=r"call reset\(\) first"):
        environment.action_masks()
    environment.reset(seed=1)
    assert environment.action_masks().sum() > 0
