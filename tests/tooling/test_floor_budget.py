"""``benchmarks/floor_budget.py`` splits a random game's time into parts (no timing asserted)."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest
from benchmarks.floor_budget import TARGET, Budget, games_of, measure, parts, report

from skullgames import king, queen


def test_the_rest_is_the_engine_without_deals_and_choices() -> None:
    budget = Budget(floor=520.0, engine=400.0, deals=50.0, choices=40.0)
    assert budget.rest == 310.0
    assert budget.ratio == 1.3
    assert budget.room == pytest.approx(520.0 / TARGET - 90.0)  # 310: exactly the room
    assert report("queen", budget).splitlines() == [
        "queen: floor 520 us a game, engine 400 (1.300 x the floor); deals 50, choices 40, "
        "rest 310",
        "  at 1.3 x the floor the rest must fit in 310 us: 1.00 of what it takes now"]


@pytest.mark.parametrize(("game", "config"), [(king, king.Config(players=3)),
                                              (queen, queen.Config(players=4))])
def test_the_widths_are_the_legal_moves_of_each_state(game: ModuleType, config: Any) -> None:
    widths = games_of(game, config, range(7, 9))
    rng = random.Random(0)  # games_of's choices
    for seed, width in zip(range(7, 9), widths, strict=True):
        state = game.new_game(config, seed=seed)
        seen = []
        while not game.is_over(state):
            moves = game.legal_moves(state)
            seen.append(len(moves))
            state = game.apply(state, rng.choice(moves))
        assert width == seen and len(width) > 10


def test_every_part_plays_the_seeds_and_is_timed() -> None:
    played: list[int] = []
    timed = parts(queen, queen.Config(players=4), 4,
                  lambda players, rng: played.append(players), range(3))
    assert sorted(timed) == ["choices", "deals", "engine", "floor"]
    budget = measure(timed, games=3, repeats=2)
    assert played == [4] * 6  # the floor's game, 3 seeds twice
    assert min(budget) > 0 and budget.rest == budget.engine - budget.deals - budget.choices
