"""The games by name, for the SVG pictures and the server, until ``skullgames.GAMES`` lands.

``games()`` returns :data:`skullgames.GAMES` when the package has it, and otherwise a
stand-in with the same attribute names (``name``, ``title``, ``State``,
``Observation``, ``Move``, the verbs, ``parse_move``, ``bots``). Once the registry is
on main this module goes, and its callers read ``skullgames.GAMES``.
"""

from __future__ import annotations

import functools
import random
import types
from collections.abc import Callable, Mapping
from typing import Any

import skullgames

__all__ = ["game_of", "games"]


def games() -> Mapping[str, Any]:
    """``"king"`` and ``"queen"`` to their game objects."""
    registry: Mapping[str, Any] | None = getattr(skullgames, "GAMES", None)
    return registry if registry is not None else _stand_in()


def game_of(value: object) -> Any:
    """The game whose ``State`` or ``Observation`` ``value`` is; ``TypeError`` otherwise."""
    for game in games().values():
        if isinstance(value, (game.State, game.Observation)):
            return game
    raise TypeError(f"expected a game's State or Observation, not {type(value).__name__}")


@functools.cache
def _stand_in() -> Mapping[str, Any]:
    from skullgames import king, queen
    from skullgames.bots import BOT_NAMES, make_bot

    def bots(name: str) -> dict[str, Callable[[random.Random], Any]]:
        return {bot: functools.partial(make_bot, name, bot) for bot in BOT_NAMES}

    found: dict[str, Any] = {}
    for name, title, module in (("king", "Skull King", king), ("queen", "Skull Queen", queen)):
        found[name] = types.SimpleNamespace(
            name=name, title=title, module=module, Config=module.Config, State=module.State,
            Observation=module.Observation, Move=module.Move, new_game=module.new_game,
            legal_moves=module.legal_moves, apply=module.apply,
            current_player=module.current_player, is_over=module.is_over,
            scores=module.scores, winners=module.winners, observe=module.observe,
            parse_move=module.parse_move, format_name=f"skullgames.{name}/state",
            bots=bots(name))
    return types.MappingProxyType(found)
