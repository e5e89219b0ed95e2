"""Skull Queen's rollouts (issue 46) play a round out exactly as the engine's ``apply`` does.

:func:`~skullgames.bots.queen_rollout.play_out` keeps only mutable bookkeeping and asks
the rule functions; the oracle here is the engine's loop, ``apply`` move after move until
the game records the round. Both are held together over random worlds (sampled ones and
real states, placing and playing) in every Skull Queen option set
(``tests/support/option_sets.py``: 2 to 6 players, every option), with the rule of
thumb's cards and with random legal moves; and the search and expert bots make the same
moves with their rollouts as with the engine's loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skullgames import queen
from skullgames.bots.queen import SearchBot, greedy_place, greedy_play, sample_world
from skullgames.bots.queen_expert import ExpertBot
from skullgames.bots.queen_rollout import RoundOutcome, play_out
from skullgames.queen.rules import Seat
from tests.support.option_sets import QUEEN

CONFIGS = list(QUEEN.values())
OPTION_SETS = pytest.mark.parametrize("config", CONFIGS, ids=list(QUEEN))


def engine_round(world: queen.State, move: queen.Move,
                 choose: Callable[[queen.State], queen.Move]) -> queen.RoundResult:
    """The oracle: ``move``, then ``choose``'s moves through ``apply`` to the round's record."""
    finished = len(world.rounds)
    state = queen.apply(world, move)
    while len(state.rounds) == finished:
        state = queen.apply(state, choose(state))
    return state.rounds[-1]


def greedy_state_policy(state: queen.State) -> queen.Move:
    """The rule of thumb read from a state: the cards' and the placements' (the old path)."""
    seat = state.to_move
    assert seat is not None
    if state.phase is queen.Phase.PLACE:
        return greedy_place(state.hands[seat], state.config)
    return greedy_play(state.config, seat, queen.legal_moves(state), state.trick, state.center,
                       state.planks)


def a_world(config: queen.Config, seed: int, stop: int, sampled: bool) -> queen.State:
    """A state placing or playing: ``stop`` random moves into a game, or a sample of it."""
    rng = random.Random(seed)
    state = queen.new_game(config, seed=seed)
    for _ in range(stop):
        moves = queen.legal_moves(state)
        if not moves:
            break
        state = queen.apply(state, rng.choice(moves))
    if state.phase not in (queen.Phase.PLACE, queen.Phase.PLAY):
        state = queen.new_game(config, seed=seed)
    if not sampled:
        return state
    seat = state.to_move
    assert seat is not None
    return sample_world(queen.observe(state, seat), rng,
                        guess_place=lambda _s, hand: greedy_place(hand, config))


def assert_same_round(outcome: RoundOutcome, record: queen.RoundResult) -> None:
    assert outcome.points == record.points
    assert outcome.planks == record.planks
    assert outcome.tricks == record.tricks
    last: Seat = record.tricks[-1].next_leader
    assert outcome.next_leader == last
    assert len(record.tricks) == len(record.deal.hands[0])  # the whole round


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), stop=st.integers(0, 90),
       sampled=st.booleans(), first=st.integers(0, 10**6))
def test_the_rule_of_thumbs_rollout_is_the_engines_round(config: queen.Config, seed: int,
                                                         stop: int, sampled: bool,
                                                         first: int) -> None:
    world = a_world(config, seed, stop, sampled)
    moves = queen.legal_moves(world)
    move = moves[first % len(moves)]
    outcome = play_out(world, move, greedy_play, place=greedy_place)
    assert_same_round(outcome, engine_round(world, move, greedy_state_policy))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), stop=st.integers(0, 90),
       sampled=st.booleans(), draws=st.integers(0, 10**6))
def test_a_random_rollout_is_the_engines_round(config: queen.Config, seed: int, stop: int,
                                               sampled: bool, draws: int) -> None:
    """Random legal moves, the same draws on both paths: the legal moves agree as well."""
    world = a_world(config, seed, stop, sampled)
    move = random.Random(draws).choice(queen.legal_moves(world))

    rng = random.Random(draws)

    def random_card(_config: queen.Config, _seat: int, moves: Sequence[queen.Move],
                    *_table: object) -> queen.Move:
        return rng.choice(moves)

    def random_place(_hand: tuple[queen.Card, ...], _config: queen.Config) -> queen.Place:
        return rng.choice(queen.PLACES)

    outcome = play_out(world, move, random_card, place=random_place)
    rng = random.Random(draws)
    record = engine_round(world, move, lambda state: rng.choice(queen.legal_moves(state)))
    assert_same_round(outcome, record)


def test_a_rollout_leaves_its_world_as_it_was() -> None:
    world = a_world(queen.Config(players=4), 3, 10, True)
    before = (world.hands, world.trick, world.planks, world.center)
    play_out(world, queen.legal_moves(world)[0], greedy_play)
    assert (world.hands, world.trick, world.planks, world.center) == before


def test_a_rollout_refuses_what_it_cannot_play_out() -> None:
    placing = queen.new_game(queen.Config(), seed=1)
    with pytest.raises(ValueError, match="placement policy"):
        play_out(placing, queen.PLACES[0], greedy_play)
    playing = a_world(queen.Config(), 1, 10, False)
    assert playing.phase is queen.Phase.PLAY
    with pytest.raises(ValueError, match="not a Play"):
        play_out(playing, queen.PLACES[0], greedy_play)
    dealing = queen.new_game(queen.Config(), auto_deal=False)
    with pytest.raises(ValueError, match="phase deal"):
        play_out(dealing, queen.PLACES[0], greedy_play)


# ----------------------------------------------------------------- the bots' moves


class EngineSearchBot(SearchBot):
    """The search bot with the engine's loop for its rollouts (the path before issue 46)."""

    def round_points(self, world: queen.State, move: queen.Move) -> tuple[int, ...]:
        return engine_round(world, move, greedy_state_policy).points


class EngineExpertBot(ExpertBot):
    """The expert with the engine's loop for its rollouts, placements included."""

    def round_points(self, world: queen.State, move: queen.Move) -> tuple[int, ...]:
        return engine_round(world, move, greedy_state_policy).points


@OPTION_SETS
@pytest.mark.parametrize("kind", ["search", "expert"])
def test_the_bots_move_as_with_the_engines_rollouts(config: queen.Config, kind: str) -> None:
    """Seeded bots, one with each path, make the same moves in a whole game."""
    def pair(seed: str) -> tuple[SearchBot | ExpertBot, SearchBot | ExpertBot]:
        if kind == "search":
            return SearchBot(random.Random(seed), worlds=3), EngineSearchBot(random.Random(seed),
                                                                             worlds=3)
        return (ExpertBot(random.Random(seed), worlds=3, place_candidates=3, place_worlds=2),
                EngineExpertBot(random.Random(seed), worlds=3, place_candidates=3,
                                place_worlds=2))

    bots = [pair(f"{kind}:{seat}") for seat in range(config.players)]
    state = queen.new_game(config, seed=11)
    searched = 0
    while not queen.is_over(state):
        seat = queen.current_player(state)
        assert seat is not None
        view = queen.observe(state, seat)
        fast, engine = bots[seat]
        move = fast.choose(view)
        assert move == engine.choose(view)
        searched += len(view.legal_moves) > 1
        state = queen.apply(state, move)
    assert searched > config.players  # decisions with a choice were compared
