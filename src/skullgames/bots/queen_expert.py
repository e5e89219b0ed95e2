"""Skull Queen's expert bot: :class:`~skullgames.bots.expert.ExpertSearch` for this game.

The same framework as Skull King's (:mod:`skullgames.bots.king_expert`), as far as it
carries over:

- **Worlds** come from :func:`~skullgames.bots.queen.sample_world` (voids respected), with
  hidden placements guessed by :func:`~skullgames.bots.queen.greedy_place`.
- **Inference** weighs a world by the other seats' placements, revealed when play
  starts: a placement is likely when it is the one the rule of thumb makes with the
  seat's sampled hand (:data:`PLACE_TRUST`), and otherwise any of the 1,250.
- **Placements are searched** among a few candidates (:func:`placement_candidates`: the
  rule of thumb's own placement and the next best by its rating, :data:`PLACE_CANDIDATES`
  of them), each played out to the end of the round in the same :data:`PLACE_WORLDS`
  sampled worlds, the later seats placing and every seat playing by the rule of thumb;
  the one of the best average value is made. ``search`` places by the rule of thumb.
- **Cards are searched** as ``search`` searches them, in weighed worlds, rollouts playing
  the rule of thumb.
- **The objective** values the round by the standings after it (``stake`` on finishing
  first), see :class:`~skullgames.bots.expert.ExpertSearch`.

>>> import random
>>> from skullgames import queen
>>> from skullgames.bots.queen_expert import ExpertBot
>>> state = queen.new_game(queen.Config(players=3), seed=4)
>>> bot = ExpertBot(random.Random(0), worlds=2)
>>> bot.choose(queen.observe(state, 1)) in queen.legal_moves(state)
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from skullgames._mypyc import mypyc_attr
from skullgames.bots._base import checked_moves
from skullgames.bots.expert import ExpertSearch
from skullgames.bots.queen import (
    _expected,
    _GreedyPlaceGuess,
    drift,
    greedy_place,
    greedy_play,
    sample_world,
)
from skullgames.bots.queen_rollout import play_out
from skullgames.queen.cards import Card
from skullgames.queen.config import Config
from skullgames.queen.moves import PLACES, Move, Place, place_index
from skullgames.queen.observation import Observation
from skullgames.queen.scoring import Side, side_values
from skullgames.queen.state import Phase, State

__all__ = ["PLACE_CANDIDATES", "PLACE_TRUST", "PLACE_WORLDS", "ExpertBot",
           "placement_candidates"]

PLACE_TRUST = 0.5
"""How often, in the model, a seat places as the rule of thumb does (else at random)."""

PLACE_CANDIDATES = 8
"""How many placements are searched (the default ``place_candidates``)."""

PLACE_WORLDS = 8
"""In how many sampled worlds each searched placement is played out (``place_worlds``)."""


@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class ExpertBot(ExpertSearch[Observation, Move, State]):
    """Skull Queen's expert: searched placements, inference, the standings, a budget.

    ``worlds`` (default 12) worlds are searched per card, each drawn from ``pool``
    (default 3) weighed samples. ``inference=False`` and ``objective=False`` switch those
    parts off. A placement is searched among ``place_candidates`` placements in
    ``place_worlds`` worlds: ``place_candidates × place_worlds`` rollouts, whatever the
    machine; ``place_candidates=1`` places as the rule of thumb does. ``seconds`` bounds
    a decision's time as well (:class:`~skullgames.bots.expert.ExpertSearch`).
    """

    stake = 6.0
    spread = 5.0

    def __init__(self, rng: random.Random | None = None, *, worlds: int = 12, pool: int = 3,
                 spite: float = 0.5, inference: bool = True, objective: bool = True,
                 place_candidates: int = PLACE_CANDIDATES,
                 place_worlds: int = PLACE_WORLDS, seconds: float | None = None) -> None:
        super().__init__(rng, worlds=worlds, pool=pool, spite=spite, inference=inference,
                         objective=objective, seconds=seconds)
        if place_candidates < 1:
            raise ValueError(f"place_candidates must be at least 1, not {place_candidates}")
        if place_worlds < 1:
            raise ValueError(f"place_worlds must be at least 1, not {place_worlds}")
        self.place_candidates = place_candidates
        self.place_worlds = place_worlds

    def choose(self, observation: Observation) -> Move:
        """A searched placement (:meth:`search_placement`), or the card of the best value."""
        if observation.phase is Phase.PLACE:
            checked_moves(observation)
            return self.search_placement(observation)
        return super().choose(observation)

    def search_placement(self, observation: Observation) -> Place:
        """The placement of the best average value among :func:`placement_candidates`.

        Every candidate is played out in each of ``place_worlds`` worlds drawn by
        :meth:`sample` (the placements of the seats who placed before are hidden: there
        is nothing to weigh them by), and valued by :meth:`value_of`.
        """
        started = time.perf_counter()
        candidates = placement_candidates(observation.hand, observation.config,
                                          self.place_candidates)
        if len(candidates) == 1:
            return candidates[0]
        worlds = [(self.sample(observation), 1) for _ in range(self.place_worlds)]
        return candidates[self.best_index(observation, candidates, worlds,
                                          self.deadline(started, 1.0))]

    def appraise(self, observation: Observation,
                 played: Move | None = None) -> tuple[tuple[Move, ...], list[float]]:
        """The moves weighed at ``observation`` with their values; a placement's as searched.

        A placement is valued as :meth:`search_placement` values it: the candidates, and
        ``played`` (a legal move) if it is not one of them, in ``place_worlds`` worlds.
        """
        if observation.phase is not Phase.PLACE:
            return super().appraise(observation, played)
        started = time.perf_counter()
        legal = checked_moves(observation)
        moves: list[Move] = list(placement_candidates(observation.hand, observation.config,
                                                      self.place_candidates))
        if played is not None and played not in moves and played in legal:
            moves.append(played)
        worlds = [(self.sample(observation), 1) for _ in range(self.place_worlds)]
        return tuple(moves), self.move_values(observation, moves, worlds,
                                              self.deadline(started), played)

    def standings(self, observation: Observation) -> tuple[Sequence[int], int]:
        """The totals before this round and the rounds after it."""
        return observation.totals, observation.config.rounds - observation.round_number

    def has_evidence(self, observation: Observation) -> bool:
        """Whether another seat's placement is shown."""
        return any(p is not None for s, p in enumerate(observation.placements)
                   if s != observation.seat)

    def sample(self, observation: Observation) -> State:
        """A state consistent with ``observation``; hidden placements are greedy ones."""
        config = observation.config
        return sample_world(observation, self.rng,
                            guess_place=_GreedyPlaceGuess(config))

    def log_likelihood(self, observation: Observation, world: State) -> float:
        """How likely the other seats' revealed placements are with their sampled hands."""
        deal = world.deal
        if deal is None:
            return 0.0
        total = 0.0
        for seat, place in enumerate(observation.placements):
            if seat == observation.seat or place is None:
                continue
            rule = greedy_place(deal.hands[seat], observation.config)
            chance = (1 - PLACE_TRUST) / len(PLACES) + (PLACE_TRUST if rule == place else 0.0)
            total += math.log(chance)
        return total

    def round_points(self, world: State, move: Move) -> tuple[int, ...]:
        """The round's points after ``move``, every seat then playing the rule of thumb.

        ``move`` is a card, or a placement: then the seats still to place place as the
        rule of thumb does (:func:`~skullgames.bots.queen.greedy_place`) before the
        tricks are played.
        """
        return play_out(world, move, greedy_play, place=greedy_place).points


def placement_candidates(hand: Sequence[Card], config: Config, count: int) -> list[Place]:
    """The ``count`` placements the rule of thumb rates best, its own first.

    :func:`~skullgames.bots.queen.greedy_place` rates a pawn on a space by the points it
    expects there once its cards' drift has moved it; a placement's rating is the sum
    over its pawns. Ties go to pawns nearer the centre, then to the order of
    :data:`~skullgames.queen.PLACES`.

    >>> from skullgames.bots.queen_expert import placement_candidates
    >>> from skullgames.queen import Config, card
    >>> hand = [card("R12"), card("R11"), card("R10"), card("Y2")]
    >>> [str(p) for p in placement_candidates(hand, Config(), 3)]
    ['front 2 4 3 3', 'front 1 4 3 3', 'front 2 4 3 4']
    """
    own = greedy_place(hand, config)
    if count == 1:
        return [own]
    steps = drift(hand)
    rated: list[tuple[float, int, int, Place]] = []
    for side in Side:
        values = side_values(side, config.plank_values)
        table = [[_expected(values, s, d) for s in range(5)] for d in steps]
        for place in PLACES:
            if place.side is not side:
                continue
            sp = place.spaces
            total = table[0][sp[0]] + table[1][sp[1]] + table[2][sp[2]] + table[3][sp[3]]
            off = abs(sp[0] - 2) + abs(sp[1] - 2) + abs(sp[2] - 2) + abs(sp[3] - 2)
            rated.append((-total, off, place_index(place), place))
    rated.sort(key=lambda r: r[:3])
    chosen = [own]
    for *_, place in rated:
        if len(chosen) == count:
            break
        if place != own:
            chosen.append(place)
    return chosen
