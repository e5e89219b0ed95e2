"""The random draws of dealing a world, drawn as :class:`random.Random`'s own methods draw.

:meth:`random.Random.shuffle` and :meth:`random.Random.choices` are Python code in the
standard library, so the compiled bots left their compiled code for Python at every
world they dealt. These functions make the same draws from the same generator in the
same order (the same calls of ``getrandbits`` and ``random``), so a seeded bot makes the
same moves as with the standard library's methods; ``tests/bots/test_draws.py`` holds
them to those methods. A generator of another class (one that overrides how it draws)
gets its own methods.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["shuffle", "weighted_index"]

T = TypeVar("T")


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place, as ``rng.shuffle(items)`` does."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def weighted_index(rng: random.Random, weights: Sequence[int]) -> int:
    """An index drawn in proportion to ``weights``, as ``rng.choices`` draws it.

    The same draw as ``rng.choices(range(len(weights)), weights)[0]``; the weights must
    be positive in total.
    """
    if type(rng) is not random.Random:
        return rng.choices(range(len(weights)), weights)[0]
    cumulative: list[int] = []
    total = 0
    for weight in weights:
        total += weight
        cumulative.append(total)
    if total <= 0:
        raise ValueError("Total of weights must be greater than zero")
    point = rng.random() * (total + 0.0)
    # bisect_right over cumulative[:-1]: the first index whose running total exceeds it.
    last = len(cumulative) - 1
    index = 0
    while index < last and cumulative[index] <= point:
        index += 1
    return index
