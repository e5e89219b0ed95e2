"""The pictures that states and observations draw of themselves in Jupyter.

A game's ``_repr_svg_`` asks :func:`svg_of`, which draws the value with the ``svg`` part
of the registered game whose ``State`` or ``Observation`` it is (as
:func:`skullgames.svg.table` does). The game is looked up when a picture is asked for, so
the games import neither the pictures nor the registry, which collects the games.
"""

from __future__ import annotations

from skullgames._registered import game_of_value

__all__ = ["svg_of"]


def svg_of(value: object) -> str | None:
    """The picture of ``value``, or ``None`` when no registered game draws it."""
    game = game_of_value(value)
    if game is None or not game.has("svg"):
        return None
    drawn: str = game.part("svg")(value, game)
    return drawn
