"""The dealing's draws (``bots/_draws.py``) are :class:`random.Random`'s own.

Compiled, the bots shuffle and choose with their own loops; a seeded bot must still make
the moves it made with the standard library's methods, so each function is held to the
method it stands for: same result from the same seed, and the generator left in the same
state (the next draw agrees too).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skullgames.bots._draws import shuffle, weighted_index

seeds = st.integers(min_value=0, max_value=2**64)


@given(seeds, st.integers(min_value=0, max_value=80))
def test_shuffle_is_random_shuffle(seed: int, size: int) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, expected = list(range(size)), list(range(size))
    shuffle(ours, mine)
    theirs.shuffle(expected)
    assert mine == expected
    assert ours.getstate() == theirs.getstate()


@given(seeds, st.lists(st.integers(min_value=0, max_value=20), min_size=1, max_size=12)
       .filter(lambda weights: sum(weights) > 0))
def test_weighted_index_is_random_choices(seed: int, weights: list[int]) -> None:
    ours, theirs = random.Random(seed), random.Random(seed)
    for _ in range(5):
        assert (weighted_index(ours, weights)
                == theirs.choices(range(len(weights)), weights)[0])
    assert ours.getstate() == theirs.getstate()


class _Counting(random.Random):
    """A generator of another class: its own methods are used, not the loops."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls: list[str] = []

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        self.calls.append("shuffle")
        super().shuffle(x)

    def choices(self, *args: object, **kwargs: object) -> list[int]:  # type: ignore[override]
        self.calls.append("choices")
        return super().choices(*args, **kwargs)  # type: ignore[arg-type]


def test_a_generator_of_another_class_draws_with_its_own_methods() -> None:
    rng = _Counting(3)
    items = list(range(10))
    shuffle(rng, items)
    index = weighted_index(rng, [1, 2, 3])
    assert rng.calls == ["shuffle", "choices"]
    assert sorted(items) == list(range(10)) and 0 <= index < 3


def test_weights_that_sum_to_nothing_are_refused() -> None:
    with pytest.raises(ValueError, match="greater than zero"):
        weighted_index(random.Random(1), [0, 0])
