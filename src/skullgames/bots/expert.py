"""The expert search, the same for every game: weighted worlds, a budget, the standings.

:class:`ExpertSearch` is :class:`~skullgames.bots.search.DeterminizedSearch` with three
additions, each switchable for an ablation:

- **inference**: it samples ``pool`` worlds per world it searches, weighs each by how
  likely the other seats' public choices (their bids, placements, plays) are under a
  model of them (:meth:`ExpertSearch.log_likelihood`), and draws the worlds it searches
  from the pool in proportion to those weights (systematic resampling);
- **objective**: a round's value adds to the points (its own minus ``spite`` times the
  others' average) a stake on finishing first, from the standings after the round: the
  chance of being ahead at the end of the game, a logistic of its lead over the best other
  seat whose spread narrows as fewer rounds are left (:meth:`ExpertSearch.value_of`);
- **anchor**: a game may name a move the search keeps unless another is shown better
  (:meth:`ExpertSearch.anchor`, Skull King's rule-of-thumb bid): another move's value is
  its mean less ``confidence`` standard errors of its difference from the anchor's in the
  same worlds, so the best of many noisy means does not win by luck alone;
- **budget**: ``worlds`` rollouts per legal move, a fixed number of iterations whatever
  the machine, so that the bot is deterministic under its ``random.Random``; or, with
  ``seconds``, also a bound in time: no more worlds are drawn once half of it is spent, and
  the search stops after the world it is playing out once all of it is (then the moves
  depend on the machine).

A game's expert says how to sample a world, weigh it and play the round out.
"""

from __future__ import annotations

import abc
import math
import random
import time
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from skullgames._mypyc import mypyc_attr
from skullgames.bots._base import AnyObservation, checked_moves
from skullgames.bots._pickled import Pickled

__all__ = ["ExpertSearch", "resample"]

ObservationT = TypeVar("ObservationT", bound="AnyObservation[Any]")
MoveT = TypeVar("MoveT")
WorldT = TypeVar("WorldT")
T = TypeVar("T")


def resample(items: Sequence[T], log_weights: Sequence[float], count: int,
             rng: random.Random) -> list[T]:
    """``count`` of ``items`` drawn in proportion to ``exp(log_weights)`` (systematic).

    One uniform draw from ``rng`` places ``count`` evenly spaced pointers on the
    cumulative weights: an item of weight share ``w`` is drawn ``count * w`` times, give or
    take one.

    >>> import math, random
    >>> from skullgames.bots.expert import resample
    >>> resample("abc", [0.0, math.log(2), -math.inf], 6, random.Random(1))
    ['a', 'a', 'b', 'b', 'b', 'b']
    """
    top = max(log_weights)
    if top == -math.inf:  # nothing fits the model: every item as likely
        log_weights = [0.0] * len(items)
        top = 0.0
    weights = [math.exp(w - top) for w in log_weights]
    step = sum(weights) / count
    pointer = rng.random() * step
    drawn: list[T] = []
    cumulative = 0.0
    for item, weight in zip(items, weights, strict=True):
        cumulative += weight
        while pointer < cumulative and len(drawn) < count:
            drawn.append(item)
            pointer += step
    while len(drawn) < count:  # rounding at the very end
        drawn.append(items[-1])
    return drawn


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class ExpertSearch(Pickled, abc.ABC, Generic[ObservationT, MoveT, WorldT]):
    """Search over worlds weighed by inference, for the best value of the round.

    ``worlds`` worlds are searched per decision (every legal move played out in each);
    ``pool`` worlds are sampled per searched world and weighed by
    :meth:`log_likelihood` (1, or ``inference=False``, samples the searched worlds
    directly). ``objective=False`` values a round by its points only, as ``search`` does.
    ``stake`` and ``spread`` are the game's scale of the objective (class attributes).
    ``confidence`` (an attribute, 2 unless the game's expert sets it) is how many standard
    errors above zero another move's advantage over the game's :meth:`anchor` must be for
    it to be chosen; 0 values every move by its mean alone. ``seconds`` (default
    ``None``: no bound) bounds a decision's time on the clock :func:`time.perf_counter`:
    no more worlds are drawn (into the pool or directly) at half of it (at least one is),
    and the search stops once a world is done and the time is up (at least one world is
    searched, every move in the same worlds).
    """

    stake: ClassVar[float] = 0.0
    """What finishing first is worth, in the game's points (the objective's weight)."""
    spread: ClassVar[float] = 1.0
    """How far one round can move the standings, in the game's points."""


    def __init__(self, rng: random.Random | None = None, *, worlds: int, pool: int,
                 spite: float, inference: bool = True, objective: bool = True,
                 seconds: float | None = None) -> None:
        if worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds}")
        if pool < 1:
            raise ValueError(f"pool must be at least 1, not {pool}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be above 0 (or None), not {seconds}")
        self.rng = random.Random() if rng is None else rng
        self.worlds = worlds
        self.pool = pool
        self.spite = spite
        self.inference = inference
        self.objective = objective
        self.seconds = seconds
        # a game's expert with an anchor takes it as an argument (King's); not one here,
        # since mypyc (2.4) cannot write this signature with a float's default in it
        self.confidence = 2.0

    def choose(self, observation: ObservationT) -> MoveT:
        """The move with the best average value over the searched worlds."""
        started = time.perf_counter()
        moves: tuple[MoveT, ...] = checked_moves(observation)
        unsearched = self.without_search(observation)
        if unsearched is not None:
            return unsearched
        if len(moves) == 1:
            return moves[0]
        worlds = self.searched_worlds(observation, self.deadline(started, 0.5))
        # share given: mypyc (2.4) passes 0.0 for a float left to its default when the
        # method is called on a Python subclass
        return moves[self.best_index(observation, moves, worlds, self.deadline(started, 1.0))]

    def deadline(self, started: float, share: float = 1.0) -> float | None:
        """When ``share`` of the ``seconds`` of a decision begun at ``started`` is spent.

        Times are :func:`time.perf_counter`'s; ``None`` without a bound in time.
        """
        return None if self.seconds is None else started + share * self.seconds

    def best_index(self, observation: ObservationT, moves: Sequence[MoveT],
                   worlds: Sequence[tuple[WorldT, int]], deadline: float | None = None) -> int:
        """The index in ``moves`` of the move of the best value, played out in every world.

        ``worlds`` are ``(world, count)`` pairs, as :meth:`searched_worlds` gives: a
        world's value counts ``count`` times. Ties go to the earlier move. With a
        ``deadline`` (:meth:`deadline`), the worlds after the one being played out when
        it passes are left out.
        """
        anchor = self._anchor_of(observation, moves)
        totals, draws, squares = self._totals(observation, moves, worlds, deadline, anchor)
        if anchor is None:
            return max(range(len(moves)), key=totals.__getitem__)
        values = self._anchored(totals, draws, squares, anchor)
        return max(range(len(moves)), key=values.__getitem__)

    def move_values(self, observation: ObservationT, moves: Sequence[MoveT],
                    worlds: Sequence[tuple[WorldT, int]],
                    deadline: float | None = None, played: MoveT | None = None) -> list[float]:
        """Each of ``moves``' value: its mean :meth:`value_of` over the searched ``worlds``.

        What :meth:`best_index` maximises (without an anchor it compares the same sums,
        before the division by the draws counted), in the same worlds and with the same
        ``deadline``: the round's expected points to the seat, with the objective's stake.
        Where the game names an :meth:`anchor`, every other move's mean is less
        ``confidence`` standard errors of its difference from the anchor's; but ``played``,
        a move already made (a review's), keeps its mean: the margin is what a move must
        show to be chosen over the anchor, not a cost of having made it.
        """
        anchor = self._anchor_of(observation, moves)
        totals, draws, squares = self._totals(observation, moves, worlds, deadline, anchor)
        if anchor is None:
            return [total / draws for total in totals]
        made = moves.index(played) if played is not None and played in moves else None
        return self._anchored(totals, draws, squares, anchor, made)

    def appraise(self, observation: ObservationT,
                 played: MoveT | None = None) -> tuple[tuple[MoveT, ...], list[float]]:
        """The moves this search weighs at ``observation``, each with its value.

        Every legal move, valued by :meth:`move_values` in :meth:`searched_worlds`, with
        the budget of :meth:`choose`; ``played``, the move made, keeps its mean (see
        :meth:`move_values`). A game whose search weighs only some of the legal moves
        (Skull Queen's placements) values those and ``played``.
        """
        started = time.perf_counter()
        moves: tuple[MoveT, ...] = checked_moves(observation)
        worlds = self.searched_worlds(observation, self.deadline(started, 0.5))
        return moves, self.move_values(observation, moves, worlds, self.deadline(started),
                                       played)

    def _totals(self, observation: ObservationT, moves: Sequence[MoveT],
                worlds: Sequence[tuple[WorldT, int]], deadline: float | None,
                anchor: int | None = None) -> tuple[list[float], int, list[float]]:
        """Each move's value summed over the worlds played out, and the draws they count.

        With an ``anchor``, also each move's squared difference from the anchor's, summed.
        """
        seat = observation.seat
        standings, left = self.standings(observation)
        totals = [0.0] * len(moves)
        squares = [0.0] * len(moves)
        draws = 0
        for world, count in worlds:
            row = [self.value_of(self.round_points(world, move), seat, standings, left)
                   for move in moves]
            for i, value in enumerate(row):
                totals[i] += count * value
            if anchor is not None:
                for i, value in enumerate(row):
                    squares[i] += count * (value - row[anchor]) ** 2
            draws += count
            if deadline is not None and time.perf_counter() >= deadline:
                break
        return totals, max(1, draws), squares

    def _anchored(self, totals: Sequence[float], draws: int, squares: Sequence[float],
                  anchor: int, made: int | None = None) -> list[float]:
        """The values with an anchor: its mean, and the others' means less a margin.

        The margin is ``confidence`` standard errors of a move's difference from the
        anchor's, paired in the same worlds. With one draw nothing is shown better: no
        other move is valued above the anchor. The move ``made`` keeps its mean.
        """
        means = [total / draws for total in totals]
        base = means[anchor]
        values: list[float] = []
        for i, mean in enumerate(means):
            if i in (anchor, made):
                values.append(mean)
            elif draws < 2:
                values.append(min(mean, base))
            else:
                gain = mean - base
                variance = max(0.0, (squares[i] - draws * gain * gain) / (draws - 1))
                values.append(mean - self.confidence * math.sqrt(variance / draws))
        return values

    def _anchor_of(self, observation: ObservationT, moves: Sequence[MoveT]) -> int | None:
        """:meth:`anchor`'s index, or ``None`` where ``confidence`` is 0 (means alone)."""
        return None if self.confidence == 0.0 else self.anchor(observation, moves)

    def anchor(self, observation: ObservationT, moves: Sequence[MoveT]) -> int | None:
        """The index in ``moves`` of the move kept unless another is shown better.

        ``None`` (the default): every move is valued by its mean alone.
        """
        return None

    def searched_worlds(self, observation: ObservationT,
                        deadline: float | None = None) -> list[tuple[WorldT, int]]:
        """The worlds to search, each with how many of the ``worlds`` draws it stands for.

        Sampled, weighed and resampled; a world drawn twice is played out once and counts
        twice (rollouts are deterministic). Without anything to infer from (inference
        off, ``pool`` 1, or :meth:`has_evidence` false) the worlds are sampled directly.
        After a ``deadline`` (:meth:`deadline`) no more worlds are drawn, into the pool
        or directly (at least one is).
        """
        if not self.inference or self.pool == 1 or not self.has_evidence(observation):
            drawn: list[tuple[WorldT, int]] = []
            for _ in range(self.worlds):
                drawn.append((self.sample(observation), 1))
                if deadline is not None and time.perf_counter() >= deadline:
                    break
            return drawn
        pool: list[WorldT] = []
        weights: list[float] = []
        for _ in range(self.worlds * self.pool):
            world = self.sample(observation)
            pool.append(world)
            weights.append(self.log_likelihood(observation, world))
            if deadline is not None and time.perf_counter() >= deadline:
                break
        counts: dict[int, int] = {}
        for i in resample(range(len(pool)), weights, self.worlds, self.rng):
            counts[i] = counts.get(i, 0) + 1
        return [(pool[i], n) for i, n in counts.items()]

    def has_evidence(self, observation: ObservationT) -> bool:
        """Whether the other seats have shown anything to weigh worlds by (default yes)."""
        return True

    def value_of(self, points: Sequence[int], seat: int, totals: Sequence[int],
                 rounds_left: int) -> float:
        """What a round's ``points`` are worth to ``seat``, given the standings before it.

        Its points less ``spite`` times the others' average; with the objective, plus
        ``stake`` times the chance of finishing first (a logistic of its lead over the
        best other seat after the round, the spread ``spread`` times the square root of
        the rounds left after this one, and a tenth of it in the last round).
        """
        others = [p for s, p in enumerate(points) if s != seat]
        value = points[seat] - self.spite * sum(others) / max(1, len(others))
        if not self.objective or not others:
            return value
        mine = totals[seat] + points[seat]
        best = max(t + p for s, (t, p) in enumerate(zip(totals, points, strict=True))
                   if s != seat)
        scale = self.spread * max(0.1, math.sqrt(rounds_left))
        return value + self.stake / (1.0 + math.exp(-(mine - best) / scale))

    def without_search(self, observation: ObservationT) -> MoveT | None:
        """A move to make without searching, or ``None`` to search (the default)."""
        return None

    @abc.abstractmethod
    def standings(self, observation: ObservationT) -> tuple[Sequence[int], int]:
        """Every seat's total before this round, and how many rounds follow it."""

    @abc.abstractmethod
    def sample(self, observation: ObservationT) -> WorldT:
        """A world consistent with ``observation``, drawn with ``self.rng``."""

    @abc.abstractmethod
    def log_likelihood(self, observation: ObservationT, world: WorldT) -> float:
        """The log of how likely the other seats' public choices are in ``world``."""

    @abc.abstractmethod
    def round_points(self, world: WorldT, move: MoveT) -> tuple[int, ...]:
        """Every seat's points for the round: ``move`` made in ``world``, the rest played."""
