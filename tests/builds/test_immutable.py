"""Every public value refuses assignment and deletion, in both builds (issue 34).

The test walks whatever a game hands out (states of every phase, the records inside them,
cards, moves, observations, trick and round results, hidden moves, configs, planks) under
every option set of both games, and tries to assign and delete each field and to add an
attribute. A record refuses with ``AttributeError`` itself in both builds (mypyc's native
classes, and the pure build's generated classes); an attrs value (configs, summaries,
hidden moves) with attrs' ``FrozenInstanceError``, an ``AttributeError`` too. The run under
``SKULLGAMES_EXPECT_COMPILED=1`` (CI's compiled build) checks the same in that build.
"""

from __future__ import annotations

import enum
import inspect
import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import skullgames
from skullgames import king, queen
from skullgames._records import field_names
from tests.support.option_sets import KING, QUEEN

_LEAVES = (int, str, bool, float, type(None), enum.Enum, bytes)


def _public_value_types() -> set[type]:
    """The data classes the games and the package export (not enums, errors, protocols)."""
    found: set[type] = set()
    for module in (skullgames, king, queen, king.state, queen.state):
        for name in module.__all__:
            value = getattr(module, name)
            if (inspect.isclass(value) and not issubclass(value, enum.Enum | BaseException)
                    and not getattr(value, "_is_protocol", False)):
                found.add(value)
    return found


EXPORTED = _public_value_types()


def _game_values(module: Any, config: Any, seed: int) -> Iterator[object]:
    rng = random.Random(seed)
    state = module.new_game(config, seed=seed)
    players = config.players
    while True:
        yield state
        seat = module.current_player(state)
        for viewer in range(players):
            yield module.observe(state, viewer)
        if module.is_over(state):
            break
        moves = module.legal_moves(state)
        yield from moves
        move = rng.choice(moves)
        if seat is not None:
            for viewer in range(players):
                yield module.visibility.observe_move(state, move, viewer)
        state = module.apply(state, move)


def _walk(roots: Iterator[object]) -> Iterator[object]:
    """Every object reachable from ``roots`` through fields, tuples and properties' values."""
    seen: set[int] = set()
    stack = list(roots)
    while stack:
        value = stack.pop()
        if isinstance(value, _LEAVES) or id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, tuple | list | frozenset):
            if _public(type(value)):
                yield value  # a MoveLog
            stack.extend(value)
        elif isinstance(value, dict):
            stack.extend(value.values())
        elif _public(type(value)) and not callable(value):
            yield value
            for name in _fields(value):
                stack.append(getattr(value, name))


def _public(cls: type) -> bool:
    """An exported class, or one of the public modules (a game entry's codec is neither)."""
    parts = cls.__module__.split(".")
    return any(issubclass(cls, e) for e in EXPORTED) or (
        parts[0] == "skullgames" and not any(p.startswith("_") for p in parts))


def _fields(value: object) -> tuple[str, ...]:
    cls = type(value)
    if attrs.has(cls):
        return tuple(f.name for f in attrs.fields(cls))
    # The constructor's keywords, and the stored fields: a pure class's slots, a native
    # (compiled) class's attributes as mypyc lists them.
    names: list[str] = list(getattr(cls, "_FIELDS", ()))
    for klass in cls.__mro__:
        stored = klass.__dict__.get("__slots__", klass.__dict__.get("__mypyc_attrs__", ()))
        names += [n for n in stored if not n.startswith("__")]
    return tuple(name for name in dict.fromkeys(names) if hasattr(value, name))


def _values() -> list[object]:
    roots: list[object] = [*king.cards.ALL_CARDS, *queen.cards.ALL_CARDS, *queen.PLACES,
                           *skullgames.GAMES.values(), king.Discard([king.card("Y3")])]
    # The states that wait for a deal, and the deals made by hand.
    king_waiting = king.new_game(king.Config(players=3), auto_deal=False)
    king_deal = king.seeded_deal(king_waiting.config, 7, 0)
    queen_waiting = queen.new_game(queen.Config(players=3), auto_deal=False)
    queen_deal = queen.seeded_deal(queen_waiting.config, 7, 0)
    roots += [king_waiting, king_deal, king.apply(king_waiting, king_deal).log,
              queen_waiting, queen_deal, queen.apply(queen_waiting, queen_deal).log]
    # A match's results (skullgames.match): one deal of one short round.
    roots.append(skullgames.match("king", king.Config(players=4, rounds=(1,)),
                                  bots="random,greedy", deals=1, jobs=1))
    # A game's review (skullgames.review): two bids and a card of a short round.
    reviewed = king.new_game(king.Config(players=2, rounds=(2,)), seed=1)
    for _ in range(3):
        reviewed = king.apply(reviewed, king.legal_moves(reviewed)[0])
    roots.append(skullgames.review(reviewed, worlds=1))
    for index, king_config in enumerate(KING.values()):
        roots.extend(_game_values(king, king_config, index))
    for index, queen_config in enumerate(QUEEN.values()):
        roots.extend(_game_values(queen, queen_config, index))
    return list(_walk(iter(roots)))


VALUES = _values()
TYPES = sorted({type(v) for v in VALUES}, key=lambda t: f"{t.__module__}.{t.__qualname__}")


def test_the_walk_meets_every_public_value_type() -> None:
    """Each exported data class is met as itself or as a subclass (the states' phases)."""
    missing = {cls.__name__ for cls in EXPORTED
               if not any(issubclass(t, cls) for t in TYPES)}
    assert not missing


def _name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


@pytest.mark.parametrize("cls", TYPES, ids=_name)
def test_every_field_refuses_assignment_and_deletion(cls: type) -> None:
    instances = [v for v in VALUES if type(v) is cls][:3]
    expected = attrs.exceptions.FrozenInstanceError if attrs.has(cls) else AttributeError
    for value in instances:
        names = _fields(value) + ("not_a_field",)
        for name in names:
            before = getattr(value, name, None)
            with pytest.raises(AttributeError) as assigned:
                setattr(value, name, 14)
            if name != "not_a_field" and not isinstance(value, tuple):
                assert type(assigned.value) is expected, (cls, name)
            with pytest.raises(AttributeError):
                delattr(value, name)
            after = getattr(value, name, None)
            assert after is before or after == before  # (a property may build anew)


def test_a_card_cannot_be_changed_for_later_games() -> None:
    """The review's case: ``card("Y3").rank = 14`` must not make Y3 beat Y12 afterwards."""
    y3 = king.card("Y3")
    with pytest.raises(AttributeError):
        y3.rank = 14  # type: ignore[misc]
    result = king.resolve_trick([(0, king.Play(king.card("Y12"))), (1, king.Play(y3))])
    assert result.winner == 0


def test_a_plank_place_cannot_be_changed() -> None:
    """The review's case: ``queen.PLACES[0].spaces = ...`` changed every later game."""
    place = queen.PLACES[0]
    with pytest.raises(AttributeError):
        place.spaces = (4, 4, 4, 4)  # type: ignore[misc]
    assert queen.PLACES[0] == place


def test_a_state_cannot_change_an_earlier_one() -> None:
    """The review's case: assigning ``s1.past.totals`` changed the state before it too."""
    s0 = king.new_game(seed=3)
    s1 = king.apply(s0, king.legal_moves(s0)[0])
    with pytest.raises(AttributeError):
        s1.past.totals = (100, 0, 0, 0)  # type: ignore[misc]
    assert s0.totals == s1.totals == (0, 0, 0, 0)


def test_records_name_their_fields() -> None:
    """``field_names`` lists the constructor's keywords, each readable back."""
    for value in VALUES[:2000]:
        cls = type(value)
        if hasattr(cls, "_FIELDS"):
            for name in field_names(cls):
                assert hasattr(value, name), (cls, name)


def test_the_quickstart_says_both_builds_refuse_assignment() -> None:
    """Issue 47: the quickstart's note on the builds still said the pure build leaves an
    assignment to a state's fields to the type checker; both refuse it (this module)."""
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "docs" / "quickstart.md"
    note = " ".join(page.read_text(encoding="utf-8").split("### The compiled build")[1]
                    .split("\n## ")[0].split())
    assert "where the pure build leaves that to the type checker" not in note
    assert "both builds refuse an assignment" in note
    s0 = king.new_game(seed=3)
    with pytest.raises(AttributeError):
        s0.seed = 4  # type: ignore[misc]
