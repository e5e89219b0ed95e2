"""Searched bids the expert can stand behind: variants to measure against the expert (issue 48).

The expert's searched bids cost points against its own rule-of-thumb bids (the bots
page's ablation, ``NoBidSearch``): likely the winner's curse, the best of up to eleven
noisy estimates made in the same few worlds. :class:`MarginBids` keeps the rule of
thumb's bid unless a searched bid beats it by more than :data:`BID_MARGIN` points, in the
same worlds (the values of :meth:`~skullgames.bots.expert.ExpertSearch.move_values`).
From the repository root::

    PYTHONPATH=. skullgames match king --bots benchmarks.bid_variants:MarginBids,expert \\
        --deals 30 --jobs 1 --json

A first screen, its 10 deals fixed before the run (2 v 2, seed 0, ``--jobs 2`` on a
shared 2-core machine, 30 minutes; commit ``a83aa3e``): ``MarginBids`` less ``expert``
**−11.3 points a game** (95 % −65.6 to +43.1), the same win share (25.0 % each), exact
bids 57.8 % against 58.8 %. Too few deals to tell either way; the bots page's
``NoBidSearch`` (bids by the rule of thumb alone) was +27.7 over 50 deals.

Each class is made from a ``random.Random``, as every bot factory is.
"""

from __future__ import annotations

import random
import time

from skullgames.bots._base import checked_moves
from skullgames.bots.king import greedy_bid
from skullgames.bots.king_expert import ExpertBot
from skullgames.king import Bid, Move, Observation, Phase

__all__ = ["BID_MARGIN", "MarginBids"]

BID_MARGIN = 10.0
"""How much better (in the expert's points of the round) a searched bid must be than the
rule of thumb's for :class:`MarginBids` to make it; fixed before any measurement."""


class MarginBids(ExpertBot):
    """The expert, bidding the rule of thumb's bid unless a searched one beats it by a margin.

    Cards are searched as the expert searches them.
    """

    margin: float = BID_MARGIN

    def __init__(self, rng: random.Random | None = None) -> None:
        super().__init__(rng)

    def choose(self, observation: Observation) -> Move:
        """A card as the expert's; a bid by the rule of thumb unless one beats it by far."""
        if observation.phase is not Phase.BID:
            return super().choose(observation)
        started = time.perf_counter()
        moves = checked_moves(observation)
        rule = Bid(greedy_bid(observation.hand, observation.config))
        if len(moves) == 1 or rule not in moves:
            return moves[0] if rule not in moves else rule
        worlds = self.searched_worlds(observation, self.deadline(started, 0.5))
        values = self.move_values(observation, moves, worlds, self.deadline(started))
        best = max(range(len(moves)), key=values.__getitem__)
        if values[best] - values[moves.index(rule)] > self.margin:
            return moves[best]
        return rule
