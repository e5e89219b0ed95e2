"""The fields of an observation tensor, and the sparse writer both games' encoders use."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt


@attrs.frozen
class Field:
    """One named slice of an observation tensor: ``vector[start:start + size]``.

    >>> import skullgames.rl as rl
    >>> from skullgames import king
    >>> hand = rl.observation_layout("king", king.Config())["hand"]
    >>> hand.name, hand.size, hand.start == hand.slice.start
    ('hand', 65, True)
    """

    name: str
    start: int
    size: int
    doc: str

    @property
    def slice(self) -> slice:
        """The field's slice of the tensor."""
        return slice(self.start, self.start + self.size)


class Layout:
    """Fields laid end to end, built by an encoder once per config."""

    def __init__(self) -> None:
        self.fields: list[Field] = []
        self.size = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Append a field of ``size`` values; return where it starts."""
        start = self.size
        self.fields.append(Field(name, start, size, doc))
        self.size += size
        return start


def scaled_score(total: int, bounds: tuple[int, int]) -> float:
    """A final-score total mapped linearly from ``bounds`` onto -1..1."""
    lowest, highest = bounds
    if highest == lowest:  # plank values all 0: every score is 0
        return 0.0
    return 2.0 * (total - lowest) / (highest - lowest) - 1.0


def tensor(index: Sequence[int], value: Sequence[float], size: int) -> npt.NDArray[Any]:
    """A float32 vector that is the sum of ``value[i]`` at ``index[i]``, zero elsewhere.

    One ``bincount`` does the whole write, with repeated indexes summed (copies of a
    card in a hand): cheaper than one numpy call per field.
    """
    return np.bincount(np.asarray(index, dtype=np.intp), np.asarray(value, dtype=np.float64),
                       minlength=size).astype(np.float32)
