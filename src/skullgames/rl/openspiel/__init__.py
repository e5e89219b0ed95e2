"""Skull King and Skull Queen for OpenSpiel: importing this registers both games.

``python_skull_king`` and ``python_skull_queen`` are then known to ``pyspiel.load_game``.
"""

from __future__ import annotations

import pyspiel

from skullgames import GAMES
from skullgames.rl.openspiel._bot import PolicyBot
from skullgames.rl.openspiel._game import (
    GAME_CLASSES,
    SHORT_NAMES,
    SkullGame,
    SkullState,
    game_type,
)
from skullgames.rl.openspiel._params import config_from, parameters

__all__ = ["SHORT_NAMES", "PolicyBot", "SkullGame", "SkullState", "config_from", "parameters"]

for _game in GAMES.values():
    if SHORT_NAMES[_game.name] not in pyspiel.registered_names():
        pyspiel.register_game(game_type(_game), GAME_CLASSES[_game.name])
