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
from collections.abc import Iterator, Mapping
from typing import Any

from skullgames import _entry, _installed, _registered
from skullgames._entry import Game
from skullgames.errors import ConfigError
from skullgames.king import entry as king_entry
from skullgames.plugins.check import check_game
from skullgames.queen import entry as queen_entry

__all__ = ["DEFAULT_GAME", "ENTRY_POINT_GROUP", "GAMES", "KING", "PARTS", "QUEEN",
           "REQUIRED_PARTS", "Game",
           "game_named", "game_names", "register_game", "registered", "unregister_game"]

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

ENTRY_POINT_GROUP = _registered.ENTRY_POINT_GROUP
"""The entry-point group through which an installed package adds a game: each entry
point names a :class:`Game` (``jack = "skullgames_jack.entry:ENTRY"`` in the
package's ``[project.entry-points."skullgames.games"]``). They are loaded when a game
whose name is looked up is not registered yet (that entry point alone), or when
:data:`GAMES` is listed (all of them), never by ``import skullgames`` nor by a look-up of
a built-in game; one that cannot be loaded is reported once per process tree, as a
:class:`~skullgames.errors.GameLoadWarning` naming its distribution, and left out."""

DEFAULT_GAME = KING.name
"""The game a tool plays when it is given none: Skull King (``"king"``)."""


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
    with _registered._lock:
        _installed.load(entry.name)  # an installed game of the name comes first
        added: AnyGame = _registered.add_game(entry)
        return added


def unregister_game(name: str) -> AnyGame:
    """Take the game called ``name`` out of :data:`GAMES`; return its entry. For tests.

    A tool that has already made something of the game (a Gymnasium id, a pyspiel game
    type) keeps it. Prefer :func:`registered`, which undoes itself.
    """
    removed: AnyGame = _registered.remove_game(name)
    return removed


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
        with contextlib.suppress(ConfigError):
            _registered.remove_game(entry.name, entry)


class _Registry(Mapping[str, AnyGame]):
    """The read-only view of the registered games that :data:`GAMES` is.

    Looking up a game that is registered already loads nothing; looking up another loads
    the installed package's game of that name, if there is one; listing the games loads
    every installed package's game (each once).
    """

    def __getitem__(self, name: str) -> AnyGame:
        found: AnyGame | None = (_registered.registered_game(name) if isinstance(name, str)
                                 else None)
        if found is None:
            raise KeyError(name)
        return found

    def __iter__(self) -> Iterator[str]:
        return iter([game.name for game in _registered.registered_games()])

    def __len__(self) -> int:
        return len(_registered.registered_games())

    def __repr__(self) -> str:
        return f"GAMES({', '.join(self)})"


for _built_in in (KING, QUEEN):
    _built_in.check()
    _registered.add_game(_built_in)
_registered.set_loader(_installed.load)

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
        raise ConfigError(f"unknown game {name!r} (one of {', '.join(game_names())})"
                          ) from None


def game_names() -> list[str]:
    """The name of every game, importing no installed package's game.

    The registered games' names, then those of the installed packages' games not loaded
    yet, as their entry points name them (metadata): a name may turn out to be a game
    that cannot be loaded. For help texts and error messages.

    >>> from skullgames.registry import game_names
    >>> game_names()[:2]
    ['king', 'queen']
    """
    known = [game.name for game in _registered.loaded_games()]
    return known + [name for name in _installed.names() if name not in known]
