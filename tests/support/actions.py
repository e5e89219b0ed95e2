"""Checks of an action space against the engine, shared by both games' tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from skullgames import IllegalMoveError
from skullgames.actions import ActionSpace
from skullgames.registry import Game


def check_bijection(space: ActionSpace[Any]) -> None:
    """``index`` and ``move`` are inverse over ``range(size)``, and no move repeats."""
    moves = [space.move(i) for i in range(space.size)]
    assert [space.index(m) for m in moves] == list(range(space.size))
    assert len(set(moves)) == space.size
    assert tuple(moves) == space.moves


def check_position(space: ActionSpace[Any], state: Any, legal: tuple[Any, ...],
                   observe: Callable[[Any, int], Any], apply: Callable[[Any, Any], Any],
                   players: int, rng: random.Random, *, illegal_tries: int = 4) -> None:
    """The mask and legal indexes match the engine's legal moves, from the state and
    from every seat's observation; a sample of the other actions is refused by apply."""
    indices = space.legal_indices(state)
    assert [space.move(i) for i in indices] == list(legal)  # same moves, same order
    assert list(indices) == sorted(set(indices))
    mask = space.mask(state)
    assert len(mask) == space.size
    assert [i for i, flag in enumerate(mask) if flag] == list(indices)
    to_move = state.to_move
    for seat in range(players):
        view = observe(state, seat)
        if seat == to_move:
            assert space.mask(view) == mask
            assert space.legal_indices(view) == indices
        else:
            assert not any(space.mask(view))
            assert space.legal_indices(view) == ()
    if not indices:
        return
    refused = [i for i in range(space.size) if not mask[i]]
    for i in rng.sample(refused, min(illegal_tries, len(refused))):
        with pytest.raises(IllegalMoveError):
            apply(state, space.move(i))


def check_random_game(game: Game[Any, Any, Any, Any], config: Any, seed: int,
                      choices: int) -> None:
    """A random game of ``config``: the numbering is a bijection, and every position's
    mask is the legal moves (:func:`check_position`) until the end, where it is empty."""
    rng = random.Random(choices)
    space: ActionSpace[Any] = game.action_space(config)
    check_bijection(space)
    state = game.new_game(config, seed=seed)
    while not game.is_over(state):
        check_position(space, state, game.legal_moves(state), game.observe, game.apply,
                       config.players, rng)
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    assert not any(space.mask(state))
    assert not any(space.mask(game.observe(state, 0)))


def check_scores_within_bounds(game: Game[Any, Any, Any, Any], config: Any, seed: int,
                               choices: int) -> None:
    """A random game of ``config``: the running totals after every move, and so the
    final scores, lie within ``score_bounds``."""
    rng = random.Random(choices)
    state = game.new_game(config, seed=seed)
    lowest, highest = game.score_bounds(config)
    while not game.is_over(state):
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert all(lowest <= total <= highest for total in state.totals), (
            state.totals, (lowest, highest))
