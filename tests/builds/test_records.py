"""The engine's records (trick results, bonuses, scores, movements, planks, observations).

They are plain classes that mypyc compiles to native classes (skullgames._records); each
must behave alike in both builds: equal by value, hashed by value, an attrs-style repr,
pickled and deep-copied to an equal object, rebuilt from its fields by keyword, and
read-only (at run time in the compiled build, through ``Final`` and mypy in the pure one).
"""

from __future__ import annotations

import copy
import inspect
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

import skullgames
from skullgames import IllegalMoveError, king, queen
from skullgames._records import field_names, replace
from skullgames.king.cards import Card
from skullgames.king.scoring import SeatScore
from skullgames.king.tricks import Bonus
from skullgames.queen.scoring import Plank, Side, shared_plank
from skullgames.queen.tricks import Movement

# The moves are records too, two of each (the values users build, so built here).
_K, _Q = king.card, queen.card
MOVES: list[object] = [
    king.Bid(0), king.Bid(3), king.Play(_K("Y3")), king.Play(_K("B14")),
    king.Deal([[_K("Y1"), _K("SK")], [_K("B14"), _K("ESC")]]),
    king.Deal([[_K("Y2")], [_K("MER")]], stock=[_K("G3")]),
    king.Shot(False), king.Shot(True), king.ChooseLeader(1), king.ChooseLeader(2),
    king.Discard([_K("Y3")]), king.Discard([_K("G1"), _K("Y5")]), king.Wager(0),
    king.Wager(20), king.AdjustBid(-1), king.AdjustBid(1),
    queen.Place(Side.FRONT, (0, 1, 2, 3)), queen.Place(Side.BACK, (4, 4, 4, 4)),
    queen.Play(_Q("R7")), queen.Play(_Q("MONKEY")),
    queen.Deal([[_Q("R2")], [_Q("B3")]], ghost=[_Q("Y4")]),
    queen.Deal([[_Q("R2")], [_Q("B5")]], center=[_Q("Y4"), _Q("B3")]),
]
MOVE_CLASSES = set(map(type, MOVES))
POSITIONAL = {*MOVE_CLASSES, Plank}
"""The records users build by position (``Bid(3)``); the others take keywords only."""
RECORD_CLASSES: list[type[Any]] = [king.TrickResult, Bonus, SeatScore, king.Observation,
                                   queen.TrickResult, Movement, Plank, queen.Observation,
                                   *dict.fromkeys(type(move) for move in MOVES)]


def _king_records() -> Iterator[object]:
    config = king.Config(players=4, loot=True, kraken=True, white_whale=True)
    rng = random.Random(5)
    state = king.new_game(config, seed=5)
    while not king.is_over(state):
        if rng.random() < 0.05:
            yield king.observe(state, rng.randrange(4))
        state = king.apply(state, rng.choice(king.legal_moves(state)))
    for result in state.rounds:
        yield from result.scores
        for trick in result.tricks:
            yield trick
            yield from trick.bonus_items


def _queen_records() -> Iterator[object]:
    rng = random.Random(6)
    state = queen.new_game(queen.Config(players=4), seed=6)
    while not queen.is_over(state):
        if rng.random() < 0.05:
            yield queen.observe(state, rng.randrange(4))
        state = queen.apply(state, rng.choice(queen.legal_moves(state)))
    for result in state.rounds:
        for trick in result.tricks:
            yield trick
            yield from trick.movements
            yield from trick.planks or ()


RECORDS = [*_king_records(), *_queen_records(), *MOVES]
SAMPLE = [r for i, r in enumerate(RECORDS) if i % 7 == 0] + MOVES


def _values(record: object) -> dict[str, Any]:
    return {name: getattr(record, name) for name in field_names(type(record))}


def test_the_games_give_every_kind_of_record() -> None:
    assert {type(r) for r in SAMPLE} == set(RECORD_CLASSES)


@pytest.mark.parametrize("record", SAMPLE, ids=lambda r: type(r).__qualname__)
def test_a_record_is_a_value(record: Any) -> None:
    cls = type(record)
    rebuilt = cls(**_values(record))
    assert rebuilt == record
    assert (rebuilt != record) is False
    assert hash(rebuilt) == hash(record)
    if cls in POSITIONAL:  # what users write by position: moves, planks
        assert cls(*_values(record).values()) == record
    else:  # every other record is built by keyword only (issue 34)
        with pytest.raises(TypeError):
            cls(*_values(record).values())
    if cls in MOVE_CLASSES:  # a move's repr is its constructor call, as short as it goes
        game = king if cls.__module__.startswith("skullgames.king") else queen
        assert eval(repr(record), vars(game)) == record
    else:
        assert repr(record) == f"{cls.__name__}(" + ", ".join(
            f"{name}={value!r}" for name, value in _values(record).items()) + ")"
    for twin in (pickle.loads(pickle.dumps(record)), copy.deepcopy(record), copy.copy(record)):
        assert type(twin) is cls
        assert twin == record and hash(twin) == hash(record)
    assert record.__eq__(object()) is NotImplemented
    assert record != _values(record)


@pytest.mark.parametrize("cls", RECORD_CLASSES, ids=lambda c: c.__qualname__)
def test_a_record_differs_in_each_field(cls: type[Any]) -> None:
    # Each field changed to a value another record of the class holds: unequal.
    records = [r for r in RECORDS if type(r) is cls]
    record, changed = records[0], set()
    for name in field_names(cls):
        other = next((getattr(r, name) for r in records
                      if getattr(r, name) != getattr(record, name)), None)
        if other is not None:
            changed.add(name)
            assert replace(record, **{name: other}) != record
            assert replace(replace(record, **{name: other}), **{name: getattr(record, name)}) \
                == record
    assert len(changed) >= len(field_names(cls)) // 2


def test_records_holding_equal_copies_of_cards_and_configs_are_equal() -> None:
    # A deep copy holds new config objects, and a card built by hand is a new card object:
    # equal by value, not the same object. (mypyc compiles == between two objects of a
    # class it sees no __eq__ in as identity; the records compare plain tuples of objects,
    # skullgames._records.Values.)
    for record in SAMPLE:
        twin = copy.deepcopy(record)
        assert twin == record, type(record)
    bonus = next(r for r in RECORDS if isinstance(r, Bonus))
    card = bonus.card
    copied = Bonus(kind=bonus.kind, card=Card(card.kind, card.suit, card.rank, card.pirate),
                   points=bonus.points)
    assert copied.card is not bonus.card
    assert copied == bonus


@pytest.mark.parametrize("cls", RECORD_CLASSES, ids=lambda c: c.__qualname__)
def test_a_record_is_read_only(cls: type[Any]) -> None:
    # At run time in both builds (tests/builds/test_immutable.py walks every public value).
    record: Any = next(r for r in RECORDS if type(r) is cls)
    for name in field_names(cls):
        with pytest.raises(AttributeError):
            setattr(record, name, getattr(record, name))
        with pytest.raises(AttributeError):
            delattr(record, name)
    with pytest.raises(AttributeError):
        record.extra = 1


@pytest.mark.parametrize("cls", RECORD_CLASSES, ids=lambda c: c.__qualname__)
def test_the_fields_are_the_constructor_parameters_in_order(cls: type[Any]) -> None:
    if skullgames.COMPILED:  # a native __init__ has no Python signature to read
        record = next(r for r in RECORDS if type(r) is cls)
        assert cls(**_values(record)) == record
    else:
        parameters = list(inspect.signature(cls).parameters)
        assert parameters == list(field_names(cls))


def test_an_engine_plank_is_shared_and_equal_to_a_checked_one() -> None:
    plank = shared_plank(Side.BACK, (0, None, 4, 2))
    assert plank is shared_plank(Side.BACK, (0, None, 4, 2))
    assert plank == Plank(Side.BACK, (0, None, 4, 2))
    assert shared_plank(Side.FRONT, (0, None, 4, 2)) != plank
    with pytest.raises(IllegalMoveError, match="four spaces"):  # built by Plank: checked
        shared_plank(Side.FRONT, (0, 0, 0, 5))


def test_replace_refuses_a_name_that_is_not_a_field() -> None:
    bonus = next(r for r in RECORDS if isinstance(r, Bonus))
    with pytest.raises(TypeError, match="Bonus has no field colour"):
        replace(bonus, colour=1)

