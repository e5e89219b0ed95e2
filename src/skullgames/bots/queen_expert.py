"""Skull Queen's expert bot: :class:`~skullgames.bots.expert.ExpertSearch` for this game.

The same framework as Skull King's (:mod:`skullgames.bots.king_expert`), as far as it
carries over:

- **Worlds** come from :func:`~skullgames.bots.queen.sample_world` (voids respected), with
  hidden placements guessed by :func:`~skullgames.bots.queen.greedy_place`.
- **Inference** weighs a world by the other seats' placements, revealed when play
  starts: a placement is likely when it is the one the rule of thumb makes with the
  seat's sampled hand (:data:`PLACE_TRUST`), and otherwise any of the 1,250.
- **Placements are not searched** (1,250 of them): it places as the rule of thumb does,
  like ``search``; cards are searched, rollouts playing the rule of thumb.
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
from collections.abc import Sequence

from skullgames.bots.expert import ExpertSearch
from skullgames.bots.queen import _policy, greedy_place, sample_world
from skullgames.queen.game import apply
from skullgames.queen.moves import PLACES, Move
from skullgames.queen.observation import Observation
from skullgames.queen.state import Phase, State

__all__ = ["PLACE_TRUST", "ExpertBot"]

PLACE_TRUST = 0.5
"""How often, in the model, a seat places as the rule of thumb does (else at random)."""


class ExpertBot(ExpertSearch[Observation, Move, State]):
    """Skull Queen's expert: inference from placements, the standings, a budget.

    ``worlds`` (default 12) worlds are searched per card, each drawn from ``pool``
    (default 3) weighed samples. ``inference=False`` and ``objective=False`` switch those
    parts off.
    """

    stake = 6.0
    spread = 5.0

    def __init__(self, rng: random.Random | None = None, *, worlds: int = 12, pool: int = 3,
                 spite: float = 0.5, inference: bool = True, objective: bool = True) -> None:
        super().__init__(rng, worlds=worlds, pool=pool, spite=spite, inference=inference,
                         objective=objective)

    def without_search(self, observation: Observation) -> Move | None:
        """A placement is :func:`~skullgames.bots.queen.greedy_place`'s; cards are searched."""
        if observation.phase is Phase.PLACE:
            return greedy_place(observation.hand, observation.config)
        return None

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
                            guess_place=lambda _seat, hand: greedy_place(hand, config))

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
        """The round's points after ``move``, every seat then playing the rule of thumb."""
        finished = len(world.rounds)
        state = apply(world, move)
        while len(state.rounds) == finished:
            state = apply(state, _policy(state))
        return state.rounds[-1].points
