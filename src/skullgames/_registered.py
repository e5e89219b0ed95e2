"""The registered games: the store that :mod:`skullgames.registry` is the public face of.

The modules below the registry that need a registered game (unpickling an entry or an
action space, a saved game's codec, the pictures states draw of themselves) look it up
here, when they need it. Installed packages' games are loaded by the registry, through
the hook :func:`set_loader`: this module imports no game, no tool and no package.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from skullgames.errors import ConfigError

AnyGame = Any  # a skullgames.Game: the entry is defined above this module

ENTRY_POINT_GROUP = "skullgames.games"
"""The entry-point group through which an installed package adds a game."""

_games: dict[str, AnyGame] = {}
_lock = threading.RLock()
_generation = 0
"""Bumped whenever a game is added or taken out: what is built from every game's parts
(the shared JSON converter) is built again for the games there are now."""


def _load_nothing(name: str | None) -> None:
    """The loader until the registry installs its own: installed packages are not read."""


_loader: Callable[[str | None], None] = _load_nothing


def set_loader(loader: Callable[[str | None], None]) -> None:
    """Install ``loader(name)``: load the installed game called ``name`` (``None``: all).

    The registry installs its loader of the entry-point group when it is imported, so
    that this module, below the registry, loads no package and checks no game itself.
    """
    global _loader
    _loader = loader


def generation() -> int:
    """How many times a game was added or taken out: a key for what the games make."""
    return _generation


def add_game(entry: AnyGame) -> AnyGame:
    """Register ``entry`` (checked already) under its name."""
    global _generation
    with _lock:
        if entry.name in _games:
            raise ConfigError(f"a game called {entry.name!r} is registered already")
        _games[entry.name] = entry
        _generation += 1
        return entry


def remove_game(name: str, entry: AnyGame | None = None) -> AnyGame:
    """Take the game called ``name`` out (only if it is ``entry``, when given); return it."""
    global _generation
    with _lock:
        found = _games.get(name)
        if found is None:
            raise ConfigError(f"no game called {name!r} is registered")
        if entry is None or found is entry:
            del _games[name]
            _generation += 1
        return found


def registered_game(name: str) -> AnyGame | None:
    """The registered game called ``name``, or ``None``.

    A game registered already is found without loading anything; another name first
    loads the installed package's game of that name, if there is one, and nothing else.
    """
    found = _games.get(name)
    if found is None:
        with _lock:
            _loader(name)
            found = _games.get(name)
    return found


def loaded_game(name: str) -> AnyGame | None:
    """The game registered under ``name`` so far, or ``None``, loading nothing."""
    return _games.get(name)


def loaded_games() -> list[AnyGame]:
    """The games registered so far, loading nothing."""
    with _lock:
        return list(_games.values())


def registered_games() -> list[AnyGame]:
    """Every registered game, in the order of registration, the installed packages' too."""
    with _lock:
        _loader(None)
        return list(_games.values())


def game_of_value(value: object) -> AnyGame | None:
    """The first registered game whose ``State`` or ``Observation`` ``value`` is, or ``None``.

    The games registered already are asked first: a built-in game's value loads nothing.
    """
    for games in (loaded_games, registered_games):
        for game in games():
            if isinstance(value, (game.State, game.Observation)):
                return game
    return None


def game_writing(format_name: str) -> AnyGame:
    """The registered game whose saved states have the ``format`` ``format_name``.

    A saved game's codec asks this when it saves or loads, for the verbs it replays the
    moves with (``new_game``, ``apply``, ``is_over``) and the class of the deals it
    leaves out: the entry is the one place that names them. A renamed copy of a game
    shares its format and verbs, so the first game registered with the format answers.
    """
    for games in (loaded_games, registered_games):  # the games registered already first
        for game in games():
            if game.format_name == format_name:
                return game
    raise ConfigError(f"no registered game saves states of the format {format_name!r}")
