"""Small argument checks shared by the plain-value functions of both games."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


def as_tuple(values: Iterable[Any] | Any, name: str, what: str) -> tuple[Any, ...]:
    """``tuple(values)``, or a ``TypeError`` saying what ``name`` should have been."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"{name} must be {what}, not a string")
    try:
        return tuple(values)
    except TypeError:
        raise TypeError(f"{name} must be {what}, not {type(values).__name__}") from None
