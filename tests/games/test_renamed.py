"""One vocabulary for both games (issue 21): the same name for the same thing.

The old names were never released, and are gone (issue 34).
"""

from __future__ import annotations

import inspect
import random

import pytest

from skullgames import GAMES, king, queen


@pytest.mark.parametrize("auto_deal", [True, False])
def test_replay_takes_the_same_arguments_in_both_games(auto_deal: bool) -> None:
    assert (list(inspect.signature(king.replay).parameters)
            == list(inspect.signature(queen.replay).parameters)
            == ["config", "moves", "seed", "auto_deal"])
    state = queen.new_game(queen.Config(players=3), seed=5, auto_deal=auto_deal)
    rng = random.Random(2)
    while len(state.rounds) < 1:
        moves = queen.legal_moves(state)
        move = rng.choice(moves) if moves else queen.seeded_deal(state.config, 9, 0)
        state = queen.apply(state, move)
    again = queen.replay(state.config, state.history, seed=state.seed,
                         auto_deal=state.auto_deal)
    assert again == state
    assert again.auto_deal is auto_deal


@pytest.mark.parametrize(("config", "rounds"), [
    (king.Config(players=3, rounds=(2, 1, 3)), 3),
    (king.Config(players=4, rounds="whirlpool"), 10),
    (queen.Config(players=3), 3),  # Q8: as many rounds as players
    (queen.Config(players=2, rounds=1), 1),
])
def test_both_configs_count_their_rounds_by_one_name(config: king.Config | queen.Config,
                                                     rounds: int) -> None:
    assert config.round_count == rounds
    entry = next(g for g in GAMES.values() if g.Config is type(config))
    state = entry.new_game(config, seed=1)
    while not entry.is_over(state):
        state = entry.apply(state, entry.legal_moves(state)[0])
    assert len(state.rounds) == rounds
