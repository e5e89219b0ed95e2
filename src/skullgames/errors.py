"""The exceptions of skullgames.

Every error the library raises on bad input is a :class:`SkullgamesError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do not care
which kind of wrong it was.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "GameLoadWarning",
    "IllegalMoveError",
    "InvalidNotationError",
    "SerializationError",
    "SkullgamesError",
]


class SkullgamesError(ValueError):
    """Base class of every error that skullgames raises on bad input.

    >>> from skullgames import SkullgamesError, king
    >>> try:
    ...     king.card("Z9")
    ... except SkullgamesError as error:
    ...     print(type(error).__name__, isinstance(error, ValueError))
    InvalidNotationError True
    """


class IllegalMoveError(SkullgamesError):
    """A move that the rules do not allow in this state.

    The message says why, in the words of the rules, for example
    ``"must follow yellow: you hold Y3, Y9"``.

    >>> from skullgames import king
    >>> king.apply(king.new_game(seed=7), king.Bid(5))
    Traceback (most recent call last):
    ...
    skullgames.errors.IllegalMoveError: a bid is 0 to 1 this round, not 5
    """


class InvalidNotationError(SkullgamesError):
    """Text that is not a card or a move in the library's notation.

    >>> from skullgames import king
    >>> king.parse_move("bid two")
    Traceback (most recent call last):
    ...
    skullgames.errors.InvalidNotationError: 'bid two': a bid is a whole number, as in 'bid 2'
    """


class SerializationError(SkullgamesError):
    """A JSON document that does not describe a valid value of the requested type.

    :attr:`path` locates the offending part of the document, in the form ``$.hands[2][0]``.

    >>> from skullgames import SerializationError, from_json, king
    >>> try:
    ...     from_json('{"format": "skullgames.king/state", "version": 9}', king.State)
    ... except SerializationError as error:
    ...     print(error.path, "|", error.reason)
    $.version | unsupported version 9 (this library reads 1)
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.reason = message


class ConfigError(SkullgamesError):
    """Rule options that do not make a playable game.

    >>> from skullgames import king
    >>> king.Config(players=1)
    Traceback (most recent call last):
    ...
    skullgames.errors.ConfigError: players: the modern edition is for 2 to 8 players, not 1
    """


class GameLoadWarning(UserWarning):
    """An installed package's game (entry-point group ``skullgames.games``) left out.

    The message names the entry point and what went wrong with it (its module's error,
    or what :meth:`skullgames.Game.check` refused). It is given once, when the games of
    installed packages are first loaded; every other game keeps working.
    """
