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


class SeatFields:
    """The per-seat fields that end both games' tables: scores, hands, dealer, leader.

    Per relative seat: the scores, the hand sizes (with the ghost's stack), the dealer,
    the leader and the seat to move.

    Position ``k`` is the seat ``k`` places to the observer's left; the ghost (Graybeard,
    the Pirate King) has the position after the players.
    """

    def __init__(self, layout: Layout, players: int, ghost: bool, *, bounds: tuple[int, int],
                 hand_most: int, sizes_doc: str, leader_doc: str) -> None:
        a = layout.add
        self.scores = a("scores", players, "running totals mapped from score_bounds onto "
                        "-1..1")
        self.sizes = a("hand_sizes", players + ghost, sizes_doc)
        self.dealer = a("dealer", players, "one-hot: the dealer's relative seat")
        self.leader = a("leader", players + ghost, leader_doc)
        self.to_move = a("to_move", players, "one-hot: the seat to move, none when nobody")
        self.players = players
        self._ghost = ghost
        self.hand_most = hand_most
        lowest, highest = bounds
        self._low = lowest
        self._span = highest - lowest or 1  # plank values all 0: every score is 0
        self.seats = [[(me + k) % players for k in range(players)] for me in range(players)]

    def write(self, index: list[int], value: list[float], view: Any, ghost_cards: int
              ) -> None:
        """Append the fields of ``view`` (either game's observation) to a sparse tensor."""
        players, me = self.players, view.seat
        seats = self.seats[me]
        totals, sizes = view.totals, view.hand_sizes
        low, span, most = self._low, self._span, self.hand_most
        index += range(self.scores, self.scores + players)
        value += [2.0 * (totals[s] - low) / span - 1.0 for s in seats]
        index += range(self.sizes, self.sizes + players)
        value += [sizes[s] / most for s in seats]
        if ghost_cards:
            index.append(self.sizes + players)
            value.append(ghost_cards / most)
        index.append(self.dealer + (view.dealer - me) % players)
        value.append(1.0)
        leader = view.leader
        if leader is not None:
            index.append(self.leader + (leader - me) % players)
            value.append(1.0)
        elif self._ghost:  # the ghost leads
            index.append(self.leader + players)
            value.append(1.0)
        if view.to_move is not None:
            index.append(self.to_move + (view.to_move - me) % players)
            value.append(1.0)


def tensor(index: Sequence[int], value: Sequence[float], size: int) -> npt.NDArray[Any]:
    """A float32 vector that is the sum of ``value[i]`` at ``index[i]``, zero elsewhere.

    One ``bincount`` does the whole write, with repeated indexes summed (copies of a
    card in a hand): cheaper than one numpy call per field.
    """
    return np.bincount(np.asarray(index, dtype=np.intp), np.asarray(value, dtype=np.float64),
                       minlength=size).astype(np.float32)
