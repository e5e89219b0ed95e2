"""A game's ``Config`` as OpenSpiel game parameters, and back (see ``parameters``)."""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from typing import Any

import attrs

from skullgames.errors import ConfigError
from skullgames.registry import Game

__all__ = ["canonical", "config_from", "parameters", "specification"]

_NUMBERS = re.compile(r"\s*\[?\s*(\d+(\s+\d+)*)\s*\]?\s*")
_UNSET = 0


def _fields(game: Game[Any, Any, Any, Any]) -> tuple[attrs.Attribute[Any], ...]:
    return tuple(f for f in attrs.fields(game.Config) if f.init and not f.name.startswith("_"))


def _default(field: attrs.Attribute[Any]) -> object:
    return field.default


def _scalar(value: object) -> bool | int | float | str:
    if value is None:
        return _UNSET
    if isinstance(value, enum.Enum):
        return _scalar(value.value)
    if isinstance(value, tuple):
        return "[" + " ".join(str(v) for v in value) + "]"
    if isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"no OpenSpiel parameter for {value!r}")


def specification(game: Game[Any, Any, Any, Any]) -> dict[str, bool | int | float | str]:
    """The parameters of ``game`` with their defaults, one per ``Config`` field.

    >>> from skullgames import GAMES
    >>> spec = specification(GAMES["queen"])
    >>> spec["players"], spec["rounds"], spec["plank_values"]
    (4, 0, '[1 2 3 5 8]')
    """
    return {f.name: _scalar(_default(f)) for f in _fields(game)}


def config_from(game: Game[Any, Any, Any, Any], params: Mapping[str, object]) -> Any:
    """The ``Config`` that OpenSpiel parameters describe (missing ones take defaults).

    An unknown parameter or a value the options refuse raises
    :class:`~skullgames.ConfigError`.

    >>> from skullgames import GAMES
    >>> config_from(GAMES["king"], {"players": 3, "rounds": "1 2"}).hand_sizes
    (1, 2)
    """
    fields = {f.name: f for f in _fields(game)}
    unknown = sorted(set(params) - set(fields))
    if unknown:
        raise ConfigError(f"unknown parameter(s) {', '.join(unknown)} for {game.title} "
                          f"(the parameters are {', '.join(fields)})")
    options: dict[str, object] = {}
    for name, value in params.items():
        default = _default(fields[name])
        if isinstance(default, enum.Enum):
            try:
                options[name] = type(default)(value)
            except ValueError:
                choices = ", ".join(repr(member.value) for member in type(default))
                raise ConfigError(f"{name}: one of {choices}, not {value!r}") from None
        elif default is None:
            options[name] = None if value == _UNSET else value
        elif isinstance(value, str) and isinstance(default, (str, tuple)):
            if "," in value:  # it would break the game's string, which splits on commas
                raise ConfigError(f"{name}: separate numbers by spaces, not commas "
                                  f"({value.replace(',', ' ')!r}, not {value!r})")
            numbers = _NUMBERS.fullmatch(value)
            options[name] = tuple(map(int, numbers[1].split())) if numbers else value
        else:
            options[name] = value
    try:
        return game.Config(**options)
    except TypeError as error:  # a value of the wrong type for attrs itself
        raise ConfigError(str(error)) from None


def parameters(config: object, game: Game[Any, Any, Any, Any]) -> dict[str, Any]:
    """The OpenSpiel parameters of ``config``: only those that differ from the defaults.

    >>> from skullgames import GAMES, king
    >>> parameters(king.Config(players=2, rounds=(1, 2), kraken=True), GAMES["king"])
    {'players': 2, 'kraken': True, 'rounds': '[1 2]'}
    """
    if not isinstance(config, game.Config):
        raise TypeError(f"expected a {game.title} Config, not {type(config).__name__}")
    defaults = game.Config()
    found: dict[str, Any] = {}
    for field in _fields(game):
        value = getattr(config, field.name)
        if value != getattr(defaults, field.name):
            found[field.name] = _scalar(value)
    return found


def canonical(config: object, game: Game[Any, Any, Any, Any]) -> dict[str, Any]:
    """Every parameter of ``config`` as it is in force: what the game's string shows.

    A default that depends on other options shows its value, not the unset ``0``:
    Skull Queen's ``rounds`` are as many as players.

    >>> from skullgames import GAMES, queen
    >>> canonical(queen.Config(players=3), GAMES["queen"])["rounds"]
    3
    """
    if not isinstance(config, game.Config):
        raise TypeError(f"expected a {game.title} Config, not {type(config).__name__}")
    return {field.name: _scalar(getattr(config, field.name)) for field in _fields(game)}
