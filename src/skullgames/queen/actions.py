"""Skull Queen's moves numbered for learning and search: :func:`action_space`.

>>> from skullgames import queen
>>> space = queen.action_space(queen.Config(players=4))
>>> space.size, space.move(0), space.move(1250)
(1300, Place(Side.FRONT, (0, 0, 0, 0)), Play(card('R1')))
>>> space.index(queen.parse_move("back 4 4 4 4")), space.index(queen.parse_move("MATE"))
(1249, 1299)
"""

from __future__ import annotations

import functools
from collections.abc import Hashable
from typing import Final, cast

from skullgames.actions import ActionSpace
from skullgames.queen.config import Config
from skullgames.queen.game import legal_moves
from skullgames.queen.moves import PLACES, PLAYS, Deal, Move, Place, Play, place_index
from skullgames.queen.observation import Observation
from skullgames.queen.state import State

__all__ = ["action_space"]


def action_space(config: Config | None = None) -> ActionSpace[Move]:
    """Every move that ``config`` allows, numbered; the same object for equal configs.

    The actions, in this order:

    1. the 1250 placements of :data:`~skullgames.queen.PLACES`: the front side first,
       then the back, each with the spaces of red, yellow, green and blue counted in
       base 5 (red slowest), so ``Place(side, (r, y, g, b))`` is action
       ``625 * side + 125 * r + 25 * y + 5 * g + b`` (front 0, back 1), as
       :func:`~skullgames.queen.moves.place_index` numbers them;
    2. a ``Play`` of every card of the deck, in card order (red, yellow, green, blue by
       value, then the Monkey and the First Mate): 42 cards with 2 or 3 players, 50
       with more.

    The legal indexes ascend in the order of :func:`~skullgames.queen.legal_moves`.
    ``Deal`` moves are not actions (a deal is chance). See
    :class:`~skullgames.actions.ActionSpace` for ``mask``.

    >>> from skullgames import queen
    >>> space = queen.action_space(queen.Config(players=3))
    >>> space.size, space.move(1250)
    (1292, Play(card('R2')))
    >>> space.index(queen.parse_move("R1"))
    Traceback (most recent call last):
    ...
    skullgames.errors.IllegalMoveError: Play(card('R1')) is not an action of Config(...)
    """
    config = Config() if config is None else config
    if not isinstance(config, Config):
        raise TypeError(f"config must be a skullgames.queen.Config, not {type(config).__name__}")
    return _action_space(config)


@functools.lru_cache(maxsize=64)
def _action_space(config: Config) -> ActionSpace[Move]:
    moves: list[Move] = [*PLACES, *(PLAYS[c.index] for c in config.deck)]
    return ActionSpace(config=config, moves=moves, key=_key,
                       legal_moves=legal_moves, state_type=State,
                       observation_type=Observation, chance_type=Deal,
                       constant_legal_moves=[PLACES])


_PLACE_COUNT: Final = len(PLACES)


def _key(move: object) -> Hashable | None:
    """A placement's number, ``1250 +`` a card's index for a play.

    A placement is numbered by :func:`~skullgames.queen.moves.place_index`.

    Computed rather than hashed: hashing a ``Place`` hashes its ``Side``, an enum, which
    costs more than the arithmetic. ``Place`` and ``Play`` check their fields when made.
    """
    kind = type(move)
    if kind is Play:
        return _PLACE_COUNT + cast(Play, move).card.index
    if kind is Place:
        return place_index(cast(Place, move))
    return None
