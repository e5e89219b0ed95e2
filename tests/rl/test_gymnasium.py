"""The Gymnasium environments (issue 13): registered on import, Gymnasium's own
``check_env``, one learning seat against the library's bots or your own, rewards that
add up to the seat's score, and bad input."""

from __future__ import annotations

import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import skullgames.rl as rl  # noqa: E402 (also registers the environments)
from skullgames import ConfigError, IllegalMoveError, king, queen  # noqa: E402
from skullgames.rl.gymnasium import SkullGamesEnv  # noqa: E402
from tests.support.rl import GYMNASIUM_CONFIGS as CONFIGS  # noqa: E402

IDS = {"king": "skullgames/SkullKing-v0", "queen": "skullgames/SkullQueen-v0"}


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_gymnasiums_check_env(game: str, config: Any) -> None:
    check_env(gymnasium.make(IDS[game], config=config).unwrapped)


def play(env: Any, seed: int) -> tuple[float, Any]:
    """A masked random episode; the sum of the rewards and the final state."""
    rng = random.Random(seed)
    _, info = env.reset(seed=seed)
    total = 0.0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        assert observation in env.observation_space
        assert not truncated
        # Both from the learning seat's observation of the state now.
        table = env.unwrapped
        view = table.game.observe(table.game_state, table.seat)
        assert observation.tobytes() == rl.encode(view).tobytes()
        assert info["action_mask"].tolist() == [int(f) for f in table.actions.mask(view)]
        total += float(reward)
        if terminated:
            return total, env.unwrapped.game_state


@pytest.mark.parametrize(("game", "config"), CONFIGS)
@pytest.mark.parametrize("seat", [0, 1])
def test_the_rewards_add_up_to_the_seats_score(game: str, config: Any, seat: int) -> None:
    env = gymnasium.make(IDS[game], config=config, seat=seat, opponents="greedy")
    total, state = play(env, seed=seat)
    assert total == state.totals[seat]
    assert state.phase.value == "over"


class Recording:
    """A bot of one's own: plays the first legal move and counts its turns."""

    def __init__(self) -> None:
        self.turns = 0

    def choose(self, observation: Any) -> Any:
        self.turns += 1
        return observation.legal_moves[0]


def test_opponents_by_name_or_object_one_for_all_or_one_per_seat() -> None:
    mine = Recording()
    env = gymnasium.make(IDS["queen"], config=queen.Config(players=3, rounds=1),
                         opponents=["random", mine])
    play(env, seed=1)
    assert mine.turns == 1 + queen.Config(players=3).hand_size  # placement, every card
    env = gymnasium.make(IDS["king"], opponents=Recording())
    _, state = play(env, seed=2)
    assert len(state.rounds) == 10


def test_the_learning_seat_moves_first_after_the_bots() -> None:
    """Seat 3 bids last in round 1: the bots' bids come before its first observation."""
    env = SkullGamesEnv("king", king.Config(players=4), seat=3)
    env.reset(seed=1)
    assert env.game_state.bids[1:3] != (None, None)
    assert king.current_player(env.game_state) == 3


def test_an_illegal_action_ends_the_episode_or_raises() -> None:
    env = SkullGamesEnv("king", king.Config(players=3, rounds=(1, 2)))
    _, info = env.reset(seed=3)
    illegal = env.actions.index(king.Bid(2))  # one card dealt in round 1
    _, reward, terminated, _, info = env.step(illegal)
    lowest, highest = king.score_bounds(env.config)  # -30 and 350 over 2 rounds
    assert terminated and reward == lowest - max(-lowest, highest) / 2 == -205
    assert info["illegal_move"] == "bid 2: a bid is 0 to 1 this round, not 2"
    with pytest.raises(IllegalMoveError, match="game is over"):
        env.step(0)
    strict = SkullGamesEnv("king", king.Config(players=3), illegal_action="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalMoveError, match="a bid is 0 to 1"):
        strict.step(illegal)
    with pytest.raises(IllegalMoveError, match="is not a Bid"):
        strict.step(strict.actions.index(king.Play(king.card("Y1"))))
    for bad in (strict.actions.size, -1, 1.5, None):
        with pytest.raises(IllegalMoveError):
            strict.step(bad)


def test_a_finished_game_refuses_steps() -> None:
    env = SkullGamesEnv("queen", queen.Config(players=3, rounds=1))
    play(env, seed=4)
    with pytest.raises(IllegalMoveError, match="reset"):
        env.step(0)
    with pytest.raises(IllegalMoveError, match="reset"):
        SkullGamesEnv("queen").step(0)


def test_bad_arguments() -> None:
    with pytest.raises(ConfigError, match="seat"):
        SkullGamesEnv("king", seat=4)
    with pytest.raises(ConfigError, match="unknown bot"):
        SkullGamesEnv("king", opponents="grandmaster")
    with pytest.raises(ConfigError, match="a list of 3, one for each other seat, not a "
                                          "list of 2"):
        SkullGamesEnv("king", opponents=["random", "greedy"])
    with pytest.raises(ConfigError, match="not a list of 1"):
        SkullGamesEnv("king", opponents=["random"])
    with pytest.raises(TypeError, match="choose"):
        SkullGamesEnv("king", opponents=42)
    with pytest.raises(ConfigError, match="illegal_action"):
        SkullGamesEnv("king", illegal_action="ignore")
    with pytest.raises(ConfigError, match="render_mode: 'ansi', 'rgb_array', 'human'"):
        SkullGamesEnv("king", render_mode="window")


def test_ansi_rendering_and_action_masks() -> None:
    env = SkullGamesEnv("queen", queen.Config(players=2), render_mode="ansi")
    _, info = env.reset(seed=5)
    text = env.render()
    assert text is not None and text.startswith("Skull Queen, 2 players")
    assert np.array_equal(env.action_masks(), info["action_mask"])
    assert info["action_mask"][:1250].all()  # every placement
    assert SkullGamesEnv("queen").render() is None
