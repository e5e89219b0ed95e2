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


@attrs.frozen
class _Option:
    """One option of a game's ``Config`` that is an OpenSpiel parameter (its ``Dealing``'s)."""

    name: str
    default: object
    unset: int | None  # the number that stands for None, for an int | None option

    def scalar(self, value: object) -> bool | int | float | str:
        if value is None:
            if self.unset is None:
                raise ConfigError(f"{self.name}: None has no OpenSpiel form (the game's "
                                  "OpenSpiel part names no number for it, Dealing.unset)")
            return self.unset
        if self.unset is not None and value == self.unset and not isinstance(value, bool):
            raise ConfigError(f"{self.name}: {value!r} is the OpenSpiel form of None, not a "
                              "value of the option")
        return _scalar(value)


def _options(game: Game[Any, Any, Any, Any]) -> tuple[_Option, ...]:
    """The options the game's OpenSpiel part names, with their defaults.

    An option's default is the standard config's (``Config()``); that of an ``int |
    None`` option (one with a number for ``None``) is ``None``.
    """
    dealing = game.part("openspiel")
    standard = game.Config()
    options = []
    for name in dealing.parameters:
        unset = dealing.unset.get(name)
        if unset is None and not hasattr(standard, name):
            raise ConfigError(f"{game.title}'s OpenSpiel parameter {name!r} is no option of "
                              "its Config")
        default = None if unset is not None else getattr(standard, name)
        options.append(_Option(name, default, unset))
    return tuple(options)


def _scalar(value: object) -> bool | int | float | str:
    if isinstance(value, enum.Enum):
        return _scalar(value.value)
    if isinstance(value, tuple):
        return "[" + " ".join(str(v) for v in value) + "]"
    if isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"no OpenSpiel parameter for {value!r}")


def specification(game: Game[Any, Any, Any, Any]) -> dict[str, bool | int | float | str]:
    """The parameters of ``game`` with their defaults, one per option its part names.

    >>> from skullgames import GAMES
    >>> spec = specification(GAMES["queen"])
    >>> spec["players"], spec["rounds"], spec["plank_values"]
    (4, 0, '[1 2 3 5 8]')
    """
    return {option.name: option.scalar(option.default) for option in _options(game)}


def config_from(game: Game[Any, Any, Any, Any], params: Mapping[str, object]) -> Any:
    """The ``Config`` that OpenSpiel parameters describe (missing ones take defaults).

    An unknown parameter or a value the options refuse raises
    :class:`~skullgames.ConfigError`.

    >>> from skullgames import GAMES
    >>> config_from(GAMES["king"], {"players": 3, "rounds": "1 2"}).hand_sizes
    (1, 2)
    """
    fields = {option.name: option for option in _options(game)}
    unknown = sorted(set(params) - set(fields))
    if unknown:
        raise ConfigError(f"unknown parameter(s) {', '.join(unknown)} for {game.title} "
                          f"(the parameters are {', '.join(fields)})")
    options: dict[str, object] = {}
    for name, value in params.items():
        option = fields[name]
        default = option.default
        if option.unset is not None and value == option.unset:
            options[name] = None
        elif isinstance(default, enum.Enum):
            try:
                options[name] = type(default)(value)
            except ValueError:
                choices = ", ".join(repr(member.value) for member in type(default))
                raise ConfigError(f"{name}: one of {choices}, not {value!r}") from None
        elif default is None:
            options[name] = value
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
    for option in _options(game):
        value = getattr(config, option.name)
        if value != getattr(defaults, option.name):
            found[option.name] = option.scalar(value)
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
    return {option.name: option.scalar(getattr(config, option.name))
            for option in _options(game)}
