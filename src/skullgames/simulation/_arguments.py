"""The checks that ``simulate`` and ``match`` make of the arguments they share."""

from __future__ import annotations

from typing import Any

from skullgames.errors import ConfigError
from skullgames.registry import GAMES, Game

BACKENDS: tuple[str, ...] = ("local", "ray")


def game_entry(game: object) -> Game[Any, Any, Any, Any]:
    """The registered game that ``game`` (a name or an entry) is."""
    if isinstance(game, str):
        if game not in GAMES:
            raise ConfigError(f"unknown game {game!r} (one of {', '.join(GAMES)})")
        return GAMES[game]
    if isinstance(game, Game):
        if GAMES.get(game.name) is not game:
            raise ConfigError(f"game {game.name!r} is not in skullgames.GAMES: workers find "
                              "a game by its name there")
        return game
    raise TypeError(f"game must be a name or a skullgames.Game, not {type(game).__name__}")


def game_config(entry: Game[Any, Any, Any, Any], config: object) -> Any:
    """``config``, or the game's standard rules for ``None``; ``TypeError`` for another type."""
    if config is None:
        return entry.Config()
    if not isinstance(config, entry.Config):
        raise TypeError(f"config must be a {entry.title} Config, not {type(config).__name__}")
    return config


def whole(name: str, value: object, minimum: int | None) -> int:
    """``value``, a whole number of at least ``minimum``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be a whole number, not {type(value).__name__}")
    if minimum is not None and value < minimum:
        raise ConfigError(f"{name} must be at least {minimum}, not {value}")
    return value


def check_backend(backend: object, address: object) -> None:
    """Refuse a backend that is not one of :data:`BACKENDS`, or an address without Ray."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r} (one of {', '.join(BACKENDS)})")
    if address is not None and backend != "ray":
        raise ConfigError("address is the address of a Ray cluster: use it with backend='ray'")
