"""The bots' rollouts (``bots/king_rollout.py``) end every round as the engine does.

:func:`~skullgames.bots.king_rollout.play_out` keeps a round's bookkeeping in lists
instead of building a state per card; played from the same position with the same moves
(the rollouts' rule of thumb, or random legal moves), its outcome (every seat's score,
tricks won and bonuses, the tricks and the next leader) must be the engine's ``apply``
loop's, in every configuration of the registry. And the search bots that use it choose
the moves they chose through the engine's loop.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import king
from skullgames.bots.king import SearchBot, _greedy_rollout_play, _policy, sample_world
from skullgames.bots.king_expert import ExpertBot, rollout_move, rollout_play
from skullgames.bots.king_rollout import (
    PlayPolicy,
    RoundOutcome,
    StatePolicy,
    _play_tricks,
    play_out,
)
from skullgames.king import Config, Move, Play, State
from skullgames.king.state import Playing
from skullgames.king.tricks import Seat
from tests.support.option_sets import KING

CONFIGS = {
    **KING,
    "4 players, ten rounds": Config(players=4),
    "8 players, creatures and Loot": Config(players=8, loot=True, kraken=True,
                                            white_whale=True, rounds=(5, 6)),
    "5 players classic": Config(players=5, edition=king.Edition.CLASSIC, rounds=(4,)),
}
NAMES = sorted(CONFIGS)


def engine_outcome(world: State, move: Move, policy: StatePolicy) -> RoundOutcome:
    """The oracle: the round played out through ``apply``, as the bots did before."""
    finished = len(world.rounds)
    state = king.apply(world, move)
    while len(state.rounds) == finished:
        state = king.apply(state, policy(state))
    result = state.rounds[-1]
    won = tuple(sum(1 for t in result.tricks if t.winner == s)
                for s in range(world.config.players))
    return RoundOutcome(result.scores, result.tricks, won)


def assert_same(fast: RoundOutcome, engine: RoundOutcome) -> None:
    assert fast.tricks == engine.tricks
    assert fast.tricks_won == engine.tricks_won
    assert fast.next_leader == engine.next_leader
    assert fast.bonuses == engine.bonuses
    assert fast.scores == engine.scores
    assert fast.points == engine.points


class RandomPolicy:
    """Random legal moves from a seeded rng: the state form and the play form draw alike."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def move(self, state: State) -> Move:
        return self.rng.choice(king.legal_moves(state))

    def play(self, config: Config, seat: int, moves: Sequence[Move],
             trick: tuple[tuple[Seat, Play], ...], bid: int, won: int, cards: int) -> Move:
        return self.rng.choice(moves)


def position(config: Config, seed: int, steps: int) -> State:
    """A state of the first round after ``steps`` random moves (fewer if it ends first)."""
    state = king.new_game(config, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        following = king.apply(state, rng.choice(king.legal_moves(state)))
        if following.rounds:
            break
        state = following
    return state


def policies(kind: str, seed: int) -> tuple[StatePolicy, PlayPolicy, StatePolicy]:
    """The rollout's two forms of a policy, and a twin of its state form for the oracle."""
    if kind == "expert":
        return rollout_move, rollout_play, rollout_move
    if kind == "search":
        return _policy, _greedy_rollout_play, _policy
    fast, engine = RandomPolicy(seed), RandomPolicy(seed)
    return fast.move, fast.play, engine.move


@settings(max_examples=150)
@given(name=st.sampled_from(NAMES), seed=st.integers(0, 10**6), steps=st.integers(0, 40),
       kind=st.sampled_from(["expert", "search", "random"]), sampled=st.booleans(),
       pick=st.integers(0, 100))
def test_a_rollout_ends_the_round_as_the_engine(name: str, seed: int, steps: int, kind: str,
                                                sampled: bool, pick: int) -> None:
    config = CONFIGS[name]
    world = position(config, seed, steps)
    if sampled:  # the bots' worlds: sampled from what the seat to move sees
        seat = king.current_player(world)
        assert seat is not None
        world = sample_world(king.observe(world, seat), random.Random(seed))
    moves = king.legal_moves(world)
    move = moves[pick % len(moves)]
    policy, play, oracle = policies(kind, seed)
    assert_same(play_out(world, move, policy, play), engine_outcome(world, move, oracle))


@settings(max_examples=100)
@given(name=st.sampled_from([n for n in NAMES if not CONFIGS[n].pirate_abilities
                             and not CONFIGS[n].has_ghost]),
       seed=st.integers(0, 10**6), steps=st.integers(0, 60),
       kind=st.sampled_from(["expert", "search", "random"]))
def test_the_tricks_without_states_end_the_round_as_the_engine(name: str, seed: int,
                                                               steps: int, kind: str) -> None:
    """The fast path itself, from a position in the middle of the plays."""
    config = CONFIGS[name]
    world = position(config, seed, steps)
    if type(world) is not Playing:
        world = position(config, seed, 0)
        while type(world) is not Playing:
            world = king.apply(world, king.legal_moves(world)[0])
    assert type(world) is Playing
    _, play, oracle = policies(kind, seed)
    fast = _play_tricks(world, config, play)
    finished = len(world.rounds)
    state: State = world
    while len(state.rounds) == finished:
        state = king.apply(state, oracle(state))
    result = state.rounds[-1]
    assert fast.tricks == result.tricks
    assert fast.scores == result.scores


class EngineSearchBot(SearchBot):
    """SearchBot with the rollouts of before: the engine's ``apply`` loop."""

    def round_points(self, world: State, move: Move) -> tuple[int, ...]:
        return engine_outcome(world, move, _policy).points


class EngineExpertBot(ExpertBot):
    """ExpertBot with the rollouts of before: the engine's ``apply`` loop."""

    def round_points(self, world: State, move: Move) -> tuple[int, ...]:
        return engine_outcome(world, move, rollout_move).points


BOT_CONFIGS = ["standard", "2 players, Graybeard", "every advanced card", "8 players",
               "rascal cannonball", "classic 6 players", "pirate abilities",
               "other leaders, suit rule"]


@pytest.mark.parametrize("name", BOT_CONFIGS)
def test_the_search_bots_choose_the_moves_of_the_engine_rollouts(name: str) -> None:
    config = CONFIGS[name]
    for seed in (1, 2):
        n = config.players
        bots = [SearchBot(random.Random(seed * 10 + s), worlds=4) if s % 2 else
                ExpertBot(random.Random(seed * 10 + s), worlds=4, pool=2) for s in range(n)]
        oracles = [EngineSearchBot(random.Random(seed * 10 + s), worlds=4) if s % 2 else
                   EngineExpertBot(random.Random(seed * 10 + s), worlds=4, pool=2)
                   for s in range(n)]
        state = king.new_game(config, seed=seed)
        while not king.is_over(state):
            seat = king.current_player(state)
            assert seat is not None
            view = king.observe(state, seat)
            move = bots[seat].choose(view)
            assert move == oracles[seat].choose(view), (name, seed, view)
            state = king.apply(state, move)
