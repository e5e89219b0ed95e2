"""The expert's bids anchored on the rule of thumb's (issue 48).

A bid other than :func:`~skullgames.bots.king.greedy_bid`'s is made only when its
advantage over it, paired in the same worlds, is ``confidence`` standard errors above
zero; its value is its mean less that margin, in :meth:`ExpertSearch.move_values` and
:meth:`ExpertSearch.appraise` as in the choice, but for a bid already made (a review's
``played``), which keeps its mean.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from typing import Any

import pytest

from skullgames import king
from skullgames.bots.king import greedy_bid
from skullgames.bots.king_expert import ExpertBot


def a_bid_to_make() -> tuple[king.Observation, king.Bid]:
    """The first seat to bid in a round of three cards, and its rule of thumb's bid."""
    config = king.Config(players=3, rounds=(3,))
    state = king.new_game(config, seed=5)
    seat = king.current_player(state)
    assert seat is not None and state.phase is king.Phase.BID
    view = king.observe(state, seat)
    return view, king.Bid(greedy_bid(view.hand, config))


class Scripted(ExpertBot):
    """The expert whose round values are given: every bid scores 0 but ``other``, which
    scores ``gains[w]`` in the ``w``-th world sampled (the objective and spite off)."""

    def __init__(self, gains: Sequence[int], other: king.Bid, **options: Any) -> None:
        super().__init__(random.Random(0), worlds=len(gains), objective=False, spite=0.0,
                         **options)
        self.gains = list(gains)
        self.other = other
        self.order: dict[int, int] = {}

    def sample(self, observation: king.Observation) -> king.State:
        world = super().sample(observation)
        self.order[id(world)] = len(self.order)
        return world

    def round_points(self, world: king.State, move: king.Move) -> tuple[int, ...]:
        points = self.gains[self.order[id(world)]] if move == self.other else 0
        return (points,) * world.config.players


def another_bid(rule: king.Bid) -> king.Bid:
    return king.Bid(0 if rule.n else 1)


@pytest.mark.parametrize("confidence", [2.0, 1.0, 3.5])
def test_a_bid_is_valued_at_its_mean_less_confidence_standard_errors_of_its_gain(
        confidence: float) -> None:
    view, rule = a_bid_to_make()
    other = another_bid(rule)
    gains = [40, -20, 40, -20, 25, 5]
    bot = Scripted(gains, other, confidence=confidence)
    _, values = bot.appraise(view)
    moves = list(view.legal_moves)
    margin = confidence * statistics.stdev(gains) / math.sqrt(len(gains))
    assert values[moves.index(rule)] == 0.0
    assert values[moves.index(other)] == pytest.approx(statistics.mean(gains) - margin)
    for move, value in zip(moves, values, strict=True):
        if move not in (rule, other):  # no gain, no spread: its mean
            assert value == 0.0


def test_a_bid_already_made_keeps_its_mean() -> None:
    """A review's ``played`` bid is valued by its mean: the margin decides what the expert
    would choose, and is not charged to a bid made (the others keep theirs)."""
    view, rule = a_bid_to_make()
    other = another_bid(rule)
    gains = [40, -20, 40, -20, 25, 5]  # mean 11.7, not two standard errors above 0
    bot = Scripted(gains, other)
    _, values = bot.appraise(view, other)
    moves = list(view.legal_moves)
    assert values[moves.index(other)] == pytest.approx(statistics.mean(gains))
    assert values[moves.index(rule)] == 0.0
    _, unplayed = Scripted(gains, other).appraise(view, rule)
    assert unplayed[moves.index(other)] < 0.0  # its mean less the margin: 11.7 - 24.2


@pytest.mark.parametrize(("gains", "confidence", "made"), [
    ([40, -20, 40, -20], 2.0, "rule"),   # mean +10, standard error 17.3: not shown better
    ([40, -20, 40, -20], 0.0, "other"),  # by the mean alone, as before the anchor
    ([12, 9, 11, 10], 2.0, "other"),     # mean +10.5, standard error 0.65: shown better
    ([-5, -5, -5, -5], 0.0, "rule"),     # worse in every world
])
def test_the_rule_of_thumbs_bid_is_made_unless_another_is_shown_better(
        gains: list[int], confidence: float, made: str) -> None:
    """The choice is the best of :meth:`appraise`'s values, so a review agrees with it."""
    view, rule = a_bid_to_make()
    other = another_bid(rule)
    expected = rule if made == "rule" else other
    assert Scripted(gains, other, confidence=confidence).choose(view) == expected
    moves, values = Scripted(gains, other, confidence=confidence).appraise(view)
    assert moves[values.index(max(values))] == expected


def test_one_world_shows_no_bid_better_than_the_rule_of_thumbs() -> None:
    view, rule = a_bid_to_make()
    other = another_bid(rule)
    assert Scripted([50], other).choose(view) == rule
    assert Scripted([50], other, confidence=0.0).choose(view) == other


def test_the_anchor_is_the_rule_of_thumbs_bid_and_nothing_after_the_bidding() -> None:
    view, rule = a_bid_to_make()
    bot = ExpertBot(random.Random(0))
    assert bot.anchor(view, view.legal_moves) == view.legal_moves.index(rule)
    state = king.new_game(king.Config(players=3, rounds=(3,)), seed=5)
    while state.phase is king.Phase.BID:
        state = king.apply(state, king.Bid(1))
    seat = king.current_player(state)
    assert seat is not None
    playing = king.observe(state, seat)
    assert bot.anchor(playing, playing.legal_moves) is None


@pytest.mark.parametrize("confidence", [-0.5, math.inf, math.nan])
def test_a_confidence_below_zero_or_not_finite_is_refused(confidence: float) -> None:
    with pytest.raises(ValueError, match="confidence must be 0 or more"):
        ExpertBot(random.Random(0), confidence=confidence)
