"""What every reinforcement-learning test shares: SDL's dummy display.

``render_mode="human"`` opens a pygame window, and Gymnasium's ``check_env`` makes the
environment in every declared render mode, so on a machine without a screen it would
be a ``ConfigError`` (as it should: no one would see the window). The tests draw on
SDL's dummy display instead, at once rather than at the metadata's 4 frames a second.
"""

from __future__ import annotations

import importlib.util

import pytest


@pytest.fixture(autouse=True)
def dummy_display(monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL_VIDEODRIVER=dummy and no wait between frames, for each test of tests/rl."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    if importlib.util.find_spec("pettingzoo") is not None:  # the rl extra
        from skullgames.rl.gymnasium import SkullGamesEnv
        from skullgames.rl.pettingzoo import raw_env

        monkeypatch.setitem(SkullGamesEnv.metadata, "render_fps", 1000)
        monkeypatch.setitem(raw_env.metadata, "render_fps", 1000)
