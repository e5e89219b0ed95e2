"""Pictures from the environments (issue 24): ``render_mode="rgb_array"`` on the
Gymnasium and PettingZoo environments gives ``uint8`` RGB frames of one size per config,
the table as ``skullgames.svg`` draws one seat's observation, so hidden cards never
show; Gymnasium's own wrappers that consume frames and PettingZoo's ``render_test``
take them. ``render_mode="human"`` shows the same frames in a pygame window (tested on
SDL's dummy display) and is a ``ConfigError`` where pygame finds no display."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")
pytest.importorskip("pyvips")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from gymnasium.wrappers import AddRenderObservation, RenderCollection  # noqa: E402
from pettingzoo.test import render_test  # noqa: E402

import skullgames.rl  # noqa: E402, F401 (registers the environments)
from skullgames import GAMES, ConfigError, king, queen, svg  # noqa: E402
from skullgames.rl import _render  # noqa: E402
from skullgames.rl._render import Frames  # noqa: E402
from skullgames.rl.gymnasium import SkullGamesEnv, environment_id  # noqa: E402
from skullgames.rl.pettingzoo import env, raw_env  # noqa: E402
from tests.support.rl import GYMNASIUM_CONFIGS  # noqa: E402
from tests.support.rl import PETTINGZOO_CONFIGS as CONFIGS  # noqa: E402


def is_frame(frame: Any, shape: tuple[int, ...]) -> bool:
    return (isinstance(frame, np.ndarray) and frame.dtype == np.uint8
            and frame.shape == shape and frame.flags.writeable)


@pytest.mark.parametrize(("game", "config"), GYMNASIUM_CONFIGS)
def test_gymnasium_frames_are_one_size_over_a_whole_game(game: str, config: Any) -> None:
    learner = gymnasium.make(environment_id(game), config=config, render_mode="rgb_array",
                             opponents="greedy")
    check_env(learner.unwrapped)
    # RenderCollection keeps every frame of the episode, as Gymnasium's video tools do.
    collected = RenderCollection(learner)
    _, info = collected.reset(seed=2)
    rng = random.Random(2)
    terminated = False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, _, info = collected.step(action)
    frames: Any = collected.render()
    assert len(frames) >= 2
    shape = frames[0].shape
    assert shape[2] == 3 and shape[1] == 900
    assert all(is_frame(frame, shape) for frame in frames)
    assert len({frame.tobytes() for frame in frames}) > 1  # the table changes


def test_gymnasiums_add_render_observation_puts_frames_in_the_observations() -> None:
    learner = gymnasium.make(environment_id("queen"), config=queen.Config(players=3, rounds=1),
                             render_mode="rgb_array")
    with_pixels = AddRenderObservation(learner, render_only=False)
    observation, info = with_pixels.reset(seed=1)
    assert observation in with_pixels.observation_space
    pixels = observation["pixels"]
    space: Any = with_pixels.observation_space
    assert is_frame(pixels, space["pixels"].shape)
    action = int(np.flatnonzero(info["action_mask"])[0])
    observation, *_ = with_pixels.step(action)
    assert observation in with_pixels.observation_space


def test_a_frame_is_the_learning_seats_view_and_hides_the_other_hands() -> None:
    """Two deals in which seat 0 holds the same cards and the others different ones:
    seat 0's frames are equal, the full tables' pictures are not (K13: the hands are
    private)."""
    config = king.Config(players=3, rounds=(3,))
    one = king.new_game(config, seed=1)
    assert one.deal is not None
    hands = one.deal.hands
    swapped = (hands[0], hands[2], hands[1])  # the other two seats swap their cards
    other = king.new_game(config, auto_deal=False)
    other = king.apply(other, king.Deal(hands=swapped))
    assert king.observe(one, 0) == king.observe(other, 0)
    frames = Frames(GAMES["king"], config)
    assert frames.frame(king.observe(one, 0)).tobytes() == \
        frames.frame(king.observe(other, 0)).tobytes()
    assert svg.table(one) != svg.table(other)
    # What the environment draws is that seat's view.
    learner = gymnasium.make(environment_id("king"), config=config, seat=1,
                             render_mode="rgb_array")
    learner.reset(seed=4)
    table = learner.unwrapped
    expected = frames.frame(king.observe(table.game_state, 1))
    assert learner.render().tobytes() == expected.tobytes()
    assert frames.frame(king.observe(table.game_state, 0)).tobytes() != expected.tobytes()


@pytest.mark.parametrize(("game", "config"), CONFIGS)
def test_pettingzoo_frames_are_the_agent_to_acts_view(game: str, config: Any) -> None:
    table = raw_env(game, config, render_mode="rgb_array")
    frames = Frames(GAMES[game], config)
    table.reset(seed=5)
    rng = random.Random(5)
    for step, agent in enumerate(table.agent_iter()):
        observation, _, termination, truncation, _ = table.last()
        if step % 7 == 0 or termination:
            frame: Any = table.render()
            assert is_frame(frame, frames.shape)
            seat = table.possible_agents.index(agent)
            view = table.game.observe(table.game_state, seat)
            assert frame.tobytes() == frames.frame(view).tobytes()
        if termination or truncation:
            table.step(None)
            continue
        assert observation is not None
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """pygame on SDL's dummy display, which needs no screen; frames without a wait."""
    pygame = pytest.importorskip("pygame")
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # as tests/rl/conftest.py does
    monkeypatch.setitem(SkullGamesEnv.metadata, "render_fps", 1000)
    monkeypatch.setitem(raw_env.metadata, "render_fps", 1000)
    pygame.display.quit()  # a display started before reads the variable again
    yield pygame
    pygame.display.quit()


def shown(pygame: Any) -> Any:
    """The window's pixels as an RGB frame (``height, width, 3``)."""
    return pygame.surfarray.array3d(pygame.display.get_surface()).transpose(1, 0, 2)


def test_pettingzoos_render_test(screen: Any) -> None:
    """PettingZoo's check of every render mode in the metadata ("ansi", "rgb_array",
    "human")."""
    def make(render_mode: str | None = None) -> Any:
        return env("king", king.Config(players=3, rounds=(1, 2)), render_mode=render_mode)

    assert make().metadata["render_modes"] == ["ansi", "rgb_array", "human"]
    render_test(make)


def test_gymnasium_human_mode_shows_the_learning_seats_frame(screen: Any) -> None:
    config = queen.Config(players=3, rounds=1)
    learner = gymnasium.make(environment_id("queen"), config=config, seat=1,
                             render_mode="human", opponents="greedy")
    table = learner.unwrapped
    frames = Frames(GAMES["queen"], config)
    _, info = learner.reset(seed=4)
    assert screen.display.get_surface().get_size() == (900, frames.shape[0])
    seen = [shown(screen).tobytes()]
    assert seen[0] == frames.frame(queen.observe(table.game_state, 1)).tobytes()
    for _ in range(3):  # each step shows the table as the seat sees it after it
        _, _, _, _, info = learner.step(int(np.flatnonzero(info["action_mask"])[0]))
        seen.append(shown(screen).tobytes())
        assert seen[-1] == frames.frame(queen.observe(table.game_state, 1)).tobytes()
    assert len(set(seen)) > 1
    assert learner.render() is None  # shown, not returned
    learner.close()
    assert not screen.display.get_init()


def test_pettingzoo_human_mode_shows_the_agent_to_acts_frame(screen: Any) -> None:
    config = king.Config(players=3, rounds=(2,))
    table = raw_env("king", config, render_mode="human", illegal_action="terminate")
    frames = Frames(GAMES["king"], config)
    table.reset(seed=6)
    rng = random.Random(6)
    for step in range(8):
        seat = table.possible_agents.index(table.agent_selection)
        assert shown(screen).tobytes() == \
            frames.frame(king.observe(table.game_state, seat)).tobytes(), step
        observation = table.observe(table.agent_selection)
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    illegal = int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"] == 0)[0])
    table.step(illegal)  # the game ends: the window shows the offender's view
    seat = table.possible_agents.index(table.agent_selection)
    assert shown(screen).tobytes() == \
        frames.frame(king.observe(table.game_state, seat)).tobytes()
    copy = pickle.loads(pickle.dumps(table))  # a copy has a window of its own to open
    assert copy.render() is None
    table.close()
    assert not screen.display.get_init()


def test_human_mode_without_a_display_is_a_config_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    pygame = pytest.importorskip("pygame")
    pygame.display.quit()
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    with pytest.raises(ConfigError, match=r"needs a display.*no-such-driver.*rgb_array"):
        raw_env("queen", render_mode="human")
    # No display at all: SDL would draw off screen, where no window shows.
    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(ConfigError, match=r"found none.*'offscreen'"):
        gymnasium.make(environment_id("king"), render_mode="human")
    assert not pygame.display.get_init()


def test_frames_survive_a_copy_and_bad_modes_are_config_errors() -> None:
    table = raw_env("queen", queen.Config(players=2), render_mode="rgb_array")
    table.reset(seed=3)
    copy = pickle.loads(pickle.dumps(table))
    assert copy.render().tobytes() == table.render().tobytes()
    learner = gymnasium.make(environment_id("king"), render_mode="rgb_array")
    assert learner.unwrapped.render() is None  # before reset: nothing to draw
    with pytest.raises(ConfigError, match="'rgb_array'"):
        raw_env("king", render_mode="rgb")
    with pytest.raises(ConfigError, match="'rgb_array', 'human'"):
        SkullGamesEnv("king", render_mode="window")


def views_of_a_game(name: str, config: Any, seed: int) -> list[Any]:
    game = GAMES[name]
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    views = []
    while not game.is_over(state):
        seat = game.current_player(state)
        assert seat is not None  # a game dealt from its seed never waits for a deal
        views.append(game.observe(state, seat))
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return views


@pytest.mark.parametrize(("game", "config"), [("king", king.Config(players=4, rounds=(9,))),
                                              ("queen", queen.Config(players=3, rounds=1))])
def test_a_frame_is_librsvgs_picture_of_the_table_to_a_level(game: str, config: Any) -> None:
    """The labels are drawn apart and laid over the rest: the frame is librsvg's
    rasterization of the whole SVG, up to rounding (one level in a channel), hands of
    overlapping cards included."""
    import pyvips

    frames = Frames(GAMES[game], config)
    views = views_of_a_game(game, config, 3)
    for view in views[:4] + views[4::9]:  # a three-seat Skull Queen's first labels overlap
        whole = pyvips.Image.svgload_buffer(svg.table(view).encode()).extract_band(0, n=3)
        expected = np.frombuffer(whole.write_to_memory(), np.uint8).reshape(frames.shape)
        difference = np.abs(frames.frame(view).astype(int) - expected.astype(int))
        assert difference.max() <= 1


def test_a_frame_does_not_depend_on_the_labels_drawn_before() -> None:
    """The labels drawn are kept between frames; a frame is the same bytes whichever
    labels were kept, or drawn on the same sheet, before it."""
    config = queen.Config(players=3, rounds=1)
    frames = Frames(GAMES["queen"], config)
    views = views_of_a_game("queen", config, 8)
    last = views[-1]
    _render._forget()
    alone = frames.frame(last).tobytes()
    _render._forget()
    for view in views[::5]:
        frames.frame(view)
    assert frames.frame(last).tobytes() == alone
