"""The game registry: every game the library knows, by name.

Each game declares its own :class:`Game` entry (``skullgames.king.entry``,
``skullgames.queen.entry``); this module only collects them. Tools that work for any
game (the command line, the bots' factory, serialization, the pictures, the
reinforcement-learning adapters) find a game here and ask its entry for what they need,
so a new game is one package with its entry, registered with :func:`register_game` or,
from a separately installed package, through the entry-point group ``skullgames.games``.

>>> from skullgames import GAMES
>>> sorted(GAMES)
['king', 'queen']
>>> game = GAMES["queen"]
>>> game.title
'Skull Queen'
>>> state = game.new_game(game.Config(players=3), seed=1)
>>> game.current_player(state), len(game.legal_moves(state))
(1, 1250)
"""

from __future__ import annotations

import contextlib
import sys
import threading
import warnings
from collections.abc import Iterator, Mapping
from importlib import metadata
from typing import Any

from skullgames import _entry
from skullgames._entry import Game
from skullgames.actions import set_space_lookup
from skullgames.errors import ConfigError, GameLoadWarning
from skullgames.king import entry as king_entry
from skullgames.plugins import check_game
from skullgames.queen import entry as queen_entry

__all__ = ["DEFAULT_GAME", "ENTRY_POINT_GROUP", "GAMES", "KING", "PARTS", "QUEEN",
           "REQUIRED_PARTS", "Game",
           "game_named", "register_game", "registered", "unregister_game"]

AnyGame = Game[Any, Any, Any, Any]

PARTS = _entry.PARTS
"""The tool parts an entry names, each with what it is: ``codecs``, ``configure_json``,
``bots``, ``sample_world``, ``cli``, ``svg``, ``rl_encoder``, ``rl_steps`` and
``openspiel`` (the architecture page lists them with the module of each built-in one)."""

REQUIRED_PARTS = _entry.REQUIRED_PARTS
"""The parts every game has (``codecs``, ``configure_json``, ``bots``); the others are
optional, and a tool that needs one a game lacks refuses the game in one line."""

KING = king_entry.ENTRY
"""Skull King's entry in :data:`GAMES`, typed with its own classes (declared in
``skullgames.king.entry``)."""

QUEEN = queen_entry.ENTRY
"""Skull Queen's entry in :data:`GAMES`, typed with its own classes (declared in
``skullgames.queen.entry``)."""

ENTRY_POINT_GROUP = "skullgames.games"
"""The entry-point group through which an installed package adds a game: each entry
point names a :class:`Game` (``jack = "skullgames_jack.entry:ENTRY"`` in the
package's ``[project.entry-points."skullgames.games"]``). They are loaded when a game
that is not registered yet is first looked up, or when :data:`GAMES` is listed, never by
``import skullgames``; one that cannot be loaded is reported once, as a
:class:`~skullgames.errors.GameLoadWarning`, and left out."""

DEFAULT_GAME = KING.name
"""The game a tool plays when it is given none: Skull King (``"king"``)."""

_games: dict[str, AnyGame] = {}
_lock = threading.RLock()
_pending: list[metadata.EntryPoint] | None = None  # None: the group is not read yet
_loading = False
_generation = 0
"""Bumped whenever a game is added or taken out: what is built from every game's parts
(the shared JSON converter) is built again for the games there are now."""


def register_game(entry: AnyGame) -> AnyGame:
    """Add a game to :data:`GAMES`; return the entry.

    The entry is checked first: its form (:meth:`Game.check`), then its values against the
    contract of :mod:`skullgames.plugins` on a sample game
    (:func:`~skullgames.plugins.check_game`). A missing or wrong part, a value lacking
    what the tools read, or a name already taken, is refused with a
    :class:`~skullgames.ConfigError` naming it.

    >>> import attrs
    >>> from skullgames import GAMES
    >>> from skullgames.registry import register_game
    >>> register_game(GAMES["king"])
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: a game called 'king' is registered already
    """
    if not isinstance(entry, Game):
        raise ConfigError(f"register_game takes a skullgames.Game, not {type(entry).__name__}")
    entry.check()
    check_game(entry)
    with _lock:
        _load_plugins()
        return _add(entry)


def _add(entry: AnyGame) -> AnyGame:
    if entry.name in _games:
        raise ConfigError(f"a game called {entry.name!r} is registered already")
    global _generation
    _games[entry.name] = entry
    _generation += 1
    return entry


def _remove(name: str) -> AnyGame:
    global _generation
    _generation += 1
    return _games.pop(name)


def unregister_game(name: str) -> AnyGame:
    """Take the game called ``name`` out of :data:`GAMES`; return its entry. For tests.

    A tool that has already made something of the game (a Gymnasium id, a pyspiel game
    type) keeps it. Prefer :func:`registered`, which undoes itself.
    """
    with _lock:
        _load_plugins()
        if name not in _games:
            raise ConfigError(f"no game called {name!r} is registered")
        return _remove(name)


@contextlib.contextmanager
def registered(entry: AnyGame) -> Iterator[AnyGame]:
    """Register ``entry`` for the length of a ``with`` block. For tests.

    >>> import attrs
    >>> from skullgames import GAMES
    >>> from skullgames.registry import registered
    >>> with registered(attrs.evolve(GAMES["king"], name="jack", title="Skull Jack")):
    ...     sorted(GAMES)
    ['jack', 'king', 'queen']
    >>> sorted(GAMES)
    ['king', 'queen']
    """
    register_game(entry)
    try:
        yield entry
    finally:
        with _lock:
            if _games.get(entry.name) is entry:
                _remove(entry.name)


def _load_plugins() -> None:
    """Register the games of the entry-point group not yet loaded (under ``_lock``).

    Each entry point is loaded once. One that fails is reported once, as a
    :class:`~skullgames.errors.GameLoadWarning` naming it and its error, and leaves the
    other games working. One whose module is being imported right now (a plug-in that
    looks a game up while its own module runs) waits for the next look-up, so that the
    order in which a plug-in and ``skullgames`` are imported does not matter.
    """
    global _pending, _loading
    if _loading:  # a plug-in's import looks a game up: it sees the games loaded so far
        return
    if _pending is None:
        _pending = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
    if not _pending:
        return
    _loading = True
    try:
        waiting = []
        for point in _pending:
            if _being_imported(point.module):
                waiting.append(point)
                continue
            _pending = [p for p in _pending if p is not point]
            problem = _load(point)
            if problem is not None:
                warnings.warn(f"skullgames: the game {point.name!r} (entry point "
                              f"{point.value!r}) is left out: {problem}",
                              GameLoadWarning, stacklevel=3)
        _pending = waiting
    finally:
        _loading = False


def _load(point: metadata.EntryPoint) -> str | None:
    """Register the game of one entry point; what went wrong, or ``None``."""
    try:
        entry = point.load()
    except Exception as error:
        return f"it cannot be loaded ({type(error).__name__}: {error})"
    if not isinstance(entry, Game):
        return f"it is not a skullgames.Game but {type(entry).__name__}"
    try:
        entry.check()
        check_game(entry)
        _add(entry)
    except ConfigError as error:
        return str(error)
    return None


def _being_imported(module: str) -> bool:
    """Whether ``module``, or a package holding it, is being imported at this moment."""
    parts = module.split(".")
    for end in range(1, len(parts) + 1):
        found = sys.modules.get(".".join(parts[:end]))
        if getattr(getattr(found, "__spec__", None), "_initializing", False):
            return True
    return False


def _writing(format_name: str) -> AnyGame | None:
    """The first registered game whose saved states have the format ``format_name``."""
    for game in list(_games.values()):
        if game.format_name == format_name:
            return game
    with _lock:
        _load_plugins()
    for game in list(_games.values()):
        if game.format_name == format_name:
            return game
    return None


class _Registry(Mapping[str, AnyGame]):
    """The read-only view of the registered games that :data:`GAMES` is.

    Looking up a game that is registered already loads nothing; looking up another, or
    listing the games, first loads the installed packages' games (once).
    """

    def __getitem__(self, name: str) -> AnyGame:
        try:
            return _games[name]
        except (KeyError, TypeError):
            pass
        with _lock:
            _load_plugins()
        return _games[name]

    def __iter__(self) -> Iterator[str]:
        with _lock:
            _load_plugins()
        return iter(list(_games))

    def __len__(self) -> int:
        with _lock:
            _load_plugins()
        return len(_games)

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


_entry.set_lookup(lambda name: GAMES.get(name))  # unpickling an entry gives the registered one
_entry.set_format_lookup(_writing)  # a saved game's codec replays with its entry's verbs
set_space_lookup(lambda name, config: game_named(name).action_space(config))

for _built_in in (KING, QUEEN):
    _built_in.check()
    _games[_built_in.name] = _built_in

GAMES: Mapping[str, AnyGame] = _Registry()
"""Every game by name: ``"king"`` and ``"queen"``, then the games registered by
:func:`register_game` and through the entry-point group ``skullgames.games``. Read-only."""


def game_named(name: str) -> AnyGame:
    """The game called ``name``; :class:`~skullgames.ConfigError` naming them otherwise.

    >>> from skullgames.registry import game_named
    >>> game_named("king").title
    'Skull King'
    >>> game_named("chess")
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: unknown game 'chess' (one of king, queen)
    """
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ConfigError(f"unknown game {name!r} (one of {', '.join(GAMES)})") from None
