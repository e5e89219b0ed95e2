"""What the tensors and both environments share: finding the game, a move's reward."""

from __future__ import annotations

from typing import Any

from skullgames.errors import ConfigError
from skullgames.registry import Game, game_named

AnyGame = Game[Any, Any, Any, Any]


def game_and_config(game: str | AnyGame, config: Any) -> tuple[AnyGame, Any]:
    """The registry entry of ``game`` (a name or an entry) and ``config`` or its default."""
    if isinstance(game, Game):
        entry = game
    elif isinstance(game, str):
        try:
            entry = game_named(game)
        except ValueError as error:
            raise ConfigError(str(error)) from None
    else:
        raise TypeError(f"game is a name in skullgames.GAMES or an entry, not {game!r}")
    config = entry.Config() if config is None else config
    if not isinstance(config, entry.Config):
        raise TypeError(f"config must be a {entry.Config.__module__}.Config, "
                        f"not {type(config).__name__}")
    return entry, config


def round_points(before: Any, after: Any) -> tuple[int, ...] | None:
    """The points of the rounds scored between two states of a game, per seat."""
    scored = after.rounds[len(before.rounds):]
    if not scored:
        return None
    return tuple(sum(points) for points in zip(*(r.points for r in scored), strict=True))
