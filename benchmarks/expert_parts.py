"""The expert bot with one part switched off, and its rollout policy as a player.

For the ablation figures of the bots page (issue 38), with ``skullgames match``'s
``module:Class`` bots, from the repository root::

    PYTHONPATH=. skullgames match king --bots expert,benchmarks.expert_parts:NoInference \\
        --deals 100 --jobs 1
    PYTHONPATH=. skullgames match king --bots benchmarks.expert_parts:RolloutPlayer,greedy \\
        --deals 1000 --jobs 1
    PYTHONPATH=. skullgames match king --bots expert,benchmarks.expert_parts:FourfoldSearch \\
        --deals 100 --jobs 1
    PYTHONPATH=. skullgames match king --bots benchmarks.expert_parts:SmallSearchExpertRollouts,\\
benchmarks.expert_parts:SmallSearch --deals 40 --jobs 1

Each class is made from a ``random.Random``, as every bot factory is.
"""

from __future__ import annotations

import random
from typing import Any

from skullgames.bots._base import checked_moves
from skullgames.bots.king import SearchBot, _policy, greedy_bid
from skullgames.bots.king_expert import ExpertBot, rollout_move, rollout_play
from skullgames.king import Bid, Move, Observation, Phase, State, apply

__all__ = ["FourfoldSearch", "GreedyRollouts", "MeanBids", "NoBidSearch", "NoInference",
           "NoObjective", "RolloutPlayer", "SmallSearch", "SmallSearchExpertRollouts",
           "TimeBound", "TimeBoundMeanBids", "TimedExpert", "WithInference",
           "WithObjective"]


class NoInference(ExpertBot):
    """The expert without inference: its worlds sampled as ``search`` samples them.

    The expert as shipped from commit ``86c6a56`` (inference off) to ``054021c``, the
    objective on; the name stays for the figures that were made with it.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, inference=False, objective=True)


class WithInference(ExpertBot):
    """The expert with inference (``inference=True``): its worlds weighed by the others'
    bids and plays, as it was up to the anchored bids' first commits."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, inference=True)


class NoObjective(ExpertBot):
    """The expert valuing a round by its points only (less the others'), as ``search``.

    The default since the objective was not shown to score more (the bots page).
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, objective=False)


class WithObjective(ExpertBot):
    """The expert with the objective (``objective=True``): a stake on finishing first."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, objective=True)


# 2ba2202's expert: bids by the best mean, inference and the objective on.
OLD_EXPERT: dict[str, Any] = {"confidence": 0.0, "inference": True, "objective": True}


class MeanBids(ExpertBot):
    """The expert of ``2ba2202``: bids by the best mean (``confidence=0``), inference on.

    It makes the same moves as the expert of commits ``2ba2202`` to ``6c88ece``, before its
    bids were anchored on the rule of thumb's and its inference switched off.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, **OLD_EXPERT)


class NoBidSearch(ExpertBot):
    """The expert bidding by the rule of thumb (``greedy_bid``), as ``search`` bids."""

    def without_search(self, observation: Observation) -> Move | None:
        """The rule of thumb's bid while bidding; a card is searched as the expert's."""
        if observation.phase is Phase.BID:
            return Bid(greedy_bid(observation.hand, observation.config))
        return None


class TimedExpert(ExpertBot):
    """The expert with a bound of 0.1 seconds a decision as well (``seconds=0.1``)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, seconds=0.1)


class GreedyRollouts(ExpertBot):
    """The expert with the rule of thumb's rollouts (``search``'s) instead of its own."""

    def round_points(self, world: State, move: Move) -> tuple[int, ...]:
        """The round's points after ``move``, every seat then playing ``greedy``."""
        finished = len(world.rounds)
        state = apply(world, move)
        while len(state.rounds) == finished:
            state = apply(state, _policy(state))
        return state.rounds[-1].points


class RolloutPlayer:
    """The expert's rollout policy as a player: greedy bids, then its plays."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng

    def choose(self, observation: Observation) -> Move:
        """The rule of thumb's bid, then :func:`~skullgames.bots.king_expert.rollout_play`."""
        moves = checked_moves(observation)
        if observation.phase is Phase.BID:
            return Bid(greedy_bid(observation.hand, observation.config))
        bid = observation.bids[observation.seat]
        return rollout_play(observation.config, observation.seat, moves, observation.trick,
                            0 if bid is None else bid,
                            observation.tricks_won[observation.seat], len(observation.hand))


class FourfoldSearch(SearchBot):
    """``search`` with 32 worlds, four times its default: about the expert's time a decision."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, worlds=32)


class SmallSearch(SearchBot):
    """``search`` with 3 worlds: a cheap search to compare rollout policies in."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, worlds=3)


class SmallSearchExpertRollouts(SmallSearch):
    """:class:`SmallSearch` whose rollouts are the expert's (``rollout_move``)."""

    def round_points(self, world: State, move: Move) -> tuple[int, ...]:
        """The round's points after ``move``, every seat then playing ``rollout_move``."""
        finished = len(world.rounds)
        state = apply(world, move)
        while len(state.rounds) == finished:
            state = apply(state, rollout_move(state))
        return state.rounds[-1].points


# A compiled decision of 2ba2202's expert cost 40.9 floor games (issue 46); today's, 8.3
# (benchmarks/README.md): at one time bound the old code searched about 4.9 times fewer worlds.
OLD_COST: float = 40.9 / 8.3


class TimeBound(ExpertBot):
    """The expert bounded by time alone: 0.1 s a decision, worlds without a count (10,000)."""

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, worlds=10_000, seconds=0.1)


class TimeBoundMeanBids(ExpertBot):
    """``2ba2202``'s expert (:class:`MeanBids`) at the same bound, at its own speed.

    It runs on today's faster code, so its bound is 0.1 s divided by :data:`OLD_COST`:
    about the worlds 2ba2202's own code searched in 0.1 s.
    """

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng, worlds=10_000, seconds=0.1 / OLD_COST, **OLD_EXPERT)
