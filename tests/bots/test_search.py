"""The search written once for every game (``skullgames.bots.search``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import attrs
import pytest

from skullgames.bots.search import DeterminizedSearch


@attrs.frozen
class Seen:
    seat: int
    legal_moves: tuple[str, ...]


class Scripted(DeterminizedSearch[Seen, str, int]):
    """Worlds are 0, 1, 2, ...; each move's round points are read from a table."""

    def __init__(self, table: Mapping[str, Sequence[tuple[int, ...]]], spite: float) -> None:
        super().__init__(random.Random(0), worlds=len(next(iter(table.values()))),
                         spite=spite)
        self.table = table
        self.drawn = 0
        self.searched = True

    def sample(self, observation: Seen) -> int:
        self.drawn += 1
        return self.drawn - 1

    def round_points(self, world: int, move: str) -> tuple[int, ...]:
        return self.table[move][world]

    def without_search(self, observation: Seen) -> str | None:
        return None if self.searched else "pass"


def test_the_move_with_the_best_average_over_the_worlds_is_chosen() -> None:
    # a wins world 0 big, b is steadier: 30 + -10 = 20 against 15 + 15 = 30.
    table = {"a": [(30, 0), (-10, 0)], "b": [(15, 0), (15, 0)]}
    bot = Scripted(table, spite=0)
    assert bot.choose(Seen(0, ("a", "b"))) == "b"
    assert bot.drawn == 2  # one sample per world, shared by every move


def test_spite_weighs_the_others_points() -> None:
    # Own points alone prefer a (20 > 10); a also gives the other seat 40, b gives it 0.
    table = {"a": [(20, 40)], "b": [(10, 0)]}
    assert Scripted(table, spite=0).choose(Seen(0, ("a", "b"))) == "a"
    assert Scripted(table, spite=1).choose(Seen(0, ("a", "b"))) == "b"
    assert Scripted(table, spite=1).value((20, 40, 0), 0) == 20 - 20


def test_a_single_move_or_a_move_without_search_samples_nothing() -> None:
    bot = Scripted({"a": [(1, 0)]}, spite=0)
    assert bot.choose(Seen(0, ("a",))) == "a"
    bot.searched = False
    assert bot.choose(Seen(0, ("a", "b"))) == "pass"
    assert bot.drawn == 0


def test_no_worlds_and_no_moves_are_refused() -> None:
    with pytest.raises(ValueError, match="worlds must be at least 1"):
        Scripted({"a": []}, spite=0)
    with pytest.raises(ValueError, match="no move to make"):
        Scripted({"a": [(1, 0)]}, spite=0).choose(Seen(0, ()))
