"""The games by name: :data:`skullgames.GAMES`, or a stand-in until the registry lands.

The stand-in has the registry's attribute names plus ``action_space`` and
``score_bounds``; once ``skullgames.GAMES`` carries them this module goes.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Mapping
from typing import Any

import skullgames

__all__ = ["Game", "game_named", "games"]

Game = Any


def games() -> Mapping[str, Any]:
    """``"king"`` and ``"queen"`` to their game objects."""
    registry: Mapping[str, Any] | None = getattr(skullgames, "GAMES", None)
    return registry if registry is not None else _stand_in()


def game_named(name: str) -> Any:
    """The game called ``name``."""
    return games()[name]


@functools.cache
def _stand_in() -> Mapping[str, Any]:
    from skullgames import king, queen

    found: dict[str, Any] = {}
    for name, title, module in (("king", "Skull King", king), ("queen", "Skull Queen", queen)):
        found[name] = types.SimpleNamespace(
            name=name, title=title, module=module, Config=module.Config, State=module.State,
            Observation=module.Observation, Move=module.Move, new_game=module.new_game,
            legal_moves=module.legal_moves, apply=module.apply,
            current_player=module.current_player, is_over=module.is_over,
            scores=module.scores, winners=module.winners, observe=module.observe,
            parse_move=module.parse_move,
            action_space=getattr(module, "action_space", None),
            score_bounds=getattr(module, "score_bounds", None))
    return types.MappingProxyType(found)
