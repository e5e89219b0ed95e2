"""The exceptions of skullgames.

Every error the library raises on bad input is a :class:`SkullgamesError`, which is a
:class:`ValueError`, so ``except ValueError`` keeps working for callers that do not care
which kind of wrong it was.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "IllegalMoveError",
    "InvalidNotationError",
    "SerializationError",
    "SkullgamesError",
]


class SkullgamesError(ValueError):
    """Base class of every error that skullgames raises on bad input."""


class IllegalMoveError(SkullgamesError):
    """A move that the rules do not allow in this state.

    The message says why, in the words of the rules, for example
    ``"must follow yellow: you hold Y3, Y9"``.
    """


class InvalidNotationError(SkullgamesError):
    """Text that is not a card or a move in the library's notation."""


class SerializationError(SkullgamesError):
    """A JSON document that does not describe a valid value of the requested type.

    :attr:`path` locates the offending part of the document, in the form ``$.hands[2][0]``.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.reason = message


class ConfigError(SkullgamesError):
    """Rule options that do not make a playable game."""
