"""Each seat's observation tensor kept from one step to the next, for the environments.

A step changes a few parts of what a seat sees (a card more in the trick, one less in a
hand): :class:`SeatVectors` keeps every seat's last tensor with the sources it was
written from, and rewrites only the groups whose source changed, with the encoder's own
writers. The result equals :func:`skullgames.rl.encode` of the seat's observation.

The PettingZoo environment writes its :class:`~skullgames.plugins.rl.Table` whole from
these tensors after the moves that its game's steps do not know (the Cannonball, the
pirates' abilities, Graybeard's plays, the two-player Skull Queen's plays).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import is_not
from typing import Any

import numpy as np
import numpy.typing as npt

from skullgames.plugins.rl import GroupEncoder, values_of, zeros


class SeatVectors:
    """The last tensor of each seat of one game, updated group by group."""

    def __init__(self, encoder: GroupEncoder, players: int) -> None:
        self._writers = encoder.writers
        self._groups_of = encoder.groups_of
        self._positions = range(len(encoder.groups_of))
        self._vectors = [np.zeros(encoder.size, dtype=np.float32) for _ in range(players)]
        self._outs = [values_of(vector) for vector in self._vectors]
        self._zero = zeros(encoder.size)
        self._inputs: list[Sequence[Any] | None] = [None] * players
        # Per group: each field to clear with a zero view of its length (one slice copy).
        self._clears = [tuple((start, stop, zeros(stop - start))
                              for start, stop in spans) for spans in encoder.clears]

    def forget(self) -> None:
        """Start afresh (a new game): the next tensor of each seat is written whole."""
        self._inputs = [None] * len(self._inputs)

    def vector(self, seat: int, inputs: Sequence[Any]) -> npt.NDArray[Any]:
        """Seat ``seat``'s tensor for the encoder's ``inputs``, as a new array.

        An input counts as changed when it is another object: equal values in new
        objects are written again (the same values), never skipped wrongly.
        """
        out = self._outs[seat]
        before = self._inputs[seat]
        writers = self._writers
        if before is None:
            out[0:len(out)] = self._zero
            for write in writers:
                write(out, inputs, seat)
        else:
            groups_of = self._groups_of
            # The positions of the inputs that are other objects, found in C.
            changed = compress(self._positions, map(is_not, inputs, before))
            dirty = {g for i in changed for g in groups_of[i]}
            clears = self._clears
            for g in dirty:
                for start, stop, zero in clears[g]:
                    out[start:stop] = zero
                writers[g](out, inputs, seat)
        self._inputs[seat] = inputs
        vector: npt.NDArray[Any] = self._vectors[seat].copy()  # the caller may keep it
        return vector
