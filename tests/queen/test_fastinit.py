"""The engine's fast-built trick results, movements and planks are the classes' objects.

``resolve`` builds them through :func:`skullgames._fastinit.fast_constructor`; each must
be, in every way a caller can tell, the object the frozen class's ``__init__`` builds.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

from skullgames.queen import (
    Config,
    Movement,
    Plank,
    TrickResult,
    apply,
    is_over,
    legal_moves,
    new_game,
)
from skullgames.queen.scoring import new_plank
from skullgames.queen.tricks import _new_movement, _new_result


def some_tricks() -> list[TrickResult]:
    tricks: list[TrickResult] = []
    for players in (2, 4, 6):
        rng = random.Random(players)
        state = new_game(Config(players=players), seed=players)
        while not is_over(state):
            state = apply(state, rng.choice(legal_moves(state)))
        tricks.extend(t for result in state.rounds for t in result.tricks)
    return tricks[::4]


TRICKS = some_tricks()
MOVEMENTS = [m for t in TRICKS for m in t.movements][::3]
PLANKS = [p for t in TRICKS for p in t.planks or ()][::7]


def same_object(fast: Any, slow: Any) -> None:
    assert type(fast) is type(slow)
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert repr(fast) == repr(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow
    assert copy.deepcopy(fast) == slow
    assert attrs.evolve(fast) == slow
    name = attrs.fields(type(slow))[0].name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(fast, name, None)


def values(obj: Any) -> list[Any]:
    return [getattr(obj, f.name) for f in attrs.fields(type(obj))]


def test_the_games_give_some_of_each() -> None:
    assert len(TRICKS) > 20
    assert any(m.doubled_by is not None for m in MOVEMENTS)
    assert any(None in p.spaces for p in PLANKS)
    assert any(t.falls for t in TRICKS)
    assert any(t.next_leader is None for t in TRICKS)  # the ghost leads at two players


@pytest.mark.parametrize("result", TRICKS)
def test_trick_results_built_fast_are_the_same(result: TrickResult) -> None:
    fields = values(result)
    same_object(_new_result(*fields), TrickResult(*fields))
    same_object(result, TrickResult(*fields))


@pytest.mark.parametrize("movement", MOVEMENTS)
def test_movements_built_fast_are_the_same(movement: Movement) -> None:
    fields = values(movement)
    same_object(_new_movement(*fields), Movement(*fields))
    same_object(movement, Movement(*fields))
    assert str(movement) == str(Movement(*fields))


@pytest.mark.parametrize("plank", PLANKS)
def test_planks_built_fast_are_the_same(plank: Plank) -> None:
    same_object(new_plank(plank.side, plank.spaces), Plank(plank.side, plank.spaces))
    same_object(plank, Plank(plank.side, plank.spaces))
    assert plank.points() == Plank(plank.side, plank.spaces).points()
