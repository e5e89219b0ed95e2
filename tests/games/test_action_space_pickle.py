"""An action space unpickles in the game that plays its config, whatever the game is called.

``ActionSpace.game`` is the name of the entry the game is registered under: the registry
names the game, never the game itself (issue 49), so Skull Jack registered as
``jack_two`` has spaces of ``"jack_two"``, and a renamed copy of Skull King registered
beside the original shares the original's spaces (``"king"``). A space is pickled as that
name and its config, so it must not unpickle in another game that holds the name (the
renamed King registered as ``jack`` by tests/games/test_adding_a_game.py), nor fail when
its game is registered under another name (issue 36).
"""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
from skull_jack import Config
from skull_jack.entry import ENTRY

from skullgames import GAMES, ConfigError, king
from skullgames.actions import ActionSpace
from skullgames.registry import registered

CONFIG = Config(players=3, suits=2, hand_size=3, rounds=1)


def test_a_space_unpickles_in_its_game_registered_under_another_name() -> None:
    with registered(attrs.evolve(ENTRY, name="jack_two")) as jack:
        space: ActionSpace[Any] = jack.action_space(CONFIG)
        assert space.game == "jack_two"  # the registry's name for it, not the package's
        copied = pickle.loads(pickle.dumps(space))
        assert copied is space


def test_a_renamed_copy_unpickles_as_itself() -> None:
    """The entry and its spaces: the copy, not the original nor another game."""
    with registered(attrs.evolve(ENTRY, name="jack_two")) as jack:
        assert pickle.loads(pickle.dumps(jack)) is jack
        space: ActionSpace[Any] = jack.action_space(CONFIG)
        assert pickle.loads(pickle.dumps(space)) is space
        assert repr(space).startswith("<ActionSpace 'jack_two' size=")


def test_a_space_does_not_unpickle_in_another_game_holding_its_name() -> None:
    renamed_king = attrs.evolve(GAMES["king"], name="jack", title="Renamed King")
    with registered(renamed_king), registered(attrs.evolve(ENTRY, name="jack_two")) as jack:
        space: ActionSpace[Any] = jack.action_space(CONFIG)
        copied = pickle.loads(pickle.dumps(space))
        assert copied.moves == space.moves and copied.config == CONFIG
        kings: ActionSpace[Any] = renamed_king.action_space(king.Config(players=3))
        assert pickle.loads(pickle.dumps(kings)) == kings  # the original's space


def test_a_space_of_a_game_no_longer_registered_is_refused_naming_its_config() -> None:
    with registered(attrs.evolve(ENTRY, name="jack_two")) as jack:
        data = pickle.dumps(jack.action_space(CONFIG))
    with pytest.raises(ConfigError, match=r"no registered game plays the config Config\("):
        pickle.loads(data)
