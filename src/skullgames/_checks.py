"""Small argument checks shared by the plain-value functions of both games."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from skullgames.errors import ConfigError


def as_tuple(values: Iterable[Any] | Any, name: str, what: str) -> tuple[Any, ...]:
    """``tuple(values)``, or a ``TypeError`` saying what ``name`` should have been."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be {what}, not a string")
    try:
        return tuple(values)
    except TypeError:
        raise TypeError(f"{name} must be {what}, not {type(values).__name__}") from None


MAX_SEED = 2**53 - 1
"""The largest seed (and the smallest, negated): JSON readers in JavaScript keep integers
exactly only up to this size, and a saved game records its seed."""


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` if it is an ``int`` within ±:data:`MAX_SEED`.

    Else a ``TypeError`` (not an ``int``) or a :class:`~skullgames.ConfigError` naming ``name``.
    """
    if type(seed) is not int:
        raise TypeError(f"{name} must be an int, not {type(seed).__name__}")
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise ConfigError(f"{name}: a whole number within ±(2**53 - 1), the integers JSON "
                          "readers keep exactly; this one is out of range")
    return seed


def wrong_type(name: str, what: str, value: object) -> TypeError:
    """The ``TypeError`` for an argument ``name`` that should have been ``what``."""
    kind = type(value)
    shown = kind.__name__
    if kind.__module__ != "builtins":
        shown = f"{kind.__module__}.{kind.__qualname__}"
    return TypeError(f"{name} must be {what}, not {shown}")
