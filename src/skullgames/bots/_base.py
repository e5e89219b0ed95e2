"""What every bot module builds on: the observation a bot reads, its moves, a random bot.

The game's bot modules (:mod:`skullgames.bots.king`, :mod:`skullgames.bots.queen`) import
this module rather than :mod:`skullgames.bots`, whose factory asks the registry, which
names those modules as the games' ``bots`` parts.
"""

from __future__ import annotations

import random
from typing import Protocol, TypeVar

from skullgames._mypyc import mypyc_attr
from skullgames.bots._pickled import Pickled

__all__ = ["AnyObservation", "RandomBot", "checked_moves"]

MoveT_co = TypeVar("MoveT_co", covariant=True)
MoveT = TypeVar("MoveT")


class AnyObservation(Protocol[MoveT_co]):
    """What any game's observation offers a bot: its seat and its legal moves.

    ``king.Observation`` is an ``AnyObservation[king.Move]``, ``queen.Observation`` an
    ``AnyObservation[queen.Move]``: a bot that only needs these two works in every game.
    """

    @property
    def seat(self) -> int:
        """The seat observing."""
        ...

    @property
    def legal_moves(self) -> tuple[MoveT_co, ...]:
        """The seat's legal moves, empty when it is not to move."""
        ...


def checked_moves(observation: AnyObservation[MoveT]) -> tuple[MoveT, ...]:
    """The legal moves of an observation; ``ValueError`` when its seat is not to move."""
    moves = observation.legal_moves
    if not moves:
        raise ValueError(f"seat {observation.seat} has no move to make now")
    return moves


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class RandomBot(Pickled):
    """Plays a uniformly random legal move, in either game."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = random.Random() if rng is None else rng

    def choose(self, observation: AnyObservation[MoveT]) -> MoveT:
        """A random one of ``observation.legal_moves``."""
        return self.rng.choice(checked_moves(observation))


# Their public home is skullgames.bots (this package), where the documentation and reprs
# name them.
for _public in (AnyObservation, RandomBot, checked_moves):
    _public.__module__ = __name__.rpartition(".")[0]
