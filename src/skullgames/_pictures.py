"""The hook through which states and observations draw themselves in Jupyter.

A game's ``_repr_svg_`` asks :func:`svg_of`; :mod:`skullgames.svg` registers its
``table`` here when it is imported (``import skullgames`` imports it). So the games do not
import the pictures, which are built on the registry, which collects the games.
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["set_drawer", "svg_of"]

_drawer: Callable[[object], str] | None = None


def set_drawer(draw: Callable[[object], str]) -> None:
    """Make ``draw`` the picture of every state and observation (``skullgames.svg``'s)."""
    global _drawer
    _drawer = draw


def svg_of(value: object) -> str | None:
    """The picture of ``value``, or ``None`` when no drawer is registered."""
    return None if _drawer is None else _drawer(value)
