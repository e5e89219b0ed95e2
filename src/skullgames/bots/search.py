"""Determinized Monte Carlo search, the same for every game.

For each legal move, :class:`DeterminizedSearch` averages the value of the round after
that move over ``worlds`` sampled worlds (states consistent with what the seat has seen,
the same worlds for every move). A game's search bot says how to sample a world and how
to play the round out (:meth:`DeterminizedSearch.sample` and
:meth:`DeterminizedSearch.round_points`); the search itself is written once, here.

>>> import random
>>> from skullgames import king
>>> from skullgames.bots.king import SearchBot
>>> state = king.new_game(king.Config(players=3), seed=4)
>>> bot = SearchBot(random.Random(0), worlds=2)
>>> bot.choose(king.observe(state, 1)) in king.legal_moves(state)
True
"""

from __future__ import annotations

import abc
import random
from typing import Any, Generic, TypeVar

from skullgames._mypyc import mypyc_attr
from skullgames.bots._base import AnyObservation, checked_moves
from skullgames.bots._pickled import Pickled

__all__ = ["DeterminizedSearch"]

ObservationT = TypeVar("ObservationT", bound="AnyObservation[Any]")
MoveT = TypeVar("MoveT")
WorldT = TypeVar("WorldT")


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class DeterminizedSearch(Pickled, abc.ABC, Generic[ObservationT, MoveT, WorldT]):
    """Search over sampled worlds: the move with the best average value of the round.

    The value of a round for the searching seat is its own points minus ``spite`` times
    the average of the others' points (0 plays for its own points only).
    """

    def __init__(self, rng: random.Random | None = None, *, worlds: int, spite: float
                 ) -> None:
        if worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds}")
        self.rng = random.Random() if rng is None else rng
        self.worlds = worlds
        self.spite = spite

    def choose(self, observation: ObservationT) -> MoveT:
        """The move with the best average value over the sampled worlds."""
        moves: tuple[MoveT, ...] = checked_moves(observation)
        unsearched = self.without_search(observation)
        if unsearched is not None:
            return unsearched
        if len(moves) == 1:
            return moves[0]
        seat = observation.seat
        totals = [0.0] * len(moves)
        for _ in range(self.worlds):
            world = self.sample(observation)
            for i, move in enumerate(moves):
                totals[i] += self.value(self.round_points(world, move), seat)
        return moves[max(range(len(moves)), key=totals.__getitem__)]

    def value(self, points: tuple[int, ...], seat: int) -> float:
        """What a round's ``points`` are worth to ``seat``."""
        others = [p for s, p in enumerate(points) if s != seat]
        return points[seat] - self.spite * sum(others) / max(1, len(others))

    def without_search(self, observation: ObservationT) -> MoveT | None:
        """A move to make without searching, or ``None`` to search (the default)."""
        return None

    @abc.abstractmethod
    def sample(self, observation: ObservationT) -> WorldT:
        """A world consistent with ``observation``, drawn with ``self.rng``."""

    @abc.abstractmethod
    def round_points(self, world: WorldT, move: MoveT) -> tuple[int, ...]:
        """Every seat's points for the round: ``move`` made in ``world``, the rest played."""
