"""Planks, their two sides, and the score of a round (a score pad needs only this module).

Spaces are numbered 0 (the bottom: the wide end, nearest the player) to 4 (the top: the
narrow end), so moving a pawn up adds. The front side is worth 1, 2, 3, 5, 8 from bottom
to top, the back side the same in reverse (:ref:`ruling-q1`).

The rulebook's example (:ref:`queen-scoring`): red on 8, yellow on 5, green on 2, blue in
the water scores 15.

>>> from skullgames.queen import Plank, Side, score_round
>>> antonia = Plank(Side.FRONT, (4, 3, 1, None))
>>> antonia.points(), score_round([antonia, Plank(Side.BACK, (0, 0, 2, 4))])
(15, (15, 20))
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Final

from skullgames._checks import as_tuple, wrong_type
from skullgames._outcome import winners_of
from skullgames._record_class import sealed
from skullgames._records import Record
from skullgames.errors import IllegalMoveError
from skullgames.queen.cards import COLORS, Color
from skullgames.queen.config import DEFAULT_PLANK_VALUES, Config, check_plank_values

__all__ = ["Plank", "Side", "score_round", "side_values", "winners_of"]

BOTTOM: Final = 0
"""The space at the wide end of a plank, nearest the player."""
TOP: Final = 4
"""The space at the narrow end of a plank."""


class Side(enum.Enum):
    """The side of the plank a player chooses for a round."""

    FRONT = "front"
    """Higher values at the top (the 8 at the narrow end)."""
    BACK = "back"
    """Higher values at the bottom (the 8 at the wide end)."""


def side_values(side: Side, plank_values: Sequence[int] = DEFAULT_PLANK_VALUES
                ) -> tuple[int, ...]:
    """The points of the spaces 0 (bottom) to 4 (top) of one side of a plank.

    >>> from skullgames.queen import Side, side_values
    >>> side_values(Side.BACK)
    (8, 5, 3, 2, 1)
    """
    values = (DEFAULT_PLANK_VALUES if plank_values is DEFAULT_PLANK_VALUES
              else check_plank_values(plank_values))
    if side is Side.FRONT:
        return values
    if side is Side.BACK:
        return values[::-1]
    raise wrong_type("side", "Side.FRONT or Side.BACK", side)


@sealed
class Plank(Record):
    """One player's plank as it stands: the side in use and where each pawn is.

    ``spaces`` has one entry per colour in colour order (red, yellow, green, blue): the
    space 0..4 of that pawn, or ``None`` once it has fallen into the water.
    """

    side: Final[Side]
    spaces: Final[tuple[int | None, ...]]

    # The check of side is the pure build's: the compiled build checks a typed parameter
    # before the body runs, with a message of its own (it leaves a Sequence to the code).
    def __init__(self, side: Side, spaces: Sequence[int | None]) -> None:
        if not isinstance(side, Side):
            raise wrong_type("side", "Side.FRONT or Side.BACK", side)
        if type(spaces) is not tuple:
            spaces = as_tuple(spaces, "spaces", "four spaces 0..4 (or None)")
        check_spaces(spaces, "plank")
        self.side = side
        self.spaces = spaces

    def points(self, plank_values: Sequence[int] = DEFAULT_PLANK_VALUES) -> int:
        """What the plank scores: each pawn still on it scores its space (:ref:`queen-scoring`)."""
        values = side_values(self.side, plank_values)
        total = 0
        for space in self.spaces:
            if space is not None:
                total += values[space]
        return total

    def space(self, color: Color) -> int | None:
        """The space of the pawn of ``color``, or ``None`` when it is in the water."""
        return self.spaces[color.index]

    @property
    def in_water(self) -> tuple[Color, ...]:
        """The colours of the pawns that have fallen off this round."""
        return tuple(color for color, s in zip(COLORS, self.spaces, strict=True) if s is None)


_FRONT: Final = Side.FRONT  # bound once: enum members are slow to read in CPython 3.11
_SHARED_FRONT: Final[dict[tuple[int | None, ...], Plank]] = {}
_SHARED_BACK: Final[dict[tuple[int | None, ...], Plank]] = {}


def shared_plank(side: Side, spaces: tuple[int | None, ...]) -> Plank:
    """The plank of ``side`` with ``spaces``: built (and checked) once, then shared.

    For the engine's own values (``spaces`` a tuple of ``int`` or ``None``): a plank has
    at most 2 x 1296 states, and a pawn moves several times a trick. Checking a new plank
    every time cost 7 % of a 4-player random Skull Queen game in the pure build
    (callgrind, 20 seeded games: 187.5 M instructions against 174.4 M).
    """
    shared = _SHARED_FRONT if side is _FRONT else _SHARED_BACK
    plank = shared.get(spaces)
    if plank is None:
        plank = shared[spaces] = Plank(side, spaces)
    return plank


def check_spaces(spaces: tuple[object, ...], what: str) -> None:
    """Check the spaces of a plank, naming ``what``.

    A ``TypeError`` for a space that is no ``int``, an :class:`IllegalMoveError` when
    they are not four spaces 0..4 (or ``None``).
    """
    on_plank = True
    for s in spaces:
        if s is None:
            continue
        if type(s) is not int:
            raise wrong_type(f"{what}: spaces", "whole numbers 0..4 or None", s)
        on_plank = on_plank and BOTTOM <= s <= TOP
    if len(spaces) != 4 or not on_plank:
        raise IllegalMoveError(
            f"{what}: four spaces 0..4 (or None for the water) in colour order, not {spaces!r}"
        )


def check_plank(plank: object, what: str) -> Plank:
    """Check a plank given by a caller: ``TypeError`` naming ``what`` when it is none."""
    if not isinstance(plank, Plank):
        raise wrong_type(what, "a skullgames.queen.Plank", plank)
    if not isinstance(plank.side, Side):  # a plank built past its checks
        raise wrong_type(f"{what}: side", "Side.FRONT or Side.BACK", plank.side)
    check_spaces(plank.spaces, what)
    return plank


def score_round(planks: Sequence[Plank], config: Config | None = None) -> tuple[int, ...]:
    """The points of each seat's plank as it stands, from plain values.

    Each pawn still on its plank scores the value of its space on the side in use; a
    pawn in the water scores nothing (:ref:`queen-scoring`). ``config`` supplies the plank
    values (:ref:`ruling-q1`); when it is given, there is one plank per player.

    >>> from skullgames.queen import Plank, Side, score_round
    >>> score_round([Plank(Side.FRONT, (2, 2, 2, 2))])
    (12,)
    """
    planks = as_tuple(planks, "planks", "one Plank per seat")
    if config is not None and not isinstance(config, Config):
        raise wrong_type("config", "a skullgames.queen.Config or None", config)
    if config is not None and len(planks) != config.players:
        raise IllegalMoveError(f"{len(planks)} planks for {config.players} players")
    for seat, plank in enumerate(planks):
        check_plank(plank, f"plank of seat {seat}")
    values = DEFAULT_PLANK_VALUES if config is None else config.plank_values
    return tuple(plank.points(values) for plank in planks)
