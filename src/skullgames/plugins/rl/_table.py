"""Every seat's observation tensor in one array, for the environments.

Most of what the seats see is the same for all of them, in another order: the trick,
the scores, the cards played. :class:`Table` keeps one float32 array with

- the *main* part: the tensor as seat 0 would see it with nothing hidden, so that each
  relative slot is an absolute seat (a ghost's slot after the players');
- one *region* per seat, laid out like a tensor: its private fields (its hand) and the
  own slot of its :data:`~skullgames.plugins.rl.OWN` fields (its bid, before the others
  see it).

A seat's tensor is one gather, ``array.take(perm)``, with a permutation made once per
seat from the fields' :attr:`~skullgames.plugins.rl.Field.seen`. A move changes a few
values of the array, whatever the number of seats: the game's stepper writes them.
"""

from __future__ import annotations

import abc
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from skullgames.plugins.rl._layout import (
    OWN,
    PRIVATE,
    TABLE,
    GroupEncoder,
    SeatFields,
    Values,
    values_of,
    zeros,
)


class Table:
    """One game's tensors of every seat, in one array."""

    def __init__(self, encoder: GroupEncoder, players: int) -> None:
        size = self.size = encoder.size
        self.players = players
        self.array = np.zeros((players + 1) * size, dtype=np.float32)
        self.main: Values = values_of(self.array[:size])
        # Seat s's region starts at (s + 1) * size: a writer for a seat's private fields,
        # given the region's view, writes its field's positions there.
        self.regions: list[Values] = [values_of(self.array[(s + 1) * size:])
                                      for s in range(players)]
        self._perms = [np.array(self._gather(encoder, seat), dtype=np.intp)
                       for seat in range(players)]
        # Each own slot of an OWN field, and the same seat's slot in the main part.
        own, public = [], []
        for field in encoder.fields:
            if field.seen == OWN:
                for seat in range(players):
                    for r in range(field.stride):
                        own.append((seat + 1) * size + field.start + r)
                        public.append(field.start + seat * field.stride + r)
        self._own = np.array(own, dtype=np.intp)
        self._public = np.array(public, dtype=np.intp)

    def _gather(self, encoder: GroupEncoder, seat: int) -> list[int]:
        """Where each value of ``seat``'s tensor is found in the array."""
        players, region = self.players, (seat + 1) * self.size
        positions = list(range(self.size))
        for field in encoder.fields:
            if field.seen == TABLE:
                continue
            for j in range(field.size):
                at = field.start + j
                k, r = divmod(j, field.stride)
                if field.seen == PRIVATE or (field.seen == OWN and k == 0):
                    positions[at] = region + at
                elif k < players:  # a ghost's slot is the same for every seat
                    positions[at] = field.start + (seat + k) % players * field.stride + r
        return positions

    def show_own(self) -> None:
        """Copy each seat's slot of the own fields from the main part, once all is shown."""
        self.array[self._own] = self.array[self._public]

    def vector(self, seat: int) -> npt.NDArray[np.float32]:
        """``seat``'s tensor, a new array."""
        vector: npt.NDArray[np.float32] = self.array[self._perms[seat]]
        return vector

    def scatter(self, vectors: Sequence[npt.NDArray[np.float32]]) -> None:
        """Take every seat's tensor, ``vectors[seat]``, as they are.

        Where two seats see the same value, their tensors agree on it: the fields'
        ``seen`` say so, and the environments' tests check it at every step.
        """
        for seat, vector in enumerate(vectors):
            self.array[self._perms[seat]] = vector


class Steps(abc.ABC):
    """What a game's moves change in a :class:`Table`, written value by value.

    Made by :func:`~skullgames.rl.tensors.steps_for` for one table, as
    ``steps(encoder, table)``; :meth:`start` begins each game. A subclass may remember
    what it counted at the last state it wrote.

    The hooks a subclass may define or override, and nothing else of this class:

    - :meth:`write_hand` (required): a hand written into a seat's region;
    - :attr:`round_start` or :meth:`is_round_start`: which states begin a round;
    - :meth:`new_round`: every tensor of a round's first state, by default seat 0's view
      read and written into the main part and every hand dealt into its seat's region
      (an override calls ``super().new_round(after)`` and adds what it keeps);
    - :meth:`__call__`: what one move changed, by default nothing (``False``: the caller
      writes the table whole, which is correct for any move, if not the fastest);
    - ``__init__(encoder, table)``, calling ``super().__init__(encoder, table)``.

    A subclass may call :meth:`start` and :meth:`new_round`; the table it writes is
    :attr:`table`, the encoder :attr:`encoder`. A game whose observations hide nothing
    but the hands needs only :meth:`write_hand`.
    """

    round_start: type | None = None
    """The class of a round's first state (bidding, placing), a new game's too; ``None``:
    every state is taken for one (right for a game whose observations hide nothing but
    the hands), unless the subclass overrides :meth:`is_round_start`."""

    def __init__(self, encoder: GroupEncoder, table: Table,
                 seats: SeatFields | None = None) -> None:
        """Steps of ``encoder``'s tensors into ``table``; ``seats``: ``encoder.seats``."""
        seats = encoder.seats if seats is None else seats
        self._encoder = self.encoder = encoder
        """The encoder whose tensors these are."""
        self._table = self.table = table
        """The table written."""
        self._players = seats.players
        self._sizes, self._size_most = seats.sizes, seats.hand_most
        self._to_move, self._leader = seats.to_move, seats.leader
        self._main, self._regions = table.main, table.regions
        self._no_main = zeros(encoder.size)
        # The main part's private fields are never read: their writers are skipped.
        private = {f.start for f in encoder.fields if f.seen == PRIVATE}
        self._public_groups = [
            g for g, clears in enumerate(encoder.clears)
            if not clears or any(start not in private for start, _ in clears)]
        self._read = encoder.reader()

    def start(self, state: Any) -> bool:
        """Begin a new game: write every tensor of its first ``state``.

        ``False`` (nothing written) unless ``state`` is a round's first state.
        """
        self._read = self._encoder.reader()  # its caches are by identity: one per game
        if not self.is_round_start(state):
            return False
        self.new_round(state)
        return True

    def is_round_start(self, state: Any) -> bool:
        """Whether ``state`` is a round's first state: by default, of class :attr:`round_start`.

        With no :attr:`round_start`, every state is (a game whose observations hide
        nothing but the hands); a game whose first states have no class of their own, and
        which hides more, overrides this.
        """
        return self.round_start is None or type(state) is self.round_start

    def __call__(self, before: Any, after: Any) -> bool:
        """Write what the move from ``before`` to ``after`` changed.

        The table holds ``before``'s tensors. ``False`` (nothing written) for the moves
        it does not know: the caller then writes the table whole. By default no move is
        known.
        """
        return False

    def _rewrite(self, inputs: Sequence[Any]) -> None:
        """The main part written whole from seat 0's ``inputs``.

        Seat 0's view is the main part only where it hides nothing from the others:
        with every bid or placement shown, or none made.
        """
        main, writers = self._main, self._encoder.writers
        main[0:len(self._no_main)] = self._no_main
        for g in self._public_groups:
            writers[g](main, inputs, 0)

    def _game_over(self, after: Any) -> None:
        """The last round scored: every hand is empty, nothing is hidden."""
        inputs = self._read(after, 0, None)
        assert inputs is not None  # the readers read the end
        self._rewrite(inputs)
        self._table.array[self._table.size:] = 0.0
        self._table.show_own()

    def _switch(self, at: int, old: int | None, new: int | None) -> None:
        """A one-hot at ``at`` moved from position ``old`` to ``new`` (``None``: none)."""
        if old is not None:
            self._main[at + old] = 0.0
        if new is not None:
            self._main[at + new] = 1.0

    def _deal(self, hands: Sequence[Any]) -> None:
        """Every region cleared, and each seat's hand written into its own."""
        self._table.array[self._table.size:] = 0.0
        for seat, hand in enumerate(hands):
            self.write_hand(self._regions[seat], hand)

    def new_round(self, after: Any) -> None:
        """Write every tensor of a round's first state ``after``.

        Seat 0's view of ``after`` is written into the main part (nobody has bid or
        placed yet, so it hides nothing public), then each seat's hand into its region.
        """
        inputs = self._read(after, 0, after.to_move)
        assert inputs is not None  # a round's first state hides nothing public
        self._rewrite(inputs)
        self._deal(after.hands)

    @abc.abstractmethod
    def write_hand(self, region: Values, hand: Any) -> None:
        """Write ``hand`` in a seat's ``region`` (zero over the hand field)."""
