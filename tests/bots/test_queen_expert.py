"""Skull Queen's expert searches its placements (issue 38): legal, in budget, blind.

The searched placement is checked under every Skull Queen option set
(``tests/support/option_sets.py``) in every seat, its candidates against the rule of
thumb's ratings, its budget by counting, and that it is a function of the observation
and the bot's seed only.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from skullgames import queen
from skullgames.bots.queen import _expected, drift, greedy_place, sample_world
from skullgames.bots.queen_expert import ExpertBot, placement_candidates
from tests.support.option_sets import QUEEN

OPTION_SETS = pytest.mark.parametrize("config", QUEEN.values(), ids=list(QUEEN))


def placing_views(config: queen.Config, seed: int) -> list[queen.Observation]:
    """The observation of every seat when it places, the seats before it placing greedily."""
    state = queen.new_game(config, seed=seed)
    views = []
    while state.phase is queen.Phase.PLACE:
        seat = queen.current_player(state)
        assert seat is not None
        view = queen.observe(state, seat)
        views.append(view)
        state = queen.apply(state, greedy_place(view.hand, config))
    assert len(views) == config.players
    return views


def rating(place: queen.Place, hand: tuple[queen.Card, ...], config: queen.Config) -> float:
    """The rule of thumb's expected points of a placement (its pawns' drifts, summed)."""
    values = queen.side_values(place.side, config.plank_values)
    return sum(_expected(values, s, d) for s, d in zip(place.spaces, drift(hand), strict=True))


class Counting(ExpertBot):
    """The expert, counting the worlds it samples and the rollouts it plays."""

    def __init__(self, rng: random.Random, **options: Any) -> None:
        super().__init__(rng, **options)
        self.samples = 0
        self.rollouts: list[queen.Move] = []

    def sample(self, observation: queen.Observation) -> queen.State:
        self.samples += 1
        return super().sample(observation)

    def round_points(self, world: queen.State, move: queen.Move) -> tuple[int, ...]:
        self.rollouts.append(move)
        return super().round_points(world, move)


@OPTION_SETS
def test_the_searched_placement_is_legal_in_every_seat(config: queen.Config) -> None:
    for seed in (1, 2):
        for view in placing_views(config, seed):
            bot = ExpertBot(random.Random(seed), place_candidates=4, place_worlds=2)
            move = bot.choose(view)
            assert move in view.legal_moves
            assert move in placement_candidates(view.hand, config, 4)


@OPTION_SETS
def test_a_game_of_searched_placements_plays_to_the_end(config: queen.Config) -> None:
    bots = [ExpertBot(random.Random(s), worlds=2, pool=2, place_candidates=3, place_worlds=2)
            for s in range(config.players)]
    state = queen.new_game(config, seed=5)
    while not queen.is_over(state):
        seat = queen.current_player(state)
        assert seat is not None
        view = queen.observe(state, seat)
        move = bots[seat].choose(view)
        assert move in view.legal_moves
        state = queen.apply(state, move)
    assert len(queen.scores(state)) == config.players


@OPTION_SETS
def test_the_candidates_are_the_best_rated_placements_the_rule_of_thumbs_first(
        config: queen.Config) -> None:
    for view in placing_views(config, 3)[:2]:
        hand = view.hand
        candidates = placement_candidates(hand, config, 12)
        assert candidates[0] == greedy_place(hand, config)
        assert len(set(candidates)) == 12
        assert all(c in queen.PLACES for c in candidates)
        ratings = [rating(c, hand, config) for c in candidates]
        assert ratings[1:] == sorted(ratings[1:], reverse=True)
        # no placement left out is rated above the worst one taken
        worst = min(ratings)
        assert sum(rating(p, hand, config) > worst + 1e-9 for p in queen.PLACES) < 12


def test_every_placement_can_be_a_candidate() -> None:
    hand = placing_views(queen.Config(), 1)[0].hand
    assert len(set(placement_candidates(hand, queen.Config(), 2000))) == len(queen.PLACES)
    assert placement_candidates(hand, queen.Config(), 1) == [greedy_place(hand, queen.Config())]


@pytest.mark.parametrize(("candidates", "worlds"), [(1, 3), (2, 1), (5, 3)])
def test_the_placement_search_keeps_to_its_budget(candidates: int, worlds: int) -> None:
    """``place_worlds`` samples; every candidate played out once in each of them."""
    config = queen.Config()
    for view in placing_views(config, 4):
        bot = Counting(random.Random(1), place_candidates=candidates, place_worlds=worlds)
        move = bot.choose(view)
        if candidates == 1:  # nothing to search: the rule of thumb's placement
            assert (bot.samples, bot.rollouts) == (0, [])
            assert move == greedy_place(view.hand, config)
            continue
        assert bot.samples == worlds
        assert bot.rollouts == placement_candidates(view.hand, config, candidates) * worlds


def test_a_time_bound_stops_the_placement_search_after_the_world_under_way(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The clock reads 1 s at the start and one second more after each world: a bound of
    1.5 s lets two of the four worlds be played out, every candidate in each."""
    clock = iter(range(1, 100))
    monkeypatch.setattr("skullgames.bots.expert.time.perf_counter", lambda: float(next(clock)))
    view = placing_views(queen.Config(), 4)[0]
    bot = Counting(random.Random(1), place_candidates=3, place_worlds=4, seconds=1.5)
    assert bot.choose(view) in view.legal_moves
    assert bot.samples == 4
    assert bot.rollouts == placement_candidates(view.hand, view.config, 3) * 2


def test_the_placement_of_the_best_average_value_is_made() -> None:
    """Rollouts that favour the last candidate make the bot place it."""
    view = placing_views(queen.Config(), 6)[0]
    last = placement_candidates(view.hand, view.config, 6)[-1]

    class Favouring(ExpertBot):
        def round_points(self, world: queen.State, move: queen.Move) -> tuple[int, ...]:
            mine = 30 if move == last else 10
            return tuple(mine if s == view.seat else 10 for s in range(4))

    assert Favouring(random.Random(0), place_candidates=6, place_worlds=2).choose(view) == last
    assert ExpertBot(random.Random(0), place_candidates=1).choose(view) != last


def test_the_rollout_places_the_later_seats_and_plays_the_round_out() -> None:
    """From the first seat's placement the round is played to its end, scores and all."""
    config = queen.Config()
    view = placing_views(config, 7)[0]
    bot = ExpertBot(random.Random(0))
    world = bot.sample(view)
    assert sum(p is None for p in world.placements) == config.players
    points = bot.round_points(world, greedy_place(view.hand, config))
    assert len(points) == config.players
    assert all(0 <= p <= 4 * max(config.plank_values) for p in points)


def test_the_placement_is_a_function_of_the_observation_and_the_seed() -> None:
    config = queen.Config()
    view = placing_views(config, 8)[2]
    others = [sample_world(view, random.Random(k)) for k in range(3)]
    assert any(w.hands != others[0].hands for w in others[1:])
    moves = {ExpertBot(random.Random(5), place_worlds=3).choose(queen.observe(w, view.seat))
             for w in others}
    assert len(moves) == 1
    # another seed samples other worlds (the same placement or not, a legal one)
    assert ExpertBot(random.Random(6), place_worlds=3).choose(view) in view.legal_moves


def test_a_placement_budget_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="place_candidates must be at least 1"):
        ExpertBot(random.Random(0), place_candidates=0)
    with pytest.raises(ValueError, match="place_worlds must be at least 1"):
        ExpertBot(random.Random(0), place_worlds=0)
