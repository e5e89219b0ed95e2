"""Skull Queen's action space and score bounds against the engine, over random games at
every player count and option (issue 13): the numbering is a bijection, the mask is
exactly the legal moves from the state and from the observation of the seat to move,
every other action is refused, and every final score lies within ``score_bounds``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skullgames import GAMES, ConfigError, IllegalMoveError
from skullgames.queen import (
    PLACES,
    Config,
    Place,
    Plank,
    Side,
    action_space,
    new_game,
    observe,
    parse_move,
    score_bounds,
)
from tests.support.actions import check_random_game, check_scores_within_bounds
from tests.support.queen.configs import configs
from tests.support.queen.helpers import WITHOUT_SHRINKING


@settings(max_examples=15, deadline=None, phases=WITHOUT_SHRINKING)
@given(config=configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_the_mask_is_the_legal_moves_in_random_games(config: Config, seed: int,
                                                     choices: int) -> None:
    check_random_game(GAMES["queen"], config, seed, choices)


@settings(max_examples=30, deadline=None, phases=WITHOUT_SHRINKING)
@given(config=configs(), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_every_score_lies_within_the_bounds(config: Config, seed: int, choices: int) -> None:
    """The final scores, and the running totals after every round."""
    check_scores_within_bounds(GAMES["queen"], config, seed, choices)


def test_the_layout() -> None:
    """The 1250 placements (front first, base 5, red slowest), then the deck's plays."""
    space = action_space(Config(players=4))
    assert space.size == 1250 + 50
    assert space.moves[:1250] == PLACES
    assert space.index(Place(Side.BACK, (1, 2, 3, 4))) == 625 + 125 + 50 + 15 + 4
    assert space.move(1250) == parse_move("R1")
    assert space.move(1299) == parse_move("MATE")
    small = action_space(Config(players=2))  # no 1s and 12s with 2 or 3 players (§1.4)
    assert small.size == 1250 + 42
    with pytest.raises(IllegalMoveError, match="not an action of"):
        small.index(parse_move("Y12"))


def test_a_placement_mask_is_all_placements() -> None:
    """DECISIONS Q2: every seat chooses any side and any four spaces."""
    config = Config(players=3)
    space = action_space(config)
    state = new_game(config, seed=3)
    mask = space.mask(state)
    assert mask == (True,) * 1250 + (False,) * 42
    seat = state.to_move
    assert seat is not None
    assert space.mask(observe(state, seat)) is mask  # computed once
    assert not any(space.mask(observe(state, (seat + 1) % 3)))


def test_bad_input() -> None:
    space = action_space(Config(players=4))
    for move in [parse_move("deal R2 | B3 | ghost Y4"), "R7", 3, None]:
        with pytest.raises(IllegalMoveError):
            space.index(move)  # type: ignore[arg-type]
    from skullgames import king
    with pytest.raises(IllegalMoveError, match="not a move of 'queen'"):
        space.index(king.Bid(1))  # type: ignore[arg-type]
    with pytest.raises(ConfigError):
        space.mask(new_game(Config(players=5), seed=1))
    with pytest.raises(TypeError):
        space.mask(king.new_game(seed=1))
    with pytest.raises(TypeError):
        action_space(4)  # type: ignore[arg-type]
    waiting = new_game(Config(players=4), auto_deal=False)
    assert space.legal_indices(waiting) == ()


def test_score_bounds_arithmetic() -> None:
    """Rounds x (0 .. 4 x the largest plank value): four pawns in the water, or all four
    on the best space (RESEARCH.md §1.8)."""
    assert score_bounds(Config(players=4)) == (0, 4 * 4 * 8)
    assert score_bounds(Config(players=3, rounds=2, plank_values=(9, 1, 1, 1, 1))) == (0, 72)
    best = Plank(Side.FRONT, (0, 0, 0, 0)).points((9, 1, 1, 1, 1))
    assert best == 36
    with pytest.raises(TypeError):
        score_bounds("x")  # type: ignore[arg-type]
