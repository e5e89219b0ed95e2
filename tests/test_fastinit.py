"""The fast constructor builds exactly the object the frozen class's __init__ builds."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import attrs
import pytest

from skullgames import king
from skullgames._fastinit import fast_constructor
from skullgames.king.state import Playing, State, _new_playing


def some_states() -> list[State]:
    states, rng = [], random.Random(4)
    state = king.new_game(king.Config(players=3, pirate_abilities=True), seed=9)
    while not king.is_over(state):
        states.append(state)
        state = king.apply(state, rng.choice(king.legal_moves(state)))
    return states[::17]


@pytest.mark.parametrize("state", [s for s in some_states() if isinstance(s, Playing)])
def test_new_playing_equals_the_frozen_init(state: State) -> None:
    values: dict[str, Any] = {str(f.alias): getattr(state, f.name)
                              for f in attrs.fields(Playing)}
    fast, slow = _new_playing(**values), Playing(**values)
    assert type(fast) is Playing
    assert fast == slow
    assert hash(fast) == hash(slow)
    assert repr(fast) == repr(slow)
    assert pickle.loads(pickle.dumps(fast)) == slow
    assert copy.deepcopy(fast) == slow
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        fast.hands = ()  # type: ignore[misc]


def test_fast_constructor_refuses_a_class_that_adds_fields() -> None:
    @attrs.define
    class Base:
        x: int

    @attrs.frozen
    class Adds(Base):
        y: int

    with pytest.raises(TypeError, match="no fields"):
        fast_constructor(Adds)


def test_fast_constructor_keeps_plain_defaults() -> None:
    @attrs.define
    class Fields:
        x: int
        y: tuple[int, ...] = ()

    @attrs.frozen
    class Frozen(Fields):
        pass

    make = fast_constructor(Frozen)
    assert make(1) == Frozen(1)
    assert make(1, (2,)) == Frozen(1, (2,))
    assert type(make(1)) is Frozen


@pytest.mark.parametrize("field", [
    attrs.field(validator=attrs.validators.instance_of(int)),
    attrs.field(converter=int),
    attrs.field(factory=list),
])
def test_fast_constructor_refuses_fields_that_run_code(field: object) -> None:
    # A fast constructor does not run the base's __init__: nothing may depend on it.
    Fields = attrs.make_class("Fields", {"x": field}, slots=True)
    Frozen = attrs.make_class("Frozen", {}, bases=(Fields,), frozen=True)
    with pytest.raises(TypeError, match="no converters"):
        fast_constructor(Frozen)


def test_fast_constructor_takes_any_field_names() -> None:
    @attrs.define
    class Fields:
        base: int
        cls: int
        new: int
        make: int = 5

    @attrs.frozen
    class Frozen(Fields):
        pass

    assert fast_constructor(Frozen)(1, 2, 3) == Frozen(1, 2, 3, 5)
