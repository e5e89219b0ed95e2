"""The action spaces of every game in ``skullgames.GAMES``, through the registry: bad
indexes raise ``IllegalMoveError`` (issue 13), and the space is the same for equal
configs."""

from __future__ import annotations

import copy
import importlib
import pickle
from typing import Any

import pytest

from skullgames import GAMES, IllegalMoveError
from skullgames.actions import ActionSpace


class Index:
    """An integer type that is not ``int``, as numpy's are."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize("name", sorted(GAMES))
def test_indexes_that_are_no_action_raise_illegal_move_error(name: str) -> None:
    space: ActionSpace[Any] = GAMES[name].action_space(GAMES[name].Config())
    for bad in [-1, space.size, 10**20, 1.0, "3", None, True, False]:
        with pytest.raises(IllegalMoveError, match="action"):
            space.move(bad)  # type: ignore[arg-type]
    assert space.move(Index(3)) == space.move(3)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError):
        space.move(Index(space.size))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_space_knows_its_game_and_config(name: str) -> None:
    game = GAMES[name]
    config = game.Config(players=3)
    space: ActionSpace[Any] = game.action_space(config)
    assert space.game == name
    assert space.config == config
    assert game.action_space(game.Config(players=3)) is space
    assert repr(space).startswith(f"<ActionSpace {name!r} size={space.size}")
    state = game.new_game(config, seed=5)
    seat = game.current_player(state)
    assert seat is not None
    assert space.mask(state) == space.mask(game.observe(state, seat))
    lowest, highest = game.score_bounds(config)
    assert lowest <= 0 < highest


@pytest.mark.parametrize("name", sorted(GAMES))
def test_spaces_have_value_equality_and_pickle_at_every_protocol(name: str) -> None:
    """Issue 22 item 5: a copy of a space equals it; protocols 0 and 1 pickled nothing."""
    game = GAMES[name]
    config = game.Config(players=3)
    space: ActionSpace[Any] = game.action_space(config)
    # The game's cache of spaces emptied: a second, distinct space.
    importlib.import_module(f"skullgames.{name}.actions")._action_space.cache_clear()
    again: ActionSpace[Any] = game.action_space(game.Config(players=3))
    assert again is not space
    assert again == space and hash(again) == hash(space)
    assert len({space, again}) == 1
    other: ActionSpace[Any] = game.action_space(game.Config(players=4))
    assert other != space and space != (name, config)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        copied = pickle.loads(pickle.dumps(space, protocol=protocol))
        assert copied == space, protocol
        assert copied.moves == space.moves and copied.config == config
    for copied in (copy.copy(space), copy.deepcopy(space)):
        assert copied == space
        state = game.new_game(config, seed=2)
        assert copied.mask(state) == space.mask(state)
